"""BRL pricing of a job on an offer: exchange rate, Brazilian taxes, storage, fees and margin.

Money is Decimal throughout. Each line is computed at full precision and rounded to centavos once,
at its end; the total is the sum of the rounded lines, so the lines add up to it exactly.
"""

import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from locales import N_, _
from quoting.catalog import Offer, Region
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.errors import DataFileError
from quoting.fx import FxRate, reference_rate
from quoting.jobspec import Job
from quoting.taxes import Company, TaxProfile, TaxRule, in_force, invoice_charges, profile_charges
from quoting.units import format_date, format_number, round_brl, tenths_up

ONE = Decimal(1)  # the quantity of a one-off charge
HOURS_PER_MONTH = 730  # the providers' billing month for per-GB-month disk prices
# The set-up fee's line, in the language the quote was made in; `is_setup_fee` finds it.
SETUP_FEE_LINE = N_("Taxa de configuração do ambiente ({label})")


class Fx(Sourced):
    usd_brl: Decimal = Field(gt=0)
    buffer: Decimal = Field(ge=0, lt=1)
    max_age_business_days: int = Field(ge=0)

    @property
    def quoted_rate(self) -> Decimal:
        return self.usd_brl * (1 + self.buffer)


SetupTier = Literal["single", "node", "cluster"]


class SetupFee(BaseModel):
    tier: SetupTier
    label: str = Field(min_length=3)
    brl: Decimal = Field(ge=0)


class Terms(Sourced):
    validity_days: int = Field(ge=1)
    margin: Decimal = Field(ge=0, lt=1)
    setup_fee: list[SetupFee]
    storage_retention_days: int = Field(ge=0)
    kept_checkpoints: int = Field(ge=1)

    @model_validator(mode="after")
    def _one_fee_per_tier(self) -> "Terms":
        if sorted(fee.tier for fee in self.setup_fee) != sorted(("single", "node", "cluster")):
            raise ValueError("setup_fee precisa de uma taxa para cada nível: single, node, cluster")
        return self

    def setup_fee_for(self, devices_per_instance: int, instances: int, tpu: bool) -> SetupFee:
        """The fee for what there is to set up: several machines or a TPU slice, one machine with
        several cards, or one card."""
        if instances > 1 or (tpu and devices_per_instance > 1):
            tier: SetupTier = "cluster"
        else:
            tier = "node" if devices_per_instance > 1 else "single"
        return next(fee for fee in self.setup_fee if fee.tier == tier)

    @property
    def lowest_setup_fee(self) -> Decimal:
        return min(fee.brl for fee in self.setup_fee)


class PricingRules(BaseModel):
    fx: Fx
    terms: Terms
    company: Company
    tax_profile: list[TaxProfile]

    @model_validator(mode="after")
    def _profiles_exist(self) -> "PricingRules":
        known = {profile.id: profile for profile in self.tax_profile}
        if len(known) != len(self.tax_profile):
            raise ValueError("dois perfis tributários com o mesmo id")
        for index, profile in enumerate(self.tax_profile):
            if profile.extends is None:
                continue
            parent = known.get(profile.extends)
            if parent is None or parent.extends is not None:
                raise ValueError(f"perfil {profile.id}: estende um perfil inexistente ou derivado")
            self.tax_profile[index] = known[profile.id] = profile.with_parent(parent)
        if "local" not in known:
            raise ValueError("falta o perfil tributário 'local'")
        if known["local"].prices_in != "BRL":
            raise ValueError("o perfil 'local' é para preços em reais")
        return self

    def profile(self, profile_id: str) -> TaxProfile:
        for profile in self.tax_profile:
            if profile.id == profile_id:
                return profile
        raise DataFileError(f"Perfil tributário '{profile_id}' não existe em pricing.toml")

    def profile_for(self, offer: Offer, requested: str | None) -> TaxProfile:
        """The offer's billing entity decides (the catalog's provider row); the client may pick
        another way to pay the same entity (a foreign provider by wire or by card), never another
        origin or currency."""
        billed = self.profile("local" if offer.currency == "BRL" else offer.tax_profile)
        if requested is None:
            return billed
        asked = self.profile(requested)
        same_origin = (asked.billed_from, asked.prices_in) == (billed.billed_from, billed.prices_in)
        return asked if same_origin else billed


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
    # For staff only (the log, Slack, the terminal): tax rules past their validity.
    staff_notices: list[str] = Field(default_factory=list)


