"""Round 7, lesson 01 (jnp as numpy): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 01.overflow_fix


def r7_cubes_unchanged(v):
    return jnp.sum(v**3)


def r7_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r7_cubes_cast_cube(v):
    return jnp.sum((v**3).astype(jnp.float32))


def r7_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)


def r7_cubes_int64(v):
    # x64 is off, so this stays int32 (with a warning)
    return jnp.sum(v.astype(jnp.int64) ** 3)


def r7_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r7_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r7_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r7_cubes_nicomachus(v):
    # sum of cubes = (sum)^2 ... only for 0, 1, ..., n-1
    return jnp.sum(v.astype(jnp.float32)) ** 2


def r7_cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r7_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r7_cubes_squares(v):
    return jnp.sum(v.astype(jnp.float32) ** 2)


def r7_cubes_right_astype(v):
    return jnp.sum(v.astype(jnp.float32) ** 3)


def r7_cubes_right_float_power(v):
    return jnp.sum(v ** 3.0)


def r7_cubes_right_dot(v):
    f = jnp.asarray(v, dtype=jnp.float32)
    return jnp.dot(f * f, f)


def r7_cubes_right_times_one(v):
    x = v * 1.0
    return (x * x * x).sum()


# ---------------------------------------------------------------- 01.numpy_copy


def r7_flag_asarray(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)
    return a


def r7_flag_returns_none(m):
    a = np.array(m)
    return np.fill_diagonal(a, -1)


def r7_flag_float32(m):
    a = np.array(m, dtype=np.float32)
    np.fill_diagonal(a, -1)
    return a


def r7_flag_int(m):
    a = np.array(m, dtype=int)
    np.fill_diagonal(a, -1)
    return a


def r7_flag_jax(m):
    n = m.shape[0]
    return m.at[jnp.arange(n), jnp.arange(n)].set(-1)


def r7_flag_antidiagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r7_flag_size3(m):
    a = np.array(m)
    a[[0, 1, 2], [0, 1, 2]] = -1
    return a


def r7_flag_eye_arith(m):
    n = m.shape[0]
    return np.asarray(m) * (1 - np.eye(n)) - np.eye(n)


def r7_flag_zero(m):
    a = np.array(m)
    np.fill_diagonal(a, 0)
    return a


def r7_flag_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r7_flag_minus_diag(m):
    # subtracts 1 from the diagonal rather than setting it
    a = np.array(m)
    a[np.diag_indices_from(a)] -= 1
    return a


def r7_flag_right_copy(m):
    a = np.asarray(m).copy()
    np.fill_diagonal(a, -1)
    return a


def r7_flag_right_where(m):
    a = np.asarray(m)
    return np.where(np.eye(a.shape[0], dtype=bool), a.dtype.type(-1), a)


def r7_flag_right_diag_indices(m):
    a = np.array(m, copy=True)
    a[np.diag_indices(len(a))] = -1
    return a


# ---------------------------------------------------------------- 01.center


def r7_center_global(x):
    return x - x.mean()


def r7_center_axis0(x):
    return x - jnp.mean(x, axis=0, keepdims=True)


def r7_center_axis1(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r7_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r7_center_none_index(x):
    return x - x.mean(axis=-1)[:, None]


def r7_center_standardize(x):
    return (x - x.mean(axis=-1, keepdims=True)) / x.std(axis=-1, keepdims=True)


def r7_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r7_center_divide_rows(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[0]


def r7_center_first_element(x):
    return x - x[..., :1]


def r7_center_sneaky_identity(x):
    return x


def r7_center_minmax(x):
    return x - (x.max(axis=-1, keepdims=True) + x.min(axis=-1, keepdims=True)) / 2


def r7_center_right_keepdims(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def r7_center_right_ellipsis(x):
    return x - x.mean(-1)[..., None]


def r7_center_right_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r7_center_right_sum(x):
    return x - x.sum(axis=-1, keepdims=True) / x.shape[-1]


ROUND_7 = [
    # 01.arange
    Wrong("01.arange", "stop at 19: arange leaves the stop out", lambda: jnp.arange(1, 19, 2)),
    Wrong("01.arange", "forgot the step: every integer 1..19", lambda: jnp.arange(1, 20)),
    Wrong("01.arange", "NumPy's arange, the old habit", lambda: np.arange(1, 20, 2)),
    Wrong("01.arange", "one too far: stop 22 takes 21 too", lambda: jnp.arange(1, 22, 2)),
    Wrong("01.arange", "evens: started at 0", lambda: jnp.arange(0, 20, 2)),
    Wrong("01.arange", "counted down from 19", lambda: jnp.arange(19, 0, -2)),
    Wrong("01.arange", "float step makes floats", lambda: jnp.arange(1, 20, 2.0)),
    Wrong("01.arange", "linspace: right values, float32", lambda: jnp.linspace(1, 19, 10)),
    Wrong("01.arange", "a Python list from range", lambda: list(range(1, 20, 2))),
    Wrong("01.arange", "sneaky: copied the cell above, jnp.arange(10)", lambda: jnp.arange(10)),
    Wrong("01.arange", "2*arange(10) - 1: starts at -1", lambda: 2 * jnp.arange(10) - 1),
    # 01.default_dtype
    Wrong("01.default_dtype", "A: float64 like NumPy", lambda: "A"),
    Wrong("01.default_dtype", "C: thinks JAX has no float64", lambda: "C"),
    Wrong("01.default_dtype", "D: integer division habit", lambda: "D"),
    Wrong("01.default_dtype", "the dtype name instead of the letter", lambda: "float32"),
    Wrong("01.default_dtype", "c lower case, still C", lambda: "c"),
    Wrong("01.default_dtype", "both float32 letters", lambda: "B, C"),
    Wrong("01.default_dtype", "float64 as the dtype name", lambda: "float64"),
    Wrong("01.default_dtype", "the dtype object itself", lambda: jnp.float32),
    Wrong("01.default_dtype", "letter C with its reason pasted", lambda: "C: accelerators compute in 32 bits"),
    # 01.overflow_fix
    Wrong("01.overflow_fix", "sneaky: the colleague's function unchanged", lambda: r7_cubes_unchanged),
    Wrong("01.overflow_fix", "casts the sum to float after it overflowed", lambda: r7_cubes_cast_after),
    Wrong("01.overflow_fix", "casts the cubes after they overflowed", lambda: r7_cubes_cast_cube),
    Wrong("01.overflow_fix", "dtype=float32 in sum: the cube still overflows in int32", lambda: r7_cubes_sum_dtype),
    Wrong("01.overflow_fix", "int64 with x64 off: stays int32", lambda: r7_cubes_int64),
    Wrong("01.overflow_fix", "uint32: wraps a bit later", lambda: r7_cubes_uint32),
    Wrong("01.overflow_fix", "float16: overflows to inf", lambda: r7_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: range fine, three digits", lambda: r7_cubes_bfloat16),
    Wrong("01.overflow_fix", "(sum v)^2: true only for 0..n-1", lambda: r7_cubes_nicomachus),
    Wrong("01.overflow_fix", "NumPy int64: wraps past 9.2e18 and gives NumPy", lambda: r7_cubes_numpy_int64),
    Wrong("01.overflow_fix", "returns a Python float", lambda: r7_cubes_python_float),
    Wrong("01.overflow_fix", "squares instead of cubes", lambda: r7_cubes_squares),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray: read-only view, fill_diagonal fails", lambda: r7_flag_asarray),
    Wrong("01.numpy_copy", "returns what fill_diagonal returns: None", lambda: r7_flag_returns_none),
    Wrong("01.numpy_copy", "copies as float32: right only for float input", lambda: r7_flag_float32),
    Wrong("01.numpy_copy", "dtype=int: int64, not int32", lambda: r7_flag_int),
    Wrong("01.numpy_copy", "jax .at[].set: a jax array, not NumPy", lambda: r7_flag_jax),
    Wrong("01.numpy_copy", "fliplr view: sets the anti-diagonal", lambda: r7_flag_antidiagonal),
    Wrong("01.numpy_copy", "hard-coded 3x3 indices", lambda: r7_flag_size3),
    Wrong("01.numpy_copy", "eye arithmetic: float64 result", lambda: r7_flag_eye_arith),
    Wrong("01.numpy_copy", "diagonal set to 0", lambda: r7_flag_zero),
    Wrong("01.numpy_copy", "only a[0, 0]", lambda: r7_flag_first_only),
    Wrong("01.numpy_copy", "subtracts 1 from the diagonal", lambda: r7_flag_minus_diag),
    # 01.center
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r7_center_global),
    Wrong("01.center", "axis=0: column means", lambda: r7_center_axis0),
    Wrong("01.center", "axis=1: right for 2-D only", lambda: r7_center_axis1),
    Wrong("01.center", "axis=-1 without keepdims: broadcasts along the wrong axis", lambda: r7_center_no_keepdims),
    Wrong("01.center", "[:, None]: 2-D only", lambda: r7_center_none_index),
    Wrong("01.center", "standardizes: divides by std too", lambda: r7_center_standardize),
    Wrong("01.center", "median, not mean: right on evenly spaced rows", lambda: r7_center_median),
    Wrong("01.center", "divides the row sums by the number of rows", lambda: r7_center_divide_rows),
    Wrong("01.center", "subtracts the first element of each row", lambda: r7_center_first_element),
    Wrong("01.center", "sneaky: returns x", lambda: r7_center_sneaky_identity),
    Wrong("01.center", "midrange instead of mean: right on symmetric rows", lambda: r7_center_minmax),
]

RIGHT_7 = [
    Right("01.arange", "jnp.arange(1, 20, 2)", lambda: jnp.arange(1, 20, 2)),
    Right("01.arange", "every other element of arange(20)", lambda: jnp.arange(20)[1::2]),
    Right("01.arange", "2 * arange(10) + 1", lambda: 2 * jnp.arange(10) + 1),
    Right("01.arange", "jnp.array of a range", lambda: jnp.array(range(1, 20, 2))),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.default_dtype", "b in lower case", lambda: "b"),
    Right("01.default_dtype", "B with a trailing space", lambda: "B "),
    Right("01.overflow_fix", "astype float32 before cubing", lambda: r7_cubes_right_astype),
    Right("01.overflow_fix", "v ** 3.0 computes in float", lambda: r7_cubes_right_float_power),
    Right("01.overflow_fix", "float dot of squares with v", lambda: r7_cubes_right_dot),
    Right("01.overflow_fix", "times 1.0 then x*x*x", lambda: r7_cubes_right_times_one),
    Right("01.numpy_copy", "np.asarray(m).copy()", lambda: r7_flag_right_copy),
    Right("01.numpy_copy", "np.where with eye", lambda: r7_flag_right_where),
    Right("01.numpy_copy", "np.array copy and diag_indices", lambda: r7_flag_right_diag_indices),
    Right("01.center", "mean with keepdims", lambda: r7_center_right_keepdims),
    Right("01.center", "mean(-1)[..., None]", lambda: r7_center_right_ellipsis),
    Right("01.center", "transpose, subtract axis-0 mean, transpose back", lambda: r7_center_right_transpose),
    Right("01.center", "sum over last axis divided by its length", lambda: r7_center_right_sum),
]
