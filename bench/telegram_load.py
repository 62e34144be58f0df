"""100 Telegram chats at once through the fake Bot API: each sends a question and a job.

Run: python -m bench.telegram_load   (uses the index in INFRABOT_HOME; builds it if missing)
Prints lost or doubled replies and p50/p95 time from update to reply (target p95 < 500 ms), first
with the rate limiter lifted (the bot's own latency), then under Telegram's broadcast limit.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from knowledge.indexer import build_index
from knowledge.settings import home
from tests.fake_telegram import FakeTelegram

CHATS = 100
MESSAGES = ["Posso migrar de GPU para TPU depois?", "QLoRA do llama 3 8b com 5 mil exemplos"]


def run(max_rate: str) -> None:
    fake = FakeTelegram()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": fake.token,
            "INFRABOT_TELEGRAM_API_URL": fake.api_url,
            "INFRABOT_HOME": str(home()),
            "INFRABOT_DATABASE_URL": f"sqlite:///{folder}/carga.db",
            "INFRABOT_TELEGRAM_MAX_RATE": max_rate,
        }
        bot = subprocess.Popen(
            [str(Path(sys.executable).with_name("infrabot")), "telegram"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            fake.wait_for(lambda: bool(fake.calls("setMyCommands")), 60)
            time.sleep(8)  # let the embedding model finish loading: measure steady state
            pushed: dict[int, list[float]] = {}
            for chat in range(1, CHATS + 1):
                pushed[chat] = []
                for text in MESSAGES:
                    pushed[chat].append(time.monotonic())
                    fake.message(chat, text)
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
            bot.terminate()
            bot.wait(30)
            fake.close()
    label = "sem limite de taxa" if max_rate == "0" else f"limite do Telegram ({max_rate} envios/s)"
    print(f"[{label}]")
    lost = sum(max(0, len(MESSAGES) - n) for n in counts)
    doubled = sum(max(0, n - len(MESSAGES)) for n in counts)
    latencies.sort()
    print(
        f"{CHATS} conversas, {expected} mensagens: {lost} sem resposta, "
        f"{doubled} respondidas em dobro"
    )
    print(
        f"do update à resposta: p50 {statistics.median(latencies):.0f} ms · "
        f"p95 {latencies[int(0.95 * (len(latencies) - 1))]:.0f} ms · "
        f"máx {latencies[-1]:.0f} ms"
    )


def main() -> None:
    build_index([])
    # The bot's own latency, then what Telegram's 30 requests/second broadcast limit adds when
    # 100 chats write at the same instant (each reply costs a "typing" action and a message).
    run("0")
    run("30")


if __name__ == "__main__":
    main()
