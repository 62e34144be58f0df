"""Counts said as a rate over a period: "500 chamados por dia" over "os últimos 60 dias", "5 mil
por ano, de 2018 a 2025", "600 ligações por dia útil ... 4 meses" (21 working days a month, or the
client's own count). A month is 30 days, as clients count a history, and a year holds 12 of them.
"""

import re
from dataclasses import replace
from datetime import date

from bot.assistant.reader.calendar_days import WEEKDAYS
from bot.assistant.reader.client_calendar import days_a_week, stated_week
from bot.assistant.reader.quantity_arithmetic import TIMES, Mention, said_amount, said_count
from bot.assistant.reader.spans import number
from locales import N_, _

RATE = re.compile(
    # ("2k tickets a week" arrives as "2k tickets 1 week": the reader writes "a"/"an" as 1)
    # "2.500 e-mails de clientes por mês": whose records they are, said before the rate
    r"^\s*(?:(?:de|do|da|dos|das|of|from) [a-z-]+(?: [a-z-]+)?\s+)?"
    # "2 boletins técnicos por semana": one word describing the records
    r"(?:(?!(?:por|per|a|an|cada|e|and|ao|de|do|da|no|na|em)\b)[a-z-]{3,}\s+)?"
    r"(?:por|/|a cada|ao|per|every|a|an|1)\s*(dia util|business day|dia de trabalho|working day|"
    r"dia|semana|mes|ano|day|week|month|year|bimestre|trimestre|quarter|semestre|hora|hour|minuto|"
    r"minute|"
    r"segundo|second)\b"
)
# The hours of a day a rate by the minute or second runs: "24h por dia", "during business hours
# (9am to 6pm)", "das 8h às 20h"; a whole day where nothing is said.
_HOURS_A_DAY = re.compile(
    r"\b(?P<all>24 ?h(?:oras)? (?:por|a|per) dia|24/7|24 hours a day|around the clock|"
    r"o dia (?:todo|inteiro)|dia e noite|day and night)\b|"
    r"\b(?P<hours>1?\d) ?(?:h|horas|hours) (?:por|a|per|ao|each) (?:dia|day)\b|"
    r"(?:\b(?:das|from)|\() ?(?P<open>\d{1,2}) ?(?:h|am)? (?:as|a|to|ate|-) (?P<close>\d{1,2}) ?"
    r"(?P<pm>h|pm)?\b|"
    r"\b(?P<office>horario comercial|business hours|office hours|expediente)\b"
)
_WORKING = ("dia util", "business day", "dia de trabalho", "working day")
# "todo dia entram 200 laudos", "every week we get 2k tickets": the rate said before the count.
_RATE_BEFORE = re.compile(
    r"\b(?:tod[oa]s? (?:o |a |os |as )?(?P<every>dia|semana|mes)e?s?|"
    r"cada (?P<each>dia util|dia|semana|mes)|"
    r"every (?P<every_en>day|week|month)|"
    r"(?P<adverb>diariamente|daily|semanalmente|weekly|mensalmente|monthly))\b[^.;!?\d]{0,25}$"
)
_ADVERBS = {"diariamente": "dia", "daily": "dia", "semanalmente": "semana", "weekly": "semana",
            "mensalmente": "mes", "monthly": "mes"}  # fmt: skip
