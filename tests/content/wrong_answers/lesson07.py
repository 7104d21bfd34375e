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


config = {"t": 0, "clip": "value"}  # the notebook's global dict


# --- 07.static_window ---------------------------------------------------------------------


def smooth_same(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="same")  # "same" looked safer


def smooth_wrapper(x, window, scale):
    return smooth(x, window, scale)


# --- 07.stale_global: step(w, grad, t, clip), t a warmup's step number, clip a string ------


def warmup_lr(t):
    return jnp.minimum(1.0, (t + 1) / 4)


def clip_grad(grad, clip):
    if clip == "value":
        return jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        return grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return grad


def step_body(w, grad, t, clip):
    """The buggy step's body, its settings made arguments: Python's min on t."""
    lr = min(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@jax.jit
def step_old_join(w, grad, lr, clip):
    """Session 49's passing join, on the new task: the switch chosen by jnp.where."""
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def step_where_everything(w, grad, t, clip):
    """The Fix line's jnp.where for both settings."""
    lr = jnp.where(t < 3, (t + 1) / 4, 1.0)
    grad = jnp.where(clip == "value", jnp.clip(grad, -1.0, 1.0), grad)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=(2, 3))
def step_both_static(w, grad, t, clip):
    return step_body(w, grad, t, clip)


