"""Round 5, lesson 01 (jnp as a drop-in NumPy): answers written from the lesson's text alone."""
from __future__ import annotations

import warnings

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 01.overflow_fix


def r5_cubes_int_as_is(v):
    return jnp.sum(v**3)


def r5_cubes_cast_after_cube(v):
    # casts too late: v**3 has already wrapped in int32
    return jnp.sum((v**3).astype(jnp.float32))


def r5_cubes_sum_dtype(v):
    # the dtype argument of sum only changes the accumulator, the cubes wrapped already
    return jnp.sum(v**3, dtype=jnp.float32)


def r5_cubes_int64(v):
    # NumPy habit: int64 is silently int32 without jax_enable_x64
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return jnp.sum(v.astype(jnp.int64) ** 3)


def r5_cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def r5_cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def r5_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r5_cubes_numpy_int64(v):
    # NumPy int64: exact up to 9.2e18 then wraps; and a NumPy scalar comes back
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def r5_cubes_formula(v):
    # the closed form for 0..n-1 only: wrong for any other array
    n = v.shape[0]
    return jnp.asarray((n * (n - 1) / 2) ** 2, dtype=jnp.float32)


def r5_cubes_python_int(v):
    # exact, but a Python int, not a jax array
    return sum(int(k) ** 3 for k in np.asarray(v))


def r5_cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


def r5_cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def r5_cubes_no_return(v):
    jnp.sum(v.astype(jnp.float32) ** 3)


def r5_cubes_float32(v):
    return jnp.sum(v.astype(jnp.float32) ** 3)


def r5_cubes_float_power(v):
    # int32 ** 3.0: the Python float promotes to float32 before cubing
    return jnp.sum(v ** 3.0)


def r5_cubes_dot(v):
    f = v.astype(jnp.float32)
    return jnp.dot(f * f, f)


def r5_cubes_numpy_float64(v):
    return jnp.asarray(np.sum(np.asarray(v, dtype=np.float64) ** 3))


def r5_cubes_astype_float(v):
    f = v.astype(float)
    return (f * f * f).sum()


# ---------------------------------------------------------------- 01.numpy_copy


def r5_flag_asarray(x):
    y = np.asarray(x)
    y[0] = -1
    return y


def r5_flag_copy_false(x):
    y = np.array(x, copy=False)
    y[0] = -1
    return y


def r5_flag_jax(x):
    return x.at[0].set(-1)


def r5_flag_float(x):
    y = np.array(x, dtype=float)
    y[0] = -1
    return y


def r5_flag_second(x):
    y = np.array(x)
    y[1] = -1
    return y


def r5_flag_last(x):
    y = np.array(x)
    y[-1] = -1
    return y


def r5_flag_no_return(x):
    y = np.array(x)
    y[0] = -1


def r5_flag_returns_x(x):
    y = np.array(x)
    y[0] = -1
    return x


def r5_flag_tolist(x):
    y = np.array(x)
    y[0] = -1
    return y.tolist()


def r5_flag_negate(x):
    y = np.array(x)
    y[0] *= -1
    return y


def r5_flag_setflags(x):
    y = np.asarray(x)
    y.setflags(write=True)
    y[0] = -1
    return y


def r5_flag_all(x):
    y = np.array(x)
    y[:] = -1
    return y


def r5_flag_np_array(x):
    y = np.array(x)
    y[0] = -1
    return y


def r5_flag_copy_method(x):
    out = np.asarray(x).copy()
    out[0] = -1
    return out


def r5_flag_np_copy(x):
    out = np.copy(x)
    out[:1] = -1
    return out


def r5_flag_concatenate(x):
    rest = np.asarray(x)[1:]
    return np.concatenate([np.array([-1], dtype=rest.dtype), rest])


# ---------------------------------------------------------------- 01.center


def r5_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def r5_center_rows(x):
    return x - x.mean(axis=-1, keepdims=True)


def r5_center_len(x):
    return x - jnp.sum(x) / len(x)


def r5_center_median(x):
    return x - jnp.median(x)


def r5_center_standardize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def r5_center_flipped(x):
    return jnp.mean(x) - x


def r5_center_no_return(x):
    x - jnp.mean(x)


def r5_center_midrange(x):
    return x - (x.max() + x.min()) / 2


def r5_center_divide(x):
    return x / jnp.mean(x)


def r5_center_last_axis(x):
    return x - jnp.mean(x, axis=-1)


def r5_center_method(x):
    return x - x.mean()


def r5_center_augmented(x):
    x -= jnp.mean(x)
    return x


def r5_center_size(x):
    return x - jnp.sum(x) / x.size


def r5_center_keepdims(x):
    return jnp.subtract(x, jnp.mean(x, keepdims=True))


