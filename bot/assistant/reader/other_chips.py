"""Accelerators no catalog of ours sells (AMD Instinct, Intel Gaudi, AWS Trainium, ...), from
`bot/assistant/data/other_chips.toml`: the one a message names, said back by name, with the
memory of one chip where a source gives it."""

import re
import tomllib
from datetime import date
from functools import cache, lru_cache
from pathlib import Path

from pydantic import BaseModel, field_validator

from locales import _

_DATA = Path(__file__).parents[1] / "data" / "other_chips.toml"


def not_sold(chip: "OtherChip") -> str:
    """The note a quote carries when the client named a chip we do not sell."""
    return _(
        "{chip}: não está no nosso catálogo (GPUs NVIDIA e TPUs do Google); cotei a melhor "
        "opção entre elas."
    ).format(chip=chip.name)


class OtherChip(BaseModel):
    id: str
    name: str
    pattern: str
    memory_gb: float | None = None
    source: str
    as_of: date

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, pattern: str) -> str:
        re.compile(pattern)
        return pattern


@cache
def other_chips() -> list[OtherChip]:
    with _DATA.open("rb") as handle:
        return [OtherChip(**chip) for chip in tomllib.load(handle)["chip"]]


@cache
def _any_chip() -> re.Pattern[str]:
    """Every chip's pattern in one: a message is searched once, the leftmost chip wins."""
    return re.compile("|".join(f"(?P<c{i}>{chip.pattern})" for i, chip in enumerate(other_chips())))


@lru_cache(maxsize=256)  # the reader, the comparison and the fit check ask about one message
def chip_named(folded: str) -> OtherChip | None:
    """The first chip of another maker `folded` names ("um trn2 da AWS", "MI300X"), or None."""
    found = _any_chip().search(folded)
    if found is None:
        return None
    named = next(name for name, said in found.groupdict().items() if said is not None)
    return other_chips()[int(named[1:])]


def other_chip(chip_id: str | None) -> OtherChip | None:
    """The chip of this id, or None."""
    return next((chip for chip in other_chips() if chip.id == chip_id), None)
