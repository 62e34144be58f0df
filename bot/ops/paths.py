"""Where a bot process keeps its files: INFRABOT_HOME (default ./var), the same folder the
knowledge base uses (knowledge.settings reads the same variable, since ops imports no wing)."""

import os
from pathlib import Path


def home() -> Path:
    return Path(os.environ.get("INFRABOT_HOME") or "var")
