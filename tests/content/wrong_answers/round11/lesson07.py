"""Round 11, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 07.static_window ------------------------------------------------------------------
def smooth(x, weights, mode):
    kernel = jnp.array(weights) / max(weights)  # the largest weight becomes 1
    return jnp.convolve(x, kernel, mode=mode)


def smooth_traced(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def smooth_abs(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(jnp.abs(kernel)), mode=mode)  # largest magnitude


def smooth_sum(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.sum(kernel), mode=mode)  # sums to 1 instead


def smooth_max_x(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(x), mode=mode)  # max of the data


def smooth_python_max_array(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / max(kernel), mode=mode)  # Python max on tracers


def smooth_stack(x, weights, mode):
    kernel = jnp.stack(weights)
    top = jax.lax.reduce_max(kernel, axes=(0,))
    return jnp.convolve(x, kernel / top, mode=mode)


def smooth_first_weight(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / kernel[len(weights) // 2], mode=mode)  # the middle one


# ---- 07.stale_global -------------------------------------------------------------------
config = {"lr": 1.0, "clip": True}


@jax.jit
def r11_step_where(w, grad, lr, clip):
    clipped = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)
    return w - lr * clipped


def _step_python_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


r11_step_static_clip = jax.jit(_step_python_if, static_argnames="clip")
r11_step_traced_if = jax.jit(_step_python_if)
r11_step_static_both = jax.jit(_step_python_if, static_argnames=("lr", "clip"))


@jax.jit
def r11_step_swapped(w, grad, lr, clip):
    return w - lr * jnp.where(clip, grad, jnp.clip(grad, -1.0, 1.0))


@jax.jit
def r11_step_always_clip(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -1.0, 1.0)


@jax.jit
def r11_step_plus(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r11_step_global_lr(w, grad, lr, clip):
    grad = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)
    return w - config["lr"] * grad  # lr still read from the global


@jax.jit
def r11_step_upper_only(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.minimum(grad, 1.0), grad)  # negatives not clipped


@jax.jit
def r11_step_unused(w, grad, lr, clip):
    clipped = jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)  # noqa: F841
    return w - lr * grad


@jax.jit
def r11_step_clip_lr(w, grad, lr, clip):
    return w - jnp.where(clip, jnp.clip(lr * grad, -1.0, 1.0), lr * grad)  # clips the step


def r11_step_not_jitted(w, grad, lr, clip):
    return _step_python_if(w, grad, lr, clip)


@jax.jit
def r11_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda v: jnp.clip(v, -1.0, 1.0), lambda v: v, grad)
    return w - lr * g


def _step_blend(w, grad, lr, clip):
    c = jnp.asarray(clip, dtype=jnp.float32)
    g = c * jnp.clip(grad, -1.0, 1.0) + (1.0 - c) * grad
    return w - lr * g


r11_step_blend = jax.jit(_step_blend)


@jax.jit
def r11_step_bounds(w, grad, lr, clip):
    bound = jnp.where(clip, 1.0, jnp.inf)
    return w - lr * jnp.clip(grad, -bound, bound)


# ---- 07.clip_negative ------------------------------------------------------------------
def r11_fill_all_mean(x):
    return jnp.where(x < 0, x.mean(), x)


def r11_fill_positive_mean(x):
    pos = x > 0  # zeros left out of the mean
    return jnp.where(pos | (x == 0), x, jnp.sum(jnp.where(pos, x, 0)) / jnp.sum(pos))


def r11_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r11_fill_bool_index_mean(x):
    return jnp.where(x < 0, x[x >= 0].mean(), x)


def r11_fill_row_means(x):
    kept = x >= 0
    m = jnp.sum(jnp.where(kept, x, 0), axis=-1, keepdims=True) / jnp.sum(
        kept, axis=-1, keepdims=True
    )
    return jnp.where(kept, x, m)


def r11_fill_zero_mean(x):
    return jnp.where(x < 0, jnp.where(x >= 0, x, 0).mean(), x)  # divides by every element


def r11_fill_clip_zero(x):
    return jnp.maximum(x, 0)


def r11_fill_abs(x):
    return jnp.abs(x)


def r11_fill_floor_div(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0)) // jnp.sum(kept))


def r11_fill_first_kept(x):
    kept = x >= 0
    return jnp.where(kept, x, x[jnp.argmax(kept)])  # the first kept element, not the mean


def r11_fill_axis0(x):
    kept = x >= 0
    m = jnp.sum(jnp.where(kept, x, 0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, m)  # one mean per column; NaN where a column has none


def r11_fill_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r11_fill_nanmean(x):
    return jnp.where(x < 0, jnp.nanmean(jnp.where(x < 0, jnp.nan, x)), x)


def r11_fill_maximum(x):
    kept = x >= 0
    fill = jnp.sum(jnp.maximum(x, 0)) / jnp.count_nonzero(kept)
    return jnp.where(x < 0, fill, x)


def r11_fill_sum_where(x):
    kept = jnp.logical_not(x < 0)
    total = jnp.sum(x, where=kept)
    return x * kept + (total / kept.sum()) * ~kept


ROUND_11 = [
    Wrong("07.count_traces", "A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "B: NumPy scalar traces apart", lambda: "B"),
    Wrong("07.count_traces", "D: jnp.array(5.0) counted strong", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "lower-case c", lambda: "c"),
    Wrong("07.count_traces", "the count, not a letter", lambda: "3"),
    Wrong("07.count_traces", "the count as an int", lambda: 3),
    Wrong("07.count_traces", "both options that say 3", lambda: "CD"),
    Wrong(
        "07.static_window",
        "weights and mode static: compiles per kernel",
        lambda: jax.jit(smooth, static_argnames=("weights", "mode")),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): compiles per kernel",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong("07.static_window", "plain jax.jit(smooth): mode string traced", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "mode static, Python max kept on tracers",
        lambda: jax.jit(smooth, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "weights static only, mode traced",
        lambda: jax.jit(smooth, static_argnames="weights"),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=1: counted mode as 1",
        lambda: jax.jit(smooth_traced, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "kernel / max |w|: changes negative kernels",
        lambda: jax.jit(smooth_abs, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "kernel / sum: normalized to sum 1",
        lambda: jax.jit(smooth_sum, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "divided by max of x, not of the kernel",
        lambda: jax.jit(smooth_max_x, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "Python max over the kernel array",
        lambda: jax.jit(smooth_python_max_array, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "divided by the middle weight: right for (1, 2, 1)",
        lambda: jax.jit(smooth_first_weight, static_argnames="mode"),
    ),
    Wrong(
        "07.stale_global",
        "clip static, Python if: fails on a jax bool",
        lambda: r11_step_static_clip,
    ),
    Wrong("07.stale_global", "Python if on a traced clip", lambda: r11_step_traced_if),
    Wrong("07.stale_global", "lr and clip both static", lambda: r11_step_static_both),
    Wrong("07.stale_global", "where branches swapped", lambda: r11_step_swapped),
    Wrong("07.stale_global", "always clips", lambda: r11_step_always_clip),
    Wrong("07.stale_global", "w + lr * grad", lambda: r11_step_plus),
    Wrong("07.stale_global", "clip fixed, lr still from config", lambda: r11_step_global_lr),
    Wrong(
        "07.stale_global", "minimum(grad, 1): right for grad 4 only", lambda: r11_step_upper_only
    ),
    Wrong("07.stale_global", "clipped computed, unclipped grad used", lambda: r11_step_unused),
    Wrong("07.stale_global", "clips lr * grad, the step", lambda: r11_step_clip_lr),
    Wrong("07.stale_global", "not jitted at all", lambda: r11_step_not_jitted),
    Wrong("07.debug_print", "A: both print every call", lambda: "A"),
    Wrong("07.debug_print", "B: debug.print from Python after the call", lambda: "B"),
    Wrong("07.debug_print", "D: print on every call", lambda: "D"),
    Wrong("07.debug_print", "E: print once only", lambda: "E"),
    Wrong("07.debug_print", "lower-case c", lambda: "c"),
    Wrong("07.debug_print", "the output's number", lambda: "1"),
    Wrong("07.debug_print", "Output 1 in words", lambda: "Output 1"),
    Wrong("07.debug_print", "both Output 1 options", lambda: "BC"),
    Wrong("07.clip_negative", "mean of all elements", lambda: r11_fill_all_mean),
    Wrong(
        "07.clip_negative", "mean of the positives, zeros left out", lambda: r11_fill_positive_mean
    ),
    Wrong("07.clip_negative", "boolean mask in .at[] from NumPy", lambda: r11_fill_at_mask),
    Wrong("07.clip_negative", "x[x >= 0].mean() inside where", lambda: r11_fill_bool_index_mean),
    Wrong("07.clip_negative", "one mean per row of the matrix", lambda: r11_fill_row_means),
    Wrong("07.clip_negative", "zeroed negatives, mean over all", lambda: r11_fill_zero_mean),
    Wrong("07.clip_negative", "negatives set to 0", lambda: r11_fill_clip_zero),
    Wrong("07.clip_negative", "absolute value", lambda: r11_fill_abs),
    Wrong("07.clip_negative", "floor division for the mean", lambda: r11_fill_floor_div),
    Wrong("07.clip_negative", "filled with the first kept element", lambda: r11_fill_first_kept),
    Wrong("07.clip_negative", "sum/count over axis 0: column means", lambda: r11_fill_axis0),
]
RIGHT_11 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right(
        "07.static_window",
        "jnp.max kernel, static_argnames='mode'",
        lambda: jax.jit(smooth_traced, static_argnames="mode"),
    ),
    Right(
        "07.static_window",
        "static_argnums=2, keyword still matched",
        lambda: jax.jit(smooth_traced, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "stack weights, lax.reduce_max",
        lambda: jax.jit(smooth_stack, static_argnames=("mode",)),
    ),
    Right("07.stale_global", "jnp.where on clip", lambda: r11_step_where),
    Right("07.stale_global", "lax.cond on clip", lambda: r11_step_cond),
    Right("07.stale_global", "arithmetic blend by float(clip)", lambda: r11_step_blend),
    Right("07.stale_global", "clip bounds of 1 or inf", lambda: r11_step_bounds),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r11_fill_mean_where),
    Right("07.clip_negative", "nanmean of negatives set to nan", lambda: r11_fill_nanmean),
    Right("07.clip_negative", "sum of maximum(x, 0) over count_nonzero", lambda: r11_fill_maximum),
    Right("07.clip_negative", "sum(where=) and arithmetic mask", lambda: r11_fill_sum_where),
]
