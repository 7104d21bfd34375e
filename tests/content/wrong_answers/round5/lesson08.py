"""Round 5, lesson 08 (putting it together): answers written from the lesson's text alone.

`train` here is the lesson's loop without the progress bar and label (the same steps).
"""
from __future__ import annotations

import functools
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

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


def train(step, params, x, y, lr, steps):
    fast_step = jax.jit(step)
    losses = []
    for i in range(1, steps + 1):
        params, value = fast_step(params, x, y, lr)
        losses.append(value)
    return params, np.asarray(jnp.stack(losses))


# ---------------------------------------------------------------- 08.update


def _sum_squares(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def w8_update_penalized_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _sum_squares(p)
    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def w8_update_no_half(params, x, y, lr, decay):
    # penalty decay * sum p**2: gradient 2 * decay * p
    def total(p):
        return loss(p, x, y) + decay * _sum_squares(p)
    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def w8_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def w8_update_new_loss(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def w8_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def w8_update_no_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)


def w8_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2
    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def w8_update_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def w8_update_returns_grads(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _sum_squares(p)
    grads = jax.grad(total)(params)
    return grads, loss(params, x, y)


def w8_update_only_a(params, x, y, lr, decay):
    # penalty on the curvature "a" only
    def total(p):
        return loss(p, x, y) + decay / 2 * p["a"] ** 2
    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def w8_update_float_value(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, float(value)


def w8_update_decay_times_grad(params, x, y, lr, decay):
    # multiplies the gradient by (1 - decay) instead of shrinking the parameter
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (1 - decay) * g, params, grads), value


def w8_update_decay_on_grad_squared(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * g**2), params, grads), value


def w8_update_has_aux_confused(params, x, y, lr, decay):
    # has_aux with the penalty as the differentiated output and the loss as aux
    def both(p):
        return decay / 2 * _sum_squares(p), loss(p, x, y)
    (pen, value), grads = jax.value_and_grad(both, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r8_update_shrink_first(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p * (1 - lr * decay) - lr * g, params, grads)
    return new, value


def r8_update_has_aux(params, x, y, lr, decay):
    def objective(p):
        data_loss = loss(p, x, y)
        penalty = decay / 2 * sum(jnp.vdot(v, v) for v in jax.tree.leaves(p))
        return data_loss + penalty, data_loss
    (_, value), grads = jax.value_and_grad(objective, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r8_update_dict_comprehension(params, x, y, lr, decay):
    value = loss(params, x, y)
    grads = jax.grad(loss)(params, x, y)
    new = {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}
    return new, value


# ---------------------------------------------------------------- 08.fit


def w8_fit_default():
    return train(sgd_step, initial_params(), x, y, lr=0.05, steps=100)[0]


def w8_fit_losses():
    params, losses = train(sgd_step, initial_params(), x, y, lr=0.5, steps=200)
    return losses


def w8_fit_tuple():
    return train(sgd_step, initial_params(), x, y, lr=0.5, steps=200)


def w8_fit_exploded():
    return train(sgd_step, initial_params(), x, y, lr=1.0, steps=200)[0]


def w8_fit_small_lr():
    return train(sgd_step, initial_params(), x, y, lr=0.01, steps=300)[0]


def w8_fit_heavy_decay():
    step = lambda p, x, y, lr: r8_update_shrink_first(p, x, y, lr, 0.5)
    return train(step, initial_params(), x, y, lr=0.3, steps=300)[0]


def w8_fit_predictions():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.3, steps=300)
    return model(params, x)


def w8_fit_fewer_steps():
    return train(sgd_step, initial_params(), x, y, lr=0.05, steps=150)[0]


def w8_fit_list_values():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.3, steps=300)
    return [params["a"], params["b"], params["c"]]


def r8_fit_fast():
    trained, losses = train(sgd_step, initial_params(), x, y, lr=0.5, steps=200)
    return trained


def r8_fit_floats():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.1, steps=500)
    return {k: float(v) for k, v in params.items()}


def r8_fit_two_rounds():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.05, steps=100)
    params, _ = train(sgd_step, params, x, y, lr=0.05, steps=300)
    return params


def r8_fit_numpy_leaves():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.2, steps=400)
    return jax.tree.map(np.asarray, params)


# ---------------------------------------------------------------- 08.speedup

