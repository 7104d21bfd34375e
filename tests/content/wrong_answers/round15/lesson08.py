"""Round 15, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import time
import timeit

import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# the lesson's model and loss, as the page defines them


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _penalty(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# ---------------------------------------------------------------- 08.update


def r15_update_keras(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay * _penalty(p)  # decay, not decay / 2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r15_update_penalized_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _penalty(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r15_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r15_update_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: (p - lr * g) * (1 - lr * decay), params, grads)
    return new, value


def r15_update_no_lr_on_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r15_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r15_update_no_square(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(v) for v in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r15_update_skip_bias(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {
        k: params[k] - lr * (grads[k] + (decay * params[k] if k != "c" else 0.0)) for k in params
    }
    return new, value


def r15_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r15_update_half_in_grad(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r15_update_shrink(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p * (1 - lr * decay) - lr * g, params, grads)
    return new, loss(params, x, y)


def r15_update_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        return plain + 0.5 * decay * _penalty(p), plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r15_update_vdot(params, x, y, lr, decay):
    def total(p):
        leaves = jax.tree.leaves(p)
        return loss(p, x, y) + decay * sum(jnp.vdot(v, v) for v in leaves) / 2

    value = loss(params, x, y)
    grads = jax.grad(total)(params)
    return {k: params[k] - lr * grads[k] for k in params}, value


# ---------------------------------------------------------------- 08.fit


def r15_fit_new_params(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)  # value is the loss before this update
        steps += 1
        if value < target:
            return params, steps


def r15_fit_new_params_mismatch(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return new_params, steps
        params = new_params
        steps += 1


def r15_fit_le(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new_params, steps + 1


def r15_fit_second_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r15_fit_count_calls(step, params, x, y, lr, target):
    for i in range(1, 1_000_000):
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new_params


def r15_fit_hundred(step, params, x, y, lr, target):
    for i in range(100):
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new_params
    return params, 100


def r15_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new_params, steps + 1


def r15_fit_strict_gt(step, params, x, y, lr, target):
    value, steps, new_params = jnp.inf, -1, params
    while value > target:  # stops on a tie too
        params = new_params
        new_params, value = step(params, x, y, lr)
        steps += 1
    return params, steps


def r15_fit_break(step, params, x, y, lr, target):
    value = float("inf")
    steps = 0
    while value >= target:
        new_params, value = step(params, x, y, lr)
        if value < target:
            break
        params = new_params
        steps += 1
    return params, steps


def r15_fit_losses_list(step, params, x, y, lr, target):
    history = [params]
    while True:
        nxt, value = step(history[-1], x, y, lr)
        if float(value) < target:
            return history[-1], len(history) - 1
        history.append(nxt)


def r15_fit_while_loop(step, params, x, y, lr, target):
    params = jax.tree.map(lambda p: jnp.asarray(p, jnp.float32) * 1.0, params)
    first_new, first_value = step(params, x, y, lr)

    def keep_going(carry):
        return carry[2] >= target

    def body(carry):
        _, new, _, n = carry
        newer, value = step(new, x, y, lr)
        return new, newer, value, n + 1

    carry = (params, first_new, first_value, jnp.array(0))
    carry = jax.lax.while_loop(keep_going, body, carry)
    return carry[0], carry[3]


# ---------------------------------------------------------------- 08.speedup


def _block(out):
    return jax.block_until_ready(out)


def r15_speed_no_warmup(step, *args, n=20):
    fast = jax.jit(step)
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))  # the first call compiles, inside the timing
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_no_block(step, *args, n=20):
    fast = jax.jit(step)
    fast(*args)
    start = time.perf_counter()
    for _ in range(n):
        step(*args)
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_inverted(step, *args, n=20):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return ((time.perf_counter() - start) / n) / eager


def r15_speed_one_call_each(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    _block(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    _block(fast(*args))
    return eager / (time.perf_counter() - start)


def r15_speed_totals_mismatch(step, *args, n=20):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager_total = time.perf_counter() - start
    start = time.perf_counter()
    _block(fast(*args))
    return eager_total / (time.perf_counter() - start)  # n eager calls over one jitted


def r15_speed_timing_module(step, *args):
    eager = timing.measure(step, *args, label="eager", budget_s=0.2)
    fast = timing.measure(jax.jit(step), *args, label="jit", budget_s=0.2)
    return eager.median_s / fast.median_s


def r15_speed_block_args(step, *args, n=20):
    fast = jax.jit(step)
    fast(*args)
    start = time.perf_counter()
    for _ in range(n):
        step(*args)
    jax.block_until_ready(args)
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)
    jax.block_until_ready(args)  # blocks on the inputs, which are long ready
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_jit_both(step, *args, n=20):
    fast = jax.jit(step)
    _block(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_warmup_eager_only(step, *args, n=5):
    fast = jax.jit(step)
    _block(step(*args))  # warms the wrong side
    start = time.perf_counter()
    for _ in range(n):
        _block(step(*args))
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        _block(fast(*args))
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_block_last(step, *args, n=50):
    fast = jax.jit(step)
    _block(fast(*args))
    _block(step(*args))
    start = time.perf_counter()
    for _ in range(n):
        out = step(*args)
    _block(out)
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        out = fast(*args)
    _block(out)
    return eager / ((time.perf_counter() - start) / n)


def r15_speed_timeit_min(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))
    eager = min(timeit.repeat(lambda: _block(step(*args)), number=5, repeat=5)) / 5
    jitted = min(timeit.repeat(lambda: _block(fast(*args)), number=50, repeat=5)) / 50
    return eager / jitted


def r15_speed_time_time_median(step, *args):
    fast = jax.jit(step)
    _block(fast(*args))

    def per_call(f, n):
        times = []
        for _ in range(n):
            t0 = time.time()
            _block(f(*args))
            times.append(time.time() - t0)
        return sorted(times)[n // 2]

    return float(per_call(step, 15) / per_call(fast, 101))


def r15_fit_while_loop_new(step, params, x, y, lr, target):
    params = jax.tree.map(lambda p: jnp.asarray(p, jnp.float32) * 1.0, params)
    first_new, first_value = step(params, x, y, lr)

    def body(carry):
        _, new, _, n = carry
        newer, value = step(new, x, y, lr)
        return new, newer, value, n + 1

    carry = (params, first_new, first_value, jnp.array(0))
    carry = jax.lax.while_loop(lambda c: c[2] >= target, body, carry)
    return carry[1], carry[3]  # the params one step past the low loss


ROUND_15 = [
    Wrong("08.update", "Keras weighting: decay * sum of squares", lambda: r15_update_keras),
    Wrong("08.update", "returns the penalized loss", lambda: r15_update_penalized_value),
    Wrong("08.update", "returns the loss at the new params", lambda: r15_update_loss_after),
    Wrong("08.update", "decoupled: (p - lr g)(1 - lr decay)", lambda: r15_update_decoupled),
    Wrong("08.update", "decay term without lr", lambda: r15_update_no_lr_on_decay),
    Wrong("08.update", "penalty gradient added with the wrong sign", lambda: r15_update_sign),
    Wrong("08.update", "penalty decay/2 * sum p, square forgotten", lambda: r15_update_no_square),
    Wrong("08.update", "bias c not decayed, as usual in ML", lambda: r15_update_skip_bias),
    Wrong("08.update", "returns (loss, params)", lambda: r15_update_swapped),
    Wrong("08.update", "penalty gradient written decay / 2 * p", lambda: r15_update_half_in_grad),
    Wrong(
        "08.fit",
        "returns the params after the step that showed the low loss",
        lambda: r15_fit_new_params,
    ),
    Wrong("08.fit", "new params with the old count", lambda: r15_fit_new_params_mismatch),
    Wrong("08.fit", "stops on loss <= target", lambda: r15_fit_le),
    Wrong("08.fit", "computes loss(params) a second time", lambda: r15_fit_second_loss),
    Wrong("08.fit", "counts step calls from 1", lambda: r15_fit_count_calls),
    Wrong("08.fit", "at most 100 steps, as train's demo", lambda: r15_fit_hundred),
    Wrong("08.fit", "returns (steps, params)", lambda: r15_fit_swapped),
    Wrong("08.speedup", "no warm-up: compile inside the jit timing", lambda: r15_speed_no_warmup),
    Wrong("08.speedup", "no block_until_ready on either side", lambda: r15_speed_no_block),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r15_speed_inverted),
    Wrong("08.speedup", "one call each after warm-up", lambda: r15_speed_one_call_each),
    Wrong("08.speedup", "n eager calls over one jitted call", lambda: r15_speed_totals_mismatch),
    Wrong("08.speedup", "times with jaxtour.timing", lambda: r15_speed_timing_module),
    Wrong("08.speedup", "blocks on the arguments, not the results", lambda: r15_speed_block_args),
    Wrong("08.speedup", "jitted step timed on both sides", lambda: r15_speed_jit_both),
    Wrong(
        "08.speedup",
        "warms the eager step, not the jitted one",
        lambda: r15_speed_warmup_eager_only,
    ),
    Wrong(
        "08.fit", "lax.while_loop returning the carry's next params", lambda: r15_fit_while_loop_new
    ),
]

RIGHT_15 = [
    Right("08.update", "p (1 - lr decay) - lr g, loss computed apart", lambda: r15_update_shrink),
    Right("08.update", "has_aux returns the plain loss", lambda: r15_update_aux),
    Right("08.update", "vdot penalty, dict comprehension update", lambda: r15_update_vdot),
    Right("08.fit", "while value >= target with a break", lambda: r15_fit_break),
    Right("08.fit", "history list, float(value) compared", lambda: r15_fit_losses_list),
    Right("08.fit", "lax.while_loop, jax int count", lambda: r15_fit_while_loop),
    Right("08.speedup", "blocks only the last result of each loop", lambda: r15_speed_block_last),
    Right("08.speedup", "timeit.repeat, min per call", lambda: r15_speed_timeit_min),
    Right("08.speedup", "time.time, median of single calls", lambda: r15_speed_time_time_median),
]
