"""One offer priced for a job (a candidate) and the recommendation made of them: the records the
engine ranks and the quote words."""

from decimal import Decimal
from functools import cached_property

from pydantic import BaseModel

from quoting.catalog import Accelerator, Offer, Region
from quoting.jobspec import Job
from quoting.memory import MemoryEstimate
from quoting.pricing import Cost, Pricing, itemize
from quoting.timing import TimeEstimate
from quoting.topology import Placement
from quoting.units import aside

# Keep 10% of device memory free on top of the estimate's own overhead: fragmentation spikes and
# framework versions vary, and the guidance names the out-of-memory failure as the one to avoid.
HEADROOM = 0.90


class Candidate(BaseModel):
    offer: Offer
    accelerator: Accelerator
    region: Region
    instances: int
    placement: Placement
    memory: MemoryEstimate
    time: TimeEstimate
    cost: Cost
    # The job asked for BF16 and this accelerator (a T4, a V100) lacks it: it trains in FP16.
    fp16_fallback: bool = False

    @property
    def devices(self) -> int:
        return self.offer.device_count * self.instances

    @property
    def total_brl(self) -> Decimal:
        return self.cost.total_brl

    @cached_property
    def pricing(self) -> Pricing:
        # Worded only for the offers a quote shows; every candidate is ranked by its cost.
        return itemize(self.cost)

    @property
    def fits(self) -> bool:
        return self.memory.total <= self.accelerator.memory_gb * HEADROOM

    def headline(self) -> str:
        where = f"{self.offer.instance_type}, {self.offer.provider} {self.offer.region}"
        return aside(f"{self.devices}x {self.accelerator.name}", where)


class Recommendation(BaseModel):
    job: Job  # as priced: an assumed micro-batch may have been lowered to fit (_smaller_batch)
    chosen: Candidate
    alternatives: list[tuple[str, Candidate]]
    # The client's constraints first (budget, deadline, residency...), then the engine's reasons.
    reasons: list[str]
    notices: list[str] = []  # pt-BR warnings the reply must show
    constraints: list[str] = []
