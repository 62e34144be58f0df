"""Query embeddings asked for at once share forward passes, and each caller gets its own."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from langchain_core.embeddings import Embeddings

from knowledge.batching import BatchedQueries


class SlowModel(Embeddings):
    """A model whose forward pass takes a while, like a transformer on a busy CPU."""

    def __init__(self) -> None:
        self.passes: list[int] = []
        self.lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if "quebra" in texts:
            raise RuntimeError("falha do modelo")
        time.sleep(0.05)
        with self.lock:
            self.passes.append(len(texts))
        return [[float(len(text)), float(sum(map(ord, text)))] for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


def test_a_burst_of_queries_shares_passes_and_each_gets_its_vector() -> None:
    model = SlowModel()
    batched = BatchedQueries(model)
    texts = [f"pergunta {n} " * (n % 5 + 1) for n in range(40)]
    with ThreadPoolExecutor(40) as callers:
        vectors = list(callers.map(batched.embed_query, texts))
    passes = list(model.passes)
    assert vectors == [model.embed_query(text) for text in texts]
    assert sum(passes) == len(texts)
    assert len(passes) < len(texts) / 4  # far fewer passes than queries


def test_a_model_error_reaches_the_caller_and_the_next_query_still_works() -> None:
    batched = BatchedQueries(SlowModel())
    with pytest.raises(RuntimeError, match="falha do modelo"):
        batched.embed_query("quebra")
    assert batched.embed_query("ok") == [2.0, float(ord("o") + ord("k"))]
