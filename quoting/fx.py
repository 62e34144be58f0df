"""The USD->BRL rate of a quote: its value, date and source, and whether it is too old to trust.

Pure rules only; fetching the day's PTAX from the Banco Central is the application's job
(bot/sales/ptax.py), which hands the engine an FxRate.
"""

import os
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from pydantic import BaseModel

from quoting.errors import DataFileError
from quoting.units import format_date, plural

PTAX_SOURCE = "PTAX venda, Banco Central"
MANUAL_SOURCE = "Taxa manual (INFRABOT_USD_BRL)"


class FxRate(BaseModel):
    usd_brl: Decimal
    as_of: date
    source: str
    stale: bool = False
    manual: bool = False
    notice: str | None = None  # pt-BR, shown with the quote when set


def business_days_between(start: date, end: date) -> int:
    """Weekdays after `start` up to and including `end`; national holidays are not taken out,
    so the age is never under-stated."""
    days = 0
    day = start
    while day < end:
        day += timedelta(days=1)
        days += day.weekday() < 5
    return days


def max_age_business_days() -> int:
    """INFRABOT_FX_MAX_AGE_DAYS, else the limit in pricing.toml."""
    text = os.environ.get("INFRABOT_FX_MAX_AGE_DAYS")
    if text:
        if not text.strip().isdigit():
            raise DataFileError(f"INFRABOT_FX_MAX_AGE_DAYS deve ser um número de dias: '{text}'")
        return int(text)
    from quoting.pricing import load_pricing

    return load_pricing().fx.max_age_business_days


def assess(
    usd_brl: Decimal, as_of: date, source: str, today: date, fallback: str | None = None
) -> FxRate:
    """The rate with its staleness. `fallback` says why an older rate is used (pt-BR)."""
    age = business_days_between(as_of, today)
    stale = age > max_age_business_days()
    notice = None
    days = plural(age, "dia útil", "dias úteis")
    if stale:
        notice = (
            f"Câmbio de {format_date(as_of)} ({source}), de {days} atrás: a taxa "
            "precisa ser confirmada com a PTAX do dia antes de fechar."
        )
    elif fallback:
        notice = f"{fallback} Uso a taxa de {format_date(as_of)}, de {days} atrás."
    if fallback and stale:
        notice = f"{fallback} {notice}"
    return FxRate(usd_brl=usd_brl, as_of=as_of, source=source, stale=stale, notice=notice)


def manual_rate(today: date) -> FxRate | None:
    """INFRABOT_USD_BRL (with INFRABOT_USD_BRL_DATE), or None when unset. Without a date the
    rate is not stamped as the day's: the quote says it is a manual, undated rate."""
    text = os.environ.get("INFRABOT_USD_BRL")
    if not text:
        return None
    try:
        rate = Decimal(text.replace(",", "."))
    except InvalidOperation as error:
        raise DataFileError(f"INFRABOT_USD_BRL inválido: '{text}'") from error
    if not rate.is_finite() or rate <= 0:
        raise DataFileError(f"INFRABOT_USD_BRL deve ser positivo: '{text}'")
    dated = os.environ.get("INFRABOT_USD_BRL_DATE")
    if not dated:
        return FxRate(
            usd_brl=rate,
            as_of=today,
            source=f"{MANUAL_SOURCE}, sem data",
            manual=True,
            notice="Câmbio informado manualmente, sem data de referência: confira se é a "
            "PTAX do dia.",
        )
    try:
        as_of = date.fromisoformat(dated)
    except ValueError as error:
        raise DataFileError("INFRABOT_USD_BRL_DATE deve ser uma data AAAA-MM-DD") from error
    return assess(rate, as_of, MANUAL_SOURCE, today).model_copy(update={"manual": True})


def reference_rate(today: date, fallback: str | None = None) -> FxRate:
    """The manual rate if set, else the reference rate of pricing.toml (never the day's PTAX:
    the quote says so when it is old)."""
    manual = manual_rate(today)
    if manual is not None:
        return manual
    from quoting.pricing import load_pricing

    fx = load_pricing().fx
    return assess(fx.usd_brl, fx.as_of, "câmbio de referência de pricing.toml", today, fallback)
