"""Rent or buy: the monthly cost of renting a job (the engine's quote) against owning hardware
that fits it, and the break-even in jobs per month.

Owning costs, per month, for n jobs of h hours each (every line rounded to centavos once):
* depreciation: the landed price (abroad: the USD price at the reference rate plus II, IPI,
  PIS/COFINS-Importação and ICMS computed "por dentro") over the stated life in months;
* energy: load watts for the n*h busy hours and idle watts for the rest of the month, times the
  PUE (cooling and losses) and the tariff in R$/kWh;
* hosting (colocation) and a share of an engineer's month.
So owning costs F + v*n (F fixed, v the extra energy of one job) and renting r*n (r the quote's
total); buying pays off from n* = F / (r - v) jobs per month, if the machine can run that many.
"""

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from locales import N_, _
from quoting.catalog import Accelerator, Catalog, load_catalog
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.errors import QuotingError
from quoting.jobspec import Job
from quoting.placement import place
from quoting.pricing import load_pricing
from quoting.quote import Money, Quote
from quoting.timing import load_performance
from quoting.topology import links_of
from quoting.units import format_number, round_brl

KWH = Decimal(1000)
YEAR = re.compile(r"\b(19|20)\d{2}\b")
# Given in the current language by compare().
CAVEATS = [
    N_(
        "Máquina parada também custa: a depreciação, o colocation, a equipe e a energia ociosa "
        "correm mesmo nos meses sem jobs."
    ),
    N_(
        "Obsolescência: sai uma geração nova de GPUs a cada cerca de 2 anos; por isso depreciamos "
        "em 3 anos, e o valor de revenda cai rápido."
    ),
    N_(
        "Sem elasticidade: uma máquina própria não vira 8 GPUs para um prazo apertado nem cresce "
        "com um modelo maior; alugando, o custo acompanha o uso (OPEX em vez de CAPEX)."
    ),
]


class RentOrBuyError(QuotingError):
    """Bad input for the comparison; the message is pt-BR."""


class Costs(Sourced):
    tariff_brl_per_kwh: Decimal = Field(gt=0)
    tariff_source: str = Field(min_length=3)
    pue: Decimal = Field(ge=1)
    pue_source: str = Field(min_length=3)
    engineer_brl_per_month: Decimal = Field(ge=0)
    engineer_source: str = Field(min_length=3)
    hours_per_month: int = Field(gt=0)


class ImportTaxes(Sourced):
    ii: Decimal = Field(ge=0, lt=1)
    ii_basis: str = Field(min_length=3)
    ipi: Decimal = Field(ge=0, lt=1)
    ipi_basis: str = Field(min_length=3)
    pis: Decimal = Field(ge=0, lt=1)
    pis_basis: str = Field(min_length=3)
    cofins: Decimal = Field(ge=0, lt=1)
    cofins_basis: str = Field(min_length=3)
    icms: Decimal = Field(ge=0, lt=1)
    icms_basis: str = Field(min_length=3)


class HardwareOption(Sourced):
    id: str
    name: str
    accelerator: str
    gpus: int = Field(ge=1)
    price: Decimal = Field(gt=0)
    currency: Literal["USD", "BRL"]
    # A market range or a sum of parts, not a list price or a supplier's quote.
    price_estimate: bool
    price_source: str = Field(min_length=3)
    load_watts: int = Field(gt=0)
    idle_watts: int = Field(ge=0)
    power_source: str = Field(min_length=3)
    hosting_brl_per_month: Decimal = Field(ge=0)
    hosting_source: str = Field(min_length=3)
    life_years: int = Field(ge=1)
    life_source: str = Field(min_length=3)
    engineer_share: Decimal = Field(ge=0, le=1)
    engineer_share_source: str = Field(min_length=3)


class HardwareFile(BaseModel):
    costs: Costs
    import_taxes: ImportTaxes
    accelerator: list[Accelerator] = Field(default_factory=list)
    option: list[HardwareOption]

    @model_validator(mode="after")
    def _idle_below_load(self) -> "HardwareFile":
        for option in self.option:
            if option.idle_watts > option.load_watts:
                raise ValueError(f"{option.id}: idle_watts maior que load_watts")
        return self

    @model_validator(mode="after")
    def _every_source_dated(self) -> "HardwareFile":
        """Each figure's source says when the figure is from (a year at least)."""
        sourced: list[tuple[str, BaseModel]] = [
            ("costs", self.costs),
            ("import_taxes", self.import_taxes),
            *((option.id, option) for option in self.option),
        ]
        for where, block in sourced:
            for name, text in block:
                if name.endswith(("_source", "_basis")) and not YEAR.search(str(text)):
                    raise ValueError(f"{where}.{name}: a fonte não diz de quando é o número")
        return self


