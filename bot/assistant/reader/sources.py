"""Data from several sources said one after another, each in its own unit: "três fontes: 12 mil
e-mails de ~150 palavras; 2 mil pareceres que deram 24 MB; e 400 horas de ligações transcritas,
de uns 5 minutos" is each source read alone, then summed: the examples where every source counts
its own, else the total in tokens."""

import itertools
import re
from collections.abc import Callable
from typing import Protocol, TypeVar

from bot.assistant.reader.quantity_arithmetic import said_amount, said_tokens
from locales import _

# The client says the data comes from several places, and wants them together.
_SEVERAL = re.compile(
    r"\b(?:(?:duas|tres|quatro|2|3|4) (?:fontes|bases|origens)|(?:fontes|sources):|"
    r"(?:two|three|four|2|3|4) sources|tudo (?:o )?que (?:temos|tenho)|tudo junto|juntando tudo|"
    r"somando tudo|everything we have|all of it together)\b"
)
# Where one source ends: a semicolon, a comma before the next one's article, "e" before a number.
_BETWEEN = re.compile(r";|,\s+(?=(?:e\s+)?(?:a|o|as|os|uma|um|mais)\s)|\s+e\s+(?=~?\d)")


class Sized(Protocol):
    """What a size read alone holds (quantities.DataSize)."""

    examples: float | None
    tokens_per_example: float | None
    dataset_tokens: float | None
    arithmetic: str
    start: int
    end: int


S = TypeVar("S", bound=Sized)


def summed_sources(text: str, read: Callable[[str], S | None]) -> S | None:
    """The sources `text` lists, each read by `read` on its own text (positions kept), summed;
    None where the message lists no sources, fewer than two of them have a size, or one of them
    has only a length with no count."""
    if not _SEVERAL.search(text):
        return None
    cuts = [0, *(m.end() for m in _BETWEEN.finditer(text)), len(text)]
    sizes: list[S] = []
    for start, end in itertools.pairwise(cuts):
        alone = " " * start + text[start:end] + " " * (len(text) - end)
        size = read(alone)
        if size is not None and (size.dataset_tokens or size.tokens_per_example):
            sizes.append(size)
    if len(sizes) < 2 or any(s.dataset_tokens is None and not s.examples for s in sizes):
        return None
    tokens = [total_of(s) for s in sizes]
    total = sum(tokens)
    each_one = "; ".join(s.arithmetic for s in sizes)
    combined = sizes[0]
    combined.start, combined.end = sizes[0].start, max(s.end for s in sizes)
    parts = " + ".join(said_tokens(t) for t in tokens)
    if all(s.examples and s.dataset_tokens is None for s in sizes):
        count = sum(s.examples or 0 for s in sizes)
        combined.examples, combined.dataset_tokens = count, None
        combined.tokens_per_example = round(total / count, 1)
        combined.arithmetic = _("{parts} = {total} em {count} exemplos ≈ {each}").format(
            parts=parts,
            total=said_tokens(total),
            count=said_amount(count),
            each=said_tokens(combined.tokens_per_example, "each"),
        )
    else:
        combined.examples = combined.tokens_per_example = None
        combined.dataset_tokens = total
        combined.arithmetic = f"{parts} = {said_tokens(total, 'total')}"
    combined.arithmetic = f"{each_one}; {combined.arithmetic}"
    return combined


def total_of(size: Sized) -> float:
    """The tokens `size` holds in all."""
    return size.dataset_tokens or (size.examples or 0) * (size.tokens_per_example or 0)
