"""The assistant: one pt-BR message in, one grounded reply out, for every channel.

`Assistant.reply(conversation_id, text)` decides what the message is (question, job to quote,
follow-up, handoff, greeting, out of scope, error), answers from the knowledge base or the quoting
engine, and keeps the conversation's slots in the database.
"""

import re
import unicodedata
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable, RunnableLambda
from pydantic import BaseModel, Field

from bot.assistant import composer
from bot.assistant.extraction import extract
from bot.assistant.llm import extract_with_model, load_chat_model, phrase
from bot.assistant.state import ConversationState, ConversationStore
from bot.ops.metrics import ERRORS, RETRIEVAL_SECONDS
from knowledge.lexical import fold
from knowledge.retriever import CardMatch, KnowledgeRetriever, Passage, SearchResult
from quoting.errors import InvalidJob, QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.recommend import NoViableOffer

Intent = Literal["question", "quote", "clarify", "handoff", "greeting", "out_of_scope", "error"]
MAX_CHARS = 4000
# Share of a message's words that the knowledge base uses, under which a message with no domain
# word is about something else (measured on the assistant test set: off-topic questions score
# 0.0-0.67, on-topic ones 0.75-1.0).
MIN_COVERAGE = 0.75
# When the best answer card is trusted: its dense similarity (mean cosine of the two packaged
# models) is at least MIN_CARD_SIMILARITY and either both rankings put it among their first two
# cards or the similarity alone reaches SURE_CARD_SIMILARITY. Otherwise the client gets a question
# back. Measured on the 109 questions of the retrieval tuning sets and 20 vague or unrelated
# messages: 79 of the 85 right cards are kept, 15 of 24 wrong ones and 6 of 20 vague ones (the
# similarity alone at 0.53 kept 80, 24 and 9).
MIN_CARD_SIMILARITY = 0.53
SURE_CARD_SIMILARITY = 0.60
# Documents that come with the product and have answer cards; anything else was added by a user.
_PACKAGED_SOURCES = ("corpus/", "catalogo/")
ACTION_QUOTE = "Fazer uma cotação"
ACTION_ALTERNATIVES = "Ver alternativas"
ACTION_HUMAN = "Falar com um especialista"
ACTION_QLORA = "Refazer com QLoRA"

_SIZE_SLOTS = {"model", "params"}
_JOB_SLOTS = {"model", "params", "dataset_tokens", "examples", "tokens_per_example"}
_HANDOFF = re.compile(
    r"(falar|conversar|atendimento) com (um |uma |o |a )?(humano|pessoa|vendedor|vendedora|"
    r"atendente|especialista|consultor|gente de verdade)|\bhumano\b|talk to (a )?(human|person|"
    r"sales)|/especialista"
)
_INJECTION = re.compile(
    r"ignor\w* (as |todas as |suas )?(instruc|regras|prompt)|ignore (all |the )?(previous |prior )?"
    r"instructions|system prompt|prompt do sistema|voce agora e|finja que|me (de|da) r\$|"
    r"desconto de 100|de graca|jailbreak|developer mode"
)
_GREETING = re.compile(
    r"^(oi+|ola|ola+|bom dia|boa tarde|boa noite|e ai|hello|hi|hey|/start|/ajuda|ajuda|help|"
    r"tudo bem|opa)[\s!?.,]*(tudo bem|td bem|como vai)?[\s!?.,]*$"
)
_PRICE = re.compile(
    r"quanto (custa|sai|fica|cobra|cobram|vai custar|vai sair)|quero (uma |um )?(cotacao|orcamento|"
    r"preco)|(me )?(passa|manda|da|faz|fazer) (uma |um )?(cotacao|orcamento|preco)|\bcotar\b|"
    r"how much|price (for|of)|quote (me|for)|qual (o|e o) (preco|valor)|"
    r"^(preco|cotacao|orcamento)\W*$"
)
_QUESTION = re.compile(
    r"^(posso|pode|podem|como|qual|quais|o que|oque|por que|porque|pq|quando|onde|quanto tempo|"
    r"e possivel|da pra|vale|devo|preciso|existe|tem como|what|how|why|can|should|is|does|do)\b"
)
_FOLLOW_UP = re.compile(r"^\s*(e|and|agora|entao|refaz\w*|what about|com|sem|em|e se)\b")
_DOMAIN = re.compile(
    r"gpu|tpu|fine.?tun|treina|trein|modelo|llm|lora|nuvem|cloud|vram|memoria|oom|cuda|nvidia|"
    r"infra|maquina|servidor|spot|lgpd|dados|dataset|epoca|token|inferencia|imposto|iof|cambio|"
    r"dolar|cotac|preco|custo|placa|pytorch|tensorflow|jax|hugging|h100|a100|\bt4\b|\bl4\b"
)


