"""Round 6, lesson 01 (jnp as NumPy): answers written from the lesson's text alone."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 01.arange


def r6_odds_by_mask():
    numbers = jnp.arange(20)
    return numbers[numbers % 2 == 1]


def r6_odds_where():
    numbers = jnp.arange(20)
    return jnp.where(numbers % 2 == 1, numbers, 0)


# ---------------------------------------------------------------- 01.overflow_fix


def r6_cubes_int64(v):
    # x64 is off: astype(jnp.int64) gives int32 (with a warning), so the cube still wraps
    return jnp.sum(v.astype(jnp.int64) ** 3)


def r6_cubes_sum_dtype(v):
    # the cube is computed in int32 before the sum sees the float dtype
    return jnp.sum(v**3, dtype=jnp.float32)


def r6_cubes_cast_after(v):
    return jnp.sum(v**3).astype(jnp.float32)


def r6_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r6_cubes_numpy_int64(v):
    # int64 also wraps past 9.2e18, and the result is a NumPy integer
    w = np.asarray(v, dtype=np.int64)
    return np.sum(w**3)


def r6_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r6_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r6_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r6_cubes_squares(v):
    # copied the float dot product cell: squares, not cubes
    w = v.astype(jnp.float32)
    return jnp.dot(w, w)


def r6_cubes_formula(v):
    # sum of cubes = (sum)^2 holds only for 0, 1, ..., n-1
    return jnp.sum(v.astype(jnp.float32)) ** 2


def r6_cubes_python_ints(v):
    return sum(int(k) ** 3 for k in v)


def r6_cubes_no_return(v):
    jnp.sum(v.astype(jnp.float32) ** 3)


def r6_cubes_int_dot(v):
    return jnp.dot(v, v * v)


def r6_cubes_float(v):
    return jnp.sum(v.astype(jnp.float32) ** 3)


def r6_cubes_power_float(v):
    return jnp.sum(v**3.0)


def r6_cubes_multiply(v):
    w = jnp.asarray(v, dtype=jnp.float32)
    return (w * w * w).sum()


def r6_cubes_builtin_float(v):
    return jnp.sum(jnp.power(v.astype(float), 3))


# ---------------------------------------------------------------- 01.numpy_copy


def r6_flag_asarray(x):
    y = np.asarray(x)
    y[0] = -1
    return y


def r6_flag_at_set(x):
    return x.at[0].set(-1)


def r6_flag_float(x):
    y = np.array(x, dtype=float)
    y[0] = -1
    return y


def r6_flag_tolist(x):
    y = np.array(x.tolist())
    y[0] = -1
    return y


def r6_flag_second(x):
    y = np.array(x)
    y[1] = -1
    return y


def r6_flag_last(x):
    y = np.array(x)
    y[-1] = -1
    return y


def r6_flag_no_return(x):
    y = np.array(x)
    y[0] = -1


def r6_flag_returns_x(x):
    y = np.array(x)
    y[0] = -1
    return x


def r6_flag_negate(x):
    y = np.array(x)
    y[0] *= -1
    return y


def r6_flag_setflags(x):
    y = np.asarray(x)
    y.setflags(write=True)
    y[0] = -1
    return y


def r6_flag_jax_copy(x):
    y = x.copy()
    y[0] = -1
    return y


def r6_flag_concat_list(x):
    return np.concatenate([[-1], np.asarray(x)[1:]])


def r6_flag_back_to_jax(x):
    y = np.array(x)
    y[0] = -1
    return jnp.asarray(y)


def r6_flag_zeros(x):
    y = np.zeros_like(x)
    y[0] = -1
    return y


def r6_flag_np_copy(x):
    y = np.copy(x)
    y[0] = -1
    return y


def r6_flag_rebind(x):
    x = np.array(x)
    x[0] = -1
    return x


def r6_flag_insert(x):
    y = np.asarray(x)
    return np.insert(y[1:], 0, -1)


def r6_flag_asarray_copy(x):
    y = np.asarray(x).copy()
    y[0] = -1
    return y


def r6_flag_where(x):
    y = np.asarray(x)
    return np.where(np.arange(y.size) == 0, np.array(-1, dtype=y.dtype), y)


# ---------------------------------------------------------------- 01.center


def r6_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r6_center_rows(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def r6_center_numpy(x):
    y = np.asarray(x)
    return y - np.mean(y)


def r6_center_median(x):
    return x - jnp.median(x)


def r6_center_divide(x):
    return x / jnp.mean(x)


def r6_center_flipped(x):
    return jnp.mean(x) - x


def r6_center_standardize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def r6_center_len(x):
    return x - jnp.sum(x) / len(x)


def r6_center_midrange(x):
    return x - (jnp.max(x) + jnp.min(x)) / 2


def r6_center_no_return(x):
    x - jnp.mean(x)


def r6_center_first_row(x):
    return x - jnp.mean(x[0])


def r6_center_method(x):
    return x - x.mean()


def r6_center_sum_size(x):
    return x - jnp.sum(x) / x.size


def r6_center_keepdims(x):
    return x - jnp.mean(x, keepdims=True)


def r6_center_augmented(x):
    x -= jnp.average(x)
    return x


def r6_center_at_add(x):
    return jnp.asarray(x).at[:].add(-jnp.mean(x))


ROUND_6 = [
    # 01.arange
    Wrong("01.arange", "jnp.arange(1, 19, 2): stop is exclusive, so 19 is missing", lambda: jnp.arange(1, 19, 2)),
    Wrong("01.arange", "jnp.arange(1, 20): forgot the step, all integers 1 to 19", lambda: jnp.arange(1, 20)),
    Wrong("01.arange", "jnp.arange(0, 20, 2): the evens", lambda: jnp.arange(0, 20, 2)),
    Wrong("01.arange", "NumPy habit: np.arange(1, 20, 2)", lambda: np.arange(1, 20, 2)),
    Wrong("01.arange", "jnp.arange(1, 2 * 19, 2): confused the last value with the count, runs to 37", lambda: jnp.arange(1, 2 * 19, 2)),
    Wrong("01.arange", "jnp.arange(19, 0, -2): the right numbers, counting down", lambda: jnp.arange(19, 0, -2)),
    Wrong("01.arange", "jnp.arange(9) * 2 + 1: one term short, stops at 17", lambda: jnp.arange(9) * 2 + 1),
    Wrong("01.arange", "jnp.linspace(1, 19, 10): the right values, as floats", lambda: jnp.linspace(1, 19, 10)),
    Wrong("01.arange", "jnp.arange(1.0, 20.0, 2.0): floats", lambda: jnp.arange(1.0, 20.0, 2.0)),
    Wrong("01.arange", "jnp.where(n % 2 == 1, n, 0) on jnp.arange(20): evens zeroed, not removed", r6_odds_where),
    Wrong("01.arange", "jnp.arange(20)[::2]: slicing from 0 gives the evens", lambda: jnp.arange(20)[::2]),
    Wrong("01.arange", "jnp.arange(1, 20, 2).tolist(): a Python list", lambda: jnp.arange(1, 20, 2).tolist()),
    # 01.default_dtype
    Wrong("01.default_dtype", "NumPy habit: float64", lambda: "float64"),
    Wrong("01.default_dtype", "int32: thinks / on integers keeps integers, as in JAX's arange", lambda: "int32"),
    Wrong("01.default_dtype", "int64", lambda: "int64"),
    Wrong("01.default_dtype", "float16", lambda: "float16"),
    Wrong("01.default_dtype", "bfloat16: thinks JAX picks the accelerator's half type", lambda: "bfloat16"),
    Wrong("01.default_dtype", "kept the example: int8", lambda: "int8"),
    Wrong("01.default_dtype", "'float': no width given", lambda: "float"),
    Wrong("01.default_dtype", "np.float64, the type itself", lambda: np.float64),
    Wrong("01.default_dtype", "'double'", lambda: "double"),
    Wrong("01.default_dtype", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 01.overflow_fix
    Wrong("01.overflow_fix", "astype(jnp.int64) with x64 off: still int32, still wraps", lambda: r6_cubes_int64),
    Wrong("01.overflow_fix", "jnp.sum(v**3, dtype=jnp.float32): the cube already wrapped in int32", lambda: r6_cubes_sum_dtype),
    Wrong("01.overflow_fix", "casts the overflowed sum: jnp.sum(v**3).astype(jnp.float32)", lambda: r6_cubes_cast_after),
    Wrong("01.overflow_fix", "uint32: twice the room, still wraps", lambda: r6_cubes_uint32),
    Wrong("01.overflow_fix", "NumPy int64: wraps past 9.2e18 and returns a NumPy integer", lambda: r6_cubes_numpy_int64),
    Wrong("01.overflow_fix", "float16: cubes overflow to inf", lambda: r6_cubes_float16),
    Wrong("01.overflow_fix", "bfloat16: no overflow, but about 3 digits", lambda: r6_cubes_bfloat16),
    Wrong("01.overflow_fix", "jnp.cumsum in float32: running totals, not one number", lambda: r6_cubes_cumsum),
    Wrong("01.overflow_fix", "copied the float dot product: sum of squares", lambda: r6_cubes_squares),
    Wrong("01.overflow_fix", "formula (sum v)^2: right only for 0, 1, ..., n-1", lambda: r6_cubes_formula),
    Wrong("01.overflow_fix", "exact Python ints: returns an int, not a jax array (and slow)", lambda: r6_cubes_python_ints),
    Wrong("01.overflow_fix", "the right float32 sum, but forgot return", lambda: r6_cubes_no_return),
    Wrong("01.overflow_fix", "jnp.dot(v, v * v) in int32: wraps", lambda: r6_cubes_int_dot),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray(x) then y[0] = -1: read-only view, raises", lambda: r6_flag_asarray),
    Wrong("01.numpy_copy", "x.at[0].set(-1): right values, but a jax array", lambda: r6_flag_at_set),
    Wrong("01.numpy_copy", "np.array(x, dtype=float): float64, not x's dtype", lambda: r6_flag_float),
    Wrong("01.numpy_copy", "np.array(x.tolist()): NumPy's default 64-bit dtype", lambda: r6_flag_tolist),
    Wrong("01.numpy_copy", "sets y[1] instead of y[0]", lambda: r6_flag_second),
    Wrong("01.numpy_copy", "sets y[-1], the last element", lambda: r6_flag_last),
    Wrong("01.numpy_copy", "copies and sets, forgot return", lambda: r6_flag_no_return),
    Wrong("01.numpy_copy", "sets the copy but returns x", lambda: r6_flag_returns_x),
    Wrong("01.numpy_copy", "y[0] *= -1: negates the first element", lambda: r6_flag_negate),
    Wrong("01.numpy_copy", "y.setflags(write=True) on the view: raises", lambda: r6_flag_setflags),
    Wrong("01.numpy_copy", "x.copy() then item assignment: a jax array, raises", lambda: r6_flag_jax_copy),
    Wrong("01.numpy_copy", "np.concatenate([[-1], ...]): the list makes it int64/float64", lambda: r6_flag_concat_list),
    Wrong("01.numpy_copy", "right copy, but converts back with jnp.asarray", lambda: r6_flag_back_to_jax),
    Wrong("01.numpy_copy", "np.zeros_like(x) then y[0] = -1: lost the values", lambda: r6_flag_zeros),
    # 01.center
    Wrong("01.center", "jnp.mean(x, axis=0): column means on 2-D", lambda: r6_center_axis0),
    Wrong("01.center", "row means with axis=-1, keepdims=True", lambda: r6_center_rows),
    Wrong("01.center", "in NumPy: returns a NumPy array", lambda: r6_center_numpy),
    Wrong("01.center", "subtracts the median", lambda: r6_center_median),
    Wrong("01.center", "divides by the mean", lambda: r6_center_divide),
    Wrong("01.center", "mean - x: sign flipped", lambda: r6_center_flipped),
    Wrong("01.center", "standardizes: also divides by the std", lambda: r6_center_standardize),
    Wrong("01.center", "jnp.sum(x) / len(x): len counts rows on 2-D", lambda: r6_center_len),
    Wrong("01.center", "subtracts the midrange (max + min) / 2", lambda: r6_center_midrange),
    Wrong("01.center", "forgot return", lambda: r6_center_no_return),
    Wrong("01.center", "mean of x[0] only", lambda: r6_center_first_row),
]

RIGHT_6 = [
    # 01.arange
    Right("01.arange", "jnp.arange(10) * 2 + 1", lambda: jnp.arange(10) * 2 + 1),
    Right("01.arange", "boolean mask on jnp.arange(20)", r6_odds_by_mask),
    Right("01.arange", "jnp.arange(20)[1::2]", lambda: jnp.arange(20)[1::2]),
    Right("01.arange", "jnp.arange(2, 21, 2) - 1", lambda: jnp.arange(2, 21, 2) - 1),
    Right("01.arange", "jnp.arange(1, 21, 2): stop 21, past 19 and short of 21", lambda: jnp.arange(1, 21, 2)),
    # 01.default_dtype
    Right("01.default_dtype", "'float32'", lambda: "float32"),
    Right("01.default_dtype", "jnp.float32, unquoted", lambda: jnp.float32),
    Right("01.default_dtype", "jnp.dtype('float32')", lambda: jnp.dtype("float32")),
    Right("01.default_dtype", "'float32 ' with a trailing space", lambda: "float32 "),
    # 01.overflow_fix
    Right("01.overflow_fix", "astype(jnp.float32) before cubing", lambda: r6_cubes_float),
    Right("01.overflow_fix", "v**3.0: a float power promotes to float32", lambda: r6_cubes_power_float),
    Right("01.overflow_fix", "jnp.asarray(v, float32), w * w * w, .sum()", lambda: r6_cubes_multiply),
    Right("01.overflow_fix", "jnp.power(v.astype(float), 3)", lambda: r6_cubes_builtin_float),
    # 01.numpy_copy
    Right("01.numpy_copy", "np.copy(x), then y[0] = -1", lambda: r6_flag_np_copy),
    Right("01.numpy_copy", "rebinds x = np.array(x)", lambda: r6_flag_rebind),
    Right("01.numpy_copy", "np.insert(y[1:], 0, -1): keeps the dtype", lambda: r6_flag_insert),
    Right("01.numpy_copy", "np.asarray(x).copy()", lambda: r6_flag_asarray_copy),
    Right("01.numpy_copy", "np.where with -1 in x's dtype", lambda: r6_flag_where),
    # 01.center
    Right("01.center", "x - x.mean()", lambda: r6_center_method),
    Right("01.center", "x - jnp.sum(x) / x.size", lambda: r6_center_sum_size),
    Right("01.center", "jnp.mean(x, keepdims=True), broadcast", lambda: r6_center_keepdims),
    Right("01.center", "x -= jnp.average(x) (rebinds)", lambda: r6_center_augmented),
    Right("01.center", ".at[:].add(-mean)", lambda: r6_center_at_add),
]
