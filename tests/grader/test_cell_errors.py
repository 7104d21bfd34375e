"""When the exercise cell itself raised, the check shows that error, explained."""

from __future__ import annotations

import itertools
import linecache
import sys

import pytest

from jaxtour import checks

_cells = itertools.count()


def run_cell(source: str, namespace: dict) -> None:
    """Run ``source`` as IPython runs a cell: its own file name in linecache, and an
    uncaught error kept in sys.last_value."""
    name = f"/tmp/ipykernel_0/{next(_cells)}.py"
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    try:
        exec(compile(source, name, "exec"), namespace)
    except Exception as exc:
        sys.last_value = exc


@pytest.fixture
def session(monkeypatch):
    monkeypatch.delattr(sys, "last_value", raising=False)
    namespace = {"__name__": "__main__"}
    run_cell("import jax.numpy as jnp\nx = jnp.array([7, 2, 9, 4, -1])\nswap_ends = ...", namespace)
    return namespace


def check_y(namespace):
    get_answer = eval("lambda: swap_ends", namespace)  # the global, as a check cell reads it
    return checks.read_and_check("06.set_first", get_answer)


def test_an_exercise_cell_that_raised_is_shown_with_its_explanation(session):
    run_cell("x[0], x[-1] = x[-1], x[0]\nswap_ends = lambda x: x", session)
    feedback = check_y(session)
    assert feedback.status == "error"
    assert "Your exercise cell raised TypeError" in feedback.message
    assert ".at[" in feedback.message  # the immutable-array explanation


def test_a_missing_answer_after_the_cell_raised_shows_the_error_too(session):
    del session["swap_ends"]
    run_cell("swap_ends = jnp.array([1, 2, 3])\nswap_ends[0] = 123", session)  # not the case
    session.pop("swap_ends")
    run_cell("x[0], x[-1] = x[-1], x[0]\nswap_ends = lambda x: x", session)
    feedback = check_y(session)
    assert "Your exercise cell raised TypeError" in feedback.message


def test_an_error_from_another_cell_is_not_blamed_on_the_exercise(session):
    run_cell("z = 1 / 0", session)
    feedback = check_y(session)
    assert feedback.status == "unattempted"


def test_once_the_cell_is_fixed_the_answer_is_checked(session):
    run_cell("x[0], x[-1] = x[-1], x[0]\nswap_ends = lambda x: x", session)
    run_cell("def swap_ends(x):\n    return x.at[0].set(x[-1]).at[-1].set(x[0])", session)
    assert check_y(session).passed
