"""Deadlines said by an office acronym ("EOW", "EOM"), a day that moves with Easter ("até a
Sexta-feira Santa", "antes da Páscoa", "Corpus Christi") or with the Chinese calendar ("antes do
Ano-Novo Chinês"), a weekday before a date ("a segunda que
antecede o Natal"), the middle of a week ("até o meio da semana que vem") and a date that moves off
a weekend ("dia 20; se cair em fim de semana, vale o primeiro dia útil seguinte") and the next
sprint ("a sprint atual fecha quarta, 9/12; vai como entrega da próxima; sprints de 2 semanas")
and a week of a month ("a segunda semana de janeiro"), and the end of a shift the client starts at
an hour ("começo hoje às 19h um plantão de 12h e quero pronto quando o plantão terminar").
Each returns the moment, and where it was said."""

import re
from datetime import date, datetime, time, timedelta

import holidays

from bot.assistant.reader.calendar_days import (
    MONTH_NUMBERS,
    WEEKDAYS,
    day_of_month,
    end_of,
    next_month,
    on_day,
    working_day,
)

Found = tuple[datetime, int, int] | None

_ACRONYM = re.compile(r"\b(?P<which>eow|eom|eoq|eoy)\b")


def acronym(text: str, now: datetime) -> Found:
    """ "Need this EOW": this Friday; EOM, EOQ, EOY: the month's, quarter's or year's last day."""
    said = _ACRONYM.search(text)
    if said is None:
        return None
    today = now.date()
    if said["which"] == "eow":
        day = today + timedelta(days=(4 - today.weekday()) % 7)
        day += timedelta(days=7 if end_of(day) <= now else 0)
    elif said["which"] == "eom":
        day = next_month(today) - timedelta(days=1)
    elif said["which"] == "eoq":
        day = next_month(date(today.year, 3 * ((today.month - 1) // 3) + 3, 1)) - timedelta(days=1)
    else:
        day = date(today.year, 12, 31)
    return end_of(day), said.start(), said.end()


_EASTER = re.compile(
    r"\b(?P<before>antes d[aeo] |before )?(?:a |o |the )?"
    r"(?P<day>sexta[- ]feira santa|sexta santa|(?:sexta[- ]feira da )?paixao(?: de cristo)?|"
    r"good friday|pascoa|easter"
    r"(?: sunday)?|corpus christi|pentecostes|pentecost|domingo de pentecostes|ascensao)\b"
)


def easter_day(text: str, now: datetime) -> Found:
    """That day of the next Easter to come, counted from its Good Friday (a national holiday):
    Easter two days after, Ascension forty-one, Pentecost fifty-one, Corpus Christi sixty-two;
    "antes de" it, the day before."""
    said = _EASTER.search(text)
    if said is None:
        return None
    after_friday = {"pascoa": 2, "easter": 2, "easter sunday": 2, "corpus christi": 62,
                    "pentecostes": 51, "pentecost": 51, "domingo de pentecostes": 51,
                    "ascensao": 41}  # fmt: skip
    offset = after_friday.get(said["day"], 0) - (1 if said["before"] else 0)
    for year in (now.year, now.year + 1):
        public = holidays.country_holidays("BR", years=year).items()
        day = next(d for d, name in public if name == "Good Friday") + timedelta(days=offset)
        if end_of(day) > now:
            return end_of(day), said.start(), said.end()
    return None


_LUNAR_NEW_YEAR = re.compile(
    r"\b(?:(?P<before>antes d[aeo] |before )|(?P<eve>(?:a |na |the )?vespera d[oe] |eve of ))?"
    r"(?:o |the )?(?:ano[- ]novo (?:chines|lunar)|chinese new year|lunar new year|spring festival|"
    r"festival da primavera)\b"
)


_BEFORE_THAT = re.compile(
    r"[^?!\n]{0,80}?\b(?:antes diss[oa]|antes dele|before (?:that|it|then))\b"
)


def lunar_new_year(text: str, now: datetime) -> Found:
    """ "antes do Ano-Novo Chinês": the next one to come, by China's calendar (python-holidays);
    its eve or "antes do" it, the day before."""
    said = _LUNAR_NEW_YEAR.search(text)
    if said is None:
        return None
    # "o lançamento é no Ano-Novo Chinês. O modelo tem que estar treinado antes disso"
    before = said["before"] or said["eve"] or _BEFORE_THAT.match(text, said.end())
    for year in (now.year, now.year + 1):
        public = holidays.country_holidays("CN", years=year).items()
        day = next(d for d, name in public if name.startswith("Chinese New Year ("))
        day -= timedelta(days=1 if before else 0)
        if end_of(day) > now:
            return end_of(day), said.start(), said.end()
    return None


# "a data aparece na planilha como 46377": a spreadsheet's day number, its date lost.
# Not a cell's address ("=MÉDIA(E2:E48001)"): a day number stands alone.
_SERIAL = re.compile(r"(?<![\w.,:])(?P<days>4[5-9]\d{3})(?:,(?P<fraction>\d{1,4}))?(?![\d.,]\d|\))")
_DATE_WORD = re.compile(r"\b(?:data|prazo|entrega|deadline|date|due|limite)\b")
_SPREADSHEET = re.compile(r"\b(?:formata\w*|excel|celula|planilha|serial|sheets?|cronograma)\b")
_SERIAL_EPOCH = date(1899, 12, 30)  # Excel's (and Google Sheets') day zero


def spreadsheet_day(text: str, now: datetime) -> Found:
    """An Excel serial date ("46377" = 21/12/2026): 18:00 that day, or the hour its fraction
    says ("46374,75" = 18:00)."""
    said = next(
        (
            found
            for found in _SERIAL.finditer(text)
            if _SPREADSHEET.search(near := text[max(0, found.start() - 100) : found.end() + 80])
            and _DATE_WORD.search(near)
        ),
        None,
    )
    if said is None:
        return None
    day = _SERIAL_EPOCH + timedelta(days=int(said["days"]))
    if said["fraction"] is None:
        return end_of(day), said.start(), said.end()
    moment = datetime.combine(day, datetime.min.time(), now.tzinfo)
    hours = float(f"0.{said['fraction']}") * 24
    return moment + timedelta(hours=hours), said.start(), said.end()


def _next(today: date, month: int, day: int) -> date | None:
    """Day/month's next occurrence from `today`, or None where the calendar has no such day."""
    return on_day(today.year + ((month, day) < (today.month, today.day)), month, day)


_WEEKDAY_BEFORE = re.compile(
    rf"\b(?P<weekday>{'|'.join(WEEKDAYS)})(?:[- ]feira)? (?:que antecede|anterior a|antes d|before)"
    r"[oa]?\s+(?:o |a |the )?(?:(?P<christmas>natal|christmas)|(?P<new_year>ano[- ]novo|new year)|"
    r"dia (?P<day>\d{1,2})\b(?!/)|(?P<date>(?P<dd>\d{1,2})/(?P<mm>\d{1,2}))\b)"
)


def weekday_before(text: str, now: datetime) -> Found:
    """ "a segunda que antecede o Natal": the last such weekday before that date."""
    said = _WEEKDAY_BEFORE.search(text)
    if said is None:
        return None
    today = now.date()
    anchor: date | None
    if said["christmas"]:
        anchor = date(today.year, 12, 25)
    elif said["new_year"]:
        anchor = date(today.year + 1, 1, 1)
    elif said["day"]:
        anchor = day_of_month(today, int(said["day"]))
    else:
        anchor = _next(today, int(said["mm"]), int(said["dd"]))
    if anchor is None:
        return None
    back = (anchor.weekday() - WEEKDAYS[said["weekday"]]) % 7 or 7
    return end_of(anchor - timedelta(days=back)), said.start(), said.end()


_MID_WEEK = re.compile(
    r"\b(?:o |no )?meio da (?P<next_first>proxima )?semana(?P<next> que vem| seguinte)?\b|"
    r"\bmid-?week\b(?P<next_en> next week)?"
)


def mid_week(text: str, now: datetime) -> Found:
    """ "até o meio da semana que vem": that week's Wednesday; this week's when none is said."""
    said = _MID_WEEK.search(text)
    if said is None:
        return None
    today = now.date()
    wednesday = today + timedelta(days=2 - today.weekday())
    if said["next_first"] or said["next"] or said["next_en"] or end_of(wednesday) <= now:
        wednesday += timedelta(days=7)
    return end_of(wednesday), said.start(), said.end()


_ROLLED = re.compile(
    r"\bdia (?P<day>\d{1,2})\b(?!/)[^.]{0,80}?\b(?:se cair|caindo|if it falls) "
    r"(?:em |no |num |numa |de |on a |on )?(?:fim de semana|final de semana|sabado|domingo|feriado|"
    r"weekend|saturday|sunday|holiday)[^.]{0,60}?\b(?:(?P<back>(?:o )?dia util anterior|antecip\w+|"
    r"previous business day)|(?:o )?(?:primeiro|proximo) dia util|(?:o )?dia util seguinte|"
    r"next business day)"
)


def rolled(text: str, now: datetime) -> Found:
    """ "dia 20; se cair em fim de semana, vale o primeiro dia útil seguinte": the date, moved to
    the next working day (or the one before, when the client says so) when it is not one."""
    said = _ROLLED.search(text)
    day = day_of_month(now.date(), int(said["day"])) if said else None
    if said is None or day is None:
        return None
    step = timedelta(days=-1 if said["back"] else 1)
    while not working_day(day) or day in holidays.country_holidays("BR", years=day.year):
        day += step
    return end_of(day), said.start(), said.end()


_SPRINT_END = re.compile(
    r"\b(?:sprint|iteracao|ciclo)\w* (?:atual|corrente|current)\b[^.;]{0,30}?\b(?:fecha|termina|"
    r"acaba|encerra|ends?|closes?)\b[^.;\d]{0,20}(?P<day>\d{1,2})/(?P<month>\d{1,2})"
)
_NEXT_SPRINT = re.compile(r"\b(?:proxima|next) (?:sprint|iteracao|iteration)\b")
_SPRINT_LENGTH = re.compile(
    r"\b(?:sprints?|iteracoes|iterations?)\b[^.;]{0,20}?\b(?:sao de|de|duram|last|are) "
    r"(?P<n>\d{1,2}) (?P<unit>semanas?|dias|weeks?|days?)\b"
)


def next_sprint(text: str, now: datetime) -> Found:
    """The next sprint's last day: the current one's end plus one sprint's length."""
    end, length = _SPRINT_END.search(text), _SPRINT_LENGTH.search(text)
    said = _NEXT_SPRINT.search(text)
    if end is None or length is None or said is None:
        return None
    current = _next(now.date(), int(end["month"]), int(end["day"]))
    if current is None:  # "fecha 31/02": no such day
        return None
    days = int(length["n"]) * (7 if length["unit"][0] in "sw" else 1)
    return end_of(current + timedelta(days=days)), said.start(), said.end()


_NTH_WEEK = re.compile(
    r"\b(?P<nth>primeira|segunda|terceira|quarta|ultima|1a|2a|3a|4a) semana de "
    rf"(?P<month>{'|'.join(MONTH_NUMBERS)})\w*"
)
_NTHS = {
    "primeira": 0,
    "1a": 0,
    "segunda": 1,
    "2a": 1,
    "terceira": 2,
    "3a": 2,
    "quarta": 3,
    "4a": 3,
}


def nth_week(text: str, now: datetime) -> Found:
    """ "a segunda semana de janeiro": the Friday of that month's Nth week, weeks counted from the
    month's first Monday (the last week: from its last Monday), never past the month's end."""
    said = _NTH_WEEK.search(text)
    if said is None:
        return None
    month = MONTH_NUMBERS[said["month"][:3]]
    first = date(now.year + (month < now.month), month, 1)
    monday = first + timedelta(days=-first.weekday() % 7)
    if said["nth"] == "ultima":
        while (monday + timedelta(days=7)).month == month:
            monday += timedelta(days=7)
    else:
        monday += timedelta(days=7 * _NTHS[said["nth"]])
    friday = min(monday + timedelta(days=4), next_month(first) - timedelta(days=1))
    return end_of(friday), said.start(), said.end()


_SHIFTS = r"plantao|turno|voo|viagem|cirurgia|expediente|shift|flight"
_SHIFT = re.compile(
    r"\b(?:comec\w*|entr[oa]|inicio|pego|start\w*|begin\w*)\s+(?P<day>hoje|amanha|today|tomorrow)?"
    r"\s*(?:as|at)\s+(?P<hour>[01]?\d|2[0-3])(?:h|:)(?P<minute>[0-5]\d)?h?\b[^.;!?]{0,30}?"
    rf"\b(?:{_SHIFTS})\b[^.;!?\d]{{0,20}}?\b(?:de|of) (?P<length>\d{{1,2}}) ?(?:h|horas|hours)\b"
)
_SHIFT_END = re.compile(
    rf"\b(?:quando|assim que|when|once|by the time) (?:o |a |meu |minha |the |my )?(?:{_SHIFTS}) "
    r"(?:terminar|acabar|ends?|is over|finish\w*)|"
    rf"\b(?:no|ao|at the|by the) (?:fim|final|end) d?[oa]?\s?(?:meu |my )?(?:{_SHIFTS})\b"
)


def shift_end(text: str, now: datetime) -> Found:
    """ "começo hoje às 19h um plantão de 12h ... quando o plantão terminar": its start plus its
    length."""
    said = _SHIFT.search(text)
    end = _SHIFT_END.search(text, said.end()) if said else None
    if said is None or end is None:
        return None
    day = now.date() + timedelta(days=said["day"] in ("amanha", "tomorrow"))
    start = datetime.combine(day, time(int(said["hour"]), int(said["minute"] or 0)), now.tzinfo)
    return start + timedelta(hours=int(said["length"])), said.start(), end.end()
