"""Round 19, lesson 00 (Start the tour): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 00.first_array: a jax array of the floats 1.0, 2.0, 3.0, default float dtype -------


def r19_first_numpy():
    return np.array([1.0, 2.0, 3.0])  # NumPy habit: np, not jnp


def r19_first_device_put_list():
    return jax.device_put([1.0, 2.0, 3.0])  # a list is a pytree: a list of 0-d arrays back


def r19_first_linspace_no_num():
    return jnp.linspace(1.0, 3.0)  # forgot num=3: fifty points


def r19_first_arange_from_zero():
    return jnp.arange(3.0)  # 0., 1., 2.


def r19_first_arange_stop_short():
    return jnp.arange(1.0, 3.0)  # stop is exclusive: 1., 2.


def r19_first_ints_arange():
    return jnp.arange(1, 4)  # integers


def r19_first_half_precision():
    return jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16)  # "smaller is faster"


def r19_first_nested():
    return jnp.array([[1.0, 2.0, 3.0]])  # an extra pair of brackets: shape (1, 3)


def r19_first_column():
    return jnp.array([1.0, 2.0, 3.0]).reshape(3, 1)


def r19_first_reversed():
    return jnp.array([3.0, 2.0, 1.0])


def r19_first_scalars_tuple():
    return (jnp.array(1.0), jnp.array(2.0), jnp.array(3.0))  # three 0-d arrays


def r19_first_tolist():
    return jnp.array([1.0, 2.0, 3.0]).tolist()  # "printing nicely" made it a list again


def r19_first_bfloat16():
    return jnp.asarray(np.array([1.0, 2.0, 3.0]), dtype=jnp.bfloat16)


# right ones


def r19_first_arange_floats():
    return jnp.arange(1.0, 4.0)


def r19_first_linspace_num():
    return jnp.linspace(1.0, 3.0, num=3)


def r19_first_from_numpy():
    return jnp.asarray(np.array([1.0, 2.0, 3.0]))  # float64 in, JAX's default float out


def r19_first_cumsum_ones():
    return jnp.cumsum(jnp.ones(3))


def r19_first_tuple_input():
    return jnp.array((1.0, 2.0, 3.0))


ROUND_19 = [
    Wrong("00.first_array", "np.array: a NumPy array, not a jax one", lambda: r19_first_numpy()),
    Wrong(
        "00.first_array",
        "jax.device_put of a list: a list comes back",
        lambda: r19_first_device_put_list(),
    ),
    Wrong(
        "00.first_array",
        "jnp.linspace without num: fifty values",
        lambda: r19_first_linspace_no_num(),
    ),
    Wrong("00.first_array", "jnp.arange(3.0): starts at 0", lambda: r19_first_arange_from_zero()),
    Wrong(
        "00.first_array",
        "jnp.arange(1.0, 3.0): stop is exclusive",
        lambda: r19_first_arange_stop_short(),
    ),
    Wrong("00.first_array", "jnp.arange(1, 4): integer dtype", lambda: r19_first_ints_arange()),
    Wrong("00.first_array", "asked for float16", lambda: r19_first_half_precision()),
    Wrong("00.first_array", "double brackets: shape (1, 3)", lambda: r19_first_nested()),
    Wrong("00.first_array", "reshaped into a column (3, 1)", lambda: r19_first_column()),
    Wrong("00.first_array", "the values in reverse order", lambda: r19_first_reversed()),
    Wrong("00.first_array", "a tuple of three 0-d arrays", lambda: r19_first_scalars_tuple()),
    Wrong("00.first_array", ".tolist() at the end: a Python list", lambda: r19_first_tolist()),
    Wrong("00.first_array", "converted from NumPy into bfloat16", lambda: r19_first_bfloat16()),
    Wrong("00.first_array", "two floats only, 3.0 dropped", lambda: jnp.array([1.0, 2.0])),
]

RIGHT_19 = [
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: r19_first_arange_floats()),
    Right("00.first_array", "jnp.linspace with num=3", lambda: r19_first_linspace_num()),
    Right("00.first_array", "jnp.asarray of a float64 NumPy array", lambda: r19_first_from_numpy()),
    Right("00.first_array", "cumulative sum of three ones", lambda: r19_first_cumsum_ones()),
    Right("00.first_array", "jnp.array of a tuple", lambda: r19_first_tuple_input()),
]
