"""BRL pricing of a job on an offer: exchange rate, Brazilian taxes, storage, fees and margin.

Money is Decimal throughout. Each line is computed at full precision and rounded to centavos once,
at its end; the total is the sum of the rounded lines, so the lines add up to it exactly.
"""

import math
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from quoting.catalog import Offer, Region
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.errors import DataFileError
from quoting.fx import FxRate, reference_rate
from quoting.jobspec import Job
from quoting.taxes import Company, TaxProfile, TaxRule, in_force, invoice_charges, profile_charges
from quoting.units import format_date, format_number, round_brl

HOURS_PER_MONTH = 730  # the providers' billing month for per-GB-month disk prices


class Fx(Sourced):
    usd_brl: Decimal = Field(gt=0)
    buffer: Decimal = Field(ge=0, lt=1)
    max_age_business_days: int = Field(ge=0)

    @property
    def quoted_rate(self) -> Decimal:
        return self.usd_brl * (1 + self.buffer)


class Terms(Sourced):
    validity_days: int = Field(ge=1)
    margin: Decimal = Field(ge=0, lt=1)
    setup_fee_brl: Decimal = Field(ge=0)
    storage_retention_days: int = Field(ge=0)
    kept_checkpoints: int = Field(ge=1)


class PricingRules(BaseModel):
    fx: Fx
    terms: Terms
    company: Company
    default_foreign_profile: str
    provider_profile: dict[str, str]
    tax_profile: list[TaxProfile]

    @model_validator(mode="after")
    def _profiles_exist(self) -> "PricingRules":
        known = {profile.id: profile for profile in self.tax_profile}
        if len(known) != len(self.tax_profile):
            raise ValueError("dois perfis tributários com o mesmo id")
        for named in [self.default_foreign_profile, "local", *self.provider_profile.values()]:
            if named not in known:
                raise ValueError(f"perfil tributário '{named}' não existe")
        if known["local"].prices_in != "BRL":
            raise ValueError("o perfil 'local' é para preços em reais")
        return self

    def profile(self, profile_id: str) -> TaxProfile:
        for profile in self.tax_profile:
            if profile.id == profile_id:
                return profile
        raise DataFileError(f"Perfil tributário '{profile_id}' não existe em pricing.toml")

    def profile_for(self, offer: Offer, requested: str | None) -> TaxProfile:
        """The client's choice when it fits the offer's currency, else who bills decides."""
        if requested is not None and self.profile(requested).prices_in == offer.currency:
            return self.profile(requested)
        if offer.currency == "BRL":
            return self.profile("local")
        return self.profile(self.provider_profile.get(offer.provider, self.default_foreign_profile))


@cache
def load_pricing(path: Path = DATA_DIR / "pricing.toml") -> PricingRules:
    """The pricing rules (the day's rate is not here: see quoting.fx)."""
    return load(path, PricingRules)


class LineItem(BaseModel):
    description: str
    quantity: Decimal
    unit: str
    unit_price_brl: Decimal
    total_brl: Decimal


class Tax(BaseModel):
    """One tax in a quote: on what the company pays the provider, or on its own invoice."""

    name: str
    rate: Decimal
    basis: str
    total_brl: Decimal
    applies_to: Literal["provider", "invoice"]
    valid_from: date
    valid_until: date | None


class Pricing(BaseModel):
    line_items: list[LineItem]
    taxes: list[Tax]
    total_brl: Decimal
    billed_hours: Decimal
    storage_gb: int
    tax_profile: str
    spot: bool
    notices: list[str] = Field(default_factory=list)


def storage_gb(job: Job, trainable: float) -> int:
    """Disk for the base model, the dataset (raw text ~4 bytes/token plus int32 token ids) and
    the kept checkpoints (16-bit weights plus fp32 optimizer states of what is trained)."""
    model = job.params * 2
    dataset = job.dataset_tokens * 8
    checkpoint = trainable * (2 + 12) + (0 if job.method == "full" else trainable * 2)
    kept = load_pricing().terms.kept_checkpoints
    return max(20, math.ceil((model + dataset + kept * checkpoint) / 1e9))


def _line(description: str, quantity: Decimal, unit: str, unit_price: Decimal) -> LineItem:
    # model_construct: every field is computed here, and a quote prices every candidate offer.
    return LineItem.model_construct(
        description=description,
        quantity=quantity,
        unit=unit,
        unit_price_brl=round_brl(unit_price),
        total_brl=round_brl(quantity * unit_price),
    )


