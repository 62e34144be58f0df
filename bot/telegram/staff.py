"""/cotacoes and /enviar: the sales team's commands, refused to anyone outside INFRABOT_STAFF."""

import asyncio
import html

from telegram import Update
from telegram.constants import ParseMode
from telegram.ext import ContextTypes

from bot.assistant.composer import proposal_text
from bot.sales.errors import QuoteBookError
from bot.telegram.delivery import TelegramChannel
from bot.telegram.views import split
from quoting.units import format_brl


class Staff:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    def _role(self, update: Update) -> str | None:
        user = update.effective_user
        return self.channel.book.staff.roles.get(f"telegram:{user.id}") if user else None

    async def quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        if self._role(update) is None:
            await update.message.reply_text("Este comando é só para a equipe comercial.")
            return
        status = context.args[0] if context.args else None
        records = await asyncio.to_thread(self.channel.book.find, status)
        lines = [
            f"• {r.number} · {r.client} · {r.status} · {format_brl(r.total_brl)}"
            for r in records[:20]
        ]
        await update.message.reply_text("\n".join(lines) or "Nenhuma cotação nessa situação.")

    async def send(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/enviar COT-...: mark the quote sent and deliver its latest revision to the client."""
        assert update.message is not None and update.effective_user is not None
        if self._role(update) is None:
            await update.message.reply_text("Este comando é só para a equipe comercial.")
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
        if not (record.client_ref or "").startswith("telegram:"):
            await update.message.reply_text(
                f"{record.number} marcada como enviada; o cliente "
                "não está no Telegram, envie o PDF por e-mail."
            )
            return
        client_chat = int((record.client_ref or "").split(":", 1)[1])
        for piece in split(html.escape(proposal_text(record))):
            await context.bot.send_message(client_chat, piece, parse_mode=ParseMode.HTML)
        await update.message.reply_text(f"{record.number} enviada ao cliente.")
