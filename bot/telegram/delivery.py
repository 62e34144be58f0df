"""The state Telegram handlers share; how replies, outbox messages and errors reach the chats."""

import asyncio
import contextlib
import logging
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from telegram import Bot, Update
from telegram.constants import ChatAction, ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import Application, ContextTypes, ConversationHandler

from bot.assistant.assistant import Assistant
from bot.assistant.reply import Reply
from bot.ops.metrics import ERRORS, OUTBOX_RESENDS, QUOTES, REPLIES
from bot.relay.bridge import Bridge
from bot.relay.followup import FollowUp
from bot.relay.outbox import DeliveryFailed, Message, Outage, poll_seconds
from bot.sales.book import BOT_ACTOR, QuoteBook, QuoteRecord
from bot.sales.proposal_pdf import write_proposal
from bot.telegram.inbox import Inbox
from bot.telegram.language import user_language
from bot.telegram.store import prune_updates
from bot.telegram.views import buttons, keyboard, split, to_html
from locales import _, speaking
from quoting.quote import Quote

log = logging.getLogger("infrabot.telegram")
# Telegram gives up redelivering an update within a day; ids older than that need no guard.
KEEP_UPDATES = timedelta(days=1)
PRUNE_EVERY_SECONDS = 600.0
# Waits between tries of a reply Telegram failed to take (a 5xx): about 7 s in all, then the
# error handler apologises.
SEND_RETRY_SECONDS = (1.0, 2.0, 4.0)
# "typing…" only for a reply still being worked out after this long: most take a few tens of ms.
TYPING_AFTER_SECONDS = 1.0
# Replies under way past which "typing…" is skipped: half a second of Telegram's 30 sends/s.
BUSY_REPLIES = 15
# How many updates on_error remembers having apologised for (a handful are ever in flight).
APOLOGIES_REMEMBERED = 1000


def _unsent(error: BaseException | None) -> bool:
    """A reply Telegram did not take for now (timeout, dropped connection, 5xx, flood limit),
    as opposed to one it refused (BadRequest) or a fault of ours."""
    return isinstance(error, NetworkError | RetryAfter) and not isinstance(error, BadRequest)


