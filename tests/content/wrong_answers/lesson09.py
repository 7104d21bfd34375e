"""Lesson 09: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour.exercises.lesson09 import log_loss
from tests.content.wrong_answers import Wrong

# --- 09.per_example_grads ---------------------------------------------------------------
# The exercise's xs has shape (D, N): one example per column.


def grads_demo_line(params, xs, ys):  # the lesson's line, examples in rows
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def grads_jacfwd_of_losses(params, xs, ys):  # the Jacobian of the N losses: w's (N, D)
    losses = lambda p: jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)  # noqa: E731
    return jax.jacfwd(losses)(params)


def grads_in_axes_all_one(params, xs, ys):  # "the examples are on axis 1" for ys too
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 1))(params, xs, ys)


def grads_params_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(0, 1, 0))(params, xs, ys)


def grads_out_axes_1(params, xs, ys):  # "keep the columns layout in the result"
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


_rng = np.random.default_rng(0)  # the notebook's batch, as its setup cells leave it
xs = jnp.asarray(_rng.normal(size=(8, 3)), dtype=jnp.float32)
ys = jnp.asarray(_rng.normal(size=8), dtype=jnp.float32)


def grads_notebook_batch(params, x_batch, y_batch):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 0, 0))(params, xs, ys)


def grads_ys_not_mapped(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, None))(params, xs, ys)


def grads_no_vmap(params, xs, ys):
    return jax.grad(log_loss)(params, xs, ys)


def grads_argnums_tuple(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=(0,)), in_axes=(None, 1, 0))(params, xs, ys)


def grads_value_and_grad(params, xs, ys):
    return jax.vmap(jax.value_and_grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def grads_loop_of_dicts(params, xs, ys):
    grads = []
    for i in range(xs.shape[1]):
        grads.append(jax.grad(log_loss)(params, xs[:, i], ys[i]))
    return {"w": jnp.stack([g["w"] for g in grads]), "b": jnp.stack([g["b"] for g in grads])}


def grads_averaged(params, xs, ys):
    per_example = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return jax.tree.map(lambda g: g.mean(axis=0), per_example)


def grads_of_sum(params, xs, ys):
    def total(p):
        return jnp.sum(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(total)(params)


def grads_closure(params, xs, ys):
    return jax.vmap(lambda x: jax.grad(log_loss)(params, x, ys), in_axes=1)(xs)


def grads_all_labels_summed(params, xs, ys):  # round 7's auditor: ys broadcast, loss summed
    def one(x):
        return jax.grad(lambda p: jnp.sum(log_loss(p, x, ys)))(params)

    return jax.vmap(one, in_axes=1, out_axes=-1)(xs)


def grads_all_labels_mean(params, xs, ys):  # ys shared by every example, loss averaged
    one = jax.grad(lambda p, x, y: jnp.mean(log_loss(p, x, y)))
    return jax.vmap(one, in_axes=(None, 1, None))(params, xs, ys)


def grads_mean_no_vmap(params, xs, ys):  # xs (D, N): the dot makes N logits, their mean
    return jax.grad(lambda p: jnp.mean(log_loss(p, xs, ys)))(params)


def grads_no_return(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)  # noqa: F841


def grads_numpy_stack(params, xs, ys):
    grad_one = jax.grad(log_loss)
    w = np.stack([np.asarray(grad_one(params, x, y)["w"]) for x, y in zip(xs.T, ys, strict=True)])
    b = np.stack([np.asarray(grad_one(params, x, y)["b"]) for x, y in zip(xs.T, ys, strict=True)])
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


def views_demo_split(key, xs, ids):  # the lesson's demo: one key per row
    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(jax.random.split(key, xs.shape[0]), xs)


def views_fold_in_row(key, xs, ids):  # fold_in with the row number, not the id
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(jnp.arange(xs.shape[0]), xs)


def views_shared_row_noise(key, xs, ids):
    key_a, key_b = jax.random.split(key)
    noise_a = 0.1 * jax.random.normal(key_a, (xs.shape[1],))
    noise_b = 0.1 * jax.random.normal(key_b, (xs.shape[1],))
    return xs + noise_a, xs + noise_b


def views_one_noise(key, xs, ids):
    def one(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x + noise

    return jax.vmap(one)(ids, xs)


def views_stacked(key, xs, ids):  # both views in one array of shape (2, N, D)
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jnp.stack(jax.vmap(one)(ids, xs))


def views_scalar_noise(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a), x + 0.1 * jax.random.normal(key_b)

    return jax.vmap(one)(ids, xs)


def views_batch_shape(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return (
            x + 0.1 * jax.random.normal(key_a, xs.shape),
            x + 0.1 * jax.random.normal(key_b, xs.shape),
        )

    return jax.vmap(one)(ids, xs)


def views_variance(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        scale = jnp.sqrt(0.1)  # 0.1 read as the variance
        return (
            x + scale * jax.random.normal(key_a, x.shape),
            x + scale * jax.random.normal(key_b, x.shape),
        )

    return jax.vmap(one)(ids, xs)


def views_numpy_inside_vmap(key, xs, ids):
    def one(i, x):
        return (
            x + 0.1 * np.random.normal(size=x.shape).astype(np.float32),
            x + 0.1 * np.random.normal(size=x.shape).astype(np.float32),
        )

    return jax.vmap(one)(ids, xs)


def views_numpy_seeded_from_key(key, xs, ids):  # reproducible, but NumPy
    np.random.seed(int(jax.random.randint(key, (), 0, 2**31 - 1)))
    noise = 0.1 * np.random.normal(size=(2, *xs.shape)).astype(np.float32)
    return xs + noise[0], xs + noise[1]


def views_numpy_per_id(key, xs, ids):  # a NumPy generator per id, seeded from the key
    seed = int(jax.random.key_data(key)[-1])
    view_a, view_b = [], []
    for i, x in zip(np.asarray(ids), np.asarray(xs), strict=True):
        rng = np.random.default_rng([seed, int(i)])
        view_a.append(x + 0.1 * rng.normal(size=x.shape))
        view_b.append(x + 0.1 * rng.normal(size=x.shape))
    return jnp.array(np.stack(view_a), jnp.float32), jnp.array(np.stack(view_b), jnp.float32)


def views_fold_in_loop(key, xs, ids):
    view_a, view_b = xs, xs
    for i in range(xs.shape[0]):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, ids[i]))
        view_a = view_a.at[i].add(0.1 * jax.random.normal(key_a, xs[i].shape))
        view_b = view_b.at[i].add(0.1 * jax.random.normal(key_b, xs[i].shape))
    return view_a, view_b


def views_one_view(key, xs, ids):
    def one(i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)

    return jax.vmap(one)(ids, xs)


def views_xs_not_mapped(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return (
            x + 0.1 * jax.random.normal(key_a, x.shape),
            x + 0.1 * jax.random.normal(key_b, x.shape),
        )

    return jax.vmap(one, in_axes=(0, None))(ids, xs)


def views_uniform(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return (
            x + 0.1 * jax.random.uniform(key_a, x.shape),
            x + 0.1 * jax.random.uniform(key_b, x.shape),
        )

    return jax.vmap(one)(ids, xs)


def views_split_into_pair(key, xs, ids):
    def one(i, x):
        k = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(ids, xs)


def views_whole_batch(key, xs, ids):  # one draw for the whole batch, no vmap
    key_a, key_b = jax.random.split(key)
    return xs + 0.1 * jax.random.normal(key_a, xs.shape), xs + 0.1 * jax.random.normal(
        key_b, xs.shape
    )


def views_lax_map(key, xs, ids):
    def one(pair):
        i, x = pair
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.lax.map(one, (ids, xs))


def views_next_id(key, xs, ids):  # view_b from the next id's key
    def one(i, x):
        return (
            x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape),
            x + 0.1 * jax.random.normal(jax.random.fold_in(key, i + 1), x.shape),
        )

    return jax.vmap(one)(ids, xs)


def walk_draw_then_split(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(key)
        key, _ = jax.random.split(key)
        path.append(position)
    return jnp.stack(path)


def walk_split_then_draw_carried(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, unused = jax.random.split(key)
        position = position + jax.random.normal(key)
        path.append(position)
    return jnp.stack(path)


def walk_draw_then_keep_second(key, steps):
    steps_drawn = []
    for _ in range(steps):
        steps_drawn.append(jax.random.normal(key))
        key = jax.random.split(key)[1]
    return jnp.cumsum(jnp.stack(steps_drawn))


WRONG_ANSWERS = (
    # 09.per_example_grads
    Wrong(
        "09.per_example_grads",
        "jacfwd of the vmapped losses",
        lambda: grads_jacfwd_of_losses,
        named="jacobian-examples-first",
    ),
    Wrong(
        "09.per_example_grads",
        "the lesson's line: in_axes=(None, 0, 0)",
        lambda: grads_demo_line,
        named="wrong-axis",
    ),
    Wrong(
        "09.per_example_grads",
        "in_axes=(None, 1, 1): axis 1 for ys too",
        lambda: grads_in_axes_all_one,
        named="ys-axis-1",
    ),
    Wrong(
        "09.per_example_grads",
        "in_axes=(0, 1, 0): params mapped",
        lambda: grads_params_mapped,
        named="maps-params",
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=1 to keep the columns",
        lambda: grads_out_axes_1,
        named="out-axes-one",
    ),
    Wrong(
        "09.per_example_grads",
        "the notebook's xs and ys",
        lambda: grads_notebook_batch,
        named="reads-notebook",
    ),
    Wrong(
        "09.per_example_grads",
        "ys left unmapped: (None, 1, None)",
        lambda: grads_ys_not_mapped,
        named="ys-not-mapped",
    ),
    Wrong(
        "09.per_example_grads",
        "grad on the whole batch, no vmap",
        lambda: grads_no_vmap,
        named="grad-of-batch",
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
        "a loop over the columns, stacking w and b",
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
        "every example given all of ys, its loss summed",
        lambda: grads_all_labels_summed,
        named="all-labels",
    ),
    Wrong(
        "09.per_example_grads",
        "ys unmapped (None), the loss averaged over the labels",
        lambda: grads_all_labels_mean,
        named="all-labels",
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
        named="batch-gradient",
    ),
    # 09.split_keeps_key
    Wrong(
        "09.split_keeps_key",
        "lower-case a: option A, as in every choice",
        lambda: "a",
        named="split-consumes",
    ),
    Wrong(
        "09.split_keeps_key",
        "d with a stray space",
        lambda: " d",
        named="baked-constant",
    ),
    Wrong("09.split_keeps_key", "lower-case e", lambda: "e", named="jit-other-numbers"),
    Wrong(
        "09.split_keeps_key",
        "b alone: option B, as in every choice",
        lambda: "b",
        named="remembered-draws",
    ),
    Wrong(
        "09.split_keeps_key",
        "(B): ran it, saw b and d, picked the first option that says so",
        lambda: "(B)",
        named="remembered-draws",
    ),
    Wrong("09.split_keeps_key", "two letters, b and c", lambda: "B and C", says="one of"),
    Wrong(
        "09.split_keeps_key",
        "b and d, the draws by name",
        lambda: "b and d",
        says="names what the question calls",
    ),
    Wrong(
        "09.split_keeps_key",
        "a trailing comma: a tuple",
        lambda: ("B",),
        says="is a tuple of one item, not a string",
    ),
    Wrong(
        "09.split_keeps_key",
        "the words, not the letter",
        lambda: "b only",
        says="one of",
    ),
    # 09.random_walk
    Wrong(
        "09.random_walk",
        "the half-fixed walk pasted: draws from key, then splits it",
        lambda: walk_draw_then_split,
        named="draws-from-split-key",
    ),
    Wrong(
        "09.random_walk",
        "splits first, then draws from the key it carries on",
        lambda: walk_split_then_draw_carried,
        named="draws-from-split-key",
    ),
    Wrong(
        "09.random_walk",
        "draws from key, carries the second half of the split",
        lambda: walk_draw_then_keep_second,
        named="draws-from-split-key",
    ),
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
        "09.random_walk",
        "returns the list, not stacked",
        lambda: walk_list,
        says="where one array was asked",
    ),
    Wrong(
        "09.random_walk",
        "draws of shape (1,)",
        lambda: walk_shaped_draw,
        says="drawn as an array of its own",
    ),
    Wrong("09.random_walk", "uniform steps", lambda: walk_uniform, says="centred on 0"),
    Wrong(
        "09.random_walk",
        "path[i] = position, in place",
        lambda: walk_in_place,
        says="cannot be changed in place",
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
        "the demo's split(key, N), two views",
        lambda: views_demo_split,
        named="keys-by-row",
    ),
    Wrong(
        "09.two_views",
        "fold_in with the row number",
        lambda: views_fold_in_row,
        named="keys-by-row",
    ),
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
        "both views stacked into one array",
        lambda: views_stacked,
        says="the two views stacked in it, where the task asks for the pair",
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
        says="has the shape of the whole batch",
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
        "np.random.seed from a key draw",
        lambda: views_numpy_seeded_from_key,
        named="numpy-from-key",
    ),
    Wrong(
        "09.two_views",
        "a NumPy generator per id, seeded from key_data",
        lambda: views_numpy_per_id,
        named="numpy-from-key",
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
        lambda: views_xs_not_mapped,
        says="what vmap does not map reaches every example whole",
    ),
    Wrong(
        "09.two_views", "uniform noise", lambda: views_uniform, says="a draw of jax.random.uniform"
    ),
    Wrong(
        "09.two_views",
        "k = split(k), the pair used as one key",
        lambda: views_split_into_pair,
        named="split-pair-as-key",
    ),
    Wrong(
        "09.two_views",
        "one draw of xs.shape per view, no vmap",
        lambda: views_whole_batch,
        named="no-vmap",
    ),
    Wrong("09.two_views", "jax.lax.map over ids and xs", lambda: views_lax_map, named="no-vmap"),
    Wrong(
        "09.two_views",
        "view_b from fold_in(key, i + 1)",
        lambda: views_next_id,
        says="one key was used twice",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


def grads_of_transposed(params, xs, ys):  # transposed to rows, but still axis 1
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs.T, ys)


def grads_column_ys(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys[:, None])


def grads_as_tuple(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return g["w"], g["b"]


def grads_divided(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys) / len(ys)


def grads_w_only(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)["w"]


def grads_w_dict_columns(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return {"w": grads["w"]}


def grads_argnums_tuple_columns(params, xs, ys):
    grad_one = jax.grad(log_loss, argnums=(0,))
    return jax.vmap(grad_one, in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)


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


def views_lesson_broadcast(key, xs, ids):
    k1, k2 = jax.random.split(key)
    view_a = jax.vmap(noise_one, in_axes=(None, 0))(k1, xs)
    view_b = jax.vmap(noise_one, in_axes=(None, 0))(k2, xs)
    return view_a, view_b


def views_two_keys(key, xs, ids):
    keys = jax.random.split(key)
    return jax.vmap(noise_one)(keys, xs), jax.vmap(noise_one)(keys, xs)


def views_chained(key, xs, ids):
    keys = jax.vmap(lambda i: jax.random.fold_in(key, i))(ids)
    view_a = jax.vmap(noise_one)(keys, xs)
    return view_a, jax.vmap(noise_one)(keys, view_a)


def views_multiplicative(key, xs, ids):
    def one(i, x):
        ka, kb = jax.random.split(jax.random.fold_in(key, i))
        return x * (1 + 0.1 * jax.random.normal(ka, x.shape)), x * (
            1 + 0.1 * jax.random.normal(kb, x.shape)
        )

    return jax.vmap(one)(ids, xs)


def views_pair_one_key(key, xs, ids):
    return jax.vmap(
        lambda i, x: (
            noise_one(jax.random.fold_in(key, i), x),
            noise_one(jax.random.fold_in(key, i), x),
        )
    )(ids, xs)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.per_example_grads",
        "xs.T, still mapped along axis 1",
        lambda: grads_of_transposed,
        named="wrong-axis",
    ),
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
    Wrong(
        "09.per_example_grads",
        "a dict with w alone, examples last",
        lambda: grads_w_dict_columns,
        named="w-only",
    ),
    Wrong(
        "09.per_example_grads",
        "argnums=(0,) with out_axes=-1",
        lambda: grads_argnums_tuple_columns,
        named="argnums-tuple",
    ),
    Wrong("09.split_keeps_key", "'B only'", lambda: "B only", named="remembered-draws"),
    Wrong("09.split_keeps_key", "'d only', the words of A", lambda: "d only", says="one of"),
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
        "09.random_walk", "draws of shape (steps, 1)", lambda: walk_column, says="not as one number"
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


# --- issue 21's listed cases, re-verified against today's exercises --------------------------


def walk_numpy_seeded_from_key(key, steps):  # the same key gives the same walk, but NumPy
    rng = np.random.default_rng(int(jax.random.randint(key, (), 0, 2**31 - 1)))
    return jnp.asarray(np.cumsum(rng.normal(size=steps)), dtype=jnp.float32)


def walk_numpy_global_seeded(key, steps):
    np.random.seed(int(jax.random.key_data(key)[-1]))
    position, path = 0.0, []
    for _ in range(steps):
        position = position + np.random.normal()
        path.append(position)
    return jnp.array(path, dtype=jnp.float32)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "a NumPy generator seeded from the key",
        lambda: walk_numpy_seeded_from_key,
        named="numpy-from-key",
    ),
    Wrong(
        "09.random_walk",
        "np.random.seed from the key's data, then np.random.normal",
        lambda: walk_numpy_global_seeded,
        named="numpy-from-key",
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_grads_in_axes_list(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=[None, 1, 0])(params, xs, ys)


def r2_grads_ys_column(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys.reshape(-1, 1))


def r2_grads_transposed_and_axis_one(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs.T, ys)


def r2_grads_mean(params, xs, ys):
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)
    return jax.tree.map(lambda g: g.mean(axis=0), grads)


def r2_grads_float16(params, xs, ys):
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs.astype(jnp.float16), ys)


def r2_walk_fold_in_zero(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.fold_in(key, 0))
        path.append(position)
    return jnp.stack(path)


def r2_walk_normal_of_keys(key, steps):
    keys = jax.random.split(key, steps)
    return jnp.cumsum(jax.random.normal(keys))


def r2_walk_list(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return path


def r2_walk_uniform(key, steps):
    return jnp.cumsum(jax.random.uniform(key, (steps,)))


def r2_walk_final_only(key, steps):
    return jnp.sum(jax.random.normal(key, (steps,)))


def r2_views_fold_in_array(key, xs, ids):
    keys = jax.random.fold_in(key, ids)
    noise = jax.random.normal(keys, (2, *xs.shape))
    return xs + 0.1 * noise[0], xs + 0.1 * noise[1]


def r2_views_split_batch_of_keys(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)
    key_a, key_b = jax.random.split(keys)
    draw = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return draw(key_a, xs), draw(key_b, xs)


def r2_views_variance_point_one(key, xs, ids):
    keys = jax.vmap(jax.random.fold_in, in_axes=(None, 0))(key, ids)

    def one(k, x):
        k_a, k_b = jax.random.split(k)
        scale = jnp.sqrt(0.1)
        return x + scale * jax.random.normal(k_a, x.shape), x + scale * jax.random.normal(
            k_b, x.shape
        )

    return jax.vmap(one)(keys, xs)


def r2_views_two_keys_for_the_batch(key, xs, ids):
    key_a, key_b = jax.random.fold_in(key, 0), jax.random.fold_in(key, 1)
    return (
        xs + 0.1 * jax.random.normal(key_a, xs.shape),
        xs + 0.1 * jax.random.normal(key_b, xs.shape),
    )


ROUND_2 = (
    Wrong(
        "09.per_example_grads",
        "ys reshaped to a column",
        lambda: r2_grads_ys_column,
        named="ys-not-numbers",
    ),
    Wrong(
        "09.per_example_grads",
        "xs.T and in_axes 1",
        lambda: r2_grads_transposed_and_axis_one,
        named="wrong-axis",
    ),
    Wrong(
        "09.per_example_grads",
        "mean over the examples",
        lambda: r2_grads_mean,
        named="batch-gradient",
    ),
    Wrong(
        "09.per_example_grads",
        "xs in float16",
        lambda: r2_grads_float16,
        says="close, but not within the tolerance",
    ),
    Wrong("09.split_keeps_key", '"D": the draw compiled in', lambda: "D", named="baked-constant"),
    Wrong(
        "09.split_keeps_key", '"E": jit draws other numbers', lambda: "E", named="jit-other-numbers"
    ),
    Wrong("09.split_keeps_key", '"A": split moves key on', lambda: "A", named="split-consumes"),
    Wrong(
        "09.split_keeps_key",
        '"b and c"',
        lambda: "b and c",
        says="'b and c' names what the question calls a, b, c, d, not an option",
    ),
    Wrong(
        "09.random_walk",
        "fold_in(key, 0) at every step",
        lambda: r2_walk_fold_in_zero,
        named="same-key-each-step",
    ),
    Wrong(
        "09.random_walk",
        "normal() of a batch of keys",
        lambda: r2_walk_normal_of_keys,
        named="batch-of-keys",
    ),
    Wrong(
        "09.random_walk",
        "the path as a list",
        lambda: r2_walk_list,
        says="random_walk(key, 12) returned the wrong thing.",
    ),
    Wrong(
        "09.random_walk",
        "uniform steps, again",
        lambda: r2_walk_uniform,
        says="Over 32 walks the steps average 0.53;",
    ),
    Wrong(
        "09.random_walk",
        "the final position only",
        lambda: r2_walk_final_only,
        says="random_walk(key, 12) returned the wrong thing.",
    ),
    Wrong(
        "09.two_views",
        "fold_in with the ids array",
        lambda: r2_views_fold_in_array,
        named="fold-in-array",
    ),
    Wrong(
        "09.two_views",
        "split() on the batch of keys",
        lambda: r2_views_split_batch_of_keys,
        named="split-batch-of-keys",
    ),
    Wrong(
        "09.two_views",
        "sqrt(0.1): variance 0.1",
        lambda: r2_views_variance_point_one,
        says="The noise in view_a has a standard deviation of",
    ),
    Wrong(
        "09.two_views",
        "one key per view for the batch",
        lambda: r2_views_two_keys_for_the_batch,
        named="no-vmap",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_grads_batch_mean(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    return jax.grad(mean_loss)(params)


def r3_grads_wrt_x(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0))(params, xs, ys)


def r3_grads_grad_of_vmap(params, xs, ys):
    return jax.grad(jax.vmap(log_loss, in_axes=(None, 1, 0)))(params, xs, ys)


def r3_walk_split_not_kept(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        _, subkey = jax.random.split(key)
        position = position + jax.random.normal(subkey)
        path.append(position)
    return jnp.stack(path)


def r3_walk_starts_with_zero(key, steps):
    draws = jax.random.normal(key, (steps,))
    return jnp.concatenate([jnp.zeros(1), jnp.cumsum(draws)])


def r3_walk_draws_only(key, steps):
    keys = jax.random.split(key, steps)
    return jax.vmap(jax.random.normal)(keys)


def r3_views_split_by_row(key, xs, ids):
    key_a, key_b = jax.random.split(key)

    def noise(k, x):
        return x + 0.1 * jax.random.normal(k, x.shape)

    keys_a = jax.random.split(key_a, xs.shape[0])
    keys_b = jax.random.split(key_b, xs.shape[0])
    return jax.vmap(noise)(keys_a, xs), jax.vmap(noise)(keys_b, xs)


def r3_views_same_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(k, x.shape)

    return jax.vmap(one)(xs, ids)


def r3_views_id_plus_one(key, xs, ids):
    def one(x, i):
        noise_a = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        noise_b = jax.random.normal(jax.random.fold_in(key, i + 1), x.shape)
        return x + 0.1 * noise_a, x + 0.1 * noise_b

    return jax.vmap(one)(xs, ids)


ROUND_3 = (
    Wrong("09.per_example_grads", "grad of the mean: one gradient", lambda: r3_grads_batch_mean),
    Wrong("09.per_example_grads", "argnums=1: gradients for x", lambda: r3_grads_wrt_x),
    Wrong(
        "09.per_example_grads", "grad(vmap(...)): the order swapped", lambda: r3_grads_grad_of_vmap
    ),
    Wrong("09.split_keeps_key", '"A": split changes the key', lambda: "A"),
    Wrong("09.split_keeps_key", '"D": k1 is the old key', lambda: "D"),
    Wrong("09.split_keeps_key", '"b only", the option\'s text', lambda: "b only"),
    Wrong("09.random_walk", "split each pass, key never replaced", lambda: r3_walk_split_not_kept),
    Wrong("09.random_walk", "cumsum with the start 0.0 in front", lambda: r3_walk_starts_with_zero),
    Wrong("09.random_walk", "the draws, never summed", lambda: r3_walk_draws_only),
    Wrong("09.two_views", "a key per row, from split", lambda: r3_views_split_by_row),
    Wrong("09.two_views", "one fold_in key for both views", lambda: r3_views_same_key),
    Wrong("09.two_views", "fold_in(key, id + 1) for view b", lambda: r3_views_id_plus_one),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: symptoms another cause shares -------------------------------------------------


def i35_walk_coin_flips(key, steps):
    keys = jax.random.split(key, steps)
    flips = jax.vmap(jax.random.bernoulli)(keys)
    return jnp.cumsum(jnp.where(flips, 1.0, -1.0))


def i35_views_b_plain(key, xs, ids):
    def one_example(i, x):
        noise = 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + noise, x

    return jax.vmap(one_example)(ids, xs)


def i35_grads_examples_first(params, xs, ys):  # the task before issue 34 asked for this
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)


def grads_out_axes_pytree_wrong(params, xs, ys):  # a pytree out_axes, b's entry 1
    return jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes={"w": 1, "b": 1})(
        params, xs, ys
    )


def grads_first_then_b_moved(params, xs, ys):  # w left (N, D)
    grads = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=0)(params, xs, ys)
    return {"w": grads["w"], "b": grads["b"]}


ISSUE_35 = (
    Wrong(
        "09.random_walk",
        "±1 steps from coin flips",
        lambda: i35_walk_coin_flips,
        says="Every step of your walks is one of -1, 1",
    ),
    Wrong(
        "09.two_views",
        "view_b left as x",
        lambda: i35_views_b_plain,
        says="view_b is xs unchanged",
    ),
    Wrong(
        "09.per_example_grads",
        "right gradients with the examples first, as the demo leaves them",
        lambda: i35_grads_examples_first,
        named="examples-first",
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes as a dict, 1 for b too",
        lambda: grads_out_axes_pytree_wrong,
        named="out-axes-one",
    ),
    Wrong(
        "09.per_example_grads",
        "out_axes=0 written out",
        lambda: grads_first_then_b_moved,
        named="examples-first",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)
# --- Issue 35's round: keys that a shuffle of the same batch cannot tell apart ------------


def r4_views_rank_keys(key, xs, ids):
    ranks = jnp.argsort(jnp.argsort(ids))  # each id's rank in the batch: kept by a shuffle

    def one(rank, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, rank))
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(ranks, xs)


def r4_views_offset_ids(key, xs, ids):
    def one(i, x):
        key_a, key_b = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(ids - ids.min(), xs)  # "ids from 0", relative to this batch


def r4_views_split_sorted(key, xs, ids):
    keys = jax.random.split(key, xs.shape[0])[jnp.argsort(jnp.argsort(ids))]

    def one(k, x):
        key_a, key_b = jax.random.split(k)
        return x + 0.1 * jax.random.normal(key_a, x.shape), x + 0.1 * jax.random.normal(
            key_b, x.shape
        )

    return jax.vmap(one)(keys, xs)


def r4_grads_by_map(params, xs, ys):
    # map, not for: traced, it still unrolls into one gradient per example
    grads = list(map(lambda i: jax.grad(log_loss)(params, xs[:, i], ys[i]), range(xs.shape[1])))
    return jax.tree.map(lambda *g: jnp.stack(g), *grads)


ROUND_4 = (
    Wrong(
        "09.per_example_grads",
        "map over the example indices",
        lambda: r4_grads_by_map,
        "python-loop",
    ),
    Wrong(
        "09.two_views",
        "fold_in each id's rank in the batch",
        lambda: r4_views_rank_keys,
        "keys-by-rank",
    ),
    Wrong(
        "09.two_views", "fold_in(key, id - ids.min())", lambda: r4_views_offset_ids, "keys-by-rank"
    ),
    Wrong(
        "09.two_views",
        "split(key, N) handed out in id order",
        lambda: r4_views_split_sorted,
        "keys-by-rank",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- round 7's accepted answers in 09.random_walk and 09.two_views (session 44) ---------------


def walk_split_twice(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        position = position + jax.random.normal(jax.random.split(key)[0])
        key = jax.random.split(key)[1]  # the same key split a second time
        path.append(position)
    return jnp.stack(path)


def walk_split_twice_unpacked(key, steps):
    position, path = 0.0, []
    for _ in range(steps):
        draw_key, _ = jax.random.split(key)
        _, key = jax.random.split(key)
        position = position + jax.random.normal(draw_key)
        path.append(position)
    return jnp.stack(path)


def walk_split_three_twice(key, steps):
    keys = jax.random.split(key, steps)
    again = jax.random.split(key, steps)  # "to be safe"
    return jnp.cumsum(jax.vmap(jax.random.normal)(keys) * 0 + jax.vmap(jax.random.normal)(again))


def views_plus_minus_id(key, xs, ids):
    def one(i, x):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(key, -i), x.shape)
        return a, b

    return jax.vmap(one)(ids, xs)


def views_id_times_one(key, xs, ids):
    def one(i, x):
        a = x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)
        b = x + 0.1 * jax.random.normal(jax.random.fold_in(key, 2 * i), x.shape)
        return a, b

    return jax.vmap(one)(ids, xs)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "split(key)[0] to draw, split(key)[1] to carry",
        lambda: walk_split_twice,
        named="key-split-twice",
    ),
    Wrong(
        "09.random_walk",
        "two unpacked splits of one key",
        lambda: walk_split_twice_unpacked,
        named="key-split-twice",
    ),
    Wrong(
        "09.random_walk",
        "split(key, steps) twice",
        lambda: walk_split_three_twice,
        named="key-split-twice",
    ),
    Wrong(
        "09.two_views",
        "fold_in(key, i) and fold_in(key, -i)",
        lambda: views_plus_minus_id,
        says="got the same noise",
    ),
    Wrong(
        "09.two_views",
        "fold_in(key, i) and fold_in(key, 2 * i)",
        lambda: views_id_times_one,
        says="got the same noise",
    ),
)


# --- round 7's generic families in 09.per_example_grads (session 44) --------------------------


def grads_sum_broadcast(params, xs, ys):  # the summed loss's gradient, one copy per column
    def total(p):
        return jnp.sum(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    g = jax.grad(total)(params)
    return {"w": jnp.broadcast_to(g["w"][:, None], xs.shape), "b": jnp.full(ys.shape, g["b"])}


def grads_mean_tiled(params, xs, ys):
    def mean_loss(p):
        return jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys))

    g = jax.grad(mean_loss)(params)
    n = xs.shape[1]
    return {"w": jnp.tile(g["w"][:, None], (1, n)), "b": jnp.tile(g["b"], n)}


def grads_mean_broadcast(params, xs, ys):
    g = jax.grad(lambda p: jnp.mean(jax.vmap(log_loss, in_axes=(None, 1, 0))(p, xs, ys)))(params)
    n = xs.shape[1]
    return {"w": jnp.broadcast_to(g["w"][:, None], (g["w"].shape[0], n)), "b": jnp.full(n, g["b"])}


def grads_wrt_x_last(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)


def grads_wrt_x_first(params, xs, ys):
    return jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0))(params, xs, ys)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.per_example_grads",
        "the mean gradient tiled per example",
        lambda: grads_mean_tiled,
        named="batch-gradient-repeated",
    ),
    Wrong(
        "09.per_example_grads",
        "the mean gradient broadcast per example",
        lambda: grads_mean_broadcast,
        named="batch-gradient-repeated",
    ),
    Wrong(
        "09.per_example_grads",
        "the summed gradient broadcast per example",
        lambda: grads_sum_broadcast,
        named="batch-gradient-repeated",
    ),
    Wrong(
        "09.per_example_grads", "grad wrt x, examples last", lambda: grads_wrt_x_last, named="wrt-x"
    ),
    Wrong(
        "09.per_example_grads",
        "grad wrt x, examples first",
        lambda: grads_wrt_x_first,
        named="wrt-x",
    ),
)


# --- round 8: two letters in a reason (its "a" is no option named) ------------------------
def r8_views_b_from_numpy(key, xs, ids):
    def one(x, i):
        k_a, _ = jax.random.split(jax.random.fold_in(key, i))
        return x + 0.1 * jax.random.normal(k_a, x.shape), x + 0.1 * np.random.normal(size=x.shape)

    return jax.vmap(one)(xs, ids)


def r8_walk_first_step_from_key(key, steps):
    position = jax.random.normal(key)
    path = [position]
    for k in jax.random.split(key, steps - 1):
        position = position + jax.random.normal(k)
        path.append(position)
    return jnp.stack(path)


ROUND_8_FIXED = (
    Wrong(
        "09.two_views",
        "view b noise from np.random",
        lambda: r8_views_b_from_numpy,
        named="numpy-beside-keys",
    ),
    Wrong(
        "09.random_walk",
        "first draw from key, then split key",
        lambda: r8_walk_first_step_from_key,
        named="drawn-and-split",
    ),
    Wrong(
        "09.split_keeps_key",
        "two letters in a reason ('C, not A: split is a pure function')",
        lambda: "C, not A: split is a pure function",
        says="write the letter alone",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_8_FIXED)


# --- session 46: one key drawn from on every pass (round 8's reader, accepted before) -------


def walk_cumsum_of_redraws(key, steps):
    """A comprehension that draws all the steps from key on every pass, one entry kept."""
    steps_drawn = [jax.random.normal(key, (steps,))[i] for i in range(steps)]
    return jnp.cumsum(jnp.stack(steps_drawn))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "a (steps,) draw from key in each pass, one entry kept",
        lambda: walk_cumsum_of_redraws,
        named="key-drawn-twice",
    ),
)


# --- session 46, round 9: NumPy imported inside the walk, a view keyed by a shifted id, a
# table of N keys indexed by id (each accepted or misnamed before) --------------------------


def walk_numpy_imported_inside(key, steps):
    """NumPy imported in the function and seeded with a word of the key's data."""
    import numpy as onp

    rng = onp.random.default_rng(int(jax.random.key_data(key)[-1]))
    return jnp.cumsum(jnp.asarray(rng.normal(size=steps), dtype=jnp.float32))


