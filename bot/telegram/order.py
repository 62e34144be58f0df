"""Updates of different chats run concurrently; those of one chat run one after the other, in
the order Telegram sent them, so a client's messages are answered (and relayed to a handoff
thread) in the order they were written. Once an update's handlers are done it is marked answered
in the inbox."""

import asyncio
import logging
from collections.abc import Awaitable, Hashable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.telegram.inbox import Inbox

log = logging.getLogger("infrabot.telegram")
MAX_CONCURRENT_UPDATES = 256


class ChatOrderedProcessor(BaseUpdateProcessor):
    def __init__(self, inbox: Inbox, max_concurrent_updates: int = MAX_CONCURRENT_UPDATES) -> None:
        super().__init__(max_concurrent_updates)
        self.inbox = inbox
        self._chats: dict[Hashable, asyncio.Lock] = {}
        self._waiting: dict[Hashable, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if not isinstance(update, Update):
            await coroutine
            return
        # One chat at a time; an update with no chat is kept from its own copies only (one
        # polled, one taken over from a stopped process).
        chat = update.effective_chat
        key: Hashable = chat.id if chat else ("update", update.update_id)
        lock = self._chats.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:  # asyncio locks are first come, first served
                await self._answer(update, coroutine)
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:  # forget idle chats, or the dict grows forever
                del self._waiting[key], self._chats[key]

    async def _answer(self, update: Update, coroutine: Awaitable[Any]) -> None:
        """The handlers, then the inbox row marked, before the chat's next update starts: a
        copy of this update waiting behind it then finds it answered."""
        await coroutine
        try:
            await asyncio.to_thread(self.inbox.answered, update.update_id)
        except SQLAlchemyError:  # taken over after its lease, and answered again: said in the log
            log.warning(
                "não consegui marcar o update como respondido; ele será retomado",
                extra={"update_id": update.update_id},
            )

    async def initialize(self) -> None:
        return

    async def shutdown(self) -> None:
        return