def storage_gb(job: Job, trainable: float) -> int:
    """Disk for the base model, the dataset (raw text ~4 bytes/token plus int32 token ids) and
    the kept checkpoints (16-bit weights plus fp32 optimizer states of what is trained)."""
    model = job.params * 2
    dataset = job.dataset_tokens * 8
    checkpoint = trainable * (2 + 12) + (0 if job.method == "full" else trainable * 2)
    kept = load_pricing().terms.kept_checkpoints
    return max(20, math.ceil((model + dataset + kept * checkpoint) / 1e9))


@dataclass(frozen=True, slots=True)
class Charge:
    """One line's arithmetic: the unit price at full precision, the total rounded to centavos."""

    quantity: Decimal
    unit_price: Decimal
    total_brl: Decimal


def _charge(quantity: Decimal, unit_price: Decimal) -> Charge:
    return Charge(quantity, unit_price, round_brl(quantity * unit_price))


@dataclass(frozen=True, slots=True)
class Cost:
    """A price's arithmetic without its wording: a quote ranks every candidate offer by its total
    and words (`itemize`) only the few it shows. Charges are in the order of the line items."""

    offer: Offer
    instances: int
    storage_gb: int
    spot: bool
    profile: TaxProfile
    day: date
    compute: Charge
    disk: Charge
    provider: list[tuple[TaxRule, Charge]]
    fx_protection: Charge | None  # only on offers priced in dollars, while there is a buffer
    setup: Charge
    setup_label: str  # the fee's tier: "uma placa", "várias máquinas ou uma fatia de TPU"
    margin: Charge
    invoice: list[tuple[TaxRule, Charge]]
    total_brl: Decimal

    @property
    def billed_hours(self) -> Decimal:
        return self.compute.quantity


def _line(description: str, charge: Charge, unit: str = "un") -> LineItem:
    # model_construct: every field comes from a Charge already computed.
    return LineItem.model_construct(
        description=description,
        quantity=charge.quantity,
        unit=unit,
        unit_price_brl=round_brl(charge.unit_price),
        total_brl=charge.total_brl,
    )


def is_setup_fee(description: str) -> bool:
    """Whether a line item is the set-up fee, in Portuguese or in the current language (a quote
    keeps the words of the language it was made in)."""
    prefixes = {"Taxa de configuração", _(SETUP_FEE_LINE).split("{", 1)[0].strip()}
    return any(prefix and description.startswith(prefix) for prefix in prefixes)


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


def _staff_notices(rules: list[TaxRule], day: date) -> list[str]:
    notices = []
    expired = [rule for rule in rules if rule.expired_on(day)]
    if expired:
        names = ", ".join(
            f"{rule.name} (até {format_date(rule.valid_until)})"
            for rule in expired
            if rule.valid_until is not None
        )
        notices.append(
            f"Regras tributárias vencidas em pricing.toml: {names}. Os tributos precisam ser "
            "confirmados com a contabilidade (reforma tributária, LC 214/2025)."
        )
    provisional = [rule.name for rule in rules if rule.provisional]
    if provisional:
        notices.append(
            f"Alíquota ainda não fixada em lei, usada pela estimativa: {', '.join(provisional)}. "
            "Confirme com a contabilidade antes de fechar."
        )
    return notices


def _sum(charges: list[Charge]) -> Decimal:
    return sum((charge.total_brl for charge in charges), Decimal(0))