@cache
def load_hardware(path: Path = DATA_DIR / "hardware.toml") -> HardwareFile:
    return load(path, HardwareFile)


class TaxLine(Money):
    name: str
    rate: Decimal
    basis: str
    total_brl: Decimal


class MonthlyCost(Money):
    depreciation: Decimal
    energy: Decimal
    hosting: Decimal
    engineer: Decimal
    total: Decimal


class BuyOption(Money):
    id: str
    name: str
    accelerator_name: str
    gpus: int
    fits: bool
    memory_per_device_gb: float
    sharded: bool
    hours_per_job: Decimal | None
    capacity_jobs_per_month: int | None
    price: Decimal
    currency: str
    price_estimate: bool
    import_taxes: list[TaxLine]
    landed_brl: Decimal
    monthly: MonthlyCost | None
    break_even_jobs_per_month: Decimal | None
    cheaper_than_renting: bool
    sources: list[str]


class RentOrBuy(Money):
    jobs_per_month: Decimal
    rent_per_job_brl: Decimal
    rent_monthly_brl: Decimal
    rent_machine: str
    usd_brl: Decimal
    usd_brl_as_of: str
    options: list[BuyOption]
    caveats: list[str]
    # What is estimated and which import tax rates were used, for every output; the caveats and
    # notes are in the language current when compare() ran (pt-BR unless a reply speaks another).
    notes: list[str]


def import_tax_lines(value_brl: Decimal, taxes: ImportTaxes) -> list[TaxLine]:
    """II, IPI, PIS, COFINS and ICMS on goods of customs value `value_brl`, each in centavos."""
    ii = round_brl(value_brl * taxes.ii)
    ipi = round_brl((value_brl + ii) * taxes.ipi)
    pis = round_brl(value_brl * taxes.pis)
    cofins = round_brl(value_brl * taxes.cofins)
    icms_base = (value_brl + ii + ipi + pis + cofins) / (1 - taxes.icms)
    icms = round_brl(icms_base * taxes.icms)
    return [
        TaxLine(name="II", rate=taxes.ii, basis=taxes.ii_basis, total_brl=ii),
        TaxLine(name="IPI", rate=taxes.ipi, basis=taxes.ipi_basis, total_brl=ipi),
        TaxLine(name="PIS-Importação", rate=taxes.pis, basis=taxes.pis_basis, total_brl=pis),
        TaxLine(
            name="COFINS-Importação", rate=taxes.cofins, basis=taxes.cofins_basis, total_brl=cofins
        ),
        TaxLine(name="ICMS", rate=taxes.icms, basis=taxes.icms_basis, total_brl=icms),
    ]


def _accelerator(option: HardwareOption, hardware: HardwareFile, catalog: Catalog) -> Accelerator:
    for accelerator in hardware.accelerator:
        if accelerator.id == option.accelerator:
            return accelerator
    try:
        return catalog.accelerator_by_id(option.accelerator)
    except KeyError as error:
        raise QuotingError(f"hardware.toml: acelerador desconhecido em {option.id}") from error


def compare(
    job: Job,
    quote: Quote,
    jobs_per_month: Decimal,
    hardware: HardwareFile | None = None,
    catalog: Catalog | None = None,
) -> RentOrBuy:
    """Renting `jobs_per_month` jobs as quoted against owning each hardware option."""
    if not Decimal(0) < jobs_per_month <= Decimal(10_000):
        raise RentOrBuyError("--jobs-por-mes deve ser maior que zero (ex.: 2 ou 0,5)")
    hardware = hardware or load_hardware()
    catalog = catalog or load_catalog()
    fx = load_pricing().fx
    rent = quote.total_brl
    owned_job = job.model_copy(update={"spot": False})  # an owned machine is not preempted
    options = [
        _buy_option(owned_job, option, hardware, catalog, fx.usd_brl, rent, jobs_per_month)
        for option in hardware.option
    ]
    recommendation = quote.recommendation
    return RentOrBuy(
        jobs_per_month=jobs_per_month,
        rent_per_job_brl=rent,
        rent_monthly_brl=round_brl(rent * jobs_per_month),
        rent_machine=(
            f"{recommendation.count}x {recommendation.accelerator_name} "
            f"({recommendation.provider} {recommendation.region})"
        ),
        usd_brl=fx.usd_brl,
        usd_brl_as_of=fx.as_of.isoformat(),
        options=options,
        caveats=[_(caveat) for caveat in CAVEATS],
        notes=estimate_notes(hardware.import_taxes),
    )


def _percent(rate: Decimal) -> str:
    """0.16 -> 16%, 0.0975 -> 9,75%."""
    value = (rate * 100).normalize()
    return f"{format_number(value, max(0, -int(value.as_tuple().exponent)))}%"


