"""The client's constraints, each said plainly against the chosen offer: budget (and what would fit
it), deadline, data residency, spot, device memory, home cloud, and why the offer is not the
cheapest when it is not. A quote reply leads with these lines."""

from collections.abc import Callable
from decimal import Decimal
from typing import Protocol

from quoting.catalog import Accelerator
from quoting.jobspec import Job
from quoting.pricing import load_pricing
from quoting.timing import load_performance
from quoting.units import format_brl, format_number

PROVIDER_NAMES = {"aws": "AWS", "gcp": "Google Cloud", "azure": "Azure"}


class Priced(Protocol):
    """What these lines need of a candidate offer (recommend.Candidate)."""

    @property
    def total_brl(self) -> Decimal: ...

    def headline(self) -> str: ...


# (label, change to the job) variants tried, in order, when the budget is short.
BUDGET_VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("instâncias spot", {"spot": True}),
    ("QLoRA", {"method": "qlora", "lora_rank": 16, "lora_targets": "all-linear"}),
    ("1 época", {"epochs": 1.0}),
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
    said = f"Orçamento de {format_brl(budget)}"
    if chosen.total_brl <= budget:
        return f"{said}: cabe (total {format_brl(chosen.total_brl)})."
    over = f"{said}: esta cotação passa do orçamento ({format_brl(chosen.total_brl)})."
    terms = load_pricing().terms
    if terms.lowest_setup_fee >= budget:
        return (
            f"{over} Só a menor taxa de configuração do ambiente "
            f"({format_brl(terms.lowest_setup_fee)}, sem tributos) já passa do orçamento, antes "
            "de qualquer hora de máquina: nenhum job cabe nesse valor."
        )
    if cheapest is not chosen and cheapest.total_brl <= budget:
        return (
            f"{over} A opção mais barata cabe: {cheapest.headline()}, "
            f"{format_brl(cheapest.total_brl)}."
        )
    fits: list[str] = []
    for label, change in BUDGET_VARIANTS:
        if all(getattr(job, key) == value for key, value in change.items()):
            continue
        best = best_for(change)
        if best is not None and best.total_brl <= budget:
            fits.append(f"com {label}, {best.headline()} por {format_brl(best.total_brl)}")
    if fits:
        return f"{over} Caberia " + "; ou ".join(fits) + "."
    combined: dict[str, object] = {}
    for _, change in BUDGET_VARIANTS:
        combined.update(change)
    best = best_for(combined)
    floor = f" o menor total seria {format_brl(best.total_brl)}" if best else " nada roda o job"
    return f"{over} Mesmo com spot, QLoRA e 1 época,{floor}."


def deadline_line(job: Job, hours: float) -> str | None:
    if job.deadline_hours is None:
        return None
    if hours > job.deadline_hours:
        return (
            f"Prazo de {_hours(job.deadline_hours)}: não atendido; esta é a opção mais rápida e "
            f"termina em cerca de {_hours(hours)}."
        )
    return f"Prazo de {_hours(job.deadline_hours)}: atendido; termina em cerca de {_hours(hours)}."


def residency_line(job: Job) -> str | None:
    if job.data_residency != "br":
        return None
    return "Dados no Brasil (LGPD): só consideramos ofertas em São Paulo."


def spot_line(
    job: Job, spot_priced: bool, on_demand: tuple[Decimal, float] | None = None
) -> str | None:
    """Spot as priced: what it saves against on-demand on the same machine, and the time it
    adds for restarts from checkpoints."""
    if spot_priced:
        overheads = load_performance().overheads
        saving = ""
        if on_demand is not None:
            total, hours = on_demand
            saving = f" (sob demanda seriam {format_brl(total)} em {format_number(hours)} h)"
        return (
            f"Spot: cotado em spot, mais barato{saving}; a máquina pode ser interrompida, então "
            f"já incluímos +{overheads.spot_interruption_fraction * 100:.0f}% de tempo de treino "
            f"para retomar dos checkpoints, gravados a cada {overheads.checkpoint_minutes} min."
        )
    if job.spot:
        return "Spot: esta oferta não tem preço spot no catálogo; cotamos sob demanda."
    return None


def device_line(job: Job, card: Accelerator, devices: int, used_gb: float) -> str | None:
    """The card limit kept, with the memory the job uses on each card (it may run on theirs)."""
    if job.max_device_memory_gb is None:
        return None
    return (
        f"Placas de até {format_number(job.max_device_memory_gb, 0)} GB: respeitado "
        f"({devices}x {card.name} de {format_number(card.memory_gb, 0)} GB; o job usa cerca de "
        f"{format_number(used_gb)} GB em cada)."
    )


def cloud_line(job: Job, provider: str, home_best: Priced | None, chosen: Priced) -> str | None:
    """Whether the client's own cloud was kept, and why not when it was not."""
    if job.cloud == "none":
        return None
    home = PROVIDER_NAMES.get(job.cloud, job.cloud)
    if provider == job.cloud:
        return f"Nuvem {home}: mantida, sem migração nem transferência de dados entre provedores."
    if home_best is None:
        where = " no Brasil" if job.data_residency == "br" else ""
        return f"Nuvem {home}: não temos oferta {home}{where} que rode este job; cotamos fora dela."
    return (
        f"Nuvem {home}: a melhor opção lá ({home_best.headline()}) sairia "
        f"{format_brl(home_best.total_brl)}, acima desta ({format_brl(chosen.total_brl)})."
    )


def not_cheapest_line(chosen: Priced, cheapest: Priced, why: str) -> str | None:
    """Why a dearer offer was chosen, and how to get the cheapest one instead."""
    if cheapest is chosen or cheapest.total_brl >= chosen.total_brl:
        return None
    saving = chosen.total_brl - cheapest.total_brl
    return (
        f"Não é a opção mais barata: {cheapest.headline()} sai {format_brl(cheapest.total_brl)} "
        f"({format_brl(saving)} a menos), mas {why} Se preferir o menor preço, diga "
        '"o mais barato possível".'
    )


def cheapest_line(job: Job) -> str | None:
    if not job.cheapest:
        return None
    return "Menor preço: esta é a opção mais barata que atende ao pedido."
