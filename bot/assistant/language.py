"""The language a message is written in, and the one a conversation is answered in."""

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.assistant import asks as cues_of
from bot.assistant.reader.text import normalize
from bot.assistant.reader.tool_output import without_code
from locales import SOURCE_LANGUAGE, Language

_MARKERS = Path(__file__).resolve().parent / "data" / "language_markers.toml"
# Below this confidence, or under this many words, a message says nothing sure of its language
# ("ok", "LoRA 8B", "sim"): it is answered in the conversation's language.
SURE_CONFIDENCE = 0.9
SURE_WORDS = 3


class _Markers(BaseModel):
    en: str
    pt: str


@cache
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(["pt", "en"])
    return identifier


@cache
def _markers() -> dict[Language, frozenset[str]]:
    with _MARKERS.open("rb") as handle:
        markers = _Markers.model_validate(tomllib.load(handle))
    return {"en": frozenset(markers.en.split()), "pt": frozenset(markers.pt.split())}


def language_of(text: str) -> Language | None:
    """The language `text` is surely written in, or None when it is too short or mixed to say."""
    text = without_code(text)  # "select count(*) ..." is no English
    if len(text.split()) < SURE_WORDS:
        return None
    language, confidence = _identifier().classify(text)
    return language if confidence >= SURE_CONFIDENCE else None


def _marked(text: str) -> Language | None:
    """The language whose own words `text` uses more, for a job in names and numbers."""
    # "num_examples: 48000" is a field's name, in no one's language
    words = [w for w in re.findall(r"[a-z_]+", normalize(text)) if "_" not in w]
    counts = {language: sum(w in marks for w in words) for language, marks in _markers().items()}
    first, second = sorted(counts, key=counts.__getitem__, reverse=True)
    return first if counts[first] > counts[second] else None


def conversation_language(text: str, earlier: list[str]) -> Language:
    """The language to answer `text` in: its own, else that of the latest earlier turn (the
    client's or ours, newest last) that says one, else the one its words mark, else Portuguese,
    the clients' language ("Qwen 14B full, 2M tokens")."""
    if asked := cues_of.asked_language(normalize(text)):
        return asked
    for message in [text, *reversed(earlier)]:
        language = language_of(message)
        if language is not None:
            return language
    return _marked(text) or SOURCE_LANGUAGE
