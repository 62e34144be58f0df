"""A second set of the same examples added to the first: "8 mil contratos + 4 mil aditivos", "10 mil
de ~800 palavras e mais 50 mil de ~200", "; a base B tem ...", "10k reviews (~50 words) with 10k
replies (~150 words)". Each set keeps its length; where the lengths differ the reply says the
weighted mean. Totals of two datasets ("300 MB de contratos + 200 MB de jurisprudência") add up
the same way.
"""

import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import Mention, said_amount, said_count, to_tokens
from locales import _

_LENGTHS = frozenset({"word", "char", "token", "page", "line", "turn", "byte"})
# Between a first count and a second one: the second is added to it.
ADDED = re.compile(
    r"^[^.!?\d]{0,40}?(?:\+|\be mais\b|\bmais\b|\balem d[eoa]s?\b|\bsomad[oa]s? a\b|\bplus\b|"
    r"\boutr[oa] (?:de|com)\b|\banother (?:of|with)\b|"
    r"\band another\b|\bjunto com\b)[^.;!?\d]{0,12}$"
)
# Between two datasets: "e", "; base B:", ", and another set:".
_ANOTHER_SET = re.compile(
    r"^\s*(?:cada|each)?[\s,;:+]*(?:\b(?:e|and|mais|plus)\b)?[\s,;:]*"
    r"(?:(?:a |the |outra |another |uma |segunda |second )?"
    r"(?:base|dataset|conjunto|corpus|fonte|set)s?\b[^.!?\d]{0,8})?"
    # "- A: ...\n- B: ...", "(a) respostas: 18 mil ...;\n(b) pareceres normativos: 6 mil ..."
    r"(?:(?:\n|[;,])\s*\(?(?:[a-d]|[1-4]|base [a-d1-4])\s*[:).-]\s*"
    r"(?:[a-z]+(?: [a-z]+){0,3}\s*:\s*)?)?$"
)
# "; a base B tem", ", e outro dataset com": a second set named as such is added to the first.
_NAMED_SET = re.compile(
    r"^[\s,;:+]*(?:\b(?:e|and|mais|plus)\b)?[\s,;:]*(?:a |the |outra |another |uma |segunda |"
    r"second )?(?:base|dataset|conjunto|corpus)\b[^.!?\d]{0,12}$"
)
# "10k reviews (~50 words) with 10k replies (~150 words)": two sets, each with its length.
_WITH = re.compile(
    r"^[\s),;]*(?:cada|each)?[\s),;]*\b(?:com|with|junto com|together with|along with)\b\s*"
    r"(?:os |as |the |mais )?$"
)


def added_set(
    text: str, main: list[Mention], chains: list[list[Mention]]
) -> tuple[list[Mention], str] | None:
    """The examples' count with the next set added to it, and how the reply says the sum; None
    when the next count is no other set of the same examples."""
    later = [
        c for c in chains if c is not main and c[0].unit == "record" and c[0].start > main[0].start
    ]
    if not later:
        return None
    second = later[0]
    between = [c for c in chains if main[0].start < c[0].start < second[0].start]
    gap = text[max([main[-1].end, *(c[-1].end for c in between)]) : second[0].start]
    # Two datasets each with its own length may be joined by a bare "e" or "; base B:".
    both_sized = bool(main[1:] and second[1:])
    if not (
        ADDED.match(gap)
        or _NAMED_SET.match(gap)
        or (both_sized and (_ANOTHER_SET.match(gap) or _WITH.match(gap)))
    ):
        return None
    chains.remove(second)
    first_parts = main[1:]
    orphans = [c for c in between if c[0].unit in _LENGTHS]
    if not first_parts and orphans:
        first_parts = orphans[0]  # "15 mil perguntas curtas (~50 tokens)": the first's length
        chains.remove(orphans[0])
    second_parts = second[1:]
    total = main[0].value + second[0].value
    said = f"{said_count(main[0])} + {said_count(second[0])}"
    summed = f"{said_amount(total)} {main[0].noun}"
    if first_parts and second_parts:
        first_tokens = to_tokens(first_parts)[0]
        second_tokens = to_tokens(second_parts)[0]
        if first_tokens != second_tokens:
            mean = (main[0].value * first_tokens + second[0].value * second_tokens) / total
            part = Mention(mean, "token", "tokens", second_parts[-1].start, second_parts[-1].end)
            said = _("{count} (média ponderada das duas partes)").format(count=said)
            return [replace(main[0], value=total), part], f"{said} = {summed}"
    parts = first_parts or second_parts
    return [replace(main[0], value=total), *parts], f"{said} = {summed}"


# "300 MB de contratos + 200 MB de jurisprudência": what the first total is of, then the join.
_TOTAL_OF = re.compile(r"^\s*(?:de|of)\s+[a-z -]{0,30}?(?=\s*(?:[,;+]|\b(?:e|and|mais|plus)\b))")


def another_total(text: str, first: Mention, second: Mention) -> bool:
    """Whether `second` is a second dataset's total to add to `first`'s."""
    gap = text[first.end : second.start]
    gap = gap[found.end() :] if (found := _TOTAL_OF.match(gap)) else gap
    return gap.strip() != "" and bool(_ANOTHER_SET.match(gap))
