"""Exercises for lessons/11_loops_and_control_flow.ipynb: what a fori_loop computes, a
recurrence written with lax.scan, a while_loop that grad refuses, and which functions
jit refuses because a shape depends on the values."""

from __future__ import annotations

import dis
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader.learner_code import transformed
from jaxtour.grader.mistakes import (
    behaves_like,
    fails_with,
    ignores_one_argument,
    learner_functions,
    loops_in_python,
    runs_python_per_element,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    ExactInteger,
    Inputs,
    SameFunction,
    SamePytree,
    is_jitted,
)
from jaxtour.grader.spec import Exercise, Mistake

# --- shared -------------------------------------------------------------------------------

PYTHON_LOOP = (
    "Your function loops in Python (a for or while loop, or a comprehension, here or in a "
    "function it calls), and the exercise asks for none: under jit a Python loop unrolls, "
    "one copy of the body per step, so its compile time grows with the number of steps."
)

PYTHON_PER_STEP = (
    "Your function runs Python once per step (functools.reduce or map calling a function "
    "for each element, a loop given to exec, a callback that loops): a Python loop all "
    "the same, and the exercise asks for none."
)


# --- 11.fori_predict --------------------------------------------------------------------
# lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1): i = 2, 3, 4, 5.


def _fori(lower: int, upper: int, body, start: int) -> int:
    acc = start
    for i in range(lower, upper):
        acc = body(i, acc)
    return acc


FORI_ANSWER = _fori(2, 6, lambda i, acc: acc * 2 + i, 1)  # 57


# --- 11.scan_ema --------------------------------------------------------------------------


