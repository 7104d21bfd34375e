"""Compare a learner's value with the expected one and say, in one line, how they differ.

Every function here returns ``None`` when the values agree and a short sentence when
they do not. Tolerances depend on the dtype: exact for integers and booleans, looser
for 16-bit floats than for 32- or 64-bit ones.
"""

from __future__ import annotations

import contextlib
import inspect
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.pristine import np
from jaxtour.i18n import N_, N_plural, _, ngettext
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
        text = "<" + _("{kind} whose repr raised {error}").format(
            kind=type(value).__name__, error=type(exc).__name__
        )
        text += ">"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: Any) -> str:
    """Say what kind of thing ``value`` is, the way a teacher would."""
    kind = type(value).__name__
    if value is None:  # what a function without a return statement gives back
        return _("None: nothing was returned (is a return statement missing?)")
    if is_jax_array(value):
        return _("a jax array of shape {shape} and dtype {dtype}").format(
            shape=tuple(value.shape), dtype=value.dtype
        )
    if isinstance(value, np.ndarray):
        return _("a NumPy array of shape {shape} and dtype {dtype}").format(
            shape=value.shape, dtype=value.dtype
        )
    if isinstance(value, np.generic):
        return _("a NumPy scalar of dtype {dtype}").format(dtype=value.dtype)
    if isinstance(value, bool):
        return _("the bool {value}").format(value=value)
    if isinstance(value, int | float | complex):
        return _("the Python {kind} {value}").format(kind=kind, value=short_repr(value))
    if isinstance(value, str):
        return _("the string {value}").format(value=short_repr(value))
    if isinstance(value, list | tuple | dict):
        try:
            count = len(value)
            return ngettext(
                "a Python {kind} of {count} item", "a Python {kind} of {count} items", count
            ).format(kind=kind, count=count)
        except Exception:  # a __len__ that raises
            return _("a Python {kind}").format(kind=kind)
    if inspect.isgenerator(value):
        return _(
            "a generator (it yields values lazily; list(...) or jnp.array(list(...)) collects them)"
        )
    if callable(value):
        name = getattr(value, "__name__", kind)
        if getattr(value, "__wrapped__", None) is not None:
            # jax.vmap, jax.grad, jax.jit (and functools.wraps) copy the name of the function
            # they transform: this one is not {name} itself (round 21)
            return _(
                "a function made from {name} (jax.grad, jax.vmap and jax.jit keep the name "
                "of the function they transform; a value was asked for: did you mean to call "
                "it?)"
            ).format(name=name)
        return _("the function {name} (a value was asked for: did you mean to call it?)").format(
            name=name
        )
    return _("an object of type {kind}").format(kind=kind)


# Set while only a verdict is wanted (does the answer agree with a mistake's example?): a
# difference is then the bare DIFFERS, without the sentence that describes it, which
# costs more than the comparison (the values shown, how_they_differ's relations).
_verdicts_only: list[bool] = []
DIFFERS = "differs"


@contextlib.contextmanager
def verdict_only() -> Iterator[None]:
    """Comparisons say only whether values differ, not how, for the body."""
    _verdicts_only.append(True)
    try:
        yield
    finally:
        _verdicts_only.pop()


def verdicts_only() -> bool:
    return bool(_verdicts_only)


def compare_arrays(got: Any, expected: Any, *, check_dtype: bool = True) -> str | None:
    """Compare two array-likes: shape first, then dtype, then values within tolerance.

    Where the difference has a plain shape (the right values in another shape or order,
    every value off by one factor or one amount, the right values in another dtype), the
    sentence says so, since that points at the cause.
    """
    exp_arr = np.asarray(expected)
    got_shape = tuple(np.shape(got))
    if got_shape != exp_arr.shape and not _comparable_size(got_shape, exp_arr.size):
        # Far larger than expected: say so from the shape alone, never copying the values.
        return _(SHAPES).format(got=got_shape, want=exp_arr.shape)
    got_arr = np.asarray(got)
    if got_arr.dtype.kind == "O" and exp_arr.dtype.kind != "O":
        return _("It holds Python objects, not numbers: {value}.").format(value=short_repr(got))
    if got_arr.shape != exp_arr.shape:
        return shape_message(got_arr, exp_arr)
    if check_dtype and got_arr.dtype != exp_arr.dtype:
        return dtype_message(got_arr, exp_arr)
    if _half_precision(got_arr.dtype) and exp_arr.dtype.kind == "f" and exp_arr.itemsize >= 4:
        # A rule that lets the dtype go (float32 or float64, with x64) still wants the
        # precision: values rounded to a 16-bit float are near enough to pass the tolerance
        # on small inputs, and keep about 3 significant digits where float32 keeps 7.
        return _(HALF_PRECISION).format(got=got_arr.dtype, want=exp_arr.dtype)
    return compare_values(got_arr, exp_arr)


HALF_PRECISION = N_(
    "It is {got}, a 16-bit float that keeps about 3 significant digits, where {want} "
    "keeps about 7 or more: somewhere the values were cast to 16 bits (astype or dtype=), "
    "and the precision is lost. Compute at least in float32."
)


def _half_precision(dtype: np.dtype) -> bool:
    """float16, or bfloat16 (ml_dtypes' kind "V", two bytes)."""
    return dtype.itemsize == 2 and (dtype.kind == "f" or dtype.name == "bfloat16")