def conversation_id(update: Update) -> str:
    """Whose conversation an update belongs to: the private chat's, or in a group the member's
    own ("telegram:GROUP:USER"), so that the job, quotes and deletion are a person's, never
    shared with whoever else is in the group."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None:
        return "telegram:0"
    if chat.type == ChatType.PRIVATE or user is None:
        return f"telegram:{chat.id}"
    return f"telegram:{chat.id}:{user.id}"


def _pdf_bytes(record: QuoteRecord) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{record.number}.pdf"
        write_proposal(record, path)
        return path.read_bytes()


def client_name(update: Update) -> str:
    user = update.effective_user
    return user.full_name if user else "Cliente do Telegram"


class TelegramChannel:
    def __init__(self, assistant: Assistant, bot: int) -> None:
        self.assistant = assistant
        self.inbox = Inbox(assistant.store.engine, bot)
        self.book = QuoteBook(assistant.store.engine)
        self.bridge = Bridge(assistant.store.engine)
        self.form: ConversationHandler[Any] | None = None
        self._waiting: dict[int, list[Callable[[], Awaitable[object]]]] = {}
        self._apologized: dict[int, None] = {}  # update ids, oldest first
        self._replying = 0  # replies being worked out now, in all chats

    def after_save(self, update: Update, reply: Callable[[], Awaitable[object]]) -> None:
        """Send this form reply once the new step is saved: the client's answer to it may
        reach another replica, which must find the step in the database."""
        self._waiting.setdefault(update.update_id, []).append(reply)

    async def send_waiting(self, update: Update) -> None:
        """Send the replies held back by after_save, now that the update's state is saved."""
        for reply in self._waiting.pop(update.update_id, []):
            await reply()

    @contextlib.asynccontextmanager
    async def typing(self, bot: Bot, chat_id: int) -> AsyncIterator[None]:
        """Around working out a reply: "typing…" if it takes longer than TYPING_AFTER_SECONDS.
        A typing action takes a place in Telegram's 30 sends/s: sent for every message, it
        halved the replies a burst got out (bench/telegram_load.py); while many replies are
        under way it is skipped, since it would only delay them. Cosmetic: a failure is ignored."""
        self._replying += 1

        async def later() -> None:
            await asyncio.sleep(TYPING_AFTER_SECONDS)
            if self._replying <= BUSY_REPLIES:
                with contextlib.suppress(TelegramError):
                    await bot.send_chat_action(chat_id, ChatAction.TYPING)

        typing = asyncio.create_task(later())
        try:
            yield
        finally:
            self._replying -= 1
            typing.cancel()

    async def send(self, update: Update, context: ContextTypes.DEFAULT_TYPE, reply: Reply) -> None:
        chat = update.effective_chat
        assert chat is not None
        REPLIES.labels(reply.intent).inc()
        pieces = split(to_html(reply))
        for number, piece in enumerate(pieces):
            last = number == len(pieces) - 1
            for wait in (*SEND_RETRY_SECONDS, None):
                try:
                    await context.bot.send_message(
                        chat.id,
                        piece,
                        parse_mode=ParseMode.HTML,
                        reply_markup=keyboard(reply.actions, reply.language) if last else None,
                    )
                    break
                except BadRequest:  # the message itself is refused: sending again won't help
                    raise
                except NetworkError as error:  # a 5xx or a dropped connection: Telegram hiccup
                    if wait is None:
                        raise
                    log.warning("envio ao Telegram falhou (%s); tento de novo em %s s", error, wait)
                    await asyncio.sleep(wait)

    async def answer(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, reply: Reply
    ) -> None:
        """Send the reply; a quote in it also becomes a sales record and a lead, and its PDF
        proposal follows when the client asked for it, in the reply's language."""
        with speaking(reply.language):
            await self.send(update, context, reply)
            if reply.quote is None:
                return
            try:
                record = await asyncio.to_thread(self._record_quote, update, reply.quote)
            except Exception:  # the client has the answer; a missed record is only logged
                log.exception("não consegui registrar a cotação do chat como proposta")
                return
            if reply.attach_proposal and update.effective_chat is not None:
                await self.send_proposal(context.bot, update.effective_chat.id, record)

    def _record_quote(self, update: Update, shown: dict[str, Any]) -> QuoteRecord:
        """Keep the quote just given as a sales record the client can list (/minhas_cotacoes),
        and show it to the team as a lead; a quote shown again ("manda o PDF") is the same
        record, not a second lead."""
        conversation = conversation_id(update)
        latest = self.book.for_client(conversation, limit=1)
        if latest and latest[0].quote.id == shown.get("id"):
            return latest[0]
        spec = self.assistant.job_spec(conversation)
        client = client_name(update)
        record = self.book.create(
            spec, client, BOT_ACTOR, client_ref=conversation, priced=Quote.model_validate(shown)
        )
        QUOTES.labels("telegram").inc()
        self.bridge.post_lead(record, client)
        return record

    async def send_proposal(self, bot: Bot, chat_id: int, record: QuoteRecord) -> None:
        """The record's PDF proposal as a document in the chat; the book then says it was sent
        to the client, as when staff send it. In the language being spoken."""
        document = await asyncio.to_thread(_pdf_bytes, record)
        caption = _("Proposta {number}").format(number=record.number)
        await bot.send_document(chat_id, document, filename=f"{record.number}.pdf", caption=caption)
        if record.status == "rascunho":
            await asyncio.to_thread(self.book.send, record.number, BOT_ACTOR)

    async def deliver_outbox(self, application: Application) -> None:  # type: ignore[type-arg]
        """Send what the team wrote in Slack to clients' chats, in order, until shutdown, and
        follow up the handoffs nobody answers; now and then, forget handled updates older than a
        day."""
        loop = asyncio.get_running_loop()

        def deliver(message: Message) -> None:
            chat_id, text = message.payload["chat_id"], message.payload["text"]
            if message.maybe_sent:  # Telegram cannot be asked whether it got it: sent again
                OUTBOX_RESENDS.labels("telegram").inc()
                log.warning(
                    "mensagem que pode ter saído enviada de novo", extra={"outbox_id": message.id}
                )
            rows = [(label, data) for label, data in message.payload.get("buttons", [])]

            async def send() -> None:
                pieces = split(text)
                for number, piece in enumerate(pieces):
                    last = number == len(pieces) - 1
                    markup = buttons(*rows) if rows and last else None
                    await application.bot.send_message(chat_id, piece, reply_markup=markup)

            try:
                asyncio.run_coroutine_threadsafe(send(), loop).result(timeout=60)
            except (Forbidden, BadRequest) as refused:  # blocked bot, deleted chat: no retry
                raise DeliveryFailed(str(refused), permanent=True) from refused
            except (TelegramError, TimeoutError) as error:
                raise DeliveryFailed(str(error) or type(error).__name__) from error

        pruned_at = 0.0
        follow_up = FollowUp(self.bridge)
        outage = Outage("falha ao esvaziar a fila de saída do Telegram")
        while True:
            try:
                await asyncio.to_thread(follow_up.run)
                await asyncio.to_thread(self.bridge.outbox.pump, "telegram", deliver)
                if time.monotonic() - pruned_at > PRUNE_EVERY_SECONDS:
                    await asyncio.to_thread(prune_updates, self.assistant.store, KEEP_UPDATES)
                    pruned_at = time.monotonic()
                outage.recovered()
            except Exception:  # a database hiccup: the messages stay queued for the next round
                outage.failed()
            await asyncio.sleep(poll_seconds())

    def new_try(self, update: Update) -> None:
        """This process begins answering the update (again, after a failed send): a failure in
        this try is apologised for, or retried, anew."""
        self._apologized.pop(update.update_id, None)

    async def _retry(self, update: Update) -> bool:
        """Put an update whose reply Telegram did not take back in the inbox for another try."""
        try:
            return await asyncio.to_thread(self.inbox.unsent, update.update_id)
        except SQLAlchemyError:  # its lease, no longer renewed, lapses: taken over all the same
            log.warning("não consegui devolver o update à caixa de entrada")
            return True

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        ERRORS.labels(type(context.error).__name__).inc()
        if isinstance(update, Update):
            self._waiting.pop(update.update_id, None)
        log.error("erro ao tratar update", exc_info=context.error)
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        # Every handler group that fails calls this: one apology (or retry) per try at an
        # update, not one per group.
        if update.update_id in self._apologized:
            return
        self._apologized[update.update_id] = None
        while len(self._apologized) > APOLOGIES_REMEMBERED:
            self._apologized.pop(next(iter(self._apologized)))
        if _unsent(context.error) and await self._retry(update):
            return  # the client gets the answer itself a few seconds later, not an apology
        with speaking(user_language(update)):
            apology = _(
                "Desculpe, tive um problema para responder agora. Pode tentar de novo em instantes?"
            )
        try:
            await context.bot.send_message(update.effective_chat.id, apology)
        except TelegramError as error:  # Telegram down too: the log line above is all we have
            log.warning("pedido de desculpas não enviado: %s", error)
