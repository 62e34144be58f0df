"""Where the dated catalog snapshots live and how they are named: `catalog-<UTC time>.toml` under
INFRABOT_HOME/catalog/, written by `infrabot catalog refresh` (bot.market.snapshots) and read by
quoting.catalog.load_catalog. The engine imports no bot module, so the naming lives here."""

import os
import re
from datetime import UTC, datetime
from pathlib import Path

_STAMP = "%Y-%m-%dT%H%M%SZ"
_NAME = re.compile(r"^catalog-(\d{4}-\d{2}-\d{2}T\d{6}Z)\.toml$")


def snapshot_dir() -> Path:
    """INFRABOT_HOME/catalog (INFRABOT_HOME defaults to ./var, as in bot.ops.paths)."""
    return Path(os.environ.get("INFRABOT_HOME") or "var") / "catalog"


def snapshot_name(moment: datetime) -> str:
    """ "catalog-2026-12-06T030000Z.toml": sorting the names sorts the snapshots by time."""
    return f"catalog-{moment.astimezone(UTC).strftime(_STAMP)}.toml"


def snapshot_time(path: Path) -> datetime | None:
    """When the snapshot at `path` was taken; None for a file that is not a snapshot."""
    match = _NAME.match(path.name)
    if match is None:
        return None
    return datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC)


def snapshots(folder: Path | None = None) -> list[Path]:
    """Every snapshot in `folder` (default: snapshot_dir()), newest first; temporary files of a
    write in progress are not snapshots."""
    where = folder or snapshot_dir()
    try:
        names = [entry.name for entry in os.scandir(where) if entry.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [where / name for name in sorted(names, reverse=True) if _NAME.match(name)]
