"""Updates as they arrive from Telegram: decoded, or logged by id and skipped. An update this
python-telegram-bot cannot decode (a newer `poll` shape, say) used to make every later getUpdates
fail on the same batch: the bot stayed up and answered nobody. A polled batch is recorded in the
inbox before the next getUpdates tells Telegram it arrived."""

import asyncio
import json
import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from telegram import Bot, Update
from telegram.error import NetworkError
from telegram.ext import Application

from bot.relay.outbox import Outage
from bot.telegram.inbox import Inbox, lease
from bot.telegram.liveness import Liveness, WatchedRequest

log = logging.getLogger("infrabot.telegram")
TAKE_OVER_SECONDS = 5.0


def decode(payload: dict[str, Any], bot: Bot | None) -> Update | None:
    """The update, or None after one log line carrying its id only (no personal data)."""
    try:
        return Update.de_json(payload, bot)
    except Exception:  # whatever this PTB version raises on a shape it does not know
        log.warning(
            "update que esta versão do python-telegram-bot não decodifica: ignorado",
            extra={"update_id": payload.get("update_id")},
        )
        return None


class PollingRequest(WatchedRequest):
    """getUpdates' HTTP client. PTB decodes a batch as a whole and, failing, retries it forever
    at the same offset; `parse_json_payload` is its documented hook on the raw JSON, where an
    undecodable update becomes a bare {"update_id"}, so PTB still moves the offset past it.
    Each batch goes into the inbox before PTB sees it: PTB's next call acknowledges it."""

    def __init__(self, liveness: Liveness, inbox: Inbox, **kwargs: Any) -> None:
        super().__init__(liveness, **kwargs)
        self.inbox = inbox

    async def do_request(self, url: str, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        status, payload = await super().do_request(url, *args, **kwargs)
        if status == 200 and url.endswith("/getUpdates"):
            try:
                batch = json.loads(payload).get("result")
            except ValueError:
                return status, payload  # PTB says what is wrong with it
            if isinstance(batch, list) and batch:
                await self._record([item for item in batch if isinstance(item, dict)])
        return status, payload

    async def _record(self, batch: list[dict[str, Any]]) -> None:
        try:
            await asyncio.to_thread(lambda: [self.inbox.record(item) for item in batch])
        except SQLAlchemyError as error:
            # Not kept, not acknowledged: PTB asks for the same batch again after a pause.
            log.error("não consegui guardar os updates recebidos; o Telegram os manda de novo")
            raise NetworkError("caixa de entrada indisponível") from error

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        data = WatchedRequest.parse_json_payload(payload)
        if isinstance(data.get("result"), list):
            data["result"] = [
                item if decode(item, None) is not None else {"update_id": item.get("update_id")}
                for item in data["result"]
            ]
        return data


def is_skipped(update: Update) -> bool:
    """The bare update left in place of one that could not be decoded."""
    return update.to_dict().keys() <= {"update_id"}


async def take_over(inbox: Inbox, application: Application) -> None:  # type: ignore[type-arg]
    """Until cancelled, every few seconds: the leases of this process's updates renewed, and
    the updates whose process stopped before answering them into this process's queue (the
    inbox leases each to this process first)."""
    outage = Outage("não consegui ler a caixa de entrada de updates")
    every = min(TAKE_OVER_SECONDS, lease().total_seconds() / 4)
    while True:
        try:
            await asyncio.to_thread(inbox.renew)
            for payload in await asyncio.to_thread(inbox.overdue):
                update = decode(payload, application.bot)
                if update is not None:
                    await application.update_queue.put(update)
            outage.recovered()
        except SQLAlchemyError:
            outage.failed()
        await asyncio.sleep(every)
