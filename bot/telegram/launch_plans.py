"""The "Plano de execução" button: a client's quote as a SkyPilot task file with a pt-BR how-to."""

import asyncio

from telegram import Update
from telegram.ext import ContextTypes

from bot.sales.launch import plan_document
from bot.telegram.delivery import TelegramChannel
from bot.telegram.language import user_language
from bot.telegram.proposals import own_quote
from locales import speaking
from quoting.launch_plan import PlanError


class LaunchPlans:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def send_plan(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        with speaking(user_language(update)):
            await self._send_plan(update, context)

    async def _send_plan(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        record = await own_quote(self.channel, update, context)
        if record is None:
            return
        chat = update.effective_chat
        assert chat is not None
        try:
            document = await asyncio.to_thread(plan_document, record)
        except PlanError as error:
            await context.bot.send_message(chat.id, str(error))
            return
        await context.bot.send_document(
            chat.id, document.content, filename=document.file_name, caption=document.caption
        )
