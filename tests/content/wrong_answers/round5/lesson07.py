"""Round 5, lesson 07 (jit and tracing): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 07.static_window


def smooth(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="valid")


@functools.partial(jax.jit, static_argnames="window")
def w7_smooth_same_mode(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="same")


@functools.partial(jax.jit, static_argnums=1)
def w7_smooth_sum_kernel(x, window, scale):
    # forgot to divide: sums the window instead of averaging it
    return scale * jnp.convolve(x, jnp.ones(window), mode="valid")


w7_smooth_reordered = jax.jit(lambda x, scale, window: smooth(x, window, scale), static_argnums=2)


@functools.partial(jax.jit, static_argnames="window")
def w7_smooth_float_scale(x, window, scale):
    return float(scale) * jnp.convolve(x, jnp.ones(window) / window, mode="valid")


@functools.partial(jax.jit, static_argnums=1)
def w7_smooth_numpy_convolve(x, window, scale):
    kernel = np.ones(window) / window
    return scale * np.convolve(x, kernel, mode="valid")


@functools.partial(jax.jit, static_argnums=1)
def w7_smooth_scale_in_kernel(x, window, scale):
    # puts scale in the kernel but divides by it
    kernel = jnp.ones(window) / (window * scale)
    return jnp.convolve(x, kernel, mode="valid")


@functools.partial(jax.jit, static_argnums=(1,))
def r7_smooth_cumsum(x, window, scale):
    c = jnp.cumsum(jnp.concatenate([jnp.zeros(1, x.dtype), x]))
    return scale * (c[window:] - c[:-window]) / window


# ---------------------------------------------------------------- 07.stale_global

learning_rate = 1.0
current_lr = 1.0


@jax.jit
def buggy_step(w, grad):
    return w - learning_rate * grad


def w7_step_sets_global(w, grad, lr):
    # sets the global, then calls the jitted buggy_step: its first trace keeps the first lr
    global learning_rate
    learning_rate = lr
    return buggy_step(w, grad)


@jax.jit
def w7_step_global_inside(w, grad, lr):
    # stores the traced lr in a global "for logging" inside jit: right values, but a tracer leaks out
    global current_lr
    current_lr = lr
    return w - current_lr * grad


w7_step_static_name = jax.jit(lambda w, grad, lr: w - lr * grad, static_argnames="lr")


w7_step_ignores_lr = jax.jit(lambda w, grad, lr: buggy_step(w, grad))


w7_step_precedence = jax.jit(lambda w, grad, lr: (w - lr) * grad)


@jax.jit
def w7_step_jax_grad(w, grad, lr):
    # confuses the grad argument with jax.grad: differentiates w -> w, always 1
    return w - lr * jax.grad(lambda v: v)(w)


@jax.jit
def w7_step_tuple(w, grad, lr):
    return w - lr * grad, lr


def w7_step_plain_numpy(w, grad, lr):
    return np.subtract(w, lr * grad)


@jax.jit
def w7_step_squared_grad(w, grad, lr):
    return w - lr * grad**2


@functools.partial(jax.jit, static_argnums=(2,))
def w7_step_static_decorated(w, grad, lr):
    return w - lr * grad


def w7_step_jit_inside(w, grad, lr):
    @jax.jit
    def update(w, grad):
        return w - lr * grad
    return update(w, grad)


@jax.jit
def w7_step_item(w, grad, lr):
    return w - lr.item() * grad


@jax.jit
def r7_step_two_lines(w, grad, lr):
    update = lr * grad
    return w - update


r7_step_float32 = jax.jit(lambda w, grad, lr: w - jnp.float32(lr) * grad)


@jax.jit
def r7_step_asarray(w, grad, lr):
    lr = jnp.asarray(lr)
    return jnp.subtract(w, lr * grad)


# ---------------------------------------------------------------- 07.clip_negative


def w7_fill_mask_at(x):
    kept = x >= 0
    return x.at[~kept].set(x[kept].mean())


def w7_fill_mean_of_all(x):
    return jnp.where(x >= 0, x, jnp.mean(x))


def w7_fill_mean_zeros_counted(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(jnp.where(kept, x, 0.0)))


def w7_fill_relu(x):
    return jnp.maximum(x, 0.0)


def w7_fill_clip(x):
    return jnp.clip(x, 0, None)


def w7_fill_strict(x):
    kept = x > 0
    return jnp.where(kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def w7_fill_per_column(x):
    kept = x >= 0
    mean = jnp.sum(jnp.where(kept, x, 0.0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, mean)


def w7_fill_python_if(x):
    if (x < 0).any():
        kept = x >= 0
        return jnp.where(kept, x, jnp.sum(x * kept) / jnp.sum(kept))
    return x


def w7_fill_len(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.sum(x * kept) / len(x))


def w7_fill_numpy_mean(x):
    return jnp.where(x >= 0, x, np.mean(x[x >= 0]))


def w7_fill_inverted(x):
    kept = x >= 0
    return jnp.where(~kept, x, jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept))


def w7_fill_mean_of_negatives(x):
    neg = x < 0
    return jnp.where(neg, jnp.sum(jnp.where(neg, x, 0.0)) / jnp.sum(neg), x)


def w7_fill_cond(x):
    mean = jnp.sum(jnp.where(x >= 0, x, 0.0)) / jnp.sum(x >= 0)
    return jax.lax.cond(x < 0, lambda v: mean, lambda v: v, x)


def w7_fill_only_mean(x):
    kept = x >= 0
    return jnp.sum(jnp.where(kept, x, 0.0)) / jnp.sum(kept)


def w7_fill_abs(x):
    # replaces negatives by their absolute value
    return jnp.abs(x)


def r7_fill_mean_where(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r7_fill_nanmean(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.nanmean(jnp.where(kept, x, jnp.nan)))


def r7_fill_count_nonzero(x):
    kept = x >= 0
    total = (x * kept).sum()
    mean = total / jnp.count_nonzero(kept)
    return x * kept + mean * (~kept)


def r7_fill_astype(x):
    w = (x >= 0).astype(x.dtype)
    return jnp.where(x < 0, jnp.sum(x * w) / jnp.sum(w), x)


ROUND_5 = [
    # 07.count_traces
    Wrong("07.count_traces", "6: a trace per call", lambda: 6),
    Wrong("07.count_traces", "3: thinks 2 and jnp.int32(2) share a trace (same shape and dtype)", lambda: 3),
    Wrong("07.count_traces", "5: thinks new values of the Python int 7 retrace too", lambda: 5),
    Wrong("07.count_traces", "2: counts only the distinct shapes", lambda: 2),
    Wrong("07.count_traces", "1: jit traces once", lambda: 1),
    Wrong("07.count_traces", "the string '4'", lambda: "4"),
    Wrong("07.count_traces", "11: copied the count from the retrace table", lambda: 11),
    Wrong("07.count_traces", "4 written as a float, 4.0", lambda: 4.0),
    Wrong("07.count_traces", "left the placeholder", lambda: ...),
    # 07.static_window
    Wrong("07.static_window", "own copy jitted with window static, but mode='same'", lambda: w7_smooth_same_mode),
    Wrong("07.static_window", "own copy with window static, kernel jnp.ones(window) not divided", lambda: w7_smooth_sum_kernel),
    Wrong("07.static_window", "lambda with the arguments reordered (x, scale, window), static_argnums=2", lambda: w7_smooth_reordered),
    Wrong("07.static_window", "window static but float(scale) inside: scale is traced", lambda: w7_smooth_float_scale),
    Wrong("07.static_window", "np.convolve inside the jitted copy", lambda: w7_smooth_numpy_convolve),
    Wrong("07.static_window", "scale folded into the kernel upside down (divides by scale)", lambda: w7_smooth_scale_in_kernel),
    Wrong("07.static_window", "static_argnames=('window', 'scale'): scale static too", lambda: jax.jit(smooth, static_argnames=("window", "scale"))),
    Wrong("07.static_window", "static_argnums=(0, 1): x static too", lambda: jax.jit(smooth, static_argnums=(0, 1))),
    Wrong("07.static_window", "jax.jit(smooth) with nothing static", lambda: jax.jit(smooth)),
    Wrong("07.static_window", "functools.partial(smooth, window=3) jitted: window fixed at 3 and not an argument any more", lambda: jax.jit(functools.partial(smooth, window=3))),
    Wrong("07.static_window", "static_argnums=1 plus static_argnames='scale'", lambda: jax.jit(smooth, static_argnums=1, static_argnames="scale")),
    # 07.stale_global
    Wrong("07.stale_global", "sets the global learning_rate = lr, then calls the jitted buggy_step", lambda: w7_step_sets_global),
    Wrong("07.stale_global", "stores the traced lr in a global current_lr inside the jitted step (tracer leaks)", lambda: w7_step_global_inside),
    Wrong("07.stale_global", "lr static by name: retraces for every learning rate", lambda: w7_step_static_name),
    Wrong("07.stale_global", "jitted lambda that forwards to buggy_step, lr ignored", lambda: w7_step_ignores_lr),
    Wrong("07.stale_global", "precedence slip (w - lr) * grad", lambda: w7_step_precedence),
    Wrong("07.stale_global", "uses jax.grad(lambda v: v)(w) instead of the grad argument", lambda: w7_step_jax_grad),
    Wrong("07.stale_global", "returns (new w, lr)", lambda: w7_step_tuple),
    Wrong("07.stale_global", "plain NumPy, not jitted", lambda: w7_step_plain_numpy),
    Wrong("07.stale_global", "squares the gradient", lambda: w7_step_squared_grad),
    Wrong("07.stale_global", "lr static with functools.partial(jax.jit, static_argnums=(2,))", lambda: w7_step_static_decorated),
    Wrong("07.stale_global", "jits an inner update closing over lr, a new function every call", lambda: w7_step_jit_inside),
    Wrong("07.stale_global", "lr.item() inside jit", lambda: w7_step_item),
    # 07.debug_print
    Wrong("07.debug_print", "E: thinks print runs on every call, showing a tracer", lambda: "E"),
    Wrong("07.debug_print", "B: forgot the new shape traces again", lambda: "B"),
    Wrong("07.debug_print", "A: thinks print shows values under jit", lambda: "A"),
    Wrong("07.debug_print", "D: thinks debug.print also prints tracers", lambda: "D"),
    Wrong("07.debug_print", "lowercase e", lambda: "e"),
    Wrong("07.debug_print", "'Option B'", lambda: "Option B"),
    Wrong("07.debug_print", "the number of lines printed, 5", lambda: 5),
    Wrong("07.debug_print", "'C or E'", lambda: "C or E"),
    Wrong("07.debug_print", "'AC'", lambda: "AC"),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[] with x[kept].mean(): fails under jit", lambda: w7_fill_mask_at),
    Wrong("07.clip_negative", "mean of the whole array, negatives included", lambda: w7_fill_mean_of_all),
    Wrong("07.clip_negative", "jnp.mean of where(kept, x, 0): divides by all elements", lambda: w7_fill_mean_zeros_counted),
    Wrong("07.clip_negative", "jnp.maximum(x, 0): clips to zero (went by the exercise name)", lambda: w7_fill_relu),
    Wrong("07.clip_negative", "jnp.clip(x, 0, None)", lambda: w7_fill_clip),
    Wrong("07.clip_negative", "x > 0 instead of x >= 0: zeros are replaced and left out of the mean", lambda: w7_fill_strict),
    Wrong("07.clip_negative", "per-column mean (axis=0) on a matrix", lambda: w7_fill_per_column),
    Wrong("07.clip_negative", "Python if on (x < 0).any(): fails under jit", lambda: w7_fill_python_if),
    Wrong("07.clip_negative", "divides by len(x)", lambda: w7_fill_len),
    Wrong("07.clip_negative", "np.mean(x[x >= 0]) inside: fails under jit", lambda: w7_fill_numpy_mean),
    Wrong("07.clip_negative", "where arguments inverted: keeps negatives, replaces the rest", lambda: w7_fill_inverted),
    Wrong("07.clip_negative", "fills with the mean of the negatives", lambda: w7_fill_mean_of_negatives),
    Wrong("07.clip_negative", "lax.cond on the whole array's mask", lambda: w7_fill_cond),
    Wrong("07.clip_negative", "returns only the mean", lambda: w7_fill_only_mean),
    Wrong("07.clip_negative", "jnp.abs(x)", lambda: w7_fill_abs),
]

RIGHT_5 = [
    Right("07.count_traces", "4", lambda: 4),
    Right("07.count_traces", "len of the four signatures written out", lambda: len(["int32[4]", "float32[4]", "~int32[]", "int32[]"])),
    Right("07.count_traces", "int('4')", lambda: int("4")),
    Right("07.static_window", "static_argnums=-2 (counted from the end)", lambda: jax.jit(smooth, static_argnums=-2)),
    Right("07.static_window", "functools.partial(jax.jit, static_argnums=1)(smooth)", lambda: functools.partial(jax.jit, static_argnums=1)(smooth)),
    Right("07.static_window", "own cumsum-based moving average, window static", lambda: r7_smooth_cumsum),
    Right("07.static_window", "static_argnames=['window']", lambda: jax.jit(smooth, static_argnames=["window"])),
    Right("07.stale_global", "@jax.jit with the update on its own line", lambda: r7_step_two_lines),
    Right("07.stale_global", "jitted lambda with jnp.float32(lr)", lambda: r7_step_float32),
    Right("07.stale_global", "jnp.asarray(lr) and jnp.subtract", lambda: r7_step_asarray),
    Right("07.debug_print", "'C'", lambda: "C"),
    Right("07.debug_print", "' c'", lambda: " c"),
    Right("07.debug_print", "'C '", lambda: "C "),
    Right("07.clip_negative", "jnp.mean(x, where=kept)", lambda: r7_fill_mean_where),
    Right("07.clip_negative", "jnp.nanmean over NaN-masked negatives", lambda: r7_fill_nanmean),
    Right("07.clip_negative", "arithmetic blend x*kept + mean*~kept, count_nonzero", lambda: r7_fill_count_nonzero),
    Right("07.clip_negative", "float weights from astype, jnp.where(x < 0, ...)", lambda: r7_fill_astype),
]
