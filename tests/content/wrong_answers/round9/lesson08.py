"""Round 9, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


# --- 08.update -------------------------------------------------------------------------


def r9_update_penalised(params, x, y, lr, decay):
    def total(p):
        data = loss(p, x, y)
        penalty = sum(jnp.sum(v**2) for v in jax.tree.leaves(p))
        return data + decay / 2 * penalty, data

    (_, data), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), data


def r9_update_shrink(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return {k: params[k] * (1 - lr * decay) - lr * grads[k] for k in params}, value


def r9_update_treemap3(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, value


def r9_update_no_half(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r9_update_plus_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r9_update_total_loss(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(v**2) for v in jax.tree.leaves(p))

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r9_update_new_loss(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r9_update_decay_unscaled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r9_update_forgot_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r9_update_swapped_order(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r9_update_sum_penalty_grad(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    total_sq = sum(jnp.sum(v**2) for v in jax.tree.leaves(params))
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * total_sq), params, grads), value


def r9_update_sign_of_p(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * jnp.sign(p)), params, grads)
    return new, value


def r9_update_step_then_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    moved = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda p: p * (1 - lr * decay), moved), value


# --- 08.fit ----------------------------------------------------------------------------


def r9_fit_while(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new_params, steps + 1


def r9_fit_count(step, params, x, y, lr, target):
    n = 0
    new_params, value = step(params, x, y, lr)
    while not float(value) < target:
        params = new_params
        n += 1
        new_params, value = step(params, x, y, lr)
    return params, n


def r9_fit_for(step, params, x, y, lr, target):
    for n in range(1_000_000):
        following, value = step(params, x, y, lr)
        if bool(value < target):
            return params, n
        params = following
    return params, n


def r9_fit_new_params(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r9_fit_old_params_plus_one(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new_params


def r9_fit_new_params_minus(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        steps += 1


def r9_fit_own_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r9_fit_le(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new_params, steps + 1


def r9_fit_do_while(step, params, x, y, lr, target):
    steps = 0
    value = jnp.inf
    while value >= target:
        params, value = step(params, x, y, lr)
        steps += 1
    return params, steps - 1


def r9_fit_rejit(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = jax.jit(step)(params, x, y, lr)
        if value < target:
            return new_params, steps
        params, steps = new_params, steps + 1


def r9_fit_steps_only(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return steps
        params, steps = new_params, steps + 1


def r9_fit_capped(step, params, x, y, lr, target):
    for steps in range(100):  # same 100 steps as train() above
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new_params
    return params, 100


# --- 08.speedup ------------------------------------------------------------------------


def _best_of(f, args, repeats=20):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def r9_speedup_median(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(step(*args))
    jax.block_until_ready(fast(*args))
    return _best_of(step, args) / _best_of(fast, args)


def r9_speedup_min(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))  # compile outside the clock
    best = {}
    for name, f in (("eager", step), ("jit", fast)):
        runs = []
        for _ in range(15):
            t0 = time.perf_counter_ns()
            out = f(*args)
            jax.block_until_ready(out)
            runs.append(time.perf_counter_ns() - t0)
        best[name] = min(runs)
    return best["eager"] / best["jit"]


def r9_speedup_loop_total(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    n = 30
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - t0)


def r9_speedup_no_warmup(step, *args):
    fast = jax.jit(step)
    t0 = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - t0)


def r9_speedup_no_block(step, *args):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    eager, jitted = [], []
    for _ in range(20):
        t0 = time.perf_counter()
        step(*args)
        eager.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        fast(*args)
        jitted.append(time.perf_counter() - t0)
    return sorted(eager)[10] / sorted(jitted)[10]


def r9_speedup_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _best_of(fast, args) / _best_of(step, args)


def r9_speedup_rewrap(step, *args):
    jax.block_until_ready(step(*args))
    # the jitted side wraps a new lambda on every call, as in lesson 07's bad pattern
    return _best_of(step, args) / _best_of(lambda *a: jax.jit(lambda *b: step(*b))(*a), args)


def r9_speedup_first_call(step, *args):
    # warmed up the eager side only, the jit side times its compile
    jax.block_until_ready(step(*args))
    fast = jax.jit(step)
    eager = _best_of(step, args, repeats=5)
    t0 = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - t0)


def r9_speedup_difference(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _best_of(step, args) - _best_of(fast, args)


def r9_speedup_unequal_loops(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(100):
        out = fast(*args)
    jax.block_until_ready(out)
    return eager / (time.perf_counter() - t0)  # forgot to divide the 100 calls by 100


def r9_speedup_timing_module(step, *args):
    from jaxtour import timing

    eager = timing.measure(step, *args, budget_s=0.2)
    jitted = timing.measure(jax.jit(step), *args, budget_s=0.2)
    return eager.median_s / jitted.median_s


ROUND_9 = [
    Wrong("08.update", "decay * p added with a + sign flipped", lambda: r9_update_plus_decay),
    Wrong("08.update", "gradient of the penalty taken as 2 * decay * p", lambda: r9_update_no_half),
    Wrong("08.update", "returned the penalised loss as loss_value", lambda: r9_update_total_loss),
    Wrong("08.update", "returned the loss at the new params", lambda: r9_update_new_loss),
    Wrong("08.update", "decay term not multiplied by lr", lambda: r9_update_decay_unscaled),
    Wrong("08.update", "forgot the decay entirely", lambda: r9_update_forgot_decay),
    Wrong("08.update", "returned (loss, params): order swapped", lambda: r9_update_swapped_order),
    Wrong(
        "08.update",
        "added the whole penalty value to every gradient",
        lambda: r9_update_sum_penalty_grad,
    ),
    Wrong("08.update", "L1 idea: decay * sign(p)", lambda: r9_update_sign_of_p),
    Wrong(
        "08.update",
        "decayed the already-moved params (AdamW style order)",
        lambda: r9_update_step_then_decay,
    ),
    Wrong(
        "08.fit", "returned the params after the step whose loss passed", lambda: r9_fit_new_params
    ),
    Wrong(
        "08.fit", "old params but counted the checking step too", lambda: r9_fit_old_params_plus_one
    ),
    Wrong("08.fit", "new params with the count one short", lambda: r9_fit_new_params_minus),
    Wrong("08.fit", "recomputed the lesson's loss instead of the step's", lambda: r9_fit_own_loss),
    Wrong("08.fit", "stopped at loss <= target", lambda: r9_fit_le),
    Wrong(
        "08.fit", "do-while with inf start, returned the stepped params", lambda: r9_fit_do_while
    ),
    Wrong("08.fit", "re-jitted the step each pass and returned new params", lambda: r9_fit_rejit),
    Wrong("08.fit", "returned only the step count", lambda: r9_fit_steps_only),
    Wrong("08.fit", "capped at 100 steps like train() above", lambda: r9_fit_capped),
    Wrong(
        "08.speedup", "one call each, no warm-up: times the compile", lambda: r9_speedup_no_warmup
    ),
    Wrong("08.speedup", "warmed up but never blocked", lambda: r9_speedup_no_block),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r9_speedup_inverted),
    Wrong(
        "08.speedup", "jax.jit(lambda) re-wrapped inside the timed call", lambda: r9_speedup_rewrap
    ),
    Wrong(
        "08.speedup", "warmed up eager only, jit's first call timed", lambda: r9_speedup_first_call
    ),
    Wrong("08.speedup", "returned the time saved, not the ratio", lambda: r9_speedup_difference),
    Wrong(
        "08.speedup",
        "1 eager call against 100 jitted, total not divided",
        lambda: r9_speedup_unequal_loops,
    ),
    Wrong("08.speedup", "used jaxtour.timing despite the rule", lambda: r9_speedup_timing_module),
]

RIGHT_9 = [
    Right(
        "08.update", "penalty in the loss, has_aux for the plain loss", lambda: r9_update_penalised
    ),
    Right("08.update", "shrink factor (1 - lr*decay) written per key", lambda: r9_update_shrink),
    Right("08.update", "grad + decay * p in tree.map", lambda: r9_update_treemap3),
    Right("08.fit", "while True with the old params kept", lambda: r9_fit_while),
    Right("08.fit", "float() test in the while condition", lambda: r9_fit_count),
    Right("08.fit", "for loop with break", lambda: r9_fit_for),
    Right("08.speedup", "warm both, block, median of 20", lambda: r9_speedup_median),
    Right("08.speedup", "min of 15 in nanoseconds", lambda: r9_speedup_min),
    Right("08.speedup", "30 blocked calls in a row each side", lambda: r9_speedup_loop_total),
]
