"""The Slack bridge: the delivery outbox, handoff threads, and terms on quote revisions.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("stream", sa.String(128), nullable=False, index=True),
        sa.Column("position", sa.Float(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_outbox_channel_status", "outbox", ["channel", "status"])
    op.create_table(
        "handoffs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("conversation_id", sa.String(128), nullable=False, index=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("slack_channel", sa.String(64), nullable=False),
        sa.Column("thread_ts", sa.String(32), nullable=True, index=True),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by", sa.String(128), nullable=True),
    )
    op.add_column("quote_revisions", sa.Column("terms", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("quote_revisions", "terms")
    op.drop_table("handoffs")
    op.drop_index("ix_outbox_channel_status", "outbox")
    op.drop_table("outbox")
