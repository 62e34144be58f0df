"""Days, months and hours as clients abbreviate them, spelled out for the deadline reader: "até
qua 14h", "sex, dia 11", "2ª feira", "até 15/dez", "3 de dez. de 2026" (an e-mail header),
"o prazo é 18.12" (as Portugal writes it), Spanish "a las 10 de la mañana", Jira's "11/Dec/26",
a calendar invite's DTSTART. Works on folded text
(lowercase, no accents), before "dez" can be read as ten."""

import re

_MONTHS_SAID = {"jan": "janeiro", "fev": "fevereiro", "mar": "marco", "abr": "abril", "mai": "maio",
                "jun": "junho", "jul": "julho", "ago": "agosto", "set": "setembro",
                "out": "outubro", "nov": "novembro", "dez": "dezembro"}  # fmt: skip
_MONTH_NAMES = rf"({'|'.join(_MONTHS_SAID)})"
_SHORT_MONTH = re.compile(rf"\b(\d{{1,2}})\s*[/-]\s*{_MONTH_NAMES}\w*\b")
# "até qua 14h", "sex, dia 11", "qui 17/12": a weekday's short name before its hour or date ("ter"
# alone is the verb).
_WEEKDAYS_SAID = {"seg": "segunda", "ter": "terca", "qua": "quarta", "qui": "quinta",
                  "sex": "sexta", "sab": "sabado", "dom": "domingo"}  # fmt: skip
_WEEKDAY_SHORT = re.compile(
    # "p/ qua às 14h", "seg cedo", "sex à tarde"
    r"\b(seg|ter|qua|qui|sex|sab|dom)\.?(?=,?\s*(?:(?:as|a partir das) )?(?:\d{1,2}\s*h\b|"
    r"\d{1,2}:\d\d|dia \d|\d{1,2}/\d)|\s+(?:cedo|cedinho|de manha|a tarde|de tarde|a noite|"
    r"de noite|eod|no fim do dia|ao meio-dia)\b)|"
    r"(?:(?<=\bate )|(?<=\bpara )|(?<=\bpra )|(?<=\bna )|(?<=\bno ))(seg|qua|qui|sex|sab|dom)\.?"
    r"(?=\s*(?:[?!.,;]|$))"
)
_NUMBERED_DAY = re.compile(
    r"\b((?:ate|para|pra|na|pela|proxima|nesta|nessa|essa|esta|toda) (?:a )?)([2-6])a"
    r"(?=\s*(?:[?!.,;]|$|que vem|da (?:semana|proxima)|de manha|cedo|a tarde|de tarde|a noite|"
    r"(?:as )?\d{1,2}\s*h\b))"
)
# "o prazo é 18.12", "até 18.12": a day and month with a dot, as Portugal writes them.
_DOTTED_DATE = re.compile(
    r"\b(ate|prazo(?: e)?:?|dia|para|pra|entrega(?: e)?:?|deadline:?|due:?|no dia)\s+"
    r"(3[01]|[12]\d|0?[1-9])\.(1[0-2]|0?[1-9])\b(?![.,]?\d)"
    # "até 08.01. às 10h": the German way, a dot after the month too
    r"(?:\.(?= (?:as|at) \d))?"
)
# "3 de dez. de 2026" (an e-mail header), "até 15 de dez": the month, never ten
_SHORT_MONTH_OF = re.compile(
    rf"\b(\d{{1,2}}) de {_MONTH_NAMES}\b\.?(?! mil| milh| bilh| k\b| de (?:dados|treino|teste))"
)
_SHORT_MONTH_SPACED = re.compile(
    rf"\b(ate|dia|prazo:?|entrega|em|no|para|pra|antes de|due|by) (\d{{1,2}}) {_MONTH_NAMES}\b"
    r"(?! mil| milh| bilh| k\b)"
)


# "a janela de entrega é entre 10 e 12/12": due by the window's last day; not "de 28 a 31/12 a
# fábrica para": days the client's company stops (client_calendar.py).
_DATE_WINDOW = re.compile(
    r"\b(?:entre|de) (?:o dia )?\d{1,2} (?:e|a) (?:o dia )?(\d{1,2}/\d{1,2})\b"
    r"(?![^.;!?]{0,80}\b(?:ferias|recesso|fecha\w*|para\b|paramos|parad\w*|nao conta\w*|folga))"
)


# "Due date: 11/Dec/26", as Jira prints it: day, English month, two-digit year.
_EN_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8,
              "sep": 9, "oct": 10, "nov": 11, "dec": 12}  # fmt: skip
_JIRA_DATE = re.compile(rf"\b(\d{{1,2}})/({'|'.join(_EN_MONTHS)})/(\d{{2}}|20\d\d)\b")
# An e-mail's or an HTTP header's date (RFC 2822): "Mon, 14 Dec 2026 12:00:00 +0000", said in ISO.
_RFC_2822 = re.compile(
    rf"\b(?:(?:mon|tue|wed|thu|fri|sat|sun),? )?(\d{{1,2}}) ({'|'.join(_EN_MONTHS)}) (20\d\d) "
    r"([0-2]\d):([0-5]\d)(?::\d\d)? ?([+-][01]\d[0-5]\d|gmt|utc|z)\b"
)
# A calendar invite: DTSTART is when the meeting is; DTEND, DTSTAMP and the rest are not.
_DTSTART = re.compile(
    r"\bdtstart(?:;tzid=[^:\n]+)?:(\d{4})(\d{2})(\d{2})t(\d{2})(\d{2})\d{0,2}(z?)"
)
_OTHER_STAMPS = re.compile(r"\b(?:dtend|dtstamp|created|last-modified)[^:\n]*:\d{8}t\d{4,6}z?")


