"""The Telegram bot under load, in webhook mode as deployed: one table with sustained Poisson
load, the knee, a burst, start-up times and resident memory.

Run: python -m bench.telegram_load             (quick: start-up, 30 msg/s for 10 s, burst, RSS)
     python -m bench.telegram_load --full      (the issue's run: 60 s, knee and burst, 1 and 2)
     python -m bench.telegram_load --only knee --replicas 1 2 --knee-seconds 20
Each mode alone: --only start|poisson|knee|burst (several allowed). The system is as in deploy/:
webhook replicas behind a round-robin balancer, PostgreSQL (a fresh schema in
INFRABOT_TEST_DATABASE_URL; SQLite when it is not set), a Chroma server (--no-chroma: embedded
Chroma in each process) and a fake Bot API on 127.0.0.1 that records when each reply is sent.
The index and the intent classifier's weights are those under INFRABOT_HOME (built if missing or
stale, as `infrabot index` does before a deploy starts the bots).

What each row measures (targets of issue 17 in brackets; see deploy/README.md, "Capacidade"):
- poisson: messages arriving as a Poisson stream at --rate per second (60% guidance questions,
  40% jobs and follow-ups, over --chats chats); p50/p95/p99 time from posting the update to the
  fake API receiving its reply [p95 ≤ 300 ms, p99 ≤ 1 s at 30/s], replies lost or sent twice [0].
  Telegram's send limit is lifted here (--max-rate 0): the arrival rate is the ceiling.
- joelho: the arrival rate at which p95 crosses 300 ms (interpolated between the rates tried).
- rajada: --burst messages at once (each chat a question, then a job) with the bot's own limit of
  30 sends/s: time until the last reply [≤ 8 s] and chats answered out of order [0].
- partida: process start to /healthz, to the first answer (a question posted the moment the port
  answers) [≤ 3 s], and to /readyz 200; then the time to answer a question posted when it said
  ready (fast, or readiness said yes too early).
- RSS: resident memory of each bot process after its load [≤ 700 MB].
- CPU ms/msg: CPU time of the bot processes (and, apart, of the Chroma server) per message, from
  /proc: the figure least bent by other load on the machine.
"""

import argparse
import tempfile
import time
from pathlib import Path

from bench.load_cluster import Cluster
from bench.load_traffic import Outcome, burst, poisson, run
from bot.assistant.intent import classifier
from knowledge.indexer import build_index
from knowledge.settings import home

KNEE_P95_MS = 300.0
Row = list[str]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _outcome_row(name: str, replicas: int, outcome: Outcome, rss: list[float], extra: str) -> Row:
    memory = " / ".join(f"{mb:.0f}" for mb in rss)
    return [
        name,
        str(replicas),
        str(outcome.messages),
        _ms(outcome.p50),
        _ms(outcome.percentile(0.95)),
        _ms(outcome.percentile(0.99)),
        f"{outcome.lost} / {outcome.doubled}",
        str(outcome.out_of_order),
        extra,
        memory,
    ]


def _cluster(args: argparse.Namespace, replicas: int, max_rate: str, folder: Path) -> Cluster:
    return Cluster(replicas, home(), folder, max_rate, chroma=not args.no_chroma)


def start_rows(cluster: Cluster) -> list[Row]:
    rows = []
    for number, replica in enumerate(cluster.replicas, 1):
        assert replica.listening and replica.first_answer and replica.ready
        extra = (
            f"ouvindo {replica.listening - replica.started:.1f} s · 1ª resposta "
            f"{replica.first_answer - replica.started:.1f} s · pronto "
            f"{replica.ready - replica.started:.1f} s · resposta ao ficar pronto "
            f"{_ms(replica.ready_answer_ms)} ms"
        )
        rows.append([f"partida (réplica {number})", "1", "-", "-", "-", "-", "-", "-", extra, ""])
    return rows


