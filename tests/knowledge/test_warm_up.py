"""A bot process says it is ready only once its first answer would be fast: the dense half of
retrieval joins after a warm-up query has made the model load its weights, never before, and the
intent classifier has finished training."""

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from langchain_core.embeddings import Embeddings

import knowledge.embeddings as embeddings_module
import knowledge.retriever as retriever_module
from bot.assistant.state import ConversationStore
from bot.ops.health import readiness
from knowledge.embeddings import load_embeddings
from knowledge.retriever import KnowledgeRetriever
from tests.helpers.waiting import wait_for


class HeldFirstQuery(Embeddings):
    """The real model, whose queries wait until the test lets them through."""

    def __init__(self) -> None:
        self.real = load_embeddings()
        self.queries: list[str] = []
        self.release = threading.Event()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.real.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        self.queries.append(text)
        self.release.wait(30)
        return self.real.embed_query(text)


def test_not_ready_until_a_warm_up_query_has_run(
    indexed_home: Path,
    use_home: Callable[[Path], None],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    use_home(indexed_home)
    model = HeldFirstQuery()
    monkeypatch.setattr(embeddings_module, "load_embeddings", lambda: model)
    engine = ConversationStore(f"sqlite:///{tmp_path / 'bot.db'}").engine
    retriever = KnowledgeRetriever.load(dense="background")
    assert wait_for(lambda: model.queries, 30), "nenhuma consulta de aquecimento"
    # The model is still answering its first query: clients get BM25, readiness says so.
    assert retriever.dense is None
    assert readiness(engine, retriever).checks["model"] == "carregando"
    assert not retriever.search("Posso migrar de GPU para TPU depois?").cards[0].similarity
    model.release.set()
    assert wait_for(lambda: retriever.dense is not None, 30)
    assert readiness(engine, retriever).ready
    assert model.queries == [retriever_module.WARM_UP_QUERY]


def test_not_ready_while_the_intent_classifier_trains(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(tmp_path)
    engine = ConversationStore(f"sqlite:///{tmp_path / 'bot.db'}").engine
    warm = KnowledgeRetriever.load(dense="off")
    warm.dense = object()  # stands for a warmed vector store: only the classifier is missing
    warm.index_problem = lambda: None  # type: ignore[method-assign]
    training = readiness(engine, warm, intents_trained=False)
    assert not training.ready and training.checks["intents"] == "treinando"
    assert readiness(engine, warm, intents_trained=True).ready
