"""Tests of the price readers, offline: each reads responses recorded under
tests/data/price_sources/ through `Recorded`, a getter that fails the test on any other request."""

from collections.abc import Mapping
from typing import Any

import pytest

Request = tuple[str, tuple[tuple[str, str], ...]]


def request(url: str, params: Mapping[str, str] | None = None) -> Request:
    return url, tuple(sorted((params or {}).items()))


class Recorded:
    """Serves recorded bodies by URL and query parameters, and remembers what was asked."""

    def __init__(self, responses: dict[Request, Any]) -> None:
        self.responses = responses
        self.calls: list[Request] = []

    def __call__(self, url: str, params: Mapping[str, str] | None) -> Any:
        asked = request(url, params)
        if asked not in self.responses:
            pytest.fail(f"pedido inesperado: {url} {dict(params or {})}")
        self.calls.append(asked)
        return self.responses[asked]
