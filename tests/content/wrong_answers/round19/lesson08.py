"""Round 19, lesson 08 (Fit a model with grad, jit and a training loop).

Answers from the lesson's text alone.
"""

from __future__ import annotations

import itertools
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup ---------------------------------------------------------------

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


def train_no_widgets(step, params, x, y, lr, steps):
    """The lesson's `train`, without the progress bar."""
    fast_step = jax.jit(step)
    losses = []
    for _ in range(steps):
        params, value = fast_step(params, x, y, lr)
        losses.append(value)
    return params, np.asarray(jnp.stack(losses))


# ---- 08.update: one SGD step on loss + decay/2 * sum p**2 ----------------------------


def r19_update_keras_weight(params, x, y, lr, decay):
    # penalty decay * sum p**2, as Keras's L2: gradient 2 * decay * p
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + 2 * decay * p), params, grads), value


def r19_update_loss_with_penalty(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(q**2) for q in jax.tree.leaves(p))

    value, grads = jax.value_and_grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r19_update_decay_after_step(params, x, y, lr, decay):
    # shrink after the gradient step: (p - lr g)(1 - lr decay), close but not the same
    value, grads = jax.value_and_grad(loss)(params, x, y)
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda p: p * (1 - lr * decay), stepped), value


def r19_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r19_update_decay_sign(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def r19_update_loss_after(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, loss(new, x, y)


def r19_update_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def r19_update_l1(params, x, y, lr, decay):
    def penalised(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(jnp.abs(q)) for q in jax.tree.leaves(p))

    grads = jax.grad(penalised)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r19_update_half_factor(params, x, y, lr, decay):
    # forgot that d/dp (decay/2 p^2) = decay p: used decay/2 * p
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def r19_update_no_bias_decay(params, x, y, lr, decay):
    # the usual practice of not decaying the bias: "c" left out
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {}
    for name in params:
        d = 0.0 if name == "c" else decay
        new[name] = params[name] - lr * (grads[name] + d * params[name])
    return new, value


def r19_update_globals(params, xs, ys, lr, decay):
    # named the arguments xs, ys, then used the notebook's x, y
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def r19_update_square_of_sum(params, x, y, lr, decay):
    def penalised(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(q) for q in jax.tree.leaves(p)) ** 2

    grads = jax.grad(penalised)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r19_update_ignores_decay(params, x, y, lr, decay):
    # the lesson's sgd_step, decay accepted and never used
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r19_update_mean_penalty(params, x, y, lr, decay):
    # mean of the squares instead of their sum
    def penalised(p):
        return loss(p, x, y) + decay / 2 * jnp.mean(
            jnp.stack([jnp.sum(q**2) for q in jax.tree.leaves(p)])
        )

    grads = jax.grad(penalised)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r19_update_right_has_aux(params, x, y, lr, decay):
    def penalised(p):
        plain = loss(p, x, y)
        squares = jax.tree.reduce(lambda a, b: a + b, jax.tree.map(lambda q: jnp.sum(q**2), p))
        return plain + 0.5 * decay * squares, plain

    (_, plain), grads = jax.value_and_grad(penalised, has_aux=True)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), plain


def r19_update_right_shrink(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree_util.tree_map(lambda p, g: (1.0 - lr * decay) * p - lr * g, params, grads)
    return new, loss(params, x, y)


def r19_update_right_dict(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    new = {k: params[k] - lr * grads[k] - lr * decay * params[k] for k in params}
    return new, value


def r19_update_right_ravel(params, x, y, lr, decay):
    from jax.flatten_util import ravel_pytree

    flat, unravel = ravel_pytree(params)

    def penalised(f):
        return loss(unravel(f), x, y) + decay / 2 * jnp.dot(f, f)

    grad_flat = jax.grad(penalised)(flat)
    return unravel(flat - lr * grad_flat), loss(params, x, y)


# ---- 08.fit: train until the loss is below target ------------------------------------


def r19_fit_returns_new(step, params, x, y, lr, target):
    # returns the parameters one step past the ones whose loss was below target
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps


def r19_fit_count_plus_one(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        steps += 1
        if value < target:
            return params, steps
        params = new


def r19_fit_new_params_old_count(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return new, steps
        params = new
        steps += 1


def r19_fit_less_equal(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new, steps + 1


def r19_fit_lesson_loss(step, params, x, y, lr, target):
    # checks with the lesson's loss, a second computation (and not the step's loss)
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def r19_fit_train_then_search(step, params, x, y, lr, target):
    # trains a fixed 500 steps, then finds the first loss below target
    params, losses = train_no_widgets(step, params, x, y, lr, 500)
    below = np.nonzero(losses < target)[0]
    return params, int(below[0]) if below.size else 1000


def r19_fit_capped_100(step, params, x, y, lr, target):
    # the lesson's 100 steps as a cap
    steps = 0
    for _ in range(100):
        new, value = step(params, x, y, lr)
        if value < target:
            break
        params, steps = new, steps + 1
    return params, steps


def r19_fit_float_count(step, params, x, y, lr, target):
    steps = 0.0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1.0


def r19_fit_swapped(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return steps, params
        params, steps = new, steps + 1


def r19_fit_fixed_lr(step, params, x, y, lr, target):
    # kept the lesson's rate of 0.05
    steps = 0
    while True:
        new, value = step(params, x, y, 0.05)
        if value < target:
            return params, steps
        params, steps = new, steps + 1


def r19_fit_global_data(step, params, xs, ys, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1


def r19_fit_skip_start(step, params, x, y, lr, target):
    # never returns 0: always takes one step before looking
    params, _ = step(params, x, y, lr)
    steps = 1
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1


def r19_fit_right_count(step, params, x, y, lr, target):
    for n in itertools.count():
        new, value = step(params, x, y, lr)
        if float(value) < target:
            return params, n
        params = new


def r19_fit_right_prev(step, params, x, y, lr, target):
    previous, n = params, 0
    current, value = step(previous, x, y, lr)
    while not bool(value < target):
        previous, n = current, n + 1
        current, value = step(previous, x, y, lr)
    return previous, n


def r19_fit_right_while_loop(step, params, x, y, lr, target):
    first, value = step(params, x, y, lr)

    def keep_going(carry):
        return carry[2] >= target

    def body(carry):
        _, nxt, _, n = carry
        after, v = step(nxt, x, y, lr)
        return nxt, after, v, n + 1

    start = (params, first, value, jnp.asarray(0, dtype=jnp.int32))
    done, _, _, n = jax.lax.while_loop(keep_going, body, start)
    return done, n


# ---- 08.speedup: eager time per call / jitted time per call --------------------------


def _run(f, args, n):
    start = time.perf_counter()
    for _ in range(n):
        f(*args)
    return (time.perf_counter() - start) / n


def _run_blocked(f, args, n):
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / n


def r19_speedup_no_warmup(step, *args):
    fast = jax.jit(step)
    return _run_blocked(step, args, 20) / _run_blocked(fast, args, 20)


def r19_speedup_no_block(step, *args):
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    return _run(step, args, 20) / _run(fast, args, 20)


def r19_speedup_inverted(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _run_blocked(fast, args, 20) / _run_blocked(step, args, 20)


def r19_speedup_one_call(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _run_blocked(step, args, 1) / _run_blocked(fast, args, 1)


def r19_speedup_rejit_each_call(step, *args):
    jax.block_until_ready(jax.jit(step)(*args))
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(jax.jit(step)(*args))
    jit_s = (time.perf_counter() - start) / 20
    return _run_blocked(step, args, 20) / jit_s


def r19_speedup_block_jit_only(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _run(step, args, 20) / _run_blocked(fast, args, 20)


def r19_speedup_method_on_tuple(step, *args):
    fast = jax.jit(step)
    fast(*args).block_until_ready()  # the step returns a tuple
    start = time.perf_counter()
    for _ in range(20):
        step(*args).block_until_ready()
    eager_s = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(20):
        fast(*args).block_until_ready()
    return eager_s / (time.perf_counter() - start)


def r19_speedup_totals(step, *args):
    # 10 eager calls against 100 jitted ones, totals divided
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    eager_total = _run_blocked(step, args, 10) * 10
    jit_total = _run_blocked(fast, args, 100) * 100
    return eager_total / jit_total


def r19_speedup_warm_eager_only(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(step(*args))  # warmed up the wrong side
    return _run_blocked(step, args, 20) / _run_blocked(fast, args, 20)


def r19_speedup_jit_both(step, *args):
    # "eager" side calls the jitted step too
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    eager = jax.jit(step)
    return _run_blocked(eager, args, 20) / _run_blocked(fast, args, 20)


def r19_speedup_string(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    ratio = _run_blocked(step, args, 20) / _run_blocked(fast, args, 20)
    return f"{ratio:.1f}x"


def r19_speedup_compile_time(step, *args):
    # timed the compilation as the jitted side
    start = time.perf_counter()
    jax.jit(step).lower(*args).compile()
    compile_s = time.perf_counter() - start
    return _run_blocked(step, args, 20) / compile_s


def r19_speedup_right_timeit(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    eager = min(timeit.repeat(lambda: jax.block_until_ready(step(*args)), number=5, repeat=5)) / 5
    jitted = (
        min(timeit.repeat(lambda: jax.block_until_ready(fast(*args)), number=50, repeat=5)) / 50
    )
    return eager / jitted


def r19_speedup_right_median_ns(step, *args):
    fast = jax.jit(step)
    for _ in range(3):
        jax.block_until_ready(fast(*args))

    def per_call(f, n):
        times = []
        for _ in range(n):
            t0 = time.perf_counter_ns()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter_ns() - t0)
        return statistics.median(times)

    return per_call(step, 25) / per_call(fast, 100)


def r19_speedup_right_block_end(step, *args):
    # blocks once on the last result of each run (the calls are chained by the queue)
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    n_eager, n_jit = 20, 200
    t0 = time.monotonic()
    for _ in range(n_eager):
        out = step(*args)
    jax.block_until_ready(out)
    eager = (time.monotonic() - t0) / n_eager
    t0 = time.monotonic()
    for _ in range(n_jit):
        out = fast(*args)
    jax.block_until_ready(out)
    jitted = (time.monotonic() - t0) / n_jit
    return eager / jitted


ROUND_19 = [
    Wrong("08.update", "penalty decay * sum p**2, as Keras does", lambda: r19_update_keras_weight),
    Wrong(
        "08.update",
        "returned the loss with the penalty in it",
        lambda: r19_update_loss_with_penalty,
    ),
    Wrong(
        "08.update",
        "shrank the params after the gradient step",
        lambda: r19_update_decay_after_step,
    ),
    Wrong("08.update", "decay term not multiplied by lr", lambda: r19_update_decay_without_lr),
    Wrong("08.update", "added decay * p instead of subtracting", lambda: r19_update_decay_sign),
    Wrong("08.update", "returned the loss at the new params", lambda: r19_update_loss_after),
    Wrong("08.update", "returned (loss, params), swapped", lambda: r19_update_swapped),
    Wrong("08.update", "penalty on |p| (L1) instead of p**2", lambda: r19_update_l1),
    Wrong(
        "08.update", "gradient of the penalty taken as decay/2 * p", lambda: r19_update_half_factor
    ),
    Wrong("08.update", "did not decay the bias c", lambda: r19_update_no_bias_decay),
    Wrong("08.update", "used the notebook's x, y, not the arguments", lambda: r19_update_globals),
    Wrong(
        "08.update",
        "square of the sum of params, not sum of squares",
        lambda: r19_update_square_of_sum,
    ),
    Wrong(
        "08.update",
        "plain sgd_step: took decay but never used it",
        lambda: r19_update_ignores_decay,
    ),
    Wrong("08.update", "mean of the squares instead of their sum", lambda: r19_update_mean_penalty),
    Wrong(
        "08.fit", "returned the params after the step that got below", lambda: r19_fit_returns_new
    ),
    Wrong(
        "08.fit", "right params, but counted one update too many", lambda: r19_fit_count_plus_one
    ),
    Wrong(
        "08.fit",
        "returned the step's new params with the old count",
        lambda: r19_fit_new_params_old_count,
    ),
    Wrong("08.fit", "stopped at loss <= target, not < target", lambda: r19_fit_less_equal),
    Wrong("08.fit", "recomputed the lesson's loss to test the target", lambda: r19_fit_lesson_loss),
    Wrong(
        "08.fit",
        "trained a fixed 500 steps, then searched losses",
        lambda: r19_fit_train_then_search,
    ),
    Wrong("08.fit", "gave up after the lesson's 100 steps", lambda: r19_fit_capped_100),
    Wrong("08.fit", "counted the steps in a float", lambda: r19_fit_float_count),
    Wrong("08.fit", "returned (steps, params), swapped", lambda: r19_fit_swapped),
    Wrong("08.fit", "called the step with lr 0.05, not lr", lambda: r19_fit_fixed_lr),
    Wrong(
        "08.fit", "trained on the notebook's x, y, not the arguments", lambda: r19_fit_global_data
    ),
    Wrong("08.fit", "always takes one step before testing the loss", lambda: r19_fit_skip_start),
    Wrong(
        "08.speedup", "no warm-up: compilation inside the jit timing", lambda: r19_speedup_no_warmup
    ),
    Wrong("08.speedup", "never blocked: timed dispatch only", lambda: r19_speedup_no_block),
    Wrong("08.speedup", "divided jit time by eager time", lambda: r19_speedup_inverted),
    Wrong("08.speedup", "warmed up, blocked, but one call each", lambda: r19_speedup_one_call),
    Wrong(
        "08.speedup",
        "called jax.jit(step) anew inside the loop",
        lambda: r19_speedup_rejit_each_call,
    ),
    Wrong("08.speedup", "blocked on the jitted side only", lambda: r19_speedup_block_jit_only),
    Wrong(
        "08.speedup",
        ".block_until_ready() on the step's tuple",
        lambda: r19_speedup_method_on_tuple,
    ),
    Wrong(
        "08.speedup", "total of 10 eager calls over total of 100 jit", lambda: r19_speedup_totals
    ),
    Wrong(
        "08.speedup",
        "warmed up the eager step, not the jitted one",
        lambda: r19_speedup_warm_eager_only,
    ),
    Wrong("08.speedup", "timed the jitted step on both sides", lambda: r19_speedup_jit_both),
    Wrong("08.speedup", "returned the ratio as a string like '12.3x'", lambda: r19_speedup_string),
    Wrong(
        "08.speedup", "timed lower().compile() as the jit side", lambda: r19_speedup_compile_time
    ),
]

RIGHT_19 = [
    Right(
        "08.update",
        "has_aux carries the plain loss; tree.reduce sum",
        lambda: r19_update_right_has_aux,
    ),
    Right(
        "08.update", "(1 - lr*decay) * p - lr * g with jax.grad", lambda: r19_update_right_shrink
    ),
    Right("08.update", "dict comprehension over the keys", lambda: r19_update_right_dict),
    Right("08.update", "ravel_pytree, penalty as a dot product", lambda: r19_update_right_ravel),
    Right("08.fit", "itertools.count loop, float() of the loss", lambda: r19_fit_right_count),
    Right("08.fit", "previous/current pair in a while loop", lambda: r19_fit_right_prev),
    Right(
        "08.fit", "jax.lax.while_loop carrying old and new params", lambda: r19_fit_right_while_loop
    ),
    Right("08.speedup", "timeit.repeat, min, blocked, warmed up", lambda: r19_speedup_right_timeit),
    Right("08.speedup", "perf_counter_ns per call, median", lambda: r19_speedup_right_median_ns),
    Right(
        "08.speedup",
        "monotonic clock, one block at the end of each run",
        lambda: r19_speedup_right_block_end,
    ),
]
