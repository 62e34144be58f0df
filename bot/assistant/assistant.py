"""The assistant: one message in, one grounded reply out in the client's language, for every
channel. `Assistant.reply(conversation_id, text)` decides what the message is (question, job to
quote, follow-up, handoff, greeting, out of scope, error), answers from the knowledge base or the
quoting engine, and keeps the conversation's slots in the database."""

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Literal

from bot.assistant import asks, composer, cues, fixed_replies, pleasantries
from bot.assistant.addenda import detail_added
from bot.assistant.budget_reach import reach_reply
from bot.assistant.comparison import compare_text
from bot.assistant.dollars import budget_in_reais, in_dollars, other_currency
from bot.assistant.fit_answer import fit_first, fit_reply, sizes_text
from bot.assistant.followups import SIZE_SLOTS, merged_slots, unclear_number, which_field
from bot.assistant.guidance import GuidanceAnswer, compose_answer
from bot.assistant.intent import warm_up
from bot.assistant.language import conversation_language
from bot.assistant.llm import extract_with_model, load_chat_model, phrase
from bot.assistant.machine_prices import prices_text
from bot.assistant.reader.other_chips import other_chip
from bot.assistant.reading import Reading, read_message
from bot.assistant.rent_buy import rent_or_buy_answer
from bot.assistant.reply import (
    ACTION_GPU,
    ACTION_HUMAN,
    ACTION_QUOTE,
    Reply,
    Source,
    action_said,
    cleaned,
    pressed,
    quote_actions,
)
from bot.assistant.routes import FIGURES, handoff_later, route
from bot.assistant.search_query import search_query
from bot.assistant.separate_jobs import each_quoted, separate_jobs
from bot.assistant.state import ConversationState, ConversationStore
from bot.assistant.table_refs import against_table, priced_card
from bot.assistant.text_answers import TEXT_ANSWERS
from bot.assistant.throughput import throughput_for
from bot.assistant.token_price import token_price_for
from bot.assistant.turn import Turn, understand
from bot.assistant.vision_models import vision_model, vision_model_reply
from bot.ops.metrics import ERRORS, RETRIEVAL_SECONDS
from bot.sales.ptax import day_rate
from knowledge.lexical import fold
from knowledge.retriever import KnowledgeRetriever
from locales import _, speaking
from quoting.errors import InvalidJob, QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, build_quote
from quoting.recommend import NoViableOffer

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

# Share of a message's words that the knowledge base uses, under which a message with no domain
# word is about something else (measured on the assistant test set: off-topic questions score
# 0.0-0.67, on-topic ones 0.75-1.0).
MIN_COVERAGE = 0.75


