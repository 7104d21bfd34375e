"""Round 18, lesson 08 (Fit a model with grad, jit and a training loop):
answers from the lesson's text alone.
"""

from __future__ import annotations

import itertools
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup, as the learner's notebook has it ------------------------------


def initial_params():
    return {"a": jnp.array(0.0), "b": jnp.array(0.0), "c": jnp.array(0.0)}


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


# ---- 08.update: one SGD step on loss + decay/2 * sum p**2, return the bare loss ----------


def _r18_sq_sum(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def r18_update_penalized_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _r18_sq_sum(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r18_update_keras_weight(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay * _r18_sq_sum(p)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r18_update_plus_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def r18_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r18_update_loss_at_new(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _r18_sq_sum(p))(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss(new, x, y)


def r18_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r18_update_no_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)


def r18_update_swapped_return(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r18_update_half_gradient(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r18_update_l1(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(q)) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r18_update_mean_squares(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.mean(q**2) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r18_update_skip_bias(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {}
    for name in params:
        g = grads[name] if name == "c" else grads[name] + decay * params[name]
        new[name] = params[name] - lr * g
    return new, value


def r18_update_shrink_after(params, x, y, lr, decay):
    stepped, value = sgd_step(params, x, y, lr)
    return jax.tree.map(lambda p: p * (1 - lr * decay), stepped), value


def r18_update_right_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1.0 - lr * decay) - lr * g, params, grads), value


def r18_update_right_has_aux(params, x, y, lr, decay):
    def objective(p):
        bare = loss(p, x, y)
        penalty = 0.5 * decay * sum(jnp.vdot(q, q) for q in jax.tree.leaves(p))
        return bare + penalty, bare

    (_, value), grads = jax.value_and_grad(objective, has_aux=True)(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, value


def r18_update_right_ravel(params, x, y, lr, decay):
    flat, unravel = ravel_pytree(params)

    def flat_objective(v):
        return loss(unravel(v), x, y) + decay / 2 * jnp.dot(v, v)

    g = jax.grad(flat_objective)(flat)
    return unravel(flat - lr * g), loss(params, x, y)


# ---- 08.fit: fit_until(step, params, x, y, lr, target) -> (params, steps) ---------------


def r18_fit_returns_next(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r18_fit_next_params_old_count(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        steps += 1


def r18_fit_own_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r18_fit_less_equal(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new, steps + 1


def r18_fit_capped_100(step, params, x, y, lr, target):
    for i in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new
    return params, 100


def r18_fit_counts_last_call(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new


def r18_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r18_fit_float_steps(step, params, x, y, lr, target):
    steps = 0.0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1.0


def r18_fit_returns_losses(step, params, x, y, lr, target):
    losses = []
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, losses
        losses.append(value)
        params = new


def r18_fit_step_twice(step, params, x, y, lr, target):
    steps = 0
    while step(params, x, y, lr)[1] >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r18_fit_check_new_with_loss(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1
        if loss(params, x, y) < target:
            return params, steps


def r18_fit_right_count(step, params, x, y, lr, target):
    for n in itertools.count():
        following, value = step(params, x, y, lr)
        if float(value) < target:
            return params, n
        params = following


def r18_fit_right_while_loop(step, params, x, y, lr, target):
    first_next, first_value = step(params, x, y, lr)

    def keep_going(carry):
        return carry[2] >= target

    def body(carry):
        _, n, _, nxt = carry
        following, value = step(nxt, x, y, lr)
        return nxt, n + 1, value, following

    out, n, _, _ = jax.lax.while_loop(
        keep_going, body, (params, jnp.int32(0), first_value, first_next)
    )
    return out, n


def r18_fit_right_pending(step, params, x, y, lr, target):
    history = [params]
    current, value = params, None
    while True:
        nxt, value = step(current, x, y, lr)
        if not bool(value >= target):
            return history[-1], jnp.asarray(len(history) - 1)
        current = nxt
        history.append(current)


# ---- 08.speedup: eager time / jitted time per call, measured honestly ------------------


def r18_speed_naive(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def r18_speed_no_block(step, *args, calls=30):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    start = time.perf_counter()
    for _ in range(calls):
        step(*args)
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        fast(*args)
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_no_warmup(step, *args, calls=20):
    fast = jax.jit(step)
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_inverted(step, *args, calls=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return jit_s / eager_s


def r18_speed_totals_unequal_counts(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(step(*args))
    eager_total = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(100):
        jax.block_until_ready(fast(*args))
    jit_total = time.perf_counter() - start
    return eager_total / jit_total


def r18_speed_rewrap_lambda(step, *args, calls=10):
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(jax.jit(lambda *a: step(*a))(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_timing_module(step, *args):
    from jaxtour import timing  # the lesson's own helper, which the task forbids

    eager = timing.measure(step, *args, label="eager", budget_s=0.3)
    fast = jax.jit(step)
    jitted = timing.measure(fast, *args, label="jit", budget_s=0.3)
    return eager.median_s / jitted.median_s


def r18_speed_eager_cold(step, *args, calls=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_times_tuple(step, *args, calls=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s, jit_s


def r18_speed_block_jit_only(step, *args, calls=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    step(*args)
    start = time.perf_counter()
    for _ in range(calls):
        step(*args)
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_both_jitted(step, *args, calls=30):
    fast = jax.jit(step)
    step = fast  # "reuse the compiled one for the warm-up"
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r18_speed_right_median_ns(step, *args, calls=40):
    fast = jax.jit(step)

    def per_call(fn):
        jax.block_until_ready(fn(*args))  # warm-up: compile, caches
        samples = []
        for _ in range(calls):
            t0 = time.perf_counter_ns()
            jax.block_until_ready(fn(*args))
            samples.append(time.perf_counter_ns() - t0)
        return statistics.median(samples)

    return per_call(step) / per_call(fast)


def r18_speed_right_timeit(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    number = 10
    eager = (
        min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=number, repeat=5))
        / number
    )
    jitted = (
        min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=number, repeat=5))
        / number
    )
    return eager / jitted


def r18_speed_right_budget(step, *args, budget_s=0.15):
    fast = jax.jit(step)

    def per_call(fn):
        jax.block_until_ready(fn(*args))
        samples, start = [], time.monotonic()
        while time.monotonic() - start < budget_s or len(samples) < 5:
            t0 = time.monotonic()
            jax.block_until_ready(fn(*args))
            samples.append(time.monotonic() - t0)
        return float(np.median(samples))

    return per_call(step) / per_call(fast)


ROUND_18 = [
    Wrong(
        "08.update", "returned the penalized loss as loss_value", lambda: r18_update_penalized_value
    ),
    Wrong("08.update", "penalty decay * sum p**2, no / 2", lambda: r18_update_keras_weight),
    Wrong(
        "08.update", "added lr * decay * p instead of subtracting", lambda: r18_update_plus_decay
    ),
    Wrong("08.update", "decay * p subtracted without the lr", lambda: r18_update_decay_without_lr),
    Wrong("08.update", "loss_value at the new params", lambda: r18_update_loss_at_new),
    Wrong(
        "08.update", "penalty on the square of the params' sum", lambda: r18_update_square_of_sum
    ),
    Wrong("08.update", "left the decay out: plain sgd_step", lambda: r18_update_no_decay),
    Wrong("08.update", "returned (loss_value, new_params)", lambda: r18_update_swapped_return),
    Wrong("08.update", "decay gradient taken as decay / 2 * p", lambda: r18_update_half_gradient),
    Wrong("08.update", "L1 penalty, sum of |p|", lambda: r18_update_l1),
    Wrong("08.update", "jnp.mean of squares per leaf, not sum", lambda: r18_update_mean_squares),
    Wrong("08.update", "no decay on the bias c", lambda: r18_update_skip_bias),
    Wrong("08.update", "shrank the params after the SGD step", lambda: r18_update_shrink_after),
    Wrong("08.fit", "returned the params after the last update", lambda: r18_fit_returns_next),
    Wrong(
        "08.fit", "next params, count of the params before", lambda: r18_fit_next_params_old_count
    ),
    Wrong("08.fit", "recomputed the lesson's loss to test", lambda: r18_fit_own_loss),
    Wrong("08.fit", "stopped at loss <= target", lambda: r18_fit_less_equal),
    Wrong("08.fit", "at most 100 steps, as in the lesson", lambda: r18_fit_capped_100),
    Wrong("08.fit", "counted the call that found the loss", lambda: r18_fit_counts_last_call),
    Wrong("08.fit", "returned (steps, params)", lambda: r18_fit_swapped),
    Wrong("08.fit", "counted steps in a float", lambda: r18_fit_float_steps),
    Wrong("08.fit", "returned the list of losses, not a count", lambda: r18_fit_returns_losses),
    Wrong("08.fit", "called step twice per update", lambda: r18_fit_step_twice),
    Wrong(
        "08.fit", "also tests new params with the lesson loss", lambda: r18_fit_check_new_with_loss
    ),
    Wrong("08.speedup", "the naive one-call timing, unchanged", lambda: r18_speed_naive),
    Wrong("08.speedup", "warmed up, never blocked", lambda: r18_speed_no_block),
    Wrong("08.speedup", "blocked, no warm-up: compile timed", lambda: r18_speed_no_warmup),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r18_speed_inverted),
    Wrong(
        "08.speedup",
        "totals of 10 eager vs 100 jitted calls",
        lambda: r18_speed_totals_unequal_counts,
    ),
    Wrong("08.speedup", "jax.jit(lambda) re-wrapped every call", lambda: r18_speed_rewrap_lambda),
    Wrong("08.speedup", "timed with jaxtour.timing.measure", lambda: r18_speed_timing_module),
    Wrong("08.speedup", "eager timed once, cold", lambda: r18_speed_eager_cold),
    Wrong("08.speedup", "returned both times, not the ratio", lambda: r18_speed_times_tuple),
    Wrong("08.speedup", "blocked the jitted calls only", lambda: r18_speed_block_jit_only),
    Wrong("08.speedup", "rebound step to the jitted one", lambda: r18_speed_both_jitted),
]

RIGHT_18 = [
    Right("08.update", "decoupled: p * (1 - lr*decay) - lr*g", lambda: r18_update_right_decoupled),
    Right("08.update", "has_aux carries the bare loss, vdot", lambda: r18_update_right_has_aux),
    Right("08.update", "ravel_pytree to one flat vector", lambda: r18_update_right_ravel),
    Right("08.fit", "itertools.count loop, float(value)", lambda: r18_fit_right_count),
    Right("08.fit", "lax.while_loop, int32 count", lambda: r18_fit_right_while_loop),
    Right("08.fit", "history list, count as a jax array", lambda: r18_fit_right_pending),
    Right("08.speedup", "median of perf_counter_ns samples", lambda: r18_speed_right_median_ns),
    Right("08.speedup", "timeit.repeat, best of five", lambda: r18_speed_right_timeit),
    Right("08.speedup", "samples until a time budget, np.median", lambda: r18_speed_right_budget),
]
