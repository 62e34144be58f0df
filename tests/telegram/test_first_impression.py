"""What a new client meets first on Telegram: answers not bold from end to end, a /cotacao form
that answers questions, reads a whole job at once, restarts and says how to leave, takes the
deadline into the quote; "Ver alternativas" that adds something; their own quotes in their words;
/especialista without a team online; updates of a new bot token not dropped as repeats."""

import time
from collections.abc import Iterator

import pytest

from bot.assistant.reply import Reply
from bot.telegram.views import to_html
from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot


@pytest.fixture(scope="module")
def telegram(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FakeTelegram, Bot]]:
    # An empty home: answers come from the packaged corpus (BM25), no index to build.
    home = tmp_path_factory.mktemp("home")
    fake = FakeTelegram()
    bot = Bot(fake, home, f"sqlite:///{home / 'bot.db'}")
    bot.start()
    yield fake, bot
    bot.stop()
    fake.close()


def _chat() -> int:
    return int(time.time() * 1000) % 10_000_000 + 20_000_000


def _html(fake: FakeTelegram, chat: int) -> list[str]:
    return [str(call.get("text", "")) for call in fake.calls("sendMessage", chat)]


# --- 1. bold ------------------------------------------------------------------------------------


def test_a_one_paragraph_answer_is_not_bold_only_its_labels_are(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "o que é LoRA?")
    fake.wait_texts(chat, 1)
    answer = _html(fake, chat)[0]
    paragraph = answer.split("\n\n", 1)[0]
    assert "LoRA" in paragraph and "<b>" not in paragraph
    assert "<b>Fonte</b>:" in answer
    fake.message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos")
    fake.wait_texts(chat, 2)
    quote = _html(fake, chat)[1]
    assert "<b>Recomendo GPU</b>:" in quote and "<b>O que você paga</b>:" in quote


def test_a_reply_in_one_line_has_no_bold() -> None:
    reply = Reply(answer="Sim, dá para migrar depois: o código muda pouco.", intent="question")
    assert "<b>" not in to_html(reply)
