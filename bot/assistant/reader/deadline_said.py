"""How the reply says the deadline it understood: the day, the hour and how far away it is, in
the language of the reply being read for ("Prazo: entendi sexta-feira, 04/12 às 18h, daqui a
32 h.")."""

from datetime import datetime

from babel.dates import format_datetime

from locales import _, current, locale
from quoting.units import format_clock, format_number


def moment_said(moment: datetime) -> str:
    """A day and an hour as the reply says them: "sexta-feira, 04/12 às 18h"."""
    return _("{day} às {time}").format(day=_weekday(moment), time=format_clock(moment.time()))


def understood(moment: datetime, hours: float, passed: bool) -> str:
    """The deadline as the reply says it; `passed`: today's was over, the next one was taken."""
    when = moment_said(moment)
    if passed:
        return _(
            "Prazo: entendi {when} (hoje já passou do horário; considerei a próxima, {day}), "
            "daqui a {hours}."
        ).format(when=when, day=_weekday(moment), hours=_hours(hours))
    return _("Prazo: entendi {when}, daqui a {hours}.").format(when=when, hours=_hours(hours))


# A day as each language writes it: "sexta-feira, 04/12", "Friday, Dec 4" (day and month never
# swap); other languages read it as English does.
_DAY_FORMATS = {"pt": "EEEE, dd/MM", "en": "EEEE, MMM d"}


def _weekday(moment: datetime) -> str:
    return format_datetime(moment, _DAY_FORMATS.get(current(), "EEEE, MMM d"), locale=locale())


def _hours(hours: float) -> str:
    if hours < 48:
        return f"{format_number(hours, 0)} h"
    days = round(hours / 24, 1)
    return _("{days} dias").format(days=format_number(days, 0 if days.is_integer() else 1))
