"""The job reader on how clients write: every case of tests/data/reader_cases.toml."""

import tomllib
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.assistant.reader import read_job
from quoting.jobspec import JobSpec

CASES_FILE = Path(__file__).parents[1] / "data" / "reader_cases.toml"
with CASES_FILE.open("rb") as handle:
    GROUPS: list[dict[str, Any]] = tomllib.load(handle)["group"]
CASES = [(group["name"], case) for group in GROUPS for case in group["cases"]]
# Thursday 03/12/2026, 10:00 in São Paulo.
NOW = datetime(2026, 12, 3, 10, 0, tzinfo=ZoneInfo("America/Sao_Paulo"))
_META = {"text", "absent", "note"}


def test_the_case_file_covers_every_class() -> None:
    assert len(CASES) >= 300
    assert {name for name, _ in CASES} >= {
        "examples with tokens per example",
        "record nouns count examples",
        "data volume becomes tokens",
        "model name and size",
        "relative deadlines",
        "device memory limit",
        "cloud",
        "cheapest first",
        "prices per hour are never a budget",
        "negation",
        "abbreviations and chat writing",
        "audio and vision",
    }


@pytest.mark.parametrize(("group", "case"), CASES, ids=[case["text"][:60] for _, case in CASES])
def test_reading(group: str, case: dict[str, Any]) -> None:
    reading = read_job(case["text"], NOW)
    for field, wanted in case.items():
        if field in _META:
            continue
        assert field in reading.slots, f"{group}: faltou {field} em {reading.slots}"
        found = reading.slots[field]
        if isinstance(wanted, (bool, str)):
            assert found == wanted, reading.slots
        else:
            assert float(found) == pytest.approx(wanted, rel=1e-3, abs=0.06), reading.slots
    for field in case.get("absent", []):
        assert field not in reading.slots, f"{group}: não devia ler {field}: {reading.slots}"
    if "note" in case:
        assert any(case["note"].lower() in note.lower() for note in reading.notes), reading.notes


@pytest.mark.parametrize(("group", "case"), CASES, ids=[case["text"][:60] for _, case in CASES])
def test_natural_text_never_earns_a_conflict_error(group: str, case: dict[str, Any]) -> None:
    """'Informe o modelo ou o tamanho, não os dois' must not come from natural text."""
    slots = read_job(case["text"], NOW).slots
    assert not ({"model", "params"} <= slots.keys()), slots
    assert not ("dataset_tokens" in slots and {"examples", "tokens_per_example"} & slots.keys())
    JobSpec(**{k: v for k, v in slots.items() if k in JobSpec.model_fields})


def test_budgets_are_exact_decimals() -> None:
    assert read_job("orçamento de R$ 1.234,56", NOW).slots["budget_brl"] == Decimal("1234.56")


def test_deadlines_count_from_the_clients_clock() -> None:
    """02:30 UTC on Friday is 23:30 on Thursday in São Paulo: 'sexta' is due the next evening."""
    late = datetime(2026, 12, 4, 2, 30, tzinfo=ZoneInfo("UTC"))
    hours = read_job("pronto até sexta", late).slots["deadline_hours"]
    assert hours == pytest.approx(18.5, abs=0.1)


def test_a_number_with_no_unit_is_left_for_the_conversation() -> None:
    reading = read_job("e com 1.500?", NOW)
    assert reading.slots == {}
    assert reading.bare == [1500]


def test_the_last_field_given_is_the_last_in_the_message() -> None:
    assert read_job("20 mil exemplos e orçamento de R$ 500", NOW).order[-1] == "budget_brl"
    assert read_job("orçamento de R$ 500 e 20 mil exemplos", NOW).order[-1] == "examples"
