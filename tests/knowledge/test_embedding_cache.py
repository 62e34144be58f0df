"""The document vectors shipped with the package: they cover today's corpus (a fresh install
embeds almost nothing), they are the model's own vectors, and a text they lack is embedded."""

import math

from knowledge.embedding_cache import CachedDocuments, shipped, text_key
from knowledge.embeddings import MultilingualEmbeddings
from knowledge.indexer import desired_chunks


def _texts() -> list[str]:
    wanted, _ = desired_chunks([])
    return [chunk.page_content for chunks in wanted.values() for chunk in chunks]


def test_the_shipped_vectors_cover_the_packaged_corpus() -> None:
    # Fails when the corpus or the cards change without `python -m knowledge.embedding_cache`.
    texts = _texts()
    covered = sum(text_key(text) in shipped() for text in texts)
    assert covered >= 0.95 * len(texts), f"{covered}/{len(texts)}"


def test_a_shipped_vector_is_the_models_own() -> None:
    texts = [text for text in _texts() if text_key(text) in shipped()][:3]
    model = MultilingualEmbeddings()
    for text, computed in zip(texts, model.embed_documents(texts), strict=True):
        cached = [float(x) for x in shipped()[text_key(text)]]
        dot = sum(a * b for a, b in zip(cached, computed, strict=True))
        norms = math.sqrt(sum(a * a for a in cached)) * math.sqrt(sum(b * b for b in computed))
        assert dot / norms > 0.999


class _Counting:
    def __init__(self) -> None:
        self.embedded: list[str] = []

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.embedded += texts
        return [[1.0, 0.0] for _ in texts]


def test_only_texts_the_file_lacks_are_embedded() -> None:
    known = next(text for text in _texts() if text_key(text) in shipped())
    inner = _Counting()
    vectors = CachedDocuments(inner).embed_documents([known, "um texto que ninguém indexou"])
    assert inner.embedded == ["um texto que ninguém indexou"]
    assert len(vectors[0]) > 2 and vectors[1] == [1.0, 0.0]
