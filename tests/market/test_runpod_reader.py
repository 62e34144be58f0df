"""The RunPod reader against a recorded `gpuTypes` GraphQL answer: Secure Cloud prices per GPU,
times the offer's GPU count, with spot where RunPod sells it."""

import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.market import runpod
from bot.market.points import SourceError
from quoting.catalog import Offer

RECORDED = Path(__file__).parents[1] / "data" / "price_sources" / "runpod"
TODAY = date(2026, 12, 6)


def _recorded(body: Any = None) -> Any:
    def get(url: str, params: Mapping[str, str] | None) -> Any:
        if (url, params) != (runpod.API_URL, {"query": runpod.QUERY}):
            pytest.fail(f"pedido inesperado: {url} {params}")
        if body is not None:
            return body
        return json.loads((RECORDED / "gpu_types.json").read_text(encoding="utf-8"))

    return get


def _offer(instance_type: str, device_count: int) -> Offer:
    return Offer(
        provider="runpod",
        region="secure",
        instance_type=instance_type,
        accelerator="h100",
        device_count=device_count,
        on_demand_per_hour=Decimal("1"),
        currency="USD",
        source="teste",
        as_of=TODAY,
    )


def test_one_gpu_is_priced_at_the_recorded_secure_cloud_figures() -> None:
    (point,) = runpod.read(_recorded(), [_offer("NVIDIA A100 80GB PCIe", 1)], TODAY)

    # Secure Cloud 1.39 on demand and 0.9 spot; the community figures (1.19, 0.8) stay out.
    assert (point.on_demand_per_hour, point.spot_per_hour) == (Decimal("1.39"), Decimal("0.9"))
    assert (point.currency, point.as_of, point.region) == ("USD", TODAY, "secure")
    assert runpod.API_URL in point.source


def test_the_per_gpu_price_is_multiplied_by_the_offers_gpu_count() -> None:
    (point,) = runpod.read(_recorded(), [_offer("8x NVIDIA H100 80GB HBM3", 8)], TODAY)

    assert point.instance_type == "8x NVIDIA H100 80GB HBM3"
    assert (point.on_demand_per_hour, point.spot_per_hour) == (
        Decimal("21.52"),
        Decimal("19.92"),
    )


def test_a_gpu_without_spot_keeps_its_on_demand_price_only() -> None:
    (point,) = runpod.read(_recorded(), [_offer("NVIDIA L40S", 2)], TODAY)

    assert (point.on_demand_per_hour, point.spot_per_hour) == (Decimal("1.72"), None)


def test_a_gpu_not_on_secure_cloud_is_left_out_despite_its_stale_prices() -> None:
    offers = [_offer("NVIDIA GeForce RTX 3070", 1), _offer("NVIDIA B200", 1)]

    assert runpod.read(_recorded(), offers, TODAY) == []


def test_the_count_prefix_is_read_off_the_gpu_id() -> None:
    assert runpod.gpu_id("8x NVIDIA H100 80GB HBM3") == "NVIDIA H100 80GB HBM3"
    assert runpod.gpu_id("NVIDIA GeForce RTX 4090") == "NVIDIA GeForce RTX 4090"


def test_a_graphql_error_is_a_source_error_with_runpods_message() -> None:
    refused = json.loads((RECORDED / "graphql_error.json").read_text(encoding="utf-8"))

    with pytest.raises(
        SourceError, match='recusou a consulta de preços: Cannot query field "secure'
    ):
        runpod.read(_recorded(refused), [_offer("NVIDIA L40S", 1)], TODAY)


@pytest.mark.parametrize(
    "body",
    [
        {"data": {"gpuTypes": [{"id": "NVIDIA L40S", "securePrice": 0.86}]}},
        {"data": {"gpuTypes": {"id": "NVIDIA L40S"}}},
        {"data": {"gpuTypes": [{"id": "NVIDIA L40S", "secureCloud": True, "securePrice": -1}]}},
        "<html>Bad gateway</html>",
    ],
    ids=["no-secure-cloud-flag", "not-a-list", "negative-price", "html"],
)
def test_an_unexpected_shape_is_a_source_error_in_portuguese(body: Any) -> None:
    with pytest.raises(SourceError, match="Resposta inesperada da API da RunPod"):
        runpod.read(_recorded(body), [_offer("NVIDIA L40S", 1)], TODAY)
