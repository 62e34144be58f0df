"""Shared fixtures: engine data comes from the packaged files; the exchange rate is pinned (5,40,
dated today) so that figures do not move and no test asks the Banco Central."""

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from quoting.catalog import DEFAULT_CATALOG, load_catalog
from quoting.pricing import load_pricing
from tests.helpers.updates import free_port

# Also for the processes that module-scoped fixtures start before any test's own pin applies
# (the Slack and Telegram apps): they must never reach the Banco Central either.
os.environ["INFRABOT_BCB_API_URL"] = "http://127.0.0.1:9/"


@pytest.fixture(autouse=True)
def _pinned_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in (
        "INFRABOT_USD_BRL",
        "INFRABOT_USD_BRL_DATE",
        "INFRABOT_CATALOG",
        "INFRABOT_CHROMA_URL",
        "INFRABOT_FX_MAX_AGE_DAYS",
        "INFRABOT_COMPANY",
    ):
        monkeypatch.delenv(name, raising=False)
    # The shipped catalog, whatever snapshot a refresh left under the developer's INFRABOT_HOME;
    # tests of the snapshots lift this pin.
    monkeypatch.setenv("INFRABOT_CATALOG", str(DEFAULT_CATALOG))
    monkeypatch.setenv("INFRABOT_USD_BRL", "5.40")
    monkeypatch.setenv("INFRABOT_USD_BRL_DATE", date.today().isoformat())
    # Nothing listens on the discard port: a test that lifts the pin without a fake BCB server
    # fails fast instead of reaching the Internet.
    monkeypatch.setenv("INFRABOT_BCB_API_URL", "http://127.0.0.1:9/")
    load_pricing.cache_clear()
    load_catalog.cache_clear()
    yield
    load_pricing.cache_clear()
    load_catalog.cache_clear()


@pytest.fixture(scope="session")
def indexed_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An INFRABOT_HOME with the corpus and catalog indexed in embedded Chroma (built once)."""
    from knowledge.indexer import build_index

    home = tmp_path_factory.mktemp("indexed-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("INFRABOT_HOME", str(home))
        patch.delenv("INFRABOT_CHROMA_URL", raising=False)
        build_index([])
    return home


@pytest.fixture
def use_home(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """Point the knowledge base at a home folder, in embedded mode."""

    def use(home: Path) -> None:
        monkeypatch.setenv("INFRABOT_HOME", str(home))
        monkeypatch.delenv("INFRABOT_CHROMA_URL", raising=False)

    return use


@pytest.fixture
def company_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A deploy's identity (INFRABOT_COMPANY) with every field set, as an operator writes it
    from deploy/company.example.toml."""
    path = tmp_path / "company.toml"
    path.write_text(
        "[identity]\n"
        'legal_name = "Infrabot Tecnologia Ltda."\n'
        'cnpj = "11222333000181"\n'
        'address = "Rua Augusta, 500, conj. 12, Consolação, São Paulo - SP, 01305-000"\n'
        'phone = "+55 11 3333-4444"\n'
        'pix_key = "financeiro@infrabot.com.br"\n'
        'bank_account = "Banco 341, agência 0001, conta corrente 12345-6"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("INFRABOT_COMPANY", str(path))
    return path


@pytest.fixture(scope="session")
def chroma_server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Chroma server on 127.0.0.1: the one .ci/run started (INFRABOT_TEST_CHROMA_URL),
    else one started here with the `chroma` command that comes with chromadb."""
    given = os.environ.get("INFRABOT_TEST_CHROMA_URL")
    if given:
        yield given
        return
    port = free_port()
    chroma = Path(sys.executable).with_name("chroma")
    process = subprocess.Popen(
        [
            str(chroma),
            "run",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--path",
            str(tmp_path_factory.mktemp("chroma-server")),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("o servidor Chroma de teste não subiu")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
