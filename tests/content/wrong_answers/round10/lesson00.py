"""Round 10, lesson 00 (Start the tour): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

ROUND_10 = [
    Wrong(
        "00.first_array",
        "np.array of the floats: a NumPy array, not jax",
        lambda: np.array([1.0, 2.0, 3.0]),
    ),
    Wrong(
        "00.first_array", "jnp.arange(1, 4): the right numbers, but int32", lambda: jnp.arange(1, 4)
    ),
    Wrong(
        "00.first_array",
        "jnp.arange(1.0, 3.0): stop read as inclusive, two floats",
        lambda: jnp.arange(1.0, 3.0),
    ),
    Wrong(
        "00.first_array",
        "jnp.linspace(1, 3, 4): four evenly spaced floats",
        lambda: jnp.linspace(1, 3, 4),
    ),
    Wrong(
        "00.first_array",
        "a 1x3 row, written with double brackets",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
    ),
    Wrong(
        "00.first_array",
        "reshaped to a 3x1 column",
        lambda: jnp.array([1.0, 2.0, 3.0]).reshape(3, 1),
    ),
    Wrong("00.first_array", "jnp.arange(3.0): counts from zero, 0. 1. 2.", lambda: jnp.arange(3.0)),
    Wrong(
        "00.first_array",
        "jax.device_put of a list: a list of three 0-d arrays",
        lambda: jax.device_put([1.0, 2.0, 3.0]),
    ),
    Wrong(
        "00.first_array",
        "made the jax array, then .tolist() for printing",
        lambda: jnp.array([1.0, 2.0, 3.0]).tolist(),
    ),
    Wrong("00.first_array", "a tuple of the floats, no array at all", lambda: (1.0, 2.0, 3.0)),
    Wrong(
        "00.first_array",
        "asked for dtype=jnp.int32 to be explicit",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.int32),
    ),
    Wrong(
        "00.first_array",
        "jnp.asarray(range(1, 4)): ints from a Python range",
        lambda: jnp.asarray(range(1, 4)),
    ),
]
RIGHT_10 = [
    Right(
        "00.first_array",
        "jnp.arange(1.0, 4.0): float start, stop past 3",
        lambda: jnp.arange(1.0, 4.0),
    ),
    Right(
        "00.first_array",
        "int array times 1.0: float32, weakly typed",
        lambda: jnp.array([1, 2, 3]) * 1.0,
    ),
    Right("00.first_array", "cumulative sum of three ones", lambda: jnp.ones(3).cumsum()),
    Right("00.first_array", "jnp.float32 called on a list of ints", lambda: jnp.float32([1, 2, 3])),
]
