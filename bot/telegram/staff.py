"""/cotacoes and /enviar: the sales team's commands, answered only in a staff member's private
chat with the bot. Anyone outside INFRABOT_STAFF gets the answer any unknown command gets (nothing
says the command exists); a staff member in a group is told to come to the private chat, since
a listing there would show every client's name and total to the group."""

import asyncio
import html

from telegram import Update
from telegram.constants import ChatType, ParseMode
from telegram.ext import ContextTypes

from bot.assistant.composer import proposal_text
from bot.relay.bridge import telegram_chat
from bot.sales.errors import QuoteBookError
from bot.telegram.commands import UNKNOWN_COMMAND
from bot.telegram.delivery import TelegramChannel
from bot.telegram.language import user_language
from bot.telegram.views import split
from locales import _, speaking
from quoting.units import format_brl

PRIVATE_ONLY = "Comandos da equipe só no chat privado comigo."


class Staff:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def _admitted(self, update: Update) -> bool:
        """True for a staff member in their private chat; anyone else is answered here."""
        assert update.message is not None
        user, chat = update.effective_user, update.effective_chat
        roles = self.channel.book.staff.roles
        if user is None or chat is None or f"telegram:{user.id}" not in roles:
            # As any unknown command is answered: in the person's language.
            with speaking(user_language(update)):
                await update.message.reply_text(_(UNKNOWN_COMMAND))
            return False
        if chat.type != ChatType.PRIVATE:
            await update.message.reply_text(PRIVATE_ONLY)
            return False
        return True

    async def quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        if not await self._admitted(update):
            return
        status = context.args[0] if context.args else None
        records = await asyncio.to_thread(self.channel.book.find, status)
        lines = [
            f"• {r.number} · {r.client} · {r.status} · {format_brl(r.total_brl)}"
            for r in records[:20]
        ]
        # Twenty long client names pass Telegram's 4,096 characters: pieces, as client replies.
        for piece in split("\n".join(lines) or "Nenhuma cotação nessa situação."):
            await update.message.reply_text(piece)

    async def send(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/enviar COT-...: mark the quote sent and deliver its latest revision to the client."""
        assert update.message is not None and update.effective_user is not None
        if not await self._admitted(update):
            return
        if not context.args:
            await update.message.reply_text("Use: /enviar COT-AAAA-NNNNNN")
            return
        actor = f"telegram:{update.effective_user.id}"
        try:
            record = await asyncio.to_thread(self.channel.book.send, context.args[0], actor)
        except QuoteBookError as refused:
            await update.message.reply_text(str(refused))
            return
        client_chat = telegram_chat(record.client_ref)
        if client_chat is None:
            await update.message.reply_text(
                f"{record.number} marcada como enviada; o cliente "
                "não está no Telegram, envie o PDF por e-mail."
            )
            return
        for piece in split(html.escape(proposal_text(record))):
            await context.bot.send_message(client_chat, piece, parse_mode=ParseMode.HTML)
        await update.message.reply_text(f"{record.number} enviada ao cliente.")
