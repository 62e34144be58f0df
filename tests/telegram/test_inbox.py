"""The inbox's rules, one process's view (tests/relay/test_crash_points.py kills real ones): an
update left by a stopped process is answered once whichever copy (the one Telegram sends again,
the one taken over) comes first; a live process keeps what it holds; a copy turned away never
marks the update answered for the one that was let in."""

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.assistant.state import ConversationStore
from bot.db.tables import HandledUpdate
from bot.telegram import inbox as inbox_module
from bot.telegram.inbox import ABANDONED, ANSWERED, MAX_ATTEMPTS, RECEIVED, Inbox

# A bot of its own: what a process holds is kept per process, by bot and update id.
BOT = 4242


def _payload(update_id: int) -> dict[str, object]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": 1,
            "date": 0,
            "text": "o que é OOM?",
            "chat": {"id": 9, "type": "private"},
            "from": {"id": 9, "is_bot": False, "first_name": "C"},
        },
    }


@pytest.fixture
def inbox(tmp_path: Path) -> Inbox:
    return Inbox(ConversationStore(f"sqlite:///{tmp_path / 'inbox.db'}").engine, bot=BOT)


def _left_by_a_stopped_process(inbox: Inbox, update_id: int) -> None:
    with Session(inbox.engine) as session, session.begin():
        session.add(
            HandledUpdate(
                bot_id=BOT,
                update_id=update_id,
                received_at=datetime.now(UTC),
                payload=_payload(update_id),
                status=RECEIVED,
                owner="outra-maquina:123:parou",
                locked_until=datetime.now(UTC) - timedelta(seconds=1),
                attempts=1,
            )
        )


def _status(inbox: Inbox, update_id: int) -> str:
    with Session(inbox.engine) as session:
        return str(
            session.scalar(
                select(HandledUpdate.status).where(
                    HandledUpdate.bot_id == BOT, HandledUpdate.update_id == update_id
                )
            )
        )


def test_taken_over_then_sent_again_it_is_answered_once(inbox: Inbox) -> None:
    _left_by_a_stopped_process(inbox, 1)
    assert [p["update_id"] for p in inbox.overdue()] == [1]
    # Telegram's copy comes first and is let in; the taken-over copy, behind it, is not.
    assert inbox.begin(1, 9, None)
    inbox.answered(1)
    assert not inbox.begin(1, 9, None)
    inbox.answered(1)
    assert _status(inbox, 1) == ANSWERED


def test_a_copy_turned_away_does_not_answer_for_the_one_let_in(inbox: Inbox) -> None:
    _left_by_a_stopped_process(inbox, 2)
    assert inbox.begin(2, 9, None)  # the lease lapsed: this process takes it
    assert inbox.overdue() == []  # this live process holds it now
    assert not inbox.begin(2, 9, None)  # a copy
    assert _status(inbox, 2) == RECEIVED
    inbox.answered(2)
    assert _status(inbox, 2) == ANSWERED


def test_a_live_process_keeps_what_it_holds_and_takes_over_what_a_stopped_one_left(
    inbox: Inbox,
) -> None:
    assert inbox.record(_payload(3))  # held here, late in a slow queue: its lease ran out
    with Session(inbox.engine) as session, session.begin():
        row = session.get(HandledUpdate, (BOT, 3))
        assert row is not None
        row.locked_until = datetime.now(UTC) - timedelta(seconds=1)
    inbox.renew()  # what another replica reads: the lease runs on
    with Session(inbox.engine) as session:
        row = session.get(HandledUpdate, (BOT, 3))
        assert row is not None and row.locked_until is not None
        assert row.locked_until.replace(tzinfo=UTC) > datetime.now(UTC)
    _left_by_a_stopped_process(inbox, 4)
    assert [p["update_id"] for p in inbox.overdue()] == [4]


def test_an_update_whose_reply_failed_is_tried_again_then_set_aside(
    inbox: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inbox_module, "RETRY_AFTER", timedelta(0))
    assert inbox.record(_payload(5))
    assert inbox.begin(5, 9, None)
    assert inbox.unsent(5)  # back in the inbox, not answered
    inbox.answered(5)
    assert _status(inbox, 5) == RECEIVED
    for tried in range(2, MAX_ATTEMPTS + 1):  # each retry is a new attempt
        time.sleep(0.01)
        assert [p["update_id"] for p in inbox.overdue()] == [5]
        assert inbox.begin(5, 9, None)
        assert inbox.unsent(5) is (tried < MAX_ATTEMPTS)
    time.sleep(0.01)
    assert inbox.overdue() == []  # set aside with an error line, not tried forever
    assert _status(inbox, 5) == ABANDONED
