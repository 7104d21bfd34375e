"""Round 15, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# the page's data, as the cells above the exercises make it
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])
model_grads = {
    "layers": [
        {"w": jnp.ones((2, 2)), "b": jnp.ones(2)},
        {"w": jnp.ones((2, 1)), "b": jnp.ones(1)},
    ],
    "scale": jnp.ones(()),
}

# -------------------------------------------------------- 04.grad_last_two


def r15_yw_positional(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)  # w is keyword-only


def r15_yw_argnums_kw(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)  # argnums cannot reach a keyword


def r15_yw_swapped(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(1, 0))(y, w)


def r15_yw_only_y(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w))(y, w)


def r15_yw_shifted_args(loss, x, y, w):
    return jax.grad(lambda yy, ww: loss(x, yy, w=ww), argnums=(0, 1))(x, y)  # x, y passed


def r15_yw_closure_w(loss, x, y, w):
    return jax.grad(lambda yy, ww: loss(x, yy, w=w), argnums=(0, 1))(y, w)  # outer w


def r15_yw_x_and_y(loss, x, y, w):
    return jax.grad(lambda x, y: loss(x, y, w=w), argnums=(0, 1))(x, y)


def r15_yw_value_too(loss, x, y, w):
    return jax.value_and_grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


def r15_yw_sign_flip(loss, x, y, w):
    grad_y = -jax.grad(loss)(x, y, w=w)  # the page's sign flip: true when loss uses x - y
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r15_yw_stacked(loss, x, y, w):
    gy, gw = jax.grad(lambda a, b: loss(x, a, w=b), argnums=(0, 1))(y, w)
    return jnp.stack([gy, gw])


def r15_yw_not_called(loss, x, y, w):
    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))


def r15_yw_right_tuple_arg(loss, x, y, w):
    return jax.grad(lambda yw: loss(x, yw[0], w=yw[1]))((y, w))


def r15_yw_right_dict(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return g["y"], g["w"]


def r15_yw_right_three_positional(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(1, 2))(x, y, w)


def r15_yw_right_two_grads(loss, x, y, w):
    gy = jax.grad(lambda v: loss(x, v, w=w))(y)
    gw = jax.grad(lambda v: loss(x, y, w=v))(w)
    return gy, gw


# --------------------------------------------------------------- 04.sgd_step


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r15_sgd_per_leaf(params, grads, lr, max_norm):
    def one(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(one, params, grads)


def r15_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)  # also scales small gradients up
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r15_sgd_maximum(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r15_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_in_place(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def update(p, g):
        if isinstance(p, dict):
            for k in p:
                p[k] = update(p[k], g[k])  # writes into the caller's inner dicts
            return p
        if isinstance(p, list):
            return [update(a, b) for a, b in zip(p, g)]  # noqa: B905
        return p - lr * scale * g

    return update(params.copy(), grads)


def r15_sgd_rms(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.mean(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_swapped_trees(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, grads, params)


def r15_sgd_page_grads_norm(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(model_grads))  # the page's test tree
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_leaves_list(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    pairs = zip(jax.tree.leaves(params), jax.tree.leaves(grads))  # noqa: B905
    return [p - lr * scale * g for p, g in pairs]


def r15_sgd_square_of_sum(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g) ** 2 for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_max_leaf_norm(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - (lr * scale) * g, params, grads)


def r15_sgd_right_python_if(params, grads, lr, max_norm):
    norm = float(_global_norm(grads))
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r15_sgd_right_norm_of_norms(params, grads, lr, max_norm):
    norms = jnp.array([jnp.linalg.norm(g) for g in jax.tree.leaves(grads)])
    norm = jnp.linalg.norm(norms)
    scale = min(1.0, max_norm / norm)  # Python min on a concrete jax scalar
    return jax.tree.map(lambda p, g: p - lr * (scale * g), params, grads)


def r15_sgd_right_where(params, grads, lr, max_norm):
    sq = jax.tree.map(lambda g: jnp.vdot(g, g), grads)
    norm = jnp.sqrt(jnp.sum(jnp.stack(jax.tree.leaves(sq))))
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


ROUND_15 = [
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed positionally", lambda: r15_yw_positional),
    Wrong("04.grad_last_two", "argnums=(1, 2) with w=w", lambda: r15_yw_argnums_kw),
    Wrong("04.grad_last_two", "argnums=(1, 0): (grad_w, grad_y)", lambda: r15_yw_swapped),
    Wrong("04.grad_last_two", "lambda y, w without argnums: grad_y only", lambda: r15_yw_only_y),
    Wrong("04.grad_last_two", "called the lambda with (x, y)", lambda: r15_yw_shifted_args),
    Wrong("04.grad_last_two", "lambda ignores ww, uses outer w", lambda: r15_yw_closure_w),
    Wrong("04.grad_last_two", "gradients wrt x and y", lambda: r15_yw_x_and_y),
    Wrong("04.grad_last_two", "value_and_grad: value included", lambda: r15_yw_value_too),
    Wrong("04.grad_last_two", "grad_y as minus grad_x: only for x - y", lambda: r15_yw_sign_flip),
    Wrong("04.grad_last_two", "stacked into one array", lambda: r15_yw_stacked),
    Wrong("04.grad_last_two", "returns the grad function, not called", lambda: r15_yw_not_called),
    Wrong("04.predict_value_and_grad", "A: flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: grads first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower case", lambda: "b"),
    Wrong("04.predict_value_and_grad", "B) with a bracket", lambda: "B)"),
    Wrong("04.predict_value_and_grad", "option B, spelled out", lambda: "option B"),
    Wrong("04.predict_value_and_grad", "B with a trailing comment", lambda: "B # value, (gy, gx)"),
    Wrong(
        "04.predict_value_and_grad", "the structure typed out", lambda: "(value, (grad_y, grad_x))"
    ),
    Wrong("04.predict_value_and_grad", "B or C, both letters", lambda: "BC"),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r15_sgd_per_leaf),
    Wrong("04.sgd_step", "sum of squares, no square root", lambda: r15_sgd_no_sqrt),
    Wrong("04.sgd_step", "sum of per-leaf norms", lambda: r15_sgd_sum_of_norms),
    Wrong("04.sgd_step", "always max_norm / norm, even below", lambda: r15_sgd_always_scale),
    Wrong("04.sgd_step", "the page's entry clip with max_norm", lambda: r15_sgd_entry_clip),
    Wrong("04.sgd_step", "jnp.maximum instead of minimum", lambda: r15_sgd_maximum),
    Wrong("04.sgd_step", "factor norm / max_norm", lambda: r15_sgd_inverted),
    Wrong("04.sgd_step", "p + lr * scale * g", lambda: r15_sgd_plus),
    Wrong("04.sgd_step", "norm of params, not grads", lambda: r15_sgd_norm_of_params),
    Wrong("04.sgd_step", "recursive update on a shallow copy", lambda: r15_sgd_in_place),
    Wrong("04.sgd_step", "mean of squares per leaf (RMS)", lambda: r15_sgd_rms),
    Wrong(
        "04.sgd_step", "tree.map(grads, params): arguments swapped", lambda: r15_sgd_swapped_trees
    ),
    Wrong("04.sgd_step", "norm of the page's model_grads", lambda: r15_sgd_page_grads_norm),
    Wrong("04.sgd_step", "list of leaves, not a tree", lambda: r15_sgd_leaves_list),
    Wrong("04.sgd_step", "square of each leaf's sum", lambda: r15_sgd_square_of_sum),
    Wrong("04.sgd_step", "largest leaf norm as the norm", lambda: r15_sgd_max_leaf_norm),
]
RIGHT_15 = [
    Right("04.grad_last_two", "grad of a tuple argument", lambda: r15_yw_right_tuple_arg),
    Right("04.grad_last_two", "grad of a dict, unpacked", lambda: r15_yw_right_dict),
    Right(
        "04.grad_last_two",
        "three positional lambda, argnums=(1, 2)",
        lambda: r15_yw_right_three_positional,
    ),
    Right("04.grad_last_two", "two separate grads", lambda: r15_yw_right_two_grads),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right(
        "04.sgd_step",
        "ravel_pytree norm, max_norm / max(norm, max_norm)",
        lambda: r15_sgd_right_ravel,
    ),
    Right("04.sgd_step", "Python if on float(norm)", lambda: r15_sgd_right_python_if),
    Right("04.sgd_step", "norm of leaf norms, Python min", lambda: r15_sgd_right_norm_of_norms),
    Right("04.sgd_step", "vdot per leaf, jnp.where", lambda: r15_sgd_right_where),
]
