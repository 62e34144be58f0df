"""Job reader, intent classifier and the whole `Reading` cost per message, and the classifier's
training time.

Run: python -m bench.job_reader   (messages: tests/data/reader_cases.toml)
All run on every message: reading one message (job fields, deadline, asks, language, intent) must
stay under 5 ms p95.
"""

import statistics
import time
import tomllib
from pathlib import Path

from bot.assistant.asks import forget_cards
from bot.assistant.intent import classifier, classify
from bot.assistant.reader import read_job
from bot.assistant.reader.cues import forget_models
from bot.assistant.reader.text import normalize
from bot.assistant.reading import read_message

CASES = Path(__file__).parents[1] / "tests" / "data" / "reader_cases.toml"


def _percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    return (
        f"p50 {statistics.median(ordered):.2f} ms · "
        f"p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} ms"
    )


def main() -> None:
    with CASES.open("rb") as handle:
        texts = [c["text"] for g in tomllib.load(handle)["group"] for c in g["cases"]]
    started = time.perf_counter()
    classifier()
    print(
        f"treino do classificador (com import do scikit-learn): "
        f"{time.perf_counter() - started:.2f} s"
    )
    steps = (("leitura do job", read_job), ("intenção", classify), ("Reading", read_message))
    for name, step in steps:
        for text in texts:  # warm up
            step(text)
        samples = []
        for text in texts * 3:
            # Each message as it arrives: read for the first time (the reader caches per message).
            normalize.cache_clear()
            forget_models()
            forget_cards()
            begun = time.perf_counter()
            step(text)
            samples.append((time.perf_counter() - begun) * 1000)
        print(f"{name:<16} {_percentiles(samples)} ({len(samples)} mensagens)")


if __name__ == "__main__":
    main()
