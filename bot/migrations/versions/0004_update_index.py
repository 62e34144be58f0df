"""Handled updates by chat and time: the flood limit counts a chat's recent updates across
replicas, and old rows are pruned by age.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_telegram_updates_chat_received", "telegram_updates", ["chat_id", "received_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_telegram_updates_chat_received", "telegram_updates")
