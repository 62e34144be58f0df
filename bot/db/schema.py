"""The database schema, brought to the latest Alembic revision when a store opens.

Every process runs this at start-up: a fresh database gets all tables; one created before the
migrations existed gets the tables it lacks (the first revision checks what is there); an
up-to-date one costs a single version query. Processes starting together take turns (a
PostgreSQL advisory lock, a file lock beside a SQLite database).
"""

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).parent / "migrations"
LOCK_KEY = 0x1F0B07  # any fixed number: the advisory lock that serialises migrations


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head() -> str:
    revision = ScriptDirectory.from_config(_config()).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[None]:
    """One migrating process at a time: replicas (or the Telegram and Slack apps) starting
    together on a new database would otherwise both create the same tables."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK_KEY})
            try:
                yield
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
                connection.commit()
        return
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    with open(f"{database}.migrate.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def upgrade(engine: Engine) -> None:
    if current(engine) == head():
        return
    with _migration_lock(engine):
        if current(engine) == head():  # another process migrated while this one waited
            return
        config = _config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
