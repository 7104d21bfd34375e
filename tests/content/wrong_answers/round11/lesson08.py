"""Round 11, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import itertools
import time

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# The lesson's model and loss, as the exercise cells have them.
def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _sq_sum(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# --- 08.update ---------------------------------------------------------------------------


def r11_upd_value_penalised(params, x, y, lr, decay):
    def full(p):
        return loss(p, x, y) + decay / 2 * _sq_sum(p)

    value, grads = jax.value_and_grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r11_upd_no_half(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r11_upd_half_in_grad(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r11_upd_decay_no_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1 - decay) * p - lr * g, params, grads), value


def r11_upd_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def r11_upd_no_bias_decay(params, x, y, lr, decay):
    # ML habit: the bias "c" is not decayed
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {}
    for k in params:
        d = 0.0 if k == "c" else decay
        new[k] = params[k] - lr * (grads[k] + d * params[k])
    return new, value


def r11_upd_value_after(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _sq_sum(p))(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, loss(new, x, y)


def r11_upd_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r11_upd_square_of_sum(params, x, y, lr, decay):
    def full(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2

    grads = jax.grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r11_upd_mean_penalty(params, x, y, lr, decay):
    def full(p):
        leaves = jax.tree.leaves(p)
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(q**2) for q in leaves) / len(leaves)

    grads = jax.grad(full)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r11_upd_l1(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * jnp.sign(p)), params, grads), value


def r11_upd_decay_uses_new(params, x, y, lr, decay):
    # steps first, then decays the stepped parameters by lr * decay
    value, grads = jax.value_and_grad(loss)(params, x, y)
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda p: p - lr * decay * p * 2, stepped), value


def r11_upd_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1 - lr * decay) * p - lr * g, params, grads), value


def r11_upd_has_aux(params, x, y, lr, decay):
    def full(p):
        plain = loss(p, x, y)
        penalty = sum(jnp.vdot(q, q) for q in jax.tree.leaves(p))
        return plain + 0.5 * decay * penalty, plain

    (_, plain), grads = jax.value_and_grad(full, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r11_upd_dict_loop(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = {k: params[k] * (1.0 - lr * decay) - lr * grads[k] for k in params}
    return new, loss(params, x, y)


def r11_upd_sgd_then_decay_old(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    step = jax.tree.map(lambda g, p: -lr * (g + decay * p), grads, params)
    return jax.tree.map(jnp.add, params, step), value


# --- 08.fit ------------------------------------------------------------------------------


def r11_fit_new_params(step, params, x, y, lr, target):
    n = 0
    while True:
        params, value = step(params, x, y, lr)
        n += 1
        if value < target:
            return params, n


def r11_fit_old_params_plus_one(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        n += 1
        if value < target:
            return params, n
        params = new


def r11_fit_new_params_right_count(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, n
        params = new
        n += 1


def r11_fit_lesson_loss(step, params, x, y, lr, target):
    n = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        n += 1
    return params, n


def r11_fit_le(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, n
        params, n = new, n + 1


def r11_fit_capped(step, params, x, y, lr, target):
    # like train: a fixed number of steps, 100 at most
    for n in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n
        params = new
    return params, 100


def r11_fit_converged(step, params, x, y, lr, target):
    # misread: stop when the loss stops falling by more than target
    previous, n = float("inf"), 0
    while True:
        new, value = step(params, x, y, lr)
        if previous - value < target:
            return params, n
        previous, params, n = value, new, n + 1


def r11_fit_len_losses(step, params, x, y, lr, target):
    losses = []
    while True:
        new, value = step(params, x, y, lr)
        losses.append(value)
        if value < target:
            return params, len(losses)
        params = new


def r11_fit_stale_value(step, params, x, y, lr, target):
    # checks the previous step's loss, so it takes one update too many
    n, value = 0, float("inf")
    while value >= target:
        params, value = step(params, x, y, lr)
        n += 1
    return params, n - 1


def r11_fit_loss_at_new(step, params, x, y, lr, target):
    # the second computation the task forbids, on the new parameters
    n = 0
    while True:
        new, _ = step(params, x, y, lr)
        n += 1
        if loss(new, x, y) < target:
            return new, n
        params = new


def r11_fit_right_count(step, params, x, y, lr, target):
    for n in itertools.count():
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n
        params = new


def r11_fit_history(step, params, x, y, lr, target):
    history = [params]
    while True:
        new, value = step(history[-1], x, y, lr)
        if float(value) < target:
            return history[-1], len(history) - 1
        history.append(new)


def r11_fit_while_loop(step, params, x, y, lr, target):
    def cond(state):
        _, value, _, _ = state
        return value >= target

    def body(state):
        params, _, n, _ = state
        new, value = step(params, x, y, lr)
        return new, value, n + 1, params

    first, value = step(params, x, y, lr)
    init = (first, value, 0, params)
    _, _, n, before = lax.while_loop(cond, body, init)
    return before, n


# --- 08.speedup --------------------------------------------------------------------------


def _per_call(f, args, n, block=True):
    start = time.perf_counter()
    for _ in range(n):
        out = f(*args)
    if block:
        jax.block_until_ready(out)
    return (time.perf_counter() - start) / n


def r11_sp_no_warmup(step, *args):
    fast = jax.jit(step)
    eager = _per_call(step, args, 10)
    jitted = _per_call(fast, args, 10)
    return eager / jitted


def r11_sp_no_block(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = _per_call(step, args, 20, block=False)
    jitted = _per_call(fast, args, 200, block=False)
    return eager / jitted


def r11_sp_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(fast, args, 200) / _per_call(step, args, 20)


def r11_sp_one_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - start)


def r11_sp_totals(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(step(*args))
    eager = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(200):
        jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - start)


def r11_sp_rejit_each_call(step, *args):
    jax.block_until_ready(jax.jit(step)(*args))
    eager = _per_call(step, args, 20)
    jitted = _per_call(lambda *a: jax.jit(lambda *b: step(*b))(*a), args, 20)
    return eager / jitted


def r11_sp_forgot_fast(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    eager = _per_call(step, args, 20)
    jitted = _per_call(step, args, 20)
    return eager / jitted


def r11_sp_cold_eager(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - start
    return eager / _per_call(fast, args, 200)


def r11_sp_compile_counted(step, *args):
    start = time.perf_counter()
    fast = jax.jit(step)
    for _ in range(20):
        jax.block_until_ready(fast(*args))
    jitted = (time.perf_counter() - start) / 20
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 20) / jitted


def r11_sp_naive_loop(step, *args):
    # the naive_speedup of the page, averaged over 10 tries
    ratios = []
    for _ in range(10):
        fast = jax.jit(step)
        start = time.perf_counter()
        step(*args)
        eager = time.perf_counter() - start
        start = time.perf_counter()
        fast(*args)
        ratios.append(eager / (time.perf_counter() - start))
    return sum(ratios) / len(ratios)


def r11_sp_right_last_block(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 30) / _per_call(fast, args, 300)


def r11_sp_right_min(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready((fast(*args), step(*args)))
    best = {}
    for name, f in (("eager", step), ("jit", fast)):
        times = []
        for _ in range(30):
            start = time.perf_counter_ns()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter_ns() - start)
        best[name] = min(times)
    return best["eager"] / best["jit"]


def r11_sp_right_median_batches(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = sorted(_per_call(step, args, 5) for _ in range(5))[2]
    jitted = sorted(_per_call(fast, args, 50) for _ in range(5))[2]
    return float(eager / jitted)


ROUND_11 = [
    Wrong(
        "08.update", "returned the penalised loss as loss_value", lambda: r11_upd_value_penalised
    ),
    Wrong(
        "08.update", "gradient of the penalty 2*decay*p: dropped the 1/2", lambda: r11_upd_no_half
    ),
    Wrong(
        "08.update",
        "kept the 1/2 in the penalty's gradient: decay/2 * p",
        lambda: r11_upd_half_in_grad,
    ),
    Wrong(
        "08.update",
        "decayed by (1 - decay), without the learning rate",
        lambda: r11_upd_decay_no_lr,
    ),
    Wrong("08.update", "added lr*decay*p instead of subtracting it", lambda: r11_upd_sign),
    Wrong(
        "08.update",
        "did not decay the bias c, as ML code often does",
        lambda: r11_upd_no_bias_decay,
    ),
    Wrong("08.update", "returned the loss at the new parameters", lambda: r11_upd_value_after),
    Wrong("08.update", "returned (loss_value, new_params), swapped", lambda: r11_upd_swapped),
    Wrong(
        "08.update", "penalty the square of the sum of parameters", lambda: r11_upd_square_of_sum
    ),
    Wrong("08.update", "penalty averaged over the number of leaves", lambda: r11_upd_mean_penalty),
    Wrong("08.update", "L1 decay: decay * sign(p)", lambda: r11_upd_l1),
    Wrong(
        "08.update",
        "stepped first, then decayed the stepped params by 2*lr*decay",
        lambda: r11_upd_decay_uses_new,
    ),
    Wrong(
        "08.fit", "returned the stepped params and counted that step", lambda: r11_fit_new_params
    ),
    Wrong(
        "08.fit",
        "old params (right) but counted the step that was not used",
        lambda: r11_fit_old_params_plus_one,
    ),
    Wrong(
        "08.fit",
        "right count but returned the params one step past",
        lambda: r11_fit_new_params_right_count,
    ),
    Wrong(
        "08.fit", "recomputed the lesson's loss instead of the step's", lambda: r11_fit_lesson_loss
    ),
    Wrong("08.fit", "stopped at loss <= target, not below", lambda: r11_fit_le),
    Wrong("08.fit", "capped the loop at 100 steps, as train ran", lambda: r11_fit_capped),
    Wrong("08.fit", "stopped when the loss fell by less than target", lambda: r11_fit_converged),
    Wrong(
        "08.fit", "counted every loss recorded, the last one included", lambda: r11_fit_len_losses
    ),
    Wrong(
        "08.fit",
        "while on the previous loss: params one update too far",
        lambda: r11_fit_stale_value,
    ),
    Wrong(
        "08.fit", "checked loss(new params) with a second computation", lambda: r11_fit_loss_at_new
    ),
    Wrong("08.speedup", "no warm-up: the jit side's first call compiles", lambda: r11_sp_no_warmup),
    Wrong("08.speedup", "warmed up but never blocked on the results", lambda: r11_sp_no_block),
    Wrong("08.speedup", "the ratio upside down: jit time over eager time", lambda: r11_sp_inverted),
    Wrong("08.speedup", "warmed up and blocked, but one call per side", lambda: r11_sp_one_call),
    Wrong(
        "08.speedup", "totals of 20 eager and 200 jit calls, not per call", lambda: r11_sp_totals
    ),
    Wrong(
        "08.speedup",
        "wrapped a new jax.jit around a lambda on every call",
        lambda: r11_sp_rejit_each_call,
    ),
    Wrong(
        "08.speedup", "timed step on both sides, forgot the jitted one", lambda: r11_sp_forgot_fast
    ),
    Wrong("08.speedup", "eager timed once, cold; jit averaged", lambda: r11_sp_cold_eager),
    Wrong(
        "08.speedup",
        "jit side timed from jax.jit on: compile included",
        lambda: r11_sp_compile_counted,
    ),
    Wrong(
        "08.speedup", "the page's naive_speedup averaged over 10 tries", lambda: r11_sp_naive_loop
    ),
]
RIGHT_11 = [
    Right("08.update", "decoupled form: (1 - lr*decay)*p - lr*g", lambda: r11_upd_decoupled),
    Right(
        "08.update", "has_aux returns the plain loss, penalty with vdot", lambda: r11_upd_has_aux
    ),
    Right(
        "08.update",
        "dict comprehension over the keys, loss computed twice",
        lambda: r11_upd_dict_loop,
    ),
    Right(
        "08.update",
        "tree.map of a step tree added with jnp.add",
        lambda: r11_upd_sgd_then_decay_old,
    ),
    Right("08.fit", "itertools.count loop", lambda: r11_fit_right_count),
    Right("08.fit", "history list of params, float(value)", lambda: r11_fit_history),
    Right(
        "08.fit",
        "lax.while_loop carrying the previous params (jax int count)",
        lambda: r11_fit_while_loop,
    ),
    Right(
        "08.speedup",
        "warm-up, 30 vs 300 calls, block on the last only",
        lambda: r11_sp_right_last_block,
    ),
    Right("08.speedup", "min over blocked single calls, perf_counter_ns", lambda: r11_sp_right_min),
    Right(
        "08.speedup", "median of 5 batches of calls per side", lambda: r11_sp_right_median_batches
    ),
]
