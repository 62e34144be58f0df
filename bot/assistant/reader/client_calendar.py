"""The working days a client states for their own count: a local or foreign holiday named as not
counting ("terça, dia 8, é feriado aqui em Salvador, então não conta"; "dia 8 é feriado nacional
cá"), days the company stops ("de 28 a 31/12 a fábrica para, esses dias não contam") and the
weekdays worked ("sábado conta como dia útil pra nós", "semana de 4 dias, de segunda a quinta")."""

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
# "de 28 a 31/12 a fábrica toda para (férias coletivas), esses dias não contam"
_STOPPED = re.compile(
    r"\b(?:de|entre|from) (?:o dia )?(?P<first>\d{1,2})(?:/(?P<first_month>\d{1,2}))? "
    r"(?:a|e|ate|to|-) (?:o dia )?(?P<last>\d{1,2})/(?P<month>\d{1,2})\b"
    r"(?=[^.;!?]{0,80}\b(?:ferias coletivas|recesso|fecha\w*|para(?:mos|da)?\b|parad\w*|"
    r"nao conta\w*|folga|shutdown|closed|don'?t count))"
)
# How the client's week runs: "sábado conta como dia útil pra nós", "de segunda a quinta",
# "sexta não é dia útil pra nós", "we work Saturdays", "semana de 4 dias".
_DAYS = "segunda|terca|quarta|quinta|sexta|sabado|domingo"
_WEEK = re.compile(
    rf"\b(?P<worked>{_DAYS})s? (?:tambem )?(?:conta|contam|e|sao)\w* (?:como )?(?:dias? )?uti|"
    rf"\b(?:de|da) (?P<from>{_DAYS})(?:-feira)? a (?P<to>{_DAYS})\b(?:-feira)?|"
    rf"\btrabalh\w* (?:aos |nos |no |de |o |a )?(?P<also>{_DAYS})s?\b(?! a )|"
    r"\b(?P<days>4|quatro|6|seis) dias (?:uteis )?(?:por|na|a|de) semana\b|"
    r"\bsemana de (?P<week_days>4|quatro|6|seis) dias\b|"
    rf"\b(?P<off>{_DAYS})s?(?:-feira)? (?:nao (?:e|eh|conta\w*)|never counts?|isn'?t)"
    r" (?:como )?(?:dias? )?(?:uti\w*|working|business)|"
    r"\bsaturdays? counts?\b|\bwork (?:on )?saturdays?\b|\bmonday (?:to|through) saturday\b"
)
_NUMBERS = {"4": 4, "quatro": 4, "6": 6, "seis": 6}
_WORK_SAID = re.compile(r"\b(?:trabalh\w*|uti\w*|semana|expediente|funciona\w*|work\w*|business)")


def days_a_week(text: str) -> int | None:
    """How many days a week the client says they work ("de segunda a sexta", "6 dias por
    semana"), or None where the message does not say."""
    for said in _WEEK.finditer(text):
        if said["from"]:
            return (WEEKDAYS[said["to"]] - WEEKDAYS[said["from"]]) % 7 + 1
        if count := said["days"] or said["week_days"]:
            return _NUMBERS[count]
    return None


def _weekdays(text: str) -> frozenset[int]:
    days = set(range(5))
    for said in _WEEK.finditer(text):
        if negated(text, said.start()):
            continue
        if said["worked"] or said["also"]:
            days.add(WEEKDAYS[said["worked"] or said["also"]])
        elif said["from"]:  # "de segunda a sexta" said of anything but work changes nothing
            if _WORK_SAID.search(text, max(0, said.start() - 60), said.end() + 40):
                days = set(range(WEEKDAYS[said["from"]], WEEKDAYS[said["to"]] + 1))
        elif count := said["days"] or said["week_days"]:
            days = set(range(_NUMBERS[count]))
        elif said["off"]:
            days.discard(WEEKDAYS[said["off"]])
        else:  # the English wordings all add Saturday
            days.add(5)
    return frozenset(days)


def _stopped(text: str, today: date) -> set[date]:
    days: set[date] = set()
    for said in _STOPPED.finditer(text):
        year = today.year + (int(said["month"]) < today.month)
        last = on_day(year, int(said["month"]), int(said["last"]))
        first_month = int(said["first_month"] or said["month"])
        first = on_day(year - (first_month > int(said["month"])), first_month, int(said["first"]))
        while first is not None and last is not None and first <= last:
            days.add(first)
            first += timedelta(days=1)
    return days


def stated_week(text: str, today: date) -> WorkingWeek:
    """The working week `text` (folded) states, the days off read from `today` on."""
    days_off = _stopped(text, today)
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
    return WorkingWeek(frozenset(days_off), _weekdays(text))


def describes_week(text: str, start: int) -> bool:
    """ "sábado conta como dia útil pra nós", "de 28 a 31/12 a fábrica para": the day at `start`
    is how the client works, not when the job is due."""
    spans = [*_WEEK.finditer(text), *_STOPPED.finditer(text)]
    return any(s.start() <= start < s.end() for s in spans)


@contextmanager
def client_week(text: str, today: date) -> Iterator[None]:
    """Counts of working days inside this block use the client's own week."""
    token = STATED_WEEK.set(stated_week(text, today))
    try:
        yield
    finally:
        STATED_WEEK.reset(token)
