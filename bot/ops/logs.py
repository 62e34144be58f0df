"""Logs for operators: JSON lines (INFRABOT_LOG_FORMAT=json, the default for the services) with
the request id of the update or Slack request being handled. Message text and personal data are
logged only at DEBUG (INFRABOT_LOG_LEVEL=DEBUG); secrets never, whatever a library prints."""

import logging
import os
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

from bot.ops.credentials import credential

request_id: ContextVar[str] = ContextVar("request_id", default="-")
SECRET_NAMES = (
    "TELEGRAM_BOT_TOKEN",
    "TELEGRAM_WEBHOOK_SECRET",
    "SLACK_BOT_TOKEN",
    "SLACK_APP_TOKEN",
    "SLACK_SIGNING_SECRET",
    "INFRABOT_DATABASE_URL",
)


@contextmanager
def handling(request: str | None = None) -> Iterator[str]:
    """Everything logged inside carries this request id (a new one when none is given)."""
    token = request_id.set(request or uuid.uuid4().hex[:12])
    try:
        yield request_id.get()
    finally:
        request_id.reset(token)


# Secrets the process derives from others (the webhook secret made from the bot token).
_derived: list[str] = []


def add_secret(secret: str) -> None:
    """Mask `secret` in every log line from now on."""
    if secret not in _derived:
        _derived.append(secret)


class RequestContext(logging.Filter):
    """Stamps the request id on every record and masks any secret in it: in the message (httpx
    logs request URLs, and Telegram's carry the bot token), in the exception and its traceback
    (PTB's InvalidToken quotes the token) and in the stack."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = secrets

    def _mask(self, text: str) -> str:
        for secret in [*self.secrets, *_derived]:
            if len(secret) >= 8:
                text = text.replace(secret, "***")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        message = record.getMessage()
        masked = self._mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info:
            # Rendered here, masked, and kept as text: formatters print exc_text as it is.
            record.exc_text = self._mask(_RENDER.formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self._mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self._mask(record.stack_info)
        return True


_RENDER = logging.Formatter()


def debug_enabled() -> bool:
    return logging.getLogger("infrabot").isEnabledFor(logging.DEBUG)


def configure(default_format: str = "json") -> None:
    """Set up the root logger once per process (the services call it at start)."""
    level = (os.environ.get("INFRABOT_LOG_LEVEL") or "INFO").upper()
    form = (os.environ.get("INFRABOT_LOG_FORMAT") or default_format).lower()
    handler = logging.StreamHandler(sys.stderr)
    if form == "json":
        handler.setFormatter(
            JsonFormatter(
                "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            )
        )
    else:
        handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s")
        )
    handler.addFilter(RequestContext([s for n in SECRET_NAMES if (s := credential(n))]))
    # Bolt's INFO line on a bad signature carries the whole unverified body (a forged request's
    # payload, or a real client's after a signing-secret rotation); bolt resets its loggers'
    # levels when an App is built, so the handler drops it.
    handler.addFilter(
        lambda record: (
            record.name != "slack_bolt.RequestVerification" or record.levelno >= logging.WARNING
        )
    )
    logging.basicConfig(level=level, handlers=[handler], force=True)
    logging.captureWarnings(True)  # library warnings as log lines too, not raw stderr
    # httpx logs every request URL at INFO; Telegram's URLs carry the token (masked anyway).
    logging.getLogger("httpx").setLevel(logging.WARNING)
