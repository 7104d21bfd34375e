"""Exercises for lessons/15_why_slow.ipynb: which roof bounds an operation, a time
estimated from the device's two roofs, a loop that compiles for every new length, and
which results can take a donated buffer.

15.bound and 15.estimate are judged against the learner's own device: the roofs the
lesson measured and printed (``timing.roofline()``, kept by ``timing.measured_roofline``),
read through ``device_roofline``, which the tests replace with a stand-in
(``tests/stand_ins.py``), so no test depends on how fast the machine is. Until the lesson
has measured the device, both checks say to run that cell first (``needs``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from jaxtour import i18n, timing  # i18n._: `_` is this module's throwaway name
from jaxtour.exercises.common import jax, jnp
from jaxtour.exercises.lesson02 import letters_of
from jaxtour.grader.compare import describe
from jaxtour.grader.learner_code import raw_call
from jaxtour.grader.mistakes import (
    HOST_CALLBACKS,
    behaves_like,
    fails_with,
    primitive_names,
    remembered,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import SameFunction, letters_slip, listed_slip
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.lazy import is_jax_array


def device_roofline() -> timing.Roofline | None:
    """The roofs the lesson measured on this device (the tests' stand-in replaces it)."""
    return timing.measured_roofline()


def _roof() -> timing.Roofline:
    """The roofs the lesson printed; measured now where it has not measured them (a
    reference asked for before the lesson's cell ran: a check waits for it, ``needs``)."""
    roof = device_roofline()
    return roof if roof is not None else timing.roofline()


def _roof_changed() -> list[str]:
    """A sentence naming a roof changed since timing.roofline() measured it (round 19: its
    timings set anew with object.__setattr__), when one was: the check judges against
    what roofline() measured, kept by value where no answer reaches it."""
    changed = timing.roof_changed()
    if changed is None:
        return []
    return [
        i18n._(
            "The roof that timing.roofline() returned was changed after it measured ({which} "
            "set anew): this check judges against the numbers roofline() measured, which "
            "it keeps apart, not against the changed roof."
        ).format(which=changed)
    ]


def _needs_roofline() -> str | None:
    if device_roofline() is not None:
        return None
    return i18n._(
        "This check compares your answer with your device's roofs: run the cell with "
        "roof = timing.roofline() (section “Two numbers for your device”) first."
    )


# --- 15.bound ---------------------------------------------------------------------------
# Five operations, float32 throughout, each input read once and the output written once:
# (flops, bytes). A and B are elementwise (B a fused degree-4 polynomial), C a
# matrix-vector product, D a square matmul, E a batch of 8 x 8 matmuls. The page works
# through x + 1 and a 512 matmul; C and E look like matmuls and are not, by intensity.
N_VECTOR = 2**22
N_MATVEC = 2048
N_MATMUL = 1024
N_BATCH = 2**16
OPERATIONS = {
    "A": (2 * N_VECTOR, 4 * 4 * N_VECTOR),
    "B": (8 * N_VECTOR, 4 * 2 * N_VECTOR),
    "C": (2 * N_MATVEC**2, 4 * (N_MATVEC**2 + 2 * N_MATVEC)),
    "D": (2 * N_MATMUL**3, 4 * 3 * N_MATMUL**2),
    "E": (N_BATCH * 2 * 8**3, 4 * 3 * N_BATCH * 8 * 8),
}
LETTERS = "ABCDE"


def intensity(letter: str) -> float:
    flops, nbytes = OPERATIONS[letter]
    return flops / nbytes


# The summary line prints the ridge with two decimals and each roof with one: a letter whose
# intensity is this close to the ridge may be judged either way from the printed numbers.
ON_THE_RIDGE = 0.02


def on_the_ridge(letter: str, ridge: float) -> bool:
    """Whether ``letter``'s intensity is within ON_THE_RIDGE of ``ridge`` (or within the
    printed ridge's rounding): the numbers the lesson printed cannot tell its bound."""
    gap = abs(intensity(letter) - ridge)
    return gap <= 0.005 or gap <= ON_THE_RIDGE * ridge


def _memory_bound() -> str:
    roof = _roof()
    return "".join(letter for letter in LETTERS if intensity(letter) < roof.ridge)


def _letters(answer: Any) -> frozenset[str] | None:
    return letters_of(answer)


@dataclass(frozen=True)
class BoundLetters:
    """The letters of the memory-bound operations, judged against the device's ridge."""

    read = staticmethod(_letters)

    def __call__(self, answer: Any, expected: str) -> str | None:
        if listed_slip(self, answer, expected) is not None:
            return listed_slip(self, answer, expected)
        chosen = _letters(answer)
        if chosen is None and letters_slip(answer, LETTERS):
            return letters_slip(answer, LETTERS)
        if chosen is None:
            return i18n._(
                "Answer with the letters of the operations bound by memory, as one string "
                'such as "AD" (letters A to E), but this is {what}.'
            ).format(what=describe(answer))
        right = frozenset(expected)
        if chosen == right:
            return None
        roof = device_roofline()
        if roof is not None and all(on_the_ridge(x, roof.ridge) for x in chosen ^ right):
            return None  # decided from the printed numbers, which cannot tell those letters
        ridge = f"{roof.ridge:.2f}" if roof is not None else "?"
        # The letters chosen wrongly get their reason; the ones left out are said to be
        # missing, never named nor counted, so that the message hands over no verdict of a
        # letter the learner did not name.
        why = [
            i18n._(
                "{letter} does {intensity} flops per byte, above your ridge point "
                "of {ridge}: compute bounds it."
            ).format(letter=letter, intensity=f"{intensity(letter):.3g}", ridge=ridge)
            for letter in sorted(chosen - right)
        ]
        if right - chosen:  # no count: with the letters chosen, it would tell the rest
            why.append(
                i18n._(
                    "And your letters leave out an operation that memory bounds, or more: "
                    "one that does fewer flops per byte than your ridge point of {ridge}, "
                    "whatever it looks like."
                ).format(ridge=ridge)
            )
        return " ".join([_letters_verdict(chosen, right), *why, *_roof_changed()])


def _letters_verdict(chosen: frozenset[str], right: frozenset[str]) -> str:
    """The first sentence of a wrong set of letters: some chosen wrongly, or none of them
    wrong and some left out."""
    if not chosen:
        return i18n._("Your answer names no letter.")
    if chosen - right:
        return i18n._("Not every letter is right.")
    return i18n._("Every letter you chose is right, but not every right one is there.")


def _chose_without(letter: str) -> Any:
    """The right letters but ``letter``, where the right answer has it."""

    def matches(answer: Any) -> bool:
        chosen, right = _letters(answer), frozenset(_memory_bound())
        return chosen is not None and letter in right and chosen == right - {letter}

    return matches


def _chose_also(letter: str) -> Any:
    def matches(answer: Any) -> bool:
        chosen, right = _letters(answer), frozenset(_memory_bound())
        return chosen is not None and letter not in right and chosen == right | {letter}

    return matches


# --- 15.estimate ------------------------------------------------------------------------
# jnp.sum(x * y) under jit on two float32 vectors of 2**power numbers (a variant; the page's
# 2**23): 2 flops and 8 bytes per element (x * y is fused into the sum, never written). The
# estimate is judged against the roofline time from the device's printed roofs, within a
# factor of TOLERANCE.
TOLERANCE = 1.5


def _vectors(power: int) -> dict[str, int]:
    """A variant's values: vectors of 2**power float32 numbers, and their size in MiB."""
    return {"power": power, "mib": 2 ** (power - 18)}


ESTIMATE_VARIANTS = Variants(
    # _vectors(23), written out: the page's vectors, 32 MiB each
    default={"power": 23, "mib": 32},
    draw=lambda rng: _vectors(rng.choice((21, 22, 23, 24, 25))),
    shown="dot_fused is called on two float32 vectors of 2**{power} numbers each ({mib} MiB each).",
)


def _n_dot() -> int:
    """The length of the learner's vectors (variant 0, the page's: 2**23)."""
    return 2 ** ESTIMATE_VARIANTS.current("15.estimate")["power"]


def _dot_flops() -> int:
    return 2 * _n_dot()


def _dot_bytes() -> int:
    return 8 * _n_dot() + 4


def _estimate() -> float:
    return _roof().seconds(_dot_flops(), _dot_bytes())


def _seconds(answer: Any) -> float | None:
    """A positive real number (Python, NumPy or a 0-d array); None for anything else."""
    if isinstance(answer, bool) or not (
        isinstance(answer, int | float | np.generic | np.ndarray) or is_jax_array(answer)
    ):
        return None
    value = np.asarray(answer)
    if value.shape != () or value.dtype.kind not in "iuf":
        return None
    number = float(value)
    return number if math.isfinite(number) and number > 0 else None


@dataclass(frozen=True)
class Estimate:
    """A time in seconds within TOLERANCE of the roofline estimate."""

    def __call__(self, answer: Any, expected: float) -> str | None:
        value = _seconds(answer)
        if value is None:
            return i18n._(
                "Expected your estimate as one positive number of seconds, such as 0.004, "
                "but this is {what}."
            ).format(what=describe(answer))
        if expected / TOLERANCE <= value <= expected * TOLERANCE:
            return None
        verdict = (
            i18n._(
                "{value} s is more than {tolerance} times what your device's two roofs give "
                "for this operation."
            )
            if value > expected
            else i18n._(
                "{value} s is less than 1/{tolerance} of what your device's two roofs give for "
                "this operation."
            )
        ).format(value=f"{value:.3g}", tolerance=TOLERANCE)
        roof = device_roofline()
        if roof is None:
            return " ".join([verdict, *_roof_changed()])
        # the roofs are measured again at every run of the lesson's cell: say how many
        # bytes the estimate amounts to at this run's bandwidth, beside the bytes read, and
        # leave the cause (another count, another formula, another run's roofs) unnamed
        return " ".join(
            [
                verdict,
                i18n._(
                    "At the bandwidth your own run of the roofline cell measured, {measured} "
                    "GB/s (the check uses your run's roofs), it is the time of {implied} MB "
                    "moved, where this function reads {moved} MB: x and y."
                ).format(
                    implied=f"{value * roof.bandwidth / 1e6:.3g}",
                    measured=f"{roof.bandwidth / 1e9:.3g}",
                    moved=f"{_dot_bytes() / 1e6:.3g}",
                ),
                *_roof_changed(),
            ]
        )


def _ratio_near(factor: float, slack: float = 1.25) -> Any:
    """An estimate about ``factor`` times the roofline time."""

    def matches(answer: Any) -> bool:
        value = _seconds(answer)
        if value is None:
            return False
        ratio = value / _estimate()
        return factor / slack <= ratio <= factor * slack

    return matches


def _flop_time(answer: Any) -> bool:
    value, roof = _seconds(answer), device_roofline()
    if value is None or roof is None:
        return False
    flop_s = _dot_flops() / roof.flop_rate
    return flop_s < _estimate() / TOLERANCE and flop_s / 1.25 <= value <= flop_s * 1.25


def _near(value: float | None, target: float, slack: float = 1.25) -> bool:
    return value is not None and target > 0 and target / slack <= value <= target * slack


def _upside_down(answer: Any) -> bool:  # round 20
    """About the bandwidth over the bytes: the inverse of the roofline time."""
    return _near(_seconds(answer), 1.0 / _estimate())


def _times_bandwidth(answer: Any) -> bool:  # round 21
    """About the bytes times the bandwidth: bytes · bytes/s, no time."""
    return _near(_seconds(answer), _dot_bytes() * _roof().bandwidth)


def _flops_over_ridge(answer: Any) -> bool:  # round 20
    """About the flops over the ridge point: a byte count, given as seconds."""
    roof = _roof()
    return _near(_seconds(answer), _dot_flops() * roof.bandwidth / roof.flop_rate)


# --- 15.fixed_shape ---------------------------------------------------------------------
# Means of the first n elements of x, for several n. Slicing x[:n] makes an array of a
# new shape for every new n, so every new length compiles (mean_of is jitted; an eager
# slice compiles per shape too). The fix keeps one shape and masks by a traced n. The
# check calls the answer twice on one x of a length drawn afresh, with new lengths the
# second time, and counts what JAX traced during the second call.

_drawn = random.Random()

# What is averaged over the first n elements: x itself (variant 0, prefix_means_slow's),
# its squares or its absolute values (a mean square, a mean magnitude). The fix is the
# same reasoning; one variant's means are other numbers on every input.
PREFIX_VARIANTS = Variants(
    default={"term": "x", "code": "x"},
    draw=lambda rng: rng.choice(
        ({"term": "x ** 2", "code": "x ** 2"}, {"term": "|x|", "code": "jnp.abs(x)"})
    ),
    shown="prefix_means(x, lengths) returns, for each n of lengths, the mean of {term} over "
    "the first n elements of x.",
)


def _terms(x):
    """What the learner's variant averages, element by element (variant 0: x itself)."""
    code = PREFIX_VARIANTS.current("15.fixed_shape")["code"]
    return x if code == "x" else x**2 if code == "x ** 2" else jnp.abs(x)


def _prefix_means(x, lengths):
    x = _terms(x)
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def _masked_means(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) / n for n in lengths])


