"""Round 21, lesson 08 (putting it together): answers from the lesson's text alone."""

from __future__ import annotations

import itertools
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup that the answers reuse ----------------------------------------

_rng = np.random.default_rng(0)
_x = np.linspace(-1.0, 1.0, 64, dtype=np.float32)
_y = 3.0 * _x**2 - 2.0 * _x + 0.5 + 0.1 * _rng.normal(size=64).astype(np.float32)
x, y = jnp.asarray(_x), jnp.asarray(_y)  # the notebook's globals


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


# ---- 08.update: one SGD step with weight decay (decay / 2 · Σ p²) --------------------


def r21_update_half_derivative(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads)
    return new, value


def r21_update_double_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads)
    return new, value


def _penalised(params, x, y, decay):
    return loss(params, x, y) + decay / 2 * sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def r21_update_loss_with_penalty(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(_penalised)(params, x, y, decay)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r21_update_decay_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads)
    return new, value


def r21_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads)
    return new, value


def r21_update_swapped_return(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return value, new


def r21_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r21_update_bias_not_decayed(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {}
    for name in params:
        shrink = 0.0 if name == "c" else decay * params[name]  # no decay on the bias
        new[name] = params[name] - lr * (grads[name] + shrink)
    return new, value


def r21_update_grad_after_shrink(params, x, y, lr, decay):
    shrunk = jax.tree.map(lambda p: p * (1.0 - lr * decay), params)  # decay first
    grads = jax.grad(loss)(shrunk, x, y)  # then the gradient, at the shrunk params
    return jax.tree.map(lambda p, g: p - lr * g, shrunk, grads), loss(params, x, y)


def r21_update_l1(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * jnp.sign(p)), params, grads)
    return new, value


def r21_update_iterates_dict(params, x, y, lr, decay):
    def total(params):
        return loss(params, x, y) + decay / 2 * sum(p**2 for p in params)  # keys, not values

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r21_update_mean_penalty(params, x, y, lr, decay):
    def total(params):
        leaves = jnp.stack(jax.tree.leaves(params))
        return loss(params, x, y) + decay / 2 * jnp.mean(leaves**2)

    _, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r21_update_right_aux(params, x, y, lr, decay):
    def objective(params):
        data = loss(params, x, y)
        penalty = sum(jnp.vdot(p, p) for p in jax.tree.leaves(params))
        return data + 0.5 * decay * penalty, data

    (_, data), grads = jax.value_and_grad(objective, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), data


def r21_update_right_shrink(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {k: (1.0 - lr * decay) * params[k] - lr * grads[k] for k in params}
    return new, value


def r21_update_right_separate_grad(params, x, y, lr, decay):
    def penalty(params):
        squares = jax.tree.map(lambda p: jnp.sum(p * p), params)
        return decay / 2 * jax.tree.reduce(lambda a, b: a + b, squares)

    value, data_grads = jax.value_and_grad(loss)(params, x, y)
    penalty_grads = jax.grad(penalty)(params)
    grads = jax.tree_util.tree_map(jnp.add, data_grads, penalty_grads)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), value


def r21_update_right_via_sgd_step(params, x, y, lr, decay):
    stepped, value = sgd_step(params, x, y, lr)
    return jax.tree.map(lambda s, p: s - lr * decay * p, stepped, params), value


# ---- 08.fit: train until the loss is below target -------------------------------------


def r21_fit_one_too_far(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r21_fit_new_params_old_count(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return new_params, steps
        params = new_params
        steps += 1


def r21_fit_recomputes_loss(step, params, x, y, lr, target):
    steps = 0
    while loss(params, x, y) >= target:  # the lesson's loss, not the step's
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r21_fit_count_from_one(step, params, x, y, lr, target):
    steps = 1
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new_params
        steps += 1


def r21_fit_capped(step, params, x, y, lr, target):
    for i in range(100):
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, i
        params = new_params
    return params, 100


def r21_fit_with_losses(step, params, x, y, lr, target):
    losses = []
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, len(losses), losses  # the curve too, to plot it
        losses.append(value)
        params = new_params


def r21_fit_ignores_step(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = fast_sgd_step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new_params, steps + 1


def r21_fit_always_one_update(step, params, x, y, lr, target):
    params, _ = step(params, x, y, lr)
    steps = 1
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new_params, steps + 1


def r21_fit_returns_loss(step, params, x, y, lr, target):
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, value
        params = new_params


def r21_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new_params, steps + 1


def r21_fit_until_flat(step, params, x, y, lr, target):
    previous, steps = None, 0
    while True:
        new_params, value = step(params, x, y, lr)
        if previous is not None and previous - value < target:  # stopped improving
            return params, steps
        previous, params, steps = value, new_params, steps + 1


def r21_fit_right_itertools(step, params, x, y, lr, target):
    for done in itertools.count():
        next_params, value = step(params, x, y, lr)
        if float(value) < target:
            return params, done
        params = next_params


def r21_fit_right_lookahead(step, params, x, y, lr, target):
    updates = 0
    new_params, value = step(params, x, y, lr)
    while not value < target:
        params = new_params
        new_params, value = step(params, x, y, lr)
        updates += 1
    return params, updates


def r21_fit_right_while_loop(step, params, x, y, lr, target):
    first_new, first_value = step(params, x, y, lr)

    def keep_going(carry):
        return carry[2] >= target

    def one_more(carry):
        _, new, _, n = carry
        newer, value = step(new, x, y, lr)
        return new, newer, value, n + 1

    params, _, _, n = jax.lax.while_loop(
        keep_going, one_more, (params, first_new, first_value, jnp.array(0, jnp.int32))
    )
    return params, n


# ---- 08.speedup: eager time per call / jitted time per call, honestly -----------------


def r21_speedup_naive(step, *args):
    fast = jax.jit(step)
    start = time.perf_counter()
    step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    return eager_s / (time.perf_counter() - start)


def r21_speedup_no_block(step, *args, calls=20):
    fast = jax.jit(step)
    fast(*args)  # warm-up
    start = time.perf_counter()
    for _ in range(calls):
        step(*args)
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        fast(*args)
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r21_speedup_no_warmup(step, *args, calls=20):
    fast = jax.jit(step)
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def _per_call(f, args, calls=30):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(calls):
        out = f(*args)
    jax.block_until_ready(out)
    return (time.perf_counter() - start) / calls


def r21_speedup_inverted(step, *args):
    return _per_call(jax.jit(step), args) / _per_call(step, args)


def r21_speedup_rewrapped_lambda(step, *args, calls=10):
    step(*args)
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(step(*args))
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(jax.jit(lambda *a: step(*a))(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r21_speedup_name_reused(step, *args):
    step = jax.jit(step)  # the eager side is now jitted too
    fast = step
    return _per_call(step, args) / _per_call(fast, args)


def r21_speedup_returns_times(step, *args):
    return _per_call(step, args), _per_call(jax.jit(step), args)


def r21_speedup_blocks_jit_only(step, *args, calls=30):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    for _ in range(calls):
        step(*args)
    eager_s = (time.perf_counter() - start) / calls
    start = time.perf_counter()
    for _ in range(calls):
        jax.block_until_ready(fast(*args))
    jit_s = (time.perf_counter() - start) / calls
    return eager_s / jit_s


def r21_speedup_difference(step, *args):
    return _per_call(step, args) - _per_call(jax.jit(step), args)


def r21_speedup_totals_uneven(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    for _ in range(10):
        out = step(*args)
    jax.block_until_ready(out)
    eager_total = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(100):
        out = fast(*args)
    jax.block_until_ready(out)
    jit_total = time.perf_counter() - start
    return eager_total / jit_total  # totals, not per call


def r21_speedup_with_timing(step, *args):
    from jaxtour import timing  # the lesson's helper, which the task refuses

    eager = timing.measure(step, *args, label="eager", budget_s=0.2)
    jitted = timing.measure(jax.jit(step), *args, label="jit", budget_s=0.2)
    return eager.median_s / jitted.median_s


def r21_speedup_single_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    start = time.time()
    jax.block_until_ready(step(*args))
    eager_s = time.time() - start
    start = time.time()
    jax.block_until_ready(fast(*args))
    return eager_s / (time.time() - start)


def r21_speedup_right_median(step, *args):
    fast = jax.jit(step)

    def median_ns(f, repeats=25):
        jax.block_until_ready(f(*args))  # compile / warm up
        times = []
        for _ in range(repeats):
            start = time.perf_counter_ns()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter_ns() - start)
        return statistics.median(times)

    return median_ns(step) / median_ns(fast)


def r21_speedup_right_timeit(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    number = 10
    eager = min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=number, repeat=5))
    jitted = min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=number, repeat=5))
    return (eager / number) / (jitted / number)


def r21_speedup_right_batch(step, *args, calls=50):
    fast = jax.jit(step)
    jax.tree.map(lambda a: a.block_until_ready(), fast(*args))
    step(*args)
    results = {}
    for name, f in (("eager", step), ("jit", fast)):
        start = time.monotonic()
        for _ in range(calls):
            out = f(*args)
        jax.block_until_ready(out)
        results[name] = (time.monotonic() - start) / calls
    return results["eager"] / results["jit"]


ROUND_21 = [
    # 08.update
    Wrong("08.update", "penalty gradient decay / 2 · p", lambda: r21_update_half_derivative),
    Wrong("08.update", "penalty gradient 2 · decay · p", lambda: r21_update_double_decay),
    Wrong("08.update", "returned the loss with the penalty", lambda: r21_update_loss_with_penalty),
    Wrong("08.update", "decay term added, not subtracted", lambda: r21_update_decay_sign),
    Wrong("08.update", "decay not multiplied by lr", lambda: r21_update_decay_without_lr),
    Wrong("08.update", "returned (loss, params)", lambda: r21_update_swapped_return),
    Wrong("08.update", "loss at the new params", lambda: r21_update_loss_after),
    Wrong("08.update", "bias c left out of the decay", lambda: r21_update_bias_not_decayed),
    Wrong(
        "08.update", "shrank first, then took the grad there", lambda: r21_update_grad_after_shrink
    ),
    Wrong("08.update", "L1 penalty: decay / 2 · sign(p)", lambda: r21_update_l1),
    Wrong("08.update", "summed over the dict's keys", lambda: r21_update_iterates_dict),
    Wrong("08.update", "mean of the squares, not their sum", lambda: r21_update_mean_penalty),
    # 08.fit
    Wrong("08.fit", "checks the loss after stepping: one too far", lambda: r21_fit_one_too_far),
    Wrong(
        "08.fit", "returns the new params with the old count", lambda: r21_fit_new_params_old_count
    ),
    Wrong("08.fit", "recomputes the loss with the lesson's loss", lambda: r21_fit_recomputes_loss),
    Wrong("08.fit", "counts from 1", lambda: r21_fit_count_from_one),
    Wrong("08.fit", "gives up after 100 steps", lambda: r21_fit_capped),
    Wrong("08.fit", "returned the losses as a third item", lambda: r21_fit_with_losses),
    Wrong("08.fit", "calls sgd_step, not the step it is given", lambda: r21_fit_ignores_step),
    Wrong("08.fit", "always takes one update first", lambda: r21_fit_always_one_update),
    Wrong("08.fit", "returns the loss instead of the count", lambda: r21_fit_returns_loss),
    Wrong("08.fit", "returns (steps, params)", lambda: r21_fit_swapped),
    Wrong("08.fit", "stops when the loss improves less than target", lambda: r21_fit_until_flat),
    # 08.speedup
    Wrong("08.speedup", "the lesson's naive one-call measurement", lambda: r21_speedup_naive),
    Wrong("08.speedup", "warmed up, never blocked", lambda: r21_speedup_no_block),
    Wrong("08.speedup", "blocked, no warm-up: compile in the mean", lambda: r21_speedup_no_warmup),
    Wrong("08.speedup", "ratio upside down: jit / eager", lambda: r21_speedup_inverted),
    Wrong(
        "08.speedup",
        "jax.jit(lambda ...) re-wrapped per call",
        lambda: r21_speedup_rewrapped_lambda,
    ),
    Wrong("08.speedup", "step = jax.jit(step): both sides jitted", lambda: r21_speedup_name_reused),
    Wrong("08.speedup", "returned both times, not their ratio", lambda: r21_speedup_returns_times),
    Wrong("08.speedup", "blocked only the jitted side", lambda: r21_speedup_blocks_jit_only),
    Wrong("08.speedup", "eager minus jit, in seconds", lambda: r21_speedup_difference),
    Wrong(
        "08.speedup",
        "10 eager calls against 100 jit calls, totals",
        lambda: r21_speedup_totals_uneven,
    ),
    Wrong("08.speedup", "timed with jaxtour.timing.measure", lambda: r21_speedup_with_timing),
    Wrong(
        "08.speedup", "one warmed, blocked call each (time.time)", lambda: r21_speedup_single_call
    ),
]

RIGHT_21 = [
    Right(
        "08.update", "penalty in the objective, has_aux for the loss", lambda: r21_update_right_aux
    ),
    Right(
        "08.update",
        "shrink form (1 - lr·decay)·p - lr·g, dict comprehension",
        lambda: r21_update_right_shrink,
    ),
    Right(
        "08.update",
        "penalty gradient from its own jax.grad",
        lambda: r21_update_right_separate_grad,
    ),
    Right(
        "08.update",
        "the lesson's sgd_step, then lr·decay·p off",
        lambda: r21_update_right_via_sgd_step,
    ),
    Right("08.fit", "itertools.count and float(value)", lambda: r21_fit_right_itertools),
    Right("08.fit", "one step ahead, while not value < target", lambda: r21_fit_right_lookahead),
    Right("08.fit", "jax.lax.while_loop carrying both params", lambda: r21_fit_right_while_loop),
    Right(
        "08.speedup", "median of blocked calls, perf_counter_ns", lambda: r21_speedup_right_median
    ),
    Right("08.speedup", "timeit.repeat, best of 5", lambda: r21_speedup_right_timeit),
    Right("08.speedup", "time.monotonic over 50 calls, one block", lambda: r21_speedup_right_batch),
]
