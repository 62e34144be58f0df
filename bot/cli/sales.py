"""`infrabot quotes ...`: sales quotes from the terminal (create, list, show, revise, send,
accept, reject, export to PDF). The operator acts as `local:<conta do sistema>`, the one
identity the terminal can vouch for; its role comes from INFRABOT_STAFF."""

import json
import os
import pwd
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any
from zoneinfo import ZoneInfo

import typer
from rich.console import Console
from rich.table import Table

from bot.cli.job_flags import with_job_flags
from bot.cli.views import show_quote
from bot.sales.errors import QuoteBookError
from quoting.jobspec import JobSpec, normalize
from quoting.units import format_brl, format_date

BRASILIA = ZoneInfo("America/Sao_Paulo")

if TYPE_CHECKING:
    from bot.sales.book import QuoteBook, QuoteRecord

app = typer.Typer(
    help="Cotações comerciais: criar, revisar, enviar e exportar.", invoke_without_command=True
)


@app.callback()
def _group(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:  # `infrabot quotes` alone shows what it can do
        typer.echo(ctx.get_help())


Number = Annotated[
    str, typer.Argument(metavar="NÚMERO", help="Número da cotação, ex.: COT-2026-000123.")
]
# Identities the terminal cannot claim: the bot's own, and those Slack and Telegram vouch for.
_CHANNEL_IDENTITIES = ("infrabot", "slack:", "telegram:")


def _os_account() -> str:
    """The operating-system account running the command: from the process's uid, since USER
    and LOGNAME are the caller's to set."""
    try:
        return pwd.getpwuid(os.getuid()).pw_name
    except KeyError:  # a container's uid with no passwd entry
        return f"uid{os.getuid()}"


def _terminal_identity(actor: str) -> str:
    """Who acts from the terminal: always `local:<account>`, so the audit trail names the real
    person and the role is theirs. Claiming someone else (a Slack or Telegram identity, the bot,
    another account) would let anyone at the keyboard act with that role, above the vendas
    discount cap, and fool the audit."""
    own = f"local:{_os_account()}"
    if actor.strip().lower() in ("local", own.lower()):
        return own
    if actor.lower().startswith(_CHANNEL_IDENTITIES):
        raise QuoteBookError(
            f"--como '{actor}' não vale no terminal: identidades slack:, telegram: e a do bot "
            f"agem só pelos seus canais. No terminal você age como {own}."
        )
    raise QuoteBookError(
        f"--como '{actor}' não é você: no terminal você age como {own} (sua conta no sistema)."
    )


Actor = Annotated[
    str,
    typer.Option(
        "--como",
        help="Quem está agindo: só a sua conta do sistema (local ou local:CONTA), o padrão.",
        callback=_terminal_identity,
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Imprime JSON.")]
Discount = Annotated[str | None, typer.Option("--discount", help="Desconto em % (ex.: 5).")]


def _book() -> "QuoteBook":
    """The quote book, once the terminal's own account is found to be staff (INFRABOT_STAFF)."""
    # The database layer (SQLAlchemy, Alembic) loads only for these commands, not for `quote`.
    from bot.assistant.state import ConversationStore
    from bot.sales.book import QuoteBook, Staff

    staff = Staff.from_environment()
    staff.role(f"local:{_os_account()}")  # raises the pt-BR refusal for a non-staff account
    return QuoteBook(ConversationStore().engine, staff)


def _discount(text: str | None) -> Decimal | None:
    if text is None:
        return None
    try:
        value = Decimal(text.replace(",", ".").rstrip("%"))
    except InvalidOperation as error:
        raise QuoteBookError(
            f"Desconto inválido: '{text}' (use, por exemplo, 5 ou 7,5)."
        ) from error
    if not value.is_finite():
        raise QuoteBookError(f"Desconto inválido: '{text}' (use, por exemplo, 5 ou 7,5).")
    return value


def _data(record: "QuoteRecord") -> dict[str, Any]:
    data = record.model_dump(mode="json", exclude={"quote"})
    data["quote"] = record.quote.to_json_dict()
    for key in ("discount_pct", "total_brl"):
        data[key] = float(data[key])
    return data


def _show(record: "QuoteRecord", as_json: bool, history: bool = False) -> None:
    if as_json:
        typer.echo(json.dumps(_data(record), ensure_ascii=False))
        return
    console = Console()
    console.print(
        f"[b]{record.number}[/b] · {record.client} · {record.status} · revisão {record.revision} · "
        f"válida até {format_date(record.valid_until)} · código do cliente {record.token}"
    )
    show_quote(console, record.quote, normalize(JobSpec.model_validate(record.spec)))
    if history:
        console.print("\n[b]Histórico[/b]")
        for event in record.history:
            console.print(f" • {_event_line(event)}")


_ACTIONS = {"assumida": "assumida por"}


def _event_line(event: dict[str, Any]) -> str:
    """One audit event: when (Brasília time), what, who, and the revision's total if any."""
    moment = datetime.fromisoformat(event["em"]).astimezone(BRASILIA)
    action = _ACTIONS.get(event["acao"], f"{event['acao']} por")
    line = f"{moment:%d/%m/%Y %H:%M} · {action} {event['por']}"
    if "revision" in event:
        line += f" · revisão {event['revision']}"
    if "total_brl" in event:
        line += f" · {format_brl(Decimal(event['total_brl']))}"
    return line


@app.command("create")
@with_job_flags
def create(
    spec: JobSpec,
    client: Annotated[str, typer.Option("--client", help="Nome do cliente.")] = "",
    contact: Annotated[str | None, typer.Option("--contact", help="Contato do cliente.")] = None,
    discount: Discount = None,
    actor: Actor = "local",
    as_json: AsJson = False,
) -> None:
    """Cria uma cotação (rascunho) para um cliente."""
    record = _book().create(
        spec, client, actor, contact=contact, discount_pct=_discount(discount) or Decimal(0)
    )
    _show(record, as_json)


@app.command("list")
def list_quotes(
    status: Annotated[
        str | None,
        typer.Option("--status", help="rascunho, enviada, aceita, recusada ou expirada."),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Lista as cotações, das mais novas às mais antigas."""
    if status is not None and status not in (
        "rascunho",
        "enviada",
        "aceita",
        "recusada",
        "expirada",
    ):
        raise QuoteBookError(f"Situação desconhecida: '{status}'.")
    records = _book().find(status)
    if as_json:
        typer.echo(json.dumps([_data(r) for r in records], ensure_ascii=False))
        return
    table = Table(title="Cotações", title_justify="left", pad_edge=False)
    table.add_column("Número", no_wrap=True)
    table.add_column("Cliente", ratio=1, overflow="fold")
    table.add_column("Situação")
    table.add_column("Rev.", justify="right")
    table.add_column("Total", justify="right", no_wrap=True)
    table.add_column("Válida até", no_wrap=True)
    for r in records:
        table.add_row(
            r.number,
            r.client,
            r.status,
            str(r.revision),
            format_brl(r.total_brl),
            format_date(r.valid_until),
        )
    Console().print(table)


@app.command("show")
def show(number: Number, as_json: AsJson = False) -> None:
    """Mostra uma cotação com itens, premissas e histórico."""
    _show(_book().get(number), as_json, history=True)


@app.command("revise")
@with_job_flags
def revise(
    spec: JobSpec,
    number: Number,
    discount: Discount = None,
    actor: Actor = "local",
    version: Annotated[
        int | None, typer.Option("--versao", help="Versão lida (recusa se mudou).")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Cria uma nova revisão: só mudam as opções informadas (e o desconto)."""
    record = _book().revise(
        number, actor, changes=spec, discount_pct=_discount(discount), expected_version=version
    )
    _show(record, as_json)


@app.command("send")
def send(number: Number, actor: Actor = "local", as_json: AsJson = False) -> None:
    """Marca a cotação como enviada ao cliente."""
    book = _book()
    if book.get(number).status == "enviada":
        typer.echo(f"A cotação {number.upper()} já estava enviada; nada mudou.", err=True)
    _show(book.send(number, actor), as_json)


@app.command("accept")
def accept(number: Number, actor: Actor = "local", as_json: AsJson = False) -> None:
    """Registra que o cliente aceitou."""
    _show(_book().accept(number, actor), as_json)


@app.command("reject")
def reject(number: Number, actor: Actor = "local", as_json: AsJson = False) -> None:
    """Registra que o cliente recusou."""
    _show(_book().reject(number, actor), as_json)


@app.command("export")
def export(
    number: Number, pdf: Annotated[Path, typer.Option("--pdf", help="Arquivo PDF de saída.")]
) -> None:
    """Gera a proposta em PDF."""
    from bot.sales.proposal_pdf import write_proposal

    if pdf.is_dir():
        raise QuoteBookError(f"{pdf} é uma pasta; informe o arquivo, ex.: {pdf / 'proposta.pdf'}")
    if not pdf.parent.is_dir():
        raise QuoteBookError(f"A pasta {pdf.parent} não existe; crie-a ou escolha outra.")
    record = _book().get(number)
    try:
        write_proposal(record, pdf)
    except OSError as error:
        raise QuoteBookError(f"Não consegui gravar {pdf}: {error.strerror or error}.") from error
    typer.echo(f"Proposta {record.number} salva em {pdf}.")
