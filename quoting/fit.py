"""Where a job fits: the fewest devices of one accelerator that hold it, and its hours, on the
machine shapes the catalog rents (quoting.placement), so `estimate` and the quote agree."""

from typing import Literal

from pydantic import BaseModel

from quoting.catalog import Accelerator, Catalog, load_catalog
from quoting.jobspec import Job
from quoting.placement import Placed, node_shape, place
from quoting.topology import Parallelism


class AcceleratorFit(BaseModel):
    accelerator: str
    name: str
    kind: Literal["gpu", "tpu"]
    device_memory_gb: float
    devices: int
    instances: int
    parallelism: Parallelism
    sharded: bool
    memory_per_device_gb: float
    hours: float


def placed_on(job: Job, accelerator: Accelerator, devices: int, catalog: Catalog) -> Placed:
    """The job on `devices` of this accelerator, spread over the catalog's machine shape."""
    per_instance, links = node_shape(accelerator, catalog, devices)
    return place(job, accelerator, links, per_instance, max(1, devices // per_instance))


def fit_on(
    job: Job, accelerator: Accelerator, max_devices: int = 256, catalog: Catalog | None = None
) -> AcceleratorFit | None:
    """The fewest devices of this accelerator (powers of two) that hold the job, and its hours;
    None when even `max_devices` are not enough."""
    catalog = catalog or load_catalog()
    devices = 1
    while devices <= max_devices:
        placed = placed_on(job, accelerator, devices, catalog)
        if placed.fits:
            return AcceleratorFit(
                accelerator=accelerator.id,
                name=accelerator.name,
                kind=accelerator.kind,
                device_memory_gb=accelerator.memory_gb,
                devices=devices,
                instances=placed.placement.instances,
                parallelism=placed.placement.parallelism,
                sharded=placed.placement.sharded,
                memory_per_device_gb=round(placed.memory.total, 2),
                hours=round(placed.time.hours, 2),
            )
        devices *= 2
    return None
