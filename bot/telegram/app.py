"""The Telegram channel (python-telegram-bot 22): commands, free text to the assistant, the guided
/cotacao form, LGPD deletion, flood control, update de-duplication and a friendly error handler.

Run with `infrabot telegram` (long polling) or `infrabot telegram --webhook URL --port P`.
"""

import asyncio
import hashlib
import html
import logging
import os
import tempfile
import time
import warnings
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, Forbidden, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationHandlerStop,
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    ConversationHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.warnings import PTBUserWarning

from bot.assistant.assistant import ACTION_HUMAN, Assistant, Reply
from bot.assistant.composer import alternatives_text, proposal_text
from bot.assistant.extraction import extract
from bot.ops import logs
from bot.ops.credentials import credential
from bot.ops.errors import ChannelUnavailable
from bot.ops.logs import debug_enabled, request_id
from bot.ops.metrics import ERRORS, QUOTES, REPLIES, REPLY_SECONDS, UPDATES
from bot.relay.bridge import Bridge
from bot.relay.outbox import DeliveryFailed, Message, poll_seconds
from bot.sales.book import BOT_ACTOR, QuoteBook, QuoteRecord
from bot.sales.errors import QuoteBookError
from bot.sales.proposal_pdf import write_proposal
from bot.telegram.order import ChatOrderedProcessor
from bot.telegram.store import (
    DatabasePersistence,
    claim_flood_warning,
    claim_update,
    forget_chat,
    prune_updates,
    recent_updates,
)
from bot.telegram.views import keyboard, split, to_html
from bot.telegram.webhook import serve
from quoting.quote import Quote
from quoting.units import format_brl, format_date

log = logging.getLogger("infrabot.telegram")
DEFAULT_API_URL = "https://api.telegram.org/bot"
FLOOD_MESSAGES = 20
FLOOD_SECONDS = 10.0
# Telegram gives up redelivering an update within a day; ids older than that need no guard.
KEEP_UPDATES = timedelta(days=1)
PRUNE_EVERY_SECONDS = 600.0

WELCOME = (
    "Olá! Eu sou o <b>infrabot</b>. Digo qual máquina (GPU ou TPU) você precisa para fazer "
    "fine-tuning de um modelo, quanto tempo leva e quanto custa em reais, com os motivos.\n\n"
    "Descreva o job em uma mensagem (ex.: <i>LoRA de um Llama 3 8B com 20 mil exemplos</i>), "
    "faça uma pergunta ou use os botões."
)
HELP = (
    "Comandos:\n/cotacao — cotação guiada, passo a passo\n"
    "/minhas_cotacoes — suas cotações, com o PDF\n"
    "/especialista — falar com uma pessoa da equipe\n/apagar_meus_dados — apagar o que guardamos "
    "sobre você\n/cancelar — sair da cotação guiada\n\nOu simplesmente escreva o que precisa."
)
COMMANDS = [
    BotCommand("cotacao", "Fazer uma cotação guiada"),
    BotCommand("ajuda", "Como usar o infrabot"),
    BotCommand("minhas_cotacoes", "Ver minhas cotações e os PDFs"),
    BotCommand("especialista", "Falar com um especialista"),
    BotCommand("apagar_meus_dados", "Apagar meus dados (LGPD)"),
]

# The /cotacao form: one state per question.
MODEL, METHOD, DATASET, FRAMEWORK, RESIDENCY, DEADLINE = range(6)
SKIP = "form:pular"


def _buttons(*rows: tuple[str, str]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in rows]
    )


