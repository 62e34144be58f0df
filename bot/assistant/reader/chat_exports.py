"""A chat export counted in lines, one message a line ("o _chat.txt tem 180 mil linhas, cada linha é
uma msg, média de 12 palavras"), said again as the words it holds ("2160000 palavras no total"), so
the reader divides them among the conversations the client counts, or keeps them as the dataset's
total. Messages with no stated length take `words_per_turn` of quantities.toml.

Works on folded text, before the quantity reader composes counts and lengths.
"""

import re

from bot.assistant.reader.quantity_arithmetic import load_quantities
from bot.assistant.reader.spans import SCALE, number

_MESSAGE = r"(?:msg|mensagem|message)"
_LINES_AS_MESSAGES = re.compile(
    r"(?P<n>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?\s+(?:linhas|lines)\b[^.;!?\d]{0,40}?"
    rf"\b(?:cada linha (?:e|eh) uma {_MESSAGE}|uma {_MESSAGE} por linha|one {_MESSAGE} per line|"
    rf"each line (?:is )?(?:one |a )?{_MESSAGE})\b\)?"
    r"(?:[^.;!?\d]{0,25}?(?:\b(?:media de|em media|avg|average|mean|umas|uns|cerca de|about)|~)\s*"
    r"(?P<words>\d+)\s*"
    rf"(?:palavras|words)\b(?:\s*(?:por|per|cada|each)\s*(?:{_MESSAGE}|linha|line))?)?"
)


def as_words(folded: str) -> str:
    """`folded` with each chat export in lines said as its words in total."""
    return _LINES_AS_MESSAGES.sub(_said, folded)


def _said(found: re.Match[str]) -> str:
    lines = number(found["n"])
    if lines is None:
        return found[0]
    lines *= SCALE.get(found["scale"] or "", 1.0)
    words = float(found["words"]) if found["words"] else None
    per_message = words or load_quantities().get("words_per_turn").value
    total = f"{lines * per_message:.0f} palavras no total"
    return total if words else f"{total} ({per_message:g} palavras por mensagem, suposto)"
