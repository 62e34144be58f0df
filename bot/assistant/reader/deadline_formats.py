"""Deadlines said in a format rather than in words: an ISO timestamp ("2026-12-09T21:00Z"), a
business day count ("D+5", "D+3 úteis"), an ISO week ("semana 51", "W51"), a countdown ("faltam 5
dias pro lançamento", "T-72h"), the next holiday ("antes do próximo feriado"), a day an
iteration ends ("a sprint termina dia 18"), the week of a day ("na semana do dia 14") and a break
that starts on a day ("até o recesso, que começa dia 23", "antes do recesso forense"), and a day
said by an event named before it ("a banca é dia 16 ... pronto na véspera", "no dia da
apresentação, de manhã", "no D-3", "cai num domingo, considera a sexta antes").

Works on folded text; the reply states the date and time understood, as for every deadline.
"""

import re
from calendar import monthrange
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo

from bot.assistant.reader.calendar_days import (
    CLIENT_ZONE,
    END_OF_DAY,
    MONTH_NUMBERS,
    WEEKDAYS,
    business_day,
    day_of_month,
    end_of,
    national_holidays,
    on_day,
    working_day,
)
from bot.assistant.reader.deadline_codes import CODED
from bot.assistant.reader.deadline_events import (
    acronym,
    easter_day,
    lunar_new_year,
    mid_week,
    next_sprint,
    nth_week,
    rolled,
    shift_end,
    spreadsheet_day,
    weekday_before,
)
from bot.assistant.reader.deadline_periods import (
    fortnight,
    moving_day,
    unix_time,
    weekday_of_this_month,
)
from bot.assistant.reader.deadline_said import understood
from bot.assistant.reader.deadline_shift import Deadline

_ISO = re.compile(
    r"\b(?P<year>20\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)"
    r"(?:[t ](?P<hour>[0-2]\d):(?P<minute>[0-5]\d)(?::\d\d(?:\.\d+)?)?)?"
    r"\s*(?P<zone>z\b|utc\b|gmt\b|brt\b|[+-][01]\d:?\d\d\b)?"
)
# "D+5", and the markets' "T+2": working days after today
_D_PLUS = re.compile(r"\b[dt]\s*\+\s*(?P<n>\d{1,3})(?:\s+(?:dias? )?uteis)?\b")
_WEEK = re.compile(r"\b(?:(?:na |a |ate a )?semana|week|w)\s?(?P<week>[1-4]\d|5[0-3]|[1-9])\b")
_WEEK_SAID = re.compile(r"\b(?:semana \d|week \d|w\d)")
_COUNTDOWN = re.compile(
    r"\b(?:faltam|restam|only|just)\s+(?P<n>\d{1,3})\s*(?P<unit>dias|horas|semanas|days|hours|"
    r"weeks|d|h)\b(?:\s*(?P<more>\d{1,2})\s*h\b)?|"
    r"\bt\s?-\s?(?P<t>\d{1,3})\s?(?P<t_unit>h|d|dias?|days?|horas?|hours?)\b"
)
_NEXT_HOLIDAY = re.compile(
    r"\b(?:antes do|ate o|before the|by the) (?:proximo|next) (?:feriado|holiday)\b"
)
# Days named by their holiday or date: "Prazo: Dia de Reis", "antes de Tiradentes".
_NAMED_DAYS = {"dia de reis": (1, 6), "reis": (1, 6), "tiradentes": (4, 21),
               "dia do trabalho": (5, 1), "dia do trabalhador": (5, 1),
               "dia dos namorados": (6, 12), "dia das criancas": (10, 12), "finados": (11, 2),
               "proclamacao da republica": (11, 15), "consciencia negra": (11, 20),
               # days of a city or a state, and of Portugal
               "aniversario de sao paulo": (1, 25), "aniversario de sp": (1, 25),
               "aniversario do rio": (3, 1), "sao jorge": (4, 23), "dia de sao joao": (6, 24),
               "revolucao constitucionalista": (7, 9), "data magna": (7, 2),
               "dia de portugal": (6, 10), "imaculada conceicao": (12, 8),
               "restauracao da independencia": (12, 1),
               "dia de santo antonio": (6, 13), "dia do consumidor": (3, 15),
               # days a cause or a trade marks
               "dia internacional da mulher": (3, 8), "dia da mulher": (3, 8),
               "dia das bruxas": (10, 31), "halloween": (10, 31), "dia do cliente": (9, 15),
               "dia do professor": (10, 15), "dia do medico": (10, 18),
               "dia do advogado": (8, 11), "dia mundial da saude": (4, 7),
               "dia do meio ambiente": (6, 5), "dia da terra": (4, 22),
               "dia dos avos": (7, 26), "dia do estudante": (8, 11),
               # the calendar of the State: terms of office begin on fixed days (the Constitution,
               # as amended by EC 111/2021, from 2027 on), Congress breaks on 23 December
               "posse do presidente": (1, 5), "posse presidencial": (1, 5),
               "posse dos governadores": (1, 6), "posse do governador": (1, 6),
               "posse dos prefeitos": (1, 1), "posse do prefeito": (1, 1),
               "recesso parlamentar": (12, 23), "recesso do congresso": (12, 23)}  # fmt: skip
