"""BRL pricing of a job on an offer: exchange rate, Brazilian taxes, storage, fees and margin.

Money is Decimal throughout. Each line is computed at full precision and rounded to centavos once,
at its end; the total is the sum of the rounded lines, so the lines add up to it exactly.
"""

import math
import os
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from quoting.catalog import Offer, Region
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.errors import DataFileError
from quoting.jobspec import Job
from quoting.units import round_brl

HOURS_PER_MONTH = 730


class Fx(Sourced):
    usd_brl: Decimal = Field(gt=0)
    buffer: Decimal = Field(ge=0, lt=1)

    @property
    def quoted_rate(self) -> Decimal:
        return self.usd_brl * (1 + self.buffer)


class Terms(Sourced):
    validity_days: int = Field(ge=1)
    margin: Decimal = Field(ge=0, lt=1)
    setup_fee_brl: Decimal = Field(ge=0)
    min_storage_months: int = Field(ge=1)
    kept_checkpoints: int = Field(ge=1)


class TaxRule(BaseModel):
    id: str
    name: str
    rate: Decimal = Field(ge=0, lt=1)
    # cost: the amount paid abroad; grossed_up: that amount grossed up for the withheld IRRF
    # (RIR art. 786); pis_cofins: Lei 10.865/2004 art. 7 II, the grossed-up amount plus ISS and
    # the contributions themselves.
    base: Literal["cost", "grossed_up", "pis_cofins"]


class TaxProfile(Sourced):
    id: str
    name: str
    applies_to: Literal["foreign", "local"]
    tax: list[TaxRule] = Field(default_factory=list)


class PricingRules(BaseModel):
    fx: Fx
    terms: Terms
    default_foreign_profile: str
    tax_profile: list[TaxProfile]

    def profile(self, profile_id: str) -> TaxProfile:
        for profile in self.tax_profile:
            if profile.id == profile_id:
                return profile
        raise DataFileError(f"Perfil tributário '{profile_id}' não existe em pricing.toml")


@cache
def load_pricing(path: Path = DATA_DIR / "pricing.toml") -> PricingRules:
    """The pricing rules; INFRABOT_USD_BRL (and INFRABOT_USD_BRL_DATE) override the rate."""
    rules = load(path, PricingRules)
    override = os.environ.get("INFRABOT_USD_BRL")
    if override:
        try:
            rate = Decimal(override.replace(",", "."))
            as_of = date.fromisoformat(os.environ.get("INFRABOT_USD_BRL_DATE") or str(date.today()))
        except ArithmeticError as error:
            raise DataFileError(f"INFRABOT_USD_BRL inválido: '{override}'") from error
        except ValueError as error:
            raise DataFileError("INFRABOT_USD_BRL_DATE deve ser uma data AAAA-MM-DD") from error
        if rate <= 0:
            raise DataFileError(f"INFRABOT_USD_BRL deve ser positivo: '{override}'")
        fx = rules.fx.model_copy(
            update={"usd_brl": rate, "as_of": as_of, "source": "INFRABOT_USD_BRL"}
        )
        rules = rules.model_copy(update={"fx": fx})
    return rules


class LineItem(BaseModel):
    description: str
    quantity: Decimal
    unit: str
    unit_price_brl: Decimal
    total_brl: Decimal


class Pricing(BaseModel):
    line_items: list[LineItem]
    total_brl: Decimal
    billed_hours: Decimal
    storage_gb: int
    tax_profile: str
    spot: bool


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


def _tax_lines(profile: TaxProfile, cost: Decimal) -> list[LineItem]:
    rates = {rule.id: rule.rate for rule in profile.tax}
    grossed_up = cost / (1 - rates.get("irrf", Decimal(0)))
    iss = grossed_up * rates.get("iss", Decimal(0))
    contributions = rates.get("pis", Decimal(0)) + rates.get("cofins", Decimal(0))
    bases = {
        "cost": cost,
        "grossed_up": grossed_up,
        "pis_cofins": (grossed_up + iss) / (1 - contributions),
    }
    return [
        _line(
            f"{rule.name} ({rule.rate * 100:.2f}%)".replace(".", ","),
            Decimal(1),
            "un",
            bases[rule.base] * rule.rate,
        )
        for rule in profile.tax
    ]


def price(
    job: Job,
    offer: Offer,
    region: Region,
    instances: int,
    hours: float,
    storage: int,
    profile_id: str | None = None,
) -> Pricing:
    """Line items and total for running the job for `hours` on `instances` of `offer`."""
    rules = load_pricing()
    foreign = offer.currency != "BRL"
    rate = rules.fx.quoted_rate if foreign else Decimal(1)
    if foreign:
        profile = rules.profile(
            profile_id if profile_id not in (None, "local") else rules.default_foreign_profile
        )
    else:
        profile = rules.profile("local")
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
    months = max(rules.terms.min_storage_months, math.ceil(hours / HOURS_PER_MONTH))
    disk = _line(
        f"Armazenamento do modelo, dataset e checkpoints ({storage} GB x {months} mês(es))",
        Decimal(storage * months),
        "GB-mês",
        region.storage_per_gb_month * (rate if region.currency == "USD" else 1),
    )
    lines = [compute, disk]
    lines += _tax_lines(profile, compute.total_brl + disk.total_brl)
    lines.append(
        _line("Taxa de configuração do ambiente", Decimal(1), "un", rules.terms.setup_fee_brl)
    )
    cost = sum((line.total_brl for line in lines), Decimal(0))
    margin = rules.terms.margin
    lines.append(_line(f"Gestão e suporte ({margin * 100:.0f}%)", Decimal(1), "un", cost * margin))
    return Pricing(
        line_items=lines,
        total_brl=sum((line.total_brl for line in lines), Decimal(0)),
        billed_hours=billed,
        storage_gb=storage,
        tax_profile=profile.id,
        spot=spot,
    )