@functools.partial(jax.jit, static_argnames=("grad", "clip"))
def step_grad_static(w, grad, t, clip):
    return w - warmup_lr(t) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_clip_static(w, grad, t, clip):
    """The buggy body with clip static, as jit's error about the string suggests."""
    return step_body(w, grad, t, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_if_warmup(w, grad, t, clip):
    lr = (t + 1) / 4 if t < 3 else 1.0
    return w - lr * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_if_long(w, grad, t, clip):
    if clip == "norm":
        norm = jnp.sqrt(jnp.sum(grad**2))
        if norm > 1.0:  # only a long gradient is shortened
            grad = grad / norm
    elif clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_jnp_max_warmup(w, grad, t, clip):
    lr = 1.0 - jnp.max(0.0, 0.75 - t / 4)  # "the jnp twin of max"
    return w - lr * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_int_t(w, grad, t, clip):
    return w - min(1.0, (int(t) + 1) / 4) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_np_clip_lr(w, grad, t, clip):
    return w - np.clip((t + 1) / 4, 0.0, 1.0) * clip_grad(grad, clip)


seen = {}


@functools.partial(jax.jit, static_argnames="clip")
def step_keeps_t(w, grad, t, clip):
    seen["t"] = t  # "so the schedule can read it back"
    return w - warmup_lr(t) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_reads_config_t(w, grad, t, clip):
    return w - min(1.0, (config["t"] + 1) / 4) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_reads_config_clip(w, grad, t, clip):
    return w - warmup_lr(t) * clip_grad(grad, config["clip"])


@functools.partial(jax.jit, static_argnames="clip")
def step_t_as_lr(w, grad, t, clip):
    return w - t * clip_grad(grad, clip)  # the old lr's place


@functools.partial(jax.jit, static_argnames="clip")
def step_warmup_t_over_4(w, grad, t, clip):
    return w - jnp.minimum(t / 4, 1.0) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_warmup_no_cap(w, grad, t, clip):
    return w - (t + 1) / 4 * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_normalised(w, grad, t, clip):
    if clip == "norm":
        grad = grad / jnp.linalg.norm(grad)  # "a norm of 1"
    elif clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_any_clip_by_value(w, grad, t, clip):
    if clip != "none":
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_modes_swapped(w, grad, t, clip):
    swapped = {"value": "norm", "norm": "value"}.get(clip, clip)
    return w - warmup_lr(t) * clip_grad(grad, swapped)


@functools.partial(jax.jit, static_argnames="clip")
def step_no_clip(w, grad, t, clip):
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_clipped_from_above(w, grad, t, clip):
    if clip == "value":
        grad = jnp.where(grad > 1.0, 1.0, grad)  # only the large ones
    elif clip == "norm":
        grad = clip_grad(grad, clip)
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_clip_positive(w, grad, t, clip):
    if clip == "value":
        grad = jnp.minimum(jnp.maximum(grad, 0.0), 1.0)  # "clip" read as "into [0, 1]"
    elif clip == "norm":
        grad = clip_grad(grad, clip)
    return w - warmup_lr(t) * grad


@functools.partial(jax.jit, static_argnames="clip")
def step_plus(w, grad, t, clip):
    return w + warmup_lr(t) * clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def step_update_only(w, grad, t, clip):
    return warmup_lr(t) * clip_grad(grad, clip)


def step_unjitted(w, grad, t, clip):
    return w - warmup_lr(t) * clip_grad(grad, clip)


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
        "B: a NumPy scalar thought traced apart from a jax one",
        lambda: "b",
        named="numpy-scalar-apart",
    ),
    Wrong(
        "07.count_traces",
        "A: weak types forgotten",
        lambda: " A ",
        named="shape-and-dtype-only",
    ),
    Wrong(
        "07.count_traces",
        "D: the product with 2.0 taken for a weak scalar",
        lambda: "(D)",
        named="jax-arrays-strong",
    ),
    Wrong("07.count_traces", "E: a trace per call", lambda: "option E", named="every-call"),
    Wrong("07.count_traces", "'C or D': both threes", lambda: "C or D", says="names 2 options"),
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
        named="same-mode",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=-2, counted from the end",
        lambda: jax.jit(smooth, static_argnums=-2),
        named="negative-argnum",
    ),
    Wrong(
        "07.static_window",
        "scale fixed by functools.partial, window static",
        lambda: jax.jit(functools.partial(smooth, scale=2.0), static_argnums=1),
        named="fixed-scale",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(-2,) in a tuple",
        lambda: jax.jit(smooth, static_argnums=(-2,)),
        named="negative-argnum",
    ),
    Wrong(
        "07.clip_negative",
        "the mean written everywhere with full_like",
        lambda: lambda x: jnp.full_like(x, jnp.mean(x, where=x >= 0)),
        named="all-filled",
    ),
    Wrong(
        "07.clip_negative",
        "ones_like(x) * the kept mean",
        lambda: lambda x: jnp.ones_like(x) * (jnp.sum(x * (x >= 0)) / jnp.sum(x >= 0)),
        named="all-filled",
    ),
    Wrong(
        "07.static_window",
        "own convolve with mode='same', window static",
        lambda: jax.jit(
            lambda x, window, scale: scale * jnp.convolve(x, jnp.ones(window) / window, "same"),
            static_argnums=1,
        ),
        named="same-mode",
    ),
    Wrong(
        "07.static_window",
        "a moving sum: jnp.ones(window) as the kernel",
        lambda: jax.jit(
            lambda x, window, scale: scale * jnp.convolve(x, jnp.ones(window), mode="valid"),
            static_argnames="window",
        ),
        named="summed-window",
    ),
    Wrong(
        "07.static_window",
        "kernel divided by window * scale",
        lambda: jax.jit(
            lambda x, window, scale: jnp.convolve(x, jnp.ones(window) / window / scale, "valid"),
            static_argnames="window",
        ),
        named="divided-by-scale",
    ),
    Wrong(
        "07.static_window",
        "scale.item() under jit, window static",
        lambda: jax.jit(
            lambda x, window, scale: scale.item() * smooth(x, window, 1.0), static_argnums=1
        ),
        named="scale-to-python",
    ),
    # --- 07.stale_global ---
    Wrong(
        "07.stale_global",
        "the old three-argument step",
        lambda: jax.jit(lambda w, grad, lr: w - lr * grad),
        named="wrong-arity",
    ),
    Wrong(
        "07.stale_global",
        "session 49's join: the switch chosen by jnp.where",
        lambda: step_old_join,
        named="clip-traced",
    ),
    Wrong(
        "07.stale_global",
        "jnp.where for the warmup and for the mode",
        lambda: step_where_everything,
        named="clip-traced",
    ),
    Wrong(
        "07.stale_global",
        "plain jax.jit of the buggy body",
        lambda: jax.jit(step_body),
        named="clip-traced",
    ),
    Wrong(
        "07.stale_global",
        "both settings static: static_argnums=(2, 3)",
        lambda: step_both_static,
        named="static-t",
    ),
    Wrong(
        "07.stale_global",
        "static_argnames=('t', 'clip') on the buggy body",
        lambda: jax.jit(step_body, static_argnames=("t", "clip")),
        named="static-t",
    ),
    Wrong(
        "07.stale_global",
        "grad and clip static",
        lambda: step_grad_static,
        named="static-array",
    ),
    Wrong(
        "07.stale_global",
        "the buggy body with clip static, as jit's error suggests",
        lambda: step_clip_static,
        named="python-compare-t",
    ),
    Wrong(
        "07.stale_global",
        "a conditional expression on t < 3",
        lambda: step_if_warmup,
        named="python-compare-t",
    ),
    Wrong(
        "07.stale_global",
        "if norm > 1 to shorten only a long gradient",
        lambda: step_if_long,
        named="python-if-norm",
    ),
    Wrong(
        "07.stale_global",
        "jnp.max(0, ...) as the jnp twin of max",
        lambda: step_jnp_max_warmup,
        named="reduction-axis",
    ),
    Wrong("07.stale_global", "int(t) in the warmup", lambda: step_int_t, named="python-number"),
    Wrong(
        "07.stale_global",
        "np.clip for the warmup",
        lambda: step_np_clip_lr,
        named="numpy-in-jit",
    ),
    Wrong(
        "07.stale_global",
        "keeps the traced t in a global dict for later",
        lambda: step_keeps_t,
        named="leaked-tracer",
    ),
    Wrong(
        "07.stale_global",
        "clip passed in, the step number still read from config",
        lambda: step_reads_config_t,
        named="ignores-t",
    ),
    Wrong(
        "07.stale_global",
        "t passed in, the mode still read from config",
        lambda: step_reads_config_clip,
        named="always-clipped",
    ),
    Wrong(
        "07.stale_global",
        "t in the old lr's place",
        lambda: step_t_as_lr,
        named="t-as-lr",
    ),
    Wrong(
        "07.stale_global",
        "warmup t / 4",
        lambda: step_warmup_t_over_4,
        named="warmup-from-zero",
    ),
    Wrong(
        "07.stale_global",
        "warmup (t + 1) / 4 without the cap",
        lambda: step_warmup_no_cap,
        named="warmup-uncapped",
    ),
    Wrong(
        "07.stale_global",
        "'norm' divides by the norm, long or short",
        lambda: step_normalised,
        named="always-normalised",
    ),
    Wrong(
        "07.stale_global",
        "any mode but 'none' clips by value",
        lambda: step_any_clip_by_value,
        named="norm-by-value",
    ),
    Wrong(
        "07.stale_global",
        "the two modes swapped by a dict",
        lambda: step_modes_swapped,
        named="modes-swapped",
    ),
    Wrong(
        "07.stale_global",
        "clip ignored",
        lambda: step_no_clip,
        named="never-clipped",
    ),
    Wrong(
        "07.stale_global",
        "where(grad > 1, 1, grad): clipped from above",
        lambda: step_clipped_from_above,
        named="clipped-above-only",
    ),
    Wrong(
        "07.stale_global",
        "'value' as minimum(maximum(grad, 0), 1)",
        lambda: step_clip_positive,
        named="clip-range",
    ),
    Wrong("07.stale_global", "w + lr * grad", lambda: step_plus, named="ascent"),
    Wrong(
        "07.stale_global",
        "returns the update only",
        lambda: step_update_only,
        named="step-only",
    ),
    Wrong("07.stale_global", "not jitted", lambda: step_unjitted, named="not-jitted"),
    # --- 07.debug_print: an output and its reason, as a letter ---
    Wrong("07.debug_print", "E: print once", lambda: "e", named="no-retrace"),
    Wrong("07.debug_print", "'A' with a trailing space", lambda: "A ", named="print-every-call"),
    Wrong(
        "07.debug_print", "b: debug.print run from Python", lambda: "b", named="debug-from-python"
    ),
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
    Wrong("07.debug_print", '"E"', lambda: "E", named="no-retrace"),
    Wrong("07.debug_print", '"D": print each call', lambda: "D", named="values-retrace"),
    Wrong("07.debug_print", '"A": like plain Python', lambda: "A", named="print-every-call"),
    Wrong("07.debug_print", '"B"', lambda: "B", named="debug-from-python"),
    Wrong(
        "07.debug_print",
        '"BC"',
        lambda: "BC",
        says="'BC' names 2 options; the question asks for one",
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


# --- issue 34 (session 49): 07.static_window's smooth has two Python ifs ------------------
# smooth(x, weights, same) as the lesson gives it: an if on the weights' sum (normalise
# unless it is 0) and an if on same, which decides the result's length. Both meet the
# tracer-bool error, whose Fix line offers jnp.where/lax.cond or a static argument; the
# session 45 answers (a mode string, a kernel scaled by Python's max) belong to a task that
# is gone, so they leave the corpus. The s45 reader's join, both Fix lines applied, is
# here as "both static" and "jnp.where for both".
def smooth_given(x, weights, same):  # the exercise cell's smooth, unchanged
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def smooth_kernel(x, weights, same):  # the weights' if made a jnp.where
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def smooth_kernel_raw(x, weights, same):  # dropped the division
    return jnp.convolve(x, jnp.asarray(weights), mode="same" if same else "valid")


def smooth_where_both(x, weights, same):  # the Fix line's jnp.where, for both ifs
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    same_length = jnp.convolve(x, kernel, mode="same")
    return jnp.where(same, same_length, jnp.convolve(x, kernel, mode="valid"))


def smooth_cond_both(x, weights, same):  # lax.cond, for both ifs
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    return jax.lax.cond(
        same,
        lambda: jnp.convolve(x, kernel, mode="same"),
        lambda: jnp.convolve(x, kernel, mode="valid"),
    )


def smooth_where_same_only(x, weights, same):  # jnp.where on same, the weights' if kept
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:
        kernel = kernel / total
    same_length = jnp.convolve(x, kernel, mode="same")
    return jnp.where(same, same_length, jnp.convolve(x, kernel, mode="valid"))


def smooth_jnp_sum_of_tuple(x, weights, same):  # jnp.sum refuses a tuple
    kernel = jnp.array(weights)
    total = jnp.sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def smooth_float_total(x, weights, same):
    kernel = jnp.array(weights)
    total = float(jnp.sum(kernel))  # a Python number to test
    if total != 0:
        kernel = kernel / total
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def smooth_always_divided(x, weights, same):  # "a zero sum never comes up"
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / kernel.sum(), mode="same" if same else "valid")