ROUND_5 = (
    # 01.arange
    Wrong("01.arange", "jnp.arange(1, 19, 2): stop is exclusive, so 19 is missing", lambda: jnp.arange(1, 19, 2)),
    Wrong("01.arange", "np.arange(1, 20, 2): NumPy habit, a NumPy array", lambda: np.arange(1, 20, 2)),
    Wrong("01.arange", "jnp.arange(0, 20, 2): the evens", lambda: jnp.arange(0, 20, 2)),
    Wrong("01.arange", "jnp.arange(1, 22, 2): one too far, includes 21", lambda: jnp.arange(1, 22, 2)),
    Wrong("01.arange", "jnp.arange(19, 0, -2): counting down", lambda: jnp.arange(19, 0, -2)),
    Wrong("01.arange", "jnp.arange(10) * 2 - 1: starts at -1", lambda: jnp.arange(10) * 2 - 1),
    Wrong("01.arange", "jnp.arange(1.0, 20.0, 2.0): floats", lambda: jnp.arange(1.0, 20.0, 2.0)),
    Wrong("01.arange", "jnp.linspace(1, 19, 10): right values but floats", lambda: jnp.linspace(1, 19, 10)),
    Wrong("01.arange", "list(range(1, 20, 2)): a Python list", lambda: list(range(1, 20, 2))),
    Wrong("01.arange", "jnp.arange(1, 20): forgot the step", lambda: jnp.arange(1, 20)),
    Wrong("01.arange", "jnp.arange(3, 20, 2): thinks 1 is not odd-worthy, starts at 3", lambda: jnp.arange(3, 20, 2)),
    # 01.default_dtype
    Wrong("01.default_dtype", "'float64': NumPy's default", lambda: "float64"),
    Wrong("01.default_dtype", "'int32': thinks integer input stays integer", lambda: "int32"),
    Wrong("01.default_dtype", "'int64'", lambda: "int64"),
    Wrong("01.default_dtype", "'float16': thinks JAX uses half precision for speed", lambda: "float16"),
    Wrong("01.default_dtype", "'bfloat16': thinks accelerators default to bfloat16", lambda: "bfloat16"),
    Wrong("01.default_dtype", "'float': the Python type name", lambda: "float"),
    Wrong("01.default_dtype", "'int8': copied the example from the placeholder", lambda: "int8"),
    Wrong("01.default_dtype", "'double'", lambda: "double"),
    Wrong("01.default_dtype", "'uint32'", lambda: "uint32"),
    # 01.overflow_fix
    Wrong("01.overflow_fix", "left the colleague's int32 sum as is", lambda: r5_cubes_int_as_is),
    Wrong("01.overflow_fix", "casts to float32 after cubing: (v**3).astype(float32)", lambda: r5_cubes_cast_after_cube),
    Wrong("01.overflow_fix", "jnp.sum(v**3, dtype=jnp.float32): the cubes wrapped before the sum", lambda: r5_cubes_sum_dtype),
    Wrong("01.overflow_fix", "v.astype(jnp.int64): int32 without x64, still wraps", lambda: r5_cubes_int64),
    Wrong("01.overflow_fix", "v.astype(jnp.uint32): twice the range, still wraps", lambda: r5_cubes_uint32),
    Wrong("01.overflow_fix", "v.astype(jnp.float16): overflows to inf", lambda: r5_cubes_float16),
    Wrong("01.overflow_fix", "v.astype(jnp.bfloat16): range enough, 3 digits of precision", lambda: r5_cubes_bfloat16),
    Wrong("01.overflow_fix", "NumPy int64: wraps past 9.2e18, and gives a NumPy scalar", lambda: r5_cubes_numpy_int64),
    Wrong("01.overflow_fix", "closed form (n(n-1)/2)**2, only right for arange", lambda: r5_cubes_formula),
    Wrong("01.overflow_fix", "exact Python int sum: right value, not a jax array", lambda: r5_cubes_python_int),
    Wrong("01.overflow_fix", "jnp.cumsum instead of jnp.sum: an array of running totals", lambda: r5_cubes_cumsum),
    Wrong("01.overflow_fix", "cube of the sum instead of sum of cubes", lambda: r5_cubes_cube_of_sum),
    Wrong("01.overflow_fix", "forgot return: returns None", lambda: r5_cubes_no_return),
    # 01.numpy_copy
    Wrong("01.numpy_copy", "np.asarray(x) then write: the read-only view the lesson warns about", lambda: r5_flag_asarray),
    Wrong("01.numpy_copy", "np.array(x, copy=False): no copy, read-only", lambda: r5_flag_copy_false),
    Wrong("01.numpy_copy", "x.at[0].set(-1): a jax array, not NumPy", lambda: r5_flag_jax),
    Wrong("01.numpy_copy", "np.array(x, dtype=float): dtype changed", lambda: r5_flag_float),
    Wrong("01.numpy_copy", "y[1] = -1: off by one", lambda: r5_flag_second),
    Wrong("01.numpy_copy", "y[-1] = -1: the last element", lambda: r5_flag_last),
    Wrong("01.numpy_copy", "forgot return", lambda: r5_flag_no_return),
    Wrong("01.numpy_copy", "modified a copy but returned x", lambda: r5_flag_returns_x),
    Wrong("01.numpy_copy", "returns y.tolist()", lambda: r5_flag_tolist),
    Wrong("01.numpy_copy", "y[0] *= -1: negates instead of setting -1", lambda: r5_flag_negate),
    Wrong("01.numpy_copy", "np.asarray(x).setflags(write=True): not allowed on a view it does not own", lambda: r5_flag_setflags),
    Wrong("01.numpy_copy", "y[:] = -1: flags every element", lambda: r5_flag_all),
    # 01.center
    Wrong("01.center", "x - jnp.mean(x, axis=0): column means for 2-D", lambda: r5_center_axis0),
    Wrong("01.center", "x - x.mean(axis=-1, keepdims=True): row means", lambda: r5_center_rows),
    Wrong("01.center", "x - jnp.sum(x) / len(x): len is the row count for 2-D", lambda: r5_center_len),
    Wrong("01.center", "x - jnp.median(x)", lambda: r5_center_median),
    Wrong("01.center", "(x - mean) / std: standardizes", lambda: r5_center_standardize),
    Wrong("01.center", "jnp.mean(x) - x: sign flipped", lambda: r5_center_flipped),
    Wrong("01.center", "forgot return", lambda: r5_center_no_return),
    Wrong("01.center", "x - (max + min) / 2: midrange", lambda: r5_center_midrange),
    Wrong("01.center", "x / jnp.mean(x): divides", lambda: r5_center_divide),
    Wrong("01.center", "x - jnp.mean(x, axis=-1): right for 1-D, wrong for 2-D", lambda: r5_center_last_axis),
)

