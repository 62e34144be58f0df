"""The database engine: the URL (INFRABOT_DATABASE_URL or SQLite under INFRABOT_HOME), the driver,
and a schema brought to the latest migration before anyone uses it."""

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from alembic.util import CommandError
from sqlalchemy import create_engine, event, make_url
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError

from bot.db import schema
from bot.ops.credentials import credential
from bot.ops.errors import DatabaseUnavailable
from bot.ops.paths import home

# Tries at switching a new SQLite file to WAL while other processes do the same (about 20 s in all).
WAL_TRIES = 20


def database_url() -> str:
    configured = credential("INFRABOT_DATABASE_URL")  # the URL may carry a password
    if configured:
        return configured
    home().mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home() / 'infrabot.db'}"


def with_driver(url: str) -> str:
    """postgresql:// URLs go through psycopg 3, the driver this project installs."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


SUPPORTED = ("sqlite", "postgresql")
# Every PostgreSQL call ends: a server that accepts and never answers fails the connection after
# CONNECT_TIMEOUT_S (libpq's whole handshake), and the server cancels a statement running past
# STATEMENT_TIMEOUT_MS (a lock wait, a runaway query) so a handler can apologise instead of hang.
CONNECT_TIMEOUT_S = 5
STATEMENT_TIMEOUT_MS = 30_000


@contextmanager
def _database_errors() -> Iterator[None]:
    """A URL that is not ours, a missing driver or a server that does not answer becomes one
    pt-BR line (DatabaseUnavailable). The URL's text is never shown: it may carry a password."""
    try:
        yield
    except CommandError as error:  # a revision this code does not know: a newer schema
        raise DatabaseUnavailable(
            f"o esquema do banco é mais novo que o deste infrabot (a última que ele conhece é "
            f"{schema.head()}); atualize o infrabot antes de usar este banco."
        ) from error
    except (ArgumentError, DBAPIError, ImportError) as error:
        cause = error.orig if isinstance(error, DBAPIError) else error
        raise DatabaseUnavailable(
            "não consegui abrir o banco de INFRABOT_DATABASE_URL "
            f"({type(cause).__name__}); confira o endereço e se o servidor está no ar."
        ) from error


def _check_dialect(url: str) -> None:
    dialect = url.split(":", 1)[0].split("+", 1)[0]
    if dialect not in SUPPORTED:
        raise DatabaseUnavailable(
            f"INFRABOT_DATABASE_URL aponta para '{dialect}', que o infrabot não usa; use "
            "postgresql://usuario@host/banco, ou deixe a variável vazia para usar SQLite."
        )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers work during a write, and NORMAL sync skips an fsync per commit that WAL
    does not need for durability of committed transactions against process crashes."""
    cursor = connection.cursor()
    for attempt in range(WAL_TRIES):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as error:
            # Switching to WAL takes the file alone, and SQLite answers "locked" at once, without
            # its busy timeout, while another process starting beside this one switches it too.
            if "locked" not in str(error) or attempt == WAL_TRIES - 1:
                raise
            time.sleep(0.1 * (attempt + 1))
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _connect_arguments(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        # Channels call the database from worker threads; SQLite's own check would refuse that.
        # Processes that start together wait for each other's migration (switching to WAL takes
        # the file alone) longer than SQLite's 5 s default, which a loaded machine can exceed.
        return {"check_same_thread": False, "timeout": 30}
    # A value set in the URL itself wins; its other options (a search_path) are kept.
    query = make_url(url).query
    arguments: dict[str, Any] = {}
    if "connect_timeout" not in query:
        arguments["connect_timeout"] = CONNECT_TIMEOUT_S
    options = str(query.get("options") or "")
    if "statement_timeout" not in options:
        arguments["options"] = f"{options} -c statement_timeout={STATEMENT_TIMEOUT_MS}".strip()
    return arguments


def open_engine(url: str | None = None) -> Engine:
    """An engine on the configured database, migrated to the latest revision."""
    url = with_driver(url or database_url())
    sqlite = url.startswith("sqlite")
    _check_dialect(url)
    with _database_errors():
        # A server may drop idle connections (restart, failover); a SQLite file cannot.
        # An error's text would otherwise quote its SQL parameters: client names, chat ids.
        engine = create_engine(
            url,
            pool_pre_ping=not sqlite,
            connect_args=_connect_arguments(url),
            hide_parameters=True,
        )
        if sqlite:
            event.listen(engine, "connect", _sqlite_pragmas)
        schema.upgrade(engine)
    return engine


def current_revision(url: str | None = None) -> str | None:
    """The schema revision of the configured database, without migrating it."""
    url = with_driver(url or database_url())
    _check_dialect(url)
    with _database_errors():
        engine = create_engine(url, connect_args=_connect_arguments(url))
        try:
            return schema.current(engine)
        finally:
            engine.dispose()
