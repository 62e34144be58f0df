"""Google Cloud prices of the catalog's GPU VMs and TPU hosts from the Cloud Billing Catalog API
(`https://cloudbilling.googleapis.com/v1/services/{service}/skus`, paged by `nextPageToken`).

The catalog prices parts, not instances: a GPU VM costs its vCPUs and GB of RAM at its machine
family's per-unit SKUs plus its GPUs at the GPU SKU; a TPU host costs its chips at the chip-hour
SKU. On-demand parts are `usageType` OnDemand, Spot parts Preemptible; a part counts in a region
listed in its `serviceRegions`. Machine shapes (vCPUs, RAM, GPUs, TPU chips) and the SKU names
come from data/gcp_shapes.toml. The API key is the getter's business, never passed here.
Catalog offers are named `n1-standard-4 + 1x nvidia-tesla-t4`, `g2-standard-8` or `v5litepod-8`.
"""

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator

from bot.market.points import Getter, PricePoint, SourceError
from quoting.catalog import Offer
from quoting.datafiles import Sourced, load

PROVIDER = "gcp"
SKUS_URL = "https://cloudbilling.googleapis.com/v1/services/{service}/skus"
COMPUTE_ENGINE = "6F81-5844-456A"
SHAPES_FILE = Path(__file__).parent / "data" / "gcp_shapes.toml"
# Compute Engine lists tens of thousands of SKUs, 5,000 a page; more pages than this is a loop.
MAX_PAGES = 40
_USAGES = ("OnDemand", "Preemptible")
# Per hour (GPUs, cores, TPU chips) and per GiB-hour (RAM, which the shapes give in GB).
_HOURLY_UNITS = ("h", "GiBy.h")
_GPU_OFFER = re.compile(r"^(?P<machine>[a-z0-9-]+) \+ (?P<count>\d+)x (?P<gpu>[a-z0-9-]+)$")


# --- the shapes data file -----------------------------------------------------------------------


class Family(Sourced):
    id: str
    core_sku: str = Field(min_length=3)
    ram_sku: str = Field(min_length=3)


class Gpu(Sourced):
    id: str
    sku: str = Field(min_length=3)


class Machine(Sourced):
    name: str
    family: str
    vcpus: int = Field(gt=0)
    memory_gb: Decimal = Field(gt=0)
    gpu: str | None = None
    gpu_count: int = Field(default=0, ge=0)


class Tpu(Sourced):
    name: str
    chips: int = Field(gt=0)
    sku_version: str = Field(pattern=r"^v\d+[a-z]?$")
    service: str = Field(min_length=4)


class Shapes(BaseModel):
    family: list[Family]
    gpu: list[Gpu]
    machine: list[Machine]
    tpu: list[Tpu]

    @model_validator(mode="after")
    def _references_resolve(self) -> "Shapes":
        families = {family.id for family in self.family}
        gpus = {gpu.id for gpu in self.gpu}
        names = [machine.name for machine in self.machine] + [tpu.name for tpu in self.tpu]
        if len(names) != len(set(names)):
            raise ValueError("um tipo de máquina aparece duas vezes")
        for machine in self.machine:
            if machine.family not in families:
                raise ValueError(f"{machine.name} cita família sem cadastro: {machine.family}")
            if (machine.gpu is None) != (machine.gpu_count == 0):
                raise ValueError(f"{machine.name}: GPU e quantidade de GPUs andam juntas")
            if machine.gpu is not None and machine.gpu not in gpus:
                raise ValueError(f"{machine.name} cita GPU sem cadastro: {machine.gpu}")
        return self


@cache
def load_shapes(path: Path = SHAPES_FILE) -> Shapes:
    return load(path, Shapes)


# --- the catalog API's answer -------------------------------------------------------------------


class _Money(BaseModel):
    currency: str = Field(alias="currencyCode")
    units: int = 0
    nanos: int = 0


