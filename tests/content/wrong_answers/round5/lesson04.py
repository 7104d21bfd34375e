"""Round 5, lesson 04 (argnums, value_and_grad, pytrees): answers written from the lesson's text alone."""
from __future__ import annotations

import copy

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- data as the lesson defines it


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(w, x, y):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])


# ---------------------------------------------------------------- 04.grad_last_two


def r5_grads_by_hand():
    gx = 2 * w * (x - y)
    return gx, -gx


def r5_grads_two_calls():
    return (jax.grad(weighted_sse, argnums=1)(w, x, y), jax.grad(weighted_sse, argnums=2)(w, x, y))


# ---------------------------------------------------------------- 04.sgd_step


def r5_sgd_numpy_habit(params, grads, lr):
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r5_sgd_tree_map_old(params, grads, lr):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)


def r5_sgd_plus(params, grads, lr):
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)


def r5_sgd_no_lr(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g, params, grads)


def r5_sgd_update_only(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * g, params, grads)


def r5_sgd_shallow_patched(params, grads, lr):
    # the patched loop the lesson warns about: inner dicts are still the caller's
    new = params.copy()
    for name in new:
        if isinstance(new[name], list):
            for layer, layer_grads in zip(new[name], grads[name]):
                for key in layer:
                    layer[key] = layer[key] - lr * layer_grads[key]
        else:
            new[name] = new[name] - lr * grads[name]
    return new


def r5_sgd_swapped_trees(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)


def r5_sgd_one_level(params, grads, lr):
    return {k: (v - lr * grads[k] if not isinstance(v, (list, dict)) else v) for k, v in params.items()}


def r5_sgd_leaves_list(params, grads, lr):
    return [p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads))]


def r5_sgd_in_place(params, grads, lr):
    def walk(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                walk(p[k], g[k])
            else:
                p[k] = p[k] - lr * g[k]
    walk(params, grads)
    return params


def r5_sgd_lists_to_tuples(params, grads, lr):
    if isinstance(params, dict):
        return {k: r5_sgd_lists_to_tuples(params[k], grads[k], lr) for k in params}
    if isinstance(params, (list, tuple)):
        return tuple(r5_sgd_lists_to_tuples(p, g, lr) for p, g in zip(params, grads))
    return params - lr * grads


def r5_sgd_clipped(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -1.0, 1.0), params, grads)


def r5_sgd_dicts_only(params, grads, lr):
    if isinstance(params, dict):
        return {k: r5_sgd_dicts_only(params[k], grads[k], lr) for k in params}
    return params - lr * grads  # a list of layers lands here


