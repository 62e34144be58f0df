"""How assistant replies look on Telegram: escaped HTML, split under the 4,096-character limit,
with the reply's suggested actions as inline buttons."""

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.assistant.assistant import (
    ACTION_ALTERNATIVES,
    ACTION_GPU,
    ACTION_HUMAN,
    ACTION_QLORA,
    ACTION_QUOTE,
    Reply,
)

LIMIT = 4096
CALLBACKS = {
    ACTION_ALTERNATIVES: "acao:alternativas",
    ACTION_QLORA: "acao:qlora",
    ACTION_HUMAN: "acao:especialista",
    ACTION_QUOTE: "acao:cotacao",
    ACTION_GPU: "acao:gpu",
}


def to_html(reply: Reply) -> str:
    """The reply as Telegram HTML: everything escaped, the first line (the verdict) in bold."""
    first, _, rest = reply.answer.partition("\n")
    text = f"<b>{html.escape(first)}</b>"
    if rest:
        text += "\n" + html.escape(rest)
    return text  # reply.notice is for operators: logged, never sent to the client


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


def keyboard(actions: list[str]) -> InlineKeyboardMarkup | None:
    buttons = [
        InlineKeyboardButton(action, callback_data=CALLBACKS[action])
        for action in actions
        if action in CALLBACKS
    ]
    return InlineKeyboardMarkup([[button] for button in buttons]) if buttons else None
