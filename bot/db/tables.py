"""Every table of the product, on one declarative base: the wings keep their logic, this module
keeps their rows, so the schema (and Alembic's view of it) lives in one place."""

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    Numeric,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAME_LIMIT = 200  # client names and contacts: the columns' size


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
    # The job field the assistant last asked about or changed: a bare "e com 1.500?" updates it.
    last_field: Mapped[str | None] = mapped_column(String(40), nullable=True)


class HandoffRow(Base):
    __tablename__ = "handoffs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    conversation_id: Mapped[str] = mapped_column(String(128), index=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    slack_channel: Mapped[str] = mapped_column(String(64))
    thread_ts: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    closed_by: Mapped[str | None] = mapped_column(String(128), nullable=True)
    # Follow-up of a handoff nobody answers: the first staff reply, the thread's reminder, the
    # client's notice of the delay.
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reminded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    delay_told_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class OutboxRow(Base):
    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(200), unique=True)
    stream: Mapped[str] = mapped_column(String(128), index=True)
    # Order within the stream: when the message was written (its source's clock, in seconds).
    position: Mapped[float] = mapped_column(Float)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer)
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    delivered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class HandledUpdate(Base):
    __tablename__ = "telegram_updates"

    # Each bot numbers its updates on its own: after a token change ids start over.
    bot_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    update_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    chat_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # When the client sent the message (Telegram's own date); None for button presses.
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The inbox: the update as Telegram sent it until it is answered (then dropped: it holds
    # what the client wrote), "recebido" or "respondido", the process answering it and until when.
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), server_default="respondido")
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, server_default="1")


class SlackRequest(Base):
    """A signed Slack request acted on, kept while Slack's signature window could replay it."""

    __tablename__ = "slack_requests"

    signature: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of it
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class PersistedData(Base):
    __tablename__ = "telegram_persistence"

    kind: Mapped[str] = mapped_column(String(32), primary_key=True)  # conversation:NAME | user
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    data: Mapped[Any] = mapped_column(JSON)


class QuoteRow(Base):
    __tablename__ = "quotes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    number: Mapped[str] = mapped_column(String(32), unique=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    client: Mapped[str] = mapped_column(String(NAME_LIMIT))
    contact: Mapped[str | None] = mapped_column(String(NAME_LIMIT), nullable=True)
    client_ref: Mapped[str | None] = mapped_column(String(128), nullable=True, index=True)
    status: Mapped[str] = mapped_column(String(16))
    revision: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    valid_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - SQLAlchemy's own mapping


class RevisionRow(Base):
    __tablename__ = "quote_revisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    quote_id: Mapped[int] = mapped_column(ForeignKey("quotes.id"), index=True)
    revision: Mapped[int] = mapped_column(Integer)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    quote: Mapped[dict[str, Any]] = mapped_column(JSON)
    discount_pct: Mapped[Decimal] = mapped_column(Numeric(5, 2))
    total_brl: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    terms: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[str] = mapped_column(String(128))


class EventRow(Base):
    __tablename__ = "quote_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    quote_id: Mapped[int] = mapped_column(ForeignKey("quotes.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[str] = mapped_column(String(128))
    action: Mapped[str] = mapped_column(String(32))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
