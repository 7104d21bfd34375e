"""Round 4, lesson 04: answers written from the lesson text alone."""
from __future__ import annotations

import copy

import numpy as np
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


# ---------------------------------------------------------------- 04.sgd_step
def r4_sgd_numpy_habit(params, grads, lr):
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r4_sgd_shallow_copy_recursive(params, grads, lr):
    new = params.copy()

    def update(p, g):
        if isinstance(p, dict):
            for k in p:
                if isinstance(p[k], (dict, list)):
                    update(p[k], g[k])
                else:
                    p[k] = p[k] - lr * g[k]
        else:
            for i in range(len(p)):
                if isinstance(p[i], (dict, list)):
                    update(p[i], g[i])
                else:
                    p[i] = p[i] - lr * g[i]

    update(new, grads)
    return new


def r4_sgd_plus(params, grads, lr):
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)


def r4_sgd_no_lr(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g, params, grads)


def r4_sgd_tree_map_old(params, grads, lr):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)


def r4_sgd_top_level_only(params, grads, lr):
    new = {}
    for k, p in params.items():
        if isinstance(p, jax.Array):
            new[k] = p - lr * grads[k]
        else:
            new[k] = p
    return new


def r4_sgd_dicts_only(params, grads, lr):
    if isinstance(params, dict):
        return {k: r4_sgd_dicts_only(params[k], grads[k], lr) for k in params}
    if isinstance(params, list):
        return params
    return params - lr * grads


def r4_sgd_in_place(params, grads, lr):
    def update(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                update(p[k], g[k])
            else:
                p[k] = p[k] - lr * g[k]

    update(params, grads)
    return params


def r4_sgd_precedence(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * (p - g), params, grads)


def r4_sgd_leaves(params, grads, lr):
    return [p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads))]


def r4_sgd_clipped(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -1.0, 1.0), params, grads)


def r4_sgd_sign(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * jnp.sign(g), params, grads)


def r4_sgd_swapped(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)


def r4_sgd_numpy_leaves(params, grads, lr):
    return jax.tree.map(lambda p, g: np.asarray(p) - lr * np.asarray(g), params, grads)


