"""Exercises for lessons/04_argnums_and_pytrees.ipynb: which argument grad differentiates,
value_and_grad, and parameters held in a pytree."""

from __future__ import annotations

from functools import cache

import numpy as np

from jaxtour.exercises.common import article_xy, jax, jnp, same_values
from jaxtour.grader.mistakes import mutates_input
from jaxtour.grader.rules import JaxArray, SameFunction, SamePytree
from jaxtour.grader.spec import Exercise, Mistake


def _sse(x, y):
    return jnp.sum((x - y) ** 2)


@cache
def _grad(argnums):
    return jax.grad(_sse, argnums=argnums)(*article_xy())


def _both_gradients():
    return _grad((0, 1))


@cache
def _value_and_grad():
    return jax.value_and_grad(_sse)(*article_xy())


# --- 04.sgd_step ------------------------------------------------------------------------


def _step_inputs():
    """Flat and nested parameter dicts, as NumPy float32 so a mutation would show."""
    f32 = np.float32
    flat = (
        {"w": np.array([1.0, -2.0], f32), "b": np.array(0.5, f32)},
        {"w": np.array([0.5, 0.25], f32), "b": np.array(-1.0, f32)},
        0.1,
    )
    nested = (
        {"layer": {"w": np.ones((2, 2), f32), "b": np.zeros(2, f32)}, "scale": np.array(2.0, f32)},
        {
            "layer": {"w": np.full((2, 2), 0.5, f32), "b": np.array([1.0, -1.0], f32)},
            "scale": np.array(4.0, f32),
        },
        0.01,
    )
    return [flat, nested]


def _jax_step_inputs():
    return [jax.tree.map(jnp.asarray, args) for args in _step_inputs()]


def _sgd_step(params, grads, lr):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def _ascent(params, grads, lr):
    return jax.tree.map(lambda p, g: p + lr * g, params, grads)


def _no_lr(params, grads, lr):
    return jax.tree.map(lambda p, g: p - g, params, grads)


def _in_place(params, grads, lr):
    for name in params:
        params[name] = params[name] - lr * grads[name]
    return params


EXERCISES = (
    Exercise(
        id="04.grad_wrt_y",
        title="Differentiate with respect to the second argument",
        reference=lambda: _grad(1),
        rule=JaxArray(),
        hints=(
            "By default grad differentiates with respect to the first argument, x.",
            "argnums picks the argument by position: x is 0, y is 1.",
            "jax.grad(sum_squared_error, argnums=1)(x, y)",
        ),
        solution="grad_y = jax.grad(sum_squared_error, argnums=1)(x, y)",
        mistakes=(
            Mistake(
                id="wrt-x",
                message="That is the gradient with respect to x, the first argument: grad's "
                "default (argnums=0). For y, pass argnums=1. (Notice the sign flips.)",
                example=lambda: _grad(0),
            ),
            Mistake(
                id="both",
                message="That is a pair of gradients, one per argument (argnums=(0, 1)). "
                "Only the one with respect to y was asked for: argnums=1.",
                example=_both_gradients,
                # A pair where the rule takes one array: the rule cannot express it.
                matches=same_values(_both_gradients, tuple),
            ),
            Mistake(
                id="value",
                message="That is the value of the squared error, not a gradient. "
                "Wrap the function in jax.grad(..., argnums=1) first.",
                example=lambda: _sse(*article_xy()),
            ),
        ),
        success="Correct: argnums=1 differentiates with respect to y.",
    ),
    Exercise(
        id="04.value_and_grad",
        title="Get the value and the gradient in one call",
        reference=_value_and_grad,
        rule=SamePytree(),
        hints=(
            "jax.value_and_grad(f) is used like jax.grad(f), and returns two things.",
            "jax.value_and_grad(sum_squared_error)(x, y)",
        ),
        solution="value_and_gradient = jax.value_and_grad(sum_squared_error)(x, y)",
        mistakes=(
            Mistake(
                id="swapped",
                message="The pair is the wrong way round: value_and_grad returns "
                "(value, gradient), the value first.",
                example=lambda: _value_and_grad()[::-1],
            ),
            Mistake(
                id="gradient-only",
                message="That is only the gradient. value_and_grad returns (value, gradient); "
                "keep both.",
                example=lambda: _grad(0),
            ),
            Mistake(
                id="wrt-y",
                message="The value is right, but the gradient is with respect to y. "
                "The exercise asks for x, value_and_grad's default (argnums=0).",
                example=lambda: (_sse(*article_xy()), _grad(1)),
            ),
        ),
        success="Correct: one call, (value, gradient).",
    ),
    Exercise(
        id="04.sgd_step",
        title="Update every parameter in a pytree",
        reference=lambda: _sgd_step,
        rule=SameFunction(inputs=_jax_step_inputs, output=SamePytree()),
        hints=(
            "jax.tree.map(f, tree1, tree2) calls f on matching leaves of two trees with the "
            "same structure, and builds a new tree from the results.",
            "The function to map takes one parameter and its gradient: lambda p, g: ...",
            "jax.tree.map(lambda p, g: p - lr * g, params, grads)",
        ),
        solution=(
            "def sgd_step(params, grads, lr):\n"
            "    return jax.tree.map(lambda p, g: p - lr * g, params, grads)"
        ),
        mistakes=(
            Mistake(
                id="mutated-params",
                message="Your function changed the params dict it was given (params[name] = "
                "...). Build a new tree instead: jax.tree.map returns one, and the caller's "
                "params stay as they were. It also handles nested dicts.",
                matches=mutates_input(lambda: _step_inputs()[:1]),
                example=lambda: _in_place,
            ),
            Mistake(
                id="ascent",
                message="You added the gradient: that climbs the loss. Gradient descent "
                "subtracts it: p - lr * g.",
                example=lambda: _ascent,
            ),
            Mistake(
                id="no-learning-rate",
                message="You subtracted the whole gradient. Scale it by the learning rate: "
                "p - lr * g.",
                example=lambda: _no_lr,
            ),
        ),
        success="Correct: jax.tree.map walks any nesting of dicts, lists and tuples.",
    ),
)
