"""The database: the tables of every wing, the engine and the Alembic migrations."""
