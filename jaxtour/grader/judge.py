"""The check pipeline: one answer to one exercise in, one Feedback out, never an exception.

``judge(exercise, answer)``: the placeholder test (under the time limit, like all that
touches the answer), then, inside a preserved world and under the time limit, the screen
and the rule; then the declared mistakes in order, the first match wins. An answer the
rule accepts can still make a mistake the rule cannot express (a Python loop where none
was allowed): such a mistake is declared ``also_accepted`` and looked for in accepted
answers too. Every other mistake explains a refusal, so it is looked for only in an
answer the rule refused, and its example is built only then, off the clock. A right
answer therefore never pays for the wrong answers' compilation or predicates, and a
wrong one only for the cases a comparison reads: the reference's and the examples'
outputs are computed case by case as a rule reads them (``rules.outputs_on``), and a
rule stops at the first case that differs. Where the backend compiles Pallas kernels, a
refused kernel answer's mistakes that read interpret mode's NaN are asked of the answer
with its kernels interpreted (``interprets_after_refusal``). The time
limit counts the learner's own time, not JAX's compiling (``limits.py``); a stopped
check says what was slow (``too_slow``). What the learner's code printed or warned is
folded into the feedback's details.
"""

from __future__ import annotations

import contextlib
import dataclasses
import dis
import io
import traceback
import types
import warnings
from typing import Any

from jaxtour.display import one_line
from jaxtour.grader.compare import verdict_only, verdicts_only
from jaxtour.grader.feedback import Feedback, Status
from jaxtour.grader.host_work import calls as host_calls
from jaxtour.grader.host_work import install as count_host_calls
from jaxtour.grader.isolation import preserved_world, record_kept
from jaxtour.grader.kernels import (
    compiles_kernels,
    explains_out_of_range,
    guarded_inputs,
    interpreted,
    needs_interpreted,
)
from jaxtour.grader.learner_code import LearnerCodeError, screen
from jaxtour.grader.limits import (
    LATE_S,
    Limit,
    TimeLimitExceeded,
    default_time_limit,
    paused,
    time_limit,
)
from jaxtour.grader.mistakes import reads_code_only
from jaxtour.grader.obstacles import describe_changes, session_obstacles
from jaxtour.grader.plain import NotPlain, plain
from jaxtour.grader.rules import explained_later, one_check
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import fill
from jaxtour.grader.variants import key as variant_key
from jaxtour.i18n import N_, _, ngettext
from jaxtour.lazy import jax

UNINTERRUPTIBLE_S = 2.0  # a stop held up this long waited for one call to return

__all__ = [
    "INTERRUPTED_MESSAGE",
    "MAX_MESSAGE_LINES",
    "PLACEHOLDER_MESSAGE",
    "REVEAL_MESSAGE",
    "asked_before_the_rule",
    "is_placeholder",
    "judge",
    "make_feedback",
    "too_slow",
]

# Messages in English, translated where they are shown (``_(PLACEHOLDER_MESSAGE)``).
PLACEHOLDER_MESSAGE = N_("Replace the `...` with your answer, run that cell, then check again.")
REVEAL_MESSAGE = N_("Now run the next cell and see what JAX does.")
MAX_MESSAGE_LINES = 15
HOST_CALLBACK_MESSAGE = N_(
    "Your code hands work to Python on the host: a jax.pure_callback (or io_callback) ran "
    "while it was checked. What a callback computes, with NumPy or anything else, JAX "
    "neither traces, differentiates nor compiles; the values can be right, but the "
    "exercise asks for JAX code that computes them."
)


