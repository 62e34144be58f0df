"""/apagar_meus_dados: LGPD deletion of what the bot keeps about a person, after a confirmation.

In a group each member has their own conversation: the deletion reaches only the member who
asked, and only they can confirm it (the buttons carry their user id; anyone else pressing them
is refused)."""

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.telegram.delivery import TelegramChannel, conversation_id
from bot.telegram.store import forget_person
from bot.telegram.views import buttons

NOT_YOURS = "Este botão não é seu (ou é antigo). Para apagar os seus dados, use /apagar_meus_dados."


class Privacy:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def forget_ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.effective_user is not None
        user, chat = update.effective_user, update.effective_chat
        what = (
            "o job em andamento, a última cotação, o histórico recente, as respostas da cotação "
            "guiada e o que o atendimento guardou para a equipe. Confirma?"
        )
        # In a group the others see the question: it says whose data, and that only theirs.
        if chat is None or chat.type == ChatType.PRIVATE:
            question = f"Isso apaga o que guardamos sobre você: {what}"
        else:
            question = (
                f"{user.first_name}, isso apaga o que guardamos sobre você neste grupo: {what}"
            )
        await update.message.reply_text(
            question,
            reply_markup=buttons(
                ("Sim, apagar meus dados", f"lgpd:sim:{user.id}"), ("Não", f"lgpd:nao:{user.id}")
            ),
        )

    async def forget_confirm(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat, user = update.effective_chat, update.effective_user
        assert query is not None and chat is not None and user is not None
        choice, _, asker = (query.data or "").rpartition(":")
        if asker != str(user.id):
            await query.answer(NOT_YOURS, show_alert=True)
            return
        await query.answer()
        if choice != "lgpd:sim":
            await context.bot.send_message(chat.id, "Tudo certo, nada foi apagado.")
            return
        channel, conversation = self.channel, conversation_id(update)
        private = chat.type == ChatType.PRIVATE
        had_conversation = await asyncio.to_thread(channel.assistant.forget, conversation)
        await asyncio.to_thread(forget_person, channel.assistant.store, chat.id, user.id)
        quotes = await asyncio.to_thread(channel.book.for_client, conversation)
        numbers = [record.number for record in quotes]
        # A group's own queue carries what was said to every member: only a private one goes.
        chat_stream = chat.id if private else None
        await asyncio.to_thread(channel.bridge.forget, conversation, chat_stream, numbers)
        detached = await asyncio.to_thread(channel.book.forget_client, conversation)
        if context.user_data is not None:
            context.user_data.clear()
        await context.application.persistence.drop_user_data(user.id)  # type: ignore[union-attr]
        what = (
            "o job em andamento, a última cotação e o histórico da conversa"
            if had_conversation
            else "nada da conversa (não havia dados)"
        )
        kept = (
            f" Suas {detached} cotação(ões) ficam só como registro contábil, sem seu nome "
            "nem vínculo com este chat."
            if detached
            else ""
        )
        await context.bot.send_message(
            chat.id, f"Pronto. Apaguei {what}, além das respostas da cotação guiada.{kept}"
        )
