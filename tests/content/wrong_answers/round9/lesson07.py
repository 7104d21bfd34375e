"""Round 9, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 07.static_window ------------------------------------------------------------------


def r9_smooth_orig(x, weights, mode):
    kernel = jnp.array(weights) / max(weights)
    return jnp.convolve(x, kernel, mode=mode)


def _fresh(fn):
    """A new function object with fn's body, so that each answer's jit cache starts empty."""

    def smooth(x, weights, mode):
        return fn(x, weights, mode)

    return smooth


def _jit(fn, **static):
    return jax.jit(_fresh(fn), **static)


def r9_smooth_jnpmax(x, weights, mode):
    kernel = jnp.asarray(weights)
    kernel = kernel / kernel.max()
    return jnp.convolve(x, kernel, mode=mode)


def r9_smooth_sum(x, weights, mode):
    kernel = jnp.asarray(weights)
    return jnp.convolve(x, kernel / jnp.sum(kernel), mode=mode)


def r9_smooth_unscaled(x, weights, mode):
    return jnp.convolve(x, jnp.asarray(weights), mode=mode)


def r9_smooth_stack(x, weights, mode):
    kernel = jnp.stack([jnp.asarray(v, dtype=jnp.float32) for v in weights])
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def r9_smooth_rewrapped(x, weights, mode):
    return jax.jit(_fresh(r9_smooth_orig), static_argnames=("weights", "mode"))(x, weights, mode)


def r9_smooth_max_first(x, weights, mode):
    kernel = jnp.asarray(weights)
    return jnp.convolve(x, kernel, mode=mode) / kernel.max()  # same maths, other order


# --- 07.stale_global ---------------------------------------------------------------------


@jax.jit
def r9_step_where(w, grad, lr, clip):
    grad = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)
    return w - lr * grad


@jax.jit
def r9_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


@jax.jit
def r9_step_minmax(w, grad, lr, clip):
    clipped = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    return w - lr * jnp.where(jnp.asarray(clip, dtype=bool), clipped, grad)


@jax.jit
def r9_step_blend(w, grad, lr, clip):
    c = jnp.asarray(clip, dtype=jnp.float32)
    g = c * jnp.clip(grad, -1.0, 1.0) + (1.0 - c) * grad
    return w - lr * g


def _step_python_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def _if_step():
    def step(w, grad, lr, clip):
        return _step_python_if(w, grad, lr, clip)

    return step


r9_step_static_clip = jax.jit(_if_step(), static_argnames="clip")
r9_step_static_both = jax.jit(_if_step(), static_argnums=(2, 3))
r9_step_plain_if = jax.jit(_if_step())
r9_step_static_lr_only = jax.jit(_if_step(), static_argnums=2)


def r9_step_nojit(w, grad, lr, clip):
    grad = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)
    return w - lr * grad


@jax.jit
def r9_step_swapped(w, grad, lr, clip):
    return w - lr * jnp.where(clip, grad, jnp.clip(grad, -1.0, 1.0))


@jax.jit
def r9_step_clip_unit(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, 0.0, 1.0), grad)


@jax.jit
def r9_step_ascent(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r9_step_and(w, grad, lr, clip):
    return w - lr * ((clip and jnp.clip(grad, -1.0, 1.0)) or grad)


@jax.jit
def r9_step_clip_lr_too(w, grad, lr, clip):
    return jnp.where(clip, w - lr * jnp.clip(grad, -1.0, 1.0), w - grad)


CONFIG = {"lr": 1.0, "clip": True}


@jax.jit
def r9_step_config_lr(w, grad, lr, clip):
    g = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)
    return w - CONFIG["lr"] * g


# --- 07.clip_negative ----------------------------------------------------------------------


def r9_fill_where(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r9_fill_mean_where(x):
    return jnp.where(x < 0, jnp.mean(x, where=x >= 0), x)


def r9_fill_nanmean(x):
    mean = jnp.nanmean(jnp.where(x >= 0, x, jnp.nan))
    return jnp.where(x >= 0, x, mean)


def r9_fill_weights(x):
    w = (x >= 0).astype(x.dtype)
    return w * x + (1 - w) * jnp.average(x, weights=w)


def r9_fill_boolean_index(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r9_fill_mean_all(x):
    return jnp.where(x >= 0, x, x.mean())


def r9_fill_strict(x):
    kept = x > 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def r9_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r9_fill_size(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r9_fill_columns(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, mean)


def r9_fill_rows(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=-1, keepdims=True)
    return jnp.where(kept, x, mean / jnp.sum(kept, axis=-1, keepdims=True))


def r9_fill_maximum(x):
    kept = x >= 0
    return jnp.maximum(x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def r9_fill_inplace(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    jnp.where(kept, x, mean)  # result never assigned: thought it filled x in place
    return x


def r9_fill_abs_mean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.abs(x).mean())


ROUND_9 = [
    # count_traces
    Wrong("07.count_traces", "A: thought only the dtype matters", lambda: "A"),
    Wrong("07.count_traces", "B: NumPy scalar taken as a separate kind of input", lambda: "B"),
    Wrong("07.count_traces", "D: Python numbers baked in like globals", lambda: "D"),
    Wrong("07.count_traces", "E: believed only the compile is cached", lambda: "E"),
    Wrong("07.count_traces", "typed the count instead of the letter", lambda: "3"),
    Wrong("07.count_traces", "B and C both say 3, gave both", lambda: "B, C"),
    Wrong(
        "07.count_traces",
        "D with a reason typed after it",
        lambda: "D - python floats are constants",
    ),
    Wrong("07.count_traces", "answered with a number, not a string", lambda: 3),
    Wrong("07.count_traces", "left the placeholder in the cell", lambda: ...),
    Wrong("07.count_traces", "wrote the word for the count", lambda: "three"),
    # static_window
    Wrong(
        "07.static_window",
        "made weights and mode static: compiles per kernel",
        lambda: _jit(r9_smooth_orig, static_argnames=("weights", "mode")),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2) on the original smooth",
        lambda: _jit(r9_smooth_orig, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "mode static but kept Python max() on tracers",
        lambda: _jit(r9_smooth_orig, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "jnp max but nothing static, mode string traced",
        lambda: _jit(r9_smooth_jnpmax),
    ),
    Wrong(
        "07.static_window",
        "only weights static (thought it sets the shape)",
        lambda: _jit(r9_smooth_jnpmax, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "normalised the kernel to sum 1, not max 1",
        lambda: _jit(r9_smooth_sum, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "dropped the scaling when removing max()",
        lambda: _jit(r9_smooth_unscaled, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "x static too, since it sets the output length",
        lambda: _jit(r9_smooth_jnpmax, static_argnums=(0, 2)),
    ),
    Wrong(
        "07.static_window",
        "jit re-wrapped inside the function on each call",
        lambda: r9_smooth_rewrapped,
    ),
    Wrong(
        "07.static_window",
        "forgot jit: handed over the rewritten function",
        lambda: r9_smooth_jnpmax,
    ),
    Wrong(
        "07.static_window",
        "static mode given as argnums=2 but weights static too",
        lambda: _jit(r9_smooth_jnpmax, static_argnums=(1, 2)),
    ),
    # stale_global
    Wrong(
        "07.stale_global", "clip static: a jax boolean is not hashable", lambda: r9_step_static_clip
    ),
    Wrong(
        "07.stale_global", "lr and clip both static, Python if kept", lambda: r9_step_static_both
    ),
    Wrong("07.stale_global", "kept the Python if on a traced clip", lambda: r9_step_plain_if),
    Wrong(
        "07.stale_global",
        "lr static as the page's shape rule suggested",
        lambda: r9_step_static_lr_only,
    ),
    Wrong("07.stale_global", "right body but never jitted", lambda: r9_step_nojit),
    Wrong("07.stale_global", "jnp.where branches swapped", lambda: r9_step_swapped),
    Wrong("07.stale_global", "clipped to [0, 1] instead of [-1, 1]", lambda: r9_step_clip_unit),
    Wrong("07.stale_global", "w + lr * grad: gradient ascent", lambda: r9_step_ascent),
    Wrong("07.stale_global", "Python and/or to choose the gradient", lambda: r9_step_and),
    Wrong(
        "07.stale_global", "unclipped branch forgot the learning rate", lambda: r9_step_clip_lr_too
    ),
    Wrong(
        "07.stale_global",
        "clip passed in but lr still read from a global dict",
        lambda: r9_step_config_lr,
    ),
    # debug_print
    Wrong("07.debug_print", "A: thought jit keeps print like NumPy code", lambda: "A"),
    Wrong("07.debug_print", "B: right output, debug print thought to be Python", lambda: "B"),
    Wrong("07.debug_print", "D: print thought to run every call", lambda: "D"),
    Wrong("07.debug_print", "E: missed that the new shape retraces", lambda: "E"),
    Wrong("07.debug_print", "typed the output number", lambda: "1"),
    Wrong("07.debug_print", "both options with Output 1", lambda: "B or C"),
    Wrong("07.debug_print", "E with the learner's reason", lambda: "E, print only at first trace"),
    Wrong("07.debug_print", "wrote Output 1 spelled out", lambda: "Output 1"),
    Wrong("07.debug_print", "D: believed tracer printed each call", lambda: "d"),
    # clip_negative
    Wrong(
        "07.clip_negative",
        "boolean mask in .at[] and x[kept]: fails under jit",
        lambda: r9_fill_boolean_index,
    ),
    Wrong("07.clip_negative", "mean of all elements, negatives included", lambda: r9_fill_mean_all),
    Wrong("07.clip_negative", "kept = x > 0: zeros left out of the mean", lambda: r9_fill_strict),
    Wrong("07.clip_negative", "set negatives to 0 (read it as clipping)", lambda: r9_fill_zero),
    Wrong("07.clip_negative", "divided the kept sum by x.size", lambda: r9_fill_size),
    Wrong("07.clip_negative", "mean per column (axis=0) on a matrix", lambda: r9_fill_columns),
    Wrong("07.clip_negative", "mean per row with keepdims", lambda: r9_fill_rows),
    Wrong(
        "07.clip_negative",
        "jnp.maximum(x, mean) also lifts small positives",
        lambda: r9_fill_maximum,
    ),
    Wrong(
        "07.clip_negative", "jnp.where result never assigned, returned x", lambda: r9_fill_inplace
    ),
    Wrong("07.clip_negative", "mean of |x| as the fill value", lambda: r9_fill_abs_mean),
]

RIGHT_9 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right(
        "07.count_traces", "C with the reason typed", lambda: "C: weak float, weak int, strong f32"
    ),
    Right(
        "07.static_window",
        "jnp max on the kernel, mode static by name",
        lambda: _jit(r9_smooth_jnpmax, static_argnames="mode"),
    ),
    Right(
        "07.static_window",
        "stacked floats, mode static by position",
        lambda: _jit(r9_smooth_stack, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "divide the convolution by the max afterwards",
        lambda: _jit(r9_smooth_max_first, static_argnames=("mode",)),
    ),
    Right("07.stale_global", "jnp.where on the clip flag", lambda: r9_step_where),
    Right("07.stale_global", "lax.cond on the clip flag", lambda: r9_step_cond),
    Right("07.stale_global", "min/max clip and where on a bool cast", lambda: r9_step_minmax),
    Right("07.stale_global", "arithmetic blend with the flag as a float", lambda: r9_step_blend),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.debug_print", "C with a short reason", lambda: "C - debug.print is compiled in"),
    Right("07.clip_negative", "sum of kept over count, jnp.where", lambda: r9_fill_where),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r9_fill_mean_where),
    Right("07.clip_negative", "nanmean over NaN-masked copy", lambda: r9_fill_nanmean),
    Right("07.clip_negative", "weights mask with jnp.average", lambda: r9_fill_weights),
]
