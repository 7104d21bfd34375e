"""Round 16, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 04.grad_last_two


def r16_yw_argnums_12(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)  # w is not positional


def r16_yw_xy(loss, x, y, w):
    return jax.grad(lambda a, b: loss(a, b, w=w), argnums=(0, 1))(x, y)  # x and y


def r16_yw_swapped(loss, x, y, w):
    gy, gw = jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)
    return gw, gy


def r16_yw_minus_grad_x(loss, x, y, w):
    grad_x = jax.grad(loss)(x, y, w=w)
    grad_w = jax.grad(lambda c: loss(x, y, w=c))(w)
    return -grad_x, grad_w  # true for (x - y)**2 losses only


def r16_yw_hand_w(loss, x, y, w):
    grad_y = jax.grad(lambda b: loss(x, b, w=w))(y)
    return grad_y, (x - y) ** 2  # weighted_sse's grad_w, worked by hand


def r16_yw_twice_y(loss, x, y, w):
    grad_y = jax.grad(lambda b: loss(x, b, w=w))(y)
    grad_w = jax.grad(lambda b: loss(x, b, w=w))(y)  # copied the line, forgot to edit
    return grad_y, grad_w


def r16_yw_dict(loss, x, y, w):
    return jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})


def r16_yw_value_too(loss, x, y, w):
    return jax.value_and_grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)


def r16_yw_stacked(loss, x, y, w):
    gy, gw = jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, w)
    return jnp.stack([gy, gw])


def r16_yw_w_at_y(loss, x, y, w):
    grad_y = jax.grad(lambda b: loss(x, b, w=w))(y)
    grad_w = jax.grad(lambda c: loss(x, y, w=c))(y)  # evaluated at y, not at w
    return grad_y, grad_w


def r16_yw_y_at_x(loss, x, y, w):
    grad_y = jax.grad(lambda b: loss(x, b, w=w))(x)  # evaluated at x
    grad_w = jax.grad(lambda c: loss(x, y, w=c))(w)
    return grad_y, grad_w


def r16_yw_ones_weight(loss, x, y, w):
    return jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, jnp.ones_like(w))


def r16_yw_right_two_grads(loss, x, y, w):
    return (
        jax.grad(lambda yy: loss(x, yy, w=w))(y),
        jax.grad(lambda ww: loss(x, y, w=ww))(w),
    )


def r16_yw_right_dict(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return g["y"], g["w"]


def r16_yw_right_value_and_grad(loss, x, y, w):
    def positional(x_, y_, w_):
        return loss(x_, y_, w=w_)

    _, grads = jax.value_and_grad(positional, argnums=(1, 2))(x, y, w)
    return tuple(grads)


# ---------------------------------------------------------------- 04.sgd_step


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree)))


def r16_sgd_per_leaf(params, grads, lr, max_norm):
    def step(p, g):
        n = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / n) * g

    return jax.tree.map(step, params, grads)  # each leaf clipped on its own


def r16_sgd_no_sqrt(params, grads, lr, max_norm):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / sq)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)  # rescales small gradients up too
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_maximum(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))  # the wrong tree
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r16_sgd_max_leaf_norm(params, grads, lr, max_norm):
    norm = max(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_inplace_inner(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def update(p, g):
        if isinstance(p, dict):
            for k in p:
                p[k] = update(p[k], g[k])  # writes into the caller's inner dicts
            return p
        if isinstance(p, list):
            return [update(a, b) for a, b in zip(p, g)]  # noqa: B905
        return p - lr * scale * g

    new = params.copy()
    for k in new:
        new[k] = update(new[k], grads[k])
    return new


def r16_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r16_sgd_flat_only(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return {k: params[k] - lr * scale * grads[k] for k in params}  # breaks on lists


def r16_sgd_rms(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.sqrt(jnp.mean(flat**2))  # root mean square, not the norm
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm < max_norm, max_norm / norm, 1.0)  # condition flipped
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r16_sgd_returns_norm(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads), norm


def r16_sgd_right_python_if(params, grads, lr, max_norm):
    total = 0.0
    for leaf in jax.tree.leaves(grads):
        total = total + (leaf * leaf).sum()
    norm = float(total) ** 0.5
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * (scale * g), params, grads)


def r16_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - scale * g * lr, params, grads)


def r16_sgd_right_concat(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(jnp.dot(flat, flat)))
    scaled = jax.tree.map(lambda g: g * scale, grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, scaled)


learning_rate = 0.1  # from the page


def r16_sgd_page_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - learning_rate * scale * g, params, grads)


def r16_sgd_normalize_first(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    unit = jax.tree.map(lambda g: g / norm, grads)  # 0 / 0 when every gradient is 0
    return jax.tree.map(lambda p, u: p - lr * jnp.minimum(norm, max_norm) * u, params, unit)


def r16_yw_page_w(loss, x, y, w):
    page_w = jnp.array([4.0, 3.0, 2.0, 1.0])  # the page's weights, not the argument
    return jax.grad(lambda b, c: loss(x, b, w=c), argnums=(0, 1))(y, page_w)


ROUND_16 = [
    Wrong("04.grad_last_two", "argnums=(1, 2) with w passed by keyword", lambda: r16_yw_argnums_12),
    Wrong("04.grad_last_two", "lambda over x and y: grads of x and y", lambda: r16_yw_xy),
    Wrong("04.grad_last_two", "returned (grad_w, grad_y)", lambda: r16_yw_swapped),
    Wrong(
        "04.grad_last_two", "-grad_x for grad_y: true for x - y losses", lambda: r16_yw_minus_grad_x
    ),
    Wrong("04.grad_last_two", "grad_w worked by hand as (x - y)**2", lambda: r16_yw_hand_w),
    Wrong("04.grad_last_two", "copied the grad_y line for grad_w", lambda: r16_yw_twice_y),
    Wrong("04.grad_last_two", "returned the dict of grads, not a tuple", lambda: r16_yw_dict),
    Wrong("04.grad_last_two", "value_and_grad: value comes along", lambda: r16_yw_value_too),
    Wrong("04.grad_last_two", "stacked the two grads into one array", lambda: r16_yw_stacked),
    Wrong("04.grad_last_two", "grad_w evaluated at y instead of w", lambda: r16_yw_w_at_y),
    Wrong("04.grad_last_two", "grad_y evaluated at x instead of y", lambda: r16_yw_y_at_x),
    Wrong("04.grad_last_two", "ones_like(w) as the weight", lambda: r16_yw_ones_weight),
    Wrong("04.predict_value_and_grad", "A: a flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: parameter order wins", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: grads first, then value", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower case b", lambda: "b"),
    Wrong("04.predict_value_and_grad", "B) with a bracket", lambda: "B)"),
    Wrong(
        "04.predict_value_and_grad",
        "typed the structure, not the letter",
        lambda: "(value, (grad_y, grad_x))",
    ),
    Wrong("04.predict_value_and_grad", "option b, in words", lambda: "option b"),
    Wrong("04.predict_value_and_grad", "BC: could not decide the order", lambda: "BC"),
    Wrong("04.sgd_step", "clipped each leaf by its own norm", lambda: r16_sgd_per_leaf),
    Wrong("04.sgd_step", "norm without the square root", lambda: r16_sgd_no_sqrt),
    Wrong("04.sgd_step", "sum of the leaves' norms", lambda: r16_sgd_sum_of_norms),
    Wrong("04.sgd_step", "always scale by max_norm / norm", lambda: r16_sgd_always_scale),
    Wrong("04.sgd_step", "jnp.maximum instead of jnp.minimum", lambda: r16_sgd_maximum),
    Wrong("04.sgd_step", "norm of the params tree, not the grads", lambda: r16_sgd_norm_of_params),
    Wrong("04.sgd_step", "page's entry clip with max_norm as limit", lambda: r16_sgd_entry_clip),
    Wrong("04.sgd_step", "largest leaf norm as the global norm", lambda: r16_sgd_max_leaf_norm),
    Wrong(
        "04.sgd_step", "copy() then recursive writes: mutates inner", lambda: r16_sgd_inplace_inner
    ),
    Wrong("04.sgd_step", "p + lr * scale * g: ascent", lambda: r16_sgd_plus),
    Wrong("04.sgd_step", "dict comprehension: flat params only", lambda: r16_sgd_flat_only),
    Wrong("04.sgd_step", "root mean square instead of the norm", lambda: r16_sgd_rms),
    Wrong("04.sgd_step", "where(norm < max_norm, ...): flipped", lambda: r16_sgd_inverted),
    Wrong("04.sgd_step", "returns (new_params, norm)", lambda: r16_sgd_returns_norm),
    Wrong("04.sgd_step", "the page's learning_rate, not lr", lambda: r16_sgd_page_lr),
    Wrong(
        "04.sgd_step",
        "unit grads times min(norm, max): nan at zero",
        lambda: r16_sgd_normalize_first,
    ),
    Wrong("04.grad_last_two", "the page's w array instead of the argument", lambda: r16_yw_page_w),
]

RIGHT_16 = [
    Right("04.grad_last_two", "two separate grads of lambdas", lambda: r16_yw_right_two_grads),
    Right("04.grad_last_two", "grad of a dict of y and w, unpacked", lambda: r16_yw_right_dict),
    Right(
        "04.grad_last_two",
        "positional wrapper, value_and_grad[1]",
        lambda: r16_yw_right_value_and_grad,
    ),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.sgd_step", "Python float norm and a Python if", lambda: r16_sgd_right_python_if),
    Right("04.sgd_step", "ravel_pytree, linalg.norm, jnp.where", lambda: r16_sgd_right_ravel),
    Right(
        "04.sgd_step", "concatenate raveled leaves, scale grads first", lambda: r16_sgd_right_concat
    ),
]
