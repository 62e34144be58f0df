"""The clock a deadline is read on: the hour said ("às 8h", "3 da tarde", "meio-dia"), the client's
own time when they say it ("já são 19h"), "amanhã nesse mesmo horário" (now's hour, tomorrow) and
"até o fim do expediente" with no day named."""

import re
from datetime import datetime, time, timedelta

from bot.assistant.reader.calendar_days import CLIENT_ZONE, END_OF_DAY, PARTS_OF_DAY, business_day
from bot.assistant.reader.cues import negated
from bot.assistant.reader.deadline_said import understood
from bot.assistant.reader.deadline_shift import Deadline

# "já são 19h": the client's clock, which the deadline's hours count from.
_NOW_IS = re.compile(
    r"\b(?:ja sao|agora sao|aqui sao|ja e|agora e|it'?s|it is)\s+(?:already\s+|now\s+)?"
    r"(?P<hour>\d{1,2})(?:[:h](?P<minute>\d{2}))?\s*(?:h\b|hs\b|horas\b|(?P<ampm>am|pm)\b)"
)


# "até o fim do expediente" with no day named: today's, or the next working day's once it is over.
_END_OF_DAY = re.compile(
    r"\b(?:ate|by|before|antes d)\w* (?:o )?(?:fim|final) do (?:expediente|dia)|"
    r"\b(?:by |before )?(?:the )?end of (?:the )?(?:business )?day|\b(?:by )?eod|\bcob\b"
)


def end_of_today(text: str, now: datetime) -> Deadline | None:
    found = _END_OF_DAY.search(text)
    if found is None or negated(text, found.start()):
        return None
    day = now.date() if now.time() < END_OF_DAY else business_day(now.date(), 1)
    moment = datetime.combine(day, END_OF_DAY, CLIENT_ZONE)
    hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
    return Deadline(moment, hours, found.start(), found.end(), understood(moment, hours, False))


def clients_clock(text: str, now: datetime) -> datetime:
    """Our clock, or the time the client says it is there ("já são 19h"), on the nearest day."""
    said = _NOW_IS.search(text)
    if said is None:
        return now
    stated = now.replace(
        hour=clock_time(said).hour, minute=clock_time(said).minute, second=0, microsecond=0
    )
    if stated - now > timedelta(hours=12):
        return stated - timedelta(days=1)
    if now - stated > timedelta(hours=12):
        return stated + timedelta(days=1)
    return stated


def clock_time(found: re.Match[str]) -> time:
    if found.groupdict().get("part"):
        return PARTS_OF_DAY[found["part"]]
    hour = int(found["hour"]) % 24
    afternoon = found.groupdict().get("daypart") in ("da tarde", "da noite")  # "3 da tarde"
    if (found["ampm"] == "pm" or afternoon) and hour < 12:
        hour += 12
    return time(hour, int(found["minute"] or 0))


# "amanhã nesse mesmo horário", "same time tomorrow", "tomorrow at this time": now's hour.
_SAME = (
    r"(?:at )?(?:the )?same time|(?:at )?this time|(?:n|a )?(?:esse|essa|este|esta) (?:mesm[oa] )?"
    r"(?:horario|hora)|n?o mesmo horario|n?a mesma hora|mesmo horario"
)
_SAME_HOUR = re.compile(
    rf"(?:(?<=\btomorrow )|(?<=\bamanha )|(?<=\bamanha, )|(?<=\btomorrow, ))(?:{_SAME})\b|"
    rf"\b(?:{_SAME})(?=,? (?:de |d[eo] )?(?:tomorrow|amanha)\b)"
)


def same_hour(text: str, now: datetime) -> str:
    """`text` with "nesse mesmo horário" next to "amanhã" written as now's hour ("10h00"),
    padded to its length so positions hold."""
    said = _SAME_HOUR.search(text)
    if said is None:
        return text
    hour = f"{now:%H}h{now:%M}".ljust(said.end() - said.start())
    return text[: said.start()] + hour + text[said.end() :]
