"""The company's commercial facts (identity, contact, business hours, payment, nota fiscal, set-up
fee), from one validated data file; the quote's validity and the set-up fee amount come from the
pricing rules."""

import re
from decimal import Decimal
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, field_validator

from bot.sales.hours import BusinessHours
from quoting.datafiles import Sourced, load
from quoting.pricing import load_pricing

COMPANY_FILE = Path(__file__).parent / "data" / "company.toml"


class Identity(BaseModel):
    legal_name: str = Field(min_length=3)
    trade_name: str = Field(min_length=2)
    cnpj: str
    cnpj_placeholder: bool
    address: str = Field(min_length=10)
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")
    phone: str = Field(min_length=8)
    website: str = Field(pattern=r"^https?://")

    @field_validator("cnpj")
    @classmethod
    def _cnpj_format(cls, value: str) -> str:
        if not re.fullmatch(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}", value):
            raise ValueError("CNPJ deve ter o formato 00.000.000/0000-00")
        return value

    @property
    def cnpj_text(self) -> str:
        """The CNPJ as any text shows it: a placeholder says so."""
        return f"{self.cnpj} (provisório)" if self.cnpj_placeholder else self.cnpj


class Payment(BaseModel):
    methods: list[str] = Field(min_length=1)
    terms: str = Field(min_length=5)
    due_days: int = Field(ge=0, le=90)
    currency_note: str


class Invoice(BaseModel):
    issued: bool
    kind: str = Field(min_length=3)
    when: str = Field(min_length=5)


class QuoteTerms(BaseModel):
    validity_note: str


class SetupFee(BaseModel):
    short: str = Field(min_length=10, max_length=90)
    detail: str = Field(min_length=20)


class CompanyFile(Sourced):
    identity: Identity
    hours: BusinessHours
    payment: Payment
    invoice: Invoice
    quote: QuoteTerms
    setup_fee: SetupFee


class Company(CompanyFile):
    """The file's facts plus the two figures the engine prices with (pricing.toml [terms])."""

    validity_days: int = Field(ge=1)
    setup_fee_brl: Decimal = Field(ge=0)


@cache
def load_company(path: Path = COMPANY_FILE) -> Company:
    """The company's facts; raises DataFileError (pt-BR) when the file is missing or invalid."""
    facts = load(path, CompanyFile)
    terms = load_pricing().terms
    return Company(
        **facts.model_dump(),
        validity_days=terms.validity_days,
        setup_fee_brl=terms.setup_fee_brl,
    )
