"""Exercises for lessons/04_argnums_and_pytrees.ipynb: which arguments grad differentiates,
what value_and_grad returns with several of them, and a step over a nested pytree."""

from __future__ import annotations

import copy
import dis
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtour.exercises.common import article_xy, concrete_cache, jax, jnp
from jaxtour.grader.mistakes import (
    behaves_like,
    computed_not_chosen,
    equals_tree,
    fails_with,
    learner_functions,
    not_called,
    remembered,
    returns_none,
    uses_notebook_values,
)
from jaxtour.grader.rules import Choice, SameFunction, SamePytree
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.i18n import _

# --- 04.grad_last_two -------------------------------------------------------------------

WEIGHTS = [4.0, 3.0, 2.0, 1.0]  # the lesson's w: not all ones, so leaving it out shows


def _weighted_sse(w, x, y):
    return jnp.sum(w * (x - y) ** 2)


@concrete_cache
def _wxy():
    x, y = article_xy()
    return jnp.array(WEIGHTS), x, y


@concrete_cache
def _weighted_grad(argnums):
    return jax.grad(_weighted_sse, argnums=argnums)(*_wxy())


@concrete_cache
def _reordered_grads() -> tuple[Any, ...]:
    """grad with argnums=(1, 2), called with w, x and y in each other order."""
    import itertools

    args = _wxy()
    grad = jax.grad(_weighted_sse, argnums=(1, 2))
    return tuple(
        grad(*(args[i] for i in order))
        for order in itertools.permutations(range(3))
        if order != (0, 1, 2)
    )


def _arguments_reordered(answer: Any) -> bool:
    """Gradients taken with the arguments passed in another order than (w, x, y)."""
    return any(equals_tree(grads)(answer) for grads in _reordered_grads())


def _sse(x, y):
    return jnp.sum((x - y) ** 2)


GRADIENT_NAMES = ("w", "x", "y")


def _which_gradients(answer: Any) -> list[str] | None:
    """For a tuple of arrays, the argument each one is the gradient for (None if not all)."""
    if not isinstance(answer, tuple) or not answer:
        return None
    names = []
    for part in answer:
        for position, name in enumerate(GRADIENT_NAMES):
            if equals_tree(_weighted_grad(position))(part):
                names.append(name)
                break
        else:
            return None
    return names


@dataclass(frozen=True)
class NamedGradients:
    """SamePytree, and when a tuple of gradients is wrong, which arguments they belong to."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        problem = SamePytree()(answer, expected)
        if problem is None:
            return None
        names = _which_gradients(answer)
        if names and names != ["x", "y"]:
            listed = ", ".join(f"grad_{n}" for n in names)
            return _(
                "You have ({listed}): gradients with respect to {join}, in that order. "
                "The exercise asks for (grad_x, grad_y): argnums=(1, 2)."
            ).format(listed=listed, join=", ".join(names))
        return problem


@concrete_cache
def _unweighted():
    return jax.grad(_sse, argnums=(0, 1))(*article_xy())


@concrete_cache
def _with_value():
    return jax.value_and_grad(_weighted_sse, argnums=(1, 2))(*_wxy())


def _is_one_tuple(answer: Any) -> bool:
    return isinstance(answer, tuple) and len(answer) == 1


def _right_values_in_list_or_dict(answer: Any) -> bool:
    """(grad_x, grad_y) in a list, or as a dict's values in that order."""
    if isinstance(answer, dict):
        answer = list(answer.values())
    return isinstance(answer, list) and equals_tree(list(_weighted_grad((1, 2))))(answer)


