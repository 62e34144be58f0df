"""/voltar_ao_bot and its button: a client handed to the team goes back to the bot at any time;
the handoff closes and its Slack thread is told."""

import asyncio

from telegram import Update
from telegram.ext import ContextTypes

from bot.relay.notices import NOT_IN_HANDOFF
from bot.telegram.delivery import TelegramChannel, client_name, conversation_id
from bot.telegram.language import user_language
from locales import _, speaking


class Leave:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self._leave(update, context)

    async def button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.callback_query is not None
        await update.callback_query.answer()
        await self._leave(update, context)

    async def _leave(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The client is told through the outbox, after anything the team already wrote; in the
        language of their Telegram app."""
        chat = update.effective_chat
        assert chat is not None
        bridge = self.channel.bridge
        with speaking(user_language(update)):
            left = await asyncio.to_thread(
                bridge.client_left, conversation_id(update), client_name(update)
            )
            if not left:
                await context.bot.send_message(chat.id, _(NOT_IN_HANDOFF))
