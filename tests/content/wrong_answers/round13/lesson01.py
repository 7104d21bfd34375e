"""Round 13, lesson 01 (jnp as NumPy): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange ---------------------------------------------------------------------------


def r13_odds_stop1(n):
    return jnp.arange(n, 1, -2)  # stop 1 is excluded: the 1 goes missing


def r13_odds_up(n):
    return jnp.arange(1, n + 1, 2)  # right numbers, ascending


def r13_odds_upto_n_excl(n):
    return jnp.arange(1, n, 2)[::-1]  # stop n excluded: n goes missing


def r13_odds_minus2(n):
    return jnp.arange(n, -2, -2)  # stop past 0 to "include 1": adds -1


def r13_odds_half(n):
    return n - 2 * jnp.arange(n // 2)  # n // 2 terms, one short


def r13_odds_evens(n):
    return jnp.arange(n)[::-2]  # reversed step from the end of arange(n): evens


def r13_odds_float_step(n):
    return jnp.arange(n, 0, -2.0)  # float step makes floats


def r13_odds_negsort(n):
    return jnp.sort(-jnp.arange(1, n + 1, 2))  # sorted descending by negating, not undone


def r13_odds_linspace_count(n):
    return jnp.linspace(n, 1, n // 2).astype(int)  # wrong count of points


def r13_odds_hardcoded(n):
    return jnp.array([7, 5, 3, 1])


def r13_odds_numpy(n):
    return np.arange(n, 0, -2)


def r13_odds_first_n(n):
    return jnp.arange(2 * n - 1, 0, -2)  # read "the first n odd numbers"


def r13_odds_row(n):
    return jnp.arange(n, 0, -2)[None, :]  # a 1 x k row


def r13_odds_n1_special(n):
    if n == 1:
        return jnp.array([])  # "nothing below 1": empty float array
    return jnp.arange(n, 0, -2)


def r13_odds_right_flip(n):
    return jnp.flip(jnp.arange(1, n + 2, 2))


def r13_odds_right_stride(n):
    return jnp.arange(n + 1)[::-2]


def r13_odds_right_range(n):
    return jnp.array(list(range(n, 0, -2)), dtype=int)


def r13_odds_right_neg(n):
    return -jnp.arange(-n, 0, 2)


# ---- 01.overflow_fix ------------------------------------------------------------------------


def r13_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r13_cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cubes already wrapped in int32


def r13_cubes_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)  # int64 becomes int32 without x64


def r13_cubes_vvv_then_float(v):
    return jnp.sum(v * v * v * 1.0)  # the float comes after the int32 products


def r13_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r13_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r13_cubes_formula(v):
    n = v.size  # right for arange(n), as on the page, wrong for other arrays
    return jnp.asarray((n * (n - 1) / 2) ** 2, dtype=jnp.float32)


def r13_cubes_numpy_back(v):
    exact = np.sum(np.asarray(v).astype(np.int64) ** 3)
    return jnp.asarray(exact)  # back to jax: int64 -> int32 wraps again


def r13_cubes_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r13_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r13_cubes_cumsum_last(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)[-1]  # empty v: index out of bounds


def r13_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r13_cubes_mean_times_size(v):
    return jnp.mean(v.astype(jnp.float32) ** 3) * v.size  # empty v: nan * 0 = nan


def r13_cubes_right_einsum(v):
    f = jnp.asarray(v, dtype=jnp.float32)
    return jnp.einsum("i,i,i->", f, f, f)


def r13_cubes_right_pow_float(v):
    return jnp.sum(v**3.0)


def r13_cubes_right_dot(v):
    vf = v / 1
    return jnp.dot(vf * vf, vf)


def r13_cubes_right_one_first(v):
    return jnp.sum(1.0 * v * v * v)


def r13_cubes_right_jit(v):
    return jax.jit(lambda u: (jnp.float32(u) ** 3).sum())(v)


# ---- 01.numpy_copy ----------------------------------------------------------------------


def r13_diag_view(m):
    a = np.asarray(m)  # read-only view: ValueError
    np.fill_diagonal(a, -1)
    return a


def r13_diag_jax_copy(m):
    a = np.asarray(m.copy())  # copied on the jax side: still a read-only view
    np.fill_diagonal(a, -1)
    return a


def r13_diag_returns_none(m):
    return np.fill_diagonal(np.array(m), -1)


def r13_diag_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r13_diag_float(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def r13_diag_minus_eye(m):
    return np.array(m) - np.eye(m.shape[0])  # subtracts 1 rather than setting -1


def r13_diag_flat_stride(m):
    a = np.array(m)
    a.flat[:: a.shape[0]] = -1  # stride n, not n + 1
    return a


def r13_diag_transposed(m):
    a = np.array(m).T
    np.fill_diagonal(a, -1)
    return a


def r13_diag_ndim(m):
    a = np.array(m)
    a[np.diag_indices(a.ndim)] = -1  # ndim (2), not the size
    return a


def r13_diag_plus1(m):
    a = np.array(m)
    np.fill_diagonal(a, 1)
    return a


def r13_diag_at_set(m):
    return m.at[jnp.diag_indices(m.shape[0])].set(-1)  # a jax array, not NumPy


def r13_diag_mask_float(m):
    eye = np.eye(m.shape[0])
    return np.asarray(m) * (1 - eye) - eye  # right values, float64 dtype


def r13_diag_antidiag(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)  # the other diagonal
    return a


def r13_diag_right_loop(m):
    a = np.array(m)
    for i in range(len(a)):
        a[i, i] = -1
    return a


def r13_diag_right_flat(m):
    a = np.copy(m)
    a.flat[:: a.shape[0] + 1] = -1
    return a


def r13_diag_right_where(m):
    mm = np.asarray(m)
    return np.where(np.eye(len(mm), dtype=bool), -1, mm).astype(mm.dtype)


def r13_diag_right_jax_first(m):
    return np.asarray(m.at[jnp.diag_indices(m.shape[0])].set(-1))  # read-only, but right


# ---- 01.center --------------------------------------------------------------------------


def r13_center_global(x):
    return x - x.mean()


def r13_center_axis0(x):
    return x - x.mean(axis=0)


def r13_center_axis1_keep(x):
    return x - x.mean(axis=1, keepdims=True)  # right for 2-D only


def r13_center_no_keepdims(x):
    return x - x.mean(axis=-1)  # broadcasts along the wrong axis


def r13_center_none_index(x):
    return x - x.mean(axis=-1)[:, None]  # right for 2-D only


def r13_center_flipped(x):
    return x.mean(axis=-1, keepdims=True) - x


def r13_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r13_center_shape0(x):
    return x - x.sum(axis=-1, keepdims=True) / x.shape[0]  # right when square


def r13_center_standardize(x):
    c = x - x.mean(axis=-1, keepdims=True)
    return c / c.std(axis=-1, keepdims=True)


def r13_center_rows_loop(x):
    return jnp.stack([row - row.mean() for row in x])  # 1-D: each "row" is a number


def r13_center_transposed(x):
    return x.T - x.mean(axis=-1)


def r13_center_midrange(x):
    return x - (x.max(axis=-1, keepdims=True) + x.min(axis=-1, keepdims=True)) / 2


def r13_center_right_T(x):
    return (x.T - x.T.mean(axis=0)).T


def r13_center_right_expand(x):
    return x - jnp.expand_dims(jnp.mean(x, axis=x.ndim - 1), x.ndim - 1)


def r13_center_right_inplace(x):
    x -= jnp.mean(x, -1, keepdims=True)
    return x


def r13_center_right_apply(x):
    return jnp.apply_along_axis(lambda r: r - r.mean(), -1, x)


ROUND_13 = [
    Wrong("01.arange", "arange(n, 1, -2): the stop 1 is excluded", lambda: r13_odds_stop1),
    Wrong("01.arange", "ascending arange(1, n + 1, 2)", lambda: r13_odds_up),
    Wrong("01.arange", "arange(1, n, 2) reversed: n itself missing", lambda: r13_odds_upto_n_excl),
    Wrong("01.arange", "stop -2 to include 1: adds -1", lambda: r13_odds_minus2),
    Wrong("01.arange", "n - 2*arange(n // 2): one term short", lambda: r13_odds_half),
    Wrong("01.arange", "arange(n)[::-2]: the evens below n", lambda: r13_odds_evens),
    Wrong("01.arange", "step -2.0 gives a float array", lambda: r13_odds_float_step),
    Wrong(
        "01.arange",
        "sort(-odds): negated to sort down, never negated back",
        lambda: r13_odds_negsort,
    ),
    Wrong("01.arange", "linspace with n // 2 points, cast to int", lambda: r13_odds_linspace_count),
    Wrong("01.arange", "hard-coded the page's 7, 5, 3, 1", lambda: r13_odds_hardcoded),
    Wrong("01.arange", "np.arange instead of jnp.arange", lambda: r13_odds_numpy),
    Wrong("01.arange", "first n odd numbers, from 2n - 1 down", lambda: r13_odds_first_n),
    Wrong("01.arange", "a (1, k) row via [None, :]", lambda: r13_odds_row),
    Wrong("01.arange", "n == 1 special-cased to an empty array", lambda: r13_odds_n1_special),
    Wrong("01.default_dtype", "A: keeps the float64 it is given", lambda: "A"),
    Wrong("01.default_dtype", "C: no float64 at all in JAX", lambda: "C"),
    Wrong("01.default_dtype", "D: no copy, shares NumPy's dtype", lambda: "D"),
    Wrong("01.default_dtype", "the dtype name instead of a letter", lambda: "float32"),
    Wrong("01.default_dtype", "both float32 options, BC", lambda: "BC"),
    Wrong("01.default_dtype", "lower-case c", lambda: "c"),
    Wrong("01.default_dtype", "A) with its parenthesis", lambda: "A)"),
    Wrong("01.default_dtype", "the dtype object, not a letter", lambda: jnp.float32),
    Wrong("01.default_dtype", "'B or C' hedged", lambda: "B or C"),
    Wrong(
        "01.overflow_fix", "cast the int32 sum to float afterwards", lambda: r13_cubes_cast_after
    ),
    Wrong(
        "01.overflow_fix",
        "sum(v**3, dtype=float32): cubes already wrapped",
        lambda: r13_cubes_sum_dtype,
    ),
    Wrong("01.overflow_fix", "astype(int64): silently int32 without x64", lambda: r13_cubes_int64),
    Wrong(
        "01.overflow_fix",
        "v*v*v*1.0: float only after the int products",
        lambda: r13_cubes_vvv_then_float,
    ),
    Wrong("01.overflow_fix", "float16 cubes overflow to inf", lambda: r13_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: no overflow, ~0.4% error", lambda: r13_cubes_bfloat16),
    Wrong(
        "01.overflow_fix",
        "closed formula for arange: right on the page only",
        lambda: r13_cubes_formula,
    ),
    Wrong(
        "01.overflow_fix",
        "exact int64 in NumPy, then jnp.asarray wraps it",
        lambda: r13_cubes_numpy_back,
    ),
    Wrong(
        "01.overflow_fix", "float32 sum returned as a Python float", lambda: r13_cubes_python_float
    ),
    Wrong("01.overflow_fix", "cube of the float sum", lambda: r13_cubes_cube_of_sum),
    Wrong("01.overflow_fix", "cumsum(...)[-1]: fails on an empty v", lambda: r13_cubes_cumsum_last),
    Wrong(
        "01.overflow_fix",
        "float mean of cubes times size: nan for empty v",
        lambda: r13_cubes_mean_times_size,
    ),
    Wrong("01.overflow_fix", "uint32 cubes: wraps later, still wraps", lambda: r13_cubes_uint32),
    Wrong("01.numpy_copy", "np.asarray view: fill_diagonal on read-only", lambda: r13_diag_view),
    Wrong("01.numpy_copy", "m.copy() on the jax side, then np.asarray", lambda: r13_diag_jax_copy),
    Wrong("01.numpy_copy", "returned fill_diagonal's None", lambda: r13_diag_returns_none),
    Wrong("01.numpy_copy", "filled the copy, returned m", lambda: r13_diag_returns_m),
    Wrong("01.numpy_copy", "np.array(m, dtype=float): float64", lambda: r13_diag_float),
    Wrong("01.numpy_copy", "m - eye: subtracts 1 on the diagonal", lambda: r13_diag_minus_eye),
    Wrong("01.numpy_copy", "a.flat[::n] = -1, stride n not n + 1", lambda: r13_diag_flat_stride),
    Wrong("01.numpy_copy", "filled a transposed copy, returned it", lambda: r13_diag_transposed),
    Wrong("01.numpy_copy", "diag_indices(a.ndim): only 2 elements set", lambda: r13_diag_ndim),
    Wrong("01.numpy_copy", "diagonal set to +1", lambda: r13_diag_plus1),
    Wrong("01.numpy_copy", "m.at[diag].set(-1): a jax array", lambda: r13_diag_at_set),
    Wrong("01.numpy_copy", "mask arithmetic with eye: float64 dtype", lambda: r13_diag_mask_float),
    Wrong("01.numpy_copy", "fliplr view: the anti-diagonal", lambda: r13_diag_antidiag),
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r13_center_global),
    Wrong("01.center", "mean along axis 0 (columns)", lambda: r13_center_axis0),
    Wrong("01.center", "axis=1, keepdims: right for 2-D only", lambda: r13_center_axis1_keep),
    Wrong("01.center", "axis=-1 without keepdims", lambda: r13_center_no_keepdims),
    Wrong("01.center", "mean(-1)[:, None]: right for 2-D only", lambda: r13_center_none_index),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r13_center_flipped),
    Wrong("01.center", "subtracts the row median", lambda: r13_center_median),
    Wrong("01.center", "sum / x.shape[0]: right for square only", lambda: r13_center_shape0),
    Wrong("01.center", "also divides by the row std", lambda: r13_center_standardize),
    Wrong(
        "01.center",
        "stack of row - row.mean(): wrong for 1-D and 3-D",
        lambda: r13_center_rows_loop,
    ),
    Wrong("01.center", "x.T - row means: transposed result", lambda: r13_center_transposed),
    Wrong("01.center", "subtracts the midrange (max + min) / 2", lambda: r13_center_midrange),
]

RIGHT_13 = [
    Right("01.arange", "flip(arange(1, n + 2, 2))", lambda: r13_odds_right_flip),
    Right("01.arange", "arange(n + 1)[::-2]", lambda: r13_odds_right_stride),
    Right("01.arange", "list(range(...)) with dtype=int", lambda: r13_odds_right_range),
    Right("01.arange", "negated arange(-n, 0, 2)", lambda: r13_odds_right_neg),
    Right("01.default_dtype", "B", lambda: "B"),
    Right("01.default_dtype", "lower-case b", lambda: "b"),
    Right("01.default_dtype", "B with a trailing space", lambda: "B "),
    Right("01.overflow_fix", "v ** 3.0 promotes to float32", lambda: r13_cubes_right_pow_float),
    Right("01.overflow_fix", "dot of squares and v, via v / 1", lambda: r13_cubes_right_dot),
    Right(
        "01.overflow_fix",
        "1.0 * v * v * v: float from the first product",
        lambda: r13_cubes_right_one_first,
    ),
    Right("01.overflow_fix", "einsum i,i,i in float32", lambda: r13_cubes_right_einsum),
    Right("01.overflow_fix", "jitted lambda with jnp.float32(u)", lambda: r13_cubes_right_jit),
    Right("01.numpy_copy", "np.array then a Python loop over i", lambda: r13_diag_right_loop),
    Right("01.numpy_copy", "np.copy and flat[::n + 1]", lambda: r13_diag_right_flat),
    Right("01.numpy_copy", "np.where with an eye mask, cast back", lambda: r13_diag_right_where),
    Right("01.numpy_copy", ".at[].set in jax, then np.asarray", lambda: r13_diag_right_jax_first),
    Right(
        "01.center", "transpose, center along axis 0, transpose back", lambda: r13_center_right_T
    ),
    Right("01.center", "expand_dims of mean over ndim - 1", lambda: r13_center_right_expand),
    Right("01.center", "x -= mean, keepdims (rebinding)", lambda: r13_center_right_inplace),
    Right("01.center", "apply_along_axis on the last axis", lambda: r13_center_right_apply),
]
