"""Whether Telegram still hears the bot. A token it refuses (revoked while running), or a Bot API
silent for longer than INFRABOT_TELEGRAM_OUTAGE_SECONDS, fails readiness and ends the process
with one pt-BR line, so that the supervisor restarts it and the operator reads why: a bot that
went deaf used to keep running, "healthy"."""

import asyncio
import contextlib
import logging
import time
from typing import Any

from telegram import Bot
from telegram.error import InvalidToken, NetworkError
from telegram.request import HTTPXRequest

from bot.ops.health import channel_down
from bot.ops.settings import positive_seconds

OUTAGE_SECONDS = 300.0  # brief Bot API blips are common; five silent minutes are an outage
CHECK_SECONDS = 1.0
PROBE_SECONDS = 60.0  # webhook mode: how often getWebhookInfo asks whether the token still works
REFUSED = (
    "o Telegram recusou o token (TELEGRAM_BOT_TOKEN), revogado ou trocado com o bot em execução; "
    "confira-o com o @BotFather e reinicie"
)
# The Bot API answers 401 to a revoked token and 404 to a malformed one (PTB's InvalidToken).
REFUSING_STATUSES = (401, 404)


def outage_seconds() -> float:
    return positive_seconds("INFRABOT_TELEGRAM_OUTAGE_SECONDS", OUTAGE_SECONDS)


class Liveness:
    """When the Bot API last answered, and whether it refused the token; silent for longer than
    `outage` seconds, it is taken as gone."""

    def __init__(self, outage: float) -> None:
        self.outage = outage
        self.answered_at = time.monotonic()
        self.refused = False

    def answered(self, status: int) -> None:
        self.answered_at = time.monotonic()
        self.refused = self.refused or status in REFUSING_STATUSES

    def problem(self) -> str | None:
        if self.refused:
            return REFUSED
        silent = time.monotonic() - self.answered_at
        if silent > self.outage:
            return (
                f"a API do Telegram não responde há {silent:.0f} s (limite de "
                f"INFRABOT_TELEGRAM_OUTAGE_SECONDS: {self.outage:.0f} s); confira a rede do "
                "servidor"
            )
        return None


class WatchedRequest(HTTPXRequest):
    """The Bot API's HTTP client, telling `liveness` of every answer (PTB's `do_request` hook)."""

    def __init__(self, liveness: Liveness, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.liveness = liveness

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        status, payload = await super().do_request(*args, **kwargs)
        self.liveness.answered(status)
        return status, payload


# PTB's loggers that log polling failures with their tracebacks.
PTB_LOGGERS = ("telegram.ext", "telegram.ext.Updater")


def quiet_failures(record: logging.LogRecord) -> bool:
    """A logging filter for PTB_LOGGERS: a refused token is dropped (the process says it once,
    in pt-BR), a network error keeps its line without the traceback (the cause is known)."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, InvalidToken):
        return False
    if isinstance(error, NetworkError):
        record.exc_info, record.exc_text = None, None
    return True


async def watch(liveness: Liveness, stop: asyncio.Event) -> str | None:
    """Until `stop`, or until Telegram stops hearing the bot: then readiness fails and the
    reason is returned for the caller to end with."""
    while not stop.is_set():
        problem = liveness.problem()
        if problem:
            channel_down(problem)
            return problem
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), CHECK_SECONDS)
    return None


async def probe(bot: Bot, liveness: Liveness) -> None:
    """Webhook mode hears from Telegram only when someone writes: a call now and then lets the
    request above notice a refused token or a silent API all the same; often enough that a
    healthy API is never silent past the outage limit."""
    every = min(PROBE_SECONDS, liveness.outage / 3)
    while True:
        with contextlib.suppress(InvalidToken, NetworkError):  # the request told liveness
            await bot.get_webhook_info()
        await asyncio.sleep(every)
