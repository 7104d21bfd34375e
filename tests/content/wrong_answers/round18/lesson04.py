"""Round 18, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- setup the lesson defines --------------------------------------------------------


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])

# ---- 04.grad_last_two: (grad_y, grad_w), w keyword-only --------------------------------


def r18_yw_argnums_keyword(loss, x, y, w):
    # argnums=(1, 2) while w is passed by keyword
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)


def r18_yw_w_positional(loss, x, y, w):
    # w passed positionally to a keyword-only parameter
    return jax.grad(loss, argnums=(1, 2))(x, y, w)


def r18_yw_x_and_y(loss, x, y, w):
    # differentiated x and y, w held fixed
    return jax.grad(lambda a, b: loss(a, b, w=w), argnums=(0, 1))(x, y)


def r18_yw_swapped(loss, x, y, w):
    gy, gw = jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)
    return gw, gy


def r18_yw_outer_positions(loss, x, y, w):
    # kept the outer positions 1, 2 for a two-argument lambda
    return jax.grad(lambda b, c: loss(x, b, w=c), argnums=(1, 2))(y, w)


def r18_yw_weighted_sse_only(loss, x, y, w):
    # differentiates weighted_sse, not the loss it is given
    return jax.grad(lambda b, c: weighted_sse(x, b, w=c), argnums=(0, 1))(y, w)


def r18_yw_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)


def r18_yw_list(loss, x, y, w):
    gy, gw = jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)
    return [gy, gw]


def r18_yw_flipped_sign(loss, x, y, w):
    # "with respect to y the sign flips", applied by hand
    gy, gw = jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)
    return -gy, gw


def r18_yw_no_argnums(loss, x, y, w):
    # forgot argnums: only grad_y
    return jax.grad(lambda b, c: loss(x, b, w=c))(y, w)


def r18_yw_dict(loss, x, y, w):
    # a pytree of both, left as a dict
    return jax.grad(lambda p: loss(x, p["y"], w=p["w"]))({"y": y, "w": w})


def r18_yw_captured_w(loss, x, y, ww):
    # the lambda uses the outer w, not its own argument: grad_w is zero
    return jax.grad(lambda b, c: loss(x, b, w=ww), argnums=(0, 1))(y, ww)


# right ones


def r18_yw_right_three_args(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(1, 2))(x, y, w)


def r18_yw_right_pytree(loss, x, y, w):
    g = jax.grad(lambda p: loss(x, p[0], w=p[1]))((y, w))
    return g[0], g[1]


def r18_yw_right_two_grads(loss, x, y, w):
    gy = jax.grad(lambda b: loss(x, b, w=w))(y)
    gw = jax.grad(lambda c: loss(x, y, w=c))(w)
    return (gy, gw)


def r18_yw_right_partial_jacobian(loss, x, y, w):
    bound = functools.partial(loss, x)
    return jax.jacobian(lambda b, c: bound(b, w=c), argnums=(0, 1))(y, w)


# ---- 04.predict_value_and_grad (B) ------------------------------------------------------


def r18_predict_ran_it():
    # what jax.value_and_grad(sum_squared_error, argnums=(1, 0))(x, y) returns, pasted in
    return sum_squared_error(x, y), (2 * (y - x), 2 * (x - y))


# (string answers; see the lists below)

# ---- 04.sgd_step: global-norm clipping, p - lr * scale * g, on any tree -------------------


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r18_sgd_per_leaf(params, grads, lr, max_norm):
    # clips each leaf by its own norm
    def one(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(one, params, grads)


def r18_sgd_entry_clip(params, grads, lr, max_norm):
    # the lesson's other rule: clip each entry
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r18_sgd_no_sqrt(params, grads, lr, max_norm):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / sq)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_always_rescale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_maximum(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_sum_of_norms(params, grads, lr, max_norm):
    # adds the leaves' norms instead of their squares
    norm = sum(jnp.linalg.norm(g.ravel()) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_shallow_copy(params, grads, lr, max_norm):
    # NumPy habit: params.copy(), then updates the (shared) inner containers in place
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def update(node, gnode):
        if isinstance(node, dict):
            for k in node:
                if isinstance(node[k], (dict, list)):
                    update(node[k], gnode[k])
                else:
                    node[k] = node[k] - lr * scale * gnode[k]
        else:
            for i in range(len(node)):
                if isinstance(node[i], (dict, list)):
                    update(node[i], gnode[i])
                else:
                    node[i] = node[i] - lr * scale * gnode[i]

    new = params.copy()
    update(new, grads)
    return new


def r18_sgd_ascent(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r18_sgd_tree_map_old(params, grads, lr, max_norm):
    # old tutorials' jax.tree_map: gone from today's JAX
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_concat_no_ravel(params, grads, lr, max_norm):
    flat = jnp.concatenate(jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / jnp.linalg.norm(flat))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_returns_update(params, grads, lr, max_norm):
    # returned the step, not the new parameters
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: lr * scale * g, params, grads)


def r18_sgd_weight_decay(params, grads, lr, max_norm):
    # added a weight decay that this page's variant does not have
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * (scale * g + 0.01 * p), params, grads)


def r18_sgd_python_division(params, grads, lr, max_norm):
    # float(norm) in a Python division: zero gradients raise
    scale = min(1.0, max_norm / float(_global_norm(grads)))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


# right ones


def r18_sgd_right_ravel(params, grads, lr, max_norm):
    from jax.flatten_util import ravel_pytree

    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / jnp.where(norm > 0, norm, 1.0), 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_right_norm_of_norms(params, grads, lr, max_norm):
    norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(g.ravel()) for g in jax.tree.leaves(grads)]))
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18_sgd_right_recursive(params, grads, lr, max_norm):
    sq = jax.tree.reduce(lambda a, b: a + b, jax.tree.map(lambda g: jnp.vdot(g, g), grads))
    norm = jnp.sqrt(sq)
    scale = jnp.minimum(1.0, max_norm / norm)

    def build(p, g):
        if isinstance(p, dict):
            return {k: build(p[k], g[k]) for k in p}
        if isinstance(p, list):
            return [build(a, b) for a, b in zip(p, g, strict=True)]
        if isinstance(p, tuple):
            return tuple(build(a, b) for a, b in zip(p, g, strict=True))
        return p - lr * scale * g

    return build(params, grads)


def r18_sgd_right_tree_util(params, grads, lr, max_norm):
    leaves = jax.tree_util.tree_leaves(grads)
    norm = jnp.sqrt(jnp.sum(jnp.stack([jnp.sum(jnp.square(g)) for g in leaves])))
    scale = jnp.clip(max_norm / norm, None, 1.0)
    return jax.tree_util.tree_map(lambda p, g: p - (lr * scale) * g, params, grads)


ROUND_18 = [
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(1, 2) with w passed as w=", lambda: r18_yw_argnums_keyword),
    Wrong("04.grad_last_two", "w passed positionally to keyword-only", lambda: r18_yw_w_positional),
    Wrong("04.grad_last_two", "differentiated x and y, not y and w", lambda: r18_yw_x_and_y),
    Wrong("04.grad_last_two", "returned (grad_w, grad_y)", lambda: r18_yw_swapped),
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) on a two-argument lambda",
        lambda: r18_yw_outer_positions,
    ),
    Wrong(
        "04.grad_last_two",
        "differentiates weighted_sse, not loss",
        lambda: r18_yw_weighted_sse_only,
    ),
    Wrong("04.grad_last_two", "value_and_grad: value included", lambda: r18_yw_value_and_grad),
    Wrong("04.grad_last_two", "returned a list, not a tuple", lambda: r18_yw_list),
    Wrong("04.grad_last_two", "negated grad_y by hand", lambda: r18_yw_flipped_sign),
    Wrong("04.grad_last_two", "forgot argnums: grad_y only", lambda: r18_yw_no_argnums),
    Wrong("04.grad_last_two", "returned the gradient dict", lambda: r18_yw_dict),
    Wrong("04.grad_last_two", "lambda uses outer w: grad_w all zero", lambda: r18_yw_captured_w),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "A: the gradients flattened beside it", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order wins", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first, value last", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case c", lambda: "c"),
    Wrong("04.predict_value_and_grad", "d with a full stop", lambda: "d."),
    Wrong("04.predict_value_and_grad", "BC: could not decide the order", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "CD: both parameter-ordered ones", lambda: "CD"),
    Wrong(
        "04.predict_value_and_grad",
        "ran it and gave the result itself",
        lambda: r18_predict_ran_it(),
    ),
    Wrong(
        "04.predict_value_and_grad",
        "typed C's structure as text",
        lambda: "(value, (grad_x, grad_y))",
    ),
    # 04.sgd_step
    Wrong("04.sgd_step", "clipped each leaf by its own norm", lambda: r18_sgd_per_leaf),
    Wrong("04.sgd_step", "clipped each entry to +-max_norm", lambda: r18_sgd_entry_clip),
    Wrong("04.sgd_step", "norm without the square root", lambda: r18_sgd_no_sqrt),
    Wrong("04.sgd_step", "always rescaled by max_norm / norm", lambda: r18_sgd_always_rescale),
    Wrong("04.sgd_step", "scale inverted: norm / max_norm", lambda: r18_sgd_inverted),
    Wrong("04.sgd_step", "jnp.maximum instead of jnp.minimum", lambda: r18_sgd_maximum),
    Wrong("04.sgd_step", "global norm as a sum of leaf norms", lambda: r18_sgd_sum_of_norms),
    Wrong(
        "04.sgd_step", "params.copy(), inner dicts changed in place", lambda: r18_sgd_shallow_copy
    ),
    Wrong("04.sgd_step", "p + lr * scale * g: ascent", lambda: r18_sgd_ascent),
    Wrong("04.sgd_step", "old jax.tree_map", lambda: r18_sgd_tree_map_old),
    Wrong("04.sgd_step", "norm taken over params, not grads", lambda: r18_sgd_norm_of_params),
    Wrong("04.sgd_step", "concatenated leaves without ravel", lambda: r18_sgd_concat_no_ravel),
    Wrong("04.sgd_step", "returned the step, not new params", lambda: r18_sgd_returns_update),
    Wrong("04.sgd_step", "added a weight decay of 0.01", lambda: r18_sgd_weight_decay),
    Wrong("04.sgd_step", "Python division by float(norm)", lambda: r18_sgd_python_division),
]

RIGHT_18 = [
    Right(
        "04.grad_last_two", "three-argument lambda, argnums=(1, 2)", lambda: r18_yw_right_three_args
    ),
    Right("04.grad_last_two", "one grad over a (y, w) tuple", lambda: r18_yw_right_pytree),
    Right("04.grad_last_two", "two separate grads", lambda: r18_yw_right_two_grads),
    Right(
        "04.grad_last_two",
        "jax.jacobian through functools.partial",
        lambda: r18_yw_right_partial_jacobian,
    ),
    Right("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Right("04.predict_value_and_grad", "B with a full stop", lambda: "B."),
    Right("04.predict_value_and_grad", "B with a leading space", lambda: " B"),
    Right("04.sgd_step", "ravel_pytree and jnp.where", lambda: r18_sgd_right_ravel),
    Right("04.sgd_step", "norm of the leaf norms, Python if", lambda: r18_sgd_right_norm_of_norms),
    Right("04.sgd_step", "vdot per leaf, recursive rebuild", lambda: r18_sgd_right_recursive),
    Right("04.sgd_step", "jax.tree_util, clip of the factor", lambda: r18_sgd_right_tree_util),
]
