"""The market audit: the catalog against public prices, and our quote against self-service.

Run: INFRABOT_USD_BRL=5,40 python -m bench.market_audit [--references FILE]
(the catalog is the packaged one, or $INFRABOT_CATALOG; without INFRABOT_USD_BRL the reference rate
of pricing.toml is used, and the rate is printed either way).

Table 1, per offer in force (and per spot price where the catalog has one): the catalog's price,
the public price of bench/data/public_prices.toml nearest in date to the catalog's figure, the
ratio, both dates, and PASS when the ratio is within ±5% and the two dates are at most
MAX_GAP_DAYS apart (a match against a price from another season does not show the figure was right
at its date); offers with no public figure are listed as "sem referência".

Table 2, five standard jobs: our cheapest total (the engine's quote for "o mais barato possível")
against the cheapest
self-service option, the same job's hours on each offer in force that fits it, bought by the client
itself: the provider's price at the rate, the storage, and the taxes of the offer's billing entity
(its tax profile), with no set-up fee, no margin, no exchange buffer and none of our invoice taxes.
PASS when ours is at most 1.3x self-service; jobs whose self-service total is under R$ 1.000 are
shown but not judged.
"""

import argparse
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from quoting.catalog import Catalog, Offer, Region, load_catalog
from quoting.datafiles import Sourced, load
from quoting.fx import FxRate, reference_rate
from quoting.jobspec import Job, JobSpec, normalize
from quoting.pool import candidates
from quoting.pricing import cost
from quoting.quote import build_quote, priced_job
from quoting.units import format_brl, format_number

DEFAULT_REFERENCES = Path(__file__).parent / "data" / "public_prices.toml"
TOLERANCE = Decimal("0.05")
# Cloud list prices change a few times a year and GPU-cloud prices more often: a public figure
# more than two months away from the catalog's date does not vouch for it.
MAX_GAP_DAYS = 62
SELF_SERVICE_LIMIT = Decimal("1.3")
JUDGED_ABOVE_BRL = Decimal(1000)

PriceKind = Literal["on_demand", "spot"]
ANY_REGION = "*"  # a provider whose price is the same in every region (Lambda, RunPod)


class PublicPrice(Sourced):
    """One published price: the provider's own page or a dated mirror of its price list."""

    provider: str = Field(min_length=2)
    region: str = Field(min_length=1)
    instance_types: list[str] = Field(min_length=1)
    pricing: PriceKind
    price_per_hour: Decimal = Field(gt=0)
    currency: Literal["USD", "BRL"]
    # "gpu" where the provider publishes a price per card (the instance costs it x its cards).
    unit: Literal["instance", "gpu"] = "instance"
    note: str = ""

    @field_validator("source")
    @classmethod
    def _a_url(cls, source: str) -> str:
        if not source.startswith(("https://", "http://")):
            raise ValueError("a fonte de um preço público começa pelo endereço (https://...)")
        return source

    def per_instance(self, offer: Offer) -> Decimal:
        return self.price_per_hour * (offer.device_count if self.unit == "gpu" else 1)

    def covers(self, offer: Offer, kind: PriceKind) -> bool:
        return (
            self.provider == offer.provider
            and self.region in (offer.region, ANY_REGION)
            and offer.instance_type in self.instance_types
            and self.pricing == kind
            and self.currency == offer.currency
        )


class PublicPrices(BaseModel):
    reference: list[PublicPrice] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_figure_per_class_and_date(self) -> "PublicPrices":
        seen: set[tuple[str, str, str, str, date]] = set()
        for price in self.reference:
            for instance_type in price.instance_types:
                key = (price.provider, price.region, instance_type, price.pricing, price.as_of)
                if key in seen:
                    raise ValueError(f"dois preços para {'/'.join(key[:4])} em {price.as_of}")
                seen.add(key)
        return self


def load_references(path: Path = DEFAULT_REFERENCES) -> PublicPrices:
    return load(path, PublicPrices)