_PERIOD = re.compile(
    r"(?:o |a |the )?(?:ultim[oa]|last|past) (?P<unit1>ano|mes|semana|year|month|week)\b|"
    # "queremos 6 meses", "vamos usar 90 dias": how much of the history the client takes
    r"(?:ultim[oa]s|last|past|durante|during|over|historico de|history of|ha|faz|queremos|"
    # "vamos usar as transcrições de 4 semanas"
    r"(?:transcric\w*|gravac\w*|dados|registros|logs|data|records|transcripts) (?:de|of)|"
    r"vamos usar|vamos pegar|usar|pegar|want|take|use|"
    # "o histórico do nosso Slack: 4 anos"
    r"historico[^.;!?\d]{0,30}?|history[^.;!?\d]{0,30}?)\s+(?P<n>\d+)\s*"
    r"(?P<unit>dias?|semanas?|mes(?:es)?|anos?|days?|weeks?|months?|years?)\b(?P<business> uteis)?|"
    # "e temos 6 meses.": the history a rate runs over, with no deadline word after it
    r"\b(?:temos|tenho|we have|we've got) (?P<n3>\d+)\s*"
    r"(?P<unit3>dias?|semanas?|mes(?:es)?|anos?|days?|weeks?|months?|years?)\b"
    r"(?!\s*(?:pra|para|ate|to|until|de prazo|for the|uteis|business))|"
    r"(?P<n2>\d+)\s*(?P<working>business |working )?"
    r"(?P<unit2>dias?|semanas?|mes(?:es)?|anos?|days?|weeks?|months?|years?)"
    r"(?P<business2> uteis| business)?\s*"
    r"(?:\s(?:de|of)\s+(?!prazo|antecedencia|folga|notice|deadline)|\s+inteir[oa]s?\b|"
    r"\sdisso\b|\sdesse\b|\sof (?:it|that)\b|"
    # "temos 18 meses guardados"
    r"(?:guardad|armazenad|arquivad|acumulad|gravad|transcrit|registrad|exportad|stored|archived|"
    r"kept|recorded|transcribed|logged|exported)\w*)"
)
# "de 2018 a 2025", "from 2019 to 2024": whole years, both ends in.
_YEARS = re.compile(r"\b(?:de|from|entre|between) (20\d\d) (?:a|ate|to|e|and|-) (20\d\d)\b")
# Each rate's period in days: a working day is 7/5 of a calendar day; a month is 30 days, as
# clients count a history ("5 meses x 30 dias"), and 12 of them make a year.
_MONTH = 30
# Working days in each period, as Brazilian payroll and finance count them: 21 a month, 252 a year.
_WORKING_DAYS = {
    "semana": 5, "week": 5, "mes": 21, "month": 21, "bimestre": 42, "trimestre": 63, "quarter": 63,
    "semestre": 126, "ano": 252, "year": 252, "dia": 1, "day": 1,
}  # fmt: skip
# "conta 22 dias úteis por mês", "(contando 22 dias úteis por mês)": the client's own count.
_WORKING_MONTH = re.compile(
    r"\b(?P<n>1\d|2\d) (?:dias uteis|business days|working days) (?:por|a|per) (?:mes|month)\b"
)
_DAYS = {
    "segundo": 1 / 86400, "second": 1 / 86400, "minuto": 1 / 1440, "minute": 1 / 1440,
    "hora": 1 / 24, "hour": 1 / 24, "dia": 1, "day": 1, "dia util": 1.4, "business day": 1.4,
    "semana": 7, "week": 7, "mes": _MONTH, "month": _MONTH, "bimestre": 2 * _MONTH,
    "trimestre": 3 * _MONTH,
    "quarter": 3 * _MONTH, "semestre": 6 * _MONTH, "ano": 365, "year": 365,
}  # fmt: skip
# How the reply names a rate's unit, singular and plural.
_RATE_WORDS = {
    1 / 86400: (N_("segundo"), N_("segundos")),
    1 / 1440: (N_("minuto"), N_("minutos")),
    1 / 24: (N_("hora"), N_("horas")),
    1: (N_("dia"), N_("dias")),
    1.4: (N_("dia útil"), N_("dias úteis")),
    7: (N_("semana"), N_("semanas")),
    _MONTH: (N_("mês"), N_("meses")),
    2 * _MONTH: (N_("bimestre"), N_("bimestres")),
    3 * _MONTH: (N_("trimestre"), N_("trimestres")),
    6 * _MONTH: (N_("semestre"), N_("semestres")),
    365: (N_("ano"), N_("anos")),
}


