"""The `infrabot` command line. Errors reach the user as short pt-BR messages, never tracebacks."""

import json
import re
import sys

import typer

from bot.cli import (
    channels,
    company,
    database,
    engine,
    knowledge_base,
    plan,
    ptbr,
    rent_buy,
    sales,
)
from bot.cli.catalog_refresh import app as catalog_app
from bot.ops.credentials import MissingCredential, credential
from bot.ops.errors import BadSetting, ChannelUnavailable, DatabaseUnavailable
from knowledge.errors import KnowledgeUnavailable
from quoting.errors import InvalidJob, QuotingError
from quoting.recommend import NoViableOffer

ptbr.install()

app = typer.Typer(
    name="infrabot",
    help="infrabot: dimensiona e cota infraestrutura (GPU ou TPU) para fine-tuning de modelos.",
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


@app.command("start")
def start() -> None:
    """Inicia o infrabot: o bot do Telegram com TELEGRAM_BOT_TOKEN, o chat no terminal sem ele.
    Na primeira vez, constrói o índice de conhecimento."""
    knowledge_base.ensure_index()
    if credential("TELEGRAM_BOT_TOKEN"):
        channels.telegram()
    else:
        channels.chat()


app.command("quote")(engine.quote)
app.command("estimate")(engine.estimate)
app.add_typer(catalog_app, name="catalog")
app.command("index")(knowledge_base.index)
app.command("search")(knowledge_base.search)
app.command("ask")(channels.ask)
app.command("chat")(channels.chat)
app.command("telegram")(channels.telegram)
app.command("slack")(channels.slack)
app.command("plan")(plan.plan)
app.command("comprar-ou-alugar")(rent_buy.rent_or_buy)
app.command("empresa")(company.company)
app.add_typer(sales.app, name="quotes")
app.add_typer(database.app, name="db")


_KNOWN_USAGE_ERRORS = [
    (re.compile(r"No such command '(.*)'"), "Comando desconhecido: '{}'."),
    (re.compile(r"unexpected extra argument\S* \((.*)\)"), "Argumento não reconhecido: {}."),
    (re.compile(r"Option '(.*)' requires an argument"), "Faltou o valor de {}."),
    (re.compile(r"Missing (?:option|argument) '?([^'.]*)"), "Falta o parâmetro {}."),
]


def _usage_message(error: typer.TyperException) -> str:
    """pt-BR for typer's (English) usage errors; typer exposes only their common base. The help
    pointed to is the one of the command that was typed (`infrabot quote --help`)."""
    message = error.format_message()
    context = getattr(error, "ctx", None)
    see = f" Veja '{context.command_path if context else 'infrabot'} --help'."
    for pattern, template in _KNOWN_USAGE_ERRORS:
        match = pattern.search(message)
        if match:
            return template.format(*match.groups()) + see
    option = getattr(error, "option_name", None)
    if option:
        return f"Opção desconhecida: {option}.{see}"
    param = getattr(error, "param", None)
    if isinstance(error, typer.BadParameter):
        if param is None:  # raised by our own commands, already in pt-BR
            return f"Valor inválido: {error.message}."
        name = param.opts[0] if param.opts else param.name
        return f"Valor inválido para {name}.{see}"
    return f"Comando inválido.{see}"


def _one_line(text: str) -> str:
    """A value echoed in an error may hold line breaks and control characters: one line, always."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


def _fail(message: str, suggestions: list[str], field: str | None, as_json: bool) -> None:
    message = _one_line(message)
    if as_json:
        print(
            json.dumps(
                {"error": message, "field": field, "suggestions": suggestions}, ensure_ascii=False
            )
        )
    else:
        print(f"Erro: {message}", file=sys.stderr)
        for suggestion in suggestions:
            print(f"  • {suggestion}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    as_json = "--json" in sys.argv
    try:
        # Without standalone mode click returns a command's typer.Exit code instead of raising it.
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except typer.Abort:
        sys.exit(130)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except NoViableOffer as error:
        _fail(str(error), error.suggestions, None, as_json)
    except InvalidJob as error:
        _fail(str(error), [], error.field, as_json)
    except (
        QuotingError,
        KnowledgeUnavailable,
        MissingCredential,
        ChannelUnavailable,
        DatabaseUnavailable,
        BadSetting,
    ) as error:
        _fail(str(error), [], None, as_json)
    except typer.TyperException as error:
        _fail(_usage_message(error), [], None, as_json)
