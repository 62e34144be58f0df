"""The quote: the engine's whole answer for a job, in the JSON contract of DESIGN.md."""

import logging
import secrets
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, Field, field_serializer

from locales import _
from quoting.candidate import Candidate
from quoting.catalog import Catalog, load_catalog
from quoting.fx import PTAX_SOURCE, FxRate, reference_rate
from quoting.jobspec import Job, JobSpec, normalize
from quoting.memory import MemoryEstimate, MemoryParts
from quoting.pool import candidates
from quoting.price_list import stale_notice
from quoting.pricing import LineItem, Tax, load_pricing
from quoting.recommend import NoViableOffer, recommend
from quoting.timing import flops_per_token
from quoting.topology import Parallelism
from quoting.units import format_brl, format_date, format_number

log = logging.getLogger(__name__)


class Money(BaseModel):
    """Base for output models: Decimal money goes out as a JSON number with two decimals."""

    @field_serializer("*", when_used="json")
    def _numbers(self, value: Any) -> Any:
        return float(value) if isinstance(value, Decimal) else value


class Estimate(Money):
    memory_gb: MemoryParts
    tokens: float
    train_flops: float
    trainable_params: float
    devices: int
    sharded: bool


class Option(Money):
    kind: Literal["gpu", "tpu"]
    accelerator: str
    accelerator_name: str
    count: int
    instances: int
    instance_type: str
    provider: str
    region: str
    country: str
    hours: float
    total_brl: Decimal
    memory_per_device_gb: float
    device_memory_gb: float
    spot: bool
    fp16_fallback: bool = False  # no BF16 on this accelerator: it trains in FP16
    # How the job is spread (quoting.topology); None in quotes saved before it was recorded.
    parallelism: Parallelism | None = None
    # The date of the provider's price the machine is quoted at; None in quotes saved before.
    price_as_of: date | None = None

    @classmethod
    def of(cls, candidate: Candidate) -> "Option":
        return cls(
            kind=candidate.accelerator.kind,
            accelerator=candidate.accelerator.id,
            accelerator_name=candidate.accelerator.name,
            count=candidate.devices,
            instances=candidate.instances,
            instance_type=candidate.offer.instance_type,
            provider=candidate.offer.provider,
            region=candidate.offer.region,
            country=candidate.region.country,
            hours=float(candidate.cost.billed_hours),
            total_brl=candidate.total_brl,
            memory_per_device_gb=round(candidate.memory.total, 2),
            device_memory_gb=candidate.accelerator.memory_gb,
            spot=candidate.cost.spot,
            fp16_fallback=candidate.fp16_fallback,
            parallelism=candidate.placement.parallelism,
            price_as_of=candidate.offer.as_of,
        )


class Recommended(Option):
    reasons: list[str]
    # The client's constraints as said against this offer; `reasons` begins with them.
    constraints: list[str] = Field(default_factory=list)


class Alternative(Option):
    label: str


class Fx(Money):
    usd_brl: Decimal
    as_of: str
    buffer: Decimal
    usd_brl_quoted: Decimal
    source: str
    stale: bool = False  # quotes stored before these fields existed load as they were
    manual: bool = False

    @property
    def client_source(self) -> str:
        """The rate's source as a client reads it: the Banco Central's PTAX, or our reference rate
        (a file or a variable name is for staff)."""
        if self.source == PTAX_SOURCE:
            return _("PTAX venda, Banco Central")
        return _("câmbio de referência da infrabot")


class Quote(Money):
    id: str
    created_at: datetime
    valid_until: datetime
    job: dict[str, Any]
    estimate: Estimate
    recommendation: Recommended
    alternatives: list[Alternative]
    line_items: list[LineItem]
    tax_profile: str
    fx: Fx
    taxes: list[Tax] = Field(default_factory=list)
    # Warnings the client reads with the quote (spot unavailable, ...), in the quote's language.
    notices: list[str] = Field(default_factory=list)
    # pt-BR notes for staff only (the log, Slack, the terminal), never the client: an exchange rate
    # to confirm, a catalog price to refresh, tax rules past their validity.
    staff_notices: list[str] = Field(default_factory=list)
    total_brl: Decimal

    def price_date(self) -> str:
        """ " Preço do provedor de 09/11/2026." after the headline: how old the machine's price is
        is the client's to see, and the staff's to refresh (`infrabot catalog refresh`)."""
        day = self.recommendation.price_as_of
        return " " + _("Preço do provedor de {day}.").format(day=format_date(day)) if day else ""

    def to_json_dict(self) -> dict[str, Any]:
        data = self.model_dump(mode="json")
        for item in data["line_items"]:
            for key in ("quantity", "unit_price_brl", "total_brl"):
                item[key] = float(item[key])
        for tax in data["taxes"]:
            for key in ("rate", "total_brl"):
                tax[key] = float(tax[key])
        return data


def job_summary(job: Job) -> dict[str, Any]:
    """The normalised job as the client should see it: inputs, defaults assumed, architecture."""
    data = job.model_dump(mode="json", exclude={"architecture"})
    arch = job.architecture
    data["architecture"] = arch.model_dump(
        include={
            "architecture",
            "layers",
            "hidden_size",
            "heads",
            "kv_heads",
            "intermediate_size",
            "vocab_size",
            "max_context",
            "experts",
            "experts_per_token",
        }
    )
    data["total_tokens"] = job.total_tokens
    return data


def estimate_of(job: Job, memory: MemoryEstimate) -> Estimate:
    return Estimate(
        memory_gb=memory.rounded(),
        tokens=job.total_tokens,
        train_flops=flops_per_token(job) * job.total_tokens,
        trainable_params=memory.trainable_params,
        devices=memory.devices,
        sharded=memory.sharded,
    )


