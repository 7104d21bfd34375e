"""Round 21, lesson 09 (vmap and random): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup that the answers reuse ----------------------------------------


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


def add_noise(key, x):
    """ONE example plus Gaussian noise of standard deviation 0.1."""
    return x + 0.1 * jax.random.normal(key, x.shape)


# ---- 09.per_example_grads: {"w": (D, N), "b": (N,)}, examples in columns --------------


def r21_peg_rows(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r21_peg_examples_first(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r21_peg_batch_grad(params, xs, ys):
    def mean_loss(params):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(params, xs, ys))

    return jax.grad(mean_loss)(params)


def r21_peg_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r21_peg_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r21_peg_params_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes=-1)(params, xs, ys)


def r21_peg_out_axes_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r21_peg_w_only(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return grads["w"]


def r21_peg_sign_flipped(params, xs, ys):
    def one(x, y):
        p = jax.nn.sigmoid(jnp.dot(params["w"], x) + params["b"])
        return {"w": (y - p) * x, "b": y - p}

    return jax.vmap(one, in_axes=(1, 0), out_axes=-1)(xs, ys)


def r21_peg_ys_axis_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 1), out_axes=-1)(params, xs, ys)


def r21_peg_decay_added(params, xs, ys):
    def decayed(params, x, y):
        return log_loss(params, x, y) + 0.01 / 2 * jnp.sum(params["w"] ** 2)

    return jax.vmap(jax.grad(decayed), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r21_peg_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


def r21_peg_transposed_not_back(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": grads["w"].reshape(xs.shape), "b": grads["b"]}  # reshape, not transpose


def r21_peg_right_out_axes_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, -1, 0), out_axes=-1)(params, xs, ys)


def r21_peg_right_transpose(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return {"w": grads["w"].T, "b": grads["b"]}


def r21_peg_right_dict_out_axes(params, xs, ys):
    per_example = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})
    return per_example(params, xs, ys)


def r21_peg_right_jacrev(params, xs, ys):
    def losses(params):
        return jax.vmap(log_loss, in_axes=(None, 1, 0))(params, xs, ys)

    jac = jax.jacrev(losses)(params)  # {"w": (N, D), "b": (N,)}
    return {"w": jnp.transpose(jac["w"]), "b": jac["b"]}


# ---- 09.split_keeps_key: which of b, c, d equal a (right: C) -------------------------

# ---- 09.random_walk: positions, each step a fresh draw, no key used twice ------------


def r21_walk_same_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def r21_walk_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r21_walk_first_from_key(key, steps):
    keys = jax.random.split(key, steps - 1)
    first = jax.random.normal(key)  # key drawn from, and split above
    rest = jax.vmap(jax.random.normal)(keys)
    return jnp.cumsum(jnp.concatenate([first[None], rest]))


def r21_walk_no_cumsum(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)


def r21_walk_with_start(key, steps):
    keys = jax.random.split(key, steps)
    draws = jax.vmap(jax.random.normal)(keys)
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r21_walk_one_short(key, steps):
    position, path = 0.0, []
    for _ in range(steps - 1):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r21_walk_uniform(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(jax.random.uniform)(keys))


def r21_walk_draws_from_carried(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(key)  # the carried key, not subkey
        path.append(position)
    return jnp.stack(path)


def r21_walk_numpy(key, steps):
    rng = np.random.default_rng(0)
    return jnp.asarray(np.cumsum(rng.normal(size=steps)), dtype=jnp.float32)


def r21_walk_split_twice(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        subkey = jax.random.split(key)[0]
        position = position + jax.random.normal(subkey)
        key = jax.random.split(key)[1]  # key split a second time
        path.append(position)
    return jnp.stack(path)


def r21_walk_seeded_by_index(key, steps):
    draws = [jax.random.normal(jax.random.key(i)) for i in range(steps)]
    return jnp.cumsum(jnp.stack(draws))


def r21_walk_bernoulli_same_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        rests = jax.random.bernoulli(subkey, 0.0)
        step = jnp.where(rests, 0.0, jax.random.normal(subkey))  # subkey used twice
        position = position + step
        path.append(position)
    return jnp.stack(path)


def r21_walk_noise_scale(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(0.1 * jax.vmap(jax.random.normal)(keys))


def r21_walk_rests_half(key, steps):
    rest_key, step_key = jax.random.split(key)
    rests = jax.random.bernoulli(rest_key, 0.5, (steps,))
    draws = jax.random.normal(step_key, (steps,))
    return jnp.cumsum(jnp.where(rests, 0.0, draws))


def r21_walk_right_split_n(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.vmap(lambda k: jax.random.normal(k))(keys))


def r21_walk_right_loop(key, steps):
    position = jnp.float32(0.0)
    path = []
    for _ in range(steps):
        key, draw_key = jax.random.split(key)  # key is split once, draw_key drawn once
        position += jax.random.normal(draw_key)
        path.append(position)
    return jnp.array(path)


def r21_walk_right_scan(key, steps):
    def one_step(carry, _):
        key, position = carry
        key, draw_key = jax.random.split(key)
        position = position + jax.random.normal(draw_key)
        return (key, position), position

    _, path = jax.lax.scan(one_step, (key, jnp.float32(0.0)), None, length=steps)
    return path


def r21_walk_right_one_draw(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps,)))


# ---- 09.two_views: noise that follows the id, two independent views ------------------


def r21_views_by_row(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    keys_a = jax.random.split(key_a, xs.shape[0])
    keys_b = jax.random.split(key_b, xs.shape[0])
    return jax.vmap(add_noise)(keys_a, xs), jax.vmap(add_noise)(keys_b, xs)


def r21_views_same_key(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    view = jax.vmap(add_noise)(keys, xs)
    return view, view


def r21_views_std_one(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r21_views_variance(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        scale = jnp.sqrt(0.1)  # 0.1 taken for the variance
        noise_a = scale * jax.random.normal(ka, x.shape)
        return x + noise_a, x + scale * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r21_views_key_broadcast(key, xs, ids):
    ka, kb = jax.random.split(key)
    return (
        jax.vmap(add_noise, in_axes=(None, 0))(ka, xs),
        jax.vmap(add_noise, in_axes=(None, 0))(kb, xs),
    )


def r21_views_key_from_id(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.key(i))  # the id as a seed; key unused
        return add_noise(ka, x), add_noise(kb, x)

    return jax.vmap(one)(xs, ids)


def r21_views_id_plus_one(key, xs, ids):
    def one(x, i):
        view_a = add_noise(jax.random.fold_in(key, i), x)
        view_b = add_noise(jax.random.fold_in(key, i + 1), x)  # = next id's view a
        return view_a, view_b

    return jax.vmap(one)(xs, ids)


def r21_views_numpy_noise(key, xs, ids):
    noise = np.random.normal(0.0, 0.1, size=(2,) + tuple(xs.shape)).astype(np.float32)
    return xs + noise[0], xs + noise[1]


def r21_views_uniform(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.uniform(ka, x.shape), x + 0.1 * jax.random.uniform(kb, x.shape)

    return jax.vmap(one)(xs, ids)


def r21_views_stacked(key, xs, ids):
    def one(x, i):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return jnp.stack([add_noise(ka, x), add_noise(kb, x)])

    return jnp.swapaxes(jax.vmap(one)(xs, ids), 0, 1)  # one array (2, N, D)


def r21_views_python_loop(key, xs, ids):
    views_a, views_b = [], []
    for i in range(xs.shape[0]):
        ka, kb = jax.random.split(jax.random.fold_in(key, ids[i]))
        views_a.append(add_noise(ka, xs[i]))
        views_b.append(add_noise(kb, xs[i]))
    return jnp.stack(views_a), jnp.stack(views_b)


def r21_views_one_noisy(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    return xs, jax.vmap(add_noise)(keys, xs)


def r21_views_antithetic(key, xs, ids):
    def one(x, i):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x - noise  # the second view mirrors the first

    return jax.vmap(one)(xs, ids)


def r21_views_lax_map(key, xs, ids):
    def one(pair):
        x, i = pair
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return add_noise(ka, x), add_noise(kb, x)

    return jax.lax.map(one, (xs, ids))


def r21_views_right_fold_split(key, xs, ids):
    def one(k, x):
        ka, kb = jax.random.split(k)
        return add_noise(ka, x), add_noise(kb, x)

    keys = jax.vmap(lambda i: jax.random.fold_in(key, i))(ids)
    return jax.vmap(one)(keys, xs)


def r21_views_right_view_first(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noisy(view_key, x, i):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(view_key, i), x.shape)

    batched = jax.vmap(noisy, in_axes=(None, 0, 0))
    return batched(key_a, xs, ids), batched(key_b, xs, ids)


def r21_views_right_one_draw(key, xs, ids):
    def both(x, i):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape, dtype=x.dtype)
        return x + noise[0] * 0.1, x + noise[1] * 0.1

    view_a, view_b = jax.vmap(both)(xs, ids)
    return view_a, view_b


ROUND_21 = [
    # 09.per_example_grads
    Wrong("09.per_example_grads", "in_axes=(None, 0, 0): rows, not columns", lambda: r21_peg_rows),
    Wrong(
        "09.per_example_grads", "columns in, but examples first out", lambda: r21_peg_examples_first
    ),
    Wrong(
        "09.per_example_grads", "grad of the mean loss: one gradient", lambda: r21_peg_batch_grad
    ),
    Wrong("09.per_example_grads", "gradient with respect to x (argnums=1)", lambda: r21_peg_wrt_x),
    Wrong("09.per_example_grads", "Python loop over the columns", lambda: r21_peg_loop),
    Wrong(
        "09.per_example_grads",
        "params mapped too: in_axes 0 for them",
        lambda: r21_peg_params_mapped,
    ),
    Wrong("09.per_example_grads", "out_axes=1 for every leaf", lambda: r21_peg_out_axes_1),
    Wrong("09.per_example_grads", "returned only w's gradients", lambda: r21_peg_w_only),
    Wrong(
        "09.per_example_grads", "hand-written gradient, sign flipped", lambda: r21_peg_sign_flipped
    ),
    Wrong("09.per_example_grads", "ys mapped over axis 1 as well", lambda: r21_peg_ys_axis_1),
    Wrong("09.per_example_grads", "added the variant's weight decay", lambda: r21_peg_decay_added),
    Wrong(
        "09.per_example_grads",
        "vmap of value_and_grad: (loss, grads)",
        lambda: r21_peg_value_and_grad,
    ),
    Wrong(
        "09.per_example_grads",
        "reshaped (N, D) to (D, N), not transposed",
        lambda: r21_peg_transposed_not_back,
    ),
    # 09.split_keeps_key (right: C)
    Wrong("09.split_keeps_key", "A: thinks split moves the key on", lambda: "A"),
    Wrong("09.split_keeps_key", "B: thinks jit caches draws per key", lambda: "B"),
    Wrong("09.split_keeps_key", "D: thinks jit baked the draw in", lambda: "D"),
    Wrong("09.split_keeps_key", "E: thinks jit changes the numbers", lambda: "E"),
    Wrong("09.split_keeps_key", "named the draws: 'b and d'", lambda: "b and d"),
    Wrong("09.split_keeps_key", "named the draws as a list", lambda: ["b", "d"]),
    Wrong("09.split_keeps_key", "typed 'd', the A draws", lambda: "d"),
    Wrong("09.split_keeps_key", "typed 'b', the E draws", lambda: "b"),
    Wrong("09.split_keeps_key", "typed 'bcd', the D draws", lambda: "bcd"),
    Wrong("09.split_keeps_key", "hedged 'B or C'", lambda: "B or C"),
    Wrong("09.split_keeps_key", "typed 2, the number of equal draws", lambda: "2"),
    Wrong("09.split_keeps_key", "typed 'none': every split is new", lambda: "none"),
    # 09.random_walk
    Wrong("09.random_walk", "the lesson's broken walk: one key", lambda: r21_walk_same_key),
    Wrong(
        "09.random_walk", "the half-fixed walk: draw, then split key", lambda: r21_walk_half_fixed
    ),
    Wrong(
        "09.random_walk",
        "first step drawn from key, key also split",
        lambda: r21_walk_first_from_key,
    ),
    Wrong("09.random_walk", "returned the steps, not the positions", lambda: r21_walk_no_cumsum),
    Wrong(
        "09.random_walk", "included the start 0.0: steps + 1 values", lambda: r21_walk_with_start
    ),
    Wrong("09.random_walk", "range(steps - 1): one step short", lambda: r21_walk_one_short),
    Wrong("09.random_walk", "uniform draws instead of normal", lambda: r21_walk_uniform),
    Wrong(
        "09.random_walk",
        "split, then drew from the carried key",
        lambda: r21_walk_draws_from_carried,
    ),
    Wrong("09.random_walk", "seeded NumPy generator, key ignored", lambda: r21_walk_numpy),
    Wrong(
        "09.random_walk", "split(key) twice per pass, [0] then [1]", lambda: r21_walk_split_twice
    ),
    Wrong(
        "09.random_walk",
        "jax.random.key(i) per step, key ignored",
        lambda: r21_walk_seeded_by_index,
    ),
    Wrong(
        "09.random_walk",
        "bernoulli and normal from one subkey",
        lambda: r21_walk_bernoulli_same_key,
    ),
    Wrong("09.random_walk", "steps scaled by 0.1, as add_noise does", lambda: r21_walk_noise_scale),
    Wrong("09.random_walk", "rests half the time (misread variant)", lambda: r21_walk_rests_half),
    # 09.two_views
    Wrong("09.two_views", "keys split by row, not by id", lambda: r21_views_by_row),
    Wrong("09.two_views", "one key per example for both views", lambda: r21_views_same_key),
    Wrong("09.two_views", "forgot the 0.1: standard deviation 1", lambda: r21_views_std_one),
    Wrong("09.two_views", "sqrt(0.1): took 0.1 for the variance", lambda: r21_views_variance),
    Wrong(
        "09.two_views", "one key broadcast: same noise every row", lambda: r21_views_key_broadcast
    ),
    Wrong("09.two_views", "jax.random.key(id): key argument unused", lambda: r21_views_key_from_id),
    Wrong("09.two_views", "view b from fold_in(key, id + 1)", lambda: r21_views_id_plus_one),
    Wrong("09.two_views", "np.random.normal noise", lambda: r21_views_numpy_noise),
    Wrong("09.two_views", "uniform noise times 0.1", lambda: r21_views_uniform),
    Wrong("09.two_views", "returned one stacked array (2, N, D)", lambda: r21_views_stacked),
    Wrong("09.two_views", "Python loop over the rows", lambda: r21_views_python_loop),
    Wrong("09.two_views", "view a left without noise", lambda: r21_views_one_noisy),
    Wrong("09.two_views", "view b = x - the same noise", lambda: r21_views_antithetic),
    Wrong("09.two_views", "jax.lax.map over (xs, ids)", lambda: r21_views_lax_map),
]

RIGHT_21 = [
    Right(
        "09.per_example_grads", "in_axes -1 and out_axes -1", lambda: r21_peg_right_out_axes_last
    ),
    Right(
        "09.per_example_grads", "vmap over xs.T, then transpose w", lambda: r21_peg_right_transpose
    ),
    Right(
        "09.per_example_grads",
        "out_axes as a dict {'w': 1, 'b': 0}",
        lambda: r21_peg_right_dict_out_axes,
    ),
    Right(
        "09.per_example_grads",
        "jacrev of the vmapped losses, transposed",
        lambda: r21_peg_right_jacrev,
    ),
    Right("09.split_keeps_key", "lower-case letter", lambda: "c"),
    Right("09.split_keeps_key", "letter with a full stop", lambda: "C."),
    Right("09.split_keeps_key", "letter after a space", lambda: " C"),
    Right("09.random_walk", "split(key, steps), vmap, cumsum", lambda: r21_walk_right_split_n),
    Right(
        "09.random_walk", "Python loop drawing only from the subkey", lambda: r21_walk_right_loop
    ),
    Right("09.random_walk", "lax.scan carrying the key", lambda: r21_walk_right_scan),
    Right("09.random_walk", "one draw of shape (steps,), cumsum", lambda: r21_walk_right_one_draw),
    Right(
        "09.two_views",
        "fold_in per id, split into the two views",
        lambda: r21_views_right_fold_split,
    ),
    Right(
        "09.two_views",
        "split for the views first, fold_in the id",
        lambda: r21_views_right_view_first,
    ),
    Right("09.two_views", "one (2, D) draw per example", lambda: r21_views_right_one_draw),
]
