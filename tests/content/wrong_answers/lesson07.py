"""Lesson 07: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# --- the lesson's notebook values -----------------------------------------------------------


def smooth(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="valid")


learning_rate = 1.0


# --- 07.static_window ---------------------------------------------------------------------


def smooth_same(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="same")  # "same" looked safer


def smooth_wrapper(x, window, scale):
    return smooth(x, window, scale)


# --- 07.stale_global ----------------------------------------------------------------------


@functools.partial(jax.jit, static_argnums=2)
def step_static_argnum(w, grad, lr):
    return w - lr * grad


@jax.jit
def step_reads_global(w, grad, lr):
    return w - learning_rate * grad


@jax.jit
def step_plus(w, grad, lr):
    return w + lr * grad


@jax.jit
def step_returns_update(w, grad, lr):
    update = lr * grad
    return update


def step_no_decorator(w, grad, lr):
    return w - lr * grad


@jax.jit
def step_divides(w, grad, lr):
    return w - grad / lr


@jax.jit
def step_no_return(w, grad, lr):
    w = w - lr * grad  # noqa: F841


@jax.jit
def step_numpy(w, grad, lr):
    return w - np.multiply(lr, grad)


# --- 07.clip_negative ---------------------------------------------------------------------


def clip_numpy_port(x):
    x = x.copy()
    x[x < 0] = 0.0
    return x


def clip_ternary(x):
    return x if x >= 0 else 0.0


def clip_loop(x):
    for i in range(x.shape[0]):
        if x[i] < 0:
            x = x.at[i].set(0.0)
    return x


def clip_np_clip(x):
    return np.clip(x, 0, None)


def clip_np_maximum(x):
    return np.maximum(x, 0)


def clip_filter(x):
    return x[x >= 0]


def clip_nonzero(x):
    return x.at[jnp.nonzero(x < 0)].set(0.0)


def clip_item(x):
    if x.min().item() >= 0:
        return x
    return jnp.where(x < 0, 0.0, x)


WRONG_ANSWERS = (
    # --- 07.count_traces: a count and its reason, as a letter ---
    Wrong(
        "07.count_traces",
        "ran the calls with a counter and typed the count",
        lambda: np.int64(4),
        named="a-count",
    ),
    Wrong(
        "07.count_traces",
        "the count as a string",
        lambda: "4",
        named="a-count",
    ),
    Wrong("07.count_traces", "4.0, a float count", lambda: 4.0, named="a-count"),
    Wrong(
        "07.count_traces",
        "B: a Python number thought compiled in as a constant",
        lambda: "b",
        named="values-in-the-key",
    ),
    Wrong(
        "07.count_traces",
        "A: weak types forgotten",
        lambda: " A ",
        named="shape-and-dtype-only",
    ),
    Wrong(
        "07.count_traces",
        "D: each new Python value retraces",
        lambda: "(D)",
        named="values-retrace",
    ),
    Wrong("07.count_traces", "E: a trace per call", lambda: "option E", named="every-call"),
    Wrong("07.count_traces", "'B or C': both fours", lambda: "B or C", says="names 2 options"),
    # --- 07.static_window ---
    Wrong(
        "07.static_window",
        "static_argnums=0: x made static",
        lambda: jax.jit(smooth, static_argnums=0),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): scale static as well",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "jit without static arguments",
        lambda: jax.jit(smooth_wrapper),
        named="window-traced",
    ),
    Wrong(
        "07.static_window",
        "donate_argnums=1 instead of static_argnums=1",
        lambda: jax.jit(smooth, donate_argnums=1),
        named="window-traced",
    ),
    Wrong(
        "07.static_window",
        "called the jitted function on the notebook's data",
        lambda: jax.jit(smooth, static_argnames="window")(jnp.arange(8.0), 3, 2.0),
        named="called-it",
    ),
    Wrong(
        "07.static_window",
        "kept smooth unjitted, the cell unchanged but fast_smooth = smooth",
        lambda: smooth,
        named="not-jitted",
    ),
    Wrong(
        "07.static_window",
        "rewrote smooth with mode='same'",
        lambda: jax.jit(smooth_same, static_argnames="window"),
    ),
    # --- 07.stale_global ---
    Wrong(
        "07.stale_global",
        "lr made static with partial(jax.jit, static_argnums=2)",
        lambda: step_static_argnum,
        named="static-lr",
    ),
    Wrong(
        "07.stale_global",
        "added lr but the body still reads learning_rate",
        lambda: step_reads_global,
        named="ignores-lr",
    ),
    Wrong("07.stale_global", "plus instead of minus", lambda: step_plus, named="ascent"),
    Wrong(
        "07.stale_global",
        "returned the update, not the new w",
        lambda: step_returns_update,
        named="step-only",
    ),
    Wrong(
        "07.stale_global",
        "dropped @jax.jit to get rid of the bug",
        lambda: step_no_decorator,
        named="not-jitted",
    ),
    Wrong(
        "07.stale_global",
        "divided by the learning rate",
        lambda: step_divides,
        "divided-by-lr",
    ),
    Wrong(
        "07.stale_global",
        "assigned w but forgot return",
        lambda: step_no_return,
        says="None",
    ),
    Wrong(
        "07.stale_global",
        "np.multiply inside the jitted step",
        lambda: step_numpy,
        named="numpy-in-jit",
    ),
    # --- 07.debug_print: an output and its reason, as a letter ---
    Wrong("07.debug_print", "E: print once", lambda: "e", named="no-retrace"),
    Wrong("07.debug_print", "'A' with a trailing space", lambda: "A ", named="print-every-call"),
    Wrong("07.debug_print", "b: retraces on a new shape only", lambda: "b", named="shape-only"),
    Wrong("07.debug_print", "d: every call retraces", lambda: " d", named="values-retrace"),
    Wrong(
        "07.debug_print",
        "the output's number instead of an option's letter",
        lambda: 1,
        named="output-not-option",
    ),
    Wrong(
        "07.debug_print",
        "ran it and pasted the printed lines",
        lambda: (
            "print: JitTracer(~float32[])\ndebug: 1.0\ndebug: 2.0\n"
            "print: JitTracer(float32[3])\ndebug: [0. 1. 2.]\n"
        ),
        named="output-not-option",
    ),
    # --- 07.clip_negative ---
    Wrong(
        "07.clip_negative",
        "the NumPy version pasted: copy, then x[x < 0] = 0.0",
        lambda: clip_numpy_port,
        named="item-assignment",
    ),
    Wrong(
        "07.clip_negative",
        "a conditional expression on x",
        lambda: clip_ternary,
        named="python-if",
    ),
    Wrong(
        "07.clip_negative",
        "a loop with an if on each element",
        lambda: clip_loop,
        named="python-if",
    ),
    Wrong("07.clip_negative", "np.clip(x, 0, None)", lambda: clip_np_clip, named="numpy-where"),
    Wrong("07.clip_negative", "np.maximum(x, 0)", lambda: clip_np_maximum, named="numpy-where"),
    Wrong(
        "07.clip_negative",
        "kept only the non-negative elements: x[x >= 0]",
        lambda: clip_filter,
        named="boolean-mask",
    ),
    Wrong(
        "07.clip_negative",
        "x.at[jnp.nonzero(x < 0)].set(0.0)",
        lambda: clip_nonzero,
        named="index-list",
    ),
    Wrong(
        "07.clip_negative",
        "a shortcut on x.min().item()",
        lambda: clip_item,
        named="python-number",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


@jax.jit
def buggy_step_held_out(w, grad):
    return w - learning_rate * grad


def step_sets_global(w, grad, lr):
    global learning_rate
    learning_rate = lr
    return buggy_step_held_out(w, grad)


@jax.jit
def step_precedence(w, grad, lr):
    return (w - lr) * grad


@jax.jit
def step_default_lr(w, grad, lr=learning_rate):
    return w - learning_rate * grad


@jax.jit
def step_squared_grad(w, grad, lr):
    return w - lr * grad**2


def clip_where_two(x):
    return jnp.where(x < 0, 0.0)


def clip_select(x):
    return jax.lax.select(x < 0, 0.0, x)


def clip_argwhere(x):
    return x.at[jnp.argwhere(x < 0)].set(0.0)


def clip_if_any(x):
    if jnp.any(x < 0):
        x = jnp.where(x < 0, 0.0, x)
    return x


def clip_numpy_round_trip(x):
    x = np.array(x)
    x[x < 0] = 0.0
    return jnp.asarray(x)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("07.count_traces", "['C']: the letter in a list", lambda: ["C"], says="list"),
    Wrong("07.count_traces", "print(...) assigned: None", lambda: None, says="this is None"),
    Wrong(
        "07.static_window",
        "static_argnames='scale'",
        lambda: jax.jit(smooth, static_argnames="scale"),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(0, 1)",
        lambda: jax.jit(smooth, static_argnums=(0, 1)),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "functools.partial(smooth, window=3), jitted",
        lambda: jax.jit(functools.partial(smooth, window=3)),
        named="fixed-window",
    ),
    Wrong(
        "07.static_window",
        "a lambda with window 3 written in",
        lambda: jax.jit(lambda x, window, scale: smooth(x, 3, scale)),
        named="fixed-window",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=2: counted from one",
        lambda: jax.jit(smooth, static_argnums=2),
        named="static-data",
    ),
    Wrong(
        "07.stale_global", "a wrapper that sets the global", lambda: step_sets_global, "ignores-lr"
    ),
    Wrong(
        "07.stale_global",
        "jax.jit(buggy_step): still two arguments",
        lambda: jax.jit(buggy_step_held_out),
        named="no-lr-argument",
    ),
    Wrong("07.stale_global", "(w - lr) * grad", lambda: step_precedence, named="precedence"),
    Wrong(
        "07.stale_global",
        "static_argnames='lr'",
        lambda: jax.jit(lambda w, grad, lr: w - lr * grad, static_argnames="lr"),
        named="static-lr",
    ),
    Wrong(
        "07.stale_global", "lr=learning_rate, body unchanged", lambda: step_default_lr, "ignores-lr"
    ),
    Wrong("07.stale_global", "w - lr * grad**2", lambda: step_squared_grad),
    Wrong("07.debug_print", "'B or C'", lambda: "B or C", says="one of"),
    Wrong("07.debug_print", "D", lambda: "D", named="values-retrace"),
    Wrong(
        "07.debug_print",
        "an output of its own pasted whole: tracers in both prints",
        lambda: (
            "print: JitTracer(~float32[])\ndebug: JitTracer(~float32[])\n"
            "print: JitTracer(float32[3])\ndebug: JitTracer(float32[3])\n"
        ),
        named="output-not-option",
    ),
    Wrong(
        "07.clip_negative", "jnp.where(x < 0, 0.0)", lambda: clip_where_two, "where-two-arguments"
    ),
    Wrong("07.clip_negative", "lax.select with 0.0", lambda: clip_select, named="select-shapes"),
    Wrong("07.clip_negative", "x.at[jnp.argwhere(x < 0)]", lambda: clip_argwhere, "index-list"),
    Wrong("07.clip_negative", "if jnp.any(x < 0): ...", lambda: clip_if_any, named="python-if"),
    Wrong(
        "07.clip_negative",
        "np.array(x), masked, back to jnp",
        lambda: clip_numpy_round_trip,
        named="numpy-where",
    ),
)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------


def clip_with_max(x):
    return max(x, 0.0)  # no if in it: not "a Python if"


def clip_with_and_or(x):
    return x > 0 and x or 0.0


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("07.clip_negative", "max(x, 0.0)", lambda: clip_with_max, named="python-max"),
    Wrong("07.clip_negative", "x > 0 and x or 0.0", lambda: clip_with_and_or, named="python-if"),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------

r2_learning_rate = 0.25  # the notebook's global, as the lesson's loop leaves it


@jax.jit
def r2_step_float_lr(w, grad, lr):
    return w - float(lr) * grad


@jax.jit
def r2_step_pair(w, grad, lr):
    return w - lr * grad, lr


@jax.jit
def r2_step_no_return(w, grad, lr):
    w = w - lr * grad  # noqa: F841


@jax.jit
def r2_step_both_rates(w, grad, lr):
    return w - r2_learning_rate * lr * grad


@jax.jit
def r2_step_scaled_after(w, grad, lr):
    return (w - grad) * lr


def r2_clip_list_of_max(x):
    return jnp.array([max(v, 0.0) for v in x])


def r2_clip_tolist(x):
    return jnp.where(x < 0, 0.0, x).tolist()


def r2_clip_where_index(x):
    return x.at[jnp.where(x < 0)].set(0.0)


ROUND_2 = (
    Wrong("07.count_traces", "3", lambda: 3, named="a-count"),
    Wrong("07.count_traces", "5", lambda: 5, named="a-count"),
    Wrong("07.count_traces", "2: int and float", lambda: 2, named="a-count"),
    Wrong("07.count_traces", "4.0", lambda: 4.0, named="a-count"),
    Wrong("07.count_traces", "[4]", lambda: [4], says="is a list"),
    Wrong(
        "07.static_window",
        "static_argnums=2",
        lambda: jax.jit(smooth, static_argnums=2),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "window and scale static",
        lambda: jax.jit(smooth, static_argnames=("window", "scale")),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=0",
        lambda: jax.jit(smooth, static_argnums=0),
        named="static-data",
    ),
    Wrong(
        "07.static_window",
        "partial(jax.jit, static_argnums=1), not applied",
        lambda: functools.partial(jax.jit, static_argnums=1),
        named="not-jitted",
    ),
    Wrong(
        "07.static_window",
        "partial(smooth, window=3), jitted",
        lambda: jax.jit(functools.partial(smooth, window=3)),
        named="fixed-window",
    ),
    Wrong(
        "07.stale_global",
        "float(lr) inside",
        lambda: r2_step_float_lr,
        says="avoid int()/float() on traced values",
    ),
    Wrong(
        "07.stale_global",
        "returns (w, lr)",
        lambda: r2_step_pair,
        says="Expected a jax array, but this is a Python tuple",
    ),
    Wrong(
        "07.stale_global",
        "no return",
        lambda: r2_step_no_return,
        says="Expected a jax array, but this is None: nothing",
    ),
    Wrong("07.stale_global", "learning_rate * lr", lambda: r2_step_both_rates, named="scaled-lr"),
    Wrong("07.stale_global", "(w - grad) * lr", lambda: r2_step_scaled_after, named="lr-outside"),
    Wrong("07.debug_print", '"E"', lambda: "E", named="no-retrace"),
    Wrong("07.debug_print", '"D": print each call', lambda: "D", named="values-retrace"),
    Wrong("07.debug_print", '"A": like plain Python', lambda: "A", named="print-every-call"),
    Wrong("07.debug_print", '"B"', lambda: "B", named="shape-only"),
    Wrong(
        "07.debug_print",
        '"BC"',
        lambda: "BC",
        says="'BC' names 2 options; the answer is one of them.",
    ),
    Wrong(
        "07.clip_negative",
        "max of each element, in a list",
        lambda: r2_clip_list_of_max,
        named="python-max",
    ),
    Wrong("07.clip_negative", "where(...).tolist()", lambda: r2_clip_tolist, named="python-number"),
    Wrong(
        "07.clip_negative",
        "x.at[jnp.where(x < 0)].set(0.0)",
        lambda: r2_clip_where_index,
        named="index-list",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


@functools.partial(jax.jit, static_argnums=2)
def r3_step_static_lr(w, grad, lr):
    return w - lr * grad


def r3_step_not_jitted(w, grad, lr):
    return w - lr * grad


def r3_step_jit_inside(w, grad, lr):
    return jax.jit(lambda w, g: w - lr * g)(w, grad)


def r3_clip_where_swapped(x):
    return jnp.where(x <= 0, x, 0.0)


def r3_clip_lax_cond(x):
    return jax.lax.cond(x < 0, lambda v: 0.0 * v, lambda v: v, x)


def r3_clip_minimum(x):
    return jnp.minimum(x, 0.0)


ROUND_3 = (
    Wrong("07.count_traces", "3: weak and strong int32[] share", lambda: 3),
    Wrong("07.count_traces", '"4", typed as text', lambda: "4"),
    Wrong("07.count_traces", "6: one trace per call", lambda: 6),
    Wrong(
        "07.static_window",
        "static_argnums=2: window counted from one",
        lambda: jax.jit(smooth, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): scale static too",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong("07.static_window", "jax.jit(smooth), nothing static", lambda: jax.jit(smooth)),
    Wrong("07.stale_global", "lr static: static_argnums=2", lambda: r3_step_static_lr),
    Wrong("07.stale_global", "lr passed, but no jit", lambda: r3_step_not_jitted),
    Wrong("07.stale_global", "jit of a lambda inside the step", lambda: r3_step_jit_inside),
    Wrong("07.debug_print", '"D": print on every call', lambda: "D"),
    Wrong("07.debug_print", '"E": print once only', lambda: "E"),
    Wrong("07.debug_print", '"CE": torn between two', lambda: "CE"),
    Wrong(
        "07.clip_negative", "where(x <= 0, x, 0.0): branches swapped", lambda: r3_clip_where_swapped
    ),
    Wrong("07.clip_negative", "lax.cond on the whole array", lambda: r3_clip_lax_cond),
    Wrong("07.clip_negative", "jnp.minimum(x, 0.0)", lambda: r3_clip_minimum),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- Issue 35's round: answers that the positional calls let through ----------------------


def _r4_smooth(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="valid")


ROUND_4 = (
    Wrong(
        "07.static_window",
        "static_argnums=1 and static_argnames='scale'",
        lambda: jax.jit(_r4_smooth, static_argnums=(1,), static_argnames=("scale",)),
        "static-data",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1,), static_argnames=('window', 'scale')",
        lambda: jax.jit(_r4_smooth, static_argnums=(1,), static_argnames=("window", "scale")),
        "static-data",
    ),
)
ROUND_4 = (
    *ROUND_4,
    Wrong(
        "07.static_window",
        "static_argnums=1 with static_argnames=(): window traced by keyword",
        lambda: jax.jit(_r4_smooth, static_argnums=1, static_argnames=()),
        "window-traced",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- issue 34: 07.clip_negative asks for a masked mean as the fill ---------------------------


def fill_with_zero(x):
    return jnp.where(x < 0, 0.0, x)  # the lesson's demo, copied


def fill_with_mean_of_all(x):
    return jnp.where(x < 0, x.mean(), x)


def fill_mean_counts_negatives(x):
    kept = jnp.where(x >= 0, x, 0.0)
    return jnp.where(x < 0, kept.sum() / x.size, x)


def fill_mean_of_positives(x):
    positive = x > 0
    return jnp.where(positive | (x == 0), x, jnp.sum(x * positive) / jnp.sum(positive))


def fill_mean_per_row(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=-1, keepdims=True, where=kept)
    return jnp.where(kept, x, mean)


def fill_by_boolean_index(x):
    return jnp.where(x < 0, jnp.mean(x[x >= 0]), x)


def fill_numpy_mean(x):
    return jnp.where(x < 0, np.mean(x), x)  # np.mean calls x.mean(): every element


def fill_numpy_where(x):
    kept = x >= 0
    return np.where(kept, x, jnp.sum(x * kept) / jnp.sum(kept))


def fill_python_if_on_count(x):
    kept = x >= 0
    if kept.sum() > 0:
        return jnp.where(kept, x, jnp.mean(x, where=kept))
    return x


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("07.clip_negative", "the demo's zero fill", lambda: fill_with_zero, named="filled-zero"),
    Wrong("07.clip_negative", "x.mean() as the fill", lambda: fill_with_mean_of_all, "mean-of-all"),
    Wrong(
        "07.clip_negative",
        "masked sum divided by x.size",
        lambda: fill_mean_counts_negatives,
        named="mean-with-zeros",
    ),
    Wrong(
        "07.clip_negative",
        "mean of x > 0 only",
        lambda: fill_mean_of_positives,
        named="mean-of-positives",
    ),
    Wrong(
        "07.clip_negative", "mean per row, axis=-1", lambda: fill_mean_per_row, named="row-means"
    ),
    Wrong(
        "07.clip_negative",
        "jnp.mean(x[x >= 0]) under jit",
        lambda: fill_by_boolean_index,
        named="boolean-mask",
    ),
    Wrong("07.clip_negative", "np.mean(x) as the fill", lambda: fill_numpy_mean, "mean-of-all"),
    Wrong("07.clip_negative", "np.where on the tracer", lambda: fill_numpy_where, "numpy-where"),
    Wrong(
        "07.clip_negative",
        "a Python if on the mask's count",
        lambda: fill_python_if_on_count,
        named="python-if",
    ),
)