_NAMED_DAY = re.compile(
    r"\b(?:(?P<before>antes d[eoa]|(?:na )?vespera d[eoa])|ate o|ate|prazo:?|by|no|na|pro|para o|"
    r"pra o)\s+(?:o |a )?"
    r"(?:(?:feriado|festa) (?:de |do |da )?)?"
    rf"(?P<day>{'|'.join(sorted(_NAMED_DAYS, key=len, reverse=True))})\b"
)
# "Sprint 42 (30/11 → 11/12)": an iteration's dates, the last one the deadline.
_SPRINT_DATES = re.compile(
    r"\b(?:sprint|iteracao|ciclo)\w*[^()\n]{0,15}\(\s*\d{1,2}/\d{1,2}\s*(?:→|->|-|a|ate)\s*"
    r"(?P<day>\d{1,2})/(?P<month>\d{1,2})\s*\)"
)
_ENDS_ON = re.compile(
    r"\b(?:sprint|iteracao|ciclo|piloto|projeto|contrato|trimestre|prazo)\w*\s+"
    r"(?:\w+\s+){0,2}?(?:termina|acaba|encerra|fecha|vence|ends?|closes?)\s+"
    r"(?:(?:no|na|em|on|the)\s+)?(?:dia\s+)?(?P<day>\d{1,2})\b(?![/:h])"
)

# "até a segunda terça-feira de dezembro", "the first Monday of January": that weekday of the month.
_NTH = {"primeira": 1, "primeiro": 1, "first": 1, "segunda": 2, "second": 2, "terceira": 3,
        "third": 3, "quarta": 4, "fourth": 4, "ultima": -1, "last": -1}  # fmt: skip
_NTH_WEEKDAY = re.compile(
    rf"\b(?P<nth>{'|'.join(_NTH)}) (?P<weekday>{'|'.join(WEEKDAYS)})(?:[- ]feira)? "
    rf"(?:de|do mes de|of|in) (?P<month>{'|'.join(MONTH_NUMBERS)})\w*"
)
_AT_HOUR = re.compile(r"\s*,?\s*(?:as|at)\s*(?P<hour>[01]?\d|2[0-3])(?:h|:)(?P<minute>[0-5]\d)?")
_AT_HOUR_12 = re.compile(
    r"\s*,?\s*(?:at\s*)?(?P<hour>1[0-2]|0?[1-9])(?::(?P<minute>[0-5]\d))?\s*(?P<half>am|pm)\b"
)
# "na semana do dia 14": that week's Friday.
_WEEK_OF = re.compile(
    r"\bsemana do dia (?P<day>\d{1,2})\b(?![/:h])"
    rf"(?: de (?P<month>{'|'.join(MONTH_NUMBERS)})\w*)?"
)
# "até o recesso; a gente para dia 22", "antes das férias, que começam dia 19": the day before.
_BREAK = re.compile(
    r"\b(?:recesso|ferias|paralisacao|parada|shutdown|break)\b[^.!?\n]{0,40}?\b(?:comec\w*|"
    r"inici\w*|para|paramos|param|entra\w*|starts?|begins?)\s+(?:no |em |on |a partir d[oe] )?"
    r"(?:dia\s+|the\s+)?(?P<day>\d{1,2})\b(?![/:h])|"
    # The courts' recess starts on 20 December (Lei 5.010/1966, art. 62, I; CPC art. 220).
    r"\b(?P<courts>recesso (?:forense|do judiciario|judiciario))\b|"
    # "antes do recesso" said by a law firm or a court (`_LEGAL`): the courts' recess
    r"(?:(?<=\bantes do )|(?<=\bate o ))(?P<legal>recesso)\b(?! parlamentar| do congresso)"
)
_LEGAL = re.compile(
    r"\b(?:sentenc|acordao|processo|peticao|tribunal|juridic|advoca|advogad|legaltech|forense|"
    r"vara|cpc|jurisprud)"
)

