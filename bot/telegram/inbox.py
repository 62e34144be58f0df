"""Telegram's updates as an inbox in the database: an update is recorded before Telegram is told
it arrived (the webhook's 200, polling's next offset), answered from there, and marked answered
once its handlers are done. A process that dies on the way leaves its update leased: when the
lease lapses another process (or the same one restarted) takes it over, so a crash at any point
ends with the update answered. A crash after a reply went out and before the row was marked
sends that reply again: Telegram has no way to look a sent message up, so that window is
at-least-once, and every takeover is counted (infrabot_telegram_retaken_total). A reply Telegram
did not take (timeouts under load, a 5xx after the retries) puts the update back for a retry,
up to MAX_ATTEMPTS tries, instead of marking it answered."""

import logging
import os
import socket
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement
from telegram import Update

from bot.db.tables import HandledUpdate
from bot.ops.crash import crash_point
from bot.ops.metrics import ERRORS, RETAKEN
from bot.ops.settings import positive_seconds

log = logging.getLogger("infrabot.telegram")
RECEIVED, ANSWERED, ABANDONED = "recebido", "respondido", "abandonado"
LEASE_SECONDS = 60.0  # longer than any update takes: its Bot API calls end within ~10 s
# An update whose process stopped this many times while holding it is set aside, not taken
# over forever (it may be what kills them).
MAX_ATTEMPTS = 3
# How long an update whose reply failed to send waits before it is tried again.
RETRY_AFTER = timedelta(seconds=5)
# Who holds a leased update: this process (a restarted one is another holder, with a new id).
PROCESS = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"[:64]
# (bot, update id) this process recorded or took over and has not begun answering: its gate
# needs no database round trip for them.
_HELD: set[tuple[int, int]] = set()
# ... and those it began answering and has not marked answered.
_BEGUN: set[tuple[int, int]] = set()


def lease() -> timedelta:
    """INFRABOT_INBOX_LEASE (seconds): how long an update stays with the process answering it."""
    return timedelta(seconds=positive_seconds("INFRABOT_INBOX_LEASE", LEASE_SECONDS))


def bot_id(token: str) -> int:
    """The bot's id, the token's first part (what PTB's `bot.id` reads too)."""
    head = token.split(":", 1)[0]
    return int(head) if head.isdigit() else 0


def _now() -> datetime:
    return datetime.now(UTC)


def _origin(payload: dict[str, Any]) -> tuple[int | None, datetime | None]:
    """The update's chat and, for a message, when the client sent it (the flood gate's clock)."""
    try:
        update = Update.de_json(payload, None)
    except Exception:  # an update this PTB cannot decode still has its id
        return None, None
    chat = update.effective_chat
    return (chat.id if chat else None), (update.message.date if update.message else None)


