"""BM25 over chunks with a Portuguese analyzer: accent folding, stop words, Snowball stemming.

The default embedding model is English-only; this half of the hybrid search is what makes
Portuguese (and its typos without accents) retrievable.
"""

import re
import tomllib
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import snowballstemmer
from langchain_core.documents import Document
from pydantic import BaseModel
from rank_bm25 import BM25Okapi

_WORD = re.compile(r"[a-z0-9]+")
_STOPWORDS_FILE = Path(__file__).parent / "data" / "stopwords.txt"
_GLOSSARY_FILE = Path(__file__).parent / "data" / "glossary.toml"


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@cache
def _stopwords() -> frozenset[str]:
    words: set[str] = set()
    for line in _STOPWORDS_FILE.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            words.update(fold(line).split())
    return frozenset(words)


_stemmer = snowballstemmer.stemmer("portuguese")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """Remembered: the corpus repeats its words about nine times over, and stemming them one by
    one was most of building the index at each start (bench/telegram_load.py, "partida")."""
    stem: str = _stemmer.stemWord(word)
    return stem


class GlossaryTerm(BaseModel):
    says: list[str]
    means: str


class Glossary(BaseModel):
    term: list[GlossaryTerm]


@cache
def _glossary() -> list[tuple[re.Pattern[str], str]]:
    with _GLOSSARY_FILE.open("rb") as handle:
        terms = Glossary.model_validate(tomllib.load(handle)).term
    return [
        (
            re.compile(r"\b(?:" + "|".join(re.escape(fold(s)) for s in term.says) + r")\b"),
            term.means,
        )
        for term in terms
    ]


def expand(query: str) -> str:
    """The query plus the corpus words for what it says colloquially or in English."""
    folded = fold(query)
    extra = [means for pattern, means in _glossary() if pattern.search(folded)]
    return " ".join([query, *extra])


def analyze(text: str) -> list[str]:
    stop = _stopwords()
    words = [word for word in _WORD.findall(fold(text)) if word not in stop]
    # The Portuguese stemmer leaves English plurals of acronyms ("gpus", "tpus") alone.
    return [
        stem[:-1] if len(stem) > 3 and stem.endswith("s") else stem for stem in map(_stem, words)
    ]


class LexicalIndex:
    def __init__(self, chunks: list[Document]) -> None:
        self.chunks = chunks
        self._bm25 = (
            BM25Okapi([analyze(chunk.page_content) for chunk in chunks]) if chunks else None
        )
        self._postings = _postings(self._bm25) if self._bm25 is not None else {}

    def coverage(self, query: str) -> float:
        """Share of the query's own words (no glossary) that the indexed texts use at all: low
        for messages about something else entirely."""
        terms = analyze(query)
        if self._bm25 is None or not terms:
            return 0.0
        return sum(term in self._bm25.idf for term in terms) / len(terms)

    def search(self, query: str, k: int) -> list[tuple[Document, float]]:
        terms = analyze(expand(query))
        if self._bm25 is None or not terms:
            return []
        scores = np.zeros(len(self.chunks))
        for term in terms:
            if (posting := self._postings.get(term)) is not None:
                scores[posting[0]] += posting[1]
        top = np.argsort(-scores, kind="stable")[:k]
        return [(self.chunks[i], float(scores[i])) for i in top if scores[i] > 0]


def _postings(bm25: BM25Okapi) -> dict[str, tuple[Any, Any]]:
    """Per term, the chunks that hold it and its Okapi BM25 weight in each (rank_bm25's idf, k1,
    b and lengths): a query then adds a few arrays instead of rank_bm25 walking every chunk per
    term in Python (5 ms of each search with 1,500 chunks)."""
    lengths = np.asarray(bm25.doc_len, dtype=float)
    norm = bm25.k1 * (1 - bm25.b + bm25.b * lengths / bm25.avgdl)
    found: dict[str, tuple[list[int], list[float]]] = {}
    for index, frequencies in enumerate(bm25.doc_freqs):
        for term, count in frequencies.items():
            chunks, counts = found.setdefault(term, ([], []))
            chunks.append(index)
            counts.append(count)
    postings = {}
    for term, (chunks, counts) in found.items():
        where, tf = np.asarray(chunks), np.asarray(counts, dtype=float)
        postings[term] = (where, bm25.idf[term] * tf * (bm25.k1 + 1) / (tf + norm[where]))
    return postings
