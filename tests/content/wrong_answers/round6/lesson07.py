"""Round 6, lesson 07 (jit and tracing): answers written from the lesson's text alone."""
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


# ---------------------------------------------------------------- 07.stale_global

learning_rate = 1.0


@jax.jit
def buggy_step(w, grad):
    return w - learning_rate * grad


def r6_step_set_global(w, grad, lr):
    global learning_rate
    learning_rate = lr  # updates the global, then calls the jitted step that baked it in
    return buggy_step(w, grad)


@jax.jit
def r6_step_item(w, grad, lr):
    return w - lr.item() * grad


@jax.jit
def r6_step_no_return(w, grad, lr):
    w = w - lr * grad


@jax.jit
def r6_step_both(w, grad, lr):
    return w - learning_rate * lr * grad


r6_step_static_global = jax.jit(lambda w, grad, lr: w - learning_rate * grad, static_argnums=2)


def r6_step_plain(w, grad, lr):
    return w - lr * grad


@jax.jit
def r6_step_parens(w, grad, lr):
    return lr * (w - grad)


@jax.jit
def r6_step_assert(w, grad, lr):
    assert lr > 0, "learning rate must be positive"
    return w - lr * grad


def _r6_update(w, grad, lr):
    return w - lr * grad


r6_step_static_name = jax.jit(_r6_update, static_argnames="lr")


@jax.jit
def r6_step_local(w, grad, lr):
    learning_rate = lr  # a local now, shadowing the global
    return w - learning_rate * grad


r6_step_asarray = jax.jit(lambda w, grad, lr: w - jnp.asarray(lr) * grad)


@functools.partial(jax.jit)
def r6_step_negated(w, grad, lr):
    return w + (-lr) * grad


# ---------------------------------------------------------------- 07.clip_negative


def r6_fill_boolean_mask(x):
    return x.at[x < 0].set(x[x >= 0].mean())


def r6_fill_mean_all(x):
    return jnp.where(x < 0, jnp.mean(x), x)


def r6_fill_zero(x):
    return jnp.where(x < 0, 0.0, x)


def r6_fill_maximum(x):
    return jnp.maximum(x, 0)


def r6_fill_zeros_counted(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(jnp.where(kept, x, 0.0)))


def r6_fill_strict(x):
    kept = x > 0  # zero counted as negative
    return jnp.where(kept, x, jnp.mean(x, where=kept))


def r6_fill_per_row(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, axis=-1, where=kept, keepdims=True))


def r6_fill_per_column(x):
    kept = x >= 0
    means = jnp.sum(jnp.where(kept, x, 0.0), axis=0) / jnp.sum(kept, axis=0)
    return jnp.where(kept, x, means)


def r6_fill_abs(x):
    return jnp.abs(x)


def r6_fill_mean_of_negatives(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.mean(x, where=~kept))


def r6_fill_all_mean(x):
    return jnp.full_like(x, jnp.mean(x, where=x >= 0))


def r6_fill_numpy(x):
    x = np.array(x)
    kept = x >= 0
    x[~kept] = x[kept].mean()
    return x


def r6_fill_python_if(x):
    mean = jnp.mean(x, where=x >= 0)
    if jnp.any(x < 0):
        return jnp.where(x < 0, mean, x)
    return x


def r6_fill_mean_where(x):
    return jnp.where(x < 0, x.mean(where=x >= 0), x)


def r6_fill_nanmean(x):
    masked = jnp.where(x >= 0, x, jnp.nan)
    return jnp.where(jnp.isnan(masked), jnp.nanmean(masked), masked)


def r6_fill_sum_count(x):
    kept = x >= 0
    mean = jnp.sum(x * kept) / jnp.count_nonzero(kept)
    return jnp.where(kept, x, mean)


def r6_fill_average(x):
    kept = x >= 0
    return jnp.where(kept, x, jnp.average(x, weights=kept.astype(x.dtype)))


