"""Lesson 08: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import statistics
import time
from functools import cache

import jax
import jax.numpy as jnp

from jaxtour.exercises import lesson08
from tests.content.wrong_answers import Wrong

# --- the lesson's notebook values -----------------------------------------------------------

x, y = lesson08.make_data()


def initial_params():
    return {"a": jnp.array(0.0), "b": jnp.array(0.0), "c": jnp.array(0.0)}


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def sgd_step(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def update(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_grad_pair(params, x, y, lr, decay):
    grads, value = jax.grad(loss)(params, x, y)  # grad taken to return the loss as well
    return {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}, value


def update_values_tuple(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    pairs = zip(params.values(), grads.values(), strict=True)
    return tuple(p - lr * (g + decay * p) for p, g in pairs), value


# --- 08.update ----------------------------------------------------------------------------


def update_prints(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    print(value)
    jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def update_in_place_loop(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    for key in params:
        params[key] -= lr * (grads[key] + decay * params[key])
    return params, value


def update_loss_first(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return value, {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}


def update_item(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value.item()


def update_notebook_data(params, x_, y_, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_decay_default(params, x, y, lr, decay=1e-2):
    decay = 1e-2  # a typical weight decay
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_grads_returned(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return grads, value


def update_tree_map(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_dict_minus(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return params - jax.tree.map(lambda g, p: lr * (g + decay * p), grads, params), value


def update_trees_swapped(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(
        lambda param, grad: param - lr * (grad + decay * param), grads, params
    ), value


def update_sse(params, x, y, lr, decay):
    def sse(params, x, y):
        return jnp.sum((model(params, x) - y) ** 2)

    value, grads = jax.value_and_grad(sse)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_four_arguments(params, x, y, lr):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - lr * 0.01 * p, params, grads), value


def update_plus_becomes_minus(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g + lr * decay * p, params, grads), value


def update_shrink_then_step(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p * (1 - decay) - lr * g, params, grads), value


def update_l2_penalty(params, x, y, lr, decay):
    def penalized(params):
        l2 = sum(jnp.sum(p**2) for p in jax.tree.leaves(params))
        return loss(params, x, y) + decay * l2

    value, grads = jax.value_and_grad(penalized)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def update_half_l2_penalty(params, x, y, lr, decay):
    def penalized(params):
        return loss(params, x, y) + 0.5 * decay * sum(
            jnp.sum(p**2) for p in jax.tree.leaves(params)
        )

    value, grads = jax.value_and_grad(penalized)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def update_decay_unused(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def update_decayed_grads(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    grads = jax.tree.map(lambda g: g * (1 + decay), grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


# --- 08.fit: fit_until(step, params, x, y, lr, target) -> (params, steps) -------------------


def fit_keeps_new(step, params, x, y, lr, target):
    steps = 0
    while True:
        params, value = step(params, x, y, lr)
        steps += 1
        if float(value) < target:
            return params, steps


def fit_new_params_old_count(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return new_params, steps
        params, steps = new_params, steps + 1


def fit_counts_calls(step, params, x, y, lr, target):
    calls = 0
    while True:
        new_params, value = step(params, x, y, lr)
        calls += 1
        if value < target:
            return params, calls
        params = new_params


def fit_fixed_300(step, params, x, y, lr, target):
    for _ in range(300):
        params, _value = step(params, x, y, lr)
    return params, 300


def fit_target_written_in(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value < 0.02:
            return params, steps
        params, steps = new_params, steps + 1


def fit_notebook_data(step, params, x_given, y_given, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)  # the notebook's x and y
        if value < target:
            return params, steps
        params, steps = new_params, steps + 1


def fit_params_only(step, params, x, y, lr, target):
    while True:
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params
        params = new_params


def fit_while_loss(step, params, x, y, lr, target):
    """The held-out reader's route: the lesson's loss computed again in the condition."""
    steps = 0
    while loss(params, x, y) >= target:
        params, _ = step(params, x, y, lr)
        steps += 1
    return params, steps


def fit_checks_loss_first(step, params, x, y, lr, target):
    for steps in range(10_000):
        if float(loss(params, x, y)) < target:
            return params, steps
        params, _ = step(params, x, y, lr)
    return params, 10_000


def fit_mse_by_hand(step, params, x, y, lr, target):
    steps = 0
    while float(jnp.mean((model(params, x) - y) ** 2)) >= target:
        params, _value = step(params, x, y, lr)
        steps += 1
    return params, steps


def fit_looks_then_steps(step, params, x, y, lr, target):
    """Right params and count; step called once to look at the loss, once to update."""
    steps = 0
    while True:
        _, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, _ = step(params, x, y, lr)
        steps += 1


def fit_value_then_update(step, params, x, y, lr, target):
    steps = 0
    value = step(params, x, y, lr)[1]
    while value >= target:
        params = step(params, x, y, lr)[0]
        value = step(params, x, y, lr)[1]
        steps += 1
    return params, steps


def fit_less_or_equal(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if value <= target:
            return params, steps
        params, steps = new_params, steps + 1


def fit_not_above(step, params, x, y, lr, target):
    steps = 0
    while True:
        new_params, value = step(params, x, y, lr)
        if not float(value) > target:
            return params, steps
        params, steps = new_params, steps + 1


def fit_capped(step, params, x, y, lr, target):
    """A safety cap of 1000 steps: one of the check's paths is longer."""
    for steps in range(1000):
        new_params, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params = new_params
    return params, 1000


