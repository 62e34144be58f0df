"""The team's business hours (company.toml [hours]): whether someone is in, when the team opens
next, and when an amount of working time will have passed. A handoff's timers count only working
time: a request made on Friday night is late on Monday morning, not on Saturday."""

from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, field_validator, model_validator

from locales import N_, _, current
from quoting.datafiles import Sourced
from quoting.units import format_clock

# The company file names days by these (and they are shown translated, hence N_).
WEEKDAYS = (
    N_("segunda"),
    N_("terça"),
    N_("quarta"),
    N_("quinta"),
    N_("sexta"),
    N_("sábado"),
    N_("domingo"),
)
DAY_NAMES = (
    N_("segunda-feira"),
    N_("terça-feira"),
    N_("quarta-feira"),
    N_("quinta-feira"),
    N_("sexta-feira"),
    N_("sábado"),
    N_("domingo"),
)
# How far ahead an opening is looked for: past any run of holidays a real calendar has.
SEARCH_DAYS = 60


class Holiday(BaseModel):
    day: date
    name: str = Field(min_length=3)


class BusinessHours(Sourced):
    timezone: str
    zone_label: str = Field(min_length=3)
    days: list[str] = Field(min_length=1)
    opens: time
    closes: time
    holidays: list[Holiday]

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"fuso horário desconhecido: {value}") from error
        return value

    @field_validator("days")
    @classmethod
    def _weekdays(cls, value: list[str]) -> list[str]:
        unknown = [day for day in value if day not in WEEKDAYS]
        if unknown or len(set(value)) != len(value):
            raise ValueError(f"dias devem ser distintos, entre {', '.join(WEEKDAYS)}")
        return sorted(value, key=WEEKDAYS.index)

    @model_validator(mode="after")
    def _opens_before_closing(self) -> "BusinessHours":
        if self.opens >= self.closes:
            raise ValueError("o horário de abertura deve ser antes do de fechamento")
        return self

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def text(self) -> str:
        """E.g. "de segunda a sexta, das 9h às 18h (horário de Brasília)", in the reply's
        language."""
        numbers = [WEEKDAYS.index(day) for day in self.days]
        shown = [_(day) for day in self.days]
        hours = {"opens": format_clock(self.opens), "closes": format_clock(self.closes)}
        zone = _(self.zone_label)
        if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            return _("de {first} a {last}, das {opens} às {closes} ({zone})").format(
                first=shown[0], last=shown[-1], zone=zone, **hours
            )
        days = (
            _("{days} e {last}").format(days=", ".join(shown[:-1]), last=shown[-1])
            if len(shown) > 1
            else shown[0]
        )
        return _("{days}, das {opens} às {closes} ({zone})").format(days=days, zone=zone, **hours)

    def is_open(self, moment: datetime) -> bool:
        return any(start <= moment for start, _ in self._periods(moment, limit=1))

    def next_opening(self, moment: datetime) -> datetime:
        """When the team is in next: `moment` itself when it is in now."""
        start, _ = next(self._periods(moment))
        return max(start, moment)

    def after(self, start: datetime, worked: timedelta) -> datetime:
        """The moment `worked` of working time has passed since `start`."""
        left = worked
        for opening, closing in self._periods(start):
            opening = max(opening, start)
            if opening + left <= closing:
                return opening + left
            left -= closing - opening
        raise ValueError("sem expediente nos próximos dias")  # the validators make it unreachable

    def when(self, moment: datetime, now: datetime) -> str:
        """A moment as a client reads it: "hoje às 9h", "amanhã (terça-feira, 8/12) às 9h"."""
        local, today = moment.astimezone(self.zone), now.astimezone(self.zone).date()
        hour = format_clock(local.time())
        weekday = _(DAY_NAMES[local.weekday()])
        named = (
            f"{weekday}, {local.strftime('%b')} {local.day}"
            if current() == "en"
            else f"{weekday}, {local.day}/{local.month}"
        )
        if local.date() == today:
            return _("hoje às {hour}").format(hour=hour)
        if local.date() == today + timedelta(days=1):
            return _("amanhã ({named}) às {hour}").format(named=named, hour=hour)
        return _("{named}, às {hour}").format(named=named, hour=hour)

    def _periods(
        self, moment: datetime, limit: int = SEARCH_DAYS
    ) -> Iterator[tuple[datetime, datetime]]:
        """The working periods that end after `moment`, in order, as UTC datetimes."""
        holidays = {holiday.day for holiday in self.holidays}
        day = moment.astimezone(self.zone).date()
        for offset in range(limit):
            working = day + timedelta(days=offset)
            if WEEKDAYS[working.weekday()] not in self.days or working in holidays:
                continue
            opening = datetime.combine(working, self.opens, self.zone).astimezone(UTC)
            closing = datetime.combine(working, self.closes, self.zone).astimezone(UTC)
            if closing > moment:
                yield opening, closing
