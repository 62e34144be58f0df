"""Deadlines moved from the day a client names: ready some time before it ("24h de folga antes"),
said on another clock ("Monday 5pm London time"), or counted in working hours or calendar months
from a moment ("24 horas úteis", "2 meses a partir de hoje")."""

import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from bot.assistant.reader.calendar_days import CLIENT_ZONE, END_OF_DAY, working_day
from bot.assistant.reader.cues import negated
from bot.assistant.reader.deadline_said import understood


@dataclass(frozen=True)
class Deadline:
    at: datetime
    hours: float
    start: int
    end: int
    note: str


# The working hours "horas úteis" count: 9h to 18h on working days.
OPENING = time(9, 0)

# A deadline said on another clock: "Monday 5pm London time", "9am Eastern", "18h de Lisboa".
ZONES = {
    "london": "Europe/London", "londres": "Europe/London", "uk": "Europe/London",
    "gmt": "Etc/UTC", "utc": "Etc/UTC", "lisboa": "Europe/Lisbon", "lisbon": "Europe/Lisbon",
    "portugal": "Europe/Lisbon", "portugal continental": "Europe/Lisbon",
    "cuiaba": "America/Cuiaba", "manaus": "America/Manaus", "amazonas": "America/Manaus",
    "noronha": "America/Noronha", "fernando de noronha": "America/Noronha",
    "rio branco": "America/Rio_Branco", "acre": "America/Rio_Branco",
    "luanda": "Africa/Luanda", "angola": "Africa/Luanda", "maputo": "Africa/Maputo",
    "mocambique": "Africa/Maputo", "cabo verde": "Atlantic/Cape_Verde", "acores": "Atlantic/Azores",
    "madeira": "Atlantic/Madeira", "lima": "America/Lima", "toronto": "America/Toronto",
    "mountain": "America/Denver", "denver": "America/Denver", "los angeles": "America/Los_Angeles",
    "eastern": "America/New_York", "et": "America/New_York", "est": "America/New_York",
    "new york": "America/New_York", "nova york": "America/New_York", "ny": "America/New_York",
    "pacific": "America/Los_Angeles", "pst": "America/Los_Angeles",
    "cet": "Europe/Berlin", "cest": "Europe/Berlin", "berlin": "Europe/Berlin",
    "berlim": "Europe/Berlin", "paris": "Europe/Paris", "madrid": "Europe/Madrid",
    "tokyo": "Asia/Tokyo", "toquio": "Asia/Tokyo", "jst": "Asia/Tokyo",
    "singapura": "Asia/Singapore", "singapore": "Asia/Singapore", "sgt": "Asia/Singapore",
    "hong kong": "Asia/Hong_Kong", "xangai": "Asia/Shanghai", "shanghai": "Asia/Shanghai",
    "pequim": "Asia/Shanghai", "beijing": "Asia/Shanghai", "china": "Asia/Shanghai",
    "seul": "Asia/Seoul", "seoul": "Asia/Seoul", "kst": "Asia/Seoul",
    "india": "Asia/Kolkata", "ist": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata", "dubai": "Asia/Dubai", "sydney": "Australia/Sydney",
    "nz": "Pacific/Auckland", "new zealand": "Pacific/Auckland", "auckland": "Pacific/Auckland",
    "nzdt": "Pacific/Auckland", "nzst": "Pacific/Auckland", "nova zelandia": "Pacific/Auckland",
    "aest": "Australia/Sydney", "aedt": "Australia/Sydney", "brasilia": "America/Sao_Paulo",
    "brt": "America/Sao_Paulo", "gmt-3": "America/Sao_Paulo", "utc-3": "America/Sao_Paulo",
    "gmt -3": "America/Sao_Paulo", "utc -3": "America/Sao_Paulo",
    "chicago": "America/Chicago", "central": "America/Chicago", "cst": "America/Chicago",
    "mexico": "America/Mexico_City", "cdmx": "America/Mexico_City",
    "ciudad de mexico": "America/Mexico_City", "cidade do mexico": "America/Mexico_City",
    "bogota": "America/Bogota", "santiago": "America/Santiago",
    "buenos aires": "America/Argentina/Buenos_Aires",
    "moscou": "Europe/Moscow", "moscow": "Europe/Moscow", "msk": "Europe/Moscow",
    "roma": "Europe/Rome", "rome": "Europe/Rome", "milao": "Europe/Rome", "milan": "Europe/Rome",
    "amsterda": "Europe/Amsterdam", "amsterdam": "Europe/Amsterdam", "zurique": "Europe/Zurich",
    "zurich": "Europe/Zurich", "frankfurt": "Europe/Berlin", "dublin": "Europe/Dublin",
    "estocolmo": "Europe/Stockholm", "stockholm": "Europe/Stockholm",
    "varsovia": "Europe/Warsaw", "warsaw": "Europe/Warsaw", "istambul": "Europe/Istanbul",
    "istanbul": "Europe/Istanbul", "tel aviv": "Asia/Jerusalem", "israel": "Asia/Jerusalem",
    "cairo": "Africa/Cairo", "joanesburgo": "Africa/Johannesburg",
    "johannesburg": "Africa/Johannesburg", "nairobi": "Africa/Nairobi", "riad": "Asia/Riyadh",
    "riyadh": "Asia/Riyadh", "doha": "Asia/Qatar", "abu dhabi": "Asia/Dubai",
    "bangkok": "Asia/Bangkok", "jacarta": "Asia/Jakarta", "jakarta": "Asia/Jakarta",
    "manila": "Asia/Manila", "kuala lumpur": "Asia/Kuala_Lumpur", "taipei": "Asia/Taipei",
    "osaka": "Asia/Tokyo", "melbourne": "Australia/Melbourne", "perth": "Australia/Perth",
    "miami": "America/New_York", "boston": "America/New_York", "atlanta": "America/New_York",
    "san francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "vancouver": "America/Vancouver", "austin": "America/Chicago", "dallas": "America/Chicago",
    "houston": "America/Chicago", "montevideu": "America/Montevideo",
    "montevideo": "America/Montevideo", "assuncao": "America/Asuncion",
    "caracas": "America/Caracas", "la paz": "America/La_Paz",
}  # fmt: skip
# "Tuesday 9:00 GMT-5", "UTC+8": a fixed offset (IANA's Etc zones count the sign the other way).
ZONES |= {
    f"{name}{space}{sign}{hours}": f"Etc/GMT{'+' if sign == '-' else '-'}{hours}"
    for name in ("gmt", "utc")
    for space in ("", " ")
    for sign in "+-"
    for hours in range(1, 13)
    if f"{name}{space}{sign}{hours}" not in ZONES
}
ZONE = re.compile(
    # "Friday EOD our time (IST)", "segunda 9h no nosso horário (Lisboa)"
    r"^\s*,?\s*(?:(?:our|my) (?:local )?time\s*|(?:no )?(?:nosso|meu) horario\s*)?"
    r"\(?\s*(?:(?:no )?horario (?:de |da |do )|hora (?:de |da |do )|de |da |do |in |em )?"
    rf"(?P<zone>{'|'.join(sorted(ZONES, key=len, reverse=True))})\b(?:\s*time)?\)?"
)