# --- 08.speedup ---------------------------------------------------------------------------


# The speed-up answers are built from the checker's own medians: in the tests those are
# stand-in timings (tests/stand_ins.py), so each label holds however fast the machine is.
FIRST_JIT_CALL_S = 0.04  # tracing and compiling the step: tens of milliseconds


def naive_speedup():
    """The lesson's naive cell: one call each, the jitted one compiling."""
    band = lesson08.speedup_band()
    return band.eager_s / (FIRST_JIT_CALL_S + band.jit_s)


def measured():
    """(eager seconds, jit seconds) per step, as a learner's timing.measure would give."""
    band = lesson08.speedup_band()
    return band.eager_s, band.jit_s


def fraction_saved():
    """1 - jit/eager: the fraction of time saved."""
    band = lesson08.speedup_band()
    return 1 - band.jit_s / band.eager_s


WRONG_ANSWERS = (
    # --- 08.update ---
    Wrong("08.update", "printed the loss, returned nothing", lambda: update_prints, "returns-none"),
    Wrong(
        "08.update",
        "params[key] -= lr * grads[key] in a loop",
        lambda: update_in_place_loop,
        named="mutated-params",
    ),
    Wrong(
        "08.update",
        "(loss, params): the order value_and_grad gives",
        lambda: update_loss_first,
        named="swapped",
    ),
    Wrong("08.update", "value.item() for the loss", lambda: update_item, named="float-loss"),
    Wrong(
        "08.update",
        "jax.grad unpacked into grads and loss",
        lambda: update_grad_pair,
        named="grad-unpacked",
    ),
    Wrong(
        "08.update",
        "new params as a tuple of the dict's values",
        lambda: update_values_tuple,
        named="keys-lost",
    ),
    Wrong(
        "08.update",
        "the notebook's x and y inside, the arguments renamed",
        lambda: update_notebook_data,
        named="notebook-globals",
    ),
    Wrong(
        "08.update",
        "decay overwritten by a typical 1e-2",
        lambda: update_decay_default,
        named="fixed-decay",
    ),
    Wrong(
        "08.update",
        "tree.map result not kept, grads returned",
        lambda: update_grads_returned,
        named="returns-grads",
    ),
    Wrong(
        "08.update",
        "jax.tree_map from an old tutorial",
        lambda: update_tree_map,
        says="jax.tree_map was removed",
    ),
    Wrong(
        "08.update",
        "params minus a tree.map of lr * g: dict arithmetic",
        lambda: update_dict_minus,
        named="dict-arithmetic",
    ),
    Wrong(
        "08.update",
        "tree.map over grads, params: the trees swapped",
        lambda: update_trees_swapped,
        named="trees-swapped",
    ),
    Wrong(
        "08.update",
        "value_and_grad of a sum of squares written inline",
        lambda: update_sse,
        named="sum-loss",
    ),
    Wrong(
        "08.update",
        "sgd_step with a decay of its own, still four arguments",
        lambda: update_four_arguments,
        named="no-decay-argument",
    ),
    Wrong(
        "08.update",
        "- lr * g + lr * decay * p: the sign slipped",
        lambda: update_plus_becomes_minus,
        named="decay-sign",
    ),
    Wrong(
        "08.update",
        "p * (1 - decay) - lr * g: shrink, then step",
        lambda: update_shrink_then_step,
        named="decay-unscaled",
    ),
    Wrong(
        "08.update",
        "an L2 penalty decay * sum(p**2) in the loss",
        lambda: update_l2_penalty,
        named="penalty-doubled",
    ),
    Wrong(
        "08.update",
        "an L2 penalty decay / 2 * sum(p**2), its value returned",
        lambda: update_half_l2_penalty,
        named="penalized-value",
    ),
    Wrong(
        "08.update",
        "decay in the signature, sgd_step's body unchanged",
        lambda: update_decay_unused,
        named="no-decay",
    ),
    Wrong(
        "08.update",
        "the gradients scaled by 1 + decay",
        lambda: update_decayed_grads,
        named="decay-on-gradient",
    ),
    # --- 08.fit ---
    Wrong(
        "08.fit",
        "keeps the step's new params, counts the calls",
        lambda: fit_keeps_new,
        named="one-step-late",
    ),
    Wrong(
        "08.fit",
        "returns the step's new params with the updates counted before it",
        lambda: fit_new_params_old_count,
        named="late-params",
    ),
    Wrong(
        "08.fit",
        "right params, counts every call of step",
        lambda: fit_counts_calls,
        named="count-off-by-one",
    ),
    Wrong("08.fit", "300 steps, whatever the loss", lambda: fit_fixed_300, named="stops-elsewhere"),
    Wrong(
        "08.fit",
        "0.02 written in for the target",
        lambda: fit_target_written_in,
        named="fixed-target",
    ),
    Wrong(
        "08.fit", "trains on the notebook's data", lambda: fit_notebook_data, named="notebook-data"
    ),
    Wrong("08.fit", "returns only the params", lambda: fit_params_only, named="params-only"),
    Wrong("08.fit", "stops at value <= target", lambda: fit_less_or_equal, named="stops-at-equal"),
    Wrong(
        "08.fit", "stops when not above the target", lambda: fit_not_above, named="stops-at-equal"
    ),
    Wrong("08.fit", "capped at 1000 steps", lambda: fit_capped, named="stops-elsewhere"),
    Wrong(
        "08.fit",
        "while the lesson's loss is above the target",
        lambda: fit_while_loss,
        named="recomputed-loss",
    ),
    Wrong(
        "08.fit",
        "checks the lesson's loss before each step",
        lambda: fit_checks_loss_first,
        named="recomputed-loss",
    ),
    Wrong(
        "08.fit",
        "the mean squared error written out in the condition",
        lambda: fit_mse_by_hand,
        named="recomputed-loss",
    ),
    Wrong(
        "08.fit",
        "calls step to look at the loss, then again to update",
        lambda: fit_looks_then_steps,
        named="step-called-again",
    ),
    Wrong(
        "08.fit",
        "takes the loss and the params from separate calls",
        lambda: fit_value_then_update,
        named="step-called-again",
    ),
    # --- 08.speedup ---
    Wrong("08.speedup", "the naive one-call measurement", naive_speedup, named="below-one"),
    Wrong(
        "08.speedup",
        "round() on the ratio",
        lambda: round(measured()[0] / measured()[1]),
        named="whole-number",
    ),
    Wrong(
        "08.speedup",
        "the eager step's median in seconds",
        lambda: measured()[0],
        named="below-one",
    ),
    Wrong(
        "08.speedup",
        "1 - jit/eager: the fraction of time saved",
        fraction_saved,
        named="percentage",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


def update_grad_wrt_x(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss, argnums=1)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_grad_of_model(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(model)(params, x)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_lr_into_loss(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y, lr, decay)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value


def update_returns_loss_function(params, x, y, lr, decay):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), loss


def update_as_list(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return [jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), value]


def update_returns_new_and_grads(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads), grads


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.update",
        "value_and_grad(loss, argnums=1)",
        lambda: update_grad_wrt_x,
        named="grads-not-params-shaped",
    ),
    Wrong(
        "08.update",
        "value_and_grad(model)",
        lambda: update_grad_of_model,
        says="return a single number",
    ),
    Wrong("08.update", "lr passed to loss", lambda: update_lr_into_loss, "lr-passed-to-loss"),
    Wrong(
        "08.update",
        "the loss function returned, not its value",
        lambda: update_returns_loss_function,
        says="did you mean to call it?",
    ),
    Wrong("08.update", "[new_params, value]: a list", lambda: update_as_list, "list-not-tuple"),
    Wrong(
        "08.update",
        "(new_params, grads)",
        lambda: update_returns_new_and_grads,
        named="grads-not-loss",
    ),
    Wrong(
        "08.speedup",
        "jit / eager: upside down",
        lambda: measured()[1] / measured()[0],
        named="below-one",
    ),
    Wrong("08.speedup", "'20x' as a string", lambda: "20x", says="the string '20x'"),
    Wrong("08.speedup", "eager - jit, in seconds", lambda: 0.0031, named="below-one"),
    Wrong(
        "08.speedup",
        "milliseconds over seconds",
        lambda: 1e3 * measured()[0] / measured()[1],
        named="thousand-times-off",
    ),
    Wrong(
        "08.speedup",
        "(eager, jit) in seconds",
        lambda: (0.003, 0.00015),
        named="two-times",
    ),
)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.speedup",
        "eager in ms over jit in µs",
        lambda: (1e3 * measured()[0]) / (1e6 * measured()[1]),
        named="below-one",  # under 1: a number cannot tell this from a compile inside
    ),
    Wrong(
        "08.speedup",
        "jit timed as a loop of 100 calls, total not divided",
        lambda: measured()[0] / (100 * measured()[1]),
        named="below-one",  # under 1: below-one names loop totals among its causes
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_update(step):
    """An update whose step on each leaf is ``step(p, g, lr, decay)``."""

    def update(params, x, y, lr, decay):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        return jax.tree.map(lambda p, g: step(p, g, lr, decay), params, grads), value

    return update


def r2_update_penalized_loss(params, x, y, lr, decay):
    def penalized(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(v**2) for v in jax.tree.leaves(p))

    value, grads = jax.value_and_grad(penalized)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r2_speedup():
    eager, jit = measured()
    return eager / jit


ROUND_2 = (
    Wrong(
        "08.update",
        "decoupled: p * (1 - decay) - lr * g",
        lambda: r2_update(lambda p, g, lr, decay: p * (1 - decay) - lr * g),
        named="decay-unscaled",
    ),
    Wrong(
        "08.update",
        "decay without p: lr * (g + decay)",
        lambda: r2_update(lambda p, g, lr, decay: p - lr * (g + decay)),
        named="decay-without-p",
    ),
    Wrong(
        "08.update",
        "decay * p**2",
        lambda: r2_update(lambda p, g, lr, decay: p - lr * (g + decay * p**2)),
        named="decay-term-wrong",
    ),
    Wrong(
        "08.update",
        "g * (1 + decay)",
        lambda: r2_update(lambda p, g, lr, decay: p - lr * g * (1 + decay)),
        named="decay-on-gradient",
    ),
    Wrong(
        "08.update",
        "value_and_grad of the penalized loss",
        lambda: r2_update_penalized_loss,
        named="penalized-value",
    ),
    Wrong(
        "08.speedup",
        "an f-string of the ratio",
        lambda: f"{r2_speedup():.1f}",
        says="to return one number (eager time / jit time), but",
    ),
    Wrong("08.speedup", "int() of the ratio", lambda: int(r2_speedup()), named="whole-number"),
    Wrong(
        "08.speedup", "ratio * 100: as a percentage", lambda: 100 * r2_speedup(), named="percentage"
    ),
    Wrong(
        "08.speedup",
        "eager loop of 10 calls, total not divided",
        lambda: 10 * measured()[0] / measured()[1],
        named="loop-total",
    ),
    Wrong(
        "08.speedup",
        "eager in µs over jit in seconds",
        lambda: 1e6 * measured()[0] / measured()[1],
        named="thousand-times-off",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_update_value_with_penalty(params, x, y, lr, decay):
    def penalized(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.sum(q**2) for q in jax.tree.leaves(p))

    value, grads = jax.value_and_grad(penalized)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def r3_update_no_half(params, x, y, lr, decay):
    def penalized(p):
        return loss(p, x, y) + decay * sum(jnp.sum(q**2) for q in jax.tree.leaves(p))

    grads = jax.grad(penalized)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


def r3_update_decay_without_lr(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g - decay * p, params, grads), value


def r3_train(lr, steps):
    """The notebook's train, without its widgets: the last params and the losses."""
    fast_step = jax.jit(sgd_step)
    params, losses = initial_params(), []
    for _ in range(steps):
        params, value = fast_step(params, x, y, lr)
        losses.append(value)
    return params, jnp.stack(losses)


def r3_time_one(step, blocked, warm, calls=20):
    params = initial_params()
    if warm:
        jax.block_until_ready(step(params, x, y, 0.05))
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        result = step(params, x, y, 0.05)
        if blocked:
            jax.block_until_ready(result)
        samples.append(time.perf_counter() - start)
    return samples


@cache
def r3_speedup_inverted():
    eager = statistics.median(r3_time_one(sgd_step, blocked=True, warm=True))
    jitted = statistics.median(r3_time_one(jax.jit(sgd_step), blocked=True, warm=True))
    return jitted / eager


@cache
def r3_speedup_unblocked():
    eager = statistics.median(r3_time_one(sgd_step, blocked=False, warm=True))
    jitted = statistics.median(r3_time_one(jax.jit(sgd_step), blocked=False, warm=True))
    return eager / jitted


@cache
def r3_speedup_mean_with_compile():
    def fresh_step(params, x, y, lr):
        return sgd_step(params, x, y, lr)

    eager = statistics.mean(r3_time_one(sgd_step, blocked=True, warm=False, calls=10))
    jitted = statistics.mean(r3_time_one(jax.jit(fresh_step), blocked=True, warm=False, calls=10))
    return eager / jitted


ROUND_3 = (
    Wrong(
        "08.update", "returns the penalized loss as the value", lambda: r3_update_value_with_penalty
    ),
    Wrong("08.update", "penalty decay * sum p**2, no half", lambda: r3_update_no_half),
    Wrong(
        "08.update",
        "p - lr * g - decay * p: decay not times lr",
        lambda: r3_update_decay_without_lr,
    ),
    Wrong("08.speedup", "jitted time / eager time", r3_speedup_inverted),
    Wrong("08.speedup", "warmed up, never blocked", r3_speedup_unblocked),
    Wrong("08.speedup", "means of 10 calls, compile included", r3_speedup_mean_with_compile),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: causes the numbers cannot have ----------------------------------------------


def i35_log10_speedup():
    import math

    eager, jit = measured()
    return math.log10(eager / jit)


def i35_squared_speedup():
    eager, jit = measured()
    return (eager / jit) ** 2


ISSUE_35 = (
    Wrong(
        "08.speedup",
        "log10 of the ratio",
        i35_log10_speedup,
        says="is below the range the checker accepts",
    ),
    Wrong(
        "08.speedup",
        "the ratio squared",
        i35_squared_speedup,
        says="is above the range the checker accepts",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)
# --- Issue 35's round: answers that a loss target alone lets through ----------------------


def r4_trained_on_the_curve(lr, steps):
    """The train loop fed the noise-free curve instead of the data y."""
    clean = 3.0 * x**2 - 2.0 * x + 0.5
    fast_step = jax.jit(sgd_step)
    params = initial_params()
    for _ in range(steps):
        params, _ = fast_step(params, x, clean, lr)
    return params


ROUND_4 = ()
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- issue 35: a wrong decay term where the gradient step is right ----------------------------


def _decayed_by(term):
    def update(params, x, y, lr, decay):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        terms = term(params, decay)
        new = {k: params[k] - lr * (grads[k] + terms[k]) for k in params}
        return new, value

    return update


decay_l1 = _decayed_by(lambda ps, d: {k: d * jnp.sign(p) for k, p in ps.items()})
decay_skips_bias = _decayed_by(
    lambda ps, d: {k: (0.0 if k == "c" else d * p) for k, p in ps.items()}
)
decay_square_of_sum = _decayed_by(lambda ps, d: {k: d * sum(ps.values()) for k in ps})
decay_mean_of_squares = _decayed_by(lambda ps, d: {k: d * p / len(ps) for k, p in ps.items()})

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("08.update", "an L1 penalty: decay * sign(p)", lambda: decay_l1, named="penalty-l1"),
    Wrong(
        "08.update",
        "no decay on 'c', taken for a bias",
        lambda: decay_skips_bias,
        "decay-term-wrong",
    ),
    Wrong(
        "08.update",
        "penalty on the square of the sum",
        lambda: decay_square_of_sum,
        named="decay-term-wrong",
    ),
    Wrong(
        "08.update",
        "penalty on the mean of the squares",
        lambda: decay_mean_of_squares,
        named="mean-over-parameters",
    ),
)


# --- 08.speedup's answer is a function (issue 34 item 1) ------------------------------------
# The check calls measure_speedup(step, *args) itself: each number above is what a learner's
# measure_speedup returned; the answers below are what became possible with a function.


def measuring(value):
    """A measure_speedup that returned ``value`` for the lesson's step (and a plausible
    blocked figure for the check's control step, so that ``value`` is what is judged)."""

    def measure_speedup(step, *args):
        return lesson08.CONTROL_STAND_IN if getattr(step, "jaxtour_control", False) else value

    return measure_speedup


def same_for_any(value):
    """A measure_speedup that returns ``value`` whatever step it is given."""

    def measure_speedup(step, *args):
        return value

    return measure_speedup


def warm_up_no_block(step, *args):
    """Warmed up, not blocked: the control step's product is dispatched, not waited for,
    so it looks sped up almost as much as the lesson's step (stand-in figures)."""
    typical = lesson08.speedup_band().typical
    return 0.7 * typical if getattr(step, "jaxtour_control", False) else typical


def fit_forgets_new_params(step, params, x, y, lr, target):
    """Unpacks the step into other names and never hands the new params back."""
    count = 0
    new_params, value = step(params, x, y, lr)
    while float(value) >= target:
        new_params, value = step(params, x, y, lr)
        count += 1
    return new_params, count


def ten_calls_never_waited(step, *args):
    """Warmed up, ten calls per side, the clock read as soon as the calls are dispatched."""
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    start = time.perf_counter()
    for _ in range(10):
        step(*args)
    eager = (time.perf_counter() - start) / 10
    start = time.perf_counter()
    for _ in range(10):
        fast(*args)
    return eager / ((time.perf_counter() - start) / 10)


def speedup_with_timing(step, *args):
    from jaxtour import timing

    eager = timing.measure(step, *args, budget_s=0.1)
    jitted = timing.measure(jax.jit(step), *args, budget_s=0.1)
    return eager.median_s / jitted.median_s


def speedup_with_dispatch_only(step, *args):
    from jaxtour.timing import dispatch_only

    return dispatch_only(step, *args).median_s / dispatch_only(jax.jit(step), *args).median_s


WRONG_ANSWERS = (
    *(
        Wrong(w.exercise_id, w.what, lambda build=w.answer: measuring(build()), w.named, w.says)
        if w.exercise_id == "08.speedup"
        else w
        for w in WRONG_ANSWERS
    ),
    Wrong(
        "08.speedup", "the figure itself, measured in the notebook", lambda: 37.25, named="a-number"
    ),
    Wrong(
        "08.speedup",
        "timing.measure on both sides",
        lambda: speedup_with_timing,
        named="used-timing",
    ),
    Wrong(
        "08.speedup",
        "dispatch_only imported by name",
        lambda: speedup_with_dispatch_only,
        named="used-timing",
    ),
    Wrong("08.speedup", "the figure as a string", lambda: "42.5", says="the string '42.5'"),
)


# --- issue 35 (session 44): the held-out reader's constant, and a warm-up without blocking ----
WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.speedup",
        "a plausible constant, 23.7, whatever the step",
        lambda: same_for_any(23.7),
        named="same-for-any-step",
    ),
    Wrong(
        "08.speedup",
        "the checker's own typical figure typed in",
        lambda: same_for_any(lesson08.speedup_band().typical),
        named="same-for-any-step",
    ),
    Wrong(
        "08.speedup",
        "warmed up, never blocked",
        lambda: warm_up_no_block,
        named="control-not-blocked",
    ),
    # session 46: a loop that never hands the step its new params is named, not timed out
    Wrong(
        "08.fit",
        "new params unpacked, never passed back to step",
        lambda: fit_forgets_new_params,
        named="params-never-passed-on",
    ),
    # session 46: the clock read while the work runs is named from the reads themselves
    Wrong(
        "08.speedup",
        "ten calls per side, the clock read at dispatch",
        lambda: ten_calls_never_waited,
        named="clock-before-ready",
    ),
)


# --- issue 35 (session 45): round 8's wrong diagnoses -----------------------------------------


def update_gradient_at_shrunk(params, x, y, lr, decay):
    shrunk = jax.tree.map(lambda p: p * (1 - lr * decay), params)
    grads = jax.grad(loss)(shrunk, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, shrunk, grads), loss(params, x, y)


def fit_loss_for_count(step, params, x, y, lr, target):
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, value
        params = new


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.fit",
        "the last loss returned where the count goes",
        lambda: fit_loss_for_count,
        named="loss-not-count",
    ),
    Wrong(
        "08.update",
        "shrinks first, then the gradient at the shrunk params",
        lambda: update_gradient_at_shrunk,
        named="gradient-at-shrunk",
    ),
)


