"""The client's constraints, each said plainly against the chosen offer: budget (and what would fit
it), deadline, data residency, spot, device memory, home cloud, and why the offer is not the
cheapest when it is not. A quote reply leads with these lines."""

from collections.abc import Callable
from decimal import Decimal
from typing import Protocol

from locales import N_, _
from quoting.catalog import Accelerator
from quoting.jobspec import Job
from quoting.pricing import load_pricing
from quoting.timing import load_performance
from quoting.units import format_brl, format_number

PROVIDER_NAMES = {
    "aws": "AWS",
    "gcp": "Google Cloud",
    "azure": "Azure",
    "lambda": "Lambda",
    "runpod": "RunPod",
}


class Priced(Protocol):
    """What these lines need of a candidate offer (recommend.Candidate)."""

    @property
    def total_brl(self) -> Decimal: ...

    def headline(self) -> str: ...


# (label, change to the job) variants tried, in order, when the budget is short.
BUDGET_VARIANTS: list[tuple[str, dict[str, object]]] = [
    (N_("instâncias spot"), {"spot": True}),
    ("QLoRA", {"method": "qlora", "lora_rank": 16, "lora_targets": "all-linear"}),
    (N_("1 época"), {"epochs": 1.0}),
]

BestFor = Callable[[dict[str, object]], Priced | None]


def _hours(value: float) -> str:
    return f"{format_number(value, 0 if float(value).is_integer() else 1)} h"


def budget_line(job: Job, chosen: Priced, cheapest: Priced, best_for: BestFor) -> str | None:
    """Whether the quote fits the budget and, when not, what would: a cheaper offer, a change
    to the job, or nothing at all because the fixed fees alone exceed it."""
    budget = job.budget_brl
    if budget is None:
        return None
    if chosen.total_brl <= budget:
        return _("Orçamento de {budget}: cabe (total {total}).").format(
            budget=format_brl(budget), total=format_brl(chosen.total_brl)
        )
    over = _("Orçamento de {budget}: esta cotação passa do orçamento ({total}).").format(
        budget=format_brl(budget), total=format_brl(chosen.total_brl)
    )
    terms = load_pricing().terms
    if terms.lowest_setup_fee >= budget:
        return (
            over
            + " "
            + _(
                "Só a menor taxa de configuração do ambiente ({fee}, sem tributos) já passa do "
                "orçamento, antes de qualquer hora de máquina: nenhum job cabe nesse valor."
            ).format(fee=format_brl(terms.lowest_setup_fee))
        )
    if cheapest is not chosen and cheapest.total_brl <= budget:
        return (
            over
            + " "
            + _("A opção mais barata cabe: {machine}, {total}.").format(
                machine=cheapest.headline(), total=format_brl(cheapest.total_brl)
            )
        )
    fits: list[str] = []
    for label, change in BUDGET_VARIANTS:
        if all(getattr(job, key) == value for key, value in change.items()):
            continue
        best = best_for(change)
        if best is not None and best.total_brl <= budget:
            fits.append(
                _("com {change}, {machine} por {total}").format(
                    change=_(label), machine=best.headline(), total=format_brl(best.total_brl)
                )
            )
    if fits:
        return over + " " + _("Caberia {options}.").format(options=_("; ou ").join(fits))
    combined: dict[str, object] = {}
    for _label, change in BUDGET_VARIANTS:
        combined.update(change)
    best = best_for(combined)
    if best is None:
        return over + " " + _("Mesmo com spot, QLoRA e 1 época, nada roda o job.")
    return (
        over
        + " "
        + _("Mesmo com spot, QLoRA e 1 época, o menor total seria {total}.").format(
            total=format_brl(best.total_brl)
        )
    )


def deadline_line(job: Job, hours: float) -> str | None:
    if job.deadline_hours is None:
        return None
    if hours > job.deadline_hours:
        return _(
            "Prazo de {deadline}: não atendido; esta é a opção mais rápida e termina em cerca de "
            "{hours}."
        ).format(deadline=_hours(job.deadline_hours), hours=_hours(hours))
    return _("Prazo de {deadline}: atendido; termina em cerca de {hours}.").format(
        deadline=_hours(job.deadline_hours), hours=_hours(hours)
    )


def residency_line(job: Job) -> str | None:
    if job.data_residency != "br":
        return None
    return _("Dados no Brasil (LGPD): só consideramos ofertas em São Paulo.")