def r5_sgd_tree_map(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r5_sgd_tree_util(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - g * lr, params, grads)


def r5_sgd_recursive(params, grads, lr):
    if isinstance(params, dict):
        return {k: r5_sgd_recursive(params[k], grads[k], lr) for k in params}
    if isinstance(params, list):
        return [r5_sgd_recursive(p, g, lr) for p, g in zip(params, grads)]
    return params - lr * grads


def r5_sgd_unflatten(params, grads, lr):
    leaves, treedef = jax.tree.flatten(params)
    grad_leaves = jax.tree.leaves(grads)
    return jax.tree.unflatten(treedef, [p - lr * g for p, g in zip(leaves, grad_leaves)])


def r5_sgd_deepcopy(params, grads, lr):
    new = copy.deepcopy(params)

    def walk(p, g):
        keys = list(p.keys()) if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                walk(p[k], g[k])
            else:
                p[k] = p[k] - lr * g[k]

    walk(new, grads)
    return new


ROUND_5 = (
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(0, 1): counted from 1 in his head, gets w and x", lambda: jax.grad(weighted_sse, argnums=(0, 1))(w, x, y)),
    Wrong("04.grad_last_two", "argnums=(2, 1): (grad_y, grad_x), wrong order", lambda: jax.grad(weighted_sse, argnums=(2, 1))(w, x, y)),
    Wrong("04.grad_last_two", "no argnums: the gradient with respect to w", lambda: jax.grad(weighted_sse)(w, x, y)),
    Wrong("04.grad_last_two", "argnums=2 only: grad_y", lambda: jax.grad(weighted_sse, argnums=2)(w, x, y)),
    Wrong("04.grad_last_two", "argnums=1 only: grad_x", lambda: jax.grad(weighted_sse, argnums=1)(w, x, y)),
    Wrong("04.grad_last_two", "jnp.stack of the two gradients: one array", lambda: jnp.stack(jax.grad(weighted_sse, argnums=(1, 2))(w, x, y))),
    Wrong("04.grad_last_two", "copied the sum_squared_error cell: no weights", lambda: jax.grad(sum_squared_error, argnums=(0, 1))(x, y)),
    Wrong("04.grad_last_two", "argnums=(0, 1, 2): three gradients", lambda: jax.grad(weighted_sse, argnums=(0, 1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "value_and_grad: (value, (grad_x, grad_y))", lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "the gradient function, not called", lambda: jax.grad(weighted_sse, argnums=(1, 2))),
    Wrong("04.grad_last_two", "called with the arguments in order (x, y, w)", lambda: jax.grad(weighted_sse, argnums=(1, 2))(x, y, w)),
    Wrong("04.grad_last_two", "by hand, forgot the weights", lambda: (2 * (x - y), -2 * (x - y))),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "'C': the right shape, the wrong reason", lambda: "C"),
    Wrong("04.predict_value_and_grad", "'A': thinks it flattens", lambda: "A"),
    Wrong("04.predict_value_and_grad", "'D': gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "'BC': can't choose between the reasons", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "lowercase 'c'", lambda: "c"),
    Wrong("04.predict_value_and_grad", "'C.' with a full stop", lambda: "C."),
    Wrong("04.predict_value_and_grad", "wrote the shape, not a letter", lambda: "(value, (grad_x, grad_y))"),
    Wrong("04.predict_value_and_grad", "set structure to the computed value_and_grad result", lambda: jax.value_and_grad(sum_squared_error, argnums=(0, 1))(x, y)),
    # 04.sgd_step
    Wrong("04.sgd_step", "the NumPy-habit step as is: fails on the list of layers", lambda: r5_sgd_numpy_habit),
    Wrong("04.sgd_step", "jax.tree_map from an old tutorial", lambda: r5_sgd_tree_map_old),
    Wrong("04.sgd_step", "p + lr * g: ascends", lambda: r5_sgd_plus),
    Wrong("04.sgd_step", "p - g: forgot lr", lambda: r5_sgd_no_lr),
    Wrong("04.sgd_step", "returns lr * g, the update", lambda: r5_sgd_update_only),
    Wrong("04.sgd_step", "shallow copy, patched loop into inner dicts: changes the caller's model", lambda: r5_sgd_shallow_patched),
    Wrong("04.sgd_step", "trees passed in the wrong order: g - lr * p", lambda: r5_sgd_swapped_trees),
    Wrong("04.sgd_step", "one level only: nested entries left unchanged", lambda: r5_sgd_one_level),
    Wrong("04.sgd_step", "returns the list of updated leaves", lambda: r5_sgd_leaves_list),
    Wrong("04.sgd_step", "recursive update in place: mutates params", lambda: r5_sgd_in_place),
    Wrong("04.sgd_step", "recursive, but lists become tuples", lambda: r5_sgd_lists_to_tuples),
    Wrong("04.sgd_step", "copied the clipped step", lambda: r5_sgd_clipped),
    Wrong("04.sgd_step", "recursion on dicts only: lr * list fails", lambda: r5_sgd_dicts_only),
)

RIGHT_5 = (
    # 04.grad_last_two
    Right("04.grad_last_two", "argnums=[1, 2] as a list", lambda: jax.grad(weighted_sse, argnums=[1, 2])(w, x, y)),
    Right("04.grad_last_two", "two calls, one per argnum, in a tuple", r5_grads_two_calls),
    Right("04.grad_last_two", "by hand: 2 w (x - y) and its negative", r5_grads_by_hand),
    Right("04.grad_last_two", "reordered lambda, argnums=(0, 1)", lambda: jax.grad(lambda a, b, c: weighted_sse(c, a, b), argnums=(0, 1))(x, y, w)),
    Right("04.grad_last_two", "the grad part of value_and_grad", lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y)[1]),
    # 04.predict_value_and_grad
    Right("04.predict_value_and_grad", "'B'", lambda: "B"),
    Right("04.predict_value_and_grad", "lowercase 'b'", lambda: "b"),
    Right("04.predict_value_and_grad", "' B' with a leading space", lambda: " B"),
    # 04.sgd_step
    Right("04.sgd_step", "jax.tree.map(lambda p, g: p - lr * g, params, grads)", lambda: r5_sgd_tree_map),
    Right("04.sgd_step", "jax.tree_util.tree_map, g * lr", lambda: r5_sgd_tree_util),
    Right("04.sgd_step", "recursive over dicts and lists, building new ones", lambda: r5_sgd_recursive),
    Right("04.sgd_step", "flatten, update the leaves, unflatten", lambda: r5_sgd_unflatten),
    Right("04.sgd_step", "copy.deepcopy, then update the copy in place", lambda: r5_sgd_deepcopy),
)
