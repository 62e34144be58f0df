"""The Google Cloud reader on recorded Cloud Billing Catalog pages: an instance's price is the sum
of its parts (tests/data/price_sources/gcp/README.md says where the pages come from)."""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.market import gcp
from bot.market.points import PricePoint, SourceError
from quoting.catalog import Offer, load_catalog
from quoting.errors import DataFileError
from tests.market import Recorded, request

RECORDED = Path(__file__).parents[1] / "data" / "price_sources" / "gcp"
TODAY = date(2026, 12, 6)
COMPUTE = gcp.SKUS_URL.format(service="6F81-5844-456A")
TPU = gcp.SKUS_URL.format(service="E000-3F24-B8AA")
PAGE_TWO = "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA"


def _json(name: str) -> Any:
    return json.loads((RECORDED / name).read_text(encoding="utf-8"))


def _catalog() -> Recorded:
    return Recorded(
        {
            request(COMPUTE): _json("compute_engine_page1.json"),
            request(COMPUTE, {"pageToken": PAGE_TWO}): _json("compute_engine_page2.json"),
            request(TPU): _json("cloud_tpu_page1.json"),
        }
    )


def _offer(region: str, instance_type: str) -> Offer:
    """A catalog GCP offer moved to `region` and `instance_type` (the rest does not matter here)."""
    template = next(offer for offer in load_catalog().offer if offer.provider == "gcp")
    return template.model_copy(update={"region": region, "instance_type": instance_type})


# The catalog's GCP offers as of this writing.
CATALOG = [
    ("southamerica-east1", "n1-standard-4 + 1x nvidia-tesla-t4"),
    ("southamerica-east1", "n1-standard-16 + 4x nvidia-tesla-t4"),
    ("us-central1", "v5litepod-8"),
    ("us-central1", "v6e-8"),
    ("us-central1", "v5p-8"),
    ("us-central2", "v4-8"),
]


def _offers() -> list[Offer]:
    return [_offer(region, instance_type) for region, instance_type in CATALOG]


def _read(get: Recorded, offers: list[Offer]) -> dict[str, PricePoint]:
    return {point.key: point for point in gcp.read(get, offers, TODAY)}


def test_a_gpu_vm_costs_its_vcpus_its_ram_and_its_gpus() -> None:
    points = _read(_catalog(), _offers())
    t4 = points["gcp/southamerica-east1/n1-standard-4 + 1x nvidia-tesla-t4"]
    # Worked example, southamerica-east1 (compute_engine_page1.json):
    #   on demand: 4 vCPU x 0.050232 + 15 GB x 0.006732 + 1 T4 x 0.48
    #            = 0.200928 + 0.10098 + 0.48 = 0.781908 USD/h
    #   spot:      4 x 0.010045 + 15 x 0.001346 + 1 x 0.192 = 0.04018 + 0.02019 + 0.192 = 0.25237
    assert t4.on_demand_per_hour == Decimal("0.781908")
    assert t4.spot_per_hour == Decimal("0.25237")
    # n1-standard-16 (16 vCPU, 60 GB) + 4 T4: 0.803712 + 0.40392 + 1.92.
    t4x4 = points["gcp/southamerica-east1/n1-standard-16 + 4x nvidia-tesla-t4"]
    assert t4x4.on_demand_per_hour == Decimal("3.127632")
    assert t4.as_of == TODAY and t4.currency == "USD"
    assert COMPUTE in t4.source and "0000-0000-0010" in t4.source  # the T4 SKU is cited


def test_a_tpu_host_costs_its_chips_at_the_chip_hour_price() -> None:
    points = _read(_catalog(), _offers())
    prices = {key: (p.on_demand_per_hour, p.spot_per_hour) for key, p in points.items()}
    assert prices["gcp/us-central1/v5litepod-8"] == (Decimal("9.60"), Decimal("1.704"))  # 8 chips
    assert prices["gcp/us-central1/v6e-8"] == (Decimal("21.60"), Decimal("5.184"))  # 8 chips
    assert prices["gcp/us-central1/v5p-8"] == (Decimal("16.80"), None)  # 4 chips, no Spot SKU
    assert prices["gcp/us-central2/v4-8"] == (Decimal("12.88"), Decimal("3.864"))  # Cloud TPU
    # The v5e one-year commitment (0.84 a chip) on the same page is not a list price.


