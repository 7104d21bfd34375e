"""The progress store: every check() outcome, kept locally so a learner sees how far they got.

The store is one SQLite file in the platform's user data directory (override the folder
with ``JAXTOUR_DATA_DIR``; set ``JAXTOUR_PROGRESS=off`` to record nothing). SQLite gives
what the store promises: each record is one atomic transaction, concurrent kernels wait
for each other's write lock instead of losing records, and a process killed mid-write
leaves the last committed state readable (the journal rolls the torn write back).

A store that cannot be read is moved aside to ``progress.corrupt-<time>.sqlite3``, one
warning says so, and a new store is started. Recording never raises: ``check()`` must
never fail because of the store.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from jaxtour.learner.backups import move_to_backup

STORE_NAME = "progress.sqlite3"
ENV_DIR = "JAXTOUR_DATA_DIR"
ENV_SWITCH = "JAXTOUR_PROGRESS"
LOCK_TIMEOUT_S = 10.0

_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    exercise TEXT NOT NULL,
    status TEXT NOT NULL,
    mistake TEXT,
    hints INTEGER NOT NULL DEFAULT 0,
    solution INTEGER NOT NULL DEFAULT 0
)
""",
    """
CREATE TABLE IF NOT EXISTS help (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    exercise TEXT NOT NULL,
    kind TEXT NOT NULL,
    level INTEGER NOT NULL
)
""",
)
# Columns added since the first release, added in place to an older store.
_ADDED_COLUMNS = {
    "hints": "INTEGER NOT NULL DEFAULT 0",
    "solution": "INTEGER NOT NULL DEFAULT 0",
}


class StoreCorrupt(Exception):
    """The store file exists but is not a readable progress store."""


