"""The persisted outbox: every message the bridge relays between Slack and Telegram.

A message is written once (its idempotency key is unique), delivered by the process that holds the
destination's credentials, retried with exponential backoff while the destination is down, and
delivered in order within its stream (one handoff thread, one Telegram chat): a stream's next
message waits until the one before it is delivered. A short lease keeps two replicas from sending
the same message.

A lease that lapsed without its message being marked (the process died, between claiming and
marking) means the message may have gone out: the next claim says so (`maybe_sent`), and the
delivery either looks it up at the destination (Slack: the outbox id rides in each message's
metadata) or sends it again and counts it (Telegram offers no lookup).
"""

import logging
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from bot.db.tables import OutboxRow
from bot.ops.crash import crash_point
from bot.ops.metrics import ERRORS, OUTBOX_RETRIES
from bot.ops.settings import positive_seconds

log = logging.getLogger("infrabot.outbox")
Channel = Literal["slack", "telegram"]
PENDING, DELIVERED, FAILED = "pendente", "entregue", "falhou"
LEASE_SECONDS = 60.0  # a send ends within Slack's 10 s or the Bot API's ~20 s with retries
MAX_BACKOFF_SECONDS = 300.0
# How often a worker prunes delivered messages (each holds what a client or the team wrote).
PRUNE_EVERY = timedelta(hours=1)


class Message(BaseModel):
    id: int
    channel: str
    key: str
    stream: str
    kind: str
    payload: dict[str, Any]
    attempts: int
    # A process claimed it before and stopped without marking it: it may have been sent.
    maybe_sent: bool = False
    # When it was queued (epoch seconds): a lookup at the destination need not go further back.
    queued_at: float = 0.0


class DeliveryFailed(Exception):
    """The destination refused or could not be reached. `permanent` failures (a deleted chat, an
    unknown channel) are not retried; the rest are."""

    def __init__(self, reason: str, permanent: bool = False) -> None:
        super().__init__(reason)
        self.permanent = permanent


def _now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def backoff_seconds(attempts: int) -> float:
    """Wait before attempt `attempts + 1`: base x 2^(attempts - 1), capped at five minutes.
    INFRABOT_OUTBOX_BACKOFF sets the base (seconds; tests use a small one)."""
    base = float(os.environ.get("INFRABOT_OUTBOX_BACKOFF") or 2.0)
    return float(min(MAX_BACKOFF_SECONDS, base * 2 ** max(0, attempts - 1)))


class Outage:
    """A worker's failures while its database is down: the first one with its traceback, then
    one line a minute, and one when it works again (not a traceback every poll)."""

    def __init__(self, what: str, remind_seconds: float = 60.0) -> None:
        self.what, self.remind_seconds = what, remind_seconds
        self.since: float | None = None
        self._told = 0.0

    def failed(self) -> None:
        """Call from the `except` block of the failed round."""
        now = time.monotonic()
        if self.since is None:
            self.since = self._told = now
            log.exception(self.what)
        elif now - self._told >= self.remind_seconds:
            self._told = now
            log.error("%s (há %.0f s)", self.what, now - self.since)

    def recovered(self) -> None:
        if self.since is not None:
            log.warning("%s: normalizado após %.0f s", self.what, time.monotonic() - self.since)
            self.since = None


def lease() -> timedelta:
    """INFRABOT_OUTBOX_LEASE (seconds): how long a claimed message stays with its process."""
    return timedelta(seconds=positive_seconds("INFRABOT_OUTBOX_LEASE", LEASE_SECONDS))


def retention() -> timedelta:
    """How long a delivered message is kept (INFRABOT_OUTBOX_RETENTION_DAYS, default 7: enough
    to look into a delivery complaint; Slack and Telegram keep the conversation itself)."""
    return timedelta(days=float(os.environ.get("INFRABOT_OUTBOX_RETENTION_DAYS") or 7))


def poll_seconds() -> float:
    """How often a worker looks for due messages (INFRABOT_OUTBOX_POLL, seconds)."""
    return float(os.environ.get("INFRABOT_OUTBOX_POLL") or 1.0)


