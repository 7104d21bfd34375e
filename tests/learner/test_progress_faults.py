"""Fault injection: nothing a learner or their machine does loses or hides a record.

Each case starts from a first-release store (no ``hints`` or ``solution`` columns, 100
records) unless it says otherwise, injects one fault, and ends by counting: every record
from before is still there and still shown, every record made during the fault is saved
once the fault is gone, and no ``progress.corrupt-*`` file exists unless the file really
was not a database. POSIX only (kill -9, file modes, tmpfs).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from jaxtour import checks, cli
from jaxtour.learner import progress_store as progress
from tests.helpers import ROOT

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9, file modes and tmpfs")

OLD_RECORDS = 100
OLD_SCHEMA = (
    "CREATE TABLE checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
    " exercise TEXT NOT NULL, status TEXT NOT NULL, mistake TEXT)"
)

# What `jaxtour progress` says of a store with one pass, however many exercises the tour has.
ONE_PASSED = f"1 of {sum(map(len, cli.declared_exercise_ids().values()))} exercises passed"


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    return use_folder(tmp_path / "data", monkeypatch)


def use_folder(folder: Path, monkeypatch) -> Path:
    monkeypatch.setenv(progress.ENV_DIR, str(folder))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    progress.take_problem()  # what earlier tests left unsaid
    return folder / progress.STORE_NAME


def make_old_store(path: Path, records: int = OLD_RECORDS, mistake: str = "m") -> None:
    """A first-release store: 01.arange tried ``records - 1`` times, then passed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(OLD_SCHEMA)
        db.executemany(
            "INSERT INTO checks (at, exercise, status, mistake) VALUES (?, '01.arange', ?, ?)",
            [(i, "correct" if i == records - 1 else "incorrect", mistake) for i in range(records)],
        )


