"""The learner's workspace: a folder of lesson copies that jaxtour never overwrites.

``jaxtour lab`` copies the shipped lessons into the workspace, file by file, skipping
every file that is already there, and remembers in ``.jaxtour-workspace.json`` which
shipped version each copy came from. When a newer jaxtour ships a changed lesson, the
learner's copy stays as it is and ``sync()`` names it; ``reset()`` moves the learner's
file to a timestamped backup in the workspace's ``backups/`` folder (so the lessons stay
the only notebooks at the top) and copies the new one in.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from jaxtour.learner.backups import move_to_backup

MANIFEST = ".jaxtour-workspace.json"
DEFAULT_DIR = "jaxtour-lessons"
BACKUPS = "backups"  # reset's backups: <workspace>/backups/03_grad.backup-<stamp>.ipynb
LAB_DIR = ".jaxtour-lab"  # what `jaxtour lab` keeps for JupyterLab: its settings and its log


class WorkspaceError(Exception):
    """A problem the learner can fix; the message is one line."""


def shipped_lessons() -> Path:
    """The folder holding the lessons this jaxtour ships.

    In a wheel they are package data (``jaxtour/lessons``); in a clone they are the
    repository's ``lessons/`` folder beside the package.
    """
    package = Path(__file__).resolve().parent.parent
    first = catalog.LESSONS[0].notebook
    for candidate in (package / "lessons", package.parent / "lessons"):
        if (candidate / first).is_file():
            return candidate
    raise WorkspaceError("this jaxtour installation has no lessons (the package data is missing)")


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The files a workspace holds: every lesson notebook and the lessons' README."""
    folder = folder or shipped_lessons()
    files = [folder / lesson.notebook for lesson in catalog.LESSONS]
    files = [path for path in files if path.exists()]
    readme = folder / "README.md"
    return files + ([readme] if readme.exists() else [])


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class SyncReport:
    folder: Path
    copied: list[str]
    kept: list[str]
    stale: list[str]


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.get("copied_from", {}).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def _write_manifest(folder: Path, copied_from: dict[str, str]) -> None:
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps({"copied_from": copied_from}, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, folder / MANIFEST)


def _copy_new(source: Path, target: Path) -> bool:
    """Copy source to target unless target exists; True if copied. Never overwrites."""
    try:
        with open(target, "xb") as out:  # exclusive create: fails if it exists
            out.write(source.read_bytes())
        return True
    except FileExistsError:
        return False


def sync(folder: Path) -> SyncReport:
    """Copy every shipped lesson missing from ``folder``; report the ones that are newer."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".jaxtour-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise WorkspaceError(f"cannot write to {folder}: {exc.strerror or exc}") from None
    manifest = _read_manifest(folder)
    copied, kept, stale = [], [], []
    for source in lesson_files():
        target = folder / source.name
        shipped = _digest(source)
        if _copy_new(source, target):
            copied.append(source.name)
            manifest[source.name] = shipped
            continue
        kept.append(source.name)
        if source.name not in manifest:  # a file the learner put there: adopt it as is
            manifest[source.name] = _digest(target)
        if manifest[source.name] != shipped and source.suffix == ".ipynb":
            stale.append(source.name)
    _write_manifest(folder, manifest)
    return SyncReport(folder, copied, kept, stale)


def find_lesson(name: str) -> Path:
    """The shipped lesson that ``name`` ("03", "03_grad", "03_grad.ipynb") stands for."""
    try:
        lesson = catalog.find(name)  # "3" means lesson 03
    except catalog.UnknownLesson:
        known = ", ".join(lesson.stem for lesson in catalog.LESSONS)
        raise WorkspaceError(f"no lesson {name!r}; the lessons are: {known}") from None
    return shipped_lessons() / lesson.notebook


def reset(folder: Path, name: str) -> tuple[Path, Path | None]:
    """Restore a fresh copy of one lesson; the learner's file moves to ``backups/`` first.

    Returns (the fresh copy, the backup or None when there was nothing to back up).
    """
    source = find_lesson(name)
    folder = Path(folder)
    if not folder.is_dir():
        raise WorkspaceError(f"{folder} is not a jaxtour workspace (run `jaxtour lab` first)")
    target = folder / source.name
    backup = None
    try:
        if target.exists():
            backup = move_to_backup(target, "backup", into=folder / BACKUPS)
        shutil.copyfile(source, target)
    except OSError as exc:
        where = exc.filename or folder
        problem = exc.strerror or exc
        raise WorkspaceError(f"cannot reset {source.name} in {where}: {problem}") from None
    manifest = _read_manifest(folder)
    manifest[source.name] = _digest(source)
    _write_manifest(folder, manifest)
    return target, backup


def lab_dir(folder: Path) -> Path:
    """The workspace's hidden folder for JupyterLab's settings and log, created if needed."""
    path = Path(folder) / LAB_DIR
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WorkspaceError(f"cannot write to {path}: {exc.strerror or exc}") from None
    return path
