"""Round 14, lesson 01 (jnp as a drop-in NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 01.arange


def r14_odds_stop_one(n):
    return jnp.arange(n, 1, -2)  # stop 1 is excluded, so 1 goes missing


def r14_odds_all(n):
    return jnp.arange(n, 0, -1)


def r14_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r14_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # "past zero" to be sure 1 is in: also gives -1


def r14_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r14_odds_numpy(n):
    return np.arange(n, 0, -2)


def r14_odds_count_short(n):
    return n - 2 * jnp.arange(n // 2)  # n // 2 terms: one short


def r14_odds_flip_short(n):
    return jnp.flip(jnp.arange(1, n, 2))  # stop n excludes n itself


def r14_odds_evens_reversed(n):
    return jnp.arange(n)[::-2]  # 6, 4, 2, 0 for n = 7


def r14_odds_uint(n):
    return jnp.arange(n, 0, -2).astype(jnp.uint32)


def r14_odds_list(n):
    return list(range(n, 0, -2))


def r14_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2)


def r14_odds_right_slice(n):
    return jnp.arange(n + 1)[::-2]


def r14_odds_right_stop_minus_one(n):
    return jnp.arange(n, -1, -2)


def r14_odds_linspace_trunc(n):
    return jnp.linspace(n, 1, (n + 1) // 2).astype(jnp.int32)


def r14_odds_right_negate(n):
    return -jnp.arange(-n, 0, 2)


# ---------------------------------------------------------------- 01.overflow_fix


def r14_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r14_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # cubes already wrapped in int32


def r14_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # x64 is off: still int32


def r14_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r14_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r14_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r14_cubes_sum_then_cube(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r14_cubes_formula(v):
    n = v.shape[0]  # the sum of k**3 for k < n: right for arange(n) only
    return jnp.asarray((n * (n - 1) / 2) ** 2, dtype=jnp.float32)


def r14_cubes_square_int_first(v):
    return jnp.sum(v**2 * v.astype(jnp.float32))  # v**2 still int32: wraps past 46,340


def r14_cubes_mean_times_len(v):
    return jnp.mean(v.astype(jnp.float32) ** 3) * v.shape[0]  # nan on an empty v


def r14_cubes_empty_guard(v):
    if v.size == 0:
        return 0
    return jnp.sum(v.astype(jnp.float32) ** 3)


def r14_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r14_cubes_back_to_int(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).astype(jnp.int32)


def r14_cubes_right_float_power(v):
    return jnp.sum(v**3.0)


def r14_cubes_right_dot(v):
    f = v * 1.0
    return jnp.dot(f, f * f)


def r14_cubes_right_float_builtin(v):
    w = v.astype(float)  # float64 asked, float32 given: fine here
    return (w * w * w).sum()


def r14_cubes_right_numpy_int64(v):
    exact = np.sum(np.asarray(v).astype(np.int64) ** 3)
    return jnp.asarray(float(exact))


# ---------------------------------------------------------------- 01.numpy_copy


def r14_flag_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)
    return a


def r14_flag_return_none(m):
    return np.fill_diagonal(np.array(m), -1)


def r14_flag_float_copy(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r14_flag_jnp(m):
    return jnp.fill_diagonal(m, -1, inplace=False)


def r14_flag_eye_arith(m):
    a = np.array(m)
    return a - np.eye(len(a)) * (np.diag(a) + 1)


def r14_flag_anti_diagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r14_flag_loop_short(m):
    a = np.array(m)
    for i in range(len(a) - 1):
        a[i, i] = -1
    return a


def r14_flag_transposed(m):
    a = np.array(m).T
    np.fill_diagonal(a, -1)
    return a


def r14_flag_flat_stride(m):
    a = np.array(m)
    a.flat[:: len(a)] = -1  # stride n, not n + 1
    return a


def r14_flag_int64(m):
    a = np.array(m).astype(np.int64)
    np.fill_diagonal(a, -1)
    return a


def r14_flag_right_where(m):
    return np.asarray(jnp.where(jnp.eye(m.shape[0], dtype=bool), -1, m))


def r14_flag_right_flat(m):
    a = np.copy(m)
    a.flat[:: len(a) + 1] = -1
    return a


def r14_flag_right_at(m):
    i = jnp.arange(m.shape[0])
    return np.array(m.at[i, i].set(-1))


def r14_flag_right_loop(m):
    a = np.asarray(m).copy()
    for i in range(a.shape[0]):
        a[i][i] = -1
    return a


# ---------------------------------------------------------------- 01.center


def r14_center_global(x):
    return x - x.mean()


def r14_center_columns(x):
    return x - x.mean(axis=0)


def r14_center_axis1_else_all(x):
    if x.ndim == 1:
        return x - x.mean()
    return x - x.mean(axis=1, keepdims=True)  # axis 1 is the rows' axis only in 2-D


def r14_center_no_keepdims(x):
    return x - x.mean(axis=-1)  # broadcasts across the wrong axis on square input


def r14_center_standardize(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r14_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r14_center_sign(x):
    return x.mean(-1, keepdims=True) - x


def r14_center_len_first(x):
    return x - x.sum(-1, keepdims=True) / x.shape[0]  # len(x), right when square


def r14_center_all_but_first(x):
    return x - jnp.mean(x, axis=tuple(range(1, x.ndim)), keepdims=True)


def r14_center_float16(x):
    x = x.astype(jnp.float16)
    return x - x.mean(-1, keepdims=True)


def r14_center_right_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r14_center_right_inplace(x):
    x -= jnp.mean(x, axis=-1)[..., None]
    return x


def r14_center_right_np_mean(x):
    return jnp.subtract(x, np.mean(x, axis=-1, keepdims=True))


def r14_center_right_sum(x):
    return x - jnp.sum(x, axis=x.ndim - 1, keepdims=True) / x.shape[-1]


ROUND_14 = [
    Wrong("01.arange", "stop at 1: arange excludes it, so 1 is missing", lambda: r14_odds_stop_one),
    Wrong("01.arange", "step -1: every integer down to 1", lambda: r14_odds_all),
    Wrong("01.arange", "ascending 1, 3, ..., n", lambda: r14_odds_up),
    Wrong("01.arange", "stop -2 to be safe: ends with -1", lambda: r14_odds_past_zero),
    Wrong("01.arange", "float step -2.0 gives floats", lambda: r14_odds_float_step),
    Wrong("01.arange", "np.arange instead of jnp.arange", lambda: r14_odds_numpy),
    Wrong("01.arange", "n - 2*arange(n // 2): one term short", lambda: r14_odds_count_short),
    Wrong("01.arange", "flip(arange(1, n, 2)): n itself missing", lambda: r14_odds_flip_short),
    Wrong("01.arange", "arange(n)[::-2]: the evens below n", lambda: r14_odds_evens_reversed),
    Wrong("01.arange", "cast to uint32 since the numbers are positive", lambda: r14_odds_uint),
    Wrong("01.arange", "a Python list from range", lambda: r14_odds_list),
    Wrong(
        "01.arange", "linspace from n to 1: right numbers, float dtype", lambda: r14_odds_linspace
    ),
    Wrong(
        "01.arange",
        "linspace then astype(int32): 2.9999 truncates to 2",
        lambda: r14_odds_linspace_trunc,
    ),
    Wrong("01.default_dtype", "A: JAX keeps the dtype it is given", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 in JAX at all", lambda: "C"),
    Wrong("01.default_dtype", "D: shares NumPy's memory", lambda: "D"),
    Wrong("01.default_dtype", "lower case b", lambda: "b"),
    Wrong("01.default_dtype", "B) as in the list", lambda: "B)"),
    Wrong("01.default_dtype", "the dtype name instead of a letter", lambda: "float32"),
    Wrong("01.default_dtype", "the dtype object itself", lambda: jnp.float32),
    Wrong("01.default_dtype", "both float32 options", lambda: "BC"),
    Wrong("01.default_dtype", "letter with its reason typed after it", lambda: "B: 32-bit default"),
    Wrong("01.default_dtype", "option b spelled out", lambda: "option b"),
    Wrong("01.overflow_fix", "cast the wrapped int32 sum to float32", lambda: r14_cubes_cast_after),
    Wrong(
        "01.overflow_fix", "sum(dtype=float32) after cubing in int32", lambda: r14_cubes_sum_dtype
    ),
    Wrong("01.overflow_fix", "astype(int64) with x64 off: still int32", lambda: r14_cubes_int64),
    Wrong("01.overflow_fix", "uint32 doubles the range, still wraps", lambda: r14_cubes_uint32),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r14_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: 3 digits, error ~1e-3", lambda: r14_cubes_bfloat16),
    Wrong(
        "01.overflow_fix",
        "cubed the sum instead of summing the cubes",
        lambda: r14_cubes_sum_then_cube,
    ),
    Wrong(
        "01.overflow_fix",
        "closed formula for arange(n): ignores the values",
        lambda: r14_cubes_formula,
    ),
    Wrong(
        "01.overflow_fix",
        "v**2 in int32 times float v: wraps past 46,340",
        lambda: r14_cubes_square_int_first,
    ),
    Wrong(
        "01.overflow_fix", "mean times length: nan for an empty v", lambda: r14_cubes_mean_times_len
    ),
    Wrong("01.overflow_fix", "empty guard returns the Python int 0", lambda: r14_cubes_empty_guard),
    Wrong("01.overflow_fix", "cumsum: running totals, not one number", lambda: r14_cubes_cumsum),
    Wrong("01.overflow_fix", "float32 sum cast back to int32", lambda: r14_cubes_back_to_int),
    Wrong("01.numpy_copy", "np.asarray view filled in place (read-only)", lambda: r14_flag_view),
    Wrong("01.numpy_copy", "returned what np.fill_diagonal returns", lambda: r14_flag_return_none),
    Wrong("01.numpy_copy", "copied with dtype=float", lambda: r14_flag_float_copy),
    Wrong("01.numpy_copy", "jnp.fill_diagonal(inplace=False): a jax array", lambda: r14_flag_jnp),
    Wrong("01.numpy_copy", "subtract eye times diag+1: float64 result", lambda: r14_flag_eye_arith),
    Wrong(
        "01.numpy_copy",
        "filled the diagonal of fliplr: the anti-diagonal",
        lambda: r14_flag_anti_diagonal,
    ),
    Wrong(
        "01.numpy_copy", "loop to len - 1: last diagonal element kept", lambda: r14_flag_loop_short
    ),
    Wrong("01.numpy_copy", "copy via .T: returns the transpose", lambda: r14_flag_transposed),
    Wrong(
        "01.numpy_copy", "a.flat[::n] = -1: stride n instead of n + 1", lambda: r14_flag_flat_stride
    ),
    Wrong("01.numpy_copy", "astype(int64) on the copy", lambda: r14_flag_int64),
    Wrong("01.center", "subtracted the mean of the whole array", lambda: r14_center_global),
    Wrong("01.center", "mean over axis 0: centers columns", lambda: r14_center_columns),
    Wrong("01.center", "axis=1 for 2-D: wrong axis for 3-D", lambda: r14_center_axis1_else_all),
    Wrong("01.center", "mean(-1) without keepdims", lambda: r14_center_no_keepdims),
    Wrong("01.center", "also divided by the std", lambda: r14_center_standardize),
    Wrong("01.center", "subtracted the median", lambda: r14_center_median),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r14_center_sign),
    Wrong("01.center", "row sum divided by x.shape[0]", lambda: r14_center_len_first),
    Wrong("01.center", "mean over all axes but the first", lambda: r14_center_all_but_first),
    Wrong("01.center", "cast to float16 first", lambda: r14_center_float16),
]

RIGHT_14 = [
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r14_odds_right_slice),
    Right("01.arange", "stop -1 instead of 0", lambda: r14_odds_right_stop_minus_one),
    Right("01.arange", "negated arange(-n, 0, 2)", lambda: r14_odds_right_negate),
    Right("01.default_dtype", "B", lambda: "B"),
    Right(
        "01.overflow_fix",
        "v ** 3.0: a float power gives float32",
        lambda: r14_cubes_right_float_power,
    ),
    Right("01.overflow_fix", "dot of v*1.0 with its square", lambda: r14_cubes_right_dot),
    Right("01.overflow_fix", "astype(float) then w*w*w", lambda: r14_cubes_right_float_builtin),
    Right(
        "01.overflow_fix",
        "exact int64 sum in NumPy, back as a float32 jax array",
        lambda: r14_cubes_right_numpy_int64,
    ),
    Right(
        "01.numpy_copy",
        "jnp.where on an eye mask, then np.asarray (read-only)",
        lambda: r14_flag_right_where,
    ),
    Right("01.numpy_copy", "np.copy then a.flat[::n + 1] = -1", lambda: r14_flag_right_flat),
    Right("01.numpy_copy", ".at[i, i].set(-1) then np.array", lambda: r14_flag_right_at),
    Right("01.numpy_copy", "asarray().copy() and a loop", lambda: r14_flag_right_loop),
    Right(
        "01.center",
        "transpose, center along axis 0, transpose back",
        lambda: r14_center_right_transpose,
    ),
    Right("01.center", "x -= mean(...)[..., None]", lambda: r14_center_right_inplace),
    Right(
        "01.center", "np.mean on a jax array inside jnp.subtract", lambda: r14_center_right_np_mean
    ),
    Right("01.center", "sum over axis ndim-1 over shape[-1]", lambda: r14_center_right_sum),
]
