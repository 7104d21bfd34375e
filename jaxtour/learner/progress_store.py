"""The progress store: every check() outcome, kept locally so a learner sees how far they got.

Where: ``progress.sqlite3`` in the user data folder ``platformdirs`` gives
(``$XDG_DATA_HOME/jaxtour``, else ``~/.local/share/jaxtour`` on Linux;
``~/Library/Application Support/jaxtour`` on macOS; ``%APPDATA%\\jaxtour`` on Windows).
``JAXTOUR_DATA_DIR`` moves it; ``JAXTOUR_PROGRESS=off`` records nothing.

The promise: nothing a learner does loses or hides a record.

- **Writing.** Each record is one transaction begun with ``BEGIN IMMEDIATE`` (the write
  lock first, so kernels queue instead of deadlocking). Inside it the schema is read
  again and an older store is brought up to date, so an upgrade happens once, by
  whichever kernel gets the lock first; the others see it done.
- **Only a file that is not a database, or is malformed, is moved aside** (SQLite's
  NOTADB and CORRUPT), to ``progress.corrupt-<time>.sqlite3``, with one warning. The
  mover holds ``progress.sqlite3.lock`` exclusively (writers hold it shared while they
  write, so none is mid-transaction) and SQLite's EXCLUSIVE lock, and checks again that
  the file is still unreadable: another kernel may have replaced it already. Its journal
  is never moved.
- **Every other error** (a read-only file or folder, a full disk, an I/O error, a lock
  held by another program for over ``WRITE_WAIT_S``) leaves the file alone. The record is
  kept in memory and written with the next record that succeeds, or at exit; the problem
  is said once per session, in plain words with the path and the fix (``take_problem``:
  ``checks`` adds it to the check's feedback). Recording never raises.
- **Reading never changes the store:** it opens the file read-only, takes the columns
  the file has (a first-release store lacks ``hints`` and ``solution``: 0) and maps
  renamed exercise ids. One exception is SQLite's own: a journal left by a kernel killed
  mid-write is rolled back, restoring the last committed state, before anything is read.
  ``read_other`` (another person's store: the classroom service) makes no exception: such
  a store, like a missing, corrupt or foreign one, raises ``StoreProblem`` instead.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import shlex
import sqlite3
import stat
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from jaxtour import catalog
from jaxtour.i18n import N_, _, ngettext
from jaxtour.learner.backups import move_to_backup

STORE_NAME = "progress.sqlite3"
ENV_DIR = "JAXTOUR_DATA_DIR"
ENV_SWITCH = "JAXTOUR_PROGRESS"
WRITE_WAIT_S = 2.0  # how long a check waits for another kernel's write lock
RETRY_WAIT_S = 0.1  # ... while earlier records of this session wait unsaved
READ_WAIT_S = 2.0  # how long a reader waits for a writer that is committing
EXIT_WAIT_S = 10.0  # how long a stopping kernel waits to save what it kept in memory

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
    # one row per checks.new_variant(): how often a learner asked for a fresh variant
    """
CREATE TABLE IF NOT EXISTS variants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    exercise TEXT NOT NULL
)
""",
    # the learner's id, made once (the first row is kept): what their variants are drawn from
    """