def walk_numpy_random_from_import(key, steps):
    from numpy.random import default_rng

    seed = int(jax.random.randint(key, (), 0, 2**31 - 1))
    return jnp.cumsum(jnp.asarray(default_rng(seed).normal(size=steps), dtype=jnp.float32))


def views_b_from_id_plus_batch(key, xs, ids):
    """View b keyed by id + N: view a's key of the example N ids on."""

    def one(i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)

    return jax.vmap(one)(ids, xs), jax.vmap(one)(ids + xs.shape[0], xs)


def views_a_from_id_minus_batch(key, xs, ids):
    def one(i, x):
        return x + 0.1 * jax.random.normal(jax.random.fold_in(key, i), x.shape)

    return jax.vmap(one)(ids - xs.shape[0], xs), jax.vmap(one)(ids, xs)


def views_key_table_by_id(key, xs, ids):
    """split(key, N) indexed by ids: every id past N - 1 reads the last key."""
    ka, kb = jax.random.split(key)
    draw = jax.vmap(lambda k, x: x + 0.1 * jax.random.normal(k, x.shape))
    return draw(jax.random.split(ka, xs.shape[0])[ids], xs), draw(
        jax.random.split(kb, xs.shape[0])[ids], xs
    )


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "NumPy imported inside, seeded from key_data",
        lambda: walk_numpy_imported_inside,
        named="numpy-from-key",
    ),
    Wrong(
        "09.random_walk",
        "default_rng imported from numpy.random inside",
        lambda: walk_numpy_random_from_import,
        named="numpy-from-key",
    ),
    Wrong(
        "09.two_views",
        "view b keyed by ids + N",
        lambda: views_b_from_id_plus_batch,
        says="another example",
    ),
    Wrong(
        "09.two_views",
        "view a keyed by ids - N",
        lambda: views_a_from_id_minus_batch,
        says="another example",
    ),
    Wrong(
        "09.two_views",
        "split(key, N) indexed by ids",
        lambda: views_key_table_by_id,
        named="key-table-by-id",
    ),
)


