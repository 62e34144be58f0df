"""The guided /cotacao form: a ConversationHandler with one question per step, typed or tapped."""

import asyncio
import warnings
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import (
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    ConversationHandler,
    MessageHandler,
    filters,
)
from telegram.warnings import PTBUserWarning

from bot.assistant import cues
from bot.assistant.extraction import extract
from bot.assistant.reader.text import normalize
from bot.telegram.delivery import TelegramChannel, conversation_id
from bot.telegram.language import user_language
from bot.telegram.views import buttons
from locales import N_, SOURCE_LANGUAGE, _, current, speaking

# One state per question.
MODEL, METHOD, DATASET, FRAMEWORK, RESIDENCY, DEADLINE = range(6)
SKIP = "form:pular"

# Each step's question and its buttons: (label, callback data), labels shown with _() (a name
# such as "Llama 3 8B" has no entry in the catalogs and shows as it is).
Question = tuple[str, tuple[tuple[str, str], ...]]
FORM_QUESTIONS: dict[int, Question] = {
    MODEL: (
        N_("1/6 · Qual modelo você quer ajustar? Escreva o nome ou o tamanho (ex.: 7B)."),
        (
            ("Llama 3 8B", "form:model:llama-3-8b"),
            ("Mistral 7B", "form:model:mistral-7b"),
            ("Qwen2.5 14B", "form:model:qwen2.5-14b"),
        ),
    ),
    METHOD: (
        N_("2/6 · Qual método?"),
        (
            ("LoRA", "form:method:lora"),
            ("QLoRA", "form:method:qlora"),
            (N_("Ajuste completo"), "form:method:full"),
            (N_("Pular"), SKIP),
        ),
    ),
    DATASET: (
        N_(
            '3/6 · Tamanho do dataset? Escreva, por exemplo, "20 mil exemplos" ou '
            '"5 milhões de tokens".'
        ),
        ((N_("Pular"), SKIP),),
    ),
    FRAMEWORK: (
        N_("4/6 · Qual framework?"),
        (
            ("PyTorch", "form:framework:pytorch"),
            ("TensorFlow", "form:framework:tensorflow"),
            ("JAX", "form:framework:jax"),
            (N_("Pular"), SKIP),
        ),
    ),
    RESIDENCY: (
        N_("5/6 · Os dados precisam ficar no Brasil (LGPD)?"),
        (
            (N_("Sim, só no Brasil"), "form:data_residency:br"),
            (N_("Não precisa"), "form:data_residency:any"),
            (N_("Pular"), SKIP),
        ),
    ),
    DEADLINE: (
        N_("6/6 · Tem prazo? Escreva em horas ou dias (ex.: 2 dias)."),
        ((N_("Sem prazo"), SKIP),),
    ),
}


def question(step: int) -> tuple[str, InlineKeyboardMarkup]:
    """The step's question and buttons in the language being spoken."""
    text, rows = FORM_QUESTIONS[step]
    return _(text), buttons(*((_(label), data) for label, data in rows))


# The buttons the form offers: any other "form:..." data was not sent by us (a forged or edited
# callback) and is answered as an answer not understood, never stored.
FORM_BUTTONS = {data for _text, rows in FORM_QUESTIONS.values() for _label, data in rows}


# The job fields each step asks for; a message may answer several steps at once.
WANTED: dict[int, set[str]] = {
    MODEL: {"model", "params"},
    METHOD: {"method"},
    DATASET: {"examples", "dataset_tokens", "tokens_per_example"},
    FRAMEWORK: {"framework"},
    RESIDENCY: {"data_residency"},
    DEADLINE: {"deadline_hours"},
}
FIELDS: set[str] = set().union(*WANTED.values())
NAMES = {
    MODEL: N_("o modelo"),
    METHOD: N_("o método"),
    DATASET: N_("o dataset"),
    FRAMEWORK: N_("o framework"),
    RESIDENCY: N_("onde ficam os dados"),
    DEADLINE: N_("o prazo"),
}
LEAVE = N_("(Para sair da cotação guiada: /cancelar.)")
Ask = Callable[[Update, ContextTypes.DEFAULT_TYPE, str], Awaitable[None]]


