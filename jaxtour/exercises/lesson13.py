"""Exercises for lessons/13_debugging_and_numerics.ipynb: find the operation that made a
NaN with jax.debug_nans, fix a NaN gradient with the double where, report bad input from
jitted code with checkify, and predict a float32 result.

Two rules live here, not in the grader, because only this lesson needs them:
``ValueAndGradient`` (a function judged by its values *and* its gradient, under jit) and
``ReportsBadInput`` (a function judged through ``jax.jit(checkify.checkify(f))``: which
inputs make it report an error, and its values on the others).
"""

from __future__ import annotations

import functools
import re
import types
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxtour import i18n  # i18n._: `_` is this module's throwaway name
from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader.compare import compare_arrays, describe, short_repr
from jaxtour.grader.learner_code import LearnerCodeError, call_learner, transformed
from jaxtour.grader.mistakes import (
    learner_functions,
    primitive_names,
    returns_none,
    uses_module,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import Choice
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.grader.variants import key as variant_key
from jaxtour.lazy import is_jax_array


def _checkify() -> Any:
    """jax.experimental.checkify, imported on first use (import jaxtour stays cheap)."""
    from jax.experimental import checkify

    return checkify


def _x64() -> bool:
    return bool(jax.config.jax_enable_x64)


def _per_answer(probe: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``probe(answer)``, computed once per answer object, x64 setting and variant (a
    mistake's example reads its variant's values): the rule and several mistakes ask
    about one answer, and each fresh jax.jit of it would compile again. An answer that
    cannot be weakly referenced is probed every time."""
    results: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    @functools.wraps(probe)
    def cached(answer: Any) -> Any:
        x64 = (_x64(), variant_key())
        try:
            return results[answer][x64]
        except (KeyError, TypeError):  # not seen, or not weak-referenceable
            pass
        found = probe(answer)
        try:
            results.setdefault(answer, {})[x64] = found
        except TypeError:
            pass
        return found

    return cached


# --- 13.first_nan -----------------------------------------------------------------------

# Asked of entropy_guarded, whose where throws the NaN of 0.0 * -inf away: under
# jax.debug_nans, called as it is it raises at mul (each operation's output is checked), and
# jitted it returns the finite value (only the compiled function's output is checked). The
# page runs jax.debug_nans on the unguarded entropy (mul, 0.0 * -inf) before the question; the
# reveal runs both calls of entropy_guarded, whose outcome C and D share: they differ in why
# the jitted call raises nothing (D's compiled where computing one branch is lesson 07's
# mistake).
NAN_OPTIONS = ("A", "B", "C", "D", "E", "F")
NAN_TEXTS = (
    "both raise FloatingPointError at mul: the product 0.0 × -inf is still computed, "
    "whatever where then picks",
    "neither raises: where puts 0.0 in place of the NaN, so no operation's output holds one",
    "called as it is, it raises at mul; jitted, it returns 0.562 and raises nothing: under "
    "jit the checker sees only the compiled function's output, which is finite",
    "called as it is, it raises at mul; jitted, it returns 0.562 and raises nothing: "
    "compiled, jnp.where computes only the branch it picks, so the product 0.0 × -inf is "
    "never made",
    "called as it is, it returns 0.562; jitted, it raises at mul: compiling joins the "
    "operations into one program, whose NaN JAX finds by running it again without jit",
    "both raise at log: the checker stops at jnp.log(0.0), before the product",
)


# --- 13.xlogx_gradient ------------------------------------------------------------------
# A coin's entropy, -(p log p + (1 - p) log(1 - p)): x log x twice, with a log that sees 0 at
# each end of [0, 1]. The lesson's fix for sqrt (the guard p > 0, the fill 1.0) guards
# neither end here: at p = 0 it hands log(1 - p) a 0, and at p = 1 nothing is guarded.


# The log's base varies per learner (issue 38): the page's entropy is in nats (jnp.log,
# variant 0), a variant's in bits (jnp.log2) or in decimal digits (jnp.log10), so a
# neighbour's function, or the page's logs copied, fail. Every function below takes its
# log from _log at call time.
XLOGX_VARIANTS = Variants(
    default={"base": "e", "log": "jnp.log"},
    draw=lambda rng: dict(
        rng.choice(({"base": "2", "log": "jnp.log2"}, {"base": "10", "log": "jnp.log10"}))
    ),
    shown="Your entropy takes its logarithms to base {base}: every log in coin_entropy is {log}.",
)
_NATS_PER_UNIT = {"jnp.log": 1.0, "jnp.log2": 0.6931471805599453, "jnp.log10": 2.302585092994046}


def _log_name() -> str:
    return XLOGX_VARIANTS.current("13.xlogx_gradient")["log"]


def _log(x):
    """The log of the learner's variant (variant 0: jnp.log)."""
    return getattr(jnp, _log_name().removeprefix("jnp."))(x)


def _xlogx(p):
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p)), 0.0)


def _xlogx_single_where(p):  # the lesson's coin_entropy_buggy
    inside = (p > 0) & (p < 1)
    return jnp.where(inside, -(p * _log(p) + (1 - p) * _log(1 - p)), 0.0)


def _xlogx_sqrt_fix(p):  # safe_sqrt_fixed's guard and fill, as they are
    positive = p > 0
    safe_p = jnp.where(positive, p, 1.0)
    entropy = -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p))
    return jnp.where(positive & (p < 1), entropy, 0.0)


def _xlogx_zero_end_only(p):
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(p > 0, p, 0.5)
    return jnp.where(inside, -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p)), 0.0)


def _xlogx_epsilon(p):
    return -(p * _log(p + 1e-12) + (1 - p) * _log(1 - p + 1e-12))


def _xlogx_no_return(p):
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    jnp.where(inside, -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p)), 0.0)


def _xlogx_python_if(p):
    if 0 < p < 1:
        return -(p * _log(p) + (1 - p) * _log(1 - p))
    return 0.0


def _xlogx_cond(p):
    return jax.lax.cond(
        (p > 0) & (p < 1),
        lambda q: -(q * _log(q) + (1 - q) * _log(1 - q)),
        lambda q: 0.0 * q,
        p,
    )


def _xlogx_no_outer_where(p):  # the logs kept from the ends, the ends' 0.0 not put back
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    return -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p))


def _xlogx_bits(p):  # another unit than the variant's: bits (nats for a variant in bits)
    if _log_name() == "jnp.log2":
        return _xlogx(p) * jnp.log(2.0)
    return _xlogx(p) / jnp.log(2.0)


def _xlogx_terms_apart(p):  # each x log x made safe on its own
    def xlogx(x):
        positive = x > 0
        safe_x = jnp.where(positive, x, 1.0)
        return jnp.where(positive, safe_x * _log(safe_x), 0.0)

    return -(xlogx(p) + xlogx(1 - p))


def _xlogx_nan_hidden(p):  # round 20: the buggy where kept, its gradient's NaN hidden
    @jax.custom_jvp
    def entropy(q):
        return _xlogx_single_where(q)

    @entropy.defjvp
    def entropy_jvp(primals, tangents):
        (q,), (dq,) = primals, tangents
        slope = jax.grad(lambda v: -(v * _log(v) + (1 - v) * _log(1 - v)))
        slopes = jax.vmap(slope)(q.ravel()).reshape(q.shape)
        return entropy(q), jnp.nan_to_num(slopes, nan=0.0, posinf=0.0, neginf=0.0) * dq

    return entropy(p)


_FINITENESS_TESTS = ("is_finite", "ne", "eq")  # isfinite; isnan is x != x (eq: x == x)


