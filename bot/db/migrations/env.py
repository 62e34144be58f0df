"""Alembic environment: migrations run on the connection the application hands over
(bot.db.schema.upgrade), so the same code path serves SQLite and PostgreSQL."""

from alembic import context

from bot.db.tables import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
)
with context.begin_transaction():
    context.run_migrations()
