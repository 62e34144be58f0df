"""RunPod's GraphQL API: Secure Cloud on-demand and spot prices per GPU, from `gpuTypes`.

Schema at https://graphql-spec.runpod.io/ (type GpuType); the same fields are what runpod-python
asks for (`runpod/api/queries/gpus.py`). The query goes as a GET with `query=`, which the endpoint
accepts; the getter adds the key (INFRABOT_RUNPOD_API_KEY). Prices are per GPU and hour, the same in
every data center; an offer costs the GPU price times its device_count. Only Secure Cloud (RunPod's
own data centers) is read: Community Cloud runs on third-party hosts. A price of null or 0, or any
price of a type not offered on Secure Cloud, means not on sale there.

Catalog instance types are RunPod's GPU type ids (`NVIDIA H100 80GB HBM3`), optionally prefixed by
the count to keep one key per machine size (`8x NVIDIA H100 80GB HBM3`); device_count multiplies.
"""

import re
from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.market.points import Getter, PricePoint, SourceError
from quoting.catalog import Offer

API_URL = "https://api.runpod.io/graphql"
PROVIDER = "runpod"
QUERY = (
    "query GpuTypes { gpuTypes { id displayName memoryInGb secureCloud communityCloud "
    "securePrice communityPrice secureSpotPrice communitySpotPrice } }"
)
_COUNT_PREFIX = re.compile(r"^\d+x (?P<gpu>.+)$")


class _GpuType(BaseModel):
    id: str
    secure_cloud: bool = Field(alias="secureCloud")
    secure_price: Decimal | None = Field(default=None, alias="securePrice", ge=0)
    secure_spot_price: Decimal | None = Field(default=None, alias="secureSpotPrice", ge=0)

    def price(self, spot: bool) -> Decimal | None:
        """Per-GPU hourly price on Secure Cloud, or None where it is not on sale."""
        value = self.secure_spot_price if spot else self.secure_price
        return value if self.secure_cloud and value else None


class _Data(BaseModel):
    gpu_types: list[_GpuType] = Field(alias="gpuTypes")


class _Error(BaseModel):
    message: str


class _Response(BaseModel):
    data: _Data | None = None
    errors: list[_Error] = []


def _gpu_types(body: Any) -> dict[str, _GpuType]:
    try:
        response = _Response.model_validate(body)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SourceError(
            f"Resposta inesperada da API da RunPod em '{where}': {first['msg']}"
        ) from error
    if response.errors or response.data is None:
        told = "; ".join(error.message for error in response.errors) or "sem dados"
        raise SourceError(f"A API da RunPod recusou a consulta de preços: {told}")
    return {gpu.id: gpu for gpu in response.data.gpu_types}


def gpu_id(instance_type: str) -> str:
    """The RunPod GPU type id an instance type names: `8x NVIDIA A40` -> `NVIDIA A40`."""
    prefixed = _COUNT_PREFIX.match(instance_type)
    return prefixed.group("gpu") if prefixed else instance_type


def _times(per_gpu: Decimal | None, count: int) -> Decimal | None:
    return None if per_gpu is None else per_gpu * count


def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """The RunPod offers' prices; a GPU RunPod does not sell on Secure Cloud is left out."""
    listed = _gpu_types(get(API_URL, {"query": QUERY}))
    points = []
    for offer in offers:
        gpu = listed.get(gpu_id(offer.instance_type))
        if gpu is None or (gpu.price(spot=False) is None and gpu.price(spot=True) is None):
            continue
        points.append(
            PricePoint(
                provider=PROVIDER,
                region=offer.region,
                instance_type=offer.instance_type,
                on_demand_per_hour=_times(gpu.price(spot=False), offer.device_count),
                spot_per_hour=_times(gpu.price(spot=True), offer.device_count),
                currency="USD",
                source=f"{API_URL} (gpuTypes, {gpu.id}, Secure Cloud, preço por GPU vezes "
                f"{offer.device_count})",
                as_of=today,
            )
        )
    return points
