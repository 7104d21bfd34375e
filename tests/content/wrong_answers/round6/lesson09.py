"""Round 6, lesson 09 (vmap and random): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 09.per_example_grads


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def r6_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r6_peg_params_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0))(params, xs, ys)


def r6_peg_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r6_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in grads]), "b": jnp.stack([g["b"] for g in grads])}


def r6_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0))(params, xs, ys)


def r6_peg_out_axes(params, xs, ys):
    # copies the lesson's out_axes=1 for the features x examples layout: w comes out (D, N)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(params, xs, ys)


def r6_peg_ys_broadcast(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None))(params, xs, ys)


def r6_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r6_peg_double_transpose(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs.T, ys)


def r6_peg_transpose(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r6_peg_closure(params, xs, ys):
    one = lambda x, y: jax.grad(log_loss)(params, x, y)
    return jax.vmap(one, in_axes=(1, 0))(xs, ys)


r6_peg_jitted_dict_axes = jax.jit(
    jax.vmap(jax.grad(log_loss), in_axes=({"w": None, "b": None}, 1, 0))
)


# ---------------------------------------------------------------- 09.random_walk


def r6_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r6_walk_numpy(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + np.random.normal()
        path.append(position)
    return jnp.stack(path)


def r6_walk_split_once(key, steps):
    key, subkey = jax.random.split(key)  # split once, before the loop
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r6_walk_draws_from_split_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)  # draws from the key it goes on splitting
        path.append(position)
    return jnp.stack(path)


def r6_walk_with_start(key, steps):
    step_sizes = jax.random.normal(key, (steps,))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(step_sizes)])


def r6_walk_before_each_step(key, steps):
    step_sizes = jax.random.normal(key, (steps,))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(step_sizes)[:-1]])


def r6_walk_increments(key, steps):
    return jax.random.normal(key, (steps,))


def r6_walk_fold_in_steps(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, steps))
        path.append(position)
    return jnp.stack(path)


def r6_walk_first_key(key, steps):
    keys = jax.random.split(key, steps)
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(keys[0])
        path.append(position)
    return jnp.stack(path)


def r6_walk_final_only(key, steps):
    position = 0.0
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
    return position


def r6_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    position = 0.0
    path = []
    for k in keys:
        position = position + jax.random.uniform(k)
        path.append(position)
    return jnp.stack(path)


def r6_walk_seeded_steps(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.key(i))  # ignores key
        path.append(position)
    return jnp.stack(path)


def r6_walk_split_in_loop(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r6_walk_cumsum(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r6_walk_fold_in(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, i))
        path.append(position)
    return jnp.stack(path)


def r6_walk_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys))


# ---------------------------------------------------------------- 09.two_views


def _noisy(k, x):
    return x + 0.1 * jax.random.normal(k, x.shape)


def r6_views_row_keys(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    view_a = jax.vmap(_noisy)(jax.random.split(key_a, xs.shape[0]), xs)
    view_b = jax.vmap(_noisy)(jax.random.split(key_b, xs.shape[0]), xs)
    return view_a, view_b


def r6_views_same_key(key, xs, ids):
    def one(i, x):
        return _noisy(jax.random.fold_in(key, i), x)

    view = jax.vmap(one)(ids, xs)
    return view, view


def r6_views_one_key(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    return jax.vmap(_noisy, in_axes=(None, 0))(key_a, xs), jax.vmap(_noisy, in_axes=(None, 0))(key_b, xs)


def r6_views_id_plus_one(key, xs, ids):
    def one(i, x):
        return _noisy(jax.random.fold_in(key, i), x), _noisy(jax.random.fold_in(key, i + 1), x)

    return jax.vmap(one)(ids, xs)


def r6_views_std_one(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r6_views_uniform(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.uniform(ka, x.shape), x + 0.1 * jax.random.uniform(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r6_views_noise_only(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return 0.1 * jax.random.normal(ka, x.shape), 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r6_views_antithetic(key, xs, ids):
    def one(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(ids, xs)


def r6_views_arange(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    rows = jnp.arange(xs.shape[0])  # the row index, not the id

    def one(k, i, x):
        return _noisy(jax.random.fold_in(k, i), x)

    return jax.vmap(one, in_axes=(None, 0, 0))(key_a, rows, xs), jax.vmap(one, in_axes=(None, 0, 0))(key_b, rows, xs)


def r6_views_variance(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        scale = jnp.sqrt(0.1)  # reads 0.1 as the variance
        return x + scale * jax.random.normal(ka, x.shape), x + scale * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r6_views_loop(key, xs, ids):
    view_a, view_b = [], []
    for i in range(xs.shape[0]):
        ka, kb = jax.random.split(jax.random.fold_in(key, ids[i]))
        view_a.append(_noisy(ka, xs[i]))
        view_b.append(_noisy(kb, xs[i]))
    return jnp.stack(view_a), jnp.stack(view_b)


def r6_views_lax_map(key, xs, ids):
    def one(pair):
        i, x = pair
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return _noisy(ka, x), _noisy(kb, x)

    return jax.lax.map(one, (ids, xs))


def r6_views_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def view(k):
        return jax.vmap(lambda i, x: _noisy(jax.random.fold_in(k, i), x))(ids, xs)

    return view(key_a), view(key_b)


def r6_views_fold_twice(key, xs, ids):
    def one(i, x):
        example_key = jax.random.fold_in(key, i)
        return _noisy(jax.random.fold_in(example_key, 0), x), _noisy(jax.random.fold_in(example_key, 1), x)

    return jax.vmap(one)(ids, xs)


def r6_views_one_draw(key, xs, ids):
    def one(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + noise[0], x + noise[1]

    return jax.vmap(one)(ids, xs)


def r6_views_example_keys(key, xs, ids):
    example_keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    pairs = jax.vmap(jax.random.split)(example_keys)  # (N, 2) keys
    view_a = jax.vmap(_noisy)(pairs[:, 0], xs)
    view_b = jax.vmap(_noisy)(pairs[:, 1], xs)
    return view_a, view_b


ROUND_6 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0): maps over the rows (features), not the columns", lambda: r6_peg_rows),
    Wrong("09.per_example_grads", "in_axes=(0, 1, 0): maps over params too", lambda: r6_peg_params_mapped),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient for the batch", lambda: r6_peg_mean),
    Wrong("09.per_example_grads", "Python loop over the columns, stacked", lambda: r6_peg_loop),
    Wrong("09.per_example_grads", "grad with argnums=1: gradient with respect to x", lambda: r6_peg_wrt_x),
    Wrong("09.per_example_grads", "out_axes={'w': 1, 'b': 0}: w comes out (D, N)", lambda: r6_peg_out_axes),
    Wrong("09.per_example_grads", "ys broadcast with None instead of mapped", lambda: r6_peg_ys_broadcast),
    Wrong("09.per_example_grads", "vmap of value_and_grad: returns (losses, grads)", lambda: r6_peg_value_and_grad),
    Wrong("09.per_example_grads", "transposes xs and keeps in_axes=1: maps over the features again", lambda: r6_peg_double_transpose),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: thinks split used up the key, so b differs", lambda: "A"),
    Wrong("09.split_keeps_key", "C: thinks k1 is the old key passed on", lambda: "C"),
    Wrong("09.split_keeps_key", "D: thinks split and fold_in(key, 0) both hand back the key itself", lambda: "D"),
    Wrong("09.split_keeps_key", "lowercase c", lambda: "c"),
    Wrong("09.split_keeps_key", "lowercase a", lambda: "a"),
    Wrong("09.split_keeps_key", "lowercase d", lambda: "d"),
    Wrong("09.split_keeps_key", "'BC': b and c", lambda: "BC"),
    Wrong("09.split_keeps_key", "hedges 'B or C'", lambda: "B or C"),
    Wrong("09.split_keeps_key", "names the variables as a list ['b'] instead of a letter", lambda: ["b"]),
    # 09.random_walk
    Wrong("09.random_walk", "copied the broken loop unchanged", lambda: r6_walk_broken),
    Wrong("09.random_walk", "np.random.normal in the loop: the key is ignored", lambda: r6_walk_numpy),
    Wrong("09.random_walk", "splits once before the loop, then draws every step from the same subkey", lambda: r6_walk_split_once),
    Wrong("09.random_walk", "splits in the loop but draws from key, the key it goes on splitting", lambda: r6_walk_draws_from_split_key),
    Wrong("09.random_walk", "cumsum with the starting 0.0 prepended: steps + 1 positions", lambda: r6_walk_with_start),
    Wrong("09.random_walk", "positions before each step: starts at 0.0 and drops the last", lambda: r6_walk_before_each_step),
    Wrong("09.random_walk", "returns the steps, not the positions", lambda: r6_walk_increments),
    Wrong("09.random_walk", "fold_in(key, steps): the same index on every pass", lambda: r6_walk_fold_in_steps),
    Wrong("09.random_walk", "splits into keys but draws from keys[0] every time", lambda: r6_walk_first_key),
    Wrong("09.random_walk", "returns only the final position", lambda: r6_walk_final_only),
    Wrong("09.random_walk", "jax.random.uniform steps instead of normal", lambda: r6_walk_uniform),
    Wrong("09.random_walk", "jax.random.key(i) per step: ignores the key passed in", lambda: r6_walk_seeded_steps),
    # 09.two_views
    Wrong("09.two_views", "one key per row with split(key_a, N): noise follows the row, not the id", lambda: r6_views_row_keys),
    Wrong("09.two_views", "one key per id for both views: view_a equals view_b", lambda: r6_views_same_key),
    Wrong("09.two_views", "one key per view broadcast with in_axes=None: every example gets the same noise", lambda: r6_views_one_key),
    Wrong("09.two_views", "fold_in(key, id) for view a and fold_in(key, id + 1) for view b: b of one example is a of the next", lambda: r6_views_id_plus_one),
    Wrong("09.two_views", "forgot the 0.1: standard deviation 1", lambda: r6_views_std_one),
    Wrong("09.two_views", "jax.random.uniform noise instead of normal", lambda: r6_views_uniform),
    Wrong("09.two_views", "returns the noise only, not xs plus noise", lambda: r6_views_noise_only),
    Wrong("09.two_views", "view_b = x - noise: the two views are not independent", lambda: r6_views_antithetic),
    Wrong("09.two_views", "fold_in with jnp.arange(N), the row index, instead of ids", lambda: r6_views_arange),
    Wrong("09.two_views", "reads 0.1 as the variance: scale jnp.sqrt(0.1)", lambda: r6_views_variance),
    Wrong("09.two_views", "Python loop over the rows", lambda: r6_views_loop),
    Wrong("09.two_views", "jax.lax.map over (ids, xs) instead of vmap", lambda: r6_views_lax_map),
]

RIGHT_6 = [
    Right("09.per_example_grads", "transpose xs, then in_axes=(None, 0, 0)", lambda: r6_peg_transpose),
    Right("09.per_example_grads", "vmap of a closure over params, in_axes=(1, 0)", lambda: r6_peg_closure),
    Right("09.per_example_grads", "jitted vmap with a dict prefix {'w': None, 'b': None} for params", lambda: r6_peg_jitted_dict_axes),
    Right("09.split_keeps_key", "'B'", lambda: "B"),
    Right("09.split_keeps_key", "lowercase 'b'", lambda: "b"),
    Right("09.split_keeps_key", "' B' with a leading space", lambda: " B"),
    Right("09.random_walk", "key, subkey = split(key) in the loop, drawing from subkey", lambda: r6_walk_split_in_loop),
    Right("09.random_walk", "jnp.cumsum of one draw of shape (steps,)", lambda: r6_walk_cumsum),
    Right("09.random_walk", "fold_in(key, i) for step i", lambda: r6_walk_fold_in),
    Right("09.random_walk", "split(key, steps), vmap(jax.random.normal) over the keys, cumsum", lambda: r6_walk_vmap_keys),
    Right("09.two_views", "split key into one per view, then fold_in the id", lambda: r6_views_split_then_fold),
    Right("09.two_views", "fold_in the id, then fold_in 0 and 1 for the two views", lambda: r6_views_fold_twice),
    Right("09.two_views", "one draw of shape (2, D) from the example's key, one row per view", lambda: r6_views_one_draw),
    Right("09.two_views", "example keys by vmapped fold_in, split into pairs, two vmaps", lambda: r6_views_example_keys),
]
