"""The company's commercial facts: one validated file, figures shared with the pricing rules, and
an identity the deploy completes (a field it leaves unset stays out of what clients read)."""

import logging
from pathlib import Path

import pytest

from bot.sales.company import COMPANY_FILE, load_company, warn_unset_identity
from quoting.errors import DataFileError
from quoting.pricing import load_pricing


def test_the_packaged_file_loads_with_the_engines_figures() -> None:
    company = load_company()
    assert company.identity.legal_name
    assert company.payment.methods
    assert company.invoice.issued
    # One source per figure: the validity and the set-up fee are the ones quotes are priced with.
    assert company.validity_days == load_pricing().terms.validity_days
    assert company.setup_fees == load_pricing().terms.setup_fee


def test_the_packaged_identity_leaves_registration_address_and_bank_to_the_deploy(
    caplog: pytest.LogCaptureFixture,
) -> None:
    identity = load_company().identity
    assert identity.cnpj is None and identity.phone is None and identity.address is None
    assert identity.registration == identity.legal_name  # no placeholder CNPJ beside it
    assert identity.contact == identity.email
    with caplog.at_level(logging.WARNING):
        missing = warn_unset_identity()
    assert missing == ["CNPJ", "endereço", "telefone", "chave PIX", "conta para TED"]
    assert "CNPJ, endereço, telefone" in caplog.text and "INFRABOT_COMPANY" in caplog.text


def test_the_deploys_file_completes_the_identity(
    company_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    identity = load_company().identity
    assert identity.cnpj == "11.222.333/0001-81"  # written as the Receita does
    assert identity.registration == "Infrabot Tecnologia Ltda., CNPJ 11.222.333/0001-81"
    assert identity.contact == "comercial@infrabot.com.br ou +55 11 3333-4444"
    assert identity.unset() == []
    with caplog.at_level(logging.WARNING):
        assert warn_unset_identity() == []
    assert caplog.text == ""


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('cnpj = "00.000.000/0000-00"', "identity.cnpj"),  # the old placeholder
        ('cnpj = "11.222.333/0001-82"', "identity.cnpj"),  # a wrong check digit
        ('phone = "ligue pra gente"', "identity.phone"),
    ],
)
def test_a_made_up_registration_in_the_deploys_file_is_refused(
    company_file: Path, line: str, field: str
) -> None:
    company_file.write_text(f"[identity]\n{line}\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=f"company.toml é inválido em '{field}'"):
        load_company()


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('legal_name = "Infrabot Tecnologia Ltda."', 'legal_name = "X"', "identity.legal_name"),
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
