"""Exercises for lessons/05_has_aux.ipynb: a second output beside the one grad differentiates."""

from __future__ import annotations

from functools import cache

from jaxtour.exercises.common import article_xy, jax, jnp
from jaxtour.grader.rules import SameFunction, SamePytree
from jaxtour.grader.spec import Exercise, Mistake


def _squared_error_with_aux(x, y):
    return jnp.sum((x - y) ** 2), x - y


@cache
def _grad_and_aux():
    return jax.grad(_squared_error_with_aux, has_aux=True)(*article_xy())


@cache
def _value_aux_grad():
    return jax.value_and_grad(_squared_error_with_aux, has_aux=True)(*article_xy())


# --- 05.value_grad_aux ------------------------------------------------------------------


def _flat_triple():
    (value, aux), gradient = _value_aux_grad()
    return value, aux, gradient


def _aux_outside():
    (value, aux), gradient = _value_aux_grad()
    return (value, gradient), aux


# --- 05.loss_with_predictions -----------------------------------------------------------


def _model_inputs():
    params = {"w": jnp.array(2.0), "b": jnp.array(-1.0)}
    return [
        (params, jnp.array([0.0, 1.0, 2.0]), jnp.array([-1.0, 1.5, 2.5])),
        ({"w": jnp.array(-0.5), "b": jnp.array(0.25)}, jnp.linspace(-1, 1, 5), jnp.zeros(5)),
    ]


def _loss_with_predictions(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), predictions


def _aux_first(params, x, y):
    loss, predictions = _loss_with_predictions(params, x, y)
    return predictions, loss


def _loss_only(params, x, y):
    return _loss_with_predictions(params, x, y)[0]


def _summed(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.sum((predictions - y) ** 2), predictions


EXERCISES = (
    Exercise(
        id="05.grad_and_aux",
        title="Differentiate a function that also returns extra data",
        reference=_grad_and_aux,
        rule=SamePytree(),
        hints=(
            "Plain jax.grad fails here: the function returns a tuple, not one number.",
            "has_aux=True tells grad that the first output is the one to differentiate and "
            "the second is auxiliary data to pass through.",
            "jax.grad(squared_error_with_aux, has_aux=True)(x, y)",
        ),
        solution="grad_and_aux = jax.grad(squared_error_with_aux, has_aux=True)(x, y)",
        mistakes=(
            Mistake(
                id="aux-first",
                message="The pair is the wrong way round: grad(..., has_aux=True) returns "
                "(gradient, aux), the gradient first.",
                example=lambda: _grad_and_aux()[::-1],
            ),
            Mistake(
                id="gradient-only",
                message="That is only the gradient. With has_aux=True, grad returns a pair "
                "(gradient, aux); the exercise asks for the pair.",
                example=lambda: _grad_and_aux()[0],
            ),
            Mistake(
                id="value-and-grad-shape",
                message="That is what value_and_grad(..., has_aux=True) returns, "
                "((value, aux), gradient). Here use jax.grad, which returns (gradient, aux).",
                example=_value_aux_grad,
            ),
        ),
        success="Correct: (gradient, aux). The aux passes through untouched.",
    ),
    Exercise(
        id="05.value_grad_aux",
        title="Get value, aux and gradient in one call",
        reference=_value_aux_grad,
        rule=SamePytree(),
        hints=(
            "value_and_grad returns (value, gradient). With has_aux, the value part becomes "
            "the pair the function returned.",
            "jax.value_and_grad(squared_error_with_aux, has_aux=True)(x, y)",
        ),
        solution=(
            "value_aux_grad = jax.value_and_grad(squared_error_with_aux, has_aux=True)(x, y)"
        ),
        mistakes=(
            Mistake(
                id="flat-triple",
                message="The three parts are right but flat. value_and_grad nests them: "
                "((value, aux), gradient), the function's own output first.",
                example=_flat_triple,
            ),
            Mistake(
                id="aux-outside",
                message="The aux is in the wrong place: it travels with the value. "
                "The result is ((value, aux), gradient).",
                example=_aux_outside,
            ),
            Mistake(
                id="grad-not-value-and-grad",
                message="That is jax.grad(..., has_aux=True), (gradient, aux): no value. "
                "value_and_grad adds it: ((value, aux), gradient).",
                example=_grad_and_aux,
            ),
        ),
        success="Correct: ((value, aux), gradient).",
    ),
    Exercise(
        id="05.loss_with_predictions",
        title="Write a loss that returns its predictions as aux",
        reference=lambda: _loss_with_predictions,
        rule=SameFunction(inputs=_model_inputs, output=SamePytree()),
        hints=(
            "First the predictions: params['w'] * x + params['b'].",
            "The loss is jnp.mean((predictions - y) ** 2). The value to differentiate "
            "comes first, the aux second.",
            "return jnp.mean((predictions - y) ** 2), predictions",
        ),
        solution=(
            "def loss_with_predictions(params, x, y):\n"
            '    predictions = params["w"] * x + params["b"]\n'
            "    return jnp.mean((predictions - y) ** 2), predictions"
        ),
        mistakes=(
            Mistake(
                id="aux-first",
                message="has_aux=True differentiates the first output, so the loss must come "
                "first: return (loss, predictions).",
                example=lambda: _aux_first,
            ),
            Mistake(
                id="loss-only",
                message="That returns only the loss. Return the predictions beside it: "
                "return loss, predictions.",
                example=lambda: _loss_only,
            ),
            Mistake(
                id="sum-not-mean",
                message="That loss is the sum of squared errors. The mean squared error "
                "divides by the number of points: jnp.mean(...).",
                example=lambda: _summed,
            ),
        ),
        success="Correct: jax.value_and_grad(loss_with_predictions, has_aux=True) now works.",
    ),
)
