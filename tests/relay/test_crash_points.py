"""The crash-point harness: a process killed (INFRABOT_CRASH_AT, as under kill -9) at each step of
the Telegram inbox and of the outbox, for each relay kind, against the fake Telegram and Slack
servers and PostgreSQL, then started again. Afterwards nothing is lost, no handoff thread is
forked, and a message arrives twice only where ARCHITECTURE.md says it may: a Telegram send that
happened just before the crash (Telegram cannot be asked whether it got it)."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any, ClassVar

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.assistant.state import ConversationState, ConversationStore
from bot.db.tables import HandledUpdate, OutboxRow
from bot.ops.crash import EXIT_STATUS
from bot.relay.bridge import Bridge, BridgeSettings
from bot.telegram.app import webhook_secret
from tests.fakes.fake_slack import FakeSlack
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.postgres import fresh_schema
from tests.helpers.updates import free_port, message
from tests.helpers.waiting import wait_for

BIN = Path(sys.executable).parent
DATABASE = os.environ.get("INFRABOT_TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(
    not DATABASE, reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)"
)
LEASE_SECONDS = 2.0
HANDOFFS, LEADS = "CATENDIMENTO", "CLEADS"
_ids = count(500_000)


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode())
    except OSError:
        return None


@dataclass
class World:
    telegram: FakeTelegram
    slack: FakeSlack
    database: str
    home: Path

    @property
    def engine(self) -> Any:
        return ConversationStore(self.database).engine

    def env(self, crash_at: str | None) -> dict[str, str]:
        env = {
            **os.environ,
            "INFRABOT_DATABASE_URL": self.database,
            "INFRABOT_HOME": str(self.home),
            "TELEGRAM_BOT_TOKEN": self.telegram.token,
            "INFRABOT_TELEGRAM_API_URL": self.telegram.api_url,
            "INFRABOT_TELEGRAM_MAX_RATE": "0",
            "SLACK_BOT_TOKEN": "xoxb-teste",
            "SLACK_SIGNING_SECRET": "segredo-de-teste",
            "INFRABOT_SLACK_API_URL": self.slack.api_url,
            "INFRABOT_SLACK_HANDOFF_CHANNEL": HANDOFFS,
            "INFRABOT_SLACK_LEADS_CHANNEL": LEADS,
            "INFRABOT_INBOX_LEASE": str(LEASE_SECONDS),
            "INFRABOT_OUTBOX_LEASE": str(LEASE_SECONDS),
            "INFRABOT_OUTBOX_POLL": "0.2",
            "INFRABOT_OUTBOX_BACKOFF": "0.2",
        }
        for name in ("INFRABOT_CHROMA_URL", "TELEGRAM_WEBHOOK_SECRET", "INFRABOT_CRASH_AT"):
            env.pop(name, None)
        if crash_at:
            env["INFRABOT_CRASH_AT"] = crash_at
        return env


class Running:
    """One `infrabot telegram --webhook`, `infrabot telegram` (long polling) or `infrabot slack
    --http` process."""

    COMMANDS: ClassVar[dict[str, list[str]]] = {
        "telegram": [
            "telegram",
            "--port",
            "{port}",
            "--webhook",
            "http://127.0.0.1:{port}/telegram",
        ],
        "polling": ["telegram"],
        "slack": ["slack", "--http", "--port", "{port}"],
    }

    def __init__(self, world: World, mode: str, crash_at: str | None = None) -> None:
        self.port = free_port()
        self.log = world.home / f"{mode}-{self.port}.log"
        command = [part.format(port=self.port) for part in self.COMMANDS[mode]]
        self.secret = webhook_secret(world.telegram.token)
        self.process = subprocess.Popen(
            [str(BIN / "infrabot"), *command],
            env=world.env(crash_at),
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("w"),
        )
        if mode == "polling":  # no port: it shows itself by asking Telegram for updates
            return
        healthy = wait_for(
            lambda: self.process.poll() is not None or _get(self.url("/healthz")) is not None, 60
        )
        assert healthy, self.log.read_text()[-3000:]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def post(self, update: dict[str, Any]) -> int:
        """Telegram's delivery of an update: the status, or 0 when the process never answered."""
        request = urllib.request.Request(
            self.url("/telegram"),
            data=json.dumps(update).encode(),
            headers={
                "Content-Type": "application/json",
                "X-Telegram-Bot-Api-Secret-Token": self.secret,
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return int(error.code)
        except OSError:
            return 0

    def crashed(self) -> bool:
        self.process.wait(60)
        return self.process.returncode == EXIT_STATUS

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)


@pytest.fixture(scope="module")
def fakes() -> Iterator[tuple[FakeTelegram, FakeSlack]]:
    telegram, slack = FakeTelegram(), FakeSlack()
    yield telegram, slack
    telegram.close()
    slack.close()


@pytest.fixture
def world(fakes: tuple[FakeTelegram, FakeSlack], tmp_path: Path) -> Iterator[World]:
    with fresh_schema("queda") as database:
        ConversationStore(database)  # the schema, before two processes race to make it
        yield World(*fakes, database, tmp_path)


def _message(chat: int, words: str) -> dict[str, Any]:
    return message(next(_ids), chat, words, next(_ids))


def _settled(world: World) -> bool:
    """Every update answered and every outbox message delivered."""
    with Session(world.engine) as session:
        open_updates = session.scalars(
            select(HandledUpdate.update_id).where(HandledUpdate.status != "respondido")
        ).all()
        pending = session.scalars(select(OutboxRow.id).where(OutboxRow.status != "entregue")).all()
    return not open_updates and not pending


def _metric(page: str | None, name: str) -> float:
    for line in (page or "").splitlines():
        if line.startswith(name):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


@pytest.mark.parametrize(("step", "copies"), [("inbox-recorded", 1), ("inbox-answered", 2)])
def test_a_client_message_is_answered_after_a_crash_at_each_inbox_step(
    world: World, step: str, copies: int
) -> None:
    chat = next(_ids)
    update = _message(chat, "o que é OOM?")
    first = Running(world, "telegram", crash_at=step)
    acknowledged = first.post(update) == 200
    assert first.crashed(), first.log.read_text()[-3000:]
    again = Running(world, "telegram")
    try:
        if not acknowledged:  # Telegram sends again what it was not told had arrived
            assert again.post(update) == 200
        assert wait_for(lambda: _settled(world) and world.telegram.texts(chat), 30), (
            again.log.read_text()[-3000:]
        )
        time.sleep(LEASE_SECONDS)  # time for a wrong second answer to show
        texts = world.telegram.texts(chat)
        assert len(texts) == copies and "OOM" in texts[0]
        retaken = _metric(_get(again.url("/metrics")), "infrabot_telegram_retaken_total")
        assert retaken == 1.0  # the update was taken over from the process that stopped
    finally:
        again.stop()


@pytest.mark.parametrize(("step", "copies"), [("inbox-recorded", 1), ("inbox-answered", 2)])
def test_a_polled_message_is_answered_after_a_crash_at_each_inbox_step(
    world: World, step: str, copies: int
) -> None:
    chat = next(_ids)
    world.telegram.message(chat, "o que é OOM?")
    first = Running(world, "polling", crash_at=step)
    assert first.crashed(), first.log.read_text()[-3000:]
    again = Running(world, "polling")  # getUpdates hands it the batch nobody acknowledged
    try:
        assert wait_for(lambda: _settled(world) and world.telegram.texts(chat), 30), (
            again.log.read_text()[-3000:]
        )
        time.sleep(LEASE_SECONDS)
        texts = world.telegram.texts(chat)
        assert len(texts) == copies and "OOM" in texts[0]
    finally:
        again.stop()


@pytest.mark.parametrize(("step", "copies"), [("outbox-claimed", 1), ("outbox-sent", 2)])
def test_a_staff_reply_reaches_the_client_after_a_crash_at_each_outbox_step(
    world: World, step: str, copies: int
) -> None:
    chat = next(_ids)
    bridge = Bridge(world.engine, BridgeSettings())
    bridge.to_client(chat, f"resposta:{chat}", "Ana (equipe infrabot): já vejo isso")
    first = Running(world, "telegram", crash_at=step)
    assert first.crashed(), first.log.read_text()[-3000:]
    again = Running(world, "telegram")
    try:
        assert wait_for(lambda: _settled(world), 30), again.log.read_text()[-3000:]
        time.sleep(LEASE_SECONDS)
        assert world.telegram.texts(chat) == ["Ana (equipe infrabot): já vejo isso"] * copies
        resends = _metric(
            _get(again.url("/metrics")), 'infrabot_outbox_resends_total{channel="telegram"}'
        )
        assert resends == 1.0  # counted whether or not it had gone out: nobody can tell
    finally:
        again.stop()


@pytest.mark.parametrize("step", ["outbox-claimed", "outbox-sent"])
@pytest.mark.parametrize("first_kind", ["handoff", "lead"])
def test_a_handoff_thread_and_a_lead_go_to_slack_once_after_a_crash(
    world: World, step: str, first_kind: str
) -> None:
    chat = next(_ids)
    bridge = Bridge(world.engine, BridgeSettings(handoff_channel=HANDOFFS, leads_channel=LEADS))
    lead = (
        "slack",
        "slack:leads",
        f"lead:{chat}",
        "post",
        {"channel": LEADS, "text": f"lead {chat}"},
    )
    if first_kind == "lead":
        bridge.outbox.put(*lead)  # type: ignore[arg-type]
    client = f"Cliente {chat}"
    handoff = bridge.open_handoff(
        f"telegram:{chat}", chat, client, ConversationState(id=f"telegram:{chat}")
    )
    assert handoff is not None
    bridge.client_said(handoff, f"cliente:{chat}", client, "ainda estou aqui")
    if first_kind == "handoff":
        bridge.outbox.put(*lead)  # type: ignore[arg-type]
    first = Running(world, "slack", crash_at=step)
    assert first.crashed(), first.log.read_text()[-3000:]
    again = Running(world, "slack")
    try:
        slack_rows = lambda: [  # noqa: E731
            row for row in _outbox(world) if row.channel == "slack" and row.status != "entregue"
        ]
        assert wait_for(lambda: not slack_rows(), 30), again.log.read_text()[-3000:]
        time.sleep(LEASE_SECONDS)
        posts = world.slack.recorded("chat.postMessage", channel=HANDOFFS)
        opening = [p for p in posts if not p.get("thread_ts") and client in p["text"]]
        assert len(opening) == 1  # one thread: the crash did not fork it
        thread = bridge.handoffs.get(handoff.id)
        assert thread is not None and thread.thread_ts == opening[0]["ts_given"]
        in_thread = [p for p in posts if p.get("thread_ts") == thread.thread_ts]
        assert [p["text"] for p in in_thread] == [f"*{client}:* ainda estou aqui"]
        assert len(world.slack.recorded("chat.postMessage", text=f"lead {chat}")) == 1
    finally:
        again.stop()


def _outbox(world: World) -> list[OutboxRow]:
    with Session(world.engine) as session:
        return list(session.scalars(select(OutboxRow)).all())
