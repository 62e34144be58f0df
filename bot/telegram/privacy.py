"""/apagar_meus_dados: LGPD deletion of what the bot keeps about a client, after a confirmation."""

import asyncio

from telegram import Update
from telegram.ext import ContextTypes

from bot.telegram.delivery import TelegramChannel, conversation_id
from bot.telegram.store import forget_chat
from bot.telegram.views import buttons
from quoting.units import plural


def _yours(count: int) -> str:
    """ "Sua cotação fica", "Suas 3 cotações ficam" """
    if count == 1:
        return "Sua cotação fica"
    return f"Suas {plural(count, 'cotação', 'cotações')} ficam"


class Privacy:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def forget_ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(
            "Isso apaga o que guardamos sobre você: o job em andamento, a última cotação, o "
            "histórico recente, as respostas da cotação guiada e o que o atendimento guardou "
            "para a equipe. Confirma?",
            reply_markup=buttons(("Sim, apagar meus dados", "lgpd:sim"), ("Não", "lgpd:nao")),
        )

    async def forget_confirm(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        if query.data != "lgpd:sim":
            await context.bot.send_message(chat.id, "Tudo certo, nada foi apagado.")
            return
        channel, conversation = self.channel, conversation_id(update)
        had_conversation = await asyncio.to_thread(channel.assistant.forget, conversation)
        await asyncio.to_thread(forget_chat, channel.assistant.store, chat.id)
        quotes = await asyncio.to_thread(channel.book.for_client, conversation)
        numbers = [record.number for record in quotes]
        await asyncio.to_thread(channel.bridge.forget, conversation, chat.id, numbers)
        detached = await asyncio.to_thread(channel.book.forget_client, conversation)
        if update.effective_user is not None:
            context.user_data.clear() if context.user_data is not None else None
            await context.application.persistence.drop_user_data(update.effective_user.id)  # type: ignore[union-attr]
        what = (
            "o job em andamento, a última cotação e o histórico da conversa"
            if had_conversation
            else "nada da conversa (não havia dados)"
        )
        kept = (
            f" {_yours(detached)} só como registro contábil, sem seu nome nem vínculo com este "
            "chat."
            if detached
            else ""
        )
        await context.bot.send_message(
            chat.id, f"Pronto. Apaguei {what}, além das respostas da cotação guiada.{kept}"
        )
