"""Exercises for lessons/03_grad.ipynb: jax.grad, its value, and its two restrictions."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from jaxtour.exercises.common import article_xy, jax, jnp, same_values
from jaxtour.grader.rules import JaxArray, Number, SameFunction
from jaxtour.grader.spec import Exercise, Mistake


def _sum_of_squares(x):
    return jnp.sum(x**2)


def _x():
    return article_xy()[0]


def _total():
    return _sum_of_squares(_x())


def _squares():
    return _x() ** 2


def _gradient():  # by hand: the gradient of sum(x**2) is 2x
    return 2 * _x()


# --- 03.grad_of_total -------------------------------------------------------------------


def _vector_inputs():
    return [(jnp.array([1.0, 2.0, 3.0]),), (jnp.array([-0.5, 0.0, 2.5, 4.0]),)]


def _vector_random_inputs(rng: np.random.Generator):
    return [(jnp.asarray(rng.normal(size=5), dtype=jnp.float32),)]


def _grad_of_total(x):
    return jax.grad(lambda v: jnp.sum(v**2))(x)


def _jacobian(x):
    return jax.jacobian(lambda v: v**2)(x)


def _summed_gradient(x):
    return jnp.sum(2 * x)


# --- 03.central_difference --------------------------------------------------------------


class _Named:
    """A plain-Python function with a readable repr, so feedback names it without an address."""

    def __init__(self, fn: Callable[[float], float], name: str) -> None:
        self.fn, self.name = fn, name

    def __call__(self, x: float) -> float:
        return self.fn(x)

    def __repr__(self) -> str:
        return self.name


def _difference_inputs():
    return [
        (_Named(lambda x: x**3, "x**3"), 2.0, 1e-2),
        (_Named(math.sin, "sin"), 1.0, 1e-3),
        (_Named(math.exp, "exp"), 0.5, 1e-2),
    ]


def _central(f, x, eps):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def _forward(f, x, eps):
    return (f(x + eps) - f(x)) / eps


def _no_half(f, x, eps):
    return (f(x + eps) - f(x - eps)) / eps


EXERCISES = (
    Exercise(
        id="03.sum_of_squares",
        title="Evaluate the article's sum_of_squares",
        reference=_total,
        rule=Number(),
        hints=(
            "Call the function: sum_of_squares(x).",
            "By hand: 1 + 4 + 9 + 16.",
        ),
        solution="total = sum_of_squares(x)",
        mistakes=(
            Mistake(
                id="article-zero",
                message="0.0 is what the article prints, and it is wrong: the sum of the squares "
                "of 1, 2, 3, 4 is 1 + 4 + 9 + 16 = 30.",
                example=lambda: 0.0,
            ),
            Mistake(
                id="squares-not-summed",
                message="These are the squares, one per element. sum_of_squares adds them up "
                "into one number.",
                example=_squares,
                matches=same_values(_squares),
            ),
            Mistake(
                id="gradient-not-value",
                message="That is the gradient, [2, 4, 6, 8]. The value of the function is one "
                "number: call sum_of_squares(x) itself.",
                example=_gradient,
                matches=same_values(_gradient),
            ),
        ),
        success="Correct: 30.0 (the article's 0.0 is a misprint).",
    ),
    Exercise(
        id="03.gradient",
        title="Take the gradient of sum_of_squares",
        reference=lambda: jax.grad(_sum_of_squares)(_x()),
        rule=JaxArray(),
        hints=(
            "jax.grad takes a function and returns a new function: the gradient.",
            "Call that new function on x.",
            "jax.grad(sum_of_squares)(x)",
        ),
        solution="gradient = jax.grad(sum_of_squares)(x)",
        mistakes=(
            Mistake(
                id="value-not-gradient",
                message="That is the value of sum_of_squares(x), not its gradient. "
                "jax.grad(sum_of_squares) is the gradient function; call it on x.",
                example=_total,
                matches=lambda a: Number()(a, _total()) is None,
            ),
            Mistake(
                id="gradient-function",
                message="That is the gradient function itself. Call it on x to get the "
                "gradient there: jax.grad(sum_of_squares)(x).",
                example=lambda: jax.grad(_sum_of_squares),
                matches=lambda a: callable(a) and same_values(_gradient)(a(_x())),
            ),
            Mistake(
                id="by-hand-numpy",
                message="Right numbers, but worked out by hand in NumPy. Let JAX do it: "
                "jax.grad(sum_of_squares)(x) gives a jax array.",
                example=lambda: np.array(_gradient()),
                matches=same_values(_gradient, np.ndarray),
            ),
        ),
        success="Correct: the gradient of sum(x**2) is 2x, here [2, 4, 6, 8].",
    ),
    Exercise(
        id="03.grad_of_total",
        title="Make a grad of a vector-valued function work",
        reference=lambda: _grad_of_total,
        rule=SameFunction(inputs=_vector_inputs, random_inputs=_vector_random_inputs),
        hints=(
            "grad needs a function that returns one number. Which one-number function of x "
            "is asked for?",
            "Define total(x) = jnp.sum(squares(x)), or write it as a lambda.",
            "def grad_of_total(x):\n    return jax.grad(lambda v: jnp.sum(squares(v)))(x)",
        ),
        solution=("def grad_of_total(x):\n    return jax.grad(lambda v: jnp.sum(squares(v)))(x)"),
        mistakes=(
            Mistake(
                id="jacobian",
                message="That is the full Jacobian: one row per output, a matrix. The exercise "
                "asks for the gradient of the sum, one number per input (its diagonal here).",
                example=lambda: _jacobian,
            ),
            Mistake(
                id="summed-gradient",
                message="You summed after differentiating, so you get one number. Sum the "
                "function's output first, then differentiate: "
                "jax.grad(lambda v: jnp.sum(squares(v))).",
                example=lambda: _summed_gradient,
            ),
            Mistake(
                id="total-not-gradient",
                message="That returns the total itself, jnp.sum(x**2). Wrap it in jax.grad "
                "to get its gradient.",
                example=lambda: _sum_of_squares,
            ),
        ),
        success="Correct: reduce to one number first, then grad.",
    ),
    Exercise(
        id="03.central_difference",
        title="Estimate a derivative with finite differences",
        reference=lambda: _central,
        rule=SameFunction(inputs=_difference_inputs, output=Number(rtol=1e-9, atol=1e-12)),
        hints=(
            "Look a step eps to each side of x and compare f there.",
            "The slope between the points x - eps and x + eps: the change in f divided by the "
            "distance between them.",
            "(f(x + eps) - f(x - eps)) / (2 * eps)",
        ),
        solution=(
            "def central_difference(f, x, eps=1e-3):\n"
            "    return (f(x + eps) - f(x - eps)) / (2 * eps)"
        ),
        mistakes=(
            Mistake(
                id="forward-difference",
                message="That is the forward difference, (f(x + eps) - f(x)) / eps. It works, "
                "but its error shrinks only like eps. Step to both sides: "
                "(f(x + eps) - f(x - eps)) / (2 * eps) is accurate to eps squared.",
                example=lambda: _forward,
            ),
            Mistake(
                id="missing-half",
                message="Your estimate is twice the slope: the two points are 2 * eps apart, "
                "so divide by 2 * eps, not eps.",
                example=lambda: _no_half,
            ),
        ),
        success="Correct: the central difference, the check that grad is right.",
    ),
)
