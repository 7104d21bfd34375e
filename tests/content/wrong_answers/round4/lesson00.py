"""Round 4, lesson 00: answers written from the lesson text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_4 = (
    Wrong("00.first_array", "a plain Python list [1.0, 2.0, 3.0] instead of a jax array",
          lambda: [1.0, 2.0, 3.0]),
    Wrong("00.first_array", "a NumPy array (np.array) instead of a jax array; values right, float64",
          lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "integers jnp.array([1, 2, 3]) instead of floats: dtype int32",
          lambda: jnp.array([1, 2, 3])),
    Wrong("00.first_array", "jnp.arange(1, 4): the right numbers but integer dtype (int32), not floats",
          lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "jnp.arange(1.0, 3.0) off by one: the stop is exclusive, so only [1., 2.]",
          lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(3.0): floats 0., 1., 2. instead of 1., 2., 3.",
          lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "a tuple of Python floats (1.0, 2.0, 3.0), not a jax array",
          lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "a 2-D array of shape (1, 3) (double brackets) instead of a 1-D array of 3",
          lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "values in the wrong order: [3., 2., 1.]",
          lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "jnp.linspace(1, 3, 4): four evenly spaced points 1, 1.67, 2.33, 3 instead of three",
          lambda: jnp.linspace(1, 3, 4)),
    Wrong("00.first_array", "the jax array converted back to a Python list with .tolist()",
          lambda: jnp.array([1.0, 2.0, 3.0]).tolist()),
    Wrong("00.first_array", "complex numbers 1+0j, 2+0j, 3+0j (complex64), not real floats",
          lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j])),
)

RIGHT_4 = (
    Right("00.first_array", "jnp.arange(1.0, 4.0): float start and stop give float32 1., 2., 3.",
          lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3): three evenly spaced float32 points",
          lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "integers given an explicit float dtype: jnp.array([1, 2, 3], dtype=jnp.float32)",
          lambda: jnp.array([1, 2, 3], dtype=jnp.float32)),
    Right("00.first_array", "a NumPy float array converted with jnp.asarray",
          lambda: jnp.asarray(np.array([1.0, 2.0, 3.0]))),
    Right("00.first_array", "jax.device_put of a float32 NumPy array: a jax array on the default device",
          lambda: jax.device_put(np.array([1.0, 2.0, 3.0], dtype=np.float32))),
)