# --- session 48, round 11: the penalty's 1/2 kept in its gradient, the loss recomputed on
# the new parameters, a stop when the loss falls by less than target (decay-term-wrong, or a
# cap named, before) ----------------------------------------------------------------------


def update_half_decay(params, x, y, lr, decay):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * (g + decay / 2 * p), params, grads), value


def fit_loss_of_new_params(step, params, x, y, lr, target):
    n = 0
    while True:
        params, _ = step(params, x, y, lr)
        n += 1
        if loss(params, x, y) < target:
            return params, n


def fit_until_converged(step, params, x, y, lr, target):
    previous, n = float("inf"), 0
    while True:
        new, value = step(params, x, y, lr)
        if previous - value < target:
            return params, n
        previous, params, n = value, new, n + 1


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.update",
        "decay / 2 * p: the penalty's 1/2 kept",
        lambda: update_half_decay,
        named="decay-halved",
    ),
    Wrong(
        "08.fit",
        "loss(new params) recomputed after each update",
        lambda: fit_loss_of_new_params,
        named="recomputed-loss",
    ),
    Wrong(
        "08.fit",
        "stops when the loss falls by less than target",
        lambda: fit_until_converged,
        named="stops-elsewhere",
    ),
)


# --- round 16's 08.speedup families (session 53): read from what the code did on the check's
# second step (its calls counted, their results asked at each clock read), not from a figure


