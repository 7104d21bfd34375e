"""Round 9, lesson 01 (Use jnp as a drop-in NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax  # noqa: F401
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 01.arange


def r9_odds_stop_at_one(n):
    return jnp.arange(n, 1, -2)  # stop is exclusive: 1 never appears


def r9_odds_positive_step(n):
    return jnp.arange(n, 0, 2)  # forgot the minus: empty


def r9_odds_up_then_flip_short(n):
    return jnp.arange(1, n, 2)[::-1]  # stop n excludes n itself


def r9_odds_ascending(n):
    return jnp.arange(1, n + 1, 2)


def r9_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # one step too far: ends with -1


def r9_all_down(n):
    return jnp.arange(n, 0, -1)


def r9_odds_numpy(n):
    return np.arange(n, 0, -2)


def r9_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r9_odds_list(n):
    return list(range(n, 0, -2))


def r9_odds_evens(n):
    return jnp.arange(n - 1, 0, -2)


def r9_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2)


def r9_odds_flip_discarded(n):
    odds = jnp.arange(1, n + 1, 2)
    jnp.flip(odds)  # as if flip worked in place
    return odds


def r9_odds_flip(n):
    return jnp.flip(jnp.arange(1, n + 1, 2))


def r9_odds_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r9_odds_stop_minus_one(n):
    return jnp.arange(n, -1, -2)


# ---------------------------------------------------------------- 01.overflow_fix


def r9_cubes_dtype_in_sum(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cube already wrapped


def r9_cubes_cast_at_end(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r9_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 is int32 without x64


def r9_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r9_cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r9_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r9_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r9_cubes_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r9_cubes_square_int(v):
    return jnp.sum(v**2 * v.astype(jnp.float32))  # v**2 wraps past 46340


def r9_cubes_mean(v):
    return jnp.mean(v.astype(jnp.float32) ** 3)


def r9_cubes_python_float(v):
    return float(jnp.sum(v**3))


def r9_cubes_float_exponent(v):
    return jnp.sum(v**3.0)  # int ** float gives float32


def r9_cubes_three_factors(v):
    f = jnp.asarray(v, dtype=jnp.float32)
    return (f * f * f).sum()


def r9_cubes_dot(v):
    f = v.astype(jnp.float32)
    return jnp.dot(f * f, f)


# ---------------------------------------------------------------- 01.numpy_copy


def r9_flag_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)
    return a


def r9_flag_returns_fill(m):
    return np.fill_diagonal(np.array(m), -1)


def r9_flag_jnp_fill(m):
    return jnp.fill_diagonal(m, -1, inplace=False)


def r9_flag_float64(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r9_flag_minus_eye(m):
    a = np.array(m)
    a -= np.eye(len(a), dtype=a.dtype)
    return a


def r9_flag_eye_arith(m):
    eye = np.eye(len(m))
    return np.asarray(m) * (1 - eye) - eye


def r9_flag_back_to_jax(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)


def r9_flag_jax_copy(m):
    a = m.copy()
    np.fill_diagonal(a, -1)
    return a


def r9_flag_astype_nocopy(m):
    a = np.asarray(m).astype(m.dtype, copy=False)
    np.fill_diagonal(a, -1)
    return a


def r9_flag_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


def r9_flag_antidiagonal(m):
    a = np.array(m)
    a[np.arange(len(a)), np.arange(len(a))[::-1]] = -1
    return a


def r9_flag_astype_copy(m):
    a = np.asarray(m).astype(m.dtype)  # astype copies
    np.fill_diagonal(a, -1)
    return a


def r9_flag_index_arrays(m):
    a = np.copy(m)
    i = np.arange(a.shape[0])
    a[i, i] = -1
    return a


def r9_flag_where(m):
    return np.where(np.eye(len(m), dtype=bool), -1, np.asarray(m)).astype(m.dtype)


def r9_flag_array_copy(m):
    a = np.array(m, copy=True)
    np.fill_diagonal(a, -1)
    return a


# ---------------------------------------------------------------- 01.center


def r9_center_global(x):
    return x - jnp.mean(x)


def r9_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r9_center_axis1_keep(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r9_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r9_center_axis0_keep(x):
    return x - jnp.mean(x, axis=0, keepdims=True)


def r9_center_standardize(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r9_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r9_center_sum(x):
    return x - jnp.sum(x, axis=-1, keepdims=True)


def r9_center_flipped(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x


def r9_center_per_matrix(x):
    axes = tuple(range(max(x.ndim - 2, 0), x.ndim))  # each matrix on its own
    return x - jnp.mean(x, axis=axes, keepdims=True)


def r9_center_to_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def r9_center_none_index(x):
    return x - x.mean(-1)[..., None]


def r9_center_transpose(x):
    t = x.T
    return (t - t.mean(axis=0)).T


def r9_center_ndim_axis(x):
    return x - jnp.mean(x, axis=x.ndim - 1, keepdims=True)


ROUND_9 = [
    Wrong("01.arange", "stop at 1, forgetting stop is exclusive", lambda: r9_odds_stop_at_one),
    Wrong("01.arange", "step +2 going down: empty array", lambda: r9_odds_positive_step),
    Wrong(
        "01.arange",
        "up to n (exclusive) then reversed: n is missing",
        lambda: r9_odds_up_then_flip_short,
    ),
    Wrong("01.arange", "odd numbers in ascending order", lambda: r9_odds_ascending),
    Wrong("01.arange", "stop -2 to be safe: ends with -1", lambda: r9_odds_past_zero),
    Wrong("01.arange", "step -1: every integer, not only the odd ones", lambda: r9_all_down),
    Wrong("01.arange", "np.arange out of habit", lambda: r9_odds_numpy),
    Wrong("01.arange", "step written -2.0, so the result is float32", lambda: r9_odds_float_step),
    Wrong("01.arange", "a Python list from range", lambda: r9_odds_list),
    Wrong("01.arange", "started at n - 1: the even numbers", lambda: r9_odds_evens),
    Wrong("01.arange", "linspace: right values, float dtype", lambda: r9_odds_linspace),
    Wrong("01.arange", "called jnp.flip and dropped its result", lambda: r9_odds_flip_discarded),
    Wrong("01.default_dtype", "A: thought JAX keeps NumPy's 64 bits", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 anywhere in JAX", lambda: "C"),
    Wrong("01.default_dtype", "D: divided like //", lambda: "D"),
    Wrong("01.default_dtype", "lower-case b", lambda: "b"),
    Wrong("01.default_dtype", "the dtype name instead of a letter", lambda: "float32"),
    Wrong("01.default_dtype", "B and C both say float32", lambda: "BC"),
    Wrong(
        "01.default_dtype",
        "letter with its reason typed after it",
        lambda: "B: 32-bit default unless x64 is on",
    ),
    Wrong("01.default_dtype", "C with a reason, as typed", lambda: "C, accelerators are 32-bit"),
    Wrong("01.default_dtype", "wrote 'Option B'", lambda: "Option B"),
    Wrong("01.default_dtype", "the word float64, meaning A", lambda: "float64"),
    Wrong(
        "01.overflow_fix",
        "dtype=float32 in sum, but the cube wrapped first",
        lambda: r9_cubes_dtype_in_sum,
    ),
    Wrong("01.overflow_fix", "cast to float32 after the int32 sum", lambda: r9_cubes_cast_at_end),
    Wrong("01.overflow_fix", "astype(int64), silently int32 without x64", lambda: r9_cubes_int64),
    Wrong(
        "01.overflow_fix", "uint32 for nonnegative numbers: still wraps", lambda: r9_cubes_uint32
    ),
    Wrong(
        "01.overflow_fix",
        "NumPy int64: wraps past 1e19, returns NumPy",
        lambda: r9_cubes_numpy_int64,
    ),
    Wrong("01.overflow_fix", "float16 to stay small: overflows to inf", lambda: r9_cubes_float16),
    Wrong("01.overflow_fix", "cumsum: running totals, not one number", lambda: r9_cubes_cumsum),
    Wrong("01.overflow_fix", "parenthesis slip: cube of the sum", lambda: r9_cubes_of_sum),
    Wrong(
        "01.overflow_fix",
        "only the last factor float: v**2 wraps in int32",
        lambda: r9_cubes_square_int,
    ),
    Wrong("01.overflow_fix", "mean of the cubes instead of the sum", lambda: r9_cubes_mean),
    Wrong("01.overflow_fix", "float() of the wrapped int32 sum", lambda: r9_cubes_python_float),
    Wrong("01.numpy_copy", "fill_diagonal on np.asarray's read-only view", lambda: r9_flag_view),
    Wrong(
        "01.numpy_copy", "returned what fill_diagonal returns: None", lambda: r9_flag_returns_fill
    ),
    Wrong("01.numpy_copy", "jnp.fill_diagonal: a jax array comes back", lambda: r9_flag_jnp_fill),
    Wrong("01.numpy_copy", "copied with dtype=float: float64 result", lambda: r9_flag_float64),
    Wrong(
        "01.numpy_copy",
        "subtracted 1 on the diagonal instead of setting -1",
        lambda: r9_flag_minus_eye,
    ),
    Wrong(
        "01.numpy_copy", "masked with np.eye arithmetic: dtype float64", lambda: r9_flag_eye_arith
    ),
    Wrong("01.numpy_copy", "right copy, then jnp.asarray back to JAX", lambda: r9_flag_back_to_jax),
    Wrong(
        "01.numpy_copy", "m.copy() gives a jax array, fill_diagonal on it", lambda: r9_flag_jax_copy
    ),
    Wrong(
        "01.numpy_copy",
        "astype(copy=False): still the read-only view",
        lambda: r9_flag_astype_nocopy,
    ),
    Wrong("01.numpy_copy", "set only a[0, 0]", lambda: r9_flag_first_only),
    Wrong("01.numpy_copy", "indices reversed: the anti-diagonal", lambda: r9_flag_antidiagonal),
    Wrong("01.center", "subtracted the mean of the whole array", lambda: r9_center_global),
    Wrong("01.center", "mean over axis 0, NumPy's column habit", lambda: r9_center_axis0),
    Wrong("01.center", "axis=1 with keepdims: fine for 2-D only", lambda: r9_center_axis1_keep),
    Wrong(
        "01.center",
        "axis=-1 without keepdims: broadcasts the wrong way",
        lambda: r9_center_no_keepdims,
    ),
    Wrong("01.center", "axis=0 with keepdims: centred the columns", lambda: r9_center_axis0_keep),
    Wrong("01.center", "also divided by the std: standardized", lambda: r9_center_standardize),
    Wrong("01.center", "median instead of mean", lambda: r9_center_median),
    Wrong("01.center", "subtracted the row sum", lambda: r9_center_sum),
    Wrong("01.center", "mean minus x: the sign flipped", lambda: r9_center_flipped),
    Wrong("01.center", "centred each matrix of a stack as a whole", lambda: r9_center_per_matrix),
    Wrong("01.center", "went through NumPy: returns a NumPy array", lambda: r9_center_to_numpy),
]

RIGHT_9 = [
    Right("01.arange", "ascending odds flipped with jnp.flip", lambda: r9_odds_flip),
    Right("01.arange", "n minus twice an arange", lambda: r9_odds_formula),
    Right("01.arange", "stop at -1, exclusive, step -2", lambda: r9_odds_stop_minus_one),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.overflow_fix", "cube with a float exponent 3.0", lambda: r9_cubes_float_exponent),
    Right(
        "01.overflow_fix", "float32 first, three factors multiplied", lambda: r9_cubes_three_factors
    ),
    Right("01.overflow_fix", "float32 dot of squares with values", lambda: r9_cubes_dot),
    Right(
        "01.numpy_copy", "astype makes the copy, then fill_diagonal", lambda: r9_flag_astype_copy
    ),
    Right("01.numpy_copy", "np.copy and a[i, i] = -1", lambda: r9_flag_index_arrays),
    Right("01.numpy_copy", "np.where with a boolean eye, dtype restored", lambda: r9_flag_where),
    Right("01.numpy_copy", "np.array(copy=True) then fill_diagonal", lambda: r9_flag_array_copy),
    Right("01.center", "mean over -1 with [..., None]", lambda: r9_center_none_index),
    Right("01.center", "through the transpose and back", lambda: r9_center_transpose),
    Right("01.center", "axis written as x.ndim - 1", lambda: r9_center_ndim_axis),
]
