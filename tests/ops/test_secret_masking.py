"""Secrets stay secret: not in log messages, exception text or tracebacks, nor on stderr when
Telegram rejects the token, at INFO and at DEBUG."""

import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.ops import logs
from bot.telegram.app import webhook_secret
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.updates import free_port

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


def test_the_derived_webhook_secret_is_never_logged_at_debug(tmp_path: Path) -> None:
    """Without TELEGRAM_WEBHOOK_SECRET the secret is derived from the token; at DEBUG PTB logs
    setWebhook's parameters, the secret among them."""
    fake = FakeTelegram(TOKEN)
    port = free_port()
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "INFRABOT_TELEGRAM_API_URL": fake.api_url,
        "INFRABOT_HOME": str(tmp_path),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 't.db'}",
        "INFRABOT_LOG_LEVEL": "DEBUG",  # the services' JSON lines, the default
    }
    for name in ("INFRABOT_CHROMA_URL", "TELEGRAM_WEBHOOK_SECRET", "INFRABOT_LOG_FORMAT"):
        env.pop(name, None)
    url = "https://bot.exemplo.com.br/telegram"
    process = subprocess.Popen(
        [str(INFRABOT), "telegram", "--webhook", url, "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert fake.wait_for(lambda: fake.calls("setWebhook"), 120)
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
        fake.close()
    secret = webhook_secret(TOKEN)
    assert fake.calls("setWebhook")[0]["secret_token"] == secret  # the derived one was used
    assert "setWebhook" in err and "secret_token" in err  # PTB's DEBUG line was written...
    for leak in (TOKEN, TOKEN.split(":")[1], secret):
        assert leak not in out + err  # ...masked
