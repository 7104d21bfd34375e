"""Round 16, lesson 00 (welcome): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_16 = [
    Wrong(
        "00.first_array",
        "np.array: a NumPy array, not a jax one",
        lambda: np.array([1.0, 2.0, 3.0]),
    ),
    Wrong("00.first_array", "tuple of floats, no array at all", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(3.0): starts at 0, gives 0, 1, 2", lambda: jnp.arange(3.0)),
    Wrong(
        "00.first_array",
        "jnp.arange(1.0, 3.0): stop is exclusive, only 1, 2",
        lambda: jnp.arange(1.0, 3.0),
    ),
    Wrong(
        "00.first_array",
        "a row matrix: extra brackets, shape (1, 3)",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong(
        "00.first_array",
        "float16 chosen to 'save memory'",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16),
    ),
    Wrong(
        "00.first_array",
        "bfloat16 because the GPU likes it",
        lambda: jnp.array([1, 2, 3], dtype=jnp.bfloat16),
    ),
    Wrong("00.first_array", "counted down: 3, 2, 1", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong(
        "00.first_array", "linspace with 4 points, off by one", lambda: jnp.linspace(1.0, 3.0, 4)
    ),
    Wrong(
        "00.first_array",
        "complex numbers: wrote 1+0j to be safe",
        lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j]),
    ),
    Wrong(
        "00.first_array",
        "ints, then astype(int) 'to be exact'",
        lambda: jnp.array([1.0, 2.0, 3.0]).astype(int),
    ),
    Wrong("00.first_array", "strings in the list", lambda: np.array(["1.0", "2.0", "3.0"])),
]

RIGHT_16 = [
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right(
        "00.first_array",
        "device_put of a float64 NumPy array (becomes float32)",
        lambda: jax.device_put(np.array([1.0, 2.0, 3.0])),
    ),
    Right("00.first_array", "cumsum of ones", lambda: jnp.ones(3).cumsum()),
    Right(
        "00.first_array", "jnp.asarray of a tuple of floats", lambda: jnp.asarray((1.0, 2.0, 3.0))
    ),
]