FORM_QUESTIONS: dict[int, tuple[str, InlineKeyboardMarkup | None]] = {
    MODEL: (
        "1/6 · Qual modelo você quer ajustar? Escreva o nome ou o tamanho (ex.: 7B).",
        _buttons(
            ("Llama 3 8B", "form:model:llama-3-8b"),
            ("Mistral 7B", "form:model:mistral-7b"),
            ("Qwen2.5 14B", "form:model:qwen2.5-14b"),
        ),
    ),
    METHOD: (
        "2/6 · Qual método?",
        _buttons(
            ("LoRA", "form:method:lora"),
            ("QLoRA", "form:method:qlora"),
            ("Ajuste completo", "form:method:full"),
            ("Pular", SKIP),
        ),
    ),
    DATASET: (
        '3/6 · Tamanho do dataset? Escreva, por exemplo, "20 mil exemplos" ou '
        '"5 milhões de tokens".',
        _buttons(("Pular", SKIP)),
    ),
    FRAMEWORK: (
        "4/6 · Qual framework?",
        _buttons(
            ("PyTorch", "form:framework:pytorch"),
            ("TensorFlow", "form:framework:tensorflow"),
            ("JAX", "form:framework:jax"),
            ("Pular", SKIP),
        ),
    ),
    RESIDENCY: (
        "5/6 · Os dados precisam ficar no Brasil (LGPD)?",
        _buttons(
            ("Sim, só no Brasil", "form:data_residency:br"),
            ("Não precisa", "form:data_residency:any"),
            ("Pular", SKIP),
        ),
    ),
    DEADLINE: (
        "6/6 · Tem prazo? Escreva em horas ou dias (ex.: 2 dias).",
        _buttons(("Sem prazo", SKIP)),
    ),
}


def _pdf_bytes(record: QuoteRecord) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{record.number}.pdf"
        write_proposal(record, path)
        return path.read_bytes()


def conversation_id(update: Update) -> str:
    chat = update.effective_chat
    return f"telegram:{chat.id if chat else 0}"


def client_name(update: Update) -> str:
    user = update.effective_user
    return user.full_name if user else "Cliente do Telegram"


