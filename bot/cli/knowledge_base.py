"""`infrabot index` and `infrabot search`: build the knowledge index (and the intent classifier's
weights, so that no bot start fits them) and look into it.

The knowledge modules load Chroma and LangChain, so they are imported inside the commands:
`infrabot quote` never pays for them.
"""

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from quoting.units import format_number

if TYPE_CHECKING:
    from knowledge.indexer import IndexSummary


def _build(paths: list[Path], console: Console) -> None:
    """Build the index with a progress bar (a line per tenth of the way when the output is no
    terminal: a service's log, a pipe), then a one-line summary."""
    from knowledge.indexer import build_index

    if not console.is_terminal:
        said = [-1]

        def line(done: int, total: int) -> None:
            tenth = done * 10 // max(total, 1)
            if tenth > said[0]:
                said[0] = tenth
                console.print(f"Gerando embeddings: {done}/{total} trechos")

        _summarize(build_index(paths, progress=line), console)
        return

    columns = (
        TextColumn("Gerando embeddings"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("embeddings", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        summary = build_index(paths, progress=advance)
    _summarize(summary, console)


def _summarize(summary: "IndexSummary", console: Console) -> None:
    for skipped in summary.skipped:
        console.print(
            f"[yellow]Ignorado:[/yellow] {skipped.path} ({skipped.reason})", soft_wrap=True
        )
    console.print(
        f"Arquivos: {summary.added} adicionados · {summary.updated} atualizados · "
        f"{summary.removed} removidos · {summary.unchanged} sem mudança. "
        f"Trechos: {summary.chunks_embedded} embutidos, {summary.chunks_deleted} apagados, "
        f"{summary.chunks_total} no índice. Tempo: {format_number(summary.seconds, 1)} s."
    )


def index(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="CAMINHOS", help="Arquivos ou pastas extras (Markdown, texto, HTML, PDF)."
        ),
    ] = None,
) -> None:
    """(Re)constrói o índice de conhecimento (corpus, catálogo e os arquivos indicados) e o
    classificador de intenções."""
    from bot.assistant.intent import build

    _build(paths or [], Console())
    build()


def ensure_index() -> None:
    """First run: build the knowledge index when it is empty, so that the first answer already
    uses it. Messages go to stderr, for the operator; an unreachable index is left to the
    retriever, which falls back to the local corpus and logs why."""
    from knowledge.errors import KnowledgeUnavailable
    from knowledge.store import KnowledgeStore

    try:
        if KnowledgeStore.open().count():
            return
    except KnowledgeUnavailable:
        return
    console = Console(stderr=True)
    console.print("Primeira execução: construindo o índice de conhecimento (uma vez só).")
    _build([], console)


def search(
    query: Annotated[
        str, typer.Argument(metavar="PERGUNTA", help="A pergunta, como o cliente escreveria.")
    ],
    k: Annotated[int, typer.Option("-k", min=1, max=20, help="Quantos trechos mostrar.")] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Imprime um objeto JSON.")] = False,
    dense: Annotated[
        bool,
        typer.Option(
            "--denso",
            help="Soma a busca por embeddings, como o bot com o modelo carregado (mais lenta).",
        ),
    ] = False,
) -> None:
    """Mostra os trechos do conhecimento que melhor respondem a uma pergunta, com notas."""
    from knowledge.retriever import KnowledgeRetriever

    if not query.strip():
        raise typer.BadParameter("a pergunta está vazia")
    # Loading the embedding model (torch, sentence-transformers) takes most of a one-shot
    # search; its ranking only breaks ties (DENSE_WEIGHT), so it is asked for, not implied.
    result = KnowledgeRetriever.load(dense="now" if dense else "off").search(query, k)
    if as_json:
        typer.echo(json.dumps(result.model_dump(), ensure_ascii=False))
        return
    console = Console()
    if result.notice:
        console.print(f"[yellow]{result.notice}[/yellow]")
    for position, passage in enumerate(result.passages, start=1):
        console.print(
            f"\n[b]{position}. {passage.title}[/b]  ({passage.source}, nota "
            f"{format_number(passage.score, 4)})"
        )
        console.print(passage.text)
