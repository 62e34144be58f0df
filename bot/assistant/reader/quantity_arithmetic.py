"""The arithmetic of data sizes: each number with its unit (`Mention`), the factors that turn words,
pages, messages, characters, bytes and hours of speech into tokens (data/quantities.toml, each with
its source), and the words the reply shows that arithmetic in."""

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from quoting.units import format_number

DATA = Path(__file__).resolve().parent.parent / "data" / "quantities.toml"
Unit = Literal[
    "record", "turn", "page", "word", "char", "token", "line", "byte", "audio_hour", "minute"
]
# The multiplication sign the reply shows its arithmetic with.
TIMES = "\u00d7"


class Factor(BaseModel):
    name: str
    value: float = Field(gt=0)
    label: str
    source: str = Field(min_length=10)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class QuantityData(BaseModel):
    """The data file, validated on load: a factor without a source or a date is refused."""

    factor: list[Factor]
    units: dict[str, str]

    def get(self, name: str) -> Factor:
        return next(f for f in self.factor if f.name == name)


@cache
def load_quantities() -> QuantityData:
    with DATA.open("rb") as handle:
        return QuantityData.model_validate(tomllib.load(handle))


@dataclass
class Mention:
    value: float
    unit: Unit
    noun: str
    start: int
    end: int
    role: Literal["count", "part", "per", "total"] = "count"


def to_tokens(parts: list[Mention], per_page: float | None = None) -> tuple[float, list[str]]:
    """Multiply the parts down to words or tokens; a pair's two lengths add up. `per_page`: the
    words per page the client gave ("250 palavras por página"), over the assumed figure."""
    factors = load_quantities()
    steps: list[str] = []
    multiplier = 1.0
    lengths: list[Mention] = []
    for part in parts:
        if lengths and part.unit == lengths[-1].unit:
            lengths.append(part)
        elif part.unit in ("turn", "page", "line") and part is not parts[-1]:
            multiplier *= part.value
            steps.append(said_count(part))
        else:
            lengths.append(part)
    if not lengths:
        lengths = [parts[-1]]
        steps.pop()
    last = lengths[-1].unit
    value = sum(m.value for m in lengths)
    if last == "byte":  # "uns 60 KB cada": a text file's size
        per_token = factors.get("bytes_per_token").value
        steps.append(f"{_bytes(value)} ÷ {said_amount(per_token)} bytes por token (suposto)")
        return value * multiplier / per_token, steps
    said = " + ".join(f"~{said_amount(m.value)}" for m in lengths)
    said = said if len(lengths) == 1 else f"({said})"
    steps.append(f"{said}{' de' if said.endswith('milhões') else ''} {_noun(lengths[-1])}")
    words = value * multiplier
    if last == "turn":
        per_turn = factors.get("words_per_turn").value
        steps.append(f"{said_amount(per_turn)} palavras por mensagem (suposto)")
        words *= per_turn
    elif last == "page":
        assumed = "" if per_page else " (suposto)"
        per_page = per_page or factors.get("words_per_page").value
        steps.append(f"{said_amount(per_page)} palavras por página{assumed}")
        words *= per_page
    elif last == "minute":
        per_minute = factors.get("words_per_audio_hour").value / 60
        steps.append(f"{said_amount(per_minute)} palavras por minuto de fala (suposto)")
        words *= per_minute
    elif last == "line":
        per_line = factors.get("words_per_line").value
        steps.append(f"{said_amount(per_line)} palavras por linha (suposto)")
        words *= per_line
    if last == "token":
        return words, steps
    if last == "char":
        return words / factors.get("bytes_per_token").value, steps
    return words * factors.get("tokens_per_word").value, steps


def total_tokens(mention: Mention, text_model: bool) -> tuple[float | None, list[str]]:
    factors = load_quantities()
    if mention.unit == "byte":
        per_token = factors.get("bytes_per_token").value
        said = f"{_bytes(mention.value)} ÷ {said_amount(per_token)} bytes por token (suposto)"
        return mention.value / per_token, [said]
    if mention.unit == "audio_hour":
        if not text_model and "transcri" not in mention.noun:
            return None, []  # audio for a speech model: the reader counts 30 s windows
        per_hour = factors.get("words_per_audio_hour").value
        return mention.value * per_hour * factors.get("tokens_per_word").value, [
            f"{said_amount(mention.value)} h de fala transcrita",
            f"{said_amount(per_hour)} palavras por hora (suposto)",
            f"{format_number(factors.get('tokens_per_word').value, 1)} token por palavra (suposto)",
        ]
    tokens, steps = to_tokens([mention])
    return tokens, steps


def said_result(tokens: float, steps: list[str], each: str = "") -> str:
    """ "~2.500 palavras ≈ 3.750 tokens cada (1,5 token por palavra, suposto)"; tokens as given."""
    if len(steps) == 1 and steps[0].endswith(" tokens"):
        return f"{said_of(tokens, 'tokens')}{each}"
    return f"{f' {TIMES} '.join(steps)} ≈ {said_of(tokens, 'tokens')}{each}{_factor_note(steps)}"


def said_of(value: float, noun: str) -> str:
    amount = said_amount(value)
    return f"{amount} de {noun}" if amount.endswith("milhões") else f"{amount} {noun}"


def _factor_note(steps: list[str]) -> str:
    if any("token por palavra" in s for s in steps) or not steps:
        return ""
    if any(s.endswith(("palavras", "palavras (suposto)")) or "palavras por" in s for s in steps):
        per_word = format_number(load_quantities().get("tokens_per_word").value, 1)
        return f" ({per_word} token por palavra, suposto)"
    return ""


def _noun(mention: Mention) -> str:
    return {"word": "palavras", "char": "caracteres", "token": "tokens", "page": "páginas",
            "line": "linhas", "turn": "mensagens",
            "minute": "min de fala transcrita"}.get(mention.unit, mention.noun)  # fmt: skip


def said_count(mention: Mention) -> str:
    noun = mention.noun if mention.unit in ("record", "turn") else _noun(mention)
    return f"{said_amount(mention.value)} {noun}"


def said_amount(value: float) -> str:
    if value >= 1e6:
        scaled = value / 1e6
        return f"{format_number(scaled, 0 if scaled.is_integer() else 1)} milhões"
    if value < 10 and not float(value).is_integer():
        return format_number(value, 1)  # "~1,5 página"
    return format_number(round(value), 0)


def _bytes(size: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if size >= scale:
            return f"{format_number(size / scale, 0 if (size / scale).is_integer() else 1)} {unit}"
    return f"{format_number(size / 1e3, 0)} KB"
