"""Round 15, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 07.static_window


def smooth(x, weights, same):  # the exercise cell's function, as given
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r15_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = kernel.sum()
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r15_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / kernel.sum()  # a zero-sum kernel becomes inf/nan
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r15_smooth_positive_total(x, weights, same):
    kernel = jnp.array(weights)
    total = kernel.sum()
    kernel = jnp.where(total > 0, kernel / total, kernel)  # negative sums left as they are
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r15_smooth_abs_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.abs(kernel).sum()
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r15_smooth_where_same(x, weights, same):
    kernel = jnp.array(weights)
    total = kernel.sum()
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.where(
        same, jnp.convolve(x, kernel, mode="same"), jnp.convolve(x, kernel, mode="valid")
    )


def r15_smooth_safe_divisor(x, weights, same):
    kernel = jnp.asarray(weights)
    total = jnp.sum(kernel)
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r15_smooth_cond(x, weights, same):
    kernel = jnp.stack(weights)
    total = sum(weights)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r15_smooth_wrapper(x, weights, same):
    return jax.jit(smooth, static_argnames=("weights", "same"))(x, weights, same)


# ---------------------------------------------------------------- 07.stale_global

r15_config = {"t": 0, "clip": "value"}


def _clip(grad, clip):
    if clip == "value":
        return jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        return grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return grad


@functools.partial(jax.jit, static_argnums=(2, 3))
def r15_step_both_static(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@jax.jit
def r15_step_nothing_static(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_t_over_4(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_no_cap(w, grad, t, clip):
    lr = (t + 1) / 4  # right for the three steps of the page
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_floordiv(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_always_normalize(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)  # also stretches short gradients
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_norm_per_element(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.abs(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_clip_zero_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, 0.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_global_t(w, grad, t, clip):
    lr = min(1.0, (r15_config["t"] + 1) / 4)  # clip passed in, t still read from the dict
    return w - lr * _clip(grad, clip)


@jax.jit
def _r15_buggy_step(w, grad):
    lr = min(1.0, (r15_config["t"] + 1) / 4)
    return w - lr * _clip(grad, r15_config["clip"])


def r15_step_sets_global(w, grad, t, clip):
    r15_config["t"], r15_config["clip"] = t, clip
    return _r15_buggy_step(w, grad)


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_maximum(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.maximum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_jnp_min(w, grad, t, clip):
    lr = jnp.min(1.0, (t + 1) / 4)
    return w - lr * _clip(grad, clip)


@functools.partial(jax.jit, static_argnums=3)
def r15_step_divide_by_max(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4, None, 1.0)
    if clip == "value":
        grad = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    elif clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.sqrt(jnp.sum(grad**2)))
    return w - lr * grad


def _r15_step_cond(w, grad, t, clip):
    lr = jax.lax.cond(t < 3, lambda s: (s + 1) / 4.0, lambda s: 1.0, t)
    match clip:
        case "value":
            grad = jnp.clip(grad, -1.0, 1.0)
        case "norm":
            grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
        case _:
            pass
    return w - lr * grad


r15_step_cond = jax.jit(_r15_step_cond, static_argnames=("clip",))


@functools.partial(jax.jit, static_argnames="clip")
def r15_step_float64ish(w, grad, t, clip):
    lr = jnp.minimum(jnp.float32(1), jnp.asarray(t + 1, jnp.float32) * 0.25)
    return w - lr * _clip(grad, clip)


# ---------------------------------------------------------------- 07.clip_negative


def r15_fill_mean_all(x):
    return jnp.where(x < 0, x.mean(), x)


def r15_fill_zeros_in_mean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.where(kept, x, 0.0).mean())


def r15_fill_bool_mask(x):
    return x.at[x < 0].set(x[x >= 0].mean())


def r15_fill_strict(x):
    kept = x > 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r15_fill_relu(x):
    return jnp.maximum(x, 0.0)


def r15_fill_axis0(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=0, where=kept))


def r15_fill_count_nonzero(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.count_nonzero(x)
    return jnp.where(kept, x, mean)


def r15_fill_mean_of_negatives(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=~kept))


def r15_fill_nonzero_size(x):
    kept = x >= 0
    mean = jnp.sum(x * kept) / jnp.sum(kept)
    return x.at[jnp.nonzero(~kept, size=x.size)].set(mean)  # pads with index 0


def r15_fill_row_means(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=-1, keepdims=True, where=kept))


def r15_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r15_fill_sum_over_count(x):
    kept = x >= 0
    mean = (x * kept).sum() / kept.sum()
    return x * kept + mean * ~kept


def r15_fill_mean_where(x):
    return jnp.where(x < 0, jnp.mean(x, where=x >= 0), x)


def r15_fill_clip_sum(x):
    kept = x >= 0
    return jnp.where(kept, x, x.clip(0).sum() / kept.sum())


ROUND_15 = [
    Wrong("07.count_traces", "A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "B: numpy scalar traces apart", lambda: "B"),
    Wrong("07.count_traces", "D: product with a float stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count instead of a letter", lambda: "3"),
    Wrong("07.count_traces", "two options with the same count", lambda: "C, D"),
    Wrong("07.count_traces", "D with a trailing comment", lambda: "D  # product stays weak"),
    Wrong("07.count_traces", "count as an int", lambda: 3),
    Wrong(
        "07.static_window",
        "weights and same both static: compiles per kernel",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong("07.static_window", "plain jax.jit(smooth)", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "only same static, smooth left as given",
        lambda: jax.jit(smooth, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "only weights static",
        lambda: jax.jit(smooth, static_argnames="weights"),
    ),
    Wrong(
        "07.static_window",
        "positions 1 and 2 static",
        lambda: jax.jit(smooth, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "always divides by the sum: zero-sum kernel nan",
        lambda: jax.jit(r15_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "normalizes only when the sum is > 0",
        lambda: jax.jit(r15_smooth_positive_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides by the sum of |weights|",
        lambda: jax.jit(r15_smooth_abs_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "jnp.where on same between two convolve lengths",
        lambda: jax.jit(r15_smooth_where_same),
    ),
    Wrong("07.static_window", "plain function calling a jit inside", lambda: r15_smooth_wrapper),
    Wrong(
        "07.stale_global",
        "t and clip both static: jax int t unhashable",
        lambda: r15_step_both_static,
    ),
    Wrong("07.stale_global", "Python min on a traced t", lambda: r15_step_python_min),
    Wrong("07.stale_global", "nothing static: the string traced", lambda: r15_step_nothing_static),
    Wrong("07.stale_global", "warmup t / 4: first step has rate 0", lambda: r15_step_t_over_4),
    Wrong("07.stale_global", "warmup (t + 1) / 4 with no cap at 1", lambda: r15_step_no_cap),
    Wrong("07.stale_global", "(t + 1) // 4: integer warmup is 0", lambda: r15_step_floordiv),
    Wrong("07.stale_global", "norm: always divides by the norm", lambda: r15_step_always_normalize),
    Wrong(
        "07.stale_global",
        "norm: per-element 1/|g|, same as value clip",
        lambda: r15_step_norm_per_element,
    ),
    Wrong("07.stale_global", "value clip to [0, 1]", lambda: r15_step_clip_zero_one),
    Wrong(
        "07.stale_global", "clip passed in, t still read from the global", lambda: r15_step_global_t
    ),
    Wrong(
        "07.stale_global",
        "step sets the global, then calls buggy jitted step",
        lambda: r15_step_sets_global,
    ),
    Wrong("07.stale_global", "norm with jnp.maximum instead of minimum", lambda: r15_step_maximum),
    Wrong(
        "07.stale_global", "jnp.min(1.0, rate) used as a two-argument min", lambda: r15_step_jnp_min
    ),
    Wrong("07.debug_print", "A: both print every call", lambda: "A"),
    Wrong("07.debug_print", "B: debug print from Python after the call", lambda: "B"),
    Wrong("07.debug_print", "D: print on every call, sees tracers", lambda: "D"),
    Wrong("07.debug_print", "E: print once at first trace", lambda: "E"),
    Wrong("07.debug_print", "the output's number", lambda: "Output 1"),
    Wrong("07.debug_print", "digit of the output", lambda: "1"),
    Wrong("07.debug_print", "B and C share output 1", lambda: "BC"),
    Wrong("07.debug_print", "lower-case e", lambda: "e"),
    Wrong("07.clip_negative", "fills with the mean of all elements", lambda: r15_fill_mean_all),
    Wrong(
        "07.clip_negative", "zeros for negatives inside the mean", lambda: r15_fill_zeros_in_mean
    ),
    Wrong("07.clip_negative", "boolean mask in .at[]: fails under jit", lambda: r15_fill_bool_mask),
    Wrong("07.clip_negative", "keeps x > 0: zeros refilled", lambda: r15_fill_strict),
    Wrong("07.clip_negative", "clips negatives to 0 (read the id)", lambda: r15_fill_relu),
    Wrong("07.clip_negative", "mean over axis 0: per column on a matrix", lambda: r15_fill_axis0),
    Wrong(
        "07.clip_negative",
        "divides by count_nonzero(x), not kept count",
        lambda: r15_fill_count_nonzero,
    ),
    Wrong(
        "07.clip_negative",
        "fills with the mean of the negatives",
        lambda: r15_fill_mean_of_negatives,
    ),
    Wrong(
        "07.clip_negative",
        "nonzero(size=x.size) pads with 0: x[0] refilled",
        lambda: r15_fill_nonzero_size,
    ),
    Wrong("07.clip_negative", "mean per row with keepdims", lambda: r15_fill_row_means),
]

RIGHT_15 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right(
        "07.static_window",
        "weights traced via jnp.where, same static by name",
        lambda: jax.jit(r15_smooth_where, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "safe divisor, same static by position",
        lambda: jax.jit(r15_smooth_safe_divisor, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "lax.cond on the sum, jnp.stack of the tuple",
        lambda: jax.jit(r15_smooth_cond, static_argnames=["same"]),
    ),
    Right(
        "07.stale_global",
        "clip static by position, divide by max(1, norm)",
        lambda: r15_step_divide_by_max,
    ),
    Right("07.stale_global", "lax.cond warmup, match on the clip string", lambda: r15_step_cond),
    Right("07.stale_global", "rate as float32 (t + 1) * 0.25", lambda: r15_step_float64ish),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.clip_negative", "nanmean of the kept elements", lambda: r15_fill_nanmean),
    Right("07.clip_negative", "arithmetic blend of kept and mean", lambda: r15_fill_sum_over_count),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r15_fill_mean_where),
    Right("07.clip_negative", "sum of x.clip(0) over the kept count", lambda: r15_fill_clip_sum),
]
