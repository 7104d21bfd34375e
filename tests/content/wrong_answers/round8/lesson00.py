"""Round 8, lesson 00 (welcome): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_8 = [
    Wrong("00.first_array", "plain Python list, as the page's first demo", lambda: [1.0, 2.0, 3.0]),
    Wrong("00.first_array", "a tuple of floats", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "NumPy array, the habit", lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "integers, jnp.array([1, 2, 3])", lambda: jnp.array([1, 2, 3])),
    Wrong("00.first_array", "jnp.arange(1, 4): integers", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "jnp.arange(1.0, 3.0): stops before 3", lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(3.0): 0, 1, 2", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "two elements only", lambda: jnp.array([1.0, 2.0])),
    Wrong("00.first_array", "a row of a matrix, shape (1, 3)",
          lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "values in reverse order", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "jnp.ones(3): three ones", lambda: jnp.ones(3)),
    Wrong("00.first_array", "floats cast to int32 afterwards",
          lambda: jnp.array([1.0, 2.0, 3.0]).astype(jnp.int32)),
    Wrong("00.first_array", "a string of the numbers", lambda: "1.0, 2.0, 3.0"),
]
RIGHT_8 = [
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "jnp.asarray of a tuple with dtype float32",
          lambda: jnp.asarray((1, 2, 3), dtype=jnp.float32)),
    Right("00.first_array", "jax.device_put of a float32 NumPy array",
          lambda: jax.device_put(np.array([1.0, 2.0, 3.0], dtype=np.float32))),
]
