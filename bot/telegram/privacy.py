"""/apagar_meus_dados: LGPD deletion of what the bot keeps about a person, after a confirmation.

The person, not the chat: asked in a private chat or in a group, it deletes that person's
conversations everywhere (the private chat and their own one in each group) and nothing of the
other members'. Only the person who asked can confirm: the buttons carry their user id, and
anyone else pressing them is refused."""

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.telegram.delivery import TelegramChannel
from bot.telegram.language import user_language
from bot.telegram.store import forget_person, person_conversations
from bot.telegram.views import buttons
from locales import N_, _, speaking
from quoting.units import plural

NOT_YOURS = N_(
    "Este botão não é seu (ou é antigo). Para apagar os seus dados, use /apagar_meus_dados."
)


class Privacy:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def forget_ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.effective_user is not None
        user, chat = update.effective_user, update.effective_chat
        with speaking(user_language(update)):
            what = _(
                "o job em andamento, a última cotação, o histórico recente, as respostas da "
                "cotação guiada e o que o atendimento guardou para a equipe. Confirma?"
            )
            # In a group the others see the question: it says whose data, and that only theirs.
            if chat is None or chat.type == ChatType.PRIVATE:
                question = _("Isso apaga o que guardamos sobre você: {what}").format(what=what)
            else:
                question = _(
                    "{name}, isso apaga o que guardamos sobre você, aqui e no chat privado comigo "
                    "(nada dos outros membros): {what}"
                ).format(name=user.first_name, what=what)
            markup = buttons(
                (_("Sim, apagar meus dados"), f"lgpd:sim:{user.id}"),
                (_("Não"), f"lgpd:nao:{user.id}"),
            )
        await update.message.reply_text(question, reply_markup=markup)

    async def forget_confirm(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat, user = update.effective_chat, update.effective_user
        assert query is not None and chat is not None and user is not None
        with speaking(user_language(update)):
            await self._confirmed(update, context)

    async def _confirmed(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat, user = update.effective_chat, update.effective_user
        assert query is not None and chat is not None and user is not None
        choice, _colon, asker = (query.data or "").rpartition(":")
        if asker != str(user.id):
            await query.answer(_(NOT_YOURS), show_alert=True)
            return
        await query.answer()
        if choice != "lgpd:sim":
            await context.bot.send_message(chat.id, _("Tudo certo, nada foi apagado."))
            return
        had_conversation, detached = await asyncio.to_thread(self._forget, user.id)
        if context.user_data is not None:
            context.user_data.clear()
        await context.application.persistence.drop_user_data(user.id)  # type: ignore[union-attr]
        if had_conversation:
            done = _(
                "Pronto. Apaguei o job em andamento, a última cotação e o histórico da conversa, "
                "além das respostas da cotação guiada."
            )
        else:
            done = _(
                "Pronto. Apaguei nada da conversa (não havia dados), além das respostas da "
                "cotação guiada."
            )
        if detached == 1:
            done += " " + _(
                "Sua cotação fica só como registro contábil, sem seu nome nem vínculo com você."
            )
        elif detached:
            quotes = plural(detached, _("cotação"), _("cotações"))
            done += " " + _(
                "Suas {quotes} ficam só como registro contábil, sem seu nome nem vínculo com você."
            ).format(quotes=quotes)
        await context.bot.send_message(chat.id, done)

    def _forget(self, user_id: int) -> tuple[bool, int]:
        """Every conversation of the person, and what each left in the quote book and the relay
        (its handoffs, their threads' queue, its leads); the queue of their private chat too,
        never a group's, which carries what was said to every member. Returns whether there was
        a conversation and how many quotes were detached."""
        channel, store = self.channel, self.channel.assistant.store
        had_conversation, detached = False, 0
        for conversation in person_conversations(store, user_id):
            had_conversation |= channel.assistant.forget(conversation)
            numbers = [record.number for record in channel.book.for_client(conversation)]
            private = conversation == f"telegram:{user_id}"
            channel.bridge.forget(conversation, user_id if private else None, numbers)
            detached += channel.book.forget_client(conversation)
        forget_person(store, user_id)
        return had_conversation, detached
