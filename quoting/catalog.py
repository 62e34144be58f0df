"""The hardware catalog: accelerators, regions and priced offers, validated on load.

Which file a quote reads: an explicit path, else $INFRABOT_CATALOG, else the newest snapshot under
INFRABOT_HOME/catalog/ that loads and validates (written daily by `infrabot catalog refresh`),
else the shipped quoting/data/catalog.toml."""

import logging
import os
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.errors import DataFileError
from quoting.snapshots import snapshots

DEFAULT_CATALOG = DATA_DIR / "catalog.toml"


class Accelerator(Sourced):
    id: str
    name: str
    kind: Literal["gpu", "tpu"]
    generation: int
    memory_gb: float = Field(gt=0)
    tflops: float = Field(gt=0, description="dense BF16/FP16 tensor TFLOPS")
    bf16: bool
    bandwidth_gbps: float = Field(gt=0)
    interconnect: Literal["pcie", "nvlink", "ici"]
    # A TPU chip's inter-chip links, Gbit/s each way in all (Google's system architecture pages).
    ici_gbps: float | None = Field(default=None, gt=0)


class Region(Sourced):
    provider: str
    region: str
    city: str
    country: str = Field(min_length=2, max_length=2)
    storage_per_gb_month: Decimal = Field(ge=0)
    currency: Literal["USD", "BRL"]


class Provider(Sourced):
    """Who sells the machines and who invoices a Brazilian company for them: the billing entity
    decides the taxes (a Brazilian company's NFS-e in reais, or an import of services)."""

    id: str
    name: str
    billing_entity: str = Field(min_length=3)
    billing_country: str = Field(min_length=2, max_length=2)
    tax_profile: str = Field(min_length=2, description="a tax_profile id of pricing.toml")


class Offer(Sourced):
    provider: str
    region: str
    instance_type: str
    accelerator: str
    device_count: int = Field(ge=1)
    max_instances: int = Field(default=1, ge=1)
    on_demand_per_hour: Decimal = Field(gt=0)
    spot_per_hour: Decimal | None = Field(default=None, gt=0)
    # Network between instances of a multi-instance job, Gbit/s per instance (EFA, InfiniBand).
    network_gbps: float | None = Field(default=None, gt=0)
    currency: Literal["USD", "BRL"]
    example: bool = False
    active: bool = True
    # Filled from the provider's row unless the offer is billed by another entity.
    billing_entity: str = ""
    tax_profile: str = ""

    @property
    def key(self) -> str:
        return f"{self.provider}/{self.region}/{self.instance_type}"


class Catalog(BaseModel):
    provider: list[Provider]
    accelerator: list[Accelerator]
    region: list[Region]
    offer: list[Offer]

    @model_validator(mode="after")
    def _references_resolve(self) -> "Catalog":
        accelerators = {a.id for a in self.accelerator}
        regions = {(r.provider, r.region) for r in self.region}
        providers = {p.id: p for p in self.provider}
        if len(providers) != len(self.provider):
            raise ValueError("dois provedores com o mesmo id")
        for region in self.region:
            if region.provider not in providers:
                raise ValueError(f"região {region.region} cita provedor sem cadastro")
        for offer in self.offer:
            provider = providers.get(offer.provider)
            if provider is None:
                raise ValueError(f"oferta {offer.key} cita provedor sem cadastro")
            offer.billing_entity = offer.billing_entity or provider.billing_entity
            offer.tax_profile = offer.tax_profile or provider.tax_profile
            if offer.accelerator not in accelerators:
                raise ValueError(f"oferta {offer.key} cita acelerador desconhecido")
            if (offer.provider, offer.region) not in regions:
                raise ValueError(f"oferta {offer.key} cita região sem cadastro")
            if offer.example and offer.active:
                raise ValueError(f"oferta {offer.key} é exemplo e não pode estar ativa")
        return self

    def provider_by_id(self, provider_id: str) -> Provider:
        for provider in self.provider:
            if provider.id == provider_id:
                return provider
        raise KeyError(provider_id)

    def accelerator_by_id(self, accelerator_id: str) -> Accelerator:
        for accelerator in self.accelerator:
            if accelerator.id == accelerator_id:
                return accelerator
        raise KeyError(accelerator_id)

    def region_of(self, offer: Offer) -> Region:
        for region in self.region:
            if (region.provider, region.region) == (offer.provider, offer.region):
                return region
        raise KeyError(offer.key)

    def offers_in_force(self) -> list[Offer]:
        return [offer for offer in self.offer if offer.active]


log = logging.getLogger(__name__)
# A file's identity for the caches: a snapshot rewritten in place is read again.
_Stamp = tuple[int, int]


def _stamp(path: Path) -> _Stamp:
    status = path.stat()
    return status.st_mtime_ns, status.st_size


@lru_cache(maxsize=16)
def _load(path: Path, stamp: _Stamp) -> Catalog:
    return load(path, Catalog)


def _read(path: Path) -> Catalog:
    try:
        stamp = _stamp(path)
    except OSError:
        return load(path, Catalog)  # raises the DataFileError that names the file
    return _load(path, stamp)


# Snapshots that failed to load, so that each is logged once and not parsed again.
_broken: set[tuple[Path, _Stamp]] = set()


def newest_good_snapshot(folder: Path | None = None) -> tuple[Path, Catalog] | None:
    """The newest snapshot in `folder` (default INFRABOT_HOME/catalog) that loads and validates,
    with its path; a broken one is logged and skipped, never raised."""
    for path in snapshots(folder):
        try:
            key = (path, _stamp(path))
        except OSError:  # removed by a prune meanwhile
            continue
        if key in _broken:
            continue
        try:
            return path, _load(*key)
        except DataFileError as error:
            _broken.add(key)
            log.warning("snapshot do catálogo ignorado: %s", error)
    return None


class _CatalogLoader:
    """`load_catalog(path=None)`: the catalog at `path`, else $INFRABOT_CATALOG, else the newest
    good snapshot, else the shipped one. Each file is parsed once per version (its mtime and
    size), so a process that runs for days quotes from the snapshot of the day."""

    def __call__(self, path: Path | None = None) -> Catalog:
        if path is not None:
            return _read(path)
        configured = os.environ.get("INFRABOT_CATALOG")
        if configured:
            return _read(Path(configured))
        found = newest_good_snapshot()
        return found[1] if found else _read(DEFAULT_CATALOG)

    def cache_clear(self) -> None:
        _load.cache_clear()
        _broken.clear()


load_catalog = _CatalogLoader()
