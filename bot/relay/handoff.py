"""Human handoffs: a Telegram chat handed to the team, and the Slack thread where they answer it.

The mapping chat <-> thread lives in the database, so it survives restarts and every replica of
either app sees the same one. While a chat's handoff is open the bot stays quiet there.
"""

from datetime import UTC, datetime

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bot.db.tables import HandoffRow

OPEN, CLOSED = "aberto", "encerrado"


class Handoff(BaseModel):
    id: int
    conversation_id: str
    chat_id: int
    status: str
    slack_channel: str
    thread_ts: str | None

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


def _model(row: HandoffRow) -> Handoff:
    return Handoff(
        id=row.id,
        conversation_id=row.conversation_id,
        chat_id=row.chat_id,
        status=row.status,
        slack_channel=row.slack_channel,
        thread_ts=row.thread_ts,
    )


class Handoffs:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open(self, conversation_id: str, chat_id: int, slack_channel: str) -> tuple[Handoff, bool]:
        """The chat's open handoff, opening one when there is none; True when it is new."""
        with Session(self.engine) as session, session.begin():
            row = self._open_row(session, conversation_id)
            if row is not None:
                return _model(row), False
            row = HandoffRow(
                conversation_id=conversation_id,
                chat_id=chat_id,
                status=OPEN,
                slack_channel=slack_channel,
                opened_at=datetime.now(UTC),
            )
            session.add(row)
            session.flush()
            return _model(row), True

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
            return [row.id for row in rows]

    @staticmethod
    def _open_row(session: Session, conversation_id: str) -> HandoffRow | None:
        return session.scalars(
            select(HandoffRow).where(
                HandoffRow.conversation_id == conversation_id, HandoffRow.status == OPEN
            )
        ).first()
