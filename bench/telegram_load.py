"""100 Telegram chats at once through the fake Bot API: each sends a question and a job.

Run: python -m bench.telegram_load   (uses the index in INFRABOT_HOME; builds it if missing)
Prints lost or doubled replies and p50/p95 time from update to reply (target p95 < 500 ms):
one process in long polling with the rate limiter lifted (the bot's own latency), the same under
Telegram's broadcast limit, and two webhook replicas sharing the database (as in deploy/).
"""

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.telegram.app import webhook_secret
from knowledge.indexer import build_index
from knowledge.settings import home
from tests.fakes.fake_telegram import FakeTelegram

CHATS = 100
MESSAGES = ["Posso migrar de GPU para TPU depois?", "QLoRA do llama 3 8b com 5 mil exemplos"]
INFRABOT = str(Path(sys.executable).with_name("infrabot"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as response:
            return bool(json.loads(response.read())["ready"])
    except OSError:
        return False


def _update(update_id: int, chat: int, text: str) -> bytes:
    message = {
        "message_id": update_id,
        "date": int(time.time()),
        "chat": {"id": chat, "type": "private"},
        "from": {"id": chat, "is_bot": False, "first_name": "Cliente"},
        "text": text,
    }
    return json.dumps({"update_id": update_id, "message": message}).encode()


def run(max_rate: str, replicas: int = 0) -> None:
    """One long-polling process (`replicas=0`) or that many webhook processes."""
    fake = FakeTelegram()
    ports = [_free_port() for _ in range(replicas)]
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": fake.token,
            "INFRABOT_TELEGRAM_API_URL": fake.api_url,
            "INFRABOT_HOME": str(home()),
            "INFRABOT_DATABASE_URL": f"sqlite:///{folder}/carga.db",
            "INFRABOT_TELEGRAM_MAX_RATE": max_rate,
        }
        commands = (
            [[INFRABOT, "telegram"]]
            if not replicas
            else [
                [INFRABOT, "telegram", "--port", str(port), "--webhook", f"http://x/{port}"]
                for port in ports
            ]
        )
        bots = [
            subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for command in commands
        ]
        try:
            if replicas:
                fake.wait_for(lambda: all(_ready(port) for port in ports), 90)
            else:
                fake.wait_for(lambda: bool(fake.calls("setMyCommands")), 60)
                time.sleep(8)  # let the embedding model finish loading: measure steady state
            pushed: dict[int, list[float]] = {}
            secret = webhook_secret(fake.token)
            posts: list[urllib.request.Request] = []
            for chat in range(1, CHATS + 1):
                pushed[chat] = []
                for text in MESSAGES:
                    pushed[chat].append(time.monotonic())
                    if not replicas:
                        fake.message(chat, text)
                        continue
                    update_id = len(pushed) * 10 + len(pushed[chat])
                    posts.append(
                        urllib.request.Request(
                            f"http://127.0.0.1:{ports[update_id % replicas]}/telegram",
                            data=_update(update_id, chat, text),
                            headers={
                                "Content-Type": "application/json",
                                "X-Telegram-Bot-Api-Secret-Token": secret,
                            },
                        )
                    )
            # Telegram delivers webhooks over up to 40 connections at once (max_connections).
            with ThreadPoolExecutor(40) as senders:
                list(
                    senders.map(
                        lambda post: urllib.request.urlopen(post, timeout=30).close(), posts
                    )
                )
            delivering_ms = (time.monotonic() - pushed[1][0]) * 1000
            expected = CHATS * len(MESSAGES)
            fake.wait_for(lambda: len(fake.calls("sendMessage")) >= expected, 120)
            time.sleep(2)
            latencies = []
            counts = []
            for chat, sent_at in pushed.items():
                replies = sorted(c["_at"] for c in fake.calls("sendMessage", chat))
                counts.append(len(replies))
                latencies += [
                    (reply - push) * 1000 for push, reply in zip(sent_at, replies, strict=False)
                ]
        finally:
            for bot in bots:
                bot.terminate()
            for bot in bots:
                bot.wait(30)
            fake.close()
    where = f"{replicas} réplicas em webhook" if replicas else "1 processo"
    limit = "sem limite de taxa" if max_rate == "0" else f"limite de {max_rate} envios/s"
    print(f"[{where}, {limit}]")
    lost = sum(max(0, len(MESSAGES) - n) for n in counts)
    doubled = sum(max(0, n - len(MESSAGES)) for n in counts)
    latencies.sort()
    print(
        f"{CHATS} conversas, {expected} mensagens (entregues ao bot em {delivering_ms:.0f} ms): "
        f"{lost} sem resposta, {doubled} respondidas em dobro"
    )
    print(
        f"do update à resposta: p50 {statistics.median(latencies):.0f} ms · "
        f"p95 {latencies[int(0.95 * (len(latencies) - 1))]:.0f} ms · "
        f"máx {latencies[-1]:.0f} ms"
    )


def main() -> None:
    build_index([])
    # The bot's own latency, then what Telegram's 30 requests/second broadcast limit adds when
    # 100 chats write at the same instant (each reply costs a "typing" action and a message),
    # then two replicas (the limit is per bot, so it is not applied there).
    run("0")
    run("30")
    run("0", replicas=2)


if __name__ == "__main__":
    main()
