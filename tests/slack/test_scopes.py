"""An app installed without the history scopes cannot look up a message before resending it
after a crash (a second handoff thread is then possible): the start says so in one error line."""

import logging
from collections.abc import Iterator

import pytest
from slack_sdk import WebClient

from bot.slack.app import warn_missing_history
from tests.fakes.fake_slack import FakeSlack


@pytest.fixture
def slack() -> Iterator[FakeSlack]:
    fake = FakeSlack()
    yield fake
    fake.close()


def _errors(slack: FakeSlack, caplog: pytest.LogCaptureFixture) -> list[str]:
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="infrabot.slack"):
        warn_missing_history(WebClient(token="xoxb-teste", base_url=slack.api_url))
    return [record.getMessage() for record in caplog.records]


def test_missing_history_scopes_are_named_at_start(
    slack: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    slack.scopes = "chat:write,commands,users:read,channels:history"
    [line] = _errors(slack, caplog)
    assert "groups:history" in line and "channels:history" not in line
    assert "duas vezes" in line


def test_an_app_with_every_scope_starts_quietly(
    slack: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    assert _errors(slack, caplog) == []
