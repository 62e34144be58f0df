"""The database comes up to the latest migration, fresh or created before migrations existed."""

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect
from sqlalchemy.orm import Session

from bot import schema
from bot.state import Base, ConversationRow, ConversationStore


def test_a_fresh_database_gets_every_table_at_the_latest_revision(tmp_path: Path) -> None:
    store = ConversationStore(f"sqlite:///{tmp_path / 'novo.db'}")
    assert schema.current(store.engine) == schema.head()
    tables = set(inspect(store.engine).get_table_names())
    assert {"conversations", "telegram_updates", "telegram_persistence"} <= tables


def test_a_database_from_before_migrations_is_adopted_without_losing_rows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'antigo.db'}"
    engine = create_engine(url)
    Base.metadata.tables["conversations"].create(engine)  # as the first version made it
    with Session(engine) as session, session.begin():
        session.add(
            ConversationRow(
                id="antiga",
                slots={"model": "llama-3-8b"},
                handoff=False,
                history=[],
                updated_at=datetime.now(UTC),
            )
        )
    store = ConversationStore(url)
    assert schema.current(store.engine) == schema.head()
    assert store.load("antiga").slots == {"model": "llama-3-8b"}


@pytest.mark.skipif(
    not os.environ.get("INFRABOT_TEST_DATABASE_URL"),
    reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)",
)
def test_postgresql_comes_up_to_the_latest_revision_and_stays_there() -> None:
    url = os.environ["INFRABOT_TEST_DATABASE_URL"]
    first = ConversationStore(url)
    second = ConversationStore(url)  # a second replica starting later
    assert schema.current(first.engine) == schema.current(second.engine) == schema.head()
