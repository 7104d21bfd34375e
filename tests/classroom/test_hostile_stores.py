"""Fault injection: one student's hostile store never takes the teacher's page down.

Each case gives one student ("mal") a hostile store beside three healthy students, reads
the class as the service does (``Classroom.rows_async``, twice: the page refreshes), and
ends with the other students' rows and records counted: their passed and attempted
exercises as recorded, one log line for "mal" (not two), nothing written or created in
anyone's folder; and the reader's workers counted: none still at work once the store's
time limit has passed (a read that never ends would hold one of the service's four for
good). No hub, no JupyterHub import: fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from jaxtour import catalog
from jaxtour.classroom import reader, table
from jaxtour.learner import progress_store

IDS = catalog.declared_exercise_ids()
LESSONS = list(IDS)
FIRST = IDS[LESSONS[0]][0]  # an exercise of lesson 00
SECOND = IDS[LESSONS[1]][0]  # one of lesson 01
LIMITS = reader.Limits(seconds=0.5, bytes=256 * 1024, rows=500, value_bytes=10_000)
AS_ROOT = os.geteuid() == 0


def store_of(homes: Path, name: str) -> Path:
    return homes / name / ".local" / "share" / "jaxtour" / progress_store.STORE_NAME


def make_store(path: Path, rows: list[tuple]) -> None:
    """A store as jaxtour writes it: ``rows`` of (at, exercise, status[, mistake])."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        for statement in progress_store._SCHEMA:
            db.execute(statement)
        db.executemany(
            "INSERT INTO checks (at, exercise, status, mistake) VALUES (?, ?, ?, ?)",
            [(*row, None) if len(row) == 3 else row for row in rows],
        )


# Two mistakes the exercises declare (read from their source, as the service reads them)
SLIP, OTHER_SLIP = list(table.declared_mistakes()[SECOND])[:2]
FIRST_SLIP = list(table.declared_mistakes()[FIRST])[0]

# healthy students: (at, exercise, status[, mistake]) rows, and what their row must show
HEALTHY = {
    "ada": [(1.0, FIRST, "correct")],
    "ben": [(1.0, SECOND, "incorrect", SLIP)] * 2
    + [(1.5, SECOND, "incorrect", OTHER_SLIP), (2.0, FIRST, "error", FIRST_SLIP)],
    "cy": [(1.0, SECOND, "incorrect", SLIP), (2.0, SECOND, "correct"), (3.0, FIRST, "correct")],
}
# the board those three make: (exercise, mistake, students who made it, stuck on it)
BOARD = [
    (FIRST, FIRST_SLIP, ("ben",), ("ben",)),
    (SECOND, SLIP, ("ben", "cy"), ("ben",)),  # two students: before OTHER_SLIP, one
    (SECOND, OTHER_SLIP, ("ben",), ("ben",)),
]
EXPECTED = {  # student -> (passed, stuck, exercises attempted)
    "ada": (1, 0, 1),
    "ben": (0, 1, 2),
    "cy": (2, 0, 2),
}


