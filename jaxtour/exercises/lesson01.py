"""Exercises for lessons/01_jnp_as_numpy.ipynb: jnp as a drop-in NumPy, and where it is not.

Every reference follows the session: with ``jax_enable_x64`` on, JAX's defaults are
int64 and float64, and the references (and the mistakes that name a 32-bit default)
follow, so a learner who switches x64 on is never refused the right answer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxtour.exercises.common import device_array, jnp
from jaxtour.grader.compare import describe, how_they_differ
from jaxtour.grader.mistakes import (
    behaves_like,
    call_or_none,
    equals_tree,
    fails_with,
    ignores_arguments,
    needs_values_on_host,
    returns_none,
    uses_module,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    NumpyArray,
    SameFunction,
    answer_outcome,
    distinct_numbers,
    dtype_name,
    is_numpy_array,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.i18n import _
from jaxtour.lazy import is_jax_array

INT32_MAX = 2**31 - 1


def _wrapped(value: int, bits: int) -> int:
    """What a signed integer of ``bits`` bits holds after ``value`` overflowed it."""
    half = 2 ** (bits - 1)
    return (value + half) % (2 * half) - half


# --- 01.arange: a countdown, for any odd n ----------------------------------------------


def _countdown_end(last: int) -> dict[str, int]:
    """A countdown's last number, and the numbers its messages name: the stop that ends it
    there, one step short of it and one step past it."""
    return {"last": last, "below": last - 1, "after": last + 2, "beyond": last - 2}


ODDS_VARIANTS = Variants(
    # _countdown_end(1), written out: the teacher's board reads it from this source
    default={"last": 1, "below": 0, "after": 3, "beyond": -1},
    draw=lambda rng: _countdown_end(rng.choice((3, 5, 7))),
    shown="odds_down(n) holds the odd integers from n down to {last}, for any odd n of at "
    "least {last}.",
)


def _last():
    """Where the learner's variant ends the countdown (variant 0: at 1)."""
    return ODDS_VARIANTS.current("01.arange")["last"]


def _odds_inputs():
    last = _last()
    # 41: a linspace of the right count, cast to int, comes out wrong there for every last
    # (float32 points a hair below their odd number, cut down by the cast; round 14)
    return [(19,), (last,), (last + 6,), (41,)]


def _odds_random_inputs(rng: np.random.Generator):
    return [(int(2 * rng.integers(5, 60) + 1),)]


def _odds_down(n):
    return jnp.arange(n, _last() - 1, -2)


def _evens_below_n(answer: Any) -> bool:
    """The even numbers from n - 1 down, by 2, on every input, ending at {below} or one step
    before it (round 15: arange(n - 1, 0, -2) stops at 2)."""
    if not callable(answer):
        return False
    for (n,) in _odds_inputs():
        got = call_or_none(answer, n)
        if got is None or np.ndim(got) != 1:
            return False
        got = np.asarray(got)
        if not any(
            np.array_equal(got, np.arange(n - 1, end, -2)) for end in (_last() - 2, _last())
        ):
            return False
    return True


def _empty_at_last_only(answer: Any) -> bool:
    """Right for every n but the smallest, {last}, where it returns an empty array."""
    if not callable(answer):
        return False
    for (n,) in _odds_inputs():
        got = call_or_none(answer, n)
        if got is None:
            return False
        if n == _last():
            if np.size(got) != 0:
                return False
        elif not equals_tree(_odds_down(n))(got):
            return False
    return True


_calls_linspace = uses_module("jax.numpy", ("linspace",))


