"""The Azure Retail Prices reader against recorded API pages: one filtered query per region and
size, NextPageLink followed, and only Linux pay-as-you-go and Spot rows priced per hour."""

import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bot.market import azure
from bot.market.points import PricePoint, SourceError
from quoting.catalog import Offer

RECORDED = Path(__file__).parents[1] / "data" / "price_sources" / "azure"
TODAY = date(2026, 12, 6)


def _filter(region: str, sku: str) -> str:
    return (
        f"serviceName eq 'Virtual Machines' and armRegionName eq '{region}' "
        f"and armSkuName eq '{sku}'"
    )


A100_FILTER = _filter("eastus", "Standard_NC24ads_A100_v4")
A100_NEXT = (
    "https://prices.azure.com:443/api/retail/prices?$filter="
    + quote(A100_FILTER, safe="")
    + "&$skip=100"
)
# What the API answers to each request, as recorded.
ANSWERS = {
    (azure.API_URL, A100_FILTER): "eastus_NC24ads_A100_v4_page1.json",
    (A100_NEXT, None): "eastus_NC24ads_A100_v4_page2.json",
    (azure.API_URL, _filter("eastus", "Standard_NC4as_T4_v3")): "eastus_NC4as_T4_v3.json",
    (
        azure.API_URL,
        _filter("brazilsouth", "Standard_NC4as_T4_v3"),
    ): "brazilsouth_NC4as_T4_v3.json",
}


class Recorded:
    """A getter that serves the recorded pages and fails the test on any other request."""

    def __init__(self, replace: Mapping[str, Any] | None = None) -> None:
        self.asked: list[tuple[str, str | None]] = []
        self.replace = replace or {}

    def __call__(self, url: str, params: Mapping[str, str] | None) -> Any:
        query = None if params is None else params["$filter"]
        self.asked.append((url, query))
        name = ANSWERS.get((url, query))
        if name is None:
            pytest.fail(f"pedido inesperado: {url} {params}")
        if name in self.replace:
            return self.replace[name]
        return json.loads((RECORDED / name).read_text(encoding="utf-8"))


def _offer(region: str, sku: str, device_count: int = 1) -> Offer:
    return Offer(
        provider="azure",
        region=region,
        instance_type=sku,
        accelerator="a100" if "A100" in sku else "t4",
        device_count=device_count,
        on_demand_per_hour=Decimal("1"),
        currency="USD",
        source="teste",
        as_of=TODAY,
    )


OFFERS = [
    _offer("eastus", "Standard_NC24ads_A100_v4"),
    _offer("eastus", "Standard_NC4as_T4_v3"),
    _offer("brazilsouth", "Standard_NC4as_T4_v3"),
]


def _by_key(points: list[PricePoint]) -> dict[str, PricePoint]:
    return {point.key: point for point in points}


def test_linux_on_demand_and_spot_prices_are_the_recorded_figures() -> None:
    points = _by_key(azure.read(Recorded(), OFFERS, TODAY))

    t4_brazil = points["azure/brazilsouth/Standard_NC4as_T4_v3"]
    assert (t4_brazil.on_demand_per_hour, t4_brazil.spot_per_hour) == (
        Decimal("0.752"),
        Decimal("0.0902"),
    )
    t4_us = points["azure/eastus/Standard_NC4as_T4_v3"]
    assert (t4_us.on_demand_per_hour, t4_us.spot_per_hour) == (Decimal("0.526"), Decimal("0.0526"))
    assert {point.currency for point in points.values()} == {"USD"}
    assert {point.as_of for point in points.values()} == {TODAY}
    assert all(azure.API_URL in point.source for point in points.values())


def test_next_page_link_is_followed_for_the_linux_rows_on_page_two() -> None:
    getter = Recorded()
    a100 = _by_key(azure.read(getter, OFFERS[:1], TODAY))["azure/eastus/Standard_NC24ads_A100_v4"]

    assert getter.asked == [(azure.API_URL, A100_FILTER), (A100_NEXT, None)]
    # Page one holds only Windows, Low Priority, reservation and dev/test rows: none of those
    # prices may come out, and the Linux ones only exist on page two.
    assert (a100.on_demand_per_hour, a100.spot_per_hour) == (Decimal("3.673"), Decimal("0.7345"))


