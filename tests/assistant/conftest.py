"""An assistant over the indexed guidance, each test on its own conversation store."""

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from knowledge.retriever import KnowledgeRetriever


@pytest.fixture
def assistant(indexed_home: Path, use_home: Callable[[Path], None], tmp_path: Path) -> Assistant:
    use_home(indexed_home)
    store = ConversationStore(f"sqlite:///{tmp_path / 'conversas.db'}")
    return Assistant(KnowledgeRetriever.load(dense="off"), store)
