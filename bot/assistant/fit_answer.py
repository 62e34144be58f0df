"""Yes or no on "cabe numa L4?", and the estimator's figures for a guidance question that names a
size ("full fine-tuning de um 13B cabe em quantas GPUs, e com LoRA?"), from the same memory model
the quotes use (quoting.fit)."""

from typing import Any

from bot.assistant.fixed_replies import card_free_spec
from bot.assistant.reader.other_chips import OtherChip, other_chip
from bot.assistant.reply import Reply
from locales import _
from quoting.candidate import HEADROOM
from quoting.catalog import Accelerator, load_catalog
from quoting.errors import InvalidJob
from quoting.fit import fit_on, placed_on
from quoting.jobspec import Job, JobSpec, method_name, normalize
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
            "name": _("placa de {memory} GB").format(memory=format_number(memory, 0)),
            "memory_gb": memory,
        }
    )


def _gb(value: float, decimals: int = 0) -> str:
    return f"~{format_number(value, decimals)} GB"


def fit_first(
    reply: Reply, slots: dict[str, Any], card_id: str | None, other: str | None = None
) -> str:
    """A quote asked with "roda numa L4?" (or "no nosso Jetson AGX Orin, dá?"): the yes or no
    first, then the quote (or, where the job cannot be quoted on that card, what would make it
    fit)."""
    try:
        if card_id is None and (chip := other_chip(other)):
            said = fit_other_chip(card_free_spec(slots), chip, slots.get("max_device_memory_gb"))
        else:
            card = card_for(card_id, slots.get("max_device_memory_gb"))
            said = fit_text(card_free_spec(slots), card)
    except InvalidJob:  # the job's own error is the reply
        return reply.answer
    return f"{said}\n\n{reply.answer}"


def fit_reply(
    spec: JobSpec, accelerators: list[str], other: str | None, slots: dict[str, Any]
) -> str:
    """pt-BR: yes or no on each card named, on a chip we do not sell, or on the client's own card
    of the memory or kind said ("uma placa de 24 GB", "um chip de TPU"), with the count they have
    ("tenho 2 A100, cabe?")."""
    cards = [card_for(card, None) for card in accelerators]
    if not cards and (chip := other_chip(other)):
        return fit_other_chip(spec, chip, slots.get("max_device_memory_gb"))
    cards = cards or [card_for(None, slots.get("max_device_memory_gb"), slots.get("kind"))]
    return "\n".join(fit_text(spec, card, slots.get("devices", 1)) for card in cards)


def fit_text(spec: JobSpec, card: Accelerator, devices: int = 1) -> str:
    """pt-BR: whether the job fits one card, or the `devices` cards the client has ("tenho 2
    A100, cabe?"), and if not, how many or what would make it fit."""
    job = normalize(spec)
    fitted = fit_on(job, card, max_devices=64)
    if job.model:
        model = job.model_name
    else:
        model = _("um modelo de {size}B").format(size=format_number(job.params / 1e9, 0))
    what = _("{model} com {method}").format(model=model, method=method_name(job.method))
    tpu = card.kind == "tpu"
    memory = format_number(card.memory_gb, 0)
    if devices > 1 and (placed := placed_on(job, card, devices, load_catalog())).fits:
        return _(
            "Sim: com {devices}x {card}, {what} cabe — {used} por placa, já com folga para "
            "ativações e otimizador."
        ).format(devices=devices, card=card.name, what=what, used=_gb(placed.memory.total))
    if devices > 1:
        short = _("Não com {devices}x {card}: {what} precisa de {total} ao todo.")
    elif fitted is not None and fitted.devices == 1:
        if tpu:
            fits = _(
                "Sim: {what} cabe num único chip {card} — {used} de {memory} GB, já com folga "
                "para ativações e otimizador."
            )
        else:
            fits = _(
                "Sim: {what} cabe numa única {card} — {used} de {memory} GB, já com folga para "
                "ativações e otimizador."
            )
        return fits.format(
            what=what, card=card.name, used=_gb(fitted.memory_per_device_gb), memory=memory
        )
    elif tpu:
        short = _("Não num só chip: {what} precisa de {total} ao todo, e o {card} tem {memory} GB.")
    elif card.id == OWN_CARD:
        short = _(
            "Não numa só placa: {what} precisa de {total} ao todo, e a sua placa tem {memory} GB."
        )
    else:
        short = _(
            "Não numa só placa: {what} precisa de {total} ao todo, e a {card} tem {memory} GB."
        )
    needed = estimate_memory(job).total
    close = needed <= card.memory_gb  # "precisa de ~22 GB e a placa tem 24": the margin is why
    total = _gb(needed, 1 if close else 0)
    sentences = [
        short.format(what=what, total=total, card=card.name, memory=memory, devices=devices)
    ]
    if close:
        sentences.append(
            _(
                "Deixamos {margin} da memória livre para o CUDA e a fragmentação, então sobram "
                "{usable} para o treino."
            ).format(
                margin=f"{100 - HEADROOM * 100:.0f}%", usable=_gb(card.memory_gb * HEADROOM, 1)
            )
        )
    if fitted is not None:
        if tpu:
            split = _("Com {devices}x {card} dividindo o modelo, cabe ({used} por chip).")
        else:
            split = _("Com {devices}x {card} dividindo o modelo, cabe ({used} por placa).")
        sentences.append(
            split.format(
                devices=fitted.devices, card=card.name, used=_gb(fitted.memory_per_device_gb)
            )
        )
    if job.method != "qlora" and card.kind == "gpu":
        smaller = normalize(spec.model_copy(update={"method": "qlora", "precision": None}))
        if (again := fit_on(smaller, card, max_devices=1)) is not None:
            sentences.append(
                _("Com QLoRA (pesos em 4 bits) cabe numa só: {used}.").format(
                    used=_gb(again.memory_per_device_gb)
                )
            )
    return " ".join(sentences)


