"""Round 5, lesson 09 (vmap and random): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 09.per_example_grads


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def w9_grads_axis0(params, xs, ys):
    # copied the lesson's in_axes=(None, 0, 0): rows taken as examples
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def w9_grads_out_axes1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def w9_grads_batch_mean(params, xs, ys):
    mean_loss = lambda p: jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))
    return jax.grad(mean_loss)(params)


def w9_grads_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {"w": jnp.stack([g["w"] for g in grads]), "b": jnp.stack([g["b"] for g in grads])}


def w9_grads_no_in_axes(params, xs, ys):
    return jax.vmap(jax.grad(log_loss))(params, xs.T, ys)


def w9_grads_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0))(params, xs, ys)


def w9_grads_transposed(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return {"w": g["w"].T, "b": g["b"]}


def w9_grads_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def w9_grads_losses(params, xs, ys):
    return jax.vmap(log_loss, in_axes=(None, 1, 0))(params, xs, ys)


def w9_grads_sum(params, xs, ys):
    total = lambda p: jnp.sum(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))
    return jax.grad(total)(params)


def w9_grads_only_w(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)["w"]


def w9_grads_manual_sign(params, xs, ys):
    p = jax.nn.sigmoid(params["w"] @ xs + params["b"])
    return {"w": ((ys - p)[:, None] * xs.T), "b": ys - p}


def w9_grads_ys_shared(params, xs, ys):
    # ys broadcast: every example sees the whole label vector
    return jax.vmap(jax.grad(lambda p, x, y: jnp.mean(log_loss(p, x, y))), in_axes=(None, 1, None))(params, xs, ys)


def r9_grads_transpose_first(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def r9_grads_closure(params, xs, ys):
    one = lambda x, y: jax.grad(log_loss)(params, x, y)
    return jax.vmap(one, in_axes=(1, 0))(xs, ys)


def r9_grads_jit_dict_axes(params, xs, ys):
    axes = ({"w": None, "b": None}, 1, 0)
    return jax.jit(jax.vmap(jax.grad(log_loss), in_axes=axes))(params, xs, ys)


def r9_grads_value_and_grad_kept(params, xs, ys):
    _, grads = jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, -1, 0), out_axes=0)(params, xs, ys)
    return grads


# ---------------------------------------------------------------- 09.random_walk


def w9_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def w9_walk_split_draw_from_key(key, steps):
    # splits, but draws from the key it then splits again
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def w9_walk_split_once(key, steps):
    k1, k2 = jax.random.split(key)
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(k1)
        path.append(position)
    return jnp.stack(path)


def w9_walk_numpy(key, steps):
    return jnp.cumsum(jnp.asarray(np.random.normal(size=steps), dtype=jnp.float32))


def w9_walk_steps_only(key, steps):
    return jax.random.normal(key, (steps,))


def w9_walk_final(key, steps):
    return jnp.sum(jax.random.normal(key, (steps,)))


def w9_walk_with_start(key, steps):
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(jax.random.normal(key, (steps,)))])


def w9_walk_before_step(key, steps):
    moves = jax.random.normal(key, (steps,))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(moves)[:-1]])


def w9_walk_fixed_seed(key, steps):
    # ignores key: a fresh key(0) inside
    keys = jax.random.split(jax.random.key(0), steps)
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys))


def w9_walk_uniform(key, steps):
    return jnp.cumsum(jax.random.uniform(key, (steps,)))


def w9_walk_scaled(key, steps):
    # copied add_noise's 0.1
    return jnp.cumsum(0.1 * jax.random.normal(key, (steps,)))


def w9_walk_keys_index0(key, steps):
    keys = jax.random.split(key, steps)
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(keys[0])
        path.append(position)
    return jnp.stack(path)


def w9_walk_fold_in_zero(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def w9_walk_list(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + float(jax.random.normal(subkey))
        path.append(position)
    return path


def r9_walk_split_loop(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r9_walk_one_draw(key, steps):
    return jax.random.normal(key, (steps,)).cumsum()


def r9_walk_vmap_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k))(keys))


def r9_walk_fold_in(key, steps):
    position = jnp.float32(0.0)
    path = []
    for i in range(steps):
        position += jax.random.normal(jax.random.fold_in(key, i))
        path.append(position)
    return jnp.array(path)


# ---------------------------------------------------------------- 09.two_views


def _noise(k, x):
    return 0.1 * jax.random.normal(k, x.shape)


def w9_views_row_keys(key, xs, ids):
    keys = jax.random.split(key, xs.shape[0])

    def one(k, x):
        ka, kb = jax.random.split(k)
        return x + _noise(ka, x), x + _noise(kb, x)

    return jax.vmap(one)(keys, xs)


def w9_views_same_key_both(key, xs, ids):
    def one(i, x):
        k = jax.random.fold_in(key, i)
        return x + _noise(k, x), x + _noise(k, x)

    return jax.vmap(one)(ids, xs)


def w9_views_broadcast_key(key, xs, ids):
    ka, kb = jax.random.split(key)
    one = lambda k, x: x + _noise(k, x)
    return jax.vmap(one, in_axes=(None, 0))(ka, xs), jax.vmap(one, in_axes=(None, 0))(kb, xs)


def w9_views_whole_batch(key, xs, ids):
    ka, kb = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(ka, xs.shape), xs + 0.1 * jax.random.normal(kb, xs.shape)


def w9_views_id_plus_one(key, xs, ids):
    # view a from fold_in(key, id), view b from fold_in(key, id + 1): b of i is a of i + 1
    def one(i, x):
        return x + _noise(jax.random.fold_in(key, i), x), x + _noise(jax.random.fold_in(key, i + 1), x)

    return jax.vmap(one)(ids, xs)


def w9_views_std_one(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def w9_views_variance(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        s = jnp.sqrt(0.1)
        return x + s * jax.random.normal(ka, x.shape), x + s * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def w9_views_stacked(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack([x + _noise(ka, x), x + _noise(kb, x)])

    return jnp.moveaxis(jax.vmap(one)(ids, xs), 1, 0)


def w9_views_numpy(key, xs, ids):
    return xs + 0.1 * np.random.normal(size=xs.shape), xs + 0.1 * np.random.normal(size=xs.shape)


def w9_views_noise_only(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return _noise(ka, x), _noise(kb, x)

    return jax.vmap(one)(ids, xs)


def w9_views_seed_from_id(key, xs, ids):
    # jax.random.key(id): the key argument ignored
    def one(i, x):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + _noise(ka, x), x + _noise(kb, x)

    return jax.vmap(one)(ids, xs)


def w9_views_mirrored(key, xs, ids):
    # one draw, added for a and subtracted for b
    def one(i, x):
        e = _noise(jax.random.fold_in(key, i), x)
        return x + e, x - e

    return jax.vmap(one)(ids, xs)


def w9_views_python_loop(key, xs, ids):
    a, b = [], []
    for i in range(xs.shape[0]):
        ka, kb = jax.random.split(jax.random.fold_in(key, ids[i]))
        a.append(xs[i] + _noise(ka, xs[i]))
        b.append(xs[i] + _noise(kb, xs[i]))
    return jnp.stack(a), jnp.stack(b)


def r9_views_fold_in_split(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + _noise(ka, x), x + _noise(kb, x)

    return jax.vmap(one)(ids, xs)


def r9_views_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def view(k, i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batched = jax.vmap(view, in_axes=(None, 0, 0))
    return batched(key_a, ids, xs), batched(key_b, ids, xs)


def r9_views_one_draw_two_rows(key, xs, ids):
    def one(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + noise[0], x + noise[1]

    return jax.vmap(one)(ids, xs)


def r9_views_double_fold(key, xs, ids):
    def keys_for(i):
        k = jax.random.fold_in(key, i)
        return jax.random.fold_in(k, 0), jax.random.fold_in(k, 1)

    ka, kb = jax.vmap(keys_for)(ids)
    draw = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return draw(ka, xs), draw(kb, xs)


ROUND_5 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0) copied from the lesson: rows used as examples", lambda: w9_grads_axis0),
    Wrong("09.per_example_grads", "right in_axes but out_axes=1", lambda: w9_grads_out_axes1),
    Wrong("09.per_example_grads", "gradient of the mean loss: one gradient for the batch", lambda: w9_grads_batch_mean),
    Wrong("09.per_example_grads", "Python list comprehension over the columns", lambda: w9_grads_loop),
    Wrong("09.per_example_grads", "vmap with no in_axes on xs.T: params mapped too", lambda: w9_grads_no_in_axes),
    Wrong("09.per_example_grads", "argnums=1: gradient with respect to x", lambda: w9_grads_wrt_x),
    Wrong("09.per_example_grads", "w transposed to (D, N)", lambda: w9_grads_transposed),
    Wrong("09.per_example_grads", "vmapped value_and_grad: returns (losses, grads)", lambda: w9_grads_value_and_grad),
    Wrong("09.per_example_grads", "vmapped loss, not its gradient", lambda: w9_grads_losses),
    Wrong("09.per_example_grads", "gradient of the summed loss", lambda: w9_grads_sum),
    Wrong("09.per_example_grads", "returns only the 'w' gradients", lambda: w9_grads_only_w),
    Wrong("09.per_example_grads", "hand-derived gradient with the sign flipped (y - p)", lambda: w9_grads_manual_sign),
    Wrong("09.per_example_grads", "ys broadcast with None, mean over the labels", lambda: w9_grads_ys_shared),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: thinks split used up key, like NumPy's generator moving on", lambda: "A"),
    Wrong("09.split_keeps_key", "C: thinks the first key of split is key itself", lambda: "C"),
    Wrong("09.split_keeps_key", "D: thinks split and fold_in(key, 0) return key", lambda: "D"),
    Wrong("09.split_keeps_key", "lowercase c", lambda: "c"),
    Wrong("09.split_keeps_key", "lowercase d", lambda: "d"),
    Wrong("09.split_keeps_key", "'B and D': thinks fold_in with 0 changes nothing", lambda: "B and D"),
    Wrong("09.split_keeps_key", "'BC'", lambda: "BC"),
    Wrong("09.split_keeps_key", "'none'", lambda: "none"),
    Wrong("09.split_keeps_key", "left the placeholder", lambda: ...),
    # 09.random_walk
    Wrong("09.random_walk", "the broken loop unchanged", lambda: w9_walk_broken),
    Wrong("09.random_walk", "splits, but draws from the key it splits next (reuse)", lambda: w9_walk_split_draw_from_key),
    Wrong("09.random_walk", "splits once outside the loop, draws from k1 every step", lambda: w9_walk_split_once),
    Wrong("09.random_walk", "np.random.normal: the key ignored, not reproducible", lambda: w9_walk_numpy),
    Wrong("09.random_walk", "returns the steps, not the positions (no cumsum)", lambda: w9_walk_steps_only),
    Wrong("09.random_walk", "returns the final position only", lambda: w9_walk_final),
    Wrong("09.random_walk", "includes the start 0.0: steps + 1 positions", lambda: w9_walk_with_start),
    Wrong("09.random_walk", "positions before each step: starts at 0, drops the last", lambda: w9_walk_before_step),
    Wrong("09.random_walk", "ignores key: jax.random.key(0) inside", lambda: w9_walk_fixed_seed),
    Wrong("09.random_walk", "uniform steps instead of normal", lambda: w9_walk_uniform),
    Wrong("09.random_walk", "steps scaled by 0.1 (copied add_noise)", lambda: w9_walk_scaled),
    Wrong("09.random_walk", "splits into steps keys but always draws from keys[0]", lambda: w9_walk_keys_index0),
    Wrong("09.random_walk", "fold_in(key, 0) on every step", lambda: w9_walk_fold_in_zero),
    Wrong("09.random_walk", "right draws, but returns a Python list of floats", lambda: w9_walk_list),
    # 09.two_views
    Wrong("09.two_views", "one key per row from split(key, N): noise follows the row, not the id", lambda: w9_views_row_keys),
    Wrong("09.two_views", "fold_in(key, id) used for both views: a == b", lambda: w9_views_same_key_both),
    Wrong("09.two_views", "one key broadcast with in_axes=(None, 0): same noise for every example", lambda: w9_views_broadcast_key),
    Wrong("09.two_views", "one draw of shape xs.shape per view: depends on the row", lambda: w9_views_whole_batch),
    Wrong("09.two_views", "view b from fold_in(key, id + 1): b of one example is a of the next", lambda: w9_views_id_plus_one),
    Wrong("09.two_views", "standard deviation 1 (forgot 0.1)", lambda: w9_views_std_one),
    Wrong("09.two_views", "sqrt(0.1) scale: variance 0.1 instead of std 0.1", lambda: w9_views_variance),
    Wrong("09.two_views", "returns one stacked array (2, N, D) instead of a pair", lambda: w9_views_stacked),
    Wrong("09.two_views", "np.random.normal noise", lambda: w9_views_numpy),
    Wrong("09.two_views", "returns the noise without xs", lambda: w9_views_noise_only),
    Wrong("09.two_views", "jax.random.key(id): ignores key", lambda: w9_views_seed_from_id),
    Wrong("09.two_views", "one draw added for a, subtracted for b", lambda: w9_views_mirrored),
    Wrong("09.two_views", "Python loop over the rows with fold_in", lambda: w9_views_python_loop),
]

RIGHT_5 = [
    Right("09.per_example_grads", "transpose xs first, in_axes=(None, 0, 0)", lambda: r9_grads_transpose_first),
    Right("09.per_example_grads", "closure over params, vmap(one, in_axes=(1, 0))", lambda: r9_grads_closure),
    Right("09.per_example_grads", "jitted, in_axes with a dict of None for params", lambda: r9_grads_jit_dict_axes),
    Right("09.per_example_grads", "value_and_grad, in_axes -1, loss values dropped", lambda: r9_grads_value_and_grad_kept),
    Right("09.split_keeps_key", "'B'", lambda: "B"),
    Right("09.split_keeps_key", "lowercase 'b'", lambda: "b"),
    Right("09.split_keeps_key", "' B' with a leading space", lambda: " B"),
    Right("09.random_walk", "the loop with key, subkey = split(key)", lambda: r9_walk_split_loop),
    Right("09.random_walk", "one draw of shape (steps,), .cumsum()", lambda: r9_walk_one_draw),
    Right("09.random_walk", "split into steps keys, vmapped scalar draws, cumsum", lambda: r9_walk_vmap_keys),
    Right("09.random_walk", "fold_in(key, i) per step, jnp.array of the path", lambda: r9_walk_fold_in),
    Right("09.two_views", "fold_in(key, id), split into two, vmap over (ids, xs)", lambda: r9_views_fold_in_split),
    Right("09.two_views", "split key into a and b first, fold_in the id into each", lambda: r9_views_split_then_fold),
    Right("09.two_views", "one draw of shape (2, D) per example from fold_in(key, id)", lambda: r9_views_one_draw_two_rows),
    Right("09.two_views", "fold_in twice: (key, id) then 0 and 1", lambda: r9_views_double_fold),
]
