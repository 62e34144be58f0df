"""Signed Slack requests already acted on, by a hash of their signature: a signed request
replayed within Slack's five-minute window (the same "Ajustar" submission posted twice) used to
act twice, creating two revisions and sending the proposal twice.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "slack_requests",
        sa.Column("signature", sa.String(64), primary_key=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("slack_requests")
