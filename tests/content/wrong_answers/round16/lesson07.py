"""Round 16, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ------------------------------------------------------------ 07.static_window


def smooth(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r16_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r16_smooth_positive(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total > 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r16_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / jnp.sum(kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r16_smooth_abs_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(jnp.abs(kernel))
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r16_smooth_modes_swapped(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="valid" if same else "same")


def r16_smooth_mean(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.mean(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r16_smooth_safe_divisor(x, weights, same):
    kernel = jnp.asarray(weights)
    total = kernel.sum()
    return jnp.convolve(
        x, kernel / jnp.where(total == 0, 1.0, total), mode="same" if same else "valid"
    )


def r16_smooth_cond(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r16_smooth_wrapper(x, weights, same):
    return jax.jit(functools.partial(r16_smooth_where, same=same))(x, weights)


# ------------------------------------------------------------ 07.stale_global

config = {"t": 0, "clip": "value"}


def _clip(grad, clip):
    if clip == "value":
        return jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        return grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return grad


@functools.partial(jax.jit, static_argnames=("t", "clip"))
def r16_step_t_static(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@jax.jit
def r16_step_nothing_static(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_no_cap(w, grad, t, clip):
    lr = (t + 1) / 4
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_off_by_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_norm_always(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_upper_only(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.minimum(grad, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_norm_elementwise(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.abs(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_none_clips(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    else:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_floor_div(w, grad, t, clip):
    lr = jnp.minimum(1, (t + 1) // 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_global_clip(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, config["clip"])


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_l1_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.sum(jnp.abs(grad)))
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=3)
def r16_step_right(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4, None, 1.0)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.linalg.norm(grad))
    return w - lr * grad


def _step_where(w, grad, t, clip):
    lr = jnp.where(t < 3, (t + 1.0) * 0.25, 1.0)
    clipped = {"value": lambda g: jnp.clip(g, -1, 1), "none": lambda g: g}
    if clip == "norm":
        return w - lr * grad * jnp.minimum(1.0, 1.0 / jnp.sqrt(jnp.sum(grad**2)))
    return w - lr * clipped[clip](grad)


r16_step_where = jax.jit(_step_where, static_argnames=["clip"])


@functools.partial(jax.jit, static_argnames="clip")
def r16_step_cond(w, grad, t, clip):
    lr = jax.lax.cond(t >= 3, lambda s: 1.0, lambda s: (s + 1) / 4, t)
    return w - lr * _clip(grad, clip)


# ------------------------------------------------------------ 07.clip_negative


def r16_fill_all_mean(x):
    return jnp.where(x >= 0, x, jnp.mean(x))


def r16_fill_strict(x):
    return jnp.where(x > 0, x, jnp.mean(x, where=x > 0))


def r16_fill_mixed_masks(x):
    return jnp.where(x >= 0, x, jnp.mean(x, where=x > 0))


def r16_fill_size(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r16_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r16_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r16_fill_abs_mean(x):
    return jnp.where(x >= 0, x, jnp.mean(jnp.abs(x)))


def r16_fill_negative_mean(x):
    return jnp.where(x >= 0, x, jnp.mean(x, where=x < 0))


def r16_fill_axis0(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=0, where=kept))


def r16_fill_rows(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=-1, where=kept, keepdims=True))


def r16_fill_bool_index(x):
    return jnp.where(x >= 0, x, jnp.mean(x[x >= 0]))


def r16_fill_float(x):
    return jnp.where(x >= 0, x, float(jnp.mean(x, where=x >= 0)))


def r16_fill_where_mean(x):
    return jnp.where(x < 0, jnp.mean(x, where=~(x < 0)), x)


def r16_fill_relu_sum(x):
    return jnp.where(x >= 0, x, jnp.sum(jnp.maximum(x, 0.0)) / jnp.sum(x >= 0))


def r16_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r16_fill_count_nonzero(x):
    kept = jnp.greater_equal(x, 0)
    mean = (x * kept).sum() / jnp.count_nonzero(kept)
    return jnp.select([kept], [x], mean)


ROUND_16 = [
    # 07.count_traces
    Wrong("07.count_traces", "A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "B: 4, NumPy scalar traced apart", lambda: "B"),
    Wrong("07.count_traces", "D: 3, product with a Python float stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: 6, every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count 3 instead of the letter", lambda: "3"),
    Wrong("07.count_traces", "format: lower case c", lambda: "c"),
    Wrong("07.count_traces", "format: letter and count", lambda: "C: 3 traces"),
    Wrong("07.count_traces", "both options with count 3", lambda: "C, D"),
    # 07.static_window
    Wrong("07.static_window", "jax.jit(smooth) with nothing static", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "weights and same static: compiles once per kernel",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): the same by position",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "same static, if on traced total left as it was",
        lambda: jax.jit(smooth, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "fixed with where, yet weights static too",
        lambda: jax.jit(r16_smooth_where, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "where(total > 0): negative-sum kernels left unscaled",
        lambda: jax.jit(r16_smooth_positive, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "dropped the if: divides a zero-sum kernel by 0",
        lambda: jax.jit(r16_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "normalised by the sum of |weights|",
        lambda: jax.jit(r16_smooth_abs_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "mode 'same' and 'valid' swapped",
        lambda: jax.jit(r16_smooth_modes_swapped, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divided by the mean of the weights, not the sum",
        lambda: jax.jit(r16_smooth_mean, static_argnames="same"),
    ),
    Wrong(
        "07.static_window", "plain function wrapping jit on each call", lambda: r16_smooth_wrapper
    ),
    # 07.stale_global
    Wrong(
        "07.stale_global",
        "t and clip static: a jax integer t is unhashable",
        lambda: r16_step_t_static,
    ),
    Wrong("07.stale_global", "Python min on a traced t", lambda: r16_step_python_min),
    Wrong(
        "07.stale_global",
        "nothing static: a string argument to jit",
        lambda: r16_step_nothing_static,
    ),
    Wrong(
        "07.stale_global",
        "warmup without the cap at 1 (page's t < 3 only)",
        lambda: r16_step_no_cap,
    ),
    Wrong("07.stale_global", "warmup t / 4: off by one step", lambda: r16_step_off_by_one),
    Wrong("07.stale_global", "norm: always scaled to length 1", lambda: r16_step_norm_always),
    Wrong("07.stale_global", "value: only the upper bound clipped", lambda: r16_step_upper_only),
    Wrong("07.stale_global", "norm per element with |grad|", lambda: r16_step_norm_elementwise),
    Wrong("07.stale_global", "'none' falls into the value clip", lambda: r16_step_none_clips),
    Wrong(
        "07.stale_global", "warmup with // : lr 0 for the first steps", lambda: r16_step_floor_div
    ),
    Wrong(
        "07.stale_global",
        "t passed in, clip still read from the global",
        lambda: r16_step_global_clip,
    ),
    Wrong("07.stale_global", "norm clip with the L1 norm", lambda: r16_step_l1_norm),
    # 07.debug_print
    Wrong("07.debug_print", "A: Output 4, both print every call", lambda: "A"),
    Wrong("07.debug_print", "B: Output 1, debug print from Python", lambda: "B"),
    Wrong("07.debug_print", "D: Output 2, print every call", lambda: "D"),
    Wrong("07.debug_print", "E: Output 3, print at the first trace only", lambda: "E"),
    Wrong("07.debug_print", "the output's number instead of the letter", lambda: "1"),
    Wrong("07.debug_print", "format: 'Output 1'", lambda: "Output 1"),
    Wrong(
        "07.debug_print", "format: c with a trailing reason", lambda: "c  # compiled debug print"
    ),
    Wrong("07.debug_print", "both letters of Output 1", lambda: "BC"),
    # 07.clip_negative
    Wrong(
        "07.clip_negative", "mean of every element, negatives included", lambda: r16_fill_all_mean
    ),
    Wrong(
        "07.clip_negative",
        "x > 0: zeros replaced and left out of the mean",
        lambda: r16_fill_strict,
    ),
    Wrong("07.clip_negative", "mean over x > 0, fill where x < 0", lambda: r16_fill_mixed_masks),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r16_fill_size),
    Wrong("07.clip_negative", "NumPy port with a boolean mask in .at", lambda: r16_fill_at_mask),
    Wrong("07.clip_negative", "negatives set to 0 (a ReLU)", lambda: r16_fill_zero),
    Wrong("07.clip_negative", "mean of |x|", lambda: r16_fill_abs_mean),
    Wrong(
        "07.clip_negative", "filled with the mean of the negatives", lambda: r16_fill_negative_mean
    ),
    Wrong(
        "07.clip_negative", "mean(axis=0): one mean per column of a matrix", lambda: r16_fill_axis0
    ),
    Wrong("07.clip_negative", "mean per row with keepdims", lambda: r16_fill_rows),
    Wrong("07.clip_negative", "mean of x[x >= 0] inside jnp.where", lambda: r16_fill_bool_index),
    Wrong("07.clip_negative", "float() around the mean", lambda: r16_fill_float),
]
RIGHT_16 = [
    Right("07.count_traces", "C: 3 traces", lambda: "C"),
    Right(
        "07.static_window",
        "where on total, same static by name",
        lambda: jax.jit(r16_smooth_where, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "divisor replaced by 1 where the sum is 0, static_argnums=2",
        lambda: jax.jit(r16_smooth_safe_divisor, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "lax.cond on the total, static_argnames as a list",
        lambda: jax.jit(r16_smooth_cond, static_argnames=["same"]),
    ),
    Right(
        "07.stale_global",
        "clip static by position, lr by jnp.clip, norm by max",
        lambda: r16_step_right,
    ),
    Right("07.stale_global", "where for warmup, a dict of clip functions", lambda: r16_step_where),
    Right("07.stale_global", "lax.cond for the warmup", lambda: r16_step_cond),
    Right("07.debug_print", "C: compiled debug print", lambda: "C"),
    Right("07.clip_negative", "where(x < 0, ...) with mean(where=)", lambda: r16_fill_where_mean),
    Right("07.clip_negative", "sum of maximum(x, 0) over count kept", lambda: r16_fill_relu_sum),
    Right("07.clip_negative", "nanmean of the kept elements", lambda: r16_fill_nanmean),
    Right("07.clip_negative", "count_nonzero and jnp.select", lambda: r16_fill_count_nonzero),
]
