"""Document vectors shipped with the package for the packaged embedding pair: a fresh install
indexes the corpus without embedding it again (about 160 s on 2 cores). Each vector is kept under
a hash of its text, so a document changed or added since the file was written is embedded as
before, and a file written for another model is ignored.

`python -m knowledge.embedding_cache` rewrites the file from the index in INFRABOT_HOME (build it
with `infrabot index` first)."""

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from langchain_core.embeddings import Embeddings

from knowledge.settings import PACKAGED_EMBEDDINGS

CACHE_FILE = Path(__file__).parent / "data" / "document_vectors.npz"


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


@cache
def shipped(path: Path = CACHE_FILE) -> dict[str, Any]:
    """Vectors by text key; empty when the file is missing or belongs to another model."""
    import numpy as np

    if not path.exists():
        return {}
    with np.load(path) as data:
        if str(data["model"]) != PACKAGED_EMBEDDINGS:
            return {}
        return dict(zip((str(k) for k in data["keys"]), data["vectors"], strict=True))


class CachedDocuments(Embeddings):
    """Documents from the shipped vectors where they are there, from `inner` otherwise; queries
    always from `inner`."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        known = shipped()
        missing = [text for text in texts if text_key(text) not in known]
        vectors = self.inner.embed_documents(missing) if missing else []
        computed = dict(zip(missing, vectors, strict=True))
        return [
            computed[text] if text in computed else [float(x) for x in known[text_key(text)]]
            for text in texts
        ]

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        return list(self.inner.embed_queries(texts))

    def embed_query(self, text: str) -> list[float]:
        return list(self.inner.embed_query(text))


def write(path: Path = CACHE_FILE) -> int:
    """The vectors of the index in INFRABOT_HOME, as float16, to `path`; returns how many."""
    import numpy as np

    from knowledge.store import KnowledgeStore

    store = KnowledgeStore.open()
    if store.other_model is not None:
        raise SystemExit(
            f"O índice é de outro modelo ({store.other_model}): rode 'infrabot index'."
        )
    found = store.collection.get(include=["documents", "embeddings"])
    vectors: dict[str, Any] = {}
    for text, vector in zip(found["documents"], found["embeddings"], strict=True):
        vectors[text_key(text)] = vector
    keys = sorted(vectors)
    np.savez_compressed(
        path,
        model=np.array(PACKAGED_EMBEDDINGS),
        keys=np.array(keys),
        vectors=np.array([vectors[k] for k in keys], dtype=np.float16),
    )
    return len(keys)


if __name__ == "__main__":
    print(f"{write()} vetores em {CACHE_FILE}")
