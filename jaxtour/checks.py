"""The grader's public face: check answers, give hints, show solutions, draw the panel.

Every function here answers with a Feedback or a Note instead of raising, so a
learner's notebook never sees a traceback from the grader itself::

    from jaxtour import checks
    checks.check("01.arange", my_answer)      # -> Feedback
    checks.hint("01.arange", 2)               # -> the second hint
    checks.show("01.arange", lambda: my_answer)  # Check / Hint / Solution buttons
    checks.next()                             # the next exercise to do, or to review
    checks.use_language("ru")                 # feedback in the lesson's language
    checks.variant("06.scale_column")         # the values of your variant of an exercise
    checks.new_variant("06.scale_column")     # a fresh variant, for practice
    checks.variant_values("07.stale_global")  # the same values, as a dict for a cell

    @checks.reveal("05.predict_aux_structure")  # a prediction's reveal cell: it runs
    def demo():                                 # only once the prediction is answered
        return jax.tree.structure(...)
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import os
import sys
from collections.abc import Callable
from typing import Any

from jaxtour import catalog
from jaxtour.display import one_line
from jaxtour.exercises import all_exercises, ids_by_lesson
from jaxtour.exercises import exercise as find_exercise
from jaxtour.grader import process_wide
from jaxtour.grader.cells import failed_cell_assigning, watch_session
from jaxtour.grader.compare import verdict_only, verdicts_only
from jaxtour.grader.explain import explain_exception
from jaxtour.grader.feedback import FEEDBACK_MIME, STATUSES, Feedback, Note
from jaxtour.grader.isolation import guard_file, inside_a_check, lasting_damage, preserved_world
from jaxtour.grader.judge import (
    INTERRUPTED_MESSAGE,
    REVEAL_MESSAGE,
    is_placeholder,
    judge,
    make_feedback,
)
from jaxtour.grader.learner_code import error_in_cell_assigning, read_names
from jaxtour.grader.limits import TimeLimitExceeded, set_time_limit
from jaxtour.grader.panel import PanelActions, build_panel, display_panel
from jaxtour.grader.spec import Exercise
from jaxtour.grader.variants import ENV_VARIANT, fill, number_for, using
from jaxtour.i18n import N_, _, use_language
from jaxtour.learner import progress_store, review
from jaxtour.learner.progress_view import ProgressView, progress_view

__all__ = [
    "FEEDBACK_MIME",
    "STATUSES",
    "Feedback",
    "Note",
    "UnknownExercise",
    "check",
    "expect_error",
    "explain",
    "hint",
    "is_placeholder",
    "list_exercises",
    "new_variant",
    # not "next": a star import would hide the builtin next(); call it as checks.next()
    "panel",
    "progress",
    "read_and_check",
    "reference_answer",
    "reveal",
    "set_time_limit",
    "show",
    "solution",
    "use_language",
    "variant",
    "variant_values",
]


class UnknownExercise(LookupError):
    """Raised by reference_answer() for an id no lesson declares."""


def list_exercises() -> list[str]:
    """Every exercise id, in lesson order."""
    return list(all_exercises())


def _unknown_message(exercise_id: object) -> str:
    ids = list(all_exercises())
    close = difflib.get_close_matches(str(exercise_id), ids, n=3, cutoff=0.7)
    if close:
        message = _(
            "There is no exercise {id}. Did you mean {close}? checks.list_exercises() lists "
            "them all."
        )
    else:
        message = _("There is no exercise {id}. checks.list_exercises() lists them all.")
    return message.format(id=repr(exercise_id), close=", ".join(repr(c) for c in close))


def _answers_the_page(exercise: Exercise, number: int, feedback: Feedback, answer: Any) -> str:
    """A note for an answer refused on the learner's variant that the page's text (variant 0)
    would accept: the numbers alone would not say that the task is another one. Asked only
    of a refusal that names no mistake, so a named mistake keeps its message as it is."""
    if exercise.variants is None or number == 0 or feedback.status != "incorrect":
        return ""
    if feedback.mistake is not None or verdicts_only():  # a verdict alone: no message read
        return ""
    with using(exercise, 0), verdict_only():  # passed or not is all that is asked
        if not judge(exercise, answer).passed:
            return ""
    with using(exercise, number):
        yours = fill(exercise, exercise.variants.shown)
    return _(
        "This answers the page's text (variant 0), not your variant {number}: {yours} "
        "({call} shows it again.)"
    ).format(number=number, yours=yours, call=f"checks.variant({exercise.id!r})")


def _lookup(exercise_id: object) -> Exercise | None:
    if not isinstance(exercise_id, str):
        return None
    return find_exercise(exercise_id)


def check(exercise_id: str, answer: Any) -> Feedback:
    """Check ``answer`` for ``exercise_id``. Never raises; see Feedback for the outcome.

    The whole check runs with the modules the grader reads as they were before any
    learner code (``grader/pristine.py``): a notebook that rebound ``isinstance`` or
    ``jnp.mean`` changes nothing here.
    """
    try:
        return _check(exercise_id, answer)
    except TimeLimitExceeded:  # an enclosing check's limit (an answer that checks): its end
        if inside_a_check():
            raise
        return _failed(exercise_id, RuntimeError("time limit"))
    except KeyboardInterrupt:  # the stop button, in the grader's own steps
        return _failed(exercise_id, None)
    except BaseException as error:  # noqa: BLE001 - the grader's own failure is said, not raised
        return _failed(exercise_id, error)
    finally:
        with contextlib.suppress(BaseException):
            process_wide.check_ended()


def _failed(exercise_id: object, error: BaseException | None) -> Feedback:
    """What the grader says when its own steps failed: what no check can undo made them
    fail (an audit hook an earlier answer added, which raises on every file opened), or
    something else earlier in the kernel did. The kernel is never crashed, whatever the
    hook raises here too (the plain English sentence is the last resort)."""
    try:
        if error is None:
            return Feedback(str(exercise_id), "error", _(INTERRUPTED_MESSAGE))
        damage = lasting_damage()
        if damage:
            return Feedback(str(exercise_id), "error", _damage_message(damage))
        return Feedback(
            str(exercise_id),
            "error",
            _(
                "The grader could not finish this check: {error}. Something earlier in this "
                "kernel changed what the grader runs on; restart the kernel and run the "
                "lesson's cells again."
            ).format(error=one_line(error)),
        )
    except BaseException:  # noqa: BLE001
        return Feedback(
            str(exercise_id),
            "error",
            "The grader could not finish this check. Restart the kernel and run the "
            "lesson's cells again.",
        )


def _damage_message(damage: list[str]) -> str:
    calls = ", ".join(damage)
    if all(name.startswith("jax.tree_util.register_pytree_node(") for name in damage):
        return _(
            "Code run in this kernel called {calls}, which nothing can undo: JAX now "
            "looks inside those values, and no check here can be trusted. Restart "
            "the kernel and run the lesson's cells again."
        ).format(calls=calls)
    return _(
        "Code run in this kernel called {calls}, which nothing can undo while the kernel "
        "runs, so no check here can be trusted. Restart the kernel and run the lesson's "
        "cells again."
    ).format(calls=calls)


def _check(exercise_id: str, answer: Any) -> Feedback:
    process_wide.since_last_check()  # an earlier answer's finalizer, say
    found = process_wide.take_found()
    _guard_the_store()
    with preserved_world():
        damage = lasting_damage()
        if damage:  # no verdict can be trusted in this kernel any more
            return Feedback(str(exercise_id), "error", _damage_message(damage))
        exercise = _lookup(exercise_id)
        if exercise is None:
            return Feedback(str(exercise_id), "error", _unknown_message(exercise_id))
        number = variant_number(exercise)
        tampered: list[str] = []  # the progress store written while the answer ran
        with using(exercise, number), progress_store.held(tampered):
            feedback = judge(exercise, answer)
        if tampered:
            feedback = make_feedback(
                exercise,
                "error",
                _(
                    "This check is refused: your code wrote to the progress store while it "
                    "was checked. jaxtour took out what it wrote and judged nothing. Progress "
                    "is recorded by the checks alone."
                ),
            )
        note = _answers_the_page(exercise, number, feedback, answer)
        if note:
            feedback = dataclasses.replace(feedback, message=f"{note}\n\n{feedback.message}")
        if found:
            note = _(
                "Since the last check, code in this kernel (an earlier answer's __del__, "
                "say) changed {names}; jaxtour put it right before this check."
            ).format(names=", ".join(found))
            feedback = dataclasses.replace(feedback, message=f"{feedback.message}\n\n{note}")
        if exercise.id in _reveals_shown:
            feedback = _without_run_the_reveal(feedback)
        variant = number if exercise.variants is not None else None
        progress_store.record(exercise.id, feedback.status, feedback.mistake, variant)
        if feedback.explanation and not feedback.passed:
            # a wrong prediction was told what happened: a later pass is not unaided
            progress_store.record_help(exercise.id, "solution")
        if feedback.passed or feedback.explanation:
            _revealed.add(exercise.id)
        problem = progress_store.take_problem()  # a store that cannot be written: said once
        if problem:
            feedback = dataclasses.replace(feedback, message=f"{feedback.message}\n\n{problem}")
        return feedback


def _guard_the_store() -> None:
    """The progress store (and its journals) refused to the learner's code while it is
    checked: only the grader records progress (``isolation.guard_file``)."""
    if not progress_store.enabled():
        return
    where = os.environ.get(progress_store.ENV_DIR)
    if _guarded.get("where", False) != where:
        with contextlib.suppress(Exception):
            guard_file(progress_store.store_path())
            _guarded["where"] = where


_guarded: dict[str, str | None] = {}


def _without_run_the_reveal(feedback: Feedback) -> Feedback:
    """``feedback`` without its "Now run the next cell" line: that cell already ran open
    (after a wrong prediction's explanation, say) and shows what JAX does."""
    line = "\n" + _(REVEAL_MESSAGE)
    if not feedback.message.endswith(line):
        return feedback
    return dataclasses.replace(feedback, message=feedback.message[: -len(line)])


def hint(exercise_id: str, level: int = 1) -> Note:
    """Hint number ``level`` (1 is the gentlest); later hints are more specific."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note(_("Unknown exercise"), _unknown_message(exercise_id))
    count = len(exercise.hints)
    try:
        wanted = int(level)
    except (TypeError, ValueError):
        wanted = 1
    shown = min(max(wanted, 1), count)
    progress_store.record_help(exercise.id, "hint", shown)  # never raises
    heading = _("Hint {number} of {count} for {id}").format(
        number=shown, count=count, id=exercise.id
    )
    with using(exercise, variant_number(exercise)):
        body = fill(exercise, exercise.hints[shown - 1])
    if wanted > count:
        body += "\n" + _("(There are only {count} hints; {solution} shows the answer.)").format(
            count=count, solution=f"checks.solution({exercise.id!r})"
        )
    return Note(heading, body)


def solution(exercise_id: str) -> Note:
    """The solution code for ``exercise_id``."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note(_("Unknown exercise"), _unknown_message(exercise_id))
    progress_store.record_help(exercise.id, "solution")  # never raises
    _revealed.add(exercise.id)
    heading = _("Solution for {id}").format(id=exercise.id)
    with using(exercise, variant_number(exercise)):  # comments in the language in use
        return Note(heading, fill(exercise, exercise.solution), code=True)


def reference_answer(exercise_id: str) -> Any:
    """An answer that passes ``check(exercise_id, ...)``; raises UnknownExercise for bad ids.

    Built with the pristine modules, like the grader's own reference. It is the solution
    as a value, so progress counts it as the solution seen, as ``solution`` does (round
    18's sneaky answers handed it in and were recorded as passed unaided).
    """
    answer = _reference(exercise_id)
    progress_store.record_help(exercise_id, "solution")  # never raises
    return answer


def _reference(exercise_id: str) -> Any:
    """reference_answer, unrecorded: the tests' and benchmarks' right answer, whose pass
    they need recorded as unaided."""
    with preserved_world():
        exercise = _lookup(exercise_id)
        if exercise is None:
            raise UnknownExercise(_unknown_message(exercise_id))
        with using(exercise, variant_number(exercise)):
            return exercise.reference()


def fixed_variant() -> int | None:
    """The variant fixed for everyone (``JAXTOUR_VARIANT``: a teacher's lecture, the
    shipped notebooks' 0), or None where each learner gets their own."""
    text = os.environ.get(ENV_VARIANT, "").strip()
    return int(text) if text.isdigit() else None


def variant_number(exercise: Exercise) -> int:
    """The variant of ``exercise`` this learner is asked: the fixed one, else drawn from
    their id, the exercise's id and how often they asked for a new one. 0 for an
    exercise without variants, and where the store cannot be read."""
    if exercise.variants is None:
        return 0
    fixed = fixed_variant()
    if fixed is not None:
        return fixed
    try:
        practice = progress_store.practice_count(exercise.id)
    except Exception:  # a store that cannot be read: the first variant of this learner
        practice = 0
    return number_for(_learner(), exercise.id, practice)


def _learner() -> str:
    if not _learner_ids:
        _learner_ids.append(progress_store.learner_id())
    return _learner_ids[0]


_learner_ids: list[str] = []  # asked once per session: the store keeps the first one made


def variant(exercise_id: str) -> Note:
    """The values of this learner's variant of ``exercise_id``: what the lesson's setup
    cell shows above the exercise (the text of the page names variant 0's)."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note(_("Unknown exercise"), _unknown_message(exercise_id))
    number = variant_number(exercise)
    heading = _("Your task for {id}").format(id=exercise.id)
    if exercise.variants is None:
        return Note(heading, _("{id} has one version only.").format(id=exercise.id))
    with using(exercise, number):
        line = fill(exercise, exercise.variants.shown)
    if fixed_variant() == 0:  # the shipped notebooks, a lecture on the page's values
        more = _(
            "Variant 0, the one the page's text describes. Run this cell to see yours: "
            "unless a teacher fixed one for the class, it may differ."
        )
    elif fixed_variant() is not None:
        more = _("Variant {number}, the same for everyone here.").format(number=number)
    else:
        more = _("Variant {number}; {call} gives you another, for practice.").format(
            number=number, call=f"checks.new_variant({exercise.id!r})"
        )
    return Note(heading, f"{line}\n{more}")


def variant_values(exercise_id: str) -> dict[str, Any]:
    """The values of this learner's variant of ``exercise_id``, as ``variant`` shows them,
    for a lesson cell that computes with them (where a schedule should end); empty for an
    unknown exercise or one with one version only."""
    exercise = _lookup(exercise_id)
    if exercise is None or exercise.variants is None:
        return {}
    with using(exercise, variant_number(exercise)) as chosen:
        return dict(chosen)


def new_variant(exercise_id: str) -> Note:
    """A fresh variant of ``exercise_id``, for practice: its values, to be used in the
    exercise cell (run the setup cell again to see them there). Nothing recorded is
    changed or lost; the store adds one row, and the check judges the new variant."""
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Note(_("Unknown exercise"), _unknown_message(exercise_id))
    if exercise.variants is None:
        return Note(_("No variants"), _("{id} has one version only.").format(id=exercise.id))
    if inside_a_check():  # an answer asking for one would change how later checks judge
        return Note(
            _("No new variant"), _("A new variant is asked for in a cell, not inside a check.")
        )
    if fixed_variant() is not None:
        return Note(
            _("No new variant"),
            _(
                "Variant {number} of every exercise is fixed for everyone here ({env}), so "
                "there is no other to ask for."
            ).format(number=fixed_variant(), env=ENV_VARIANT),
        )
    before = variant_number(exercise)
    progress_store.record_new_variant(exercise.id)  # never raises
    if variant_number(exercise) == before:  # the store could not be written
        problem = progress_store.take_problem() or ""
        return Note(
            _("No new variant"), _("It could not be recorded. {problem}").format(problem=problem)
        )
    return variant(exercise_id)


def read_and_check(exercise_id: str, get_answer: Callable[[], Any]) -> Feedback:
    """Call ``get_answer()`` (usually a lambda naming the learner's variable), then check it.

    When the exercise cell that assigns the answer raised (the learner wrote
    ``x[0] = 123``, or edited ``x = 3.0`` into ``x = jnp.arary(...)``), the feedback shows
    that error, explained, and grades nothing: not a missing answer, not the placeholder,
    and not the value an earlier run of the cell left behind.
    """
    try:
        return _read_and_check(exercise_id, get_answer)
    except KeyboardInterrupt:
        return _failed(exercise_id, None)
    except BaseException as error:  # noqa: BLE001 - as check: the grader never raises
        if isinstance(error, TimeLimitExceeded) and inside_a_check():
            raise
        return _failed(exercise_id, error)


def _read_and_check(exercise_id: str, get_answer: Callable[[], Any]) -> Feedback:
    process_wide.since_last_check()  # before the grader imports anything (the lesson's module)
    exercise = _lookup(exercise_id)
    if exercise is None:
        return Feedback(str(exercise_id), "error", _unknown_message(exercise_id))
    names = read_names(get_answer)
    failed = failed_cell_assigning(names)
    if failed is not None:
        return _cell_error_feedback(exercise, failed)
    try:
        answer = get_answer()
    except Exception as exc:
        cell_error = error_in_cell_assigning(names)
        if cell_error is not None:
            return _cell_error_feedback(exercise, cell_error)
        explanation = explain_exception(exc)
        if explanation:
            message = _("Your answer could not be read: {error}.").format(error=one_line(exc))
            message += "\n" + explanation.text(fix=False)
        else:
            message = _(
                "Your answer could not be read: {error}. Run the exercise cell above first."
            ).format(error=one_line(exc))
        return make_feedback(exercise, "error", message)
    if is_placeholder(answer):
        cell_error = error_in_cell_assigning(names)
        if cell_error is not None:
            return _cell_error_feedback(exercise, cell_error)
    return check(exercise_id, answer)


def _cell_error_feedback(exercise: Exercise, error: BaseException) -> Feedback:
    message = _("Your exercise cell raised {error}").format(error=one_line(error))
    explanation = explain_exception(error)
    message += "\n" + (
        explanation.text(fix=False) if explanation else _("Fix that cell and run it again.")
    )
    message += "\n" + _(
        "Nothing was checked: an answer left by an earlier run is not what the cell says."
    )
    return make_feedback(exercise, "error", message)


def explain(error: BaseException | None = None) -> Note:
    """Explain a JAX error in plain words: ``error``, or else the last one in this kernel."""
    if error is None:
        error = getattr(sys, "last_value", None) or getattr(sys, "last_exc", None)
    if error is None:
        return Note(_("Nothing to explain"), _("No error has been raised in this session yet."))
    explanation = explain_exception(error)
    heading = _("About {error}").format(error=one_line(error))
    if explanation is None:
        return Note(
            heading,
            _(
                "jaxtour has no explanation for this error. JAX's list of common errors: "
                "https://docs.jax.dev/en/latest/errors.html"
            ),
        )
    return Note(heading, explanation.text())


class expect_error:  # noqa: N801 - used as `with expect_error():`, like a statement
    """Run a cell's code that should fail, and show the error short, with what it means.

        with checks.expect_error():
            x[0] = 123

    A deliberate mistake in a lesson shows its error's type and the first lines of its
    message (no screens of JAX internals), then jaxtour's explanation when it has one.
    Code that does not fail says so, so a JAX that stops raising cannot go unnoticed.
    """

    MESSAGE_LINES = 3

    def __enter__(self) -> expect_error:
        return self

    def __exit__(self, kind, error, traceback) -> bool:
        if error is None:
            _show(Note(_("No error"), _("This code was expected to fail, but it ran without one.")))
            return False
        if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit: let them go
            return False
        lines = str(error).strip().splitlines() or [""]
        shown = lines[: self.MESSAGE_LINES] + (["..."] if len(lines) > self.MESSAGE_LINES else [])
        body = f"{type(error).__name__}: " + "\n".join(shown)
        explanation = explain_exception(error)
        if explanation is not None:
            body += "\n\n" + _("What it means: {explanation}").format(
                explanation=explanation.text()
            )
        _show(Note(_("The error, as expected"), body))
        return True


# Every reveal runs where this is "open": the build's (tools/build_lessons.py), so that
# .reveals/ holds what each reveal shows once it is open.
ENV_REVEALS = "JAXTOUR_REVEALS"
_revealed: set[str] = set()  # exercises this kernel passed, or saw the answer of
_reveals_shown: set[str] = set()  # exercises whose reveal cell ran open in this kernel
CLOSED_REVEAL = N_(
    "This cell shows what JAX does for {id}. Answer {id} above first (press its Check), "
    "then run this cell again."
)


def reveal(exercise_id: str) -> Callable[[Callable[[], Any]], None]:
    """Decorate the body of a prediction's reveal cell (the cell after its check that
    shows JAX doing it), so that Run All cannot settle the prediction before it is
    answered::

        @checks.reveal("05.predict_aux_structure")
        def demo():
            result = jax.value_and_grad(loss, argnums=(0, 1), has_aux=True)(x, y)
            return jax.tree.structure(result)  # shown, as a cell's last value is

    The body runs, and what it returns (unless None) is displayed, once the exercise is
    passed or its answer was shown: a judged prediction that named an option (right or
    wrong: a wrong one is told what happened), or its solution; in this kernel or in the
    learner's progress store. Before that the cell prints one line saying to answer first.
    The decorated name (``demo``, not ``_``: IPython keeps the last output there) is
    bound to None: a reveal defines nothing that later cells use.
    """

    def run(body: Callable[[], Any]) -> None:
        exercise = _lookup(exercise_id)
        if exercise is None:
            print(_unknown_message(exercise_id))
            return None
        if not _reveal_open(exercise.id):
            print(_(CLOSED_REVEAL).format(id=exercise.id))
            return None
        value = body()
        _reveals_shown.add(exercise.id)
        if value is not None:
            try:
                from IPython.display import display

                display(value)
            except ImportError:
                print(repr(value))
        return None

    return run


def _reveal_open(exercise_id: str) -> bool:
    if os.environ.get(ENV_REVEALS, "").strip().lower() == "open" or exercise_id in _revealed:
        return True
    if not progress_store.enabled():  # a build, a test: no learner's store is read
        return False
    try:  # earned in an earlier session
        return progress_store.passed_or_solution_shown(exercise_id)
    except Exception:  # a store that cannot be read: this kernel's answers only
        return False


def _show(note: Note) -> None:
    try:
        from IPython.display import display

        display(note)
    except ImportError:
        print(note.text())


def progress(lesson: str | None = None) -> ProgressView | Note:
    """Your progress through the tour, as bars; with ``lesson`` ("03"), its exercises too."""
    try:
        return progress_view(ids_by_lesson(), lesson)
    except Exception as exc:  # an unknown lesson, a store that cannot be read
        return Note(
            _("Progress"),
            _("Your progress could not be shown: {error}").format(error=one_line(exc)),
        )


def next() -> Note:  # noqa: A001 - checks.next(), as `jaxtour next`
    """The next thing to do: an exercise due for review (passed after a hint or the
    solution, or long ago: ``jaxtour.learner.review``), else the first one not passed
    yet, in the tour's order; with its lesson file (beside this one)."""
    heading = _("Next")
    try:
        now = review.now()
        ids = ids_by_lesson()
        history = progress_store.history()
        steps = review.plan(ids, history, now)
        if not steps:
            return Note(heading, review.nothing_left(review.reviews(ids, history), now))
        step = steps[0]
        lines = [review.why(step, now), review.where(step, catalog.find(step.lesson).notebook)]
        fresh = review_variant(step.exercise) if step.kind == "review" else None
        if fresh:
            lines.append(fresh)
        more = review.more_due(steps)
        return Note(heading, "\n".join([*lines, more] if more else lines))
    except Exception as exc:  # a store that cannot be read
        return Note(
            heading,
            _("What to do next could not be found: {error}").format(error=one_line(exc)),
        )


def review_variant(exercise_id: str) -> str | None:
    """For a review of ``exercise_id`` (``checks.next``, ``jaxtour next``), which variant
    to solve: a fresh one if this learner passed the one they have (a practice request is
    recorded, as ``new_variant`` does), else the one not passed yet; None for an exercise
    with one version, where a variant is fixed for everyone, or where the store cannot be
    written (the same variant then comes back)."""
    exercise = _lookup(exercise_id)
    if exercise is None or exercise.variants is None or fixed_variant() is not None:
        return None
    try:
        passed = progress_store.passed_variants().get(exercise.id, [])
    except Exception:  # a store that cannot be read
        return None
    number = variant_number(exercise)
    if number in passed:
        progress_store.record_new_variant(exercise.id)  # never raises
        number = variant_number(exercise)
        if number in passed:
            return None
    return _(
        "It comes back as a variant you have not solved ({number}): run the cell above it, "
        "{call}, to see your values."
    ).format(number=number, call=f"checks.variant({exercise.id!r})")


def show(exercise_id: str, get_answer: Callable[[], Any]) -> None:
    """Check the current answer and show it with Check, Hint and Solution buttons.

    ``get_answer`` is re-read on every press of Check. Without a widget front end
    (plain Python, nbval) the same feedback appears as static HTML or text.

    An interrupt (Jupyter's stop button) during the check shows "Checking was
    interrupted" and is then raised again, so that the rest of the cell stops as it does
    everywhere else in Jupyter. ``check`` and ``read_and_check`` only return it.
    """
    feedback = read_and_check(exercise_id, get_answer)
    display_panel(feedback, _panel_actions(exercise_id, get_answer))
    if feedback.status == "error" and feedback.message.startswith(_(INTERRUPTED_MESSAGE)):
        raise KeyboardInterrupt(_("the check was interrupted"))


def panel(exercise_id: str, get_answer: Callable[[], Any], feedback: Feedback | None = None):
    """The Check / Hint / Solution widget for an exercise, built but not displayed.

    Returns None where ipywidgets cannot be imported. ``show`` displays the same panel.
    """
    if feedback is None:
        feedback = read_and_check(exercise_id, get_answer)
    return build_panel(feedback, _panel_actions(exercise_id, get_answer))


def _panel_actions(exercise_id: str, get_answer: Callable[[], Any]) -> PanelActions:
    """What the panel's buttons do: the panel itself knows nothing of exercises."""
    exercise = _lookup(exercise_id)
    varies = exercise is not None and exercise.variants is not None and fixed_variant() is None
    return PanelActions(
        check=lambda: read_and_check(exercise_id, get_answer),
        hint=lambda level: hint(exercise_id, level),
        solution=lambda: solution(exercise_id),
        hint_count=len(exercise.hints) if exercise else 0,
        new_variant=(lambda: new_variant(exercise_id)) if varies else None,
    )


watch_session()  # from this import on, every cell that raises is remembered
