"""Round 17, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text alone."""

from __future__ import annotations

import copy

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def weighted_sse(x, y, *, w):  # the page's loss
    return jnp.sum(w * (x - y) ** 2)


# ---- 04.grad_last_two ------------------------------------------------------------------------


def r17_yw_positional(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)  # w is keyword-only: TypeError


def r17_yw_keyword_argnums(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)  # only two positional arguments


def r17_yw_swapped(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(1, 0))(y, w)  # (grad_w, grad_y)


def r17_yw_lambda_params_swapped(loss, x, y, w):
    return jax.grad(lambda w, y: loss(x, y, w=w), argnums=(0, 1))(y, w)


def r17_yw_default_argnums(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w))(y, w)  # grad_y only


def r17_yw_off_by_one(loss, x, y, w):
    return jax.grad(lambda x, y, w: loss(x, y, w=w), argnums=(0, 1))(x, y, w)  # (gx, gy)


def r17_yw_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


def r17_yw_list(loss, x, y, w):
    return [
        jax.grad(lambda y: loss(x, y, w=w))(y),
        jax.grad(lambda w: loss(x, y, w=w))(w),
    ]


def r17_yw_minus_grad_x(loss, x, y, w):
    grad_y = -jax.grad(lambda x: loss(x, y, w=w))(x)  # the page said the sign flips
    grad_w = jax.grad(lambda w: loss(x, y, w=w))(w)
    return grad_y, grad_w


def r17_yw_dict(loss, x, y, w):
    return jax.grad(lambda p: loss(x, p["y"], w=p["w"]))({"y": y, "w": w})


def r17_yw_closure_w(loss, x, y, w):
    return jax.grad(lambda yy, ww: loss(x, yy, w=w), argnums=(0, 1))(y, w)  # ww unused


def r17_yw_hardcoded_loss(loss, x, y, w):
    return jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)


def r17_yw_stacked(loss, x, y, w):
    return jnp.stack(jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w))


def r17_yw_right_three(loss, x, y, w):
    return jax.grad(lambda x, y, w: loss(x, y, w=w), argnums=(1, 2))(x, y, w)


def r17_yw_right_tuple_arg(loss, x, y, w):
    return jax.grad(lambda yw: loss(x, yw[0], w=yw[1]))((y, w))


def r17_yw_right_two_grads(loss, x, y, w):
    def by_y(y):
        return loss(x, y, w=w)

    def by_w(w):
        return loss(x, y, w=w)

    return (jax.grad(by_y)(y), jax.grad(by_w)(w))


# ---- 04.sgd_step: clip by global norm, then p - lr * scale * g --------------------------------


def _global_norm(grads):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))


def r17_sgd_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(step, params, grads)


