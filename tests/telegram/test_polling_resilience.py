"""`infrabot telegram` against the fake Bot API when Telegram misbehaves: an update this PTB cannot
decode is skipped (polling goes on), and a revoked token, a silent Bot API or a refused webhook end
the process non-zero with one pt-BR line and no traceback."""

import asyncio
import json
import os
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from sqlalchemy import create_engine

from bot.ops import health
from bot.telegram.app import webhook_secret
from bot.telegram.liveness import REFUSED, Liveness, watch
from bot.telegram.webhook import SECRET_HEADER
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.updates import free_port
from tests.telegram.test_telegram import INFRABOT

CHAT = 4_100_001


class RefusingWebhook(FakeTelegram):
    """The Bot API refusing setWebhook, as it does a URL it will not call."""

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["method"] == "setWebhook":
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 400,
                    "description": "Bad Request: bad webhook: An HTTPS URL must be provided",
                },
                status=400,
            )
        return await super()._handle(request)


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    fake = FakeTelegram()
    yield fake
    fake.close()


def _start(
    fake: FakeTelegram, home: Path, *arguments: str, **env: str
) -> tuple[subprocess.Popen[bytes], Path]:
    stderr = home / "stderr.log"
    process = subprocess.Popen(
        [str(INFRABOT), "telegram", *arguments],
        env={
            **{k: v for k, v in os.environ.items() if k != "INFRABOT_CHROMA_URL"},
            "TELEGRAM_BOT_TOKEN": fake.token,
            "INFRABOT_TELEGRAM_API_URL": fake.api_url,
            "INFRABOT_HOME": str(home),
            "INFRABOT_DATABASE_URL": f"sqlite:///{home / 'bot.db'}",
            "INFRABOT_LOG_FORMAT": "json",
            **env,
        },
        stdout=subprocess.DEVNULL,
        stderr=stderr.open("wb"),
    )
    return process, stderr


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(30)


def _log(stderr: Path) -> list[dict[str, Any]]:
    lines = stderr.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.startswith("{")]


def _bad_poll() -> dict[str, Any]:
    """A poll without the fields PTB requires (a shape a newer Bot API could send)."""
    return {"poll": {"id": "p1", "question": "Qual o CPF do Fulano? 123.456.789-00"}}


def test_an_undecodable_update_is_logged_once_and_skipped(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    # Both in the first batch: today's main fails on the whole batch, every time.
    bad = fake.push(_bad_poll())
    fake.message(CHAT, "/start")
    process, stderr = _start(fake, tmp_path)
    try:
        assert fake.wait_for(lambda: fake.texts(CHAT), 60), "the message after it was not answered"
        fake.message(CHAT, "/ajuda")  # and polling goes on
        assert fake.wait_for(lambda: len(fake.texts(CHAT)) >= 2, 30)
    finally:
        _stop(process)
    skipped = [line for line in _log(stderr) if "não decodifica" in line["message"]]
    assert [line["update_id"] for line in skipped] == [bad]
    assert "123.456.789-00" not in stderr.read_text(encoding="utf-8")  # no personal data


def test_a_reply_telegram_did_not_take_is_sent_once_it_is_back(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    # Today's main marks the update answered anyway: the client never gets a reply.
    fake.failing = True
    fake.message(CHAT, "o que é OOM?")
    process, _ = _start(fake, tmp_path)
    try:
        assert fake.wait_for(lambda: fake.refused >= 4, 60)  # the send and its 3 retries
        fake.failing = False
        assert fake.wait_for(lambda: fake.texts(CHAT), 60), "the update was not tried again"
        time.sleep(2)
    finally:
        _stop(process)
    [reply] = fake.texts(CHAT)
    assert "OOM" in reply or "memória" in reply
    assert "Desculpe" not in reply


def test_a_token_revoked_while_running_ends_the_process_with_one_line(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    fake.message(CHAT, "/start")
    process, stderr = _start(fake, tmp_path)
    try:
        assert fake.wait_for(lambda: fake.texts(CHAT), 60)
        fake.token = "123:REVOGADO"  # every call with the old token now gets 401
        code = process.wait(30)
    finally:
        _stop(process)
    text = stderr.read_text(encoding="utf-8")
    assert code != 0
    assert [line for line in text.splitlines() if line.startswith("Erro:")] == [
        line for line in text.splitlines() if "recusou o token" in line
    ]
    assert "recusou o token" in text
    assert "Traceback" not in text and "exc_info" not in text


def test_a_silent_bot_api_past_the_threshold_ends_the_process(tmp_path: Path) -> None:
    fake = FakeTelegram()
    fake.message(CHAT, "/start")
    process, stderr = _start(fake, tmp_path, INFRABOT_TELEGRAM_OUTAGE_SECONDS="3")
    try:
        assert fake.wait_for(lambda: fake.texts(CHAT), 60)  # polling, past its start-up
        fake.close()  # its socket stays open, answering nothing: getUpdates times out
        started = time.monotonic()
        code = process.wait(60)
    finally:
        _stop(process)
    text = stderr.read_text(encoding="utf-8")
    assert code != 0
    assert "Erro: a API do Telegram não responde há" in text
    assert time.monotonic() - started < 30  # the read deadline, then the 3 s threshold
    assert "Traceback" not in text


def test_a_token_revoked_under_a_webhook_replica_ends_it_at_its_next_call(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    port = free_port()
    process, stderr = _start(
        fake, tmp_path, "--webhook", f"http://127.0.0.1:{port}/telegram", "--port", str(port)
    )
    try:
        assert fake.wait_for(lambda: fake.calls("setWebhook"), 60)
        fake.token = "123:REVOGADO"
        update = {
            "update_id": 1,
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "chat": {"id": CHAT, "type": "private", "first_name": "Cliente"},
                "from": {"id": CHAT, "is_bot": False, "first_name": "Cliente"},
                "text": "/start",
            },
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/telegram",
            data=json.dumps(update).encode(),
            headers={
                "Content-Type": "application/json",
                SECRET_HEADER: webhook_secret("123:TESTE"),
            },
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        code = process.wait(30)  # its reply got 401: the replica ends instead of going deaf
    finally:
        _stop(process)
    text = stderr.read_text(encoding="utf-8")
    assert code != 0 and "Erro: o Telegram recusou o token" in text
    assert "Traceback" not in text


class _Index:
    dense = object()

    def index_problem(self) -> str | None:
        return None


def test_a_refused_token_fails_readiness(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "_channel_problem", None)
    engine = create_engine("sqlite://")
    assert health.readiness(engine, _Index()).ready
    liveness = Liveness(outage=300)
    liveness.answered(401)
    assert asyncio.run(watch(liveness, asyncio.Event())) == REFUSED
    state = health.readiness(engine, _Index())
    assert not state.ready and state.checks["channel"] == REFUSED


def test_a_refused_set_webhook_ends_the_replica_with_one_line(tmp_path: Path) -> None:
    fake = RefusingWebhook()
    port = free_port()
    try:
        process, stderr = _start(
            fake, tmp_path, "--webhook", "http://bot.exemplo/telegram", "--port", str(port)
        )
        try:
            code = process.wait(60)
        finally:
            _stop(process)
    finally:
        fake.close()
    text = stderr.read_text(encoding="utf-8")
    assert code != 0
    assert "Erro: o Telegram não aceitou o webhook http://bot.exemplo/telegram" in text
    assert "https url must be provided" in text.lower()  # the Bot API's reason
    assert "Traceback" not in text and fake.token not in text
