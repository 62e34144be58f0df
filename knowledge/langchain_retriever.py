"""The knowledge base as a LangChain retriever, for chains that take one. Kept apart from
knowledge.retriever: LangChain's retriever base pulls in its tracing stack (about a second of
imports) that the assistant's own answers never use."""

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from knowledge.retriever import KnowledgeRetriever


class GuidanceRetriever(BaseRetriever):
    """The knowledge base as a LangChain retriever, for the assistant's chains."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    knowledge: KnowledgeRetriever
    k: int = 3

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        result = self.knowledge.search(query, self.k)
        return [
            Document(
                page_content=p.text,
                metadata={
                    "title": p.title,
                    "source": p.source,
                    "score": p.score,
                    "fallback": result.fallback,
                    "notice": result.notice,
                },
            )
            for p in result.passages
        ]
