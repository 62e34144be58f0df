"""`infrabot catalog refresh` with small fake sources in the registry: a dated snapshot under
INFRABOT_HOME that quotes use, the tracked catalog never written, pt-BR lines, a non-zero exit when
every source failed, keys from the environment, and the staff alert delivered by the Slack app's
own code to the fake Slack Web API (one message per failure or move, none on a quiet day)."""

import json
import sys
import threading
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from slack_sdk import WebClient

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from bot.cli.main import main
from bot.market import sources
from bot.market.points import Getter, PricePoint, Reader
from bot.market.sources import Source
from bot.relay.bridge import Bridge, BridgeSettings
from bot.slack.delivery import SlackBridgeApp
from knowledge.retriever import KnowledgeRetriever
from quoting.catalog import DEFAULT_CATALOG, Catalog, Offer, load_catalog
from quoting.datafiles import load
from quoting.snapshots import snapshots
from quoting.units import today_in_brazil
from tests.fakes.fake_slack import FakeSlack

BASE = "https://precos.exemplo.test"
G5 = "aws/sa-east-1/g5.xlarge"
TPU = "gcp/us-central1/v5litepod-8"
OLD = "aws/us-east-1/p3.2xlarge"  # read by no fake source
CHANNEL = "CEQUIPE"


def _reader(url: str) -> Reader:
    """Reads a list of price points (as JSON objects) from `url`."""

    def read(get: Getter, offers: list[Offer], today: date) -> list[PricePoint]:
        wanted = {offer.key for offer in offers}
        points = [PricePoint.model_validate(row) for row in get(url, None)]
        return [point for point in points if point.key in wanted]

    return read


FAKES = (
    Source("aws", "aws", _reader(f"{BASE}/aws.json")),
    Source("gcp", "gcp", _reader(f"{BASE}/gcp.json")),
    Source("quebrada", "aws", _reader(f"{BASE}/quebrada.json")),
)


def _shipped(key: str) -> Offer:
    return next(o for o in load(DEFAULT_CATALOG, Catalog).offer if o.key == key)


def _row(key: str, on_demand: Decimal, spot: Decimal | None = None) -> dict[str, Any]:
    provider, region, instance_type = key.split("/")
    row = {"provider": provider, "region": region, "instance_type": instance_type}
    prices = {"on_demand_per_hour": str(on_demand), "spot_per_hour": spot and str(spot)}
    source = {"currency": "USD", "source": f"{BASE}/{provider}.json"}
    return row | prices | source | {"as_of": today_in_brazil().isoformat()}


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    """Responses as `--respostas` reads them: G5 up 3%, the TPU's spot price up 15%, and a
    source that answers 503."""
    folder = tmp_path / "respostas"
    folder.mkdir()
    g5, tpu = _shipped(G5), _shipped(TPU)
    assert tpu.spot_per_hour is not None
    g5_price = (g5.on_demand_per_hour * Decimal("1.03")).quantize(Decimal("0.001"))
    tpu_spot = (tpu.spot_per_hour * Decimal("1.15")).quantize(Decimal("0.001"))
    (folder / "aws.json").write_text(json.dumps([_row(G5, g5_price)]))
    (folder / "gcp.json").write_text(json.dumps([_row(TPU, tpu.on_demand_per_hour, tpu_spot)]))
    (folder / "responses.toml").write_text(
        f'[[response]]\nurl = "{BASE}/aws.json"\nfile = "aws.json"\n'
        f'[[response]]\nurl = "{BASE}/gcp.json"\nfile = "gcp.json"\n'
        f'[[response]]\nurl = "{BASE}/quebrada.json"\nfile = "aws.json"\nstatus = 503\n'
    )
    return folder


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("INFRABOT_CATALOG")  # the snapshots are what is tested
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("INFRABOT_DATABASE_URL", f"sqlite:///{tmp_path / 'infrabot.db'}")
    monkeypatch.setenv("INFRABOT_SLACK_LEADS_CHANNEL", CHANNEL)
    monkeypatch.setattr(sources, "SOURCES", FAKES)
    return tmp_path / "home" / "catalog"


