"""Issue 34 item 2, for lessons 07-09: no message a learner sees before passing (a declared
mistake's message) contains code that passes. Every span of a message that compiles as
a Python expression and reads the exercise's own parameters is typed in as the answer's
body, ``lambda <the reference's parameters>: <span>``, and checked: none may pass."""

from __future__ import annotations

import ast
import inspect
import re

import pytest

from jaxtour import checks
from jaxtour.exercises import lesson07, lesson08, lesson09

EXERCISES = [e for m in (lesson07, lesson08, lesson09) for e in m.EXERCISES]


def _parameters(exercise) -> list[str] | None:
    try:
        reference = exercise.reference()
    except Exception:
        return None
    if not callable(reference):
        return None
    try:
        return list(inspect.signature(reference).parameters)
    except (TypeError, ValueError):
        return None


def _spans(message: str) -> set[str]:
    """Every substring, from a word's start to a delimiter, that is a Python expression
    with an operator or a call in it."""
    starts = [m.start() for m in re.finditer(r"(?<![\w.])[\w(\-\[{]", message)]
    ends = [m.start() for m in re.finditer(r"[:,;.]?(\s|$)", message)]
    found = set()
    for a in starts:
        for b in ends:
            if b <= a or b - a > 120:
                continue
            text = message[a:b].strip()
            try:
                tree = ast.parse(text, mode="eval")
            except SyntaxError:
                continue
            if any(isinstance(n, ast.Call | ast.BinOp | ast.Compare) for n in ast.walk(tree)):
                found.add(text)
    return found


CASES = [
    pytest.param(exercise, mistake, id=f"{exercise.id}:{mistake.id}")
    for exercise in EXERCISES
    for mistake in exercise.mistakes
]


@pytest.mark.parametrize(("exercise", "mistake"), CASES)
def test_no_span_of_a_mistake_message_passes(exercise, mistake):
    names = _parameters(exercise)
    if names is None:
        pytest.skip("the answer is a value, not a function")
    import jax
    import jax.numpy as jnp
    import numpy as np

    namespace = {"jax": jax, "jnp": jnp, "np": np}
    for span in _spans(mistake.message):
        used = {n.id for n in ast.walk(ast.parse(span, mode="eval")) if isinstance(n, ast.Name)}
        if not used & set(names):
            continue  # reads none of the answer's inputs: it cannot compute the answer
        try:
            answer = eval(f"lambda {', '.join(names)}: {span}", namespace)  # noqa: S307
        except Exception:
            continue
        feedback = checks.check(exercise.id, answer)
        assert not feedback.passed, f"{exercise.id} {mistake.id}: {span!r} passes"


def test_the_search_finds_a_passing_span_where_there_is_one():
    """The test above can fail: the old 07.clip_negative message's recipe, typed as a
    body for the reference's parameters, is found and compiles."""
    spans = _spans("Use jnp.where(x < 0, 0.0, x), which works element by element.")
    assert "jnp.where(x < 0, 0.0, x)" in spans
