from decimal import Decimal
from pathlib import Path

import pytest

from quoting.catalog import DEFAULT_CATALOG, load_catalog
from quoting.errors import DataFileError
from quoting.pricing import load_pricing

# AWS on-demand list prices of January 2026 (USD/h), as the quoting issue specifies them.
AWS_PRICES = {
    ("sa-east-1", "g4dn.xlarge"): ("t4", 1, "0.894"),
    ("sa-east-1", "g5.xlarge"): ("a10g", 1, "1.710"),
    ("sa-east-1", "g5.12xlarge"): ("a10g", 4, "9.641"),
    ("sa-east-1", "g6.xlarge"): ("l4", 1, "1.368"),
    ("sa-east-1", "g6.12xlarge"): ("l4", 4, "7.822"),
    ("sa-east-1", "p4d.24xlarge"): ("a100-40gb", 8, "35.557"),
    ("sa-east-1", "p5.4xlarge"): ("h100", 1, "11.558"),
    ("sa-east-1", "p5.48xlarge"): ("h100", 8, "92.467"),
    ("us-east-1", "p3.2xlarge"): ("v100", 1, "3.06"),
    ("us-east-1", "g6e.xlarge"): ("l40s", 1, "1.861"),
    ("us-east-1", "p4de.24xlarge"): ("a100-80gb", 8, "27.447"),
    ("us-east-1", "p5en.48xlarge"): ("h200", 8, "63.296"),
    # Multi-card machines for sharding under a card-size limit, and the 12 GB half L4
    # (instances.vantage.sh figures of 2026-01-21, see catalog.toml).
    ("sa-east-1", "g4dn.12xlarge"): ("t4", 4, "6.649"),
    ("sa-east-1", "g4dn.metal"): ("t4", 8, "13.298"),
    ("sa-east-1", "g5.48xlarge"): ("a10g", 8, "27.686"),
    ("sa-east-1", "g6.48xlarge"): ("l4", 8, "22.693"),
    ("sa-east-1", "g6f.4xlarge"): ("l4-half", 1, "1.615"),
    ("us-east-1", "p3.8xlarge"): ("v100", 4, "12.24"),
    ("us-east-1", "p3.16xlarge"): ("v100", 8, "24.48"),
}


def test_aws_offers_carry_the_published_prices() -> None:
    catalog = load_catalog()
    offers = {(o.region, o.instance_type): o for o in catalog.offer if o.provider == "aws"}
    for key, (accelerator, count, usd) in AWS_PRICES.items():
        offer = offers[key]
        assert (offer.accelerator, offer.device_count) == (accelerator, count)
        assert offer.on_demand_per_hour == Decimal(usd)


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