@jax.jit  # as the solution: unjitted, the scan is traced and compiled on every call
def _ema(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return jax.lax.scan(step, xs[0], xs)


def _ema_inputs():
    return [
        (jnp.array([1.0, 3.0, 2.0, 6.0, 4.0]), 0.5),
        (jnp.array([10.0, 0.0, 0.0, 0.0]), 0.25),
        (jnp.array([-1.0, 2.0, 0.5, 4.0, -3.0, 1.0, 2.5]), 0.8),
    ]


def _ema_lengths():
    """The check's own cases, shortest first (4, 5, then 7 values; no new shape)."""
    cases = _ema_inputs()
    return [cases[1], cases[0], cases[2]]


def _ema_reduced(xs, alpha):
    def step(carry, x):
        m = alpha * x + (1 - alpha) * carry[0]
        return m, [*carry[1], m]

    m, history = functools.reduce(step, xs, (xs[0], []))
    return m, jnp.stack(history)


def _ema_from_zero(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return jax.lax.scan(step, 0.0, xs)


def _ema_weights_swapped(xs, alpha):
    def step(m, x):
        m = (1 - alpha) * x + alpha * m
        return m, m

    return jax.lax.scan(step, xs[0], xs)


def _ema_history_only(xs, alpha):
    return _ema(xs, alpha)[1]


def _ema_last_only(xs, alpha):
    return _ema(xs, alpha)[0]


def _ema_outputs_swapped(xs, alpha):
    last, history = _ema(xs, alpha)
    return history, last


def _ema_lagged(xs, alpha):
    def step(m, x):
        return alpha * x + (1 - alpha) * m, m  # records the average before this step

    return jax.lax.scan(step, xs[0], xs)


def _ema_from_mean(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return jax.lax.scan(step, jnp.mean(xs), xs)


def _ema_fixed_alpha(xs, alpha):
    return _ema(xs, 0.3)


def _alpha_changed():
    xs, _ = _ema_inputs()[0]
    return [[(xs, 0.5), (xs, 0.25)]]


def _ema_ignores_alpha(answer: Any) -> bool:
    """The same result for two alphas."""
    return callable(answer) and ignores_one_argument(_alpha_changed)(answer)


def _ema_started_elsewhere(answer: Any) -> bool:
    """(final, history) where history follows the update from its second entry on, the first
    entry is not xs[0], and the first entry is alpha * xs[0] + (1 - alpha) * start for some
    start: the recurrence is right, only the carry's start is not."""
    if not callable(answer):
        return False
    try:
        for xs, alpha in _ema_inputs():
            final, history = answer(xs, alpha)
            h = np.asarray(history, dtype=float)
            x = np.asarray(xs, dtype=float)
            if h.shape != x.shape or np.isclose(h[0], x[0]):
                return False
            step = alpha * x[1:] + (1 - alpha) * h[:-1]
            if not np.allclose(h[1:], step, rtol=1e-5, atol=1e-6):
                return False
            if not np.isclose(float(np.asarray(final)), h[-1], rtol=1e-5, atol=1e-6):
                return False
    except Exception:
        return False
    return True


def _ema_skips_first(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return jax.lax.scan(step, xs[0], xs[1:])


def _ema_whole_carry(xs, alpha):
    def step(m, x):
        m = alpha * x + (1 - alpha) * m
        return m, m

    return jax.lax.scan(step, xs, xs)


def _ema_no_pair(xs, alpha):
    return jax.lax.scan(lambda m, x: alpha * x + (1 - alpha) * m, xs[0], xs)


def _ema_python_loop(xs, alpha):
    m, history = xs[0], []
    for x in xs:
        m = alpha * x + (1 - alpha) * m
        history.append(m)
    return m, jnp.stack(history)


# --- 11.while_grad ------------------------------------------------------------------------
# x <- r * x * (1 - x), steps times: the logistic map.


def _logistic(r, x0, steps):
    return jax.lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)


def _logistic_while(r, x0, steps):
    def keep_going(state):
        k, x = state
        return k < steps

    def one_step(state):
        k, x = state
        return k + 1, r * x * (1 - x)

    return jax.lax.while_loop(keep_going, one_step, (0, x0))[1]


def _logistic_arguments_swapped(r, x0, steps):
    return _logistic(x0, r, steps)


def _logistic_five_steps(r, x0, steps):
    return _logistic(r, x0, 5)


def _logistic_counter(r, x0, steps):
    return 0.0 * r + 0.0 * x0 + float(steps)


def _logistic_precedence(r, x0, steps):
    return jax.lax.fori_loop(0, steps, lambda i, x: r * x * 1 - x, x0)


def _logistic_inputs():
    return [(3.0, 0.2, 5), (2.5, 0.6, 8), (1.5, 0.5, 1)]


def _value_and_grads(fn):
    """What the check compares: the value and the gradients with respect to r and x0."""
    return jax.value_and_grad(fn, argnums=(0, 1))


@concrete_cache
def _grader_value_and_grads(fn):
    """The reference's (or a mistake example's) value_and_grad, one per function, so that
    SameFunction computes its outputs once."""
    return _value_and_grads(fn)


class _Remembered:
    """``fn``, each call's result (or error) remembered by its arguments: the rule and the
    mistakes below differentiate one answer once per input, not once per question (each
    call of a fresh answer compiles its loop again)."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.results: dict[tuple[Any, ...], tuple[bool, Any]] = {}

    def __call__(self, *args: Any) -> Any:
        if args not in self.results:
            try:
                self.results[args] = (True, self.fn(*args))
            except Exception as exc:
                self.results[args] = (False, exc)
        ok, value = self.results[args]
        if not ok:
            raise value
        return value


_last_answer: dict[str, Any] = {}


def _differentiated(answer: Any) -> _Remembered:
    """value_and_grad of the answer, remembered for the last answer checked."""
    if _last_answer.get("answer") is not answer:
        _last_answer.clear()
        _last_answer.update(answer=answer, fn=_Remembered(transformed(_value_and_grads, answer)))
    return _last_answer["fn"]


@concrete_cache
def _same_function(inputs: Callable[[], Inputs]) -> SameFunction:
    return SameFunction(inputs=inputs, output=SamePytree())


@dataclass(frozen=True)
class SameValueAndGrad:
    """The answer's value and gradients (``_value_and_grads``) equal the reference's on
    every input. SameFunction's ``transform`` applies to the answer alone; here the
    reference and every mistake's example are differentiated the same way."""

    inputs: Callable[[], Inputs]

    @property
    def _rule(self) -> SameFunction:
        # One SameFunction per rule: its outputs are kept per (cases, function), and the
        # cases are its bound method. It computes them lazily, off the clock.
        return _same_function(self.inputs)

    def __call__(self, answer: Any, expected: Callable[..., Any]) -> str | None:
        if not callable(answer):
            return self._rule(answer, expected)
        return self._rule(_differentiated(answer), _grader_value_and_grads(expected))


def _first_input():
    return _logistic_inputs()[:1]


def _grad_fails_with(error: str, pattern: str):
    """Matches a function whose value_and_grad raises ``error`` matching ``pattern`` (on
    the first input: a loop that fails, fails on any)."""
    inner = fails_with(error, pattern, _first_input)

    def matches(answer: Any) -> bool:
        return callable(answer) and inner(_differentiated(answer))

    return matches


_REVERSE_MODE = "Reverse-mode differentiation does not work"


def _jitted_traced_steps(answer: Any) -> bool:
    return is_jitted(answer) and _grad_fails_with("ValueError", _REVERSE_MODE)(answer)


def _logistic_short(r, x0, steps):
    return jax.lax.fori_loop(1, steps, lambda i, x: r * x * (1 - x), x0)


def _logistic_long(r, x0, steps):
    return jax.lax.fori_loop(0, steps + 1, lambda i, x: r * x * (1 - x), x0)


def _logistic_pair(r, x0, steps):
    return jax.lax.fori_loop(0, steps, lambda i, s: (s[0] + 1, r * s[1] * (1 - s[1])), (0, x0))


def _logistic_one_argument_body(r, x0, steps):
    return jax.lax.fori_loop(0, steps, lambda x: r * x * (1 - x), x0)


def _logistic_scan_no_length(r, x0, steps):
    return jax.lax.scan(lambda x, _: (r * x * (1 - x), None), x0, None)[0]


def _logistic_steps():
    """The check's own cases, fewest steps first (1, 5, then 8)."""
    cases = _logistic_inputs()
    return [cases[2], cases[0], cases[1]]


def _logistic_reduced(r, x0, steps):
    return functools.reduce(lambda x, _: r * x * (1 - x), range(steps), x0)


def _logistic_python_loop(r, x0, steps):
    x = x0
    for _ in range(steps):
        x = r * x * (1 - x)
    return x


# --- 11.first_two_positive --------------------------------------------------------------
# The first two positive elements of x, in order, 0.0 for each one missing; under jit.


def _first_two_positive(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[index].get(mode="fill", fill_value=0.0)


def _positive_inputs():
    return [
        (jnp.array([-1.0, 4.0, -2.0, 3.0, 5.0]),),
        (jnp.array([-1.0, -2.0, 0.0, -4.0, 6.0]),),
        (jnp.array([-3.0, -1.0, 0.0, -2.0, -5.0]),),
        (jnp.array([0.0, 8.0, 9.0, 1.0, -4.0]),),
        # the only positive first: padding that reads x[0] shows, zeroed or not
        (jnp.array([5.0, -1.0, -2.0, 0.0, -3.0]),),
        (jnp.array([2.0, 7.0, -1.0]),),
    ]  # two shapes, so jit compiles an answer twice


def _padding_reads_last(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def _padding_zeroed_after(x):
    """Pads with index 0, then zeroes what is not positive: right unless x[0] is positive
    and fewer than two are."""
    values = x[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]
    return jnp.where(values > 0, values, 0.0)


def _padding_reads_first(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def _argmax_reads_first(x):
    first = jnp.argmax(x > 0)
    rest = jnp.where(jnp.arange(x.shape[0]) > first, x, 0.0)
    second = jnp.argmax(rest > 0)
    return jnp.stack([x[first], x[second]])


def _pads_by_index(answer: Any) -> bool:
    """Whether the answer finds indices the way that pads them: jnp.nonzero and its
    relatives, or one-argument jnp.where (an argmax search does not pad)."""
    return _reads_names(answer, ("nonzero", "argwhere", "flatnonzero")) or (
        _reads_names(answer, ("where",)) and not _reads_names(answer, ("argmax",))
    )


def _reads_names(answer: Any, names: tuple[str, ...]) -> bool:
    """Whether the answer's own code (or a notebook function it calls) names one of
    ``names`` as a global or an attribute: jnp.nonzero, x.argmax and the like."""
    for fn in learner_functions(answer):
        codes = [fn.__code__]
        while codes:
            code = codes.pop()
            codes += [c for c in code.co_consts if isinstance(c, type(code))]
            for instruction in dis.get_instructions(code):
                if (
                    instruction.opname
                    in (
                        "LOAD_ATTR",
                        "LOAD_METHOD",
                        "LOAD_GLOBAL",
                        "LOAD_NAME",
                        "IMPORT_FROM",
                    )
                    and instruction.argval in names
                ):
                    return True
    return False


def _first_two_zeroed(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def _two_largest(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def _all_positions(x):
    return x.at[jnp.nonzero(x > 0, size=x.shape[0], fill_value=x.shape[0])[0]].get(
        mode="fill", fill_value=0.0
    )


def _no_size(x):
    return x[jnp.nonzero(x > 0)[0][:2]]


def _numpy_nonzero(x):
    return x[np.nonzero(x > 0)[0][:2]]


def _under_jit_fails_with(error: str, pattern: str):
    """Matches a function that raises ``error`` matching ``pattern`` under jax.jit."""
    inner = fails_with(error, pattern, _positive_inputs)
    return lambda answer: callable(answer) and inner(jax.jit(answer))


def _one_per_element(answer: Any) -> bool:
    """A result as long as x: size= was the length of x, not 2."""
    if not callable(answer):
        return False
    try:
        out = jax.jit(answer)(*_positive_inputs()[0])
    except Exception:
        return False
    return getattr(out, "shape", None) == _positive_inputs()[0][0].shape


def _positions(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def _returns_positions(answer: Any) -> bool:
    """Integers where the first two positive elements of x sit (whatever fills the rest),
    on every input: the indices from jnp.nonzero, never used to read x."""
    if not callable(answer):
        return False
    for (x,) in _positive_inputs():
        try:
            out = np.asarray(jax.jit(answer)(x))
        except Exception:
            return False
        if out.shape != (2,) or not np.issubdtype(out.dtype, np.integer):
            return False
        where = np.flatnonzero(np.asarray(x) > 0)[:2]
        if not np.array_equal(out[: len(where)], where):
            return False
    return True


# --- 11.fails_under_jit -----------------------------------------------------------------

JIT_OPTIONS = ("A", "B", "C", "D", "E")
JIT_TEXTS = (
    "2 only",
    "1, 2 and 4",
    "2 and 4",
    "2, 3 and 4",
    "all four",
)


EXERCISES = (
    Exercise(
        id="11.fori_predict",
        title="Predict what a fori_loop returns",
        reference=lambda: FORI_ANSWER,
        rule=ExactInteger(),
        hints=(
            "fori_loop(lower, upper, body, init) runs body(i, acc) for i in "
            "range(lower, upper), feeding each result into the next call.",
            "range(2, 6) is i = 2, 3, 4, 5: four calls. Start from acc = 1 and apply "
            "acc * 2 + i four times.",
            "1 -> 1*2+2 = 4 -> 4*2+3 = 11 -> 11*2+4 = 26 -> 26*2+5 = 57: result = 57.",
        ),
        solution="result = 57",
        mistakes=(
            Mistake(
                id="from-zero",
                message="121 runs the body for i = 0, 1, ..., 5: six calls. The loop starts "
                "at lower = 2, so i takes only the values 2, 3, 4 and 5.",
                example=lambda: _fori(0, 6, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="upper-included",
                message="120 includes i = 6. Like range(2, 6), fori_loop stops before upper: "
                "i = 2, 3, 4, 5.",
                example=lambda: _fori(2, 7, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="count-from-zero",
                message="27 runs four steps, but with i = 0, 1, 2, 3. The body receives the "
                "loop's own i, which starts at lower = 2: i = 2, 3, 4, 5.",
                example=lambda: _fori(0, 4, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="one-short",
                message="26 stops one step early, after i = 4. upper = 6 is excluded, but "
                "i = 5 still runs: four steps, i = 2, 3, 4, 5.",
                example=lambda: _fori(2, 5, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="ignored-i",
                message="16 doubles four times and forgets the + i: each step adds the loop "
                "index, i = 2, 3, 4, 5, after doubling.",
                example=lambda: 16,
            ),
            Mistake(
                id="added-first",
                message="98 computes (acc + i) * 2. The body is acc * 2 + i: double first, "
                "then add i.",
                example=lambda: _fori(2, 6, lambda i, acc: (acc + i) * 2, 1),
            ),
            Mistake(
                id="shifted-range",
                message="72 runs four steps with i = 3, 4, 5, 6: one past lower and up to "
                "upper. The body's i takes the values of range(lower, upper): the first is "
                "lower itself, and upper never comes.",
                example=lambda: _fori(3, 7, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="multiplied-index",
                message="840 multiplies the running value by 2 + i on each step. The body "
                "doubles acc and then adds i: a sum after the doubling, not a factor.",
                example=lambda: _fori(2, 6, lambda i, acc: acc * (2 + i), 1),
            ),
            Mistake(
                id="two-passes",
                message="11 is the value after two passes, i = 2 and 3. The loop runs once "
                "for every i in range(lower, upper): four passes here.",
                example=lambda: _fori(2, 4, lambda i, acc: acc * 2 + i, 1),
            ),
            Mistake(
                id="iteration-count",
                message="4 is how many times the body runs (i = 2, 3, 4, 5). The task asks "
                "what the loop returns: the last value of acc.",
                example=lambda: 4,
            ),
            Mistake(
                id="sum-of-i",
                message="14 is 2 + 3 + 4 + 5, the sum of the indices. The body also doubles "
                "the running value, which starts at 1: acc * 2 + i on every step.",
                example=lambda: 14,
            ),
        ),
        success="i = 2, 3, 4, 5, each result fed into the next call: 4, 11, 26, 57.",
        prediction=True,
    ),
    Exercise(
        id="11.scan_ema",
        title="Write an exponential moving average with scan",
        reference=lambda: _ema,
        rule=SameFunction(inputs=_ema_inputs, output=SamePytree()),
        hints=(
            "The carry is the average so far, m. Each step takes one element x of xs and "
            "returns (new carry, this step's output): here both are the new average.",
            "def step(m, x): m = alpha * x + (1 - alpha) * m; return m, m. Start the carry "
            "at xs[0], and scan over all of xs.",
            "def ema(xs, alpha):\n    def step(m, x):\n        m = alpha * x + (1 - alpha) "
            "* m\n        return m, m\n    return lax.scan(step, xs[0], xs)",
        ),
        solution=(
            "@jax.jit  # compiled once: unjitted, a scan whose step is defined inside\n"
            "# the function is traced and compiled again at every call\n"
            "def ema(xs, alpha):\n"
            "    def step(m, x):\n"
            "        m = alpha * x + (1 - alpha) * m\n"
            "        return m, m  # the new carry, and this step's output\n"
            "\n"
            "    return lax.scan(step, xs[0], xs)"
        ),
        mistakes=(
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: under "
                "jit a Python loop unrolls, one copy of the body per step, so its compile"
                " time grows with the number of steps. Write one step and let lax.scan "
                "carry the average from element to element.",
                example=lambda: _ema_python_loop,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-step",
                message="Your function runs Python once per step (functools.reduce or map calling"
                " a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none. "
                "Write one step and let lax.scan carry the average from element to "
                "element.",
                example=lambda: _ema_reduced,
                matches=runs_python_per_element(_ema_lengths),
                also_accepted=True,
            ),
            Mistake(
                id="started-at-zero",
                message="Your average starts from 0.0, so the first output is alpha * xs[0] and "
                "every later one is pulled toward zero. The task starts the carry at the "
                "series' first element.",
                example=lambda: _ema_from_zero,
            ),
            Mistake(
                id="started-elsewhere",
                message="Each step applies the right update, but the carry starts from "
                "something other than the series' first element, so the first average is "
                "off and every later one inherits part of that offset.",
                example=lambda: _ema_from_mean,
                matches=_ema_started_elsewhere,
            ),
            Mistake(
                id="ignores-alpha",
                message="Your average gives the same result for alpha = 0.5 and alpha = 0.25: "
                "it does not use the alpha it is given (a global alpha, or a number written "
                "in?). The step must weigh by the function's own argument.",
                example=lambda: _ema_fixed_alpha,
                matches=_ema_ignores_alpha,
            ),
            Mistake(
                id="weights-swapped",
                message="The weights are swapped: here the old average gets alpha and the new "
                "element 1 - alpha. (Or step's arguments are in the wrong order: scan "
                "calls step with the carry first, then the element.) It is the new "
                "element that gets alpha.",
                example=lambda: _ema_weights_swapped,
            ),
            Mistake(
                id="whole-array-carry",
                message="Your carry is the whole series, not one average: the carry starts "
                "as what you give scan, here all of xs. Start it at the first element, "
                "xs[0].",
                example=lambda: _ema_whole_carry,
            ),
            Mistake(
                id="history-only",
                message="This returns only the stacked averages. scan returns a pair, "
                "(final carry, stacked outputs): return it whole.",
                example=lambda: _ema_history_only,
            ),
            Mistake(
                id="last-only",
                message="This returns only the final average, the carry. The task asks for "
                "the pair scan returns: (final carry, stacked outputs).",
                example=lambda: _ema_last_only,
            ),
            Mistake(
                id="outputs-swapped",
                message="The pair is in the wrong order: scan returns (final carry, stacked "
                "outputs), the last average first.",
                example=lambda: _ema_outputs_swapped,
            ),
            Mistake(
                id="lagged-history",
                message="Each step outputs the average from before its element: the history lags "
                "one step behind (it starts with xs[0] and misses the last average). A "
                "step's output is the average after it has taken its element in.",
                example=lambda: _ema_lagged,
            ),
            Mistake(
                id="skipped-first",
                message="The history has one average too few: you scanned xs[1:]. Scan all "
                "of xs; the first step, from a carry of xs[0], gives xs[0] again.",
                example=lambda: _ema_skips_first,
            ),
            Mistake(
                id="no-pair",
                message="scan's step must return a pair, (new carry, output of this step), and "
                "yours returns one value. In a moving average both are the same number, "
                "the new average.",
                example=lambda: _ema_no_pair,
                matches=fails_with("TypeError", r"scan body output must be a pair", _ema_inputs),
            ),
        ),
        success="The carry threads through the steps and the outputs stack up: one loop "
        "in the program, whatever the length of xs.",
    ),
    Exercise(
        id="11.while_grad",
        title="Fix a while_loop that grad refuses",
        reference=lambda: _logistic,
        rule=SameValueAndGrad(inputs=_logistic_inputs),
        hints=(
            "A while_loop can stop at any time, so reverse-mode grad does not know how many "
            "steps to store. Here the number of steps is known before the loop runs: steps.",
            "lax.fori_loop(0, steps, body, x0) with a Python int steps runs as a scan, which "
            "grad goes through. Its body takes (i, x) and returns the new x.",
            "def logistic(r, x0, steps):\n    return lax.fori_loop(0, steps, lambda i, x: "
            "r * x * (1 - x), x0)",
        ),
        solution=(
            "def logistic(r, x0, steps):\n"
            "    return lax.fori_loop(0, steps, lambda i, x: r * x * (1 - x), x0)"
        ),
        mistakes=(
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: under "
                "jit a Python loop unrolls, one copy of the body per step, so its compile"
                " time grows with the number of steps. Keep the loop in JAX, with a trip "
                "count known while tracing.",
                example=lambda: _logistic_python_loop,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-step",
                message="Your function runs Python once per step (functools.reduce or map calling"
                " a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none. Keep"
                " the loop in JAX, with a trip count known while tracing.",
                example=lambda: _logistic_reduced,
                matches=runs_python_per_element(_logistic_steps),
                also_accepted=True,
            ),
            Mistake(
                id="jitted-traced-steps",
                message="Your function is jitted, so steps arrives as a tracer: fori_loop cannot "
                "know its trip count while tracing, becomes a while_loop, and grad "
                "refuses it again. The number of steps has to be a Python int when the "
                "loop is traced.",
                example=lambda: jax.jit(_logistic),
                matches=_jitted_traced_steps,
            ),
            Mistake(
                id="still-while",
                message="grad still meets a while_loop: a lax.while_loop, or a fori_loop whose "
                "bounds are not Python ints. Reverse mode must know, while tracing, how "
                "many steps it will store for the backward pass.",
                example=lambda: _logistic_while,
                matches=_grad_fails_with("ValueError", _REVERSE_MODE),
            ),
            Mistake(
                id="one-argument-body",
                message="fori_loop calls its body with two arguments, the index i and the carried"
                " value, and yours takes one.",
                example=lambda: _logistic_one_argument_body,
                matches=_grad_fails_with("TypeError", r"positional argument"),
            ),
            Mistake(
                id="returns-pair",
                message="Your function returns a pair (the counter and x, or scan's (carry, "
                "outputs)), and grad needs one number. Carry only x, or return just the "
                "final x.",
                example=lambda: _logistic_pair,
                matches=_grad_fails_with("TypeError", r"scalar-output"),
            ),
            Mistake(
                id="scan-no-length",
                message="lax.scan with xs=None does not know how many steps to run. Give "
                "it length=steps.",
                example=lambda: _logistic_scan_no_length,
                matches=_grad_fails_with("ValueError", r"length. not provided"),
            ),
            Mistake(
                id="arguments-swapped",
                message="Your function uses x0 as the rate and r as the starting value: the "
                "arguments come in the order logistic(r, x0, steps), and the body must read "
                "each by its role.",
                example=lambda: _logistic_arguments_swapped,
            ),
            Mistake(
                id="fixed-steps",
                message="Your function always runs 5 steps, the lesson's example, whatever steps "
                "it is given: the trip count must come from the steps argument.",
                example=lambda: _logistic_five_steps,
            ),
            Mistake(
                id="returns-counter",
                message="Your function returns the step counter, not the state: its value is "
                "the number of steps and its gradient is 0. The loop's result is the final x.",
                example=lambda: _logistic_counter,
            ),
            Mistake(
                id="precedence",
                message="Your step computes (r - 1) * x, not the logistic map: without "
                "parentheses, the product r * x * 1 is taken first and x subtracted after.",
                example=lambda: _logistic_precedence,
            ),
            Mistake(
                id="one-step-short",
                message="Your loop runs one step too few: steps - 1 times. Like range, fori_loop "
                "includes its lower bound and excludes its upper one.",
                example=lambda: _logistic_short,
            ),
            Mistake(
                id="one-step-more",
                message="Your loop runs one step too many: like range, fori_loop(0, steps) "
                "already runs steps times, i = 0 to steps - 1.",
                example=lambda: _logistic_long,
            ),
        ),
        success="A loop with a trip count known while tracing is a scan, and reverse-mode "
        "grad goes through it.",
    ),
    Exercise(
        id="11.fails_under_jit",
        title="Predict which functions jit refuses",
        reference=lambda: "C",
        rule=Choice(JIT_OPTIONS, texts=JIT_TEXTS),
        hints=(
            "While tracing, x has a shape, (5,), and a dtype, but no values. Which "
            "functions need a value to decide a shape or a Python branch?",
            "A Python loop over range(x.shape[0]) needs only the shape. jnp.argmax returns "
            "one index whatever the values. x[x > 0] and while jnp.sum(x) < 100 need values.",
            "2 and 4 fail: fails = 'C'.",
        ),
        solution='fails = "C"',
        mistakes=(
            Mistake(
                id="missed-while",
                message="A misses 4: a Python while decides whether to run once more from "
                "jnp.sum(x) < 100, a traced boolean with no value while tracing. That fails "
                "like a Python if on a traced value.",
                example=lambda: "A",
            ),
            Mistake(
                id="python-loops-fail",
                message="B says the Python for loop fails. range(x.shape[0]) needs only the "
                "shape, which jit knows: the loop runs while tracing and unrolls, five copies "
                "of the body. Slow to compile when long, but it works.",
                example=lambda: "B",
            ),
            Mistake(
                id="argmax-fails",
                message="D says jnp.argmax fails. Its value depends on x, but its shape does "
                "not: one index, shape (), whatever the values. jit needs shapes, not values.",
                example=lambda: "D",
            ),
            Mistake(
                id="all-fail",
                message="E says all four fail. jit needs every shape and every Python branch "
                "decided without the values: a loop over range(x.shape[0]) (a shape) and "
                "jnp.argmax (one index) pass that test.",
                example=lambda: "E",
            ),
        ),
        success="2 and 4 fail: x[x > 0] has a size that depends on the values, and a "
        "Python while needs a boolean value. Shapes and Python branches must be known "
        "while tracing.",
        prediction=True,
    ),
    Exercise(
        id="11.first_two_positive",
        title="Fix a jnp.nonzero that jit refuses",
        reference=lambda: _first_two_positive,
        rule=SameFunction(inputs=_positive_inputs, transform=lambda f: jax.jit(f)),
        hints=(
            "Under jit, jnp.nonzero must return a fixed number of indices: how many does "
            "the function need? Then ask what the padding index reads from x.",
            "size=2 gives two indices, padded with fill_value where fewer elements are "
            "positive. An index of -1 (or 0) reads a real element of x, so the padding must "
            "read as 0.0: an index past the end with .at[index].get(mode='fill', "
            "fill_value=0.0), or jnp.where on a count of the positives.",
            "index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]\n"
            "return x.at[index].get(mode='fill', fill_value=0.0)",
        ),
        solution=(
            "def first_two_positive(x):\n"
            "    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]\n"
            '    return x.at[index].get(mode="fill", fill_value=0.0)'
        ),
        mistakes=(
            Mistake(
                id="no-size",
                message="jnp.nonzero still has no size=, so under jit it cannot know how "
                "many indices it returns. Give it the number the function needs: size=2.",
                example=lambda: _no_size,
                matches=_under_jit_fails_with("ConcretizationTypeError", "size argument"),
            ),
            Mistake(
                id="boolean-mask",
                message="x[x > 0] has as many elements as x has positive ones, a shape jit cannot"
                " know. Find the indices with a function that can be told how many to "
                "return.",
                example=lambda: lambda x: x[x > 0][:2],
                matches=_under_jit_fails_with("NonConcreteBooleanIndexError", ""),
            ),
            Mistake(
                id="numpy-nonzero",
                message="np.nonzero needs concrete values, and under jit x is a tracer. Use "
                "jnp.nonzero, with size=.",
                example=lambda: _numpy_nonzero,
                matches=_under_jit_fails_with("TracerArrayConversionError", ""),
            ),
            Mistake(
                id="python-if",
                message="A Python if on an element of x needs its value, which jit does not have "
                "while tracing. Let a jnp function with a fixed output size find the "
                "positives.",
                example=lambda: lambda x: x[0] if x[0] > 0 else x[1],
                matches=_under_jit_fails_with("TracerBoolConversionError", ""),
            ),
            Mistake(
                id="padding-reads-last",
                message="Where fewer than two elements are positive, you return x's last element "
                "instead of 0.0. The padding index is a real index: -1 reads the last "
                "element, and so does an index past the end, which a plain read clamps "
                "(lesson 06). A read of the padding must give 0.0: lesson 06's "
                "out-of-bounds modes say how.",
                example=lambda: _padding_reads_last,
            ),
            Mistake(
                id="padding-reads-first",
                message="Where fewer than two elements are positive, you return x[0] instead of "
                "0.0: jnp.nonzero pads with index 0 unless told otherwise, and index 0 "
                "reads a real element. Pad with an index that names no element, and read "
                "it so that it gives 0.0.",
                example=lambda: _padding_reads_first,
                matches=lambda answer: (
                    _pads_by_index(answer)
                    and behaves_like(_padding_reads_first, _positive_inputs)(answer)
                ),
            ),
            Mistake(
                id="padding-zeroed-after",
                message="Your padding reads x[0] and zeroes it when it is not positive; but "
                "where x[0] is itself positive and no second element is, the padding is x[0] "
                "again, not 0.0. Whether a value was found is known from the mask, not from "
                "the value read.",
                example=lambda: _padding_zeroed_after,
                matches=behaves_like(_padding_zeroed_after, _positive_inputs),
            ),
            Mistake(
                id="argmax-reads-first",
                message="Where fewer than two elements are positive, you return x[0] instead of "
                "0.0: jnp.argmax of a mask with no True in it is 0, and index 0 reads a "
                "real element. Tell 'found' from 'none found' and read 0.0 where none was"
                " found.",
                example=lambda: _argmax_reads_first,
                matches=lambda answer: (
                    not _pads_by_index(answer)
                    and _reads_names(answer, ("argmax",))
                    and behaves_like(_padding_reads_first, _positive_inputs)(answer)
                ),
            ),
            Mistake(
                id="one-per-element",
                message="Your result has one entry per element of x: size= is how many "
                "indices jnp.nonzero returns, and the function needs two, size=2.",
                example=lambda: _all_positions,
                matches=_one_per_element,
            ),
            Mistake(
                id="first-two-elements",
                message="This zeroes the first two elements of x, positive or not. The task wants"
                " the first two positive ones, wherever they are.",
                example=lambda: _first_two_zeroed,
            ),
            Mistake(
                id="positions-not-values",
                message="These are where the first two positive elements sit, their indices, "
                "not the elements: read x at those indices, with a fill for the places "
                "where fewer than two are positive.",
                example=lambda: _positions,
                matches=_returns_positions,
            ),
            Mistake(
                id="two-largest",
                message="These are the two largest elements. The task wants the first two "
                "positive ones, in the order they appear in x.",
                example=lambda: _two_largest,
            ),
        ),
        success="size= fixes the shape, and the padding reads as 0.0: one compiled program "
        "for any values.",
    ),
)
