"""Round 7, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- data from the lesson


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])


# ---------------------------------------------------------------- 04.grad_last_two


def r7_grads_wrapper():
    return jax.grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)


def r7_grads_three_positional():
    return jax.grad(lambda a, b, c: weighted_sse(a, b, w=c), argnums=(1, 2))(x, y, w)


def r7_grads_separately():
    grad_y = jax.grad(lambda v: weighted_sse(x, v, w=w))(y)
    grad_w = jax.grad(lambda v: weighted_sse(x, y, w=v))(w)
    return grad_y, grad_w


def r7_grads_by_hand():
    return -2 * w * (x - y), (x - y) ** 2


def r7_grads_x_and_y():
    return jax.grad(weighted_sse, argnums=(0, 1))(x, y, w=w)


def r7_grads_swapped_xy():
    return jax.grad(lambda y_, w_: weighted_sse(y_, x, w=w_), argnums=(0, 1))(y, w)


def r7_grads_sign_by_hand():
    return 2 * w * (x - y), (x - y) ** 2


def r7_grads_no_square():
    return -2 * w * (x - y), (x - y)


def r7_grads_value_and_grad():
    return jax.value_and_grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)


def r7_grads_reversed():
    gy, gw = r7_grads_wrapper()
    return gw, gy


def r7_grads_list():
    return list(r7_grads_wrapper())


def r7_grads_unweighted():
    return jax.grad(sum_squared_error, argnums=(0, 1))(x, y)


def r7_grads_y_unweighted_w():
    return jax.grad(sum_squared_error, argnums=1)(x, y), (x - y) ** 2


# ---------------------------------------------------------------- 04.sgd_step


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r7_sgd_no_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r7_sgd_entry_clip(params, grads, lr, max_norm):
    # copied the lesson's other rule, with max_norm as the limit
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r7_sgd_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(step, params, grads)


def r7_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_l1(params, grads, lr, max_norm):
    norm = sum(jnp.sum(jnp.abs(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_max(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_flat_dict(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = min(1.0, float(max_norm / norm))
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * scale * grads[name]
    return new


def r7_sgd_params_norm(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_in_place(params, grads, lr, max_norm):
    norm = _global_norm(grads)
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

    return walk(params, grads)


def r7_sgd_rms(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r7_sgd_right_min(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r7_sgd_right_python_if(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = float(jnp.linalg.norm(jnp.concatenate([jnp.ravel(g) for g in leaves])))
    scale = max_norm / norm if norm > max_norm else 1.0
    scaled = jax.tree.map(lambda g: scale * g, grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, scaled)


def r7_sgd_right_maximum(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


ROUND_7 = [
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(0, 1): gradients for x and y", lambda: r7_grads_x_and_y()),
    Wrong("04.grad_last_two", "wrapper passes y where x goes: grad_y's sign flips", lambda: r7_grads_swapped_xy()),
    Wrong("04.grad_last_two", "by hand, sign slip on grad_y", lambda: r7_grads_sign_by_hand()),
    Wrong("04.grad_last_two", "by hand, grad_w without the square", lambda: r7_grads_no_square()),
    Wrong("04.grad_last_two", "value_and_grad: the value comes along", lambda: r7_grads_value_and_grad()),
    Wrong("04.grad_last_two", "order reversed: (grad_w, grad_y)", lambda: r7_grads_reversed()),
    Wrong("04.grad_last_two", "a list, not a tuple", lambda: r7_grads_list()),
    Wrong("04.grad_last_two", "sneaky: the unweighted pair from the cell above", lambda: r7_grads_unweighted()),
    Wrong("04.grad_last_two", "grad_y from the unweighted loss", lambda: r7_grads_y_unweighted_w()),
    Wrong("04.grad_last_two", "only grad_y", lambda: jax.grad(lambda v: weighted_sse(x, v, w=w))(y)),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "A: flat tuple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: always a tuple", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "c in lower case", lambda: "c"),
    Wrong("04.predict_value_and_grad", "B and C: the same shape", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "the shape written out", lambda: "(value, (grad_x, grad_y))"),
    Wrong("04.predict_value_and_grad", "a in lower case", lambda: "a"),
    Wrong("04.predict_value_and_grad", "C with its reason", lambda: "C: always a tuple"),
    # 04.sgd_step
    Wrong("04.sgd_step", "no clipping at all", lambda: r7_sgd_no_clip),
    Wrong("04.sgd_step", "sneaky: the lesson's per-entry clip with max_norm", lambda: r7_sgd_entry_clip),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r7_sgd_per_leaf),
    Wrong("04.sgd_step", "always scales by max_norm / norm", lambda: r7_sgd_always_scale),
    Wrong("04.sgd_step", "sum of squares, no square root", lambda: r7_sgd_no_sqrt),
    Wrong("04.sgd_step", "L1 norm", lambda: r7_sgd_l1),
    Wrong("04.sgd_step", "maximum, not minimum: scales small gradients up", lambda: r7_sgd_max),
    Wrong("04.sgd_step", "NumPy-habit loop over a flat dict", lambda: r7_sgd_flat_dict),
    Wrong("04.sgd_step", "norm of the params, not the grads", lambda: r7_sgd_params_norm),
    Wrong("04.sgd_step", "factor upside down: norm / max_norm", lambda: r7_sgd_inverted),
    Wrong("04.sgd_step", "sum of each leaf's norm: right for one leaf", lambda: r7_sgd_sum_of_norms),
    Wrong("04.sgd_step", "writes the new values into the given tree", lambda: r7_sgd_in_place),
    Wrong("04.sgd_step", "root mean square, not the norm", lambda: r7_sgd_rms),
    Wrong("04.sgd_step", "+ instead of -", lambda: r7_sgd_plus),
]

RIGHT_7 = [
    Right("04.grad_last_two", "two-argument wrapper, argnums=(0, 1)", lambda: r7_grads_wrapper()),
    Right("04.grad_last_two", "three-argument wrapper, argnums=(1, 2)", lambda: r7_grads_three_positional()),
    Right("04.grad_last_two", "two grads, one per argument", lambda: r7_grads_separately()),
    Right("04.grad_last_two", "by hand: -2w(x-y) and (x-y)^2", lambda: r7_grads_by_hand()),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.predict_value_and_grad", "b in lower case", lambda: "b"),
    Right("04.predict_value_and_grad", "B with a space", lambda: " B"),
    Right("04.sgd_step", "minimum(1, max_norm / norm)", lambda: r7_sgd_right_min),
    Right("04.sgd_step", "ravel_pytree and where", lambda: r7_sgd_right_ravel),
    Right("04.sgd_step", "Python if on a float norm, grads scaled first", lambda: r7_sgd_right_python_if),
    Right("04.sgd_step", "max_norm / maximum(norm, max_norm)", lambda: r7_sgd_right_maximum),
]
