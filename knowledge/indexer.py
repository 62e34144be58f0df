"""`infrabot index`: bring the Chroma collection in line with the corpus, the catalog and the
paths given, embedding only chunks whose content is new."""

import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from langchain_core.documents import Document
from pydantic import BaseModel

from knowledge import snapshot
from knowledge.catalog_docs import catalog_documents
from knowledge.chunks import split
from knowledge.embeddings import load_embeddings
from knowledge.sources import SkippedFile, load_corpus, load_paths
from knowledge.store import KnowledgeStore

BATCH = 32
Progress = Callable[[int, int], None]


class IndexSummary(BaseModel):
    """Counts of files (added, updated, removed, unchanged) and of chunks embedded/deleted."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks_embedded: int = 0
    chunks_deleted: int = 0
    chunks_total: int = 0
    skipped: list[SkippedFile] = []
    seconds: float = 0.0


def desired_chunks(paths: list[Path]) -> tuple[dict[str, list[Document]], list[SkippedFile]]:
    """Chunks by source for the corpus, the catalog and the given paths."""
    extra, skipped = load_paths(paths)
    by_source: dict[str, list[Document]] = {}
    for document in [*load_corpus(), *catalog_documents(), *extra]:
        by_source[document.source] = split(document)
    return by_source, skipped


def build_index(
    paths: list[Path], store: KnowledgeStore | None = None, progress: Progress | None = None
) -> IndexSummary:
    start = time.perf_counter()
    wanted, skipped = desired_chunks(paths)
    store = store or KnowledgeStore.open()
    snapshot.forget()
    if store.other_model is not None:  # built with another embedding model: embed everything
        store.reset()
    # Only roots indexed in this run are reconciled: files indexed earlier from another folder
    # stay until that folder is indexed again.
    roots = {"corpus", "catalogo"} | {str(path.resolve()) for path in paths}
    stored: dict[str, set[str]] = defaultdict(set)
    for record in store.records(with_text=False):
        if record.metadata.get("root") in roots and record.id:
            stored[str(record.metadata["source"])].add(record.id)

    summary = IndexSummary(skipped=skipped)
    new_chunks: list[Document] = []
    stale: list[str] = []
    for source in wanted.keys() | stored.keys():
        new_ids = {chunk.id for chunk in wanted.get(source, []) if chunk.id}
        old_ids = stored.get(source, set())
        if not old_ids:
            summary.added += 1
        elif not new_ids:
            summary.removed += 1
        elif new_ids == old_ids:
            summary.unchanged += 1
        else:
            summary.updated += 1
        new_chunks += [chunk for chunk in wanted.get(source, []) if chunk.id not in old_ids]
        stale += sorted(old_ids - new_ids)

    if new_chunks:
        vectors = store.vector_store(load_embeddings())
        for done in range(0, len(new_chunks), BATCH):
            batch = new_chunks[done : done + BATCH]
            vectors.add_documents(batch, ids=[chunk.id for chunk in batch])
            if progress:
                progress(done + len(batch), len(new_chunks))
    store.delete(stale)
    summary.chunks_embedded = len(new_chunks)
    summary.chunks_deleted = len(stale)
    summary.chunks_total = store.count()
    snapshot.save(store.records())
    summary.seconds = time.perf_counter() - start
    return summary
