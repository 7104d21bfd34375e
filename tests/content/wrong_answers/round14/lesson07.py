"""Round 14, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

lax_select = jax.lax.select

# ------------------------------------------------------------ 07.static_window


def r14_smooth_page(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    if total != 0:  # the weights then add up to 1
        kernel = kernel / total
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_where(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_where_right(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_always_divide(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / sum(weights)  # dropped the if: a zero-sum kernel divides by 0
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_eps(x, weights, same):
    kernel = jnp.array(weights)
    kernel = kernel / (sum(weights) + 1e-8)  # avoids the if, changes (1, -2, 1)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_inverted(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total == 0, kernel / total, kernel)  # condition turned around
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_safe_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r14_smooth_cond(x, weights, same):
    kernel = jnp.asarray(weights)
    total = sum(weights)
    kernel = jax.lax.cond(total != 0, lambda k: k / total, lambda k: k, kernel)
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_smooth_loop_total(x, weights, same):
    total = 0.0
    for w in weights:  # a loop over the tuple: fine, its length is static
        total = total + w
    kernel = jnp.stack([jnp.asarray(w, dtype=jnp.float32) for w in weights])
    scale = jnp.where(total != 0, 1.0 / jnp.where(total != 0, total, 1.0), 1.0)
    mode = "same" if same else "valid"
    return jnp.convolve(x, kernel * scale, mode=mode)


def r14_smooth_where_both(x, weights, same):
    kernel = jnp.array(weights)
    total = sum(weights)
    kernel = jnp.where(total != 0, kernel / total, kernel)
    full = jnp.convolve(x, kernel, mode="same")
    valid = jnp.convolve(x, kernel, mode="valid")
    return jnp.where(same, full, valid)  # two lengths: only broadcasts for length 1


def r14_smooth_positive_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total > 0, kernel / total, kernel)  # a negative sum left alone
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r14_smooth_abs_total(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.abs(sum(weights))
    kernel = kernel / jnp.where(total == 0, 1.0, total)
    return jnp.convolve(x, kernel, mode="same" if same else "valid")


def r14_smooth_truthy_where(x, weights, same):
    kernel = jnp.array(weights)
    total = jnp.sum(kernel)
    kernel = jnp.where(total, kernel / total, kernel)  # a nonzero total counts as True
    if same:
        return jnp.convolve(x, kernel, mode="same")
    return jnp.convolve(x, kernel, mode="valid")


def r14_fast_smooth_wrapper(x, weights, same):
    f = jax.jit(r14_smooth_where, static_argnames="same")
    return f(x, weights, same=same)


# ------------------------------------------------------------- 07.stale_global


@jax.jit
def r14_step_python_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def r14_step_plain(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


r14_step_static_clip = jax.jit(r14_step_plain, static_argnames="clip")


def r14_step_where_body(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


r14_step_static_lr = jax.jit(r14_step_where_body, static_argnums=2)


@jax.jit
def r14_step_clip_zero(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, 0.0, 1.0), grad)


@jax.jit
def r14_step_plus(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r14_step_min_only(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.minimum(grad, 1.0), grad)


@jax.jit
def r14_step_clip_update(w, grad, lr, clip):
    update = lr * grad
    return w - jnp.where(clip, jnp.clip(update, -1.0, 1.0), update)


r14_config = {"lr": 1.0, "clip": True}


@jax.jit
def r14_step_half_global(w, grad, lr, clip):
    if r14_config["clip"]:  # still the global switch
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r14_step_clip_as_bound(w, grad, lr, clip):
    return w - lr * jnp.clip(grad, -clip, clip)  # clip False clips to [0, 0]


@jax.jit
def r14_step_is_true(w, grad, lr, clip):
    if clip is True:  # a tracer is never the object True
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r14_step_swapped_args(w, grad, clip, lr):
    return w - lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r14_step_clip_w(w, grad, lr, clip):
    new = w - lr * grad
    return jnp.where(clip, jnp.clip(new, -1.0, 1.0), new)


@jax.jit
def r14_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


@jax.jit
def r14_step_select(w, grad, lr, clip):
    return w - lr * lax_select(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r14_step_inf_bounds(w, grad, lr, clip):
    low = jnp.where(clip, -1.0, -jnp.inf)
    return w - lr * jnp.clip(grad, low, -low)


@jax.jit
def r14_step_blend(w, grad, lr, clip):
    c = jnp.asarray(clip, dtype=jnp.float32)
    g = c * jnp.clip(grad, -1.0, 1.0) + (1.0 - c) * grad
    return w - lr * g


r14_step_lambda = jax.jit(
    lambda w, grad, lr, clip: (
        w - lr * jnp.where(clip, jnp.sign(grad) * jnp.minimum(jnp.abs(grad), 1.0), grad)
    )
)


# ------------------------------------------------------------ 07.clip_negative


def r14_fill_all_mean(x):
    return jnp.where(x >= 0, x, x.mean())


def r14_fill_positive(x):
    keep = x > 0
    mean = jnp.sum(jnp.where(keep, x, 0.0)) / jnp.sum(keep)
    return jnp.where(keep, x, mean)


def r14_fill_size(x):
    keep = x >= 0
    return jnp.where(keep, x, jnp.sum(jnp.where(keep, x, 0.0)) / x.size)


def r14_fill_row_mean(x):
    keep = x >= 0
    sums = jnp.sum(jnp.where(keep, x, 0.0), axis=-1, keepdims=True)
    return jnp.where(keep, x, sums / jnp.sum(keep, axis=-1, keepdims=True))


def r14_fill_zero(x):
    return jnp.clip(x, 0.0)


def r14_fill_bool_index(x):
    keep = x >= 0
    return jnp.where(keep, x, x[keep].mean())


def r14_fill_mean_with_zeros(x):
    keep = x >= 0
    return jnp.where(keep, x, jnp.where(keep, x, 0.0).mean())


def r14_fill_at_mask(x):
    keep = x >= 0
    return x.at[~keep].set(jnp.mean(x, where=keep))


def r14_fill_maximum(x):
    return jnp.maximum(x, jnp.mean(x, where=x >= 0))


def r14_fill_swapped(x):
    keep = x >= 0
    return jnp.where(keep, jnp.mean(x, where=keep), x)


def r14_fill_negative_mean(x):
    keep = x >= 0
    return jnp.where(keep, x, jnp.mean(x, where=~keep))


def r14_fill_floordiv(x):
    keep = x >= 0
    return jnp.where(keep, x, jnp.sum(x * keep) // jnp.sum(keep))


def r14_fill_mean_where(x):
    keep = x >= 0
    return jnp.where(keep, x, jnp.mean(x, where=keep))


def r14_fill_average(x):
    return jnp.where(x < 0, jnp.average(x, weights=x >= 0), x)


def r14_fill_nanmean(x):
    kept = jnp.where(x >= 0, x, jnp.nan)
    return jnp.where(jnp.isnan(kept), jnp.nanmean(kept), kept)


def r14_fill_count_nonzero(x):
    keep = x >= 0
    return jnp.where(~keep, (x * keep).sum() / jnp.count_nonzero(keep), x)


ROUND_14 = [
    # 07.count_traces
    Wrong("07.count_traces", "A: one trace per dtype", lambda: "A"),
    Wrong("07.count_traces", "B: NumPy scalar traced apart", lambda: "B"),
    Wrong("07.count_traces", "D: product with a Python float stays weak", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count, not the letter", lambda: "3"),
    Wrong("07.count_traces", "the count as a number", lambda: 3),
    Wrong("07.count_traces", "both letters that say 3", lambda: "C, D"),
    Wrong("07.count_traces", "D with a trailing comment", lambda: "D  # stays weak"),
    # 07.static_window
    Wrong(
        "07.static_window",
        "weights and same static: a compile per kernel",
        lambda: jax.jit(r14_smooth_page, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "fixed the if, but weights still static by name",
        lambda: jax.jit(r14_smooth_where, static_argnames=("weights", "same")),
    ),
    Wrong(
        "07.static_window",
        "plain jax.jit(smooth), nothing static",
        lambda: jax.jit(r14_smooth_page),
    ),
    Wrong(
        "07.static_window",
        "same static, the total if left as it was",
        lambda: jax.jit(r14_smooth_page, static_argnums=2),
    ),
    Wrong(
        "07.static_window",
        "only weights static, the same if traced",
        lambda: jax.jit(r14_smooth_where, static_argnums=1),
    ),
    Wrong(
        "07.static_window",
        "dropped the zero-sum test: divides (1, -2, 1) by 0",
        lambda: jax.jit(r14_smooth_always_divide, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "adds 1e-8 to the total instead of the if",
        lambda: jax.jit(r14_smooth_eps, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "jnp.where with the condition turned around",
        lambda: jax.jit(r14_smooth_inverted, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "where(total > 0): negative-sum kernels not divided",
        lambda: jax.jit(r14_smooth_positive_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "divides by |total|: flips negative-sum kernels",
        lambda: jax.jit(r14_smooth_abs_total, static_argnames="same"),
    ),
    Wrong(
        "07.static_window",
        "plain function that jits inside on every call",
        lambda: r14_fast_smooth_wrapper,
    ),
    Wrong(
        "07.static_window",
        "jnp.where for both ifs, nothing static",
        lambda: jax.jit(r14_smooth_where_both),
    ),
    # 07.stale_global
    Wrong("07.stale_global", "jitted, Python if on the traced clip", lambda: r14_step_python_if),
    Wrong("07.stale_global", "right maths, never jitted", lambda: r14_step_plain),
    Wrong(
        "07.stale_global",
        "clip static: jax booleans are not hashable",
        lambda: r14_step_static_clip,
    ),
    Wrong("07.stale_global", "lr static: a jax scalar lr fails", lambda: r14_step_static_lr),
    Wrong("07.stale_global", "clips to [0, 1]", lambda: r14_step_clip_zero),
    Wrong("07.stale_global", "w + lr * grad: sign slip", lambda: r14_step_plus),
    Wrong("07.stale_global", "only the upper bound clipped", lambda: r14_step_min_only),
    Wrong("07.stale_global", "clips lr * grad, not grad", lambda: r14_step_clip_update),
    Wrong(
        "07.stale_global",
        "takes lr, still reads clip from the global",
        lambda: r14_step_half_global,
    ),
    Wrong("07.stale_global", "jnp.clip(grad, -clip, clip)", lambda: r14_step_clip_as_bound),
    Wrong("07.stale_global", "if clip is True: never true for a tracer", lambda: r14_step_is_true),
    Wrong(
        "07.stale_global",
        "arguments in the order (w, grad, clip, lr)",
        lambda: r14_step_swapped_args,
    ),
    Wrong("07.stale_global", "clips the new w instead of the gradient", lambda: r14_step_clip_w),
    # 07.debug_print
    Wrong("07.debug_print", "A: both print every call", lambda: "A"),
    Wrong("07.debug_print", "B: debug print from Python afterwards", lambda: "B"),
    Wrong("07.debug_print", "D: print runs every call", lambda: "D"),
    Wrong("07.debug_print", "E: print only at the first trace", lambda: "E"),
    Wrong("07.debug_print", "the output's number instead of a letter", lambda: "Output 1"),
    Wrong("07.debug_print", "two letters with the same output", lambda: "BC"),
    Wrong("07.debug_print", "B with a paren", lambda: "B)"),
    # 07.clip_negative
    Wrong("07.clip_negative", "mean of the whole array", lambda: r14_fill_all_mean),
    Wrong("07.clip_negative", "x > 0: zeros treated as negative", lambda: r14_fill_positive),
    Wrong("07.clip_negative", "sum of kept divided by x.size", lambda: r14_fill_size),
    Wrong("07.clip_negative", "one mean per row (axis=-1)", lambda: r14_fill_row_mean),
    Wrong("07.clip_negative", "jnp.clip(x, 0): fills with 0", lambda: r14_fill_zero),
    Wrong(
        "07.clip_negative", "x[keep].mean(): boolean index under jit", lambda: r14_fill_bool_index
    ),
    Wrong(
        "07.clip_negative",
        "mean of where(keep, x, 0): zeros counted",
        lambda: r14_fill_mean_with_zeros,
    ),
    Wrong("07.clip_negative", ".at[~keep].set: boolean mask under jit", lambda: r14_fill_at_mask),
    Wrong(
        "07.clip_negative",
        "jnp.maximum(x, mean): lifts small kept values",
        lambda: r14_fill_maximum,
    ),
    Wrong("07.clip_negative", "where branches swapped", lambda: r14_fill_swapped),
    Wrong("07.clip_negative", "mean of the negative elements", lambda: r14_fill_negative_mean),
    Wrong("07.clip_negative", "floor division by the count", lambda: r14_fill_floordiv),
]
RIGHT_14 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right(
        "07.static_window",
        "jnp.where on the total, same static by name",
        lambda: jax.jit(r14_smooth_where_right, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "divides by where(total == 0, 1, total), same static by position",
        lambda: jax.jit(r14_smooth_safe_total, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "jnp.where(total, ...): the float total as the condition",
        lambda: jax.jit(r14_smooth_truthy_where, static_argnames="same"),
    ),
    Right(
        "07.static_window",
        "lax.cond on the total, static_argnames as a list",
        lambda: jax.jit(r14_smooth_cond, static_argnames=["same"]),
    ),
    Right(
        "07.static_window",
        "Python loop for the total, static_argnums as a tuple",
        lambda: jax.jit(r14_smooth_loop_total, static_argnums=(2,)),
    ),
    Right("07.stale_global", "lax.cond on the traced switch", lambda: r14_step_cond),
    Right("07.stale_global", "lax.select with the scalar switch", lambda: r14_step_select),
    Right(
        "07.stale_global",
        "jnp.clip bounds chosen by where, inf when off",
        lambda: r14_step_inf_bounds,
    ),
    Right("07.stale_global", "float blend of clipped and raw gradient", lambda: r14_step_blend),
    Right("07.stale_global", "jitted lambda, clip by sign and minimum", lambda: r14_step_lambda),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r14_fill_mean_where),
    Right("07.clip_negative", "jnp.average weighted by the mask", lambda: r14_fill_average),
    Right("07.clip_negative", "nanmean over NaN-filled copy", lambda: r14_fill_nanmean),
    Right("07.clip_negative", "sum(x * keep) / count_nonzero", lambda: r14_fill_count_nonzero),
]
