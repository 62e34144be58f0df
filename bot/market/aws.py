"""AWS EC2 prices of the catalog's instance types: on-demand from the Price List bulk offer file of
each region, spot from the public feed behind https://aws.amazon.com/ec2/spot/pricing/.

On-demand: `.../AmazonEC2/current/<region>/index.json` lists every product (SKU) of the region
with its attributes, and `terms.OnDemand[sku]` its hourly rate. Only plain Linux on shared
hardware, without licensed software and actually running (capacitystatus "Used", not a capacity
reservation line) is the price the catalog quotes.

Spot: `spot.json` (`config.regions[].instanceTypes[].sizes[].valueColumns[]`) gives the current
Linux and Windows spot price per size. Regions are named by their code (`sa-east-1`); the legacy
JSONP feed it replaced (`spot-price.s3.amazonaws.com/spot.js`, frozen since May 2024) used old
names (`us-east`, `apac-tokyo`) and a `callback(...)` wrapper, both still accepted. The feed has no
date of its own, so its points are dated the day they are read.
"""

import json
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bot.market.points import Getter, PricePoint, SourceError
from quoting.catalog import Offer

PROVIDER = "aws"
EC2_OFFERS = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current"
SPOT_URL = "https://website.spot.ec2.aws.a2z.com/spot.json"

# The one variant the catalog prices: plain Linux on shared hardware, no licensed software,
# an instance actually running (capacitystatus "Used", not a reservation line).
_WANTED = {
    "operatingSystem": "Linux",
    "tenancy": "Shared",
    "preInstalledSw": "NA",
    "capacitystatus": "Used",
}

# Region names of the legacy spot.js feed; the current feed already uses region codes.
_LEGACY_SPOT_REGIONS = {
    "us-east": "us-east-1",
    "us-west": "us-west-1",
    "eu-ireland": "eu-west-1",
    "apac-sin": "ap-southeast-1",
    "apac-syd": "ap-southeast-2",
    "apac-tokyo": "ap-northeast-1",
}


def offer_url(region: str) -> str:
    return f"{EC2_OFFERS}/{region}/index.json"


# --- on-demand: the Price List bulk offer file --------------------------------------------------


class _OfferFile(BaseModel):
    publication_date: str = Field(alias="publicationDate", min_length=10)
    products: dict[str, dict[str, Any]]
    terms: dict[str, dict[str, dict[str, Any]]]


