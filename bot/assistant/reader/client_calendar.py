"""The working days a client states for their own count: a local or foreign holiday named as not
counting ("terça, dia 8, é feriado aqui em Salvador, então não conta"; "dia 8 é feriado nacional
cá") and Saturdays worked ("sábado conta como dia útil pra nós", "de segunda a sábado")."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta

from bot.assistant.reader.calendar_days import (
    STATED_WEEK,
    WEEKDAYS,
    WorkingWeek,
    day_of_month,
    on_day,
)
from bot.assistant.reader.cues import negated

_WEEKDAY = "|".join(WEEKDAYS)
# "terça, dia 8, é feriado", "8/12 é feriado aqui", "the 8th is a holiday here",
# "feriado municipal no dia 8" (text folded: lowercase, no accents).
_HOLIDAY = re.compile(
    rf"(?:\b(?P<weekday>{_WEEKDAY})(?:-feira)?\b,?\s*)?"
    r"(?:\b(?:o |the )?(?:dia |day )?(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?!/)|"
    r"\b(?P<dm_day>\d{1,2})/(?P<dm_month>\d{1,2})\b)?,?\s*"
    r"(?:\([^)]{0,40}\)\s*)?(?:e|eh|sera|vai ser|cai|is)\s+(?:um |uma |a )?"
    r"(?:feriado|holiday|dia santo)\b|"
    r"\b(?:feriado|holiday)(?: [a-z]+){0,3}? (?:n?o |on (?:the )?)?(?:dia )?"
    r"(?P<day_after>\d{1,2})\b"
)
# "sábado conta como dia útil pra nós", "trabalhamos de segunda a sábado", "we work Saturdays"
_SATURDAYS = re.compile(
    r"\bsabados? (?:tambem )?(?:conta|contam|e|sao)\w* (?:como )?(?:dias? )?uti|"
    r"\b(?:de|da) segunda a sabado\b|\btrabalh\w* (?:aos |nos |no |de |o )?sabados?\b|"
    r"\b(?:6|seis) dias (?:uteis )?(?:por|na|a) semana\b|\bsaturdays? counts?\b|"
    r"\bwork (?:on )?saturdays?\b|\bmonday (?:to|through) saturday\b"
)


def stated_week(text: str, today: date) -> WorkingWeek:
    """The working week `text` (folded) states, the days off read from `today` on."""
    days_off = set()
    for said in _HOLIDAY.finditer(text):
        day = said["day"] or said["day_after"]
        if day:
            found = day_of_month(today, int(day))
        elif said["dm_day"]:
            found = on_day(today.year, int(said["dm_month"]), int(said["dm_day"]))
        elif said["weekday"]:
            found = today + timedelta(days=(WEEKDAYS[said["weekday"]] - today.weekday()) % 7 or 7)
        else:
            found = None
        if found is not None and not negated(text, said.start()):
            days_off.add(found)
    saturdays = any(not negated(text, s.start()) for s in _SATURDAYS.finditer(text))
    return WorkingWeek(frozenset(days_off), saturdays)


def describes_week(text: str, start: int) -> bool:
    """ "sábado conta como dia útil pra nós": the weekday at `start` is how the client works, not
    when the job is due."""
    return any(s.start() <= start < s.end() for s in _SATURDAYS.finditer(text))


@contextmanager
def client_week(text: str, today: date) -> Iterator[None]:
    """Counts of working days inside this block use the client's own week."""
    token = STATED_WEEK.set(stated_week(text, today))
    try:
        yield
    finally:
        STATED_WEEK.reset(token)