# --- session 48, round 11: a tuple laid out as asked, w's gradient taken with respect to x
# (generic or told only where they differ before) -------------------------------------------


def grads_tuple_examples_last(params, xs, ys):
    g = jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0), out_axes=-1)(params, xs, ys)
    return g["w"], g["b"]


def grads_w_from_argnums_1(params, xs, ys):
    gx = jax.vmap(jax.grad(log_loss, argnums=1), in_axes=(None, 1, 0), out_axes=1)(params, xs, ys)
    return {"w": gx, "b": jax.vmap(jax.grad(log_loss), in_axes=(None, 1, 0))(params, xs, ys)["b"]}


ROUND_11_FIXED = (
    Wrong(
        "09.per_example_grads",
        "(w, b) as a tuple, the examples last",
        lambda: grads_tuple_examples_last,
        named="leaves-in-a-tuple",
    ),
    Wrong(
        "09.per_example_grads",
        "w's entry from argnums=1, b's right",
        lambda: grads_w_from_argnums_1,
        named="w-wrt-x",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_11_FIXED)


def walk_rest_from_subkey(key, steps):
    """The rest and the step both drawn from the pass's one subkey (a resting variant's
    walk; on the page's, never resting, its numbers are still one key drawn twice)."""
    position, path = 0.0, []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        rests = jax.random.bernoulli(subkey, 0.0)
        position = position + jnp.where(rests, 0.0, jax.random.normal(subkey))
        path.append(position)
    return jnp.stack(path)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "rest and step drawn from one subkey",
        lambda: walk_rest_from_subkey,
        named="step-and-rest-one-key",
    ),
)


