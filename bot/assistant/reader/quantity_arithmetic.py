"""The arithmetic of data sizes: each number with its unit (`Mention`), the factors that turn words,
pages, messages, characters, bytes and hours of speech into tokens (data/quantities.toml, each with
its source), and the words the reply shows that arithmetic in."""

import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from locales import N_, Language, _, current
from quoting.units import format_number

DATA = Path(__file__).resolve().parent.parent / "data" / "quantities.toml"
Unit = Literal[
    "record", "turn", "page", "word", "char", "token", "line", "byte", "audio_hour", "minute"
]
# Records that came in after a count: "tínhamos 30 mil, entraram 6 mil esse mês" adds them.
ARRIVED = (
    r"\b(?:entraram|chegaram|vieram|recebemos|ganhamos|adicionamos|acrescentamos|juntamos|"
    r"came in|arrived|were added|we added)\b"
)
# The multiplication sign the reply shows its arithmetic with.
TIMES = "\u00d7"
# What a step of the arithmetic counts: words (the reply then says the tokens-per-word factor),
# tokens, the tokens-per-word factor itself, or anything else.
StepKind = Literal["words", "tokens", "per_word", "other"]
# How a total of tokens is said: as it is, for each example, or for the whole dataset.
Each = Literal["", "each", "total"]


class Factor(BaseModel):
    name: str
    value: float = Field(gt=0)
    label: str
    source: str = Field(min_length=10)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class QuantityData(BaseModel):
    """The data file, validated on load: a factor without a source or a date is refused."""

    factor: list[Factor]
    units: dict[str, str]

    def get(self, name: str) -> Factor:
        return next(f for f in self.factor if f.name == name)


@cache
def load_quantities() -> QuantityData:
    with DATA.open("rb") as handle:
        return QuantityData.model_validate(tomllib.load(handle))


@cache
def record_nouns() -> frozenset[str]:
    """The nouns that name records ("laudos", "chamadas"), as quantities.toml lists them."""
    return frozenset(load_quantities().units["record"].split())


# The languages of the data being read and their shares (None: the language of the message,
# `locales.current`): English text splits into fewer tokens per word than Portuguese.
_DATA_LANGUAGE: ContextVar[dict[Language, float] | None] = ContextVar("data_language", default=None)


@contextmanager
def data_in(languages: dict[Language, float] | None) -> Iterator[None]:
    """Read data sizes inside this block as text in `languages`, each with its share (None: the
    message's language)."""
    token = _DATA_LANGUAGE.set(languages)
    try:
        yield
    finally:
        _DATA_LANGUAGE.reset(token)


_LANGUAGE_WORDS: dict[Language, str] = {
    "en": r"em ingles|in english|english|ingles|en-us",
    "pt": r"em portugues|in portuguese|portuguese|portugues|pt-br|ptbr|em pt",
}
# "~24 palavras em pt + ~20 em inglês": how many words of each language an example holds.
_WORDS_IN = {
    language: re.compile(
        rf"(?P<words>\d+(?:[.,]\d+)?)\s+(?:palavras |words )?(?:(?:por|per) [a-z]+ )?"
        rf"(?:do lado |no lado |do |da |no |na )?"
        rf"(?:{said})\b"
    )
    for language, said in _LANGUAGE_WORDS.items()
}
# "the data is in Portuguese", "10k English reviews", "os textos estão em inglês".
_STATED = {language: re.compile(rf"\b(?:{said})\b") for language, said in _LANGUAGE_WORDS.items()}
# "60% em português e 40% em inglês", "metade em inglês": a language's share of the data.
_SHARE = {
    language: re.compile(
        rf"(?:(?P<percent>\d+(?:[.,]\d+)?)\s*%|(?P<half>metade|half))[^.;!?%\d]{{0,20}}?"
        rf"\b(?:{said})\b"
    )
    for language, said in _LANGUAGE_WORDS.items()
}


def stated_language(folded: str) -> dict[Language, float] | None:
    """The languages the message says its data is in, each with its share: one named alone is
    all of it; two are weighted where their shares are said and add up to the whole."""
    named = [language for language, pattern in _STATED.items() if pattern.search(folded)]
    if len(named) == 1:
        # "metade em inglês", "30% em inglês": that share, and the rest in the other language
        share = _SHARE[named[0]].search(folded)
        if share is None:
            return {named[0]: 1.0}
        part = float(share["percent"].replace(",", ".")) / 100 if share["percent"] else 0.5
        other = next(language for language in _STATED if language != named[0])
        return {named[0]: part, other: 1 - part} if 0 < part < 1 else {named[0]: 1.0}
    shares: dict[Language, float] = {}
    words = {language: pattern.search(folded) for language, pattern in _WORDS_IN.items()}
    if all(words.values()):  # each side of a pair in its own language
        counts = {
            language: float(found["words"].replace(",", "."))
            for language, found in words.items()
            if found
        }
        return {language: count / sum(counts.values()) for language, count in counts.items()}
    for language, pattern in _SHARE.items():
        if found := pattern.search(folded):
            percent = found["percent"]
            shares[language] = float(percent.replace(",", ".")) / 100 if percent else 0.5
    return shares if len(shares) == 2 and abs(sum(shares.values()) - 1) < 0.01 else None


