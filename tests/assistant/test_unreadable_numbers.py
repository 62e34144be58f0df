"""Numbers clients mistype ("1.500.00", "10^400") get a question back, never an error; and no
text at all makes the assistant raise (property-based)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.assistant.assistant import Assistant
from bot.assistant.fixed_replies import MAX_CHARS
from bot.assistant.reader import read_job
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever

MISTYPED = [
    "1.500.00 exemplos",
    "R$ 1.500.00",
    "contexto de 1.2.3",
    "10^400 exemplos",
    "R$ 1e400",
    "1,2,3 épocas",
    "em 1.2.3 dias",
    "llama 3 8b com 1.500.00 exemplos",
]


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    # An empty home: retrieval falls back to the packaged corpus in BM25 (no model to load).
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("INFRABOT_HOME", str(home))
        patch.delenv("INFRABOT_CHROMA_URL", raising=False)
        store = ConversationStore(f"sqlite:///{home / 'conversas.db'}")
        return Assistant(KnowledgeRetriever.load(dense="off"), store)


@pytest.mark.parametrize("text", MISTYPED)
def test_a_mistyped_number_is_asked_back(assistant: Assistant, text: str) -> None:
    reply = assistant.reply(f"t-{text}", text)
    assert reply.intent == "clarify", reply.answer
    assert "Não entendi o número" in reply.answer


def test_a_version_number_is_not_asked_about() -> None:
    reading = read_job("funciona com CUDA 12.1.1 e python 3.11.4?")
    assert reading.unclear == [] and reading.bare == []


def test_a_power_of_ten_in_range_is_still_read() -> None:
    assert read_job("1e2 épocas").slots["epochs"] == 100
    assert read_job("10^9 tokens").slots["dataset_tokens"] == 1e9
    assert read_job("orçamento de R$ 12.500,50").slots["budget_brl"] == 12500.5


_PIECES = st.one_of(
    st.from_regex(r"-?\d{1,400}([.,]\d{1,5}){0,4}(e[+-]?\d{1,4})?", fullmatch=True),
    st.from_regex(r"10\s?(\^|\*\*)\s?\d{1,5}", fullmatch=True),
    st.sampled_from(
        [
            "R$",
            "US$",
            "exemplos",
            "épocas",
            "tokens",
            "de contexto",
            "dias",
            "horas",
            "mil",
            "bilhões",
            "parâmetros",
            "llama 3 8b",
            "qlora",
            "GB",
            "em",
            "prazo",
            "orçamento",
            "?",
        ]
    ),
    st.text(max_size=30),
    st.characters(codec="utf-8").map(lambda c: c * 3),
    st.sampled_from(["\x00", "\x1b[2J", "\u202e", "\ufeff", "\r\n", "\t", "\u00a0"]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=40).map(" ".join))
def test_no_text_makes_the_assistant_raise(assistant: Assistant, text: str) -> None:
    reply = assistant.reply("propriedade", text)
    assert reply.answer.strip()


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=MAX_CHARS - 50, max_size=MAX_CHARS, alphabet="0123456789., e^R$"))
def test_long_number_soup_is_answered(assistant: Assistant, text: str) -> None:
    assert assistant.reply("sopa", text).answer.strip()
