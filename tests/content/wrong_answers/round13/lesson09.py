"""Round 13, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):  # the exercise's loss, copied from the page
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# --- 09.per_example_grads: xs (D, N), result {"w": (D, N), "b": (N,)} ----------------------


def r13_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r13_peg_no_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r13_peg_out_axes_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r13_peg_mean_grad(params, xs, ys):
    def mean(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean)(params)


def r13_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r13_peg_grad_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r13_peg_ys_broadcast(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes=-1)(params, xs, ys)


def r13_peg_double_transpose(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": g["w"].T, "b": g["b"]}  # transposed once too often


def r13_peg_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return g["w"], g["b"]


def r13_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r13_peg_out_axes_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r13_peg_out_axes_dict(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r13_peg_transpose_in(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(lambda a: jnp.moveaxis(a, 0, -1), g)


def r13_peg_minus_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, -1, -1), out_axes=-1)(params, xs, ys)


# --- 09.random_walk: random_walk(key, steps) ---------------------------------------------


def r13_walk_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r13_walk_broken(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r13_walk_draws_from_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(key)  # drew from key, not sub
        path.append(position)
    return jnp.stack(path)


def r13_walk_with_start(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])  # steps + 1 positions


def r13_walk_steps_only(key, steps):
    return jax.vmap(jax.random.normal)(jax.random.split(key, steps))  # no cumsum


def r13_walk_numpy_rng(key, steps):
    rng = np.random.default_rng(0)  # the key is ignored
    return jnp.asarray(np.cumsum(rng.normal(size=steps)), dtype=jnp.float32)


def r13_walk_drop_first(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps + 1,)))[1:]  # first step is two draws


def r13_walk_column(key, steps):
    draws = jax.vmap(lambda k: jax.random.normal(k, (1,)))(jax.random.split(key, steps))
    return jnp.cumsum(draws, axis=0)  # shape (steps, 1)


def r13_walk_scan_old_key(key, steps):
    def one(k, _):
        new_key, sub = jax.random.split(k)
        return k, jax.random.normal(sub)  # carries the old key on

    return jnp.cumsum(lax.scan(one, key, length=steps)[1])


def r13_walk_first_from_key(key, steps):
    first = jax.random.normal(key, (1,))
    rest = jax.vmap(jax.random.normal)(jax.random.split(key, steps - 1))
    return jnp.cumsum(jnp.concatenate([first, rest]))


def r13_walk_vmap_split(key, steps):
    draws = jax.vmap(lambda k: jax.random.normal(k))(jax.random.split(key, steps))
    return jnp.cumsum(draws)


def r13_walk_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r13_walk_loop_split(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.array(path, dtype=jnp.float32).reshape(steps)


def r13_walk_fold_in(key, steps):
    step_keys = jax.vmap(lambda i: jax.random.fold_in(key, i))(jnp.arange(steps))
    return jnp.cumsum(jax.vmap(jax.random.normal)(step_keys))


def r13_walk_scan(key, steps):
    def one(carry, _):
        k, position = carry
        k, sub = jax.random.split(k)
        position = position + jax.random.normal(sub)
        return (k, position), position

    return lax.scan(one, (key, 0.0), length=steps)[1]


# --- 09.two_views: two_views(key, xs, ids), std 0.1 -----------------------------------------


def r13_views_row_keys(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def r13_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r13_views_next_id(key, xs, ids):
    def one(x, i):
        a = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)  # = a of id i + 1
        return x + 0.1 * a, x + 0.1 * b

    return jax.vmap(one)(xs, ids)


def r13_views_no_ids(key, xs, ids):
    def one(x):
        a = jax.random.normal(jax.random.fold_in(key, 0), x.shape)
        b = jax.random.normal(jax.random.fold_in(key, 1), x.shape)
        return x + 0.1 * a, x + 0.1 * b

    return jax.vmap(one)(xs)


def r13_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        scale = jnp.sqrt(0.1)  # read 0.1 as the variance
        noise_a, noise_b = jax.random.normal(ka, x.shape), jax.random.normal(kb, x.shape)
        return x + scale * noise_a, x + scale * noise_b

    return jax.vmap(one)(xs, ids)


def r13_views_stacked(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack(
            [x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)]
        )

    return jnp.moveaxis(jax.vmap(one)(xs, ids), 1, 0)  # one array (2, N, D), not a tuple


def r13_views_row_index(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, jnp.arange(xs.shape[0]))


def r13_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r13_views_parent_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        ka, _ = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r13_views_uniform(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))

        def u(k):
            return jax.random.uniform(k, x.shape, minval=-0.1, maxval=0.1)

        return x + u(ka), x + u(kb)

    return jax.vmap(one)(xs, ids)


def r13_views_scalar_noise(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka), x + 0.1 * jax.random.normal(kb)  # shape ()

    return jax.vmap(one)(xs, ids)


def r13_views_key_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))  # the key argument ignored
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r13_views_fold_split(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r13_views_fold_twice(key, xs, ids):
    def view(x, i, v):
        k = jax.random.fold_in(jax.random.fold_in(key, i), v)
        return x + jax.random.normal(k, x.shape) * 0.1

    return tuple(jax.vmap(view, in_axes=(0, 0, None))(xs, ids, v) for v in (0, 1))


def r13_views_split_first(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noise(k, x, i):
        return 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batched = jax.vmap(noise, in_axes=(None, 0, 0))
    return xs + batched(key_a, xs, ids), xs + batched(key_b, xs, ids)


def r13_views_one_draw(key, xs, ids):
    def both(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + 0.1 * noise[0], x + 0.1 * noise[1]

    return jax.vmap(both)(xs, ids)


ROUND_13 = [
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0) on the (D, N) batch", lambda: r13_peg_rows),
    Wrong(
        "09.per_example_grads",
        "mapped columns, but no out_axes: w comes out (N, D)",
        lambda: r13_peg_no_out_axes,
    ),
    Wrong(
        "09.per_example_grads", "out_axes=1 for both: b has no axis 1", lambda: r13_peg_out_axes_one
    ),
    Wrong(
        "09.per_example_grads",
        "grad of the mean loss: one gradient for the batch",
        lambda: r13_peg_mean_grad,
    ),
    Wrong("09.per_example_grads", "Python loop over the columns", lambda: r13_peg_loop),
    Wrong("09.per_example_grads", "argnums=1: gradient with respect to x", lambda: r13_peg_grad_x),
    Wrong(
        "09.per_example_grads", "ys broadcast with None in in_axes", lambda: r13_peg_ys_broadcast
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=-1 and then w transposed again",
        lambda: r13_peg_double_transpose,
    ),
    Wrong("09.per_example_grads", "returned a tuple (w, b), not a dict", lambda: r13_peg_tuple),
    Wrong(
        "09.per_example_grads",
        "vmap of value_and_grad: (losses, grads)",
        lambda: r13_peg_value_and_grad,
    ),
    Wrong("09.split_keeps_key", "A: thought split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: thought jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: thought jit baked the draw in", lambda: "D"),
    Wrong("09.split_keeps_key", "E: thought jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "both letters for b and d", lambda: "BC"),
    Wrong("09.split_keeps_key", "the draws, 'b and d', not a letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "lower-case b", lambda: "b"),
    Wrong("09.split_keeps_key", "A) with a parenthesis", lambda: "A)"),
    Wrong("09.split_keeps_key", "the list of names ['b', 'd']", lambda: ["b", "d"]),
    Wrong("09.split_keeps_key", "'B, C' with a comma", lambda: "B, C"),
    Wrong(
        "09.random_walk",
        "copied the half-fixed walk: key drawn and split",
        lambda: r13_walk_half_fixed,
    ),
    Wrong(
        "09.random_walk", "copied the broken walk: same step every time", lambda: r13_walk_broken
    ),
    Wrong(
        "09.random_walk", "split into key, sub, then drew from key", lambda: r13_walk_draws_from_key
    ),
    Wrong(
        "09.random_walk",
        "0.0 included as the first position: steps + 1 values",
        lambda: r13_walk_with_start,
    ),
    Wrong("09.random_walk", "returned the steps, not the positions", lambda: r13_walk_steps_only),
    Wrong(
        "09.random_walk", "NumPy generator seeded with 0: key ignored", lambda: r13_walk_numpy_rng
    ),
    Wrong(
        "09.random_walk",
        "cumsum of steps + 1 draws, first position dropped",
        lambda: r13_walk_drop_first,
    ),
    Wrong(
        "09.random_walk", "draws of shape (1,): walk of shape (steps, 1)", lambda: r13_walk_column
    ),
    Wrong(
        "09.random_walk",
        "scan returns the old key as carry: same subkey each step",
        lambda: r13_walk_scan_old_key,
    ),
    Wrong(
        "09.random_walk",
        "first step drawn from key, which is also split",
        lambda: r13_walk_first_from_key,
    ),
    Wrong(
        "09.two_views",
        "split(key, N): noise follows the row, not the id",
        lambda: r13_views_row_keys,
    ),
    Wrong(
        "09.two_views", "one folded key for both views: identical views", lambda: r13_views_same_key
    ),
    Wrong(
        "09.two_views",
        "view b from fold_in(key, id + 1): next id's view a",
        lambda: r13_views_next_id,
    ),
    Wrong(
        "09.two_views",
        "views from fold_in(key, 0/1): same noise for all rows",
        lambda: r13_views_no_ids,
    ),
    Wrong("09.two_views", "scale sqrt(0.1): read 0.1 as the variance", lambda: r13_views_variance),
    Wrong(
        "09.two_views", "folded in the row index arange(N), not ids", lambda: r13_views_row_index
    ),
    Wrong("09.two_views", "view b = x - the same noise", lambda: r13_views_antithetic),
    Wrong(
        "09.two_views",
        "view b drawn from the key that was also split",
        lambda: r13_views_parent_key,
    ),
    Wrong("09.two_views", "uniform noise in [-0.1, 0.1]", lambda: r13_views_uniform),
    Wrong(
        "09.two_views", "normal of shape (): one number per example", lambda: r13_views_scalar_noise
    ),
    Wrong(
        "09.two_views", "jax.random.key(id): key argument ignored", lambda: r13_views_key_from_id
    ),
]

RIGHT_13 = [
    Right("09.per_example_grads", "out_axes=-1", lambda: r13_peg_out_axes_last),
    Right(
        "09.per_example_grads", "out_axes as a dict {'w': 1, 'b': 0}", lambda: r13_peg_out_axes_dict
    ),
    Right(
        "09.per_example_grads",
        "vmap over xs.T, moveaxis 0 to -1 on every leaf",
        lambda: r13_peg_transpose_in,
    ),
    Right("09.per_example_grads", "in_axes=(None, -1, -1), out_axes=-1", lambda: r13_peg_minus_one),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right("09.split_keeps_key", "lower-case c", lambda: "c"),
    Right("09.split_keeps_key", "C) with a parenthesis", lambda: "C)"),
    Right("09.random_walk", "split(key, steps), vmap normal, cumsum", lambda: r13_walk_vmap_split),
    Right("09.random_walk", "one draw of shape (steps,), cumsum", lambda: r13_walk_one_draw),
    Right(
        "09.random_walk", "loop: split into key, sub; draw from sub", lambda: r13_walk_loop_split
    ),
    Right("09.random_walk", "fold_in(key, i) per step", lambda: r13_walk_fold_in),
    Right("09.random_walk", "lax.scan carrying (key, position)", lambda: r13_walk_scan),
    Right(
        "09.two_views", "fold_in(key, id), split into the two views", lambda: r13_views_fold_split
    ),
    Right(
        "09.two_views",
        "fold_in id, then fold_in view number, tuple of vmaps",
        lambda: r13_views_fold_twice,
    ),
    Right(
        "09.two_views", "split key per view first, then fold_in id", lambda: r13_views_split_first
    ),
    Right("09.two_views", "one draw of shape (2, D) per example", lambda: r13_views_one_draw),
]
