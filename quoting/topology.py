"""How a job is spread over machines: devices per instance, instances, what each device holds
and the links its collectives cross. One record shared by the time model, the memory check,
`estimate`, the quote and the launch plan, so that they cannot disagree on hours."""

from typing import Literal

from pydantic import BaseModel, Field

from quoting.catalog import Accelerator, Offer
from quoting.datafiles import Sourced

# data: a full replica on every device, gradients all-reduced once per optimizer step.
# fsdp: weights, gradients and optimizer states sharded over every device (ZeRO-3/FSDP).
# hsdp: sharded inside each instance, replicated across instances (FSDP HYBRID_SHARD): the
#       per-micro-step gathers stay on the fast links, only gradients cross the network.
Parallelism = Literal["data", "fsdp", "hsdp"]


class Interconnect(Sourced):
    """Effective collective bandwidth per device, GB/s, by link type (performance.toml)."""

    nvlink: float = Field(gt=0)
    pcie: float = Field(gt=0)
    ici: float = Field(gt=0)
    # Per device between instances when the offer states no network (GB/s).
    between_instances: float = Field(gt=0)
    # Share of a network card's line rate that NCCL collectives reach.
    network_efficiency: float = Field(gt=0, le=1)
    # Share of a TPU chip's ICI line rate that XLA's collectives reach over a slice.
    ici_efficiency: float = Field(gt=0, le=1)


class Placement(BaseModel):
    devices_per_instance: int = Field(ge=1)
    instances: int = Field(default=1, ge=1)
    parallelism: Parallelism = "data"
    # Effective collective bandwidth per device, GB/s: inside an instance (NVLink, PCIe, or a
    # TPU slice's ICI, which spans its hosts) and between instances.
    intra_gbps: float = Field(gt=0)
    inter_gbps: float = Field(gt=0)

    @property
    def devices(self) -> int:
        return self.devices_per_instance * self.instances

    @property
    def sharded(self) -> bool:
        return self.parallelism != "data"

    @property
    def shard_group(self) -> int:
        """Devices that split the model's states among themselves."""
        if self.parallelism == "fsdp":
            return self.devices
        return self.devices_per_instance if self.parallelism == "hsdp" else 1


class Links(BaseModel):
    """Effective collective bandwidth per device (GB/s) of one machine type."""

    intra_gbps: float
    inter_gbps: float

    def placement(
        self, devices_per_instance: int, instances: int, parallelism: Parallelism
    ) -> Placement:
        # One instance crosses no network: the same record whatever its network card, so a quote
        # and `estimate` agree on the machine whichever offer of that size they looked at.
        return Placement(
            devices_per_instance=devices_per_instance,
            instances=instances,
            parallelism=parallelism,
            intra_gbps=self.intra_gbps,
            inter_gbps=self.inter_gbps if instances > 1 else self.intra_gbps,
        )


def links_of(
    accelerator: Accelerator,
    devices_per_instance: int,
    network_gbps: float | None,
    interconnect: Interconnect,
) -> Links:
    """A TPU slice's hosts share the ICI torus; GPU instances talk over their network cards,
    whose line rate (Gbit/s per instance) is split among the instance's devices."""
    intra = float(getattr(interconnect, accelerator.interconnect))
    if accelerator.interconnect == "ici":
        if accelerator.ici_gbps is not None:
            intra = accelerator.ici_gbps / 8 * interconnect.ici_efficiency
        return Links(intra_gbps=intra, inter_gbps=intra)
    if network_gbps is None:
        inter = interconnect.between_instances
    else:
        inter = network_gbps / 8 / devices_per_instance * interconnect.network_efficiency
    return Links(intra_gbps=intra, inter_gbps=inter)


def offer_links(accelerator: Accelerator, offer: Offer, interconnect: Interconnect) -> Links:
    return links_of(accelerator, offer.device_count, offer.network_gbps, interconnect)