def _comparable_size(shape: tuple[int, ...], expected_size: int) -> bool:
    """Small enough next to the expected array that looking at its values costs memory in
    proportion to what is shown (the expected array), not to the answer."""
    return int(np.prod(shape, dtype=np.float64)) <= 2 * expected_size + 1024


def _numeric(values: np.ndarray) -> bool:
    return values.dtype.kind in "biuf" or (values.dtype.kind == "V" and values.dtype.itemsize <= 2)


def _same_numbers(got: np.ndarray, expected: np.ndarray) -> bool:
    """Equal shape and values within the expected dtype's tolerance, any dtype."""
    if got.shape != expected.shape or not (_numeric(got) and _numeric(expected)):
        return False
    return compare_values(got, expected) is None


SHAPES = N_("It has shape {got}, but the expected shape is {want}.")

# The too-many and too-few sentences: (extra > 0, the extra values are at the end).
_EXTRA = {
    (True, True): N_plural(
        "It has shape {got}, but the expected shape is {want}: it has {count} value too "
        "many at the end, the rest is right.",
        "It has shape {got}, but the expected shape is {want}: it has {count} values too "
        "many at the end, the rest is right.",
    ),
    (True, False): N_plural(
        "It has shape {got}, but the expected shape is {want}: it has {count} value too "
        "many at the start, the rest is right.",
        "It has shape {got}, but the expected shape is {want}: it has {count} values too "
        "many at the start, the rest is right.",
    ),
    (False, True): N_plural(
        "It has shape {got}, but the expected shape is {want}: it has {count} value too "
        "few at the end, the rest is right.",
        "It has shape {got}, but the expected shape is {want}: it has {count} values too "
        "few at the end, the rest is right.",
    ),
    (False, False): N_plural(
        "It has shape {got}, but the expected shape is {want}: it has {count} value too "
        "few at the start, the rest is right.",
        "It has shape {got}, but the expected shape is {want}: it has {count} values too "
        "few at the start, the rest is right.",
    ),
}
_EVERY_NTH = {
    2: N_(
        "It has shape {got}, but the expected shape is {want}: it holds every second "
        "expected value, a step of {step}."
    ),
    3: N_(
        "It has shape {got}, but the expected shape is {want}: it holds every third "
        "expected value, a step of {step}."
    ),
}
_EVERY_NTH_ELSE = N_(
    "It has shape {got}, but the expected shape is {want}: it holds every {step}th expected "
    "value, a step of {step}."
)


def shape_message(got: np.ndarray, expected: np.ndarray) -> str:
    """The shapes differ: say so, and how, when the values give it away."""
    shapes = {"got": got.shape, "want": expected.shape}
    if not (_numeric(got) and _numeric(expected)):
        return _(SHAPES).format(**shapes)
    if got.size == expected.size:
        if got.ndim == 2 and _same_numbers(got.T, expected):
            return _(
                "It has shape {got}, but the expected shape is {want}: it is the transpose of "
                "the expected array (rows and columns swapped)."
            ).format(**shapes)
        if _same_numbers(got.reshape(expected.shape), expected):
            return _(
                "It has shape {got}, but the expected shape is {want}: the values are right, "
                "arranged differently. An extra (or missing) pair of brackets, or a reshape?"
            ).format(**shapes)
    if got.ndim == 0 and expected.ndim > 0:
        return _(
            "It has shape {got}, but the expected shape is {want}: one number where an array "
            "was expected. Did a reduction (sum, mean, max) or an index slip in?"
        ).format(**shapes)
    if got.ndim == expected.ndim == 1 and got.size and expected.size:
        shorter, longer = sorted((got, expected), key=len)
        n = len(shorter)
        for part, where in ((longer[:n], "first"), (longer[-n:], "last")):
            if _same_numbers(part.astype(expected.dtype), shorter.astype(expected.dtype)):
                extra = len(got) - len(expected)
                singular, plural = _EXTRA[(extra > 0, where == "first")]
                sentence = ngettext(singular, plural, abs(extra)).format(count=abs(extra), **shapes)
                if _increasing(expected):  # a range: which end is off is what it shows
                    return sentence + " " + _("A range includes its start and excludes its stop.")
                return sentence
    if got.ndim == expected.ndim == 1 and got.size > 1 and expected.size > 1:
        for step in range(2, 6):
            if len(got) == len(expected[::step]) and _same_numbers(
                got.astype(expected.dtype), expected[::step]
            ):
                return _(_EVERY_NTH.get(step, _EVERY_NTH_ELSE)).format(step=step, **shapes)
        ends = np.asarray([got[0], got[-1]]).astype(expected.dtype)
        if (
            _increasing(got)
            and _increasing(expected)
            and _same_numbers(ends, np.asarray([expected[0], expected[-1]]))
        ):
            return _(
                "It has shape {got}, but the expected shape is {want}: it runs from {first} "
                "to {last} like the expected array, but with {count} values instead of "
                "{expected}. Check the step or the count."
            ).format(
                first=short_repr(expected[0].item()),
                last=short_repr(expected[-1].item()),
                count=len(got),
                expected=len(expected),
                **shapes,
            )
    return _(SHAPES).format(**shapes)


def _increasing(values: np.ndarray) -> bool:
    return _numeric(values) and bool(np.all(np.diff(values.astype(np.float64)) > 0))


