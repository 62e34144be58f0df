"""Malformed requests to the HTTP endpoints get a 4xx, never a 500: a Slack request with a
non-numeric timestamp or a body past the cap, a Telegram webhook body that is not an update."""

import http.client
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from tests.fakes.fake_slack import FakeSlack
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.updates import free_port, listening

INFRABOT = Path(sys.executable).with_name("infrabot")


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_malformed_requests_are_4xx(tmp_path: Path) -> None:
    telegram, slack = FakeTelegram(), FakeSlack({})
    slack_port, webhook_port = free_port(), free_port()
    env = {
        **os.environ,
        "INFRABOT_HOME": str(tmp_path),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}",
        "TELEGRAM_BOT_TOKEN": telegram.token,
        "INFRABOT_TELEGRAM_API_URL": telegram.api_url,
        "TELEGRAM_WEBHOOK_SECRET": "segredo-do-webhook",
        "SLACK_BOT_TOKEN": "xoxb-teste",
        "SLACK_SIGNING_SECRET": "assinatura-de-teste",
        "INFRABOT_SLACK_API_URL": slack.api_url,
    }
    env.pop("INFRABOT_CHROMA_URL", None)
    webhook = f"http://127.0.0.1:{webhook_port}/telegram"
    processes = [
        subprocess.Popen([str(INFRABOT), *args], env=env, stdout=subprocess.DEVNULL)
        for args in (
            ["slack", "--http", "--port", str(slack_port)],
            ["telegram", "--webhook", webhook, "--port", str(webhook_port)],
        )
    ]
    try:
        assert slack.wait_for(lambda: listening(slack_port) and listening(webhook_port), 90)
        for stamp in ("agora", "1.5", ""):
            status = _post(
                f"http://127.0.0.1:{slack_port}/slack/events",
                b"command=%2Fcotacao&text=oi",
                {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "X-Slack-Request-Timestamp": stamp,
                    "X-Slack-Signature": "v0=abc",
                },
            )
            assert status == 401, stamp
        # A body past the cap is refused from its Content-Length alone, before it is read.
        oversized = http.client.HTTPConnection("127.0.0.1", slack_port, timeout=10)
        oversized.putrequest("POST", "/slack/events")
        oversized.putheader("Content-Length", str(150 * 1024 * 1024))
        oversized.putheader("X-Slack-Request-Timestamp", "1700000000")
        oversized.endheaders(b"command=%2Fcotacao")
        assert oversized.getresponse().status == 413
        oversized.close()
        headers = {
            "Content-Type": "application/json",
            "X-Telegram-Bot-Api-Secret-Token": "segredo-do-webhook",
        }
        for body in (b"[]", b"1", b"null", b'"x"', b"{nao e json"):
            assert _post(webhook, body, headers) == 400, body
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM if "slack" in process.args else signal.SIGINT)
        for process in processes:
            process.wait(30)
        telegram.close()
        slack.close()
