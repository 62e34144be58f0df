"""The AWS readers on recorded responses: on-demand from the Price List offer files, spot from the
feed behind the spot pricing page (tests/data/price_sources/aws/README.md: their origin)."""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bot.market import aws
from bot.market.points import PricePoint, SourceError
from quoting.catalog import Offer, load_catalog
from tests.market import Recorded, request

RECORDED = Path(__file__).parents[1] / "data" / "price_sources" / "aws"
TODAY = date(2026, 12, 6)


def _json(name: str) -> Any:
    return json.loads((RECORDED / name).read_text(encoding="utf-8"))


def _offers() -> list[Offer]:
    return [offer for offer in load_catalog().offer if offer.provider == "aws"]


def _offer(region: str, instance_type: str) -> Offer:
    return _offers()[0].model_copy(update={"region": region, "instance_type": instance_type})


def _by_key(points: list[PricePoint]) -> dict[str, PricePoint]:
    return {point.key: point for point in points}


def _price_lists() -> Recorded:
    return Recorded(
        {
            request(aws.offer_url(region)): _json(f"{region}/index.json")
            for region in ("sa-east-1", "us-east-1")
        }
    )


def test_on_demand_prices_are_the_linux_shared_rows_of_each_region_file() -> None:
    points = _by_key(aws.read_on_demand(_price_lists(), _offers(), TODAY))
    assert {key: point.on_demand_per_hour for key, point in points.items()} == {
        # The g5.xlarge decoys (Windows 1.894, Dedicated 1.881, SQL 2.190, reservation) are skipped.
        "aws/sa-east-1/g4dn.xlarge": Decimal("0.894"),
        "aws/sa-east-1/g5.xlarge": Decimal("1.71"),
        "aws/sa-east-1/g6.xlarge": Decimal("1.368"),
        "aws/sa-east-1/p5.48xlarge": Decimal("92.467"),
        "aws/us-east-1/p3.2xlarge": Decimal("3.06"),
        "aws/us-east-1/g6e.xlarge": Decimal("1.861"),
        "aws/us-east-1/p4de.24xlarge": Decimal("27.447"),
    }
    g5 = points["aws/sa-east-1/g5.xlarge"]
    assert g5.spot_per_hour is None and g5.currency == "USD"
    assert g5.as_of == date(2026, 1, 31)  # the file's publicationDate, not the day it was read
    assert aws.offer_url("sa-east-1") in g5.source


def test_offers_a_region_file_does_not_list_are_left_out() -> None:
    points = _by_key(aws.read_on_demand(_price_lists(), _offers(), TODAY))
    # Catalog offers of sa-east-1 missing from the trimmed file: no point, no error.
    assert "aws/sa-east-1/g5.12xlarge" not in points
    assert "aws/sa-east-1/p4d.24xlarge" not in points


def test_only_the_regions_of_the_offers_are_downloaded() -> None:
    get = _price_lists()
    aws.read_on_demand(get, [_offer("us-east-1", "p3.2xlarge")], TODAY)
    assert get.calls == [request(aws.offer_url("us-east-1"))]


@pytest.mark.parametrize(
    "body",
    [
        {"products": {}},
        "<html>Access Denied</html>",
        {"publicationDate": "2026-01-31T00:00:00Z", "products": {}, "terms": {}},
    ],
)
def test_a_body_that_is_not_an_offer_file_is_refused_in_portuguese(body: Any) -> None:
    get = Recorded({request(aws.offer_url("sa-east-1")): body})
    with pytest.raises(SourceError, match="não é um arquivo de preços do EC2 da AWS"):
        aws.read_on_demand(get, [_offer("sa-east-1", "g5.xlarge")], TODAY)


def test_an_unreadable_hourly_price_is_refused_rather_than_skipped() -> None:
    data = _json("sa-east-1/index.json")
    for term in data["terms"]["OnDemand"]["TRIMMEDG5XL00001"].values():
        for dimension in term["priceDimensions"].values():
            dimension["pricePerUnit"]["USD"] = "N/A"
    get = Recorded({request(aws.offer_url("sa-east-1")): data})
    with pytest.raises(SourceError, match="preço por hora ilegível no produto TRIMMEDG5XL00001"):
        aws.read_on_demand(get, [_offer("sa-east-1", "g5.xlarge")], TODAY)


def _spot(body: Any) -> Recorded:
    return Recorded({request(aws.SPOT_URL): body})


def test_spot_prices_are_the_linux_column_dated_the_day_they_are_read() -> None:
    points = _by_key(aws.read_spot(_spot(_json("spot.json")), _offers(), TODAY))
    g5 = points["aws/sa-east-1/g5.xlarge"]
    # Linux 0.3796, not the Windows 0.355 listed beside it.
    assert g5.spot_per_hour == Decimal("0.3796")
    assert g5.on_demand_per_hour is None
    assert g5.as_of == TODAY and aws.SPOT_URL in g5.source
    assert points["aws/sa-east-1/p5.48xlarge"].spot_per_hour == Decimal("77.101")
    assert points["aws/us-east-1/p5en.48xlarge"].spot_per_hour == Decimal("27.0749")
    # Listed twice in the feed, read once.
    assert points["aws/us-east-1/p4de.24xlarge"].spot_per_hour == Decimal("21.8259")


def test_spot_offers_the_feed_does_not_list_are_left_out() -> None:
    offers = [_offer("sa-east-1", "p5en.48xlarge"), _offer("us-east-1", "g6.xlarge")]
    offers.append(_offer("us-east-1", "g6e.xlarge"))
    points = aws.read_spot(_spot(_json("spot.json")), offers, TODAY)
    assert [point.key for point in points] == ["aws/us-east-1/g6e.xlarge"]


def test_spot_feed_as_text_bare_or_wrapped_in_a_jsonp_callback() -> None:
    text = (RECORDED / "spot.json").read_text(encoding="utf-8")
    expected = aws.read_spot(_spot(_json("spot.json")), _offers(), TODAY)
    assert aws.read_spot(_spot(text), _offers(), TODAY) == expected
    assert aws.read_spot(_spot(f"callback({text.strip()});"), _offers(), TODAY) == expected


def test_legacy_spot_region_names_are_mapped_to_region_codes() -> None:
    feed = _json("spot.json")
    for region in feed["config"]["regions"]:
        region["region"] = region["region"].replace("us-east-1", "us-east")
    points = aws.read_spot(_spot(feed), [_offer("us-east-1", "p3.2xlarge")], TODAY)
    assert [(p.key, p.spot_per_hour) for p in points] == [
        ("aws/us-east-1/p3.2xlarge", Decimal("0.5509"))
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"vers": 0.01}, "não está no formato esperado dos preços spot da AWS"),
        ("callback({broken", "não está no formato esperado dos preços spot da AWS"),
        ({"config": {"rate": "perday", "regions": []}}, "esperava por hora"),
    ],
)
def test_an_unexpected_spot_feed_is_refused_in_portuguese(body: Any, message: str) -> None:
    with pytest.raises(SourceError, match=message):
        aws.read_spot(_spot(body), _offers(), TODAY)
