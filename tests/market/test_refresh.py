"""The refresh on the shipped catalog with small fake readers: prices, sources and dates set in the
TOML text (comments kept), moves beyond 10% flagged, a failing source that stops nothing, the
previous snapshot's prices carried over; the two getters (recorded folder, HTTP on 127.0.0.1)."""

import json
import threading
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot.market.alerts import alert_lines, report_lines
from bot.market.getters import http_client, http_getter, recorded_getter
from bot.market.points import Getter, PricePoint, Reader, SourceError
from bot.market.refresh import Refresh, Run, refresh
from bot.market.sources import SOURCES, Source, chosen
from quoting.catalog import DEFAULT_CATALOG, Catalog, Offer
from quoting.datafiles import load

TODAY = date(2026, 12, 6)
G5 = "aws/sa-east-1/g5.xlarge"
G4DN = "aws/sa-east-1/g4dn.xlarge"
TPU = "gcp/us-central1/v5litepod-8"  # the shipped catalog prices its spot too
URL = "https://precos.exemplo.test/lista"


def _shipped() -> Catalog:
    return load(DEFAULT_CATALOG, Catalog)


def _offer(key: str, catalog: Catalog | None = None) -> Offer:
    return next(o for o in (catalog or _shipped()).offer if o.key == key)


def _point(
    key: str,
    on_demand: Decimal | None = None,
    spot: Decimal | None = None,
    day: date = TODAY,
    currency: str = "USD",
) -> PricePoint:
    provider, region, instance_type = key.split("/")
    return PricePoint(
        provider=provider,
        region=region,
        instance_type=instance_type,
        on_demand_per_hour=on_demand,
        spot_per_hour=spot,
        currency=currency,  # type: ignore[arg-type]
        source=f"{URL}/{provider}",
        as_of=day,
    )


def _times(key: str, factor: str) -> Decimal:
    return (_offer(key).on_demand_per_hour * Decimal(factor)).quantize(Decimal("0.001"))


def _reader(points: list[PricePoint]) -> Reader:
    def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
        asked = {offer.key for offer in offers}
        return [point for point in points if point.key in asked]

    return read


def _failing(error: Exception) -> Reader:
    def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
        raise error

    return read


def _run(name: str, provider: str, read: Reader) -> Run:
    return Run(Source(name, provider, read), lambda url, params: None)


def _refresh(*runs: Run, previous: Catalog | None = None) -> Refresh:
    return refresh(DEFAULT_CATALOG.read_text(encoding="utf-8"), previous, list(runs), TODAY)


def test_a_point_sets_price_source_and_date_and_an_offer_without_one_is_left_alone() -> None:
    new = _times(G5, "1.05")
    result = _refresh(_run("aws", "aws", _reader([_point(G5, new)])))
    g5 = _offer(G5, result.catalog)
    assert (g5.on_demand_per_hour, g5.as_of, g5.source) == (new, TODAY, f"{URL}/aws")
    assert _offer(G4DN, result.catalog) == _offer(G4DN)  # no point: price and date kept
    assert [(c.key, c.price, c.before, c.after) for c in result.changes] == [
        (G5, "on_demand_per_hour", _offer(G5).on_demand_per_hour, new)
    ]
    assert result.moves == [] and result.failures == [] and result.read == {"aws": 1}
    assert G4DN in result.unpriced and G5 not in result.unpriced
    assert "aws" not in result.uncovered and "gcp" in result.uncovered
    shipped = DEFAULT_CATALOG.read_text(encoding="utf-8").splitlines()
    comments = [line for line in shipped if line.startswith("#")]
    assert [line for line in result.text.splitlines() if line.startswith("#")] == comments
    assert len(result.text.splitlines()) == len(shipped)  # edited in place, no line added


