"""Exercises for lessons/00_welcome.ipynb: a first practice run of the grader."""

from __future__ import annotations

import jax
import numpy as np

from jaxtour.exercises.common import jnp, same_values
from jaxtour.grader.rules import JaxArray
from jaxtour.grader.spec import Exercise, Mistake


def _first_array():
    return jnp.array([1.0, 2.0, 3.0])


def _strings(answer) -> bool:
    """Strings where numbers belong: a NumPy array of str, or a list or tuple of them."""
    if isinstance(answer, np.ndarray):
        return answer.dtype.kind in "US"
    return (
        isinstance(answer, list | tuple)
        and len(answer) > 0
        and all(isinstance(item, str) for item in answer)
    )


def _zeros_left(answer) -> bool:
    """A float jax array of three values, each either the expected one or 0.0, some 0.0:
    an array of zeros filled in part, or not at all (.at[i].set results not kept)."""
    if not isinstance(answer, jax.Array) or answer.shape != (3,):
        return False
    if not jnp.issubdtype(answer.dtype, jnp.floating):
        return False
    values, want = np.asarray(answer), np.asarray(_first_array())
    right, zero = values == want, values == 0.0
    return bool(np.all(right | zero) and np.any(zero))


def _one_value(answer) -> bool:
    """A float jax array of three equal values (jnp.ones(3), jnp.full(3, 2.0)), not all 0."""
    if not isinstance(answer, jax.Array) or answer.shape != (3,):
        return False
    if not jnp.issubdtype(answer.dtype, jnp.floating):
        return False
    values = np.asarray(answer)
    return bool(np.all(values == values[0]) and values[0] != 0.0)


def _even_steps_short_of_three(answer) -> bool:
    """Three floats from 1.0, evenly spaced, by a step other than 1.0, all below 3.0:
    jnp.linspace(1.0, 3.0, 3, endpoint=False), or a linspace that stops short."""
    if not isinstance(answer, jax.Array) or answer.shape != (3,):
        return False
    if not jnp.issubdtype(answer.dtype, jnp.floating):
        return False
    values = np.asarray(answer, dtype=np.float64)
    steps = np.diff(values)
    return bool(
        np.isclose(values[0], 1.0)
        and np.allclose(steps, steps[0])
        and 0 < steps[0] < 1
        and not np.isclose(steps[0], 1.0)
    )


def _complex_of_the_values(answer) -> bool:
    """A jax array of complex dtype whose real parts are the expected values."""
    if not isinstance(answer, jax.Array) or not jnp.issubdtype(answer.dtype, jnp.complexfloating):
        return False
    return answer.shape == (3,) and bool(jnp.all(answer.real == _first_array()))


EXERCISES = (
    Exercise(
        id="00.first_array",
        title="Make your first jax array",
        reference=_first_array,
        rule=JaxArray(),
        hints=(
            "jnp.array(...) turns a Python list into a jax array, as np.array does in NumPy.",
            "Floats need a decimal point: write 1.0, not 1.",
            "first_array = jnp.array([1.0, 2.0, ...])",
        ),
        solution="first_array = jnp.array([1.0, 2.0, 3.0])",
        mistakes=(
            Mistake(
                id="strings",
                message="Those are strings: '1.0' in quotes is text, not a number, and a jax "
                "array cannot hold text at all.",
                example=lambda: ["1.0", "2.0", "3.0"],
                matches=_strings,
            ),
            Mistake(
                id="python-list",
                message="That is a plain Python list (or tuple): Python's own container, which "
                "JAX does not compute with. The task asks for a jax array.",
                example=lambda: _first_array().tolist(),
                matches=same_values(_first_array, list | tuple),
            ),
            Mistake(
                id="numpy-array",
                message="That is a NumPy array (np.array): it prints like one, but NumPy made "
                "it and NumPy computes with it. The task asks for a jax array.",
                example=lambda: np.array(_first_array()),
                matches=same_values(_first_array, np.ndarray),
            ),
            Mistake(
                id="integers",
                message="Those are integers (an int dtype): 1, 2, 3 without a decimal point "
                "make one, and so do arange with integer arguments and a cast to an int "
                "dtype. The task asks for floats.",
                example=lambda: jnp.array([1, 2, 3]),
            ),
            Mistake(
                id="starts-at-zero",
                message="That is 0.0, 1.0, 2.0: counted from 0, where the numbers asked for "
                "start at 1. (arange, for one, starts at 0 unless it is given a start, and "
                "stops before its stop value.)",
                example=lambda: jnp.array([0.0, 1.0, 2.0]),
            ),
            Mistake(
                id="two-numbers",
                message="That holds 1.0 and 2.0 only: three numbers were asked for. (If you "
                "used arange: it stops before its stop value, never at it.)",
                example=lambda: jnp.array([1.0, 2.0]),
            ),
            Mistake(
                id="zeros-left",
                message="Values are still 0.0 where 1.0, 2.0 or 3.0 belong: the array began "
                "as zeros and not every element was filled. (If you filled it with .at[i].set: "
                "each call returns a new array and leaves the one it was called on as it was.)",
                example=lambda: jnp.array([1.0, 0.0, 0.0]),
                matches=_zeros_left,
            ),
            Mistake(
                id="one-value",
                message="All three values are the same: jnp.ones and jnp.full make an array "
                "of one repeated value. The three numbers asked for differ from each other.",
                example=lambda: jnp.ones(3),
                matches=_one_value,
            ),
            Mistake(
                id="short-steps",
                message="Your three numbers start at 1.0 and are evenly spaced, but less than "
                "1.0 apart, so they never reach 3.0. (If you used linspace with "
                "endpoint=False: it leaves its stop value out, and its points then share the "
                "distance from start to stop without landing on the stop.)",
                example=lambda: jnp.linspace(1.0, 3.0, 3, endpoint=False),
                matches=_even_steps_short_of_three,
            ),
            Mistake(
                id="complex",
                message="Those are complex numbers (a + bj, a complex dtype), though their "
                "imaginary parts are 0. The task asks for real floats: a complex literal such "
                "as 1 + 0j makes the whole array complex.",
                example=lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j]),
                matches=_complex_of_the_values,
            ),
        ),
        success="A float jax array: jnp.array works like np.array, with JAX's float dtype.",
    ),
)