@dataclass(frozen=True, slots=True)
class PriceCheck:
    """One catalog price against the public figure nearest to its date."""

    offer: Offer
    kind: PriceKind
    catalog: Decimal
    reference: PublicPrice | None

    @property
    def public(self) -> Decimal | None:
        return None if self.reference is None else self.reference.per_instance(self.offer)

    @property
    def ratio(self) -> Decimal | None:
        return None if self.public is None else self.catalog / self.public

    @property
    def gap_days(self) -> int | None:
        if self.reference is None:
            return None
        return abs((self.offer.as_of - self.reference.as_of).days)

    @property
    def within(self) -> bool:
        return self.ratio is not None and abs(self.ratio - 1) <= TOLERANCE

    @property
    def passed(self) -> bool:
        return self.within and self.gap_days is not None and self.gap_days <= MAX_GAP_DAYS


def reference_for(offer: Offer, kind: PriceKind, prices: PublicPrices) -> PublicPrice | None:
    """The public figure for the offer's class nearest in date to the catalog's figure."""
    matches = [price for price in prices.reference if price.covers(offer, kind)]
    return min(matches, key=lambda p: abs((p.as_of - offer.as_of).days), default=None)


def audit_prices(catalog: Catalog, prices: PublicPrices) -> list[PriceCheck]:
    checks = []
    for offer in catalog.offers_in_force():
        listed: list[tuple[PriceKind, Decimal]] = [("on_demand", offer.on_demand_per_hour)]
        if offer.spot_per_hour is not None:
            listed.append(("spot", offer.spot_per_hour))
        for kind, figure in listed:
            checks.append(PriceCheck(offer, kind, figure, reference_for(offer, kind, prices)))
    return checks


def self_service_total(
    job: Job,
    offer: Offer,
    region: Region,
    instances: int,
    hours: float,
    storage: int,
    fx: FxRate,
    day: date,
) -> Decimal:
    """What the client pays buying the offer itself: the engine's own machine, storage and
    provider-tax lines under the offer's billing entity (no profile asked for), and nothing of
    ours: no set-up fee, margin, exchange buffer or invoice taxes."""
    charges = cost(job, offer, region, instances, hours, storage, None, fx, day)
    provider = sum((charge.total_brl for _, charge in charges.provider), Decimal(0))
    return charges.compute.total_brl + charges.disk.total_brl + provider


@dataclass(frozen=True, slots=True)
class StandardJob:
    name: str
    spec: JobSpec


STANDARD_JOBS = [
    StandardJob(
        "BERT-base, classificador (100 mil exemplos de 256 tokens, 3 épocas)",
        JobSpec(
            model="bert-base-uncased",
            method="full",
            examples=100_000,
            tokens_per_example=256,
            epochs=3,
        ),
    ),
    StandardJob(
        "Llama-3-8B QLoRA (10 mil exemplos de 500 tokens, 3 épocas)",
        JobSpec(
            model="llama-3-8b", method="qlora", examples=10_000, tokens_per_example=500, epochs=3
        ),
    ),
    StandardJob(
        "Qwen2.5-7B LoRA (50 mil exemplos de 500 tokens, 3 épocas)",
        JobSpec(
            model="qwen2-5-7b", method="lora", examples=50_000, tokens_per_example=500, epochs=3
        ),
    ),
    StandardJob(
        "Llama-3-8B ajuste completo (200 mil exemplos de 1.000 tokens, 2 épocas)",
        JobSpec(
            model="llama-3-8b", method="full", examples=200_000, tokens_per_example=1000, epochs=2
        ),
    ),
    StandardJob(
        "Llama-3-70B LoRA (100 mil exemplos de 500 tokens, 2 épocas)",
        JobSpec(
            model="llama-3-70b", method="lora", examples=100_000, tokens_per_example=500, epochs=2
        ),
    ),
]


@dataclass(frozen=True, slots=True)
class Comparison:
    name: str
    ours: Decimal
    our_offer: str
    self_service: Decimal
    self_offer: str

    @property
    def ratio(self) -> Decimal:
        return self.ours / self.self_service

    @property
    def judged(self) -> bool:
        return self.self_service > JUDGED_ABOVE_BRL

    @property
    def passed(self) -> bool:
        return self.ratio <= SELF_SERVICE_LIMIT


def _offer_label(offer: Offer, instances: int) -> str:
    return f"{instances}x {offer.key}"


