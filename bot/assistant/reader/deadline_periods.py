"""Deadlines said by a period of the calendar or a machine's clock: a fortnight ("na primeira
quinzena de janeiro", "dentro desta quinzena"), a weekday of this month ("até a última quarta-feira
do mês"), a day that moves every year ("até o Dia das Mães do ano que vem") and a Unix timestamp
a ticket system prints ("due: 1797368400"). Each returns the moment, and where it was said."""

import re
from calendar import monthrange
from datetime import UTC, date, datetime, timedelta

from bot.assistant.reader.calendar_days import (
    CLIENT_ZONE,
    MONTH_NUMBERS,
    WEEKDAYS,
    end_of,
    next_month,
)

Found = tuple[datetime, int, int] | None

_MONTHS = "|".join(MONTH_NUMBERS)
_FORTNIGHT = re.compile(
    r"\b(?P<which>primeira|segunda|1a|2a) (?:quinzena|15 dias) (?:de|do mes de) "
    rf"(?P<month>{_MONTHS})\w*|"
    r"\b(?P<this>(?:dentro )?(?:d?esta|d?essa|nesta|nessa|fim da) (?:quinzena|15 dias))\b"
)
_OF_THIS_MONTH = re.compile(
    rf"\b(?P<nth>primeir[ao]|ultim[ao]|segund[ao]|terceir[ao]) (?P<weekday>{'|'.join(WEEKDAYS)})"
    r"(?:[- ]feira)? do mes(?P<next> que vem| seguinte)?\b"
)
# Days that fall on a weekday of their month, every year: Mothers' and Fathers' Day in Brazil
# (second Sunday of May and of August).
_MOVING = re.compile(r"\b(?P<day>dia das maes|dia dos pais)\b(?P<next> do ano que vem)?")
_MOVING_DAYS = {"dia das maes": 5, "dia dos pais": 8}
# "due: 1797368400", "deadline_ts=1796914800000": seconds or milliseconds since 1970, near a word
# that makes it the deadline.
_UNIX = re.compile(
    r"\b(?:due|prazo|deadline|entrega|vence\w*|vencimento|until|ate)\w*(?:[ _][a-z]{1,6})?\W{1,12}"
    r"(?P<seconds>1[7-9]\d{8})(?P<millis>\d{3})?\b"
)


def fortnight(text: str, now: datetime) -> Found:
    said = _FORTNIGHT.search(text)
    if said is None:
        return None
    if said["this"]:  # "desta quinzena": the 15th, or the month's end after it
        today = now.date()
        day = today.replace(day=15) if today.day <= 15 else next_month(today) - timedelta(days=1)
        return end_of(day), said.start(), said.end()
    month = MONTH_NUMBERS[said["month"][:3]]
    year = now.year + (month < now.month)
    first = said["which"] in ("primeira", "1a")
    last = 15 if first else monthrange(year, month)[1]
    return end_of(date(year, month, last)), said.start(), said.end()


def weekday_of_this_month(text: str, now: datetime) -> Found:
    said = _OF_THIS_MONTH.search(text)
    if said is None:
        return None
    month = next_month(now.date()) if said["next"] else now.date().replace(day=1)
    days = [month + timedelta(days=d) for d in range(monthrange(month.year, month.month)[1])]
    same = [d for d in days if d.weekday() == WEEKDAYS[said["weekday"]]]
    nth = said["nth"][:-1]
    index = {"primeir": 0, "segund": 1, "terceir": 2, "ultim": -1}[nth]
    return end_of(same[index]), said.start(), said.end()


def moving_day(text: str, now: datetime) -> Found:
    said = _MOVING.search(text)
    if said is None:
        return None
    month = _MOVING_DAYS[said["day"]]
    for year in (now.year + bool(said["next"]), now.year + 1 + bool(said["next"])):
        first = date(year, month, 1)
        second_sunday = first + timedelta(days=(6 - first.weekday()) % 7 + 7)
        if (moment := end_of(second_sunday)) > now:
            return moment, said.start(), said.end()
    return None


def unix_time(text: str, now: datetime) -> Found:
    said = _UNIX.search(text)
    if said is None:
        return None
    moment = datetime.fromtimestamp(int(said["seconds"]), UTC).astimezone(CLIENT_ZONE)
    return moment, said.start("seconds"), said.end()
