"""Price points applied to the catalog: each offer with a point of its provider, region and
instance type gets the new on-demand and/or spot price, source and date, written into the TOML
text in place (comments and layout kept); an offer with no point keeps its price and date.

The base is the shipped catalog (new offers of a release come with it); prices that the previous
good snapshot holds and that are newer than the base's are carried over first, so that a source
failing today leaves yesterday's prices, and a move is measured against what quotes use now.
"""

import json
import logging
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from bot.market.points import Getter, PricePoint, SourceError
from bot.market.sources import Source
from quoting.catalog import Catalog, Offer
from quoting.datafiles import validate
from quoting.errors import DataFileError

log = logging.getLogger("infrabot.market")
# A price that moves by more than this (either way) is told to the staff before quotes use it.
MOVE_LIMIT = Decimal("0.10")
Price = Literal["on_demand_per_hour", "spot_per_hour"]
_JOIN = " + "


class Change(BaseModel):
    key: str
    price: Price
    currency: str
    before: Decimal | None  # None: the offer had no spot price before
    after: Decimal

    @property
    def move(self) -> Decimal | None:
        """The relative move, 0.12 for +12%; None for a price that is new."""
        return None if self.before is None else (self.after - self.before) / self.before

    @property
    def beyond_limit(self) -> bool:
        return self.move is not None and abs(self.move) > MOVE_LIMIT


class Failure(BaseModel):
    source: str
    reason: str


class Refresh(BaseModel):
    text: str  # the catalog TOML with the prices applied; it validated as a Catalog
    catalog: Catalog
    read: dict[str, int]  # the sources that answered, and how many points each
    failures: list[Failure]
    changes: list[Change]
    unpriced: list[str]  # offers of a provider whose sources answered, that no point priced
    uncovered: list[str]  # providers with offers in force that no chosen source prices
    refused: list[str]  # points that could not be applied (another provider, another currency)

    @property
    def moves(self) -> list[Change]:
        return [change for change in self.changes if change.beyond_limit]


@dataclass(frozen=True)
class Run:
    """A source ready to run: its registry entry and the getter it downloads with."""

    source: Source
    get: Getter


def refresh(base_text: str, previous: Catalog | None, runs: Sequence[Run], today: date) -> Refresh:
    """Read every source (a failing one never stops the others) and apply what they read to
    `base_text`, over the newer prices of `previous`. Raises DataFileError (pt-BR) when the
    result does not validate: nothing may be written then."""
    text = base_text
    if previous is not None:
        text = apply_points(text, carried_over(_parse(text), previous))[0]
    in_force = _parse(text)
    points: list[PricePoint] = []
    read: dict[str, int] = {}
    failures: list[Failure] = []
    refused: list[str] = []
    for run in runs:
        offers = [o for o in in_force.offer if o.provider == run.source.provider]
        try:
            found = run.source.read(run.get, offers, today)
        except SourceError as error:
            failures.append(Failure(source=run.source.name, reason=str(error)))
            continue
        except Exception as error:  # a reader's bug must not stop the other sources
            log.exception("leitor de preços falhou", extra={"source": run.source.name})
            failures.append(Failure(source=run.source.name, reason=f"erro no leitor: {error!r}"))
            continue
        read[run.source.name] = len(found)
        for point in found:
            if point.provider == run.source.provider:
                points.append(point)
            else:
                refused.append(f"{point.key}: a fonte {run.source.name} é de {run.source.provider}")
    text, changes, priced, mismatched = apply_points(text, points)
    covered = {run.source.provider for run in runs if run.source.name in read}
    chosen = {run.source.provider for run in runs}
    live = [o for o in in_force.offer if not o.example]
    return Refresh(
        text=text,
        catalog=_parse(text),
        read=read,
        failures=failures,
        changes=changes,
        unpriced=[o.key for o in live if o.provider in covered and o.key not in priced],
        uncovered=sorted({o.provider for o in in_force.offers_in_force()} - chosen),
        refused=refused + mismatched,
    )


