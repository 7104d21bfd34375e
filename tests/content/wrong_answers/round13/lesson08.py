"""Round 13, lesson 08 (putting it together): answers written from the lesson's text alone."""

from __future__ import annotations

import itertools
import time

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's model, loss and step, copied from the page.


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def _squares(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


# --- 08.update: update(params, x, y, lr, decay), penalty decay / 2 * sum p^2 ---------------


def r13_update_penalised_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _squares(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value  # penalty in value


def r13_update_full_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r13_update_decay_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r13_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r13_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r13_update_swapped_return(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r13_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        value = loss(p, x, y)
        return value + decay / 2 * sum(jax.tree.leaves(p)) ** 2, value

    (_, value), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r13_update_mean_squares(params, x, y, lr, decay):
    def total(p):
        value = loss(p, x, y)
        return value + decay / 2 * jnp.mean(jnp.stack(jax.tree.leaves(p)) ** 2), value

    (_, value), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r13_update_decay_after_step(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda q: q - lr * decay * q, stepped), value  # decays the new params


def r13_update_lambda_args_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda g, p: p - lr * (g + decay * p), params, grads), value


def r13_update_shrink_first(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: (1 - lr * decay) * p - lr * g, params, grads), value


def r13_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        penalty = sum(jnp.vdot(q, q) for q in jax.tree.leaves(p))
        return plain + 0.5 * decay * penalty, plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r13_update_dict_comprehension(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}
    return [new, loss(params, x, y)]  # a list where a tuple is asked


def r13_update_subtract_penalty(params, x, y, lr, decay):
    def penalty(p):
        return decay / 2 * _squares(p)

    value, grads = jax.value_and_grad(lambda p: loss(p, x, y) + penalty(p))(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new, value - penalty(params)


# --- 08.fit: fit_until(step, params, x, y, lr, target) -------------------------------------


def r13_fit_return_new(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, n + 1  # the loss was of params, not of new
        params, n = new, n + 1


def r13_fit_new_params_old_count(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, n
        params, n = new, n + 1


def r13_fit_count_plus_one(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n + 1
        params, n = new, n + 1


def r13_fit_less_equal(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:  # a loss equal to target is not below it
            return params, n
        params, n = new, n + 1


def r13_fit_lesson_loss(step, params, x, y, lr, target):
    n = 0
    while loss(params, x, y) >= target:  # the lesson's loss, not the step's
        params, _ = step(params, x, y, lr)
        n += 1
    return params, n


def r13_fit_capped(step, params, x, y, lr, target):
    for n in range(100):  # copied train's fixed count
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n
        params = new
    return params, 100


def r13_fit_one_past(step, params, x, y, lr, target):
    n, value = 0, jnp.inf
    while value >= target:
        params, value = step(params, x, y, lr)
        n += 1
    return params, n


def r13_fit_count_fixed_only(step, params, x, y, lr, target):
    n, value = 0, jnp.inf
    while value >= target:
        params, value = step(params, x, y, lr)
        n += 1
    return params, n - 1  # fixed the count, the params are still one step on


def r13_fit_swapped(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return n, params
        params, n = new, n + 1


def r13_fit_float_count(step, params, x, y, lr, target):
    n = 0.0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, n
        params, n = new, n + 1.0


def r13_fit_while_true(step, params, x, y, lr, target):
    n = 0
    while True:
        new, value = step(params, x, y, lr)
        if float(value) < target:
            return params, n
        params, n = new, n + 1


def r13_fit_itertools(step, params, x, y, lr, target):
    for n in itertools.count():
        following, value = step(params, x, y, lr)
        if value < target:
            return (params, jnp.int32(n))
        params = following


def r13_fit_previous(step, params, x, y, lr, target):
    previous, n = params, 0
    current, value = step(previous, x, y, lr)
    while not value < target:
        previous, n = current, n + 1
        current, value = step(previous, x, y, lr)
    return previous, n


# --- 08.speedup: measure_speedup(step, *args) -----------------------------------------------


def _per_call(f, args, calls):
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / calls


def r13_speed_naive(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    return eager_s / (time.perf_counter() - start)


def r13_speed_no_block(step, *args):
    fast = jax.jit(step)
    step(*args), fast(*args)  # warm-up
    start = time.perf_counter()
    for _ in range(50):
        step(*args)
    eager_s = (time.perf_counter() - start) / 50
    start = time.perf_counter()
    for _ in range(50):
        fast(*args)
    return eager_s / ((time.perf_counter() - start) / 50)


def r13_speed_no_warmup(step, *args):
    fast = jax.jit(step)
    return _per_call(step, args, 20) / _per_call(fast, args, 20)  # compile in the first call


def r13_speed_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _per_call(fast, args, 50) / _per_call(step, args, 50)


def r13_speed_one_side_total(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(step(*args))
    eager_s = time.perf_counter() - start  # total of 20 calls
    return eager_s / _per_call(fast, args, 20)


def r13_speed_timing_module(step, *args):
    from jaxtour import timing

    fast = jax.jit(step)
    eager = timing.measure(step, *args, budget_s=0.3)
    jitted = timing.measure(fast, *args, budget_s=0.3)
    return eager.median_s / jitted.median_s


def r13_speed_block_function(step, *args):
    fast = jax.jit(step)
    fast(*args)
    jax.block_until_ready(fast)  # blocks on the function, not its result

    def timed(f):
        start = time.perf_counter()
        for _ in range(30):
            out = f(*args)
        jax.block_until_ready(fast)
        return (time.perf_counter() - start) / 30, out

    return timed(step)[0] / timed(fast)[0]


def r13_speed_method_on_tuple(step, *args):
    fast = jax.jit(step)
    fast(*args)[1].block_until_ready()

    def timed(f):
        start = time.perf_counter()
        for _ in range(30):
            f(*args).block_until_ready()  # the step returns a tuple
        return (time.perf_counter() - start) / 30

    return timed(step) / timed(fast)


def r13_speed_both_jitted(step, *args):
    step = jax.jit(step)  # "warm up" by jitting first: both sides now jitted
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 30) / _per_call(fast, args, 30)


def r13_speed_eager_cold(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))  # warm-up for jit only
    start = time.perf_counter()
    jax.block_until_ready(step(*args))  # first eager call: every operation compiles
    eager_s = time.perf_counter() - start
    return eager_s / _per_call(fast, args, 50)


def r13_speed_careful(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _per_call(step, args, 30) / _per_call(fast, args, 100)


def r13_speed_min_of_repeats(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))

    def best(f, calls):
        times = []
        for _ in range(5):
            start = time.perf_counter_ns()
            for _ in range(calls):
                jax.block_until_ready(f(*args))
            times.append((time.perf_counter_ns() - start) / calls)
        return min(times)

    return best(step, 10) / best(fast, 50)


def r13_speed_median_single(step, *args):
    import statistics

    fast = jax.jit(step)
    for f in (fast, step):
        jax.block_until_ready(f(*args))

    def median(f):
        samples = []
        for _ in range(25):
            start = time.perf_counter()
            jax.block_until_ready(f(*args))
            samples.append(time.perf_counter() - start)
        return statistics.median(samples)

    return median(step) / median(fast)


def r13_speed_block_last(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))

    def throughput(f, calls):
        start = time.perf_counter()
        for _ in range(calls):
            out = f(*args)
        jax.block_until_ready(out)  # the queue drains before the clock stops
        return (time.perf_counter() - start) / calls

    return throughput(step, 20) / throughput(fast, 100)


ROUND_13 = [
    Wrong(
        "08.speedup", "jit warmed up, eager timed cold over one call", lambda: r13_speed_eager_cold
    ),
    Wrong(
        "08.update", "returned the penalised loss as loss_value", lambda: r13_update_penalised_value
    ),
    Wrong(
        "08.update", "gradient of the penalty taken as 2 * decay * p", lambda: r13_update_full_decay
    ),
    Wrong("08.update", "decay term added with the wrong sign", lambda: r13_update_decay_sign),
    Wrong(
        "08.update",
        "decay subtracted without the learning rate",
        lambda: r13_update_decay_without_lr,
    ),
    Wrong("08.update", "returned the loss at the new params", lambda: r13_update_loss_after),
    Wrong("08.update", "returned (loss, params), order swapped", lambda: r13_update_swapped_return),
    Wrong(
        "08.update",
        "penalty as the square of the sum of the params",
        lambda: r13_update_square_of_sum,
    ),
    Wrong(
        "08.update",
        "penalty with the mean of squares, not the sum",
        lambda: r13_update_mean_squares,
    ),
    Wrong(
        "08.update",
        "decay applied to the params after the step",
        lambda: r13_update_decay_after_step,
    ),
    Wrong(
        "08.update",
        "tree.map lambda takes (g, p) for (params, grads)",
        lambda: r13_update_lambda_args_swapped,
    ),
    Wrong(
        "08.fit",
        "returned the params after the step that showed the loss",
        lambda: r13_fit_return_new,
    ),
    Wrong(
        "08.fit", "returned the new params with the old count", lambda: r13_fit_new_params_old_count
    ),
    Wrong("08.fit", "right params, one update too many counted", lambda: r13_fit_count_plus_one),
    Wrong("08.fit", "value <= target: a loss equal to target accepted", lambda: r13_fit_less_equal),
    Wrong("08.fit", "loop tests the lesson's loss, not the step's", lambda: r13_fit_lesson_loss),
    Wrong("08.fit", "for n in range(100): gives up after 100 steps", lambda: r13_fit_capped),
    Wrong(
        "08.fit", "while value >= target, params = step(...): one step on", lambda: r13_fit_one_past
    ),
    Wrong(
        "08.fit",
        "fixed the count with n - 1, params still one step on",
        lambda: r13_fit_count_fixed_only,
    ),
    Wrong("08.fit", "returned (steps, params)", lambda: r13_fit_swapped),
    Wrong("08.fit", "count kept as a float", lambda: r13_fit_float_count),
    Wrong("08.speedup", "copied naive_speedup: compile and no block", lambda: r13_speed_naive),
    Wrong(
        "08.speedup",
        "warmed up, but never blocked: times dispatch only",
        lambda: r13_speed_no_block,
    ),
    Wrong(
        "08.speedup",
        "blocked, but no warm-up: compile in the jit time",
        lambda: r13_speed_no_warmup,
    ),
    Wrong("08.speedup", "jit time over eager time, inverted", lambda: r13_speed_inverted),
    Wrong(
        "08.speedup",
        "eager total of 20 calls over jit time per call",
        lambda: r13_speed_one_side_total,
    ),
    Wrong("08.speedup", "timed with jaxtour.timing (refused)", lambda: r13_speed_timing_module),
    Wrong(
        "08.speedup",
        "block_until_ready on the jitted function, not the result",
        lambda: r13_speed_block_function,
    ),
    Wrong(
        "08.speedup", ".block_until_ready() on the step's tuple", lambda: r13_speed_method_on_tuple
    ),
    Wrong(
        "08.speedup",
        "jitted step first, then timed it against jit of it",
        lambda: r13_speed_both_jitted,
    ),
]

RIGHT_13 = [
    Right("08.update", "(1 - lr * decay) * p - lr * g", lambda: r13_update_shrink_first),
    Right(
        "08.update",
        "penalised loss with has_aux returning the plain loss",
        lambda: r13_update_has_aux,
    ),
    Right(
        "08.update", "dict comprehension, returned as a list", lambda: r13_update_dict_comprehension
    ),
    Right(
        "08.update",
        "penalised value_and_grad, penalty subtracted back",
        lambda: r13_update_subtract_penalty,
    ),
    Right("08.fit", "while True with float(value)", lambda: r13_fit_while_true),
    Right("08.fit", "itertools.count, count as jnp.int32", lambda: r13_fit_itertools),
    Right("08.fit", "keeps previous and current params", lambda: r13_fit_previous),
    Right(
        "08.speedup", "warm-up, blocked, 30 eager and 100 jitted calls", lambda: r13_speed_careful
    ),
    Right("08.speedup", "best of 5 repeats with perf_counter_ns", lambda: r13_speed_min_of_repeats),
    Right("08.speedup", "median of single blocked calls", lambda: r13_speed_median_single),
    Right("08.speedup", "throughput: block only the last call", lambda: r13_speed_block_last),
]