ROUND_6 = [
    # 07.count_traces
    Wrong("07.count_traces", "6: one trace per call", lambda: 6),
    Wrong("07.count_traces", "5: thinks 7 retraces after 2, Python ints being baked in", lambda: 5),
    Wrong("07.count_traces", "3: thinks 2 and jnp.int32(2) share a trace (same shape and dtype)", lambda: 3),
    Wrong("07.count_traces", "2: thinks only the dtype matters (int32 and float32)", lambda: 2),
    Wrong("07.count_traces", "1: thinks jit compiles once for all calls", lambda: 1),
    Wrong("07.count_traces", "0: thinks a lambda is never traced", lambda: 0),
    Wrong("07.count_traces", "7: one trace when wrapping plus one per call", lambda: 7),
    Wrong("07.count_traces", "the string '4 traces' instead of an int", lambda: "4 traces"),
    # 07.static_window
    Wrong("07.static_window", "static_argnums=(0, 1): x made static too (an unhashable array)", lambda: jax.jit(smooth, static_argnums=(0, 1))),
    Wrong("07.static_window", "static_argnames=('window', 'scale'): scale static too, though it changes every call", lambda: jax.jit(smooth, static_argnames=("window", "scale"))),
    Wrong("07.static_window", "donate_argnums=1: confuses donation with static", lambda: jax.jit(smooth, donate_argnums=1)),
    Wrong("07.static_window", "static_argnums=1 plus static_argnames='scale'", lambda: jax.jit(smooth, static_argnums=1, static_argnames="scale")),
    Wrong("07.static_window", "static_argnums=None: nothing static, window traced", lambda: jax.jit(smooth, static_argnums=None)),
    Wrong("07.static_window", "partial(smooth, scale=1.0) with window static: the scale argument is lost", lambda: jax.jit(functools.partial(smooth, scale=1.0), static_argnums=1)),
    Wrong("07.static_window", "static_argnames='x': the data argument named static", lambda: jax.jit(smooth, static_argnames="x")),
    Wrong("07.static_window", "jitted lambda wrapper around smooth, with no static argument", lambda: jax.jit(lambda x, window, scale: smooth(x, window, scale))),
    Wrong("07.static_window", "static_argnums=-2: works positionally, fails when window and scale are passed by keyword", lambda: jax.jit(smooth, static_argnums=-2)),
    # 07.stale_global
    Wrong("07.stale_global", "sets the global learning_rate = lr, then calls the stale buggy_step", lambda: r6_step_set_global),
    Wrong("07.stale_global", "lr.item() inside jit: fails on a tracer", lambda: r6_step_item),
    Wrong("07.stale_global", "w = w - lr * grad with no return", lambda: r6_step_no_return),
    Wrong("07.stale_global", "multiplies by both the global learning_rate and lr", lambda: r6_step_both),
    Wrong("07.stale_global", "lr made static, and the global still read", lambda: r6_step_static_global),
    Wrong("07.stale_global", "right formula, but not jitted", lambda: r6_step_plain),
    Wrong("07.stale_global", "parenthesis slip: lr * (w - grad)", lambda: r6_step_parens),
    Wrong("07.stale_global", "assert lr > 0 inside the jitted step: bool of a tracer", lambda: r6_step_assert),
    Wrong("07.stale_global", "static_argnames='lr': right values, one trace per learning rate", lambda: r6_step_static_name),
    Wrong("07.stale_global", "jax.jit(buggy_step) reused: takes two arguments, lr never used", lambda: jax.jit(buggy_step)),
    # 07.debug_print
    Wrong("07.debug_print", "A: thinks print sees values on every call", lambda: "A"),
    Wrong("07.debug_print", "B: forgets the new shape of jnp.arange(3.0) traces again", lambda: "B"),
    Wrong("07.debug_print", "D: thinks jax.debug.print prints tracers too", lambda: "D"),
    Wrong("07.debug_print", "E: thinks the new value 2.0 traces again", lambda: "E"),
    Wrong("07.debug_print", "lowercase e", lambda: "e"),
    Wrong("07.debug_print", "lowercase a", lambda: "a"),
    Wrong("07.debug_print", "hedges 'C or E'", lambda: "C or E"),
    Wrong("07.debug_print", "'CE': picks two options", lambda: "CE"),
    # 07.clip_negative
    Wrong("07.clip_negative", "boolean mask in .at[] and x[x >= 0].mean(): fails under jit", lambda: r6_fill_boolean_mask),
    Wrong("07.clip_negative", "jnp.mean(x) of every element, negatives included", lambda: r6_fill_mean_all),
    Wrong("07.clip_negative", "fills negatives with 0.0", lambda: r6_fill_zero),
    Wrong("07.clip_negative", "jnp.maximum(x, 0): a clip, not the mean", lambda: r6_fill_maximum),
    Wrong("07.clip_negative", "mean of jnp.where(kept, x, 0.0): the zeroed negatives counted in the mean", lambda: r6_fill_zeros_counted),
    Wrong("07.clip_negative", "x > 0 instead of x >= 0: zeros replaced and left out of the mean", lambda: r6_fill_strict),
    Wrong("07.clip_negative", "one mean per row (axis=-1) on a matrix", lambda: r6_fill_per_row),
    Wrong("07.clip_negative", "one mean per column (axis=0) on a matrix", lambda: r6_fill_per_column),
    Wrong("07.clip_negative", "jnp.abs(x): flips negatives instead of filling them", lambda: r6_fill_abs),
    Wrong("07.clip_negative", "mask inverted in the mean: the mean of the negatives", lambda: r6_fill_mean_of_negatives),
    Wrong("07.clip_negative", "jnp.full_like(x, mean): every element replaced by the mean", lambda: r6_fill_all_mean),
    Wrong("07.clip_negative", "the NumPy version on np.array(x): fails on a tracer", lambda: r6_fill_numpy),
    Wrong("07.clip_negative", "Python if jnp.any(x < 0) around the jnp.where: fails under jit", lambda: r6_fill_python_if),
]

