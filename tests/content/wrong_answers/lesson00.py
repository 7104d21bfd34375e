"""Lesson 00: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

WRONG_ANSWERS = (
    Wrong(
        "00.first_array",
        "one pair of brackets too many",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
        says="the values are right, arranged differently",
    ),
    Wrong("00.first_array", "jnp.arange(1, 4): integers", lambda: jnp.arange(1, 4), "integers"),
    Wrong("00.first_array", "arange stops before 3.0", lambda: jnp.arange(1.0, 3.0), "two-numbers"),
    Wrong("00.first_array", "np.arange instead of jnp", lambda: np.arange(1.0, 4.0), "numpy-array"),
    Wrong(
        "00.first_array",
        "a list of three 0-d jax arrays",
        lambda: [jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)],
        "python-list",
    ),
    Wrong(
        "00.first_array",
        "jnp.array without calling it",
        lambda: jnp.array,
        says="did you mean to call it?",
    ),
    Wrong(
        "00.first_array",
        "a half-precision dtype picked on purpose",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.float16),
        says="the values are right, the dtype is not",
    ),
    Wrong("00.first_array", "jnp.ones(3): three ones", lambda: jnp.ones(3), "one-value"),
    # held-out answers (phase 1 of the held-out test)
    Wrong("00.first_array", "jnp.arange(3.0): 0, 1, 2", lambda: jnp.arange(3.0), "starts-at-zero"),
    Wrong(
        "00.first_array",
        "four numbers, 1.0 to 4.0",
        lambda: jnp.array([1.0, 2.0, 3.0, 4.0]),
        says="1 value too many",
    ),
    Wrong(
        "00.first_array",
        "dtype=jnp.int32 asked for",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=jnp.int32),
        "integers",
    ),
    Wrong(
        "00.first_array",
        ".sum() appended: one number",
        lambda: jnp.array([1.0, 2.0, 3.0]).sum(),
        says="one number where an array was expected",
    ),
    Wrong(
        "00.first_array",
        "a column, [[1.0], [2.0], [3.0]]",
        lambda: jnp.array([[1.0], [2.0], [3.0]]),
        says="the values are right, arranged differently",
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------

ROUND_2 = (
    Wrong(
        "00.first_array",
        "jnp.array([1, 2, 3]): integers",
        lambda: jnp.array([1, 2, 3]),
        named="integers",
    ),
    Wrong(
        "00.first_array",
        "np.array of the floats",
        lambda: np.array([1.0, 2.0, 3.0]),
        named="numpy-array",
    ),
    Wrong(
        "00.first_array",
        "jnp.arange(1.0, 3.0): stops early",
        lambda: jnp.arange(1.0, 3.0),
        named="two-numbers",
    ),
    Wrong(
        "00.first_array",
        "a row: [[1.0, 2.0, 3.0]]",
        lambda: jnp.array([[1.0, 2.0, 3.0]]),
        says="It has shape (1, 3), but the expected shape is",
    ),
    Wrong(
        "00.first_array",
        "float16 asked for",
        lambda: jnp.asarray((1.0, 2.0, 3.0), dtype=jnp.float16),
        says="It has dtype float16, but the expected dtype is",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# Round 3: written from the lesson's text alone; unlabelled, measured by rounds.py.
ROUND_3 = (
    Wrong(
        "00.first_array",
        "linspace(1.0, 3.0) without num",
        lambda: jnp.linspace(1.0, 3.0),
    ),
    Wrong(
        "00.first_array",
        "a column: [[1.0], [2.0], [3.0]]",
        lambda: jnp.array([[1.0], [2.0], [3.0]]),
    ),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))

# --- issue 34/35, round 4's family: complex numbers whose real parts are right ---------------
COMPLEX = (
    Wrong(
        "00.first_array",
        "complex literals 1+0j, 2+0j, 3+0j",
        lambda: jnp.array([1 + 0j, 2 + 0j, 3 + 0j]),
        "complex",
    ),
    Wrong(
        "00.first_array",
        "dtype=jnp.complex64 asked for",
        lambda: jnp.array([1, 2, 3], dtype=jnp.complex64),
        "complex",
    ),
    Wrong(
        "00.first_array",
        "the right floats plus 0j",
        lambda: jnp.array([1.0, 2.0, 3.0]) + 0j,
        "complex",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *COMPLEX)


# --- issue 35, round 5's families: strings, zeros not filled, counted from zero -------------
def r5f_filled_first_only():
    a = jnp.zeros(3)
    return a.at[0].set(1.0)


def r5f_filled_without_keeping():
    a = jnp.zeros(3)
    for i, value in enumerate([1.0, 2.0, 3.0]):
        a.at[i].set(value)  # the result is thrown away
    return a


def r5f_filled_two():
    a = jnp.zeros(3)
    a = a.at[0].set(1.0)
    a = a.at[1].set(2.0)
    return a


ROUND_5_FAMILIES = (
    Wrong(
        "00.first_array",
        "NumPy array of strings",
        lambda: np.array(["1.0", "2.0", "3.0"]),
        "strings",
    ),
    Wrong("00.first_array", "a list of strings", lambda: ["1.0", "2.0", "3.0"], "strings"),
    Wrong("00.first_array", ".at[0].set on zeros, once", r5f_filled_first_only, "zeros-left"),
    Wrong(
        "00.first_array", ".at[i].set results thrown away", r5f_filled_without_keeping, "zeros-left"
    ),
    Wrong("00.first_array", "two of three filled", r5f_filled_two, "zeros-left"),
    Wrong(
        "00.first_array",
        "typed 0.0, 1.0, 2.0",
        lambda: jnp.array([0.0, 1.0, 2.0]),
        "starts-at-zero",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_5_FAMILIES)


# --- issue 35, round 6's family: one value repeated ------------------------------------------
ROUND_6_FAMILIES = (
    Wrong("00.first_array", "jnp.ones(3)", lambda: jnp.ones(3), "one-value"),
    Wrong("00.first_array", "jnp.full(3, 3.0)", lambda: jnp.full(3, 3.0), "one-value"),
    Wrong("00.first_array", "[1.0] * 3 made an array", lambda: jnp.array([1.0] * 3), "one-value"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_6_FAMILIES)


# --- round 7: integers made by a cast or by arange, not only by the missing decimal point --
S44_INTEGERS = (
    Wrong(
        "00.first_array",
        "floats cast to int32",
        lambda: jnp.array([1.0, 2.0, 3.0]).astype(jnp.int32),
        "integers",
    ),
    Wrong("00.first_array", "arange(1, 4)", lambda: jnp.arange(1, 4), "integers"),
    Wrong(
        "00.first_array",
        "dtype=int given",
        lambda: jnp.array([1.0, 2.0, 3.0], dtype=int),
        "integers",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S44_INTEGERS)


# --- round 13's family, fixed (issue 35): evenly spaced, short of 3.0 -------------------------
ROUND_13_FIXED = (
    Wrong(
        "00.first_array",
        "linspace(1.0, 2.0, 3): half steps",
        lambda: jnp.linspace(1.0, 2.0, 3),
        "short-steps",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_13_FIXED)