def r17_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)  # also stretches small gradients
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_elementwise_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r17_sgd_maximum(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r17_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))  # norm of the wrong tree
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_square_of_sum(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g) ** 2 for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_mean_squares(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.mean(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_with_norm(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads), norm


def r17_sgd_in_place(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def update(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                update(p[k], g[k])
            else:
                p[k] = p[k] - lr * scale * g[k]

    new = params.copy()  # shallow: the inner dicts are still the caller's
    update(new, grads)
    return new


def r17_sgd_right_ravel(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.linalg.norm(flat)
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r17_sgd_right_maximum(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jax.tree.leaves(jax.tree.map(lambda g: (g * g).sum(), grads))))
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - (lr * scale) * g, params, grads)


def r17_sgd_right_deepcopy(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = float(jnp.sqrt(sum(float(jnp.vdot(g, g)) for g in leaves)))
    scale = min(1.0, max_norm / norm) if norm > 0 else 1.0
    new = copy.deepcopy(params)

    def update(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                update(p[k], g[k])
            else:
                p[k] = p[k] - lr * scale * g[k]

    update(new, grads)
    return new


learning_rate = 0.1  # the page's global


def r17_sgd_global_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - learning_rate * scale * g, params, grads)


ROUND_17 = [
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed by position", lambda: r17_yw_positional),
    Wrong(
        "04.grad_last_two", "argnums=(1, 2) with w=w: no position 2", lambda: r17_yw_keyword_argnums
    ),
    Wrong("04.grad_last_two", "argnums=(1, 0): (grad_w, grad_y)", lambda: r17_yw_swapped),
    Wrong(
        "04.grad_last_two", "lambda w, y called with (y, w)", lambda: r17_yw_lambda_params_swapped
    ),
    Wrong(
        "04.grad_last_two", "lambda of y and w, argnums left at 0", lambda: r17_yw_default_argnums
    ),
    Wrong("04.grad_last_two", "lambda x, y, w with argnums=(0, 1)", lambda: r17_yw_off_by_one),
    Wrong("04.grad_last_two", "value_and_grad: (value, (gy, gw))", lambda: r17_yw_value_and_grad),
    Wrong("04.grad_last_two", "two grads returned as a list", lambda: r17_yw_list),
    Wrong(
        "04.grad_last_two",
        "grad_y as minus grad_x, true for x - y only",
        lambda: r17_yw_minus_grad_x,
    ),
    Wrong("04.grad_last_two", "one dict argument: returns a dict", lambda: r17_yw_dict),
    Wrong("04.grad_last_two", "lambda yy, ww but calls loss with w=w", lambda: r17_yw_closure_w),
    Wrong(
        "04.grad_last_two", "weighted_sse hard-coded instead of loss", lambda: r17_yw_hardcoded_loss
    ),
    Wrong("04.grad_last_two", "both gradients stacked into one array", lambda: r17_yw_stacked),
    Wrong("04.predict_value_and_grad", "A: thinks the tuple is flattened", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: thinks grads follow parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: thinks the gradients come first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Wrong("04.predict_value_and_grad", "B)", lambda: "B)"),
    Wrong(
        "04.predict_value_and_grad", "the structure typed out", lambda: "(value, (grad_y, grad_x))"
    ),
    Wrong("04.predict_value_and_grad", "B with a comment", lambda: "B  # like grad's tuple"),
    Wrong("04.sgd_step", "clips each leaf by its own norm", lambda: r17_sgd_per_leaf),
    Wrong("04.sgd_step", "norm without the square root", lambda: r17_sgd_no_sqrt),
    Wrong("04.sgd_step", "norm as the sum of the leaves' norms", lambda: r17_sgd_sum_of_norms),
    Wrong("04.sgd_step", "always multiplies by max_norm / norm", lambda: r17_sgd_always_scale),
    Wrong(
        "04.sgd_step",
        "clips each entry to +-max_norm (the page's rule)",
        lambda: r17_sgd_elementwise_clip,
    ),
    Wrong("04.sgd_step", "jnp.maximum(1, max_norm / norm)", lambda: r17_sgd_maximum),
    Wrong("04.sgd_step", "p + lr * scale * g: ascent", lambda: r17_sgd_plus),
    Wrong("04.sgd_step", "global norm of params, not grads", lambda: r17_sgd_norm_of_params),
    Wrong(
        "04.sgd_step",
        "square of each leaf's sum, not sum of squares",
        lambda: r17_sgd_square_of_sum,
    ),
    Wrong("04.sgd_step", "mean of squares per leaf", lambda: r17_sgd_mean_squares),
    Wrong("04.sgd_step", "returns (new_params, norm)", lambda: r17_sgd_with_norm),
    Wrong("04.sgd_step", "in-place update on a shallow copy", lambda: r17_sgd_in_place),
    Wrong("04.sgd_step", "uses the page's global learning_rate, not lr", lambda: r17_sgd_global_lr),
]

RIGHT_17 = [
    Right("04.grad_last_two", "lambda x, y, w with argnums=(1, 2)", lambda: r17_yw_right_three),
    Right("04.grad_last_two", "grad w.r.t. one tuple (y, w)", lambda: r17_yw_right_tuple_arg),
    Right(
        "04.grad_last_two",
        "two named inner functions, one grad each",
        lambda: r17_yw_right_two_grads,
    ),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right(
        "04.sgd_step", "concatenated ravel, Python if for the scale", lambda: r17_sgd_right_ravel
    ),
    Right("04.sgd_step", "max_norm / maximum(norm, max_norm)", lambda: r17_sgd_right_maximum),
    Right(
        "04.sgd_step",
        "deepcopy and a recursive loop, Python floats",
        lambda: r17_sgd_right_deepcopy,
    ),
]