@pytest.fixture
def infrabot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., tuple[int, str, str]]:
    """Runs the command line in this process: (exit status, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["infrabot", *args])
        try:
            main()
            code = 0
        except SystemExit as done:
            code = int(done.code or 0)
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.fixture
def posted(home: Path, tmp_path: Path) -> Iterator[Callable[[], list[str]]]:
    """The alerts the Slack app delivered from the outbox to the fake Slack, so far."""
    slack = FakeSlack()
    store = ConversationStore(f"sqlite:///{tmp_path / 'infrabot.db'}")
    bridge = Bridge(store.engine, BridgeSettings())
    client = WebClient(token="xoxb-teste", base_url=slack.api_url)
    app = SlackBridgeApp(Assistant(KnowledgeRetriever.load(dense="off"), store), bridge, client)

    def delivered() -> list[str]:
        while bridge.outbox.pump("slack", app.deliver):
            pass
        return [str(call["text"]) for call in slack.recorded("chat.postMessage", channel=CHANNEL)]

    yield delivered
    slack.close()


def test_refresh_writes_a_dated_snapshot_that_quotes_use_and_never_the_tracked_file(
    home: Path, recorded: Path, infrabot: Callable[..., tuple[int, str, str]]
) -> None:
    tracked = DEFAULT_CATALOG.read_bytes()
    code, out, err = infrabot(
        "catalog", "refresh", "--respostas", str(recorded), "--fonte", "aws", "--fonte", "gcp"
    )
    assert code == 0, err
    assert DEFAULT_CATALOG.read_bytes() == tracked
    [snapshot] = snapshots(home)
    assert f"Snapshot gravado em {snapshot}." in out
    assert "Fonte aws: 1 preços lidos." in out and "Fonte gcp: 1 preços lidos." in out
    assert f"Alterado: {G5}, sob demanda: US$ " in out and "(+3,0%)" in out
    assert f"Sem preço nas fontes (mantido): {OLD}" in out
    assert "Sem fonte (preços mantidos): azure" in out
    g5 = next(o for o in load_catalog().offer if o.key == G5)
    assert g5.as_of == today_in_brazil() and g5.source == f"{BASE}/aws.json"
    code, out, _ = infrabot("catalog", "--json")
    listing = {
        f"{o['provider']}/{o['region']}/{o['instance_type']}": o for o in json.loads(out)["offer"]
    }
    assert Decimal(listing[G5]["on_demand_per_hour"]) == g5.on_demand_per_hour
    assert listing[G5]["stale"] is False
    assert listing[OLD]["stale"] is ((today_in_brazil() - _shipped(OLD).as_of).days > 90)


def test_a_move_and_a_failure_each_post_one_message_and_a_quiet_day_none(
    home: Path,
    recorded: Path,
    infrabot: Callable[..., tuple[int, str, str]],
    posted: Callable[[], list[str]],
) -> None:
    both = ("catalog", "refresh", "--respostas", str(recorded), "--fonte", "aws", "--fonte", "gcp")
    code, out, _ = infrabot(*both)
    assert code == 0 and "Alerta na fila do canal da equipe no Slack." in out
    [move] = posted()
    assert f"Variação acima de 10%: {TPU}, spot: US$ " in move and "(+15,0%)" in move
    assert G5 not in move  # +3%: a change, not a move

    code, out, _ = infrabot(*both)  # the same prices again: measured against the snapshot
    assert code == 0 and "Nenhum preço mudou." in out and "Alerta" not in out
    assert len(posted()) == 1

    code, out, _ = infrabot(
        "catalog", "refresh", "--respostas", str(recorded), "--fonte", "aws", "--fonte", "quebrada"
    )
    assert code == 0 and f"Falhou: quebrada: {BASE}/quebrada.json respondeu HTTP 503" in out
    failure = posted()[1]
    assert "Fonte com falha: quebrada" in failure and "As cotações já usam o snapshot" in failure

    written = snapshots(home)
    code, out, err = infrabot(
        "catalog", "refresh", "--respostas", str(recorded), "--fonte", "quebrada"
    )
    assert code == 2 and "nenhuma fonte respondeu; nenhum snapshot foi gravado" in err
    assert snapshots(home) == written
    assert len(posted()) == 3 and "Nenhum snapshot gravado" in posted()[2]


class _Keyed(BaseHTTPRequestHandler):
    keys: ClassVar[list[str | None]] = []

    def do_GET(self) -> None:
        _Keyed.keys.append(self.headers.get("Authorization"))
        body = json.dumps([_row(G5, Decimal("1.5"))]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return


def test_a_source_without_its_key_is_skipped_and_one_with_it_downloads_with_it(
    home: Path, infrabot: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Keyed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/precos"
    keyed = Source("chaveada", "aws", _reader(url), key_env="INFRABOT_TESTE_CHAVE")
    monkeypatch.setattr(sources, "SOURCES", (keyed,))
    monkeypatch.delenv("INFRABOT_TESTE_CHAVE", raising=False)
    _Keyed.keys.clear()
    try:
        code, out, err = infrabot("catalog", "refresh")
        assert code == 2 and "Pulada: chaveada (defina INFRABOT_TESTE_CHAVE" in out
        assert _Keyed.keys == [] and snapshots(home) == []
        monkeypatch.setenv("INFRABOT_TESTE_CHAVE", "chave-de-teste")
        code, out, err = infrabot("catalog", "refresh")
    finally:
        server.shutdown()
    assert code == 0, err
    assert _Keyed.keys == ["Bearer chave-de-teste"]
    assert next(o for o in load_catalog().offer if o.key == G5).on_demand_per_hour == Decimal("1.5")


def test_an_unknown_source_or_a_missing_recording_folder_is_refused(
    home: Path, infrabot: Callable[..., tuple[int, str, str]], tmp_path: Path
) -> None:
    code, _, err = infrabot("catalog", "refresh", "--fonte", "nuvem-x")
    assert code == 2 and "fonte desconhecida: nuvem-x (fontes: aws, gcp, quebrada)" in err
    code, _, err = infrabot("catalog", "refresh", "--respostas", str(tmp_path))
    assert code == 2 and "responses.toml" in err and "Traceback" not in err
    assert snapshots(home) == []
