"""Moving a file aside without losing it: the one backup rule the workspace and the store share."""

from __future__ import annotations

import os
import time
from pathlib import Path


def move_to_backup(path: Path, label: str) -> Path:
    """Rename ``path`` to ``<stem>.<label>-<YYYYmmdd-HHMMSS>[-N]<suffix>`` beside it.

    An existing backup is never replaced: a second one in the same second gets ``-1``,
    ``-2``, ... Returns the backup's path.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    counter = 1
    while backup.exists():
        backup = path.with_name(f"{path.stem}.{label}-{stamp}-{counter}{path.suffix}")
        counter += 1
    os.replace(path, backup)
    return backup
