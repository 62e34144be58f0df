"""Hybrid retrieval: dense (Chroma) and BM25 (Portuguese analyzer) fused by reciprocal rank,
returned as passages with title, source and score, and the answer cards that match best, with the
dense similarity that says how sure the match is. Falls back to BM25 over the corpus on disk when
the index cannot be used, and says so."""

import logging
import re
import threading
import time
from collections.abc import Iterable
from typing import Any, Literal

from langchain_core.documents import Document
from pydantic import BaseModel

from knowledge import snapshot
from knowledge.catalog_docs import catalog_documents
from knowledge.chunks import CARD_QUESTION, split
from knowledge.errors import KnowledgeUnavailable
from knowledge.lexical import LexicalIndex, fold
from knowledge.sources import load_corpus
from knowledge.store import KnowledgeStore

RRF_K = 60  # Cormack et al. 2009: the constant of reciprocal rank fusion
CANDIDATES = 30
# Weights of each ranking in the fusion, measured with bench/retrieval.py on the pt-BR tuning set
# and the older held-out set (109 questions): with the multilingual pair, equal weights give
# recall@3 0.97 / 0.90 against 0.97 / 0.78 for BM25 alone (cards indexed in both cases).
LEXICAL_WEIGHT = 1.0
DENSE_WEIGHT = 1.0
# Generated catalog documents mention GPUs everywhere; they lead only when the query names them.
CATALOG_WEIGHT = 0.2
WARM_UP_QUERY = "Quanto custa o fine-tuning de um modelo?"
FALLBACK_NOTICE = "Usando busca por palavras no corpus local, sem o índice."
# After the index fails (down, or past its timeout), answers use word search alone this long
# before it is asked again: a hanging server costs one request's timeout, not one per message.
DENSE_QUIET_SECONDS = 60.0
# Index problems are for operators: they go to the log, and clients never see them.
log = logging.getLogger("infrabot.knowledge")


class Passage(BaseModel):
    title: str
    source: str
    text: str
    score: float


class CardMatch(BaseModel):
    """An answer card found for a query. `similarity` is the dense cosine between the query and
    the card (0 when the dense half did not rank it; None when there is no dense half); the ranks
    are its place among the cards of each ranking (0 = first; None = not among the candidates)."""

    id: str
    title: str
    source: str
    text: str
    asked: str
    similarity: float | None
    lexical_rank: int | None
    dense_rank: int | None
    exact: bool = False  # the query is one of the card's own questions


class SearchResult(BaseModel):
    passages: list[Passage]
    fallback: bool
    notice: str | None = None
    cards: list[CardMatch] = []  # best first


def _local_chunks() -> list[Document]:
    return [chunk for doc in [*load_corpus(), *catalog_documents()] for chunk in split(doc)]


