"""Updates of different chats run concurrently; those of one chat run one after the other, in
the order Telegram sent them, so a client's messages are answered (and relayed to a handoff
thread) in the order they were written."""

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

MAX_CONCURRENT_UPDATES = 256


class ChatOrderedProcessor(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock = self._chats.setdefault(chat.id, asyncio.Lock())
        self._waiting[chat.id] = self._waiting.get(chat.id, 0) + 1
        try:
            async with lock:  # asyncio locks are first come, first served
                await coroutine
        finally:
            self._waiting[chat.id] -= 1
            if not self._waiting[chat.id]:  # forget idle chats, or the dict grows forever
                del self._waiting[chat.id], self._chats[chat.id]

    async def initialize(self) -> None:
        return

    async def shutdown(self) -> None:
        return