def test_windows_low_priority_reservation_and_dev_test_rows_alone_give_no_price() -> None:
    page_one = json.loads((RECORDED / "eastus_NC24ads_A100_v4_page1.json").read_text())
    page_one["NextPageLink"] = None

    points = azure.read(
        Recorded({"eastus_NC24ads_A100_v4_page1.json": page_one}), OFFERS[:1], TODAY
    )

    assert points == []


def test_low_priority_is_never_read_as_spot() -> None:
    recorded = json.loads((RECORDED / "brazilsouth_NC4as_T4_v3.json").read_text())
    recorded["Items"] = [row for row in recorded["Items"] if not row["skuName"].endswith("Spot")]

    (point,) = azure.read(Recorded({"brazilsouth_NC4as_T4_v3.json": recorded}), OFFERS[2:], TODAY)

    assert point.spot_per_hour is None
    assert point.on_demand_per_hour == Decimal("0.752")


def test_an_offer_the_api_does_not_list_is_left_out() -> None:
    empty = {"BillingCurrency": "USD", "Items": [], "NextPageLink": None, "Count": 0}

    points = azure.read(Recorded({"eastus_NC4as_T4_v3.json": empty}), OFFERS[1:], TODAY)

    assert [point.key for point in points] == ["azure/brazilsouth/Standard_NC4as_T4_v3"]


@pytest.mark.parametrize(
    "body",
    [
        {"error": {"code": "BadRequest", "message": "Invalid OData filter"}},
        {"Items": [{"armSkuName": "Standard_NC4as_T4_v3"}]},
        [],
    ],
    ids=["error-body", "item-without-price", "not-an-object"],
)
def test_an_unexpected_shape_is_a_source_error_in_portuguese(body: Any) -> None:
    with pytest.raises(SourceError, match="Resposta inesperada da API de preços do Azure"):
        azure.read(Recorded({"eastus_NC4as_T4_v3.json": body}), OFFERS[1:2], TODAY)


def test_two_current_linux_prices_that_disagree_are_refused() -> None:
    recorded = json.loads((RECORDED / "eastus_NC4as_T4_v3.json").read_text())
    twin = dict(recorded["Items"][0], retailPrice=0.6)
    recorded["Items"].append(twin)

    with pytest.raises(SourceError, match="conflitantes"):
        azure.read(Recorded({"eastus_NC4as_T4_v3.json": recorded}), OFFERS[1:2], TODAY)


def test_a_newer_price_replaces_the_older_one() -> None:
    recorded = json.loads((RECORDED / "eastus_NC4as_T4_v3.json").read_text())
    newer = dict(recorded["Items"][0], retailPrice=0.5, effectiveStartDate="2026-11-01T00:00:00Z")
    recorded["Items"].append(newer)

    (point,) = azure.read(Recorded({"eastus_NC4as_T4_v3.json": recorded}), OFFERS[1:2], TODAY)

    assert point.on_demand_per_hour == Decimal("0.5")


def test_a_price_in_another_currency_is_refused() -> None:
    recorded = json.loads((RECORDED / "eastus_NC4as_T4_v3.json").read_text())
    for row in recorded["Items"]:
        row["currencyCode"] = "BRL"

    with pytest.raises(SourceError, match="esperava USD"):
        azure.read(Recorded({"eastus_NC4as_T4_v3.json": recorded}), OFFERS[1:2], TODAY)


def test_a_page_loop_stops_with_a_source_error() -> None:
    looping = json.loads((RECORDED / "eastus_NC24ads_A100_v4_page1.json").read_text())

    with pytest.raises(SourceError, match="páginas"):
        azure.read(Recorded({"eastus_NC24ads_A100_v4_page2.json": looping}), OFFERS[:1], TODAY)
