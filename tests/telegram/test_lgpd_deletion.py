"""/apagar_meus_dados reaches every table and queue: after it, nothing in the database names the
client, holds their chat or what they wrote, and nothing queued for them is ever sent."""

import itertools
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from bot.assistant.state import ConversationStore
from bot.db.tables import Base, OutboxRow
from bot.relay.outbox import DELIVERED, Message, Outbox
from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot

CHAT = 5550123
NAME = "Joana Sigilosa"
CPF = "123.456.789-09"
PHONE = "98765-4321"
_ids = itertools.count(5000)


@pytest.fixture
def telegram(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[FakeTelegram, Bot]]:
    # Slack channels configured but no Slack app running: leads and handoff posts stay queued.
    monkeypatch.setenv("INFRABOT_SLACK_LEADS_CHANNEL", "CLEADS")
    monkeypatch.setenv("INFRABOT_SLACK_HANDOFF_CHANNEL", "CHANDOFF")
    home = tmp_path_factory.mktemp("home")
    fake = FakeTelegram()
    bot = Bot(fake, home, f"sqlite:///{home / 'bot.db'}")
    bot.start()
    yield fake, bot
    bot.stop()
    fake.close()


def _say(fake: FakeTelegram, text: str) -> None:
    person = {"id": CHAT, "is_bot": False, "first_name": NAME, "language_code": "pt-br"}
    entities = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    fake.push(
        {
            "message": {
                "message_id": next(_ids),
                "date": int(time.time()),
                "chat": {"id": CHAT, "type": "private", "first_name": NAME},
                "from": person,
                "text": text,
                "entities": entities if text.startswith("/") else [],
            }
        }
    )


def _everything(store: ConversationStore) -> str:
    """Every row of every table, as text."""
    with store.engine.connect() as connection:
        return "\n".join(
            str(tuple(row))
            for table in Base.metadata.sorted_tables
            for row in connection.execute(select(table))
        )


def test_deletion_reaches_every_table_and_the_outbox(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, bot = telegram
    store = ConversationStore(bot.database)
    _say(fake, "LoRA de um Llama 3 8B com 20 mil exemplos")
    fake.wait_texts(CHAT, 1)
    _say(fake, "quero falar com um humano")
    fake.wait_texts(CHAT, 2)
    _say(fake, f"meu CPF é {CPF} e o telefone 11 {PHONE}")
    # Kept where it goes (the inbox holds it only until the message is answered), with the lead.
    assert fake.wait_for(lambda: all(t in _everything(store) for t in (CPF, "lead:")), 30)
    # A message already delivered to the chat, long ago, also holds the person's data.
    outbox = Outbox(store.engine)
    outbox.put("telegram", f"telegram:{CHAT}", "antiga", "message", {"chat_id": CHAT, "text": NAME})
    before = _everything(store)
    assert NAME in before and PHONE in before and "lead:" in before

    _say(fake, "/apagar_meus_dados")
    assert fake.wait_for(lambda: any("Confirma" in t for t in fake.texts(CHAT)), 30)
    fake.press(CHAT, f"lgpd:sim:{CHAT}")
    assert fake.wait_for(lambda: any("Apaguei" in t for t in fake.texts(CHAT)), 30)
    done = next(t for t in fake.texts(CHAT) if "Apaguei" in t)
    assert "Sua cotação fica só como registro" in done and "(ões)" not in done

    after = _everything(store)
    for trace in (NAME, "Joana", CPF, PHONE, str(CHAT)):
        assert trace not in after, f"{trace!r} ficou: {after[:3000]}"
    sent: list[Message] = []
    for channel in ("slack", "telegram"):
        outbox.pump(channel, sent.append)  # type: ignore[arg-type]
    assert sent == []


def test_delivered_messages_are_pruned_after_the_retention(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    store = ConversationStore(f"sqlite:///{tmp_path_factory.mktemp('o') / 'o.db'}")
    outbox = Outbox(store.engine)
    outbox.put("telegram", "telegram:1", "velha", "message", {"chat_id": 1, "text": "velha"})
    outbox.put("telegram", "telegram:1", "nova", "message", {"chat_id": 1, "text": "nova"})
    outbox.pump("telegram", lambda message: None)
    with store.engine.begin() as connection:
        connection.execute(
            update(OutboxRow)
            .where(OutboxRow.key == "velha")
            .values(delivered_at=datetime.now(UTC) - timedelta(days=8))
        )
    assert outbox.prune() == 1
    with store.engine.connect() as connection:
        kept = connection.execute(select(OutboxRow.key, OutboxRow.status)).all()
    assert [tuple(row) for row in kept] == [("nova", DELIVERED)]
