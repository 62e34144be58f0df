"""Replies that need no conversation flow: a job field the engine refused, a commercial answer
from the company's file, and the "Ver alternativas" option; and the slot conversions they share
with the assistant."""

import re
from typing import Any

from bot.assistant import composer
from bot.assistant.closed_models import closed_model, closed_model_reply
from bot.assistant.commercial import SOURCE_FILE, SOURCE_TITLE, no_team_online
from bot.assistant.reply import ACTION_HUMAN, ACTION_QUOTE, Reply, Source
from bot.assistant.state import ConversationState
from locales import N_, _, speaking
from quoting.errors import InvalidJob
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, other_options
from quoting.units import format_number

# Longer than any job description: past it a message is pasted text, not a request.
MAX_CHARS = 4000

# Engine fields as a client reads them in chat (the engine names them by their CLI flags); shown
# with _().
FIELD_LABELS = {
    "--model": N_("Modelo"),
    "--params": N_("Tamanho do modelo"),
    "--method": N_("Método"),
    "--precision": N_("Precisão"),
    "--lora-rank": N_("Rank do LoRA"),
    "--seq-len": N_("Tamanho da sequência"),
    "--batch-size": N_("Batch"),
    "--dataset-tokens": N_("Total de tokens"),
    "--examples": N_("Número de exemplos"),
    "--tokens-per-example": N_("Tokens por exemplo"),
    "--epochs": N_("Épocas"),
    "--deadline-hours": N_("Prazo"),
    "--budget-brl": N_("Orçamento"),
    "--max-device-memory-gb": N_("Memória da placa"),
    "--devices": N_("Número de placas"),
}

EMPTY_TEXT = N_("Sua mensagem chegou vazia. Descreva o job ou faça uma pergunta.")
UNREADABLE_TEXT = N_("Não entendi. Pode escrever com palavras o que você precisa?")


_UNOPENED = {
    "audio": N_("Não consigo ouvir áudios por aqui."),
    "image": N_("Não consigo abrir imagens nem vídeos por aqui."),
    "file": N_("Não consigo abrir arquivos por aqui."),
}
_TYPE_IT = N_(
    "Pode escrever o pedido? Para cotar, preciso do modelo, do tamanho dos dados (quantos "
    "exemplos e de que tamanho, ou o total de palavras) e, se houver, do prazo."
)


def unopened(kind: str) -> Reply:
    """What a voice note, an image or a file placeholder gets: the request typed, please."""
    answer = f"{_(_UNOPENED[kind])} {_(_TYPE_IT)}"
    return Reply(answer=answer, intent="clarify", actions=[ACTION_QUOTE, ACTION_HUMAN])


def empty() -> Reply:
    return Reply(answer=_(EMPTY_TEXT), intent="error")


def unreadable() -> Reply:
    return Reply(answer=_(UNREADABLE_TEXT), intent="clarify", actions=[ACTION_QUOTE, ACTION_HUMAN])


# Portuguese only, built at import: the assistant should answer with empty() and unreadable().
EMPTY = Reply(answer=EMPTY_TEXT, intent="error")
UNREADABLE = Reply(answer=UNREADABLE_TEXT, intent="clarify", actions=[ACTION_QUOTE, ACTION_HUMAN])


def too_long(length: int) -> Reply:
    return Reply(
        answer=_(
            "Sua mensagem é longa demais ({length} caracteres; o limite é {limit}). Pode resumir "
            "o job em poucas linhas?"
        ).format(length=format_number(length, 0), limit=format_number(MAX_CHARS, 0)),
        intent="error",
    )


