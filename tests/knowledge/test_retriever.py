"""Retrieval quality on the pt-BR evaluation set, server mode, and the fallback."""

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.retrieval import evaluate, load_eval
from knowledge.indexer import build_index
from knowledge.langchain_retriever import GuidanceRetriever
from knowledge.lexical import LexicalIndex
from knowledge.retriever import KnowledgeRetriever
from knowledge.store import KnowledgeStore


def test_evaluation_set_is_large_and_varied() -> None:
    cases = load_eval()
    assert len(cases) >= 40
    assert sum(case.question.isascii() for case in cases) >= 10  # typed without accents


def test_recall_at_3_on_client_questions(
    indexed_home: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(indexed_home)
    retriever = KnowledgeRetriever.load()
    assert retriever.dense is not None and retriever.notice is None
    scores = evaluate(retriever, load_eval())
    assert scores.recall_at_3 >= 0.9, scores.misses


def test_passages_carry_title_source_and_score(
    indexed_home: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(indexed_home)
    result = KnowledgeRetriever.load().search("Posso migrar de GPU para TPU depois?", k=3)
    assert not result.fallback
    best = result.passages[0]
    assert best.source == "corpus/faq-migrar-gpu-para-tpu.md"
    assert best.title and best.score > 0
    assert [p.score for p in result.passages] == sorted(
        (p.score for p in result.passages), reverse=True
    )


def test_named_accelerator_brings_its_catalog_document(
    indexed_home: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(indexed_home)
    result = KnowledgeRetriever.load().search("quanto custa a hora da L4?", k=3)
    assert "catalogo/l4.md" in [p.source for p in result.passages]


def test_one_shot_answers_read_the_chunks_copy_and_find_what_the_index_finds(
    indexed_home: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(indexed_home)
    from_copy = KnowledgeRetriever.load(dense="off")
    assert from_copy.store is None and from_copy.notice is None  # Chroma was not opened
    from_chroma = KnowledgeRetriever(LexicalIndex(KnowledgeStore.open().records()), None)
    for question in ("o que é OOM?", "TPU serve pra quem usa PyTorch?", "quanto custa a L4?"):
        assert [p.source for p in from_copy.search(question).passages] == [
            p.source for p in from_chroma.search(question).passages
        ]


def test_a_copy_made_with_another_embedding_model_is_not_used(
    indexed_home: Path, use_home: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_home(indexed_home)
    monkeypatch.setenv("INFRABOT_EMBEDDING_MODEL", "outro-modelo")
    retriever = KnowledgeRetriever.load(dense="off")
    assert retriever.notice and "outro modelo" in retriever.notice


def test_langchain_retriever_returns_documents(
    indexed_home: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(indexed_home)
    retriever = GuidanceRetriever(knowledge=KnowledgeRetriever.load(), k=2)
    documents = retriever.invoke("o que é OOM?")
    assert len(documents) == 2
    assert documents[0].metadata["source"] == "corpus/oom-falta-de-memoria.md"


def test_missing_index_falls_back_to_the_corpus_and_says_so(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    use_home(tmp_path / "vazio")
    retriever = KnowledgeRetriever.load()
    assert retriever.dense is None and retriever.notice
    assert "infrabot index" in retriever.notice
    result = retriever.search("o que é OOM?")
    assert result.fallback and result.notice
    assert result.passages[0].source == "corpus/oom-falta-de-memoria.md"


def test_unreachable_server_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_CHROMA_URL", "http://127.0.0.1:9")
    retriever = KnowledgeRetriever.load()
    assert retriever.dense is None
    assert retriever.notice and "127.0.0.1:9" in retriever.notice
    assert retriever.search("GPU ou TPU?").passages


def test_server_mode_indexes_and_queries_through_chroma_server(
    chroma_server_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    monkeypatch.setenv("INFRABOT_CHROMA_URL", chroma_server_url)
    build_index([])
    assert build_index([]).chunks_embedded == 0
    assert not list(tmp_path.iterdir())  # nothing embedded on local disk
    result = KnowledgeRetriever.load().search("dados de saúde podem ir pra nuvem?", k=3)
    assert not result.fallback
    assert "corpus/faq-dados-sensiveis-nuvem.md" in [p.source for p in result.passages]


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A server that accepts connections and never answers a byte."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                held.append(listener.accept()[0])

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join()
    for connection in held:
        connection.close()
    listener.close()


def test_a_chroma_server_that_never_answers_is_given_up_on_within_its_timeout(
    silent_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    monkeypatch.setenv("INFRABOT_CHROMA_URL", silent_server)
    monkeypatch.setenv("INFRABOT_CHROMA_TIMEOUT", "1")
    started = time.monotonic()
    retriever = KnowledgeRetriever.load()  # word search on the packaged corpus, not a hang
    assert time.monotonic() - started < 20
    assert retriever.notice and "Não consegui acessar o servidor Chroma" in retriever.notice
    assert "(ReadTimeout)" in retriever.notice
    assert retriever.search("GPU ou TPU?").passages


def test_after_the_index_fails_word_search_answers_without_asking_it_again(
    indexed_home: Path, use_home: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_home(indexed_home)
    retriever = KnowledgeRetriever.load()
    asked: list[str] = []

    def timed_out(query: str) -> list[Any]:
        asked.append(query)
        raise httpx.ReadTimeout("no answer")

    monkeypatch.setattr(retriever, "_dense", timed_out)
    first, second = retriever.search("o que é OOM?"), retriever.search("GPU ou TPU?")
    assert first.fallback and second.fallback and second.passages
    assert asked == ["o que é OOM?"]  # one timeout paid, not one per message