def _tests_finiteness(jaxpr: Any) -> bool:
    """The program asks whether a value is finite or NaN (jnp.isfinite, jnp.isnan,
    jnp.nan_to_num): is_finite, or a comparison of a value with itself."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name == "is_finite":
            return True
        if name in _FINITENESS_TESTS and len(eqn.invars) == 2:
            if eqn.invars[0] is eqn.invars[1]:
                return True
        for value in eqn.params.values():
            for inner in value if isinstance(value, tuple | list) else (value,):
                inner = getattr(inner, "jaxpr", None)
                inner = getattr(inner, "jaxpr", inner)
                if inner is not None and hasattr(inner, "eqns") and _tests_finiteness(inner):
                    return True
    return False


def _nan_made_and_hidden(answer: Any) -> bool:
    """Matches a function whose gradient is 0.0 at both ends only because a NaN made on the
    way is hidden by a test of the value (nan_to_num, a where on isnan or isfinite, in a
    custom rule or not): run op by op on the check's first input, some operation makes a
    NaN, and its program tests values for NaN. A fixed where tests the input's range, not
    the values: a NaN its unused branch makes (a safe value of 0.0) is dropped by it."""
    ends = _gradients_at_ends(answer)
    if ends is None or not all(float(g) == 0.0 for g in ends):
        return False  # what the gradient at the ends is wrong with is said otherwise
    (p,) = _xlogx_inputs()[0]

    def value_and_grad(q):
        return jax.value_and_grad(lambda v: jnp.sum(answer(v)))(q)

    def op_by_op(q):
        with jax.disable_jit(), jax.debug_nans(True):
            return value_and_grad(q)

    try:
        call_learner(op_by_op, (p,))
    except LearnerCodeError as exc:
        if not isinstance(exc.error, FloatingPointError):
            return False
        try:
            program = call_learner(jax.make_jaxpr(value_and_grad), (p,))
        except LearnerCodeError:
            return False
        return _tests_finiteness(program.jaxpr)
    return False


def _xlogx_inputs():
    """Where values and gradient are checked: 0.0 and 1.0 in each, for that is where the
    bug lives (the vector's first and last entries); a vector and a matrix, for p may have
    any shape."""
    return [
        (jnp.array([0.0, 1e-3, 0.25, 0.5, 0.9, 1.0]),),
        (jnp.array([[0.0, 0.75], [1.0, 0.1]]),),
        (jnp.array(1.0),),  # 0-d, one probability: "any shape" has no axis to ask for
    ]


ENDS = {"0.0": 0, "1.0": -1}  # where, in the first input, the gradient at each end is


@concrete_cache
def _jitted_value_and_grad(fn: Callable[..., Any], variant: Any = ()) -> Callable[..., Any]:
    """The grader's own functions, jitted once per variant (``variant``, the key its trace
    depends on): values, and the gradient of their sum."""
    return _value_and_grad(fn)


def _value_and_grad(fn: Callable[..., Any]) -> Callable[..., Any]:
    return jax.jit(lambda p: (fn(p), jax.grad(lambda q: jnp.sum(fn(q)))(p)))


@_per_answer
def _answer_value_and_grad(answer: Any) -> Callable[..., Any]:
    """The learner's function, jitted once per check: the rule and the mistakes share
    what it compiled."""
    return _value_and_grad(answer)


@_per_answer
def _zero_probe(answer: Any) -> tuple[str, Any]:
    """("gradient", the gradient at p = 0.0 and at p = 1.0) or ("raised", the exception):
    on every input, for an answer may fail on one shape only (a vmap of a scalar lax.cond
    runs on a vector and fails on a matrix)."""
    try:
        gradients = [_answer_value_and_grad(answer)(p)[1] for (p,) in _xlogx_inputs()]
        first = np.asarray(gradients[0])
        return "gradient", tuple(first[i] for i in ENDS.values())
    except Exception as exc:
        return "raised", exc


def _gradients_at_ends(answer: Any) -> tuple[Any, Any] | None:
    """The answer's gradient at p = 0.0 and at p = 1.0 (NumPy floats), or None."""
    if not callable(answer):
        return None
    kind, found = _zero_probe(answer)
    return found if kind == "gradient" else None


def _values_nan_at_an_end(answer: Any) -> bool:
    """The answer's own value (not its gradient) is NaN at p = 0.0 or at p = 1.0."""
    if not callable(answer) or _zero_probe(answer)[0] != "gradient":
        return False
    try:
        value = np.asarray(_answer_value_and_grad(answer)(_xlogx_inputs()[0][0])[0])
        return value.shape != () and any(bool(np.isnan(value[i])) for i in ENDS.values())
    except Exception:
        return False


def _not_finite_at_both_ends(answer: Any) -> bool:
    ends = _gradients_at_ends(answer)
    return (
        ends is not None
        and not any(np.isfinite(g) for g in ends)
        and not _values_nan_at_an_end(answer)
    )


def _xlogx_closed_interval(p):
    inside = (p >= 0) & (p <= 1)  # every p of [0, 1]: the log formula at both ends
    return jnp.where(inside, -(p * jnp.log(p) + (1 - p) * jnp.log(1 - p)), 0.0)


XLOGX_FUNCTIONS = ("xlogy", "entr", "xlog1py", "rel_entr", "kl_div")
_SCIPY_XLOGX = (
    uses_module("jax.scipy.special", XLOGX_FUNCTIONS),  # imported, or read off the module
    uses_module("jax._src.scipy.special", XLOGX_FUNCTIONS),  # the function, bound to a name
)


def _names_xlogx(answer: Any) -> bool:
    """The learner's code reads one of XLOGX_FUNCTIONS: as a name or an attribute (an
    import of the module inside the function, ``special.xlogy``), or bound to a name."""
    read = {
        name
        for fn in learner_functions(answer)
        for code in (fn.__code__, *(c for c in fn.__code__.co_consts if hasattr(c, "co_names")))
        for name in code.co_names
    }
    return bool(read & set(XLOGX_FUNCTIONS)) or any(uses(answer) for uses in _SCIPY_XLOGX)


def _library_xlogx_not_finite(answer: Any) -> bool:
    """Not finite at both ends, and the answer calls jax.scipy.special's x log x (xlogy,
    entr): no where of its own, the infinity comes from the library's derivative rule."""
    return callable(answer) and _names_xlogx(answer) and _not_finite_at_both_ends(answer)


def _xlogx_xlogy(p):
    from jax.scipy.special import xlogy

    return -(xlogy(p, p) + xlogy(1 - p, 1 - p))


def _not_finite_at_one_end(answer: Any) -> bool:
    ends = _gradients_at_ends(answer)
    return ends is not None and sum(not np.isfinite(g) for g in ends) == 1


def _finite_but_not_zero_at_an_end(answer: Any) -> bool:
    """A small number added inside the logs (or a clip): finite, but about log(epsilon)
    rather than 0, at an end (the other may be NaN: under jit, 1 - p + 1e-12 rounds)."""
    ends = _gradients_at_ends(answer)
    # above 2: each term's own slope at an end (terms-apart's) is 1 in nats, 1.44 in bits
    return ends is not None and any(np.isfinite(g) and abs(float(g)) > 2.0 for g in ends)


def _values_on_inputs(answer: Any) -> list[tuple[Any, Any, Any]] | None:
    """(p, the answer's values, the task's values) on every input, as NumPy arrays; None
    when the answer is no function, raises, or gives another shape."""
    if not callable(answer) or _raised(answer) is not None:
        return None
    found = []
    for (p,) in _xlogx_inputs():
        got = np.asarray(_answer_value_and_grad(answer)(p)[0], dtype=np.float64)
        want = np.asarray(_jitted_value_and_grad(_xlogx, variant_key())(p)[0], dtype=np.float64)
        if got.shape != want.shape:
            return None
        found.append((np.asarray(p), got, want))
    return found


def _right_inside_wrong_at_ends(answer: Any) -> bool:
    """Every value strictly between 0 and 1 right, a value at p = 0 or p = 1 wrong: the
    logs were kept from the ends, but nothing puts the ends' 0.0 back (no outer where)."""
    found = _values_on_inputs(answer)
    if found is None:
        return False
    wrong_at_an_end = False
    for p, got, want in found:
        inside = (p > 0) & (p < 1)
        close = np.isclose(got, want, rtol=1e-5, atol=1e-6)
        if not close[inside].all():
            return False
        wrong_at_an_end = wrong_at_an_end or not close[~inside].all()
    return wrong_at_an_end


def _scaled_values(answer: Any) -> bool:
    """Every value the task's times one constant factor, not 1 (another log's base, or a
    factor of the learner's own)."""
    found = _values_on_inputs(answer)
    if found is None:
        return False
    got = np.concatenate([g.ravel() for _, g, _ in found])
    want = np.concatenate([w.ravel() for _, _, w in found])
    if not np.all(np.isfinite(got)) or not np.any(want != 0):
        return False
    factor = got[np.argmax(np.abs(want))] / want[np.argmax(np.abs(want))]
    return (
        not np.isclose(abs(factor), 1.0, rtol=1e-4)  # -1: negated's
        and factor != 0
        and bool(np.allclose(got, factor * want, rtol=1e-4, atol=1e-6))
    )


def _one_term_only(answer: Any) -> bool:
    """Strictly between 0 and 1, every value is one x log x term alone, the same one on
    every input: -p log p, or -(1 - p) log(1 - p) (round 19), in the variant's base."""
    found = _values_on_inputs(answer)
    if found is None:
        return False
    unit = _NATS_PER_UNIT[_log_name()]
    for side in (lambda p: p, lambda p: 1 - p):
        if all(
            np.allclose(
                got[inside], -side(p[inside]) * np.log(side(p[inside])) / unit, rtol=1e-4, atol=1e-6
            )
            for p, got, _ in found
            for inside in [(p > 0) & (p < 1)]
        ):
            return True
    return False


def _xlogx_one_term(p):  # -p log p alone, guarded as the task's
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    return jnp.where(inside, -safe_p * _log(safe_p), 0.0)


