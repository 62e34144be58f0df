"""What every price reader returns, and how it downloads: one price point per instance type and
region, with the source and date it was read from.

A reader is a function `read(get, offers, today) -> list[PricePoint]`: `get` downloads a URL (the
refresh passes one with deadlines and the provider's key from the environment; tests pass one that
serves recorded responses from tests/data/price_sources/), `offers` are the catalog's offers of
that provider (what to look for), `today` dates the points when the source has no date of its own.
"""

from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field, model_validator

from quoting.catalog import Offer


class PricePoint(BaseModel):
    """One instance type's hourly price in one region, as its provider publishes it."""

    provider: str
    region: str
    instance_type: str
    on_demand_per_hour: Decimal | None = Field(default=None, gt=0)
    spot_per_hour: Decimal | None = Field(default=None, gt=0)
    currency: Literal["USD", "BRL"]
    source: str = Field(min_length=8)
    as_of: date

    @model_validator(mode="after")
    def _has_a_price(self) -> "PricePoint":
        if self.on_demand_per_hour is None and self.spot_per_hour is None:
            raise ValueError(f"{self.key}: sem preço sob demanda nem spot")
        return self

    @property
    def key(self) -> str:
        return f"{self.provider}/{self.region}/{self.instance_type}"


class SourceError(Exception):
    """A source that could not be read (download refused, unexpected format); pt-BR message."""


# get(url, params) -> the response body parsed: JSON as Python objects, anything else as text.
Getter = Callable[[str, Mapping[str, str] | None], Any]


class Reader(Protocol):
    def __call__(self, get: Getter, offers: list[Offer], today: date) -> list[PricePoint]: ...
