"""`infrabot ask` and `infrabot chat`: the assistant from the terminal; `infrabot telegram` and
`infrabot slack`: the channels.

The assistant loads Chroma, LangChain and the database, so it is imported inside the commands.
"""

import errno
import json
import logging
import os
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown

from bot.cli.knowledge_base import ensure_index
from bot.ops.credentials import credential

if TYPE_CHECKING:
    from bot.assistant.reply import Reply

EXIT_WORDS = {"/sair", "/exit", "/quit", "sair"}
# The conversations table's key (String(128)); PostgreSQL refuses a longer one.
MAX_CONVERSATION_ID = 128
COULD_NOT_ANSWER = "Não consegui responder esta mensagem. Pode reformular?"
LOGGER = logging.getLogger(__name__)


def ask(
    question: Annotated[
        str,
        typer.Argument(
            metavar="PERGUNTA",
            help="A pergunta ou o job; '-' lê uma mensagem por linha da entrada.",
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Imprime um objeto JSON por resposta.")
    ] = False,
    conversation: Annotated[
        str | None, typer.Option("--conversa", help="Identificador para manter o contexto.")
    ] = None,
) -> None:
    """Uma resposta do assistente; com '-', uma por linha da entrada, com o modelo carregado
    uma vez."""
    if conversation is not None and not 0 < len(conversation) <= MAX_CONVERSATION_ID:
        raise typer.BadParameter(f"--conversa deve ter de 1 a {MAX_CONVERSATION_ID} caracteres")
    from bot.assistant.assistant import Assistant
    from bot.assistant.fixed_replies import no_one_to_call
    from bot.assistant.reply import Reply as AnswerReply

    batch = question == "-"
    # One-shot answers skip the seconds-long embedding model load; a batch loads it alongside.
    assistant = Assistant.from_environment(dense="background" if batch else "off")
    conversation_id = conversation or f"cli-{uuid.uuid4().hex}"
    lines = sys.stdin if batch else [question]
    for line in lines:
        if batch and not line.strip():
            continue
        try:
            reply = assistant.reply(conversation_id, line.rstrip("\n"))
        except Exception:  # one bad line must not drop the lines after it
            LOGGER.exception("ask: a message could not be answered")
            reply = AnswerReply(answer=COULD_NOT_ANSWER, intent="error")
        if as_json:
            typer.echo(json.dumps(reply.to_json_dict(), ensure_ascii=False), nl=True)
            sys.stdout.flush()
        else:  # the JSON keeps `handoff` for an integration that has its own team to call
            show_reply(Console(), no_one_to_call(reply))
    assistant.settle()


def show_reply(console: Console, reply: "Reply", numbered: bool = False) -> None:
    """The reply; in the chat, its options numbered to be picked by number or by words. Operator
    notices (an index to rebuild) go to the log, never to the client."""
    console.print(Markdown(reply.answer.replace("\n", "  \n")))
    if reply.attach_proposal:
        console.print("[dim](No Telegram, o PDF da proposta vai anexo a esta resposta.)[/dim]")
    if reply.actions and numbered:
        options = [f"{n}. {action}" for n, action in enumerate(reply.actions, start=1)]
        console.print("[dim]Opções (digite o número ou o texto): " + " · ".join(options) + "[/dim]")
    elif reply.actions:
        console.print("[dim]Opções: " + " · ".join(reply.actions) + "[/dim]")


def chosen_action(text: str, actions: list[str]) -> str:
    """The option a bare number picks among the last reply's, else the text as typed."""
    number = text.strip().rstrip(".")
    if number.isdigit() and 1 <= int(number) <= len(actions):
        return actions[int(number) - 1]
    return text


def telegram(
    webhook: Annotated[
        str | None,
        typer.Option("--webhook", help="URL pública do webhook (sem ela, long polling)."),
    ] = None,
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="Porta local do webhook.")
    ] = 8443,
) -> None:
    """Roda o bot do Telegram (precisa de TELEGRAM_BOT_TOKEN)."""
    token = credential("TELEGRAM_BOT_TOKEN")
    if not token:
        raise typer.BadParameter("defina TELEGRAM_BOT_TOKEN com o token do bot")
    from bot.telegram.app import run

    with _port_in_use_is_a_message(port if webhook else None):
        run(token, webhook, port)
    _leave()


def slack(
    http: Annotated[
        bool, typer.Option("--http", help="Events API por HTTP em vez de Socket Mode.")
    ] = False,
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="Porta local do modo HTTP.")
    ] = 3000,
) -> None:
    """Roda o app da equipe no Slack (precisa de SLACK_BOT_TOKEN e de SLACK_APP_TOKEN, ou de
    SLACK_SIGNING_SECRET com --http)."""
    token = credential("SLACK_BOT_TOKEN")
    if not token:
        raise typer.BadParameter("defina SLACK_BOT_TOKEN com o token do bot (xoxb-...)")
    if http and not credential("SLACK_SIGNING_SECRET"):
        raise typer.BadParameter("com --http, defina SLACK_SIGNING_SECRET (assinatura do Slack)")
    if not http and not credential("SLACK_APP_TOKEN"):
        raise typer.BadParameter(
            "no Socket Mode, defina SLACK_APP_TOKEN (xapp-...) ou use --http --port P"
        )
    from bot.slack.app import run

    with _port_in_use_is_a_message(port if http else None):
        run(token, http, port)
    _leave()


def _leave() -> NoReturn:
    """A channel that stopped in order ends here, without the interpreter's teardown: with the
    embedding model's and Chroma's native threads still alive, that teardown now and then died
    of SIGSEGV (exit -11) instead of exiting 0, and a supervisor would count a crash."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


@contextmanager
def _port_in_use_is_a_message(port: int | None) -> Iterator[None]:
    """A busy port is an operator's everyday mistake: say so in a line, not a traceback."""
    try:
        yield
    except OSError as error:
        if port is None or error.errno != errno.EADDRINUSE:
            raise
        typer.echo(f"Erro: a porta {port} já está em uso; escolha outra com --port.", err=True)
        raise typer.Exit(2) from error


def chat() -> None:
    """Conversa com o assistente no terminal (digite /sair para terminar)."""
    from bot.assistant.assistant import Assistant
    from bot.assistant.fixed_replies import no_one_to_call

    ensure_index()
    console = Console()
    console.print(
        "[b]infrabot[/b] · cotações de GPU/TPU para fine-tuning. Digite /sair para terminar."
    )
    assistant = Assistant.from_environment(dense="background")
    conversation_id = f"terminal-{uuid.uuid4().hex}"
    reply = assistant.reply(conversation_id, "oi")
    show_reply(console, reply, numbered=True)
    while True:
        try:
            text = console.input("\n[b green]você>[/b green] ")
        except (EOFError, KeyboardInterrupt):
            break
        if text.strip().lower() in EXIT_WORDS:
            break
        reply = no_one_to_call(assistant.reply(conversation_id, chosen_action(text, reply.actions)))
        show_reply(console, reply, numbered=True)
    console.print("Até logo!")
    assistant.settle()
