"""Round 13, lesson 00 (start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_13 = [
    Wrong(
        "00.first_array", "arange stops before 3.0: only 1.0 and 2.0", lambda: jnp.arange(1.0, 3.0)
    ),
    Wrong(
        "00.first_array", "linspace with 4 points instead of 3", lambda: jnp.linspace(1.0, 3.0, 4)
    ),
    Wrong(
        "00.first_array",
        "wrapped in an extra list: shape (1, 3)",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong(
        "00.first_array",
        "a column, reshape(3, 1)",
        lambda: jnp.array([1.0, 2.0, 3.0]).reshape(3, 1),
    ),
    Wrong("00.first_array", "arange(3.0): 0, 1, 2, off by one", lambda: jnp.arange(3.0)),
    Wrong(
        "00.first_array",
        "linspace(1, 3, 3, endpoint=False): 1, 1.67, 2.33",
        lambda: jnp.linspace(1.0, 3.0, 3, endpoint=False),
    ),
    Wrong(
        "00.first_array",
        "tuple of three 0-d jax arrays",
        lambda: (jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)),
    ),
    Wrong(
        "00.first_array",
        "gave dtype=jnp.bfloat16 to save memory",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16),
    ),
    Wrong(
        "00.first_array",
        "made it, then .tolist() to print it nicely",
        lambda: jnp.array([1.0, 2.0, 3.0]).tolist(),
    ),
    Wrong("00.first_array", "reversed order, 3 2 1", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong(
        "00.first_array",
        "NumPy float32 array, np not jnp",
        lambda: np.array([1.0, 2.0, 3.0], dtype=np.float32),
    ),
    Wrong(
        "00.first_array",
        "complex64 from 1+0j literals",
        lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j]),
    ),
    Wrong("00.first_array", "int array from arange(1, 4), no float", lambda: jnp.arange(1, 4)),
]

RIGHT_13 = [
    Right("00.first_array", "from a tuple of floats", lambda: jnp.array((1.0, 2.0, 3.0))),
    Right("00.first_array", "float arange 1.0 to 4.0", lambda: jnp.arange(1.0, 4.0)),
    Right(
        "00.first_array",
        "int array cast with astype(float)",
        lambda: jnp.array([1, 2, 3]).astype(float),
    ),
    Right("00.first_array", "cumsum of ones(3)", lambda: jnp.cumsum(jnp.ones(3))),
    Right(
        "00.first_array",
        "device_put of a float64 NumPy array",
        lambda: jax.device_put(np.array([1.0, 2.0, 3.0])),
    ),
    Right("00.first_array", "linspace(1, 3, 3) with int endpoints", lambda: jnp.linspace(1, 3, 3)),
]
