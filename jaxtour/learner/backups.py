"""Keeping a file's content without losing it: the one backup rule the workspace and the
store share, and the one way the workspace writes a file (whole, or not at all)."""

from __future__ import annotations

import errno
import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

# What os.link raises where a file system has no hard links (some network, FAT, FUSE).
_NO_HARD_LINKS = {
    getattr(errno, name)
    for name in ("EPERM", "EOPNOTSUPP", "ENOTSUP", "EXDEV", "EMLINK", "ENOSYS")
    if hasattr(errno, name)
}


def _names(path: Path, label: str, folder: Path) -> Iterator[Path]:
    """``<stem>.<label>-<YYYYmmdd-HHMMSS>[-N]<suffix>`` in ``folder``, free or not."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    counter = 0
    while True:
        tail = f"-{counter}" if counter else ""
        yield folder / f"{path.stem}.{label}-{stamp}{tail}{path.suffix}"
        counter += 1


def move_to_backup(path: Path, label: str, into: Path | None = None) -> Path:
    """Move ``path`` to ``<stem>.<label>-<YYYYmmdd-HHMMSS>[-N]<suffix>``.

    The backup goes beside ``path``, or into the folder ``into`` (created if needed, on
    the same file system). An existing backup is never replaced: a second one in the
    same second gets ``-1``, ``-2``, ... Returns the backup's path.

    ``path`` is moved by one rename, first to a name nobody else uses: what is there at
    that moment is what is kept, and a file saved to ``path`` a moment later (an editor
    that saves by rename) stays where it was saved, never removed with it.
    """
    path = Path(path)
    folder = path.parent if into is None else Path(into)
    folder.mkdir(parents=True, exist_ok=True)
    moving = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.jaxtour-moving"
    os.rename(path, moving)
    try:
        for backup in _names(path, label, folder):
            if backup.exists():
                continue
            try:
                # A hard link fails instead of replacing a backup that appeared since.
                os.link(moving, backup)
            except FileExistsError:
                continue
            except OSError as exc:
                if exc.errno not in _NO_HARD_LINKS:
                    raise
                os.replace(moving, backup)  # no hard links here: checked just before
                return backup
            os.unlink(moving)
            return backup
    except BaseException:
        put_back(moving, path)  # else it stays under its hidden name: never lost
        raise
    raise AssertionError("unreachable")


def put_back(moved: Path, path: Path) -> bool:
    """Move ``moved`` back to ``path`` unless a file took its place meanwhile (a save
    made since: then both stay). True when it is back."""
    try:
        os.link(moved, path)  # fails instead of replacing that save
    except FileExistsError:
        return False
    except OSError:
        if os.path.lexists(path):
            return False
        try:
            os.rename(moved, path)  # no hard link here: checked just before
        except OSError:
            return False
        return True
    os.unlink(moved)
    return True


def copy_to_backup(path: Path, label: str, into: Path | None = None) -> Path:
    """Like ``move_to_backup``, but ``path`` stays where it is, unchanged.

    The backup is a hard link (no second copy of the bytes, so it needs no free space),
    or, where hard links are not available, a copy. Replace ``path`` only by renaming
    another file over it (``write_whole``), never by writing into it, or the backup
    changes with it. A failed copy leaves no partial backup behind.
    """
    path = Path(path)
    folder = path.parent if into is None else Path(into)
    folder.mkdir(parents=True, exist_ok=True)
    for backup in _names(path, label, folder):
        if backup.exists():
            continue
        try:
            os.link(path, backup)
            return backup
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
        try:
            out = open(backup, "xb")  # exclusive: never replaces a backup
        except FileExistsError:
            continue
        try:
            with out:
                out.write(path.read_bytes())
        except BaseException:
            backup.unlink(missing_ok=True)
            raise
        return backup
    raise AssertionError("unreachable")


def write_whole(target: Path, data: bytes, *, replace: bool) -> bool:
    """Write ``data`` to ``target`` whole or not at all: into a hidden file in the same
    folder first, then renamed, so a full disk or a crash never leaves a cut-short file.

    ``replace=False`` never replaces an existing ``target`` and returns False when there
    is one. Raises OSError when the data cannot be written (nothing is left behind).
    """
    target = Path(target)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.jaxtour-tmp")
    try:
        with open(temporary, "wb") as out:
            out.write(data)
        if replace:
            os.replace(temporary, target)
            return True
        try:
            os.link(temporary, target)  # fails instead of replacing a file that is there
        except FileExistsError:
            return False
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            if target.exists() or target.is_symlink():
                return False
            os.replace(temporary, target)  # no hard links here: checked just before
        return True
    finally:
        temporary.unlink(missing_ok=True)
