"""The outbox: once per key, in order within a stream, retried with backoff, never sent by two
workers, on SQLite and on PostgreSQL."""

import os
import threading
from collections.abc import Iterator

import pytest

from bot.assistant.state import ConversationStore
from bot.relay.outbox import DeliveryFailed, Message, Outbox, backoff_seconds
from tests.helpers.postgres import fresh_schema

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("INFRABOT_TEST_DATABASE_URL") else [])


@pytest.fixture(params=BACKENDS)
def outbox(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Outbox]:
    """An empty outbox: a new SQLite file, or a new schema in the shared PostgreSQL."""
    if request.param == "sqlite":
        yield Outbox(ConversationStore(f"sqlite:///{tmp_path_factory.mktemp('o') / 'o.db'}").engine)
        return
    with fresh_schema("outbox") as url:
        yield Outbox(ConversationStore(url).engine)


@pytest.fixture(autouse=True)
def _quick_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_OUTBOX_BACKOFF", "0")


class Destination:
    """Takes messages in the order it gets them, unless it is down."""

    def __init__(self) -> None:
        self.got: list[str] = []
        self.down = False

    def __call__(self, message: Message) -> None:
        if self.down:
            raise DeliveryFailed("fora do ar")
        self.got.append(message.payload["text"])


def test_a_key_is_queued_once(outbox: Outbox) -> None:
    assert outbox.put("slack", "s", "chave", "thread", {"text": "a"})
    assert not outbox.put("slack", "s", "chave", "thread", {"text": "a de novo"})
    sink = Destination()
    outbox.pump("slack", sink)
    assert sink.got == ["a"]


def test_a_stream_is_delivered_in_order_after_an_outage(outbox: Outbox) -> None:
    for n in range(5):
        outbox.put("telegram", "chat", f"m{n}", "message", {"text": str(n)})
    assert outbox.depth("telegram") == 5
    sink = Destination()
    sink.down = True
    for _ in range(3):
        outbox.pump("telegram", sink)
    assert sink.got == []
    sink.down = False
    outbox.pump("telegram", sink)
    assert sink.got == ["0", "1", "2", "3", "4"]
    outbox.pump("telegram", sink)
    assert sink.got == ["0", "1", "2", "3", "4"]  # delivered once
    assert outbox.depth("telegram") == 0


def test_a_permanent_refusal_is_not_retried_and_does_not_block_the_stream(
    outbox: Outbox,
) -> None:
    outbox.put("slack", "s", "ruim", "thread", {"text": "ruim"})
    outbox.put("slack", "s", "boa", "thread", {"text": "boa"})
    tried: list[str] = []

    def deliver(message: Message) -> None:
        tried.append(message.payload["text"])
        if message.payload["text"] == "ruim":
            raise DeliveryFailed("channel_not_found", permanent=True)

    outbox.pump("slack", deliver)
    outbox.pump("slack", deliver)
    assert tried == ["ruim", "boa"]


def test_two_workers_never_send_the_same_message(outbox: Outbox) -> None:
    for n in range(20):
        outbox.put("slack", f"s{n % 4}", f"m{n}", "thread", {"text": str(n)})
    sent: list[str] = []
    lock = threading.Lock()

    def deliver(message: Message) -> None:
        with lock:
            sent.append(message.payload["text"])

    workers = [threading.Thread(target=outbox.pump, args=("slack", deliver)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    outbox.pump("slack", deliver)  # whatever a lost lease race left behind
    assert sorted(sent, key=int) == [str(n) for n in range(20)]


def test_backoff_doubles_and_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_OUTBOX_BACKOFF", "2")
    assert [backoff_seconds(n) for n in (1, 2, 3, 4)] == [2, 4, 8, 16]
    assert backoff_seconds(30) == 300


def test_a_stream_goes_out_in_the_order_it_was_written_not_queued(outbox: Outbox) -> None:
    # Slack handed over the second reply first: both wait, then leave in writing order.
    outbox.put("telegram", "chat", "b", "message", {"text": "segunda"}, position=200.0)
    outbox.put("telegram", "chat", "a", "message", {"text": "primeira"}, position=100.0)
    sink = Destination()
    outbox.pump("telegram", sink)
    assert sink.got == ["primeira", "segunda"]


def test_a_long_backlog_in_one_stream_does_not_hide_the_others(outbox: Outbox) -> None:
    for n in range(300):  # more than one claim looks at
        outbox.put("slack", "leads", f"lead{n}", "post", {"text": f"lead {n}"}, position=n)
    outbox.put("slack", "thread", "t", "thread", {"text": "resposta"}, position=1000)
    got: list[str] = []

    def leads_down(message: Message) -> None:
        if message.stream == "leads":
            raise DeliveryFailed("fora do ar")
        got.append(message.payload["text"])

    outbox.pump("slack", leads_down)
    assert got == ["resposta"]
