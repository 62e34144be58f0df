"""The quote's total in US dollars, at the rate the quote was priced at, for a client who asks
or reads English (the invoice stays in reais)."""

import re
from datetime import date
from decimal import Decimal
from typing import Any

from bot.sales.ptax import day_rate
from locales import _, current
from quoting.quote import Quote
from quoting.units import format_brl, format_date, format_number

BUDGET_LIMIT = Decimal("1e12")


def budget_in_reais(slots: dict[str, Any], notes: list[str]) -> None:
    """ "orçamento de US$ 500": the budget in reais at today's rate, the conversion said."""
    dollars, rate = Decimal(slots.pop("budget_usd")), day_rate().usd_brl
    reais = dollars * rate
    if reais < BUDGET_LIMIT:  # past it the engine refuses the budget, and centavos overflow
        reais = reais.quantize(Decimal("0.01"))
        said = {"dollars": format_number(dollars, 2), "rate": format_number(rate, 4)}
        note = _("Orçamento: US$ {dollars} ≈ {reais} ao dólar de hoje (R$ {rate}).")
        notes.append(note.format(reais=format_brl(reais), **said))
    slots.setdefault("budget_brl", reais)


# "e em euros, quanto fica?", "em pesos argentinos?": a currency we hold no rate for; the dollar
# figure is offered.
_OTHER_CURRENCY = re.compile(
    r"\b(?:euros?|eur|pesos?(?: argentinos| chilenos| mexicanos| colombianos| uruguaios)?|"
    r"libras?(?: esterlinas)?|pounds?|ienes?|yens?|yuans?|francos? suicos|soles|guaranis)\b|€"
)


def other_currency(folded: str) -> str | None:
    """The currency other than reais and dollars the client asked the figure in, as said."""
    said = _OTHER_CURRENCY.search(folded)
    return None if said is None else "euros" if said[0] in ("eur", "€") else said[0]


def in_dollars(quote: Quote, other: str | None = None) -> str:
    """The total in US dollars beside the reais, at the rate the quote was priced at; where
    another currency was asked, why the figure is in dollars."""
    rate = quote.fx.usd_brl_quoted
    dollars = (quote.total_brl / rate).quantize(Decimal("0.01"))
    if other:
        return (
            in_dollars(quote)
            + " "
            + _(
                "Não fazemos a conversão para {currency}: usamos só o câmbio oficial do dólar "
                "(PTAX)."
            ).format(currency=other)
        )
    return _(
        "Em dólar: US$ {dollars} ({total} a R$ {rate} por dólar, câmbio de {day} com a proteção "
        "cambial). A fatura é em reais."
    ).format(
        dollars=format_number(dollars, 2),
        total=format_brl(quote.total_brl),
        rate=format_number(rate, 4),
        day=format_date(date.fromisoformat(quote.fx.as_of)),
    )


def usd_aside(brl: Decimal, rate: Decimal | None) -> str:
    """ "≈ US$ 228.61" at the quote's rate for a client who reads English; empty in Portuguese."""
    if current() != "en" or not rate:
        return ""
    return f"≈ US$ {format_number((Decimal(brl) / rate).quantize(Decimal('0.01')), 2)}"


def total_text(brl: Decimal, rate: Decimal | None, bracketed: bool = False) -> str:
    """ "R$ 1.234,56"; in English "R$ 1,234.56 (≈ US$ 228.61)", or "R$ 1,234.56, ≈ US$ 228.61"
    where the total is already in brackets."""
    dollars = usd_aside(brl, rate)
    if not dollars:
        return format_brl(brl)
    return f"{format_brl(brl)}, {dollars}" if bracketed else f"{format_brl(brl)} ({dollars})"
