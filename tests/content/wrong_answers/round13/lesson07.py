"""Round 13, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 07.static_window: fast_smooth ------------------------------------------------------


def smooth(x, weights, mode):  # the exercise cell's function, unchanged
    kernel = jnp.array(weights) / max(weights)  # the largest weight becomes 1
    return jnp.convolve(x, kernel, mode=mode)


def r13_smooth_jnp_max(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def r13_smooth_asarray_max(x, weights, mode):
    kernel = jnp.asarray(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def r13_smooth_also_static(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def r13_smooth_stack(x, weights, mode):
    kernel = jnp.stack(weights)
    return jnp.convolve(x, kernel / kernel.max(), mode=mode)


def r13_smooth_reduce(x, weights, mode):
    largest = functools.reduce(jnp.maximum, weights)  # a few Python steps, all traced
    return jnp.convolve(x, jnp.array(weights) / largest, mode=mode)


def r13_smooth_sorted(x, weights, mode):
    kernel = jnp.asarray(weights)
    return jnp.convolve(x, kernel / jnp.sort(kernel)[-1], mode=mode)


def r13_smooth_abs_max(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(jnp.abs(kernel)), mode=mode)


def r13_smooth_sum(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / kernel.sum(), mode=mode)


def r13_smooth_jnp_max_tuple(x, weights, mode):
    return jnp.convolve(x, jnp.array(weights) / jnp.max(weights), mode=mode)


def r13_smooth_correlate(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.correlate(x, kernel / jnp.max(kernel), mode=mode)  # same for symmetric kernels


def r13_smooth_python_max_array(x, weights, mode):
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / max(kernel), mode=mode)  # Python max over tracers


_rewrapping_jit = jax.jit(r13_smooth_jnp_max, static_argnames="mode")


def r13_smooth_wrapper(x, weights, mode):
    return _rewrapping_jit(x, weights, mode)  # a plain function around a jitted one


# --- 07.stale_global: step(w, grad, lr, clip) --------------------------------------------

config = {"lr": 1.0, "clip": True}


def _step_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def _step_if_is_true(w, grad, lr, clip):
    if clip is True:  # a tracer is never the object True
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def _step_where(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


def _step_where_zero_one(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, 0.0, 1.0), grad)


def _step_where_swapped(w, grad, lr, clip):
    return w - lr * jnp.where(clip, grad, jnp.clip(grad, -1.0, 1.0))


def _step_clip_update(w, grad, lr, clip):
    update = lr * grad
    return w - jnp.where(clip, jnp.clip(update, -1.0, 1.0), update)


def _step_always_clip(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -1.0, 1.0)


def _step_plus(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


def _step_global_lr(w, grad, lr, clip):
    return w - config["lr"] * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


def _step_bound_from_clip(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -1.0 * clip, 1.0 * clip)  # clip False: [0, 0]


def _step_bound_inf(w, grad, lr, clip):
    bound = jnp.where(clip, 1.0, jnp.inf)
    return w - lr * jnp.clip(grad, -bound, bound)


def _step_cond(w, grad, lr, clip):
    g = lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


def _step_blend(w, grad, lr, clip):
    g = clip * jnp.clip(grad, -1.0, 1.0) + (1 - clip) * grad
    return w - lr * g


def _step_sign(w, grad, lr, clip):
    held = jnp.sign(grad) * jnp.minimum(jnp.abs(grad), 1.0)
    return w - lr * jnp.where(clip, held, grad)


def _step_min_max(w, grad, lr, clip):
    g = jnp.where(jnp.logical_and(clip, grad > 1.0), 1.0, grad)
    g = jnp.where(jnp.logical_and(clip, g < -1.0), -1.0, g)
    return w - g * lr


# --- 07.clip_negative: fill_negative(x) ---------------------------------------------------


def r13_fill_all_mean(x):
    return jnp.where(x < 0, x.mean(), x)


def r13_fill_zero(x):
    return jnp.where(x < 0, 0.0, x)


def r13_fill_bool_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r13_fill_strict(x):
    kept = x > 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r13_fill_row_mean(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=-1, where=kept, keepdims=True)
    return jnp.where(kept, x, mean)


def r13_fill_column_mean(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=0, where=kept)
    return jnp.where(kept, x, mean)


def r13_fill_divide_size(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r13_fill_maximum(x):
    mean = jnp.sum(jnp.where(x >= 0, x, 0.0)) / jnp.sum(x >= 0)
    return jnp.maximum(x, mean)


def r13_fill_count_nonzero(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(x * kept) / jnp.count_nonzero(x))


def r13_fill_le_zero(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(x <= 0, mean, x)


def r13_fill_mean_where(x):
    return jnp.where(x < 0, jnp.mean(x, where=x >= 0), x)


def r13_fill_nanmean(x):
    return jnp.where(x < 0, jnp.nanmean(jnp.where(x >= 0, x, jnp.nan)), x)


def r13_fill_average(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.average(x, weights=kept))


def r13_fill_product(x):
    kept = (x >= 0).astype(x.dtype)
    mean = (x * kept).sum() / kept.sum()
    return x * kept + mean * (1 - kept)


ROUND_13 = [
    Wrong(
        "07.clip_negative",
        "x <= 0 filled: zeros replaced by the mean too",
        lambda: r13_fill_le_zero,
    ),
    Wrong("07.count_traces", "A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "B: thought np.float32 traces apart", lambda: "B"),
    Wrong("07.count_traces", "D: thought float32 * 2.0 stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count 3, not a letter", lambda: "3"),
    Wrong("07.count_traces", "the count as an int", lambda: 3),
    Wrong("07.count_traces", "two letters with the same count", lambda: "CD"),
    Wrong("07.count_traces", "lower-case d", lambda: "d"),
    Wrong("07.count_traces", "B) typed with a parenthesis", lambda: "B)"),
    Wrong("07.count_traces", "'3 traces', with a unit", lambda: "3 traces"),
    Wrong(
        "07.static_window",
        "weights and mode both static: one compile per kernel",
        lambda: jax.jit(smooth, static_argnames=("weights", "mode")),
    ),
    Wrong(
        "07.static_window",
        "plain jax.jit(smooth): mode string cannot be traced",
        lambda: jax.jit(smooth),
    ),
    Wrong(
        "07.static_window",
        "mode static, but Python max still on tracers",
        lambda: jax.jit(smooth, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=1: weights static, mode traced",
        lambda: jax.jit(smooth, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "a plain function calling a jitted one inside",
        lambda: r13_smooth_wrapper,
    ),
    Wrong(
        "07.static_window",
        "divided by the largest |weight|, not the largest weight",
        lambda: jax.jit(r13_smooth_abs_max, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "normalised by the sum of the weights",
        lambda: jax.jit(r13_smooth_sum, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "rewrote with jnp.max, and still made weights static",
        lambda: jax.jit(r13_smooth_also_static, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "jnp.max(weights) on the tuple: jnp refuses it",
        lambda: jax.jit(r13_smooth_jnp_max_tuple, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "jnp.correlate: right only for symmetric kernels",
        lambda: jax.jit(r13_smooth_correlate, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "Python max over a jnp array of tracers",
        lambda: jax.jit(r13_smooth_python_max_array, static_argnames="mode"),
    ),
    Wrong(
        "07.stale_global",
        "Python if on clip, jitted: fails on a traced switch",
        lambda: jax.jit(_step_if),
    ),
    Wrong(
        "07.stale_global",
        "clip static: a jax boolean is not hashable",
        lambda: jax.jit(_step_if, static_argnums=3),
    ),
    Wrong(
        "07.stale_global",
        "lr and clip static: a jax scalar lr is refused",
        lambda: jax.jit(_step_if, static_argnames=("lr", "clip")),
    ),
    Wrong("07.stale_global", "right maths, but not jitted", lambda: _step_where),
    Wrong(
        "07.stale_global",
        "clipped to [0, 1]: right for the page's gradient 4",
        lambda: jax.jit(_step_where_zero_one),
    ),
    Wrong(
        "07.stale_global",
        "jnp.where branches swapped: clips when clip is False",
        lambda: jax.jit(_step_where_swapped),
    ),
    Wrong(
        "07.stale_global",
        "clipped lr * grad: right while lr is 1",
        lambda: jax.jit(_step_clip_update),
    ),
    Wrong("07.stale_global", "clips always, clip ignored", lambda: jax.jit(_step_always_clip)),
    Wrong("07.stale_global", "w + lr * grad: climbs", lambda: jax.jit(_step_plus)),
    Wrong(
        "07.stale_global",
        "moved clip to an argument, still reads config['lr']",
        lambda: jax.jit(_step_global_lr),
    ),
    Wrong(
        "07.stale_global",
        "clip(grad, -1.0 * clip, 1.0 * clip): clip False zeroes grad",
        lambda: jax.jit(_step_bound_from_clip),
    ),
    Wrong(
        "07.stale_global",
        "if clip is True: a tracer is never True, never clips",
        lambda: jax.jit(_step_if_is_true),
    ),
    Wrong("07.debug_print", "A: both prints on every call", lambda: "A"),
    Wrong("07.debug_print", "B: thought debug.print runs from Python", lambda: "B"),
    Wrong("07.debug_print", "D: print on every call, seeing a tracer", lambda: "D"),
    Wrong("07.debug_print", "E: print only at the first trace", lambda: "E"),
    Wrong("07.debug_print", "the output's number, not the letter", lambda: "1"),
    Wrong("07.debug_print", "'Output 1', shared by B and C", lambda: "Output 1"),
    Wrong("07.debug_print", "both letters of Output 1", lambda: "BC"),
    Wrong("07.debug_print", "lower-case b", lambda: "b"),
    Wrong("07.debug_print", "E) with a parenthesis", lambda: "E)"),
    Wrong("07.debug_print", "'B or C', undecided", lambda: "B or C"),
    Wrong("07.clip_negative", "filled with the mean of all elements", lambda: r13_fill_all_mean),
    Wrong(
        "07.clip_negative", "clipped negatives to 0 (the exercise's name)", lambda: r13_fill_zero
    ),
    Wrong("07.clip_negative", "boolean mask in .at[]: fails under jit", lambda: r13_fill_bool_mask),
    Wrong(
        "07.clip_negative", "kept = x > 0: zeros left out and filled too", lambda: r13_fill_strict
    ),
    Wrong("07.clip_negative", "mean per row: right on vectors only", lambda: r13_fill_row_mean),
    Wrong("07.clip_negative", "mean per column (axis=0)", lambda: r13_fill_column_mean),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r13_fill_divide_size),
    Wrong(
        "07.clip_negative",
        "jnp.maximum(x, mean): small positives raised too",
        lambda: r13_fill_maximum,
    ),
    Wrong(
        "07.clip_negative",
        "divided by count_nonzero(x), not the kept count",
        lambda: r13_fill_count_nonzero,
    ),
]

RIGHT_13 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right("07.count_traces", "lower-case c", lambda: "c"),
    Right("07.count_traces", "C with a trailing space", lambda: "C "),
    Right(
        "07.static_window",
        "jnp.max on jnp.array(weights), mode static by position",
        lambda: jax.jit(r13_smooth_asarray_max, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "jnp.stack(weights).max(), mode static by name",
        lambda: jax.jit(r13_smooth_stack, static_argnames=("mode",)),
    ),
    Right(
        "07.static_window",
        "functools.reduce(jnp.maximum, weights)",
        lambda: jax.jit(r13_smooth_reduce, static_argnames="mode"),
    ),
    Right(
        "07.static_window",
        "largest as the last of jnp.sort, mode by number and name",
        lambda: jax.jit(r13_smooth_sorted, static_argnums=(2,), static_argnames=("mode",)),
    ),
    Right("07.stale_global", "lax.cond on clip", lambda: jax.jit(_step_cond)),
    Right("07.stale_global", "bound 1 or inf chosen by clip", lambda: jax.jit(_step_bound_inf)),
    Right(
        "07.stale_global",
        "arithmetic blend clip * clipped + (1 - clip) * grad",
        lambda: jax.jit(_step_blend),
    ),
    Right(
        "07.stale_global", "sign times min(|g|, 1), chosen with where", lambda: jax.jit(_step_sign)
    ),
    Right("07.stale_global", "two wheres with logical_and, g * lr", lambda: jax.jit(_step_min_max)),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.debug_print", "lower-case c", lambda: "c"),
    Right("07.debug_print", "option C, typed as words", lambda: "option C"),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r13_fill_mean_where),
    Right("07.clip_negative", "nanmean of negatives set to NaN", lambda: r13_fill_nanmean),
    Right("07.clip_negative", "jnp.average weighted by the mask", lambda: r13_fill_average),
    Right(
        "07.clip_negative",
        "mask as floats, blend x * kept + mean * (1 - kept)",
        lambda: r13_fill_product,
    ),
]