_lr = 0.05


def _eager_once():
    return jax.block_until_ready(sgd_step(initial_params(), x, y, _lr))


def w8_speed_naive():
    def fresh_step(params, x, y, lr):
        return sgd_step(params, x, y, lr)
    fast_step = jax.jit(fresh_step)
    start = time.perf_counter()
    fresh_step(initial_params(), x, y, _lr)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast_step(initial_params(), x, y, _lr)
    return eager_s / (time.perf_counter() - start)


def _timed(fn, n=50):
    params = initial_params()
    jax.block_until_ready(fn(params, x, y, _lr))
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(fn(params, x, y, _lr))
    return (time.perf_counter() - start) / n


def w8_speed_inverted():
    return _timed(jax.jit(sgd_step)) / _timed(sgd_step)


def w8_speed_no_block():
    fast = jax.jit(sgd_step)
    params = initial_params()
    fast(params, x, y, _lr)
    n = 50
    start = time.perf_counter()
    for _ in range(n):
        sgd_step(params, x, y, _lr)
    eager = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        fast(params, x, y, _lr)  # no block_until_ready: times dispatch only
    jitted = (time.perf_counter() - start) / n
    return eager / jitted


def w8_speed_jit_vs_jit():
    # "eager" side also jitted (copied train's fast_step for both)
    return _timed(jax.jit(sgd_step)) / _timed(jax.jit(lambda p, x, y, lr: sgd_step(p, x, y, lr)))


def w8_speed_loss_only():
    # times the loss, not the step
    def loss_call(p, x, y, lr):
        return loss(p, x, y)
    return _timed(loss_call) / _timed(jax.jit(loss_call))


def w8_speed_percent():
    eager, jitted = _timed(sgd_step), _timed(jax.jit(sgd_step))
    return (eager - jitted) / eager * 100


def w8_speed_difference():
    return _timed(sgd_step) - _timed(jax.jit(sgd_step))


def w8_speed_measurement_object():
    return timing.measure(jax.jit(sgd_step), initial_params(), x, y, _lr, label="jit", budget_s=0.2)


def w8_speed_first_call_jit():
    # warms up eager but not jit: the jitted time includes the compile
    _eager_once()
    start = time.perf_counter()
    _eager_once()
    eager = time.perf_counter() - start
    fast = jax.jit(lambda p, x, y, lr: sgd_step(p, x, y, lr))
    start = time.perf_counter()
    jax.block_until_ready(fast(initial_params(), x, y, _lr))
    return eager / (time.perf_counter() - start)


def r8_speed_timing_measure():
    params = initial_params()
    eager = timing.measure(sgd_step, params, x, y, 0.05, label="eager", budget_s=0.5)
    jitted = timing.measure(jax.jit(sgd_step), params, x, y, 0.05, label="jit", budget_s=0.5)
    return eager.median_s / jitted.median_s


def r8_speed_timeit():
    params = initial_params()
    fast = jax.jit(sgd_step)
    jax.block_until_ready(fast(params, x, y, 0.05))
    jax.block_until_ready(sgd_step(params, x, y, 0.05))
    eager = min(timeit.repeat(lambda: jax.block_until_ready(sgd_step(params, x, y, 0.05)), number=20, repeat=5)) / 20
    jitted = min(timeit.repeat(lambda: jax.block_until_ready(fast(params, x, y, 0.05)), number=200, repeat=5)) / 200
    return eager / jitted


def r8_speed_median_loop():
    params = initial_params()
    fast = jax.jit(sgd_step)
    jax.block_until_ready(fast(params, x, y, 0.05))

    def median_time(fn, n=40):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            jax.block_until_ready(fn(params, x, y, 0.05))
            times.append(time.perf_counter() - start)
        return float(np.median(times))

    return median_time(sgd_step) / median_time(fast)


