"""Deadlines written in the codes of a trade or a system: a cron line the model must be ready for
("0 6 * * 1", in the server's zone when it says one), a day of the year ("dia juliano 349",
"2026-352 14:00"), a military date-time group ("151200ZDEC26"), Zulu time on a weekday ("1800Z
de sexta"), compact dates ("20261216",
"17.12.2026", "2026/12/22 15:00", "18-12-26"), the start of a day ("à zero hora do dia 14"),
the Ministry of Health's epidemiological weeks ("até o fechamento da SE 50": its Saturday),
quarters or halves of a year ("no 1T27", "before the end of H1 2027": their last day) and ISO
durations from a config ("max_wait: P2DT12H"), "D+2" (working days) and the tenths of a month
("1º decêndio de fevereiro"), ISO week dates ("2026-W51-2") and JD Edwards' CYYDDD ("126352").

Works on folded text, as `deadline_formats`; each reader gives the moment and the span it read.
"""

import re
from calendar import monthrange
from datetime import UTC, date, datetime, time, timedelta

from cronsim import CronSim, CronSimError
from epiweeks import Week

from bot.assistant.reader.calendar_days import (
    CLIENT_ZONE,
    MONTH_NUMBERS,
    WEEKDAYS,
    business_day,
    day_of_month,
    end_of,
    on_day,
)

_Found = tuple[datetime, int, int] | None

