"""Round 8, lesson 01 (jnp as NumPy): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange ---------------------------------------------------------------


def r8_odds_stop_at_one(n):
    return jnp.arange(n, 1, -2)  # stop 1 is excluded: 1 is missing


def r8_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r8_odds_positive_step(n):
    return jnp.arange(n, 0, 2)  # empty


def r8_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # 7, 5, 3, 1, -1


def r8_odds_numpy(n):
    return np.arange(n, 0, -2)


def r8_odds_step_one(n):
    return jnp.arange(n, 0, -1)


def r8_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r8_odds_evens(n):
    return jnp.arange(n)[::-2]  # 6, 4, 2, 0


def r8_odds_misses_n(n):
    return jnp.arange(n)[1::2][::-1]  # 5, 3, 1 for n = 7


def r8_odds_list(n):
    return list(range(n, 0, -2))


def r8_odds_n_minus_one(n):
    return jnp.arange(n - 1, 0, -2)


def r8_odds_reverse_slice(n):
    return jnp.arange(n + 1)[::-2]


def r8_odds_flip(n):
    return jnp.flip(jnp.arange(1, n + 2, 2))


def r8_odds_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r8_odds_from_range(n):
    return jnp.array(range(n, 0, -2))


# ---- 01.overflow_fix ---------------------------------------------------------


def r8_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # cubes already wrapped in int32


def r8_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 is int32 without x64


def r8_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r8_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r8_cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r8_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r8_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r8_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r8_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r8_cubes_mean(v):
    return jnp.mean(v.astype(jnp.float32) ** 3)


def r8_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r8_cubes_float_power(v):
    return jnp.sum(v**3.0)


def r8_cubes_dot(v):
    vf = jnp.asarray(v, dtype=jnp.float32)
    return jnp.dot(vf * vf, vf)


def r8_cubes_times_one(v):
    w = v * 1.0
    return (w * w * w).sum()


# ---- 01.numpy_copy -----------------------------------------------------------


def r8_diag_view(m):
    a = np.asarray(m)  # read-only view: fill_diagonal raises
    np.fill_diagonal(a, -1)
    return a


def r8_diag_return_fill(m):
    return np.fill_diagonal(np.array(m), -1)


def r8_diag_jax_at(m):
    i = jnp.arange(m.shape[0])
    return m.at[i, i].set(-1)


def r8_diag_float64(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r8_diag_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r8_diag_anti(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r8_diag_subtract_eye(m):
    return np.array(m) - np.eye(m.shape[0])


def r8_diag_back_to_jax(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)


def r8_diag_zero(m):
    a = np.array(m)
    np.fill_diagonal(a, 0)
    return a


def r8_diag_fixed_size(m):
    a = np.array(m)
    a[[0, 1], [0, 1]] = -1
    return a


def r8_diag_tolist(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return a.tolist()


def r8_diag_on_jax(m):
    np.fill_diagonal(m, -1)  # jax arrays refuse item assignment
    return np.asarray(m)


def r8_diag_np_copy(m):
    a = np.copy(m)
    np.fill_diagonal(a, -1)
    return a


def r8_diag_asarray_copy(m):
    a = np.asarray(m).copy()
    a[np.diag_indices(a.shape[0])] = -1
    return a


def r8_diag_where(m):
    a = np.asarray(m)
    return np.where(np.eye(a.shape[0], dtype=bool), np.array(-1, dtype=a.dtype), a)


# ---- 01.center ---------------------------------------------------------------


def r8_center_global(x):
    return x - jnp.mean(x)


def r8_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r8_center_axis1(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r8_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r8_center_sign(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x


def r8_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r8_center_standardize(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r8_center_axis_minus2(x):
    return x - jnp.mean(x, axis=-2, keepdims=True)


def r8_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def r8_center_wrong_length(x):
    return x - x.sum(axis=-1, keepdims=True) / x.shape[0]


def r8_center_mean_only(x):
    return jnp.mean(x, axis=-1, keepdims=True)


def r8_center_index(x):
    return x - x.mean(-1)[..., None]


def r8_center_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r8_center_expand(x):
    return x - jnp.expand_dims(jnp.sum(x, axis=x.ndim - 1) / x.shape[-1], -1)


def r8_center_average(x):
    return x - jnp.average(x, axis=-1)[..., jnp.newaxis]


def r8_diag_index_range(m):
    a = np.array(m, copy=True)
    n = a.shape[0]
    a[range(n), range(n)] = -1
    return a


def r8_cubes_power(v):
    return jnp.sum(jnp.power(v.astype(jnp.float32), 3))


ROUND_8 = [
    Wrong("01.arange", "stop 1 excluded: 1 missing", lambda: r8_odds_stop_at_one),
    Wrong("01.arange", "ascending, 1 to n", lambda: r8_odds_up),
    Wrong("01.arange", "step +2 from n down: empty", lambda: r8_odds_positive_step),
    Wrong("01.arange", "stop -2: overshoots, includes -1", lambda: r8_odds_past_zero),
    Wrong("01.arange", "np.arange, a NumPy array", lambda: r8_odds_numpy),
    Wrong("01.arange", "step -1: every integer", lambda: r8_odds_step_one),
    Wrong("01.arange", "step -2.0: floats", lambda: r8_odds_float_step),
    Wrong("01.arange", "arange(n)[::-2]: the even numbers", lambda: r8_odds_evens),
    Wrong("01.arange", "arange(n) odds reversed: n itself missing", lambda: r8_odds_misses_n),
    Wrong("01.arange", "a Python list from range", lambda: r8_odds_list),
    Wrong("01.arange", "starts at n - 1: evens", lambda: r8_odds_n_minus_one),
    Wrong("01.default_dtype", "A: float64 like NumPy", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 at all", lambda: "C"),
    Wrong("01.default_dtype", "D: int32 as with //", lambda: "D"),
    Wrong("01.default_dtype", "lower case b", lambda: "b"),
    Wrong("01.default_dtype", "the dtype name instead of a letter", lambda: "float32"),
    Wrong("01.default_dtype", "the dtype object jnp.float32", lambda: jnp.float32),
    Wrong("01.default_dtype", "B and C, both say float32", lambda: "BC"),
    Wrong("01.default_dtype", "letter with its reason", lambda: "B: JAX's default is 32 bits"),
    Wrong("01.default_dtype", "the letter in a list", lambda: ["B"]),
    Wrong("01.overflow_fix", "sum(dtype=float32): cubes wrap before the sum",
          lambda: r8_cubes_sum_dtype),
    Wrong("01.overflow_fix", "astype(int64): still int32 without x64", lambda: r8_cubes_int64),
    Wrong("01.overflow_fix", "cast the wrapped sum to float32", lambda: r8_cubes_cast_after),
    Wrong("01.overflow_fix", "cube of the sum, not sum of cubes", lambda: r8_cubes_cube_of_sum),
    Wrong("01.overflow_fix", "NumPy int64: wraps past 9.2e18, NumPy result",
          lambda: r8_cubes_numpy_int64),
    Wrong("01.overflow_fix", "float() of the sum: a Python float", lambda: r8_cubes_python_float),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r8_cubes_float16),
    Wrong("01.overflow_fix", "uint32: wraps just the same", lambda: r8_cubes_uint32),
    Wrong("01.overflow_fix", "cumsum: the running totals", lambda: r8_cubes_cumsum),
    Wrong("01.overflow_fix", "mean instead of sum", lambda: r8_cubes_mean),
    Wrong("01.overflow_fix", "bfloat16: 3 digits only", lambda: r8_cubes_bfloat16),
    Wrong("01.numpy_copy", "np.asarray view: read-only, fill_diagonal raises",
          lambda: r8_diag_view),
    Wrong("01.numpy_copy", "returns what fill_diagonal returns: None", lambda: r8_diag_return_fill),
    Wrong("01.numpy_copy", "stays in JAX with .at[i, i].set", lambda: r8_diag_jax_at),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): float64", lambda: r8_diag_float64),
    Wrong("01.numpy_copy", "sets only a[0, 0]", lambda: r8_diag_first_only),
    Wrong("01.numpy_copy", "fills the anti-diagonal through fliplr", lambda: r8_diag_anti),
    Wrong("01.numpy_copy", "subtracts the identity instead of setting",
          lambda: r8_diag_subtract_eye),
    Wrong("01.numpy_copy", "right array, converted back to jax", lambda: r8_diag_back_to_jax),
    Wrong("01.numpy_copy", "diagonal set to 0", lambda: r8_diag_zero),
    Wrong("01.numpy_copy", "diagonal indices hard-coded for 2x2", lambda: r8_diag_fixed_size),
    Wrong("01.numpy_copy", "returns a nested list", lambda: r8_diag_tolist),
    Wrong("01.numpy_copy", "fill_diagonal on the jax array itself", lambda: r8_diag_on_jax),
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r8_center_global),
    Wrong("01.center", "mean over axis 0: columns", lambda: r8_center_axis0),
    Wrong("01.center", "axis=1 keepdims: not the last axis of 1-D/3-D", lambda: r8_center_axis1),
    Wrong("01.center", "axis=-1 without keepdims", lambda: r8_center_no_keepdims),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r8_center_sign),
    Wrong("01.center", "median instead of mean", lambda: r8_center_median),
    Wrong("01.center", "also divides by the std", lambda: r8_center_standardize),
    Wrong("01.center", "axis=-2: centers columns", lambda: r8_center_axis_minus2),
    Wrong("01.center", "NumPy in, NumPy array out", lambda: r8_center_numpy),
    Wrong("01.center", "divides the row sum by shape[0]", lambda: r8_center_wrong_length),
    Wrong("01.center", "returns the row means, not x minus them", lambda: r8_center_mean_only),
]
RIGHT_8 = [
    Right("01.center", "jnp.average and jnp.newaxis", lambda: r8_center_average),
    Right("01.numpy_copy", "np.array(copy=True), range indexing", lambda: r8_diag_index_range),
    Right("01.overflow_fix", "jnp.power on a float32 copy", lambda: r8_cubes_power),
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r8_odds_reverse_slice),
    Right("01.arange", "flip of the odds counted up", lambda: r8_odds_flip),
    Right("01.arange", "n - 2 * arange(count)", lambda: r8_odds_formula),
    Right("01.arange", "jnp.array of a range", lambda: r8_odds_from_range),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.overflow_fix", "v**3.0: the float power gives float32", lambda: r8_cubes_float_power),
    Right("01.overflow_fix", "dot of squares with v, in float32", lambda: r8_cubes_dot),
    Right("01.overflow_fix", "v * 1.0 cubed by multiplication", lambda: r8_cubes_times_one),
    Right("01.numpy_copy", "np.copy, then fill_diagonal", lambda: r8_diag_np_copy),
    Right("01.numpy_copy", "asarray().copy() and diag_indices", lambda: r8_diag_asarray_copy),
    Right("01.numpy_copy", "np.where on an eye mask, dtype kept", lambda: r8_diag_where),
    Right("01.center", "mean(-1)[..., None]", lambda: r8_center_index),
    Right("01.center", "through the transpose", lambda: r8_center_transpose),
    Right("01.center", "sum over the last axis / its length", lambda: r8_center_expand),
]
