"""The day's PTAX venda from the Banco Central's open data (PTAX OData), cached under INFRABOT_HOME.

Cache first: a rate already of today, or fetched less than an hour ago, is used as is. Otherwise
one request (short timeout) at most per process and hour; if it fails, the last cached rate with
a pt-BR notice of its age, else the reference rate of pricing.toml. INFRABOT_USD_BRL overrides
everything. httpx is imported only when a request is made, so `infrabot quote` starts fast.
"""

import logging
import os
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ValidationError

from quoting.fx import PTAX_SOURCE, FxRate, assess, manual_rate, reference_rate

DEFAULT_URL = "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata/"
TIMEOUT_S = 2.0
REFETCH_AFTER = timedelta(hours=1)
LOOKBACK_DAYS = 10  # long enough to reach the last bulletin across Carnival or year-end
BRASILIA = ZoneInfo("America/Sao_Paulo")
CACHE_NAME = "ptax.json"

log = logging.getLogger(__name__)
_last_attempt: datetime | None = None


class FetchFailed(Exception):
    """The Banco Central did not give a usable rate."""


class CachedRate(BaseModel):
    usd_brl: Decimal
    as_of: date
    fetched_at: datetime


def _home() -> Path:
    return Path(os.environ.get("INFRABOT_HOME") or "var")


def cache_path() -> Path:
    return _home() / CACHE_NAME


def read_cache() -> CachedRate | None:
    try:
        return CachedRate.model_validate_json(cache_path().read_bytes())
    except (OSError, ValidationError):
        return None


def _write_cache(rate: CachedRate) -> None:
    try:
        path = cache_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(rate.model_dump_json(), encoding="utf-8")
        temporary.replace(path)
    except OSError as error:  # a read-only home costs the cache, never the quote
        log.info("ptax_cache_not_written", extra={"error": str(error)})


def fetch_ptax(today: date) -> tuple[Decimal, date]:
    """The latest PTAX venda up to `today`: (rate, date of the bulletin)."""
    import httpx

    base = os.environ.get("INFRABOT_BCB_API_URL") or DEFAULT_URL
    url = base.rstrip("/") + (
        "/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)"
    )
    start = today - timedelta(days=LOOKBACK_DAYS)
    params = {
        "@dataInicial": f"'{start:%m-%d-%Y}'",
        "@dataFinalCotacao": f"'{today:%m-%d-%Y}'",
        "$format": "json",
        "$select": "cotacaoVenda,dataHoraCotacao",
    }
    try:
        response = httpx.get(url, params=params, timeout=TIMEOUT_S)
        response.raise_for_status()
        rows = response.json()["value"]
        latest = max(rows, key=lambda row: str(row["dataHoraCotacao"]))
        rate = Decimal(str(latest["cotacaoVenda"]))
        as_of = date.fromisoformat(str(latest["dataHoraCotacao"])[:10])
    except (httpx.HTTPError, ValueError, KeyError, TypeError, InvalidOperation) as error:
        raise FetchFailed(str(error)) from error
    if not rate.is_finite() or rate <= 0:
        raise FetchFailed(f"cotação inválida: {rate}")
    return rate, as_of


def day_rate(now: datetime | None = None) -> FxRate:
    """The rate for a quote made `now` (see the module docstring for the order)."""
    global _last_attempt
    now = (now or datetime.now(BRASILIA)).astimezone(BRASILIA)
    today = now.date()
    manual = manual_rate(today)
    if manual is not None:
        return manual
    cached = read_cache()
    if cached is not None and (cached.as_of >= today or now - cached.fetched_at < REFETCH_AFTER):
        return assess(cached.usd_brl, cached.as_of, PTAX_SOURCE, today)
    failure = "O Banco Central não respondeu agora."
    if _last_attempt is None or now - _last_attempt >= REFETCH_AFTER:
        _last_attempt = now
        try:
            rate, as_of = fetch_ptax(today)
        except FetchFailed as error:
            log.info("ptax_fetch_failed", extra={"error": str(error)})
        else:
            _write_cache(CachedRate(usd_brl=rate, as_of=as_of, fetched_at=now))
            return assess(rate, as_of, PTAX_SOURCE, today)
    if cached is not None:
        return assess(cached.usd_brl, cached.as_of, PTAX_SOURCE, today, fallback=failure)
    return reference_rate(today, fallback=f"{failure} Sem PTAX guardada.")