def compare(standard: StandardJob, catalog: Catalog, fx: FxRate, day: date) -> Comparison:
    # Our cheapest: the quote a client gets asking for "o mais barato possível" (the same
    # terms, no preference for Brazil or for faster machines).
    job = normalize(standard.spec.model_copy(update={"cheapest": True}))
    quote = build_quote(job, catalog, fx=fx)
    priced = priced_job(job, quote)
    options = [
        (
            self_service_total(
                priced,
                c.offer,
                c.region,
                c.instances,
                c.time.hours,
                c.cost.storage_gb,
                fx,
                day,
            ),
            _offer_label(c.offer, c.instances),
        )
        for c in candidates(priced, catalog, fx)
    ]
    cheapest, where = min(options)
    chosen = quote.recommendation
    ours = f"{chosen.instances}x {chosen.provider}/{chosen.region}/{chosen.instance_type}"
    return Comparison(standard.name, quote.total_brl, ours, cheapest, where)


def _money(value: Decimal | None) -> str:
    return "—" if value is None else format_number(value, 4)


def _price_lines(checks: list[PriceCheck]) -> Iterable[str]:
    yield "1. Catálogo x preço público (por hora, na moeda da oferta)"
    yield (
        f"{'oferta':58} {'tipo':9} {'catálogo':>10} {'data cat.':10} {'público':>10} "
        f"{'data púb.':10} {'razão':>7} {'dias':>5} veredito"
    )
    for check in checks:
        ref = check.reference
        if ref is None:
            verdict = "sem referência"
        elif check.passed:
            verdict = "PASS"
        else:
            verdict = "FAIL (datas distantes)" if check.within else "FAIL (fora de ±5%)"
        ratio = "—" if check.ratio is None else format_number(check.ratio, 3)
        yield (
            f"{check.offer.key[:58]:58} {check.kind:9} {_money(check.catalog):>10} "
            f"{check.offer.as_of.isoformat():10} {_money(check.public):>10} "
            f"{ref.as_of.isoformat() if ref else '—':10} {ratio:>7} "
            f"{'—' if check.gap_days is None else check.gap_days:>5} {verdict}"
        )
    matched = [check for check in checks if check.reference is not None]
    yield (
        f"preços: {len(checks)}; com referência: {len(matched)}; dentro de ±5%: "
        f"{sum(check.within for check in matched)}; PASS (±5% e datas a até {MAX_GAP_DAYS} dias): "
        f"{sum(check.passed for check in matched)}; sem referência: {len(checks) - len(matched)}"
    )


def _job_lines(comparisons: list[Comparison]) -> Iterable[str]:
    yield "2. Nossa cotação x o cliente comprando sozinho (total em reais, com tributos)"
    for item in comparisons:
        if not item.judged:
            verdict = f"fora da meta (autosserviço até {format_brl(JUDGED_ABOVE_BRL)})"
        else:
            verdict = "PASS" if item.passed else "FAIL"
        yield item.name
        yield f"   nossa:        {format_brl(item.ours):>16}  {item.our_offer}"
        yield f"   autosserviço: {format_brl(item.self_service):>16}  {item.self_offer}"
        limit = format_number(SELF_SERVICE_LIMIT, 1)
        yield f"   razão {format_number(item.ratio, 2)}x (meta: até {limit}x)  {verdict}"
    judged = [item for item in comparisons if item.judged]
    yield (
        f"jobs: {len(comparisons)}; julgados (autosserviço acima de "
        f"{format_brl(JUDGED_ABOVE_BRL)}): {len(judged)}; PASS: "
        f"{sum(item.passed for item in judged)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Auditoria de mercado do catálogo e das cotações")
    parser.add_argument("--references", type=Path, default=DEFAULT_REFERENCES)
    args = parser.parse_args()
    day = date.today()
    fx = reference_rate(day)
    catalog = load_catalog()
    print(f"câmbio: {format_brl(fx.usd_brl)} por US$ ({fx.source}, {fx.as_of.isoformat()})")
    print(f"tolerância: ±{TOLERANCE:.0%}; datas a até {MAX_GAP_DAYS} dias; hoje: {day}")
    for line in _price_lines(audit_prices(catalog, load_references(args.references))):
        print(line)
    print()
    comparisons = [compare(standard, catalog, fx, day) for standard in STANDARD_JOBS]
    for line in _job_lines(comparisons):
        print(line)


if __name__ == "__main__":
    main()
