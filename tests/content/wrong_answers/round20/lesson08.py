"""Round 20, lesson 08 (putting it together): answers from the lesson's text alone."""

from __future__ import annotations

import itertools
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup, recreated ---------------------------------------------------

rng = np.random.default_rng(0)
x = np.linspace(-1.0, 1.0, 64, dtype=np.float32)
y = 3.0 * x**2 - 2.0 * x + 0.5 + 0.1 * rng.normal(size=64).astype(np.float32)
x, y = jnp.asarray(x), jnp.asarray(y)


def initial_params():
    return {"a": jnp.array(0.0), "b": jnp.array(0.0), "c": jnp.array(0.0)}


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


fast_sgd_step = jax.jit(sgd_step)

# ---- 08.update: one SGD step on loss + decay / 2 * sum of squares --------------------


def _r20_penalty(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def r20_update_penalised_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _r20_penalty(p)

    value, grads = jax.value_and_grad(total)(params)  # the value includes the penalty
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r20_update_half_decay_grad(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    # d/dp of decay/2 p^2 taken as decay/2 * p
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r20_update_keras_weight(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    # penalty decay * sum p^2 (Keras's L2): gradient 2 * decay * p
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r20_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r20_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - decay) - lr * g, params, grads), value


def r20_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)  # the loss at the new parameters


def r20_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r20_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2  # (sum p)^2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r20_update_no_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)  # the lesson's step: decay never used


def r20_update_decay_after_step(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    # decay taken from the already-updated parameters
    return jax.tree.map(lambda p: p - lr * decay * p, stepped), value


def r20_update_mean_of_squares(params, x, y, lr, decay):
    def total(p):
        stacked = jnp.stack(jax.tree.leaves(p))
        return loss(p, x, y) + decay / 2 * jnp.mean(stacked**2)  # mean, not sum

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r20_update_no_bias_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {}
    for name in params:
        extra = 0.0 if name == "c" else decay * params[name]  # the bias is not decayed
        new[name] = params[name] - lr * (grads[name] + extra)
    return new, value


# right ones


def r20_update_decoupled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1.0 - lr * decay) * p - lr * g, params, grads), value


def r20_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        squares = jax.tree.reduce(lambda acc, leaf: acc + jnp.sum(leaf**2), p, 0.0)
        return plain + 0.5 * decay * squares, plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r20_update_dict_loop(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new_params = {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}
    return new_params, loss(params, x, y)


# ---- 08.fit: train until the loss is below target ------------------------------------


def r20_fit_new_params(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)  # params moved on before the test
        steps += 1
        if value < target:
            return params, steps


def r20_fit_counts_calls(step, params, x, y, lr, target):
    calls = 0
    while True:
        new_params, value = step(params, x, y, lr)
        calls += 1  # counts the call that measured the loss too
        if value < target:
            return params, calls
        params = new_params


def r20_fit_recomputes_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target and steps < 3000:  # the lesson's loss, again
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r20_fit_less_equal(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value <= target:  # <= where the task says below
            return params, steps
        params, steps = new_params, steps + 1


def r20_fit_starts_at_one(step, params, x, y, lr, target):
    steps = 1
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new_params, steps + 1


def r20_fit_capped(step, params, x, y, lr, target):
    for i in range(100):  # a safety cap that is too small
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new_params
    return params, 100


def r20_fit_wrong_comparison(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value > target:  # the comparison turned round
            return params, steps
        params, steps = new_params, steps + 1
        if steps > 1000:  # a learner's safety cap
            return params, steps


def r20_fit_float_steps(step, params, x, y, lr, target):
    steps = 0.0
    while True:
        new_params, value = step(params, x, y, lr)
        if float(value) < target:
            return params, steps  # a float count
        params, steps = new_params, steps + 1.0


def r20_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new_params, steps + 1


def r20_fit_lesson_step(step, params, x, y, lr, target):
    for steps in range(5000):  # with a learner's safety cap
        new_params, value = fast_sgd_step(params, x, y, lr)  # not the step it is given
        if value < target:
            return params, steps
        params = new_params
    return params, 5000


def r20_fit_fixed_lr(step, params, x, y, lr, target):
    for steps in range(5000):  # with a learner's safety cap
        new_params, value = step(params, x, y, 0.3)  # the lesson's rate, hard-coded
        if value < target:
            return params, steps
        params = new_params
    return params, 5000


# right ones


def r20_fit_count(step, params, x, y, lr, target):
    for n in itertools.count():
        after, value = step(params, x, y, lr)
        if bool(value < target):
            return params, n
        params = after


def r20_fit_lookahead(step, params, x, y, lr, target):
    steps = 0
    next_params, value = step(params, x, y, lr)
    while float(value) >= target:
        params = next_params
        next_params, value = step(params, x, y, lr)
        steps += 1
    return params, jnp.int32(steps)


def r20_fit_while_loop(step, params, x, y, lr, target):
    def keep_going(carry):
        return carry[2] >= target

    def body(carry):
        _, after, _, n = carry
        following, value = step(after, x, y, lr)
        return after, following, value, n + 1

    following, value = step(params, x, y, lr)
    start = (params, following, value, jnp.array(0, dtype=jnp.int32))
    found, _, _, steps = jax.lax.while_loop(keep_going, body, start)
    return found, steps


# ---- 08.speedup: eager time over jitted time, measured honestly ----------------------


def r20_speed_naive(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)  # the first call: includes the compile
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def r20_speed_no_block(step, *args, n=50):
    fast = jax.jit(step)
    step(*args)
    fast(*args)  # warmed up
    start = time.perf_counter()
    for _ in range(n):
        step(*args)
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)  # never waited for
    jit_s = (time.perf_counter() - start) / n
    return eager_s / jit_s


def r20_speed_no_warmup(step, *args, n=20):
    fast = jax.jit(step)
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))  # the compile counted in the first one
    jit_s = (time.perf_counter() - start) / n
    return eager_s / jit_s


