"""The assistant end to end: real retrieval (embedded Chroma), real engine, real SQLite/PostgreSQL.

The conversations and what each reply must hold are in tests/data/assistant_cases.toml.
"""

import os
import tomllib
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.reply import Reply
from bot.assistant.state import HISTORY_LIMIT, ConversationStore
from knowledge.retriever import KnowledgeRetriever

CASES_FILE = Path(__file__).parents[1] / "data" / "assistant_cases.toml"
with CASES_FILE.open("rb") as handle:
    CASES: list[dict[str, Any]] = tomllib.load(handle)["case"]


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="now"), store)


def test_the_case_file_is_large_enough() -> None:
    assert sum(len(case["messages"]) for case in CASES) >= 60
    assert sum(len(case["messages"]) > 1 for case in CASES) >= 10


def _check(case: dict[str, Any], reply: Reply) -> None:
    text = reply.answer.lower()
    assert reply.intent == case["intent"], reply.answer
    for wanted in case.get("contains", []):
        assert wanted.lower() in text, f"faltou {wanted!r} em: {reply.answer}"
    if "any_of" in case:
        assert any(option.lower() in text for option in case["any_of"]), reply.answer
    for unwanted in case.get("not_contains", []):
        assert unwanted.lower() not in text, f"não devia ter {unwanted!r}: {reply.answer}"
    if "source" in case:
        assert case["source"] in [Path(s.source).name for s in reply.sources], reply.sources
    if "handoff" in case:
        assert reply.handoff is case["handoff"]
    if {"kind", "country", "max_device_memory_gb"} & case.keys():
        assert reply.quote is not None, reply.answer
        rec = reply.quote["recommendation"]
        assert rec["kind"] == case.get("kind", rec["kind"])
        assert rec["country"] == case.get("country", rec["country"])
        assert rec["device_memory_gb"] <= case.get("max_device_memory_gb", 1e9)


@pytest.mark.parametrize("case", CASES, ids=[" → ".join(c["messages"])[:80] for c in CASES])
def test_conversation(assistant: Assistant, case: dict[str, Any]) -> None:
    conversation = f"teste-{uuid.uuid4().hex}"
    reply = None
    for message in case["messages"]:
        reply = assistant.reply(conversation, message)
    assert reply is not None
    _check(case, reply)
    if reply.intent == "quote" and reply.quote is not None:
        assert reply.quote["total_brl"] > 0
        total = f"{reply.quote['total_brl']:,.2f}"  # in English as it is, in pt-BR swapped
        if reply.language == "pt":
            total = total.replace(",", "X").replace(".", ",").replace("X", ".")
        assert total in reply.answer  # the total shown is the engine's, to the centavo


def test_a_very_long_message_is_refused_and_nothing_changes(assistant: Assistant) -> None:
    conversation = "longa"
    assistant.reply(conversation, "LoRA de um Llama 3 8B com 20 mil exemplos")
    before = assistant.store.load(conversation)
    reply = assistant.reply(conversation, "treinar " * 2000)
    assert reply.intent == "error" and "longa demais" in reply.answer
    assert assistant.store.load(conversation) == before


def test_a_bad_value_changes_nothing_saved(assistant: Assistant) -> None:
    conversation = "erro"
    assistant.reply(conversation, "LoRA de um Llama 3 8B com 20 mil exemplos")
    before = assistant.store.load(conversation)
    assert assistant.reply(conversation, "e com -5 exemplos?").intent == "error"
    assert assistant.store.load(conversation) == before
    assert assistant.reply(conversation, "e com QLoRA?").quote is not None


def test_history_is_bounded(assistant: Assistant) -> None:
    for _ in range(HISTORY_LIMIT + 5):
        assistant.reply("historico", "oi")
    assert len(assistant.store.load("historico").history) == HISTORY_LIMIT


@pytest.mark.parametrize(
    "url",
    [
        "sqlite",
        pytest.param(
            os.environ.get("INFRABOT_TEST_DATABASE_URL"),
            marks=pytest.mark.skipif(
                not os.environ.get("INFRABOT_TEST_DATABASE_URL"),
                reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)",
            ),
            id="postgresql",
        ),
    ],
)
def test_a_restart_mid_conversation_loses_nothing(
    url: str | None, indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path
) -> None:
    use_home(indexed_home)
    database = f"sqlite:///{tmp_path / 'estado.db'}" if url == "sqlite" else str(url)
    conversation = f"reinicio-{uuid.uuid4().hex}"
    retriever = KnowledgeRetriever.load(dense="off")
    first = Assistant(retriever, ConversationStore(database))
    first.reply(conversation, "LoRA de um Llama 3 8B com 20 mil exemplos, dados no Brasil")
    first.reply(conversation, "quero falar com um vendedor")
    second = Assistant(retriever, ConversationStore(database))  # a new process, same database
    state = second.store.load(conversation)
    assert state.handoff and state.slots["model"] == "llama-3-8b"
    reply = second.reply(conversation, "e com QLoRA?")
    assert reply.quote is not None
    assert reply.quote["job"]["examples"] == 20_000
    assert reply.quote["recommendation"]["country"] == "BR"
    assert second.store.delete(conversation)
