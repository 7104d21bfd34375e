"""The class's mistake board: read from the source as the hub reads it, counted per
student from the stores, drawn under the table with each stuck student one click away."""

from __future__ import annotations

import contextlib
import csv
import html
import io
import sqlite3
from pathlib import Path

from jaxtour import catalog
from jaxtour.classroom import reader, table
from jaxtour.learner import progress_store

IDS = catalog.declared_exercise_ids()
LESSONS = list(IDS)


def test_the_mistakes_read_from_the_source_are_the_registrys():
    from jaxtour.exercises import all_exercises

    registry = {
        exercise.id: {m.id: _as_variant_0(exercise, m.message) for m in exercise.mistakes}
        for exercise in all_exercises().values()
    }
    assert catalog.declared_mistakes() == registry


def _as_variant_0(exercise, message: str) -> str:
    """A message as the page's variant says it (an exercise without variants has one)."""
    return message if exercise.variants is None else message.format_map(exercise.variants.default)


def test_every_exercise_with_variants_shows_its_messages_with_variant_0s_values(tmp_path):
    """The board reads the messages from the source, where a varied exercise names its
    values as {name}: it shows them as the lesson's page does, never a {name} unfilled."""
    from jaxtour.exercises import all_exercises

    varied = [e for e in all_exercises().values() if e.variants is not None]
    assert varied
    homes = tmp_path / "home"
    filled = 0
    for number, exercise in enumerate(varied):
        names = {"{" + name + "}" for name in exercise.variants.default}
        rows = [(i, exercise.id, "incorrect", m.id) for i, m in enumerate(exercise.mistakes)]
        _store(homes, f"s{number}", rows)
        student = _room(homes).rows([f"s{number}"])
        lines = table.board(student, IDS)
        assert [x.mistake for x in lines] == [m.id for m in exercise.mistakes]
        page = table.page(student, LESSONS, "/", "student", False, 30, lines=lines)
        said = {r["mistake"]: r for r in csv.DictReader(io.StringIO(table.mistakes_csv(lines)))}
        for line, mistake in zip(lines, exercise.mistakes, strict=True):
            message = _as_variant_0(exercise, mistake.message)
            filled += message != mistake.message
            assert line.message == message
            assert html.escape(table.first_sentence(message)) in page
            assert table.first_sentence(message) in said[mistake.id].values()
        assert not [name for name in names if name in page or name in str(said)]
    assert filled  # some message names a value: the test reads one filled in


def test_a_varied_exercise_whose_values_are_not_a_literal_names_them_plainly():
    source = b"""
from somewhere import Variants, make
COMPUTED = Variants(default=make(1), draw=None, shown="")
LITERAL = Variants(default={"last": 1}, draw=None, shown="")

EXERCISES = (
    Exercise(
        id="01.computed",
        variants=COMPUTED,
        mistakes=(Mistake(id="short", message="It ends at {last}, past {{n}}."),),
    ),
    Exercise(
        id="01.literal",
        variants=LITERAL,
        mistakes=(Mistake(id="short", message="It ends at {last}, past {{n}}."),),
    ),
    Exercise(
        id="01.plain",
        mistakes=(Mistake(id="short", message="It ends at {last}."),),
    ),
)
"""
    assert catalog.literal_mistakes(source) == {
        "01.computed": {"short": "It ends at [last], past {n}."},
        "01.literal": {"short": "It ends at 1, past {n}."},
        "01.plain": {"short": "It ends at {last}."},  # no variants: the text as written
    }


def _store(homes: Path, name: str, rows: list[tuple]) -> None:
    path = homes / name / progress_store.STORE_NAME
    path.parent.mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        for statement in progress_store._SCHEMA:
            db.execute(statement)
        db.executemany(
            "INSERT INTO checks (at, exercise, status, mistake) VALUES (?, ?, ?, ?)", rows
        )


def _room(homes: Path, limits: reader.Limits | None = None) -> table.Classroom:
    return table.Classroom(
        IDS,
        lambda n: homes / n / progress_store.STORE_NAME,
        lambda n: homes / n,
        limits or reader.Limits(),
    )


EXERCISE = "01.arange"
A, B, C = list(catalog.declared_mistakes()[EXERCISE])[:3]