def _divided_by_size(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.mean(jnp.where(position < n, x, 0.0)) for n in lengths])


def _over_n_minus_1(x, lengths):  # round 21: n - 1 as the divisor, infinite at n = 1
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) / (n - 1) for n in lengths])


def _one_more(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position <= n, x, 0.0)) / n for n in lengths])


def _masked_sums(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) for n in lengths])


def _means_of_one_more(x, lengths):
    """The means of the first n + 1 elements (a running mean read at position n; at n =
    len(x) the index is clamped to the last position, the mean of all of x)."""
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack(
        [jnp.sum(jnp.where(position <= n, x, 0.0)) / min(n + 1, x.shape[0]) for n in lengths]
    )


def _sums_to_n_over_n_plus_one(x, lengths):
    """Round 15: cumsum(x)[n] / (n + 1), the means of the first n + 1 elements; at n =
    len(x) the index is clamped to the last position, all of x summed over n + 1."""
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position <= n, x, 0.0)) / (n + 1) for n in lengths])


def _one_more_mean(answer: Any) -> bool:
    return any(
        behaves_like(wrong, _prefix_inputs)(answer)
        for wrong in (_means_of_one_more, _sums_to_n_over_n_plus_one)
    )


def _over_count_of_lengths(x, lengths):  # round 15: the sums over len(lengths)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) / len(lengths) for n in lengths])


