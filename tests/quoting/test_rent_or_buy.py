"""Rent or buy: import taxes, the month's cost of owning and the break-even, checked by hand."""

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from quoting.datafiles import DATA_DIR
from quoting.errors import DataFileError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.rent_or_buy import (
    Costs,
    HardwareOption,
    ImportTaxes,
    RentOrBuyError,
    compare,
    import_tax_lines,
    load_hardware,
    owning_cost,
)

SOURCED: dict[str, Any] = {"source": "teste", "as_of": "2026-12-03"}
COSTS = Costs(
    tariff_brl_per_kwh=Decimal("0.80"),
    tariff_source="teste",
    pue=Decimal("1.5"),
    pue_source="teste",
    engineer_brl_per_month=Decimal("20000.00"),
    engineer_source="teste",
    hours_per_month=730,
    **SOURCED,
)
TAXES = ImportTaxes(
    ii=Decimal("0.16"),
    ii_basis="TEC",
    ipi=Decimal("0.0975"),
    ipi_basis="TIPI",
    pis=Decimal("0.021"),
    pis_basis="Lei 10.865/2004",
    cofins=Decimal("0.0965"),
    cofins_basis="Lei 10.865/2004",
    icms=Decimal("0.18"),
    icms_basis="LC 87/1996",
    **SOURCED,
)


def option(**fields: Any) -> HardwareOption:
    defaults: dict[str, Any] = {
        "id": "x",
        "name": "X",
        "accelerator": "l40s",
        "gpus": 1,
        "currency": "BRL",
        "price_estimate": True,
        "price_source": "teste",
        "power_source": "teste",
        "hosting_brl_per_month": Decimal(0),
        "hosting_source": "teste",
        "life_years": 3,
        "life_source": "teste",
        "engineer_share_source": "teste",
    }
    return HardwareOption(**{**defaults, **fields, **SOURCED})


def test_workstation_bought_in_brazil_break_even_by_hand() -> None:
    # R$ 36.000 over 36 months = R$ 1.000,00; 1.5 PUE x R$ 0,80 = R$ 1,20 per kWh drawn.
    # 4 jobs x 10 h = 40 h at 0,5 kW and 690 h idle at 0,1 kW: (20 + 69) kWh x 1,20 = R$ 106,80.
    # Engineer: 5% of R$ 20.000 = R$ 1.000,00. Month: R$ 2.106,80.
    # Fixed: 1.000 + 1.000 + 0,1 kW x 730 h x 1,20 (87,60) = 2.087,60; each job adds
    # 0,4 kW x 10 h x 1,20 = 4,80 of energy; renting costs 500,00 per job:
    # break-even = 2.087,60 / (500 - 4,80) = 4,2156... -> 4,22 jobs per month.
    workstation = option(
        price=Decimal("36000.00"), load_watts=500, idle_watts=100, engineer_share=Decimal("0.05")
    )
    monthly, break_even = owning_cost(
        workstation, COSTS, Decimal("36000.00"), Decimal(10), Decimal(4), Decimal("500.00")
    )
    assert monthly.depreciation == Decimal("1000.00")
    assert monthly.energy == Decimal("106.80")
    assert monthly.engineer == Decimal("1000.00")
    assert monthly.total == Decimal("2106.80")
    assert break_even == Decimal("4.22")


def test_imported_server_with_taxes_break_even_by_hand() -> None:
    # US$ 10.000 at R$ 5,00 = R$ 50.000,00 customs value.
    # II 16% = 8.000,00; IPI 9,75% of 58.000 = 5.655,00; PIS 2,1% = 1.050,00;
    # COFINS 9,65% = 4.825,00; ICMS by dentro: 69.530 / 0,82 x 18% = 15.262,68.
    lines = import_tax_lines(Decimal("50000.00"), TAXES)
    assert [line.total_brl for line in lines] == [
        Decimal("8000.00"),
        Decimal("5655.00"),
        Decimal("1050.00"),
        Decimal("4825.00"),
        Decimal("15262.68"),
    ]
    landed = Decimal("50000.00") + sum((line.total_brl for line in lines), Decimal(0))
    assert landed == Decimal("84792.68")
    # Depreciation 84.792,68 / 36 = 2.355,35. 20 jobs x 2,5 h = 50 h at 2 kW, 680 h at 0,4 kW:
    # (100 + 272) x 1,20 = 446,40. Colocation 1.500,00; engineer 15% = 3.000,00.
    # Month: 2.355,35 + 446,40 + 1.500 + 3.000 = 7.301,75.
    # Fixed: 2.355,35 + 1.500 + 3.000 + 0,4 x 730 x 1,20 (350,40) = 7.205,75; each job adds
    # 1,6 kW x 2,5 h x 1,20 = 4,80; renting costs 800,00 per job:
    # break-even = 7.205,75 / 795,20 = 9,0615... -> 9,06 jobs per month.
    server = option(
        price=Decimal("10000.00"),
        currency="USD",
        gpus=4,
        load_watts=2000,
        idle_watts=400,
        hosting_brl_per_month=Decimal("1500.00"),
        engineer_share=Decimal("0.15"),
    )
    monthly, break_even = owning_cost(
        server, COSTS, landed, Decimal("2.5"), Decimal(20), Decimal("800.00")
    )
    assert monthly.depreciation == Decimal("2355.35")
    assert monthly.energy == Decimal("446.40")
    assert monthly.total == Decimal("7301.75")
    assert break_even == Decimal("9.06")


