"""Round 17, lesson 09 (vmap and random): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# --- 09.per_example_grads -----------------------------------------------------------


def r17_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r17_peg_default_out(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r17_peg_out_axes_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r17_peg_batch_grad(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    g = jax.grad(mean_loss)(params)
    n = xs.shape[1]
    return {"w": jnp.tile(g["w"][:, None], (1, n)), "b": jnp.full((n,), g["b"])}


def r17_peg_wrt_x(params, xs, ys):
    gx = jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": gx, "b": jnp.zeros(xs.shape[1])}


def r17_peg_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return g["w"], g["b"]


def r17_peg_b_row(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": g["w"], "b": g["b"].reshape(1, -1)}


def r17_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r17_peg_divided(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return jax.tree.map(lambda a: a / xs.shape[1], g)  # "per-example share of the mean"


def r17_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r17_peg_manual_t(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": g["w"].T, "b": g["b"]}


def r17_peg_dict_out(params, xs, ys):
    f = jax.vmap(
        jax.grad(log_loss), in_axes=({"w": None, "b": None}, 1, 0), out_axes={"w": 1, "b": 0}
    )
    return f(params, xs, ys)


def r17_peg_neg_out(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), (None, -1, -1), -1)(params, xs, ys)


# --- 09.random_walk -----------------------------------------------------------------


def r17_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.array(path)


def r17_walk_first_key(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jnp.stack([jax.random.normal(keys[0]) for _ in range(steps)]))


def r17_walk_draw_then_split(key, steps):
    first = jax.random.normal(key)
    keys = jax.random.split(key, steps - 1)
    rest = jax.vmap(jax.random.normal)(keys)
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def r17_walk_steps_not_positions(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)


def r17_walk_with_start(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(jax.vmap(jax.random.normal)(keys))])


def r17_walk_split_twice(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.split(key)[1])
        key = jax.random.split(key)[0]  # key split a second time
        path.append(position)
    return jnp.array(path)


def r17_walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def r17_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r17_walk_prngkey_i(key, steps):
    draws = [jax.random.normal(jax.random.PRNGKey(i)) for i in range(steps)]
    return jnp.cumsum(jnp.array(draws))


_walk_key = [jax.random.key(0)]


def r17_walk_global_key(key, steps):
    _walk_key[0], sub = jax.random.split(_walk_key[0])  # the argument never used
    return jnp.cumsum(jax.random.normal(sub, (steps,)))


def r17_walk_final_only(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.sum(jax.vmap(jax.random.normal)(keys))


def r17_walk_carry(key, steps):
    position, path = jnp.float32(0.0), []
    for _ in range(steps):
        sub, key = jax.random.split(key)
        position = position + jax.random.normal(sub)
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


def r17_walk_one_draw(key, steps):
    return jax.random.normal(key, (steps,)).cumsum()


def r17_walk_spare_first(key, steps):
    keys = jax.random.split(key, steps + 1)
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys[1:]))


def r17_walk_fold_in(key, steps):
    draws = jax.vmap(lambda i: jax.random.normal(jax.random.fold_in(key, i)))(jnp.arange(steps))
    return jnp.cumsum(draws)


# --- 09.two_views -------------------------------------------------------------------


def r17_views_by_row(key, xs, ids):
    ka, kb = jax.random.split(key)
    a = xs + 0.1 * jax.random.normal(ka, xs.shape)
    b = xs + 0.1 * jax.random.normal(kb, xs.shape)
    return a, b


def r17_views_row_keys(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def r17_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_id_plus_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.fold_in(key, i), jax.random.fold_in(key, i + 1)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_id_plus_n(key, xs, ids):
    n = xs.shape[0]

    def one(x, i):
        ka, kb = jax.random.fold_in(key, i), jax.random.fold_in(key, i + n)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        s = jnp.sqrt(0.1)  # 0.1 read as the variance
        return x + s * jax.random.normal(ka, x.shape), x + s * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_broadcast_key(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one, in_axes=(None, 0))(key, xs)


def r17_views_stacked(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack(
            [x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)]
        )

    return jnp.moveaxis(jax.vmap(one)(xs, ids), 1, 0)


def r17_views_draw_and_split(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        ka, _ = jax.random.split(k)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_closure_shape(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, xs.shape), x + 0.1 * jax.random.normal(kb, xs.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_table_by_id(key, xs, ids):
    ka, kb = jax.random.split(key)
    noise_a = jax.random.normal(ka, xs.shape)
    noise_b = jax.random.normal(kb, xs.shape)
    return xs + 0.1 * noise_a[ids], xs + 0.1 * noise_b[ids]  # ids as row numbers


def r17_views_prngkey_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.PRNGKey(i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise

    return jax.vmap(one)(xs, ids)


def r17_views_even_odd(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.fold_in(key, 2 * i), jax.random.fold_in(key, 2 * i + 1)
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r17_views_split_then_fold(key, xs, ids):
    ka, kb = jax.random.split(key)

    def one(x, i):
        noise_a = jax.random.normal(jax.random.fold_in(ka, i), x.shape)
        noise_b = jax.random.normal(jax.random.fold_in(kb, i), x.shape)
        return x + noise_a * 0.1, x + noise_b * 0.1

    return jax.vmap(one)(xs, ids)


def r17_views_one_draw_two_rows(key, xs, ids):
    d = xs.shape[1]
    noise = jax.vmap(lambda i: jax.random.normal(jax.random.fold_in(key, i), (2, d)))(ids)
    return [xs + 0.1 * noise[:, 0], xs + 0.1 * noise[:, 1]]


def r17_peg_jacrev_no_t(params, xs, ys):
    return jax.jacrev(lambda p: jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))(params)


def r17_peg_jacrev(params, xs, ys):
    jac = jax.jacrev(lambda p: jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))(params)
    return {"w": jac["w"].T, "b": jac["b"]}


def r17_walk_scan(key, steps):
    def body(k, _):
        k, sub = jax.random.split(k)
        return k, jax.random.normal(sub)

    _, draws = jax.lax.scan(body, key, None, length=steps)
    return jnp.cumsum(draws)


ROUND_17 = [
    Wrong(
        "09.per_example_grads",
        "in_axes 0 for xs stored one example per column",
        lambda: r17_peg_rows,
    ),
    Wrong(
        "09.per_example_grads",
        "in_axes 1 but default out_axes: w is (N, D)",
        lambda: r17_peg_default_out,
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=1 for every leaf, b has no axis 1",
        lambda: r17_peg_out_axes_1,
    ),
    Wrong(
        "09.per_example_grads", "batch gradient tiled to every example", lambda: r17_peg_batch_grad
    ),
    Wrong("09.per_example_grads", "gradient with respect to x (argnums=1)", lambda: r17_peg_wrt_x),
    Wrong("09.per_example_grads", "returns (w, b) tuple, not a dict", lambda: r17_peg_tuple),
    Wrong("09.per_example_grads", "b reshaped to a (1, N) row", lambda: r17_peg_b_row),
    Wrong("09.per_example_grads", "Python loop over columns, stacked", lambda: r17_peg_loop),
    Wrong("09.per_example_grads", "each gradient divided by N", lambda: r17_peg_divided),
    Wrong(
        "09.per_example_grads",
        "vmap of value_and_grad: (loss, grads) tuple",
        lambda: r17_peg_value_and_grad,
    ),
    Wrong("09.split_keeps_key", "A: model where split moves the key on like NumPy", lambda: "A"),
    Wrong("09.split_keeps_key", "B: model where jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: model where jit bakes the draw in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "E: model where jit changes the draw's numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "the draws named, not the letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "both letters for b and d", lambda: "BC"),
    Wrong(
        "09.split_keeps_key", "letter with a trailing reason", lambda: "C: split is deterministic"
    ),
    Wrong(
        "09.random_walk",
        "the page's half fix: each key drawn and split",
        lambda: r17_walk_half_fixed,
    ),
    Wrong(
        "09.random_walk",
        "split into keys but drew from keys[0] each time",
        lambda: r17_walk_first_key,
    ),
    Wrong(
        "09.random_walk", "drew from key, then split the same key", lambda: r17_walk_draw_then_split
    ),
    Wrong(
        "09.random_walk",
        "returns the steps, not the positions",
        lambda: r17_walk_steps_not_positions,
    ),
    Wrong(
        "09.random_walk", "prepends the start 0.0: steps + 1 positions", lambda: r17_walk_with_start
    ),
    Wrong("09.random_walk", "split(key) called twice per pass", lambda: r17_walk_split_twice),
    Wrong("09.random_walk", "np.random.normal for the steps", lambda: r17_walk_numpy),
    Wrong("09.random_walk", "jax.random.uniform instead of normal", lambda: r17_walk_uniform),
    Wrong(
        "09.random_walk",
        "PRNGKey(i) per step, the key argument ignored",
        lambda: r17_walk_prngkey_i,
    ),
    Wrong("09.random_walk", "a module-level key split on each call", lambda: r17_walk_global_key),
    Wrong("09.random_walk", "returns only the final position", lambda: r17_walk_final_only),
    Wrong(
        "09.two_views",
        "noise drawn per row for the whole batch, ids unused",
        lambda: r17_views_by_row,
    ),
    Wrong("09.two_views", "split(key, N): a key per row, not per id", lambda: r17_views_row_keys),
    Wrong(
        "09.two_views", "fold_in(key, id) drawn twice: both views equal", lambda: r17_views_same_key
    ),
    Wrong(
        "09.two_views", "views keyed id and id+1: b of i is a of i+1", lambda: r17_views_id_plus_one
    ),
    Wrong(
        "09.two_views", "view b keyed id + N: collides for large ids", lambda: r17_views_id_plus_n
    ),
    Wrong("09.two_views", "sqrt(0.1) scale: 0.1 read as the variance", lambda: r17_views_variance),
    Wrong("09.two_views", "one key broadcast, in_axes=(None, 0)", lambda: r17_views_broadcast_key),
    Wrong("09.two_views", "both views stacked in one (2, N, D) array", lambda: r17_views_stacked),
    Wrong(
        "09.two_views",
        "view b draws from the key that was also split",
        lambda: r17_views_draw_and_split,
    ),
    Wrong(
        "09.two_views",
        "noise shape from the closed-over xs inside vmap",
        lambda: r17_views_closure_shape,
    ),
    Wrong(
        "09.two_views",
        "one noise table indexed by ids as row numbers",
        lambda: r17_views_table_by_id,
    ),
    Wrong("09.two_views", "PRNGKey(id): the key argument ignored", lambda: r17_views_prngkey_id),
    Wrong("09.two_views", "view b is the negated noise of view a", lambda: r17_views_antithetic),
    Wrong(
        "09.per_example_grads",
        "jacrev of the vmapped losses, w left (N, D)",
        lambda: r17_peg_jacrev_no_t,
    ),
]
RIGHT_17 = [
    Right(
        "09.per_example_grads", "vmap over xs.T, then transpose w back", lambda: r17_peg_manual_t
    ),
    Right("09.per_example_grads", "dict in_axes and dict out_axes", lambda: r17_peg_dict_out),
    Right(
        "09.per_example_grads", "negative axes -1 in and out, positional", lambda: r17_peg_neg_out
    ),
    Right("09.split_keeps_key", "C", lambda: "C"),
    Right("09.split_keeps_key", "C with a newline", lambda: "C\n"),
    Right("09.random_walk", "sub, key = split(key) carried through a loop", lambda: r17_walk_carry),
    Right("09.random_walk", "one draw of shape (steps,), cumsum", lambda: r17_walk_one_draw),
    Right(
        "09.random_walk", "split into steps + 1 keys, first one spare", lambda: r17_walk_spare_first
    ),
    Right("09.random_walk", "fold_in(key, i) per step under vmap", lambda: r17_walk_fold_in),
    Right(
        "09.two_views",
        "keys fold_in(key, 2 id) and fold_in(key, 2 id + 1)",
        lambda: r17_views_even_odd,
    ),
    Right(
        "09.two_views",
        "split first, then fold the id into each half",
        lambda: r17_views_split_then_fold,
    ),
    Right(
        "09.two_views",
        "one (2, D) draw per id, views returned as a list",
        lambda: r17_views_one_draw_two_rows,
    ),
    Right(
        "09.per_example_grads", "jacrev of the vmapped losses, w transposed", lambda: r17_peg_jacrev
    ),
    Right("09.random_walk", "lax.scan carrying the key", lambda: r17_walk_scan),
]