def _negated_values(answer: Any) -> bool:
    """Every value the task's times -1: the entropy's leading minus left out (round 19)."""
    found = _values_on_inputs(answer)
    if found is None:
        return False
    got = np.concatenate([g.ravel() for _, g, _ in found])
    want = np.concatenate([w.ravel() for _, _, w in found])
    return bool(
        np.all(np.isfinite(got))
        and np.any(want != 0)
        and np.allclose(got, -want, rtol=1e-4, atol=1e-6)
    )


def _xlogx_negated(p):  # the page's guarded formula, the leading minus left out
    return -_xlogx(p)


def _gradient_zero_everywhere(answer: Any) -> bool:
    """The right values, and a gradient of exactly 0.0 at every p: the whole formula kept
    out of the backward pass (stop_gradient around it, round 19)."""
    found = _values_on_inputs(answer)
    if found is None or not all(np.allclose(g, w, rtol=1e-5, atol=1e-6) for _, g, w in found):
        return False
    for (p,) in _xlogx_inputs():
        grad = np.asarray(_answer_value_and_grad(answer)(p)[1], dtype=np.float64)
        if not np.all(grad == 0.0):
            return False
    return True


def _xlogx_stopped(p):  # the page's guarded formula behind one stop_gradient
    return jax.lax.stop_gradient(_xlogx(p))


def _slope_one_at_the_ends(answer: Any) -> bool:
    """The right values, and a gradient of +1 at p = 0 and -1 at p = 1: each x log x term
    guarded on its own, so the other term's slope, that of (1 - p) log(1 - p) at p = 0,
    is left at each end."""
    found = _values_on_inputs(answer)
    if found is None or not all(np.allclose(g, w, rtol=1e-5, atol=1e-6) for _, g, w in found):
        return False
    ends = _gradients_at_ends(answer)
    slope = 1.0 / _NATS_PER_UNIT[_log_name()]  # x log x's slope at 1 is 1 in nats
    return ends is not None and bool(
        np.allclose(np.asarray(ends, dtype=np.float64), [slope, -slope], rtol=1e-4)
    )


def _raised(answer: Any) -> BaseException | None:
    if not callable(answer):
        return None
    kind, found = _zero_probe(answer)
    return found if kind == "raised" else None


def _python_truth_value(answer: Any) -> bool:
    """Python asked a traced or many-valued p for one truth value (round 15: a ValueError
    of another cause, an axis out of bounds, is not this)."""
    error = _raised(answer)
    if error is None:
        return False
    name = type(error).__name__
    return name in ("TracerBoolConversionError", "ConcretizationTypeError") or (
        name == "ValueError" and "truth value" in str(error)
    )


def _fails_with_message(text: str) -> Callable[[Any], bool]:
    def matches(answer: Any) -> bool:
        error = _raised(answer)
        return error is not None and text in str(error)

    return matches


def _fails_only_when_zero_d(answer: Any) -> bool:
    """Raises on the 0-d p alone: the vector and the matrix run."""
    if _raised(answer) is None:
        return False
    try:
        for (p,) in _xlogx_inputs():
            if np.ndim(p):
                _answer_value_and_grad(answer)(p)
    except Exception:
        return False
    return True


def _xlogx_zeros_like_len(p):  # the fill made with len(p): a 0-d p has no length
    inside = (p > 0) & (p < 1)
    safe_p = jnp.where(inside, p, 0.5)
    entropy = -(safe_p * _log(safe_p) + (1 - safe_p) * _log(1 - safe_p))
    return jnp.where(inside, entropy, jnp.zeros(len(p)))


@dataclass(frozen=True)
class ValueAndGradient:
    """The answer must be a function whose values and whose gradient (of their sum) agree
    with the reference's on every input, computed under jax.jit."""

    inputs: Callable[[], list[tuple[Any, ...]]]

    def warm_up(self, expected: Callable[..., Any]) -> None:
        for (p,) in self.inputs():
            _jitted_value_and_grad(expected, variant_key())(p)

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._("Expected a function, but this is {what}.").format(what=describe(answer))
        checked = transformed(_answer_value_and_grad, answer)
        for (p,) in self.inputs():
            want_value, want_grad = _jitted_value_and_grad(expected, variant_key())(p)
            got_value, got_grad = call_learner(checked, (p,))
            shown = short_repr(p, 40)
            problem = compare_arrays(got_value, want_value, check_dtype=False)
            if problem:
                return i18n._("At p = {shown} the values are wrong. {problem}").format(
                    shown=shown, problem=problem
                )
            problem = _gradient_problem(got_grad, want_grad)
            if problem:
                return i18n._("At p = {shown} the gradient is wrong: {problem}").format(
                    shown=shown, problem=problem
                )
        return None


def _gradient_problem(got: Any, want: Any) -> str | None:
    got, want = np.atleast_1d(np.asarray(got)), np.atleast_1d(np.asarray(want))
    if got.shape != want.shape:
        return i18n._("it has shape {shape}, where {shape2} was expected.").format(
            shape=got.shape, shape2=want.shape
        )
    close = np.isclose(got, want, rtol=1e-5, atol=1e-6) | (np.isnan(got) & np.isnan(want))
    if close.all():
        return None
    i = int(np.argmin(close))
    return i18n._("element {i} is {got}, where it should be {want}.").format(
        i=i, got=got[i], want=want[i]
    )


# --- 13.check_prices --------------------------------------------------------------------
# Issue 38: how many steps apart the prices a log return compares lie is the learner's
# variant (1 on the page: jnp.diff), so that a neighbour's returns, or the page's, are
# other numbers; the check of the prices is the same for every variant.
LAG_VARIANTS = Variants(
    default={"lag": 1},
    draw=lambda rng: {"lag": rng.choice((2, 3))},
    shown="log_returns(prices) returns log(prices[{lag}:]) - log(prices[:-{lag}]): the log "
    "return over {lag} step(s), each price against the one {lag} step(s) before it.",
)


def _lag() -> int:
    """The lag of this learner's variant (variant 0: 1, jnp.diff's)."""
    return LAG_VARIANTS.current("13.check_prices")["lag"]


def _lagged(values):
    """Each value less the one ``_lag()`` steps before it (jnp.diff for a lag of 1)."""
    return values[_lag() :] - values[: -_lag()]


def _log_returns(prices):
    bad = jnp.argmax(prices <= 0)  # the first price that is not positive (0 when none is)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", bad, prices[bad])
    return _lagged(jnp.log(prices))


def _returns_f_string(prices):  # formatted while jit traces: the values are tracers
    bad = jnp.argmax(prices <= 0)
    _checkify().check(jnp.all(prices > 0), f"price {bad} is {prices[bad]}, not positive")
    return _lagged(jnp.log(prices))


def _returns_all_prices_shown(prices):  # the lesson's {} with the whole array: no position
    _checkify().check(jnp.all(prices > 0), "prices must be positive, got {}", prices)
    return _lagged(jnp.log(prices))


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?(?![\w])")


def _names_first_bad(
    error: Any, prices: Any, *, price_first: bool = False, adjacent: bool = True
) -> bool:
    """The error's text holds the position of the first price that is not positive, as an
    integer, and that price as the next number: "price 1 is 0.0" (the task's order; with
    ``price_first``, the other order: "price 0.0 is 1"). Not ``adjacent``: anywhere after
    it, other numbers between ("price 1 is [3. 0. -1.]", round 16)."""
    values = np.asarray(prices, dtype=np.float64)
    bad = np.flatnonzero(values <= 0)
    if not bad.size:
        return True
    index, price = int(bad[0]), float(values[bad[0]])
    tokens = _NUMBER.findall(str(error))
    if price_first:
        tokens.reverse()
    return any(
        re.fullmatch(r"-?\d+", t) and int(t) == index and np.isclose(float(u), price)
        for i, t in enumerate(tokens)
        for u in tokens[i + 1 : i + 2 if adjacent else None]
    )


def _names_other_pairs(error: Any, prices: Any) -> bool:
    """The error's text also names another position with its price, an integer that is a
    position of prices other than the first bad one, the next number that position's price
    ("price 0 is 100.0 price 1 is 0.0 ...": every pair named, so the first bad one is in it
    wherever it is; round 18's sneaky answers)."""
    values = np.asarray(prices, dtype=np.float64)
    bad = np.flatnonzero(values <= 0)
    first = int(bad[0]) if bad.size else -1
    tokens = _NUMBER.findall(str(error))
    return any(
        re.fullmatch(r"\d+", t)
        and int(t) != first
        and int(t) < values.size
        and np.isclose(float(u), values[int(t)])
        for t, u in zip(tokens, tokens[1:], strict=False)
    )


