"""Lesson 01: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import copy
import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# --- 01.sum_of_cubes: learners' functions ------------------------------------------------


def cubes_jnp_sum(n):
    return int(jnp.sum(jnp.arange(n) ** 3))


def cubes_jnp_int64(n):
    # dtype=jnp.int64 without jax_enable_x64: JAX warns and keeps int32
    return int(jnp.sum(jnp.arange(n, dtype=jnp.int64) ** 3))


def cubes_np_sum(n):
    return np.sum(np.arange(n) ** 3)


def cubes_np_uint64(n):
    return int(np.sum(np.arange(n, dtype=np.uint64) ** 3))


def cubes_loop_through_n(n):
    return sum(k**3 for k in range(n + 1))


def cubes_math_pow(n):
    return math.pow(n * (n - 1) // 2, 2)


def cubes_int_of_float(n):
    return int(n**2 * (n - 1) ** 2 / 4)


def cubes_float32(n):
    return jnp.sum(jnp.arange(n, dtype=jnp.float32) ** 3)


def cubes_xor(n):
    return (n * (n - 1) // 2) ^ 2


def cubes_precedence(n):
    return n * (n - 1) // 2**2


def cubes_not_squared(n):
    return n * (n - 1) // 2


def cubes_cubed(n):
    return (n * (n - 1) // 2) ** 3


def cubes_no_return(n):
    ((n - 1) * n // 2) ** 2


def cubes_recursive(n):
    if n == 0:
        return 0
    return (n - 1) ** 3 + cubes_recursive(n - 1)


def sum_of_squares_below(n):  # the lesson's own function
    return (n - 1) * n * (2 * n - 1) // 6


def cubes_reuse_squares(n):
    return sum_of_squares_below(n)


def cubes_loop_over_np_arange(n):
    return sum(k**3 for k in np.arange(n))


brute_force = sum(k**3 for k in range(10**6))  # the lesson's cell after the check


def cubes_notebook_value(n):
    return brute_force


# --- 01.numpy_copy ------------------------------------------------------------------------


def flag_asarray(x):
    flagged = np.asarray(x)
    flagged[0] = -1
    return flagged


def flag_jax_copy(x):
    flagged = x.copy()
    flagged[0] = -1
    return flagged


def flag_device_get(x):
    flagged = jax.device_get(x)
    flagged[0] = -1
    return flagged


def flag_copy_false(x):
    flagged = np.array(x, copy=False)
    flagged[0] = -1
    return flagged


def flag_at_set(x):
    return x.at[0].set(-1)


def flag_second(x):
    flagged = np.array(x)
    flagged[1] = -1
    return flagged


def flag_float(x):
    flagged = np.array(x, dtype=float)
    flagged[0] = -1
    return flagged


def flag_concatenate(x):
    return np.concatenate([[-1], np.array(x)[1:]])


def flag_returns_x(x):
    flagged = np.array(x)
    flagged[0] = -1
    return x


def flag_list(x):
    flagged = list(np.array(x))
    flagged[0] = -1
    return flagged


def flag_no_return(x):
    flagged = np.array(x)
    flagged[0] = -1


def flag_to_py(x):
    flagged = x.to_py()
    flagged[0] = -1
    return flagged


evens = jnp.arange(0, 10, 2)  # the lesson's own array


def flag_evens(x):
    flagged = np.array(evens)
    flagged[0] = -1
    return flagged


# --- 01.center ------------------------------------------------------------------------------


def center_numpy(x):
    x = np.asarray(x)
    return x - x.mean()


def center_columns(x):
    return x - x.mean(0)


def center_axis_1(x):
    return x - x.mean(axis=1)


def center_last_axis(x):
    return x - jnp.mean(x, axis=-1)


def center_standardize(x):
    return (x - x.mean()) / x.std()


def center_by_shape(x):
    return x - jnp.sum(x) / x.shape[0]


def center_reversed(x):
    return x.mean() - x


def center_median(x):
    return x - jnp.median(x)


def center_mean_not_called(x):
    return x - x.mean


def center_no_return(x):
    x = x - jnp.mean(x)


def center_tuple(x):
    mean = jnp.mean(x)
    return x - mean, mean


data = jnp.array([1.0, 2.0, 3.0, 4.0])


def center_global(x):
    return data - jnp.mean(data)


WRONG_ANSWERS = (
    # --- 01.arange
    Wrong(
        "01.arange",
        "jnp.arange(0, 9): stop read as the last",
        lambda: jnp.arange(0, 9),
        "stops-at-eight",
    ),
    Wrong(
        "01.arange",
        "arange(9) + 1: shifted to count from one",
        lambda: jnp.arange(9) + 1,
        "starts-at-one",
    ),
    Wrong("01.arange", "arange(10) + 1", lambda: jnp.arange(10) + 1, "one-to-ten"),
    Wrong(
        "01.arange",
        "dtype=jnp.float32 asked for",
        lambda: jnp.arange(0, 10, dtype=jnp.float32),
        "floats",
    ),
    Wrong("01.arange", "jnp.linspace(0, 9, 10)", lambda: jnp.linspace(0, 9, 10), "floats"),
    Wrong(
        "01.arange",
        "jax.device_get: a NumPy array back",
        lambda: jax.device_get(jnp.arange(10)),
        "numpy-array",
    ),
    Wrong("01.arange", "list(jnp.arange(10))", lambda: list(jnp.arange(10)), "python-range"),
    Wrong(
        "01.arange",
        "a list comprehension",
        lambda: [i for i in range(10)],
        "python-range",
    ),
    Wrong(
        "01.arange",
        "jnp.arange without calling it",
        lambda: jnp.arange,
        says="did you mean to call it?",
    ),
    Wrong(
        "01.arange",
        "one pair of brackets too many",
        lambda: jnp.array([range(10)]),
        says="the values are right, arranged differently",
    ),
    Wrong(
        "01.arange",
        "jnp.linspace(0, 9): fifty floats",
        lambda: jnp.linspace(0, 9),
        says="like the expected array, but with 50 values",
    ),
    # --- 01.default_dtype
    Wrong("01.default_dtype", "NumPy's float64", lambda: "float64", "wrong-width"),
    Wrong("01.default_dtype", "np.float64, the type", lambda: np.float64, "wrong-width"),
    Wrong("01.default_dtype", "'double'", lambda: "double", "wrong-width"),
    Wrong("01.default_dtype", "jnp.int32: arange's dtype kept", lambda: jnp.int32, "stays-integer"),
    Wrong("01.default_dtype", "'int64', NumPy's integer", lambda: "int64", "stays-integer"),
    Wrong("01.default_dtype", "Python's float type", lambda: float, "kind-not-dtype"),
    Wrong("01.default_dtype", "'Float32', capitalised", lambda: "Float32", "misspelled"),
    Wrong("01.default_dtype", "'f32', the jaxpr spelling", lambda: "f32", "misspelled"),
    Wrong("01.default_dtype", "'bfloat16', the TPU type", lambda: "bfloat16", "half-precision"),
    Wrong(
        "01.default_dtype",
        "the array itself, not its dtype",
        lambda: jnp.arange(3) / 2,
        says="Expected a dtype",
    ),
    Wrong("01.default_dtype", "'jnp.float64' as a string", lambda: "jnp.float64", "wrong-width"),
    Wrong("01.default_dtype", "'32', the width alone", lambda: "32", "misspelled"),
    # --- 01.sum_of_cubes
    Wrong("01.sum_of_cubes", "jnp.sum over arange: int32", lambda: cubes_jnp_sum, "int32-overflow"),
    Wrong(
        "01.sum_of_cubes",
        "dtype=jnp.int64 without x64: still int32",
        lambda: cubes_jnp_int64,
        "int32-overflow",
    ),
    Wrong("01.sum_of_cubes", "np.sum over arange: int64", lambda: cubes_np_sum, "int64-overflow"),
    Wrong(
        "01.sum_of_cubes",
        "np.uint64: cubes are never negative",
        lambda: cubes_np_uint64,
        "int64-overflow",
    ),
    Wrong(
        "01.sum_of_cubes",
        "reuses the lesson's sum_of_squares_below",
        lambda: cubes_reuse_squares,
        "squares-not-cubes",
    ),
    Wrong(
        "01.sum_of_cubes",
        "a Python loop over np.arange: int64 terms",
        lambda: cubes_loop_over_np_arange,
        "int64-overflow",
    ),
    Wrong("01.sum_of_cubes", "a loop through n itself", lambda: cubes_loop_through_n, "off-by-one"),
    Wrong("01.sum_of_cubes", "math.pow: a float", lambda: cubes_math_pow, "returns-float"),
    Wrong(
        "01.sum_of_cubes",
        "int() of n**2 (n-1)**2 / 4",
        lambda: cubes_int_of_float,
        "int-of-a-float",
    ),
    Wrong("01.sum_of_cubes", "jnp float32 sum", lambda: cubes_float32, "returns-float"),
    Wrong("01.sum_of_cubes", "^ 2 for squaring", lambda: cubes_xor, "xor-not-power"),
    Wrong(
        "01.sum_of_cubes", "n * (n - 1) // 2**2: precedence", lambda: cubes_precedence, "precedence"
    ),
    Wrong(
        "01.sum_of_cubes", "the half sum, never squared", lambda: cubes_not_squared, "wrong-power"
    ),
    Wrong("01.sum_of_cubes", "the half sum cubed", lambda: cubes_cubed, "wrong-power"),
    Wrong("01.sum_of_cubes", "no return statement", lambda: cubes_no_return, "returns-none"),
    Wrong(
        "01.sum_of_cubes", "recursion a million deep", lambda: cubes_recursive, "recursion-depth"
    ),
    Wrong(
        "01.sum_of_cubes",
        "returns the notebook's brute_force",
        lambda: cubes_notebook_value,
        "ignores-n",
    ),
    # --- 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray, then write", lambda: flag_asarray, "read-only-view"),
    Wrong("01.numpy_copy", "jax.device_get, then write", lambda: flag_device_get, "read-only-view"),
    Wrong(
        "01.numpy_copy",
        "np.array(x, copy=False), then write",
        lambda: flag_copy_false,
        "read-only-view",
    ),
    Wrong("01.numpy_copy", "x.copy(): a jax copy", lambda: flag_jax_copy, "changed-the-jax-array"),
    Wrong("01.numpy_copy", "x.at[0].set(-1)", lambda: flag_at_set, "still-jax"),
    Wrong("01.numpy_copy", "index 1 counted as the first", lambda: flag_second, "flagged-second"),
    Wrong("01.numpy_copy", "dtype=float copy", lambda: flag_float, "changed-dtype"),
    Wrong("01.numpy_copy", "np.concatenate with [-1]", lambda: flag_concatenate, "changed-dtype"),
    Wrong("01.numpy_copy", "changes the copy, returns x", lambda: flag_returns_x, "returned-x"),
    Wrong("01.numpy_copy", "list(np.array(x))", lambda: flag_list, "python-list"),
    Wrong("01.numpy_copy", "no return statement", lambda: flag_no_return, "returns-none"),
    Wrong("01.numpy_copy", "x.to_py(), an old API", lambda: flag_to_py, "to-py"),
    Wrong("01.numpy_copy", "copies the notebook's evens", lambda: flag_evens, "ignores-x"),
    # --- 01.center
    Wrong("01.center", "np.asarray then NumPy's mean", lambda: center_numpy, "numpy-output"),
    Wrong("01.center", "x.mean(0)", lambda: center_columns, "column-means"),
    Wrong("01.center", "x.mean(axis=1), no keepdims", lambda: center_axis_1, "axis-on-1d"),
    Wrong("01.center", "jnp.mean(x, axis=-1)", lambda: center_last_axis, "axis-mean-no-keepdims"),
    Wrong("01.center", "(x - x.mean()) / x.std()", lambda: center_standardize, "standardized"),
    Wrong("01.center", "divides by x.shape[0]", lambda: center_by_shape, "len-not-size"),
    Wrong("01.center", "x.mean() - x", lambda: center_reversed, "flipped-sign"),
    Wrong("01.center", "the median", lambda: center_median, "median"),
    Wrong(
        "01.center", "x.mean without parentheses", lambda: center_mean_not_called, "mean-not-called"
    ),
    Wrong("01.center", "no return statement", lambda: center_no_return, "returns-none"),
    Wrong("01.center", "returns (centered, mean)", lambda: center_tuple, "returns-tuple"),
    Wrong("01.center", "centers the notebook's data", lambda: center_global, "ignores-x"),
    # held-out answers (phase 1 of the held-out test)
    Wrong("01.arange", "range(10) itself", lambda: range(10), "python-range"),
    Wrong(
        "01.arange", "jnp.arange(1, 10): nine numbers", lambda: jnp.arange(1, 10), "starts-at-one"
    ),
    Wrong("01.arange", "jnp.arange(11): through 10", lambda: jnp.arange(11), "zero-to-ten"),
    Wrong("01.arange", "np.arange(10)", lambda: np.arange(10), "numpy-array"),
    Wrong(
        "01.arange",
        "counting down, arange(9, -1, -1)",
        lambda: jnp.arange(9, -1, -1),
        says="in a different order",
    ),
    Wrong(
        "01.arange",
        "the lesson's evens, step 2",
        lambda: jnp.arange(0, 10, 2),
        says="every second expected value",
    ),
    Wrong(
        "01.default_dtype",
        "a sentence naming both",
        lambda: "float64 in NumPy, float32 in JAX",
        says="Expected a dtype",
    ),
    Wrong("01.default_dtype", "'torch.float32'", lambda: "torch.float32", says="Expected a dtype"),
    Wrong("01.default_dtype", "'complex64'", lambda: "complex64", "complex"),
    Wrong("01.default_dtype", "'half'", lambda: "half", "half-precision"),
    Wrong("01.default_dtype", "'float128'", lambda: "float128"),
    Wrong("01.default_dtype", "'uint32'", lambda: "uint32", "stays-integer"),
    Wrong(
        "01.sum_of_cubes", "* 2 typed for ** 2", lambda: cubes_times_two, says="twice the expected"
    ),
    Wrong("01.sum_of_cubes", "(n - 2)(n - 1) / 2 squared", lambda: cubes_below_n_minus_one),
    Wrong(
        "01.sum_of_cubes", "a loop over range(1, n + 1)", lambda: cubes_loop_inclusive, "off-by-one"
    ),
    Wrong("01.sum_of_cubes", "round() of a float formula", lambda: cubes_round, "int-of-a-float"),
    Wrong(
        "01.sum_of_cubes",
        "Python sum over np.arange cubes",
        lambda: cubes_builtin_sum_of_np,
        "int64-overflow",
    ),
    Wrong(
        "01.sum_of_cubes",
        "math.pow(sum(range(n)), 2)",
        lambda: cubes_pow_of_range_sum,
        "returns-float",
    ),
    Wrong(
        "01.numpy_copy",
        "copy.deepcopy(x), then write",
        lambda: flag_deepcopy,
        "changed-the-jax-array",
    ),
    Wrong(
        "01.numpy_copy", "np.asarray, setflags(write=True)", lambda: flag_setflags, "read-only-view"
    ),
    Wrong("01.numpy_copy", "flagged[0] -= 1", lambda: flag_decremented, "other-flag"),
    Wrong("01.numpy_copy", "np.array([x]): a 2-D copy", lambda: flag_wrapped, "wrapped-in-a-list"),
    Wrong("01.numpy_copy", "flags with 0", lambda: flag_zero, "other-flag"),
    Wrong("01.numpy_copy", "dtype=np.int32 on the copy", lambda: flag_int32),
    Wrong(
        "01.center", "x minus the midrange", lambda: center_midrange, says="off by the same amount"
    ),
    Wrong("01.center", "a list comprehension", lambda: center_listcomp, says="jnp.stack"),
    Wrong("01.center", "Python sum(x) / len(x)", lambda: center_py_sum, "column-means"),
    Wrong(
        "01.center",
        "x minus its middle element",
        lambda: center_middle,
        says="off by the same amount",
    ),
    Wrong("01.center", "jnp.mean(x, axis=(0, 1))", lambda: center_axes01, "axis-on-1d"),
    Wrong("01.center", "x - jnp.std(x)", lambda: center_std, says="off by the same amount"),
)


# --- held-out answers -------------------------------------------------------------------


def cubes_times_two(n):
    return ((n - 1) * n // 2) * 2


def cubes_below_n_minus_one(n):
    return ((n - 2) * (n - 1) // 2) ** 2


def cubes_loop_inclusive(n):
    return sum(k**3 for k in range(1, n + 1))


def cubes_round(n):
    return round(((n - 1) * n / 2) ** 2)


def cubes_builtin_sum_of_np(n):
    return sum(np.arange(n) ** 3)


def cubes_pow_of_range_sum(n):
    return math.pow(sum(range(n)), 2)


def flag_deepcopy(x):
    flagged = copy.deepcopy(x)
    flagged[0] = -1
    return flagged


def flag_setflags(x):
    flagged = np.asarray(x)
    flagged.setflags(write=True)
    flagged[0] = -1
    return flagged


def flag_decremented(x):
    flagged = np.array(x)
    flagged[0] -= 1
    return flagged


def flag_wrapped(x):
    flagged = np.array([x])
    flagged[0] = -1
    return flagged


def flag_zero(x):
    flagged = np.array(x)
    flagged[0] = 0
    return flagged


def flag_int32(x):
    flagged = np.array(x, dtype=np.int32)
    flagged[0] = -1
    return flagged


def center_midrange(x):
    return x - (x.max() + x.min()) / 2


def center_listcomp(x):
    return [xi - jnp.mean(x) for xi in x]


def center_py_sum(x):
    return x - sum(x) / len(x)


def center_middle(x):
    return x - x[len(x) // 2]


def center_axes01(x):
    return x - jnp.mean(x, axis=(0, 1))


def center_std(x):
    return x - jnp.std(x)
