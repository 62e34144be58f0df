"""The database engine: the URL (INFRABOT_DATABASE_URL or SQLite under INFRABOT_HOME), the driver,
and a schema brought to the latest migration before anyone uses it."""

from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError

from bot.db import schema
from bot.ops.credentials import credential
from bot.ops.errors import DatabaseUnavailable
from bot.ops.paths import home


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


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers work during a write, and NORMAL sync skips an fsync per commit that WAL
    does not need for durability of committed transactions against process crashes."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def open_engine(url: str | None = None) -> Engine:
    """An engine on the configured database, migrated to the latest revision."""
    url = with_driver(url or database_url())
    # Channels call the database from worker threads; SQLite's own check would refuse that.
    sqlite = url.startswith("sqlite")
    arguments = {"check_same_thread": False} if sqlite else {}
    try:
        # A server may drop idle connections (restart, failover); a SQLite file cannot.
        engine = create_engine(url, pool_pre_ping=not sqlite, connect_args=arguments)
        if sqlite:
            event.listen(engine, "connect", _sqlite_pragmas)
        schema.upgrade(engine)
    except (ArgumentError, DBAPIError) as error:  # the URL's text is not shown: a password
        raise DatabaseUnavailable(
            "não consegui abrir o banco de INFRABOT_DATABASE_URL "
            f"({type(error.orig if isinstance(error, DBAPIError) else error).__name__}); "
            "confira o endereço e se o servidor está no ar."
        ) from error
    return engine
