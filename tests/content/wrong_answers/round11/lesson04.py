"""Round 11, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""

from __future__ import annotations

import copy

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 04.grad_last_two ------------------------------------------------------------------
def r11_yw_positional(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)  # w is keyword-only


def r11_yw_argnums_kw(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)  # 2 names no positional argument


def r11_yw_x_for_w(loss, x, y, w):
    gy = jax.grad(loss, argnums=1)(x, y, w=w)
    gw = jax.grad(loss, argnums=0)(x, y, w=w)  # argnums=0 is x, not w
    return gy, gw


def r11_yw_swapped(loss, x, y, w):
    gy, gw = jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)
    return gw, gy


def r11_yw_lambda_order(loss, x, y, w):
    return jax.grad(lambda w, y: loss(x, y, w=w), argnums=(0, 1))(y, w)  # names swapped


def r11_yw_first_two(loss, x, y, w):
    return jax.grad(lambda x, y, w: loss(x, y, w=w), argnums=(0, 1))(x, y, w)


def r11_yw_hand_w(loss, x, y, w):
    gy = jax.grad(loss, argnums=1)(x, y, w=w)
    return gy, (x - y) ** 2  # d/dw of weighted_sse only


def r11_yw_minus_x(loss, x, y, w):
    gy = -jax.grad(loss)(x, y, w=w)  # true only where loss depends on x - y
    gw = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return gy, gw


def r11_yw_dict(loss, x, y, w):
    gy, gw = jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)
    return {"y": gy, "w": gw}


def r11_yw_value_too(loss, x, y, w):
    return jax.value_and_grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


def r11_yw_w_only_twice(loss, x, y, w):
    gw = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return gw, gw  # copy-paste: grad_y never computed


def r11_yw_three(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(1, 2))(x, y, w)


def r11_yw_separate(loss, x, y, w):
    grad_y = jax.grad(lambda yy: loss(x, yy, w=w))(y)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r11_yw_vag(loss, x, y, w):
    _, (gy, gw) = jax.value_and_grad(lambda t: loss(x, t[0], w=t[1]))((y, w))
    return gy, gw


def r11_yw_dict_arg(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return (g["y"], g["w"])


# ---- 04.sgd_step -----------------------------------------------------------------------
def _sq_norm(tree):
    return sum(jnp.sum(g**2) for g in jax.tree.leaves(tree))


def r11_sgd_right(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_per_leaf(params, grads, lr, max_norm):
    def one(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(one, params, grads)


def r11_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = _sq_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / jnp.sqrt(_sq_norm(grads))  # scales small gradients up
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_inverted(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r11_sgd_params_norm(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(params))  # norm of the parameters
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_max_leaf(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.sqrt(jnp.mean(flat**2))  # mean, not sum
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_plus(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r11_sgd_leaves(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return [
        p - lr * scale * g
        for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def r11_sgd_min_over_norm(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.minimum(norm, max_norm) / norm  # 0/0 for all-zero gradients
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_shallow_copy(params, grads, lr, max_norm):
    norm = jnp.sqrt(_sq_norm(grads))
    scale = jnp.minimum(1.0, max_norm / norm)

    def walk(p, g):
        if isinstance(p, dict):
            for k in p:
                p[k] = walk(p[k], g[k])
            return p
        if isinstance(p, list):
            for i in range(len(p)):
                p[i] = walk(p[i], g[i])
            return p
        return p - lr * scale * g

    return walk(params.copy(), grads)  # inner dicts are still the caller's


def r11_sgd_concat(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - scale * lr * g, params, grads)


def r11_sgd_python_if(params, grads, lr, max_norm):
    norm = float(jnp.sqrt(_sq_norm(grads)))
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r11_sgd_deepcopy(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.vdot(g, g) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    new = copy.deepcopy(params)

    def walk(p, g):
        keys = p.keys() if isinstance(p, dict) else range(len(p))
        for k in keys:
            if isinstance(p[k], (dict, list)):
                walk(p[k], g[k])
            else:
                p[k] = p[k] - lr * scale * g[k]

    walk(new, grads)
    return new


def r11_sgd_two_maps(params, grads, lr, max_norm):
    sq = jax.tree.map(lambda g: jnp.sum(jnp.square(g)), grads)
    norm = jnp.sqrt(jax.tree.reduce(jnp.add, sq, 0.0))
    clipped = jax.tree.map(lambda g: g * jnp.minimum(1.0, max_norm / norm), grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, clipped)


ROUND_11 = [
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed by position", lambda: r11_yw_positional),
    Wrong("04.grad_last_two", "argnums=(1, 2) with w= keyword", lambda: r11_yw_argnums_kw),
    Wrong("04.grad_last_two", "second grad with argnums=0: grad_x", lambda: r11_yw_x_for_w),
    Wrong("04.grad_last_two", "returned (grad_w, grad_y)", lambda: r11_yw_swapped),
    Wrong("04.grad_last_two", "lambda w, y called with (y, w)", lambda: r11_yw_lambda_order),
    Wrong(
        "04.grad_last_two", "argnums=(0, 1) on x, y, w: grad_x, grad_y", lambda: r11_yw_first_two
    ),
    Wrong(
        "04.grad_last_two", "grad_w written as (x - y)**2: only weighted_sse", lambda: r11_yw_hand_w
    ),
    Wrong(
        "04.grad_last_two", "grad_y as minus grad_x: only losses of x - y", lambda: r11_yw_minus_x
    ),
    Wrong("04.grad_last_two", "a dict instead of the tuple", lambda: r11_yw_dict),
    Wrong("04.grad_last_two", "value_and_grad: value beside the grads", lambda: r11_yw_value_too),
    Wrong("04.grad_last_two", "copy-paste: grad_w twice", lambda: r11_yw_w_only_twice),
    Wrong("04.predict_value_and_grad", "A: flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: grads first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Wrong(
        "04.predict_value_and_grad",
        "the structure written out",
        lambda: "(value, (grad_y, grad_x))",
    ),
    Wrong("04.predict_value_and_grad", "B and C", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "letter in a tuple", lambda: ("B",)),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r11_sgd_per_leaf),
    Wrong("04.sgd_step", "squared norm, no sqrt", lambda: r11_sgd_no_sqrt),
    Wrong("04.sgd_step", "sum of the leaves' norms", lambda: r11_sgd_sum_of_norms),
    Wrong("04.sgd_step", "always scaled by max_norm / norm", lambda: r11_sgd_always_scale),
    Wrong("04.sgd_step", "factor norm / max_norm, inverted", lambda: r11_sgd_inverted),
    Wrong("04.sgd_step", "per-entry clip from the page", lambda: r11_sgd_entry_clip),
    Wrong("04.sgd_step", "norm of params instead of grads", lambda: r11_sgd_params_norm),
    Wrong("04.sgd_step", "largest leaf norm", lambda: r11_sgd_max_leaf),
    Wrong("04.sgd_step", "root mean square instead of the norm", lambda: r11_sgd_rms),
    Wrong("04.sgd_step", "p + lr*scale*g: sign flipped", lambda: r11_sgd_plus),
    Wrong("04.sgd_step", "flat list of leaves returned", lambda: r11_sgd_leaves),
    Wrong(
        "04.sgd_step", "min(norm, max)/norm: NaN for zero gradients", lambda: r11_sgd_min_over_norm
    ),
    Wrong("04.sgd_step", "recursive update on a shallow .copy()", lambda: r11_sgd_shallow_copy),
]
RIGHT_11 = [
    Right("04.grad_last_two", "a lambda of all three, argnums=(1, 2)", lambda: r11_yw_three),
    Right("04.grad_last_two", "two separate grads of lambdas", lambda: r11_yw_separate),
    Right(
        "04.grad_last_two", "value_and_grad on a (y, w) tuple, value dropped", lambda: r11_yw_vag
    ),
    Right("04.grad_last_two", "grad of a dict argument, unpacked", lambda: r11_yw_dict_arg),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.sgd_step", "sqrt of summed squares, minimum(1, max/norm)", lambda: r11_sgd_right),
    Right("04.sgd_step", "norm of the concatenated leaves, where", lambda: r11_sgd_concat),
    Right("04.sgd_step", "Python if on a float norm", lambda: r11_sgd_python_if),
    Right("04.sgd_step", "deepcopy and a recursive walk", lambda: r11_sgd_deepcopy),
    Right("04.sgd_step", "tree.reduce of squares, clip then step", lambda: r11_sgd_two_maps),
]