def stored(path: Path) -> int:
    """Rows in the file itself (not this session's unsaved ones), read with plain SQLite."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return db.execute("SELECT COUNT(*) FROM checks").fetchone()[0]


def corrupt_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*corrupt*"))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def jaxtour_progress(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jaxtour.cli", "progress", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) cannot be written, by anyone, until the block ends.

    File modes do not stop root; there the immutable flag does (chattr +i)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if shutil.which("chattr") is None:
        pytest.skip("running as root, which file modes do not stop, and chattr is missing")
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("running as root and this file system has no immutable flag (chattr +i)")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def assert_said_once(*words: str) -> None:
    """The problem was said, with each of ``words``, and is not said again."""
    said = progress.take_problem()
    assert said is not None and all(w in said for w in words), said
    assert progress.record("01.center", "incorrect") is False
    assert progress.take_problem() is None


# --- schema upgrades racing ------------------------------------------------------------

RACE = textwrap.dedent(
    """
    import atexit, json, multiprocessing, os, sqlite3, sys
    from pathlib import Path

    from jaxtour.learner import progress_store as progress

    root, runs, writers, each, records = Path(sys.argv[1]), *map(int, sys.argv[2:])
    schema = {schema!r}

    def write(folder, name, start, out):
        os.environ["JAXTOUR_DATA_DIR"] = str(folder)
        start.wait()
        saved = [progress.record("01.center", "incorrect", name) for _ in range(each)]
        saved.append(progress.record_help("01.center", "hint", 1))
        out.put([name, saved, progress.take_problem()])
        out.close()
        out.join_thread()
        atexit._run_exitfuncs()  # what a kernel does when it stops: saves what it kept

    def look(folder, start, out):
        os.environ["JAXTOUR_DATA_DIR"] = str(folder)
        start.wait()
        seen = []
        for _ in range(20):
            try:
                seen.append(progress.count())
            except progress.StoreProblem as error:
                seen.append(str(error))
        out.put(["reader", seen, None])

    context = multiprocessing.get_context("fork")
    report = []
    for run in range(runs):
        folder = root / f"run{{run}}"
        folder.mkdir()
        with sqlite3.connect(folder / "progress.sqlite3") as db:
            db.execute(schema)
            db.executemany(
                "INSERT INTO checks (at, exercise, status) VALUES (?, '01.arange', 'incorrect')",
                [(i,) for i in range(records)],
            )
        db.close()
        start, out = context.Event(), context.Queue()
        jobs = [context.Process(target=write, args=(folder, f"w{{i}}", start, out))
                for i in range(writers)]
        jobs.append(context.Process(target=look, args=(folder, start, out)))
        for job in jobs:
            job.start()
        start.set()
        results = [out.get(timeout=120) for _ in jobs]
        for job in jobs:
            job.join(60)
        with sqlite3.connect(folder / "progress.sqlite3") as db:
            report.append({{
                "checks": db.execute("SELECT COUNT(*) FROM checks").fetchone()[0],
                "help": db.execute("SELECT COUNT(*) FROM help").fetchone()[0],
                "columns": [r[1] for r in db.execute("PRAGMA table_info(checks)")],
                "integrity": db.execute("PRAGMA integrity_check").fetchone()[0],
                "files": sorted(p.name for p in folder.iterdir()),
                "exit codes": [job.exitcode for job in jobs],
                "results": results,
            }})
        db.close()
    print(json.dumps(report))
    """
).format(schema=OLD_SCHEMA)


@pytest.fixture
def memory_folder(tmp_path) -> Iterator[Path]:
    """A folder in /dev/shm where there is one: the race is about locks, not the disk,
    and 20 runs of 8 kernels' fsyncs take 20 s on a busy disk, 3 s in memory."""
    if not Path("/dev/shm").is_dir():
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="jaxtour-race-", dir="/dev/shm"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_an_old_store_upgraded_by_8_kernels_at_once_loses_and_hides_nothing(memory_folder):
    runs, writers, each = 20, 8, 3
    race = subprocess.run(
        [sys.executable, "-c", RACE, str(memory_folder), str(runs), str(writers), str(each)]
        + [str(OLD_RECORDS)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), progress.ENV_SWITCH: "on"},
    )
    assert race.returncode == 0, race.stderr
    report = json.loads(race.stdout)
    for run in report:
        assert run["checks"] == OLD_RECORDS + writers * each, run
        assert run["help"] == writers and run["integrity"] == "ok", run
        assert {"hints", "solution"} <= set(run["columns"]), run
        assert not [name for name in run["files"] if "corrupt" in name], run
        assert run["exit codes"] == [0] * (writers + 1), run
        for name, outcome, problem in run["results"]:
            if name == "reader":  # never fewer than before, never an error
                assert all(isinstance(n, int) and n >= OLD_RECORDS for n in outcome), outcome
            else:  # waiting for one another is no problem: each record saved at once
                assert all(outcome) and problem is None, (name, outcome, problem)


# --- a file that cannot be written ----------------------------------------------------


def test_a_read_only_old_store_is_read_not_moved_and_says_so_once(store):
    make_old_store(store)
    before = digest(store)
    with read_only(store):
        shown = jaxtour_progress("01")
        assert shown.returncode == 0, shown.stderr
        assert ONE_PASSED in shown.stdout and "01.arange  passed" in shown.stdout
        assert "read-only" in shown.stdout and str(store) in shown.stdout
        assert "Traceback" not in shown.stdout + shown.stderr
        assert progress.count() == OLD_RECORDS and progress.read()["01.arange"].passed

        feedback = checks.check("01.arange", [0, 1])
        assert "read-only" in feedback.message and str(store) in feedback.message
        assert "read-only" not in checks.check("01.arange", [0, 1, 2]).message  # once
        assert progress.record("01.center", "incorrect") is False
        assert progress.take_problem() is None
        assert progress.count() == OLD_RECORDS + 3  # shown, though not saved yet
        assert "3 checks of this session are not saved yet" in checks.progress().text()
    assert digest(store) == before and not corrupt_files(store.parent)
    assert progress.record("01.center", "correct")  # writable again: all of them saved
    assert stored(store) == OLD_RECORDS + 4


