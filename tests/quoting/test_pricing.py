"""Each tax profile recomputed by hand, to the centavo, on a 100,00 BRL machine cost.

The offers are built here (not read from the catalog) so that the arithmetic written in each test
stays true when the catalog's prices are refreshed. The storage price is zero, so the only cost is
the machine: 2,00 USD/h x 10 h x 5,00 BRL/USD = 100,00 BRL, or 12,50 BRL/h x 10 h for a
Brazilian provider.
"""

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from quoting.catalog import Offer, Region
from quoting.datafiles import DATA_DIR
from quoting.errors import DataFileError
from quoting.fx import FxRate
from quoting.jobspec import JobSpec, normalize
from quoting.pricing import Pricing, load_pricing, price

JOB = normalize(JobSpec(model="llama-3-8b", method="qlora", examples=5000))
DAY = date(2026, 12, 3)
FX = FxRate(usd_brl=Decimal("5.00"), as_of=DAY, source="PTAX venda, Banco Central")
SOURCE = {"source": "teste", "as_of": DAY}


def _offer(provider: str, currency: str = "USD", hourly: str = "2.00") -> tuple[Offer, Region]:
    offer = Offer(
        provider=provider,
        region="r1",
        instance_type="teste.xlarge",
        accelerator="l4",
        device_count=1,
        on_demand_per_hour=Decimal(hourly),
        currency=currency,  # type: ignore[arg-type]
        tax_profile={"aws": "br_cloud", "gcp": "br_cloud"}.get(provider, "remessa"),
        **SOURCE,  # type: ignore[arg-type]
    )
    region = Region(
        provider=provider,
        region="r1",
        city="São Paulo",
        country="BR",
        storage_per_gb_month=Decimal(0),
        currency=currency,  # type: ignore[arg-type]
        **SOURCE,  # type: ignore[arg-type]
    )
    return offer, region


def _price(provider: str, profile: str | None = None, currency: str = "USD") -> Pricing:
    offer, region = _offer(provider, currency, "2.00" if currency == "USD" else "12.50")
    pricing = price(JOB, offer, region, 1, 10.0, 50, profile, FX, DAY)
    assert sum(line.total_brl for line in pricing.line_items) == pricing.total_brl
    return pricing


def _amounts(pricing: Pricing) -> dict[str, Decimal]:
    return {line.description.split(" (")[0]: line.total_brl for line in pricing.line_items}


def _invoice_taxes(before: str) -> dict[str, Decimal]:
    """infrabot's own taxes in 2026 (lucro presumido, São Paulo): ISS 2,9% + PIS 0,65% + COFINS
    3% + IRPJ 4,8% (15% of a 32% presumed profit) + CSLL 2,88% (9% of 32%), grossed up over the
    invoice: invoice = before / (1 - 0,1423) = before / 0,8577."""
    invoice = Decimal(before) / Decimal("0.8577")
    rates = {
        "ISS sobre a nota da infrabot": "0.029",
        "PIS cumulativo sobre a nota da infrabot": "0.0065",
        "COFINS cumulativa sobre a nota da infrabot": "0.03",
        "IRPJ sobre o lucro presumido da infrabot": "0.048",
        "CSLL sobre o lucro presumido da infrabot": "0.0288",
    }
    return {
        name: (invoice * Decimal(rate)).quantize(Decimal("0.01")) for name, rate in rates.items()
    }


def test_br_cloud_grosses_up_pis_cofins_and_sao_paulo_iss_and_nothing_else() -> None:
    pricing = _price("aws")
    lines = _amounts(pricing)
    assert pricing.tax_profile == "br_cloud"
    # NFS-e of AWS Serviços Brasil: 100,00 / (1 - 0,0925 - 0,029) = 100 / 0,8785 = 113,8304
    assert lines["1x teste.xlarge"] == Decimal("100.00")
    assert lines["PIS na nota do provedor"] == Decimal("1.88")  # 113,8304 x 1,65% = 1,8782
    assert lines["COFINS na nota do provedor"] == Decimal("8.65")  # 113,8304 x 7,6% = 8,6511
    assert lines["ISS de São Paulo na nota do provedor"] == Decimal("3.30")  # x 2,9% = 3,3011
    # 13,83% in all, as the AWS tax-help page says; no IOF, IRRF or CIDE
    assert not any(name.startswith(("IOF", "IRRF", "CIDE")) for name in lines)
    # FX cushion 3% on the dollar-priced part: (100 + 13,83) x 0,03 = 3,4149
    assert lines["Proteção cambial na validade da cotação"] == Decimal("3.41")
    assert lines["Taxa de configuração do ambiente"] == Decimal("150.00")  # one card's tier
    assert lines["Gestão e suporte"] == Decimal("15.00")  # 15% of the 100,00 cost only
    # before own taxes: 100 + 13,83 + 3,41 + 150 + 15 = 282,24; invoice 329,0661
    for name, value in _invoice_taxes("282.24").items():
        assert lines[name] == value, name
    assert [lines[n] for n in _invoice_taxes("282.24")] == [
        Decimal("9.54"),
        Decimal("2.14"),
        Decimal("9.87"),
        Decimal("15.80"),
        Decimal("9.48"),
    ]
    assert pricing.total_brl == Decimal("329.07")  # 282,24 + 9,54 + 2,14 + 9,87 + 15,80 + 9,48