def _price_before_position(answer: Any) -> bool:
    """Names each first bad price and its position, in the other order only."""
    if not callable(answer):
        return False
    kind, runs = _prices_probe(answer)
    if kind != "runs":
        return False
    bad = runs[len(_good_prices()) :]
    return all(
        error is not None
        and not _names_first_bad(error, args[0])
        and _names_first_bad(error, args[0], price_first=True)
        for (error, _), args in zip(bad, _bad_prices(), strict=True)
    )


def _returns_price_first(prices):
    bad = jnp.argmax(prices <= 0)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", prices[bad], bad)
    return jnp.diff(jnp.log(prices))


def _names_pair(error: Any, position: int, price: float) -> bool:
    """The error's text holds ``position`` as an integer and ``price`` as the next number."""
    tokens = _NUMBER.findall(str(error))
    return any(
        re.fullmatch(r"-?\d+", t) and int(t) == position and np.isclose(float(u), price)
        for t, u in zip(tokens, tokens[1:], strict=False)
    )


def _bad_errors(answer: Any) -> list[tuple[Any, np.ndarray]] | None:
    """(error, prices) on every bad case, where the answer reports an error on each of them
    and none on the good ones; None otherwise."""
    if not callable(answer):
        return None
    kind, runs = _prices_probe(answer)
    if kind != "runs":
        return None
    good = len(_good_prices())
    if any(error is not None for error, _ in runs[:good]):
        return None
    found = [
        (error, np.asarray(args[0], dtype=np.float64))
        for (error, _), args in zip(runs[good:], _bad_prices(), strict=True)
    ]
    return None if any(error is None for error, _ in found) else found


def _names_each(answer: Any, pick: Callable[[np.ndarray], tuple[int, float]]) -> bool:
    """On every bad case the error names the position and price ``pick(prices)`` gives,
    and on one at least another pair than the first price that is not positive's, which
    the error then does not name (an error that names every pair is another mistake)."""
    found = _bad_errors(answer)
    if found is None:
        return False
    firsts = [_first_bad(values) for _, values in found]
    named = [pick(values) for _, values in found]
    return any(
        n[0] != f[0] or not np.isclose(n[1], f[1]) for n, f in zip(named, firsts, strict=True)
    ) and all(
        _names_pair(error, position, price)
        and ((position, price) == first or not _names_pair(error, *first))
        for (error, _), (position, price), first in zip(found, named, firsts, strict=True)
    )


def _first_bad(values: np.ndarray) -> tuple[int, float]:
    """The position of the first price that is not positive, and that price."""
    first = int(np.flatnonzero(values <= 0)[0])
    return first, float(values[first])


def _at(values: np.ndarray, position: int) -> tuple[int, float]:
    return position, float(values[position])


def _position_from_one(answer: Any) -> bool:  # round 20
    """Names each first bad price with its position counted from 1."""
    return _names_each(answer, lambda values: (_first_bad(values)[0] + 1, _first_bad(values)[1]))


def _smallest_named(answer: Any) -> bool:  # round 20
    """Names the smallest price and its position, not the first that is not positive."""
    return _names_each(answer, lambda values: _at(values, int(np.argmin(values))))


def _first_negative_named(answer: Any) -> bool:  # round 20
    """Names the first negative price, or position 0 where none is: a 0.0 not searched for."""
    return _names_each(answer, lambda values: _at(values, int(np.argmax(values < 0))))


def _position_without_price(answer: Any) -> bool:  # round 20
    """Names the position of each first bad price as an integer, and never that price."""
    found = _bad_errors(answer)
    if found is None:
        return False
    for error, values in found:
        first = _first_bad(values)[0]
        tokens = _NUMBER.findall(str(error))
        if not any(re.fullmatch(r"-?\d+", t) and int(t) == first for t in tokens):
            return False
        if _names_pair(error, first, float(values[first])):
            return False
    return True


def _other_lag(answer: Any) -> bool:  # round 20
    """Reports the bad prices as the reference does, and returns on the good ones the log
    returns over another number of steps than this variant's."""
    if _bad_errors(answer) is None:
        return False
    _, runs = _prices_probe(answer)
    outputs = [np.asarray(output, dtype=np.float64) for _, output in runs[: len(_good_prices())]]
    for lag in (1, 2, 3):
        if lag == _lag():
            continue
        logs = [np.log(np.asarray(args[0], dtype=np.float64)) for args in _good_prices()]
        wanted = [values[lag:] - values[:-lag] for values in logs]
        if all(
            got.shape == want.shape and np.allclose(got, want, rtol=1e-4, atol=1e-5)
            for got, want in zip(outputs, wanted, strict=True)
        ):
            return True
    return False


def _returns_from_one(prices):
    bad = jnp.argmax(prices <= 0)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", bad + 1, prices[bad])
    return _lagged(jnp.log(prices))


def _returns_smallest(prices):
    worst = jnp.argmin(prices)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", worst, prices[worst])
    return _lagged(jnp.log(prices))


def _returns_first_negative(prices):
    bad = jnp.argmax(prices < 0)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", bad, prices[bad])
    return _lagged(jnp.log(prices))


def _returns_position_only(prices):
    bad = jnp.argmax(prices <= 0)
    _checkify().check(jnp.all(prices > 0), "price {} is not positive", bad)
    return _lagged(jnp.log(prices))


def _returns_other_lag(prices):
    bad = jnp.argmax(prices <= 0)
    _checkify().check(jnp.all(prices > 0), "price {} is {}, not positive", bad, prices[bad])
    lag = 2 if _lag() == 1 else 1
    logs = jnp.log(prices)
    return logs[lag:] - logs[:-lag]


_TRACER_TEXT = re.compile(r"Traced<|Tracer\(")  # how a tracer prints: JitTracer(int32[])


def _formatted_a_tracer(answer: Any) -> bool:
    """Reports an error on bad prices, and its text holds a tracer's name: an f-string (or
    str, format) turned the values into text while jit traced the function."""
    if not callable(answer):
        return False
    kind, runs = _prices_probe(answer)
    if kind != "runs":
        return False
    return any(error is not None and _TRACER_TEXT.search(str(error)) for error, _ in runs)


def _returns_no_check(prices):
    return _lagged(jnp.log(prices))


def _returns_zero_allowed(prices):
    _checkify().check(jnp.all(prices >= 0), "prices must not be negative")
    return _lagged(jnp.log(prices))


def _returns_nan_checked(prices):
    out = _lagged(jnp.log(prices))
    _checkify().check(~jnp.any(jnp.isnan(out)), "NaN in the log returns")
    return out


def _checks_result_for_nan(answer: Any) -> bool:
    """Reports a NaN in the result, not bad prices: one zero price (log gives -inf, the
    differences -inf and inf, no NaN) goes through, two zeros the lag apart (-inf - -inf is
    NaN) do not; a check of the prices treats both alike."""
    if not callable(answer):
        return False
    two = {1: [100.0, 0.0, 0.0, 98.0], 2: [100.0, 0.0, 99.0, 0.0], 3: [0.0, 0.0, 99.0, 0.0]}
    try:
        run = transformed(_checked, answer)
        one_zero = call_learner(run, (jnp.array([100.0, 0.0, 99.0, 98.0]),))[0]
        two_zeros = call_learner(run, (jnp.array(two[_lag()]),))[0]
    except Exception:
        return False
    return one_zero is None and two_zeros is not None


def _returns_any(prices):
    _checkify().check(jnp.any(prices > 0), "prices must be positive")
    return _lagged(jnp.log(prices))


def _returns_inverted(prices):
    _checkify().check(jnp.any(prices <= 0), "prices must be positive")
    return _lagged(jnp.log(prices))


def _returns_assert(prices):
    assert jnp.all(prices > 0), "prices must be positive"
    return _lagged(jnp.log(prices))


def _returns_no_diff(prices):
    _checkify().check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(prices)


def _returns_simple(prices):
    _checkify().check(jnp.all(prices > 0), "prices must be positive")
    return _lagged(prices) / prices[: -_lag()]


def _returns_log_of_diff(prices):
    _checkify().check(jnp.all(prices > 0), "prices must be positive")
    return jnp.log(_lagged(prices))


def _returns_no_log(prices):
    _checkify().check(jnp.all(prices > 0), "prices must be positive")
    return _lagged(prices)


def _returns_elementwise(prices):
    _checkify().check(prices > 0, "prices must be positive")
    return _lagged(jnp.log(prices))


def _good_prices():
    return [
        (jnp.array([100.0, 101.5, 99.0, 102.0]),),
        (jnp.array([2.0, 1.0, 4.0, 8.0]),),
    ]