def is_placeholder(answer: Any) -> bool:
    """True for the shipped ``...`` and for a function whose body is only ``...`` or pass."""
    if answer is Ellipsis:
        return True
    if type(answer) is not types.FunctionType:  # never the answer's own __getattr__
        return False
    code = answer.__code__
    ops = [
        (i.opname, i.argval)
        for i in dis.get_instructions(code)
        if i.opname not in ("RESUME", "NOP", "CACHE")
    ]
    # A body of only `...`, `pass` or a docstring compiles to "return None".
    return ops in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def make_feedback(exercise: Exercise, status: Status, message: str, **extra: Any) -> Feedback:
    """A Feedback for ``exercise``; a long message keeps its head, the rest goes to details."""
    lines = message.splitlines()
    if len(lines) > MAX_MESSAGE_LINES:  # the rest stays one click away
        message = "\n".join(lines[: MAX_MESSAGE_LINES - 1] + [_("(The rest is in the details.)")])
        extra["details"] = "\n".join(lines) + (
            "\n\n" + extra["details"] if extra.get("details") else ""
        )
    return Feedback(exercise.id, status, message, title=_(exercise.title), **extra)


INTERRUPTED_MESSAGE = N_("Checking was interrupted, so nothing was judged. Run the check again.")


def judge(exercise: Exercise, answer: Any) -> Feedback:
    """Check ``answer`` against ``exercise``. Never raises.

    An interrupt (the stop button: KeyboardInterrupt) ends the check with
    INTERRUPTED_MESSAGE; ``checks.show`` raises it again once the panel is shown.
    """
    changed: list[str] = []
    try:
        feedback = _judge(exercise, answer, changed)
    except KeyboardInterrupt:
        return make_feedback(exercise, "error", _(INTERRUPTED_MESSAGE))
    except TimeLimitExceeded:  # an outer check's limit (the answer checks itself): its own
        raise
    except SystemExit:
        return make_feedback(
            exercise,
            "error",
            _(
                "Your code called sys.exit() (or exit()) while it was checked, so nothing was "
                "judged. A function should return its result instead."
            ),
        )
    except BaseException:  # the grader must never raise into the notebook
        return _failed(exercise, changed, traceback.format_exc())
    if changed:
        return _refused(exercise, changed)
    return _sent_to_the_reveal(exercise, answer, feedback)


def _refused(exercise: Exercise, changed: list[str], details: str | None = None) -> Feedback:
    what = describe_changes(changed, "check")
    return make_feedback(
        exercise,
        "error",
        _(
            "This check is refused: {what}. jaxtour put them back and judged nothing. An "
            "answer computes its result; it must not change NumPy, JAX, jaxtour, time, "
            "Python's builtins or the session's settings."
        ).format(what=what),
        details=details,
    )


def _failed(exercise: Exercise, changed: list[str], details: str) -> Feedback:
    """The check could not finish: name what in the session is in the way, if anything."""
    if changed:
        return _refused(exercise, changed, details)
    obstacles = session_obstacles()
    if obstacles:
        return make_feedback(
            exercise,
            "error",
            _(
                "Checking failed because of something in this session: {obstacles}. Undo "
                "that (or restart the kernel), then check again."
            ).format(obstacles="; ".join(obstacles)),
            details=details,
        )
    return make_feedback(
        exercise,
        "error",
        _(
            "The grader itself failed on this answer. That is a bug in jaxtour, not in "
            "your code; the details say where."
        ),
        details=details,
    )


def _sent_to_the_reveal(exercise: Exercise, answer: Any, feedback: Feedback) -> Feedback:
    """A judged prediction (right or wrong) says what happened and points at the cell that
    shows it; a slip (no option named) gets neither, as it predicted nothing."""
    if not exercise.prediction or feedback.status not in ("correct", "incorrect"):
        return feedback
    if feedback.status == "incorrect" and not _names_an_option(exercise, answer):
        return feedback
    return dataclasses.replace(
        feedback,
        message=f"{feedback.message}\n{_(REVEAL_MESSAGE)}",
        explanation=_(exercise.explanation),
    )


def _names_an_option(exercise: Exercise, answer: Any) -> bool:
    try:  # the rule has read this answer once already, under the check's limit
        return exercise.rule.read(answer) is not None
    except Exception:
        return False


