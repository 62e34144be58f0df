"""The company's commercial facts: one validated file, figures shared with the pricing rules."""

from pathlib import Path

import pytest

from bot.sales.company import COMPANY_FILE, load_company
from quoting.errors import DataFileError
from quoting.pricing import load_pricing


def test_the_packaged_file_loads_with_the_engines_figures() -> None:
    company = load_company()
    assert company.identity.legal_name
    assert company.payment.methods
    assert company.invoice.issued
    # One source per figure: the validity and the set-up fee are the ones quotes are priced with.
    assert company.validity_days == load_pricing().terms.validity_days
    assert company.setup_fee_brl == load_pricing().terms.setup_fee_brl


def test_a_placeholder_cnpj_is_marked_wherever_it_is_shown() -> None:
    identity = load_company().identity
    assert identity.cnpj_placeholder
    assert "provisório" in identity.cnpj_text


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('cnpj = "00.000.000/0000-00"', 'cnpj = "123"', "identity.cnpj"),
        ('email = "comercial@infrabot.com.br"', 'email = "comercial"', "identity.email"),
        ('as_of = "2026-12-03"', 'as_of = "ontem"', "as_of"),
        ('timezone = "America/Sao_Paulo"', 'timezone = "Brasil/Paulista"', "hours.timezone"),
        ('"quarta", "quinta"', '"quarta", "quinta-feira"', "hours.days"),
        ("opens = 09:00:00", "opens = 19:00:00", "hours"),
    ],
)
def test_an_invalid_file_is_refused_in_portuguese(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    broken = tmp_path / "company.toml"
    text = COMPANY_FILE.read_text(encoding="utf-8")
    assert old in text
    broken.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DataFileError, match=f"inválido em '{where}'"):
        load_company(broken)
