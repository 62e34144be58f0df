from decimal import Decimal

import pytest

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.pricing import load_pricing, price

JOB = normalize(JobSpec(model="llama-3-8b", method="qlora", examples=5000))


def _offer(instance_type: str):  # type: ignore[no-untyped-def]
    catalog = load_catalog()
    offer = next(o for o in catalog.offer if o.instance_type == instance_type)
    return offer, catalog.region_of(offer)


def _lines(profile: str | None, instance: str = "g6.xlarge") -> dict[str, Decimal]:
    offer, region = _offer(instance)
    pricing = price(JOB, offer, region, 1, 10.0, 50, profile)
    assert sum(line.total_brl for line in pricing.line_items) == pricing.total_brl
    return {line.description: line.total_brl for line in pricing.line_items}


def test_compute_line_uses_the_buffered_exchange_rate() -> None:
    offer, region = _offer("g6.xlarge")
    pricing = price(JOB, offer, region, 1, 10.0, 50, None)
    compute = pricing.line_items[0]
    rate = Decimal("5.40") * Decimal("1.03")
    assert compute.quantity == Decimal(10)
    assert compute.total_brl == (Decimal("1.368") * rate * 10).quantize(Decimal("0.01"))


def test_card_payment_adds_iof_of_three_and_a_half_percent() -> None:
    lines = _lines("cartao")
    iof = next(value for name, value in lines.items() if name.startswith("IOF"))
    foreign = sum(v for n, v in lines.items() if n.startswith(("1x", "Armazenamento")))
    assert iof == (foreign * Decimal("0.035")).quantize(Decimal("0.01"))


def test_remittance_grosses_up_irrf_and_pis_cofins_as_the_law_prescribes() -> None:
    lines = _lines("remessa")
    foreign = sum(v for n, v in lines.items() if n.startswith(("1x", "Armazenamento")))
    grossed_up = foreign / Decimal("0.85")  # RIR/2018 art. 786: IRRF borne by the payer
    iss = grossed_up * Decimal("0.05")
    pis_cofins_base = (grossed_up + iss) / (1 - Decimal("0.0925"))  # Lei 10.865/2004 art. 7
    expected = {
        "IRRF": grossed_up * Decimal("0.15"),
        "CIDE": grossed_up * Decimal("0.10"),
        "ISS": iss,
        "PIS": pis_cofins_base * Decimal("0.0165"),
        "COFINS": pis_cofins_base * Decimal("0.076"),
    }
    for prefix, value in expected.items():
        line = next(v for n, v in lines.items() if n.startswith(prefix))
        assert line == value.quantize(Decimal("0.01")), prefix
    taxes = sum(v for n, v in lines.items() if n.startswith(tuple(expected)))
    assert Decimal("0.40") < taxes / foreign < Decimal("0.55")


def test_a_local_brl_offer_has_no_import_taxes_and_no_exchange() -> None:
    catalog = load_catalog()
    offer = next(o for o in catalog.offer if o.provider == "infrabot" and o.device_count == 1)
    pricing = price(JOB, offer, catalog.region_of(offer), 1, 10.0, 50, None)
    assert pricing.tax_profile == "local"
    assert pricing.line_items[0].total_brl == offer.on_demand_per_hour * 10
    assert not any(line.description.startswith(("IOF", "IRRF")) for line in pricing.line_items)


def test_spot_price_is_used_only_where_the_catalog_has_one() -> None:
    spot_job = JOB.model_copy(update={"spot": True})
    tpu, tpu_region = _offer("v5litepod-8")
    assert price(spot_job, tpu, tpu_region, 1, 1.0, 50).spot
    aws, aws_region = _offer("g6.xlarge")
    assert not price(spot_job, aws, aws_region, 1, 1.0, 50).spot


def test_exchange_rate_can_be_set_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_USD_BRL", "6,00")
    monkeypatch.setenv("INFRABOT_USD_BRL_DATE", "2026-12-01")
    load_pricing.cache_clear()
    fx = load_pricing().fx
    assert fx.usd_brl == Decimal("6.00") and str(fx.as_of) == "2026-12-01"
