"""Time model against published measured throughput (bench/data/measured_throughput.toml).

Run: python -m bench.throughput_accuracy
Ratio = predicted tokens/s / measured tokens/s (or predicted MFU / reported MFU). Above 1 the
engine is optimistic: it would quote too few hours, the error that bursts a client's budget.
"""

import statistics
import tomllib
from pathlib import Path

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.memory import estimate_memory
from quoting.timing import estimate_time, flops_per_token, peak_flops

DATA = Path(__file__).parent / "data" / "measured_throughput.toml"


def main() -> None:
    catalog = load_catalog()
    known = {a.id for a in catalog.accelerator}
    with DATA.open("rb") as handle:
        rows = tomllib.load(handle)["case"]
    ratios: list[float] = []
    print(f"{'caso':<44} {'medido':>10} {'previsto':>10} {'razão':>7}")
    for row in rows:
        if row["accelerator"] not in known or row["devices"] > 4096:
            continue
        accelerator = catalog.accelerator_by_id(row["accelerator"])
        batch = int(row.get("batch_size") or 8)
        job = normalize(
            JobSpec(
                params=row["params"],
                method=row["method"],
                seq_len=row["seq_len"],
                batch_size=batch,
                gradient_checkpointing=bool(row.get("gradient_checkpointing", True)),
                dataset_tokens=1e9,
                epochs=1,
            )
        )
        devices = row["devices"]
        sharded = devices > 1 and estimate_memory(job, devices, False).total > accelerator.memory_gb
        time = estimate_time(job, accelerator, devices, 1, sharded)
        tokens_per_second = job.total_tokens / (time.training_hours * 3600)
        if row["tokens_per_second"]:
            measured, predicted = row["tokens_per_second"], tokens_per_second
            unit = "tok/s"
        elif row["mfu"]:
            # Reported MFU counts 6N (+attention) per token without recomputation.
            achieved = tokens_per_second * flops_per_token(
                job.model_copy(update={"gradient_checkpointing": False})
            )
            measured, predicted = row["mfu"], achieved / (peak_flops(accelerator, job) * devices)
            unit = "MFU"
        else:
            continue
        ratio = predicted / measured
        ratios.append(ratio)
        print(f"{row['id']:<44} {measured:>10.3g} {predicted:>10.3g} {ratio:>7.2f}  {unit}")
    print()
    print(f"casos: {len(ratios)}")
    print(f"razão mediana previsto/medido: {statistics.median(ratios):.2f}")
    print(f"mais otimista: {max(ratios):.2f} · mais conservadora: {min(ratios):.2f}")
    print(f"casos otimistas (razão > 1): {sum(r > 1 for r in ratios)}")


if __name__ == "__main__":
    main()
