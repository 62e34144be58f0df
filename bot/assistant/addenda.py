"""A detail added to the job just quoted, said without its numbers ("esqueci de falar: uns 30% de
cada gravação é só música de espera. refaz?"): read together with the client's message before,
the data comes out different, and that is the requote."""

import re
from functools import lru_cache
from typing import Any

from bot.assistant.reading import Reading, read_message
from bot.assistant.search_query import previous_message
from bot.assistant.turn import DATA_SLOTS, Turn

_ADDED = re.compile(
    r"\b(?:esqueci de (?:falar|dizer|mencionar|avisar|contar)|forgot to (?:say|mention|tell)|"
    r"(?:um|outro) detalhe|refaz\w*|recalcul\w*|redo|recalculate|atualiza a conta)\b"
)


@lru_cache(maxsize=16)  # the route's rule and its handler read the same two messages
def _read_together(text: str) -> Reading:
    return read_message(text)


def _together(turn: Turn) -> tuple[Reading, dict[str, Any]] | None:
    """The message before and this one read as one, and the data they give, where it differs
    from the job on the table."""
    previous = previous_message(turn.state)
    if previous is None or not _ADDED.search(turn.folded):
        return None
    reading = _read_together(f"{previous}\n{turn.reading.text}")
    data = {name: reading.slots[name] for name in DATA_SLOTS if name in reading.slots}
    on_table = {name: turn.state.slots[name] for name in DATA_SLOTS if name in turn.state.slots}
    return (reading, data) if data and data != on_table else None


def adds_detail(turn: Turn) -> bool:
    """ "esqueci de falar: uns 30% de cada gravação é só música de espera. refaz?" after a quote
    on hours of calls"""
    no_data = not DATA_SLOTS & turn.slots.keys()
    return turn.has_job and no_data and _together(turn) is not None


def detail_added(turn: Turn) -> tuple[dict[str, Any], list[str]]:
    """The data to requote with, and the notes that show how it was read."""
    together = _together(turn)
    return (together[1], together[0].notes) if together else ({}, [])
