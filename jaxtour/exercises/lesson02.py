"""Exercises for lessons/02_timing_honestly.ipynb: async dispatch, warm-up, blocking.

The timing exercises run the learner's function on a stand-in operation that behaves
like JAX on a GPU, deterministically on any machine: a call returns at once, the
work finishes WORK_S later, and the very first call spends COMPILE_S compiling.
"""

from __future__ import annotations

import time
import weakref
from typing import Any

from jaxtour.exercises.common import jax
from jaxtour.grader.learner_code import LearnerCodeError, call_learner
from jaxtour.grader.rules import Choice
from jaxtour.grader.spec import Exercise, Mistake

WORK_S = 0.005
COMPILE_S = 0.1


class PendingResult:
    """What a dispatch returns: ready only once the queued work has finished."""

    def __init__(self, ready_at: float) -> None:
        self.ready_at = ready_at

    def block_until_ready(self) -> PendingResult:
        delay = self.ready_at - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        return self


class SlowOperation:
    """Like a jitted function on a GPU: compiles on the first call, then queues work."""

    def __init__(self, work_s: float = WORK_S, compile_s: float = COMPILE_S) -> None:
        self.work_s, self.compile_s = work_s, compile_s
        self.compiled = False
        self.busy_until = 0.0
        self.__name__ = "slow_operation"

    def __call__(self, *args: Any) -> PendingResult:
        if not self.compiled:
            time.sleep(self.compile_s)  # tracing and compiling happen before dispatch
            self.compiled = True
        start = max(time.perf_counter(), self.busy_until)
        self.busy_until = start + self.work_s  # work runs one call after another
        return PendingResult(self.busy_until)


_reported: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def reported_seconds(answer: Any) -> float:
    """What the learner's time_call reports for SlowOperation, measured once per function."""
    try:
        if answer in _reported:
            return _reported[answer]
    except TypeError:  # not weak-referenceable (a builtin, say): measure without the cache
        pass
    value = call_learner(answer, (SlowOperation(), 1.0))
    if isinstance(value, bool) or not isinstance(value, int | float):
        try:
            value = float(value)
        except Exception:
            raise LearnerCodeError(
                f"time_call returned {type(value).__name__}, not a number of seconds.", ""
            ) from None
    try:
        _reported[answer] = float(value)
    except TypeError:
        pass
    return float(value)


def _ratio_between(low: float, high: float):
    def matches(answer: Any) -> bool:
        return callable(answer) and low <= reported_seconds(answer) / WORK_S < high

    return matches


def check_time_call(answer: Any, expected: float) -> str | None:
    if not callable(answer):
        return "Expected a function time_call(f, *args) that returns seconds per call."
    ratio = reported_seconds(answer) / expected
    if 0.7 <= ratio <= 1.5:
        return None
    if ratio < 0.7:
        return "Your timing is shorter than the work takes. Block on every result you time."
    return "Your timing is longer than one call's work. Time only the steady-state calls."


