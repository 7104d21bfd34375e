"""Exercises for lessons/11_loops_and_control_flow.ipynb: what a fori_loop computes, a
recurrence written with lax.scan, a while_loop that grad refuses, and which functions
jit refuses because a shape depends on the values."""

from __future__ import annotations

import dis
import functools
import inspect
import re
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
    rule_around,
    runs_python_per_element,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    Inputs,
    SameFunction,
    SamePytree,
    answer_outcome,
    cases_of_this_check,
    is_jitted,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.grader.variants import key as variant_key
from jaxtour.lazy import is_jax_array

# --- shared -------------------------------------------------------------------------------


def _vector(*values: float) -> Any:
    """One of a check's input vectors, in jnp.array's float dtype, put on the device as it
    is: jnp.array of a list compiles a conversion for each new shape, one more program
    per input shape (a few tenths of a second each on a TPU)."""
    return jax.device_put(np.asarray(values, dtype=jnp.result_type(float)))


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
# lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1): i = 2, 3, 4, 5, the body traced once.


def _fori(lower: int, upper: int, body, start: int) -> int:
    acc = start
    for i in range(lower, upper):
        acc = body(i, acc)
    return acc


FORI_ANSWER = _fori(2, 6, lambda i, acc: acc * 2 + i, 1)  # 57

FORI_OPTIONS = ("A", "B", "C", "D")
FORI_TEXTS = (
    "120: i = 2, 3, 4, 5 and 6, the upper bound included",
    "57: i = 2, 3, 4, 5, each result fed into the next call; Python runs the body once, "
    "while tracing, and the compiled loop runs it four times",
    "57: i = 2, 3, 4, 5, each result fed into the next call; Python runs the body four "
    "times, once per i, as in a Python loop",
    "27: four steps, with i = 0, 1, 2, 3 (i counts the steps)",
)


def _fori_number(answer: Any) -> bool:
    """A number where a letter is asked: the loop's result, run or worked out (a Python,
    NumPy or jax number, or a string of digits)."""
    if isinstance(answer, bool):
        return False
    if isinstance(answer, str):
        return str.isdigit(str.strip(answer))
    if isinstance(answer, int | float | np.integer | np.floating):
        return True
    return is_jax_array(answer) and answer.shape == ()


def _fori_value(answer: Any) -> float | None:
    """The number a _fori_number answer typed, None for any other answer."""
    if not _fori_number(answer):
        return None
    return float(str.strip(answer)) if isinstance(answer, str) else float(answer)


def _fori_typed(*values: float) -> Callable[[Any], bool]:
    """Matches a number typed for the letter, one of ``values``."""

    def matches(answer: Any) -> bool:
        return _fori_value(answer) in values

    return matches


def _fori_no_option_number(answer: Any) -> bool:
    """A typed number that is no option's result (57, 120, 27) and no place (1 to 4)."""
    value = _fori_value(answer)
    return value is not None and value not in (57.0, 120.0, 27.0, 1.0, 2.0, 3.0, 4.0)


# --- 11.scan_ema --------------------------------------------------------------------------
# The bias-corrected moving average (Adam's first moment): m starts at 0,
# m = beta * m + (1 - beta) * x, and the t-th output is m / (1 - beta**t), t = 1, 2, ...


EMA_TERMS = {
    "x": lambda x: x,
    "x**2": lambda x: x**2,
    "abs(x)": abs,
    "x**3": lambda x: x**3,
}

EMA_VARIANTS = Variants(
    default={"term": "x"},
    draw=lambda rng: {"term": rng.choice(("x**2", "abs(x)", "x**3"))},
    shown="Your corrected_ema averages {term} for each element x of the series.",
)


def _term_name() -> str:
    """What the learner's variant averages for each element x (variant 0: x itself)."""
    return EMA_VARIANTS.current("11.scan_ema")["term"]


def _terms(xs):
    """What the average takes in, element by element: xs, or its squares, ..."""
    return EMA_TERMS[_term_name()](xs)


def _corrected_ema_of(xs, beta, term):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * EMA_TERMS[term](x)
        t = t + 1
        return (m, t), m / (1 - beta**t)

    return jax.lax.scan(step, (0.0, 0), xs)[1]


_EMA_JITTED: dict[str, Any] = {}


def _ema_reference() -> Callable[..., Any]:
    """The reference for the variant being judged, jitted as the solution is (unjitted,
    the scan is traced and compiled on every call), one per term: the grader calls a
    jitted function as it is, so beta is traced and one program serves every beta."""
    term = _term_name()
    if term not in _EMA_JITTED:
        _EMA_JITTED[term] = jax.jit(functools.partial(_corrected_ema_of, term=term))
    return _EMA_JITTED[term]


def _corrected_ema(xs, beta):
    return _ema_reference()(xs, beta)


def _ema_inputs():
    """Two lengths: a jitted answer compiles twice (beta, a Python float, is a weakly typed
    scalar whatever its value), and so does the reference, jitted itself (the grader calls
    a jitted function as it is). The long series is where beta**-t, a closed form's
    factor, passes float32's largest number (0.5**-128 does): the task asks for the
    averages of any series."""
    return [
        (_vector(1.0, 3.0, 2.0, 6.0, 4.0, -2.0), 0.5),
        (_vector(10.0, 0.0, 0.0, 0.0, 0.0, 0.0), 0.75),
        (_vector(-1.0, 2.0, 0.5, 4.0, -3.0, 2.5), 0.9),
        (_vector(*np.linspace(-1.0, 1.0, 200)), 0.5),
    ]


def _ema_lengths():
    """Series alike but for their length, shortest first (4, 5, then 7 values): traced
    only, to count a Python step per element, so their shapes compile nothing."""
    return [
        (_vector(10.0, 0.0, 0.0, 0.0), 0.75),
        (_vector(1.0, 3.0, 2.0, 6.0, 4.0), 0.75),
        (_vector(-1.0, 2.0, 0.5, 4.0, -3.0, 1.0, 2.5), 0.75),
    ]


def _raw_averages(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return jax.lax.scan(step, 0.0, _terms(xs))


def _ema_uncorrected(xs, beta):
    return _raw_averages(xs, beta)[1]


def _ema_corrected_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)
        return (m, t), m

    return jax.lax.scan(step, (0.0, 0), xs)[1]


def _ema_t_from_zero(xs, beta):
    m = _raw_averages(xs, beta)[1]
    return m / (1 - beta ** jnp.arange(xs.shape[0]))


def _ema_t_one_ahead(xs, beta):
    m = _raw_averages(xs, beta)[1]
    return m / (1 - beta ** jnp.arange(2, xs.shape[0] + 2))


def _ema_t_two_ahead(xs, beta):  # round 15: t carried from 1, then t + 1 + 1 in the power
    m = _raw_averages(xs, beta)[1]
    return m / (1 - beta ** jnp.arange(3, xs.shape[0] + 3))


def _ema_t_behind(xs, beta):  # round 15: t = arange(n); the first, 1 - beta**0 = 0, left raw
    m = _raw_averages(xs, beta)[1]
    t = jnp.arange(xs.shape[0])
    return jnp.where(t == 0, m, m / (1 - beta ** jnp.maximum(t, 1)))


def _ema_cases() -> list[tuple[Any, ...]]:
    """The rule's inputs, as built once for this check (``cases_of_this_check``)."""
    return cases_of_this_check(_ema_inputs, _ema_inputs)


def _on_the_rules_inputs(answer: Any, index: int) -> Any:
    """The answer's output on the rule's ``index``-th input; raises what it raised. Each
    case runs once a check (``answer_outcome``, shared with the rule): the predicates
    below called the answer on every input again, each of them, and an unjitted scan
    traces and compiles at every call (2026-12-06)."""
    value, raised = answer_outcome(_ema_inputs, answer, index, _ema_cases()[index])
    if raised is not None:
        raise raised
    return value


def _corrected_from(answer: Any, shifts: tuple[int, ...], first: int) -> bool:
    """The raw averages divided by 1 - beta**(t + shift), one shift for every input, from
    the ``first``-th element on (0-based; where t + shift <= 0 the correction is 0 and
    an answer does something else there): the step count in the correction is off.
    The raw averages are the grader's outputs (``outputs_on``: computed once per variant,
    where each question scanned them again, a scan traced and compiled per input)."""
    if not callable(answer):
        return False
    cases = _ema_cases()
    try:
        outs = [np.asarray(_on_the_rules_inputs(answer, i), dtype=float) for i in range(len(cases))]
    except Exception:
        return False
    raws = outputs_on(_ema_inputs, _ema_uncorrected)
    for shift in shifts:
        for index, (out, (_, beta)) in enumerate(zip(outs, cases, strict=True)):
            raw = np.asarray(raws[index], dtype=float)
            t = np.arange(1, raw.shape[0] + 1) + shift
            if out.shape != raw.shape:
                return False
            want = raw[first:] / (1 - float(beta) ** t[first:])
            if not np.allclose(out[first:], want, rtol=1e-5, atol=1e-6):
                break
        else:
            return True
    return False


