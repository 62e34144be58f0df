"""What the assistant answers: the reply every channel renders, its sources and its buttons."""

from typing import Any, Literal

from pydantic import BaseModel, Field

Intent = Literal["question", "quote", "clarify", "handoff", "greeting", "out_of_scope", "error"]
ACTION_QUOTE = "Fazer uma cotação"
ACTION_ALTERNATIVES = "Ver alternativas"
ACTION_HUMAN = "Falar com um especialista"
ACTION_QLORA = "Refazer com QLoRA"
ACTION_GPU = "Cotar em GPU"
ACTION_PROPOSAL = "Proposta em PDF"


def quote_actions(qlora: bool) -> list[str]:
    """The options under a quote: other machines, QLoRA where it may pay off, the PDF proposal
    and a person."""
    return [ACTION_ALTERNATIVES, *([ACTION_QLORA] if qlora else []), ACTION_PROPOSAL, ACTION_HUMAN]


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

    def to_json_dict(self) -> dict[str, Any]:
        """The `ask --json` object of DESIGN.md (plus actions, handoff and notice)."""
        return self.model_dump(mode="json")
