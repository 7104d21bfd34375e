"""Round 14, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ----------------------------------------------------- 09.per_example_grads


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def r14_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0), out_axes=-1)(params, xs, ys)


def r14_peg_default_out(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r14_peg_out_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r14_peg_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r14_peg_transposed_in(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r14_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return jax.tree.map(lambda *g: jnp.stack(g, axis=-1), *grads)


def r14_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r14_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r14_peg_scaled(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return jax.tree.map(lambda g: g / xs.shape[1], grads)  # "mean" per example


def r14_peg_sum_vmapped(params, xs, ys):
    def total(p):
        return jnp.sum(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    g = jax.grad(total)(params)
    return {"w": jnp.broadcast_to(g["w"][:, None], xs.shape), "b": jnp.full(ys.shape, g["b"])}


def r14_peg_ys_unmapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes=-1)(params, xs, ys)


def r14_peg_dict_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r14_peg_tree_transpose(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(lambda g: g.T, grads)  # (N, D) -> (D, N); (N,) stays


def r14_peg_negative_axes(params, xs, ys):
    per = jax.vmap(lambda x, y: jax.grad(log_loss)(params, x, y), in_axes=(-1, 0), out_axes=-1)
    return per(xs, ys)


# ------------------------------------------------------------ 09.random_walk


def r14_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r14_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r14_walk_draw_from_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(key)  # drew from the key kept for later
        path.append(position)
    return jnp.stack(path)


def r14_walk_start_zero(key, steps):
    keys = jax.random.split(key, steps)
    moves = jax.vmap(jax.random.normal)(keys)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(moves)[:-1]])  # from 0.0, one short


def r14_walk_increments(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)  # the steps, not the positions


def r14_walk_numpy(key, steps):
    rng = np.random.default_rng(0)
    return jnp.cumsum(jnp.asarray(rng.normal(size=steps), dtype=jnp.float32))


def r14_walk_split_then_draw_same(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key = jax.random.split(key)[0]
        position = position + jax.random.normal(key)  # drawn from, then split next pass
        path.append(position)
    return jnp.stack(path)


def r14_walk_bernoulli_same_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        rest = jax.random.bernoulli(sub, 0.0)
        position = position + jnp.where(rest, 0.0, jax.random.normal(sub))
        path.append(position)
    return jnp.stack(path)


def r14_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r14_walk_resplit_each_pass(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        keys = jax.random.split(key, steps)  # splits the same key on every pass
        position = position + jax.random.normal(keys[i])
        path.append(position)
    return jnp.stack(path)


def r14_walk_loop_stack(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.stack(path)  # steps = 0: nothing to stack


def r14_walk_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k))(keys))


def r14_walk_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r14_walk_loop_array(key, steps):
    position = jnp.float32(0.0)
    path = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


def r14_walk_bernoulli(key, steps):
    keys = jax.random.split(key, 2 * steps).reshape(steps, 2)
    rests = jax.vmap(lambda k: jax.random.bernoulli(k, 0.0))(keys[:, 0])
    moves = jax.vmap(jax.random.normal)(keys[:, 1])
    return jnp.cumsum(jnp.where(rests, 0.0, 1.0 * moves))


# ------------------------------------------------------------- 09.two_views


def r14_views_by_row(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def r14_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r14_views_id_plus_one(key, xs, ids):
    def one(x, i):
        ka = jax.random.fold_in(key, i)
        kb = jax.random.fold_in(key, i + 1)  # view b of id i is view a of id i + 1
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r14_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        scale = 0.1**2
        return (
            x + scale * jax.random.normal(ka, x.shape),
            x + scale * jax.random.normal(kb, x.shape),
        )

    return jax.vmap(one)(xs, ids)


def r14_views_shared_key(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one, in_axes=(None, 0))(key, xs)


def r14_views_scalar_noise(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka), x + 0.1 * jax.random.normal(kb)

    return jax.vmap(one)(xs, ids)


def r14_views_key_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))  # the key argument never used
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r14_views_arange(key, xs, ids):
    rows = jnp.arange(xs.shape[0])

    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, rows)  # fold_in with the row, not the id


def r14_views_loop(key, xs, ids):
    a, b = [], []
    for x, i in zip(xs, ids):  # noqa: B905
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        a.append(x + 0.1 * jax.random.normal(ka, x.shape))
        b.append(x + 0.1 * jax.random.normal(kb, x.shape))
    return jnp.stack(a), jnp.stack(b)


def r14_views_typo_ka(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(x, i):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(ka, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(ka, i), x.shape)  # ka twice
        return a, b

    return jax.vmap(one)(xs, ids)


def r14_views_split_then_fold(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(x, i):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(ka, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(kb, i), x.shape)
        return a, b

    return jax.vmap(one)(xs, ids)


def r14_views_two_rows(key, xs, ids):
    def one(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + 0.1 * noise[0], x + 0.1 * noise[1]

    return jax.vmap(one)(xs, ids)


def r14_views_list(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    pairs = jax.vmap(lambda k: jax.random.split(k, 2))(keys)
    draw = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return [draw(pairs[:, 0], xs), draw(pairs[:, 1], xs)]


ROUND_14 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0): rows as examples", lambda: r14_peg_rows),
    Wrong(
        "09.per_example_grads", "columns mapped, w comes out (N, D)", lambda: r14_peg_default_out
    ),
    Wrong("09.per_example_grads", "out_axes=1: fails for the scalar b", lambda: r14_peg_out_one),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient", lambda: r14_peg_mean),
    Wrong(
        "09.per_example_grads", "maps xs.T by rows, w stays (N, D)", lambda: r14_peg_transposed_in
    ),
    Wrong("09.per_example_grads", "list comprehension over columns", lambda: r14_peg_loop),
    Wrong("09.per_example_grads", "grad with argnums=1: gradient in x", lambda: r14_peg_wrt_x),
    Wrong(
        "09.per_example_grads",
        "value_and_grad: (losses, grads) tuple",
        lambda: r14_peg_value_and_grad,
    ),
    Wrong("09.per_example_grads", "divided each example's gradient by N", lambda: r14_peg_scaled),
    Wrong(
        "09.per_example_grads",
        "gradient of the sum broadcast to every column",
        lambda: r14_peg_sum_vmapped,
    ),
    Wrong("09.per_example_grads", "ys not mapped (in_axes None)", lambda: r14_peg_ys_unmapped),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: jit caches numbers per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: jit baked the draw in", lambda: "D"),
    Wrong("09.split_keeps_key", "E: jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "the draws, not a letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "both letters that say b and d", lambda: "B, C"),
    Wrong("09.split_keeps_key", "B with a trailing comment", lambda: "B # jit remembers k1"),
    # 09.random_walk
    Wrong("09.random_walk", "the page's broken walk", lambda: r14_walk_broken),
    Wrong("09.random_walk", "the page's half-fixed walk", lambda: r14_walk_half_fixed),
    Wrong(
        "09.random_walk",
        "draws from the key it keeps, not the subkey",
        lambda: r14_walk_draw_from_key,
    ),
    Wrong("09.random_walk", "starts the path at 0.0, drops the last", lambda: r14_walk_start_zero),
    Wrong("09.random_walk", "returns the steps, not the positions", lambda: r14_walk_increments),
    Wrong("09.random_walk", "NumPy generator, key ignored", lambda: r14_walk_numpy),
    Wrong(
        "09.random_walk",
        "key = split(key)[0], then draws from it",
        lambda: r14_walk_split_then_draw_same,
    ),
    Wrong(
        "09.random_walk",
        "bernoulli and normal from the same subkey",
        lambda: r14_walk_bernoulli_same_key,
    ),
    Wrong("09.random_walk", "uniform draws instead of normal", lambda: r14_walk_uniform),
    Wrong(
        "09.random_walk",
        "split(key, steps) again on every pass",
        lambda: r14_walk_resplit_each_pass,
    ),
    Wrong("09.random_walk", "loop and jnp.stack: steps = 0 fails", lambda: r14_walk_loop_stack),
    # 09.two_views
    Wrong("09.two_views", "one key per row from split: follows the row", lambda: r14_views_by_row),
    Wrong("09.two_views", "both views from the same folded key", lambda: r14_views_same_key),
    Wrong("09.two_views", "fold_in id and id + 1 for the two views", lambda: r14_views_id_plus_one),
    Wrong("09.two_views", "scaled by the variance 0.01", lambda: r14_views_variance),
    Wrong(
        "09.two_views", "one key broadcast: same noise every example", lambda: r14_views_shared_key
    ),
    Wrong("09.two_views", "one scalar draw per example and view", lambda: r14_views_scalar_noise),
    Wrong(
        "09.two_views", "jax.random.key(id), key argument ignored", lambda: r14_views_key_from_id
    ),
    Wrong("09.two_views", "fold_in with arange rows, not ids", lambda: r14_views_arange),
    Wrong("09.two_views", "Python loop over rows", lambda: r14_views_loop),
    Wrong("09.two_views", "typo: ka folded for both views", lambda: r14_views_typo_ka),
]
RIGHT_14 = [
    Right("09.per_example_grads", "out_axes as a dict per leaf", lambda: r14_peg_dict_out_axes),
    Right(
        "09.per_example_grads",
        "rows of xs.T, then tree.map transpose",
        lambda: r14_peg_tree_transpose,
    ),
    Right(
        "09.per_example_grads",
        "closure over params, in_axes -1, out -1",
        lambda: r14_peg_negative_axes,
    ),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right(
        "09.random_walk", "split into steps keys, vmap normal, cumsum", lambda: r14_walk_vmap_keys
    ),
    Right("09.random_walk", "one draw of shape (steps,), cumsum", lambda: r14_walk_one_draw),
    Right(
        "09.random_walk", "loop with split and jnp.array of the path", lambda: r14_walk_loop_array
    ),
    Right(
        "09.random_walk",
        "2*steps keys: bernoulli p=0.0 and normal each",
        lambda: r14_walk_bernoulli,
    ),
    Right(
        "09.two_views",
        "split key first, fold each half with the id",
        lambda: r14_views_split_then_fold,
    ),
    Right("09.two_views", "one draw of shape (2, D) per folded key", lambda: r14_views_two_rows),
    Right("09.two_views", "keys vmapped separately, returns a list", lambda: r14_views_list),
]