def estimate_notes(taxes: ImportTaxes) -> list[str]:
    """What the user must read as an estimate: buying prices, running costs and the import
    tax rates, which depend on the goods' NCM; in the current language."""
    rates = ", ".join(
        f"{name} {_percent(rate)}"
        for name, rate in (
            ("II", taxes.ii),
            ("IPI", taxes.ipi),
            ("PIS", taxes.pis),
            ("COFINS", taxes.cofins),
            ("ICMS-SP", taxes.icms),
        )
    )
    return [
        _(
            "Os preços de compra estimados são faixas de mercado, não orçamentos de fornecedor; "
            "colocation, energia (tarifa média e PUE) e a parte do engenheiro também são "
            "estimativas. Cada número tem fonte e data."
        ),
        _(
            "Importação com as alíquotas gerais ({rates}); a alíquota certa depende da NCM e de "
            "ex-tarifário, e o II de informática mudou em fev/2026 (Resolução Gecex nº 852/2026): "
            "confirme com um despachante antes de comprar."
        ).format(rates=rates),
    ]


def _buy_option(
    job: Job,
    option: HardwareOption,
    hardware: HardwareFile,
    catalog: Catalog,
    usd_brl: Decimal,
    rent: Decimal,
    jobs: Decimal,
) -> BuyOption:
    accelerator = _accelerator(option, hardware, catalog)
    links = links_of(accelerator, option.gpus, None, load_performance().interconnect)
    placed = place(job, accelerator, links, option.gpus)
    memory, fits = placed.memory, placed.fits
    if option.currency == "USD":
        value = round_brl(option.price * usd_brl)
        taxes = import_tax_lines(value, hardware.import_taxes)
        landed = value + sum((t.total_brl for t in taxes), Decimal(0))
    else:
        taxes, landed = [], option.price
    costs = hardware.costs
    hours = capacity = monthly = break_even = None
    if fits:
        hours = Decimal(math.ceil(placed.time.hours * 10)) / 10  # tenths of an hour, as quotes bill
        capacity = int(costs.hours_per_month // hours)
        monthly, break_even = owning_cost(option, costs, landed, hours, jobs, rent)
        if break_even is not None and break_even > capacity:
            break_even = None  # the machine cannot run that many jobs in a month
    return BuyOption(
        id=option.id,
        name=option.name,
        accelerator_name=accelerator.name,
        gpus=option.gpus,
        fits=fits,
        memory_per_device_gb=round(memory.total, 2),
        sharded=memory.sharded,
        hours_per_job=hours,
        capacity_jobs_per_month=capacity,
        price=option.price,
        currency=option.currency,
        price_estimate=option.price_estimate,
        import_taxes=taxes,
        landed_brl=landed,
        monthly=monthly,
        break_even_jobs_per_month=break_even,
        cheaper_than_renting=(
            monthly is not None
            and capacity is not None
            and jobs <= capacity
            and monthly.total < round_brl(rent * jobs)
        ),
        sources=[
            option.price_source,
            option.power_source,
            option.hosting_source,
            option.life_source,
            option.engineer_share_source,
            costs.tariff_source,
            costs.pue_source,
            costs.engineer_source,
        ],
    )


def owning_cost(
    option: HardwareOption,
    costs: Costs,
    landed: Decimal,
    hours: Decimal,
    jobs: Decimal,
    rent: Decimal,
) -> tuple[MonthlyCost, Decimal | None]:
    """The month's cost of owning for `jobs` jobs of `hours` each, and the break-even in jobs
    per month against renting at `rent` per job (None when renting is always cheaper)."""
    per_kwh = costs.pue * costs.tariff_brl_per_kwh
    busy = min(hours * jobs, Decimal(costs.hours_per_month))
    idle_kw, load_kw = Decimal(option.idle_watts) / KWH, Decimal(option.load_watts) / KWH
    depreciation = round_brl(landed / (option.life_years * 12))
    energy = round_brl((load_kw * busy + idle_kw * (costs.hours_per_month - busy)) * per_kwh)
    hosting = round_brl(option.hosting_brl_per_month)
    engineer = round_brl(costs.engineer_brl_per_month * option.engineer_share)
    monthly = MonthlyCost(
        depreciation=depreciation,
        energy=energy,
        hosting=hosting,
        engineer=engineer,
        total=depreciation + energy + hosting + engineer,
    )
    fixed = depreciation + hosting + engineer + idle_kw * costs.hours_per_month * per_kwh
    per_job = (load_kw - idle_kw) * hours * per_kwh
    if rent <= per_job:
        return monthly, None
    break_even = (fixed / (rent - per_job)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return monthly, break_even