def knee(args: argparse.Namespace, cluster: Cluster, replicas: int) -> tuple[Row, list[str]]:
    """Raise the rate by 40% a step until p95 passes KNEE_P95_MS, bisect the last gap, then
    interpolate between the highest rate under it and the lowest over it."""
    tried: list[tuple[float, float]] = []
    rate = args.knee_start
    for step in range(args.knee_steps):
        schedule, sent = poisson(
            cluster, rate, args.knee_seconds, args.chats, seed=100 + step, first_chat=1 + step
        )
        outcome = run(cluster, schedule, sent)
        tried.append((rate, outcome.percentile(0.95)))
        if outcome.percentile(0.95) > KNEE_P95_MS or outcome.lost:
            break
        time.sleep(2)  # let the queue drain between steps
        rate *= 1.4
    for step in range(args.knee_refine):  # halve the last gap: 40% steps are coarse
        below = [r for r, p in tried if p <= KNEE_P95_MS]
        above = [r for r, p in tried if p > KNEE_P95_MS]
        if not below or not above:
            break
        time.sleep(2)
        rate = (max(below) + min(above)) / 2
        schedule, sent = poisson(
            cluster, rate, args.knee_seconds, args.chats, seed=200 + step, first_chat=1 + step
        )
        tried.append((rate, run(cluster, schedule, sent).percentile(0.95)))
    tried.sort()
    below = [(r, p) for r, p in tried if p <= KNEE_P95_MS]
    above = [(r, p) for r, p in tried if p > KNEE_P95_MS]
    if below and above:
        (r0, p0), (r1, p1) = below[-1], above[0]
        found = f"≈ {r0 + (r1 - r0) * (KNEE_P95_MS - p0) / (p1 - p0):.0f} msg/s"
    elif above:
        found = f"< {above[0][0]:.0f} msg/s"
    else:
        found = f"> {tried[-1][0]:.0f} msg/s"
    steps = " · ".join(f"{r:.0f}/s→{p:.0f} ms" for r, p in tried)
    row = ["joelho (p95 > 300 ms)", str(replicas), "-", "-", "-", "-", "-", "-", found, ""]
    return row, [f"joelho com {replicas} processo(s), p95 por taxa: {steps}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=["start", "poisson", "knee", "burst"])
    parser.add_argument("--full", action="store_true", help="60 s, knee and burst, 1 and 2")
    parser.add_argument("--replicas", nargs="+", type=int, default=None)
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--seconds", type=float, default=None, help="poisson (10; 60 --full)")
    parser.add_argument("--chats", type=int, default=300)
    parser.add_argument("--max-rate", default="0", help="bot's send limit under poisson/knee")
    parser.add_argument("--knee-start", type=float, default=20.0)
    parser.add_argument("--knee-seconds", type=float, default=15.0)
    parser.add_argument("--knee-steps", type=int, default=8)
    parser.add_argument("--knee-refine", type=int, default=2, help="bisections after crossing")
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--no-chroma", action="store_true")
    args = parser.parse_args()
    modes = set(args.only or (["start", "poisson", "knee", "burst"] if args.full else []))
    modes = modes or {"start", "poisson", "burst"}
    replica_counts = args.replicas or ([1, 2] if args.full else [1])
    seconds = args.seconds or (60.0 if args.full else 10.0)
    build_index([])
    classifier()
    rows: list[Row] = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for replicas in replica_counts if modes & {"start", "poisson", "knee"} else []:
            cluster = _cluster(args, replicas, args.max_rate, Path(folder) / f"p{replicas}")
            chroma = cluster.chroma_url or "embutido em cada processo"
            notes.append(f"banco: {cluster.database_label}; Chroma: {chroma}")
            try:
                if "start" in modes:
                    rows += start_rows(cluster)
                if "poisson" in modes:
                    schedule, sent = poisson(
                        cluster, args.rate, seconds, args.chats, seed=1, first_chat=1
                    )
                    outcome = run(cluster, schedule, sent)
                    name = f"poisson {args.rate:.0f}/s, {seconds:.0f} s"
                    extra = (
                        f"CPU {outcome.cpu_ms:.1f} ms/msg (Chroma "
                        f"{outcome.chroma_cpu_ms:.1f}) · última resposta "
                        f"{outcome.drained_s:.1f} s após o 1º envio"
                    )
                    rows.append(_outcome_row(name, replicas, outcome, cluster.rss(), extra))
                if "knee" in modes:
                    row, said = knee(args, cluster, replicas)
                    row[-1] = " / ".join(f"{mb:.0f}" for mb in cluster.rss())
                    rows.append(row)
                    notes += said
            finally:
                cluster.close()
        if "burst" in modes:
            cluster = _cluster(args, 1, "30", Path(folder) / "burst")
            try:
                schedule, sent = burst(cluster, args.burst, first_chat=500_000)
                outcome = run(cluster, schedule, sent)
                extra = (
                    f"CPU {outcome.cpu_ms:.1f} ms/msg · última resposta em "
                    f"{outcome.drained_s:.1f} s (limite de 30 envios/s)"
                )
                name = f"rajada de {args.burst}"
                rows.append(_outcome_row(name, 1, outcome, cluster.rss(), extra))
            finally:
                cluster.close()
    header = [
        "medida", "proc.", "msgs", "p50 ms", "p95 ms", "p99 ms",
        "perdidas / em dobro", "fora de ordem", "outros", "RSS MB",
    ]  # fmt: skip
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * width for width in widths], *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    for note in dict.fromkeys(notes):
        print(f"· {note}")


if __name__ == "__main__":
    main()