# "A auditoria é dia 15 e eu preciso disso na véspera", "preciso até o dia da banca": the day of
# an event the message dated before.
_EVENT_DAY = re.compile(
    r"\b(?:(?P<eve>(?:na|ate a|a|pela|on the) vespera|the day before)|"
    # "o evento é dia 18/12 e o combinado é ter o modelo no D-3"
    r"(?P<minus>d\s?-\s?(?P<n>[1-9]\d?))\b|"
    # "o prazo era dia 20, mas cai num domingo, então pode considerar a sexta antes"
    rf"(?:a|na|on the) (?P<weekday>{'|'.join(WEEKDAYS)})(?:-feira)? (?:antes|anterior|before)\b|"
    r"(?:no|ate o|on the|by the) dia d[aoe]s? (?!\d)[a-z]+)"
    r"(?:[^.;!?\n]{0,30}?\b(?P<morning>de manha|pela manha|in the morning))?"
)
_DATED = re.compile(
    # "a banca é dia 16", "o go-live é 11/01": the event's day
    r"\b(?:dia |(?=\d{1,2}/\d{1,2}\b))(?P<day>\d{1,2})(?:/(?P<month>\d{1,2}))?\b(?![/:h])"
    r"(?:,?\s*(?:as|at)\s*(?P<hour>[01]?\d|2[0-3])(?:h|:)(?P<minute>[0-5]\d)?)?"
)
# "saio de férias no sábado, dia 19": the last day before the break.
_LEAVING = re.compile(
    r"\b(?:saio|saimos|sai|entro|entramos|entra|vou|vamos) (?:de|em|entrar de) "
    r"(?:ferias|recesso|folga)\b"
    r"[^.;!?\n]{0,25}?\bdia (?P<day>\d{1,2})\b(?![/:h])"
)

# "na volta do feriado de Natal", "na volta do recesso" (dated "de 21/12 até 10/01"): the first
# working day after it.
_RETURN = re.compile(
    r"\b(?:na|ate a|pra|para a|on the) volta d[oa]s? (?:(?P<christmas>(?:feriado de )?natal)|"
    r"(?:recesso|ferias|feriado|folga)s?)\b"
)
_SPAN_END = re.compile(
    r"\b(?:de|entre) \d{1,2}/\d{1,2} (?:ate|a|e) (?P<day>\d{1,2})/(?P<month>\d{1,2})\b"
)


def formatted(text: str, now: datetime) -> Deadline | None:
    """The deadline `text` sets in one of these formats, or None."""
    now = now.astimezone(CLIENT_ZONE)
    reads = (
        _iso, *CODED, _d_plus, _week, _countdown, _next_holiday, _named_day, _sprint, _iteration,
        _ends_on, _week_of, _break, _event_day, _return, _nth_weekday, fortnight,
        weekday_of_this_month, moving_day, unix_time, acronym, easter_day, weekday_before,
        mid_week, rolled, next_sprint, nth_week, lunar_new_year, spreadsheet_day, shift_end,
    )  # fmt: skip
    for read in reads:
        if found := read(text, now):
            moment, start, end = found
            if moment <= now:
                continue
            hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
            return Deadline(moment, hours, start, end, understood(moment, hours, False))
    return None


_Found = tuple[datetime, int, int] | None


def _iso(text: str, now: datetime) -> _Found:
    said = _ISO.search(text)
    if said is None:
        return None
    if (day := on_day(int(said["year"]), int(said["month"]), int(said["day"]))) is None:
        return None
    if said["hour"] is None:
        return end_of(day), said.start(), said.end()
    zone = said["zone"] or "brt"
    clock: tzinfo
    if zone in ("z", "utc", "gmt"):
        clock = UTC
    elif zone == "brt":
        clock = CLIENT_ZONE
    else:
        sign = -1 if zone[0] == "-" else 1
        hours, minutes = int(zone[1:3]), int(zone[-2:])
        clock = timezone(sign * timedelta(hours=hours, minutes=minutes))
    moment = datetime.combine(day, time(int(said["hour"]), int(said["minute"])), clock)
    return moment.astimezone(CLIENT_ZONE), said.start(), said.end()


