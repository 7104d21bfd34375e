"""Round 15, lesson 01 (jnp as a drop-in NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 01.arange


def r15_odds_stop1(n):
    return jnp.arange(n, 1, -2)  # stop is excluded: 1 is lost


def r15_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def r15_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r15_odds_past_zero(n):
    return jnp.arange(n, -2, -2)  # 7, 5, 3, 1, -1


def r15_odds_evens(n):
    return jnp.arange(n - 1, 0, -2)


def r15_odds_numpy(n):
    return np.arange(n, 0, -2)


def r15_odds_linspace(n):
    return jnp.linspace(n, 1, (n + 1) // 2).astype(int)  # float32 rounding, then truncation


def r15_odds_rev_from0(n):
    return jnp.arange(n)[::-2]  # 6, 4, 2, 0


def r15_odds_half_loop(n):
    return jnp.arange(n // 2, 0, -1) * 2 + 1  # forgets 1


def r15_odds_below_n(n):
    return jnp.arange(1, n, 2)[::-1]  # misses n itself


def r15_odds_int16(n):
    return jnp.arange(n, 0, -2, dtype=jnp.int16)


def r15_odds_right_stop_neg1(n):
    return jnp.arange(n, -1, -2)


def r15_odds_right_rev_slice(n):
    return jnp.arange(n + 1)[::-2]


def r15_odds_right_half(n):
    return jnp.arange(n // 2, -1, -1) * 2 + 1


def r15_odds_right_list(n):
    return jnp.array(list(range(n, 0, -2)))


# ---------------------------------------------------------- 01.overflow_fix


def r15_cubes_int64(v):
    return jnp.sum(v**3, dtype=jnp.int64)  # int64 silently becomes int32 without x64


def r15_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r15_cubes_cast_cubes(v):
    return jnp.sum((v**3).astype(jnp.float32))  # cubes already overflowed in int32


def r15_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r15_cubes_bf16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r15_cubes_numpy_back(v):
    exact = np.sum(np.asarray(v, dtype=np.int64) ** 3)
    return jnp.asarray(exact)  # int64 back into JAX without x64: int32 again


def r15_cubes_squares(v):
    return jnp.sum(v.astype(jnp.float32) ** 2)  # copied the dot product's squares


def r15_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r15_cubes_vv_first(v):
    return jnp.sum(v * v * v.astype(jnp.float32))  # v*v is int32: fine below 46341


def r15_cubes_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]  # empty v fails


def r15_cubes_back_to_int(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).astype(jnp.int32)


def r15_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r15_cubes_right_pow_float(v):
    return jnp.sum(v**3.0)


def r15_cubes_right_einsum(v):
    f = v.astype(jnp.float32)
    return jnp.einsum("i,i,i->", f, f, f)


def r15_cubes_right_python(v):
    total = sum(k**3 for k in np.asarray(v).tolist())
    return jnp.asarray(float(total))


def r15_cubes_right_mixed(v):
    f = jnp.float32(v)
    return jnp.sum(f * f * v)


# ---------------------------------------------------------- 01.numpy_copy


def r15_diag_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view
    return a


def r15_diag_return_none(m):
    return np.fill_diagonal(np.array(m), -1)


def r15_diag_float(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r15_diag_jax_back(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)


def r15_diag_plus1(m):
    a = np.array(m)
    np.fill_diagonal(a, 1)
    return a


def r15_diag_eye_math(m):
    a = np.asarray(m)
    return a - np.eye(len(a)) * (np.diag(a) + 1)  # right values, float64


def r15_diag_jax_copy(m):
    a = m.copy()
    np.fill_diagonal(a, -1)
    return a


def r15_diag_short_range(m):
    a = np.array(m)
    k = np.arange(a.shape[0] - 1)
    a[k, k] = -1  # the last diagonal element is missed
    return a


def r15_diag_fixed_size(m):
    a = np.array(m)
    a[np.diag_indices(3)] = -1  # size of the example
    return a


def r15_diag_only(m):
    return np.diag(np.full(len(m), -1))


def r15_diag_jnp_fill(m):
    return jnp.fill_diagonal(m, -1, inplace=False)


def r15_diag_right_loop(m):
    a = np.array(m)
    for i in range(a.shape[0]):
        a[i, i] = -1
    return a


def r15_diag_right_npcopy(m):
    a = np.copy(m)
    np.fill_diagonal(a, -1)
    return a


def r15_diag_right_jnpfill(m):
    return np.array(jnp.fill_diagonal(m, -1, inplace=False))


def r15_diag_right_at(m):
    i = jnp.arange(m.shape[0])
    return np.asarray(m.at[i, i].set(-1))


# -------------------------------------------------------------- 01.center


def r15_center_global(x):
    return x - x.mean()


def r15_center_axis0(x):
    return x - x.mean(axis=0)


def r15_center_axis1(x):
    return x - x.mean(axis=1, keepdims=True)


def r15_center_nokeep(x):
    return x - x.mean(axis=-1)


def r15_center_std(x):
    return (x - x.mean(-1, keepdims=True)) / x.std(-1, keepdims=True)


def r15_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r15_center_flipped(x):
    return x.mean(-1, keepdims=True) - x


def r15_center_ddof(x):
    return x - x.sum(-1, keepdims=True) / (x.shape[-1] - 1)


def r15_center_max(x):
    return x - x.max(-1, keepdims=True)


def r15_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def r15_center_3d_matrix(x):
    if x.ndim == 3:
        return x - x.mean(axis=(1, 2), keepdims=True)
    return x - x.mean(axis=-1, keepdims=True)


def r15_center_right_T(x):
    return (x.T - x.T.mean(axis=0)).T


def r15_center_right_none(x):
    return x - jnp.mean(x, axis=x.ndim - 1)[..., None]


def r15_center_right_sum(x):
    return x - jnp.sum(x, -1, keepdims=True) / x.shape[-1]


def r15_center_right_expand(x):
    return jnp.subtract(x, jnp.expand_dims(x.mean(-1), -1))


ROUND_15 = [
    Wrong("01.arange", "stop at 1 is excluded: loses the 1", lambda: r15_odds_stop1),
    Wrong("01.arange", "ascending 1, 3, ..., n", lambda: r15_odds_up),
    Wrong("01.arange", "step -2.0: floats", lambda: r15_odds_float_step),
    Wrong("01.arange", "stop -2: one element past 1 (-1)", lambda: r15_odds_past_zero),
    Wrong("01.arange", "started at n - 1: the even numbers", lambda: r15_odds_evens),
    Wrong("01.arange", "np.arange instead of jnp", lambda: r15_odds_numpy),
    Wrong("01.arange", "linspace then astype(int): 4.9999 truncates", lambda: r15_odds_linspace),
    Wrong("01.arange", "arange(n)[::-2]: starts at n - 1", lambda: r15_odds_rev_from0),
    Wrong("01.arange", "2k+1 for k from n//2 down to 1: drops 1", lambda: r15_odds_half_loop),
    Wrong("01.arange", "arange(1, n, 2) reversed: misses n", lambda: r15_odds_below_n),
    Wrong("01.arange", "dtype=int16", lambda: r15_odds_int16),
    Wrong("01.default_dtype", "A: keeps float64", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 at all", lambda: "C"),
    Wrong("01.default_dtype", "D: shares memory", lambda: "D"),
    Wrong("01.default_dtype", "lower case b", lambda: "b"),
    Wrong("01.default_dtype", "B) with the parenthesis", lambda: "B)"),
    Wrong("01.default_dtype", "option B, spelled out", lambda: "option B"),
    Wrong("01.default_dtype", "the dtype name instead of the letter", lambda: "float32"),
    Wrong("01.default_dtype", "B and C: both say float32", lambda: "BC"),
    Wrong("01.default_dtype", "B with its reason pasted", lambda: "B: 32 bits by default"),
    Wrong("01.default_dtype", "the dtype object jnp.float32", lambda: jnp.float32),
    Wrong("01.overflow_fix", "sum(dtype=int64) without x64: still int32", lambda: r15_cubes_int64),
    Wrong(
        "01.overflow_fix", "cast to float32 after the overflowed sum", lambda: r15_cubes_cast_after
    ),
    Wrong("01.overflow_fix", "cast the cubes, already overflowed", lambda: r15_cubes_cast_cubes),
    Wrong("01.overflow_fix", "float16: overflows to inf", lambda: r15_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: range fine, 3 digits", lambda: r15_cubes_bf16),
    Wrong(
        "01.overflow_fix",
        "exact int64 in NumPy, jnp.asarray wraps it",
        lambda: r15_cubes_numpy_back,
    ),
    Wrong("01.overflow_fix", "squares copied from the dot product", lambda: r15_cubes_squares),
    Wrong("01.overflow_fix", "cube of the float sum", lambda: r15_cubes_cube_of_sum),
    Wrong(
        "01.overflow_fix", "v*v in int32 before the float: fine on page", lambda: r15_cubes_vv_first
    ),
    Wrong("01.overflow_fix", "cumsum(...)[-1]: fails on an empty v", lambda: r15_cubes_cumsum_last),
    Wrong("01.overflow_fix", "float32 sum cast back to int32", lambda: r15_cubes_back_to_int),
    Wrong("01.overflow_fix", "uint32: unsigned wraps too", lambda: r15_cubes_uint32),
    Wrong("01.numpy_copy", "np.asarray view, fill_diagonal on it", lambda: r15_diag_view),
    Wrong("01.numpy_copy", "returns fill_diagonal's None", lambda: r15_diag_return_none),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): dtype changes", lambda: r15_diag_float),
    Wrong("01.numpy_copy", "filled a copy, returned jnp.asarray of it", lambda: r15_diag_jax_back),
    Wrong("01.numpy_copy", "diagonal set to +1", lambda: r15_diag_plus1),
    Wrong("01.numpy_copy", "m - eye*(diag+1): right values, float64", lambda: r15_diag_eye_math),
    Wrong(
        "01.numpy_copy", "m.copy() is a jax array; fill_diagonal on it", lambda: r15_diag_jax_copy
    ),
    Wrong(
        "01.numpy_copy", "arange(n - 1) indices: last diagonal kept", lambda: r15_diag_short_range
    ),
    Wrong("01.numpy_copy", "diag_indices(3) hard-coded", lambda: r15_diag_fixed_size),
    Wrong("01.numpy_copy", "np.diag(full(n, -1)): zeros off the diagonal", lambda: r15_diag_only),
    Wrong(
        "01.numpy_copy", "jnp.fill_diagonal(inplace=False): a jax array", lambda: r15_diag_jnp_fill
    ),
    Wrong("01.center", "global mean", lambda: r15_center_global),
    Wrong("01.center", "axis=0: column means", lambda: r15_center_axis0),
    Wrong("01.center", "axis=1 with keepdims: 2-D only", lambda: r15_center_axis1),
    Wrong("01.center", "axis=-1 without keepdims", lambda: r15_center_nokeep),
    Wrong("01.center", "also divides by the std", lambda: r15_center_std),
    Wrong("01.center", "median instead of mean", lambda: r15_center_median),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r15_center_flipped),
    Wrong("01.center", "divides the sum by n - 1", lambda: r15_center_ddof),
    Wrong("01.center", "subtracts the row max (softmax habit)", lambda: r15_center_max),
    Wrong("01.center", "in NumPy: returns a NumPy array", lambda: r15_center_numpy),
    Wrong("01.center", "3-D: centers each whole matrix", lambda: r15_center_3d_matrix),
]
RIGHT_15 = [
    Right("01.arange", "stop -1 instead of 0", lambda: r15_odds_right_stop_neg1),
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r15_odds_right_rev_slice),
    Right("01.arange", "2k + 1 for k from n//2 down to 0", lambda: r15_odds_right_half),
    Right("01.arange", "jnp.array of a Python range list", lambda: r15_odds_right_list),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.overflow_fix", "v ** 3.0 promotes to float32", lambda: r15_cubes_right_pow_float),
    Right("01.overflow_fix", "einsum of three float32 copies", lambda: r15_cubes_right_einsum),
    Right("01.overflow_fix", "exact Python ints, then one float", lambda: r15_cubes_right_python),
    Right("01.overflow_fix", "f * f * v with f float32", lambda: r15_cubes_right_mixed),
    Right("01.numpy_copy", "np.array copy, then a Python loop", lambda: r15_diag_right_loop),
    Right("01.numpy_copy", "np.copy(m) then fill_diagonal", lambda: r15_diag_right_npcopy),
    Right(
        "01.numpy_copy",
        "np.array of jnp.fill_diagonal(inplace=False)",
        lambda: r15_diag_right_jnpfill,
    ),
    Right(
        "01.numpy_copy", ".at[i, i].set(-1) then np.asarray (read-only)", lambda: r15_diag_right_at
    ),
    Right("01.center", "through the transpose", lambda: r15_center_right_T),
    Right("01.center", "mean over ndim - 1, then [..., None]", lambda: r15_center_right_none),
    Right("01.center", "sum / shape[-1]", lambda: r15_center_right_sum),
    Right("01.center", "jnp.subtract with expand_dims", lambda: r15_center_right_expand),
]