def _bad_prices():
    """Of one shape with the good ones: one compile serves every case."""
    return [
        (jnp.array([100.0, 0.0, 99.0, 98.0]),),  # a zero: log gives -inf
        (jnp.array([100.0, -1.0, 99.0, 98.0]),),  # a negative: log gives NaN
        (jnp.array([-3.0, -2.0, -1.0, -4.0]),),  # none positive
        (jnp.array([0.0, 101.0, 99.0, 98.0]),),  # only the first: a check of prices[1:] misses it
        (jnp.array([100.0, 101.0, 99.0, -2.0]),),  # only the last: prices[:-1] misses it
    ]


def _checked(fn: Callable[..., Any]) -> Callable[..., Any]:
    """fn, checkified and jitted; it returns (error message or None, output)."""
    wrapped = jax.jit(_checkify().checkify(fn))

    def run(prices: Any) -> tuple[Any, Any]:
        error, output = wrapped(prices)
        return error.get(), output

    name = getattr(fn, "__name__", None)
    run.__name__ = name if isinstance(name, str) else "your function"  # in error messages
    return run


@concrete_cache
def _expected_runs(
    fn: Callable[..., Any], x64: bool, variant: Any = ()
) -> tuple[tuple[Any, Any], ...]:
    """What the grader's own function reports on every case, once per x64 setting and
    variant (``variant_key()``: a variant's reference reads its lag while traced)."""
    run = _checked(fn)
    return tuple(run(*args) for args in _good_prices() + _bad_prices())


@_per_answer
def _prices_probe(answer: Any) -> tuple[str, Any]:
    """("runs", (error, output) on every case, good then bad) or ("raised", exception)."""
    try:
        run = _checked(answer)
        return "runs", tuple(run(*args) for args in _good_prices() + _bad_prices())
    except Exception as exc:
        return "raised", exc


def _returns_checked_pair(answer: Any) -> bool:
    """Already checkified: it returns (Error, output) itself."""
    if not callable(answer):
        return False
    try:
        result = answer(*_good_prices()[0])
    except Exception:
        return False
    return (
        isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], _checkify().Error)
    )


