"""A process that opens a new SQLite file while another switches it to WAL waits its turn."""

import sqlite3
from typing import Any

import pytest

from bot.db import engine


class _Cursor:
    def __init__(self, locked: int) -> None:
        self.locked = locked
        self.ran: list[str] = []

    def execute(self, statement: str) -> None:
        if statement.startswith("PRAGMA journal_mode") and self.locked:
            self.locked -= 1
            raise sqlite3.OperationalError("database is locked")
        self.ran.append(statement)

    def close(self) -> None:
        pass


class _Connection:
    def __init__(self, cursor: _Cursor) -> None:
        self._cursor = cursor

    def cursor(self) -> Any:
        return self._cursor


def test_a_locked_switch_to_wal_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.time, "sleep", lambda _seconds: None)
    cursor = _Cursor(locked=3)
    engine._sqlite_pragmas(_Connection(cursor), None)
    assert cursor.ran == ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"]


def test_a_file_locked_for_good_still_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.time, "sleep", lambda _seconds: None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        engine._sqlite_pragmas(_Connection(_Cursor(locked=engine.WAL_TRIES)), None)