def _percent(rate: Decimal) -> str:
    return f"{format_number(rate * 100, 2)}%"


def _tax(rule: TaxRule, line: LineItem, applies_to: Literal["provider", "invoice"]) -> Tax:
    return Tax.model_construct(
        name=rule.name,
        rate=rule.rate,
        basis=rule.basis,
        total_brl=line.total_brl,
        applies_to=applies_to,
        valid_from=rule.valid_from,
        valid_until=rule.valid_until,
    )


def _expired_notice(rules: list[TaxRule], day: date) -> list[str]:
    expired = [rule for rule in rules if rule.expired_on(day)]
    if not expired:
        return []
    names = ", ".join(
        f"{rule.name} (até {format_date(rule.valid_until)})"
        for rule in expired
        if rule.valid_until is not None
    )
    return [
        f"Regras tributárias vencidas em pricing.toml: {names}. Os tributos precisam ser "
        "confirmados com a contabilidade (reforma tributária, LC 214/2025)."
    ]


def price(
    job: Job,
    offer: Offer,
    region: Region,
    instances: int,
    hours: float,
    storage: int,
    profile_id: str | None = None,
    fx: FxRate | None = None,
    day: date | None = None,
) -> Pricing:
    """Line items, taxes and total for running the job for `hours` on `instances` of `offer`.

    Provider charges and their taxes (by who bills) are the cost; the margin is on the machine
    and storage only; the company's own output taxes are grossed up over the invoice."""
    rules = load_pricing()
    day = day or date.today()
    fx = fx or reference_rate(day)
    profile = rules.profile_for(offer, profile_id)
    rate = fx.usd_brl if offer.currency == "USD" else Decimal(1)
    spot = job.spot and offer.spot_per_hour is not None
    hourly = offer.spot_per_hour if spot and offer.spot_per_hour else offer.on_demand_per_hour
    billed = Decimal(math.ceil(hours * 10)) / 10  # providers bill by the second; quote tenths
    kind = "spot" if spot else "sob demanda"
    compute = _line(
        f"{instances}x {offer.instance_type} ({offer.provider} {offer.region}, {kind})",
        billed,
        "h",
        hourly * instances * rate,
    )
    # Disks are billed by the hour: the job's hours plus the stated retention of the results.
    retention = rules.terms.storage_retention_days
    months = (billed + retention * 24) / HOURS_PER_MONTH
    disk = _line(
        f"Armazenamento do modelo, dataset e checkpoints ({storage} GB durante o job e "
        f"{retention} dias de retenção)",
        round_brl(storage * months),  # GB-months to two decimals
        "GB-mês",
        region.storage_per_gb_month * (fx.usd_brl if region.currency == "USD" else 1),
    )
    cost = compute.total_brl + disk.total_brl
    lines = [compute, disk]
    taxes: list[Tax] = []
    provider_rules = in_force(profile.tax, day)
    for rule, amount in profile_charges(provider_rules, cost):
        line = _line(f"{rule.name} ({_percent(rule.rate)})", Decimal(1), "un", amount)
        lines.append(line)
        if rule.is_tax:
            taxes.append(_tax(rule, line, "provider"))
    buffer = rules.fx.buffer
    if offer.currency == "USD" and buffer > 0:
        exposed = sum((line.total_brl for line in lines), Decimal(0))
        lines.append(
            _line(
                f"Proteção cambial na validade da cotação ({_percent(buffer)})",
                Decimal(1),
                "un",
                exposed * buffer,
            )
        )
    lines.append(
        _line("Taxa de configuração do ambiente", Decimal(1), "un", rules.terms.setup_fee_brl)
    )
    margin = rules.terms.margin
    lines.append(
        _line(
            f"Gestão e suporte ({_percent(margin)} sobre máquina e armazenamento)",
            Decimal(1),
            "un",
            cost * margin,
        )
    )
    company_rules = in_force(rules.company.tax, day)
    before_taxes = sum((line.total_brl for line in lines), Decimal(0))
    for rule, amount in invoice_charges(company_rules, before_taxes):
        line = _line(f"{rule.name} ({_percent(rule.rate)})", Decimal(1), "un", amount)
        lines.append(line)
        taxes.append(_tax(rule, line, "invoice"))
    return Pricing(
        line_items=lines,
        taxes=taxes,
        total_brl=sum((line.total_brl for line in lines), Decimal(0)),
        billed_hours=billed,
        storage_gb=storage,
        tax_profile=profile.id,
        spot=spot,
        notices=_expired_notice(provider_rules + company_rules, day),
    )
