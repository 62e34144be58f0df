"""A histogram of the examples' lengths, pasted as bins with their counts, said as the count and
its mean length: "0-1k tokens: 24.000 / 1k-2k tokens: 12.000 / 2k-4k tokens: 4.000" is 40.000
registros de ~1.050 tokens cada. A bin stands for its midpoint; an open last bin ("mais de 1.500
(média ~3.000)") for the mean said of it, and without one the histogram is left as written.
Works on folded text."""

import re

from bot.assistant.reader.spans import SCALE, number

_NUMBER = r"\d+(?:[.,]\d+)*"
_UNIT = r"palavras|tokens|caracteres|paginas|words|characters|chars|pages"
_BIN = re.compile(
    rf"(?m)^[ \t]*(?:(?P<low>{_NUMBER})\s*(?P<low_k>k|mil)?\s*(?:\u2013|-|a|ate|to)\s*"
    rf"(?P<high>{_NUMBER})\s*(?P<high_k>k|mil)?|"
    rf"(?:mais de|acima de|over|more than|>)\s*(?P<over>{_NUMBER})\s*(?P<over_k>k|mil)?)"
    rf"\s*(?P<unit>{_UNIT})?\s*(?:\((?:media|average|mean)\s*~?\s*(?P<mean>{_NUMBER})\s*"
    r"(?P<mean_k>k|mil)?\)\s*)?(?P<unit_after>" + _UNIT + r")?\s*[:|]\s*"
    rf"(?P<count>{_NUMBER})[ \t]*$"
)


def _value(said: str | None, scale: str | None) -> float | None:
    value = number(said) if said else None
    return None if value is None else value * SCALE.get(scale or "", 1.0)


def _bin(found: re.Match[str]) -> tuple[float, float] | None:
    """The bin's count and the length it stands for."""
    count = _value(found["count"], None)
    if found["over"]:
        length = _value(found["mean"], found["mean_k"])
    else:
        low, high = _value(found["low"], found["low_k"]), _value(found["high"], found["high_k"])
        length = None if low is None or high is None or high <= low else (low + high) / 2
    return (count, length) if count and length else None


def binned(folded: str) -> str:
    """`folded` with a histogram of lengths said as the count and the mean length."""
    bins = list(_BIN.finditer(folded))
    runs: list[list[re.Match[str]]] = []
    for found in bins:
        if runs and re.fullmatch(r"\s*", folded[runs[-1][-1].end() : found.start()]):
            runs[-1].append(found)
        else:
            runs.append([found])
    for run in reversed([r for r in runs if len(r) >= 2]):
        read = [_bin(found) for found in run]
        units = {found["unit"] or found["unit_after"] for found in run} - {None}
        if None in read or len(units) != 1:
            continue
        counted = [pair for pair in read if pair]
        total = sum(count for count, _ in counted)
        mean = sum(count * length for count, length in counted) / total
        said = f"{total:.0f} registros de ~{mean:.0f} {units.pop()} cada"
        folded = folded[: run[0].start()] + said + folded[run[-1].end() :]
    return folded
