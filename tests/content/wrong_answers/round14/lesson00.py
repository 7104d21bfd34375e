"""Round 14, lesson 00 (Start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_14 = [
    Wrong(
        "00.first_array",
        "arange(1.0, 3.0): stop is exclusive, only 1 and 2",
        lambda: jnp.arange(1.0, 3.0),
    ),
    Wrong("00.first_array", "arange(3.0): 0, 1, 2 instead of 1, 2, 3", lambda: jnp.arange(3.0)),
    Wrong(
        "00.first_array",
        "one row matrix: wrapped the list in another list",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong(
        "00.first_array", "float16 to save memory", lambda: jnp.array([1.0, 2.0, 3.0], jnp.float16)
    ),
    Wrong(
        "00.first_array",
        "bfloat16 read as JAX's default float",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16),
    ),
    Wrong("00.first_array", "jnp.arange(1, 4): integers, not floats", lambda: jnp.arange(1, 4)),
    Wrong(
        "00.first_array", "from a NumPy int array: int32", lambda: jnp.asarray(np.array([1, 2, 3]))
    ),
    Wrong(
        "00.first_array",
        "linspace with 4 points counting the fence posts",
        lambda: jnp.linspace(1.0, 3.0, 4),
    ),
    Wrong("00.first_array", "NumPy array of floats, float64", lambda: np.arange(1.0, 4.0)),
    Wrong("00.first_array", "a tuple of floats", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "complex numbers by writing 1+0j", lambda: jnp.array([1 + 0j, 2, 3])),
    Wrong("00.first_array", "counted down: 3, 2, 1", lambda: jnp.arange(3.0, 0.0, -1.0)),
    Wrong("00.first_array", "cumsum of ones as ints", lambda: jnp.cumsum(jnp.ones(3, dtype=int))),
]

RIGHT_14 = [
    Right("00.first_array", "arange with float start and stop 4.0", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right(
        "00.first_array",
        "int array times 1.0 (weak float promotes to float32)",
        lambda: jnp.array([1, 2, 3]) * 1.0,
    ),
    Right(
        "00.first_array",
        "device_put of a NumPy float64 array (stored as float32)",
        lambda: jax.device_put(np.array([1.0, 2.0, 3.0])),
    ),
    Right("00.first_array", "cumsum of jnp.ones(3)", lambda: jnp.cumsum(jnp.ones(3))),
]
