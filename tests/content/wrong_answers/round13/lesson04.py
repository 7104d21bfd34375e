"""Round 13, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 04.grad_last_two -------------------------------------------------------------------


def r13_yw_positional(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)  # w is keyword-only: TypeError


def r13_yw_argnum_kw(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)  # no position 2 among positionals


def r13_yw_y_only(loss, x, y, w):
    return jax.grad(loss, argnums=1)(x, y, w=w)  # w by keyword is never differentiated


def r13_yw_swapped(loss, x, y, w):
    return jax.grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(1, 0))(y, w)  # (grad_w, grad_y)


def r13_yw_x_and_y(loss, x, y, w):
    return jax.grad(lambda x_, y_: loss(x_, y_, w=w), argnums=(0, 1))(x, y)  # grads of x, y


def r13_yw_closure_slip(loss, x, y, w):
    return jax.grad(lambda y_, w_: loss(x, y, w=w_), argnums=(0, 1))(y, w)  # y, not y_


def r13_yw_args_swapped(loss, x, y, w):
    # loss(y_, x): same numbers for a symmetric loss such as weighted_sse
    return jax.grad(lambda y_, w_: loss(y_, x, w=w_), argnums=(0, 1))(y, w)


def r13_yw_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(0, 1))(y, w)


def r13_yw_stacked(loss, x, y, w):
    gy, gw = jax.grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(0, 1))(y, w)
    return jnp.stack([gy, gw])  # one (2, n) array


def r13_yw_summed_w(loss, x, y, w):
    gy, gw = jax.grad(lambda y_, w_: loss(x, y_, w=w_), argnums=(0, 1))(y, w)
    return gy, jnp.sum(gw)  # "w is a weight": one number


def r13_yw_dict(loss, x, y, w):
    return jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})  # dict, not tuple


def r13_yw_right_tuple_arg(loss, x, y, w):
    return jax.grad(lambda yw: loss(x, yw[0], w=yw[1]))((y, w))


def r13_yw_right_three(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(1, 2))(x, y, w)


def r13_yw_right_two_calls(loss, x, y, w):
    gy = jax.grad(lambda yy: loss(x, yy, w=w))(y)
    gw = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return gy, gw


def r13_yw_right_dict_unpacked(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return g["y"], g["w"]


# ---- 04.sgd_step ------------------------------------------------------------------------


def _sq(tree):
    return sum(jnp.sum(g**2) for g in jax.tree.leaves(tree))


def r13_sgd_per_leaf(params, grads, lr, max_norm):
    def one(p, g):
        n = jnp.linalg.norm(g)
        return p - lr * jnp.minimum(1.0, max_norm / n) * g  # each leaf its own norm

    return jax.tree.map(one, params, grads)


def r13_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = _sq(grads)  # the sum of squares, no square root
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / jnp.sqrt(_sq(grads))  # scales small gradients up too
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_elementwise(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r13_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_rms(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.sqrt(jnp.mean(flat**2))  # root mean square, not the norm
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_norm_of_params(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq(params))  # the parameters' norm
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_maximum(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / jnp.sqrt(_sq(grads)))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(_sq(grads)))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r13_sgd_returns_update(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(_sq(grads)))
    return jax.tree.map(lambda g: lr * scale * g, grads)  # the step, not new parameters


def r13_sgd_values_only(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in grads.values()))  # a list leaf fails
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_zero_nan(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq(grads))
    scale = jnp.minimum(norm, max_norm) / norm  # 0 / 0 when every gradient is zero
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def _update_in_place(new, grads, lr, scale):
    for key in new if isinstance(new, dict) else range(len(new)):
        if isinstance(new[key], (dict, list)):
            _update_in_place(new[key], grads[key], lr, scale)
        else:
            new[key] = new[key] - lr * scale * grads[key]


def r13_sgd_shallow_copy(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(_sq(grads)))
    new = params.copy()  # inner dicts and lists are still the caller's
    _update_in_place(new, grads, lr, scale)
    return new


def r13_sgd_right_norm_of_norms(params, grads, lr, max_norm):
    norms = jnp.array([jnp.linalg.norm(g) for g in jax.tree.leaves(grads)])
    norm = jnp.linalg.norm(norms)  # the norm of the leaves' norms is the global norm
    scale = 1.0 / jnp.maximum(1.0, norm / max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_right_where(params, grads, lr, max_norm):
    norm = jnp.linalg.norm(ravel_pytree(grads)[0])
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r13_sgd_right_python(params, grads, lr, max_norm):
    total = 0.0
    for leaf in jax.tree.leaves(grads):
        total += float(jnp.sum(leaf * leaf))
    norm = math.sqrt(total)
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - (lr * scale) * g, params, grads)


def r13_sgd_right_reduce(params, grads, lr, max_norm):
    sq = jax.tree.reduce(lambda acc, g: acc + jnp.vdot(g, g), grads, 0.0)
    scale = max_norm / jnp.maximum(jnp.sqrt(sq), max_norm)
    clipped = jax.tree.map(lambda g: scale * g, grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, clipped)


ROUND_13 = [
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed by position", lambda: r13_yw_positional),
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed by keyword", lambda: r13_yw_argnum_kw),
    Wrong("04.grad_last_two", "argnums=1 only: grad_y alone", lambda: r13_yw_y_only),
    Wrong("04.grad_last_two", "argnums=(1, 0): (grad_w, grad_y)", lambda: r13_yw_swapped),
    Wrong("04.grad_last_two", "wrapper over x and y: gradients of x, y", lambda: r13_yw_x_and_y),
    Wrong(
        "04.grad_last_two", "lambda body uses y, not y_: grad_y zero", lambda: r13_yw_closure_slip
    ),
    Wrong(
        "04.grad_last_two",
        "loss(y_, x): right only for symmetric losses",
        lambda: r13_yw_args_swapped,
    ),
    Wrong("04.grad_last_two", "value_and_grad: (value, (gy, gw))", lambda: r13_yw_value_and_grad),
    Wrong("04.grad_last_two", "stacked into one (2, n) array", lambda: r13_yw_stacked),
    Wrong("04.grad_last_two", "grad_w summed to one number", lambda: r13_yw_summed_w),
    Wrong("04.grad_last_two", "dict of gradients, not a tuple", lambda: r13_yw_dict),
    Wrong("04.predict_value_and_grad", "A: flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case c", lambda: "c"),
    Wrong("04.predict_value_and_grad", "C) with parenthesis", lambda: "C)"),
    Wrong("04.predict_value_and_grad", "B and C, hedged", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "option a, typed as words", lambda: "option a"),
    Wrong("04.predict_value_and_grad", "C with a trailing comment", lambda: "C  # x first"),
    Wrong("04.predict_value_and_grad", "a tuple of letters", lambda: ("B",)),
    Wrong("04.predict_value_and_grad", "the word 'tuple'", lambda: "tuple"),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r13_sgd_per_leaf),
    Wrong("04.sgd_step", "sum of squares without the square root", lambda: r13_sgd_no_sqrt),
    Wrong("04.sgd_step", "always scales by max_norm / norm", lambda: r13_sgd_always_scale),
    Wrong(
        "04.sgd_step",
        "elementwise clip to +-max_norm, copied from the page",
        lambda: r13_sgd_elementwise,
    ),
    Wrong("04.sgd_step", "norm as the sum of the leaves' norms", lambda: r13_sgd_sum_of_norms),
    Wrong("04.sgd_step", "root mean square of all entries as the norm", lambda: r13_sgd_rms),
    Wrong("04.sgd_step", "norm of the params, not the grads", lambda: r13_sgd_norm_of_params),
    Wrong("04.sgd_step", "jnp.maximum(1, ...) instead of minimum", lambda: r13_sgd_maximum),
    Wrong("04.sgd_step", "p + lr * scale * g: ascends", lambda: r13_sgd_plus),
    Wrong("04.sgd_step", "returns the update, not new params", lambda: r13_sgd_returns_update),
    Wrong(
        "04.sgd_step",
        "norm over grads.values(): fails on nested lists",
        lambda: r13_sgd_values_only,
    ),
    Wrong("04.sgd_step", "min(norm, max) / norm: nan on zero gradients", lambda: r13_sgd_zero_nan),
    Wrong(
        "04.sgd_step",
        "shallow .copy() updated in place: caller's model changes",
        lambda: r13_sgd_shallow_copy,
    ),
]

RIGHT_13 = [
    Right("04.grad_last_two", "grad of one tuple argument (y, w)", lambda: r13_yw_right_tuple_arg),
    Right("04.grad_last_two", "wrapper of three, argnums=(1, 2)", lambda: r13_yw_right_three),
    Right("04.grad_last_two", "two separate grad calls", lambda: r13_yw_right_two_calls),
    Right(
        "04.grad_last_two", "dict argument, unpacked to a tuple", lambda: r13_yw_right_dict_unpacked
    ),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Right("04.predict_value_and_grad", "B with a full stop", lambda: "B."),
    Right(
        "04.sgd_step",
        "norm of the leaves' norms, 1 / max(1, n / m)",
        lambda: r13_sgd_right_norm_of_norms,
    ),
    Right("04.sgd_step", "ravel_pytree norm, jnp.where", lambda: r13_sgd_right_where),
    Right("04.sgd_step", "Python floats and an if", lambda: r13_sgd_right_python),
    Right("04.sgd_step", "tree.reduce with vdot, clip then step", lambda: r13_sgd_right_reduce),
]