def smooth_where_turned_around(x, weights, same):  # == where != was meant
    kernel = jnp.array(weights)
    total = kernel.sum()
    kernel = jnp.where(total == 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def smooth_by_max(x, weights, same):  # the old task's peak of 1, not a sum of 1
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / kernel.max(), mode="same" if same else "valid")


WRONG_ANSWERS = (
    *(w for w in WRONG_ANSWERS if w.exercise_id != "07.static_window"),
    Wrong(
        "07.static_window",
        "the Fix line's static for both: weights and same static",
        lambda: jax.jit(smooth_given, static_argnames=("weights", "same")),
        named="weights-static",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2)",
        lambda: jax.jit(smooth_given, static_argnums=(1, 2)),
        named="weights-static",
    ),
    Wrong(
        "07.static_window",
        "jnp.where for the weights, and weights static all the same",
        lambda: jax.jit(smooth_kernel, static_argnames=("weights", "same")),
        named="weights-static",
    ),
    Wrong(
        "07.static_window",
        "the Fix line's jnp.where for both ifs, nothing static",
        lambda: jax.jit(smooth_where_both),
        named="same-chosen-while-running",
    ),
    Wrong(
        "07.static_window",
        "lax.cond for both ifs",
        lambda: jax.jit(smooth_cond_both),
        named="same-chosen-while-running",
    ),
    Wrong(
        "07.static_window",
        "jnp.where on same, weights static for their if",
        lambda: jax.jit(smooth_where_same_only, static_argnames="weights"),
        named="same-chosen-while-running",
    ),
    Wrong(
        "07.static_window",
        "same static, smooth left as given",
        lambda: jax.jit(smooth_given, static_argnames="same"),
        named="python-if-weights",
    ),
    Wrong(
        "07.static_window",
        "jax.jit(smooth), nothing static",
        lambda: jax.jit(smooth_given),
        named="python-if-weights",
    ),
    Wrong(
        "07.static_window",
        "only weights static, the rest left as given",
        lambda: jax.jit(smooth_given, static_argnames="weights"),
        named="python-if-same",
    ),
    Wrong(
        "07.static_window",
        "the weights' if fixed, nothing made static",
        lambda: jax.jit(smooth_kernel),
        named="python-if-same",
    ),
    Wrong(
        "07.static_window",
        "jnp.sum of the weights tuple itself",
        lambda: jax.jit(smooth_jnp_sum_of_tuple, static_argnums=2),
        named="jnp-of-tuple",
    ),
    Wrong(
        "07.static_window",
        "float() of the sum, to test a Python number",
        lambda: jax.jit(smooth_float_total, static_argnames="same"),
        says="ConcretizationTypeError",
    ),
    Wrong(
        "07.static_window",
        "divided by the sum without the test for 0",
        lambda: jax.jit(smooth_always_divided, static_argnames="same"),
        named="always-divided",
    ),
    Wrong(
        "07.static_window",
        "jnp.where on total == 0",
        lambda: jax.jit(smooth_where_turned_around, static_argnames="same"),
        named="division-reversed",
    ),
    Wrong(
        "07.static_window",
        "divided by the largest weight, as before",
        lambda: jax.jit(smooth_by_max, static_argnames="same"),
        named="divided-by-max",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=-1 for the last argument",
        lambda: jax.jit(smooth_kernel, static_argnums=-1),
        named="keyword-calls",
    ),
    Wrong(
        "07.static_window",
        "same written in with functools.partial",
        lambda: jax.jit(functools.partial(smooth_kernel, same=True)),
        named="fixed-same",
    ),
    Wrong(
        "07.static_window",
        "a lambda with same=True fixed, same static",
        lambda: jax.jit(
            lambda x, weights, same: smooth_kernel(x, weights, True), static_argnames="same"
        ),
        named="fixed-same",
    ),
    Wrong(
        "07.static_window",
        "the kernel not divided at all",
        lambda: jax.jit(smooth_kernel_raw, static_argnames="same"),
        named="unnormalised",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=2 with static_argnames=()",
        lambda: jax.jit(smooth_kernel, static_argnums=2, static_argnames=()),
        named="keyword-calls",
    ),
    Wrong("07.static_window", "smooth itself, unjitted", lambda: smooth_kernel, named="not-jitted"),
    Wrong(
        "07.static_window",
        "the result of one call",
        lambda: jax.jit(smooth_kernel, static_argnames="same")(
            jnp.arange(8.0), (1.0, 2.0, 1.0), False
        ),
        named="called-it",
    ),
)