class Form:
    def __init__(self, channel: TelegramChannel, ask: Ask) -> None:
        self.channel = channel
        self.ask = ask  # a question typed mid-form goes to the assistant, as outside it

    def handler(self) -> ConversationHandler[Any]:
        """The form as PTB's ConversationHandler, kept in the database under the name cotacao."""
        steps: dict[object, list[BaseHandler[Update, Any, object]]] = {
            step: [
                CallbackQueryHandler(self.button, pattern=r"^form:"),
                MessageHandler(filters.TEXT & ~filters.COMMAND, self.typed),
            ]
            for step in FORM_QUESTIONS
        }
        # Buttons of the form are tracked per chat and user, not per message, on purpose: PTB warns.
        warnings.filterwarnings("ignore", message="If 'per_message=False'", category=PTBUserWarning)
        return ConversationHandler(
            entry_points=[
                CommandHandler("cotacao", self.start),
                CallbackQueryHandler(self.start, pattern=r"^acao:cotacao$"),
            ],
            states=steps,
            fallbacks=[
                CommandHandler("cancelar", self.cancel),
                CommandHandler("cotacao", self.restart),
                CallbackQueryHandler(self.restart, pattern=r"^acao:cotacao$"),
            ],
            name="cotacao",
            persistent=True,
            per_message=False,
        )

    async def _ask_step(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, step: int, lead: str = ""
    ) -> int:
        chat = update.effective_chat
        assert chat is not None
        text, markup = question(step)
        assert context.user_data is not None
        context.user_data["step"] = step
        prompt = f"{lead}{text}\n{_(LEAVE)}"
        self.channel.after_save(
            update, lambda: context.bot.send_message(chat.id, prompt, reply_markup=markup)
        )
        return step

    # The form speaks the language of the person's Telegram app (bot.telegram.language).
    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        with speaking(user_language(update)):
            return await self._begin(update, context)

    async def restart(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        """/cotacao (or its button) in the middle of the form: start over, and say so."""
        assert context.user_data is not None
        step = int(context.user_data.get("step", MODEL))
        with speaking(user_language(update)):
            lead = _(
                "Você estava no passo {step}/{steps} da cotação guiada; recomecei do início."
            ).format(step=step + 1, steps=len(FORM_QUESTIONS))
            return await self._begin(update, context, f"{lead}\n")

    async def _begin(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, lead: str = ""
    ) -> int:
        if update.callback_query is not None:
            await update.callback_query.answer()
        assert context.user_data is not None
        context.user_data["form"] = {}
        return await self._ask_step(update, context, MODEL, lead)

    async def typed(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        with speaking(user_language(update)):
            return await self._typed(update, context)

    async def _typed(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        assert update.message is not None and context.user_data is not None
        step = context.user_data.get("step", MODEL)
        typed = update.message.text or ""
        # A bare "2 dias" answers the deadline question; free text elsewhere needs no prefix.
        found = extract(f"em {typed}" if step == DEADLINE else typed)
        # "o que é QLoRA?" is a question for the assistant, even though it names a method; "e se
        # forem 20 mil exemplos?" at the method step answers the dataset step: noted, and the
        # method asked again.
        if _real_question(typed) or ("?" in typed and not FIELDS & found.keys()):
            await self.ask(update, context, typed)
            lead = _("Continuando a cotação guiada:")
            return await self._ask_step(update, context, step, f"{lead} ")
        return await self._record(update, context, step, found)

    async def button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        with speaking(user_language(update)):
            return await self._button(update, context)

    async def _button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        query = update.callback_query
        assert query is not None and context.user_data is not None
        await query.answer()
        step = context.user_data.get("step", MODEL)
        if query.data == SKIP:
            return await self._record(update, context, step, {}, skipped=True)
        if query.data not in FORM_BUTTONS:
            return await self._record(update, context, step, {})
        _kind, field, value = (query.data or "form::").split(":", 2)
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
        """Keep every job field the answer gives (a whole job typed at step 1 fills the steps
        it answers), then ask the first step still unanswered, or quote."""
        assert context.user_data is not None
        chat = update.effective_chat
        assert chat is not None
        asked, markup = question(step)
        if any(_not_positive(value) for value in found.values()):
            why = _("Esse número precisa ser maior que zero.")
            await context.bot.send_message(
                chat.id, f"{why} {asked}\n{_(LEAVE)}", reply_markup=markup
            )
            return step
        if not found and not skipped:
            why = _("Não entendi essa resposta.")
            await context.bot.send_message(
                chat.id, f"{why} {asked}\n{_(LEAVE)}", reply_markup=markup
            )
            return step
        form = dict(context.user_data.get("form", {}))
        form.update({k: (str(v) if k == "budget_brl" else v) for k, v in found.items()})
        context.user_data["form"] = form
        answered = [s for s, fields in WANTED.items() if fields & found.keys()]
        missing = [
            s
            for s in FORM_QUESTIONS
            if s >= step and not WANTED[s] & form.keys() and not (skipped and s == step)
        ]
        if missing:
            # Said only when the answer went beyond the question asked.
            beyond = answered != [step] and bool(answered)
            lead = ""
            if beyond:
                noted = _listed([_(NAMES[s]) for s in answered])
                lead = _("Anotei {fields}.").format(fields=noted) + " "
            return await self._ask_step(update, context, missing[0], lead)
        context.user_data.pop("step", None)
        async with self.channel.typing(context.bot, chat.id):
            reply = await asyncio.to_thread(
                self.channel.assistant.quote_form, conversation_id(update), form, "cotação guiada"
            )
        if reply.language == SOURCE_LANGUAGE:  # the quote was written in the form's language
            reply = reply.model_copy(update={"language": current()})
        self.channel.after_save(update, lambda: self.channel.answer(update, context, reply))
        return ConversationHandler.END

    async def cancel(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> int:
        if context.user_data is not None:
            context.user_data.pop("form", None)
            context.user_data.pop("step", None)
        chat = update.effective_chat
        assert chat is not None
        with speaking(user_language(update)):
            done = _("Cotação guiada cancelada. Quando quiser, é só chamar /cotacao.")
        self.channel.after_save(update, lambda: context.bot.send_message(chat.id, done))
        return ConversationHandler.END


def _real_question(text: str) -> bool:
    """ "o que é…", "posso…": asked of the assistant even when it names a job field; "e se…?"
    is not one."""
    folded = normalize(text)
    return bool(cues.QUESTION.match(folded) or cues.CAN.search(folded))


def _listed(names: list[str]) -> str:
    """ "o modelo, o método e o prazo" """
    if len(names) == 1:
        return names[0]
    return _("{items} e {last}").format(items=", ".join(names[:-1]), last=names[-1])


def _not_positive(value: Any) -> bool:
    """A count, size or deadline of zero or less ("-5 exemplos"): asked again at its step, not
    refused at the end of the form."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool) and value <= 0
