"""Shares of one collection, each with its own length: "10 mil documentos: 70% curtos de ~1.000
palavras e 30% longos de ~5.000". The examples stay the whole count; one example's length is the
shares' weighted mean, said as "(70% x ~1.000 + 30% x ~5.000) palavras"."""

import re
from dataclasses import dataclass

from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    Step,
    StepKind,
    Unit,
    said_amount,
    to_tokens,
)
from bot.assistant.reader.spans import amount
from bot.assistant.reader.units import unit_words

# "70% curtos de ~1.000 palavras", "30% são longos (~5.000)", "20% with about 3 pages".
_SHARE = re.compile(
    r"(?P<percent>\d+(?:[.,]\d+)?)\s*%[^.;!?\d%]{0,40}?"
    r"(?:\b(?:de|com|of|with|tem|tendo|having|sao|are|around|about)\s+|[(:]\s*)"
    r"(?:~|uns |umas |cerca de |about |around |mais ou menos )?"
    r"(?P<number>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?(?:\s+(?P<noun>[a-z]+))?"
)
_LENGTH_UNITS: tuple[Unit, ...] = ("word", "page", "token", "char", "line")


@dataclass(frozen=True)
class SharedLength:
    tokens: float
    steps: list[Step]
    start: int
    end: int


def _unit(noun: str | None) -> Unit | None:
    return next((u for u in _LENGTH_UNITS if noun and noun in unit_words()[u]), None)


def shared_length(text: str) -> SharedLength | None:
    """The shares' mean length in tokens, where two or more shares adding up to the whole each
    say their length in one unit; None otherwise."""
    shares = list(_SHARE.finditer(text))
    if len(shares) < 2:
        return None
    percents = [float(s["percent"].replace(",", ".")) for s in shares]
    if abs(sum(percents) - 100) > 1:
        return None
    # A length whose unit is left out ("e 30% longos de ~5.000") is in the unit said before it.
    units = [_unit(s["noun"]) for s in shares]
    known = [u for u in units if u]
    if not known or len(set(known)) > 1:
        return None
    unit = known[0]
    nouns = [s["noun"] for s in shares if _unit(s["noun"])]
    lengths = [amount(s["number"], s["scale"]) for s in shares]
    mean = sum(p / 100 * length for p, length in zip(percents, lengths, strict=True))
    one = Mention(mean, unit, nouns[0], shares[0].start(), shares[-1].end())
    tokens, steps = to_tokens([one])
    weighted = " + ".join(
        f"{said_amount(p)}% {TIMES} ~{said_amount(length)}"
        for p, length in zip(percents, lengths, strict=True)
    )
    kind: StepKind = steps[0].kind
    said = Step(f"({weighted}) {steps[0].text.split(' ', 1)[1]}", kind)
    return SharedLength(tokens, [said, *steps[1:]], shares[0].start(), shares[-1].end())
