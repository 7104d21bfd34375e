"""Round 10, lesson 07 (jit and tracing): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 07.static_window ----------------------------------------------------------------


def r10_smooth(x, weights, mode):
    """The lesson's smooth, unchanged."""
    kernel = jnp.array(weights) / max(weights)
    return jnp.convolve(x, kernel, mode=mode)


def r10_smooth_jmax(x, weights, mode):
    """max(weights) replaced by jnp.max of the kernel: traces with weights traced."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(kernel), mode=mode)


def r10_smooth_absmax(x, weights, mode):
    """Divides by the largest |weight|: differs when the largest |weight| is negative."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.max(jnp.abs(kernel)), mode=mode)


def r10_smooth_sum(x, weights, mode):
    """Normalises so the weights sum to 1 (a usual smoothing habit), not max 1."""
    kernel = jnp.array(weights)
    return jnp.convolve(x, kernel / jnp.sum(kernel), mode=mode)


def r10_smooth_correlate(x, weights, mode):
    """jnp.correlate for convolve: equal for symmetric kernels like (1, 2, 1) only."""
    kernel = jnp.array(weights)
    return jnp.correlate(x, kernel / jnp.max(kernel), mode=mode)


def r10_smooth_stack(x, weights, mode):
    """Right: the kernel built with jnp.stack, the max taken by reduce."""
    kernel = jnp.stack([jnp.asarray(w, dtype=jnp.float32) for w in weights])
    kernel = kernel * (1.0 / kernel.max())
    return jnp.convolve(x, kernel, mode=mode)


def r10_smooth_loopmax(x, weights, mode):
    """Right: a Python loop of jnp.maximum over the traced weights."""
    top = weights[0]
    for w in weights[1:]:
        top = jnp.maximum(top, w)
    return jnp.convolve(x, jnp.array(weights) / top, mode=mode)


@functools.partial(jax.jit, static_argnames=("mode",))
def r10_smooth_decorated(x, weights, mode):
    """Right: decorator form with functools.partial."""
    kernel = jnp.asarray(weights)
    return jnp.convolve(x, kernel / kernel.max(), mode=mode)


# --- 07.stale_global -----------------------------------------------------------------


