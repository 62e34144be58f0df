"""The recommendation policy: which priced option the engine recommends, and the line that says
why when it is not simply the cheapest.

1. Only options that meet the client's terms are in the pool (memory, deadline, residency,
   cloud, card limit: quoting.recommend filters them).
2. Never a dominated option: nothing recommended has another option with the same terms (data
   in Brazil or not, on the client's cloud or not) that is at most as dear and at most as slow,
   and better in one of them.
3. "O mais barato possível" gets the cheapest, with its hours stated and, when a faster option
   costs little more, that option beside it.
4. An urgent client gets the fastest sensible option: the fastest that costs at most
   URGENT_COST_FACTOR times the cheapest.
5. Otherwise the value of time: when the cheapest takes longer than a working day, an option
   that finishes within a day (else two) wins if it costs at most the larger of TIME_PREMIUM
   more and DAY_SAVED_BRL per day it saves (never URGENT_COST_FACTOR times or more), and the
   reply says what the client pays for the time ("por +R$ 180 termina em 21 h em vez de 25
   dias").
"""

from collections.abc import Sequence
from decimal import Decimal

from locales import _
from quoting.candidate import Candidate
from quoting.jobspec import Job
from quoting.units import format_brl, format_duration

# What a client pays, at most, over the cheapest option to finish within a day or two: this
# fraction more, or DAY_SAVED_BRL for each day of waiting saved when that is more. A team waiting
# a week for a model costs far more than R$ 100 a day; since the set-up fee follows the
# machine's size (R$ 150 one card, R$ 350 one node), a fraction alone kept 8-day runs on one card
# over 16 h on eight for +21%.
TIME_PREMIUM = Decimal("0.15")
DAY_SAVED_BRL = Decimal(100)
# Wall-clock targets, in order: overnight (within a day), else within two days.
TIME_TARGETS_HOURS = (24.0, 48.0)
# "Urgente" buys speed up to this many times the cheapest price, no further.
URGENT_COST_FACTOR = Decimal(2)


def terms(job: Job, candidate: Candidate) -> tuple[bool, bool]:
    """What two options must share to be compared on price and time alone: where the data lives
    (Brazil or abroad) and whether it runs on the client's own cloud."""
    return candidate.region.country == "BR", candidate.offer.provider == job.cloud


def key(candidate: Candidate) -> tuple[Decimal, float]:
    return candidate.total_brl, candidate.time.hours


def dominates(a: Candidate, b: Candidate) -> bool:
    """`a` costs no more and takes no longer than `b`, and is better in one of the two."""
    no_worse = a.total_brl <= b.total_brl and a.time.hours <= b.time.hours
    return no_worse and (a.total_brl < b.total_brl or a.time.hours < b.time.hours)


def cheapest(pool: Sequence[Candidate]) -> Candidate:
    return min(pool, key=key)


def within_premium(base: Candidate, pool: Sequence[Candidate], factor: Decimal) -> list[Candidate]:
    return [c for c in pool if c.total_brl <= base.total_brl * factor]


def fastest_sensible(pool: Sequence[Candidate]) -> Candidate:
    """The fastest option that costs at most URGENT_COST_FACTOR times the cheapest."""
    affordable = within_premium(cheapest(pool), pool, URGENT_COST_FACTOR)
    return min(affordable, key=lambda c: (c.time.hours, c.total_brl))


def time_ceiling(base: Candidate, faster: Candidate) -> Decimal:
    """The most `faster` may cost to be worth the time it saves over `base`."""
    days = Decimal(str(max(base.time.hours - faster.time.hours, 0.0) / 24))
    worth = max(base.total_brl * (1 + TIME_PREMIUM), base.total_brl + DAY_SAVED_BRL * days)
    return min(worth, base.total_brl * URGENT_COST_FACTOR)


def worth_the_time(base: Candidate, pool: Sequence[Candidate]) -> Candidate:
    """The option that finishes within a working day or two for at most its time_ceiling over
    `base`; `base` itself when it already does, or when nothing within the ceiling is faster."""
    if base.time.hours <= TIME_TARGETS_HOURS[0]:
        return base
    affordable = [
        c for c in pool if c.time.hours < base.time.hours and c.total_brl <= time_ceiling(base, c)
    ]
    for target in TIME_TARGETS_HOURS:
        on_time = [c for c in affordable if c.time.hours <= target]
        if on_time:
            return cheapest(on_time)
    return min(affordable, key=lambda c: (c.time.hours, c.total_brl)) if affordable else base


def time_line(chosen: Candidate, slower: Candidate) -> str | None:
    """What a faster pick costs over the cheaper, slower one: the line a client reads."""
    if chosen is slower or chosen.time.hours >= slower.time.hours:
        return None
    extra = chosen.total_brl - slower.total_brl
    more = (
        _("por +{extra} ({percent}%)").format(
            extra=format_brl(extra), percent=f"{extra / slower.total_brl * 100:.0f}"
        )
        if extra > 0
        else _("pelo mesmo preço")
    )
    return _(
        "Prazo: {price}, termina em {duration} em vez de {slower_duration} ({slower}). Um treino "
        "mais curto também fica menos tempo exposto a uma falha."
    ).format(
        price=more,
        duration=format_duration(chosen.time.hours),
        slower_duration=format_duration(slower.time.hours),
        slower=slower.headline(),
    )


def faster_offer_line(chosen: Candidate, pool: Sequence[Candidate]) -> str | None:
    """For a client who asked for the cheapest: the faster option it gave up, when close."""
    faster = worth_the_time(chosen, pool)
    if faster is chosen:
        return None
    extra = faster.total_brl - chosen.total_brl
    return _(
        "A mais barata leva {duration}; por +{extra}, {faster} termina em {faster_duration}."
    ).format(
        duration=format_duration(chosen.time.hours),
        extra=format_brl(extra),
        faster=faster.headline(),
        faster_duration=format_duration(faster.time.hours),
    )