# --- session 46 (round 9): families of 07.stale_global and 07.clip_negative that got a
# generic message


def s46_fill_floor_at_mean(x):
    kept = x >= 0
    fill = jnp.mean(x, where=kept)
    return jnp.where(x < fill, fill, x)  # meant "x < 0"


def s46_fill_select_discarded(x):
    kept = x >= 0
    fill = jnp.sum(x * kept) / jnp.sum(kept)
    jax.lax.select(kept, x, jnp.full_like(x, fill))  # NumPy habit: thought it changed x
    return x


def s46_fill_mean_abs(x):
    return jnp.where(x >= 0, x, jnp.abs(x).sum() / x.size)


S46 = (
    Wrong(
        "07.clip_negative",
        "where(x < fill, fill, x): compared with the fill",
        lambda: s46_fill_floor_at_mean,
        named="lifted-to-fill",
    ),
    Wrong(
        "07.clip_negative",
        "lax.select's result dropped, x returned",
        lambda: s46_fill_select_discarded,
        named="unchanged",
    ),
    Wrong(
        "07.clip_negative",
        "fill from |x| summed over x.size",
        lambda: s46_fill_mean_abs,
        named="mean-of-magnitudes",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S46)


# --- round 10: a wrong diagnosis, a wrong answer once accepted, a generic message ------------
def r10f_smooth_sum_of_magnitudes(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.abs(kernel).sum()  # a "size" of the kernel, never 0 unless all are
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r10f_smooth_correlated(x, weights, same):
    kernel = jnp.array(weights)
    kernel = jnp.where(kernel.sum() != 0, kernel / kernel.sum(), kernel)
    return jnp.correlate(x, kernel, mode="same" if same else "valid")  # the kernel not flipped


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.static_window",
        "jit of a lambda with its own argument names",
        lambda: jax.jit(
            lambda values, k, keep: smooth_kernel(values, k, keep),
            static_argnums=2,
        ),
        "renamed-parameters",
    ),
    Wrong(
        "07.static_window",
        "kernel divided by the sum of |weight|",
        lambda: jax.jit(r10f_smooth_sum_of_magnitudes, static_argnames="same"),
        named="divided-by-abs-sum",
    ),
    Wrong(
        "07.static_window",
        "jnp.correlate in place of convolve",
        lambda: jax.jit(r10f_smooth_correlated, static_argnames="same"),
        "kernel-not-reversed",
    ),
)


