"""Each outcome is recorded with the help seen before it: hints, the solution."""

from __future__ import annotations

import sqlite3

import pytest

from jaxtour import checks
from jaxtour.exercises import ids_by_lesson
from jaxtour.learner import progress_store


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("JAXTOUR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JAXTOUR_PROGRESS", "on")
    return tmp_path / "progress.sqlite3"


def passed_with(exercise_id):
    return progress_store.read()[exercise_id].passed_with


def test_a_pass_without_help_is_unaided(store):
    checks.check("01.arange", checks._reference("01.arange"))
    assert passed_with("01.arange") == "unaided"


def test_a_pass_after_a_hint_says_so_and_how_far_the_hints_went(store):
    checks.check("01.arange", [1])
    checks.hint("01.arange", 1)
    checks.hint("01.arange", 2)
    checks.check("01.arange", checks._reference("01.arange"))
    assert passed_with("01.arange") == "hint"
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT hints, solution FROM checks ORDER BY id").fetchall() == [
            (0, 0),
            (2, 0),
        ]


def test_a_pass_after_the_solution_says_so(store):
    checks.hint("01.arange", 1)
    checks.solution("01.arange")
    checks.check("01.arange", checks._reference("01.arange"))
    assert passed_with("01.arange") == "solution"
    rows = {r.lesson: r for r in progress_store.by_lesson(ids_by_lesson())}
    assert rows["01_jnp_as_numpy"].passed_with_help == 1


def test_the_reference_answer_handed_in_counts_as_the_solution_seen(store):
    """checks.reference_answer is the solution as a value (round 18: handed in, it was
    recorded as passed unaided)."""
    checks.check("01.arange", checks.reference_answer("01.arange"))
    assert passed_with("01.arange") == "solution"


def test_help_seen_after_passing_does_not_change_how_it_was_passed(store):
    checks.check("01.arange", checks._reference("01.arange"))
    checks.solution("01.arange")
    checks.check("01.arange", checks._reference("01.arange"))
    assert passed_with("01.arange") == "unaided"


def test_a_store_from_before_gains_the_new_columns_and_keeps_its_records(store):
    store.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(store) as db:
        db.execute(
            "CREATE TABLE checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
            " exercise TEXT NOT NULL, status TEXT NOT NULL, mistake TEXT)"
        )
        db.execute("INSERT INTO checks (at, exercise, status) VALUES (1.0, '01.arange', 'correct')")
    checks.check("01.default_dtype", checks._reference("01.default_dtype"))
    done = progress_store.read()
    assert done["01.arange"].passed and done["01.arange"].passed_with == "unaided"
    assert done["01.default_dtype"].passed


def test_records_of_a_renamed_exercise_carry_over_to_its_new_id(store):
    store.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(store) as db:
        db.execute(
            "CREATE TABLE checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
            " exercise TEXT NOT NULL, status TEXT NOT NULL, mistake TEXT)"
        )
        db.execute("INSERT INTO checks (at, exercise, status) VALUES (1.0, '07.fit', 'correct')")
    done = progress_store.read()
    assert "07.fit" not in done and done["08.fit"].passed
    rows = {r.lesson: r for r in progress_store.by_lesson(ids_by_lesson())}
    assert rows["08_putting_it_together"].passed == 1