# What one quote may be: R$ 1 bilhão (the largest budget), and a job that some offer runs within
# ten years (ten times the longest deadline a job may have: big full fine-tunes of Mixtral-class
# models take a year on the fastest offer). Past that the description has a typo ("10 trilhões de
# tokens e 100 épocas"), and the records' money columns (numeric(14,2)) stay far from overflowing.
MAX_JOB_HOURS = 10 * 8760.0
MAX_TOTAL_BRL = Decimal(1_000_000_000)


def _check_plausible(chosen: Candidate, others: list[Candidate]) -> None:
    hours = min(c.time.hours for c in [chosen, *others])
    total = chosen.total_brl
    if hours <= MAX_JOB_HOURS and total <= MAX_TOTAL_BRL:
        return
    years = hours / 8760
    took = (
        _("cerca de {years} anos de máquina").format(
            years=format_number(years, 0 if years >= 10 else 1)
        )
        if years >= 1
        else _("cerca de {hours} h de máquina").format(hours=format_number(hours, 0))
    )
    raise NoViableOffer(
        _(
            "Este job levaria {took} e custaria {total}: passa do que cotamos (até 10 anos de "
            "máquina e R$ 1 bilhão por cotação). Talvez haja um número a mais na descrição."
        ).format(took=took, total=format_brl(total)),
        [
            _("Confira o tamanho do modelo, o total de tokens (ou exemplos) e as épocas."),
            _("Para um projeto deste porte, fale com um especialista."),
        ],
    )


def build_quote(
    job: Job, catalog: Catalog | None = None, now: datetime | None = None, fx: FxRate | None = None
) -> Quote:
    """Price the job at `fx` (the application passes the day's PTAX; without it, the manual or
    reference rate, flagged when old). Raises NoViableOffer (with suggestions) when nothing
    runs it."""
    created = now or datetime.now(UTC)
    fx = fx or reference_rate(created.date())
    result = recommend(job, catalog, fx)
    job = result.job  # the micro-batch the quote assumed
    chosen = result.chosen
    _check_plausible(chosen, [candidate for _, candidate in result.alternatives])
    rules = load_pricing()
    buffer = rules.fx.buffer
    stale = stale_notice(chosen.offer, created.date())
    staff_notices = [n for n in (fx.notice, stale) if n] + chosen.pricing.staff_notices
    for notice in staff_notices:
        log.info("quote_staff_notice", extra={"notice": notice})
    return Quote(
        id="q_" + secrets.token_hex(8),
        created_at=created,
        valid_until=created + timedelta(days=rules.terms.validity_days),
        job=job_summary(job),
        estimate=estimate_of(job, chosen.memory),
        recommendation=Recommended(
            **Option.of(chosen).model_dump(),
            reasons=result.reasons,
            constraints=result.constraints,
        ),
        alternatives=[
            Alternative(**Option.of(candidate).model_dump(), label=label)
            for label, candidate in result.alternatives
        ],
        line_items=chosen.pricing.line_items,
        tax_profile=chosen.pricing.tax_profile,
        fx=Fx(
            usd_brl=fx.usd_brl,
            as_of=fx.as_of.isoformat(),
            buffer=buffer,
            usd_brl_quoted=(fx.usd_brl * (1 + buffer)).quantize(Decimal("0.0001")),
            source=fx.source,
            stale=fx.stale,
            manual=fx.manual,
        ),
        taxes=chosen.pricing.taxes,
        notices=result.notices,
        staff_notices=staff_notices,
        total_brl=chosen.total_brl,
    )


def quote(spec: JobSpec, catalog: Catalog | None = None, fx: FxRate | None = None) -> Quote:
    return build_quote(normalize(spec), catalog, fx=fx)


def priced_job(job: Job, quote: Quote) -> Job:
    """The job with the micro-batch its quote assumed: the engine may have lowered our default
    to fit the machine, and a plan or another option must run what was priced."""
    if "batch_size" not in job.assumed:
        return job
    return job.model_copy(update={"batch_size": int(quote.job["batch_size"])})


def other_options(
    job: Job, quote: Quote, catalog: Catalog | None = None, limit: int = 3
) -> list[Option]:
    """Machines that also run the job within its deadline and budget but that the quote does not
    mention (neither recommended nor among its alternatives): the cheapest per accelerator and
    region, cheapest first, priced at the quote's exchange rate."""
    shown = {
        (option.instance_type, option.region, option.instances)
        for option in (quote.recommendation, *quote.alternatives)
    }
    fx = FxRate(
        usd_brl=quote.fx.usd_brl,
        as_of=date.fromisoformat(quote.fx.as_of),
        source=quote.fx.source,
        stale=quote.fx.stale,
        manual=quote.fx.manual,
    )
    best: dict[tuple[str, str], Candidate] = {}
    for candidate in candidates(priced_job(job, quote), catalog or load_catalog(), fx):
        key = (candidate.accelerator.id, candidate.offer.region)
        if (
            (candidate.offer.instance_type, candidate.offer.region, candidate.instances) in shown
            or (job.deadline_hours is not None and candidate.time.hours > job.deadline_hours)
            or (job.budget_brl is not None and candidate.total_brl > job.budget_brl)
            or (key in best and best[key].total_brl <= candidate.total_brl)
        ):
            continue
        best[key] = candidate
    cheapest = sorted(best.values(), key=lambda c: (c.total_brl, c.time.hours))[:limit]
    return [Option.of(candidate) for candidate in cheapest]
