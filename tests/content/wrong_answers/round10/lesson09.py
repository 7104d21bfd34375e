"""Round 10, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# --- 09.per_example_grads ------------------------------------------------------------


def r10_peg_rows_in(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r10_peg_out_default(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r10_peg_out_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r10_peg_no_none(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes=-1)(params, xs, ys)


def r10_peg_argnums_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=-1)(
        params, xs, ys
    )


def r10_peg_batch_mean(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return jax.tree.map(lambda g: g.mean(axis=-1), grads)


def r10_peg_loop(params, xs, ys):
    gs = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in gs], axis=1), "b": jnp.stack([g["b"] for g in gs])}


def r10_peg_hand_sign(params, xs, ys):
    err = ys - jax.nn.sigmoid(params["w"] @ xs + params["b"])
    return jax.vmap(lambda x, e: {"w": x * e, "b": e}, in_axes=(1, 0), out_axes=-1)(xs, err)


def r10_peg_jacrev_untransposed(params, xs, ys):
    def losses(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)

    return jax.jacrev(losses)(params)


def r10_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r10_peg_dict_out_axes(params, xs, ys):
    """Right: out_axes as a dict matching the gradient's structure."""
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r10_peg_transpose_after(params, xs, ys):
    """Right: map the transposed batch by rows, then transpose every leaf."""
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(jnp.transpose, grads)


def r10_peg_jacrev(params, xs, ys):
    """Right: jacrev of the vmapped losses, examples moved last."""

    def losses(p):
        return jax.vmap(log_loss, in_axes=(None, -1, -1))(p, xs, ys)

    return jax.tree.map(lambda g: jnp.moveaxis(g, 0, -1), jax.jacrev(losses)(params))


# --- 09.random_walk ------------------------------------------------------------------


