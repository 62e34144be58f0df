"""Readiness of a bot process: its database, its vector index and its embedding model."""

from pydantic import BaseModel
from sqlalchemy import text

from bot.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever

OK = "ok"


class Readiness(BaseModel):
    ready: bool
    checks: dict[str, str]


def readiness(store: ConversationStore, retriever: KnowledgeRetriever) -> Readiness:
    checks: dict[str, str] = {}
    try:
        with store.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        checks["database"] = OK
    except Exception as error:  # any driver error means "not ready"; the name says which
        checks["database"] = f"falhou ({type(error).__name__})"
    checks["chroma"] = retriever.index_problem() or OK
    checks["model"] = OK if retriever.dense is not None else "carregando"
    return Readiness(ready=all(value == OK for value in checks.values()), checks=checks)
