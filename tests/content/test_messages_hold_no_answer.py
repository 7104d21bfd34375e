"""Issue 34, item 2: feedback names the mistake, never the code that passes.

For the lessons listed in ``LESSONS``, every declared mistake's message (English and
Russian) and the feedback of every corpus answer is cut into the pieces a learner could
type back: backticked spans, quoted strings, calls with their balanced parentheses, and,
for a choice, every word. Each piece is then tried as the answer (for a function
exercise, as the body ``return <piece>`` of a function with the exercise's parameters):
none may pass. Code that passes lives in the hints and the solution, which progress
counts.

The test proves it can fail: the same cutting finds a passing piece in each exercise's
own solution. Other lessons join ``LESSONS`` once their messages have been made to hold.
An exercise whose check starts processes (``needs``) is left out: each try would start
two.
"""

from __future__ import annotations

import ast
import importlib
import re
from typing import Any

import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import by_lesson
from jaxtour.grader.rules import Choice

LESSONS = ("13", "14")

EXERCISES = [
    exercise
    for lesson, exercises in by_lesson().items()
    if lesson[:2] in LESSONS
    for exercise in exercises
    if getattr(exercise, "needs", None) is None
]

_CALL_START = re.compile(r"[A-Za-z_][\w.]*\(")
_QUOTED = re.compile(r"`([^`]+)`|\"([^\"]+)\"|'([^']+)'")


def _calls(text: str) -> list[str]:
    """Every ``name(...)`` in text, with its parentheses balanced, and what follows it up
    to the end of an arithmetic expression (``a(b) / c(d)``)."""
    found = []
    for start in _CALL_START.finditer(text):
        depth, end = 0, None
        for i in range(start.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                end = i + 1
                break
        if end is not None:
            found.append(text[start.start() : end])
    return found


def pieces(text: str, words: bool) -> set[str]:
    found = {next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)}
    found.update(_calls(text))
    found.update(line.strip() for line in text.splitlines() if line.strip())
    if "def " in text:  # a whole function, from its def line on
        found.add(text[text.index("def ") :])
    if words:
        found.update(re.findall(r"[\w.]+", text))
    return {p.strip().rstrip(".,;:") if "\n" not in p else p for p in found if p.strip()}


def _parameters(exercise) -> tuple[str, list[str]] | None:
    """(name, parameters) of the function the solution defines, or None."""
    try:
        tree = ast.parse(exercise.solution)
    except SyntaxError:
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            return node.name, [a.arg for a in node.args.args]
    return None


def _namespace() -> dict[str, Any]:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.experimental import checkify

    return {"jax": jax, "jnp": jnp, "np": np, "checkify": checkify}


def passing_pieces(exercise, text: str) -> list[str]:
    """The pieces of text that, typed as the answer, pass the exercise."""
    choice = isinstance(exercise.rule, Choice)
    signature = None if choice else _parameters(exercise)
    found = pieces(text, words=choice)
    if choice and set(exercise.rule.options) <= found:
        found -= set(exercise.rule.options)  # "one of 'A', 'B' or 'C'" names no answer
    passing = []
    for piece in sorted(found):
        if choice:
            answer = piece
        elif signature is None:
            try:
                answer = eval(piece, _namespace())  # a value: a number, a tuple
            except Exception:
                continue
        else:
            name, parameters = signature
            source = f"def {name}({', '.join(parameters)}):\n    return {piece}\n"
            if piece.startswith("def "):
                source = piece
            namespace = _namespace()
            try:
                exec(compile(source, "<message>", "exec"), namespace)
            except Exception:
                continue
            answer = namespace[name]
        if checks.check(exercise.id, answer).status == "correct":
            passing.append(piece)
    return passing


def _messages(exercise) -> list[str]:
    english = [m.message for m in exercise.mistakes]
    i18n.use_language("ru")
    try:
        russian = [i18n._(message) for message in english]
    finally:
        i18n._chosen[0] = None
    return english + russian


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_no_mistake_message_holds_passing_code(exercise):
    for message in _messages(exercise):
        assert not passing_pieces(exercise, message), (
            f"{exercise.id}: typed back, part of this message passes: {message!r}"
        )


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_no_corpus_feedback_holds_passing_code(exercise):
    corpus = importlib.import_module(f"tests.content.wrong_answers.lesson{exercise.id[:2]}")
    wrongs = [w for w in corpus.WRONG_ANSWERS if w.exercise_id == exercise.id]
    for wrong in wrongs:
        feedback = checks.check(exercise.id, wrong.answer())
        if feedback.status == "correct":
            continue  # the corpus test says so; here only the messages count
        said = feedback.message.replace(repr(wrong.answer()), "")  # the learner's own
        assert not passing_pieces(exercise, said), (
            f"{exercise.id} {wrong.what!r}: part of its feedback passes: {feedback.message!r}"
        )


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_cutting_finds_the_solution(exercise):
    """The test can fail: the solution, put in a message, is found and passes."""
    signature = _parameters(exercise)
    if isinstance(exercise.rule, Choice) or signature is None:
        text = f"Try {exercise.solution.split('=', 1)[-1].strip()} instead."
    else:
        text = f"Write it like this:\n{exercise.solution}"
    assert passing_pieces(exercise, text)
