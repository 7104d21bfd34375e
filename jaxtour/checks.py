"""The grader's public face: check answers, give hints, show solutions, draw the panel.

Every function here answers with a Feedback or a Note instead of raising, so a
learner's notebook never sees a traceback from the grader itself::

    from jaxtour import checks
    checks.check("01.arange", my_answer)      # -> Feedback
    checks.hint("01.arange", 2)               # -> the second hint
    checks.show("01.arange", lambda: my_answer)  # Check / Hint / Solution buttons
"""

from __future__ import annotations

import contextlib
import difflib
import dis
import io
import sys
import traceback
import types
import warnings
from collections.abc import Callable
from typing import Any

from jaxtour import progress as progress_store
from jaxtour.exercise import Exercise
from jaxtour.exercises import all_exercises
from jaxtour.explain import explain_exception
from jaxtour.feedback import FEEDBACK_MIME, STATUSES, Feedback, Note, Status
from jaxtour.isolation import preserved_world, protected
from jaxtour.limits import TimeLimitExceeded, default_time_limit, set_time_limit, time_limit
from jaxtour.rules import LearnerCodeError, screen

__all__ = [
    "FEEDBACK_MIME",
    "STATUSES",
    "Feedback",
    "Note",
    "UnknownExercise",
    "check",
    "explain",
    "hint",
    "is_placeholder",
    "list_exercises",
    "progress",
    "read_and_check",
    "reference_answer",
    "set_time_limit",
    "show",
    "solution",
]

PLACEHOLDER_MESSAGE = "Replace the ... with your answer, run that cell, then check again."
MAX_MESSAGE_LINES = 15


class UnknownExercise(LookupError):
    """Raised by reference_answer() for an id no lesson declares."""


def list_exercises() -> list[str]:
    """Every exercise id, in lesson order."""
    return list(all_exercises())


def _unknown_message(exercise_id: object) -> str:
    ids = list(all_exercises())
    close = difflib.get_close_matches(str(exercise_id), ids, n=3, cutoff=0.7)
    hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"There is no exercise {exercise_id!r}.{hint} checks.list_exercises() lists them all."


def _lookup(exercise_id: object) -> Exercise | None:
    if not isinstance(exercise_id, str):
        return None
    return all_exercises().get(exercise_id)


def is_placeholder(answer: Any) -> bool:
    """True for the shipped ``...`` and for a function whose body is only ``...`` or pass."""
    if answer is Ellipsis:
        return True
    code = getattr(answer, "__code__", None)
    if not isinstance(code, types.CodeType):
        return False
    ops = [
        (i.opname, i.argval)
        for i in dis.get_instructions(code)
        if i.opname not in ("RESUME", "NOP", "CACHE")
    ]
    # A body of only `...`, `pass` or a docstring compiles to "return None".
    return ops in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def check(exercise_id: str, answer: Any) -> Feedback:
    """Check ``answer`` for ``exercise_id``. Never raises; see Feedback for the outcome."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Feedback(str(exercise_id), "error", _unknown_message(exercise_id))
    try:
        feedback = _check(exercise, answer)
    except BaseException:  # the grader must never raise into the notebook
        feedback = _feedback(
            exercise,
            "error",
            "The grader itself failed on this answer. That is a bug in jaxtour, not in "
            "your code; the details say where.",
            details=traceback.format_exc(),
        )
    progress_store.record(exercise.id, feedback.status, feedback.mistake)  # never raises
    return feedback


def _feedback(exercise: Exercise, status: Status, message: str, **extra: Any) -> Feedback:
    lines = message.splitlines()
    if len(lines) > MAX_MESSAGE_LINES:  # the rest stays one click away
        message = "\n".join(lines[: MAX_MESSAGE_LINES - 1] + ["(The rest is in the details.)"])
        extra["details"] = "\n".join(lines) + (
            "\n\n" + extra["details"] if extra.get("details") else ""
        )
    return Feedback(exercise.id, status, message, title=exercise.title, **extra)


def _check(exercise: Exercise, answer: Any) -> Feedback:
    if is_placeholder(answer):
        return _feedback(exercise, "unattempted", PLACEHOLDER_MESSAGE)
    limit = exercise.time_limit_s or default_time_limit()
    captured = io.StringIO()
    with (
        preserved_world(),
        warnings.catch_warnings(record=True) as caught,
        contextlib.redirect_stdout(captured),
        contextlib.redirect_stderr(captured),
    ):
        warnings.simplefilter("always")
        # The reference is the grader's own code: build and warm it up (compile the jnp
        # operations it uses) outside the clock, so the limit is spent on the learner's code.
        expected = exercise.reference()
        warm_up = getattr(exercise.rule, "warm_up", None)
        if warm_up is not None:
            warm_up(expected)
        try:
            with time_limit(limit):
                feedback = _judge(exercise, protected(answer), expected)
        except TimeLimitExceeded:
            feedback = _feedback(
                exercise,
                "timeout",
                f"Checking took longer than {limit:g} s, so it was stopped. "
                "Look for a loop that never ends.",
            )
    return _with_captured(feedback, captured.getvalue(), caught)


def _judge(exercise: Exercise, answer: Any, expected: Any) -> Feedback:
    problem = screen(answer)
    if problem:
        return _feedback(exercise, "incorrect", problem)
    for mistake in exercise.mistakes:
        try:
            matched = bool(mistake.matches(answer))
        except Exception:  # a predicate that cannot apply simply does not match
            matched = False
        if matched:
            return _feedback(exercise, "incorrect", mistake.message, mistake=mistake.id)
    try:
        problem = exercise.rule(answer, expected)
    except LearnerCodeError as exc:
        return _feedback(exercise, "error", exc.message(), details=exc.details)
    except Exception as exc:  # the answer's own methods (__array__, __len__, ...) raised
        return _feedback(
            exercise,
            "error",
            f"Your answer could not be checked: using it raised {_one_line(exc)}",
            details=traceback.format_exc(),
        )
    if problem:
        return _feedback(exercise, "incorrect", problem)
    return _feedback(exercise, "correct", exercise.success)


def _one_line(exc: BaseException) -> str:
    try:
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    except Exception:
        text = ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _with_captured(feedback: Feedback, output: str, caught: list) -> Feedback:
    """Fold what the learner's code printed or warned into the feedback."""
    extra = []
    if output.strip():
        extra.append("Your code printed:\n" + output.rstrip())
    warned = sorted({f"{item.category.__name__}: {item.message}" for item in caught})
    extra += [f"Warning from your code: {text}" for text in warned]
    if not extra:
        return feedback
    message = feedback.message
    if warned:
        plural = "s" if len(warned) > 1 else ""
        message += f"\n(Your code raised {len(warned)} warning{plural}; the details show them.)"
    details = "\n\n".join(([feedback.details] if feedback.details else []) + extra)
    return Feedback(
        feedback.exercise_id,
        feedback.status,
        message,
        title=feedback.title,
        mistake=feedback.mistake,
        details=details,
    )


