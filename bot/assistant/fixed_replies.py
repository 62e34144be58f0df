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
