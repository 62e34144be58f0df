"""A detail added to the job just quoted, without its numbers, requotes the job with the data the
two messages give together."""

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="off"), store)


def test_a_share_of_silence_added_after_the_quote_requotes_on_less_speech(
    assistant: Assistant,
) -> None:
    conversation = f"teste-{uuid.uuid4().hex}"
    first = assistant.reply(
        conversation, "LoRA no Llama 3.1 8B com 2 mil horas de ligações transcritas, quanto sai?"
    )
    second = assistant.reply(
        conversation,
        "esqueci de falar: uns 30% de cada gravação é só música de espera, sem fala. refaz?",
    )
    assert first.quote is not None and second.quote is not None
    before = first.quote["job"]["dataset_tokens"]
    after = second.quote["job"]["dataset_tokens"]
    assert after == pytest.approx(before * 0.7)
    assert "1.400 h de fala" in second.answer


def test_a_redo_that_adds_nothing_is_not_an_addendum(assistant: Assistant) -> None:
    conversation = f"teste-{uuid.uuid4().hex}"
    assistant.reply(conversation, "LoRA no Llama 3.1 8B com 20 mil exemplos de 500 tokens")
    reply = assistant.reply(conversation, "refaz com spot?")
    assert reply.quote is not None
    assert reply.quote["job"]["examples"] == 20000
