from decimal import Decimal

import pytest

from quoting.units import (
    format_brl,
    format_date,
    format_number,
    parse_count,
    plural,
    round_brl,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7B", 7e9),
        ("110M", 110e6),
        ("7e9", 7e9),
        ("1,5 bilhão", 1.5e9),
        ("1.5B", 1.5e9),
        ("20 mil", 20_000),
        ("50k", 50_000),
        ("2 milhões", 2e6),
        ("405b", 405e9),
        ("1000", 1000),
    ],
)
def test_parse_count_reads_sizes_as_people_write_them(text: str, expected: float) -> None:
    assert parse_count(text) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["", "abc", "7 galáxias", "B7", "--"])
def test_parse_count_rejects_non_numbers_in_portuguese(text: str) -> None:
    with pytest.raises(ValueError, match="não é um número"):
        parse_count(text)


def test_money_and_dates_are_brazilian() -> None:
    assert format_brl(Decimal("12345.67")) == "R$ 12.345,67"
    assert format_number(1234.5, 1) == "1.234,5"
    from datetime import date

    assert format_date(date(2026, 1, 31)) == "31/01/2026"


def test_rounding_is_half_up_to_centavos() -> None:
    assert round_brl(Decimal("0.005")) == Decimal("0.01")
    assert round_brl(Decimal("2.344")) == Decimal("2.34")


def test_counts_read_with_real_plurals() -> None:
    assert plural(1, "cotação", "cotações") == "1 cotação"
    assert plural(3, "cotação", "cotações") == "3 cotações"
    assert plural(0, "cotação", "cotações") == "0 cotações"
    assert plural(1.5, "job", "jobs") == "1,5 job"
    assert plural(2.5, "job", "jobs") == "2,5 jobs"
