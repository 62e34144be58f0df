"""`infrabot db`: the database schema, for operators (start-up also migrates, under a lock)."""

import typer

app = typer.Typer(
    help="Banco de dados: versão do esquema e migrações.", invoke_without_command=True
)


@app.callback()
def _group(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:  # `infrabot db` alone shows what it can do
        typer.echo(ctx.get_help())


@app.command("upgrade")
def upgrade() -> None:
    """Leva o banco (INFRABOT_DATABASE_URL) à última versão do esquema."""
    from bot.db import schema
    from bot.db.engine import open_engine

    engine = open_engine()  # opening the engine runs the migrations
    typer.echo(f"Esquema na versão {schema.current(engine)} (a mais recente).")


@app.command("current")
def current() -> None:
    """Mostra a versão do esquema do banco e a mais recente disponível."""
    from bot.db import schema
    from bot.db.engine import current_revision

    typer.echo(f"Banco: {current_revision() or 'vazio'} · mais recente: {schema.head()}")