# --- session 48: round 11's generic answers, named (issue 35) ------------------------------
def s48_fill_int_mean(x):
    kept = x >= 0
    total, count = jnp.sum(jnp.where(kept, x, 0.0)), jnp.sum(kept)
    return jnp.where(kept, x, jnp.floor_divide(total, count))


def s48_fill_first_nonnegative(x):
    kept = x >= 0
    first = jnp.ravel(x)[jnp.argmax(jnp.ravel(kept))]
    return jnp.where(kept, x, first)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.clip_negative",
        "floor_divide for the mean",
        lambda: s48_fill_int_mean,
        named="floored-mean",
    ),
    Wrong(
        "07.clip_negative",
        "the first non-negative element as the fill",
        lambda: s48_fill_first_nonnegative,
        named="first-kept",
    ),
)


# --- session 49: round 13's zeros replaced, nonzero count, switch as a bound (issue 35) ----
def s49_fill_positive_choice(x):
    kept = x >= 0
    fill = jnp.sum(x * kept) / kept.sum()
    return jnp.where(x > 0, x, fill)  # a zero is filled too


def s49_fill_over_nonzero(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / (x != 0).sum())


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.clip_negative",
        "where(x > 0, x, fill): the right fill, zeros replaced",
        lambda: s49_fill_positive_choice,
        named="zeros-replaced",
    ),
    Wrong(
        "07.clip_negative",
        "the kept sum over (x != 0).sum()",
        lambda: s49_fill_over_nonzero,
        named="divided-by-nonzero",
    ),
)