def _value_first(answer: Any) -> bool:
    """A pair (value, gradients) as value_and_grad returns it, whatever its argnums:
    weighted_sse's value first, then a tuple of gradients or one gradient."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False
    value, grads = answer
    return (
        hasattr(value, "shape")
        and equals_tree(_with_value()[0])(value)
        and (isinstance(grads, tuple) or hasattr(grads, "shape"))
    )


# --- 04.predict_value_and_grad ----------------------------------------------------------

VALUE_AND_GRAD_OPTIONS = (
    "(value, grad_x, grad_y)",
    "(value, (grad_x, grad_y))",
    "((value, grad_x), (value, grad_y))",
    "((grad_x, grad_y), value)",
)


# --- 04.sgd_step ------------------------------------------------------------------------

LEARNING_RATE = 0.1  # the notebook's global learning_rate; the grader's lr is never 0.1


def _step_inputs():
    """A flat dict, and a nested tree like the lesson's `model` (a dict holding a list of
    dicts); NumPy float32 leaves, so that a change made in place shows."""
    f32 = np.float32
    flat = (
        {"w": np.array([1.0, -2.0], f32), "b": np.array(0.5, f32)},
        {"w": np.array([0.5, 0.25], f32), "b": np.array(-1.0, f32)},
        0.05,
    )
    nested = (
        {
            "layers": [
                {"w": np.ones((2, 3), f32), "b": np.zeros(3, f32)},
                {"w": np.full((3, 1), 2.0, f32), "b": np.array([0.5], f32)},
            ],
            "scale": np.array(2.0, f32),
        },
        {
            "layers": [
                {"w": np.full((2, 3), 0.5, f32), "b": np.array([1.0, -1.0, 2.0], f32)},
                {"w": np.full((3, 1), -4.0, f32), "b": np.array([3.0], f32)},
            ],
            "scale": np.array(4.0, f32),
        },
        0.01,
    )
    return [nested, flat]


@concrete_cache
def _jax_step_leaves():
    return [(*jax.tree.map(jnp.asarray, (p, g)), lr) for p, g, lr in _step_inputs()]


def _jax_step_inputs():
    """The same, with jax arrays at the leaves (made once: they are immutable) in fresh
    dicts and lists; lr stays a Python float."""
    return [jax.tree.map(lambda leaf: leaf, case) for case in _jax_step_leaves()]


def notebook_model():
    """The lesson's `model`, its pretend gradients (all ones), and learning_rate."""
    model = {
        "layers": [
            {"w": jnp.array([[0.5, -0.5], [1.0, 0.25]]), "b": jnp.zeros(2)},
            {"w": jnp.array([[2.0], [-1.0]]), "b": jnp.array([0.1])},
        ],
        "scale": jnp.array(1.0),
    }
    return model, jax.tree.map(jnp.ones_like, model), LEARNING_RATE


def _notebook_step_values():
    model, grads, lr = notebook_model()
    return {0: model, 1: grads, 2: lr}


def _sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def _ascent(params, grads, lr):
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)


def _no_lr(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g, params, grads)


def _scaled_difference(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * (p - g), params, grads)


def _swapped_lambda(params, grads, lr):
    return jax.tree.map(lambda g, p: p - lr * g, params, grads)


def _forgot_return(params, grads, lr):
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)  # noqa: F841


def _unchanged(params, grads, lr):
    return params


def _top_level_loop(params, grads, lr):
    new = params.copy()
    for name in new:
        new[name] = new[name] - lr * grads[name]
    return new


def _shallow_copy(params, grads, lr):
    new = params.copy()
    for layer, layer_grads in zip(new["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    new["scale"] = params["scale"] - lr * grads["scale"]
    return new


def _nested_in_place(params, grads, lr):
    for layer, layer_grads in zip(params["layers"], grads["layers"], strict=True):
        for name in layer:
            layer[name] = layer[name] - lr * layer_grads[name]
    return {"layers": params["layers"], "scale": params["scale"] - lr * grads["scale"]}


def _copies_shallow(answer: Any) -> bool:
    """Whether the answer's own code makes a shallow copy: calls a .copy method,
    copy.copy, dict(...) or list(...), or unpacks a dict into a new one ({**params})."""
    for fn in learner_functions(answer):
        for code in _code_objects(fn.__code__):
            for instruction in dis.get_instructions(code):
                name = instruction.argval
                if instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and name == "copy":
                    return True
                if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME") and name in (
                    "dict",
                    "list",
                ):
                    return True
                if instruction.opname == "DICT_UPDATE":
                    return True
    return False


def _code_objects(code: Any) -> list[Any]:
    found = [code]
    for const in code.co_consts:
        if isinstance(const, type(code)):
            found += _code_objects(const)
    return found


def _in_place_leaves(params, grads, lr):
    for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True):
        p -= lr * g
    return params