def _means_of_last(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position >= x.shape[0] - n, x, 0.0)) / n for n in lengths])


def _whole_mean(x, lengths):
    x = _terms(x)
    return jnp.stack([jnp.mean(x) for _ in lengths])


def _floored_means(x, lengths):
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) // n for n in lengths])


def _sums_over_n_plus_one(x, lengths):  # round 16: the first n summed, over n + 1
    x = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) / (n + 1) for n in lengths])


def _truncated_means(x, lengths):  # round 16: the terms cut to int32 before the sum
    x = jnp.trunc(_terms(x))
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n, x, 0.0)) / n for n in lengths])


def _means_of_x_cut(x, lengths):  # |x| or x ** 2 of x cut toward 0 first
    return _masked_means(jnp.trunc(x), lengths)


def _truncated(answer: Any) -> bool:
    """The means of the terms cut toward 0, or of the terms of x cut toward 0."""
    return any(
        behaves_like(wrong, _prefix_inputs)(answer) for wrong in (_truncated_means, _means_of_x_cut)
    )


def _fixed_1000(x, lengths):  # round 16: a mask of the page's 1000 positions
    x = _terms(x)
    position = jnp.arange(1000)
    return jnp.stack([jnp.sum(jnp.where(position < n, x[:1000], 0.0)) / n for n in lengths])


# --- round 18's families --------------------------------------------------------------


def _sized_by_traced_length(x, lengths):  # jitted whole: every n a tracer, x[:n] refused
    return jnp.stack([jnp.mean(_terms(x)[:n]) for n in lengths])


def _size_from_tracer(answer: Any) -> bool:
    """Raises because an array's size came from a traced length: x[:n] with n a tracer
    (IndexError), dynamic_slice's size or another int() of one (TracerIntegerConversion, or
    TypeError for a shape of tracers)."""
    return fails_with("IndexError", r"[Ss]lice entries must be static", _prefix_inputs)(
        answer
    ) or any(
        fails_with(error, pattern, _prefix_inputs)(answer)
        for error, pattern in (
            ("TracerIntegerConversionError", ""),
            ("TypeError", r"Shapes must be 1D sequences of concrete values"),
        )
    )


# What JAX raises when a traced x is handed to NumPy (np.asarray(x), x.tolist(), float(x[0])).
_HOST_ERRORS = frozenset({"TracerArrayConversionError", "ConcretizationTypeError"})


@remembered
def _computed_on_the_host(answer: Any) -> bool:
    """Round 19's sneaky family: the means computed on the host, x copied to NumPy (or
    handed to a pure_callback) and the result turned back into a jax array. Nothing is
    traced, so nothing new is traced either; but no JAX program computes them. Told by
    tracing the answer with x abstract (lengths as given): NumPy cannot take a tracer."""
    if not callable(answer):
        return False
    x, lengths = _prefix_inputs()[0]
    try:
        program = jax.make_jaxpr(lambda v: answer(v, lengths))(x)
    except Exception as exc:  # noqa: BLE001 - only the host's refusals count
        if _HOST_ERRORS & {cls.__name__ for cls in type(exc).__mro__}:
            return True
        # read some other way (round 21: np.frombuffer(memoryview(x))): it fails traced
        # and runs with x's values, whatever refused the tracer
        return raw_call(answer, (x, lengths))[1] is None
    return bool(primitive_names(program) & set(HOST_CALLBACKS))


def _on_the_host(x, lengths):
    terms = np.asarray(_terms(x))
    return jnp.asarray(np.array([terms[:n].mean() for n in lengths], dtype=np.float32))


def _values_below_n(x, lengths):  # the mask compares values with n, not positions
    terms = _terms(x)
    return jnp.stack([jnp.sum(jnp.where(x < n, terms, 0.0)) / n for n in lengths])


def _terms_below_n(x, lengths):
    terms = _terms(x)
    return jnp.stack([jnp.sum(jnp.where(terms < n, terms, 0.0)) / n for n in lengths])


def _masked_by_value(answer: Any) -> bool:
    return any(
        behaves_like(wrong, _prefix_inputs)(answer) for wrong in (_values_below_n, _terms_below_n)
    )


def _means_of_term(code: str):
    def means(x, lengths):
        terms = x if code == "x" else x**2 if code == "x ** 2" else jnp.abs(x)
        position = jnp.arange(x.shape[0])
        return jnp.stack([jnp.sum(jnp.where(position < n, terms, 0.0)) / n for n in lengths])

    return means


_MEANS_OF_TERM = {code: _means_of_term(code) for code in ("x", "x ** 2", "jnp.abs(x)")}


def _another_variants_term(answer: Any) -> bool:
    """The prefix means of another variant's term (x, x ** 2 or |x|) than the learner's."""
    mine = PREFIX_VARIANTS.current("15.fixed_shape")["code"]
    return any(
        behaves_like(means, _prefix_inputs)(answer)
        for code, means in _MEANS_OF_TERM.items()
        if code != mine
    )


def _other_term_example(x, lengths):
    mine = PREFIX_VARIANTS.current("15.fixed_shape")["code"]
    return _MEANS_OF_TERM["x ** 2" if mine == "x" else "x"](x, lengths)


def _means_of_wrapped_lengths(x, lengths):  # round 19: the lengths stored as uint8
    return _masked_means(x, tuple(n % 256 for n in lengths))


def _wrapped_sums_over_n(x, lengths):  # the first n % 256 summed, divided by the true n
    terms = _terms(x)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < n % 256, terms, 0.0)) / n for n in lengths])


def _lengths_wrapped(answer: Any) -> bool:
    """Right for every n below 256, and n of 256 or more read modulo 256: the lengths
    kept in 8 bits (uint8 or int8), where 264 is 8."""
    return any(
        behaves_like(wrong, _prefix_inputs)(answer)
        for wrong in (_means_of_wrapped_lengths, _wrapped_sums_over_n)
    )


def _page_series_inputs():
    return [(jnp.linspace(-1.0, 3.0, 1000, dtype=jnp.float32), (640, 1, 1000, 7))]


def _page_length_only(answer: Any) -> bool:
    """Right values on an x of the page's 1000 elements (a length written as 1000), not on
    the check's x of 264 (a right answer in a wrong container has right values on both)."""
    if not behaves_like(_masked_means, _page_series_inputs)(answer):
        return False
    try:
        return not behaves_like(_masked_means, _prefix_inputs)(answer)
    except Exception:  # raised on the check's x (its shape against 1000): what it says
        return True


def _prefix_inputs():
    # One length for the three x: an answer runs op by op, and each operation compiles once
    # per shape, not three times (a first check's CPU, time.process_time: see the report
    # of issue 39). Each case still has n = 1 and n = len(x), and two lengths decrease.
    # len(x) is 264, past 255 (round 19): lengths kept in 8 bits (uint8, int8) wrap there,
    # and 264 reads as 8.
    return [
        (jnp.linspace(-1.0, 3.0, 264, dtype=jnp.float32), (1, 5, 17, 264)),
        (jnp.repeat(jnp.arange(24.0, dtype=jnp.float32), 11) ** 2, (3, 2, 264)),
        (jnp.array([4.0, -2.0, 7.5, 0.0, 1.0, 3.0] * 44, dtype=jnp.float32), (264, 1, 4)),
    ]


TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"


_jit_cache: list[Any] = []  # JAX's cache of jit's traced signatures, as first seen


def _jit_cache_misses() -> tuple[Any, int, int] | None:
    """(the cache, its misses, its hits) for jit's cache of traced signatures, held since
    the first check: no listener, nothing an answer can unregister. None on a JAX without
    it (the listener alone counts there)."""
    if not _jit_cache:
        try:
            from jax._src import pjit

            cache = pjit._infer_params_cached
            cache.cache_info()
        except Exception:  # another JAX: the listener counts alone
            return None
        _jit_cache.append(cache)
    cache = _jit_cache[0]
    info = cache.cache_info()
    return cache, info.misses, info.hits


_sentinel: list[Any] = []  # a jitted function of the grader's, its signature kept cached


def _sentinel_missed() -> bool:
    """Call the grader's own jitted function: True if jit's cache had lost its signature
    (the cache emptied since the last call; the first call fills it)."""
    if not _sentinel:
        _sentinel.append(jax.jit(lambda v: v + 1))
    cache = _jit_cache[0]
    misses = cache.cache_info().misses
    _sentinel[0].trace(np.float32(0.0))  # past the C++ dispatch cache, into jit's own
    return cache.cache_info().misses != misses


def traces_during(fn: Any, *args: Any) -> tuple[int, Exception | None]:
    """How many programs JAX traced (each a compile, unless cached) while ``fn(*args)`` ran.

    Two counts: JAX's trace events heard by a listener, and the misses of jit's own cache
    of traced signatures (a new signature is traced). An answer can take the listener out
    of JAX's list for its call and put it back (round 20); it cannot take a miss back: an
    emptied or replaced cache (its counts reset, or the grader's own signature in it lost)
    counts as a trace."""
    events: list[str] = []

    def listen(name: str, seconds: float, **kwargs: Any) -> None:
        if name == TRACE_EVENT:
            events.append(name)

    before = _jit_cache_misses()
    if before is not None:
        _sentinel_missed()
        before = _jit_cache_misses()
    jax.monitoring.register_event_duration_secs_listener(listen)
    try:
        _, raised = raw_call(fn, args)
    finally:
        timing.unregister_duration_listener(listen)  # on any JAX, Colab's too
    after = _jit_cache_misses()
    if before is None or after is None:
        return len(events), raised
    from jax._src import pjit

    misses = after[1] - before[1]
    replaced = pjit._infer_params_cached is not before[0]
    if replaced or misses < 0 or after[2] < before[2] or _sentinel_missed():
        misses = max(misses, 1)  # the cache emptied (its counts too) or replaced: it traced
    return max(len(events), misses), raised


@remembered
def _retraces(answer: Any) -> tuple[bool, bool]:
    """(compiles again when only the lengths change, compiles again when called a second
    time with the very same x and lengths), on an x of a length no check used. The second is
    asked only of an answer that did the first: a right answer pays for one pair of calls."""
    if not callable(answer):
        return False, False
    size = _drawn.randrange(100, 4000)
    x = jnp.linspace(0.0, 1.0, size, dtype=jnp.float32)
    first = tuple(_drawn.sample(range(1, size + 1), 3))
    second = tuple(_drawn.sample([n for n in range(1, size + 1) if n not in first], 3))
    _, raised = traces_during(answer, x, first)
    if raised is not None:
        return False, False
    traced, raised = traces_during(answer, x, second)
    if raised is not None or not traced:
        return False, False
    again, raised = traces_during(answer, x, second)
    return True, raised is None and again > 0


def _compiles_per_length(answer: Any) -> bool:
    """Compiles again when only the lengths change, and not when nothing changes."""
    new_lengths, every_call = _retraces(answer)
    return new_lengths and not every_call


def _compiles_every_call(answer: Any) -> bool:
    """Compiles again even when called with the same x and lengths: a new function traced on
    every call (a jax.jit made inside the function, round 18)."""
    return _retraces(answer)[1]


def _jit_made_per_call(x, lengths):
    f = jax.jit(lambda v, n: jnp.cumsum(v)[n - 1] / n)  # a new function on every call
    return f(x, jnp.asarray(lengths))


# --- 15.donate --------------------------------------------------------------------------
# x is float32 (256, 256), donated (donate_argnums=0). JAX gives a donated buffer to a
# result of the same shape and dtype (mlir._set_up_aliases): A's 2 * x + 1, C's x @ x
# (computed elsewhere, then written into the donated buffer) and E's second result
# x * 2. B's slice and D's concatenation have other sizes: the donation is unusable and
# JAX warns. The reveal shows four other functions.
DONATE = "ACE"
DONATE_WHY = {
    "A": i18n.N_(
        "A reuses x's buffer: 2 * x + 1 has x's shape and dtype, so the donated buffer can hold it."
    ),
    "B": i18n.N_(
        "B cannot: x[:, :128] is float32 (256, 128), half of x's size, and a donated "
        "buffer goes to a result of the same shape and dtype only."
    ),
    "C": i18n.N_(
        "C reuses x's buffer: x @ x has x's shape and dtype. The matmul cannot compute "
        "in place, but its result can be written into the donated buffer."
    ),
    "D": i18n.N_(
        "D cannot: jnp.concatenate([x, x]) is float32 (512, 256), twice x's size: no "
        "result matches x's shape and dtype."
    ),
    "E": i18n.N_(
        "E reuses x's buffer: of its two results, x * 2 has x's shape and dtype; the "
        "scalar sum does not need it."
    ),
}


@dataclass(frozen=True)
class DonateLetters:
    read = staticmethod(_letters)

    def __call__(self, answer: Any, expected: str) -> str | None:
        if listed_slip(self, answer, expected) is not None:
            return listed_slip(self, answer, expected)
        chosen = _letters(answer)
        if chosen is None and letters_slip(answer, LETTERS):
            return letters_slip(answer, LETTERS)
        if chosen is None:
            return i18n._(
                "Answer with the letters of the functions whose result reuses x's buffer, "
                'as one string such as "AD" (letters A to E), but this is {what}.'
            ).format(what=describe(answer))
        right = frozenset(expected)
        if chosen == right:
            return None
        why = [i18n._(DONATE_WHY[x]) for x in sorted(chosen - right)]
        if right - chosen:  # no count: with the letters chosen, it would tell the rest
            why.append(
                i18n._(
                    "And your letters leave out a function whose result reuses x's buffer, "
                    "or more: a donated buffer goes to a result of x's shape and dtype, "
                    "however that result is computed."
                )
            )
        return " ".join([_letters_verdict(chosen, right), *why])


