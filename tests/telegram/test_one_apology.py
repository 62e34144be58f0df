"""A failing update gets one apology, however many handler groups fail on it, and none of them
answers besides; an apology that Telegram refuses too is logged, not raised."""

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from telegram import Update
from telegram.error import NetworkError
from telegram.ext import ApplicationHandlerStop

from bot.telegram.delivery import TelegramChannel
from bot.telegram.gates import Gates


class _Bot:
    def __init__(self, down: bool = False) -> None:
        self.sent: list[tuple[int, str]] = []
        self.down = down

    async def send_message(self, chat_id: int, text: str, **_: Any) -> None:
        if self.down:
            raise NetworkError("Telegram fora do ar")
        self.sent.append((chat_id, text))


class _Context:
    def __init__(self, bot: _Bot) -> None:
        self.bot, self.error = bot, ConnectionError("sem banco")


def _update(update_id: int) -> Update:
    message = {
        "message_id": 1,
        "date": 0,
        "text": "oi",
        "chat": {"id": 77, "type": "private"},
        "from": {"id": 77, "is_bot": False, "first_name": "C"},
    }
    return Update.de_json({"update_id": update_id, "message": message}, None)  # type: ignore[arg-type]


def test_three_failing_groups_one_apology(channel: TelegramChannel) -> None:
    bot = _Bot()

    async def fail_three_groups() -> None:
        for _ in range(3):
            await channel.on_error(_update(10), _Context(bot))  # type: ignore[arg-type]
        await channel.on_error(_update(11), _Context(bot))  # type: ignore[arg-type]

    asyncio.run(fail_three_groups())
    assert len(bot.sent) == 2 and all("Desculpe" in text for _, text in bot.sent)


def test_an_apology_telegram_refuses_is_not_raised(channel: TelegramChannel) -> None:
    asyncio.run(channel.on_error(_update(12), _Context(_Bot(down=True))))  # type: ignore[arg-type]


def test_a_database_lost_before_an_update_begins_gets_one_apology_and_nothing_else(
    channel: TelegramChannel, tmp_path: Path
) -> None:
    # The database is gone: a file in a folder that does not exist cannot be opened.
    channel.inbox.engine = create_engine(f"sqlite:///{tmp_path / 'sumiu' / 'bot.db'}")
    bot = _Bot()
    update = Update.de_json(
        {
            "update_id": 13,
            "message": {
                "message_id": 1,
                "date": 0,
                "text": "/cotacao",
                "entities": [{"type": "bot_command", "offset": 0, "length": 8}],
                "chat": {"id": 77, "type": "private"},
                "from": {"id": 77, "is_bot": False, "first_name": "C"},
            },
        },
        None,  # type: ignore[arg-type]
    )
    with pytest.raises(ApplicationHandlerStop):  # no later handler (the form) runs
        asyncio.run(Gates(channel).deduplicate(update, _Context(bot)))  # type: ignore[arg-type]
    assert len(bot.sent) == 1 and "Desculpe" in bot.sent[0][1]