def _d_plus(text: str, now: datetime) -> _Found:
    said = _D_PLUS.search(text)
    if said is None:
        return None
    # D+N counts working days, as banks and finance teams use it ("D+1": the next working day)
    day = business_day(now.date(), int(said["n"]))
    return end_of(day), said.start(), said.end()


def _week(text: str, now: datetime) -> _Found:
    """ "até a semana 51": that ISO week's Friday, at the end of the day."""
    said = _WEEK.search(text)
    if said is None or not _WEEK_SAID.search(text, said.start(), said.end()):
        return None
    week = int(said["week"])
    for year in (now.year, now.year + 1):
        try:
            friday = date.fromisocalendar(year, week, 5)
        except ValueError:
            continue
        if end_of(friday) > now:
            return end_of(friday), said.start(), said.end()
    return None


def _countdown(text: str, now: datetime) -> _Found:
    said = _COUNTDOWN.search(text)
    if said is None:
        return None
    n = int(said["n"] or said["t"])
    unit = (said["unit"] or said["t_unit"])[0]
    hours = n * {"d": 24, "s": 168, "w": 168}.get(unit, 1) + int(said["more"] or 0)  # "3d 04h"
    return now + timedelta(hours=hours), said.start(), said.end()


def _next_holiday(text: str, now: datetime) -> _Found:
    """ "antes do próximo feriado": the end of the day before the next national holiday."""
    said = _NEXT_HOLIDAY.search(text)
    if said is None:
        return None
    for year in (now.year, now.year + 1):
        upcoming = sorted(day for day in national_holidays(year) if day > now.date())
        if upcoming:
            return end_of(upcoming[0] - timedelta(days=1)), said.start(), said.end()
    return None


def _ends_on(text: str, now: datetime) -> _Found:
    """ "a sprint termina dia 18": that day, at the end of it."""
    said = _ENDS_ON.search(text)
    if said is None:
        return None
    day = day_of_month(now.date(), int(said["day"]))
    return (end_of(day), said.start(), said.end()) if day else None


def _named_day(text: str, now: datetime) -> _Found:
    """ "Prazo: Dia de Reis": that day's end, the next one to come; "antes de X": the day before."""
    said = _NAMED_DAY.search(text)
    if said is None:
        return None
    month, day = _NAMED_DAYS[said["day"]]
    for year in (now.year, now.year + 1):
        moment = end_of(date(year, month, day) - timedelta(days=1 if said["before"] else 0))
        if moment > now:
            return moment, said.start(), said.end()
    return None


def _sprint(text: str, now: datetime) -> _Found:
    said = _SPRINT_DATES.search(text)
    if said is None:
        return None
    for year in (now.year, now.year + 1):
        if (day := on_day(year, int(said["month"]), int(said["day"]))) is None:
            return None
        if (moment := end_of(day)) > now:
            return moment, said.start(), said.end()
    return None


# "nossas sprints são de 2 semanas e a atual começou na segunda, 30/11", "iterações de 10 dias
# úteis e a atual começou na terça, 1/12": the current iteration's last working day.
_ITERATION = re.compile(
    r"\b(?:sprints?|iterac\w*|ciclos?|iterations?)\b[^.;]{0,30}?\b(?:de|com|duram?|tem|of|are|last)"
    r" (?P<n>\d{1,2}) (?P<unit>dias uteis|dias corridos|dias|semanas|business days|days|weeks)\b"
    r"[^.;]{0,40}?\b(?:atual|corrente|current|this one)\b[^.;]{0,25}?"
    r"\b(?:comec\w*|inici\w*|started|began)\b[^.;\d]{0,25}(?P<day>\d{1,2})/(?P<month>\d{1,2})"
)