# "preciso do modelo pelo menos 4 horas antes", "2 dias antes da reunião", "3 dias úteis antes do
# go-live", "uma semana antes do Natal": ready that long before the day named.
LEAD = re.compile(
    r"\b(?:pelo menos |no minimo |umas? |uns |at least )?(?P<n>\d{1,2}|uma|one|a)\s*"
    r"(?P<unit>h|hs|horas?|hours?|dias?|days?|semanas?|weeks?)(?P<business> uteis| business)?\s+"
    r"(?:de (?:folga|margem|antecedencia) )?"
    # "preciso de 3 dias pra testar antes de entregar": what the days are for, said between
    r"(?:(?:pra|para|to|for) [a-z]+(?: [a-z]+)? )?"
    # "quero o modelo pronto com 24h de folga": the slack is a lead time too
    r"(?:antes|before|de antecedencia|in advance|ahead|de folga|de margem)\b"
)

_BEFORE_THAT = re.compile(r"\b(?:antes (?:diss|dess|del)[oae]|before (?:that|it|then))\b")


def lead_time(text: str, start: int, end: int, moment: datetime) -> datetime:
    """`moment` less the time before it that the model is needed, said in the same sentence as
    the day at `start`..`end`; `moment` itself when no lead time is said."""
    sentence, *rest = re.split(r"[.;!?](?!\d)", text[end:], maxsplit=2)
    # "... 15:00 - 16:00. Preciso do modelo pronto 24h antes disso.": the next one points back
    pointed = rest[0] if rest and _BEFORE_THAT.search(rest[0]) else ""
    found = LEAD.search(sentence) or LEAD.search(pointed)
    found = found or LEAD.search(text[max(0, start - 60) : start])
    if found is None:
        return moment
    count = int(found["n"]) if found["n"].isdigit() else 1
    if found["business"]:  # counted back from the day before, over working days only
        day = moment.date()
        while count > 0:
            day -= timedelta(days=1)
            count -= working_day(day)
        return datetime.combine(day, END_OF_DAY, CLIENT_ZONE)
    unit = found["unit"][0]
    hours = count * (168 if unit in "sw" else 24 if unit == "d" else 1)
    return moment - timedelta(hours=hours)


