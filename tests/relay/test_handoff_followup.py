"""A handoff nobody answers: the client is told at once when the team answers (business hours,
São Paulo time), the Slack thread is reminded once after the configured working time, and later
the client is told of the delay and offered the bot again. Time is an injected clock; the Slack
side is delivered by the Slack app's own code to the fake Slack Web API."""

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from slack_sdk import WebClient

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationState, ConversationStore
from bot.ops.errors import BadSetting
from bot.relay.bridge import Bridge, BridgeSettings
from bot.relay.followup import FollowUp
from bot.relay.notices import LEAVE_CALLBACK
from bot.relay.outbox import Message
from bot.slack.delivery import SlackBridgeApp
from knowledge.retriever import KnowledgeRetriever
from tests.fakes.fake_slack import FakeSlack

INFRABOT = Path(sys.executable).with_name("infrabot")
HANDOFF = "CHANDOFF"
# São Paulo is UTC-3 all year: 13:00 UTC is 10h there.
TUESDAY_10H = datetime(2026, 12, 8, 13, 0, tzinfo=UTC)
FRIDAY_17H50 = datetime(2026, 12, 4, 20, 50, tzinfo=UTC)
FRIDAY_19H = datetime(2026, 12, 4, 22, 0, tzinfo=UTC)
MONDAY_9H = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
CHRISTMAS_EVE_20H = datetime(2026, 12, 24, 23, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Relay:
    """A bridge on SQLite with an injected clock; Slack messages go to the fake Slack through
    the Slack app's delivery, Telegram messages are collected as queued."""

    def __init__(self, tmp_path: Path, slack: FakeSlack, now: datetime) -> None:
        store = ConversationStore(f"sqlite:///{tmp_path / 'relay.db'}")
        self.clock = Clock(now)
        self.bridge = Bridge(
            store.engine,
            BridgeSettings(
                handoff_channel=HANDOFF,
                remind_after=timedelta(minutes=15),
                tell_client_after=timedelta(minutes=30),
            ),
            clock=self.clock,
        )
        self.follow_up = FollowUp(self.bridge)
        assistant = Assistant(KnowledgeRetriever.load(dense="off"), store)
        client = WebClient(token="xoxb-teste", base_url=slack.api_url)
        self.slack_app = SlackBridgeApp(assistant, self.bridge, client)
        self.slack = slack
        self.to_client: list[Message] = []

    def open(self, chat: int = 7) -> int:
        state = ConversationState(id=f"telegram:{chat}")
        handoff = self.bridge.open_handoff(f"telegram:{chat}", chat, "Ana Cliente", state)
        assert handoff is not None
        self.deliver()
        return handoff.id

    def at(self, moment: datetime) -> None:
        """Time passes to `moment`; the apps' workers poll."""
        self.clock.now = moment
        self.follow_up.run()
        self.deliver()

    def deliver(self) -> None:
        while self.bridge.outbox.pump("slack", self.slack_app.deliver):
            pass
        self.bridge.outbox.pump("telegram", self.to_client.append)

    def client_texts(self) -> list[str]:
        return [str(message.payload["text"]) for message in self.to_client]

    def thread(self) -> list[dict[str, Any]]:
        return [
            call
            for call in self.slack.recorded("chat.postMessage", channel=HANDOFF)
            if call.get("thread_ts")
        ]


@pytest.fixture
def slack() -> Iterator[FakeSlack]:
    fake = FakeSlack()
    yield fake
    fake.close()


@pytest.fixture
def relay(tmp_path: Path, slack: FakeSlack, use_home: Any) -> Iterator[Relay]:
    use_home(tmp_path)
    yield Relay(tmp_path, slack, TUESDAY_10H)


def test_in_business_hours_the_client_is_told_the_team_answers_now(relay: Relay) -> None:
    relay.open()
    [notice] = relay.to_client
    text = notice.payload["text"]
    assert "de segunda a sexta, das 9h às 18h (horário de Brasília)" in text
    assert "Estamos no horário" in text and "/voltar_ao_bot" in text
    assert notice.payload["buttons"] == [["Voltar a falar com o bot", LEAVE_CALLBACK]]


@pytest.mark.parametrize(
    ("opened", "back"),
    [
        (FRIDAY_19H, "a equipe volta segunda-feira, 7/12, às 9h"),
        (datetime(2026, 12, 8, 23, 30, tzinfo=UTC), "amanhã (quarta-feira, 9/12) às 9h"),
        (datetime(2026, 12, 8, 9, 0, tzinfo=UTC), "a equipe volta hoje às 9h"),
        (CHRISTMAS_EVE_20H, "a equipe volta segunda-feira, 28/12, às 9h"),  # Natal: a holiday
    ],
)
def test_outside_business_hours_the_client_is_told_when_the_team_opens(
    relay: Relay, opened: datetime, back: str
) -> None:
    relay.clock.now = opened
    relay.open()
    [notice] = relay.client_texts()
    assert "fora desse horário" in notice and back in notice


def test_an_unanswered_handoff_reminds_the_thread_once_then_tells_the_client(
    relay: Relay,
) -> None:
    relay.open()
    relay.at(TUESDAY_10H + timedelta(minutes=14))
    assert relay.thread() == []
    relay.at(TUESDAY_10H + timedelta(minutes=15))
    [reminder] = relay.thread()
    assert reminder["text"].startswith("<!here>") and "15 min" in reminder["text"]
    assert reminder["reply_broadcast"] is True  # shown in the channel, not only in the thread
    for minutes in (16, 20, 44):  # later polls: no second reminder, the client not told yet
        relay.at(TUESDAY_10H + timedelta(minutes=minutes))
    assert len(relay.thread()) == 1 and len(relay.to_client) == 1

    relay.at(TUESDAY_10H + timedelta(minutes=45))
    late = relay.to_client[-1]
    assert "Desculpe a demora" in late.payload["text"] and "/voltar_ao_bot" in late.payload["text"]
    assert late.payload["buttons"] == [["Voltar a falar com o bot", LEAVE_CALLBACK]]
    assert "Avisamos o cliente da demora" in relay.thread()[-1]["text"]
    for hours in (1, 5, 30):
        relay.at(TUESDAY_10H + timedelta(hours=hours))
    assert len(relay.to_client) == 2 and len(relay.thread()) == 2


def test_a_staff_reply_stops_the_follow_up(relay: Relay) -> None:
    handoff = relay.bridge.handoffs.get(relay.open())
    assert handoff is not None
    relay.clock.now = TUESDAY_10H + timedelta(minutes=5)
    relay.bridge.staff_said(handoff, "slack:1", "Bruno", "Oi! Já vejo isso.", 1.0)
    relay.at(TUESDAY_10H + timedelta(hours=3))
    assert relay.thread() == []
    assert relay.client_texts()[1:] == ["Bruno (equipe infrabot): Oi! Já vejo isso."]


def test_only_working_time_counts(relay: Relay) -> None:
    relay.clock.now = FRIDAY_17H50
    relay.open()
    for moment in (FRIDAY_17H50 + timedelta(minutes=15), FRIDAY_19H, MONDAY_9H):
        relay.at(moment)  # closing time, the weekend, Monday's opening: 10 working minutes
    relay.at(MONDAY_9H + timedelta(minutes=4))
    assert relay.thread() == []
    relay.at(MONDAY_9H + timedelta(minutes=5))
    assert len(relay.thread()) == 1


def test_a_client_who_left_is_not_followed_up(relay: Relay) -> None:
    relay.open()
    assert relay.bridge.client_left("telegram:7", "Ana Cliente")
    relay.at(TUESDAY_10H + timedelta(hours=2))
    assert [call["text"] for call in relay.thread()] == [
        "Ana Cliente saiu do atendimento e voltou a falar com o bot. O que for escrito aqui "
        "não chega mais a ele."
    ]
    assert "voltou a falar comigo" in relay.client_texts()[-1]
    assert not relay.bridge.client_left("telegram:7", "Ana Cliente")


def test_the_waits_are_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_HANDOFF_REMIND_MINUTES", "5")
    monkeypatch.setenv("INFRABOT_HANDOFF_CLIENT_NOTICE_MINUTES", "90")
    settings = BridgeSettings.from_environment()
    assert settings.remind_after == timedelta(minutes=5)
    assert settings.tell_client_after == timedelta(minutes=90)
    for bad in ("quinze", "0", "-3", "nan", "1e9"):
        monkeypatch.setenv("INFRABOT_HANDOFF_REMIND_MINUTES", bad)
        with pytest.raises(BadSetting, match="INFRABOT_HANDOFF_REMIND_MINUTES deve ser"):
            BridgeSettings.from_environment()


def test_a_bad_wait_stops_the_slack_app_with_one_line(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "INFRABOT_HOME": str(tmp_path),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 'bot.db'}",
        "SLACK_BOT_TOKEN": "xoxb-teste",
        "SLACK_SIGNING_SECRET": "assinatura",
        "INFRABOT_SLACK_API_URL": "http://127.0.0.1:9/api/",  # never reached
        "INFRABOT_HANDOFF_REMIND_MINUTES": "quinze",
        "INFRABOT_LOG_LEVEL": "ERROR",
    }
    env.pop("INFRABOT_CHROMA_URL", None)
    done = subprocess.run(
        [str(INFRABOT), "slack", "--http", "--port", "9"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "Erro: INFRABOT_HANDOFF_REMIND_MINUTES deve ser um número de minutos entre 0 e 10080 "
        "(veio 'quinze')"
    ]
