"""Two `infrabot telegram --webhook` replicas on one PostgreSQL database and one Chroma server,
as behind a load balancer: every update answered exactly once whichever replica (or both) gets
it, the /cotacao form continuing across replicas, metrics, and readiness when Chroma dies."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.telegram.app import webhook_secret
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.postgres import fresh_schema
from tests.helpers.updates import free_port, message
from tests.helpers.waiting import wait_for

BIN = Path(sys.executable).parent
DATABASE = os.environ.get("INFRABOT_TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(
    not DATABASE, reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)"
)


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status), response.read().decode()
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode()
    except OSError:
        return 0, ""


class Cluster:
    def __init__(self, home: Path, indexed_home: Path, database: str) -> None:
        self.fake = FakeTelegram()
        self.secret = webhook_secret(self.fake.token)
        # Chroma: a server over a copy of the index the test session built.
        chroma_dir = home / "chroma-server"
        shutil.copytree(indexed_home / "chroma", chroma_dir)
        self.chroma_port = free_port()
        self.chroma = subprocess.Popen(
            [
                str(BIN / "chroma"),
                "run",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.chroma_port),
                "--path",
                str(chroma_dir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        heartbeat = f"http://127.0.0.1:{self.chroma_port}/api/v2/heartbeat"
        assert wait_for(lambda: _get(heartbeat)[0] == 200, 60), "o Chroma não subiu"
        self.database = database
        self.ports = [free_port(), free_port()]
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": self.fake.token,
            "INFRABOT_TELEGRAM_API_URL": self.fake.api_url,
            "INFRABOT_DATABASE_URL": self.database,
            "INFRABOT_CHROMA_URL": f"http://127.0.0.1:{self.chroma_port}",
            "INFRABOT_HOME": str(home),
            "INFRABOT_TELEGRAM_MAX_RATE": "0",
        }
        env.pop("TELEGRAM_WEBHOOK_SECRET", None)
        self.logs = [home / f"replica-{port}.log" for port in self.ports]
        self.replicas = [
            subprocess.Popen(
                [
                    str(BIN / "infrabot"),
                    "telegram",
                    "--port",
                    str(port),
                    "--webhook",
                    f"http://127.0.0.1:{port}/telegram",
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=log.open("w"),
            )
            for port, log in zip(self.ports, self.logs, strict=True)
        ]
        for port in self.ports:
            assert wait_for(lambda port=port: self.ready(port)), self.diagnosis()

    def ready(self, port: int) -> bool:
        return _get(f"http://127.0.0.1:{port}/readyz")[0] == 200

    def diagnosis(self) -> str:
        return "\n".join(log.read_text()[-3000:] for log in self.logs)

    def post(self, port: int, update: dict[str, Any]) -> int:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/telegram",
            data=json.dumps(update).encode(),
            headers={
                "Content-Type": "application/json",
                "X-Telegram-Bot-Api-Secret-Token": self.secret,
            },
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)

    def stop(self) -> None:
        for process in [*self.replicas, self.chroma]:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in [*self.replicas, self.chroma]:
            process.wait(30)
        self.fake.close()


@pytest.fixture(scope="module")
def cluster(indexed_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    # A new schema, so the replicas also race to create the tables.
    with fresh_schema("replicas") as database:
        running = Cluster(tmp_path_factory.mktemp("replicas"), indexed_home, database)
        yield running
        running.stop()


_ids = iter(range(10_000, 1_000_000))


def _message(chat: int, words: str) -> dict[str, Any]:
    return message(next(_ids), chat, words, next(_ids))


def _press(chat: int, data: str) -> dict[str, Any]:
    return {
        "update_id": next(_ids),
        "callback_query": {
            "id": str(next(_ids)),
            "chat_instance": str(chat),
            "data": data,
            "from": {"id": chat, "is_bot": False, "first_name": "Cliente"},
            "message": {
                "message_id": next(_ids),
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private"},
                "text": "botões",
            },
        },
    }


def test_both_replicas_register_the_same_webhook_secret(cluster: Cluster) -> None:
    secrets = {call["secret_token"] for call in cluster.fake.calls("setWebhook")}
    assert secrets == {cluster.secret}


def test_a_stream_of_updates_gets_exactly_one_reply_each(cluster: Cluster) -> None:
    words = [
        "oi",
        "o que é OOM?",
        "LoRA de um Llama 3 8B com 20 mil exemplos",
        "posso usar TPU com PyTorch?",
        "QLoRA de um Mistral 7B com 5 mil exemplos",
    ]
    chats = [7_000_000 + n for n in range(12)]
    for n, chat in enumerate(chats):
        update = _message(chat, words[n % len(words)])
        assert cluster.post(cluster.ports[n % 2], update) == 200
        if n % 3 == 0:  # the load balancer retried: the same update reaches the other replica
            assert cluster.post(cluster.ports[(n + 1) % 2], update) == 200
    assert cluster.fake.wait_for(lambda: all(cluster.fake.texts(c) for c in chats), 60)
    time.sleep(2.0)  # any second answer would have arrived by now
    assert [len(cluster.fake.texts(chat)) for chat in chats] == [1] * len(chats)


def test_a_form_started_on_one_replica_continues_on_the_other(cluster: Cluster) -> None:
    chat = 7_100_000
    steps = [
        _message(chat, "/cotacao"),
        _press(chat, "form:model:llama-3-8b"),
        _press(chat, "form:method:qlora"),
        _message(chat, "5 mil exemplos"),
        _press(chat, "form:pular"),
        _press(chat, "form:data_residency:br"),
        _message(chat, "2 dias"),
    ]
    for n, update in enumerate(steps):
        cluster.post(cluster.ports[n % 2], update)  # A, B, A, B, ...
        assert cluster.fake.wait_for(lambda n=n: len(cluster.fake.texts(chat)) > n, 30)
    texts = cluster.fake.texts(chat)
    assert [t.split(" · ")[0] for t in texts[:6]] == ["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]
    assert "Recomendo GPU" in texts[-1] and "QLoRA" in texts[-1] and "5.000 exemplos" in texts[-1]


def test_the_flood_limit_counts_across_replicas(cluster: Cluster) -> None:
    chat = 7_150_000
    for n in range(30):
        cluster.post(cluster.ports[n % 2], _message(chat, "oi"))
    assert cluster.fake.wait_for(lambda: any("Calma" in t for t in cluster.fake.texts(chat)), 60), (
        cluster.diagnosis()[-3000:]
    )
    time.sleep(2.0)
    texts = cluster.fake.texts(chat)
    assert sum("Calma" in t for t in texts) == 1
    # 20 answers, or 19 when the 20th and 21st reach the two replicas at the same instant and
    # each counts the other; never the 30 answers of a replica counting alone.
    assert 19 <= len(texts) - 1 <= 20


def test_metrics_count_updates_replies_and_latency(cluster: Cluster) -> None:
    status, page = _get(f"http://127.0.0.1:{cluster.ports[0]}/metrics")
    assert status == 200
    counted = {
        line.split()[0]: float(line.split()[1])
        for line in page.splitlines()
        if line.startswith("infrabot_") and not line.startswith("#")
    }
    assert counted["infrabot_updates_total"] >= 6
    assert any(name.startswith("infrabot_replies_total{intent=") for name in counted)
    assert counted["infrabot_reply_seconds_count"] >= 1
    assert 'infrabot_outbox_depth{channel="telegram"}' in counted
    assert _get(f"http://127.0.0.1:{cluster.ports[0]}/healthz")[0] == 200


def test_without_chroma_readyz_fails_and_answers_fall_back(cluster: Cluster) -> None:
    cluster.chroma.send_signal(signal.SIGTERM)
    cluster.chroma.wait(30)
    status, body = _get(f"http://127.0.0.1:{cluster.ports[1]}/readyz")
    assert status == 503
    checks = json.loads(body)["checks"]
    assert checks["database"] == "ok" and checks["chroma"] != "ok"
    chat = 7_200_000
    cluster.post(cluster.ports[1], _message(chat, "o que é OOM?"))
    [answer] = cluster.fake.wait_texts(chat, 1)
    assert "Fonte" in answer  # still answered, from the lexical index
    assert "infrabot index" not in answer  # operator notices go to the log, not to clients


def test_sigterm_finishes_the_updates_in_flight_before_exiting(cluster: Cluster) -> None:
    chats = [7_300_000 + n for n in range(5)]
    for chat in chats:
        cluster.post(cluster.ports[0], _message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos"))
    replica = cluster.replicas[0]
    replica.send_signal(signal.SIGTERM)  # what a deploy or `docker stop` sends
    assert replica.wait(30) == 0
    assert all(len(cluster.fake.texts(chat)) == 1 for chat in chats)
