"""The market audit bench: its reference file validates, and its arithmetic is right on a tiny
catalog (ratio, ±5% verdict with the date gap, and one self-service total redone by hand)."""

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bench.market_audit import (
    Comparison,
    PublicPrices,
    audit_prices,
    load_references,
    self_service_total,
)
from quoting.catalog import Catalog
from quoting.errors import DataFileError
from quoting.fx import FxRate
from quoting.jobspec import JobSpec, normalize

DAY = date(2026, 12, 6)
SOURCE = {"source": "https://example.com/price", "as_of": "2026-11-01"}


def _offer(instance_type: str, price: str, devices: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "provider": "nuvem",
        "region": "r1",
        "instance_type": instance_type,
        "accelerator": "h100",
        "device_count": devices,
        "on_demand_per_hour": price,
        "currency": "USD",
        **SOURCE,
        **extra,
    }


def _catalog() -> Catalog:
    return Catalog.model_validate(
        {
            "provider": [
                {
                    "id": "nuvem",
                    "name": "Nuvem",
                    "billing_entity": "Nuvem Brasil Ltda.",
                    "billing_country": "BR",
                    "tax_profile": "br_cloud",
                    **SOURCE,
                }
            ],
            "accelerator": [
                {
                    "id": "h100",
                    "name": "NVIDIA H100",
                    "kind": "gpu",
                    "generation": 9,
                    "memory_gb": 80,
                    "tflops": 989,
                    "bf16": True,
                    "bandwidth_gbps": 3350,
                    "interconnect": "nvlink",
                    **SOURCE,
                }
            ],
            "region": [
                {
                    "provider": "nuvem",
                    "region": "r1",
                    "city": "Cidade",
                    "country": "US",
                    "storage_per_gb_month": "0.10",
                    "currency": "USD",
                    **SOURCE,
                }
            ],
            "offer": [
                _offer("close", "10.00", spot_per_hour="4.00"),
                _offer("dear", "11.00"),
                _offer("quad", "10.20", devices=4),
                _offer("old", "10.00", as_of="2026-01-10"),
                _offer("unlisted", "10.00"),
            ],
        }
    )


def _reference(instance_type: str, price: str, as_of: str, **extra: Any) -> dict[str, Any]:
    return {
        "provider": "nuvem",
        "region": "r1",
        "instance_types": [instance_type],
        "pricing": "on_demand",
        "price_per_hour": price,
        "currency": "USD",
        "source": "https://example.com/public",
        "as_of": as_of,
        **extra,
    }


def _references() -> PublicPrices:
    return PublicPrices.model_validate(
        {
            "reference": [
                _reference("close", "9.80", "2026-10-20"),
                _reference("close", "8.00", "2026-05-01"),  # farther from the catalog's date
                _reference("close", "4.50", "2026-11-01", pricing="spot"),
                _reference("dear", "10.00", "2026-11-01"),
                _reference("quad", "2.50", "2026-11-01", unit="gpu", region="*"),
                _reference("old", "10.00", "2026-06-01"),
            ]
        }
    )


def test_the_packaged_references_validate_and_cover_the_clouds() -> None:
    references = load_references()
    assert len(references.reference) >= 30
    assert {"aws", "gcp", "azure", "lambda", "runpod"} <= {
        price.provider for price in references.reference
    }
    assert all(price.source.startswith("https://") for price in references.reference)


def test_a_reference_without_an_address_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "prices.toml"
    path.write_text(
        '[[reference]]\nprovider = "aws"\nregion = "us-east-1"\ninstance_types = ["p5.48xlarge"]\n'
        'pricing = "on_demand"\nprice_per_hour = "55.04"\ncurrency = "USD"\n'
        'source = "a blog post"\nas_of = "2026-11-09"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match="source"):
        load_references(path)


def test_each_price_is_judged_against_the_public_figure_nearest_its_date() -> None:
    checks = {(c.offer.instance_type, c.kind): c for c in audit_prices(_catalog(), _references())}
    close = checks[("close", "on_demand")]
    assert close.reference is not None and close.reference.as_of == date(2026, 10, 20)
    assert close.ratio == Decimal("10.00") / Decimal("9.80")  # 1.0204: within 5%
    assert close.gap_days == 12 and close.passed
    spot = checks[("close", "spot")]
    assert spot.ratio == Decimal("4.00") / Decimal("4.50") and not spot.within  # 0.889
    dear = checks[("dear", "on_demand")]
    assert dear.ratio == Decimal("1.1") and not dear.passed
    quad = checks[("quad", "on_demand")]
    assert quad.public == Decimal("10.00")  # 2.50 a card x 4 cards
    assert quad.ratio == Decimal("1.02") and quad.passed
    old = checks[("old", "on_demand")]
    assert old.within and old.gap_days == 142 and not old.passed  # right price, other season
    unlisted = checks[("unlisted", "on_demand")]
    assert unlisted.reference is None and unlisted.ratio is None and not unlisted.passed


def test_self_service_is_machine_storage_and_the_billing_entitys_taxes_only() -> None:
    catalog = _catalog()
    offer = catalog.offer[0]
    fx = FxRate(usd_brl=Decimal("5.00"), as_of=DAY, source="teste")
    job = normalize(JobSpec(model="bert-base-uncased", method="full", dataset_tokens=1e6))
    total = self_service_total(job, offer, catalog.region_of(offer), 1, 4.25, 100, fx, DAY)
    # Machine: 4.3 h (tenths up) x US$ 10 x 5.00 = 215.00. Disk: 100 GB x (4.3 h + 7 days of
    # retention) / 730 h = 23.60 GB-months x US$ 0.10 x 5.00 = 11.80. Spent 226.80, grossed up
    # over PIS 1.65% + COFINS 7.6% + ISS 2.9% (br_cloud in December 2026): 226.80 / 0.8785 =
    # 258.1673, so PIS 4.26, COFINS 19.62, ISS 7.49. No set-up fee, margin or invoice taxes.
    assert total == Decimal("215.00") + Decimal("11.80") + Decimal("4.26") + Decimal("19.62") + (
        Decimal("7.49")
    )


def test_only_jobs_above_a_thousand_reais_are_judged_against_the_target() -> None:
    small = Comparison("pequeno", Decimal("500"), "a", Decimal("1000"), "b")
    at_limit = Comparison("grande", Decimal("1300"), "a", Decimal("1000.01"), "b")
    dear = Comparison("caro", Decimal("1400"), "a", Decimal("1000.01"), "b")
    assert not small.judged and small.ratio == Decimal("0.5")
    assert at_limit.judged and at_limit.passed
    assert dear.judged and not dear.passed