class Outbox:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._pruned_at: datetime | None = None

    def put(
        self,
        channel: Channel,
        stream: str,
        key: str,
        kind: str,
        payload: dict[str, Any],
        position: float | None = None,
    ) -> bool:
        """Queue a message; False when one with the same key was queued before (a redelivered
        event or update), so it is sent once. Messages of a stream go out by `position` (when
        they were written; now by default): Slack may hand over two replies out of order."""
        now = _now()
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    OutboxRow(
                        channel=channel,
                        key=key[:200],
                        stream=stream,
                        position=time.time() if position is None else position,
                        kind=kind,
                        payload=payload,
                        status=PENDING,
                        attempts=0,
                        next_attempt_at=now,
                        created_at=now,
                    )
                )
            return True
        except IntegrityError:
            return False

    def claim(self, channel: Channel, limit: int = 200) -> list[Message]:
        """The next message of every stream of `channel` that is due and not leased to another
        worker, leased to this one. A stream whose head is waiting holds back the rest."""
        now = _now()
        claimed: list[Message] = []
        waiting = (OutboxRow.channel == channel, OutboxRow.status == PENDING)
        # Only each stream's first message: a long backlog in one stream (a day of leads while
        # Slack was down) must not hide the others behind the limit.
        first = (
            select(OutboxRow.stream, func.min(OutboxRow.position).label("position"))
            .where(*waiting)
            .group_by(OutboxRow.stream)
            .subquery()
        )
        with Session(self.engine) as session:
            rows = session.scalars(
                select(OutboxRow)
                .join(
                    first,
                    and_(
                        OutboxRow.stream == first.c.stream, OutboxRow.position == first.c.position
                    ),
                )
                .where(*waiting)
                .order_by(OutboxRow.position, OutboxRow.id)
                .limit(limit)
            ).all()
            heads: set[str] = set()
            for row in rows:
                if row.stream in heads:
                    continue
                heads.add(row.stream)
                if aware(row.next_attempt_at) > now:
                    continue
                taken = session.execute(
                    update(OutboxRow)
                    .where(
                        OutboxRow.id == row.id,
                        OutboxRow.status == PENDING,
                        or_(OutboxRow.locked_until.is_(None), OutboxRow.locked_until < now),
                    )
                    .values(locked_until=now + lease())
                    # The database decides; SQLite's naive datetimes cannot be compared here.
                    .execution_options(synchronize_session=False)
                )
                session.commit()
                if taken.rowcount == 1:  # type: ignore[attr-defined]
                    claimed.append(
                        Message(
                            id=row.id,
                            channel=row.channel,
                            key=row.key,
                            stream=row.stream,
                            kind=row.kind,
                            payload=row.payload,
                            attempts=row.attempts,
                            maybe_sent=row.locked_until is not None,
                            queued_at=aware(row.created_at).timestamp(),
                        )
                    )
        return claimed

    def delivered(self, message: Message) -> None:
        self._finish(message, status=DELIVERED, delivered_at=_now(), locked_until=None)

    def failed(self, message: Message, error: DeliveryFailed) -> None:
        attempts = message.attempts + 1
        if error.permanent:
            ERRORS.labels(f"outbox_{message.channel}_recusada").inc()
            self._finish(message, status=FAILED, attempts=attempts, last_error=str(error)[:500])
            return
        OUTBOX_RETRIES.labels(message.channel).inc()
        self._finish(
            message,
            attempts=attempts,
            last_error=str(error)[:500],
            locked_until=None,
            next_attempt_at=_now() + timedelta(seconds=backoff_seconds(attempts)),
        )

    def _finish(self, message: Message, **values: Any) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(update(OutboxRow).where(OutboxRow.id == message.id).values(**values))

    def depth(self, channel: Channel) -> int:
        with Session(self.engine) as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(OutboxRow)
                    .where(OutboxRow.channel == channel, OutboxRow.status == PENDING)
                )
                or 0
            )

    def forget(self, streams: list[str], keys: list[str]) -> int:
        """LGPD: remove every message of `streams` and with `keys` (or keys under them, "k:..."),
        whatever its status: pending ones are never sent. Returns how many were removed."""
        matches: list[ColumnElement[bool]] = [
            OutboxRow.stream.in_(streams),
            OutboxRow.key.in_(keys),
        ]
        matches += [OutboxRow.key.startswith(f"{key}:", autoescape=True) for key in keys]
        with Session(self.engine) as session, session.begin():
            removed = session.execute(delete(OutboxRow).where(or_(*matches)))
            return int(removed.rowcount or 0)  # type: ignore[attr-defined]

    def prune(self, now: datetime | None = None) -> int:
        """Remove messages delivered longer ago than the retention period."""
        cutoff = (now or _now()) - retention()
        with Session(self.engine) as session, session.begin():
            removed = session.execute(
                delete(OutboxRow).where(
                    OutboxRow.status == DELIVERED, OutboxRow.delivered_at < cutoff
                )
            )
            return int(removed.rowcount or 0)  # type: ignore[attr-defined]

    def pump(self, channel: Channel, deliver: Callable[[Message], None]) -> int:
        """Deliver everything that is due, stream by stream in order; returns how many messages
        went out. A failed message waits for its backoff and holds back its stream. Once an hour
        it also prunes what was delivered before the retention period."""
        now = _now()
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            self.prune(now)
        sent = 0
        while batch := self.claim(channel):
            progress = False
            for message in batch:
                crash_point("outbox-claimed")
                try:
                    deliver(message)
                except DeliveryFailed as error:
                    log.warning(
                        "entrega adiada",
                        extra={"channel": channel, "stream": message.stream, "error": str(error)},
                    )
                    self.failed(message, error)
                    continue
                crash_point("outbox-sent")
                self.delivered(message)
                sent += 1
                progress = True
            if not progress:
                break
        return sent
