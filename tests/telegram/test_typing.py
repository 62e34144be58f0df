""" "typing…" shows only for a reply that takes a while, and not while many replies are under
way: each typing action takes a place in Telegram's 30 sends per second that a reply needs."""

import asyncio
from typing import Any

import pytest

import bot.telegram.delivery as delivery
from bot.telegram.delivery import TelegramChannel


class _Bot:
    def __init__(self) -> None:
        self.actions: list[tuple[int, str]] = []
        self.typed = asyncio.Event()

    async def send_chat_action(self, chat_id: int, action: str, **_: Any) -> None:
        self.actions.append((chat_id, action))
        self.typed.set()


def test_a_reply_that_takes_a_while_shows_typing(
    channel: TelegramChannel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "TYPING_AFTER_SECONDS", 0.0)
    bot = _Bot()

    async def slow_reply() -> None:
        async with channel.typing(bot, 42):  # type: ignore[arg-type]
            await asyncio.wait_for(bot.typed.wait(), 10)

    asyncio.run(slow_reply())
    assert bot.actions == [(42, "typing")]


def test_a_quick_reply_sends_no_typing(channel: TelegramChannel) -> None:
    bot = _Bot()

    async def quick_reply() -> None:
        async with channel.typing(bot, 42):  # type: ignore[arg-type]
            pass
        await asyncio.sleep(0.05)

    asyncio.run(quick_reply())
    assert bot.actions == []


def test_no_typing_while_many_replies_are_under_way(
    channel: TelegramChannel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "TYPING_AFTER_SECONDS", 0.0)
    bot = _Bot()

    async def burst() -> None:
        release = asyncio.Event()

        async def reply(chat: int) -> None:
            async with channel.typing(bot, chat):  # type: ignore[arg-type]
                await release.wait()

        replies = [asyncio.create_task(reply(chat)) for chat in range(delivery.BUSY_REPLIES + 1)]
        await asyncio.sleep(0.05)  # every reply's typing timer has fired by now
        release.set()
        await asyncio.gather(*replies)

    asyncio.run(burst())
    assert bot.actions == []
