"""Round 20, lesson 07 (jit and tracing): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 07.count_traces: a letter for the count of traces and its reason ----------------
# (six calls: weak float, strong float32 product, weak int, strong float32, np.float32,
# weak float again; the right option is C)

# ---- 07.static_window: jit `smooth`, static only where needed ------------------------


def smooth(x, weights, same):
    """The lesson's `smooth`, as the exercise cell gives it."""
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r20_smooth_where(x, weights, same):
    """The `if total` turned into a jnp.where; `same` still decides in Python."""
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r20_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / jnp.sum(kernel)  # dropped the zero test: (1, -2, 1) becomes inf
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r20_smooth_positive_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total > 0, kernel / total, kernel)  # a negative sum is not divided
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r20_smooth_where_inverted(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total == 0, kernel / total, kernel)  # branches the wrong way round
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r20_smooth_where_on_mode(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    # `same` traced too: pick the mode element-wise (the two results differ in length)
    return jnp.where(
        same, jnp.convolve(x, kernel, mode="same"), jnp.convolve(x, kernel, mode="valid")
    )


def r20_smooth_correlate(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    # correlate, not convolve: the kernel is not flipped (same on symmetric kernels)
    return jnp.correlate(x, kernel, mode="same" if same else "valid")


def r20_smooth_numpy_total(x, weights, same):
    kernel = jnp.array(weights)
    total = np.sum(np.array(weights))  # NumPy on the traced weights
    kernel = jnp.where(total != 0, kernel / total, kernel)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r20_smooth_full_mode(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    # read "only the positions the whole kernel covers" as mode 'full'
    return jnp.convolve(x, kernel, mode="same" if same else "full")


_r20_inner_jit = jax.jit(r20_smooth_where, static_argnames="same")


def r20_smooth_wrapper(x, weights, same):
    """A plain function that calls a jitted one inside."""
    return _r20_inner_jit(x, weights, same=same)


def r20_smooth_cond(x, weights, same):
    kernel = jnp.asarray(weights)
    total = jnp.sum(kernel)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    mode = "same" if same else "valid"
    return jnp.convolve(x, kernel, mode=mode)


def r20_smooth_safe_divisor(x, weights, same):
    kernel = jnp.stack([jnp.asarray(w, dtype=jnp.float32) for w in weights])
    total = kernel.sum()
    kernel = kernel / jnp.where(total == 0, 1.0, total)  # divide by 1 when the sum is 0
    return jnp.convolve(x, kernel, mode=("same" if same else "valid"))


@functools.partial(jax.jit, static_argnames=("same",))
def r20_smooth_decorated(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)  # a sum of tracers: a tracer, no Python `if` on it below
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if not same:
        return jnp.convolve(x, kernel, mode="valid")
    return jnp.convolve(x, kernel, mode="same")


# ---- 07.stale_global: step(w, grad, t, clip) without the global ----------------------

config = {"t": 0, "clip": "value"}  # the lesson's global dict


def _r20_step_body(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


r20_step_both_static = jax.jit(_r20_step_body, static_argnames=("t", "clip"))
r20_step_nothing_static = jax.jit(_r20_step_body)
r20_step_t_static_by_index = jax.jit(_r20_step_body, static_argnums=2)


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_python_min(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)  # Python min on a traced t
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_no_plus_one(w, grad, t, clip):
    lr = jnp.minimum(1.0, t / 4)  # warmup from 0, not from 0.25
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_no_cap(w, grad, t, clip):
    lr = (t + 1) / 4  # right for the first three steps, then above 1
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_upper_only(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.minimum(grad, 1.0)  # only the upper bound
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_always_normalise(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad / jnp.linalg.norm(grad)  # scales short gradients up as well
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_l1_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        length = jnp.sum(jnp.abs(grad))  # the L1 norm as the length
        grad = grad * jnp.minimum(1.0, 1.0 / length)
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_else_is_norm(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    else:  # "none" falls in here too
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_reads_config(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) / 4)
    if config["clip"] == "value":  # still the global, not the argument
        grad = jnp.clip(grad, -1.0, 1.0)
    elif config["clip"] == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


def r20_step_not_jitted(w, grad, t, clip):
    lr = min(1.0, (t + 1) / 4)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


@functools.partial(jax.jit, static_argnames="clip")
def r20_step_floor_div(w, grad, t, clip):
    lr = jnp.minimum(1.0, (t + 1) // 4)  # integer division: 0 for the first three steps
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    elif clip == "norm":
        grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
    return w - lr * grad


# right ones


def _r20_step_maximum(w, grad, t, clip):
    lr = jnp.clip((jnp.asarray(t) + 1) / 4, 0.0, 1.0)
    if clip == "norm":
        grad = grad / jnp.maximum(1.0, jnp.sqrt(jnp.sum(grad**2)))
    elif clip == "value":
        grad = jnp.maximum(jnp.minimum(grad, 1.0), -1.0)
    return w - lr * grad


r20_step_static_argnums = jax.jit(_r20_step_maximum, static_argnums=3)


_R20_CLIPPERS = {
    "value": lambda g: jnp.clip(g, -1.0, 1.0),
    "norm": lambda g: g * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g)),
    "none": lambda g: g,
}


@functools.partial(jax.jit, static_argnames=["clip"])
def r20_step_dict_where(w, grad, t, clip):
    lr = jnp.where(t < 3, (t + 1) / 4, 1.0)
    return w - lr * _R20_CLIPPERS[clip](grad)


def _r20_step_cond_warmup(w, grad, t, clip):
    t = jnp.asarray(t)
    lr = jax.lax.cond(t >= 3, lambda s: jnp.float32(1.0), lambda s: (s + 1) / 4.0, t)
    if clip == "value":
        grad = jnp.clip(grad, -1.0, 1.0)
    if clip == "norm":
        norm = jnp.linalg.norm(grad)
        grad = jnp.where(norm > 1.0, grad / norm, grad)
    return w - lr * grad


r20_step_cond = jax.jit(_r20_step_cond_warmup, static_argnames="clip")


# ---- 07.clip_negative: fill the negatives with the mean of the rest, under jit -------


def r20_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())  # boolean mask: fails under jit


def r20_fill_mean_of_all(x):
    return jnp.where(x >= 0, x, jnp.mean(x))  # the negatives in the mean too


def r20_fill_mean_counts_zeros(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(jnp.where(kept, x, 0.0)))  # divides by x.size


def r20_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)  # the lesson's `masked` example


def r20_fill_strict(x):
    kept = x > 0  # 0.0 is not kept
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r20_fill_row_means(x):
    kept = x >= 0
    means = jnp.mean(x, axis=-1, where=kept, keepdims=True)  # one mean per row
    return jnp.where(kept, x, means)


def r20_fill_numpy(x):
    kept = x >= 0
    return np.where(kept, x, np.mean(x, where=kept))  # NumPy calls on a tracer


def r20_fill_setitem(x):
    kept = x >= 0
    mean = jnp.mean(x, where=kept)
    x[~kept] = mean  # NumPy-style item assignment
    return x


def r20_fill_swapped(x):
    kept = x >= 0
    return jnp.where(kept, jnp.mean(x, where=kept), x)  # branches swapped


def r20_fill_maximum(x):
    mean = jnp.mean(x, where=x >= 0)
    return jnp.maximum(x, mean)  # also lifts kept elements below the mean


def r20_fill_lax_cond(x):
    kept = x >= 0
    mean = jnp.mean(x, where=kept)
    return jax.lax.cond(x < 0, lambda v: mean, lambda v: v, x)  # cond wants one boolean


def r20_fill_python_loop(x):
    total, count = 0.0, 0
    for v in x.ravel():
        if v >= 0:  # a Python `if` on a traced element
            total, count = total + v, count + 1
    mean = total / count
    return jnp.where(x >= 0, x, mean)


def r20_fill_mean_of_negatives(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=~kept))  # the mean of the filled ones


# right ones


def r20_fill_sum_over_count(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0)) / jnp.count_nonzero(kept)
    return jnp.where(kept, x, mean)


def r20_fill_nanmean(x):
    kept = x >= 0
    mean = jnp.nanmean(jnp.where(kept, x, jnp.nan))
    return jnp.where(kept, x, mean)


def r20_fill_average_blend(x):
    keep = (x >= 0).astype(x.dtype)
    mean = jnp.average(x, weights=keep)
    return keep * x + (1 - keep) * mean


def r20_fill_select(x):
    kept = jnp.greater_equal(x, 0)
    mean = (x * kept).sum() / kept.sum()
    return jax.lax.select(kept, x, jnp.full_like(x, mean))


ROUND_20 = [
    # 07.count_traces
    Wrong("07.count_traces", "A: thought only the dtype of s is keyed", lambda: "A"),
    Wrong("07.count_traces", "B: thought a NumPy scalar traces apart", lambda: "B"),
    Wrong("07.count_traces", "D: thought float32 * 2.0 stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: thought every call traces", lambda: "E"),
    Wrong("07.count_traces", "typed the count 3, not the letter", lambda: "3"),
    Wrong("07.count_traces", "typed the count 4 (B's count)", lambda: "4"),
    Wrong("07.count_traces", "typed the count 2 (A's count)", lambda: "2"),
    Wrong("07.count_traces", "could not choose: 'C or D'", lambda: "C or D"),
    Wrong("07.count_traces", "left the placeholder ...", lambda: ...),
    Wrong("07.count_traces", "trailing comma made a tuple ('C',)", lambda: ("C",)),
    Wrong("07.count_traces", "the count as an int, 3", lambda: 3),
    # 07.static_window
    Wrong("07.static_window", "jax.jit(smooth) with nothing static", lambda: jax.jit(smooth)),
    Wrong(
        "07.static_window",
        "both weights and same static, smooth unchanged",
        lambda: jax.jit(smooth, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "if fixed with where, weights left static too",
        lambda: jax.jit(r20_smooth_where, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "only same static, the Python if on total kept",
        lambda: jax.jit(smooth, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "weights static instead of same",
        lambda: jax.jit(r20_smooth_where, static_argnames="weights"),
    ),
    Wrong("07.static_window", "a plain function calling a jitted one", lambda: r20_smooth_wrapper),
    Wrong(
        "07.static_window",
        "always divides by the sum, zero sums too",
        lambda: jax.jit(r20_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides only when the sum is positive",
        lambda: jax.jit(r20_smooth_positive_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "jnp.where with its branches inverted",
        lambda: jax.jit(r20_smooth_where_inverted, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "same traced, the mode picked with jnp.where",
        lambda: jax.jit(r20_smooth_where_on_mode),
    ),
    Wrong(
        "07.static_window",
        "jnp.correlate in place of jnp.convolve",
        lambda: jax.jit(r20_smooth_correlate, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "np.sum of the traced weights",
        lambda: jax.jit(r20_smooth_numpy_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "mode 'full' where the task means 'valid'",
        lambda: jax.jit(r20_smooth_full_mode, static_argnames="same"),
    ),
    # 07.stale_global
    Wrong("07.stale_global", "t and clip both static", lambda: r20_step_both_static),
    Wrong("07.stale_global", "nothing static: the string is traced", lambda: r20_step_nothing_static),
    Wrong("07.stale_global", "static_argnums=2 makes t static, not clip", lambda: r20_step_t_static_by_index),
    Wrong("07.stale_global", "kept Python min() on the traced t", lambda: r20_step_python_min),
    Wrong("07.stale_global", "warmup t / 4, forgot the + 1", lambda: r20_step_no_plus_one),
    Wrong("07.stale_global", "warmup without the cap at 1", lambda: r20_step_no_cap),
    Wrong("07.stale_global", "'value' clips only from above", lambda: r20_step_upper_only),
    Wrong("07.stale_global", "'norm' always normalises to length 1", lambda: r20_step_always_normalise),
    Wrong("07.stale_global", "'norm' measured with the L1 norm", lambda: r20_step_l1_norm),
    Wrong("07.stale_global", "else branch clips 'none' by norm", lambda: r20_step_else_is_norm),
    Wrong("07.stale_global", "clip still read from the global config", lambda: r20_step_reads_config),
    Wrong("07.stale_global", "right maths, but not jitted", lambda: r20_step_not_jitted),
    Wrong("07.stale_global", "(t + 1) // 4: integer division", lambda: r20_step_floor_div),
    # 07.debug_print
    Wrong("07.debug_print", "A: thought both prints run every call", lambda: "A"),
    Wrong("07.debug_print", "B: thought debug.print runs from Python", lambda: "B"),
    Wrong("07.debug_print", "D: thought print runs on every call", lambda: "D"),
    Wrong("07.debug_print", "E: thought print runs only once", lambda: "E"),
    Wrong("07.debug_print", "typed the output's number 1", lambda: "1"),
    Wrong("07.debug_print", "typed output number 2", lambda: "2"),
    Wrong("07.debug_print", "typed output number 3", lambda: "3"),
    Wrong("07.debug_print", "typed 'Output 1' instead of a letter", lambda: "Output 1"),
    Wrong("07.debug_print", "both letters of Output 1: 'B or C'", lambda: "B or C"),
    Wrong("07.debug_print", "left the placeholder ...", lambda: ...),
    # 07.clip_negative
    Wrong("07.clip_negative", "x.at[~kept].set(...): a boolean mask", lambda: r20_fill_at_mask),
    Wrong("07.clip_negative", "mean over all elements, negatives too", lambda: r20_fill_mean_of_all),
    Wrong("07.clip_negative", "mean of where(kept, x, 0): counts zeros", lambda: r20_fill_mean_counts_zeros),
    Wrong("07.clip_negative", "fills negatives with 0, not the mean", lambda: r20_fill_zero),
    Wrong("07.clip_negative", "kept = x > 0: zeros not kept", lambda: r20_fill_strict),
    Wrong("07.clip_negative", "one mean per row for a matrix", lambda: r20_fill_row_means),
    Wrong("07.clip_negative", "np.where and np.mean inside", lambda: r20_fill_numpy),
    Wrong("07.clip_negative", "NumPy item assignment x[~kept] = mean", lambda: r20_fill_setitem),
    Wrong("07.clip_negative", "jnp.where branches swapped", lambda: r20_fill_swapped),
    Wrong("07.clip_negative", "jnp.maximum(x, mean)", lambda: r20_fill_maximum),
    Wrong("07.clip_negative", "lax.cond on the whole boolean array", lambda: r20_fill_lax_cond),
    Wrong("07.clip_negative", "Python loop with an if per element", lambda: r20_fill_python_loop),
    Wrong("07.clip_negative", "mean of the negatives instead", lambda: r20_fill_mean_of_negatives),
]

RIGHT_20 = [
    # 07.count_traces
    Right("07.count_traces", "lower-case c", lambda: "c"),
    Right("07.count_traces", "'C.' with a full stop", lambda: "C."),
    Right("07.count_traces", "' C ' with spaces", lambda: " C "),
    # 07.static_window
    Right(
        "07.static_window",
        "lax.cond for the zero test, static_argnames",
        lambda: jax.jit(r20_smooth_cond, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "divisor made 1 by where, static_argnums=2",
        lambda: jax.jit(r20_smooth_safe_divisor, static_argnums=2),
    ),
    Right("07.static_window", "functools.partial(jax.jit) decorator", lambda: r20_smooth_decorated),
    # 07.stale_global
    Right("07.stale_global", "static_argnums=3, norm via jnp.maximum", lambda: r20_step_static_argnums),
    Right("07.stale_global", "a dict of clippers, warmup by jnp.where", lambda: r20_step_dict_where),
    Right("07.stale_global", "warmup by lax.cond, norm by where", lambda: r20_step_cond),
    # 07.debug_print
    Right("07.debug_print", "lower-case c", lambda: "c"),
    Right("07.debug_print", "' C' with a leading space", lambda: " C"),
    Right("07.debug_print", "'C.' with a full stop", lambda: "C."),
    # 07.clip_negative
    Right("07.clip_negative", "sum / count_nonzero, then where", lambda: r20_fill_sum_over_count),
    Right("07.clip_negative", "nanmean over NaN-masked copy", lambda: r20_fill_nanmean),
    Right("07.clip_negative", "jnp.average with weights, arithmetic blend", lambda: r20_fill_average_blend),
    Right("07.clip_negative", "lax.select with a full_like mean", lambda: r20_fill_select),
]