def _in_place_dict(params, grads, lr):
    for name in params:
        params[name] = params[name] - lr * grads[name]
    return params


def _old_tree_map(params, grads, lr):
    return jax.tree_map(lambda p, g: p - lr * g, params, grads)


def _flat_leaves(params, grads, lr):
    return [
        p - lr * g for p, g in zip(jax.tree.leaves(params), jax.tree.leaves(grads), strict=True)
    ]


def _returns_leaf_list(answer: Any) -> bool:
    if not callable(answer):
        return False
    for params, grads, lr in _jax_step_inputs():
        out = answer(params, grads, lr)
        if not isinstance(out, list | tuple) or len(out) != len(jax.tree.leaves(params)):
            return False
    return True


def _containers(tree, path=()):
    """(path, container, [(key, id(child))]) for every dict and list in the tree."""
    if isinstance(tree, dict):
        items = list(tree.items())
    elif isinstance(tree, list):
        items = list(enumerate(tree))
    else:
        return []
    found = [(path, tree, [(k, id(v)) for k, v in items])]
    for key, child in items:
        found += _containers(child, (*path, key))
    return found


@remembered
def _mutation(answer: Any) -> str | None:
    """How ``answer`` changed the trees it was given: 'leaves' (arrays written in place),
    'top' (the params dict itself) or 'nested' (a dict or list inside it), each prefixed
    'grads-' when the tree changed is grads, not params; None if not."""
    if not callable(answer):
        return None
    for args in _step_inputs():
        trees = args[:2]
        before = copy.deepcopy(trees)
        shapes = [_containers(tree) for tree in trees]
        leaves = [jax.tree.leaves(tree) for tree in trees]
        try:
            answer(*args)
        except Exception:
            continue
        for tree, tree_shapes in zip(("", "grads-"), shapes, strict=True):
            for path, container, children in tree_shapes:
                items = container.items() if isinstance(container, dict) else enumerate(container)
                if [(k, id(v)) for k, v in items] != children:
                    return tree + ("nested" if path else "top")
        for tree, tree_leaves, old in zip(("", "grads-"), leaves, before, strict=True):
            if not all(
                equals_tree(o)(n) for n, o in zip(tree_leaves, jax.tree.leaves(old), strict=True)
            ):
                return tree + "leaves"
    return None


def _grads_scaled_in_place(params: Any, grads: Any, lr: Any) -> Any:
    for name in grads:
        grads[name] = jax.tree.map(lambda g: lr * g, grads[name])
    return jax.tree.map(lambda p, g: p - g, params, grads)


def _mutated(kind: str) -> Callable[[Any], bool]:
    return lambda answer: _mutation(answer) == kind


@remembered
def _error_on_nested(answer: Any) -> str | None:
    """'Type: message' of what the answer raises on the nested input, or None."""
    if not callable(answer):
        return None
    try:
        answer(*_jax_step_inputs()[0])
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


@remembered
def _error_on_flat(answer: Any) -> str | None:
    """'Type: message' of what the answer raises on the flat input, or None."""
    if not callable(answer):
        return None
    try:
        answer(*_jax_step_inputs()[1])
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _fails_on_nested(pattern: str) -> Callable[[Any], bool]:
    def matches(answer: Any) -> bool:
        error = _error_on_nested(answer)
        return error is not None and re.search(pattern, error) is not None

    return matches


