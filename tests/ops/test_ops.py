"""What operators rely on: secrets from files, JSON logs with request ids, no secret in logs."""

import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops import logs
from bot.ops.credentials import MissingCredential, credential

INFRABOT = Path(sys.executable).with_name("infrabot")


def test_a_secret_comes_from_the_environment_or_from_its_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)
    secret = tmp_path / "slack_bot_token"
    secret.write_text("xoxb-do-arquivo\n")
    monkeypatch.setenv("SLACK_BOT_TOKEN_FILE", str(secret))
    assert credential("SLACK_BOT_TOKEN") == "xoxb-do-arquivo"
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-do-ambiente")
    assert credential("SLACK_BOT_TOKEN") == "xoxb-do-ambiente"
    monkeypatch.delenv("SLACK_BOT_TOKEN")
    monkeypatch.setenv("SLACK_BOT_TOKEN_FILE", str(tmp_path / "sumiu"))
    with pytest.raises(MissingCredential, match="SLACK_BOT_TOKEN_FILE"):
        credential("SLACK_BOT_TOKEN")


def test_a_missing_secret_file_is_a_short_message_not_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(INFRABOT), "telegram"],
        env={"TELEGRAM_BOT_TOKEN_FILE": str(tmp_path / "sumiu"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "TELEGRAM_BOT_TOKEN_FILE" in result.stderr and "Traceback" not in result.stderr


def test_logs_are_json_lines_with_the_request_id_and_never_the_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    token = "123456:AAE-segredo-do-bot"
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", token)
    monkeypatch.setenv("INFRABOT_LOG_FORMAT", "json")
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    try:
        logs.configure()
        with logs.handling("tg-42"):
            logging.getLogger("httpx").warning(
                "POST https://api.telegram.org/bot%s/sendMessage", token
            )
        logging.getLogger("infrabot.teste").info("fora de um update")
    finally:
        root.handlers, root.level = saved
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert lines[0]["request_id"] == "tg-42" and lines[0]["level"] == "WARNING"
    assert token not in lines[0]["message"] and "bot***/sendMessage" in lines[0]["message"]
    assert lines[1]["request_id"] == "-"


def test_message_text_is_logged_only_at_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFRABOT_LOG_LEVEL", "INFO")
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    try:
        logs.configure()
        assert not logs.debug_enabled()
        monkeypatch.setenv("INFRABOT_LOG_LEVEL", "DEBUG")
        logs.configure()
        assert logs.debug_enabled()
    finally:
        root.handlers, root.level = saved


def test_an_unreachable_slack_or_telegram_is_a_short_message(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "INFRABOT_HOME": str(tmp_path),
        "INFRABOT_LOG_FORMAT": "json",
        "SLACK_BOT_TOKEN": "xoxb-teste",
        "SLACK_SIGNING_SECRET": "segredo",
        "INFRABOT_SLACK_API_URL": "http://127.0.0.1:9/",  # nothing listens on port 9
        "TELEGRAM_BOT_TOKEN": "123:teste",
        "INFRABOT_TELEGRAM_API_URL": "http://127.0.0.1:9/bot",
    }
    with socket.socket() as probe:  # a port nothing uses, for the Slack app's own server
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    for command in (["slack", "--http", "--port", port], ["telegram"]):
        result = subprocess.run(
            [str(INFRABOT), *command], env=env, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 2
        last = result.stderr.strip().splitlines()[-1]
        assert last.startswith("Erro: não consegui entrar no"), last


def test_a_bad_database_url_or_port_is_a_short_message(tmp_path: Path) -> None:
    base = {"PATH": "/usr/bin:/bin", "INFRABOT_HOME": str(tmp_path)}
    cases = [
        (["db", "upgrade"], {"INFRABOT_DATABASE_URL": "banana"}, "INFRABOT_DATABASE_URL"),
        (
            ["ask", "oi"],
            {"INFRABOT_DATABASE_URL": "postgresql://ninguem:senha-secreta@127.0.0.1:9/x"},
            "INFRABOT_DATABASE_URL",
        ),
        (["slack", "--http", "--port", "70000"], {}, "--port"),
    ]
    for command, env, named in cases:
        result = subprocess.run(
            [str(INFRABOT), *command],
            env={**base, **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2
        assert named in result.stderr and "Traceback" not in result.stderr
        assert "senha-secreta" not in result.stderr


def test_metrics_are_served_while_the_database_is_down(caplog: pytest.LogCaptureFixture) -> None:
    from sqlalchemy.exc import OperationalError

    from bot.ops.metrics import render

    render(lambda channel: 3)

    def down(channel: str) -> int:
        raise OperationalError("SELECT count(*)", {}, Exception("connection refused"))

    with caplog.at_level(logging.WARNING):
        body, content_type = render(down)
    page = body.decode()
    assert content_type.startswith("text/plain")
    assert 'infrabot_outbox_depth{channel="slack"} 3.0' in page  # the depth last read
    assert 'infrabot_errors_total{kind="metrics_outbox_depth"}' in page
    assert "OperationalError" in caplog.text and "Traceback" not in caplog.text


def test_a_token_slack_rejects_is_one_line_and_a_nonzero_exit(tmp_path: Path) -> None:
    from tests.fakes.fake_slack import FakeSlack

    slack = FakeSlack()
    slack.refusing["auth.test"] = "invalid_auth"  # a revoked token
    env = {
        "PATH": "/usr/bin:/bin",
        "INFRABOT_HOME": str(tmp_path),
        "SLACK_BOT_TOKEN": "xoxb-revogado",
        "SLACK_SIGNING_SECRET": "segredo",
        "INFRABOT_SLACK_API_URL": slack.api_url,
    }
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    result = subprocess.run(
        [str(INFRABOT), "slack", "--http", "--port", port],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "xoxb-revogado" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("Erro: o Slack recusou o token de SLACK_BOT_TOKEN"), last


def test_a_request_with_a_bad_signature_leaves_no_payload_in_the_log(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import time

    from slack_bolt import App
    from slack_bolt.request import BoltRequest

    handlers, level = logging.root.handlers[:], logging.root.level
    logs.configure("text")
    app = App(signing_secret="s", token="xoxb-x", token_verification_enabled=False)
    request = BoltRequest(
        body="command=%2Fcotacao&text=dados-do-cliente",
        headers={
            "x-slack-request-timestamp": str(int(time.time())),
            "x-slack-signature": "v0=abc",
            "content-type": "application/x-www-form-urlencoded",
        },
    )
    try:
        assert app.dispatch(request).status == 401
        assert "dados-do-cliente" not in capfd.readouterr().err
    finally:  # the process's logging as it was, for the tests after this one
        logging.root.handlers[:] = handlers
        logging.root.setLevel(level)


@pytest.mark.parametrize("name", ["INFRABOT_INBOX_LEASE", "INFRABOT_OUTBOX_LEASE"])
def test_a_lease_that_is_not_a_positive_number_stops_the_start_in_one_line(
    tmp_path: Path, name: str
) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path), "TELEGRAM_BOT_TOKEN": "123:TESTE"}
    env["INFRABOT_DATABASE_URL"] = f"sqlite:///{tmp_path / 'bot.db'}"
    env[name] = "-5"
    done = subprocess.run(
        [str(INFRABOT), "telegram"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert f"{name} deve ser um número de segundos maior que 0" in done.stderr
    assert "Traceback" not in done.stderr