CREATE TABLE IF NOT EXISTS learner (
    at REAL NOT NULL,
    id TEXT NOT NULL
)
""",
)
# Columns added since the first release, added in place to an older store.
_ADDED_COLUMNS = {
    "hints": "INTEGER NOT NULL DEFAULT 0",
    "solution": "INTEGER NOT NULL DEFAULT 0",
    "variant": "INTEGER",  # the variant checked (NULL: recorded before variants, or none)
}
_HELP_COLUMNS = ("hints", "solution")
_INSERT = {
    "checks": "INSERT INTO checks (at, exercise, status, mistake, hints, solution, variant)"
    " VALUES (?1, ?2, ?3, ?4,"
    "  (SELECT COALESCE(MAX(level), 0) FROM help WHERE exercise = ?2 AND kind = 'hint'),"
    "  EXISTS (SELECT 1 FROM help WHERE exercise = ?2 AND kind = 'solution'), ?5)",
    "help": "INSERT INTO help (at, exercise, kind, level) VALUES (?, ?, ?, ?)",
    "variants": "INSERT INTO variants (at, exercise) VALUES (?, ?)",
    "learner": "INSERT INTO learner (at, id) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM learner)",
}
# SQLite's primary result codes (the low byte of an extended code).
_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_READ_ONLY_CODES = {3, 8, 14, 23}  # PERM, READONLY, CANTOPEN, AUTH
_FULL_CODES = {13}  # SQLITE_FULL
_LOCKED_CODES = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_READONLY_ROLLBACK = 776  # a hot journal that a read-only connection cannot roll back

Entry = tuple[str, tuple]  # ("checks" or "help", the values of its INSERT)
_pending: dict[Path, list[Entry]] = {}  # records not saved yet, per store
_said: set[tuple[Path, str]] = set()  # problems already reported this session
_problems: dict[Path, str] = {}  # the latest problem met with each store, in words
_unsaid: list[str] = []  # reported problems no caller has shown yet (take_problem)


class StoreProblem(Exception):
    """The store cannot be read now; the message says why, where, and what to do."""


def data_dir() -> Path:
    """Where jaxtour keeps its files: ``$JAXTOUR_DATA_DIR``, else the user data folder."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override).expanduser()
    # roaming: %APPDATA% on Windows, where jaxtour has always kept it (ignored elsewhere)
    return Path(platformdirs.PlatformDirs("jaxtour", appauthor=False, roaming=True).user_data_dir)


def store_path() -> Path:
    return data_dir() / STORE_NAME


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "on").strip().lower() not in ("off", "0", "false", "no")


# --- what went wrong, in words -------------------------------------------------------


def _kind(error: BaseException) -> str:
    """'corrupt', 'read-only', 'full', 'locked' or 'error'."""
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    number = getattr(error, "errno", None)
    text = str(error)
    if code in _CORRUPT_CODES or "not a database" in text or "malformed" in text:
        return "corrupt"
    if code in _READ_ONLY_CODES or number in (errno.EPERM, errno.EACCES, errno.EROFS):
        return "read-only"
    if code in _FULL_CODES or number in (errno.ENOSPC, errno.EDQUOT):
        return "full"
    if code in _LOCKED_CODES:
        return "locked"
    return "error"


def _unwritable(path: Path) -> str | None:
    """What on disk keeps ``path`` from being written, with the fix for that one kind
    (a folder where the store belongs, mode 000, a read-only file or folder, another
    user's file or folder, a read-only file system); None when nothing on disk says."""
    me = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        found = os.stat(path)
    except OSError:
        found = None
    folder = path.parent
    quoted = shlex.quote(str(path))  # the commands, pasted as they are
    if found is not None:
        mode = f"{stat.S_IMODE(found.st_mode):03o}"
        if stat.S_ISDIR(found.st_mode):
            return _(
                "{path} is a folder, not a store: nothing can be saved in its place. To fix "
                "it: move that folder aside (mv {quoted} {quoted}.folder), or set {variable} to "
                "another folder."
            ).format(path=path, quoted=quoted, variable=ENV_DIR)
        if me is not None and found.st_uid != me and me != 0:
            return _(
                "{path} belongs to another user (uid {owner}). To fix it: have it given to "
                "you (sudo chown $USER {quoted}), or set {variable} to a folder of your own."
            ).format(path=path, quoted=quoted, owner=found.st_uid, variable=ENV_DIR)
        if not found.st_mode & (stat.S_IRUSR | stat.S_IWUSR):
            return _(
                "{path} can be neither read nor written (mode {mode}). To fix it: chmod "
                "u+rw {quoted}."
            ).format(path=path, quoted=quoted, mode=mode)
        if not found.st_mode & stat.S_IWUSR:
            return _("{path} is read-only (mode {mode}). To fix it: chmod u+w {quoted}.").format(
                path=path, quoted=quoted, mode=mode
            )
    try:
        holder = os.stat(folder)
    except OSError:
        holder = None
    if holder is not None:
        if me is not None and holder.st_uid != me and me != 0:
            return _(
                "the folder {folder} belongs to another user (uid {owner}), and SQLite "
                "writes beside the store. To fix it: set {variable} to a folder of your own."
            ).format(folder=folder, owner=holder.st_uid, variable=ENV_DIR)
        if not holder.st_mode & stat.S_IWUSR:
            return _(
                "the folder {folder} is read-only, and SQLite writes beside the store. To "
                "fix it: chmod u+w {quoted}."
            ).format(folder=folder, quoted=shlex.quote(str(folder)))
    with contextlib.suppress(OSError, AttributeError):
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return _(
                "{path} is on a read-only file system. To fix it: set {variable} to a "
                "folder on a disk you can write."
            ).format(path=path, quoted=quoted, variable=ENV_DIR)
    return None


