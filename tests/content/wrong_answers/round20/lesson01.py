"""Round 20, lesson 01 (Use jnp as a drop-in NumPy): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 01.arange: odds_down(n), the odd integers from n down to 1, jnp int dtype -------


def r20_arange_stop_at_one(n):
    return jnp.arange(n, 1, -2)  # stop is excluded: 1 never appears


def r20_arange_ascending(n):
    return jnp.arange(1, n + 1, 2)


def r20_arange_positive_step(n):
    return jnp.arange(n, 0, 2)  # forgot the minus: empty


def r20_arange_every_integer(n):
    return jnp.arange(n, 0, -1)


def r20_arange_numpy(n):
    return np.arange(n, 0, -2)


def r20_arange_reverse_slice_evens(n):
    return jnp.arange(n)[::-2]  # NumPy slicing habit, but starts at n - 1


def r20_arange_misses_n(n):
    return jnp.arange(1, n, 2)[::-1]  # stop n is excluded, so n itself is lost


def r20_arange_linspace_floats(n):
    return jnp.linspace(n, 1, (n + 1) // 2)


def r20_arange_formula_off_by_one(n):
    return 2 * jnp.arange(n // 2, 0, -1) + 1  # 7 -> 7, 5, 3: the 1 is missing


def r20_arange_python_list(n):
    return list(range(n, 0, -2))


def r20_arange_special_case_one(n):
    if n == 1:
        return 1  # "just one number" for the smallest case: a Python int
    return jnp.arange(n, 0, -2)


def r20_arange_right_flip(n):
    return jnp.flip(jnp.arange(1, n + 1, 2))


def r20_arange_right_formula(n):
    return n - 2 * jnp.arange((n + 1) // 2)


def r20_arange_right_reverse_slice(n):
    return jnp.arange(n + 1)[::-2]


def r20_arange_right_negated(n):
    return -jnp.arange(-n, 0, 2)


# ---- 01.overflow_fix: sum_of_cubes(v) that does not overflow int32 ------------------


def r20_overflow_cast_after_sum(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r20_overflow_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)  # the cubes are int32 already


def r20_overflow_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r20_overflow_numpy_then_jnp(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.int64) ** 3))


def r20_overflow_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r20_overflow_python_float(v):
    return float(jnp.sum(v**3))


def r20_overflow_times_itself(v):
    return jnp.sum(v * v * v)


def r20_overflow_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r20_overflow_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r20_overflow_scaled_by_max(v):
    m = jnp.max(v).astype(jnp.float32)
    return jnp.sum((v / m) ** 3) * m**3


def r20_overflow_mean(v):
    return jnp.mean(v.astype(jnp.float32) ** 3)


def r20_overflow_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r20_overflow_back_to_int(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).astype(jnp.int32)


def r20_overflow_item(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).item()


def r20_overflow_right_float_power(v):
    return jnp.sum(v**3.0)


def r20_overflow_right_power_float(v):
    return jnp.sum(jnp.power(v.astype(float), 3))


def r20_overflow_right_times_one(v):
    vf = v * 1.0
    return (vf * vf * vf).sum()


def r20_overflow_right_asarray(v):
    return (jnp.asarray(v, dtype=jnp.float32) ** 3).sum()


# ---- 01.numpy_copy: flag_diagonal(m), a NumPy copy with its diagonal set to -1 ------


def r20_copy_asarray_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)  # read-only view: ValueError
    return a


def r20_copy_returns_fill_result(m):
    return np.fill_diagonal(np.array(m), -1)


def r20_copy_back_to_jax(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return jnp.asarray(a)


def r20_copy_eye_mask(m):
    n = m.shape[0]
    return np.array(m) * (1 - np.eye(n)) - np.eye(n)


def r20_copy_returns_m(m):
    a = np.array(m)
    np.fill_diagonal(a, -1)
    return m


def r20_copy_loop_off_by_one(m):
    a = np.array(m)
    for i in range(len(a) - 1):
        a[i, i] = -1
    return a


def r20_copy_copy_false(m):
    a = np.array(m, copy=False)
    np.fill_diagonal(a, -1)
    return a


def r20_copy_dtype_int(m):
    a = np.array(m, dtype=int)
    np.fill_diagonal(a, -1)
    return a


def r20_copy_fill_everything(m):
    a = np.array(m)
    a.fill(-1)
    return a


def r20_copy_diag_view(m):
    a = np.array(m)
    np.diag(a)[:] = -1  # np.diag gives a read-only view
    return a


def r20_copy_adds_minus_one(m):
    return np.array(m) - np.eye(m.shape[0], dtype=np.asarray(m).dtype)


def r20_copy_right_np_copy(m):
    a = np.copy(m)
    np.fill_diagonal(a, -1)
    return a


def r20_copy_right_loop(m):
    a = np.asarray(m).copy()
    for i in range(a.shape[0]):
        a[i, i] = -1
    return a


def r20_copy_right_diag_indices(m):
    a = np.array(jax.device_get(m))
    a[np.diag_indices_from(a)] = -1
    return a


# ---- 01.center: subtract each row's mean along the last axis ------------------------


def r20_center_global_mean(x):
    return x - jnp.mean(x)


def r20_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r20_center_axis1_keepdims(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def r20_center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1)


def r20_center_standardize(x):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    return (x - mean) / jnp.std(x, axis=-1, keepdims=True)


def r20_center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True)


def r20_center_sign_flipped(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x


def r20_center_len_divisor(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / len(x)


def r20_center_row_loop(x):
    return jnp.stack([row - row.mean() for row in x])


def r20_center_midrange(x):
    return x - (x.max(axis=-1, keepdims=True) + x.min(axis=-1, keepdims=True)) / 2


def r20_center_right_index_none(x):
    return x - x.mean(-1)[..., None]


def r20_center_right_expand_dims(x):
    return x - jnp.expand_dims(jnp.mean(x, axis=x.ndim - 1), x.ndim - 1)


def r20_center_right_sum_over_size(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / x.shape[-1]


ROUND_20 = [
    # 01.arange
    Wrong("01.arange", "stop=1 with step -2: the 1 is left out", lambda: r20_arange_stop_at_one),
    Wrong("01.arange", "counts up, 1 to n, not down", lambda: r20_arange_ascending),
    Wrong("01.arange", "step +2 from n to 0: empty array", lambda: r20_arange_positive_step),
    Wrong("01.arange", "step -1: every integer, not the odd ones", lambda: r20_arange_every_integer),
    Wrong("01.arange", "np.arange, a NumPy int64 array", lambda: r20_arange_numpy),
    Wrong("01.arange", "jnp.arange(n)[::-2]: starts at n - 1, evens", lambda: r20_arange_reverse_slice_evens),
    Wrong("01.arange", "arange(1, n, 2) reversed: n itself missing", lambda: r20_arange_misses_n),
    Wrong("01.arange", "jnp.linspace: right values, float dtype", lambda: r20_arange_linspace_floats),
    Wrong("01.arange", "2*arange(n//2, 0, -1)+1: drops the final 1", lambda: r20_arange_formula_off_by_one),
    Wrong("01.arange", "a Python list from range()", lambda: r20_arange_python_list),
    Wrong("01.arange", "n == 1 special-cased to a Python int", lambda: r20_arange_special_case_one),
    # 01.default_dtype
    Wrong("01.default_dtype", "typed A: JAX keeps the float64 it is given", lambda: "A"),
    Wrong("01.default_dtype", "typed ' c', thinking accelerators lack float64", lambda: " c"),
    Wrong("01.default_dtype", "typed 'D.', thinking no copy keeps the dtype", lambda: "D."),
    Wrong("01.default_dtype", "typed AD: both float64 options", lambda: "AD"),
    Wrong("01.default_dtype", "typed BC: both float32 options", lambda: "BC"),
    Wrong("01.default_dtype", "wrote the dtype name float64", lambda: "float64"),
    Wrong("01.default_dtype", "wrote the dtype name float32, no letter", lambda: "float32"),
    Wrong("01.default_dtype", "assigned the dtype object jnp.float32", lambda: jnp.float32),
    Wrong("01.default_dtype", "typed 'Option C'", lambda: "Option C"),
    Wrong("01.default_dtype", "typed 'A or D', unsure which float64 reason", lambda: "A or D"),
    # 01.overflow_fix
    Wrong("01.overflow_fix", "cast to float32 after the int32 sum", lambda: r20_overflow_cast_after_sum),
    Wrong("01.overflow_fix", "jnp.sum(v**3, dtype=float32): cubes still int32", lambda: r20_overflow_sum_dtype),
    Wrong("01.overflow_fix", "exact NumPy int64 sum, a NumPy scalar back", lambda: r20_overflow_numpy_int64),
    Wrong("01.overflow_fix", "NumPy int64 sum wrapped by jnp.asarray", lambda: r20_overflow_numpy_then_jnp),
    Wrong("01.overflow_fix", "float16 to save memory: cubes overflow to inf", lambda: r20_overflow_float16),
    Wrong("01.overflow_fix", "float() of the overflowed int32 sum", lambda: r20_overflow_python_float),
    Wrong("01.overflow_fix", "v*v*v instead of v**3, still int32", lambda: r20_overflow_times_itself),
    Wrong("01.overflow_fix", "jnp.cumsum: running totals, not one number", lambda: r20_overflow_cumsum),
    Wrong("01.overflow_fix", "uint32 to double the range: still overflows", lambda: r20_overflow_uint32),
    Wrong("01.overflow_fix", "scaled by the max: nan on zeros, error on empty", lambda: r20_overflow_scaled_by_max),
    Wrong("01.overflow_fix", "jnp.mean instead of jnp.sum", lambda: r20_overflow_mean),
    Wrong("01.overflow_fix", "cube of the float sum, not sum of cubes", lambda: r20_overflow_cube_of_sum),
    Wrong("01.overflow_fix", "float32 sum cast back to int32", lambda: r20_overflow_back_to_int),
    Wrong("01.overflow_fix", ".item(): a Python float, not a jax array", lambda: r20_overflow_item),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray view: fill_diagonal hits read-only", lambda: r20_copy_asarray_view),
    Wrong("01.numpy_copy", "returned what np.fill_diagonal returns: None", lambda: r20_copy_returns_fill_result),
    Wrong("01.numpy_copy", "filled a copy, then jnp.asarray: a jax array", lambda: r20_copy_back_to_jax),
    Wrong("01.numpy_copy", "masked with np.eye: right values, float64", lambda: r20_copy_eye_mask),
    Wrong("01.numpy_copy", "filled the copy but returned m", lambda: r20_copy_returns_m),
    Wrong("01.numpy_copy", "loop to len - 1: last diagonal entry kept", lambda: r20_copy_loop_off_by_one),
    Wrong("01.numpy_copy", "np.array(m, copy=False): read-only again", lambda: r20_copy_copy_false),
    Wrong("01.numpy_copy", "np.array(m, dtype=int): dtype changed", lambda: r20_copy_dtype_int),
    Wrong("01.numpy_copy", "a.fill(-1): every element, not the diagonal", lambda: r20_copy_fill_everything),
    Wrong("01.numpy_copy", "wrote through np.diag(a), a read-only view", lambda: r20_copy_diag_view),
    Wrong("01.numpy_copy", "subtracted the identity: diagonal minus 1", lambda: r20_copy_adds_minus_one),
    # 01.center
    Wrong("01.center", "subtracts the mean of the whole array", lambda: r20_center_global_mean),
    Wrong("01.center", "axis=0, NumPy's column habit", lambda: r20_center_axis0),
    Wrong("01.center", "axis=1 with keepdims: 2-D only", lambda: r20_center_axis1_keepdims),
    Wrong("01.center", "axis=-1 without keepdims: broadcasts wrongly", lambda: r20_center_no_keepdims),
    Wrong("01.center", "also divides by the std: standardizes", lambda: r20_center_standardize),
    Wrong("01.center", "subtracts the median, not the mean", lambda: r20_center_median),
    Wrong("01.center", "mean minus x: the sign flipped", lambda: r20_center_sign_flipped),
    Wrong("01.center", "row sum divided by len(x), the first axis", lambda: r20_center_len_divisor),
    Wrong("01.center", "Python loop over rows, stacked", lambda: r20_center_row_loop),
    Wrong("01.center", "subtracts the midpoint of max and min", lambda: r20_center_midrange),
]

RIGHT_20 = [
    Right("01.arange", "jnp.flip of the ascending odds", lambda: r20_arange_right_flip),
    Right("01.arange", "n - 2 * jnp.arange(count)", lambda: r20_arange_right_formula),
    Right("01.arange", "jnp.arange(n + 1)[::-2]", lambda: r20_arange_right_reverse_slice),
    Right("01.arange", "negated jnp.arange(-n, 0, 2)", lambda: r20_arange_right_negated),
    Right("01.default_dtype", "lower-case b", lambda: "b"),
    Right("01.default_dtype", "' B ' with spaces", lambda: " B "),
    Right("01.default_dtype", "'B)' as in a list", lambda: "B)"),
    Right("01.overflow_fix", "v**3.0: a float power promotes to float32", lambda: r20_overflow_right_float_power),
    Right("01.overflow_fix", "jnp.power on v.astype(float)", lambda: r20_overflow_right_power_float),
    Right("01.overflow_fix", "v * 1.0 cubed by multiplication, .sum()", lambda: r20_overflow_right_times_one),
    Right("01.overflow_fix", "jnp.asarray(v, dtype=float32) ** 3", lambda: r20_overflow_right_asarray),
    Right("01.numpy_copy", "np.copy, then np.fill_diagonal", lambda: r20_copy_right_np_copy),
    Right("01.numpy_copy", "asarray(m).copy(), diagonal set in a loop", lambda: r20_copy_right_loop),
    Right("01.numpy_copy", "jax.device_get, np.array, diag_indices_from", lambda: r20_copy_right_diag_indices),
    Right("01.center", "x.mean(-1)[..., None]", lambda: r20_center_right_index_none),
    Right("01.center", "jnp.expand_dims of the mean over ndim - 1", lambda: r20_center_right_expand_dims),
    Right("01.center", "sum over the last axis / x.shape[-1]", lambda: r20_center_right_sum_over_size),
]