ROUND_5 = [
    # 08.update
    Wrong("08.update", "returns the penalized loss instead of the loss alone", lambda: w8_update_penalized_value),
    Wrong("08.update", "penalty decay * sum p**2, without the /2", lambda: w8_update_no_half),
    Wrong("08.update", "weight decay p - lr*g - decay*p, decay not scaled by lr", lambda: w8_update_decay_without_lr),
    Wrong("08.update", "returns the loss at the new parameters", lambda: w8_update_new_loss),
    Wrong("08.update", "returns (loss_value, new_params), swapped", lambda: w8_update_swapped),
    Wrong("08.update", "ignores decay: plain sgd_step", lambda: w8_update_no_decay),
    Wrong("08.update", "penalty on the square of the sum of the parameters", lambda: w8_update_square_of_sum),
    Wrong("08.update", "sign slip: + lr * decay * p", lambda: w8_update_sign),
    Wrong("08.update", "returns the gradients instead of the new parameters", lambda: w8_update_returns_grads),
    Wrong("08.update", "penalizes only params['a']", lambda: w8_update_only_a),
    Wrong("08.update", "float(value) for the loss: fails when train jits the step", lambda: w8_update_float_value),
    Wrong("08.update", "scales the gradient by (1 - decay) instead of shrinking the parameters", lambda: w8_update_decay_times_grad),
    Wrong("08.update", "decay times the squared gradient", lambda: w8_update_decay_on_grad_squared),
    Wrong("08.update", "has_aux with the penalty first: differentiates only the penalty", lambda: w8_update_has_aux_confused),
    # 08.fit
    Wrong("08.fit", "the lesson's lr 0.05 for 100 steps: loss about 0.11", w8_fit_default),
    Wrong("08.fit", "sets trained to the losses train returns", w8_fit_losses),
    Wrong("08.fit", "sets trained to the whole (params, losses) tuple", w8_fit_tuple),
    Wrong("08.fit", "lr = 1.0: the loss explodes", w8_fit_exploded),
    Wrong("08.fit", "lr = 0.01 for 300 steps: too slow", w8_fit_small_lr),
    Wrong("08.fit", "trained with update and decay 0.5: parameters pulled to zero", w8_fit_heavy_decay),
    Wrong("08.fit", "sets trained to the model's predictions", w8_fit_predictions),
    Wrong("08.fit", "lr 0.05 for 150 steps: not quite enough", w8_fit_fewer_steps),
    Wrong("08.fit", "a list [a, b, c] instead of the dict", w8_fit_list_values),
    Wrong("08.fit", "the untrained initial_params()", lambda: initial_params()),
    # 08.speedup
    Wrong("08.speedup", "the lesson's naive measurement: compile time included, one call each", w8_speed_naive),
    Wrong("08.speedup", "inverted: jitted time / eager time", w8_speed_inverted),
    Wrong("08.speedup", "no block_until_ready: times the jitted dispatch only", w8_speed_no_block),
    Wrong("08.speedup", "both sides jitted (ratio near 1)", w8_speed_jit_vs_jit),
    Wrong("08.speedup", "times the loss instead of sgd_step", w8_speed_loss_only),
    Wrong("08.speedup", "percentage saved instead of a ratio", w8_speed_percent),
    Wrong("08.speedup", "difference of the times instead of the ratio", w8_speed_difference),
    Wrong("08.speedup", "the Measurement object from timing.measure", w8_speed_measurement_object),
    Wrong("08.speedup", "warms up eager but times the jitted function's first call", w8_speed_first_call_jit),
    Wrong("08.speedup", "a guess, 5.0, without measuring", lambda: 5.0),
]

RIGHT_5 = [
    Right("08.update", "shrinks the parameters first: p * (1 - lr*decay) - lr*g", lambda: r8_update_shrink_first),
    Right("08.update", "has_aux objective returning (loss + penalty, loss), vdot for the squares", lambda: r8_update_has_aux),
    Right("08.update", "dict comprehension over the keys", lambda: r8_update_dict_comprehension),
    Right("08.fit", "lr 0.5 for 200 steps", r8_fit_fast),
    Right("08.fit", "lr 0.1 for 500 steps, converted to Python floats", r8_fit_floats),
    Right("08.fit", "the lesson's 100 steps, then 300 more from there", r8_fit_two_rounds),
    Right("08.fit", "lr 0.2 for 400 steps, leaves as NumPy arrays", r8_fit_numpy_leaves),
    Right("08.speedup", "timing.measure both ways, ratio of medians", r8_speed_timing_measure),
    Right("08.speedup", "timeit.repeat with block_until_ready, after a warm-up", r8_speed_timeit),
    Right("08.speedup", "median of per-call perf_counter times, warm-up first", r8_speed_median_loop),
]