_DTYPE_CAUSES = {
    ("iu", "f"): N_(
        "Integers where floats were expected: a literal without a decimal point "
        "(1 instead of 1.0), or an integer function such as arange(3)?"
    ),
    ("f", "iu"): N_(
        "Floats where integers were expected: something on the way made floats, and an "
        "integer combined with a float becomes a float. A true division / (where // was "
        "meant), a float literal, a float array it met (jnp.eye, jnp.ones and jnp.zeros "
        "make float32 unless told otherwise) or a function that returns floats (linspace, "
        "mean) each do."
    ),
    ("b", "iuf"): N_("Booleans: the result of a comparison, where numbers were expected."),
}


def dtype_message(got: np.ndarray, expected: np.ndarray) -> str:
    """The dtypes differ: say whether the values are right, and what usually causes it."""
    dtypes = {"got": got.dtype, "want": expected.dtype}
    if not _same_numbers(got, expected):
        head = _("It has dtype {got}, but the expected dtype is {want}.").format(**dtypes)
        return head + " " + (compare_values(got, expected) or "")
    sentence = _(
        "It has dtype {got}, but the expected dtype is {want}: the values are right, the "
        "dtype is not."
    ).format(**dtypes)
    for (got_kinds, expected_kinds), cause in _DTYPE_CAUSES.items():
        if got.dtype.kind in got_kinds and expected.dtype.kind in expected_kinds:
            return f"{sentence} {_(cause)}"
    if got.dtype.kind == expected.dtype.kind == "f":
        if got.dtype.itemsize > expected.dtype.itemsize and got.dtype == np.float32:
            cause = _(
                "float32 is what jnp makes by default: nothing in the computation made the "
                "result {want}."
            ).format(want=expected.dtype)
            return f"{sentence} {cause}"
        if got.dtype.itemsize > expected.dtype.itemsize:
            cause = _(
                "jnp makes float32 by default; {dtype} comes from NumPy, a dtype= argument, "
                "or jax_enable_x64."
            ).format(dtype=got.dtype)
            return f"{sentence} {cause}"
        cause = _("Was a smaller dtype= given, or .astype(...) called?")
        return f"{sentence} {cause}"
    return sentence


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
    if nans and infs:
        counts = _("{nans} NaN and {infs} Inf").format(nans=nans, infs=infs)
    else:
        counts = _("{count} NaN").format(count=nans) if nans else f"{infs} Inf"
    first = tuple(int(i) for i in np.argwhere(bad)[0]) if bad.ndim else ()
    if first:
        return _(
            "It has {counts} where finite values were expected, the first at index {index}."
        ).format(counts=counts, index=first)
    return _("It has {counts} where finite values were expected.").format(counts=counts)


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
    if _verdicts_only:
        return DIFFERS
    bad = np.argwhere(~close) if close.ndim else np.zeros((1, 0), dtype=int)
    first = tuple(int(i) for i in bad[0])
    got_first = got[first] if first else got
    exp_first = expected[first] if first else expected
    values = {
        "index": first,
        "bad": len(bad),
        "total": close.size,
        "rtol": f"{rtol:g}",
        "atol": f"{atol:g}",
        "got": short_repr(got_first.item()),
        "want": short_repr(exp_first.item()),
    }
    tolerance = bool(rtol or atol)
    if close.ndim and first:
        if tolerance:
            sentence = ngettext(
                "{bad} of {total} values differ (tolerance rtol={rtol}, atol={atol}); first "
                "at index {index}: you have {got}, expected {want}.",
                "{bad} of {total} values differ (tolerance rtol={rtol}, atol={atol}); first "
                "at index {index}: you have {got}, expected {want}.",
                len(bad),
            )
        else:
            sentence = ngettext(
                "{bad} of {total} values differ; first at index {index}: you have {got}, "
                "expected {want}.",
                "{bad} of {total} values differ; first at index {index}: you have {got}, "
                "expected {want}.",
                len(bad),
            )
    elif close.ndim:  # (an empty index: cannot happen for an array with dimensions)
        sentence = ngettext(
            "{bad} of {total} values differ; first: you have {got}, expected {want}.",
            "{bad} of {total} values differ; first: you have {got}, expected {want}.",
            len(bad),
        )
    elif tolerance:
        sentence = _(
            "The value differs (tolerance rtol={rtol}, atol={atol}); first: you have {got}, "
            "expected {want}."
        )
    else:
        sentence = _("The value differs; first: you have {got}, expected {want}.")
    relation = how_they_differ(got, expected)
    return sentence.format(**values) + (f" {relation}" if relation else "")


def _simple_factor(k: float, largest: int) -> tuple[str, int] | None:
    """('times', 3) for k = 3, ('part', 3) for k = 1/3, when k (or 1/k) is a whole number
    from 2 to ``largest`` (the sentences say 'twice', '3 times', 'half', '1/3 of').

    Only the whole numbers next to k (or 1/k) can be within the tolerance: it is at most
    0.1 for n up to 1000. So those two are tried, which gives what trying every n from 2
    up gave (a thousand steps for a ratio that is none); "times" needs k near 2 or more,
    "part" k near 1/2 or less, so no k is both."""
    if not math.isfinite(k) or k == 0:
        return None
    for n in _whole_numbers_next_to(k, largest):
        if abs(k - n) <= 1e-4 * n:
            return "times", n
    for n in _whole_numbers_next_to(1 / k, largest):
        if abs(k * n - 1) <= 1e-4:
            return "part", n
    return None


