"""Yes or no on "cabe numa L4?", and the estimator's figures for a guidance question that names a
size ("full fine-tuning de um 13B cabe em quantas GPUs, e com LoRA?"), from the same memory model
the quotes use (quoting.fit)."""

from quoting.catalog import Accelerator, load_catalog
from quoting.fit import fit_on
from quoting.jobspec import METHOD_NAMES, JobSpec, normalize
from quoting.memory import estimate_memory
from quoting.units import format_number

# The card a size question is answered on: the usual top card for fine-tuning.
REFERENCE_CARD = "h100"
# Where a card is given only by its memory ("numa placa de 24 GB"), it is measured like this one.
TEMPLATE_CARD = "l4"
OWN_CARD = "own"


def card_for(
    accelerator_id: str | None, memory_gb: float | None, kind: str | None = None
) -> Accelerator:
    """The card named, or one of the memory said, or the roomiest of a kind ("um chip de TPU")."""
    catalog = load_catalog()
    if accelerator_id is not None:
        return catalog.accelerator_by_id(accelerator_id)
    offered = {o.accelerator for o in catalog.offers_in_force()}
    of_kind = [a for a in catalog.accelerator if a.kind == kind and a.id in offered]
    if memory_gb is None and of_kind:
        return max(of_kind, key=lambda a: a.memory_gb)
    template = catalog.accelerator_by_id(TEMPLATE_CARD)
    memory = memory_gb or template.memory_gb
    return template.model_copy(
        update={
            "id": OWN_CARD,
            "name": f"placa de {format_number(memory, 0)} GB",
            "memory_gb": memory,
        }
    )


def _gb(value: float) -> str:
    return f"~{format_number(value, 0)} GB"


def fit_text(spec: JobSpec, card: Accelerator) -> str:
    """pt-BR: whether the job fits one card, and if not, how many or what would make it fit."""
    job = normalize(spec)
    fitted = fit_on(job, card, max_devices=64)
    model = job.model_name if job.model else f"um modelo de {format_number(job.params / 1e9, 0)}B"
    what = f"{model} com {METHOD_NAMES[job.method]}"
    unit = "chip" if card.kind == "tpu" else "placa"
    if fitted is not None and fitted.devices == 1:
        return (
            f"Sim: {what} cabe num único {unit} {card.name} — "
            f"{_gb(fitted.memory_per_device_gb)} de {format_number(card.memory_gb, 0)} GB, já com "
            "folga para ativações e otimizador."
        ).replace(f"num único placa {card.name}", f"numa única {card.name}")
    alone = estimate_memory(job).total
    article = "o" if unit == "chip" else "a"
    which = "a sua placa" if card.id == OWN_CARD else f"{article} {card.name}"
    answer = f"Não num só {unit}: {what} precisa de {_gb(alone)} ao todo, e {which} tem "
    answer += f"{format_number(card.memory_gb, 0)} GB."
    if fitted is not None:
        answer += (
            f" Com {fitted.devices}x {card.name} dividindo o modelo, cabe "
            f"({_gb(fitted.memory_per_device_gb)} por {unit})."
        )
    if job.method != "qlora" and card.kind == "gpu":
        smaller = normalize(spec.model_copy(update={"method": "qlora", "precision": None}))
        if (again := fit_on(smaller, card, max_devices=1)) is not None:
            answer += (
                f" Com QLoRA (pesos em 4 bits) cabe numa só: {_gb(again.memory_per_device_gb)}."
            )
    return answer.replace("Não num só placa", "Não numa só placa")


def sizes_text(spec: JobSpec, methods: list[str]) -> str:
    """pt-BR: memory per method for the model asked about, and how many reference cards hold it."""
    catalog = load_catalog()
    card = catalog.accelerator_by_id(REFERENCE_CARD)
    lines = []
    for method in methods:
        job = normalize(spec.model_copy(update={"method": method}))
        alone = estimate_memory(job).total
        fitted = fit_on(job, card, max_devices=256)
        where = f"{fitted.devices}x {card.name}" if fitted else f"mais de 256 {card.name}"
        lines.append(f"• {METHOD_NAMES[method]}: {_gb(alone)} de memória no total → {where}")
    name = normalize(spec).model_name
    return (
        f"Pela nossa estimativa ({name}, sequências de {format_number(normalize(spec).seq_len, 0)}"
        " tokens):\n" + "\n".join(lines)
    )
