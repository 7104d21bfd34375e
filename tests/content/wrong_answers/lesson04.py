"""Lesson 04: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import copy

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# --- the lesson's notebook values -----------------------------------------------------------


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def weighted_sse(x, y, *, w):
    return jnp.sum(w * (x - y) ** 2)


x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
w = jnp.array([4.0, 3.0, 2.0, 1.0])

learning_rate = 0.1
model = {
    "layers": [
        {"w": jnp.array([[0.5, -0.5], [1.0, 0.25]]), "b": jnp.zeros(2)},
        {"w": jnp.array([[2.0], [-1.0]]), "b": jnp.array([0.1])},
    ],
    "scale": jnp.array(1.0),
}
model_grads = jax.tree.map(jnp.ones_like, model)


# --- 04.grad_last_two: (grad_y, grad_w) of weighted_sse(x, y, *, w) -----------------------


def grads_only_y_reached(loss, x, y, w):
    return jax.grad(loss, argnums=1)(x, y, w=w)


def grads_closure_keeps_notebook_w(loss, x, y, w):
    return jax.grad(lambda y, w_new: loss(x, y, w=w), argnums=(0, 1))(y, w)


def grads_wrapper_order_w_first(loss, x, y, w):
    return jax.grad(lambda w, y: loss(x, y, w=w), argnums=(0, 1))(w, y)


def grads_wrapper_xy(loss, x, y, w):
    return jax.grad(lambda x, y, w: loss(x, y, w=w), argnums=(0, 1))(x, y, w)


def grads_as_dict(loss, x, y, w):
    return jax.grad(lambda p: loss(x, p["y"], w=p["w"]))({"y": y, "w": w})


def grads_with_value(loss, x, y, w):
    return jax.value_and_grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


def grads_by_hand_w_wrong(loss, x, y, w):
    return (-2 * w * (x - y), 2 * (x - y))


def grads_partial_default_argnums(loss, x, y, w):
    import functools

    return jax.grad(functools.partial(loss, x, w=w))(y)


# --- 04.sgd_step ----------------------------------------------------------------------------


def step_scale_over_norm(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(jnp.square(g)) for g in jax.tree.leaves(grads)))
    factor = min(norm, max_norm) / norm
    return jax.tree.map(lambda p, g: p - factor * lr * g, params, grads)


def step_dict_comprehension(params, grads, lr, max_norm):
    return {k: params[k] - lr * grads[k] for k in params}


def clip_scale(grads, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    return jnp.minimum(1.0, max_norm / norm)


def step_notebook_learning_rate(params, grads, lr, max_norm):
    scale = clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: p - learning_rate * scale * g, params, grads)


def step_notebook_model(params, grads, lr, max_norm):
    scale = clip_scale(model_grads, max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, model, model_grads)


def step_whole_grads(params, grads, lr, max_norm):
    return jax.tree.map(lambda p: p - lr * grads, params)


def step_one_tree(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def step_trees_swapped(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)


def step_update_dict(params, grads, lr, max_norm):
    params.update(jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return params


def step_scaled_grads_first(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - g, params, lr * grads)


def step_in_place_loop(params, grads, lr, max_norm):
    for k in params:
        params[k] -= lr * grads[k]
    return params


def step_assigned_not_returned(params, grads, lr, max_norm):
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)


def step_leaves_of_result(params, grads, lr, max_norm):
    return jax.tree.leaves(jax.tree.map(lambda p, g: p - lr * g, params, grads))


def step_dicts_only(params, grads, lr, max_norm):
    if isinstance(params, dict):
        return {k: step_dicts_only(params[k], grads[k], lr, max_norm) for k in params}
    return params - lr * grads


def step_numpy_leaves(params, grads, lr, max_norm):
    scale = np.asarray(clip_scale(grads, max_norm))
    return jax.tree.map(lambda p, g: np.asarray(p) - lr * scale * np.asarray(g), params, grads)


def step_update_only(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: lr * g, params, grads)


def step_copy_then_patch(params, grads, lr, max_norm):
    new = copy.copy(params)
    for i, layer in enumerate(new["layers"]):
        for name in layer:
            layer[name] = layer[name] - lr * grads["layers"][i][name]
    new["scale"] = new["scale"] - lr * grads["scale"]
    return new


def step_deepcopy_loop(params, grads, lr, max_norm):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


WRONG_ANSWERS = (
    Wrong(
        "04.grad_last_two", "argnums=1 with w by keyword", lambda: grads_only_y_reached, "only-y"
    ),
    Wrong(
        "04.grad_last_two",
        "a wrapper whose w argument is unused",
        lambda: grads_closure_keeps_notebook_w,
        "w-read-from-outside",
    ),
    Wrong(
        "04.grad_last_two",
        "a wrapper taking (w, y): the pair comes back w first",
        lambda: grads_wrapper_order_w_first,
        says="You have (grad_w, grad_y)",
    ),
    Wrong(
        "04.grad_last_two",
        "a positional wrapper, argnums=(0, 1): x and y",
        lambda: grads_wrapper_xy,
        says="You have (grad_x, grad_y)",
    ),
    Wrong(
        "04.grad_last_two", "a dict argument {'y', 'w'}", lambda: grads_as_dict, "list-not-tuple"
    ),
    Wrong(
        "04.grad_last_two",
        "value_and_grad of the wrapper",
        lambda: grads_with_value,
        "with-value",
    ),
    Wrong(
        "04.grad_last_two",
        "by hand, grad_w as 2 (x - y)",
        lambda: grads_by_hand_w_wrong,
        says="times the expected one",
    ),
    Wrong(
        "04.grad_last_two",
        "partial over x and w, default argnums",
        lambda: grads_partial_default_argnums,
        "only-y",
    ),
    # --- 04.grad_last_two
    # --- 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "lower-case 'd'", lambda: "d", "value-last"),
    Wrong(
        "04.predict_value_and_grad",
        "the whole line of option A",
        lambda: "A: (value, grad_y, grad_x)",  # option A's text since argnums=(1, 0)
        "flat",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "the shape of C written out",
        lambda: "((value, grad_x), (value, grad_y))",
        says="one of",
    ),
    Wrong("04.predict_value_and_grad", "the option's index, 2", lambda: 2, says="as a string"),
    Wrong(
        "04.predict_value_and_grad",
        "the structure as a tuple of names",
        lambda: ("value", "grad_x", "grad_y"),
        says="is a tuple",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "jax.tree.structure of the result",
        lambda: jax.tree.structure(jax.value_and_grad(sum_squared_error, argnums=(0, 1))(x, y)),
        "computed",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "value_and_grad itself",
        lambda: jax.value_and_grad(sum_squared_error, argnums=(0, 1)),
        "computed",
    ),
    # --- 04.sgd_step
    Wrong(
        "04.sgd_step",
        "min(norm, max_norm) / norm as the scale: 0 / 0 at zero gradients",
        lambda: step_scale_over_norm,
        "nan-at-zero-norm",
    ),
    Wrong(
        "04.sgd_step",
        "a dict comprehension over the top level",
        lambda: step_dict_comprehension,
        "top-level-loop",
    ),
    Wrong(
        "04.sgd_step",
        "the notebook's learning_rate",
        lambda: step_notebook_learning_rate,
        "notebook-globals",
    ),
    Wrong(
        "04.sgd_step",
        "the notebook's model and model_grads",
        lambda: step_notebook_model,
        "notebook-globals",
    ),
    Wrong(
        "04.sgd_step", "lr * grads, the whole tree", lambda: step_whole_grads, "whole-grads-tree"
    ),
    Wrong(
        "04.sgd_step",
        "params.update(...) with the new tree",
        lambda: step_update_dict,
        "mutated-params",
    ),
    Wrong(
        "04.sgd_step",
        "lr * grads before the map",
        lambda: step_scaled_grads_first,
        "whole-grads-tree",
    ),
    Wrong("04.sgd_step", "tree.map over params alone", lambda: step_one_tree, "one-tree"),
    Wrong(
        "04.sgd_step",
        "the trees passed in the wrong order",
        lambda: step_trees_swapped,
        "swapped-lambda",
    ),
    Wrong(
        "04.sgd_step", "params[k] -= ... in a loop", lambda: step_in_place_loop, "in-place-leaves"
    ),
    Wrong(
        "04.sgd_step",
        "params = ..., never returned",
        lambda: step_assigned_not_returned,
        "returns-none",
    ),
    Wrong(
        "04.sgd_step",
        "jax.tree.leaves of the new tree",
        lambda: step_leaves_of_result,
        "flat-leaves",
    ),
    Wrong(
        "04.sgd_step",
        "a recursion that knows only dicts",
        lambda: step_dicts_only,
        "top-level-loop",
    ),
    Wrong(
        "04.sgd_step",
        "np.asarray on every leaf",
        lambda: step_numpy_leaves,
        says="NumPy's functions return NumPy arrays",
    ),
    Wrong("04.sgd_step", "returns lr * g, the update", lambda: step_update_only, "returns-update"),
    Wrong(
        "04.sgd_step",
        "copy.copy, then patch the layers",
        lambda: step_copy_then_patch,
        "shallow-copy",
    ),
    Wrong(
        "04.sgd_step",
        "deepcopy, then the top-level loop",
        lambda: step_deepcopy_loop,
        "top-level-loop",
    ),
    # held-out answers (phase 1 of the held-out test)
    # 04.predict_value_and_grad now asks about argnums=(1, 0): C is the gradients sorted by
    # parameter, so the letters written for "C" are labelled with its new mistake
    Wrong("04.predict_value_and_grad", "lower-case 'c'", lambda: "c", "parameter-order"),
    Wrong(
        "04.predict_value_and_grad",
        "'Option D'",
        lambda: "Option D",
        named="value-last",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "A's shape written out",
        lambda: "(value, grad_y, grad_x)",  # option A's text since argnums=(1, 0)
        "flat",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "'A/B', undecided",
        lambda: "A/B",
        says="names 2 options",
    ),
    Wrong("04.predict_value_and_grad", "'E'", lambda: "E", says="is not one of the options"),
    Wrong("04.sgd_step", "p.at[:].add(-lr * g)", lambda: step_at_add, "at-on-a-0d-leaf"),
    Wrong("04.sgd_step", "tree.map without grads", lambda: step_without_grads, "one-tree"),
    Wrong(
        "04.sgd_step",
        "lr passed to tree.map as a tree",
        lambda: step_lr_as_tree,
        "trees-do-not-match",
    ),
    Wrong("04.sgd_step", "tree.map over .values()", lambda: step_over_values, "trees-do-not-match"),
    Wrong("04.sgd_step", "lr * (p - g)", lambda: step_scaled_difference, "scaled-difference"),
)


# --- held-out answers -------------------------------------------------------------------


def step_at_add(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p.at[:].add(-lr * g), params, grads)


def step_without_grads(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def step_lr_as_tree(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g, rate: p - rate * g, params, grads, lr)


def step_over_values(params, grads, lr, max_norm):
    new = jax.tree.map(lambda p, g: p - lr * g, list(params.values()), grads.values())
    return dict(zip(params, new, strict=True))


def step_scaled_difference(params, grads, lr, max_norm):
    scale = clip_scale(grads, max_norm)
    return jax.tree.map(lambda p, g: lr * (p - scale * g), params, grads)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------


def sgd_scales_grads_in_place(params, grads, lr, max_norm):
    for name in grads:
        grads[name] = jax.tree.map(lambda g: lr * g, grads[name])  # the caller's grads change
    return jax.tree.map(lambda p, g: p - g, params, grads)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.sgd_step",
        "grads[name] scaled by lr in place",
        lambda: sgd_scales_grads_in_place,
        named="mutated-grads",
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_step_lambda_one_tree(params, grads, lr, max_norm):
    return jax.tree.map(lambda p: p - lr * grads, params)


def r2_step_deepcopy_loop(params, grads, lr, max_norm):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r2_step_leaves_list(params, grads, lr, max_norm):
    return [
        p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def r2_step_missing_grads(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def r2_step_unflatten_swapped(params, grads, lr, max_norm):
    leaves, treedef = jax.tree.flatten(grads)
    new = [g - lr * p for p, g in zip(jax.tree.leaves(params), leaves, strict=True)]
    return jax.tree.unflatten(treedef, new)


ROUND_2 = (
    Wrong("04.predict_value_and_grad", '"A": flat', lambda: "A", named="flat"),
    # (C is now "sorted by parameter": the label follows the redesigned question)
    Wrong("04.predict_value_and_grad", '"C": always a tuple', lambda: "C", named="parameter-order"),
    Wrong("04.predict_value_and_grad", '"D": value last', lambda: "D", named="value-last"),
    Wrong(
        "04.predict_value_and_grad",
        '"A or B"',
        lambda: "A or B",
        says="'A or B' names 2 options; the question asks for one",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "2, the second option",
        lambda: 2,
        says="The options are letters, not numbers. Answer",
    ),
    Wrong(
        "04.sgd_step",
        "lambda p: p - lr * grads",
        lambda: r2_step_lambda_one_tree,
        named="whole-grads-tree",
    ),
    Wrong(
        "04.sgd_step",
        "deepcopy, then a loop over the keys",
        lambda: r2_step_deepcopy_loop,
        named="top-level-loop",
    ),
    Wrong(
        "04.sgd_step", "a list of the new leaves", lambda: r2_step_leaves_list, named="flat-leaves"
    ),
    Wrong(
        "04.sgd_step", "tree.map given params only", lambda: r2_step_missing_grads, named="one-tree"
    ),
    Wrong(
        "04.sgd_step",
        "flatten/unflatten, g - lr * p",
        lambda: r2_step_unflatten_swapped,
        named="swapped-lambda",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_sgd_swapped_lambda(params, grads, lr, max_norm):
    return jax.tree.map(lambda g, p: p - lr * g, params, grads)


def r3_sgd_leaves_list(params, grads, lr, max_norm):
    return [
        p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def r3_sgd_deepcopy_top_level(params, grads, lr, max_norm):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


ROUND_3 = (
    Wrong("04.predict_value_and_grad", '"A": one flat tuple', lambda: "A"),
    Wrong("04.predict_value_and_grad", '"D": grads first', lambda: "D"),
    Wrong(
        "04.predict_value_and_grad",
        "the option's text instead of B",
        lambda: "(value, (grad_x, grad_y))",
    ),
    Wrong("04.sgd_step", "lambda g, p: arguments swapped", lambda: r3_sgd_swapped_lambda),
    Wrong("04.sgd_step", "a flat list of the new leaves", lambda: r3_sgd_leaves_list),
    Wrong("04.sgd_step", "deepcopy, then the top-level loop", lambda: r3_sgd_deepcopy_top_level),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: answers whose message named a cause they did not have, or none ---------------


def i35_sgd_nested_in_place(params, grads, lr, max_norm):
    if "layers" not in params:
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)
    for layer, layer_grads in zip(params["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    return {"layers": params["layers"], "scale": params["scale"] - lr * grads["scale"]}


ISSUE_35 = (
    Wrong(
        "04.sgd_step",
        "inner dicts updated in place, no copy",
        lambda: i35_sgd_nested_in_place,
        named="mutated-nested",
    ),
    Wrong(
        "04.sgd_step",
        "lr applied twice",
        lambda: (
            lambda params, grads, lr, max_norm: jax.tree.map(
                lambda p, g: p - lr * (lr * clip_scale(grads, max_norm) * g), params, grads
            )
        ),
        says="is lr times the expected change",
    ),
    Wrong(
        "04.sgd_step",
        "2 * lr: a doubled step",
        lambda: (
            lambda params, grads, lr, max_norm: jax.tree.map(
                lambda p, g: p - 2 * lr * clip_scale(grads, max_norm) * g, params, grads
            )
        ),
        says="is 2 times the expected change",
    ),
    Wrong(
        "04.sgd_step",
        "lr / 2: a halved step",
        lambda: (
            lambda params, grads, lr, max_norm: jax.tree.map(
                lambda p, g: p - lr / 2 * clip_scale(grads, max_norm) * g, params, grads
            )
        ),
        says="is 0.5 times the expected change",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)


# --- 04.sgd_step redesigned (clipped by the gradients' global norm): answers to the new
# task, written before the grader saw them.


def r6_step_clip_entries(params, grads, lr, max_norm):
    # the lesson's clip after the exercise, with max_norm as the limit
    return jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -max_norm, max_norm), params, grads)


def r6_step_norm_per_leaf(params, grads, lr, max_norm):
    def one(p, g):
        norm = jnp.linalg.norm(g)
        return p - lr * jnp.where(norm > max_norm, max_norm / norm, 1.0) * g

    return jax.tree.map(one, params, grads)


def r6_step_rescale_always(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum((g**2).sum() for g in leaves))
    return jax.tree.map(lambda p, g: p - lr * g * max_norm / norm, params, grads)


def r6_step_no_sqrt(params, grads, lr, max_norm):
    total = sum(jnp.sum(jnp.square(g)) for g in jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / total)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r6_step_plain(params, grads, lr, max_norm):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r6_step_norm_of_norms_sum(params, grads, lr, max_norm):
    norm = sum(jnp.linalg.norm(g) for g in jax.tree.leaves(grads))
    return jax.tree.map(lambda p, g: p - lr * jnp.minimum(1.0, max_norm / norm) * g, params, grads)


REDESIGNED = (
    Wrong(
        "04.sgd_step",
        "each entry clipped to ±max_norm",
        lambda: r6_step_clip_entries,
        "clipped-elementwise",
    ),
    Wrong(
        "04.sgd_step",
        "each leaf clipped by its own norm",
        lambda: r6_step_norm_per_leaf,
        "norm-per-leaf",
    ),
    Wrong(
        "04.sgd_step",
        "rescaled to max_norm even when smaller",
        lambda: r6_step_rescale_always,
        "always-rescaled",
    ),
    Wrong(
        "04.sgd_step", "the sum of squares, no square root", lambda: r6_step_no_sqrt, "norm-squared"
    ),
    Wrong("04.sgd_step", "max_norm ignored", lambda: r6_step_plain, "never-clipped"),
    Wrong(
        "04.sgd_step",
        "the leaves' norms added",
        lambda: r6_step_norm_of_norms_sum,
        "summed-leaf-norms",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *REDESIGNED)


def r6_step_old_signature(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def r6_grads_unweighted(loss, x, y, w):
    return jax.grad(sum_squared_error, argnums=(0, 1))(x, y)


def r6_grads_unweighted_by_hand(loss, x, y, w):
    return (-2 * (x - y), (x - y) ** 2)


ROUND_6_FAMILIES = (
    Wrong(
        "04.sgd_step", "the step without max_norm", lambda: r6_step_old_signature, "three-arguments"
    ),
    Wrong(
        "04.grad_last_two", "sum_squared_error's pair", lambda: r6_grads_unweighted, "unweighted"
    ),
    Wrong(
        "04.grad_last_two",
        "by hand, grad_y without w",
        lambda: r6_grads_unweighted_by_hand,
        "unweighted-y",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_6_FAMILIES)


def r6_grads_stacked_xy(loss, x, y, w):
    return jnp.stack(jax.grad(lambda x, y, w: loss(x, y, w=w), argnums=(0, 1))(x, y, w))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "x's and y's gradients stacked",
        lambda: r6_grads_stacked_xy,
        "stacked-pair",
    ),
)


# Round 7's families (issue 35): grad_y of the unweighted loss beside a right grad_w (was
# generic), and four other factors for 04.sgd_step (were told only "N times the expected").


def s44_grads_y_unweighted(loss, x, y, w):
    return jax.grad(sum_squared_error, argnums=1)(x, y), (x - y) ** 2


def s44_grads_y_by_hand_unweighted(loss, x, y, w):
    return 2 * (y - x), jax.grad(lambda w_: loss(x, y, w=w_))(w)


def s44_grads_y_sign_and_weights_lost(loss, x, y, w):
    return jax.grad(sum_squared_error)(x, y), (y - x) ** 2


def s44_step_abs_norm(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sum(jnp.concatenate([jnp.abs(g).ravel() for g in leaves]))
    scale = jnp.minimum(1.0, max_norm / norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def s44_step_rms(params, grads, lr, max_norm):
    flat = jnp.concatenate([g.ravel() for g in jax.tree.leaves(grads)])
    scale = jnp.minimum(1.0, max_norm / jnp.sqrt(jnp.mean(flat**2)))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def s44_step_max_factor(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.vdot(g, g) for g in jax.tree.leaves(grads)))
    return jax.tree.map(lambda p, g: p - lr * max(1.0, max_norm / norm) * g, params, grads)


def s44_step_inverted(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.maximum(1.0, norm / max_norm)
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


ROUND_7_FAMILIES = (
    Wrong(
        "04.grad_last_two",
        "grad_y of sum_squared_error",
        lambda: s44_grads_y_unweighted,
        "unweighted-y",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y by hand without w",
        lambda: s44_grads_y_by_hand_unweighted,
        "unweighted-y",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y as the unweighted grad_x",
        lambda: s44_grads_y_sign_and_weights_lost,
        "unweighted-y",
    ),
    Wrong(
        "04.sgd_step", "sum of absolute values as the norm", lambda: s44_step_abs_norm, "l1-norm"
    ),
    Wrong("04.sgd_step", "root of the mean square", lambda: s44_step_rms, "root-mean-square"),
    Wrong(
        "04.sgd_step",
        "Python max for the factor",
        lambda: s44_step_max_factor,
        "factor-at-least-one",
    ),
    Wrong(
        "04.sgd_step", "norm / max_norm, at least 1", lambda: s44_step_inverted, "factor-inverted"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_7_FAMILIES)


# --- session 45: the auditor's wrong diagnosis (a sign slip named as wrong argnums) and the
# redesigned predictions. grad_x is -grad_y here, so (-grad_y, grad_w) is told what differs
# (its sign) beside the causes that give those numbers, not only "(grad_x, grad_w)".


def s45_grads_by_hand_sign_slip(loss, x, y, w):
    return 2 * w * (x - y), (x - y) ** 2


def s45_grads_wrapper_minus_in_front(loss, x, y, w):
    grad_y, grad_w = jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)
    return -grad_y, grad_w


S45 = (
    Wrong(
        "04.grad_last_two",
        "by hand: 2*w*(x-y) for grad_y, the minus lost",
        lambda: s45_grads_by_hand_sign_slip,
        says="with its sign flipped",
    ),
    Wrong(
        "04.grad_last_two",
        "wrapper right, then a minus in front of grad_y",
        lambda: s45_grads_wrapper_minus_in_front,
        says="with its sign flipped",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "C: gradients sorted as the parameters are",
        lambda: "C",
        named="parameter-order",
    ),
    Wrong(
        "04.predict_value_and_grad", "ran (0, 1)'s cell: its order", lambda: "c ", "parameter-order"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S45)


# --- session 46 (round 9): 04.grad_last_two's families that got a generic message, and
# only-y's message, which blamed a keyword for a w that sat at a position argnums left out


def s46_grads_def_called_swapped(loss, x, y, w):
    def loss_yw(y_, w_):
        return loss(x, y_, w=w_)

    return jax.grad(loss_yw, argnums=(0, 1))(w, y)  # handed in as (w, y)


def s46_grads_weights_kept(loss, x, y, w):
    grad_y = jax.grad(loss, argnums=1)(x, y, w=w)
    return (grad_y, w)


def s46_grads_two_args_no_argnums(loss, x, y, w):
    def loss_yw(y_, w_):
        return loss(x, y_, w=w_)

    return jax.grad(loss_yw)(y, w)


S46 = (
    Wrong(
        "04.grad_last_two",
        "def of (y, w), called with (w, y)",
        lambda: s46_grads_def_called_swapped,
        named="called-swapped",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y, then the weights w",
        lambda: s46_grads_weights_kept,
        named="w-not-its-gradient",
    ),
    Wrong(
        "04.grad_last_two",
        "def of (y, w), argnums left out",
        lambda: s46_grads_two_args_no_argnums,
        named="only-y",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S46)


# --- session 47: 04.grad_last_two asks for grads_yw(loss, x, y, w), a function of the loss
# (the pair of gradients passed with the notebook's `*` deleted and argnums=(1, 2)).


def weighted_sse_no_star(x, y, w):
    return jnp.sum(w * (x - y) ** 2)


def s47_grads_star_deleted(loss, x, y, w):
    return jax.grad(weighted_sse_no_star, argnums=(1, 2))(x, y, w)


def s47_grads_argnums_with_w_by_position(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w)


def s47_grads_argnums_two_with_keyword(loss, x, y, w):
    return jax.grad(loss, argnums=(1, 2))(x, y, w=w)


def s47_grads_notebook_point(loss, x_, y_, w_):
    return jax.grad(lambda y, w: loss(x, y, w=w), argnums=(0, 1))(y, w)


S47 = (
    Wrong(
        "04.grad_last_two",
        "the * deleted from a copy of weighted_sse, argnums=(1, 2)",
        lambda: s47_grads_star_deleted,
        named="ignores-loss",
    ),
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) with w passed by position",
        lambda: s47_grads_argnums_with_w_by_position,
        named="positional-w",
    ),
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) with w by keyword",
        lambda: s47_grads_argnums_two_with_keyword,
        named="argnums-past-keyword",
    ),
    Wrong(
        "04.grad_last_two",
        "the wrapper right, at the notebook's x, y, w",
        lambda: s47_grads_notebook_point,
        named="notebook-point",
    ),
    Wrong(
        "04.grad_last_two",
        "the old answer: the pair at the notebook's point",
        lambda: jax.grad(lambda y, w: weighted_sse(x, y, w=w), argnums=(0, 1))(y, w),
        named="gradients-not-function",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S47)


# --- session 48: grads_yw's causes named from the code (issues 34 and 35) -----------------
def s48_grads_list_argnums_keyword(loss, x, y, w):
    return jax.grad(loss, argnums=[1, 2])(x, y, w=w)  # w by keyword: no position 2


def s48_grads_w_by_formula(loss, x, y, w):
    grad_y = jax.grad(lambda y: loss(x, y, w=w))(y)
    return grad_y, (x - y) ** 2  # weighted_sse's grad_w, worked out by hand


def s48_grads_y_from_x(loss, x, y, w):
    grad_y = -jax.grad(lambda x: loss(x, y, w=w))(x)  # "the error is x - y"
    grad_w = jax.grad(lambda w: loss(x, y, w=w))(w)
    return grad_y, grad_w


def s48_grads_names_swapped(loss, x, y, w):
    return jax.grad(lambda w, y: loss(x, y, w=w), argnums=(0, 1))(y, w)


S48 = (
    Wrong(
        "04.grad_last_two",
        "argnums as a list, w by keyword",
        lambda: s48_grads_list_argnums_keyword,
        named="argnums-past-keyword",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_w as weighted_sse's formula",
        lambda: s48_grads_w_by_formula,
        named="one-from-formula",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y as minus grad_x",
        lambda: s48_grads_y_from_x,
        named="minus-grad-x",
    ),
    Wrong(
        "04.grad_last_two",
        "a wrapper of (w, y) called with (y, w)",
        lambda: s48_grads_names_swapped,
        named="called-swapped",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S48)


# --- round 13's family, fixed (issue 35): x and y handed to loss the other way round ----------


def r13f_yw_inner_swapped(loss, x, y, w):
    def inner(y_, w_):
        return loss(y_, x, w=w_)  # y_ in x's place

    return jax.grad(inner, argnums=(0, 1))(y, w)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "inner(y_, w_) calls loss(y_, x, w=w_)",
        lambda: r13f_yw_inner_swapped,
        "x-y-swapped",
    ),
)


# --- session 50 (f14a): round 14's typed zeros and Python division, named (issue 35) ------


def s50_yw_zeros_for_w(loss, x, y, w):
    return jax.grad(lambda y_: loss(x, y_, w=w))(y), np.zeros(w.shape, dtype=np.float32)


def s50_sgd_math_norm(params, grads, lr, max_norm):
    norm = sum(float(jnp.sum(g**2)) for g in jax.tree.leaves(grads)) ** 0.5
    scale = 1.0 if max_norm / norm >= 1.0 else max_norm / norm
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "np.zeros for w: keyword thought out of reach",
        lambda: s50_yw_zeros_for_w,
        "w-zeros-made",
    ),
    Wrong(
        "04.sgd_step",
        "norm as a Python float, factor capped at 1",
        lambda: s50_sgd_math_norm,
        "zero-division-at-zero-norm",
    ),
)


# --- round 16: the new tree returned with something beside it -----------------------------
def r16f_sgd_with_norm(params, grads, lr, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in leaves))
    factor = jnp.minimum(1.0, max_norm / norm)
    new = jax.tree.map(lambda p, g: p - lr * factor * g, params, grads)
    return new, norm  # the norm, to log it


def r16f_sgd_with_factor(params, grads, lr, max_norm):
    norm = jnp.linalg.norm(jnp.concatenate([jnp.ravel(g) for g in jax.tree.leaves(grads)]))
    factor = jnp.where(norm > max_norm, max_norm / norm, 1.0)
    return jax.tree.map(lambda p, g: p - lr * factor * g, params, grads), factor


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.sgd_step",
        "(new params, norm) to log the norm",
        lambda: r16f_sgd_with_norm,
        "more-than-the-tree",
    ),
    Wrong(
        "04.sgd_step",
        "(new params, clip factor)",
        lambda: r16f_sgd_with_factor,
        "more-than-the-tree",
    ),
)


# --- round 16's family in 04.grad_last_two: a gradient's function called at another
# argument's values (grad_w at y, grad_y at x)


def r16f_yw_grad_w_at_y(loss, x, y, w):
    d_dy = jax.grad(lambda y_: loss(x, y_, w=w))
    d_dw = jax.grad(lambda w_: loss(x, y, w=w_))
    return d_dy(y), d_dw(y)


def r16f_yw_grad_y_at_x(loss, x, y, w):
    d_dy = jax.grad(lambda y_: loss(x, y_, w=w))
    d_dw = jax.grad(lambda w_: loss(x, y, w=w_))
    return d_dy(x), d_dw(w)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "grad_w's function called with y",
        lambda: r16f_yw_grad_w_at_y,
        "grad-w-elsewhere",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y's function called with x",
        lambda: r16f_yw_grad_y_at_x,
        "grad-y-zero",  # at y = x every loss of the check is flat in y (round 20)
    ),
)


# --- round 18: the tree's leaves concatenated as they are ----------------------------------
def r18f_sgd_concat_no_ravel(params, grads, lr, max_norm):
    flat = jnp.concatenate(jax.tree.leaves(grads))
    scale = jnp.minimum(1.0, max_norm / jnp.linalg.norm(flat))
    return jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)


def r18f_sgd_hstack_leaves(params, grads, lr, max_norm):
    norm = jnp.linalg.norm(jnp.hstack(jax.tree.leaves(grads)))
    return jax.tree.map(lambda p, g: p - lr * jnp.minimum(1.0, max_norm / norm) * g, params, grads)


def r18f_sgd_numpy_concatenate(params, grads, lr, max_norm):
    norm = float(np.linalg.norm(np.concatenate([np.asarray(g) for g in jax.tree.leaves(grads)])))
    return jax.tree.map(lambda p, g: p - lr * min(1.0, max_norm / norm) * g, params, grads)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.sgd_step",
        "concatenated leaves without ravel",
        lambda: r18f_sgd_concat_no_ravel,
        "leaves-concatenated-as-they-are",
    ),
    Wrong(
        "04.sgd_step",
        "jnp.hstack of the leaves",
        lambda: r18f_sgd_hstack_leaves,
        "leaves-concatenated-as-they-are",
    ),
    Wrong(
        "04.sgd_step",
        "np.concatenate of the leaves as NumPy arrays",
        lambda: r18f_sgd_numpy_concatenate,
        "leaves-concatenated-as-they-are",
    ),
)


# --- round 18 (fix18-3): loss's positions used as argnums for a function of two positional
# parameters (audit W: argnums-past-keyword said w went by keyword)


def r18f_yw_outer_positions(loss, x, y, w):
    return jax.grad(lambda b, c: loss(x, b, w=c), argnums=(1, 2))(y, w)


def r18f_yw_inner_def_positions(loss, x, y, w):
    def of_y_and_w(y, w):
        return loss(x, y, w=w)

    return jax.grad(of_y_and_w, argnums=(1, 2))(y, w)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) on a two-argument lambda",
        lambda: r18f_yw_outer_positions,
        named="argnums-of-loss",
    ),
    Wrong(
        "04.grad_last_two",
        "argnums=(1, 2) on an inner def of y and w",
        lambda: r18f_yw_inner_def_positions,
        named="argnums-of-loss",
    ),
)


# --- round 19 (fix19-3): the step lr * g clipped, not g (audit W: told it never clips; on
# the check's old inputs lr * norm never passed max_norm)
from tests.content.wrong_answers.round19 import lesson04 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.sgd_step",
        "clips the norm of lr * g (round 19)",
        lambda: _r19.r19_sgd_clips_update,
        named="clipped-step",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_glt_closure_outer_y(loss, x, y, w):
    # the lambda's body reads the outer y, not its own parameter
    return jax.grad(lambda yy, ww: loss(x, y, w=ww), argnums=(0, 1))(y, w)


def r20f_glt_swap_xy(loss, x, y, w):
    # grad takes the first argument, so put y first
    grad_y = jax.grad(loss)(y, x, w=w)
    grad_w = jax.grad(lambda ww: loss(x, y, w=ww))(w)
    return grad_y, grad_w


def r20f_glt_grad_y_at_w(loss, x, y, w):
    grad_y = jax.grad(lambda yy: loss(x, yy, w=w))(w)  # the weights where y belongs
    return grad_y, jax.grad(lambda ww: loss(x, y, w=ww))(w)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "lambda body reads the outer y, not its own",
        lambda: r20f_glt_closure_outer_y,
        "grad-y-zero",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y by calling loss(y, x, w=w)",
        lambda: r20f_glt_swap_xy,
        "y-in-x-slot",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_y's function called with w",
        lambda: r20f_glt_grad_y_at_w,
        "grad-y-elsewhere",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------


def r21f_glt_stacked(loss, x, y, w):
    # one array holding both: fine while y and w have the same shape
    stacked = jnp.stack([y, w])
    g = jax.grad(lambda s: loss(x, s[0], w=s[1]))(stacked)
    return g[0], g[1]


def r21f_sgd_one_level_lists(params, grads, lr, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, max_norm / norm)

    def step(p, g):
        return p - lr * scale * g

    new = {}
    for name, value in params.items():
        if isinstance(value, list):  # a list of dicts of arrays, as in model
            new[name] = [
                {k: step(layer[k], gl[k]) for k in layer}
                for layer, gl in zip(value, grads[name])  # noqa: B905
            ]
        else:
            new[name] = step(value, grads[name])
    return new


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "stacked y and w into one array",
        lambda: r21f_glt_stacked,
        named="y-w-joined",
    ),
    Wrong(
        "04.sgd_step",
        "handles lists of dicts one level deep only",
        lambda: r21f_sgd_one_level_lists,
        named="model-nesting-only",
    ),
)

from tests.content.wrong_answers.round21 import lesson04 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "04.grad_last_two",
        "grad_y left as a one-element tuple",
        lambda: _r21.r21_glt_nested,
        named="one-tuple-inside",
    ),
    Wrong(
        "04.grad_last_two",
        "grad_w by finite differences",
        lambda: _r21.r21_glt_finite_diff,
        named="grad-w-estimated",
    ),
    Wrong(
        "04.sgd_step",
        "norm of the largest leaf only",
        lambda: _r21.r21_sgd_max_leaf,
        named="largest-leaf-norm",
    ),
)
