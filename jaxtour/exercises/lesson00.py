"""Exercises for lessons/00_welcome.ipynb: a first practice run of the grader."""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxtour.exercises.common import jnp
from jaxtour.grader.mistakes import equals_value
from jaxtour.grader.rules import JaxArray, is_numpy_array
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.lazy import is_jax_array


def _is_python_sequence_of_123(answer: Any) -> bool:
    return isinstance(answer, list | tuple) and equals_value([1.0, 2.0, 3.0])(answer)


def _is_int_jax_array_of_123(answer: Any) -> bool:
    return (
        is_jax_array(answer)
        and np.asarray(answer).dtype.kind in "iu"
        and equals_value([1, 2, 3])(answer)
    )


EXERCISES = (
    Exercise(
        id="00.first_array",
        title="Make your first jax array",
        reference=lambda: jnp.array([1.0, 2.0, 3.0]),
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
                message="That is a plain Python list. Wrap it in jnp.array(...) for a jax array.",
                matches=_is_python_sequence_of_123,
                example=lambda: [1.0, 2.0, 3.0],
            ),
            Mistake(
                id="numpy-array",
                message="That is a NumPy array (np.array). Use jnp.array to make a jax array.",
                matches=lambda a: is_numpy_array(a) and equals_value([1.0, 2.0, 3.0])(a),
                example=lambda: np.array([1.0, 2.0, 3.0]),
            ),
            Mistake(
                id="integers",
                message="Those are integers (dtype int32). Write 1.0, 2.0, 3.0 so they are floats.",
                matches=_is_int_jax_array_of_123,
                example=lambda: jnp.array([1, 2, 3]),
            ),
        ),
        success="Correct: a float32 jax array, JAX's default float type.",
    ),
)