# --- session 49: round 13's view drawn from the key it split (issue 35) -------------------
def s49_views_b_from_the_split_key(key, xs, ids):
    def one(x, i):
        k = jax.random.fold_in(key, i)
        kb = jax.random.split(k)[1]
        return x + 0.1 * jax.random.normal(k, x.shape), x + 0.1 * jax.random.normal(kb, x.shape)

    return jax.vmap(one)(xs, ids)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.two_views",
        "view a from the id's key, view b from a key split from it",
        lambda: s49_views_b_from_the_split_key,
        named="drawn-and-split",
    ),
)


# --- round 18 (fix18-3): the rest draw read as "moves" (audit W: same-key-each-step; on the
# page, rest 0.0, the walker never moves)


def r18f_walk_rest_inverted(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, k_rest, k_step = jax.random.split(key, 3)
        moves = jax.random.bernoulli(k_rest, 0.0)
        position = position + jnp.where(moves, 1.0 * jax.random.normal(k_step), 0.0)
        path.append(position)
    return jnp.stack(path)


def r18f_walk_never_moves(key, steps):
    position = 0.0
    path = []
    for _ in range(steps):
        key, subkey = jax.random.split(key)
        step = jax.random.normal(subkey)
        position = position + 0.0 * step  # the step scaled away
        path.append(position)
    return jnp.stack(path)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "bernoulli read as 'moves', not 'rests'",
        lambda: r18f_walk_rest_inverted,
        says="your walk moves on True instead",
    ),
    Wrong(
        "09.random_walk",
        "every step multiplied by 0.0",
        lambda: r18f_walk_never_moves,
        says="Your walker never moves",
    ),
)