def _ema_times_correction(xs, beta):
    m = _raw_averages(xs, beta)[1]
    return m * (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def _ema_power_of_weight(xs, beta):
    """The correction built on 1 - beta, the new element's weight: 1 - (1 - beta)**t."""
    m = _raw_averages(xs, beta)[1]
    return m / (1 - (1 - beta) ** jnp.arange(1, xs.shape[0] + 1))


def _ema_divided_by_weight_power(xs, beta):
    """The correction read as (1 - beta)**t alone."""
    m = _raw_averages(xs, beta)[1]
    return m / (1 - beta) ** jnp.arange(1, xs.shape[0] + 1)


# The short series alone (the rule's first three inputs): on the long one, a correction
# built on powers of 1 - beta passes float32's range, and two such answers differ in where
# inf or nan comes out. Read among the rule's inputs, where the answer's outputs are the
# ones the rule and the other predicates read: on inputs of their own (equal values), it
# ran the answer's unjitted scan, compiled anew at each call, three more times a check.
_SHORT_SERIES = 3


def _corrects_with_weight(answer: Any) -> bool:
    return any(
        behaves_like(wrong, _ema_inputs, first=_SHORT_SERIES)(answer)
        for wrong in (_ema_power_of_weight, _ema_divided_by_weight_power)
    )


def _ema_one_correction(xs, beta):
    m = _raw_averages(xs, beta)[1]
    return m / (1 - beta ** xs.shape[0])


def _ema_weights_swapped(xs, beta):
    def step(m, x):
        m = (1 - beta) * m + beta * x
        return m, m

    m = jax.lax.scan(step, 0.0, _terms(xs))[1]
    return m / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def _ema_from_first(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    m = jax.lax.scan(step, _terms(xs)[0], _terms(xs))[1]
    return m / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def _ema_from_first_uncorrected(xs, beta):  # the usual EMA: right on a constant series
    return _raw_averages_from(xs, beta, _terms(xs)[0])


def _ema_precedence(xs, beta):  # m / 1 - beta**t: divided by 1, then beta**t subtracted
    return _raw_averages(xs, beta)[1] / 1 - beta ** jnp.arange(1, xs.shape[0] + 1)


def _ema_new_in_full(xs, beta):  # m = beta * m + x, corrected: 1 / (1 - beta) times
    def step(m, x):
        m = beta * m + x
        return m, m

    m = jax.lax.scan(step, 0.0, _terms(xs))[1]
    return m / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def _raw_averages_from(xs, beta, start):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return jax.lax.scan(step, start, _terms(xs))[1]


def _ema_complement_beta(xs, beta):  # round 19
    """The task's average for 1 - beta: beta on the new element, 1 - beta on the old
    average, and the correction built on 1 - beta to match (or beta replaced up front)."""
    return _corrected_ema_of(xs, 1 - beta, _term_name())


# The task's corrected average of each variant's term (round 19: x**2 averaged where the
# variant averages x): one function per term, so the grader keeps each one's outputs.
_EMA_OF_TERM = {term: functools.partial(_corrected_ema_of, term=term) for term in EMA_TERMS}


def _ema_another_term(answer: Any) -> bool:
    """The corrected average, right in every other way, of another variant's term."""
    mine = _term_name()
    return any(
        behaves_like(ema, _ema_inputs)(answer) for term, ema in _EMA_OF_TERM.items() if term != mine
    )


def _ema_other_term_example(xs, beta):
    return _EMA_OF_TERM["x**2" if _term_name() != "x**2" else "x"](xs, beta)


def _pairs_on_every_input(answer: Any) -> list[tuple[Any, Any, Any]] | None:
    """(series, first part, second part) on every input where the answer returns a pair
    (a tuple or list of two), or None where it does not, once, or fails."""
    if not callable(answer):
        return None
    found = []
    try:
        for index, case in enumerate(_ema_cases()):
            out = _on_the_rules_inputs(answer, index)
            if type(out) not in (tuple, list) or len(out) != 2:
                return None
            found.append((case[0], out[0], out[1]))
    except Exception:
        return None
    return found


def _returns_scan_pair(answer: Any) -> bool:
    """A pair on every input, where one array is asked, its second part one entry per
    element: scan's (final carry, stacked outputs) returned whole, whatever their values."""
    pairs = _pairs_on_every_input(answer)
    return pairs is not None and all(np.shape(second) == np.shape(xs) for xs, _, second in pairs)


def _returns_final_carry(answer: Any) -> bool:
    """A pair of single numbers on every input, the second the series' length: scan's
    final carry (the last raw average, the step count), scan's first output."""
    pairs = _pairs_on_every_input(answer)
    try:
        return pairs is not None and all(
            np.size(first) == 1 and np.size(second) == 1 and float(second) == np.shape(xs)[0]
            for xs, first, second in pairs
        )
    except (TypeError, ValueError):
        return False


def _ema_pair(xs, beta):
    history = _corrected_ema(xs, beta)
    return history[-1], history


def _ema_times_not_power(xs, beta):
    """The raw averages over 1 - beta * t, a product where the power belongs."""
    t = jnp.arange(1, xs.shape[0] + 1)
    return _raw_averages(xs, beta)[1] / (1 - beta * t)


def _ema_final_carry(xs, beta):
    """scan's first output, the final carry (m, t), returned instead of its second."""
    return _raw_averages(xs, beta)[1][-1], xs.shape[0]


def _ema_lagged(xs, beta):
    """Each output is the corrected average before its element was taken in."""
    m = _raw_averages(xs, beta)[1]
    before = jnp.concatenate([jnp.zeros(1), m[:-1]])
    t = jnp.arange(xs.shape[0])
    return jnp.where(t == 0, 0.0, before / jnp.where(t == 0, 1.0, 1 - beta**t))


def _ema_reversed(xs, beta):
    return _corrected_ema(xs[::-1], beta)[::-1]


def _ema_fixed_beta(xs, beta):
    return _corrected_ema(xs, 0.9)


def _beta_changed():
    xs, _ = _ema_inputs()[0]
    return [[(xs, 0.5), (xs, 0.75)]]


def _ema_ignores_beta(answer: Any) -> bool:
    """The same result for two betas."""
    return callable(answer) and ignores_one_argument(_beta_changed)(answer)


def _first_not_finite(answer: Any) -> bool:
    """The first average is inf or nan on every input (1 - beta**0 = 0 divides it), the
    rest finite: t counted from 0."""
    if not callable(answer):
        return False
    try:
        for index, (xs, _) in enumerate(_ema_cases()):
            out = np.asarray(_on_the_rules_inputs(answer, index), dtype=float)
            if out.shape != xs.shape or np.isfinite(out[0]) or not np.all(np.isfinite(out[1:])):
                return False
    except Exception:
        return False
    return True


def _ema_closed_form(xs, beta):
    """m_t = (1 - beta) * beta**t * sum of x_s * beta**-s: exact, but beta**-s passes
    float32's largest number once s passes 128 at beta = 0.5."""
    t = jnp.arange(1, xs.shape[0] + 1)
    m = (1 - beta) * beta**t * jnp.cumsum(_terms(xs) * beta ** -t.astype(xs.dtype))
    return m / (1 - beta**t)


def _overflows_late(answer: Any) -> bool:
    """Right on the short series, not finite somewhere on the long one."""
    if not callable(answer):
        return False
    try:
        for index, (xs, beta) in enumerate(_ema_cases()):
            out = np.asarray(_on_the_rules_inputs(answer, index), dtype=float)
            want = np.asarray(_corrected_ema(xs, beta), dtype=float)
            if out.shape != want.shape:
                return False
            if xs.shape[0] < 100:
                if not np.allclose(out, want, rtol=1e-4, atol=1e-5):
                    return False
            elif np.all(np.isfinite(out)):
                return False
    except Exception:
        return False
    return True


def _ema_python_counter(xs, beta):
    """The lesson's corrected_ema_counted: t a Python number the step increases. scan
    runs the step's Python once, while tracing, so t is 1 at every element."""
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return jax.lax.scan(step, 0.0, _terms(xs))[1]


def _ema_reduced(xs, beta):
    def step(carry, x):
        m = beta * carry[0] + (1 - beta) * x
        return m, [*carry[1], m / (1 - beta ** (len(carry[1]) + 1))]

    return jnp.stack(functools.reduce(step, _terms(xs), (0.0, []))[1])


def _ema_python_loop(xs, beta):
    m, history = 0.0, []
    for t, x in enumerate(_terms(xs), start=1):
        m = beta * m + (1 - beta) * x
        history.append(m / (1 - beta**t))
    return jnp.stack(history)


def _ema_no_pair(xs, beta):
    return jax.lax.scan(lambda m, x: beta * m + (1 - beta) * x, 0.0, _terms(xs))


# --- 11.while_grad ------------------------------------------------------------------------
# Logistic growth, x <- x + r * x * (1 - x), until x reaches cap, at most max_steps steps.


def _growth_toward(capacity: int) -> dict[str, Any]:
    return {"capacity": capacity, "growth": f"r * x * (1 - x / {capacity})"}


GROW_VARIANTS = Variants(
    default={"capacity": 1, "growth": "r * x * (1 - x)"},
    draw=lambda rng: _growth_toward(rng.choice((2, 3, 4, 5, 8, 10))),
    shown="Your grow: x grows by {growth} per step, toward {capacity}.",
)


def _capacity() -> int:
    """What x grows toward in the learner's variant (variant 0, the page's: 1)."""
    return GROW_VARIANTS.current("11.while_grad")["capacity"]


def _step(r, x):
    capacity = _capacity()
    if capacity == 1:  # the page's step, written as the solution writes it
        return x + r * x * (1 - x)
    return x + r * x * (1 - x / capacity)


def _grow(r, x0, cap, max_steps):
    return jax.lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x < cap, _step(r, x), x), x0)


def _grow_while(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, _step(r, x)

    return jax.lax.while_loop(keep_going, one_step, (0, x0))[1]


def _grow_gradient_stopped(r, x0, cap, max_steps):  # round 20
    """The stopped x kept through stop_gradient: the values are right, and the
    derivatives are 0 wherever the loop stopped."""

    def body(i, x):
        return jnp.where(x < cap, _step(r, x), jax.lax.stop_gradient(x))

    return jax.lax.fori_loop(0, max_steps, body, x0)


def _grow_growth_only(r, x0, cap, max_steps):  # round 20: the logistic map
    """Each step sets x to the growth alone, not x plus the growth."""
    return jax.lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x < cap, _step(r, x) - x, x), x0)


def _grow_never_stops(r, x0, cap, max_steps):
    return jax.lax.fori_loop(0, max_steps, lambda i, x: _step(r, x), x0)


def _grow_tested_once(r, x0, cap, max_steps):
    """x0 tested against cap once, before the loop (round 13: lax.cond around the loop):
    below cap, every step runs."""
    return jnp.where(x0 < cap, _grow_never_stops(r, x0, cap, max_steps), x0)


def _grow_checks_new_value(r, x0, cap, max_steps):
    def body(i, x):
        new = _step(r, x)
        return jnp.where(new < cap, new, x)

    return jax.lax.fori_loop(0, max_steps, body, x0)


def _grow_inverted(r, x0, cap, max_steps):
    return jax.lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x < cap, x, _step(r, x)), x0)


def _grow_clipped(r, x0, cap, max_steps):
    return jnp.minimum(_grow_never_stops(r, x0, cap, max_steps), cap)


def _grow_short(r, x0, cap, max_steps):
    return _grow(r, x0, cap, max_steps - 1)


def _grow_long(r, x0, cap, max_steps):
    return _grow(r, x0, cap, max_steps + 1)


def _grow_first_step_always(r, x0, cap, max_steps):
    return _grow(r, _step(r, x0), cap, max_steps - 1)


def _grow_fixed_max(r, x0, cap, max_steps):
    return _grow(r, x0, cap, 20)


def _grow_fixed_cap(r, x0, cap, max_steps):
    return _grow(r, x0, 0.9, max_steps)


def _grow_toward_cap(r, x0, cap, max_steps):  # cap read as the capacity of the growth
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x / cap), x)

    return jax.lax.fori_loop(0, max_steps, body, x0)


