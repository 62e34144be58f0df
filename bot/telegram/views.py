"""How assistant replies look on Telegram: escaped HTML, split under the 4,096-character limit,
with the reply's suggested actions as inline buttons."""

import html
import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.assistant.reply import (
    ACTION_ALTERNATIVES,
    ACTION_GPU,
    ACTION_HUMAN,
    ACTION_PROPOSAL,
    ACTION_QLORA,
    ACTION_QUOTE,
    Reply,
)
from locales import SOURCE_LANGUAGE, Language, translate

LIMIT = 4096
# A heading ("O que você paga:") or the label of a line ("Tempo estimado: 3,2 h"): up to four
# words, no punctuation inside, at the start of a line that is not a list item.
_LABEL = re.compile(r"^([^\W\d_]+(?: [^\s.,;!?:]+){0,3})(?=:(?:\s|$))")
CALLBACKS = {
    ACTION_ALTERNATIVES: "acao:alternativas",
    ACTION_QLORA: "acao:qlora",
    ACTION_HUMAN: "acao:especialista",
    ACTION_QUOTE: "acao:cotacao",
    ACTION_GPU: "acao:gpu",
    ACTION_PROPOSAL: "acao:proposta",
}


def to_html(reply: Reply) -> str:
    """The reply as Telegram HTML: everything escaped, only headings and labels in bold ("Por
    quê:", "Tempo estimado: ..."), never a whole paragraph. reply.notice is for operators:
    logged, never sent to the client."""
    return "\n".join(_line_html(line) for line in reply.answer.split("\n"))


def _line_html(line: str) -> str:
    label = _LABEL.match(line)
    if label is None:
        return html.escape(line)
    return f"<b>{html.escape(label.group(1))}</b>{html.escape(line[label.end(1) :])}"


def split(text: str, limit: int = LIMIT) -> list[str]:
    """Pieces under the limit, cut at paragraph breaks, then lines, then hard."""
    pieces: list[str] = []
    current = ""
    for paragraph in text.split("\n\n"):
        candidate = f"{current}\n\n{paragraph}" if current else paragraph
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pieces.append(current)
        while len(paragraph) > limit:
            cut = paragraph.rfind("\n", 0, limit)
            cut = cut if cut > 0 else limit
            pieces.append(paragraph[:cut])
            paragraph = paragraph[cut:].lstrip("\n")
        current = paragraph
    if current:
        pieces.append(current)
    return pieces


def buttons(*rows: tuple[str, str]) -> InlineKeyboardMarkup:
    """One inline button per row, from (label, callback data) pairs."""
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data)] for label, data in rows]
    )


def keyboard(
    actions: list[str], language: Language = SOURCE_LANGUAGE
) -> InlineKeyboardMarkup | None:
    """The reply's actions as buttons labelled in `language`; the callback data stays the
    action's own, whatever the label says."""
    buttons = [
        InlineKeyboardButton(translate(action, language), callback_data=CALLBACKS[action])
        for action in actions
        if action in CALLBACKS
    ]
    return InlineKeyboardMarkup([[button] for button in buttons]) if buttons else None
