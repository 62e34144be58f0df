"""What the assistant answers: the reply every channel renders, its sources and its buttons."""

import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, Field

from locales import LANGUAGES, N_, SOURCE_LANGUAGE, Language, translate

Intent = Literal["question", "quote", "clarify", "handoff", "greeting", "out_of_scope", "error"]
# The buttons: each label, in Portuguese, is also the text the button sends back to the assistant;
# channels show it translated into the reply's language (`translate`).
ACTION_QUOTE = N_("Fazer uma cotação")
ACTION_ALTERNATIVES = N_("Ver alternativas")
ACTION_HUMAN = N_("Falar com um especialista")
ACTION_QLORA = N_("Refazer com QLoRA")
ACTION_GPU = N_("Cotar em GPU")
ACTION_PROPOSAL = N_("Proposta em PDF")
ACTIONS = (
    ACTION_QUOTE,
    ACTION_ALTERNATIVES,
    ACTION_HUMAN,
    ACTION_QLORA,
    ACTION_GPU,
    ACTION_PROPOSAL,
)

# What a channel sends the assistant for a button whose press is a request in words ("Refazer com
# QLoRA" asks "e com QLoRA?"): Portuguese whatever the client's language, so it says nothing of it.
SENT_FOR_QLORA = "e com QLoRA?"
SENT_FOR_GPU = "e em GPU?"
SENT_FOR_HUMAN = "quero falar com um especialista"
_PRESSED = {*ACTIONS, SENT_FOR_QLORA, SENT_FOR_GPU, SENT_FOR_HUMAN}


def pressed(text: str) -> bool:
    """Whether `text` is what a button sends: answered in the conversation's language."""
    return text in _PRESSED


def quote_actions(qlora: bool) -> list[str]:
    """The options under a quote: other machines, QLoRA where it may pay off, the PDF proposal
    and a person."""
    return [ACTION_ALTERNATIVES, *([ACTION_QLORA] if qlora else []), ACTION_PROPOSAL, ACTION_HUMAN]


def action_said(text: str) -> str:
    """The Portuguese label of the button whose translated label `text` is ("See alternatives" ->
    "Ver alternativas"), so that typing a button's label in any language does what the button
    does; any other text as it is."""
    said = text.strip(" .!?").casefold()
    for label in ACTIONS:
        translated = {translate(label, language) for language in LANGUAGES} - {label}
        if said in {shown.casefold() for shown in translated}:
            return label
    return text


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
    # The client asked for the proposal: a channel that can attach files sends the quote's PDF.
    attach_proposal: bool = False
    # The language the answer is written in; channels render button labels in it.
    language: Language = SOURCE_LANGUAGE

    def to_json_dict(self) -> dict[str, Any]:
        """The `ask --json` object of DESIGN.md (plus actions, handoff and notice)."""
        return self.model_dump(mode="json")


def cleaned(text: str) -> str:
    """A client's message without control characters (line breaks kept) or surrounding blanks."""
    kept = "".join(
        char for char in text if char in "\n\t" or not unicodedata.category(char).startswith("C")
    )
    return kept.strip()
