"""Every remote call has a deadline: against a server on 127.0.0.1 that accepts and never
answers, PostgreSQL, the Bot API, Slack and the Banco Central each give up in time, and what the
person reads is the usual pt-BR line or fallback, not a hang."""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from bot.db import engine as db_engine
from bot.db.engine import CONNECT_TIMEOUT_S, open_engine
from bot.ops.errors import DatabaseUnavailable
from bot.sales import ptax
from bot.sales.ptax import BRASILIA, day_rate
from bot.slack.app import TIMEOUT_S as SLACK_TIMEOUT_S
from bot.telegram.app import BOT_API_TIMEOUTS
from tests.fakes.silent_server import SilentServer
from tests.helpers.postgres import fresh_schema

INFRABOT = Path(sys.executable).with_name("infrabot")
START_UP_S = 15  # a CLI process's own start (imports, migrations) on a loaded 2-core machine


@pytest.fixture
def silent() -> Iterator[SilentServer]:
    server = SilentServer()
    yield server
    server.close()


def _cli(home: Path, *arguments: str, **env: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run(
        [str(INFRABOT), *arguments],
        env={
            **{k: v for k, v in os.environ.items() if k != "INFRABOT_CHROMA_URL"},
            "INFRABOT_HOME": str(home),
            "INFRABOT_DATABASE_URL": f"sqlite:///{home / 'bot.db'}",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done, time.monotonic() - started


def test_a_silent_postgresql_fails_within_the_connect_timeout(silent: SilentServer) -> None:
    started = time.monotonic()
    with pytest.raises(DatabaseUnavailable, match="não consegui abrir o banco"):
        open_engine(f"postgresql://infrabot@127.0.0.1:{silent.port}/infrabot")
    # sslmode=prefer may try twice (with and without TLS), each bounded by the timeout
    assert time.monotonic() - started < 2 * CONNECT_TIMEOUT_S + 3
    assert silent.accepted >= 1


def test_postgresql_cancels_a_statement_past_its_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not os.environ.get("INFRABOT_TEST_DATABASE_URL"):
        pytest.skip("INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)")
    with fresh_schema("deadline") as url:  # its URL's own options (search_path) are kept
        monkeypatch.setattr(db_engine, "STATEMENT_TIMEOUT_MS", 300)
        engine = open_engine(url)
        try:
            with engine.connect() as connection:
                assert connection.execute(text("SHOW statement_timeout")).scalar() == "300ms"
                assert str(connection.execute(text("SHOW search_path")).scalar()).startswith(
                    "deadline_"
                )
                started = time.monotonic()
                with pytest.raises(OperationalError, match="statement timeout"):
                    connection.execute(text("SELECT pg_sleep(30)"))
                assert time.monotonic() - started < 5
        finally:
            engine.dispose()


def test_a_silent_bot_api_fails_the_start_within_its_timeout(
    silent: SilentServer, tmp_path: Path
) -> None:
    done, elapsed = _cli(
        tmp_path,
        "telegram",
        TELEGRAM_BOT_TOKEN="123:TESTE",
        INFRABOT_TELEGRAM_API_URL=f"{silent.url}/bot",
    )
    assert done.returncode != 0 and silent.accepted >= 1
    assert "Erro: não consegui entrar no Telegram (Timed out)" in done.stderr
    assert elapsed < sum(BOT_API_TIMEOUTS.values()) + START_UP_S
    assert "Traceback" not in done.stderr


def test_a_silent_slack_fails_the_start_within_its_timeout(
    silent: SilentServer, tmp_path: Path
) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done, elapsed = _cli(
        tmp_path,
        "slack",
        "--http",
        "--port",
        str(port),
        SLACK_BOT_TOKEN="xoxb-teste",
        SLACK_SIGNING_SECRET="segredo-de-teste",
        INFRABOT_SLACK_API_URL=f"{silent.url}/api/",
    )
    assert done.returncode != 0 and silent.accepted >= 1
    assert f"Erro: não consegui entrar no Slack em {silent.url}/api/" in done.stderr
    assert elapsed < SLACK_TIMEOUT_S + START_UP_S
    assert "Traceback" not in done.stderr


def test_a_silent_banco_central_gives_the_reference_rate_within_its_timeout(
    silent: SilentServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("INFRABOT_USD_BRL", raising=False)
    monkeypatch.delenv("INFRABOT_USD_BRL_DATE", raising=False)
    monkeypatch.setenv("INFRABOT_BCB_API_URL", silent.url)
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    monkeypatch.setattr(ptax, "_last_attempt", None)
    started = time.monotonic()
    rate = day_rate(datetime(2026, 12, 3, 10, 0, tzinfo=BRASILIA))
    assert time.monotonic() - started < ptax.TIMEOUT_S + 2
    assert silent.accepted >= 1
    assert rate.source == "câmbio de referência de pricing.toml"
    assert rate.notice is not None and "Banco Central não respondeu" in rate.notice
