"""What to try and what to say when a job does not fit in a card's memory."""

from quoting.candidate import HEADROOM
from quoting.catalog import Catalog
from quoting.jobspec import Job, lowered
from quoting.memory import estimate_memory
from quoting.units import format_number


def example_sequence(job: Job) -> int:
    """The shortest power-of-two sequence that holds one of the client's examples."""
    return 1 << max(int(job.tokens_per_example or job.seq_len) - 1, 1).bit_length()


def memory_refusal(job: Job, catalog: Catalog) -> str:
    limit = job.max_device_memory_gb
    if limit is None:
        return "Nenhuma máquina do catálogo comporta este job na memória."
    smallest = min(catalog.accelerator, key=lambda accelerator: accelerator.memory_gb)
    if smallest.memory_gb > limit:  # "só temos uma placa de 8 GB": no card of ours is that small
        # Whether it would fit the client's own card, at the leanest defaults we would choose.
        lean = job
        if "batch_size" in job.assumed:
            lean = lowered(lean, batch_size=1)
        if "seq_len" in job.assumed and example_sequence(job) < job.seq_len:
            lean = lowered(lean, seq_len=example_sequence(job))
        need = estimate_memory(lean).total
        verdict = "caberia" if need <= limit * HEADROOM else "não caberia"
        return (
            f"Não temos placa de até {format_number(limit, 0)} GB: a menor do catálogo é a "
            f"{smallest.name}, de {format_number(smallest.memory_gb, 0)} GB. O job usa cerca de "
            f"{format_number(need, 1)} GB numa placa, então {verdict} numa de "
            f"{format_number(limit, 0)} GB."
        )
    return f"Nenhuma placa de até {format_number(limit, 0)} GB comporta este job na memória."
