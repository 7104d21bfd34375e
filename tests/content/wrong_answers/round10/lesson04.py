"""Round 10, lesson 04 (argnums, value_and_grad, pytrees): answers written from the lesson's
text alone."""

from __future__ import annotations

import copy
import functools

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# data the exercise cells have (copied from the lesson)
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


# ---------------------------------------------------------------- 04.grad_last_two


def r10_yw_argnums_keyword():
    return jax.grad(weighted_sse, argnums=(1, 2))(x, y, w=w)  # w is no positional argument


def r10_yw_only_y():
    return jax.grad(weighted_sse, argnums=1)(x, y, w=w)


def r10_yw_swapped():
    return jax.grad(lambda w, y: weighted_sse(x, y, w=w), argnums=(0, 1))(w, y)


def r10_yw_default_argnums():
    return jax.grad(lambda y, w: weighted_sse(x, y, w=w))(y, w)


def r10_yw_grad_x():
    grad_x = jax.grad(weighted_sse)(x, y, w=w)  # first argument: x, not y
    grad_w = jax.grad(lambda w: weighted_sse(x, y, w=w))(w)
    return grad_x, grad_w


def r10_yw_value_and_grad():
    return jax.value_and_grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)


def r10_yw_stacked():
    gy, gw = jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w)
    return jnp.stack([gy, gw])


def r10_yw_closure_w():
    grad_y = jax.grad(lambda y: weighted_sse(x, y, w=w))(y)
    grad_w = jax.grad(lambda w_: weighted_sse(x, y, w=w))(w)  # w_ never used: zeros
    return grad_y, grad_w


def r10_yw_partial():
    # partial fixes x, so y is argument 0 and w stays keyword-only
    return jax.grad(functools.partial(weighted_sse, x), argnums=(0, 1))(y, w=w)


def r10_yw_x_and_y():
    return jax.grad(lambda x, y: weighted_sse(x, y, w=w), argnums=(0, 1))(x, y)


def r10_yw_two_calls():
    grad_y = jax.grad(weighted_sse, argnums=1)(x, y, w=w)
    grad_w = jax.grad(lambda w: weighted_sse(x, y, w=w))(w)
    return grad_y, grad_w


def r10_yw_pair_argument():
    return jax.grad(lambda yw: weighted_sse(x, yw[0], w=yw[1]))((y, w))


def r10_yw_dict():
    grads = jax.grad(lambda d: weighted_sse(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return grads["y"], grads["w"]


def r10_yw_y_first():
    # (y - x)**2 equals (x - y)**2, so differentiate the first slot at y
    return jax.grad(lambda y, w: weighted_sse(y, x, w=w), argnums=(0, 1))(y, w)


def r10_yw_positional_copy():
    def weighted_sse_positional(x, y, w):
        return jnp.sum(w * (x - y) ** 2)

    return jax.grad(weighted_sse_positional, argnums=(1, 2))(x, y, w)


# ---------------------------------------------------------------- 04.sgd_step


def _global_norm(grads):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))


def r10_sgd_per_leaf(params, grads, lr, max_norm):
    def one(p, g):
        norm = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / norm) * g

    return jax.tree.map(one, params, grads)


def r10_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r10_sgd_no_sqrt(params, grads, lr, max_norm):
    sq = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))  # sum of squares as the norm
    scale = jnp.minimum(1.0, max_norm / sq)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_max_not_min(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g.ravel()) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_shallow_copy(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))

    def update(new, grads):
        for key in range(len(new)) if isinstance(new, list) else new:
            if isinstance(new[key], (dict, list)):
                update(new[key], grads[key])  # the inner containers are the caller's
            else:
                new[key] = new[key] - lr * scale * grads[key]

    new = params.copy()
    update(new, grads)
    return new