def _growth_reads_cap(answer: Any) -> bool:
    """Round 18: the value changes with cap where cap is never reached, at 1.5 and at 3
    times the capacity (x grows toward the capacity, below both): cap is in the step, as
    the capacity x grows toward, whatever the form (r * x * (1 - x / cap), r * x * (cap -
    x), ...). The task's loop reads cap only to stop."""
    if not callable(answer):
        return False
    k = _capacity()
    try:
        low, high = (
            float(np.asarray(_differentiated(answer)(0.5, 0.1 * k, c * k, 12)[0]))
            for c in (1.5, 3.0)
        )
    except Exception:
        return False
    return bool(np.isfinite(low) and np.isfinite(high)) and not np.isclose(
        low, high, rtol=1e-4, atol=1e-6
    )


def _grow_arguments_swapped(r, x0, cap, max_steps):
    return _grow(x0, r, cap, max_steps)


def _grow_python_if(r, x0, cap, max_steps):
    def body(i, x):
        return _step(r, x) if x < cap else x

    return jax.lax.fori_loop(0, max_steps, body, x0)


def _grow_pair(r, x0, cap, max_steps):
    return jax.lax.fori_loop(
        0,
        max_steps,
        lambda i, s: (s[0] + 1, jnp.where(s[1] < cap, _step(r, s[1]), s[1])),
        (0, x0),
    )


def _grow_one_argument_body(r, x0, cap, max_steps):
    return jax.lax.fori_loop(0, max_steps, lambda x: jnp.where(x < cap, _step(r, x), x), x0)


def _while_behind_a_rule(answer: Any) -> bool:
    """Round 21's sneaky family: the while_loop kept, and grad given a custom_vjp (or
    custom_jvp) of the learner's around it, its backward pass jax.jacfwd or a formula:
    the values are right and grad returns numbers, but it never goes through the loop.
    Told by the answer's program, max_steps a Python int as the check gives it."""
    if not callable(answer):
        return False
    r, x0, cap, max_steps = _grow_inputs()[0]
    try:
        program = jax.make_jaxpr(lambda *v: answer(*v, max_steps))(r, x0, cap)
    except Exception:  # noqa: BLE001 - an answer that fails to trace is the rule's to judge
        return False
    return rule_around(program, ("while",))


def _grow_behind_a_rule():
    @functools.partial(jax.custom_vjp, nondiff_argnums=(3,))
    def grow(r, x0, cap, max_steps):
        return _grow_while(r, x0, cap, max_steps)

    def forward(r, x0, cap, max_steps):
        jac = jax.jacfwd(_grow_while, argnums=(0, 1, 2))(r, x0, cap, max_steps)
        return _grow_while(r, x0, cap, max_steps), jac

    def backward(max_steps, jac, g):
        return tuple(g * j for j in jac)

    grow.defvjp(forward, backward)
    return grow


def _grow_inputs():
    """(r, x0, cap, max_steps), all with one max_steps, 12 (the page's loop runs 20):
    reaches cap after 9 steps; never reaches it; starts above it (no step); starts
    exactly at it (no step: x < cap is False at a tie); overshoots it after 4; never
    reaches it, slowly. The inputs that never reach cap tell a count written in (the
    page's 20, max_steps +- 1) from max_steps. One max_steps: the check compiles one
    program for the reference and one for the answer (cap is traced)."""
    k = _capacity()  # x0 and cap in units of the capacity: the same course in each variant
    return [
        (0.5, 0.1 * k, 0.9 * k, 12),
        (0.3, 0.05 * k, 0.95 * k, 12),
        (0.8, 0.95 * k, 0.9 * k, 12),
        (0.8, 0.9 * k, 0.9 * k, 12),
        (1.2, 0.2 * k, 0.99 * k, 12),
        (0.05, 0.01 * k, 0.9 * k, 12),
    ]


def _grow_at_tie(r, x0, cap, max_steps):
    return jax.lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x <= cap, _step(r, x), x), x0)


def _grow_numpy(r: float, x0: float, cap: float, steps: int) -> float:
    """The while_loop's value for ``steps`` steps at most, in float32 as JAX computes it."""
    r, x, cap, k = np.float32(r), np.float32(x0), np.float32(cap), _capacity()
    for _ in range(steps):
        if not x < cap:
            break
        x = x + r * x * (np.float32(1) - (x if k == 1 else x / np.float32(k)))
    return float(x)


def _fixed_steps(answer: Any) -> bool:
    """The values of the loop run for one fixed number of steps k (at most 40), not
    max_steps, on every input, where k is more than one step from max_steps: the count
    typed in (the lesson's 20, newton_sqrt_fixed's 6, ...). Within one step of it (the
    inputs share one max_steps), the values are one-step-short's or one-step-more's."""
    if not callable(answer):
        return False
    inputs = _grow_inputs()
    try:
        values = [float(np.asarray(_differentiated(answer)(*args)[0])) for args in inputs]
    except Exception:
        return False
    for k in range(41):
        if all(abs(args[3] - k) <= 1 for args in inputs):
            continue
        if all(
            np.isclose(value, _grow_numpy(r, x0, cap, k), rtol=1e-5, atol=1e-6)
            for value, (r, x0, cap, _) in zip(values, inputs, strict=True)
        ):
            return True
    return False


def _value_and_grads(fn):
    """What the check compares: the value and the gradients with respect to r and x0."""
    return jax.value_and_grad(fn, argnums=(0, 1))


def _value_and_grads_compiled(fn):
    """``_value_and_grads(fn)`` jitted with max_steps static (a loop's trip count must be
    a Python int for grad), run eagerly where that fails. Eagerly, a loop's every call
    traces and compiles it again, forward and backward: 12 programs for the check's 6
    inputs, against 1 jitted (one per max_steps, and the inputs share one; cap is traced:
    a Python float is a weakly typed scalar, one dtype for every value), and on a TPU each
    one counts. An answer that only runs eagerly is judged eagerly, by the task's own
    call, so the verdict and its error are eager grad's either way."""
    eager = _value_and_grads(fn)
    compiled = jax.jit(eager, static_argnums=3)
    refused: dict[tuple[Any, ...], Exception] = {}  # what jit raised, by the arguments

    def run(*args: Any) -> Any:
        try:
            return compiled(*args)
        except Exception as exc:
            refused[args] = exc
            return eager(*args)

    run.refused_jitted = refused  # type: ignore[attr-defined]
    return run


@concrete_cache
def _grader_value_and_grads(fn, variant):
    """The reference's (or a mistake example's) value_and_grad, one per function and
    variant (``variant_key()``: each reads its capacity while traced), so that
    SameFunction computes its outputs once; jitted with max_steps static, as the grader's
    own functions branch on none of r, x0 and cap in Python: one program per max_steps,
    where run eagerly every input compiled its loop again."""
    return jax.jit(_value_and_grads(fn), static_argnums=3)


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
    """value_and_grad of the answer, remembered for the last answer checked in the variant
    being judged (a mistake's example checked as an answer reads its capacity while
    traced, and ``transformed`` keeps one trace per variant)."""
    variant = variant_key()
    if _last_answer.get("answer") is not answer or _last_answer.get("variant") != variant:
        _last_answer.clear()
        _last_answer.update(
            answer=answer,
            variant=variant,
            fn=_Remembered(transformed(_value_and_grads_compiled, answer)),
        )
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
        return self._rule(_differentiated(answer), _grader_value_and_grads(expected, variant_key()))


def _first_input():
    return _grow_inputs()[:1]


def _cannot_take(count: int):
    """Matches a function whose own signature cannot take ``count`` positional arguments
    (one written for another call, such as the lesson's earlier task)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        try:
            inspect.signature(answer).bind(*range(count))
        except TypeError:
            return True
        except ValueError:  # no signature to read (a builtin): the rule says what fails
            return False
        return False

    return matches


def _grad_fails_with(error: str, pattern: str):
    """Matches a function whose value_and_grad raises ``error`` matching ``pattern`` (on
    the first input: a loop that fails, fails on any)."""
    inner = fails_with(error, pattern, _first_input)

    def matches(answer: Any) -> bool:
        return callable(answer) and inner(_differentiated(answer))

    return matches


def _not_scalar_output(pair: bool):
    """Matches a function that grad refuses for its output: a tuple (``pair``) or an array
    of more than one number (not ``pair``), on the first input."""
    grad_fails = _grad_fails_with("TypeError", r"scalar-output")

    def matches(answer: Any) -> bool:
        if not grad_fails(answer):
            return False
        try:
            out = answer(*_first_input()[0])
        except Exception:
            return pair  # the old reading: grad said so, whatever the output is
        if isinstance(out, (tuple, list)):
            return pair
        return not pair and jnp.ndim(out) >= 1 and jnp.size(out) > 1

    return matches


def _grow_every_x(r, x0, cap, max_steps):
    def body(x, _):
        x = jnp.where(x < cap, _step(r, x), x)
        return x, x

    return jax.lax.scan(body, x0, length=max_steps)[1]


_REVERSE_MODE = "Reverse-mode differentiation does not work"


def _grow_steps_taken(r, x0, cap, max_steps):  # the count of the state, not its x
    def body(i, state):
        x, k = state
        go = x < cap
        return jnp.where(go, _step(r, x), x), k + go

    return jax.lax.fori_loop(0, max_steps, body, (x0, 0.0))[1]


def _bound_traced_under_jit(answer: Any) -> bool:
    """Eager grad goes through, but jitted with max_steps static it meets a while_loop: a
    loop bound made an array from max_steps (jnp.asarray), concrete eagerly only."""
    if not callable(answer) or is_jitted(answer):
        return False
    # What the check's own jitted call raised on the first input (_value_and_grads_compiled,
    # as the rule ran it): a second jit of the answer traced, lowered and compiled it all
    # again (a fifth of 11.while_grad's CPU in test_variants, 2026-12-07).
    differentiated = _differentiated(answer)
    (args,) = _first_input()
    answer_outcome(_first_input, differentiated, 0, args)  # the rule's call, remembered
    exc = getattr(differentiated.fn, "refused_jitted", {}).get(args)
    return (
        exc is not None
        and "ValueError" in {cls.__name__ for cls in type(exc).__mro__}
        and re.search(_REVERSE_MODE, str(exc)) is not None
    )


def _grow_bound_as_array(r, x0, cap, max_steps):
    return jax.lax.fori_loop(
        0, jnp.asarray(max_steps), lambda i, x: jnp.where(x < cap, _step(r, x), x), x0
    )


def _jitted_traced_steps(answer: Any) -> bool:
    return is_jitted(answer) and _grad_fails_with("ValueError", _REVERSE_MODE)(answer)


def _grow_scan_no_length(r, x0, cap, max_steps):
    return jax.lax.scan(lambda x, _: (jnp.where(x < cap, _step(r, x), x), None), x0, None)[0]


def _grow_steps():
    """Alike but for max_steps, fewest first; cap is never reached."""
    return [(0.1, 0.01 * _capacity(), 0.99 * _capacity(), n) for n in (3, 6, 12)]


def _grow_reduced(r, x0, cap, max_steps):
    return functools.reduce(lambda x, _: jnp.where(x < cap, _step(r, x), x), range(max_steps), x0)


def _grow_three_arguments(r, x0, steps):
    return jax.lax.fori_loop(0, steps, lambda i, x: _step(r, x), x0)


def _grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, _step(r, x), x)
    return x


# --- 11.first_two_positive --------------------------------------------------------------
# The first two positive elements of x, in order, a padding value for each one missing;
# under jit. The padding is 0.0 on the page (variant 0) and drawn otherwise: a number no
# input holds, so an answer that pads with another (the page's 0.0, a neighbour's) fails
# wherever fewer than two elements are positive.
PAD_VARIANTS = Variants(
    default={"fill": 0.0},
    draw=lambda rng: {"fill": rng.choice((-0.5, -1.5, -2.5, -9.5))},
    shown="first_two_positive puts {fill} for each positive element that is missing.",
)


def _fill() -> float:
    """The padding of the learner's variant (variant 0: 0.0)."""
    return PAD_VARIANTS.current("11.first_two_positive")["fill"]