def test_moves_beyond_ten_percent_of_either_price_are_flagged() -> None:
    tpu = _offer(TPU)
    assert tpu.spot_per_hour is not None
    points = [
        _point(G5, _times(G5, "1.12")),  # +12%
        _point(G4DN, _times(G4DN, "0.95")),  # -5%: a change, not a move
        _point(
            TPU,
            tpu.on_demand_per_hour,
            (tpu.spot_per_hour * Decimal("0.8")).quantize(Decimal("0.0001")),
        ),
    ]
    result = _refresh(_run("aws", "aws", _reader(points)), _run("gcp", "gcp", _reader(points)))
    assert {(c.key, c.price) for c in result.moves} == {
        (G5, "on_demand_per_hour"),
        (TPU, "spot_per_hour"),
    }
    assert {c.key for c in result.changes} == {G5, G4DN, TPU}
    lines = report_lines(result)
    assert any(
        line.startswith(f"Alterado: {G5}, sob demanda: US$ ")
        and "(+12,0%)" in line
        and "acima de 10%" in line
        for line in lines
    )
    assert any(f"{TPU}, spot" in line and "(-20,0%)" in line for line in lines)
    alert = alert_lines(result, Path("catalog-2026-12-06T030000Z.toml"))
    assert sum("Variação acima de 10%" in line for line in alert) == 2
    assert "catalog-2026-12-06T030000Z.toml" in alert[-1]


def test_a_spot_price_the_offer_lacked_comes_after_its_on_demand_line() -> None:
    spot = _times(G4DN, "0.3")
    result = _refresh(_run("aws-spot", "aws", _reader([_point(G4DN, spot=spot)])))
    g4dn = _offer(G4DN, result.catalog)
    assert g4dn.spot_per_hour == spot
    assert g4dn.on_demand_per_hour == _offer(G4DN).on_demand_per_hour
    # The on-demand price was not read again: the offer keeps its older date and source.
    assert g4dn.as_of == _offer(G4DN).as_of
    assert g4dn.source == f"{URL}/aws + {_offer(G4DN).source}"
    block = result.text[result.text.index('instance_type = "g4dn.xlarge"') :]
    assert block.splitlines()[3:5] == [
        f"on_demand_per_hour = {_offer(G4DN).on_demand_per_hour}",
        f"spot_per_hour = {spot}",
    ]
    [change] = result.changes
    assert change.before is None and not change.beyond_limit
    assert alert_lines(result, Path("x.toml")) == []


def test_a_failing_source_stops_no_other_and_is_reported() -> None:
    new = _times(G5, "1.01")
    result = _refresh(
        _run("fora", "aws", _failing(SourceError("https://x.test respondeu HTTP 503"))),
        _run("com-defeito", "gcp", _failing(KeyError("products"))),
        _run("aws", "aws", _reader([_point(G5, new)])),
    )
    assert _offer(G5, result.catalog).on_demand_per_hour == new
    assert [(f.source, f.reason) for f in result.failures] == [
        ("fora", "https://x.test respondeu HTTP 503"),
        ("com-defeito", "erro no leitor: KeyError('products')"),
    ]
    assert not any(key.startswith("gcp/") for key in result.unpriced)  # its source failed
    lines = report_lines(result)
    assert "Falhou: fora: https://x.test respondeu HTTP 503" in lines
    alert = alert_lines(result, Path("catalog-2026-12-06T030000Z.toml"))
    assert "• Fonte com falha: fora: https://x.test respondeu HTTP 503" in alert


def test_points_of_another_provider_or_currency_are_refused() -> None:
    points = [_point(TPU, Decimal("1")), _point(G5, Decimal("9"), currency="BRL")]
    result = _refresh(_run("aws", "aws", lambda get, offers, today: points))
    assert result.changes == [] and result.catalog == _shipped()
    assert result.refused == [
        f"{TPU}: a fonte aws é de aws",
        f"{G5}: preço em BRL, a oferta é em USD",
    ]