def _missing(exercise: Exercise) -> str | None:
    """What the session lacks before ``exercise`` can be judged (``Exercise.needs``)."""
    return None if exercise.needs is None else exercise.needs()


def _judge(exercise: Exercise, answer: Any, changed: list[str]) -> Feedback:
    limit = exercise.time_limit_s or default_time_limit()
    try:  # even the placeholder test is bounded: nothing of the answer's may hang a check
        with time_limit(limit) as running:
            placeholder = is_placeholder(answer)
    except TimeLimitExceeded as exc:
        if exc.limit is not running:
            raise
        return too_slow(exercise, running, limit)
    if placeholder:
        return make_feedback(exercise, "unattempted", _(PLACEHOLDER_MESSAGE))
    missing = _missing(exercise)
    if missing is not None:
        return make_feedback(exercise, "unattempted", missing)
    _backend_started()
    captured = _Captured()
    record_kept(exercise)  # what an earlier answer changed of it is put back, unnamed
    with (
        _record_watched(exercise, changed),
        preserved_world(changed),
        warnings.catch_warnings(record=True) as caught,
        contextlib.redirect_stdout(captured),
        contextlib.redirect_stderr(captured),
    ):
        warnings.simplefilter("always")
        # The reference is the grader's own code: build and warm it up (compile the jnp
        # operations it uses) outside the clock, so the limit is spent on the learner's.
        expected = exercise.reference()
        _warm_up(exercise, expected)
        try:
            with time_limit(limit) as running:
                feedback = _verdict(exercise, answer, expected)
        except TimeLimitExceeded as exc:
            if exc.limit is not running:  # an outer check's limit: it ends that check
                raise
            feedback = too_slow(exercise, running, limit)
        else:
            if running is not None and running.overran():  # the stop was caught or ignored
                feedback = too_slow(exercise, running, limit)
    return _with_captured(feedback, captured.getvalue(), caught)


def _backend_started() -> None:
    """Start JAX's backend, once per process, before the window in which whatever changes
    is the answer's doing: starting it registers JAX's own monitoring listeners and a gc
    callback, and a right answer whose check was the session's first JAX work was refused
    for them. A backend that cannot start (a chip held by another process) fails inside the
    check, where its error is explained."""
    try:
        jax.devices()
    except Exception:
        pass


@contextlib.contextmanager
def _record_watched(exercise: Exercise, changed: list[str]) -> Any:
    """The exercise's record (and mistakes) as the check found them: what the answer
    changed is put back and named."""
    try:
        yield
    finally:
        changed.extend(record_kept(exercise))


