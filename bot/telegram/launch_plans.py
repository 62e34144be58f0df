"""The "Plano de execução" button: a client's quote as a SkyPilot task file with a pt-BR how-to."""

import asyncio

from telegram import Update
from telegram.ext import ContextTypes

from bot.sales.launch import plan_document
from bot.telegram.delivery import TelegramChannel, conversation_id
from quoting.launch_plan import PlanError


class LaunchPlans:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def send_plan(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        number = (query.data or "plano:").split(":", 1)[1]
        owned = {
            r.number: r
            for r in await asyncio.to_thread(self.channel.book.for_client, conversation_id(update))
        }
        if number not in owned:  # another client's number: say nothing about it
            await context.bot.send_message(chat.id, "Não encontrei essa cotação entre as suas.")
            return
        try:
            document = await asyncio.to_thread(plan_document, owned[number])
        except PlanError as error:
            await context.bot.send_message(chat.id, str(error))
            return
        await context.bot.send_document(
            chat.id, document.content, filename=document.file_name, caption=document.caption
        )
