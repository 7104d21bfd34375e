"""Exercises for lessons/00_welcome.ipynb: a first practice run of the grader."""

from __future__ import annotations

import numpy as np

from jaxtour.exercises.common import jnp, same_values
from jaxtour.grader.rules import JaxArray
from jaxtour.grader.spec import Exercise, Mistake


def _first_array():
    return jnp.array([1.0, 2.0, 3.0])


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
                id="python-list",
                message="That is a plain Python list (or tuple). Wrap it in jnp.array(...) "
                "for a jax array.",
                example=lambda: _first_array().tolist(),
                matches=same_values(_first_array, list | tuple),
            ),
            Mistake(
                id="numpy-array",
                message="That is a NumPy array (np.array). Use jnp.array to make a jax array.",
                example=lambda: np.array(_first_array()),
                matches=same_values(_first_array, np.ndarray),
            ),
            Mistake(
                id="integers",
                message="Those are integers (an int dtype, because 1, 2, 3 have no decimal "
                "point). Write 1.0, 2.0, 3.0 so they are floats.",
                example=lambda: jnp.array([1, 2, 3]),
            ),
            Mistake(
                id="starts-at-zero",
                message="That is 0.0, 1.0, 2.0: jnp.arange(3.0) starts at 0 unless told "
                "otherwise. Start at 1.0 and stop one past 3.0, or write the three numbers out.",
                example=lambda: jnp.array([0.0, 1.0, 2.0]),
            ),
            Mistake(
                id="two-numbers",
                message="That holds 1.0 and 2.0 only: three numbers were asked for. (If you "
                "used jnp.arange(1.0, 3.0): arange stops before its stop value, so it would "
                "be jnp.arange(1.0, 4.0).)",
                example=lambda: jnp.array([1.0, 2.0]),
            ),
        ),
        success="A float jax array: jnp.array works like np.array, with JAX's float dtype.",
    ),
)
