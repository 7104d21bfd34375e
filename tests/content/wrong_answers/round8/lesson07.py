"""Round 8, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# 07.static_window: the exercise cell's function
def smooth(x, weights, mode):
    kernel = jnp.array(weights) / sum(weights)
    return jnp.convolve(x, kernel, mode=mode)


def r8_smooth_unnormalised(x, weights, mode):
    return jnp.convolve(x, jnp.array(weights), mode=mode)


def r8_rewrap_inside(x, weights, mode):
    # a new lambda on every call: an empty cache each time
    return jax.jit(lambda v, w: smooth(v, w, mode))(x, weights)


def r8_smooth_array_weights(x, weights, mode):
    return _smooth_mode_static(x, jnp.asarray(weights, dtype=jnp.float32), mode)


_smooth_mode_static = jax.jit(smooth, static_argnames="mode")


@functools.partial(jax.jit, static_argnums=(2,))
def r8_smooth_decorated(x, weights, mode):
    kernel = jnp.asarray(weights) / jnp.sum(jnp.asarray(weights))
    return jnp.convolve(x, kernel, mode=mode)


# 07.stale_global
@jax.jit
def r8_step_python_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r8_step_static_clip(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=(2, 3))
def r8_step_static_both(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def r8_step_no_jit(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r8_step_where_swapped(w, grad, lr, clip):
    return w - lr * jnp.where(clip, grad, jnp.clip(grad, -1.0, 1.0))


@jax.jit
def r8_step_plus(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r8_step_clip_upper(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.minimum(grad, 1.0), grad)


@jax.jit
def r8_step_is_true(w, grad, lr, clip):
    if clip is True:  # a tracer is never `True`: never clips
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r8_step_clip_by_lr(w, grad, lr, clip):
    return w - jnp.where(clip, jnp.clip(lr * grad, -1.0, 1.0), lr * grad)


@jax.jit
def r8_step_always_clip(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -1.0, 1.0)


@jax.jit
def r8_step_and(w, grad, lr, clip):
    grad = (clip and jnp.clip(grad, -1.0, 1.0)) or grad
    return w - lr * grad


@jax.jit
def r8_step_float_lr(w, grad, lr, clip):
    return w - float(lr) * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r8_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


@jax.jit
def r8_step_blend(w, grad, lr, clip):
    c = jnp.asarray(clip, dtype=jnp.float32)
    g = c * jnp.clip(grad, -1.0, 1.0) + (1.0 - c) * grad
    return w - lr * g


def _r8_step_where(w, grad, lr, clip):
    clipped = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    return w - lr * jnp.where(clip, clipped, grad)


r8_step_where_wrapped = jax.jit(_r8_step_where)


# 07.clip_negative
def r8_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(jnp.mean(x, where=kept))


def r8_fill_bool_index(x):
    kept = x >= 0
    return jnp.where(kept, x, x[kept].mean())


def r8_fill_mean_all(x):
    return jnp.where(x >= 0, x, jnp.mean(x))


def r8_fill_strict(x):
    kept = x > 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r8_fill_axis0(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=0, where=kept))


def r8_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r8_fill_sum_over_len(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / len(x))


def r8_fill_swapped(x):
    kept = x >= 0
    return jnp.where(kept, jnp.mean(x, where=kept), x)


def r8_fill_size(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r8_fill_python_if(x):
    mean = jnp.mean(x, where=x >= 0)
    return jnp.array([v if v >= 0 else mean for v in x])


def r8_fill_mean_of_negatives(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=~kept))


def r8_fill_no_return(x):
    kept = x >= 0
    x = jnp.where(kept, x, jnp.mean(x, where=kept))


def r8_fill_where_kw(x):
    kept = x >= 0
    return jnp.where(kept, x, x.mean(where=kept))


def r8_fill_sums(x):
    kept = x >= 0
    total = jnp.sum(x * kept)
    count = jnp.sum(kept)
    return jnp.where(kept, x, total / count)


def r8_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r8_fill_select(x):
    kept = (x >= 0).astype(x.dtype)
    mean = jnp.vdot(kept, x) / kept.sum()
    return x * kept + mean * (1 - kept)


ROUND_8 = [
    # 07.count_traces (right: C)
    Wrong("07.count_traces", "A: one trace per shape and dtype, weak types ignored", lambda: "A"),
    Wrong("07.count_traces", "B: Python numbers baked in as constants", lambda: "B"),
    Wrong("07.count_traces", "D: each new Python number traces", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "lower-case c", lambda: "c"),
    Wrong("07.count_traces", "the count instead of the letter", lambda: "4"),
    Wrong("07.count_traces", "the count as an int", lambda: 4),
    Wrong("07.count_traces", "both options that give 4", lambda: "B, C"),
    Wrong("07.count_traces", "letter with its reason pasted", lambda: "C: weak 2, strong int32"),
    Wrong("07.count_traces", "letter in a list", lambda: ["C"]),
    # 07.static_window (right: only mode static)
    Wrong("07.static_window", "jitted with nothing static", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "weights and mode static by name",
        lambda: jax.jit(smooth, static_argnames=("weights", "mode")),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): weights static too",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong("07.static_window", "only weights static", lambda: jax.jit(smooth, static_argnums=1)),
    Wrong(
        "07.static_window",
        "static_argnums=3: counted from 1",
        lambda: jax.jit(smooth, static_argnums=3),
    ),
    Wrong("07.static_window", "x and mode static", lambda: jax.jit(smooth, static_argnums=(0, 2))),
    Wrong("07.static_window", "not jitted at all", lambda: smooth),
    Wrong("07.static_window", "re-wraps a new lambda on every call", lambda: r8_rewrap_inside),
    Wrong(
        "07.static_window",
        "mode static, but forgot to normalise the kernel",
        lambda: jax.jit(r8_smooth_unnormalised, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "donate_argnums in place of static_argnums",
        lambda: jax.jit(smooth, donate_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "typo in the static name",
        lambda: jax.jit(smooth, static_argnames="modes"),
    ),
    # 07.stale_global
    Wrong("07.stale_global", "Python if on a traced clip", lambda: r8_step_python_if),
    Wrong(
        "07.stale_global", "clip static: jax booleans are unhashable", lambda: r8_step_static_clip
    ),
    Wrong("07.stale_global", "lr and clip both static", lambda: r8_step_static_both),
    Wrong("07.stale_global", "right body, never jitted", lambda: r8_step_no_jit),
    Wrong("07.stale_global", "jnp.where branches swapped", lambda: r8_step_where_swapped),
    Wrong("07.stale_global", "steps up the gradient: w + lr * grad", lambda: r8_step_plus),
    Wrong("07.stale_global", "clips only from above with jnp.minimum", lambda: r8_step_clip_upper),
    Wrong("07.stale_global", "`if clip is True`: never clips under jit", lambda: r8_step_is_true),
    Wrong(
        "07.stale_global", "clips the update lr*grad, not the gradient", lambda: r8_step_clip_by_lr
    ),
    Wrong("07.stale_global", "always clips, ignores clip", lambda: r8_step_always_clip),
    Wrong("07.stale_global", "`clip and ... or grad` on tracers", lambda: r8_step_and),
    Wrong("07.stale_global", "float(lr) inside jit", lambda: r8_step_float_lr),
    # 07.debug_print (right: C)
    Wrong("07.debug_print", "A: both prints on every call", lambda: "A"),
    Wrong("07.debug_print", "B: debug print runs from Python after the call", lambda: "B"),
    Wrong("07.debug_print", "D: print on every call, sees a tracer", lambda: "D"),
    Wrong("07.debug_print", "E: print only at the first trace", lambda: "E"),
    Wrong("07.debug_print", "lower-case c", lambda: "c"),
    Wrong("07.debug_print", "the output number", lambda: "1"),
    Wrong("07.debug_print", "Output 1 as words", lambda: "Output 1"),
    Wrong("07.debug_print", "both options of output 1", lambda: "BC"),
    Wrong("07.debug_print", "letter with a trailing reason", lambda: "C, compiled debug print"),
    Wrong("07.debug_print", "letters as a tuple", lambda: ("C",)),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[]: fails under jit", lambda: r8_fill_at_mask),
    Wrong(
        "07.clip_negative", "x[kept].mean(): boolean indexing under jit", lambda: r8_fill_bool_index
    ),
    Wrong(
        "07.clip_negative", "mean of the whole array, negatives included", lambda: r8_fill_mean_all
    ),
    Wrong("07.clip_negative", "x > 0: zeros left out of the mean", lambda: r8_fill_strict),
    Wrong("07.clip_negative", "mean per column (axis=0) on a matrix", lambda: r8_fill_axis0),
    Wrong("07.clip_negative", "fills negatives with 0", lambda: r8_fill_zero),
    Wrong(
        "07.clip_negative", "divides by len(x), not the count kept", lambda: r8_fill_sum_over_len
    ),
    Wrong("07.clip_negative", "where branches swapped", lambda: r8_fill_swapped),
    Wrong("07.clip_negative", "divides by x.size, not the count kept", lambda: r8_fill_size),
    Wrong(
        "07.clip_negative", "Python if per element in a comprehension", lambda: r8_fill_python_if
    ),
    Wrong("07.clip_negative", "mean of the negative elements", lambda: r8_fill_mean_of_negatives),
    Wrong("07.clip_negative", "forgot the return", lambda: r8_fill_no_return),
]

RIGHT_8 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right("07.static_window", "mode static by position", lambda: jax.jit(smooth, static_argnums=2)),
    Right(
        "07.static_window", "mode static by name", lambda: jax.jit(smooth, static_argnames="mode")
    ),
    Right(
        "07.static_window",
        "partial(jax.jit) decorator, jnp.sum of weights",
        lambda: r8_smooth_decorated,
    ),
    Right(
        "07.static_window",
        "static_argnames as a one-element tuple",
        lambda: jax.jit(smooth, static_argnames=("mode",)),
    ),
    Right("07.stale_global", "lax.cond on the traced switch", lambda: r8_step_cond),
    Right("07.stale_global", "arithmetic blend of clipped and raw", lambda: r8_step_blend),
    Right(
        "07.stale_global",
        "where with minimum/maximum, jit applied after",
        lambda: r8_step_where_wrapped,
    ),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.clip_negative", "x.mean(where=kept)", lambda: r8_fill_where_kw),
    Right("07.clip_negative", "sum over count of the kept", lambda: r8_fill_sums),
    Right("07.clip_negative", "nanmean of negatives set to nan", lambda: r8_fill_nanmean),
    Right("07.clip_negative", "blend with a float mask and vdot", lambda: r8_fill_select),
]