def data_dir() -> Path:
    """Where jaxtour keeps its files: ``$JAXTOUR_DATA_DIR``, else the platform's user data dir."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "jaxtour"


def store_path() -> Path:
    return data_dir() / STORE_NAME


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "on").strip().lower() not in ("off", "0", "false", "no")


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=LOCK_TIMEOUT_S, isolation_level=None)
    try:
        try:
            for statement in _SCHEMA:
                connection.execute(statement)
            columns = {row[1] for row in connection.execute("PRAGMA table_info(checks)")}
            for name, declaration in _ADDED_COLUMNS.items():
                if name not in columns:
                    connection.execute(f"ALTER TABLE checks ADD COLUMN {name} {declaration}")
            connection.execute("SELECT exercise, status FROM checks LIMIT 1").fetchall()
            _carry_over_renamed(connection)
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise
            raise StoreCorrupt(str(exc)) from exc
        yield connection
    finally:
        connection.close()


def _carry_over_renamed(connection: sqlite3.Connection) -> None:
    """Move records of renamed exercises to their new ids, once per store version."""
    version = len(catalog.RENAMED_EXERCISES)
    if connection.execute("PRAGMA user_version").fetchone()[0] >= version:
        return
    with connection:  # one transaction: all renames or none
        for table in ("checks", "help"):
            connection.executemany(
                f"UPDATE {table} SET exercise = ? WHERE exercise = ?",
                [(new, old) for old, new in catalog.RENAMED_EXERCISES.items()],
            )
        connection.execute(f"PRAGMA user_version = {version}")


def _move_aside(path: Path, reason: str) -> Path:
    backup = move_to_backup(path, "corrupt")
    for suffix in ("-journal", "-wal", "-shm"):
        leftover = path.with_name(path.name + suffix)
        if leftover.exists():
            os.replace(leftover, backup.with_name(backup.name + suffix))
    warnings.warn(
        f"jaxtour: the progress store {path} could not be read ({reason}); it was moved to "
        f"{backup.name} and a new one was started.",
        RuntimeWarning,
        stacklevel=3,
    )
    return backup


@contextlib.contextmanager
def _store(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """An open store; a corrupt one is moved aside (with one warning) and replaced."""
    path = path or store_path()
    try:
        with _connect(path) as connection:
            yield connection
            return
    except StoreCorrupt as exc:
        _move_aside(path, str(exc))
    with _connect(path) as connection:
        yield connection


def record(exercise_id: str, status: str, mistake: str | None = None) -> bool:
    """Append one check outcome, with the help seen so far (the most specific hint, and
    whether the solution was shown). Returns False (and raises nothing) if not stored."""
    if not enabled():
        return False
    try:
        with _store() as connection:
            connection.execute(
                "INSERT INTO checks (at, exercise, status, mistake, hints, solution)"
                " VALUES (?, ?, ?, ?,"
                "  (SELECT COALESCE(MAX(level), 0) FROM help WHERE exercise = ? AND kind = 'hint'),"
                "  EXISTS (SELECT 1 FROM help WHERE exercise = ? AND kind = 'solution'))",
                (time.time(), exercise_id, status, mistake, exercise_id, exercise_id),
            )
        return True
    except Exception:  # a read-only home, a full disk, a lock held too long
        return False


def record_help(exercise_id: str, kind: str, level: int = 0) -> bool:
    """Note that hint ``level`` (kind 'hint') or the solution (kind 'solution') was shown."""
    if not enabled():
        return False
    try:
        with _store() as connection:
            connection.execute(
                "INSERT INTO help (at, exercise, kind, level) VALUES (?, ?, ?, ?)",
                (time.time(), exercise_id, kind, int(level)),
            )
        return True
    except Exception:
        return False


@dataclass(frozen=True)
class ExerciseProgress:
    exercise: str
    attempts: int
    passed: bool
    last_status: str
    # How the first pass came: 'unaided', 'hint' (after hints) or 'solution'; None if not yet.
    passed_with: str | None = None


def read(path: Path | None = None) -> dict[str, ExerciseProgress]:
    """Exercise id -> its progress, for every exercise checked at least once."""
    if not (path or store_path()).exists():
        return {}
    with _store(path) as connection:
        rows = connection.execute(
            "SELECT exercise, COUNT(*), MAX(status = 'correct'),"
            " (SELECT c2.status FROM checks c2 WHERE c2.exercise = c1.exercise"
            "  ORDER BY c2.id DESC LIMIT 1),"
            " (SELECT CASE WHEN c3.solution THEN 'solution' WHEN c3.hints > 0 THEN 'hint'"
            "   ELSE 'unaided' END FROM checks c3"
            "  WHERE c3.exercise = c1.exercise AND c3.status = 'correct' ORDER BY c3.id LIMIT 1)"
            " FROM checks c1 WHERE status != 'unattempted' GROUP BY exercise"
        ).fetchall()
    return {
        row[0]: ExerciseProgress(row[0], int(row[1]), bool(row[2]), row[3], row[4]) for row in rows
    }


def count(path: Path | None = None) -> int:
    """How many outcomes the store holds (attempted or not)."""
    if not (path or store_path()).exists():
        return 0
    with _store(path) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM checks").fetchone()[0])


@dataclass(frozen=True)
class LessonProgress:
    lesson: str
    exercises: int
    attempted: int
    passed: int
    passed_with_help: int = 0  # of those passed: after a hint or the solution


def by_lesson(
    exercise_ids: Mapping[str, Sequence[str]], path: Path | None = None
) -> list[LessonProgress]:
    """One row per lesson of ``exercise_ids`` (lesson -> its exercise ids): attempted, passed."""
    done = read(path)
    table = []
    for lesson, ids in exercise_ids.items():
        attempted = sum(1 for i in ids if i in done)
        passed = sum(1 for i in ids if i in done and done[i].passed)
        helped = sum(1 for i in ids if i in done and done[i].passed_with in ("hint", "solution"))
        table.append(LessonProgress(lesson, len(ids), attempted, passed, helped))
    return table
