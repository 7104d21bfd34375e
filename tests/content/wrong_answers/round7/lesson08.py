"""Round 7, lesson 08 (putting it together): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


# ---------------------------------------------------------------- 08.update


def r7_update_no_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)


def r7_update_penalty_in_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(v**2) for v in jax.tree.leaves(p))

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r7_update_no_half(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r7_update_decay_not_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r7_update_decay_after(params, x, y, lr, decay):
    # decays the already-updated params (decoupled, applied to the new ones)
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda p: p - lr * decay * p, new), value


def r7_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r7_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r7_update_sum_penalty(params, x, y, lr, decay):
    # penalty on the sum of params, not the sum of squares
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r7_update_swapped_return(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r7_update_mean_penalty(params, x, y, lr, decay):
    def total(p):
        leaves = jnp.stack([jnp.ravel(v) for v in jax.tree.leaves(p)])
        return loss(p, x, y) + decay / 2 * jnp.mean(leaves**2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r7_update_mult(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1 - lr * decay) * p - lr * g, params, grads), value


def r7_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        sq = jax.tree.reduce(lambda a, b: a + b, jax.tree.map(lambda v: jnp.sum(v * v), p))
        return plain + 0.5 * decay * sq, plain

    (_, value), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r7_update_two_trees(params, x, y, lr, decay):
    new, value = sgd_step(params, x, y, lr)
    return jax.tree.map(lambda n, p: n - lr * decay * p, new, params), value


# ---------------------------------------------------------------- 08.fit


def r7_fit_returns_new(step, params, x, y, lr, target):
    n = 0
    while True:
        params, value = step(params, x, y, lr)
        n += 1
        if value < target:
            return params, n


def r7_fit_new_params_old_count(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, n
        params, n = new, n + 1


def r7_fit_recompute(step, params, x, y, lr, target):
    n = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        n += 1
    return params, n


def r7_fit_fixed_steps(step, params, x, y, lr, target):
    for _ in range(100):
        params, value = step(params, x, y, lr)
    return params, 100


def r7_fit_le(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, n
        params, n = new, n + 1


def r7_fit_count_calls(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        n += 1
        if value < target:
            return params, n
        params = new


def r7_fit_do_while(step, params, x, y, lr, target):
    # always takes at least one step
    n = 0
    value = jnp.inf
    while value >= target:
        params, value = step(params, x, y, lr)
        n += 1
    return params, n


def r7_fit_max_iters(step, params, x, y, lr, target):
    for n in range(1000):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n
        params = new
    return params, 1000


def r7_fit_swapped(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return n, params
        params, n = new, n + 1


def r7_fit_jit_inside(step, params, x, y, lr, target):
    fast = jax.jit(lambda p: step(p, x, y, lr))
    n = 0
    while True:
        new, value = fast(params)
        if value < target:
            return params, n
        params, n = new, n + 1


def r7_fit_right_while(step, params, x, y, lr, target):
    steps = 0
    new, value = step(params, x, y, lr)
    while not value < target:
        params, steps = new, steps + 1
        new, value = step(params, x, y, lr)
    return params, steps


def r7_fit_right_for(step, params, x, y, lr, target):
    import itertools

    for n in itertools.count():
        nxt, current_loss = step(params, x, y, lr)
        if float(current_loss) < target:
            return params, n
        params = nxt


def r7_fit_right_prev(step, params, x, y, lr, target):
    count = 0
    while True:
        previous = params
        params, value = step(previous, x, y, lr)
        if value < target:
            return previous, count
        count += 1


# ---------------------------------------------------------------- 08.speedup


def r7_speed_naive(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - start)


def r7_speed_warm_no_block(step, *args):
    fast = jax.jit(step)
    fast(*args)
    start = time.perf_counter()
    step(*args)
    eager = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - start)


def r7_speed_block_no_warm(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - start)


def r7_speed_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return (time.perf_counter() - start) / eager


def r7_speed_timing_module(step, *args):
    fast = jax.jit(step)
    eager = timing.measure(step, *args, label="eager", budget_s=0.3)
    jitted = timing.measure(fast, *args, label="jit", budget_s=0.3)
    return eager.median_s / jitted.median_s


def r7_speed_constant(step, *args):
    return 10.0


def r7_speed_rewrap(step, *args):
    # jax.jit(step) inside the timed region: the same function object, so its cache is found
    def run(f):
        times = []
        for _ in range(20):
            s = time.perf_counter()
            jax.block_until_ready(f()(*args))
            times.append(time.perf_counter() - s)
        return statistics.median(times)

    return run(lambda: step) / run(lambda: jax.jit(step))


def r7_speed_total_including_compile(step, *args):
    fast = jax.jit(step)
    n = 20
    s = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager = time.perf_counter() - s
    s = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))  # first call compiles, inside the clock
    return eager / (time.perf_counter() - s)


def r7_speed_warm_eager_only(step, *args):
    fast = jax.jit(step)
    step(*args)
    times_e, times_j = [], []
    for _ in range(20):
        s = time.perf_counter()
        jax.block_until_ready(step(*args))
        times_e.append(time.perf_counter() - s)
    for _ in range(20):
        s = time.perf_counter()
        fast(*args)  # not waited for
        times_j.append(time.perf_counter() - s)
    return statistics.median(times_e) / statistics.median(times_j)


def r7_speed_right_median(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))

    def median_time(f, n=30):
        times = []
        for _ in range(n):
            s = time.perf_counter()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter() - s)
        return statistics.median(times)

    return median_time(step) / median_time(fast)


def r7_speed_right_timeit(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    eager = min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=5, repeat=5)) / 5
    jitted = min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=20, repeat=5)) / 20
    return eager / jitted


def r7_speed_right_ns(step, *args):
    fast = jax.jit(step)
    fast(*args)[1].block_until_ready()
    def best(f):
        out = []
        for _ in range(15):
            t0 = time.perf_counter_ns()
            jax.block_until_ready(f(*args))
            out.append(time.perf_counter_ns() - t0)
        return min(out)
    return best(step) / best(fast)


ROUND_7 = [
    # 08.update
    Wrong("08.update", "sneaky: plain sgd_step, decay ignored", lambda: r7_update_no_decay),
    Wrong("08.update", "returns loss with the penalty", lambda: r7_update_penalty_in_value),
    Wrong("08.update", "gradient of penalty 2*decay*p (lost the half)", lambda: r7_update_no_half),
    Wrong("08.update", "decay term not scaled by lr", lambda: r7_update_decay_not_lr),
    Wrong("08.update", "decays the new params", lambda: r7_update_decay_after),
    Wrong("08.update", "loss at the new params", lambda: r7_update_loss_after),
    Wrong("08.update", "penalty gradient with the wrong sign", lambda: r7_update_sign),
    Wrong("08.update", "penalty on sum of params, not squares", lambda: r7_update_sum_penalty),
    Wrong("08.update", "returns (loss, params)", lambda: r7_update_swapped_return),
    Wrong("08.update", "mean of squares instead of sum", lambda: r7_update_mean_penalty),
    # 08.fit
    Wrong("08.fit", "returns params after the step whose loss was checked", lambda: r7_fit_returns_new),
    Wrong("08.fit", "new params with the old count", lambda: r7_fit_new_params_old_count),
    Wrong("08.fit", "recomputes the loss each step", lambda: r7_fit_recompute),
    Wrong("08.fit", "sneaky: fixed 100 steps", lambda: r7_fit_fixed_steps),
    Wrong("08.fit", "<= target instead of <", lambda: r7_fit_le),
    Wrong("08.fit", "counts the step calls, returns old params", lambda: r7_fit_count_calls),
    Wrong("08.fit", "always at least one step", lambda: r7_fit_do_while),
    Wrong("08.fit", "caps at 1000 steps", lambda: r7_fit_max_iters),
    Wrong("08.fit", "returns (steps, params)", lambda: r7_fit_swapped),
    # 08.speedup
    Wrong("08.speedup", "the naive measurement copied", lambda: r7_speed_naive),
    Wrong("08.speedup", "warms up but never blocks", lambda: r7_speed_warm_no_block),
    Wrong("08.speedup", "blocks but times the compile", lambda: r7_speed_block_no_warm),
    Wrong("08.speedup", "ratio inverted", lambda: r7_speed_inverted),
    Wrong("08.speedup", "uses jaxtour.timing", lambda: r7_speed_timing_module),
    Wrong("08.speedup", "sneaky: constant 10", lambda: r7_speed_constant),
    Wrong("08.speedup", "20 calls, compile inside the clock", lambda: r7_speed_total_including_compile),
    Wrong("08.speedup", "jitted calls not waited for", lambda: r7_speed_warm_eager_only),
]

RIGHT_7 = [
    Right("08.update", "(1 - lr*decay)*p - lr*g", lambda: r7_update_mult),
    Right("08.update", "has_aux carries the plain loss", lambda: r7_update_has_aux),
    Right("08.update", "sgd_step then subtract lr*decay*old p", lambda: r7_update_two_trees),
    Right("08.fit", "while not below target", lambda: r7_fit_right_while),
    Right("08.fit", "itertools.count with float()", lambda: r7_fit_right_for),
    Right("08.fit", "keeps previous", lambda: r7_fit_right_prev),
    Right("08.fit", "jits the step again inside (still right)", lambda: r7_fit_jit_inside),
    Right("08.speedup", "warm-up, block, median of 30", lambda: r7_speed_right_median),
    Right("08.speedup", "timeit.repeat best", lambda: r7_speed_right_timeit),
    Right("08.speedup", "perf_counter_ns, min of 15", lambda: r7_speed_right_ns),
    Right("08.speedup", "jax.jit(step) inside the loop: same function, cache hit; median of 20", lambda: r7_speed_rewrap),
]
