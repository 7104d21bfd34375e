"""Exercises for lessons/03_grad.ipynb: what grad returns, its two restrictions, a
derivative worked out by hand, and a finite-difference check.

References follow the session's x64 setting (they are computed with jnp, never
hard-coded in 32 bits), and the rules compare values, not widths, where the width is
not the point of the exercise.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy

from jaxtour.exercises.common import jax, jnp
from jaxtour.grader.compare import compare_arrays
from jaxtour.grader.mistakes import (
    _reads,
    behaves_like,
    call_or_none,
    computed_by_autodiff,
    differentiates_with_jax,
    fails_with,
    ignores_arguments,
    nonlinear_beside_autodiff,
    output_or_none,
    uses_operator,
)
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Choice,
    JaxArray,
    Number,
    SameFunction,
    cases_of_this_check,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.grader.variants import Variants
from jaxtour.lazy import is_jax_array

NON_SCALAR = r"Gradient only defined for scalar-output functions"
INTEGER_INPUT = r"grad requires real- or complex-valued inputs"


class _Named:
    """A function with a readable repr, so feedback names it without a memory address."""

    def __init__(self, fn: Callable[..., Any], name: str) -> None:
        self.fn, self.name = fn, name

    def __call__(self, *args: Any) -> Any:
        return self.fn(*args)

    def __repr__(self) -> str:
        return self.name


# --- 03.gradient: a result and its reason, on a function the page has not differentiated ---
# (issue 34: the old question, sum_of_squares_dx(p), was settled by calculus alone; this
# one needs grad's rule, and the cell under the check runs the lesson's case, not this one)

GRADIENT_OPTIONS = ("A", "B", "C", "D")
GRADIENT_TEXTS = (
    "`[6., -2., 1., 4.]`: each output xᵢ² depends on xᵢ alone, so grad gives each its "
    "own slope, 2pᵢ",
    "an error: grad differentiates a function that returns one number, and `x**2` returns four",
    "`[6., -2., 1., 4.]`: grad adds the four outputs up first, as a loss adds up its "
    "terms, and differentiates that sum",
    "an error: p holds four numbers, and grad differentiates with respect to one number only",
)
_GRADIENT = Choice(GRADIENT_OPTIONS, texts=GRADIENT_TEXTS)


def _numbers_typed(answer: Any) -> bool:
    """Numbers where a letter was asked: a list or tuple of numbers, an array, a number."""
    if isinstance(answer, bool):
        return False
    if isinstance(answer, int | float) or is_jax_array(answer) or isinstance(answer, np.ndarray):
        return True
    return (
        isinstance(answer, list | tuple)
        and len(answer) > 0
        and all(isinstance(item, int | float) and not isinstance(item, bool) for item in answer)
    )


# --- 03.fix_slopes: both of grad's restrictions, at each of two grads ---------------------
# (issue 34: asked for the slopes, the page's two "Fix:" lines spliced passed; asked for
# the curvatures, the splice fails, for the first gradient is a vector too: the sum's
# reason, each output depends on its own input alone, has to be seen to apply it twice)


def _slope_inputs():
    return [
        (_Named(lambda s: s**3, "lambda s: s**3"), jnp.arange(4)),
        (_Named(jnp.sin, "jnp.sin"), jnp.array([0.0, 1.5, 3.0])),
        (_Named(lambda s: jnp.exp(-s), "lambda s: jnp.exp(-s)"), jnp.array([-1, 0, 2])),
        # one element: one derivative in an array of shape (1,), not a scalar (round 16)
        (_Named(jnp.cos, "jnp.cos"), jnp.array([1])),
    ]


def _numpy_formula(x):
    """The right formula, with the learner's NumPy (not the grader's pristine copy)."""
    return 2 * x * numpy.cos(x) - x**2 * numpy.sin(x)


def _floats(t):
    return jnp.asarray(t, dtype=float)  # float32, or float64 with x64


# Issue 38: the derivative asked is the learner's variant, f″ (two grads, the page's), f‴
# or f⁗: the sum's reason has to be applied once per grad, however many there are.
SLOPES_VARIANTS = Variants(
    default={"order": 2, "below": 1, "prime": "f″"},
    draw=lambda rng: (lambda n: {"order": n, "below": n - 1, "prime": "f" + "‴⁗"[n - 3]})(
        rng.choice((3, 4))
    ),
    shown="curvatures returns {prime}, the derivative of order {order} of f, at every "
    "element of t.",
)


def _order() -> int:
    """How many times the learner's variant differentiates f (variant 0: 2, f″)."""
    return SLOPES_VARIANTS.current("03.fix_slopes")["order"]


def _summed(g):
    return lambda v: jnp.sum(g(v))


def _derivative(f, order):
    """f's derivative of ``order``, element by element: grad of the sum, ``order`` times."""
    for _ in range(order):
        f = jax.grad(_summed(f))
    return f


def _slopes(f, t):  # one grad short of the variant's derivative
    return _derivative(f, _order() - 1)(_floats(t))


def _slope_powered(f, t):  # f′ multiplied by itself, once per grad: "second" as "squared"
    return _derivative(f, 1)(_floats(t)) ** _order()


def _curvatures(f, t):
    return _derivative(f, _order())(_floats(t))


def _nested(f):
    """The variant's derivative of f at one number: grad of grad ..., no sums."""
    for _ in range(_order()):
        f = jax.grad(f)
    return f


def _hessian(f, t):
    return jax.hessian(lambda v: jnp.sum(f(v)))(_floats(t))


def _square_matrix_per_t(answer: Any) -> bool:
    """Matches a function that returns an n-by-n matrix (or n-by-n-by-n, ...) for every t of
    n > 1 elements: a Hessian, or a Jacobian of f, of its slopes or of a Jacobian, where one
    number per element is asked."""
    if not callable(answer):
        return False
    for index, args in enumerate(cases_of_this_check(_slope_inputs, _slope_inputs)):
        n = int(np.size(args[1]))
        out = output_or_none(_slope_inputs, answer, index, args)
        if n < 2:
            continue  # one element: a 1-by-1 matrix is told by its shape alone
        if len(np.shape(out)) < 2 or set(np.shape(out)) != {n}:
            return False
    return True


