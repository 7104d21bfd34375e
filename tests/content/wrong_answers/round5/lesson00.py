"""Round 5, lesson 00 (welcome): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 00.first_array


def r5_first_array_in_place():
    # NumPy habit: make an empty array, then fill it in place (jax arrays refuse item assignment)
    a = jnp.zeros(3)
    return a.at[0].set(1.0)  # only the first one set: forgot .set returns a new array each time


def r5_first_array_built_up():
    a = jnp.zeros(3)
    a = a.at[0].set(1.0)
    a = a.at[1].set(2.0)
    a = a.at[2].set(3.0)
    return a


ROUND_5 = (
    Wrong("00.first_array", "np.array([1.0, 2.0, 3.0]): NumPy habit, a NumPy array not a jax array", lambda: np.array([1.0, 2.0, 3.0])),
    Wrong("00.first_array", "jnp.arange(1, 4): integers, not floats", lambda: jnp.arange(1, 4)),
    Wrong("00.first_array", "jnp.arange(1.0, 3.0): off by one, stops before 3.0", lambda: jnp.arange(1.0, 3.0)),
    Wrong("00.first_array", "jnp.linspace(1, 3, 4): wrong count of points", lambda: jnp.linspace(1, 3, 4)),
    Wrong("00.first_array", "a tuple of floats (1.0, 2.0, 3.0)", lambda: (1.0, 2.0, 3.0)),
    Wrong("00.first_array", "jnp.array([[1.0, 2.0, 3.0]]): a 1x3 row, extra brackets", lambda: jnp.array([[1.0, 2.0, 3.0]])),
    Wrong("00.first_array", "jnp.array(['1.0', '2.0', '3.0'])-like: strings; written as a NumPy str array", lambda: np.array(["1.0", "2.0", "3.0"])),
    Wrong("00.first_array", "jnp.array([0.0, 1.0, 2.0]): counted from zero", lambda: jnp.array([0.0, 1.0, 2.0])),
    Wrong("00.first_array", "jnp.arange(3.0): 0., 1., 2. (started from zero)", lambda: jnp.arange(3.0)),
    Wrong("00.first_array", "filled with .at[0].set(1.0) only, rest zeros", r5_first_array_in_place),
    Wrong("00.first_array", "jnp.array([1, 2, 3], dtype=int) then forgot to convert", lambda: jnp.array([1, 2, 3], dtype=jnp.int32)),
    Wrong("00.first_array", "jnp.array([1.0, 2.0]): forgot the third element", lambda: jnp.array([1.0, 2.0])),
    Wrong("00.first_array", "jnp.array([3.0, 2.0, 1.0]): reversed order", lambda: jnp.array([3.0, 2.0, 1.0])),
    Wrong("00.first_array", "left the placeholder: Ellipsis", lambda: ...),
)

RIGHT_5 = (
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: jnp.arange(1.0, 4.0)),
    Right("00.first_array", "jnp.linspace(1, 3, 3)", lambda: jnp.linspace(1, 3, 3)),
    Right("00.first_array", "jnp.asarray(np.array([1.0, 2.0, 3.0])): converted from NumPy", lambda: jnp.asarray(np.array([1.0, 2.0, 3.0]))),
    Right("00.first_array", "jnp.array([1, 2, 3], dtype=jnp.float32)", lambda: jnp.array([1, 2, 3], dtype=jnp.float32)),
    Right("00.first_array", "jnp.array([1, 2, 3]).astype(float)", lambda: jnp.array([1, 2, 3]).astype(float)),
    Right("00.first_array", "built up with .at[i].set, reassigning each time", r5_first_array_built_up),
    Right("00.first_array", "jnp.array((1., 2., 3.)) from a tuple", lambda: jnp.array((1., 2., 3.))),
)
