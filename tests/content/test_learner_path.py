"""The learner's real path: Run All with the placeholders, then solve each exercise in
place, re-running only its cell and its check. Every official solution must pass there,
not only in a notebook solved before anything else ran (test_solved_state)."""

from __future__ import annotations

import pytest

from tests.helpers import cell_exercise, kernel_env, read_notebook
from tools.build_lessons import learner_path


@pytest.mark.slow
def test_every_solution_passes_when_typed_in_after_run_all(lesson):
    notebook = read_notebook(lesson)
    ids = [cell_exercise(cell) for cell in notebook.cells if cell_exercise(cell)]
    statuses = learner_path(notebook, timeout=120, env=kernel_env())
    assert statuses == {exercise_id: "correct" for exercise_id in ids}
