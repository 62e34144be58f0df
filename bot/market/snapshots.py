"""The refreshed catalog as a dated snapshot under INFRABOT_HOME/catalog/, never the tracked file:
written whole or not at all (a temporary file renamed over), the last KEEP kept.

Replicas share snapshots through INFRABOT_HOME itself: every Compose replica mounts the same
infrabot-home volume, and the systemd units of one host share /var/lib/infrabot. The rename is
atomic on one file system, so a replica reads the previous snapshot or the new one, never half.
"""

import os
import tempfile
from datetime import datetime
from pathlib import Path

from quoting.catalog import newest_good_snapshot
from quoting.snapshots import snapshot_dir, snapshot_name, snapshots

KEEP = 30


def write_snapshot(text: str, moment: datetime, folder: Path | None = None) -> Path:
    """`text` as the snapshot of `moment` in `folder` (default INFRABOT_HOME/catalog/)."""
    where = folder or snapshot_dir()
    where.mkdir(parents=True, exist_ok=True)
    target = where / snapshot_name(moment)
    handle, temporary = tempfile.mkstemp(dir=where, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())  # the rename must not outlive the bytes after a crash
        os.chmod(temporary, 0o644)  # mkstemp's 0600 would hide it from a replica's other user
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def prune(keep: int = KEEP, folder: Path | None = None) -> list[Path]:
    """Remove all but the `keep` newest snapshots, never the newest good one (a run of broken
    files must not leave quotes on the shipped catalog). Returns what was removed."""
    good = newest_good_snapshot(folder)
    kept = {good[0]} if good else set()
    removed = []
    for path in snapshots(folder)[keep:]:
        if path not in kept:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed
