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

from jaxtour.exercises.common import jax, jnp, same_values
from jaxtour.grader.mistakes import (
    call_or_none,
    equals_tree,
    fails_with,
    ignores_arguments,
    returns_none,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    DtypeName,
    ExactInteger,
    JaxArray,
    NumpyArray,
    SameFunction,
    dtype_name,
    is_numpy_array,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.lazy import is_jax_array

INT32_MAX = 2**31 - 1


def _x64() -> bool:
    """Whether this session computes in 64 bits (jax_enable_x64)."""
    return bool(jax.config.jax_enable_x64)


def _wrapped(value: int, bits: int) -> int:
    """What a signed integer of ``bits`` bits holds after ``value`` overflowed it."""
    half = 2 ** (bits - 1)
    return (value + half) % (2 * half) - half


# --- 01.arange --------------------------------------------------------------------------


def _numbers():
    return jnp.arange(10)


def _float_count(answer: Any) -> bool:
    """Matches a jax array of floats holding 0 to 9 (jnp.arange(10.0), jnp.linspace(0, 9, 10))."""
    return (
        is_jax_array(answer)
        and np.asarray(answer).dtype.kind == "f"
        and same_values(_numbers)(answer)
    )


# --- 01.default_dtype -------------------------------------------------------------------


def _division_dtype() -> str:
    return str((jnp.arange(3) / 2).dtype)


_MODULE_PREFIX = re.compile(r"^(?:jax\.numpy|jnp|numpy|np)\.")


def _typed(answer: Any) -> Any:
    """A typed answer without the spaces around it or a module prefix ("jnp.float32")."""
    if isinstance(answer, str):
        return _MODULE_PREFIX.sub("", str.strip(answer))
    return answer


@dataclass(frozen=True)
class _DtypeName:
    """DtypeName, forgiving the spaces around a typed name ("float32 ") and the module
    it was copied with ("jnp.float32")."""

    def __call__(self, answer: Any, expected: str) -> str | None:
        return DtypeName()(_typed(answer), expected)


_KINDS = {"float", "int", "integer", "floating", "real", "number", "complex"}


def _names_a_kind(answer: Any) -> bool:
    if answer in (float, int, complex):
        return True
    return isinstance(answer, str) and str.lower(str.strip(answer)) in _KINDS


def _misspelled_dtype(answer: Any) -> bool:
    """'fp32', 'F32', 'Float 32': no dtype NumPy knows, but plainly meant as one; or
    the width alone, '32' or '32 bits'."""
    if not isinstance(answer, str) or _named(answer) is not None:
        return False
    text = re.sub(r"[\s_\-]", "", str.lower(_typed(answer)))
    if re.fullmatch(r"(8|16|32|64)(bits?)?", text):
        return True
    text = re.sub(r"^(fp|f)(?=\d)", "float", text)
    text = re.sub(r"^(i)(?=\d)", "int", text)
    return dtype_name(text) is not None


def _named(answer: Any) -> str | None:
    """The dtype a typed answer names, forgiving spaces and a module prefix."""
    return dtype_name(_typed(answer))


def _is_integer_dtype(answer: Any) -> bool:
    name = _named(answer)
    return name is not None and np.dtype(name).kind in "iu"


def _other_width(answer: Any) -> bool:
    """float64 in a default session, float32 in one with x64 on: the width of the other."""
    return _named(answer) == ("float32" if _x64() else "float64")


def _is_complex(answer: Any) -> bool:
    name = _named(answer)
    return name is not None and np.dtype(name).kind == "c"


def _is_16_bit_float(answer: Any) -> bool:
    return _named(answer) in ("float16", "bfloat16")


# --- 01.sum_of_cubes --------------------------------------------------------------------

BIG_N = 10**6  # big enough that the sum needs 78 bits; small enough for a Python loop


def _cubes_below(n: int) -> int:
    return ((n - 1) * n // 2) ** 2


def _cube_inputs():
    return [(0,), (1,), (2,), (10,), (1000,), (BIG_N,)]


def _as_number(value: Any) -> int | float | None:
    """A Python int or float for an int, a float or a 0-d array of either; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        return float(value)
    if is_jax_array(value) or is_numpy_array(value) or isinstance(value, np.generic):
        array = np.asarray(value)
        if array.shape == ():
            if array.dtype.kind in "iu":
                return int(array)
            if array.dtype.kind == "f":
                return float(array)
    return None


def _agrees(got: Any, want: int) -> bool:
    value = _as_number(got)
    if isinstance(value, int):
        return value == want
    if isinstance(value, float):
        return math.isclose(value, want, rel_tol=1e-9)
    return False


def _computes(target: Callable[[int], int], ns: tuple[int, ...] = (10, 1000)):
    """Matches a function that gives ``target(n)`` for each n in ``ns``."""
    return lambda answer: all(_agrees(call_or_none(answer, n), target(n)) for n in ns)


def _wraps(bits: int) -> Callable[[Any], bool]:
    """Matches a result that is the exact sum wrapped to ``bits`` bits, signed or unsigned."""
    exact = _cubes_below(BIG_N)

    def matches(answer: Any) -> bool:
        value = _as_number(call_or_none(answer, BIG_N))
        return (
            isinstance(value, int)
            and -(2 ** (bits - 1)) <= value < 2**bits  # fits in the bits, signed or not
            and value != exact
            and value % 2**bits == exact % 2**bits
        )

    return matches


def _half_sum(n: int) -> int:
    """0 + 1 + ... + (n - 1): the number the formula squares."""
    return (n - 1) * n // 2


def _wrong_power(answer: Any) -> bool:
    """The half sum left unsquared, or cubed: the right base, another power."""
    return any(_computes(lambda n, p=p: _half_sum(n) ** p)(answer) for p in (1, 3))


def _float_close(answer: Any) -> bool:
    got = call_or_none(answer, BIG_N)
    value = _as_number(got)
    return isinstance(value, float) and math.isclose(value, _cubes_below(BIG_N), rel_tol=1e-3)


def _int_of_a_float(answer: Any) -> bool:
    value = _as_number(call_or_none(answer, BIG_N))
    exact = _cubes_below(BIG_N)
    return isinstance(value, int) and value != exact and abs(value - exact) <= exact * 1e-12


def _cubes_not_returned(n: int) -> None:
    total = ((n - 1) * n // 2) ** 2  # noqa: F841 (the forgotten return)


def _recursive_cubes(n: int) -> int:
    return 0 if n == 0 else (n - 1) ** 3 + _recursive_cubes(n - 1)


def _recurses_too_deep(answer: Any) -> bool:
    """Matches a function that hits Python's recursion limit on a large n."""
    if not callable(answer):
        return False
    try:
        answer(BIG_N)
    except RecursionError:
        return True
    except Exception:
        return False
    return False


# --- 01.numpy_copy ----------------------------------------------------------------------


def _flag_inputs():
    return [
        (jnp.arange(0, 10, 2),),
        (jnp.array([7, 8, 9]),),
        (jnp.array([0.5, 1.5, 2.5, 3.5]),),
    ]


def _flag_first(x):
    copy = np.array(x)
    copy[0] = -1
    return copy


def _same_for_different_inputs(inputs: Callable[[], list[tuple[Any, ...]]]):
    """Matches a function that returns the same values for two different inputs."""

    def matches(answer: Any) -> bool:
        (first,), (second,) = inputs()[:2]
        a, b = call_or_none(answer, first), call_or_none(answer, second)
        if a is None or b is None:
            return False
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and bool(np.array_equal(a, b))

    return matches


def _returns_x_unchanged(answer: Any) -> bool:
    """Matches a function that returns x as it was, a jax array, on every input."""
    for (x,) in _flag_inputs():
        got = call_or_none(answer, x)
        if not is_jax_array(got) or not equals_tree(x)(got):
            return False
    return True


def _flag_not_returned(x):
    copy = np.array(x)
    copy[0] = -1


def _flag_second(x):
    copy = np.array(x)
    copy[1] = -1
    return copy


def _returns(kind: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Matches a function whose result on the first input is of ``kind``."""

    def matches(answer: Any) -> bool:
        result = call_or_none(answer, *_flag_inputs()[0])
        return result is not None and kind(result)

    return matches


# --- 01.center --------------------------------------------------------------------------


def _center_inputs():
    return [(jnp.array([1.0, 2.0, 3.0, 4.0]),), (jnp.arange(6.0).reshape(2, 3),)]


def _center_random_inputs(rng: np.random.Generator):
    return [(jnp.asarray(rng.normal(size=shape), dtype=jnp.float32),) for shape in [(5,), (3, 4)]]


def _center(x):
    return x - jnp.mean(x)


def _standardize(x):
    return (x - jnp.mean(x)) / jnp.std(x)


def _center_rows(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def _center_columns(x):
    return x - jnp.mean(x, axis=0)


def _flag_last(x):
    copy = np.array(x)
    copy[-1] = -1
    return copy


def _changed_dtype(answer: Any) -> bool:
    """Matches a function whose result has the right values in another dtype."""
    (x,) = _flag_inputs()[0]
    got, want = call_or_none(answer, x), _flag_first(x)
    return (
        is_numpy_array(got)
        and got.shape == want.shape
        and got.dtype != want.dtype
        and bool(np.array_equal(got, want))
    )


def _first_set_otherwise(answer: Any) -> bool:
    """Matches a NumPy copy whose first element was changed, but not to -1: set to
    another number (0, say) or decreased by one (flagged[0] -= 1), the rest kept."""
    wrong_flag = False
    for (x,) in _flag_inputs():
        got = call_or_none(answer, x)
        if not is_numpy_array(got) or got.shape != x.shape:
            return False
        want = np.asarray(x)
        if not np.array_equal(got[1:], want[1:]):
            return False
        wrong_flag = wrong_flag or got[0] != -1
    return wrong_flag


def _wrapped_copy(answer: Any) -> bool:
    """Matches a copy made of [x], shape (1, n): flagged[0] = -1 then sets a whole row."""
    got = call_or_none(answer, *_flag_inputs()[0])
    (x,) = _flag_inputs()[0]
    return is_numpy_array(got) and got.shape == (1, *x.shape)


def _float_copy(x):
    copy = np.array(x, dtype=np.float64)
    copy[0] = -1
    return copy


def _not_flagged(x):
    return np.array(x)


def _is_mean(answer: Any) -> bool:
    """Matches a function that returns the mean of x, one number, instead of x minus it."""
    for (x,) in _center_inputs():
        got = call_or_none(answer, x)
        if got is None:
            return False
        value = np.asarray(got)
        if value.shape != () or value.dtype.kind not in "iuf":
            return False
        if not math.isclose(float(value), float(jnp.mean(x)), rel_tol=1e-5):
            return False
    return True


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
    return x - jnp.mean(x, axis=1, keepdims=True)


def _divide_by_mean(x):
    return x / jnp.mean(x)


def _center_by_len(x):
    return x - jnp.sum(x) / len(x)


def _mean_minus_x(x):
    return jnp.mean(x) - x


def _center_not_returned(x):
    centered = x - jnp.mean(x)  # noqa: F841 (the forgotten return)


def _center_median(x):
    return x - jnp.median(x)


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
        title="Count from 0 to 9 with jnp",
        reference=_numbers,
        rule=JaxArray(),
        hints=(
            "jnp mirrors NumPy: the function you would use in NumPy exists under jnp, with "
            "the same name and arguments.",
            "Like Python's range, arange starts at 0 and stops before its stop value: it "
            "never includes the number you give it.",
            "numbers = jnp.arange(...)  # one argument: one more than the last number you want",
        ),
        solution="numbers = jnp.arange(10)",
        mistakes=(
            Mistake(
                id="numpy-array",
                message="That is a NumPy array (np.arange). Use jnp.arange to get a jax array.",
                example=lambda: np.arange(10),
                matches=is_numpy_array,
            ),
            Mistake(
                id="python-range",
                message="That is a plain Python range or list. jnp.arange gives a jax array.",
                example=lambda: range(10),
                matches=same_values(_numbers, range | list | tuple),
            ),
            Mistake(
                id="stops-at-eight",
                message="That stops at 8: arange never includes its stop value, so "
                "jnp.arange(9) is 0 to 8. To include 9, stop one past it.",
                example=lambda: jnp.arange(9),
            ),
            Mistake(
                id="zero-to-ten",
                message="That is 0 to 10, eleven numbers (shape (11,)). arange(stop) gives "
                "stop numbers, 0 to stop - 1: one fewer gets you to 9.",
                example=lambda: jnp.arange(11),
            ),
            Mistake(
                id="starts-at-one",
                message="That is 1 to 9: arange starts at 0 unless told otherwise, and 0 is "
                "one of the numbers asked for. jnp.arange with one argument starts at 0.",
                example=lambda: jnp.arange(1, 10),
            ),
            Mistake(
                id="floats",
                message="Right numbers, but floats: this has dtype float32 (float64 with x64 "
                "on), because 10.0 or linspace makes floats. An integer stop, arange(10), gives "
                "integers: dtype int32 (int64 with x64 on).",
                example=lambda: jnp.arange(10.0),
                matches=_float_count,
            ),
            Mistake(
                id="one-to-ten",
                message="That counts 1 to 10. arange starts at 0 unless told otherwise, and "
                "stops before its stop value: 0 to 9 is arange(10).",
                example=lambda: jnp.arange(1, 11),
            ),
        ),
        success="The same call as in NumPy: jnp.arange(10), an integer jax array.",
    ),
    Exercise(
        id="01.default_dtype",
        title="Predict the dtype of a division in JAX",
        reference=_division_dtype,
        rule=_DtypeName(),
        hints=(
            "Two questions: does / on integers give integers or floats (in NumPy, in Python "
            "3)? And how many bits does JAX use when you do not say?",
            "/ always gives floats, as in NumPy. NumPy's floats are 64 bits by default; JAX "
            "picks a narrower default, because accelerators are fastest there.",
            "JAX's default float is float32 (float64 only with jax_enable_x64 switched on).",
        ),
        solution=(
            "# JAX's default float: float32, or float64 once jax_enable_x64 is switched on\n"
            'division_dtype = "float64" if jax.config.jax_enable_x64 else "float32"'
        ),
        mistakes=(
            Mistake(
                id="kind-not-dtype",
                message="That names a kind of number, not a dtype: a dtype also says how many "
                "bits it uses, such as 'float16' or 'int8'. (NumPy reads a bare 'float' as "
                "float64 and 'int' as int64, its own defaults.) Which width does JAX use?",
                example=lambda: "float",
                matches=_names_a_kind,
            ),
            Mistake(
                id="misspelled",
                message="Spell the dtype as NumPy does: the kind and the width in bits, in "
                "lower case, such as 'float16' or 'int8'.",
                example=lambda: "fp32",
                matches=_misspelled_dtype,
            ),
            Mistake(
                id="stays-integer",
                message="/ is true division, in JAX as in NumPy and Python 3: 1 / 2 is 0.5, "
                "so the result holds floats even though arange gave integers. Only // keeps "
                "integers.",
                example=lambda: "int32",
                matches=_is_integer_dtype,
            ),
            Mistake(
                id="wrong-width",
                message="Not that width. JAX's default is 32 bits (float32, int32), where "
                "NumPy's is 64 (float64); only with jax_enable_x64 switched on does JAX compute "
                "in 64 bits, so this session's setting decides.",
                example=lambda: "float32" if _x64() else "float64",
                matches=_other_width,
            ),
            Mistake(
                id="half-precision",
                message="JAX never picks a 16-bit float on its own: float16 and bfloat16 only "
                "appear when you ask for them. Its default float is wider.",
                example=lambda: "float16",
                matches=_is_16_bit_float,
            ),
            Mistake(
                id="complex",
                message="A complex dtype holds numbers a + bj. / on integers gives real "
                "floats, never complex ones: which real float width does JAX use?",
                example=lambda: "complex64",
                matches=_is_complex,
            ),
        ),
        success="Integers divided with / give floats, and JAX's floats are 32-bit unless "
        "you switch on x64.",
    ),
    Exercise(
        id="01.sum_of_cubes",
        title="Compute an exact sum that overflows int32 and int64",
        reference=lambda: _cubes_below,
        rule=SameFunction(inputs=_cube_inputs, output=ExactInteger()),
        hints=(
            "Python's own int never overflows, and jnp or NumPy arrays do: keep every step "
            "in Python ints.",
            "The formula (n(n - 1) / 2)² counts k from 0 to n - 1. In Python, / always makes "
            "a float, which keeps only about 16 digits; // stays an exact int.",
            "def sum_of_cubes_below(n):\n    return ((n - 1) * n // 2) ** 2",
        ),
        solution="def sum_of_cubes_below(n):\n    return ((n - 1) * n // 2) ** 2",
        mistakes=(
            Mistake(
                id="ignores-n",
                message="Your function gives the same number whatever n is: it must compute "
                "from its argument n, not return a value from the notebook (true_value, a "
                "fixed 10**7, ...).",
                example=lambda: lambda n: _cubes_below(10**7),
                matches=ignores_arguments(lambda: [(10,), (1000,)]),
            ),
            Mistake(
                id="squares-not-cubes",
                message="That is the sum of squares, k * k, like sum_of_squares_below. This "
                "one adds cubes, k ** 3: its formula is (n(n - 1) / 2)².",
                example=lambda: lambda n: (n - 1) * n * (2 * n - 1) // 6,
                matches=_computes(lambda n: (n - 1) * n * (2 * n - 1) // 6),
            ),
            Mistake(
                id="off-by-one",
                message="Your sum includes k = n: it adds 0³ to n³. 'Below n' stops at n - 1, "
                "as range(n) does, so the formula uses (n - 1) * n, not n * (n + 1).",
                example=lambda: lambda n: (n * (n + 1) // 2) ** 2,
                matches=_computes(lambda n: (n * (n + 1) // 2) ** 2),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing. Return the number: return ((n - 1) * n // 2) ** 2.",
                example=lambda: _cubes_not_returned,
                matches=returns_none(_cube_inputs),
            ),
            Mistake(
                id="xor-not-power",
                message="^ is not a power in Python: it is bitwise XOR (exclusive or), so "
                "45 ^ 2 is 47. Square with **: ((n - 1) * n // 2) ** 2.",
                example=lambda: lambda n: ((n - 1) * n // 2) ^ 2,
                matches=_computes(lambda n: _half_sum(n) ^ 2, ns=(0, 10, 1000)),
            ),
            Mistake(
                id="precedence",
                message="** binds tighter than * and //, so n * (n - 1) // 2 ** 2 divides by "
                "4 and squares nothing. Put the half sum in brackets: ((n - 1) * n // 2) ** 2.",
                example=lambda: lambda n: n * (n - 1) // 2**2,
                matches=_computes(lambda n: n * (n - 1) // 4, ns=(2, 10, 1000)),
            ),
            Mistake(
                id="wrong-power",
                message="Your function raises n(n - 1)/2 to another power than 2: not at all "
                "(that is 0 + 1 + ... + (n - 1), the sum of k) or cubed. The cubes are "
                "inside the sum; the formula squares it: ((n - 1) * n // 2) ** 2.",
                example=lambda: _half_sum,
                matches=_wrong_power,
            ),
            Mistake(
                id="int32-overflow",
                message=f"On n = {BIG_N:,} your result is what int32 holds after the sum "
                "wrapped around: jnp computed in 32 bits and overflowed silently. Python's "
                "own ints never overflow.",
                example=lambda: lambda n: _wrapped(_cubes_below(n), 32),
                matches=_wraps(32),
            ),
            Mistake(
                id="int64-overflow",
                message=f"On n = {BIG_N:,} your result is what a 64-bit integer holds after "
                "the sum wrapped around (NumPy's int64 or uint64, or jnp with x64): the true "
                "sum needs 78 bits. Python's own ints never overflow.",
                example=lambda: lambda n: _wrapped(_cubes_below(n), 64),
                matches=_wraps(64),
            ),
            Mistake(
                id="returns-float",
                message="Your function returns a float, and a float keeps only about 16 "
                "significant digits (float32 about 7): the sum for large n has more. "
                "Return an exact int: use // instead of /.",
                example=lambda: lambda n: ((n - 1) * n / 2) ** 2,
                matches=_float_close,
            ),
            Mistake(
                id="int-of-a-float",
                message=f"Right for small n, but on n = {BIG_N:,} the last digits are off: a / "
                "in your formula made a float, which keeps only about 16 digits, and int() "
                "cannot bring the lost ones back. Use // so every step stays an exact int.",
                example=lambda: lambda n: int(((n - 1) * n / 2) ** 2),
                matches=_int_of_a_float,
            ),
            Mistake(
                id="recursion-depth",
                message=f"Your function calls itself once per k, and Python stops at about "
                f"1,000 nested calls (RecursionError), far short of n = {BIG_N:,}. Use the "
                "formula, which needs no loop: ((n - 1) * n // 2) ** 2.",
                example=lambda: _recursive_cubes,
                matches=_recurses_too_deep,
            ),
        ),
        success="Exact for every n: Python ints and // never round and never overflow.",
    ),
    Exercise(
        id="01.numpy_copy",
        title="Get a NumPy copy of a jax array that you can change",
        reference=lambda: _flag_first,
        rule=SameFunction(inputs=_flag_inputs, output=NumpyArray()),
        hints=(
            "np.asarray(x) makes no copy: it shows you the jax array's own memory, read-only. "
            "Which NumPy function always copies?",
            "np.array(x) copies into a new NumPy array that is yours to change.",
            "def flag_first(x):\n    flagged = np.array(x)\n    flagged[0] = -1\n"
            "    return flagged",
        ),
        solution=(
            "def flag_first(x):\n    flagged = np.array(x)\n    flagged[0] = -1\n    return flagged"
        ),
        mistakes=(
            Mistake(
                id="read-only-view",
                message="np.asarray(x) does not copy a jax array (nor do jax.device_get(x) "
                "and np.array(x, copy=False)): it gives a read-only view of its memory, and "
                "NumPy refuses to write to it ('assignment destination is read-only'), nor "
                "lets setflags(write=True) unlock it. "
                "np.array(x) makes a copy you can change.",
                example=lambda: lambda x: np.asarray(x).__setitem__(0, -1),
                matches=fails_with("ValueError", "read-only|WRITEABLE flag", _flag_inputs),
            ),
            Mistake(
                id="changed-the-jax-array",
                message="jax arrays cannot be changed in place, so item assignment such as "
                "x[0] = -1 fails, on x and on every jax array made from it (x.copy() and "
                "jnp.array(x) are jax arrays too). Copy x into a NumPy array, np.array(x), "
                "and change that copy.",
                example=lambda: lambda x: x.__setitem__(0, -1),
                matches=fails_with(
                    "TypeError", "immutable|does not support item assignment", _flag_inputs
                ),
            ),
            Mistake(
                id="ignores-x",
                message="Your function returns the same array whatever x is: it must copy the "
                "x it is given, not an array from the notebook such as evens.",
                example=lambda: lambda x: _flag_first(jnp.arange(0, 10, 2)),
                matches=_same_for_different_inputs(_flag_inputs),
            ),
            Mistake(
                id="to-py",
                message="x.to_py() was removed from JAX (old tutorials use it). np.array(x) "
                "copies a jax array into a NumPy array you can change.",
                example=lambda: lambda x: x.to_py(),
                matches=fails_with("AttributeError", "to_py", _flag_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement, or returns "
                "nothing. Return the NumPy copy you changed.",
                example=lambda: _flag_not_returned,
                matches=returns_none(_flag_inputs),
            ),
            Mistake(
                id="returned-x",
                message="Your function returns x as it was, a jax array. Return the NumPy "
                "copy whose first element you set to -1, not x.",
                example=lambda: lambda x: x,
                matches=_returns_x_unchanged,
            ),
            Mistake(
                id="still-jax",
                message="Your function returns a jax array. A NumPy array was asked for: "
                "np.array(x) copies x into one, then set its first element.",
                example=lambda: lambda x: jnp.asarray(_flag_first(x)),
                matches=_returns(is_jax_array),
            ),
            Mistake(
                id="python-list",
                message="Your function returns a Python list (tolist() and list(...) make "
                "one). A NumPy array was asked for: np.array(x) copies x into one.",
                example=lambda: lambda x: _flag_first(x).tolist(),
                matches=_returns(lambda result: isinstance(result, list)),
            ),
            Mistake(
                id="changed-dtype",
                message="The values are right, but your copy has another dtype than x: a "
                "dtype= argument, or joining x with a Python list such as [-1], makes NumPy "
                "choose one. np.array(x) keeps x's dtype, and -1 fits in it.",
                example=lambda: _float_copy,
                matches=_changed_dtype,
            ),
            Mistake(
                id="not-flagged",
                message="You copied x but left its first element as it was: set it on the "
                "copy, flagged[0] = -1.",
                example=lambda: _not_flagged,
            ),
            Mistake(
                id="flagged-last",
                message="You changed the last element. The first one is at index 0: "
                "flagged[0] = -1.",
                example=lambda: _flag_last,
            ),
            Mistake(
                id="other-flag",
                message="You changed the first element, but not to -1 (flagged[0] -= 1 "
                "subtracts one; = 0 sets zero). The flag is -1: flagged[0] = -1.",
                example=lambda: lambda x: np.where(np.arange(len(x)) == 0, 0, np.asarray(x)),
                matches=_first_set_otherwise,
            ),
            Mistake(
                id="wrapped-in-a-list",
                message="np.array([x]) wraps x in a list, so the copy is 2-D, shape (1, n), "
                "and flagged[0] = -1 sets its whole first row. np.array(x) copies x as it is.",
                example=lambda: lambda x: np.full((1, *np.shape(x)), -1, np.asarray(x).dtype),
                matches=_wrapped_copy,
            ),
            Mistake(
                id="flagged-second",
                message="You changed the element at index 1, the second one. Python counts "
                "from 0: the first element is flagged[0].",
                example=lambda: _flag_second,
            ),
        ),
        success="np.array copies: the copy is yours to change, and x stays as it was.",
    ),
    Exercise(
        id="01.center",
        title="Write a NumPy-style function with jnp",
        reference=lambda: _center,
        rule=SameFunction(inputs=_center_inputs, random_inputs=_center_random_inputs),
        hints=(
            "jnp.mean works like np.mean: with no axis it averages every element.",
            "Arrays broadcast in jnp as in NumPy: x - a_scalar subtracts from every element.",
            "def center(x):\n    return x - jnp.mean(...)",
        ),
        solution="def center(x):\n    return x - jnp.mean(x)",
        mistakes=(
            Mistake(
                id="standardized",
                message="You also divided by the standard deviation. Only subtract the mean.",
                example=lambda: _standardize,
            ),
            Mistake(
                id="row-means",
                message="On a 2-D input you subtracted each row's mean. Use the mean of all "
                "elements: jnp.mean(x) with no axis.",
                example=lambda: _center_rows,
            ),
            Mistake(
                id="column-means",
                message="On a 2-D input you subtracted each column's mean (axis=0). Use the "
                "mean of all elements: jnp.mean(x) with no axis.",
                example=lambda: _center_columns,
            ),
            Mistake(
                id="axis-on-1d",
                message="Your function fails on a 1-D input: it asks for an axis (axis=1, "
                "say) that a 1-D array does not have. The mean of all elements needs no "
                "axis at all: jnp.mean(x).",
                example=lambda: _center_axis_1,
                matches=_fails_on_an_axis,
            ),
            Mistake(
                id="axis-mean-no-keepdims",
                message="Your function fails on a 2-D input: the mean you subtract has one "
                "value per row (an axis= without keepdims=True), and that shape does not "
                "broadcast against x's. Centering uses one number, the mean of all "
                "elements: jnp.mean(x) with no axis.",
                example=lambda: lambda x: x - jnp.mean(x, axis=-1),
                matches=fails_with(
                    "ValueError", "Incompatible shapes for broadcasting", _center_inputs
                ),
            ),
            Mistake(
                id="mean-not-called",
                message="Your function subtracts the mean function itself, not its value: "
                "x.mean or jnp.mean without parentheses. Call it: x - jnp.mean(x).",
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
                "nothing. Return the centered array: return x - jnp.mean(x).",
                example=lambda: _center_not_returned,
                matches=returns_none(_center_inputs),
            ),
            Mistake(
                id="returns-tuple",
                message="Your function returns a tuple (or list) with the centered array "
                "inside it. Return the centered array alone: x - jnp.mean(x).",
                example=lambda: lambda x: (_center(x), jnp.mean(x)),
                matches=returns_tuple_holding(_center, _center_inputs),
            ),
            Mistake(
                id="median",
                message="You subtracted the median. Centering subtracts the mean: x - jnp.mean(x).",
                example=lambda: _center_median,
            ),
            Mistake(
                id="divided-by-mean",
                message="You divided by the mean. Centering subtracts it: x - jnp.mean(x).",
                example=lambda: _divide_by_mean,
            ),
            Mistake(
                id="len-not-size",
                message="On a 2-D input your mean is off: len(x) counts only the rows. Divide "
                "by x.size, the number of elements, or let jnp.mean(x) do it.",
                example=lambda: _center_by_len,
            ),
            Mistake(
                id="flipped-sign",
                message="The sign is flipped: you subtracted x from the mean. Centering "
                "subtracts the mean from x: x - jnp.mean(x).",
                example=lambda: _mean_minus_x,
            ),
            Mistake(
                id="mean-only",
                message="Your function returns the mean itself, one number. center returns an "
                "array of x's shape: x minus that mean.",
                example=lambda: jnp.mean,
                matches=_is_mean,
            ),
            Mistake(
                id="ignores-x",
                message="Your function returns the same array whatever x is: it must center "
                "the x it is given, not an array from the notebook.",
                example=lambda: lambda x: jnp.arange(4.0) - 1.5,
                matches=_same_for_different_inputs(_center_inputs),
            ),
            Mistake(
                id="numpy-output",
                message="The values are right but your function returns a NumPy array: use "
                "jnp operations so that it returns a jax array (and works under jit later).",
                example=lambda: lambda x: np.asarray(x) - np.mean(np.asarray(x)),
                matches=lambda a: _NUMPY_OUTPUT(a, _center) is None,
            ),
        ),
        success="The NumPy code you know, with jnp in place of np: x - jnp.mean(x).",
    ),
)
