"""Starting the Telegram channel: wiring its handlers, then long polling or the webhook."""

import asyncio
import contextlib
import hashlib
import logging
import os
import signal
from typing import Any

from telegram import Update
from telegram.error import InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.assistant.assistant import Assistant
from bot.ops import logs
from bot.ops.credentials import credential
from bot.ops.errors import ChannelUnavailable
from bot.relay.notices import LEAVE_CALLBACK, LEAVE_COMMAND
from bot.relay.outbox import lease as outbox_lease
from bot.sales.company import warn_unset_identity
from bot.telegram.commands import Commands, set_menus
from bot.telegram.delivery import TelegramChannel
from bot.telegram.form import Form
from bot.telegram.gates import Gates
from bot.telegram.handoff import Leave
from bot.telegram.inbox import bot_id
from bot.telegram.inbox import lease as inbox_lease
from bot.telegram.intake import PollingRequest, is_skipped, take_over
from bot.telegram.launch_plans import LaunchPlans
from bot.telegram.liveness import (
    PTB_LOGGERS,
    Liveness,
    WatchedRequest,
    outage_seconds,
    quiet_failures,
    watch,
)
from bot.telegram.order import ChatOrderedProcessor
from bot.telegram.privacy import Privacy
from bot.telegram.proposals import Proposals
from bot.telegram.staff import Staff
from bot.telegram.store import DatabasePersistence
from bot.telegram.webhook import serve

DEFAULT_API_URL = "https://api.telegram.org/bot"
# Every Bot API call ends within these (PTB's defaults, stated once for both of its clients);
# getUpdates adds its long-poll wait to the read.
BOT_API_TIMEOUTS = {
    "connect_timeout": 5.0,
    "read_timeout": 5.0,
    "write_timeout": 5.0,
    "pool_timeout": 1.0,
}
# httpx scans every pooled connection on each request: PTB's default of 256 made that scan a
# tenth of the CPU under a burst (py-spy, bench/telegram_load.py).
CONNECTION_POOL_SIZE = 8

log = logging.getLogger("infrabot.telegram")


async def _refused_token(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A revoked token fails every call: no apology can go out, and the liveness watcher ends the
    process with one pt-BR line, so the next error handler's traceback is left out."""
    if isinstance(context.error, InvalidToken):
        raise ApplicationHandlerStop


async def _skip_undecodable(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if is_skipped(update):  # already logged by id as it arrived; no handler has work in it
        raise ApplicationHandlerStop


def build_application(
    token: str,
    assistant: Assistant,
    api_url: str | None = None,
    liveness: Liveness | None = None,
) -> Application:  # type: ignore[type-arg]
    channel = TelegramChannel(assistant, bot_id(token))
    liveness = liveness or Liveness(outage_seconds())
    workers: list[asyncio.Task[None]] = []

    async def post_init(application: Application) -> None:  # type: ignore[type-arg]
        await set_menus(application.bot)
        # A plain task, not application.create_task: PTB would wait for it forever at stop.
        workers.append(asyncio.create_task(channel.deliver_outbox(application)))
        workers.append(asyncio.create_task(take_over(channel.inbox, application)))

    async def post_stop(application: Application) -> None:  # type: ignore[type-arg]
        for worker in workers:
            worker.cancel()

    application = (
        Application.builder()
        .token(token)
        .base_url(api_url or os.environ.get("INFRABOT_TELEGRAM_API_URL") or DEFAULT_API_URL)
        .rate_limiter(
            AIORateLimiter(
                # Telegram's broadcast limit; INFRABOT_TELEGRAM_MAX_RATE=0 lifts it (fake APIs).
                overall_max_rate=float(os.environ.get("INFRABOT_TELEGRAM_MAX_RATE") or 30),
                max_retries=5,
            )
        )
        .request(
            WatchedRequest(liveness, connection_pool_size=CONNECTION_POOL_SIZE, **BOT_API_TIMEOUTS)
        )
        .get_updates_request(
            PollingRequest(liveness, channel.inbox, connection_pool_size=1, **BOT_API_TIMEOUTS)
        )
        .persistence(DatabasePersistence(assistant.store))
        .concurrent_updates(ChatOrderedProcessor(channel.inbox))
        .post_init(post_init)
        .post_stop(post_stop)
        .build()
    )
    gates, commands = Gates(channel), Commands(channel)
    form = Form(channel, commands.ask)
    proposals, privacy, staff = Proposals(channel), Privacy(channel), Staff(channel)
    leave = Leave(channel)
    # The inbox's gate first: every update it lets in is then marked answered, skipped or not.
    application.add_handler(TypeHandler(Update, gates.deduplicate), group=-3)
    application.add_handler(TypeHandler(Update, _skip_undecodable), group=-2)
    application.add_handler(TypeHandler(Update, gates.flood_gate), group=-1)
    channel.form = form.handler()
    application.add_handler(channel.form)
    application.add_handler(CommandHandler("start", commands.start))
    application.add_handler(CommandHandler("ajuda", commands.help))
    application.add_handler(CommandHandler("especialista", commands.specialist))
    application.add_handler(CommandHandler(LEAVE_COMMAND, leave.command))
    application.add_handler(CommandHandler("minhas_cotacoes", proposals.my_quotes))
    application.add_handler(CommandHandler("apagar_meus_dados", privacy.forget_ask))
    application.add_handler(CommandHandler("cotacoes", staff.quotes))
    application.add_handler(CommandHandler("enviar", staff.send))
    application.add_handler(CallbackQueryHandler(proposals.proposal_pdf, pattern=r"^pdf:"))
    application.add_handler(
        CallbackQueryHandler(LaunchPlans(channel).send_plan, pattern=r"^plano:")
    )
    application.add_handler(CallbackQueryHandler(privacy.forget_confirm, pattern=r"^lgpd:"))
    application.add_handler(CallbackQueryHandler(leave.button, pattern=f"^{LEAVE_CALLBACK}$"))
    application.add_handler(CallbackQueryHandler(commands.action, pattern=r"^acao:"))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, commands.text))
    application.add_handler(MessageHandler(~filters.TEXT & ~filters.COMMAND, commands.not_text))
    application.add_handler(
        MessageHandler(filters.COMMAND & filters.ChatType.PRIVATE, commands.unknown)
    )
    application.add_handler(CallbackQueryHandler(gates.stale_button))  # after every button's own
    application.add_handler(TypeHandler(Update, gates.save_state), group=99)
    application.add_error_handler(_refused_token)
    application.add_error_handler(channel.on_error)
    return application


