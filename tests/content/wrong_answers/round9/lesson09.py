"""Round 9, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# --- 09.per_example_grads ------------------------------------------------------------------


def r9_peg_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r9_peg_transpose_in(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": g["w"].T, "b": g["b"]}


def r9_peg_dict_out_axes(params, xs, ys):
    f = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})
    return f(params, xs, ys)


def r9_peg_rows_out(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r9_peg_axis0(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0), out_axes=1)(params, xs, ys)


def r9_peg_loop(params, xs, ys):
    gs = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in gs], axis=1), "b": jnp.stack([g["b"] for g in gs])}


def r9_peg_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r9_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r9_peg_grad_of_vmap(params, xs, ys):
    batched = jax.vmap(log_loss, in_axes=(None, 1, 0))
    return jax.grad(lambda p: jnp.sum(batched(p, xs, ys)))(params)


def r9_peg_params_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes=1)(params, xs, ys)


def r9_peg_jacrev(params, xs, ys):
    def batch_losses(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)

    j = jax.jacrev(batch_losses)(params)  # {"w": (N, D), "b": (N,)}
    return {"w": j["w"].T, "b": j["b"]}


def r9_peg_w_transposed_twice(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return {"w": g["w"].reshape(xs.shape), "b": g["b"]}


# --- 09.random_walk -----------------------------------------------------------------------


def r9_walk_split_all(key, steps):
    keys = jax.random.split(key, steps)
    draws = jax.vmap(jax.random.normal)(keys)
    return jnp.cumsum(draws)


def r9_walk_carry(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.stack(path)


def r9_walk_fold_in(key, steps):
    return jnp.cumsum(
        jnp.stack([jax.random.normal(jax.random.fold_in(key, i)) for i in range(steps)])
    )


def r9_walk_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r9_walk_same_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r9_walk_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r9_walk_split_reuse_parent(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        _, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.stack(path)


def r9_walk_starts_at_zero(key, steps):
    keys = jax.random.split(key, steps)
    draws = jnp.stack([jax.random.normal(k) for k in keys])
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])[:steps]


def r9_walk_steps_not_positions(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.stack([jax.random.normal(k) for k in keys])


def r9_walk_key_and_sub_both_drawn(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
        position = position + 0.0 * jax.random.normal(key)  # "check" the new key works
    return jnp.stack(path)


def r9_walk_split_then_draw_parent(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        new_key, _ = jax.random.split(key)
        position = position + jax.random.normal(key)
        key = new_key
        path.append(position)
    return jnp.stack(path)


def r9_walk_numpy_seed(key, steps):
    import numpy as np

    rng = np.random.default_rng(int(jax.random.key_data(key)[-1]))
    return jnp.cumsum(jnp.asarray(rng.normal(size=steps), dtype=jnp.float32))


def r9_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


# --- 09.two_views ------------------------------------------------------------------------


def r9_views_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def one(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    view = jax.vmap(one, in_axes=(None, 0, 0))
    return view(key_a, xs, ids), view(key_b, xs, ids)


def r9_views_split_per_example(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return (x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape))

    return jax.vmap(one)(xs, ids)


def r9_views_stacked(key, xs, ids):
    def noise(i):
        return 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2,) + xs.shape[1:])

    n = jax.vmap(noise)(ids)
    return xs + n[:, 0], xs + n[:, 1]


def r9_views_row_keys(key, xs, ids):
    ka, kb = jax.random.split(key)
    add = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return add(jax.random.split(ka, xs.shape[0]), xs), add(jax.random.split(kb, xs.shape[0]), xs)


def r9_views_same_key_both(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape)

    v = jax.vmap(one)(xs, ids)
    return v, v


def r9_views_broadcast_key(key, xs, ids):
    ka, kb = jax.random.split(key)
    add = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape), in_axes=(None, 0))
    return add(ka, xs), add(kb, xs)


def r9_views_fold_then_view_index(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return (
            x + 0.1 * jax.random.normal(jax.random.fold_in(k, 0), x.shape),
            x + 0.1 * jax.random.normal(jax.random.fold_in(k, 1), x.shape),
        )

    return jax.vmap(one)(xs, ids)


def r9_views_id_plus_one(key, xs, ids):
    def one(x, i):
        return (
            x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape),
            x + 0.1 * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape),
        )

    return jax.vmap(one)(xs, ids)


def r9_views_std_one(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(k, x, i):
        return x + jax.random.normal(jax.random.fold_in(k, i), x.shape)

    view = jax.vmap(one, in_axes=(None, 0, 0))
    return view(ka, xs, ids), view(kb, xs, ids)


def r9_views_variance(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(k, x, i):
        return x + 0.01 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    view = jax.vmap(one, in_axes=(None, 0, 0))
    return view(ka, xs, ids), view(kb, xs, ids)


def r9_views_scalar_noise(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i))

    view = jax.vmap(one, in_axes=(None, 0, 0))
    return view(ka, xs, ids), view(kb, xs, ids)


def r9_views_index_keys(key, xs, ids):
    ka, kb = jax.random.split(key)
    add = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    keys_a = jax.random.split(ka, xs.shape[0])[ids]
    keys_b = jax.random.split(kb, xs.shape[0])[ids]
    return add(keys_a, xs), add(keys_b, xs)


def r9_views_noise_only(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(k, x, i):
        return 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    view = jax.vmap(one, in_axes=(None, 0, 0))
    return view(ka, xs, ids), view(kb, xs, ids)


def r9_views_one_draw_split(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape)

    va = jax.vmap(one)(xs, ids)
    vb = jax.vmap(one)(xs, ids + xs.shape[0])
    return va, vb


ROUND_9 = [
    Wrong(
        "09.per_example_grads", "vmapped over rows (axis 0) of a (D, N) batch", lambda: r9_peg_axis0
    ),
    Wrong(
        "09.per_example_grads", "mapped columns but left examples first", lambda: r9_peg_rows_out
    ),
    Wrong("09.per_example_grads", "Python loop over columns, stacked", lambda: r9_peg_loop),
    Wrong(
        "09.per_example_grads", "gradient of the mean loss: one for the batch", lambda: r9_peg_mean
    ),
    Wrong("09.per_example_grads", "grad with respect to x (argnums=1)", lambda: r9_peg_wrt_x),
    Wrong("09.per_example_grads", "grad of the summed vmapped loss", lambda: r9_peg_grad_of_vmap),
    Wrong(
        "09.per_example_grads",
        "in_axes 0 for params too (mapped over the dict)",
        lambda: r9_peg_params_mapped,
    ),
    Wrong(
        "09.per_example_grads",
        "reshape instead of transpose to (D, N)",
        lambda: r9_peg_w_transposed_twice,
    ),
    Wrong("09.split_keeps_key", "A: split thought to advance the key like NumPy", lambda: "A"),
    Wrong("09.split_keeps_key", "B: thought jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: took the np.random demo to apply to keys", lambda: "D"),
    Wrong("09.split_keeps_key", "E: thought jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "named the arrays instead of a letter", lambda: "b and d"),
    Wrong(
        "09.split_keeps_key", "B with the learner's caching reason", lambda: "B: jit remembers k1"
    ),
    Wrong("09.split_keeps_key", "both letters giving b and d", lambda: "BC"),
    Wrong("09.split_keeps_key", "A in lower case with a reason", lambda: "a, split moves key on"),
    Wrong("09.random_walk", "one draw of shape (steps,) from the key", lambda: r9_walk_one_draw),
    Wrong(
        "09.random_walk", "the page's broken walk: same key every pass", lambda: r9_walk_same_key
    ),
    Wrong("09.random_walk", "the page's half-fixed walk, kept as is", lambda: r9_walk_half_fixed),
    Wrong(
        "09.random_walk",
        "split the same parent each pass, never carried",
        lambda: r9_walk_split_reuse_parent,
    ),
    Wrong("09.random_walk", "path starts with the 0.0 position", lambda: r9_walk_starts_at_zero),
    Wrong(
        "09.random_walk",
        "returned the steps, not the positions",
        lambda: r9_walk_steps_not_positions,
    ),
    Wrong(
        "09.random_walk",
        "drew from the carried key as well as splitting it",
        lambda: r9_walk_key_and_sub_both_drawn,
    ),
    Wrong(
        "09.random_walk",
        "split first, but drew from the parent",
        lambda: r9_walk_split_then_draw_parent,
    ),
    Wrong("09.random_walk", "NumPy generator seeded from the key", lambda: r9_walk_numpy_seed),
    Wrong("09.random_walk", "uniform steps instead of normal", lambda: r9_walk_uniform),
    Wrong(
        "09.two_views",
        "one key per row: noise follows the row, not the id",
        lambda: r9_views_row_keys,
    ),
    Wrong("09.two_views", "the same noise in both views", lambda: r9_views_same_key_both),
    Wrong(
        "09.two_views",
        "one key broadcast: every example same noise",
        lambda: r9_views_broadcast_key,
    ),
    Wrong(
        "09.two_views",
        "view b keyed by id + 1: overlaps the next example",
        lambda: r9_views_id_plus_one,
    ),
    Wrong("09.two_views", "standard deviation 1, forgot the 0.1", lambda: r9_views_std_one),
    Wrong("09.two_views", "0.01 scale: took 0.1 as the variance", lambda: r9_views_variance),
    Wrong(
        "09.two_views", "one scalar draw per example, shape left out", lambda: r9_views_scalar_noise
    ),
    Wrong(
        "09.two_views", "table of N keys indexed by ids: depends on N", lambda: r9_views_index_keys
    ),
    Wrong("09.two_views", "returned the noise without xs", lambda: r9_views_noise_only),
    Wrong(
        "09.two_views",
        "view b keyed by ids + N: clashes across batches",
        lambda: r9_views_one_draw_split,
    ),
]

RIGHT_9 = [
    Right("09.per_example_grads", "in_axes 1 and out_axes=-1", lambda: r9_peg_out_axes),
    Right(
        "09.per_example_grads",
        "transpose in, vmap rows, transpose w out",
        lambda: r9_peg_transpose_in,
    ),
    Right("09.per_example_grads", "out_axes as a dict", lambda: r9_peg_dict_out_axes),
    Right("09.per_example_grads", "jacrev of the vmapped losses", lambda: r9_peg_jacrev),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right("09.split_keeps_key", "C with its reason", lambda: "C: split is a pure function of key"),
    Right("09.random_walk", "split into steps keys, vmap, cumsum", lambda: r9_walk_split_all),
    Right("09.random_walk", "carry key, split to key and sub each pass", lambda: r9_walk_carry),
    Right("09.random_walk", "fold_in the step index", lambda: r9_walk_fold_in),
    Right("09.two_views", "split for the views, fold_in the id", lambda: r9_views_fold),
    Right("09.two_views", "fold_in the id, split into two", lambda: r9_views_split_per_example),
    Right("09.two_views", "one draw of shape (2, D) per id", lambda: r9_views_stacked),
    Right(
        "09.two_views",
        "fold_in id, then fold_in the view index",
        lambda: r9_views_fold_then_view_index,
    ),
]
