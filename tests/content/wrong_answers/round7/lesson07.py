"""Round 7, lesson 07 (jit and tracing): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 07.static_window


def smooth(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="valid")


r7_smooth_all_static = jax.jit(smooth, static_argnums=(1, 2))  # scale static: unhashable array
r7_smooth_scale_static = jax.jit(smooth, static_argnames="scale")
r7_smooth_no_static = jax.jit(smooth)
r7_smooth_wrong_index = jax.jit(smooth, static_argnums=2)  # counted from 1
r7_smooth_x_static = jax.jit(smooth, static_argnums=0)
r7_smooth_fixed_window = jax.jit(lambda x, window, scale: smooth(x, 3, scale))
r7_smooth_partial = jax.jit(functools.partial(smooth, window=3), static_argnames="window")


def r7_smooth_rewrap(x, window, scale):
    # jit re-wrapped on every call, as the lesson warns against
    return jax.jit(lambda a, s: smooth(a, window, s))(x, scale)


r7_smooth_lambda = jax.jit(lambda x, w, s: smooth(x, w, s), static_argnums=1)  # keyword window fails


@functools.partial(jax.jit, static_argnums=1)
def r7_smooth_same_mode(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="same")


@functools.partial(jax.jit, static_argnums=1)
def r7_smooth_no_divide(x, window, scale):
    return scale * jnp.convolve(x, jnp.ones(window), mode="valid")


r7_smooth_argnames = jax.jit(smooth, static_argnames="window")
r7_smooth_argnums_tuple = jax.jit(smooth, static_argnums=(1,))


@functools.partial(jax.jit, static_argnames=("window",))
def r7_smooth_cumsum(x, window, scale):
    c = jnp.concatenate([jnp.zeros(1, x.dtype), jnp.cumsum(x)])
    return scale * (c[window:] - c[:-window]) / window


# ---------------------------------------------------------------- 07.stale_global


@jax.jit
def r7_step_python_if(w, grad, lr, clip):
    if clip:  # clip traced: fails on a tracer
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=(2, 3))
def r7_step_both_static(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_ignores_clip(w, grad, lr, clip):
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_always_clip(w, grad, lr, clip):
    grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


config = {"lr": 1.0, "clip": True}


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_global_lr(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - config["lr"] * grad


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_clip_inverted(w, grad, lr, clip):
    if not clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_clip_01(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, 0.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_clip_after(w, grad, lr, clip):
    w = w - lr * grad
    if clip:
        w = jnp.clip(w, -1.0, 1.0)
    return w


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_plus(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w + lr * grad


def r7_step_unjitted(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=3)
def r7_step_where(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r7_step_traced_where(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r7_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


@functools.partial(jax.jit, static_argnames="clip")
def r7_step_minmax(w, grad, lr, clip):
    if clip:
        grad = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    return w - lr * grad


# ---------------------------------------------------------------- 07.clip_negative


def r7_fill_mask_at(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r7_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r7_fill_mean_all(x):
    return jnp.where(x >= 0, x, x.mean())


def r7_fill_strict(x):
    kept = x > 0  # zero counted as negative
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def r7_fill_axis0(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, mean)


def r7_fill_divide_size(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r7_fill_numpy(x):
    x = np.array(x).copy()
    kept = x >= 0
    x[~kept] = x[kept].mean()
    return x


def r7_fill_abs(x):
    return jnp.abs(x)


def r7_fill_swapped(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, mean, x)


def r7_fill_sum_x(x):
    kept = x >= 0
    mean = jnp.sum(x * kept) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r7_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r7_fill_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r7_fill_at_where(x):
    kept = x >= 0
    mean = (x * kept).sum() / kept.sum()
    return x * kept + mean * ~kept


ROUND_7 = [
    # 07.count_traces
    Wrong("07.count_traces", "three shapes/dtypes, ignored weak type", lambda: "A"),
    Wrong("07.count_traces", "Python number baked in as constant", lambda: "B"),
    Wrong("07.count_traces", "each Python number traces", lambda: "D"),
    Wrong("07.count_traces", "every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count, not the letter", lambda: 4),
    Wrong("07.count_traces", "the count as a string", lambda: "4"),
    Wrong("07.count_traces", "lower-case b", lambda: "b"),
    Wrong("07.count_traces", "both letters that give 4", lambda: "B, C"),
    Wrong("07.count_traces", "letter with reason", lambda: "D: 5 traces"),
    # 07.static_window
    Wrong("07.static_window", "window and scale both static", lambda: r7_smooth_all_static),
    Wrong("07.static_window", "scale static, window traced", lambda: r7_smooth_scale_static),
    Wrong("07.static_window", "plain jax.jit, nothing static", lambda: r7_smooth_no_static),
    Wrong("07.static_window", "static_argnums=2 counted from 1", lambda: r7_smooth_wrong_index),
    Wrong("07.static_window", "x static instead of window", lambda: r7_smooth_x_static),
    Wrong("07.static_window", "sneaky: window fixed at 3", lambda: r7_smooth_fixed_window),
    Wrong("07.static_window", "partial with window=3 baked in", lambda: r7_smooth_partial),
    Wrong("07.static_window", "re-wraps jit on every call", lambda: r7_smooth_rewrap),
    Wrong("07.static_window", "lambda with renamed params: keyword window fails", lambda: r7_smooth_lambda),
    Wrong("07.static_window", "mode='same' instead of valid", lambda: r7_smooth_same_mode),
    Wrong("07.static_window", "forgot to divide by window", lambda: r7_smooth_no_divide),
    Wrong("07.static_window", "sneaky: the unjitted smooth", lambda: smooth),
    # 07.stale_global
    Wrong("07.stale_global", "Python if on traced clip", lambda: r7_step_python_if),
    Wrong("07.stale_global", "lr and clip both static", lambda: r7_step_both_static),
    Wrong("07.stale_global", "forgot to clip", lambda: r7_step_ignores_clip),
    Wrong("07.stale_global", "always clips", lambda: r7_step_always_clip),
    Wrong("07.stale_global", "still reads lr from the global", lambda: r7_step_global_lr),
    Wrong("07.stale_global", "clip test inverted", lambda: r7_step_clip_inverted),
    Wrong("07.stale_global", "clips to [0, 1]", lambda: r7_step_clip_01),
    Wrong("07.stale_global", "clips the new w instead of grad", lambda: r7_step_clip_after),
    Wrong("07.stale_global", "ascends: w + lr*grad", lambda: r7_step_plus),
    Wrong("07.stale_global", "sneaky: not jitted at all", lambda: r7_step_unjitted),
    Wrong("07.stale_global", "sneaky: buggy_step-like, returns None", lambda: (lambda w, grad, lr, clip: None)),
    # 07.debug_print
    Wrong("07.debug_print", "print and debug.print on every call", lambda: "A"),
    Wrong("07.debug_print", "output 1, reason: new shape only", lambda: "B"),
    Wrong("07.debug_print", "print on every call with tracer", lambda: "D"),
    Wrong("07.debug_print", "print once only", lambda: "E"),
    Wrong("07.debug_print", "output number instead of letter", lambda: "1"),
    Wrong("07.debug_print", "output number as int", lambda: 1),
    Wrong("07.debug_print", "both options with output 1", lambda: "B or C"),
    Wrong("07.debug_print", "output 2 as a number", lambda: 2),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[] (fails under jit)", lambda: r7_fill_mask_at),
    Wrong("07.clip_negative", "fills with zero (copied masked cell)", lambda: r7_fill_zero),
    Wrong("07.clip_negative", "mean of all elements, negatives included", lambda: r7_fill_mean_all),
    Wrong("07.clip_negative", "x > 0: zeros not kept", lambda: r7_fill_strict),
    Wrong("07.clip_negative", "one mean per column", lambda: r7_fill_axis0),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r7_fill_divide_size),
    Wrong("07.clip_negative", "sneaky: the NumPy function with np.array", lambda: r7_fill_numpy),
    Wrong("07.clip_negative", "abs instead of the mean", lambda: r7_fill_abs),
    Wrong("07.clip_negative", "where branches swapped", lambda: r7_fill_swapped),
]

RIGHT_7 = [
    Right("07.count_traces", "the letter", lambda: "C"),
    Right("07.count_traces", "letter with spaces", lambda: " C "),
    Right("07.count_traces", "lower case", lambda: "c"),
    Right("07.static_window", "static_argnames='window'", lambda: r7_smooth_argnames),
    Right("07.static_window", "static_argnums=(1,)", lambda: r7_smooth_argnums_tuple),
    Right("07.static_window", "decorated, cumulative sums", lambda: r7_smooth_cumsum),
    Right("07.stale_global", "static clip, jnp.where", lambda: r7_step_where),
    Right("07.stale_global", "traced clip, jnp.where", lambda: r7_step_traced_where),
    Right("07.stale_global", "traced clip, lax.cond", lambda: r7_step_cond),
    Right("07.stale_global", "static clip, minimum/maximum", lambda: r7_step_minmax),
    Right("07.debug_print", "the letter", lambda: "C"),
    Right("07.debug_print", "lower case", lambda: "c"),
    Right("07.debug_print", "with trailing newline", lambda: "C\n"),
    Right("07.clip_negative", "sum(x*kept)/sum(kept)", lambda: r7_fill_sum_x),
    Right("07.clip_negative", "nanmean", lambda: r7_fill_nanmean),
    Right("07.clip_negative", "jnp.mean(where=)", lambda: r7_fill_mean_where),
    Right("07.clip_negative", "arithmetic blend", lambda: r7_fill_at_where),
]
