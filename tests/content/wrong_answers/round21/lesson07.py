"""Round 21, lesson 07 (jit and tracing): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup that the answers reuse ----------------------------------------


def smooth(x, weights, same):
    """The exercise's `smooth`, as the placeholder cell gives it."""
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


# The notebook's global after the buggy loop of 07.stale_global ran.
config = {"t": 2, "clip": "none"}


# ---- 07.count_traces: which letter (count and reason) -------------------------------
# (prediction: strings, and what a learner would type instead of a letter)

# ---- 07.static_window: jit smooth, static only what must be ---------------------------


def _fresh(body):
    """A new function object on every build, so no two answers share a jit cache."""

    def smooth_answer(x, weights, same):
        return body(x, weights, same)

    return smooth_answer


def r21_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r21_smooth_only_same_static_if_kept(x, weights, same):
    return smooth(x, weights, same)


def r21_smooth_positive_total(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total > 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r21_smooth_nan_divisor(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = kernel / jnp.where(total != 0, total, 0.0)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r21_smooth_abs_sum(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / jnp.sum(jnp.abs(kernel))
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r21_smooth_no_normalise(x, weights, same):
    kernel = jnp.array(weights)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r21_smooth_modes_swapped(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="valid" if same else "same")


def r21_smooth_cond_same(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jax.lax.cond(
        same,
        lambda: jnp.convolve(x, kernel, mode="same"),
        lambda: jnp.convolve(x, kernel, mode="valid"),
    )


def r21_smooth_plain_wrapper(x, weights, same):
    # calls a jitted function inside: not what jax.jit returns
    return jax.jit(smooth, static_argnames=("weights", "same"))(x, weights, same)


def r21_smooth_divisor_where(x, weights, same):
    kernel = jnp.asarray(weights, dtype=jnp.float32)
    total = jnp.sum(kernel)
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    mode = "same" if same else "valid"
    return jnp.convolve(x, kernel, mode=mode)


def r21_smooth_cond_normalise(x, weights, same):
    kernel = jnp.stack([jnp.asarray(w, dtype=jnp.float32) for w in weights])
    total = kernel.sum()
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    if not same:
        return jnp.convolve(x, kernel, mode="valid")
    return jnp.convolve(x, kernel, mode="same")


def r21_smooth_correlate(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    # convolve == correlate with the kernel reversed
    return jnp.correlate(x, kernel[::-1], mode="same" if same else "valid")


# ---- 07.stale_global: step(w, grad, t, clip), jitted, no global ----------------------


def _clip_grad(grad, clip):
    if clip == "value":
        return jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        return grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return grad


@functools.partial(jax.jit, static_argnames=("t", "clip"))
def r21_step_t_static(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip_grad(grad, clip)


@jax.jit
def r21_step_nothing_static(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_no_cap(w, grad, t, clip):
    lr = (t + 1) / 4
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_no_plus_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_floor_div(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_norm_as_value(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip in ("value", "norm"):
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_always_normalise(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_none_gets_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    else:
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_plus_sign(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w + lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_reads_config_t(w, grad, t, clip):
    lr = min(1.0, (config["t"] + 1) / 4)  # half-fixed: t still from the global
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnums=2)
def r21_step_wrong_index(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    return w - lr * _clip_grad(grad, clip)


def r21_step_not_jitted(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    return w - lr * _clip_grad(grad, clip)


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_clip_zero_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, 0.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r21_step_right_where(w, grad, t, clip):
    lr = jnp.where(t >= 3, 1.0, (t + 1) / 4.0)
    if clip == "value":
        grad = jnp.minimum(jnp.maximum(grad, -1.0), 1.0)
    elif clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.sqrt(jnp.sum(grad**2)))
    return w - lr * grad


def _step_argnums(w, grad, t, clip):
    lr = jnp.clip((t + 1) / 4, 0.0, 1.0)
    if clip == "norm":
        norm = jnp.linalg.norm(grad)
        grad = jnp.where(norm > 1.0, grad / norm, grad)
    elif clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


r21_step_right_argnums = jax.jit(_step_argnums, static_argnums=3)


@functools.partial(jax.jit, static_argnames=["clip"])
def r21_step_right_cond(w, grad, t, clip):
    lr = jax.lax.cond(t < 3, lambda: (t + 1) / 4.0, lambda: jnp.float32(1.0))
    clipped = {
        "value": lambda g: jnp.clip(g, -1.0, 1.0),
        "norm": lambda g: g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g)),
        "none": lambda g: g,
    }[clip](grad)
    return w - lr * clipped


# ---- 07.clip_negative: fill negatives with the mean of the kept, under jit -----------


def r21_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def r21_fill_mean_all(x):
    return jnp.where(x >= 0, x, x.mean())


def r21_fill_strict(x):
    kept = x > 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r21_fill_axis0(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, mean)


def r21_fill_zero(x):
    return jnp.maximum(x, 0.0)


def r21_fill_size_divisor(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / x.size)


def r21_fill_mask_swapped(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(~kept, x, 0.0)) / jnp.sum(~kept)
    return jnp.where(kept, x, mean)


def r21_fill_numpy_inside(x):
    kept = x >= 0
    return np.where(kept, x, np.mean(x[kept]))


def r21_fill_mean_only(x):
    kept = x >= 0
    return jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)


def r21_fill_nonzero_indices(x):
    kept = x >= 0
    return x.at[jnp.nonzero(~kept)].set(jnp.mean(x, where=kept))


def r21_fill_flattened(x):
    x = x.ravel()
    kept = x >= 0
    mean = jnp.sum(x * kept) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r21_fill_abs(x):
    return jnp.abs(x)


def r21_fill_right_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r21_fill_right_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r21_fill_right_average(x):
    weights = (x >= 0).astype(x.dtype)
    mean = jnp.average(x, weights=weights)
    return weights * x + (1 - weights) * mean


def r21_fill_right_count(x):
    negative = x < 0
    mean = jnp.sum(x, where=~negative) / jnp.count_nonzero(~negative)
    return jnp.where(negative, mean, x)


ROUND_21 = [
    # 07.count_traces (right: C)
    Wrong("07.count_traces", "A: counts one trace per dtype only", lambda: "A"),
    Wrong("07.count_traces", "B: thinks a NumPy scalar traces apart", lambda: "B"),
    Wrong("07.count_traces", "D: thinks a product with 2.0 stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: thinks every call traces", lambda: "E"),
    Wrong("07.count_traces", "typed the count 3 as an int", lambda: 3),
    Wrong("07.count_traces", "typed the count '3', not a letter", lambda: "3"),
    Wrong("07.count_traces", "hedged with both threes, 'CD'", lambda: "CD"),
    Wrong("07.count_traces", "typed the count 4 (B's count)", lambda: "4"),
    Wrong("07.count_traces", "typed 2, one per dtype", lambda: "2"),
    Wrong("07.count_traces", "typed 6, one per call", lambda: "6"),
    Wrong("07.count_traces", "typed 5: every call but the repeat 2.0", lambda: "5"),
    Wrong("07.count_traces", "answered with a list of two letters", lambda: ["C", "D"]),
    # 07.static_window
    Wrong(
        "07.static_window", "plain jax.jit(smooth), nothing static", lambda: jax.jit(_fresh(smooth))
    ),
    Wrong(
        "07.static_window",
        "weights and same both static, ifs kept",
        lambda: jax.jit(_fresh(smooth), static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "only same static, the total if left in",
        lambda: jax.jit(_fresh(r21_smooth_only_same_static_if_kept), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "only weights static (argnums=1)",
        lambda: jax.jit(_fresh(r21_smooth_where), static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "x static too, with same",
        lambda: jax.jit(_fresh(r21_smooth_where), static_argnums=(0, 2)),
    ),
    Wrong(
        "07.static_window", "a plain function calling jit inside", lambda: r21_smooth_plain_wrapper
    ),
    Wrong(
        "07.static_window",
        "normalises only when the total is > 0",
        lambda: jax.jit(_fresh(r21_smooth_positive_total), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides by where(total != 0, total, 0)",
        lambda: jax.jit(_fresh(r21_smooth_nan_divisor), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides by the sum of absolute weights",
        lambda: jax.jit(_fresh(r21_smooth_abs_sum), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "dropped the normalisation to avoid the if",
        lambda: jax.jit(_fresh(r21_smooth_no_normalise), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "modes swapped: same=True gives valid",
        lambda: jax.jit(_fresh(r21_smooth_modes_swapped), static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "lax.cond on same, nothing static",
        lambda: jax.jit(_fresh(r21_smooth_cond_same)),
    ),
    Wrong(
        "07.static_window",
        "donates x, which the loop reuses",
        lambda: jax.jit(_fresh(r21_smooth_where), static_argnames="same", donate_argnums=0),
    ),
    # 07.stale_global
    Wrong("07.stale_global", "t and clip both static", lambda: r21_step_t_static),
    Wrong(
        "07.stale_global", "nothing static: the string is traced", lambda: r21_step_nothing_static
    ),
    Wrong("07.stale_global", "kept Python min() on a traced t", lambda: r21_step_python_min),
    Wrong("07.stale_global", "warmup without the cap at 1", lambda: r21_step_no_cap),
    Wrong("07.stale_global", "warmup t / 4, forgot the + 1", lambda: r21_step_no_plus_one),
    Wrong("07.stale_global", "integer division (t + 1) // 4", lambda: r21_step_floor_div),
    Wrong(
        "07.stale_global",
        "'norm' clipped element-wise like 'value'",
        lambda: r21_step_norm_as_value,
    ),
    Wrong(
        "07.stale_global", "'norm' always rescales to length 1", lambda: r21_step_always_normalise
    ),
    Wrong(
        "07.stale_global", "else branch: 'none' gets norm-clipped", lambda: r21_step_none_gets_norm
    ),
    Wrong("07.stale_global", "adds the step: w + lr * grad", lambda: r21_step_plus_sign),
    Wrong(
        "07.stale_global", "clip fixed, t still read from config", lambda: r21_step_reads_config_t
    ),
    Wrong(
        "07.stale_global", "static_argnums=2: t static, clip traced", lambda: r21_step_wrong_index
    ),
    Wrong("07.stale_global", "right values but not jitted at all", lambda: r21_step_not_jitted),
    Wrong("07.stale_global", "'value' clipped to [0, 1]", lambda: r21_step_clip_zero_one),
    # 07.debug_print (right: C)
    Wrong("07.debug_print", "A: both prints run every call with values", lambda: "A"),
    Wrong("07.debug_print", "B: thinks debug.print runs from Python", lambda: "B"),
    Wrong("07.debug_print", "D: thinks print runs on every call", lambda: "D"),
    Wrong("07.debug_print", "E: thinks print runs only at first trace", lambda: "E"),
    Wrong("07.debug_print", "typed the output number '1'", lambda: "1"),
    Wrong("07.debug_print", "typed the output number as int 1", lambda: 1),
    Wrong("07.debug_print", "typed 'Output 1'", lambda: "Output 1"),
    Wrong("07.debug_print", "hedged 'B or C'", lambda: "B or C"),
    Wrong("07.debug_print", "typed '2' (the output of D)", lambda: "2"),
    Wrong("07.debug_print", "typed '3' (the output of E)", lambda: "3"),
    Wrong("07.debug_print", "typed '4' (the output without jit)", lambda: "4"),
    Wrong(
        "07.debug_print",
        "pasted the printed text itself",
        lambda: (
            "print: JitTracer(~float32[])\ndebug: 1.0\ndebug: 2.0\n"
            "print: JitTracer(float32[3])\ndebug: [0. 1. 2.]"
        ),
    ),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[] and x[kept]", lambda: r21_fill_at_mask),
    Wrong("07.clip_negative", "filled with the mean of all elements", lambda: r21_fill_mean_all),
    Wrong("07.clip_negative", "kept x > 0: zeros count as negative", lambda: r21_fill_strict),
    Wrong("07.clip_negative", "one mean per column (axis=0)", lambda: r21_fill_axis0),
    Wrong("07.clip_negative", "set negatives to 0 (clipped)", lambda: r21_fill_zero),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r21_fill_size_divisor),
    Wrong("07.clip_negative", "mean of the negatives, mask swapped", lambda: r21_fill_mask_swapped),
    Wrong("07.clip_negative", "np.where and np.mean inside jit", lambda: r21_fill_numpy_inside),
    Wrong("07.clip_negative", "returned the fill value, not the array", lambda: r21_fill_mean_only),
    Wrong("07.clip_negative", "jnp.nonzero indices in .at[]", lambda: r21_fill_nonzero_indices),
    Wrong("07.clip_negative", "flattened the matrix to a vector", lambda: r21_fill_flattened),
    Wrong("07.clip_negative", "made negatives positive with abs", lambda: r21_fill_abs),
]

RIGHT_21 = [
    Right("07.count_traces", "lower-case letter", lambda: "c"),
    Right("07.count_traces", "letter with spaces around", lambda: " C "),
    Right("07.count_traces", "letter with a full stop", lambda: "C."),
    Right(
        "07.static_window",
        "jnp.where on the total, same static by name",
        lambda: jax.jit(_fresh(r21_smooth_where), static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "safe divisor, mode string, static_argnums=2",
        lambda: jax.jit(_fresh(r21_smooth_divisor_where), static_argnums=2),
    ),
    Right(
        "07.static_window",
        "lax.cond normalisation, static_argnames list",
        lambda: jax.jit(_fresh(r21_smooth_cond_normalise), static_argnames=["same"]),
    ),
    Right(
        "07.static_window",
        "jnp.correlate with the kernel reversed",
        lambda: jax.jit(_fresh(r21_smooth_correlate), static_argnames=("same",)),
    ),
    Right("07.stale_global", "jnp.where warmup, norm via maximum", lambda: r21_step_right_where),
    Right("07.stale_global", "jnp.clip warmup, static_argnums=3", lambda: r21_step_right_argnums),
    Right(
        "07.stale_global", "lax.cond warmup, dict of clip functions", lambda: r21_step_right_cond
    ),
    Right("07.debug_print", "lower-case letter", lambda: "c"),
    Right("07.debug_print", "letter after a space", lambda: " C"),
    Right("07.debug_print", "letter with a full stop", lambda: "C."),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r21_fill_right_mean_where),
    Right("07.clip_negative", "nanmean over a NaN-filled copy", lambda: r21_fill_right_nanmean),
    Right(
        "07.clip_negative",
        "jnp.average with 0/1 weights, arithmetic blend",
        lambda: r21_fill_right_average,
    ),
    Right("07.clip_negative", "sum(where=) over count_nonzero", lambda: r21_fill_right_count),
]