RIGHT_5 = (
    # 01.arange
    Right("01.arange", "jnp.arange(1, 21, 2)", lambda: jnp.arange(1, 21, 2)),
    Right("01.arange", "jnp.arange(10) * 2 + 1", lambda: jnp.arange(10) * 2 + 1),
    Right("01.arange", "jnp.arange(1, 20)[::2]", lambda: jnp.arange(1, 20)[::2]),
    Right("01.arange", "jnp.array(list(range(1, 20, 2)))", lambda: jnp.array(list(range(1, 20, 2)))),
    Right("01.arange", "jnp.arange(start=1, stop=20, step=2)", lambda: jnp.arange(start=1, stop=20, step=2)),
    # 01.default_dtype
    Right("01.default_dtype", "'float32'", lambda: "float32"),
    Right("01.default_dtype", "str of the dtype computed: str((jnp.arange(3) / 2).dtype)", lambda: str((jnp.arange(3) / 2).dtype)),
    Right("01.default_dtype", "\"float32\" with a trailing space", lambda: "float32 "),
    Right("01.default_dtype", "jnp.dtype('float32').name", lambda: jnp.dtype("float32").name),
    # 01.overflow_fix
    Right("01.overflow_fix", "cast to float32 before cubing", lambda: r5_cubes_float32),
    Right("01.overflow_fix", "v ** 3.0: the float exponent promotes", lambda: r5_cubes_float_power),
    Right("01.overflow_fix", "jnp.dot(f * f, f) in float32", lambda: r5_cubes_dot),
    Right("01.overflow_fix", "NumPy float64 sum, then jnp.asarray", lambda: r5_cubes_numpy_float64),
    Right("01.overflow_fix", "v.astype(float), f * f * f, .sum()", lambda: r5_cubes_astype_float),
    # 01.numpy_copy
    Right("01.numpy_copy", "np.array(x), then y[0] = -1", lambda: r5_flag_np_array),
    Right("01.numpy_copy", "np.asarray(x).copy()", lambda: r5_flag_copy_method),
    Right("01.numpy_copy", "np.copy(x), out[:1] = -1", lambda: r5_flag_np_copy),
    Right("01.numpy_copy", "np.concatenate of [-1] and x[1:]", lambda: r5_flag_concatenate),
    # 01.center
    Right("01.center", "x - x.mean()", lambda: r5_center_method),
    Right("01.center", "x -= jnp.mean(x); return x (rebinds, fine in JAX)", lambda: r5_center_augmented),
    Right("01.center", "x - jnp.sum(x) / x.size", lambda: r5_center_size),
    Right("01.center", "jnp.subtract(x, jnp.mean(x, keepdims=True))", lambda: r5_center_keepdims),
)