_CRON = re.compile(r"(?:^|(?<=[\s`'\"(:]))(?P<expr>(?:[\d*/,-]+[ \t]+){4}[\d*/,-]+)(?=$|[\s`'\")])")
_CRON_SAID = re.compile(r"\bcron|\bagendad|\bagendamento|\bschedul")
_CRON_UTC = re.compile(
    r"\b(?:cron tz|tz) ?= ?(?:etc/)?utc\b|\b(?:em|in) utc\b|"
    r"\b(?:servidor|server)\b[^.\n]{0,30}\butc\b"
)
_DAY_OF_YEAR = re.compile(
    r"\b(?:dia juliano|julian day|dia do ano|day of (?:the )?year|doy)\s*(?P<n>\d{1,3})\b"
    r"(?:\s*(?:de|of|/)\s*(?P<year>20\d\d))?|"
    # "no dia 350 de 2026": past 31, a day can only be the year's
    r"\bdia (?P<day_n>3[2-9]\d|[4-9]\d\d|3[3-6]\d) de (?P<day_year>20\d\d)\b|"
    r"\b(?P<iso_year>20\d\d)-(?P<iso_n>[0-3]\d\d)\b(?!-)"
    r"(?:[t ](?P<hour>[0-2]\d):(?P<minute>[0-5]\d))?|"
    # JD Edwards' CYYDDD: "no JDE a data limite tá 126352" is 2026, day 352
    r"\b(?:jd ?edwards|jde)\b[^.\n]{0,40}?\b1(?P<jde_year>\d\d)(?P<jde_n>[0-3]\d\d)\b|"
    # an ordinal date YYDDD ("data juliana (AADDD) ... até 26350"): 2026, day 350
    r"\b(?:datas? julianas?|julian dates?)\b[^.\n]{0,60}?\b(?P<yy_year>2\d)(?P<yy_n>[0-3]\d\d)\b"
)
# An ISO week date from a planning tool: "2026-W51-2" is Tuesday of week 51; a week alone, its
# Friday.
_ISO_WEEK = re.compile(r"\b(?P<year>20\d\d)-?w(?P<week>[0-5]\d)(?:-?(?P<day>[1-7]))?\b")
_DTG = re.compile(
    r"\b(?P<day>[0-3]\d)(?P<hour>[0-2]\d)(?P<minute>[0-5]\d)\s?z\s?"
    rf"(?P<month>{'|'.join(MONTH_NUMBERS)})\s?(?P<year>\d\d)\b"
)
# Aviation's Zulu time before a weekday: "até 1800Z de sexta", "0200 Zulu de terça".
_ZULU = re.compile(
    r"\b(?P<hour>[01]\d|2[0-3])(?P<minute>[0-5]\d)\s?(?:z|zulu)\b\s*(?:de |do |da |on |na |no )?"
    rf"(?P<weekday>{'|'.join(WEEKDAYS)})\b"
)
_COMPACT = re.compile(
    r"\b(?P<year>20\d\d)(?P<month>[01]\d)(?P<day>[0-3]\d)\b|"
    r"\b(?P<d_day>[0-3]?\d)\.(?P<d_month>[01]?\d)\.(?P<d_year>20\d\d)\b|"
    r"\b(?P<y_year>20\d\d)/(?P<y_month>[01]?\d)/(?P<y_day>[0-3]?\d)\b|"
    r"\b(?P<e_day>[0-3]\d)-(?P<e_month>[01]\d)-(?P<e_year>\d\d)\b"
)
# ISO 8601 durations from a config or a ticket: "max_wait: P2DT12H", "PT36H"
_DURATION = re.compile(
    # the time part is required: "p4d" is an AWS instance, not four days
    r"\bp(?:(?P<days>\d+)d)?t(?=\d)(?:(?P<hours>\d+)h)?(?:(?P<minutes>\d+)m)?\b"
)
_CLOCK = re.compile(r"\s*,?\s*(?:as |at )?(?P<hour>[01]?\d|2[0-3])(?::|h)(?P<minute>[0-5]\d)?")
_MIDNIGHT = re.compile(
    r"\b(?:a |as )?(?:0 ?h(?:oras?)?|0 hora|00:00|00h00?)\s+(?:do |de |da |of )?"
    rf"(?:dia (?P<day>\d{{1,2}})\b(?![/:h])|(?P<weekday>{'|'.join(WEEKDAYS)})(?:-feira)?\b)"
)
# "prazo D+2", "D+5": that many working days after today, as Brazilian finance counts them.
_D_PLUS = re.compile(r"\bd ?\+ ?(?P<n>[1-9]\d?)\b(?! ?(?:h|horas?|dias? corridos))")
# "no 1º decêndio de fevereiro", "até o fim do 2º decêndio de janeiro": days 1-10, 11-20, 21-end.
_TENTH = re.compile(
    r"\b(?P<n>[123])(?:o|º|°)? decendio (?:de |do mes de )?"
    rf"(?P<month>{'|'.join(MONTH_NUMBERS)})\w*"
)
# "em qualquer momento do 1T27", "before the end of H1 2027", "Q1/27": the period's last day.
_ORDINALS = {"primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4, "first": 1, "second": 2}
_PERIOD = re.compile(
    r"\b(?:(?P<quarter>[1-4])\s?(?:t|q|o trimestre)|q(?P<q>[1-4])|"
    r"(?P<ordinal>primeiro|segundo|terceiro|quarto|first|second) (?P<word>trimestre|semestre|"
    r"quarter|half)|(?P<half>[12])\s?(?:s|o semestre)|h(?P<h>[12]))"
    r"(?:\s?(?:de |of |/|-)?\s?)(?P<year>20\d\d|\d\d)\b(?![.,]\d)"
)
_EPI_WEEK = re.compile(
    r"\b(?:semana epidemiologica|(?:fim|fechamento|encerramento|final|ate|antes) da se|"
    r"ate a se|na se)\s?(?P<n>[1-5]?\d)\b(?!\s?(?:dias|horas|exemplos|mil))"
)


def _cron(text: str, now: datetime) -> _Found:
    """The next run of the schedule the model must be ready for, after now."""
    said = _CRON.search(text)
    if said is None or "*" not in said["expr"] or not _CRON_SAID.search(text):
        return None
    # "`30 22 * * 5` (UTC)": the zone said right after the schedule
    after = re.match(r"[`'\"]?\s*\(?\s*(?:utc|gmt)\b", text[said.end("expr") :])
    zone = UTC if _CRON_UTC.search(text) or after else CLIENT_ZONE
    try:
        moment = next(CronSim(said["expr"], now.astimezone(zone)))
    except (CronSimError, StopIteration):
        return None
    return moment.astimezone(CLIENT_ZONE), said.start("expr"), said.end("expr")


def _day_of_year(text: str, now: datetime) -> _Found:
    """Day N of the year said, else of this year, else of the next one when it has passed."""
    said = _DAY_OF_YEAR.search(text)
    if said is None:
        return None
    n = int(said["n"] or said["iso_n"] or said["day_n"] or said["jde_n"] or said["yy_n"])
    two_digits = said["jde_year"] or said["yy_year"]
    jde = f"20{two_digits}" if two_digits else None
    given = said["year"] or said["iso_year"] or said["day_year"] or jde
    for year in [int(given)] if given else [now.year, now.year + 1]:
        if not 1 <= n <= (366 if on_day(year, 2, 29) else 365):
            return None
        day = date(year, 1, 1) + timedelta(days=n - 1)
        moment = end_of(day)
        if said["hour"]:
            at = time(int(said["hour"]), int(said["minute"]))
            moment = datetime.combine(day, at, CLIENT_ZONE)
        if moment > now:
            return moment, said.start(), said.end()
    return None


def _iso_week(text: str, now: datetime) -> _Found:
    said = _ISO_WEEK.search(text)
    if said is None:
        return None
    try:
        day = date.fromisocalendar(int(said["year"]), int(said["week"]), int(said["day"] or 5))
    except ValueError:
        return None
    moment = end_of(day)
    return (moment, said.start(), said.end()) if moment > now else None


def _dtg(text: str, now: datetime) -> _Found:
    said = _DTG.search(text)
    if said is None:
        return None
    day = on_day(2000 + int(said["year"]), MONTH_NUMBERS[said["month"]], int(said["day"]))
    if day is None or int(said["hour"]) > 23:
        return None
    moment = datetime.combine(day, time(int(said["hour"]), int(said["minute"])), UTC)
    return moment.astimezone(CLIENT_ZONE), said.start(), said.end()


def _zulu(text: str, now: datetime) -> _Found:
    said = _ZULU.search(text)
    if said is None:
        return None
    today = now.astimezone(UTC)
    ahead = (WEEKDAYS[said["weekday"]] - today.weekday()) % 7
    moment = datetime.combine(
        today.date() + timedelta(days=ahead), time(int(said["hour"]), int(said["minute"])), UTC
    )
    moment += timedelta(days=7) if moment <= now else timedelta(0)
    return moment.astimezone(CLIENT_ZONE), said.start(), said.end()


def _compact(text: str, now: datetime) -> _Found:
    """A date in a system's compact format, within two years: a code or a count is not one."""
    for said in _COMPACT.finditer(text):
        prefix = next(p for p in ("", "d_", "y_", "e_") if said[f"{p}year"])
        year, month, day = (int(said[f"{prefix}{part}"]) for part in ("year", "month", "day"))
        year += 2000 if year < 100 else 0  # "18-12-26"
        found = on_day(year, month, day) if now.year <= year <= now.year + 2 else None
        if found is None:
            continue
        if clock := _CLOCK.match(text, said.end()):
            at = time(int(clock["hour"]), int(clock["minute"] or 0))
            return datetime.combine(found, at, CLIENT_ZONE), said.start(), clock.end()
        return end_of(found), said.start(), said.end()
    return None


def _midnight(text: str, now: datetime) -> _Found:
    """ "à zero hora do dia 14": the first moment of that day, not its end."""
    said = _MIDNIGHT.search(text)
    if said is None:
        return None
    if said["day"]:
        day = day_of_month(now.date(), int(said["day"]))
    else:
        ahead = (WEEKDAYS[said["weekday"]] - now.weekday()) % 7 or 7
        day = now.date() + timedelta(days=ahead)
    if day is None:
        return None
    return datetime.combine(day, time(0, 0), CLIENT_ZONE), said.start(), said.end()


def _epi(text: str, now: datetime) -> _Found:
    """An epidemiological week (Sunday to Saturday, as the CDC's): the end of its Saturday."""
    said = _EPI_WEEK.search(text)
    if said is None or not 1 <= int(said["n"]) <= 53:
        return None
    for year in (now.year, now.year + 1):
        try:
            saturday = Week(year, int(said["n"]), system="cdc").enddate()
        except ValueError:
            continue
        if end_of(saturday) > now:
            return end_of(saturday), said.start(), said.end()
    return None


# In the order `deadline_formats` tries them.
def _period(text: str, now: datetime) -> _Found:
    said = _PERIOD.search(text)
    if said is None:
        return None
    year = int(said["year"]) + (2000 if len(said["year"]) == 2 else 0)
    if said["ordinal"]:
        months = 3 if said["word"] in ("trimestre", "quarter") else 6
        number = _ORDINALS[said["ordinal"]]
    else:
        months = 3 if said["quarter"] or said["q"] else 6
        number = int(said["quarter"] or said["q"] or said["half"] or said["h"])
    if number * months > 12:
        return None
    last = date(year, number * months, monthrange(year, number * months)[1])
    return end_of(last), said.start(), said.end()


def _d_plus(text: str, now: datetime) -> _Found:
    said = _D_PLUS.search(text)
    if said is None:
        return None
    return end_of(business_day(now.date(), int(said["n"]))), said.start(), said.end()


def _tenth(text: str, now: datetime) -> _Found:
    said = _TENTH.search(text)
    if said is None:
        return None
    month = MONTH_NUMBERS[said["month"]]
    year = now.year + (month < now.month)
    last = (10, 20, monthrange(year, month)[1])[int(said["n"]) - 1]
    moment = end_of(date(year, month, last))
    return (moment, said.start(), said.end()) if moment > now else None


def _duration(text: str, now: datetime) -> _Found:
    said = _DURATION.search(text)
    if said is None or not (said["days"] or said["hours"] or said["minutes"]):
        return None
    days, hours, minutes = (int(said[part] or 0) for part in ("days", "hours", "minutes"))
    return now + timedelta(days=days, hours=hours, minutes=minutes), said.start(), said.end()


CODED = (
    _cron,
    _iso_week,
    _day_of_year,
    _dtg,
    _zulu,
    _d_plus,
    _tenth,
    _compact,
    _midnight,
    _epi,
    _period,
    _duration,
)
