"""Round 10, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import itertools
import math
import time
import timeit

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- the lesson's model and loss ------------------------------------------------------


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _sq_sum(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# --- 08.update -----------------------------------------------------------------------


def r10_update_penalised_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _sq_sum(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r10_update_no_half(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay * _sq_sum(p)

    value, grads = jax.value_and_grad(loss)(params, x, y)
    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r10_update_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - decay) - lr * g, params, grads), value


def r10_update_new_loss(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _sq_sum(p))(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss(new, x, y)


def r10_update_mean_sq(params, x, y, lr, decay):
    def total(p):
        leaves = jnp.stack([jnp.ravel(q) for q in jax.tree.leaves(p)])
        return loss(p, x, y) + decay / 2 * jnp.mean(leaves**2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r10_update_no_bias_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {
        k: params[k] - lr * (grads[k] + (decay * params[k] if k != "c" else 0.0)) for k in params
    }
    return new, value


def r10_update_decay_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r10_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r10_update_lr_on_grad_only(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r10_update_forgot_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r10_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        return plain + 0.5 * decay * _sq_sum(p), plain

    (_, value), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r10_update_shrink(params, x, y, lr, decay):
    """Right: p (1 - lr decay) - lr g is the same step, reordered."""
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {k: params[k] * (1.0 - lr * decay) - lr * grads[k] for k in params}
    return new, value


def r10_update_tuple(params, x, y, lr, decay):
    """Right: gradient of the penalty written by hand, a list returned instead of a tuple."""
    value, grads = jax.value_and_grad(loss)(params, x, y)
    full = jax.tree.map(lambda g, p: g + decay * p, grads, params)
    return [jax.tree.map(lambda p, g: p - lr * g, params, full), value]


# --- 08.fit --------------------------------------------------------------------------


def r10_fit_returns_next(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r10_fit_steps_plus_one(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new


def r10_fit_recompute(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r10_fit_le(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new, steps + 1


def r10_fit_capped(step, params, x, y, lr, target):
    for steps in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new
    return params, 100


def r10_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r10_fit_value_first(step, params, x, y, lr, target):
    steps = 0
    while True:
        value, new = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1


def r10_fit_prev_keep(step, params, x, y, lr, target):
    value, steps, prev = math.inf, 0, params
    while value >= target:
        prev = params
        params, value = step(params, x, y, lr)
        steps += 1
    return prev, steps


def r10_fit_steps_only(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps
        params, steps = new, steps + 1


def r10_fit_count(step, params, x, y, lr, target):
    """Right: itertools.count and float() on each loss."""
    for steps in itertools.count():
        new, value = step(params, x, y, lr)
        if float(value) < target:
            return params, steps
        params = new


def r10_fit_prev(step, params, x, y, lr, target):
    """Right: value lags one step behind, so keep the parameters it belongs to."""
    prev, value, updates = None, math.inf, -1
    while not value < target:
        prev = params
        params, value = step(params, x, y, lr)
        updates += 1
    return (prev, updates)


def r10_fit_recursive_jit(step, params, x, y, lr, target):
    """Right: wraps step in jax.jit again (harmless) and counts with a list."""
    fast = jax.jit(step)
    history = [params]
    while True:
        new, value = fast(history[-1], x, y, lr)
        if value < target:
            return history[-1], len(history) - 1
        history.append(new)


# --- 08.speedup ----------------------------------------------------------------------


def _per_call(fn, args, n):
    start = time.perf_counter()
    for _ in range(n):
        out = fn(*args)
    jax.block_until_ready(out)
    return (time.perf_counter() - start) / n


def r10_speed_no_warmup(step, *args):
    fast = jax.jit(step)
    return _per_call(step, args, 20) / _per_call(fast, args, 20)


def r10_speed_no_block(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(50):
        step(*args)
    eager = (time.perf_counter() - t0) / 50
    t0 = time.perf_counter()
    for _ in range(50):
        fast(*args)
    return eager / ((time.perf_counter() - t0) / 50)


def r10_speed_one_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(step, args, 1) / _per_call(fast, args, 1)


def r10_speed_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(fast, args, 50) / _per_call(step, args, 50)


def r10_speed_rewrap_lambda(step, *args):
    jax.block_until_ready(jax.jit(step)(*args))
    eager = _per_call(step, args, 20)
    return eager / _per_call(lambda *a: jax.jit(lambda *b: step(*b))(*a), args, 20)


def r10_speed_times(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(step, args, 50), _per_call(fast, args, 50)


def r10_speed_warm_counted(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))  # "warm-up", but inside the timed region
    for _ in range(49):
        out = fast(*args)
    jax.block_until_ready(out)
    jit_s = (time.perf_counter() - start) / 50
    return _per_call(step, args, 50) / jit_s


def r10_speed_timing(step, *args):
    from jaxtour import timing

    fast = jax.jit(step)
    eager = timing.measure(step, *args, label="eager", budget_s=0.3)
    jitted = timing.measure(fast, *args, label="jit", budget_s=0.3)
    return eager.median_s / jitted.median_s


def r10_speed_uneven_counts(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(5):
        jax.block_until_ready(step(*args))
    eager_total = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(50):
        jax.block_until_ready(fast(*args))
    return eager_total / (time.perf_counter() - t0)  # totals over 5 and 50 calls


def r10_speed_timeit(step, *args):
    """Right: timeit.repeat with the best of several repeats."""
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    e = min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=10, repeat=5))
    j = min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=10, repeat=5))
    return e / j


def r10_speed_ns_median(step, *args):
    """Right: perf_counter_ns per call, medians, blocking every call."""
    fast = jax.jit(step)

    def median_ns(fn):
        jax.block_until_ready(fn(*args))
        samples = []
        for _ in range(31):
            t0 = time.perf_counter_ns()
            jax.block_until_ready(fn(*args))
            samples.append(time.perf_counter_ns() - t0)
        return sorted(samples)[len(samples) // 2]

    return median_ns(step) / median_ns(fast)


ROUND_10 = [
    # 08.update
    Wrong(
        "08.update", "returns the loss with the penalty in it", lambda: r10_update_penalised_value
    ),
    Wrong("08.update", "penalty decay * sum p^2: the 1/2 dropped", lambda: r10_update_no_half),
    Wrong(
        "08.update",
        "decoupled decay p*(1-decay), lr not applied to it",
        lambda: r10_update_decoupled,
    ),
    Wrong("08.update", "returns the loss at the new parameters", lambda: r10_update_new_loss),
    Wrong("08.update", "mean of the squares instead of their sum", lambda: r10_update_mean_sq),
    Wrong(
        "08.update",
        "no decay on the bias c (a deep-learning habit)",
        lambda: r10_update_no_bias_decay,
    ),
    Wrong("08.update", "decay term with the wrong sign", lambda: r10_update_decay_sign),
    Wrong("08.update", "returns (loss, params), swapped", lambda: r10_update_swapped),
    Wrong(
        "08.update",
        "lr multiplies the gradient but not the decay",
        lambda: r10_update_lr_on_grad_only,
    ),
    Wrong("08.update", "the lesson's sgd_step: decay ignored", lambda: r10_update_forgot_decay),
    # 08.fit
    Wrong(
        "08.fit", "returns the parameters one update past the target", lambda: r10_fit_returns_next
    ),
    Wrong("08.fit", "right parameters, count one too many", lambda: r10_fit_steps_plus_one),
    Wrong("08.fit", "recomputes the lesson's loss each step", lambda: r10_fit_recompute),
    Wrong("08.fit", "stops at loss <= target (a tie stops too early)", lambda: r10_fit_le),
    Wrong("08.fit", "capped at 100 steps like train's demo", lambda: r10_fit_capped),
    Wrong("08.fit", "returns (steps, params)", lambda: r10_fit_swapped),
    Wrong("08.fit", "unpacks the step's result as (value, params)", lambda: r10_fit_value_first),
    Wrong(
        "08.fit", "keeps the previous params but counts the extra step", lambda: r10_fit_prev_keep
    ),
    Wrong("08.fit", "returns only the number of steps", lambda: r10_fit_steps_only),
    # 08.speedup
    Wrong("08.speedup", "no warm-up: the compile is in the jit time", lambda: r10_speed_no_warmup),
    Wrong("08.speedup", "never blocks: times dispatch only", lambda: r10_speed_no_block),
    Wrong("08.speedup", "one call each side", lambda: r10_speed_one_call),
    Wrong("08.speedup", "ratio inverted: jit time over eager", lambda: r10_speed_inverted),
    Wrong(
        "08.speedup",
        "re-wraps a lambda each call: retraces every time",
        lambda: r10_speed_rewrap_lambda,
    ),
    Wrong("08.speedup", "returns the two times, not their ratio", lambda: r10_speed_times),
    Wrong(
        "08.speedup", "first (compiling) call inside the timed loop", lambda: r10_speed_warm_counted
    ),
    Wrong(
        "08.speedup",
        "totals of 5 eager and 50 jit calls, not per call",
        lambda: r10_speed_uneven_counts,
    ),
    Wrong(
        "08.speedup", "times with jaxtour.timing (refused by the task)", lambda: r10_speed_timing
    ),
]

RIGHT_10 = [
    Right(
        "08.update",
        "value_and_grad with has_aux returning the plain loss",
        lambda: r10_update_has_aux,
    ),
    Right("08.update", "shrink form p(1 - lr decay) - lr g", lambda: r10_update_shrink),
    Right("08.update", "penalty gradient by hand, a list returned", lambda: r10_update_tuple),
    Right("08.fit", "itertools.count and float(value)", lambda: r10_fit_count),
    Right("08.fit", "keeps the previous parameters, counts from -1", lambda: r10_fit_prev),
    Right("08.fit", "history list, jit again around step", lambda: r10_fit_recursive_jit),
    Right("08.speedup", "timeit.repeat, best of five", lambda: r10_speed_timeit),
    Right(
        "08.speedup", "perf_counter_ns medians, blocking every call", lambda: r10_speed_ns_median
    ),
]
