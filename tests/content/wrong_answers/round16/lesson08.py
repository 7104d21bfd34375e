"""Round 16, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import itertools
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


# ------------------------------------------------------------------ 08.update


def _penalised(weight):
    def total(params, x, y):
        squares = sum(jnp.sum(p**2) for p in jax.tree.leaves(params))
        return loss(params, x, y) + weight * squares

    return total


def r16_update_keras(params, x, y, lr, decay):
    grads = jax.grad(_penalised(decay))(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r16_update_quarter(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads)
    return new, value


def r16_update_penalised_value(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(_penalised(decay / 2))(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r16_update_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r16_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def r16_update_only_a(params, x, y, lr, decay):
    def total(p, x, y):
        return loss(p, x, y) + decay / 2 * p["a"] ** 2

    grads = jax.grad(total)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r16_update_mean_squares(params, x, y, lr, decay):
    def total(p, x, y):
        leaves = jax.tree.leaves(p)
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(q**2) for q in leaves) / len(leaves)

    grads = jax.grad(total)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r16_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(_penalised(decay / 2))(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss(new, x, y)


def r16_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r16_update_l1(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * jnp.sign(p)), params, grads), value


def r16_update_square_of_sum(params, x, y, lr, decay):
    def total(p, x, y):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2

    grads = jax.grad(total)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r16_update_no_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r16_update_shrink(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - lr * decay) - lr * g, params, grads), value


def r16_update_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        penalty = decay / 2 * sum(jnp.vdot(q, q) for q in jax.tree.leaves(p))
        return plain + penalty, plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r16_update_flat(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    leaves, treedef = jax.tree.flatten(params)
    grad_leaves = treedef.flatten_up_to(grads)
    new = [p - lr * g - lr * decay * p for p, g in zip(leaves, grad_leaves, strict=True)]
    return jax.tree.unflatten(treedef, new), value


# --------------------------------------------------------------------- 08.fit


def r16_fit_new_params(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r16_fit_at_most(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new, steps + 1


def r16_fit_second_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r16_fit_hundred(step, params, x, y, lr, target):
    for steps in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new
    return params, 100


def r16_fit_prev_count(step, params, x, y, lr, target):
    previous = params
    for steps in itertools.count(1):
        params, value = step(params, x, y, lr)
        if value < target:
            return previous, steps
        previous = params


def r16_fit_break_after(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        if value < target:
            break
        steps += 1
    return params, steps


def r16_fit_fixed_run(step, params, x, y, lr, target):
    losses = []
    for _ in range(500):
        params, value = step(params, x, y, lr)
        losses.append(value)
    first = int(np.argmax(np.asarray(jnp.stack(losses)) < target))
    return params, first


def r16_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r16_fit_float_loop(step, params, x, y, lr, target):
    for steps in itertools.count():
        new, value = step(params, x, y, lr)
        if float(value) < target:
            return params, steps
        params = new


def r16_fit_while_loop(step, params, x, y, lr, target):
    new, value = step(params, x, y, lr)

    def keep_going(carry):
        return carry[2] >= target

    def body(carry):
        _, current, _, count = carry
        following, current_loss = step(current, x, y, lr)
        return current, following, current_loss, count + 1

    init = (params, new, value, jnp.array(0))
    final, _, _, count = jax.lax.while_loop(keep_going, body, init)
    return final, count


def r16_fit_history(step, params, x, y, lr, target):
    history = [params]
    value = jnp.inf
    while True:
        nxt, value = step(history[-1], x, y, lr)
        if value < target:
            return history[-1], len(history) - 1
        history.append(nxt)


# ----------------------------------------------------------------- 08.speedup


def _per_call(fn, args, calls):
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fn(*args))
    return (time.perf_counter() - start) / calls


def r16_speed_no_warmup(step, *args):
    fast = jax.jit(step)
    return _per_call(step, args, 10) / _per_call(fast, args, 10)


def r16_speed_no_block(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    step(*args)
    start = time.perf_counter()
    for _ in range(50):
        step(*args)
    eager = (time.perf_counter() - start) / 50
    start = time.perf_counter()
    for _ in range(50):
        fast(*args)
    return eager / ((time.perf_counter() - start) / 50)


def r16_speed_single_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 1) / _per_call(fast, args, 1)


def r16_speed_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(fast, args, 50) / _per_call(step, args, 50)


def r16_speed_totals(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = _per_call(step, args, 10) * 10
    jitted = _per_call(fast, args, 100) * 100
    return eager / jitted


def r16_speed_eager_block_only(step, *args):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    eager = _per_call(step, args, 50)
    start = time.perf_counter()
    for _ in range(50):
        fast(*args)
    return eager / ((time.perf_counter() - start) / 50)


def r16_speed_forgot_fast(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 50) / _per_call(step, args, 50)


def r16_speed_jit_only(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(fast, args, 100)


def r16_speed_compile_each(step, *args):
    jax.block_until_ready(step(*args))
    eager = _per_call(step, args, 20)
    jitted = _per_call(lambda *a: jax.jit(lambda *b: step(*b))(*a), args, 20)
    return eager / jitted


def r16_speed_eager_cold(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(step, args, 5) / _per_call(fast, args, 5)


def r16_speed_block_function(step, *args):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    timings = []
    for fn in (step, fast):
        start = time.perf_counter()
        for _ in range(50):
            fn(*args)
            jax.block_until_ready(fn)
        timings.append((time.perf_counter() - start) / 50)
    return timings[0] / timings[1]


def r16_speed_timeit(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = timeit.timeit(lambda: jax.block_until_ready(step(*args)), number=30) / 30
    jitted = timeit.timeit(lambda: jax.block_until_ready(fast(*args)), number=300) / 300
    return eager / jitted


def r16_speed_median(step, *args):
    fast = jax.jit(step)
    medians = []
    for fn in (step, fast):
        jax.block_until_ready(fn(*args))
        times = []
        for _ in range(41):
            start = time.perf_counter_ns()
            jax.block_until_ready(fn(*args))
            times.append(time.perf_counter_ns() - start)
        medians.append(float(np.median(times)))
    return medians[0] / medians[1]


def r16_speed_block_last(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    result = []
    for fn, calls in ((step, 20), (fast, 200)):
        start = time.perf_counter()
        for _ in range(calls):
            out = fn(*args)
        jax.block_until_ready(out)
        result.append((time.perf_counter() - start) / calls)
    return result[0] / result[1]


ROUND_16 = [
    # 08.update
    Wrong("08.update", "penalty decay * sum p^2 (Keras' weighting)", lambda: r16_update_keras),
    Wrong("08.update", "gradient of the penalty taken as decay/2 * p", lambda: r16_update_quarter),
    Wrong("08.update", "returned the penalised loss", lambda: r16_update_penalised_value),
    Wrong("08.update", "decoupled decay: p - lr*g - decay*p", lambda: r16_update_decoupled),
    Wrong("08.update", "decay term added with the wrong sign", lambda: r16_update_sign),
    Wrong("08.update", "penalty on params['a'] only", lambda: r16_update_only_a),
    Wrong(
        "08.update", "mean of the squares over leaves, not the sum", lambda: r16_update_mean_squares
    ),
    Wrong("08.update", "loss of the new params returned", lambda: r16_update_loss_after),
    Wrong("08.update", "(loss, params) order swapped", lambda: r16_update_swapped),
    Wrong("08.update", "L1 penalty: sign(p) in the update", lambda: r16_update_l1),
    Wrong(
        "08.update",
        "square of the sum of params, not sum of squares",
        lambda: r16_update_square_of_sum,
    ),
    Wrong("08.update", "plain sgd_step, decay ignored", lambda: r16_update_no_decay),
    # 08.fit
    Wrong(
        "08.fit", "returns the params after the step that reached it", lambda: r16_fit_new_params
    ),
    Wrong("08.fit", "stops at loss <= target (a tie counts)", lambda: r16_fit_at_most),
    Wrong("08.fit", "recomputes the lesson's loss each step", lambda: r16_fit_second_loss),
    Wrong("08.fit", "at most 100 steps, as the page's train ran", lambda: r16_fit_hundred),
    Wrong("08.fit", "right params, count one too many", lambda: r16_fit_prev_count),
    Wrong("08.fit", "breaks after assigning the new params", lambda: r16_fit_break_after),
    Wrong("08.fit", "train 500 steps, argmax of losses < target", lambda: r16_fit_fixed_run),
    Wrong("08.fit", "returns (steps, params)", lambda: r16_fit_swapped),
    # 08.speedup
    Wrong(
        "08.speedup", "no warm-up: compile inside 10 timed jit calls", lambda: r16_speed_no_warmup
    ),
    Wrong("08.speedup", "warmed up but never blocks", lambda: r16_speed_no_block),
    Wrong("08.speedup", "warm and blocked, but one call each", lambda: r16_speed_single_call),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r16_speed_inverted),
    Wrong("08.speedup", "total times of 10 eager vs 100 jit calls", lambda: r16_speed_totals),
    Wrong("08.speedup", "blocks on eager calls only", lambda: r16_speed_eager_block_only),
    Wrong(
        "08.speedup",
        "timed step twice, fast never called in the loop",
        lambda: r16_speed_forgot_fast,
    ),
    Wrong("08.speedup", "returns the jitted time per call only", lambda: r16_speed_jit_only),
    Wrong("08.speedup", "jax.jit(lambda) inside the timed call", lambda: r16_speed_compile_each),
    Wrong("08.speedup", "jit warmed, eager cold, 5 calls each", lambda: r16_speed_eager_cold),
    Wrong(
        "08.speedup",
        "block_until_ready(fn) on the function, not the result",
        lambda: r16_speed_block_function,
    ),
]
RIGHT_16 = [
    Right("08.update", "shrink then step: p*(1 - lr*decay) - lr*g", lambda: r16_update_shrink),
    Right("08.update", "has_aux returns the plain loss; vdot penalty", lambda: r16_update_aux),
    Right("08.update", "flatten, list of updated leaves, unflatten", lambda: r16_update_flat),
    Right("08.fit", "itertools.count and float(value)", lambda: r16_fit_float_loop),
    Right(
        "08.fit", "lax.while_loop carrying params, next, loss, count", lambda: r16_fit_while_loop
    ),
    Right("08.fit", "history list of params", lambda: r16_fit_history),
    Right("08.speedup", "timeit with block_until_ready in the lambda", lambda: r16_speed_timeit),
    Right("08.speedup", "median of per-call perf_counter_ns", lambda: r16_speed_median),
    Right("08.speedup", "blocks once after each loop of calls", lambda: r16_speed_block_last),
]