class _Tier(BaseModel):
    unit_price: _Money = Field(alias="unitPrice")


class _Expression(BaseModel):
    usage_unit: str = Field(alias="usageUnit")
    tiered_rates: list[_Tier] = Field(alias="tieredRates", min_length=1)


class _PricingInfo(BaseModel):
    expression: _Expression = Field(alias="pricingExpression")


class _Category(BaseModel):
    resource_group: str = Field(alias="resourceGroup")
    usage_type: str = Field(alias="usageType")


class _Sku(BaseModel):
    sku_id: str = Field(alias="skuId")
    description: str
    category: _Category
    regions: list[str] = Field(alias="serviceRegions")
    pricing: list[_PricingInfo] = Field(alias="pricingInfo", min_length=1)


class _Page(BaseModel):
    skus: list[_Sku]
    next_page_token: str = Field(default="", alias="nextPageToken")


@dataclass(frozen=True)
class _Rate:
    """One part's hourly USD price in one region, and the SKU it came from."""

    usd: Decimal
    sku_id: str


# (part name as in the shapes file, region, usage type) -> rate
_Rates = dict[tuple[str, str, str], _Rate]


# --- reading ------------------------------------------------------------------------------------


def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """On-demand and Spot USD prices of every catalog offer whose parts the catalog prices in the
    offer's region, dated `today` (a SKU's price holds until Google changes it)."""
    shapes = load_shapes()
    plans = {offer.key: plan for offer in offers if (plan := _plan(offer, shapes)) is not None}
    services = sorted({plan.service for plan in plans.values()})
    rates = {service: _rates(_skus(get, service), shapes) for service in services}
    points: list[PricePoint] = []
    for offer in offers:
        plan = plans.get(offer.key)
        if plan is None:
            continue
        on_demand = _total(plan, offer.region, "OnDemand", rates[plan.service])
        spot = _total(plan, offer.region, "Preemptible", rates[plan.service])
        if on_demand is None and spot is None:
            continue
        used = sorted({rate.sku_id for total in (on_demand, spot) if total for rate in total[1]})
        points.append(
            PricePoint(
                provider=PROVIDER,
                region=offer.region,
                instance_type=offer.instance_type,
                on_demand_per_hour=on_demand[0] if on_demand else None,
                spot_per_hour=spot[0] if spot else None,
                currency="USD",
                source=f"{SKUS_URL.format(service=plan.service)} (SKUs {', '.join(used)})",
                as_of=today,
            )
        )
    return points


@dataclass(frozen=True)
class _Plan:
    """What an instance is made of: (part name, quantity) pairs, all sold by one service."""

    service: str
    parts: tuple[tuple[str, Decimal], ...]


def _plan(offer: Offer, shapes: Shapes) -> _Plan | None:
    """The parts of a catalog offer, or None when the shapes file does not describe it."""
    for tpu in shapes.tpu:
        if tpu.name == offer.instance_type:
            return _Plan(tpu.service, ((_tpu_part(tpu.sku_version), Decimal(tpu.chips)),))
    match = _GPU_OFFER.match(offer.instance_type)
    name = match["machine"] if match else offer.instance_type
    machine = next((m for m in shapes.machine if m.name == name), None)
    if machine is None or (match and machine.gpu is not None):
        return None
    family = next(f for f in shapes.family if f.id == machine.family)
    parts = [(family.core_sku, Decimal(machine.vcpus)), (family.ram_sku, machine.memory_gb)]
    gpu_id, count = (
        (match["gpu"], int(match["count"])) if match else (machine.gpu, machine.gpu_count)
    )
    if gpu_id is not None:
        gpu = next((g for g in shapes.gpu if g.id == gpu_id), None)
        if gpu is None:
            return None
        parts.append((gpu.sku, Decimal(count)))
    return _Plan(COMPUTE_ENGINE, tuple(parts))


