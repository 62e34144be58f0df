"""How many cards the client names with a card ("quero rodar em 4 H100", "8x A100", "duas L40S"):
the count a quote must keep, or two counts of one card side by side ("1 H100 e 2 H100", "4 vs 8
A100s")."""

import re

from bot.assistant.asks import card_aliases
from bot.assistant.reader.cues import negated

_WORDS = {
    "duas": 2, "dois": 2, "tres": 3, "quatro": 4, "seis": 6, "oito": 8, "dezesseis": 16,
    "two": 2, "three": 3, "four": 4, "six": 6, "eight": 8, "sixteen": 16,
}  # fmt: skip
# "4 H100", "8x A100", "2 placas L40S", "duas GPUs A100", "4 nvidia h100": the count just before
_COUNT = re.compile(
    rf"(?<![\w.,])(?P<count>\d{{1,4}}|{'|'.join(_WORDS)})\s*(?:[x\u00d7]\s*)?"
    r"(?:(?:placas?|gpus?|cards?|chips?|unidades)\s+(?:de\s+|da\s+|of\s+)?)?(?:nvidia\s+)?$"
)
# "4 vs 8 A100s", "com 1 e com 2 H100": a bare count joined to the counted card
_OTHER_COUNT = re.compile(
    r"(?<![\w.,])(?P<count>\d{1,4})\s*(?:x\s*)?(?:\s*(?:e|ou|or|and|vs\.?|versus|x|contra)\s+"
    r"(?:com\s+|with\s+|em\s+|on\s+)?)$"
)


def cards_counted(folded: str) -> list[tuple[int, str]]:
    """(count, card id) for each card `folded` names with a count before it, in order."""
    found: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []
    for pattern, card in card_aliases():
        for match in pattern.finditer(folded):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue
            taken.append(match.span())
            before = _COUNT.search(folded, max(0, match.start() - 30), match.start())
            if before is None or negated(folded, match.start()):
                continue
            count = _WORDS.get(before["count"]) or int(before["count"])
            if count:
                found.append((match.start(), count, card))
            if other := _OTHER_COUNT.search(folded, max(0, before.start() - 20), before.start()):
                found.append((other.start(), int(other["count"]), card))
    return [(count, card) for _start, count, card in sorted(found)]


def two_counts(folded: str) -> tuple[str, list[int]] | None:
    """The card and its counts when `folded` sets two counts of ONE card side by side."""
    counted = cards_counted(folded)
    cards = {card for _count, card in counted}
    counts = list(dict.fromkeys(count for count, _card in counted))
    return (cards.pop(), counts) if len(cards) == 1 and len(counts) >= 2 else None
