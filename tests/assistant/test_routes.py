"""The route table over readings: each message in its conversation takes the route a client's
request needs (a comparison is a table, "roda numa L4?" a yes or no, "e em dólar?" the same quote in
dollars), and the reading holds what the reply will use."""

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.assistant.reading import read_message
from bot.assistant.routes import ROUTES, route
from bot.assistant.state import ConversationState
from bot.assistant.turn import understand

CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).parents[1] / "data" / "route_cases.toml").read_text(encoding="utf-8")
)["case"]


@pytest.mark.parametrize("case", CASES, ids=[c["message"][:60] for c in CASES])
def test_a_message_takes_the_route_its_request_needs(case: dict[str, Any]) -> None:
    table = case.get("table", {})
    quoted = {"recommendation": {}} if case.get("quoted") else None
    state = ConversationState(
        id="t", slots=table, last_field=case.get("last_field"), last_quote=quoted
    )
    if case.get("history") or state.slots:
        state.remember("user", "LoRA de um Llama 3 8B com 20 mil exemplos")
    if before := case.get("before"):  # the client's message before this one
        state.remember("cliente", before)
    reading = read_message(case["message"])
    assert route(understand(reading, state, {})) == case["route"], reading.model_dump()
    assert set(case.get("asks", [])) <= set(reading.asks)
    assert reading.accelerators[: len(case.get("accelerators", []))] == case.get("accelerators", [])
    if "compare" in case:
        assert reading.compare == case["compare"]
    for name, value in case.get("fields", {}).items():
        expected = pytest.approx(value, rel=0.01) if isinstance(value, int | float) else value
        assert reading.fields[name].value == expected, name


def test_every_route_has_a_case_or_is_a_fallback() -> None:
    covered = {case["route"] for case in CASES}
    # Too long and empty are refused before reading; the classifier's routes and the last
    # fallbacks depend on its scores, not on a phrasing we can pin.
    untested = {
        "empty",
        "too_long",
        "classified_handoff",
        "classified_injection",
        "late_off_topic",
        "answer",
    }
    assert {r.name for r in ROUTES} - untested <= covered


def test_the_architecture_map_shows_the_route_table_as_it_runs() -> None:
    text = (Path(__file__).parents[2] / "ARCHITECTURE.md").read_text(encoding="utf-8")
    shown = re.findall(r"^\| \d+ \| `(\w+)` \|", text, flags=re.MULTILINE)
    assert shown == [r.name for r in ROUTES]


def test_a_term_taken_back_in_words_stays_where_the_same_message_sets_it() -> None:
    said = "Sem pressa, mas tem que ser antes do fim do ano. LoRA no Llama 3.1 8B"
    turn = understand(read_message(said), ConversationState(id="t"), {})
    assert turn.slots["deadline_hours"] > 0
    later = understand(read_message("sem pressa"), ConversationState(id="t"), {})
    assert later.slots == {"deadline_hours": None}
