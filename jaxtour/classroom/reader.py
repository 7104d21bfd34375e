"""One student's progress store, read by someone else (the teacher's page), in isolation.

A store belongs to a student, who can put anything there: a FIFO, a folder, a link to
another student's store, a ``checks`` view that never finishes, text where a number
belongs, a gigabyte. ``read_store`` reads it so that none of that can cost more than
``Limits`` allow, show another person's progress, or write to the student's folder:

- **No link is followed below the student's folder** (``home``): each folder on the way
  is opened with ``O_NOFOLLOW`` relative to the one before, the store too, so a link
  anywhere (or a swap of a folder for a link between a check and the open) is refused.
  The opened file must be a regular file owned by the folder's owner (a hard link to
  another student's store is theirs), at most ``Limits.bytes`` long.
- **SQLite reads exactly that file, read-only and immutable**: through
  ``/proc/self/fd/N`` (the descriptor just checked; elsewhere a copy in memory) with
  ``mode=ro&immutable=1``, so it opens no journal, ``-wal`` or ``-shm`` beside it,
  creates none, takes no lock and waits for none. A store whose owner is mid-write (a
  non-empty ``-journal`` beside it, a regular file) is "no data" until the write ends.
  A store its owner switched to WAL mode shows what was checkpointed into the file.
- **Bounded work**: ``checks`` must be a plain table (not a view or a virtual table),
  the schema's functions are untrusted (``trusted_schema=OFF``), a value longer than
  ``Limits.value_bytes`` is an error, SQLite's page cache is small, a progress handler
  stops the query at ``Limits.seconds``, and at most ``Limits.rows`` checks are read
  (more: "too large"). Rows are aggregated as they come, never all held at once.
- **Every value is validated by type**: ``exercise`` and ``status`` short text,
  ``mistake`` short text or NULL, ``hints`` a small non-negative integer, ``solution`` 0
  or 1, ``at`` a finite time between 0 and a day from now. One bad value makes the whole
  store "no data", naming the row and the column.
- **The mistakes made** (for the class's mistake board) are kept as they come, per
  exercise and mistake id: whether a pass came after its latest occurrence. At most
  ``Limits.mistakes`` distinct pairs are kept per store (the store holds junk ids:
  the rest are dropped; the board shows only the ids the exercises declare).

A problem raises ``Unreadable`` with what the page shows (``NO_DATA`` or ``TOO_LARGE``)
and one line saying why. ``fingerprint`` is what the cache compares: an unchanged store
(same device, inode, size, modification and change times, journal) is not read again.
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from jaxtour.learner import progress_store
from jaxtour.learner.progress_store import ExerciseProgress

NO_DATA = "no data"
TOO_LARGE = "too large"
_HELP_COLUMNS = ("hints", "solution")  # added since the first release; 0 when absent
_REQUIRED = ("at", "exercise", "status")
_FUTURE_S = 86400.0  # an `at` more than a day ahead is not a time a check was made
_PROC_FD = Path("/proc/self/fd")
# Folders are opened only to pass through (O_PATH: search permission is enough, the
# ``x`` the service's ACL grants; no listing).
_THROUGH = getattr(os, "O_PATH", os.O_RDONLY)


@dataclass(frozen=True)
class Limits:
    seconds: float = 5.0  # per store, SQLite's work included (the page waits less)
    bytes: int = 32 * 1024 * 1024  # the store file (a 100k-check store is about 6 MB)
    rows: int = 100_000  # checks read from one store
    value_bytes: int = 100_000  # one text or blob value (SQLite's length limit)
    mistakes: int = 2_000  # distinct (exercise, mistake) pairs kept per store (709 declared)


class Unreadable(Exception):
    """The store is not shown: ``label`` (``NO_DATA`` or ``TOO_LARGE``), ``why`` in one
    line."""

    def __init__(self, label: str, why: str) -> None:
        super().__init__(why)
        self.label = label
        self.why = why


Fingerprint = tuple[int, ...]
# exercise id -> {mistake id: True when a pass came after its latest occurrence}
Mistakes = dict[str, dict[str, bool]]


def home_template(store: str) -> str:
    """The student's folder in a store template: up to its first part with {username}
    (``/home/jupyter-{username}/.local/...`` -> ``/home/jupyter-{username}``)."""
    parts = Path(store).parts
    for end, part in enumerate(parts[:-1], 1):
        if "{username}" in part:
            return str(Path(*parts[:end]))
    raise SystemExit(f"jaxtour.classroom: {store} names no folder with {{username}}; give --home")


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _open_below(home: Path, path: Path) -> tuple[int, int, int]:
    """(descriptor of the store, of its folder, the home's owner), no link followed
    below ``home``."""
    try:
        parts = path.relative_to(home).parts
    except ValueError:
        raise Unreadable(NO_DATA, f"{path} is not inside the student's folder {home}") from None
    if not parts or ".." in parts:
        raise Unreadable(NO_DATA, f"{path} is not a file inside the student's folder {home}")
    try:
        folder = os.open(home, _THROUGH | os.O_DIRECTORY)
    except FileNotFoundError:
        raise Unreadable(NO_DATA, f"{path} does not exist (no check recorded yet?)") from None
    except OSError as error:
        why = f"{path}: the student's folder {home} cannot be opened ({error.strerror})"
        raise Unreadable(NO_DATA, why) from None
    try:
        owner = os.fstat(folder).st_uid
        where = home
        for part in parts[:-1]:
            where = where / part
            try:
                inner = os.open(part, _THROUGH | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder)
            except OSError as error:
                raise Unreadable(NO_DATA, _open_error(where, error, folder=True)) from None
            os.close(folder)
            folder = inner
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
        try:
            store = os.open(parts[-1], flags, dir_fd=folder)
        except OSError as error:
            raise Unreadable(NO_DATA, _open_error(path, error, folder=False)) from None
    except BaseException:
        os.close(folder)
        raise
    return store, folder, owner


def _open_error(where: Path, error: OSError, folder: bool) -> str:
    if error.errno == errno.ENOENT:
        return f"{where} does not exist (no check recorded yet?)"
    if error.errno == errno.ELOOP or (folder and error.errno == errno.ENOTDIR):
        return f"{where} is a link or not a folder: links are not followed"
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"{where} cannot be read (permission denied)"
    return f"{where} cannot be opened ({error.strerror})"


def fingerprint(info: os.stat_result, journal: os.stat_result | None) -> Fingerprint:
    mark = (journal.st_ino, journal.st_size, journal.st_mtime_ns) if journal else (0, 0, 0)
    return (
        info.st_dev,
        info.st_ino,
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
        *mark,
    )


def _journal(folder: int, name: str) -> os.stat_result | None:
    """The store's rollback journal when it is a regular file (anything else named so,
    a FIFO say, is never opened: SQLite reads the store immutable)."""
    try:
        info = os.stat(name + "-journal", dir_fd=folder, follow_symlinks=False)
    except OSError:
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def read_store(
    path: Path,
    home: Path,
    limits: Limits = Limits(),
    cached: Fingerprint | None = None,
) -> tuple[Fingerprint, dict[str, ExerciseProgress] | None, Mistakes | None]:
    """(its fingerprint, the student's progress as ``progress_store.read`` gives it, the
    mistakes made: ``Mistakes``); progress and mistakes are None when the fingerprint
    equals ``cached`` (unchanged: not read again). Raises ``Unreadable``;
    ``Unreadable.fingerprint`` (when set) lets a caller cache the problem too."""
    store, folder, owner = _open_below(home, path)
    try:
        info = os.fstat(store)
        journal = _journal(folder, path.name)
        mark = fingerprint(info, journal)
        if mark == cached:
            return mark, None, None
        try:
            _check_file(path, info, journal, owner, limits)
            done, mistakes = _read(store, path, info, limits)
        except Unreadable as problem:
            problem.fingerprint = mark  # type: ignore[attr-defined]
            raise
        after = os.fstat(store)
        if (after.st_size, after.st_mtime_ns) != (info.st_size, info.st_mtime_ns):
            raise Unreadable(NO_DATA, f"{path} changed while it was read (read again next time)")
        return mark, done, mistakes
    finally:
        os.close(store)
        os.close(folder)


def _check_file(
    path: Path,
    info: os.stat_result,
    journal: os.stat_result | None,
    owner: int,
    limits: Limits,
) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(NO_DATA, f"{path} is {_kind_of(info.st_mode)}, not a store")
    if info.st_uid != owner:
        raise Unreadable(
            NO_DATA, f"{path} belongs to uid {info.st_uid}, not to its folder's owner {owner}"
        )
    if info.st_size > limits.bytes:
        raise Unreadable(
            TOO_LARGE, f"{path} holds {info.st_size} bytes, over the limit of {limits.bytes}"
        )
    if journal is not None and journal.st_size > 0:
        raise Unreadable(
            NO_DATA, f"{path}: a write to it is in progress or was interrupted (a -journal)"
        )


def _connect(store: int, limits: Limits) -> sqlite3.Connection:
    if _PROC_FD.is_dir():
        where = f"file:{_PROC_FD / str(store)}?mode=ro&immutable=1"
        connection = sqlite3.connect(where, uri=True, timeout=0, check_same_thread=False)
    else:  # no /proc: a copy in memory, at most limits.bytes
        data = bytearray()
        while chunk := os.read(store, 1 << 20):
            data += chunk
            if len(data) > limits.bytes:
                raise Unreadable(TOO_LARGE, f"over the limit of {limits.bytes} bytes")
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        connection.deserialize(bytes(data))
    connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, limits.value_bytes)
    connection.execute("PRAGMA trusted_schema = OFF")
    connection.execute("PRAGMA cache_size = -2000")  # KiB
    return connection


def _read(
    store: int, path: Path, info: os.stat_result, limits: Limits
) -> tuple[dict[str, ExerciseProgress], Mistakes]:
    deadline = time.monotonic() + limits.seconds
    try:
        with contextlib.closing(_connect(store, limits)) as connection:
            connection.set_progress_handler(lambda: time.monotonic() > deadline, 1000)
            kind = connection.execute(
                "SELECT type, sql FROM sqlite_schema WHERE name = 'checks'"
            ).fetchall()
            if not kind:
                raise Unreadable(NO_DATA, f"{path}: not a jaxtour progress store (no checks)")
            made, sql = kind[0]
            if made != "table" or (sql or "").lstrip().upper().startswith("CREATE VIRTUAL"):
                raise Unreadable(NO_DATA, f"{path}: its checks is a {made}, not a plain table")
            columns = {row[1] for row in connection.execute("PRAGMA table_info(checks)")}
            missing = [c for c in _REQUIRED if c not in columns]
            if missing:
                raise Unreadable(
                    NO_DATA, f"{path}: not a jaxtour progress store (no checks.{missing[0]})"
                )
            helped = ", ".join(c if c in columns else "0" for c in _HELP_COLUMNS)
            mistake = "mistake" if "mistake" in columns else "NULL"
            cursor = connection.execute(
                f"SELECT rowid, exercise, status, {helped}, at, {mistake} FROM checks"
                " ORDER BY rowid LIMIT ?",
                (limits.rows + 1,),
            )
            made = _MistakesMade(limits.mistakes)
            done = progress_store._progress(made.noting(_valid(cursor, path, limits)))
            return done, made.result()
    except sqlite3.Error as error:
        if time.monotonic() > deadline:
            raise Unreadable(
                NO_DATA, f"{path}: reading it took over the limit of {limits.seconds} s"
            ) from None
        if "too big" in str(error):
            raise Unreadable(
                TOO_LARGE, f"{path}: a value over the limit of {limits.value_bytes} bytes"
            ) from None
        raise Unreadable(NO_DATA, f"{path}: it cannot be read ({error})") from None


def _valid(cursor: sqlite3.Cursor, path: Path, limits: Limits) -> Iterator[tuple]:
    """The rows ``_progress`` takes, each value checked by type, at most ``limits.rows``."""
    latest = time.time() + _FUTURE_S
    for count, (rowid, exercise, status, hints, solution, at, mistake) in enumerate(cursor, 1):
        if count > limits.rows:
            raise Unreadable(TOO_LARGE, f"{path}: over the limit of {limits.rows} checks")
        bad = None
        if not isinstance(exercise, str) or not 0 < len(exercise) <= 200:
            bad = ("exercise", exercise)
        elif not isinstance(status, str) or not 0 < len(status) <= 40:
            bad = ("status", status)
        elif type(hints) is not int or not 0 <= hints <= 1000:
            bad = ("hints", hints)
        elif type(solution) is not int or solution not in (0, 1):
            bad = ("solution", solution)
        elif type(at) not in (int, float) or not (math.isfinite(at) and 0 <= at <= latest):
            bad = ("at", at)
        elif mistake is not None and (not isinstance(mistake, str) or len(mistake) > 200):
            bad = ("mistake", mistake)
        if bad:
            column, value = bad
            shown = repr(value)[:40]
            raise Unreadable(
                NO_DATA,
                f"{path}: checks row {rowid}: {column} is {type(value).__name__} {shown}",
            )
        yield exercise, status, hints, solution, at, mistake


class _MistakesMade:
    """Per exercise and mistake id, whether a pass came after the mistake's latest
    occurrence: fed the rows as they come (``noting``), at most ``most`` pairs kept."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.latest: dict[tuple[str, str], int] = {}  # (exercise, mistake) -> row number
        self.passed: dict[str, int] = {}  # exercise -> the row number of its latest pass

    def noting(self, rows: Iterator[tuple]) -> Iterator[tuple]:
        """``rows`` without their mistake, which is noted."""
        renamed = catalog.RENAMED_EXERCISES
        for number, (exercise, status, hints, solution, at, mistake) in enumerate(rows):
            named = renamed.get(exercise, exercise)
            if status == "correct":
                self.passed[named] = number
            elif mistake:
                key = (named, mistake)
                if key in self.latest or len(self.latest) < self.most:
                    self.latest[key] = number
            yield exercise, status, hints, solution, at

    def result(self) -> Mistakes:
        made: Mistakes = {}
        for (exercise, mistake), number in self.latest.items():
            made.setdefault(exercise, {})[mistake] = self.passed.get(exercise, -1) > number
        return made