def too_slow(exercise: Exercise, limit: Limit | None, seconds: float) -> Feedback:
    """A check stopped by its time limit, saying what was slow and how to tell.

    ``mistake`` names the kind: ``uninterruptible`` (one call Python cannot interrupt ran
    on past the limit), ``compiles-every-call`` (the wall-time ceiling was reached while
    most of the time went to compiling), ``slow-python`` (the learner's own code ran past
    the limit: a loop that is too long or never ends), ``caught-the-stop`` (it ran past
    the limit and caught the exception that stops it).
    """
    if limit is None:  # no figures (cannot happen with SIGALRM): the plain sentence
        return make_feedback(
            exercise,
            "timeout",
            _("Checking took longer than {seconds} s, so it was stopped.").format(
                seconds=f"{seconds:g}"
            ),
        )
    if limit.caught:
        return make_feedback(
            exercise,
            "timeout",
            _(
                "Checking took longer than {seconds} s of your code's own time, so jaxtour "
                "stopped it, and your code caught the stop and ran on: a bare except: or an "
                "except BaseException: around a long loop catches what should end it. Catch "
                "Exception (or the error you expect) instead, and make the loop shorter."
            ).format(seconds=f"{seconds:g}"),
            mistake="caught-the-stop",
        )
    # Held up past the limit by more than any load delays a signal handler (2 s), or by
    # more than the limit itself: one call Python could not interrupt (round 20's 20 s
    # C loop against a 10 s limit was late by exactly the limit, and told "slow Python").
    if limit.late_s > max(LATE_S, min(limit.seconds, UNINTERRUPTIBLE_S)):
        return make_feedback(
            exercise,
            "timeout",
            _(
                "Checking took longer than {seconds} s, and then one call that Python cannot "
                "interrupt went on {late} s past the limit before the check could be "
                "stopped: one long NumPy or JAX operation, or a built-in such as "
                "sum(range(...)) over a huge range. The limit acts only between Python "
                "steps. Look for an array or a range far larger than the exercise needs. To "
                "tell: run your function on the exercise's input in a cell with %time."
            ).format(seconds=f"{seconds:g}", late=f"{limit.late_s:.1f}"),
            mistake="uninterruptible",
        )
    if limit.past_ceiling:
        return make_feedback(
            exercise,
            "timeout",
            _(
                "Checking was stopped after {wall} s, {compiling} s of it spent compiling "
                "{programs} programs for {calls} calls of your code: it compiles again on "
                "every call. jax.jit, lax.scan and lax.fori_loop cannot reuse what they "
                "compiled for a function made anew on each call (one defined inside your "
                "function, or a new lambda). Define it once, outside, or put @jax.jit on "
                "your whole function. To tell: time two calls with %time; a second call as "
                "slow as the first compiles every time."
            ).format(
                wall=f"{limit.wall_s():.0f}",
                compiling=f"{limit.compile_s:.0f}",
                programs=limit.compiles,
                calls=limit.calls,
            ),
            mistake="compiles-every-call",
        )
    if limit.compile_s >= 0.1:
        stopped = _(
            "Checking took longer than {seconds} s of your code's own time (besides "
            "{compiling} s compiling, which is not counted), so it was stopped."
        )
    else:
        stopped = _(
            "Checking took longer than {seconds} s of your code's own time, so it was stopped."
        )
    message = stopped.format(seconds=f"{seconds:g}", compiling=f"{limit.compile_s:.1f}")
    if limit.stopped_at:
        message += " " + _("It was stopped at {where}.").format(where=limit.stopped_at)
    message += " " + _(
        "Look for a Python loop that never ends (a condition that never becomes false) or "
        "runs far too often (over every element, where one array operation would do). To "
        "tell: call your function on a small input in a cell and press the stop button; the "
        "traceback shows the line it was on."
    )
    return make_feedback(exercise, "timeout", message, mistake="slow-python")


class _Captured(io.StringIO):
    """What the learner's code prints; closing it (sys.stdout.close()) keeps it readable."""

    def close(self) -> None:
        pass


def makes(exercise: Exercise, mistake: Mistake, answer: Any, example: Any = None) -> bool:
    """True when ``answer`` makes ``mistake``; a predicate that cannot apply does not match.

    ``example`` is ``mistake.example()`` when the caller has built it already.
    """
    try:
        if mistake.matches is not None:
            return bool(mistake.matches(answer))
        if example is None:
            example = mistake.example()
        with verdict_only():  # agreeing or not: no sentence about how is read
            return exercise.rule(answer, example) is None
    except Exception:
        return False


# Examples that are functions, built once per mistake: a fresh ``jax.jit(lambda ...)`` on
# every check would compile again each time. Values are rebuilt (some follow a
# measurement, such as 08.speedup's), which costs nothing worth keeping.
_example_functions: dict[tuple[int, Any], tuple[Mistake, Any]] = {}


def _built_example(exercise: Exercise, mistake: Mistake) -> Any:
    """The mistake's example, built and warmed up off the clock (it is the grader's code)."""
    with paused():
        kept = (id(mistake), variant_key())  # an example reads its variant's values
        held = _example_functions.get(kept)
        if held is not None and held[0] is mistake:
            example = held[1]
        else:
            example = mistake.example()
            if callable(example):
                _example_functions[kept] = (mistake, example)
        _warm_up(exercise, example)
        return example