def _whole_numbers_next_to(x: float, largest: int) -> list[int]:
    """floor(x) and ceil(x), in order, those of them from 2 to ``largest``."""
    if not math.isfinite(x):
        return []
    return [n for n in sorted({math.floor(x), math.ceil(x)}) if 2 <= n <= largest]


# (every value, the kind of factor, n == 2): one whole sentence each, so word order can change.
_FACTORS = {
    (True, "times", True): N_(
        "Every value is twice the expected one: a factor missing or doubled?"
    ),
    (True, "times", False): N_(
        "Every value is {n} times the expected one: a factor missing or doubled?"
    ),
    (True, "part", True): N_("Every value is half the expected one: a factor missing or doubled?"),
    (True, "part", False): N_(
        "Every value is 1/{n} of the expected one: a factor missing or doubled?"
    ),
    (False, "times", True): N_("It is twice the expected one: a factor missing or doubled?"),
    (False, "times", False): N_("It is {n} times the expected one: a factor missing or doubled?"),
    (False, "part", True): N_("It is half the expected one: a factor missing or doubled?"),
    (False, "part", False): N_("It is 1/{n} of the expected one: a factor missing or doubled?"),
}


def how_they_differ(got: np.ndarray, expected: np.ndarray) -> str | None:
    """One plain relation that holds for every value (order, sign, a factor, an offset),
    or None. It states a fact about the numbers, never a guess at the code."""
    if got.dtype.kind not in "biuf" or expected.dtype.kind not in "biuf":
        return None
    if got.dtype.kind == "b" and expected.dtype.kind != "b":
        # True read as 1 is no count off by a factor (round 21: jnp.any's True where a
        # count of 2 was expected was "half the expected one")
        if got.size > 1:
            return _("Your values are bools, each saying whether, where numbers are expected.")
        return _(
            "Yours is a bool, saying whether, where a number (how many, how much) is expected."
        )
    g, e = _widen(got).ravel(), _widen(expected).ravel()
    if not (np.isfinite(g).all() and np.isfinite(e).all()) or not e.any():
        return None
    many = g.size > 1

    def alike(a: np.ndarray, b: np.ndarray) -> bool:
        return bool(np.allclose(a, b, rtol=1e-4, atol=1e-6 * np.abs(e).max()))

    if g.size > 1 and alike(np.sort(g), np.sort(e)) and not alike(g, e):
        return _("These are the right values in a different order.")
    if alike(g, -e):
        if many:
            return _("Each value has the opposite sign of the expected one.")
        return _("It has the opposite sign of the expected one.")
    if not g.any():  # (a ratio of -0 or 0 says nothing a learner can act on)
        if many and not (e != 0).all():  # some expected values are 0 too (round 20)
            return _("Every value is 0, where the expected ones are not all 0.")
        if many:
            return _("Every value is 0, where the expected ones are not.")
        return _("It is 0, where the expected value is not.")
    if (e != 0).all():
        ratio = g / e
        if alike(ratio, np.full_like(ratio, ratio[0])) and not np.isclose(ratio[0], 1.0, rtol=1e-3):
            # One number is always some multiple of another: only a small whole factor
            # says something there. A factor shared by many values does at any size.
            factor = _simple_factor(float(ratio[0]), 1000 if g.size > 1 else 10)
            if factor:
                kind, n = factor
                return _(_FACTORS[(many, kind, n == 2)]).format(n=n)
            if g.size > 1:
                return _("Every value is {ratio} times the expected one.").format(
                    ratio=f"{float(ratio[0]):.4g}"
                )
    offset = g - e
    # "every value is off": not where some value is right (an offset alike only at the
    # scale of a large value, [0, 0, -0.1] next to 1e8)
    if (
        g.size > 1
        and alike(offset, np.full_like(offset, offset[0]))
        and not np.isclose(g, e, rtol=1e-5, atol=1e-6).any()
    ):
        return _("Every value is off by the same amount, {offset}.").format(
            offset=f"{float(offset[0]):+.4g}"
        )
    if g.size == 1 and expected.dtype.kind in "iu" and abs(float(offset[0])) == 1:
        return _("It is off by one ({offset}).").format(offset=f"{float(offset[0]):+.0f}")
    differ = ~np.isclose(g, e, rtol=1e-4, atol=1e-6 * np.abs(e).max())
    if g.size > 1 and differ.any() and np.allclose(g[differ], -e[differ], rtol=1e-4):
        n = int(differ.sum())
        if n == 1:
            return _("The value that differs has the opposite sign of the expected one.")
        return ngettext(
            "The {count} values that differ have the opposite sign of the expected ones.",
            "The {count} values that differ have the opposite sign of the expected ones.",
            n,
        ).format(count=n)
    worst = float(np.max(np.abs(g - e) / np.maximum(np.abs(e), 1e-30)))
    if expected.dtype.kind == "f" and worst < 1e-2:
        if many:
            # what the numbers show, and no guess at its cause: a near miss is as often
            # another formula (a learning rate ignored, a more accurate stencil) as a
            # rounding (round 19)
            sentence = _(
                "Every value is within {percent} of the expected one: close, but not within "
                "the tolerance the check allows."
            )
        else:
            sentence = _(
                "It is within {percent} of the expected one: close, but not within the "
                "tolerance the check allows."
            )
        return sentence.format(percent=_percent(worst))
    return None


def _percent(fraction: float) -> str:
    """0.0123 -> '1.2 %', 1.3e-6 -> '0.00013 %'."""
    return f"{fraction * 100:.2g} %"


