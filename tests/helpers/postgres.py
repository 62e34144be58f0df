"""A new, empty schema in the shared PostgreSQL test database, dropped afterwards: tests that
need an empty database (migrations, outbox order, replicas starting) get one of their own."""

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text

from bot.assistant.state import ConversationStore


@contextmanager
def fresh_schema(prefix: str) -> Iterator[str]:
    """Yields a database URL whose tables live in a new schema."""
    base = os.environ["INFRABOT_TEST_DATABASE_URL"]
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = ConversationStore(base).engine
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {name}"))
    try:
        yield f"{base}?options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()
