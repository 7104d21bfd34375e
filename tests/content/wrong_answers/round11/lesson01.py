"""Round 11, lesson 01 (jnp as NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 01.arange -------------------------------------------------------------------------
def r11_odds_stop1(n):
    return jnp.arange(n, 1, -2)  # stop 1 thought inclusive


def r11_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r11_odds_step1(n):
    return jnp.arange(n, 0, -1)


def r11_odds_flip_short(n):
    return jnp.flip(jnp.arange(1, n, 2))  # misses n itself


def r11_odds_float(n):
    return jnp.arange(n, 0, -2.0)


def r11_odds_numpy(n):
    return np.arange(n, 0, -2)


def r11_odds_count_short(n):
    return n - 2 * jnp.arange(n // 2)  # one term short: drops the final 1


def r11_odds_scalar_for_one(n):
    return jnp.arange(n, 0, -2) if n > 1 else jnp.array(1)  # 0-d for n == 1


def r11_odds_linspace(n):
    return jnp.linspace(n, 1, n // 2 + 1)  # float32


def r11_odds_list(n):
    return list(range(n, 0, -2))


def r11_odds_neg_stop(n):
    return jnp.arange(n, -1, -2)


def r11_odds_reversed(n):
    return jnp.arange(1, n + 1, 2)[::-1]


def r11_odds_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r11_odds_from_list(n):
    return jnp.array(list(range(n, 0, -2)), dtype=jnp.int32)


# ---- 01.overflow_fix -------------------------------------------------------------------
def r11_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r11_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # cubes already wrapped in int32


def r11_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 is int32 without x64


def r11_cubes_square_first(v):
    return jnp.sum(v * v * v.astype(jnp.float32))  # v*v wraps past 46340


def r11_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r11_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r11_cubes_formula(v):
    n = v.shape[0]
    return jnp.asarray((n * (n - 1) / 2) ** 2, dtype=jnp.float32)  # assumes v = arange


def r11_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r11_cubes_numpy_then_jnp(v):
    return jnp.sum(np.asarray(v, dtype=np.int64) ** 3)  # jnp turns int64 back into int32


def r11_cubes_numpy_result(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)  # right number, NumPy int64


def r11_cubes_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]  # fails on an empty v


def r11_cubes_power_float(v):
    return jnp.sum(v**3.0)


def r11_cubes_dot(v):
    f = v.astype(jnp.float32)
    return jnp.dot(f * f, f)


def r11_cubes_python_int(v):
    return jnp.asarray(float(sum(k**3 for k in v.tolist())))  # exact Python ints


def r11_cubes_float32_ctor(v):
    return jnp.float32(v) ** 3 @ jnp.ones(v.shape[0])


# ---- 01.numpy_copy ---------------------------------------------------------------------
def r11_flag_asarray(m):
    a = np.asarray(m)  # read-only view of the jax array
    np.fill_diagonal(a, -1)
    return a


def r11_flag_return_fill(m):
    return np.fill_diagonal(np.array(m), -1)


def r11_flag_float(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r11_flag_jax_at(m):
    n = m.shape[0]
    return m.at[jnp.arange(n), jnp.arange(n)].set(-1)


def r11_flag_eye(m):
    a = np.array(m)
    return a - np.diag(np.diag(a)) - np.eye(len(a))  # float64 for an int m


def r11_flag_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r11_flag_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r11_flag_anti(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r11_flag_range_short(m):
    a = np.array(m)
    n = len(a)
    a[range(n - 1), range(n - 1)] = -1
    return a


def r11_flag_flat_stride(m):
    a = np.array(m)
    a.flat[:: len(a)] = -1  # stride n, not n + 1
    return a


def r11_flag_multiplied(m):
    a = np.array(m)
    np.fill_diagonal(a, -1 * a.diagonal())  # negates the diagonal
    return a


def r11_flag_copy_index(m):
    a = np.copy(m)
    i = np.arange(a.shape[0])
    a[i, i] = -1
    return a


def r11_flag_where(m):
    a = np.asarray(m)
    return np.where(np.eye(a.shape[0], dtype=bool), a.dtype.type(-1), a)


def r11_flag_flat(m):
    a = np.array(m, copy=True)
    a.flat[:: a.shape[0] + 1] = -1
    return a


def r11_flag_from_jax(m):
    return np.asarray(m.at[jnp.diag_indices(m.shape[0])].set(-1))


# ---- 01.center -------------------------------------------------------------------------
def r11_center_global(x):
    return x - x.mean()


def r11_center_axis0(x):
    return x - x.mean(axis=0)


def r11_center_axis1(x):
    return x - x.mean(axis=1, keepdims=True)


def r11_center_no_keepdims(x):
    return x - x.mean(axis=-1)


def r11_center_shape0(x):
    return x - x.sum(axis=-1, keepdims=True) / x.shape[0]


def r11_center_rows_loop(x):
    return jnp.stack([row - row.mean() for row in x])


def r11_center_standardize(x):
    m = x.mean(axis=-1, keepdims=True)
    return (x - m) / x.std(axis=-1, keepdims=True)


def r11_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r11_center_axis_first(x):
    return x - jnp.mean(x, axis=0, keepdims=True)


def r11_center_ndim2(x):
    return x - x.mean(axis=min(x.ndim - 1, 1), keepdims=True)  # 3-D: axis 1, not 2


def r11_center_none(x):
    return x - x.mean(axis=-1)[..., None]


def r11_center_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r11_center_apply(x):
    return jnp.apply_along_axis(lambda r: r - r.mean(), -1, x)


def r11_center_ndim(x):
    return x - jnp.sum(x, axis=x.ndim - 1, keepdims=True) / x.shape[-1]


ROUND_11 = [
    Wrong("01.arange", "arange(n, 1, -2): thought the stop was included", lambda: r11_odds_stop1),
    Wrong("01.arange", "ascending 1..n, order not reversed", lambda: r11_odds_up),
    Wrong("01.arange", "step -1: every integer, not only odds", lambda: r11_odds_step1),
    Wrong("01.arange", "flip(arange(1, n, 2)): n itself left out", lambda: r11_odds_flip_short),
    Wrong("01.arange", "step -2.0: float values", lambda: r11_odds_float),
    Wrong("01.arange", "np.arange, a NumPy array", lambda: r11_odds_numpy),
    Wrong(
        "01.arange", "n - 2*arange(n//2): one term short, no final 1", lambda: r11_odds_count_short
    ),
    Wrong("01.arange", "special case n == 1 returns a 0-d array", lambda: r11_odds_scalar_for_one),
    Wrong("01.arange", "linspace(n, 1, n//2+1): right values, float32", lambda: r11_odds_linspace),
    Wrong("01.arange", "Python list from range", lambda: r11_odds_list),
    Wrong("01.default_dtype", "A: keeps the given dtype", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 in JAX at all", lambda: "C"),
    Wrong("01.default_dtype", "D: asarray shares NumPy's memory", lambda: "D"),
    Wrong("01.default_dtype", "lower-case b", lambda: "b"),
    Wrong("01.default_dtype", "the dtype name instead of a letter", lambda: "float32"),
    Wrong("01.default_dtype", "B and C, both say float32", lambda: "BC"),
    Wrong("01.default_dtype", "the dtype object itself", lambda: jnp.float32),
    Wrong("01.default_dtype", "letter with its reason pasted", lambda: "B: float32 by default"),
    Wrong(
        "01.overflow_fix", "sum in int32, cast to float32 afterwards", lambda: r11_cubes_cast_after
    ),
    Wrong(
        "01.overflow_fix", "sum(v**3, dtype=float32): cubes wrap first", lambda: r11_cubes_sum_dtype
    ),
    Wrong("01.overflow_fix", "astype(int64) without x64: still int32", lambda: r11_cubes_int64),
    Wrong(
        "01.overflow_fix",
        "v*v in int32 then float: right on page, wraps on big v",
        lambda: r11_cubes_square_first,
    ),
    Wrong("01.overflow_fix", "uint32: wraps a little later", lambda: r11_cubes_uint32),
    Wrong("01.overflow_fix", "float16: overflows to inf", lambda: r11_cubes_float16),
    Wrong("01.overflow_fix", "closed formula assuming v is arange", lambda: r11_cubes_formula),
    Wrong("01.overflow_fix", "cube of the float sum", lambda: r11_cubes_cube_of_sum),
    Wrong(
        "01.overflow_fix",
        "numpy int64 cubes, then jnp.sum back in int32",
        lambda: r11_cubes_numpy_then_jnp,
    ),
    Wrong(
        "01.overflow_fix", "all NumPy int64: returns a NumPy scalar", lambda: r11_cubes_numpy_result
    ),
    Wrong(
        "01.overflow_fix", "cumsum(...)[-1]: fails on an empty array", lambda: r11_cubes_cumsum_last
    ),
    Wrong("01.numpy_copy", "np.asarray view, fill_diagonal on read-only", lambda: r11_flag_asarray),
    Wrong("01.numpy_copy", "returns fill_diagonal's None", lambda: r11_flag_return_fill),
    Wrong("01.numpy_copy", "copy made as float64, dtype lost", lambda: r11_flag_float),
    Wrong("01.numpy_copy", "jax .at[].set: a jax array, not NumPy", lambda: r11_flag_jax_at),
    Wrong("01.numpy_copy", "subtract diag and eye: float64 for int m", lambda: r11_flag_eye),
    Wrong("01.numpy_copy", "only a[0, 0] set", lambda: r11_flag_first_only),
    Wrong("01.numpy_copy", "filled the copy, returned m", lambda: r11_flag_returns_m),
    Wrong("01.numpy_copy", "fliplr view: the anti-diagonal flagged", lambda: r11_flag_anti),
    Wrong(
        "01.numpy_copy", "range(n - 1): last diagonal element missed", lambda: r11_flag_range_short
    ),
    Wrong("01.numpy_copy", "a.flat[::n]: stride off by one", lambda: r11_flag_flat_stride),
    Wrong("01.numpy_copy", "diagonal negated instead of set to -1", lambda: r11_flag_multiplied),
    Wrong("01.center", "global mean subtracted", lambda: r11_center_global),
    Wrong("01.center", "column means (axis=0): right only for 1-D", lambda: r11_center_axis0),
    Wrong(
        "01.center", "axis=1 keepdims: wrong axis for 3-D, fails on 1-D", lambda: r11_center_axis1
    ),
    Wrong(
        "01.center",
        "axis=-1 without keepdims: broadcasts across rows",
        lambda: r11_center_no_keepdims,
    ),
    Wrong(
        "01.center", "sum / shape[0]: right for square, wrong otherwise", lambda: r11_center_shape0
    ),
    Wrong("01.center", "row loop with stack: wrong for 1-D and 3-D", lambda: r11_center_rows_loop),
    Wrong("01.center", "also divided by std", lambda: r11_center_standardize),
    Wrong("01.center", "median instead of mean", lambda: r11_center_median),
    Wrong("01.center", "axis=0 keepdims", lambda: r11_center_axis_first),
    Wrong("01.center", "axis min(ndim-1, 1): 3-D centers the wrong axis", lambda: r11_center_ndim2),
]
RIGHT_11 = [
    Right("01.arange", "stop -1 works for odd n", lambda: r11_odds_neg_stop),
    Right("01.arange", "ascending odds reversed with [::-1]", lambda: r11_odds_reversed),
    Right("01.arange", "n - 2*arange((n+1)//2)", lambda: r11_odds_formula),
    Right("01.arange", "jnp.array of a Python range list", lambda: r11_odds_from_list),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.overflow_fix", "v**3.0: a float power promotes first", lambda: r11_cubes_power_float),
    Right("01.overflow_fix", "dot of squares with v, in float32", lambda: r11_cubes_dot),
    Right(
        "01.overflow_fix",
        "exact Python-int sum, back as a float jax array",
        lambda: r11_cubes_python_int,
    ),
    Right("01.overflow_fix", "jnp.float32(v)**3 matmul ones", lambda: r11_cubes_float32_ctor),
    Right("01.numpy_copy", "np.copy and fancy index", lambda: r11_flag_copy_index),
    Right("01.numpy_copy", "np.where with eye mask, dtype kept", lambda: r11_flag_where),
    Right("01.numpy_copy", "flat[::n+1] on a copy", lambda: r11_flag_flat),
    Right("01.numpy_copy", "jax .at[] then np.asarray", lambda: r11_flag_from_jax),
    Right("01.center", "mean(axis=-1)[..., None]", lambda: r11_center_none),
    Right("01.center", "transpose, center columns, transpose back", lambda: r11_center_transpose),
    Right("01.center", "apply_along_axis on the last axis", lambda: r11_center_apply),
    Right("01.center", "sum over ndim-1 divided by shape[-1]", lambda: r11_center_ndim),
]