def _warm_up(exercise: Exercise, value: Any) -> None:
    """Let the rule compute (and compile) what it needs of the grader's own ``value``."""
    warm_up = getattr(exercise.rule, "warm_up", None)
    if warm_up is not None:
        warm_up(value)


def _verdict(exercise: Exercise, answer: Any, expected: Any) -> Feedback:
    try:
        answer = plain(answer)  # exact built-in types from here on: no method of its own
    except NotPlain as exc:
        return make_feedback(
            exercise, "incorrect", _("Your answer cannot be checked. {why}").format(why=exc)
        )
    problem = screen(answer)
    if problem:
        return make_feedback(exercise, "incorrect", problem)
    with one_check():  # the rule and the mistakes read the answer's outputs once
        return _rule_then_mistakes(exercise, answer, expected)


def asked_before_the_rule(exercise: Exercise) -> int:
    """How many of the exercise's first mistakes are asked before the rule: those that
    refuse a right value too (``also_accepted``) and that the answer's code alone shows
    (``mistakes.by_code``). The rule's outcome decides only whether the mistakes after
    them are asked, so one of them that matches is the verdict either way; asked first,
    the answer is not run at all (a Python loop where lax.scan was asked for)."""
    count = 0
    for mistake in exercise.mistakes:
        if not (mistake.also_accepted and reads_code_only(mistake.matches)):
            break
        count += 1
    return count


def unsafe_when_compiled(exercise: Exercise, answer: Any) -> Mistake | None:
    """On a backend that compiles Pallas kernels, the first of a kernel exercise's
    mistakes read from the answer's traced program (``kernels.before_compiled_run``) that
    it makes: its kernel would read or write past an array, or run a grid of no steps, and
    must not run. Asked before anything runs the answer. The interpreter (the CPU) clamps
    and skips instead, so there they keep their place among the mistakes, and the verdicts."""
    if exercise.kernel_inputs is None or not compiles_kernels():
        return None
    for index, mistake in enumerate(exercise.mistakes):
        if guarded_inputs(mistake.matches) is not None and makes(exercise, mistake, answer):
            # a reader of the traced program declared before it, whose message holds for
            # such a kernel too (the page's map, past y), names it as the CPU does
            for earlier in exercise.mistakes[:index]:
                if explains_out_of_range(earlier.matches) and makes(exercise, earlier, answer):
                    return earlier
            return mistake
    return None


def interprets_after_refusal(exercise: Exercise) -> bool:
    """Whether a refused answer's mistakes marked ``kernels.reads_interpreted`` (the NaN
    interpret mode leaves in a block no program wrote) are asked of the answer with its
    kernels interpreted (``kernels.interpreted``): on a backend that compiles kernels,
    where an output starts as whatever its memory held, for an exercise whose kernels the
    guard reads first (``kernel_inputs``), so that what runs interpreted is only what the
    guard let run compiled. The CPU interprets them already: there the answer is asked as
    it is, and the verdicts stay."""
    return exercise.kernel_inputs is not None and compiles_kernels()


