"""Round 20, lesson 09 (vmap and random): answers from the lesson's text alone."""

from __future__ import annotations


import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup, recreated ---------------------------------------------------


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def add_noise(key, x):
    """ONE example plus Gaussian noise of standard deviation 0.1."""
    return x + 0.1 * jax.random.normal(key, x.shape)


# ---- 09.per_example_grads: one gradient per column, examples last --------------------


def r20_peg_rows(params, xs, ys):
    # in_axes 0 for xs, as in the lesson's batched_predict: maps over the features
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r20_peg_examples_first(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)  # (N, D)


def r20_peg_out_axes_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r20_peg_batch_gradient(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)  # one gradient for the whole batch


def r20_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r20_peg_params_mapped(params, xs, ys):
    # forgot None for the shared parameters
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes=-1)(params, xs, ys)


def r20_peg_grad_of_vmap(params, xs, ys):
    batched = jax.vmap(log_loss, in_axes=(None, 1, 0))
    return jax.grad(batched)(params, xs, ys)  # grad of a vector of losses


def r20_peg_wrt_x(params, xs, ys):
    per_x = jax.grad(log_loss, argnums=1)  # the gradient with respect to x
    return jax.vmap(per_x, in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r20_peg_ys_shared(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes=-1)(params, xs, ys)


def r20_peg_value_and_grad(params, xs, ys):
    vg = jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)
    return vg(params, xs, ys)  # (losses, grads), not the grads alone


def _r20_naive_log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.log(1.0 + jnp.exp(logit)) - y * logit  # overflows for a large logit


def r20_peg_naive_log(params, xs, ys):
    return jax.vmap(jax.grad(_r20_naive_log_loss), in_axes=(None, 1, 0), out_axes=-1)(
        params, xs, ys
    )


def _r20_hand_grad_sign(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    error = y - jax.nn.sigmoid(logit)  # sign turned round
    return {"w": error * x, "b": error}


def r20_peg_hand_sign(params, xs, ys):
    return jax.vmap(_r20_hand_grad_sign, in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


# right ones


def r20_peg_dict_out_axes(params, xs, ys):
    out = {"w": 1, "b": 0}
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=out)(params, xs, ys)


def r20_peg_transpose_after(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(lambda g: jnp.moveaxis(g, 0, -1), grads)


def r20_peg_jacrev(params, xs, ys):
    losses = lambda p: jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)
    jac = jax.jacrev(losses)(params)  # row i: the gradient of example i's loss
    return {"w": jac["w"].T, "b": jac["b"]}


def _r20_hand_grad(params, x, y):
    logit = params["w"] @ x + params["b"]
    error = jax.nn.sigmoid(logit) - y
    return {"w": error * x, "b": error}


def r20_peg_hand_written(params, xs, ys):
    return jax.vmap(_r20_hand_grad, in_axes=(None, -1, 0), out_axes=-1)(params, xs, ys)


# ---- 09.random_walk: positions after each step, no key used twice --------------------


def r20_walk_half_fixed(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)  # drawn from, then split: used twice
        path.append(position)
    return jnp.stack(path)


def r20_walk_broken(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(key)  # the same key every pass
        path.append(position)
    return jnp.stack(path)


def r20_walk_subkey_not_kept(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        subkey = jax.random.split(key)[0]  # key never replaced: the same subkey
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r20_walk_increments(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)  # the steps, not the positions


def r20_walk_with_start(key, steps):
    keys = jax.random.split(key, steps)
    moves = jax.vmap(jax.random.normal)(keys)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(moves)])  # 0.0 included: steps + 1


def r20_walk_before_each(key, steps):
    keys = jax.random.split(key, steps)
    moves = jax.vmap(jax.random.normal)(keys)
    return jnp.cumsum(moves) - moves  # the position before each step


def r20_walk_numpy(key, steps):
    return jnp.asarray(np.cumsum(np.random.normal(size=steps)), dtype=jnp.float32)


def r20_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))  # uniform, not normal


