"""Babel extraction for client text kept in data files (see babel.cfg): the values of the keys
named in the mapping's `keys` option (a string, or a list of strings), at any depth of a TOML
file, are messages of the catalogs."""

import tomllib
from collections.abc import Iterator
from typing import IO, Any


def _values(node: Any, keys: set[str]) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            texts = value if isinstance(value, list) else [value]
            if key in keys and all(isinstance(text, str) for text in texts):
                yield from ((key, text.strip()) for text in texts if text.strip())
            else:
                yield from _values(value, keys)
    elif isinstance(node, list):
        for item in node:
            yield from _values(item, keys)


def toml_texts(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    keys = {key.strip() for key in options.get("keys", "").split(",") if key.strip()}
    for key, text in _values(tomllib.loads(fileobj.read().decode("utf-8")), keys):
        yield 0, None, text, [key]


def front_matter_title(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """The `title` of a corpus document's front matter: the name its answers cite."""
    import yaml

    text = fileobj.read().decode("utf-8")
    if text.startswith("---"):
        title = (yaml.safe_load(text.split("---", 2)[1]) or {}).get("title")
        if isinstance(title, str) and title.strip():
            yield 0, None, title.strip(), ["title"]