def test_most_students_first_then_passed_and_stuck_as_each_student_left_it(tmp_path):
    homes = tmp_path / "home"
    _store(homes, "ada", [(1, EXERCISE, "incorrect", C), (2, EXERCISE, "correct", None)])
    _store(
        homes,
        "ben",
        [
            (1, EXERCISE, "incorrect", C),
            (2, EXERCISE, "correct", None),
            (3, EXERCISE, "incorrect", B),  # passed, then made B: stuck on B since
            (4, EXERCISE, "incorrect", B),
        ],
    )
    _store(homes, "cy", [(1, EXERCISE, "timeout", "slow-python"), (2, EXERCISE, "incorrect", C)])
    _store(homes, "dan", [(1, "06.clip_negative", "incorrect", "made-up")])  # renamed, undeclared
    rows = _room(homes).rows(["ada", "ben", "cy", "dan"])
    lines = table.board(rows, IDS)
    got = [(x.exercise, x.mistake, x.made, x.passed, x.stuck) for x in lines]
    assert got == [
        (EXERCISE, C, ("ada", "ben", "cy"), 2, ("cy",)),
        (EXERCISE, B, ("ben",), 0, ("ben",)),
        (EXERCISE, "slow-python", ("cy",), 0, ("cy",)),
    ]
    assert A not in [x.mistake for x in lines]  # made by no one
    page = table.page(rows, LESSONS, "/p/", "student", False, 30, lines=lines)
    assert page.index('id="classroom"') < page.index('id="board"')
    assert '<a href="#student-cy">cy</a>' in page and '<tr id="student-cy"' in page
    message = catalog.declared_mistakes()[EXERCISE][C]
    assert table.first_sentence(message) in page and "made-up" not in page
    assert 'href="/p/mistakes.csv"' in page
    said = list(csv.DictReader(io.StringIO(table.mistakes_csv(lines))))
    assert list(said[0]) == list(table.BOARD_COLUMNS)
    assert [(r["mistake"], r["students"], r["then_passed"], r["stuck_students"]) for r in said] == [
        (C, "3", "2", "cy"),
        (B, "1", "0", "ben"),
        ("slow-python", "1", "0", "cy"),
    ]


def test_a_student_name_with_markup_is_escaped_in_the_board_and_its_link(tmp_path):
    homes = tmp_path / "home"
    name = 'x"><b>y'
    _store(homes, name, [(1, EXERCISE, "incorrect", A)])
    rows = _room(homes).rows([name])
    page = table.page(rows, LESSONS, "/", "student", False, 30, lines=table.board(rows, IDS))
    assert "<b>y" not in page
    assert 'href="#student-x%22%3E%3Cb%3Ey"' in page


def test_the_mistakes_kept_per_store_are_bounded(tmp_path):
    homes = tmp_path / "home"
    junk = [(i, EXERCISE, "incorrect", f"junk-{i}") for i in range(50)]
    _store(homes, "mal", [*junk, (60, EXERCISE, "incorrect", A)])
    row = _room(homes, reader.Limits(mistakes=10)).rows(["mal"])[0]
    assert row.lessons is not None and len(row.mistakes[EXERCISE]) == 10
    assert table.board([row], IDS) == []  # junk ids are not shown; A came after the limit


def test_the_board_says_so_when_no_mistake_is_named_yet():
    page = table.page([], LESSONS, "/", "student", False, 30, lines=[])
    assert "No mistake named yet." in page


def test_first_sentence_stops_at_the_first_full_stop_and_at_a_length():
    assert table.first_sentence("That is a list (or tuple). Use jnp.array.") == (
        "That is a list (or tuple)."
    )
    assert len(table.first_sentence("word " * 100)) == 160


def test_an_unchanged_class_is_not_counted_again_and_a_new_check_is(tmp_path):
    homes = tmp_path / "home"
    _store(homes, "ada", [(1, EXERCISE, "incorrect", A)])
    room = _room(homes)
    first = room.board(room.rows(["ada"]))
    assert room.board(room.rows(["ada"])) is first  # the cached rows: the same board
    path = homes / "ada" / progress_store.STORE_NAME
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "INSERT INTO checks (at, exercise, status) VALUES (2, ?, 'correct')", (EXERCISE,)
        )
    again = room.board(room.rows(["ada"]))
    assert [(x.mistake, x.passed, x.stuck) for x in again] == [(A, 1, ())]
    assert [(x.mistake, x.passed, x.stuck) for x in first] == [(A, 0, ("ada",))]
