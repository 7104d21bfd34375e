"""Round 18, lesson 01 (Use jnp as a drop-in NumPy): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange: odd integers from n down to 1, default int dtype ------------------


def r18_arange_positive_step(n):
    # counts "down" with a positive step: empty
    return jnp.arange(n, 0, 2)


def r18_arange_stop_at_one(n):
    # stop=1 is exclusive, so 1 is missing
    return jnp.arange(n, 1, -2)


def r18_arange_step_one(n):
    # every integer, not every odd one
    return jnp.arange(n, 0, -1)


def r18_arange_ascending(n):
    # the right numbers, counting up
    return jnp.arange(1, n + 1, 2)


def r18_arange_float_step(n):
    return jnp.arange(n, 0, -2.0)


def r18_arange_numpy(n):
    return np.arange(n, 0, -2)


def r18_arange_evens(n):
    # started at n - 1
    return jnp.arange(n - 1, 0, -2)


def r18_arange_flip_misses_n(n):
    # flips arange(1, n, 2): n itself is left out
    return jnp.flip(jnp.arange(1, n, 2))


def r18_arange_n_odds(n):
    # read n as "how many odd numbers"
    return jnp.arange(2 * n - 1, 0, -2)


def r18_arange_no_return(n):
    jnp.arange(n, 0, -2)


def r18_arange_past_zero(n):
    # stop -2 so that 1 is "included": -1 comes too
    return jnp.arange(n, -2, -2)


def r18_arange_hardcoded(n):
    return jnp.array([7, 5, 3, 1])


def r18_arange_linspace_trunc(n):
    # linspace in float32, then astype(int) truncates 4.9999995 to 4
    return jnp.linspace(n, 1, (n + 1) // 2).astype(int)


def r18_arange_scalar_for_one(n):
    # special-cases n == 1 with a 0-d array
    if n == 1:
        return jnp.array(1)
    return jnp.arange(n, 0, -2)


# right ones


def r18_arange_right_neg(n):
    return -jnp.arange(-n, 0, 2)


def r18_arange_right_affine(n):
    return jnp.arange(n // 2, -1, -1) * 2 + 1


def r18_arange_right_range(n):
    return jnp.array(list(range(n, 0, -2)))


def r18_arange_right_stop_minus_one(n):
    return jnp.arange(n, -1, -2)


def r18_arange_right_flip(n):
    return jnp.arange(1, n + 1, 2)[::-1]


# ---- 01.default_dtype: predict (B) --------------------------------------------------
# (answers are strings or objects; see the lists below)

# ---- 01.overflow_fix: sum of cubes without int32 overflow ---------------------------


def r18_overflow_sum_dtype_int64(v):
    # NumPy habit: dtype=int64 (JAX truncates it to int32 without x64)
    return jnp.sum(v**3, dtype=jnp.int64)


def r18_overflow_astype_int64(v):
    return jnp.sum(v.astype(jnp.int64) ** 3)


def r18_overflow_cast_result(v):
    # casts after the sum has already wrapped
    return jnp.sum(v**3).astype(jnp.float32)


def r18_overflow_cast_cubes(v):
    # cubes computed in int32, then cast: wraps for v >= 1291
    return jnp.sum((v**3).astype(jnp.float32))


def r18_overflow_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r18_overflow_python_float(v):
    return float(jnp.sum(v.astype(jnp.float32) ** 3))


def r18_overflow_numpy_int64(v):
    # exact in NumPy int64, but returns a NumPy scalar
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r18_overflow_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r18_overflow_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r18_overflow_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r18_overflow_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r18_overflow_squares(v):
    # the lesson's dot-product power, in float32
    return jnp.sum(v.astype(jnp.float32) ** 2)


def r18_overflow_abs(v):
    # thinks the negative sign is the bug
    return jnp.abs(jnp.sum(v**3))


def r18_overflow_rescale(v):
    # scales by the max: empty arrays and all-zero arrays break
    m = v.max().astype(jnp.float32)
    return jnp.sum((v / m) ** 3) * m**3


# right ones


def r18_overflow_right_float_power(v):
    # int32 ** 3.0 is computed in float32
    return jnp.sum(v**3.0)


def r18_overflow_right_dot(v):
    w = v.astype(jnp.float32)
    return jnp.dot(w * w, w)


def r18_overflow_right_astype_float(v):
    return (v.astype(float) ** 3).sum()


def r18_overflow_right_power(v):
    return jnp.sum(jnp.power(jnp.asarray(v, dtype=jnp.float32), 3))


# ---- 01.numpy_copy: NumPy copy with the diagonal set to -1 ---------------------------


def r18_copy_asarray_view(m):
    # np.asarray is a read-only view: fill_diagonal raises
    a = np.asarray(m)
    np.fill_diagonal(a, -1)
    return a


def r18_copy_return_none(m):
    return np.fill_diagonal(np.array(m), -1)


def r18_copy_plus_one(m):
    a = np.array(m)
    np.fill_diagonal(a, 1)
    return a


def r18_copy_jax_at(m):
    n = m.shape[0]
    return m.at[jnp.arange(n), jnp.arange(n)].set(-1)


def r18_copy_anti_diagonal(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def r18_copy_diagonal_view(m):
    a = np.array(m)
    a.diagonal()[:] = -1
    return a


def r18_copy_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r18_copy_loop_skips_first(m):
    a = np.array(m)
    for i in range(1, len(a)):
        a[i, i] = -1
    return a


def r18_copy_setflags(m):
    a = np.asarray(m)
    a.setflags(write=True)
    np.fill_diagonal(a, -1)
    return a


def r18_copy_eye_mask(m):
    # np.eye is float64, so the result is float64
    a = np.array(m)
    n = a.shape[0]
    return a * (1 - np.eye(n)) - np.eye(n)


def r18_copy_jax_copy_then_view(m):
    # copies on the JAX side, then takes a read-only view
    a = np.asarray(m.copy())
    np.fill_diagonal(a, -1)
    return a


# right ones


def r18_copy_right_npcopy_loop(m):
    a = np.copy(m)
    for i in range(a.shape[0]):
        a[i, i] = -1
    return a


def r18_copy_right_where(m):
    a = np.asarray(m)
    return np.where(np.eye(a.shape[0], dtype=bool), a.dtype.type(-1), a)


def r18_copy_right_at_then_numpy(m):
    n = m.shape[0]
    return np.asarray(m.at[jnp.diag_indices(n)].set(-1))


def r18_copy_right_diag_indices(m):
    a = np.asarray(m).copy()
    a[np.diag_indices_from(a)] = -1
    return a


# ---- 01.center: subtract each row's mean (last axis) -------------------------------


def r18_center_global_mean(x):
    return x - x.mean()


def r18_center_axis0(x):
    return x - x.mean(axis=0)


def r18_center_axis1(x):
    return x - x.mean(axis=1, keepdims=True)


def r18_center_no_keepdims(x):
    return x - x.mean(axis=-1)


def r18_center_standardize(x):
    return (x - x.mean(axis=-1, keepdims=True)) / x.std(axis=-1, keepdims=True)


def r18_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r18_center_sign(x):
    return x.mean(axis=-1, keepdims=True) - x


def r18_center_per_sample(x):
    # ML habit: one mean per sample over all axes but the first
    return x - x.mean(axis=tuple(range(1, x.ndim)), keepdims=True)


def r18_center_divide_by_size(x):
    return x - x.sum(axis=-1, keepdims=True) / x.size


def r18_center_in_place(x):
    x[...] -= x.mean(axis=-1, keepdims=True)
    return x


def r18_center_midrange(x):
    # right for evenly spaced rows only
    return x - (x.max(axis=-1, keepdims=True) + x.min(axis=-1, keepdims=True)) / 2


# right ones


def r18_center_right_transpose(x):
    return (x.T - x.T.mean(axis=0)).T


def r18_center_right_expand(x):
    return x - jnp.expand_dims(jnp.average(x, axis=x.ndim - 1), -1)


def r18_center_right_sum_over_n(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[-1]


def r18_center_right_vmap(x):
    def row(r):
        return r - jnp.mean(r)

    f = row
    for _ in range(x.ndim - 1):
        f = jax.vmap(f)
    return f(x)


ROUND_18 = [
    # 01.arange
    Wrong("01.arange", "positive step from n to 0: empty", lambda: r18_arange_positive_step),
    Wrong("01.arange", "stop=1 excluded, so 1 is missing", lambda: r18_arange_stop_at_one),
    Wrong("01.arange", "step -1: every integer", lambda: r18_arange_step_one),
    Wrong("01.arange", "counts up from 1 to n", lambda: r18_arange_ascending),
    Wrong("01.arange", "step -2.0: float array", lambda: r18_arange_float_step),
    Wrong("01.arange", "np.arange instead of jnp.arange", lambda: r18_arange_numpy),
    Wrong("01.arange", "started at n - 1: the even numbers", lambda: r18_arange_evens),
    Wrong("01.arange", "flipped arange(1, n, 2): n missing", lambda: r18_arange_flip_misses_n),
    Wrong("01.arange", "read n as the count of odd numbers", lambda: r18_arange_n_odds),
    Wrong("01.arange", "forgot the return", lambda: r18_arange_no_return),
    Wrong("01.arange", "stop -2: runs on to -1", lambda: r18_arange_past_zero),
    Wrong("01.arange", "hard-coded the example 7, 5, 3, 1", lambda: r18_arange_hardcoded),
    Wrong(
        "01.arange", "float linspace truncated by astype(int)", lambda: r18_arange_linspace_trunc
    ),
    Wrong("01.arange", "n == 1 special-cased as a 0-d array", lambda: r18_arange_scalar_for_one),
    # 01.default_dtype
    Wrong("01.default_dtype", "typed A: JAX keeps the given dtype", lambda: "A"),
    Wrong("01.default_dtype", "typed C: no float64 in JAX at all", lambda: "C"),
    Wrong("01.default_dtype", "typed D: asarray shares NumPy's memory", lambda: "D"),
    Wrong("01.default_dtype", "lower-case a", lambda: "a"),
    Wrong("01.default_dtype", "c with a dot and a space", lambda: " c."),
    Wrong("01.default_dtype", "typed the dtype name float32", lambda: "float32"),
    Wrong("01.default_dtype", "typed float64", lambda: "float64"),
    Wrong("01.default_dtype", "gave jnp.float32 itself", lambda: jnp.float32),
    Wrong(
        "01.default_dtype",
        "ran it and gave the dtype object",
        lambda: jnp.asarray(np.arange(3) / 2).dtype,
    ),
    Wrong("01.default_dtype", "both float32 options: BC", lambda: "BC"),
    Wrong("01.default_dtype", "a list holding B", lambda: ["B"]),
    # 01.overflow_fix
    Wrong(
        "01.overflow_fix",
        "jnp.sum(..., dtype=jnp.int64) without x64",
        lambda: r18_overflow_sum_dtype_int64,
    ),
    Wrong(
        "01.overflow_fix", "astype(int64) before cubing, no x64", lambda: r18_overflow_astype_int64
    ),
    Wrong("01.overflow_fix", "cast the wrapped sum to float32", lambda: r18_overflow_cast_result),
    Wrong(
        "01.overflow_fix", "cubed in int32, then cast to float32", lambda: r18_overflow_cast_cubes
    ),
    Wrong("01.overflow_fix", "uint32: wraps further out", lambda: r18_overflow_uint32),
    Wrong("01.overflow_fix", "returned a Python float", lambda: r18_overflow_python_float),
    Wrong(
        "01.overflow_fix", "NumPy int64 sum: NumPy scalar back", lambda: r18_overflow_numpy_int64
    ),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r18_overflow_float16),
    Wrong("01.overflow_fix", "bfloat16: 3 digits, too coarse", lambda: r18_overflow_bfloat16),
    Wrong("01.overflow_fix", "cumsum: running totals, not one number", lambda: r18_overflow_cumsum),
    Wrong("01.overflow_fix", "cube of the sum", lambda: r18_overflow_cube_of_sum),
    Wrong("01.overflow_fix", "squares, as in the dot product", lambda: r18_overflow_squares),
    Wrong("01.overflow_fix", "abs of the wrapped sum", lambda: r18_overflow_abs),
    Wrong(
        "01.overflow_fix", "rescaled by the max: empty/zeros break", lambda: r18_overflow_rescale
    ),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray view: read-only, raises", lambda: r18_copy_asarray_view),
    Wrong("01.numpy_copy", "returned fill_diagonal's None", lambda: r18_copy_return_none),
    Wrong("01.numpy_copy", "filled with +1", lambda: r18_copy_plus_one),
    Wrong("01.numpy_copy", ".at[].set(-1): a jax array back", lambda: r18_copy_jax_at),
    Wrong("01.numpy_copy", "fliplr: flagged the anti-diagonal", lambda: r18_copy_anti_diagonal),
    Wrong("01.numpy_copy", "wrote through a.diagonal() view", lambda: r18_copy_diagonal_view),
    Wrong("01.numpy_copy", "returned m, not the copy", lambda: r18_copy_returns_m),
    Wrong("01.numpy_copy", "loop from 1 skips a[0, 0]", lambda: r18_copy_loop_skips_first),
    Wrong("01.numpy_copy", "setflags(write=True) on the view", lambda: r18_copy_setflags),
    Wrong("01.numpy_copy", "masked with np.eye: float64 result", lambda: r18_copy_eye_mask),
    Wrong(
        "01.numpy_copy",
        "m.copy() then np.asarray: still read-only",
        lambda: r18_copy_jax_copy_then_view,
    ),
    # 01.center
    Wrong("01.center", "subtracted the mean of the whole array", lambda: r18_center_global_mean),
    Wrong("01.center", "mean over axis 0: columns", lambda: r18_center_axis0),
    Wrong("01.center", "axis=1 with keepdims: 2-D only", lambda: r18_center_axis1),
    Wrong("01.center", "axis=-1 without keepdims", lambda: r18_center_no_keepdims),
    Wrong("01.center", "also divided by the row's std", lambda: r18_center_standardize),
    Wrong("01.center", "subtracted the row's median", lambda: r18_center_median),
    Wrong("01.center", "mean minus x: sign flipped", lambda: r18_center_sign),
    Wrong("01.center", "mean over all axes but the first", lambda: r18_center_per_sample),
    Wrong("01.center", "row sum divided by x.size", lambda: r18_center_divide_by_size),
    Wrong("01.center", "NumPy in-place x[...] -= mean", lambda: r18_center_in_place),
    Wrong("01.center", "subtracted the midrange (max+min)/2", lambda: r18_center_midrange),
]

RIGHT_18 = [
    Right("01.arange", "negated arange(-n, 0, 2)", lambda: r18_arange_right_neg),
    Right("01.arange", "2*k + 1 over k counting down", lambda: r18_arange_right_affine),
    Right("01.arange", "jnp.array of a Python range", lambda: r18_arange_right_range),
    Right("01.arange", "stop -1 instead of 0", lambda: r18_arange_right_stop_minus_one),
    Right("01.arange", "ascending arange reversed with [::-1]", lambda: r18_arange_right_flip),
    Right("01.default_dtype", "plain B", lambda: "B"),
    Right("01.default_dtype", "lower-case b with a space", lambda: " b"),
    Right("01.default_dtype", "B with a full stop", lambda: "B."),
    Right(
        "01.overflow_fix", "v ** 3.0 promotes to float32", lambda: r18_overflow_right_float_power
    ),
    Right("01.overflow_fix", "float32 dot of squares with v", lambda: r18_overflow_right_dot),
    Right("01.overflow_fix", "astype(float) then .sum()", lambda: r18_overflow_right_astype_float),
    Right("01.overflow_fix", "jnp.power on a float32 asarray", lambda: r18_overflow_right_power),
    Right("01.numpy_copy", "np.copy and a loop over i", lambda: r18_copy_right_npcopy_loop),
    Right("01.numpy_copy", "np.where with a boolean eye", lambda: r18_copy_right_where),
    Right(
        "01.numpy_copy", ".at[].set in JAX, then np.asarray", lambda: r18_copy_right_at_then_numpy
    ),
    Right("01.numpy_copy", "copy and diag_indices_from", lambda: r18_copy_right_diag_indices),
    Right("01.center", "transpose, mean over axis 0, back", lambda: r18_center_right_transpose),
    Right("01.center", "average, then expand_dims", lambda: r18_center_right_expand),
    Right("01.center", "sum over last axis / shape[-1]", lambda: r18_center_right_sum_over_n),
    Right("01.center", "vmap of a 1-D centering per axis", lambda: r18_center_right_vmap),
]
