"""Round 11, lesson 00 (welcome): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_11 = [
    Wrong(
        "00.first_array",
        "arange(1.0, 3.0): stop is exclusive, only 1 and 2",
        lambda: jnp.arange(1.0, 3.0),
    ),
    Wrong("00.first_array", "arange(3.0): 0, 1, 2 instead of 1, 2, 3", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "arange(1, 4): right values, int32", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "row vector of shape (1, 3)", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong(
        "00.first_array",
        "column vector of shape (3, 1)",
        lambda: jnp.array([1.0, 2.0, 3.0]).reshape(3, 1),
    ),
    Wrong("00.first_array", "reversed order 3, 2, 1", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong(
        "00.first_array",
        "tolist() at the end: a Python list again",
        lambda: jnp.array([1.0, 2.0, 3.0]).tolist(),
    ),
    Wrong(
        "00.first_array",
        "a list of three 0-d jax arrays",
        lambda: [jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)],
    ),
    Wrong(
        "00.first_array",
        "floats written, dtype=int32 given",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.int32),
    ),
    Wrong("00.first_array", "tuple of floats, not an array", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "numpy float32 array", lambda: np.array([1, 2, 3], dtype=np.float32)),
    Wrong(
        "00.first_array", "ones(3).cumsum() minus one: 0, 1, 2", lambda: jnp.ones(3).cumsum() - 1
    ),
]
RIGHT_11 = [
    Right("00.first_array", "arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "asarray of a tuple of floats", lambda: jnp.asarray((1.0, 2.0, 3.0))),
    Right(
        "00.first_array",
        "ints then astype(jnp.float32)",
        lambda: jnp.array([1, 2, 3]).astype(jnp.float32),
    ),
    Right(
        "00.first_array",
        "device_put of a numpy float32 array",
        lambda: jax.device_put(np.array([1.0, 2.0, 3.0], dtype=np.float32)),
    ),
]