def _odds_by_linspace(n):  # a count of points, not a step: (n - 1) // 2 of them
    return jnp.linspace(n, _last(), (n - _last()) // 2).astype(int)


def _linspace_cut(n):  # the right count of points, cut to int after float32 rounding
    return jnp.linspace(n, _last(), (n - _last()) // 2 + 1).astype(jnp.int32)


def _linspace_count(answer: Any) -> bool:
    """Calls linspace and is refused, or gives the example's numbers (the example's own jnp
    is the grader's lazy stand-in, which the code reading does not see as jax.numpy)."""
    return (
        _calls_linspace(answer) and not behaves_like(_odds_down, _odds_inputs)(answer)
    ) or behaves_like(_odds_by_linspace, _odds_inputs)(answer)


def _odds_not_returned(n):
    odds = jnp.arange(n, _last() - 1, -2)  # noqa: F841 (the forgotten return)


def _right_values(answer: Any) -> list[Any] | None:
    """The answer's results on the fixed inputs where each holds the right values in any
    container or dtype; else None."""
    results = []
    for (n,) in _odds_inputs():
        got = call_or_none(answer, n)
        if got is None or isinstance(got, str | bytes):
            return None
        try:
            values = np.asarray(list(got) if isinstance(got, range) else got)
        except Exception:
            return None
        if values.shape != (len(range(n, _last() - 1, -2)),) or values.dtype.kind not in "iuf":
            return None
        expected = np.arange(n, _last() - 1, -2)
        # floats within rounding of them (linspace's float32 steps, round 16) are those
        # numbers too, as the rule's "the values are right" says
        close = values.dtype.kind == "f" and np.allclose(values, expected, rtol=1e-6, atol=0)
        if not (close or np.array_equal(values, expected)):
            return None
        results.append(got)
    return results


def _right_values_as(kind: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Matches a function whose results hold the right values, each of ``kind``."""

    def matches(answer: Any) -> bool:
        results = _right_values(answer)
        return results is not None and all(kind(result) for result in results)

    return matches


def _is_float_jax(value: Any) -> bool:
    return is_jax_array(value) and np.asarray(value).dtype.kind == "f"


# --- 01.default_dtype: a dtype and its reason ------------------------------------------

DIVISION_OPTIONS = ("A", "B", "C", "D")
DIVISION_TEXTS = (
    "`float64`: the values arrive as float64, and JAX keeps the dtype it is given",
    "`float32`: JAX's floats are 32 bits by default; without `jax_enable_x64` it stores even "
    "float64 values in 32 bits",
    "`float32`: JAX has no float64 at all: accelerators compute in 32 bits",
    "`float64`: `jnp.asarray` makes no copy, so the jax array shares NumPy's memory and its dtype",
)
_DIVISION = Choice(DIVISION_OPTIONS, texts=DIVISION_TEXTS)

_MODULE_PREFIX = re.compile(r"^(?:jax\.numpy|jnp|numpy|np)\.")
_KINDS = {"float", "int", "integer", "floating", "real", "number", "complex", "double"}


def _dtype_typed(answer: Any) -> bool:
    """A dtype where a letter was asked: its name however written ("float32", "jnp.float32",
    "fp32", "float"), a type (jnp.float32, float) or a dtype object."""
    if answer in (float, int, complex) or isinstance(answer, np.dtype):
        return True
    if isinstance(answer, type) and issubclass(answer, np.generic):
        return True
    if getattr(answer, "dtype", None) is not None and callable(answer):
        return True  # jnp.float32, a scalar type of JAX's
    if not isinstance(answer, str):
        return False
    text = _MODULE_PREFIX.sub("", str.lower(str.strip(answer)))
    if "," in text:  # "B, C": letters (NumPy would read it as a structured dtype)
        return False
    if text in _KINDS or (len(text) > 2 and dtype_name(text) is not None):  # not "e", "b"
        return True
    text = re.sub(r"[\s_\-]", "", text)
    return bool(re.fullmatch(r"(fp|f|i|u?int|float|bfloat)?(8|16|32|64)(bits?)?", text))


# --- 01.overflow_fix --------------------------------------------------------------------

# Cubes up to 3.4e18, their sum past 2**62 but within int64 (NumPy's default holds it, so
# only JAX's int32 default wraps: the fix NumPy suggests, int64, is what JAX refuses without
# x64); each wrapped in int32, the cubes add up to another number than their wrapped sum:
# every kind of overflow tells apart.
PAST_UINT32 = (1_500_001, 1_000_001, 1_299_997, 1291, 7)

# Issue 38: the power the colleague's sum raises v to is the learner's variant (cubes on
# the page), so that a neighbour's fix, or the page's ** 3, does not pass. Each power has
# its own decisive input, past 6e18 yet within int64, its powers wrapped in int32 adding up
# to another number than their wrapped sum, as the cubes do.
_PAST_UINT32_BY_POWER = {
    3: PAST_UINT32,
    4: (45_007, 35_005, 29_989, 1291, 7),
    5: (5_501, 4_001, 3_501, 129, 7),
}
POWER_VARIANTS = Variants(
    default={"power": 3},
    draw=lambda rng: {"power": rng.choice((4, 5))},
    shown="sum_of_cubes(v) adds up v ** {power}: each element raised to the power {power}.",
)


def _power() -> int:
    """The power of this learner's variant (variant 0: 3, the cubes)."""
    return POWER_VARIANTS.current("01.overflow_fix")["power"]


def _sum_of_cubes_on_the_host(v):  # round 21: summed in Python ints, no jnp
    exact = sum(int(k) ** _power() for k in np.asarray(v).tolist())
    return jnp.asarray(float(exact), dtype=jnp.float32)


def _center_on_the_host(x):  # round 21: centered by NumPy, wrapped back
    host = np.asarray(x)
    return jnp.asarray(host - host.mean(axis=-1, keepdims=True) + _target())


def _host_sum(answer: Any) -> bool:
    """needs_values_on_host, but for the grader's own reference, which sums exactly in
    Python ints on the host by design (what answers are compared with)."""
    if getattr(answer, "__wrapped__", answer) is _sum_of_cubes_reference:
        return False
    return needs_values_on_host(_cube_inputs)(answer)


def _cube_inputs():
    return [
        (jnp.array([1, 2, 3]),),  # 36 for cubes: even int32 holds this one
        (jnp.arange(2000),),  # the lesson's: 3,996,001,000,000 for cubes
        # past uint32, within int64 (6,571,994,542,194,285,489 for cubes)
        (jnp.array(_PAST_UINT32_BY_POWER[_power()]),),
        (jnp.zeros(0, dtype=jnp.int32),),  # empty: the sum of no powers is 0
    ]


def _cube_random_inputs(rng: np.random.Generator):
    return [(jnp.asarray(rng.integers(0, 100_000, size=300), dtype=jnp.int32),)]


def _exact_cubes(v: Any) -> int:
    """The true sum of the powers, in Python ints."""
    return sum(int(k) ** _power() for k in np.asarray(v).tolist())


def _sum_of_cubes_reference(v):
    """The exact sum, rounded once to JAX's default float: what the answer is compared with."""
    return jnp.asarray(float(_exact_cubes(v)))


def _fails_on_empty_only(answer: Any) -> bool:
    """Runs on every non-empty input and raises on the empty one (the last)."""
    if not callable(answer):
        return False
    raised = [answer_outcome(_cube_inputs, answer, i, a)[1] for i, a in enumerate(_cube_inputs())]
    return all(exc is None for exc in raised[:-1]) and raised[-1] is not None


def _nan_on_empty_only(answer: Any) -> bool:
    """Right on every non-empty input, nan on the empty one (the last): 0 / 0 on the way,
    such as a mean of no values times their number."""
    if not callable(answer):
        return False
    cases = _cube_inputs()
    for index, args in enumerate(cases):
        got, exc = answer_outcome(_cube_inputs, answer, index, args)
        value = None if exc is not None else _as_real(got)
        if value is None:
            return False
        if index == len(cases) - 1:
            return math.isnan(value)
        if not _close(value, float(_exact_cubes(*args))):
            return False
    return False


def _mean_times_length(v):
    return jnp.mean(v.astype(jnp.float32) ** _power()) * v.shape[0]


def _cubes_last_element(v):
    return jnp.cumsum(v.astype(jnp.float32) ** _power())[-1]


def _float_sum_of_cubes(v):
    return jnp.sum(v.astype(float) ** _power())  # float32, or float64 with x64 on


def _as_real(value: Any) -> float | None:
    """A Python float for one real number (Python, NumPy or a 0-d array); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if is_jax_array(value) or is_numpy_array(value) or isinstance(value, np.generic):
        array = np.asarray(value)
        if array.shape == () and array.dtype.kind in "iuf":
            return float(array)
    return None


def _decisive(answer: Any) -> tuple[Any, float] | None:
    """The answer's result on the input past uint32 and that result as a float, or None."""
    (v,) = _cube_inputs()[2]
    got = call_or_none(answer, v)
    value = _as_real(got)
    return None if value is None else (got, value)


def _close(value: float, want: float, rtol: float = 1e-5) -> bool:
    return math.isclose(value, want, rel_tol=rtol)


def _wrapped_sum(bits: int) -> Callable[[Any], bool]:
    """Matches a sum that wrapped around in ``bits``-bit integers, signed or unsigned, on
    the input past uint32 (given as an integer, or as a float of one)."""

    def matches(answer: Any) -> bool:
        result = _decisive(answer)
        if result is None:
            return False
        exact = _exact_cubes(_cube_inputs()[2][0])
        value = result[1]
        candidates = (_wrapped(exact, bits), exact % 2**bits)
        return not _close(value, float(exact)) and any(
            _close(value, float(c), 1e-6) for c in candidates
        )

    return matches


def _cubes_wrapped_then_summed(answer: Any) -> bool:
    """Matches a float sum of cubes that each wrapped in int32 first: v ** 3 computed on
    the integers, converted afterwards (jnp.sum(v ** 3, dtype=jnp.float32), say)."""
    result = _decisive(answer)
    if result is None:
        return False
    (v,) = _cube_inputs()[2]
    want = float(sum(_wrapped(int(k) ** _power(), 32) for k in np.asarray(v).tolist()))
    return _close(result[1], want, 1e-4)


def _part_wrapped_then_floated(answer: Any) -> bool:
    """Matches a sum of powers whose lower part, v ** a for some 1 < a < the power, was
    taken in int32 and wrapped before a float v ** (power - a) joined it (round 21:
    v ** 2 * v.astype(jnp.float32))."""
    result = _decisive(answer)
    if result is None:
        return False
    values = np.asarray(_cube_inputs()[2][0]).tolist()
    power = _power()
    exact = float(sum(int(k) ** power for k in values))
    partly = [
        float(sum(_wrapped(int(k) ** a, 32) * float(k) ** (power - a) for k in values))
        for a in range(2, power)
    ]
    # Only a lower power that does wrap on these values: one that does not gives the true
    # sum, and a right value (a Python number, say) would be taken for this mistake.
    return any(
        _close(result[1], value, 1e-4) and not _close(exact, value, 1e-4) for value in partly
    )


def _by_length_only(answer: Any) -> bool:
    """Matches a function whose result, on every input, is the sum of the powers of
    0 .. n - 1 (or of 1 .. n), n being len(v): v's values unread, as if it were an arange
    (round 21: a closed formula from v.size)."""
    cases = [np.asarray(v).size for (v,) in _cube_inputs()]
    results = [_as_real(call_or_none(answer, *args)) for args in _cube_inputs()]
    if any(value is None for value in results):
        return False
    power = _power()
    return any(
        all(
            _close(value, float(sum(k**power for k in range(start, n + start))), 1e-4)
            for value, n in zip(results, cases, strict=True)
        )
        for start in (0, 1)
    )


def _low_precision(answer: Any) -> bool:
    """Matches a result computed in float16 or bfloat16 (on the lesson's arange(2000))."""
    got = call_or_none(answer, *_cube_inputs()[1])
    return str(getattr(got, "dtype", "")) in ("float16", "bfloat16")


def _computes_on_floats(target: Callable[[list[int]], float]) -> Callable[[Any], bool]:
    """Matches a function that gives ``target(values)`` on each of the inputs."""

    def matches(answer: Any) -> bool:
        for (v,) in _cube_inputs()[1:]:
            value = _as_real(call_or_none(answer, v))
            if value is None or not _close(value, target(np.asarray(v).tolist()), 1e-4):
                return False
        return True

    return matches


def _right_but(kind: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Matches a function whose results are right in value on every input, each of ``kind``."""

    def matches(answer: Any) -> bool:
        for (v,) in _cube_inputs():
            got = call_or_none(answer, v)
            value = _as_real(got)
            if value is None or not kind(got) or not _close(value, float(_exact_cubes(v))):
                return False
        return True

    return matches


def _is_python_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool | np.generic)


def _is_numpy(value: Any) -> bool:
    return is_numpy_array(value) or isinstance(value, np.generic)


def _mean_of_powers(answer: Any) -> bool:
    """Matches the mean of the powers (the sum divided by len(v)) on every non-empty input:
    jnp.mean where jnp.sum was meant (round 20). The empty v is not read: its mean is nan."""
    for (v,) in _cube_inputs()[:-1]:
        value = _as_real(call_or_none(answer, v))
        want = float(_exact_cubes(v)) / len(np.asarray(v))
        if value is None or not _close(value, want, 1e-4):
            return False
    return True


def _int32_at_the_end(answer: Any) -> bool:
    """Matches a result of a 32-bit integer dtype, right where the sum fits in int32 ([1, 2,
    3]) and stuck at int32's end past it: a float sum converted back to int32 at the end,
    where a conversion saturates rather than wraps (round 20)."""
    small, decisive = _cube_inputs()[0][0], _cube_inputs()[2][0]
    got = call_or_none(answer, small)
    if str(getattr(got, "dtype", "")) not in ("int32", "uint32"):
        return False
    if _as_real(got) != float(_exact_cubes(small)):
        return False
    value = _as_real(call_or_none(answer, decisive))
    return value is not None and value in (2**31 - 1, -(2**31), 2**32 - 1)


def _back_to_int32(v):
    return jnp.sum(v.astype(jnp.float32) ** _power()).astype(jnp.int32)


def _cubes_not_returned(v):
    total = jnp.sum(v.astype(float) ** _power())  # noqa: F841 (the forgotten return)


@dataclass(frozen=True)
class _FloatSum:
    """A jax array holding one number, within ``rtol`` of the exact sum."""

    rtol: float = 1e-5

    def __call__(self, answer: Any, expected: Any) -> str | None:
        expected = float(np.asarray(expected))
        if not is_jax_array(answer):
            return _("Expected a jax array holding one number, but this is {what}.").format(
                what=describe(answer)
            )
        value = np.asarray(answer)
        if value.shape != ():
            return _("Expected one number, a 0-d jax array, but this has shape {shape}.").format(
                shape=value.shape
            )
        if value.dtype.kind not in "iuf":
            return _("Expected a real number, but this has dtype {dtype}.").format(
                dtype=value.dtype
            )
        got = float(value)
        if math.isnan(got):
            return _(
                "The sum is nan: an operation on the way had no number for its result "
                "(0 / 0, inf - inf or 0 * inf)."
            )
        if not math.isfinite(got):
            return _("The sum is {got}: the dtype it was computed in ran out of range.").format(
                got=got
            )
        if not _close(got, expected, self.rtol):
            shown_got, shown_want = distinct_numbers(got, expected)
            relation = how_they_differ(np.asarray(got), np.asarray(expected))
            return _(
                "You have {shown_got}, but the exact sum is {shown_want} (a relative "
                "error of {rtol} is allowed)."
            ).format(shown_got=shown_got, shown_want=shown_want, rtol=f"{self.rtol:g}") + (
                f" {relation}" if relation else ""
            )
        return None


# --- 01.numpy_copy: an in-place NumPy function on a jax array's values ------------------


# Flags no input holds on its diagonal, so that "left as it was" and "flagged" never agree.
FLAG_VARIANTS = Variants(
    default={"flag": -1},
    draw=lambda rng: {"flag": rng.choice((-5, -3, 7, 99, -100))},
    shown="flag_diagonal sets the main diagonal to {flag}.",
)


def _flag():
    """The number this learner's variant flags the diagonal with (variant 0: -1)."""
    return FLAG_VARIANTS.current("01.numpy_copy")["flag"]


def _flag_inputs():
    # Square, of three sizes, integers and floats, negatives and ties: "the diagonal" is a
    # set of positions, which no value-based choice (the smallest, those equal to m[0, 0])
    # finds on every input.
    return [
        (jnp.arange(9, dtype=jnp.int32).reshape(3, 3),),
        (jnp.array([[2.5, -1.5], [0.5, 2.5]], dtype=jnp.float32),),
        (jnp.array([[4, 4, 0, 7], [1, 9, 4, 2], [8, 3, 6, 4], [5, 0, 2, 1]], dtype=jnp.int32),),
    ]


def _flag_diagonal(m):
    copy = np.array(m)
    np.fill_diagonal(copy, _flag())
    return copy


def _same_for_different_inputs(inputs: Callable[[], list[tuple[Any, ...]]]):
    """Matches a function that returns the same array (not one number: the messages say
    "array") for every input tried, though the inputs differ."""

    def matches(answer: Any) -> bool:
        results = [call_or_none(answer, x) for (x,) in inputs()]
        if len(results) < 2 or any(result is None for result in results):
            return False
        first = np.asarray(results[0])
        if first.ndim == 0 or first.dtype == object:
            return False
        return all(
            np.shape(other) == first.shape and bool(np.array_equal(np.asarray(other), first))
            for other in results[1:]
        )

    return matches


def _returns_m_unchanged(answer: Any) -> bool:
    """Matches a function that returns m as it was, a jax array, on every input."""
    for (m,) in _flag_inputs():
        got = call_or_none(answer, m)
        if not is_jax_array(got) or not equals_tree(m)(got):
            return False
    return True


def _flag_stride_n(m):
    copy = np.array(m)
    copy.flat[:: len(copy)] = _flag()  # every n-th element: a stride one short
    return copy


def _flagged_off_diagonal(answer: Any) -> bool:
    """Matches a function whose result differs from m only where it holds the flag, and
    holds it, changed, off the diagonal on some input."""
    off = False
    for (m,) in _flag_inputs():
        got, want = call_or_none(answer, m), np.asarray(m)
        if not isinstance(got, np.ndarray) or got.shape != want.shape:
            return False
        changed = got != want
        if not np.all(got[changed] == _flag()):
            return False
        off = off or bool(np.any(changed & ~np.eye(len(want), dtype=bool)))
    return off


def _fill_not_returned(m):
    copy = np.array(m)
    return np.fill_diagonal(copy, _flag())  # fills in place and returns None


def _flag_antidiagonal(m):
    copy = np.array(m)
    np.fill_diagonal(np.fliplr(copy), _flag())
    return copy


def _flag_corner(m):
    copy = np.array(m)
    copy[0, 0] = _flag()
    return copy


def _flag_first_row(m):
    copy = np.array(m)
    copy[0] = _flag()
    return copy


def _flag_equal_to_corner(m):
    copy = np.array(m)
    copy[copy == copy[0, 0]] = _flag()
    return copy


def _returns(kind: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Matches a function whose result on the first input is of ``kind``."""

    def matches(answer: Any) -> bool:
        result = call_or_none(answer, *_flag_inputs()[0])
        return result is not None and kind(result)

    return matches


def _diagonal_alone(answer: Any) -> bool:
    """On every input, an array of m's shape (any kind, any dtype) with the flag on the
    diagonal and 0 elsewhere: the diagonal made into a new array, m's values dropped."""
    if not callable(answer):
        return False
    for (m,) in _flag_inputs():
        got = call_or_none(answer, m)
        if got is None or np.shape(got) != np.shape(m):
            return False
        want = np.diag(np.full(len(m), _flag()))
        if not np.array_equal(np.asarray(got), want):
            return False
    return True


def _changed_dtype(same_kind: bool) -> Callable[[Any], bool]:
    """Matches a function whose result on the int32 input has the right values in another
    dtype: of the same kind (int64: a copy rebuilt from Python numbers) or not (floats)."""

    def matches(answer: Any) -> bool:
        (m,) = _flag_inputs()[0]
        got, want = call_or_none(answer, m), _flag_diagonal(m)
        return (
            is_numpy_array(got)
            and got.shape == want.shape
            and got.dtype != want.dtype
            and (got.dtype.kind == want.dtype.kind) == same_kind
            and bool(np.array_equal(got, want))
        )

    return matches


def _forced_integers(answer: Any) -> bool:
    """The right values cast to an integer dtype on every input, the float m's included:
    a copy made with an integer dtype written in (round 16: np.array(m, dtype=np.int32))."""
    for (m,) in _flag_inputs():
        got, want = call_or_none(answer, m), _flag_diagonal(m)
        if not (is_numpy_array(got) and got.shape == want.shape and got.dtype.kind in "iu"):
            return False
        if not np.array_equal(got, want.astype(got.dtype)):
            return False
    return True


def _diagonals_changed(answer: Any) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """(the answer's diagonal, the input's) on every flag input, when the answer returns a
    NumPy array of the input's shape with every other element kept; None otherwise."""
    found = []
    for (m,) in _flag_inputs():
        got = call_or_none(answer, m)
        if not is_numpy_array(got) or got.shape != m.shape:
            return None
        want = np.asarray(m)
        off = ~np.eye(*want.shape, dtype=bool)
        if not np.array_equal(got[off], want[off]):
            return None
        found.append((np.diagonal(got), np.diagonal(want)))
    return found


def _diagonal_set_otherwise(answer: Any) -> bool:
    """Matches a NumPy copy whose diagonal holds, on some input, a value that is neither the
    flag nor what was there (set to 0, negated, decreased by one), every other element kept;
    a diagonal partly flagged and partly left as it was is not this (round 18)."""
    diagonals = _diagonals_changed(answer)
    flag = _flag()
    return diagonals is not None and any(
        np.any((got != flag) & (got != before)) for got, before in diagonals
    )


def _diagonal_partly_flagged_any(answer: Any) -> bool:
    """Matches a NumPy copy that set the flag on some diagonal elements and left others as
    they were, on some input, every other element kept: a share of the diagonal, whichever."""
    diagonals = _diagonals_changed(answer)
    if diagonals is None:
        return False
    flag = _flag()
    if not all(np.all((got == flag) | (got == before)) for got, before in diagonals):
        return False
    return any(np.any((got != flag) & (before != flag)) for got, before in diagonals)


def _diagonal_partly_flagged(answer: Any) -> bool:
    """Matches a NumPy copy that set the flag on some diagonal elements and left the others
    as they were, on some input (a few positions written in: a[[0, 1], [0, 1]] = -1),
    every other element kept."""
    diagonals = _diagonals_changed(answer)
    if diagonals is None:
        return False
    flag = _flag()
    for got, before in diagonals:
        if not np.all((got == flag) | (got == before)):
            return False
    # As many positions flagged at every size (a count written in), not a share of m's.
    if len({int(np.sum((got == flag) & (before != flag))) for got, before in diagonals}) != 1:
        return False
    return any(np.any((got != flag) & (before != flag)) for got, before in diagonals)


def _flag_all_but_last(m):
    copy = np.array(m)
    n = copy.shape[0]
    copy[np.arange(n - 1), np.arange(n - 1)] = _flag()  # stops one short
    return copy


def _flag_all_but_first(m):
    copy = np.array(m)
    for i in range(1, len(copy)):  # starts at 1: m[0, 0] is left
        copy[i, i] = _flag()
    return copy


def _flag_every_other(m):
    copy = np.array(m)
    n = len(copy)
    copy[np.arange(0, n, 2), np.arange(0, n, 2)] = _flag()  # a step of 2
    return copy


def _flag_first_two(m):
    copy = np.array(m)
    for i in range(2):  # the size of a 2 x 2 example, written in
        copy[i, i] = _flag()
    return copy


def _diagonal_minus_one(m):
    copy = np.array(m)
    np.fill_diagonal(copy, np.diagonal(copy) - 1)
    return copy


def _not_flagged(m):
    return np.array(m)


def _view_unflagged(m):
    """The read-only view np.asarray gives, returned as it was: a fill tried on it raised,
    and an except hid the error (round 17)."""
    view = np.asarray(m)
    try:
        np.fill_diagonal(view, _flag())
    except ValueError:
        pass
    return view


def _write_through_diagonal(m):
    copy = np.array(m)
    copy.diagonal()[:] = _flag()  # diagonal() is a read-only view, even of a copy
    return copy


def _read_only_of_its_own(answer: Any) -> bool:
    """Matches a function that fails writing into read-only memory even when m is a
    writable NumPy array of its own: the read-only array is one NumPy made (a diagonal()
    view), not the jax array's memory (round 18)."""
    if not fails_with("ValueError", "read-only", _flag_inputs)(answer):
        return False
    (m,) = _flag_inputs()[0]
    try:
        answer(np.array(m))
    except Exception as exc:
        return "read-only" in str(exc)
    return False


def _returns_read_only_view(answer: Any) -> bool:
    """Matches a function that returns, on every input, a read-only NumPy array holding m's
    values as they were: the jax array's own memory, which nothing could fill."""
    for (m,) in _flag_inputs():
        got = call_or_none(answer, m)
        if not isinstance(got, np.ndarray) or _writeable_memory(got):
            return False
        if got.shape != m.shape or not np.array_equal(got, np.asarray(m)):
            return False
    return True


def _writeable_memory(array: np.ndarray) -> bool:
    """Whether some array behind ``array`` could be written: the grader hands the answer's
    result on as a read-only view, so a copy of the learner's own shows as writeable only
    further down the chain of bases."""
    while isinstance(array, np.ndarray):
        if array.flags.writeable:
            return True
        array = array.base
    return False


# --- 01.center: the mean of each row, for any number of dimensions ---------------------


def _flag_three_by_three(m):
    a = np.array(m)
    for i in range(3):  # the size of the lesson's example, written in
        a[i, i] = _flag()
    return a


def _center_on(target: float) -> dict[str, Any]:
    """A variant of 01.center: the mean each row is moved to, and the code its solution
    adds for it (nothing for 0, the page's centering)."""
    plus = "" if target == 0 else f" + {target}" if target > 0 else f" - {-target}"
    return {"target": target, "plus": plus}


# Each row moved to mean {target} (x minus its row's mean, plus target): an answer centered
# on another number is off by the difference on every element.
CENTER_VARIANTS = Variants(
    default={"target": 0.0, "plus": ""},  # _center_on(0.0), written out for the board
    draw=lambda rng: _center_on(rng.choice((2.5, -4.0))),
    shown="center(x) moves each row of x to mean {target}: it subtracts the row's mean "
    "(along the last axis) from each element, then adds {target}.",
)


def _target() -> float:
    """The mean this learner's variant moves each row to (variant 0: 0, centering)."""
    return CENTER_VARIANTS.current("01.center")["target"]


def _center_inputs():
    # 1-D (one row: any mean agrees), 2-D not square (a row mean without its axis does not
    # broadcast), 2-D square (it broadcasts, along the wrong axis), 3-D (axis 1 is not the
    # last one); no input's rows share a mean, nor a mean with its columns.
    # (converted by NumPy, as jnp.array converts, and put on the device as they are: each
    # shape converted on the device compiled a program of its own on a first check)
    return [
        (device_array([1.0, 2.0, 3.0, 4.0]),),
        (device_array([[1.0, 2.0, 6.0], [0.0, -4.0, 1.0]]),),
        (device_array([[3.0, 1.0, 2.0], [5.0, 9.0, 4.0], [-1.0, 0.0, 7.0]]),),
        (jnp.arange(24.0).reshape(2, 3, 4) ** 1.5,),
    ]


def _center_random_inputs(rng: np.random.Generator):
    return [
        (device_array(rng.normal(size=shape), np.float32),) for shape in [(5,), (3, 4), (2, 2, 3)]
    ]


def _center(x):
    return x - jnp.mean(x, axis=-1, keepdims=True) + _target()


def _center_no_keepdims(x):
    return x - jnp.mean(x, axis=-1) + _target()


def _center_fails_and(
    like: Callable[[Any], Any], on: tuple[int, ...], one_d_gains_axis: bool = False
) -> Callable[[Any], bool]:
    """Matches a function that fails to broadcast on some input and agrees with ``like`` on
    the inputs numbered ``on`` (2: the square one, where the means' axis shows); with
    ``one_d_gains_axis``, its result on the 1-D input is 2-D (a column of one mean)."""
    fails = fails_with("ValueError", "Incompatible shapes for broadcasting", _center_inputs)

    def matches(answer: Any) -> bool:
        if not fails(answer):
            return False
        inputs = _center_inputs()
        if one_d_gains_axis and np.ndim(call_or_none(answer, *inputs[0])) != 2:
            return False
        for index in on:
            (x,) = inputs[index]
            got = call_or_none(answer, x)
            if got is None or np.shape(got) != x.shape:
                return False
            if not np.allclose(np.asarray(got), np.asarray(like(x)), rtol=1e-5, atol=1e-6):
                return False
        return True

    return matches


def _center_transposed(x):
    """The keepdims means transposed into a row (round 16): right on 1-D x, a mean per
    column on a square x, and no broadcast elsewhere."""
    return x - jnp.mean(x, axis=-1, keepdims=True).T + _target()


def _means_transposed(answer: Any) -> bool:
    """Fails to broadcast on some input, and agrees with ``_center_transposed`` on the 1-D
    and the square input."""
    fails = (
        fails_with(error, "ncompatible shapes", _center_inputs)
        for error in ("ValueError", "TypeError")
    )
    if not any(fail(answer) for fail in fails):
        return False
    inputs = _center_inputs()
    for index in (0, 2):
        (x,) = inputs[index]
        got = call_or_none(answer, x)
        if got is None or np.shape(got) != x.shape:
            return False
        if not np.allclose(np.asarray(got), np.asarray(_center_transposed(x)), atol=1e-6):
            return False
    return True


def _center_items(x):
    """Each item along the first axis minus its own mean, as a Python loop over x visits
    them (round 20): on a 1-D x the items are numbers, each minus itself 0; on a 3-D x they
    are matrices, each minus its overall mean; right on a 2-D x only."""
    return jnp.stack([item - jnp.mean(item) + _target() for item in x])


def _center_all(x):
    return x - jnp.mean(x) + _target()


def _standardize(x):
    return (x - jnp.mean(x, axis=-1, keepdims=True)) / jnp.std(
        x, axis=-1, keepdims=True
    ) + _target()


def _center_columns(x):
    return x - jnp.mean(x, axis=0) + _target()


def _center_first_axis_kept(x):
    return x - jnp.mean(x, axis=0, keepdims=True) + _target()


def _center_axis_one_kept(x):
    return x - jnp.mean(x, axis=min(x.ndim - 1, 1), keepdims=True) + _target()


def _last_axis_for_2d_only(answer: Any) -> bool:
    """Matches a function right on the inputs of at most 2 dimensions that centers a 3-D
    input along axis 0 or 1."""
    if not callable(answer):
        return False
    for (x,) in _center_inputs():
        got = call_or_none(answer, x)
        if got is None or np.shape(got) != x.shape:
            return False
        axes = (x.ndim - 1,) if x.ndim <= 2 else (0, 1)
        if not any(
            np.allclose(
                np.asarray(got),
                np.asarray(x - jnp.mean(x, axis=k, keepdims=True) + _target()),
                atol=1e-5,
            )
            for k in axes
        ):
            return False
    return True


def _not_flagged(x):
    return np.array(x)


def _fails_on_an_axis(answer: Any) -> bool:
    """Matches a function that fails on the 1-D input because it names an axis it lacks."""
    if not callable(answer):
        return False
    (x,) = _center_inputs()[0]
    try:
        answer(x)
    except Exception as exc:  # JAX says "tuple index out of range" or names the axis
        text = str(exc)
        return "axis" in text or (isinstance(exc, IndexError) and "tuple index" in text)
    return False


def _center_axis_1(x):
    return x - jnp.mean(x, axis=1, keepdims=True) + _target()


def _center_by_len(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / len(x) + _target()


def _mean_minus_x(x):
    return jnp.mean(x, axis=-1, keepdims=True) - x + _target()


def _center_not_returned(x):
    centered = x - jnp.mean(x, axis=-1, keepdims=True)  # noqa: F841 (the forgotten return)


def _center_median(x):
    return x - jnp.median(x, axis=-1, keepdims=True) + _target()


def _row_means(x):
    return jnp.mean(x, axis=-1, keepdims=True)


def _row_shifts(answer: Any) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """For a function that adds one number to every element of each row (the same along
    the last axis) on every input: (the number per row, the variant's target minus that
    row's mean, minus that row's mean) for each input; else None."""
    found = []
    for (x,) in _center_inputs():
        got = call_or_none(answer, x)
        try:
            got = np.asarray(got, dtype=np.float64)
        except Exception:
            return None
        values = np.asarray(x, dtype=np.float64)
        if got.shape != values.shape:
            return None
        shift = got - values
        if not np.allclose(shift, shift[..., :1], rtol=1e-5, atol=1e-5):
            return None
        means = values.mean(axis=-1)
        found.append((shift[..., 0], _target() - means, -means))
    return found


def _unchanged(answer: Any) -> bool:
    """x itself returned, on every input: nothing subtracted."""
    found = _row_shifts(answer)
    return found is not None and all(np.allclose(shift, 0.0, atol=1e-6) for shift, *_ in found)


def _one_shift_for_all(answer: Any) -> bool:
    """One number added to the whole of x, the same for every row, and not the rows' own
    means on every input (x minus the mean of all is whole-mean's, declared before)."""
    found = _row_shifts(answer)
    return (
        found is not None
        and not _unchanged(answer)
        and all(np.allclose(shift, shift.flat[0], rtol=1e-5, atol=1e-5) for shift, *_ in found)
        and not all(np.allclose(shift, want, rtol=1e-5, atol=1e-5) for shift, want, _ in found)
    )


def _own_shift_not_mean(answer: Any) -> bool:
    """One number per row, the rows' numbers not all equal, yet not each row's mean (the
    page's centering on 0, on another variant, is told so by the check, not named here)."""
    found = _row_shifts(answer)
    return (
        found is not None
        and not _one_shift_for_all(answer)
        and not any(
            all(np.allclose(shift, want[k], rtol=1e-5, atol=1e-5) for shift, *want in found)
            for k in (0, 1)
        )
    )


def _centered_twice(x):
    """Each row centered, then each column of the result too (round 19): on 1-D x the column
    is the row, so only the variant's target is lost."""
    y = x - jnp.mean(x, axis=-1, keepdims=True) + _target()
    return y - jnp.mean(y, axis=0, keepdims=True)


def _also_centered_along_another_axis(answer: Any) -> bool:
    """Rows centered, and then the result centered along another axis too (the columns, or
    a 3-D x's matrices), with the variant's target added before or after: on every input of
    two or more dimensions, x's rows centered, minus their mean along one axis that is not
    the last, plus 0 or the target."""
    wrong = False
    for (x,) in _center_inputs():
        got = call_or_none(answer, x)
        if got is None or np.shape(got) != x.shape:
            return False
        got = np.asarray(got, dtype=np.float64)
        rows = np.asarray(x, dtype=np.float64)
        rows = rows - rows.mean(axis=-1, keepdims=True)
        along = [rows - rows.mean(axis=k, keepdims=True) for k in range(rows.ndim - 1)] or [rows]
        if not any(
            np.allclose(got, candidate + shift, rtol=1e-5, atol=1e-5)
            for candidate in along
            for shift in {0.0, _target()}
        ):
            return False
        wrong = wrong or rows.ndim > 1
    return wrong


def _row_means_dropped(answer: Any) -> bool:
    """Matches a function that returns each row's mean (its axis kept or not), not x minus it."""
    return any(
        behaves_like(means, _center_inputs)(answer)
        for means in (_row_means, lambda x: jnp.mean(x, axis=-1))
    )


def returns_tuple_holding(
    reference: Callable[..., Any], inputs: Callable[[], list[tuple[Any, ...]]]
) -> Callable[[Any], bool]:
    """Matches a function that returns a tuple (or list) with the right result as one of
    its items, on every input: the answer plus something extra, such as (centered, mean)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args, want in zip(inputs(), outputs_on(inputs, reference), strict=True):
            got = answer(*args)
            if not isinstance(got, tuple | list) or not any(
                hasattr(item, "shape") and equals_tree(want)(item) for item in got
            ):
                return False
        return True

    return matches


# Right values, but as NumPy arrays: the exercise's own rule rejects those outright.
_NUMPY_OUTPUT = SameFunction(inputs=_center_inputs, output=NumpyArray(check_dtype=False))


EXERCISES = (
    Exercise(
        id="01.arange",
        title="Count down the odd numbers with jnp.arange",
        reference=lambda: _odds_down,
        rule=SameFunction(inputs=_odds_inputs, random_inputs=_odds_random_inputs),
        hints=(
            "np.arange takes a start, a stop and a step, and the step may be negative: it "
            "then counts down. jnp.arange takes the same arguments.",
            "Start at n and step by -2. arange stops before its stop value, counting up or "
            "down: which stop ends the countdown at {last} and never reaches {beyond}?",
            "def odds_down(n):\n    return jnp.arange(n, ..., -2)",
        ),
        solution="def odds_down(n):\n    return jnp.arange(n, {below}, -2)",
        mistakes=(
            Mistake(
                id="numpy-array",
                message="Right numbers, but a NumPy array (np.arange): NumPy made it, where "
                "the task asks for a jax array.",
                example=lambda: lambda n: np.arange(n, _last() - 1, -2),
                matches=_right_values_as(is_numpy_array),
            ),
            Mistake(
                id="python-range",
                message="Right numbers, but a plain Python range or list, where the task asks "
                "for a jax array.",
                example=lambda: lambda n: range(n, _last() - 1, -2),
                matches=_right_values_as(lambda result: isinstance(result, range | list | tuple)),
            ),
            Mistake(
                id="floats",
                message="Right numbers, but floats: a float start, stop or step (or "
                "linspace) makes floats, where the task asks for integers.",
                example=lambda: lambda n: jnp.arange(float(n), _last() - 1.0, -2.0),
                matches=_right_values_as(_is_float_jax),
            ),
            Mistake(
                id="ascending",
                message="Right numbers, counted up: the task counts down, from n to {last}.",
                example=lambda: lambda n: jnp.arange(_last(), n + 1, 2),
            ),
            Mistake(
                id="stops-early",
                message="Your countdown ends at {after}, one step short of {last}: arange never "
                "includes its stop value, counting down as counting up.",
                example=lambda: lambda n: jnp.arange(n, _last(), -2),
            ),
            Mistake(
                id="past-one",
                message="Your countdown goes past {last}, to {beyond}: arange stops just before "
                "its stop value, and {beyond} still lies before the stop you gave.",
                example=lambda: lambda n: jnp.arange(n, _last() - 3, -2),
            ),
            Mistake(
                id="misses-n",
                message="Your countdown starts below n: n itself is odd, and the first "
                "number of the countdown, and your array leaves it out.",
                example=lambda: lambda n: jnp.arange(n - 2, _last() - 1, -2),
            ),
            Mistake(
                id="evens",
                message="Those are the even numbers below n: the countdown starts at n "
                "itself, which is odd, and so is every second number after it.",
                example=lambda: lambda n: jnp.arange(n - 1, _last() - 2, -2),
                matches=_evens_below_n,
            ),
            Mistake(
                id="step-one",
                message="That is every number from n down to {last}, even ones included: only the "
                "odd numbers are asked for.",
                example=lambda: lambda n: jnp.arange(n, _last() - 1, -1),
            ),
            Mistake(
                id="positive-step",
                message="Your arrays are empty: with a positive step arange counts up, and a "
                "stop below the start is already passed.",
                example=lambda: lambda n: jnp.arange(n, _last() - 1, 2),
            ),
            Mistake(
                id="empty-at-last",
                message="Right for every n but n = {last}, where your array is empty: the "
                "countdown from {last} down to {last} holds one number, {last} itself.",
                example=lambda: lambda n: _odds_down(n)[: -1 if n == _last() else None],
                matches=_empty_at_last_only,
            ),
            Mistake(
                id="linspace-cut",
                message="Your linspace has the right number of points, the odd numbers from n "
                "down to {last}, but it computes them in float32, where some come out a hair "
                "below their odd number, and a cast to int cuts toward zero, onto the even "
                "number below.",
                example=lambda: _linspace_cut,
                matches=behaves_like(_linspace_cut, _odds_inputs),
            ),
            Mistake(
                id="linspace-count",
                message="linspace takes a number of points, not a step: unless that number "
                "is how many odd numbers lie from n down to {last}, its points are not 2 "
                "apart, and a cast to int rounds them onto other integers.",
                example=lambda: _odds_by_linspace,
                matches=_linspace_count,
            ),
            Mistake(
                id="ignores-n",
                message="Your function gives the same array whatever n is: a number written "
                "in, or a global, where the countdown depends on the n it is given.",
                example=lambda: lambda n: jnp.arange(19, 0, -2),
                matches=ignores_arguments(_odds_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing.",
                example=lambda: _odds_not_returned,
                matches=returns_none(_odds_inputs),
            ),
        ),
        success="NumPy's arguments with jnp in front: a start, a stop one step past the end, "
        "and a negative step.",
        variants=ODDS_VARIANTS,
    ),
    Exercise(
        id="01.default_dtype",
        prediction=True,
        explanation=(
            "B. NumPy's `/` gives `float64`, and `jnp.asarray` takes NumPy's values, but not "
            "its width: JAX stores floats in 32 bits by default, wherever they come from, so "
            "it converts them to `float32` (a copy, not a view of NumPy's memory: D's "
            "reason), silently. 32 bits is the width GPUs and TPUs are fastest at. It is a "
            "default, not a limit (C's reason): 64-bit types are available after "
            '`jax.config.update("jax_enable_x64", True)`, at start-up, before any arrays '
            "are made, on a CPU, a GPU and (more slowly) a TPU. This tour keeps the "
            "default (its checks accept 64-bit answers if you switch it on).\n\n"
            "JAX's own division, and its integers, follow the same rule: run the next "
            "two cells."
        ),
        title="Predict the dtype NumPy's float64 gets in JAX, and why",
        reference=lambda: "B",
        rule=_DIVISION,
        hints=(
            "Running it shows a dtype, but two options give each dtype: the question is why. "
            "Does JAX take its dtype from the values it is given, or from a default of "
            "its own?",
            "JAX picks the width of its floats itself, whatever NumPy made. Which width that "
            "is, is a default, and a default can be changed: is there a way to get 64-bit "
            "floats from JAX?",
            "JAX defaults to 32 bits and keeps float64 only with jax_enable_x64 switched on: "
            'division_dtype = "B".',
        ),
        solution='division_dtype = "B"',
        mistakes=(
            Mistake(
                id="numpy-width",
                message="JAX does not take the width of the floats it is given: NumPy's "
                "float64 values enter JAX at JAX's own default width, which is narrower, "
                "whatever NumPy made.",
                example=lambda: "A",
            ),
            Mistake(
                id="no-float64",
                message="Right dtype, wrong reason: JAX can compute in float64, on a CPU, a "
                "GPU and (more slowly) a TPU. It picks 32 bits by default, and switches to 64 "
                "once you turn on jax_enable_x64 at start-up.",
                example=lambda: "C",
            ),
            Mistake(
                id="shares-numpy-memory",
                message="Memory is not what decides the dtype: JAX converts NumPy's values "
                "to its own default width, and a converted array is a copy of them, not a view "
                "of NumPy's memory.",
                example=lambda: "D",
            ),
            Mistake(
                id="dtype-not-letter",
                message="That is a dtype, not a letter. Each option pairs a dtype with a "
                "reason, and two of them share one dtype: answer with the letter whose dtype "
                "and reason are both right, as a string of one letter.",
                example=lambda: "float32",
                matches=_dtype_typed,
            ),
        ),
        success="JAX's floats are 32-bit by default, NumPy's float64 included: 64 bits only "
        "once you switch on x64.",
    ),
    Exercise(
        id="01.overflow_fix",
        title="Fix a sum that overflows int32 silently",
        reference=lambda: _sum_of_cubes_reference,
        rule=SameFunction(
            inputs=_cube_inputs, random_inputs=_cube_random_inputs, output=_FloatSum()
        ),
        hints=(
            "v is int32, and v ** {power} stays int32: a power past 2,147,483,647 wraps "
            "around before the sum even starts. Which dtype does not wrap?",
            "Floats do not wrap: float32 reaches about 3.4e38 and keeps about 7 digits, "
            "well within the 1e-5 allowed. Convert v before you raise it to the power, with "
            ".astype(jnp.float32). (jnp.int64 does not help: without jax_enable_x64 JAX "
            "keeps int32.)",
            "def sum_of_cubes(v):\n    return jnp.sum(v.astype(jnp.float32) ** {power})",
        ),
        solution="def sum_of_cubes(v):\n    return jnp.sum(v.astype(jnp.float32) ** {power})",
        mistakes=(
            Mistake(
                id="int32-overflow",
                message="Your sum is what a 32-bit integer holds after wrapping around: the "
                "powers or their sum went through int32 (or uint32) on the way, whatever you "
                "did to the result afterwards. Without jax_enable_x64 JAX keeps integers in "
                "32 bits: a jnp.int64 asked for becomes int32 with a warning, and NumPy's "
                "int64 handed to jnp wraps into int32 without one.",
                example=lambda: lambda v: _wrapped(_exact_cubes(v), 32),
                matches=_wrapped_sum(32),
            ),
            Mistake(  # round 20
                id="back-to-int32",
                message="Your sum comes back as a 32-bit integer: the float sum was converted to "
                "int32 at the end, and int32 holds nothing past 2,147,483,647, so a larger sum "
                "is cut to that limit (a float converted to int32 saturates rather than wraps). "
                "The float sum was right; the conversion after it is the overflow.",
                example=lambda: _back_to_int32,
                matches=_int32_at_the_end,
            ),
            Mistake(  # round 20
                id="mean-not-sum",
                message="That is the mean of the powers, their sum divided by the number of "
                "elements (jnp.mean averages), not their sum.",
                example=lambda: lambda v: jnp.mean(v.astype(float) ** _power()),
                matches=_mean_of_powers,
            ),
            Mistake(
                id="fails-on-empty",
                message="Your function fails on an empty v (no numbers at all), which any 1-D "
                "array includes: the sum of no powers is 0. Code that reads one element of v "
                "or of its powers (the last, or the first), or starts from one, has nothing to "
                "read there.",
                example=lambda: _cubes_last_element,
                matches=_fails_on_empty_only,
            ),
            Mistake(
                id="nan-on-empty",
                message="Right on every v but the empty one, where your sum is nan: on an "
                "empty v your code divides 0 by 0 on the way (a mean of no values is 0 / 0), "
                "and nan times anything, 0 included, stays nan. The sum of no powers is 0.",
                example=lambda: _mean_times_length,
                matches=_nan_on_empty_only,
            ),
            Mistake(
                id="converted-after-cubing",
                message="Your powers wrapped around before any float came in: v ** {power} on "
                "int32 values is int32 too, so every power past 2,147,483,647 wraps, and a float "
                "sum of wrapped powers is a sum of wrong numbers.",
                example=lambda: lambda v: jnp.sum(v ** _power(), dtype=jnp.float32),
                matches=_cubes_wrapped_then_summed,
            ),
            Mistake(
                id="power-partly-wrapped",
                message="Part of your power wrapped around before any float came in: a power of "
                "v taken on the int32 values is int32 too, and past 2,147,483,647 it wraps, so "
                "the float that multiplies it afterwards multiplies a wrong number. Every "
                "factor of the power has to be a float already.",
                example=lambda: lambda v: jnp.sum(v ** (_power() - 1) * v.astype(jnp.float32)),
                matches=_part_wrapped_then_floated,
            ),
            Mistake(
                id="length-only",
                message="Your result depends only on how many values v holds: it is the sum of "
                "k ** {power} for k from 0 to n - 1 (or from 1 to n), as if v were an arange. "
                "The check's v holds other numbers, and its powers are what is summed.",
                example=lambda: lambda v: jnp.float32(sum(k ** _power() for k in range(v.size))),
                matches=_by_length_only,
            ),
            Mistake(
                id="half-precision",
                message="16-bit floats are too small here: float16 stops at 65,504 (2,000 ** "
                "{power} is already inf) and bfloat16 keeps only about 3 significant digits, "
                "where the check allows a relative error of 1e-5.",
                example=lambda: lambda v: jnp.sum(v.astype(jnp.bfloat16) ** _power()),
                matches=_low_precision,
            ),
            Mistake(
                id="cube-of-sum",
                message="That is the sum raised to the power {power}, (v₀ + v₁ + ...) ** "
                "{power}, not the sum of the powers v ** {power}.",
                example=lambda: lambda v: jnp.sum(v.astype(float)) ** _power(),
                matches=_computes_on_floats(lambda values: float(sum(values)) ** _power()),
            ),
            Mistake(
                id="squares",
                message="That is the sum of the squares, the article's dot product, not the "
                "sum of the powers v ** {power}.",
                example=lambda: lambda v: jnp.dot(v.astype(float), v.astype(float)),
                matches=_computes_on_floats(lambda values: float(sum(k * k for k in values))),
            ),
            Mistake(
                id="ignores-v",
                message="Your function gives the same sum whatever v is: it must add up the "
                "powers of the v it is given, not of the notebook's v or another global.",
                example=lambda: lambda v: _float_sum_of_cubes(jnp.arange(2000)),
                matches=ignores_arguments(_cube_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing.",
                example=lambda: _cubes_not_returned,
                matches=returns_none(_cube_inputs),
            ),
            Mistake(
                id="python-number",
                message="The value is right, but it is a Python number (float(), int(), "
                ".item() and a Python loop all make one), where a jax array was asked for.",
                example=lambda: lambda v: float(_exact_cubes(v)),
                matches=_right_but(_is_python_number),
            ),
            Mistake(
                id="numpy-result",
                message="The value is right, but NumPy computed it: the result is a NumPy number, "
                "not a jax array.",
                example=lambda: lambda v: np.sum(np.asarray(v, dtype=np.float64) ** _power()),
                matches=_right_but(_is_numpy),
            ),
            Mistake(  # round 21's sneaky family
                id="computed-on-the-host",
                message="Your function needs v's values in Python: traced as jit traces it, "
                "with the values unknown, it fails. It computes on the host (NumPy, a "
                "memoryview, .tolist(), a Python number), and the task asks for jnp, which "
                "computes on the device and can be traced, compiled and differentiated.",
                example=lambda: _sum_of_cubes_on_the_host,
                matches=_host_sum,
                also_accepted=True,
            ),
        ),
        success="Converted before raising to the power: float32 cannot wrap around, and its 7 "
        "digits stay well within 1e-5 of the true sum.",
        variants=POWER_VARIANTS,
    ),
    Exercise(
        id="01.numpy_copy",
        title="Run an in-place NumPy function on a jax array's values",
        reference=lambda: _flag_diagonal,
        rule=SameFunction(inputs=_flag_inputs, output=NumpyArray()),
        hints=(
            "np.fill_diagonal(a, value) changes a in place and returns None. What does it "
            "need from the array it is given, and does np.asarray(m) give that?",
            "np.asarray(m) shows you the jax array's own memory, read-only. An in-place "
            "function needs memory of your own: a NumPy call that always copies.",
            "def flag_diagonal(m):\n    flagged = np.array(m)\n"
            "    np.fill_diagonal(flagged, {flag})\n    return flagged",
        ),
        solution=(
            "def flag_diagonal(m):\n    flagged = np.array(m)\n"
            "    np.fill_diagonal(flagged, {flag})\n    return flagged"
        ),
        mistakes=(
            Mistake(  # round 18
                id="diagonal-view",
                message="Your copy is writable, but the diagonal you wrote through is not: "
                "NumPy's diagonal() hands back a read-only view of an array, even of one of "
                "your own, so a write into it fails ('assignment destination is read-only'). "
                "The diagonal is changed in the array itself, in place.",
                example=lambda: _write_through_diagonal,
                matches=_read_only_of_its_own,
            ),
            Mistake(
                id="read-only-view",
                message="np.fill_diagonal was handed the jax array's own memory, read-only "
                "(np.asarray(m), jax.device_get(m) and np.array(m, copy=False) all give that "
                "view): a jax array never changes, so NumPy refuses to write into it "
                "('assignment destination is read-only'), nor lets setflags(write=True) unlock "
                "it.",
                example=lambda: lambda m: np.fill_diagonal(np.asarray(m), _flag()),
                matches=fails_with("ValueError", "read-only|WRITEABLE flag", _flag_inputs),
            ),
            Mistake(
                id="changed-the-jax-array",
                message="jax arrays cannot be changed in place, so item assignment fails, on "
                "m and on every jax array made from it (m.copy() and jnp.array(m) are jax "
                "arrays too).",
                example=lambda: lambda m: m.__setitem__((0, 0), _flag()),
                matches=fails_with(
                    "TypeError", "immutable|does not support item assignment", _flag_inputs
                ),
            ),
            Mistake(
                id="filled-jax-array",
                message="np.fill_diagonal got a jax array (m, m.copy() and jnp.array(m) all "
                "are one): it writes in place, through NumPy's .flat, and a jax array never "
                "changes, so it has none.",
                example=lambda: lambda m: np.fill_diagonal(m.copy(), _flag()),
                matches=fails_with("NotImplementedError", r"\.flat", _flag_inputs),
            ),
            Mistake(
                id="ignores-m",
                message="Your function returns the same array whatever m is: it must copy the "
                "m it is given, not an array from the notebook.",
                example=lambda: lambda m: _flag_diagonal(jnp.arange(9).reshape(3, 3)),
                matches=_same_for_different_inputs(_flag_inputs),
            ),
            Mistake(
                id="to-py",
                message="m.to_py() was removed from JAX (old tutorials use it): a jax array "
                "has no such method today.",
                example=lambda: lambda m: m.to_py(),
                matches=fails_with("AttributeError", "to_py", _flag_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "what an in-place function returns (np.fill_diagonal, like list.sort, changes "
                "its array and returns None).",
                example=lambda: _fill_not_returned,
                matches=returns_none(_flag_inputs),
            ),
            Mistake(
                id="returned-m",
                message="Your function returns m as it was, a jax array: whatever was filled "
                "in, it was not m (which cannot change).",
                example=lambda: lambda m: m,
                matches=_returns_m_unchanged,
            ),
            Mistake(
                id="still-jax",
                message="Your function returns a jax array, where the task asks for a NumPy array.",
                example=lambda: lambda m: jnp.asarray(_flag_diagonal(m)),
                matches=_returns(is_jax_array),
            ),
            Mistake(
                id="python-list",
                message="Your function returns a Python list (tolist() and list(...) make "
                "one). A NumPy array was asked for.",
                example=lambda: lambda m: _flag_diagonal(m).tolist(),
                matches=_returns(lambda result: isinstance(result, list)),
            ),
            Mistake(
                id="forced-integers",
                message="Your copy is made in an integer dtype whatever m's is: right on an int32 "
                "m, but on the float32 m the check also gives, each value loses its fraction "
                "(2.5 becomes 2). The copy is asked in m's own dtype, whichever it is.",
                example=lambda: lambda m: _flag_diagonal(m).astype(np.int32),
                matches=_forced_integers,
            ),
            Mistake(
                id="changed-dtype",
                message="The values are right, but on an int32 m your array holds floats: "
                "your copy's dtype is not m's, and {flag} fits in m's own dtype, integers "
                "included.",
                example=lambda: lambda m: _flag_diagonal(m).astype(np.float64),
                matches=_changed_dtype(same_kind=False),
            ),
            Mistake(
                id="widened-dtype",
                message="The values are right, but on an int32 m your array holds int64: "
                "integers still, at the 64 bits NumPy gives Python numbers, not at m's 32 "
                "({flag} fits in m's own dtype).",
                example=lambda: lambda m: np.array(_flag_diagonal(m).tolist()),
                matches=_changed_dtype(same_kind=True),
            ),
            Mistake(
                id="view-unfilled",
                message="You returned the jax array's own memory as NumPy shows it, read-only "
                "(np.asarray(m) and jax.device_get(m) give that view), with m's values as they "
                "were: NumPy refuses to write into it, so no diagonal was filled there. A fill "
                "tried on that view raises 'assignment destination is read-only'; an except "
                "that passes over the error hides it, and the view comes back unchanged.",
                example=lambda: _view_unflagged,
                matches=_returns_read_only_view,
            ),
            Mistake(
                id="not-flagged",
                message="You copied m but left its diagonal as it was: nothing was filled in "
                "the array you returned.",
                example=lambda: _not_flagged,
            ),
            Mistake(
                id="antidiagonal",
                message="You flagged the other diagonal, from the top right to the bottom "
                "left. The main diagonal runs from m[0, 0] down to the bottom right: the "
                "elements whose row and column are equal.",
                example=lambda: _flag_antidiagonal,
            ),
            Mistake(
                id="all-flagged",
                message="You set every element to {flag}. Only the diagonal is flagged: the "
                "elements whose row and column are equal; the others keep m's values.",
                example=lambda: lambda m: np.full(np.shape(m), _flag(), np.asarray(m).dtype),
            ),
            Mistake(
                id="diagonal-alone",
                message="Your array holds {flag} on the diagonal and 0 everywhere else: a new "
                "array made from the diagonal alone (np.diag of a vector, an identity times the "
                "flag), in which m's other values are lost. Only the diagonal changes; every "
                "other element keeps m's value.",
                example=lambda: lambda m: np.diag(np.full(len(m), _flag(), np.asarray(m).dtype)),
                matches=_diagonal_alone,
            ),
            Mistake(
                id="fixed-size",
                message="Your function fails on a square m of another size than 3: it reaches "
                "fixed positions, as if every m were 3 × 3.",
                example=lambda: _flag_three_by_three,
                matches=fails_with("IndexError", "out of bounds", _flag_inputs),
            ),
            Mistake(
                id="corner-only",
                message="You flagged only m[0, 0], the first element of the diagonal: every "
                "element whose row and column are equal is flagged.",
                example=lambda: _flag_corner,
            ),
            Mistake(
                id="misses-last",
                message="You set {flag} on every diagonal element but the last, at every size: "
                "the positions you flagged stop one short of m's last row (a range, or "
                "arange, stops before its stop value).",
                example=lambda: _flag_all_but_last,
            ),
            Mistake(  # round 18
                id="misses-first",
                message="You set {flag} on every diagonal element but the first, m[0, 0], at "
                "every size: the positions you flagged start at 1, where rows and columns "
                "are counted from 0.",
                example=lambda: _flag_all_but_first,
            ),
            Mistake(
                id="part-of-diagonal",
                message="You set {flag} on only some of the diagonal's elements and left the "
                "others as they were: positions written in, as if every m were as small as "
                "one you tried.",
                example=lambda: _flag_first_two,
                matches=_diagonal_partly_flagged,
            ),
            Mistake(  # round 18
                id="some-of-diagonal",
                message="You set {flag} on some of the diagonal's elements and left the others "
                "as they were, and which ones changes with m's size: every element whose row "
                "and column are equal is flagged, from the first to the last.",
                example=lambda: _flag_every_other,
                matches=_diagonal_partly_flagged_any,
            ),
            Mistake(
                id="other-flag",
                message="You changed the diagonal, but not to {flag} on every input (subtracting "
                "1, negating, or another value), where the flag is {flag} whatever was there.",
                example=lambda: _diagonal_minus_one,
                matches=_diagonal_set_otherwise,
            ),
            Mistake(
                id="first-row",
                message="You flagged the whole first row. The diagonal holds one element "
                "per row: the one in the column of the same number.",
                example=lambda: _flag_first_row,
            ),
            Mistake(
                id="flagged-equal-values",
                message="You flagged every element equal to m[0, 0], so others with the same "
                "value were flagged too. The diagonal is a set of positions, not of values.",
                example=lambda: _flag_equal_to_corner,
            ),
            Mistake(
                id="off-the-diagonal",
                message="You set {flag} at elements off the main diagonal, where the row and "
                "the column differ. The main diagonal is the elements whose row and column "
                "are equal, one per row; only they change, and the others keep m's values.",
                example=lambda: _flag_stride_n,
                matches=_flagged_off_diagonal,
            ),
        ),
        success="A NumPy array of m's values, flagged, and m as it was: an in-place NumPy "
        "function needs memory of its own to write in, never a jax array's.",
        variants=FLAG_VARIANTS,
    ),
    Exercise(
        id="01.center",
        title="Center each row, whatever the number of dimensions",
        reference=lambda: _center,
        rule=SameFunction(inputs=_center_inputs, random_inputs=_center_random_inputs),
        hints=(
            "jnp.mean takes NumPy's axis argument. Which axis is 'the last one' for an "
            "array of 1, 2 or 3 dimensions? Python counts from the end, too.",
            "A mean along an axis drops that axis: for a (2, 3) x the row means have shape "
            "(2,), and x - means lines them up with x's last axis instead of its rows. "
            "keepdims=True keeps the axis as size 1, so each mean broadcasts along its row.",
            "def center(x):\n    return x - jnp.mean(...){plus}",
        ),
        solution="def center(x):\n    return x - jnp.mean(x, axis=-1, keepdims=True){plus}",
        mistakes=(
            Mistake(
                id="whole-mean",
                message="You subtracted one mean, that of all the elements, from every "
                "element. Here each row has its own mean (on a 1-D input the two agree, "
                "which is why that input passed).",
                example=lambda: _center_all,
            ),
            Mistake(
                id="column-means",
                message="You subtracted the mean over the first axis, down each column. The "
                "task's mean runs along the last axis, across each row: on a 1-D input the "
                "two are the same axis, on a 2-D one they are not.",
                example=lambda: _center_columns,
                matches=lambda answer: any(
                    behaves_like(wrong, _center_inputs)(answer)
                    for wrong in (_center_columns, _center_first_axis_kept)
                ),
            ),
            Mistake(
                id="axis-last-for-2d-only",
                message="Right on 1-D and 2-D inputs, but on the 3-D one your means ran along "
                "another axis than the last, so they were not each row's own: the axis that is "
                "the last one of a 2-D array (axis 1) is the middle one of a 3-D array.",
                example=lambda: _center_axis_one_kept,
                matches=_last_axis_for_2d_only,
            ),
            Mistake(
                id="axis-on-1d",
                message="Your function fails on a 1-D input: it names an axis (axis=1, say) "
                "that a 1-D array does not have.",
                example=lambda: _center_axis_1,
                matches=_fails_on_an_axis,
            ),
            Mistake(
                id="axis-mean-no-keepdims",
                message="Your function fails on an input of more than one dimension: the row "
                "means lost their axis, so their shape is lined up with x's last axis, not "
                "with its rows, and it does not broadcast (on a square x it would, "
                "subtracting each row's mean from a column).",
                example=lambda: _center_no_keepdims,
                matches=_center_fails_and(_center_no_keepdims, on=(2,)),
            ),
            Mistake(
                id="means-transposed",
                message="Your row means, kept as a column by keepdims, are turned into a row by "
                "a transpose: on a square x each row's mean is then subtracted from a column, "
                "and on any other x of two or more dimensions the shapes do not broadcast. The "
                "column keepdims gives already lines up with x's rows.",
                example=lambda: _center_transposed,
                matches=_means_transposed,
            ),
            Mistake(
                id="means-in-one-column",
                message="Your function is right on 2-D x but fails on 3-D x: the row means "
                "were put in one column, (rows, 1), which fits a matrix; on 3-D x they lie "
                "on two axes, and a single column of them lines up with none of x's.",
                example=lambda: lambda x: x - jnp.mean(x, axis=-1).reshape(-1, 1) + _target(),
                matches=_center_fails_and(_center, on=(1, 2), one_d_gains_axis=True),
            ),
            Mistake(
                id="two-d-only",
                message="Your function is right on 1-D and 2-D x but fails on 3-D x, where "
                "the row means form a 2-D array: the way your code lines them up with x's "
                "rows holds for a matrix only.",
                example=lambda: lambda x: (x.T - jnp.mean(x, axis=-1)).T + _target(),
                matches=_center_fails_and(_center, on=(0, 1, 2)),
            ),
            Mistake(  # round 20
                id="loop-over-first-axis",
                message="Your function centers each item of x along its first axis, as a "
                "Python loop over x visits them: that is a row only for a 2-D x. A loop over a "
                "1-D x goes over its numbers, and each number minus its own mean is 0; over a "
                "3-D x it goes over whole matrices, each centered on one overall mean. A row "
                "here runs along the last axis, whatever the number of dimensions.",
                example=lambda: _center_items,
            ),
            Mistake(
                id="indexed-axis-on-1d",
                message="Your function fails on a 1-D input: it gives the row means their "
                "axis back by indexing, which names a position for every axis of a 2-D "
                "array, while a 1-D row's mean has no axis left.",
                example=lambda: lambda x: x - jnp.mean(x, axis=-1)[:, None] + _target(),
                matches=fails_with("IndexError", "Too many indices", _center_inputs),
            ),
            Mistake(  # round 19
                id="centered-along-another-axis-too",
                message="Your function centers each row, but it also centers along another "
                "axis (down the columns, say, before or after the rows): each element lost its "
                "column's mean as well as its row's. Centering a row subtracts one number, the "
                "row's mean, from all of its elements, so within a row every element moves by "
                "the same amount; in yours they moved by different amounts.",
                example=lambda: _centered_twice,
                matches=_also_centered_along_another_axis,
            ),
            Mistake(
                id="standardized",
                message="You also divided by each row's standard deviation: that "
                "standardizes, and centering does not scale.",
                example=lambda: _standardize,
            ),
            Mistake(
                id="median",
                message="You subtracted each row's median. Centering subtracts the mean, "
                "which the median equals only for symmetric rows.",
                example=lambda: _center_median,
            ),
            Mistake(
                id="len-not-size",
                message="Your means are off on inputs of 2 or more dimensions: len(x) counts "
                "the first axis (the rows), not the elements of one row, which lie along "
                "the last axis.",
                example=lambda: _center_by_len,
            ),
            Mistake(
                id="row-sum",
                message="You subtracted each row's sum, not its mean.",
                example=lambda: lambda x: x - jnp.sum(x, axis=-1, keepdims=True) + _target(),
            ),
            Mistake(
                id="row-extreme",
                message="You subtracted each row's largest (or smallest) value, not its mean, "
                "the average of all its elements.",
                example=lambda: lambda x: x - jnp.max(x, axis=-1, keepdims=True) + _target(),
                matches=lambda answer: any(
                    behaves_like(wrong, _center_inputs)(answer)
                    for wrong in (
                        lambda x: x - jnp.max(x, axis=-1, keepdims=True) + _target(),
                        lambda x: x - jnp.min(x, axis=-1, keepdims=True) + _target(),
                    )
                ),
            ),
            Mistake(
                id="divided-by-size",
                message="Your row means divide each row's sum by the number of elements in "
                "all of x, not by the number in one row, the length of the last axis.",
                example=lambda: (
                    lambda x: x - jnp.sum(x, axis=-1, keepdims=True) / x.size + _target()
                ),
            ),
            Mistake(
                id="flipped-sign",
                message="The sign is flipped: you subtracted x from the means.",
                example=lambda: _mean_minus_x,
            ),
            Mistake(
                id="mean-not-called",
                message="Your function subtracts the mean function itself, not its value: "
                "x.mean or jnp.mean without parentheses.",
                example=lambda: lambda x: x - x.mean,
                matches=fails_with(
                    "TypeError",
                    r"unsupported operand type\(s\) for -: .* and '(method|function|"
                    r"builtin_function_or_method|numpy\._ArrayFunctionDispatcher)'",
                    _center_inputs,
                ),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing.",
                example=lambda: _center_not_returned,
                matches=returns_none(_center_inputs),
            ),
            Mistake(
                id="returns-tuple",
                message="Your function returns a tuple (or list) with the centered array "
                "inside it, where the task asks for the array alone.",
                example=lambda: lambda x: (_center(x), jnp.mean(x)),
                matches=returns_tuple_holding(_center, _center_inputs),
            ),
            Mistake(
                id="mean-only",
                message="Your function returns the row means themselves. center returns an "
                "array of x's shape: each element minus the mean of its row.",
                example=lambda: _row_means,
                matches=_row_means_dropped,
            ),
            Mistake(
                id="ignores-x",
                message="Your function returns the same array whatever x is: it must center "
                "the x it is given, not an array from the notebook.",
                example=lambda: lambda x: jnp.arange(4.0) - 1.5,
                matches=_same_for_different_inputs(_center_inputs),
            ),
            Mistake(
                id="unchanged",
                message="Your function returns x as it was: nothing was subtracted.",
                example=lambda: lambda x: x + 0.0,
                matches=_unchanged,
            ),
            Mistake(
                id="one-shift",
                message="Your function subtracts one number from the whole of x, the same "
                "for every row, and it is not the rows' mean: centering each row subtracts "
                "that row's own mean, the average of its elements, so rows with different "
                "means get different numbers.",
                example=lambda: lambda x: x - (jnp.max(x) + jnp.min(x)) / 2,
                matches=_one_shift_for_all,
            ),
            Mistake(
                id="row-shift-not-mean",
                message="Your function subtracts one number per row, as centering does, but "
                "that number is not the row's mean, the sum of its elements divided by how "
                "many there are (another average, or another statistic of the row).",
                example=lambda: (
                    lambda x: (
                        x
                        - (jnp.max(x, axis=-1, keepdims=True) + jnp.min(x, axis=-1, keepdims=True))
                        / 2
                        + _target()
                    )
                ),
                matches=_own_shift_not_mean,
            ),
            Mistake(
                id="numpy-output",
                message="The values are right but your function returns a NumPy array: NumPy "
                "computed it (or converted it at the end), where a jax array was asked for.",
                example=lambda: lambda x: np.asarray(_center(x)),
                matches=lambda a: _NUMPY_OUTPUT(a, _center) is None,
            ),
            Mistake(  # round 21's sneaky family
                id="computed-on-the-host",
                message="Your function needs x's values in Python: traced as jit traces it, "
                "with the values unknown, it fails. It computes on the host (NumPy, a "
                "memoryview, .tolist(), a Python number), and the task asks for jnp, which "
                "computes on the device and can be traced, compiled and differentiated.",
                example=lambda: _center_on_the_host,
                matches=needs_values_on_host(_center_inputs),
                also_accepted=True,
            ),
        ),
        success="The mean along axis=-1, kept as size 1 with keepdims=True, broadcasts along "
        "its own row for any number of dimensions.",
        variants=CENTER_VARIANTS,
    ),
)
