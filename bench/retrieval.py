"""Retrieval quality and latency on the pt-BR evaluation sets, each reported separately: the
tuning set (tests/data/retrieval_eval.toml, used to choose models and weights), the older held-out
set and the independent held-out set (written by someone who never saw the corpus or the code;
never used for tuning).

Run: python -m bench.retrieval   (indexes into INFRABOT_HOME, default ./var, if needed)
Prints recall@1, recall@3, MRR, the share of questions whose best answer card belongs to an
expected document, and warm query latency p50/p95 (target p95 < 50 ms).
Also times the `infrabot search` command from a cold start, without and with --denso.
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
# Written by an independent helper from the seed article alone; copied in once the work was done.
INDEPENDENT = EVAL.with_name("retrieval_heldout_independent.toml")
SETS = [("ajuste", EVAL), ("separado antigo", HOLDOUT), ("separado independente", INDEPENDENT)]


class EvalCase(BaseModel):
    question: str
    expected: list[str]


class Scores(BaseModel):
    recall_at_1: float
    recall_at_3: float
    mrr: float
    card_at_1: float
    misses: list[tuple[str, list[str], list[str]]]


def load_eval(path: Path = EVAL) -> list[EvalCase]:
    with path.open("rb") as handle:
        return [EvalCase.model_validate(case) for case in tomllib.load(handle)["case"]]


def evaluate(retriever: KnowledgeRetriever, cases: list[EvalCase]) -> Scores:
    hits1 = hits3 = cards = 0
    reciprocal = 0.0
    misses = []
    for case in cases:
        result = retriever.search(case.question, k=10)
        found = [Path(p.source).name for p in result.passages]
        cards += bool(result.cards) and Path(result.cards[0].source).name in case.expected
        ranks = [found.index(name) + 1 for name in case.expected if name in found]
        best = min(ranks, default=0)
        hits1 += best == 1
        hits3 += 0 < best <= 3
        reciprocal += 1 / best if best else 0.0
        if not 0 < best <= 3:
            misses.append((case.question, case.expected, found[:3]))
    n = len(cases)
    return Scores(
        recall_at_1=hits1 / n,
        recall_at_3=hits3 / n,
        mrr=reciprocal / n,
        card_at_1=cards / n,
        misses=misses,
    )


def main() -> None:
    start = time.perf_counter()
    summary = build_index([])
    print(
        f"índice: {summary.chunks_total} trechos, {summary.chunks_embedded} embutidos agora "
        f"({time.perf_counter() - start:.1f} s)"
    )
    retriever = KnowledgeRetriever.load()
    for label, path in SETS:
        if not path.exists():
            print(f"{label}: {path.name} não existe")
            continue
        cases = load_eval(path)
        scores = evaluate(retriever, cases)
        print(
            f"{label} ({len(cases)} perguntas): recall@1 {scores.recall_at_1:.3f} · "
            f"recall@3 {scores.recall_at_3:.3f} · MRR {scores.mrr:.3f} · "
            f"cartão certo@1 {scores.card_at_1:.3f}"
        )
        if path == EVAL:
            for question, expected, found in scores.misses:
                print(f"  errou: {question!r} esperava {expected}, veio {found}")
    latencies = []
    for case in load_eval() * 3:
        begin = time.perf_counter()
        retriever.search(case.question, k=3)
        latencies.append((time.perf_counter() - begin) * 1000)
    latencies.sort()
    print(
        f"latência por consulta: p50 {statistics.median(latencies):.1f} ms · "
        f"p95 {latencies[int(0.95 * len(latencies))]:.1f} ms"
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
