"""Conversation state and the Telegram channel's tables.

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Databases created before migrations existed may hold some of these tables already.
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "conversations" not in existing:
        _conversations()
    if "telegram_updates" not in existing:
        _telegram_updates()
    if "telegram_persistence" not in existing:
        _telegram_persistence()


def _conversations() -> None:
    op.create_table(
        "conversations",
        sa.Column("id", sa.String(128), primary_key=True),
        sa.Column("slots", sa.JSON(), nullable=False),
        sa.Column("last_quote", sa.JSON(), nullable=True),
        sa.Column("handoff", sa.Boolean(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def _telegram_updates() -> None:
    op.create_table(
        "telegram_updates",
        sa.Column("update_id", sa.BigInteger(), primary_key=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
    )


def _telegram_persistence() -> None:
    op.create_table(
        "telegram_persistence",
        sa.Column("kind", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("data", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("telegram_persistence")
    op.drop_table("telegram_updates")
    op.drop_table("conversations")