def test_renting_cheaper_than_a_jobs_energy_never_breaks_even() -> None:
    card = option(price=Decimal("1000.00"), load_watts=1000, idle_watts=0, engineer_share=0)
    _, break_even = owning_cost(
        card, COSTS, Decimal("1000.00"), Decimal(10), Decimal(1), Decimal("12.00")
    )
    assert break_even is None  # 1 kW x 10 h x 1,20 = 12,00: each job costs as much to run


def test_compare_for_an_8b_lora_job() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", examples=20_000))
    quote = build_quote(job)
    few, many = compare(job, quote, Decimal(1)), compare(job, quote, Decimal(200))
    assert few.rent_monthly_brl == quote.total_brl
    assert many.rent_monthly_brl == quote.total_brl * 200
    options = {o.id: o for o in few.options}
    # About 29 GB per device: not on a 24 GB RTX 4090, yes on a 48 GB RTX 6000 Ada.
    assert (
        not options["workstation-rtx4090"].fits and options["workstation-rtx4090"].monthly is None
    )
    assert options["workstation-rtx6000ada"].fits
    for result in (few, many):
        for buy in result.options:
            if buy.monthly is None:
                continue
            parts = buy.monthly.depreciation + buy.monthly.energy + buy.monthly.hosting
            assert parts + buy.monthly.engineer == buy.monthly.total
            if buy.currency == "USD":
                names = [t.name for t in buy.import_taxes]
                assert names == ["II", "IPI", "PIS-Importação", "COFINS-Importação", "ICMS"]
                assert buy.landed_brl > buy.price * result.usd_brl
    assert not any(o.cheaper_than_renting for o in few.options)
    ada = {o.id: o for o in many.options}["workstation-rtx6000ada"]
    assert ada.break_even_jobs_per_month is not None
    assert ada.capacity_jobs_per_month is not None
    assert ada.break_even_jobs_per_month <= ada.capacity_jobs_per_month
    assert "Obsolescência" in few.caveats[1]


def test_every_hardware_figure_has_a_source_and_date() -> None:
    hardware = load_hardware()
    assert {o.currency for o in hardware.option} == {"USD", "BRL"}
    for item in hardware.option:
        assert item.price_source and item.power_source and item.life_source and item.as_of
        if item.price_estimate:
            assert "estimativa" in item.price_source.lower()
    taxes = hardware.import_taxes
    assert taxes.icms_basis.startswith("ICMS")
    # The legal source of each rate: the law or decree, with its number and year.
    for basis, act in (
        (taxes.ii_basis, "Resolução Gecex nº 852/2026"),
        (taxes.ipi_basis, "Decreto nº 11.158/2022"),
        (taxes.pis_basis, "Lei nº 10.865/2004, art. 8º, I"),
        (taxes.cofins_basis, "Lei nº 10.865/2004, art. 8º, II"),
        (taxes.icms_basis, "LC nº 87/1996"),
    ):
        assert act in basis


def test_a_source_that_does_not_say_when_is_refused(tmp_path: Path) -> None:
    text = (DATA_DIR / "hardware.toml").read_text(encoding="utf-8")
    undated = text.replace(
        'engineer_share_source = "Premissa (12/2026): 30%', 'engineer_share_source = "Premissa: 30%'
    )
    assert undated != text
    (tmp_path / "hardware.toml").write_text(undated, encoding="utf-8")
    with pytest.raises(DataFileError, match=r"hgx-8xh100\.engineer_share_source"):
        load_hardware(tmp_path / "hardware.toml")


def test_estimates_and_tax_rates_are_said_to_the_user() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", examples=20_000))
    result = compare(job, build_quote(job), Decimal(4))
    assert all(o.price_estimate for o in result.options)  # none is a supplier's quote yet
    notes = " ".join(result.notes)
    assert "não orçamentos de fornecedor" in notes
    assert "II 16%, IPI 9,75%, PIS 2,1%, COFINS 9,65%, ICMS-SP 18%" in notes


@pytest.mark.parametrize("jobs", ["0", "-1", "20000"])
def test_jobs_per_month_out_of_range_is_refused(jobs: str) -> None:
    job = normalize(JobSpec(model="llama-3.2-1b"))
    with pytest.raises(RentOrBuyError, match="jobs-por-mes"):
        compare(job, build_quote(job), Decimal(jobs))
