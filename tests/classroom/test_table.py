"""The teacher's table from the students' stores: bad stores are "no data", said once in
the log, and nothing is ever written to a student's files. No JupyterHub needed."""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtour import catalog
from jaxtour.classroom import table
from jaxtour.learner import progress_store
from tests.learner.test_progress_faults import OLD_SCHEMA, make_old_store

IDS = catalog.declared_exercise_ids()
LESSONS = list(IDS)


def _store(home: Path) -> Path:
    return home / ".local" / "share" / "jaxtour" / progress_store.STORE_NAME


def _record(home: Path, monkeypatch, *checks: tuple[str, str]) -> None:
    monkeypatch.setenv(progress_store.ENV_DIR, str(_store(home).parent))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    for exercise, status in checks:
        if status == "hint":
            progress_store.record_help(exercise, "hint", 1)
        else:
            assert progress_store.record(exercise, status)
    monkeypatch.delenv(progress_store.ENV_DIR)


def _snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file under ``folder``: its bytes' digest and its modification time."""
    return {
        str(p.relative_to(folder)): (
            hashlib.sha256(p.read_bytes()).hexdigest(),
            p.stat().st_mtime_ns,
        )
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def homes(tmp_path, monkeypatch) -> Path:
    """Six students: three with real progress, three whose stores cannot be read."""
    homes = tmp_path / "home"
    _record(homes / "ada", monkeypatch, ("00.first_array", "correct"))
    _record(
        homes / "ben", monkeypatch, *[("01.arange", "incorrect")] * 3, ("00.first_array", "error")
    )
    _record(
        homes / "cy",
        monkeypatch,
        ("01.arange", "incorrect"),
        ("01.arange", "hint"),
        ("01.arange", "correct"),
        ("01.default_dtype", "incorrect"),
    )
    make_old_store(_store(homes / "old"), records=3)  # first release: 01.arange passed on the 3rd
    corrupt = _store(homes / "corrupt")
    corrupt.parent.mkdir(parents=True)
    corrupt.write_bytes(os.urandom(8192))
    foreign = _store(homes / "foreign")
    foreign.parent.mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(foreign)) as db, db:
        db.execute("CREATE TABLE notes (text TEXT)")
    (homes / "missing").mkdir()
    torn = _store(homes / "torn")  # a kernel killed mid-write: a hot journal
    make_old_store(torn, mistake="x" * 2000)
    killer = (
        "import os, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('PRAGMA cache_size=1')\n"
        "db.execute('BEGIN')\n"
        "db.execute(\"UPDATE checks SET status = 'torn', mistake = zeroblob(2000)\")\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", killer, str(torn)], check=False)
    assert torn.with_name(torn.name + "-journal").stat().st_size > 0
    return homes


STUDENTS = ["ada", "ben", "cy", "old", "corrupt", "foreign", "missing", "torn"]
NO_DATA = ["corrupt", "foreign", "missing", "torn"]


def test_bad_stores_are_no_data_said_once_and_nothing_is_written(homes, caplog):
    before = _snapshot(homes)
    classroom = table.Classroom(IDS, lambda name: _store(homes / name))
    with caplog.at_level(logging.ERROR, logger="jaxtour.classroom"):
        first = classroom.rows(STUDENTS)
        again = classroom.rows(STUDENTS)  # the page refreshes: nothing said twice
    assert [r.student for r in first if r.lessons is None] == NO_DATA
    assert [r.student for r in again if r.lessons is None] == NO_DATA
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == len(NO_DATA)
    for name, line in zip(NO_DATA, said, strict=True):
        assert line.startswith(f"jaxtour.classroom: no data for {name}: ")
        assert str(_store(homes / name)) in line and "\n" not in line
    assert _snapshot(homes) == before  # no byte, no file, no journal rolled back
    text = table.to_csv(first, LESSONS)
    rows = {r["student"]: r for r in csv.DictReader(io.StringIO(text))}
    assert {name for name, row in rows.items() if row["data"] == "no data"} == set(NO_DATA)
    page = table.page(first, LESSONS, "/services/c/", "student", False, 30)
    assert page.count(f">{table.NO_DATA}<") == len(NO_DATA)


def test_a_store_that_becomes_readable_is_said_again_when_it_breaks_again(homes, caplog):
    classroom = table.Classroom(IDS, lambda name: _store(homes / name))
    with caplog.at_level(logging.ERROR, logger="jaxtour.classroom"):
        classroom.row("missing")
        make_old_store(_store(homes / "missing"), records=1)
        assert classroom.row("missing").lessons is not None
        _store(homes / "missing").unlink()
        assert classroom.row("missing").lessons is None
    assert len(caplog.records) == 2


def test_each_lesson_shows_passed_helped_attempted_and_stuck(homes):
    rows = {r.student: r for r in table.Classroom(IDS, lambda n: _store(homes / n)).rows(STUDENTS)}
    l00, l01 = LESSONS[0], LESSONS[1]
    ada, ben, cy, old = (rows[n].lessons for n in ("ada", "ben", "cy", "old"))
    assert ada[l00] == table.LessonCell(1, 1, 1, ()) and ada[l00].state == "passed"
    assert ben[l01].stuck == ("01.arange",) and ben[l01].state == "stuck"  # 3 failures
    assert ben[l00].state == "attempted"  # one error is not stuck
    assert (cy[l01].passed, cy[l01].helped, cy[l01].attempted, cy[l01].stuck) == (1, 1, 2, ())
    assert (old[l01].passed, old[l01].helped, old[l01].attempted) == (1, 0, 1)  # first release
    assert all(c.state == "new" for lesson, c in ada.items() if lesson != l00)
    text = table.to_csv([rows["ben"], rows["cy"]], LESSONS)
    parsed = list(csv.DictReader(io.StringIO(text)))
    assert list(parsed[0]) == table.csv_columns(LESSONS)
    assert parsed[0][f"{l01}:stuck"] == "01.arange" and parsed[1][f"{l01}:helped"] == "1"


def test_sorting_by_a_column_keeps_students_without_data_last(homes):
    rows = table.Classroom(IDS, lambda n: _store(homes / n)).rows(STUDENTS)
    by_stuck = [r.student for r in table.sort_rows(rows, "stuck", descending=True)]
    assert by_stuck[0] == "ben" and by_stuck[-len(NO_DATA) :] == sorted(NO_DATA)
    by_01 = [r.student for r in table.sort_rows(rows, LESSONS[1], descending=True)]
    assert by_01[:2] == ["cy", "old"]  # passed 1 (cy tried 2 exercises, old 1), then ben
    by_name = [r.student for r in table.sort_rows(rows, "student", descending=True)]
    assert by_name[:4] == ["old", "cy", "ben", "ada"]


def test_the_page_links_each_column_to_its_sort_and_reloads_itself():
    page = table.page([], LESSONS, "/services/c/", LESSONS[2], False, 17)
    assert '<meta http-equiv="refresh" content="17">' in page
    assert f'href="/services/c/?sort={LESSONS[2]}&amp;order=desc"' in page  # flips
    assert 'href="/services/c/?sort=stuck&amp;order=asc"' in page
    assert 'href="/services/c/classroom.csv"' in page


def test_a_foreign_sqlite_file_is_not_read_as_an_empty_store(tmp_path):
    path = tmp_path / progress_store.STORE_NAME
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(OLD_SCHEMA.replace("status TEXT NOT NULL,", ""))
    with pytest.raises(progress_store.StoreProblem, match="not a jaxtour progress store"):
        progress_store.read_other(path)
