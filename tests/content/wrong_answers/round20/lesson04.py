"""Round 20, lesson 04 (argnums, value_and_grad, pytrees): answers from the lesson's text alone."""

from __future__ import annotations

import copy
import functools

import jax
import jax.flatten_util
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's setup, recreated.


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])

# ---- 04.grad_last_two: (grad_y, grad_w) of loss(x, y, *, w) --------------------------


def r20_glt_argnums_keyword(loss, x, y, w):
    # argnums=2 for a keyword-only w
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)


def r20_glt_argnums_positional(loss, x, y, w):
    # passes w positionally so that argnums can reach it
    return jax.grad(loss, argnums=(1, 2))(x, y, w)


def r20_glt_wrapper_no_argnums(loss, x, y, w):
    # wraps the loss but forgets to say which arguments
    return jax.grad(lambda y_, w_: loss(x, y_, w=w_))(y, w)


def r20_glt_first_two(loss, x, y, w):
    # made w positional, then picked positions 0 and 1
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(0, 1))(x, y, w)


def r20_glt_one_based(loss, x, y, w):
    # counted the positions from one: y is 2, w is 3
    return jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(2, 3))(x, y, w)


def r20_glt_swapped(loss, x, y, w):
    grad_y, grad_w = jax.grad(lambda a, b, c: loss(a, b, w=c), argnums=(1, 2))(x, y, w)
    return grad_w, grad_y


def r20_glt_closure_outer_y(loss, x, y, w):
    # the lambda's body reads the outer y, not its own parameter
    return jax.grad(lambda yy, ww: loss(x, y, w=ww), argnums=(0, 1))(y, w)


def r20_glt_global_w(loss, x, y, w_arg):
    # the notebook's global w, not the argument
    return jax.grad(lambda yy, ww: loss(x, yy, w=ww), argnums=(0, 1))(y, w)


def r20_glt_by_hand(loss, x, y, w):
    # derived for weighted_sse on paper, loss ignored
    return -2.0 * w * (x - y), (x - y) ** 2


def r20_glt_minus_grad_x(loss, x, y, w):
    # "with respect to y the sign flips", so grad_y is -grad_x
    grad_x = jax.grad(loss)(x, y, w=w)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return -grad_x, grad_w


def r20_glt_swap_xy(loss, x, y, w):
    # grad takes the first argument, so put y first
    grad_y = jax.grad(loss)(y, x, w=w)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r20_glt_value_and_grad(loss, x, y, w):
    # value_and_grad, as the next section recommends, returned whole
    return jax.value_and_grad(lambda yy, ww: loss(x, yy, w=ww), argnums=(0, 1))(y, w)


def r20_glt_right_positional_wrapper(loss, x, y, w):
    def positional(a, b, c):
        return loss(a, b, w=c)

    return jax.grad(positional, argnums=(1, 2))(x, y, w)


def r20_glt_right_dict(loss, x, y, w):
    g = jax.grad(lambda d: loss(x, d["y"], w=d["w"]))({"y": y, "w": w})
    return (g["y"], g["w"])


def r20_glt_right_two_grads(loss, x, y, w):
    grad_y = jax.grad(lambda yy: loss(x, yy, w=w))(y)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r20_glt_right_jacrev_partial(loss, x, y, w):
    at_x = functools.partial(loss, x)
    return jax.jacrev(lambda yy, ww: at_x(yy, w=ww), argnums=(0, 1))(y, w)


# ---- 04.sgd_step: global-norm clipped SGD on any pytree -----------------------------


def _global_norm(grads):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))


def r20_sgd_shallow_copy(params, grads, lr, max_norm):
    # the NumPy-habit loop, patched to reach inner dicts and lists of the copy
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)

    def update(node, g):
        keys = node.keys() if isinstance(node, dict) else range(len(node))
        for k in keys:
            if isinstance(node[k], (dict, list)):
                update(node[k], g[k])
            else:
                node[k] = node[k] - lr * scale * g[k]

    new = params.copy()
    update(new, grads)
    return new