def spot_line(
    job: Job, spot_priced: bool, on_demand: tuple[Decimal, float] | None = None
) -> str | None:
    """Spot as priced: what it saves against on-demand on the same machine, and the time it
    adds for restarts from checkpoints."""
    if spot_priced:
        overheads = load_performance().overheads
        extra = f"{overheads.spot_interruption_fraction * 100:.0f}"
        minutes = overheads.checkpoint_minutes
        if on_demand is None:
            return _(
                "Spot: cotado em spot, mais barato; a máquina pode ser interrompida, então já "
                "incluímos +{percent}% de tempo de treino para retomar dos checkpoints, gravados a "
                "cada {minutes} min."
            ).format(percent=extra, minutes=minutes)
        total, hours = on_demand
        return _(
            "Spot: cotado em spot, mais barato (sob demanda seriam {total} em {hours} h); a "
            "máquina pode ser interrompida, então já incluímos +{percent}% de tempo de treino "
            "para retomar dos checkpoints, gravados a cada {minutes} min."
        ).format(
            total=format_brl(total), hours=format_number(hours), percent=extra, minutes=minutes
        )
    if job.spot:
        return _("Spot: esta oferta não tem preço spot no catálogo; cotamos sob demanda.")
    return None


def device_line(job: Job, card: Accelerator, devices: int, used_gb: float) -> str | None:
    """The card limit or count kept, with the memory the job uses on each card (it may run on
    theirs)."""
    if job.max_device_memory_gb is None and job.devices is not None:
        return _(
            "Número de placas: {devices}x {card}, como você pediu (o job usa cerca de {used} GB "
            "em cada)."
        ).format(devices=devices, card=card.name, used=format_number(used_gb))
    if job.max_device_memory_gb is None:
        return None
    return _(
        "Placas de até {limit} GB: respeitado ({devices}x {card} de {memory} GB; o job usa cerca "
        "de {used} GB em cada)."
    ).format(
        limit=format_number(job.max_device_memory_gb, 0),
        devices=devices,
        card=card.name,
        memory=format_number(card.memory_gb, 0),
        used=format_number(used_gb),
    )


def cloud_line(job: Job, provider: str, home_best: Priced | None, chosen: Priced) -> str | None:
    """Whether the client's own cloud was kept, and why not when it was not."""
    if job.cloud == "none":
        return None
    home = PROVIDER_NAMES.get(job.cloud, job.cloud)
    if provider == job.cloud:
        return _(
            "Nuvem {cloud}: mantida, sem migração nem transferência de dados entre provedores."
        ).format(cloud=home)
    if home_best is None:
        if job.data_residency == "br":
            return _(
                "Nuvem {cloud}: não temos oferta {cloud} no Brasil que rode este job; cotamos "
                "fora dela."
            ).format(cloud=home)
        return _(
            "Nuvem {cloud}: não temos oferta {cloud} que rode este job; cotamos fora dela."
        ).format(cloud=home)
    return _(
        "Nuvem {cloud}: a melhor opção lá ({machine}) sairia {total}, acima desta ({chosen})."
    ).format(
        cloud=home,
        machine=home_best.headline(),
        total=format_brl(home_best.total_brl),
        chosen=format_brl(chosen.total_brl),
    )


def not_cheapest_line(chosen: Priced, cheapest: Priced, why: str) -> str | None:
    """Why a dearer offer was chosen, and how to get the cheapest one instead; `why` (translated)
    ends the sentence on the cheapest offer ("fica fora do Brasil; ...")."""
    if cheapest is chosen or cheapest.total_brl >= chosen.total_brl:
        return None
    saving = chosen.total_brl - cheapest.total_brl
    return _(
        "Não é a opção mais barata: {machine} sai {total} ({saving} a menos), mas {why} Se "
        'preferir o menor preço, diga "o mais barato possível".'
    ).format(
        machine=cheapest.headline(),
        total=format_brl(cheapest.total_brl),
        saving=format_brl(saving),
        why=why,
    )


def cheapest_line(job: Job) -> str | None:
    """The cheapest offer said as such, and what the client could still give up to pay less."""
    if not job.cheapest:
        return None
    levers = [
        lever
        for lever, holds in (
            (_("máquina spot (pode ser interrompida)"), not job.spot),
            (_("LoRA em vez do ajuste completo"), job.method == "full"),
            (_("QLoRA"), job.method == "lora"),
            (_("menos épocas"), job.epochs > 1),
        )
        if holds
    ]
    said = _("Menor preço: esta é a opção mais barata que atende ao pedido.")
    if levers:
        said += " " + _("Para baixar mais: {levers}; é só pedir.").format(levers=", ".join(levers))
    return said
