"""Round 16, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# ------------------------------------------------------- 09.per_example_grads


def r16_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r16_peg_no_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r16_peg_out_axes_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r16_peg_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r16_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r16_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r16_peg_w_only(params, xs, ys):
    def loss_w(w, x, y):
        return log_loss({"w": w, "b": params["b"]}, x, y)

    return {"w": jax.vmap(jax.grad(loss_w), in_axes=(None, 1, 0), out_axes=1)(params["w"], xs, ys)}


def r16_peg_reshape(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return {"w": grads["w"].reshape(xs.shape), "b": grads["b"]}


def r16_peg_over_n(params, xs, ys):
    n = xs.shape[1]

    def scaled(p, x, y):
        return log_loss(p, x, y) / n

    return jax.vmap(jax.grad(scaled), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r16_peg_tuple(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=(0,)), in_axes=(None, 1, 0), out_axes=-1)(
        params, xs, ys
    )


def r16_peg_transpose_x(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0), out_axes=-1)(params, xs.T, ys)
    return {"w": grads["w"], "b": grads["b"][::-1]}


def r16_peg_dict_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r16_peg_tree_transpose(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(lambda g: g.T, grads)


def r16_peg_jacrev(params, xs, ys):
    def losses(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)

    jac = jax.jacrev(losses)(params)
    return {"w": jnp.moveaxis(jac["w"], 0, -1), "b": jac["b"]}


# ------------------------------------------------------------ 09.random_walk


def r16_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r16_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r16_walk_draw_from_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r16_walk_first_from_key(key, steps):
    keys = jax.random.split(key, steps - 1)
    draws = jnp.concatenate([jax.random.normal(key, (1,)), jax.vmap(jax.random.normal)(keys)])
    return jnp.cumsum(draws)


def r16_walk_with_start(key, steps):
    keys = jax.random.split(key, steps)
    draws = jax.vmap(jax.random.normal)(keys)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r16_walk_before_step(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        path.append(position)
        position = position + jax.random.normal(subkey)
    return jnp.stack(path)


def r16_walk_increments(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)


def r16_walk_numpy(key, steps):
    rng = np.random.default_rng(int(jax.random.key_data(key).sum()))
    return jnp.asarray(np.cumsum(rng.normal(size=steps)), dtype=jnp.float32)


def r16_walk_keys0(key, steps):
    keys = jax.random.split(key, steps)
    position = 0.0
    path = []
    for i in range(steps):  # noqa: B007
        position = position + jax.random.normal(keys[0])
        path.append(position)
    return jnp.stack(path)


def r16_walk_fold_zero(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def r16_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r16_walk_page_six(key, steps):
    return jnp.cumsum(jax.random.normal(key, (6,)))[:steps]


def r16_walk_subkey_not_kept(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        subkey = jax.random.split(key)[1]
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r16_walk_rest_same_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        rests = jax.random.bernoulli(subkey, 0.0)
        position = position + jnp.where(rests, 0.0, 1.0 * jax.random.normal(subkey))
        path.append(position)
    return jnp.stack(path)


def r16_walk_broadcast_key(key, steps):
    draws = jax.vmap(jax.random.normal, in_axes=None, axis_size=steps)(key)
    return jnp.cumsum(draws)


def r16_walk_cumsum_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r16_walk_fold_in(key, steps):
    path = []
    position = jnp.float32(0.0)
    for i in range(steps):
        position += jax.random.normal(jax.random.fold_in(key, i))
        path.append(position)
    return jnp.array(path)


def r16_walk_rest_split3(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, rest_key, step_key = jax.random.split(key, 3)
        rests = jax.random.bernoulli(rest_key, 0.0)
        position = position + jnp.where(rests, 0.0, 1.0 * jax.random.normal(step_key))
        path.append(position)
    return jnp.stack(path)


def r16_walk_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k, ()))(keys), axis=0)


# -------------------------------------------------------------- 09.two_views


def _views_from(make_keys, scale=0.1):
    def two_views(key, xs, ids):
        def one(x, i):
            key_a, key_b = make_keys(key, i)
            return (
                x + scale * jax.random.normal(key_a, x.shape),
                x + scale * jax.random.normal(key_b, x.shape),
            )

        return jax.vmap(one)(xs, ids)

    return two_views


def r16_views_rows(key, xs, ids):
    keys = jax.random.split(key, xs.shape[0] * 2).reshape(2, xs.shape[0])
    noise_a = jax.vmap(lambda k, x: jax.random.normal(k, x.shape))(keys[0], xs)
    noise_b = jax.vmap(lambda k, x: jax.random.normal(k, x.shape))(keys[1], xs)
    return xs + 0.1 * noise_a, xs + 0.1 * noise_b


def r16_views_arange(key, xs, ids):
    return _views_from(lambda k, i: jax.random.split(jax.random.fold_in(k, i)))(
        key, xs, jnp.arange(xs.shape[0])
    )


r16_views_same = _views_from(lambda k, i: (jax.random.fold_in(k, i), jax.random.fold_in(k, i)))
r16_views_next_id = _views_from(
    lambda k, i: (jax.random.fold_in(k, i), jax.random.fold_in(k, i + 1))
)
r16_views_std1 = _views_from(lambda k, i: jax.random.split(jax.random.fold_in(k, i)), scale=1.0)
r16_views_variance = _views_from(
    lambda k, i: jax.random.split(jax.random.fold_in(k, i)), scale=0.1**0.5
)


def r16_views_scalar_noise(key, xs, ids):
    def one(x, i):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a), x + 0.1 * jax.random.normal(key_b)

    return jax.vmap(one)(xs, ids)


def r16_views_ignore_id(key, xs, ids):
    def one(k, x, i):
        key_a, key_b = jax.random.split(k)
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one, in_axes=(None, 0, 0))(key, xs, ids)


def r16_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r16_views_uniform(key, xs, ids):
    def one(x, i):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.uniform(key_a, x.shape, minval=-1.0), x + 0.1 * (
            jax.random.uniform(key_b, x.shape, minval=-1.0)
        )

    return jax.vmap(one)(xs, ids)


def r16_views_numpy(key, xs, ids):
    def one(x, i):
        return x + 0.1 * np.random.normal(size=x.shape), x + 0.1 * np.random.normal(size=x.shape)

    return jax.vmap(one)(xs, ids)


def r16_views_stacked(key, xs, ids):
    a, b = _views_from(lambda k, i: jax.random.split(jax.random.fold_in(k, i)))(key, xs, ids)
    return jnp.stack([a, b])


r16_views_split_after = _views_from(lambda k, i: jax.random.split(jax.random.fold_in(k, i)))
r16_views_even_odd = _views_from(
    lambda k, i: (jax.random.fold_in(k, 2 * i), jax.random.fold_in(k, 2 * i + 1))
)


def r16_views_split_first(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noise(k, x, i):
        return 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batched = jax.vmap(noise, in_axes=(None, 0, 0))
    return xs + batched(key_a, xs, ids), xs + batched(key_b, xs, ids)


def r16_views_one_draw(key, xs, ids):
    def both(x, i):
        return 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2, *x.shape))

    noise = jax.vmap(both)(xs, ids)
    return xs + noise[:, 0], xs + noise[:, 1]


ROUND_16 = [
    # 09.per_example_grads
    Wrong(
        "09.per_example_grads", "in_axes=(None, 0, 0) as on the page's rows", lambda: r16_peg_rows
    ),
    Wrong(
        "09.per_example_grads",
        "columns mapped, no out_axes: w comes (N, D)",
        lambda: r16_peg_no_out_axes,
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=1 copied from the page (b is scalar)",
        lambda: r16_peg_out_axes_1,
    ),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient", lambda: r16_peg_mean),
    Wrong("09.per_example_grads", "grad with respect to x (argnums=1)", lambda: r16_peg_wrt_x),
    Wrong("09.per_example_grads", "Python loop over columns, stacked", lambda: r16_peg_loop),
    Wrong("09.per_example_grads", "only w's gradients returned", lambda: r16_peg_w_only),
    Wrong(
        "09.per_example_grads",
        "w reshaped to xs.shape instead of transposed",
        lambda: r16_peg_reshape,
    ),
    Wrong("09.per_example_grads", "each example's loss divided by N", lambda: r16_peg_over_n),
    Wrong("09.per_example_grads", "argnums=(0,): a 1-tuple of the dict", lambda: r16_peg_tuple),
    Wrong(
        "09.per_example_grads",
        "b's gradients reversed after a transpose",
        lambda: r16_peg_transpose_x,
    ),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: draw baked in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "E: jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "format: lower case c", lambda: "c"),
    Wrong("09.split_keeps_key", "the draws named, not the letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "both letters for b and d", lambda: "BC"),
    Wrong("09.split_keeps_key", "format: option c", lambda: "option C"),
    # 09.random_walk
    Wrong("09.random_walk", "the page's broken walk, one key for all", lambda: r16_walk_broken),
    Wrong(
        "09.random_walk", "the page's half fix: key drawn then split", lambda: r16_walk_half_fixed
    ),
    Wrong("09.random_walk", "splits, then draws from the kept key", lambda: r16_walk_draw_from_key),
    Wrong(
        "09.random_walk", "first step from key, which is split too", lambda: r16_walk_first_from_key
    ),
    Wrong("09.random_walk", "start 0.0 included: steps + 1 positions", lambda: r16_walk_with_start),
    Wrong(
        "09.random_walk",
        "appends before stepping: starts at 0, last lost",
        lambda: r16_walk_before_step,
    ),
    Wrong(
        "09.random_walk", "returned the steps, not their running sum", lambda: r16_walk_increments
    ),
    Wrong("09.random_walk", "NumPy generator seeded from the key", lambda: r16_walk_numpy),
    Wrong("09.random_walk", "keys[0] in the loop instead of keys[i]", lambda: r16_walk_keys0),
    Wrong("09.random_walk", "fold_in(key, 0) on every pass", lambda: r16_walk_fold_zero),
    Wrong("09.random_walk", "uniform steps instead of normal", lambda: r16_walk_uniform),
    Wrong("09.random_walk", "page's 6 draws sliced to steps", lambda: r16_walk_page_six),
    Wrong(
        "09.random_walk",
        "split(key)[1] each pass, key never replaced",
        lambda: r16_walk_subkey_not_kept,
    ),
    Wrong("09.random_walk", "rest and step drawn from one subkey", lambda: r16_walk_rest_same_key),
    Wrong(
        "09.random_walk",
        "vmap with the key broadcast (in_axes=None)",
        lambda: r16_walk_broadcast_key,
    ),
    # 09.two_views
    Wrong("09.two_views", "split per row: noise follows the row", lambda: r16_views_rows),
    Wrong("09.two_views", "fold_in the row index arange(N), not ids", lambda: r16_views_arange),
    Wrong("09.two_views", "one folded key for both views", lambda: r16_views_same),
    Wrong("09.two_views", "view b from fold_in(key, id + 1)", lambda: r16_views_next_id),
    Wrong("09.two_views", "noise of standard deviation 1", lambda: r16_views_std1),
    Wrong("09.two_views", "0.1 taken as the variance", lambda: r16_views_variance),
    Wrong("09.two_views", "one scalar of noise per example", lambda: r16_views_scalar_noise),
    Wrong("09.two_views", "key broadcast, ids ignored", lambda: r16_views_ignore_id),
    Wrong("09.two_views", "view b is x minus view a's noise", lambda: r16_views_antithetic),
    Wrong("09.two_views", "uniform noise in [-0.1, 0.1]", lambda: r16_views_uniform),
    Wrong("09.two_views", "np.random inside vmap", lambda: r16_views_numpy),
    Wrong("09.two_views", "views stacked into one (2, N, D) array", lambda: r16_views_stacked),
]
RIGHT_16 = [
    Right(
        "09.per_example_grads", "out_axes as a dict {'w': 1, 'b': 0}", lambda: r16_peg_dict_out_axes
    ),
    Right(
        "09.per_example_grads",
        "rows via xs.T, every leaf transposed",
        lambda: r16_peg_tree_transpose,
    ),
    Right("09.per_example_grads", "jacrev of the vmapped losses, moveaxis", lambda: r16_peg_jacrev),
    Right("09.split_keeps_key", "C: split is deterministic, key traced", lambda: "C"),
    Right(
        "09.random_walk",
        "cumsum of one normal draw of shape (steps,)",
        lambda: r16_walk_cumsum_one_draw,
    ),
    Right("09.random_walk", "fold_in(key, i) per step in a loop", lambda: r16_walk_fold_in),
    Right(
        "09.random_walk", "split in three per pass, rest with p = 0", lambda: r16_walk_rest_split3
    ),
    Right("09.random_walk", "vmap normal over split keys, cumsum", lambda: r16_walk_vmap_keys),
    Right("09.two_views", "fold_in the id, split in two", lambda: r16_views_split_after),
    Right("09.two_views", "fold_in 2*id and 2*id + 1", lambda: r16_views_even_odd),
    Right("09.two_views", "split first, fold_in each view's key", lambda: r16_views_split_first),
    Right("09.two_views", "one draw of shape (2, D) per example", lambda: r16_views_one_draw),
]