def _iteration(text: str, now: datetime) -> _Found:
    said = _ITERATION.search(text)
    start = on_day(now.year, int(said["month"]), int(said["day"])) if said else None
    if said is None or start is None:
        return None
    n, unit = int(said["n"]), said["unit"]
    if "uteis" in unit or "business" in unit:
        last = business_day(start - timedelta(days=1), n)
    else:
        last = start + timedelta(days=n * (7 if unit.startswith(("sem", "week")) else 1) - 1)
        while not working_day(last):
            last -= timedelta(days=1)
    return end_of(last), said.start(), said.end()


def _week_of(text: str, now: datetime) -> _Found:
    said = _WEEK_OF.search(text)
    if said is None:
        return None
    today, number = now.date(), int(said["day"])
    if said["month"]:  # "a semana do dia 6 de janeiro"
        month = MONTH_NUMBERS[said["month"]]
        day = on_day(today.year + ((month, number) < (today.month, today.day)), month, number)
    else:
        day = day_of_month(today, number)
    if day is None:
        return None
    friday = day + timedelta(days=4 - day.weekday())
    while not working_day(friday) and friday.weekday() > 0:  # the week of the 21st: Christmas
        friday -= timedelta(days=1)
    return end_of(friday), said.start(), said.end()


def _event_day(text: str, now: datetime) -> _Found:
    said = _EVENT_DAY.search(text)
    dated = list(_DATED.finditer(text, 0, said.start())) if said else []
    if (
        said is None
        or not dated
        or (day := day_of_month(now.date(), int(dated[-1]["day"]))) is None
    ):
        return None
    if (month := dated[-1]["month"]) and not (
        day := on_day(day.year + (int(month) < day.month), int(month), day.day)
    ):
        return None
    if said["eve"]:
        return end_of(day - timedelta(days=1)), said.start(), said.end()
    if said["minus"]:
        return end_of(day - timedelta(days=int(said["n"]))), said.start(), said.end()
    if said["weekday"]:
        back = (day.weekday() - WEEKDAYS[said["weekday"]]) % 7 or 7
        return end_of(day - timedelta(days=back)), said.start(), said.end()
    if said["morning"]:
        at = time(9, 0)
    elif hour := dated[-1]["hour"]:
        at = time(int(hour), int(dated[-1]["minute"] or 0))
    else:
        at = END_OF_DAY
    return datetime.combine(day, at, CLIENT_ZONE), said.start(), said.end()


def _break(text: str, now: datetime) -> _Found:
    said = _BREAK.search(text) or _LEAVING.search(text)
    if said is None:
        return None
    found = said.groupdict()
    if found.get("legal") and not _LEGAL.search(text):
        return None
    courts = found.get("courts") or found.get("legal")
    day = day_of_month(now.date(), 20 if courts else int(said["day"]))
    return (end_of(day - timedelta(days=1)), said.start(), said.end()) if day else None


def _return(text: str, now: datetime) -> _Found:
    said = _RETURN.search(text)
    if said is None:
        return None
    last: date | None = None
    if said["christmas"]:
        last = date(now.year, 12, 25)
    elif span := _SPAN_END.search(text):
        month = int(span["month"])
        last = on_day(now.year + (month < now.month), month, int(span["day"]))
    if last is None:
        return None
    return end_of(business_day(last, 1)), said.start(), said.end()


def _nth_weekday(text: str, now: datetime) -> _Found:
    said = _NTH_WEEKDAY.search(text)
    if said is None:
        return None
    month, weekday, nth = (
        MONTH_NUMBERS[said["month"][:3]],
        WEEKDAYS[said["weekday"]],
        _NTH[said["nth"]],
    )
    year = now.year + (month < now.month)
    days = [date(year, month, d) for d in range(1, monthrange(year, month)[1] + 1)]
    day = [d for d in days if d.weekday() == weekday][nth if nth < 0 else nth - 1]
    if hour := _AT_HOUR.match(text, said.end()):  # "na primeira terça de janeiro, às 14h"
        at = datetime.combine(day, time(int(hour["hour"]), int(hour["minute"] or 0)), CLIENT_ZONE)
        return at, said.start(), hour.end()
    if hour := _AT_HOUR_12.match(text, said.end()):  # "last Wednesday of December, 3pm"
        clock = int(hour["hour"]) % 12 + (12 if hour["half"] == "pm" else 0)
        at = datetime.combine(day, time(clock, int(hour["minute"] or 0)), CLIENT_ZONE)
        return at, said.start(), hour.end()
    return end_of(day), said.start(), said.end()
