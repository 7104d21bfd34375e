"""Round 9, lesson 00 (Start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax  # noqa: F401  (every round file imports both)
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# 00.first_array: the cell passes the value itself, `first_array`.

ROUND_9 = [
    Wrong(
        "00.first_array", "a NumPy array of floats, out of habit", lambda: np.array([1.0, 2.0, 3.0])
    ),
    Wrong(
        "00.first_array",
        "NumPy float32, thinking the dtype was the point",
        lambda: np.array([1, 2, 3], dtype=np.float32),
    ),
    Wrong(
        "00.first_array", "jnp.arange(1, 4): integers, forgot the floats", lambda: jnp.arange(1, 4)
    ),
    Wrong(
        "00.first_array", "arange with stop 3, so only 1.0 and 2.0", lambda: jnp.arange(1.0, 3.0)
    ),
    Wrong(
        "00.first_array",
        "extra brackets: one row of three, shape (1, 3)",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong("00.first_array", "a tuple of floats, no array at all", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(3.0): counts from zero, 0, 1, 2", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "linspace with num=4 instead of 3", lambda: jnp.linspace(1.0, 3.0, 4)),
    Wrong(
        "00.first_array",
        "a list of three 0-d jax arrays",
        lambda: [jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)],
    ),
    Wrong(
        "00.first_array",
        "bfloat16 after reading the TPU notes",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16),
    ),
    Wrong("00.first_array", "jnp.ones(3): three floats, all of them 1.0", lambda: jnp.ones(3)),
]

RIGHT_9 = [
    Right("00.first_array", "jnp.arange with float start and stop", lambda: jnp.arange(1.0, 4.0)),
    Right(
        "00.first_array",
        "jnp.linspace from 1 to 3 in three points",
        lambda: jnp.linspace(1.0, 3.0, 3),
    ),
    Right(
        "00.first_array",
        "ints converted with an explicit float32 dtype",
        lambda: jnp.asarray([1, 2, 3], dtype=jnp.float32),
    ),
    Right("00.first_array", "running sum of three ones", lambda: jnp.cumsum(jnp.ones(3))),
]
