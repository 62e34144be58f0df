"""Old catalog prices are the staff's business: a quote on a price older than 90 days carries a
staff notice that names the daily refresh; the client's notices never ask to call the provider."""

from datetime import UTC, datetime, timedelta

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.price_list import STALE_AFTER_DAYS, is_stale
from quoting.quote import build_quote


def test_a_price_is_stale_after_ninety_days() -> None:
    day = datetime(2026, 12, 6).date()
    assert not is_stale(day - timedelta(days=STALE_AFTER_DAYS), day)
    assert is_stale(day - timedelta(days=STALE_AFTER_DAYS + 1), day)


def test_a_quote_warns_staff_when_the_chosen_price_is_older_than_90_days() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora"))
    catalog = load_catalog()
    offer_date = max(o.as_of for o in catalog.offer)
    fresh = datetime.combine(offer_date + timedelta(days=30), datetime.min.time(), UTC)
    old = datetime.combine(offer_date + timedelta(days=200), datetime.min.time(), UTC)
    assert not build_quote(job, catalog, fresh).staff_notices
    quoted = build_quote(job, catalog, old)
    stale = [n for n in quoted.staff_notices if "há mais de 90 dias" in n]
    assert len(stale) == 1 and "infrabot catalog refresh" in stale[0]
    # The client reads the quote's date and validity, not a request to call the provider.
    assert not [n for n in quoted.notices if "provedor" in n or "90 dias" in n]
    assert quoted.valid_until > quoted.created_at