def test_machines_with_built_in_gpus_and_the_parts_of_other_families() -> None:
    offers = [_offer("us-central1", name) for name in ("g2-standard-8", "a3-highgpu-8g")]
    points = _read(_catalog(), offers)
    # g2-standard-8: 8 x 0.025 + 32 x 0.0029 + 1 L4 x 0.56; spot 8 x 0.01 + 32 x 0.00116 + 0.224.
    g2 = points["gcp/us-central1/g2-standard-8"]
    assert (g2.on_demand_per_hour, g2.spot_per_hour) == (Decimal("0.8528"), Decimal("0.34112"))
    # a3-highgpu-8g: 208 x 0.0297 + 1872 x 0.0025 + 8 H100 x 10.98; no Spot A3 SKU recorded.
    a3 = points["gcp/us-central1/a3-highgpu-8g"]
    assert (a3.on_demand_per_hour, a3.spot_per_hour) == (Decimal("98.6976"), None)


def test_offers_the_catalog_does_not_price_are_left_out() -> None:
    offers = [
        _offer("us-central1", "a2-highgpu-1g"),  # no A2 SKU recorded
        _offer("us-central1", "n1-standard-4 + 1x nvidia-tesla-v100"),  # GPU not in the shapes
        _offer("southamerica-east1", "v5litepod-8"),  # no TPU SKU in that region
        _offer("us-central1", "n2-standard-8"),  # machine not in the shapes
        _offer("us-central1", "n1-standard-4 + 1x nvidia-tesla-t4"),
    ]
    points = _read(_catalog(), offers)
    assert list(points) == ["gcp/us-central1/n1-standard-4 + 1x nvidia-tesla-t4"]
    # us-central1 has an on-demand T4 but no Spot one: 4 x 0.031611 + 15 x 0.004237 + 0.35.
    assert points["gcp/us-central1/n1-standard-4 + 1x nvidia-tesla-t4"].spot_per_hour is None
    assert points[
        "gcp/us-central1/n1-standard-4 + 1x nvidia-tesla-t4"
    ].on_demand_per_hour == Decimal("0.539999")


def test_pages_are_followed_and_the_key_is_left_to_the_getter() -> None:
    get = _catalog()
    points = _read(get, [_offer("us-central1", "v5litepod-8")])
    assert "gcp/us-central1/v5litepod-8" in points  # its SKUs are on page two
    assert get.calls == [request(COMPUTE), request(COMPUTE, {"pageToken": PAGE_TWO})]
    assert all("key" not in dict(params) for _, params in get.calls)


def test_the_cloud_tpu_service_is_read_only_for_offers_it_prices() -> None:
    get = _catalog()
    gcp.read(get, [_offer("us-central2", "v4-8")], TODAY)
    assert get.calls == [request(TPU)]
    get = _catalog()
    assert gcp.read(get, [_offer("us-central1", "n2-standard-8")], TODAY) == []
    assert get.calls == []


def _one_page(body: Any) -> Recorded:
    return Recorded({request(COMPUTE): body})


@pytest.mark.parametrize(
    "body",
    [
        {"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT"}},
        {"skus": [{"skuId": "0000-0000-0001", "description": "N1 Predefined Instance Core"}]},
        "<html>503</html>",
    ],
)
def test_an_unexpected_answer_is_refused_in_portuguese(body: Any) -> None:
    with pytest.raises(SourceError, match="Resposta inesperada do Cloud Billing Catalog"):
        gcp.read(_one_page(body), [_offer("us-central1", "g2-standard-8")], TODAY)


def test_a_price_in_another_currency_is_refused() -> None:
    page = _json("compute_engine_page2.json")
    del page["skus"][3:]
    page["skus"][0]["pricingInfo"][0]["pricingExpression"]["tieredRates"][0]["unitPrice"][
        "currencyCode"
    ] = "BRL"
    with pytest.raises(SourceError, match="esperava dólares"):
        gcp.read(_one_page(page), [_offer("us-central1", "g2-standard-8")], TODAY)


def test_a_page_token_that_never_ends_stops_the_read() -> None:
    endless = {"skus": [], "nextPageToken": "again"}
    get = Recorded({request(COMPUTE): endless, request(COMPUTE, {"pageToken": "again"}): endless})
    with pytest.raises(SourceError, match="páginas de SKUs; leitura interrompida"):
        gcp.read(get, [_offer("us-central1", "g2-standard-8")], TODAY)


def test_the_shapes_file_names_its_sources_and_refuses_broken_references(tmp_path: Path) -> None:
    shapes = gcp.load_shapes()
    assert {"n1-standard-4", "g2-standard-8", "a2-ultragpu-1g", "a3-highgpu-8g"} <= {
        machine.name for machine in shapes.machine
    }
    assert {tpu.name: tpu.chips for tpu in shapes.tpu}["v5p-8"] == 4
    broken = gcp.SHAPES_FILE.read_text(encoding="utf-8").replace(
        'family = "a3"', 'family = "a9"', 1
    )
    (tmp_path / "gcp_shapes.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(DataFileError, match="cita família sem cadastro: a9"):
        gcp.load_shapes(tmp_path / "gcp_shapes.toml")