def raw_store(path: Path, schema: str, rows: list[tuple], columns: str = "at, exercise, status"):
    """A store with a schema of the student's own (no constraints, say)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(schema)
        marks = ", ".join("?" * len(rows[0])) if rows else ""
        db.executemany(f"INSERT INTO checks ({columns}) VALUES ({marks})", rows)


LOOSE = "CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise, status, hints, solution)"


def _loose(path: Path, row: tuple) -> None:
    raw_store(path, LOOSE, [row], "at, exercise, status, hints, solution")


def _view_never_finishes(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "CREATE VIEW checks AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1"
            " FROM n) SELECT i AS id, i AS at, 'x' AS exercise, 'correct' AS status,"
            " 0 AS hints, 0 AS solution FROM n"
        )


def _without_rowid(path: Path) -> None:
    raw_store(
        path,
        "CREATE TABLE checks (at, exercise, status, PRIMARY KEY (exercise)) WITHOUT ROWID",
        [(1.0, FIRST, "correct")],
    )


def _fifo(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir(parents=True)


def _mode_000(path: Path) -> None:
    make_store(path, HEALTHY["ada"])
    path.chmod(0)


def _symlink_to(target: Callable[[Path], Path]) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target(path))

    return make


def _folder_link_to_cy(path: Path) -> None:
    """.../share/jaxtour is a link to cy's folder: the store's name itself is no link."""
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.symlink_to(store_of(path.parents[4], "cy").parent)


def _too_large(path: Path) -> None:
    make_store(path, HEALTHY["ada"])
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE pad (b BLOB)")
        db.executemany("INSERT INTO pad VALUES (zeroblob(8000))", [()] * 64)


def _too_many_rows(path: Path) -> None:
    make_store(path, [(float(i), FIRST, "incorrect") for i in range(LIMITS.rows + 1)])


def _huge_value(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "x" * (LIMITS.value_bytes + 1))])


def _extra_columns(path: Path) -> None:
    schema = progress_store._SCHEMA[0].replace("mistake TEXT,", "mistake TEXT, colour TEXT,")
    raw_store(path, schema, [(1.0, FIRST, "correct", "red")], "at, exercise, status, colour")


def _missing_status(path: Path) -> None:
    raw_store(
        path,
        "CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise)",
        [(1.0, FIRST)],
        "at, exercise",
    )


def _old_schema(path: Path) -> None:
    raw_store(
        path,
        "CREATE TABLE checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
        " exercise TEXT NOT NULL, status TEXT NOT NULL, mistake TEXT)",
        [(1.0, FIRST, "correct")],
    )


def _trigger(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "CREATE TRIGGER t AFTER INSERT ON checks BEGIN"
            " INSERT INTO help (at, exercise, kind, level) VALUES (1, 'x', 'hint', 1); END"
        )


def _fifo_journal_and_wal(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    os.mkfifo(f"{path}-journal")
    os.mkfifo(f"{path}-wal")
    os.mkfifo(f"{path}-shm")


def _wal_mode(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode=WAL")  # closed cleanly: checkpointed, no -wal left


# --- round 2 (issue 36, session 44): kinds not tried before -------------------------------


def _socket(path: Path) -> None:
    import socket

    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(path.parent), socket.socket(socket.AF_UNIX) as sock:
        sock.bind(path.name)  # (relative: a tmp path is too long for AF_UNIX); it stays


def _virtual_table(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE VIRTUAL TABLE checks USING fts5(at, exercise, status)")
        db.execute("INSERT INTO checks VALUES (1.0, ?, 'correct')", (FIRST,))


def _generated_memory_bomb(path: Path) -> None:
    """status computed on read from a 400 MB string: short to the eye, huge to compute
    (a generated column is no column a store has: table_info does not list it)."""
    raw_store(
        path,
        "CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise, s, status GENERATED"
        " ALWAYS AS (substr(s || hex(zeroblob(200000000)), 1, 7)) VIRTUAL)",
        [(1.0, FIRST, "correct")],
        "at, exercise, s",
    )


def _nul_in_exercise(path: Path) -> None:
    make_store(path, [(1.0, FIRST + "\x00<b>", "correct"), (2.0, FIRST, "correct")])


def _utf16(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("PRAGMA encoding = 'UTF-16le'")
        for statement in progress_store._SCHEMA:
            db.execute(statement)
        db.execute("INSERT INTO checks (at, exercise, status) VALUES (1.0, ?, 'correct')", (FIRST,))


def _sparse_file(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    with open(path, "r+b") as f:
        f.truncate(1 << 26)  # 64 MiB apparent (over the 32 MB default), a few KB on disk


def _mid_write_journal(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    Path(f"{path}-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + bytes(504))


def _junk_mistakes(path: Path) -> None:
    """Mistake ids no exercise declares (markup, another exercise's, hundreds of them)."""
    rows = [(1.0, SECOND, "incorrect", f"<script>{i}</script>") for i in range(300)]
    make_store(path, [*rows, (2.0, FIRST, "incorrect", SLIP), (3.0, FIRST, "correct")])


def _many_tables(path: Path) -> None:
    make_store(path, [(1.0, FIRST, "correct")])
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        for i in range(40):  # a schema of 40 tables (under the test's size limit)
            db.execute(f"CREATE TABLE pad{i} (a, b, c)")


# name -> (how "mal"'s store is made, what mal's row shows: a label, or passed count)
CASES: dict[str, tuple[Callable[[Path], None], str | int]] = {
    "text in hints": (lambda p: _loose(p, (1.0, FIRST, "correct", "lots", 0)), table.NO_DATA),
    "text in at": (lambda p: _loose(p, ("yesterday", FIRST, "correct", 0, 0)), table.NO_DATA),
    "blob in status": (lambda p: _loose(p, (1.0, FIRST, b"correct", 0, 0)), table.NO_DATA),
    "NaN at (stored NULL)": (
        lambda p: _loose(p, (float("nan"), FIRST, "correct", 0, 0)),
        table.NO_DATA,
    ),
    "negative at": (lambda p: _loose(p, (-5.0, FIRST, "correct", 0, 0)), table.NO_DATA),
    "huge at": (lambda p: _loose(p, (1e300, FIRST, "correct", 0, 0)), table.NO_DATA),
    "solution 7": (lambda p: _loose(p, (1.0, FIRST, "correct", 0, 7)), table.NO_DATA),
    "integer exercise": (lambda p: _loose(p, (1.0, 3, "correct", 0, 0)), table.NO_DATA),
    "a view that never finishes": (_view_never_finishes, table.NO_DATA),
    "a table without rowid": (_without_rowid, table.NO_DATA),
    "a FIFO store": (_fifo, table.NO_DATA),
    "a folder store": (_folder, table.NO_DATA),
    "a link to cy's store": (_symlink_to(lambda p: store_of(p.parents[4], "cy")), table.NO_DATA),
    "a link out of the homes": (
        _symlink_to(lambda p: p.parents[5] / "teacher.sqlite3"),
        table.NO_DATA,
    ),
    "a folder link to cy's folder": (_folder_link_to_cy, table.NO_DATA),
    "over the size limit": (_too_large, table.TOO_LARGE),
    "over the row limit": (_too_many_rows, table.TOO_LARGE),
    "a value over the length limit": (_huge_value, table.TOO_LARGE),
    "no status column": (_missing_status, table.NO_DATA),
    "random bytes": (
        lambda p: (p.parent.mkdir(parents=True), p.write_bytes(os.urandom(4096))),
        table.NO_DATA,
    ),
    "extra columns": (_extra_columns, 1),
    "the first release's schema": (_old_schema, 1),
    "a trigger": (_trigger, 1),
    "FIFOs named -journal, -wal, -shm": (_fifo_journal_and_wal, 1),
    "WAL mode": (_wal_mode, 1),
    "a socket": (_socket, table.NO_DATA),
    "an fts5 virtual table": (_virtual_table, table.NO_DATA),
    "a generated status column": (_generated_memory_bomb, table.NO_DATA),
    "NUL and markup in an exercise": (_nul_in_exercise, 1),
    "UTF-16 text": (_utf16, 1),
    "a sparse file": (_sparse_file, table.TOO_LARGE),
    "a hot journal beside it": (_mid_write_journal, table.NO_DATA),
    "40 tables in the schema": (_many_tables, 1),
    # round 3 (issue 38, session 45): the mistake column the board reads
    "a blob mistake": (lambda p: make_store(p, [(1.0, FIRST, "incorrect", b"x")]), table.NO_DATA),
    "an integer mistake": (
        lambda p: raw_store(
            p,
            "CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise, status, mistake)",
            [(1.0, FIRST, "incorrect", 7)],
            "at, exercise, status, mistake",
        ),
        table.NO_DATA,
    ),
    "a mistake over 200 characters": (
        lambda p: make_store(p, [(1.0, FIRST, "incorrect", "m" * 201)]),
        table.NO_DATA,
    ),
    "mistake ids no exercise declares": (_junk_mistakes, 1),
}
if not AS_ROOT:  # root reads a mode-000 file
    CASES["mode 000"] = (_mode_000, table.NO_DATA)


def _files(folder: Path) -> dict[str, str]:
    """Every name under ``folder`` (links and FIFOs as such), with regular files' digests."""
    seen = {}
    for p in sorted(folder.rglob("*")):
        if p.is_symlink() or not p.is_file():
            seen[str(p.relative_to(folder))] = "link" if p.is_symlink() else "other"
        elif os.access(p, os.R_OK):
            seen[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return seen


@pytest.fixture
def homes(tmp_path) -> Path:
    homes = tmp_path / "home"
    for name, rows in HEALTHY.items():
        make_store(store_of(homes, name), rows)
    make_store(tmp_path / "teacher.sqlite3", [(1.0, FIRST, "correct")] * 5)
    return homes


def classroom(homes: Path) -> table.Classroom:
    return table.Classroom(
        IDS, lambda name: store_of(homes, name), lambda name: homes / name, LIMITS
    )


def read_twice(room: table.Classroom, students: list[str]) -> list[list[table.StudentRow]]:
    async def both():
        return [await room.rows_async(students), await room.rows_async(students)]

    return asyncio.run(both())


def workers_left(room: table.Classroom) -> list[str]:
    """The room's reader threads still running once every read has had its time limit
    and a second more (the pool is shut down: an idle worker ends at once)."""
    pool = room._pool
    if pool is None:
        return []
    deadline = time.monotonic() + room.limits.seconds + 1.0
    pool.shutdown(wait=False)
    for thread in list(pool._threads):
        thread.join(max(0.0, deadline - time.monotonic()))
    return [thread.name for thread in pool._threads if thread.is_alive()]


def assert_healthy_counted(rows: list[table.StudentRow]) -> None:
    """The healthy students' rows, and the board they make, as recorded (the other
    student's store, whatever it holds, adds no line and changes none)."""
    shown = {r.student: r for r in rows}
    for name, (passed, stuck, attempted) in EXPECTED.items():
        row = shown[name]
        assert row.lessons is not None, row.problem
        got = (row.passed, row.stuck, sum(c.attempted for c in row.lessons.values()))
        assert got == (passed, stuck, attempted), name
    lines = table.board(rows, IDS)
    healthy = [line for line in lines if set(line.made) & set(EXPECTED)]
    got = [(x.exercise, x.mistake, x.made, x.stuck) for x in healthy]
    assert got == BOARD
    assert table.mistakes_csv(lines).count("\n") == len(lines) + 1
    page = table.page(rows, LESSONS, "/", "student", False, 30, lines=lines)
    assert '<a href="#student-ben">ben</a>' in page and 'id="student-ben"' in page
    assert "<script>" not in page


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_store_is_no_data_for_its_student_only(homes, case, caplog):
    make, shows = CASES[case]
    make(store_of(homes, "mal"))
    before = _files(homes.parent)
    students = ["ada", "ben", "cy", "mal"]
    room = classroom(homes)
    with caplog.at_level(logging.ERROR, logger="jaxtour.classroom"):
        first, again = read_twice(room, students)
    assert workers_left(room) == []
    for rows in (first, again):
        assert [r.student for r in rows] == students
        assert_healthy_counted(rows)
        mal = rows[-1]
        if isinstance(shows, str):
            assert mal.lessons is None and mal.label == shows, mal.problem
        else:
            assert mal.lessons is not None and mal.passed == shows, mal.problem
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == (1 if isinstance(shows, str) else 0), said
    if said:
        assert said[0].startswith(f"jaxtour.classroom: {shows} for mal: ") and "\n" not in said[0]
    assert _files(homes.parent) == before  # nothing written, nothing created (-shm, -wal)
    assert table.to_csv(first, LESSONS).count("\nmal,") == 1


@pytest.mark.skipif(not AS_ROOT, reason="needs two owners (root to chown)")
def test_a_hard_link_to_another_students_store_is_theirs_not_mine(homes, caplog):
    for uid, name in enumerate(["ada", "ben", "cy", "mal"], 20001):
        (homes / name).mkdir(exist_ok=True)
        for p in [homes / name, *(homes / name).rglob("*")]:
            os.chown(p, uid, uid)
    mal = store_of(homes, "mal")
    mal.parent.mkdir(parents=True)
    os.link(store_of(homes, "cy"), mal)
    room = classroom(homes)
    with caplog.at_level(logging.ERROR, logger="jaxtour.classroom"):
        first, again = read_twice(room, ["ada", "ben", "cy", "mal"])
    assert workers_left(room) == []
    for rows in (first, again):
        assert_healthy_counted(rows)  # cy's own row still reads: her file is hers
        assert rows[-1].lessons is None and "belongs to uid 20003" in rows[-1].problem
    assert len(caplog.records) == 1


def test_a_store_changed_mid_read_is_read_again_and_a_replaced_one_read_whole(homes, monkeypatch):
    mal = store_of(homes, "mal")
    make_store(mal, [(1.0, FIRST, "correct")])
    room = classroom(homes)
    real = reader._read
    during: list[Callable[[], None]] = []

    def read_then(*args):
        done = real(*args)
        while during:
            during.pop()()
        return done

    monkeypatch.setattr(reader, "_read", read_then)
    grown = lambda: mal.open("ab").write(b"\0" * 4096)  # noqa: E731
    during.append(grown)  # written in place while read: not shown as it was
    changed = room.row("mal")
    assert changed.lessons is None and "changed while it was read" in changed.problem
    assert room.row("mal").passed == 1  # the next page reads it again, as it is now
    make_store(mal.with_name("new.sqlite3"), [(1.0, FIRST, "correct"), (2.0, SECOND, "correct")])
    mal.unlink()
    make_store(mal, [(1.0, FIRST, "correct")])
    during.append(lambda: os.replace(mal.with_name("new.sqlite3"), mal))  # by rename
    assert room.row("mal").passed == 1  # the file opened, whole
    assert room.row("mal").passed == 2  # the new file: a new inode, read again
    assert_healthy_counted(room.rows(["ada", "ben", "cy"]))


def test_an_unchanged_store_is_not_read_again(homes, monkeypatch):
    room = classroom(homes)
    assert_healthy_counted(room.rows(list(HEALTHY)))
    reads = []
    real = reader._read
    monkeypatch.setattr(reader, "_read", lambda *a: reads.append(a[1]) or real(*a))
    assert_healthy_counted(room.rows(list(HEALTHY)))
    assert reads == []
    with contextlib.closing(sqlite3.connect(store_of(homes, "ada"))) as db, db:
        db.execute("INSERT INTO checks (at, exercise, status) VALUES (5, ?, 'correct')", (SECOND,))
    rows = room.rows(list(HEALTHY))
    assert reads == [store_of(homes, "ada")] and rows[0].passed == 2


def test_a_store_rewritten_to_its_old_size_and_times_is_read_again(homes):
    """The cache is not fooled by a store changed in place, its size kept and its
    modification time set back (``touch -d``): the change time and the inode tell."""
    room = classroom(homes)
    ada = store_of(homes, "ada")
    assert room.row("ada").passed == 1
    before = ada.stat()
    with contextlib.closing(sqlite3.connect(ada)) as db, db:
        db.execute("UPDATE checks SET status = 'error'")  # 'correct' -> 'error', in place
    os.utime(ada, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = ada.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    row = room.row("ada")
    assert row.passed == 0 and sum(c.attempted for c in row.lessons.values()) == 1
    others = {r.student: (r.passed, r.stuck) for r in room.rows(["ben", "cy"])}
    assert others == {name: EXPECTED[name][:2] for name in ("ben", "cy")}


def test_a_read_that_hangs_delays_no_other_row_and_is_not_started_twice(homes, caplog):
    release = threading.Event()
    started = []
    room = classroom(homes)
    real = reader.read_store

    def hangs_for_mal(path, *args, **kwargs):
        if "mal" in path.parts:
            started.append(path)
            release.wait(30)  # a store on a hung file system
        return real(path, *args, **kwargs)

    make_store(store_of(homes, "mal"), [(1.0, FIRST, "correct")])
    students = ["ada", "ben", "cy", "mal"]
    try:
        with pytest.MonkeyPatch.context() as patch, caplog.at_level(logging.ERROR):
            patch.setattr(reader, "read_store", hangs_for_mal)
            first, again = read_twice(room, students)
    finally:
        release.set()
    assert workers_left(room) == []  # the read ended: its worker given back
    for rows in (first, again):
        assert_healthy_counted(rows)
        assert rows[-1].lessons is None and "still being read" in rows[-1].problem
    assert len(started) == 1  # the second page waited on the same read
    assert len([r for r in caplog.records if "for mal" in r.getMessage()]) == 1


def test_a_changed_store_still_being_read_shows_its_last_row(homes):
    release = threading.Event()
    room = classroom(homes)
    real = reader.read_store

    def hangs_once_changed(path, *args, **kwargs):
        if "ada" in path.parts and kwargs.get("cached") is not None:
            release.wait(30)  # the re-read of ada's changed store is slow
        return real(path, *args, **kwargs)

    async def pages():
        first = await room.rows_async(list(HEALTHY))
        with contextlib.closing(sqlite3.connect(store_of(homes, "ada"))) as db, db:
            db.execute(
                "INSERT INTO checks (at, exercise, status) VALUES (5, ?, 'correct')", (SECOND,)
            )
        second = await room.rows_async(list(HEALTHY))  # ada's read still going
        release.set()
        await room._running["ada"]
        return first, second, await room.rows_async(list(HEALTHY))

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(reader, "read_store", hangs_once_changed)
            first, second, third = asyncio.run(pages())
    finally:
        release.set()
    assert_healthy_counted(first)
    assert_healthy_counted(second)  # ada as she was: her last row read, not "no data"
    assert third[0].passed == 2  # read at last: her new check shown


# round 4 (issue 36, session 46): the student's hub user name, which names the store's
# path and the row. JupyterHub refuses "/", "." and "..", edge spaces, and nothing else:
# a sign-up form (or the dummy authenticator) takes "%00" or "%0A" in a name.
HOSTILE_NAMES = {
    "a NUL": "mal\x00",
    "an unpaired surrogate": "mal\ud800",
    "a newline and a forged log line": "mal\n[E] jaxtour.classroom: no data for ada: forged",
    "a right-to-left override": "mal\u202eatad on",
    "300 characters": "m" * 300,
}


@pytest.mark.parametrize("case", list(HOSTILE_NAMES))
def test_a_hostile_user_name_is_no_data_for_its_student_only(homes, case, caplog):
    name = HOSTILE_NAMES[case]
    before = _files(homes.parent)
    students = ["ada", "ben", "cy", name]
    room = classroom(homes)
    with caplog.at_level(logging.ERROR, logger="jaxtour.classroom"):
        first, again = read_twice(room, students)
    assert workers_left(room) == []
    for rows in (first, again):
        assert [r.student for r in rows] == students
        assert_healthy_counted(rows)
        assert rows[-1].lessons is None and rows[-1].label == table.NO_DATA
        lines = table.board(rows, IDS)
        page = table.page(rows, LESSONS, "/", "student", False, 30, lines=lines)
        sent = page.encode("utf-8")  # what the service sends: the whole class, or nothing
        assert all(f'data-student="{s}"'.encode() in sent for s in ("ada", "ben", "cy"))
        csv_text = table.to_csv(rows, LESSONS).encode("utf-8")
        assert [line.split(b",")[0] for line in csv_text.splitlines()[1:4]] == [
            b"ada",
            b"ben",
            b"cy",
        ]
        table.mistakes_csv(lines).encode("utf-8")
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "\n" not in said[0] and said[0].isprintable(), said
    assert said[0].startswith("jaxtour.classroom: no data for m")
    assert _files(homes.parent) == before
