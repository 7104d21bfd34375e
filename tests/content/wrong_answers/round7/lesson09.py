"""Round 7, lesson 09 (vmap and random): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# ---------------------------------------------------------------- 09.per_example_grads


def r7_peg_axis0(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r7_peg_no_out_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r7_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in grads], axis=1), "b": jnp.stack([g["b"] for g in grads])}


def r7_peg_mean_grad(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    g = jax.grad(mean_loss)(params)
    n = xs.shape[1]
    return {"w": jnp.tile(g["w"][:, None], (1, n)), "b": jnp.tile(g["b"], n)}


def r7_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r7_peg_ys_broadcast(params, xs, ys):
    # ys broadcast: every example uses the whole ys vector -> y*logit summed wrong
    def one(x):
        return jax.grad(lambda p: jnp.sum(log_loss(p, x, ys)))(params)

    return jax.vmap(one, in_axes=1, out_axes=-1)(xs)


def r7_peg_transposed_input(params, xs, ys):
    # maps over rows of xs.T but forgets to put examples last
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r7_peg_sign(params, xs, ys):
    logits = params["w"] @ xs + params["b"]
    r = ys - jax.nn.sigmoid(logits)
    return {"w": xs * r, "b": r}


def r7_peg_out_axes_zero_w(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return {"w": g["w"].reshape(xs.shape), "b": g["b"]}  # reshape is not a transpose


def r7_peg_right_out_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r7_peg_right_dict_out(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(params, xs, ys)


def r7_peg_right_transpose(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": g["w"].T, "b": g["b"]}


def r7_peg_right_jacobian(params, xs, ys):
    losses = lambda p: jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)
    jac = jax.jacrev(losses)(params)
    return {"w": jac["w"].T, "b": jac["b"]}


# ---------------------------------------------------------------- 09.random_walk


def random_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def random_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r7_walk_draw_from_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        position = position + jax.random.normal(key)  # draws from the key it will split next
        path.append(position)
    return jnp.stack(path)


def r7_walk_split_twice(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.split(key)[0])
        key = jax.random.split(key)[1]  # splits the same key a second time
        path.append(position)
    return jnp.stack(path)


def r7_walk_draws_not_positions(key, steps):
    return jax.vmap(jax.random.normal)(jax.random.split(key, steps))


def r7_walk_includes_start(key, steps):
    draws = jax.vmap(jax.random.normal)(jax.random.split(key, steps))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r7_walk_uniform(key, steps):
    return jnp.cumsum(jax.vmap(jax.random.uniform)(jax.random.split(key, steps)))


def r7_walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def r7_walk_one_short(key, steps):
    keys = jax.random.split(key, steps)
    position, path = 0.0, []
    for k in keys[1:]:
        position = position + jax.random.normal(k)
        path.append(position)
    return jnp.stack(path)


def r7_walk_reuse_last(key, steps):
    position, path = 0.0, []
    key, sub = jax.random.split(key)
    for _ in range(steps):
        position = position + jax.random.normal(sub)
        key, _ = jax.random.split(key)  # new key, but always draws from the first sub
        path.append(position)
    return jnp.stack(path)


def r7_walk_right_loop(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r7_walk_right_vmap(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k))(keys))


def r7_walk_right_foldin(key, steps):
    draws = jnp.stack([jax.random.normal(jax.random.fold_in(key, i)) for i in range(steps)])
    return jnp.cumsum(draws)


def r7_walk_right_scan(key, steps):
    def body(carry, k):
        pos = carry + jax.random.normal(k)
        return pos, pos

    _, path = jax.lax.scan(body, 0.0, jax.random.split(key, steps))
    return path


# ---------------------------------------------------------------- 09.two_views


def r7_views_by_row(key, xs, ids):
    ka, kb = jax.random.split(key)
    a = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))(jax.random.split(ka, xs.shape[0]), xs)
    b = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))(jax.random.split(kb, xs.shape[0]), xs)
    return a, b


def r7_views_same_key_both(key, xs, ids):
    def one(i, x):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(ids, xs)


def r7_views_id_plus_one(key, xs, ids):
    def one(i, x):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)
        return a, b

    return jax.vmap(one)(ids, xs)


def r7_views_std_one(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r7_views_one_key_broadcast(key, xs, ids):
    ka, kb = jax.random.split(key)
    add = lambda k, x: x + 0.1 * jax.random.normal(k, x.shape)
    return jax.vmap(add, in_axes=(None, 0))(ka, xs), jax.vmap(add, in_axes=(None, 0))(kb, xs)


def r7_views_numpy(key, xs, ids):
    return xs + 0.1 * np.random.normal(size=xs.shape), xs + 0.1 * np.random.normal(size=xs.shape)


def r7_views_variance(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.01 * jax.random.normal(ka, x.shape), x + 0.01 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r7_views_key_plus_view(key, xs, ids):
    # view b folds in id + N... written as fold_in(key, 2*i) and fold_in(key, 2*i+1)? no: i and -i
    def one(i, x):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(key, -i), x.shape)
        return a, b

    return jax.vmap(one)(ids, xs)


def r7_views_no_noise_b(key, xs, ids):
    def one(i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape), x

    return jax.vmap(one)(ids, xs)


def r7_views_shared_noise_rows(key, xs, ids):
    # one noise vector per view, for every example (no per-example key)
    ka, kb = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(ka, xs.shape[1:]), xs + 0.1 * jax.random.normal(kb, xs.shape[1:])


def r7_views_right_split(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r7_views_right_two_of(key, xs, ids):
    def noise(i, shape):
        return 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2,) + shape)

    n = jax.vmap(lambda i: noise(i, xs.shape[1:]))(ids)
    return xs + n[:, 0], xs + n[:, 1]


def r7_views_right_view_keys(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def view(k):
        return jax.vmap(lambda i, x: x + jax.random.normal(jax.random.fold_in(k, i), x.shape) * 0.1)(ids, xs)

    return view(key_a), view(key_b)


ROUND_7 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes 0 on a features x examples batch", lambda: r7_peg_axis0),
    Wrong("09.per_example_grads", "examples first: w is (N, D)", lambda: r7_peg_no_out_axes),
    Wrong("09.per_example_grads", "sneaky: a Python loop over columns", lambda: r7_peg_loop),
    Wrong("09.per_example_grads", "gradient of the mean, tiled", lambda: r7_peg_mean_grad),
    Wrong("09.per_example_grads", "gradient with respect to x", lambda: r7_peg_wrt_x),
    Wrong("09.per_example_grads", "ys broadcast to every example", lambda: r7_peg_ys_broadcast),
    Wrong("09.per_example_grads", "transposed input, examples first out", lambda: r7_peg_transposed_input),
    Wrong("09.per_example_grads", "closed form with the sign flipped", lambda: r7_peg_sign),
    Wrong("09.per_example_grads", "reshape (N, D) to (D, N) instead of transpose", lambda: r7_peg_out_axes_zero_w),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "split used up key", lambda: "A"),
    Wrong("09.split_keeps_key", "b only, JAX remembers draws", lambda: "B"),
    Wrong("09.split_keeps_key", "first split key is key itself", lambda: "D"),
    Wrong("09.split_keeps_key", "all three", lambda: "E"),
    Wrong("09.split_keeps_key", "the variable name", lambda: "b"),
    Wrong("09.split_keeps_key", "the array b itself", lambda: "b only"),
    Wrong("09.split_keeps_key", "both letters giving b only", lambda: "BC"),
    Wrong("09.split_keeps_key", "a list of names", lambda: ["b"]),
    # 09.random_walk
    Wrong("09.random_walk", "sneaky: the half-fixed walk copied", lambda: random_walk_half_fixed),
    Wrong("09.random_walk", "the broken walk copied", lambda: random_walk_broken),
    Wrong("09.random_walk", "draws from the key it then splits", lambda: r7_walk_draw_from_key),
    Wrong("09.random_walk", "splits the same key twice", lambda: r7_walk_split_twice),
    Wrong("09.random_walk", "steps, not positions", lambda: r7_walk_draws_not_positions),
    Wrong("09.random_walk", "includes the start 0.0", lambda: r7_walk_includes_start),
    Wrong("09.random_walk", "uniform steps", lambda: r7_walk_uniform),
    Wrong("09.random_walk", "np.random steps", lambda: r7_walk_numpy),
    Wrong("09.random_walk", "one step short (skips keys[0])", lambda: r7_walk_one_short),
    Wrong("09.random_walk", "always draws from the first subkey", lambda: r7_walk_reuse_last),
    # 09.two_views
    Wrong("09.two_views", "noise follows the row, not the id", lambda: r7_views_by_row),
    Wrong("09.two_views", "same key for both views", lambda: r7_views_same_key_both),
    Wrong("09.two_views", "view b uses id + 1 (the next example's key)", lambda: r7_views_id_plus_one),
    Wrong("09.two_views", "standard deviation 1", lambda: r7_views_std_one),
    Wrong("09.two_views", "one key broadcast over examples", lambda: r7_views_one_key_broadcast),
    Wrong("09.two_views", "sneaky: np.random noise", lambda: r7_views_numpy),
    Wrong("09.two_views", "0.01: variance instead of std", lambda: r7_views_variance),
    Wrong("09.two_views", "views from ids i and -i (id 0 shared)", lambda: r7_views_key_plus_view),
    Wrong("09.two_views", "view b without noise", lambda: r7_views_no_noise_b),
    Wrong("09.two_views", "one noise vector per view for all rows", lambda: r7_views_shared_noise_rows),
]

RIGHT_7 = [
    Right("09.per_example_grads", "out_axes=-1", lambda: r7_peg_right_out_last),
    Right("09.per_example_grads", "out_axes dict", lambda: r7_peg_right_dict_out),
    Right("09.per_example_grads", "map rows of xs.T, transpose w", lambda: r7_peg_right_transpose),
    Right("09.per_example_grads", "jacrev of the vmapped losses", lambda: r7_peg_right_jacobian),
    Right("09.split_keeps_key", "the letter", lambda: "C"),
    Right("09.split_keeps_key", "lower case", lambda: "c"),
    Right("09.split_keeps_key", "padded", lambda: "C "),
    Right("09.random_walk", "split each pass, draw from subkey", lambda: r7_walk_right_loop),
    Right("09.random_walk", "split(key, steps), vmap, cumsum", lambda: r7_walk_right_vmap),
    Right("09.random_walk", "fold_in per step", lambda: r7_walk_right_foldin),
    Right("09.random_walk", "lax.scan over split keys", lambda: r7_walk_right_scan),
    Right("09.two_views", "fold_in id, split in two", lambda: r7_views_right_split),
    Right("09.two_views", "one draw of shape (2, D) per id", lambda: r7_views_right_two_of),
    Right("09.two_views", "a key per view, fold_in id", lambda: r7_views_right_view_keys),
]
