"""The system that bench/telegram_load.py loads, as in deploy/: a fake Telegram Bot API on
127.0.0.1 that records when each message is sent, PostgreSQL (a fresh schema in
INFRABOT_TEST_DATABASE_URL; SQLite when that is not set) migrated first, a `chroma run` server
over a copy of the index, and N `infrabot telegram --webhook` processes; how long each took to
start, to be ready and to answer its first message, and its resident memory."""

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from bot.telegram.app import webhook_secret
from tests.fakes.fake_telegram import FakeTelegram

BIN = Path(sys.executable).parent
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# Telegram delivers a webhook's updates over at most 40 connections at once (max_connections).
CONNECTIONS = 40
# Telegram keeps redelivering an update it got no 200 for; here every half second, 120 times.
REDELIVERIES = 120
REDELIVERY_PAUSE_S = 0.5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except OSError:
        return 0


def rss_mb(pid: int) -> float:
    """Resident memory of a process (Linux /proc), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def update(update_id: int, chat: int, text: str) -> dict[str, Any]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": int(time.time()),
            "chat": {"id": chat, "type": "private", "first_name": "Cliente"},
            "from": {"id": chat, "is_bot": False, "first_name": "Cliente"},
            "text": text,
        },
    }


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Replica:
    process: subprocess.Popen[bytes]
    port: int
    started: float  # monotonic, just before the process was spawned
    listening: float | None = None  # /healthz first answered
    ready: float | None = None  # /readyz first said 200
    first_answer: float | None = None  # the reply to an update posted as soon as it listened
    ready_answer_ms: float | None = None  # a question posted the moment it said ready


@contextmanager
def chroma_server(index_home: Path, folder: Path) -> Iterator[tuple[str, int]]:
    """A Chroma server over a copy of the index built under `index_home`; yields its URL and
    process id."""
    data = folder / "chroma-server"
    shutil.copytree(index_home / "chroma", data)
    port = free_port()
    server = subprocess.Popen(
        [
            str(BIN / "chroma"),
            "run",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            str(data),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while _status(f"http://127.0.0.1:{port}/api/v2/heartbeat") != 200:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("o servidor Chroma não subiu")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", server.pid
    finally:
        server.terminate()
        server.wait(30)


@contextmanager
def database() -> Iterator[tuple[str, str]]:
    """(URL, label): a fresh PostgreSQL schema, or SQLite when no PostgreSQL is configured."""
    if os.environ.get("INFRABOT_TEST_DATABASE_URL"):
        from tests.helpers.postgres import fresh_schema

        with fresh_schema("carga") as url:
            yield url, "PostgreSQL"
        return
    folder = Path(os.environ.get("TMPDIR", "/tmp"))
    path = folder / f"infrabot-carga-{os.getpid()}.db"
    try:
        yield f"sqlite:///{path}", "SQLite"
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


class Cluster:
    """Webhook replicas behind a round-robin balancer, one fake Bot API and one database."""

    def __init__(
        self,
        replicas: int,
        index_home: Path,
        folder: Path,
        max_rate: str,
        chroma: bool,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.fake = FakeTelegram()
        self.secret = webhook_secret(self.fake.token)
        self._stack = ExitStack()
        self.database_url, self.database_label = self._stack.enter_context(database())
        self.chroma_url: str | None = None
        self.chroma_pid: int | None = None
        if chroma:
            self.chroma_url, self.chroma_pid = self._stack.enter_context(
                chroma_server(index_home, folder)
            )
        self.env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": self.fake.token,
            "INFRABOT_TELEGRAM_API_URL": self.fake.api_url,
            "INFRABOT_HOME": str(index_home),
            "INFRABOT_DATABASE_URL": self.database_url,
            "INFRABOT_TELEGRAM_MAX_RATE": max_rate,
            "INFRABOT_LOG_FORMAT": "json",
            **(extra_env or {}),
        }
        self.env.pop("TELEGRAM_WEBHOOK_SECRET", None)
        if self.chroma_url:
            self.env["INFRABOT_CHROMA_URL"] = self.chroma_url
        else:
            self.env.pop("INFRABOT_CHROMA_URL", None)
        # As deploy/compose.yaml's `migrate` service: the schema is at head before any bot starts,
        # so a replica's start-up time is not the first migration's.
        subprocess.run(
            [str(BIN / "infrabot"), "db", "upgrade"],
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        self.logs = folder / "logs"
        self.logs.mkdir(exist_ok=True)
        self.replicas: list[Replica] = []
        self.redelivered = 0  # posts that failed and were sent again
        self._next_update = 1
        self._first_chat = 10_000_000  # chats of the start-up probes, apart from the load's
        for number in range(replicas):
            # One at a time, as a deploy does, so that each start time is its own.
            self.replicas.append(self._start(number))

    def _start(self, number: int) -> Replica:
        port = free_port()
        command = [str(BIN / "infrabot"), "telegram", "--port", str(port)]
        command += ["--webhook", f"http://127.0.0.1:{port}/telegram"]
        started = time.monotonic()
        # Each start's JSON log kept apart, for what went wrong under load (log_lines).
        log = self.logs / f"replica-{number}-{len(list(self.logs.iterdir()))}.log"
        with log.open("wb") as stderr:
            process = subprocess.Popen(
                command, env=self.env, stdout=subprocess.DEVNULL, stderr=stderr
            )
        replica = Replica(process, port, started)
        chat = self._first_chat + number
        deadline = started + 120
        while replica.ready is None or replica.first_answer is None:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"a réplica na porta {port} não ficou pronta")
            if replica.listening is None and _status(self.url(port, "/healthz")) == 200:
                replica.listening = time.monotonic()
                self.post_now(port, update(self.update_id(), chat, PROBE))
            if replica.ready is None and _status(self.url(port, "/readyz")) == 200:
                replica.ready = time.monotonic()
                self.post_now(port, update(self.update_id(), chat + 1000, PROBE))
            if replica.first_answer is None and (sent := self.fake.calls("sendMessage", chat)):
                replica.first_answer = sent[0]["_at"]
            time.sleep(0.02)
        self.fake.wait_for(lambda: bool(self.fake.calls("sendMessage", chat + 1000)), 30)
        answered = self.fake.calls("sendMessage", chat + 1000)[0]["_at"]
        replica.ready_answer_ms = (answered - replica.ready) * 1000
        return replica

    def update_id(self) -> int:
        self._next_update += 1
        return self._next_update

    def url(self, port: int, path: str) -> str:
        return f"http://127.0.0.1:{port}{path}"

    def post_now(self, port: int, body: dict[str, Any]) -> None:
        request = urllib.request.Request(
            self.url(port, "/telegram"),
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", SECRET_HEADER: self.secret},
        )
        urllib.request.urlopen(request, timeout=30).close()

    async def deliver(self, schedule: list[tuple[float, dict[str, Any]]]) -> dict[int, float]:
        """Post each update at its time (seconds from now), round robin over the replicas, over
        at most CONNECTIONS connections as Telegram does; returns when each was posted."""
        posted: dict[int, float] = {}
        headers = {SECRET_HEADER: self.secret}
        connector = aiohttp.TCPConnector(limit=CONNECTIONS)
        async with aiohttp.ClientSession(connector=connector, headers=headers) as session:

            async def post(body: dict[str, Any]) -> None:
                posted[body["update_id"]] = time.monotonic()
                # Sent now, as a client's message would be: a schedule built ahead stamped
                # every message with one time, and the flood gate silenced a chat's 21st.
                if "message" in body:
                    body["message"]["date"] = int(time.time())
                # As Telegram: an update not answered 200 is sent again, here to the next
                # replica (a balancer's health check would skip one that went down).
                for attempt in range(REDELIVERIES):
                    replica = self.replicas[(body["update_id"] + attempt) % len(self.replicas)]
                    try:
                        url = self.url(replica.port, "/telegram")
                        async with session.post(url, json=body) as answer:
                            if answer.status == 200:
                                return
                    except aiohttp.ClientError:
                        pass
                    self.redelivered += 1
                    await asyncio.sleep(REDELIVERY_PAUSE_S)
                raise RuntimeError(f"update {body['update_id']} nunca foi aceito")

            begin = time.monotonic()
            tasks = []
            for at, body in schedule:
                delay = begin + at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                tasks.append(asyncio.create_task(post(body)))
            await asyncio.gather(*tasks)
        return posted

    def log_lines(self) -> dict[str, int]:
        """Warnings and errors the replicas logged, by message, most frequent first."""
        tally: dict[str, int] = {}
        for log in self.logs.iterdir():
            for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if isinstance(entry, dict) and entry.get("level") in ("WARNING", "ERROR"):
                    message = str(entry.get("message"))[:90]
                    tally[message] = tally.get(message, 0) + 1
        return dict(sorted(tally.items(), key=lambda item: -item[1]))

    def cpu(self) -> tuple[float, float]:
        """CPU seconds used so far by the bot processes together, and by the Chroma server."""
        bots = sum(cpu_seconds(replica.process.pid) for replica in self.replicas)
        return bots, cpu_seconds(self.chroma_pid) if self.chroma_pid else 0.0

    def rss(self) -> list[float]:
        return [rss_mb(replica.process.pid) for replica in self.replicas]

    def close(self) -> None:
        for replica in self.replicas:
            replica.process.terminate()
        for replica in self.replicas:
            replica.process.wait(30)
        self.fake.close()
        self._stack.close()


PROBE = "Posso migrar de GPU para TPU depois?"
