"""Reading a fine-tuning job out of free text, as Brazilian clients (and English ones) write it.

Rules, not a model: the reader (bot.assistant.reader) tags every number with its unit and noun,
then attaches each span to a field; every field is checked again by the quoting engine. A
configured language model may add fields the rules missed (bot.assistant.llm), never override them.
"""

from datetime import datetime
from typing import Any

from bot.assistant.reader import read_job


def extract(text: str, now: datetime | None = None) -> dict[str, Any]:
    """Fields of a JobSpec found in `text` (only what the text says; no defaults)."""
    return read_job(text, now).slots
