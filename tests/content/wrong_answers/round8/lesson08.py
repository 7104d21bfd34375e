"""Round 8, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# the lesson's model and loss
def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _penalty(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# 08.update: wrong
def r8_update_penalised_value(params, x, y, lr, decay):
    def full(p):
        return loss(p, x, y) + decay / 2 * _penalty(p)

    value, grads = jax.value_and_grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r8_update_decay_no_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r8_update_half_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r8_update_double_decay(params, x, y, lr, decay):
    def full(p):
        return loss(p, x, y) + decay * _penalty(p)

    grads = jax.grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r8_update_plus_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r8_update_new_loss(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r8_update_no_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r8_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r8_update_abs_penalty(params, x, y, lr, decay):
    def full(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(v)) for v in p.values())

    grads = jax.grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r8_update_decay_first(params, x, y, lr, decay):
    # shrinks first, then takes the gradient at the shrunk parameters
    shrunk = jax.tree.map(lambda p: p * (1 - lr * decay), params)
    grads = jax.grad(loss)(shrunk, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, shrunk, grads), loss(params, x, y)


def r8_update_mean_penalty(params, x, y, lr, decay):
    leaves = jnp.stack(jax.tree.leaves(params))

    def full(p):
        return loss(p, x, y) + decay / 2 * jnp.mean(jnp.stack(jax.tree.leaves(p)) ** 2)

    grads = jax.grad(full)(params)
    del leaves
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


# 08.update: right
def r8_update_aux(params, x, y, lr, decay):
    def full(p):
        plain = loss(p, x, y)
        return plain + 0.5 * decay * _penalty(p), plain

    (_, plain), grads = jax.value_and_grad(full, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r8_update_shrink(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1 - lr * decay) * p - lr * g, params, grads), value


def r8_update_dict_loop(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}
    return new, value


def r8_update_two_grads(params, x, y, lr, decay):
    g_loss = jax.grad(loss)(params, x, y)
    g_pen = jax.grad(lambda p: decay / 2 * _penalty(p))(params)
    new = jax.tree.map(lambda p, a, b: p - lr * (a + b), params, g_loss, g_pen)
    return new, loss(params, x, y)


# 08.fit: wrong
def r8_fit_returns_next(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r8_fit_count_off(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new


def r8_fit_recompute(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r8_fit_three(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps, value
        params, steps = new, steps + 1


def r8_fit_loss_not_steps(step, params, x, y, lr, target):
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, value
        params = new


def r8_fit_order(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r8_fit_capped(step, params, x, y, lr, target):
    for i in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new
    return params, 100


def r8_fit_new_after_check(step, params, x, y, lr, target):
    steps = 0
    value = float("inf")
    while value >= target:
        params, value = step(params, x, y, lr)
        steps += 1
    return params, steps - 1


def r8_fit_steps_plus(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return new, steps


def r8_fit_greater(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value > target:
            return params, steps
        params, steps = new, steps + 1


def r8_fit_pass_loss(step, params, x, y, lr, target):
    # recomputes with the lesson's loss: wrong for a step with another loss
    steps = 0
    while True:
        if loss(params, x, y) < target:
            return params, steps
        params, _ = step(params, x, y, lr)
        steps += 1


# 08.fit: right
def r8_fit_float(step, params, x, y, lr, target):
    count = 0
    while True:
        next_params, value = step(params, x, y, lr)
        if float(value) < target:
            return params, count
        params = next_params
        count += 1


def r8_fit_keep_previous(step, params, x, y, lr, target):
    steps, previous = -1, None
    value = jnp.inf
    while not value < target:
        previous = params
        params, value = step(params, x, y, lr)
        steps += 1
    return previous, steps


def r8_fit_count_iter(step, params, x, y, lr, target):
    import itertools

    for n in itertools.count():
        updated, value = step(params, x, y, lr)
        if bool(value < target):
            return params, n
        params = updated


# 08.speedup
def _block(out):
    return jax.block_until_ready(out)


def r8_speed_no_warmup(step, *args):
    fast = jax.jit(step)
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(fast(*args))
    return eager / (time.perf_counter() - t0)


def r8_speed_no_block(step, *args):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    t0 = time.perf_counter()
    step(*args)
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - t0)


def r8_speed_inverted(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    _block(step(*args))
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(fast(*args))
    return (time.perf_counter() - t0) / eager


def r8_speed_rewrap(step, *args):
    _block(step(*args))
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(jax.jit(lambda *a: step(*a))(*args))  # wraps inside the timing
    return eager / (time.perf_counter() - t0)


def r8_speed_warm_eager_only(step, *args):
    fast = jax.jit(step)
    _block(step(*args))
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(fast(*args))
    return eager / (time.perf_counter() - t0)


def r8_speed_timing_module(step, *args):
    from jaxtour import timing

    eager = timing.measure(step, *args, budget_s=0.2)
    fast = timing.measure(jax.jit(step), *args, budget_s=0.2)
    return eager.median_s / fast.median_s


def r8_speed_times(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(fast(*args))
    return eager, time.perf_counter() - t0


def r8_speed_block_eager_only(step, *args):
    fast = jax.jit(step)
    fast(*args)
    _block(step(*args))
    t0 = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - t0)


def r8_speed_both_jitted(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    t0 = time.perf_counter()
    _block(fast(*args))
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    _block(fast(*args))
    return first / (time.perf_counter() - t0)


def r8_speed_time_time_naive(step, *args):
    t0 = time.time()
    step(*args)
    eager = time.time() - t0
    t0 = time.time()
    jax.jit(step)(*args)
    return eager / max(time.time() - t0, 1e-9)


def r8_speed_ten_including_first(step, *args):
    fast = jax.jit(step)
    t0 = time.perf_counter()
    for _ in range(10):
        _block(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(10):
        _block(fast(*args))
    return eager / (time.perf_counter() - t0)


def r8_speed_median(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    _block(step(*args))

    def once(f):
        t0 = time.perf_counter()
        _block(f(*args))
        return time.perf_counter() - t0

    eager = statistics.median(once(step) for _ in range(7))
    jitted = statistics.median(once(fast) for _ in range(7))
    return eager / jitted


def r8_speed_min(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready((fast(*args), step(*args)))
    eager, jitted = [], []
    for _ in range(10):
        t0 = time.perf_counter_ns()
        jax.block_until_ready(step(*args))
        t1 = time.perf_counter_ns()
        jax.block_until_ready(fast(*args))
        t2 = time.perf_counter_ns()
        eager.append(t1 - t0)
        jitted.append(t2 - t1)
    return min(eager) / min(jitted)


def r8_speed_batch(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    _block(step(*args))
    n = 20
    t0 = time.perf_counter()
    for _ in range(n):
        out = step(*args)
    _block(out)
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(n):
        out = fast(*args)
    _block(out)
    return eager / (time.perf_counter() - t0)


ROUND_8 = [
    Wrong("08.update", "returns the loss with the penalty", lambda: r8_update_penalised_value),
    Wrong("08.update", "decay term not scaled by lr", lambda: r8_update_decay_no_lr),
    Wrong("08.update", "penalty gradient taken as decay/2 * p", lambda: r8_update_half_decay),
    Wrong("08.update", "penalty decay * sum p^2, the /2 dropped", lambda: r8_update_double_decay),
    Wrong("08.update", "decay pushes away from zero: g - decay*p", lambda: r8_update_plus_decay),
    Wrong("08.update", "loss at the new parameters", lambda: r8_update_new_loss),
    Wrong("08.update", "plain SGD, decay ignored", lambda: r8_update_no_decay),
    Wrong("08.update", "returns (loss, params)", lambda: r8_update_swapped),
    Wrong("08.update", "L1 penalty: sum of |p|", lambda: r8_update_abs_penalty),
    Wrong("08.update", "shrinks first, gradient at shrunk params", lambda: r8_update_decay_first),
    Wrong("08.update", "mean of squares instead of sum", lambda: r8_update_mean_penalty),
    Wrong(
        "08.fit", "returns the params after the step that hit target", lambda: r8_fit_returns_next
    ),
    Wrong("08.fit", "right params, count one too many", lambda: r8_fit_count_off),
    Wrong("08.fit", "recomputes the loss with loss(), wrong one later", lambda: r8_fit_recompute),
    Wrong("08.fit", "returns (steps, params)", lambda: r8_fit_order),
    Wrong("08.fit", "returns (params, steps, loss)", lambda: r8_fit_three),
    Wrong("08.fit", "returns the loss in place of the step count", lambda: r8_fit_loss_not_steps),
    Wrong("08.fit", "takes new params, then steps - 1", lambda: r8_fit_new_after_check),
    Wrong("08.fit", "returns the new params and steps + 1", lambda: r8_fit_steps_plus),
    Wrong("08.fit", "comparison inverted: stops when loss > target", lambda: r8_fit_greater),
    Wrong("08.fit", "checks with the lesson's loss, not the step's", lambda: r8_fit_pass_loss),
    Wrong("08.speedup", "no warm-up: jit's compile timed", lambda: r8_speed_no_warmup),
    Wrong("08.speedup", "warmed up, never blocks", lambda: r8_speed_no_block),
    Wrong("08.speedup", "ratio upside down: jit / eager", lambda: r8_speed_inverted),
    Wrong("08.speedup", "wraps a new lambda in jit inside the timing", lambda: r8_speed_rewrap),
    Wrong(
        "08.speedup", "warms up the eager step but not the jitted", lambda: r8_speed_warm_eager_only
    ),
    Wrong("08.speedup", "times with jaxtour.timing", lambda: r8_speed_timing_module),
    Wrong("08.speedup", "returns both times, not the ratio", lambda: r8_speed_times),
    Wrong(
        "08.speedup", "blocks the eager call, not the jitted one", lambda: r8_speed_block_eager_only
    ),
    Wrong("08.speedup", "times the jitted step twice, eager never", lambda: r8_speed_both_jitted),
    Wrong("08.speedup", "the naive version with time.time()", lambda: r8_speed_time_time_naive),
    Wrong(
        "08.speedup",
        "10 calls each, first (compile) included",
        lambda: r8_speed_ten_including_first,
    ),
]

RIGHT_8 = [
    Right("08.update", "penalised loss with has_aux for the plain loss", lambda: r8_update_aux),
    Right("08.update", "shrink factor (1 - lr*decay)", lambda: r8_update_shrink),
    Right("08.update", "dict comprehension over keys", lambda: r8_update_dict_loop),
    Right("08.update", "separate grads of loss and penalty", lambda: r8_update_two_grads),
    Right("08.fit", "while True, float(value)", lambda: r8_fit_float),
    Right("08.fit", "keeps the previous params in a while loop", lambda: r8_fit_keep_previous),
    Right("08.fit", "itertools.count", lambda: r8_fit_count_iter),
    Right("08.speedup", "warm both, median of 7 blocked calls", lambda: r8_speed_median),
    Right("08.speedup", "min of 10 interleaved, perf_counter_ns", lambda: r8_speed_min),
    Right("08.speedup", "20 calls each, blocked at the end", lambda: r8_speed_batch),
]