def cost(
    job: Job,
    offer: Offer,
    region: Region,
    instances: int,
    hours: float,
    storage: int,
    profile_id: str | None = None,
    fx: FxRate | None = None,
    day: date | None = None,
    tpu: bool = False,
) -> Cost:
    """The charges and total for running the job for `hours` on `instances` of `offer`.

    Provider charges and their taxes (by who bills) are the cost; the margin is on the machine
    and storage only; the company's own output taxes are grossed up over the invoice."""
    rules = load_pricing()
    day = day or date.today()
    fx = fx or reference_rate(day)
    profile = rules.profile_for(offer, profile_id)
    rate = fx.usd_brl if offer.currency == "USD" else Decimal(1)
    spot = job.spot and offer.spot_per_hour is not None
    hourly = offer.spot_per_hour if spot and offer.spot_per_hour else offer.on_demand_per_hour
    billed = Decimal(str(tenths_up(hours)))  # providers bill by the second; quote tenths
    compute = _charge(billed, hourly * instances * rate)
    # Disks are billed by the hour: the job's hours plus the stated retention of the results.
    months = (billed + rules.terms.storage_retention_days * 24) / HOURS_PER_MONTH
    disk = _charge(
        round_brl(storage * months),  # GB-months to two decimals
        region.storage_per_gb_month * (fx.usd_brl if region.currency == "USD" else 1),
    )
    spent = compute.total_brl + disk.total_brl
    provider = [
        (rule, _charge(ONE, amount))
        for rule, amount in profile_charges(in_force(profile.tax, day), spent)
    ]
    charges = [compute, disk, *(charge for _, charge in provider)]
    buffer = rules.fx.buffer
    fx_protection = None
    if offer.currency == "USD" and buffer > 0:
        fx_protection = _charge(ONE, _sum(charges) * buffer)
        charges.append(fx_protection)
    setup_fee = rules.terms.setup_fee_for(offer.device_count, instances, tpu)
    setup = _charge(ONE, setup_fee.brl)
    margin = _charge(ONE, spent * rules.terms.margin)
    charges += [setup, margin]
    invoice = [
        (rule, _charge(ONE, amount))
        for rule, amount in invoice_charges(in_force(rules.company.tax, day), _sum(charges))
    ]
    return Cost(
        offer=offer,
        instances=instances,
        storage_gb=storage,
        spot=spot,
        profile=profile,
        day=day,
        compute=compute,
        disk=disk,
        provider=provider,
        fx_protection=fx_protection,
        setup=setup,
        setup_label=setup_fee.label,
        margin=margin,
        invoice=invoice,
        total_brl=_sum(charges + [charge for _, charge in invoice]),
    )


def itemize(cost: Cost) -> Pricing:
    """The cost as the quote shows it: a described line per charge, and the taxes among them."""
    rules = load_pricing()
    offer = cost.offer
    kind = "spot" if cost.spot else _("sob demanda")
    lines = [
        _line(
            f"{cost.instances}x {offer.instance_type} ({offer.provider} {offer.region}, {kind})",
            cost.compute,
            "h",
        ),
        _line(
            _(
                "Armazenamento do modelo, dataset e checkpoints ({size} GB durante o job e {days} "
                "dias de retenção)"
            ).format(size=cost.storage_gb, days=rules.terms.storage_retention_days),
            cost.disk,
            "GB-mês",
        ),
    ]
    taxes: list[Tax] = []
    for rule, charge in cost.provider:
        line = _line(f"{rule.name} ({_percent(rule.rate)})", charge)
        lines.append(line)
        if rule.is_tax:
            taxes.append(_tax(rule, line, "provider"))
    if cost.fx_protection is not None:
        lines.append(
            _line(
                _("Proteção cambial na validade da cotação ({percent})").format(
                    percent=_percent(rules.fx.buffer)
                ),
                cost.fx_protection,
            )
        )
    lines.append(_line(_(SETUP_FEE_LINE).format(label=_(cost.setup_label)), cost.setup))
    lines.append(
        _line(
            _("Gestão e suporte ({percent} sobre máquina e armazenamento)").format(
                percent=_percent(rules.terms.margin)
            ),
            cost.margin,
        )
    )
    for rule, charge in cost.invoice:
        line = _line(f"{rule.name} ({_percent(rule.rate)})", charge)
        lines.append(line)
        taxes.append(_tax(rule, line, "invoice"))
    return Pricing(
        line_items=lines,
        taxes=taxes,
        total_brl=cost.total_brl,
        billed_hours=cost.billed_hours,
        storage_gb=cost.storage_gb,
        tax_profile=cost.profile.id,
        spot=cost.spot,
        staff_notices=_staff_notices([rule for rule, _ in cost.provider + cost.invoice], cost.day),
    )


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
    tpu: bool = False,
) -> Pricing:
    """Line items, taxes and total for running the job for `hours` on `instances` of `offer`."""
    return itemize(cost(job, offer, region, instances, hours, storage, profile_id, fx, day, tpu))