def test_a_read_only_folder_keeps_its_store_and_says_so_once(store):
    make_old_store(store)
    with read_only(store.parent):
        shown = jaxtour_progress()
        assert shown.returncode == 0 and ONE_PASSED in shown.stdout
        assert "read-only" in shown.stdout
        assert progress.record("01.arange", "incorrect") is False
        assert_said_once("read-only", str(store))
        assert progress.count() == OLD_RECORDS + 2
    assert not corrupt_files(store.parent) and stored(store) == OLD_RECORDS
    assert progress.record("01.center", "correct")
    assert stored(store) == OLD_RECORDS + 3


# --- a full disk -----------------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path) -> Iterator[Path]:
    """A 1 MiB tmpfs; skipped where this process may not mount one."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {made.stderr.strip()!r}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    return filler


def test_a_full_disk_loses_nothing_and_says_so_once(tiny_disk, monkeypatch):
    store = use_folder(tiny_disk / "data", monkeypatch)
    make_old_store(store)
    filler = fill(tiny_disk)
    assert progress.record("01.arange", "incorrect") is False
    assert_said_once("full", str(store))
    shown = jaxtour_progress()
    assert shown.returncode == 0 and ONE_PASSED in shown.stdout
    assert "full" in shown.stdout and "Traceback" not in shown.stderr
    assert not corrupt_files(store.parent) and stored(store) == OLD_RECORDS
    filler.unlink()
    assert progress.record("01.center", "correct")
    assert stored(store) == OLD_RECORDS + 3


# --- a lock held by another program ---------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN " + sys.argv[2])
    db.execute("INSERT INTO checks (at, exercise, status) VALUES (0, '01.arange', 'correct')")
    print("held", flush=True)
    sys.stdin.readline()  # until the test says so; then the insert is rolled back
    """
)


@contextlib.contextmanager
def held(store: Path, how: str) -> Iterator[None]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store), how],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        yield
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)


def test_a_held_write_lock_delays_records_once_and_never_blocks_reading(store, monkeypatch):
    make_old_store(store)
    waits = []
    connect = sqlite3.connect
    monkeypatch.setattr(
        sqlite3, "connect", lambda *a, **k: waits.append(k.get("timeout")) or connect(*a, **k)
    )
    with held(store, "IMMEDIATE"):  # a kernel in the middle of a write
        shown = jaxtour_progress()
        assert shown.returncode == 0 and ONE_PASSED in shown.stdout
        assert progress.record("01.arange", "incorrect") is False
        assert_said_once("locked", str(store))
        assert waits == [progress.WRITE_WAIT_S, progress.RETRY_WAIT_S]  # no long wait again
    assert progress.record("01.center", "correct")
    assert stored(store) == OLD_RECORDS + 3 and not corrupt_files(store.parent)


def test_an_exclusive_lock_makes_progress_say_so_in_one_line(store):
    make_old_store(store)
    with held(store, "EXCLUSIVE"):
        shown = jaxtour_progress()
    assert shown.returncode == 1 and shown.stdout == ""
    assert shown.stderr.startswith("jaxtour: your progress could not be read: another program")
    assert shown.stderr.count("\n") == 1 and "Traceback" not in shown.stderr
    assert stored(store) == OLD_RECORDS and not corrupt_files(store.parent)


# --- writers killed mid-transaction ----------------------------------------------------

WRITER = textwrap.dedent(
    """
    from jaxtour.learner import progress_store as progress
    made = 0  # records since the last one saved: kept in memory, saved with the next
    while True:
        made += 1
        print("try", made, flush=True)
        if progress.record("01.center", "incorrect"):
            print("saved", made, flush=True)
            made = 0
    """
)


