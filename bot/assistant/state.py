"""Conversation state in the database (SQLite under INFRABOT_HOME by default, PostgreSQL through
INFRABOT_DATABASE_URL): the job slots gathered so far, the last quote, the handoff flag and a
bounded recent history. Nothing else about the client is kept (LGPD)."""

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from bot.db.engine import open_engine
from bot.db.tables import ConversationRow

HISTORY_LIMIT = 10


class Turn(BaseModel):
    role: str
    text: str


class ConversationState(BaseModel):
    id: str
    slots: dict[str, Any] = Field(default_factory=dict)
    last_quote: dict[str, Any] | None = None
    handoff: bool = False
    history: list[Turn] = Field(default_factory=list)
    # The job field last asked about or changed ("budget_brl" after "tenho só 150 reais").
    last_field: str | None = None

    def remember(self, role: str, text: str) -> None:
        self.history = [*self.history, Turn(role=role, text=text[:2000])][-HISTORY_LIMIT:]


class ConversationStore:
    def __init__(self, url: str | None = None) -> None:
        self.engine: Engine = open_engine(url)

    def load(self, conversation_id: str) -> ConversationState:
        with Session(self.engine) as session:
            row = session.get(ConversationRow, conversation_id)
            if row is None:
                return ConversationState(id=conversation_id)
            return ConversationState(
                id=row.id,
                slots=dict(row.slots or {}),
                last_quote=row.last_quote,
                handoff=row.handoff,
                history=[Turn.model_validate(turn) for turn in row.history or []],
                last_field=row.last_field,
            )

    def save(self, state: ConversationState) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(ConversationRow, state.id) or ConversationRow(id=state.id)
            row.slots = state.slots
            row.last_quote = state.last_quote
            row.handoff = state.handoff
            row.history = [turn.model_dump() for turn in state.history]
            row.last_field = state.last_field
            row.updated_at = datetime.now(UTC)
            session.add(row)

    def delete(self, conversation_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            row = session.get(ConversationRow, conversation_id)
            if row is None:
                return False
            session.delete(row)
            return True