# --- The difference explainer ---------------------------------------------------------------
#
# A function's answer is refused on one case; before the learner reads why, every case is
# tried against a small, general set of relations between the answer's output and the
# expected one (a sign, a factor, an offset, a statistic of the input in place of another,
# the step from an input reversed or scaled, one part of a tuple or dict). A relation is
# stated only when it holds on every case: one input can make a statistic look like any
# other (the median and the mean of [1, 2, 3, 4] are both 2.5), all of them cannot.
# Each relation is data (a name, a test on one case, a message); the tests are NumPy on
# outputs already computed.


@dataclass(frozen=True)
class Case:
    """One input and the two outputs on it, as float64 leaves (one per array of a tuple or
    dict, in tree order): ``inputs`` holds each argument's leaves, ``paths`` names the
    output's leaves (``['b']``, ``[0]``), empty for one array."""

    got: tuple[np.ndarray, ...]
    want: tuple[np.ndarray, ...]
    inputs: tuple[tuple[np.ndarray, ...], ...]
    paths: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # the reference's parameter names, one per argument


@dataclass(frozen=True)
class Relation:
    """How an answer relates to the expected value on one case.

    ``test(case)`` is None where it does not hold, else the values its message needs; it is
    stated when it holds on every case and, where ``same`` is set, with the same values on
    each (one factor for every input, not a different one each time)."""

    name: str
    test: Callable[[Case], dict[str, Any] | None]
    message: str  # an N_ message: formatted with the first case's values, then translated
    same: bool = False


# What a relation's test returns for a case that agrees with it whatever its values (no
# change expected, none made): it neither holds the relation up nor breaks it.
CONSISTENT: dict[str, Any] = {}


def _close(a: np.ndarray, b: np.ndarray, scale: float | None = None) -> bool:
    if a.shape != b.shape:
        return False
    if scale is None:
        scale = float(np.max(np.abs(b))) if b.size else 0.0
    return bool(np.allclose(a, b, rtol=1e-4, atol=1e-5 * max(scale, 1e-30)))


def _flat(leaves: tuple[np.ndarray, ...]) -> np.ndarray:
    return np.concatenate([leaf.ravel() for leaf in leaves]) if leaves else np.zeros(0)


def _whole(case: Case) -> tuple[np.ndarray, np.ndarray] | None:
    """The answer's and the expected leaves end to end, where they have the same shapes."""
    if len(case.got) != len(case.want):
        return None
    if any(g.shape != w.shape for g, w in zip(case.got, case.want, strict=True)):
        return None
    return _flat(case.got), _flat(case.want)


def _differing(case: Case) -> tuple[int, ...]:
    """The positions of the leaves that differ (in shape or in value)."""
    if len(case.got) != len(case.want):
        return ()
    return tuple(
        i for i, (g, w) in enumerate(zip(case.got, case.want, strict=True)) if not _close(g, w)
    )


def _like_input(case: Case) -> tuple[int, tuple[np.ndarray, ...]] | None:
    """The first argument with the output's structure and shapes (the x of x - mean(x),
    the params of a step), with its index."""
    for index, leaves in enumerate(case.inputs):
        if len(leaves) == len(case.want) and all(
            a.shape == w.shape for a, w in zip(leaves, case.want, strict=True)
        ):
            return index, leaves
    return None


def _arg_name(case: Case, index: int) -> str:
    return case.names[index] if index < len(case.names) else "x"


# Statistics of one array, each a value that broadcasts against it: what "x minus a
# statistic" may subtract. The name is what the message calls it (an N_ entry).
_STATISTICS: tuple[tuple[str, Callable[[np.ndarray], Any]], ...] = (
    (N_("the mean of {x}"), lambda x: x.mean()),
    (N_("the median of {x}"), lambda x: np.median(x)),
    (N_("the standard deviation of {x}"), lambda x: x.std()),
    (N_("the variance of {x}"), lambda x: x.var()),
    (N_("the largest value of {x}"), lambda x: x.max()),
    (N_("the smallest value of {x}"), lambda x: x.min()),
    (N_("the midrange of {x}, (max + min) / 2"), lambda x: (x.max() + x.min()) / 2),
    (N_("the mean of the absolute values of {x}"), lambda x: np.abs(x).mean()),
    (N_("the root mean square of {x}"), lambda x: np.sqrt((x * x).mean())),
    (N_("the sum of {x}"), lambda x: x.sum()),
    (N_("the sum of {x} divided by its size - 1"), lambda x: x.sum() / max(x.size - 1, 1)),
    (
        N_("the sum of {x} divided by len({x}), its number of rows, not its size"),
        lambda x: x.sum() / len(x) if x.ndim > 1 else None,
    ),
    (N_("the rounded mean of {x}"), lambda x: np.round(x.mean())),
    (N_("the mean of {x}[0] (on a 2-D {x}, its first row)"), lambda x: x[0].mean()),
    (N_("the first element of {x}"), lambda x: x.flat[0]),
    (N_("the last element of {x}"), lambda x: x.flat[-1]),
    (N_("the mean of {x}'s last row"), lambda x: x[-1].mean() if x.ndim > 1 else None),
    (N_("the column means of {x} (axis=0)"), lambda x: x.mean(axis=0) if x.ndim > 1 else None),
    (
        N_("the row means of {x} (axis=-1)"),
        lambda x: x.mean(axis=-1, keepdims=True) if x.ndim > 1 else None,
    ),
)