class Inbox:
    def __init__(self, engine: Engine, bot: int) -> None:
        self.engine, self.bot = engine, bot
        self.owner = PROCESS

    def record(self, payload: dict[str, Any]) -> bool:
        """Keep an update, leased to this process, before Telegram is told it arrived; False
        when it was kept before (a redelivery: whoever holds it answers it)."""
        chat_id, sent_at = _origin(payload)
        update_id = int(payload["update_id"])
        if not self._insert(update_id, chat_id, sent_at, payload):
            return False
        _HELD.add((self.bot, update_id))
        crash_point("inbox-recorded")
        return True

    def begin(self, update_id: int, chat_id: int | None, sent_at: datetime | None) -> bool:
        """Whether this process answers the update now: it recorded or took it over (known
        without asking the database), or its holder's lease lapsed. An update that reached the
        handlers without passing the inbox is recorded here. False for one answered already or
        held by a live process (a copy of it)."""
        key = (self.bot, update_id)
        if key in _HELD:
            _HELD.discard(key)
            _BEGUN.add(key)
            return True
        now = _now()
        with Session(self.engine) as session, session.begin():
            taken = session.execute(
                update(HandledUpdate)
                .where(
                    *self._unanswered(update_id),
                    HandledUpdate.locked_until < now,
                )
                .values(
                    locked_until=now + lease(),
                    attempts=HandledUpdate.attempts + 1,  # processes that held it
                    owner=self.owner,
                )
                .execution_options(synchronize_session=False)
            )
        if taken.rowcount == 1 or self._insert(update_id, chat_id, sent_at, None):  # type: ignore[attr-defined]
            _BEGUN.add(key)
            return True
        return False

    def answered(self, update_id: int) -> None:
        """Its handlers are done: the update leaves the inbox, and what the client wrote with it."""
        key = (self.bot, update_id)
        if key not in _BEGUN:  # a copy the gate turned away: the one it let in answers it
            return
        _BEGUN.discard(key)
        crash_point("inbox-answered")
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(HandledUpdate)
                .where(
                    *self._unanswered(update_id),
                    HandledUpdate.owner == self.owner,
                )
                .values(status=ANSWERED, payload=None, locked_until=None)
                .execution_options(synchronize_session=False)
            )

    def unsent(self, update_id: int) -> bool:
        """Its reply did not reach Telegram (timed out, refused for now): the update is put back
        for a retry after a short pause, by whichever process's take-over finds it first,
        instead of being marked answered with the client left unanswered. False when the
        processes that tried it used up its MAX_ATTEMPTS: it will be set aside, not retried."""
        key = (self.bot, update_id)
        if key not in _BEGUN:
            return False
        _BEGUN.discard(key)  # not renewed any more: its lease lapses even if the database is gone
        with Session(self.engine) as session, session.begin():
            attempts = session.execute(
                update(HandledUpdate)
                .where(*self._unanswered(update_id), HandledUpdate.owner == self.owner)
                .values(locked_until=_now() + RETRY_AFTER)
                .returning(HandledUpdate.attempts)
                .execution_options(synchronize_session=False)
            ).scalar()
        return attempts is not None and attempts < MAX_ATTEMPTS

    def renew(self) -> None:
        """This process is alive: the leases of the updates it holds run on. An update waiting
        in a busy process's queue is not taken over (and answered twice) by another; only a
        process that stopped (or whose loop hangs) lets its leases lapse."""
        held = [update_id for bot, update_id in _HELD | _BEGUN if bot == self.bot]
        if not held:
            return
        now = _now()
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(HandledUpdate)
                .where(
                    HandledUpdate.bot_id == self.bot,
                    HandledUpdate.owner == self.owner,
                    HandledUpdate.status == RECEIVED,
                    HandledUpdate.update_id.in_(held),
                )
                .values(locked_until=now + lease())
                .execution_options(synchronize_session=False)
            )

    def overdue(self, limit: int = 50) -> list[dict[str, Any]]:
        """Updates whose holder's lease lapsed (it died, or took far too long), taken over by
        this process in the order Telegram sent them. One that MAX_ATTEMPTS processes held
        and stopped with (it may be what kills them) is set aside with an error line instead."""
        now = _now()
        taken: list[dict[str, Any]] = []
        with Session(self.engine) as session:
            rows = session.execute(
                select(HandledUpdate.update_id, HandledUpdate.attempts, HandledUpdate.payload)
                .where(
                    HandledUpdate.bot_id == self.bot,
                    HandledUpdate.status == RECEIVED,
                    HandledUpdate.locked_until < now,
                    HandledUpdate.payload.is_not(None),
                )
                .order_by(HandledUpdate.update_id)
                .limit(limit)
            ).all()
            for update_id, attempts, payload in rows:
                if (self.bot, update_id) in _HELD | _BEGUN:
                    continue  # still in this process's hands, late in its queue
                given_up = attempts >= MAX_ATTEMPTS
                values: dict[str, Any] = (
                    {"status": ABANDONED, "payload": None, "locked_until": None}
                    if given_up
                    else {
                        "owner": self.owner,
                        "locked_until": now + lease(),
                        "attempts": attempts + 1,
                    }
                )
                changed = session.execute(
                    update(HandledUpdate)
                    .where(
                        *self._unanswered(update_id),
                        HandledUpdate.locked_until < now,
                    )
                    .values(**values)
                    .execution_options(synchronize_session=False)
                )
                session.commit()
                if changed.rowcount != 1:  # type: ignore[attr-defined]
                    continue  # another process took it first
                if given_up:
                    ERRORS.labels("update_abandonado").inc()
                    log.error(
                        "update deixado de lado: %d tentativas de respondê-lo pararam no meio",
                        attempts,
                        extra={"update_id": update_id},
                    )
                    continue
                RETAKEN.inc()
                _HELD.add((self.bot, update_id))
                log.warning(
                    "update retomado de um processo que parou", extra={"update_id": update_id}
                )
                taken.append(payload)
        return taken

    def _unanswered(self, update_id: int) -> tuple[ColumnElement[bool], ...]:
        """The row of this bot's update, while nobody has answered it."""
        return (
            HandledUpdate.bot_id == self.bot,
            HandledUpdate.update_id == update_id,
            HandledUpdate.status == RECEIVED,
        )

    def _insert(
        self,
        update_id: int,
        chat_id: int | None,
        sent_at: datetime | None,
        payload: dict[str, Any] | None,
    ) -> bool:
        now = _now()
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    HandledUpdate(
                        bot_id=self.bot,
                        update_id=update_id,
                        chat_id=chat_id,
                        received_at=now,
                        sent_at=sent_at,
                        payload=payload,
                        status=RECEIVED,
                        owner=self.owner,
                        locked_until=now + lease(),
                        attempts=1,
                    )
                )
            return True
        except IntegrityError:
            return False
