"""Round 15, lesson 00 (Start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_15 = [
    Wrong("00.first_array", "arange from 0: holds 0, 1, 2", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "arange stops before 3: holds 1, 2", lambda: jnp.arange(1.0, 3.0)),
    Wrong(
        "00.first_array",
        "bfloat16 to save memory",
        lambda: jnp.array([1.0, 2.0, 3.0], jnp.bfloat16),
    ),
    Wrong("00.first_array", "float16", lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16)),
    Wrong("00.first_array", "a row matrix of shape (1, 3)", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "a column of shape (3, 1)", lambda: jnp.array([[1.0], [2.0], [3.0]])),
    Wrong("00.first_array", "counted down: 3, 2, 1", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "NumPy float64 array", lambda: np.arange(1.0, 4.0)),
    Wrong(
        "00.first_array",
        "made the jax array, then .tolist()",
        lambda: jnp.array([1.0, 2.0, 3.0]).tolist(),
    ),
    Wrong("00.first_array", "complex from adding 0j", lambda: jnp.array([1.0, 2.0, 3.0]) + 0j),
    Wrong(
        "00.first_array", "cumsum of ones, integer ones", lambda: jnp.cumsum(jnp.ones(3, dtype=int))
    ),
]
RIGHT_15 = [
    Right("00.first_array", "arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "from a tuple of floats", lambda: jnp.array((1.0, 2.0, 3.0))),
    Right(
        "00.first_array",
        "jnp.asarray of a NumPy float64 array",
        lambda: jnp.asarray(np.array([1.0, 2, 3])),
    ),
    Right("00.first_array", "cumsum of jnp.ones(3)", lambda: jnp.cumsum(jnp.ones(3))),
]
