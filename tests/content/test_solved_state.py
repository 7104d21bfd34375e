"""Each lesson, with every exercise cell replaced by its solution, passes every check."""

from __future__ import annotations

import pytest

from tests.helpers import kernel_env, read_notebook
from tools.build_lessons import execute, reported_statuses, solved


@pytest.mark.slow
def test_solved_lesson_reports_correct_for_every_check(lesson):
    notebook, solved_ids = solved(read_notebook(lesson))
    execute(notebook, timeout=120, env=kernel_env())
    assert reported_statuses(notebook) == {exercise_id: "correct" for exercise_id in solved_ids}