def tokens_per_word() -> float:
    factors = load_quantities()
    per_word: dict[Language, float] = {
        "en": factors.get("tokens_per_english_word").value,
        "pt": factors.get("tokens_per_word").value,
    }
    shares = _DATA_LANGUAGE.get() or {current(): 1.0}
    return sum(per_word[language] * share for language, share in shares.items())


def _said_per_word() -> str:
    """ "1,5"; "1,42" for data 60% in Portuguese and 40% in English."""
    factor = tokens_per_word()
    return format_number(factor, 1 if round(factor, 1) == round(factor, 4) else 2)


@dataclass
class Mention:
    value: float
    unit: Unit
    noun: str
    start: int
    end: int
    role: Literal["count", "part", "per", "total"] = "count"
    # A part added to the ones before it, not inside them ("5 frases de ~18 palavras, e junto o
    # gabarito, de ~60": 5 x 18 + 60).
    added: bool = False


@dataclass(frozen=True)
class Step:
    """One factor of the arithmetic as the reply says it ("~2.500 palavras"), in the reply's
    language, and what it counts."""

    text: str
    kind: StepKind = "other"


def to_tokens(parts: list[Mention], per_page: float | None = None) -> tuple[float, list[Step]]:
    """Multiply the parts down to words or tokens; a pair's two lengths add up. `per_page`: the
    words per page the client gave ("250 palavras por página"), over the assumed figure."""
    if cut := next((i for i, part in enumerate(parts) if part.added and i), 0):
        each = [to_tokens(parts[:cut], per_page), to_tokens(parts[cut:], per_page)]
        tokens = each[0][0] + each[1][0]
        if all(steps and steps[-1].kind == "words" for _t, steps in each):  # one factor for both
            said = " + ".join(f" {TIMES} ".join(step.text for step in one) for _t, one in each)
            return tokens, [Step(f"({said})", "words")]
        return tokens, [Step(f"({' + '.join(said_result(*one) for one in each)})")]
    factors = load_quantities()
    steps: list[Step] = []
    multiplier = 1.0
    lengths: list[Mention] = []
    merged = _summed(parts)
    for part in merged:
        if lengths and part.unit == lengths[-1].unit:
            lengths.append(part)
        elif part.unit in ("turn", "page", "line") and part is not merged[-1]:
            multiplier *= part.value
            steps.append(Step(said_count(part)))
        else:
            lengths.append(part)
    if not lengths:
        lengths = [merged[-1]]
        steps.pop()
    if len({m.unit for m in lengths}) > 1:  # "~200 palavras + anexo de 2 páginas": each apart
        each = [to_tokens([m], per_page) for m in lengths]
        if all(m.unit in ("word", "page", "line") for m in lengths):  # in words, one factor
            said = " + ".join(f" {TIMES} ".join(step.text for step in one) for _t, one in each)
            steps.append(Step(f"({said})", "words"))
        else:
            steps.append(Step(f"({' + '.join(said_result(*one) for one in each)})"))
        return sum(tokens for tokens, _steps in each) * multiplier, steps
    last = lengths[-1].unit
    value = sum(m.value for m in lengths)
    if last == "byte":  # "uns 60 KB cada": a text file's size
        per_token = factors.get("bytes_per_token").value
        steps.append(Step(_per_token(value, per_token)))
        return value * multiplier / per_token, steps
    noun = _noun(lengths[-1])
    if len(lengths) == 1:
        said = f"~{said_of(value, noun)}"  # "~2.500 palavras", "~3 milhões de palavras"
    else:
        said = " + ".join(f"~{said_amount(m.value)}" for m in lengths)
        said = f"({said}) {noun}"
    kind: StepKind = "words" if last == "word" else "tokens" if last == "token" else "other"
    steps.append(Step(said, kind))
    words = value * multiplier
    if last == "turn":
        per_turn = factors.get("words_per_turn").value
        said_rate = _("{amount} palavras por mensagem (suposto)")
        steps.append(Step(said_rate.format(amount=said_amount(per_turn)), "words"))
        words *= per_turn
    elif last == "page":
        if per_page:
            rate = _("{amount} palavras por página")
        else:
            rate = _("{amount} palavras por página (suposto)")
        per_page = per_page or factors.get("words_per_page").value
        steps.append(Step(rate.format(amount=said_amount(per_page)), "words"))
        words *= per_page
    elif last == "minute":
        per_minute = factors.get("words_per_audio_hour").value / 60
        said_rate = _("{amount} palavras por minuto de fala (suposto)")
        steps.append(Step(said_rate.format(amount=said_amount(per_minute)), "words"))
        words *= per_minute
    elif last == "line":
        per_line = factors.get("words_per_line").value
        said_rate = _("{amount} palavras por linha (suposto)")
        steps.append(Step(said_rate.format(amount=said_amount(per_line)), "words"))
        words *= per_line
    if last == "token":
        return words, steps
    if last == "char":
        return words / factors.get("bytes_per_token").value, steps
    return words * tokens_per_word(), steps