def read_on_demand(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """The on-demand USD price of every catalog offer its region's offer file lists; offers the
    file does not price are left out. `today` is unused: the file carries its publication date."""
    points: list[PricePoint] = []
    for region in sorted({offer.region for offer in offers}):
        url = offer_url(region)
        prices, published = parse_offer_file(get(url, None), region, url)
        wanted = {offer.instance_type for offer in offers if offer.region == region}
        for instance_type in sorted(wanted & prices.keys()):
            points.append(
                PricePoint(
                    provider=PROVIDER,
                    region=region,
                    instance_type=instance_type,
                    on_demand_per_hour=prices[instance_type],
                    currency="USD",
                    source=f"{url} (AWS Price List, Linux, Shared)",
                    as_of=published,
                )
            )
    return points


def parse_offer_file(body: Any, region: str, source: str) -> tuple[dict[str, Decimal], date]:
    """The hourly on-demand USD price of every Linux/Shared/no-software instance type in `region`,
    and the file's publication date. Raises SourceError (pt-BR) on anything else."""
    try:
        data = _OfferFile.model_validate(body)
        published = date.fromisoformat(data.publication_date[:10])
        on_demand = data.terms["OnDemand"]
    except (ValidationError, ValueError, KeyError) as error:
        raise SourceError(
            f"{source} não é um arquivo de preços do EC2 da AWS (Price List): {_reason(error)}"
        ) from error
    prices: dict[str, Decimal] = {}
    for sku, product in data.products.items():
        attributes = product.get("attributes")
        if not isinstance(attributes, dict):
            raise SourceError(f"{source}: o produto {sku} não tem atributos")
        if any(attributes.get(key) != value for key, value in _WANTED.items()):
            continue
        if attributes.get("regionCode", region) != region or "instanceType" not in attributes:
            continue
        price = _hourly_usd(on_demand.get(sku, {}), sku, source)
        if price is not None:
            prices[str(attributes["instanceType"])] = price
    return prices, published


def _hourly_usd(terms: dict[str, Any], sku: str, source: str) -> Decimal | None:
    for term in terms.values():
        dimensions = term.get("priceDimensions") if isinstance(term, dict) else None
        if not isinstance(dimensions, dict):
            raise SourceError(f"{source}: o termo sob demanda do produto {sku} não tem preços")
        for dimension in dimensions.values():
            if dimension.get("unit") != "Hrs":
                continue
            price = _decimal(dimension.get("pricePerUnit", {}).get("USD"))
            if price is None:
                raise SourceError(f"{source}: preço por hora ilegível no produto {sku}")
            if price > 0:
                return price
    return None


# --- spot: the feed behind the spot pricing page ------------------------------------------------


class _ValueColumn(BaseModel):
    name: str
    prices: dict[str, str]


class _Size(BaseModel):
    size: str
    value_columns: list[_ValueColumn] = Field(alias="valueColumns")


class _InstanceTypes(BaseModel):
    sizes: list[_Size]


class _SpotRegion(BaseModel):
    region: str
    instance_types: list[_InstanceTypes] = Field(alias="instanceTypes")


class _SpotConfig(BaseModel):
    rate: str
    regions: list[_SpotRegion]


class _SpotFeed(BaseModel):
    config: _SpotConfig


def read_spot(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
    """The current Linux spot USD price of every catalog offer the feed lists, dated `today`."""
    prices = parse_spot_feed(get(SPOT_URL, None))
    points: list[PricePoint] = []
    for key in sorted({(offer.region, offer.instance_type) for offer in offers}):
        price = prices.get(key)
        if price is None:
            continue
        points.append(
            PricePoint(
                provider=PROVIDER,
                region=key[0],
                instance_type=key[1],
                spot_per_hour=price,
                currency="USD",
                source=f"{SPOT_URL} (preço spot Linux de https://aws.amazon.com/ec2/spot/pricing/)",
                as_of=today,
            )
        )
    return points


def parse_spot_feed(body: Any) -> dict[tuple[str, str], Decimal]:
    """(region code, instance type) -> Linux spot USD per hour. The body may come parsed or as
    text, bare JSON or wrapped in `callback(...)`. Raises SourceError (pt-BR) on another shape."""
    try:
        feed = _SpotFeed.model_validate(_unwrap(body) if isinstance(body, str) else body)
    except (ValidationError, ValueError) as error:
        raise SourceError(
            f"{SPOT_URL} não está no formato esperado dos preços spot da AWS: {_reason(error)}"
        ) from error
    if feed.config.rate != "perhr":
        raise SourceError(f"{SPOT_URL}: preços spot por '{feed.config.rate}', esperava por hora")
    prices: dict[tuple[str, str], Decimal] = {}
    for region in feed.config.regions:
        code = _LEGACY_SPOT_REGIONS.get(region.region, region.region)
        for group in region.instance_types:
            for size in group.sizes:
                price = _linux_usd(size)
                # The feed repeats some sizes (same price); the first listing is kept.
                if price is not None:
                    prices.setdefault((code, size.size), price)
    return prices


def _unwrap(text: str) -> Any:
    """The JSON inside a JSONP `callback(...);` body, or the body itself when it is bare JSON."""
    body = text.strip()
    if body.startswith("callback("):
        body = body.removeprefix("callback(").removesuffix(";").removesuffix(")")
    return json.loads(body)


def _linux_usd(size: _Size) -> Decimal | None:
    """The size's Linux price; "N/A*" (not offered) and zero read as no price."""
    for column in size.value_columns:
        if column.name == "linux":
            price = _decimal(column.prices.get("USD"))
            return price if price is not None and price > 0 else None
    return None


def _decimal(value: object) -> Decimal | None:
    try:
        return Decimal(str(value)) if value is not None else None
    except InvalidOperation:
        return None


def _reason(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}"
    if isinstance(error, KeyError):
        return f"falta {error}"
    return str(error)