@functools.partial(jax.jit, static_argnames=("lr", "clip"))
def r10_step_both_static(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@functools.partial(jax.jit, static_argnums=3)
def r10_step_clip_static(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r10_step_python_if(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


def r10_step_not_jitted(w, grad, lr, clip):
    if clip:
        grad = jnp.clip(grad, -1.0, 1.0)
    return w - lr * grad


@jax.jit
def r10_step_clip_after_lr(w, grad, lr, clip):
    update = lr * grad
    return w - jnp.where(clip, jnp.clip(update, -1.0, 1.0), update)


@jax.jit
def r10_step_min_only(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.minimum(grad, 1.0), grad)


@jax.jit
def r10_step_sign(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.sign(grad), grad)


@jax.jit
def r10_step_clip_01(w, grad, lr, clip):
    return w - lr * jnp.where(clip, jnp.clip(grad, 0.0, 1.0), grad)


@jax.jit
def r10_step_where_reversed(w, grad, lr, clip):
    return w - lr * jnp.where(clip, grad, jnp.clip(grad, -1.0, 1.0))


@jax.jit
def r10_step_plus(w, grad, lr, clip):
    return w + lr * jnp.where(clip, jnp.clip(grad, -1.0, 1.0), grad)


@jax.jit
def r10_step_cond(w, grad, lr, clip):
    g = jax.lax.cond(clip, lambda g: jnp.clip(g, -1.0, 1.0), lambda g: g, grad)
    return w - lr * g


@jax.jit
def r10_step_arith(w, grad, lr, clip):
    """Right: a jitted Python bool arrives as a traced bool_, so ~clip is logical."""
    clipped = jnp.clip(grad, -1.0, 1.0)
    return w - lr * (clipped * clip + grad * ~clip)


@jax.jit
def r10_step_minmax(w, grad, lr, clip):
    """Right: clipping with max/min and select via lax.select on a broadcast mask."""
    clipped = jnp.maximum(jnp.minimum(grad, 1.0), -1.0)
    mask = jnp.broadcast_to(jnp.asarray(clip, dtype=bool), jnp.shape(grad))
    return w - lr * jax.lax.select(mask, clipped, jnp.asarray(grad, clipped.dtype))


r10_step_lambda = jax.jit(
    lambda w, grad, lr, clip: w - lr * jnp.where(clip == True, jnp.clip(grad, -1, 1), grad)  # noqa: E712
)


# --- 07.clip_negative ----------------------------------------------------------------


def r10_fill_mean_all(x):
    return jnp.where(x < 0, jnp.mean(x), x)


def r10_fill_positive_only(x):
    kept = x > 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(kept, x, mean)


def r10_fill_mean_excl_zero(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.count_nonzero(x * kept)
    return jnp.where(kept, x, mean)


def r10_fill_le_zero(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)
    return jnp.where(x <= 0, mean, x)


def r10_fill_size(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0)) / x.size
    return jnp.where(kept, x, mean)


def r10_fill_relu_mean(x):
    return jnp.where(x < 0, jnp.mean(jnp.maximum(x, 0.0)), x)


def r10_fill_rowwise(x):
    kept = x >= 0
    mean = jnp.mean(x, axis=-1, where=kept, keepdims=True)
    return jnp.where(kept, x, mean)


def r10_fill_python_sum(x):
    kept = x >= 0
    mean = sum(jnp.where(kept, x, 0.0)) / sum(kept)  # Python sum: over rows of a matrix
    return jnp.where(kept, x, mean)


def r10_fill_at_mask(x):
    kept = x >= 0
    return x.at[~kept].set(jnp.mean(x, where=kept))


def r10_fill_mean_only(x):
    kept = x >= 0
    return jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)


def r10_fill_zero(x):
    return jnp.where(x >= 0, x, 0.0)


def r10_fill_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r10_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r10_fill_arith(x):
    kept = (x >= 0).astype(x.dtype)
    mean = jnp.vdot(jnp.maximum(x, 0.0).ravel(), kept.ravel()) / kept.sum()
    return x * kept + mean * (1 - kept)


ROUND_10 = [
    # 07.count_traces: the answer is C
    Wrong("07.count_traces", "A: one trace per dtype, weak types ignored", lambda: "A"),
    Wrong("07.count_traces", "B: thought np.float32 is traced apart from jnp", lambda: "B"),
    Wrong("07.count_traces", "D: Python numbers baked in as constants", lambda: "D"),
    Wrong("07.count_traces", "E: every call traces", lambda: "E"),
    Wrong("07.count_traces", "the count, not the letter", lambda: "3"),
    Wrong("07.count_traces", "the count as an int", lambda: 3),
    Wrong("07.count_traces", "both options with count 3", lambda: "BC"),
    Wrong("07.count_traces", "B and C as a list", lambda: ["B", "C"]),
    Wrong("07.count_traces", "the reason word instead of a letter", lambda: "weak type"),
    Wrong(
        "07.count_traces",
        "the letter with its reason typed after it",
        lambda: "C: weak float, weak int, strong float32",
    ),
    # 07.static_window
    Wrong(
        "07.static_window",
        "weights and mode both static: one compile per kernel",
        lambda: jax.jit(r10_smooth, static_argnums=(1, 2)),
    ),
    Wrong(
        "07.static_window",
        "static_argnames for both weights and mode",
        lambda: jax.jit(r10_smooth, static_argnames=("weights", "mode")),
    ),
    Wrong(
        "07.static_window",
        "mode static, but Python max(weights) kept on tracers",
        lambda: jax.jit(r10_smooth, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "only weights static: mode string traced",
        lambda: jax.jit(r10_smooth_jmax, static_argnums=1),
    ),
    Wrong(
        "07.static_window", "jitted without any static argument", lambda: jax.jit(r10_smooth_jmax)
    ),
    Wrong(
        "07.static_window",
        "divides by max |weight| (negative weights differ)",
        lambda: jax.jit(r10_smooth_absmax, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "kernel normalised to sum 1 instead of max 1",
        lambda: jax.jit(r10_smooth_sum, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "jnp.correlate: right only for symmetric kernels",
        lambda: jax.jit(r10_smooth_correlate, static_argnames="mode"),
    ),
    Wrong(
        "07.static_window",
        "lambda wrapper renames args: keyword calls break",
        lambda: jax.jit(lambda x, w, m: r10_smooth_jmax(x, w, m), static_argnums=2),
    ),
    Wrong("07.static_window", "the plain smooth, not jitted", lambda: r10_smooth),
    # 07.stale_global
    Wrong(
        "07.stale_global",
        "lr and clip static: jax scalars are unhashable",
        lambda: r10_step_both_static,
    ),
    Wrong(
        "07.stale_global", "clip static (argnums=3), Python if kept", lambda: r10_step_clip_static
    ),
    Wrong("07.stale_global", "Python if on a traced clip", lambda: r10_step_python_if),
    Wrong("07.stale_global", "fixed the global but forgot jax.jit", lambda: r10_step_not_jitted),
    Wrong(
        "07.stale_global",
        "clips lr*grad instead of grad (page data agrees)",
        lambda: r10_step_clip_after_lr,
    ),
    Wrong("07.stale_global", "clips only from above with jnp.minimum", lambda: r10_step_min_only),
    Wrong(
        "07.stale_global",
        "jnp.sign for clipping (right for |grad| >= 1 only)",
        lambda: r10_step_sign,
    ),
    Wrong("07.stale_global", "clips to [0, 1] instead of [-1, 1]", lambda: r10_step_clip_01),
    Wrong("07.stale_global", "jnp.where branches swapped", lambda: r10_step_where_reversed),
    Wrong("07.stale_global", "ascends: w + lr * grad", lambda: r10_step_plus),
    # 07.debug_print: the answer is C
    Wrong("07.debug_print", "A: both prints run every call", lambda: "A"),
    Wrong("07.debug_print", "B: debug.print printed from Python after the call", lambda: "B"),
    Wrong("07.debug_print", "D: print runs every call with a tracer", lambda: "D"),
    Wrong("07.debug_print", "E: print runs once only", lambda: "E"),
    Wrong("07.debug_print", "the output's number instead of the letter", lambda: "1"),
    Wrong("07.debug_print", "Output 1 spelled out", lambda: "Output 1"),
    Wrong("07.debug_print", "both letters of Output 1", lambda: "BC"),
    Wrong("07.debug_print", "C with D as a hedge", lambda: "C or D"),
    # 07.clip_negative
    Wrong(
        "07.clip_negative", "mean of the whole array, negatives included", lambda: r10_fill_mean_all
    ),
    Wrong(
        "07.clip_negative", "x > 0 kept: zeros left out of the mean", lambda: r10_fill_positive_only
    ),
    Wrong(
        "07.clip_negative",
        "count_nonzero as the count: zeros not counted",
        lambda: r10_fill_mean_excl_zero,
    ),
    Wrong("07.clip_negative", "fills x <= 0: zeros replaced by the mean", lambda: r10_fill_le_zero),
    Wrong("07.clip_negative", "divides the kept sum by x.size", lambda: r10_fill_size),
    Wrong(
        "07.clip_negative", "mean of relu(x): negatives count as zeros", lambda: r10_fill_relu_mean
    ),
    Wrong("07.clip_negative", "one mean per row (axis=-1) on a matrix", lambda: r10_fill_rowwise),
    Wrong(
        "07.clip_negative",
        "Python sum(): sums rows of a matrix, not all",
        lambda: r10_fill_python_sum,
    ),
    Wrong("07.clip_negative", "boolean mask in .at[] (fails under jit)", lambda: r10_fill_at_mask),
    Wrong("07.clip_negative", "returns the mean, not the filled array", lambda: r10_fill_mean_only),
    Wrong("07.clip_negative", "fills negatives with 0", lambda: r10_fill_zero),
]

RIGHT_10 = [
    Right("07.count_traces", "C", lambda: "C"),
    Right(
        "07.static_window",
        "jnp.max of the kernel, static_argnums=2",
        lambda: jax.jit(r10_smooth_jmax, static_argnums=2),
    ),
    Right(
        "07.static_window",
        "jnp.stack kernel, static_argnames as a tuple",
        lambda: jax.jit(r10_smooth_stack, static_argnames=("mode",)),
    ),
    Right(
        "07.static_window",
        "Python loop of jnp.maximum for the max",
        lambda: jax.jit(r10_smooth_loopmax, static_argnames="mode"),
    ),
    Right(
        "07.static_window",
        "decorated with functools.partial(jax.jit, ...)",
        lambda: r10_smooth_decorated,
    ),
    Right("07.stale_global", "lax.cond on clip", lambda: r10_step_cond),
    Right(
        "07.stale_global", "arithmetic select: clipped*clip + grad*~clip", lambda: r10_step_arith
    ),
    Right(
        "07.stale_global",
        "min/max clip and lax.select on a broadcast mask",
        lambda: r10_step_minmax,
    ),
    Right("07.stale_global", "a jitted lambda with clip == True", lambda: r10_step_lambda),
    Right("07.debug_print", "C", lambda: "C"),
    Right("07.clip_negative", "jnp.mean with where=", lambda: r10_fill_mean_where),
    Right("07.clip_negative", "nanmean of the masked array", lambda: r10_fill_nanmean),
    Right("07.clip_negative", "arithmetic masking and vdot", lambda: r10_fill_arith),
]
