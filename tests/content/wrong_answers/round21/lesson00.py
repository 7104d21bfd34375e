"""Round 21, lesson 00 (Start the tour): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 00.first_array: a jax array of the floats 1.0, 2.0, 3.0, default float dtype -------


ROUND_21 = [
    Wrong("00.first_array", "left the placeholder ... in the cell", lambda: ...),
    Wrong("00.first_array", "a NumPy array, float64", lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "a tuple of Python floats", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(1, 4): integers", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "jnp.arange(3.0): starts at 0, ends at 2", lambda: jnp.arange(3.0)),
    Wrong(
        "00.first_array",
        "linspace(1, 3, 4): four points, not three",
        lambda: jnp.linspace(1.0, 3.0, 4),
    ),
    Wrong(
        "00.first_array", "wrote the floats in reverse order", lambda: jnp.array([3.0, 2.0, 1.0])
    ),
    Wrong(
        "00.first_array",
        "an extra pair of brackets: shape (1, 3)",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong(
        "00.first_array", "a column, shape (3, 1)", lambda: jnp.array([1.0, 2.0, 3.0]).reshape(3, 1)
    ),
    Wrong(
        "00.first_array",
        "chose float16 to save memory",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16),
    ),
    Wrong(
        "00.first_array",
        "bfloat16, thinking it is JAX's default",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16),
    ),
    Wrong(
        "00.first_array",
        "ints from a NumPy array through jnp.asarray",
        lambda: jnp.asarray(np.array([1, 2, 3])),
    ),
    Wrong("00.first_array", "one number only: jnp.float32(1.0)", lambda: jnp.float32(1.0)),
    Wrong("00.first_array", "typed 2.0 twice: [1.0, 2.0, 2.0]", lambda: jnp.array([1.0, 2.0, 2.0])),
]

RIGHT_21 = [
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "cumulative sum of jnp.ones(3)", lambda: jnp.cumsum(jnp.ones(3))),
    Right(
        "00.first_array",
        "jnp.asarray of a NumPy float list",
        lambda: jnp.asarray(np.array([1.0, 2.0, 3.0])),
    ),
    Right("00.first_array", "integer arange divided by 1", lambda: jnp.arange(1, 4) / 1),
]
