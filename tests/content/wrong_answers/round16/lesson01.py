"""Round 16, lesson 01 (jnp as NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 01.arange


def r16_odds_stop_one(n):
    return jnp.arange(n, 1, -2)  # stop is exclusive: 1 is lost


def r16_odds_all_down(n):
    return jnp.arange(n, 0, -1)


def r16_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r16_odds_positive_step(n):
    return jnp.arange(n, 0, 2)


def r16_odds_hardcoded(n):
    return jnp.array([7, 5, 3, 1])


def r16_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # goes one step too far: ends at -1


def r16_odds_reverse_short(n):
    return jnp.arange(1, n, 2)[::-1]  # forgot n itself


def r16_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2)


def r16_odds_numpy(n):
    return np.arange(n, 0, -2)


def r16_odds_float_stop(n):
    return jnp.arange(n, 0.5, -2)  # a float stop "to be safe" makes floats


def r16_odds_int16(n):
    return jnp.arange(n, 0, -2, dtype=jnp.int16)


def r16_odds_evens(n):
    return jnp.arange(n + 1, 0, -2)


def r16_odds_right_reverse(n):
    return jnp.flip(jnp.arange(1, n + 1, 2))


def r16_odds_right_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r16_odds_right_minus_one(n):
    return jnp.arange(n, -1, -2)  # stops before -1: for odd n the last is 1


def r16_odds_right_rounded(n):
    return jnp.round(jnp.linspace(n, 1, (n + 1) // 2)).astype(int)


# ---------------------------------------------------------------- 01.overflow_fix


def r16_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # cubes already wrapped in int32


def r16_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r16_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 silently stays int32


def r16_cubes_times_float(v):
    return jnp.sum(v**3 * 1.0)


def r16_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r16_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r16_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r16_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r16_cubes_numpy_back(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.int64) ** 3))  # back to int32


def r16_cubes_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]  # empty v has no last


def r16_cubes_mean_times_len(v):
    return jnp.mean(v.astype(jnp.float32) ** 3) * v.size  # empty: nan


def r16_cubes_square_of_sum(v):
    s = jnp.sum(v.astype(jnp.float32))
    return s * s  # Nicomachus: true only for 0, 1, ..., n-1


def r16_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r16_cubes_dot_demo(v):
    f = v.astype(jnp.float32)
    return jnp.dot(f, f)  # the page's dot product, squares not cubes


def r16_cubes_right_power_float(v):
    return jnp.sum(jnp.power(v, 3.0))


def r16_cubes_right_einsum(v):
    f = v * 1.0
    return jnp.einsum("i,i,i->", f, f, f)


def r16_cubes_right_numpy64(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.float64) ** 3))


def r16_cubes_right_dot(v):
    f = v.astype(float)
    return jnp.dot(f * f, f)


# ---------------------------------------------------------------- 01.numpy_copy


def r16_flag_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view: ValueError
    return a


def r16_flag_returns_none(m):
    a = np.array(m)
    return np.fill_diagonal(a, -1)


def r16_flag_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r16_flag_float64(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r16_flag_int32(m):
    a = np.array(m, dtype=np.int32)
    np.fill_diagonal(a, -1)
    return a


def r16_flag_eye(m):
    a = np.array(m)
    return a - np.diag(np.diag(a)) - np.eye(len(a))  # float64 from eye


def r16_flag_jax(m):
    idx = jnp.arange(m.shape[0])
    return m.at[idx, idx].set(-1)  # still a jax array


def r16_flag_antidiagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r16_flag_flat_step(m):
    a = np.array(m)
    a.flat[:: len(a)] = -1  # step n, should be n + 1
    return a


def r16_flag_transposed(m):
    a = np.array(m).T
    np.fill_diagonal(a, -1)
    return a


def r16_flag_first(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r16_flag_plus_one(m):
    a = np.array(m)
    np.fill_diagonal(a, 1)
    return a


def r16_flag_right_flat(m):
    a = np.array(m)
    a.flat[:: len(a) + 1] = -1
    return a


def r16_flag_right_where(m):
    host = np.asarray(m)
    return np.where(np.eye(len(host), dtype=bool), -1, host).astype(host.dtype)


def r16_flag_right_jax_then_numpy(m):
    idx = jnp.arange(m.shape[0])
    return np.asarray(m.at[idx, idx].set(-1))  # a read-only NumPy array


def r16_flag_right_copy(m):
    a = np.asarray(m).copy()
    a[range(len(a)), range(len(a))] = -1
    return a


# ---------------------------------------------------------------- 01.center


def r16_center_global(x):
    return x - jnp.mean(x)


def r16_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r16_center_axis1_keep(x):
    return x - jnp.mean(x, axis=1, keepdims=True)  # right for 2-D only


def r16_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r16_center_none_index(x):
    return x - jnp.mean(x, axis=-1)[:, None]  # 2-D thinking


def r16_center_standardize(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r16_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r16_center_n_minus_one(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / (x.shape[-1] - 1)


def r16_center_sign(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x


def r16_center_shape1(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[1]  # count from axis 1


def r16_center_per_matrix(x):
    return x - jnp.mean(x, axis=(-2, -1), keepdims=True)


def r16_center_floordiv(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) // x.shape[-1]


def r16_center_transposed_mean(x):
    return x - jnp.mean(x, axis=-1, keepdims=True).T


def r16_center_flat_rows(x):
    rows = x.reshape(-1, x.shape[-1])
    return rows - rows.mean(axis=1, keepdims=True)  # never reshaped back


def r16_center_columns_via_T(x):
    return (x.T - x.T.mean(-1, keepdims=True)).T


def r16_center_max(x):
    return x - jnp.max(x, axis=-1, keepdims=True)


def r16_center_right_full_T(x):
    return (x.T - x.T.mean(axis=0)).T  # .T reverses every axis


def r16_center_right_apply(x):
    return jnp.apply_along_axis(lambda row: row - row.mean(), -1, x)


def r16_center_right_ellipsis(x):
    return x - (jnp.sum(x, axis=-1) / x.shape[-1])[..., jnp.newaxis]


def r16_center_right_nanmean(x):
    return jnp.subtract(x, jnp.nanmean(x, axis=x.ndim - 1, keepdims=True)) + 0.0


ROUND_16 = [
    Wrong("01.arange", "stop=1 is exclusive: the 1 is missing", lambda: r16_odds_stop_one),
    Wrong("01.arange", "step -1: every integer, not only the odd ones", lambda: r16_odds_all_down),
    Wrong("01.arange", "odd numbers counted up, not down", lambda: r16_odds_up),
    Wrong("01.arange", "step +2 from n to 0: an empty array", lambda: r16_odds_positive_step),
    Wrong("01.arange", "wrote the page's example 7, 5, 3, 1 literally", lambda: r16_odds_hardcoded),
    Wrong("01.arange", "stop -2: one step too far, ends at -1", lambda: r16_odds_past_zero),
    Wrong(
        "01.arange", "reversed arange(1, n, 2): n itself missing", lambda: r16_odds_reverse_short
    ),
    Wrong("01.arange", "linspace from n to 1: right values as floats", lambda: r16_odds_linspace),
    Wrong("01.arange", "np.arange: NumPy int64 array", lambda: r16_odds_numpy),
    Wrong("01.arange", "stop 0.5 'to include 1': float dtype", lambda: r16_odds_float_stop),
    Wrong("01.arange", "dtype=int16 to save memory", lambda: r16_odds_int16),
    Wrong("01.arange", "started at n + 1: the even numbers", lambda: r16_odds_evens),
    Wrong("01.default_dtype", "A: JAX keeps the float64 it is given", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 at all on accelerators", lambda: "C"),
    Wrong("01.default_dtype", "D: no copy, so NumPy's dtype", lambda: "D"),
    Wrong("01.default_dtype", "lower case b", lambda: "b"),
    Wrong("01.default_dtype", "B) with the bracket", lambda: "B)"),
    Wrong("01.default_dtype", "option b, typed as words", lambda: "option b"),
    Wrong("01.default_dtype", "the dtype's name, not the letter", lambda: "float32"),
    Wrong("01.default_dtype", "two letters: both float32 options", lambda: "BC"),
    Wrong("01.default_dtype", "B with its reason pasted after it", lambda: "B: float32 by default"),
    Wrong("01.default_dtype", "the dtype object instead of a letter", lambda: jnp.float32),
    Wrong(
        "01.overflow_fix", "sum(dtype=float32): cubes already wrapped", lambda: r16_cubes_sum_dtype
    ),
    Wrong("01.overflow_fix", "cast the wrapped int32 sum to float", lambda: r16_cubes_cast_after),
    Wrong("01.overflow_fix", "astype(int64) without x64: still int32", lambda: r16_cubes_int64),
    Wrong(
        "01.overflow_fix",
        "v**3 * 1.0: multiplies after the overflow",
        lambda: r16_cubes_times_float,
    ),
    Wrong("01.overflow_fix", "uint32: twice the range, still wraps", lambda: r16_cubes_uint32),
    Wrong("01.overflow_fix", "float16 cubes overflow to inf", lambda: r16_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: no overflow but 3 digits", lambda: r16_cubes_bfloat16),
    Wrong(
        "01.overflow_fix", "returns a Python float, not a jax array", lambda: r16_cubes_python_float
    ),
    Wrong(
        "01.overflow_fix",
        "exact int64 in NumPy, then jnp.asarray wraps it",
        lambda: r16_cubes_numpy_back,
    ),
    Wrong("01.overflow_fix", "cumsum(...)[-1]: fails on an empty v", lambda: r16_cubes_cumsum_last),
    Wrong(
        "01.overflow_fix", "mean times size: nan on an empty v", lambda: r16_cubes_mean_times_len
    ),
    Wrong(
        "01.overflow_fix",
        "(sum v)**2 identity: right only for arange",
        lambda: r16_cubes_square_of_sum,
    ),
    Wrong(
        "01.overflow_fix", "cubed the sum instead of summing cubes", lambda: r16_cubes_cube_of_sum
    ),
    Wrong(
        "01.overflow_fix", "copied the float dot demo: sum of squares", lambda: r16_cubes_dot_demo
    ),
    Wrong("01.numpy_copy", "np.asarray view: fill_diagonal on read-only", lambda: r16_flag_view),
    Wrong("01.numpy_copy", "returned fill_diagonal's result, None", lambda: r16_flag_returns_none),
    Wrong("01.numpy_copy", "filled a copy but returned m", lambda: r16_flag_returns_m),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): dtype changed", lambda: r16_flag_float64),
    Wrong("01.numpy_copy", "forced int32 dtype, breaks float m", lambda: r16_flag_int32),
    Wrong("01.numpy_copy", "subtract diag and np.eye: float64 result", lambda: r16_flag_eye),
    Wrong("01.numpy_copy", "m.at[i, i].set(-1): a jax array back", lambda: r16_flag_jax),
    Wrong(
        "01.numpy_copy",
        "fill_diagonal through fliplr: anti-diagonal",
        lambda: r16_flag_antidiagonal,
    ),
    Wrong("01.numpy_copy", "a.flat[::n] = -1: step n, not n + 1", lambda: r16_flag_flat_step),
    Wrong("01.numpy_copy", "copied m.T, so the result is transposed", lambda: r16_flag_transposed),
    Wrong("01.numpy_copy", "set only a[0, 0]", lambda: r16_flag_first),
    Wrong("01.numpy_copy", "diagonal set to +1", lambda: r16_flag_plus_one),
    Wrong("01.center", "subtracted the mean of the whole array", lambda: r16_center_global),
    Wrong("01.center", "axis=0: column means", lambda: r16_center_axis0),
    Wrong(
        "01.center", "axis=1 keepdims: right for 2-D, not 1-D or 3-D", lambda: r16_center_axis1_keep
    ),
    Wrong(
        "01.center", "axis=-1 without keepdims: broadcasts wrong", lambda: r16_center_no_keepdims
    ),
    Wrong("01.center", "mean(axis=-1)[:, None]: 2-D only", lambda: r16_center_none_index),
    Wrong("01.center", "also divided by the row's std", lambda: r16_center_standardize),
    Wrong("01.center", "subtracted the row's median", lambda: r16_center_median),
    Wrong("01.center", "divided the row sum by n - 1", lambda: r16_center_n_minus_one),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r16_center_sign),
    Wrong("01.center", "row length from x.shape[1]", lambda: r16_center_shape1),
    Wrong("01.center", "mean over the last two axes, per matrix", lambda: r16_center_per_matrix),
    Wrong("01.center", "floor division by the row length", lambda: r16_center_floordiv),
    Wrong("01.center", "keepdims mean transposed with .T", lambda: r16_center_transposed_mean),
    Wrong("01.center", "reshaped to rows, never reshaped back", lambda: r16_center_flat_rows),
    Wrong("01.center", "centered x.T's rows: the columns of x", lambda: r16_center_columns_via_T),
    Wrong("01.center", "subtracted the row's max", lambda: r16_center_max),
]

RIGHT_16 = [
    Right("01.arange", "flip of the odd numbers counted up", lambda: r16_odds_right_reverse),
    Right("01.arange", "n - 2 * arange(count)", lambda: r16_odds_right_formula),
    Right("01.arange", "arange(n, -1, -2): stops before -1", lambda: r16_odds_right_minus_one),
    Right("01.arange", "rounded linspace, astype(int) gives int32", lambda: r16_odds_right_rounded),
    Right("01.default_dtype", "B", lambda: "B"),
    Right(
        "01.overflow_fix",
        "jnp.power(v, 3.0): a float exponent",
        lambda: r16_cubes_right_power_float,
    ),
    Right("01.overflow_fix", "einsum of three float copies", lambda: r16_cubes_right_einsum),
    Right(
        "01.overflow_fix",
        "float64 NumPy sum, back as a jax scalar",
        lambda: r16_cubes_right_numpy64,
    ),
    Right("01.overflow_fix", "dot of squares with the floats", lambda: r16_cubes_right_dot),
    Right("01.numpy_copy", "a.flat[::n + 1] = -1 on a copy", lambda: r16_flag_right_flat),
    Right("01.numpy_copy", "np.where with np.eye mask, astype back", lambda: r16_flag_right_where),
    Right(
        "01.numpy_copy",
        "jax .at set, then np.asarray (read-only)",
        lambda: r16_flag_right_jax_then_numpy,
    ),
    Right("01.numpy_copy", "copy, fancy-index the diagonal", lambda: r16_flag_right_copy),
    Right("01.center", "full .T, mean over axis 0, .T back", lambda: r16_center_right_full_T),
    Right("01.center", "apply_along_axis on the last axis", lambda: r16_center_right_apply),
    Right("01.center", "sum / shape[-1], newaxis with ellipsis", lambda: r16_center_right_ellipsis),
    Right("01.center", "nanmean over axis ndim - 1, plus 0.0", lambda: r16_center_right_nanmean),
]