def r10_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r10_sgd_param_norm(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))  # clipped by the wrong tree
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_zero_grads_nan(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(norm, max_norm) / norm  # 0 / 0 when every gradient is zero
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_rms(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.mean(g**2) for g in leaves))  # mean, not sum, per leaf
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_concat(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    scale = max_norm / jnp.maximum(jnp.linalg.norm(flat), max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r10_sgd_python_if(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    if norm > max_norm:
        grads = jax.tree.map(lambda g: g * (max_norm / norm), grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r10_sgd_recursive(params, grads, lr, max_norm):
    scale = min(1.0, float(max_norm / _global_norm(grads)))

    def rebuild(p, g):
        if isinstance(p, dict):
            return {k: rebuild(p[k], g[k]) for k in p}
        if isinstance(p, list):
            return [rebuild(a, b) for a, b in zip(p, g, strict=True)]
        return p - lr * scale * g

    return rebuild(params, grads)


def r10_sgd_deepcopy(params, grads, lr, max_norm):
    sq = jax.tree.reduce(lambda acc, g: acc + jnp.vdot(g, g), grads, 0.0)
    scale = jnp.where(sq > max_norm**2, max_norm / jnp.sqrt(sq), 1.0)
    new = copy.deepcopy(params)
    for path, g in jax.tree.leaves_with_path(grads):
        node = new
        for key in path[:-1]:
            node = node[key.key if hasattr(key, "key") else key.idx]
        last = path[-1]
        k = last.key if hasattr(last, "key") else last.idx
        node[k] = node[k] - lr * scale * g
    return new


ROUND_10 = [
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) with w passed by keyword: no position 2",
        lambda: r10_yw_argnums_keyword(),
    ),
    Wrong("04.grad_last_two", "argnums=1 alone: grad_y without grad_w", lambda: r10_yw_only_y()),
    Wrong(
        "04.grad_last_two",
        "lambda w, y: the pair comes back as (grad_w, grad_y)",
        lambda: r10_yw_swapped(),
    ),
    Wrong(
        "04.grad_last_two", "lambda of y and w, argnums left at 0", lambda: r10_yw_default_argnums()
    ),
    Wrong(
        "04.grad_last_two",
        "grad's default argument: grad_x, the sign flipped",
        lambda: r10_yw_grad_x(),
    ),
    Wrong(
        "04.grad_last_two",
        "value_and_grad: the loss comes along in front",
        lambda: r10_yw_value_and_grad(),
    ),
    Wrong("04.grad_last_two", "stacked into one (2, 4) array", lambda: r10_yw_stacked()),
    Wrong(
        "04.grad_last_two",
        "lambda w_ that still reads the global w: zero grad_w",
        lambda: r10_yw_closure_w(),
    ),
    Wrong(
        "04.grad_last_two",
        "partial(weighted_sse, x) with argnums=(0, 1), w by keyword",
        lambda: r10_yw_partial(),
    ),
    Wrong(
        "04.grad_last_two", "argnums=(0, 1) on x and y: grad_x and grad_y", lambda: r10_yw_x_and_y()
    ),
    Wrong("04.predict_value_and_grad", "A: all flat in one tuple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: grads in parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: grads before the value", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Wrong(
        "04.predict_value_and_grad",
        "the structure written out instead of the letter",
        lambda: "(value, (grad_y, grad_x))",
    ),
    Wrong("04.predict_value_and_grad", "B and C, unable to choose", lambda: "BC"),
    Wrong(
        "04.predict_value_and_grad",
        "the letter and its text",
        lambda: "B: (value, (grad_y, grad_x))",
    ),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r10_sgd_per_leaf),
    Wrong(
        "04.sgd_step",
        "each entry clipped to +-max_norm, as the page's other rule",
        lambda: r10_sgd_entry_clip,
    ),
    Wrong("04.sgd_step", "sum of squares used as the norm, no sqrt", lambda: r10_sgd_no_sqrt),
    Wrong(
        "04.sgd_step",
        "always multiplied by max_norm / norm, small grads too",
        lambda: r10_sgd_always_scale,
    ),
    Wrong("04.sgd_step", "jnp.maximum where jnp.minimum belongs", lambda: r10_sgd_max_not_min),
    Wrong(
        "04.sgd_step", "global norm as the sum of the leaves' norms", lambda: r10_sgd_sum_of_norms
    ),
    Wrong(
        "04.sgd_step",
        "params.copy() then nested in-place updates: caller's tree changes",
        lambda: r10_sgd_shallow_copy,
    ),
    Wrong("04.sgd_step", "p + lr * scale * g: gradient ascent", lambda: r10_sgd_plus),
    Wrong("04.sgd_step", "the norm of the params, not of the grads", lambda: r10_sgd_param_norm),
    Wrong(
        "04.sgd_step",
        "scale = min(norm, max_norm) / norm: nan for zero grads",
        lambda: r10_sgd_zero_grads_nan,
    ),
    Wrong("04.sgd_step", "per-leaf mean of squares in the norm", lambda: r10_sgd_rms),
]
RIGHT_10 = [
    Right("04.grad_last_two", "two grad calls, one per argument", lambda: r10_yw_two_calls()),
    Right(
        "04.grad_last_two",
        "one tuple argument (y, w): the grad is a tuple too",
        lambda: r10_yw_pair_argument(),
    ),
    Right(
        "04.grad_last_two",
        "a dict {'y', 'w'} argument, unpacked into a tuple",
        lambda: r10_yw_dict(),
    ),
    Right(
        "04.grad_last_two",
        "y put in the first slot: (y - x)**2 is the same loss",
        lambda: r10_yw_y_first(),
    ),
    Right(
        "04.grad_last_two",
        "a positional copy of the loss, argnums=(1, 2)",
        lambda: r10_yw_positional_copy(),
    ),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right(
        "04.sgd_step",
        "norm of all leaves concatenated, max_norm / max(norm, max_norm)",
        lambda: r10_sgd_concat,
    ),
    Right("04.sgd_step", "Python if on the norm, then a plain step", lambda: r10_sgd_python_if),
    Right(
        "04.sgd_step",
        "a recursive rebuild of dicts and lists, no tree.map",
        lambda: r10_sgd_recursive,
    ),
    Right("04.sgd_step", "deepcopy, then leaf updates by key path", lambda: r10_sgd_deepcopy),
]
