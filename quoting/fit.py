"""Where a job fits: the fewest devices of one accelerator that hold it, and its hours."""

from typing import Literal

from pydantic import BaseModel

from quoting.candidate import HEADROOM
from quoting.catalog import Accelerator
from quoting.jobspec import Job
from quoting.memory import estimate_memory
from quoting.timing import estimate_time


class AcceleratorFit(BaseModel):
    accelerator: str
    name: str
    kind: Literal["gpu", "tpu"]
    device_memory_gb: float
    devices: int
    sharded: bool
    memory_per_device_gb: float
    hours: float


def fit_on(job: Job, accelerator: Accelerator, max_devices: int = 256) -> AcceleratorFit | None:
    """The fewest devices of this accelerator (powers of two) that hold the job, and its hours;
    None when even `max_devices` are not enough."""
    devices = 1
    while devices <= max_devices:
        memory = estimate_memory(job, devices=devices, sharded=devices > 1)
        if memory.total <= accelerator.memory_gb * HEADROOM:
            time = estimate_time(job, accelerator, devices, 1, memory.sharded)
            return AcceleratorFit(
                accelerator=accelerator.id,
                name=accelerator.name,
                kind=accelerator.kind,
                device_memory_gb=accelerator.memory_gb,
                devices=devices,
                sharded=memory.sharded,
                memory_per_device_gb=round(memory.total, 2),
                hours=round(time.hours, 2),
            )
        devices *= 2
    return None
