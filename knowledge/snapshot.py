"""A copy of the indexed chunks beside the embedded Chroma index, written by `infrabot index`.

A process that answers from BM25 first (the dense half joins later, or never for one-shot
commands) reads this file instead of importing chromadb (~1 s) and reading the collection
(~0.4 s). Only for the embedded index: a Chroma server may be changed from other machines, so its
chunks are always read from the server.
"""

import json
import logging
from pathlib import Path

from langchain_core.documents import Document

from knowledge.settings import chroma_path, chroma_server, embedding_model

log = logging.getLogger(__name__)


def _path() -> Path:
    return chroma_path() / "chunks.json"


def forget() -> None:
    """Drop the copy before the collection changes: an indexing run that fails halfway leaves no
    copy that disagrees with the collection, and readers go back to Chroma."""
    if chroma_server() is None:
        _path().unlink(missing_ok=True)


def save(records: list[Document]) -> None:
    if chroma_server() is not None:
        return
    payload = {
        "embedding": embedding_model()[0],
        "chunks": [[r.id, r.page_content, r.metadata] for r in records],
    }
    target = _path()
    partial = target.with_suffix(".partial")
    partial.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    partial.replace(target)


def load() -> list[Document] | None:
    """The chunks as last indexed here, or None when there is no usable copy (a server index,
    no index yet, another embedding model, an unreadable file)."""
    if chroma_server() is not None:
        return None
    try:
        payload = json.loads(_path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.warning("cópia dos trechos ilegível (%s); leio o índice", type(error).__name__)
        return None
    if payload.get("embedding") != embedding_model()[0] or not payload.get("chunks"):
        return None
    return [
        Document(id=chunk_id, page_content=text, metadata=metadata)
        for chunk_id, text, metadata in payload["chunks"]
    ]
