"""AWS Price List offer files as prices, the catalog updated from them, old prices flagged."""

import json
import tomllib
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from quoting.catalog import DEFAULT_CATALOG, Catalog, load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.price_list import parse_offer_file, update_catalog_text
from quoting.quote import build_quote

FIXTURE = Path(__file__).parents[1] / "data" / "price_list" / "sa-east-1" / "index.json"
URL = "https://example.test/sa-east-1/index.json"


def _price_list():  # type: ignore[no-untyped-def]
    return parse_offer_file(json.loads(FIXTURE.read_text()), "sa-east-1", URL)


def test_only_linux_shared_without_software_in_use_is_read() -> None:
    prices = _price_list()
    # Windows, Dedicated, SQL and capacity-reservation g5.xlarge rows are all decoys.
    assert prices.on_demand_usd == {"g5.xlarge": Decimal("1.65"), "g4dn.xlarge": Decimal("0.894")}
    assert prices.published == date(2026, 11, 15)


def test_a_file_that_is_not_an_offer_file_is_refused_in_portuguese() -> None:
    with pytest.raises(ValueError, match="não é um arquivo de preços da AWS"):
        parse_offer_file({"products": {}}, "sa-east-1", URL)


def test_catalog_prices_dates_and_sources_follow_the_list() -> None:
    before = DEFAULT_CATALOG.read_text(encoding="utf-8")
    text, changes, missing = update_catalog_text(before, [_price_list()])
    updated = Catalog.model_validate(tomllib.loads(text))
    offers = {o.key: o for o in updated.offer}
    g5 = offers["aws/sa-east-1/g5.xlarge"]
    assert g5.on_demand_per_hour == Decimal("1.65")
    assert g5.as_of == date(2026, 11, 15) and URL in g5.source
    assert [(c.instance_type, c.after) for c in changes] == [("g5.xlarge", Decimal("1.65"))]
    assert offers["aws/sa-east-1/g4dn.xlarge"].as_of == date(2026, 11, 15)  # same price, new date
    assert "aws/sa-east-1/g5.12xlarge" in missing
    old = {o.key: o for o in load_catalog().offer}
    for key in ("aws/sa-east-1/g5.12xlarge", "aws/us-east-1/p3.2xlarge"):
        assert offers[key] == old[key]  # not in the list: left exactly as it was
    assert text.splitlines()[0] == before.splitlines()[0]  # comments kept


def test_a_quote_warns_staff_when_the_chosen_price_is_older_than_90_days() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora"))
    catalog = load_catalog()
    offer_date = max(o.as_of for o in catalog.offer)
    fresh = datetime.combine(offer_date + timedelta(days=30), datetime.min.time(), UTC)
    old = datetime.combine(offer_date + timedelta(days=200), datetime.min.time(), UTC)
    assert not build_quote(job, catalog, fresh).staff_notices
    quoted = build_quote(job, catalog, old)
    stale = [n for n in quoted.staff_notices if "há mais de 90 dias" in n]
    assert len(stale) == 1 and "catalog refresh" in stale[0]
    assert not quoted.notices  # the client reads the quote's validity, not a request to call AWS