def _rule_then_mistakes(exercise: Exercise, answer: Any, expected: Any) -> Feedback:
    unsafe = unsafe_when_compiled(exercise, answer)
    if unsafe is not None:
        return make_feedback(
            exercise, "incorrect", fill(exercise, unsafe.message), mistake=unsafe.id
        )
    first = asked_before_the_rule(exercise)
    for mistake in exercise.mistakes[:first]:
        if makes(exercise, mistake, answer):
            return make_feedback(
                exercise, "incorrect", fill(exercise, mistake.message), mistake=mistake.id
            )
    # The rule first, saying only whether it refuses (and why in brief): how a refused
    # answer differs is explained below, only if no declared mistake names it. (Where the
    # tests read what the rule alone says, ``rule_said``, it says all at once.)
    later = explained_later() if rule_said is None else contextlib.nullcontext([])
    count_host_calls()
    calls_before = host_calls()
    with later as left_out:
        refusal = _by_the_rule(exercise, answer, expected)
    on_the_host = host_calls() != calls_before
    if refusal is not None and verdicts_only():
        return refusal  # refused either way: which mistake it is would not be read
    kernels_compiled = refusal is not None and interprets_after_refusal(exercise)
    as_interpreted = None  # the answer with its kernels interpreted, made when first asked
    for mistake in exercise.mistakes[first:]:
        if refusal is None and not mistake.also_accepted:
            continue  # a right value is no wrong example's value, nor a refused answer
        example = _built_example(exercise, mistake) if mistake.matches is None else None
        asked = answer
        if kernels_compiled and needs_interpreted(mistake.matches):
            if as_interpreted is None:
                as_interpreted = interpreted(answer, exercise.kernel_inputs)
            asked = as_interpreted
        if makes(exercise, mistake, asked, example):
            return make_feedback(
                exercise, "incorrect", fill(exercise, mistake.message), mistake=mistake.id
            )
    if refusal is not None and left_out:  # now explained, from the outputs already read
        # (a rule that draws cases afresh at each call may not refuse twice: keep the first)
        again = _by_the_rule(exercise, answer, expected)
        refusal = again if again is not None else refusal
    if refusal is not None:
        return refusal
    if on_the_host and callable(answer):
        message = _(HOST_CALLBACK_MESSAGE)
        return make_feedback(exercise, "incorrect", message, mistake="host-callback")
    return make_feedback(exercise, "correct", fill(exercise, exercise.success))


# A test hook: while tests/verdicts.py judges the declared mistakes' examples it sets a
# list here, and each check that asks the rule adds what the rule alone said (the
# generic message a declared mistake must improve on; None where it accepted).
rule_said: list[str | None] | None = None


def _by_the_rule(exercise: Exercise, answer: Any, expected: Any) -> Feedback | None:
    """The rule's refusal as feedback, or None when the rule accepts the answer."""
    try:
        problem = exercise.rule(answer, expected)
    except LearnerCodeError as exc:
        if rule_said is not None:
            rule_said.append(exc.message())
        return make_feedback(exercise, "error", exc.message(), details=exc.details)
    except NotPlain as exc:  # what the learner's function returned cannot be read honestly
        return make_feedback(exercise, "incorrect", str(exc))
    except Exception as exc:  # the answer's own methods (__array__, __len__, ...) raised
        obstacles = session_obstacles()
        if obstacles:
            return _failed(exercise, [], traceback.format_exc())
        return make_feedback(
            exercise,
            "error",
            _("Your answer could not be checked: using it raised {error}").format(
                error=one_line(exc)
            ),
            details=traceback.format_exc(),
        )
    if rule_said is not None:
        rule_said.append(problem or None)
    return make_feedback(exercise, "incorrect", problem) if problem else None


def _from_jax_cache(item: warnings.WarningMessage) -> bool:
    """JAX's persistent compilation cache warns when an entry cannot be read (another
    process was writing it) and compiles instead: the machine's doing, not the answer's."""
    return "persistent compilation cache" in str(item.message)


def _with_captured(feedback: Feedback, output: str, caught: list) -> Feedback:
    """Fold what the learner's code printed or warned into the feedback."""
    extra = []
    if output.strip():
        extra.append(_("Your code printed:") + "\n" + output.rstrip())
    learners = [item for item in caught if not _from_jax_cache(item)]
    warned = sorted({f"{item.category.__name__}: {item.message}" for item in learners})
    extra += [_("Warning from your code: {warning}").format(warning=text) for text in warned]
    if not extra:
        return feedback
    message = feedback.message
    if warned:
        message += "\n" + ngettext(
            "(Your code raised {count} warning; the details show it.)",
            "(Your code raised {count} warnings; the details show them.)",
            len(warned),
        ).format(count=len(warned))
    details = "\n\n".join(([feedback.details] if feedback.details else []) + extra)
    return Feedback(
        feedback.exercise_id,
        feedback.status,
        message,
        title=feedback.title,
        mistake=feedback.mistake,
        details=details,
    )