RIGHT_6 = [
    Right("07.count_traces", "4", lambda: 4),
    Right("07.count_traces", "len of the four signatures listed", lambda: len(["int32[4]", "float32[4]", "~int32[]", "int32[]"])),
    Right("07.count_traces", "sum of per-call 1s and 0s", lambda: sum([1, 0, 1, 1, 1, 0])),
    Right("07.static_window", "static_argnames=['window'] as a list", lambda: jax.jit(smooth, static_argnames=["window"])),
    Right("07.static_window", "functools.partial(jax.jit, static_argnums=1)(smooth)", lambda: functools.partial(jax.jit, static_argnums=1)(smooth)),
    Right("07.static_window", "jitted lambda wrapper with static_argnames='window'", lambda: jax.jit(lambda x, window, scale: smooth(x, window, scale), static_argnames="window")),
    Right("07.stale_global", "lr assigned to a local learning_rate inside the jitted step", lambda: r6_step_local),
    Right("07.stale_global", "jitted lambda with jnp.asarray(lr)", lambda: r6_step_asarray),
    Right("07.stale_global", "w + (-lr) * grad, decorated with functools.partial(jax.jit)", lambda: r6_step_negated),
    Right("07.debug_print", "'C'", lambda: "C"),
    Right("07.debug_print", "lowercase 'c'", lambda: "c"),
    Right("07.debug_print", "' C\\n' with spaces and a newline", lambda: " C\n"),
    Right("07.clip_negative", "x.mean(where=x >= 0) inside jnp.where(x < 0, ...)", lambda: r6_fill_mean_where),
    Right("07.clip_negative", "negatives set to NaN, filled with jnp.nanmean", lambda: r6_fill_nanmean),
    Right("07.clip_negative", "jnp.sum(x * kept) / jnp.count_nonzero(kept)", lambda: r6_fill_sum_count),
    Right("07.clip_negative", "jnp.average with the mask as weights", lambda: r6_fill_average),
]