def _loop_mean(fn, args, calls, wait=True):
    start = time.perf_counter()
    for _ in range(calls):
        out = fn(*args)
        if wait:
            jax.block_until_ready(out)
    return (time.perf_counter() - start) / calls


def speed_jit_loop_unwaited(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _loop_mean(step, args, 20) / _loop_mean(fast, args, 20, wait=False)


def speed_eager_loop_unwaited(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _loop_mean(step, args, 10, wait=False) / _loop_mean(fast, args, 20)


def speed_step_on_both_sides(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _loop_mean(step, args, 20) / _loop_mean(step, args, 20)


def speed_no_jit_warm_up(step, *args):
    jax.block_until_ready(step(*args))
    return _loop_mean(step, args, 10) / _loop_mean(jax.jit(step), args, 10)


def speed_eager_not_warmed(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    return _loop_mean(step, args, 8) / _loop_mean(fast, args, 8)


def speed_one_call_each(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return _loop_mean(step, args, 1) / _loop_mean(fast, args, 1)


def speed_unequal_totals(step, *args):
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args))
    jax.block_until_ready(step(*args))
    return (5 * _loop_mean(step, args, 5)) / (50 * _loop_mean(fast, args, 50))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.speedup",
        "eager calls waited for, jitted loop never",
        lambda: speed_jit_loop_unwaited,
        named="jit-clock-before-ready",
    ),
    Wrong(
        "08.speedup",
        "jitted calls waited for, eager loop never",
        lambda: speed_eager_loop_unwaited,
        named="eager-clock-before-ready",
    ),
    Wrong(
        "08.speedup",
        "the eager step timed on both sides",
        lambda: speed_step_on_both_sides,
        named="no-jit-timed",
    ),
    Wrong(
        "08.speedup",
        "jitted side timed from its first call",
        lambda: speed_no_jit_warm_up,
        named="compile-timed",
    ),
    Wrong(
        "08.speedup",
        "jit warmed up, eager timed cold",
        lambda: speed_eager_not_warmed,
        named="eager-first-call-timed",
    ),
    Wrong(
        "08.speedup",
        "warm, waited for, one call each",
        lambda: speed_one_call_each,
        named="one-call-timed",
    ),
    Wrong(
        "08.speedup",
        "totals of 5 eager and 50 jitted calls",
        lambda: speed_unequal_totals,
        named="loop-totals",
    ),
)


# --- round 17's family in 08.speedup: the jitted step made once and kept for later calls


def speed_jit_kept_in_default(step, *args, n=20, _jitted={}):  # noqa: B006 (the slip itself)
    if "fast" not in _jitted:  # "compile only once"
        _jitted["fast"] = jax.jit(step)
    fast = _jitted["fast"]

    def per_call(f):
        jax.block_until_ready(f(*args))
        start = time.perf_counter()
        for _ in range(n):
            jax.block_until_ready(f(*args))
        return (time.perf_counter() - start) / n

    return per_call(step) / per_call(fast)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.speedup",
        "jax.jit(step) kept in a default dict",
        lambda: speed_jit_kept_in_default,
        named="kept-first-step",
    ),
)