def r4_sgd_tree_util(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def r4_sgd_recursive(params, grads, lr):
    if isinstance(params, dict):
        return {k: r4_sgd_recursive(params[k], grads[k], lr) for k in params}
    if isinstance(params, (list, tuple)):
        return type(params)(r4_sgd_recursive(p, g, lr) for p, g in zip(params, grads))
    return params - lr * grads


def r4_sgd_flatten(params, grads, lr):
    leaves, treedef = jax.tree.flatten(params)
    grad_leaves = treedef.flatten_up_to(grads)
    return jax.tree.unflatten(treedef, [p - lr * g for p, g in zip(leaves, grad_leaves)])


def r4_sgd_deepcopy(params, grads, lr):
    new = copy.deepcopy(params)

    def update(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                update(p[k], g[k])
            else:
                p[k] = p[k] - lr * g[k]

    update(new, grads)
    return new


def r4_sgd_scaled_add(params, grads, lr):
    step = jax.tree.map(lambda g: -lr * g, grads)
    return jax.tree.map(jnp.add, params, step)


ROUND_4 = (
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(0, 1): gradients with respect to w and x, not x and y",
          lambda: jax.grad(weighted_sse, argnums=(0, 1))(w, x, y)),
    Wrong("04.grad_last_two", "argnums=1: only the gradient with respect to x, not a tuple",
          lambda: jax.grad(weighted_sse, argnums=1)(w, x, y)),
    Wrong("04.grad_last_two", "argnums=2: only the gradient with respect to y",
          lambda: jax.grad(weighted_sse, argnums=2)(w, x, y)),
    Wrong("04.grad_last_two", "argnums=(2, 1): the tuple in the wrong order, (grad_y, grad_x)",
          lambda: jax.grad(weighted_sse, argnums=(2, 1))(w, x, y)),
    Wrong("04.grad_last_two", "no argnums: the default differentiates w, the first argument",
          lambda: jax.grad(weighted_sse)(w, x, y)),
    Wrong("04.grad_last_two", "right argnums but arguments passed as (x, y, w): weighted_sse(x, y, w) is another function",
          lambda: jax.grad(weighted_sse, argnums=(1, 2))(x, y, w)),
    Wrong("04.grad_last_two", "value_and_grad instead of grad: (value, (grad_x, grad_y))",
          lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "stacks the two gradients into one (2, 4) array instead of the tuple",
          lambda: jnp.stack(jax.grad(weighted_sse, argnums=(1, 2))(w, x, y))),
    Wrong("04.grad_last_two", "by hand, with the sign of grad_y not flipped: (2w(x-y), 2w(x-y))",
          lambda: (2 * w * (x - y), 2 * w * (x - y))),
    Wrong("04.grad_last_two", "by hand, factor 2 forgotten: (w(x-y), -w(x-y))",
          lambda: (w * (x - y), -w * (x - y))),
    Wrong("04.grad_last_two", "argnums=(0, 1, 2): three gradients, w's included",
          lambda: jax.grad(weighted_sse, argnums=(0, 1, 2))(w, x, y)),
    Wrong("04.grad_last_two", "the unweighted sum_squared_error's gradients (w ignored)",
          lambda: jax.grad(sum_squared_error, argnums=(0, 1))(x, y)),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "A: thinks the gradients are flattened next to the value", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: thinks each argnum gets its own (value, grad) pair", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: thinks the gradients come first, value last", lambda: "D"),
    Wrong("04.predict_value_and_grad", "AB: hedges with two letters", lambda: "AB"),
    Wrong("04.predict_value_and_grad", "BD: hedges with two letters", lambda: "BD"),
    Wrong("04.predict_value_and_grad", "empty string: no prediction", lambda: ""),
    Wrong("04.predict_value_and_grad", "'E': not an option", lambda: "E"),
    Wrong("04.predict_value_and_grad", "the option's position 2 (B is the second) instead of the letter", lambda: 2),
    Wrong("04.predict_value_and_grad", "the actual return value instead of a letter", lambda: jax.value_and_grad(sum_squared_error, argnums=(0, 1))(x, y)),
    # 04.sgd_step
    Wrong("04.sgd_step", "the lesson's numpy_habit_step: works on the flat params, fails on model (lr * list)", lambda: r4_sgd_numpy_habit),
    Wrong("04.sgd_step", "shallow .copy() then a recursive in-place update: the inner dicts and lists are the caller's, so model is changed",
          lambda: r4_sgd_shallow_copy_recursive),
    Wrong("04.sgd_step", "sign slip: p + lr * g (gradient ascent)", lambda: r4_sgd_plus),
    Wrong("04.sgd_step", "forgot the learning rate: p - g", lambda: r4_sgd_no_lr),
    Wrong("04.sgd_step", "jax.tree_map from old tutorials: removed in JAX 0.6, AttributeError", lambda: r4_sgd_tree_map_old),
    Wrong("04.sgd_step", "updates only top-level arrays, copies the nested layers unchanged; right only for flat params",
          lambda: r4_sgd_top_level_only),
    Wrong("04.sgd_step", "recurses into dicts but returns lists unchanged, so model['layers'] is not updated; right for dict-only nesting",
          lambda: r4_sgd_dicts_only),
    Wrong("04.sgd_step", "updates the given tree in place (no copy) and returns it: the caller's params change", lambda: r4_sgd_in_place),
    Wrong("04.sgd_step", "precedence slip: lr * (p - g)", lambda: r4_sgd_precedence),
    Wrong("04.sgd_step", "returns a flat list of updated leaves, not a tree shaped like params", lambda: r4_sgd_leaves),
    Wrong("04.sgd_step", "clips the gradients to [-1, 1] (from the next section): right only when every |g| <= 1, like the lesson's all-ones grads",
          lambda: r4_sgd_clipped),
    Wrong("04.sgd_step", "steps by lr * sign(g): right only when every gradient is -1, 0 or 1", lambda: r4_sgd_sign),
    Wrong("04.sgd_step", "tree.map arguments swapped: computes g - lr * p", lambda: r4_sgd_swapped),
    Wrong("04.sgd_step", "converts leaves to NumPy: the values are right but the leaves are NumPy arrays, not jax arrays",
          lambda: r4_sgd_numpy_leaves),
)

RIGHT_4 = (
    Right("04.grad_last_two", "argnums as a list [1, 2]", lambda: jax.grad(weighted_sse, argnums=[1, 2])(w, x, y)),
    Right("04.grad_last_two", "negative argnums (-2, -1) counting from the end", lambda: jax.grad(weighted_sse, argnums=(-2, -1))(w, x, y)),
    Right("04.grad_last_two", "a lambda fixing w, differentiated in its two arguments",
          lambda: jax.grad(lambda a, b: weighted_sse(w, a, b), argnums=(0, 1))(x, y)),
    Right("04.grad_last_two", "worked out by hand as a tuple: (2w(x-y), -2w(x-y))",
          lambda: (2 * w * (x - y), -2 * w * (x - y))),
    Right("04.grad_last_two", "the grads part of value_and_grad with argnums=(1, 2)",
          lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y)[1]),
    Right("04.predict_value_and_grad", "lower-case 'b'", lambda: "b"),
    Right("04.predict_value_and_grad", "' B' with a leading space", lambda: " B"),
    Right("04.predict_value_and_grad", "'B\\n' with a trailing newline", lambda: "B\n"),
    Right("04.sgd_step", "jax.tree_util.tree_map, the older spelling that still exists", lambda: r4_sgd_tree_util),
    Right("04.sgd_step", "a recursive function building new dicts and lists", lambda: r4_sgd_recursive),
    Right("04.sgd_step", "flatten both trees, update the leaves, unflatten", lambda: r4_sgd_flatten),
    Right("04.sgd_step", "copy.deepcopy first, then a recursive in-place update of the deep copy", lambda: r4_sgd_deepcopy),
    Right("04.sgd_step", "two tree maps: the step -lr*g, then jnp.add", lambda: r4_sgd_scaled_add),
)
