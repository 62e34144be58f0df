"""Splitting documents into indexable chunks with stable, content-derived ids."""

import hashlib
import json
from functools import cache
from typing import Any

from langchain_core.documents import Document

from knowledge.sources import SourceDocument

CHUNK_SIZE = 900
CHUNK_OVERLAP = 120
# A chunk of one question an answer card is asked with: it finds the card, not the document.
CARD_QUESTION = "cartao-pergunta"
_HEADERS = [("#", "h1"), ("##", "h2"), ("###", "h3")]


@cache
def _splitters() -> tuple[Any, Any]:
    """The markdown and character splitters, built on first use: importing LangChain's splitters
    takes ~0.4 s, which a process that only answers from a built index never needs."""
    from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter

    return (
        MarkdownHeaderTextSplitter(headers_to_split_on=_HEADERS, strip_headers=True),
        RecursiveCharacterTextSplitter(chunk_size=CHUNK_SIZE, chunk_overlap=CHUNK_OVERLAP),
    )


def chunk_id(text: str, metadata: dict[str, str]) -> str:
    """Same text and metadata, same id: unchanged files need no new embedding, and a change in
    either replaces the chunk."""
    payload = json.dumps([text, metadata], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def _with_context(document: SourceDocument, section: str, body: str) -> str:
    # The title and section travel with the chunk text: both retrievers see what it is about.
    heading = (
        document.title
        if not section or section == document.title
        else f"{document.title} — {section}"
    )
    return f"{heading}\n\n{body.strip()}"


def split(document: SourceDocument) -> list[Document]:
    """The document's passages, one chunk of the questions it answers (they match how clients
    phrase things far better than the prose does), and per answer card one chunk of the whole
    card and one per question it is asked with (a short question matches a client's question far
    better than the card's whole text, whose embedding averages all of it)."""
    if document.markdown:
        sections = _splitters()[0].split_text(document.text)
    else:
        sections = [Document(page_content=document.text)]
    pieces = _splitters()[1].split_documents(sections)
    chunks: list[Document] = []
    for piece in pieces:
        section = piece.metadata.get("h2") or piece.metadata.get("h1") or ""
        chunks.append(
            _chunk(document, _with_context(document, section, piece.page_content), "texto")
        )
    if document.questions:
        asked = "\n".join(f"- {question}" for question in document.questions)
        chunks.append(
            _chunk(document, f"{document.title}\n\nPerguntas frequentes:\n{asked}", "perguntas")
        )
    for card in document.cards:
        shown = {
            "card": card.id,
            "answer": card.text(),
            "asked": card.questions[0],
            "questions": "\n".join(card.questions),
        }
        chunks.append(_chunk(document, card.search_text(), "cartao", shown))
        chunks += [_chunk(document, question, CARD_QUESTION, shown) for question in card.questions]
    return chunks


def _chunk(
    document: SourceDocument, text: str, kind: str, card: dict[str, str] | None = None
) -> Document:
    """A chunk and its metadata; a card's chunk also carries its id, its reply text, its
    questions and the first of them (the label when the assistant asks which topic the client
    means)."""
    metadata = {
        "source": document.source,
        "root": document.root,
        "title": document.title,
        "kind": kind,
        "keywords": " ".join(document.keywords),
        **(card or {}),
    }
    return Document(id=chunk_id(text, metadata), page_content=text, metadata=metadata)
