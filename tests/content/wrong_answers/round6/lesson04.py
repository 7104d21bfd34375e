"""Round 6, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""
from __future__ import annotations

import copy

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(w, x, y):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])

learning_rate = 0.1


# ---------------------------------------------------------------- 04.sgd_step


def r6_step_numpy_habit(params, grads, lr):
    # the lesson's loop, copied: fails on model's list of layers
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r6_step_old_tree_map(params, grads, lr):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)  # removed in JAX 0.6.0


def r6_step_plus(params, grads, lr):
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)


def r6_step_clipped(params, grads, lr):
    # copied the clipping step from further down
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -1.0, 1.0), params, grads)


def r6_step_patched_loop(params, grads, lr):
    # reaches into the inner dicts of a shallow copy: changes the caller's model
    def update(p, g):
        if isinstance(p, dict):
            for key in p:
                p[key] = update(p[key], g[key])
            return p
        if isinstance(p, list):
            for i in range(len(p)):
                p[i] = update(p[i], g[i])
            return p
        return p - lr * g

    new = params.copy()
    for name in new:
        new[name] = update(new[name], grads[name])
    return new


def r6_step_swapped_trees(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)


def r6_step_update_only(params, grads, lr):
    return jax.tree.map(lambda g: lr * g, grads)


def r6_step_flat_leaves(params, grads, lr):
    return [p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads))]


def r6_step_dict_comprehension(params, grads, lr):
    return {name: params[name] - lr * grads[name] for name in params}


def r6_step_parentheses(params, grads, lr):
    return jax.tree.map(lambda p, g: (p - lr) * g, params, grads)


def r6_step_deepcopy_top_level(params, grads, lr):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r6_step_update_in_place(params, grads, lr):
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    params.update(new)
    return params


def r6_step_global_lr(params, grads, lr):
    return jax.tree.map(lambda p, g: p - learning_rate * g, params, grads)


def r6_step_tree_map(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g * lr, params, grads)


def r6_step_tree_util(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: jnp.subtract(p, lr * g), params, grads)


def r6_step_recursive(params, grads, lr):
    if isinstance(params, dict):
        return {key: r6_step_recursive(params[key], grads[key], lr) for key in params}
    if isinstance(params, list):
        return [r6_step_recursive(p, g, lr) for p, g in zip(params, grads)]
    return params - lr * grads


def r6_step_unflatten(params, grads, lr):
    leaves, treedef = jax.tree.flatten(params)
    new_leaves = [p - lr * g for p, g in zip(leaves, jax.tree.leaves(grads))]
    return jax.tree.unflatten(treedef, new_leaves)


def r6_step_deepcopy_recursive(params, grads, lr):
    new = copy.deepcopy(params)

    def update(p, g):
        for key in range(len(p)) if isinstance(p, list) else list(p):
            if isinstance(p[key], (dict, list)):
                update(p[key], g[key])
            else:
                p[key] = p[key] - lr * g[key]

    update(new, grads)
    return new


ROUND_6 = [
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(0, 1): counted from 1, got w and x", lambda: jax.grad(weighted_sse, argnums=(0, 1))(w, x, y)),
    Wrong("04.grad_last_two", "argnums=(1, 2) but called with (x, y, w)", lambda: jax.grad(weighted_sse, argnums=(1, 2))(x, y, w)),
    Wrong("04.grad_last_two", "argnums=1 only: the x gradient alone", lambda: jax.grad(weighted_sse, argnums=1)(w, x, y)),
    Wrong("04.grad_last_two", "copied the sum_squared_error cell: unweighted", lambda: jax.grad(sum_squared_error, argnums=(0, 1))(x, y)),
    Wrong("04.grad_last_two", "argnums=(2, 1): the pair in the wrong order", lambda: jax.grad(weighted_sse, argnums=(2, 1))(w, x, y)),
    Wrong("04.grad_last_two", "no argnums: the gradient with respect to w", lambda: jax.grad(weighted_sse)(w, x, y)),
    Wrong("04.grad_last_two", "value_and_grad: (value, (grad_x, grad_y))", lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "argnums=(0, 1, 2): three gradients", lambda: jax.grad(weighted_sse, argnums=(0, 1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "jnp.stack of the pair: one (2, 4) array", lambda: jnp.stack(jax.grad(weighted_sse, argnums=(1, 2))(w, x, y))),
    Wrong("04.grad_last_two", "by hand, forgot the weights", lambda: (2 * (x - y), -2 * (x - y))),
    Wrong("04.grad_last_two", "by hand, same sign for both", lambda: (2 * w * (x - y), 2 * w * (x - y))),
    Wrong("04.grad_last_two", "weights of ones instead of w", lambda: jax.grad(weighted_sse, argnums=(1, 2))(jnp.ones(4), x, y)),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "A: a flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: the right shape, the wrong reason", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "BC: both of the shared shape", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "'B or C'", lambda: "B or C"),
    Wrong("04.predict_value_and_grad", "wrote the shape, not a letter", lambda: "(value, (grad_x, grad_y))"),
    Wrong("04.predict_value_and_grad", "empty string", lambda: ""),
    Wrong("04.predict_value_and_grad", "lowercase c", lambda: "c"),
    Wrong("04.predict_value_and_grad", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 04.sgd_step
    Wrong("04.sgd_step", "the lesson's numpy_habit_step: fails on the list of layers", lambda: r6_step_numpy_habit),
    Wrong("04.sgd_step", "jax.tree_map from an old tutorial: AttributeError", lambda: r6_step_old_tree_map),
    Wrong("04.sgd_step", "p + lr * g: ascends", lambda: r6_step_plus),
    Wrong("04.sgd_step", "copied the clipped step", lambda: r6_step_clipped),
    Wrong("04.sgd_step", "patched loop on a shallow copy: changes the caller's inner dicts", lambda: r6_step_patched_loop),
    Wrong("04.sgd_step", "trees swapped: g - lr * p", lambda: r6_step_swapped_trees),
    Wrong("04.sgd_step", "returns the update lr * g, not the new parameters", lambda: r6_step_update_only),
    Wrong("04.sgd_step", "a flat list of updated leaves: structure lost", lambda: r6_step_flat_leaves),
    Wrong("04.sgd_step", "dict comprehension at the top level: fails on lists", lambda: r6_step_dict_comprehension),
    Wrong("04.sgd_step", "parentheses slip: (p - lr) * g", lambda: r6_step_parentheses),
    Wrong("04.sgd_step", "deepcopy, but the loop is still top-level only", lambda: r6_step_deepcopy_top_level),
    Wrong("04.sgd_step", "right tree.map, then params.update(new): changes the caller's dict", lambda: r6_step_update_in_place),
    Wrong("04.sgd_step", "uses the global learning_rate, ignores lr", lambda: r6_step_global_lr),
]

RIGHT_6 = [
    # 04.grad_last_two
    Right("04.grad_last_two", "argnums=(1, 2)", lambda: jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)),
    Right("04.grad_last_two", "argnums as a list [1, 2]", lambda: jax.grad(weighted_sse, argnums=[1, 2])(w, x, y)),
    Right("04.grad_last_two", "lambda closing over w, argnums=(0, 1)", lambda: jax.grad(lambda a, b: weighted_sse(w, a, b), argnums=(0, 1))(x, y)),
    Right("04.grad_last_two", "two grad calls put in a tuple", lambda: (jax.grad(weighted_sse, argnums=1)(w, x, y), jax.grad(weighted_sse, argnums=2)(w, x, y))),
    Right("04.grad_last_two", "by hand: (2w(x - y), -2w(x - y))", lambda: (2 * w * (x - y), -2 * w * (x - y))),
    # 04.predict_value_and_grad
    Right("04.predict_value_and_grad", "'B'", lambda: "B"),
    Right("04.predict_value_and_grad", "lowercase 'b'", lambda: "b"),
    Right("04.predict_value_and_grad", "'B ' with a trailing space", lambda: "B "),
    # 04.sgd_step
    Right("04.sgd_step", "jax.tree.map with p - g * lr", lambda: r6_step_tree_map),
    Right("04.sgd_step", "jax.tree_util.tree_map with jnp.subtract", lambda: r6_step_tree_util),
    Right("04.sgd_step", "recursive function building new dicts and lists", lambda: r6_step_recursive),
    Right("04.sgd_step", "flatten, update the leaves, unflatten", lambda: r6_step_unflatten),
    Right("04.sgd_step", "copy.deepcopy, then update the copy recursively", lambda: r6_step_deepcopy_recursive),
]
