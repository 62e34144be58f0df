"""The Lambda Cloud reader against a recorded `GET /instance-types`: one request, the price per
instance in cents turned into dollars, the same in whichever region the catalog names."""

import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.market import lambda_cloud
from bot.market.points import SourceError
from quoting.catalog import Offer

RECORDED = Path(__file__).parents[1] / "data" / "price_sources" / "lambda" / "instance_types.json"
TODAY = date(2026, 12, 6)


def _recorded(body: Any = None) -> Any:
    def get(url: str, params: Mapping[str, str] | None) -> Any:
        if (url, params) != (lambda_cloud.API_URL, None):
            pytest.fail(f"pedido inesperado: {url} {params}")
        return json.loads(RECORDED.read_text(encoding="utf-8")) if body is None else body

    return get


def _offer(region: str, instance_type: str, device_count: int) -> Offer:
    return Offer(
        provider="lambda",
        region=region,
        instance_type=instance_type,
        accelerator="h100",
        device_count=device_count,
        on_demand_per_hour=Decimal("1"),
        currency="USD",
        source="teste",
        as_of=TODAY,
    )


def test_prices_per_instance_are_the_recorded_cents_in_dollars() -> None:
    offers = [
        _offer("us-south-1", "gpu_1x_h100_sxm5", 1),
        _offer("us-east-1", "gpu_8x_a100_80gb_sxm4", 8),
    ]

    points = lambda_cloud.read(_recorded(), offers, TODAY)

    assert [(p.key, p.on_demand_per_hour, p.spot_per_hour) for p in points] == [
        ("lambda/us-south-1/gpu_1x_h100_sxm5", Decimal("4.29"), None),
        # The 8-GPU price is already per instance: 2232 cents, not 8 times it.
        ("lambda/us-east-1/gpu_8x_a100_80gb_sxm4", Decimal("22.32"), None),
    ]
    assert {(p.currency, p.as_of) for p in points} == {("USD", TODAY)}
    assert all(lambda_cloud.API_URL in p.source for p in points)


def test_a_type_without_capacity_now_still_has_its_price() -> None:
    (point,) = lambda_cloud.read(_recorded(), [_offer("us-west-1", "gpu_1x_h100_pcie", 1)], TODAY)

    assert point.on_demand_per_hour == Decimal("3.29")


def test_an_instance_type_lambda_no_longer_lists_is_left_out() -> None:
    offers = [_offer("us-east-1", "gpu_8x_h100_sxm5", 8), _offer("us-east-1", "gpu_1x_a10", 1)]

    points = lambda_cloud.read(_recorded(), offers, TODAY)

    assert [point.instance_type for point in points] == ["gpu_1x_a10"]


@pytest.mark.parametrize(
    "body",
    [
        {"error": {"code": "global/invalid-api-key", "message": "API key was invalid"}},
        {"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10"}}}},
        {"data": {"gpu_1x_a10": {"instance_type": {"name": "x", "price_cents_per_hour": 0}}}},
        "<html>Bad gateway</html>",
    ],
    ids=["error-body", "no-price", "zero-price", "html"],
)
def test_an_unexpected_shape_is_a_source_error_in_portuguese(body: Any) -> None:
    with pytest.raises(SourceError, match="Resposta inesperada da API da Lambda"):
        lambda_cloud.read(_recorded(body), [_offer("us-east-1", "gpu_1x_a10", 1)], TODAY)
