"""Round 19, lesson 09 (Batch with vmap, draw random numbers with keys).

Answers from the lesson's text alone.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup ---------------------------------------------------------------


def log_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jnp.logaddexp(0.0, logit) - y * logit


# ---- 09.per_example_grads: {"w": (D, N), "b": (N,)}, examples in columns -------------


def r19_peg_rows(params, xs, ys):
    # mapped axis 0, as in the lesson's first example (xs is features x examples)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def r19_peg_out_axes_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def r19_peg_examples_first(params, xs, ys):
    # right in_axes, no out_axes: w's gradients come out (N, D)
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def r19_peg_batch_gradient(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r19_peg_python_loop(params, xs, ys):
    grads = [jax.grad(log_loss)(params, xs[:, i], ys[i]) for i in range(xs.shape[1])]
    return {
        "w": jnp.stack([g["w"] for g in grads], axis=1),
        "b": jnp.stack([g["b"] for g in grads]),
    }


def r19_peg_ys_broadcast(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r19_peg_grad_wrt_x(params, xs, ys):
    # argnums=1: the gradient with respect to the example, not the params
    gx = jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)
    return {"w": gx, "b": jnp.zeros(xs.shape[1])}


def r19_peg_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )
    return g["w"], g["b"]


def r19_peg_summed(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )
    return {"w": g["w"].sum(axis=1), "b": g["b"].sum()}


def r19_peg_reshape(params, xs, ys):
    # reshape where a transpose was needed: right shape, scrambled numbers
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    n, d = g["w"].shape
    return {"w": g["w"].reshape(d, n), "b": g["b"]}


def r19_peg_hand_sign(params, xs, ys):
    # the logistic gradient by hand, with y - sigmoid instead of sigmoid - y
    logits = params["w"] @ xs + params["b"]
    err = ys - jax.nn.sigmoid(logits)
    return {"w": xs * err, "b": err}


def r19_peg_weight_decay(params, xs, ys):
    # added the weight decay of another variant
    def decayed(p, x, y):
        return log_loss(p, x, y) + 0.01 * jnp.sum(p["w"] ** 2)

    return jax.vmap(jax.grad(decayed), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r19_peg_mapped_params(params, xs, ys):
    # in_axes=0 for params too
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r19_peg_right_out_dict(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 0})(
        params, xs, ys
    )


def r19_peg_right_transpose(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)
    return jax.tree.map(lambda a: jnp.moveaxis(a, 0, -1), g)


def r19_peg_right_minus_one(params, xs, ys):
    grad_fn = jax.value_and_grad(log_loss)

    def one(x, y):
        return grad_fn(params, x, y)[1]

    return jax.vmap(one, in_axes=-1, out_axes=-1)(xs, ys)


# ---- 09.split_keeps_key: prediction, C ------------------------------------------------

# ---- 09.random_walk: positions, no key used twice ------------------------------------

SCALE, REST_P = 1.0, 0.0  # this page's variant


def r19_walk_half_fixed(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def r19_walk_same_key(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        rest = jax.random.bernoulli(key, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(key))
        path.append(position)
    return jnp.stack(path)


def r19_walk_sub_twice(key, steps):
    # one subkey for both the bernoulli and the normal draw
    position, path = 0.0, []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        rest = jax.random.bernoulli(sub, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(sub))
        path.append(position)
    return jnp.stack(path)


def r19_walk_with_start(key, steps):
    keys = jax.random.split(key, (steps, 2))
    rests = jax.vmap(lambda k: jax.random.bernoulli(k, REST_P))(keys[:, 0])
    moves = jnp.where(rests, 0.0, SCALE * jax.vmap(jax.random.normal)(keys[:, 1]))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(moves)])


def r19_walk_increments(key, steps):
    keys = jax.random.split(key, (steps, 2))
    rests = jax.vmap(lambda k: jax.random.bernoulli(k, REST_P))(keys[:, 0])
    return jnp.where(rests, 0.0, SCALE * jax.vmap(jax.random.normal)(keys[:, 1]))


def r19_walk_final_only(key, steps):
    position = 0.0
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        rest = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
    return position


def r19_walk_numpy(key, steps):
    # NumPy habit: np.random, the key unused
    moves = np.where(np.random.random(steps) < REST_P, 0.0, SCALE * np.random.normal(size=steps))
    return jnp.asarray(np.cumsum(moves), dtype=jnp.float32)


def r19_walk_key_for_rest(key, steps):
    # split key for the steps, and drew the rests from key itself as well
    keys = jax.random.split(key, steps)
    rests = jax.random.bernoulli(key, REST_P, (steps,))
    moves = jnp.where(rests, 0.0, SCALE * jax.vmap(jax.random.normal)(keys))
    return jnp.cumsum(moves)


def r19_walk_fold_in_twice(key, steps):
    # the same folded key for the bernoulli and the normal draw
    position, path = 0.0, []
    for i in range(steps):
        k = jax.random.fold_in(key, i)
        rest = jax.random.bernoulli(k, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k))
        path.append(position)
    return jnp.stack(path)


def r19_walk_rest_inverted(key, steps):
    # moves when the bernoulli draw says True
    position, path = 0.0, []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        walk = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(walk, SCALE * jax.random.normal(k_step), 0.0)
        path.append(position)
    return jnp.stack(path)


def r19_walk_int_path(key, steps):
    # a preallocated path with an integer dtype
    path = jnp.zeros(steps, dtype=int)
    position = 0.0
    for i in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        rest = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
        path = path.at[i].set(position)
    return path


def r19_walk_one_short(key, steps):
    position, path = 0.0, []
    for _ in range(steps - 1):
        key, k_rest, k_step = jax.random.split(key, 3)
        rest = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
        path.append(position)
    return jnp.stack(path)


def r19_walk_split_not_carried(key, steps):
    # split(key)[0] each pass, never keeping the new key
    position, path = 0.0, []
    for _ in range(steps):
        k_rest, k_step = jax.random.split(key)
        rest = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
        path.append(position)
    return jnp.stack(path)


def r19_walk_own_seed(key, steps):
    # made a fresh key inside, ignoring the one given
    key = jax.random.key(0)
    position, path = 0.0, []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        rest = jax.random.bernoulli(k_rest, REST_P)
        position = position + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
        path.append(position)
    return jnp.stack(path)


def r19_walk_right_vmap(key, steps):
    keys = jax.random.split(key, (steps, 2))
    rests = jax.vmap(lambda k: jax.random.bernoulli(k, REST_P))(keys[:, 0])
    moves = jnp.where(rests, 0.0, SCALE * jax.vmap(jax.random.normal)(keys[:, 1]))
    return jnp.cumsum(moves)


def r19_walk_right_loop3(key, steps):
    position, path = jnp.float32(0.0), []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        moves = 1.0 - jax.random.bernoulli(k_rest, REST_P).astype(jnp.float32)
        position = position + moves * SCALE * jax.random.normal(k_step)
        path.append(position)
    return jnp.array(path)


def r19_walk_right_scan(key, steps):
    def one(carry, _):
        k, pos = carry
        k, k_rest, k_step = jax.random.split(k, 3)
        rest = jax.random.bernoulli(k_rest, REST_P)
        pos = pos + jnp.where(rest, 0.0, SCALE * jax.random.normal(k_step))
        return (k, pos), pos

    _, path = jax.lax.scan(one, (key, jnp.float32(0.0)), None, length=steps)
    return path


# ---- 09.two_views: noise that follows the example's id -------------------------------

STD = 0.1  # this page's variant


def r19_views_by_row(key, xs, ids):
    # fold_in with the row number, not the id
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + STD * jax.random.normal(ka, x.shape), x + STD * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(jnp.arange(xs.shape[0]), xs)


def r19_views_same_key(key, xs, ids):
    def one(i, x):
        k = jax.random.fold_in(key, i)
        return x + STD * jax.random.normal(k, x.shape), x + STD * jax.random.normal(k, x.shape)

    return jax.vmap(one)(ids, xs)


def r19_views_id_plus_one(key, xs, ids):
    # view b folds in id + 1: example i's view b noise is example i+1's view a noise
    def one(i, x):
        a = x + STD * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + STD * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)
        return a, b

    return jax.vmap(one)(ids, xs)


def r19_views_one_key(key, xs, ids):
    # broadcast the key: every example gets the same noise
    ka, kb = jax.random.split(key)

    def one(k, x):
        return x + STD * jax.random.normal(k, x.shape)

    return jax.vmap(one, in_axes=(None, 0))(ka, xs), jax.vmap(one, in_axes=(None, 0))(kb, xs)


def r19_views_std_one(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + jax.random.normal(ka, x.shape), x + jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r19_views_variance(key, xs, ids):
    # read 0.1 as the variance
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        s = jnp.sqrt(STD)
        return x + s * jax.random.normal(ka, x.shape), x + s * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r19_views_fold_in_array(key, xs, ids):
    k = jax.random.fold_in(key, ids)
    ka, kb = jax.random.split(k)
    return xs + STD * jax.random.normal(ka, xs.shape), xs + STD * jax.random.normal(kb, xs.shape)


def r19_views_numpy(key, xs, ids):
    noise = np.random.default_rng(0).normal(size=(2,) + xs.shape).astype(np.float32)
    return xs + STD * noise[0], xs + STD * noise[1]


def r19_views_noise_on_a_only(key, xs, ids):
    # half done: view b left as the clean xs
    def one(i, x):
        return x + STD * jax.random.normal(jax.random.fold_in(key, i), x.shape), x

    return jax.vmap(one)(ids, xs)


def r19_views_key_from_id(key, xs, ids):
    # a key made from the id alone: `key` never used
    def one(i, x):
        ka, kb = jax.random.split(jax.random.key(i))
        return x + STD * jax.random.normal(ka, x.shape), x + STD * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(ids, xs)


def r19_views_antithetic(key, xs, ids):
    # view b mirrors view a's noise
    def one(i, x):
        n = STD * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + n, x - n

    return jax.vmap(one)(ids, xs)


def r19_views_scalar_noise(key, xs, ids):
    # one number per example, the same for all its features
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x + STD * jax.random.normal(ka), x + STD * jax.random.normal(kb)

    return jax.vmap(one)(ids, xs)


def r19_views_python_loop(key, xs, ids):
    rows_a, rows_b = [], []
    for i in range(xs.shape[0]):
        ka, kb = jax.random.split(jax.random.fold_in(key, ids[i]))
        rows_a.append(xs[i] + STD * jax.random.normal(ka, xs[i].shape))
        rows_b.append(xs[i] + STD * jax.random.normal(kb, xs[i].shape))
    return jnp.stack(rows_a), jnp.stack(rows_b)


def r19_views_right_split_then_fold(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def view(k, i, x):
        return x + STD * jax.random.normal(jax.random.fold_in(k, i), x.shape)

    batched = jax.vmap(view, in_axes=(None, 0, 0))
    return batched(key_a, ids, xs), batched(key_b, ids, xs)


def r19_views_right_one_draw(key, xs, ids):
    def one(i, x):
        noise = jax.random.normal(jax.random.fold_in(key, i), (2,) + x.shape)
        return x + noise[0] * STD, x + noise[1] * STD

    return jax.vmap(one)(ids, xs)


def r19_views_right_keys_first(key, xs, ids):
    keys = jax.vmap(lambda i: jax.random.fold_in(key, i))(ids)
    pairs = jax.vmap(jax.random.split)(keys)  # (N, 2) keys

    def noisy(k, x):
        return x + jax.random.normal(k, x.shape, dtype=x.dtype) / 10.0

    return jax.vmap(noisy)(pairs[:, 0], xs), jax.vmap(noisy)(pairs[:, 1], xs)


ROUND_19 = [
    Wrong(
        "09.per_example_grads",
        "in_axes=(None, 0, 0) on a features x examples xs",
        lambda: r19_peg_rows,
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=1 for the whole dict, b included",
        lambda: r19_peg_out_axes_one,
    ),
    Wrong(
        "09.per_example_grads",
        "no out_axes: w's gradients came out (N, D)",
        lambda: r19_peg_examples_first,
    ),
    Wrong(
        "09.per_example_grads",
        "grad of the mean loss: one batch gradient",
        lambda: r19_peg_batch_gradient,
    ),
    Wrong("09.per_example_grads", "Python loop over the columns", lambda: r19_peg_python_loop),
    Wrong(
        "09.per_example_grads",
        "in_axes None for ys: all labels per example",
        lambda: r19_peg_ys_broadcast,
    ),
    Wrong(
        "09.per_example_grads", "argnums=1: gradient with respect to x", lambda: r19_peg_grad_wrt_x
    ),
    Wrong("09.per_example_grads", "returned a tuple (w, b), not a dict", lambda: r19_peg_tuple),
    Wrong("09.per_example_grads", "summed the per-example gradients", lambda: r19_peg_summed),
    Wrong(
        "09.per_example_grads",
        "reshape(D, N) where a transpose was needed",
        lambda: r19_peg_reshape,
    ),
    Wrong(
        "09.per_example_grads",
        "hand-written gradient, sign of the error flipped",
        lambda: r19_peg_hand_sign,
    ),
    Wrong(
        "09.per_example_grads", "added another variant's weight decay", lambda: r19_peg_weight_decay
    ),
    Wrong("09.per_example_grads", "in_axes 0 for params as well", lambda: r19_peg_mapped_params),
    Wrong("09.split_keeps_key", "typed A: split moves the key on like NumPy", lambda: "A"),
    Wrong("09.split_keeps_key", "typed B: right draws, jit caching as the reason", lambda: "B"),
    Wrong("09.split_keeps_key", "typed D: jit baked the draw in as a constant", lambda: "D"),
    Wrong("09.split_keeps_key", "typed E: jit changes the numbers of a key", lambda: "E"),
    Wrong("09.split_keeps_key", "named the draws, not the letter", lambda: "b and d"),
    Wrong("09.split_keeps_key", "could not choose between B and C", lambda: "B or C"),
    Wrong("09.split_keeps_key", "the option's number, 3, not its letter", lambda: 3),
    Wrong("09.split_keeps_key", "named b, c and d: thought all three match", lambda: "b, c, d"),
    Wrong(
        "09.split_keeps_key",
        "a reason in prose, no letter",
        lambda: "split is deterministic, so b and d match a",
    ),
    Wrong("09.split_keeps_key", "typed both letters that name b and d", lambda: "BC"),
    Wrong(
        "09.random_walk", "the half-fixed walk: draw and split one key", lambda: r19_walk_half_fixed
    ),
    Wrong("09.random_walk", "the same key for every step and rest", lambda: r19_walk_same_key),
    Wrong("09.random_walk", "one subkey for both bernoulli and normal", lambda: r19_walk_sub_twice),
    Wrong("09.random_walk", "put the starting 0.0 in the path", lambda: r19_walk_with_start),
    Wrong("09.random_walk", "returned the steps, not the positions", lambda: r19_walk_increments),
    Wrong("09.random_walk", "returned only the final position", lambda: r19_walk_final_only),
    Wrong("09.random_walk", "np.random for the draws, key unused", lambda: r19_walk_numpy),
    Wrong(
        "09.random_walk",
        "split key, then drew the rests from key too",
        lambda: r19_walk_key_for_rest,
    ),
    Wrong("09.random_walk", "fold_in(key, i) used for both draws", lambda: r19_walk_fold_in_twice),
    Wrong("09.random_walk", "moves when bernoulli says True", lambda: r19_walk_rest_inverted),
    Wrong("09.random_walk", "path preallocated with an integer dtype", lambda: r19_walk_int_path),
    Wrong("09.random_walk", "range(steps - 1): one position short", lambda: r19_walk_one_short),
    Wrong(
        "09.random_walk",
        "split the same key every pass, never carried",
        lambda: r19_walk_split_not_carried,
    ),
    Wrong("09.random_walk", "made key(0) inside, ignoring the argument", lambda: r19_walk_own_seed),
    Wrong("09.two_views", "fold_in with the row number, not the id", lambda: r19_views_by_row),
    Wrong("09.two_views", "one folded key for both views", lambda: r19_views_same_key),
    Wrong("09.two_views", "view b folds in id + 1", lambda: r19_views_id_plus_one),
    Wrong("09.two_views", "broadcast one key to every example", lambda: r19_views_one_key),
    Wrong("09.two_views", "forgot the 0.1: standard deviation 1", lambda: r19_views_std_one),
    Wrong("09.two_views", "took 0.1 as the variance", lambda: r19_views_variance),
    Wrong("09.two_views", "fold_in(key, ids) on the whole array", lambda: r19_views_fold_in_array),
    Wrong("09.two_views", "NumPy generator with a fixed seed", lambda: r19_views_numpy),
    Wrong("09.two_views", "noise on view a only; view b is xs", lambda: r19_views_noise_on_a_only),
    Wrong(
        "09.two_views", "jax.random.key(id): the key argument unused", lambda: r19_views_key_from_id
    ),
    Wrong("09.two_views", "view b is x minus view a's noise", lambda: r19_views_antithetic),
    Wrong(
        "09.two_views",
        "one noise number per example, not per feature",
        lambda: r19_views_scalar_noise,
    ),
    Wrong("09.two_views", "Python loop over the rows", lambda: r19_views_python_loop),
]

RIGHT_19 = [
    Right(
        "09.per_example_grads",
        "out_axes as a dict {'w': 1, 'b': 0}",
        lambda: r19_peg_right_out_dict,
    ),
    Right(
        "09.per_example_grads",
        "vmap over xs.T, then moveaxis to the end",
        lambda: r19_peg_right_transpose,
    ),
    Right(
        "09.per_example_grads",
        "value_and_grad, in_axes=-1, out_axes=-1",
        lambda: r19_peg_right_minus_one,
    ),
    Right("09.split_keeps_key", "lower case with a space", lambda: " c"),
    Right("09.split_keeps_key", "letter with a full stop", lambda: "C."),
    Right("09.split_keeps_key", "plain capital", lambda: "C"),
    Right("09.random_walk", "split(key, (steps, 2)), vmap, cumsum", lambda: r19_walk_right_vmap),
    Right(
        "09.random_walk",
        "split into three each pass, (1 - rest) * draw",
        lambda: r19_walk_right_loop3,
    ),
    Right("09.random_walk", "lax.scan carrying the key", lambda: r19_walk_right_scan),
    Right(
        "09.two_views",
        "split first, then fold_in the id per view",
        lambda: r19_views_right_split_then_fold,
    ),
    Right(
        "09.two_views", "one draw of shape (2, D) per folded key", lambda: r19_views_right_one_draw
    ),
    Right(
        "09.two_views", "keys built first with vmap, noise / 10", lambda: r19_views_right_keys_first
    ),
]
