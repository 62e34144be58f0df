"""`infrabot catalog refresh` on a trimmed AWS offer-file fixture; `catalog` flags old prices."""

import json
import shutil
import subprocess
import sys
import tomllib
from datetime import date
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread

from quoting.catalog import DEFAULT_CATALOG

INFRABOT = Path(sys.executable).with_name("infrabot")
FIXTURES = Path(__file__).parents[1] / "data" / "price_list"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(INFRABOT), *args], capture_output=True, text=True, timeout=60)


def test_refresh_reports_changes_and_missing_offers_in_portuguese(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.toml"
    shutil.copy(DEFAULT_CATALOG, catalog)
    out = tmp_path / "novo.toml"
    result = run(
        "catalog",
        "refresh",
        "--fonte",
        str(FIXTURES),
        "--catalog",
        str(catalog),
        "--saida",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    assert "Alterado: g5.xlarge (sa-east-1): US$ 1,710 → US$ 1,650" in result.stdout
    assert "Não encontrado na lista: aws/sa-east-1/g5.12xlarge" in result.stdout
    assert "Sem lista de preços para us-east-1" in result.stdout
    offers = {o["instance_type"]: o for o in tomllib.loads(out.read_text())["offer"]}
    assert offers["g5.xlarge"]["on_demand_per_hour"] == 1.65
    assert catalog.read_text() == DEFAULT_CATALOG.read_text()  # --saida leaves the source alone
    listing = json.loads(run("catalog", "--json", "--catalog", str(out)).stdout)
    stale = {o["instance_type"]: o["stale"] for o in listing["offer"]}
    fresh = (date.today() - date(2026, 11, 15)).days <= 90
    assert stale["g5.xlarge"] is not fresh and stale["g5.12xlarge"] is True
    shown = run("catalog", "--catalog", str(out)).stdout
    assert "ANTIGO g5.12xlarge (aws sa-east-1): 31/01/2026" in shown
    assert ("ANTIGO g5.xlarge " in shown) is not fresh


def test_refresh_without_any_price_list_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "novo.toml"
    result = run("catalog", "refresh", "--fonte", str(tmp_path), "--saida", str(out))
    assert result.returncode == 2 and "nada foi gravado" in result.stderr
    assert not out.exists()


def test_a_broken_price_list_changes_nothing(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.toml"
    shutil.copy(DEFAULT_CATALOG, catalog)
    (tmp_path / "fonte" / "sa-east-1").mkdir(parents=True)
    (tmp_path / "fonte" / "sa-east-1" / "index.json").write_text('{"products": ')
    result = run(
        "catalog", "refresh", "--fonte", str(tmp_path / "fonte"), "--catalog", str(catalog)
    )
    assert result.returncode == 2 and "não é JSON válido" in result.stderr
    assert "Traceback" not in result.stderr
    assert catalog.read_text() == DEFAULT_CATALOG.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalog.toml", "fonte"]  # no temp file


def test_refresh_downloads_from_a_price_list_server(tmp_path: Path) -> None:
    handler = partial(SimpleHTTPRequestHandler, directory=str(FIXTURES))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    out = tmp_path / "novo.toml"
    try:
        result = run("catalog", "refresh", "--fonte", base, "--saida", str(out))
    finally:
        server.shutdown()
    assert result.returncode == 0, result.stderr
    assert "Sem lista de preços para us-east-1" in result.stdout  # the server answers 404
    offers = {o["instance_type"]: o for o in tomllib.loads(out.read_text())["offer"]}
    assert offers["g5.xlarge"]["source"].startswith(f"{base}/sa-east-1/index.json")
