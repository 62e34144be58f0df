"""Readiness of a bot process: its database, its vector index, its embedding model and its intent
classifier, each loaded and warm, so that the first answer after "ready" takes its usual time;
and its channel, unless that refused the token or went silent (the process is then ending)."""

from typing import Any, Protocol

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.engine import Engine

OK = "ok"
# Set once by the channel's watcher (bot.telegram.liveness); never cleared: the process exits.
_channel_problem: str | None = None


def channel_down(problem: str) -> None:
    global _channel_problem
    _channel_problem = problem


class Index(Protocol):
    """What readiness asks of the knowledge retriever (ops imports no other wing)."""

    dense: Any

    def index_problem(self) -> str | None: ...


class Readiness(BaseModel):
    ready: bool
    checks: dict[str, str]


def readiness(engine: Engine, index: Index, intents_trained: bool = True) -> Readiness:
    checks: dict[str, str] = {}
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        checks["database"] = OK
    except Exception as error:  # any driver error means "not ready"; the name says which
        checks["database"] = f"falhou ({type(error).__name__})"
    checks["chroma"] = index.index_problem() or OK
    checks["model"] = OK if index.dense is not None else "carregando"
    checks["intents"] = OK if intents_trained else "treinando"
    checks["channel"] = _channel_problem or OK
    return Readiness(ready=all(value == OK for value in checks.values()), checks=checks)