def r20_walk_own_key(key, steps):
    keys = jax.random.split(jax.random.key(0), steps)  # ignores the key it is given
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys))


def r20_walk_scaled(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(0.1 * jax.vmap(jax.random.normal)(keys))  # add_noise's 0.1


def r20_walk_rests_half(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, rest_key, step_key = jax.random.split(key, 3)
        rests = jax.random.bernoulli(rest_key, 0.5)  # rests half the time
        position = position + jnp.where(rests, 0.0, jax.random.normal(step_key))
        path.append(position)
    return jnp.stack(path)


def r20_walk_list(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return path  # a list of scalars, not an array


def r20_walk_column(key, steps):
    keys = jax.random.split(key, steps)
    moves = jax.vmap(lambda k: jax.random.normal(k, (1,)))(keys)  # shape (steps, 1)
    return jnp.cumsum(moves, axis=0)


# right ones


def r20_walk_carry_loop(key, steps):
    position = jnp.float32(0.0)
    path = []
    for _ in range(steps):
        key, draw_key = jax.random.split(key)
        position = position + jax.random.normal(draw_key)
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


def r20_walk_scan(key, steps):
    def one_step(carry, _):
        k, position = carry
        k, draw_key = jax.random.split(k)
        position = position + jax.random.normal(draw_key)
        return (k, position), position

    _, path = jax.lax.scan(one_step, (key, jnp.float32(0.0)), None, length=steps)
    return path


def r20_walk_split_vmap(key, steps):
    step_keys = jax.random.split(key, steps)
    moves = jax.vmap(lambda k: jax.random.normal(k))(step_keys)
    return jnp.cumsum(moves)


def r20_walk_fold_in(key, steps):
    moves = jax.vmap(lambda i: jax.random.normal(jax.random.fold_in(key, i)))(jnp.arange(steps))
    return jnp.cumsum(moves)


# ---- 09.split_keeps_key: a letter for the draws and their reason (C) -----------------

# ---- 09.two_views: two noisy views whose noise follows the example's id --------------


def r20_views_by_row(key, xs, ids):
    keys_a, keys_b = jax.random.split(key)
    rows_a = jax.random.split(keys_a, xs.shape[0])  # one key per row, not per id
    rows_b = jax.random.split(keys_b, xs.shape[0])
    return jax.vmap(add_noise)(rows_a, xs), jax.vmap(add_noise)(rows_b, xs)


def r20_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        a = x + 0.1 * jax.random.normal(k, x.shape)
        b = x + 0.1 * jax.random.normal(k, x.shape)  # the same key: b equals a
        return a, b

    return jax.vmap(one)(xs, ids)


def r20_views_shared_key(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    view_a = jax.vmap(add_noise, in_axes=(None, 0))(key_a, xs)  # every example the same
    view_b = jax.vmap(add_noise, in_axes=(None, 0))(key_b, xs)
    return view_a, view_b


def r20_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        sd = jnp.sqrt(0.1)  # 0.1 read as the variance
        return x + sd * jax.random.normal(ka, x.shape), x + sd * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r20_views_mirror(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise  # view b mirrors view a

    return jax.vmap(one)(xs, ids)


def r20_views_seed_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))  # the id alone, key ignored
        return x + 0.1 * jax.random.normal(ka, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r20_views_loop(key, xs, ids):
    views_a, views_b = [], []
    for x, i in zip(xs, ids):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        views_a.append(x + 0.1 * jax.random.normal(ka, x.shape))
        views_b.append(x + 0.1 * jax.random.normal(kb, x.shape))
    return jnp.stack(views_a), jnp.stack(views_b)


def r20_views_numpy(key, xs, ids):
    return (
        xs + 0.1 * np.random.normal(size=xs.shape).astype(np.float32),
        xs + 0.1 * np.random.normal(size=xs.shape).astype(np.float32),
    )


def r20_views_one_noisy(key, xs, ids):
    def one(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x, x + 0.1 * noise  # view a left as the clean example

    return jax.vmap(one)(xs, ids)


def r20_views_batch_shape(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        # xs.shape, the whole batch's, inside the one-example function
        return x + 0.1 * jax.random.normal(ka, xs.shape), x + 0.1 * jax.random.normal(kb, xs.shape)

    return jax.vmap(one)(xs, ids)


def r20_views_neighbour_id(key, xs, ids):
    def one(x, i):
        noise_a = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        noise_b = jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)  # id + 1
        return x + 0.1 * noise_a, x + 0.1 * noise_b

    return jax.vmap(one)(xs, ids)


def r20_views_uniform(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.uniform(ka, x.shape), x + 0.1 * jax.random.uniform(kb, x.shape)

    return jax.vmap(one)(xs, ids)


# right ones


def r20_views_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noisy(k, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(k, i), x.shape, dtype=x.dtype)

    batched = jax.vmap(noisy, in_axes=(None, 0, 0))
    return batched(key_a, xs, ids), batched(key_b, xs, ids)


def r20_views_one_draw(key, xs, ids):
    def both(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + 0.1 * noise[0], x + 0.1 * noise[1]

    view_a, view_b = jax.vmap(both)(xs, ids)
    return view_a, view_b


def r20_views_keys_first(key, xs, ids):
    example_keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    pairs = jax.vmap(jax.random.split)(example_keys)  # (N, 2) keys
    view_a = jax.vmap(add_noise)(pairs[:, 0], xs)
    view_b = jax.vmap(add_noise)(pairs[:, 1], xs)
    return view_a, view_b


ROUND_20 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes 0 for xs: maps over features", lambda: r20_peg_rows),
    Wrong("09.per_example_grads", "examples first: forgot out_axes", lambda: r20_peg_examples_first),
    Wrong("09.per_example_grads", "out_axes=1 for b's scalars too", lambda: r20_peg_out_axes_one),
    Wrong("09.per_example_grads", "grad of the mean loss: one gradient", lambda: r20_peg_batch_gradient),
    Wrong("09.per_example_grads", "a Python loop over the columns", lambda: r20_peg_loop),
    Wrong("09.per_example_grads", "params mapped too: no None", lambda: r20_peg_params_mapped),
    Wrong("09.per_example_grads", "grad(vmap(log_loss)): not a scalar", lambda: r20_peg_grad_of_vmap),
    Wrong("09.per_example_grads", "gradient with respect to x (argnums=1)", lambda: r20_peg_wrt_x),
    Wrong("09.per_example_grads", "ys not mapped: in_axes None for ys", lambda: r20_peg_ys_shared),
    Wrong("09.per_example_grads", "value_and_grad: returns losses too", lambda: r20_peg_value_and_grad),
    Wrong("09.per_example_grads", "log(1 + exp(logit)): overflows", lambda: r20_peg_naive_log),
    Wrong("09.per_example_grads", "hand-written gradient, sign reversed", lambda: r20_peg_hand_sign),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "A: thought split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: thought jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: thought jit bakes the draw in", lambda: "D"),
    Wrong("09.split_keeps_key", "E: thought jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "typed the draws 'b and d'", lambda: "b and d"),
    Wrong("09.split_keeps_key", "typed the draws 'b, c, d'", lambda: "b, c, d"),
    Wrong("09.split_keeps_key", "both letters for b and d: 'B or C'", lambda: "B or C"),
    Wrong("09.split_keeps_key", "left the placeholder ...", lambda: ...),
    Wrong("09.split_keeps_key", "trailing comma: ('C',)", lambda: ("C",)),
    Wrong("09.split_keeps_key", "typed 'none': every key differs", lambda: "none"),
    # 09.random_walk
    Wrong("09.random_walk", "the half-fixed walk: draw, then split", lambda: r20_walk_half_fixed),
    Wrong("09.random_walk", "the broken walk: one key throughout", lambda: r20_walk_broken),
    Wrong("09.random_walk", "split each pass but never keeps new key", lambda: r20_walk_subkey_not_kept),
    Wrong("09.random_walk", "returns the steps, not their cumsum", lambda: r20_walk_increments),
    Wrong("09.random_walk", "starting 0.0 included: steps + 1 values", lambda: r20_walk_with_start),
    Wrong("09.random_walk", "positions before each step", lambda: r20_walk_before_each),
    Wrong("09.random_walk", "np.random.normal instead of a key", lambda: r20_walk_numpy),
    Wrong("09.random_walk", "jax.random.uniform steps", lambda: r20_walk_uniform),
    Wrong("09.random_walk", "makes its own key(0), ignores key", lambda: r20_walk_own_key),
    Wrong("09.random_walk", "steps scaled by 0.1 as in add_noise", lambda: r20_walk_scaled),
    Wrong("09.random_walk", "rests with probability 0.5", lambda: r20_walk_rests_half),
    Wrong("09.random_walk", "returns a Python list of positions", lambda: r20_walk_list),
    Wrong("09.random_walk", "draws of shape (1,): result (steps, 1)", lambda: r20_walk_column),
    # 09.two_views
    Wrong("09.two_views", "one key per row from split: follows row", lambda: r20_views_by_row),
    Wrong("09.two_views", "one folded key for both views", lambda: r20_views_same_key),
    Wrong("09.two_views", "one key broadcast to every example", lambda: r20_views_shared_key),
    Wrong("09.two_views", "0.1 taken as the variance", lambda: r20_views_variance),
    Wrong("09.two_views", "view b = x - the same noise", lambda: r20_views_mirror),
    Wrong("09.two_views", "jax.random.key(id): key ignored", lambda: r20_views_seed_from_id),
    Wrong("09.two_views", "a Python loop over the rows", lambda: r20_views_loop),
    Wrong("09.two_views", "np.random.normal noise", lambda: r20_views_numpy),
    Wrong("09.two_views", "view a is xs itself, only b is noisy", lambda: r20_views_one_noisy),
    Wrong("09.two_views", "xs.shape inside the per-example function", lambda: r20_views_batch_shape),
    Wrong("09.two_views", "view b folds in id + 1", lambda: r20_views_neighbour_id),
    Wrong("09.two_views", "uniform noise, not Gaussian", lambda: r20_views_uniform),
]

RIGHT_20 = [
    # 09.per_example_grads
    Right("09.per_example_grads", "out_axes as a dict {'w': 1, 'b': 0}", lambda: r20_peg_dict_out_axes),
    Right("09.per_example_grads", "vmap over xs.T, then moveaxis", lambda: r20_peg_transpose_after),
    Right("09.per_example_grads", "jax.jacrev of the batched losses", lambda: r20_peg_jacrev),
    Right("09.per_example_grads", "hand-written gradient, in_axes -1", lambda: r20_peg_hand_written),
    # 09.split_keeps_key
    Right("09.split_keeps_key", "lower-case c", lambda: "c"),
    Right("09.split_keeps_key", "'C.' with a full stop", lambda: "C."),
    Right("09.split_keeps_key", "' C' with a leading space", lambda: " C"),
    # 09.random_walk
    Right("09.random_walk", "loop carrying the key, jnp.array", lambda: r20_walk_carry_loop),
    Right("09.random_walk", "lax.scan carrying the key", lambda: r20_walk_scan),
    Right("09.random_walk", "split(key, steps), vmap, cumsum", lambda: r20_walk_split_vmap),
    Right("09.random_walk", "fold_in(key, i) per step", lambda: r20_walk_fold_in),
    # 09.two_views
    Right("09.two_views", "split the key per view, then fold_in id", lambda: r20_views_split_then_fold),
    Right("09.two_views", "one (2, D) draw per example", lambda: r20_views_one_draw),
    Right("09.two_views", "keys built first with vmapped fold_in", lambda: r20_views_keys_first),
]
