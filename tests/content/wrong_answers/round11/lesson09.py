"""Round 11, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# --- 09.per_example_grads ----------------------------------------------------------------


def r11_peg_rows_out(params, xs, ys):
    # columns mapped in, but the examples come out first: w is (N, D)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r11_peg_transposed_in(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r11_peg_divided_by_n(params, xs, ys):
    n = xs.shape[1]
    g = jax.vmap(
        jax.grad(lambda p, x, y: log_loss(p, x, y) / n), in_axes=(None, 1, 0), out_axes=-1
    )(params, xs, ys)
    return g


def r11_peg_manual_sign(params, xs, ys):
    def one(params, x, y):
        err = y - jax.nn.sigmoid(jnp.dot(params["w"], x) + params["b"])
        return {"w": err * x, "b": err}

    return jax.vmap(one, in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r11_peg_manual_b_no_y(params, xs, ys):
    def one(params, x, y):
        s = jax.nn.sigmoid(jnp.dot(params["w"], x) + params["b"])
        return {"w": (s - y) * x, "b": s}

    return jax.vmap(one, in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r11_peg_batch_grad_tiled(params, xs, ys):
    # the batch gradient, repeated for every example
    g = jax.grad(lambda p: jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)))(params)
    n = xs.shape[1]
    return {"w": jnp.tile(g["w"][:, None], (1, n)), "b": jnp.full((n,), g["b"])}


def r11_peg_grad_x(params, xs, ys):
    # differentiated with respect to the example instead of the parameters
    gx = jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)
    gb = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)["b"]
    return {"w": gx, "b": gb}


def r11_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r11_peg_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return g["w"], g["b"]


def r11_peg_ys_broadcast(params, xs, ys):
    # ys given in_axes None: every example sees all labels, summed by the loss
    def one(params, x):
        return jnp.sum(log_loss(params, x, ys))

    return jax.vmap(jax.grad(one), in_axes=(None, 1), out_axes=-1)(params, xs)


def r11_peg_sum_w_over_features(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": g["w"], "b": g["w"].sum(axis=0)}


def r11_peg_out_neg1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r11_peg_neg_axes(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, -1, -1))(params, xs, ys)
    return {"w": g["w"].T, "b": g["b"]}


def r11_peg_out_dict(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0), out_axes={"w": 1, "b": 0})(
        params, jnp.transpose(xs), ys
    )


def r11_peg_jacrev(params, xs, ys):
    def losses(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)

    jac = jax.jacrev(losses)(params)
    return {"w": jac["w"].T, "b": jac["b"]}


# --- 09.random_walk ----------------------------------------------------------------------


def r11_rw_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r11_rw_draw_then_split_same(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(key)  # drew from the key it keeps
        path.append(position)
        key = sub
    return jnp.stack(path)


def r11_rw_with_start(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r11_rw_before_step(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.cumsum(draws) - draws  # the position before each step


def r11_rw_steps_not_positions(key, steps):
    return jax.vmap(jax.random.normal)(jax.random.split(key, steps))


def r11_rw_resplit_each_pass(key, steps):
    position, path = 0.0, []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.split(key, steps)[i])
        path.append(position)
    return jnp.stack(path)


def r11_rw_drawn_key_kept(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        k1, _ = jax.random.split(key)
        position = position + jax.random.normal(k1)
        key = k1  # split next pass from the key just drawn from
        path.append(position)
    return jnp.stack(path)


def r11_rw_fold_in_zero(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def r11_rw_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def r11_rw_fixed_seed(key, steps):
    keys = jax.random.split(jax.random.key(0), steps)
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys))


def r11_rw_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r11_rw_first_from_key(key, steps):
    # the first step drawn from key itself, the others from its split
    first = jax.random.normal(key)
    rest = jax.vmap(jax.random.normal)(jax.random.split(key, steps - 1))
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def r11_rw_vmap_split(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.cumsum(draws)


def r11_rw_loop_subkey(key, steps):
    position, path = jnp.float32(0.0), []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position += jax.random.normal(subkey)
        path.append(position)
    return jnp.array(path)


def r11_rw_fold_in(key, steps):
    steps_drawn = [jax.random.normal(jax.random.fold_in(key, i)) for i in range(steps)]
    return jnp.cumsum(jnp.stack(steps_drawn))


def r11_rw_scan(key, steps):
    def one(position, k):
        position = position + jax.random.normal(k)
        return position, position

    return lax.scan(one, 0.0, jax.random.split(key, steps))[1]


# --- 09.two_views ------------------------------------------------------------------------


def _noise(k, x, scale=0.1):
    return scale * jax.random.normal(k, x.shape)


def r11_tv_by_row(key, xs, ids):
    ka, kb = jax.random.split(key)
    keys_a, keys_b = jax.random.split(ka, xs.shape[0]), jax.random.split(kb, xs.shape[0])
    return (
        jax.vmap(lambda k, x: x + _noise(k, x))(keys_a, xs),
        jax.vmap(lambda k, x: x + _noise(k, x))(keys_b, xs),
    )


def r11_tv_same_views(key, xs, ids):
    def one(x, i):
        return x + _noise(jax.random.fold_in(key, i), x)

    view = jax.vmap(one)(xs, ids)
    return view, view


def r11_tv_id_plus_one(key, xs, ids):
    def one(x, i):
        return (
            x + _noise(jax.random.fold_in(key, i), x),
            x + _noise(jax.random.fold_in(key, i + 1), x),
        )

    return jax.vmap(one)(xs, ids)


def r11_tv_scalar_noise(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka), x + 0.1 * jax.random.normal(kb)

    return jax.vmap(one)(xs, ids)


def r11_tv_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        s = jnp.sqrt(0.1)  # 0.1 read as the variance
        return x + s * jax.random.normal(ka, x.shape), x + s * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r11_tv_antithetic(key, xs, ids):
    def one(x, i):
        n = _noise(jax.random.fold_in(key, i), x)
        return x + n, x - n

    return jax.vmap(one)(xs, ids)


def r11_tv_ignores_key(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + _noise(ka, x), x + _noise(kb, x)

    return jax.vmap(one)(xs, ids)


def r11_tv_one_key_for_all(key, xs, ids):
    ka, kb = jax.random.split(key)
    add = jax.vmap(lambda k, x: x + _noise(k, x), in_axes=(None, 0))
    return add(ka, xs), add(kb, xs)


def r11_tv_row_index(key, xs, ids):
    rows = jnp.arange(xs.shape[0])

    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + _noise(ka, x), x + _noise(kb, x)

    return jax.vmap(one)(xs, rows)


def r11_tv_stacked(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack([x + _noise(ka, x), x + _noise(kb, x)])

    return jnp.swapaxes(jax.vmap(one)(xs, ids), 0, 1)


def r11_tv_numpy_noise(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + _noise(k, x), x + 0.1 * np.random.normal(size=x.shape).astype(np.float32)

    return jax.vmap(one)(xs, ids)


def r11_tv_feature_fold(key, xs, ids):
    # folded in the id after the split, but view b folds in -id: ids 0 share a key
    ka, kb = jax.random.split(key)

    def one(x, i):
        return (x + _noise(jax.random.fold_in(ka, i), x), x + _noise(jax.random.fold_in(ka, -i), x))

    return jax.vmap(one)(xs, ids)


def r11_tv_split_then_fold(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(x, i):
        return x + _noise(jax.random.fold_in(ka, i), x), x + _noise(jax.random.fold_in(kb, i), x)

    return jax.vmap(one)(xs, ids)


def r11_tv_even_odd(key, xs, ids):
    def one(x, i):
        a = jax.random.fold_in(key, 2 * i)
        b = jax.random.fold_in(key, 2 * i + 1)
        return x + 0.1 * jax.random.normal(a, x.shape), x + 0.1 * jax.random.normal(b, x.shape)

    return jax.vmap(one)(xs, ids)


def r11_tv_one_draw_two_rows(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    noise = jax.vmap(lambda k: jax.random.normal(k, (2, xs.shape[1])))(keys) / 10
    return xs + noise[:, 0], xs + noise[:, 1]


ROUND_11 = [
    Wrong(
        "09.per_example_grads",
        "in_axes=(None, 1, 0) but no out_axes: w comes out (N, D)",
        lambda: r11_peg_rows_out,
    ),
    Wrong(
        "09.per_example_grads",
        "transposed xs and mapped rows, never transposed back",
        lambda: r11_peg_transposed_in,
    ),
    Wrong(
        "09.per_example_grads",
        "divided each example's loss by N, as in a mean",
        lambda: r11_peg_divided_by_n,
    ),
    Wrong(
        "09.per_example_grads",
        "hand-written gradient with the sign flipped: y - sigmoid",
        lambda: r11_peg_manual_sign,
    ),
    Wrong(
        "09.per_example_grads",
        "hand-written gradient, b's forgot the - y",
        lambda: r11_peg_manual_b_no_y,
    ),
    Wrong(
        "09.per_example_grads",
        "the batch gradient tiled over the examples",
        lambda: r11_peg_batch_grad_tiled,
    ),
    Wrong(
        "09.per_example_grads",
        "w's entry is the gradient with respect to x",
        lambda: r11_peg_grad_x,
    ),
    Wrong("09.per_example_grads", "Python loop over the columns, stacked", lambda: r11_peg_loop),
    Wrong(
        "09.per_example_grads", "returned a tuple (w, b) instead of the dict", lambda: r11_peg_tuple
    ),
    Wrong(
        "09.per_example_grads",
        "ys broadcast with None: each example sees all labels",
        lambda: r11_peg_ys_broadcast,
    ),
    Wrong(
        "09.per_example_grads",
        "b's entry summed from w's gradient",
        lambda: r11_peg_sum_w_over_features,
    ),
    Wrong("09.split_keeps_key", "A: split moves the key on, as NumPy's generator", lambda: "A"),
    Wrong("09.split_keeps_key", "B: jit caches the draw per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: jit baked the draw in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "E: jit gives other numbers than eager", lambda: "E"),
    Wrong("09.split_keeps_key", "lower-case c", lambda: "c"),
    Wrong(
        "09.split_keeps_key",
        "the letter with its reason pasted after it",
        lambda: "C: split computes its keys from key alone",
    ),
    Wrong("09.split_keeps_key", "both letters of b and d: B and C", lambda: "BC"),
    Wrong("09.split_keeps_key", "the draws' names instead of a letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "a list of the letter", lambda: ["C"]),
    Wrong("09.random_walk", "the page's half-fixed walk, unchanged", lambda: r11_rw_half_fixed),
    Wrong(
        "09.random_walk",
        "split, then drew from the key it goes on splitting",
        lambda: r11_rw_draw_then_split_same,
    ),
    Wrong(
        "09.random_walk", "included the start 0.0: steps + 1 positions", lambda: r11_rw_with_start
    ),
    Wrong("09.random_walk", "the position before each step, not after", lambda: r11_rw_before_step),
    Wrong(
        "09.random_walk",
        "returned the steps, forgot the cumsum",
        lambda: r11_rw_steps_not_positions,
    ),
    Wrong(
        "09.random_walk",
        "split(key, steps) again on every pass: same numbers, key reused",
        lambda: r11_rw_resplit_each_pass,
    ),
    Wrong(
        "09.random_walk", "drew from k1 and split k1 again next pass", lambda: r11_rw_drawn_key_kept
    ),
    Wrong(
        "09.random_walk",
        "fold_in(key, 0) on every pass: the same step",
        lambda: r11_rw_fold_in_zero,
    ),
    Wrong("09.random_walk", "np.random.normal, no key at all", lambda: r11_rw_numpy),
    Wrong(
        "09.random_walk", "made its own key(0), ignoring the argument", lambda: r11_rw_fixed_seed
    ),
    Wrong("09.random_walk", "jax.random.uniform steps instead of normal", lambda: r11_rw_uniform),
    Wrong(
        "09.random_walk",
        "first step from key itself, the rest from its split",
        lambda: r11_rw_first_from_key,
    ),
    Wrong("09.two_views", "keys split by row: the noise stays with the row", lambda: r11_tv_by_row),
    Wrong(
        "09.two_views",
        "one key per id for both views: the views are equal",
        lambda: r11_tv_same_views,
    ),
    Wrong(
        "09.two_views",
        "view b folds in id + 1: it is the next example's view a",
        lambda: r11_tv_id_plus_one,
    ),
    Wrong(
        "09.two_views",
        "one scalar of noise per example, for all features",
        lambda: r11_tv_scalar_noise,
    ),
    Wrong("09.two_views", "0.1 read as the variance: sqrt(0.1) * normal", lambda: r11_tv_variance),
    Wrong("09.two_views", "view b is x minus view a's noise", lambda: r11_tv_antithetic),
    Wrong(
        "09.two_views", "jax.random.key(id), without the key argument", lambda: r11_tv_ignores_key
    ),
    Wrong(
        "09.two_views",
        "one key broadcast with in_axes None: same noise every row",
        lambda: r11_tv_one_key_for_all,
    ),
    Wrong(
        "09.two_views", "folded in the row number arange(N), not the id", lambda: r11_tv_row_index
    ),
    Wrong("09.two_views", "view b's noise from np.random inside vmap", lambda: r11_tv_numpy_noise),
    Wrong(
        "09.two_views",
        "view b folds in -id: id 0 gets the same noise twice",
        lambda: r11_tv_feature_fold,
    ),
]
RIGHT_11 = [
    Right("09.per_example_grads", "out_axes=-1 for both entries", lambda: r11_peg_out_neg1),
    Right(
        "09.per_example_grads",
        "in_axes=(None, -1, -1), then w transposed",
        lambda: r11_peg_neg_axes,
    ),
    Right(
        "09.per_example_grads",
        "rows of xs.T, out_axes a dict {w: 1, b: 0}",
        lambda: r11_peg_out_dict,
    ),
    Right(
        "09.per_example_grads", "jacrev of the vmapped losses, w transposed", lambda: r11_peg_jacrev
    ),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right(
        "09.random_walk", "vmap normal over split(key, steps), cumsum", lambda: r11_rw_vmap_split
    ),
    Right("09.random_walk", "loop: key, subkey = split(key), += draw", lambda: r11_rw_loop_subkey),
    Right(
        "09.random_walk", "fold_in(key, i) per step, as the lesson advises", lambda: r11_rw_fold_in
    ),
    Right("09.random_walk", "lax.scan over split keys", lambda: r11_rw_scan),
    Right(
        "09.two_views",
        "split into two keys, each folded with the id",
        lambda: r11_tv_split_then_fold,
    ),
    Right("09.two_views", "fold_in 2*id and 2*id + 1", lambda: r11_tv_even_odd),
    Right(
        "09.two_views", "one stacked (2, N, D) array: unpacks as the pair", lambda: r11_tv_stacked
    ),
    Right(
        "09.two_views",
        "one (2, D) draw per id key, /10, rows as views",
        lambda: r11_tv_one_draw_two_rows,
    ),
]
