"""Round 17, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import time
import timeit

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- the page's model ---------------------------------------------------------------


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _penalty(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# --- 08.update ----------------------------------------------------------------------


def r17_update_value_with_penalty(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _penalty(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r17_update_full_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r17_update_half_in_grad(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r17_update_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - decay) - lr * g, params, grads), value


def r17_update_l1(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(q)) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r17_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r17_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r17_update_mean_penalty(params, x, y, lr, decay):
    def total(p):
        leaves = jnp.stack([jnp.ravel(q) for q in jax.tree.leaves(p)])
        return loss(p, x, y) + decay / 2 * jnp.mean(leaves**2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r17_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def r17_update_grad_unpack(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _penalty(p)

    value, grads = jax.grad(total)(params)  # grad taken for value_and_grad
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r17_update_leaves_list(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = [
        p - lr * (g + decay * p)
        for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads))  # noqa: B905
    ]
    return new, value


def r17_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        return plain + decay / 2 * _penalty(p), plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r17_update_shrink_first(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {k: (1 - lr * decay) * params[k] - lr * grads[k] for k in reversed(list(params))}
    return new, value


def r17_update_list_result(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    grads = jax.tree.map(lambda g, p: g + decay * p, grads, params)
    return [jax.tree.map(lambda p, g: p - lr * g, params, grads), value]


# --- 08.fit -------------------------------------------------------------------------


def r17_fit_returns_next(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, steps + 1  # the params after the good ones
        params, steps = new, steps + 1


def r17_fit_count_plus_one(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new


def r17_fit_second_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r17_fit_at_most(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new, steps + 1


def r17_fit_cap_100(step, params, x, y, lr, target):
    for i in range(100):  # the page trained 100 steps
        new, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new
    return params, 100


def r17_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r17_fit_check_after(step, params, x, y, lr, target):
    steps, value = 0, jnp.inf
    while value >= target:
        params, value = step(params, x, y, lr)
        steps += 1
    return params, steps


def r17_fit_always_one(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps - 1


def r17_fit_float(step, params, x, y, lr, target):
    steps = 0
    new, value = step(params, x, y, lr)
    while float(value) >= target:
        params = new
        new, value = step(params, x, y, lr)
        steps += 1
    return params, steps


def r17_fit_while_loop(step, params, x, y, lr, target):
    nxt, value = step(params, x, y, lr)

    def cond(carry):
        return carry[2] >= target

    def body(carry):
        _, n, _, p = carry
        p_next, v = step(p, x, y, lr)
        return p, n + 1, v, p_next

    out = jax.lax.while_loop(cond, body, (params, 0, value, nxt))
    return out[0], out[1]


def r17_fit_count_loop(step, params, x, y, lr, target):
    for steps in __import__("itertools").count():
        new, value = step(params, x, y, lr)
        if value.item() < target:
            return params, steps
        params = new


# --- 08.speedup ---------------------------------------------------------------------


def _block(out):
    return jax.block_until_ready(out)


def r17_speed_naive(step, *args):
    fast_step = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast_step(*args)
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def r17_speed_no_warmup(step, *args, n=10):
    fast = jax.jit(step)
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager / ((time.perf_counter() - start) / n)


def r17_speed_no_block(step, *args, n=50):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    start = time.perf_counter()
    for _ in range(n):
        step(*args)
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)
    return eager / ((time.perf_counter() - start) / n)


def r17_speed_inverted(step, *args, n=50):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return (time.perf_counter() - start) / eager


def r17_speed_block_args(step, *args, n=50):
    fast = jax.jit(step)
    fast(*args)
    start = time.perf_counter()
    for _ in range(n):
        step(*_block(args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        fast(*_block(args))  # waits for the inputs, not the result
    return eager / (time.perf_counter() - start)


def r17_speed_warm_eager_only(step, *args, n=20):
    fast = jax.jit(step)
    _block(step(*args))  # warm-up, but of the wrong side
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager / (time.perf_counter() - start)


def r17_speed_tuple(step, *args, n=50):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager, (time.perf_counter() - start) / n


def r17_speed_unequal_counts(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(10):
        _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(100):
        _block(fast(*args))
    return eager / (time.perf_counter() - start)  # totals, not per call


def r17_speed_method_block(step, *args, n=50):
    fast = jax.jit(step)
    fast(*args).block_until_ready()  # the step returns a tuple
    start = time.perf_counter()
    for _ in range(n):
        step(*args).block_until_ready()
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        fast(*args).block_until_ready()
    return eager / (time.perf_counter() - start)


def r17_speed_one_each(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    _block(step(*args))
    start = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    _block(fast(*args))
    return eager / (time.perf_counter() - start)


def r17_speed_block_last_eager_only(step, *args, n=50):
    fast = jax.jit(step)
    fast(*args)
    start = time.perf_counter()
    for _ in range(n):
        out = step(*args)
    _block(out)
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)
    return eager / (time.perf_counter() - start)


def r17_speed_time_time(step, *args, n=100):
    fast = jax.jit(step)
    _block(fast(*args))
    t0 = time.time()
    for _ in range(n):
        _block(step(*args))
    t1 = time.time()
    for _ in range(n):
        _block(fast(*args))
    t2 = time.time()
    return (t1 - t0) / (t2 - t1)


def r17_speed_timeit_min(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    eager = min(timeit.repeat(lambda: _block(step(*args)), number=10, repeat=5)) / 10
    jitted = min(timeit.repeat(lambda: _block(fast(*args)), number=50, repeat=5)) / 50
    return eager / jitted


def r17_speed_block_last(step, *args, n=60):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter_ns()
    for _ in range(n):
        out = step(*args)
    jax.block_until_ready(out)  # results come in order: the last one is enough
    eager = time.perf_counter_ns() - start
    start = time.perf_counter_ns()
    for _ in range(n):
        out = fast(*args)
    jax.block_until_ready(out)
    return eager / (time.perf_counter_ns() - start)


_fast_cache = []


def r17_speed_cached_jit(step, *args, n=50):
    if not _fast_cache:  # wrap once, as lesson 07 advises
        _fast_cache.append(jax.jit(step))
    fast = _fast_cache[0]  # the first step ever measured, on every later call
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager / (time.perf_counter() - start)


def r17_fit_fori(step, params, x, y, lr, target):
    def body(i, carry):
        p, n = carry
        new, value = step(p, x, y, lr)
        done = value < target
        return jax.tree.map(lambda a, b: jnp.where(done, a, b), p, new), n + (~done)

    return jax.lax.fori_loop(0, 100, body, (params, 0))


ROUND_17 = [
    Wrong("08.update", "returns the loss with the penalty", lambda: r17_update_value_with_penalty),
    Wrong(
        "08.update",
        "penalty weighed decay (Keras), gradient 2*decay*p",
        lambda: r17_update_full_decay,
    ),
    Wrong(
        "08.update",
        "decay/2 * p in the gradient, the 2 not taken down",
        lambda: r17_update_half_in_grad,
    ),
    Wrong("08.update", "decoupled decay p*(1-decay) without lr", lambda: r17_update_decoupled),
    Wrong("08.update", "L1 penalty (sum of |p|)", lambda: r17_update_l1),
    Wrong("08.update", "returns (loss, params), swapped", lambda: r17_update_swapped),
    Wrong("08.update", "loss computed at the new params", lambda: r17_update_loss_after),
    Wrong("08.update", "mean of squares instead of sum", lambda: r17_update_mean_penalty),
    Wrong("08.update", "decay term added with the wrong sign", lambda: r17_update_sign),
    Wrong("08.update", "jax.grad unpacked as if value_and_grad", lambda: r17_update_grad_unpack),
    Wrong("08.update", "new params as a list of leaves, dict lost", lambda: r17_update_leaves_list),
    Wrong("08.fit", "returns the params after the ones below target", lambda: r17_fit_returns_next),
    Wrong("08.fit", "counts the step whose loss was checked", lambda: r17_fit_count_plus_one),
    Wrong("08.fit", "second computation with the lesson's loss", lambda: r17_fit_second_loss),
    Wrong("08.fit", "stops at loss <= target (differs on a tie only)", lambda: r17_fit_at_most),
    Wrong("08.fit", "capped at the page's 100 steps", lambda: r17_fit_cap_100),
    Wrong("08.fit", "returns (steps, params)", lambda: r17_fit_swapped),
    Wrong("08.fit", "takes the step's loss as the new params' loss", lambda: r17_fit_check_after),
    Wrong("08.fit", "keeps the stepped params, count adjusted only", lambda: r17_fit_always_one),
    Wrong("08.speedup", "the page's naive version: one call, no warm-up", lambda: r17_speed_naive),
    Wrong(
        "08.speedup",
        "10 calls each, compile of the first jit call timed",
        lambda: r17_speed_no_warmup,
    ),
    Wrong("08.speedup", "warm-up, but no block_until_ready anywhere", lambda: r17_speed_no_block),
    Wrong("08.speedup", "ratio inverted: jit time over eager time", lambda: r17_speed_inverted),
    Wrong(
        "08.speedup",
        "block_until_ready on the arguments, not results",
        lambda: r17_speed_block_args,
    ),
    Wrong(
        "08.speedup",
        "warmed up the eager step instead of the jitted",
        lambda: r17_speed_warm_eager_only,
    ),
    Wrong("08.speedup", "returns (eager, jit) times, not the ratio", lambda: r17_speed_tuple),
    Wrong(
        "08.speedup",
        "10 eager calls vs 100 jit calls, totals divided",
        lambda: r17_speed_unequal_counts,
    ),
    Wrong("08.speedup", ".block_until_ready() on the step's tuple", lambda: r17_speed_method_block),
    Wrong("08.speedup", "warm-up and block, but one call each side", lambda: r17_speed_one_each),
    Wrong("08.speedup", "blocks the eager side only", lambda: r17_speed_block_last_eager_only),
    Wrong(
        "08.speedup",
        "jitted step cached globally: later steps reuse the first",
        lambda: r17_speed_cached_jit,
    ),
    Wrong("08.fit", "fori_loop of 100 steps that freezes once below", lambda: r17_fit_fori),
]
RIGHT_17 = [
    Right("08.update", "has_aux carries the plain loss", lambda: r17_update_has_aux),
    Right(
        "08.update",
        "shrink then step, dict built in reverse key order",
        lambda: r17_update_shrink_first,
    ),
    Right("08.update", "decay folded into grads, result as a list", lambda: r17_update_list_result),
    Right("08.fit", "float() of the loss each step, one step ahead", lambda: r17_fit_float),
    Right(
        "08.fit", "lax.while_loop carrying params, count, loss, next", lambda: r17_fit_while_loop
    ),
    Right("08.fit", "itertools.count and .item()", lambda: r17_fit_count_loop),
    Right("08.speedup", "time.time over 100 blocked calls each", lambda: r17_speed_time_time),
    Right("08.speedup", "timeit.repeat, best per-call time", lambda: r17_speed_timeit_min),
    Right(
        "08.speedup",
        "ns clock, blocks only the last result of each loop",
        lambda: r17_speed_block_last,
    ),
]
