"""Round 4, lesson 07 (jit and tracing): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 07.count_traces


def r4_count_by_running():
    seen = []

    def add_one(x):
        seen.append(1)
        return x + 1

    add_one_jit = jax.jit(add_one)
    for argument in (jnp.arange(4), jnp.arange(4) * 10, jnp.arange(4.0), 2, jnp.int32(2), 7):
        add_one_jit(argument)
    return len(seen)


# ---------------------------------------------------------------- 07.static_window


def smooth(x, window, scale):
    kernel = jnp.ones(window) / window
    return scale * jnp.convolve(x, kernel, mode="valid")


_r4_smooth_positional = jax.jit(smooth, static_argnums=1)


def r4_smooth_renamed(x, w, s):
    # a wrapper with its own parameter names: smooth(x, window=3, scale=s) fails
    return _r4_smooth_positional(x, w, s)


def r4_smooth_partial_each_call(x, window, scale):
    return jax.jit(functools.partial(smooth, window=window))(x, scale=scale)


r4_smooth_fixed_window = jax.jit(lambda x, window, scale: smooth(x, 3, scale))


@functools.partial(jax.jit, static_argnames=("window",))
def r4_smooth_decorated(x, window, scale):
    kernel = jnp.full((window,), 1.0 / window)
    return scale * jnp.convolve(x, kernel, mode="valid")


# ---------------------------------------------------------------- 07.stale_global

learning_rate = 1.0


def _r4_plain_step(w, grad, lr):
    return w - lr * grad


r4_step_static = jax.jit(_r4_plain_step, static_argnums=2)


r4_step_global = jax.jit(lambda w, grad, lr: w - learning_rate * grad)


r4_step_plus = jax.jit(lambda w, grad, lr: w + lr * grad)


r4_step_divide = jax.jit(lambda w, grad, lr: w - grad / lr)


@jax.jit
def r4_step_float(w, grad, lr):
    return w - float(lr) * grad


r4_step_no_grad = jax.jit(lambda w, grad, lr: w - lr)


r4_step_delta_only = jax.jit(lambda w, grad, lr: -lr * grad)


def r4_step_rewrap(w, grad, lr):
    return jax.jit(lambda w, g: w - lr * g)(w, grad)


@jax.jit
def r4_step_python_if(w, grad, lr):
    if lr > 0:
        return w - lr * grad
    return w


@jax.jit
def r4_step_decorated(w, grad, lr):
    return jnp.subtract(w, jnp.multiply(lr, grad))


r4_step_keywords = jax.jit(lambda w, grad, lr: w - grad * lr, static_argnums=())


def _r4_step_tree(w, grad, lr):
    return jax.tree.map(lambda p, g: p - lr * g, w, grad)


r4_step_tree = jax.jit(_r4_step_tree)


ROUND_4 = (
    # 07.count_traces
    Wrong("07.count_traces", "6: thinks every call traces again", lambda: 6),
    Wrong("07.count_traces", "3: ignores weak typing, so counts int32[4], float32[4] and one scalar int32 (the Python 2 and jnp.int32(2) treated as the same)", lambda: 3),
    Wrong("07.count_traces", "2: only counts distinct shapes (vector and scalar), ignoring dtype and weak type", lambda: 2),
    Wrong("07.count_traces", "1: thinks jit traces only once, on the first call", lambda: 1),
    Wrong("07.count_traces", "5: thinks a Python int argument is baked in like a static value, so 7 traces again after 2", lambda: 5),
    Wrong("07.count_traces", "8: counts one trace plus one compile for each new signature as two", lambda: 8),
    Wrong("07.count_traces", "the word 'four' as a string instead of an int", lambda: "four"),
    Wrong("07.count_traces", "0: thinks jax.jit traces when it wraps, never at the calls", lambda: 0),
    # 07.static_window
    Wrong("07.static_window", "jax.jit(smooth) with nothing static: jnp.ones(window) with a traced window fails", lambda: jax.jit(smooth)),
    Wrong("07.static_window", "static_argnums=0 makes x static (wrong position): x is an unhashable array, and window is still traced", lambda: jax.jit(smooth, static_argnums=0)),
    Wrong("07.static_window", "static_argnums=(1, 2): scale made static too, but scale is an array that changes on each call (unhashable, and would retrace per value)", lambda: jax.jit(smooth, static_argnums=(1, 2))),
    Wrong("07.static_window", "static_argnums=2: counts from 1, so marks scale static instead of window", lambda: jax.jit(smooth, static_argnums=2)),
    Wrong("07.static_window", "static_argnames='scale': wrong argument named static", lambda: jax.jit(smooth, static_argnames="scale")),
    Wrong("07.static_window", "no static argument, but converts window with int(window) inside a jitted lambda, hoping that makes it concrete: int() of a tracer fails", lambda: jax.jit(lambda x, window, scale: smooth(x, int(window), scale))),
    Wrong("07.static_window", "forgot to jit: fast_smooth = smooth", lambda: smooth),
    Wrong("07.static_window", "sets fast_smooth to the result of one call, jax.jit(smooth, static_argnums=1)(x, 3, 1.0), instead of the jitted function", lambda: jax.jit(smooth, static_argnums=1)(jnp.arange(6.0), 3, jnp.array(1.0))),
    Wrong("07.static_window", "wrapper def fast_smooth(x, w, s) around jax.jit(smooth, static_argnums=1): works positionally, but a call with window= or scale= by keyword fails (parameter names changed)", lambda: r4_smooth_renamed),
    Wrong("07.static_window", "builds jax.jit(functools.partial(smooth, window=window)) inside each call: right values, but a new function object every call, so it traces and compiles on every call", lambda: r4_smooth_partial_each_call),
    Wrong("07.static_window", "hard-codes window=3 inside a jitted lambda and ignores the window argument (right only for window 3)", lambda: r4_smooth_fixed_window),
    # 07.stale_global
    Wrong("07.stale_global", "makes lr static (static_argnums=2): right values, but retraces and recompiles for every new learning rate", lambda: r4_step_static),
    Wrong("07.stale_global", "not jitted: a plain Python function", lambda: _r4_plain_step),
    Wrong("07.stale_global", "takes lr but still reads the global learning_rate inside the jitted function: stale global, lr ignored", lambda: r4_step_global),
    Wrong("07.stale_global", "sign slip: w + lr * grad", lambda: r4_step_plus),
    Wrong("07.stale_global", "divides by the learning rate: w - grad / lr", lambda: r4_step_divide),
    Wrong("07.stale_global", "float(lr) inside the jitted function: concretization error on a traced lr", lambda: r4_step_float),
    Wrong("07.stale_global", "forgets grad: w - lr (right only when grad is 1, as in the lesson's schedule)", lambda: r4_step_no_grad),
    Wrong("07.stale_global", "returns only the update -lr * grad, not w - lr * grad (right only when w is 0)", lambda: r4_step_delta_only),
    Wrong("07.stale_global", "re-wraps jax.jit(lambda w, g: w - lr * g) inside step on every call: lr closed over, a new function each call, so it traces every time (and step itself is not jitted)", lambda: r4_step_rewrap),
    Wrong("07.stale_global", "guards with a Python 'if lr > 0' on the traced lr inside jit: fails", lambda: r4_step_python_if),
    # 07.debug_print
    Wrong("07.debug_print", "A: thinks print sees values and runs on every call under jit", lambda: "A"),
    Wrong("07.debug_print", "B: forgets that jnp.arange(3.0), a new shape, traces again", lambda: "B"),
    Wrong("07.debug_print", "D: thinks jax.debug.print also prints a tracer", lambda: "D"),
    Wrong("07.debug_print", "E: thinks 2.0 traces again because the value changed", lambda: "E"),
    Wrong("07.debug_print", "lowercase e", lambda: "e"),
    Wrong("07.debug_print", "lowercase b", lambda: "b"),
    Wrong("07.debug_print", "hedges 'C or E'", lambda: "C or E"),
    Wrong("07.debug_print", "left the placeholder ... (Ellipsis)", lambda: ...),
)

RIGHT_4 = (
    Right("07.count_traces", "counted by running the six calls with a trace counter", r4_count_by_running),
    Right("07.count_traces", "int(jnp.array(4))", lambda: int(jnp.array(4))),
    Right("07.count_traces", "2 + 2, an int expression", lambda: 2 + 2),
    Right("07.static_window", "static_argnames='window'", lambda: jax.jit(smooth, static_argnames="window")),
    Right("07.static_window", "static_argnums=(1,), a tuple", lambda: jax.jit(smooth, static_argnums=(1,))),
    Right("07.static_window", "own copy of smooth decorated with functools.partial(jax.jit, static_argnames=('window',))", lambda: r4_smooth_decorated),
    Right("07.static_window", "static_argnums=[1] as a list, and static_argnames=['window'] together", lambda: jax.jit(smooth, static_argnums=[1], static_argnames=["window"])),
    Right("07.stale_global", "@jax.jit decorated with jnp.subtract and jnp.multiply", lambda: r4_step_decorated),
    Right("07.stale_global", "jitted lambda with grad * lr and an explicit empty static_argnums", lambda: r4_step_keywords),
    Right("07.stale_global", "jax.tree.map update (works for a scalar w as a leaf), jitted", lambda: r4_step_tree),
    Right("07.debug_print", "lowercase 'c'", lambda: "c"),
    Right("07.debug_print", "' C' with a leading space", lambda: " C"),
    Right("07.debug_print", "'C\\n' with a trailing newline", lambda: "C\n"),
)