def r20_speed_inverted(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / n
    return jit_s / eager_s  # upside down


def r20_speed_total_vs_one(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_total = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / n
    return eager_total / jit_s  # the eager side never divided by n


def r20_speed_rewrap(step, *args, n=5):
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(jax.jit(lambda *a: step(*a))(*args))  # a new lambda each time
    jit_s = (time.perf_counter() - start) / n
    return eager_s / jit_s


def r20_speed_single_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.perf_counter()
    jax.block_until_ready(step(*args))
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))  # one call each, warmed and blocked
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def r20_speed_returns_times(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / n
    return eager_s, jit_s  # both times, not their ratio


def r20_speed_jaxtour_timing(step, *args):
    from jaxtour import timing  # the lesson's helper, which the task refuses

    eager = timing.measure(step, *args, label="eager", budget_s=0.3)
    jitted = timing.measure(jax.jit(step), *args, label="jit", budget_s=0.3)
    return eager.median_s / jitted.median_s


def r20_speed_block_tuple(step, *args, n=30):
    fast = jax.jit(step)
    fast(*args)[0].block_until_ready()  # the first output is a dict of params
    start = time.perf_counter()
    for _ in range(n):
        step(*args)[1].block_until_ready()
    eager_s = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(*args)[0].block_until_ready()
    jit_s = (time.perf_counter() - start) / n
    return eager_s / jit_s


def r20_speed_process_time(step, *args, n=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.process_time()  # CPU time of this process, not elapsed time
    for _ in range(n):
        jax.block_until_ready(step(*args))
    eager_s = (time.process_time() - start) / n
    start = time.process_time()
    for _ in range(n):
        jax.block_until_ready(fast(*args))
    jit_s = (time.process_time() - start) / n
    return eager_s / jit_s


# right ones


def r20_speed_timeit_min(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=5, repeat=5)) / 5
    jitted = min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=50, repeat=5)) / 50
    return eager / jitted


def r20_speed_median_ns(step, *args):
    fast = jax.jit(step)

    def per_call(fn, calls):
        jax.block_until_ready(fn(*args))  # warm-up: the compile, caches
        samples = []
        for _ in range(calls):
            start = time.perf_counter_ns()
            jax.block_until_ready(fn(*args))
            samples.append(time.perf_counter_ns() - start)
        return statistics.median(samples)

    return per_call(step, 15) / per_call(fast, 101)


