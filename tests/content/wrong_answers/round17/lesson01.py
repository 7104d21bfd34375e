"""Round 17, lesson 01 (Use jnp as a drop-in NumPy): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange: odds_down(n), odd n >= 1, int32, n down to 1 -------------------------------


def r17_odds_stop_one(n):
    return jnp.arange(n, 1, -2)  # stop is exclusive: 1 is lost, odds_down(1) is empty


def r17_odds_stop_minus_two(n):
    return jnp.arange(n, -2, -2)  # one step too far: ends with -1


def r17_odds_flip_short(n):
    return jnp.flip(jnp.arange(1, n, 2))  # forgets n itself


def r17_odds_ascending(n):
    return jnp.arange(1, n + 1, 2)


def r17_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r17_odds_numpy(n):
    return np.arange(n, 0, -2)


def r17_odds_reverse_slice(n):
    return jnp.arange(n)[::-2]  # from n - 1: the evens for odd n


def r17_odds_half_count(n):
    return jnp.arange(n // 2, 0, -1) * 2 + 1  # stop 0 drops the k = 0 term, i.e. 1


def r17_odds_page_only(n):
    return jnp.arange(n, n - 8, -2)  # four terms, as the page's odds_down(7) has


def r17_odds_column(n):
    return jnp.arange(n, 0, -2).reshape(-1, 1)


def r17_odds_right_negstop(n):
    return jnp.arange(n, -1, -2)


def r17_odds_right_slice(n):
    return jnp.arange(n + 1)[::-2]


def r17_odds_right_formula(n):
    return 2 * jnp.arange((n - 1) // 2, -1, -1) + 1


def r17_odds_right_list(n):
    return jnp.array(list(range(n, 0, -2)))


# ---- 01.overflow_fix: sum of cubes, no overflow ------------------------------------------


def r17_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r17_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cubes already wrapped in int32


def r17_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 is int32 without jax_enable_x64


def r17_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r17_cubes_numpy_exact(v):
    exact = np.sum(np.asarray(v).astype(np.int64) ** 3)
    return jnp.asarray(exact)  # int64 -> int32 on the way in: wraps again


def r17_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r17_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r17_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r17_cubes_formula(v):
    n = v.shape[0]
    return jnp.float32((n * (n - 1) / 2) ** 2)  # only true when v is arange(n)


def r17_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r17_cubes_right_pow_float(v):
    return jnp.sum(v**3.0)


def r17_cubes_right_dot(v):
    f = v * 1.0
    return jnp.dot(f * f, f)


def r17_cubes_right_numpy64(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.float64) ** 3))


# ---- 01.numpy_copy: flag_diagonal(m) -------------------------------------------------------


def r17_flag_asarray_inplace(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view of the jax array: ValueError
    return a


def r17_flag_return_fill(m):
    a = np.array(m)
    return np.fill_diagonal(a, -1)  # returns None


def r17_flag_float64(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r17_flag_astype_f32(m):
    a = np.asarray(m).astype(np.float32)  # a writable copy, but int matrices become float
    np.fill_diagonal(a, -1)
    return a


def r17_flag_jax_at(m):
    n = m.shape[0]
    return m.at[jnp.arange(n), jnp.arange(n)].set(-1)


def r17_flag_try_except(m):
    try:
        np.fill_diagonal(np.asarray(m), -1)
    except ValueError:
        pass
    return np.asarray(m)


def r17_flag_flat_step_n(m):
    a = np.array(m)
    a.flat[:: a.shape[0]] = -1  # step n, not n + 1: the first column instead
    return a


def r17_flag_miss_last(m):
    a = np.array(m)
    k = np.arange(a.shape[0] - 1)
    a[k, k] = -1
    return a


def r17_flag_back_to_jax(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)


def r17_flag_anti_diagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r17_flag_right_flat(m):
    a = np.array(m)
    a.flat[:: a.shape[0] + 1] = -1
    return a


def r17_flag_right_where(m):
    a = np.asarray(m)
    return np.where(np.eye(a.shape[0], dtype=bool), -1, a).astype(a.dtype)


def r17_flag_right_readonly(m):
    n = m.shape[0]
    return np.asarray(m.at[jnp.diag_indices(n)].set(-1))  # a read-only NumPy view


# ---- 01.center ---------------------------------------------------------------------------


def r17_center_global(x):
    return x - x.mean()


def r17_center_axis0(x):
    return x - x.mean(axis=0)


def r17_center_axis1(x):
    return x - x.mean(axis=1, keepdims=True)


def r17_center_no_keepdims(x):
    return x - x.mean(axis=-1)


def r17_center_none_index(x):
    return x - jnp.mean(x, axis=-1)[:, None]


def r17_center_reshape_first(x):
    flat = x.reshape(x.shape[0], -1)
    return (flat - flat.mean(axis=1, keepdims=True)).reshape(x.shape)


def r17_center_n_minus_one(x):
    return x - x.sum(axis=-1, keepdims=True) / (x.shape[-1] - 1)


def r17_center_sign(x):
    return x.mean(axis=-1, keepdims=True) - x


def r17_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def r17_center_transpose_2d(x):
    return (x.T - x.mean(axis=1)).T


def r17_center_right_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r17_center_right_isub(x):
    x -= jnp.mean(x, axis=x.ndim - 1, keepdims=True)
    return x


def r17_center_right_reshape(x):
    rows = x.reshape(-1, x.shape[-1])
    return (rows - rows.sum(axis=1, keepdims=True) / rows.shape[1]).reshape(x.shape)


ROUND_17 = [
    Wrong("01.arange", "stop 1 is exclusive: 1 missing, n=1 empty", lambda: r17_odds_stop_one),
    Wrong("01.arange", "stop -2: one term too many, ends at -1", lambda: r17_odds_stop_minus_two),
    Wrong("01.arange", "flip(arange(1, n, 2)): n itself missing", lambda: r17_odds_flip_short),
    Wrong("01.arange", "right odds, ascending order", lambda: r17_odds_ascending),
    Wrong("01.arange", "step -2.0: a float array", lambda: r17_odds_float_step),
    Wrong("01.arange", "np.arange: NumPy int64 array", lambda: r17_odds_numpy),
    Wrong("01.arange", "arange(n)[::-2] starts at n-1: the evens", lambda: r17_odds_reverse_slice),
    Wrong("01.arange", "2k+1 for k from n//2 down, stop 0 loses 1", lambda: r17_odds_half_count),
    Wrong(
        "01.arange", "always four terms, like odds_down(7) on the page", lambda: r17_odds_page_only
    ),
    Wrong("01.arange", "column of shape (k, 1)", lambda: r17_odds_column),
    Wrong("01.default_dtype", "A: JAX keeps the dtype it is given, as NumPy does", lambda: "A"),
    Wrong("01.default_dtype", "C: thinks accelerators have no float64 at all", lambda: "C"),
    Wrong("01.default_dtype", "D: thinks asarray shares NumPy's memory and dtype", lambda: "D"),
    Wrong("01.default_dtype", "lower-case b", lambda: "b"),
    Wrong("01.default_dtype", "B) as in the list", lambda: "B)"),
    Wrong("01.default_dtype", "the dtype name, not the letter", lambda: "float32"),
    Wrong("01.default_dtype", "B and C both say float32", lambda: "BC"),
    Wrong("01.default_dtype", "B with its reason typed after", lambda: "B: 32 bits by default"),
    Wrong("01.default_dtype", "the dtype object", lambda: jnp.float32),
    Wrong(
        "01.overflow_fix", "casts the wrapped int32 sum to float32", lambda: r17_cubes_cast_after
    ),
    Wrong(
        "01.overflow_fix",
        "sum(dtype=float32): cubes wrap before the sum",
        lambda: r17_cubes_sum_dtype,
    ),
    Wrong("01.overflow_fix", "astype(int64) without x64: still int32", lambda: r17_cubes_int64),
    Wrong("01.overflow_fix", "uint32: twice the range, still wraps", lambda: r17_cubes_uint32),
    Wrong(
        "01.overflow_fix",
        "exact int64 in NumPy, wraps in jnp.asarray",
        lambda: r17_cubes_numpy_exact,
    ),
    Wrong("01.overflow_fix", "float16: cubes past 65504 become inf", lambda: r17_cubes_float16),
    Wrong(
        "01.overflow_fix",
        "right number, returned as a Python float",
        lambda: r17_cubes_python_float,
    ),
    Wrong(
        "01.overflow_fix", "cube of the sum instead of sum of cubes", lambda: r17_cubes_cube_of_sum
    ),
    Wrong(
        "01.overflow_fix",
        "closed formula for arange(n), right on the page",
        lambda: r17_cubes_formula,
    ),
    Wrong("01.overflow_fix", "cumsum: running totals, not one number", lambda: r17_cubes_cumsum),
    Wrong(
        "01.numpy_copy",
        "np.asarray view filled in place: read-only",
        lambda: r17_flag_asarray_inplace,
    ),
    Wrong(
        "01.numpy_copy",
        "returns what np.fill_diagonal returns (None)",
        lambda: r17_flag_return_fill,
    ),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): float64 copy", lambda: r17_flag_float64),
    Wrong(
        "01.numpy_copy",
        "astype(float32) copy: int matrices change dtype",
        lambda: r17_flag_astype_f32,
    ),
    Wrong("01.numpy_copy", "m.at[...].set(-1): a jax array, not NumPy", lambda: r17_flag_jax_at),
    Wrong("01.numpy_copy", "try/except hides the read-only error", lambda: r17_flag_try_except),
    Wrong("01.numpy_copy", "a.flat[::n]: first column, not diagonal", lambda: r17_flag_flat_step_n),
    Wrong(
        "01.numpy_copy",
        "indices arange(n - 1): last diagonal element kept",
        lambda: r17_flag_miss_last,
    ),
    Wrong(
        "01.numpy_copy", "right copy, converted back with jnp.asarray", lambda: r17_flag_back_to_jax
    ),
    Wrong("01.numpy_copy", "fliplr view: the anti-diagonal", lambda: r17_flag_anti_diagonal),
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r17_center_global),
    Wrong("01.center", "axis=0: centers columns (right only for 1-D)", lambda: r17_center_axis0),
    Wrong("01.center", "axis=1 keepdims: right for 2-D only", lambda: r17_center_axis1),
    Wrong(
        "01.center",
        "mean(axis=-1) without keepdims: broadcasts wrong",
        lambda: r17_center_no_keepdims,
    ),
    Wrong("01.center", "mean(-1)[:, None]: 2-D only", lambda: r17_center_none_index),
    Wrong(
        "01.center", "reshape(x.shape[0], -1): 3-D matrices mixed", lambda: r17_center_reshape_first
    ),
    Wrong("01.center", "divides the sum by n - 1", lambda: r17_center_n_minus_one),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r17_center_sign),
    Wrong("01.center", "centered in NumPy: returns a NumPy array", lambda: r17_center_numpy),
    Wrong("01.center", "(x.T - x.mean(1)).T: fine for 2-D only", lambda: r17_center_transpose_2d),
]

RIGHT_17 = [
    Right("01.arange", "arange(n, -1, -2): stops before -1", lambda: r17_odds_right_negstop),
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r17_odds_right_slice),
    Right("01.arange", "2 * arange(k, -1, -1) + 1", lambda: r17_odds_right_formula),
    Right("01.arange", "jnp.array of a Python range list", lambda: r17_odds_right_list),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.overflow_fix", "v ** 3.0 promotes to float32", lambda: r17_cubes_right_pow_float),
    Right("01.overflow_fix", "dot of f*f with f, f = v * 1.0", lambda: r17_cubes_right_dot),
    Right(
        "01.overflow_fix",
        "summed in NumPy float64, then jnp.asarray",
        lambda: r17_cubes_right_numpy64,
    ),
    Right("01.numpy_copy", "a.flat[::n + 1] = -1 on a copy", lambda: r17_flag_right_flat),
    Right("01.numpy_copy", "np.where with an eye mask, dtype kept", lambda: r17_flag_right_where),
    Right(
        "01.numpy_copy",
        "np.asarray of m.at[diag].set(-1): read-only",
        lambda: r17_flag_right_readonly,
    ),
    Right(
        "01.center", "transpose, center axis 0, transpose back", lambda: r17_center_right_transpose
    ),
    Right("01.center", "x -= mean(axis=ndim-1, keepdims): rebinds", lambda: r17_center_right_isub),
    Right("01.center", "rows reshaped to 2-D, sum / count", lambda: r17_center_right_reshape),
]