def test_remessa_has_irrf_gross_up_cide_import_contributions_iss_and_iof() -> None:
    pricing = _price("nuvem-estrangeira")
    lines = _amounts(pricing)
    assert pricing.tax_profile == "remessa"
    # RIR/2018 art. 786: IRRF borne by the payer, 100 / 0,85 = 117,6471
    assert lines["IRRF sobre a remessa"] == Decimal("17.65")  # 117,6471 x 15%
    assert lines["CIDE-Remessas"] == Decimal("11.76")  # 117,6471 x 10% = 11,7647
    assert lines["ISS-Importação de São Paulo"] == Decimal("3.41")  # x 2,9% = 3,4118
    # Lei 10.865/2004 art. 7º II: (117,6471 + 3,4118) / (1 - 0,0925) = 133,3982
    assert lines["PIS-Importação"] == Decimal("2.20")  # 133,3982 x 1,65% = 2,2011
    assert lines["COFINS-Importação"] == Decimal("10.14")  # 133,3982 x 7,6% = 10,1383
    # Decreto 12.499/2025: IOF 3,5% on the exchange contract of 100,00
    assert lines["IOF-câmbio sobre a remessa"] == Decimal("3.50")
    # (100 + 48,66) x 0,03 = 4,4598
    assert lines["Proteção cambial na validade da cotação"] == Decimal("4.46")
    assert lines["Gestão e suporte"] == Decimal("15.00")
    # 100 + 48,66 + 4,46 + 150 + 15 = 318,12; invoice 370,8989
    expected = _invoice_taxes("318.12")
    assert list(expected.values()) == [
        Decimal("10.76"),
        Decimal("2.41"),
        Decimal("11.13"),
        Decimal("17.80"),
        Decimal("10.68"),
    ]
    for name, value in expected.items():
        assert lines[name] == value, name
    assert pricing.total_brl == Decimal("370.90")


def test_card_owes_the_whole_import_chain_plus_the_issuer_spread_and_the_card_iof() -> None:
    pricing = _price("nuvem-estrangeira", "cartao")
    lines = _amounts(pricing)
    # an imported service owes IRRF, CIDE, ISS and PIS/COFINS-Importação however it is paid:
    # the same figures as the remessa test
    assert lines["IRRF sobre a remessa"] == Decimal("17.65")
    assert lines["CIDE-Remessas"] == Decimal("11.76")
    assert lines["ISS-Importação de São Paulo"] == Decimal("3.41")
    assert (lines["PIS-Importação"], lines["COFINS-Importação"]) == (
        Decimal("2.20"),
        Decimal("10.14"),
    )
    assert "IOF-câmbio sobre a remessa" not in lines  # the card's IOF replaces the exchange's
    assert lines["Spread do emissor do cartão sobre a PTAX"] == Decimal("4.00")  # 100 x 4%
    assert lines["IOF"] == Decimal("3.64")  # (100 + 4) x 3,5%
    # (100 + 52,80) x 3% = 4,584
    assert lines["Proteção cambial na validade da cotação"] == Decimal("4.58")
    # 100 + 52,80 + 4,58 + 150 + 15 = 322,38; invoice 375,8657
    expected = _invoice_taxes("322.38")
    assert list(expected.values()) == [
        Decimal("10.90"),
        Decimal("2.44"),
        Decimal("11.28"),
        Decimal("18.04"),
        Decimal("10.82"),
    ]
    assert pricing.total_brl == Decimal("375.86")
    # the spread is a line, not a tax
    provider_taxes = [tax.name for tax in pricing.taxes if tax.applies_to == "provider"]
    assert "IOF (cartão internacional)" in provider_taxes and len(provider_taxes) == 6
    assert not any(name.startswith("Spread") for name in provider_taxes)