def _fails_checked(*names: str) -> Callable[[Any], bool]:
    """Matches a function whose checkified, jitted run raises one of ``names``."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        kind, found = _prices_probe(answer)
        return kind == "raised" and type(found).__name__ in names

    return matches


def _value_sized(answer: Any) -> bool:
    """Its checkified, jitted run raises the ConcretizationTypeError of a result whose length
    the values decide (jnp.nonzero, argwhere or one-argument where without size=)."""
    if not callable(answer):
        return False
    kind, found = _prices_probe(answer)
    if kind != "raised" or type(found).__name__ != "ConcretizationTypeError":
        return False
    from jaxtour.grader.explain import explain_exception

    known = explain_exception(found)
    return known is not None and known.id == "value-sized-result"


def _returns_nonzero(prices):
    bad = jnp.nonzero(prices <= 0)[0][0]
    _checkify().check(jnp.all(prices > 0), "price {} is {}", bad, prices[bad])
    return _lagged(jnp.log(prices))


def _python_number_argument(answer: Any) -> bool:
    """Its checkified, jitted run raises checkify's TypeError for a formatting argument
    that is no array: a Python int (a loop's index) or float passed after the message."""
    if not callable(answer):
        return False
    kind, found = _prices_probe(answer)
    return (
        kind == "raised"
        and type(found).__name__ == "TypeError"
        and ("PyTrees of arrays" in str(found))
    )


def _returns_index_as_int(prices):
    for k in range(prices.shape[0]):
        _checkify().check(prices[k] > 0, "price {} is {}", k, prices[k])
    return _lagged(jnp.log(prices))


def _check_not_scalar(answer: Any) -> bool:
    if not callable(answer):
        return False
    kind, found = _prices_probe(answer)
    return kind == "raised" and "scalar pred" in str(found)


CLEANING = frozenset({"select_n", "clamp", "max", "abs"})  # jnp.where, clip, maximum, abs


@_per_answer
def _check_conditions(answer: Any) -> tuple[frozenset[str], ...] | None:
    """For each checkify.check the answer traces (on good prices, without checkify), the
    primitives its condition is computed with; None when it cannot be traced."""
    try:
        closed = jax.make_jaxpr(answer)(*_good_prices()[0])
    except Exception:
        return None
    jaxpr = closed.jaxpr
    made_by = {id(out): eqn for eqn in jaxpr.eqns for out in eqn.outvars}
    found = []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name != "check":
            continue
        names: set[str] = set()
        seen: set[int] = set()
        stack = [eqn.invars[0]]
        while stack:
            source = made_by.get(id(stack.pop()))
            if source is None or id(source) in seen:
                continue
            seen.add(id(source))
            names.add(source.primitive.name)
            names |= primitive_names(types.SimpleNamespace(eqns=[source]))
            stack.extend(v for v in source.invars if hasattr(v, "aval") and not hasattr(v, "val"))
        found.append(frozenset(names))
    return tuple(found)


def _checks_cleaned(answer: Any) -> bool:
    """A check that never fails, whose condition reads values a where, clip, maximum or
    abs made: the prices after the bad ones were replaced."""
    if not callable(answer) or not _never_reports(answer):
        return False
    conditions = _check_conditions(answer)
    return bool(conditions) and all(names & CLEANING for names in conditions)


def _never_checks(answer: Any) -> bool:
    """Never reports, and traces no checkify.check at all."""
    return callable(answer) and _never_reports(answer) and _check_conditions(answer) == ()


def _returns_numpy_log(prices):
    _checkify().check(jnp.all(prices > 0), "prices must be positive")
    return _lagged(np.log(prices))


def _returns_cleaned_check(prices):
    safe = jnp.where(prices > 0, prices, 1.0)
    _checkify().check(jnp.all(safe > 0), "prices must be positive")
    return _lagged(jnp.log(safe))


def _never_reports(answer: Any) -> bool:
    """Right values on good prices, and no error on any bad ones: no check at all."""
    if not callable(answer):
        return False
    kind, runs = _prices_probe(answer)
    if kind != "runs":
        return False
    good = len(_good_prices())
    wanted = _expected_runs(_log_returns, _x64(), variant_key())
    for (error, output), (_, want) in zip(runs[:good], wanted[:good], strict=True):
        if error is not None or not is_jax_array(output):
            return False
        if compare_arrays(output, want, check_dtype=False):
            return False
    return all(error is None for error, _ in runs[good:])


@dataclass(frozen=True)
class ReportsBadInput:
    """The answer, run as jax.jit(checkify.checkify(answer)), must report an error on the
    same inputs as the reference, and agree with its values where neither does."""

    def warm_up(self, expected: Callable[..., Any]) -> None:
        _expected_runs(expected, _x64(), variant_key())

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._("Expected a function, but this is {what}.").format(what=describe(answer))
        cases = _good_prices() + _bad_prices()
        kind, runs = _prices_probe(answer)
        if kind == "raised":  # again, to report the learner's error as such
            for args in cases:
                call_learner(transformed(_checked, answer), args)
            raise runs
        late: list[tuple[str, Any, Any]] = []  # errors that do not name the bad price: said last
        for args, (got_error, got), (want_error, want) in zip(
            cases, runs, _expected_runs(expected, _x64(), variant_key()), strict=True
        ):
            shown = short_repr(args[0], 40)
            if want_error is None and got_error is not None:
                return i18n._(
                    "On prices {shown}, all positive, your function reported an error: "
                    "{strip}. Only prices that are not all positive should fail the check."
                ).format(shown=shown, strip=f"{str(got_error).strip()!r}")
            if want_error is not None and got_error is None:
                return i18n._(
                    "On prices {shown}, which are not all positive, your function reported "
                    "no error."
                ).format(shown=shown)
            if want_error is not None and _names_first_bad(want_error, args[0]):
                if not _names_first_bad(got_error, args[0]) or _names_other_pairs(
                    got_error, args[0]
                ):
                    late.append((shown, got_error, args[0]))
            if want_error is None:
                if not is_jax_array(got):
                    return i18n._("On prices {shown}, the result is {what}.").format(
                        shown=shown, what=describe(got)
                    )
                problem = compare_arrays(got, want, check_dtype=False)
                if problem:
                    return i18n._("On prices {shown}, the result is wrong. {problem}").format(
                        shown=shown, problem=problem
                    )
        for shown, got_error, prices in late:
            if _names_first_bad(got_error, prices) and _names_other_pairs(got_error, prices):
                return i18n._(
                    "On prices {shown}, your function's error says {strip}: beside the first "
                    "price that is not positive and its position, it names other positions "
                    "with their prices, so it does not say which of them is the bad one. The "
                    "task asks for that position and that price alone, with only words around "
                    "them."
                ).format(shown=shown, strip=f"{str(got_error).strip()!r}")
            if _names_first_bad(got_error, prices, adjacent=False):
                return i18n._(
                    "On prices {shown}, your function's error says {strip}: other numbers "
                    "stand between the position of the first price that is not positive and "
                    "that price, so it does not say which of them is the bad price. The task "
                    "asks for those two numbers, in that order, with only words around them."
                ).format(shown=shown, strip=f"{str(got_error).strip()!r}")
            return i18n._(
                "On prices {shown}, your function's error says {strip}: it does not name the "
                "first price that is not positive and its position, as the task asks."
            ).format(shown=shown, strip=f"{str(got_error).strip()!r}")
        return None


# --- 13.float32_gap ---------------------------------------------------------------------

GAP_OPTIONS = ("A", "B", "C", "D", "E", "F")
# The question's case is one the page never runs: a NumPy float64 handed to JAX. Its
# numbers split the options by the JAX idea: A (the float64 kept) and D (the Python 1
# promotes the sum to 64 bits) give 1.0, the NumPy habit; B, C and F give 0.0 and differ
# in the reason: F keeps big a float64 (JAX's canonical 32 bits refute it), B has 1e8
# itself rounded (it is a float32 number exactly), C is right.
GAP_TEXTS = (
    "1.0: jnp.asarray keeps NumPy's float64, which holds every whole number up to 2**53 "
    "exactly, so the 1 survives",
    "0.0: big is a float32, and 1e8 itself is no float32 number, so big is already rounded, "
    "and big + 1 rounds to the same number",
    "0.0: big is a float32, and near 1e8 the float32 numbers are more than 1 apart: 1e8 + 1 "
    "rounds to the nearest of them, 1e8",
    "1.0: big is a float32, but the Python 1 is a 64-bit integer, so big + 1 is computed in "
    "float64, where 1e8 + 1 is exact",
    "about 1e-7: the 1 is lost, but a small rounding error, about float32's machine epsilon, "
    "is left",
    "0.0: big keeps NumPy's float64, but JAX computes in float32, so big + 1 is rounded to a "
    "float32 number first",
)


EXERCISES = (
    Exercise(
        id="13.first_nan",
        title="Predict what jax.debug_nans catches, with jit and without",
        prediction=True,
        explanation=(
            "C. Called as it is, `entropy_guarded` runs one `jnp` operation at a time, and "
            "`jax.debug_nans` checks each one's output: `p * jnp.log(p)` makes the NaN of "
            "0.0 × -inf before `jnp.where` puts 0.0 in its place, so the checker stops at "
            "`mul` (B's `where` comes too late; F's `log` made -inf, which the checker lets "
            "pass). Jitted, the whole function is one compiled program, and the checker sees "
            "only what it returns: 0.562, finite, so there is nothing to run again and no "
            "error (A says it raises, E has the two calls the other way round). The NaN is "
            "still made inside: a compiled `jnp.where` computes both branches too (lesson "
            "07), so D's reason is wrong; the checker just never sees it. Under `jit`, "
            "`jax.debug_nans` finds the NaNs that reach an output; a NaN that a `where` throws "
            "away is found only without `jit`, and it can come back in the gradient: the "
            "next section."
        ),
        reference=lambda: "C",
        rule=Choice(NAN_OPTIONS, texts=NAN_TEXTS),
        hints=(
            "Two questions: what does jax.debug_nans check when entropy_guarded runs as it "
            "is, one jnp operation at a time, and what when it is one compiled program? Read "
            "again the lines JAX printed above the log_returns error, under jit.",
            "Called as it is, each operation's output is checked, the product p * "
            "jnp.log(p) too, and it is computed before where picks. Jitted, only the "
            "compiled function's output is checked, and where made it finite. Does a "
            "compiled where compute both branches (lesson 07)?",
            "It raises at mul called as it is, and returns 0.562 jitted, because under jit "
            'only the output is checked: first_nan = "C".',
        ),
        solution='first_nan = "C"',
        mistakes=(
            Mistake(
                id="both-raise",
                message="Called as it is, yes: the product's output holds a NaN, and every "
                "operation's output is checked. Jitted, the checker sees only what the "
                "compiled function returns, and entropy_guarded returns a finite number: the "
                "NaN made inside, and thrown away by where, never reaches it.",
                example=lambda: "A",
            ),
            Mistake(
                id="where-hides-it",
                message="where does put 0.0 in the result, but called as it is, each jnp "
                "operation runs, and is checked, on its own: p * jnp.log(p) is computed "
                "before where picks, its output holds the NaN of 0.0 × -inf, and the checker "
                "stops there.",
                example=lambda: "B",
            ),
            Mistake(
                id="one-branch",
                message="The outcome is right, the reason is not: a compiled jnp.where still "
                "computes both branches (lesson 07), so the NaN is made inside the jitted "
                "function too. Under jit the checker looks only at the compiled function's "
                "output, and where made that finite.",
                example=lambda: "D",
            ),
            Mistake(
                id="jit-only",
                message="The other way round. Called as it is, every operation's output is "
                "checked, and the product's holds a NaN. Jitted, only the compiled function's "
                "output is checked, and where made it finite: JAX runs a jitted function "
                "again without jit only when its output holds a NaN.",
                example=lambda: "E",
            ),
            Mistake(
                id="log",
                message="jnp.log(0.0) is -inf, an infinity, not a NaN: the checker lets it "
                "pass (only jax_debug_infs would stop there), as it did for the unguarded "
                "entropy above.",
                example=lambda: "F",
            ),
        ),
        success="Each operation's output is checked without jit; under jit only the compiled "
        "function's output is, so a NaN that where throws away goes unseen there.",
    ),
    Exercise(
        id="13.xlogx_gradient",
        title="Fix a where whose unused branch poisons the gradient, at both ends",
        reference=lambda: _xlogx,
        rule=ValueAndGradient(inputs=_xlogx_inputs),
        hints=(
            "The values are right; the gradient is NaN at p = 0.0 and at p = 1.0. The "
            "backward pass goes through both branches of jnp.where and multiplies the unused "
            "one's derivative by 0.0. Which log sees 0 at p = 0.0, and which at p = 1.0?",
            "Before the logs, a first jnp.where must replace p by a stand-in wherever p is "
            "not strictly between 0 and 1: log(p) sees 0 at p = 0, log(1 - p) at p = 1, so "
            "its condition has to hold at neither end (p > 0 alone lets p = 1 through). Keep "
            "the outer jnp.where as it is.",
            "inside = (p > 0) & (p < 1)\nsafe_p = jnp.where(inside, p, 0.5)\n"
            "return jnp.where(inside, -(safe_p * {log}(safe_p) + (1 - safe_p) * "
            "{log}(1 - safe_p)), 0.0)",
        ),
        solution=(
            "def coin_entropy(p):\n"
            "    inside = (p > 0) & (p < 1)\n"
            "    safe_p = jnp.where(inside, p, 0.5)  # neither end reaches a log\n"
            "    entropy = -(safe_p * {log}(safe_p) + (1 - safe_p) * {log}(1 - safe_p))\n"
            "    return jnp.where(inside, entropy, 0.0)"
        ),
        mistakes=(
            Mistake(
                id="no-return",
                message="Your coin_entropy returns None: the jnp.where is computed, but a "
                "function without a return statement gives back None.",
                example=lambda: _xlogx_no_return,
                matches=returns_none(_xlogx_inputs),
            ),
            Mistake(
                id="python-if",
                message="A Python if on p needs its value, and under jit and grad p is a tracer "
                "(and an array of several values has no single truth value): JAX raised "
                "before computing anything.",
                example=lambda: _xlogx_python_if,
                matches=_python_truth_value,
            ),
            Mistake(
                id="cond-scalar",
                message="lax.cond takes one boolean for the whole call, so it cannot choose "
                "element by element for an array p: JAX raised.",
                example=lambda: _xlogx_cond,
                matches=_fails_with_message("scalar"),
            ),
            Mistake(
                id="needs-an-axis",
                message="Your function runs on a vector and a matrix, and raised on a 0-d p, "
                "one probability with shape (): the task's p can have any shape, no axis at "
                "all too, and your function asks p for one (its length, shape[0] or an index).",
                example=lambda: _xlogx_zeros_like_len,
                matches=_fails_only_when_zero_d,
            ),
            Mistake(
                id="epsilon",
                message="A small number added inside the logs (or a clip) keeps the gradient "
                "finite at an end, but wrong: about log(epsilon) there, a large number, "
                "where coin_entropy, the constant 0.0 at p = 0.0 and p = 1.0, should have "
                "gradient 0.0 (and in float32, 1 - p + epsilon can round back to 0 under "
                "jit, NaN again). It also moves every gradient between the ends a little.",
                example=lambda: _xlogx_epsilon,
                matches=_finite_but_not_zero_at_an_end,
            ),
            Mistake(
                id="library-slope",
                message="jax.scipy.special's xlogy and entr return 0 at 0 themselves, but JAX "
                "differentiates them by their own rules, which follow x log x's slope, log x + 1: "
                "infinite at 0 (xlogy's rule also has x / y, 0 / 0 there, NaN). At p = 0.0 one "
                "of your two terms is at 0, at p = 1.0 the other, so the gradient is NaN "
                "or infinite at both ends: a function safe in value at 0 is not safe in "
                "derivative there.",
                example=lambda: _xlogx_xlogy,
                matches=_library_xlogx_not_finite,
            ),
            Mistake(
                id="nan-values",
                message="Your function's values are NaN at an end of [0, 1] themselves, not "
                "only its gradient: there it computes the log formula, where 0 * log(0) is "
                "0 * -inf, which is NaN.",
                example=lambda: _xlogx_closed_interval,
                matches=_values_nan_at_an_end,
            ),
            Mistake(
                id="still-not-finite",
                message="The gradient is still NaN or infinite at both ends, p = 0.0 and p = 1.0: "
                "there a log still sees 0 (log(p) at p = 0, log(1 - p) at p = 1). Whatever "
                "mends the value after the logs were taken (a jnp.where that picks 0.0 "
                "there, jnp.nan_to_num) mends the value only: the backward pass still goes "
                "through the log, and 0.0 times an infinite derivative is NaN.",
                example=lambda: _xlogx_single_where,
                matches=_not_finite_at_both_ends,
            ),
            Mistake(
                id="one-end",
                message="At one end of [0, 1] the gradient is now finite, at the other it is "
                "still NaN or infinite: your guard keeps 0 from the logs at one end only, "
                "and at the other a log still sees 0.",
                example=lambda: _xlogx_zero_end_only,
                matches=_not_finite_at_one_end,
            ),
            Mistake(
                id="no-outer-where",
                message="Between 0 and 1 your values are right; at the ends they are not: there "
                "the coin is certain and its entropy is 0, while your function returns "
                "the entropy of the stand-in you gave the logs.",
                example=lambda: _xlogx_no_outer_where,
                matches=_right_inside_wrong_at_ends,
            ),
            Mistake(
                id="scaled",
                message="Every value is the task's times one constant factor: a logarithm of "
                "another base than {base} ({log}), or a factor of your own.",
                example=lambda: _xlogx_bits,
                matches=_scaled_values,
            ),
            Mistake(  # round 19
                id="negated",
                message="Every value has the opposite sign of the task's: between 0 and 1 "
                "each x log x term is negative or 0, and the entropy is minus their sum, so "
                "it is never negative.",
                example=lambda: _xlogx_negated,
                matches=_negated_values,
            ),
            Mistake(  # round 19
                id="stopped-everywhere",
                message="Your values are right, but the gradient is 0.0 at every p, not only "
                "where the guard needs it: jax.lax.stop_gradient keeps the whole formula out "
                "of the backward pass, where only the logs at p = 0 and p = 1 needed "
                "keeping from 0.",
                example=lambda: _xlogx_stopped,
                matches=_gradient_zero_everywhere,
            ),
            Mistake(  # round 19
                id="one-term",
                message="Between 0 and 1 your values are one of the entropy's two terms alone "
                "(the p log p term, or the (1 - p) log(1 - p) term): the coin has two sides, "
                "heads with probability p and tails with 1 - p, and its entropy adds a term "
                "for each.",
                example=lambda: _xlogx_one_term,
                matches=_one_term_only,
            ),
            Mistake(
                id="terms-apart",
                message="Your values are right, and your gradient is finite, but not 0.0 at "
                "p = 0 and p = 1: each x log x term is made safe on its own, so at an end "
                "one term is guarded away and the other, say (1 - p) log(1 - p) at p = 0, "
                "keeps its slope there.",
                example=lambda: _xlogx_terms_apart,
                matches=_slope_one_at_the_ends,
            ),
            Mistake(  # round 20
                id="nan-hidden",
                message="Your gradient is 0.0 at both ends only because a NaN is hidden "
                "after it is made (nan_to_num, a where on isnan, a custom rule that replaces "
                "it): the unused branch still hands a log a 0 at the ends. Fix the branch: "
                "keep the ends from every log, so that no NaN is made at all.",
                example=lambda: _xlogx_nan_hidden,
                matches=_nan_made_and_hidden,
                also_accepted=True,
            ),
        ),
        success="Values unchanged, gradient 0.0 at both ends: the unused branch never sees a "
        "p where a log's derivative is infinite, at either end.",
        variants=XLOGX_VARIANTS,
    ),
    Exercise(
        id="13.check_prices",
        title="Make a jitted function report bad input with checkify",
        reference=lambda: _log_returns,
        rule=ReportsBadInput(),
        hints=(
            "checkify.check(pred, message, *values) records an error when pred is False; "
            "jax.jit(checkify.checkify(f)) returns that error beside the result. pred "
            "must be one boolean, so it has to say something about all the prices at once. "
            "Under jit the prices are tracers while the function is traced: which part of "
            "check puts their numbers into the message, and when?",
            "All prices positive: jnp.all(prices > 0) (zero is not positive). The position "
            "of the first price that is not: jnp.argmax(prices <= 0), the index of the first "
            "True. Pass the position and the price after the message, one {{}} each: check "
            "fills them in once the compiled function has run.",
            "bad = jnp.argmax(prices <= 0)\n"
            'checkify.check(jnp.all(prices > 0), "price {{}} is {{}}, not positive", bad, '
            "prices[bad])\n"
            "logs = jnp.log(prices)\n"
            "return logs[{lag}:] - logs[:-{lag}]",
        ),
        solution=(
            "def log_returns(prices):\n"
            "    bad = jnp.argmax(prices <= 0)  # the first price that is not positive\n"
            '    checkify.check(jnp.all(prices > 0), "price {{}} is {{}}, not positive", bad, '
            "prices[bad])\n"
            "    logs = jnp.log(prices)\n"
            "    return logs[{lag}:] - logs[:-{lag}]"
        ),
        mistakes=(
            Mistake(  # round 19
                id="value-sized",
                message="Your function looks for the bad prices with a function whose result "
                "is as long as the values decide (jnp.nonzero, jnp.argwhere, or jnp.where with "
                "one argument) and gives it no size=: under jit the prices are tracers while "
                "the function is traced, so nobody knows yet how many prices are not "
                "positive, nor the length of the result. JAX raised ConcretizationTypeError "
                "while tracing, before any price was checked.",
                example=lambda: _returns_nonzero,
                matches=_value_sized,
            ),
            Mistake(
                id="python-assert",
                message="assert (or if ... raise) needs a Python bool, and under jit a comparison "
                "of prices is a tracer with no value yet: JAX raised before any price was "
                "seen.",
                example=lambda: _returns_assert,
                matches=lambda answer: (
                    _fails_checked("TracerBoolConversionError", "ConcretizationTypeError")(answer)
                    and not _value_sized(answer)
                ),
            ),
            Mistake(
                id="numpy-inside",
                message="Your function hands prices to a NumPy function (np.log, np.diff, "
                "np.all, ...), and under jax.jit prices is a tracer: NumPy needs the "
                "numbers themselves, which exist only when the compiled function runs. JAX "
                "raised TracerArrayConversionError while tracing, before any price was "
                "checked.",
                example=lambda: _returns_numpy_log,
                matches=_fails_checked("TracerArrayConversionError"),
            ),
            Mistake(
                id="python-number-argument",
                message="checkify.check takes only arrays after its message, and your function "
                "passes it a Python number (a loop's index, say): JAX raised TypeError while "
                "tracing, before any price was checked. The numbers a message names are read "
                "from the compiled function's run, so each must be an array, such as a jnp "
                "value computed from prices.",
                example=lambda: _returns_index_as_int,
                matches=_python_number_argument,
            ),
            Mistake(
                id="f-string",
                message="Your error's message shows a tracer where a number should be: "
                "the message was made into text while jit traced your function (an "
                "f-string, str or format), and then each value in it is a tracer, which "
                "stands for numbers that do not exist yet. checkify.check fills in its "
                "{{}} only after the compiled function has run.",
                example=lambda: _returns_f_string,
                matches=_formatted_a_tracer,
            ),
            Mistake(
                id="already-checkified",
                message="Your log_returns returns (error, result): it is already checkified, and "
                "the check wraps it in jax.jit(checkify.checkify(...)) itself, so what it "
                "reads as the result is your pair, not the log returns.",
                example=lambda: _checkify().checkify(_log_returns),
                matches=_returns_checked_pair,
            ),
            Mistake(
                id="elementwise-pred",
                message="Your condition holds one boolean per price, and JAX refused it: "
                "checkify.check records at most one error per call, so it asks one yes or no "
                "of the whole input.",
                example=lambda: _returns_elementwise,
                matches=_check_not_scalar,
            ),
            Mistake(
                id="no-check",
                message="Bad prices go through without an error: nothing in your function records "
                "one. A print, jnp.where or jnp.nan_to_num changes what is printed or "
                "returned, and under jit the caller receives no error from any of them.",
                example=lambda: _returns_no_check,
                matches=_never_checks,
            ),
            Mistake(
                id="checks-cleaned",
                message="Your checkify.check never fails, not even on a zero or a negative "
                "price: its condition reads values that a jnp.where (or a clip, maximum or "
                "abs) made from the prices, after the bad ones were replaced, so it holds "
                "on every input.",
                example=lambda: _returns_cleaned_check,
                matches=_checks_cleaned,
            ),
            Mistake(
                id="checks-result",
                message="Your check looks for NaN in the log returns, not at the prices: a "
                "negative price makes a NaN there, but a single 0.0 makes -inf and inf, "
                "which pass.",
                example=lambda: _returns_nan_checked,
                matches=_checks_result_for_nan,
            ),
            Mistake(
                id="zero-allowed",
                message="A price of 0.0 passes your check, and log(0.0) is -inf: 0.0 is not a "
                "positive price.",
                example=lambda: _returns_zero_allowed,
            ),
            Mistake(
                id="any-not-all",
                message="Your check passes as soon as one price is positive, so a price list with "
                "one bad price among good ones goes through.",
                example=lambda: _returns_any,
            ),
            Mistake(
                id="inverted",
                message="Your check fails on good prices and passes bad ones: "
                "checkify.check(pred, message) reports an error when pred is False, as "
                "assert does.",
                example=lambda: _returns_inverted,
            ),
            Mistake(
                id="price-before-position",
                message="Your error names both numbers, in the other order: the price first, "
                "then its position. The task asks for the position first: read that way, a "
                "0.0 at position 1 comes out as position 0.0, price 1.",
                example=lambda: _returns_price_first,
                matches=_price_before_position,
            ),
            Mistake(  # round 20
                id="position-from-one",
                message="Your error names the first price that is not positive with its "
                "position counted from 1: on prices [100.0, 0.0, 99.0, 98.0] it says 2 for "
                "the 0.0, where positions count from 0, as indices do, and the 0.0 is at 1.",
                example=lambda: _returns_from_one,
                matches=_position_from_one,
            ),
            Mistake(  # round 20
                id="smallest-named",
                message="Your error names the smallest price and its position, not the first "
                "price that is not positive: on prices [-3.0, -2.0, -1.0, -4.0] it names the "
                "-4.0 at position 3, where the first bad price is the -3.0 at position 0.",
                example=lambda: _returns_smallest,
                matches=_smallest_named,
            ),
            Mistake(  # round 20
                id="zero-not-searched",
                message="Your error names a good price where the bad one is a 0.0: on prices "
                "[100.0, 0.0, 99.0, 98.0] it says position 0, 100.0. Your search for the "
                "position looks for negative prices only, finds none there, and falls back "
                "to position 0; but 0.0 is not positive either, and the position to name is "
                "that of the first price that is not positive.",
                example=lambda: _returns_first_negative,
                matches=_first_negative_named,
            ),
            Mistake(  # round 20
                id="price-missing",
                message="Your error names the position of the first price that is not "
                "positive, but not the price there: the task asks for both, the position and "
                "then the price (on prices [100.0, 0.0, 99.0, 98.0], the 0.0 at position 1).",
                example=lambda: _returns_position_only,
                matches=_position_without_price,
            ),
            Mistake(  # round 20
                id="other-lag",
                message="The check is right, but your log returns compare prices another "
                "number of steps apart than this page's: here each return is a price's log "
                "less the log of the price {lag} step(s) before it (other variants of this "
                "exercise ask for other steps).",
                example=lambda: _returns_other_lag,
                matches=_other_lag,
            ),
            Mistake(
                id="simple-returns",
                message="The check is right, but these are simple returns, each price's change "
                "over {lag} step(s) divided by the price it changed from. A log return is the "
                "change of the log of the price: close to a simple return for small moves, not "
                "the same number.",
                example=lambda: _returns_simple,
            ),
            Mistake(
                id="log-of-diff",
                message="The check is right, but the log and the difference are in the other "
                "order: this is the log of each change in price, NaN wherever a price falls "
                "(the log of a negative number). A log return is the difference of the logs.",
                example=lambda: _returns_log_of_diff,
            ),
            Mistake(
                id="no-log",
                message="The check is right, but the result is the change of the prices "
                "themselves, in currency. A log return is the change of their logs, a "
                "relative change that does not depend on the price's scale.",
                example=lambda: _returns_no_log,
            ),
            Mistake(
                id="no-diff",
                message="The check is right, but the result is log(prices) itself; a log "
                "return is the difference of the logs of prices {lag} step(s) apart.",
                example=lambda: _returns_no_diff,
            ),
        ),
        success="The jitted function now says why it would have returned NaN or -inf, "
        "instead of returning them.",
        variants=LAG_VARIANTS,
    ),
    Exercise(
        id="13.float32_gap",
        title="Predict what JAX keeps of a NumPy float64, plus 1, and why",
        reference=lambda: "C",
        rule=Choice(GAP_OPTIONS, texts=GAP_TEXTS),
        hints=(
            "Two questions. With x64 off, which dtypes can a JAX array have at all (lesson "
            "01), whatever NumPy handed it? And what dtype does a bare Python number take "
            "when it meets an array (lesson 03, weak types)?",
            "Then: how far apart are the float32 numbers near 1e8? float32 has 24 bits of "
            "significand: it holds every whole number up to 2**24, about 16.8 million, "
            "exactly. Is 1e8 itself one of them (100,000,000 is 390,625 times 2**8)?",
            "big is a float32, the 1 takes its dtype, and near 1e8 the float32 numbers are 8 "
            'apart: 1e8 + 1 rounds back to 1e8. gap = "C".',
        ),
        solution='gap = "C"',
        mistakes=(
            Mistake(
                id="exact-math",
                message="JAX did not keep NumPy's 64 bits: with x64 off, a JAX array has no "
                "64-bit dtype, so jnp.asarray made NumPy's float64 a float32 (lesson 01), "
                "silently. float32 holds whole numbers exactly only up to 2**24, about 16.8 "
                "million: its significand has 24 bits, and 100,000,001 needs 27.",
                example=lambda: "A",
            ),
            Mistake(
                id="big-inexact",
                message="1e8 is a float32 number exactly: 100,000,000 is 390,625 times 2**8, "
                "and 390,625 fits in 24 bits, so big holds no error to cancel. The rounding "
                "happens to big + 1, which has no float32 number of its own.",
                example=lambda: "B",
            ),
            Mistake(
                id="int-promotes",
                message="A bare Python number is weakly typed (lesson 03): it takes the dtype "
                "of the array it meets, so big + 1 is a float32 sum, not a 64-bit one. And "
                "with x64 off JAX has no 64-bit dtype to compute in anyway.",
                example=lambda: "D",
            ),
            Mistake(
                id="small-error",
                message="Rounding leaves no small error here: big + 1 and big are both float32 "
                "numbers, and near 1e8 those are 8 apart, so their difference is a multiple "
                "of 8, never a fraction.",
                example=lambda: "E",
            ),
            Mistake(
                id="float64-computed-as-float32",
                message="big is no float64: with x64 off, JAX makes every 64-bit input 32 bits "
                "when it builds the array, a NumPy float64 too (lesson 01), and then computes "
                "in the array's own dtype. The 1 is lost because big is a float32 from the "
                "start.",
                example=lambda: "F",
            ),
        ),
        success="JAX made NumPy's float64 a float32, the 1 took its dtype, and 1e8 + 1 "
        "rounded back to 1e8: the 1 is lost, silently.",
        prediction=True,
        explanation=(
            "C. With x64 off, a JAX array has no 64-bit dtype: `jnp.asarray` turns NumPy's "
            "float64 into a float32, without a warning, so A's float64 and F's are never "
            "there. The Python `1` is weakly typed (lesson 03): it takes `big`'s dtype, so "
            "`big + 1` is a float32 sum, not D's 64-bit one. A float32 has 24 bits of "
            "significand: it holds every whole number up to 2²⁴, about 16.8 million, and "
            "beyond that only some. 1e8 is one of them (100,000,000 is 390,625 × 2⁸, and "
            "390,625 fits in 24 bits), so B's reason is wrong: `big` is exact, `int(big)` is "
            "100000000. Near 1e8 the float32 numbers are 8 apart (`jnp.spacing(big)` gives "
            "the distance to the next one), so 1e8 + 1 is rounded to the nearest of them, "
            "1e8 itself, and the 1 is lost. NumPy would have kept it: "
            "`np.array(1e8) + 1 - np.array(1e8)` is 1.0. Data read with NumPy (`np.loadtxt`, "
            "pandas) is float64, and JAX halves its precision as it comes in."
        ),
    ),
)
