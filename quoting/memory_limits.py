"""What to try and what to say when a job does not fit in a card's memory."""

from locales import _
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
        return _("Nenhuma máquina do catálogo comporta este job na memória.")
    smallest = min(catalog.accelerator, key=lambda accelerator: accelerator.memory_gb)
    if smallest.memory_gb > limit:  # "só temos uma placa de 8 GB": no card of ours is that small
        # Whether it would fit the client's own card, at the leanest defaults we would choose.
        lean = job
        if "batch_size" in job.assumed:
            lean = lowered(lean, batch_size=1)
        if "seq_len" in job.assumed and example_sequence(job) < job.seq_len:
            lean = lowered(lean, seq_len=example_sequence(job))
        need = estimate_memory(lean).total
        smallest_card = _(
            "Não temos placa de até {limit} GB: a menor do catálogo é a {card}, de {memory} GB."
        ).format(
            limit=format_number(limit, 0),
            card=smallest.name,
            memory=format_number(smallest.memory_gb, 0),
        )
        if need <= limit * HEADROOM:
            verdict = _(
                "O job usa cerca de {need} GB numa placa, então caberia numa de {limit} GB."
            )
        else:
            verdict = _(
                "O job usa cerca de {need} GB numa placa, então não caberia numa de {limit} GB."
            )
        return (
            smallest_card
            + " "
            + verdict.format(need=format_number(need, 1), limit=format_number(limit, 0))
        )
    return _("Nenhuma placa de até {limit} GB comporta este job na memória.").format(
        limit=format_number(limit, 0)
    )
