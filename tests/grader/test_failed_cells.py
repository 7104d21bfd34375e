"""A failed exercise cell is named, in a real IPython session, and nothing is graded.

The learner ran ``x = ...`` once, then edited the cell and ran it again: it raised, so
the variable still holds the earlier run's value. The check must show the error.
"""

from __future__ import annotations

import sys

import pytest
from IPython.core.interactiveshell import InteractiveShell

from jaxtour.grader import cells

RIGHT = "first = jnp.array([1.0, 2.0, 3.0])"


@pytest.fixture
def shell(monkeypatch):
    monkeypatch.delattr(sys, "last_value", raising=False)
    monkeypatch.setattr(cells, "_failed", {})
    made_here = not InteractiveShell.initialized()
    shell = InteractiveShell.instance()
    if not made_here:  # another test's shell: reset (its display hook runs gc.collect, 0.2 s)
        shell.reset()
    shell.run_cell("import jax.numpy as jnp\nfrom jaxtour import checks", store_history=True)
    yield shell
    cells._watched.discard(id(shell))
    for callback in list(shell.events.callbacks["post_run_cell"]):
        if callback is cells._record:
            shell.events.unregister("post_run_cell", callback)
    shell.reset()
    InteractiveShell.clear_instance()  # later tests run outside IPython again


def run(shell, source: str):
    return shell.run_cell(source, store_history=True)


def check(shell, exercise_id="00.first_array", name="first"):
    run(shell, f"_feedback = checks.read_and_check({exercise_id!r}, lambda: {name})")
    return shell.user_ns["_feedback"]


def test_a_stale_value_is_not_graded_when_the_edited_cell_raised(shell):
    run(shell, RIGHT)
    assert check(shell).passed
    run(shell, "first = jnp.arary([1.0, 2.0, 3.0])")
    feedback = check(shell)
    assert feedback.status == "error"
    assert "Your exercise cell raised AttributeError" in feedback.message
    assert "Nothing was checked" in feedback.message


def test_a_cell_that_raised_before_the_hook_was_installed_is_found_from_the_last_error(shell):
    run(shell, RIGHT)
    run(shell, "first = jnp.array([1.0, 2.0, 3.0])\nfirst[0] = 5.0")  # assigns, then raises
    feedback = check(shell)
    assert feedback.status == "error"
    assert ".at[" in feedback.message  # the immutable-array explanation


def test_a_later_unrelated_error_does_not_hide_the_failed_exercise_cell(shell):
    run(shell, RIGHT)
    check(shell)  # the session is now watched
    run(shell, "first = jnp.array([1.0, 2.0, 3.0]) +")  # a syntax error
    run(shell, "1 / 0")
    feedback = check(shell)
    assert "Your exercise cell raised SyntaxError" in feedback.message


@pytest.mark.parametrize(
    "broken",
    [
        "first: jax.Array = jnp.array([1.0, 2.0, 3.0]) @ None",
        "for first in [jnp.array([1.0, 2.0, 3.0])]:\n    raise ValueError('no')",
        "first, other = jnp.array([1.0, 2.0, 3.0]), undefined_name",
        "first += undefined_name",
        "def helper():\n    return 1\nfirst = helper(2)",
    ],
)
def test_every_way_of_assigning_counts(shell, broken):
    run(shell, RIGHT)
    check(shell)
    run(shell, broken)
    assert check(shell).status == "error"


def test_an_error_in_another_cell_is_not_blamed_on_the_exercise(shell):
    run(shell, RIGHT)
    run(shell, "def f():\n    first = 1\n    return first / 0\nf()")  # a local, not the answer
    run(shell, "1 / 0")
    assert check(shell).passed


def test_once_the_cell_is_fixed_and_run_the_answer_is_graded(shell):
    run(shell, "first = jnp.arary([1.0])")
    assert check(shell).status == "error"
    run(shell, "first = jnp.array([9.0, 9.0, 9.0])")
    assert check(shell).status == "incorrect"
    run(shell, RIGHT)
    assert check(shell).passed


def test_the_check_cell_itself_failing_is_not_the_exercise_cell(shell):
    run(shell, RIGHT)
    run(shell, "checks.read_and_check('00.first_array', lambda: first); 1 / 0")
    assert check(shell).passed
