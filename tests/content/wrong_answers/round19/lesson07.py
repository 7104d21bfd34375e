"""Round 19, lesson 07 (jit and tracing): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 07.count_traces: letter; answer C --------------------------------------------------

# ---- 07.static_window: fast_smooth = jax.jit(smooth fixed), same static ----------------


def smooth(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_smooth_where_total(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / jnp.sum(kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_smooth_positive_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = kernel / jnp.where(total > 0, total, 1.0)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_smooth_where_same(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.where(
        same, jnp.convolve(x, kernel, mode="same"), jnp.convolve(x, kernel, mode="valid")
    )


def r19_smooth_numpy_kernel(x, weights, same):
    kernel = np.array(weights)
    total = np.sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_smooth_total_or_one(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / (sum(weights) or 1.0)  # Python's "or" as the zero guard
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r19_fast_smooth_wrapper(x, weights, same):
    # a plain function that calls a jitted one
    return jax.jit(smooth, static_argnames=("weights", "same"))(x, weights, same)


def r19_smooth_cond(x, weights, same):
    kernel = jnp.asarray(weights)
    total = jnp.sum(kernel)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    mode = "same" if same else "valid"
    return jnp.convolve(x, kernel, mode=mode)


def r19_smooth_safe_denominator(x, weights, same):
    kernel = jnp.stack(weights)
    total = kernel.sum()
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    if not same:
        return jnp.convolve(x, kernel, mode="valid")
    return jnp.convolve(x, kernel, mode="same")


@functools.partial(jax.jit, static_argnames="same")
def r19_smooth_decorated(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    scale = jnp.where(total != 0, 1.0 / jnp.where(total != 0, total, 1.0), 1.0)
    return jnp.convolve(x, kernel * scale, mode="same" if same else "valid")


# ---- 07.stale_global: step(w, grad, t, clip), clip static, t traced (variant 0) --------


def _clip_static(fn):
    return jax.jit(fn, static_argnames="clip")


def r19_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_body(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_warmup_t_over_4(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_always_normalize(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)
    return w - lr * grad


def r19_step_clip_zero_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, 0.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


config = {"t": 0, "clip": "value"}


@jax.jit
def buggy_step(w, grad):
    lr = min(1.0, (config["t"] + 1) / 4)  # warmup
    if config["clip"] == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif config["clip"] == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_sets_config(w, grad, t, clip):
    config["t"], config["clip"] = t, clip
    return buggy_step(w, grad)


def r19_step_floor_division(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_jnp_min(w, grad, t, clip):
    lr = jnp.min(1.0, (t + 1) / 4)  # Python's min(a, b) spelled with jnp
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_else_is_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    else:
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_inverted_norm_factor(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, jnp.linalg.norm(grad))
    return w - lr * grad


def r19_step_max_abs_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        size = jnp.max(jnp.abs(grad))
        grad = grad * jnp.minimum(1.0, 1.0 / size)
    return w - lr * grad


def r19_step_right_cond_warmup(w, grad, t, clip):
    lr = jax.lax.cond(t < 3, lambda s: (s + 1) / 4, lambda s: jnp.float32(1.0), t)
    if clip == "value":
        grad = jnp.maximum(jnp.minimum(grad, 1.0), -1.0)
    elif clip == "norm":
        norm = jnp.sqrt(jnp.sum(grad**2))
        grad = jnp.where(norm > 1.0, grad / norm, grad)
    return w - lr * grad


def r19_step_right_clip_warmup(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4, 0.0, 1.0)
    if clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.linalg.norm(grad))
    elif clip == "value":
        grad = jnp.clip(grad, -1, 1)
    return w - lr * grad


def _right_where_body(w, grad, t, clip):
    lr = jnp.where(t >= 3, 1.0, (t + 1.0) / 4.0)
    clipped = {
        "value": lambda g: jnp.clip(g, -1.0, 1.0),
        "norm": lambda g: g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g)),
        "none": lambda g: g,
    }[clip](grad)
    return w - lr * clipped


# ---- 07.debug_print: letter; answer C ---------------------------------------------------

# ---- 07.clip_negative: fill below 0 with the mean of kept (x >= 0) (variant 0) ---------


def r19_fill_bool_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r19_fill_mean_with_zeros(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(jnp.where(kept, x, 0.0)))


def r19_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r19_fill_strictly_positive(x):
    kept = x > 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept | (x == 0), x, mean)


def r19_fill_mean_of_all(x):
    return jnp.where(x >= 0, x, jnp.mean(x))


def r19_fill_row_means(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=-1, keepdims=True, where=kept)
    return jnp.where(kept, x, mean)


def r19_fill_clip_to_mean(x):
    kept = x >= 0
    mean = jnp.mean(x, where=kept)
    return jnp.maximum(x, mean)


def r19_fill_mean_of_negatives(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=~kept))


def r19_fill_count_nonzero(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.count_nonzero(x)
    return jnp.where(kept, x, mean)


def r19_fill_python_if(x):
    kept = x >= 0
    if jnp.any(~kept):
        x = jnp.where(kept, x, jnp.mean(x, where=kept))
    return x


def r19_fill_python_count(x):
    kept = x >= 0
    count = int(jnp.sum(kept))
    return jnp.where(kept, x, jnp.sum(x * kept) / count)


def r19_fill_np_where(x):
    kept = x >= 0
    return np.where(kept, x, jnp.mean(x, where=kept))


def r19_fill_right_nanmean(x):
    kept = x >= 0
    mean = jnp.nanmean(jnp.where(kept, x, jnp.nan))
    return jnp.where(kept, x, mean)


def r19_fill_right_average(x):
    kept = x >= 0
    mean = jnp.average(x, weights=kept.astype(x.dtype))
    return jnp.where(~kept, mean, x)


def r19_fill_right_sum_over_count(x):
    kept = (x >= 0).astype(x.dtype)
    mean = (x * kept).sum() / kept.sum()
    return x * kept + mean * (1 - kept)


def r19_fill_right_mean_where(x):
    return jnp.where(x < 0, x.mean(where=x >= 0), x)


ROUND_19 = [
    # 07.count_traces
    Wrong("07.count_traces", "typed D: product with 2.0 stays weak", lambda: "D"),
    Wrong("07.count_traces", "typed B: np.float32 traces apart", lambda: "B"),
    Wrong("07.count_traces", "typed A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "typed E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "typed the count 3, not a letter", lambda: "3"),
    Wrong("07.count_traces", "typed the integer 3", lambda: 3),
    Wrong("07.count_traces", "both threes: 'C or D'", lambda: "C or D"),
    Wrong("07.count_traces", "typed lowercase 'd.'", lambda: "d."),
    Wrong("07.count_traces", "typed ' b' with a space", lambda: " b"),
    Wrong("07.count_traces", "typed '(A)' in parentheses", lambda: "(A)"),
    Wrong("07.count_traces", "left the placeholder ...", lambda: ...),
    # 07.static_window
    Wrong("07.static_window", "jax.jit(smooth) as given", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "weights and same both static",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "same static, the total's if kept",
        lambda: jax.jit(smooth, static_argnames="same"),
    ),
    Wrong(
        "07.static_window", "total fixed, same left traced", lambda: jax.jit(r19_smooth_where_total)
    ),
    Wrong("07.static_window", "plain function calling jit inside", lambda: r19_fast_smooth_wrapper),
    Wrong(
        "07.static_window",
        "always divides by the sum",
        lambda: jax.jit(r19_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides only where the sum is positive",
        lambda: jax.jit(r19_smooth_positive_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "jnp.where picks same/valid on a traced flag",
        lambda: jax.jit(r19_smooth_where_same),
    ),
    Wrong(
        "07.static_window",
        "np.array/np.sum of the traced weights",
        lambda: jax.jit(r19_smooth_numpy_kernel, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "made weights static instead of same",
        lambda: jax.jit(r19_smooth_where_total, static_argnames="weights"),
    ),
    Wrong(
        "07.static_window",
        "kernel / (total or 1) on a tracer",
        lambda: jax.jit(r19_smooth_total_or_one, static_argnames="same"),
    ),
    # 07.stale_global
    Wrong("07.stale_global", "Python min() on traced t", lambda: _clip_static(r19_step_python_min)),
    Wrong(
        "07.stale_global",
        "t and clip both static",
        lambda: jax.jit(r19_step_body, static_argnames=("t", "clip")),
    ),
    Wrong(
        "07.stale_global", "nothing static: the string is traced", lambda: jax.jit(r19_step_body)
    ),
    Wrong(
        "07.stale_global",
        "t made static instead of clip",
        lambda: jax.jit(r19_step_body, static_argnums=2),
    ),
    Wrong(
        "07.stale_global",
        "warmup t / 4: first lr is 0",
        lambda: _clip_static(r19_step_warmup_t_over_4),
    ),
    Wrong(
        "07.stale_global",
        "norm always divides by the norm",
        lambda: _clip_static(r19_step_always_normalize),
    ),
    Wrong("07.stale_global", "value clip to [0, 1]", lambda: _clip_static(r19_step_clip_zero_one)),
    Wrong("07.stale_global", "sets the global, calls buggy_step", lambda: r19_step_sets_config),
    Wrong(
        "07.stale_global",
        "(t + 1) // 4: integer division",
        lambda: _clip_static(r19_step_floor_division),
    ),
    Wrong(
        "07.stale_global",
        "jnp.min(1.0, ...) for Python's min",
        lambda: _clip_static(r19_step_jnp_min),
    ),
    Wrong(
        "07.stale_global",
        "else branch clips 'none' by norm",
        lambda: _clip_static(r19_step_else_is_norm),
    ),
    Wrong(
        "07.stale_global",
        "norm factor min(1, norm), inverted",
        lambda: _clip_static(r19_step_inverted_norm_factor),
    ),
    Wrong(
        "07.stale_global",
        "largest |element| as the norm",
        lambda: _clip_static(r19_step_max_abs_norm),
    ),
    Wrong("07.stale_global", "right body, never jitted", lambda: r19_step_body),
    # 07.debug_print
    Wrong("07.debug_print", "typed B: debug.print runs from Python", lambda: "B"),
    Wrong("07.debug_print", "typed A: both print every call", lambda: "A"),
    Wrong("07.debug_print", "typed D: print every call, sees tracer", lambda: "D"),
    Wrong("07.debug_print", "typed E: print only at the first trace", lambda: "E"),
    Wrong("07.debug_print", "typed the output number 1", lambda: "1"),
    Wrong("07.debug_print", "typed 'Output 1'", lambda: "Output 1"),
    Wrong("07.debug_print", "both of Output 1: 'B, C'", lambda: "B, C"),
    Wrong("07.debug_print", "typed lowercase 'e'", lambda: "e"),
    Wrong("07.debug_print", "typed 'D.' with a full stop", lambda: "D."),
    Wrong("07.debug_print", "typed ' a ' with spaces", lambda: " a "),
    Wrong("07.debug_print", "left the placeholder ...", lambda: ...),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[] as in NumPy", lambda: r19_fill_bool_mask),
    Wrong("07.clip_negative", "mean over all, negatives as 0", lambda: r19_fill_mean_with_zeros),
    Wrong("07.clip_negative", "negatives set to 0", lambda: r19_fill_zero),
    Wrong(
        "07.clip_negative", "zeros left out of the mean (x > 0)", lambda: r19_fill_strictly_positive
    ),
    Wrong("07.clip_negative", "mean of the whole array", lambda: r19_fill_mean_of_all),
    Wrong("07.clip_negative", "one mean per row", lambda: r19_fill_row_means),
    Wrong(
        "07.clip_negative", "jnp.maximum(x, mean): lifts small kept", lambda: r19_fill_clip_to_mean
    ),
    Wrong("07.clip_negative", "mean of the negatives (~kept)", lambda: r19_fill_mean_of_negatives),
    Wrong("07.clip_negative", "divides by count_nonzero(x)", lambda: r19_fill_count_nonzero),
    Wrong("07.clip_negative", "Python if any(~kept)", lambda: r19_fill_python_if),
    Wrong("07.clip_negative", "int() of the kept count", lambda: r19_fill_python_count),
    Wrong("07.clip_negative", "np.where on tracers", lambda: r19_fill_np_where),
]

RIGHT_19 = [
    Right("07.count_traces", "plain C", lambda: "C"),
    Right("07.count_traces", "lowercase ' c'", lambda: " c"),
    Right("07.count_traces", "'C.' with a full stop", lambda: "C."),
    Right(
        "07.static_window",
        "jnp.where on the total, static_argnums=2",
        lambda: jax.jit(r19_smooth_where_total, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "lax.cond on the total, mode from same",
        lambda: jax.jit(r19_smooth_cond, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "safe denominator, static_argnames=('same',)",
        lambda: jax.jit(r19_smooth_safe_denominator, static_argnames=("same",)),
    ),
    Right("07.static_window", "decorated with partial(jax.jit, ...)", lambda: r19_smooth_decorated),
    Right(
        "07.stale_global",
        "lax.cond warmup, where for the norm",
        lambda: _clip_static(r19_step_right_cond_warmup),
    ),
    Right(
        "07.stale_global",
        "jnp.clip warmup, divide by max(1, norm)",
        lambda: jax.jit(r19_step_right_clip_warmup, static_argnums=3),
    ),
    Right("07.stale_global", "dict of clip functions", lambda: _clip_static(_right_where_body)),
    Right("07.debug_print", "plain C", lambda: "C"),
    Right("07.debug_print", "lowercase 'c'", lambda: "c"),
    Right("07.debug_print", "' C.' with space and full stop", lambda: " C."),
    Right("07.clip_negative", "nanmean of the kept", lambda: r19_fill_right_nanmean),
    Right("07.clip_negative", "jnp.average with 0/1 weights", lambda: r19_fill_right_average),
    Right(
        "07.clip_negative",
        "blend x * kept + mean * (1 - kept)",
        lambda: r19_fill_right_sum_over_count,
    ),
    Right(
        "07.clip_negative", "x.mean(where=...) inside jnp.where", lambda: r19_fill_right_mean_where
    ),
]
