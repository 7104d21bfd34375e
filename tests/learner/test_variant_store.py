"""Which variant a learner gets (issue 38): from a stable id kept in the store (or the hub's
user name) and the exercise's id, the same in a fresh process; ``checks.new_variant``
moves it on by adding a row and nothing else; ``JAXTOUR_VARIANT`` fixes one for everyone;
progress records which variant was checked; a store from before variants keeps working."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap

import pytest

from jaxtour import checks
from jaxtour.exercises import exercise as find_exercise
from jaxtour.exercises.common import jnp
from jaxtour.grader.variants import ENV_VARIANT
from jaxtour.learner import progress_store as progress

EXERCISE = "01.arange"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    monkeypatch.delenv(ENV_VARIANT, raising=False)  # conftest.py fixes 0 for the others
    monkeypatch.delenv(progress.ENV_HUB_USER, raising=False)
    monkeypatch.setattr(checks, "_learner_ids", [])
    return tmp_path / progress.STORE_NAME


def _number_in_a_fresh_process(env_extra: dict[str, str] | None = None) -> int:
    script = textwrap.dedent(
        f"""
        from jaxtour import checks
        from jaxtour.exercises import exercise
        print(checks.variant_number(exercise({EXERCISE!r})))
        """
    )
    import os

    env = dict(os.environ, **(env_extra or {}))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def _rows(store) -> list[tuple]:
    with sqlite3.connect(store) as connection:
        return connection.execute("SELECT * FROM checks ORDER BY id").fetchall()


def test_the_same_learner_gets_the_same_variant_in_a_fresh_process(store):
    exercise = find_exercise(EXERCISE)
    here = checks.variant_number(exercise)
    assert here != 0 and store.exists()  # the learner's id was made and kept
    assert _number_in_a_fresh_process() == here == _number_in_a_fresh_process()
    other = find_exercise("06.scale_column")
    assert checks.variant_number(other) != here  # the exercise's id is in the seed too


def test_on_a_hub_the_user_name_is_the_id(store, monkeypatch):
    monkeypatch.setenv(progress.ENV_HUB_USER, "ada")
    ada = _number_in_a_fresh_process()
    assert ada == checks.variant_number(find_exercise(EXERCISE))
    assert _number_in_a_fresh_process({progress.ENV_HUB_USER: "grace"}) != ada


def test_new_variant_changes_it_and_loses_nothing(store):
    exercise = find_exercise(EXERCISE)
    first = checks.variant_number(exercise)
    checks.check(EXERCISE, [1, 2])
    checks.check(EXERCISE, checks._reference(EXERCISE))
    before = _rows(store)
    note = checks.new_variant(EXERCISE)
    second = checks.variant_number(exercise)
    assert second != first and str(second) in note.text()
    assert _rows(store) == before  # no record changed or lost: a row in another table
    assert progress.practice_count(EXERCISE) == 1
    assert _number_in_a_fresh_process() == second  # and it is kept
    checks.check(EXERCISE, checks._reference(EXERCISE))
    assert progress.passed_variants()[EXERCISE] == [first, second]
    assert progress.read()[EXERCISE].attempts == 3


def test_a_fixed_variant_overrides_every_learners(store, monkeypatch):
    monkeypatch.setenv(ENV_VARIANT, "7")
    exercise = find_exercise(EXERCISE)
    assert checks.variant_number(exercise) == 7
    assert _number_in_a_fresh_process({progress.ENV_HUB_USER: "grace"}) == 7
    assert "7" in checks.new_variant(EXERCISE).text()
    assert checks.variant_number(exercise) == 7 and progress.practice_count(EXERCISE) == 0
    values = exercise.variants.values(7)
    assert str(values["last"]) in checks.variant(EXERCISE).text()


def test_variant_values_are_the_learners_own_and_follow_a_new_variant(store):
    exercise = find_exercise("07.stale_global")
    first = checks.variant_values("07.stale_global")
    assert first == exercise.variants.values(checks.variant_number(exercise))
    assert str(first["end"]) in checks.variant("07.stale_global").text()
    checks.new_variant("07.stale_global")
    second = checks.variant_values("07.stale_global")
    assert second == exercise.variants.values(checks.variant_number(exercise))
    assert checks.variant_values("07.count_traces") == {}  # one version only
    assert checks.variant_values("99.nothing") == {}


def test_the_check_judges_the_learners_variant_and_feedback_names_its_values(store):
    exercise = find_exercise(EXERCISE)
    values = exercise.variants.values(checks.variant_number(exercise))
    assert values["last"] != 1  # a drawn variant is never the page's
    page = checks.check(EXERCISE, lambda n: jnp.arange(n, 0, -2))
    assert page.status == "incorrect"  # the page's answer is not this learner's
    past = checks.check(EXERCISE, lambda n: jnp.arange(n, values["last"] - 3, -2))
    assert past.mistake == "past-one" and f"to {values['beyond']}:" in past.message
    assert str(values["last"]) in checks.hint(EXERCISE, 2).text()
    assert f", {values['below']}, -2)" in checks.solution(EXERCISE).text()


def test_a_store_from_before_variants_keeps_working(store):
    with sqlite3.connect(store) as connection:
        connection.execute(
            "CREATE TABLE checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
            " exercise TEXT NOT NULL, status TEXT NOT NULL, mistake TEXT)"
        )
        connection.execute(
            "INSERT INTO checks (at, exercise, status) VALUES (1.0, '01.arange', 'correct')"
        )
    assert progress.practice_count(EXERCISE) == 0 and progress.passed_variants() == {}
    assert progress.read()[EXERCISE].passed
    checks.new_variant(EXERCISE)
    checks.check(EXERCISE, checks._reference(EXERCISE))
    rows = _rows(store)
    assert rows[0][:4] == (1, 1.0, "01.arange", "correct") and rows[0][-1] is None
    assert rows[1][-1] == checks.variant_number(find_exercise(EXERCISE))
    assert progress.read_other(store)[EXERCISE].attempts == 2
