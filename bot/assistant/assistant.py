"""The assistant: one pt-BR message in, one grounded reply out, for every channel.

`Assistant.reply(conversation_id, text)` decides what the message is (question, job to quote,
follow-up, handoff, greeting, out of scope, error), answers from the knowledge base or the quoting
engine, and keeps the conversation's slots in the database.
"""

import re
import unicodedata
from typing import TYPE_CHECKING, Any, Literal

from bot.assistant import composer, cues, fixed_replies, routing
from bot.assistant.commercial import commercial_answer
from bot.assistant.followups import (
    bare_field,
    example_length,
    last_field,
    only_a_number,
    same_family,
    scaled_field,
    swapped_model,
    unclear_number,
    which_field,
)
from bot.assistant.guidance import GuidanceAnswer, compose_answer
from bot.assistant.intent import Guess, classify, warm_up
from bot.assistant.llm import extract_with_model, load_chat_model, phrase
from bot.assistant.premises import premise_changes
from bot.assistant.reader import read_job
from bot.assistant.reader.text import normalize as normalize_text
from bot.assistant.rent_buy import asks_rent_or_buy, jobs_per_month, rent_or_buy_reply
from bot.assistant.reply import (
    ACTION_ALTERNATIVES,
    ACTION_GPU,
    ACTION_HUMAN,
    ACTION_QLORA,
    ACTION_QUOTE,
    Reply,
    Source,
)
from bot.assistant.search_query import continues_ours, search_query
from bot.assistant.state import ConversationState, ConversationStore
from bot.ops.metrics import ERRORS, RETRIEVAL_SECONDS
from bot.sales.ptax import day_rate
from knowledge.lexical import fold
from knowledge.retriever import KnowledgeRetriever
from quoting.errors import InvalidJob, QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, build_quote
from quoting.recommend import NoViableOffer

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

MAX_CHARS = 4000
# Share of a message's words that the knowledge base uses, under which a message with no domain
# word is about something else (measured on the assistant test set: off-topic questions score
# 0.0-0.67, on-topic ones 0.75-1.0).
MIN_COVERAGE = 0.75
# Score margin over the runner-up above which the intent classifier overrides the default route
# (questions go to retrieval); set on the labelled data file's 5-fold predictions.
CLASSIFIER_MARGIN = 0.3

_SIZE_SLOTS = {"model", "params"}
_JOB_SLOTS = {"model", "params", "dataset_tokens", "examples", "tokens_per_example"}
# Terms any purchase has: with nothing else, they do not make a message about a job.
_TERMS_ONLY = {"budget_brl", "deadline_hours", "data_residency"}