# Engine fields as a client reads them in chat (the engine names them by their CLI flags).
_FIELD_LABELS = {
    "--model": "Modelo",
    "--params": "Tamanho do modelo",
    "--method": "Método",
    "--precision": "Precisão",
    "--lora-rank": "Rank do LoRA",
    "--seq-len": "Tamanho da sequência",
    "--batch-size": "Batch",
    "--dataset-tokens": "Total de tokens",
    "--examples": "Número de exemplos",
    "--tokens-per-example": "Tokens por exemplo",
    "--epochs": "Épocas",
    "--deadline-hours": "Prazo",
    "--budget-brl": "Orçamento",
}


def _invalid(error: InvalidJob) -> "Reply":
    label = _FIELD_LABELS.get(error.field, error.field)
    return Reply(answer=f"{label}: {error.message}. Pode corrigir?", intent="error")


class GuidanceAnswer(BaseModel):
    """A guidance reply: its text and the passages cited, or the topics to offer instead."""

    text: str = ""
    used: list[Passage] = Field(default_factory=list)
    notice: str | None = None
    options: list[str] = Field(default_factory=list)


def _trusted(card: CardMatch) -> bool:
    if card.similarity is None or card.exact:  # no dense half to measure, or asked verbatim
        return True
    agree = all(rank is not None and rank <= 1 for rank in (card.lexical_rank, card.dense_rank))
    return card.similarity >= MIN_CARD_SIMILARITY and (
        agree or card.similarity >= SURE_CARD_SIMILARITY
    )


def _compose_answer(retrieved: dict[str, Any]) -> GuidanceAnswer:
    """The answer card that matches, or, for a document a user added, a few of its sentences; when
    no card matches well enough, the closest topics to ask the client about."""
    result: SearchResult = retrieved["result"]
    passages = result.passages
    if passages and not passages[0].source.startswith(_PACKAGED_SOURCES):
        text, used = composer.answer_from_passages(retrieved["question"], passages)
        if text:
            return GuidanceAnswer(text=text, used=used, notice=result.notice)
    card = result.cards[0] if result.cards else None
    if card and _trusted(card):
        score = next((p.score for p in passages if p.source == card.source), 0.0)
        cited = Passage(title=card.title, source=card.source, text=card.text, score=score)
        return GuidanceAnswer(text=card.text, used=[cited], notice=result.notice)
    return GuidanceAnswer(notice=result.notice, options=[c.asked for c in result.cards])


class Source(BaseModel):
    title: str
    source: str
    score: float


