"""`jaxtour progress`: the table without JAX, the exercise ids without the exercises."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import subprocess
import sys

import pytest

from jaxtour import cli
from jaxtour.exercises import ids_by_lesson
from jaxtour.learner import progress_store, progress_view
from tests.helpers import ROOT

HEAVY = ("jax", "jaxlib", "numpy", "jaxtour.grader.rules", "jaxtour.exercises.lesson01")


def test_progress_imports_neither_jax_nor_numpy_nor_the_exercises(tmp_path):
    """What `python -X importtime` says `jaxtour progress 03` imported: none of HEAVY."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "jaxtour.cli", "progress", "03"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "JAXTOUR_DATA_DIR": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert "In 03_grad:" in result.stdout and "03.gradient  not tried" in result.stdout
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "jaxtour.learner.progress_store" in imported  # the probe sees imports
    assert not imported & set(HEAVY), sorted(imported & set(HEAVY))


def test_the_ids_read_from_the_source_are_the_registrys():
    assert cli.declared_exercise_ids() == ids_by_lesson()


def test_exercises_declared_another_way_are_not_guessed():
    for source in (
        b"x = 1\n",
        b"x = 1\nEXERCISES = tuple(make())\n",
        b"x = 1\nEXERCISES = (Exercise(id=NAME),)\n",
        b"x = 1\nEXERCISES = (Exercise(id='01.a'), *MORE)\n",
    ):
        assert cli._literal_exercise_ids(source) is None, source
    source = b"x = 1\nEXERCISES = (\n  Exercise(id='01.a', title='A'),\n  Exercise(id='01.b'),\n)\n"
    assert cli._literal_exercise_ids(source) == ["01.a", "01.b"]


def _progress_table(data_dir, *options: str) -> tuple[str, set[str]]:
    """`jaxtour progress OPTIONS` in a fresh interpreter: its stdout, and what it imported."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "jaxtour.cli", "progress", *options],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "JAXTOUR_DATA_DIR": str(data_dir)},
    )
    assert result.returncode == 0, result.stderr
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:")
    }
    return result.stdout, imported


def _a_learners_store(data_dir, monkeypatch) -> None:
    """Passed unaided, after a hint, after the solution; failed twice; a retired id."""
    monkeypatch.setenv(progress_store.ENV_DIR, str(data_dir))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    clock = itertools.count(1_700_000_000, 10)  # 2023-11-14T22:13:20Z, 10 s a step
    monkeypatch.setattr(progress_store.time, "time", lambda: float(next(clock)))
    progress_store.record("01.arange", "correct")
    progress_store.record("03.gradient", "incorrect", "sum-not-grad")
    progress_store.record_help("03.gradient", "hint", 1)
    progress_store.record("03.gradient", "correct")
    progress_store.record_help("04.grad_last_two", "solution")
    progress_store.record("04.grad_last_two", "correct")
    progress_store.record("05.fix_aux_order", "incorrect")
    progress_store.record("05.fix_aux_order", "error")
    progress_store.record("99.retired", "correct")


@pytest.mark.parametrize("form", ["--json", "--csv"])
def test_the_table_has_one_row_per_exercise_and_the_documented_columns(form, tmp_path, monkeypatch):
    _a_learners_store(tmp_path, monkeypatch)
    out, imported = _progress_table(tmp_path, form)
    assert not imported & set(HEAVY), sorted(imported & set(HEAVY))
    if form == "--json":
        rows = json.loads(out)
        assert all(list(row) == list(progress_view.COLUMNS) for row in rows)
    else:
        reader = csv.DictReader(io.StringIO(out))
        assert tuple(reader.fieldnames) == progress_view.COLUMNS
        rows = [
            {
                k: {"true": True, "false": False}.get(v, int(v) if v.isdigit() else v)
                for k, v in row.items()
            }
            for row in reader
        ]
    declared = [(lesson, i) for lesson, ids in ids_by_lesson().items() for i in ids]
    assert [(r["lesson"], r["exercise"]) for r in rows] == declared + [("", "99.retired")]
    by_id = {r["exercise"]: r for r in rows}
    ways = ("passed_unaided", "passed_after_hint", "passed_after_solution")
    for exercise, attempts, way in [
        ("01.arange", 1, "passed_unaided"),
        ("03.gradient", 2, "passed_after_hint"),
        ("04.grad_last_two", 1, "passed_after_solution"),
    ]:
        row = by_id[exercise]
        assert (row["attempts"], row["passed"], row["last_status"]) == (attempts, True, "correct")
        assert [w for w in ways if row[w]] == [way], exercise
    failed = by_id["05.fix_aux_order"]
    assert (failed["attempts"], failed["passed"], failed["last_status"]) == (2, False, "error")
    assert not any(failed[w] for w in ways)
    assert (failed["first_attempt"], failed["last_attempt"]) == (
        "2023-11-14T22:14:20Z",  # its two checks were the 7th and 8th events
        "2023-11-14T22:14:30Z",
    )
    untried = by_id["00.first_array"]
    assert (untried["attempts"], untried["passed"], untried["last_status"]) == (0, False, "")
    assert (untried["first_attempt"], untried["last_attempt"]) == ("", "")


def test_the_table_of_one_lesson_has_its_rows_only(tmp_path, monkeypatch):
    _a_learners_store(tmp_path, monkeypatch)
    out, _ = _progress_table(tmp_path, "03", "--json")
    rows = json.loads(out)
    assert [r["exercise"] for r in rows] == ids_by_lesson()["03_grad"]
    assert rows[0]["passed_after_hint"] is True


def test_an_empty_store_gives_every_exercise_untried(tmp_path):
    out, _ = _progress_table(tmp_path / "nothing-yet", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == sum(len(ids) for ids in ids_by_lesson().values())
    assert {(r["attempts"], r["passed"], r["first_attempt"]) for r in rows} == {("0", "false", "")}
    assert not (tmp_path / "nothing-yet").exists()  # reading created nothing