def _clean(text: str) -> str:
    """Drop control characters (keeping line breaks) and surrounding blanks."""
    kept = "".join(
        char for char in text if char in "\n\t" or not unicodedata.category(char).startswith("C")
    )
    return kept.strip()


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
        try:
            return self._reply(conversation_id, text)
        except QuotingError as error:  # a data problem: say it, save nothing
            return Reply(answer=f"Não consegui calcular agora: {error}", intent="error")

    def quote_form(self, conversation_id: str, slots: dict[str, Any], summary: str) -> Reply:
        """Quote a job given field by field (a channel's form); it replaces the one on the table."""
        state = self.store.load(conversation_id)
        state.slots = {}
        try:
            return self._quote(state, summary, slots)
        except QuotingError as error:
            return Reply(answer=f"Não consegui calcular agora: {error}", intent="error")

    def job_spec(self, conversation_id: str) -> JobSpec:
        """The job the conversation has on the table (the one its last quote priced)."""
        return JobSpec(**fixed_replies.spec_slots(self.store.load(conversation_id).slots))

    def forget(self, conversation_id: str) -> bool:
        """Delete everything kept about a conversation (LGPD)."""
        return self.store.delete(conversation_id)

    def _reply(self, conversation_id: str, raw: str) -> Reply:
        text = _clean(raw)
        if not text:
            return Reply(
                answer="Sua mensagem chegou vazia. Descreva o job ou faça uma pergunta.",
                intent="error",
            )
        if len(text) > MAX_CHARS:
            return Reply(
                answer=f"Sua mensagem é longa demais ({len(text):,} caracteres; o limite é "
                f"{MAX_CHARS:,}). Pode resumir o job em poucas linhas?".replace(",", "."),
                intent="error",
            )
        folded = normalize_text(text)  # folded, "qto"/"vc" spelled out, number words as digits
        # Punctuation alone says nothing; emoji alone ("👋", "👍") are a hello or an "ok" below.
        wordless = not re.search(r"[a-z0-9]", folded)
        if wordless and not any(unicodedata.category(char) == "So" for char in text):
            return Reply(
                answer="Não entendi. Pode escrever com palavras o que você precisa?",
                intent="clarify",
                actions=[ACTION_QUOTE, ACTION_HUMAN],
            )
        state = self.store.load(conversation_id)
        if cues.INJECTION.search(folded):
            return self._finish(
                state,
                text,
                Reply(answer=composer.INJECTION, intent="out_of_scope", actions=[ACTION_QUOTE]),
            )
        if cues.wants_person(folded) and not cues.GREETING.match(folded):
            return self._handoff(state, text)
        # Emoji alone: a hello to open a chat, an acknowledgement after one.
        if cues.GREETING.match(folded) or (wordless and not state.history):
            return self._finish(
                state,
                text,
                Reply(
                    answer=composer.GREETING,
                    intent="greeting",
                    actions=[ACTION_QUOTE, ACTION_HUMAN],
                ),
            )
        if cues.CLOSING.match(folded) or wordless:  # "obrigado!", "valeu, tchau", "ok, entendi"
            thanks, bye = bool(cues.THANKS.search(folded)), bool(cues.GOODBYE.search(folded))
            said = composer.closing(thanks, bye)
            reply = Reply(answer=said, intent="greeting", actions=[ACTION_QUOTE])
            return self._finish(state, text, reply)
        reading = read_job(text)  # "200 milhões de tokens de notas fiscais" is a job, not billing
        commercial = None if _SIZE_SLOTS & reading.slots.keys() else commercial_answer(folded)
        if commercial is not None:
            return self._finish(state, text, fixed_replies.commercial(commercial))
        if cues.ALTERNATIVES.match(folded):
            return self._finish(state, text, fixed_replies.alternatives(state))
        if asks_rent_or_buy(text) and _SIZE_SLOTS & state.slots.keys():
            # "vale a pena comprar uma GPU?" with a job on the table: its numbers, not the card.
            job = normalize(JobSpec(**fixed_replies.spec_slots(state.slots)))
            answer = rent_or_buy_reply(job, build_quote(job, fx=day_rate()), jobs_per_month(text))
            reply = Reply(answer=answer, intent="question", actions=[ACTION_HUMAN])
            return self._finish(state, text, reply)
        if reading.unclear:
            return self._finish(state, text, unclear_number(reading.unclear[0]))
        slots = reading.slots
        if self.llm is not None and cues.DOMAIN.search(folded):
            slots = {**extract_with_model(self.llm, text), **slots}
        changes = premise_changes(folded)
        slots.update(changes)
        has_job = bool(_SIZE_SLOTS & state.slots.keys())
        # "e com o mistral?": another family at the size of the model on the table.
        short = bool(cues.FOLLOW_UP.match(folded)) or len(folded.split()) <= 5
        swap = swapped_model(state.slots, folded) if has_job and short else None
        if swap and not _SIZE_SLOTS & slots.keys():
            slots["model"] = swap
        wants_price = bool(cues.PRICE.search(folded))
        guess = classify(text)
        sure = guess.margin >= CLASSIFIER_MARGIN
        # "e com 1.500?" after "tenho só 150 reais": the number is for the field on the table;
        # "e se for metade disso?" scales it.
        bare = bare_field(state, folded, reading.bare[-1]) if reading.bare and not slots else None
        if has_job and not bare and "examples" not in slots:
            scaled = scaled_field(state, folded, named_only=bool(slots))
            if scaled and slots:  # "faz lora e dobra os exemplos": one change among others
                slots.setdefault(*scaled)
            else:
                bare = scaled
        if bare:
            return self._quote(state, text, {bare[0]: bare[1]}, reading.notes, bare[0])
        if changes and has_job:  # "pode ser fora do Brasil?" changes the job, asked or not
            return self._quote(state, text, slots)
        if reading.bare and not slots and has_job and only_a_number(folded):
            return self._finish(state, text, which_field(reading.bare[-1]))
        if sure and guess.label == "handoff" and not (slots or cues.NOT_OUR_TRADE.search(folded)):
            return self._handoff(state, text)
        # "esquece o limite de orçamento, o diretor liberou" takes a term back: not an injection.
        injection = sure and guess.label == "injection" and not (slots.keys() - {"budget_brl"})
        if injection and not (has_job and changes):
            reply = Reply(answer=composer.INJECTION, intent="out_of_scope", actions=[ACTION_QUOTE])
            return self._finish(state, text, reply)
        # Sure it is about something else, with no word of ours and nothing of a job in it: "me
        # ajuda com meu TCC?", "best pizza place in São Paulo?" are not questions for the cards;
        # far surer, even with one of our words ("qual a cotação do bitcoin hoje?").
        # Games and stocks share our words ("placa", "Nvidia"), not our trade.
        off_topic = (
            guess.label == "off_topic"
            and (guess.margin >= 4 * CLASSIFIER_MARGIN or (sure and not cues.DOMAIN.search(folded)))
        ) or cues.not_our_trade(folded)
        off_topic = off_topic and not continues_ours(state, folded)
        if off_topic and not (slots.keys() - _TERMS_ONLY):  # "celular até 2 mil reais?"
            return self._out_of_scope(state, text)
        resized = routing.resized_question(state, folded, slots, wants_price)
        if not has_job and (resized or routing.asks_guidance(folded, text, slots, wants_price)):
            return self._answer(state, text)  # "meu modelo tem 1B, vale a pena pagar TPU?"
        if not has_job and routing.asks_pick_for_us(folded, slots):
            return self._clarify(state, text, slots)  # "qual servidor pro meu caso?"
        # A change to the job on the table: "e com QLoRA?", "os dados não podem sair do Brasil";
        # a question that merely mentions GPUs or TPUs is still a question.
        asks = "?" in text and bool(cues.QUESTION.match(folded)) and guess.label == "question"
        follow_up = (
            bool(slots)
            and has_job
            and (bool(cues.FOLLOW_UP.match(folded)) or len(text.split()) <= 4 or not asks)
        )
        # A request with nothing of a job in it ("qual máquina vcs indicam?", "me ajuda com um
        # fine-tuning?") gets a question back before any card: a card would answer something
        # the client did not ask. Worded as a question, it needs a surer guess.
        if self._vague(guess, folded, slots, has_job):
            return self._clarify(state, text, slots)
        # "tenho 3 mil, qual máquina?": terms of a purchase and a pick, nothing to size it.
        sizeless = not has_job and not _SIZE_SLOTS & slots.keys()
        if sizeless and (slots or wants_price) and cues.WHICH_MACHINE.search(folded):
            return self._clarify(state, text, slots)
        # Worded as a question by its first word, by asking whether something can be done, or by
        # the classifier.
        worded_as_question = "?" in text and (
            bool(cues.QUESTION.match(folded) or cues.CAN.search(folded))
            or guess.label == "question"
        )
        if (
            worded_as_question
            and not has_job
            and not wants_price
            and not _SIZE_SLOTS & slots.keys()
        ):
            return self._answer(state, text)  # "quantas épocas uso com 5 mil exemplos?"
        if _JOB_SLOTS & slots.keys() or follow_up or (wants_price and (slots or has_job)):
            if _SIZE_SLOTS & slots.keys() and len(slots) > 1 and not cues.FOLLOW_UP.match(folded):
                state.slots = {}  # a new job described in full replaces the one on the table
            return self._quote(state, text, slots, reading.notes, last_field(reading))
        # Terms of a job with nothing to size it, told not asked: "precisamos de uma GPU pra
        # semana que vem".
        if slots and not has_job and "?" not in text and guess.label in ("vague", "job"):
            return self._clarify(state, text, slots)
        # Job-like with nothing to price ("quero treinar um chatbot"): ask for the size.
        vague = guess.label == "job" and not has_job and sure
        if vague and cues.QUESTION.match(folded):
            vague = guess.margin >= 2 * CLASSIFIER_MARGIN
        if wants_price or vague:
            return self._clarify(state, text, slots)  # nothing to price yet: ask for the size
        if off_topic:
            return self._out_of_scope(state, text)
        return self._answer(state, text)

    @staticmethod
    def _vague(guess: Guess, folded: str, slots: dict[str, Any], has_job: bool) -> bool:
        if guess.label != "vague" or has_job or _SIZE_SLOTS & slots.keys():
            return False
        needed = 2 * CLASSIFIER_MARGIN if "?" in folded else CLASSIFIER_MARGIN
        return guess.margin >= needed

    def _handoff(self, state: ConversationState, text: str) -> Reply:
        state.handoff = True
        reply = Reply(answer=composer.HANDOFF, intent="handoff", handoff=True)
        return self._finish(state, text, reply)

    def _out_of_scope(self, state: ConversationState, text: str) -> Reply:
        reply = Reply(answer=composer.OUT_OF_SCOPE, intent="out_of_scope", actions=[ACTION_QUOTE])
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
        return self._finish(
            state,
            text,
            Reply(
                answer=composer.clarify_text(assumed),
                intent="clarify",
                actions=["Llama 3 8B", "Mistral 7B", "70B", ACTION_HUMAN],
            ),
        )

    def _quote(
        self,
        state: ConversationState,
        text: str,
        slots: dict[str, Any],
        notes: list[str] | None = None,
        changed: str | None = None,
    ) -> Reply:
        merged = dict(state.slots)
        slots = example_length(slots, merged)
        bare_size = slots.keys() & _SIZE_SLOTS == {"params"} and not re.search(
            r"\bmodel", fold(text)
        )
        if bare_size and (sibling := same_family(merged.get("model"), slots["params"], state)):
            slots = {**{k: v for k, v in slots.items() if k != "params"}, "model": sibling}
        if _SIZE_SLOTS & slots.keys():  # a new model replaces the old one, its size too
            merged.pop("model", None)
            merged.pop("params", None)
        if {"examples", "tokens_per_example"} & slots.keys():
            merged.pop("dataset_tokens", None)
        if "dataset_tokens" in slots:
            merged.pop("examples", None)
            merged.pop("tokens_per_example", None)
        merged.update(fixed_replies.storable(slots))
        if not _SIZE_SLOTS & merged.keys():
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
            if not _SIZE_SLOTS & state.slots.keys():
                state.slots = merged
            tips = "\n".join(f"• {composer.without_flags(tip)}" for tip in problem.suggestions)
            return self._finish(
                state,
                text,
                Reply(
                    answer=f"{composer.without_flags(str(problem))}\n\nO que resolveria:\n{tips}",
                    intent="quote",
                    actions=[ACTION_GPU, ACTION_HUMAN] if job.kind == "tpu" else [ACTION_HUMAN],
                ),
            )
        previous = Quote.model_validate(state.last_quote) if state.last_quote else None
        draft = composer.quote_text(quote, job, previous)
        if notes:
            draft = f"{draft}\n\n" + "\n".join(f"• {note}" for note in notes)
        state.slots = merged
        state.last_field = changed or state.last_field
        state.last_quote = quote.to_json_dict()
        actions = [ACTION_ALTERNATIVES]
        # QLoRA's 4-bit weights need bitsandbytes, which runs on GPUs only.
        gpu = quote.recommendation.kind == "gpu"
        if gpu and job.method != "qlora" and job.precision != "fp32":
            actions.append(ACTION_QLORA)
        actions.append(ACTION_HUMAN)
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

    def _answer(self, state: ConversationState, text: str) -> Reply:
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
        draft = f"{guidance.text}\n\n{composer.cite(used)}"
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
