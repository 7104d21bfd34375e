"""Round 19, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's setup, recreated.
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


# ---- 04.grad_last_two: (grad_y, grad_w) of loss(x, y, *, w) ---------------------------


def r19_grad_argnums_12_positional(loss, x, y, w):
    # passes w by position so that argnums=2 can reach it
    return jax.grad(loss, argnums=(1, 2))(x, y, w)


def r19_grad_argnums_12_keyword(loss, x, y, w):
    # argnums=2 names a position that the call does not fill
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)


def r19_grad_only_y(loss, x, y, w):
    return jax.grad(loss, argnums=1)(x, y, w=w)


def r19_grad_swapped_order(loss, x, y, w):
    def inner(y_, w_):
        return loss(x, y_, w=w_)

    grad_y, grad_w = jax.grad(inner, argnums=(0, 1))(y, w)
    return grad_w, grad_y


def r19_grad_first_two(loss, x, y, w):
    # "the last two" read as the two array arguments before the keyword
    return jax.grad(loss, argnums=(0, 1))(x, y, w=w)


def r19_grad_closes_over_outer_w(loss, x, y, w):
    # the wrapper's second parameter is never used: it reads the enclosing w
    return jax.grad(lambda y_, w_: loss(x, y_, w=w), argnums=(0, 1))(y, w)


def r19_grad_uses_global_weighted_sse(loss, x, y, w):
    return jax.grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)


def r19_grad_uses_lesson_points(loss, x_, y_, w_):
    # the lesson's module-level x and y are used instead of the arguments
    return jax.grad(lambda yy, ww: loss(x, yy, w=ww), argnums=(0, 1))(y, w_)


def r19_grad_closed_form(loss, x, y, w):
    # worked out by hand for weighted_sse: d/dy = -2w(x - y), d/dw = (x - y)^2
    return -2 * w * (x - y), (x - y) ** 2


def r19_grad_returns_list(loss, x, y, w):
    return list(jax.grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(0, 1))(y, w))


def r19_grad_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(0, 1))(y, w)


def r19_grad_partial_positional_w(loss, x, y, w):
    grad_y = jax.grad(functools.partial(loss, w=w), argnums=1)(x, y)
    grad_w = jax.grad(functools.partial(loss, x, y))(w)  # w goes in by position
    return grad_y, grad_w


def r19_grad_negated_x(loss, x, y, w):
    # grad_y is minus grad_x "because of x - y": true only for losses of x - y
    grad_y = -jax.grad(loss)(x, y, w=w)
    grad_w = jax.grad(lambda w_: loss(x, y, w=w_))(w)
    return grad_y, grad_w


def r19_grad_right_two_grads(loss, x, y, w):
    grad_y = jax.grad(lambda yy: loss(x, yy, w=w))(y)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r19_grad_right_tuple_arg(loss, x, y, w):
    def on_pair(pair):
        y_, w_ = pair
        return loss(x, y_, w=w_)

    return jax.grad(on_pair)((y, w))


def r19_grad_right_positional_wrapper(loss, x, y, w):
    def positional(a, b, c):
        return loss(a, b, w=c)

    return jax.grad(positional, argnums=(1, 2))(x, y, w)


def r19_grad_right_dict(loss, x, y, w):
    grads = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return (grads["y"], grads["w"])


# ---- 04.predict_value_and_grad: letter; answer B --------------------------------------

# ---- 04.sgd_step: global-norm clipped SGD on any pytree (variant 0) ------------------

params = {"w": jnp.array(0.5), "b": jnp.array(0.0)}
model = {
    "layers": [
        {"w": jnp.array([[0.5, -0.5], [1.0, 0.25]]), "b": jnp.zeros(2)},
        {"w": jnp.array([[2.0], [-1.0]]), "b": jnp.array([0.1])},
    ],
    "scale": jnp.array(1.0),
}


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r19_sgd_per_leaf_norm(params, grads, lr, max_norm):
    def one(p, g):
        norm = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / norm) * g

    return jax.tree.map(one, params, grads)


def r19_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r19_sgd_no_sqrt(params, grads, lr, max_norm):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / sq)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_always_rescale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_numpy_copy_loop(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * scale * grads[name]
    return new


def _update_in_place(node, grad_node, lr, scale):
    keys = node.keys() if isinstance(node, dict) else range(len(node))
    for k in keys:
        if isinstance(node[k], (dict, list)):
            _update_in_place(node[k], grad_node[k], lr, scale)
        else:
            node[k] = node[k] - lr * scale * grad_node[k]


def r19_sgd_patched_loop_shallow_copy(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    new = params.copy()  # inner dicts and lists are still the caller's
    _update_in_place(new, grads, lr, scale)
    return new


def r19_sgd_sum_of_leaf_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_plus_sign(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r19_sgd_old_tree_map(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_rms_norm(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(jnp.mean(jnp.concatenate([jnp.ravel(g) for g in leaves]) ** 2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_clips_update(params, grads, lr, max_norm):
    # clips the step lr * g rather than the gradient
    norm = lr * _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_returns_norm_too(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads), norm


def r19_sgd_forgot_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


def r19_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - lr * (scale * g), params, grads)


def r19_sgd_right_tree_util_where(params, grads, lr, max_norm):
    sq = sum(jnp.vdot(g, g) for g in jax.tree_util.tree_leaves(grads))
    norm = jnp.sqrt(sq)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree_util.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r19_sgd_right_flatten_unflatten(params, grads, lr, max_norm):
    p_leaves, treedef = jax.tree.flatten(params)
    g_leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(jnp.sum(jnp.stack([jnp.sum(jnp.square(g)) for g in g_leaves])))
    scale = jnp.clip(max_norm / norm, None, 1.0)
    new_leaves = [p - lr * scale * g for p, g in zip(p_leaves, g_leaves, strict=True)]
    return jax.tree.unflatten(treedef, new_leaves)


ROUND_19 = [
    # 04.grad_last_two
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) with w passed by position",
        lambda: r19_grad_argnums_12_positional,
    ),
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) with w=w: no position 2",
        lambda: r19_grad_argnums_12_keyword,
    ),
    Wrong("04.grad_last_two", "only grad_y, argnums=1", lambda: r19_grad_only_y),
    Wrong(
        "04.grad_last_two",
        "returns (grad_w, grad_y), order swapped",
        lambda: r19_grad_swapped_order,
    ),
    Wrong("04.grad_last_two", "argnums=(0, 1): grads of x and y", lambda: r19_grad_first_two),
    Wrong(
        "04.grad_last_two",
        "wrapper reads outer w, grad_w all zeros",
        lambda: r19_grad_closes_over_outer_w,
    ),
    Wrong(
        "04.grad_last_two",
        "differentiates weighted_sse, not loss",
        lambda: r19_grad_uses_global_weighted_sse,
    ),
    Wrong(
        "04.grad_last_two", "uses the lesson's global x and y", lambda: r19_grad_uses_lesson_points
    ),
    Wrong("04.grad_last_two", "closed form for weighted_sse only", lambda: r19_grad_closed_form),
    Wrong("04.grad_last_two", "returns a list, not a tuple", lambda: r19_grad_returns_list),
    Wrong(
        "04.grad_last_two",
        "value_and_grad: value beside the grads",
        lambda: r19_grad_value_and_grad,
    ),
    Wrong(
        "04.grad_last_two",
        "partial(loss, x, y) then w by position",
        lambda: r19_grad_partial_positional_w,
    ),
    Wrong("04.grad_last_two", "grad_y as minus grad_x", lambda: r19_grad_negated_x),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "typed C: grads in parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "typed A: grads flattened beside value", lambda: "A"),
    Wrong("04.predict_value_and_grad", "typed D: gradients first, value last", lambda: "D"),
    Wrong("04.predict_value_and_grad", "typed lowercase c", lambda: "c"),
    Wrong("04.predict_value_and_grad", "typed 'a.' with a full stop", lambda: "a."),
    Wrong("04.predict_value_and_grad", "typed '(D)' in parentheses", lambda: "(D)"),
    Wrong("04.predict_value_and_grad", "hedged between B and C", lambda: "B or C"),
    Wrong("04.predict_value_and_grad", "left the placeholder ...", lambda: ...),
    Wrong("04.predict_value_and_grad", "empty string", lambda: ""),
    Wrong("04.predict_value_and_grad", "typed E, none of the four", lambda: "E"),
    Wrong("04.predict_value_and_grad", "typed the option number 3 for C", lambda: 3),
    # 04.sgd_step
    Wrong("04.sgd_step", "clips each leaf by its own norm", lambda: r19_sgd_per_leaf_norm),
    Wrong("04.sgd_step", "clips each entry to [-max_norm, max_norm]", lambda: r19_sgd_entry_clip),
    Wrong("04.sgd_step", "norm without the square root", lambda: r19_sgd_no_sqrt),
    Wrong("04.sgd_step", "always scales by max_norm / norm", lambda: r19_sgd_always_rescale),
    Wrong("04.sgd_step", "NumPy habit: params.copy() and a loop", lambda: r19_sgd_numpy_copy_loop),
    Wrong(
        "04.sgd_step", "recursive loop on a shallow copy", lambda: r19_sgd_patched_loop_shallow_copy
    ),
    Wrong("04.sgd_step", "norm as the sum of leaf norms", lambda: r19_sgd_sum_of_leaf_norms),
    Wrong("04.sgd_step", "p + lr * scale * g, sign flipped", lambda: r19_sgd_plus_sign),
    Wrong("04.sgd_step", "old jax.tree_map", lambda: r19_sgd_old_tree_map),
    Wrong("04.sgd_step", "norm taken over params, not grads", lambda: r19_sgd_norm_of_params),
    Wrong("04.sgd_step", "root of the mean square, not of the sum", lambda: r19_sgd_rms_norm),
    Wrong("04.sgd_step", "clips the norm of lr * g", lambda: r19_sgd_clips_update),
    Wrong("04.sgd_step", "returns (new_params, norm)", lambda: r19_sgd_returns_norm_too),
    Wrong("04.sgd_step", "forgot lr: p - scale * g", lambda: r19_sgd_forgot_lr),
]

RIGHT_19 = [
    Right(
        "04.grad_last_two", "two separate grads through lambdas", lambda: r19_grad_right_two_grads
    ),
    Right(
        "04.grad_last_two", "grad of one tuple argument (y, w)", lambda: r19_grad_right_tuple_arg
    ),
    Right(
        "04.grad_last_two",
        "positional wrapper, argnums=(1, 2)",
        lambda: r19_grad_right_positional_wrapper,
    ),
    Right("04.grad_last_two", "grad over a dict {'y', 'w'}", lambda: r19_grad_right_dict),
    Right("04.predict_value_and_grad", "plain B", lambda: "B"),
    Right("04.predict_value_and_grad", "lowercase with a space: ' b'", lambda: " b"),
    Right("04.predict_value_and_grad", "'B.' with a full stop", lambda: "B."),
    Right(
        "04.sgd_step",
        "ravel_pytree norm, max_norm / max(norm, max_norm)",
        lambda: r19_sgd_right_ravel,
    ),
    Right("04.sgd_step", "tree_util names, vdot, jnp.where", lambda: r19_sgd_right_tree_util_where),
    Right(
        "04.sgd_step",
        "flatten, list of new leaves, unflatten",
        lambda: r19_sgd_right_flatten_unflatten,
    ),
]