class TelegramChannel:
    def __init__(self, assistant: Assistant) -> None:
        self.assistant = assistant
        self.book = QuoteBook(assistant.store.engine)
        self.bridge = Bridge(assistant.store.engine)
        self.form: ConversationHandler[Any] | None = None
        self._waiting: dict[int, list[Callable[[], Awaitable[object]]]] = {}

    # --- gates: run before any handler
    async def deduplicate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat
        request_id.set(f"tg-{update.update_id}")
        claimed = await asyncio.to_thread(
            claim_update,
            self.assistant.store,
            update.update_id,
            chat.id if chat else None,
            update.message.date if update.message else None,
        )
        if not claimed:
            log.info("update repetido ignorado")
            raise ApplicationHandlerStop
        UPDATES.inc()
        await self._sync_form(update, context)

    async def _sync_form(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Load this chat's /cotacao step and answers from the database: PTB keeps them in
        memory, and with replicas the previous step may have been answered by another one."""
        chat, user, form = update.effective_chat, update.effective_user, self.form
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
        for reply in self._waiting.pop(update.update_id, []):
            await reply()

    def _after_save(self, update: Update, reply: Callable[[], Awaitable[object]]) -> None:
        """Send this form reply once the new step is saved: the client's answer to it may
        reach another replica, which must find the step in the database."""
        self._waiting.setdefault(update.update_id, []).append(reply)

    async def flood_gate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Past FLOOD_MESSAGES updates in FLOOD_SECONDS a chat gets one slow-down note and no
        answers. Counted in the database, so replicas share the count."""
        chat = update.effective_chat
        if chat is None or update.message is None:
            return
        recent = await asyncio.to_thread(
            recent_updates, self.assistant.store, chat.id, update.message.date, FLOOD_SECONDS
        )
        if recent <= FLOOD_MESSAGES:
            return
        if await asyncio.to_thread(
            claim_flood_warning, self.assistant.store, chat.id, FLOOD_SECONDS
        ):
            await update.message.reply_text(
                "Calma, são muitas mensagens de uma vez 🙂 Espere alguns segundos e mande de novo."
            )
        raise ApplicationHandlerStop

    # --- replies
    async def send(self, update: Update, context: ContextTypes.DEFAULT_TYPE, reply: Reply) -> None:
        chat = update.effective_chat
        assert chat is not None
        REPLIES.labels(reply.intent).inc()
        pieces = split(to_html(reply))
        for number, piece in enumerate(pieces):
            last = number == len(pieces) - 1
            await context.bot.send_message(
                chat.id,
                piece,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(reply.actions) if last else None,
            )

    async def ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> None:
        chat = update.effective_chat
        assert chat is not None
        handoff = await asyncio.to_thread(self.bridge.handoffs.active, conversation_id(update))
        if handoff is not None:  # a person is answering this chat: relay, say nothing
            await asyncio.to_thread(
                self.bridge.client_said,
                handoff,
                f"telegram-update:{update.update_id}",
                client_name(update),
                text,
            )
            return
        started = time.monotonic()
        if debug_enabled():
            log.debug("mensagem recebida", extra={"texto": text})
        await context.bot.send_chat_action(chat.id, ChatAction.TYPING)
        reply = await asyncio.to_thread(self.assistant.reply, conversation_id(update), text)
        await self.answer(update, context, reply)
        elapsed = time.monotonic() - started
        REPLY_SECONDS.observe(elapsed)
        log.info("resposta enviada", extra={"intent": reply.intent, "ms": round(elapsed * 1000)})
        if reply.handoff:
            await asyncio.to_thread(self._open_handoff, update)

    async def answer(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, reply: Reply
    ) -> None:
        """Send the reply; a quote in it also becomes a sales record and a lead."""
        await self.send(update, context, reply)
        if reply.quote is not None:
            try:
                await asyncio.to_thread(self._record_quote, update)
            except Exception:  # the client has the answer; a missed record is only logged
                log.exception("não consegui registrar a cotação do chat como proposta")

    def _open_handoff(self, update: Update) -> None:
        chat = update.effective_chat
        assert chat is not None
        conversation = conversation_id(update)
        state = self.assistant.store.load(conversation)
        self.bridge.open_handoff(conversation, chat.id, client_name(update), state)

    def _record_quote(self, update: Update) -> None:
        """Keep the quote just given as a sales record the client can list (/minhas_cotacoes),
        and show it to the team as a lead."""
        conversation = conversation_id(update)
        spec = self.assistant.job_spec(conversation)
        client = client_name(update)
        record = self.book.create(spec, client, BOT_ACTOR, client_ref=conversation)
        QUOTES.labels("telegram").inc()
        self.bridge.post_lead(record, client)

    async def deliver_outbox(self, application: Application) -> None:  # type: ignore[type-arg]
        """Send what the team wrote in Slack to clients' chats, in order, until shutdown; now and
        then, forget handled updates older than a day."""
        loop = asyncio.get_running_loop()

        def deliver(message: Message) -> None:
            chat_id, text = message.payload["chat_id"], message.payload["text"]

            async def send() -> None:
                for piece in split(text):
                    await application.bot.send_message(chat_id, piece)

            try:
                asyncio.run_coroutine_threadsafe(send(), loop).result(timeout=60)
            except (Forbidden, BadRequest) as refused:  # blocked bot, deleted chat: no retry
                raise DeliveryFailed(str(refused), permanent=True) from refused
            except (TelegramError, TimeoutError) as error:
                raise DeliveryFailed(str(error) or type(error).__name__) from error

        pruned_at = 0.0
        while True:
            try:
                await asyncio.to_thread(self.bridge.outbox.pump, "telegram", deliver)
                if time.monotonic() - pruned_at > PRUNE_EVERY_SECONDS:
                    await asyncio.to_thread(prune_updates, self.assistant.store, KEEP_UPDATES)
                    pruned_at = time.monotonic()
            except Exception:  # a database hiccup: the messages stay queued for the next round
                log.exception("falha ao esvaziar a fila de saída do Telegram")
            await asyncio.sleep(poll_seconds())

    # --- commands
    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(
            WELCOME,
            parse_mode=ParseMode.HTML,
            reply_markup=_buttons(
                ("Fazer uma cotação", "acao:cotacao"),
                ("Tirar uma dúvida", "acao:duvida"),
                (ACTION_HUMAN, "acao:especialista"),
            ),
        )

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(HELP)

    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await self.ask(update, context, update.message.text or "")

    async def not_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(
            "Por enquanto eu só leio mensagens de texto. Pode escrever o que você precisa?"
        )

    async def specialist(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.ask(update, context, "quero falar com um especialista")

    async def my_quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        records = await asyncio.to_thread(self.book.for_client, conversation_id(update))
        if not records:
            await update.message.reply_text(
                "Você ainda não tem cotações. Use /cotacao para fazer uma."
            )
            return
        lines = [
            f"• {r.number} ({format_date(r.created_at)}): {r.quote.recommendation.count}x "
            f"{r.quote.recommendation.accelerator_name}, {format_brl(r.total_brl)} — {r.status}"
            for r in records[:10]
        ]
        buttons = [(f"PDF {r.number}", f"pdf:{r.number}") for r in records[:5]]
        await update.message.reply_text(
            "Suas cotações:\n" + "\n".join(lines), reply_markup=_buttons(*buttons)
        )

    async def proposal_pdf(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        number = (query.data or "pdf:").split(":", 1)[1]
        owned = {
            r.number: r
            for r in await asyncio.to_thread(self.book.for_client, conversation_id(update))
        }
        if number not in owned:  # another client's number: say nothing about it
            await context.bot.send_message(chat.id, "Não encontrei essa cotação entre as suas.")
            return
        document = await asyncio.to_thread(_pdf_bytes, owned[number])
        await context.bot.send_document(
            chat.id, document, filename=f"{number}.pdf", caption=f"Proposta {number}"
        )

    def _staff_role(self, update: Update) -> str | None:
        user = update.effective_user
        return self.book.staff.roles.get(f"telegram:{user.id}") if user else None

    async def staff_quotes(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        if self._staff_role(update) is None:
            await update.message.reply_text("Este comando é só para a equipe comercial.")
            return
        status = context.args[0] if context.args else None
        records = await asyncio.to_thread(self.book.find, status)
        lines = [
            f"• {r.number} · {r.client} · {r.status} · {format_brl(r.total_brl)}"
            for r in records[:20]
        ]
        await update.message.reply_text("\n".join(lines) or "Nenhuma cotação nessa situação.")

    async def staff_send(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """/enviar COT-...: mark the quote sent and deliver its latest revision to the client."""
        assert update.message is not None and update.effective_user is not None
        if self._staff_role(update) is None:
            await update.message.reply_text("Este comando é só para a equipe comercial.")
            return
        if not context.args:
            await update.message.reply_text("Use: /enviar COT-AAAA-NNNNNN")
            return
        actor = f"telegram:{update.effective_user.id}"
        try:
            record = await asyncio.to_thread(self.book.send, context.args[0], actor)
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

    async def forget_ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(
            "Isso apaga o que guardamos sobre você: o job em andamento, a última cotação, o "
            "histórico recente e as respostas da cotação guiada. Confirma?",
            reply_markup=_buttons(("Sim, apagar meus dados", "lgpd:sim"), ("Não", "lgpd:nao")),
        )

    async def forget_confirm(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        if query.data != "lgpd:sim":
            await context.bot.send_message(chat.id, "Tudo certo, nada foi apagado.")
            return
        had_conversation = await asyncio.to_thread(self.assistant.forget, conversation_id(update))
        await asyncio.to_thread(forget_chat, self.assistant.store, chat.id)
        await asyncio.to_thread(self.bridge.handoffs.forget_chat, conversation_id(update))
        detached = await asyncio.to_thread(self.book.forget_client, conversation_id(update))
        if update.effective_user is not None:
            context.user_data.clear() if context.user_data is not None else None
            await context.application.persistence.drop_user_data(update.effective_user.id)  # type: ignore[union-attr]
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

    async def action(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        if query.data == "acao:qlora":
            await self.ask(update, context, "e com QLoRA?")
        elif query.data == "acao:gpu":
            await self.ask(update, context, "e em GPU?")
        elif query.data == "acao:especialista":
            await self.ask(update, context, "quero falar com um especialista")
        elif query.data == "acao:duvida":
            await context.bot.send_message(
                chat.id, 'Pode perguntar! Ex.: "Posso migrar de GPU para TPU depois?"'
            )
        elif query.data == "acao:alternativas":
            state = await asyncio.to_thread(self.assistant.store.load, conversation_id(update))
            text = (
                alternatives_text(Quote.model_validate(state.last_quote))
                if state.last_quote
                else "Ainda não há cotação nesta conversa."
            )
            await context.bot.send_message(chat.id, text)

    # --- the /cotacao form
    async def _ask_step(self, update: Update, context: ContextTypes.DEFAULT_TYPE, step: int) -> int:
        chat = update.effective_chat
        assert chat is not None
        text, markup = FORM_QUESTIONS[step]
        assert context.user_data is not None
        context.user_data["step"] = step
        self._after_save(
            update, lambda: context.bot.send_message(chat.id, text, reply_markup=markup)
        )
        return step

    async def form_start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        if update.callback_query is not None:
            await update.callback_query.answer()
        assert context.user_data is not None
        context.user_data["form"] = {}
        return await self._ask_step(update, context, MODEL)

    async def form_typed(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        assert update.message is not None and context.user_data is not None
        step = context.user_data.get("step", MODEL)
        typed = update.message.text or ""
        # A bare "2 dias" answers the deadline question; free text elsewhere needs no prefix.
        return await self._record(
            update, context, step, extract(f"em {typed}" if step == DEADLINE else typed)
        )

    async def form_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        query = update.callback_query
        assert query is not None and context.user_data is not None
        await query.answer()
        step = context.user_data.get("step", MODEL)
        if query.data == SKIP:
            return await self._record(update, context, step, {}, skipped=True)
        _, field, value = (query.data or "form::").split(":", 2)
        found = extract(value) if field == "model" else {field: value}
        return await self._record(update, context, step, found)

    async def _record(
        self,
        update: Update,
        context: ContextTypes.DEFAULT_TYPE,
        step: int,
        found: dict[str, Any],
        skipped: bool = False,
    ) -> int:
        assert context.user_data is not None
        wanted = {
            MODEL: {"model", "params"},
            METHOD: {"method"},
            DATASET: {"examples", "dataset_tokens", "tokens_per_example"},
            FRAMEWORK: {"framework"},
            RESIDENCY: {"data_residency"},
            DEADLINE: {"deadline_hours"},
        }[step]
        useful = {k: v for k, v in found.items() if k in wanted}
        if not useful and not skipped:
            chat = update.effective_chat
            assert chat is not None
            await context.bot.send_message(
                chat.id,
                "Não entendi essa resposta. " + FORM_QUESTIONS[step][0],
                reply_markup=FORM_QUESTIONS[step][1],
            )
            return step
        form = dict(context.user_data.get("form", {}))
        form.update({k: (str(v) if k == "budget_brl" else v) for k, v in useful.items()})
        context.user_data["form"] = form
        if step < DEADLINE:
            return await self._ask_step(update, context, step + 1)
        context.user_data.pop("step", None)
        chat = update.effective_chat
        assert chat is not None
        await context.bot.send_chat_action(chat.id, ChatAction.TYPING)
        reply = await asyncio.to_thread(
            self.assistant.quote_form, conversation_id(update), form, "cotação guiada"
        )
        self._after_save(update, lambda: self.answer(update, context, reply))
        return ConversationHandler.END

    async def form_cancel(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        if context.user_data is not None:
            context.user_data.pop("form", None)
            context.user_data.pop("step", None)
        chat = update.effective_chat
        assert chat is not None
        self._after_save(
            update,
            lambda: context.bot.send_message(
                chat.id, "Cotação guiada cancelada. Quando quiser, é só chamar /cotacao."
            ),
        )
        return ConversationHandler.END

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        ERRORS.labels(type(context.error).__name__).inc()
        if isinstance(update, Update):
            self._waiting.pop(update.update_id, None)
        log.error("erro ao tratar update", exc_info=context.error)
        if isinstance(update, Update) and update.effective_chat is not None:
            await context.bot.send_message(
                update.effective_chat.id,
                "Desculpe, tive um problema para responder agora. "
                "Pode tentar de novo em instantes?",
            )


def build_application(token: str, assistant: Assistant, api_url: str | None = None) -> Application:  # type: ignore[type-arg]
    channel = TelegramChannel(assistant)
    workers: list[asyncio.Task[None]] = []

    async def post_init(application: Application) -> None:  # type: ignore[type-arg]
        await application.bot.set_my_commands(COMMANDS)
        # A plain task, not application.create_task: PTB would wait for it forever at stop.
        workers.append(asyncio.create_task(channel.deliver_outbox(application)))

    async def post_stop(application: Application) -> None:  # type: ignore[type-arg]
        for worker in workers:
            worker.cancel()

    application = (
        Application.builder()
        .token(token)
        .base_url(api_url or os.environ.get("INFRABOT_TELEGRAM_API_URL") or DEFAULT_API_URL)
        .rate_limiter(
            AIORateLimiter(
                # Telegram's broadcast limit; INFRABOT_TELEGRAM_MAX_RATE=0 lifts it (fake APIs).
                overall_max_rate=float(os.environ.get("INFRABOT_TELEGRAM_MAX_RATE") or 30),
                max_retries=5,
            )
        )
        # httpx scans every pooled connection on each request: PTB's default of 256 made that
        # scan a tenth of the CPU under a burst (py-spy, bench/telegram_load.py).
        .connection_pool_size(8)
        .persistence(DatabasePersistence(assistant.store))
        .concurrent_updates(ChatOrderedProcessor())
        .post_init(post_init)
        .post_stop(post_stop)
        .build()
    )
    application.add_handler(TypeHandler(Update, channel.deduplicate), group=-2)
    application.add_handler(TypeHandler(Update, channel.flood_gate), group=-1)
    form_steps: dict[object, list[BaseHandler[Update, Any, object]]] = {
        step: [
            CallbackQueryHandler(channel.form_button, pattern=r"^form:"),
            MessageHandler(filters.TEXT & ~filters.COMMAND, channel.form_typed),
        ]
        for step in FORM_QUESTIONS
    }
    # Buttons of the form are tracked per chat and user, not per message, on purpose: PTB warns.
    warnings.filterwarnings("ignore", message="If 'per_message=False'", category=PTBUserWarning)
    channel.form = ConversationHandler(
        entry_points=[
            CommandHandler("cotacao", channel.form_start),
            CallbackQueryHandler(channel.form_start, pattern=r"^acao:cotacao$"),
        ],
        states=form_steps,
        fallbacks=[CommandHandler("cancelar", channel.form_cancel)],
        name="cotacao",
        persistent=True,
        per_message=False,
    )
    application.add_handler(channel.form)
    application.add_handler(CommandHandler("start", channel.start))
    application.add_handler(CommandHandler("ajuda", channel.help))
    application.add_handler(CommandHandler("especialista", channel.specialist))
    application.add_handler(CommandHandler("minhas_cotacoes", channel.my_quotes))
    application.add_handler(CommandHandler("apagar_meus_dados", channel.forget_ask))
    application.add_handler(CommandHandler("cotacoes", channel.staff_quotes))
    application.add_handler(CommandHandler("enviar", channel.staff_send))
    application.add_handler(CallbackQueryHandler(channel.proposal_pdf, pattern=r"^pdf:"))
    application.add_handler(CallbackQueryHandler(channel.forget_confirm, pattern=r"^lgpd:"))
    application.add_handler(CallbackQueryHandler(channel.action, pattern=r"^acao:"))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, channel.text))
    application.add_handler(MessageHandler(~filters.TEXT & ~filters.COMMAND, channel.not_text))
    application.add_handler(TypeHandler(Update, channel.save_state), group=99)
    application.add_error_handler(channel.on_error)
    return application


def webhook_secret(token: str) -> str:
    """TELEGRAM_WEBHOOK_SECRET, or one derived from the bot token: every replica must register
    and check the same secret, and a random one per process would lock the others out."""
    configured = credential("TELEGRAM_WEBHOOK_SECRET")
    if configured:
        return configured
    return hashlib.sha256(f"infrabot-webhook:{token}".encode()).hexdigest()


def run(token: str, webhook_url: str | None = None, port: int = 8443) -> None:
    logs.configure()
    assistant = Assistant.from_environment(dense="background")
    application = build_application(token, assistant)
    try:
        if webhook_url:
            asyncio.run(serve(application, assistant, webhook_url, port, webhook_secret(token)))
        else:
            application.run_polling(allowed_updates=Update.ALL_TYPES)
    except (InvalidToken, NetworkError) as error:  # at start-up; later PTB retries on its own
        raise ChannelUnavailable(f"não consegui entrar no Telegram ({error})") from error
