"""Every numeric flag, whatever is typed: an answer (exit 0) or one pt-BR line (exit 2), never a
traceback. Run in-process through `main()` (a process per value would take minutes)."""

import sys
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli.main import main

# A job that quotes; each flag is added to it.
BASE = ["quote", "--params", "7B", "--examples", "1000", "--tokens-per-example", "256"]
JOB_FLAGS = [
    "--lora-rank", "--seq-len", "--batch-size", "--epochs", "--deadline-hours", "--budget-brl",
    "--usd-brl",
]  # fmt: skip
COUNT_FLAGS = ["--params", "--examples", "--tokens-per-example", "--dataset-tokens"]


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["infrabot", *args])
        try:
            main()
            code = 0
        except SystemExit as done:
            code = int(done.code or 0)
    captured = capsys.readouterr()
    return code, captured.err


def _check(code: int, err: str) -> None:
    assert code in (0, 2), err
    assert "Traceback" not in err
    if code == 2:
        # One line of error; a job nothing can run (a deadline of 0.1 h) may add what would fix it.
        first, *fixes = err.strip().splitlines()
        assert first.startswith("Erro: "), err
        assert all(line.lstrip().startswith("• ") for line in fixes), err


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--budget-brl", "inf"),
        ("--budget-brl", "nan"),
        ("--budget-brl", "snan"),
        ("--usd-brl", "nan"),
        ("--usd-brl", "inf"),
        ("--usd-brl", "1e30"),
        ("--usd-brl", "1e-30"),
        ("--epochs", "nan"),
        ("--deadline-hours", "inf"),
        ("--examples", "1e400"),
    ],
)
def test_non_numbers_and_absurd_values_are_one_line_errors(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = BASE[:-4] if flag == "--examples" else BASE
    code, err = _run([*base, flag, value], capsys)
    assert code == 2, err
    _check(code, err)


def test_a_deadline_nothing_meets_is_quoted_and_said_missed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "argv", ["infrabot", *BASE, "--deadline-hours", ".1"])
        main()
    out = capsys.readouterr().out
    assert "Prazo de 0,1 h: não atendido" in out, out


def test_a_plausible_rate_still_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run([*BASE, "--usd-brl", "5,43"], capsys)
    assert code == 0, err


_VALUES = st.one_of(
    st.text(max_size=20),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.from_regex(
        r"-?\d{1,30}([.,]\d{1,4}){0,3}(e[+-]?\d{1,4})?\s?(k|mil|M|B|%|R\$)?", fullmatch=True
    ),
    st.sampled_from(["snan", "-nan", "Infinity", "1e-30", "0", "-0", "", " ", "\x00", "٣"]),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(flag=st.sampled_from(JOB_FLAGS + COUNT_FLAGS), value=_VALUES)
def test_any_value_of_a_numeric_flag(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["quote", "--method", "lora"] if flag in COUNT_FLAGS else BASE
    if flag == "--params":
        args = [*base, flag, value]
    else:
        args = (
            [*base, "--params", "7B", flag, value] if flag in COUNT_FLAGS else [*base, flag, value]
        )
    _check(*_run(args, capsys))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=_VALUES)
def test_any_discount_is_a_number_or_a_message(value: str) -> None:
    from bot.cli.sales import _discount
    from bot.sales.errors import QuoteBookError

    try:
        parsed = _discount(value)
    except QuoteBookError as error:
        assert str(error).startswith("Desconto inválido")
        return
    assert parsed is not None and parsed.is_finite() and isinstance(parsed, Decimal)
