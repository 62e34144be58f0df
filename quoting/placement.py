"""Which parallelism runs a job on a machine shape, and the machine shape `estimate` assumes for
a device count: one choice made here for `estimate`, the quote, the chat, the PDF and the plan.

On a shape, the engine takes the fastest layout that fits in memory with headroom: plain data
parallelism (a replica per device), HSDP (sharded inside each instance, replicated across them)
or FSDP over every device. Hours come from quoting.timing for that layout.
"""

from pydantic import BaseModel

from quoting.candidate import HEADROOM
from quoting.catalog import Accelerator, Catalog
from quoting.jobspec import Job
from quoting.memory import MemoryEstimate, estimate_memory
from quoting.timing import TimeEstimate, estimate_time, load_performance
from quoting.topology import Links, Parallelism, Placement, links_of

# A GPU server without a catalog offer: the common 8-GPU node.
DEFAULT_NODE_DEVICES = 8

MemoryCache = dict[tuple[int, bool], MemoryEstimate]


class Placed(BaseModel):
    placement: Placement
    memory: MemoryEstimate
    time: TimeEstimate
    fits: bool


def _layouts(
    accelerator: Accelerator, devices_per_instance: int, instances: int
) -> list[Parallelism]:
    layouts: list[Parallelism] = ["data"]
    # A TPU slice's hosts share one ICI torus: sharding inside a host gains nothing.
    hybrid = instances > 1 and devices_per_instance > 1 and accelerator.interconnect != "ici"
    if hybrid:
        layouts.append("hsdp")
    if devices_per_instance * instances > 1:
        layouts.append("fsdp")
    return layouts


def place(
    job: Job,
    accelerator: Accelerator,
    links: Links,
    devices_per_instance: int,
    instances: int = 1,
    memories: MemoryCache | None = None,
) -> Placed:
    """The fastest layout that fits; when none fits, the one that needs least memory (fits is
    False), so callers can say by how much it misses."""
    known: MemoryCache = {} if memories is None else memories
    limit = accelerator.memory_gb * HEADROOM

    def memory_of(placement: Placement) -> MemoryEstimate:
        devices = placement.shard_group if placement.sharded else placement.devices
        key = (devices, placement.sharded)
        if key not in known:
            known[key] = estimate_memory(job, devices=devices, sharded=placement.sharded)
        return known[key]

    layouts = [
        links.placement(devices_per_instance, instances, layout)
        for layout in _layouts(accelerator, devices_per_instance, instances)
    ]
    fitting = [(p, m) for p in layouts if (m := memory_of(p)).total <= limit]
    if not fitting:
        smallest = min(layouts, key=lambda p: memory_of(p).total)
        time = estimate_time(job, accelerator, smallest)
        return Placed(placement=smallest, memory=memory_of(smallest), time=time, fits=False)
    timed = [(estimate_time(job, accelerator, p), p, m) for p, m in fitting]
    # min() keeps the first of equal times: data before HSDP before FSDP, the simpler setup.
    time, placement, memory = min(timed, key=lambda t: t[0].hours)
    return Placed(placement=placement, memory=memory, time=time, fits=True)


def node_shape(accelerator: Accelerator, catalog: Catalog, devices: int) -> tuple[int, Links]:
    """Devices per instance and links `estimate` assumes for `devices` of an accelerator: one
    instance up to the largest machine the catalog rents with it, then several of that machine
    (with the fastest network among them)."""
    figures = load_performance().interconnect
    offers = [o for o in catalog.offers_in_force() if o.accelerator == accelerator.id]
    node = max((o.device_count for o in offers), default=DEFAULT_NODE_DEVICES)
    per_instance = min(devices, node)
    same = [o.network_gbps for o in offers if o.device_count == per_instance and o.network_gbps]
    network = max(same) if same else None
    return per_instance, links_of(accelerator, per_instance, network, figures)


class ShapeCache:
    """Placements of one job by machine shape: offers of the same shape on several clouds place
    and time the job alike, so it is placed once and priced per offer."""

    def __init__(self) -> None:
        self.memories: MemoryCache = {}
        self._placed: dict[tuple[str, float, float, int, int, bool], Placed] = {}

    def place(
        self, job: Job, accelerator: Accelerator, links: Links, devices: int, instances: int
    ) -> Placed:
        shape = (accelerator.id, links.intra_gbps, links.inter_gbps, devices, instances, job.spot)
        if shape not in self._placed:
            self._placed[shape] = place(job, accelerator, links, devices, instances, self.memories)
        return self._placed[shape]
