"""Quote latency: in-process (warm) and the `infrabot quote` command from a cold start.

Run: python -m bench.quote_speed   (targets: under 2 ms warm, under 1.5 s cold)
"""

import statistics
import subprocess
import sys
import time
from pathlib import Path

from quoting.jobspec import JobSpec
from quoting.quote import quote

JOBS = [
    JobSpec(model="llama-3-8b", method="qlora", examples=5000),
    JobSpec(model="mistral-7b", method="lora", examples=20000, data_residency="br"),
    JobSpec(model="bert-base", method="full", examples=100000, tokens_per_example=256),
    JobSpec(params=70e9, method="full", framework="jax", dataset_tokens=2e9, cloud="gcp"),
]
INFRABOT = Path(sys.executable).with_name("infrabot")


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    for spec in JOBS:
        quote(spec)  # load the data files once
    for spec in JOBS:
        samples = []
        for _ in range(200):
            start = time.perf_counter()
            quote(spec)
            samples.append((time.perf_counter() - start) * 1000)
        label = spec.model or f"{spec.params:.0e} parâmetros"
        print(
            f"cotação em processo, {label:<22} p50 {statistics.median(samples):.2f} ms "
            f"· p95 {percentile(samples, 0.95):.2f} ms"
        )
    cold = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(
            [
                str(INFRABOT),
                "quote",
                "--model",
                "llama-3-8b",
                "--method",
                "qlora",
                "--examples",
                "5000",
                "--json",
            ],
            check=True,
            capture_output=True,
        )
        cold.append(time.perf_counter() - start)
    print(
        f"`infrabot quote --json` a frio: mediana {statistics.median(cold):.2f} s · "
        f"pior {max(cold):.2f} s"
    )


if __name__ == "__main__":
    main()