def _vector_store(store: KnowledgeStore) -> Any:
    """The dense half. Imported on use: the embeddings' LangChain base pulls in its callback
    stack (~0.2 s), which a one-shot answer from BM25 never needs."""
    from knowledge.embeddings import load_embeddings

    return store.vector_store(load_embeddings())


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
        self.loader: threading.Thread | None = None
        self._dense_failed_at: float | None = None
        self._by_id = {chunk.id: chunk for chunk in lexical.chunks if chunk.id}
        # A query that is one of a card's own questions gets that card, whatever the rankings say.
        self.asked = {
            _words(question): _key(chunk)
            for chunk in lexical.chunks
            if chunk.metadata.get("kind") == "cartao"
            for question in str(chunk.metadata.get("questions", "")).splitlines()
        }

    @classmethod
    def load(cls, dense: Literal["now", "background", "off"] = "now") -> "KnowledgeRetriever":
        """Open the index. `background` answers with BM25 at once and adds the dense half when
        its model has loaded (importing sentence-transformers takes several seconds); `off`
        loads it only when asked (`attach_in_background`; never, for one-shot commands). Both
        start from the chunks' copy beside an embedded index, when there is one, and open Chroma
        only when the dense half joins."""
        copied = snapshot.load() if dense != "now" else None
        if copied:
            retriever = cls(LexicalIndex(copied), None)
            if dense == "background":
                retriever.attach_in_background()
            return retriever
        try:
            store = KnowledgeStore.open()
            records = store.records()
            if not records:
                raise KnowledgeUnavailable(
                    "O índice de conhecimento está vazio: rode 'infrabot index'."
                )
            if store.other_model is not None:
                raise KnowledgeUnavailable(
                    f"O índice foi gerado com outro modelo de embeddings ({store.other_model}): "
                    "rode 'infrabot index'."
                )
        except KnowledgeUnavailable as error:
            notice = f"{error} {FALLBACK_NOTICE}"
            log.warning(notice)
            return cls(LexicalIndex(_local_chunks()), None, notice)
        retriever = cls(LexicalIndex(records), None, store=store)
        if dense == "now":
            retriever.dense = _vector_store(store)
        elif dense == "background":
            retriever.attach_in_background()
        return retriever

    def attach_in_background(self) -> None:
        """Load and warm the dense half in a thread; BM25 answers alone until it joins. Nothing
        to do on the corpus fallback (no index) or when it is already there."""
        if self.notice is not None or self.dense is not None:
            return

        def attach() -> None:
            try:
                self.store = self.store or KnowledgeStore.open()
            except KnowledgeUnavailable as error:
                log.warning("%s Sigo só com a busca por palavras.", error)
                return
            self.dense = _warmed(_vector_store(self.store))

        # A daemon, so that a command that fails early exits at once; one that ends normally
        # waits for it first (`settle`).
        self.loader = threading.Thread(target=attach, name="infrabot-embeddings", daemon=True)
        self.loader.start()

    def settle(self, timeout: float) -> None:
        """Wait for the dense half to finish loading: a process that exits while the loader is
        inside torch's or Chroma's native code can die of SIGSEGV instead of exiting."""
        if self.loader is not None:
            self.loader.join(timeout)

    def index_problem(self) -> str | None:
        """Why the vector index cannot answer now (None when it can): for readiness checks."""
        if self.store is None:
            return self.notice or "índice não aberto"
        try:
            self.store.count()
        except Exception as error:  # any client or server failure means "not ready"
            return f"o índice não respondeu ({type(error).__name__})"
        return None

    def _dense(self, query: str) -> list[tuple[Document, float]]:
        """Chunks by dense similarity (Chroma gives cosine distance). Chroma is asked for ids and
        distances only: the chunks are already in memory, and fetching 60 chunks' texts and
        metadata (each card carries its answer and questions) took 7 of a search's 35 ms."""
        assert self.dense is not None
        chunks = self._by_id
        if self.store is None or not chunks:
            hits = self.dense.similarity_search_with_score(query, k=2 * CANDIDATES)
            return [(document, 1.0 - float(distance)) for document, distance in hits]
        vector = self.dense.embeddings.embed_query(query)
        found = self.store.collection.query(
            query_embeddings=[vector], n_results=2 * CANDIDATES, include=["distances"]
        )
        return [
            (chunks[chunk_id], 1.0 - float(distance))
            for chunk_id, distance in zip(found["ids"][0], found["distances"][0], strict=True)
            if chunk_id in chunks
        ]

    def search(self, query: str, k: int = 3) -> SearchResult:
        # Twice the candidates: the questions of the cards take places the documents keep.
        rankings = [[chunk for chunk, _ in self.lexical.search(query, 2 * CANDIDATES)]]
        notice = self.notice
        similarity: dict[str, float] | None = None
        failed = self._dense_failed_at
        if failed is not None and time.monotonic() - failed < DENSE_QUIET_SECONDS:
            notice = f"O índice falhou há pouco. {FALLBACK_NOTICE}"
        elif self.dense is not None:
            try:
                hits = self._dense(query)
                self._dense_failed_at = None
                rankings.append([chunk for chunk, _ in hits])
                similarity = {}
                for chunk, value in hits:  # best first: a card's best chunk sets its similarity
                    similarity.setdefault(_key(chunk), value)
            except Exception as error:  # a server that went away or hangs (its timeout)
                self._dense_failed_at = time.monotonic()
                notice = f"O índice não respondeu ({type(error).__name__}). {FALLBACK_NOTICE}"
                log.warning(notice)
        # Documents are ranked as before the cards had question chunks; cards by their best chunk.
        documents = [
            [chunk for chunk in ranking if chunk.metadata.get("kind") != CARD_QUESTION][:CANDIDATES]
            for ranking in rankings
        ]
        scores, chunks = _scores(query, documents)
        passages = [
            passage if kind == "texto" else self._prose(passage)
            for passage, kind in _documents(scores, chunks, k)
        ]
        card_rankings = [_distinct(ranking) for ranking in rankings]
        scores, chunks = _scores(query, card_rankings)
        card_ranks = [_card_ranks(ranking) for ranking in card_rankings]
        return SearchResult(
            passages=passages,
            fallback=notice is not None,
            notice=notice,
            cards=_cards(scores, chunks, similarity, card_ranks, self.asked.get(_words(query))),
        )

    def _prose(self, passage: Passage) -> Passage:
        """A document found through its question list or a card is shown by its opening text."""
        for chunk in self.lexical.chunks:
            if chunk.metadata["source"] == passage.source and chunk.metadata["kind"] == "texto":
                return passage.model_copy(update={"text": chunk.page_content})
        return passage


