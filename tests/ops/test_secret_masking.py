"""Secrets stay secret: not in log messages, exception text or tracebacks, nor on stderr when
Telegram rejects the token, at INFO and at DEBUG."""

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ops import logs
from tests.fakes.fake_telegram import FakeTelegram

INFRABOT = Path(sys.executable).with_name("infrabot")
TOKEN = "424242:SEGREDO-do-bot-que-nao-pode-vazar"


@pytest.fixture
def _root_logger_restored() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.usefixtures("_root_logger_restored")
@pytest.mark.parametrize("form", ["json", "text"])
def test_exceptions_and_tracebacks_are_masked(
    form: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("INFRABOT_LOG_FORMAT", form)
    monkeypatch.setenv("INFRABOT_LOG_LEVEL", "DEBUG")
    logs.configure()
    logs.add_secret("derivado-do-token-0123456789")
    log = logging.getLogger("infrabot.teste")
    try:
        raise RuntimeError(f"The token `{TOKEN}` was rejected by the server.")
    except RuntimeError:
        log.exception("falhou ao entrar")
        log.debug("setWebhook com %s", {"secret_token": "derivado-do-token-0123456789"})
    logging.getLogger().handlers[0].flush()
    err = capsys.readouterr().err
    assert "falhou ao entrar" in err and "RuntimeError" in err and "***" in err
    assert TOKEN not in err and "derivado-do-token" not in err
    if form == "json":
        assert all(json.loads(line) for line in err.splitlines())


@pytest.mark.parametrize("level", ["INFO", "DEBUG"])
def test_a_rejected_token_is_never_printed(level: str, tmp_path: Path) -> None:
    fake = FakeTelegram()  # accepts only its own token: ours gets a 401
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "INFRABOT_TELEGRAM_API_URL": fake.api_url,
        "INFRABOT_HOME": str(tmp_path),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 't.db'}",
        "INFRABOT_LOG_LEVEL": level,
    }
    env.pop("INFRABOT_CHROMA_URL", None)
    env.pop("TELEGRAM_WEBHOOK_SECRET", None)
    result = subprocess.run(
        [str(INFRABOT), "telegram"], env=env, capture_output=True, text=True, timeout=240
    )
    assert result.returncode == 2, result.stderr[-2000:]
    assert "recusou o token" in result.stderr
    assert TOKEN not in result.stderr + result.stdout
    assert TOKEN.split(":")[1] not in result.stderr