def after_working_hours(start: datetime, hours: float) -> datetime:
    """The moment `hours` working hours (9h-18h, working days) after `start`."""
    moment, left = start, timedelta(hours=hours)
    while True:
        opening = datetime.combine(moment.date(), OPENING, moment.tzinfo)
        closing = datetime.combine(moment.date(), END_OF_DAY, moment.tzinfo)
        moment = max(moment, opening)
        if working_day(moment.date()) and moment < closing:
            if moment + left <= closing:
                return moment + left
            left -= closing - moment
        moment = datetime.combine(moment.date() + timedelta(days=1), OPENING, moment.tzinfo)


def _after_weekday_hours(start: datetime, hours: int) -> datetime:
    """The moment `hours` hours after `start`, Saturdays and Sundays not counted."""
    moment, left = start, timedelta(hours=hours)
    while True:
        midnight = datetime.combine(moment.date() + timedelta(days=1), time(0), moment.tzinfo)
        if moment.weekday() < 5:
            if moment + left <= midnight:
                return moment + left
            left -= midnight - moment
        moment = midnight


def after_months(start: datetime, months: int) -> datetime:
    """The same day and hour `months` calendar months after `start` ("um mês a partir de hoje")."""
    year, month = divmod(start.month - 1 + months, 12)
    year, month = start.year + year, month + 1
    return start.replace(year=year, month=month, day=min(start.day, monthrange(year, month)[1]))


_WEEKEND = r"(?:sabados?|(?:fim|fins|finais|final) de semana|fds|weekends?|saturdays?)"
# "1,5 mes": a month and a half ("um mês e meio", as the text reader writes it)
_MONTHS_SAID = r"\d{1,2}(?:,5)?|uma?|one|dois|duas|two|tres|three"
# "prazo de 2 meses", "one month from today", "24 horas úteis": calendar months and working hours
# from now (a month is no fixed number of hours, and working hours skip nights and weekends).
_FROM_NOW = re.compile(
    r"\b(?:(?:em|dentro de|daqui a|prazo(?: e| eh)? de|within|in)\s+"
    rf"(?P<months>{_MONTHS_SAID})\s+(?:mes|meses|months?)\b"
    r"(?!\s+(?:de|of) (?:historico|dados|data|log|history))|"
    # "temos 2 meses pra entregar", not "temos 18 meses guardados"
    rf"\b(?:temos|we have) (?P<months_to>{_MONTHS_SAID}) "
    r"(?:mes|meses|months?) (?:pra|para|to|ate|until)\b|"
    r"(?P<months_from>\d{1,2}|uma?|one|dois|duas|two) (?:mes|meses|months?) "
    r"(?:a partir de (?:hoje|agora)|from (?:today|now)))|"
    r"\b(?P<hours>\d{1,3})\s*(?:h|hs|horas?) uteis\b|"
    # "em 48 horas, mas sem contar sábado e domingo": hours of weekdays only
    # "72 horas, só que fim de semana não conta"
    r"\b(?P<weekday_hours>\d{1,3})\s*(?:h|hs|horas?|hours?)\b(?=[^.!?]{0,50}\b(?:"
    r"(?:sem contar|nao conta\w*|excluindo|except|not counting|excluding)\b"
    rf"[^.!?]{{0,20}}\b{_WEEKEND}|"
    rf"{_WEEKEND}\b[^.!?]{{0,15}}\b(?:nao conta\w*|(?:don'?t|doesn'?t) count|excluded))\b)|"
    r"\b(?P<hours_en>\d{1,3}) (?:business|working) hours\b|"
    # "consegue rodar em 90 minutos?", "within 45 minutes from now"
    r"\b(?:em|dentro de|daqui a|within|in)\s+(?P<minutes>\d{1,3})\s*(?:minutos|minutes|mins?)\b"
    r"(?!\s+(?:de|of) )"
)
_SMALL = {"um": 1, "uma": 1, "one": 1, "dois": 2, "duas": 2, "two": 2, "tres": 3, "three": 3}


def from_now(text: str, now: datetime) -> Deadline | None:
    said = _FROM_NOW.search(text)
    if said is None or negated(text, said.start()):
        return None
    now = now.astimezone(CLIENT_ZONE)
    if months := said["months"] or said["months_from"] or said["months_to"]:
        whole, half = months.removesuffix(",5"), months.endswith(",5")
        moment = after_months(now, _SMALL.get(whole) or int(whole))
        moment += timedelta(days=15 if half else 0)  # "um mês e meio": a month and 15 days
    elif said["minutes"]:
        moment = now + timedelta(minutes=int(said["minutes"]))
    elif said["weekday_hours"]:
        moment = _after_weekday_hours(now, int(said["weekday_hours"]))
    else:
        moment = after_working_hours(now, int(said["hours"] or said["hours_en"]))
    hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
    return Deadline(moment, hours, said.start(), said.end(), understood(moment, hours, False))
