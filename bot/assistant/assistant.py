"""The assistant: one pt-BR message in, one grounded reply out, for every channel.

`Assistant.reply(conversation_id, text)` decides what the message is (question, job to quote,
follow-up, handoff, greeting, out of scope, error), answers from the knowledge base or the quoting
engine, and keeps the conversation's slots in the database.
"""

import re
import unicodedata
from typing import Any, Literal

from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable, RunnableLambda
from pydantic import BaseModel, Field

from bot.assistant import composer
from bot.assistant.commercial import SOURCE_FILE, SOURCE_TITLE, commercial_answer
from bot.assistant.extraction import extract
from bot.assistant.llm import extract_with_model, load_chat_model, phrase
from bot.assistant.premises import premise_changes
from bot.assistant.state import ConversationState, ConversationStore
from bot.ops.metrics import ERRORS, RETRIEVAL_SECONDS
from knowledge.lexical import fold
from knowledge.retriever import GuidanceRetriever, KnowledgeRetriever, Passage
from quoting.errors import InvalidJob, QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, build_quote
from quoting.recommend import NoViableOffer

Intent = Literal["question", "quote", "clarify", "handoff", "greeting", "out_of_scope", "error"]
MAX_CHARS = 4000
# Share of a message's words that the knowledge base uses, under which a message with no domain
# word is about something else (measured on the assistant test set: off-topic questions score
# 0.0-0.67, on-topic ones 0.75-1.0).
MIN_COVERAGE = 0.75
ACTION_QUOTE = "Fazer uma cotação"
ACTION_ALTERNATIVES = "Ver alternativas"
ACTION_HUMAN = "Falar com um especialista"
ACTION_QLORA = "Refazer com QLoRA"
ACTION_GPU = "Cotar em GPU"

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
_ALTERNATIVES = re.compile(
    r"^(ver |mostra\w* |quais (sao )?(as )?|e as )?(alternativas|outras opcoes)\W*$"
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
    "--max-device-memory-gb": "Memória por placa",
}


def _invalid(error: InvalidJob) -> "Reply":
    label = _FIELD_LABELS.get(error.field, error.field)
    message = composer.without_flags(error.message)
    return Reply(answer=f"{label}: {message}. Pode corrigir?", intent="error")


def _commercial(answer: str) -> "Reply":
    """A commercial question answered from the company's data file."""
    return Reply(
        answer=answer,
        intent="question",
        sources=[Source(title=SOURCE_TITLE, source=SOURCE_FILE, score=1.0)],
        actions=[ACTION_QUOTE, ACTION_HUMAN],
    )


def _alternatives(state: "ConversationState") -> "Reply":
    """The "Ver alternativas" option typed in words: the last quote's alternatives."""
    if state.last_quote is None:
        return Reply(
            answer="Ainda não há cotação nesta conversa. Descreva o job para eu cotar.",
            intent="clarify",
            actions=[ACTION_QUOTE, ACTION_HUMAN],
        )
    quote = Quote.model_validate(state.last_quote)
    return Reply(
        answer=composer.alternatives_text(quote),
        intent="quote",
        quote=state.last_quote,
        actions=[ACTION_HUMAN],
    )


Answer = tuple[str, list[Passage], str | None]


def _compose_answer(retrieved: dict[str, Any]) -> Answer:
    """Retrieved documents -> a few grounded sentences, the passages cited, any fallback notice."""
    documents: list[Document] = retrieved["documents"]
    passages = [
        Passage(
            title=d.metadata["title"],
            source=d.metadata["source"],
            text=d.page_content,
            score=d.metadata["score"],
        )
        for d in documents
    ]
    text, used = composer.answer_from_passages(retrieved["question"], passages)
    return text, used, documents[0].metadata.get("notice") if documents else None


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
        self.guidance = GuidanceRetriever(knowledge=retriever, k=3)
        self.answer_chain: Runnable[str, Answer] = RunnableLambda(self._retrieve) | RunnableLambda(
            _compose_answer
        )

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
        if (commercial := commercial_answer(folded)) is not None:
            return self._finish(state, text, _commercial(commercial))
        if _ALTERNATIVES.match(folded):
            return self._finish(state, text, _alternatives(state))
        slots = extract(text)
        if self.llm is not None and _DOMAIN.search(folded):
            slots = {**extract_with_model(self.llm, text), **slots}
        changes = premise_changes(folded)
        slots.update(changes)
        has_job = bool(_SIZE_SLOTS & state.slots.keys())
        if changes and has_job:  # "pode ser fora do Brasil?" changes the job, asked or not
            return self._quote(state, text, slots)
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
        state.slots = merged
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
            documents = self.guidance.invoke(question)
        if documents and documents[0].metadata.get("fallback"):
            ERRORS.labels("indice_indisponivel").inc()
        return {"question": question, "documents": documents}

    def _answer(self, state: ConversationState, text: str) -> Reply:
        lexical = self.retriever.lexical
        relevant = bool(_DOMAIN.search(fold(text))) or lexical.coverage(text) >= MIN_COVERAGE
        answer, used, notice = self.answer_chain.invoke(text) if relevant else ("", [], None)
        if not used:
            off_topic = Reply(
                answer=composer.OUT_OF_SCOPE, intent="out_of_scope", actions=[ACTION_QUOTE]
            )
            return self._finish(state, text, off_topic)
        draft = f"{answer}\n\n{composer.cite(used)}"
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
