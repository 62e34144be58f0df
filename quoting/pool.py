"""The offers that can run a job: each offer in force that the client's terms allow (residency,
kind, card, card memory, card count, framework), placed at the fewest instances that fit it, and
priced; and the cheapest of them within the deadline, for a change to the job a reply suggests."""

from collections.abc import Iterator
from datetime import date

from locales import _
from quoting import policy
from quoting.candidate import Candidate
from quoting.catalog import Accelerator, Catalog, Offer, Region
from quoting.fx import FxRate, reference_rate
from quoting.jobspec import Job
from quoting.memory import trainable_params
from quoting.placement import ShapeCache
from quoting.pricing import cost, storage_gb
from quoting.timing import load_performance
from quoting.topology import offer_links
from quoting.units import format_brl, format_number

# More instances of an offer are priced only while fewer run longer than this (or miss the
# deadline): the value-of-time policy (quoting/policy.py) needs the faster shapes to compare.
LONG_RUN_HOURS = policy.TIME_TARGETS_HOURS[0]


def _excluded(job: Job, offer: Offer, accelerator: Accelerator, region: Region) -> bool:
    if job.data_residency == "br" and region.country != "BR":
        return True
    if job.kind is not None and accelerator.kind != job.kind:
        return True
    if job.accelerator is not None and accelerator.id != job.accelerator:
        return True
    if job.max_device_memory_gb is not None and accelerator.memory_gb > job.max_device_memory_gb:
        return True
    if accelerator.kind == "tpu":
        # QLoRA's 4-bit weights come from bitsandbytes, which runs on CUDA GPUs only. Scale
        # is not a rule here: the GPU-or-TPU comparison of the priced options decides it.
        return job.framework == "pytorch" or job.method == "qlora"
    return False


def candidates(job: Job, catalog: Catalog, fx: FxRate | None = None) -> Iterator[Candidate]:
    """Every offer in force at the fewest instances that fit the job, and at more instances
    only while fewer would miss the deadline or run for days (more machines for a short job
    is waste)."""
    fx = fx or reference_rate(date.today())  # once, not per offer
    trainable = trainable_params(job)
    storage = storage_gb(job, trainable)
    shapes = ShapeCache()  # one placement per machine shape, whichever cloud rents it
    interconnect = load_performance().interconnect
    for offer in catalog.offers_in_force():
        accelerator = catalog.accelerator_by_id(offer.accelerator)
        region = catalog.region_of(offer)
        if _excluded(job, offer, accelerator, region):
            continue
        # Interruption time only where the offer really runs on spot (it has a spot price).
        on_offer = (
            job if offer.spot_per_hour is not None else job.model_copy(update={"spot": False})
        )
        links = offer_links(accelerator, offer, interconnect)
        instances = 1
        if job.devices is not None:  # "em 4 H100": only the instance count that gives them
            instances, extra = divmod(job.devices, offer.device_count)
            if extra or not instances:
                continue
        while instances <= offer.max_instances:
            placed = shapes.place(on_offer, accelerator, links, offer.device_count, instances)
            if placed.fits:
                charges = cost(
                    job,
                    offer,
                    region,
                    instances,
                    placed.time.hours,
                    storage,
                    job.tax_profile,
                    fx,
                    tpu=accelerator.kind == "tpu",
                )
                yield Candidate(
                    offer=offer,
                    accelerator=accelerator,
                    region=region,
                    instances=instances,
                    placement=placed.placement,
                    memory=placed.memory,
                    time=placed.time,
                    cost=charges,
                    fp16_fallback=job.precision == "bf16" and not accelerator.bf16,
                )
            wanted = placed.fits and not _wants_more_instances(job, placed.time.hours)
            if wanted or job.devices is not None:
                break
            instances *= 2


def _wants_more_instances(job: Job, hours: float) -> bool:
    late = job.deadline_hours is not None and hours > job.deadline_hours
    return late or hours > LONG_RUN_HOURS


def best_within(job: Job, catalog: Catalog, fx: FxRate | None = None) -> Candidate | None:
    """The cheapest offer that runs `job` within its deadline, if any."""
    pool = [
        c
        for c in candidates(job, catalog, fx)
        if job.deadline_hours is None or c.time.hours <= job.deadline_hours
    ]
    return policy.cheapest(pool) if pool else None


def priced_variant(
    job: Job, catalog: Catalog, label: str, change: dict[str, object], fx: FxRate | None = None
) -> str:
    best = best_within(job.model_copy(update=change), catalog, fx)
    if best is None:
        return ""
    hours, total = format_number(best.time.hours), format_brl(best.total_brl)
    return _("{change}: caberia em {machine}, cerca de {hours} h por {total}.").format(
        change=label, machine=best.headline(), hours=hours, total=total
    )