def test_a_brazilian_provider_adds_no_tax_to_its_invoice_and_no_exchange_cushion() -> None:
    pricing = _price("provedor-nacional", currency="BRL")
    lines = _amounts(pricing)
    assert pricing.tax_profile == "local"
    assert lines["1x teste.xlarge"] == Decimal("125.00")  # 12,50 x 10 h, no exchange
    assert "Proteção cambial na validade da cotação" not in lines
    assert lines["Gestão e suporte"] == Decimal("18.75")  # 125 x 15%
    # 125 + 150 + 18,75 = 293,75; invoice 342,4857
    expected = _invoice_taxes("293.75")
    assert list(expected.values()) == [
        Decimal("9.93"),
        Decimal("2.23"),
        Decimal("10.27"),
        Decimal("16.44"),
        Decimal("9.86"),
    ]
    assert pricing.total_brl == Decimal("342.48")
    assert [tax.applies_to for tax in pricing.taxes] == ["invoice"] * 5


def test_every_tax_carries_its_rate_legal_basis_and_validity() -> None:
    pricing = _price("nuvem-estrangeira")
    assert len(pricing.taxes) == 11  # 6 on the remittance, 5 on the company's invoice
    for tax in pricing.taxes:
        assert tax.basis and tax.rate > 0 and tax.valid_from <= DAY
    pis_cofins = [tax for tax in pricing.taxes if tax.name.startswith(("PIS", "COFINS"))]
    assert {tax.valid_until for tax in pis_cofins} == {date(2026, 12, 31)}  # CBS from 2027


def test_margin_is_on_cost_not_on_the_set_up_fee_or_taxes() -> None:
    lines = _amounts(_price("aws"))
    cost = lines["1x teste.xlarge"] + lines["Armazenamento do modelo, dataset e checkpoints"]
    assert lines["Gestão e suporte"] == (cost * Decimal("0.15")).quantize(Decimal("0.01"))


@pytest.mark.parametrize(
    ("devices", "instances", "tpu", "fee", "label"),
    [
        (1, 1, False, "150.00", "uma placa"),
        (8, 1, False, "350.00", "uma máquina com várias placas"),
        (8, 2, False, "900.00", "várias máquinas ou uma fatia de TPU"),
        (4, 1, True, "900.00", "várias máquinas ou uma fatia de TPU"),
        (1, 1, True, "150.00", "uma placa"),
    ],
)
def test_the_set_up_fee_follows_what_there_is_to_set_up(
    devices: int, instances: int, tpu: bool, fee: str, label: str
) -> None:
    offer, region = _offer("aws")
    offer = offer.model_copy(update={"device_count": devices, "max_instances": 2})
    pricing = price(JOB, offer, region, instances, 10.0, 50, None, FX, DAY, tpu=tpu)
    [line] = [i for i in pricing.line_items if i.description.startswith("Taxa de configuração")]
    assert line.total_brl == Decimal(fee) and line.description.endswith(f"({label})")


def test_a_quote_billed_in_2027_has_cbs_and_ibs_on_the_invoice_and_no_pis_or_cofins() -> None:
    offer, region = _offer("nuvem-estrangeira")
    before = _amounts(price(JOB, offer, region, 1, 10.0, 50, None, FX, date(2026, 12, 31)))
    assert "PIS-Importação" in before and "CBS sobre a nota da infrabot" not in before
    pricing = price(JOB, offer, region, 1, 10.0, 50, None, FX, date(2027, 1, 4))
    lines = _amounts(pricing)
    assert not [name for name in lines if "PIS" in name or "COFINS" in name]
    # the remittance keeps IRRF 17,65, CIDE 11,76, ISS 3,41 and IOF 3,50 (= 36,32): CBS/IBS on
    # the import are credited against our own, so they are no cost
    assert lines["ISS-Importação de São Paulo"] == Decimal("3.41")
    # (100 + 36,32) x 3% = 4,0896; 100 + 36,32 + 4,09 + 150 + 15 = 305,41
    assert lines["Proteção cambial na validade da cotação"] == Decimal("4.09")
    # inside the invoice: ISS 2,9% + IRPJ 4,8% + CSLL 2,88% -> 305,41 / 0,8943 = 341,5073
    assert lines["ISS sobre a nota da infrabot"] == Decimal("9.90")  # 341,5073 x 2,9%
    assert lines["IRPJ sobre o lucro presumido da infrabot"] == Decimal("16.39")
    assert lines["CSLL sobre o lucro presumido da infrabot"] == Decimal("9.84")
    # "por fora", on the invoice without its ISS: (341,5073 - 9,9037) x 8,7% and x 0,1%
    assert lines["CBS sobre a nota da infrabot"] == Decimal("28.85")
    assert lines["IBS sobre a nota da infrabot"] == Decimal("0.33")
    assert pricing.total_brl == Decimal("370.72")
    [notice] = pricing.staff_notices  # the 2027 CBS rate is the Fazenda's estimate
    assert "CBS sobre a nota da infrabot" in notice and "Confirme" in notice


