"""The company's commercial facts (identity, contact, business hours, payment, nota fiscal, set-up
fee), from one validated data file; the quote's validity and the set-up fee amount come from the
pricing rules."""

import logging
import os
from decimal import Decimal
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, field_validator
from stdnum.br import cnpj

from bot.sales.hours import BusinessHours
from locales import _
from quoting.datafiles import Sourced, load, validate
from quoting.pricing import SetupFee as SetupFeeTier
from quoting.pricing import load_pricing

COMPANY_FILE = Path(__file__).parent / "data" / "company.toml"

log = logging.getLogger(__name__)


class Identity(BaseModel):
    """Who signs: the packaged file names the company; the deploy's file (INFRABOT_COMPANY)
    adds the registration, address, phone and bank data. A field not set is left out of every
    text a client reads, never shown as a placeholder."""

    legal_name: str = Field(min_length=3)
    trade_name: str = Field(min_length=2)
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")
    website: str = Field(pattern=r"^https?://")
    cnpj: str | None = None
    address: str | None = Field(default=None, min_length=10)
    phone: str | None = Field(default=None, pattern=r"^\+?[\d\s()-]{8,20}$")
    pix_key: str | None = Field(default=None, min_length=5)
    bank_account: str | None = Field(default=None, min_length=10)

    @field_validator("cnpj")
    @classmethod
    def _cnpj_valid(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not cnpj.is_valid(value):  # check digits: "00.000.000/0000-00" is no CNPJ
            raise ValueError("CNPJ inválido (confira os dígitos verificadores)")
        return str(cnpj.format(value))

    def unset(self) -> list[str]:
        """What the deploy has not configured yet, as the operator reads it."""
        labels = {
            "cnpj": "CNPJ",
            "address": "endereço",
            "phone": "telefone",
            "pix_key": "chave PIX",
            "bank_account": "conta para TED",
        }
        return [label for name, label in labels.items() if getattr(self, name) is None]

    @property
    def registration(self) -> str:
        """ "Infrabot Tecnologia Ltda., CNPJ 11.222.333/0001-81", the CNPJ only when set."""
        return f"{self.legal_name}, CNPJ {self.cnpj}" if self.cnpj else self.legal_name

    @property
    def contact(self) -> str:
        """ "comercial@infrabot.com.br ou +55 11 ...", the phone only when set (in the current
        language)."""
        if not self.phone:
            return self.email
        return _("{email} ou {phone}").format(email=self.email, phone=self.phone)


class Payment(BaseModel):
    methods: list[str] = Field(min_length=1)
    terms: str = Field(min_length=5)
    due_days: int = Field(ge=0, le=90)
    currency_note: str
    installments_max: int = Field(ge=1, le=12)
    installments_min_brl: Decimal = Field(ge=0)


class Service(BaseModel):
    """What we do and what stays the client's, the contract, what happens when a machine fails or
    the client stops a job, how hours are billed (pauses, a spending cap), serving the trained
    model, what disk and the model's download cost, a free trial, a machine with no accelerator,
    how the data arrives, whether taxes are in the total, IOF and card fees, who sees the
    quotes, selling to the public sector, training on the client's premises, no guarantee of the
    model's results, and how fast we respond."""

    scope: str = Field(min_length=20)
    contract: str = Field(min_length=20)
    failure: str = Field(min_length=20)
    cancellation: str = Field(min_length=20)
    billing: str = Field(min_length=20)
    hosting: str = Field(min_length=20)
    storage: str = Field(min_length=20)
    trial: str = Field(min_length=20)
    cpu_only: str = Field(min_length=20)
    data_transfer: str = Field(min_length=20)
    taxes: str = Field(min_length=20)
    foreign_charges: str = Field(min_length=20)
    accounts: str = Field(min_length=20)
    public_sector: str = Field(min_length=20)
    on_premises: str = Field(min_length=20)
    security: str = Field(min_length=20)
    results: str = Field(min_length=20)
    sla: str = Field(min_length=20)


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
    service: Service
    quote: QuoteTerms
    setup_fee: SetupFee


class Company(CompanyFile):
    """The file's facts plus the figures the engine prices with (pricing.toml [terms]): the
    quote's validity and the set-up fee of each tier."""

    validity_days: int = Field(ge=1)
    setup_fees: list[SetupFeeTier]


class DeployIdentity(BaseModel):
    """The deploy's file: an [identity] table whose keys replace the packaged ones."""

    identity: dict[str, str]


class CompanyIdentity(BaseModel):
    """The merged identity, validated as the packaged one is."""

    identity: Identity


def load_company(path: Path = COMPANY_FILE) -> Company:
    """The company's facts, with the identity the deploy configured; raises DataFileError (pt-BR)
    when a file is missing or invalid."""
    # The deploy's own identity (template: deploy/company.example.toml), over the packaged one.
    return _load(path, os.environ.get("INFRABOT_COMPANY") or None)


@cache
def _load(path: Path, deploy_file: str | None) -> Company:
    facts = load(path, CompanyFile)
    if deploy_file:
        deployed = Path(deploy_file)
        own = load(deployed, DeployIdentity).identity
        merged = {**facts.identity.model_dump(exclude_none=True), **own}
        facts.identity = validate(deployed, {"identity": merged}, CompanyIdentity).identity
    terms = load_pricing().terms
    return Company(
        **facts.model_dump(),
        validity_days=terms.validity_days,
        setup_fees=terms.setup_fee,
    )


def warn_unset_identity() -> list[str]:
    """Log, once at a service's start, what of the company's identity is still unset (those
    fields stay out of replies and proposals); returns them."""
    missing = load_company().identity.unset()
    if missing:
        log.warning(
            "Dados da empresa não configurados, fora das respostas e das propostas: %s. "
            "Defina %s (modelo em deploy/company.example.toml); `infrabot empresa` mostra o que "
            "falta.",
            ", ".join(missing),
            "INFRABOT_COMPANY",
        )
    return missing
