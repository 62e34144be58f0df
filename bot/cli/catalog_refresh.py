"""`infrabot catalog` as a group: the listing, and `catalog refresh`, which reads every registered
price source and writes a dated snapshot under INFRABOT_HOME/catalog/ (never the tracked file);
a failed source or a move beyond 10% is queued for the staff's Slack channel."""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bot.cli import engine
from bot.ops.credentials import credential
from quoting.catalog import DEFAULT_CATALOG, Catalog, newest_good_snapshot
from quoting.datafiles import load
from quoting.errors import QuotingError
from quoting.units import today_in_brazil

if TYPE_CHECKING:
    from bot.market.refresh import Run
    from bot.market.sources import Source

app = typer.Typer(invoke_without_command=True)
app.callback(invoke_without_command=True)(engine.catalog)


@app.command("refresh")
def refresh_command(
    fonte: Annotated[
        list[str] | None,
        typer.Option("--fonte", help="Só esta fonte (repita para várias; padrão: todas)."),
    ] = None,
    respostas: Annotated[
        Path | None,
        typer.Option(
            "--respostas",
            help="Pasta com respostas gravadas (responses.toml) no lugar da rede.",
            exists=True,
            file_okay=False,
        ),
    ] = None,
    catalog: engine.CatalogFlag = None,
) -> None:
    """Atualiza os preços pelas fontes registradas e grava um snapshot datado em
    INFRABOT_HOME/catalog/, que as cotações passam a usar; o catálogo do repositório não muda."""
    # The readers load only for a refresh: every other `infrabot` command starts without them.
    from bot.market import sources
    from bot.market.alerts import alert_lines, report_lines
    from bot.market.refresh import refresh
    from bot.market.snapshots import prune, write_snapshot

    base = catalog or Path(os.environ.get("INFRABOT_CATALOG") or DEFAULT_CATALOG)
    load(base, Catalog)  # a broken base is refused before any download
    try:
        picked = sources.chosen(fonte or [], sources.SOURCES)
    except ValueError as error:
        raise QuotingError(str(error)) from error
    if not picked:
        raise QuotingError("nenhuma fonte de preços registrada (bot/market/sources.py)")
    now = datetime.now(UTC)
    previous = newest_good_snapshot()
    with _runs(picked, respostas) as runs:
        result = refresh(
            base.read_text(encoding="utf-8"),
            previous[1] if previous else None,
            runs,
            today_in_brazil(),
        )
    snapshot = None
    if result.read:
        header = f"# infrabot catalog refresh, {now:%Y-%m-%d %H:%M} UTC, sobre {base.name}.\n"
        snapshot = write_snapshot(header + result.text, now)
        prune()
    for line in report_lines(result):
        typer.echo(line)
    _alert(alert_lines(result, snapshot), now)
    if snapshot is None:
        raise QuotingError("nenhuma fonte respondeu; nenhum snapshot foi gravado")
    typer.echo(f"Snapshot gravado em {snapshot}.")
    if os.environ.get("INFRABOT_CATALOG"):
        typer.echo("Atenção: INFRABOT_CATALOG está definido, e as cotações usam esse arquivo.")


@contextmanager
def _runs(picked: "list[Source]", recorded: Path | None) -> "Iterator[list[Run]]":
    """Each source with its getter: the recorded folder, or HTTP with its key. A source whose
    key is not set is skipped, with a line saying which variable to set."""
    from bot.market.points import SourceError
    from bot.market.refresh import Run

    if recorded is not None:
        from bot.market.getters import recorded_getter

        try:
            get = recorded_getter(recorded)
        except SourceError as error:
            raise QuotingError(str(error)) from error
        yield [Run(source, get) for source in picked]
        return
    from bot.market.getters import http_client, http_getter  # httpx: only when refreshing

    runs = []
    with http_client() as client:
        for source in picked:
            key = credential(source.key_env) if source.key_env else None
            if source.key_env and not key:
                typer.echo(f"Pulada: {source.name} (defina {source.key_env} com a chave da API).")
                continue
            runs.append(Run(source, http_getter(client, key, source.key_param)))
        yield runs


def _alert(lines: list[str], now: datetime) -> None:
    """Queue the alert in the outbox; the Slack app delivers it (retrying while Slack is down),
    so this job needs the database but no Slack token."""
    if not lines:
        return
    channel = os.environ.get("INFRABOT_SLACK_LEADS_CHANNEL")
    if not channel:
        typer.echo("Sem INFRABOT_SLACK_LEADS_CHANNEL: o alerta não vai para o Slack.")
        return
    from bot.db.engine import open_engine  # the database only when there is something to say
    from bot.relay.outbox import Outbox
    from bot.relay.slack_posts import escape

    Outbox(open_engine()).put(
        "slack",
        stream="catalog-refresh",
        key=f"catalog-refresh:{now.isoformat()}",
        kind="catalog_alert",
        payload={"channel": channel, "text": "\n".join(escape(line) for line in lines)},
    )
    typer.echo("Alerta na fila do canal da equipe no Slack.")
