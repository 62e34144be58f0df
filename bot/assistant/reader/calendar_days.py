"""Brazilian calendar arithmetic for deadlines: working days skip weekends and national holidays
(the `holidays` package) and those the client names, Carnival from its optional calendar, Black
Friday, the last day of a month, a day of this month or the next; the hours the parts of a day
mean, and the weekdays."""

from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

import holidays

CLIENT_ZONE = ZoneInfo("America/Sao_Paulo")
# The end of a working day: a day named without an hour is due then.
END_OF_DAY = time(18, 0)
MONTH_NUMBERS = {"jan": 1, "fev": 2, "feb": 2, "mar": 3, "abr": 4, "apr": 4, "mai": 5, "may": 5,
                  "jun": 6, "jul": 7, "ago": 8, "aug": 8, "set": 9, "sep": 9, "out": 10, "oct": 10,
                  "nov": 11, "dez": 12, "dec": 12}  # fmt: skip
# Whole names or their abbreviations: "agora 36" is no "ago 36", "mais 15" no "mai 15".
MONTH_NAMES = (
    r"jan(?:eiro|uary)?|fev(?:ereiro)?|feb(?:r?ero|ruary)?|mar(?:co|ch|zo)?|abr(?:il)?|"
    r"apr(?:il)?|mai(?:o)?|may(?:o)?|jun(?:ho|e|io)?|jul(?:ho|y|io)?|ago(?:sto)?|aug(?:ust)?|"
    r"set(?:embro)?|sep(?:t(?:ember)?|tiembre)?|out(?:ubro)?|oct(?:ober|ubre)?|"
    r"nov(?:embro|ember|iembre)?|dez(?:embro)?|dec(?:ember)?|dic(?:iembre)?|ene(?:ro)?"
)
# "18 Dec", "13 December": an English day and month (Portuguese ones take "de": "18 de dez")
EN_MONTH_NAMES = (
    r"jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june|july|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)


def end_of(day: date) -> datetime:
    """The end of `day`'s working day (18h in São Paulo): when a day named alone is due."""
    return datetime.combine(day, END_OF_DAY, CLIENT_ZONE)


def day_of_month(today: date, target_day: int) -> date | None:
    """Day `target_day` of this month, or of the next when it has passed ("até o dia 2")."""
    month = today if target_day >= today.day else (today.replace(day=28) + timedelta(days=4))
    try:
        return month.replace(day=target_day)
    except ValueError:
        return None


def on_day(year: int, month: int, day: int) -> date | None:
    """That date, or None where the calendar has none ("31/11", month 13)."""
    try:
        return date(year, month, day)
    except ValueError:
        return None


def next_month(day: date) -> date:
    """The first day of the month after `day`'s."""
    return (day.replace(day=28) + timedelta(days=4)).replace(day=1)


def carnival(today: date) -> date:
    """The Monday of the next Carnival (an optional holiday in the `holidays` package)."""
    optional = holidays.country_holidays(
        "BR", years=[today.year, today.year + 1], categories=("public", "optional")
    )
    return min(d for d, name in optional.items() if name == "Carnival" and d >= today)


@cache
def national_holidays(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("BR", years=[year, year + 1])


@dataclass(frozen=True)
class WorkingWeek:
    """What a client says of their own working days: days off of theirs that do not count, and
    the weekdays they work (0 is Monday)."""

    days_off: frozenset[date] = frozenset()
    weekdays: frozenset[int] = frozenset(range(5))


# The client's working week while one message is read (`client_calendar.client_week` sets it):
# every count of working days in that message uses it.
NO_STATED_WEEK = WorkingWeek()
STATED_WEEK: ContextVar[WorkingWeek] = ContextVar("stated_week", default=NO_STATED_WEEK)


def working_day(day: date) -> bool:
    """A day of the working week (Monday to Friday, or the client's own), neither a national
    holiday nor a day off the client names."""
    week = STATED_WEEK.get()
    worked = day.weekday() in week.weekdays
    return worked and day not in national_holidays(day.year) and day not in week.days_off


def business_day(start: date, count: int) -> date:
    """The `count`th working day after `start`: no weekends, no national holidays."""
    day = start
    while count > 0:
        day += timedelta(days=1)
        count -= working_day(day)
    return day


def black_friday(today: date) -> date:
    """The next Black Friday: the Friday after the fourth Thursday of November."""
    for year in (today.year, today.year + 1):
        first = date(year, 11, 1)
        friday = first + timedelta(days=(3 - first.weekday()) % 7 + 22)
        if friday >= today:
            return friday
    raise AssertionError("a Black Friday comes every year")


# The hour each part of the day means, and the weekdays by name.
PARTS_OF_DAY = {
    "cedo": time(8, 0), "cedinho": time(8, 0), "primeira hora": time(8, 0),
    "meio-dia e meia": time(12, 30), "meio dia e meia": time(12, 30), "almoco": time(12, 0),
    "hora do almoco": time(12, 0), "lunch": time(12, 0),
    "depois do almoco": time(14, 0), "apos o almoco": time(14, 0), "after lunch": time(14, 0),
    "de madrugada": time(6, 0), "madrugada": time(6, 0), "ao raiar do dia": time(6, 0),
    "raiar do dia": time(6, 0), "ao amanhecer": time(6, 0), "nascer do sol": time(6, 0),
    "dawn": time(6, 0), "por do sol": END_OF_DAY, "anoitecer": END_OF_DAY, "sunset": END_OF_DAY,
    "meia-noite": time(23, 59), "meia noite": time(23, 59), "midnight": time(23, 59),
    "de manha": time(9, 0), "manha": time(9, 0), "final da manha": time(12, 0),
    "fim da manha": time(12, 0),
    "morning": time(9, 0), "meio-dia": time(12, 0), "meio dia": time(12, 0), "noon": time(12, 0),
    "a tarde": time(14, 0), "de tarde": time(14, 0), "afternoon": time(14, 0),
    "a noite": time(20, 0), "de noite": time(20, 0), "night": time(20, 0), "evening": time(20, 0),
    "fim do dia": END_OF_DAY, "final do dia": END_OF_DAY, "fim do expediente": END_OF_DAY,
    "final do expediente": END_OF_DAY, "end of day": END_OF_DAY, "eod": END_OF_DAY,
}  # fmt: skip
WEEKDAYS = {
    "segunda": 0, "terca": 1, "quarta": 2, "quinta": 3, "sexta": 4, "sabado": 5, "domingo": 6,
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6, "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thurs": 3, "fri": 4,
    "lunes": 0, "martes": 1, "miercoles": 2, "jueves": 3, "viernes": 4,
}  # fmt: skip
