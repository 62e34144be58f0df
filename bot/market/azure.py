"""Azure's public Retail Prices API (no key): Linux pay-as-you-go and Spot hourly prices of the
catalog's VM sizes, one filtered query per region and size, following `NextPageLink`.

Documented at https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices.
Catalog regions are Azure's `armRegionName` (`brazilsouth`, `eastus`) and instance types its
`armSkuName` (`Standard_NC24ads_A100_v4`). A size lists several meters: Windows, Spot, Low Priority,
reservations and dev/test; only Linux consumption rows priced per hour are kept.
"""

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.market.points import Getter, PricePoint, SourceError
from quoting.catalog import Offer

API_URL = "https://prices.azure.com/api/retail/prices"
PROVIDER = "azure"
# A filtered query for one size in one region fits in one or two pages of 100; more means a loop.
MAX_PAGES = 20


class _Item(BaseModel):
    currency: str = Field(alias="currencyCode")
    retail_price: Decimal = Field(alias="retailPrice")
    region: str = Field(alias="armRegionName")
    sku: str = Field(alias="armSkuName")
    product_name: str = Field(alias="productName")
    sku_name: str = Field(alias="skuName")
    unit: str = Field(alias="unitOfMeasure")
    price_type: str = Field(alias="type")
    effective_start: datetime = Field(alias="effectiveStartDate")

    @property
    def is_spot(self) -> bool:
        return self.sku_name.endswith(" Spot")

    def is_linux_hourly_consumption(self) -> bool:
        names = f"{self.product_name} {self.sku_name}"
        return (
            self.price_type == "Consumption"
            and self.unit == "1 Hour"
            and "Windows" not in names
            and "Low Priority" not in names
            and self.retail_price > 0
        )


class _Page(BaseModel):
    items: list[_Item] = Field(alias="Items")
    next_page: str | None = Field(default=None, alias="NextPageLink")


def _filter(region: str, sku: str) -> str:
    return (
        f"serviceName eq 'Virtual Machines' and armRegionName eq '{region}' "
        f"and armSkuName eq '{sku}'"
    )


def _page(body: Any, region: str, sku: str) -> _Page:
    try:
        return _Page.model_validate(body)
    except ValidationError as error:
        raise SourceError(
            f"Resposta inesperada da API de preços do Azure para {sku} em {region}: "
            f"{error.errors()[0]['msg']}"
        ) from error


def _items(get: Getter, region: str, sku: str) -> list[_Item]:
    """Every row of the query for one size in one region, across all its pages."""
    page = _page(get(API_URL, {"$filter": _filter(region, sku)}), region, sku)
    items = list(page.items)
    for _ in range(MAX_PAGES):
        if not page.next_page:
            return items
        page = _page(get(page.next_page, None), region, sku)
        items.extend(page.items)
    raise SourceError(
        f"A API de preços do Azure passou de {MAX_PAGES} páginas para {sku} em {region}."
    )


def _price(rows: list[_Item], region: str, sku: str, kind: str) -> Decimal | None:
    """The current price among rows of one kind: the latest effective date wins, and two rows
    from the same date that disagree leave no way to choose."""
    if not rows:
        return None
    latest = max(row.effective_start for row in rows)
    prices = {row.retail_price for row in rows if row.effective_start == latest}
    if len(prices) > 1:
        listed = ", ".join(str(price) for price in sorted(prices))
        raise SourceError(
            f"A API de preços do Azure trouxe preços {kind} conflitantes para {sku} em "
            f"{region}: {listed}."
        )
    return prices.pop()


def _point(get: Getter, region: str, sku: str, today: date) -> PricePoint | None:
    rows = [
        item
        for item in _items(get, region, sku)
        if item.region == region and item.sku == sku and item.is_linux_hourly_consumption()
    ]
    foreign = sorted({row.currency for row in rows} - {"USD"})
    if foreign:
        raise SourceError(
            f"A API de preços do Azure respondeu em {', '.join(foreign)} para {sku} em {region}; "
            "esperava USD."
        )
    on_demand = _price([r for r in rows if not r.is_spot], region, sku, "sob demanda")
    spot = _price([r for r in rows if r.is_spot], region, sku, "spot")
    if on_demand is None and spot is None:
        return None
    return PricePoint(
        provider=PROVIDER,
        region=region,
        instance_type=sku,
        on_demand_per_hour=on_demand,
        spot_per_hour=spot,
        currency="USD",
        source=f"{API_URL} (Azure Retail Prices, Linux, {region}, {sku})",
        as_of=today,
    )


def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """The Azure offers' prices; an offer the API does not list is left out."""
    wanted = sorted({(offer.region, offer.instance_type) for offer in offers})
    points = [_point(get, region, sku, today) for region, sku in wanted]
    return [point for point in points if point is not None]
