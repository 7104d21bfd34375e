"""Round 9, lesson 04 (argnums and pytrees): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# The data the exercise cells have, copied from the lesson.
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


# ---------------------------------------------------------------- 04.grad_last_two


def r9_yw_called_swapped():
    wrapped = lambda y_, w_: weighted_sse(x, y_, w=w_)  # noqa: E731
    return jax.grad(wrapped, argnums=(0, 1))(w, y)  # arguments handed in the wrong order


def r9_yw_only_y():
    return jax.grad(weighted_sse, argnums=1)(x, y, w=w)


def r9_yw_first_two():
    return jax.grad(weighted_sse, argnums=(0, 1))(x, y, w=w)


def r9_yw_swapped_order():
    return jax.grad(lambda w_, y_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(w, y)


def r9_yw_unweighted_y():
    grad_y = jax.grad(sum_squared_error, argnums=1)(x, y)
    grad_w = jax.grad(lambda w_: weighted_sse(x, y, w=w_))(w)
    return grad_y, grad_w


def r9_yw_lambda_no_argnums():
    return jax.grad(lambda y_, w_: weighted_sse(x, y_, w=w_))(y, w)


def r9_yw_value_and_grad():
    return jax.value_and_grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)


def r9_yw_list():
    grad_y, grad_w = jax.grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)
    return [grad_y, grad_w]


def r9_yw_dict():
    grad_y, grad_w = jax.grad(lambda y_, w_: weighted_sse(x, y_, w=w_), argnums=(0, 1))(y, w)
    return {"y": grad_y, "w": grad_w}


def r9_yw_inline_slip():
    def loss(y_, w_):
        return jnp.sum(w_ * (x - y_)) ** 2  # square moved outside the sum

    return jax.grad(loss, argnums=(0, 1))(y, w)


def r9_yw_w_for_grad_w():
    grad_y = jax.grad(lambda y_: weighted_sse(x, y_, w=w))(y)
    return grad_y, w  # put the weights where their gradient goes


def r9_yw_three_arg_lambda():
    wrapped = lambda x_, y_, w_: weighted_sse(x_, y_, w=w_)  # noqa: E731
    return jax.grad(wrapped, argnums=(1, 2))(x, y, w)


def r9_yw_two_grads():
    grad_y = jax.grad(lambda y_: weighted_sse(x, y_, w=w))(y)
    grad_w = jax.grad(lambda w_: weighted_sse(x, y, w=w_))(w)
    return (grad_y, grad_w)


def r9_yw_pair_argument():
    return jax.grad(lambda pair: weighted_sse(x, pair[0], w=pair[1]))((y, w))


# ---------------------------------------------------------------- 04.sgd_step


def _global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def r9_sgd_dict_loop(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / norm)
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * scale * grads[name]
    return new


def r9_sgd_per_leaf_norm(params, grads, lr, max_norm):
    def step(p, g):
        scale = jnp.minimum(1.0, max_norm / jnp.sqrt(jnp.sum(g**2)))
        return p - lr * scale * g

    return jax.tree.map(step, params, grads)


def r9_sgd_entry_clip(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r9_sgd_no_sqrt(params, grads, lr, max_norm):
    norm = sum(jnp.sum(g**2) for g in jax.tree.leaves(grads))
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_always_rescale(params, grads, lr, max_norm):
    scale = max_norm / _global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_inverted(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm > max_norm, norm / max_norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_sum_of_norms(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(jnp.ravel(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_no_lr(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


def r9_sgd_plus(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree.map(lambda p, g: p + lr * scale * g, params, grads)


def r9_sgd_norm_of_params(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(params))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_update_caller(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    new = jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)
    params.update(new)  # keep the caller's dict in sync
    return params


def r9_sgd_tree_map_old(params, grads, lr, max_norm):
    scale = jnp.minimum(1.0, max_norm / _global_norm(grads))
    return jax.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_flipped_condition(params, grads, lr, max_norm):
    norm = _global_norm(grads)
    scale = jnp.where(norm < max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.sqrt(jnp.mean(flat**2))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_concat(params, grads, lr, max_norm):
    flat = jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)])
    norm = jnp.linalg.norm(flat)
    scale = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_norm_of_norms(params, grads, lr, max_norm):
    leaf_norms = jax.tree.leaves(jax.tree.map(lambda g: jnp.sqrt(jnp.sum(g**2)), grads))
    norm = jnp.linalg.norm(jnp.stack(leaf_norms))
    scale = max_norm / jnp.maximum(norm, max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_python_if(params, grads, lr, max_norm):
    norm = float(_global_norm(grads))
    scale = max_norm / norm if norm > max_norm else 1.0
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r9_sgd_squares_tree(params, grads, lr, max_norm):
    squares = jax.tree.map(lambda g: jnp.vdot(g, g), grads)
    norm = jnp.sqrt(jnp.sum(jnp.array(jax.tree.leaves(squares))))
    scale = jnp.minimum(max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


ROUND_9 = [
    Wrong("04.grad_last_two", "right wrapper, called with (w, y)", r9_yw_called_swapped),
    Wrong("04.grad_last_two", "argnums=1 only: grad_y alone", r9_yw_only_y),
    Wrong("04.grad_last_two", "argnums=(0, 1): gradients for x and y", r9_yw_first_two),
    Wrong("04.grad_last_two", "lambda takes (w, y): tuple in the wrong order", r9_yw_swapped_order),
    Wrong("04.grad_last_two", "grad_y from the unweighted sum_squared_error", r9_yw_unweighted_y),
    Wrong("04.grad_last_two", "two-argument lambda, argnums left at 0", r9_yw_lambda_no_argnums),
    Wrong("04.grad_last_two", "value_and_grad: the loss comes along", r9_yw_value_and_grad),
    Wrong("04.grad_last_two", "the two gradients in a list", r9_yw_list),
    Wrong("04.grad_last_two", "a dict keyed 'y' and 'w'", r9_yw_dict),
    Wrong("04.grad_last_two", "loss retyped inline: square outside the sum", r9_yw_inline_slip),
    Wrong("04.grad_last_two", "grad_y, then w itself instead of grad_w", r9_yw_w_for_grad_w),
    Wrong("04.predict_value_and_grad", "A: everything flat", lambda: "A"),
    Wrong("04.predict_value_and_grad", "C: gradients in parameter order", lambda: "C"),
    Wrong("04.predict_value_and_grad", "D: gradients first, value last", lambda: "D"),
    Wrong("04.predict_value_and_grad", "lower-case b", lambda: "b"),
    Wrong("04.predict_value_and_grad", "hedged between B and C", lambda: "B or C"),
    Wrong(
        "04.predict_value_and_grad",
        "B with the reason pasted after it",
        lambda: "B: value beside what grad returns",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "typed the structure instead of a letter",
        lambda: "(value, (grad_y, grad_x))",
    ),
    Wrong("04.predict_value_and_grad", "C with its own reason", lambda: "C, parameters' order"),
    Wrong("04.predict_value_and_grad", "B with a full stop", lambda: "B."),
    Wrong(
        "04.predict_value_and_grad", "C's structure typed out", lambda: "(value, (grad_x, grad_y))"
    ),
    Wrong("04.sgd_step", "the page's params.copy() loop, with clipping", lambda: r9_sgd_dict_loop),
    Wrong("04.sgd_step", "each leaf clipped by its own norm", lambda: r9_sgd_per_leaf_norm),
    Wrong("04.sgd_step", "the page's entry clip with limit max_norm", lambda: r9_sgd_entry_clip),
    Wrong("04.sgd_step", "sum of squares used as the norm, no sqrt", lambda: r9_sgd_no_sqrt),
    Wrong("04.sgd_step", "always multiplied by max_norm / norm", lambda: r9_sgd_always_rescale),
    Wrong("04.sgd_step", "factor upside down: norm / max_norm", lambda: r9_sgd_inverted),
    Wrong("04.sgd_step", "norm as the sum of the leaves' norms", lambda: r9_sgd_sum_of_norms),
    Wrong("04.sgd_step", "forgot the learning rate", lambda: r9_sgd_no_lr),
    Wrong("04.sgd_step", "p + lr * scale * g: stepped uphill", lambda: r9_sgd_plus),
    Wrong(
        "04.sgd_step", "took the global norm of params, not grads", lambda: r9_sgd_norm_of_params
    ),
    Wrong(
        "04.sgd_step", "new tree, then params.update(new) in place", lambda: r9_sgd_update_caller
    ),
    Wrong("04.sgd_step", "jax.tree_map from an old tutorial", lambda: r9_sgd_tree_map_old),
    Wrong(
        "04.sgd_step", "scaled when the norm is below max_norm", lambda: r9_sgd_flipped_condition
    ),
    Wrong("04.sgd_step", "root-mean-square instead of the norm", lambda: r9_sgd_rms),
]

RIGHT_9 = [
    Right("04.grad_last_two", "keyword wrapped in a three-argument lambda", r9_yw_three_arg_lambda),
    Right("04.grad_last_two", "two separate grads, one per argument", r9_yw_two_grads),
    Right("04.grad_last_two", "one tuple argument (y, w) differentiated", r9_yw_pair_argument),
    Right("04.predict_value_and_grad", "B", lambda: "B"),
    Right("04.sgd_step", "concatenated ravelled leaves, where()", lambda: r9_sgd_concat),
    Right("04.sgd_step", "norm of the per-leaf norms, max() form", lambda: r9_sgd_norm_of_norms),
    Right("04.sgd_step", "Python if on a float norm", lambda: r9_sgd_python_if),
    Right("04.sgd_step", "vdot per leaf in a tree, then sqrt", lambda: r9_sgd_squares_tree),
]
