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


def weighted_sse(w, x, y):
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


# --- 04.grad_last_two ---------------------------------------------------------------------


def grads_both_argnum_one():
    return (
        jax.grad(weighted_sse, argnums=1)(w, x, y),
        jax.grad(weighted_sse, argnums=1)(w, x, y),
    )


def grads_swapped_call():
    return jax.grad(weighted_sse, argnums=(1, 2))(w, y, x)


def grads_value_and_grad_wrong_argnums():
    return jax.value_and_grad(weighted_sse, argnums=(0, 1))(w, x, y)


# --- 04.sgd_step ----------------------------------------------------------------------------


def step_dict_comprehension(params, grads, lr):
    return {k: params[k] - lr * grads[k] for k in params}


def step_notebook_learning_rate(params, grads, lr):
    return jax.tree.map(lambda p, g: p - learning_rate * g, params, grads)


def step_notebook_model(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, model, model_grads)


def step_whole_grads(params, grads, lr):
    return jax.tree.map(lambda p: p - lr * grads, params)


def step_one_tree(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def step_trees_swapped(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, grads, params)


def step_update_dict(params, grads, lr):
    params.update(jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return params


def step_scaled_grads_first(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g, params, lr * grads)


def step_in_place_loop(params, grads, lr):
    for k in params:
        params[k] -= lr * grads[k]
    return params


def step_assigned_not_returned(params, grads, lr):
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)


def step_leaves_of_result(params, grads, lr):
    return jax.tree.leaves(jax.tree.map(lambda p, g: p - lr * g, params, grads))


def step_dicts_only(params, grads, lr):
    if isinstance(params, dict):
        return {k: step_dicts_only(params[k], grads[k], lr) for k in params}
    return params - lr * grads


def step_numpy_leaves(params, grads, lr):
    return jax.tree.map(lambda p, g: np.asarray(p) - lr * np.asarray(g), params, grads)


def step_update_only(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * g, params, grads)


def step_copy_then_patch(params, grads, lr):
    new = copy.copy(params)
    for i, layer in enumerate(new["layers"]):
        for name in layer:
            layer[name] = layer[name] - lr * grads["layers"][i][name]
    new["scale"] = new["scale"] - lr * grads["scale"]
    return new


def step_deepcopy_loop(params, grads, lr):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


WRONG_ANSWERS = (
    # --- 04.grad_last_two
    Wrong(
        "04.grad_last_two",
        "jax.value_and_grad, not called",
        lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2)),
        "not-called",
    ),
    Wrong(
        "04.grad_last_two",
        "weights of ones: the unweighted gradients",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(jnp.ones(4), x, y),
        "unweighted",
    ),
    Wrong(
        "04.grad_last_two",
        "[0] of the tuple: only grad_x",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)[0],
        "only-x",
    ),
    Wrong(
        "04.grad_last_two",
        "the default argnums",
        lambda: jax.grad(weighted_sse)(w, x, y),
        "wrt-w",
    ),
    Wrong(
        "04.grad_last_two",
        "jnp.array of the tuple",
        lambda: jnp.array(jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)),
        "stacked",
    ),
    Wrong(
        "04.grad_last_two",
        "a list comprehension over argnums",
        lambda: [jax.grad(weighted_sse, argnums=i)(w, x, y) for i in (1, 2)],
        "list-not-tuple",
    ),
    Wrong(
        "04.grad_last_two",
        "argnums=1 copied twice",
        grads_both_argnum_one,
        says="You have (grad_x, grad_x)",
    ),
    Wrong("04.grad_last_two", "called with (w, y, x)", grads_swapped_call, "swapped-or-negated"),
    Wrong(
        "04.grad_last_two",
        "value_and_grad with argnums=(0, 1)",
        grads_value_and_grad_wrong_argnums,
        "with-value",
    ),
    Wrong(
        "04.grad_last_two",
        "the lesson's argnums=(0, 1) on sum_squared_error",
        lambda: jax.grad(sum_squared_error, argnums=(0, 1))(x, y),
        "unweighted",
    ),
    Wrong(
        "04.grad_last_two",
        "a closure over w, default argnums",
        lambda: jax.grad(lambda x, y: weighted_sse(w, x, y))(x, y),
        "only-x",
    ),
    Wrong(
        "04.grad_last_two",
        "a dict of the two gradients",
        lambda: dict(zip("xy", jax.grad(weighted_sse, argnums=(1, 2))(w, x, y), strict=True)),
        "list-not-tuple",
    ),
    # --- 04.predict_value_and_grad
    Wrong("04.predict_value_and_grad", "lower-case 'd'", lambda: "d", "value-last"),
    Wrong(
        "04.predict_value_and_grad",
        "the whole line of option A",
        lambda: "A: (value, grad_x, grad_y)",
        "flat",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "the shape of C written out",
        lambda: "((value, grad_x), (value, grad_y))",
        says="one of",
    ),
    Wrong("04.predict_value_and_grad", "the option's index, 2", lambda: 2, says="as a string"),
    Wrong("04.predict_value_and_grad", "['B'] in a list", lambda: ["B"], says="is a list"),
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
        says="build it with jnp instead of np",
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
    Wrong(
        "04.grad_last_two",
        "by hand, y's sign not flipped",
        lambda: (2 * w * (x - y), 2 * w * (x - y)),
        says="You have (grad_x, grad_x)",
    ),
    Wrong(
        "04.grad_last_two", "by hand, without w", lambda: (2 * (x - y), -2 * (x - y)), "unweighted"
    ),
    Wrong(
        "04.grad_last_two",
        "[::-1] of the tuple",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)[::-1],
        "swapped-or-negated",
    ),
    Wrong(
        "04.grad_last_two",
        "[1] of the tuple: grad_y alone",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)[1],
        "only-y",
    ),
    Wrong("04.predict_value_and_grad", "lower-case 'c'", lambda: "c", "always-a-tuple"),
    Wrong(
        "04.predict_value_and_grad",
        "'Option D'",
        lambda: "Option D",
        named="value-last",
    ),
    Wrong(
        "04.predict_value_and_grad",
        "A's shape written out",
        lambda: "(value, grad_x, grad_y)",
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


def step_at_add(params, grads, lr):
    return jax.tree.map(lambda p, g: p.at[:].add(-lr * g), params, grads)


def step_without_grads(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def step_lr_as_tree(params, grads, lr):
    return jax.tree.map(lambda p, g, rate: p - rate * g, params, grads, lr)


def step_over_values(params, grads, lr):
    new = jax.tree.map(lambda p, g: p - lr * g, list(params.values()), grads.values())
    return dict(zip(params, new, strict=True))


def step_scaled_difference(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * (p - g), params, grads)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------


def sgd_scales_grads_in_place(params, grads, lr):
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


def r2_step_lambda_one_tree(params, grads, lr):
    return jax.tree.map(lambda p: p - lr * grads, params)


def r2_step_deepcopy_loop(params, grads, lr):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def r2_step_leaves_list(params, grads, lr):
    return [
        p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def r2_step_missing_grads(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params)


def r2_step_unflatten_swapped(params, grads, lr):
    leaves, treedef = jax.tree.flatten(grads)
    new = [g - lr * p for p, g in zip(jax.tree.leaves(params), leaves, strict=True)]
    return jax.tree.unflatten(treedef, new)


ROUND_2 = (
    Wrong(
        "04.grad_last_two",
        "argnums=(0, 1)",
        lambda: jax.grad(weighted_sse, argnums=(0, 1))(w, x, y),
        named="copied-argnums",
    ),
    Wrong(
        "04.grad_last_two",
        "called with (w, y, x), again",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(w, y, x),
        named="swapped-or-negated",
    ),
    Wrong(
        "04.grad_last_two",
        "a lambda of x and y, default argnums",
        lambda: jax.grad(lambda a, b: weighted_sse(w, a, b))(x, y),
        named="only-x",
    ),
    Wrong(
        "04.grad_last_two",
        "a dict {'x': ..., 'y': ...}",
        lambda: dict(zip("xy", jax.grad(weighted_sse, argnums=(1, 2))(w, x, y), strict=True)),
        named="list-not-tuple",
    ),
    Wrong(
        "04.grad_last_two",
        "sum_squared_error's gradients: w left out",
        lambda: jax.grad(sum_squared_error, argnums=(0, 1))(x, y),
        named="unweighted",
    ),
    Wrong("04.predict_value_and_grad", '"A": flat', lambda: "A", named="flat"),
    Wrong("04.predict_value_and_grad", '"C": always a tuple', lambda: "C", named="always-a-tuple"),
    Wrong("04.predict_value_and_grad", '"D": value last', lambda: "D", named="value-last"),
    Wrong(
        "04.predict_value_and_grad",
        '"A or B"',
        lambda: "A or B",
        says="'A or B' names 2 options; the answer is one of",
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


def r3_sgd_swapped_lambda(params, grads, lr):
    return jax.tree.map(lambda g, p: p - lr * g, params, grads)


def r3_sgd_leaves_list(params, grads, lr):
    return [
        p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def r3_sgd_deepcopy_top_level(params, grads, lr):
    new = copy.deepcopy(params)
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


ROUND_3 = (
    Wrong(
        "04.grad_last_two",
        "argnums=(0, 1): the first two",
        lambda: jax.grad(weighted_sse, argnums=(0, 1))(w, x, y),
    ),
    Wrong(
        "04.grad_last_two",
        "value_and_grad with argnums=(1, 2)",
        lambda: jax.value_and_grad(weighted_sse, argnums=(1, 2))(w, x, y),
    ),
    Wrong(
        "04.grad_last_two",
        "called as (x, y, w)",
        lambda: jax.grad(weighted_sse, argnums=(1, 2))(x, y, w),
        named="arguments-reordered",
    ),
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


def i35_negated_grads():
    grad_x, grad_y = jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)
    return -grad_x, -grad_y


def i35_sgd_nested_in_place(params, grads, lr):
    if "layers" not in params:
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)
    for layer, layer_grads in zip(params["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    return {"layers": params["layers"], "scale": params["scale"] - lr * grads["scale"]}


ISSUE_35 = (
    Wrong(
        "04.grad_last_two",
        "both gradients negated",
        i35_negated_grads,
        named="swapped-or-negated",
    ),
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
            lambda params, grads, lr: jax.tree.map(lambda p, g: p - lr * (lr * g), params, grads)
        ),
        says="is lr times the expected change",
    ),
    Wrong(
        "04.sgd_step",
        "2 * lr: a doubled step",
        lambda: lambda params, grads, lr: jax.tree.map(lambda p, g: p - 2 * lr * g, params, grads),
        says="is 2 times the expected change",
    ),
    Wrong(
        "04.sgd_step",
        "lr / 2: a halved step",
        lambda: lambda params, grads, lr: jax.tree.map(lambda p, g: p - lr / 2 * g, params, grads),
        says="is 0.5 times the expected change",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)
