"""A failing update gets one apology, however many handler groups fail on it; an apology that
Telegram refuses too is logged, not raised."""

import asyncio
from typing import Any

from telegram import Update
from telegram.error import NetworkError

from bot.telegram.delivery import TelegramChannel


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
