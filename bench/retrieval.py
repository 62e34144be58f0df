"""Retrieval quality and latency on the pt-BR evaluation set (tests/data/retrieval_eval.toml).

Run: python -m bench.retrieval   (indexes into INFRABOT_HOME, default ./var, if needed)
Prints recall@1, recall@3, MRR and warm query latency p50/p95 (target p95 < 50 ms), and the
`infrabot search` command from a cold start, without and with --denso (target: under 3 s without).
"""

import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from pydantic import BaseModel

from knowledge.indexer import build_index
from knowledge.retriever import KnowledgeRetriever

EVAL = Path(__file__).parent.parent / "tests" / "data" / "retrieval_eval.toml"
# Written without sight of the glossary or of the tuning set: a check on over-fitting.
HOLDOUT = EVAL.with_name("retrieval_holdout.toml")


class EvalCase(BaseModel):
    question: str
    expected: list[str]


class Scores(BaseModel):
    recall_at_1: float
    recall_at_3: float
    mrr: float
    misses: list[tuple[str, list[str], list[str]]]


def load_eval(path: Path = EVAL) -> list[EvalCase]:
    with path.open("rb") as handle:
        return [EvalCase.model_validate(case) for case in tomllib.load(handle)["case"]]


def evaluate(retriever: KnowledgeRetriever, cases: list[EvalCase]) -> Scores:
    hits1 = hits3 = 0
    reciprocal = 0.0
    misses = []
    for case in cases:
        found = [Path(p.source).name for p in retriever.search(case.question, k=10).passages]
        ranks = [found.index(name) + 1 for name in case.expected if name in found]
        best = min(ranks, default=0)
        hits1 += best == 1
        hits3 += 0 < best <= 3
        reciprocal += 1 / best if best else 0.0
        if not 0 < best <= 3:
            misses.append((case.question, case.expected, found[:3]))
    n = len(cases)
    return Scores(recall_at_1=hits1 / n, recall_at_3=hits3 / n, mrr=reciprocal / n, misses=misses)


def main() -> None:
    start = time.perf_counter()
    summary = build_index([])
    print(
        f"índice: {summary.chunks_total} trechos, {summary.chunks_embedded} embutidos agora "
        f"({time.perf_counter() - start:.1f} s)"
    )
    retriever = KnowledgeRetriever.load()
    cases = load_eval()
    scores = evaluate(retriever, cases)
    latencies = []
    for case in cases * 3:
        begin = time.perf_counter()
        retriever.search(case.question, k=3)
        latencies.append((time.perf_counter() - begin) * 1000)
    latencies.sort()
    print(f"perguntas: {len(cases)}")
    print(
        f"recall@1: {scores.recall_at_1:.2f} · recall@3: {scores.recall_at_3:.2f} · "
        f"MRR: {scores.mrr:.2f}"
    )
    print(
        f"latência por consulta: p50 {statistics.median(latencies):.1f} ms · "
        f"p95 {latencies[int(0.95 * len(latencies))]:.1f} ms"
    )
    for question, expected, found in scores.misses:
        print(f"  errou: {question!r} esperava {expected}, veio {found}")
    if HOLDOUT.exists():
        held = evaluate(retriever, load_eval(HOLDOUT))
        print(
            f"conjunto separado ({len(load_eval(HOLDOUT))} perguntas): recall@1 "
            f"{held.recall_at_1:.2f} · recall@3 {held.recall_at_3:.2f} · MRR {held.mrr:.2f}"
        )
    cold_command()


def cold_command() -> None:
    """`infrabot search` as a person runs it: a new process each time."""
    infrabot = Path(sys.executable).with_name("infrabot")
    for flags in ([], ["--denso"]):
        seconds = []
        for _ in range(3):
            begin = time.perf_counter()
            subprocess.run(
                [str(infrabot), "search", "posso migrar de GPU pra TPU depois?", *flags],
                check=True,
                capture_output=True,
            )
            seconds.append(time.perf_counter() - begin)
        label = " ".join(["infrabot search", *flags])
        print(f"`{label}` a frio: mediana {statistics.median(seconds):.2f} s")


if __name__ == "__main__":
    main()
