"""The routes answered with a text of their own, from what the engine and the data files know
(never the knowledge base): a route's name, and the text for its turn."""

from collections.abc import Callable

from bot.assistant.advice import (
    base_model_answer,
    hardware_answer,
    layout_answer,
    settings_answer,
    weights_answer,
)
from bot.assistant.finish_time import finish_answer
from bot.assistant.glossary import explained
from bot.assistant.model_licenses import license_answer
from bot.assistant.token_count import token_answer
from bot.assistant.turn import Turn

TEXT_ANSWERS: dict[str, Callable[[Turn], str]] = {
    "license": lambda turn: license_answer(turn.folded, turn.state.slots.get("model")),
    "settings": lambda _turn: settings_answer(),
    "hardware": lambda _turn: hardware_answer(),
    "layout": lambda _turn: layout_answer(),
    "weights": lambda _turn: weights_answer(),
    "token_count": lambda turn: token_answer(turn.reading),
    "base_model": lambda _turn: base_model_answer(),
    "explain": lambda turn: explained(turn.folded) or "",
    "finish_time": finish_answer,
}
