"""Exercises for lessons/07_jit_and_tracing.ipynb: what makes jit trace again, static
arguments, globals read at trace time, print under jit, and control flow that survives
jit."""

from __future__ import annotations

import inspect
import warnings
import weakref
from collections.abc import Callable
from typing import Any

from jaxtour.exercises.common import concrete_cache, default_float, device_array, jax, jnp
from jaxtour.grader.mistakes import (
    behaves_like,
    branches_in_python,
    call_or_none,
    calls_builtin,
    fails_with,
    ignores_arguments,
    ignores_one_argument,
    leaks_tracer,
    remembered,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    SameFunction,
    answer_outcome,
    cases_of_this_check,
    is_jitted,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.grader.variants import key as variant_key
from jaxtour.lazy import is_jax_array

# --- shared -------------------------------------------------------------------------------


def _plain_function(answer: Any) -> bool:
    return callable(answer) and not is_jitted(answer)


# --- 07.count_traces --------------------------------------------------------------------
# Issue 34 item 3: a count can be run first (a trace counter is one line), so the answer
# is a count AND its reason; two options give 3, and only the reason tells them apart.
# Round 7's readers settled the old question (Python 2, jnp.int32(2), 7) from the reveal's
# count and the weak-type cell under it. Session 47: the weak-type cells now come before the
# exercise (ints: weak 2, strong jnp.int32(2)), and the question transfers the rule to what
# the page runs nowhere: jnp.array(5.0), an array made from a Python float (weak, lesson 03),
# and a NumPy scalar (strong). C and D give 3, told apart only by jnp.array(5.0)'s weak type.
# Session 48: lesson 03's cell shows jnp.array(0.5) weak, which settled D; the call is now
# jnp.float32(2.5) * 2.0, a strong float32 times a weak Python float, which no page runs: the
# weak operand lets the strong one decide, so the product is strong (D says it stays weak,
# as lesson 03's int array times 1.5 did). A strong float32 under x64 too: the count holds.

CALLS = 6
TRACE_OPTIONS = ("A", "B", "C", "D", "E")
TRACE_TEXTS = (
    "2: one trace per dtype of s: a float for 2.0, jnp.float32(2.5) * 2.0, jnp.float32(2.0) "
    "and np.float32(2.0), an int for 3",
    "4: a weakly typed float for 2.0 (which the last 2.0 reuses), a weakly typed int for 3, a "
    "strongly typed float32 for jnp.float32(2.5) * 2.0 (which jnp.float32(2.0) reuses), and "
    "np.float32(2.0): a NumPy scalar is not a jax array, so it traces apart from the jax scalars",
    "3: a weakly typed float for 2.0, which the last 2.0 reuses; a weakly typed int for 3; a "
    "strongly typed float32 for jnp.float32(2.5) * 2.0, which jnp.float32(2.0) and "
    "np.float32(2.0) reuse",
    "3: a weakly typed float for 2.0, which jnp.float32(2.5) * 2.0 and the last 2.0 reuse (a "
    "product with a Python float stays weak); a weakly typed int for 3; a strongly typed "
    "float32 for jnp.float32(2.0), which np.float32(2.0) reuses",
    "6: each call traces, and only the compile is cached",
)
_TRACES = Choice(TRACE_OPTIONS, texts=TRACE_TEXTS)


def _as_int(answer: Any) -> int | None:
    """The integer an answer stands for (Python, NumPy or 0-d array), else None."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return int.__index__(answer)
    if isinstance(answer, np.integer) or is_jax_array(answer) or isinstance(answer, np.ndarray):
        value = np.asarray(answer)
        if value.shape == () and value.dtype.kind in "iu":
            return int(value)
    return None


def _a_count(answer: Any) -> bool:
    """A number of traces (an int, a float, a quoted number) where a letter was asked."""
    if isinstance(answer, str):
        return str.isdigit(str.strip(answer))
    if isinstance(answer, float):
        return True
    return _as_int(answer) is not None


# --- 07.static_window -------------------------------------------------------------------
# Issue 34 item 1: the old task (jnp.ones(window) in smooth) was the lesson's zeros_of(n)
# with a rename, and the shown error's Fix line held it. Session 49: a held-out reader
# passed the weights/mode task by joining two Fix lines (the jnp twin for max, and
# static_argnames for the string). Now both arguments meet the same error: smooth has a
# Python if on the weights' sum (normalise unless it is 0) and one on a flag, same, that
# decides the result's length. The tracer-bool Fix line offers a jnp.where/lax.cond or a
# static argument, and one option for both fails: both static compiles per kernel (the
# check counts compiles), both chosen by jnp.where or lax.cond cannot pick between results
# of two lengths. The pass takes the lesson's idea to a case it has not shown: static for
# what decides a shape, traced (and chosen with an array operation) for data.


def _smooth(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def _correlated(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.correlate(x, kernel, mode="same" if same else "valid")


def _smooth_full(x, weights, same):  # round 20: mode 'full' where the task's is 'valid'
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "full")


def _smooth_python_if(x, weights, same):
    """The exercise's smooth as given: two Python ifs."""
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def _smooth_where_both(x, weights, same):
    """The Fix line's jnp.where for both ifs: same chooses between two lengths."""
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.where(
        same, jnp.convolve(x, kernel, mode="same"), jnp.convolve(x, kernel, mode="valid")
    )


def _smooth_where_same_only(x, weights, same):
    """jnp.where for same, the Python if on the weights kept."""
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:
        kernel = kernel / total
    return jnp.where(
        same, jnp.convolve(x, kernel, mode="same"), jnp.convolve(x, kernel, mode="valid")
    )


def _smooth_jnp_of_tuple(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


@concrete_cache
def _fast_smooth():
    return jax.jit(_smooth, static_argnames="same")


def _smooth_inputs():
    """Kernels of three lengths, both settings of same, an unordered x with negatives, one
    kernel of a length seen before with other values, and kernels whose weights sum to 0
    (left as they are) and to less than 0."""
    return [
        (jnp.arange(8.0), (1.0, 2.0, 1.0), False),
        (jnp.array([1.0, -1.0, 4.0, 0.0, 2.0]), (0.5, 1.5), True),
        (jnp.linspace(0.0, 1.0, 10), (1.0, 1.0, 3.0, 1.0, 1.0), True),
        (jnp.arange(8.0), (3.0, 0.0, 1.0), False),
        (jnp.array([2.0, -1.0, 0.5, 3.0, 1.0, 4.0]), (1.0, -2.0, 1.0), True),
        (jnp.array([2.0, -1.0, 0.5, 3.0, 1.0, 4.0]), (-1.0, 0.0, 1.0), False),
        (jnp.linspace(-1.0, 1.0, 7), (1.0, -3.0, 1.0), False),
    ]


def _fails_on(error: str, argument: str):
    """An error of type ``error`` that JAX says depends on ``argument``."""
    pattern = rf"depends on the values? of the arguments? {argument}\b"
    return fails_with(error, pattern, _smooth_inputs)


def _donates(inputs: Callable[[], list[tuple[Any, ...]]]) -> Callable[[Any], bool]:
    """Matches a function that, called on fresh copies of ``inputs``' arrays, deletes one
    of them: jit donated it (donate_argnums or donate_argnames), so the caller cannot use
    it again (round 17)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args in inputs():
            fresh = tuple(jnp.array(a, copy=True) if is_jax_array(a) else a for a in args)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "Some donated buffers were not usable"
                call_or_none(answer, *fresh)
            if any(is_jax_array(a) and a.is_deleted() for a in fresh):
                return True
        return False

    return matches


def _same_chosen_while_running(answer: Any) -> bool:
    """same chosen by jnp.where (broadcasting two lengths) or lax.cond (two output types)."""
    return fails_with("ValueError", r"Incompatible shapes for broadcasting", _smooth_inputs)(
        answer
    ) or fails_with("TypeError", r"branches must have equal output types", _smooth_inputs)(answer)


def _fails_positionally(answer: Any) -> bool:
    """Whether one of the check's own (positional) calls raised, once per check."""
    if not callable(answer):
        return True
    return any(
        answer_outcome(_smooth_inputs, answer, index, args)[1] is not None
        for index, args in enumerate(cases_of_this_check(_smooth_inputs, _smooth_inputs))
    )


@remembered
def _by_keyword(answer: Any) -> Exception | None:
    """What ``answer(x, weights=..., same=...)`` raised on the first case, or None."""
    if not callable(answer):
        return None
    x, weights, same = _smooth_inputs()[0]
    try:
        answer(x, weights=weights, same=same)
    except Exception as exc:
        return exc
    return None


def _static_data(answer: Any) -> bool:
    """x made static: JAX refuses an array as a static argument."""
    if fails_with("ValueError", r"Non-hashable static", _smooth_inputs)(answer):
        return True
    raised = _by_keyword(answer)
    return isinstance(raised, ValueError) and "Non-hashable static" in str(raised)


def _keyword_calls_fail(answer: Any) -> bool:
    """Right by position, refused by keyword: a static_argnums that does not mean same
    when it comes by keyword (a negative one, or one with static_argnames=())."""
    return (
        _by_keyword(answer) is not None and not _renamed(answer) and not _fails_positionally(answer)
    )


def _renamed(answer: Any) -> bool:
    """The function jit wraps has no parameter named weights or none named same."""
    try:
        parameters = inspect.signature(getattr(answer, "__wrapped__", answer)).parameters
    except (TypeError, ValueError):
        return False
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return False
    return not {"weights", "same"} <= set(parameters)


def _renamed_parameters(answer: Any) -> bool:
    """Right by position, refused by keyword, its parameters named otherwise (a lambda's
    own names)."""
    return _by_keyword(answer) is not None and _renamed(answer) and not _fails_positionally(answer)


_kernels_drawn = np.random.default_rng()


@remembered
def _compiles_per_kernel(answer: Any) -> bool:
    """A new compile for new weights of a length already compiled: weights static. Told
    by the jitted function's own cache (which JAX shares between jax.jit objects of one
    function), with kernels drawn afresh for each check, so no earlier check compiled them."""
    if not is_jitted(answer) or _fails_positionally(answer):
        return False
    x = jnp.linspace(-1.0, 1.0, 13)
    first, second = (tuple(float(w) for w in _kernels_drawn.uniform(0.5, 2.0, 3)) for _ in "ab")
    try:
        answer(x, first, True)
        before = answer._cache_size()
        answer(x, second, True)
        if answer._cache_size() > before:
            return True
    except Exception:
        return False
    return _kernel_in_the_program(answer, x, first, second)


def _kernel_in_the_program(answer: Any, x: Any, first: tuple, second: tuple) -> bool:
    """The program jit builds for two kernels of one length differs: the weights are
    constants in it, not arguments, so each new kernel is a new program to compile. Read
    from the lowered programs, not the cache, which an answer can clear while it traces
    (round 18: everything static, each trace emptying the cache, counted one compile)."""
    try:
        programs = [answer.lower(x, weights, True).as_text() for weights in (first, second)]
    except Exception:
        return False
    return programs[0] != programs[1]


def _same_changed():
    """One call, and the same call with same changed."""
    x = jnp.arange(8.0)
    return [[(x, (1.0, 2.0, 1.0), False), (x, (1.0, 2.0, 1.0), True)]]


def _fixed_same(answer: Any) -> bool:
    """A setting of same written into the function (a lambda or functools.partial)."""
    return fails_with("TypeError", r"multiple values for argument 'same'", _smooth_inputs)(
        answer
    ) or ignores_one_argument(_same_changed)(answer)


def _smooth_unnormalised(x, weights, same):
    return jnp.convolve(x, jnp.array(weights), mode="same" if same else "valid")


def _smooth_always_divided(x, weights, same):
    """The kernel divided by its sum even where that is 0: infinities, then nan."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.sum(kernel), mode="same" if same else "valid")


def _smooth_division_reversed(x, weights, same):
    """The kernel divided only where its sum is 0 (nan there), left as given elsewhere."""
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total == 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def _smooth_by_max(x, weights, same):
    """The kernel divided by its largest weight (the old task's smooth), not by its sum."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode="same" if same else "valid")


def _smooth_positive_sum_only(x, weights, same):
    """The kernel divided only where its weights sum to more than 0 (round 16)."""
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total > 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def _smooth_modes_swapped(x, weights, same):
    """mode "valid" for same=True, "same" for False (round 16)."""
    return _smooth(x, weights, not same)


def _smooth_by_mean(x, weights, same):
    """The kernel divided by the mean of its weights (round 16): the kernel's length times
    smooth's result."""
    kernel = jnp.array(weights)
    total = jnp.mean(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def _smooth_by_abs_sum(x, weights, same):
    """The kernel divided by the sum of its weights' absolute values (round 15): smooth's
    own for weights of one sign, and a zero-sum kernel divided too."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.sum(jnp.abs(kernel)), mode="same" if same else "valid")


# --- 07.stale_global --------------------------------------------------------------------
# Issue 34 item 1: the lesson's demo reads one global learning rate, and its fix was a
# one-word rename. Session 49: with a learning rate and a clipping switch read from the
# global, held-out readers passed by a join: the buggy step with its settings made
# arguments, plus the tracer-bool error's Fix line (jnp.where) for the switch. Now the
# two settings need opposite answers, so that one Fix line applied to both fails: t, the
# step's number, feeds a warmup (Python's min compares it: traced, it needs an array
# operation; static, each step compiles again, and the check hands t out as a jax scalar,
# which cannot be static), and clip is a string naming how the gradient is clipped (jit
# cannot trace a string, and jnp.where or lax.cond cannot choose by one: it must be
# static). Unlike 07.static_window (a flag that decides a shape), the static setting here
# is a value jit cannot take at all, and the traced one is the loop's own counter.
# Issue 35: a step that stores its traced t in a global (a leaked tracer) has the right
# values; it is run under jax.checking_leaks() for a shape no other call used.

# Issue 38: the bound the gradient is clipped to is the learner's variant, so that a
# neighbour's step (or the page's 1) does not pass; "end" is where the page's schedule
# ends then: w = 0, gradient 4, t = 0, 1, 2 with "value", "norm", "none".
CLIP_VARIANTS = Variants(
    default={"clip_at": 1.0, "end": -3.75},
    draw=lambda rng: (lambda c: {"clip_at": c, "end": -3.0 - 0.75 * c})(
        rng.choice((0.25, 0.5, 0.75, 1.5))
    ),
    shown="step clips to {clip_at}: with clip 'value' each gradient element is held to "
    "[-{clip_at}, {clip_at}], with 'norm' the gradient is scaled down to a length of at most "
    "{clip_at}; the schedule below then ends at {end}.",
)


def _clip_at() -> float:
    """The bound of this learner's variant (variant 0: 1.0), read when a step runs or is
    traced: a function jitted with it is jitted afresh per variant (``_fresh``)."""
    return CLIP_VARIANTS.current("07.stale_global")["clip_at"]


def _fresh(step):
    """A new function that calls ``step``: jax.jit keeps one trace per Python function,
    and a trace keeps the bound it read, so each variant's jit needs a function of its own.
    Its parameters keep their names, so that static_argnames="clip" finds clip."""
    return lambda w, grad, t, clip: step(w, grad, t, clip)


def _warmup(t):
    return jnp.minimum(1.0, (t + 1) / 4)


def _by_value(grad):
    return jnp.clip(grad, -_clip_at(), _clip_at())


def _by_norm(grad):
    return grad * jnp.minimum(1.0, _clip_at() / jnp.linalg.norm(grad))


def _clipped(grad, clip, value=_by_value, norm=_by_norm):
    if clip == "value":
        return value(grad)
    if clip == "norm":
        return norm(grad)
    return grad


def _step(w, grad, t, clip):
    return w - _warmup(t) * _clipped(grad, clip)


@concrete_cache
def _jitted_step(variant):
    """The reference, jitted once per variant (``variant_key()``)."""
    return jax.jit(_fresh(_step), static_argnames="clip")


def _step_python_min(w, grad, t, clip):
    """The buggy step's body with its settings made arguments: Python's min on t."""
    return w - min(1.0, (t + 1) / 4) * _clipped(grad, clip)


def _step_python_if_norm(w, grad, t, clip):
    """Clipping by norm with a Python if on the gradient's length."""
    if clip == "norm":
        norm = jnp.linalg.norm(grad)
        if norm > _clip_at():
            grad = grad * _clip_at() / norm
    elif clip == "value":
        grad = _by_value(grad)
    return w - _warmup(t) * grad


def _step_where_both(w, grad, t, clip):
    """The Fix line's jnp.where for both settings, the clip string traced."""
    lr = jnp.where((t + 1) / 4 < 1.0, (t + 1) / 4, 1.0)
    grad = jnp.where(clip == "value", _by_value(grad), grad)
    return w - lr * grad


def _t_as_lr(w, grad, t, clip):
    """t used as the learning rate (the old task's lr, renamed)."""
    return w - t * _clipped(grad, clip)


def _warmup_from_zero(w, grad, t, clip):
    """lr = t / 4: the first step, t = 0, does not move."""
    return w - jnp.minimum(1.0, t / 4) * _clipped(grad, clip)


def _warmup_floored(w, grad, t, clip):
    """(t + 1) // 4: a whole learning rate, 0 until t = 3 (round 15, audit W: ignores-t
    said the rate was fixed at trace time)."""
    return w - jnp.minimum(1.0, (t + 1) // 4) * _clipped(grad, clip)


def _warmup_at_least_one(w, grad, t, clip):
    """The larger of 1 and the warmup, where the smaller is asked: 1 through the warmup, then
    growing past 1 (round 18, audit W: ignores-t said the rate was fixed at trace time)."""
    return w - jnp.maximum(1.0, (t + 1) / 4) * _clipped(grad, clip)


def _warmup_uncapped(w, grad, t, clip):
    """(t + 1) / 4 without the cap at 1: past the warmup the learning rate keeps growing."""
    return w - (t + 1) / 4 * _clipped(grad, clip)


def _always_normalised(w, grad, t, clip):
    """'norm' divides by the length even when it is below the bound: a short gradient
    grows."""
    return w - _warmup(t) * _clipped(grad, clip, norm=lambda g: g * _clip_at() / jnp.linalg.norm(g))


def _norm_grown(w, grad, t, clip):
    """'norm' scales by the larger of 1 and bound / length (round 15): a long gradient is
    left as it is, a short one stretched to the bound."""
    return w - _warmup(t) * _clipped(
        grad, clip, norm=lambda g: g * jnp.maximum(1.0, _clip_at() / jnp.linalg.norm(g))
    )


def _norm_ratio_inverted(w, grad, t, clip):
    """'norm' scales by the smaller of 1 and length / bound (round 18): the ratio turned
    over, so a long gradient is left as it is and a short one shrinks."""
    return w - _warmup(t) * _clipped(
        grad, clip, norm=lambda g: g * jnp.minimum(1.0, jnp.linalg.norm(g) / _clip_at())
    )


def _norm_times_length(w, grad, t, clip):
    """'norm' scales by the smaller of 1 and the length itself, the bound left out."""
    return w - _warmup(t) * _clipped(
        grad, clip, norm=lambda g: g * jnp.minimum(1.0, jnp.linalg.norm(g))
    )


def _norm_by_value(w, grad, t, clip):
    """'norm' clips each element, as 'value' does."""
    return w - _warmup(t) * _clipped(grad, clip, norm=_by_value)


def _modes_swapped(w, grad, t, clip):
    return w - _warmup(t) * _clipped(grad, clip, value=_by_norm, norm=_by_value)


def _always_by_value(w, grad, t, clip):
    """Every gradient clipped by value, whatever clip says (the global's first mode)."""
    return w - _warmup(t) * _by_value(grad)


def _none_by_value(w, grad, t, clip):
    """'none' clipped by value, as 'value' is (round 16: an else after the 'norm' branch)."""
    return w - _warmup(t) * (_by_norm(grad) if clip == "norm" else _by_value(grad))


def _norm_l1(w, grad, t, clip):
    """'norm' scales by the L1 length, the sum of the elements' sizes (round 16)."""
    return w - _warmup(t) * _clipped(
        grad, clip, norm=lambda g: g * jnp.minimum(1.0, _clip_at() / jnp.sum(jnp.abs(g)))
    )


def _none_by_norm(w, grad, t, clip):
    """'none' clipped by norm, as 'norm' is (round 19: an else after the 'value' branch)."""
    return w - _warmup(t) * (_by_value(grad) if clip == "value" else _by_norm(grad))


def _norm_by(length):
    """'norm' scales by another length of the gradient than the Euclidean one."""

    def step(w, grad, t, clip):
        return w - _warmup(t) * _clipped(
            grad, clip, norm=lambda g: g * jnp.minimum(1.0, _clip_at() / length(g))
        )

    return step


# round 19: the largest element's size (the max norm), and the sum of squares left unrooted
_NORMS_NOT_EUCLIDEAN = (
    _norm_by(lambda g: jnp.max(jnp.abs(g))),
    _norm_by(lambda g: jnp.sum(g**2)),
)


def _never_clipped(w, grad, t, clip):
    return w - _warmup(t) * grad


def _clipped_above(w, grad, t, clip):
    """'value' clips from above only: an element below -clip_at passes unchanged."""
    return w - _warmup(t) * _clipped(grad, clip, value=lambda g: jnp.minimum(g, _clip_at()))


def _clipped_to_unit(w, grad, t, clip):
    """'value' read as [0, bound]: a negative gradient element becomes 0."""
    return w - _warmup(t) * _clipped(grad, clip, value=lambda g: jnp.clip(g, 0.0, _clip_at()))


def _ascent(w, grad, t, clip):
    return w + _warmup(t) * _clipped(grad, clip)


def _step_only(w, grad, t, clip):
    return _warmup(t) * _clipped(grad, clip)


def _step_inputs():
    """Each clip string on vectors whose elements and length exceed every variant's bound,
    and once on a gradient shorter than every bound (which 'norm' leaves as it is); t a
    Python int and a jax integer (what a loop over jnp.arange hands out, which cannot be
    static), inside the warmup and past it."""
    w, grad = jnp.array([1.0, -2.0]), jnp.array([0.5, 3.0])
    v, g = jnp.array([0.0, 1.0, 2.0]), jnp.array([-2.5, 0.5, 1.5])
    return [
        (w, grad, 0, "value"),
        (w, grad, jnp.int32(5), "norm"),
        (jnp.array(3.0), jnp.array(-4.0), 2, "none"),
        (v, g, jnp.int32(1), "value"),
        (v, g, 3, "norm"),
        (jnp.array([0.5, -0.5]), jnp.array([0.1, -0.1]), jnp.int32(2), "norm"),
        (v, g, jnp.int32(6), "none"),
    ]


def _python_t_cases():
    """The cases whose t is a Python int."""
    return [args for args in _step_inputs() if not is_jax_array(args[2])]


def _wrong_arity(answer: Any) -> bool:
    """A function whose parameters cannot take the four arguments w, grad, t, clip: jit
    reads every argument before the call, so a string it cannot trace raises first, and
    the signature tells."""
    if not callable(answer):
        return False
    try:
        inspect.signature(getattr(answer, "__wrapped__", answer)).bind(0, 1, 2, "value")
    except TypeError:
        return True
    except ValueError:
        return False
    return False


def _t_changed():
    # in the warmup and past it: a rate that reads t can agree at two of them (the larger of
    # 1 and the warmup is 1 at t = 0 and 2, round 18), never at all three
    w, grad = jnp.array([1.0, -2.0]), jnp.array([0.5, 3.0])
    return [(w, grad, jnp.int32(t), "value") for t in (0, 2, 5)]


def _leaking_step():
    kept = []

    def step(w, grad, t, clip):
        kept.append(t)  # the traced t, kept past its trace
        return _step(w, grad, t, clip)

    return jax.jit(step, static_argnames="clip")


@remembered
def _leaks_tracer(answer: Any) -> bool:
    """A traced value kept outside the step (a global, a list): JAX's leak checker, on a
    shape no other call of the check used, so the step traces anew under it."""
    if not callable(answer):
        return False
    w, grad = jnp.zeros(7), jnp.linspace(-2.0, 2.0, 7)
    return leaks_tracer(lambda: answer(w, grad, jnp.int32(3), "norm"))


# --- 07.debug_print ---------------------------------------------------------------------

PRINT_OPTIONS = ("A", "B", "C", "D", "E")
# The outputs the lesson shows (1 to 4): issue 34 item 3 made the answer an output AND its
# reason, since running the cell shows the output, and two options give output 1.
PRINT_OUTPUTS = (
    "print: JitTracer(~float32[])\ndebug: 1.0\ndebug: 2.0\nprint: JitTracer(float32[3])\n"
    "debug: [0. 1. 2.]",
    "print: JitTracer(~float32[])\ndebug: 1.0\nprint: JitTracer(~float32[])\ndebug: 2.0\n"
    "print: JitTracer(float32[3])\ndebug: [0. 1. 2.]",
    "print: JitTracer(~float32[])\ndebug: 1.0\ndebug: 2.0\ndebug: [0. 1. 2.]",
    "print: 1.0\ndebug: 1.0\nprint: 2.0\ndebug: 2.0\nprint: [0. 1. 2.]\ndebug: [0. 1. 2.]",
)


def _pasted_output(answer: Any) -> bool:
    """Lines of an output (or its number) where an option's letter was asked."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return True
    if not isinstance(answer, str):
        return False
    lines = [" ".join(str.split(line)) for line in str.splitlines(answer) if str.strip(line)]
    return bool(lines) and all(line.startswith(("print:", "debug:")) for line in lines)


# --- 07.clip_negative -------------------------------------------------------------------
# Issue 34: the tour shows jnp.where(x < 0, 0.0, x) (a demo, and the Fix line of the
# boolean-mask error), so the exercise asks for a fill the page does not contain: each
# negative element becomes the mean of the elements that are not negative, a masked mean
# whose NumPy form (x[x >= 0].mean()) has a value-dependent size under jit.

# Issue 38: the bound below which an element is filled is the learner's variant (0 on the
# page), so that a neighbour's mask, or the page's x >= 0, does not pass. Every input is
# the page's shifted by the bound: an element equal to it, ties and nothing to fill alike
# (and a negative element, which the absolute value changes).
FILL_VARIANTS = Variants(
    default={"low": 0.0},
    draw=lambda rng: {"low": rng.choice((-0.5, 0.25, 0.5, 1.0, 1.5))},
    shown="fill_negative(x) fills each element below {low} with the mean of the elements "
    "that are at least {low}: the NumPy code with kept = x >= {low}.",
)


def _low() -> float:
    """The bound of this learner's variant (variant 0: 0.0, the negative elements)."""
    return FILL_VARIANTS.current("07.clip_negative")["low"]


def _vector_inputs():
    """Unordered, odd-sized, with an element equal to the bound (which counts), ties, a
    matrix (one mean for the whole array, not per row), an input with nothing to fill and
    one that holds every variant's bound."""
    return [
        (_shifted([-2.0, 0.5, 0.0, 3.0, -1.0]),),
        (_shifted([[1.0, -1.0, 4.0], [-0.5, 2.0, 0.0]]),),
        (_shifted([2.0, 0.0, 1.5]),),
        (_shifted([-0.3, -0.3, 0.7, 0.2, 0.7, -1.2, 0.0]),),
        # not shifted: every bound a variant draws splits it elsewhere, so that one
        # variant's mask fails another's check (of the vector above's length: no shape of
        # its own to compile)
        (device_array([1.5, -1.0, 0.25, -0.5, 0.0, 1.0, 0.5], default_float()),),
    ]


def _shifted(values: list[Any]) -> Any:
    """``jnp.array(values) + _low()``: the same additions in the same dtype (IEEE, each
    value and the bound rounded to it first, as jnp does with a Python float), by NumPy,
    put on the device as they are. On the device the four shapes compiled eight programs
    on a first check."""
    dtype = default_float()
    return device_array(np.asarray(values, dtype) + dtype.type(_low()))


def _kept(x):
    return x >= _low()


def _fill_negative(x):
    kept = x >= _low()
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _first_element_filled(x):
    """The right fill, and x's first element (flat position 0) filled too, kept or not:
    an index list padded with 0 (jnp.nonzero's size=) writes the fill there (round 15)."""
    kept = x >= _low()
    fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, fill).at[(0,) * x.ndim].set(fill)


def _filled_zero(x):
    return jnp.where(x < _low(), 0.0, x)


def _floored_mean(x):
    kept = x >= _low()
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) // jnp.sum(kept))


def _first_kept(x):
    """The first element that is not negative (in the flat order) as the fill."""
    kept = x >= _low()
    return jnp.where(kept, x, jnp.ravel(x)[jnp.argmax(jnp.ravel(kept))])


def _first_kept_row(x):
    """The same written x[jnp.argmax(kept)]: on a matrix, the flat position picks a row."""
    kept = x >= _low()
    return jnp.where(kept, x, x[jnp.argmax(kept)])


def _mean_of_all(x):
    return jnp.where(x < _low(), jnp.mean(x), x)


def _mask_fraction(x):
    """The fill is the mean of the mask itself, the fraction of elements kept (round 17)."""
    kept = x >= _low()
    return jnp.where(kept, x, jnp.mean(kept))


def _mean_with_zeros(x):
    """The negatives counted in the mean as zeros: the sum is right, the count is not."""
    return jnp.where(x < _low(), jnp.mean(jnp.where(x < _low(), 0.0, x)), x)


def _lifted_to_fill(x):
    """Every element below the fill raised to it: an element-wise maximum with the fill."""
    kept = x >= _low()
    return jnp.maximum(x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _unchanged(x):
    return x


def _mean_of_magnitudes(x):
    """The fill is the mean of |x| over every element."""
    return jnp.where(x < _low(), jnp.mean(jnp.abs(x)), x)


def _mean_of_positives(x):
    """The elements equal to the bound left out of the mean: x > low where the NumPy code
    keeps x >= low."""
    kept = x > _low()
    return jnp.where(x < _low(), jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept), x)


def _row_means(x):
    kept = x >= _low()
    total = jnp.sum(jnp.where(kept, x, 0.0), axis=-1, keepdims=True)
    return jnp.where(kept, x, total / jnp.sum(kept, axis=-1, keepdims=True))


def _zeros_filled_too(x):
    """x > low for both the choice and the mean: an element equal to the bound is replaced
    and left out."""
    kept = x > _low()
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _column_means(x):
    kept = x >= _low()
    total = jnp.sum(jnp.where(kept, x, 0.0), axis=0, keepdims=True)
    return jnp.where(kept, x, total / jnp.sum(kept, axis=0, keepdims=True))


def _zeros_replaced(x):
    """The right mean, but the choice x > 0 (or x <= 0 filled): the zeros replaced too."""
    kept = x >= 0
    return jnp.where(x > 0, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _divided_by_nonzero(x):
    """The kept elements' sum over jnp.count_nonzero(x): negatives counted, zeros not."""
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.count_nonzero(x))


def _divided_by_length(x):
    kept = x >= _low()
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / len(x))


def _inverted_choice(x):
    kept = x >= _low()
    return jnp.where(kept, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept), x)


def _mean_of_negatives(x):
    dropped = x < _low()
    return jnp.where(dropped, jnp.sum(jnp.where(dropped, x, 0.0)) / jnp.sum(dropped), x)


def _all_filled(x):
    """Every element replaced by the mean of the kept ones, not only the negative ones."""
    kept = x >= _low()
    return jnp.full_like(x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _absolute(x):
    return jnp.abs(x)


def _python_if(x):
    if x < 0:  # a Python if: fails under jit for any traced x
        return 0.0
    return x


def _boolean_mask(x):
    return jnp.where(x < 0, x[x >= 0].mean(), x)  # fine outside jit; not under it


def _numpy_where(x):
    kept = x >= 0
    return np.where(kept, x, jnp.mean(x, where=kept))


def _cond_on_array(x):
    return jax.lax.cond(x < 0, lambda v: 0.0 * v, lambda v: v, x)


def _index_list(x):
    return x.at[jnp.where(x < 0)].set(0.0)


def _to_python_number(x):
    return x if float(x.min()) >= 0 else _fill_negative(x)


_trace_errors: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _trace_error(answer: Any) -> tuple[str, str] | None:
    """(class name, message) of the error tracing ``answer`` raises, as under jit; else None.

    make_jaxpr traces without compiling, and the result is kept per function, so the
    mistakes below ask once between them.
    """
    try:
        if answer in _trace_errors:
            return _trace_errors[answer]
    except TypeError:  # not weak-referenceable or not hashable: trace without the cache
        pass
    found = None
    try:
        jax.make_jaxpr(answer)(jnp.array([-1.0, 2.0]))
    except Exception as exc:
        found = (type(exc).__name__, str(exc))
    try:
        _trace_errors[answer] = found
    except TypeError:
        pass
    return found


def _fails_tracing(*errors: tuple[str, str]) -> Any:
    """Matches a function whose tracing raises one of ``errors``: (class name, text in it)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        found = _trace_error(answer)
        return found is not None and any(
            found[0] == name and text in found[1] for name, text in errors
        )

    return matches


# On a vector tracer, a truth test fails as NumPy's does ("truth value ... ambiguous"); on
# a scalar one with TracerBoolConversionError.
_truth_of_a_tracer = _fails_tracing(
    ("TracerBoolConversionError", ""), ("ValueError", "truth value")
)


EXERCISES = (
    Exercise(
        id="07.count_traces",
        title="Predict how often jit traces, and why",
        reference=lambda: "C",
        rule=_TRACES,
        hints=(
            "Running the calls with a trace counter shows the count, but two options give "
            "it: the question is why. Write down what each s looks like to jit: its shape, "
            "its dtype, and whether it is weakly typed.",
            "Two of the six are new to this page: jnp.float32(2.5) * 2.0 and np.float32(2.0). "
            "Lesson 03, under Weak types, says what weak means when a weak value meets a "
            "strong one; and jit traces what an argument becomes, not which library made it.",
            "~float32[] for 2.0 (the last 2.0 reuses it), ~int32[] for 3, float32[] for "
            "jnp.float32(2.5) * 2.0, where the weak 2.0 let the strong float32 decide "
            '(jnp.float32(2.0) and np.float32(2.0) reuse it): trace_count = "C".',
        ),
        solution='trace_count = "C"',
        mistakes=(
            Mistake(
                id="a-count",
                message="This is a number of traces, not a letter. Two options give the same "
                "count, so the count alone does not answer: choose the option whose reason "
                "is right, and give its letter as a string.",
                example=lambda: 3,
                matches=_a_count,
            ),
            Mistake(
                id="shape-and-dtype-only",
                message="A shape and a dtype are not the whole key: whether a value is weakly "
                "typed is in it too, as the weak-type cells above showed on ints. A weak "
                "float and a strong float32 of the same shape trace apart.",
                example=lambda: "A",
            ),
            Mistake(
                id="numpy-scalar-apart",
                message="jit does not trace a NumPy scalar apart from a jax one. Every "
                "argument becomes an array of some shape, dtype and weak type, and the key "
                "holds only that: which library made the scalar is not in it.",
                example=lambda: "B",
            ),
            Mistake(
                id="jax-arrays-strong",
                message="jnp.float32(2.5) * 2.0 is not weak: a weak value lets the other "
                "operand decide, and here the other is a strong float32, so the product is a "
                "strong float32 (lesson 03, Weak types). A product stays weak only where every "
                "operand is weak, or where the strong one's dtype cannot hold it (an int array "
                "times 1.5).",
                example=lambda: "D",
            ),
            Mistake(
                id="every-call",
                message="jit caches the trace with the compile: a call whose arguments match "
                "an earlier call's shapes, dtypes and weak types runs the compiled code and "
                "does not trace. The retrace table above showed calls that reused.",
                example=lambda: "E",
            ),
        ),
        success="Three traces for s: ~float32[] (2.0 again reused it), ~int32[] and "
        "float32[], which jnp.float32(2.0) and np.float32(2.0) reused. A strong operand "
        "decides a product's type, and a NumPy scalar is one more strongly typed array.",
        prediction=True,
        explanation=(
            "C: three traces. `x` is `float32[3]` in every call (`jnp.zeros(3)` changes only "
            "values), so the count is `s`'s: `~float32[]` for the Python `2.0`, which the "
            "last `2.0` reuses; `~int32[]` for `3`, a new dtype; and `float32[]` for "
            "`jnp.float32(2.5) * 2.0`: the weak `2.0` lets the strong `float32` decide, so "
            "the product is strongly typed (D takes it for a weak one; a result stays weak "
            "only when every operand is weak, or when the strong one's dtype cannot hold it, "
            "as with an int array times `1.5`). `jnp.float32(2.0)` is the same kind and reuses "
            "it (A forgets the weak type), and so does `np.float32(2.0)`, which becomes a "
            "strongly typed `float32[]` too: jit keys on what an argument becomes, not on "
            "which library made it (B). (With 64-bit mode on, the Python numbers are "
            "`~float64[]` and `~int64[]`, the three strong scalars still `float32[]`; the "
            "count is the same.)"
        ),
    ),
    Exercise(
        id="07.static_window",
        title="Choose which arguments jit treats as static",
        reference=_fast_smooth,
        rule=SameFunction(inputs=_smooth_inputs),
        hints=(
            "Call jax.jit(smooth) on one example: both of its ifs meet the same error, and its "
            "Fix line offers two ways out. Take them one argument at a time: if weights were "
            "static, would a new kernel of the same length compile again? And could a choice "
            "made while the program runs return results of two different lengths?",
            "weights are data, a new tuple on every call: static, each new kernel compiles "
            "again, so they stay traced and their if becomes an array operation that chooses "
            "element by element. same decides how long the result is, and a shape must be known "
            "while jit traces: jnp.where and lax.cond need both choices of one shape, so same "
            "must be static.",
            "def smooth(x, weights, same):\n"
            "    kernel = jnp.array(weights)\n"
            "    total = jnp.sum(kernel)\n"
            "    kernel = jnp.where(total != 0, kernel / total, kernel)\n"
            "    if same:\n"
            '        return jnp.convolve(x, kernel, mode="same")\n'
            '    return jnp.convolve(x, kernel, mode="valid")\n'
            "\n"
            "fast_smooth = jax.jit(smooth, static_argnames='same')",
        ),
        solution=(
            "def smooth(x, weights, same):\n"
            "    kernel = jnp.array(weights)\n"
            "    total = jnp.sum(kernel)\n"
            "    kernel = jnp.where(total != 0, kernel / total, kernel)\n"
            "    if same:\n"
            '        return jnp.convolve(x, kernel, mode="same")\n'
            '    return jnp.convolve(x, kernel, mode="valid")\n'
            "\n"
            'fast_smooth = jax.jit(smooth, static_argnames="same")'
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is a result, one call's output. The check wants the jitted "
                "function itself, which it calls on its own inputs.",
                example=lambda: _fast_smooth()(*_smooth_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="not-jitted",
                message="This function is not jitted: it is not what jax.jit(...) returns. "
                "The check wants smooth compiled.",
                example=lambda: _smooth,
                matches=_plain_function,
                also_accepted=True,
            ),
            Mistake(
                id="keyword-calls",
                message="Your fast_smooth works with every argument passed by position, but not "
                "with weights and same passed by keyword: jit then no longer treats same as "
                "static. static_argnums counts among each call's positional arguments (a negative "
                "one from their end, so with fewer of them it points at another argument), and "
                "with static_argnames=() given as well, jit does not match the position to the "
                "argument's name.",
                example=lambda: jax.jit(_smooth, static_argnums=-1),
                matches=_keyword_calls_fail,
                also_accepted=True,
            ),
            Mistake(
                id="donated-x",
                message="Your jit donates x (donate_argnums or donate_argnames): a call that "
                "reuses x's memory for its result deletes the x it was given (with same=True "
                "the result has x's shape), so the loop's next call on that x fails ('Array has "
                "been deleted'). The loop calls "
                "fast_smooth with many kernels on the same arrays; donation suits only an "
                "argument its caller never uses again, and static and donated are not the same.",
                example=lambda: jax.jit(_smooth, static_argnames="same", donate_argnums=0),
                matches=_donates(lambda: [args for args in _smooth_inputs() if args[2]][:1]),
                also_accepted=True,
            ),
            Mistake(
                id="kernel-not-reversed",
                message="Your values are the kernel slid over x as it is, not reversed: a "
                "correlation, as jnp.correlate computes. smooth convolves, which reverses "
                "the kernel, and the two agree only on symmetric kernels such as "
                "(1.0, 2.0, 1.0).",
                example=lambda: jax.jit(_correlated, static_argnames="same"),
            ),
            Mistake(  # round 20
                id="full-mode",
                message="With same=False your result keeps every position where the kernel "
                "overlaps x at all, partial overlaps at both ends included (convolve's mode "
                "'full', n + k - 1 values). The task's smooth keeps only the positions the "
                "whole kernel covers, n - k + 1 values.",
                example=lambda: jax.jit(_smooth_full, static_argnames="same"),
                matches=behaves_like(_smooth_full, _smooth_inputs),
            ),
            Mistake(
                id="renamed-parameters",
                message="Your fast_smooth works with every argument passed by position, but a "
                "call with weights= or same= by keyword fails: the function jit wraps names "
                "its parameters otherwise (a lambda or wrapper of your own), so those names "
                "match none of them.",
                example=lambda: jax.jit(lambda a, w, s: _smooth(a, w, s), static_argnums=2),
                matches=_renamed_parameters,
                also_accepted=True,
            ),
            Mistake(
                id="static-data",
                message="A static argument must be hashable, and each new value compiles "
                "again; x is an array, data that changes from call to call, and jit refuses "
                "it as a static argument.",
                example=lambda: jax.jit(_smooth, static_argnums=(0, 2)),
                matches=_static_data,
                also_accepted=True,
            ),
            Mistake(
                id="same-chosen-while-running",
                message="same decides how long the result is: x's length, or shorter by the "
                "kernel's length minus one. A choice made while the compiled program runs, by "
                "jnp.where or lax.cond, needs both of its choices of one shape, and a shape must "
                "be known while jit traces. What fits the weights' if does not fit this one.",
                example=lambda: jax.jit(_smooth_where_both),
                matches=_same_chosen_while_running,
                also_accepted=True,
            ),
            Mistake(
                id="python-if-weights",
                message="smooth's if on the weights' sum needs one True or False while jit "
                "traces, and the weights are traced: tracers, with no values, so it fails.",
                example=lambda: jax.jit(_smooth_python_if, static_argnames="same"),
                matches=_fails_on("TracerBoolConversionError", "weights"),
            ),
            Mistake(
                id="python-if-same",
                message="smooth's if on same needs one True or False while jit traces, and same "
                "is traced: a tracer, with no value, so it fails.",
                example=lambda: jax.jit(_smooth),
                matches=_fails_on("TracerBoolConversionError", "same"),
                also_accepted=True,
            ),
            Mistake(
                id="jnp-of-tuple",
                message="A jnp function takes arrays, and weights is a tuple: jnp refuses a Python"
                " tuple or list of numbers as an argument (NumPy would convert it).",
                example=lambda: jax.jit(_smooth_jnp_of_tuple, static_argnames="same"),
                matches=fails_with(
                    "TypeError",
                    r"requires ndarray or scalar arguments, got <class 'tuple'>",
                    _smooth_inputs,
                ),
            ),
            Mistake(
                id="weights-static",
                message="Your results are right, but weights is static: each new kernel compiles "
                "again, even one of a length already compiled (the check called two kernels of "
                "three weights, and your function compiled twice). A loop over many kernels would "
                "compile each one. The weights are data: a static argument suits a setting with "
                "few values.",
                example=lambda: jax.jit(_smooth, static_argnames=("weights", "same")),
                matches=_compiles_per_kernel,
                also_accepted=True,
            ),
            Mistake(
                id="fixed-same",
                message="Your fast_smooth does not use the same it is given: a setting is "
                "written into it (a lambda or functools.partial with same=...). The check "
                "passes True and False, and expects the result for each.",
                example=lambda: jax.jit(
                    lambda x, weights, same: _smooth(x, weights, False), static_argnums=2
                ),
                matches=_fixed_same,
            ),
            Mistake(
                id="unnormalised",
                message="Your kernel is not divided: smooth divides it by the sum of its "
                "weights (unless that is 0), so that they add up to 1; yours convolves "
                "with the weights as given.",
                example=lambda: jax.jit(_smooth_unnormalised, static_argnames="same"),
                matches=behaves_like(_smooth_unnormalised, _smooth_inputs),
            ),
            Mistake(
                id="always-divided",
                message="Your kernel is divided by its sum even where the weights sum to 0, as "
                "(1.0, -2.0, 1.0) does: a division by zero, and the result is not a number. "
                "smooth leaves such a kernel as it is. Change how smooth computes, not what it "
                "computes.",
                example=lambda: jax.jit(_smooth_always_divided, static_argnames="same"),
                matches=behaves_like(_smooth_always_divided, _smooth_inputs),
            ),
            Mistake(
                id="division-reversed",
                message="Your kernel is divided by its sum only where the weights sum to 0, a "
                "division by zero whose result is not a number, and left as given wherever "
                "they do not: the choice between the divided kernel and the given one is made "
                "the other way round from smooth's.",
                example=lambda: jax.jit(_smooth_division_reversed, static_argnames="same"),
                matches=behaves_like(_smooth_division_reversed, _smooth_inputs),
            ),
            Mistake(
                id="divided-by-abs-sum",
                message="Your kernel is divided by the sum of its weights' sizes, their signs "
                "dropped: the same as smooth's kernel where no weight is below 0, and another "
                "one where some are. (1.0, -2.0, 1.0) sums to 0, and smooth leaves it as it is; "
                "yours divides it by 4. Change how smooth computes, not what it computes.",
                example=lambda: jax.jit(_smooth_by_abs_sum, static_argnames="same"),
                matches=behaves_like(_smooth_by_abs_sum, _smooth_inputs),
            ),
            Mistake(
                id="positive-sum-only",
                message="Your kernel is divided by its sum only where that sum is above 0: "
                "(1.0, -3.0, 1.0) sums to -1, and yours convolves with it as given, so every "
                "value of that result has the wrong sign. smooth divides by any sum but 0.",
                example=lambda: jax.jit(_smooth_positive_sum_only, static_argnames="same"),
                matches=behaves_like(_smooth_positive_sum_only, _smooth_inputs),
            ),
            Mistake(
                id="modes-swapped",
                message="Your result for same=True is smooth's for same=False, and the other way "
                "round: the two modes are swapped, so each result has the other's length.",
                example=lambda: jax.jit(_smooth_modes_swapped, static_argnames="same"),
                matches=behaves_like(_smooth_modes_swapped, _smooth_inputs),
            ),
            Mistake(
                id="divided-by-mean",
                message="Your kernel is divided by the mean of its weights, not by their sum: "
                "every value is the kernel's length times smooth's (3 times for three weights), "
                "for the mean is the sum over that length. Change how smooth computes, not what "
                "it computes.",
                example=lambda: jax.jit(_smooth_by_mean, static_argnames="same"),
                matches=behaves_like(_smooth_by_mean, _smooth_inputs),
            ),
            Mistake(
                id="divided-by-max",
                message="Your kernel is divided by its largest weight; smooth divides it by the "
                "sum of its weights, so that they add up to 1. Change how smooth computes, not "
                "what it computes.",
                example=lambda: jax.jit(_smooth_by_max, static_argnames="same"),
                matches=behaves_like(_smooth_by_max, _smooth_inputs),
            ),
        ),
        success="Only same must be static: it decides the result's length, and a shape must be "
        "known while jit traces. The weights are data, so they stay traced, and their if "
        "becomes a choice the compiled program makes: one compile per setting of same and "
        "kernel length, for any weights.",
    ),
    Exercise(
        id="07.stale_global",
        title="Fix a jitted step that reads its settings from a global",
        reference=lambda: _jitted_step(variant_key()),
        rule=SameFunction(inputs=_step_inputs),
        hints=(
            "jit read config while tracing, once, and baked t and clip into the compiled "
            "code. Pass each one in as an argument, then decide, argument by argument, "
            "whether jit may trace it, by what step does with it.",
            "t changes on every step, and a loop over jnp.arange hands it out as a jax "
            "integer: a static argument needs a hashable value and compiles once per value. "
            "clip is a string: can jit trace a string, and can jnp.where or lax.cond choose "
            "by one? Whatever stays traced cannot be compared in Python, min() included.",
            "def step(w, grad, t, clip):\n"
            "    lr = jnp.minimum(1.0, (t + 1) / 4)\n"
            '    if clip == "value":\n'
            "        grad = jnp.clip(grad, -{clip_at}, {clip_at})\n"
            '    elif clip == "norm":\n'
            "        grad = grad * jnp.minimum(1.0, {clip_at} / jnp.linalg.norm(grad))\n"
            "    return w - lr * grad\n"
            "\n"
            'step = jax.jit(step, static_argnames="clip")',
        ),
        solution=(
            "def step(w, grad, t, clip):\n"
            "    lr = jnp.minimum(1.0, (t + 1) / 4)\n"
            '    if clip == "value":\n'
            "        grad = jnp.clip(grad, -{clip_at}, {clip_at})\n"
            '    elif clip == "norm":\n'
            "        grad = grad * jnp.minimum(1.0, {clip_at} / jnp.linalg.norm(grad))\n"
            "    return w - lr * grad\n"
            "\n"
            'step = jax.jit(step, static_argnames="clip")'
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one step's result. The check wants the function step itself.",
                example=lambda: _jitted_step(variant_key())(*_step_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="wrong-arity",
                message="step takes other arguments than the four asked, w, grad, t and clip, "
                "in that order: a setting left out can only come from the global dict, read "
                "once at trace time.",
                example=lambda: jax.jit(lambda w, grad, t: w - grad),
                matches=_wrong_arity,
            ),
            Mistake(
                id="clip-traced",
                message="jit tried to trace clip, and clip is a string such as 'norm': jit "
                "traces arrays and numbers, so it refused the call before your step ran. A "
                "string has no array form, so no operation of the compiled program (jnp.where "
                "or lax.cond among them) can choose by it either.",
                example=lambda: jax.jit(_fresh(_step_where_both)),
                matches=fails_with(
                    "TypeError", r"problematic value is of type <class 'str'>", _step_inputs
                ),
            ),
            Mistake(
                id="donated-array",
                message="Your jit donates an array argument (donate_argnums or "
                "donate_argnames): a call that reuses its memory for the result deletes the "
                "array it was given, so a later call on that same array fails ('Array has been "
                "deleted'). The check calls step several times on the same w and grad, as a "
                "loop that tries each clip setting from the same start would; donation suits "
                "only an argument its caller never uses again, and static and donated are not "
                "the same.",
                example=lambda: jax.jit(_fresh(_step), static_argnames="clip", donate_argnums=0),
                matches=_donates(lambda: _step_inputs()[:1]),
            ),
            Mistake(
                id="static-array",
                message="An array is static here (w or grad): a static argument must be "
                "hashable, and jit refuses an array; each new one would compile again.",
                example=lambda: jax.jit(_fresh(_step), static_argnums=(0, 3)),
                matches=fails_with("ValueError", r"Non-hashable static", _python_t_cases),
            ),
            Mistake(
                id="static-t",
                message="t is static here: the check passes t as a jax integer, as a loop over "
                "jnp.arange hands it out, and a jax array is not hashable, so it cannot be "
                "static. A Python int could be, but then each new step number compiles step "
                "again: a training loop of a thousand steps would compile a thousand times.",
                example=lambda: jax.jit(_fresh(_step_python_min), static_argnames=("t", "clip")),
                matches=fails_with("ValueError", r"Non-hashable static", _step_inputs),
            ),
            Mistake(
                id="python-compare-t",
                message="Your step compares t in Python: min() (or max(), an if, a while) needs "
                "a True or False while jit traces, and t is traced there, a tracer with no "
                "value, so the comparison fails.",
                example=lambda: jax.jit(_fresh(_step_python_min), static_argnames="clip"),
                matches=fails_with(
                    "TracerBoolConversionError", r"value of the argument t\b", _step_inputs
                ),
            ),
            Mistake(
                id="python-if-norm",
                message="Your step compares a value computed from grad in Python (an if on the "
                "gradient's length, say): grad is traced, so that value is a tracer while jit "
                "traces, with no True or False to give.",
                example=lambda: jax.jit(_fresh(_step_python_if_norm), static_argnames="clip"),
                matches=fails_with("TracerBoolConversionError", r"argument grad\b", _step_inputs),
            ),
            Mistake(
                id="reduction-axis",
                message="Your step hands a jnp reduction (jnp.min, jnp.max) two numbers, as "
                "Python's min takes them: a reduction takes one array, and its second argument "
                "is the axis to reduce along, which must be known while jit traces. Yours is "
                "computed from t, a tracer there.",
                example=lambda: jax.jit(
                    lambda w, grad, t, clip: w - jnp.min(1.0, (t + 1) / 4) * grad,
                    static_argnames="clip",
                ),
                matches=fails_with(
                    "ConcretizationTypeError",
                    r"axis argument must be known statically",
                    _step_inputs,
                ),
            ),
            Mistake(
                id="python-number",
                message="This turns a traced value into a Python number (float(), int(), .item()),"
                " which needs a value that jit does not have while it traces.",
                example=lambda: jax.jit(
                    lambda w, grad, t, clip: w - float(t) * grad, static_argnames="clip"
                ),
                matches=fails_with("ConcretizationTypeError", "", _step_inputs),
            ),
            Mistake(
                id="numpy-in-jit",
                message="A NumPy function (np.minimum, np.clip, np.linalg.norm, ...) needs "
                "concrete values, and under jit w, grad and t are tracers, with shapes but no "
                "values.",
                example=lambda: jax.jit(
                    lambda w, grad, t, clip: w - np.minimum(1.0, (t + 1) / 4) * grad,
                    static_argnames="clip",
                ),
                matches=fails_with("TracerArrayConversionError", "", _step_inputs),
            ),
            Mistake(
                id="leaked-tracer",
                message="Right values, but your step stores a traced value outside itself (a "
                "global, a list, an attribute): JAX's leak checker found a tracer that outlived "
                "its trace. That value is not the t of any call, and using it after the call "
                "fails.",
                example=lambda: _leaking_step(),
                matches=_leaks_tracer,
                also_accepted=True,
            ),
            Mistake(
                id="warmup-floored",
                message="Your warmup's learning rate is a whole number: a floor division "
                "makes it 0 for t = 0, 1 and 2, so those steps do not move w, and 1 from "
                "t = 3. The buggy step's warmup grows by quarters: 0.25, 0.5, 0.75, then 1.",
                example=lambda: jax.jit(_fresh(_warmup_floored), static_argnames="clip"),
                matches=behaves_like(_warmup_floored, _step_inputs),
            ),
            Mistake(
                id="ignores-t",
                message="t is a parameter, but the result is the same for t = 0, 2 and 5: the "
                "function still uses a learning rate of its own, fixed when jit traced it.",
                example=lambda: jax.jit(
                    lambda w, grad, t, clip: w - 0.25 * grad, static_argnames="clip"
                ),
                matches=ignores_arguments(_t_changed),
            ),
            Mistake(
                id="t-as-lr",
                message="Your step scales the gradient by t itself, the step's number: at t = 0 "
                "w does not move, and at t = 5 it moves five gradients. The learning rate is "
                "the warmup's, which grows from 0.25 to 1 and then stays there.",
                example=lambda: jax.jit(_fresh(_t_as_lr), static_argnames="clip"),
                matches=behaves_like(_t_as_lr, _step_inputs),
            ),
            Mistake(
                id="warmup-from-zero",
                message="Your warmup gives the first step, t = 0, a learning rate of 0, so "
                "it does not move w; the buggy step's warmup gives it 0.25, counting t = 0 "
                "as the first of four steps.",
                example=lambda: jax.jit(_fresh(_warmup_from_zero), static_argnames="clip"),
                matches=behaves_like(_warmup_from_zero, _step_inputs),
            ),
            Mistake(  # round 18
                id="warmup-at-least-one",
                message="Your learning rate is never below 1: it is 1 from t = 0, where the "
                "warmup starts at 0.25 and grows by quarters, and past the warmup it keeps "
                "growing (1.5 at t = 5). Your rate takes the larger of 1 and the warmup's, where "
                "the warmup never goes above 1.",
                example=lambda: jax.jit(_fresh(_warmup_at_least_one), static_argnames="clip"),
                matches=behaves_like(_warmup_at_least_one, _step_inputs),
            ),
            Mistake(
                id="warmup-uncapped",
                message="Your learning rate keeps growing after the warmup: at t = 5 it is "
                "1.5. The buggy step's warmup stops at 1.",
                example=lambda: jax.jit(_fresh(_warmup_uncapped), static_argnames="clip"),
                matches=behaves_like(_warmup_uncapped, _step_inputs),
            ),
            Mistake(
                id="always-normalised",
                message="With clip 'norm' your step scales every gradient to a length of "
                "exactly {clip_at}, a short one up as well as a long one down: a gradient of "
                "length 0.14 grew. Clipping only shortens a gradient longer than the bound.",
                example=lambda: jax.jit(_fresh(_always_normalised), static_argnames="clip"),
                matches=behaves_like(_always_normalised, _step_inputs),
            ),
            Mistake(
                id="norm-grown",
                message="With clip 'norm' your step leaves a gradient longer than {clip_at} as "
                "it is and stretches a shorter one to a length of {clip_at}: its factor is the "
                "larger of 1 and {clip_at} over the length, the comparison the wrong way round. "
                "Clipping only shortens a gradient longer than the bound.",
                example=lambda: jax.jit(_fresh(_norm_grown), static_argnames="clip"),
                matches=behaves_like(_norm_grown, _step_inputs),
            ),
            Mistake(  # round 18
                id="norm-ratio-inverted",
                message="With clip 'norm' your step scales the gradient by the smaller of 1 and "
                "its length over the bound, the ratio turned over: a gradient longer than "
                "{clip_at} is left as it is (the factor stops at 1), and a shorter one shrinks. "
                "Clipping only shortens a gradient longer than the bound, and shortens it to "
                "the bound.",
                example=lambda: jax.jit(_fresh(_norm_ratio_inverted), static_argnames="clip"),
                matches=lambda answer: (
                    behaves_like(_norm_ratio_inverted, _step_inputs)(answer)
                    or behaves_like(_norm_times_length, _step_inputs)(answer)
                ),
            ),
            Mistake(
                id="norm-by-value",
                message="With clip 'norm' your step clips each element to [-{clip_at}, "
                "{clip_at}], as 'value' does. 'norm' clips the gradient's length, all its "
                "elements scaled by one factor, so that its direction stays.",
                example=lambda: jax.jit(_fresh(_norm_by_value), static_argnames="clip"),
                matches=behaves_like(_norm_by_value, _step_inputs),
            ),
            Mistake(
                id="modes-swapped",
                message="Your two clipping modes are swapped: 'value' scales the gradient's "
                "length and 'norm' clips each element.",
                example=lambda: jax.jit(_fresh(_modes_swapped), static_argnames="clip"),
                matches=behaves_like(_modes_swapped, _step_inputs),
            ),
            Mistake(
                id="none-clipped",
                message="With clip 'none' your step clips each element, as 'value' does: 'none' "
                "falls into the branch for every mode but 'norm'. 'none' is a mode of its own, "
                "the gradient taken as it is.",
                example=lambda: jax.jit(_fresh(_none_by_value), static_argnames="clip"),
                matches=behaves_like(_none_by_value, _step_inputs),
            ),
            Mistake(  # round 19
                id="none-clipped-by-norm",
                message="With clip 'none' your step scales the gradient by its length, as "
                "'norm' does: 'none' falls into the branch for every mode but 'value' (an else "
                "that catches what is left). 'none' is a mode of its own, the gradient taken "
                "as it is.",
                example=lambda: jax.jit(_fresh(_none_by_norm), static_argnames="clip"),
                matches=behaves_like(_none_by_norm, _step_inputs),
            ),
            Mistake(
                id="norm-l1",
                message="With clip 'norm' your step measures the gradient's length as the sum "
                "of its elements' sizes (the L1 norm); the length a norm clip bounds is the "
                "Euclidean one, the square root of the sum of squares, so yours shortens more "
                "than it should.",
                example=lambda: jax.jit(_fresh(_norm_l1), static_argnames="clip"),
                matches=behaves_like(_norm_l1, _step_inputs),
            ),
            Mistake(  # round 19
                id="norm-not-euclidean",
                message="With clip 'norm' your step measures the gradient's length another way "
                "than the Euclidean one: by the size of its largest element, or by the sum of "
                "its squares without the square root. The length a norm clip bounds is the "
                "square root of the sum of the elements' squares, so yours shortens the "
                "gradient by another factor, or not at all.",
                example=lambda: jax.jit(_fresh(_NORMS_NOT_EUCLIDEAN[0]), static_argnames="clip"),
                matches=lambda answer: any(
                    behaves_like(wrong, _step_inputs)(answer) for wrong in _NORMS_NOT_EUCLIDEAN
                ),
            ),
            Mistake(
                id="always-clipped",
                message="Your step clips each element whatever clip says: with 'norm' and "
                "'none' too. (A mode read from the global while tracing does this: it stays "
                "the first step's 'value'.)",
                example=lambda: jax.jit(_fresh(_always_by_value), static_argnames="clip"),
                matches=behaves_like(_always_by_value, _step_inputs),
            ),
            Mistake(
                id="never-clipped",
                message="Your step never clips the gradient, whatever clip says: with 'value' "
                "and 'norm' the gradient is held to the bound {clip_at} before the step.",
                example=lambda: jax.jit(_fresh(_never_clipped), static_argnames="clip"),
                matches=behaves_like(_never_clipped, _step_inputs),
            ),
            Mistake(
                id="clipped-above-only",
                message="With clip 'value' your step holds each element to at most {clip_at} "
                "but lets it fall below -{clip_at}: the buggy step holds it from both sides, "
                "and an element of -2.5 must become -{clip_at}.",
                example=lambda: jax.jit(_fresh(_clipped_above), static_argnames="clip"),
                matches=behaves_like(_clipped_above, _step_inputs),
            ),
            Mistake(
                id="clip-range",
                message="With clip 'value' your step holds the gradient to [0, {clip_at}]: a "
                "negative element becomes 0, so w does not move there at all. The buggy step "
                "clips to [-{clip_at}, {clip_at}], which keeps each element's sign and caps only "
                "its size.",
                example=lambda: jax.jit(_fresh(_clipped_to_unit), static_argnames="clip"),
                matches=behaves_like(_clipped_to_unit, _step_inputs),
            ),
            Mistake(
                id="ascent",
                message="Your step moves w along the gradient, which climbs the loss. Gradient "
                "descent moves against it.",
                example=lambda: jax.jit(_fresh(_ascent), static_argnames="clip"),
                matches=behaves_like(_ascent, _step_inputs),
            ),
            Mistake(
                id="step-only",
                message="This returns only the change, not the new w: the step must start from "
                "the w it is given.",
                example=lambda: jax.jit(_fresh(_step_only), static_argnames="clip"),
                matches=behaves_like(_step_only, _step_inputs),
            ),
            Mistake(
                id="not-jitted",
                message="Right values, but step itself is not jitted (and a jax.jit made "
                "inside step, on each call, traces and compiles again on every call). The "
                "check wants what jax.jit returns.",
                example=lambda: _step,
                matches=_plain_function,
                also_accepted=True,
            ),
        ),
        success="t travels as data, one compile for the whole loop, and clip picks which "
        "program jit builds, one compile per mode: what changes every step stays traced, "
        "and what jit cannot trace, or what decides the program, is static.",
        variants=CLIP_VARIANTS,
    ),
    Exercise(
        id="07.debug_print",
        title="Predict what prints inside jit, and why",
        reference=lambda: "C",
        rule=Choice(PRINT_OPTIONS),
        hints=(
            "Running the cell shows the output, but two options give output 1: the question "
            "is why. print is Python: it runs when Python runs the function, which under jit "
            "means while tracing. jax.debug.print is an operation in the compiled code.",
            "Where does jax.debug.print run: in Python, after the call, or inside what jit "
            "compiled? jax.make_jaxpr(shout)(1.0) shows what jit records.",
            "print runs at the two traces (showing tracers); jax.debug.print is a "
            "debug_callback in the jaxpr, so the compiled code runs it on all three calls "
            '(showing values): printed = "C".',
        ),
        solution='printed = "C"',
        mistakes=(
            Mistake(
                id="output-not-option",
                message="That is an output (or its number), not an option. Two options give "
                "the same output, so the output alone does not answer: choose the option "
                "whose reason is right, and give its letter as a string.",
                example=lambda: PRINT_OUTPUTS[0],
                matches=_pasted_output,
            ),
            Mistake(
                id="print-every-call",
                message="Output 4 is what the code prints without jit. Under jit, Python's "
                "print does not run on every call, and where it runs it does not see the "
                "numbers.",
                example=lambda: "A",
            ),
            Mistake(
                id="debug-from-python",
                message="jax.debug.print is not run by Python after the call: a call that "
                "reuses compiled code runs none of the function's Python, and JAX prints no "
                "arguments from Python afterwards.",
                example=lambda: "B",
            ),
            Mistake(
                id="values-retrace",
                message="Output 2 traces again for 2.0, which has the shape, the dtype and the "
                "weak type of 1.0, and jit's cache key holds no values.",
                example=lambda: "D",
            ),
            Mistake(
                id="no-retrace",
                message="Output 3 has no trace for jnp.arange(3.0), whose shape, (3,), jit's "
                "cache has not seen before.",
                example=lambda: "E",
            ),
        ),
        success="print ran at the two traces (a new shape, dtype or weak type) and saw "
        "tracers; jax.debug.print ran on every call and saw values.",
        prediction=True,
        explanation=(
            "`print` ran twice, at the two traces: for `1.0`, and for `jnp.arange(3.0)`, "
            "whose new shape traced again. `2.0` has the shape, dtype and weak type of "
            "`1.0`, so it reused the compiled code and Python's `print` did not run. Each "
            "time, `print` saw a tracer. `jax.debug.print` is an operation JAX puts into "
            "the compiled code (`jax.make_jaxpr(shout)(1.0)` lists it as a "
            "`debug_callback`): the compiled program runs it on every call and sends that "
            "call's values back from the device to be printed (`jax.effects_barrier()` "
            "waits until they have arrived). So it ran on all three calls, with their "
            "values: output 1, for C's reason. B's, a print made from Python after each "
            "call, would need Python to run for a call that reuses compiled code, and "
            "nothing of the function's Python runs then."
        ),
    ),
    Exercise(
        id="07.clip_negative",
        title="Port a NumPy masked fill to code that survives jit",
        reference=lambda: _fill_negative,
        rule=SameFunction(inputs=_vector_inputs, transform=lambda f: jax.jit(f)),
        hints=(
            "Under jit, x is a tracer: a shape and a dtype, no values. x[x >= {low}] would "
            "have as many elements as there are values of at least {low}, a size jit cannot "
            "know.",
            "Keep every element and let the mask decide what counts: a sum in which the "
            "elements below {low} count as 0, divided by how many elements are kept (a sum "
            "of the boolean mask). Then choose element by element.",
            "kept = x >= {low}\n"
            "fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)\n"
            "return jnp.where(kept, x, fill)",
        ),
        solution=(
            "def fill_negative(x):\n"
            "    kept = x >= {low}\n"
            "    fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)\n"
            "    return jnp.where(kept, x, fill)"
        ),
        mistakes=(
            Mistake(
                id="python-if",
                message="A Python if on an array (or a while, an and, an or: each asks the array "
                "for one True or False) fails under jit: x is a tracer there, with a shape but no "
                "values, so Python has nothing to branch on.",
                example=lambda: _python_if,
                # The message says "if": the code must have one (max(x, 0) fails alike).
                matches=lambda answer: _truth_of_a_tracer(answer) and branches_in_python(answer),
            ),
            Mistake(
                id="python-max",
                message="Python's max and min compare their arguments with > and <, which "
                "need one True or False: under jit x is a tracer, with a shape but no "
                "values, so they fail there (and on a vector, outside jit, they would not "
                "compare element by element).",
                example=lambda: lambda x: max(x, 0.0),
                matches=lambda answer: (
                    _truth_of_a_tracer(answer) and calls_builtin("max", "min")(answer)
                ),
            ),
            Mistake(
                id="boolean-mask",
                message="A boolean mask used as an index (x[x >= 0], or in .at[]) works outside "
                "jit, but under jit the number of True elements is unknown, so JAX refuses it "
                "(NonConcreteBooleanIndexError): under jit every shape must be known from the "
                "input's shape alone.",
                example=lambda: _boolean_mask,
                matches=_fails_tracing(("NonConcreteBooleanIndexError", "")),
            ),
            Mistake(
                id="item-assignment",
                message="x[x < 0] = ... is NumPy's in-place update: jax arrays refuse it, and "
                "under jit the mask is unknown anyway.",
                example=lambda: lambda x: x.__setitem__(x < 0, 0.0),
                matches=_fails_tracing(("TypeError", "immutable")),
            ),
            Mistake(
                id="index-list",
                message="jnp.where with one argument (like jnp.nonzero and jnp.argwhere) returns "
                "the indices, and how many there are depends on the values, which jit does not "
                "know.",
                example=lambda: _index_list,
                matches=_fails_tracing(("ConcretizationTypeError", "jnp.nonzero")),
            ),
            Mistake(
                id="where-two-arguments",
                message="Your jnp.where got a condition and one value: with two arguments it is no "
                "choice, and it has nothing to keep where the condition fails.",
                example=lambda: lambda x: jnp.where(x < 0, 0.0),
                matches=_fails_tracing(
                    (
                        "TypeError",
                        "where requires ndarray or scalar arguments, got <class 'NoneType'>",
                    )
                ),
            ),
            Mistake(
                id="select-shapes",
                message="lax.select does not broadcast: both cases must already have x's shape, "
                "and a scalar fill value does not.",
                example=lambda: lambda x: jax.lax.select(x < 0, 0.0, x),
                matches=_fails_tracing(("TypeError", "select cases must have the same shapes")),
            ),
            Mistake(
                id="python-number",
                message="This turns a traced value into a Python number (float(), int(), .item()),"
                " which needs the values jit does not have while it traces.",
                example=lambda: _to_python_number,
                matches=_fails_tracing(("ConcretizationTypeError", "")),
            ),
            Mistake(
                id="numpy-where",
                message="A NumPy function (np.where, np.mean, np.clip, ...) needs concrete values,"
                " and under jit x is a tracer, with a shape but no values.",
                example=lambda: _numpy_where,
                matches=_fails_tracing(("TracerArrayConversionError", "")),
            ),
            Mistake(
                id="cond-on-array",
                message="lax.cond runs one branch for the whole call, so its condition must be one "
                "boolean, and yours holds one per element.",
                example=lambda: _cond_on_array,
                matches=_fails_tracing(("TypeError", "Pred must be a scalar")),
            ),
            Mistake(
                id="first-element-filled",
                message="The elements below {low} get the right mean, but x's first element "
                "gets it too, where it was kept: your indices of the elements to fill include "
                "position 0 when it is not one of them. jnp.nonzero (or argwhere) with size= "
                "pads its list of indices up to that size with 0, and each padding entry writes "
                "the fill at position 0.",
                example=lambda: _first_element_filled,
                matches=behaves_like(_first_element_filled, _vector_inputs, whole=True),
            ),
            Mistake(
                id="filled-zero",
                message="The elements below {low} became 0.0, as in the lesson's demo. The "
                "NumPy code here puts something else there: the mean of the elements that are "
                "at least {low}.",
                example=lambda: _filled_zero,
                matches=behaves_like(_filled_zero, _vector_inputs, whole=True),
            ),
            Mistake(
                id="floored-mean",
                message="Your fill is the mean rounded down to a whole number: // is floor "
                "division, which drops the fraction. The NumPy code's mean is a true division.",
                example=lambda: _floored_mean,
                matches=behaves_like(_floored_mean, _vector_inputs, whole=True),
            ),
            Mistake(
                id="first-kept",
                message="Your fill is one element, the first that is at least {low}, where the "
                "NumPy code puts the mean of all the elements that are at least {low}.",
                example=lambda: _first_kept,
                matches=lambda answer: (
                    behaves_like(_first_kept, _vector_inputs, whole=True)(answer)
                    or behaves_like(_first_kept_row, _vector_inputs, whole=True)(answer)
                ),
            ),
            Mistake(
                id="mean-of-all",
                message="Your fill is the mean of every element, those below {low} included. "
                "The NumPy code averages only x[x >= {low}]: the elements below {low} must "
                "not count, neither in the sum nor in the count.",
                example=lambda: _mean_of_all,
                matches=behaves_like(_mean_of_all, _vector_inputs, whole=True),
            ),
            Mistake(
                id="mask-fraction",
                message="Your fill is the mean of the mask itself, True counted as 1: the "
                "fraction of elements at least {low}, not the mean of their values. The NumPy "
                "code averages x[x >= {low}], the elements the mask keeps.",
                example=lambda: _mask_fraction,
                matches=behaves_like(_mask_fraction, _vector_inputs, whole=True),
            ),
            Mistake(
                id="mean-with-zeros",
                message="Your sum leaves the elements below {low} out, but your count does "
                "not: dividing by the size of x averages them in as zeros, so the fill is off.",
                example=lambda: _mean_with_zeros,
                matches=behaves_like(_mean_with_zeros, _vector_inputs, whole=True),
            ),
            Mistake(
                id="mean-of-positives",
                message="Your mean leaves out the elements equal to {low}. The NumPy code "
                "keeps x >= {low}: an element equal to {low} is not below it, so it counts, "
                "and it pulls the mean down.",
                example=lambda: _mean_of_positives,
                matches=behaves_like(_mean_of_positives, _vector_inputs, whole=True),
            ),
            Mistake(
                id="zeros-filled-too",
                message="Your mask is x > {low}: an element equal to {low} is not below it, "
                "yet yours is replaced by the fill and left out of the mean. The NumPy code "
                "keeps every element that is at least {low}, those equal to it included.",
                example=lambda: _zeros_filled_too,
                matches=behaves_like(_zeros_filled_too, _vector_inputs, whole=True),
            ),
            Mistake(
                id="zeros-replaced",
                message="Your fill is the right mean, but it replaced the zeros too: your choice "
                "keeps only the positive elements. A zero is not negative, so the NumPy code "
                "keeps it as it is.",
                example=lambda: _zeros_replaced,
                matches=behaves_like(_zeros_replaced, _vector_inputs, whole=True),
            ),
            Mistake(
                id="divided-by-nonzero",
                message="Your sum leaves the negative elements out, but your count is of the "
                "nonzero elements (count_nonzero): it counts the negative ones and leaves out "
                "the zeros, where the mean is over the elements kept, zeros included.",
                example=lambda: _divided_by_nonzero,
                matches=behaves_like(_divided_by_nonzero, _vector_inputs, whole=True),
            ),
            Mistake(
                id="divided-by-length",
                message="Your sum leaves the elements below {low} out, but your count is len(x): "
                "the length of the first axis, not how many elements are kept (on a matrix not "
                "even how many there are).",
                example=lambda: _divided_by_length,
                matches=behaves_like(_divided_by_length, _vector_inputs, whole=True),
            ),
            Mistake(
                id="inverted-choice",
                message="Your choice is the wrong way round: the elements below {low} kept their "
                "value and the others became the fill.",
                example=lambda: _inverted_choice,
                matches=behaves_like(_inverted_choice, _vector_inputs, whole=True),
            ),
            Mistake(
                id="mean-of-negatives",
                message="Your fill is the mean of the elements below {low}, the very values "
                "being replaced. The NumPy code fills them with the mean of the elements that "
                "are at least {low}.",
                example=lambda: _mean_of_negatives,
                matches=behaves_like(_mean_of_negatives, _vector_inputs, whole=True),
            ),
            Mistake(
                id="all-filled",
                message="Every element became the fill, those of at least {low} too: your mean "
                "is right, but the NumPy code writes it only where x is below {low} and leaves "
                "the other elements as they are.",
                example=lambda: _all_filled,
                matches=behaves_like(_all_filled, _vector_inputs, whole=True),
            ),
            Mistake(
                id="absolute",
                message="This is the absolute value: a negative element became its own size, "
                "where the NumPy code replaces each element below {low} with the mean of the "
                "elements that are at least {low}.",
                example=lambda: _absolute,
                matches=behaves_like(_absolute, _vector_inputs, whole=True),
            ),
            Mistake(
                id="lifted-to-fill",
                message="Every element below the fill became the fill, the small elements of at "
                "least {low} too (an element-wise maximum with the fill does that): the NumPy "
                "code replaces the elements below {low} only, and keeps every other element as "
                "it is, however small.",
                example=lambda: _lifted_to_fill,
                matches=behaves_like(_lifted_to_fill, _vector_inputs, whole=True),
            ),
            Mistake(
                id="unchanged",
                message="Your function returns x as it came in, elements below {low} included. A "
                "jax array never changes in place: jnp.where, like every jnp function and "
                ".at[].set, gives back a new array and leaves x as it was, so what x held is "
                "what was returned.",
                example=lambda: _unchanged,
                matches=behaves_like(_unchanged, _vector_inputs, whole=True),
            ),
            Mistake(
                id="mean-of-magnitudes",
                message="Your fill is the mean of the absolute values of every element: those "
                "below {low} count in it, a negative one with its sign dropped. The NumPy code "
                "averages only the elements that are at least {low}.",
                example=lambda: _mean_of_magnitudes,
                matches=behaves_like(_mean_of_magnitudes, _vector_inputs, whole=True),
            ),
            Mistake(
                id="column-means",
                message="On the matrix, each column got its own mean. x[x >= {low}] in NumPy is "
                "one flat array of every kept element, so there is one mean for the whole array.",
                example=lambda: _column_means,
                matches=behaves_like(_column_means, _vector_inputs, whole=True),
            ),
            Mistake(
                id="row-means",
                message="On the matrix, each row got its own mean. x[x >= {low}] in NumPy is one "
                "flat array of every kept element, so there is one mean for the whole array.",
                example=lambda: _row_means,
                matches=behaves_like(_row_means, _vector_inputs, whole=True),
            ),
        ),
        success="A masked mean with a fixed shape: every element summed, the masked ones as "
        "zero, divided by the mask's count. jit never needs to know how many there are.",
        variants=FILL_VARIANTS,
    ),
)