def _warmed(dense: Any) -> Any:
    """The vector store after one query: the models read their weights and the index its pages
    on the first query (seconds), which must not be a client's. Until this returns, answers use
    BM25 alone and readiness says the model is loading."""
    try:
        dense.similarity_search_with_score(WARM_UP_QUERY, k=1)
    except Exception as error:  # a server down now is readiness's to report, not the loader's
        log.warning("consulta de aquecimento do índice falhou (%s)", type(error).__name__)
    return dense


def _key(chunk: Document) -> str:
    """A chunk's identity in the rankings; all the chunks of one answer card are that card."""
    if _is_card(chunk):
        return f"cartao:{chunk.metadata['card']}"
    return chunk.id or chunk.page_content


def _is_card(chunk: Document) -> bool:
    return chunk.metadata.get("kind") in ("cartao", CARD_QUESTION)


def _distinct(ranking: Iterable[Document]) -> list[Document]:
    """A ranking with each card once, at the place of its best chunk."""
    seen: set[str] = set()
    kept = []
    for chunk in ranking:
        if (key := _key(chunk)) not in seen:
            seen.add(key)
            kept.append(chunk)
    return kept


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", fold(text)))


def _scores(
    query: str, rankings: list[list[Document]]
) -> tuple[dict[str, float], dict[str, Document]]:
    """Weighted reciprocal rank fusion of chunk rankings, by chunk key."""
    names = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", fold(query))
    words = set(names) | {part for name in names for part in name.split("-")}
    scores: dict[str, float] = {}
    chunks: dict[str, Document] = {}
    for weight, ranking in zip((LEXICAL_WEIGHT, DENSE_WEIGHT), rankings, strict=False):
        for rank, chunk in enumerate(ranking):
            key = _key(chunk)
            keywords = str(chunk.metadata.get("keywords", "")).split()
            boost = CATALOG_WEIGHT if keywords and not words.intersection(keywords) else 1.0
            scores[key] = scores.get(key, 0.0) + weight * boost / (RRF_K + rank + 1)
            chunks[key] = chunk
    return scores, chunks


def _card_ranks(ranking: list[Document]) -> dict[str, int]:
    cards = [_key(chunk) for chunk in ranking if _is_card(chunk)]
    return {key: rank for rank, key in enumerate(cards)}


def _cards(
    scores: dict[str, float],
    chunks: dict[str, Document],
    similarity: dict[str, float] | None,
    ranks: list[dict[str, int]],
    exact: str | None,
) -> list[CardMatch]:
    """The best three answer cards by fused score, the card asked word for word first."""
    keys = [key for key in scores if _is_card(chunks[key])]
    best = sorted(keys, key=lambda key: (key == exact, scores[key]), reverse=True)[:3]
    lexical, dense = ranks[0], ranks[1] if len(ranks) > 1 else None
    return [
        CardMatch(
            id=str(chunks[key].metadata["card"]),
            title=str(chunks[key].metadata["title"]),
            source=str(chunks[key].metadata["source"]),
            text=str(chunks[key].metadata["answer"]),
            asked=str(chunks[key].metadata["asked"]),
            similarity=None if similarity is None else round(similarity.get(key, 0.0), 4),
            lexical_rank=lexical.get(key),
            dense_rank=None if dense is None else dense.get(key),
            exact=key == exact,
        )
        for key in best
    ]


def _documents(
    scores: dict[str, float], chunks: dict[str, Document], k: int
) -> list[tuple[Passage, str]]:
    """Each document scores as its best chunk and is shown by its best prose chunk (a question
    list or a card finds it, its text answers)."""
    by_document: dict[str, float] = {}
    shown: dict[str, Document] = {}
    for key in sorted(scores, key=scores.__getitem__, reverse=True):
        chunk = chunks[key]
        source = str(chunk.metadata["source"])
        by_document[source] = max(by_document.get(source, 0.0), scores[key])
        current = shown.get(source)
        if current is None or (
            current.metadata.get("kind") != "texto" and chunk.metadata.get("kind") == "texto"
        ):
            shown[source] = chunk
    best = sorted(by_document, key=by_document.__getitem__, reverse=True)[:k]
    return [
        (
            Passage(
                title=str(shown[source].metadata["title"]),
                source=source,
                text=shown[source].page_content,
                score=round(by_document[source], 4),
            ),
            str(shown[source].metadata.get("kind", "texto")),
        )
        for source in best
    ]
