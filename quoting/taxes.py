"""Brazilian tax rules by who bills, with their legal basis and validity, and their arithmetic.

Amounts are computed at full precision; pricing rounds each line once, at its end.
"""

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from quoting.datafiles import Sourced

ZERO = Decimal(0)


class TaxRule(BaseModel):
    id: str
    name: str
    rate: Decimal = Field(ge=0, lt=1)
    # cost: the provider's charges in reais; grossed_up: cost / (1 - the gross_up rates);
    # pis_cofins_import: Lei 10.865/2004 art. 7º II, the grossed-up amount plus ISS and the
    # contributions themselves; card_charge: cost plus the card issuer's spread; outside: on the
    # company's invoice "por fora" (CBS and IBS: added to the invoice, their base without ISS).
    base: Literal["cost", "grossed_up", "pis_cofins_import", "card_charge", "outside"]
    gross_up: bool = False
    is_tax: bool = True  # False for a charge shown with the taxes that is not one (card spread)
    basis: str = Field(min_length=3)
    valid_from: date
    valid_until: date | None = None
    # A tax the law ends at valid_until with no successor of its own (PIS and COFINS in 2027):
    # after that date it is simply not charged.
    lapses: bool = False
    # A rate not yet fixed by law (CBS 2027 until the Senate's resolution): staff must confirm it.
    provisional: bool = False

    @model_validator(mode="after")
    def _dates_in_order(self) -> "TaxRule":
        if self.valid_until is not None and self.valid_until < self.valid_from:
            raise ValueError(f"regra {self.id}: valid_until antes de valid_from")
        return self

    def expired_on(self, day: date) -> bool:
        return self.valid_until is not None and self.valid_until < day


def in_force(rules: list[TaxRule], day: date) -> list[TaxRule]:
    """Per tax id, the latest rule already started on `day`; a rule past its valid_until stays
    until a successor starts (the quote then says the taxes must be confirmed)."""
    chosen: dict[str, TaxRule] = {}
    for rule in rules:
        if rule.lapses and rule.expired_on(day):
            continue
        if rule.valid_from <= day and (
            rule.id not in chosen or rule.valid_from > chosen[rule.id].valid_from
        ):
            chosen[rule.id] = rule
    return [rule for rule in rules if chosen.get(rule.id) is rule]


def _gross_up_divisor(rules: list[TaxRule]) -> Decimal:
    return 1 - sum((rule.rate for rule in rules if rule.gross_up), ZERO)


def _check_rules(owner: str, rules: list[TaxRule]) -> None:
    starts = [(rule.id, rule.valid_from) for rule in rules]
    if len(set(starts)) != len(starts):
        raise ValueError(f"{owner}: duas regras com o mesmo id e a mesma data de início")
    if _gross_up_divisor(rules) <= 0:
        raise ValueError(f"{owner}: as alíquotas com gross_up somam 100% ou mais")
    ids = {rule.id for rule in rules}
    if any(rule.base == "card_charge" for rule in rules) and "spread" not in ids:
        raise ValueError(f"{owner}: base card_charge exige a regra 'spread'")
    if any(rule.base == "pis_cofins_import" for rule in rules) and not {"pis", "cofins"} <= ids:
        raise ValueError(f"{owner}: base pis_cofins_import exige as regras 'pis' e 'cofins'")


class TaxProfile(Sourced):
    id: str
    name: str
    prices_in: Literal["USD", "BRL"]
    # Where the invoice comes from: a client may choose between profiles of the same origin only
    # (a foreign provider paid by wire or by card; never an import for a Brazilian invoice).
    billed_from: Literal["BR", "abroad"]
    # The rules of another profile, each replaced by this profile's rules of the same id.
    extends: str | None = None
    tax: list[TaxRule] = Field(default_factory=list)

    def with_parent(self, parent: "TaxProfile") -> "TaxProfile":
        own = {rule.id for rule in self.tax}
        rules = [rule for rule in parent.tax if rule.id not in own] + self.tax
        _check_rules(f"perfil {self.id}", rules)
        return self.model_copy(update={"tax": rules, "extends": None})

    @model_validator(mode="after")
    def _rules_consistent(self) -> "TaxProfile":
        if any(rule.base == "outside" for rule in self.tax):
            raise ValueError(f"perfil {self.id}: base outside é só para a nota da empresa")
        if self.extends is None:
            _check_rules(f"perfil {self.id}", self.tax)
        return self


class Company(Sourced):
    """The company's own taxes on what it invoices: grossed up over the invoice ("por dentro":
    ISS, PIS/COFINS until 2026, IRPJ and CSLL on the presumed profit), or added to it ("por fora":
    CBS and IBS from 2027)."""

    name: str
    regime: str
    service: str
    tax: list[TaxRule]

    @model_validator(mode="after")
    def _all_grossed_up(self) -> "Company":
        if any(
            (rule.base, rule.gross_up) not in {("grossed_up", True), ("outside", False)}
            for rule in self.tax
        ):
            raise ValueError(
                "company.tax: tributos sobre a nota usam base grossed_up (com gross_up) ou outside"
            )
        _check_rules("company", self.tax)
        return self


def profile_charges(rules: list[TaxRule], cost: Decimal) -> list[tuple[TaxRule, Decimal]]:
    """Each rule's amount on `cost`, the provider's charges in reais."""
    rates = {rule.id: rule.rate for rule in rules}
    grossed_up = cost / _gross_up_divisor(rules)
    iss = grossed_up * rates.get("iss", ZERO)
    contributions = rates.get("pis", ZERO) + rates.get("cofins", ZERO)
    bases = {
        "cost": cost,
        "grossed_up": grossed_up,
        "pis_cofins_import": (grossed_up + iss) / (1 - contributions),
        "card_charge": cost * (1 + rates.get("spread", ZERO)),
    }
    return [(rule, bases[rule.base] * rule.rate) for rule in rules]


def invoice_charges(rules: list[TaxRule], before_taxes: Decimal) -> list[tuple[TaxRule, Decimal]]:
    """The company's output taxes: the invoice is grossed up so that, after paying the taxes
    inside it, what remains is `before_taxes`; each of those is its rate on the invoice. Taxes
    "por fora" are their rate on the invoice without its ISS (EC 132/2023, ADCT art. 133) and are
    added to it."""
    invoice = before_taxes / _gross_up_divisor(rules)
    iss = invoice * sum((rule.rate for rule in rules if rule.id == "iss"), ZERO)
    return [
        (rule, (invoice - iss if rule.base == "outside" else invoice) * rule.rate) for rule in rules
    ]
