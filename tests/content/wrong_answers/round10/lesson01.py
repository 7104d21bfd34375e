"""Round 10, lesson 01 (Use jnp as a drop-in NumPy): answers written from the lesson's text
alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 01.arange (variant 0)


def r10_odds_no_one(n):
    return jnp.arange(n, 1, -2)  # stop 1 is left out


def r10_odds_all_ints(n):
    return jnp.arange(n, 0, -1)


def r10_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r10_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # "down to past 1" overshoots to -1


def r10_odds_numpy(n):
    return np.arange(n, 0, -2)


def r10_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r10_odds_list(n):
    return list(range(n, 0, -2))


def r10_odds_no_return(n):
    jnp.arange(n, 0, -2)


def r10_odds_evens(n):
    return jnp.arange(n - 1, 0, -2)


def r10_odds_short(n):
    return jnp.arange(1, n, 2)[::-1]  # n itself left out


def r10_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2)  # float32


def r10_odds_flip(n):
    return jnp.flip(jnp.arange(1, n + 1, 2))


def r10_odds_to_minus_one(n):
    return jnp.arange(n, -1, -2)  # -1 is the exclusive stop


def r10_odds_affine(n):
    return 2 * jnp.arange(n // 2, -1, -1) + 1


def r10_odds_int64(n):
    return jnp.arange(n, 0, -2, dtype=jnp.int64)  # x64 off: int32, with a warning


def r10_odds_negated(n):
    return -jnp.arange(-n, 0, 2)


# ---------------------------------------------------------------- 01.overflow_fix


def r10_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # x64 is off: still int32


def r10_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cube overflowed before the sum


def r10_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r10_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r10_cubes_square_first(v):
    return jnp.dot(v.astype(jnp.float32), (v * v).astype(jnp.float32))


def r10_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r10_cubes_nicomachus(v):
    return jnp.sum(v.astype(jnp.float32)) ** 2  # true only for 0, 1, ..., n-1


def r10_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r10_cubes_ints_then_float(v):
    return jnp.sum(v * v * v.astype(jnp.float32))  # v * v is int32 and wraps


def r10_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r10_cubes_numpy_exact(v):
    return np.sum(np.asarray(v, dtype=np.float64) ** 3)  # a NumPy float64


def r10_cubes_divide_late(v):
    return jnp.sum(v**3 / 1.0)


def r10_cubes_float_pow(v):
    return jnp.sum(v**3.0)


def r10_cubes_float_first(v):
    return jnp.sum(v.astype(jnp.float32) * v * v)


def r10_cubes_via_numpy64(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.float64) ** 3))


def r10_cubes_einsum(v):
    f = v / 1
    return jnp.einsum("i,i,i->", f, f, f)


# ---------------------------------------------------------------- 01.numpy_copy


def r10_flag_returns_none(m):
    a = np.array(m)
    return np.fill_diagonal(a, -1)


def r10_flag_float(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r10_flag_jax(m):
    n = m.shape[0]
    idx = jnp.arange(n)
    return m.at[idx, idx].set(-1)


def r10_flag_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r10_flag_tolist(m):
    a = np.array(m.tolist())  # a list of Python numbers: int64 / float64
    np.fill_diagonal(a, -1)
    return a


def r10_flag_misses_last(m):
    a = np.array(m)
    n = a.shape[0]
    a[np.arange(n - 1), np.arange(n - 1)] = -1
    return a


def r10_flag_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view: raises
    return a


def r10_flag_eye_float(m):
    a = np.array(m)
    n = a.shape[0]
    return a - (a + 1) * np.eye(n)  # np.eye is float64


def r10_flag_jnp_fill(m):
    return jnp.fill_diagonal(m, -1, inplace=False)


def r10_flag_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r10_flag_copy_then_fill(m):
    a = np.asarray(m).copy()
    np.fill_diagonal(a, -1)
    return a


def r10_flag_bool_mask(m):
    a = np.array(m)
    a[np.eye(a.shape[0], dtype=bool)] = -1
    return a


def r10_flag_readonly_result(m):
    n = m.shape[0]
    return np.asarray(m.at[jnp.diag_indices(n)].set(-1))


def r10_flag_via_jnp_fill(m):
    return np.array(jnp.fill_diagonal(m, -1, inplace=False))


# ---------------------------------------------------------------- 01.center


def r10_center_global(x):
    return x - jnp.mean(x)


def r10_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r10_center_axis1_keep(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r10_center_last_nokeep(x):
    return x - jnp.mean(x, axis=-1)


def r10_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r10_center_standardize(x):
    return (x - jnp.mean(x, axis=-1, keepdims=True)) / jnp.std(x, axis=-1, keepdims=True)


def r10_center_two_axes(x):
    return x - jnp.mean(x, axis=(-2, -1), keepdims=True)


def r10_center_reshape_col(x):
    return x - jnp.mean(x, axis=-1).reshape(-1, 1)


def r10_center_row_loop(x):
    return jnp.stack([row - row.mean() for row in x])


def r10_center_axis0_keep(x):
    return x - jnp.mean(x, axis=0, keepdims=True)


def r10_center_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r10_center_sum_over_len(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[-1]


def r10_center_apply_along(x):
    return jnp.apply_along_axis(lambda r: r - r.mean(), -1, x)


def r10_center_flatten_rows(x):
    rows = x.reshape(-1, x.shape[-1])
    rows = rows - rows.mean(axis=1)[:, None]
    return rows.reshape(x.shape)


ROUND_10 = [
    Wrong(
        "01.arange",
        "arange(n, 1, -2): the stop 1 is excluded, so 1 is missing",
        lambda: r10_odds_no_one,
    ),
    Wrong(
        "01.arange", "step -1: every integer from n down, evens included", lambda: r10_odds_all_ints
    ),
    Wrong("01.arange", "odd numbers counted up from 1, not down", lambda: r10_odds_up),
    Wrong("01.arange", "stop -2 to be sure 1 is in: -1 comes too", lambda: r10_odds_past_zero),
    Wrong("01.arange", "np.arange: a NumPy array, not jax", lambda: r10_odds_numpy),
    Wrong("01.arange", "step -2.0: the odd numbers as float32", lambda: r10_odds_float_step),
    Wrong("01.arange", "a Python list from range", lambda: r10_odds_list),
    Wrong("01.arange", "forgot the return: the function gives None", lambda: r10_odds_no_return),
    Wrong("01.arange", "started at n - 1: the even numbers below n", lambda: r10_odds_evens),
    Wrong("01.arange", "arange(1, n, 2) reversed: n itself is left out", lambda: r10_odds_short),
    Wrong("01.arange", "linspace from n to 1: right values, float32", lambda: r10_odds_linspace),
    Wrong("01.default_dtype", "A: thought JAX floats are 64-bit like NumPy", lambda: "A"),
    Wrong("01.default_dtype", "C: right dtype, wrong reason (no float64 at all)", lambda: "C"),
    Wrong("01.default_dtype", "D: integer division habit", lambda: "D"),
    Wrong("01.default_dtype", "lower-case b", lambda: "b"),
    Wrong("01.default_dtype", "the dtype name instead of the letter", lambda: "float32"),
    Wrong("01.default_dtype", "B and C, both say float32", lambda: "BC"),
    Wrong(
        "01.default_dtype",
        "the letter with its reason pasted after it",
        lambda: "B: JAX's default is 32 bits",
    ),
    Wrong("01.default_dtype", "the dtype object itself", lambda: jnp.float32),
    Wrong(
        "01.overflow_fix",
        "astype(int64): x64 is off, so still int32, still wraps",
        lambda: r10_cubes_int64,
    ),
    Wrong(
        "01.overflow_fix",
        "sum(v**3, dtype=float32): the cubes wrapped first",
        lambda: r10_cubes_sum_dtype,
    ),
    Wrong(
        "01.overflow_fix",
        "cast the overflowed int sum to float32 afterwards",
        lambda: r10_cubes_cast_after,
    ),
    Wrong("01.overflow_fix", "uint32 for more room: wraps at 4e9", lambda: r10_cubes_uint32),
    Wrong(
        "01.overflow_fix",
        "dot of v with v*v in float: v*v overflowed in int32",
        lambda: r10_cubes_square_first,
    ),
    Wrong(
        "01.overflow_fix",
        "float16 to save memory: cubes overflow to inf",
        lambda: r10_cubes_float16,
    ),
    Wrong(
        "01.overflow_fix",
        "sum of cubes = (sum)**2: true only for arange(n)",
        lambda: r10_cubes_nicomachus,
    ),
    Wrong(
        "01.overflow_fix",
        "float() of the float32 sum: a Python float",
        lambda: r10_cubes_python_float,
    ),
    Wrong(
        "01.overflow_fix",
        "v * v * v.astype(float32): v * v wraps in int32 first",
        lambda: r10_cubes_ints_then_float,
    ),
    Wrong(
        "01.overflow_fix", "parenthesis slip: cube of the float sum", lambda: r10_cubes_cube_of_sum
    ),
    Wrong(
        "01.overflow_fix",
        "exact in NumPy float64, returned as a NumPy scalar",
        lambda: r10_cubes_numpy_exact,
    ),
    Wrong(
        "01.overflow_fix",
        "divided by 1.0 after cubing: the cubes already wrapped",
        lambda: r10_cubes_divide_late,
    ),
    Wrong(
        "01.numpy_copy", "returned what fill_diagonal returns: None", lambda: r10_flag_returns_none
    ),
    Wrong(
        "01.numpy_copy", "np.array(m, dtype=float): float64, m's dtype lost", lambda: r10_flag_float
    ),
    Wrong("01.numpy_copy", ".at[i, i].set(-1): a jax array, not NumPy", lambda: r10_flag_jax),
    Wrong("01.numpy_copy", "filled a copy, then returned m itself", lambda: r10_flag_returns_m),
    Wrong(
        "01.numpy_copy",
        "copied through .tolist(): dtype becomes int64/float64",
        lambda: r10_flag_tolist,
    ),
    Wrong(
        "01.numpy_copy",
        "index arange(n - 1): the last diagonal element is missed",
        lambda: r10_flag_misses_last,
    ),
    Wrong(
        "01.numpy_copy",
        "np.asarray view, fill_diagonal on it: read-only error",
        lambda: r10_flag_view,
    ),
    Wrong("01.numpy_copy", "arithmetic with np.eye: result is float64", lambda: r10_flag_eye_float),
    Wrong(
        "01.numpy_copy",
        "jnp.fill_diagonal(inplace=False): a jax array back",
        lambda: r10_flag_jnp_fill,
    ),
    Wrong(
        "01.numpy_copy", "set only a[0, 0], the first diagonal element", lambda: r10_flag_first_only
    ),
    Wrong("01.center", "subtracted the mean of the whole array", lambda: r10_center_global),
    Wrong(
        "01.center", "mean over axis 0 (column means), NumPy's usual axis", lambda: r10_center_axis0
    ),
    Wrong(
        "01.center",
        "axis=1, keepdims: right for 2-D, not for 1-D or 3-D",
        lambda: r10_center_axis1_keep,
    ),
    Wrong(
        "01.center",
        "axis=-1 without keepdims: broadcasts along the wrong axis",
        lambda: r10_center_last_nokeep,
    ),
    Wrong("01.center", "subtracted the row median instead of the mean", lambda: r10_center_median),
    Wrong(
        "01.center",
        "also divided by the row std: standardized, not centered",
        lambda: r10_center_standardize,
    ),
    Wrong(
        "01.center",
        "mean over the last two axes: per matrix, not per row",
        lambda: r10_center_two_axes,
    ),
    Wrong(
        "01.center",
        "means reshaped to (-1, 1): only 2-D comes out right",
        lambda: r10_center_reshape_col,
    ),
    Wrong(
        "01.center",
        "Python loop over rows: 1-D gives zeros, 3-D per matrix",
        lambda: r10_center_row_loop,
    ),
    Wrong("01.center", "axis=0 with keepdims: centers columns", lambda: r10_center_axis0_keep),
]
RIGHT_10 = [
    Right(
        "01.arange",
        "dtype=jnp.int64 asked: int32 comes back, with a warning",
        lambda: r10_odds_int64,
    ),
    Right("01.arange", "odd numbers counted up, then jnp.flip", lambda: r10_odds_flip),
    Right(
        "01.arange", "arange(n, -1, -2): -1 as the exclusive stop", lambda: r10_odds_to_minus_one
    ),
    Right("01.arange", "2 * k + 1 for k from n // 2 down to 0", lambda: r10_odds_affine),
    Right("01.arange", "negated arange(-n, 0, 2)", lambda: r10_odds_negated),
    Right("01.default_dtype", "B", lambda: "B"),
    Right(
        "01.overflow_fix",
        "v ** 3.0: a float exponent makes float32 cubes",
        lambda: r10_cubes_float_pow,
    ),
    Right(
        "01.overflow_fix", "float32 copy first, then times v times v", lambda: r10_cubes_float_first
    ),
    Right(
        "01.overflow_fix",
        "summed exactly in NumPy float64, back with jnp.asarray",
        lambda: r10_cubes_via_numpy64,
    ),
    Right("01.overflow_fix", "einsum of v / 1 three times", lambda: r10_cubes_einsum),
    Right(
        "01.numpy_copy", "np.asarray(m).copy(), then fill_diagonal", lambda: r10_flag_copy_then_fill
    ),
    Right(
        "01.numpy_copy", "boolean np.eye mask assignment on np.array(m)", lambda: r10_flag_bool_mask
    ),
    Right(
        "01.numpy_copy",
        "updated in JAX, np.asarray of the new array (read-only)",
        lambda: r10_flag_readonly_result,
    ),
    Right(
        "01.numpy_copy",
        "np.array of jnp.fill_diagonal(inplace=False)",
        lambda: r10_flag_via_jnp_fill,
    ),
    Right(
        "01.center", "transpose, subtract axis-0 mean, transpose back", lambda: r10_center_transpose
    ),
    Right(
        "01.center", "sum over the last axis divided by its length", lambda: r10_center_sum_over_len
    ),
    Right("01.center", "jnp.apply_along_axis on the last axis", lambda: r10_center_apply_along),
    Right(
        "01.center", "flattened to rows, centered, reshaped back", lambda: r10_center_flatten_rows
    ),
]