def r20_speed_block_last(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready((step(*args), fast(*args)))
    times = {}
    for name, fn, n in (("eager", step, 10), ("jit", fast, 200)):
        start = time.monotonic()
        for _ in range(n):
            out = fn(*args)
            jax.block_until_ready(out)
        times[name] = (time.monotonic() - start) / n
    return times["eager"] / times["jit"]


ROUND_20 = [
    # 08.update
    Wrong("08.update", "returns the loss with the penalty", lambda: r20_update_penalised_value),
    Wrong("08.update", "penalty gradient decay / 2 * p", lambda: r20_update_half_decay_grad),
    Wrong("08.update", "Keras weight: gradient 2 * decay * p", lambda: r20_update_keras_weight),
    Wrong("08.update", "decay term with the wrong sign", lambda: r20_update_sign),
    Wrong("08.update", "decay applied without the learning rate", lambda: r20_update_decay_without_lr),
    Wrong("08.update", "returns the loss at the new params", lambda: r20_update_loss_after),
    Wrong("08.update", "returns (loss, params), swapped", lambda: r20_update_swapped),
    Wrong("08.update", "penalty (sum p)^2, not sum p^2", lambda: r20_update_square_of_sum),
    Wrong("08.update", "the lesson's sgd_step, decay ignored", lambda: r20_update_no_decay),
    Wrong("08.update", "decay from the already-stepped params", lambda: r20_update_decay_after_step),
    Wrong("08.update", "mean of the squares, not their sum", lambda: r20_update_mean_of_squares),
    Wrong("08.update", "bias c left out of the decay", lambda: r20_update_no_bias_decay),
    # 08.fit
    Wrong("08.fit", "returns the params after the good step", lambda: r20_fit_new_params),
    Wrong("08.fit", "counts the call that measured the loss", lambda: r20_fit_counts_calls),
    Wrong("08.fit", "recomputes the loss with the lesson's loss", lambda: r20_fit_recomputes_loss),
    Wrong("08.fit", "stops at loss <= target", lambda: r20_fit_less_equal),
    Wrong("08.fit", "step counter starts at 1", lambda: r20_fit_starts_at_one),
    Wrong("08.fit", "gives up after 100 steps", lambda: r20_fit_capped),
    Wrong("08.fit", "comparison turned round: value > target", lambda: r20_fit_wrong_comparison),
    Wrong("08.fit", "the count as a Python float", lambda: r20_fit_float_steps),
    Wrong("08.fit", "returns (steps, params)", lambda: r20_fit_swapped),
    Wrong("08.fit", "calls fast_sgd_step, not the step given", lambda: r20_fit_lesson_step),
    Wrong("08.fit", "learning rate 0.3 hard-coded", lambda: r20_fit_fixed_lr),
    # 08.speedup
    Wrong("08.speedup", "the naive one-call measurement", lambda: r20_speed_naive),
    Wrong("08.speedup", "warmed up, but never blocks", lambda: r20_speed_no_block),
    Wrong("08.speedup", "blocks, but no warm-up: compile counted", lambda: r20_speed_no_warmup),
    Wrong("08.speedup", "ratio upside down: jit over eager", lambda: r20_speed_inverted),
    Wrong("08.speedup", "eager total over jitted per-call time", lambda: r20_speed_total_vs_one),
    Wrong("08.speedup", "jax.jit(lambda) re-wrapped every call", lambda: r20_speed_rewrap),
    Wrong("08.speedup", "one call per side, warmed and blocked", lambda: r20_speed_single_call),
    Wrong("08.speedup", "returns both times, not the ratio", lambda: r20_speed_returns_times),
    Wrong("08.speedup", "times with jaxtour.timing.measure", lambda: r20_speed_jaxtour_timing),
    Wrong("08.speedup", ".block_until_ready() on the params dict", lambda: r20_speed_block_tuple),
    Wrong("08.speedup", "time.process_time: CPU time, not wall", lambda: r20_speed_process_time),
]

RIGHT_20 = [
    # 08.update
    Right("08.update", "decoupled form (1 - lr*decay) p - lr g", lambda: r20_update_decoupled),
    Right("08.update", "penalised loss with has_aux and tree.reduce", lambda: r20_update_has_aux),
    Right("08.update", "dict comprehension, loss computed apart", lambda: r20_update_dict_loop),
    # 08.fit
    Right("08.fit", "itertools.count loop", lambda: r20_fit_count),
    Right("08.fit", "look-ahead while loop, jnp.int32 count", lambda: r20_fit_lookahead),
    Right("08.fit", "jax.lax.while_loop over the step", lambda: r20_fit_while_loop),
    # 08.speedup
    Right("08.speedup", "timeit.repeat, best of 5", lambda: r20_speed_timeit_min),
    Right("08.speedup", "median of perf_counter_ns samples", lambda: r20_speed_median_ns),
    Right("08.speedup", "time.monotonic over 10 and 200 calls", lambda: r20_speed_block_last),
]