def webhook_secret(token: str) -> str:
    """TELEGRAM_WEBHOOK_SECRET, or one derived from the bot token: every replica must register
    and check the same secret, and a random one per process would lock the others out."""
    configured = credential("TELEGRAM_WEBHOOK_SECRET")
    if configured:
        return configured
    return hashlib.sha256(f"infrabot-webhook:{token}".encode()).hexdigest()


def run(token: str, webhook_url: str | None = None, port: int = 8443) -> None:
    """`infrabot telegram` (long polling) or `infrabot telegram --webhook URL --port P`."""
    logs.add_secret(webhook_secret(token))
    logs.configure()
    warn_unset_identity()
    # A webhook replica loads the embedding model once it listens (serve): loading it while the
    # process starts slowed its first answer by about 0.3 s on 2 cores (bench/telegram_load.py).
    assistant = Assistant.from_environment(dense="off" if webhook_url else "background")
    liveness = Liveness(outage_seconds())  # a bad setting stops the start, not the run
    inbox_lease(), outbox_lease()
    application = build_application(token, assistant, liveness=liveness)
    for name in PTB_LOGGERS:
        logging.getLogger(name).addFilter(quiet_failures)
    try:
        if webhook_url:
            secret = webhook_secret(token)
            asyncio.run(serve(application, assistant, webhook_url, port, secret, liveness))
        else:
            asyncio.run(poll(application, liveness))
        assistant.settle()  # exiting while the model loads can end in SIGSEGV instead
    except InvalidToken as error:  # its message quotes the token
        raise ChannelUnavailable(
            "o Telegram recusou o token (TELEGRAM_BOT_TOKEN); confira-o com o @BotFather"
        ) from error
    except NetworkError as error:  # at start-up; later PTB retries on its own
        detail = str(error).replace(token, "***")
        raise ChannelUnavailable(f"não consegui entrar no Telegram ({detail})") from error


def _unreachable(error: TelegramError) -> None:
    """PTB's polling retries after each network error; one line, not its traceback, per try."""
    log.warning("a API do Telegram não respondeu ao getUpdates (%s)", type(error).__name__)


async def poll(application: Application, liveness: Liveness) -> None:  # type: ignore[type-arg]
    """Long polling until SIGINT or SIGTERM, or until Telegram stops hearing the bot: then
    ChannelUnavailable (run_polling would keep a deaf bot running)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    hooks: Any = application
    updater = application.updater
    assert updater is not None
    async with application:  # initialize ... shutdown
        if hooks.post_init:
            await hooks.post_init(application)
        await updater.start_polling(allowed_updates=Update.ALL_TYPES, error_callback=_unreachable)
        await application.start()
        problem = await watch(liveness, stop)
        # A refused token already ended PTB's polling with the error it re-raises here.
        with contextlib.suppress(TelegramError):
            await updater.stop()
        await application.stop()
        if hooks.post_stop:
            await hooks.post_stop(application)
    if problem:
        raise ChannelUnavailable(problem)
