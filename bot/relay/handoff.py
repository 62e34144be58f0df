"""Human handoffs: a Telegram chat handed to the team, and the Slack thread where they answer it.

The mapping chat <-> thread lives in the database, so it survives restarts and every replica of
either app sees the same one. While a chat's handoff is open the bot stays quiet there. Each
handoff also records the steps of its follow-up (first staff reply, reminder, client told of the
delay), each stamped once. And the language the client is spoken to in, chosen as the handoff
opens, since the notices that come later (the team's replies, the delay, the close) are written
away from the client's chat.
"""

from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bot.db.tables import HandoffRow, PersistedData
from bot.relay.outbox import aware
from locales import LANGUAGES, SOURCE_LANGUAGE, Language

OPEN, CLOSED = "aberto", "encerrado"
# A handoff's language is kept beside the Telegram channel's other small records (no column of its
# own): kind LANGUAGE_KIND, key "handoff:ID"; none for a Portuguese one.
LANGUAGE_KIND = "language"
Step = Literal["answered_at", "reminded_at", "delay_told_at"]


class Handoff(BaseModel):
    id: int
    conversation_id: str
    chat_id: int
    status: str
    slack_channel: str
    thread_ts: str | None
    opened_at: datetime
    answered_at: datetime | None = None
    reminded_at: datetime | None = None
    delay_told_at: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


def _language_key(handoff_id: int) -> str:
    return f"handoff:{handoff_id}"


def _model(row: HandoffRow) -> Handoff:
    return Handoff(
        id=row.id,
        conversation_id=row.conversation_id,
        chat_id=row.chat_id,
        status=row.status,
        slack_channel=row.slack_channel,
        thread_ts=row.thread_ts,
        opened_at=aware(row.opened_at),
        answered_at=row.answered_at and aware(row.answered_at),
        reminded_at=row.reminded_at and aware(row.reminded_at),
        delay_told_at=row.delay_told_at and aware(row.delay_told_at),
    )


class Handoffs:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open(
        self,
        conversation_id: str,
        chat_id: int,
        slack_channel: str,
        at: datetime | None = None,
        language: Language = SOURCE_LANGUAGE,
    ) -> tuple[Handoff, bool]:
        """The chat's open handoff, opening one (`at`, now by default) when there is none, its
        client spoken to in `language`; True when it is new."""
        with Session(self.engine) as session, session.begin():
            row = self._open_row(session, conversation_id)
            if row is not None:
                return _model(row), False
            row = HandoffRow(
                conversation_id=conversation_id,
                chat_id=chat_id,
                status=OPEN,
                slack_channel=slack_channel,
                opened_at=at or datetime.now(UTC),
            )
            session.add(row)
            session.flush()
            if language != SOURCE_LANGUAGE:
                session.add(
                    PersistedData(kind=LANGUAGE_KIND, key=_language_key(row.id), data=language)
                )
            return _model(row), True

    def language(self, handoff_id: int) -> Language:
        """The language the handoff's client is spoken to in."""
        with Session(self.engine) as session:
            row = session.get(PersistedData, (LANGUAGE_KIND, _language_key(handoff_id)))
            found = row.data if row is not None else None
        return next((known for known in LANGUAGES if known == found), SOURCE_LANGUAGE)

    def active(self, conversation_id: str) -> Handoff | None:
        with Session(self.engine) as session:
            row = self._open_row(session, conversation_id)
            return _model(row) if row else None

    def get(self, handoff_id: int) -> Handoff | None:
        with Session(self.engine) as session:
            row = session.get(HandoffRow, handoff_id)
            return _model(row) if row else None

    def by_thread(self, slack_channel: str, thread_ts: str) -> Handoff | None:
        with Session(self.engine) as session:
            row = session.scalars(
                select(HandoffRow).where(
                    HandoffRow.slack_channel == slack_channel, HandoffRow.thread_ts == thread_ts
                )
            ).first()
            return _model(row) if row else None

    def set_thread(self, handoff_id: int, thread_ts: str) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(HandoffRow, handoff_id)
            if row is not None:
                row.thread_ts = thread_ts

    def close(self, handoff_id: int, actor: str) -> bool:
        """Close the handoff; False when it was already closed (two clicks, two replicas)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(HandoffRow, handoff_id, with_for_update=True)
            if row is None or row.status != OPEN:
                return False
            row.status, row.closed_at, row.closed_by = CLOSED, datetime.now(UTC), actor
            return True

    def unanswered(self) -> list[Handoff]:
        """Open handoffs no staff member has answered yet, whose follow-up is not over."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(HandoffRow)
                .where(
                    HandoffRow.status == OPEN,
                    HandoffRow.answered_at.is_(None),
                    HandoffRow.delay_told_at.is_(None),
                )
                .order_by(HandoffRow.id)
            )
            return [_model(row) for row in rows]

    def stamp(self, handoff_id: int, step: Step, at: datetime) -> bool:
        """Record that a follow-up step happened; False when it had already been recorded."""
        column = getattr(HandoffRow, step)
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(HandoffRow)
                .where(HandoffRow.id == handoff_id, column.is_(None))
                .values({step: at})
                .execution_options(synchronize_session=False)
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def forget_chat(self, conversation_id: str) -> list[int]:
        """LGPD: the chat's handoffs are deleted, open or closed (the thread in Slack is the
        team's record); returns their ids, whose outbox streams go too."""
        with Session(self.engine) as session, session.begin():
            rows = list(
                session.scalars(
                    select(HandoffRow).where(HandoffRow.conversation_id == conversation_id)
                )
            )
            for row in rows:
                session.delete(row)
                language = session.get(PersistedData, (LANGUAGE_KIND, _language_key(row.id)))
                if language is not None:
                    session.delete(language)
            return [row.id for row in rows]

    @staticmethod
    def _open_row(session: Session, conversation_id: str) -> HandoffRow | None:
        return session.scalars(
            select(HandoffRow).where(
                HandoffRow.conversation_id == conversation_id, HandoffRow.status == OPEN
            )
        ).first()
