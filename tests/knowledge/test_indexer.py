"""Indexing into a real embedded Chroma under a temporary INFRABOT_HOME."""

import shutil
from collections.abc import Callable
from pathlib import Path

from knowledge.indexer import build_index
from knowledge.sources import load_corpus
from knowledge.store import KnowledgeStore


def test_reindexing_an_unchanged_corpus_embeds_nothing(
    indexed_home: Path, tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    use_home(home)
    summary = build_index([])
    assert summary.chunks_embedded == 0 and summary.chunks_deleted == 0
    assert summary.added == summary.updated == summary.removed == 0
    assert summary.unchanged >= len(load_corpus())


def test_added_changed_and_removed_files_update_only_their_chunks(
    indexed_home: Path, tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    use_home(home)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "sla.md").write_text(
        "# SLA\n\n## Suporte\n\nRespondemos em 4 horas-zeta.", encoding="utf-8"
    )
    (docs / "backup.txt").write_text("Backups diários por 7 dias.", encoding="utf-8")
    (docs / "quebrado.pdf").write_bytes(b"nao e pdf")

    first = build_index([docs])
    assert first.added == 2 and first.chunks_embedded == 2
    assert [Path(s.path).name for s in first.skipped] == ["quebrado.pdf"]

    (docs / "sla.md").write_text(
        "# SLA\n\n## Suporte\n\nRespondemos em 2 horas-zeta.", encoding="utf-8"
    )
    (docs / "backup.txt").unlink()
    second = build_index([docs])
    assert (second.updated, second.removed, second.chunks_embedded, second.chunks_deleted) == (
        1,
        1,
        1,
        2,
    )

    texts = [r.page_content for r in KnowledgeStore.open().records()]
    assert any("2 horas-zeta" in t for t in texts)
    assert not any("4 horas-zeta" in t or "Backups diários" in t for t in texts)

    # Indexing without that folder leaves its documents alone.
    assert build_index([]).removed == 0
    assert any("2 horas-zeta" in r.page_content for r in KnowledgeStore.open().records())


def test_an_index_built_with_another_model_is_not_queried_and_is_rebuilt(
    tmp_path: Path, use_home: Callable[[Path], None]
) -> None:
    import chromadb
    from chromadb.config import Settings

    from knowledge.retriever import KnowledgeRetriever
    from knowledge.settings import COLLECTION, chroma_path

    use_home(tmp_path / "home")
    chroma_path().mkdir(parents=True)
    old = chromadb.PersistentClient(
        path=str(chroma_path()), settings=Settings(anonymized_telemetry=False)
    )
    old.create_collection(COLLECTION, metadata={"hnsw:space": "cosine", "embedding": "minilm"})
    old.get_collection(COLLECTION).add(ids=["velho"], documents=["antigo"], embeddings=[[0.1] * 3])

    retriever = KnowledgeRetriever.load(dense="off")
    assert retriever.notice and "outro modelo de embeddings (minilm)" in retriever.notice
    assert retriever.search("o que é OOM?").passages  # answered from the corpus on disk

    store = KnowledgeStore.open()
    assert store.other_model == "minilm"
    store.reset()
    assert store.other_model is None and store.count() == 0
