"""Round 21, lesson 01 (Use jnp as a drop-in NumPy): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange: odd integers from n down to 1, default int dtype ------------------------


def r21_arange_stop_one(n):
    return jnp.arange(n, 1, -2)  # stop 1 is excluded: the 1 goes missing


def r21_arange_ascending(n):
    return jnp.arange(1, n + 1, 2)


def r21_arange_positive_step(n):
    return jnp.arange(n, 0, 2)  # forgot the minus: empty


def r21_arange_every_int(n):
    return jnp.arange(n, 0, -1)


def r21_arange_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r21_arange_int16(n):
    return jnp.arange(n, 0, -2, dtype=jnp.int16)


def r21_arange_numpy(n):
    return np.arange(n, 0, -2)


def r21_arange_reverse_evens(n):
    return jnp.arange(n)[::-2]  # 6, 4, 2, 0 for n = 7


def r21_arange_flip_misses_n(n):
    return jnp.flip(jnp.arange(1, n, 2))  # stop n excluded: n goes missing


def r21_arange_n_as_count(n):
    return jnp.arange(2 * n - 1, 0, -2)  # read n as "how many odd numbers"


def r21_arange_tolist(n):
    return jnp.arange(n, 0, -2).tolist()


def r21_arange_linspace_int(n):
    return jnp.linspace(n, 1, n // 2 + 1, dtype=jnp.int32)


def r21_arange_special_case_one(n):
    if n == 1:
        return 1  # "only one number, no array needed"
    return jnp.arange(n, 0, -2)


def r21_arange_right_stop_minus_one(n):
    return jnp.arange(n, -1, -2)


def r21_arange_right_slice(n):
    return jnp.arange(n + 1)[::-2]


def r21_arange_right_from_range(n):
    return jnp.array(list(range(n, 0, -2)))


def r21_arange_right_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


# ---- 01.default_dtype: prediction, B ---------------------------------------------------

# ---- 01.overflow_fix: sum of cubes without int32 overflow -------------------------------


def r21_overflow_unchanged(v):
    return jnp.sum(v**3)


def r21_overflow_cast_sum_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r21_overflow_cast_cubes_after(v):
    return jnp.sum((v**3).astype(jnp.float32))


def r21_overflow_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 is int32 without x64


def r21_overflow_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)


def r21_overflow_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r21_overflow_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r21_overflow_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r21_overflow_numpy_int64(v):
    return np.sum(np.asarray(v).astype(np.int64) ** 3)


def r21_overflow_numpy_back_to_jnp(v):
    return jnp.asarray(np.sum(np.asarray(v).astype(np.int64) ** 3))


def r21_overflow_square_in_int(v):
    return jnp.sum(v**2 * v.astype(jnp.float32))  # v**2 still int32


def r21_overflow_formula(v):
    n = v.size
    return jnp.float32((n * (n - 1) // 2) ** 2)  # sum of cubes of 0..n-1


def r21_overflow_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r21_overflow_mean_times_size(v):
    w = v.astype(jnp.float32)
    return jnp.mean(w**3) * v.size  # nan for an empty v


def r21_overflow_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]


def r21_overflow_right_power_float(v):
    return jnp.sum(jnp.power(v, 3.0))


def r21_overflow_right_dot(v):
    w = v.astype(float)
    return jnp.dot(w * w, w)


def r21_overflow_right_times_one(v):
    w = v * 1.0
    return (w * w * w).sum()


def r21_overflow_right_einsum(v):
    w = jnp.asarray(v, dtype=jnp.float32)
    return jnp.einsum("i,i,i->", w, w, w)


# ---- 01.numpy_copy: a NumPy copy of m with its diagonal set to -1 -----------------------


def r21_copy_asarray_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view: ValueError
    return a


def r21_copy_return_fill(m):
    return np.fill_diagonal(np.array(m), -1)  # returns None


def r21_copy_jnp_fill(m):
    return jnp.fill_diagonal(m, -1, inplace=False)  # a jax array, not NumPy


def r21_copy_float_dtype(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r21_copy_anti_diagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r21_copy_eye_arithmetic(m):
    a = np.array(m)
    return a - np.eye(len(a)) * (np.diag(a) + 1)


def r21_copy_hardcoded_three(m):
    a = np.array(m)
    for i in range(3):
        a[i, i] = -1
    return a


def r21_copy_setflags(m):
    a = np.asarray(m)
    a.setflags(write=True)
    np.fill_diagonal(a, -1)
    return a


def r21_copy_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r21_copy_int32(m):
    a = np.array(m, dtype=np.int32)
    np.fill_diagonal(a, -1)
    return a


def r21_copy_jax_copy(m):
    a = m.copy()
    np.fill_diagonal(a, -1)
    return a


def r21_copy_skips_first(m):
    a = np.array(m)
    for i in range(1, len(a)):
        a[i, i] = -1
    return a


def r21_copy_subtracts_one(m):
    a = np.array(m)
    a[np.diag_indices_from(a)] -= 1
    return a


def r21_copy_where_float(m):
    a = np.array(m)
    return np.where(np.eye(len(a)) == 1, -1.0, a)


def r21_copy_tolist(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return a.tolist()


def r21_copy_right_np_copy(m):
    a = np.copy(m)
    a[np.arange(len(a)), np.arange(len(a))] = -1
    return a


def r21_copy_right_loop(m):
    a = np.asarray(m).copy()
    for i in range(a.shape[0]):
        a[i, i] = -1
    return a


def r21_copy_right_jnp_where(m):
    n = m.shape[0]
    return np.asarray(jnp.where(jnp.eye(n, dtype=bool), -1, m))


def r21_copy_right_at_set(m):
    idx = jnp.arange(m.shape[0])
    return np.array(m.at[idx, idx].set(-1))


# ---- 01.center: subtract each row's mean (last axis) ------------------------------------


def r21_center_global_mean(x):
    return x - jnp.mean(x)


def r21_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r21_center_axis1_keepdims(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r21_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r21_center_none_index(x):
    return x - jnp.mean(x, axis=-1)[:, None]


def r21_center_standardize(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r21_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r21_center_columns(x):
    return x - jnp.mean(x, axis=-2, keepdims=True)


def r21_center_sign(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x


def r21_center_divide_shape0(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[0]


def r21_center_keep_dtype(x):
    return (x - jnp.mean(x, axis=-1, keepdims=True)).astype(x.dtype)


def r21_center_whole_matrix(x):
    return x - jnp.mean(x, axis=(-2, -1), keepdims=True)


def r21_center_only_means(x):
    return jnp.mean(x, axis=-1, keepdims=True)


def r21_center_axis_ndim(x):
    return x - jnp.mean(x, axis=x.ndim, keepdims=True)


def r21_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def r21_center_right_inplace_op(x):
    x -= x.mean(-1, keepdims=True)  # rebinds x: jax arrays are never changed
    return x


def r21_center_right_none_index(x):
    return x - x.mean(axis=-1)[..., None]


def r21_center_right_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r21_center_right_sum_over_len(x):
    return x - jnp.expand_dims(jnp.sum(x, axis=-1) / x.shape[-1], -1)


ROUND_21 = [
    # 01.arange
    Wrong("01.arange", "stop at 1: the 1 itself goes missing", lambda: r21_arange_stop_one),
    Wrong("01.arange", "counts up from 1 instead of down", lambda: r21_arange_ascending),
    Wrong("01.arange", "step +2 from n to 0: an empty array", lambda: r21_arange_positive_step),
    Wrong("01.arange", "step -1: every integer, not the odd ones", lambda: r21_arange_every_int),
    Wrong("01.arange", "step -2.0 makes the array float", lambda: r21_arange_float_step),
    Wrong("01.arange", "dtype=jnp.int16 to keep it small", lambda: r21_arange_int16),
    Wrong("01.arange", "np.arange: a NumPy int64 array", lambda: r21_arange_numpy),
    Wrong("01.arange", "arange(n)[::-2]: evens from n-1 down", lambda: r21_arange_reverse_evens),
    Wrong("01.arange", "flipped arange(1, n, 2): n missing", lambda: r21_arange_flip_misses_n),
    Wrong("01.arange", "read n as how many odd numbers", lambda: r21_arange_n_as_count),
    Wrong("01.arange", "returned .tolist(), a Python list", lambda: r21_arange_tolist),
    Wrong("01.arange", "linspace with an int dtype", lambda: r21_arange_linspace_int),
    Wrong("01.arange", "n == 1 returns the Python int 1", lambda: r21_arange_special_case_one),
    # 01.default_dtype (answer B)
    Wrong("01.default_dtype", "A: thinks JAX keeps the float64 it is given", lambda: "A"),
    Wrong("01.default_dtype", "C: thinks JAX has no float64 at all", lambda: "C"),
    Wrong("01.default_dtype", "D: thinks asarray shares NumPy's memory", lambda: "D"),
    Wrong("01.default_dtype", "BC: both float32 options", lambda: "BC"),
    Wrong("01.default_dtype", "AD: both float64 options", lambda: "AD"),
    Wrong("01.default_dtype", "typed the dtype name float32", lambda: "float32"),
    Wrong("01.default_dtype", "typed the dtype name float64", lambda: "float64"),
    Wrong("01.default_dtype", "set it to the dtype object jnp.float32", lambda: jnp.float32),
    Wrong("01.default_dtype", "the option's number, 2", lambda: 2),
    Wrong("01.default_dtype", "the right letter inside a list", lambda: ["B"]),
    Wrong("01.default_dtype", "left the placeholder ...", lambda: ...),
    # 01.overflow_fix
    Wrong(
        "01.overflow_fix",
        "left the colleague's int32 sum as it was",
        lambda: r21_overflow_unchanged,
    ),
    Wrong(
        "01.overflow_fix", "cast the overflowed sum to float32", lambda: r21_overflow_cast_sum_after
    ),
    Wrong(
        "01.overflow_fix",
        "cast the cubes after cubing in int32",
        lambda: r21_overflow_cast_cubes_after,
    ),
    Wrong("01.overflow_fix", "astype(jnp.int64) without x64: int32", lambda: r21_overflow_int64),
    Wrong(
        "01.overflow_fix",
        "jnp.sum(v**3, dtype=float32): cubes int32",
        lambda: r21_overflow_sum_dtype,
    ),
    Wrong(
        "01.overflow_fix", "uint32: twice the range, still overflows", lambda: r21_overflow_uint32
    ),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r21_overflow_float16),
    Wrong(
        "01.overflow_fix", "bfloat16: 3 digits, error far over 1e-5", lambda: r21_overflow_bfloat16
    ),
    Wrong(
        "01.overflow_fix", "NumPy int64 sum: exact but np.int64", lambda: r21_overflow_numpy_int64
    ),
    Wrong(
        "01.overflow_fix",
        "NumPy int64 sum put back with jnp.asarray",
        lambda: r21_overflow_numpy_back_to_jnp,
    ),
    Wrong("01.overflow_fix", "v**2 in int32 times float v", lambda: r21_overflow_square_in_int),
    Wrong(
        "01.overflow_fix", "formula for 0..n-1: assumes v = arange", lambda: r21_overflow_formula
    ),
    Wrong("01.overflow_fix", "returns a Python float", lambda: r21_overflow_python_float),
    Wrong(
        "01.overflow_fix",
        "mean times size: nan on an empty v",
        lambda: r21_overflow_mean_times_size,
    ),
    Wrong(
        "01.overflow_fix", "last cumsum element: fails on empty v", lambda: r21_overflow_cumsum_last
    ),
    # 01.numpy_copy
    Wrong(
        "01.numpy_copy",
        "fill_diagonal on np.asarray's read-only view",
        lambda: r21_copy_asarray_view,
    ),
    Wrong(
        "01.numpy_copy", "returned what fill_diagonal returns (None)", lambda: r21_copy_return_fill
    ),
    Wrong("01.numpy_copy", "jnp.fill_diagonal: a jax array back", lambda: r21_copy_jnp_fill),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): float64", lambda: r21_copy_float_dtype),
    Wrong("01.numpy_copy", "fliplr view: set the anti-diagonal", lambda: r21_copy_anti_diagonal),
    Wrong("01.numpy_copy", "subtracted eye * (diag + 1): float64", lambda: r21_copy_eye_arithmetic),
    Wrong("01.numpy_copy", "loop of range(3): only fits 3x3", lambda: r21_copy_hardcoded_three),
    Wrong("01.numpy_copy", "setflags(write=True) on the view", lambda: r21_copy_setflags),
    Wrong("01.numpy_copy", "filled a copy, returned m", lambda: r21_copy_returns_m),
    Wrong("01.numpy_copy", "copied as int32: float m loses its dtype", lambda: r21_copy_int32),
    Wrong("01.numpy_copy", "fill_diagonal on m.copy(), a jax array", lambda: r21_copy_jax_copy),
    Wrong("01.numpy_copy", "loop from 1: a[0, 0] never flagged", lambda: r21_copy_skips_first),
    Wrong("01.numpy_copy", "subtracted 1 from the diagonal", lambda: r21_copy_subtracts_one),
    Wrong(
        "01.numpy_copy", "np.where with -1.0: int m becomes float64", lambda: r21_copy_where_float
    ),
    Wrong("01.numpy_copy", "returned a.tolist()", lambda: r21_copy_tolist),
    # 01.center
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r21_center_global_mean),
    Wrong("01.center", "mean along axis 0", lambda: r21_center_axis0),
    Wrong(
        "01.center", "axis=1 with keepdims: only right for 2-D", lambda: r21_center_axis1_keepdims
    ),
    Wrong("01.center", "axis=-1 without keepdims", lambda: r21_center_no_keepdims),
    Wrong("01.center", "row means [:, None]: 2-D only", lambda: r21_center_none_index),
    Wrong("01.center", "also divides by the std", lambda: r21_center_standardize),
    Wrong("01.center", "subtracts the median", lambda: r21_center_median),
    Wrong("01.center", "means along axis -2: centers columns", lambda: r21_center_columns),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r21_center_sign),
    Wrong("01.center", "row sums divided by shape[0]", lambda: r21_center_divide_shape0),
    Wrong("01.center", "casts back to x's dtype: ints truncated", lambda: r21_center_keep_dtype),
    Wrong("01.center", "3-D: each whole matrix centered", lambda: r21_center_whole_matrix),
    Wrong("01.center", "returns the row means themselves", lambda: r21_center_only_means),
    Wrong("01.center", "axis=x.ndim: one past the last axis", lambda: r21_center_axis_ndim),
    Wrong("01.center", "did it in NumPy: a NumPy array back", lambda: r21_center_numpy),
]

RIGHT_21 = [
    Right("01.arange", "arange(n, -1, -2)", lambda: r21_arange_right_stop_minus_one),
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r21_arange_right_slice),
    Right("01.arange", "jnp.array of a Python range", lambda: r21_arange_right_from_range),
    Right("01.arange", "n - 2 * arange(count)", lambda: r21_arange_right_formula),
    Right("01.default_dtype", "lower case b", lambda: "b"),
    Right("01.default_dtype", "B with a full stop", lambda: "B."),
    Right("01.default_dtype", "B with spaces around", lambda: " B "),
    Right("01.overflow_fix", "jnp.power(v, 3.0)", lambda: r21_overflow_right_power_float),
    Right("01.overflow_fix", "dot of w*w with w, astype(float)", lambda: r21_overflow_right_dot),
    Right(
        "01.overflow_fix", "v * 1.0 cubed by products, .sum()", lambda: r21_overflow_right_times_one
    ),
    Right("01.overflow_fix", "einsum of three float32 copies", lambda: r21_overflow_right_einsum),
    Right("01.numpy_copy", "np.copy and fancy indexing", lambda: r21_copy_right_np_copy),
    Right("01.numpy_copy", "asarray().copy() and a loop", lambda: r21_copy_right_loop),
    Right("01.numpy_copy", "jnp.where on eye, then np.asarray", lambda: r21_copy_right_jnp_where),
    Right("01.numpy_copy", "m.at[i, i].set(-1), then np.array", lambda: r21_copy_right_at_set),
    Right("01.center", "x -= row means (rebinds x)", lambda: r21_center_right_inplace_op),
    Right("01.center", "mean(-1)[..., None]", lambda: r21_center_right_none_index),
    Right(
        "01.center", "transpose, mean over axis 0, transpose", lambda: r21_center_right_transpose
    ),
    Right("01.center", "sum / shape[-1] with expand_dims", lambda: r21_center_right_sum_over_len),
]
