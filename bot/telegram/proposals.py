"""/minhas_cotacoes: a client's own quotes, each with its PDF proposal behind a button.

In a group it lists only the quotes that member was given in that group: the group already saw
them, while the quotes of their private chat stay there (listing those would show them to the
group). Another member pressing the buttons gets nothing: the quote is not among theirs."""

import asyncio

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.sales.book import QuoteRecord, Status
from bot.telegram.delivery import TelegramChannel, conversation_id
from bot.telegram.language import user_language
from bot.telegram.views import buttons
from locales import N_, _, speaking
from quoting.units import format_brl, format_date

# A quote's status in the client's words: "rascunho" is the team's word for a quote not yet sent
# as a formal proposal.
CLIENT_STATUS: dict[Status, str] = {
    "rascunho": N_("proposta em preparação"),
    "enviada": N_("proposta enviada"),
    "aceita": N_("aceita"),
    "recusada": N_("recusada"),
    "expirada": N_("vencida"),
}


async def own_quote(
    channel: TelegramChannel, update: Update, context: ContextTypes.DEFAULT_TYPE
) -> QuoteRecord | None:
    """The quote a client's button names ("pdf:COT-…"), if it is one of theirs; otherwise they are
    told so (nothing about another client's number) and None comes back. In the language being
    spoken."""
    query = update.callback_query
    chat = update.effective_chat
    assert query is not None and chat is not None
    await query.answer()
    number = (query.data or ":").split(":", 1)[1]
    owned = {
        r.number: r
        for r in await asyncio.to_thread(channel.book.for_client, conversation_id(update))
    }
    if number not in owned:
        await context.bot.send_message(chat.id, _("Não encontrei essa cotação entre as suas."))
        return None
    return owned[number]


class Proposals:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def my_quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        with speaking(user_language(update)):
            await self._my_quotes(update, context)

    async def _my_quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.effective_chat is not None
        records = await asyncio.to_thread(self.channel.book.for_client, conversation_id(update))
        in_group = update.effective_chat.type != ChatType.PRIVATE
        if not records:
            if in_group:
                none = _("Você ainda não tem cotações neste grupo. Use /cotacao para fazer uma.")
            else:
                none = _("Você ainda não tem cotações. Use /cotacao para fazer uma.")
            await update.message.reply_text(none)
            return
        lines = [
            f"• {r.number} ({format_date(r.created_at)}): {r.quote.recommendation.count}x "
            f"{r.quote.recommendation.accelerator_name}, {format_brl(r.total_brl)} — "
            f"{_(CLIENT_STATUS[r.status])}"
            for r in records[:10]
        ]
        rows = [(f"PDF {r.number}", f"pdf:{r.number}") for r in records[:5]]
        rows += [
            (_("Plano de execução {number}").format(number=r.number), f"plano:{r.number}")
            for r in records[:5]
        ]
        if in_group:
            title = _("Suas cotações neste grupo (as do chat privado comigo aparecem só lá):")
        else:
            title = _("Suas cotações:")
        await update.message.reply_text(
            f"{title}\n" + "\n".join(lines), reply_markup=buttons(*rows)
        )

    async def proposal_pdf(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        with speaking(user_language(update)):
            record = await own_quote(self.channel, update, context)
            if record is None:
                return
            chat = update.effective_chat
            assert chat is not None
            await self.channel.send_proposal(context.bot, chat.id, record)
