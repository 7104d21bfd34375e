"""Round 18, lesson 00 (Start the tour): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 00.first_array: a jax array of 1.0, 2.0, 3.0 in the default float dtype --------


def r18_first_array_numpy():
    # NumPy habit: np instead of jnp (a float64 NumPy array)
    return np.array([1.0, 2.0, 3.0])


def r18_first_array_numpy_f32():
    # knows JAX uses float32, but still builds a NumPy array
    return np.array([1.0, 2.0, 3.0], dtype=np.float32)


def r18_first_array_arange_from_zero():
    # arange starts at 0: 0., 1., 2.
    return jnp.arange(3.0)


def r18_first_array_arange_stop_exclusive():
    # forgot arange's stop is exclusive: 1., 2.
    return jnp.arange(1.0, 3.0)


def r18_first_array_ints_arange():
    # integers 1, 2, 3 from arange
    return jnp.arange(1, 4)


def r18_first_array_half():
    # asked for a small float: float16
    return jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16)


def r18_first_array_row():
    # extra brackets: a 1x3 matrix
    return jnp.array([[1.0, 2.0, 3.0]])


def r18_first_array_column():
    # a column vector
    return jnp.array([1.0, 2.0, 3.0]).reshape(3, 1)


def r18_first_array_tuple():
    # a tuple of floats
    return (1.0, 2.0, 3.0)


def r18_first_array_reversed():
    return jnp.array([3.0, 2.0, 1.0])


def r18_first_array_tolist():
    # converted back to a list "to print it nicely"
    return jnp.array([1.0, 2.0, 3.0]).tolist()


def r18_first_array_complex():
    return jnp.array([1.0 + 0j, 2.0, 3.0])


def r18_first_array_linspace_default():
    # linspace without num: 50 points from 1 to 3
    return jnp.linspace(1.0, 3.0)


def r18_first_array_bf16():
    return jnp.array([1.0, 2.0, 3.0], dtype=jnp.bfloat16)


# right ones


def r18_first_array_linspace():
    return jnp.linspace(1.0, 3.0, 3)


def r18_first_array_arange_float():
    return jnp.arange(1.0, 4.0)


def r18_first_array_asarray_list():
    return jnp.asarray([1.0, 2.0, 3.0])


def r18_first_array_device_put():
    # float64 NumPy array moved to the device: JAX stores it as float32
    return jax.device_put(np.array([1.0, 2.0, 3.0]))


def r18_first_array_cumsum():
    return jnp.cumsum(jnp.ones(3))


def r18_first_array_int_times_float():
    return jnp.array([1, 2, 3]) * 1.0


ROUND_18 = [
    Wrong("00.first_array", "np.array instead of jnp.array", lambda: r18_first_array_numpy()),
    Wrong("00.first_array", "NumPy array with dtype float32", lambda: r18_first_array_numpy_f32()),
    Wrong("00.first_array", "jnp.arange(3.0): 0, 1, 2", lambda: r18_first_array_arange_from_zero()),
    Wrong(
        "00.first_array",
        "jnp.arange(1.0, 3.0): stop left exclusive",
        lambda: r18_first_array_arange_stop_exclusive(),
    ),
    Wrong("00.first_array", "jnp.arange(1, 4): integers", lambda: r18_first_array_ints_arange()),
    Wrong("00.first_array", "gave dtype=float16", lambda: r18_first_array_half()),
    Wrong("00.first_array", "gave dtype=bfloat16", lambda: r18_first_array_bf16()),
    Wrong("00.first_array", "double brackets: shape (1, 3)", lambda: r18_first_array_row()),
    Wrong("00.first_array", "reshaped into a column (3, 1)", lambda: r18_first_array_column()),
    Wrong("00.first_array", "a Python tuple of floats", lambda: r18_first_array_tuple()),
    Wrong("00.first_array", "values in reverse order", lambda: r18_first_array_reversed()),
    Wrong("00.first_array", "called .tolist() on the jax array", lambda: r18_first_array_tolist()),
    Wrong(
        "00.first_array", "complex 1+0j first: complex64 array", lambda: r18_first_array_complex()
    ),
    Wrong(
        "00.first_array",
        "linspace without num: 50 values",
        lambda: r18_first_array_linspace_default(),
    ),
    Wrong("00.first_array", "left the ... placeholder", lambda: ...),
]

RIGHT_18 = [
    Right("00.first_array", "jnp.linspace(1.0, 3.0, 3)", lambda: r18_first_array_linspace()),
    Right("00.first_array", "jnp.arange(1.0, 4.0)", lambda: r18_first_array_arange_float()),
    Right("00.first_array", "jnp.asarray on a list", lambda: r18_first_array_asarray_list()),
    Right(
        "00.first_array",
        "jax.device_put of a float64 NumPy array",
        lambda: r18_first_array_device_put(),
    ),
    Right("00.first_array", "cumsum of jnp.ones(3)", lambda: r18_first_array_cumsum()),
    Right("00.first_array", "int array times 1.0", lambda: r18_first_array_int_times_float()),
]