class Assistant:
    def __init__(
        self,
        retriever: KnowledgeRetriever,
        store: ConversationStore,
        llm: "BaseChatModel | None" = None,
        dense_in_background: bool = False,
    ) -> None:
        self.retriever = retriever
        self.store = store
        self.llm = llm
        # The first message needs the classifier, not the embedding model: the dense half of
        # retrieval loads after the classifier trains instead of slowing it down.
        self._warm_up = warm_up(retriever.attach_in_background if dense_in_background else None)

    @classmethod
    def from_environment(
        cls, dense: Literal["now", "background", "off"] = "background"
    ) -> "Assistant":
        """`background`: BM25 answers at once; the dense half of retrieval joins once loaded."""
        background = dense == "background"
        return cls(
            KnowledgeRetriever.load(dense="off" if background else dense),
            ConversationStore(),
            load_chat_model(),
            dense_in_background=background,
        )

    def settle(self, timeout: float = 60.0) -> None:
        """Let the background loading finish before exit (see KnowledgeRetriever.settle)."""
        self._warm_up.join(timeout)
        self.retriever.settle(timeout)

    def reply(self, conversation_id: str, text: str) -> Reply:
        """The answer to `text`, in the client's language (the conversation's for a short one)."""
        state = self.store.load(conversation_id)
        earlier = [turn.text for turn in state.history]  # ours too: they speak its language
        said = cleaned(text)
        reading = read_message(action_said(said), earlier=earlier)
        if reading.text != said or pressed(said):  # a button pressed, or its label typed
            language = conversation_language("" if pressed(said) else said, earlier)
            reading = reading.model_copy(update={"text": said, "language": language})
        with speaking(reading.language):
            try:
                reply = self._reply(reading, state)
            except QuotingError as error:  # a data problem: say it, save nothing
                answer = _("Não consegui calcular agora: {error}").format(error=error)
                reply = Reply(answer=answer, intent="error")
        return reply.model_copy(update={"language": reading.language})

    def quote_form(self, conversation_id: str, slots: dict[str, Any], summary: str) -> Reply:
        """Quote a job given field by field (a channel's form); it replaces the one on the table."""
        state = self.store.load(conversation_id)
        state.slots = {}
        try:
            return self._quote(state, summary, slots)
        except QuotingError as error:
            answer = _("Não consegui calcular agora: {error}").format(error=error)
            return Reply(answer=answer, intent="error")

    def job_spec(self, conversation_id: str) -> JobSpec:
        """The job the conversation has on the table (the one its last quote priced)."""
        return JobSpec(**fixed_replies.spec_slots(self.store.load(conversation_id).slots))

    def forget(self, conversation_id: str) -> bool:
        """Delete everything kept about a conversation (LGPD)."""
        return self.store.delete(conversation_id)

    def _reply(self, reading: Reading, state: ConversationState) -> Reply:
        extracted: dict[str, Any] = {}
        if self.llm is not None and cues.DOMAIN.search(reading.folded):
            extracted = extract_with_model(self.llm, reading.text)
        turn = understand(reading, state, extracted)
        if "budget_usd" in turn.slots:
            budget_in_reais(turn.slots, turn.reading.notes)
        name = route(turn)
        reply = self._handlers[name](turn)
        # a figure asked with "e vcs parcelam no cartão?" or "depois quero um consultor": both
        person, terms = turn.reading.wants("handoff"), turn.reading.commercial
        figure = name in FIGURES or (name == "job" and handoff_later(turn))
        if figure and (person or terms):
            reply = fixed_replies.also_asked(reply, False, person)
            reply.answer += f"\n\n{terms}" if terms else ""
            turn.state.history[-1].text = reply.answer[:2000]
            self.store.save(turn.state)
        return reply

    @property
    def _handlers(self) -> dict[str, Callable[[Turn], Reply]]:
        """One handler per route of bot/assistant/routes.py."""

        def clarify(t: Turn) -> Reply:
            return self._clarify(t.state, t.reading.text, t.slots)

        return {
            "attachment": lambda t: self._say(
                t, fixed_replies.unopened(t.reading.attachment or "")
            ),
            "empty": lambda t: fixed_replies.empty(),
            "too_long": lambda t: fixed_replies.too_long(len(t.reading.text)),
            "unreadable": lambda t: fixed_replies.unreadable(),
            "injection": self._injection,
            "handoff": lambda t: self._handoff(t.state, t.reading.text),
            "greeting": self._greeting,
            "closing": self._closing,
            "proposal": lambda t: self._say(t, fixed_replies.proposal(t.state, t.reading.text)),
            "commercial": lambda t: self._say(t, fixed_replies.commercial(t.reading.commercial)),
            "alternatives": lambda t: self._say(t, fixed_replies.alternatives(t.state)),
            "why_this": lambda t: self._say(t, fixed_replies.why_this(t.state)),
            "rent_or_buy": self._rent_or_buy,
            "unclear_number": lambda t: self._say(t, unclear_number(t.reading.unclear[0])),
            "closed_model": lambda t: self._say(t, fixed_replies.closed(t.folded)),
            "image_model": lambda t: self._image_model(t),
            **{name: partial(self._told, text) for name, text in TEXT_ANSWERS.items()},
            "separate_jobs": lambda t: each_quoted(
                separate_jobs(t.reading.text), partial(self._new_job, t.state)
            ),
            "price_per_hour": self._price_per_hour,
            "fit_check": self._fit_check,
            "budget_reach": lambda t: self._say(t, reach_reply(self._table_job(t))),
            "sizes": self._sizes,
            "throughput": lambda t: self._answer(t.state, t.reading.text, throughput_for(t)),
            "token_price": lambda t: self._answer(t.state, t.reading.text, token_price_for(t)),
            "compare": self._compare,
            "requote_on_card": self._requote_on_card,
            "in_dollars": lambda t: self._quote(t.state, t.reading.text, {}, dollars=True),
            "in_language": lambda t: self._quote(t.state, t.reading.text, {}),
            "again": lambda t: self._quote(t.state, t.reading.text, {}),
            "bare_number": self._bare_number,
            "premise_change": lambda t: self._quote_turn(t),
            "addendum": lambda t: self._quote(t.state, t.reading.text, *detail_added(t)),
            "which_field": lambda t: self._say(t, which_field(t.reading.bare[-1])),
            "classified_handoff": lambda t: self._handoff(t.state, t.reading.text),
            "classified_injection": self._injection,
            "off_topic": lambda t: self._out_of_scope(t.state, t.reading.text),
            "guidance": lambda t: self._answer(t.state, t.reading.text),
            **dict.fromkeys(
                ("pick_for_us", "vague", "sizeless_pick", "terms_only", "needs_size"), clarify
            ),
            "question": lambda t: self._answer(t.state, t.reading.text),
            "job": self._job,
            "late_off_topic": lambda t: self._out_of_scope(t.state, t.reading.text),
            "answer": lambda t: self._answer(t.state, t.reading.text),
        }

    def _say(self, turn: Turn, reply: Reply) -> Reply:
        return self._finish(turn.state, turn.reading.text, reply)

    def _new_job(self, state: ConversationState, text: str) -> Reply:
        """One of several separate jobs in a message, quoted on its own."""
        reading, state.slots = read_message(text), {}
        return self._quote(state, text, reading.slots, reading.notes)

    def _told(self, text: Callable[[Turn], str], turn: Turn) -> Reply:
        return self._say(turn, fixed_replies.answered(text(turn)))  # "que learning rate?"

    def _image_model(self, turn: Turn) -> Reply:
        turn.state.handoff = True
        name = vision_model(turn.folded) or ""
        return self._say(turn, vision_model_reply(name, turn.reading.text))

    def _injection(self, turn: Turn) -> Reply:
        reply = Reply(answer=_(composer.INJECTION), intent="out_of_scope", actions=[ACTION_QUOTE])
        return self._say(turn, reply)

    def _greeting(self, turn: Turn) -> Reply:
        actions = [ACTION_QUOTE, ACTION_HUMAN]
        reply = Reply(answer=_(composer.GREETING), intent="greeting", actions=actions)
        return self._say(turn, reply)

    def _closing(self, turn: Turn) -> Reply:
        thanks = bool(pleasantries.THANKS.search(turn.folded))
        said = composer.closing(thanks, bool(pleasantries.GOODBYE.search(turn.folded)))
        return self._say(turn, Reply(answer=said, intent="greeting", actions=[ACTION_QUOTE]))

    def _table_job(self, turn: Turn) -> dict[str, Any]:
        """The job on the table with this message's fields over it."""
        return {**turn.state.slots, **fixed_replies.storable(turn.slots)}

    def _rent_or_buy(self, turn: Turn) -> Reply:
        """ "vale a pena comprar uma GPU?": the job's own numbers, not the generic card."""
        slots = turn.slots if turn.sized else self._table_job(turn)
        answer = rent_or_buy_answer(slots, turn.reading.text)
        if turn.sized:
            turn.state.slots = fixed_replies.storable(slots)
        return self._say(turn, Reply(answer=answer, intent="question", actions=[ACTION_HUMAN]))

    def _price_per_hour(self, turn: Turn) -> Reply:
        # "e ela em spot?": the card of the question before, else the one quoted
        cards = list(turn.reading.accelerators) or priced_card(turn.state)
        if not cards and turn.state.last_quote:  # "a hora dessa máquina": the one quoted
            cards = [turn.state.last_quote["recommendation"]["accelerator"]]
        chip = None if turn.reading.accelerators else other_chip(turn.reading.other_chip)
        answer = prices_text(cards, chip, day_rate(), turn.folded)
        return self._say(turn, Reply(answer=answer, intent="question", actions=[ACTION_QUOTE]))

    def _fit_check(self, turn: Turn) -> Reply:
        spec = fixed_replies.card_free_spec(turn.slots if turn.sized else self._table_job(turn))
        try:
            answer = fit_reply(spec, turn.reading.accelerators, turn.reading.other_chip, turn.slots)
        except InvalidJob as error:
            return self._say(turn, fixed_replies.invalid_field(error))
        return self._say(turn, Reply(answer=answer, intent="question", actions=[ACTION_QUOTE]))

    def _sizes(self, turn: Turn) -> Reply:
        """A guidance question that names a size: the guidance, with the estimator's figures."""
        methods = [m for m in ("full", "lora", "qlora") if m in turn.folded] or ["full", "lora"]
        spec = JobSpec(**fixed_replies.spec_slots({**turn.slots, "method": None}))
        return self._answer(turn.state, turn.reading.text, sizes_text(spec, methods))

    def _compare(self, turn: Turn) -> Reply:
        reading = turn.reading
        base = self._table_job(turn) if turn.has_job else dict(turn.slots)
        axis, values = reading.compare_of, reading.compare
        if not values and (table := against_table(turn)):  # "e o Qwen 14B com os mesmos dados?"
            axis, values = table
        answer = compare_text(base, axis, values, day_rate(), reading.grid)
        if {"model", "params"} & base.keys():  # what "e em dólar?" or "e com QLoRA?" changes next
            turn.state.slots = fixed_replies.storable(
                {k: v for k, v in base.items() if k != axis or axis == "model"}
            )
        reply = Reply(answer=answer, intent="quote", actions=[ACTION_HUMAN])
        return self._say(turn, reply)

    def _requote_on_card(self, turn: Turn) -> Reply:
        if not turn.reading.accelerators:  # a chip we do not sell: the job again, the chip named
            return self._quote(turn.state, turn.reading.text, turn.slots, turn.reading.notes)
        card = turn.reading.accelerators[0]
        slots = {**turn.slots, **fixed_replies.on_card(card, {**turn.state.slots, **turn.slots})}
        slots.setdefault("devices", None)  # "e numa H200?": the count said for another card goes
        return self._quote(turn.state, turn.reading.text, slots)

    def _bare_number(self, turn: Turn) -> Reply:
        field, value = turn.bare  # type: ignore[misc]
        return self._quote(turn.state, turn.reading.text, {field: value}, turn.reading.notes, field)

    def _quote_turn(self, turn: Turn) -> Reply:
        return self._quote(turn.state, turn.reading.text, turn.slots, turn.reading.notes)

    def _job(self, turn: Turn) -> Reply:
        slots = dict(turn.slots)
        if "accelerator" in turn.reading.fields and turn.sized:
            slots.update(fixed_replies.on_card(turn.reading.fields["accelerator"].value, slots))
        if turn.sized and len(slots) > 1 and not cues.FOLLOW_UP.match(turn.folded):
            turn.state.slots = {}  # a new job described in full replaces the one on the table
        turn.state.handoff = turn.state.handoff or turn.reading.wants("handoff")
        reply = self._quote(
            turn.state,
            turn.reading.text,
            slots,
            turn.reading.notes,
            turn.reading.last_field,
            dollars=turn.reading.wants("in_dollars"),
        )
        card = turn.reading.fields.get("accelerator")  # or "minha RTX 3090 de 24GB dá conta?"
        other = turn.reading.other_chip
        if turn.reading.wants("fit_check") and (card or "max_device_memory_gb" in slots or other):
            reply.answer = fit_first(reply, slots, str(card.value) if card else None, other)
        wants = turn.reading.wants
        # "se ficar dentro do que eu imagino, já manda em PDF": the figure first, the PDF on a yes
        proposal = wants("proposal") and not asks.PROPOSAL_IF.search(turn.folded)
        return fixed_replies.also_asked(reply, proposal, wants("handoff"))

    def _handoff(self, state: ConversationState, text: str) -> Reply:
        state.handoff = True
        reply = Reply(answer=_(composer.HANDOFF), intent="handoff", handoff=True)
        return self._finish(state, text, reply)

    def _out_of_scope(self, state: ConversationState, text: str) -> Reply:
        answer = _(composer.OUT_OF_SCOPE)
        reply = Reply(answer=answer, intent="out_of_scope", actions=[ACTION_QUOTE])
        return self._finish(state, text, reply)

    def _finish(self, state: ConversationState, text: str, reply: Reply) -> Reply:
        state.remember("cliente", text)
        state.remember("infrabot", reply.answer)
        self.store.save(state)
        return reply

    def _clarify(self, state: ConversationState, text: str, slots: dict[str, Any]) -> Reply:
        merged = {**state.slots, **fixed_replies.storable(slots)}
        try:
            sized = {**fixed_replies.spec_slots(merged), "params": 7e9}
            assumed = normalize(JobSpec(**sized)).assumptions[1:7]
        except InvalidJob as error:
            return fixed_replies.invalid_field(error)
        state.slots = merged
        state.last_field = "params"
        actions = ["Llama 3 8B", "Mistral 7B", "70B", ACTION_HUMAN]
        reply = Reply(answer=composer.clarify_text(assumed), intent="clarify", actions=actions)
        return self._finish(state, text, reply)

    def _quote(
        self,
        state: ConversationState,
        text: str,
        slots: dict[str, Any],
        notes: list[str] | None = None,
        changed: str | None = None,
        dollars: bool = False,
    ) -> Reply:
        slots, merged = merged_slots(state, text, slots)
        if not SIZE_SLOTS & merged.keys():
            return self._clarify(state, text, slots)
        if "model" in merged and "params" in merged:  # the newer of the two names the size
            merged.pop("params" if "model" in slots else "model")
        try:
            job = normalize(JobSpec(**fixed_replies.spec_slots(merged)))
        except InvalidJob as error:
            return fixed_replies.invalid_field(error)
        try:
            quote = build_quote(job, fx=day_rate())
        except NoViableOffer as problem:
            # A change keeps the job as it was; a new job that nothing runs stays on the table
            # so that "Cotar em GPU" can follow.
            if not SIZE_SLOTS & state.slots.keys():
                state.slots = merged
            tips = "\n".join(f"• {composer.without_flags(tip)}" for tip in problem.suggestions)
            answer = _("{problem}\n\nO que resolveria:\n{tips}").format(
                problem=composer.without_flags(str(problem)), tips=tips
            )
            actions = [ACTION_GPU, ACTION_HUMAN] if job.kind == "tpu" else [ACTION_HUMAN]
            return self._finish(state, text, Reply(answer=answer, intent="quote", actions=actions))
        previous = Quote.model_validate(state.last_quote) if state.last_quote else None
        draft = composer.quote_text(quote, job, previous)
        if dollars:  # "e em dólar?": the same total at the quote's own rate
            draft = f"{in_dollars(quote, other_currency(fold(text)))}\n\n{draft}"
        if notes:
            draft = f"{draft}\n\n" + "\n".join(f"• {note}" for note in notes)
        state.slots = merged
        state.last_field = changed or state.last_field
        state.last_quote = quote.to_json_dict()
        # QLoRA's 4-bit weights need bitsandbytes, which runs on GPUs only.
        gpu = quote.recommendation.kind == "gpu"
        actions = quote_actions(gpu and job.method != "qlora" and job.precision != "fp32")
        return self._finish(
            state,
            text,
            Reply(
                answer=self._phrased(text, draft),
                intent="quote",
                quote=quote.to_json_dict(),
                actions=actions,
            ),
        )

    def _retrieve(self, question: str) -> dict[str, Any]:
        with RETRIEVAL_SECONDS.time():
            result = self.retriever.search(question, k=3)
        if result.fallback:
            ERRORS.labels("indice_indisponivel").inc()
        return {"question": question, "result": result}

    def _answer(self, state: ConversationState, text: str, figures: str = "") -> Reply:
        query = search_query(state, text)
        lexical = self.retriever.lexical
        relevant = bool(cues.DOMAIN.search(fold(query))) or lexical.coverage(text) >= MIN_COVERAGE
        guidance = compose_answer(self._retrieve(query)) if relevant else GuidanceAnswer()
        used, notice = guidance.used, guidance.notice
        if not used and guidance.options:
            unsure = Reply(
                answer=composer.clarify_guidance(guidance.options),
                intent="clarify",
                actions=[*guidance.options, ACTION_HUMAN],
                notice=notice,
            )
            return self._finish(state, text, unsure)
        if not used:
            return self._out_of_scope(state, text)
        draft = "\n\n".join(part for part in (guidance.text, figures, composer.cite(used)) if part)
        return self._finish(
            state,
            text,
            Reply(
                answer=self._phrased(text, draft),
                intent="question",
                sources=[Source(title=p.title, source=p.source, score=p.score) for p in used],
                actions=[ACTION_QUOTE, ACTION_HUMAN],
                notice=notice,
            ),
        )

    def _phrased(self, question: str, draft: str) -> str:
        if self.llm is None:
            return draft
        return phrase(self.llm, question, draft) or draft
