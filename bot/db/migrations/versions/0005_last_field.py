"""The job field each conversation last asked about or changed, so that a bare number in the next
message ("e com 1.500?") updates that field.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("conversations", sa.Column("last_field", sa.String(40), nullable=True))


def downgrade() -> None:
    op.drop_column("conversations", "last_field")
