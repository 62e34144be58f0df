"""Errors of the knowledge base, importable without loading Chroma or LangChain."""


class KnowledgeUnavailable(Exception):
    """The index cannot be reached or does not exist; the message says what to run (pt-BR)."""