def dates_spelled(folded: str) -> str:
    """`folded` with each abbreviated day, month and hour written out."""
    folded = _JIRA_DATE.sub(
        lambda m: f"{m[1]}/{_EN_MONTHS[m[2]]}/{m[3] if len(m[3]) == 4 else '20' + m[3]}", folded
    )
    folded = _OTHER_STAMPS.sub(" ", folded)
    folded = _RFC_2822.sub(
        lambda m: f"{m[3]}-{_EN_MONTHS[m[2]]:02d}-{int(m[1]):02d}t{m[4]}:{m[5]}{m[6]}", folded
    )
    folded = _DTSTART.sub(r"prazo \1-\2-\3t\4:\5\6 ", folded)
    folded = _DATE_WINDOW.sub(r"ate \1", folded)
    # "até 2ª feira", "4a-feira às 10h": weekdays by their number
    folded = re.sub(
        r"\b([2-6])\.?\s?(?:a|o)?[ -]?feira\b",
        lambda m: ["segunda", "terca", "quarta", "quinta", "sexta"][int(m[1]) - 2] + "-feira",
        folded,
    )
    # "até 6ª.", "pra 3ª que vem de manhã": the number alone, where a day is awaited
    folded = _NUMBERED_DAY.sub(
        lambda m: m[1] + ["segunda", "terca", "quarta", "quinta", "sexta"][int(m[2]) - 2], folded
    )
    folded = _WEEKDAY_SHORT.sub(lambda m: _WEEKDAYS_SAID[m[1] or m[2]], folded)
    # "prazo de 5 dias úteis ... somos Fazenda, prazo em dobro": the public attorneys' double term
    if re.search(r"\bprazo\b[^.]{0,60}\bem dobro\b|\bconta\w* em dobro\b", folded):
        folded = re.sub(
            r"\b(\d{1,3}) dias uteis\b", lambda m: f"{2 * int(m[1])} dias uteis", folded
        )
    # "na antevéspera do Natal", "na véspera da véspera de Natal": the 23rd
    folded = re.sub(
        r"\b(?:n?a )?(?:antevespera|vespera da vespera) d[oe] (?:natal|christmas)\b",
        "dia 23/12",
        folded,
    )
    # "dia 11 p.f." (próximo futuro): that day of next month, as offices write it
    folded = re.sub(r"\bdia (\d{1,2}) p\. ?f\.?(?!\w)", r"dia \1 do mes que vem", folded)
    folded = _DOTTED_DATE.sub(r"\1 \2/\3", folded)
    # Spanish "a las 10 de la mañana": the hour as Portuguese says it
    folded = re.sub(
        r"\ba las (\d{1,2})(?::(\d\d))? de la (manana|tarde|noche)\b",
        lambda m: (
            f"as {int(m[1]) + (12 if m[3] != 'manana' and int(m[1]) < 12 else 0)}h{m[2] or ''}"
        ),
        folded,
    )
    folded = _SHORT_MONTH.sub(lambda m: f"{m[1]} de {_MONTHS_SAID[m[2]]}", folded)
    folded = _SHORT_MONTH_OF.sub(lambda m: f"{m[1]} de {_MONTHS_SAID[m[2]]}", folded)
    folded = _SHORT_MONTH_SPACED.sub(lambda m: f"{m[1]} {m[2]} de {_MONTHS_SAID[m[3]]}", folded)
    return folded


# "em 2 plantões de 12 horas", "em dois turnos (nossos turnos são de 8h)", "em dois sprints, e
# nossos sprints são de duas semanas": a span of the client's own units, said in hours or days.
_OWN_UNITS = r"plantoes|turnos|sprints|ciclos|expedientes|janelas"
_IN_OWN_UNITS = re.compile(
    rf"\b(?:em|in|within) (?P<n>\d{{1,2}}) (?P<unit>{_OWN_UNITS})\b"
    r"(?: (?:de|of) (?P<size>\d{1,3}) ?(?P<per>h|horas|hours|dias|days|semanas|weeks)\b)?"
)


def own_units(folded: str) -> str:
    """`folded` with a deadline in the client's own work units said in hours, days or weeks."""
    said = _IN_OWN_UNITS.search(folded)
    if said is None:
        return folded
    size, per = said["size"], said["per"]
    if size is None:  # "(nossos turnos são de 8h)": the unit's length said apart
        unit = said["unit"][:-1] if said["unit"].endswith("s") else said["unit"]
        apart = re.search(
            rf"\b{unit}\w* (?:sao|tem|duram|e|de) (?:de )?(?P<size>\d{{1,3}}) ?"
            r"(?P<per>h|horas|hours|dias|days|semanas|weeks)\b",
            folded,
        )
        if apart is None:
            return folded
        size, per = apart["size"], apart["per"]
    unit = {"h": "horas", "hours": "horas", "days": "dias", "weeks": "semanas"}.get(per, per)
    return folded[: said.start()] + f"em {int(said['n']) * int(size)} {unit}" + folded[said.end() :]
