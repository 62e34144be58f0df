"""What the tests that start servers share: a free local port, whether a port is taken, and a
client's message as Telegram posts it to a webhook."""

import socket
import time
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    """Whether something on this machine accepts connections on `port`."""
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def message(update_id: int, chat: int, words: str, message_id: int) -> dict[str, Any]:
    """A private chat's text message; a leading "/" makes it a command, as Telegram marks it."""
    entities = [{"type": "bot_command", "offset": 0, "length": len(words)}]
    return {
        "update_id": update_id,
        "message": {
            "message_id": message_id,
            "date": int(time.time()),
            "text": words,
            "chat": {"id": chat, "type": "private"},
            "from": {"id": chat, "is_bot": False, "first_name": "Cliente"},
            **({"entities": entities} if words.startswith("/") else {}),
        },
    }
