"""Shared fixtures: engine data comes from the packaged files; the exchange rate is pinned so that
figures do not move with the environment."""

from collections.abc import Iterator

import pytest

from quoting.catalog import load_catalog
from quoting.pricing import load_pricing


@pytest.fixture(autouse=True)
def _pinned_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("INFRABOT_USD_BRL", "INFRABOT_USD_BRL_DATE", "INFRABOT_CATALOG"):
        monkeypatch.delenv(name, raising=False)
    load_pricing.cache_clear()
    load_catalog.cache_clear()
    yield
    load_pricing.cache_clear()
    load_catalog.cache_clear()
