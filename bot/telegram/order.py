"""Updates of different chats run concurrently; those of one chat run one after the other, in
the order Telegram sent them, so a client's messages are answered (and relayed to a handoff
thread) in the order they were written. Once an update's handlers are done it is marked answered
in the inbox."""

import asyncio
import logging
from collections.abc import Awaitable
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
        self._chats: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await self._answer(update, coroutine)
            return
        lock = self._chats.setdefault(chat.id, asyncio.Lock())
        self._waiting[chat.id] = self._waiting.get(chat.id, 0) + 1
        try:
            async with lock:  # asyncio locks are first come, first served
                await self._answer(update, coroutine)
        finally:
            self._waiting[chat.id] -= 1
            if not self._waiting[chat.id]:  # forget idle chats, or the dict grows forever
                del self._waiting[chat.id], self._chats[chat.id]

    async def _answer(self, update: object, coroutine: Awaitable[Any]) -> None:
        """The handlers, then the inbox row marked, before the chat's next update starts: a
        copy of this update waiting behind it then finds it answered."""
        await coroutine
        if not isinstance(update, Update):
            return
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
