"""Round 8, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# the lesson's data


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


def _data():
    x = jnp.array([1.0, 2.0, 3.0, 4.0])
    y = jnp.array([1.1, 2.1, 3.1, 4.1])
    w = jnp.array([4.0, 3.0, 2.0, 1.0])
    return x, y, w


# ---- 04.grad_last_two --------------------------------------------------------


def r8_yw_positional_argnums():
    x, y, w = _data()
    return jax.grad(weighted_sse, argnums=(1, 2))(x, y, w=w)  # w is no positional arg


def r8_yw_only_y():
    x, y, w = _data()
    return jax.grad(weighted_sse, argnums=1)(x, y, w=w)


def r8_yw_first_two():
    x, y, w = _data()
    return jax.grad(weighted_sse, argnums=(0, 1))(x, y, w=w)


def r8_yw_swapped():
    x, y, w = _data()
    gy, gw = jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)
    return gw, gy


def r8_yw_by_hand_sign():
    x, y, w = _data()
    return 2 * w * (x - y), (x - y) ** 2


def r8_yw_list():
    x, y, w = _data()
    return list(jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w))


def r8_yw_dict():
    x, y, w = _data()
    gy, gw = jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)
    return {"y": gy, "w": gw}


def r8_yw_function():
    x, y, w = _data()
    return jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))


def r8_yw_value_and_grad():
    x, y, w = _data()
    return jax.value_and_grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)


def r8_yw_unweighted():
    x, y, w = _data()
    return (jax.grad(sum_squared_error, argnums=1)(x, y),
            jax.grad(lambda w: weighted_sse(x, y, w=w))(w))


def r8_yw_argnums_one_of_two():
    x, y, w = _data()
    return jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=1)(y, w)


def r8_yw_grad_x_and_w():
    x, y, w = _data()
    return jax.grad(lambda x, w: weighted_sse(x, y, w=w), argnums=(0, 1))(x, w)


def r8_yw_lambda():
    x, y, w = _data()
    return jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)


def r8_yw_three_args():
    x, y, w = _data()
    return jax.grad(lambda a, b, c: weighted_sse(a, b, w=c), argnums=(1, 2))(x, y, w)


def r8_yw_tuple_arg():
    x, y, w = _data()
    return jax.grad(lambda yw: weighted_sse(x, yw[0], w=yw[1]))((y, w))


def r8_yw_by_hand():
    x, y, w = _data()
    return -2 * w * (x - y), (x - y) ** 2


# ---- 04.sgd_step -------------------------------------------------------------


def _global_norm(grads):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))


def r8_sgd_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        norm = jnp.linalg.norm(g)
        scale = jnp.minimum(1.0, max_norm / norm)
        return p - lr * scale * g

    return jax.tree.map(step, params, grads)


def r8_sgd_clip_values(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r8_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_max_leaf_norm(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r8_sgd_no_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


def r8_sgd_dict_loop(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * scale * grads[name]  # lists in model: TypeError
    return new


def r8_sgd_in_place_walk(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def walk(p, g):
        keys = range(len(p)) if isinstance(p, list) else list(p)
        for k in keys:
            if isinstance(p[k], (dict, list)):
                walk(p[k], g[k])
            else:
                p[k] = p[k] - lr * scale * g[k]

    walk(params, grads)  # changes the caller's tree
    return params


def r8_sgd_mean_norm(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_old_tree_map(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_min(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(jnp.square(g)) for g in leaves))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_concat(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.linalg.norm(jnp.concatenate([jnp.ravel(g) for g in leaves]))
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r8_sgd_ravel(params, grads, lr, max_norm):
    flat_p, unravel = ravel_pytree(params)
    flat_g, _ = ravel_pytree(grads)
    norm = jnp.sqrt(jnp.dot(flat_g, flat_g))
    scale = max_norm / norm if norm > max_norm else 1.0
    return unravel(flat_p - lr * scale * flat_g)


def r8_sgd_two_maps(params, grads, lr, max_norm):
    squares = jax.tree.map(lambda g: jnp.sum(g * g), grads)
    norm = jnp.sqrt(jnp.sum(jnp.array(jax.tree.leaves(squares))))
    if norm > max_norm:
        grads = jax.tree.map(lambda g: g * (max_norm / norm), grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


ROUND_8 = [
    Wrong("04.grad_last_two", "argnums=(1, 2) with w= keyword", lambda: r8_yw_positional_argnums()),
    Wrong("04.grad_last_two", "argnums=1: grad_y only", lambda: r8_yw_only_y()),
    Wrong("04.grad_last_two", "argnums=(0, 1): grad_x and grad_y", lambda: r8_yw_first_two()),
    Wrong("04.grad_last_two", "tuple in the wrong order", lambda: r8_yw_swapped()),
    Wrong("04.grad_last_two", "by hand, sign of grad_y flipped", lambda: r8_yw_by_hand_sign()),
    Wrong("04.grad_last_two", "a list, not a tuple", lambda: r8_yw_list()),
    Wrong("04.grad_last_two", "a dict keyed y and w", lambda: r8_yw_dict()),
    Wrong("04.grad_last_two", "the gradient function, not called", lambda: r8_yw_function()),
    Wrong("04.grad_last_two", "value_and_grad: value included", lambda: r8_yw_value_and_grad()),
    Wrong("04.grad_last_two", "grad_y from the unweighted loss", lambda: r8_yw_unweighted()),
    Wrong("04.grad_last_two", "lambda(y, w), argnums=1: grad_w only",
          lambda: r8_yw_argnums_one_of_two()),
    Wrong("04.grad_last_two", "gradients for x and w", lambda: r8_yw_grad_x_and_w()),
    Wrong("04.predict_value_and_grad", "A: flat tuple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: always a tuple", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower case b", lambda: "b"),
    Wrong("04.predict_value_and_grad", "B or C, same shape", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "the shape written out",
          lambda: "(value, (grad_x, grad_y))"),
    Wrong("04.predict_value_and_grad", "letter and a reason", lambda: "B, same as grad"),
    Wrong("04.sgd_step", "clips each leaf by its own norm", lambda: r8_sgd_per_leaf),
    Wrong("04.sgd_step", "clips each entry to +-max_norm", lambda: r8_sgd_clip_values),
    Wrong("04.sgd_step", "always scales by max_norm / norm", lambda: r8_sgd_always_scale),
    Wrong("04.sgd_step", "norm without the square root", lambda: r8_sgd_no_sqrt),
    Wrong("04.sgd_step", "sum of the leaves' norms", lambda: r8_sgd_sum_of_norms),
    Wrong("04.sgd_step", "largest leaf norm", lambda: r8_sgd_max_leaf_norm),
    Wrong("04.sgd_step", "factor inverted: norm / max_norm", lambda: r8_sgd_inverted),
    Wrong("04.sgd_step", "p + lr * scale * g", lambda: r8_sgd_plus),
    Wrong("04.sgd_step", "forgot lr", lambda: r8_sgd_no_lr),
    Wrong("04.sgd_step", "NumPy-habit dict loop on a copy", lambda: r8_sgd_dict_loop),
    Wrong("04.sgd_step", "recursive walk that writes into the caller's tree",
          lambda: r8_sgd_in_place_walk),
    Wrong("04.sgd_step", "root of the mean square, not the sum", lambda: r8_sgd_mean_norm),
    Wrong("04.sgd_step", "old jax.tree_map from a tutorial", lambda: r8_sgd_old_tree_map),
]
RIGHT_8 = [
    Right("04.grad_last_two", "lambda of (y, w), argnums=(0, 1)", lambda: r8_yw_lambda()),
    Right("04.grad_last_two", "wrapper of three positional args", lambda: r8_yw_three_args()),
    Right("04.grad_last_two", "grad of one tuple argument (y, w)", lambda: r8_yw_tuple_arg()),
    Right("04.grad_last_two", "worked out by hand", lambda: r8_yw_by_hand()),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.sgd_step", "sum of squares over leaves, jnp.minimum", lambda: r8_sgd_min),
    Right("04.sgd_step", "norm of the concatenated leaves, jnp.where", lambda: r8_sgd_concat),
    Right("04.sgd_step", "ravel_pytree and unravel", lambda: r8_sgd_ravel),
    Right("04.sgd_step", "tree.map squares, Python if", lambda: r8_sgd_two_maps),
]
