"""Round 6, lesson 00 (welcome): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


ROUND_6 = [
    # 00.first_array
    Wrong("00.first_array", "jnp.arange(3.0): floats, but 0, 1, 2 instead of 1, 2, 3", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "jnp.arange(1.0, 3.0): stop is exclusive, so only 1.0 and 2.0", lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(1, 4): the right numbers, as integers", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "NumPy habit: np.array([1.0, 2.0, 3.0]), a NumPy array", lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "jnp.linspace(1, 3, 4): four points, not three", lambda: jnp.linspace(1, 3, 4)),
    Wrong("00.first_array", "a row vector jnp.array([[1.0, 2.0, 3.0]]), shape (1, 3)", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "a column: jnp.array([1.0, 2.0, 3.0]).reshape(-1, 1)", lambda: jnp.array([1.0, 2.0, 3.0]).reshape(-1, 1)),
    Wrong("00.first_array", "a tuple of three 0-d jax arrays", lambda: (jnp.array(1.0), jnp.array(2.0), jnp.array(3.0))),
    Wrong("00.first_array", "jnp.ones(3): three floats, all 1.0", lambda: jnp.ones(3)),
    Wrong("00.first_array", "reversed: jnp.array([3.0, 2.0, 1.0])", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "jnp.asarray(np.arange(1, 4)): from NumPy integers, still integers", lambda: jnp.asarray(np.arange(1, 4))),
    Wrong("00.first_array", "jnp.array([1.0, 2.0, 3.0]).tolist(): back to a Python list", lambda: jnp.array([1.0, 2.0, 3.0]).tolist()),
    Wrong("00.first_array", "complex numbers: jnp.array([1.0, 2.0, 3.0]) + 0j", lambda: jnp.array([1.0, 2.0, 3.0]) + 0j),
]

RIGHT_6 = [
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "integers given dtype=jnp.float32", lambda: jnp.array([1, 2, 3], dtype=jnp.float32)),
    Right("00.first_array", "jnp.asarray of a NumPy float array", lambda: jnp.asarray(np.array([1.0, 2.0, 3.0]))),
    Right("00.first_array", "jnp.cumsum(jnp.ones(3))", lambda: jnp.cumsum(jnp.ones(3))),
    Right("00.first_array", "jax.device_put(np.array([1., 2., 3.])) (float64 becomes float32)", lambda: jax.device_put(np.array([1.0, 2.0, 3.0]))),
    Right("00.first_array", "jnp.arange(1, 4).astype(float)", lambda: jnp.arange(1, 4).astype(float)),
]
