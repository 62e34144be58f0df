"""When each handled update's message was sent, indexed by chat: the flood limit counts a chat's
messages by the time the client sent them, across replicas and whatever the backlog.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "telegram_updates", sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_index("ix_telegram_updates_chat_sent", "telegram_updates", ["chat_id", "sent_at"])


def downgrade() -> None:
    op.drop_index("ix_telegram_updates_chat_sent", "telegram_updates")
    op.drop_column("telegram_updates", "sent_at")
