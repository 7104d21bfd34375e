"""Lesson 09: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour.exercises.lesson09 import log_loss
from tests.content.wrong_answers import Wrong

# --- 09.per_example_grads ---------------------------------------------------------------


def grads_in_axes_all_zero(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 0, 0))(params, xs, ys)


def grads_out_axes_1(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0), out_axes=1)(params, xs, ys)


_rng = np.random.default_rng(0)  # the notebook's batch, as its setup cells leave it
xs = jnp.asarray(_rng.normal(size=(8, 3)), dtype=jnp.float32)
ys = jnp.asarray(_rng.normal(size=8), dtype=jnp.float32)


def grads_notebook_batch(params, x_batch, y_batch):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def grads_ys_not_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, None))(params, xs, ys)


def grads_no_vmap(params, xs, ys):
    return jax.grad(log_loss)(params, xs, ys)


def grads_argnums_tuple(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=(0,)), in_axes=(None, 0, 0))(params, xs, ys)


def grads_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def grads_loop_of_dicts(params, xs, ys):
    grads = []
    for i in range(len(xs)):
        grads.append(jax.grad(log_loss)(params, xs[i], ys[i]))
    return {"w": jnp.stack([g["w"] for g in grads]), "b": jnp.stack([g["b"] for g in grads])}


def grads_averaged(params, xs, ys):
    per_example = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)
    return jax.tree.map(lambda g: g.mean(axis=0), per_example)


def grads_of_sum(params, xs, ys):
    def total(p):
        return jnp.sum(jax.vmap(log_loss, in_axes=(None, 0, 0))(p, xs, ys))

    return jax.grad(total)(params)


def grads_closure(params, xs, ys):
    return jax.vmap(lambda x: jax.grad(log_loss)(params, x, ys))(xs)


def grads_mean_no_vmap(params, xs, ys):
    return jax.grad(lambda p: jnp.mean(log_loss(p, xs, ys)))(params)


def grads_no_return(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)  # noqa: F841


def grads_numpy_stack(params, xs, ys):
    grad_one = jax.grad(log_loss)
    w = np.stack([np.asarray(grad_one(params, x, y)["w"]) for x, y in zip(xs, ys, strict=True)])
    b = np.stack([np.asarray(grad_one(params, x, y)["b"]) for x, y in zip(xs, ys, strict=True)])
    return {"w": w, "b": b}


# --- 09.random_walk ---------------------------------------------------------------------


def walk_split_before_loop(key, steps):
    key, subkey = jax.random.split(key)
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def walk_split_replaces_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key = jax.random.split(key)
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def walk_fold_in_zero(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def walk_starts_at_zero(key, steps):
    position = 0.0
    path = [position]
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def walk_append_before_step(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        path.append(position)
        position = position + jax.random.normal(subkey)
    return jnp.stack(jnp.asarray(path))


def walk_numpy_step(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + np.random.normal()
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


WALK_KEY = jax.random.key(2)  # the notebook's key, as a learner's cell leaves it


def walk_notebook_key(key, steps):
    key = WALK_KEY
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def walk_list(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return path


def walk_shaped_draw(key, steps):
    position = jnp.zeros(1)
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey, (1,))
        path.append(position)
    return jnp.stack(path)


def walk_uniform(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.uniform(subkey)
        path.append(position)
    return jnp.stack(path)


def walk_in_place(key, steps):
    path = jnp.zeros(steps)
    position = 0.0
    for i in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path[i] = position
    return path


def walk_vmapped_steps(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)


def walk_numpy_step_once(key, steps):
    step = np.random.normal()  # drawn once, before the loop
    position = 0.0
    path = []
    for _ in range(steps):
        position = position + step
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


def walk_one_step_short(key, steps):
    position = 0.0
    path = []
    for _ in range(steps - 1):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


# --- 09.two_views -----------------------------------------------------------------------


def views_shared_row_noise(key, xs):
    key_a, key_b = jax.random.split(key)
    noise_a = 0.1 * jax.random.normal(key_a, (xs.shape[1],))
    noise_b = 0.1 * jax.random.normal(key_b, (xs.shape[1],))
    return xs + noise_a, xs + noise_b


def views_one_noise(key, xs):
    def one(k, x):
        noise = 0.1 * jax.random.normal(k, x.shape)
        return x + noise, x + noise

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_stacked(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return jnp.stack(
            [
                x + 0.1 * jax.random.normal(key_a, x.shape),
                x + 0.1 * jax.random.normal(key_b, x.shape),
            ]
        )

    both = jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)
    return jnp.moveaxis(both, 1, 0)


def views_scalar_noise(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return x + 0.1 * jax.random.normal(key_a), x + 0.1 * jax.random.normal(key_b)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_batch_shape(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return (
            x + 0.1 * jax.random.normal(key_a, xs.shape),
            x + 0.1 * jax.random.normal(key_b, xs.shape),
        )

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_variance(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        scale = jnp.sqrt(0.1)  # 0.1 read as the variance
        return (
            x + scale * jax.random.normal(key_a, x.shape),
            x + scale * jax.random.normal(key_b, x.shape),
        )

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_numpy_inside_vmap(key, xs):
    def one(k, x):
        return (
            x + 0.1 * np.random.normal(size=x.shape).astype(np.float32),
            x + 0.1 * np.random.normal(size=x.shape).astype(np.float32),
        )

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_fold_in_loop(key, xs):
    view_a, view_b = xs, xs
    for i in range(xs.shape[0]):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        view_a = view_a.at[i].add(0.1 * jax.random.normal(key_a, xs[i].shape))
        view_b = view_b.at[i].add(0.1 * jax.random.normal(key_b, xs[i].shape))
    return view_a, view_b


def views_one_view(key, xs):
    def one(k, x):
        return x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_keys_not_xs(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return (
            x + 0.1 * jax.random.normal(key_a, x.shape),
            x + 0.1 * jax.random.normal(key_b, x.shape),
        )

    return jax.vmap(one, in_axes=(0, None))(jax.random.split(key, xs.shape[0]), xs)


def views_uniform(key, xs):
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return (
            x + 0.1 * jax.random.uniform(key_a, x.shape),
            x + 0.1 * jax.random.uniform(key_b, x.shape),
        )

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_split_into_pair(key, xs):
    def one(k, x):
        k = jax.random.split(k)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


WRONG_ANSWERS = (
    # 09.per_example_grads
    Wrong(
        "09.per_example_grads",
        "in_axes=(0, 0, 0) written out",
        lambda: grads_in_axes_all_zero,
        named="maps-params",
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=1 from the lesson",
        lambda: grads_out_axes_1,
        named="transposed",
    ),
    Wrong(
        "09.per_example_grads",
        "the notebook's xs and ys",
        lambda: grads_notebook_batch,
        named="reads-notebook",
    ),
    Wrong(
        "09.per_example_grads",
        "ys left unmapped: (None, 0, None)",
        lambda: grads_ys_not_mapped,
        named="ys-not-mapped",
    ),
    Wrong(
        "09.per_example_grads",
        "grad on the whole batch, no vmap",
        lambda: grads_no_vmap,
        named="no-vmap",
    ),
    Wrong(
        "09.per_example_grads",
        "argnums=(0,): a one-element tuple",
        lambda: grads_argnums_tuple,
        named="argnums-tuple",
    ),
    Wrong(
        "09.per_example_grads",
        "value_and_grad instead of grad",
        lambda: grads_value_and_grad,
        named="value-and-grad",
    ),
    Wrong(
        "09.per_example_grads",
        "a loop, stacking w and b",
        lambda: grads_loop_of_dicts,
        named="python-loop",
    ),
    Wrong(
        "09.per_example_grads",
        "per-example grads, then averaged",
        lambda: grads_averaged,
        named="batch-gradient",
    ),
    Wrong(
        "09.per_example_grads",
        "grad of the summed losses",
        lambda: grads_of_sum,
        named="batch-gradient",
    ),
    Wrong(
        "09.per_example_grads", "no return statement", lambda: grads_no_return, named="returns-none"
    ),
    Wrong(
        "09.per_example_grads",
        "np.stack over a loop",
        lambda: grads_numpy_stack,
        named="numpy-arrays",
    ),
    Wrong(
        "09.per_example_grads",
        "vmap over xs only, ys closed over",
        lambda: grads_closure,
        named="ys-not-mapped",
    ),
    Wrong(
        "09.per_example_grads",
        "grad of the mean log_loss, no vmap",
        lambda: grads_mean_no_vmap,
        named="no-vmap",
    ),
    # 09.split_keeps_key
    Wrong("09.split_keeps_key", "lower-case a", lambda: "a", named="split-consumes"),
    Wrong("09.split_keeps_key", "c with a stray space", lambda: " c", named="split-first-is-key"),
    Wrong("09.split_keeps_key", "lower-case d", lambda: "d", named="all-same"),
    Wrong("09.split_keeps_key", "two letters, b and c", lambda: "B and C", says="one of"),
    Wrong("09.split_keeps_key", "a trailing comma: a tuple", lambda: ("B",), says="as a string"),
    Wrong(
        "09.split_keeps_key",
        "the words, not the letter",
        lambda: "b only",
        says="one of",
    ),
    # 09.random_walk
    Wrong(
        "09.random_walk",
        "split once, before the loop",
        lambda: walk_split_before_loop,
        named="split-not-kept",
    ),
    Wrong(
        "09.random_walk",
        "key = split(key), drawn with both",
        lambda: walk_split_replaces_key,
        named="split-pair-as-key",
    ),
    Wrong(
        "09.random_walk",
        "fold_in(key, 0) on every pass",
        lambda: walk_fold_in_zero,
        named="same-key-each-step",
    ),
    Wrong(
        "09.random_walk",
        "the path starts with 0.0",
        lambda: walk_starts_at_zero,
        named="includes-start",
    ),
    Wrong(
        "09.random_walk",
        "appends before taking the step",
        lambda: walk_append_before_step,
        says="Every walk starts with 0.0",
    ),
    Wrong(
        "09.random_walk",
        "np.random.normal in the loop",
        lambda: walk_numpy_step,
        named="not-repeatable",
    ),
    Wrong(
        "09.random_walk",
        "the notebook's key, not the argument",
        lambda: walk_notebook_key,
        named="ignores-key",
    ),
    Wrong(
        "09.random_walk", "returns the list, not stacked", lambda: walk_list, says="jnp.stack(path)"
    ),
    Wrong(
        "09.random_walk",
        "draws of shape (1,)",
        lambda: walk_shaped_draw,
        says="with no shape draws one number",
    ),
    Wrong("09.random_walk", "uniform steps", lambda: walk_uniform, says="centred on 0"),
    Wrong(
        "09.random_walk",
        "path[i] = position, in place",
        lambda: walk_in_place,
        says="x.at[i].set(v)",
    ),
    Wrong(
        "09.random_walk",
        "vmapped draws, not summed",
        lambda: walk_vmapped_steps,
        named="steps-not-positions",
    ),
    Wrong(
        "09.random_walk",
        "np.random.normal once, before the loop",
        lambda: walk_numpy_step_once,
        named="not-repeatable",
    ),
    Wrong(
        "09.random_walk",
        "range(steps - 1)",
        lambda: walk_one_step_short,
        says="It has shape (11,), but one position per step is shape (12,).",
    ),
    # 09.two_views
    Wrong(
        "09.two_views",
        "one noise row broadcast over the batch",
        lambda: views_shared_row_noise,
        named="one-key-for-the-batch",
    ),
    Wrong(
        "09.two_views",
        "one noise added to both views",
        lambda: views_one_noise,
        named="same-key-both-views",
    ),
    Wrong(
        "09.two_views",
        "the views stacked in one array",
        lambda: views_stacked,
        says="return the two views as a pair",
    ),
    Wrong(
        "09.two_views",
        "one number of noise per example",
        lambda: views_scalar_noise,
        says="one number repeated across its features",
    ),
    Wrong(
        "09.two_views",
        "noise of the batch's shape inside vmap",
        lambda: views_batch_shape,
        says="xs.shape instead of x.shape",
    ),
    Wrong(
        "09.two_views",
        "sqrt(0.1): 0.1 read as the variance",
        lambda: views_variance,
        says="0.1 was asked",
    ),
    Wrong(
        "09.two_views",
        "np.random inside the vmapped function",
        lambda: views_numpy_inside_vmap,
        named="not-repeatable",
    ),
    Wrong(
        "09.two_views",
        "a loop with fold_in and .at[i]",
        lambda: views_fold_in_loop,
        named="python-loop",
    ),
    Wrong(
        "09.two_views",
        "returns one view",
        lambda: views_one_view,
        says="Expected a pair (view_a, view_b)",
    ),
    Wrong(
        "09.two_views",
        "in_axes=(0, None): xs not mapped",
        lambda: views_keys_not_xs,
        says="in_axes=None for xs",
    ),
    Wrong(
        "09.two_views", "uniform noise", lambda: views_uniform, says="a standard deviation of 0.029"
    ),
    Wrong(
        "09.two_views",
        "k = split(k), the pair used as one key",
        lambda: views_split_into_pair,
        named="split-pair-as-key",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


def grads_of_transposed(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs.T, ys)


def grads_column_ys(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys[:, None])


def grads_as_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)
    return g["w"], g["b"]


def grads_divided(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys) / len(xs)


def grads_w_only(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)["w"]


def walk_seed_per_step(key, steps):
    position = 0.0
    path = []
    for i in range(steps):
        position = position + jax.random.normal(jax.random.key(i))
        path.append(position)
    return jnp.stack(path)


def walk_subkey_of_same_key(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        _, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def walk_final_position(key, steps):
    position = 0.0
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
    return position


def walk_column(key, steps):
    return jnp.cumsum(jax.random.normal(key, (steps, 1)), axis=0)


def noise_one(key, x):
    return x + 0.1 * jax.random.normal(key, x.shape)


def views_lesson_broadcast(key, xs):
    k1, k2 = jax.random.split(key)
    view_a = jax.vmap(noise_one, in_axes=(None, 0))(k1, xs)
    view_b = jax.vmap(noise_one, in_axes=(None, 0))(k2, xs)
    return view_a, view_b


def views_two_keys(key, xs):
    keys = jax.random.split(key)
    return jax.vmap(noise_one)(keys, xs), jax.vmap(noise_one)(keys, xs)


def views_chained(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    view_a = jax.vmap(noise_one)(keys, xs)
    return view_a, jax.vmap(noise_one)(keys, view_a)


def views_multiplicative(key, xs):
    ka, kb = jax.random.split(key)

    def draw(k, x):
        return jax.random.normal(k, x.shape)

    na = jax.vmap(draw)(jax.random.split(ka, xs.shape[0]), xs)
    nb = jax.vmap(draw)(jax.random.split(kb, xs.shape[0]), xs)
    return xs * (1 + 0.1 * na), xs * (1 + 0.1 * nb)


def views_pair_one_key(key, xs):
    keys = jax.random.split(key, xs.shape[0])
    return jax.vmap(lambda k, x: (noise_one(k, x), noise_one(k, x)))(keys, xs)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("09.per_example_grads", "xs.T passed", lambda: grads_of_transposed, named="wrong-axis"),
    Wrong("09.per_example_grads", "ys[:, None]", lambda: grads_column_ys, named="ys-not-numbers"),
    Wrong(
        "09.per_example_grads",
        "(g['w'], g['b']): a tuple",
        lambda: grads_as_tuple,
        named="leaves-in-a-tuple",
    ),
    Wrong(
        "09.per_example_grads",
        "divided by len(xs)",
        lambda: grads_divided,
        named="dict-arithmetic",
    ),
    Wrong("09.per_example_grads", "only ['w']", lambda: grads_w_only, named="w-only"),
    Wrong("09.split_keeps_key", "'B only'", lambda: "B only", says="one of"),
    Wrong("09.split_keeps_key", "'none', the words of A", lambda: "none", says="one of"),
    Wrong("09.split_keeps_key", "1, B's position", lambda: 1, says="as a string"),
    Wrong(
        "09.random_walk", "jax.random.key(i) each step", lambda: walk_seed_per_step, "ignores-key"
    ),
    Wrong(
        "09.random_walk",
        "split(key) each step, key never replaced",
        lambda: walk_subkey_of_same_key,
        named="split-not-kept",
    ),
    Wrong(
        "09.random_walk",
        "returns the final position only",
        lambda: walk_final_position,
        says="one position per step",
    ),
    Wrong(
        "09.random_walk", "draws of shape (steps, 1)", lambda: walk_column, says="draws one number"
    ),
    Wrong(
        "09.two_views",
        "the lesson's in_axes=(None, 0), one key per view",
        lambda: views_lesson_broadcast,
        named="one-key-for-the-batch",
    ),
    Wrong("09.two_views", "split(key): 2 keys for N rows", lambda: views_two_keys, "too-few-keys"),
    Wrong(
        "09.two_views",
        "view_b made from view_a",
        lambda: views_chained,
        says="noise in view_b has a standard deviation",
    ),
    Wrong(
        "09.two_views",
        "multiplicative noise",
        lambda: views_multiplicative,
        says="noise in view_a has a standard deviation",
    ),
    Wrong(
        "09.two_views",
        "a pair from one key inside vmap",
        lambda: views_pair_one_key,
        named="same-key-both-views",
    ),
)
