"""Round 19, lesson 01 (Use jnp as a drop-in NumPy): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange: odds_down(n), the odd integers from n down to 1, default int dtype ------


def r19_odds_stop_at_one(n):
    return jnp.arange(n, 1, -2)  # stop is exclusive: 1 is left out


def r19_odds_positive_step(n):
    return jnp.arange(n, 0, 2)  # step sign forgotten: empty


def r19_odds_ascending(n):
    return jnp.arange(1, n + 1, 2)  # the right numbers, counting up


def r19_odds_every_integer(n):
    return jnp.arange(n, 0, -1)  # all integers, not only the odd ones


def r19_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)  # a float step makes floats


def r19_odds_numpy(n):
    return np.arange(n, 0, -2)  # np, not jnp


def r19_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2)  # right values, float dtype


def r19_odds_evens(n):
    return jnp.arange(n - 1, 0, -2)  # started one below n: the even numbers


def r19_odds_double_flip(n):
    return jnp.arange(n, 0, -2)[::-1]  # reversed once too often


def r19_odds_squeezed(n):
    return jnp.arange(n, 0, -2).squeeze()  # odds_down(1) becomes a 0-d array


def r19_odds_half_count(n):
    return n - 2 * jnp.arange(n // 2)  # n // 2 terms: one short


def r19_odds_python_list(n):
    return list(range(n, 0, -2))  # a Python list


# right ones


def r19_odds_flip_ascending(n):
    return jnp.flip(jnp.arange(1, n + 1, 2))


def r19_odds_stop_below_zero(n):
    return jnp.arange(n, -1, -2)  # -1 is never reached by odd n


def r19_odds_from_count(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r19_odds_from_range(n):
    return jnp.array(range(n, 0, -2))


def r19_odds_shift_evens(n):
    return jnp.arange(n + 1, 0, -2) - 1


# ---- 01.default_dtype: dtype of jnp.asarray(np.arange(3) / 2), and why (B) ---------------

# (predictions only; see the lists below)

# ---- 01.overflow_fix: sum_of_cubes(v) that does not overflow, a jax array of one number --


def r19_cubes_dtype_on_sum(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cubes overflow before the sum sees dtype=


def r19_cubes_int64_no_x64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 without x64 is int32 again


def r19_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)  # cast after the overflow


def r19_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)  # float16 tops out at 65504: inf


def r19_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)  # no overflow, but 3 digits


def r19_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3  # the cube of the sum


def r19_cubes_squares(v):
    return jnp.sum(v.astype(jnp.float32) ** 2)  # the page's squares, not cubes


def r19_cubes_divide_after_power(v):
    return jnp.sum(v**3 / 1.0)  # the division comes after the int32 cube


def r19_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))  # a Python float, not a jax array


def r19_cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)  # exact, but a NumPy int64


def r19_cubes_numpy_back_to_jax(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.int64) ** 3))  # int64 -> int32 again


def r19_cubes_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]  # fails on an empty v


def r19_cubes_mean_times_size(v):
    return jnp.mean(v.astype(jnp.float32) ** 3) * v.size  # nan for an empty v


def r19_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)  # unsigned: twice the room, still wraps


# right ones


def r19_cubes_three_factors(v):
    w = v.astype(jnp.float32)
    return jnp.sum(w * w * w)


def r19_cubes_dot(v):
    w = jnp.asarray(v, dtype=jnp.float32)
    return jnp.dot(w * w, w)


def r19_cubes_float_exponent(v):
    return jnp.sum(jnp.power(v, 3.0))  # a float exponent promotes to float32 first


def r19_cubes_einsum(v):
    w = v / 1  # true division: float32
    return jnp.einsum("i,i,i->", w, w, w)


# ---- 01.numpy_copy: flag_diagonal(m), a NumPy copy of m with its diagonal set to -1 ------


def r19_flag_readonly_view(m):
    a = np.asarray(m)  # a read-only view
    np.fill_diagonal(a, -1)
    return a


def r19_flag_returns_none(m):
    return np.fill_diagonal(np.array(m), -1)  # fill_diagonal returns None


def r19_flag_jnp_fill(m):
    return jnp.fill_diagonal(m, -1, inplace=False)  # a jax array, not NumPy


def r19_flag_lost_copy(m):
    np.fill_diagonal(np.array(m), -1)  # the filled copy is thrown away
    return np.array(m)


def r19_flag_float32_copy(m):
    a = np.array(m, dtype=np.float32)  # right for float m, not for int m
    np.fill_diagonal(a, -1)
    return a


def r19_flag_eye_arithmetic(m):
    eye = np.eye(m.shape[0])
    return np.asarray(m) * (1 - eye) - eye  # float64 whatever m was


def r19_flag_anti_diagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)  # the anti-diagonal
    return a


def r19_flag_plus_one(m):
    a = np.array(m)
    np.fill_diagonal(a, 1)
    return a


def r19_flag_back_to_jax(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)  # "back to JAX" at the end


def r19_flag_device_get(m):
    a = jax.device_get(m)  # also read-only
    np.fill_diagonal(a, -1)
    return a


def r19_flag_setflags(m):
    a = np.asarray(m)
    a.setflags(write=True)  # NumPy refuses: the memory is JAX's
    np.fill_diagonal(a, -1)
    return a


def r19_flag_off_by_one(m):
    a = np.array(m)
    n = a.shape[0]
    a[range(n - 1), range(n - 1)] = -1  # the last diagonal element missed
    return a


def r19_flag_transposed(m):
    a = np.array(m.T)  # transposed on the way
    np.fill_diagonal(a, -1)
    return a


# right ones


def r19_flag_np_copy(m):
    a = np.copy(m)
    np.fill_diagonal(a, -1)
    return a


def r19_flag_diag_indices(m):
    a = np.asarray(m).copy()
    a[np.diag_indices_from(a)] = -1
    return a


def r19_flag_loop(m):
    a = np.array(m, copy=True)
    for i in range(a.shape[0]):
        a[i, i] = -1
    return a


def r19_flag_jax_then_copy(m):
    i = jnp.arange(m.shape[0])
    return np.array(m.at[i, i].set(-1))


# ---- 01.center: subtract each row's mean along the last axis ----------------------------


def r19_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)  # broadcasts against the wrong axis


def r19_center_axis0(x):
    return x - jnp.mean(x, axis=0, keepdims=True)  # column means


def r19_center_global(x):
    return x - jnp.mean(x)  # one mean for everything


def r19_center_axis1(x):
    return x - jnp.mean(x, axis=1, keepdims=True)  # right for 2-D only


def r19_center_standardize(x):
    m = jnp.mean(x, axis=-1, keepdims=True)
    return (x - m) / jnp.std(x, axis=-1, keepdims=True)  # standardized, not centered


def r19_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r19_center_new_axis_1(x):
    return x - jnp.mean(x, axis=-1)[:, None]  # right for 2-D, not 1-D or 3-D


def r19_center_wrong_count(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[0]  # divides by the row count


def r19_center_per_matrix(x):
    return x - jnp.mean(x, axis=(-2, -1), keepdims=True)  # one mean per matrix


def r19_center_min(x):
    return x - jnp.min(x, axis=-1, keepdims=True)  # moved to start at 0


def r19_center_double(x):
    y = x - jnp.mean(x, axis=-1, keepdims=True)
    return y - jnp.mean(y, axis=0, keepdims=True)  # columns centered too


def r19_center_adds_one(x):
    return x - jnp.mean(x, axis=-1, keepdims=True) + 1.0  # another variant's target mean


def r19_center_keeps_dtype(x):
    return (x - jnp.mean(x, axis=-1, keepdims=True)).astype(x.dtype)  # truncates int rows


# right ones


def r19_center_method(x):
    return x - x.mean(-1, keepdims=True)


def r19_center_ellipsis(x):
    return x - jnp.mean(x, axis=-1)[..., None]


def r19_center_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r19_center_apply_along(x):
    return jnp.apply_along_axis(lambda row: row - jnp.mean(row), -1, x)


ROUND_19 = [
    # 01.arange
    Wrong("01.arange", "stop at 1: exclusive, so 1 is missing", lambda: r19_odds_stop_at_one),
    Wrong("01.arange", "step +2 from n to 0: empty", lambda: r19_odds_positive_step),
    Wrong("01.arange", "odd numbers counting up from 1", lambda: r19_odds_ascending),
    Wrong("01.arange", "step -1: every integer", lambda: r19_odds_every_integer),
    Wrong("01.arange", "step -2.0: float dtype", lambda: r19_odds_float_step),
    Wrong("01.arange", "np.arange: a NumPy array", lambda: r19_odds_numpy),
    Wrong("01.arange", "jnp.linspace: right values, floats", lambda: r19_odds_linspace),
    Wrong("01.arange", "started at n - 1: the evens", lambda: r19_odds_evens),
    Wrong("01.arange", "reversed the countdown again", lambda: r19_odds_double_flip),
    Wrong("01.arange", "squeeze: odds_down(1) is 0-d", lambda: r19_odds_squeezed),
    Wrong("01.arange", "n // 2 terms: one too few", lambda: r19_odds_half_count),
    Wrong("01.arange", "a Python list from range", lambda: r19_odds_python_list),
    # 01.default_dtype
    Wrong("01.default_dtype", "A: thought JAX keeps the float64 it is given", lambda: "A"),
    Wrong("01.default_dtype", "C: believes accelerators have no float64", lambda: "C"),
    Wrong("01.default_dtype", "D: asarray shares memory, so float64", lambda: "D"),
    Wrong("01.default_dtype", "both float32 options, BC", lambda: "BC"),
    Wrong("01.default_dtype", "typed the dtype, float32, not a letter", lambda: "float32"),
    Wrong("01.default_dtype", "typed float64, NumPy's dtype", lambda: "float64"),
    Wrong("01.default_dtype", "undecided: 'B or C'", lambda: "B or C"),
    Wrong("01.default_dtype", "the dtype object jnp.float32", lambda: jnp.float32),
    Wrong("01.default_dtype", "the index of B, 1", lambda: 1),
    Wrong("01.default_dtype", "left it empty", lambda: ""),
    Wrong("01.default_dtype", "A, with the reason copied after it", lambda: "A: JAX keeps float64"),
    # 01.overflow_fix
    Wrong(
        "01.overflow_fix",
        "dtype=float32 on the sum, cubes in int32",
        lambda: r19_cubes_dtype_on_sum,
    ),
    Wrong(
        "01.overflow_fix", "astype(int64) without x64: still int32", lambda: r19_cubes_int64_no_x64
    ),
    Wrong("01.overflow_fix", "cast to float after the int sum", lambda: r19_cubes_cast_after),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r19_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: too few digits", lambda: r19_cubes_bfloat16),
    Wrong("01.overflow_fix", "cube of the sum, not sum of cubes", lambda: r19_cubes_cube_of_sum),
    Wrong("01.overflow_fix", "sum of squares, as on the page", lambda: r19_cubes_squares),
    Wrong(
        "01.overflow_fix",
        "divides by 1.0 after cubing in int32",
        lambda: r19_cubes_divide_after_power,
    ),
    Wrong("01.overflow_fix", "returns a Python float", lambda: r19_cubes_python_float),
    Wrong("01.overflow_fix", "NumPy int64 sum: NumPy result", lambda: r19_cubes_numpy_int64),
    Wrong(
        "01.overflow_fix",
        "NumPy int64 sum handed back to jnp.asarray",
        lambda: r19_cubes_numpy_back_to_jax,
    ),
    Wrong(
        "01.overflow_fix", "last cumsum element: breaks on empty v", lambda: r19_cubes_cumsum_last
    ),
    Wrong("01.overflow_fix", "mean times size: nan on empty v", lambda: r19_cubes_mean_times_size),
    Wrong("01.overflow_fix", "uint32 cubes: wraps later", lambda: r19_cubes_uint32),
    # 01.numpy_copy
    Wrong(
        "01.numpy_copy",
        "fill_diagonal on np.asarray's read-only view",
        lambda: r19_flag_readonly_view,
    ),
    Wrong("01.numpy_copy", "returns fill_diagonal's None", lambda: r19_flag_returns_none),
    Wrong("01.numpy_copy", "jnp.fill_diagonal: a jax array back", lambda: r19_flag_jnp_fill),
    Wrong("01.numpy_copy", "filled a copy, returned another", lambda: r19_flag_lost_copy),
    Wrong("01.numpy_copy", "copy made float32: int m changes dtype", lambda: r19_flag_float32_copy),
    Wrong("01.numpy_copy", "arithmetic with np.eye: float64", lambda: r19_flag_eye_arithmetic),
    Wrong("01.numpy_copy", "fliplr: the anti-diagonal set", lambda: r19_flag_anti_diagonal),
    Wrong("01.numpy_copy", "diagonal set to +1", lambda: r19_flag_plus_one),
    Wrong("01.numpy_copy", "turned back into a jax array", lambda: r19_flag_back_to_jax),
    Wrong("01.numpy_copy", "jax.device_get: read-only too", lambda: r19_flag_device_get),
    Wrong("01.numpy_copy", "setflags(write=True) on the view", lambda: r19_flag_setflags),
    Wrong("01.numpy_copy", "range(n - 1): last element kept", lambda: r19_flag_off_by_one),
    Wrong("01.numpy_copy", "copied m.T: off-diagonal transposed", lambda: r19_flag_transposed),
    # 01.center
    Wrong("01.center", "no keepdims: broadcasts the wrong way", lambda: r19_center_no_keepdims),
    Wrong("01.center", "axis=0: column means", lambda: r19_center_axis0),
    Wrong("01.center", "one global mean", lambda: r19_center_global),
    Wrong("01.center", "axis=1: fine for 2-D only", lambda: r19_center_axis1),
    Wrong("01.center", "also divides by the std", lambda: r19_center_standardize),
    Wrong("01.center", "subtracts the median", lambda: r19_center_median),
    Wrong("01.center", "[:, None] on the means: 2-D only", lambda: r19_center_new_axis_1),
    Wrong("01.center", "sum / shape[0]: right for square only", lambda: r19_center_wrong_count),
    Wrong("01.center", "one mean per matrix, axes (-2, -1)", lambda: r19_center_per_matrix),
    Wrong("01.center", "subtracts the row minimum", lambda: r19_center_min),
    Wrong("01.center", "centers the columns afterwards too", lambda: r19_center_double),
    Wrong("01.center", "adds 1.0 back, another variant", lambda: r19_center_adds_one),
    Wrong("01.center", "casts back to x's dtype", lambda: r19_center_keeps_dtype),
]

RIGHT_19 = [
    Right("01.arange", "ascending odds, then jnp.flip", lambda: r19_odds_flip_ascending),
    Right("01.arange", "stop at -1 instead of 0", lambda: r19_odds_stop_below_zero),
    Right("01.arange", "n minus 2 * arange of the count", lambda: r19_odds_from_count),
    Right("01.arange", "jnp.array of a Python range", lambda: r19_odds_from_range),
    Right("01.arange", "evens from n + 1 down, minus 1", lambda: r19_odds_shift_evens),
    Right("01.default_dtype", "lower case with a space", lambda: " b"),
    Right("01.default_dtype", "B with a full stop", lambda: "B."),
    Right("01.default_dtype", "plain B", lambda: "B"),
    Right("01.default_dtype", "B in parentheses", lambda: "(B)"),
    Right("01.overflow_fix", "float32 cast, w * w * w", lambda: r19_cubes_three_factors),
    Right("01.overflow_fix", "jnp.dot of squares with v", lambda: r19_cubes_dot),
    Right("01.overflow_fix", "jnp.power with exponent 3.0", lambda: r19_cubes_float_exponent),
    Right("01.overflow_fix", "v / 1 then einsum", lambda: r19_cubes_einsum),
    Right("01.numpy_copy", "np.copy then fill_diagonal", lambda: r19_flag_np_copy),
    Right("01.numpy_copy", "diag_indices_from on a copy", lambda: r19_flag_diag_indices),
    Right("01.numpy_copy", "a Python loop over the diagonal", lambda: r19_flag_loop),
    Right("01.numpy_copy", ".at[i, i].set(-1), then np.array", lambda: r19_flag_jax_then_copy),
    Right("01.center", "x.mean(-1, keepdims=True)", lambda: r19_center_method),
    Right("01.center", "mean(axis=-1)[..., None]", lambda: r19_center_ellipsis),
    Right("01.center", "through the transpose, axis 0", lambda: r19_center_transpose),
    Right("01.center", "jnp.apply_along_axis, last axis", lambda: r19_center_apply_along),
]