EXERCISES = (
    Exercise(
        id="15.bound",
        title="Predict which operations are memory-bound on your device",
        prediction=True,
        explanation=(
            "It depends on your ridge point: an operation is bound by memory where its "
            "flops per byte are under it. Counting float32 inputs read once and the output "
            "written once: A does 2 flops per 16 bytes (0.125), B 8 flops per 8 bytes (1.0), "
            "C's matrix-vector product about 2 flops per 4 bytes (0.5, each element of the "
            "matrix is used once), E's 8 x 8 matmuls 1024 flops per 768 bytes (1.33), and "
            "D's 1024 x 1024 matmul 2 * 1024**3 flops per 12 MiB (about 171). The cell "
            "below prints each one's time beside the time its two roofs allow."
        ),
        reference=_memory_bound,
        rule=BoundLetters(),
        hints=(
            "For each operation, count its flops and the bytes it moves (each float32 "
            "input read once, the output written once, 4 bytes per number), divide, and "
            "compare with the ridge point printed under roof.",
            "A matmul is compute-heavy only when each number it reads is used many times: "
            "an n x n matmul uses each about n times, a matrix-vector product each matrix "
            "element once, and an 8 x 8 matmul each number 8 times.",
            "The intensities are A 0.125, B 1.0, C about 0.5, D about 171, E about 1.33; "
            "memory bounds those under roof.ridge.",
        ),
        solution=(
            "intensities = {'A': 2 / 16, 'B': 8 / 8, 'C': 2 / 4, 'D': 1024 / 6, 'E': 1024 / 768}\n"
            "memory_bound = ''.join(op for op, i in intensities.items() if i < roof.ridge)"
        ),
        mistakes=(
            Mistake(
                id="batched-matmul",
                message="E is a matmul, but of 8 x 8 matrices: each number it reads is used "
                "only 8 times, so it does few flops per byte, under your ridge point. A "
                "matmul is compute-heavy only when its matrices are large.",
                example=lambda: "".join(sorted(frozenset(_memory_bound()) - {"E"})),
                matches=_chose_without("E"),
            ),
            Mistake(
                id="matvec",
                message="C is a matrix-vector product: each element of the matrix is read "
                "once and used once, about 2 flops per 4 bytes, under your ridge point. "
                "Large arrays alone do not make an operation compute-bound.",
                example=lambda: "".join(sorted(frozenset(_memory_bound()) - {"C"})),
                matches=_chose_without("C"),
            ),
            Mistake(
                id="many-flops",
                message="B does 8 flops per element, but on numbers it reads once and "
                "writes once: 8 flops per 8 bytes, still under your ridge point. What "
                "counts is flops per byte, not flops.",
                example=lambda: "".join(sorted(frozenset(_memory_bound()) - {"B"})),
                matches=_chose_without("B"),
            ),
            Mistake(
                id="all-memory",
                message="D is not bound by memory: a 1024 x 1024 matmul uses each number "
                "it reads about a thousand times, far more flops per byte than your ridge "
                "point.",
                example=lambda: "".join(sorted(frozenset(_memory_bound()) | {"D"})),
                matches=_chose_also("D"),
            ),
            Mistake(
                id="none",
                message="Some of these are bound by memory: an operation that does fewer "
                "flops per byte it moves than your ridge point waits on memory, however "
                "fast the arithmetic is.",
                example=lambda: "",
                matches=lambda answer: _letters(answer) == frozenset(),
            ),
        ),
        success="Right: flops per byte against your ridge point says which roof is lower.",
        needs=_needs_roofline,
    ),
    Exercise(
        id="15.estimate",
        title="Estimate a time from your device's two roofs",
        reference=_estimate,
        rule=Estimate(),
        hints=(
            "Count the bytes the jitted function moves and the flops it does; the least "
            "time is the larger of bytes / roof.bandwidth and flops / roof.flop_rate.",
            "Fused, x * y is never written to memory: the function reads x and y once, 4 "
            "bytes each per element, and writes one number.",
            "estimate_s = 8 * 2**{power} / roof.bandwidth",
        ),
        solution="estimate_s = 8 * 2**{power} / roof.bandwidth",
        mistakes=(
            Mistake(
                id="twice",
                message="Your estimate is about twice the roofline time: the time of 16 bytes "
                "per element, where this function reads 8 (x and y, one float32 of 4 bytes "
                "each). The number alone does not say which count doubled it: x * y written "
                "to memory and read back (under jit it is fused into the sum, never "
                "written), 8 bytes a number (these are float32), or vectors twice as long as "
                "2**{power}. The roofline cell's own copy moves 16 bytes per element too, as "
                "it reads and writes each of its bytes, so its measured time is another "
                "operation's, not this function's.",
                example=lambda: 2 * _estimate(),
                matches=_ratio_near(2.0),
            ),
            Mistake(
                id="one-vector",
                message="Your estimate is about half the roofline time: the time of 4 bytes "
                "per element, where this function reads 8 (x and y, 2**{power} float32 "
                "numbers each, 4 bytes a number). The number alone does not say which count "
                "halved it: one vector's bytes alone, vectors half as long as 2**{power}, or 2 "
                "bytes a number.",
                example=lambda: _estimate() / 2,
                matches=_ratio_near(0.5),
            ),
            Mistake(  # round 20
                id="numbers-not-bytes",
                message="Your estimate is about a quarter of the roofline time. The number "
                "alone does not say which slip made it: the numbers counted as bytes (2 per "
                "element, where this function reads 8: a float32 is 4 bytes, and the "
                "bandwidth counts bytes), or the flops and the bytes in each other's place "
                "(the bytes over the flop rate, or the flops over the bandwidth, as "
                "roof.seconds gives with its arguments swapped: its first is the flops, its "
                "second the bytes).",
                example=lambda: _estimate() / 4,
                matches=_ratio_near(0.25),
            ),
            Mistake(  # round 20
                id="upside-down",
                message="Your number is about one over the roofline time: the division is "
                "upside down. The bandwidth over the bytes is how many times a second the "
                "bytes could be moved, a rate; a time is a number of bytes over the bytes "
                "moved per second.",
                example=lambda: 1.0 / _estimate(),
                matches=_upside_down,
            ),
            Mistake(  # round 21
                id="times-bandwidth",
                message="Your number is the bytes times the bandwidth: bytes times bytes per "
                "second is no time. A time is the bytes moved over the bytes moved per second.",
                example=lambda: _dot_bytes() * _roof().bandwidth,
                matches=_times_bandwidth,
            ),
            Mistake(  # round 20
                id="flops-over-ridge",
                message="Your number is the flops over the ridge point: flops over flops per "
                "byte, which is a number of bytes, not seconds. A time is bytes over the "
                "bandwidth (bytes per second), or flops over the flop rate (flops per second).",
                example=lambda: _dot_flops() * _roof().bandwidth / _roof().flop_rate,
                matches=_flops_over_ridge,
            ),
            Mistake(  # round 20
                id="mebibytes",
                message="Your estimate is about a millionth of the roofline time: the bytes "
                "were left in MiB (or MB), 2**20 (or 10**6) bytes each, and divided by a "
                "bandwidth in bytes per second. Both must be in bytes.",
                example=lambda: _estimate() / 2**20,
                matches=_ratio_near(2**-20 / 1.02, slack=1.1),
            ),
            Mistake(
                id="flop-time",
                message="That is the time the flops alone would take: this function does 2 "
                "flops per 8 bytes, far under your ridge point, so the bytes take longer and "
                "memory sets the time.",
                example=lambda: _dot_flops() / _roof().flop_rate,
                matches=_flop_time,
            ),
            Mistake(
                id="milliseconds",
                message="Your number is about a thousand times the estimate: the answer is "
                "in seconds, not milliseconds.",
                example=lambda: 1000 * _estimate(),
                matches=_ratio_near(1000.0, slack=2.5),
            ),
            Mistake(
                id="giga",
                message="Your number is about a billion times off: roof.bandwidth is in bytes "
                "per second already; the table shows it in GB/s, 10**9 bytes per second, and "
                "a bandwidth read in those units, or converted once more, is off by that "
                "10**9.",
                example=lambda: 1e9 * _estimate(),
                matches=lambda answer: (
                    _ratio_near(1e9, slack=3.0)(answer) or _ratio_near(1e-9, slack=3.0)(answer)
                ),
            ),
            Mistake(
                id="bits",
                message="Your estimate is about 8 times the roofline time: a float32 is 4 "
                "bytes (32 bits), and the bandwidth counts bytes.",
                example=lambda: 8 * _estimate(),
                # 8 times the bytes, within typing's slack (2**23 typed as 8e6 is 4.6% off):
                # a measured time scaled up lands anywhere, 9.3 times in round 17
                matches=_ratio_near(8.0, slack=1.06),
            ),
        ),
        success="Right: bytes over bandwidth, since memory bounds this fused reduction.",
        needs=_needs_roofline,
        variants=ESTIMATE_VARIANTS,
    ),
    Exercise(
        id="15.fixed_shape",
        title="Stop a loop from compiling for every new length",
        reference=lambda: _masked_means,
        rule=SameFunction(inputs=_prefix_inputs),
        hints=(
            "x[:n] is an array of a new shape for every new n, and code is compiled per "
            "shape. Keep every array x's shape, and let n be a value instead.",
            "Compare positions with n: jnp.arange(x.shape[0]) < n is True for the first "
            "n elements. Zero the others with jnp.where, sum, and divide by n.",
            "position = jnp.arange(x.shape[0])\n"
            "means = [jnp.sum(jnp.where(position < n, {code}, 0.0)) / n for n in lengths]\n"
            "return jnp.stack(means)",
        ),
        solution=(
            "def prefix_means(x, lengths):\n"
            "    position = jnp.arange(x.shape[0])\n"
            "    means = [jnp.sum(jnp.where(position < n, {code}, 0.0)) / n for n in lengths]\n"
            "    return jnp.stack(means)"
        ),
        mistakes=(
            Mistake(  # round 19's sneaky family
                id="computed-on-the-host",
                message="Your prefix_means copies x to the host and computes the means with "
                "NumPy (np.asarray(x), or a callback), then turns them back into a jax array: "
                "it traces nothing new because JAX traces nothing of it at all. The task is a "
                "JAX program whose shapes stay the same when the lengths change, which "
                "compiles once and keeps x on the device.",
                example=lambda: _on_the_host,
                matches=_computed_on_the_host,
                also_accepted=True,
            ),
            Mistake(  # round 18
                id="jit-per-call",
                message="Your values are right, but your function compiles on every call, even "
                "called twice with the same x and the same lengths: it makes a new jitted "
                "function each time it runs (a jax.jit inside it), and jit keeps what it "
                "compiled per function, so each new one starts with nothing compiled. (A "
                "shape that depends on n, such as a slice x[:n], would compile anew for each n "
                "as well.)",
                example=lambda: _jit_made_per_call,
                matches=_compiles_every_call,
                also_accepted=True,
            ),
            Mistake(
                id="compiles-per-length",
                message="Your values are right, but your function still compiles when only "
                "the lengths change: the check called it twice on one x, with new lengths "
                "the second time, and JAX traced new code then. An array whose shape "
                "depends on n (a slice x[:n], a static n) is new code for every n.",
                example=lambda: _prefix_means,
                matches=_compiles_per_length,
                also_accepted=True,
            ),
            Mistake(  # round 18
                id="size-from-traced-length",
                message="Under jit your lengths are tracers, numbers known only when the "
                "compiled code runs, and your function makes an array's size from one (a "
                "slice x[:n], or dynamic_slice's size): every shape must be known while JAX "
                "traces, so it raised. What is fixed is a shape that is the same whatever n "
                "is.",
                example=lambda: jax.jit(_sized_by_traced_length),
                matches=_size_from_tracer,
            ),
            Mistake(  # round 18
                id="masked-by-value",
                message="Your mask compares the values of x with n, not their positions: it "
                "keeps the elements smaller than n, wherever they stand. The first n elements "
                "are those at positions 0 to n - 1, whatever their values.",
                example=lambda: _values_below_n,
                matches=_masked_by_value,
            ),
            Mistake(  # round 18
                id="other-term",
                message="Your values are prefix means of another term than {term}, the one your "
                "variant averages: each variant of this exercise averages its own term (x, its "
                "squares or its absolute values) over the first n elements.",
                example=lambda: _other_term_example,
                matches=_another_variants_term,
            ),
            Mistake(
                id="divided-by-size",
                message="Each of your values divides the sum of the first n elements by the "
                "length of all of x, not by n, so each mean with n short of that length comes "
                "out too close to 0.",
                example=lambda: _divided_by_size,
            ),
            Mistake(
                id="over-n-minus-1",
                message="Each of your values divides the sum of the first n elements by n - 1, "
                "not by n (as a sample variance divides by n - 1): the mean of n elements "
                "divides their sum by n, and at n = 1 yours divides by 0.",
                example=lambda: _over_n_minus_1,
            ),
            Mistake(
                id="one-more",
                message="Each of your values adds up one element too many, the first n + 1, "
                "and divides by n: positions count from 0, so the first n elements are those "
                "at positions 0 to n - 1.",
                example=lambda: _one_more,
            ),
            Mistake(
                id="sums",
                message="These are the sums of the first n elements: a mean divides each by n.",
                example=lambda: _masked_sums,
            ),
            Mistake(  # round 12
                id="one-more-mean",
                message="These are the means of the first n + 1 elements, one element too "
                "many: positions count from 0, so position n holds the (n + 1)-th element.",
                example=lambda: _means_of_one_more,
                matches=_one_more_mean,
            ),
            Mistake(
                id="over-count-of-lengths",
                message="Each of your values is the sum of the first n elements divided by "
                "how many lengths there are, the same number for every n: a prefix's mean "
                "divides by its own length, n.",
                example=lambda: _over_count_of_lengths,
            ),
            Mistake(  # round 12
                id="last-n",
                message="These are the means of the last n elements of x, not of the first n.",
                example=lambda: _means_of_last,
            ),
            Mistake(  # round 12
                id="whole-mean",
                message="Each value is the mean of all of x, whatever n is: your lengths "
                "change nothing in the result.",
                example=lambda: _whole_mean,
            ),
            Mistake(  # round 16
                id="over-n-plus-one",
                message="Each of your values sums the right elements, the first n, but divides "
                "by n + 1, one more than it added up: a mean of n elements divides by n.",
                example=lambda: _sums_over_n_plus_one,
            ),
            Mistake(  # round 16
                id="truncated",
                message="Your means are those of the values cut toward 0 to whole numbers: "
                "converting floats to an integer dtype drops the fraction of each element "
                "before it is added up.",
                example=lambda: _truncated_means,
                matches=_truncated,
            ),
            Mistake(  # round 19
                id="lengths-wrap",
                message="Your means are right for every n below 256 and wrong for n = 264: "
                "your lengths were kept in 8 bits (uint8, or int8), which hold 256 values, "
                "so 264 wraps around to 8. A length can be as large as x is long, and x can be "
                "longer than 255 elements.",
                example=lambda: _means_of_wrapped_lengths,
                matches=_lengths_wrapped,
            ),
            Mistake(  # round 16
                id="page-length",
                message="Your function gives the right means on an x of 1000 elements, the "
                "length of the page's series, and not on the check's x of another length: "
                "a length written as 1000 holds for that series only.",
                example=lambda: _fixed_1000,
                matches=_page_length_only,
            ),
            Mistake(  # round 12
                id="floored",
                message="Your means are rounded down to whole numbers: // divides and then "
                "floors, on floats too.",
                example=lambda: _floored_means,
            ),
        ),
        success="One shape for every length: the code is compiled once per x, and n is data.",
        variants=PREFIX_VARIANTS,
    ),
    Exercise(
        id="15.donate",
        title="Predict which results reuse a donated buffer",
        prediction=True,
        explanation=(
            "A, C and E. JAX gives a donated input's buffer to a result of the same shape "
            "and dtype: 2 * x + 1 (A), x @ x (C: the matmul cannot work in place, but its "
            "result ends up in the donated buffer) and the second result of E, x * 2. B's slice "
            "is half of x and D's concatenation twice x: no result fits, the donation is "
            "unusable and JAX warns. The cell below shows four other functions."
        ),
        reference=lambda: DONATE,
        rule=DonateLetters(),
        hints=(
            "A donated buffer is given to a result that has exactly the input's shape and "
            "dtype. Work out each result's shape and dtype; how it is computed does not "
            "matter.",
            "x is float32 (256, 256). A slice of it and a concatenation have other shapes; "
            "a matmul of x with itself, an elementwise expression, and one result of a "
            "tuple can have x's.",
            'reuses = "ACE"',
        ),
        solution='reuses = "ACE"',
        mistakes=(
            Mistake(
                id="matmul-in-place",
                message="C reuses the buffer too: x @ x cannot be computed in place, but its "
                "result has x's shape and dtype, and it is written into the donated buffer.",
                example=lambda: "AE",
            ),
            Mistake(
                id="tuple",
                message="E reuses the buffer too: a function may return several results, "
                "and x * 2, one of E's, has x's shape and dtype.",
                example=lambda: "AC",
            ),
            Mistake(
                id="smaller-fits",
                message="B's slice is float32 (256, 128): it would fit in x's buffer, but a "
                "donated buffer goes only to a result of x's own shape and dtype, and JAX "
                "warns that the donation was not usable.",
                example=lambda: "ABCE",
            ),
            Mistake(
                id="elementwise-only",
                message="Not only elementwise results reuse a donated buffer: what counts is "
                "the result's shape and dtype, and a matmul's or one of several results' "
                "can match.",
                example=lambda: "A",
            ),
            Mistake(
                id="every-one",
                message="Not every function can use the buffer: B's and D's results have "
                "other shapes than x, and a donated buffer goes to a result of its own "
                "shape and dtype.",
                example=lambda: "ABCDE",
            ),
        ),
        success="A, C and E: a result of x's shape and dtype takes its buffer, whatever "
        "computed it.",
    ),
)