# --- session 51 (f15a): round 15's generic families in 07, named (issue 35) -------------


@functools.partial(jax.jit, static_argnames="same")
def s51_smooth_l1_normalised(x, weights, same):
    kernel = jnp.asarray(weights)
    kernel = kernel / jnp.linalg.norm(kernel, ord=1)  # sum of |weights|
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


@functools.partial(jax.jit, static_argnames="clip")
def s51_step_short_stretched(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        norm = jnp.linalg.norm(grad)
        grad = jnp.where(norm < 1.0, grad / norm, grad)
    return w - lr * grad


def s51_fill_argwhere_padded(x):
    kept = x >= 0
    fill = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    where = jnp.argwhere(~kept, size=x.size)  # padded with index 0
    return x.at[tuple(where.T)].set(fill)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.static_window",
        "kernel over its 1-norm, the sum of |weights|",
        lambda: s51_smooth_l1_normalised,
        named="divided-by-abs-sum",
    ),
    Wrong(
        "07.stale_global",
        "norm: a gradient shorter than 1 divided by its length",
        lambda: s51_step_short_stretched,
        named="norm-grown",
    ),
    Wrong(
        "07.clip_negative",
        "argwhere with size=: padding writes the fill at [0]",
        lambda: s51_fill_argwhere_padded,
        named="first-element-filled",
    ),
)


