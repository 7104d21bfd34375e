"""Round 17, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 07.static_window ---------------------------------------------------------------


def smooth(x, weights, same):  # the page's smooth, unchanged
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r17_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    mode = "same" if same else "valid"
    return jnp.convolve(x, kernel, mode=mode)


def r17_smooth_safe_divisor(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)  # Python sum over tracers is a tracer too
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r17_smooth_add_bool(x, weights, same):
    kernel = jnp.asarray(weights)
    total = kernel.sum()
    kernel = kernel / (total + (total == 0))
    return jnp.convolve(x, kernel, mode=("valid", "same")[same])


def r17_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / jnp.sum(kernel)  # the zero-sum case forgotten
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r17_smooth_abs_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(jnp.abs(kernel))  # "a sum that is never 0"
    kernel = kernel / total
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r17_smooth_correlate(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.correlate(x, kernel, mode="same" if same else "valid")


def r17_smooth_only_total_fixed(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:  # still a Python if on a traced flag
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r17_fast_smooth_wrapper(x, weights, same):
    return jax.jit(smooth, static_argnames=("weights", "same"))(x, weights, same)


# --- 07.stale_global ----------------------------------------------------------------

config = {"t": 2, "clip": "none"}  # as the page's buggy loop left it


def _clip(grad, clip):
    if clip == "value":
        return jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        return grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return grad


@partial(jax.jit, static_argnames=("t", "clip"))
def r17_step_both_static(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnames="clip")
def r17_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@jax.jit
def r17_step_nothing_static(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnames="clip")
def r17_step_lr_t_over_4(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnames="clip")
def r17_step_floordiv(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnames="clip")
def r17_step_norm_is_clip(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip in ("value", "norm"):  # on the scalar 4 both give 1
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@partial(jax.jit, static_argnames="clip")
def r17_step_norm_always(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)  # scales small gradients up
    return w - lr * grad


@partial(jax.jit, static_argnames="clip")
def r17_step_l1_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.sum(jnp.abs(grad)))
    return w - lr * grad


@partial(jax.jit, static_argnames="clip")
def r17_step_upper_only(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, max=1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@partial(jax.jit, static_argnames="clip")
def r17_step_global_t(w, grad, t, clip):
    lr = jnp.minimum(1.0, (config["t"] + 1) / 4)  # t passed, the global still read
    return w - lr * _clip(grad, clip)


@jax.jit
def r17_step_global_clip(w, grad, t, clip=None):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, config["clip"])


@partial(jax.jit, static_argnames="clip")
def r17_step_returns_lr(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip), lr


@partial(jax.jit, static_argnames="clip", donate_argnums=0)
def r17_step_donated(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnames="clip")
def r17_step_where_lr(w, grad, t, clip):
    lr = jnp.where(t < 3, (t + 1) / 4, 1.0)
    return w - lr * _clip(grad, clip)


@partial(jax.jit, static_argnums=3)
def r17_step_clip_lr(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4, 0.0, 1.0)
    if clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.linalg.norm(grad))
    elif clip == "value":
        grad = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    return w - lr * grad


_CLIPS = {
    "value": lambda g: jnp.clip(g, -1.0, 1.0),
    "norm": lambda g: g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g)),
    "none": lambda g: g,
}


def _step_table(w, grad, t, clip):
    lr = jnp.minimum((t + 1) / 4, 1)
    return w - lr * _CLIPS[clip](grad)


# --- 07.clip_negative ---------------------------------------------------------------


def r17_fill_bool_index(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x[kept]))


def r17_fill_mean_all(x):
    return jnp.where(x >= 0, x, jnp.mean(x))


def r17_fill_strict(x):
    kept = x > 0  # zero treated as negative
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r17_fill_divide_size(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / x.size
    return jnp.where(kept, x, mean)


def r17_fill_row_means(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=-1, where=kept, keepdims=True)
    return jnp.where(kept, x, mean)


def r17_fill_relu(x):
    return jnp.maximum(x, 0.0)


def r17_fill_zeros_mean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.where(kept, x, 0.0).mean())


def r17_fill_at_mask(x):
    kept = x >= 0
    mean = jnp.mean(x, where=kept)
    return x.at[~kept].set(mean)


def r17_fill_mask_mean(x):
    kept = x >= 0
    return jnp.where(kept, x, kept.mean())


def r17_fill_swapped(x):
    kept = x >= 0
    return jnp.where(kept, jnp.mean(x, where=kept), x)


def r17_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r17_fill_average(x):
    kept = x >= 0
    return jnp.where(x < 0, jnp.average(x, weights=kept), x)


def r17_fill_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


ROUND_17 = [
    Wrong(
        "07.static_window",
        "weights and same both static: one compile per kernel",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(1, 2): weights static by position",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong("07.static_window", "plain jax.jit(smooth), nothing static", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "only same static, the Python if on the total kept",
        lambda: jax.jit(smooth, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "only weights static, the if same left traced",
        lambda: jax.jit(smooth, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "a plain function calling jit inside, not what jit returns",
        lambda: r17_fast_smooth_wrapper,
    ),
    Wrong(
        "07.static_window",
        "rewrote the total with where but forgot same static",
        lambda: jax.jit(r17_smooth_only_total_fixed),
    ),
    Wrong(
        "07.static_window",
        "always divides by the sum: zero-sum kernels become inf/nan",
        lambda: jax.jit(r17_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides by the sum of |weights|, changes zero-sum kernels",
        lambda: jax.jit(r17_smooth_abs_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "jnp.correlate for convolve: right for symmetric kernels only",
        lambda: jax.jit(r17_smooth_correlate, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "donate_argnums=0 for static: x is deleted after the call",
        lambda: jax.jit(r17_smooth_where, donate_argnums=0),
    ),
    Wrong(
        "07.static_window",
        "rewritten smooth, same static, but x donated as well",
        lambda: jax.jit(r17_smooth_where, static_argnames="same", donate_argnums=0),
    ),
    Wrong(
        "07.stale_global",
        "t and clip both static: a jax integer t is unhashable",
        lambda: r17_step_both_static,
    ),
    Wrong("07.stale_global", "clip static, Python min() on traced t", lambda: r17_step_python_min),
    Wrong(
        "07.stale_global",
        "nothing static: a string cannot be traced",
        lambda: r17_step_nothing_static,
    ),
    Wrong(
        "07.stale_global",
        "warmup t / 4: first step has learning rate 0",
        lambda: r17_step_lr_t_over_4,
    ),
    Wrong("07.stale_global", "warmup with // : rate 0 until step 3", lambda: r17_step_floordiv),
    Wrong(
        "07.stale_global",
        "'norm' clips element-wise, as 'value' (same on scalar 4)",
        lambda: r17_step_norm_is_clip,
    ),
    Wrong(
        "07.stale_global",
        "'norm' always divides by the norm, scales small up",
        lambda: r17_step_norm_always,
    ),
    Wrong(
        "07.stale_global",
        "'norm' uses the L1 norm, right on a scalar only",
        lambda: r17_step_l1_norm,
    ),
    Wrong(
        "07.stale_global",
        "'value' clips only from above (jnp.clip max=)",
        lambda: r17_step_upper_only,
    ),
    Wrong(
        "07.stale_global",
        "t passed but the warmup still reads config['t']",
        lambda: r17_step_global_t,
    ),
    Wrong(
        "07.stale_global",
        "t fixed, clip still read from the global dict",
        lambda: r17_step_global_clip,
    ),
    Wrong("07.stale_global", "returns (w, lr), a tuple", lambda: r17_step_returns_lr),
    Wrong(
        "07.stale_global", "donates w (static args confused with donated)", lambda: r17_step_donated
    ),
    Wrong("07.count_traces", "A: model where only the dtype is in the cache key", lambda: "A"),
    Wrong("07.count_traces", "B: model where a NumPy scalar keys apart from jax ones", lambda: "B"),
    Wrong(
        "07.count_traces", "D: model where a product with a Python float stays weak", lambda: "D"
    ),
    Wrong("07.count_traces", "E: model where jit caches the compile only", lambda: "E"),
    Wrong("07.count_traces", "the count instead of the letter", lambda: "3"),
    Wrong("07.count_traces", "both letters with the count 3", lambda: "C or D"),
    Wrong("07.count_traces", "the count as an int", lambda: 3),
    Wrong("07.debug_print", "A: model where jit runs Python on every call", lambda: "A"),
    Wrong("07.debug_print", "B: model where debug.print runs from Python after", lambda: "B"),
    Wrong("07.debug_print", "D: model where print runs on every call, sees tracers", lambda: "D"),
    Wrong("07.debug_print", "E: model where jit traces only once per function", lambda: "E"),
    Wrong("07.debug_print", "the output's number instead of the letter", lambda: "Output 1"),
    Wrong("07.debug_print", "both letters of Output 1", lambda: "B, C"),
    Wrong(
        "07.clip_negative",
        "boolean index for the mean: fails under jit",
        lambda: r17_fill_bool_index,
    ),
    Wrong(
        "07.clip_negative", "mean of all elements, negatives included", lambda: r17_fill_mean_all
    ),
    Wrong(
        "07.clip_negative",
        "x > 0: zeros replaced and left out of the mean",
        lambda: r17_fill_strict,
    ),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r17_fill_divide_size),
    Wrong(
        "07.clip_negative",
        "mean per row (axis=-1): right on vectors only",
        lambda: r17_fill_row_means,
    ),
    Wrong(
        "07.clip_negative", "jnp.maximum(x, 0): clipped instead of filled", lambda: r17_fill_relu
    ),
    Wrong(
        "07.clip_negative", "mean of x with negatives zeroed, over all", lambda: r17_fill_zeros_mean
    ),
    Wrong(
        "07.clip_negative", ".at[~kept].set: boolean mask fails under jit", lambda: r17_fill_at_mask
    ),
    Wrong(
        "07.clip_negative",
        "fills with kept.mean(), the mask's fraction",
        lambda: r17_fill_mask_mean,
    ),
    Wrong(
        "07.clip_negative", "where arguments swapped: kept ones replaced", lambda: r17_fill_swapped
    ),
]
RIGHT_17 = [
    Right(
        "07.static_window",
        "total via where, mode string picked from static same",
        lambda: jax.jit(r17_smooth_where, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "divide by where(total == 0, 1, total), static_argnums=2",
        lambda: jax.jit(r17_smooth_safe_divisor, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "divide by total + (total == 0), static_argnames as a tuple",
        lambda: jax.jit(r17_smooth_add_bool, static_argnames=("same",)),
    ),
    Right("07.stale_global", "warmup with jnp.where(t < 3, ...)", lambda: r17_step_where_lr),
    Right(
        "07.stale_global",
        "jnp.clip warmup, norm via maximum, static_argnums=3",
        lambda: r17_step_clip_lr,
    ),
    Right(
        "07.stale_global",
        "dict of clip functions, jit applied on the last line",
        lambda: jax.jit(_step_table, static_argnames=["clip"]),
    ),
    Right("07.count_traces", "C", lambda: "C"),
    Right("07.count_traces", "lower-case c", lambda: "c"),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.debug_print", "C with a trailing space", lambda: "C "),
    Right("07.clip_negative", "nanmean of the kept elements", lambda: r17_fill_nanmean),
    Right("07.clip_negative", "jnp.average with the mask as weights", lambda: r17_fill_average),
    Right("07.clip_negative", "jnp.mean with where=kept", lambda: r17_fill_mean_where),
]
