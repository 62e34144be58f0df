"""The team's business hours from company.toml: what the client reads, when the team opens next,
and when an amount of working time has passed (nights, weekends and holidays do not count)."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.assistant.commercial import commercial_answer
from bot.sales.company import load_company
from knowledge.lexical import fold

HOURS = load_company().hours


def _sp(day: int, hour: int, minute: int = 0) -> datetime:
    """A moment of December 2026 in São Paulo (UTC-3, no daylight saving)."""
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC) + timedelta(hours=3)


def test_the_hours_read_as_the_company_states_them() -> None:
    assert HOURS.text == "de segunda a sexta, das 9h às 18h (horário de Brasília)"
    assert HOURS.timezone == "America/Sao_Paulo"


@pytest.mark.parametrize(
    ("moment", "opening"),
    [
        (_sp(8, 10), _sp(8, 10)),  # Tuesday 10h: open now
        (_sp(8, 8, 59), _sp(8, 9)),
        (_sp(8, 18), _sp(9, 9)),  # closing time is closed
        (_sp(4, 18, 30), _sp(7, 9)),  # Friday evening -> Monday
        (_sp(6, 12), _sp(7, 9)),  # Sunday
        (_sp(24, 19), _sp(28, 9)),  # Christmas Eve -> past Christmas (Friday) and the weekend
    ],
)
def test_the_next_opening(moment: datetime, opening: datetime) -> None:
    assert HOURS.next_opening(moment) == opening
    assert HOURS.is_open(moment) == (moment == opening)


@pytest.mark.parametrize(
    ("start", "worked", "done"),
    [
        (_sp(8, 10), timedelta(minutes=15), _sp(8, 10, 15)),
        (_sp(4, 17, 50), timedelta(minutes=15), _sp(7, 9, 5)),  # Friday -> Monday
        (_sp(4, 22), timedelta(minutes=45), _sp(7, 9, 45)),  # asked at night
        (_sp(8, 17), timedelta(hours=11), _sp(10, 10)),  # 1h Tue + 9h Wed + 1h Thu
        (_sp(24, 17, 30), timedelta(hours=1), _sp(28, 9, 30)),
    ],
)
def test_working_time(start: datetime, worked: timedelta, done: datetime) -> None:
    assert HOURS.after(start, worked) == done


def test_the_contact_answer_states_the_hours() -> None:
    reply = commercial_answer(fold("como entro em contato com vocês?"))
    assert reply is not None and HOURS.text in reply