def hint(exercise_id: str, level: int = 1) -> Note:
    """Hint number ``level`` (1 is the gentlest); later hints are more specific."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note("Unknown exercise", _unknown_message(exercise_id))
    count = len(exercise.hints)
    try:
        wanted = int(level)
    except (TypeError, ValueError):
        wanted = 1
    shown = min(max(wanted, 1), count)
    heading = f"Hint {shown} of {count} for {exercise.id}"
    body = exercise.hints[shown - 1]
    if wanted > count:
        body += (
            f"\n(There are only {count} hints; checks.solution({exercise.id!r}) shows the answer.)"
        )
    return Note(heading, body)


def solution(exercise_id: str) -> Note:
    """The solution code for ``exercise_id``."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note("Unknown exercise", _unknown_message(exercise_id))
    return Note(f"Solution for {exercise.id}", exercise.solution, code=True)


def reference_answer(exercise_id: str) -> Any:
    """An answer that passes ``check(exercise_id, ...)``; raises UnknownExercise for bad ids."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        raise UnknownExercise(_unknown_message(exercise_id))
    return exercise.reference()


def read_and_check(exercise_id: str, get_answer: Callable[[], Any]) -> Feedback:
    """Call ``get_answer()`` (usually a lambda naming the learner's variable), then check it."""
    try:
        answer = get_answer()
    except Exception as exc:
        exercise = _lookup(exercise_id)
        message = f"Your answer could not be read: {_one_line(exc)}."
        explanation = explain_exception(exc)
        message += (
            "\n" + explanation.text() if explanation else " Run the exercise cell above first."
        )
        if exercise is None:
            return Feedback(str(exercise_id), "error", _unknown_message(exercise_id))
        return _feedback(exercise, "error", message)
    return check(exercise_id, answer)


def explain(error: BaseException | None = None) -> Note:
    """Explain a JAX error in plain words: ``error``, or else the last one in this kernel."""
    if error is None:
        error = getattr(sys, "last_value", None) or getattr(sys, "last_exc", None)
    if error is None:
        return Note("Nothing to explain", "No error has been raised in this session yet.")
    explanation = explain_exception(error)
    if explanation is None:
        return Note(
            f"About {_one_line(error)}",
            "jaxtour has no explanation for this error. JAX's list of common errors: "
            "https://docs.jax.dev/en/latest/errors.html",
        )
    return Note(f"About {_one_line(error)}", explanation.text())


def progress() -> Note:
    """How many exercises of each lesson you attempted and passed, from the progress store."""
    try:
        rows = progress_store.by_lesson()
    except Exception as exc:
        return Note("Progress", f"The progress store could not be read: {_one_line(exc)}")
    where = progress_store.store_path()
    note = "" if progress_store.enabled() else "\n(Recording is off: JAXTOUR_PROGRESS=off.)"
    return Note(
        "Your progress", f"{progress_store.table_text(rows)}\n\nStored in {where}{note}", code=True
    )


def show(exercise_id: str, get_answer: Callable[[], Any]) -> None:
    """Check the current answer and show it with Check, Hint and Solution buttons.

    ``get_answer`` is re-read on every press of Check. Without a widget front end
    (plain Python, nbval) the same feedback appears as static HTML or text.
    """
    feedback = read_and_check(exercise_id, get_answer)
    try:
        from jaxtour.widgets import display_panel

        display_panel(exercise_id, get_answer, feedback)
    except Exception:
        print(feedback.text())
