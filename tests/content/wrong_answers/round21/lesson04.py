"""Round 21, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text alone."""

from __future__ import annotations

import copy
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 04.grad_last_two: (grad_y, grad_w) of loss(x, y, *, w) -------------------------


def r21_glt_argnums_12(loss, x, y, w):
    # argnums straight on the loss, w passed positionally as argnums needs
    return jax.grad(loss, argnums=(1, 2))(x, y, w)


def r21_glt_argnums_12_keyword(loss, x, y, w):
    # w by keyword as the task says, but argnums still counts it as position 2
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)


def r21_glt_first_two(loss, x, y, w):
    # read "the gradients" as those of the two arrays compared
    return jax.grad(lambda x, y: loss(x, y, w=w), argnums=(0, 1))(x, y)


def r21_glt_swapped(loss, x, y, w):
    grad_y, grad_w = jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)
    return grad_w, grad_y


def r21_glt_minus_grad_x(loss, x, y, w):
    # for (x - y) losses grad_y = -grad_x, so reuse the default argnums
    grad_x, grad_w = jax.grad(lambda x, w: loss(x, y, w=w), argnums=(0, 1))(x, w)
    return -grad_x, grad_w


def r21_glt_wrong_point(loss, x, y, w):
    grad_y = jax.grad(lambda y: loss(x, y, w=w))(y)
    grad_w = jax.grad(lambda w: loss(x, y, w=w))(y)  # evaluated at y, not at w
    return grad_y, grad_w


def r21_glt_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


def r21_glt_nested(loss, x, y, w):
    grads_y = jax.grad(loss, argnums=(1,))(x, y, w=w)  # a tuple of one
    grad_w = jax.grad(lambda w: loss(x, y, w=w))(w)
    return grads_y, grad_w


def r21_glt_partial_positional(loss, x, y, w):
    return jax.grad(functools.partial(loss, x), argnums=(0, 1))(y, w)


def r21_glt_no_argnums(loss, x, y, w):
    # the wrapper takes both, but grad differentiates only its first argument
    grad_y = jax.grad(lambda y, w: loss(x, y, w=w))(y, w)
    grad_w = jax.grad(lambda y, w: loss(x, y, w=w))(y, w)
    return grad_y, grad_w


def r21_glt_stacked(loss, x, y, w):
    # one array holding both: fine while y and w have the same shape
    stacked = jnp.stack([y, w])
    g = jax.grad(lambda s: loss(x, s[0], w=s[1]))(stacked)
    return g[0], g[1]


def r21_glt_analytic_w(loss, x, y, w):
    grad_y = jax.grad(lambda y: loss(x, y, w=w))(y)
    grad_w = (x - y) ** 2  # d/dw of weighted_sse
    return grad_y, grad_w


def r21_glt_list(loss, x, y, w):
    return list(jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w))


def r21_glt_finite_diff(loss, x, y, w):
    grad_y = jax.grad(lambda y: loss(x, y, w=w))(y)
    eps = 1e-3
    base = loss(x, y, w=w)
    w_flat = jnp.ravel(w)
    steps = [
        (loss(x, y, w=w_flat.at[i].add(eps).reshape(jnp.shape(w))) - base) / eps
        for i in range(w_flat.size)
    ]
    return grad_y, jnp.array(steps).reshape(jnp.shape(w))


def r21_glt_right_wrapper_positional(loss, x, y, w):
    positional = lambda x, y, w: loss(x, y, w=w)  # noqa: E731
    return jax.grad(positional, argnums=(1, 2))(x, y, w)


def r21_glt_right_tuple_arg(loss, x, y, w):
    return jax.grad(lambda yw: loss(x, yw[0], w=yw[1]))((y, w))