def _statistics(x: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """Each statistic of x that applies to its shape, broadcast to x's shape."""
    found = []
    for name, statistic in _STATISTICS:
        try:
            s = statistic(x)
        except Exception:
            continue
        if s is not None:
            found.append((name, np.asarray(s, dtype=np.float64)))
    return found


def _statistics_of(
    x: np.ndarray, value: np.ndarray, combine: str, statistics: list[tuple[str, np.ndarray]]
) -> frozenset[str]:
    """The names of the statistics s of x for which ``value`` is x - s (combine "-"),
    x + s ("+") or x / s ("/"): the s that value implies is read off once, then compared
    with all of them at once where they are single numbers."""
    if x.size < 2 or value.shape != x.shape:
        return frozenset()
    with np.errstate(divide="ignore", invalid="ignore"):
        implied = {"-": x - value, "+": value - x, "/": x / value}[combine]
    if not np.isfinite(implied).all():
        return frozenset()
    scale = float(np.max(np.abs(x))) if combine != "/" else float(np.max(np.abs(implied)))
    atol = 1e-5 * (scale or 1.0)
    found = set()
    flat = implied.ravel()
    constant = bool(np.all(np.abs(flat - flat[0]) <= atol + 1e-4 * abs(flat[0])))
    scalars = [(name, float(s)) for name, s in statistics if s.ndim == 0]
    if constant and scalars:
        values = np.asarray([v for _, v in scalars])
        hits = np.abs(values - flat[0]) <= atol + 1e-4 * np.abs(values)
        found.update(name for (name, _), hit in zip(scalars, hits, strict=True) if hit)
    for name, s in statistics:
        if s.ndim and np.all(np.abs(implied - s) <= atol + 1e-4 * np.abs(s)):
            found.add(name)
    return frozenset(found)


def _statistic_test(combine: str) -> Callable[[Case], dict[str, Any] | None]:
    def test(case: Case) -> dict[str, Any] | None:
        if len(case.want) != 1 or len(case.got) != 1:
            return None
        like = _like_input(case)
        if like is None:
            return None
        index, (x,) = like
        got, want = case.got[0], case.want[0]
        if got.shape != want.shape:
            return None
        statistics = _statistics_memo.get(id(x))
        if statistics is None:
            statistics = _statistics_memo[id(x)] = _statistics(x)
        theirs = _statistics_of(x, got, combine, statistics)
        ours = _statistics_of(x, want, "-" if combine == "+" else combine, statistics)
        if not theirs or not ours:
            return None
        found = {"x": _arg_name(case, index), "got": theirs, "want": ours}
        return found | {"adds": True} if combine == "+" else found

    return test


def _statistic_found(details: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The one statistic that explains the answer on every case, and the reference's."""
    theirs = frozenset.intersection(*(d["got"] for d in details))
    ours = frozenset.intersection(*(d["want"] for d in details))
    if len(theirs) != 1 or not ours or (theirs & ours and not details[0].get("adds")):
        return None
    (got,) = theirs
    want = next(name for name, _s in _STATISTICS if name in ours)
    x = details[0]["x"]
    return {"got": _(got).format(x=x), "want": _(want).format(x=x), "kind": ""}


def _sign(case: Case) -> dict[str, Any] | None:
    whole = _whole(case)
    if whole is None or not whole[1].any():
        return None
    got, want = whole
    return {} if _close(got, -want) else None


def _ratio(case: Case) -> float | None:
    """The one factor k with answer = k * expected, where the expected values that are 0
    are 0 in the answer too (counts, one-hot rows); None if there is none."""
    whole = _whole(case)
    if whole is None:
        return None
    got, want = whole
    nonzero = want != 0
    if nonzero.sum() < 1 or got[~nonzero].any():
        return None
    k = got[nonzero] / want[nonzero]
    if not _close(k, np.full_like(k, k[0])):
        return None
    return float(k[0])


def _factor_sentence(k: float) -> str:
    """'On every input, ' and compare's own sentence for a factor: 'twice the expected
    one: a factor missing or doubled?' for a small whole factor, else the number."""
    factor = _simple_factor(k, 1000)
    if factor:
        kind, n = factor
        sentence = _(_FACTORS[(True, kind, n == 2)]).format(n=n)
    else:
        sentence = _("Every value is {ratio} times the expected one.").format(ratio=f"{k:.4g}")
    return _("On every input: {relation}").format(relation=sentence)


def _factor(case: Case) -> dict[str, Any] | None:
    k = _ratio(case)
    if k is None or np.isclose(k, 1.0, rtol=1e-3) or np.isclose(k, -1.0, rtol=1e-3) or k == 0:
        return None
    return {"k": f"{k:.4g}"}


def _only_where_zero(case: Case) -> dict[str, Any] | None:
    """Right everywhere but where the input of the output's shape is exactly 0: a value on
    the boundary (x < 0 against x <= 0) that the answer puts on the other side."""
    whole, like = _whole(case), _like_input(case)
    if whole is None or like is None:
        return None
    got, want = whole
    index, leaves = like
    x = _flat(leaves)
    if x.shape != got.shape:
        return None
    differs = ~np.isclose(got, want, rtol=1e-5, atol=1e-6, equal_nan=True)
    if not differs.any():
        return CONSISTENT  # this input has no 0, or the answer is right on it
    if (x[differs] == 0).all() and (x != 0).any():
        return {"x": _arg_name(case, index)}
    return None


def _zero(case: Case) -> dict[str, Any] | None:
    whole = _whole(case)
    if whole is None:
        return None
    got, want = whole
    return {} if want.any() and not got.any() else None


def _size_factor(case: Case) -> dict[str, Any] | None:
    """The answer is the expected value times (or over) the size of an input: a sum where a
    mean was meant, or the other way round; n - 1 for n."""
    ratio = _ratio(case)
    if ratio is None:
        return None
    k = np.asarray([ratio])
    for index, leaves in enumerate(case.inputs):
        sizes = {leaf.size for leaf in leaves} | {len(leaf) for leaf in leaves if leaf.ndim}
        for n in sorted(sizes):
            if n < 2:
                continue
            for kind, factor in (
                ("sum", n),
                ("mean", 1 / n),
                ("n-1", n / (n - 1)),
                ("n+1", n / (n + 1)),
            ):
                if np.isclose(k[0], factor, rtol=1e-4):
                    return {"kind": kind, "x": _arg_name(case, index)}
    return None


_SIZE_MESSAGES = {
    "sum": N_(
        "On every input, every value is the expected one times the number of elements of "
        "{x}: a sum where a mean was wanted?"
    ),
    "mean": N_(
        "On every input, every value is the expected one divided by the number of elements "
        "of {x}: a mean where a sum was wanted?"
    ),
    "n-1": N_(
        "On every input, every value is the expected one times n / (n - 1), n the number of "
        "elements of {x}: divided by n - 1 where n was wanted?"
    ),
    "n+1": N_(
        "On every input, every value is the expected one times n / (n + 1), n the number of "
        "elements of {x}: divided by n + 1 where n was wanted?"
    ),
}


def _offset(case: Case) -> dict[str, Any] | None:
    whole = _whole(case)
    if whole is None or whole[0].size < 2:
        return None
    got, want = whole
    d = got - want
    if not _close(d, np.full_like(d, d[0]), float(np.max(np.abs(want))) or 1.0):
        return None
    return {"c": f"{float(d[0]):+.4g}"} if abs(d[0]) > 0 else None


def _step_test(kind: str) -> Callable[[Case], dict[str, Any] | None]:
    """The change the answer makes to an input of the output's structure (params, in a
    step) against the change the reference makes: reversed, scaled, not made, or alone.
    A change is read off as a difference, so it carries the rounding of the values it
    was added to: the tolerance grows with them."""

    def test(case: Case) -> dict[str, Any] | None:
        if _whole(case) is None:
            return None
        like = _like_input(case)
        if like is None:
            return None
        index, start = like
        base = _flat(start)
        whole, expected = _flat(case.got), _flat(case.want)
        got, want = whole - base, expected - base
        # float32 rounding of the values a change was added to, with room to spare
        slack = 1e-6 * (np.abs(base) + np.abs(whole) + np.abs(expected)) + 1e-30
        if not (np.abs(want) > 100 * slack).any():
            # no expected change (gradients of 0, say): an answer that makes none either
            # agrees with every factor, and the other inputs say which; else nothing to compare
            still = kind != "only" and bool((np.abs(got) <= slack).all())
            return CONSISTENT if still else None
        name = _arg_name(case, index)
        if kind == "none":
            return {"x": name} if (np.abs(got) <= slack).all() else None
        if kind == "only":  # the change alone, without the input it changes
            if not (np.abs(base) > 100 * slack).any():
                return None
            return (
                {"x": name} if (np.abs(whole - want) <= slack + 1e-4 * np.abs(want)).all() else None
            )
        moved = np.abs(want) > 100 * slack
        k = float(np.median(got[moved] / want[moved]))
        if not (np.abs(got - k * want) <= slack + 1e-4 * np.abs(k * want)).all():
            return None
        if abs(k - 1.0) < 1e-3:
            return None
        if kind == "sign":
            return {"x": name} if abs(k + 1.0) < 1e-3 else None
        if abs(k + 1.0) < 1e-3 or abs(k) < 1e-9:
            return None  # reversed or not made: said by their own relations
        if kind == "argument":  # k is one of the numbers passed, or its reciprocal
            for other, leaves in enumerate(case.inputs):
                if other == index or len(leaves) != 1 or leaves[0].size != 1:
                    continue
                number = float(leaves[0].ravel()[0])
                if number in (0.0, 1.0, -1.0):
                    continue
                if np.isclose(k, number, rtol=1e-2):
                    return {"x": name, "k": _arg_name(case, other), "n": "1"}
                if np.isclose(k * number, 1.0, rtol=1e-2):
                    return {"x": name, "k": _arg_name(case, other), "n": "-1"}
            return None
        return {"x": name, "k": f"{k:.3g}"}

    return test


def _parts_test(case: Case) -> dict[str, Any] | None:
    """Of an answer with several parts (a tuple, a dict), which differ: two parts swapped,
    or the same parts wrong on every input."""
    if len(case.want) < 2 or len(case.got) != len(case.want) or not case.paths:
        return None
    wrong = _differing(case)
    if not wrong or len(wrong) == len(case.want) and len(wrong) != 2:
        return None
    if len(wrong) == 2:
        i, j = wrong
        g, w = case.got, case.want
        if (
            g[i].shape == w[j].shape
            and g[j].shape == w[i].shape
            and _close(g[i], w[j])
            and (_close(g[j], w[i]))
        ):
            return {"kind": "swapped", "parts": (case.paths[i], case.paths[j])}
    if len(wrong) == len(case.want):
        return None
    return {"kind": "only", "parts": tuple(case.paths[i] for i in wrong)}


def _parts_found(details: list[dict[str, Any]]) -> dict[str, Any] | None:
    kinds = {d["kind"] for d in details}
    parts = {d["parts"] for d in details}
    if len(kinds) != 1 or len(parts) != 1:
        return None
    return {"kind": details[0]["kind"], "parts": ", ".join(details[0]["parts"])}


_PARTS_MESSAGES = {
    "swapped": N_("On every input, {parts} hold each other's values: the two are swapped."),
    "only": N_("On every input, only {parts} differ; every other part of the result is right."),
}


_STEP_BY_ARGUMENT = {
    "1": N_(
        "On every input, the change your result makes to {x} is {k} times the expected "
        "change: {k} is applied twice?"
    ),
    "-1": N_(
        "On every input, the change your result makes to {x} is the expected change "
        "divided by {k}: {k} is missing from the step?"
    ),
}


@dataclass(frozen=True)
class _Explainer:
    """A relation whose message depends on what every case found (``found``)."""

    name: str
    test: Callable[[Case], dict[str, Any] | None]
    found: Callable[[list[dict[str, Any]]], dict[str, Any] | None]
    messages: dict[str, str]  # by found["kind"], or one under ""


def _by_kind(messages: dict[str, str]) -> Callable[[dict[str, Any]], str]:
    return lambda values: messages[values.get("kind", "")]


RELATIONS: tuple[Relation | _Explainer, ...] = (
    _Explainer(
        "another-statistic",
        _statistic_test("-"),
        _statistic_found,
        {"": N_("Your function subtracts {got}, not {want}.")},
    ),
    _Explainer(
        "adds-a-statistic",
        _statistic_test("+"),
        _statistic_found,
        {"": N_("Your function adds {got}; the expected result subtracts {want}.")},
    ),
    _Explainer(
        "divides-by-another-statistic",
        _statistic_test("/"),
        _statistic_found,
        {"": N_("Your function divides by {got}, not by {want}.")},
    ),
    Relation(
        "step-reversed",
        _step_test("sign"),
        N_(
            "On every input, your result moves {x} the opposite way: the change it makes "
            "has the opposite sign of the expected change."
        ),
    ),
    Relation(
        "no-step",
        _step_test("none"),
        N_("On every input, your result is {x} unchanged: the change was computed but not kept?"),
    ),
    Relation(
        "step-only",
        _step_test("only"),
        N_(
            "On every input, your result is only the change the step makes, without {x} "
            "itself: add it to {x}."
        ),
    ),
    _Explainer(
        "step-scaled-by-argument",
        _step_test("argument"),
        lambda details: details[0] if all(d == details[0] for d in details) else None,
        {},
    ),
    Relation(
        "step-scaled",
        _step_test("scale"),
        N_("On every input, the change your result makes to {x} is {k} times the expected change."),
        same=True,
    ),
    Relation(
        "zero", _zero, N_("On every input, every value is 0, where the expected ones are not.")
    ),
    Relation(
        "only-where-zero",
        _only_where_zero,
        N_(
            "Your result is right everywhere except where {x} is exactly 0: there it puts "
            "the value on the other side of the boundary from the expected result."
        ),
    ),
    Relation(
        "sign", _sign, N_("On every input, each value has the opposite sign of the expected one.")
    ),
    Relation("size-factor", _size_factor, "", same=True),  # message by kind: _SIZE_MESSAGES
    Relation("factor", _factor, "", same=True),  # said by _factor_sentence
    Relation(
        "offset",
        _offset,
        N_("On every input, every value is off by the same amount, {c}."),
        same=True,
    ),
    _Explainer("parts", _parts_test, _parts_found, _PARTS_MESSAGES),
)


# The statistics of each input, by id, while one explain() runs (its cases hold the arrays).
_statistics_memo: dict[int, list[tuple[str, np.ndarray]]] = {}


def explain(cases: Sequence[Case]) -> tuple[str, str] | None:
    """(relation name, sentence) for the first relation that holds on every case, or None:
    then nothing general is true of the difference, and the message stays a plain one."""
    if not cases:
        return None
    _statistics_memo.clear()
    try:
        return _explain(cases)
    finally:
        _statistics_memo.clear()


def _explain(cases: Sequence[Case]) -> tuple[str, str] | None:
    for relation in RELATIONS:
        details = []
        for case in cases:
            try:
                found = relation.test(case)
            except Exception:  # an odd shape or dtype: this relation says nothing
                found = None
            if found is None:
                break
            if found is not CONSISTENT:
                details.append(found)
        else:
            if not details:  # no case says anything either way
                continue
            if isinstance(relation, _Explainer):
                values = relation.found(details)
                if values is None:
                    continue
                if relation.name == "step-scaled-by-argument":
                    message = _STEP_BY_ARGUMENT[values["n"]]
                else:
                    message = relation.messages[values.get("kind", "")]
                return relation.name, _(message).format(**values)
            if relation.same and any(d != details[0] for d in details[1:]):
                continue
            if relation.name == "factor":
                return relation.name, _factor_sentence(float(details[0]["k"]))
            message = relation.message or _SIZE_MESSAGES[details[0]["kind"]]
            if relation.name == "size-factor" and any(
                d["kind"] != details[0]["kind"] for d in details
            ):
                continue
            return relation.name, _(message).format(**details[0])
    return None
