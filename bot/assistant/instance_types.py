"""Instance types clients name ("p4d.24xlarge", "g6e.xlarge", "Standard_NC24ads_A100_v4",
"a3-highgpu-8g", "g5.2xlarge"): the card each one holds and its cloud, from the catalog's own
offers and the families they belong to."""

import re
from functools import cache, lru_cache

from quoting.catalog import load_catalog


@cache
def _instances() -> list[tuple[re.Pattern[str], str, str]]:
    """Instance types clients name ("p4d.24xlarge", "g6e.xlarge", "Standard_NC24ads_A100_v4",
    "a3-highgpu-8g"): the card each one holds, and its cloud."""
    named = {
        (offer.instance_type.lower(), offer.accelerator, offer.provider)
        for offer in load_catalog().offer
        if re.search(r"[._-]", offer.instance_type)
        and " " not in offer.instance_type
        and not offer.example
    }
    exact = [
        (re.compile(rf"\b{re.escape(name).replace('_', '[_ ]')}\b"), accelerator, provider)
        for name, accelerator, provider in sorted(named, key=lambda n: -len(n[0]))
    ]
    # "g5.2xlarge", "a2-ultragpu-4g": a size of a family the catalog prices in other sizes
    families: dict[str, set[tuple[str, str]]] = {}
    for name, accelerator, provider in named:
        if family := re.fullmatch(r"([a-z0-9]+)\.\w*large|([a-z0-9]+-[a-z]+)-\d+g?", name):
            families.setdefault(family[1] or family[2], set()).add((accelerator, provider))
    sized = [
        (re.compile(rf"\b{re.escape(family)}(?:\.\d*x?large|-\d+g?)\b"), *held.pop())
        for family, held in families.items()
        if len(held) == 1
    ]
    return exact + sized


@cache
def _any_instance() -> re.Pattern[str]:
    """Every instance type in one pattern: a message is searched once, the leftmost one wins
    (an exact name before a family's at the same place)."""
    return re.compile("|".join(f"(?P<i{n}>{p.pattern})" for n, (p, *_) in enumerate(_instances())))


@cache
def _first_parts() -> re.Pattern[str]:
    """The part before the first separator of every name ("p4d", "standard", "a3"): a message
    with none of them names no instance, and the whole pattern costs 50 times more to run."""
    firsts = {
        re.split(r"\\?[._ \[(-]", pattern.pattern.removeprefix(r"\b"), maxsplit=1)[0]
        for pattern, *_ in _instances()
    }
    return re.compile(rf"\b(?:{'|'.join(sorted(firsts))})[._ -]")


@lru_cache(maxsize=256)  # the reader asks about the same message several times
def instance_named(folded: str) -> tuple[int, str, str] | None:
    """Where the first instance type `folded` names is, its card and its cloud; or None."""
    if not _first_parts().search(folded):
        return None
    found = _any_instance().search(folded)
    if found is None:
        return None
    named = next(name for name, said in found.groupdict().items() if said is not None)
    _pattern, accelerator, cloud = _instances()[int(named[1:])]
    return found.start(), accelerator, cloud