def test_the_previous_snapshot_keeps_its_prices_when_a_source_fails() -> None:
    raised = _times(G5, "1.3")
    first = _refresh(_run("aws", "aws", _reader([_point(G5, raised)])))
    assert [c.key for c in first.moves] == [G5]
    down = _refresh(_run("aws", "aws", _failing(SourceError("fora do ar"))), previous=first.catalog)
    assert _offer(G5, down.catalog) == _offer(G5, first.catalog)
    assert down.changes == []
    # The same price read again is no move: moves are measured against what quotes use now.
    again = _refresh(_run("aws", "aws", _reader([_point(G5, raised)])), previous=first.catalog)
    assert again.changes == [] and alert_lines(again, Path("x.toml")) == []
    assert "Nenhum preço mudou." in report_lines(again)


def test_a_shipped_price_newer_than_the_snapshot_wins() -> None:
    old = _refresh(_run("aws", "aws", _reader([_point(G5, Decimal("0.5"), day=date(2020, 1, 1))])))
    assert _offer(G5, old.catalog).on_demand_per_hour == Decimal("0.5")
    result = _refresh(_run("aws", "aws", _reader([])), previous=old.catalog)
    assert _offer(G5, result.catalog) == _offer(G5)


def test_the_registry_names_sources_by_provider_and_refuses_unknown_names() -> None:
    providers = {o.provider for o in _shipped().offer}
    assert {source.provider for source in SOURCES} <= providers
    assert [s.name for s in chosen(["gcp", "aws"], SOURCES)] == ["aws", "gcp"]
    with pytest.raises(ValueError, match="fonte desconhecida: nenhuma"):
        chosen(["nenhuma"], SOURCES)
    assert all(s.key_env is None or s.key_env.startswith("INFRABOT_") for s in SOURCES)


# --- getters


def test_the_recorded_getter_answers_by_url_and_query(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"preco": 1.5}')
    (tmp_path / "b.js").write_text("callback({})")
    (tmp_path / "responses.toml").write_text(
        f'[[response]]\nurl = "{URL}"\nparams = {{ regiao = "sp" }}\nfile = "a.json"\n'
        f'[[response]]\nurl = "{URL}/js"\nfile = "b.js"\n'
        f'[[response]]\nurl = "{URL}/fora"\nfile = "a.json"\nstatus = 503\n'
    )
    get = recorded_getter(tmp_path)
    assert get(URL, {"regiao": "sp"}) == {"preco": 1.5}
    assert get(f"{URL}/js", None) == "callback({})"  # not JSON: the text
    with pytest.raises(SourceError, match="sem resposta gravada"):
        get(URL, {"regiao": "rj"})
    with pytest.raises(SourceError, match="HTTP 503"):
        get(f"{URL}/fora", None)


class _Prices(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, str | None]]] = []

    def do_GET(self) -> None:
        _Prices.seen.append((self.path, self.headers.get("Authorization")))
        status = 500 if self.path.startswith("/fora") else 200
        body = json.dumps({"ok": True}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture
def prices() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Prices)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _Prices.seen.clear()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_the_http_getter_sends_the_key_as_asked_and_fails_without_quoting_it(prices: str) -> None:
    with http_client() as client:
        by_param: Callable[..., Any] = http_getter(client, "segredo-1", "key")
        assert by_param(f"{prices}/skus", {"pageToken": "2"}) == {"ok": True}
        http_getter(client, "segredo-2")(f"{prices}/tipos", None)
        with pytest.raises(SourceError, match="respondeu HTTP 500"):
            http_getter(client)(f"{prices}/fora", None)
        with pytest.raises(SourceError) as refused:
            http_getter(client, "segredo-3", "key")("http://127.0.0.1:9/nada", None)
    assert "segredo" not in str(refused.value) and "ConnectError" in str(refused.value)
    assert _Prices.seen == [
        ("/skus?pageToken=2&key=segredo-1", None),
        ("/tipos", "Bearer segredo-2"),
        ("/fora", None),
    ]
