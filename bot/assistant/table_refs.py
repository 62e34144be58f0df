"""What a message points back to on the table: the card whose hourly price the message before
asked, and the job's model or cloud that a new one goes side by side with."""

from typing import Literal

from bot.assistant import asks
from bot.assistant.search_query import previous_message
from bot.assistant.state import ConversationState
from bot.assistant.turn import Turn
from knowledge.lexical import fold


def priced_card(state: ConversationState) -> list[str]:
    """The cards the message before asked the price per hour of ("quanto tá a hora da A100?")."""
    before = fold(previous_message(state) or "")
    return asks.accelerators_named(before) if asks.PER_HOUR.search(before) else []


def against_table(turn: Turn) -> tuple[Literal["model", "cloud"], list[str]] | None:
    """What goes side by side with the job on the table: "e o Qwen 14B com os mesmos dados?" (its
    model and this one), "quanto daria na Azure, bota as duas nuvens lado a lado" (its cloud and
    this one)."""
    said = asks.SAME_JOB.search(turn.folded) or asks.AGAINST.search(turn.folded)
    if not (said and turn.has_job):
        return None
    if "model" in turn.slots:
        return "model", [str(turn.state.slots.get("model")), str(turn.slots["model"])]
    cloud, table = turn.slots.get("cloud"), turn.state.slots.get("cloud")
    if cloud and table and table not in ("none", cloud):
        return "cloud", [str(table), str(cloud)]
    return None
