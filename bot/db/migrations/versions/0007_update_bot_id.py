"""Handled Telegram updates keyed by the bot that received them as well as the update id: each bot
numbers its updates on its own, so after a token change the new bot's updates reuse ids the old
one was given and, keyed on the id alone, were dropped as repeats.

Rows from before this revision get bot id 0: the migration does not know the token they came
with, and they only guard against redeliveries within a day.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_INDEX = "ix_telegram_updates_chat_sent"
_COLUMNS = "update_id, chat_id, received_at, sent_at"


def _table(keyed_by_bot: bool) -> None:
    key = ["bot_id", "update_id"] if keyed_by_bot else ["update_id"]
    op.create_table(
        "telegram_updates",
        *([sa.Column("bot_id", sa.BigInteger(), nullable=False)] if keyed_by_bot else []),
        sa.Column("update_id", sa.BigInteger(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        # Named: the old table's key keeps its default name until the table is dropped.
        sa.PrimaryKeyConstraint(*key, name=f"pk_telegram_updates_{'_'.join(key)}"),
    )


def _rebuild(keyed_by_bot: bool, copy: str) -> None:
    op.drop_index(_INDEX, "telegram_updates")
    op.rename_table("telegram_updates", "telegram_updates_old")
    _table(keyed_by_bot)
    op.execute(copy)
    op.drop_table("telegram_updates_old")
    op.create_index(_INDEX, "telegram_updates", ["chat_id", "sent_at"])


def upgrade() -> None:
    _rebuild(
        True,
        f"INSERT INTO telegram_updates (bot_id, {_COLUMNS}) "
        f"SELECT 0, {_COLUMNS} FROM telegram_updates_old",
    )


def downgrade() -> None:
    # Two bots' updates with the same id become one row: the id alone is the key again.
    _rebuild(
        False,
        f"INSERT INTO telegram_updates ({_COLUMNS}) "
        "SELECT update_id, MIN(chat_id), MIN(received_at), MIN(sent_at) "
        "FROM telegram_updates_old GROUP BY update_id",
    )