def _fails_only_on_nested(pattern: str) -> Callable[[Any], bool]:
    """Fails on the nested tree as ``pattern`` says, and works on the flat dict."""
    nested = _fails_on_nested(pattern)
    return lambda answer: nested(answer) and _error_on_flat(answer) is None


def _fails_on_flat(pattern: str) -> Callable[[Any], bool]:
    def matches(answer: Any) -> bool:
        error = _error_on_flat(answer)
        return error is not None and re.search(pattern, error) is not None

    return matches


def _update_only(params, grads, lr):
    return jax.tree.map(lambda p, g: lr * g, params, grads)


def _negative_update(params, grads, lr):
    return jax.tree.map(lambda p, g: -lr * g, params, grads)


def _whole_grads(params, grads, lr):
    return jax.tree.map(lambda p: p - lr * grads, params)


def _one_tree(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params)


EXERCISES = (
    Exercise(
        id="04.grad_last_two",
        title="Differentiate with respect to the second and third arguments",
        reference=lambda: _weighted_grad((1, 2)),
        rule=NamedGradients(),
        hints=(
            "argnums counts positions from 0, and weighted_sse has three arguments now: w, x, y.",
            "A tuple in argnums gives a tuple of gradients, in the same order. x is at "
            "position 1 and y at position 2.",
            "jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)",
        ),
        solution="grads_xy = jax.grad(weighted_sse, argnums=(1, 2))(w, x, y)",
        mistakes=(
            Mistake(
                id="not-called",
                message="That is a function: jax.grad(...) builds the gradient function, and "
                "calling it on (w, x, y) computes the gradients. Did you mean to call it?",
                example=lambda: jax.grad(_weighted_sse, argnums=(1, 2)),
                matches=not_called,
            ),
            Mistake(
                id="copied-argnums",
                message="Those are the gradients with respect to w and x: argnums=(0, 1) "
                "counts w as 0 now that it comes first. x is at position 1 and y at 2.",
                example=lambda: _weighted_grad((0, 1)),
            ),
            Mistake(
                id="unweighted",
                message="Those are the gradients of sum_squared_error, without the weights. "
                "Differentiate weighted_sse, called on (w, x, y).",
                example=_unweighted,
            ),
            Mistake(
                id="one-tuple",
                message="That is a tuple holding a single gradient: a tuple with one "
                "position, such as argnums=(1,), asks for one argument. List both: "
                "argnums=(1, 2).",
                example=lambda: (_weighted_grad(1),),
                matches=_is_one_tuple,
            ),
            Mistake(
                id="swapped-or-negated",
                message="Your gradients are (grad_y, grad_x), which for this loss are also "
                "(-grad_x, -grad_y): weighted_sse depends on x - y, so grad_y = -grad_x, and "
                "the numbers cannot tell two causes apart. Either the order: gradients come "
                "back in argnums order, for the arguments at those positions in the call, so "
                "argnums=(2, 1), or a call on (w, y, x), puts y's first; or the sign: a minus "
                "in front, or (y - x) written for (x - y).",
                example=lambda: _weighted_grad((2, 1)),
            ),
            Mistake(
                id="only-x",
                message="That is only the gradient with respect to x (argnums=1). A tuple of "
                "positions returns both: argnums=(1, 2).",
                example=lambda: _weighted_grad(1),
            ),
            Mistake(
                id="only-y",
                message="That is only the gradient with respect to y (argnums=2). A tuple of "
                "positions returns both: argnums=(1, 2).",
                example=lambda: _weighted_grad(2),
            ),
            Mistake(
                id="wrt-w",
                message="That is the gradient with respect to w, grad's default (argnums=0). "
                "Pick x and y by position: argnums=(1, 2).",
                example=lambda: _weighted_grad(0),
            ),
            Mistake(
                id="arguments-reordered",
                message="Right argnums, wrong point: weighted_sse was called with its "
                "arguments in another order than (w, x, y), so w stands where x or y should. "
                "A function's gradient takes the arguments in the function's own order: "
                "(w, x, y), and argnums=(1, 2) then picks x and y.",
                example=lambda: _reordered_grads()[1],
                matches=_arguments_reordered,
            ),
            Mistake(
                id="all-three",
                message="Those are three gradients, w's included. Ask for x and y only: "
                "argnums=(1, 2).",
                example=lambda: _weighted_grad((0, 1, 2)),
            ),
            Mistake(
                id="with-value",
                message="That is value_and_grad's pair: the value first, then the gradients. "
                "Only the gradients were asked for: jax.grad returns them alone.",
                example=_with_value,
                matches=_value_first,
            ),
            Mistake(
                id="stacked",
                message="The numbers are right, but stacked into one array. Keep the tuple "
                "jax.grad returns: (grad_x, grad_y).",
                example=lambda: jnp.stack(_weighted_grad((1, 2))),
            ),
            Mistake(
                id="list-not-tuple",
                message="The numbers are right, but in a list or a dict. jax.grad returns a "
                "tuple; keep it as it comes.",
                example=lambda: list(_weighted_grad((1, 2))),
                matches=_right_values_in_list_or_dict,
            ),
        ),
        success="argnums=(1, 2) picks x and y by position, and the pair comes back in that "
        "order, whatever sits at position 0.",
    ),
    Exercise(
        id="04.predict_value_and_grad",
        title="Predict what value_and_grad returns for two arguments",
        reference=lambda: "B",
        rule=Choice(("A", "B", "C", "D"), texts=VALUE_AND_GRAD_OPTIONS),
        hints=(
            "value_and_grad returns a pair: (what grad would return alone, ...) or "
            "(value, what grad would return)? Check the cell above.",
            "With argnums=(0, 1), grad alone returns the tuple (grad_x, grad_y). "
            "value_and_grad puts the value beside whatever grad returns.",
        ),
        solution='structure = "B"',
        mistakes=(
            Mistake(
                id="flat",
                message="A would flatten the gradients into the outer tuple. value_and_grad "
                "always returns a pair: the value, and whatever grad would return. With "
                "argnums=(0, 1) that second part is itself a tuple.",
                example=lambda: "A",
            ),
            Mistake(
                id="value-per-argument",
                message="C would compute the value once per argument. The function runs "
                "once; its one value comes first, then grad's tuple of gradients.",
                example=lambda: "C",
            ),
            Mistake(
                id="value-last",
                message="D has the right gradients but puts the value last. value_and_grad "
                "returns the value first, as its name says.",
                example=lambda: "D",
            ),
            Mistake(
                id="computed",
                message="This exercise asks for a prediction, the letter of an option, such as "
                'structure = "A": not value_and_grad itself, its result or its structure. '
                "Decide before running it; the cell after the check shows the real result.",
                example=lambda: jax.value_and_grad(_sse, argnums=(0, 1))(*article_xy()),
                matches=computed_not_chosen,
            ),
        ),
        success="B: value_and_grad pairs the value with exactly what grad would return, "
        "and with argnums=(0, 1) that is a tuple.",
        prediction=True,
    ),
    Exercise(
        id="04.sgd_step",
        title="Fix a step that breaks on a nested pytree",
        reference=lambda: _sgd_step,
        rule=SameFunction(inputs=_jax_step_inputs, output=SamePytree()),
        hints=(
            "The broken step does arithmetic on whatever sits under each top-level key, and "
            "model['layers'] is a list of dicts. Arithmetic works only on the leaves.",
            "jax.tree.map(f, params, grads) calls f on matching leaves of the two trees, at "
            "any depth, and builds a new tree: the caller's params are never touched.",
            "return jax.tree.map(lambda p, g: p - lr * g, params, grads)",
        ),
        solution=(
            "def sgd_step(params, grads, lr):\n"
            "    return jax.tree.map(lambda p, g: p - lr * g, params, grads)"
        ),
        mistakes=(
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing. Return the new tree.",
                example=lambda: _forgot_return,
                matches=returns_none(_jax_step_inputs),
            ),
            Mistake(
                id="old-tree-map",
                message="jax.tree_map is the name old tutorials use; it was removed in JAX "
                "0.6.0. The same function is jax.tree.map.",
                example=lambda: _old_tree_map,
                matches=_fails_on_nested(r"has no attribute 'tree_map'"),
            ),
            Mistake(
                id="shallow-copy",
                message="Your function changed dicts inside the caller's params "
                "(params['layers'][0] and the like): params.copy() (like copy.copy or "
                "dict(params)) copies only the outer dict, and the inner dicts and lists are "
                "still the caller's. jax.tree.map builds a whole new tree instead.",
                example=lambda: _shallow_copy,
                matches=lambda answer: _mutated("nested")(answer) and _copies_shallow(answer),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-nested",
                message="Your function changed dicts or lists inside the caller's params "
                "(params['layers'][0] and the like), so the caller's params changed. Build a "
                "new tree instead: jax.tree.map returns one, at any depth, from the leaves your "
                "function returns.",
                example=lambda: _nested_in_place,
                matches=_mutated("nested"),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-params",
                message="Your function changed the params dict it was given "
                "(params[name] = ..., or params.update(...)), so the caller's params "
                "changed. Build a new tree instead: jax.tree.map returns one.",
                example=lambda: _in_place_dict,
                matches=_mutated("top"),
                also_accepted=True,
            ),
            Mistake(
                id="mutated-grads",
                message="Your function changed the grads tree it was given (grads[name] = "
                "lr * g, g *= lr, or a dict inside it), so the caller's gradients changed. "
                "Leave both trees as they are: compute p - lr * g inside jax.tree.map, "
                "which builds a new tree.",
                example=lambda: _grads_scaled_in_place,
                matches=lambda answer: (_mutation(answer) or "").startswith("grads-"),
                also_accepted=True,
            ),
            Mistake(
                id="in-place-leaves",
                message="Your function wrote into the caller's arrays: p -= lr * g changes a "
                "NumPy array in place. (On a jax array it makes a new array and rebinds "
                "only the local name p, so the tree you return is unchanged.) Compute "
                "p - lr * g inside jax.tree.map and return the new tree.",
                example=lambda: _in_place_leaves,
                matches=_mutated("leaves"),
                also_accepted=True,
            ),
            Mistake(
                id="top-level-loop",
                message="Your step works on a flat dict but fails on the nested tree: it does "
                "arithmetic on a list (params['layers'] is a list of dicts), not on the "
                "arrays inside it. jax.tree.map(f, params, grads) finds the arrays at any "
                "depth, inside dicts and lists alike.",
                example=lambda: _top_level_loop,
                matches=_fails_only_on_nested(r"unsupported operand|can't multiply sequence"),
            ),
            Mistake(
                id="whole-grads-tree",
                message="Your function multiplies the whole grads tree, a dict, by lr. Pass grads "
                "to jax.tree.map as a second tree, and it hands your function one leaf of each.",
                example=lambda: _whole_grads,
                matches=_fails_on_flat(r"unsupported operand.*'dict'|'dict'.*unsupported operand"),
            ),
            Mistake(
                id="one-tree",
                message="jax.tree.map calls your function with one leaf from each tree you pass "
                "it: given params alone, a function of two leaves gets no second one. grads "
                "must be passed too, as a second tree.",
                example=lambda: _one_tree,
                matches=_fails_on_flat(r"^TypeError: .*missing 1 required positional argument"),
            ),
            Mistake(
                id="returns-params-unchanged",
                message="Your function returns the parameters unchanged. If it does "
                "p -= lr * g on each leaf: on a jax array that makes a new array and "
                "rebinds only the local name p, leaving the tree as it was. Return the "
                "tree jax.tree.map builds.",
                example=lambda: _unchanged,
                matches=behaves_like(_unchanged, _jax_step_inputs),
            ),
            Mistake(
                id="flat-leaves",
                message="Your function returns a flat list of new leaves: the tree's shape is "
                "lost, and the caller can no longer find params['layers'][0]['w']. "
                "jax.tree.map keeps the structure.",
                example=lambda: _flat_leaves,
                matches=_returns_leaf_list,
            ),
            Mistake(
                id="notebook-globals",
                message="Your function reads the notebook's own model or learning_rate "
                "instead of its arguments: on other inputs it still gives the notebook's "
                "step. Use only params, grads and lr.",
                example=lambda: lambda params, grads, lr: _sgd_step(params, grads, 0.1),
                matches=uses_notebook_values(_sgd_step, _jax_step_inputs, _notebook_step_values),
            ),
            Mistake(
                id="ascent",
                message="You added the gradient: that climbs the loss. Gradient descent "
                "subtracts it: p - lr * g.",
                example=lambda: _ascent,
                matches=behaves_like(_ascent, _jax_step_inputs),
            ),
            Mistake(
                id="no-learning-rate",
                message="You subtracted the whole gradient. Scale it by the learning rate: "
                "p - lr * g.",
                example=lambda: _no_lr,
                matches=behaves_like(_no_lr, _jax_step_inputs),
            ),
            Mistake(
                id="returns-update",
                message="Your function returns the step, lr * g, not the new parameters. "
                "Subtract it from each parameter: p - lr * g.",
                example=lambda: _update_only,
                matches=lambda answer: any(
                    behaves_like(wrong, _jax_step_inputs)(answer)
                    for wrong in (_update_only, _negative_update)
                ),
            ),
            Mistake(
                id="swapped-lambda",
                message="Your step computes grads - lr * params: the two trees' roles are swapped "
                "(a lambda's arguments in another order than the trees, or the leaves paired "
                "the other way). jax.tree.map hands your function one leaf of each tree, in the "
                "order the trees are given.",
                example=lambda: _swapped_lambda,
                matches=behaves_like(_swapped_lambda, _jax_step_inputs),
            ),
            Mistake(
                id="at-on-a-0d-leaf",
                message="p.at[:] indexes an axis, and model['scale'] is a 0-d array, with no "
                "axis to slice. No .at is needed: jax.tree.map builds a new tree from the "
                "leaves you return, so return p - lr * g.",
                example=lambda: (
                    lambda params, grads, lr: jax.tree.map(
                        lambda p, g: p.at[:].add(-lr * g), params, grads
                    )
                ),
                matches=fails_with("IndexError", "0-dimensional", _jax_step_inputs),
            ),
            Mistake(
                id="trees-do-not-match",
                message="jax.tree.map needs every tree after the first to have the first one's "
                "structure, and one you passed does not: lr is one number, not a tree, and "
                "params.values() is no pytree. Pass params and grads themselves as the trees, "
                "and use lr inside the function.",
                example=lambda: (
                    lambda params, grads, lr: jax.tree.map(
                        lambda p, g, rate: p - rate * g, params, grads, lr
                    )
                ),
                matches=fails_with("ValueError", "pytree structure error", _step_inputs),
            ),
            Mistake(
                id="scaled-difference",
                message="Your step computes lr * (p - g): the brackets scale the whole "
                "difference by lr. Only the gradient is scaled: p - lr * g.",
                example=lambda: _scaled_difference,
                matches=behaves_like(_scaled_difference, _jax_step_inputs),
            ),
        ),
        success="jax.tree.map walks any nesting of dicts, lists and tuples, and builds a "
        "new tree, so the caller's params stay as they were.",
    ),
)
