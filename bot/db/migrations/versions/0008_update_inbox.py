"""Telegram's updates kept as an inbox: the update itself until it is answered, who is answering
it and until when, and how many times it was taken. An update is recorded before Telegram is
told it arrived, so a process that dies before answering leaves it for another to take over.

Rows from before this revision were answered when they were written: status "respondido".

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("telegram_updates") as table:
        table.add_column(sa.Column("payload", sa.JSON(), nullable=True))
        table.add_column(
            sa.Column("status", sa.String(16), nullable=False, server_default="respondido")
        )
        table.add_column(sa.Column("owner", sa.String(64), nullable=True))
        table.add_column(sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True))
        table.add_column(sa.Column("attempts", sa.Integer(), nullable=False, server_default="1"))
    op.create_index("ix_telegram_updates_status", "telegram_updates", ["status", "locked_until"])


def downgrade() -> None:
    op.drop_index("ix_telegram_updates_status", "telegram_updates")
    with op.batch_alter_table("telegram_updates") as table:
        for column in ("attempts", "locked_until", "owner", "status", "payload"):
            table.drop_column(column)
