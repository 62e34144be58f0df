"""The optional language model path, with LangChain's fake chat models in place of a real one."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langchain_core.language_models.fake_chat_models import FakeListChatModel

from bot.assistant import llm
from bot.assistant.assistant import Assistant
from bot.assistant.llm import extract_with_model, guard, phrase
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever

DRAFT = "Recomendo GPU: 1x NVIDIA L4. Tempo estimado: 5,7 h · Total: R$ 505,02."


def test_guard_accepts_the_same_figures_and_rejects_new_ones() -> None:
    assert guard(DRAFT, "Sugiro 1x NVIDIA L4: cerca de 5,7 h, total de R$ 505,02.")
    assert not guard(DRAFT, "Sugiro 1x NVIDIA L4: cerca de 5,7 h, total de R$ 450,00.")
    assert not guard(DRAFT, "Sugiro 2x NVIDIA L4 por R$ 505,02.")
    assert not guard(DRAFT, "   ")


def test_a_faithful_rewording_is_used() -> None:
    model = FakeListChatModel(responses=["Para o seu caso: 1x NVIDIA L4, 5,7 h, R$ 505,02."])
    assert (
        phrase(model, "quanto custa?", DRAFT) == "Para o seu caso: 1x NVIDIA L4, 5,7 h, R$ 505,02."
    )


def test_a_rewording_with_a_different_price_is_dropped() -> None:
    model = FakeListChatModel(responses=["Fica R$ 1,00 com desconto especial."])
    assert phrase(model, "quanto custa?", DRAFT) is None


class SlowModel(FakeListChatModel):
    def _call(self, *args: Any, **kwargs: Any) -> str:
        time.sleep(llm.TIMEOUT_SECONDS + 1)
        return super()._call(*args, **kwargs)


def test_a_model_that_times_out_is_dropped(monkeypatch: Any) -> None:
    monkeypatch.setattr(llm, "TIMEOUT_SECONDS", 0.2)
    started = time.perf_counter()
    assert phrase(SlowModel(responses=[DRAFT]), "quanto custa?", DRAFT) is None
    assert time.perf_counter() - started < 1.0


def test_the_model_can_fill_slots_from_json() -> None:
    model = FakeListChatModel(
        responses=['{"model": "llama-3-8b", "examples": 20000, "method": "lora"}']
    )
    assert extract_with_model(model, "um llama oito bi com vinte mil exemplos") == {
        "model": "llama-3-8b",
        "examples": 20000.0,
        "method": "lora",
    }
    assert extract_with_model(FakeListChatModel(responses=["não sei"]), "x") == {}


def test_assistant_sends_the_offline_answer_when_the_model_invents_a_price(
    indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path
) -> None:
    use_home(indexed_home)
    model = FakeListChatModel(responses=["{}", "Total de R$ 3,00, uma pechincha!"])
    assistant = Assistant(
        KnowledgeRetriever.load(dense="off"),
        ConversationStore(f"sqlite:///{tmp_path / 'c.db'}"),
        llm=model,
    )
    reply = assistant.reply("c", "LoRA de um Llama 3 8B com 20 mil exemplos")
    assert reply.quote is not None
    assert "R$ 3,00" not in reply.answer
    assert "Recomendo GPU" in reply.answer


def test_assistant_uses_a_faithful_rewording(
    indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path
) -> None:
    use_home(indexed_home)
    model = FakeListChatModel(responses=["{}", "Ótima pergunta! Dá para migrar, mas dá trabalho."])
    assistant = Assistant(
        KnowledgeRetriever.load(dense="off"),
        ConversationStore(f"sqlite:///{tmp_path / 'c.db'}"),
        llm=model,
    )
    reply = assistant.reply("c", "Posso migrar de GPU para TPU depois?")
    assert reply.intent == "question"
    assert reply.answer == "Ótima pergunta! Dá para migrar, mas dá trabalho."
