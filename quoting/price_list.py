"""AWS Price List bulk JSON (EC2 offer file) -> on-demand prices -> the catalog TOML updated."""

import json
import re
import tomllib
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from typing import Any

from quoting.catalog import Offer
from quoting.units import format_date

AWS_EC2_OFFERS = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current"
STALE_AFTER_DAYS = 90

# The one variant the catalog prices: plain Linux on shared hardware, no licensed software,
# an instance actually running (capacitystatus "Used", not a reservation line).
_WANTED = {
    "operatingSystem": "Linux",
    "tenancy": "Shared",
    "preInstalledSw": "NA",
    "capacitystatus": "Used",
}


@dataclass(frozen=True)
class PriceList:
    region: str
    published: date
    source: str
    on_demand_usd: dict[str, Decimal]


@dataclass(frozen=True)
class Change:
    instance_type: str
    region: str
    before: Decimal
    after: Decimal


def offer_url(region: str, base: str = AWS_EC2_OFFERS) -> str:
    return f"{base.rstrip('/')}/{region}/index.json"


def parse_offer_file(data: dict[str, Any], region: str, source: str) -> PriceList:
    """The hourly on-demand USD price of every Linux/Shared/no-software instance type in `region`.
    Raises ValueError (pt-BR) when the file is not an EC2 offer file."""
    try:
        published = date.fromisoformat(str(data["publicationDate"])[:10])
        products: dict[str, Any] = dict(data["products"])
        on_demand: dict[str, Any] = dict(data["terms"]["OnDemand"])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{source} não é um arquivo de preços da AWS ({error})") from error
    prices: dict[str, Decimal] = {}
    for sku, product in products.items():
        attributes = product.get("attributes", {})
        if any(attributes.get(key) != value for key, value in _WANTED.items()):
            continue
        if attributes.get("regionCode", region) != region or "instanceType" not in attributes:
            continue
        price = _hourly_usd(on_demand.get(sku, {}))
        if price is not None:
            prices[attributes["instanceType"]] = price
    return PriceList(region, published, source, prices)


def _hourly_usd(terms: dict[str, Any]) -> Decimal | None:
    for term in terms.values():
        for dimension in term.get("priceDimensions", {}).values():
            if dimension.get("unit") != "Hrs":
                continue
            try:
                price = Decimal(dimension["pricePerUnit"]["USD"])
            except (KeyError, InvalidOperation):
                continue
            if price > 0:
                return price
    return None


def is_stale(as_of: date, today: date) -> bool:
    """A price older than STALE_AFTER_DAYS may no longer be the provider's."""
    return (today - as_of).days > STALE_AFTER_DAYS


def stale_notice(offer: Offer, today: date) -> str | None:
    if not is_stale(offer.as_of, today):
        return None
    return (
        f"O preço de {offer.instance_type} ({offer.provider} {offer.region}) é de "
        f"{format_date(offer.as_of)}, há mais de {STALE_AFTER_DAYS} dias: atualize o catálogo "
        "(infrabot catalog refresh) ou confira o preço antes de fechar."
    )


_BLOCK = re.compile(r"^\[", re.MULTILINE)


def update_catalog_text(text: str, lists: list[PriceList]) -> tuple[str, list[Change], list[str]]:
    """The catalog TOML with each matching AWS offer's on-demand price, source and date replaced
    (comments and layout kept), the changes made, and the AWS offers no list had a price for."""
    by_region = {price_list.region: price_list for price_list in lists}
    starts = [m.start() for m in _BLOCK.finditer(text)] + [len(text)]
    pieces = [text[: starts[0]]]
    changes: list[Change] = []
    missing: list[str] = []
    for start, end in pairwise(starts):
        block = text[start:end]
        if block.startswith("[[offer]]"):
            block = _update_offer(block, by_region, changes, missing)
        pieces.append(block)
    return "".join(pieces), changes, missing


def _update_offer(
    block: str, by_region: dict[str, PriceList], changes: list[Change], missing: list[str]
) -> str:
    offer = tomllib.loads(block.removeprefix("[[offer]]"))
    if offer.get("provider") != "aws" or offer.get("region") not in by_region:
        return block
    price_list = by_region[offer["region"]]
    instance_type = offer["instance_type"]
    price = price_list.on_demand_usd.get(instance_type)
    if price is None:
        missing.append(f"aws/{offer['region']}/{instance_type}")
        return block
    before = Decimal(str(offer["on_demand_per_hour"]))
    if before != price:
        changes.append(Change(instance_type, offer["region"], before, price))
    block = _set(block, "on_demand_per_hour", _number(price))
    block = _set(block, "source", _string(f"{price_list.source} (AWS Price List, Linux, Shared)"))
    return _set(block, "as_of", f'"{price_list.published.isoformat()}"')


def _number(price: Decimal) -> str:
    text = format(price.normalize(), "f")
    return text if "." in text else text + ".0"


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _set(block: str, key: str, value: str) -> str:
    return re.sub(
        rf"^{key} = .*$", lambda _: f"{key} = {value}", block, count=1, flags=re.MULTILINE
    )
