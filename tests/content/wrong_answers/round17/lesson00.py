"""Round 17, lesson 00 (Start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_17 = [
    Wrong(
        "00.first_array", "NumPy float32 array, never moved to JAX", lambda: np.float32([1, 2, 3])
    ),
    Wrong(
        "00.first_array", "a tuple of floats instead of a list-made array", lambda: (1.0, 2.0, 3.0)
    ),
    Wrong(
        "00.first_array",
        "arange(1.0, 3.0): stop is exclusive, holds 1, 2",
        lambda: jnp.arange(1.0, 3.0),
    ),
    Wrong(
        "00.first_array", "linspace(1, 3, 4): four points, not three", lambda: jnp.linspace(1, 3, 4)
    ),
    Wrong("00.first_array", "row vector, shape (1, 3)", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong(
        "00.first_array", "column vector, shape (3, 1)", lambda: jnp.array([[1.0], [2.0], [3.0]])
    ),
    Wrong(
        "00.first_array",
        "half precision to save memory",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16),
    ),
    Wrong(
        "00.first_array",
        "bfloat16, thinking it the accelerator default",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16),
    ),
    Wrong("00.first_array", "0-based: arange(3.0) holds 0, 1, 2", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "counted down: 3, 2, 1", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong(
        "00.first_array",
        "device_put of a list: a list of three 0-d arrays",
        lambda: jax.device_put([1.0, 2.0, 3.0]),
    ),
    Wrong(
        "00.first_array",
        "complex64 from writing 1+0j style values",
        lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j]),
    ),
    Wrong(
        "00.first_array",
        "int array made float by astype then back to int",
        lambda: jnp.array([1.0, 2.0, 3.0]).astype(int),
    ),
]

RIGHT_17 = [
    Right(
        "00.first_array",
        "asarray of a float64 NumPy array (lands as float32)",
        lambda: jnp.asarray(np.array([1.0, 2.0, 3.0])),
    ),
    Right("00.first_array", "arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right(
        "00.first_array",
        "int array times 1.0 (weakly typed float32 result)",
        lambda: jnp.array([1, 2, 3]) * 1.0,
    ),
    Right("00.first_array", "cumsum of three ones", lambda: jnp.cumsum(jnp.ones(3))),
]
