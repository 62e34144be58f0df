"""Around every Telegram update: de-duplication, flood control, the form state loaded and saved."""

import asyncio
import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.ops.logs import request_id
from bot.ops.metrics import UPDATES
from bot.telegram.delivery import TelegramChannel
from bot.telegram.language import user_language
from bot.telegram.store import (
    DatabasePersistence,
    claim_flood_warning,
    recent_updates,
)
from locales import _, speaking

log = logging.getLogger("infrabot.telegram")
FLOOD_MESSAGES = 20
FLOOD_SECONDS = 10.0


class Gates:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def deduplicate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        request_id.set(f"tg-{update.update_id}")
        # An edit was answered as first sent, and the bot serves people, not channels: nothing
        # to say, and never an apology (the handlers read `update.message`). Still begun and so
        # marked answered in the inbox.
        unanswerable = update.edited_message or update.channel_post or update.edited_channel_post
        try:
            claimed = await asyncio.to_thread(
                self.channel.inbox.begin,
                update.update_id,
                chat.id if chat else None,
                update.message.date if update.message else None,
            )
        except SQLAlchemyError as error:
            # The database went away: one apology, and no handler after this one answers too
            # (the /cotacao form used to send its first question under the apology).
            if not unanswerable:
                context.error = error
                await self.channel.on_error(update, context)
            raise ApplicationHandlerStop from error
        if not claimed:
            log.info("update repetido ou em andamento em outro processo: ignorado")
            raise ApplicationHandlerStop
        self.channel.new_try(update)
        if unanswerable:
            log.info("edição de mensagem ou post de canal ignorado")
            raise ApplicationHandlerStop
        UPDATES.inc()
        await self._sync_form(update, context)

    async def _sync_form(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Load this chat's /cotacao step and answers from the database: PTB keeps them in
        memory, and with replicas the previous step may have been answered by another one."""
        chat, user, form = update.effective_chat, update.effective_user, self.channel.form
        if chat is None or user is None or form is None or context.user_data is None:
            return
        persistence = context.application.persistence
        assert isinstance(persistence, DatabasePersistence)
        answers = await persistence.fresh("user", str(user.id))
        context.user_data.clear()
        context.user_data.update(answers or {})
        key = (chat.id, user.id)
        state = await persistence.conversation_state(form.name or "", key)
        # PTB offers no public way to change a handler's conversations; these calls skip its
        # change tracking, since the database already holds this state.
        conversations: Any = form._conversations
        if state is None:
            conversations.data.pop(key, None)
        else:
            conversations.update_no_track({key: state})

    async def save_state(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Write the form's step and answers at the end of every update, so that the replica
        that gets the chat's next update reads them."""
        user = update.effective_user
        if user is not None:  # PTB marks the update's user only after the last group
            context.application.mark_data_for_update_persistence(user_ids=user.id)
        await context.application.update_persistence()
        await self.channel.send_waiting(update)

    async def flood_gate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Past FLOOD_MESSAGES updates in FLOOD_SECONDS a chat gets one slow-down note and no
        answers. Counted in the database, so replicas share the count."""
        chat = update.effective_chat
        if chat is None or update.message is None:
            return
        store = self.channel.assistant.store
        recent = await asyncio.to_thread(
            recent_updates, store, chat.id, update.message.date, FLOOD_SECONDS, update.update_id
        )
        if recent <= FLOOD_MESSAGES:
            return
        if await asyncio.to_thread(claim_flood_warning, store, chat.id, FLOOD_SECONDS):
            with speaking(user_language(update)):
                slow_down = _(
                    "Calma, são muitas mensagens de uma vez 🙂 Espere alguns segundos e mande de "
                    "novo."
                )
            await update.message.reply_text(slow_down)
        raise ApplicationHandlerStop

    async def stale_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A button no handler knows (an old message's, or forged data): answered, so the
        client's spinner stops, with a way forward."""
        if update.callback_query is not None:
            with speaking(user_language(update)):
                stale = _("Esse botão não vale mais. Escreva sua pergunta ou use /ajuda.")
            await update.callback_query.answer(stale)