def history_said(text: str) -> bool:
    """Whether `text` gives a stretch of history a rate can run over."""
    return bool(_PERIOD.search(text) or _YEARS.search(text))


def _rate_before(before: str) -> str | None:
    found = _RATE_BEFORE.search(before)
    if found is None:
        return None
    return found["every"] or found["each"] or found["every_en"] or _ADVERBS[found["adverb"]]


def rate_words(days: float) -> tuple[str, str]:
    """How the reply names a period of `days` days, singular and plural, in its language."""
    one, many = _RATE_WORDS[days]
    return _(one), _(many)


_IN_MONTHS = {"mes": 1, "month": 1, "bimestre": 2, "trimestre": 3, "quarter": 3, "semestre": 6,
              "ano": 12, "year": 12}  # fmt: skip


def _unit_word(period: re.Match[str]) -> str:
    unit = period["unit"] or period["unit2"] or period["unit3"] or period["unit1"]
    return "mes" if unit.startswith("mes") else unit.rstrip("s")


def unit_days(unit: str) -> float:
    """The days in one of `unit` ("semanas", "meses", "month")."""
    word = "mes" if unit.startswith("mes") else unit.rstrip("s")
    return _DAYS[word]


# "uma ligação a cada 3 minutos", "one conversation every 90 seconds": one per few units.
EVERY_FEW = re.compile(
    r"\s*(?:a cada|every)\s+(?P<n>\d+(?:[.,]\d+)?)\s*"
    r"(?P<unit>segundos?|minutos?|horas?|dias?|semanas?|mes(?:es)?|anos?|seconds?|minutes?|"
    r"hours?|days?|weeks?|months?|years?|min|s|h)\b"
)
_SHORT_UNITS = {"s": "segundo", "min": "minuto", "h": "hora"}


def over_period(text: str, main: list[Mention]) -> tuple[list[Mention], str] | None:
    """ "500 chamados por dia" and "dos últimos 60 dias": 500 x 60; "5 mil por ano, de 2018 a
    2025": 5 mil x 8; "uma ligação a cada 3 minutos, 10 horas por dia ... 200 dias": 40 mil."""
    rate = RATE.match(text[main[0].end :])
    every = rate.group(1) if rate else _rate_before(text[: main[0].start])
    few = EVERY_FEW.match(text, main[0].end) if every is None else None
    if few is not None:
        unit = _SHORT_UNITS.get(few["unit"], few["unit"])
        every = "mes" if unit.startswith("mes") else unit.rstrip("s")
    period = _PERIOD.search(text)
    years = _YEARS.search(text)
    if every is None or (period is None and years is None):
        return None
    if rate and every == "dia" and (week := _per_week(text, main[0].end + rate.end(), main[0])):
        main = [week, *main[1:]]  # "60 por dia de segunda a sexta e 25 no sábado": a week's
        every = "semana"
    business = every in _WORKING
    every = "dia util" if business else every
    if period is not None:
        count = int(period["n"] or period["n2"] or period["n3"] or 1)
        unit = period["unit"] or period["unit2"] or period["unit3"] or period["unit1"]
        days = count * unit_days(unit)
        if period["business"] or period["business2"] or period["working"]:
            days *= _DAYS["dia util"]  # "os últimos 60 dias úteis": 60 working days
        elif business:  # "600 por dia útil ... 4 meses": 4 x 21 working days
            word = "mes" if unit.startswith("mes") else unit.rstrip("s")
            declared = _WORKING_MONTH.search(text)
            per_month = int(declared["n"]) if declared else _WORKING_DAYS["mes"]
            working = per_month if word in ("mes", "month") else _WORKING_DAYS[word]
            if word in ("semana", "week"):  # "de segunda a sábado": the client's own week
                working = len(stated_week(text, date.today()).weekdays)
            days = count * working * _DAYS["dia util"]
    else:
        assert years is not None
        if int(years[2]) < int(years[1]):
            return None  # "de 2018 a 2017": no stretch to multiply by
        days = 365 * (int(years[2]) - int(years[1]) + 1)
    rate_days = _DAYS[every]
    workdays_said = period is not None and bool(
        period["business"] or period["business2"] or period["working"]
    )
    if rate_days <= 1 / 24 and (hours := hours_a_day(text)) < 24:
        # "5 per second during business hours (9am to 6pm), 20 business days": 9 hours of each
        workdays = workdays_said
        days = days / (_DAYS["dia util"] if workdays else 1) * hours / 24
    if rate_days <= 1 / 24 and (open_days := days_a_week(text)) and period and not workdays_said:
        days *= open_days / 7  # "das 8h às 20h, de segunda a sexta": the days they are open
    # Months into weeks: whole periods, as a client counts them (6 months, 26 weeks); a year
    # holds 12 months.
    ratio = days / rate_days
    if period is not None and every in _IN_MONTHS and (unit := _unit_word(period)) in _IN_MONTHS:
        ratio = int(period["n"] or period["n2"] or period["n3"] or 1) * _IN_MONTHS[unit]
        ratio /= _IN_MONTHS[every]
    periods = round(ratio) if ratio >= 1 else ratio
    gap = (number(few["n"]) or 0.0) if few else 1.0
    if gap <= 0:
        return None  # "a cada 0 minutos": no rate to count by
    total = main[0].value * periods / gap
    one, many = rate_words(rate_days)
    if few:
        unit = _("{count} a cada {gap} {units}").format(
            count=said_amount(main[0].value), gap=said_amount(gap), units=many
        )
    else:
        unit = _("{count} por {unit}").format(count=said_count(main[0]), unit=one)
    said = f"{unit} {TIMES} {said_amount(periods)} {many} ≈ {said_amount(total)} {main[0].noun}"
    return [replace(main[0], value=total), *main[1:]], said


