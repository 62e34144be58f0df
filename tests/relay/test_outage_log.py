"""A worker whose database is down logs the traceback once, then a line a minute, not a
traceback every poll."""

import logging

import pytest

from bot.relay.outbox import Outage


def test_an_outage_logs_one_traceback(caplog: pytest.LogCaptureFixture) -> None:
    outage = Outage("fila parada", remind_seconds=3600)
    with caplog.at_level(logging.INFO, logger="infrabot.outbox"):
        for _ in range(50):  # fifty polls with the database down
            try:
                raise ConnectionError("conexão recusada")
            except ConnectionError:
                outage.failed()
        outage.recovered()
        try:
            raise ConnectionError("de novo")
        except ConnectionError:
            outage.failed()
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 2  # one per outage
    assert len(caplog.records) == 3
    assert "normalizado" in caplog.records[1].getMessage()
