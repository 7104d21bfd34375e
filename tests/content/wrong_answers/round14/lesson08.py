"""Round 14, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# the lesson's model and loss, as the exercise cells have them


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sq_sum(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# ------------------------------------------------------------------ 08.update


def r14_update_full_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r14_update_penalised_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sq_sum(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r14_update_shrink_after(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (p - lr * g) * (1 - decay), params, grads), value


def r14_update_new_loss(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r14_update_mean_sq(params, x, y, lr, decay):
    def total(p):
        leaves = jnp.stack([jnp.ravel(v) for v in jax.tree.leaves(p)])
        return loss(p, x, y) + decay / 2 * jnp.mean(leaves**2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r14_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r14_update_half_derivative(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r14_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r14_update_l1(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(v)) for v in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r14_update_no_lr_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r14_update_shrink_first(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - lr * decay) - lr * g, params, grads), value


def r14_update_aux(params, x, y, lr, decay):
    def objective(p):
        plain = loss(p, x, y)
        return plain + 0.5 * decay * sq_sum(p), plain

    (_, plain), grads = jax.value_and_grad(objective, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r14_update_two_grads(params, x, y, lr, decay):
    value, g_loss = jax.value_and_grad(loss)(params, x, y)
    g_pen = jax.grad(lambda p: decay / 2 * sq_sum(p))(params)
    new = jax.tree.map(lambda p, a, b: p - lr * a - lr * b, params, g_loss, g_pen)
    return new, value


# --------------------------------------------------------------------- 08.fit


def r14_fit_new_params(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps  # value is the loss of the params before this step


def r14_fit_old_params_count(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps  # right params, one update too many counted
        params = new


def r14_fit_own_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:  # the lesson's loss, not the step's
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r14_fit_le(step, params, x, y, lr, target):
    steps = 0
    new, value = step(params, x, y, lr)
    while value > target:  # stops at a loss equal to target too
        params = new
        steps += 1
        new, value = step(params, x, y, lr)
    return params, steps


def r14_fit_fixed_then_search(step, params, x, y, lr, target):
    losses = []
    for _ in range(2000):
        params, value = step(params, x, y, lr)
        losses.append(value)
    below = jnp.stack(losses) < target
    return params, int(jnp.argmax(below))  # the count is right, params are the last ones


def r14_fit_float_steps(step, params, x, y, lr, target):
    steps = 0.0
    new, value = step(params, x, y, lr)
    while value >= target:
        params = new
        steps += 1.0
        new, value = step(params, x, y, lr)
    return params, steps


def r14_fit_count_from_one(step, params, x, y, lr, target):
    steps = 1
    new, value = step(params, x, y, lr)
    while value >= target:
        params, steps = new, steps + 1
        new, value = step(params, x, y, lr)
    return params, steps


def r14_fit_mixed(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, steps  # count for the old params, the new params returned
        params = new
        steps += 1


def r14_fit_capped(step, params, x, y, lr, target):
    for steps in range(100):  # the train cell's 100 steps as a cap
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new
    return params, 100


def r14_fit_loop(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if float(value) < target:
            return params, steps
        params, steps = new, steps + 1


def r14_fit_while_loop(step, params, x, y, lr, target):
    def cond(carry):
        return carry[2] >= target

    def body(carry):
        _, nxt, _, n = carry
        new, value = step(nxt, x, y, lr)
        return nxt, new, value, n + 1

    first_new, first_value = step(params, x, y, lr)
    start = (params, first_new, first_value, jnp.array(0, dtype=jnp.int32))
    params, _, _, n = jax.lax.while_loop(cond, body, start)
    return params, n


def r14_fit_history(step, params, x, y, lr, target):
    history = [params]
    new, value = step(params, x, y, lr)
    while not value < target:
        history.append(new)
        new, value = step(new, x, y, lr)
    return history[-1], len(history) - 1


# ---------------------------------------------------------------- 08.speedup


def r14_speed_naive(step, *args):
    fast = jax.jit(step)
    t0 = time.perf_counter()
    step(*args)
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - t0)


def r14_speed_no_block(step, *args, n=50):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(n):
        step(*args)
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        fast(*args)  # never waits: times the dispatch only
    return eager / ((time.perf_counter() - t0) / n)


def r14_speed_compile_inside(step, *args, n=20):
    fast = jax.jit(step)
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):  # first call compiles inside the timed loop
        jax.block_until_ready(fast(*args))
    return eager / ((time.perf_counter() - t0) / n)


def r14_speed_inverted(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    return ((time.perf_counter() - t0) / n) / eager


def r14_speed_totals(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(step(*args))
    eager_total = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(100):
        jax.block_until_ready(fast(*args))
    return eager_total / (time.perf_counter() - t0)  # totals over 10 and 100 calls


def r14_speed_one_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager = time.perf_counter() - t0
    t0 = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return eager / (time.perf_counter() - t0)


def r14_speed_eager_unblocked(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    t0 = time.perf_counter()
    for _ in range(n):
        step(*args)
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    return eager / ((time.perf_counter() - t0) / n)


def r14_speed_tuple_args(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(args))  # passes the tuple as one argument
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(args))
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(args))
    return eager / ((time.perf_counter() - t0) / n)


def r14_speed_timing_module(step, *args):
    from jaxtour import timing

    fast = jax.jit(step)
    eager = timing.measure(step, *args, label="eager", budget_s=0.3)
    jitted = timing.measure(fast, *args, label="jit", budget_s=0.3)
    return eager.median_s / jitted.median_s


def r14_speed_block_last(step, *args, n=40):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    t0 = time.perf_counter()
    for _ in range(n):
        out = step(*args)
    jax.block_until_ready(out)
    eager = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        out = fast(*args)
    jax.block_until_ready(out)  # the calls run in order: waiting on the last suffices
    return eager / ((time.perf_counter() - t0) / n)


def r14_speed_min_of_repeats(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))

    def per_call(f, n=10, repeats=5):
        best = float("inf")
        for _ in range(repeats):
            t0 = time.monotonic_ns()
            for _ in range(n):
                jax.block_until_ready(f(*args))
            best = min(best, (time.monotonic_ns() - t0) / n)
        return best

    return per_call(step) / per_call(fast)


def r14_speed_median(step, *args):
    import statistics

    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))

    def median_time(f):
        times = []
        for _ in range(25):
            t0 = time.perf_counter()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    return median_time(step) / median_time(fast)


ROUND_14 = [
    # 08.update
    Wrong(
        "08.update",
        "derivative 2 * decay * p: penalty weighed as decay",
        lambda: r14_update_full_decay,
    ),
    Wrong(
        "08.update", "returns the loss with the penalty in it", lambda: r14_update_penalised_value
    ),
    Wrong(
        "08.update", "shrinks by (1 - decay) after the step, no lr", lambda: r14_update_shrink_after
    ),
    Wrong("08.update", "loss_value at the new params", lambda: r14_update_new_loss),
    Wrong("08.update", "penalty on the mean of squares", lambda: r14_update_mean_sq),
    Wrong("08.update", "decay term added with the wrong sign", lambda: r14_update_sign),
    Wrong(
        "08.update",
        "derivative of decay/2 p^2 taken as decay/2 p",
        lambda: r14_update_half_derivative,
    ),
    Wrong("08.update", "returns (loss_value, new_params)", lambda: r14_update_swapped),
    Wrong("08.update", "L1 penalty: abs instead of squares", lambda: r14_update_l1),
    Wrong(
        "08.update",
        "decay * p subtracted without the learning rate",
        lambda: r14_update_no_lr_decay,
    ),
    # 08.fit
    Wrong(
        "08.fit", "returns the params after the step whose input passed", lambda: r14_fit_new_params
    ),
    Wrong("08.fit", "right params, steps counted one too many", lambda: r14_fit_old_params_count),
    Wrong("08.fit", "tests the lesson's loss, not the step's", lambda: r14_fit_own_loss),
    Wrong("08.fit", "while value > target: stops at equality", lambda: r14_fit_le),
    Wrong(
        "08.fit", "2000 steps, argmax of the losses, last params", lambda: r14_fit_fixed_then_search
    ),
    Wrong("08.fit", "counts steps in a float", lambda: r14_fit_float_steps),
    Wrong("08.fit", "starts counting at 1", lambda: r14_fit_count_from_one),
    Wrong("08.fit", "returns the new params with the old count", lambda: r14_fit_mixed),
    Wrong("08.fit", "capped at the train cell's 100 steps", lambda: r14_fit_capped),
    # 08.speedup
    Wrong("08.speedup", "the page's naive one-call timing", lambda: r14_speed_naive),
    Wrong("08.speedup", "jit side never blocks: times dispatch", lambda: r14_speed_no_block),
    Wrong(
        "08.speedup", "no warm-up: compile inside the jit loop", lambda: r14_speed_compile_inside
    ),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r14_speed_inverted),
    Wrong("08.speedup", "totals of 10 eager and 100 jitted calls", lambda: r14_speed_totals),
    Wrong("08.speedup", "warmed and blocked, but one call each", lambda: r14_speed_one_call),
    Wrong(
        "08.speedup", "blocks the jit calls, not the eager ones", lambda: r14_speed_eager_unblocked
    ),
    Wrong("08.speedup", "step(args) instead of step(*args)", lambda: r14_speed_tuple_args),
    Wrong("08.speedup", "timed with jaxtour.timing.measure", lambda: r14_speed_timing_module),
]
RIGHT_14 = [
    Right("08.update", "p * (1 - lr * decay) - lr * g", lambda: r14_update_shrink_first),
    Right("08.update", "has_aux carries the plain loss out", lambda: r14_update_aux),
    Right(
        "08.update", "separate grad of the penalty, added in tree.map", lambda: r14_update_two_grads
    ),
    Right("08.fit", "loop comparing float(value)", lambda: r14_fit_loop),
    Right("08.fit", "lax.while_loop, count as a jax int32", lambda: r14_fit_while_loop),
    Right("08.fit", "keeps a history list, returns its last", lambda: r14_fit_history),
    Right("08.speedup", "blocks only on the last call of each loop", lambda: r14_speed_block_last),
    Right("08.speedup", "min over repeats with monotonic_ns", lambda: r14_speed_min_of_repeats),
    Right("08.speedup", "median of single blocked calls", lambda: r14_speed_median),
]
