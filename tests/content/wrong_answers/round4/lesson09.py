"""Round 4, lesson 09 (vmap and random): answers written from the lesson's text alone."""
from __future__ import annotations

import time

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# ---------------------------------------------------------------- 09.per_example_grads: wrong


def r4_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r4_peg_map_params(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0))(params, xs, ys)


def r4_peg_out_axes_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r4_peg_batch_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r4_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in grads]), "b": jnp.stack([g["b"] for g in grads])}


def r4_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0))(params, xs, ys)


def r4_peg_only_w(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)["w"]


def r4_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r4_peg_ys_shared(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None))(params, xs, ys)


def r4_peg_sum_grads(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return jax.tree.map(lambda g: g.sum(axis=0), grads)


# ---------------------------------------------------------------- 09.per_example_grads: right


def r4_peg_transpose(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r4_peg_closure(params, xs, ys):
    one = lambda x, y: jax.grad(log_loss)(params, x, y)
    return jax.vmap(one, in_axes=(1, 0))(xs, ys)


def r4_peg_dict_axes(params, xs, ys):
    axes = ({"w": None, "b": None}, 1, 0)
    return jax.jit(jax.vmap(jax.grad(log_loss, argnums=0), in_axes=axes, out_axes=0))(params, xs, ys)


def r4_peg_moveaxis(params, xs, ys):
    examples = jnp.moveaxis(xs, 1, 0)
    return jax.vmap(lambda x, y: jax.grad(log_loss)(params, x, y))(examples, ys)


# ---------------------------------------------------------------- 09.random_walk: wrong


def r4_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r4_walk_numpy(key, steps):
    return jnp.asarray(np.cumsum(np.random.normal(size=steps)), dtype=jnp.float32)


def r4_walk_with_start(key, steps):
    keys = jax.random.split(key, steps)
    position = 0.0
    path = [jnp.asarray(position)]
    for k in keys:
        position = position + jax.random.normal(k)
        path.append(position)
    return jnp.stack(path)


def r4_walk_increments(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.stack([jax.random.normal(k) for k in keys])


def r4_walk_final(key, steps):
    position = 0.0
    for k in jax.random.split(key, steps):
        position = position + jax.random.normal(k)
    return position


def r4_walk_short(key, steps):
    position = 0.0
    path = []
    for _ in range(steps - 1):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r4_walk_ignores_key(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.key(i))
        path.append(position)
    return jnp.stack(path)


def r4_walk_uniform(key, steps):
    return jnp.cumsum(jax.random.uniform(key, (steps,)))


def r4_walk_scaled(key, steps):
    return jnp.cumsum(0.1 * jax.random.normal(key, (steps,)))


def r4_walk_time_seeded(key, steps):
    fresh = jax.random.key(time.time_ns() % (2**31))
    return jnp.cumsum(jax.random.normal(fresh, (steps,)))


def r4_walk_fold_zero(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


# ---------------------------------------------------------------- 09.random_walk: right


def r4_walk_cumsum(key, steps):
    return jnp.cumsum(jax.random.normal(key, shape=(steps,)))


def r4_walk_split_loop(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r4_walk_fold_in(key, steps):
    position = jnp.float32(0.0)
    path = []
    for i in range(steps):
        position += jax.random.normal(jax.random.fold_in(key, i))
        path.append(position)
    return jnp.array(path)


def r4_walk_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    steps_drawn = jax.vmap(jax.random.normal)(keys)
    return jnp.cumsum(steps_drawn, axis=0)


# ---------------------------------------------------------------- 09.two_views: wrong


def r4_views_by_row(key, xs, ids):
    keys = jax.random.split(key, xs.shape[0])

    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(keys, xs)


def r4_views_same_noise(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x + noise

    return jax.vmap(one)(xs, ids)


def r4_views_one_key(key, xs, ids):
    ka, kb = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(ka, xs.shape), xs + 0.1 * jax.random.normal(kb, xs.shape)


def r4_views_std_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r4_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.01 * jax.random.normal(ka, x.shape), x + 0.01 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r4_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r4_views_arange(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, jnp.arange(xs.shape[0]))


def r4_views_loop(key, xs, ids):
    view_a, view_b = [], []
    for x, i in zip(xs, ids):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        view_a.append(x + 0.1 * jax.random.normal(ka, x.shape))
        view_b.append(x + 0.1 * jax.random.normal(kb, x.shape))
    return jnp.stack(view_a), jnp.stack(view_b)


def r4_views_numpy(key, xs, ids):
    return (
        xs + 0.1 * np.random.normal(size=xs.shape).astype(np.float32),
        xs + 0.1 * np.random.normal(size=xs.shape).astype(np.float32),
    )


def r4_views_id_plus_one(key, xs, ids):
    def one(x, i):
        a = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = 0.1 * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)
        return x + a, x + b

    return jax.vmap(one)(xs, ids)


def r4_views_id_as_seed(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


# ---------------------------------------------------------------- 09.two_views: right


def r4_views_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noisy(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batch = jax.vmap(noisy, in_axes=(None, 0, 0))
    return batch(key_a, xs, ids), batch(key_b, xs, ids)


def r4_views_double_fold(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        a = jax.random.normal(jax.random.fold_in(k, 0), x.shape) * 0.1
        b = jax.random.normal(jax.random.fold_in(k, 1), x.shape) * 0.1
        return (x + a, x + b)

    return jax.vmap(one)(xs, ids)


def r4_views_two_rows(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)

    def one(k, x):
        noise = 0.1 * jax.random.normal(k, (2,) + x.shape)
        return x + noise[0], x + noise[1]

    view_a, view_b = jax.vmap(one)(keys, xs)
    return view_a, view_b


def r4_views_fold_split(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one, in_axes=(0, 0))(xs, ids)


ROUND_4 = (
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0) as in the lesson's rows example: maps over the rows (features) of xs, which is (D, N) with examples in columns; fails unless D == N and is silently wrong when D == N", lambda: r4_peg_rows),
    Wrong("09.per_example_grads", "in_axes=(0, 1, 0): maps over params too, instead of None for the shared parameters", lambda: r4_peg_map_params),
    Wrong("09.per_example_grads", "right in_axes but out_axes=-1: 'w' comes back (D, N), examples last (b is still (N,))", lambda: r4_peg_out_axes_last),
    Wrong("09.per_example_grads", "grad of the mean loss over the batch: one gradient {'w': (D,), 'b': ()}, not one per example", lambda: r4_peg_batch_mean),
    Wrong("09.per_example_grads", "list comprehension over the columns and jnp.stack: right values but a Python loop, which the task forbids", lambda: r4_peg_loop),
    Wrong("09.per_example_grads", "jax.grad(log_loss, argnums=1): gradient with respect to x (an (N, D) array), not params", lambda: r4_peg_wrt_x),
    Wrong("09.per_example_grads", "returns only the 'w' gradients (N, D), dropping 'b'", lambda: r4_peg_only_w),
    Wrong("09.per_example_grads", "vmaps value_and_grad: returns (losses, grads) instead of the grads dict", lambda: r4_peg_value_and_grad),
    Wrong("09.per_example_grads", "in_axes=(None, 1, None): ys not mapped, so each example's loss uses the whole ys vector and is not a scalar (grad fails)", lambda: r4_peg_ys_shared),
    Wrong("09.per_example_grads", "sums the per-example gradients over the examples, giving one batch-sum gradient", lambda: r4_peg_sum_grads),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: thinks split consumed/changed key, so b differs from a", lambda: "A"),
    Wrong("09.split_keeps_key", "C: thinks the first key of split(key) is key itself", lambda: "C"),
    Wrong("09.split_keeps_key", "D: also thinks fold_in(key, 0) is key unchanged", lambda: "D"),
    Wrong("09.split_keeps_key", "lowercase c", lambda: "c"),
    Wrong("09.split_keeps_key", "lowercase a", lambda: "a"),
    Wrong("09.split_keeps_key", "writes the variable names 'b and c' (option C's content) instead of a letter", lambda: "b and c"),
    Wrong("09.split_keeps_key", "answers 'E', not an option", lambda: "E"),
    Wrong("09.split_keeps_key", "sets answer to a list of the matching variable names ['b'] instead of the letter", lambda: ["b"]),
    Wrong("09.split_keeps_key", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 09.random_walk
    Wrong("09.random_walk", "the lesson's broken loop unchanged: every step draws from the same key, so all steps are equal", lambda: r4_walk_broken),
    Wrong("09.random_walk", "draws the steps with np.random.normal: not from the key, so the same key does not give the same walk", lambda: r4_walk_numpy),
    Wrong("09.random_walk", "includes the starting position 0.0: returns steps + 1 positions", lambda: r4_walk_with_start),
    Wrong("09.random_walk", "returns the steps (increments), not the positions (no cumulative sum)", lambda: r4_walk_increments),
    Wrong("09.random_walk", "returns only the final position, not the position after each step", lambda: r4_walk_final),
    Wrong("09.random_walk", "off by one: range(steps - 1), so steps - 1 positions", lambda: r4_walk_short),
    Wrong("09.random_walk", "a new key jax.random.key(i) per step, ignoring the key argument: every key gives the same walk", lambda: r4_walk_ignores_key),
    Wrong("09.random_walk", "draws jax.random.uniform instead of normal: steps in [0, 1), the walk only goes up", lambda: r4_walk_uniform),
    Wrong("09.random_walk", "scales the steps by 0.1 (copied from add_noise): steps of standard deviation 0.1, not 1", lambda: r4_walk_scaled),
    Wrong("09.random_walk", "makes its own key from time.time_ns(), ignoring the key: not reproducible", lambda: r4_walk_time_seeded),
    Wrong("09.random_walk", "uses fold_in(key, 0) on every step: a constant key, so every step is the same", lambda: r4_walk_fold_zero),
    # 09.two_views
    Wrong("09.two_views", "keys from the row position, split(key, N): the noise follows the row, not the id, so shuffling rows changes each example's noise", lambda: r4_views_by_row),
    Wrong("09.two_views", "one key per example (fold_in by id) used for both views: view_a and view_b have the same noise", lambda: r4_views_same_noise),
    Wrong("09.two_views", "one draw over the whole batch per view (split key, normal(k, xs.shape)): noise depends on the row, not the id", lambda: r4_views_one_key),
    Wrong("09.two_views", "forgets the 0.1: noise of standard deviation 1", lambda: r4_views_std_one),
    Wrong("09.two_views", "uses 0.01 (the variance) as the scale: standard deviation 0.01 instead of 0.1", lambda: r4_views_variance),
    Wrong("09.two_views", "view_b = x - noise, the same noise negated: the two views are not independent", lambda: r4_views_antithetic),
    Wrong("09.two_views", "folds in jnp.arange(N), the row index, instead of ids: right only when ids are 0..N-1 in order", lambda: r4_views_arange),
    Wrong("09.two_views", "Python loop over the rows with fold_in(key, id): noise right, but a loop, which the task forbids", lambda: r4_views_loop),
    Wrong("09.two_views", "np.random.normal noise: not from the key (and under jit a constant baked in)", lambda: r4_views_numpy),
    Wrong("09.two_views", "view_a from fold_in(key, id), view_b from fold_in(key, id + 1): view_b of example id equals view_a of example id + 1, so examples are not independent", lambda: r4_views_id_plus_one),
    Wrong("09.two_views", "seeds with jax.random.key(id) and ignores key: noise depends only on the id, the same for every key", lambda: r4_views_id_as_seed),
)

RIGHT_4 = (
    Right("09.per_example_grads", "transpose xs then in_axes=(None, 0, 0)", lambda: r4_peg_transpose),
    Right("09.per_example_grads", "vmap over a closure of (x, y), in_axes=(1, 0)", lambda: r4_peg_closure),
    Right("09.per_example_grads", "params in_axes as a dict of None, argnums=0, out_axes=0, jitted", lambda: r4_peg_dict_axes),
    Right("09.per_example_grads", "jnp.moveaxis to examples-first, default in_axes", lambda: r4_peg_moveaxis),
    Right("09.split_keeps_key", "lowercase 'b'", lambda: "b"),
    Right("09.split_keeps_key", "' B ' with spaces", lambda: " B "),
    Right("09.split_keeps_key", "'B\\n' with a trailing newline", lambda: "B\n"),
    Right("09.random_walk", "cumsum of one draw of shape (steps,)", lambda: r4_walk_cumsum),
    Right("09.random_walk", "loop that splits the key on every step and draws from the subkey", lambda: r4_walk_split_loop),
    Right("09.random_walk", "loop with fold_in(key, i) per step", lambda: r4_walk_fold_in),
    Right("09.random_walk", "vmap(jax.random.normal) over split keys, then cumsum", lambda: r4_walk_vmap_keys),
    Right("09.two_views", "split key into key_a, key_b first, then fold_in the id for each view", lambda: r4_views_split_then_fold),
    Right("09.two_views", "fold_in id, then fold_in 0 and 1 for the two views", lambda: r4_views_double_fold),
    Right("09.two_views", "vmapped fold_in for keys, one draw of shape (2, D) per example", lambda: r4_views_two_rows),
    Right("09.two_views", "fold_in id then split into two, explicit in_axes=(0, 0)", lambda: r4_views_fold_split),
)
