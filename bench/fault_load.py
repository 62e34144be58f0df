"""The Telegram bot under load with faults (issue 32's measure): a Poisson stream of client
messages through two webhook replicas while one replica is killed (SIGKILL) every --kill-every
seconds and started again, and the fake Slack answers 500 or 429 to --faults of its calls; a Slack
app (`infrabot slack --http`) delivers the leads and the handoff threads from the outbox, and a
new chat asks for a person every --handoff-every seconds.

Run: python -m bench.fault_load                     (5 minutes at 20 msg/s, a kill a minute)
     python -m bench.fault_load --seconds 120 --kill-every 30
Needs INFRABOT_TEST_DATABASE_URL (PostgreSQL: the replicas share it; a fresh schema is used).
An update a replica took and never answered waits for its lease (--lease, seconds) to be taken
over; Telegram's redelivery of what got no 200 is played by sending it to the other replica.

Reported: client messages lost and answered twice, latency p50/p95/p99 from posting the update
to its reply, updates sent again, leads (one per quote) lost and posted twice, and handoff
threads opened twice (forked).
"""

import argparse
import re
import subprocess
import tempfile
import threading
import time
from itertools import count
from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bench.load_cluster import BIN, Cluster, free_port, update
from bench.load_traffic import Outcome, poisson, run
from bot.assistant.intent import classifier
from bot.assistant.state import ConversationStore
from bot.db.tables import HandledUpdate, HandoffRow, OutboxRow, QuoteRow
from knowledge.indexer import build_index
from knowledge.settings import home
from tests.fakes.fake_slack import FakeSlack
from tests.helpers.waiting import wait_for

LEADS, HANDOFFS = "CLEADS", "CATENDIMENTO"
_NUMBER = re.compile(r"\(([^()]+)\)$")


def _killer(cluster: Cluster, every: float, stop: threading.Event, kills: list[float]) -> None:
    """Every `every` seconds, one replica (in turn) killed and started again."""
    for turn in count():
        if stop.wait(every):
            return
        index = turn % len(cluster.replicas)
        cluster.replicas[index].process.kill()
        kills.append(time.monotonic())
        cluster.replicas[index] = cluster._start(index)


def _handoffs(cluster: Cluster, seconds: float, every: float) -> list[tuple[float, dict[str, Any]]]:
    """A new chat asking for a person every `every` seconds, halfway through each period."""
    asks = []
    for number in range(int(seconds // every)):
        chat = 900_000 + number
        asks.append(
            (
                every * (number + 0.5),
                update(cluster.update_id(), chat, "quero falar com uma pessoa"),
            )
        )
    return asks


def _slack_counts(slack: FakeSlack, database: str) -> dict[str, int]:
    engine = ConversationStore(database).engine
    with Session(engine) as session:
        numbers = set(session.scalars(select(QuoteRow.number)).all())
        handoffs = session.scalars(select(HandoffRow.thread_ts)).all()
        unanswered = session.scalar(
            select(func.count())
            .select_from(HandledUpdate)
            .where(HandledUpdate.status != "respondido")
        )
        pending = session.scalars(select(OutboxRow.key).where(OutboxRow.status != "entregue")).all()
    leads: dict[str, int] = {}
    for call in slack.recorded("chat.postMessage", channel=LEADS):
        found = _NUMBER.search(str(call.get("text")))
        if found:
            leads[found.group(1)] = leads.get(found.group(1), 0) + 1
    openings = [
        call["ts_given"]
        for call in slack.recorded("chat.postMessage", channel=HANDOFFS)
        if not call.get("thread_ts") and "pediu para falar" in str(call.get("text"))
    ]
    queued = {key.removeprefix("lead:") for key in pending}
    return {
        "cotações": len(numbers),
        "leads perdidos": len(numbers - set(leads) - queued),
        "leads ainda na fila": len(numbers & queued),
        "leads em dobro": sum(n - 1 for n in leads.values()),
        "atendimentos": len(handoffs),
        "threads abertas": len(openings),
        "threads bifurcadas": len(openings) - len(set(openings) & set(handoffs)),
        "fila pendente no fim": len(pending),
        "updates sem resposta no banco": int(unanswered or 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--kill-every", type=float, default=60.0)
    parser.add_argument("--faults", type=float, default=0.1, help="share of Slack calls failing")
    parser.add_argument("--handoff-every", type=float, default=15.0)
    parser.add_argument("--chats", type=int, default=300)
    parser.add_argument("--lease", type=float, default=15.0)
    args = parser.parse_args()
    build_index([])
    classifier()
    slack = FakeSlack()
    slack.flaky = args.faults
    env = {
        "SLACK_BOT_TOKEN": "xoxb-bench",
        "SLACK_SIGNING_SECRET": "segredo-bench",
        "INFRABOT_SLACK_API_URL": slack.api_url,
        "INFRABOT_SLACK_LEADS_CHANNEL": LEADS,
        "INFRABOT_SLACK_HANDOFF_CHANNEL": HANDOFFS,
        "INFRABOT_OUTBOX_POLL": "0.2",
        "INFRABOT_OUTBOX_BACKOFF": "0.5",
        "INFRABOT_INBOX_LEASE": str(args.lease),
        "INFRABOT_OUTBOX_LEASE": str(args.lease),
    }
    with tempfile.TemporaryDirectory() as folder:
        cluster = Cluster(2, home(), Path(folder), "0", chroma=False, extra_env=env)
        slack_app = subprocess.Popen(
            [str(BIN / "infrabot"), "slack", "--http", "--port", str(free_port())],
            env=cluster.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        stop, kills = threading.Event(), list[float]()
        try:
            schedule, sent = poisson(cluster, args.rate, args.seconds, args.chats, 1, 1)
            schedule = sorted(
                schedule + _handoffs(cluster, args.seconds, args.handoff_every),
                key=lambda item: item[0],
            )
            killer = threading.Thread(
                target=_killer, args=(cluster, args.kill_every, stop, kills), daemon=True
            )
            killer.start()
            outcome: Outcome = run(cluster, schedule, sent, patience_s=args.lease * 3)
            stop.set()
            killer.join(180)
            engine = ConversationStore(cluster.database_url).engine

            def drained() -> bool:
                with Session(engine) as session:
                    return not session.scalar(
                        select(func.count())
                        .select_from(OutboxRow)
                        .where(OutboxRow.status != "entregue")
                    )

            wait_for(drained, 180, step=1.0)
            counts = _slack_counts(slack, cluster.database_url)
            logged = cluster.log_lines()
        finally:
            stop.set()
            slack_app.terminate()
            slack_app.wait(30)
            cluster.close()
            slack.close()
    print(
        f"{outcome.messages} mensagens em {args.seconds:.0f} s ({args.rate:.0f}/s), 2 réplicas, "
        f"{len(kills)} mortas com SIGKILL e reiniciadas, {args.faults:.0%} das chamadas ao Slack "
        f"com 500 ou 429, lease {args.lease:.0f} s"
    )
    print(
        f"perdidas: {outcome.lost} · em dobro: {outcome.doubled} · "
        f"reenviadas pelo 'Telegram': {cluster.redelivered}"
    )
    print(
        f"latência p50 {outcome.p50:.0f} ms · p95 {outcome.percentile(0.95):.0f} ms · "
        f"p99 {outcome.percentile(0.99):.0f} ms"
    )
    print(" · ".join(f"{name}: {value}" for name, value in counts.items()))
    print("avisos e erros nos logs das réplicas:")
    for message, times in logged.items():
        print(f"  {times:6d}  {message}")


if __name__ == "__main__":
    main()