def _why(kind: str, path: Path, error: BaseException | None = None) -> str:
    """The sentence that says what is wrong with ``path``, and the fix: for a store that
    cannot be written, the fix for what on disk stops it."""
    if kind in ("read-only", "error"):
        found = _unwritable(path)
        if found is not None:
            return found
    sentence = {
        "read-only": N_(
            "{path} (or its folder) is read-only. To fix it: make both writable (chmod u+w), "
            "or set {variable} to a folder you can write."
        ),
        "full": N_(
            "the disk holding {path} is full. To fix it: free some space, or set {variable} "
            "to a folder you can write."
        ),
        "locked": N_(
            "another program has held {path} locked for over {seconds} s (a kernel stuck "
            "mid-write?). To fix it: restart that kernel."
        ),
        "corrupt": N_(
            "{path} is not a readable database. The next check moves it aside to "
            "progress.corrupt-<time>.sqlite3 and starts a new store."
        ),
    }.get(
        kind,
        N_(
            "{path} could not be written ({error}). To fix it: check the disk, or set "
            "{variable} to a folder you can write."
        ),
    )
    return _(sentence).format(path=path, variable=ENV_DIR, seconds=f"{WRITE_WAIT_S:g}", error=error)


def _say_once(path: Path, kind: str, error: BaseException) -> None:
    _problems[path] = _why(kind, path, error)
    if (path, kind) in _said:
        return
    _said.add((path, kind))
    _unsaid.append(
        _(
            "jaxtour could not save this check: {why} Your earlier progress in it is safe. "
            "Until then this session's checks are kept in memory and saved with the first "
            "check that can be (if this kernel stops first, they are lost)."
        ).format(why=_why(kind, path, error))
    )


def take_problem() -> str | None:
    """The store problems met since the last call, said once per session; None if none."""
    if not _unsaid:
        return None
    said = "\n".join(_unsaid)
    _unsaid.clear()
    return said


def write_problem(path: Path | None = None) -> str | None:
    """Why new checks would not be saved, found without writing: a problem this session
    met, a read-only file or folder, or a full disk. None when nothing is known wrong."""
    path = path or store_path()
    if not enabled():
        return None
    if _pending.get(path):
        unsaved = len([e for e in _pending[path] if e[0] == "checks"])
        return ngettext(
            "{count} checks of this session are not saved yet: {why}",
            "{count} checks of this session are not saved yet: {why}",
            unsaved,
        ).format(count=unsaved, why=_problems.get(path))
    if path.exists():
        targets = [path, path.parent]  # the folder too: SQLite writes its journal there
    else:
        targets = [next(p for p in path.parents if p.exists())]  # where it would be made
        if not targets[0].is_dir():
            return _("New checks cannot be saved: {path} is a file, not a folder.").format(
                path=targets[0]
            )
    if not all(os.access(target, os.W_OK) for target in targets):
        return _("New checks cannot be saved: {why}").format(why=_why("read-only", path))
    import shutil

    with contextlib.suppress(OSError):
        if shutil.disk_usage(targets[-1]).free < 64 * 1024:
            return _("New checks cannot be saved: {why}").format(why=_why("full", path))
    return None


# --- writing ---------------------------------------------------------------------------