def r20_sgd_per_leaf_norm(params, grads, lr, max_norm):
    def step(p, g):
        norm = jnp.sqrt(jnp.sum(g**2))
        return p - lr * jnp.minimum(1.0, max_norm / norm) * g

    return jax.tree.map(step, params, grads)


def r20_sgd_entry_clip(params, grads, lr, max_norm):
    # the "step on both trees" rule, with max_norm as the limit
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r20_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_always_scale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_max_not_min(params, grads, lr, max_norm):
    scale = jnp.maximum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_sum_of_leaf_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_plus_sign(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r20_sgd_tree_map_old(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_l1_norm(params, grads, lr, max_norm):
    norm = sum(jnp.sum(jnp.abs(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_dict_norm(params, grads, lr, max_norm):
    # the norm by a loop over the top-level dict
    total = 0.0
    for name in grads:
        total = total + jnp.sum(grads[name] ** 2)
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(total))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_forgot_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


def r20_sgd_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_inverted_ratio(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r20_sgd_right_ravel(params, grads, lr, max_norm):
    flat, _ = jax.flatten_util.ravel_pytree(grads)
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree_util.tree_map(lambda p, g: p - lr * (scale * g), params, grads)


def r20_sgd_right_deepcopy(params, grads, lr, max_norm):
    squares = 0.0
    for g in jax.tree.leaves(grads):
        squares += float(jnp.vdot(g, g))
    norm = squares**0.5
    scale = max_norm / norm if norm > max_norm else 1.0

    new = copy.deepcopy(params)

    def walk(node, g):
        keys = node.keys() if isinstance(node, dict) else range(len(node))
        for k in keys:
            if isinstance(node[k], (dict, list)):
                walk(node[k], g[k])
            else:
                node[k] = node[k] - lr * scale * g[k]

    walk(new, grads)
    return new


def r20_sgd_right_recursive(params, grads, lr, max_norm):
    norm = jnp.sqrt(jnp.sum(jnp.array([jnp.sum(jnp.square(g)) for g in jax.tree.leaves(grads)])))
    scale = max_norm / jnp.maximum(norm, max_norm)

    def build(p, g):
        if isinstance(p, dict):
            return {k: build(p[k], g[k]) for k in p}
        if isinstance(p, (list, tuple)):
            return type(p)(build(a, b) for a, b in zip(p, g))
        return p - lr * scale * g

    return build(params, grads)


ROUND_20 = [
    # 04.grad_last_two
    Wrong("04.grad_last_two", "argnums=(1, 2) with w still passed as w=", lambda: r20_glt_argnums_keyword),
    Wrong("04.grad_last_two", "argnums=(1, 2), w passed positionally", lambda: r20_glt_argnums_positional),
    Wrong("04.grad_last_two", "wrapped y and w but left argnums out", lambda: r20_glt_wrapper_no_argnums),
    Wrong("04.grad_last_two", "argnums=(0, 1) on a wrapper of x, y, w", lambda: r20_glt_first_two),
    Wrong("04.grad_last_two", "counted positions from one: argnums=(2, 3)", lambda: r20_glt_one_based),
    Wrong("04.grad_last_two", "returned (grad_w, grad_y)", lambda: r20_glt_swapped),
    Wrong("04.grad_last_two", "lambda body reads the outer y, not its own", lambda: r20_glt_closure_outer_y),
    Wrong("04.grad_last_two", "used the notebook's global w", lambda: r20_glt_global_w),
    Wrong("04.grad_last_two", "hand-derived weighted_sse gradients", lambda: r20_glt_by_hand),
    Wrong("04.grad_last_two", "grad_y as minus grad_x", lambda: r20_glt_minus_grad_x),
    Wrong("04.grad_last_two", "grad_y by calling loss(y, x, w=w)", lambda: r20_glt_swap_xy),
    Wrong("04.grad_last_two", "value_and_grad: (value, (grad_y, grad_w))", lambda: r20_glt_value_and_grad),
    # 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "typed C: gradients in parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "typed A: a flat triple", lambda: "A"),
    Wrong("04.predict_value_and_grad", "typed D: gradients first", lambda: "D"),
    Wrong("04.predict_value_and_grad", "typed lowercase c", lambda: "c"),
    Wrong("04.predict_value_and_grad", "typed ' a' with a space", lambda: " a"),
    Wrong("04.predict_value_and_grad", "typed 'd.'", lambda: "d."),
    Wrong("04.predict_value_and_grad", "typed 'C)'", lambda: "C)"),
    Wrong("04.predict_value_and_grad", "typed 'Answer: C'", lambda: "Answer: C"),
    Wrong("04.predict_value_and_grad", "typed the nesting of C, not a letter", lambda: "(value, (grad_x, grad_y))"),
    Wrong("04.predict_value_and_grad", "hedged between two: 'C or B'", lambda: "C or B"),
    Wrong("04.predict_value_and_grad", "typed E, a letter not offered", lambda: "E"),
    # 04.sgd_step
    Wrong("04.sgd_step", "patched NumPy loop on a shallow .copy()", lambda: r20_sgd_shallow_copy),
    Wrong("04.sgd_step", "clipped each leaf by its own norm", lambda: r20_sgd_per_leaf_norm),
    Wrong("04.sgd_step", "clipped each entry to [-max_norm, max_norm]", lambda: r20_sgd_entry_clip),
    Wrong("04.sgd_step", "norm without the square root", lambda: r20_sgd_no_sqrt),
    Wrong("04.sgd_step", "always scaled by max_norm / norm", lambda: r20_sgd_always_scale),
    Wrong("04.sgd_step", "max(1, max_norm / norm) instead of min", lambda: r20_sgd_max_not_min),
    Wrong("04.sgd_step", "norm as the sum of each leaf's norm", lambda: r20_sgd_sum_of_leaf_norms),
    Wrong("04.sgd_step", "p + lr * scale * g: stepped uphill", lambda: r20_sgd_plus_sign),
    Wrong("04.sgd_step", "jax.tree_map from an old tutorial", lambda: r20_sgd_tree_map_old),
    Wrong("04.sgd_step", "L1 norm: sum of absolute values", lambda: r20_sgd_l1_norm),
    Wrong("04.sgd_step", "norm by a loop over the top-level dict", lambda: r20_sgd_dict_norm),
    Wrong("04.sgd_step", "left the learning rate out", lambda: r20_sgd_forgot_lr),
    Wrong("04.sgd_step", "root-mean-square instead of the norm", lambda: r20_sgd_rms),
    Wrong("04.sgd_step", "scale = norm / max_norm, upside down", lambda: r20_sgd_inverted_ratio),
]

RIGHT_20 = [
    Right("04.grad_last_two", "positional wrapper def, argnums=(1, 2)", lambda: r20_glt_right_positional_wrapper),
    Right("04.grad_last_two", "grad with respect to a dict of y and w", lambda: r20_glt_right_dict),
    Right("04.grad_last_two", "two separate grads, one per argument", lambda: r20_glt_right_two_grads),
    Right("04.grad_last_two", "jax.jacrev on functools.partial(loss, x)", lambda: r20_glt_right_jacrev_partial),
    Right("04.predict_value_and_grad", "typed ' b'", lambda: " b"),
    Right("04.predict_value_and_grad", "typed 'B.'", lambda: "B."),
    Right("04.predict_value_and_grad", "typed '(B)'", lambda: "(B)"),
    Right("04.sgd_step", "ravel_pytree norm, jnp.where, tree_util.tree_map", lambda: r20_sgd_right_ravel),
    Right("04.sgd_step", "deepcopy, Python floats, a recursive loop", lambda: r20_sgd_right_deepcopy),
    Right("04.sgd_step", "recursive rebuild, scale = max_norm / max(n, m)", lambda: r20_sgd_right_recursive),
]