class Reply(BaseModel):
    answer: str
    intent: Intent
    sources: list[Source] = Field(default_factory=list)
    quote: dict[str, Any] | None = None
    actions: list[str] = Field(default_factory=list)
    handoff: bool = False
    notice: str | None = None

    def to_json_dict(self) -> dict[str, Any]:
        """The `ask --json` object of DESIGN.md (plus actions, handoff and notice)."""
        return self.model_dump(mode="json")


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
        llm: BaseChatModel | None = None,
    ) -> None:
        self.retriever = retriever
        self.store = store
        self.llm = llm
        # Retrieval and composition as a LangChain pipeline: question -> passages -> answer.
        # Retriever and composer as one LangChain pipeline. The retriever runs inline rather than
        # in a RunnableParallel: the thread hop doubled the p95 of answers (bench/assistant.py).
        self.answer_chain: Runnable[str, GuidanceAnswer] = RunnableLambda(
            self._retrieve
        ) | RunnableLambda(_compose_answer)

    @classmethod
    def from_environment(
        cls, dense: Literal["now", "background", "off"] = "background"
    ) -> "Assistant":
        return cls(KnowledgeRetriever.load(dense=dense), ConversationStore(), load_chat_model())

    def reply(self, conversation_id: str, text: str) -> Reply:
        try:
            return self._reply(conversation_id, text)
        except QuotingError as error:  # a data problem: say it, save nothing
            return Reply(answer=f"Não consegui calcular agora: {error}", intent="error")

    def quote_form(self, conversation_id: str, slots: dict[str, Any], summary: str) -> Reply:
        """Quote a job given field by field (a channel's guided form); it replaces the job the
        conversation had."""
        state = self.store.load(conversation_id)
        state.slots = {}
        try:
            return self._quote(state, summary, slots)
        except QuotingError as error:
            return Reply(answer=f"Não consegui calcular agora: {error}", intent="error")

    def job_spec(self, conversation_id: str) -> JobSpec:
        """The job the conversation has on the table (the one its last quote priced)."""
        return JobSpec(**_spec_slots(self.store.load(conversation_id).slots))

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
        folded = fold(text)
        if not re.search(r"[a-z0-9]", folded):
            return Reply(
                answer="Não entendi. Pode escrever com palavras o que você precisa?",
                intent="clarify",
                actions=[ACTION_QUOTE, ACTION_HUMAN],
            )
        state = self.store.load(conversation_id)
        if _INJECTION.search(folded):
            return self._finish(
                state,
                text,
                Reply(answer=composer.INJECTION, intent="out_of_scope", actions=[ACTION_QUOTE]),
            )
        if _HANDOFF.search(folded):
            state.handoff = True
            return self._finish(
                state, text, Reply(answer=composer.HANDOFF, intent="handoff", handoff=True)
            )
        if _GREETING.match(folded):
            return self._finish(
                state,
                text,
                Reply(
                    answer=composer.GREETING,
                    intent="greeting",
                    actions=[ACTION_QUOTE, ACTION_HUMAN],
                ),
            )
        slots = extract(text)
        if self.llm is not None and _DOMAIN.search(folded):
            slots = {**extract_with_model(self.llm, text), **slots}
        has_job = bool(_SIZE_SLOTS & state.slots.keys())
        wants_price = bool(_PRICE.search(folded))
        # A change to the job on the table: "e com QLoRA?", "os dados não podem sair do Brasil";
        # a question that merely mentions GPUs or TPUs is still a question.
        asks = "?" in text and bool(_QUESTION.match(folded))
        follow_up = (
            bool(slots)
            and has_job
            and (bool(_FOLLOW_UP.match(folded)) or len(text.split()) <= 4 or not asks)
        )
        if _JOB_SLOTS & slots.keys() or follow_up or (wants_price and (slots or has_job)):
            return self._quote(state, text, slots)
        if wants_price:  # a price with nothing to price yet
            return self._clarify(state, text, slots)
        return self._answer(state, text)

    def _finish(self, state: ConversationState, text: str, reply: Reply) -> Reply:
        state.remember("cliente", text)
        state.remember("infrabot", reply.answer)
        self.store.save(state)
        return reply

    def _clarify(self, state: ConversationState, text: str, slots: dict[str, Any]) -> Reply:
        merged = {**state.slots, **_storable(slots)}
        try:
            assumed = normalize(JobSpec(**{**_spec_slots(merged), "params": 7e9})).assumptions[1:7]
        except InvalidJob as error:
            return _invalid(error)
        state.slots = merged
        return self._finish(
            state,
            text,
            Reply(
                answer=composer.clarify_text(assumed),
                intent="clarify",
                actions=["Llama 3 8B", "Mistral 7B", "70B", ACTION_HUMAN],
            ),
        )

    def _quote(self, state: ConversationState, text: str, slots: dict[str, Any]) -> Reply:
        merged = dict(state.slots)
        if _SIZE_SLOTS & slots.keys():  # a new model replaces the old one, its size too
            merged.pop("model", None)
            merged.pop("params", None)
        if {"examples", "tokens_per_example"} & slots.keys():
            merged.pop("dataset_tokens", None)
        if "dataset_tokens" in slots:
            merged.pop("examples", None)
            merged.pop("tokens_per_example", None)
        merged.update(_storable(slots))
        if not _SIZE_SLOTS & merged.keys():
            return self._clarify(state, text, slots)
        try:
            job = normalize(JobSpec(**_spec_slots(merged)))
        except InvalidJob as error:
            return _invalid(error)
        try:
            quote = build_quote(job)
        except NoViableOffer as problem:  # the job stays as it was before this change
            tips = "\n".join(f"• {tip}" for tip in problem.suggestions)
            return self._finish(
                state,
                text,
                Reply(
                    answer=f"{problem}\n\nO que resolveria:\n{tips}",
                    intent="quote",
                    actions=[ACTION_HUMAN],
                ),
            )
        draft = composer.quote_text(quote, job)
        state.slots = merged
        state.last_quote = quote.to_json_dict()
        actions = [ACTION_ALTERNATIVES]
        if job.method != "qlora" and job.precision != "fp32":
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
        lexical = self.retriever.lexical
        relevant = bool(_DOMAIN.search(fold(text))) or lexical.coverage(text) >= MIN_COVERAGE
        guidance = self.answer_chain.invoke(text) if relevant else GuidanceAnswer()
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
            off_topic = Reply(
                answer=composer.OUT_OF_SCOPE, intent="out_of_scope", actions=[ACTION_QUOTE]
            )
            return self._finish(state, text, off_topic)
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


def _storable(slots: dict[str, Any]) -> dict[str, Any]:
    """Slots as JSON-safe values for the database (Decimal budgets as text)."""
    return {key: str(value) if key == "budget_brl" else value for key, value in slots.items()}


def _spec_slots(slots: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in slots.items() if key in JobSpec.model_fields}
