"""Updates as they arrive from Telegram: decoded, or logged by id and skipped. An update this
python-telegram-bot cannot decode (a newer `poll` shape, say) used to make every later getUpdates
fail on the same batch: the bot stayed up and answered nobody."""

import logging
from typing import Any

from telegram import Bot, Update

from bot.telegram.liveness import WatchedRequest

log = logging.getLogger("infrabot.telegram")


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
    undecodable update becomes a bare {"update_id"}, so PTB still moves the offset past it."""

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
