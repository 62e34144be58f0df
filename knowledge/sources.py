"""Reading the documents to index: the pt-BR corpus and any Markdown, text, HTML or PDF given."""

import logging
from pathlib import Path

import yaml
from pydantic import BaseModel, Field, ValidationError

from knowledge.cards import Card, packaged_cards
from knowledge.settings import CORPUS_DIR

SUFFIXES = {".md", ".markdown", ".txt", ".html", ".htm", ".pdf"}


class SourceDocument(BaseModel):
    source: str  # corpus-relative name ("corpus/oom.md") or the file's path
    root: str  # what was indexed to find it: "corpus", "catalogo" or a path given by the user
    title: str
    topics: list[str] = Field(default_factory=list)
    questions: list[str] = Field(default_factory=list)
    text: str
    markdown: bool
    # Names that, when a query says them, make this document a direct answer (catalog entries).
    keywords: list[str] = Field(default_factory=list)
    # Reviewed answers to what the document says (corpus and catalog; none for added files).
    cards: list[Card] = Field(default_factory=list)


class SkippedFile(BaseModel):
    path: str
    reason: str


class FrontMatter(BaseModel):
    title: str
    topics: list[str] = Field(default_factory=list)
    questions: list[str] = Field(default_factory=list)


class UnreadableFile(Exception):
    """A file that cannot be parsed; the message says why, in pt-BR."""


def _split_front_matter(text: str) -> tuple[FrontMatter | None, str]:
    if not text.startswith("---"):
        return None, text
    _, header, body = text.split("---", 2)
    try:
        return FrontMatter.model_validate(yaml.safe_load(header)), body
    except (yaml.YAMLError, ValidationError) as error:
        raise UnreadableFile(f"cabeçalho (front matter) inválido: {error}") from error


def _first_heading(text: str) -> str | None:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def _read_markdown(path: Path, source: str, root: str) -> SourceDocument:
    front, body = _split_front_matter(path.read_text(encoding="utf-8"))
    title = front.title if front else (_first_heading(body) or path.stem)
    return SourceDocument(
        source=source,
        root=root,
        title=title,
        topics=front.topics if front else [],
        questions=front.questions if front else [],
        text=body.strip(),
        markdown=True,
    )


def _read_html(path: Path, source: str, root: str) -> SourceDocument:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    for tag in soup(["script", "style", "nav", "footer"]):
        tag.decompose()
    title = soup.title.get_text(strip=True) if soup.title else path.stem
    text = soup.get_text("\n", strip=True)
    return SourceDocument(source=source, root=root, title=title, text=text, markdown=False)


def _read_pdf(path: Path, source: str, root: str) -> SourceDocument:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    # pypdf logs its parse problems itself; the user gets our one-line reason instead.
    logging.getLogger("pypdf").setLevel(logging.CRITICAL)

    try:
        reader = PdfReader(path)
        text = "\n\n".join(page.extract_text() or "" for page in reader.pages)
        title = (reader.metadata.title if reader.metadata else None) or path.stem
    except (PdfReadError, ValueError, KeyError) as error:
        raise UnreadableFile(f"PDF ilegível: {error}") from error
    return SourceDocument(source=source, root=root, title=str(title), text=text, markdown=False)


def read_file(path: Path, source: str, root: str) -> SourceDocument:
    """Read one file; raises UnreadableFile with the reason."""
    suffix = path.suffix.lower()
    try:
        if suffix in {".md", ".markdown"}:
            document = _read_markdown(path, source, root)
        elif suffix in {".html", ".htm"}:
            document = _read_html(path, source, root)
        elif suffix == ".pdf":
            document = _read_pdf(path, source, root)
        else:
            document = SourceDocument(
                source=source,
                root=root,
                title=path.stem,
                text=path.read_text(encoding="utf-8"),
                markdown=False,
            )
    except UnicodeDecodeError as error:
        raise UnreadableFile("não é texto em UTF-8") from error
    except OSError as error:
        raise UnreadableFile(f"não consegui ler o arquivo ({error.strerror})") from error
    if not document.text.strip():
        raise UnreadableFile("nenhum texto para indexar")
    return document


def load_corpus() -> list[SourceDocument]:
    """The packaged pt-BR corpus with its answer cards; a broken corpus or card file is a bug,
    so it raises."""
    documents = [
        read_file(path, f"corpus/{path.name}", "corpus") for path in sorted(CORPUS_DIR.glob("*.md"))
    ]
    cards = packaged_cards()
    return [
        document.model_copy(
            update={
                "cards": [
                    card.model_copy(update={"title": document.title})
                    for card in cards
                    if card.document == document.source
                ]
            }
        )
        for document in documents
    ]


def load_paths(paths: list[Path]) -> tuple[list[SourceDocument], list[SkippedFile]]:
    """Files and folders given by the user; each unreadable file is reported and skipped."""
    documents: list[SourceDocument] = []
    skipped: list[SkippedFile] = []
    for given in paths:
        root = str(given.resolve())
        if given.is_dir():
            files = sorted(
                p for p in given.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
            )
        elif given.exists():
            files = [given]
        else:
            skipped.append(SkippedFile(path=str(given), reason="arquivo ou pasta não existe"))
            continue
        for path in files:
            if path.suffix.lower() not in SUFFIXES:
                skipped.append(SkippedFile(path=str(path), reason="formato não suportado"))
                continue
            try:
                documents.append(read_file(path, str(path.resolve()), root))
            except UnreadableFile as error:
                skipped.append(SkippedFile(path=str(path), reason=str(error)))
    return documents, skipped