def test_tax_rules_past_their_validity_make_the_quote_ask_staff_for_confirmation() -> None:
    offer, region = _offer("aws")
    assert not price(JOB, offer, region, 1, 10.0, 50, None, FX, DAY).staff_notices
    later = price(JOB, offer, region, 1, 10.0, 50, None, FX, date(2029, 1, 4))
    [expired, _estimate] = later.staff_notices
    assert "31/12/2028" in expired and "LC 214/2025" in expired and "confirmados" in expired


def test_the_billing_entity_sets_the_profile_and_the_client_only_picks_how_to_pay_it() -> None:
    offer, region = _offer("aws")  # AWS Serviços Brasil: an NFS-e, never an import
    for asked in ("remessa", "cartao", "local", None):
        assert price(JOB, offer, region, 1, 1.0, 50, asked, FX, DAY).tax_profile == "br_cloud"
    abroad, abroad_region = _offer("nuvem-estrangeira")
    assert price(JOB, abroad, abroad_region, 1, 1.0, 50, None, FX, DAY).tax_profile == "remessa"
    by_card = price(JOB, abroad, abroad_region, 1, 1.0, 50, "cartao", FX, DAY)
    assert by_card.tax_profile == "cartao"
    assert price(JOB, abroad, abroad_region, 1, 1.0, 50, "br_cloud", FX, DAY).tax_profile == (
        "remessa"
    )


def test_pricing_rules_are_validated_on_load(tmp_path: Path) -> None:
    text = (DATA_DIR / "pricing.toml").read_text(encoding="utf-8")
    broken = tmp_path / "pricing.toml"
    broken.write_text(
        text.replace(
            'valid_from = "2025-07-16"', 'valid_from = "2030-01-01"\nvalid_until = "2029-12-31"', 1
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match="valid_until"):
        load_pricing(broken)


def test_an_offer_billed_under_a_profile_that_does_not_exist_is_refused() -> None:
    offer, region = _offer("aws")
    unknown = offer.model_copy(update={"tax_profile": "sem_perfil"})
    with pytest.raises(DataFileError, match="sem_perfil"):
        price(JOB, unknown, region, 1, 1.0, 50, None, FX, DAY)


def test_spot_price_is_used_only_where_the_catalog_has_one() -> None:
    spot_job = JOB.model_copy(update={"spot": True})
    offer, region = _offer("gcp")
    assert not price(spot_job, offer, region, 1, 1.0, 50, None, FX, DAY).spot
    with_spot = offer.model_copy(update={"spot_per_hour": Decimal("0.50")})
    assert price(spot_job, with_spot, region, 1, 1.0, 50, None, FX, DAY).spot


def test_storage_is_billed_for_the_job_hours_plus_the_stated_retention() -> None:
    offer, region = _offer("aws")
    region = region.model_copy(update={"storage_per_gb_month": Decimal("0.10")})
    pricing = price(JOB, offer, region, 1, 10.0, 50, None, FX, DAY)
    [disk] = [line for line in pricing.line_items if line.unit == "GB-mês"]
    assert "7 dias de retenção" in disk.description
    # 50 GB x (10 h + 7 x 24 h) / 730 h = 12,19 GB-mês; x 0,10 USD x 5,00 = 6,095 -> 6,10
    assert disk.quantity == Decimal("12.19")
    assert disk.total_brl == Decimal("6.10")