def _honest(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def _dispatch_only(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args)
    return (time.perf_counter() - start) / repeats


def _compile_included(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def _milliseconds(f, *args):
    return 1000 * _honest(f, *args)


class RecordingLeaf:
    """A stand-in array that remembers whether anyone waited for it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.blocked = False

    def block_until_ready(self) -> RecordingLeaf:
        self.blocked = True
        return self


def _tree_outcome(answer: Any) -> tuple[int, bool]:
    """(how many of the 3 leaves were blocked, whether the result tree came back)."""
    leaves = [RecordingLeaf("loss"), RecordingLeaf("w"), RecordingLeaf("b")]
    tree = {"loss": leaves[0], "grads": {"w": leaves[1], "b": leaves[2]}}
    returned = call_learner(answer, (lambda x: tree, 1.0))
    came_back = (
        isinstance(returned, dict)
        and returned.get("loss") is leaves[0]
        and isinstance(returned.get("grads"), dict)
        and returned["grads"].get("w") is leaves[1]
        and returned["grads"].get("b") is leaves[2]
    )
    return sum(leaf.blocked for leaf in leaves), came_back


def check_run_and_wait(answer: Any, expected: Any) -> str | None:
    if not callable(answer):
        return "Expected a function run_and_wait(f, x)."
    blocked, came_back = _tree_outcome(answer)
    if blocked < 3:
        return f"Only {blocked} of the 3 arrays in the result were waited for."
    if not came_back:
        return "Every array was waited for, but the function must return f(x)'s result."
    return None


def _blocks_one(f, x):
    result = f(x)
    result["loss"].block_until_ready()
    return result


def _blocks_none(f, x):
    return f(x)


def _returns_nothing(f, x):
    jax.block_until_ready(f(x))


def _run_and_wait(f, x):
    return jax.block_until_ready(f(x))


SNIPPETS = """\
A: start = time.perf_counter(); jnp.dot(x, x); seconds = time.perf_counter() - start
B: jnp.dot(x, x).block_until_ready()  # once, before timing
   %timeit jnp.dot(x, x).block_until_ready()
C: start = time.perf_counter(); jax.jit(jnp.dot)(x, x).block_until_ready()
   seconds = time.perf_counter() - start
D: %timeit np.dot(x_np, x_np)"""


EXERCISES = (
    Exercise(
        id="02.which_dispatch",
        title="Spot the measurement that timed only the dispatch",
        reference=lambda: "A",
        rule=Choice(("A", "B", "C", "D")),
        hints=(
            "JAX returns from jnp.dot before the result is computed. Which snippet stops "
            "the clock without waiting?",
            "block_until_ready waits for the work; NumPy always finishes before it returns.",
        ),
        solution='only_dispatch = "A"',
        mistakes=(
            Mistake(
                id="honest-one",
                message="B is the honest one: it warms up first and blocks on every call.",
                example=lambda: "B",
            ),
            Mistake(
                id="compile-included",
                message="C does wait for the work, but it times a first call of a freshly "
                "jitted function, so it includes compilation. It is too long, not too short.",
                example=lambda: "C",
            ),
            Mistake(
                id="numpy",
                message="D times NumPy, which computes before it returns: no dispatch to fool it.",
                example=lambda: "D",
            ),
        ),
        success="Correct: A stops the clock as soon as JAX has queued the work.",
    ),
    Exercise(
        id="02.time_call",
        title="Write an honest timing function",
        reference=lambda: _honest,
        rule=lambda answer, expected: check_time_call(answer, WORK_S),
        hints=(
            "Two things fool a timer: the first call compiles, and JAX returns before "
            "the work is done.",
            "Call f(*args) once before starting the clock, and wrap every timed call in "
            "jax.block_until_ready(...).",
            "def time_call(f, *args, repeats=20):\n    jax.block_until_ready(f(*args))\n"
            "    start = time.perf_counter()\n    for _ in range(repeats):\n        ...",
        ),
        solution=(
            "def time_call(f, *args, repeats=20):\n"
            "    jax.block_until_ready(f(*args))  # warm-up: compile outside the clock\n"
            "    start = time.perf_counter()\n"
            "    for _ in range(repeats):\n"
            "        jax.block_until_ready(f(*args))\n"
            "    return (time.perf_counter() - start) / repeats"
        ),
        mistakes=(
            Mistake(
                id="dispatch-only",
                message="You timed only the dispatch: JAX returned before the work was done. "
                "Block on each result: jax.block_until_ready(f(*args)).",
                example=lambda: _dispatch_only,
                matches=_ratio_between(0.0, 0.3),
            ),
            Mistake(
                id="compile-included",
                message="Your timing includes the first call, which traces and compiles. "
                "Call f once before you start the clock (a warm-up).",
                example=lambda: _compile_included,
                matches=_ratio_between(1.5, 300),
            ),
            Mistake(
                id="milliseconds",
                message="That looks like milliseconds. Return seconds, as time.perf_counter "
                "counts them.",
                example=lambda: _milliseconds,
                matches=_ratio_between(300, 3000),
            ),
        ),
        success="Correct: warmed up and blocked, your timing matches the real work.",
        time_limit_s=20,
    ),
    Exercise(
        id="02.block_tree",
        title="Wait for a whole pytree",
        reference=lambda: _run_and_wait,
        rule=check_run_and_wait,
        hints=(
            "Waiting for one array does not wait for the others.",
            "jax.block_until_ready accepts a whole pytree and returns it.",
        ),
        solution="def run_and_wait(f, x):\n    return jax.block_until_ready(f(x))",
        mistakes=(
            Mistake(
                id="one-leaf",
                message="You waited for one array only. jax.block_until_ready(result) waits "
                "for every array in the pytree.",
                example=lambda: _blocks_one,
                matches=lambda a: callable(a) and _tree_outcome(a)[0] == 1,
            ),
            Mistake(
                id="not-blocked",
                message="Nothing was waited for: the result came back while its arrays may "
                "still be computing. Wrap it in jax.block_until_ready(...).",
                example=lambda: _blocks_none,
                matches=lambda a: callable(a) and _tree_outcome(a) == (0, True),
            ),
            Mistake(
                id="returns-none",
                message="You waited for everything but returned None. jax.block_until_ready "
                "returns its argument: return it.",
                example=lambda: _returns_nothing,
                matches=lambda a: callable(a) and _tree_outcome(a) == (3, False),
            ),
        ),
        success="Correct: one call waits for the whole pytree.",
    ),
)