def _first_two_positive(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[index].get(mode="fill", fill_value=_fill())


@concrete_cache
def _variant_copy(fn: Callable[..., Any], variant: Any) -> Callable[..., Any]:
    @functools.wraps(fn)
    def copy(x):
        return fn(x)

    return copy


def _in_variant(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (an example that reads the padding while traced) as a function of its own per
    variant: jax.jit keeps one trace per Python function, and a trace keeps the padding it
    read, so the mistakes that run an answer under jit need a new one per variant."""
    return _variant_copy(fn, variant_key())


def _positive_inputs():
    """One length, 12, for every case, longer than the page's vectors: jit compiles an
    answer (and the reference) once; a padding index fixed below 12 (the page's length
    5, or a guess such as 8 or 10) reads a real element of the vectors with one positive.
    A vector shorter than two is tried apart, by the mistake short-vector."""
    return [
        (_vector(-1.0, 4.0, -2.0, -1.0, 3.0, 5.0, -2.0, 0.0, -3.0, 1.0, -1.0, -2.0),),
        (_vector(-1.0, -2.0, 0.0, -4.0, -3.0, -1.0, 6.0, -2.0, 0.0, -1.0, -5.0, -3.0),),
        (_vector(-3.0, -1.0, 0.0, -2.0, -5.0, -1.0, 0.0, -4.0, -2.0, -1.0, -3.0, 0.0),),
        (_vector(0.0, 8.0, 9.0, 1.0, -4.0, 2.0, -1.0, 3.0, -2.0, 0.0, 4.0, -1.0),),
        # the only positive first: padding that reads x[0] shows, zeroed or not
        (_vector(5.0, -1.0, -2.0, 0.0, -3.0, -2.0, -1.0, -4.0, 0.0, -2.0, -1.0, -3.0),),
        (_vector(2.0, 7.0, -1.0, 0.0, 3.0, 4.0, 1.0, -2.0, 5.0, -3.0, 2.0, 0.0),),
        # one positive, after it only negatives: a fixed padding index reads one of them
        (_vector(-1.0, 5.0, -1.0, -2.0, -4.0, -3.0, -2.0, -1.0, -5.0, -3.0, -2.0, -4.0),),
    ]


def _padding_reads_last(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def _padding_zeroed_after(x):
    """Pads with index 0, then zeroes what is not positive: right unless x[0] is positive
    and fewer than two are."""
    values = x[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]
    return jnp.where(values > 0, values, _fill())


def _last_two_positive(x):  # round 20: argsort(x > 0)[-2:]
    """The last two positive elements, in x's order, the missing ones first."""
    order = jnp.argsort(x > 0, stable=True)[-2:]
    picked = x[order]
    return jnp.where(picked > 0, picked, _fill())


def _index_zero_missing(x):  # round 20
    """Pads with index 0 and takes every index 0 for padding: a positive x[0], a real
    first positive element, is dropped too."""
    index = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(index == 0, _fill(), x[index])


def _padding_reads_first(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def _argmax_reads_first(x):
    first = jnp.argmax(x > 0)
    rest = jnp.where(jnp.arange(x.shape[0]) > first, x, 0.0)
    second = jnp.argmax(rest > 0)
    return jnp.stack([x[first], x[second]])


# the last answer run on one element: (answer, (ok, output or error)), shared by the two
# mistakes below, so that a right answer is compiled for one element once, not twice
_one_element_run: list[Any] = []


def _on_one_element(answer: Any) -> tuple[bool, Any]:
    """``jax.jit(answer)`` on a vector of a single element: (True, its output as a NumPy
    array) or (False, what it raised)."""
    if _one_element_run and _one_element_run[0][0] is answer:
        return _one_element_run[0][1]
    try:
        outcome: tuple[bool, Any] = (True, np.asarray(jax.jit(answer)(_vector(3.0))))
    except Exception as exc:
        outcome = (False, exc)
    _one_element_run[:] = [(answer, outcome)]
    return outcome


def _runs_on_the_inputs(answer: Any) -> np.ndarray | None:
    """The answer's output on the rule's first input, jitted; None when it raises."""
    try:
        return np.asarray(jax.jit(answer)(*_positive_inputs()[0]))
    except Exception:
        return None


def _one_value_for_one_element(answer: Any) -> bool:
    """On a vector of a single element, one value where the eager function gives two (the
    element and 0.0): its length came from x's (an argsort's [:2], say; round 11). Tried
    apart from the rule's inputs, all of length 12, so that one compile serves them; on
    the first of those it gives two values (round 16: size=1 gives one value on any x)."""
    if not callable(answer):
        return False
    ok, out = _on_one_element(answer)
    if not ok:
        return False
    longer = _runs_on_the_inputs(answer)
    return out.shape == (1,) and longer is not None and longer.shape == (2,)


def _fails_on_one_element(answer: Any) -> bool:
    """Round 18: under jit, raises on a vector of a single element, and runs on the rule's
    inputs (length 12): what it asks of x needs two elements (jnp.extract or compress with
    size=2, which refuse a size above x's length; a fixed slice reshaped)."""
    if not callable(answer):
        return False
    ok, _ = _on_one_element(answer)
    return not ok and _runs_on_the_inputs(answer) is not None


def _extract_two(x):
    return jnp.extract(x > 0, x, size=2, fill_value=_fill())


def _ranks_from_zero(x):  # a running count is 1 at the first positive: rank 0 picks none
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 0), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    return jnp.stack([first, second])


def _first_positive_second(answer: Any) -> bool:
    """On every input with a positive element, the first positive element in the second
    slot and nothing positive in the first: the slots one place late (round 16: ranks
    from a cumsum compared with 0 and 1, where the count is 1 at the first positive)."""
    if not callable(answer):
        return False
    seen = False
    for (x,) in _positive_inputs():
        values = np.asarray(x)
        if not np.any(values > 0):
            continue
        try:
            out = np.asarray(jax.jit(answer)(x), dtype=np.float64)
        except Exception:
            return False
        if out.shape != (2,) or out[0] > 0 or out[1] != values[values > 0][0]:
            return False
        seen = True
    return seen


def _first_two_by_sort(x):  # right on the check's vectors, one value for a single element
    order = jnp.argsort(x <= 0, stable=True)[:2]
    return jnp.where(x[order] > 0, x[order], _fill())


def _argmax_first_unguarded(x):  # the second slot guarded, the first not
    first = jnp.argmax(x > 0)
    rest = (x > 0) & (jnp.arange(x.shape[0]) > first)
    return jnp.stack([x[first], jnp.where(rest.any(), x[jnp.argmax(rest)], _fill())])


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
    return jnp.where(x > 0, x, _fill())[:2]


def _two_largest(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def _all_positions(x):
    return x.at[jnp.nonzero(x > 0, size=x.shape[0], fill_value=x.shape[0])[0]].get(
        mode="fill", fill_value=_fill()
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
    """Whole numbers where the first two positive elements of x sit (whatever fills the
    rest), on every input, as ints or cast to x's dtype: the indices from jnp.nonzero,
    never used to read x."""
    if not callable(answer):
        return False
    for (x,) in _positive_inputs():
        try:
            out = np.asarray(jax.jit(answer)(x))
        except Exception:
            return False
        if out.shape != (2,) or not np.all(out == np.round(out)):
            return False
        where = np.flatnonzero(np.asarray(x) > 0)[:2]
        if not np.array_equal(out[: len(where)], where):
            return False
    return True


def _jit_outputs(answer: Any) -> list[np.ndarray] | None:
    """The answer's outputs under jit on the check's inputs, or None when it fails or
    gives anything but two numbers."""
    if not callable(answer):
        return None
    outs = []
    for (x,) in _positive_inputs():
        try:
            out = np.asarray(jax.jit(answer)(x), dtype=float)
        except Exception:
            return None
        if out.shape != (2,):
            return None
        outs.append(out)
    return outs


def _two_largest_any_order(answer: Any) -> bool:
    """On every input, the two largest elements of x (or of x with its non-positive
    elements zeroed), in either order."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        values = np.asarray(x, dtype=float)
        tops = [np.sort(v)[-2:] for v in (values, np.where(values > 0, values, 0.0))]
        if not any(np.allclose(np.sort(out), top) for top in tops):
            return False
    return True


def _padding_at_five(x):
    """Pads with index 5, the length of the page's vectors, and reads it as lesson 06's
    fill mode does: 0.0 on those vectors, a real element on a longer one."""
    found = jnp.nonzero(x > 0, size=2, fill_value=5)[0]
    return x.at[found].get(mode="fill", fill_value=_fill())


def _padding_index_fixed(answer: Any) -> bool:
    """Right where two elements are positive; where fewer are, each missing value is what
    a fixed padding index c of at least 1 reads (x[c], or 0.0 once c is past the end) on
    every input, and some input is long enough that x[c] is a real element."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    inputs = [np.asarray(x, dtype=float) for (x,) in _positive_inputs()]
    for c in range(1, max(values.size for values in inputs)):
        reads_an_element = False
        for out, values in zip(outs, inputs, strict=True):
            found = values[values > 0][:2]
            padding = values[c] if c < values.size else _fill()
            reads_an_element |= found.size < 2 and padding != _fill()
            want = np.concatenate([found, np.full(2 - found.size, padding)])
            if not np.allclose(out, want):
                break
        else:
            if reads_an_element:
                return True
    return False


def _second_is_neighbour(answer: Any) -> bool:
    """The first value is the first positive element (0.0 when none) and the second the
    element right after it, zeroed when not positive, on every input: neighbours, not
    the next positive one."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        values = np.asarray(x, dtype=float)
        where = np.flatnonzero(values > 0)
        if where.size == 0:
            if not np.allclose(out, _fill()):
                return False
            continue
        first = where[0]
        if first + 1 == values.size:
            continue  # no neighbour: a slice clamped to the end reads any pair here
        after = values[first + 1]
        if not np.allclose(out, [values[first], after if after > 0 else _fill()]):
            return False
    return True


def _missing_fillers(answer: Any) -> list[float] | None:
    """What the answer puts for each missing element on the check's inputs, when the
    positive elements it finds are right and in order; None otherwise."""
    outs = _jit_outputs(answer)
    if outs is None:
        return None
    fillers: list[float] = []
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        values = np.asarray(x, dtype=float)
        found = values[values > 0][:2]
        if not np.allclose(out[: found.size], found):
            return None
        fillers += [float(filler) for filler in out[found.size :]]
    return fillers


def _constant_fill(answer: Any) -> bool:
    """Each missing element is one number of the answer's own, the same on every input, and
    not the variant's padding (round 18: a -1.0 appended to x and read for the padding)."""
    fillers = _missing_fillers(answer)
    return (
        fillers is not None
        and len(fillers) > 1
        and len(set(fillers)) == 1
        and not np.isclose(fillers[0], _fill())
    )


def _fill_of_its_own(x):
    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.array([_fill() - 1.0])])[index]  # a padding of its own


def _missing_reads_nonpositive(answer: Any) -> bool:
    """The positive elements found are right, in order; each missing one is an element of
    x that is not positive, and on some input one of them is not 0.0: whatever stands
    for a missing element reads x (a sort or a search past the positives), unzeroed."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    nonzero_fill = False
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        values = np.asarray(x, dtype=float)
        found = values[values > 0][:2]
        if not np.allclose(out[: found.size], found):
            return False
        for filler in out[found.size :]:
            if filler > 0 or not np.any(np.isclose(values[values <= 0], filler)):
                return False
            nonzero_fill |= filler != _fill()
    return nonzero_fill


def _reads_one_early(answer: Any) -> bool:
    """For each positive element found, the element just before it in x (or what stands in
    front of x, for one at index 0): indices found in x, read from x shifted one place."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    told = False
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        values = np.asarray(x, dtype=float)
        if np.shape(out) != (2,):
            return False
        for slot, index in enumerate(np.flatnonzero(values > 0)[:2]):
            if index == 0:
                continue
            if not np.isclose(out[slot], values[index - 1]):
                return False
            told = told or values[index - 1] != values[index]
    return told


def _padded_in_front(x):
    padded = jnp.concatenate([jnp.full(1, _fill(), x.dtype), x])  # the padding put first
    return padded[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]  # x's indices, one early


def _missing_sorted_in(x):
    return x[jnp.argsort(x <= 0, stable=True)[:2]]


def _same_for_every_x(answer: Any) -> bool:
    """The same two numbers for every input: the result typed in, or read from a global."""
    outs = _jit_outputs(answer)
    return outs is not None and all(np.array_equal(out, outs[0]) for out in outs[1:])


def _typed_in(x):
    return jnp.array([4.0, 3.0])


def _ranks_unmasked(x):
    """Each value picked where the running count of positives is 1, then 2, and summed:
    the elements after a positive share its count."""
    count = jnp.cumsum(x > 0)
    return jnp.stack([jnp.sum(jnp.where(count == k, x, 0.0)) for k in (1, 2)])


def _first_two_nonzero(x):
    index = jnp.nonzero(x != 0, size=2, fill_value=x.shape[0])[0]
    return x.at[index].get(mode="fill", fill_value=_fill())


def _first_two_nonnegative(x):
    index = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return x.at[index].get(mode="fill", fill_value=_fill())


def _order_lost(answer: Any) -> bool:
    """The right two values on every input, sorted or swapped on some: the order lost
    (round 15: an int32 result, its values in order, is not; its dtype is what differs)."""
    outs = _jit_outputs(answer)
    if outs is None:
        return False
    swapped = False
    for out, (x,) in zip(outs, _positive_inputs(), strict=True):
        want = np.asarray(_first_two_positive(x), dtype=float)
        if not np.allclose(np.sort(out), np.sort(want)):
            return False
        swapped = swapped or not np.allclose(out, want)
    return swapped


def _fill_value_float(x):
    """fill_value=0.0 read as the result's padding: the indices come back as floats."""
    return x[jnp.nonzero(x > 0, size=2, fill_value=0.0)[0]]


def _float_indices(answer: Any) -> bool:
    """A function that fails under jit indexing with floats (x[i], jnp.take), where
    jnp.nonzero was given a float fill_value (its indices then have the fill's dtype)."""
    return _reads_names(answer, ("nonzero", "argwhere", "flatnonzero")) and (
        _under_jit_fails_with("TypeError", "Indexer must have integer")(answer)
        or _under_jit_fails_with("ValueError", "indices must have an integer")(answer)
    )


def _one_slot_more(x):
    """Slot k kept where k <= the count of positives: slot count is kept as well, and
    reads the padding index 0."""
    index = jnp.nonzero(x > 0, size=2)[0]
    return jnp.where(jnp.arange(2) <= jnp.sum(x > 0), x[index], _fill())


def _neighbour(x):
    first = jnp.argmax(x > 0)
    pair = jax.lax.dynamic_slice(jnp.concatenate([x, jnp.zeros(1)]), (first,), (2,))
    return jnp.where(jnp.any(x > 0), jnp.where(pair > 0, pair, _fill()), _fill())


def _sorted_pair(x):
    return jnp.sort(_first_two_positive(x))


# --- 11.fails_under_jit -----------------------------------------------------------------

JIT_OPTIONS = ("A", "B", "C", "D", "E")
# The question transfers the section's rule (a loop count must be known while tracing) to
# a case the page does not run: a count from an argument, traced by plain jit and a Python
# int when static. Running settles only whether plain fails; the number of programs the
# four static calls compile shows only to a trace counted on purpose, and the reveal cell
# counts another series.
JIT_FAILS = "plain fails: n arrives as a tracer, and range() needs a Python int"
JIT_TEXTS = (
    "plain runs: 2 is a Python int; static compiles 1 program, its loop traced once",
    JIT_FAILS + "; static compiles 2 programs, one per value of n",
    JIT_FAILS + "; static compiles 3 programs, one per new pair of n and x's shape",
    JIT_FAILS + "; static compiles 4 programs, one per new set of values of x and n",
    "plain runs: 2 is a Python int; static compiles 3 programs, one per new pair of n "
    "and x's shape",
)


EXERCISES = (
    Exercise(
        id="11.fori_predict",
        title="Predict what a fori_loop returns, and how it runs",
        reference=lambda: "B",
        rule=Choice(FORI_OPTIONS, texts=FORI_TEXTS),
        hints=(
            "fori_loop(lower, upper, body, init) runs body(i, acc) for i in "
            "range(lower, upper), feeding each result into the next call. Work out the "
            "number first: two options share it.",
            "Then recall what jit does with a Python function: it runs it once, with "
            "tracers, to record its operations (lesson 07). fori_loop builds one loop "
            "operation of the compiled program: how often must it run your Python to "
            "record the body?",
        ),
        solution='result = "B"',
        mistakes=(
            Mistake(
                id="upper-included",
                message="A includes i = 6. Like range(2, 6), fori_loop stops before upper: "
                "the body's i takes the values 2, 3, 4 and 5 only.",
                example=lambda: "A",
            ),
            Mistake(
                id="traced-per-step",
                message="Right number, wrong reason: C has Python run the body once per i, as "
                "a Python loop does. A lax loop is one operation of the compiled program, "
                "whose size does not grow with the number of steps (the next section counts "
                "it): the passes cannot each be a run of your Python.",
                example=lambda: "C",
            ),
            Mistake(
                id="count-from-zero",
                message="D runs four steps with i = 0, 1, 2, 3. The body receives the loop's "
                "own i, which starts at lower = 2: i = 2, 3, 4, 5.",
                example=lambda: "D",
            ),
            Mistake(
                id="number-not-letter",
                message="This exercise asks for a letter, an option's number and its reason "
                "together: two options give the same number, so a number alone does not "
                "answer it. Decide how the loop runs, then choose.",
                example=lambda: FORI_ANSWER,
                matches=_fori_typed(57.0),
            ),
            Mistake(  # round 19
                id="upper-bound-number",
                message="The options are letters, not numbers, and 120 is not what the loop "
                "returns: it runs the body for i = 2 to 6, the upper bound included, and "
                "fori_loop stops before upper, as range does.",
                example=lambda: 120,
                matches=_fori_typed(120.0),
            ),
            Mistake(  # round 19
                id="from-zero-number",
                message="The options are letters, not numbers, and 27 is not what the loop "
                "returns: it counts i from 0, and the body receives the loop's own i, which "
                "starts at lower = 2.",
                example=lambda: 27,
                matches=_fori_typed(27.0),
            ),
            Mistake(  # round 19
                id="place-number",
                message="The options are letters, not numbers: a number from 1 to 4 reads as "
                "an option's place in the list, and no option's result is that small. "
                "Answer with the option's letter, as a string.",
                example=lambda: 2,
                matches=_fori_typed(1.0, 2.0, 3.0, 4.0),
            ),
            Mistake(  # round 19
                id="no-option-number",
                message="The options are letters, not numbers, and your number is no option's "
                "result: the options give 120, 57 and 27. Work out which values of i the "
                "body receives, and how many times, then choose a letter.",
                example=lambda: 26,
                matches=_fori_no_option_number,
            ),
        ),
        success="57, and the body's Python ran once: fori_loop traces it once and the "
        "compiled loop runs it for i = 2, 3, 4, 5.",
        prediction=True,
        explanation=(
            "57, and B's reason. `i` runs from `lower` to `upper - 1`, as in `range(2, "
            "6)`: four passes, with i = 2, 3, 4 and 5, each fed the previous pass's "
            "result. But Python ran the body once: `fori_loop` calls it with tracers, "
            "records its operations, and compiles one loop around them, which runs them "
            "four times (a Python `print()` in the body would print once, and a tracer, "
            "not a number). The next section shows it: the loop's jaxpr holds the body "
            "once, whatever `n`. `jax.debug.print` (lesson 07) "
            "is one of those recorded operations, so it prints on every pass, with the "
            "values. `ordered=True` keeps such prints in the order the program runs them;"
            " without it, JAX may print them in any order (on an accelerator, it can), "
            "which is fine for one print and confusing for a loop's."
        ),
    ),
    Exercise(
        id="11.scan_ema",
        title="Write a bias-corrected moving average with scan",
        reference=_ema_reference,
        # each example holds a scan of its own: compiled whole (39 programs op by op)
        rule=SameFunction(inputs=_ema_inputs, output=SamePytree(), whole_examples=True),
        hints=(
            "scan runs step's Python once, while tracing, as fori_loop runs its body "
            "(11.fori_predict). In corrected_ema_counted, what is t in the step it records, "
            "at every element? Run it on a constant series and compare.",
            "Two things change from step to step: the raw average m and the step number t. "
            "What changes from step to step must travel in the carry; the output of a step "
            "is what you report, m / (1 - beta**t), and it need not be the carry.",
            "def step(carry, x): m, t = carry; m = beta * m + (1 - beta) * {term}; t = t + 1; "
            "return (m, t), m / (1 - beta**t). Start the carry at (0.0, 0).",
            "def corrected_ema(xs, beta):\n    def step(carry, x):\n        m, t = carry\n"
            "        m = beta * m + (1 - beta) * {term}\n        t = t + 1\n"
            "        return (m, t), m / (1 - beta**t)\n"
            "    return lax.scan(step, (0.0, 0), xs)[1]",
        ),
        solution=(
            "@jax.jit  # compiled once: unjitted, a scan whose step is defined inside\n"
            "# the function is traced and compiled again at every call\n"
            "def corrected_ema(xs, beta):\n"
            "    def step(carry, x):\n"
            "        m, t = carry  # the raw average and the step number\n"
            "        m = beta * m + (1 - beta) * {term}\n"
            "        t = t + 1\n"
            "        return (m, t), m / (1 - beta**t)  # the new carry, this step's output\n"
            "\n"
            "    return lax.scan(step, (0.0, 0), xs)[1]"
        ),
        mistakes=(
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: under "
                "jit a Python loop unrolls, one copy of the body per step, so its compile"
                " time grows with the number of steps.",
                example=lambda: _ema_python_loop,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-step",
                message="Your function runs Python once per step (functools.reduce or map calling"
                " a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none.",
                example=lambda: _ema_reduced,
                matches=runs_python_per_element(_ema_lengths),
                also_accepted=True,
            ),
            Mistake(
                id="python-counter",
                message="Every average is divided by 1 - beta, as if t were 1 at every "
                "element. A Python number the step increases is increased once: scan runs "
                "the step's Python once, while tracing, and the compiled loop repeats what "
                "it recorded.",
                example=lambda: _ema_python_counter,
            ),
            Mistake(
                id="uncorrected",
                message="These are the raw averages m, started at 0: the first is only "
                "(1 - beta) times the first element, and the early ones are all too small: "
                "no bias correction.",
                example=lambda: _ema_uncorrected,
            ),
            Mistake(
                id="corrected-carry",
                message="Your carry holds the corrected average, so the next step starts from "
                "it and the correction is applied again on top of the last one, compounding "
                "from step to step.",
                example=lambda: _ema_corrected_carry,
            ),
            Mistake(
                id="t-from-zero",
                message="Your first average is not finite: it is divided by 1 - beta**0, which "
                "is 0: your t is 0 at the first element, where the task's t counts the "
                "elements taken in, 1 after the first.",
                example=lambda: _ema_t_from_zero,
                matches=_first_not_finite,
            ),
            Mistake(
                id="t-one-ahead",
                message="Your correction is one step ahead: the t-th element is divided by "
                "1 - beta**(t + 1), so the first average is not the first element.",
                example=lambda: _ema_t_one_ahead,
            ),
            Mistake(
                id="t-steps-ahead",
                message="Your correction is two steps ahead or more: the t-th average is "
                "divided by 1 - beta**(t + 2) (or a later power), so even the first average "
                "is not the first element. The task's t counts the elements taken in: 1 "
                "after the first, and it grows by one per element.",
                example=lambda: _ema_t_two_ahead,
                matches=lambda answer: _corrected_from(answer, (2, 3), 0),
            ),
            Mistake(
                id="t-one-behind",
                message="From the second element on, your t-th average is divided by "
                "1 - beta**(t - 1): your t counts the elements before this one, 0 at the "
                "first (where 1 - beta**0 is 0, and your first average is something else). "
                "The task's t counts the elements taken in, this one included: 1 after the "
                "first.",
                example=lambda: _ema_t_behind,
                matches=lambda answer: _corrected_from(answer, (-1,), 1),
            ),
            Mistake(
                id="overflows",
                message="Your averages are right on the short series and not finite on the "
                "check's series of 200 elements at beta = 0.5: something your function "
                "computes grows with the position t, as beta**-t does, and passes float32's "
                "largest number, about 3.4e38, once t passes 128. The task asks for the "
                "averages of any series.",
                example=lambda: _ema_closed_form,
                matches=_overflows_late,
            ),
            Mistake(
                id="times-correction",
                message="Each of your outputs is the raw average multiplied by 1 - beta**t, "
                "where the correction divides by it: the early averages, already pulled "
                "toward the start of 0, are pulled further, and the late ones, where 1 - "
                "beta**t is near 1, hardly change.",
                example=lambda: _ema_times_correction,
            ),
            Mistake(
                id="power-of-weight",
                message="Your correction is built on powers of 1 - beta, the weight each new "
                "element gets. What an average started at 0 lacks after t elements is the "
                "weight still left on that start, beta**t, and the task's correction is built "
                "on that.",
                example=lambda: _ema_power_of_weight,
                matches=_corrects_with_weight,
            ),
            Mistake(  # round 20
                id="times-not-power",
                message="Your correction is 1 - beta * t, beta times t, where the task's is "
                "beta to the power t: the weight left on the start of 0 shrinks as beta**t. "
                "beta * t grows instead and reaches 1 at t = 1 / beta (t = 2 for beta = "
                "0.5), where your average is divided by 0, and it divides by a negative "
                "number after.",
                example=lambda: _ema_times_not_power,
            ),
            Mistake(
                id="one-correction",
                message="You divided every average by the same number, the correction for the "
                "length n of the series, where the task's t is each average's own position.",
                example=lambda: _ema_one_correction,
            ),
            Mistake(
                id="started-at-first",
                message="Your average starts from the first element, not from 0. The "
                "correction 1 - beta**t undoes the pull toward a start of 0; from any other "
                "start it overcorrects.",
                example=lambda: _ema_from_first,
            ),
            Mistake(
                id="started-at-first-uncorrected",
                message="Your average starts from the first element and is never corrected: "
                "the usual moving average, right on a constant series only. The task's "
                "starts at 0, and its correction, 1 - beta**t, is what undoes that start.",
                example=lambda: _ema_from_first_uncorrected,
            ),
            Mistake(
                id="precedence",
                message="Each of your outputs is the average minus beta**t, not the average "
                "divided by 1 - beta**t: Python divides before it subtracts, so m / 1 - "
                "beta**t divides m by 1.",
                example=lambda: _ema_precedence,
            ),
            Mistake(
                id="new-in-full",
                message="Each new element enters your average in full, not weighted by 1 - "
                "beta, so your averages come out 1 / (1 - beta) times the task's: twice "
                "them for beta = 0.5, four times for 0.75.",
                example=lambda: _ema_new_in_full,
            ),
            Mistake(
                id="ignores-beta",
                message="Your average gives the same result for beta = 0.5 and beta = 0.75: "
                "it does not use the beta it is given (a global beta, or a number written "
                "in?).",
                example=lambda: _ema_fixed_beta,
                matches=_ema_ignores_beta,
            ),
            Mistake(
                id="weights-swapped",
                message="The weights are swapped: here the old average gets 1 - beta and the "
                "new element beta. (Or step's arguments are in the wrong order: scan calls "
                "step with the carry first, then the element.)",
                example=lambda: _ema_weights_swapped,
            ),
            Mistake(  # round 19
                id="complement-beta",
                message="Your averages are the task's for 1 - beta in place of beta: the new "
                "element gets the weight beta and the old average 1 - beta, and your "
                "correction is built on powers of 1 - beta to match. In the task beta is the "
                "share the old average keeps (the decay: near 1, the average changes slowly) "
                "and 1 - beta the new element's share. At beta = 0.5 the two agree, so only "
                "the other betas show it.",
                example=lambda: _ema_complement_beta,
            ),
            Mistake(  # round 19
                id="other-term",
                message="Your averages are right in every way but what they take in: another "
                "term of each element (x, x**2, abs(x) or x**3) than {term}, the one your "
                "variant of the task averages.",
                example=lambda: _ema_other_term_example,
                matches=_ema_another_term,
            ),
            Mistake(
                id="returns-pair",
                message="This returns a pair, as scan does: (final carry, stacked outputs). The "
                "task asks for one array, with one entry per element.",
                example=lambda: _ema_pair,
                matches=_returns_scan_pair,
            ),
            Mistake(  # round 20
                id="final-carry",
                message="This returns scan's final carry: the (m, t) the last step passed on, "
                "the last raw average and the number of steps, two single numbers. scan "
                "returns that carry first and the outputs of every step, stacked, second; the "
                "task asks for those outputs, one corrected average per element.",
                example=lambda: _ema_final_carry,
                matches=_returns_final_carry,
            ),
            Mistake(
                id="lagged-history",
                message="Each step outputs the average from before its element: the averages "
                "lag one step behind (the first is 0, the last is missing).",
                example=lambda: _ema_lagged,
            ),
            Mistake(
                id="reversed",
                message="Your averages run from the last element back to the first (reverse="
                "True, or the series flipped).",
                example=lambda: _ema_reversed,
            ),
            Mistake(
                id="no-pair",
                message="scan's step must return a pair, (new carry, output of this step), and "
                "yours returns one value.",
                example=lambda: _ema_no_pair,
                matches=fails_with("TypeError", r"scan body output must be a pair", _ema_inputs),
            ),
        ),
        success="The carry holds what the next step needs (the raw m, and t): a Python "
        "variable changes only while scan traces the step, once. The output is what you "
        "report: it need not be the carry.",
        variants=EMA_VARIANTS,
    ),
    Exercise(
        id="11.while_grad",
        title="Fix a while_loop that stops on a value, for grad",
        reference=lambda: _grow,
        rule=SameValueAndGrad(inputs=_grow_inputs),
        hints=(
            "grad needs a number of steps known while tracing, and the values decide when "
            "this loop stops. But a bound is known: max_steps. Could the loop always run "
            "max_steps steps, if the steps after x reaches cap changed nothing?",
            "In the body of lax.fori_loop(0, max_steps, body, x0), compute the next x, and "
            "keep it only while x < cap: jnp.where or lax.cond choose per step.",
            "def grow(r, x0, cap, max_steps):\n    def body(i, x):\n"
            "        return jnp.where(x < cap, x + {growth}, x)\n"
            "    return lax.fori_loop(0, max_steps, body, x0)",
        ),
        solution=(
            "def grow(r, x0, cap, max_steps):\n"
            "    def body(i, x):  # max_steps steps; those after x reaches cap keep x\n"
            "        return jnp.where(x < cap, x + {growth}, x)\n"
            "\n"
            "    return lax.fori_loop(0, max_steps, body, x0)"
        ),
        mistakes=(
            Mistake(
                id="wrong-arity",
                message="Your function does not take the four arguments the check gives it: "
                "it calls grow(r, x0, cap, max_steps), with the cap and the largest number of "
                "steps as the last two.",
                example=lambda: _grow_three_arguments,
                matches=_cannot_take(4),
            ),
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: under "
                "jit a Python loop unrolls, one copy of the body per step, so its compile"
                " time grows with the number of steps.",
                example=lambda: _grow_python_loop,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-step",
                message="Your function runs Python once per step (functools.reduce or map calling"
                " a function for each element, a loop given to exec, a callback that "
                "loops): a Python loop all the same, and the exercise asks for none.",
                example=lambda: _grow_reduced,
                matches=runs_python_per_element(_grow_steps),
                also_accepted=True,
            ),
            Mistake(
                id="jitted-traced-steps",
                message="Your function is jitted, so max_steps arrives as a tracer: fori_loop "
                "cannot know its trip count while tracing, becomes a while_loop, and grad "
                "refuses it again.",
                example=lambda: jax.jit(_grow),
                matches=_jitted_traced_steps,
            ),
            Mistake(  # round 21's sneaky family
                id="while-behind-a-rule",
                message="Your function keeps a while_loop and gives grad a derivative rule of "
                "your own around it (a custom_vjp or custom_jvp): grad uses the rule and never "
                "goes through the loop. The exercise asks for a loop that grad itself "
                "differentiates, one whose number of steps is known while tracing.",
                example=_grow_behind_a_rule,
                matches=_while_behind_a_rule,
                also_accepted=True,
            ),
            Mistake(
                id="still-while",
                message="grad still meets a while_loop: a lax.while_loop, or a fori_loop whose "
                "bounds are not Python ints. Reverse mode must know, while tracing, how "
                "many steps it will store for the backward pass, and a loop that the values "
                "stop has no such number.",
                example=lambda: _grow_while,
                matches=_grad_fails_with("ValueError", _REVERSE_MODE),
            ),
            Mistake(
                id="bound-traced-under-jit",
                message="Eagerly your loop goes through grad, but under jit, with max_steps "
                "static, it meets a while_loop: your loop's bound is an array made from "
                "max_steps, and an array made inside a jitted function is traced, whatever it "
                "was made from. Reverse mode must know, while tracing, how many steps it will "
                "store, and only a Python int tells it then.",
                example=lambda: _grow_bound_as_array,
                matches=_bound_traced_under_jit,
                also_accepted=True,
            ),
            Mistake(
                id="python-if",
                message="Python's if, and, or and not each ask their operand for a truth "
                "value, wherever they stand (inside an array function's argument too), and "
                "inside the loop x is a tracer with no value.",
                example=lambda: _grow_python_if,
                matches=_grad_fails_with("TracerBoolConversionError", ""),
            ),
            Mistake(
                id="step-count-returned",
                message="Your function returns how many steps its loop took, not x after "
                "them: of the loop's state, it returns the count. The page's state is (k, x), "
                "the count first; in a state laid out the other way, x is first and the "
                "count is what stands at position 1.",
                example=lambda: _grow_steps_taken,
            ),
            Mistake(
                id="never-stops",
                message="Your loop runs all max_steps steps and never stops at cap: where x "
                "reaches cap early, it keeps growing.",
                example=lambda: _grow_never_stops,
            ),
            Mistake(  # round 20
                id="gradient-stopped",
                message="Your values are right and your derivatives are 0 wherever x reached "
                "cap: stop_gradient on x once it reached cap cuts what that x owes to r and x0 "
                "through every step before the stop, not only through the steps that change "
                "nothing. The derivative of x after the loop is that of the x the "
                "loop stopped at.",
                example=lambda: _grow_gradient_stopped,
            ),
            Mistake(  # round 20
                id="growth-only",
                message="Each of your steps sets x to its growth, {growth}, where the task's "
                "step adds that growth to x: x after a step is x plus its growth. Set to the "
                "growth alone, x does not grow toward {capacity}.",
                example=lambda: _grow_growth_only,
            ),
            Mistake(
                id="tested-once",
                message="Your loop tests x against cap once, before it starts: where x0 is "
                "below cap every one of the max_steps steps runs, and x keeps growing past "
                "cap. The while_loop tests x before each step.",
                example=lambda: _grow_tested_once,
            ),
            Mistake(
                id="steps-at-cap",
                message="Your loop takes a step where x equals cap: the while_loop's "
                "condition, x < cap, is False at a tie, so it stops there (and takes no step "
                "at all where x0 is cap), and yours takes a step there.",
                example=lambda: _grow_at_tie,
            ),
            Mistake(
                id="clipped",
                message="Your result is the value after all max_steps steps, cut down to cap. "
                "The while_loop stops at the first x at or above cap, and that x can be "
                "above cap: it is the value of that step, not cap itself.",
                example=lambda: _grow_clipped,
            ),
            Mistake(
                id="checks-new-value",
                message="Your loop tests the new value: it refuses the step that would reach "
                "cap, so x stops below cap; the while_loop tests x before each step, so it "
                "takes the step that crosses cap.",
                example=lambda: _grow_checks_new_value,
            ),
            Mistake(
                id="condition-inverted",
                message="Your steps run only where x is at or above cap: below it, x never moves.",
                example=lambda: _grow_inverted,
            ),
            Mistake(
                id="first-step-always",
                message="Your loop takes its first step before testing x: where x0 is already at"
                " or above cap, the while_loop takes no step at all, and yours takes one.",
                example=lambda: _grow_first_step_always,
            ),
            Mistake(
                id="one-argument-body",
                message="fori_loop calls its body with two arguments, the index i and the carried"
                " value, and yours takes one.",
                example=lambda: _grow_one_argument_body,
                matches=_grad_fails_with("TypeError", r"takes 1 positional argument but 2"),
            ),
            Mistake(
                id="returns-pair",
                message="Your function returns a pair (a counter and x, or scan's (carry, "
                "outputs)), and grad needs one number.",
                example=lambda: _grow_pair,
                matches=_not_scalar_output(pair=True),
            ),
            Mistake(
                id="returns-many",
                message="Your function returns an array of several numbers, not one x (scan's "
                "stacked outputs hold one per step), and grad needs one number.",
                example=lambda: _grow_every_x,
                matches=_not_scalar_output(pair=False),
            ),
            Mistake(
                id="scan-no-length",
                message="lax.scan with xs=None and no length does not know how many steps to run.",
                example=lambda: _grow_scan_no_length,
                matches=_grad_fails_with("ValueError", r"length. not provided"),
            ),
            Mistake(
                id="arguments-swapped",
                message="Your function uses x0 as the rate and r as the starting value: the "
                "arguments come in the order grow(r, x0, cap, max_steps).",
                example=lambda: _grow_arguments_swapped,
            ),
            Mistake(
                id="fixed-max",
                message="Your function always runs the same number of steps (the lesson's 20, "
                "or another count written in), whatever max_steps it is given.",
                example=lambda: _grow_fixed_max,
                matches=_fixed_steps,
            ),
            Mistake(
                id="fixed-cap",
                message="Your function stops at 0.9, the lesson's cap, whatever cap it is given.",
                example=lambda: _grow_fixed_cap,
            ),
            Mistake(
                id="grows-toward-cap",
                message="Your growth reads cap: where x never reaches cap, your value still "
                "changes with cap, so x grows toward cap (or by a step cap scales). cap is "
                "only where the loop stops; the growth slows toward {capacity}, whatever "
                "cap is.",
                example=lambda: _grow_toward_cap,
                matches=_growth_reads_cap,
            ),
            Mistake(
                id="one-step-short",
                message="Your loop runs one step too few: max_steps - 1 at most. Like range, "
                "fori_loop includes its lower bound and excludes its upper one.",
                example=lambda: _grow_short,
            ),
            Mistake(
                id="one-step-more",
                message="Your loop runs one step too many, max_steps + 1 where x stays under "
                "cap: a fori_loop runs upper - lower steps, its upper bound excluded as in "
                "range, so a bound one above max_steps adds a step.",
                example=lambda: _grow_long,
            ),
        ),
        success="max_steps steps, known while tracing, and a step that changes nothing once x "
        "has reached cap: the while_loop's values, as a loop grad goes through.",
        variants=GROW_VARIANTS,
    ),
    Exercise(
        id="11.fails_under_jit",
        title="Predict a loop count under jit: traced, or static",
        reference=lambda: "C",
        rule=Choice(JIT_OPTIONS, texts=JIT_TEXTS),
        hints=(
            "jit makes a tracer of every argument it is not told is static, a Python int "
            "too. What does range() need to know while the function is traced?",
            "A static n is a Python int while tracing, so a program is made for one value of "
            "n, and (lesson 07) for one shape and dtype of x. Go through the four calls: "
            "which of them bring something jit has not traced yet?",
            "plain fails; static traces for (shape (5,), n = 2), reuses it for v + 1, then "
            "traces for (shape (5,), n = 3) and (shape (4,), n = 3): fails = 'C'.",
        ),
        solution='fails = "C"',
        mistakes=(
            Mistake(
                id="int-stays-int",
                message="A and E say plain runs. jit makes a tracer of every argument not "
                "marked static, the Python int 2 too, and range(n) needs a Python int while "
                "tracing, which a tracer cannot give.",
                example=lambda: "A",
                matches=lambda answer: (
                    Choice(JIT_OPTIONS, texts=JIT_TEXTS).read(answer) in ("A", "E")
                ),
            ),
            Mistake(
                id="shape-ignored",
                message="B counts one program per value of n. A program is also made for one "
                "shape of x: v[:4] has shape (4,), so static traces again for it, though it "
                "has seen n = 3 before.",
                example=lambda: "B",
            ),
            Mistake(
                id="values-retrace",
                message="D counts new values of x as a new program. v + 1 has v's shape and "
                "dtype, and n is 2 again: jit reuses the program it made for (v, n = 2). A "
                "static argument's value picks a program; of the others, only shapes and "
                "dtypes do.",
                example=lambda: "D",
            ),
        ),
        success="plain fails, and static compiles 3 programs: a loop count must be a Python "
        "int while tracing, so each static n, with each shape of x, is a program of its own.",
        prediction=True,
        explanation=(
            "C. `plain(v, 2)` fails: `jit` makes a tracer of every argument not marked "
            "static, the 2 too, and `range(n)` needs a Python int while tracing. `static` "
            "keeps `n` a Python int, so the loop unrolls `n` times while tracing, and each "
            "program holds one value of `n` for one shape and dtype of `x`: `(v, n=2)` is "
            "traced; `v + 1` has other values but the same shape, so that program is "
            "reused; `(v, n=3)` and `(v[:4], n=3)` are traced anew: 3 programs in all. The "
            "cell below counts the traces of another series, with a print that Python runs "
            "only while tracing."
        ),
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
            "read as {fill}: an index past the end with .at[index].get(mode='fill', "
            "fill_value={fill}), or jnp.where on a count of the positives.",
            "index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]\n"
            "return x.at[index].get(mode='fill', fill_value={fill})",
        ),
        solution=(
            "def first_two_positive(x):\n"
            "    index = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]\n"
            '    return x.at[index].get(mode="fill", fill_value={fill})'
        ),
        mistakes=(
            Mistake(
                id="no-size",
                message="jnp.nonzero still has no size=, so under jit it cannot know how "
                "many indices it returns.",
                example=lambda: _no_size,
                matches=_under_jit_fails_with("ConcretizationTypeError", "size argument"),
            ),
            Mistake(
                id="boolean-mask",
                message="x[x > 0] has as many elements as x has positive ones, a shape jit cannot"
                " know.",
                example=lambda: lambda x: x[x > 0][:2],
                matches=_under_jit_fails_with("NonConcreteBooleanIndexError", ""),
            ),
            Mistake(
                id="numpy-nonzero",
                message="Your function hands x to NumPy (np.nonzero, np.asarray or another "
                "np. function), and NumPy needs concrete values: under jit x is a tracer, "
                "whose values are not known yet.",
                example=lambda: _numpy_nonzero,
                matches=_under_jit_fails_with("TracerArrayConversionError", ""),
            ),
            Mistake(
                id="python-if",
                message="A Python if on an element of x needs its value, which jit does not have "
                "while tracing.",
                example=lambda: lambda x: x[0] if x[0] > 0 else x[1],
                matches=_under_jit_fails_with("TracerBoolConversionError", ""),
            ),
            Mistake(
                id="padding-reads-last",
                message="Where fewer than two elements are positive, you return x's last element "
                "instead of {fill}. The padding index is a real index: -1 reads the last "
                "element, and so does an index past the end, which a plain read clamps "
                "(lesson 06).",
                example=lambda: _padding_reads_last,
            ),
            Mistake(
                id="padding-reads-first",
                message="Where fewer than two elements are positive, you return x[0] instead of "
                "{fill}: jnp.nonzero pads with index 0 unless told otherwise, and index 0 "
                "reads a real element.",
                example=lambda: _padding_reads_first,
                matches=lambda answer: (
                    _pads_by_index(answer)
                    and behaves_like(_padding_reads_first, _positive_inputs, whole=True)(answer)
                ),
            ),
            Mistake(
                id="float-fill-value",
                message="fill_value is what jnp.nonzero pads its indices with, not the "
                "values it reads: an index. A float fill_value makes the indices floats, and "
                "an array cannot be indexed with floats (the TypeError).",
                example=lambda: _fill_value_float,
                matches=_float_indices,
            ),
            Mistake(
                id="one-slot-more",
                message="Where fewer than two elements are positive, your first missing value "
                "is x[0], not {fill}: with n positive elements, the slots that hold them are 0 "
                "to n - 1 (slots count from 0), and yours keeps slot n too, which reads the "
                "padding index, 0 by default.",
                example=lambda: _in_variant(_one_slot_more),
                matches=behaves_like(_one_slot_more, _positive_inputs, whole=True),
            ),
            Mistake(
                id="padding-index-fixed",
                message="Your padding index is a fixed number: it names no element of the "
                "short vectors, so they read {fill}, but on a longer vector it is a real index and "
                "reads a real element.",
                example=lambda: _in_variant(_padding_at_five),
                matches=_padding_index_fixed,
            ),
            Mistake(
                id="padding-zeroed-after",
                message="Your padding reads x[0] and puts {fill} for it when it is not "
                "positive; but where x[0] is itself positive and no second element is, the "
                "padding is x[0] again, not {fill}.",
                example=lambda: _in_variant(_padding_zeroed_after),
                matches=behaves_like(_padding_zeroed_after, _positive_inputs, whole=True),
            ),
            Mistake(  # round 20
                id="index-zero-missing",
                message="Your function takes index 0 for a missing element and puts {fill} "
                "there, but 0 is also a real position: where x[0] is positive, it is the first "
                "positive element, found at index 0, and you drop it. The padding index must "
                "be one no element has.",
                example=lambda: _in_variant(_index_zero_missing),
                matches=behaves_like(_index_zero_missing, _positive_inputs),
            ),
            Mistake(
                id="argmax-reads-first",
                message="Where fewer than two elements are positive, you return x[0] instead of "
                "{fill}: jnp.argmax of a mask with no True in it is 0, and index 0 reads a "
                "real element.",
                example=lambda: _argmax_reads_first,
                matches=lambda answer: (
                    not _pads_by_index(answer)
                    and _reads_names(answer, ("argmax",))
                    and behaves_like(_padding_reads_first, _positive_inputs, whole=True)(answer)
                ),
            ),
            Mistake(
                id="argmax-none-positive",
                message="Where no element is positive, your first value is x[0] instead of "
                "{fill}: jnp.argmax of a mask with no True in it is 0, and index 0 reads a real "
                "element. Where one is, your values are right.",
                example=lambda: _in_variant(_argmax_first_unguarded),
                matches=lambda answer: (
                    not _pads_by_index(answer)
                    and _reads_names(answer, ("argmax",))
                    and behaves_like(_argmax_first_unguarded, _positive_inputs, whole=True)(answer)
                ),
            ),
            Mistake(  # round 18
                id="fill-of-its-own",
                message="Where fewer than two elements are positive, you put a number of your "
                "own for a missing one, the same on every x, and not the padding the task asks "
                "for, {fill}.",
                example=lambda: _in_variant(_fill_of_its_own),
                matches=_constant_fill,
            ),
            Mistake(
                id="missing-not-zeroed",
                message="Where fewer than two elements are positive, a missing one is an element "
                "of x that is not positive (the next one in your order), not {fill}.",
                example=lambda: _missing_sorted_in,
                matches=_missing_reads_nonpositive,
            ),
            Mistake(
                id="same-for-every-x",
                message="Your function returns the same two numbers whatever x is: it does not "
                "compute them from its argument (numbers written in, or a global read). The "
                "check calls it on vectors the page does not show.",
                example=lambda: _typed_in,
                matches=_same_for_every_x,
            ),
            Mistake(
                id="one-early",
                message="Each value you return for a positive element is the element just "
                "before it in x: the indices jnp.nonzero found in x read an array shifted one "
                "place to the right (a value put in front of x), or were made one smaller, so "
                "each reads one element early.",
                example=lambda: _in_variant(_padded_in_front),
                matches=_reads_one_early,
            ),
            Mistake(
                id="ranks-from-zero",
                message="Your second value is the first positive element, and your first is "
                "never positive: each slot holds the element meant for the one before it. A "
                "running count of the positive elements is already 1 at the first of them, "
                "so a count of 0 marks no positive element, and a count of 1 marks the first.",
                example=lambda: _ranks_from_zero,
                matches=_first_positive_second,
            ),
            Mistake(
                id="ranks-unmasked",
                message="Your values add up more than one element: the running count of "
                "positives stays 1 from the first positive element up to the second, so "
                "every element in between, negative or 0, has count 1 too and is picked "
                "with it.",
                example=lambda: _ranks_unmasked,
            ),
            Mistake(
                id="one-per-element",
                message="Your result has one entry per element of x: size= is how many "
                "indices jnp.nonzero returns.",
                example=lambda: _in_variant(_all_positions),
                matches=_one_per_element,
            ),
            Mistake(
                id="first-two-elements",
                message="This looks at the first two elements of x only, keeping the "
                "positive ones among them and putting {fill} for the others. The task wants "
                "the first two positive elements of x, wherever they are.",
                example=lambda: _in_variant(_first_two_zeroed),
            ),
            Mistake(
                id="positions-not-values",
                message="These are where the first two positive elements sit, their indices, "
                "not the elements.",
                example=lambda: _positions,
                matches=_returns_positions,
            ),
            Mistake(  # round 20
                id="last-two",
                message="Your values are the last two positive elements of x, not the first "
                "two: where x has more than two, yours come from its end (and where it has "
                "one, {fill} comes before it). The task asks for the first two positive "
                "elements, in the order they appear in x.",
                example=lambda: _in_variant(_last_two_positive),
                matches=behaves_like(_last_two_positive, _positive_inputs),
            ),
            Mistake(
                id="two-largest",
                message="These are the two largest elements. The task wants the first two "
                "positive ones, in the order they appear in x.",
                example=lambda: _two_largest,
                matches=_two_largest_any_order,
            ),
            Mistake(
                id="negatives-kept",
                message="Your result holds negative elements: you took the first two elements "
                "that are not 0.",
                example=lambda: _in_variant(_first_two_nonzero),
                matches=behaves_like(_first_two_nonzero, _positive_inputs, whole=True),
            ),
            Mistake(
                id="zero-counted",
                message="You count 0.0 as positive: where x holds a 0.0 before the second "
                "positive element, your result has it.",
                example=lambda: _in_variant(_first_two_nonnegative),
            ),
            Mistake(
                id="neighbour-not-next",
                message="Your second value is the element right after the first positive one "
                "({fill} when it is not positive), not the next positive element: the two "
                "positive elements need not be neighbours.",
                example=lambda: _in_variant(_neighbour),
                matches=_second_is_neighbour,
            ),
            Mistake(
                id="order-lost",
                message="These are the right two values, but not in the order they appear in x"
                " (sorted, or swapped).",
                example=lambda: _in_variant(_sorted_pair),
                matches=_order_lost,
            ),
            Mistake(
                id="short-vector",
                message="On a vector of a single element your function returns one value, "
                "where the task asks for two, the element and {fill}: what takes the "
                "first two of something made from x (a slice [:2] of a sort of x, say) takes "
                "no more than x has.",
                example=lambda: _in_variant(_first_two_by_sort),
                matches=_one_value_for_one_element,
                also_accepted=True,
            ),
            Mistake(
                id="fails-on-one-element",
                message="Under jit your function raises on a vector of a single element, and "
                "the check runs it on one, as the task says: what it asks of x needs two "
                "elements or more (a size of 2 where jnp.extract or jnp.compress take no size "
                "above x's length, say). There the eager function returns the element and "
                "{fill}.",
                example=lambda: _in_variant(_extract_two),
                matches=_fails_on_one_element,
                also_accepted=True,
            ),
        ),
        success="size= fixes the shape, and the padding reads as {fill}: one compiled program "
        "for any values.",
        variants=PAD_VARIANTS,
    ),
)