def carried_over(base: Catalog, previous: Catalog) -> list[PricePoint]:
    """The previous snapshot's prices that are newer than the base's, as points."""
    shipped = {o.key: o for o in base.offer}
    return [
        PricePoint.model_construct(  # validated already, as part of the previous catalog
            provider=o.provider,
            region=o.region,
            instance_type=o.instance_type,
            on_demand_per_hour=o.on_demand_per_hour,
            spot_per_hour=o.spot_per_hour,
            currency=o.currency,
            source=o.source,
            as_of=o.as_of,
        )
        for o in previous.offer
        if o.key in shipped
        and o.as_of > shipped[o.key].as_of
        and o.currency == shipped[o.key].currency
    ]


_BLOCK = re.compile(r"^\[", re.MULTILINE)


def apply_points(
    text: str, points: Sequence[PricePoint]
) -> tuple[str, list[Change], set[str], list[str]]:
    """`text` with every [[offer]] that has points updated; the changes, the keys priced and the
    points refused for their currency."""
    by_key: dict[str, list[PricePoint]] = {}
    for point in points:
        by_key.setdefault(point.key, []).append(point)
    starts = [m.start() for m in _BLOCK.finditer(text)] + [len(text)]
    pieces = [text[: starts[0]]]
    changes: list[Change] = []
    priced: set[str] = set()
    refused: list[str] = []
    for start, end in pairwise(starts):
        block = text[start:end]
        if block.startswith("[[offer]]"):
            offer = Offer.model_validate(tomllib.loads(block.removeprefix("[[offer]]")))
            found = [p for p in by_key.get(offer.key, []) if p.currency == offer.currency]
            refused += [
                f"{p.key}: preço em {p.currency}, a oferta é em {offer.currency}"
                for p in by_key.get(offer.key, [])
                if p.currency != offer.currency
            ]
            if found:
                priced.add(offer.key)
                block = _update(block, offer, found, changes)
        pieces.append(block)
    return "".join(pieces), changes, priced, refused


def _update(block: str, offer: Offer, points: list[PricePoint], changes: list[Change]) -> str:
    on_demand = _newest([p for p in points if p.on_demand_per_hour is not None])
    spot = _newest([p for p in points if p.spot_per_hour is not None])
    used = [p for p in (on_demand, spot) if p is not None]
    # A price no point renewed keeps its old date: the offer is dated by its oldest price.
    kept = on_demand is None or (spot is None and offer.spot_per_hour is not None)
    as_of = min([p.as_of for p in used] + ([offer.as_of] if kept else []))
    sources = [part for p in used for part in p.source.split(_JOIN)]
    sources += offer.source.split(_JOIN) if kept else []
    if on_demand is not None and on_demand.on_demand_per_hour is not None:
        block = _price(block, offer, "on_demand_per_hour", on_demand.on_demand_per_hour, changes)
    if spot is not None and spot.spot_per_hour is not None:
        block = _price(block, offer, "spot_per_hour", spot.spot_per_hour, changes)
    block = _set(
        block, "source", json.dumps(_JOIN.join(dict.fromkeys(sources)), ensure_ascii=False)
    )
    return _set(block, "as_of", f'"{as_of.isoformat()}"')


def _newest(points: list[PricePoint]) -> PricePoint | None:
    """The most recent point; on a tie, the first source in the registry's order."""
    return max(points, key=lambda p: p.as_of, default=None)


def _price(block: str, offer: Offer, price: Price, value: Decimal, changes: list[Change]) -> str:
    before: Decimal | None = getattr(offer, price)
    if before != value:
        changes.append(
            Change(key=offer.key, price=price, currency=offer.currency, before=before, after=value)
        )
    if before is None:  # a spot price the offer did not have: a line after the on-demand one
        return re.sub(
            r"^(on_demand_per_hour = .*)$",
            lambda m: f"{m.group(1)}\n{price} = {_number(value)}",
            block,
            count=1,
            flags=re.MULTILINE,
        )
    return _set(block, price, _number(value))


def _number(price: Decimal) -> str:
    text = format(price.normalize(), "f")
    return text if "." in text else text + ".0"


def _set(block: str, key: str, value: str) -> str:
    return re.sub(
        rf"^{key} = .*$", lambda _: f"{key} = {value}", block, count=1, flags=re.MULTILINE
    )


def _parse(text: str) -> Catalog:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"o catálogo atualizado não é TOML válido ({error})") from error
    return validate(Path("catálogo atualizado"), raw, Catalog)
