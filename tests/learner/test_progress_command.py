"""`jaxtour progress`: the table without JAX, the exercise ids without the exercises."""

from __future__ import annotations

import os
import subprocess
import sys

from jaxtour import cli
from jaxtour.exercises import ids_by_lesson
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