def _total(
    plan: _Plan, region: str, usage: str, rates: _Rates
) -> tuple[Decimal, list[_Rate]] | None:
    """The instance's hourly price as the sum of its parts, or None when a part is not sold."""
    found = [(rates.get((name, region, usage)), quantity) for name, quantity in plan.parts]
    if any(rate is None for rate, _ in found):
        return None
    priced = [(rate, quantity) for rate, quantity in found if rate is not None]
    return sum((rate.usd * quantity for rate, quantity in priced), Decimal(0)), [
        rate for rate, _ in priced
    ]


def _skus(get: Getter, service: str) -> list[_Sku]:
    """Every SKU of a billing service, following `nextPageToken` page after page."""
    url = SKUS_URL.format(service=service)
    params: dict[str, str] | None = None
    skus: list[_Sku] = []
    for _ in range(MAX_PAGES):
        page = _page(get(url, params), url)
        skus.extend(page.skus)
        if not page.next_page_token:
            return skus
        params = {"pageToken": page.next_page_token}
    raise SourceError(f"{url}: mais de {MAX_PAGES} páginas de SKUs; leitura interrompida")


def _page(body: Any, url: str) -> _Page:
    try:
        return _Page.model_validate(body)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SourceError(
            f"Resposta inesperada do Cloud Billing Catalog ({url}) em '{where}': {first['msg']}"
        ) from error


def _rates(skus: list[_Sku], shapes: Shapes) -> _Rates:
    """The hourly price of every part the shapes file names, per region and usage type."""
    names = [f.core_sku for f in shapes.family] + [f.ram_sku for f in shapes.family]
    gpus = [g.sku for g in shapes.gpu]
    tpus = {_tpu_part(t.sku_version) for t in shapes.tpu}
    rates: _Rates = {}
    for sku in skus:
        usage = sku.category.usage_type
        if usage not in _USAGES:
            continue  # commitments and other purchase options are not list prices
        name = _part(sku, names, gpus, tpus)
        price = _hourly_usd(sku) if name else None
        if name is None or price is None:
            continue
        for region in sku.regions:
            rates.setdefault((name, region, usage), _Rate(price, sku.sku_id))
    return rates


def _part(sku: _Sku, names: list[str], gpus: list[str], tpus: set[str]) -> str | None:
    """The shapes-file part a SKU prices, if any. Spot SKUs carry a "Spot Preemptible " prefix,
    and Spot GPUs read "... GPU attached to Spot Preemptible VMs running in ..."."""
    if sku.category.resource_group.upper() == "TPU":
        squashed = re.sub(r"[^a-z0-9]", "", sku.description.lower())
        return next((tpu for tpu in sorted(tpus) if tpu in squashed), None)
    text = re.sub(r"^(spot preemptible|preemptible) ", "", sku.description.lower())
    for name in names + gpus:
        attached = r"(attached to (spot )?preemptible vms )?" if name in gpus else ""
        if re.match(rf"{re.escape(name.lower())} {attached}running in ", text):
            return name
    return None


def _tpu_part(version: str) -> str:
    """How a TPU version reads in a SKU description once spaces and dashes are dropped:
    "TPU v5e", "Tpu-v5e" and "TpuV5e" all contain "tpuv5e"."""
    return f"tpu{version}"


def _hourly_usd(sku: _Sku) -> Decimal | None:
    """The SKU's current price per hour (the latest pricing entry, its top tier), or None when
    it is not priced by the hour."""
    expression = sku.pricing[-1].expression
    if expression.usage_unit not in _HOURLY_UNITS:
        return None
    money = expression.tiered_rates[-1].unit_price
    if money.currency != "USD":
        raise SourceError(
            f"SKU {sku.sku_id} ({sku.description}) em {money.currency}; esperava dólares (USD)"
        )
    price = Decimal(money.units) + Decimal(money.nanos) / Decimal(1_000_000_000)
    return price if price > 0 else None
