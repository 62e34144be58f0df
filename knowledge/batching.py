"""Query embeddings batched across threads: when many questions arrive at once (a burst of chats),
one forward pass embeds them together instead of one pass each competing for the same cores.

A model whose queries differ from its documents (e5's "query: " prefix) says so with an
`embed_queries(texts)` method; otherwise queries are embedded as documents."""

import queue
import threading
from concurrent.futures import Future

from langchain_core.embeddings import Embeddings

MAX_BATCH = 64


class BatchedQueries(Embeddings):
    def __init__(self, inner: Embeddings) -> None:
        self.inner = inner
        self._waiting: queue.SimpleQueue[tuple[str, Future[list[float]]]] = queue.SimpleQueue()
        self._worker: threading.Thread | None = None
        self._start = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        answer: Future[list[float]] = Future()
        self._waiting.put((text, answer))
        with self._start:
            if self._worker is None:
                self._worker = threading.Thread(
                    target=self._embed_forever, name="infrabot-query-embeddings", daemon=True
                )
                self._worker.start()
        return answer.result()

    def _embed_forever(self) -> None:
        while True:
            batch = [self._waiting.get()]  # wait for one, then take whatever else is waiting
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            embed = getattr(self.inner, "embed_queries", self.inner.embed_documents)
            try:
                vectors = embed([text for text, _ in batch])
            except Exception as error:  # each caller gets the model's error, as if alone
                for _, answer in batch:
                    answer.set_exception(error)
                continue
            for (_, answer), vector in zip(batch, vectors, strict=True):
                answer.set_result(vector)