# --- round 19 (fix19-3): a NumPy generator seeded inside (audit W: told it was the global
# generator), and a reason in words naming the draws (audit W: told it named 3 options)
from tests.content.wrong_answers.round19 import lesson09 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.two_views",
        "NumPy generator with a fixed seed (round 19)",
        lambda: _r19.r19_views_numpy,
        named="numpy-seeded-inside",
    ),
    Wrong(
        "09.split_keeps_key",
        "a reason in prose, no letter (round 19)",
        lambda: "split is deterministic, so b and d match a",
        says="names what the question calls a, b, c, d",
    ),
)

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.per_example_grads",
        "added another variant's weight decay (round 19)",
        lambda: _r19.r19_peg_weight_decay,
        named="other-decay",
    ),
)


# --- round 20 (fix20-b): a walker that rests on a page where it never does (audit W: told
# a key was used twice), uniform noise (audit note: told only its spread), its own
# log(1 + exp(logit)) differentiated (audit: accepted, NaN past a logit of 88)
from tests.content.wrong_answers.round20 import lesson09 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "09.random_walk",
        "rests with probability 0.5 (round 20)",
        lambda: _r20.r20_walk_rests_half,
        says="are both exactly 0.0: your walker stays put on some steps",
    ),
    Wrong(
        "09.two_views",
        "uniform noise, not Gaussian (round 20)",
        lambda: _r20.r20_views_uniform,
        says="a draw of jax.random.uniform",
    ),
    Wrong(
        "09.per_example_grads",
        "log(1 + exp(logit)): overflows (round 20)",
        lambda: _r20.r20_peg_naive_log,
        named="overflows",
    ),
)