def _curvatures_divided_by_size(answer: Any) -> bool:
    """The curvatures divided by n, n**2, ... (one mean per grad): the same power of t's
    size on every input."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_slope_inputs, _slope_inputs)
    got = [output_or_none(_slope_inputs, answer, i, args) for i, args in enumerate(cases)]
    if any(g is None for g in got):
        return False
    want = outputs_on(_slope_inputs, _curvatures)
    return any(
        all(
            np.shape(g) == np.shape(w)
            and np.allclose(np.asarray(g), np.asarray(w) / np.size(args[1]) ** k, atol=1e-6)
            for g, w, args in zip(got, want, cases, strict=True)
        )
        for k in range(1, _order() + 1)
    )


def _one_grad_too_many(f, t):
    return _derivative(f, _order() + 1)(_floats(t))


def _slopes_composed(f, t):
    """f' applied to its own values, once per grad (round 15: f'(f'(t)) for f″), where
    the variant's derivative differentiates f' as a function of t."""
    slope, values = jax.vmap(jax.grad(f)), _floats(t)
    for _ in range(_order()):
        values = slope(values)
    return values


def _curvatures_at_positions(f, t):
    return _curvatures(f, jnp.arange(len(t)))


def _curvatures_summed(f, t):
    return jnp.sum(_curvatures(f, t))


def _curvatures_of_mean(f, t):
    slopes = jax.grad(lambda w: jnp.mean(f(w)))
    return _derivative(slopes, _order() - 1)(_floats(t))


def _values_not_curvatures(f, t):
    return f(_floats(t))


def _curvatures_estimated(f, t):  # a central difference of the derivative below, float32
    points, h = _floats(t), 5e-2
    below = _derivative(f, _order() - 1)
    return (below(points + h) - below(points - h)) / (2 * h)


def _close_curvatures_not_exact(answer: Any) -> bool:
    """Matches a function within 0.05 of the curvatures on every case, yet not equal to
    them: curvatures estimated from f's values at nearby points, not differentiated."""
    exact = True
    built = cases_of_this_check(_slope_inputs, _slope_inputs)
    cases = zip(built, outputs_on(_slope_inputs, _curvatures), strict=True)
    for index, (args, want) in enumerate(cases):
        got = output_or_none(_slope_inputs, answer, index, args)
        try:
            values = np.asarray(got, dtype=float)
        except Exception:  # None, or no numbers
            return False
        if values.shape != want.shape or not np.all(np.abs(values - np.asarray(want)) <= 0.05):
            return False
        exact = exact and compare_arrays(values, want, check_dtype=False) is None
    return not exact


def _second_difference_float32(f, t):  # round 20: no grad, f's values at t and t ± h
    h, s = 1e-3, t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2


def _gradient_of_samples(f, t):
    """Round 21: NumPy's habit, jnp.gradient twice over f's values at t."""
    values = f(t.astype(jnp.float32))
    return jnp.gradient(jnp.gradient(values))


def _differences_of_samples(answer: Any) -> bool:
    """The answer's own code reads a ``gradient`` function (jnp's or NumPy's: slopes from
    neighbouring samples) and never differentiates with JAX (round 21)."""
    if not callable(answer) or differentiates_with_jax(answer):
        return False
    return any(attribute == "gradient" for _, attribute in _reads(answer))


def _estimated_without_grad(answer: Any) -> bool:
    """Matches a function that never differentiates with JAX (its code reads no grad) and
    gives finite numbers of the right shape, not the curvatures, on every case: estimated
    from f's values (round 20's float32 second difference), however far off."""
    if not callable(answer) or differentiates_with_jax(answer):
        return False
    built = cases_of_this_check(_slope_inputs, _slope_inputs)
    exact = True
    for index, (args, want) in enumerate(
        zip(built, outputs_on(_slope_inputs, _curvatures), strict=True)
    ):
        try:
            values = np.asarray(output_or_none(_slope_inputs, answer, index, args), dtype=float)
        except Exception:  # None, or no numbers
            return False
        if values.shape != np.shape(want) or not np.all(np.isfinite(values)):
            return False
        exact = exact and compare_arrays(values, want, check_dtype=False) is None
    return not exact


def _slope_dtypes(answer: Any) -> list[str] | None:
    """The dtype name of the answer's results on every case of this check, or None when it
    is no function, raises, or returns something without a dtype."""
    if not callable(answer):
        return None
    names = []
    for index, args in enumerate(cases_of_this_check(_slope_inputs, _slope_inputs)):
        out = output_or_none(_slope_inputs, answer, index, args)
        dtype = getattr(out, "dtype", None)
        if dtype is None:
            return None
        names.append(str(dtype))
    return names


def _half_precision_slopes(answer: Any) -> bool:
    """Matches results computed in a 16-bit float on every case: right to about three
    digits, which the rule's tolerance can let through."""
    names = _slope_dtypes(answer)
    return bool(names) and all(name in ("float16", "bfloat16") for name in names)


def _integer_slopes(answer: Any) -> bool:
    """Matches results returned as integers on every case whose t holds integers (grad's
    floats cast back to t's dtype): every fraction cut off."""
    names = _slope_dtypes(answer)
    if not names:
        return False
    cases = cases_of_this_check(_slope_inputs, _slope_inputs)
    integer_t = [
        name
        for name, (_, t) in zip(names, cases, strict=True)
        if str(getattr(t, "dtype", "")).startswith(("int", "uint"))
    ]
    return bool(integer_t) and all(name.startswith(("int", "uint")) for name in integer_t)


def _allowed_ints(answer: Any) -> bool:
    """Matches a function that let grad take integers (allow_int=True): on integer t its
    result has dtype float0, or a second grad then fails on the first one's output."""
    if not callable(answer):
        return False
    for args in _slope_inputs():
        if not str(getattr(args[1], "dtype", "")).startswith("int"):
            continue
        try:
            out = answer(*args)
        except TypeError as exc:
            if "real-valued outputs" in str(exc) or "float0" in str(exc):
                return True
            continue
        except Exception:
            continue
        if "float0" in str(getattr(out, "dtype", "")):
            return True
    return False


def _floor_divided(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) // (2 * eps)


def _second_difference(f, x, eps=1e-3):
    return (f(x + eps) - 2 * f(x) + f(x - eps)) / eps**2


def _plus_not_minus(f, x, eps=1e-3):
    return (f(x + eps) + f(x - eps)) / (2 * eps)


# sin and a cube: every variant's derivative of a cube is constant from order 3 on, and
# zero from 4, while sin's never is
def _t_changed():
    sine = _Named(jnp.sin, "jnp.sin")
    return [(sine, jnp.array([0.5, 1.0, 2.0])), (sine, jnp.array([1.0, 2.0, 3.0, 4.0]))]


def _f_changed():
    t = jnp.array([0.5, 1.0, 2.0])
    sine = _Named(jnp.sin, "jnp.sin")
    cube = _Named(lambda s: s**3, "lambda s: s**3")
    return [(sine, t), (cube, t)]


# --- 03.derivative_by_hand: grad with respect to the argument meant ----------------------


def _g(x, a):
    return x**2 * jnp.cos(a * x)


def _dg_da(x, a):
    """∂g/∂a at every point of x: each point's g differentiated on its own, in a."""
    return jax.vmap(jax.grad(_g, argnums=1), in_axes=(0, None))(x, a)


def _dg_da_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def _dg_da_beside_a_decoy():
    """The formula worked out by hand, beside a jax.grad call whose result goes nowhere
    (round 20): its code differentiates with JAX, its values do not come from it."""
    decoy = jax.grad(lambda q: q * 2.0)  # made by jax.grad itself: its code is recognised

    def dg_da(x, a):
        decoy(1.0)
        return _dg_da_by_hand(x, a)

    return dg_da


def _values_not_from_autodiff(answer: Any) -> bool:
    """Matches a function whose code differentiates with JAX while the values it returns
    are made beside that (a decoy grad, a formula plus 0 times a gradient): its program,
    traced in a (else in x) at the check's first points, outputs no result of JAX's
    differentiation. An answer that cannot be traced either way is left to its code."""
    if not callable(answer) or not differentiates_with_jax(answer):
        return False
    x, a = _da_inputs()[0]
    for traced in (1, 0):
        verdict = computed_by_autodiff(answer, (x, a), traced)
        if verdict is not None:
            # made by a differentiation, of a formula in a written by hand (round 21)
            return not verdict or bool(nonlinear_beside_autodiff(answer, (x, a), 1))
    return False


def _dg_dx(x, a):  # the slopes in x: grad's first argument
    return jax.grad(lambda v: jnp.sum(_g(v, a)))(x)


def _jacobian_in_x(x, a):  # one row per output, one column per point
    return jax.jacobian(_g)(x, a)


def _dg_da_summed(x, a):  # the derivative of the sum over the points: one number
    return jax.grad(lambda b: jnp.sum(_g(x, b)))(a)


def _da_inputs():
    # a Python float each time, as the task says; no point is 0 (where every point's
    # derivative in a vanishes) and the slopes in x differ from those in a
    return [
        (jnp.linspace(-3.0, 4.0, 8), 1.5),
        (jnp.array([0.5, 2.0]), 0.7),
        (jnp.linspace(0.25, 2.0, 8), -2.0),
    ]


def _da_random_inputs(rng: np.random.Generator):
    # the first case's shape: eager JAX compiles each operation once per shape
    x = jnp.asarray(rng.uniform(-4.0, 4.0, size=8), dtype=float)
    return [(x, float(rng.uniform(0.5, 3.0)))]


def _a_changed():  # the same points at two frequencies: every point's derivative moves
    x = jnp.linspace(-3.0, 4.0, 8)
    return [(x, 1.5), (x, 0.7)]


def _at_a_typed_in(slopes: Callable[..., Any]) -> Callable[..., Any]:
    """Round 18: ``slopes`` (the reference, made by jax.vmap and jax.grad, which
    differentiates_with_jax recognises) called at a = 1.0, left in from testing."""
    return lambda x, a: slopes(x, 1.0)


def _dg_da_mean_spread(x, a):  # the mean's derivative, copied to every point
    return jax.grad(lambda b: jnp.mean(_g(x, b)))(a) * jnp.ones_like(x)


def _dg_dx_values_swapped(x, a):  # g(a, x_i), differentiated in its first argument
    return jax.vmap(jax.grad(_g), in_axes=(None, 0))(a, x)


def _dg_da_last_point(x, a):  # every lambda made in a loop reads the last point
    return jnp.full(jnp.shape(x), jax.grad(_g, argnums=1)(x[-1], a))


def _dg_da_values_swapped(x, a):  # g(a, x_i), differentiated in its second argument
    return jax.vmap(jax.grad(_g, argnums=1), in_axes=(None, 0))(a, x)


def _jacobian_values_swapped(x, a):  # round 16: jacobian(g, argnums=1)(a, x), (n, n)
    return jax.jacobian(_g, argnums=1)(a, x)


def _dg_d_inner(x, a):  # round 17: g's derivative in a * x, the cosine's argument
    return jax.grad(lambda u: jnp.sum(x**2 * jnp.cos(u)))(a * x)


def _dg_d_inner_example():
    """_dg_d_inner around a function jax.grad made (differentiates_with_jax finds it there,
    and not in a function of this module, which reads the lazy jax stand-in)."""
    per_point = jax.vmap(jax.grad(lambda u, point: point**2 * jnp.cos(u)))
    return lambda x, a: per_point(a * x, x)


def _pooled_at_every_point(answer: Any) -> bool:
    """Matches a function that returns x's shape, every value the sum or the mean of ∂g/∂a
    over the points."""
    for x, a in _da_inputs():
        got = call_or_none(answer, x, a)
        try:
            value = np.asarray(got, dtype=float)
        except Exception:  # None, or no numbers
            return False
        total = float(np.sum(np.asarray(_dg_da(x, a))))
        if value.shape != x.shape or not any(
            np.allclose(value, pooled, rtol=1e-4, atol=1e-4) for pooled in (total, total / x.size)
        ):
            return False
    return True


def _dg_both_arguments(x, a):  # round 20: argnums=(0, 1), the sum over the points
    return jax.grad(lambda x_, a_: jnp.sum(_g(x_, a_)), argnums=(0, 1))(x, a)


def _tuple_with_summed_da(answer: Any) -> bool:
    """Matches a function that returns a pair, its second item the sum of ∂g/∂a over the
    points: grad with argnums=(0, 1) of the summed g, one gradient per argument."""
    if not callable(answer):
        return False

    def second(x: Any, a: Any) -> Any:
        got = answer(x, a)
        if type(got) not in (tuple, list) or len(got) != 2:
            raise TypeError("not a pair")
        return got[1]

    return _sum_of_derivatives(second)


def _sum_of_derivatives(answer: Any) -> bool:
    """Matches a function that returns one number, the sum of ∂g/∂a over the points."""
    for x, a in _da_inputs():
        got = call_or_none(answer, x, a)
        try:
            value = np.asarray(got, dtype=float)
        except Exception:  # None, or no numbers
            return False
        want = float(np.sum(np.asarray(_dg_da(x, a))))
        if value.shape != () or not math.isclose(float(value), want, rel_tol=1e-4, abs_tol=1e-4):
            return False
    return True


# --- 03.central_difference ---------------------------------------------------------------


def _difference_inputs():
    return [
        (_Named(lambda x: x**3, "x**3"), 2.0, 1e-2),
        (_Named(math.sin, "math.sin"), 1.0, 1e-3),
        (_Named(math.exp, "math.exp"), 0.5, 1e-2),
        (_Named(math.cos, "math.cos"), 1.0, 1e-3),  # a negative slope
        # a point jnp computed: a float32 jax array, which a weak Python eps does not widen
        (_Named(math.exp, "math.exp"), jnp.float32(0.7), 1e-3),
        # a Python float no float32 can hold: an x rounded to float32 first moves by 1.5e-9
        (_Named(lambda x: x**3, "x**3"), 0.1, 1e-3),
    ]


def _central(f, x, eps):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def _five_point(f, x, eps):  # round 19: a fourth-order stencil, more accurate than asked
    x = float(x)
    return (f(x - 2 * eps) - 8 * f(x - eps) + 8 * f(x + eps) - f(x + 2 * eps)) / (12 * eps)


def _central_at_float32_points(f, x, eps):  # x + eps keeps a float32 x's dtype
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def _central_at_jnp_points(f, x, eps):  # round 20: jnp.asarray(x), float32 at every x
    x = jnp.asarray(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def _central_at_whole_x(f, x, eps):  # round 18: x = int(x), where float(x) was meant
    return _central(f, int(float(x)), eps)


def _central_at_rounded_x(f, x, eps):
    return _central(f, round(float(x)), eps)


def _slip(wrong: Callable[..., Any]) -> Callable[[Any], bool]:
    """Matches the slip ``wrong`` makes in the formula, whether or not the answer first made
    x a Python float: the float32 point then gives the slip's value either way."""

    def widened(f, x, eps):
        return wrong(f, float(x), eps)

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        cases = cases_of_this_check(_difference_inputs, _difference_inputs)
        got = [output_or_none(_difference_inputs, answer, i, a) for i, a in enumerate(cases)]
        if any(value is None for value in got):
            return False
        return any(
            all(_close(g, w) for g, w in zip(got, outputs_on(_difference_inputs, fn), strict=True))
            for fn in (wrong, widened)
        )

    return matches


def _close(got: Any, want: Any) -> bool:
    """Equal as the check's Number(rtol=1e-9) compares: one real number each."""
    try:
        return math.isclose(float(got), float(want), rel_tol=1e-9, abs_tol=1e-12)
    except (TypeError, ValueError):
        return False


def _central_at_x_rounded(f, x, eps):  # x through a 32-bit array, then Python floats
    return _central(f, np.float32(x), eps)


def _item_of_x(f, x, eps):
    x = x.item()
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def _precedence_slip(f, x, eps):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def _no_half(f, x, eps):
    return (f(x + eps) - f(x - eps)) / eps


def _unbracketed_numerator(f, x, eps):
    return f(x + eps) - f(x - eps) / (2 * eps)


def _forward(f, x, eps):
    return (f(x + eps) - f(x)) / eps


def _backward(f, x, eps):
    return (f(x) - f(x - eps)) / eps


def _swapped(f, x, eps):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def _half_steps(f, x, eps):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def _forward_over_two_eps(f, x, eps):
    return (f(x + eps) - f(x)) / (2 * eps)


def _difference_f_changed():
    cube = _Named(lambda x: x**3, "x**3")
    return [(cube, 1.5, 1e-3), (_Named(math.sin, "math.sin"), 1.5, 1e-3)]


def _difference_x_changed():
    sine = _Named(math.sin, "math.sin")
    return [(sine, 1.0, 1e-3), (sine, 0.3, 1e-3)]


def _difference_eps_changed():
    cube = _Named(lambda x: x**3, "x**3")  # its central difference is 3x² + eps²
    return [(cube, 2.0, 1e-2), (cube, 2.0, 1e-3)]


def _rounded_to_float32(answer: Any) -> bool:
    """Matches an estimate computed in float32: right to about 7 digits, no more."""
    for args in _difference_inputs():
        got = call_or_none(answer, *args)
        if got is None or not (is_jax_array(got) or isinstance(got, np.generic | np.ndarray)):
            return False
        value = np.asarray(got)
        if value.shape != () or value.dtype != np.float32:
            return False
        if not math.isclose(float(value), _central(*args), rel_tol=1e-4):
            return False
    return True


def _stored_as_float32(answer: Any) -> bool:
    """Matches the right estimate (computed in float64) rounded to float32 once, at the
    end, on every input: the result's dtype, not the arithmetic, lost the digits."""
    for args in _difference_inputs():
        got = call_or_none(answer, *args)
        if got is None or not (is_jax_array(got) or isinstance(got, np.generic | np.ndarray)):
            return False
        value = np.asarray(got)
        if value.shape != () or value.dtype != np.float32:
            return False
        if value != np.float32(_central(*args)):
            return False
    return True


def _central_of_float32_values(f, x, eps):
    """f's two values stored in float32 before they are subtracted: digits lost."""
    x = float(x)
    return (jnp.float32(f(x + eps)) - jnp.float32(f(x - eps))) / (2 * eps)


EXERCISES = (
    Exercise(
        id="03.gradient",
        prediction=True,
        explanation=(
            "B. A gradient holds the partial derivatives of one number, one per input, so "
            "`grad` differentiates only a function that returns one number (a scalar). "
            "`x**2` returns four, and `jax.grad(lambda x: x**2)(p)` raises a TypeError, "
            "'Gradient only defined for scalar-output functions', whatever the calculus of "
            "each output says (A). It adds nothing up for you (C): four outputs have a "
            "Jacobian, not a gradient. Its input may be any array (D's reason): "
            "`sum_of_squares` returns one number, so at p the next cell gives its four "
            "partial derivatives, [6, -2, 1, 4], and at the lesson's x = [1, 2, 3, 4] the "
            "one after gives [2, 4, 6, 8]. The section 'Several outputs' below shows the "
            "error."
        ),
        title="Predict what grad does with a function of four outputs, and why",
        reference=lambda: "B",
        rule=_GRADIENT,
        hints=(
            "sum_of_squares returns one number; x**2 returns four. A gradient holds one "
            "partial derivative per input: of what?",
            "∇f is defined for an f that returns one number, whatever its input holds. grad "
            "neither adds outputs up nor splits them apart for you; four outputs have a "
            "Jacobian (jax.jacobian), not a gradient.",
            'grad needs one number out, any array in: predicted_gradient = "B".',
        ),
        solution='predicted_gradient = "B"',
        mistakes=(
            Mistake(
                id="elementwise",
                message="grad does not differentiate output by output: a gradient holds the "
                "partial derivatives of one number, and x**2 returns four, so grad has no "
                "gradient to give, however simple each output's slope is.",
                example=lambda: "A",
            ),
            Mistake(
                id="sums-outputs",
                message="grad adds nothing up for you: a function with four outputs has a "
                "Jacobian, not a gradient, and grad does not pick a sum (or any other "
                "number) for it.",
                example=lambda: "C",
            ),
            Mistake(
                id="one-number-input",
                message="Right result, wrong reason: grad differentiates with respect to a "
                "whole array as readily as to one number, one partial derivative per "
                "element. What must be one number is what the function returns.",
                example=lambda: "D",
            ),
            Mistake(
                id="numbers-not-letter",
                message="That is a result, not a letter. Each option pairs a result with a "
                "reason, and two of them share one result: answer with the letter whose result "
                "and reason are both right, as a string of one letter.",
                example=lambda: [6.0, -2.0, 1.0, 4.0],
                matches=_numbers_typed,
            ),
        ),
        success="grad differentiates a function of any array that returns one number: four "
        "outputs have a Jacobian, not a gradient.",
    ),
    Exercise(
        id="03.fix_slopes",
        title="Fix a repeated grad that breaks both of grad's rules",
        reference=lambda: _curvatures,
        rule=SameFunction(inputs=_slope_inputs, output=JaxArray(check_dtype=False)),
        hints=(
            "Two rules are broken, and grad reports them one at a time: t holds integers, "
            "and a function grad differentiates must return one number. That holds for "
            "every grad: what does each of them get?",
            "Floats: t.astype(jnp.float32). One number: the sum of f's outputs has f's "
            "slopes as its gradient, one per element, because each output depends on its "
            "own input alone. The slopes are again a function of t that works element by "
            "element, with one output per element: each of the {order} grads needs the same "
            "treatment.",
            "def summed(g):\n    return lambda v: jnp.sum(g(v))\n\n"
            "derivative = f, then {order} times: derivative = jax.grad(summed(...)); "
            "call the last one on t.astype(jnp.float32).",
        ),
        solution=(
            "def summed(g):\n"
            "    return lambda v: jnp.sum(g(v))\n"
            "\n"
            "\n"
            "def curvatures(f, t):\n"
            "    derivative = f\n"
            "    for _ in range({order}):\n"
            "        derivative = jax.grad(summed(derivative))\n"
            "    return derivative(t.astype(jnp.float32))"
        ),
        mistakes=(
            Mistake(
                id="integer-input",
                message="grad still gets integers: on t = jnp.arange(4) it fails with 'grad "
                "requires real- or complex-valued inputs'. An integer has no slope, so grad "
                "refuses integer inputs, whatever happens to them inside the function.",
                example=lambda: (
                    lambda f, t: jax.grad(lambda v: jnp.sum(jax.grad(lambda w: jnp.sum(f(w)))(v)))(
                        t
                    )
                ),
                matches=fails_with("TypeError", INTEGER_INPUT, _slope_inputs),
            ),
            Mistake(
                id="float-of-array",
                message="float(t) converts one number, not an array: it fails on t = "
                "jnp.arange(4), which holds four.",
                example=lambda: lambda f, t: jax.grad(jax.grad(f))(float(t)),
                matches=fails_with(
                    "TypeError", r"(?i)only (length-1|scalar|0-dimensional) arrays", _slope_inputs
                ),
            ),
            Mistake(
                id="vector-output",
                message="A grad still gets a function with a vector output: it fails with "
                "'Gradient only defined for scalar-output functions'. Every grad differentiates "
                "only a function that returns one number, whatever it is handed.",
                example=lambda: (
                    lambda f, t: jax.grad(jax.grad(lambda v: jnp.sum(f(v))))(_floats(t))
                ),
                matches=fails_with("TypeError", NON_SCALAR, _slope_inputs),
            ),
            Mistake(
                id="slopes-not-curvatures",
                message="Those are f's derivatives of order {below} at every element of t: one "
                "grad short. {prime} is the derivative of order {order}, the derivative of "
                "those.",
                example=lambda: _slopes,
            ),
            Mistake(
                id="slope-powered",
                message="Those are f's slopes raised to the power {order}, f′ multiplied by "
                "itself: {prime}, the derivative of order {order}, differentiates the slope "
                "again, and a derivative of a slope is not a product of slopes.",
                example=lambda: _slope_powered,
                matches=behaves_like(_slope_powered, _slope_inputs),
            ),
            Mistake(
                id="one-grad-too-many",
                message="Those are the derivatives of {prime} at every element of t: one grad "
                "too many. The task asks for {prime} itself, the derivative of order {order}.",
                example=lambda: _one_grad_too_many,
            ),
            Mistake(
                id="slopes-composed",
                message="Those are f' taken at the values of f', once per grad: f'(f'(t)), one "
                "derivative fed its own results, a composition. {prime} is a derivative of a "
                "derivative: the slope of f' as t changes, not f' evaluated somewhere else.",
                example=lambda: _slopes_composed,
                matches=behaves_like(_slopes_composed, _slope_inputs),
            ),
            Mistake(
                id="ignores-f",
                message="Your curvatures are the same whatever f is: it must differentiate "
                "the f it is given, not a function from the notebook.",
                example=lambda: lambda f, t: _curvatures(lambda s: s**3, t),
                matches=ignores_arguments(_f_changed),
            ),
            Mistake(
                id="hessian",
                message="That is a matrix with one row and one column per element of t (a "
                "Hessian, or a Jacobian), or an array of more such axes (a Jacobian of a "
                "Jacobian), where one curvature per element is asked.",
                example=lambda: _hessian,
                matches=_square_matrix_per_t,
            ),
            Mistake(
                id="summed-slopes",
                message="You get one number: the curvatures added up, where one per element "
                "of t is asked.",
                example=lambda: _curvatures_summed,
            ),
            Mistake(
                id="mean-not-sum",
                message="Your curvatures are divided by the number of elements, once for "
                "each grad of a mean: the mean's gradient is the sum's divided by n, so the "
                "slopes shrink by that factor, and their derivatives with them.",
                example=lambda: _curvatures_of_mean,
                matches=_curvatures_divided_by_size,
            ),
            Mistake(
                id="values-not-slopes",
                message="Those are f's values at t, not its curvatures: nothing was "
                "differentiated.",
                example=lambda: _values_not_curvatures,
            ),
            Mistake(
                id="ignores-t",
                message="Your curvatures are the same whatever t is: it must differentiate "
                "at the t it is given, not at points from the notebook.",
                example=lambda: lambda f, t: _curvatures(f, jnp.arange(4.0)),
                matches=ignores_arguments(_t_changed),
            ),
            Mistake(
                id="positions-not-values",
                message="Your curvatures are f″ at 0, 1, 2, ..., one per position in t, not at "
                "the values t holds: on t = jnp.arange(4) the two agree, on any other t they "
                "do not.",
                example=lambda: _curvatures_at_positions,
                matches=behaves_like(_curvatures_at_positions, _slope_inputs),
            ),
            Mistake(
                id="sum-of-function",
                message="jnp.sum(f) is handed the function f itself, not its values, and "
                "fails: a sum adds numbers, and a function is not one.",
                example=lambda: lambda f, t: jax.grad(jax.grad(jnp.sum(f)))(_floats(t)),
                matches=fails_with(
                    "TypeError",
                    r"Error interpreting argument to .*sum.* as an abstract array"
                    r"|'(function|_Named)' object is not iterable",
                    _slope_inputs,
                ),
            ),
            Mistake(
                id="allow-int",
                message="allow_int=True lets grad accept integers, but an integer has no "
                "slope: grad gives it float0, JAX's dtype for 'no gradient', not numbers, and "
                "there is nothing in float0 to differentiate again.",
                example=lambda: (
                    lambda f, t: jax.grad(
                        lambda v: jnp.sum(jax.grad(lambda w: jnp.sum(f(w)), allow_int=True)(v)),
                        allow_int=True,
                    )(t)
                ),
                matches=_allowed_ints,
            ),
            Mistake(
                id="half-precision",
                message="Your curvatures are 16-bit floats: they keep about three significant "
                "digits, so most of them are rounded: grad computes in the dtype of the points "
                "it is given.",
                example=lambda: lambda f, t: jax.vmap(_nested(f))(t.astype(jnp.float16)),
                matches=_half_precision_slopes,
                also_accepted=True,
            ),
            Mistake(
                id="estimated",
                message="Your curvatures are close to {prime} but not equal to it: they look "
                "estimated from values at nearby points (a finite difference), whose error "
                "depends on the step. The task asks for what grad computes, exact up to "
                "rounding.",
                example=lambda: _curvatures_estimated,
                matches=_close_curvatures_not_exact,
            ),
            Mistake(
                id="integer-slopes",
                message="Your curvatures are integers: every one lost its fraction. t holds "
                "integers, but a curvature at an integer point is a real number.",
                example=lambda: lambda f, t: _curvatures(f, t).astype(t.dtype),
                matches=_integer_slopes,
            ),
            Mistake(  # round 21
                id="samples-differenced",
                message="Your function does not differentiate f: a gradient function of jnp "
                "(or NumPy) estimates slopes from the differences between neighbouring values "
                "of the array it is given, one sample apart, one-sided at the ends. Applied to "
                "f's values at the points of t, it knows nothing of f between them, nor of how "
                "far apart they are, so it gives no {prime} of f at each point. The task asks "
                "for what grad computes.",
                example=lambda: _gradient_of_samples,
                matches=_differences_of_samples,
            ),
            Mistake(  # round 20
                id="estimated-without-grad",
                message="Your function does not differentiate with JAX: it estimates {prime} "
                "from f's values at nearby points (a finite difference), and that estimate is "
                "off. In float32 the values of f at points a small step h apart differ by little "
                "more than their rounding, and dividing by a power of h (h² for a second "
                "difference: a millionth for h = 0.001) magnifies that rounding as many times. "
                "The task asks for what grad computes, exact up to rounding.",
                example=lambda: _second_difference_float32,
                matches=_estimated_without_grad,
            ),
        ),
        success="Floats in, one {prime} per element: the sum of f's outputs has f's slopes "
        "as its gradient because each output depends on its own input alone, and the slopes "
        "are such a function too, so the same sum works for every grad after the first "
        "(jax.vmap of {order} nested grads of f finds the same values point by point).",
        variants=SLOPES_VARIANTS,
    ),
    Exercise(
        id="03.derivative_by_hand",
        # No variants (issue 38): the answer differentiates the page's g (a cell above), at the
        # grader's own points and frequencies; another g would be another cell, and the other
        # argument, x, is the declared mistake with-respect-to-x.
        title="Make grad differentiate the argument you mean",
        # made by jax.vmap and jax.grad themselves: a function of this module reads the lazy
        # jax stand-in, which differentiates_with_jax does not recognise as jax
        reference=lambda: jax.vmap(jax.grad(_g, argnums=1), in_axes=(0, None)),
        rule=SameFunction(
            inputs=_da_inputs,
            random_inputs=_da_random_inputs,
            output=JaxArray(check_dtype=False),
        ),
        hints=(
            "grad differentiates a function of one number (or array) that returns one "
            "number, with respect to that argument. Which function of a alone, returning "
            "one number, has the derivative you want at one point x?",
            "For one point: lambda b: g(x_point, b) is a function of the frequency alone, "
            "and grad of it at a is ∂g/∂a there. Summing g over the points would mix all "
            "the points into one derivative, since they share a: take them one at a time "
            "(a loop, jax.vmap with in_axes=(0, None)), or ask jax.jacobian for one "
            "derivative per output.",
            "def dg_da(x, a):\n    return jax.jacobian(lambda b: g(x, b))(a)",
        ),
        solution="def dg_da(x, a):\n    return jax.jacobian(lambda b: g(x, b))(a)",
        mistakes=(
            Mistake(
                id="one-argument",
                message="Your function takes one argument, but the check calls it with two, "
                "the points x and then the frequency a.",
                example=lambda: lambda x: jax.vmap(jax.grad(lambda b: _g(1.0, b)))(x),
                matches=fails_with(
                    "TypeError", r"takes 1 positional argument but 2 were given", _da_inputs
                ),
            ),
            Mistake(
                id="not-scalar",
                message="grad needs a function that returns one number, and g returns one "
                "number per point of x, whichever argument grad differentiates.",
                example=lambda: lambda x, a: jax.grad(_g, argnums=1)(x, a),
                matches=fails_with("TypeError", NON_SCALAR, _da_inputs),
            ),
            Mistake(  # round 20
                id="both-arguments",
                message="Your function differentiates with respect to both arguments, x and a, "
                "so grad returns a tuple, one gradient per argument: the one for x per point, "
                "and the one for a a single number, the sum of every point's ∂g/∂a, since a "
                "is one number shared by all the points. The task asks for ∂g/∂a at each "
                "point, one array.",
                example=lambda: _dg_both_arguments,
                matches=_tuple_with_summed_da,
            ),
            Mistake(
                id="summed-over-points",
                message="Your function returns one number: the derivative of g summed over all "
                "the points. The sum gave one slope per element in 03.fix_slopes because each "
                "output there depended on its own input alone; here every point depends on "
                "the same a, so the sum's derivative adds all their derivatives together.",
                example=lambda: _dg_da_summed,
                matches=_sum_of_derivatives,
            ),
            Mistake(
                id="pooled-at-every-point",
                message="Every point got the same value: one derivative in a for all the points "
                "together (their sum or their mean), spread over x's shape. Each point has a "
                "derivative of its own; pooled into one number, the points' derivatives are "
                "added together, since every point depends on the same a.",
                example=lambda: _dg_da_mean_spread,
                matches=_pooled_at_every_point,
            ),
            Mistake(
                id="values-swapped",
                message="Your function hands g its values the other way round: a where g takes "
                "the point and each point where g takes the frequency, so grad differentiated "
                "g at the point a, in a frequency set to each x. g(x, a) takes the point "
                "first.",
                example=lambda: _dg_da_values_swapped,
                matches=behaves_like(_dg_da_values_swapped, _da_inputs),
            ),
            Mistake(
                id="values-swapped-in-x",
                message="Your function hands g its values the other way round, a where g takes "
                "the point and each point where g takes the frequency, and grad "
                "differentiated g in its first argument: that is g's slope in the point, at "
                "the point a, for a frequency set to each x. g(x, a) takes the point first, "
                "and the task asks for the derivative in a.",
                example=lambda: _dg_dx_values_swapped,
                matches=behaves_like(_dg_dx_values_swapped, _da_inputs),
            ),
            Mistake(  # round 16
                id="jacobian-values-swapped",
                message="Your function hands g its values the other way round, a where g takes "
                "the point and x where g takes the frequency, and jax.jacobian differentiated "
                "the argument that holds x: one row per output and one column per point, an "
                "(n, n) matrix whose diagonal is g's derivative in the frequency at the point "
                "a, for a frequency set to each x. g(x, a) takes the point first.",
                example=lambda: _jacobian_values_swapped,
                matches=behaves_like(_jacobian_values_swapped, _da_inputs),
            ),
            Mistake(  # round 17
                id="inner-argument",
                message="Each of your values is ∂g/∂a divided by its point x: grad "
                "differentiated g with respect to a·x, the cosine's argument, not a. A change "
                "in a moves a·x x times as much, so the derivative in a carries that factor "
                "x (the chain rule).",
                example=_dg_d_inner_example,
                matches=lambda answer: (
                    differentiates_with_jax(answer)
                    and behaves_like(_dg_d_inner, _da_inputs)(answer)
                ),
            ),
            Mistake(
                id="last-point-only",
                message="Every element of your result is ∂g/∂a at the last point of x: the "
                "other points were not used. If your function makes lambdas in a loop: each "
                "reads the loop's variable when it is called, not when it is made, and by "
                "then the loop has ended at the last point.",
                example=lambda: _dg_da_last_point,
                matches=behaves_like(_dg_da_last_point, _da_inputs),
            ),
            Mistake(
                id="with-respect-to-x",
                message="Those are the slopes with respect to x, one per point: grad "
                "differentiates a function with respect to its first argument, and here "
                "that was x.",
                example=lambda: jax.vmap(jax.grad(_g), in_axes=(0, None)),
                matches=lambda answer: (
                    differentiates_with_jax(answer) and behaves_like(_dg_dx, _da_inputs)(answer)
                ),
            ),
            Mistake(
                id="vmapped-a",
                message="jax.vmap maps every argument along its first axis unless told "
                "otherwise, and a is one number, with no axis to map.",
                example=lambda: jax.vmap(jax.grad(_g, argnums=1)),
                matches=fails_with("ValueError", r"vmap was requested to map", _da_inputs),
            ),
            Mistake(
                id="jacobian-in-x",
                message="That is the Jacobian with respect to x, one row per output and one "
                "column per point: jax.jacobian, like grad, differentiates with respect to "
                "the first argument, and here that was x.",
                example=lambda: _jacobian_in_x,
                matches=behaves_like(_jacobian_in_x, _da_inputs),
            ),
            Mistake(
                id="by-hand",
                message="Your function does not ask JAX for the derivative: no jax.grad, "
                "jacobian, jvp or vjp is in it. This asks you to make JAX differentiate g "
                "with respect to a, not to work the derivative out yourself.",
                example=lambda: _dg_da_by_hand,
                matches=lambda answer: callable(answer) and not differentiates_with_jax(answer),
                also_accepted=True,
            ),
            Mistake(  # round 20
                id="decoy-grad",
                message="Your function calls JAX's differentiation, but the values it returns "
                "do not come from it: they are computed by a formula beside it. This asks you "
                "to return what JAX's derivative of g with respect to a gives, not a formula "
                "worked out by hand.",
                example=_dg_da_beside_a_decoy,
                matches=_values_not_from_autodiff,
                also_accepted=True,
            ),
            Mistake(  # round 18
                id="ignores-a",
                message="Your function gives the same derivatives whatever a is: it "
                "differentiates at a frequency of its own (a number typed in, or a notebook "
                "variable), not at the a it is given, so at any other a every value is wrong.",
                example=lambda: _at_a_typed_in(
                    jax.vmap(jax.grad(_g, argnums=1), in_axes=(0, None))
                ),
                matches=ignores_arguments(_a_changed),
            ),
        ),
        success="JAX differentiates with respect to the argument its function takes: a "
        "function of a alone, one point at a time (or jax.jacobian, one row per point).",
    ),
    Exercise(
        id="03.central_difference",
        # No variants (issue 38): a named estimator checked on the grader's own f, x and eps;
        # other stencils are its declared mistakes (forward, backward, half-steps), and one given
        # by the setup cell would be a formula to copy.
        title="Estimate a derivative with a central difference",
        reference=lambda: _central,
        rule=SameFunction(inputs=_difference_inputs, output=Number(rtol=1e-9, atol=1e-12)),
        hints=(
            "Evaluate f a step eps to each side of x, at x - eps and x + eps, and divide the "
            "change in f by the distance between the two points.",
            "The two points are 2 * eps apart. In Python, a / 2 * eps means (a / 2) * eps: "
            "keep the parentheses. Keep the arithmetic in Python floats (64 bits): jnp "
            "would round it to float32, and so does a float32 x: x + eps has x's dtype, "
            "because eps, a Python float, is weakly typed.",
            "x = float(x), then (f(x + eps) - f(x - eps)) / (2 * eps)",
        ),
        solution=(
            "def central_difference(f, x, eps=1e-3):\n"
            "    x = float(x)\n"
            "    return (f(x + eps) - f(x - eps)) / (2 * eps)"
        ),
        mistakes=(
            Mistake(
                id="used-grad",
                message="jax.grad traces f, and the check's f can be a plain Python function "
                "such as math.sin, which cannot be traced.",
                example=lambda: lambda f, x, eps: jax.grad(f)(x),
                matches=fails_with("ConcretizationTypeError", r"", _difference_inputs),
            ),
            Mistake(
                id="ignores-f",
                message="Your function gives the same estimate whatever f is: it must call the "
                "f it is given, not f_python or another function from the notebook.",
                example=lambda: lambda f, x, eps: _central(math.sin, x, eps),
                matches=ignores_arguments(_difference_f_changed),
            ),
            Mistake(
                id="floor-division",
                message="// is floor division: it rounds the estimate down to a whole "
                "number, and a slope is rarely whole.",
                example=lambda: _floor_divided,
                matches=lambda answer: (
                    uses_operator("//")(answer)
                    and behaves_like(_floor_divided, _difference_inputs)(answer)
                ),
            ),
            Mistake(
                id="rounded-down",
                message="Your estimate is the central difference rounded down to a whole "
                "number (math.floor, int(...) or np.floor do that). A slope is rarely whole.",
                example=lambda: lambda f, x, eps=1e-3: math.floor(_central(f, x, eps)),
                matches=behaves_like(_floor_divided, _difference_inputs),
            ),
            Mistake(
                id="swapped-arguments",
                message="Your function reads its arguments in another order: called as "
                "central_difference(f, x, eps), it estimates the slope at eps with a step "
                "of x.",
                example=lambda: lambda f, eps, x=1e-3: _central(f, x, eps),
                matches=behaves_like(lambda f, x, eps: _central(f, eps, x), _difference_inputs),
            ),
            Mistake(
                id="ignores-x",
                message="Your function gives the same estimate at every x: it must evaluate f "
                "around the x it is given.",
                example=lambda: lambda f, x, eps: _central(f, 1.0, eps),
                matches=ignores_arguments(_difference_x_changed),
            ),
            Mistake(
                id="ignores-eps",
                message="Your function gives the same estimate whatever eps is: it ignores the "
                "eps it is given (the 1e-3 in the signature is only its default).",
                example=lambda: lambda f, x, eps: _central(f, x, 1e-3),
                matches=ignores_arguments(_difference_eps_changed),
            ),
            Mistake(  # round 18
                id="whole-x",
                message="Your estimate is the slope at x cut to a whole number, not at x: at "
                "x = 0.5 it is the slope at 0. int() drops what follows the point (round() "
                "moves x to the nearest whole number), so only a whole x is left where it "
                "was.",
                example=lambda: _central_at_whole_x,
                matches=lambda answer: (
                    _slip(_central_at_whole_x)(answer) or _slip(_central_at_rounded_x)(answer)
                ),
            ),
            Mistake(
                id="array-method-on-float",
                message="Your function reads something of x that only an array has (an "
                "AttributeError on a Python float): the check passes x as a Python float too, "
                "as the task says, and a float has no array attributes or methods.",
                example=lambda: _item_of_x,
                matches=fails_with(
                    "AttributeError", r"'float' object has no attribute", _difference_inputs
                ),
            ),
            Mistake(  # round 19
                id="five-point",
                message="That is a more accurate stencil than the one asked: with f at x ± 2·eps "
                "as well, its error shrinks like eps⁴. The task asks for the central difference, "
                "from f at x + eps and x - eps alone, whose error of order eps² the check "
                "expects to see.",
                example=lambda: _five_point,
                matches=behaves_like(_five_point, _difference_inputs),
            ),
            Mistake(
                id="precedence",
                message="Python reads / 2 * eps as (... / 2) * eps: your estimate is "
                "multiplied by eps instead of divided by it.",
                example=lambda: _precedence_slip,
                matches=_slip(_precedence_slip),
            ),
            Mistake(
                id="numerator-parentheses",
                message="Python divides before it subtracts: f(x + eps) - f(x - eps) / (2 * eps) "
                "divides only f(x - eps), not the change in f.",
                example=lambda: _unbracketed_numerator,
                matches=_slip(_unbracketed_numerator),
            ),
            Mistake(
                id="missing-half",
                message="Your estimate is twice the slope, on every function, point and step "
                "the check tried: a slope is a change in f over the distance it was measured "
                "across.",
                example=lambda: _no_half,
                matches=_slip(_no_half),
            ),
            Mistake(
                id="forward-difference",
                message="That is the forward difference, the one shown above: it steps to one "
                "side of x only, and its error shrinks only as fast as eps. Stepping to both "
                "sides cancels the first error term, so the error shrinks as eps squared.",
                example=lambda: _forward,
                matches=_slip(_forward),
            ),
            Mistake(
                id="backward-difference",
                message="That is the backward difference, (f(x) - f(x - eps)) / eps: it looks "
                "to the left of x only.",
                example=lambda: _backward,
                matches=_slip(_backward),
            ),
            Mistake(
                id="swapped-sign",
                message="The sign is flipped: you subtracted the right value from the left one. "
                "A rising f must give a positive slope.",
                example=lambda: _swapped,
                matches=_slip(_swapped),
            ),
            Mistake(
                id="half-steps",
                message="You stepped eps / 2 to each side: that is the central difference for "
                "a step of eps / 2, not eps. The task's eps is the step to each side.",
                example=lambda: _half_steps,
                matches=_slip(_half_steps),
            ),
            Mistake(
                id="one-sided-over-two-eps",
                message="You stepped to one side only, f(x + eps) - f(x), yet divided by "
                "2 * eps: that is half a forward difference.",
                example=lambda: _forward_over_two_eps,
                matches=_slip(_forward_over_two_eps),
            ),
            Mistake(
                id="float32-result",
                message="Your estimate is the right one, rounded to float32 at the end: the "
                "arithmetic ran in 64 bits, but the result was made a float32 array (jnp's "
                "default dtype for a Python float), which keeps about 7 digits, and the check "
                "asks for 9.",
                example=lambda: lambda f, x, eps: np.float32(_central(f, x, eps)),
                matches=_stored_as_float32,
            ),
            Mistake(
                id="float32",
                message="Right to about 7 digits, no more: your arithmetic ran in float32 "
                "(jnp's default), and the check asks for 9: subtracting two close values of f "
                "loses digits to rounding, and float32 has few to lose.",
                example=lambda: _central_of_float32_values,
                matches=_rounded_to_float32,
            ),
            Mistake(
                id="float32-points",
                message="Right to about 5 digits at the point that is a float32 jax array, "
                "and only there: eps is a Python float, weakly typed, so x + eps and x - eps "
                "took x's float32 and were rounded before f saw them, and two rounded points "
                "are not 2 * eps apart.",
                example=lambda: _central_at_float32_points,
            ),
            Mistake(  # round 20
                id="float32-points-everywhere",
                message="Your points x + eps and x - eps were float32 at every x, not only "
                "where x came as a float32 array: a Python float made a jax array becomes "
                "float32, JAX's default, so each point was rounded to about 7 digits before f "
                "saw it, and two rounded points are not 2 * eps apart. The check asks for 9 "
                "digits.",
                example=lambda: _central_at_jnp_points,
            ),
            Mistake(
                id="x-rounded-to-float32",
                message="Right at every point a float32 can hold, wrong at x = 0.1, which it "
                "cannot: your x was rounded to float32 before the arithmetic began. With x64 "
                "off, a jax array is 32 bits even when you ask for float64, so a trip "
                "through jnp (or np.float32) moves x by about 1e-9, and the Python floats "
                "after it cannot bring back the digits it lost.",
                example=lambda: _central_at_x_rounded,
                matches=_slip(_central_at_x_rounded),
            ),
            Mistake(
                id="second-difference",
                message="(f(x + eps) - 2 f(x) + f(x - eps)) / eps² is the second difference: "
                "it estimates f″, not f′.",
                example=lambda: _second_difference,
                matches=_slip(_second_difference),
            ),
            Mistake(
                id="plus-not-minus",
                message="You added the two values of f: a sum of values, not a change in f.",
                example=lambda: _plus_not_minus,
                matches=_slip(_plus_not_minus),
            ),
        ),
        success="(f(x + eps) - f(x - eps)) / (2 * eps): the test any gradient must pass.",
    ),
)
