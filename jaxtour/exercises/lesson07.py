"""Exercises for lessons/07_jit_and_tracing.ipynb: what makes jit trace again, static
arguments, globals read at trace time, print under jit, and control flow that survives
jit."""

from __future__ import annotations

import functools
import math
import re
import weakref
from typing import Any

from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader.mistakes import (
    behaves_like,
    branches_in_python,
    calls_builtin,
    fails_with,
    ignores_arguments,
    ignores_one_argument,
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
from jaxtour.lazy import is_jax_array

# --- shared -------------------------------------------------------------------------------


def _plain_function(answer: Any) -> bool:
    return callable(answer) and not is_jitted(answer)


# --- 07.count_traces --------------------------------------------------------------------
# Issue 34 item 3: a count can be run first (a trace counter is one line), so the answer
# is a count AND its reason; two options give 4, and only the reason tells them apart.

CALLS = 6
TRACE_OPTIONS = ("A", "B", "C", "D", "E")
TRACE_TEXTS = (
    "3: one trace per new shape and dtype: int32[4], float32[4] and int32[]; 2, "
    "jnp.int32(2) and 7 all share the int32[] code",
    "4: a Python number is compiled into the code as a constant, so 2 and 7 each trace; "
    "jnp.int32(2) reuses the code traced for 2 (same value, shape and dtype)",
    "4: int32[4], float32[4], the weakly typed Python 2 (which 7 reuses) and the strongly "
    "typed jnp.int32(2)",
    "5: int32[4], float32[4] and jnp.int32(2), and each new Python number, 2 and then 7",
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


def _smooth(x, window, scale):
    return scale * jnp.convolve(x, jnp.ones(window) / window, mode="valid")


@concrete_cache
def _fast_smooth():
    return jax.jit(_smooth, static_argnames="window")


def _smooth_inputs():
    return [
        (jnp.arange(8.0), 3, jnp.float32(2.0)),
        (jnp.array([1.0, -1.0, 4.0, 0.0, 2.0]), 2, jnp.float32(0.5)),
        (jnp.linspace(0.0, 1.0, 10), 5, jnp.float32(-1.0)),
    ]


# A value asked of a tracer, unless JAX's message blames x or scale (float(scale) with
# window static is round 5's: it names the argument whose value was missing).
_NOT_X_OR_SCALE = r"\A(?![\s\S]*the argument (?:scale|x)\b)"
_TRACED_WINDOW = (
    ("TypeError", r"Shapes must be 1D sequences"),
    ("ConcretizationTypeError", _NOT_X_OR_SCALE),
    ("TracerIntegerConversionError", _NOT_X_OR_SCALE),
)


def _smooth_same(x, window, scale):
    return scale * jnp.convolve(x, jnp.ones(window) / window, mode="same")


def _smooth_summed(x, window, scale):
    return scale * jnp.convolve(x, jnp.ones(window), mode="valid")


def _smooth_over_scale(x, window, scale):
    return jnp.convolve(x, jnp.ones(window) / (window * scale), mode="valid")


_STATIC_WINDOW_ONLY = {"static_argnames": "window"}


def _window_traced(answer: Any) -> bool:
    """jnp.ones(window), int(window) or range(window) with window traced, on the check's
    positional calls or on a call that names window and scale (static_argnums with an
    explicit static_argnames=() holds for positions only)."""
    if any(fails_with(error, pattern, _smooth_inputs)(answer) for error, pattern in _TRACED_WINDOW):
        return True
    if _fails_positionally(answer):
        return False  # another cause (a window written in) fails the positional calls
    raised = _by_keyword(answer)
    names = {cls.__name__ for cls in type(raised).__mro__} if raised is not None else set()
    return any(
        error in names and re.search(pattern, str(raised)) for error, pattern in _TRACED_WINDOW
    )


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
    """What ``answer(x, window=..., scale=...)`` raised on the first case's shape and
    window (compiled once more at most), or None. Kept per jax.jit object, whose
    compiled programs JAX keeps as long: a warm check calls nothing again."""
    if not callable(answer):
        return None
    held = _keyword_outcomes.get(id(answer))
    if held is not None and held[0] is answer:
        return held[1]
    x, window, scale = _smooth_inputs()[0]
    raised = None
    try:
        answer(x, window=window, scale=scale)
    except Exception as exc:
        raised = exc
    if is_jitted(answer):
        _keyword_outcomes[id(answer)] = (answer, raised)
        while len(_keyword_outcomes) > 8:
            _keyword_outcomes.pop(next(iter(_keyword_outcomes)))
    return raised


_keyword_outcomes: dict[int, tuple[Any, Exception | None]] = {}


def _static_data(answer: Any) -> bool:
    """x or scale made static: JAX refuses an array as a static argument, on the check's
    positional calls or on a call that names window and scale (static_argnums and
    static_argnames given apart each hold only for their own way of passing)."""
    if fails_with("ValueError", r"Non-hashable static", _smooth_inputs)(answer):
        return True
    raised = _by_keyword(answer)
    return isinstance(raised, ValueError) and "Non-hashable static" in str(raised)


def _window_changed():
    """One call, and the same call with window changed."""
    x, scale = jnp.arange(8.0), jnp.float32(2.0)
    return [[(x, 2, scale), (x, 3, scale)], [(x, 3, scale), (x, 5, scale)]]


def _fixed_window(answer: Any) -> bool:
    """A window written into the function (a lambda or functools.partial)."""
    return fails_with("TypeError", r"multiple values for argument 'window'", _smooth_inputs)(
        answer
    ) or ignores_one_argument(_window_changed)(answer)


def _negative_argnum(answer: Any) -> bool:
    """Right by position, refused by keyword: a negative static_argnums, which jit counts
    from the end of each call's positional arguments."""
    raised = _by_keyword(answer)
    return (
        isinstance(raised, ValueError)
        and "Positional argument indices" in str(raised)
        and not _fails_positionally(answer)
    )


def _fixed_scale(answer: Any) -> bool:
    """A scale written into the function (functools.partial with scale=...)."""
    return fails_with("TypeError", r"multiple values for argument 'scale'", _smooth_inputs)(answer)


# --- 07.stale_global --------------------------------------------------------------------
# Issue 34 item 1: the lesson's demo reads one global learning rate, and its fix was a
# one-word rename. The exercise's step reads two settings from a global dict: a learning
# rate that a schedule changes on every step (data: it must stay traced, and the check
# passes it as a jax scalar, which cannot be static) and a clipping switch that a Python
# if reads (it decides what the program is: static, or a choice made with jnp.where).
# Issue 35: a step that stores its traced lr in a global (a leaked tracer) has the right
# values; it is run under jax.checking_leaks() for a shape no other call used.

CLIP_AT = 1.0


def _step(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -CLIP_AT, CLIP_AT)
    return w - lr * grad


@concrete_cache
def _jitted_step():
    return jax.jit(_step, static_argnames="clip")


def _clipped(grad, clip):
    return jnp.where(clip, jnp.clip(grad, -CLIP_AT, CLIP_AT), grad)


def _ascent(w, grad, lr, clip):
    return w + lr * _clipped(grad, clip)


def _step_only(w, grad, lr, clip):
    return lr * _clipped(grad, clip)


def _precedence(w, grad, lr, clip):
    return (w - lr) * _clipped(grad, clip)


def _always_clipped(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -CLIP_AT, CLIP_AT)


def _never_clipped(w, grad, lr, clip):
    return w - lr * grad


def _clip_inverted(w, grad, lr, clip):
    return w - lr * _clipped(grad, not clip)


def _step_clipped(w, grad, lr, clip):
    """The whole step lr * grad clipped, not the gradient."""
    update = lr * grad
    return w - jnp.where(clip, jnp.clip(update, -CLIP_AT, CLIP_AT), update)


def _w_clipped(w, grad, lr, clip):
    return jnp.where(clip, jnp.clip(w, -CLIP_AT, CLIP_AT), w) - lr * grad


def _scaled_lr(answer: Any) -> bool:
    """w - c * lr * clipped(grad) with one constant c other than 1, on every input."""
    if not callable(answer):
        return False
    factors = []
    for index, args in enumerate(cases_of_this_check(_step_inputs, _step_inputs)):
        w, grad, lr, clip = args
        moved, raised = answer_outcome(_step_inputs, answer, index, args)
        if raised is not None:
            return False
        try:
            moved = np.asarray(w) - np.asarray(moved, dtype=float)
        except Exception:
            return False
        step = float(lr) * np.asarray(_clipped(grad, clip), dtype=float)
        if moved.shape != step.shape or not np.all(step):
            return False
        factors.append(moved / step)
    values = np.concatenate([np.ravel(f) for f in factors])
    c = float(values[0])
    # float32 steps: w - w' carries a relative error of a few 1e-4 for a small lr
    return bool(np.allclose(values, c, rtol=2e-3)) and not math.isclose(c, 1.0, rel_tol=2e-3)


def _step_inputs():
    """Gradients inside and outside [-1, 1], learning rates as jax scalars (which cannot
    be static) and a Python float, clip on and off for the same arguments."""
    w, grad = jnp.array([1.0, -2.0]), jnp.array([0.5, 3.0])
    return [
        (w, grad, jnp.float32(0.1), True),
        (w, grad, jnp.float32(0.1), False),
        (jnp.array(3.0), jnp.array(-4.0), 0.5, True),
        (jnp.array([0.0, 1.0, 2.0]), jnp.array([-2.5, 0.5, 1.5]), jnp.float32(0.25), False),
        (jnp.array([0.0, 1.0, 2.0]), jnp.array([-2.5, 0.5, 1.5]), jnp.float32(0.25), True),
    ]


def _lr_changed():
    w, grad = jnp.array([1.0, -2.0]), jnp.array([0.5, 3.0])
    return [(w, grad, jnp.float32(0.1), True), (w, grad, jnp.float32(0.5), True)]


def _clip_changed():
    w, grad = jnp.array([1.0, -2.0]), jnp.array([0.5, 3.0])
    return [(w, grad, jnp.float32(0.1), True), (w, grad, jnp.float32(0.1), False)]


def _leaking_step():
    kept = []

    def step(w, grad, lr, clip):
        kept.append(lr)  # the traced lr, kept past its trace
        return _step(w, grad, lr, clip)

    return jax.jit(step, static_argnames="clip")


@remembered
def _leaks_tracer(answer: Any) -> bool:
    """A traced value kept outside the step (a global, a list): JAX's leak checker, on a
    shape no other call of the check used, so the step traces anew under it."""
    if not callable(answer):
        return False
    w, grad = jnp.zeros(7), jnp.linspace(-2.0, 2.0, 7)
    try:
        with jax.checking_leaks():
            answer(w, grad, jnp.float32(0.3), True)
    except Exception as exc:
        return "Leaked" in str(exc) or "leaked" in str(exc)
    return False


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


def _vector_inputs():
    """Unordered, odd-sized, with a zero (which counts), ties, a matrix (one mean for the
    whole array, not per row) and an input with nothing to fill."""
    return [
        (jnp.array([-2.0, 0.5, 0.0, 3.0, -1.0]),),
        (jnp.array([[1.0, -1.0, 4.0], [-0.5, 2.0, 0.0]]),),
        (jnp.array([2.0, 0.0, 1.5]),),
        (jnp.array([-0.3, -0.3, 0.7, 0.2, 0.7, -1.2, 0.0]),),
    ]


def _kept(x):
    return x >= 0


def _fill_negative(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _filled_zero(x):
    return jnp.where(x < 0, 0.0, x)


def _mean_of_all(x):
    return jnp.where(x < 0, jnp.mean(x), x)


def _mean_with_zeros(x):
    """The negatives counted in the mean as zeros: the sum is right, the count is not."""
    return jnp.where(x < 0, jnp.mean(jnp.where(x < 0, 0.0, x)), x)


def _mean_of_positives(x):
    """Zeros left out of the mean: x > 0 where the NumPy code keeps x >= 0."""
    kept = x > 0
    return jnp.where(x < 0, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept), x)


def _row_means(x):
    kept = x >= 0
    total = jnp.sum(jnp.where(kept, x, 0.0), axis=-1, keepdims=True)
    return jnp.where(kept, x, total / jnp.sum(kept, axis=-1, keepdims=True))


def _zeros_filled_too(x):
    """x > 0 for both the choice and the mean: a zero is replaced and left out."""
    kept = x > 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def _column_means(x):
    kept = x >= 0
    total = jnp.sum(jnp.where(kept, x, 0.0), axis=0, keepdims=True)
    return jnp.where(kept, x, total / jnp.sum(kept, axis=0, keepdims=True))


def _divided_by_length(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / len(x))


def _inverted_choice(x):
    kept = x >= 0
    return jnp.where(kept, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept), x)


def _mean_of_negatives(x):
    dropped = x < 0
    return jnp.where(dropped, jnp.sum(jnp.where(dropped, x, 0.0)) / jnp.sum(dropped), x)


def _all_filled(x):
    """Every element replaced by the mean of the kept ones, not only the negative ones."""
    kept = x >= 0
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
            "Running the calls with a trace counter shows 4, but two options say 4: the "
            "question is why. Write down what each argument looks like to jit: its shape, "
            "its dtype, and whether it is weakly typed (a bare Python number).",
            "Is a Python number's value part of jit's cache key, or only its type? The "
            "retrace table above called double with 2.0 and then 3.0.",
            'int32[4], float32[4], ~int32[] (2, and 7 reuses it) and int32[]: trace_count = "C".',
        ),
        solution='trace_count = "C"',
        mistakes=(
            Mistake(
                id="a-count",
                message="This is a number of traces, not a letter. Two options give the same "
                "count, so the count alone does not answer: choose the option whose reason "
                "is right, and give its letter as a string.",
                example=lambda: 4,
                matches=_a_count,
            ),
            Mistake(
                id="shape-and-dtype-only",
                message="A shape and a dtype are not the whole key: whether a value is weakly "
                "typed is in it too. The Python 2 is a weak int32, jnp.int32(2) a strong "
                "one, and the second traces again.",
                example=lambda: "A",
            ),
            Mistake(
                id="values-in-the-key",
                message="Right count, wrong reason: a Python number passed to a jitted function "
                "is traced like an array, a weakly typed scalar, and its value is not "
                "compiled in (only a static argument's would be). 7 reuses the code traced "
                "for 2; jnp.int32(2) traces because it is strongly typed, not because of its "
                "value.",
                example=lambda: "B",
            ),
            Mistake(
                id="values-retrace",
                message="5 counts a new Python value as a new trace. jit never looks at an "
                "argument's values, a Python number's included: same shape, dtype and weak "
                "type, same compiled code.",
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
        success="Four traces: int32[4], float32[4], ~int32[] (7 reused it) and int32[]. "
        "Values never count, a Python number's neither; its weak type does.",
        prediction=True,
        explanation=(
            "C: four traces, one for each new combination: `int32[4]` first, then "
            "`float32[4]` (a new dtype), `~int32[]` for the Python `2` (a new shape, "
            "weakly typed), and `int32[]` for `jnp.int32(2)` (the same shape, strongly "
            "typed). `jnp.arange(4) * 10` and `7` changed only values, and reused code "
            "already compiled: a Python number is traced like an array, and its value is "
            "not compiled in (B's reason would hold for a static argument only)."
        ),
    ),
    Exercise(
        id="07.static_window",
        title="Choose which argument jit treats as static",
        reference=_fast_smooth,
        rule=SameFunction(inputs=_smooth_inputs),
        hints=(
            "Which argument decides the shape of an array the function builds? jit can trace "
            "an argument only if no shape depends on its value.",
            "jnp.ones(window) needs window as a Python int. x and scale are only data.",
            "fast_smooth = jax.jit(smooth, static_argnames='window')",
        ),
        solution=(
            "def smooth(x, window, scale):\n"
            "    kernel = jnp.ones(window) / window\n"
            '    return scale * jnp.convolve(x, kernel, mode="valid")\n'
            "\n"
            'fast_smooth = jax.jit(smooth, static_argnames="window")'
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
                "Wrap smooth in jax.jit(...).",
                example=lambda: _smooth,
                matches=_plain_function,
                also_accepted=True,
            ),
            Mistake(
                id="window-traced",
                message="jit traced window, so jnp.ones(window) got a tracer where it needs a "
                "number: a shape must be known before the code runs (int(window) cannot help: "
                "a tracer has no value). An argument that decides a shape cannot stay traced.",
                example=lambda: jax.jit(_smooth),
                matches=_window_traced,
                also_accepted=True,
            ),
            Mistake(
                id="static-data",
                message="A static argument must be hashable, and each new value compiles "
                "again; x and scale are arrays, data that change from call to call. Only "
                "one argument decides a shape, and only that one needs a value while tracing.",
                example=lambda: jax.jit(_smooth, static_argnames=("window", "scale")),
                matches=_static_data,
                also_accepted=True,
            ),
            Mistake(
                id="scale-to-python",
                message="Your function asks scale for a Python number (float(), int(), "
                ".item()) while jit traces it: scale is data, traced, with no value yet. An "
                "array multiplies the result as it is.",
                example=lambda: jax.jit(
                    lambda x, window, scale: float(scale) * _smooth(x, window, 1.0),
                    static_argnames="window",
                ),
                matches=fails_with(
                    "ConcretizationTypeError", r"the argument scale\b", _smooth_inputs
                ),
            ),
            Mistake(
                id="same-mode",
                message="Your result has one value per element of x: a convolution with "
                "mode='same' pads x at both ends, so its first and last values average "
                "padding too. smooth averages only full runs of window neighbours: "
                "len(x) - window + 1 of them.",
                example=lambda: jax.jit(_smooth_same, **_STATIC_WINDOW_ONLY),
                matches=behaves_like(_smooth_same, _smooth_inputs),
            ),
            Mistake(
                id="summed-window",
                message="Your values are window times too large: the kernel adds up each run "
                "of window neighbours instead of averaging it (jnp.ones(window) not divided "
                "by window).",
                example=lambda: jax.jit(_smooth_summed, **_STATIC_WINDOW_ONLY),
                matches=behaves_like(_smooth_summed, _smooth_inputs),
            ),
            Mistake(
                id="divided-by-scale",
                message="Your result is divided by scale where smooth multiplies by it: on "
                "every call it is the expected one over scale squared.",
                example=lambda: jax.jit(_smooth_over_scale, **_STATIC_WINDOW_ONLY),
                matches=behaves_like(_smooth_over_scale, _smooth_inputs),
            ),
            Mistake(
                id="negative-argnum",
                message="Your fast_smooth works with every argument passed by position, but "
                "not with window and scale passed by keyword: a negative static_argnums "
                "counts from the end of each call's positional arguments, so once an "
                "argument comes by keyword it points at another argument, or at none. A "
                "position counted from the start, or a name, means the same argument in "
                "every call.",
                example=lambda: jax.jit(_smooth, static_argnums=-2),
                matches=_negative_argnum,
                also_accepted=True,
            ),
            Mistake(
                id="fixed-scale",
                message="Your fast_smooth writes a scale into smooth (functools.partial with "
                "scale=...), and then the check's own scale arrives a second time: smooth "
                "gets two values for it. scale is data that changes from call to call: leave "
                "it an argument.",
                example=lambda: jax.jit(functools.partial(_smooth, scale=1.0), static_argnums=1),
                matches=_fixed_scale,
            ),
            Mistake(
                id="fixed-window",
                message="Your fast_smooth does not use the window it is given: a window is "
                "written into it (a lambda or functools.partial with window=...). The check "
                "passes a different window on some calls, and expects the result for that window.",
                example=lambda: jax.jit(lambda x, window, scale: _smooth(x, 3, scale)),
                matches=_fixed_window,
            ),
        ),
        success="Only window decides a shape, so only window is static: one compile per "
        "window size, for any x and scale.",
    ),
    Exercise(
        id="07.stale_global",
        title="Fix a jitted step that reads its settings from a global",
        reference=_jitted_step,
        rule=SameFunction(inputs=_step_inputs),
        hints=(
            "jit read config while tracing, once, and baked both settings into the compiled "
            "code. Pass each one in as an argument, then decide, argument by argument, "
            "whether jit may trace it.",
            "A static argument needs a hashable value, and each new value compiles again. "
            "Which of lr and clip changes on every step, and arrives as a jax scalar? Which "
            "one does a Python if read while tracing?",
            "Keep lr traced; make clip static (static_argnames), or choose with jnp.where "
            "instead of an if.",
        ),
        solution=(
            "from functools import partial\n"
            "\n"
            '@partial(jax.jit, static_argnames="clip")\n'
            "def step(w, grad, lr, clip):\n"
            "    if clip:\n"
            "        grad = jnp.clip(grad, -1.0, 1.0)\n"
            "    return w - lr * grad"
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one step's result. The check wants the function step itself.",
                example=lambda: _jitted_step()(*_step_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="wrong-arity",
                message="step takes other arguments than the four asked, w, grad, lr and clip, "
                "in that order: a setting left out can only come from the global dict, read "
                "once at trace time.",
                example=lambda: jax.jit(lambda w, grad, lr: w - lr * grad),
                matches=fails_with("TypeError", r"positional argument", _step_inputs),
            ),
            Mistake(
                id="clip-traced",
                message="jit traced clip, and a Python if (or and, or, not, bool()) needs a "
                "True or False while tracing, which a tracer does not have. clip decides "
                "which operations the step runs: jit must see its value, or the choice must "
                "be made inside the array operations.",
                example=lambda: jax.jit(_step),
                matches=fails_with("TracerBoolConversionError", "", _step_inputs),
            ),
            Mistake(
                id="python-number",
                message="This turns a traced value into a Python number (float(), int(), "
                ".item()), which needs a value that jit does not have while it traces. The "
                "arithmetic takes the tracer as it is.",
                example=lambda: jax.jit(
                    lambda w, grad, lr, clip: w - float(lr) * grad, static_argnames="clip"
                ),
                matches=fails_with("ConcretizationTypeError", "", _step_inputs),
            ),
            Mistake(
                id="static-lr",
                message="lr is static here: the check passes a learning rate as a jax scalar, "
                "which cannot be static (it is not hashable), and each new static value "
                "would compile step again, once per step of a schedule. A value that changes "
                "on every step is data: leave it traced.",
                example=lambda: jax.jit(_step, static_argnames=("lr", "clip")),
                matches=fails_with("ValueError", r"Non-hashable static", _step_inputs),
            ),
            Mistake(
                id="numpy-in-jit",
                message="A NumPy function (np.clip, np.subtract, ...) needs concrete values, "
                "and under jit w, grad and lr are tracers. Python's operators and the jnp "
                "functions take tracers.",
                example=lambda: jax.jit(
                    lambda w, grad, lr, clip: np.subtract(w, lr * grad), static_argnums=3
                ),
                matches=fails_with("TracerArrayConversionError", "", _step_inputs),
            ),
            Mistake(
                id="leaked-tracer",
                message="Right values, but your step stores a traced value outside itself (a "
                "global, a list, an attribute): JAX's leak checker found a tracer that "
                "outlived its trace. That value is not the learning rate of any call, and "
                "using it after the call fails. Use what step is given, and keep it inside.",
                example=lambda: _leaking_step(),
                matches=_leaks_tracer,
                also_accepted=True,
            ),
            Mistake(
                id="ignores-lr",
                message="lr is a parameter, but the result is the same for lr=0.1 and lr=0.5: "
                "the function still reads a learning rate of its own, fixed when jit traced "
                "it.",
                example=lambda: jax.jit(lambda w, grad, lr, clip: w - 0.1 * grad),
                matches=ignores_arguments(_lr_changed),
            ),
            Mistake(
                id="always-clipped",
                message="Your step clips the gradient whatever clip says: with clip False a "
                "gradient outside [-1, 1] must pass unchanged. (A global switch read while "
                "tracing does this too: it stays as it was at the first trace.)",
                example=lambda: jax.jit(_always_clipped),
                matches=behaves_like(_always_clipped, _step_inputs),
            ),
            Mistake(
                id="never-clipped",
                message="Your step never clips the gradient, whatever clip says: with clip True "
                "each gradient element is held to [-1, 1] before the step.",
                example=lambda: jax.jit(_never_clipped),
                matches=behaves_like(_never_clipped, _step_inputs),
            ),
            Mistake(
                id="clip-inverted",
                message="Your switch is the wrong way round: the gradient is clipped when clip "
                "is False and left as it is when clip is True.",
                example=lambda: jax.jit(_clip_inverted, static_argnames="clip"),
                matches=behaves_like(_clip_inverted, _step_inputs),
            ),
            Mistake(
                id="step-clipped",
                message="Your clip holds the whole step, lr times the gradient, to [-1, 1]. "
                "The buggy step clips the gradient itself, before the learning rate scales "
                "it: with a learning rate below 1 the two differ.",
                example=lambda: jax.jit(_step_clipped),
                matches=behaves_like(_step_clipped, _step_inputs),
            ),
            Mistake(
                id="w-clipped",
                message="Your clip holds w to [-1, 1], not the gradient: it is the gradient "
                "that the buggy step clips before the update.",
                example=lambda: jax.jit(_w_clipped),
                matches=behaves_like(_w_clipped, _step_inputs),
            ),
            Mistake(
                id="ascent",
                message="Your step moves w along the gradient, which climbs the loss. Gradient "
                "descent moves against it.",
                example=lambda: jax.jit(_ascent),
                matches=behaves_like(_ascent, _step_inputs),
            ),
            Mistake(
                id="precedence",
                message="This multiplies w itself by the gradient: the parentheses, or the "
                "order of operations, put lr against w. Only the gradient is scaled by lr.",
                example=lambda: jax.jit(_precedence),
                matches=behaves_like(_precedence, _step_inputs),
            ),
            Mistake(
                id="scaled-lr",
                message="Your step moves by a fixed multiple of lr times the gradient, the same "
                "multiple on every call: a number of its own (the global learning rate, say) "
                "multiplies lr. The step's size is lr alone.",
                example=lambda: jax.jit(
                    lambda w, grad, lr, clip: w - 0.25 * lr * _clipped(grad, clip)
                ),
                matches=_scaled_lr,
            ),
            Mistake(
                id="step-only",
                message="This returns only the change, not the new w: the step must start from "
                "the w it is given.",
                example=lambda: jax.jit(_step_only),
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
        success="lr travels as data, one compile for every learning rate; clip decides the "
        "program, so jit needs its value (or the choice is made inside the arrays).",
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
            "Which of the three calls trace? What, besides a shape, makes jit trace again? "
            "The retrace table above has the answer.",
            "print runs at the two traces (showing tracers), jax.debug.print on all three "
            "calls (showing values), and a trace comes with any new shape, dtype or weak "
            'type: printed = "C".',
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
                message="Output 4 is what the code prints without jit. Under jit, print runs "
                "only while tracing, and it sees a tracer (a shape and dtype), not the numbers.",
                example=lambda: "A",
            ),
            Mistake(
                id="shape-only",
                message="Right output, wrong reason: jit traces again for any new shape, dtype "
                "or weak type, not for a new shape only (the retrace table above showed a new "
                "dtype and a strong float32 tracing again). Here only the shape changed, so "
                "the output is the same; with jnp.float32(2.0) as the second argument, print "
                "would run a third time.",
                example=lambda: "B",
            ),
            Mistake(
                id="values-retrace",
                message="Output 2 traces again for 2.0. Same shape, same dtype, same weak type "
                "as 1.0: jit reuses the compiled code, and print does not run.",
                example=lambda: "D",
            ),
            Mistake(
                id="no-retrace",
                message="Output 3 forgets that jnp.arange(3.0) has a new shape, (3,): jit "
                "traces again for it, and the Python print runs again.",
                example=lambda: "E",
            ),
        ),
        success="print ran at the two traces (a new shape, dtype or weak type) and saw "
        "tracers; jax.debug.print ran on every call and saw values.",
        prediction=True,
        explanation=(
            "`print` ran twice, at the two traces: for `1.0`, and for `jnp.arange(3.0)`, "
            "whose new shape traced again. `2.0` has the shape, dtype and weak type of "
            "`1.0`, so it reused the compiled code and Python's `print` did not run. Each"
            " time, `print` saw a tracer. `jax.debug.print` is part of the compiled code,"
            " so it ran on all three calls, with their values: output 1. Its reason is "
            "C's: a new dtype or weak type traces too (the retrace table), so B's rule, a"
            " new shape only, happens to give the same lines here and no more."
        ),
    ),
    Exercise(
        id="07.clip_negative",
        title="Port a NumPy masked fill to code that survives jit",
        reference=lambda: _fill_negative,
        rule=SameFunction(inputs=_vector_inputs, transform=lambda f: jax.jit(f)),
        hints=(
            "Under jit, x is a tracer: a shape and a dtype, no values. x[x >= 0] would have "
            "as many elements as there are non-negative values, a size jit cannot know.",
            "Keep every element and let the mask decide what counts: a sum in which the "
            "negative elements count as 0, divided by how many elements are kept (a sum of "
            "the boolean mask). Then choose element by element.",
            "kept = x >= 0\n"
            "fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)\n"
            "return jnp.where(kept, x, fill)",
        ),
        solution=(
            "def fill_negative(x):\n"
            "    kept = x >= 0\n"
            "    fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)\n"
            "    return jnp.where(kept, x, fill)"
        ),
        mistakes=(
            Mistake(
                id="python-if",
                message="A Python if on an array (or a while, an and, an or: each asks the "
                "array for one True or False) fails under jit: x is a tracer there, with a "
                "shape but no values. The choice has to be made element by element, inside "
                "the array operations.",
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
                message="A boolean mask used as an index (x[x >= 0], or in .at[]) works "
                "outside jit, but under jit the number of True elements is unknown, so JAX "
                "refuses it (NonConcreteBooleanIndexError). The mean needs a form whose "
                "shape does not depend on the values: keep every element, and let the mask "
                "decide how much each one counts.",
                example=lambda: _boolean_mask,
                matches=_fails_tracing(("NonConcreteBooleanIndexError", "")),
            ),
            Mistake(
                id="item-assignment",
                message="x[x < 0] = ... is NumPy's in-place update: jax arrays refuse it, and "
                "under jit the mask is unknown anyway. Build a new array that chooses, "
                "element by element, between x and the fill value.",
                example=lambda: lambda x: x.__setitem__(x < 0, 0.0),
                matches=_fails_tracing(("TypeError", "immutable")),
            ),
            Mistake(
                id="index-list",
                message="jnp.where with one argument (like jnp.nonzero and jnp.argwhere) "
                "returns the indices, and how many there are depends on the values, which "
                "jit does not know. The three-argument form chooses element by element and "
                "keeps x's shape.",
                example=lambda: _index_list,
                matches=_fails_tracing(("ConcretizationTypeError", "jnp.nonzero")),
            ),
            Mistake(
                id="where-two-arguments",
                message="jnp.where needs three arguments for a choice: the condition, the "
                "value where it holds, and the value elsewhere. With two, it has nothing to "
                "keep where the condition fails.",
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
                message="lax.select does not broadcast: both cases must already have x's "
                "shape, and a scalar fill value does not. jnp.where broadcasts it.",
                example=lambda: lambda x: jax.lax.select(x < 0, 0.0, x),
                matches=_fails_tracing(("TypeError", "select cases must have the same shapes")),
            ),
            Mistake(
                id="python-number",
                message="This turns a traced value into a Python number (float(), int(), "
                ".item()), which needs the values jit does not have while it traces. Stay in "
                "arrays: the mean can be a 0-d array.",
                example=lambda: _to_python_number,
                matches=_fails_tracing(("ConcretizationTypeError", "")),
            ),
            Mistake(
                id="numpy-where",
                message="A NumPy function (np.where, np.mean, np.clip, ...) needs concrete "
                "values, and under jit x is a tracer. Each has a jnp twin that takes one.",
                example=lambda: _numpy_where,
                matches=_fails_tracing(("TracerArrayConversionError", "")),
            ),
            Mistake(
                id="cond-on-array",
                message="lax.cond runs one branch for the whole call, so its condition must be "
                "one boolean, not one per element. Which elements get the fill is an "
                "element-wise choice.",
                example=lambda: _cond_on_array,
                matches=_fails_tracing(("TypeError", "Pred must be a scalar")),
            ),
            Mistake(
                id="filled-zero",
                message="The negative elements became 0.0, as in the lesson's demo. The NumPy "
                "code here puts something else there: the mean of the elements that are not "
                "negative.",
                example=lambda: _filled_zero,
                matches=behaves_like(_filled_zero, _vector_inputs),
            ),
            Mistake(
                id="mean-of-all",
                message="Your fill is the mean of every element, the negative ones included. "
                "The NumPy code averages only x[x >= 0]: the negative elements must not "
                "count, neither in the sum nor in the count.",
                example=lambda: _mean_of_all,
                matches=behaves_like(_mean_of_all, _vector_inputs),
            ),
            Mistake(
                id="mean-with-zeros",
                message="Your sum leaves the negative elements out, but your count does not: "
                "dividing by the size of x averages them in as zeros, so the fill comes out "
                "too small. Divide by how many elements are kept.",
                example=lambda: _mean_with_zeros,
                matches=behaves_like(_mean_with_zeros, _vector_inputs),
            ),
            Mistake(
                id="mean-of-positives",
                message="Your mean leaves out the zeros. The NumPy code keeps x >= 0: a zero "
                "is not negative, so it counts, and it pulls the mean down.",
                example=lambda: _mean_of_positives,
                matches=behaves_like(_mean_of_positives, _vector_inputs),
            ),
            Mistake(
                id="zeros-filled-too",
                message="Your mask is x > 0: a zero is not negative, yet yours is replaced by "
                "the fill and left out of the mean. The NumPy code keeps every element that "
                "is not negative, zeros included.",
                example=lambda: _zeros_filled_too,
                matches=behaves_like(_zeros_filled_too, _vector_inputs),
            ),
            Mistake(
                id="divided-by-length",
                message="Your sum leaves the negative elements out, but your count is len(x): "
                "the length of the first axis, not how many elements are kept (on a matrix "
                "not even how many there are). Divide by the number of kept elements.",
                example=lambda: _divided_by_length,
                matches=behaves_like(_divided_by_length, _vector_inputs),
            ),
            Mistake(
                id="inverted-choice",
                message="Your choice is the wrong way round: the negative elements kept their "
                "value and the others became the fill. jnp.where takes the value for the "
                "elements where the condition holds first, the value for the rest second.",
                example=lambda: _inverted_choice,
                matches=behaves_like(_inverted_choice, _vector_inputs),
            ),
            Mistake(
                id="mean-of-negatives",
                message="Your fill is the mean of the negative elements, the very values being "
                "replaced. The NumPy code fills them with the mean of the elements that are "
                "not negative.",
                example=lambda: _mean_of_negatives,
                matches=behaves_like(_mean_of_negatives, _vector_inputs),
            ),
            Mistake(
                id="all-filled",
                message="Every element became the fill, the elements that are not negative "
                "too: your mean is right, but the NumPy code writes it only where x is "
                "negative and leaves the other elements as they are.",
                example=lambda: _all_filled,
                matches=behaves_like(_all_filled, _vector_inputs),
            ),
            Mistake(
                id="absolute",
                message="This is the absolute value: a negative element became its own size, "
                "where the NumPy code replaces it with the mean of the elements that are not "
                "negative.",
                example=lambda: _absolute,
                matches=behaves_like(_absolute, _vector_inputs),
            ),
            Mistake(
                id="column-means",
                message="On the matrix, each column got its own mean. x[x >= 0] in NumPy is "
                "one flat array of every kept element, so there is one mean for the whole "
                "array: reduce over every axis.",
                example=lambda: _column_means,
                matches=behaves_like(_column_means, _vector_inputs),
            ),
            Mistake(
                id="row-means",
                message="On the matrix, each row got its own mean. x[x >= 0] in NumPy is one "
                "flat array of every kept element, so there is one mean for the whole "
                "array: reduce over every axis.",
                example=lambda: _row_means,
                matches=behaves_like(_row_means, _vector_inputs),
            ),
        ),
        success="A masked mean with a fixed shape: every element summed, the masked ones as "
        "zero, divided by the mask's count. jit never needs to know how many there are.",
    ),
)
