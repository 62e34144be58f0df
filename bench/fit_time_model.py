"""Fits the time model's figures on the measured rows marked split = "fit".

Run: python -m bench.fit_time_model
Prints the values to copy into quoting/data/performance.toml, then the medians on the fit and
held-out rows. Least squares on log(predicted/measured), with a steep penalty outside 0.75-1.4.
Shared across GPU families: the adapter/full utilisation ratio and the launch cost per layer
(a property of the software stack); L40S/L4 take the A10G utilisation (their rows are
launch-bound) and T4/V100 0.7 of it (no rows).
"""

import math
import statistics

import numpy as np
from scipy.optimize import minimize

from bench.throughput_accuracy import evaluate, load_rows
from quoting.timing import Performance, load_performance

FITTED = ["a100", "hopper", "a10g", "tpu"]
SHARED = ["adapter_ratio", "layer_ms", "full_factor", "sharded_factor", "dequant", "optimizer"]
NAMES = [*(f"u_{f}" for f in FITTED), *SHARED]
START = [0.55, 0.45, 0.4, 0.65, 0.9, 5.0, 0.7, 4.0, 20.0, 30.0]
OLDER_GPU_FACTOR = 0.7


def apply(perf: Performance, values: dict[str, float]) -> None:
    """Write candidate values into the loaded (cached) performance figures."""
    utilisation = {f: values[f"u_{f}"] for f in FITTED}
    utilisation["ada"] = utilisation["a10g"]
    utilisation["gpu-other"] = utilisation["a10g"] * OLDER_GPU_FACTOR
    for family in perf.family:
        family.full = min(1.0, utilisation[family.id])
        family.lora = family.qlora = min(1.0, family.full * values["adapter_ratio"])
        family.layer_overhead_ms = 0.0 if family.id == "tpu" else values["layer_ms"]
    perf.step.full_layer_factor = values["full_factor"]
    perf.step.sharded_layer_factor = values["sharded_factor"]
    perf.step.dequant_bytes_per_param = values["dequant"]
    perf.step.optimizer_bytes_per_param = values["optimizer"]


def ratios(split: str) -> list[float]:
    found = (evaluate(row) for row in load_rows() if row["split"] == split)
    return [result.ratio for result in found if result is not None]


def main() -> None:
    perf = load_performance()

    def loss(x: np.ndarray) -> float:
        apply(perf, dict(zip(NAMES, np.exp(x), strict=True)))
        total = 0.0
        for ratio in ratios("fit"):
            spread = math.log(ratio)
            outside = max(0.0, math.log(0.75 / ratio)) + max(0.0, math.log(ratio / 1.4))
            total += spread**2 + 20 * outside**2
        return total

    best = minimize(loss, np.log(START), method="Powell", options={"xtol": 1e-3, "ftol": 1e-6})
    values = dict(zip(NAMES, np.exp(best.x), strict=True))
    apply(perf, values)
    for family in perf.family:
        print(
            f"{family.id:<10} full = {family.full:.3f}  lora = qlora = {family.lora:.3f}  "
            f"layer_overhead_ms = {family.layer_overhead_ms:.2f}"
        )
    print(f"full_layer_factor = {values['full_factor']:.2f}")
    print(f"sharded_layer_factor = {values['sharded_factor']:.2f}")
    print(f"dequant_bytes_per_param = {values['dequant']:.1f}")
    print(f"optimizer_bytes_per_param = {values['optimizer']:.1f}")
    print(f"adapter/full utilisation = {values['adapter_ratio']:.3f}")
    for split in ("fit", "held_out"):
        found = ratios(split)
        print(f"{split}: mediana {statistics.median(found):.2f}, {len(found)} casos")


if __name__ == "__main__":
    main()
