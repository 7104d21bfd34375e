"""Round 6, lesson 08 (putting it together): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- the lesson's data and model

_rng = np.random.default_rng(0)
_x = np.linspace(-1.0, 1.0, 64, dtype=np.float32)
_y = 3.0 * _x**2 - 2.0 * _x + 0.5 + 0.1 * _rng.normal(size=64).astype(np.float32)
x, y = jnp.asarray(_x), jnp.asarray(_y)


def initial_params():
    return {"a": jnp.array(0.0), "b": jnp.array(0.0), "c": jnp.array(0.0)}


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def train(step, params, x, y, lr, steps):
    """The lesson's train, without the progress bar: the last params and every step's loss."""
    fast_step = jax.jit(step)
    losses = []
    for _ in range(1, steps + 1):
        params, value = fast_step(params, x, y, lr)
        losses.append(value)
    return params, np.asarray(jnp.stack(losses))


# ---------------------------------------------------------------- 08.update


def _sum_squares(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def r6_update_penalized_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _sum_squares(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value  # loss with the penalty


def r6_update_no_half(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay * _sum_squares(p)  # forgot the / 2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r6_update_half_gradient(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    # differentiates decay / 2 * p**2 as decay / 2 * p
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r6_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r6_update_decay_after(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda p: p * (1 - lr * decay), stepped), value  # shrinks the new params


def r6_update_loss_at_new(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _sum_squares(p))(params)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss(new_params, x, y)


def r6_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r6_update_l1(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(q)) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r6_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g - decay * p), params, grads), value


def r6_update_mean_penalty(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * jnp.mean(jnp.stack(jax.tree.leaves(p)) ** 2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r6_update_ignores_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)


def r6_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r6_update_three_way_map(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new_params, value


def r6_update_has_aux(params, x, y, lr, decay):
    def total(p):
        plain = loss(p, x, y)
        penalty = decay / 2 * jax.tree.reduce(lambda a, b: a + b, jax.tree.map(lambda q: jnp.sum(q**2), p))
        return plain + penalty, plain

    (_, plain), grads = jax.value_and_grad(total, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r6_update_shrink_form(params, x, y, lr, decay):
    loss_value, grads = jax.value_and_grad(loss)(params, x, y)
    new_params = {k: params[k] * (1 - lr * decay) - lr * grads[k] for k in params}
    return new_params, loss_value


# ---------------------------------------------------------------- 08.fit


def _fit(lr, steps):
    return train(sgd_step, initial_params(), x, y, lr=lr, steps=steps)


# ---------------------------------------------------------------- 08.speedup


def _step_args():
    return initial_params(), x, y, 0.05


def r6_speed_naive():
    def fresh_step(params, x, y, lr):
        return sgd_step(params, x, y, lr)

    fast_step = jax.jit(fresh_step)
    args = _step_args()
    start = time.perf_counter()
    fresh_step(*args)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast_step(*args)
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def _medians():
    args = _step_args()
    fast = jax.jit(sgd_step)
    eager = timing.measure(sgd_step, *args, label="eager", budget_s=0.5)
    jitted = timing.measure(fast, *args, label="jit", budget_s=0.5)
    return eager.median_s, jitted.median_s


def r6_speed_inverted():
    eager_s, jit_s = _medians()
    return jit_s / eager_s


def r6_speed_difference():
    eager_s, jit_s = _medians()
    return eager_s - jit_s


def r6_speed_percent():
    eager_s, jit_s = _medians()
    return (eager_s / jit_s - 1) * 100


def r6_speed_string():
    eager_s, jit_s = _medians()
    return f"{eager_s / jit_s:.0f}x"


def r6_speed_rewrapped():
    args = _step_args()
    eager = timing.measure(sgd_step, *args, label="eager", budget_s=0.5)
    rewrapped = timing.measure(
        lambda *a: jax.jit(lambda p, x, y, lr: sgd_step(p, x, y, lr))(*a), *args, label="rewrapped", budget_s=0.5
    )
    return eager.median_s / rewrapped.median_s


def r6_speed_one_vs_many():
    args = _step_args()
    fast = jax.jit(sgd_step)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(sgd_step(*args))
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(200):
        out = fast(*args)
    jax.block_until_ready(out)
    total_jit_s = time.perf_counter() - start  # 200 steps, never divided by 200
    return eager_s / total_jit_s


def r6_speed_loss_only():
    args = _step_args()[:3]
    eager = timing.measure(loss, *args, label="loss eager", budget_s=0.5)
    jitted = timing.measure(jax.jit(loss), *args, label="loss jit", budget_s=0.5)
    return eager.median_s / jitted.median_s


def r6_speed_measure():
    eager_s, jit_s = _medians()
    return eager_s / jit_s


def r6_speed_manual_loop():
    args = _step_args()
    fast = jax.jit(sgd_step)
    jax.block_until_ready(fast(*args))  # warm-up: compile first
    jax.block_until_ready(sgd_step(*args))  # and the eager path's first-call costs

    def per_call(fn, n):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            jax.block_until_ready(fn(*args))
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    return per_call(sgd_step, 40) / per_call(fast, 400)


def r6_speed_timeit():
    args = _step_args()
    fast = jax.jit(sgd_step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(sgd_step(*args))
    eager_s = min(timeit.repeat(lambda: jax.block_until_ready(sgd_step(*args)), number=10, repeat=5)) / 10
    jit_s = min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=100, repeat=5)) / 100
    return eager_s / jit_s


ROUND_6 = [
    # 08.update
    Wrong("08.update", "returns the penalized loss, not the plain loss", lambda: r6_update_penalized_value),
    Wrong("08.update", "penalty decay * sum of squares, without the / 2", lambda: r6_update_no_half),
    Wrong("08.update", "gradient of the penalty written by hand as decay / 2 * p", lambda: r6_update_half_gradient),
    Wrong("08.update", "decay term not scaled by lr: p - lr * g - decay * p", lambda: r6_update_decay_without_lr),
    Wrong("08.update", "shrinks the already-stepped params by (1 - lr * decay)", lambda: r6_update_decay_after),
    Wrong("08.update", "loss value computed at the new params", lambda: r6_update_loss_at_new),
    Wrong("08.update", "returns (loss_value, new_params): order swapped", lambda: r6_update_swapped),
    Wrong("08.update", "L1 penalty: sum of |p|", lambda: r6_update_l1),
    Wrong("08.update", "sign slip: g - decay * p", lambda: r6_update_sign),
    Wrong("08.update", "penalty uses the mean of the squares, not the sum", lambda: r6_update_mean_penalty),
    Wrong("08.update", "calls sgd_step and ignores decay", lambda: r6_update_ignores_decay),
    Wrong("08.update", "penalty as the square of the sum of the params", lambda: r6_update_square_of_sum),
    # 08.fit
    Wrong("08.fit", "the lesson's run, lr 0.05 for 100 steps: stops too early", lambda: _fit(0.05, 100)[0]),
    Wrong("08.fit", "lr 0.1 for 100 steps: loss just above 0.02", lambda: _fit(0.1, 100)[0]),
    Wrong("08.fit", "lr 1.0: the loss explodes", lambda: _fit(1.0, 100)[0]),
    Wrong("08.fit", "forgot to unpack: the (params, losses) tuple", lambda: _fit(0.3, 300)),
    Wrong("08.fit", "unpacked in the wrong order: losses, trained = train(...)", lambda: _fit(0.3, 300)[1]),
    Wrong("08.fit", "set trained to initial_params()", lambda: initial_params()),
    Wrong("08.fit", "the model's predictions after training, not the params", lambda: model(_fit(0.3, 300)[0], x)),
    Wrong("08.fit", "params as a tuple (a, b, c) instead of the dict", lambda: tuple(_fit(0.3, 300)[0][k] for k in "abc")),
    Wrong("08.fit", "lr 0.5 but only 20 steps", lambda: _fit(0.5, 20)[0]),
    # 08.speedup
    Wrong("08.speedup", "the lesson's naive measurement: one call each, compile included", r6_speed_naive),
    Wrong("08.speedup", "ratio inverted: jitted time / eager time", r6_speed_inverted),
    Wrong("08.speedup", "time difference eager - jit in seconds, not a ratio", r6_speed_difference),
    Wrong("08.speedup", "as a percentage gain: (ratio - 1) * 100", r6_speed_percent),
    Wrong("08.speedup", "as a string like '120x'", r6_speed_string),
    Wrong("08.speedup", "jitted side re-wraps jax.jit(lambda ...) on every call", r6_speed_rewrapped),
    Wrong("08.speedup", "one eager step against 200 jitted steps, not divided by 200", r6_speed_one_vs_many),
    Wrong("08.speedup", "times loss alone instead of sgd_step", r6_speed_loss_only),
]

RIGHT_6 = [
    Right("08.update", "gradient of the loss plus decay * p in the tree.map", lambda: r6_update_three_way_map),
    Right("08.update", "value_and_grad with has_aux, the plain loss as aux; penalty via jax.tree.reduce", lambda: r6_update_has_aux),
    Right("08.update", "dict comprehension in the shrink form p * (1 - lr * decay) - lr * g", lambda: r6_update_shrink_form),
    Right("08.fit", "lr 0.3 for 300 steps", lambda: _fit(0.3, 300)[0]),
    Right("08.fit", "cautious lr 0.05 for 1000 steps", lambda: _fit(0.05, 1000)[0]),
    Right("08.fit", "lr 0.5 for 100 steps, unpacked as params, losses", lambda: _fit(0.5, 100)[0]),
    Right("08.speedup", "timing.measure of both, ratio of medians", r6_speed_measure),
    Right("08.speedup", "warm-up, then the median of per-call perf_counter times, each call blocked", r6_speed_manual_loop),
    Right("08.speedup", "timeit.repeat with jax.block_until_ready, best of five", r6_speed_timeit),
]
