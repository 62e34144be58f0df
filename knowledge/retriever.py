"""Hybrid retrieval: dense (Chroma) and BM25 (Portuguese analyzer) fused by reciprocal rank,
returned as passages with title, source and score. Falls back to BM25 over the corpus on disk
when the index cannot be used, and says so."""

import logging
import re
import threading
from typing import Any, Literal

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import BaseModel, ConfigDict

from knowledge.catalog_docs import catalog_documents
from knowledge.chunks import split
from knowledge.embeddings import load_embeddings
from knowledge.errors import KnowledgeUnavailable
from knowledge.lexical import LexicalIndex, fold
from knowledge.sources import load_corpus
from knowledge.store import KnowledgeStore

RRF_K = 60  # Cormack et al. 2009: the constant of reciprocal rank fusion
CANDIDATES = 20
# Weights of each ranking in the fusion, measured with bench/retrieval.py on the pt-BR evaluation
# set: the packaged embedding model is English-only, so on Portuguese questions its ranking is
# weak (recall@3 0.49 alone) and any larger weight lowers the hybrid's recall; as a tie-breaker
# it still helps (0.971 against 0.957 for BM25 alone).
LEXICAL_WEIGHT = 1.0
DENSE_WEIGHT = 0.05
# Generated catalog documents mention GPUs everywhere; they lead only when the query names them.
CATALOG_WEIGHT = 0.2
FALLBACK_NOTICE = "Usando busca por palavras no corpus local, sem o índice."
# Index problems are for operators: they go to the log, and clients never see them.
log = logging.getLogger("infrabot.knowledge")


class Passage(BaseModel):
    title: str
    source: str
    text: str
    score: float


class SearchResult(BaseModel):
    passages: list[Passage]
    fallback: bool
    notice: str | None = None


def _local_chunks() -> list[Document]:
    return [chunk for doc in [*load_corpus(), *catalog_documents()] for chunk in split(doc)]


class KnowledgeRetriever:
    """Search over the knowledge base; build it once and reuse it (it holds the models)."""

    def __init__(
        self,
        lexical: LexicalIndex,
        dense: Any | None,
        notice: str | None = None,
        store: KnowledgeStore | None = None,
    ) -> None:
        self.lexical = lexical
        self.dense = dense
        self.notice = notice
        self.store = store

    @classmethod
    def load(cls, dense: Literal["now", "background", "off"] = "now") -> "KnowledgeRetriever":
        """Open the index. `background` answers with BM25 at once and adds the dense half when
        its model has loaded (importing sentence-transformers takes several seconds); `off`
        never loads it (one-shot commands)."""
        try:
            store = KnowledgeStore.open()
            records = store.records()
            if not records:
                raise KnowledgeUnavailable(
                    "O índice de conhecimento está vazio: rode 'infrabot index'."
                )
        except KnowledgeUnavailable as error:
            notice = f"{error} {FALLBACK_NOTICE}"
            log.warning(notice)
            return cls(LexicalIndex(_local_chunks()), None, notice)
        retriever = cls(LexicalIndex(records), None, store=store)
        if dense == "now":
            retriever.dense = store.vector_store(load_embeddings())
        elif dense == "background":

            def attach() -> None:
                retriever.dense = store.vector_store(load_embeddings())

            threading.Thread(target=attach, name="infrabot-embeddings", daemon=True).start()
        return retriever

    def index_problem(self) -> str | None:
        """Why the vector index cannot answer now (None when it can): for readiness checks."""
        if self.store is None:
            return self.notice or "índice não aberto"
        try:
            self.store.count()
        except Exception as error:  # any client or server failure means "not ready"
            return f"o índice não respondeu ({type(error).__name__})"
        return None

    def _dense(self, query: str) -> list[Document]:
        assert self.dense is not None
        hits = self.dense.similarity_search_with_score(query, k=CANDIDATES)
        return [document for document, _distance in hits]

    def search(self, query: str, k: int = 3) -> SearchResult:
        rankings = [[chunk for chunk, _ in self.lexical.search(query, CANDIDATES)]]
        notice = self.notice
        if self.dense is not None:
            try:
                rankings.append(self._dense(query))
            except Exception as error:  # a server that went away mid-session
                notice = f"O índice não respondeu ({type(error).__name__}). {FALLBACK_NOTICE}"
                log.warning(notice)
        passages = [self._prose(p) for p in _fuse(query, rankings, k)]
        return SearchResult(passages=passages, fallback=notice is not None, notice=notice)

    def _prose(self, passage: Passage) -> Passage:
        """A document found through its question list is shown by its opening text instead."""
        if "\nPerguntas frequentes:\n" not in passage.text:
            return passage
        for chunk in self.lexical.chunks:
            if chunk.metadata["source"] == passage.source and chunk.metadata["kind"] == "texto":
                return passage.model_copy(update={"text": chunk.page_content})
        return passage


def _fuse(query: str, rankings: list[list[Document]], k: int) -> list[Passage]:
    """Weighted reciprocal rank fusion of chunk rankings; each document scores as its best chunk
    and is shown by its best prose chunk (a document's question list finds it, its text answers)."""
    names = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", fold(query))
    words = set(names) | {part for name in names for part in name.split("-")}
    scores: dict[str, float] = {}
    chunks: dict[str, Document] = {}
    for weight, ranking in zip((LEXICAL_WEIGHT, DENSE_WEIGHT), rankings, strict=False):
        for rank, chunk in enumerate(ranking):
            key = chunk.id or chunk.page_content
            keywords = str(chunk.metadata.get("keywords", "")).split()
            boost = CATALOG_WEIGHT if keywords and not words.intersection(keywords) else 1.0
            scores[key] = scores.get(key, 0.0) + weight * boost / (RRF_K + rank + 1)
            chunks[key] = chunk
    by_document: dict[str, float] = {}
    shown: dict[str, Document] = {}
    for key in sorted(scores, key=scores.__getitem__, reverse=True):
        chunk = chunks[key]
        source = str(chunk.metadata["source"])
        by_document[source] = max(by_document.get(source, 0.0), scores[key])
        current = shown.get(source)
        if current is None or (
            current.metadata.get("kind") == "perguntas" and chunk.metadata.get("kind") == "texto"
        ):
            shown[source] = chunk
    best = sorted(by_document, key=by_document.__getitem__, reverse=True)[:k]
    return [
        Passage(
            title=str(shown[source].metadata["title"]),
            source=source,
            text=shown[source].page_content,
            score=round(by_document[source], 4),
        )
        for source in best
    ]


class GuidanceRetriever(BaseRetriever):
    """The knowledge base as a LangChain retriever, for the assistant's chains."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    knowledge: KnowledgeRetriever
    k: int = 3

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        result = self.knowledge.search(query, self.k)
        return [
            Document(
                page_content=p.text,
                metadata={
                    "title": p.title,
                    "source": p.source,
                    "score": p.score,
                    "fallback": result.fallback,
                    "notice": result.notice,
                },
            )
            for p in result.passages
        ]
