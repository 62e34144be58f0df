"""A message in its conversation, as the route table reads it: the `Reading`, the fields it sets
once the conversation is taken into account (a swapped model, a premise taken back, a bare number
for the field on the table), and what those fields make of it (a job, a price asked, off topic).
"""

from dataclasses import dataclass, field
from typing import Any

from bot.assistant import cues
from bot.assistant.followups import (
    SIZE_SLOTS,
    bare_field,
    scaled_field,
    swapped_model,
)
from bot.assistant.premises import premise_changes
from bot.assistant.reading import Reading
from bot.assistant.search_query import continues_ours
from bot.assistant.state import ConversationState

# Score margin over the runner-up above which the intent classifier overrides the default route
# (questions go to retrieval); set on the labelled data file's 5-fold predictions.
CLASSIFIER_MARGIN = 0.3
JOB_SLOTS = {"model", "params", "dataset_tokens", "examples", "tokens_per_example"}
DATA_SLOTS = {"dataset_tokens", "examples", "tokens_per_example"}
# Terms any purchase has: with nothing else, they do not make a message about a job.
TERMS_ONLY = {"budget_brl", "deadline_hours", "data_residency", "urgent"}


@dataclass
class Turn:
    """A reading in its conversation, with what follows from both, worked out once."""

    reading: Reading
    state: ConversationState
    # The fields this message sets: the reader's, the model's extraction, premises taken back.
    slots: dict[str, Any] = field(default_factory=dict)
    changes: dict[str, Any] = field(default_factory=dict)
    # "e com 1.500?": the one field a bare number changes, and its value.
    bare: tuple[str, Any] | None = None

    @property
    def folded(self) -> str:
        return self.reading.folded

    @property
    def has_job(self) -> bool:
        return bool(SIZE_SLOTS & self.state.slots.keys())

    @property
    def sized(self) -> bool:
        return bool(SIZE_SLOTS & self.slots.keys())

    @property
    def sure(self) -> bool:
        return self.reading.margin >= CLASSIFIER_MARGIN

    @property
    def wants_price(self) -> bool:
        return self.reading.wants("price")

    @property
    def off_topic(self) -> bool:
        """Sure it is about something else, with no word of ours and nothing of a job in it ("me
        ajuda com meu TCC?"); far surer with one of our words ("qual a cotação do bitcoin?")."""
        reading = self.reading
        guessed = reading.guess == "off_topic" and (
            reading.margin >= 4 * CLASSIFIER_MARGIN
            or (self.sure and not cues.DOMAIN.search(self.folded))
        )
        return (guessed or cues.not_our_trade(self.folded)) and not continues_ours(
            self.state, self.folded
        )


def understand(reading: Reading, state: ConversationState, extracted: dict[str, Any]) -> Turn:
    """The fields a message sets in its conversation: a swapped model ("e com o mistral?"), a
    premise taken back ("pode ser fora do Brasil"), a bare number for the field on the table."""
    turn = Turn(reading, state)
    # The card named is applied by the route that quotes on it; "4 vs 8 A100s" compares on it
    card = reading.compare_of == "devices"
    slots = {**extracted, **{k: v for k, v in reading.slots.items() if k != "accelerator" or card}}
    # "sem pressa, mas tem que ser antes do fim do ano": a term dropped in words is kept where the
    # same message sets it
    changes = premise_changes(turn.folded)
    turn.changes = {k: v for k, v in changes.items() if v is not None or k not in reading.slots}
    slots.update(turn.changes)
    short = bool(cues.FOLLOW_UP.match(turn.folded)) or len(turn.folded.split()) <= 5
    swap = swapped_model(state.slots, turn.folded) if turn.has_job and short else None
    if swap and not SIZE_SLOTS & slots.keys():
        slots["model"] = swap
    bare = bare_field(state, turn.folded, reading.bare[-1]) if reading.bare and not slots else None
    if turn.has_job and not bare and "examples" not in slots:
        # "faturar metade no CNPJ da matriz": beside a commercial question, only the data named
        named_only = bool(slots) or reading.commercial is not None
        scaled = scaled_field(state, turn.folded, named_only=named_only)
        if scaled and slots:  # "faz lora e dobra os exemplos": one change among others
            slots.setdefault(*scaled)
        else:
            bare = scaled
    turn.slots, turn.bare = slots, bare
    return turn