@contextlib.contextmanager
def _movers_lock(path: Path, exclusive: bool) -> Iterator[None]:
    """``progress.sqlite3.lock``: shared while writing, exclusive while moving the store
    aside. Where it cannot be had (Windows, a read-only folder), nothing is held: there
    a file open elsewhere cannot be renamed anyway."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    lock = path.with_name(path.name + ".lock")
    try:
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        try:
            descriptor = os.open(lock, os.O_RDONLY)
        except OSError:
            yield
            return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(descriptor)  # releases the lock


def _bring_up_to_date(connection: sqlite3.Connection) -> None:
    """Create what is missing, add new columns, carry renamed ids over: inside the
    caller's write transaction, so whoever comes second sees it done."""
    for statement in _SCHEMA:
        connection.execute(statement)  # IF NOT EXISTS: writes nothing when present
    columns = {row[1] for row in connection.execute("PRAGMA table_info(checks)")}
    for name, declaration in _ADDED_COLUMNS.items():
        if name not in columns:
            connection.execute(f"ALTER TABLE checks ADD COLUMN {name} {declaration}")
    version = len(catalog.RENAMED_EXERCISES)
    if connection.execute("PRAGMA user_version").fetchone()[0] < version:
        renames = [(new, old) for old, new in catalog.RENAMED_EXERCISES.items()]
        for table in ("checks", "help"):
            connection.executemany(f"UPDATE {table} SET exercise = ? WHERE exercise = ?", renames)
        connection.execute(f"PRAGMA user_version = {version}")