# --- round 18: the mean of each leaf's squares, equal to their sum for a scalar leaf ------


def update_mean_of_each_leafs_squares(params, x, y, lr, decay):
    def total(p):
        return loss(p, x, y) + decay / 2 * sum(jnp.mean(q**2) for q in jax.tree.leaves(p))

    grads = jax.grad(total)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss(params, x, y)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.update",
        "jnp.mean of each leaf's squares, not their sum",
        lambda: update_mean_of_each_leafs_squares,
        named="mean-per-leaf",
    ),
)


# --- round 18 (fix18-3): the step's loss tested, and the lesson's loss of the new params
# computed again and tested too (audit W: stops-at-equal; it never tests <=)


def r18f_fit_check_new_with_loss(step, params, x, y, lr, target):
    steps = 0
    while True:
        new, value = step(params, x, y, lr)
        if value < target:
            return params, steps
        params, steps = new, steps + 1
        if loss(params, x, y) < target:
            return params, steps


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.fit",
        "also tests new params with the lesson loss",
        lambda: r18f_fit_check_new_with_loss,
        named="also-tests-loss",
    ),
)


# --- round 19 (fix19-3): 08.fit's loops whose message named no cause (audit G)
from tests.content.wrong_answers.round19 import lesson08 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.fit",
        "trained a fixed 500 steps, then searched losses (round 19)",
        lambda: _r19.r19_fit_train_then_search,
        named="count-apart-from-params",
    ),
    Wrong(
        "08.fit",
        "returned (steps, params), swapped (round 19)",
        lambda: _r19.r19_fit_swapped,
        named="pair-reversed",
    ),
    Wrong(
        "08.fit",
        "called the step with lr 0.05, not lr (round 19)",
        lambda: _r19.r19_fit_fixed_lr,
        named="fixed-rate",
    ),
    Wrong(
        "08.fit",
        "always takes one step before testing the loss (round 19)",
        lambda: _r19.r19_fit_skip_start,
        named="start-never-tested",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------

from tests.content.wrong_answers.round20 import lesson08 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.update",
        "decay from the already-stepped params",
        lambda: _r20.r20_update_decay_after_step,
        "decay-after-step",
    ),
    Wrong(
        "08.update",
        "mean of the squares, not their sum",
        lambda: _r20.r20_update_mean_of_squares,
        "mean-over-parameters",
    ),
    Wrong(
        "08.fit",
        "comparison turned round: value > target",
        lambda: _r20.r20_fit_wrong_comparison,
        "comparison-reversed",
    ),
    Wrong(
        "08.fit",
        "calls fast_sgd_step, not the step given",
        lambda: _r20.r20_fit_lesson_step,
        "lesson-step",
    ),
    Wrong(
        "08.speedup",
        "returns both times, not the ratio",
        lambda: _r20.r20_speed_returns_times,
        "two-times",
    ),
    Wrong(
        "08.speedup",
        "time.process_time: CPU time, not wall",
        lambda: _r20.r20_speed_process_time,
        "cpu-clock",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------

from tests.content.wrong_answers.round21 import lesson08 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "08.update",
        "summed over the dict's keys",
        lambda: _r21.r21_update_iterates_dict,
        named="dict-keys",
    ),
    Wrong(
        "08.fit",
        "gives up after 100 steps",
        lambda: _r21.r21_fit_capped,
        named="stops-elsewhere",
    ),
    Wrong(
        "08.speedup",
        "10 eager calls against 100 jit calls, totals",
        lambda: _r21.r21_speedup_totals_uneven,
        named="eager-first-and-totals",
    ),
)