_DAY_NAMES = "segunda|terca|quarta|quinta|sexta|sabado|domingo"
# "uns 140 pedidos por dia de terça a sexta, 260 no sábado e 300 no domingo"
_WEEKDAYS_SAID = re.compile(
    rf"\s*,?\s*(?:de|da) (?P<first>{_DAY_NAMES})(?:-feira)? (?:a|ate) (?P<last>{_DAY_NAMES})\b"
)
_ALSO_ON = re.compile(rf"\b(?P<n>\d+) (?:[a-z]+ )?(?:no|na|nos|nas|aos) (?:{_DAY_NAMES})s?\b")


def _per_week(text: str, end: int, count: Mention) -> Mention | None:
    """A daily count said for some weekdays, and others' counts beside it, as a week's count."""
    days = _WEEKDAYS_SAID.match(text, end)
    if days is None:
        return None
    span = (WEEKDAYS[days["last"]] - WEEKDAYS[days["first"]]) % 7 + 1
    sentence = re.split(r"(?<!\d)[.;!?](?!\d)", text[days.end() :], maxsplit=1)[0]
    extra = sum(int(other["n"]) for other in _ALSO_ON.finditer(sentence))
    return replace(count, value=count.value * span + extra)


def hours_a_day(text: str) -> float:
    """The hours a day the client works or a line runs ("das 8h às 18h": 10; none said: 24)."""
    # "no horário comercial (8h às 18h)": the hours the client spells out come first
    found = list(_HOURS_A_DAY.finditer(text))
    said = next((s for s in found if not s["office"]), found[0] if found else None)
    if said is None or said["all"]:
        return 24.0
    if said["office"]:
        return 9.0
    if said["hours"]:
        return float(said["hours"]) or 24.0
    opening, closing = int(said["open"]), int(said["close"])
    closing += 12 if said["pm"] == "pm" and closing < 12 else 0
    return float(closing - opening) if closing > opening else 24.0
