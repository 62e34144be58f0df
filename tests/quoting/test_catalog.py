import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from quoting.catalog import DEFAULT_CATALOG, load_catalog
from quoting.errors import DataFileError
from quoting.pricing import load_pricing

# The market the catalog must cover (the catalog issue): prices older than this are stale.
MAX_AGE = timedelta(days=366)
MIN_OFFERS, MIN_PROVIDERS = 60, 5
# GPU offers with a spot price (the catalog issue), from more than one cloud.
MIN_GPU_SPOT_OFFERS, MIN_SPOT_PROVIDERS = 8, 2
RUNPOD_NAME = re.compile(r"^(\d+)x (NVIDIA .+)$")
LAMBDA_NAME = re.compile(r"^gpu_(\d+)x_")


def test_every_offer_in_force_cites_a_page_and_a_recent_date() -> None:
    catalog = load_catalog()
    newest = max(o.as_of for o in catalog.offers_in_force())
    for offer in catalog.offers_in_force():
        assert "https://" in offer.source, offer.key
        assert offer.as_of >= newest - MAX_AGE, offer.key


def test_the_catalog_covers_the_market_the_issue_asks_for() -> None:
    offers = load_catalog().offers_in_force()
    assert len(offers) >= MIN_OFFERS
    assert len({o.provider for o in offers}) >= MIN_PROVIDERS


def test_spot_is_always_cheaper_than_on_demand() -> None:
    priced = [o for o in load_catalog().offers_in_force() if o.spot_per_hour is not None]
    assert any(o.accelerator not in ("tpu-v5e", "tpu-v6e") for o in priced)
    for offer in priced:
        assert offer.spot_per_hour is not None
        assert offer.spot_per_hour < offer.on_demand_per_hour, offer.key


def test_enough_gpu_offers_carry_a_spot_price_their_source_cites() -> None:
    catalog = load_catalog()
    spot = [
        o
        for o in catalog.offers_in_force()
        if o.spot_per_hour is not None and catalog.accelerator_by_id(o.accelerator).kind == "gpu"
    ]
    assert len(spot) >= MIN_GPU_SPOT_OFFERS
    assert len({o.provider for o in spot}) >= MIN_SPOT_PROVIDERS
    for offer in spot:
        assert "spot" in offer.source.lower(), offer.key


def test_several_gpu_machines_are_sold_only_with_a_network_between_them() -> None:
    # TPU hosts talk over the slice's ICI, which the accelerator row carries.
    catalog = load_catalog()
    for offer in catalog.offers_in_force():
        if offer.max_instances > 1 and catalog.accelerator_by_id(offer.accelerator).kind == "gpu":
            assert offer.network_gbps, offer.key


def test_gpu_cloud_offers_follow_the_names_their_readers_match() -> None:
    offers = load_catalog().offers_in_force()
    per_gpu: dict[str, set[Decimal]] = {}
    for offer in (o for o in offers if o.provider == "runpod"):
        match = RUNPOD_NAME.match(offer.instance_type)
        assert match and int(match.group(1)) == offer.device_count, offer.key
        per_gpu.setdefault(match.group(2), set()).add(offer.on_demand_per_hour / offer.device_count)
    # RunPod prices a Pod by the GPU: N cards cost N times one.
    assert per_gpu and all(len(prices) == 1 for prices in per_gpu.values())
    for offer in (o for o in offers if o.provider == "lambda"):
        match = LAMBDA_NAME.match(offer.instance_type)
        assert match and int(match.group(1)) == offer.device_count, offer.key
    azure = [o for o in offers if o.provider == "azure"]
    assert azure and all(o.instance_type.startswith("Standard_") for o in azure)


def test_a_region_priced_by_the_gpu_hour_is_one_row_per_gpu_cloud() -> None:
    catalog = load_catalog()
    for provider in ("lambda", "runpod"):
        assert [r.region for r in catalog.region if r.provider == provider] == ["us"]


def test_no_tpu_is_priced_in_brazil() -> None:
    catalog = load_catalog()
    for offer in catalog.offers_in_force():
        if catalog.accelerator_by_id(offer.accelerator).kind == "tpu":
            assert catalog.region_of(offer).country != "BR"


def test_example_offers_are_listed_but_never_in_force() -> None:
    catalog = load_catalog()
    examples = [o for o in catalog.offer if o.example]
    assert examples and all(o.currency == "BRL" for o in examples)
    assert not any(o.example for o in catalog.offers_in_force())


def test_a_user_catalog_replaces_the_packaged_one(tmp_path: Path) -> None:
    text = DEFAULT_CATALOG.read_text(encoding="utf-8").replace(
        "example = true\nactive = false\n", ""
    )
    own = tmp_path / "meu-catalogo.toml"
    own.write_text(text, encoding="utf-8")
    catalog = load_catalog(own)
    assert any(o.provider == "infrabot" for o in catalog.offers_in_force())


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (
            ('accelerator = "t4"\ndevice_count = 1', 'accelerator = "t5"\ndevice_count = 1'),
            "desconhecido",
        ),
        (("on_demand_per_hour = 0.894", "on_demand_per_hour = -1"), "on_demand_per_hour"),
        (("memory_gb = 16\ntflops = 65", "tflops = 65"), "memory_gb"),
    ],
)
def test_an_invalid_catalog_is_refused_with_a_clear_message(
    tmp_path: Path, change: tuple[str, str], fragment: str
) -> None:
    text = DEFAULT_CATALOG.read_text(encoding="utf-8")
    assert change[0] in text
    broken = tmp_path / "catalogo.toml"
    broken.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DataFileError, match="inválido") as raised:
        load_catalog(broken)
    assert fragment in str(raised.value)


def test_a_missing_catalog_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="não encontrado"):
        load_catalog(tmp_path / "nada.toml")


def test_tpu_v4_is_placed_in_its_only_zone() -> None:
    catalog = load_catalog()
    [v4] = [offer for offer in catalog.offer if offer.accelerator == "tpu-v4"]
    assert v4.region == "us-central2" and "us-central2-b" in catalog.region_of(v4).city


def test_every_offer_is_billed_by_an_entity_whose_taxes_the_pricing_rules_know() -> None:
    rules = load_pricing()
    for offer in load_catalog().offer:
        assert offer.billing_entity
        assert rules.profile(offer.tax_profile).prices_in == offer.currency, offer.key
