"""Round 14, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


# ---------------------------------------------------------------- 04.grad_last_two


def r14_yw_positional_w(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)  # w is keyword-only: TypeError


def r14_yw_swapped(loss, x, y, w):
    return jax.grad(lambda w_, y_: loss(x, y_, w=w_), argnums=(0, 1))(w, y)  # (grad_w, grad_y)


def r14_yw_grad_x_for_y(loss, x, y, w):
    grad_y = jax.grad(loss)(x, y, w=w)  # argnums left at 0: that is x
    grad_w = jax.grad(lambda v: loss(x, y, w=v))(w)
    return grad_y, grad_w


def r14_yw_value_and_grad(loss, x, y, w):
    return jax.value_and_grad(lambda a, b: loss(x, a, w=b), argnums=(0, 1))(y, w)


def r14_yw_outer_w(loss, x, y, w):
    return jax.grad(lambda a, b: loss(x, a, w=w), argnums=(0, 1))(y, w)  # b unused: zeros


def r14_yw_page_loss(loss, x, y, w):
    return jax.grad(lambda a, b: weighted_sse(x, a, w=b), argnums=(0, 1))(y, w)


def r14_yw_grad_w_by_hand(loss, x, y, w):
    grad_y = jax.grad(loss, argnums=1)(x, y, w=w)
    return grad_y, (x - y) ** 2  # right only for weighted_sse


def r14_yw_zeros_for_w(loss, x, y, w):
    grad_y = jax.grad(loss, argnums=1)(x, y, w=w)
    return grad_y, jnp.zeros_like(w)  # "grad cannot see keyword arguments"


def r14_yw_dict(loss, x, y, w):
    return jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})


def r14_yw_three(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(0, 1, 2))(x, y, w)


def r14_yw_right_mixed(loss, x, y, w):
    grad_y = jax.grad(loss, argnums=1)(x, y, w=w)
    grad_w = jax.grad(lambda v: loss(x, y, w=v))(w)
    return grad_y, grad_w


def r14_yw_right_negative_argnums(loss, x, y, w):
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(-2, -1))(x, y, w)


def r14_yw_right_jacrev(loss, x, y, w):
    return jax.jacrev(lambda a, b: loss(x, a, w=b), argnums=(0, 1))(y, w)


def r14_yw_right_dict(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"w": w, "y": y})
    return tuple(g[k] for k in ("y", "w"))


# ---------------------------------------------------------------- 04.sgd_step


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r14_sgd_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.where(n > max_norm, max_norm / n, 1.0) * g

    return jax.tree.map(step, params, grads)


def r14_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r14_sgd_no_sqrt(params, grads, lr, max_norm):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / sq)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)  # also scales small gradients up
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_max_leaf_norm(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_square_of_sum(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g) ** 2 for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_norm_of_params(params, grads, lr, max_norm):
    norm = _global_norm(params)  # the norm of the wrong tree
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_python_min(params, grads, lr, max_norm):
    scale = min(1.0, max_norm / float(_global_norm(grads)))  # zero grads: ZeroDivisionError
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_scale_after(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: (p - lr * g) * scale, params, grads)


def r14_sgd_shallow_copy(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)

    def update(p, g):  # NumPy habit: write into the containers
        keys = range(len(p)) if isinstance(p, list) else list(p)
        for k in keys:
            if isinstance(p[k], (dict, list)):
                update(p[k], g[k])
            else:
                p[k] = p[k] - lr * scale * g[k]

    new = params.copy()  # copies the top level only
    update(new, grads)
    return new


def r14_sgd_plus(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r14_sgd_right_concat(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    scale = max_norm / jnp.maximum(jnp.linalg.norm(flat), max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_right_norm_of_norms(params, grads, lr, max_norm):
    norm = jnp.linalg.norm(jnp.stack([jnp.linalg.norm(g) for g in jax.tree.leaves(grads)]))
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r14_sgd_right_vdot(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    sq = 0.0
    for g in leaves:
        sq = sq + jnp.vdot(g, g)
    norm = sq**0.5
    scale = 1.0 if norm <= max_norm else max_norm / norm
    return jax.tree.map(lambda p, g: p - g * scale * lr, params, grads)


def r14_sgd_right_unflatten(params, grads, lr, max_norm):
    p_leaves, treedef = jax.tree.flatten(params)
    g_leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(jnp.sum(jnp.array([jnp.sum(jnp.square(g)) for g in g_leaves])))
    scale = jnp.minimum(1.0, max_norm / norm)
    new = [p - lr * scale * g for p, g in zip(p_leaves, g_leaves)]  # noqa: B905
    return jax.tree.unflatten(treedef, new)


ROUND_14 = [
    Wrong(
        "04.grad_last_two", "argnums=(1, 2) with w passed by position", lambda: r14_yw_positional_w
    ),
    Wrong("04.grad_last_two", "lambda takes w first: (grad_w, grad_y)", lambda: r14_yw_swapped),
    Wrong(
        "04.grad_last_two",
        "grad_y from grad(loss): the default argnums is x",
        lambda: r14_yw_grad_x_for_y,
    ),
    Wrong(
        "04.grad_last_two", "value_and_grad: the loss rides along", lambda: r14_yw_value_and_grad
    ),
    Wrong(
        "04.grad_last_two", "lambda closes over the outer w: grad_w zeros", lambda: r14_yw_outer_w
    ),
    Wrong("04.grad_last_two", "calls weighted_sse instead of loss", lambda: r14_yw_page_loss),
    Wrong("04.grad_last_two", "grad_w as (x - y)**2 by hand", lambda: r14_yw_grad_w_by_hand),
    Wrong(
        "04.grad_last_two",
        "zeros for w: thought keywords cannot be differentiated",
        lambda: r14_yw_zeros_for_w,
    ),
    Wrong("04.grad_last_two", "returned the dict of gradients", lambda: r14_yw_dict),
    Wrong("04.grad_last_two", "argnums=(0, 1, 2): grad_x too", lambda: r14_yw_three),
    Wrong("04.predict_value_and_grad", "A: flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower case b", lambda: "b"),
    Wrong(
        "04.predict_value_and_grad", "the structure typed out", lambda: "(value, (grad_y, grad_x))"
    ),
    Wrong("04.predict_value_and_grad", "B and C, unsure of order", lambda: "BC"),
    Wrong("04.predict_value_and_grad", "B with a colon", lambda: "B:"),
    Wrong("04.predict_value_and_grad", "lower case with a parenthesis", lambda: "b)"),
    Wrong("04.predict_value_and_grad", "B with a trailing comment", lambda: "B  # argnums order"),
    Wrong("04.sgd_step", "clipped each leaf by its own norm", lambda: r14_sgd_per_leaf),
    Wrong("04.sgd_step", "clipped each entry, the page's other rule", lambda: r14_sgd_entry_clip),
    Wrong("04.sgd_step", "sum of squares without the square root", lambda: r14_sgd_no_sqrt),
    Wrong("04.sgd_step", "scale max_norm / norm even below max_norm", lambda: r14_sgd_always_scale),
    Wrong("04.sgd_step", "factor norm / max_norm, upside down", lambda: r14_sgd_inverted),
    Wrong("04.sgd_step", "global norm as the sum of leaf norms", lambda: r14_sgd_sum_of_norms),
    Wrong("04.sgd_step", "global norm as the largest leaf norm", lambda: r14_sgd_max_leaf_norm),
    Wrong(
        "04.sgd_step",
        "square of each leaf's sum, not sum of squares",
        lambda: r14_sgd_square_of_sum,
    ),
    Wrong("04.sgd_step", "RMS of the entries instead of the norm", lambda: r14_sgd_rms),
    Wrong("04.sgd_step", "norm of params instead of grads", lambda: r14_sgd_norm_of_params),
    Wrong(
        "04.sgd_step",
        "Python min with float(norm): zero grads divide by 0",
        lambda: r14_sgd_python_min,
    ),
    Wrong("04.sgd_step", "scaled p - lr*g instead of g", lambda: r14_sgd_scale_after),
    Wrong(
        "04.sgd_step", "shallow .copy() and writes into inner dicts", lambda: r14_sgd_shallow_copy
    ),
    Wrong("04.sgd_step", "p + lr*scale*g: ascent", lambda: r14_sgd_plus),
]

RIGHT_14 = [
    Right(
        "04.grad_last_two", "grad argnums=1 for y, lambda over w for w", lambda: r14_yw_right_mixed
    ),
    Right(
        "04.grad_last_two",
        "argnums=(-2, -1) on a positional wrapper",
        lambda: r14_yw_right_negative_argnums,
    ),
    Right("04.grad_last_two", "jacrev of a scalar loss", lambda: r14_yw_right_jacrev),
    Right("04.grad_last_two", "grad of a dict, tuple built from it", lambda: r14_yw_right_dict),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right(
        "04.sgd_step",
        "norm of concatenated leaves, max_norm / max(norm, max_norm)",
        lambda: r14_sgd_right_concat,
    ),
    Right(
        "04.sgd_step", "norm of the leaves' norms, jnp.where", lambda: r14_sgd_right_norm_of_norms
    ),
    Right("04.sgd_step", "vdot loop, Python if on the norm", lambda: r14_sgd_right_vdot),
    Right("04.sgd_step", "flatten, zip, unflatten", lambda: r14_sgd_right_unflatten),
]