def _save(path: Path, entries: list[Entry], wait: float) -> None:
    """Write ``entries`` in one transaction, or nothing; raises what went wrong."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with _movers_lock(path, exclusive=False):
        connection = sqlite3.connect(path, timeout=wait, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                _bring_up_to_date(connection)
                for table, values in entries:
                    connection.execute(_INSERT[table], values)
                connection.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
                raise
        finally:
            connection.close()


def _move_aside_if_unreadable(path: Path) -> None:
    """Move an unreadable store aside, if it still is once no other kernel holds it."""
    with _movers_lock(path, exclusive=True):
        connection = sqlite3.connect(path, timeout=WRITE_WAIT_S, isolation_level=None)
        try:
            connection.execute("BEGIN EXCLUSIVE")  # waits for any reader or writer to finish
            if connection.execute("PRAGMA integrity_check").fetchone() == ("ok",):
                return  # readable: another kernel has replaced it already
            reason = "database disk image is malformed"
        except sqlite3.DatabaseError as error:
            if _kind(error) != "corrupt":
                raise
            reason = str(error)
        finally:
            connection.close()  # Windows renames no file that is open
        backup = move_to_backup(path, "corrupt")  # jaxtour writers wait for the lock
    warnings.warn(
        "jaxtour: "
        + _(
            "the progress store {path} could not be read ({reason}); it was moved to "
            "{backup} and a new one was started."
        ).format(path=path, reason=reason, backup=backup.name),
        RuntimeWarning,
        stacklevel=4,
    )


def _record(table: str, values: tuple) -> bool:
    if not enabled():
        return False
    if _holding and table == "checks":  # a check's outcome, recorded by the learner's code
        for tampered in _holding:  # every enclosing check's (an answer that checks)
            tampered.append("progress_store.record()")
        return False
    path = store_path()
    entries = _pending.setdefault(path, [])
    wait = RETRY_WAIT_S if entries else WRITE_WAIT_S
    entries.append((table, values))
    try:
        try:
            _save(path, entries, wait)
        except sqlite3.DatabaseError as error:
            if _kind(error) != "corrupt":
                raise
            _move_aside_if_unreadable(path)
            _save(path, entries, wait)
    except Exception as error:  # never raises: kept for later, said once
        _say_once(path, _kind(error), error)
        return False
    entries.clear()
    return True


_TABLES_AN_ANSWER_COULD_FORGE = ("checks", "help", "variants")


@contextlib.contextmanager
def held(tampered: list[str]) -> Iterator[None]:
    """The store's write lock held by the grader while a check runs the learner's code:
    no other connection can write it meanwhile (an answer's own ``sqlite3.connect`` to
    the path the README gives waits, then fails "database is locked"; another kernel's
    record waits ``WRITE_WAIT_S``, and is kept for later past that). The transaction is
    rolled back at the end, so whatever an answer wrote through the grader's connection
    itself (found with ``gc.get_objects``) is undone; one that committed through it has
    its rows taken out again. Either way ``tampered`` names it.

    A store that is off is not held (one that does not exist yet is made); one another kernel is
    writing is not waited for (the check is not delayed). What this cannot stop: an
    answer is the learner's own code, and the learner owns the file (CONTRIBUTING.md,
    the threat model): it can be copied, replaced or edited outside SQLite."""
    connection = None
    _holding.append(tampered)
    if enabled():
        path = store_path()
        try:
            if not path.exists():  # a first check: the store made now, to be held
                _save(path, [], 0)
            if path.exists():
                connection = sqlite3.connect(path, timeout=0, isolation_level=None)
                connection.execute("BEGIN IMMEDIATE")
                last = {
                    table: connection.execute(f"SELECT max(id) FROM {table}").fetchone()[0]  # noqa: S608
                    or 0
                    for table in _TABLES_AN_ANSWER_COULD_FORGE
                }
        except Exception:  # busy, old, unreadable, unwritable: the check runs as without
            if connection is not None:
                with contextlib.suppress(sqlite3.Error):
                    connection.close()
            connection = None
    try:
        yield
    finally:
        _holding.pop()
        if connection is not None:
            _let_go(connection, last, tampered, path)


# One list per check running the learner's code (``held``): a check's outcome recorded
# meanwhile is the learner's code calling ``record`` (or ``checks.check`` inside an
# answer), refused and named there. Hints and solutions shown are still recorded.
_holding: list[list[str]] = []


def _let_go(
    connection: sqlite3.Connection, last: dict[str, int], tampered: list[str], path: Path
) -> None:
    try:
        if connection.in_transaction:
            changed = connection.total_changes
            connection.execute("ROLLBACK")
            if changed:
                tampered.append("sqlite3")
        else:  # committed or closed through the grader's connection: its rows out again
            tampered.append("sqlite3")
            _rows_taken_out(connection, last)
    except sqlite3.Error:  # the connection closed by the answer
        tampered.append("sqlite3")
        with contextlib.suppress(sqlite3.Error):
            _rows_taken_out(sqlite3.connect(path, timeout=WRITE_WAIT_S, isolation_level=None), last)
    finally:
        with contextlib.suppress(sqlite3.Error):
            connection.close()


def _rows_taken_out(connection: sqlite3.Connection, last: dict[str, int]) -> None:
    """Every row added since the grader let go of the lock (the answer's) taken out."""
    try:
        connection.execute("BEGIN IMMEDIATE")
        for table, id_ in last.items():
            connection.execute(f"DELETE FROM {table} WHERE id > ?", (id_,))  # noqa: S608
        connection.execute("COMMIT")
    finally:
        connection.close()


@atexit.register
def _save_at_exit() -> None:
    for path, entries in _pending.items():
        if entries:
            with contextlib.suppress(Exception):
                _save(path, entries, EXIT_WAIT_S)
                entries.clear()


def record(
    exercise_id: str, status: str, mistake: str | None = None, variant: int | None = None
) -> bool:
    """Append one check outcome, with the help seen so far (the most specific hint, and
    whether the solution was shown) and the variant checked (None: the exercise has no
    variants). False (never an exception) if it is not saved now."""
    return _record("checks", (time.time(), exercise_id, status, mistake, variant))


def record_help(exercise_id: str, kind: str, level: int = 0) -> bool:
    """Note that hint ``level`` (kind 'hint') or the solution (kind 'solution') was shown."""
    return _record("help", (time.time(), exercise_id, kind, int(level)))


# --- reading ---------------------------------------------------------------------------

# exercise, status, most specific hint seen, solution seen, when (seconds since the epoch)
Row = tuple[str, str, int, int, float]
_REQUIRED_COLUMNS = ("at", "exercise", "status")  # in every release's checks table


def _select(connection: sqlite3.Connection, strict: bool = False) -> list[Row]:
    with contextlib.closing(connection):
        columns = {row[1] for row in connection.execute("PRAGMA table_info(checks)")}
        if strict and not set(_REQUIRED_COLUMNS) <= columns:
            missing = ", ".join(c for c in _REQUIRED_COLUMNS if c not in columns)
            raise StoreProblem(f"it is not a jaxtour progress store (no checks.{missing})")
        if not columns:
            return []
        helped = ", ".join(name if name in columns else "0" for name in _HELP_COLUMNS)
        query = f"SELECT exercise, status, {helped}, at FROM checks ORDER BY id"
        return connection.execute(query).fetchall()


def read_other(path: Path) -> dict[str, ExerciseProgress]:
    """Someone else's store (a teacher reading a student's), as ``read`` gives it, with
    nothing ever written, SQLite's own recovery included: a missing file, one that is not
    a jaxtour store, a corrupt one, or one a killed kernel left mid-write (its journal
    would have to be rolled back) raises StoreProblem. A first-release store, which lacks
    the help columns, reads with no help seen, as ``read`` reads it."""
    if not path.is_file():
        raise StoreProblem(f"{path} does not exist (no check recorded yet?)")
    read_only = path.absolute().as_uri() + "?mode=ro"
    try:
        rows = _select(sqlite3.connect(read_only, uri=True, timeout=READ_WAIT_S), strict=True)
    except sqlite3.Error as error:
        if getattr(error, "sqlite_errorcode", None) == _READONLY_ROLLBACK:
            why = "a write to it was interrupted (its owner's next check rolls it back)"
        elif _kind(error) == "corrupt":
            why = "it is not a readable database"
        else:
            why = f"it cannot be read ({error})"
        raise StoreProblem(f"{path}: {why}") from None
    except OSError as error:
        raise StoreProblem(f"{path}: it cannot be read ({error})") from None
    except StoreProblem as problem:
        raise StoreProblem(f"{path}: {problem}") from None
    return _progress(rows)


def _select_help(connection: sqlite3.Connection) -> list[tuple[float, str, str]]:
    """(when, exercise, kind) of every help shown, oldest first; none in a store without
    the help table."""
    with contextlib.closing(connection):
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if "help" not in {row[0] for row in tables}:
            return []
        return connection.execute("SELECT at, exercise, kind FROM help ORDER BY id").fetchall()


def _stored_rows(path: Path, select=_select) -> list:
    """Every stored check (or what ``select`` reads), oldest first, read without changing
    the file."""
    if not path.exists():
        return []
    read_only = path.absolute().as_uri() + "?mode=ro"
    recovering = False
    try:
        try:
            return select(sqlite3.connect(read_only, uri=True, timeout=READ_WAIT_S))
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorcode", None) != _READONLY_ROLLBACK:
                raise
            # A kernel was killed mid-write: SQLite rolls its journal back, then reads.
            recovering = True
            return select(sqlite3.connect(path, timeout=READ_WAIT_S))
    except (sqlite3.Error, OSError) as error:
        kind = _kind(error)
        if kind == "locked":
            why = _("another program holds {path} locked. Try again in a moment.").format(path=path)
        elif recovering:
            why = _("a write to {path} was interrupted; rolling it back failed: {why}").format(
                path=path, why=_why(kind, path, error)
            )
        elif kind == "corrupt":
            why = _why(kind, path)
        else:
            why = _("{path} cannot be opened ({error}).").format(path=path, error=error)
        raise StoreProblem(_("your progress could not be read: {why}").format(why=why)) from None


def _pending_rows(path: Path) -> list[Row]:
    """This session's unsaved checks, with the help of this session's unsaved help."""
    rows: list[Row] = []
    hints: dict[str, int] = {}
    solutions: set[str] = set()
    for table, values in _pending.get(path, []):
        exercise = values[1]
        if table == "help" and values[2] == "hint":
            hints[exercise] = max(hints.get(exercise, 0), values[3])
        elif table == "help":
            solutions.add(exercise)
        elif table == "checks":
            rows.append(
                (exercise, values[2], hints.get(exercise, 0), exercise in solutions, values[0])
            )
    return rows


@dataclass(frozen=True)
class ExerciseProgress:
    exercise: str
    attempts: int
    passed: bool
    last_status: str
    # How the first pass came: 'unaided', 'hint' (after hints) or 'solution'; None if not yet.
    passed_with: str | None = None
    first_at: float | None = None  # the first and latest attempt, seconds since the epoch
    last_at: float | None = None


def _rows(path: Path | None) -> list[Row]:
    path = path or store_path()
    return _stored_rows(path) + _pending_rows(path)


def read(path: Path | None = None) -> dict[str, ExerciseProgress]:
    """Exercise id -> its progress, for every exercise checked at least once (this
    session's unsaved checks included). Raises StoreProblem if the store cannot be read."""
    return _progress(_rows(path))


def _progress(rows: list[Row]) -> dict[str, ExerciseProgress]:
    done: dict[str, ExerciseProgress] = {}
    for exercise, status, hints, solution, at in rows:
        if status == "unattempted":
            continue
        exercise = catalog.RENAMED_EXERCISES.get(exercise, exercise)
        before = done.get(exercise, ExerciseProgress(exercise, 0, False, status, first_at=at))
        passed_with = before.passed_with
        if status == "correct" and passed_with is None:
            passed_with = "solution" if solution else "hint" if hints > 0 else "unaided"
        done[exercise] = ExerciseProgress(
            exercise,
            before.attempts + 1,
            before.passed or status == "correct",
            status,
            passed_with,
            before.first_at,
            at,
        )
    return done


@dataclass(frozen=True)
class Event:
    """One thing the store holds about an exercise: a check (``status`` set, with the
    help seen by then: ``hints`` the most specific hint, ``solution``) or help shown
    (``status`` None)."""

    at: float
    status: str | None
    hints: int = 0
    solution: bool = False


def history(path: Path | None = None) -> dict[str, list[Event]]:
    """Exercise id -> its checks and the help shown for it, oldest first (this session's
    unsaved ones included; renamed ids read as the new name). Reads without changing the
    store; raises StoreProblem if it cannot be read."""
    path = path or store_path()
    events: dict[str, list[Event]] = {}
    renamed = catalog.RENAMED_EXERCISES
    for exercise, status, hints, solution, at in _rows(path):
        if status != "unattempted":
            events.setdefault(renamed.get(exercise, exercise), []).append(
                Event(at, status, hints, bool(solution))
            )
    shown = _stored_rows(path, _select_help) + [
        (values[0], values[1], values[2])
        for table, values in _pending.get(path, [])
        if table == "help"
    ]
    for at, exercise, _kind in shown:
        events.setdefault(renamed.get(exercise, exercise), []).append(Event(at, None))
    for items in events.values():
        items.sort(key=lambda event: (event.at, event.status is not None))  # help first
    return events


def passed_or_solution_shown(exercise_id: str, path: Path | None = None) -> bool:
    """Whether the store holds a pass of ``exercise_id`` or the solution shown for it (a
    wrong prediction is told what happened, which records the solution): what opens its
    reveal cell (``checks.reveal``). This session's unsaved ones count. Raises StoreProblem
    if the store cannot be read."""
    path = path or store_path()
    renamed = catalog.RENAMED_EXERCISES
    if any(
        renamed.get(e, e) == exercise_id and status == "correct" for e, status, *_ in _rows(path)
    ):
        return True
    shown = _stored_rows(path, _select_help) + [
        (values[0], values[1], values[2])
        for table, values in _pending.get(path, [])
        if table == "help"
    ]
    return any(renamed.get(e, e) == exercise_id and kind == "solution" for _at, e, kind in shown)


def count(path: Path | None = None) -> int:
    """How many outcomes the store holds (attempted or not), this session's unsaved too."""
    return len(_rows(path))


@dataclass(frozen=True)
class LessonProgress:
    lesson: str
    exercises: int
    attempted: int
    passed: int
    passed_with_help: int = 0  # of those passed: after a hint or the solution


def by_lesson(
    exercise_ids: Mapping[str, Sequence[str]],
    path: Path | None = None,
    done: Mapping[str, ExerciseProgress] | None = None,
) -> list[LessonProgress]:
    """One row per lesson of ``exercise_ids`` (lesson -> its exercise ids): attempted, passed."""
    done = read(path) if done is None else done
    table = []
    for lesson, ids in exercise_ids.items():
        attempted = sum(1 for i in ids if i in done)
        passed = sum(1 for i in ids if i in done and done[i].passed)
        helped = sum(1 for i in ids if i in done and done[i].passed_with in ("hint", "solution"))
        table.append(LessonProgress(lesson, len(ids), attempted, passed, helped))
    return table


# --- variants: the learner's id and the practice counter --------------------------------

ENV_HUB_USER = "JUPYTERHUB_USER"  # on a hub, the learner's id is their user name
_session_learner: list[str] = []  # the id made in this session while the store was not written


def _select_learner(connection: sqlite3.Connection) -> list[tuple[str]]:
    with contextlib.closing(connection):
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if "learner" not in tables:
            return []
        return connection.execute("SELECT id FROM learner ORDER BY rowid LIMIT 1").fetchall()


def learner_id(path: Path | None = None) -> str:
    """A stable id for the learner, from which their variants are drawn: the hub's user
    name (``JUPYTERHUB_USER``); else the one kept in the store, made once (a random
    token, written with the first row; the first one written wins); with the store off,
    the system user's name. Never raises."""
    hub_user = os.environ.get(ENV_HUB_USER, "").strip()
    if hub_user:
        return f"hub:{hub_user}"
    if not enabled():
        import getpass  # noqa: PLC0415 - only here

        try:
            return f"user:{getpass.getuser()}"
        except Exception:
            return "user:unknown"
    path = path or store_path()
    with contextlib.suppress(Exception):
        stored = _stored_rows(path, _select_learner)
        if stored:
            return stored[0][0]
    if not _session_learner:
        import secrets  # noqa: PLC0415 - only here

        _session_learner.append(secrets.token_hex(16))
    if _record("learner", (time.time(), _session_learner[0])):
        with contextlib.suppress(Exception):
            stored = _stored_rows(path, _select_learner)
            if stored:
                return stored[0][0]  # another kernel's, if it wrote first
    return _session_learner[0]


def record_new_variant(exercise_id: str) -> bool:
    """Note that a fresh variant of ``exercise_id`` was asked for (a row added, nothing
    changed): the practice counter is the number of these rows."""
    if not enabled():  # nothing is written: counted for this session only
        _unstored_requests.append(exercise_id)
        return True
    return _record("variants", (time.time(), exercise_id))


_unstored_requests: list[str] = []  # new variants asked for while the store is off


def _select_variant_requests(connection: sqlite3.Connection) -> list[tuple[str]]:
    with contextlib.closing(connection):
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if "variants" not in tables:
            return []
        return connection.execute("SELECT exercise FROM variants").fetchall()


def practice_count(exercise_id: str, path: Path | None = None) -> int:
    """How often a fresh variant of ``exercise_id`` was asked for (unsaved ones included);
    0 in a store from before variants. Raises StoreProblem if the store cannot be read."""
    if not enabled():
        return _unstored_requests.count(exercise_id)
    path = path or store_path()
    stored = sum(
        1 for (exercise,) in _stored_rows(path, _select_variant_requests) if exercise == exercise_id
    )
    pending = sum(
        1
        for table, values in _pending.get(path, [])
        if table == "variants" and values[1] == exercise_id
    )
    return stored + pending


def _select_passed_variants(connection: sqlite3.Connection) -> list[tuple[str, int | None]]:
    with contextlib.closing(connection):
        columns = {row[1] for row in connection.execute("PRAGMA table_info(checks)")}
        if "variant" not in columns:
            return []
        query = "SELECT exercise, variant FROM checks WHERE status = 'correct' ORDER BY id"
        return connection.execute(query).fetchall()


def passed_variants(path: Path | None = None) -> dict[str, list[int]]:
    """Exercise id -> the variants passed, in order (a variant passed twice is listed
    once); only checks recorded with a variant."""
    path = path or store_path()
    rows = _stored_rows(path, _select_passed_variants) + [
        (values[1], values[4])
        for table, values in _pending.get(path, [])
        if table == "checks" and values[2] == "correct"
    ]
    passed: dict[str, list[int]] = {}
    for exercise, variant in rows:
        if variant is not None and variant not in passed.setdefault(exercise, []):
            passed[exercise].append(variant)
    return passed
