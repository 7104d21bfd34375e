"""`jaxtour next`, `checks.next()` and the review schedule, on a stand-in clock.

No test reads the real clock to decide: the checks are recorded at stand-in times
(``progress_store.time`` replaced) and the schedule is read at a stand-in ``now``
(``review.now`` replaced).
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import os
import sqlite3
import types
from pathlib import Path

import pytest

from jaxtour import catalog, cli, i18n
from jaxtour.learner import lab_servers, progress_store, progress_view, review
from jaxtour.learner.progress_store import Event
from tests.learner.test_progress_faults import make_old_store, use_folder

DAY = review.DAY_S
T0 = 1_800_000_000.0  # a stand-in "when the learner started"
IDS = cli.declared_exercise_ids()
ORDER = [i for ids in IDS.values() for i in ids]
FIRST, SECOND, THIRD = ORDER[:3]


def check(at: float, status: str = "correct", hints: int = 0, solution: bool = False) -> Event:
    return Event(at, status, hints, solution)


def helped(at: float) -> Event:
    return Event(at, None)


# --- the rule ---------------------------------------------------------------------------


def test_a_first_try_pass_is_due_in_two_days_then_four_then_eight_when_passed_on_time():
    events = [check(T0)]
    assert review.schedule("x", events).due_at == T0 + 2 * DAY
    events.append(check(T0 + 1 * DAY))  # again before it is due (a Run All): no change
    assert review.schedule("x", events).due_at == T0 + 2 * DAY
    events.append(check(T0 + 3 * DAY))  # when due, without help: doubled
    assert review.schedule("x", events).due_at == T0 + 7 * DAY
    events.append(check(T0 + 7 * DAY))
    last = review.schedule("x", events)
    assert (last.due_at, last.days, last.why) == (T0 + 15 * DAY, 8, "interval")


def test_a_pass_after_help_or_after_failing_starts_over_at_one_day():
    hint = [check(T0, "incorrect"), helped(T0 + 1), check(T0 + 2, hints=1)]
    first = review.schedule("x", hint)
    assert (first.due_at, first.why) == (T0 + 2 + DAY, "help")
    on_time = [*hint, check(T0 + 2 * DAY, hints=1)]  # the same hint count: no new help
    assert review.schedule("x", on_time).days == 2  # then 2, 4, 8, ...
    failed = [check(T0), check(T0 + 3 * DAY, "incorrect"), check(T0 + 3 * DAY + 60)]
    again = review.schedule("x", failed)
    assert (again.days, again.why) == (1, "failed")
    looked = [check(T0), helped(T0 + 10), check(T0 + 3 * DAY)]  # the solution seen after
    assert review.schedule("x", looked).why == "help"
    assert review.schedule("x", [check(T0, "incorrect"), check(T0 + 1, "error")]) is None


def test_a_store_without_the_help_table_reads_help_from_the_checks_columns():
    solved = [check(T0, solution=True)]
    assert review.schedule("x", solved).why == "help"
    rose = [check(T0), check(T0 + 3 * DAY, hints=2)]  # a hint seen between the two passes
    assert review.schedule("x", rose).why == "help"


def test_the_plan_puts_due_reviews_first_longest_overdue_first_then_the_tour_order():
    history = {
        FIRST: [check(T0)],  # due at T0 + 2 days
        THIRD: [check(T0, "incorrect"), check(T0 + 1)],  # due at T0 + 1 day + 1 s
        ORDER[5]: [check(T0, "incorrect")],  # tried, not passed
        "99.gone": [check(T0)],  # no lesson declares it now: not planned
    }
    at = T0 + 3 * DAY
    steps = review.plan(IDS, history, at)
    assert [(s.exercise, s.kind) for s in steps[:4]] == [
        (THIRD, "review"),
        (FIRST, "review"),
        (SECOND, "new"),
        (ORDER[3], "new"),
    ]
    assert [s for s in steps if s.exercise == ORDER[5]][0].kind == "attempted"
    assert len(steps) == len(ORDER)
    before = review.plan(IDS, history, T0 + DAY)  # nothing due yet
    assert [s.exercise for s in before[:2]] == [SECOND, ORDER[3]]


# --- from the store ---------------------------------------------------------------------


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """progress_store records at clock[0]; the schedule is read at clock[1]."""
    times = [T0, T0]
    monkeypatch.setattr(progress_store, "time", types.SimpleNamespace(time=lambda: times[0]))
    monkeypatch.setattr(review, "now", lambda: times[1])
    return times


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    return use_folder(tmp_path / "data", monkeypatch)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    said = capsys.readouterr()
    return status, said.out, said.err


def test_next_with_no_store_names_the_first_exercise_and_how_to_open_it(
    store, clock, capsys, monkeypatch, tmp_path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    status, out, _ = run(capsys, "next")
    notebook = catalog.find(FIRST.split(".")[0]).notebook
    assert status == 0 and not store.exists()
    assert f"{FIRST} is the first exercise you have not tried yet." in out
    assert f"It is in {notebook}" in out and "`jaxtour lab`" in out


def test_next_names_a_due_review_and_the_running_labs_url_and_writes_nothing(
    store, clock, capsys, monkeypatch, tmp_path
):
    progress_store.record(FIRST, "incorrect")
    progress_store.record_help(FIRST, "hint", 1)
    progress_store.record(FIRST, "correct")
    progress_store.record(SECOND, "correct")
    workspace = tmp_path / "ws"
    notebook = catalog.find(FIRST.split(".")[0]).notebook
    (workspace / notebook).parent.mkdir(parents=True)
    (workspace / notebook).write_text("{}")
    server = lab_servers.Server("http://127.0.0.1:8899/", "tok", workspace, os.getpid())
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [server])
    before = hashlib.sha256(store.read_bytes()).hexdigest(), store.stat().st_mtime_ns

    clock[1] = T0 + 2 * DAY  # FIRST due since T0 + 1 day, SECOND since T0 + 2 days
    status, out, _ = run(capsys, "next", f"--dir={workspace}")
    assert status == 0
    assert (
        f"{FIRST} is due for review: you passed it after a hint or the solution, 2 days ago." in out
    )
    assert f"open http://127.0.0.1:8899/lab/tree/{notebook}?token=tok" in out
    assert "1 more exercise is due for review" in out
    assert (hashlib.sha256(store.read_bytes()).hexdigest(), store.stat().st_mtime_ns) == before

    status, out, _ = run(capsys, "progress")
    assert "Due for review:" in out
    assert f"{FIRST}: due now (passed 2 days ago)" in out and f"{SECOND}: due now" in out
    status, out, _ = run(capsys, "progress", "--csv")
    rows = {r["exercise"]: r for r in csv.DictReader(io.StringIO(out))}
    assert rows[FIRST]["review_due"] == progress_view._utc(T0 + DAY)
    assert (rows[FIRST]["due_now"], rows[THIRD]["due_now"], rows[THIRD]["review_due"]) == (
        "true",
        "false",
        "",
    )

    clock[1] = T0 + 3600  # an hour on: nothing due; the first unfinished is next
    status, out, _ = run(capsys, "next", f"--dir={workspace}")
    assert f"{THIRD} is the first exercise you have not tried yet." in out
    status, out, _ = run(capsys, "progress")
    assert "Next review:" in out and f"{FIRST}: due in 1 day" in out


def test_next_speaks_russian_and_names_the_russian_copy(store, clock, capsys, monkeypatch):
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    progress_store.record(FIRST, "incorrect")
    progress_store.record(FIRST, "incorrect")
    try:
        status, out, _ = run(capsys, "next", "--lang", "ru")
    finally:
        i18n.use_language("en")
    notebook = catalog.find(FIRST.split(".")[0]).notebook
    assert status == 0
    assert f"{FIRST} пока не решено (2 проверки)." in out
    assert f"ru/{notebook}" in out and "`jaxtour lab --lang ru`" in out


def test_next_reads_a_first_release_store_and_a_read_only_one(store, clock, capsys, monkeypatch):
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    make_old_store(store, records=3)  # 01.arange: two failures, then a pass at t=2
    clock[1] = 2 + DAY
    history = progress_store.history()
    assert review.reviews(IDS, history)["01.arange"].why == "failed"
    store.chmod(0o444)
    store.parent.chmod(0o555)
    try:
        status, out, err = run(capsys, "next")
    finally:
        store.parent.chmod(0o755)
    assert status == 0, err
    assert "01.arange is due for review: you passed it after a failed check, 1 day ago." in out


def test_next_on_an_unreadable_store_says_why_in_one_line(store, clock, capsys, monkeypatch):
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    store.parent.mkdir(parents=True)
    store.write_bytes(b"not a database" * 100)
    status, out, err = run(capsys, "next")
    assert status == 1 and err.startswith("jaxtour: your progress could not be read")
    assert err.count("\n") == 1 and store.read_bytes().startswith(b"not a database")


def test_every_exercise_passed_says_when_the_next_review_is(store, clock, capsys, monkeypatch):
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    store.parent.mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(store)) as db, db:
        for statement in progress_store._SCHEMA:
            db.execute(statement)
        db.executemany(
            "INSERT INTO checks (at, exercise, status) VALUES (?, ?, 'correct')",
            [(T0, exercise) for exercise in ORDER],
        )
    clock[1] = T0 + 60
    status, out, _ = run(capsys, "next")
    assert out.strip() == (
        f"jaxtour: Every exercise is passed and none is due for review; the next: {FIRST}: "
        "due in 2 days."
    )


def test_checks_next_in_a_notebook_names_the_lesson_file(store, clock):
    from jaxtour import checks

    progress_store.record(FIRST, "correct")
    note = checks.next()
    assert note.heading == "Next"
    notebook = catalog.find(SECOND.split(".")[0]).notebook
    assert f"{SECOND} is the first exercise you have not tried yet." in note.text()
    assert f"It is in {notebook}" in note.text() and "token" not in note.text()


# --- a review comes as a fresh variant (issue 38) ---------------------------------------


@pytest.fixture
def own_variants(store, monkeypatch):
    """Each learner their own variants (conftest.py fixes variant 0 for the other tests)."""
    from jaxtour import checks
    from jaxtour.grader.variants import ENV_VARIANT

    monkeypatch.delenv(ENV_VARIANT, raising=False)
    monkeypatch.delenv(progress_store.ENV_HUB_USER, raising=False)
    monkeypatch.setattr(checks, "_learner_ids", [])
    return checks


def _due_variant_review(checks, clock) -> tuple[str, int]:
    """A variant exercise passed (its reference checked) and due for review now."""
    from jaxtour.exercises import exercise

    varied = next(i for i in ORDER if exercise(i).variants is not None)
    assert checks.check(varied, checks._reference(varied)).passed
    clock[0] = T0 + DAY  # everything before it passed a day later: due a day later
    for other in ORDER[: ORDER.index(varied)]:
        progress_store.record(other, "correct")
    clock[1] = T0 + 2.5 * DAY  # a first-try pass is due in two days: only it is due
    return varied, checks.variant_number(exercise(varied))


def test_a_due_review_comes_as_a_variant_not_solved_yet_and_stays_until_solved(
    own_variants, clock, capsys, monkeypatch, tmp_path
):
    from jaxtour.exercises import exercise

    checks = own_variants
    varied, solved = _due_variant_review(checks, clock)
    monkeypatch.setattr(lab_servers, "running_servers", lambda folder=None: [])
    status, out, _ = run(capsys, "next", f"--dir={tmp_path}")
    fresh = checks.variant_number(exercise(varied))
    assert status == 0 and f"{varied} is due for review" in out
    assert fresh != solved and f"a variant you have not solved ({fresh})" in out
    assert f"checks.variant('{varied}')" in out
    note = checks.next()  # asked again, in the notebook: the same, not yet another one
    assert f"({fresh})" in note.text() and checks.variant_number(exercise(varied)) == fresh
    assert not checks.check(varied, None).passed  # a failed try keeps it too
    assert f"({fresh})" in checks.next().text()


def test_no_variant_line_where_one_is_fixed_or_the_exercise_has_one_version(
    own_variants, clock, monkeypatch
):
    checks = own_variants
    varied, _ = _due_variant_review(checks, clock)
    monkeypatch.setenv("JAXTOUR_VARIANT", "3")
    assert checks.review_variant(varied) is None
    assert "variant you have not solved" not in checks.next().text()
    monkeypatch.delenv("JAXTOUR_VARIANT")
    assert checks.review_variant(FIRST) is None  # 00.first_array has one version
