"""The assistant the accuracy benches talk to: the index built (or updated, in seconds) in a home
folder kept between runs or a temporary one, conversations in a scratch database, embedded
Chroma (never a server the environment names)."""

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from bot.assistant.assistant import Assistant


@contextmanager
def bench_assistant(home: Path | None, dense: Literal["now", "off"]) -> Iterator["Assistant"]:
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["INFRABOT_HOME"] = str(home or scratch)
        os.environ.pop("INFRABOT_CHROMA_URL", None)
        from bot.assistant.assistant import Assistant
        from bot.assistant.state import ConversationStore
        from knowledge.indexer import build_index
        from knowledge.retriever import KnowledgeRetriever

        build_index([])
        yield Assistant(
            KnowledgeRetriever.load(dense=dense), ConversationStore(f"sqlite:///{scratch}/bench.db")
        )
