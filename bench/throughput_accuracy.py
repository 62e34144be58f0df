"""Time model against published measured throughput (bench/data/measured_throughput.toml).

Run: python -m bench.throughput_accuracy
Ratio = predicted tokens/s / measured tokens/s (or predicted MFU / reported MFU). Above 1 the
engine is optimistic: it would quote too few hours, the error that bursts a client's budget.
Targets: median between 0.9 and 1.1, every row between 0.7 and 1.5, on 30+ rows over 5+
accelerator types; medians are printed for the fit rows and the held-out rows separately.
"""

import statistics
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.placement import node_shape, place
from quoting.timing import estimate_time, flops_per_token, load_performance, peak_flops
from quoting.topology import links_of

DATA = Path(__file__).parent / "data" / "measured_throughput.toml"
# The engine quotes up to a 256-chip TPU slice; runs over thousands of devices (PaLM, Llama 3,
# Megatron's 3D parallelism) use layouts it does not model.
MAX_DEVICES = 512


class Result(BaseModel):
    id: str
    accelerator: str
    method: str
    split: str
    unit: str
    measured: float
    predicted: float

    @property
    def ratio(self) -> float:
        return self.predicted / self.measured


def load_rows() -> list[dict[str, Any]]:
    with DATA.open("rb") as handle:
        return list(tomllib.load(handle)["case"])


def evaluate(row: dict[str, Any]) -> Result | None:
    """The engine's prediction for one measured row; None when the row cannot be compared."""
    catalog = load_catalog()
    known = {a.id for a in catalog.accelerator}
    if row["accelerator"] not in known or row["devices"] > MAX_DEVICES:
        return None
    if not (row["tokens_per_second"] or row["mfu"]):
        return None
    accelerator = catalog.accelerator_by_id(row["accelerator"])
    batch = int(row.get("batch_size") or 8)
    # The exact architecture where the row names one from the registry, else one by size.
    size = (
        {"model": row["registry_model"]} if "registry_model" in row else {"params": row["params"]}
    )
    job = normalize(
        JobSpec(
            **size,
            method=row["method"],
            precision=row.get("precision", "bf16"),
            seq_len=row["seq_len"],
            batch_size=batch,
            gradient_checkpointing=bool(row.get("gradient_checkpointing", True)),
            dataset_tokens=1e9,
            epochs=1,
        )
    )
    devices = row["devices"]
    per_step = row["seq_len"] * batch * devices
    accumulation = max(1, round(row["global_batch_tokens"] / per_step))
    # The layout the quote would choose on that many devices (quoting.placement), over the
    # network the run was measured on where the row states it, else the catalog's.
    per_instance, links = node_shape(accelerator, catalog, devices)
    if row.get("network_gbps"):
        interconnect = load_performance().interconnect
        links = links_of(accelerator, per_instance, row["network_gbps"], interconnect)
    placement = place(job, accelerator, links, per_instance, devices // per_instance).placement
    if row.get("zero"):
        placement = placement.model_copy(update={"parallelism": "fsdp"})
    time = estimate_time(job, accelerator, placement, accumulation)
    tokens_per_second = job.total_tokens / (time.training_hours * 3600)
    if row["tokens_per_second"]:
        measured, predicted, unit = row["tokens_per_second"], tokens_per_second, "tok/s"
    else:
        # Reported MFU counts 6N (+attention) per token without recomputation.
        plain = job.model_copy(update={"gradient_checkpointing": False})
        achieved = tokens_per_second * flops_per_token(plain)
        measured, unit = row["mfu"], "MFU"
        predicted = achieved / (peak_flops(accelerator, job) * devices)
    return Result(
        id=row["id"],
        accelerator=row["accelerator"],
        method=row["method"],
        split=row["split"],
        unit=unit,
        measured=measured,
        predicted=predicted,
    )


def results() -> list[Result]:
    return [r for r in (evaluate(row) for row in load_rows()) if r is not None]


def main() -> None:
    rows = results()
    print(f"{'caso':<46} {'parte':<9} {'medido':>10} {'previsto':>10} {'razão':>7}")
    for r in rows:
        flag = "" if 0.7 <= r.ratio <= 1.5 else "  <- fora de 0,7-1,5"
        print(
            f"{r.id:<46} {r.split:<9} {r.measured:>10.3g} {r.predicted:>10.3g} "
            f"{r.ratio:>7.2f}  {r.unit}{flag}"
        )
    ratios = [r.ratio for r in rows]
    types = sorted(
        {r.accelerator.split("-")[0] if "tpu" not in r.accelerator else r.accelerator for r in rows}
    )
    print()
    print(f"casos: {len(rows)} · tipos de acelerador: {len(types)} ({', '.join(types)})")
    for split in ("fit", "held_out"):
        part = [r.ratio for r in rows if r.split == split]
        name = "ajuste" if split == "fit" else "validação (fora do ajuste)"
        print(f"razão mediana, {name}: {statistics.median(part):.2f} em {len(part)} casos")
    print(f"razão mediana previsto/medido: {statistics.median(ratios):.2f}")
    print(f"mais otimista: {max(ratios):.2f} · mais conservadora: {min(ratios):.2f}")
    print(f"casos fora de 0,7-1,5: {sum(not 0.7 <= x <= 1.5 for x in ratios)}")
    print(f"casos otimistas (razão > 1): {sum(x > 1 for x in ratios)}")


if __name__ == "__main__":
    main()
