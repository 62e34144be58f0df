"""Secrets come from the environment or, for containers and systemd credentials, from a file
named by NAME_FILE; they are never logged or written anywhere."""

import os
from pathlib import Path


class MissingCredential(Exception):
    pass


def credential(name: str) -> str | None:
    """NAME's value, else the content of the file NAME_FILE points at, else None."""
    value = os.environ.get(name)
    if value:
        return value.strip()
    path = os.environ.get(f"{name}_FILE")
    if not path:
        return None
    try:
        return Path(path).read_text(encoding="utf-8").strip() or None
    except OSError as error:
        raise MissingCredential(
            f"não consegui ler {name}_FILE ({path}): {error.strerror or error}"
        ) from error
