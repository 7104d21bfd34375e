"""Compare a learner's value with the expected one and say, in one line, how they differ.

Every function here returns ``None`` when the values agree and a short sentence when
they do not. Tolerances depend on the dtype: exact for integers and booleans, looser
for 16-bit floats than for 32- or 64-bit ones.
"""

from __future__ import annotations

import inspect
from typing import Any

from jaxtour.grader.pristine import np
from jaxtour.lazy import is_jax_array

# (rtol, atol) by floating dtype width in bytes; integers and booleans compare exactly.
_FLOAT_TOLERANCES: dict[int, tuple[float, float]] = {
    2: (1e-2, 1e-2),  # float16, bfloat16
    4: (1e-5, 1e-6),  # float32, complex64 per component
    8: (1e-9, 1e-12),  # float64
    16: (1e-9, 1e-12),  # complex128
}


def tolerances(dtype: Any) -> tuple[float, float]:
    """The (rtol, atol) used to compare values of ``dtype``; (0, 0) means exact."""
    dtype = np.dtype(dtype)
    if dtype.kind in "fc":
        width = dtype.itemsize // 2 if dtype.kind == "c" else dtype.itemsize
        return _FLOAT_TOLERANCES.get(width, _FLOAT_TOLERANCES[4])
    if dtype.kind == "V":  # bfloat16 and friends from ml_dtypes
        return _FLOAT_TOLERANCES[2]
    return (0.0, 0.0)


def short_repr(value: Any, limit: int = 70) -> str:
    """A one-line, length-limited repr that is safe to call on anything."""
    try:
        if isinstance(value, np.ndarray) or is_jax_array(value):
            text = np.array2string(np.asarray(value), threshold=6, edgeitems=2, separator=", ")
        else:
            text = repr(value)
    except Exception as exc:  # a broken __repr__ must not break the feedback
        text = f"<{type(value).__name__} whose repr raised {type(exc).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: Any) -> str:
    """Say what kind of thing ``value`` is, the way a teacher would."""
    if value is None:
        return "None"
    if is_jax_array(value):
        return f"a jax array of shape {tuple(value.shape)} and dtype {value.dtype}"
    if isinstance(value, np.ndarray):
        return f"a NumPy array of shape {value.shape} and dtype {value.dtype}"
    if isinstance(value, np.generic):
        return f"a NumPy scalar of dtype {value.dtype}"
    if isinstance(value, bool):
        return f"the bool {value}"
    if isinstance(value, int | float | complex):
        return f"the Python {type(value).__name__} {short_repr(value)}"
    if isinstance(value, str):
        return f"the string {short_repr(value)}"
    if isinstance(value, list | tuple | dict):
        try:
            count = len(value)
            return f"a Python {type(value).__name__} of {count} item{'' if count == 1 else 's'}"
        except Exception:  # a __len__ that raises
            return f"a Python {type(value).__name__}"
    if inspect.isgenerator(value):
        return (
            "a generator (it yields values lazily; list(...) or jnp.array(list(...)) collects them)"
        )
    if callable(value):
        name = getattr(value, "__name__", type(value).__name__)
        return f"the function {name} (a value was asked for: did you mean to call it?)"
    return f"an object of type {type(value).__name__}"


def compare_arrays(got: Any, expected: Any, *, check_dtype: bool = True) -> str | None:
    """Compare two array-likes: shape first, then dtype, then values within tolerance."""
    got_arr = np.asarray(got)
    exp_arr = np.asarray(expected)
    if got_arr.dtype.kind == "O" and exp_arr.dtype.kind != "O":
        return f"It holds Python objects, not numbers: {short_repr(got)}."
    if got_arr.shape != exp_arr.shape:
        return f"It has shape {got_arr.shape}, but the expected shape is {exp_arr.shape}."
    if check_dtype and got_arr.dtype != exp_arr.dtype:
        return f"It has dtype {got_arr.dtype}, but the expected dtype is {exp_arr.dtype}."
    return compare_values(got_arr, exp_arr)


def _widen(values: np.ndarray) -> np.ndarray:
    """Cast to float64 (or complex128) so that mixed and 16-bit dtypes compare cleanly."""
    return values.astype(np.complex128 if values.dtype.kind == "c" else np.float64)


def _non_finite_message(got: np.ndarray, expected: np.ndarray) -> str | None:
    """Say how many NaN and Inf values the answer has where the expected values are finite."""
    if got.dtype.kind not in "fcV":
        return None
    got_wide, expected_wide = _widen(got), _widen(expected)
    bad = ~np.isfinite(got_wide) & np.isfinite(expected_wide)
    if not bad.any():
        return None
    nans = int(np.count_nonzero(np.isnan(got_wide) & bad))
    infs = int(np.count_nonzero(bad)) - nans
    counts = " and ".join(f"{n} {name}" for n, name in ((nans, "NaN"), (infs, "Inf")) if n)
    first = tuple(int(i) for i in np.argwhere(bad)[0]) if bad.ndim else ()
    where = f", the first at index {first}" if first else ""
    return f"It has {counts} where finite values were expected{where}."


def compare_values(got: np.ndarray, expected: np.ndarray) -> str | None:
    """Compare values of equal shape, NaN-aware, with the expected dtype's tolerance."""
    non_finite = _non_finite_message(got, expected)
    if non_finite:
        return non_finite
    rtol, atol = tolerances(expected.dtype)
    if expected.dtype.kind in "fcV" or got.dtype.kind in "fcV":
        rtol, atol = max(rtol, tolerances(got.dtype)[0]), max(atol, tolerances(got.dtype)[1])
        close = np.isclose(_widen(got), _widen(expected), rtol=rtol, atol=atol, equal_nan=True)
    else:
        close = got == expected
    close = np.asarray(close)
    if close.all():
        return None
    bad = np.argwhere(~close) if close.ndim else np.zeros((1, 0), dtype=int)
    first = tuple(int(i) for i in bad[0])
    where = f" at index {first}" if first else ""
    count = f"{len(bad)} of {close.size} values differ" if close.ndim else "The value differs"
    got_first = got[first] if first else got
    exp_first = expected[first] if first else expected
    tol = f" (tolerance rtol={rtol:g}, atol={atol:g})" if rtol or atol else ""
    return (
        f"{count}{tol}; first{where}: you have {short_repr(got_first.item())}, "
        f"expected {short_repr(exp_first.item())}."
    )
