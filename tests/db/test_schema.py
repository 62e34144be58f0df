"""The database comes up to the latest migration, fresh or created before migrations existed."""

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Column, MetaData, Table, create_engine, inspect, text
from sqlalchemy.orm import Session

from bot.assistant.state import ConversationStore
from bot.db import schema
from bot.db.tables import Base, HandledUpdate
from bot.telegram.inbox import Inbox
from bot.telegram.store import prune_updates, recent_updates
from tests.helpers.postgres import fresh_schema

# Columns of `conversations` that migrations after the first one add.
_ADDED_LATER = {"last_field"}


def test_a_fresh_database_gets_every_table_at_the_latest_revision(tmp_path: Path) -> None:
    store = ConversationStore(f"sqlite:///{tmp_path / 'novo.db'}")
    assert schema.current(store.engine) == schema.head()
    tables = set(inspect(store.engine).get_table_names())
    assert {"conversations", "telegram_updates", "telegram_persistence"} <= tables


def test_a_database_from_before_migrations_is_adopted_without_losing_rows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'antigo.db'}"
    engine = create_engine(url)
    current = Base.metadata.tables["conversations"]
    first = Table(  # as the first version made it: columns added by migrations left out
        "conversations",
        MetaData(),
        *(
            Column(column.name, column.type, primary_key=column.primary_key)
            for column in current.columns
            if column.name not in _ADDED_LATER
        ),
    )
    first.create(engine)
    with engine.begin() as connection:
        connection.execute(
            first.insert().values(
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


def _migrate_at_once(url: str, processes: int = 4) -> list[subprocess.CompletedProcess[str]]:
    """Start several processes that open the same new database at the same instant."""
    code = (
        "import sys, time; from bot.assistant.state import ConversationStore; "
        "time.sleep(max(0, float(sys.argv[2]) - time.time())); ConversationStore(sys.argv[1])"
    )
    start = str(time.time() + 2.0)
    running = [
        subprocess.Popen(
            [sys.executable, "-c", code, url, start],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(processes)
    ]
    return [subprocess.CompletedProcess(p.args, p.wait(60), *p.communicate()) for p in running]


def test_processes_starting_together_on_a_new_sqlite_database_migrate_once(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'corrida.db'}"
    results = _migrate_at_once(url)
    assert [r.returncode for r in results] == [0] * len(results), results[0].stderr[-2000:]
    assert schema.current(create_engine(url)) == schema.head()


@pytest.mark.skipif(
    not os.environ.get("INFRABOT_TEST_DATABASE_URL"),
    reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)",
)
def test_replicas_starting_together_on_a_new_postgresql_schema_migrate_once() -> None:
    with fresh_schema("corrida") as url:
        results = _migrate_at_once(url)
        assert [r.returncode for r in results] == [0] * len(results), results[0].stderr[-2000:]
        assert schema.current(ConversationStore(url).engine) == schema.head()


def test_answered_updates_older_than_a_day_are_pruned(tmp_path: Path) -> None:
    store = ConversationStore(f"sqlite:///{tmp_path / 'podar.db'}")
    inbox = Inbox(store.engine, 123)
    assert inbox.begin(1, 10, datetime.now(UTC))
    with Session(store.engine) as session, session.begin():
        session.add(
            HandledUpdate(
                bot_id=123,
                update_id=2,
                chat_id=10,
                received_at=datetime.now(UTC) - timedelta(days=2),
            )
        )
    assert prune_updates(store, timedelta(days=1)) == 1
    assert recent_updates(store, 10, datetime.now(UTC), 60, 10) == 1
    inbox.answered(1)
    assert not inbox.begin(1, 10, None)  # the recent one still guards repeats


def _migrate(url: str, step: str, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(schema.MIGRATIONS))
    with create_engine(url).begin() as connection:
        config.attributes["connection"] = connection
        getattr(command, step)(config, revision)


def _updates_across_the_bot_id_migration(url: str) -> None:
    _migrate(url, "upgrade", "0006")
    with create_engine(url).begin() as connection:
        columns = "update_id, chat_id, received_at"  # as revision 0006 has them
        connection.execute(
            text(f"INSERT INTO telegram_updates ({columns}) VALUES (7, 10, :t)"),
            {"t": datetime.now(UTC)},
        )
    store = ConversationStore(url)  # up to the head
    assert not Inbox(store.engine, 0).begin(7, 10, None)  # the row from before is kept
    assert Inbox(store.engine, 123).begin(7, 10, None)  # another bot's update 7 is new
    assert recent_updates(store, 10, datetime.now(UTC), 60, 10) == 0  # neither was a message
    _migrate(url, "downgrade", "0006")
    with create_engine(url).connect() as connection:
        rows = connection.execute(text("SELECT update_id FROM telegram_updates")).all()
    assert [row[0] for row in rows] == [7]


def test_handled_updates_survive_the_bot_id_migration_both_ways(tmp_path: Path) -> None:
    _updates_across_the_bot_id_migration(f"sqlite:///{tmp_path / 'bot_id.db'}")


@pytest.mark.skipif(
    not os.environ.get("INFRABOT_TEST_DATABASE_URL"),
    reason="INFRABOT_TEST_DATABASE_URL não definido (o .ci/run define)",
)
def test_handled_updates_survive_the_bot_id_migration_on_postgresql() -> None:
    with fresh_schema("bot_id") as url:
        _updates_across_the_bot_id_migration(url)