def _summed(parts: list[Mention]) -> list[Mention]:
    """ "4 falas do cliente e 4 do atendente": messages, pages or lines said in two parts are one
    count of them (8), not a product."""
    merged: list[Mention] = []
    for part in parts:
        previous = merged[-1] if merged else None
        if previous and part.unit == previous.unit and part.unit in ("turn", "page", "line"):
            merged[-1] = replace(previous, value=previous.value + part.value, end=part.end)
        else:
            merged.append(part)
    return merged


def total_tokens(mention: Mention, text_model: bool) -> tuple[float | None, list[Step]]:
    factors = load_quantities()
    if mention.unit == "byte":
        per_token = factors.get("bytes_per_token").value
        return mention.value / per_token, [Step(_per_token(mention.value, per_token))]
    if mention.unit == "audio_hour":
        if not text_model and "transcri" not in mention.noun:
            return None, []  # audio for a speech model: the reader counts 30 s windows
        per_hour = factors.get("words_per_audio_hour").value
        per_word = _said_per_word()
        return mention.value * per_hour * tokens_per_word(), [
            Step(_("{amount} h de fala transcrita").format(amount=said_amount(mention.value))),
            Step(
                _("{amount} palavras por hora (suposto)").format(amount=said_amount(per_hour)),
                "words",
            ),
            Step(_("{amount} token por palavra (suposto)").format(amount=per_word), "per_word"),
        ]
    tokens, steps = to_tokens([mention])
    return tokens, steps


def said_result(tokens: float, steps: list[Step], each: Each = "") -> str:
    """ "~2.500 palavras ≈ 3.750 tokens cada (1,5 token por palavra, suposto)"; tokens as given."""
    result = said_tokens(tokens, each)
    if len(steps) == 1 and steps[0].kind == "tokens":
        return result
    product = f" {TIMES} ".join(step.text for step in steps)
    return f"{product} ≈ {result}{_factor_note(steps)}"


def said_tokens(tokens: float, each: Each = "") -> str:
    """ "3.750 tokens", "3.750 tokens cada", "3 milhões de tokens no total"."""
    said = said_of(tokens, _("tokens"))
    if each == "each":
        return _("{tokens} cada").format(tokens=said)
    if each == "total":
        return _("{tokens} no total").format(tokens=said)
    return said


def said_of(value: float, noun: str) -> str:
    """ "2.500 palavras", "3 milhões de palavras": an amount of a noun already translated."""
    if value >= 1e6:
        return _("{amount} milhões de {noun}").format(amount=_millions(value), noun=noun)
    return f"{said_amount(value)} {noun}"


def _factor_note(steps: list[Step]) -> str:
    if any(step.kind == "per_word" for step in steps) or not steps:
        return ""
    if any(step.kind == "words" for step in steps):
        per_word = _said_per_word()
        return " " + _("({amount} token por palavra, suposto)").format(amount=per_word)
    return ""


def _per_token(size: float, per_token: float) -> str:
    """ "2 GB ÷ 4 bytes por token (suposto)": a text file's size in tokens."""
    return _("{size} ÷ {amount} bytes por token (suposto)").format(
        size=_bytes(size), amount=said_amount(per_token)
    )


# The nouns of the units an example's length is counted in (records keep the client's own word).
_NOUNS = {
    "word": N_("palavras"),
    "char": N_("caracteres"),
    "token": N_("tokens"),
    "page": N_("páginas"),
    "line": N_("linhas"),
    "turn": N_("mensagens"),
    "minute": N_("min de fala transcrita"),
}


def _noun(mention: Mention) -> str:
    noun = _NOUNS.get(mention.unit)
    return _(noun) if noun else mention.noun


def said_count(mention: Mention) -> str:
    noun = mention.noun if mention.unit in ("record", "turn") else _noun(mention)
    return said_of(mention.value, noun)  # "1,2 milhões de matérias"


def said_amount(value: float) -> str:
    if value >= 1e6:
        return _("{amount} milhões").format(amount=_millions(value))
    if value < 10 and not float(value).is_integer():
        return format_number(value, 1)  # "~1,5 página"
    return format_number(round(value), 0)


def _millions(value: float) -> str:
    scaled = value / 1e6
    return format_number(scaled, 0 if scaled.is_integer() else 1)


def _bytes(size: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if size >= scale:
            return f"{format_number(size / scale, 0 if (size / scale).is_integer() else 1)} {unit}"
    return f"{format_number(size, 0)} bytes"  # "log lines of ~200 bytes"