def r10_walk_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r10_walk_draw_from_carry(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(key)  # drew from key, not sub
        path.append(position)
    return jnp.stack(path)


def r10_walk_first_of_split(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key = jax.random.split(key)[0]
        position = position + jax.random.normal(key)  # then split again next pass
        path.append(position)
    return jnp.stack(path)


def r10_walk_also_original(key, steps):
    keys = jax.random.split(key, steps)
    first = jax.random.normal(key)  # the original key drawn as well
    rest = jax.vmap(jax.random.normal)(keys[1:])
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def r10_walk_with_start(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r10_walk_increments(key, steps):
    return jax.vmap(jax.random.normal)(jax.random.split(key, steps))


def r10_walk_uniform(key, steps):
    return jnp.cumsum(jax.vmap(jax.random.uniform)(jax.random.split(key, steps)))


def r10_walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def r10_walk_same_index(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jnp.stack([jax.random.normal(keys[0]) for _ in range(steps)]))


def r10_walk_fold_twice(key, steps):
    keys = [jax.random.fold_in(key, i // 2) for i in range(steps)]  # pairs share a key
    return jnp.cumsum(jnp.stack([jax.random.normal(k) for k in keys]))


def r10_walk_loop_sub(key, steps):
    """Right: the carried key is only split, each subkey drawn once."""
    position, path = jnp.float32(0.0), []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.asarray(path, dtype=jnp.float32).reshape(steps)


def r10_walk_one_draw(key, steps):
    """Right: one key, one draw of all steps at once, then a running sum."""
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r10_walk_indexed_keys(key, steps):
    """Right: split into steps+1 keys, the first thrown away, a for loop over the rest."""
    keys = jax.random.split(key, steps + 1)[1:]
    total, out = 0.0, []
    for k in keys:
        total += jax.random.normal(k)
        out.append(total)
    return jnp.array(out).reshape(steps)


# --- 09.two_views --------------------------------------------------------------------


def r10_views_by_row(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def r10_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_id_plus_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.fold_in(key, i), jax.random.fold_in(key, i + 1)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_std_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.01 * jax.random.normal(ka, x.shape), x + 0.01 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_seed_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r10_views_shared_noise(key, xs, ids):
    ka, kb = jax.random.split(key)
    d = xs.shape[1:]
    return xs + 0.1 * jax.random.normal(ka, d), xs + 0.1 * jax.random.normal(kb, d)


def r10_views_multiplicative(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return (
            x * (1 + 0.1 * jax.random.normal(ka, x.shape)),
            x * (1 + 0.1 * jax.random.normal(kb, x.shape)),
        )

    return jax.vmap(one)(xs, ids)


def r10_views_whole_batch(key, xs, ids):
    ka, kb = jax.random.split(key)
    return (xs + 0.1 * jax.random.normal(ka, xs.shape), xs + 0.1 * jax.random.normal(kb, xs.shape))


def r10_views_fold_then_split(key, xs, ids):
    """Right: a key per id with fold_in, split in two for the views."""

    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r10_views_even_odd(key, xs, ids):
    """Right: fold_in 2*id and 2*id + 1, one key per view."""

    def noise(i, x):
        return 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)

    a = jax.vmap(lambda x, i: x + noise(2 * i, x))(xs, ids)
    b = jax.vmap(lambda x, i: x + noise(2 * i + 1, x))(xs, ids)
    return a, b


def r10_views_split_first(key, xs, ids):
    """Right: split the key per view first, then fold in ids; a draw of shape (2, D)."""

    def one(x, i):
        both = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + both[0] * 0.1, x + both[1] * 0.1

    return tuple(jax.vmap(one, in_axes=(0, 0))(xs, ids))


ROUND_10 = [
    # 09.per_example_grads
    Wrong(
        "09.per_example_grads",
        "in_axes=(None, 0, 0): maps features, not columns",
        lambda: r10_peg_rows_in,
    ),
    Wrong(
        "09.per_example_grads",
        "columns mapped, but examples first in the result",
        lambda: r10_peg_out_default,
    ),
    Wrong("09.per_example_grads", "out_axes=1 for all: b has no axis 1", lambda: r10_peg_out_1),
    Wrong(
        "09.per_example_grads", "params mapped too (in_axes 0, not None)", lambda: r10_peg_no_none
    ),
    Wrong("09.per_example_grads", "grad with argnums=1: gradient wrt x", lambda: r10_peg_argnums_x),
    Wrong("09.per_example_grads", "averaged the per-example gradients", lambda: r10_peg_batch_mean),
    Wrong("09.per_example_grads", "a Python loop over the columns", lambda: r10_peg_loop),
    Wrong(
        "09.per_example_grads",
        "hand-derived gradient with the sign flipped",
        lambda: r10_peg_hand_sign,
    ),
    Wrong(
        "09.per_example_grads",
        "jacrev of the losses, w left as (N, D)",
        lambda: r10_peg_jacrev_untransposed,
    ),
    Wrong(
        "09.per_example_grads",
        "value_and_grad: returns (losses, grads)",
        lambda: r10_peg_value_and_grad,
    ),
    # 09.split_keeps_key: the answer is C
    Wrong("09.split_keeps_key", "A: split moves the key on like NumPy", lambda: "A"),
    Wrong("09.split_keeps_key", "B: jit caches the numbers per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: jit baked the draw in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "E: jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "the two letters with b and d", lambda: "B, C"),
    Wrong("09.split_keeps_key", "the variables' names instead of a letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "a tuple of the matching draws", lambda: ("b", "d")),
    Wrong("09.split_keeps_key", "answered which are NOT equal", lambda: "c"),
    # 09.random_walk
    Wrong("09.random_walk", "the page's half-fixed walk", lambda: r10_walk_half_fixed),
    Wrong(
        "09.random_walk",
        "splits to (key, sub) but draws from key",
        lambda: r10_walk_draw_from_carry,
    ),
    Wrong(
        "09.random_walk",
        "key = split(key)[0], drawn then split again",
        lambda: r10_walk_first_of_split,
    ),
    Wrong(
        "09.random_walk",
        "split into steps keys, also draws the original",
        lambda: r10_walk_also_original,
    ),
    Wrong(
        "09.random_walk", "path includes the start 0.0: steps+1 values", lambda: r10_walk_with_start
    ),
    Wrong("09.random_walk", "returns the increments, not positions", lambda: r10_walk_increments),
    Wrong("09.random_walk", "uniform steps instead of normal", lambda: r10_walk_uniform),
    Wrong("09.random_walk", "np.random.normal for the steps", lambda: r10_walk_numpy),
    Wrong("09.random_walk", "keys split but keys[0] drawn every pass", lambda: r10_walk_same_index),
    Wrong(
        "09.random_walk",
        "fold_in(key, i // 2): pairs of steps share a key",
        lambda: r10_walk_fold_twice,
    ),
    # 09.two_views
    Wrong(
        "09.two_views",
        "one key per row from split: noise follows the row",
        lambda: r10_views_by_row,
    ),
    Wrong("09.two_views", "same fold_in key for both views", lambda: r10_views_same_key),
    Wrong(
        "09.two_views",
        "views keyed id and id+1: overlap between examples",
        lambda: r10_views_id_plus_one,
    ),
    Wrong("09.two_views", "standard deviation 1 (forgot the 0.1)", lambda: r10_views_std_one),
    Wrong("09.two_views", "scaled by 0.01, variance for std", lambda: r10_views_variance),
    Wrong("09.two_views", "jax.random.key(id): ignores the key", lambda: r10_views_seed_from_id),
    Wrong("09.two_views", "view b is the mirrored noise of view a", lambda: r10_views_antithetic),
    Wrong(
        "09.two_views", "one noise row broadcast to every example", lambda: r10_views_shared_noise
    ),
    Wrong("09.two_views", "multiplicative noise x*(1+0.1 n)", lambda: r10_views_multiplicative),
    Wrong(
        "09.two_views",
        "noise for the whole batch, by row, not by id",
        lambda: r10_views_whole_batch,
    ),
]

RIGHT_10 = [
    Right(
        "09.per_example_grads", "out_axes as a dict {'w': 1, 'b': 0}", lambda: r10_peg_dict_out_axes
    ),
    Right(
        "09.per_example_grads",
        "vmap over xs.T, then transpose every leaf",
        lambda: r10_peg_transpose_after,
    ),
    Right(
        "09.per_example_grads",
        "jacrev of vmapped losses, examples moved last",
        lambda: r10_peg_jacrev,
    ),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right("09.random_walk", "loop: carry split, subkey drawn once", lambda: r10_walk_loop_sub),
    Right("09.random_walk", "one draw of shape (steps,), cumsum", lambda: r10_walk_one_draw),
    Right(
        "09.random_walk",
        "steps+1 keys, first discarded, Python loop",
        lambda: r10_walk_indexed_keys,
    ),
    Right("09.two_views", "fold_in per id, split for the views", lambda: r10_views_fold_then_split),
    Right("09.two_views", "fold_in 2*id and 2*id+1", lambda: r10_views_even_odd),
    Right("09.two_views", "one draw of shape (2, D) per id", lambda: r10_views_split_first),
]
