"""Round 7, lesson 00 (welcome): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


ROUND_7 = [
    Wrong("00.first_array", "a NumPy array: the NumPy habit", lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "integers, not floats", lambda: jnp.array([1, 2, 3])),
    Wrong("00.first_array", "jnp.arange(1, 4): right numbers, int32", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "a Python tuple of floats", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "off by one: arange from 0", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "one row of a matrix: shape (1, 3)", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "reversed order", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "linspace with the default 50 points", lambda: jnp.linspace(1.0, 3.0)),
    Wrong("00.first_array", "floats asked for, then cast to int32", lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.int32)),
    Wrong("00.first_array", "sneaky: left the placeholder as it was", lambda: ...),
    Wrong("00.first_array", "arange(1.0, 3.0): stop excluded, only two floats", lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "float16 to save memory", lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16)),
]

RIGHT_7 = [
    Right("00.first_array", "jnp.arange with float bounds", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "jnp.asarray of a NumPy list with dtype float32", lambda: jnp.asarray(np.array([1, 2, 3]), dtype=jnp.float32)),
    Right("00.first_array", "integers times 1.0", lambda: jnp.array([1, 2, 3]) * 1.0),
]
