"""Replies that need no conversation flow: a job field the engine refused, a commercial answer
from the company's file, and the "Ver alternativas" option; and the slot conversions they share
with the assistant."""

from typing import Any

from bot.assistant import composer
from bot.assistant.commercial import SOURCE_FILE, SOURCE_TITLE
from bot.assistant.reply import ACTION_HUMAN, ACTION_QUOTE, Reply, Source
from bot.assistant.state import ConversationState
from quoting.errors import InvalidJob
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, other_options

# Longer than any job description: past it a message is pasted text, not a request.
MAX_CHARS = 4000

# Engine fields as a client reads them in chat (the engine names them by their CLI flags).
FIELD_LABELS = {
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
    "--max-device-memory-gb": "Memória da placa",
}


EMPTY = Reply(
    answer="Sua mensagem chegou vazia. Descreva o job ou faça uma pergunta.", intent="error"
)
UNREADABLE = Reply(
    answer="Não entendi. Pode escrever com palavras o que você precisa?",
    intent="clarify",
    actions=[ACTION_QUOTE, ACTION_HUMAN],
)


def too_long(length: int) -> Reply:
    return Reply(
        answer=f"Sua mensagem é longa demais ({length:,} caracteres; o limite é "
        f"{MAX_CHARS:,}). Pode resumir o job em poucas linhas?".replace(",", "."),
        intent="error",
    )


PROPOSAL_ATTACHED = (
    "Segue a proposta em PDF desta cotação, numerada, com o total, a validade e o campo de aceite "
    "para o responsável assinar; ela também fica em /minhas_cotacoes. Se preferir recebê-la por "
    "e-mail, com os dados da sua empresa, um especialista do nosso time envia: é só pedir abaixo."
)


def on_card(accelerator: str, slots: dict[str, Any]) -> dict[str, Any]:
    """The fields of a quote on this card: a TPU chip named is TPU insisted on, which reads a team
    naming no framework as TPU-native (JAX), like "quero TPU"."""
    fields: dict[str, Any] = {"accelerator": accelerator}
    if accelerator.startswith("tpu") and not slots.get("framework"):
        fields["kind"] = "tpu"
    return fields


def proposal(state: ConversationState) -> Reply:
    """ "Pode me enviar isso em PDF por e-mail?": where the proposal is, or what it needs first."""
    if not state.last_quote:
        return Reply(
            answer="Posso, sim: a proposta em PDF sai de uma cotação. Me conte o job (modelo, "
            "método e tamanho dos dados): eu faço a cotação e a proposta fica pronta para baixar "
            "em /minhas_cotacoes.",
            intent="question",
            actions=[ACTION_QUOTE, ACTION_HUMAN],
        )
    return Reply(
        answer=f"Claro. {PROPOSAL_ATTACHED}",
        intent="quote",
        quote=state.last_quote,
        actions=[ACTION_HUMAN],
        attach_proposal=True,
    )


def why_this(state: ConversationState) -> Reply:
    """ "por que essa máquina?": the last quote's own reasons, the client's terms first."""
    rec = (state.last_quote or {})["recommendation"]
    machine = f"{rec['count']}x {rec['accelerator_name']} ({rec['instance_type']}, {rec['region']})"
    reasons = "\n".join(f"• {reason}" for reason in rec["reasons"])
    return Reply(answer=f"Por que {machine}:\n{reasons}", intent="question", actions=[ACTION_QUOTE])


def invalid_field(error: InvalidJob) -> Reply:
    label = FIELD_LABELS.get(error.field, error.field)
    message = composer.without_flags(error.message)
    return Reply(answer=f"{label}: {message}. Pode corrigir?", intent="error")


def commercial(answer: str) -> Reply:
    """A commercial question answered from the company's data file."""
    return Reply(
        answer=answer,
        intent="question",
        sources=[Source(title=SOURCE_TITLE, source=SOURCE_FILE, score=1.0)],
        actions=[ACTION_QUOTE, ACTION_HUMAN],
    )


def alternatives(state: ConversationState) -> Reply:
    """The "Ver alternativas" option: machines the last quote did not already show."""
    if state.last_quote is None:
        return Reply(
            answer="Ainda não há cotação nesta conversa. Descreva o job para eu cotar.",
            intent="clarify",
            actions=[ACTION_QUOTE, ACTION_HUMAN],
        )
    quote = Quote.model_validate(state.last_quote)
    try:
        others = other_options(normalize(JobSpec(**spec_slots(state.slots))), quote)
    except InvalidJob:  # the job on the table changed since, and is not valid as it stands
        others = []
    return Reply(
        answer=composer.other_options_text(quote, others),
        intent="quote",
        quote=state.last_quote,
        actions=[ACTION_HUMAN],
    )


def storable(slots: dict[str, Any]) -> dict[str, Any]:
    """Slots as JSON-safe values for the database (Decimal budgets as text)."""
    return {
        key: str(value) if key == "budget_brl" and value is not None else value
        for key, value in slots.items()
    }


def spec_slots(slots: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in slots.items() if key in JobSpec.model_fields}
