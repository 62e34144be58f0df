"""Lambda's Cloud API: the on-demand price of each instance type, from `GET /instance-types`.

Documented at https://docs.lambda.ai/api/cloud (OpenAPI: https://cloud.lambda.ai/api/v1/openapi.json).
The endpoint needs an API key, which the getter adds (INFRABOT_LAMBDA_API_KEY). The price is per
instance and the same in every region (`price_cents_per_hour`); Lambda sells no spot capacity.
Catalog instance types are Lambda's names (`gpu_1x_h100_sxm5`, `gpu_8x_a100_80gb_sxm4`).
"""

from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.market.points import Getter, PricePoint, SourceError
from quoting.catalog import Offer

API_URL = "https://cloud.lambda.ai/api/v1/instance-types"
PROVIDER = "lambda"


class _InstanceType(BaseModel):
    name: str
    price_cents_per_hour: Decimal = Field(gt=0)


class _Entry(BaseModel):
    instance_type: _InstanceType


class _Response(BaseModel):
    data: dict[str, _Entry]


def _response(body: Any) -> _Response:
    try:
        return _Response.model_validate(body)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SourceError(
            f"Resposta inesperada da API da Lambda em '{where}': {first['msg']}"
        ) from error


def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """The Lambda offers' prices; an instance type Lambda no longer lists is left out."""
    listed = _response(get(API_URL, None)).data
    points = []
    for offer in offers:
        entry = listed.get(offer.instance_type)
        if entry is None:
            continue
        points.append(
            PricePoint(
                provider=PROVIDER,
                region=offer.region,
                instance_type=offer.instance_type,
                on_demand_per_hour=entry.instance_type.price_cents_per_hour / 100,
                currency="USD",
                source=f"{API_URL} ({offer.instance_type}, price_cents_per_hour)",
                as_of=today,
            )
        )
    return points
