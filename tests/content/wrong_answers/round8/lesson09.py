"""Round 8, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# 09.per_example_grads: the exercise's loss
def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def r8_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r8_peg_out_default(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r8_peg_out_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r8_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=-1)(
        params, xs, ys
    )


def r8_peg_batch_grad(params, xs, ys):
    def mean(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean)(params)


def r8_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r8_peg_no_none(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes=-1)(params, xs, ys)


def r8_peg_w_transposed_back(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return {"w": g["w"], "b": g["b"][None, :]}


def r8_peg_ys_shared(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes=-1)(params, xs, ys)


def r8_peg_double_transpose(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs.T, ys)


def r8_peg_value_and_grad(params, xs, ys):
    vg = jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)
    return vg(params, xs, ys)


def r8_peg_right_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r8_peg_right_dict_axes(params, xs, ys):
    per = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})
    return per(params, xs, ys)


def r8_peg_right_transpose(params, xs, ys):
    rows = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": rows["w"].T, "b": rows["b"]}


def r8_peg_right_tree_map(params, xs, ys):
    g = jax.vmap(lambda x, y: jax.grad(log_loss)(params, x, y), in_axes=(1, 0))(xs, ys)
    return jax.tree.map(lambda a: jnp.moveaxis(a, 0, -1), g)


# 09.random_walk
def r8_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r8_walk_draw_from_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)  # draws from the key it keeps
        path.append(position)
    return jnp.stack(path)


def r8_walk_sub_becomes_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        _, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        key = sub
        path.append(position)
    return jnp.stack(path)


def r8_walk_not_cumulative(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.stack([jax.random.normal(k) for k in keys])


def r8_walk_with_start(key, steps):
    position, path = 0.0, [jnp.array(0.0)]
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.stack(path)


def r8_walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def r8_walk_fold_zero(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def r8_walk_final_only(key, steps):
    position = 0.0
    for k in jax.random.split(key, steps):
        position = position + jax.random.normal(k)
    return position


def r8_walk_first_from_key(key, steps):
    position = jax.random.normal(key)
    path = [position]
    keys = jax.random.split(key, steps - 1)
    for k in keys:
        position = position + jax.random.normal(k)
        path.append(position)
    return jnp.stack(path)


def r8_walk_slice_each(key, steps):
    position, path = 0.0, []
    for i in range(steps):
        position = position + jax.random.normal(key, (steps,))[i]
        path.append(position)
    return jnp.stack(path)


def r8_walk_path_stale(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        path.append(position)  # appended before the step
        position = position + jax.random.normal(sub)
    return jnp.stack(path)


def r8_walk_right_loop(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, draw_key = jax.random.split(key)
        position = position + jax.random.normal(draw_key)
        path.append(position)
    return jnp.stack(path)


def r8_walk_right_vmap(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k))(keys))


def r8_walk_right_fold(key, steps):
    draws = [jax.random.normal(jax.random.fold_in(key, i)) for i in range(steps)]
    return jnp.cumsum(jnp.stack(draws))


def r8_walk_right_keys_list(key, steps):
    out, pos = [], jnp.float32(0.0)
    for k in jax.random.split(key, steps):
        pos = pos + jax.random.normal(k)
        out.append(pos)
    return jnp.array(out)


# 09.two_views
def r8_tv_row_keys(key, xs, ids):
    keys = jax.random.split(key, xs.shape[0])

    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(keys, xs)


def r8_tv_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r8_tv_broadcast_key(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(k, x):
        return x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one, in_axes=(None, 0))(ka, xs), jax.vmap(one, in_axes=(None, 0))(kb, xs)


def r8_tv_std_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r8_tv_row_index(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, jnp.arange(xs.shape[0]))


def r8_tv_negated(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r8_tv_scalar_noise(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka), x + 0.1 * jax.random.normal(kb)

    return jax.vmap(one)(xs, ids)


def r8_tv_next_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.fold_in(key, i), jax.random.fold_in(key, i + 1)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r8_tv_stacked(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + noise

    return jnp.moveaxis(jax.vmap(one)(xs, ids), 1, 0)


def r8_tv_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        s = jnp.sqrt(0.1)
        return x + s * jax.random.normal(ka, x.shape), x + s * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r8_tv_numpy(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * np.random.normal(size=x.shape)

    return jax.vmap(one)(xs, ids)


def r8_tv_right_split_first(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noisy(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batch = jax.vmap(noisy, in_axes=(None, 0, 0))
    return batch(key_a, xs, ids), batch(key_b, xs, ids)


def r8_tv_right_pair(key, xs, ids):
    def one(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape) * 0.1
        return x + noise[0], x + noise[1]

    return jax.vmap(one)(xs, ids)


def r8_tv_right_keys_first(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    pairs = jax.vmap(jax.random.split)(keys)
    add = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return add(pairs[:, 0], xs), add(pairs[:, 1], xs)


ROUND_8 = [
    Wrong("09.per_example_grads", "in_axes 0 for xs: maps over features", lambda: r8_peg_rows),
    Wrong("09.per_example_grads", "no out_axes: examples first", lambda: r8_peg_out_default),
    Wrong("09.per_example_grads", "out_axes=1 for both leaves", lambda: r8_peg_out_one),
    Wrong("09.per_example_grads", "gradient with respect to x", lambda: r8_peg_wrt_x),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient", lambda: r8_peg_batch_grad),
    Wrong("09.per_example_grads", "Python loop over columns", lambda: r8_peg_loop),
    Wrong("09.per_example_grads", "in_axes 0 for params too", lambda: r8_peg_no_none),
    Wrong("09.per_example_grads", "w left (N, D), b made (1, N)", lambda: r8_peg_w_transposed_back),
    Wrong("09.per_example_grads", "ys broadcast with None", lambda: r8_peg_ys_shared),
    Wrong(
        "09.per_example_grads", "transposed xs and mapped axis 1", lambda: r8_peg_double_transpose
    ),
    Wrong("09.per_example_grads", "value_and_grad: returns a tuple", lambda: r8_peg_value_and_grad),
    Wrong("09.split_keeps_key", "A: split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: JAX records handed-out keys", lambda: "B"),
    Wrong("09.split_keeps_key", "D: first key of split is key itself", lambda: "D"),
    Wrong("09.split_keeps_key", "E: draw depends on shape only", lambda: "E"),
    Wrong("09.split_keeps_key", "lower-case c", lambda: "c"),
    Wrong("09.split_keeps_key", "the array name instead of a letter", lambda: "b"),
    Wrong("09.split_keeps_key", "both options for b only", lambda: "B or C"),
    Wrong("09.split_keeps_key", "letter with its reason", lambda: "C - split is a pure function"),
    Wrong("09.split_keeps_key", "None of them, as a word", lambda: "none"),
    Wrong("09.split_keeps_key", "the letter as a set", lambda: {"C"}),
    Wrong("09.random_walk", "the page's half-fixed walk copied", lambda: r8_walk_half_fixed),
    Wrong("09.random_walk", "draws from the key it keeps splitting", lambda: r8_walk_draw_from_key),
    Wrong("09.random_walk", "subkey drawn from, then split again", lambda: r8_walk_sub_becomes_key),
    Wrong("09.random_walk", "returns the steps, not the positions", lambda: r8_walk_not_cumulative),
    Wrong("09.random_walk", "path starts with 0.0: steps + 1 entries", lambda: r8_walk_with_start),
    Wrong("09.random_walk", "np.random, ignores the key", lambda: r8_walk_numpy),
    Wrong("09.random_walk", "fold_in(key, 0) every step", lambda: r8_walk_fold_zero),
    Wrong("09.random_walk", "returns only the final position", lambda: r8_walk_final_only),
    Wrong("09.random_walk", "first draw from key, then split key", lambda: r8_walk_first_from_key),
    Wrong(
        "09.random_walk",
        "same key, draws (steps,) and slices each pass",
        lambda: r8_walk_slice_each,
    ),
    Wrong("09.random_walk", "appends before adding the step", lambda: r8_walk_path_stale),
    Wrong("09.two_views", "split(key, N): noise follows the row", lambda: r8_tv_row_keys),
    Wrong("09.two_views", "one folded key for both views", lambda: r8_tv_same_key),
    Wrong(
        "09.two_views", "one key broadcast: all examples same noise", lambda: r8_tv_broadcast_key
    ),
    Wrong("09.two_views", "noise of std 1, the 0.1 forgotten", lambda: r8_tv_std_one),
    Wrong("09.two_views", "folds in the row index, not the id", lambda: r8_tv_row_index),
    Wrong("09.two_views", "view b is minus view a's noise", lambda: r8_tv_negated),
    Wrong("09.two_views", "one scalar of noise per example", lambda: r8_tv_scalar_noise),
    Wrong("09.two_views", "view b folds in id + 1: next example's view a", lambda: r8_tv_next_id),
    Wrong("09.two_views", "returns one stacked (2, N, D) array", lambda: r8_tv_stacked),
    Wrong("09.two_views", "sqrt(0.1) as the scale: 0.1 read as variance", lambda: r8_tv_variance),
    Wrong("09.two_views", "view b noise from np.random", lambda: r8_tv_numpy),
]

RIGHT_8 = [
    Right("09.per_example_grads", "out_axes=-1", lambda: r8_peg_right_last),
    Right("09.per_example_grads", "out_axes as a dict per leaf", lambda: r8_peg_right_dict_axes),
    Right(
        "09.per_example_grads", "vmap over xs.T, transpose w back", lambda: r8_peg_right_transpose
    ),
    Right("09.per_example_grads", "closure over params, moveaxis", lambda: r8_peg_right_tree_map),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right(
        "09.random_walk", "split each pass, draw from the new subkey", lambda: r8_walk_right_loop
    ),
    Right("09.random_walk", "split(key, steps), vmap normal, cumsum", lambda: r8_walk_right_vmap),
    Right("09.random_walk", "fold_in per step index, cumsum", lambda: r8_walk_right_fold),
    Right("09.random_walk", "loop over split(key, steps)", lambda: r8_walk_right_keys_list),
    Right("09.two_views", "split first, fold_in the id per view", lambda: r8_tv_right_split_first),
    Right("09.two_views", "one (2, D) draw per example", lambda: r8_tv_right_pair),
    Right("09.two_views", "vmap fold_in and split, then add", lambda: r8_tv_right_keys_first),
]
