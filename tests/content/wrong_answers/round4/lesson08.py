"""Round 4, lesson 08 (putting it together): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- the lesson's setup

_rng = np.random.default_rng(0)
x = np.linspace(-1.0, 1.0, 64, dtype=np.float32)
y = 3.0 * x**2 - 2.0 * x + 0.5 + 0.1 * _rng.normal(size=64).astype(np.float32)
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
    """The lesson's train, without the progress widgets."""
    fast_step = jax.jit(step)
    losses = []
    for _ in range(1, steps + 1):
        params, value = fast_step(params, x, y, lr)
        losses.append(value)
    return params, np.asarray(jnp.stack(losses))


# ---------------------------------------------------------------- 08.update: wrong


def _r4_penalty(params):
    return sum(jnp.sum(p**2) for p in jax.tree.leaves(params))


def r4_update_no_half(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay * _r4_penalty(p)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r4_update_penalised_value(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _r4_penalty(p)

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r4_update_sign(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * _r4_penalty(p)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p + lr * g, params, grads), loss(params, x, y)


def r4_update_decay_unscaled(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r4_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _r4_penalty(p))(params)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, loss(new_params, x, y)


def r4_update_swapped_return(params, x, y, lr, decay):
    grads = jax.grad(lambda p: loss(p, x, y) + decay / 2 * _r4_penalty(p))(params)
    return loss(params, x, y), jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r4_update_no_decay(params, x, y, lr, decay):
    return sgd_step(params, x, y, lr)


def r4_update_l1(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(q)) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r4_update_skip_bias(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * (p["a"] ** 2 + p["b"] ** 2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r4_update_mutates(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    for k in params:
        params[k] = params[k] - lr * (grads[k] + decay * params[k])
    return params, value


def r4_update_square_of_sum(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jax.tree.leaves(p)) ** 2

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r4_update_mean_penalty(params, x, y, lr, decay):
    def total(p):
        leaves = jnp.stack([jnp.ravel(q) for q in jax.tree.leaves(p)])
        return loss(p, x, y) + decay / 2 * jnp.mean(leaves**2)

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


# ---------------------------------------------------------------- 08.update: right


def r4_update_added_gradient(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def r4_update_has_aux(params, x, y, lr, decay):
    def objective(p):
        data_loss = loss(p, x, y)
        squares = jax.tree.map(jnp.square, p)
        penalty = 0.5 * decay * jnp.sum(jnp.array([jnp.sum(s) for s in jax.tree.leaves(squares)]))
        return data_loss + penalty, data_loss

    (_, data_loss), grads = jax.value_and_grad(objective, has_aux=True)(params)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params, data_loss


def r4_update_shrink(params, x, y, lr, decay):
    new_params, value = sgd_step(params, x, y, lr)
    # p - lr*(g + decay*p) = (p - lr*g) - lr*decay*p
    new_params = jax.tree.map(lambda q, p: q - lr * decay * p, new_params, params)
    return new_params, value


def r4_update_dict_comprehension(params, x, y, lr, decay):
    g = jax.grad(loss)(params, x, y)
    new = {k: params[k] * (1.0 - lr * decay) - lr * g[k] for k in params}
    return (new, loss(params, x, y))


# ---------------------------------------------------------------- 08.fit


def r4_fit_one_step():
    new_params, _ = sgd_step(initial_params(), x, y, 0.05)
    return new_params


def r4_fit_continued():
    params, _ = train(sgd_step, initial_params(), x, y, lr=0.05, steps=100)
    params, _ = train(sgd_step, params, x, y, lr=0.05, steps=400)
    return params


# ---------------------------------------------------------------- 08.speedup


def _r4_block(result):
    return jax.block_until_ready(result)


def r4_speedup_naive():
    fast_step = jax.jit(lambda p, x, y, lr: sgd_step(p, x, y, lr))
    params = initial_params()
    start = time.perf_counter()
    sgd_step(params, x, y, 0.1)
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    fast_step(params, x, y, 0.1)
    jit_s = time.perf_counter() - start
    return eager_s / jit_s


def _r4_medians(eager_fn, jit_fn, repeats=60):
    params = initial_params()
    _r4_block(eager_fn(params, x, y, 0.1))
    _r4_block(jit_fn(params, x, y, 0.1))
    eager, jitted = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        _r4_block(eager_fn(params, x, y, 0.1))
        eager.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        _r4_block(jit_fn(params, x, y, 0.1))
        jitted.append(time.perf_counter() - t0)
    return statistics.median(eager), statistics.median(jitted)


def r4_speedup_inverted():
    eager_s, jit_s = _r4_medians(sgd_step, jax.jit(sgd_step))
    return jit_s / eager_s


def r4_speedup_no_block():
    fast = jax.jit(sgd_step)
    params = initial_params()
    jax.block_until_ready(fast(params, x, y, 0.1))
    sgd_step(params, x, y, 0.1)
    eager, jitted = [], []
    for _ in range(60):
        t0 = time.perf_counter()
        sgd_step(params, x, y, 0.1)
        eager.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        fast(params, x, y, 0.1)
        jitted.append(time.perf_counter() - t0)
    return statistics.median(eager) / statistics.median(jitted)


def r4_speedup_both_jitted():
    fast = jax.jit(sgd_step)
    eager_s, jit_s = _r4_medians(fast, jax.jit(sgd_step))
    return eager_s / jit_s


def r4_speedup_percent():
    eager_s, jit_s = _r4_medians(sgd_step, jax.jit(sgd_step))
    return (eager_s / jit_s - 1.0) * 100.0


def r4_speedup_difference():
    eager_s, jit_s = _r4_medians(sgd_step, jax.jit(sgd_step))
    return eager_s - jit_s


def r4_speedup_loss_only():
    def eager_loss(p, x, y, lr):
        return loss(p, x, y)

    eager_s, jit_s = _r4_medians(eager_loss, jax.jit(eager_loss))
    return eager_s / jit_s


def r4_speedup_eager_time():
    eager = timing.measure(sgd_step, initial_params(), x, y, 0.1, budget_s=0.3)
    return eager.median_s


def r4_speedup_measure():
    fast = jax.jit(sgd_step)
    params = initial_params()
    eager = timing.measure(sgd_step, params, x, y, 0.1, budget_s=0.4, label="eager")
    jitted = timing.measure(fast, params, x, y, 0.1, budget_s=0.4, label="jit")
    return eager.median_s / jitted.median_s


def r4_speedup_min_loops():
    fast = jax.jit(sgd_step)
    params = initial_params()
    jax.block_until_ready(fast(params, x, y, 0.1))  # compile first
    jax.block_until_ready(sgd_step(params, x, y, 0.1))

    def best(fn, rounds=5, calls=20):
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            for _ in range(calls):
                jax.block_until_ready(fn(params, x, y, 0.1))
            times.append((time.perf_counter() - t0) / calls)
        return statistics.median(times)

    return best(sgd_step) / best(fast)


def r4_speedup_timeit():
    fast = jax.jit(sgd_step)
    params = initial_params()
    jax.block_until_ready(fast(params, x, y, 0.1))
    eager = timeit.repeat(lambda: jax.block_until_ready(sgd_step(params, x, y, 0.1)), number=10, repeat=7)
    jitted = timeit.repeat(lambda: jax.block_until_ready(fast(params, x, y, 0.1)), number=10, repeat=7)
    return float(np.median(eager) / np.median(jitted))


ROUND_4 = (
    # 08.update
    Wrong("08.update", "penalty decay * Σp² without the 1/2, so the decay term of the gradient is 2·decay·p", lambda: r4_update_no_half),
    Wrong("08.update", "returns the penalised objective (loss + decay/2 Σp²) as loss_value instead of the plain loss", lambda: r4_update_penalised_value),
    Wrong("08.update", "adds the gradient instead of subtracting it: p + lr * g", lambda: r4_update_sign),
    Wrong("08.update", "decay term not multiplied by lr: p - lr*g - decay*p (right only when lr = 1)", lambda: r4_update_decay_unscaled),
    Wrong("08.update", "returns the loss at the new parameters instead of at params", lambda: r4_update_loss_after),
    Wrong("08.update", "returns (loss_value, new_params), the order swapped", lambda: r4_update_swapped_return),
    Wrong("08.update", "ignores decay: plain sgd_step", lambda: r4_update_no_decay),
    Wrong("08.update", "L1 penalty decay/2 · Σ|p| instead of the sum of squares", lambda: r4_update_l1),
    Wrong("08.update", "decays only 'a' and 'b', treating 'c' as a bias that is not decayed; the task decays all parameters", lambda: r4_update_skip_bias),
    Wrong("08.update", "NumPy habit: updates the params dict in place (params[k] = ...) and returns it, so the caller's dict is changed", lambda: r4_update_mutates),
    Wrong("08.update", "penalty decay/2 · (Σp)², the square of the sum instead of the sum of squares", lambda: r4_update_square_of_sum),
    Wrong("08.update", "penalty uses the mean of the squares instead of the sum (divided by the number of parameters)", lambda: r4_update_mean_penalty),
    # 08.fit
    Wrong("08.fit", "the lesson's own 100 steps at lr 0.05: loss about 0.11, stopped too early", lambda: train(sgd_step, initial_params(), x, y, lr=0.05, steps=100)[0]),
    Wrong("08.fit", "lr 1.0, too large: the loss explodes (~1e20)", lambda: train(sgd_step, initial_params(), x, y, lr=1.0, steps=100)[0]),
    Wrong("08.fit", "sets trained to the losses array (second value train returns) instead of the parameters", lambda: train(sgd_step, initial_params(), x, y, lr=0.2, steps=300)[1]),
    Wrong("08.fit", "sets trained to the whole (params, losses) tuple train returns", lambda: train(sgd_step, initial_params(), x, y, lr=0.2, steps=300)),
    Wrong("08.fit", "trains but sets trained = initial_params(), the starting point", lambda: (train(sgd_step, initial_params(), x, y, lr=0.2, steps=300), initial_params())[1]),
    Wrong("08.fit", "passes y and x swapped to train, fitting x as a quadratic in y", lambda: train(sgd_step, initial_params(), y, x, lr=0.05, steps=500)[0]),
    Wrong("08.fit", "near miss: 225 steps at lr 0.05, loss about 0.021, just above 0.02", lambda: train(sgd_step, initial_params(), x, y, lr=0.05, steps=225)[0]),
    Wrong("08.fit", "lr 0.5 but only 10 steps: loss about 0.11", lambda: train(sgd_step, initial_params(), x, y, lr=0.5, steps=10)[0]),
    Wrong("08.fit", "one sgd_step from initial_params, not train", r4_fit_one_step),
    Wrong("08.fit", "lr 0.9, just above the stable range: oscillates and grows (loss ~1.5e3)", lambda: train(sgd_step, initial_params(), x, y, lr=0.9, steps=100)[0]),
    # 08.speedup
    Wrong("08.speedup", "the lesson's naive measurement: one call each, timed once, so the jitted time includes tracing and compiling", r4_speedup_naive),
    Wrong("08.speedup", "inverted ratio: jitted time / eager time", r4_speedup_inverted),
    Wrong("08.speedup", "warmed up, but no block_until_ready on either side: each timing covers only the dispatch of the async call, not necessarily its work (on a CPU the figure may land near the honest one)", r4_speedup_no_block),
    Wrong("08.speedup", "times the jitted step on both sides (eager side is also jax.jit(sgd_step)): about 1", r4_speedup_both_jitted),
    Wrong("08.speedup", "reports a percentage improvement (eager/jit - 1) * 100 instead of the ratio", r4_speedup_percent),
    Wrong("08.speedup", "reports the difference eager - jit in seconds instead of the ratio", r4_speedup_difference),
    Wrong("08.speedup", "times only the forward loss, not sgd_step (no gradient or update)", r4_speedup_loss_only),
    Wrong("08.speedup", "sets speedup to the eager step's median time in seconds, not a ratio", r4_speedup_eager_time),
    Wrong("08.speedup", "hard-coded guess of 100 instead of measuring", lambda: 100.0),
)

RIGHT_4 = (
    Right("08.update", "decay folded into the gradient: p - lr * (g + decay * p)", lambda: r4_update_added_gradient),
    Right("08.update", "value_and_grad of the penalised objective with the plain loss as aux", lambda: r4_update_has_aux),
    Right("08.update", "sgd_step, then subtract lr * decay * old p", lambda: r4_update_shrink),
    Right("08.update", "dict comprehension p*(1 - lr*decay) - lr*g", lambda: r4_update_dict_comprehension),
    Right("08.fit", "lr 0.5 for 500 steps, keyword arguments", lambda: train(sgd_step, initial_params(), x, y, lr=0.5, steps=500)[0]),
    Right("08.fit", "100 steps at 0.05 as in the lesson, then 400 more from there", r4_fit_continued),
    Right("08.fit", "positional args lr 0.3, 1000 steps, unpacked params", lambda: train(sgd_step, initial_params(), x, y, 0.3, 1000)[0]),
    Right("08.fit", "every argument of train by keyword, lr 0.1 for 400 steps", lambda: train(step=sgd_step, params=initial_params(), x=x, y=y, lr=0.1, steps=400)[0]),
    Right("08.speedup", "jaxtour.timing.measure both, ratio of medians", r4_speedup_measure),
    Right("08.speedup", "warm-up, then median over 5 rounds of the mean of 20 calls, each blocked", r4_speedup_min_loops),
    Right("08.speedup", "timeit.repeat with block_until_ready after a compile call", r4_speedup_timeit),
)