# Shown with _().
HANDOFF_AFTER_QUOTE = N_(
    "Como você pediu, também vou chamar um especialista da nossa equipe para continuar esta "
    "conversa; ele já recebe esta cotação."
)
PROPOSAL_ATTACHED = N_(
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


# "manda por e-mail pro joao@empresa.com.br": the formal send is the staff's, with the address.
_BY_EMAIL = re.compile(r"\be-?mail\b|\bmail\b|@", re.IGNORECASE)
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def proposal(state: ConversationState, text: str = "") -> Reply:
    """ "Pode me enviar isso em PDF por e-mail?": where the proposal is, or what it needs first.
    Asked by e-mail, the PDF comes in the chat all the same and the chat goes to a specialist
    (the handoff thread shows the address) for the formal send."""
    if not state.last_quote:
        return Reply(
            answer=_(
                "Posso, sim: a proposta em PDF sai de uma cotação. Me conte o job (modelo, "
                "método e tamanho dos dados): eu faço a cotação e a proposta fica pronta para "
                "baixar em /minhas_cotacoes."
            ),
            intent="question",
            actions=[ACTION_QUOTE, ACTION_HUMAN],
        )
    if _BY_EMAIL.search(text):
        address = _ADDRESS.search(text)
        answer = (
            _(
                "Claro. Segue a proposta em PDF aqui no chat. Passei seu pedido a um especialista "
                "do nosso time, que envia a proposta formal para {address}."
            ).format(address=address.group(0))
            if address
            else _(
                "Claro. Segue a proposta em PDF aqui no chat. Passei seu pedido a um especialista "
                "do nosso time: escreva aqui o e-mail para onde enviar a proposta formal."
            )
        )
        return Reply(
            answer=answer,
            intent="handoff",
            quote=state.last_quote,
            handoff=True,
            attach_proposal=True,
        )
    return Reply(
        answer=_("Claro. {proposal}").format(proposal=_(PROPOSAL_ATTACHED)),
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
    return Reply(
        answer=_("Por que {machine}:\n{reasons}").format(machine=machine, reasons=reasons),
        intent="question",
        actions=[ACTION_QUOTE],
    )


def invalid_field(error: InvalidJob) -> Reply:
    label = _(FIELD_LABELS[error.field]) if error.field in FIELD_LABELS else error.field
    message = composer.without_flags(error.message)
    return Reply(
        answer=_("{label}: {message}. Pode corrigir?").format(label=label, message=message),
        intent="error",
    )


def commercial(answer: str | None) -> Reply:
    """A commercial question answered from the company's data file."""
    return Reply(
        answer=answer or "",
        intent="question",
        sources=[Source(title=SOURCE_TITLE, source=SOURCE_FILE, score=1.0)],
        actions=[ACTION_QUOTE, ACTION_HUMAN],
    )


def alternatives(state: ConversationState) -> Reply:
    """The "Ver alternativas" option: machines the last quote did not already show."""
    if state.last_quote is None:
        return Reply(
            answer=_("Ainda não há cotação nesta conversa. Descreva o job para eu cotar."),
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


def card_free_spec(slots: dict[str, Any]) -> JobSpec:
    """The job of `slots` on no card in particular: the card is what "roda numa L4?" asks."""
    skipped = {"max_device_memory_gb", "accelerator", "devices"}
    return JobSpec(**{k: v for k, v in spec_slots(slots).items() if k not in skipped})


def also_asked(reply: Reply, proposal: bool, handoff: bool) -> Reply:
    """A quote that answers what else its message asked: the proposal's PDF, a person."""
    if proposal and reply.quote is not None:
        reply.answer += f"\n\n{_(PROPOSAL_ATTACHED)}"
        reply.attach_proposal = True
    if handoff:
        reply.answer += f"\n\n{_(HANDOFF_AFTER_QUOTE)}"
        reply.handoff = True
    return reply


def no_one_to_call(reply: Reply) -> Reply:
    """Where no one on the team can be called from the chat (no Slack handoff channel, the
    terminal), a client who asks for a person reads when the team answers and where to write,
    never the promise that someone is coming; a quote in the same reply keeps its figures."""
    if not reply.handoff:
        return reply
    with speaking(reply.language):
        alone = no_team_online()
        kept = reply.answer.removesuffix(_(HANDOFF_AFTER_QUOTE)).rstrip() if reply.quote else ""
    answer = f"{kept}\n\n{alone}" if kept else alone
    return reply.model_copy(update={"answer": answer, "handoff": False})


def closed(folded: str) -> Reply:
    """ "fine-tuning do GPT-4o mini nas máquinas de vocês?": why not, and what we do train."""
    answer = closed_model_reply(closed_model(folded) or "")
    return Reply(answer=answer, intent="question", actions=[ACTION_QUOTE])


def answered(answer: str) -> Reply:
    """A question answered from what the engine knows, with a person on offer."""
    return Reply(answer=answer, intent="question", actions=[ACTION_QUOTE, ACTION_HUMAN])
