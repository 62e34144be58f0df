"""The Chroma collection that holds the chunks: embedded under INFRABOT_HOME, or a Chroma server
when INFRABOT_CHROMA_URL is set."""

from typing import TYPE_CHECKING, Any

import httpx
from langchain_core.documents import Document

from knowledge.errors import KnowledgeUnavailable
from knowledge.settings import (
    COLLECTION,
    chroma_path,
    chroma_server,
    chroma_timeout,
    embedding_model,
)

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings


def _client() -> Any:
    import chromadb
    from chromadb.config import Settings

    server = chroma_server()
    # A bad INFRABOT_CHROMA_TIMEOUT is its own message, not "server not reachable".
    seconds = chroma_timeout() if server else 0.0
    try:
        if server is None:
            chroma_path().mkdir(parents=True, exist_ok=True)
            return chromadb.PersistentClient(
                path=str(chroma_path()), settings=Settings(anonymized_telemetry=False)
            )
        host, port, ssl = server
        # chromadb 1.5 builds its HTTP session with timeout=None and no setting changes it
        # (chroma-core/chroma#5805): a server that accepts and never answers would hang the
        # client's construction, then every query. Ask first with a deadline, then give the
        # client's session the same deadline.
        scheme = "https" if ssl else "http"
        httpx.get(f"{scheme}://{host}:{port}/api/v2/heartbeat", timeout=seconds)
        settings = Settings(anonymized_telemetry=False)
        client = chromadb.HttpClient(host=host, port=port, ssl=ssl, settings=settings)
        client._server._session.timeout = httpx.Timeout(seconds)  # type: ignore[attr-defined]
        client.heartbeat()
        return client
    except Exception as error:  # chromadb raises many kinds; all mean "not reachable"
        where = f"o servidor Chroma em {host}:{port}" if server else f"o índice em {chroma_path()}"
        raise KnowledgeUnavailable(
            f"Não consegui acessar {where} ({type(error).__name__}). "
            "Verifique INFRABOT_CHROMA_URL ou rode 'infrabot index'."
        ) from error


def _metadata() -> dict[str, str]:
    # The model travels with the collection: vectors of two models never share an index.
    return {"hnsw:space": "cosine", "embedding": embedding_model()[0]}


class KnowledgeStore:
    """Chunk records in Chroma, read and written through langchain-chroma's vector store."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.collection = client.get_or_create_collection(COLLECTION, metadata=_metadata())

    @property
    def other_model(self) -> str | None:
        """The embedding model the collection was built with, when it is not the one in use."""
        built = (self.collection.metadata or {}).get("embedding")
        return None if built == embedding_model()[0] else str(built or "desconhecido")

    def reset(self) -> None:
        """Drop every chunk, to re-embed all of them with the model in use."""
        self.client.delete_collection(COLLECTION)
        self.collection = self.client.get_or_create_collection(COLLECTION, metadata=_metadata())

    @classmethod
    def open(cls) -> "KnowledgeStore":
        try:
            return cls(_client())
        except KnowledgeUnavailable:
            raise
        except Exception as error:
            raise KnowledgeUnavailable(
                f"O índice de conhecimento não abriu ({type(error).__name__}). "
                "Rode 'infrabot index' para recriá-lo."
            ) from error

    def vector_store(self, embeddings: "Embeddings") -> Any:
        from langchain_chroma import Chroma

        return Chroma(client=self.client, collection_name=COLLECTION, embedding_function=embeddings)

    def records(self, with_text: bool = True) -> list[Document]:
        """Every chunk stored with its metadata, and its text when asked (never embeddings)."""
        include = ["documents", "metadatas"] if with_text else ["metadatas"]
        stored = self.collection.get(include=include)
        texts = stored["documents"] if with_text else [""] * len(stored["ids"])
        return [
            Document(id=chunk_id, page_content=text or "", metadata=dict(metadata or {}))
            for chunk_id, text, metadata in zip(
                stored["ids"], texts, stored["metadatas"], strict=True
            )
        ]

    def delete(self, ids: list[str]) -> None:
        if ids:
            self.collection.delete(ids=ids)

    def count(self) -> int:
        return int(self.collection.count())
