"""Counts and lengths said as two lists paired in order: "SAC, ouvidoria e chat, com 10, 20 e 30
mil registros, de ~100, ~200 e ~300 palavras, respectivamente", "2,000 contracts and 6,000
amendments, averaging 1,500 and 500 words respectively". Each count takes the length in the same
place; the examples are summed, and each one's length is the mean over all of them."""

import itertools
import re
from dataclasses import dataclass

from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    Unit,
    said_amount,
    said_tokens,
    to_tokens,
)
from bot.assistant.reader.spans import QUANTITY, SCALE, number
from locales import _

_RESPECTIVELY = re.compile(r"\b(?:respectivamente|respectively|na mesma ordem|in that order)\b")
_SENTENCE_END = re.compile(r"(?<!\d)[.;!?\n](?!\d)")
# What may stand between two numbers of one list: a comma or "e"/"and", a "~", and on the
# counts' side the noun of the one before ("2,000 contracts and 6,000 amendments").
_IN_LIST = re.compile(
    r"\s*(?:[a-z-]+\s+){0,2}?(?:,|\be\b|\band\b|&)\s*(?:(?:e|and)\s+)?"
    r"(?:~|uns |umas |cerca de |about |around )?$"
)
_LENGTH_UNITS: dict[str, Unit] = {
    "palavras": "word", "words": "word", "tokens": "token", "paginas": "page", "pages": "page",
    "caracteres": "char", "characters": "char", "chars": "char",
}  # fmt: skip
_UNIT_AFTER = re.compile(r"\s*(?P<unit>[a-z]+)")


@dataclass(frozen=True)
class _Said:
    value: float
    scale: float
    start: int
    end: int


def _runs(sentence: str, offset: int) -> list[list[_Said]]:
    """The numbers of `sentence` grouped into lists, each in the order said, each value scaled."""
    runs: list[list[_Said]] = []
    for found in QUANTITY.finditer(sentence):
        value = number(found["number"])
        if value is None:
            continue
        said = _Said(value, SCALE.get(found["scale"] or "", 1.0), found.start(), found.end())
        if runs and _IN_LIST.match(sentence[runs[-1][-1].end : found.start()]):
            runs[-1].append(said)
        else:
            runs.append([said])
    scaled: list[list[_Said]] = []
    for run in runs:
        # "10, 20 e 30 mil": the scale said last is every one's
        last = run[-1].scale if all(s.scale == 1.0 for s in run[:-1]) else 1.0
        scaled.append(
            [
                _Said(s.value * (s.scale if s.scale != 1.0 else last), 1.0, s.start + offset,
                      s.end + offset)
                for s in run
            ]
        )  # fmt: skip
    return scaled


@dataclass(frozen=True)
class Paired:
    """The dataset the two lists make, and the arithmetic that got there."""

    examples: float
    tokens_per_example: float
    arithmetic: str
    start: int
    end: int


def paired_lists(text: str) -> Paired | None:
    """The counts and lengths `text` pairs in order, where it says "respectivamente"."""
    said = _RESPECTIVELY.search(text)
    if said is None:
        return None
    ends = [0, *(m.end() for m in _SENTENCE_END.finditer(text, 0, said.start()))]
    start = ends[-1]
    runs = _runs(text[start : said.end()], start)
    for counts, lengths in itertools.pairwise(runs):
        unit = _UNIT_AFTER.match(text, lengths[-1].end)
        kind = _LENGTH_UNITS.get(unit["unit"]) if unit else None
        if len(lengths) < 2 or len(counts) != len(lengths) or kind is None or unit is None:
            continue
        examples = sum(c.value for c in counts)
        if examples < 2:
            continue
        amount = sum(c.value * length.value for c, length in zip(counts, lengths, strict=True))
        # the mean length, in the reader's own conversion of its unit
        each = to_tokens([Mention(amount / examples, kind, unit["unit"], 0, 0)])[0]
        sums = " + ".join(
            f"{said_amount(c.value)} {TIMES} ~{said_amount(length.value)}"
            for c, length in zip(counts, lengths, strict=True)
        )
        arithmetic = _("{sums} {unit} ÷ {examples} exemplos ≈ {each}").format(
            sums=sums, unit=unit["unit"] if unit else "", examples=said_amount(examples),
            each=said_tokens(each, "each"),
        )  # fmt: skip
        return Paired(examples, round(each, 1), arithmetic, counts[0].start, said.end())
    return None