def r21_glt_right_dict(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return (g["y"], g["w"])


def r21_glt_right_two_grads(loss, x, y, w):
    grad_y = jax.grad(lambda yy: loss(x, yy, w=w))(y)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r21_glt_right_reversed(loss, x, y, w):
    _, (grad_y, grad_w) = jax.value_and_grad(lambda w, y: loss(x, y, w=w), argnums=(1, 0))(w, y)
    return grad_y, grad_w


# ---- 04.sgd_step: clip by the global norm, then p - lr * scale * g -------------------


def r21_sgd_per_leaf_norm(params, grads, lr, max_norm):
    def one(p, g):
        norm = jnp.sqrt(jnp.sum(g**2))
        scale = jnp.minimum(1.0, max_norm / norm)
        return p - lr * scale * g

    return jax.tree.map(one, params, grads)


def r21_sgd_clip_entries(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r21_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_always_scale(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = max_norm / norm  # also scales small gradients up
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_inverted(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_plus(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r21_sgd_max_leaf(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_param_norm(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(p**2) for p in jax.tree.leaves(params)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_old_tree_map(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree_util.tree_leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_flat_values(params, grads, lr, max_norm):
    # norm over the top-level values only: a list there has no ** 2
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in grads.values()))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_zero_nan(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    # unit direction times the clipped length: 0/0 when every gradient is zero
    return jax.tree.map(
        lambda p, g: p - lr * (g / norm) * jnp.minimum(norm, max_norm), params, grads
    )


def r21_sgd_inplace_recursion(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)

    def update(p, g):
        for key in p if isinstance(p, dict) else range(len(p)):
            if isinstance(p[key], (dict, list)):
                update(p[key], g[key])
            else:
                p[key] = p[key] - lr * scale * g[key]

    new = params.copy()  # the outer copy only, as NumPy habits do
    update(new, grads)
    return new


def r21_sgd_one_level_lists(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)

    def step(p, g):
        return p - lr * scale * g

    new = {}
    for name, value in params.items():
        if isinstance(value, list):  # a list of dicts of arrays, as in model
            new[name] = [
                {k: step(layer[k], gl[k]) for k in layer}
                for layer, gl in zip(value, grads[name])  # noqa: B905
            ]
        else:
            new[name] = step(value, grads[name])
    return new


def r21_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r21_sgd_right_tree_reduce(params, grads, lr, max_norm):
    squares = jax.tree.reduce(lambda acc, g: acc + jnp.vdot(g, g), grads, 0.0)
    norm = jnp.sqrt(squares)
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - lr * (scale * g), params, grads)


def r21_sgd_right_recursive(params, grads, lr, max_norm):
    def squares(g):
        if isinstance(g, dict):
            return sum(squares(v) for v in g.values())
        if isinstance(g, (list, tuple)):
            return sum(squares(v) for v in g)
        return jnp.sum(jnp.square(g))

    norm = float(np.sqrt(squares(grads)))
    scale = max_norm / norm if norm > max_norm else 1.0

    def step(p, g):
        if isinstance(p, dict):
            return {k: step(p[k], g[k]) for k in p}
        if isinstance(p, list):
            return [step(a, b) for a, b in zip(p, g)]  # noqa: B905
        return p - lr * scale * g

    return step(params, grads)


def r21_sgd_right_deepcopy(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in leaves))
    scale = jnp.minimum(1.0, max_norm / norm)
    new = copy.deepcopy(params)

    def update(p, g):
        for key in p if isinstance(p, dict) else range(len(p)):
            if isinstance(p[key], (dict, list)):
                update(p[key], g[key])
            else:
                p[key] = p[key] - lr * scale * g[key]

    update(new, grads)
    return new


ROUND_21 = [
    Wrong(
        "04.grad_last_two", "argnums=(1, 2) with w passed positionally", lambda: r21_glt_argnums_12
    ),
    Wrong(
        "04.grad_last_two", "argnums=(1, 2) with w passed as w=", lambda: r21_glt_argnums_12_keyword
    ),
    Wrong(
        "04.grad_last_two", "differentiated x and y instead of y and w", lambda: r21_glt_first_two
    ),
    Wrong("04.grad_last_two", "returned (grad_w, grad_y)", lambda: r21_glt_swapped),
    Wrong("04.grad_last_two", "grad_y taken as -grad_x", lambda: r21_glt_minus_grad_x),
    Wrong("04.grad_last_two", "grad_w evaluated at y instead of w", lambda: r21_glt_wrong_point),
    Wrong(
        "04.grad_last_two",
        "returned value_and_grad's (value, grads)",
        lambda: r21_glt_value_and_grad,
    ),
    Wrong("04.grad_last_two", "grad_y left as a one-element tuple", lambda: r21_glt_nested),
    Wrong(
        "04.grad_last_two",
        "partial(loss, x) then argnums=(0, 1)",
        lambda: r21_glt_partial_positional,
    ),
    Wrong("04.grad_last_two", "wrapper without argnums: grad_y twice", lambda: r21_glt_no_argnums),
    Wrong("04.grad_last_two", "stacked y and w into one array", lambda: r21_glt_stacked),
    Wrong(
        "04.grad_last_two", "grad_w written by hand for weighted_sse", lambda: r21_glt_analytic_w
    ),
    Wrong("04.grad_last_two", "returned a list, not a tuple", lambda: r21_glt_list),
    Wrong("04.grad_last_two", "grad_w by finite differences", lambda: r21_glt_finite_diff),
    Wrong("04.predict_value_and_grad", "typed A, thinking the grads are flattened in", lambda: "A"),
    Wrong("04.predict_value_and_grad", "typed C, thinking parameter order wins", lambda: "C"),
    Wrong("04.predict_value_and_grad", "typed D, thinking gradients come first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "hedged between B and C", lambda: "B or C"),
    Wrong("04.predict_value_and_grad", "typed two letters, BC", lambda: "BC"),
    Wrong(
        "04.predict_value_and_grad",
        "typed the structure instead of a letter",
        lambda: "(value, (grad_y, grad_x))",
    ),
    Wrong("04.predict_value_and_grad", "trailing comma made a tuple", lambda: ("B",)),
    Wrong("04.predict_value_and_grad", "left the placeholder ...", lambda: ...),
    Wrong("04.predict_value_and_grad", "typed the option's number, 2", lambda: 2),
    Wrong("04.predict_value_and_grad", "quoted twice: the string 'B' with quotes", lambda: "'B'"),
    Wrong("04.sgd_step", "clipped each leaf by its own norm", lambda: r21_sgd_per_leaf_norm),
    Wrong(
        "04.sgd_step", "clipped each entry to [-max_norm, max_norm]", lambda: r21_sgd_clip_entries
    ),
    Wrong("04.sgd_step", "norm without the square root", lambda: r21_sgd_no_sqrt),
    Wrong("04.sgd_step", "global norm as the sum of leaf norms", lambda: r21_sgd_sum_of_norms),
    Wrong("04.sgd_step", "always multiplied by max_norm / norm", lambda: r21_sgd_always_scale),
    Wrong("04.sgd_step", "factor inverted: norm / max_norm", lambda: r21_sgd_inverted),
    Wrong("04.sgd_step", "stepped up the gradient: p + lr * scale * g", lambda: r21_sgd_plus),
    Wrong("04.sgd_step", "norm of the largest leaf only", lambda: r21_sgd_max_leaf),
    Wrong("04.sgd_step", "root mean square instead of the norm", lambda: r21_sgd_rms),
    Wrong("04.sgd_step", "norm of the parameters, not the gradients", lambda: r21_sgd_param_norm),
    Wrong("04.sgd_step", "used the old jax.tree_map", lambda: r21_sgd_old_tree_map),
    Wrong("04.sgd_step", "norm over grads.values() only", lambda: r21_sgd_flat_values),
    Wrong("04.sgd_step", "g / norm * min(norm, max_norm): nan at zero", lambda: r21_sgd_zero_nan),
    Wrong(
        "04.sgd_step", "shallow .copy() then in-place recursion", lambda: r21_sgd_inplace_recursion
    ),
    Wrong(
        "04.sgd_step", "handles lists of dicts one level deep only", lambda: r21_sgd_one_level_lists
    ),
]

RIGHT_21 = [
    Right(
        "04.grad_last_two",
        "positional wrapper, argnums=(1, 2)",
        lambda: r21_glt_right_wrapper_positional,
    ),
    Right("04.grad_last_two", "one tuple argument (y, w)", lambda: r21_glt_right_tuple_arg),
    Right("04.grad_last_two", "dict argument, unpacked into a tuple", lambda: r21_glt_right_dict),
    Right("04.grad_last_two", "two separate grads of closures", lambda: r21_glt_right_two_grads),
    Right(
        "04.grad_last_two",
        "value_and_grad with argnums=(1, 0) on (w, y)",
        lambda: r21_glt_right_reversed,
    ),
    Right("04.predict_value_and_grad", "lower case with a space", lambda: " b"),
    Right("04.predict_value_and_grad", "upper case with a dot", lambda: "B."),
    Right("04.predict_value_and_grad", "plain B", lambda: "B"),
    Right("04.sgd_step", "ravel_pytree and jnp.linalg.norm", lambda: r21_sgd_right_ravel),
    Right(
        "04.sgd_step",
        "jax.tree.reduce of vdot, max_norm / max(norm, max_norm)",
        lambda: r21_sgd_right_tree_reduce,
    ),
    Right("04.sgd_step", "hand-written recursion, Python if", lambda: r21_sgd_right_recursive),
    Right("04.sgd_step", "copy.deepcopy then in-place updates", lambda: r21_sgd_right_deepcopy),
]