@functools.partial(jax.jit, static_argnames="clip")
def s51_step_floor_divide_warmup(w, grad, t, clip):
    lr = jnp.minimum(1, jnp.floor_divide(t + 1, 4))  # whole steps of the rate
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.stale_global",
        "warmup by floor_divide: rate 0 then 1",
        lambda: s51_step_floor_divide_warmup,
        named="warmup-floored",
    ),
)


# --- round 16: 07.static_window's families that got the generic message ---------------------
def r16f_smooth_if_positive(x, weights, same):
    k = jnp.asarray(weights)
    s = k.sum()
    k = jnp.where(s > 0, k / jnp.where(s > 0, s, 1.0), k)  # only a positive sum normalises
    return jnp.convolve(x, k, mode="same" if same else "valid")


def r16f_smooth_mode_table(x, weights, same):
    k = jnp.asarray(weights)
    s = k.sum()
    k = jnp.where(s == 0, k, k / s)
    mode = {True: "valid", False: "same"}[same]
    return jnp.convolve(x, k, mode=mode)


def r16f_smooth_average_weight(x, weights, same):
    k = jnp.asarray(weights)
    avg = jnp.average(k)
    k = jnp.where(avg == 0, k, k / avg)
    return jnp.convolve(x, k, mode="same" if same else "valid")


W7 = "07.static_window"
WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        W7,
        "normalised only when the sum is positive",
        lambda: jax.jit(r16f_smooth_if_positive, static_argnames="same"),
        "positive-sum-only",
    ),
    Wrong(
        W7,
        "a dict maps True to 'valid'",
        lambda: jax.jit(r16f_smooth_mode_table, static_argnames="same"),
        "modes-swapped",
    ),
    Wrong(
        W7,
        "kernel over jnp.average of the weights",
        lambda: jax.jit(r16f_smooth_average_weight, static_argnames="same"),
        "divided-by-mean",
    ),
)


@functools.partial(jax.jit, static_argnames="clip")
def r16f_step_else_clips(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "norm":
        g = grad / jnp.maximum(1.0, jnp.sqrt(jnp.sum(grad**2)))
    else:  # value (or nothing to do)
        g = jnp.clip(grad, -1.0, 1.0)
    return w - lr * g


@functools.partial(jax.jit, static_argnames="clip")
def r16f_step_norm_ord1(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.linalg.norm(grad, ord=1))
    elif clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.stale_global",
        "else branch clips 'none' by value",
        lambda: r16f_step_else_clips,
        "none-clipped",
    ),
    Wrong(
        "07.stale_global",
        "norm clip with linalg.norm(ord=1)",
        lambda: r16f_step_norm_ord1,
        "norm-l1",
    ),
)


# --- round 17: donation taken for static; the mask's mean as the fill ----------------------
def r17f_smooth(x, weights, same):
    kernel = jnp.array(weights)
    total = kernel.sum()
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


@functools.partial(jax.jit, static_argnums=3, donate_argnames="grad")
def r17f_step_donates_grad(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip", donate_argnums=(0, 1))
def r17f_step_donates_both(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r17f_fill_mask_sum_over_size(x):
    kept = x >= 0
    return jnp.where(kept, x, kept.sum() / x.size)


def r17f_fill_mean_of_mask(x):
    mask = x >= 0.0
    return jnp.where(mask, x, jnp.mean(mask))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.static_window",
        "same static by name, x donated by name",
        lambda: jax.jit(r17f_smooth, static_argnames="same", donate_argnames="x"),
        "donated-x",
    ),
    Wrong(
        "07.static_window",
        "static_argnums=2 and donate_argnums=0",
        lambda: jax.jit(r17f_smooth, static_argnums=2, donate_argnums=0),
        "donated-x",
    ),
    Wrong(
        "07.stale_global", "donate_argnames='grad'", lambda: r17f_step_donates_grad, "donated-array"
    ),
    Wrong(
        "07.stale_global",
        "w and grad both donated",
        lambda: r17f_step_donates_both,
        "donated-array",
    ),
    Wrong(
        "07.clip_negative",
        "the mask's sum over x.size as the fill",
        lambda: r17f_fill_mask_sum_over_size,
        "mask-fraction",
    ),
    Wrong(
        "07.clip_negative",
        "jnp.mean of the mask as the fill",
        lambda: r17f_fill_mean_of_mask,
        "mask-fraction",
    ),
)


