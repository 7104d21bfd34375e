"""Round 18, lesson 09 (vmap and random keys): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# ---- 09.per_example_grads: per-example grads of log_loss, examples in columns -------


def r18_peg_rows(params, xs, ys):
    # maps axis 0 as in the lesson's first example, though xs is (D, N)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r18_peg_examples_first(params, xs, ys):
    # right axis in, but forgot out_axes: w comes back (N, D)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r18_peg_out_axes_1(params, xs, ys):
    # out_axes=1 for the whole dict: b's per-example gradient is a scalar
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r18_peg_mean_grad(params, xs, ys):
    # one gradient of the mean loss, not one per example
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r18_peg_grad_of_x(params, xs, ys):
    # argnums=1: the gradient with respect to the inputs
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r18_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r18_peg_sign(params, xs, ys):
    # worked the gradient by hand, with the sign of the residual flipped
    logit = params["w"] @ xs + params["b"]
    residual = ys - jax.nn.sigmoid(logit)
    return {"w": xs * residual, "b": residual}


def r18_peg_divided_by_n(params, xs, ys):
    # each example's loss divided by N, as if it were the batch mean
    n = xs.shape[1]
    g = jax.vmap(jax.grad(lambda p, x, y: log_loss(p, x, y) / n), in_axes=(None, 1, 0))(
        params, xs, ys
    )
    return {"w": g["w"].T, "b": g["b"]}


def r18_peg_ys_shared(params, xs, ys):
    # None for ys too: every example gets the whole label vector
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes=-1)(params, xs, ys)


def r18_peg_only_w(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return g["w"]


def r18_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r18_peg_b_as_row(params, xs, ys):
    # made b look like w: a (1, N) row
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": g["w"], "b": g["b"][None, :]}


def r18_peg_right_out_minus1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r18_peg_right_transpose_tree(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree_util.tree_map(jnp.transpose, g)


def r18_peg_right_out_dict(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r18_peg_right_moveaxis(params, xs, ys):
    grad_one = jax.grad(lambda p, x, y: log_loss(p, x, y))
    g = jax.vmap(grad_one, (None, 1, 0))(params, xs, ys)
    return {"b": g["b"], "w": jnp.moveaxis(g["w"], 0, -1)}


# ---- 09.split_keeps_key: which draws equal a, and why ------------------------------

# ---- 09.random_walk: a walk from a key, no key used twice ---------------------------


def r18_walk_same_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r18_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r18_walk_keeps_wrong_half(key, steps):
    # split, then drew from the key it keeps for the next split
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r18_walk_numpy(key, steps):
    steps_drawn = np.random.normal(size=steps)
    return jnp.cumsum(jnp.asarray(steps_drawn, dtype=jnp.float32))


def r18_walk_includes_start(key, steps):
    keys = jax.random.split(key, steps)
    draws = jax.vmap(jax.random.normal)(keys)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r18_walk_steps_not_positions(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.stack([jax.random.normal(k) for k in keys])


def r18_walk_split_not_kept(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        _, subkey = jax.random.split(key)  # key never moves on
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r18_walk_key_per_index(key, steps):
    # a fresh key from the step number, the given key unused
    return jnp.cumsum(jnp.stack([jax.random.normal(jax.random.key(i)) for i in range(steps)]))


def r18_walk_shifted(key, steps):
    keys = jax.random.split(key, steps)
    draws = jax.vmap(jax.random.normal)(keys)
    positions = jnp.cumsum(draws)
    return jnp.concatenate([jnp.zeros(1), positions[:-1]])


def r18_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r18_walk_rest_inverted(key, steps):
    # the bernoulli draw read as "moves", not "rests"
    position = 0.0
    path = []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        moves = jax.random.bernoulli(k_rest, 0.0)
        position = position + jnp.where(moves, 1.0 * jax.random.normal(k_step), 0.0)
        path.append(position)
    return jnp.stack(path)


def r18_walk_one_short(key, steps):
    position = 0.0
    path = []
    for _ in range(1, steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r18_walk_right_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys))


def r18_walk_right_three_way(key, steps):
    position = jnp.float32(0.0)
    path = []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        rests = jax.random.bernoulli(k_rest, 0.0)
        position = position + jnp.where(rests, 0.0, 1.0 * jax.random.normal(k_step))
        path.append(position)
    return jnp.stack(path)


def r18_walk_right_list_of_keys(key, steps):
    position = 0.0
    path = []
    for k in jax.random.split(key, steps):
        position += jax.random.normal(k)
        path.append(position)
    return jnp.array(path)


# ---- 09.two_views: two noisy views, noise following each example's id ---------------


def r18_views_row_keys(key, xs, ids):
    # one key per row, as in the lesson's add_noise batch
    key_a, key_b = jax.random.split(key)
    noise = lambda k, x: x + 0.1 * jax.random.normal(k, x.shape)  # noqa: E731 - as the learner wrote it
    view_a = jax.vmap(noise)(jax.random.split(key_a, xs.shape[0]), xs)
    view_b = jax.vmap(noise)(jax.random.split(key_b, xs.shape[0]), xs)
    return view_a, view_b


def r18_views_same_key_both(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r18_views_id_plus_one(key, xs, ids):
    def one(x, i):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)
        return a, b

    return jax.vmap(one)(xs, ids)


def r18_views_one_key_broadcast(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    noise = lambda k, x: x + 0.1 * jax.random.normal(k, x.shape)  # noqa: E731 - as the learner wrote it
    return jax.vmap(noise, in_axes=(None, 0))(key_a, xs), jax.vmap(noise, in_axes=(None, 0))(
        key_b, xs
    )


def r18_views_variance(key, xs, ids):
    # 0.1 read as the variance
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1**2 * jax.random.normal(ka, x.shape), x + 0.1**2 * jax.random.normal(
            kb, x.shape
        )

    return jax.vmap(one)(xs, ids)


def r18_views_whole_batch(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(key_a, xs.shape), xs + 0.1 * jax.random.normal(
        key_b, xs.shape
    )


def r18_views_numpy(key, xs, ids):
    def one(x, i):
        return x + 0.1 * np.random.normal(size=x.shape), x + 0.1 * np.random.normal(size=x.shape)

    return jax.vmap(one)(xs, ids)


def r18_views_stacked(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack(
            [x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)]
        )

    return jnp.moveaxis(jax.vmap(one)(xs, ids), 1, 0)


def r18_views_noise_only(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return 0.1 * jax.random.normal(ka, x.shape), 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r18_views_antithetic(key, xs, ids):
    # the second view mirrors the first one's noise
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r18_views_seed_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r18_views_uniform(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.uniform(ka, x.shape), x + 0.1 * jax.random.uniform(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r18_views_right_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noisy(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batch = jax.vmap(noisy, in_axes=(None, 0, 0))
    return batch(key_a, xs, ids), batch(key_b, xs, ids)


def r18_views_right_fold_then_split(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    view_a, view_b = jax.vmap(one)(xs, ids)
    return view_a, view_b


def r18_views_right_one_draw_of_two(key, xs, ids):
    d = xs.shape[1]
    noise = jax.vmap(lambda i: jax.random.normal(jax.random.fold_in(key, i), (2, d)))(ids)
    return xs + 0.1 * noise[:, 0], xs + 0.1 * noise[:, 1]


ROUND_18 = [
    Wrong(
        "09.per_example_grads",
        "mapped axis 0 of xs, as the first example did",
        lambda: r18_peg_rows,
    ),
    Wrong(
        "09.per_example_grads",
        "in_axes=1 but no out_axes: examples first",
        lambda: r18_peg_examples_first,
    ),
    Wrong(
        "09.per_example_grads", "out_axes=1 for the whole dict, b too", lambda: r18_peg_out_axes_1
    ),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient", lambda: r18_peg_mean_grad),
    Wrong(
        "09.per_example_grads", "argnums=1: gradient with respect to x", lambda: r18_peg_grad_of_x
    ),
    Wrong("09.per_example_grads", "Python loop over the columns", lambda: r18_peg_loop),
    Wrong(
        "09.per_example_grads", "hand-derived gradient, residual sign flipped", lambda: r18_peg_sign
    ),
    Wrong("09.per_example_grads", "each example's loss divided by N", lambda: r18_peg_divided_by_n),
    Wrong("09.per_example_grads", "in_axes None for ys as well", lambda: r18_peg_ys_shared),
    Wrong("09.per_example_grads", "returned only w's gradients", lambda: r18_peg_only_w),
    Wrong(
        "09.per_example_grads",
        "value_and_grad: returned (losses, grads)",
        lambda: r18_peg_value_and_grad,
    ),
    Wrong("09.per_example_grads", "b's gradients as a (1, N) row", lambda: r18_peg_b_as_row),
    Wrong("09.split_keeps_key", "typed A: split moves the key on like NumPy", lambda: "A"),
    Wrong("09.split_keeps_key", "typed B: jit caches numbers per key", lambda: "B"),
    Wrong("09.split_keeps_key", "typed D: jit baked the draw in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "typed E: jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "named the draws, not the letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "hedged between the two with b and d", lambda: "B or C"),
    Wrong("09.split_keeps_key", "typed both letters that say b and d", lambda: "BC"),
    Wrong("09.split_keeps_key", "typed the draw's name d, meaning d only", lambda: "d only"),
    Wrong("09.split_keeps_key", "left the placeholder ... in place", lambda: ...),
    Wrong("09.split_keeps_key", "named all three draws, as jit baked them", lambda: "b, c and d"),
    Wrong("09.random_walk", "the broken walk: one key every pass", lambda: r18_walk_same_key),
    Wrong("09.random_walk", "the half-fixed walk copied as it is", lambda: r18_walk_half_fixed),
    Wrong(
        "09.random_walk", "split, then drew from the key it kept", lambda: r18_walk_keeps_wrong_half
    ),
    Wrong("09.random_walk", "np.random.normal for the steps", lambda: r18_walk_numpy),
    Wrong(
        "09.random_walk",
        "path starts with the 0.0: steps + 1 long",
        lambda: r18_walk_includes_start,
    ),
    Wrong(
        "09.random_walk",
        "returned the steps, not the positions",
        lambda: r18_walk_steps_not_positions,
    ),
    Wrong(
        "09.random_walk",
        "split each pass but never kept the new key",
        lambda: r18_walk_split_not_kept,
    ),
    Wrong(
        "09.random_walk", "jax.random.key(i) per step, key unused", lambda: r18_walk_key_per_index
    ),
    Wrong(
        "09.random_walk", "positions shifted: before each step, not after", lambda: r18_walk_shifted
    ),
    Wrong("09.random_walk", "jax.random.uniform for the steps", lambda: r18_walk_uniform),
    Wrong(
        "09.random_walk", "bernoulli read as 'moves', not 'rests'", lambda: r18_walk_rest_inverted
    ),
    Wrong("09.random_walk", "range(1, steps): one step short", lambda: r18_walk_one_short),
    Wrong("09.two_views", "split(key, N): the noise follows the row", lambda: r18_views_row_keys),
    Wrong("09.two_views", "one fold_in key for both views", lambda: r18_views_same_key_both),
    Wrong("09.two_views", "view b from fold_in(key, id + 1)", lambda: r18_views_id_plus_one),
    Wrong(
        "09.two_views", "one key broadcast with in_axes None", lambda: r18_views_one_key_broadcast
    ),
    Wrong("09.two_views", "0.1 used as the variance: 0.01 scale", lambda: r18_views_variance),
    Wrong(
        "09.two_views", "normal(key, xs.shape) for the whole batch", lambda: r18_views_whole_batch
    ),
    Wrong("09.two_views", "np.random.normal inside the vmapped function", lambda: r18_views_numpy),
    Wrong("09.two_views", "returned one stacked (2, N, D) array", lambda: r18_views_stacked),
    Wrong("09.two_views", "returned the noise without xs", lambda: r18_views_noise_only),
    Wrong("09.two_views", "second view is x minus the first noise", lambda: r18_views_antithetic),
    Wrong(
        "09.two_views", "jax.random.key(id): the given key unused", lambda: r18_views_seed_from_id
    ),
    Wrong("09.two_views", "jax.random.uniform for the noise", lambda: r18_views_uniform),
]

RIGHT_18 = [
    Right(
        "09.per_example_grads",
        "out_axes=-1 puts the examples last",
        lambda: r18_peg_right_out_minus1,
    ),
    Right(
        "09.per_example_grads",
        "vmap over xs.T, then transpose every leaf",
        lambda: r18_peg_right_transpose_tree,
    ),
    Right(
        "09.per_example_grads",
        "out_axes as a dict {'w': 1, 'b': 0}",
        lambda: r18_peg_right_out_dict,
    ),
    Right(
        "09.per_example_grads",
        "positional in_axes, w moved with moveaxis",
        lambda: r18_peg_right_moveaxis,
    ),
    Right("09.split_keeps_key", "lower-case c with a space", lambda: " c"),
    Right("09.split_keeps_key", "C with a full stop", lambda: "C."),
    Right("09.split_keeps_key", "C with spaces around", lambda: " C "),
    Right(
        "09.random_walk", "split(key, steps), vmap normal, cumsum", lambda: r18_walk_right_vmap_keys
    ),
    Right(
        "09.random_walk",
        "three-way split each pass, with the bernoulli",
        lambda: r18_walk_right_three_way,
    ),
    Right("09.random_walk", "loop over the keys of one split", lambda: r18_walk_right_list_of_keys),
    Right(
        "09.two_views",
        "split into two keys, fold_in the id in each",
        lambda: r18_views_right_split_then_fold,
    ),
    Right(
        "09.two_views",
        "fold_in the id, then split for the two views",
        lambda: r18_views_right_fold_then_split,
    ),
    Right(
        "09.two_views",
        "one (2, D) draw per id, rows as the views",
        lambda: r18_views_right_one_draw_of_two,
    ),
]
