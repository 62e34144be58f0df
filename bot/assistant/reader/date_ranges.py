"""A stretch of history given by its first and last dates, said as its length for the rate reader:
"tudo digitado de 1º de setembro até 30 de novembro" is durante 91 dias; "guardadas de março de
2025 até novembro de 2026" durante 21 meses; "everything from October 1 to November 30" durante
61 dias; "o período de 15/10 a 15/11" durante 32 dias. Both ends count. Only a range the client
has (kept, typed, stored, set apart to use) is history: a window ahead ("entre 14 e 16 de
dezembro") stays a date. Works on folded text."""

import re
from datetime import date

from bot.assistant.reader.calendar_days import MONTH_NUMBERS


# ("set." abbreviated keeps its dot; "novembro." ends the sentence)
def _said_month(name: str) -> str:
    return rf"(?P<{name}>{'|'.join(MONTH_NUMBERS)})[a-z]*(?:(?<=\b[a-z]{{3}})\.)?"


def _said_year(name: str) -> str:
    return rf"(?:(?: de|,)? (?P<{name}>20\d\d))?"


_BY_DAY = re.compile(
    rf"\b(?:de|from|desde) (?:(?P<d1>\d{{1,2}})o? de {_said_month('m1')}{_said_year('y1')}|"
    rf"{_said_month('m1e')} (?P<d1e>\d{{1,2}})(?:st|nd|rd|th)?{_said_year('y1e')}) "
    rf"(?:a|ate|to|through|until) (?:(?P<d2>\d{{1,2}}) de {_said_month('m2')}{_said_year('y2')}|"
    rf"{_said_month('m2e')} (?P<d2e>\d{{1,2}})(?:st|nd|rd|th)?{_said_year('y2e')})"
)
# "o período de 15/10 a 15/11": days and months in digits
_BY_NUMBER = re.compile(
    r"\b(?:de|from|desde|entre) (?P<d1>[0-3]?\d)/(?P<m1>[01]?\d)(?:/(?P<y1>20\d\d))? "
    r"(?:a|ate|to|e) (?P<d2>[0-3]?\d)/(?P<m2>[01]?\d)(?:/(?P<y2>20\d\d))?(?![/\d])"
)
_BY_MONTH = re.compile(
    rf"\b(?:de|from|desde) {_said_month('m1')} (?:de )?(?P<y1>20\d\d) (?:a|ate|to|through|until) "
    rf"{_said_month('m2')} (?:de )?(?P<y2>20\d\d)\b"
)
# What makes a range history: records the client already has.
_HAD = re.compile(
    r"\b(?:temos|tenho|tem tudo|guardad\w*|digitad\w*|arquivad\w*|registrad\w*|historico|"
    r"everything|all of|we have|stored|kept|archived|typed|"
    # "vamos usar os de 1º de setembro até 30 de novembro", "separamos o período de 15/10 a 15/11"
    r"usar|usaremos|usamos|separ\w*|selecion\w*|pegamos|peguei|used|using|selected)\b"
)
# A non-leap year: how many days each stretch of months holds when no year is said.
_ANY_YEAR = 2025


def _month(found: re.Match[str], *names: str) -> int:
    said = next(found[name] for name in names if found[name])
    return MONTH_NUMBERS[said[:3]]


def _days(found: re.Match[str]) -> str | None:
    digits = found.re is _BY_NUMBER
    first_month = int(found["m1"]) if digits else _month(found, "m1", "m1e")
    last_month = int(found["m2"]) if digits else _month(found, "m2", "m2e")
    groups = found.groupdict()
    first_day, last_day = int(found["d1"] or groups["d1e"]), int(found["d2"] or groups["d2e"])
    last_year = int(found["y2"] or groups.get("y2e") or _ANY_YEAR)
    first_year = int(found["y1"] or groups.get("y1e") or last_year - (first_month > last_month))
    try:
        span = date(last_year, last_month, last_day) - date(first_year, first_month, first_day)
    except ValueError:
        return None
    return f"durante {span.days + 1} dias" if 0 < span.days < 3 * 366 else None


def _months(found: re.Match[str]) -> str | None:
    first = int(found["y1"]) * 12 + _month(found, "m1")
    last = int(found["y2"]) * 12 + _month(found, "m2")
    return f"durante {last - first + 1} meses" if 0 < last - first < 120 else None


def as_history(folded: str) -> str:
    """`folded` with a range of dates the client holds records for said as its length."""
    for pattern, length in ((_BY_DAY, _days), (_BY_NUMBER, _days), (_BY_MONTH, _months)):
        for found in pattern.finditer(folded):
            if not _HAD.search(folded, max(0, found.start() - 60), found.start()):
                continue
            said = length(found)
            if said:
                return folded[: found.start()] + said + folded[found.end() :]
    return folded
