"""Exercises for lessons/01_jnp_as_numpy.ipynb: jnp as a drop-in NumPy, and where it is not."""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxtour.exercises.common import jnp, same_values
from jaxtour.grader.rules import (
    DtypeName,
    ExactInteger,
    JaxArray,
    NumpyArray,
    SameFunction,
    is_numpy_array,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.lazy import is_jax_array

N = 10**7
EXACT_DOT = (N - 1) * N * (2 * N - 1) // 6  # sum of k*k for k < N: 333333283333335000000
INT32_DOT = (EXACT_DOT + 2**31) % 2**32 - 2**31  # what jnp.dot gives in int32
INT64_DOT = (EXACT_DOT + 2**63) % 2**64 - 2**63  # what np.dot gives in int64


def _is_float_close_to_exact(answer: Any) -> bool:
    value = np.asarray(answer)
    return (
        value.shape == ()
        and value.dtype.kind == "f"
        and (abs(float(value) - EXACT_DOT) <= 1e-2 * EXACT_DOT)
    )


def _numbers():
    return jnp.arange(10)


def _evens():
    return np.arange(0, 10, 2, dtype=np.int32)


def _center_inputs():
    return [(jnp.array([1.0, 2.0, 3.0, 4.0]),), (jnp.arange(6.0).reshape(2, 3),)]


def _center_random_inputs(rng: np.random.Generator):
    return [(jnp.asarray(rng.normal(size=shape), dtype=jnp.float32),) for shape in [(5,), (3, 4)]]


def _center(x):
    return x - jnp.mean(x)


def _standardize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def _center_rows(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


# Right values, but as NumPy arrays: the exercise's own rule rejects those outright.
_NUMPY_OUTPUT = SameFunction(inputs=_center_inputs, output=NumpyArray(check_dtype=False))


EXERCISES = (
    Exercise(
        id="01.arange",
        title="Count from 0 to 9 with jnp",
        reference=_numbers,
        rule=JaxArray(),
        hints=(
            "jnp mirrors NumPy: the function you would use in NumPy exists under jnp too.",
            "Like Python's range, arange stops before its stop value and starts at 0.",
            "numbers = jnp.arange(...)  # one argument is enough",
        ),
        solution="numbers = jnp.arange(10)",
        mistakes=(
            Mistake(
                id="numpy-array",
                message="That is a NumPy array (np.arange). Use jnp.arange to get a jax array.",
                example=lambda: np.arange(10),
                matches=is_numpy_array,
            ),
            Mistake(
                id="python-range",
                message="That is a plain Python range or list. jnp.arange gives a jax array.",
                example=lambda: range(10),
                matches=same_values(_numbers, range | list | tuple),
            ),
            Mistake(
                id="one-to-ten",
                message="That counts 1 to 10. arange starts at 0 unless told otherwise, and "
                "stops before its stop value: 0 to 9 is arange(10).",
                example=lambda: jnp.arange(1, 11),
            ),
        ),
        success="Correct: the same call as in NumPy, with an int32 result.",
    ),
    Exercise(
        id="01.default_dtype",
        title="Name JAX's default float dtype",
        reference=lambda: "float32",
        rule=DtypeName(),
        hints=(
            "You can ask the array itself: every array has a .dtype.",
            "NumPy would say float64. Does JAX agree? Run jnp.array([1.5, 2.5]).dtype.",
        ),
        solution="default_float = str(jnp.array([1.5, 2.5]).dtype)",
        mistakes=(
            Mistake(
                id="numpy-default",
                message="float64 is NumPy's default. JAX defaults to 32 bits (float32, int32) "
                "unless jax_enable_x64 is switched on.",
                example=lambda: "float64",
            ),
        ),
        success="Correct: JAX uses 32-bit floats unless you enable x64.",
    ),
    Exercise(
        id="01.exact_dot",
        title="Find the true value of the article's dot product",
        reference=lambda: EXACT_DOT,
        rule=ExactInteger(),
        hints=(
            "Both jnp (int32) and NumPy (int64) overflow here. Python's own int never overflows.",
            "The dot product of v with itself is the sum of k*k for k from 0 to 10**7 - 1.",
            "There is a formula: the sum of k*k for k < n is (n - 1) * n * (2n - 1) / 6. "
            "Use // so the result stays an exact int.",
        ),
        solution="n = 10**7\nexact_dot = (n - 1) * n * (2 * n - 1) // 6",
        mistakes=(
            Mistake(
                id="int32-overflow",
                message=f"{INT32_DOT} is what jnp.dot returns: the int32 sum overflowed "
                "silently and wrapped around. The true value needs 69 bits.",
                example=lambda: INT32_DOT,
            ),
            Mistake(
                id="int64-overflow",
                message=f"{INT64_DOT} is NumPy's int64 answer, and it overflowed too: the true "
                "value needs 69 bits, more than int64 holds. Use Python ints (or the formula).",
                example=lambda: INT64_DOT,
            ),
            Mistake(
                id="float-rounded",
                message="Close, but this is a float, and floats round a number this large "
                "(float64 keeps about 16 digits, float32 about 7). Give an exact int.",
                example=lambda: float(EXACT_DOT),
                matches=_is_float_close_to_exact,
            ),
        ),
        success=f"Correct: {EXACT_DOT:,}, which fits in neither int32 nor int64.",
    ),
    Exercise(
        id="01.to_numpy",
        title="Bring a jax array back to NumPy",
        reference=_evens,
        rule=NumpyArray(),
        hints=(
            "NumPy functions that make arrays from array-likes accept jax arrays.",
            "np.asarray(x) gives a NumPy array that holds the same values as x.",
        ),
        solution="evens_np = np.asarray(evens)",
        mistakes=(
            Mistake(
                id="still-jax",
                message="That is still a jax array. np.asarray(evens) copies it to a NumPy array.",
                example=lambda: jnp.arange(0, 10, 2),
                matches=is_jax_array,
            ),
            Mistake(
                id="python-list",
                message="tolist() gives a Python list, not a NumPy array: use np.asarray(evens).",
                example=lambda: _evens().tolist(),
                matches=same_values(_evens, list),
            ),
        ),
        success="Correct: a NumPy array, living in host memory.",
    ),
    Exercise(
        id="01.center",
        title="Write a NumPy-style function with jnp",
        reference=lambda: _center,
        rule=SameFunction(inputs=_center_inputs, random_inputs=_center_random_inputs),
        hints=(
            "jnp.mean works like np.mean: with no axis it averages every element.",
            "Arrays broadcast in jnp as in NumPy: x - a_scalar subtracts from every element.",
            "def center(x):\n    return x - jnp.mean(...)",
        ),
        solution="def center(x):\n    return x - jnp.mean(x)",
        mistakes=(
            Mistake(
                id="standardized",
                message="You also divided by the standard deviation. Only subtract the mean.",
                example=lambda: _standardize,
            ),
            Mistake(
                id="row-means",
                message="On a 2-D input you subtracted each row's mean. Use the mean of all "
                "elements: jnp.mean(x) with no axis.",
                example=lambda: _center_rows,
            ),
            Mistake(
                id="numpy-output",
                message="The values are right but your function returns a NumPy array: use "
                "jnp operations so that it returns a jax array (and works under jit later).",
                example=lambda: lambda x: np.asarray(x) - np.mean(np.asarray(x)),
                matches=lambda a: _NUMPY_OUTPUT(a, _center) is None,
            ),
        ),
        success="Correct: the NumPy code you know, with jnp in place of np.",
    ),
)
