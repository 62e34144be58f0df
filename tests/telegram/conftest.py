"""Fixtures shared by the Telegram tests: a bot process on an empty home against the fake Bot
API, and a channel whose assistant searches the packaged corpus by keywords."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from bot.telegram.delivery import TelegramChannel
from knowledge.retriever import KnowledgeRetriever
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


@pytest.fixture
def channel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TelegramChannel:
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    monkeypatch.delenv("INFRABOT_CHROMA_URL", raising=False)
    store = ConversationStore(f"sqlite:///{tmp_path / 'c.db'}")
    return TelegramChannel(Assistant(KnowledgeRetriever.load(dense="off"), store), bot=1)
