"""Round 18, lesson 07 (Compile with jit, and see what tracing records):
answers from the lesson's text alone.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 07.count_traces: six calls of scale = jax.jit(lambda x, s: x * s) --------------

# ---- 07.static_window: fast_smooth, a jitted smooth, static only what must be ------


def smooth(x, weights, same):
    """The lesson's smooth, as the exercise cell gives it."""
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / sum(weights)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_inverted_where(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total == 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_cond_same(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jax.lax.cond(
        same,
        lambda k: jnp.convolve(x, k, mode="same"),
        lambda k: jnp.convolve(x, k, mode="valid"),
        kernel,
    )


def r18_smooth_numpy_kernel(x, weights, same):
    kernel = np.array(weights)
    total = np.sum(kernel)
    kernel = np.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_always_same(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same")


def r18_smooth_abs_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(jnp.abs(kernel))
    kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r18_smooth_wrapper_jit_inside(x, weights, same):
    return jax.jit(smooth, static_argnames=("weights", "same"))(x, weights, same)


def r18_smooth_right_safe_total(x, weights, same):
    kernel = jnp.asarray(weights)
    total = jnp.sum(kernel)
    kernel = kernel / jnp.where(total != 0, total, 1.0)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


@functools.partial(jax.jit, static_argnames=["same"])
def r18_smooth_right_decorated(x, weights, same):
    kernel = jnp.stack(weights)
    total = sum(weights)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


# ---- 07.stale_global: step(w, grad, t, clip), jitted, no global ---------------------


def _r18_step_body(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


r18_step_all_static = jax.jit(_r18_step_body, static_argnames=("t", "clip"))
r18_step_no_static = jax.jit(_r18_step_body)


def _r18_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


r18_step_python_min = jax.jit(_r18_step_python_min, static_argnames="clip")


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_warmup_from_zero(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_maximum(w, grad, t, clip):
    lr = jnp.maximum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_always_normalize(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_clip_zero_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, 0.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r18_step_not_jitted(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_else_clips(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    else:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


_r18_config = {"t": 0, "clip": "value"}


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_reads_global(w, grad, t, clip):
    lr = min(1.0, (_r18_config["t"] + 1) / 4)
    if _r18_config["clip"] == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif _r18_config["clip"] == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r18_step_jit_inside(w, grad, t, clip):
    return jax.jit(_r18_step_body, static_argnames="clip")(w, grad, t, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_norm_inverted(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_floor_division(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r18_step_norm_elementwise(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip in ("value", "norm"):
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=3)
def r18_step_right_argnums_where(w, grad, t, clip):
    lr = jnp.where(t < 3, (t + 1) * 0.25, 1.0)
    if clip == "value":
        grad = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    elif clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.sqrt(jnp.sum(grad**2)))
    return w - lr * grad


def _r18_clip_value(g):
    return jnp.clip(g, -1.0, 1.0)


def _r18_clip_norm(g):
    return g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g))


_R18_CLIPPERS = {"value": _r18_clip_value, "norm": _r18_clip_norm, "none": lambda g: g}


def _r18_step_dispatch(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4.0, 0.0, 1.0)
    return w - lr * _R18_CLIPPERS[clip](grad)


r18_step_right_dispatch = jax.jit(_r18_step_dispatch, static_argnames=("clip",))


@functools.partial(jax.jit, static_argnames=("clip",))
def r18_step_right_cond(w, grad, t, clip):
    lr = jax.lax.cond(t >= 3, lambda s: 1.0, lambda s: (s + 1) / 4.0, t)
    g = jnp.asarray(grad)
    if clip == "value":
        g = jnp.where(g > 1.0, 1.0, jnp.where(g < -1.0, -1.0, g))
    elif clip == "norm":
        n = jnp.linalg.norm(g)
        g = jnp.where(n > 1.0, g / n, g)
    return w - lr * g


# ---- 07.debug_print: what shout prints -----------------------------------------------

# ---- 07.clip_negative: fill_negative(x) under jit -------------------------------------


def r18_fill_boolean_mean(x):
    kept = x >= 0
    return jnp.where(kept, x, x[kept].mean())


def r18_fill_mean_with_zeros(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(jnp.where(kept, x, 0.0)))


def r18_fill_strict(x):
    kept = x > 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r18_fill_row_means(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=-1, keepdims=True) / jnp.sum(
        kept, axis=-1, keepdims=True
    )
    return jnp.where(kept, x, mean)


def r18_fill_zero(x):
    return jnp.maximum(x, 0.0)


def r18_fill_mean_of_all(x):
    return jnp.where(x >= 0, x, x.mean())


def r18_fill_at_mask(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return x.at[~kept].set(mean)


def r18_fill_swapped_where(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, mean, x)


def r18_fill_python_if(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    if jnp.any(~kept):
        return jnp.where(kept, x, mean)
    return x


def r18_fill_mean_only(x):
    kept = x >= 0
    return jnp.sum(x * kept) / jnp.sum(kept)


def r18_fill_maximum_mean(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.maximum(x, mean)


def r18_fill_not_operator(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(not kept, mean, x)


def r18_fill_right_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r18_fill_right_nanmean(x):
    return jnp.where(x < 0, jnp.nanmean(jnp.where(x < 0, jnp.nan, x)), x)


def r18_fill_right_dot(x):
    flat = x.ravel()
    weights = (flat >= 0).astype(flat.dtype)
    mean = jnp.dot(flat, weights) / weights.sum()
    return jnp.select([x >= 0], [x], default=mean)


ROUND_18 = [
    Wrong("07.count_traces", "typed A, thinking only dtypes matter", lambda: "A"),
    Wrong("07.count_traces", "typed B, NumPy scalar traced apart", lambda: "B"),
    Wrong("07.count_traces", "typed D, product with 2.0 stays weak", lambda: "D"),
    Wrong("07.count_traces", "typed E, every call traces", lambda: "E"),
    Wrong("07.count_traces", "typed the count, not a letter", lambda: "3"),
    Wrong("07.count_traces", "the count as an int", lambda: 3),
    Wrong("07.count_traces", "both letters for 3 traces", lambda: "C, D"),
    Wrong("07.count_traces", "typed 2 traces as a number", lambda: "2"),
    Wrong("07.count_traces", "left the placeholder ...", lambda: ...),
    Wrong("07.static_window", "jax.jit(smooth), nothing changed", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "weights and same static, smooth unchanged",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "only same static, total's if left",
        lambda: jax.jit(smooth, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "only weights static, if same left",
        lambda: jax.jit(smooth, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "weights static too, where for total",
        lambda: jax.jit(r18_smooth_where, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "dropped the zero check, always divides",
        lambda: jax.jit(r18_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "where with == 0: condition inverted",
        lambda: jax.jit(r18_smooth_inverted_where, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "lax.cond on same, nothing static",
        lambda: jax.jit(r18_smooth_cond_same),
    ),
    Wrong(
        "07.static_window",
        "np.array/np.where for the kernel",
        lambda: jax.jit(r18_smooth_numpy_kernel, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "always mode='same', same argument ignored",
        lambda: jax.jit(r18_smooth_always_same),
    ),
    Wrong(
        "07.static_window",
        "normalized by the sum of |weights|",
        lambda: jax.jit(r18_smooth_abs_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "plain function calling jax.jit inside",
        lambda: r18_smooth_wrapper_jit_inside,
    ),
    Wrong(
        "07.static_window",
        "static_argnums=(0, 1, 2): x static too",
        lambda: jax.jit(smooth, static_argnums=(0, 1, 2)),
    ),
    Wrong("07.stale_global", "t and clip both static", lambda: r18_step_all_static),
    Wrong("07.stale_global", "nothing static: clip string traced", lambda: r18_step_no_static),
    Wrong("07.stale_global", "clip static, Python min() on traced t", lambda: r18_step_python_min),
    Wrong("07.stale_global", "warmup t / 4: starts at lr 0", lambda: r18_step_warmup_from_zero),
    Wrong("07.stale_global", "jnp.maximum in the warmup", lambda: r18_step_maximum),
    Wrong("07.stale_global", "norm: always divides by the norm", lambda: r18_step_always_normalize),
    Wrong(
        "07.stale_global", "value clip to [0, 1], negatives lost", lambda: r18_step_clip_zero_one
    ),
    Wrong("07.stale_global", "left step unjitted", lambda: r18_step_not_jitted),
    Wrong("07.stale_global", "else branch clips, so 'none' clips", lambda: r18_step_else_clips),
    Wrong("07.stale_global", "still reads the global config inside", lambda: r18_step_reads_global),
    Wrong("07.stale_global", "plain step that jits its body per call", lambda: r18_step_jit_inside),
    Wrong(
        "07.stale_global", "norm: scaled by min(1, norm), inverted", lambda: r18_step_norm_inverted
    ),
    Wrong(
        "07.stale_global", "warmup with // : lr 0 for three steps", lambda: r18_step_floor_division
    ),
    Wrong("07.stale_global", "norm done as element-wise clip", lambda: r18_step_norm_elementwise),
    Wrong("07.debug_print", "typed A, both prints run every call", lambda: "A"),
    Wrong("07.debug_print", "typed B, debug.print runs from Python", lambda: "B"),
    Wrong("07.debug_print", "typed D, print runs every call", lambda: "D"),
    Wrong("07.debug_print", "typed E, print only at the first trace", lambda: "E"),
    Wrong("07.debug_print", "typed the output's number", lambda: "1"),
    Wrong("07.debug_print", "typed Output 2", lambda: "Output 2"),
    Wrong("07.debug_print", "both letters for output 1", lambda: "B or C"),
    Wrong("07.debug_print", "the output number as an int", lambda: 1),
    Wrong("07.debug_print", "left the placeholder ...", lambda: ...),
    Wrong("07.clip_negative", "kept x[kept].mean() from NumPy", lambda: r18_fill_boolean_mean),
    Wrong(
        "07.clip_negative",
        "mean over all, negatives counted as 0",
        lambda: r18_fill_mean_with_zeros,
    ),
    Wrong("07.clip_negative", "kept x > 0: zeros filled too", lambda: r18_fill_strict),
    Wrong("07.clip_negative", "one mean per row of a matrix", lambda: r18_fill_row_means),
    Wrong("07.clip_negative", "clipped negatives to 0", lambda: r18_fill_zero),
    Wrong("07.clip_negative", "mean of every element, negatives in", lambda: r18_fill_mean_of_all),
    Wrong("07.clip_negative", "boolean mask inside .at[]", lambda: r18_fill_at_mask),
    Wrong("07.clip_negative", "where arguments swapped", lambda: r18_fill_swapped_where),
    Wrong("07.clip_negative", "Python if jnp.any(...) guard", lambda: r18_fill_python_if),
    Wrong("07.clip_negative", "returned the mean, not the array", lambda: r18_fill_mean_only),
    Wrong(
        "07.clip_negative", "jnp.maximum(x, mean): small kept raised", lambda: r18_fill_maximum_mean
    ),
    Wrong("07.clip_negative", "`not kept` instead of ~kept", lambda: r18_fill_not_operator),
]

RIGHT_18 = [
    Right("07.count_traces", "lower-case c", lambda: "c"),
    Right("07.count_traces", "C with a trailing space", lambda: "C "),
    Right("07.count_traces", "C with a full stop", lambda: "C."),
    Right(
        "07.static_window",
        "static_argnums=2, jnp.where on the total",
        lambda: jax.jit(r18_smooth_where, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "static_argnames='same', safe divisor",
        lambda: jax.jit(r18_smooth_right_safe_total, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "partial decorator, lax.cond for total",
        lambda: r18_smooth_right_decorated,
    ),
    Right(
        "07.stale_global",
        "static_argnums=3, jnp.where warmup",
        lambda: r18_step_right_argnums_where,
    ),
    Right(
        "07.stale_global", "dict of clip functions, jnp.clip lr", lambda: r18_step_right_dispatch
    ),
    Right("07.stale_global", "lax.cond warmup, where-based clips", lambda: r18_step_right_cond),
    Right("07.debug_print", "lower-case c", lambda: "c"),
    Right("07.debug_print", "C with a full stop", lambda: "C."),
    Right("07.debug_print", "C with spaces", lambda: "  C"),
    Right("07.clip_negative", "jnp.mean(x, where=kept)", lambda: r18_fill_right_mean_where),
    Right("07.clip_negative", "nanmean of negatives set to nan", lambda: r18_fill_right_nanmean),
    Right("07.clip_negative", "dot with a 0/1 mask, jnp.select", lambda: r18_fill_right_dot),
]
