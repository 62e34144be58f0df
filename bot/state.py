"""Conversation state in the database (SQLite under INFRABOT_HOME by default, PostgreSQL through
INFRABOT_DATABASE_URL): the job slots gathered so far, the last quote, the handoff flag and a
bounded recent history. Nothing else about the client is kept (LGPD)."""

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import JSON, Boolean, DateTime, String, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bot import schema
from bot.credentials import credential
from bot.errors import DatabaseUnavailable
from knowledge.settings import home

HISTORY_LIMIT = 10


class Base(DeclarativeBase):
    pass


class ConversationRow(Base):
    __tablename__ = "conversations"

    id: Mapped[str] = mapped_column(String(128), primary_key=True)
    slots: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    last_quote: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    handoff: Mapped[bool] = mapped_column(Boolean, default=False)
    history: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Turn(BaseModel):
    role: str
    text: str


class ConversationState(BaseModel):
    id: str
    slots: dict[str, Any] = Field(default_factory=dict)
    last_quote: dict[str, Any] | None = None
    handoff: bool = False
    history: list[Turn] = Field(default_factory=list)

    def remember(self, role: str, text: str) -> None:
        self.history = [*self.history, Turn(role=role, text=text[:2000])][-HISTORY_LIMIT:]


def database_url() -> str:
    configured = credential("INFRABOT_DATABASE_URL")  # the URL may carry a password
    if configured:
        return configured
    home().mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home() / 'infrabot.db'}"


def with_driver(url: str) -> str:
    """postgresql:// URLs go through psycopg 3, the driver this project installs."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers work during a write, and NORMAL sync skips an fsync per commit that WAL
    does not need for durability of committed transactions against process crashes."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class ConversationStore:
    def __init__(self, url: str | None = None) -> None:
        url = with_driver(url or database_url())
        # Channels call the store from worker threads; SQLite's own check would refuse that.
        sqlite = url.startswith("sqlite")
        arguments = {"check_same_thread": False} if sqlite else {}
        try:
            # A server may drop idle connections (restart, failover); a SQLite file cannot.
            self.engine: Engine = create_engine(
                url, pool_pre_ping=not sqlite, connect_args=arguments
            )
            if sqlite:
                event.listen(self.engine, "connect", _sqlite_pragmas)
            schema.upgrade(self.engine)
        except (ArgumentError, DBAPIError) as error:  # the URL's text is not shown: a password
            raise DatabaseUnavailable(
                "não consegui abrir o banco de INFRABOT_DATABASE_URL "
                f"({type(error.orig if isinstance(error, DBAPIError) else error).__name__}); "
                "confira o endereço e se o servidor está no ar."
            ) from error

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
            )

    def save(self, state: ConversationState) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(ConversationRow, state.id) or ConversationRow(id=state.id)
            row.slots = state.slots
            row.last_quote = state.last_quote
            row.handoff = state.handoff
            row.history = [turn.model_dump() for turn in state.history]
            row.updated_at = datetime.now(UTC)
            session.add(row)

    def delete(self, conversation_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            row = session.get(ConversationRow, conversation_id)
            if row is None:
                return False
            session.delete(row)
            return True
