"""Time model against published multi-node training throughput (multinode_throughput.toml).

Run: python -m bench.multinode_accuracy
Each comparable row (bf16, data parallelism or FSDP, up to 512 devices, on an accelerator of the
catalog) goes through the same path as bench/throughput_accuracy.py: the layout the quote would
choose, over the network the row states. Rows with tensor or pipeline parallelism, FP8,
multi-slice TPU runs over DCN or MLPerf time-to-train only are listed as not comparable.
Ratio = predicted / measured; above 1 the engine is optimistic.
"""

import statistics
import tomllib
from pathlib import Path
from typing import Any

from bench.throughput_accuracy import MAX_DEVICES, Result, evaluate

DATA = Path(__file__).parent / "data" / "multinode_throughput.toml"
# Layouts the engine models (quoting.topology); anything with tensor, pipeline or context
# parallelism, or a data-parallel hop over the data-centre network between TPU slices, is not.
MODELLED = ("fsdp", "ddp", "data")
NOT_MODELLED = ("tp", "pp", "3d", "cp", "dcn", "multislice")


def network_gbps(row: dict[str, Any]) -> float | None:
    """Per-node network in Gbit/s as the row states it (None: the catalog's machine)."""
    text = row["network"].lower()
    if "1600 gbps" in text:
        return 1600.0
    if "400 gb/s" in text:  # one 400 Gbit/s card per GPU, 8 per node
        return 400.0 * row["devices_per_node"]
    return None


def comparable(row: dict[str, Any]) -> bool:
    layout = row["parallelism"].lower()
    return (
        row["precision"] == "bf16"
        and row["devices"] <= MAX_DEVICES
        and bool(row["tokens_per_second_per_device"] or row["mfu"])
        and any(word in layout for word in MODELLED)
        and not any(word in layout.replace("fsdp", "") for word in NOT_MODELLED)
    )


def as_measured_row(row: dict[str, Any]) -> dict[str, Any]:
    """The row in bench/data/measured_throughput.toml's terms, for throughput_accuracy."""
    return {
        "id": row["id"],
        "accelerator": row["accelerator"],
        "devices": row["devices"],
        "params": row["params"],
        "method": "full" if row["method"] == "pretrain" else row["method"],
        "precision": row["precision"],
        "seq_len": row["seq_len"],
        "batch_size": row.get("batch_size", 1),
        "gradient_checkpointing": row.get("gradient_checkpointing", False),
        "global_batch_tokens": row["global_batch_tokens"],
        "tokens_per_second": row["tokens_per_second_per_device"] * row["devices"],
        "mfu": row["mfu"],
        "split": "held_out",
        "network_gbps": network_gbps(row),
    }


def results() -> tuple[list[Result], list[str]]:
    with DATA.open("rb") as handle:
        rows = tomllib.load(handle)["case"]
    compared = [evaluate(as_measured_row(row)) for row in rows if comparable(row)]
    skipped = [row["id"] for row in rows if not comparable(row)]
    return [r for r in compared if r is not None], skipped


def main() -> None:
    compared, skipped = results()
    print(f"{'caso':<48} {'medido':>10} {'previsto':>10} {'razão':>7}")
    for r in compared:
        print(f"{r.id:<48} {r.measured:>10.3g} {r.predicted:>10.3g} {r.ratio:>7.2f}  {r.unit}")
    ratios = [r.ratio for r in compared]
    print()
    print(
        f"comparáveis: {len(compared)} · fora do modelo (TP/PP, FP8, multi-slice): {len(skipped)}"
    )
    print(f"razão mediana previsto/medido: {statistics.median(ratios):.2f}")
    print(f"mais otimista: {max(ratios):.2f} · mais conservadora: {min(ratios):.2f}")
    print(f"casos fora de 0,7-1,5: {sum(not 0.7 <= x <= 1.5 for x in ratios)}")


if __name__ == "__main__":
    main()
