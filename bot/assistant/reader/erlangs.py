"""A contact center's traffic in Erlangs, said as hours of calls: "tráfego médio de 12 Erlangs,
operação das 8h às 18h, 22 dias úteis" is 12 lines busy for 10 hours on 22 days, 2.640 hours of
recorded talk; "3,5 Erlangs ... 24h ... 30 dias" is 2.520. The days are dropped once counted, so
they are read as no deadline. Works on folded text."""

import re

from bot.assistant.reader.rates import hours_a_day
from bot.assistant.reader.spans import number

_ERLANGS = re.compile(r"\b(?P<e>\d+(?:[.,]\d+)?)\s*erlangs?\b")
_DAYS = re.compile(r"\(?\b(?P<d>\d{1,3}) dias(?: uteis| corridos)?\b\)?")


def as_call_hours(folded: str) -> str:
    """`folded` with a traffic in Erlangs over the days it ran said as hours of calls."""
    traffic = _ERLANGS.search(folded)
    days = _DAYS.search(folded) if traffic else None
    if traffic is None or days is None:
        return folded
    erlangs, count = number(traffic["e"]), int(days["d"])
    if not erlangs:
        return folded
    said = f"{erlangs * hours_a_day(folded) * count:.0f} horas de ligacoes gravadas"
    # the later span first, so the earlier one's positions hold
    for start, end, new in sorted(
        [(days.start(), days.end(), " "), (traffic.start(), traffic.end(), said)], reverse=True
    ):
        folded = folded[:start] + new + folded[end:]
    return folded