# --- round 18: the norm's ratio turned over; Python's not on a mask --------------------------
@functools.partial(jax.jit, static_argnames="clip")
def r18f_step_norm_inverted(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=3)
def r18f_step_norm_over_bound(w, grad, t, clip):
    lr = jnp.where(t < 3, (t + 1) / 4, 1.0)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        grad = grad * jnp.minimum(jnp.linalg.norm(grad) / 1.0, 1.0)
    return w - lr * grad


def r18f_fill_not_operator(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(not kept, mean, x)


def r18f_fill_and_of_masks(x):
    negative = x < 0
    return jnp.where(negative and (x != 0), jnp.mean(jnp.where(negative, 0.0, x)), x)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.stale_global",
        "norm: scaled by min(1, norm), inverted",
        lambda: r18f_step_norm_inverted,
        "norm-ratio-inverted",
    ),
    Wrong(
        "07.stale_global",
        "norm: min(norm / bound, 1)",
        lambda: r18f_step_norm_over_bound,
        "norm-ratio-inverted",
    ),
    Wrong(
        "07.clip_negative",
        "`not kept` instead of ~kept",
        lambda: r18f_fill_not_operator,
        says="one truth value per element",
    ),
    Wrong(
        "07.clip_negative",
        "`and` of two masks",
        lambda: r18f_fill_and_of_masks,
        says="one truth value per element",
    ),
)


# --- round 18 (fix18-3): jnp.maximum for the warmup's cap (audit W: ignores-t said the rate
# was fixed at trace time; it equals 1 at t = 0 and t = 2)


@functools.partial(jax.jit, static_argnames="clip")
def r18f_step_maximum(w, grad, t, clip):
    lr = jnp.maximum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.stale_global",
        "jnp.maximum in the warmup",
        lambda: r18f_step_maximum,
        named="warmup-at-least-one",
    ),
)


# ---- round 19's families (fix19-1) ---------------------------------------------------------


def r19f_step_else_is_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    else:
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19f_step_max_abs_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        size = jnp.max(jnp.abs(grad))
        grad = grad * jnp.minimum(1.0, 1.0 / size)
    return w - lr * grad


def r19f_step_squared_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.sum(grad * grad))
    return w - lr * grad


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.stale_global",
        "else branch clips 'none' by norm",
        lambda: jax.jit(r19f_step_else_is_norm, static_argnames="clip"),
        named="none-clipped-by-norm",
    ),
    Wrong(
        "07.stale_global",
        "largest |element| as the norm",
        lambda: jax.jit(r19f_step_max_abs_norm, static_argnames="clip"),
        named="norm-not-euclidean",
    ),
    Wrong(
        "07.stale_global",
        "sum of squares as the norm, no sqrt",
        lambda: jax.jit(r19f_step_squared_norm, static_argnames="clip"),
        named="norm-not-euclidean",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_smooth_full_mode(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    # read "only the positions the whole kernel covers" as mode 'full'
    return jnp.convolve(x, kernel, mode="same" if same else "full")


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "07.static_window",
        "mode 'full' where the task means 'valid'",
        lambda: jax.jit(r20f_smooth_full_mode, static_argnames="same"),
        "full-mode",
    ),
    Wrong(
        "07.count_traces",
        "trailing comma made a tuple ('C',)",
        lambda: ("C",),
        says="is a tuple of one item, not a string",
    ),
)
