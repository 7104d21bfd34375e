"""Round 4, lesson 01: answers written from the lesson text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 01.overflow_fix
def r4_cubes_unchanged(v):
    return jnp.sum(v**3)


def r4_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)


def r4_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)


def r4_cubes_cast_after(v):
    return (v**3).astype(jnp.float32).sum()


def r4_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r4_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r4_cubes_squares(v):
    return jnp.sum(v.astype(jnp.float32) ** 2)


def r4_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r4_cubes_no_sum(v):
    return v.astype(jnp.float32) ** 3


def r4_cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r4_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r4_cubes_mean(v):
    return jnp.mean(v.astype(jnp.float32) ** 3)


def r4_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r4_cubes_asarray(v):
    f = jnp.asarray(v, dtype=jnp.float32)
    return jnp.sum(f * f * f)


def r4_cubes_dot(v):
    f = v.astype(jnp.float32)
    return jnp.dot(f**2, f)


def r4_cubes_weak(v):
    return ((1.0 * v) ** 3).sum()


def r4_cubes_power(v):
    return jnp.sum(jnp.power(v.astype("float32"), 3))


# ---------------------------------------------------------------- 01.numpy_copy
def r4_flag_readonly_view(x):
    y = np.asarray(x)
    y[0] = -1
    return y


def r4_flag_jax_at(x):
    return x.at[0].set(-1)


def r4_flag_float64(x):
    y = np.array(x, dtype=float)
    y[0] = -1
    return y


def r4_flag_force_float32(x):
    y = np.array(x, dtype=np.float32)
    y[0] = -1
    return y


def r4_flag_last(x):
    y = np.array(x)
    y[-1] = -1
    return y


def r4_flag_second(x):
    y = np.array(x)
    y[1] = -1
    return y


def r4_flag_plus_one(x):
    y = np.array(x)
    y[0] = 1
    return y


def r4_flag_negate(x):
    y = np.array(x)
    y[0] *= -1
    return y


def r4_flag_no_return(x):
    y = np.array(x)
    y[0] = -1


def r4_flag_list(x):
    y = np.asarray(x).tolist()
    y[0] = -1
    return y


def r4_flag_equal_first(x):
    y = np.array(x)
    y[y == y[0]] = -1
    return y


def r4_flag_argmin(x):
    y = np.array(x)
    y[np.argmin(y)] = -1
    return y


def r4_flag_return_x(x):
    y = np.array(x)
    y[0] = -1
    return x


def r4_flag_copy_method(x):
    y = np.asarray(x).copy()
    y[0] = -1
    return y


def r4_flag_np_copy(x):
    y = np.copy(x)
    y[0] = -1
    return y


def r4_flag_insert(x):
    return np.insert(np.asarray(x)[1:], 0, -1)


def r4_flag_from_at(x):
    return np.array(x.at[0].set(-1))


def r4_flag_copy_kw(x):
    out = np.array(x, copy=True, dtype=x.dtype)
    out[:1] = -1
    return out


# ---------------------------------------------------------------- 01.center
def r4_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r4_center_rows(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def r4_center_standardize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def r4_center_median(x):
    return x - jnp.median(x)


def r4_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean()


def r4_center_flipped(x):
    return jnp.mean(x) - x


def r4_center_len(x):
    return x - jnp.sum(x) / len(x)


def r4_center_midrange(x):
    return x - (jnp.max(x) + jnp.min(x)) / 2


def r4_center_divide(x):
    return x / jnp.mean(x)


def r4_center_rounded_mean(x):
    return x - jnp.round(jnp.mean(x))


def r4_center_no_return(x):
    x = x - jnp.mean(x)


def r4_center_method(x):
    return x - x.mean()


def r4_center_sum_size(x):
    return x - jnp.sum(x) / x.size


def r4_center_inplace_op(x):
    x -= jnp.average(x)
    return x


def r4_center_subtract(x):
    return jnp.subtract(x, jnp.mean(x, axis=None, keepdims=True))


ROUND_4 = (
    # 01.arange
    Wrong("01.arange", "jnp.arange(1, 19, 2): stop is exclusive, so 19 is left out", lambda: jnp.arange(1, 19, 2)),
    Wrong("01.arange", "jnp.arange(0, 20, 2): the even numbers 0..18 instead of the odd ones", lambda: jnp.arange(0, 20, 2)),
    Wrong("01.arange", "jnp.arange(1, 20): forgot the step 2, every integer 1..19", lambda: jnp.arange(1, 20)),
    Wrong("01.arange", "np.arange(1, 20, 2): NumPy, not jnp (a NumPy int64 array)", lambda: np.arange(1, 20, 2)),
    Wrong("01.arange", "jnp.arange(19, 0, -2): right numbers but in descending order", lambda: jnp.arange(19, 0, -2)),
    Wrong("01.arange", "jnp.arange(1, 22, 2): one too many, goes up to 21", lambda: jnp.arange(1, 22, 2)),
    Wrong("01.arange", "converted to a Python list with .tolist()", lambda: jnp.arange(1, 20, 2).tolist()),
    Wrong("01.arange", "jnp.arange(3, 20, 2): starts at 3, drops 1", lambda: jnp.arange(3, 20, 2)),
    Wrong("01.arange", "2 * jnp.arange(10) - 1: -1, 1, ..., 17 (sign slip in 2k+1)", lambda: 2 * jnp.arange(10) - 1),
    Wrong("01.arange", "range(1, 20, 2): a Python range object, not an array", lambda: range(1, 20, 2)),
    Wrong("01.arange", "jnp.arange(1, 20, 2)[None]: shape (1, 10) instead of a 1-D array", lambda: jnp.arange(1, 20, 2)[None]),
    Wrong("01.arange", "jnp.arange(1.0, 20.0, 2.0): the right values but float32, not integers",
          lambda: jnp.arange(1.0, 20.0, 2.0)),
    # 01.default_dtype
    Wrong("01.default_dtype", "predicts NumPy's float64: JAX defaults to 32 bits", lambda: "float64"),
    Wrong("01.default_dtype", "predicts int32, thinking / on integers stays integer (floor division)", lambda: "int32"),
    Wrong("01.default_dtype", "predicts int64 (NumPy int default, and thinks / keeps ints)", lambda: "int64"),
    Wrong("01.default_dtype", "predicts float16", lambda: "float16"),
    Wrong("01.default_dtype", "'float': not a dtype name, no width given", lambda: "float"),
    Wrong("01.default_dtype", "copied the example 'int8' without predicting", lambda: "int8"),
    Wrong("01.default_dtype", "'double' (C name for float64)", lambda: "double"),
    Wrong("01.default_dtype", "predicts bfloat16 thinking of accelerators", lambda: "bfloat16"),
    Wrong("01.default_dtype", "the dtype object jnp.float64 rather than float32 (and not a string)", lambda: jnp.float64),
    # 01.overflow_fix
    Wrong("01.overflow_fix", "left the function as it was: v**3 and the sum both in int32, overflow", lambda: r4_cubes_unchanged),
    Wrong("01.overflow_fix", "jnp.sum(v**3, dtype=float32): the cubes are already computed (and overflow) in int32 before the sum's dtype applies; right only for small v",
          lambda: r4_cubes_sum_dtype),
    Wrong("01.overflow_fix", "casts to int64, but with x64 off jnp makes it int32 anyway, and int64 would overflow past 9.2e18 too",
          lambda: r4_cubes_int64),
    Wrong("01.overflow_fix", "casts to float32 only after cubing: (v**3).astype(float32) - the int32 cube already wrapped",
          lambda: r4_cubes_cast_after),
    Wrong("01.overflow_fix", "float16: its maximum is 65504, so the cubes overflow to inf", lambda: r4_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: no overflow but only ~3 significant digits, relative error far above 1e-5",
          lambda: r4_cubes_bfloat16),
    Wrong("01.overflow_fix", "sums squares instead of cubes (**2)", lambda: r4_cubes_squares),
    Wrong("01.overflow_fix", "returns a Python float via float(), not a jax array", lambda: r4_cubes_python_float),
    Wrong("01.overflow_fix", "forgot the sum: returns the array of cubes", lambda: r4_cubes_no_sum),
    Wrong("01.overflow_fix", "NumPy int64: exact below 9.2e18 but wraps silently for the check's sums past 1e19; also returns a NumPy scalar",
          lambda: r4_cubes_numpy_int64),
    Wrong("01.overflow_fix", "cube of the sum instead of sum of the cubes", lambda: r4_cubes_cube_of_sum),
    Wrong("01.overflow_fix", "jnp.mean instead of jnp.sum: divides by the length", lambda: r4_cubes_mean),
    Wrong("01.overflow_fix", "uint32: still 32-bit integer arithmetic, wraps at 2**32", lambda: r4_cubes_uint32),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray(x) is a read-only view: assigning y[0] raises ValueError", lambda: r4_flag_readonly_view),
    Wrong("01.numpy_copy", "x.at[0].set(-1): a jax array, not a NumPy array", lambda: r4_flag_jax_at),
    Wrong("01.numpy_copy", "np.array(x, dtype=float): a writable copy but float64, not x's dtype", lambda: r4_flag_float64),
    Wrong("01.numpy_copy", "forces dtype float32: right for float32 x, wrong dtype for integer x", lambda: r4_flag_force_float32),
    Wrong("01.numpy_copy", "sets the last element y[-1] instead of the first", lambda: r4_flag_last),
    Wrong("01.numpy_copy", "off by one: sets y[1] (the second element)", lambda: r4_flag_second),
    Wrong("01.numpy_copy", "sets the first element to +1 instead of -1 (sign slip)", lambda: r4_flag_plus_one),
    Wrong("01.numpy_copy", "y[0] *= -1 negates the first element instead of setting it to -1; right only when x[0] == 1",
          lambda: r4_flag_negate),
    Wrong("01.numpy_copy", "modifies the copy but forgets to return it (returns None)", lambda: r4_flag_no_return),
    Wrong("01.numpy_copy", "converts to a Python list with tolist(): returns a list, not a NumPy array", lambda: r4_flag_list),
    Wrong("01.numpy_copy", "y[y == y[0]] = -1 sets every element equal to the first one; right only without repeats of x[0]",
          lambda: r4_flag_equal_first),
    Wrong("01.numpy_copy", "y[np.argmin(y)] = -1 sets the smallest element; right only when x is ascending",
          lambda: r4_flag_argmin),
    Wrong("01.numpy_copy", "makes the flagged copy but returns x (the unchanged jax array)", lambda: r4_flag_return_x),
    # 01.center
    Wrong("01.center", "jnp.mean(x, axis=0): subtracts column means on 2-D input; right only for 1-D", lambda: r4_center_axis0),
    Wrong("01.center", "subtracts each row's mean (axis=-1, keepdims=True) instead of the overall mean", lambda: r4_center_rows),
    Wrong("01.center", "standardizes: also divides by the standard deviation", lambda: r4_center_standardize),
    Wrong("01.center", "subtracts the median, not the mean; right only for symmetric data", lambda: r4_center_median),
    Wrong("01.center", "computes in NumPy: np.asarray(x) - mean returns a NumPy array, not jnp", lambda: r4_center_numpy),
    Wrong("01.center", "sign flipped: mean - x", lambda: r4_center_flipped),
    Wrong("01.center", "divides the sum by len(x) (number of rows) not x.size; right only for 1-D", lambda: r4_center_len),
    Wrong("01.center", "subtracts the midrange (max+min)/2; right only for symmetric data like arange", lambda: r4_center_midrange),
    Wrong("01.center", "divides by the mean instead of subtracting it", lambda: r4_center_divide),
    Wrong("01.center", "rounds the mean before subtracting; right only when the mean is an integer", lambda: r4_center_rounded_mean),
    Wrong("01.center", "rebinds x to the centered array but forgets return (returns None)", lambda: r4_center_no_return),
)

RIGHT_4 = (
    Right("01.arange", "jnp.arange(1, 21, 2): a stop past 19 but below 21 still excludes 21", lambda: jnp.arange(1, 21, 2)),
    Right("01.arange", "2 * jnp.arange(10) + 1", lambda: 2 * jnp.arange(10) + 1),
    Right("01.arange", "keyword arguments jnp.arange(start=1, stop=20, step=2)", lambda: jnp.arange(start=1, stop=20, step=2)),
    Right("01.arange", "jnp.array of a Python range", lambda: jnp.array(list(range(1, 20, 2)))),
    Right("01.arange", "every other element of jnp.arange(20) from index 1", lambda: jnp.arange(20)[1::2]),
    Right("01.default_dtype", "float32 with a trailing space", lambda: "float32 "),
    Right("01.default_dtype", "upper case FLOAT32", lambda: "FLOAT32"),
    Right("01.default_dtype", "the name read from a dtype: str(jnp.dtype('float32'))", lambda: str(jnp.dtype("float32"))),
    Right("01.default_dtype", "leading space and capital: ' Float32'", lambda: " Float32"),
    Right("01.overflow_fix", "jnp.asarray(v, dtype=float32) then f*f*f summed", lambda: r4_cubes_asarray),
    Right("01.overflow_fix", "float32 cast, then a dot product of the squares with the values", lambda: r4_cubes_dot),
    Right("01.overflow_fix", "(1.0 * v) promotes to float32 (weak Python float), cubed, .sum()", lambda: r4_cubes_weak),
    Right("01.overflow_fix", "jnp.power on a float32 copy made with astype('float32')", lambda: r4_cubes_power),
    Right("01.numpy_copy", "np.asarray(x).copy(), then set", lambda: r4_flag_copy_method),
    Right("01.numpy_copy", "np.copy(x), then set", lambda: r4_flag_np_copy),
    Right("01.numpy_copy", "np.insert(-1) in front of x[1:]: a new array of x's dtype", lambda: r4_flag_insert),
    Right("01.numpy_copy", "jax .at[0].set(-1) first, then np.array copies it into a writable NumPy array", lambda: r4_flag_from_at),
    Right("01.numpy_copy", "np.array(x, copy=True, dtype=x.dtype) and a slice assignment out[:1] = -1", lambda: r4_flag_copy_kw),
    Right("01.center", "x - x.mean() with the method", lambda: r4_center_method),
    Right("01.center", "x - jnp.sum(x) / x.size", lambda: r4_center_sum_size),
    Right("01.center", "x -= jnp.average(x) rebinds x (jax arrays are not changed in place), then returns it", lambda: r4_center_inplace_op),
    Right("01.center", "jnp.subtract with a keepdims mean over all axes", lambda: r4_center_subtract),
)