def sizes_text(spec: JobSpec, methods: list[str]) -> str:
    """pt-BR: memory per method for the model asked about, and how many reference cards hold it."""
    catalog = load_catalog()
    card = catalog.accelerator_by_id(REFERENCE_CARD)
    lines = []
    for method in methods:
        job = normalize(spec.model_copy(update={"method": method}))
        alone = estimate_memory(job).total
        fitted = fit_on(job, card, max_devices=256)
        short = normalize(spec.model_copy(update={"method": method, "seq_len": 512}))
        if fitted:
            where = f"{fitted.devices}x {card.name}"
        elif fit_on(short, card, max_devices=256):  # more cards split the model, not a sequence
            where = _(
                "nenhuma quantidade de {card}: uma sequência de {length} tokens sozinha passa da "
                "memória de uma placa"
            ).format(card=card.name, length=format_number(job.seq_len, 0))
        else:
            where = _("mais de 256 {card}").format(card=card.name)
        lines.append(
            _("• {method}: {total} de memória no total → {where}").format(
                method=method_name(method), total=_gb(alone), where=where
            )
        )
    name = normalize(spec).model_name
    head = _("Pela nossa estimativa ({name}, sequências de {length} tokens):").format(
        name=name, length=format_number(normalize(spec).seq_len, 0)
    )
    return head + "\n" + "\n".join(lines)


def fit_other_chip(spec: JobSpec, chip: OtherChip, stated_gb: float | None = None) -> str:
    """pt-BR: whether the job fits one chip of another maker, by its memory (a source's, or the
    client's own figure: "meu MacBook M3 Max de 64GB"), and that we do not sell it; or, where no
    memory is known, only that."""
    sold = _("Não vendemos a {chip}: cotamos GPUs NVIDIA e TPUs do Google.").format(chip=chip.name)
    memory = chip.memory_gb or stated_gb
    if memory is None:
        return sold
    if chip.id == APPLE:
        return _on_a_mac(normalize(spec), memory)
    template = card_for(None, memory)
    card = template.model_copy(update={"id": chip.id, "name": chip.name})
    return f"{fit_text(spec, card)} {sold}"


# Macs train on their unified memory through PyTorch's MPS backend: one device, no bitsandbytes.
APPLE = "apple silicon"


def _on_a_mac(job: Job, memory: float) -> str:
    """pt-BR: whether the job fits a Mac's unified memory, and what a Mac does not do."""
    needed = estimate_memory(job).total
    what = _("{model} com {method}").format(model=job.model_name, method=method_name(job.method))
    if job.method == "qlora":
        return _(
            "Não: QLoRA não roda no Mac, porque os pesos em 4 bits vêm da biblioteca bitsandbytes, "
            "que só funciona em GPUs NVIDIA (CUDA). Não alugamos Macs: cotamos GPUs NVIDIA e "
            "TPUs do Google."
        )
    if needed <= memory * HEADROOM:
        verdict = _(
            "Pela memória, sim: {what} precisa de {used}, e o Mac tem {memory} GB de memória "
            "unificada. Mas o treino no Mac (PyTorch com MPS) é várias vezes mais lento que numa "
            "GPU NVIDIA."
        )
    else:
        verdict = _("Não: {what} precisa de {used} ao todo, e o Mac tem {memory} GB de memória.")
    said = verdict.format(what=what, used=_gb(needed), memory=format_number(memory, 0))
    return f"{said} " + _("Não alugamos Macs: cotamos GPUs NVIDIA e TPUs do Google.")
