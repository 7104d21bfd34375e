"""Round 15, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 09.per_example_grads


def log_loss(params, x, y):  # the exercise's loss, as the page defines it
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def r15_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r15_peg_no_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r15_peg_out_axes_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r15_peg_mean_grad(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r15_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r15_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return jax.tree.map(lambda *g: jnp.stack(g, axis=-1), *grads)


def r15_peg_sum_grad(params, xs, ys):
    def total(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys).sum()

    return jax.grad(total)(params)


def r15_peg_argnums_tuple(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=(0,)), in_axes=(None, 1, 0), out_axes=-1)(
        params, xs, ys
    )


def r15_peg_manual_sign(params, xs, ys):
    def one(x, y):
        p = jax.nn.sigmoid(jnp.dot(params["w"], x) + params["b"])
        return {"w": (y - p) * x, "b": y - p}

    return jax.vmap(one, in_axes=(1, 0), out_axes=-1)(xs, ys)


def r15_peg_w_only(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": grads["w"]}


def r15_peg_transpose(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return jax.tree.map(lambda g: g.T, grads)


def r15_peg_dict_out_axes(params, xs, ys):
    per = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})
    return per(params, xs, ys)


def r15_peg_jacrev(params, xs, ys):
    def losses(p):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)

    jac = jax.jacrev(losses)(params)
    return {"w": jnp.transpose(jac["w"]), "b": jac["b"]}


# ---------------------------------------------------------------- 09.random_walk


def r15_walk_half_fixed(key, steps):  # the page's half fix, as is
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r15_walk_draw_from_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)  # draws from the key it splits next
        path.append(position)
    return jnp.stack(path)


def r15_walk_starts_at_zero(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])[:steps]


def r15_walk_with_start(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r15_walk_first_from_key(key, steps):
    first = jax.random.normal(key)
    rest = jax.vmap(jax.random.normal)(jax.random.split(key, steps - 1))
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def r15_walk_final_only(key, steps):
    return jnp.sum(jax.vmap(jax.random.normal)(jax.random.split(key, steps)))


def r15_walk_rest_same_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        rests = jax.random.bernoulli(subkey, 0.0)
        step = jax.random.normal(subkey)  # the rest and the step share one key
        position = position + jnp.where(rests, 0.0, 1.0 * step)
        path.append(position)
    return jnp.stack(path)


def r15_walk_new_seed(key, steps):
    draws = jnp.stack([jax.random.normal(jax.random.key(i)) for i in range(steps)])
    return jnp.cumsum(draws)


def r15_walk_loop_stack(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)  # steps = 0: nothing to stack


def r15_walk_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


def r15_walk_fold_in(key, steps):
    draws = jax.vmap(lambda i: jax.random.normal(jax.random.fold_in(key, i)))(jnp.arange(steps))
    return jnp.cumsum(draws)


def r15_walk_rests(key, steps):
    keys = jax.random.split(key, (steps, 2))
    rests = jax.vmap(lambda k: jax.random.bernoulli(k, 0.0))(keys[:, 0])
    moves = jax.vmap(jax.random.normal)(keys[:, 1])
    return jnp.cumsum(jnp.where(rests, 0.0, 1.0 * moves))


def r15_walk_loop_zeros(key, steps):
    path = jnp.zeros(steps)
    position = 0.0
    for i in range(steps):
        subkey, key = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path = path.at[i].set(position)
    return path


# ---------------------------------------------------------------- 09.two_views


def r15_views_by_row(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def r15_views_same_key(key, xs, ids):
    def one(i, x):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(ids, xs)


def r15_views_antithetic(key, xs, ids):
    def one(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(ids, xs)


def r15_views_variance(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        scale = 0.1**2
        return x + scale * jax.random.normal(ka, x.shape), x + scale * jax.random.normal(
            kb, x.shape
        )

    return jax.vmap(one)(ids, xs)


def r15_views_id_plus_one(key, xs, ids):
    def one(i, x):
        a = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)  # = id + 1's view a
        return x + 0.1 * a, x + 0.1 * b

    return jax.vmap(one)(ids, xs)


def r15_views_scalar_noise(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka), x + 0.1 * jax.random.normal(kb)

    return jax.vmap(one)(ids, xs)


def r15_views_batch_shape(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, xs.shape), x + 0.1 * jax.random.normal(kb, xs.shape)

    return jax.vmap(one)(ids, xs)


def r15_views_row_index(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jnp.arange(xs.shape[0]), xs)


def r15_views_shared_keys(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(x):
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs)


def r15_views_whole_batch(key, xs, ids):
    ka, kb = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(ka, xs.shape), xs + 0.1 * jax.random.normal(kb, xs.shape)


def r15_views_split_first(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noise(k, i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    view_a = jax.vmap(noise, in_axes=(None, 0, 0))(key_a, ids, xs)
    view_b = jax.vmap(noise, in_axes=(None, 0, 0))(key_b, ids, xs)
    return view_a, view_b


def r15_views_even_odd(key, xs, ids):
    def one(i, x):
        a = jax.random.normal(jax.random.fold_in(key, 2 * i), x.shape)
        b = jax.random.normal(jax.random.fold_in(key, 2 * i + 1), x.shape)
        return x + a / 10, x + b / 10

    return jax.vmap(one)(ids, xs)


def r15_views_list(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i), 2)
        noise = jax.random.normal(ka, x.shape), jax.random.normal(kb, x.shape)
        return x + 0.1 * noise[0], x + 0.1 * noise[1]

    view_a, view_b = jax.vmap(one, in_axes=(0, 0))(ids, xs)
    return [view_a, view_b]


def r15_views_b_unscaled(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


ROUND_15 = [
    Wrong("09.per_example_grads", "in_axes 0 for xs: maps the features", lambda: r15_peg_rows),
    Wrong("09.per_example_grads", "no out_axes: w comes out (N, D)", lambda: r15_peg_no_out_axes),
    Wrong("09.per_example_grads", "out_axes=1 copied from the page", lambda: r15_peg_out_axes_1),
    Wrong("09.per_example_grads", "grad of the mean loss, one gradient", lambda: r15_peg_mean_grad),
    Wrong("09.per_example_grads", "argnums=1: gradients with respect to x", lambda: r15_peg_wrt_x),
    Wrong("09.per_example_grads", "Python loop over columns, stacked last", lambda: r15_peg_loop),
    Wrong("09.per_example_grads", "grad of the summed vmapped loss", lambda: r15_peg_sum_grad),
    Wrong(
        "09.per_example_grads",
        "argnums=(0,) wraps the dict in a tuple",
        lambda: r15_peg_argnums_tuple,
    ),
    Wrong(
        "09.per_example_grads", "hand-derived gradient, sign flipped", lambda: r15_peg_manual_sign
    ),
    Wrong("09.per_example_grads", "returns only w's gradients", lambda: r15_peg_w_only),
    Wrong("09.split_keeps_key", "A: split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: numbers compiled in as constants", lambda: "D"),
    Wrong("09.split_keeps_key", "E: jit draws other numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "the draws, not a letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "two letters with the same draws", lambda: "B, C"),
    Wrong("09.split_keeps_key", "B with a paren", lambda: "B)"),
    Wrong("09.split_keeps_key", "option a", lambda: "option a"),
    Wrong(
        "09.random_walk", "the page's half fix: key drawn and split", lambda: r15_walk_half_fixed
    ),
    Wrong(
        "09.random_walk", "splits, then draws from the key it keeps", lambda: r15_walk_draw_from_key
    ),
    Wrong("09.random_walk", "path starts with 0.0, last step cut", lambda: r15_walk_starts_at_zero),
    Wrong("09.random_walk", "steps + 1 positions, start included", lambda: r15_walk_with_start),
    Wrong("09.random_walk", "first step from key, then key split", lambda: r15_walk_first_from_key),
    Wrong("09.random_walk", "returns only the final position", lambda: r15_walk_final_only),
    Wrong("09.random_walk", "rest and step drawn from one subkey", lambda: r15_walk_rest_same_key),
    Wrong("09.random_walk", "jax.random.key(i) per step, key ignored", lambda: r15_walk_new_seed),
    Wrong(
        "09.random_walk", "split loop with jnp.stack: steps=0 fails", lambda: r15_walk_loop_stack
    ),
    Wrong("09.two_views", "split(key, N): noise follows the row", lambda: r15_views_by_row),
    Wrong("09.two_views", "one folded key for both views", lambda: r15_views_same_key),
    Wrong("09.two_views", "view b is x minus view a's noise", lambda: r15_views_antithetic),
    Wrong("09.two_views", "scaled by 0.1**2, the variance", lambda: r15_views_variance),
    Wrong(
        "09.two_views",
        "view b keyed by id + 1: next example's view a",
        lambda: r15_views_id_plus_one,
    ),
    Wrong("09.two_views", "one scalar draw per example and view", lambda: r15_views_scalar_noise),
    Wrong("09.two_views", "noise of xs.shape inside vmap", lambda: r15_views_batch_shape),
    Wrong("09.two_views", "fold_in with the row index, not the id", lambda: r15_views_row_index),
    Wrong("09.two_views", "two keys shared by every example", lambda: r15_views_shared_keys),
    Wrong("09.two_views", "one draw for the whole batch", lambda: r15_views_whole_batch),
    Wrong("09.two_views", "0.1 scale on view a only", lambda: r15_views_b_unscaled),
]

RIGHT_15 = [
    Right(
        "09.per_example_grads", "default out_axes, then .T on each leaf", lambda: r15_peg_transpose
    ),
    Right(
        "09.per_example_grads", "out_axes as a dict {'w': 1, 'b': 0}", lambda: r15_peg_dict_out_axes
    ),
    Right(
        "09.per_example_grads", "jacrev of the vmapped losses, w transposed", lambda: r15_peg_jacrev
    ),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right(
        "09.random_walk", "one draw of shape (steps,) from key, cumsum", lambda: r15_walk_one_draw
    ),
    Right("09.random_walk", "fold_in(key, i) per step, vmapped", lambda: r15_walk_fold_in),
    Right(
        "09.random_walk", "split to (steps, 2): bernoulli(0.0) and normal", lambda: r15_walk_rests
    ),
    Right("09.random_walk", "loop into jnp.zeros, subkey first", lambda: r15_walk_loop_zeros),
    Right("09.two_views", "split first, fold the id into each", lambda: r15_views_split_first),
    Right("09.two_views", "fold_in 2*id and 2*id + 1, noise / 10", lambda: r15_views_even_odd),
    Right("09.two_views", "returns a list of the two views", lambda: r15_views_list),
]