def test_writers_killed_mid_write_lose_no_saved_record(store):
    """A record is saved once record() says so; one being written at the kill may be saved
    or not, never half; only the killed kernel's unsaved records are gone with it."""
    make_old_store(store)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    saved = maybe = 0
    for round_ in range(2):
        writers = [
            subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE, env=env)
            for _ in range(3)
        ]
        for writer in writers:
            writer.stdout.readline()  # trying
        time.sleep(0.1 * (round_ + 1))
        for writer in writers:
            os.kill(writer.pid, signal.SIGKILL)
        for writer in writers:
            writer.wait(timeout=60)
            # Whole lines only: the kill can cut one mid-print ("saved" without its
            # number); a record saved but not fully reported is among the "maybe".
            lines = writer.stdout.read().decode().split("\n")[:-1]
            saved += sum(int(line.split()[1]) for line in lines if line.startswith("saved"))
            tried = [line for line in lines if line.startswith("try")]
            maybe += int(tried[-1].split()[1]) if tried else 0  # the last, if not saved
        shown = progress.count()  # read first, as `jaxtour progress` would
        assert OLD_RECORDS + saved <= shown <= OLD_RECORDS + saved + maybe
    assert progress.record("01.arange", "correct")
    assert stored(store) == shown + 1 and not corrupt_files(store.parent)


def test_a_journal_left_by_a_killed_writer_is_rolled_back_when_read(store):
    make_old_store(store, mistake="x" * 2000)  # big enough to spill into the file mid-write
    killer = (
        "import os, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('PRAGMA cache_size=1')\n"
        "db.execute('BEGIN')\n"
        "db.execute(\"UPDATE checks SET status = 'torn', mistake = zeroblob(2000)\")\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", killer, str(store)], check=False)
    assert store.with_name(store.name + "-journal").stat().st_size > 0  # a hot journal
    shown = jaxtour_progress()
    assert shown.returncode == 0, shown.stderr
    assert ONE_PASSED in shown.stdout
    done = progress.read()
    assert done["01.arange"].attempts == OLD_RECORDS and done["01.arange"].passed
    assert stored(store) == OLD_RECORDS and not corrupt_files(store.parent)


# --- files that are not a database -----------------------------------------------------


def test_a_file_of_random_bytes_is_moved_aside_once_by_8_kernels_at_once(store):
    garbage = os.urandom(64 * 1024)
    store.parent.mkdir(parents=True)
    store.write_bytes(garbage)
    script = textwrap.dedent(
        """
        import warnings
        from jaxtour.learner import progress_store as progress
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            saved = [progress.record("01.center", "incorrect") for _ in range(3)]
        assert all(saved), saved
        print(len(caught))
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env)
        for _ in range(8)
    ]
    warned = [int(w.communicate(timeout=120)[0]) for w in writers]
    assert [w.returncode for w in writers] == [0] * 8
    assert sum(warned) == 1
    backups = corrupt_files(store.parent)
    assert len(backups) == 1 and (store.parent / backups[0]).read_bytes() == garbage
    assert stored(store) == 24


def test_a_malformed_store_is_shown_as_unreadable_untouched_then_moved_aside(store):
    make_old_store(store, mistake="x" * 2000)
    with open(store, "r+b") as file:  # page 1 (the header) stays; later pages are noise
        file.seek(4096)
        file.write(os.urandom(8192))
    before = digest(store)
    shown = jaxtour_progress()
    assert shown.returncode == 1 and "not a readable database" in shown.stderr
    assert "Traceback" not in shown.stderr
    assert digest(store) == before and not corrupt_files(store.parent)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert progress.record("01.center", "incorrect")
    assert len([w for w in caught if "progress store" in str(w.message)]) == 1
    assert [digest(store.parent / name) for name in corrupt_files(store.parent)] == [before]
    assert stored(store) == 1
