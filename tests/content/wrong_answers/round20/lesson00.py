"""Round 20, lesson 00 (Start the tour: run cells, check answers): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 00.first_array: a jax array of 1.0, 2.0, 3.0 in the default float dtype --------


def r20_first_array_trailing_comma():
    # `first_array = jnp.array([1.0, 2.0, 3.0]),`: the stray comma makes a tuple.
    first_array = (jnp.array([1.0, 2.0, 3.0]),)
    return first_array


ROUND_20 = [
    Wrong("00.first_array", "a tuple of floats, not a list, still no jax array",
          lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "NumPy's np.array, a float64 NumPy array",
          lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "jnp.arange(1, 4): integers, no decimal point",
          lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "jnp.arange(1.0, 3.0): stop taken as inclusive",
          lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "jnp.arange(3.0): starts at 0, not at 1",
          lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "gave dtype=float16 to keep it small",
          lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16)),
    Wrong("00.first_array", "double brackets: a 1x3 matrix",
          lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "trailing comma made a tuple holding the array",
          r20_first_array_trailing_comma),
    Wrong("00.first_array", "values in the wrong order, 3 down to 1",
          lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "jnp.linspace(1, 3) with no num: 50 points",
          lambda: jnp.linspace(1, 3)),
    Wrong("00.first_array", "a list of three 0-d jax arrays",
          lambda: [jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)]),
    Wrong("00.first_array", "jnp.ones(3): misread as three float ones",
          lambda: jnp.ones(3)),
    Wrong("00.first_array", "ints from a NumPy int array through jnp.asarray",
          lambda: jnp.asarray(np.array([1, 2, 3]))),
]

RIGHT_20 = [
    Right("00.first_array", "jnp.arange with float start and stop",
          lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1.0, 3.0, 3)",
          lambda: jnp.linspace(1.0, 3.0, 3)),
    Right("00.first_array", "jax.device_put of a NumPy float array",
          lambda: jax.device_put(np.array([1.0, 2.0, 3.0]))),
    Right("00.first_array", "jnp.asarray of a tuple written 1e0, 2e0, 3e0",
          lambda: jnp.asarray((1e0, 2e0, 3e0))),
    Right("00.first_array", "cumulative sum of jnp.ones(3)",
          lambda: jnp.cumsum(jnp.ones(3))),
]
