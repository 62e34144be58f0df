"""A handoff's follow-up: when staff first answered, when the thread was reminded, when the client
was told of the delay (so each is done once, whichever replica sees it due).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

COLUMNS = ("answered_at", "reminded_at", "delay_told_at")


def upgrade() -> None:
    for name in COLUMNS:
        op.add_column("handoffs", sa.Column(name, sa.DateTime(timezone=True), nullable=True))
    # Whether staff answered the handoffs already open is not known: they are not followed up.
    op.execute("UPDATE handoffs SET answered_at = opened_at")


def downgrade() -> None:
    for name in COLUMNS:
        op.drop_column("handoffs", name)
