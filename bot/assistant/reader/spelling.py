"""Typos in the words a job is counted in ("14 mil exemplso de ~220 plavras", "8 mil cvonversas
de 10 mensgens"), put right before the reader reads them.

A folded word that no Portuguese or English dictionary knows and that lies one edit (a letter
added, dropped, changed or two swapped) from one of the reader's own words is read as that word.
Real words are never touched: "partes" stays "partes" although "pares" is one letter away.
"""

import re
import tomllib
from functools import cache, lru_cache
from pathlib import Path

from pydantic import BaseModel
from spellchecker import SpellChecker

from bot.assistant.reader.quantity_arithmetic import load_quantities
from knowledge.lexical import fold

_DATA = Path(__file__).resolve().parent.parent / "data" / "reader_words.toml"
# Shorter words have too many neighbours ("casos", "cases") to correct safely.
_WORD = re.compile(r"\b[a-z][a-z-]{4,}\b")


class _ReaderWords(BaseModel):
    words: str


@cache
def _vocabulary() -> SpellChecker:
    with _DATA.open("rb") as handle:
        extra = _ReaderWords.model_validate(tomllib.load(handle)).words.split()
    units = [w for words in load_quantities().units.values() for w in words.split()]
    checker = SpellChecker(language=None, distance=1, case_sensitive=True)
    checker.word_frequency.load_words([*units, *extra])
    return checker


@cache
def _dictionary() -> frozenset[str]:
    """Every word of the Portuguese and Spanish (folded) and English dictionaries pyspellchecker
    ships: "lunes" is Monday to a client in Mexico, never a typo of "lines"."""
    portuguese = SpellChecker(language="pt", distance=1).word_frequency.keys()
    spanish = SpellChecker(language="es", distance=1).word_frequency.keys()
    english = SpellChecker(language="en", distance=1).word_frequency.keys()
    return frozenset(fold(w) for w in [*portuguese, *spanish]) | frozenset(english)


@lru_cache(maxsize=4096)  # the same unknown words come back message after message
def _meant(word: str) -> str:
    vocabulary = _vocabulary()
    if word in vocabulary or word in _dictionary():
        return word
    if f"{word}s" in vocabulary or f"{word}es" in vocabulary:
        return word  # "e-mail" is the singular of a reader word, not a typo of "e-mails"
    candidates = vocabulary.candidates(word)
    if not candidates:
        return word
    # Two letters swapped is the likeliest typo ("exemplso": "exemplos", not "exemplo"), then one
    # of the same length.
    return min(candidates, key=lambda c: (sorted(c) != sorted(word), abs(len(c) - len(word)), c))


def corrected(folded: str) -> str:
    """`folded` with each typo of a reader word replaced by the word."""
    return _WORD.sub(lambda m: _meant(m.group(0)), folded)
