"""Moving a file aside without losing it: the one backup rule the workspace and the store share."""

from __future__ import annotations

import os
import time
from pathlib import Path


def move_to_backup(path: Path, label: str, into: Path | None = None) -> Path:
    """Move ``path`` to ``<stem>.<label>-<YYYYmmdd-HHMMSS>[-N]<suffix>``.

    The backup goes beside ``path``, or into the folder ``into`` (created if needed).
    An existing backup is never replaced: a second one in the same second gets ``-1``,
    ``-2``, ... Returns the backup's path.
    """
    path = Path(path)
    folder = path.parent if into is None else Path(into)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    counter = 0
    while True:
        tail = f"-{counter}" if counter else ""
        backup = folder / f"{path.stem}.{label}-{stamp}{tail}{path.suffix}"
        counter += 1
        if backup.exists():
            continue
        try:
            # A hard link fails instead of replacing a backup that appeared since the check.
            os.link(path, backup)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some network or FAT file systems)
            os.replace(path, backup)
            return backup
        os.unlink(path)
        return backup
