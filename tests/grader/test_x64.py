"""With jax_enable_x64 on, JAX's defaults are int64 and float64. Lesson 01 invites the
learner to switch it on, so every reference must follow the setting: the grader may
never refuse its own answer, nor the official solution typed into an x64 session."""

from __future__ import annotations

import jax
import nbformat
import pytest

from jaxtour import checks
from tests.helpers import kernel_env, read_notebook
from tools.build_lessons import execute, reported_statuses, solved

EXERCISE_IDS = checks.list_exercises()
X64_ON = 'import jax\n\njax.config.update("jax_enable_x64", True)'


@pytest.mark.parametrize("exercise_id", EXERCISE_IDS)
def test_a_reference_passes_with_x64_on_and_again_after_it_is_switched_back_off(exercise_id):
    """Cached outputs of the references are kept apart per setting: none leaks across.
    One test for both, so the x64 check is made once (it compiles the most)."""
    before = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        with_x64 = checks.check(exercise_id, checks.reference_answer(exercise_id))
    finally:
        jax.config.update("jax_enable_x64", before)
    assert with_x64.status == "correct", with_x64.text()
    feedback = checks.check(exercise_id, checks.reference_answer(exercise_id))
    assert feedback.status == "correct", feedback.text()


def test_x64_is_off_outside_these_tests():
    assert not jax.config.jax_enable_x64


def _with_x64_first(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with a cell that switches x64 on before any other code runs."""
    notebook.cells.insert(0, nbformat.v4.new_code_cell(X64_ON))
    return notebook


@pytest.mark.slow
def test_every_solution_passes_in_an_x64_session(lesson):
    """The learner's path with x64 on: a fresh kernel, x64 first, every exercise solved."""
    notebook, solved_ids = solved(read_notebook(lesson))
    execute(_with_x64_first(notebook), timeout=120, env=kernel_env())
    assert reported_statuses(notebook) == {exercise_id: "correct" for exercise_id in solved_ids}
