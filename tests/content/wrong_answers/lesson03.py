"""Lesson 03: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

xs = jnp.linspace(-6.0, 6.0, 200)  # the notebook's points


def f(x):  # the notebook's f
    return x * jnp.sin(x)


def g(x):  # the notebook's g
    return x**2 * jnp.cos(x)


def f_python(x):  # the notebook's f_python
    return math.sin(x) * x


# --- 03.fix_slopes: curvatures (issue 34: the slopes were a splice of two Fix lines) --------


def curv_fix_lines_spliced(f, t):  # the page's two fixes, pasted around grad(grad(f))
    return jax.grad(jax.grad(lambda v: jnp.sum(f(v))))(t.astype(jnp.float32))


def curv_floats_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))


def curv_vmap_ints(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)


def curv_slopes_only(f, t):  # the exercise's old answer
    return jax.grad(lambda v: jnp.sum(f(v)))(t.astype(jnp.float32))


def curv_outer_sum_only(f, t):
    return jax.grad(lambda v: jnp.sum(jax.grad(f)(v)))(t.astype(jnp.float32))


def curv_hessian(f, t):
    return jax.hessian(lambda v: jnp.sum(f(v)))(t.astype(jnp.float32))


def curv_jacobian_of_slopes(f, t):
    slopes = jax.grad(lambda v: jnp.sum(f(v)))
    return jax.jacobian(slopes)(t.astype(jnp.float32))


def curv_jacobian_of_f(f, t):  # the page's Several outputs fix, on floats
    return jax.jacobian(f)(t.astype(jnp.float32))


def curv_mean_first(f, t):
    slopes = jax.grad(lambda v: jnp.mean(f(v)))
    return jax.grad(lambda v: jnp.sum(slopes(v)))(t.astype(jnp.float32))


def curv_total(f, t):
    slopes = jax.grad(lambda v: jnp.sum(f(v)))
    return jax.grad(lambda v: jnp.sum(slopes(v)))(t.astype(jnp.float32)).sum()


def curv_second_difference(f, t):
    v, h = t.astype(jnp.float32), 0.01
    return (f(v + h) - 2 * f(v) + f(v - h)) / h**2


def curv_cast_back(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float32)).astype(t.dtype)


def curv_float16(f, t):
    slopes = jax.grad(lambda v: jnp.sum(f(v)))
    return jax.grad(lambda v: jnp.sum(slopes(v)))(t.astype(jnp.float16))


def curv_allow_int(f, t):
    slopes = jax.grad(lambda v: jnp.sum(f(v)), allow_int=True)
    return jax.grad(lambda v: jnp.sum(slopes(v)), allow_int=True)(t)


def curv_notebook_t(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(4.0))


def curv_by_hand(f, t):  # 6t, the second derivative of the page's s**3
    return 6.0 * t.astype(jnp.float32)


def curv_sum_of_function(f, t):
    return jax.grad(jax.grad(jnp.sum(f)))(t.astype(jnp.float32))


def curv_values(f, t):
    return f(t.astype(jnp.float32))


# --- 03.derivative_by_hand ---------------------------------------------------------------


def dg_quotient_rule(x):
    # the product rule's two terms, subtracted the other way round
    return x**2 * jnp.sin(x) - 2 * x * jnp.cos(x)


def dg_sin_not_called(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin


def dg_no_return(x):
    2 * x * jnp.cos(x) - x**2 * jnp.sin(x)


def dg_notebook_xs(x):
    return 2 * xs * jnp.cos(xs) - xs**2 * jnp.sin(xs)


def dg_calls_grad(x):
    return jax.grad(g)(x)


def dg_copied_plot(x):
    return jax.vmap(jax.grad(g))(x)


# The lesson's "Several outputs" fix, for g: grad of the sum gives every slope.
dg_grad_of_sum = jax.grad(lambda v: jnp.sum(g(v)))
dg_vectorized_grad = jnp.vectorize(jax.grad(g))


def dg_jvp(x):
    return jax.jvp(g, (x,), (jnp.ones_like(x),))[1]  # a forward-mode directional derivative


def dg_product_of_derivatives(x):
    return 2 * x * -jnp.sin(x)  # (uv)' = u'v'


def dg_forgot_cos_term(x):
    return -(x**2) * jnp.sin(x)


def dg_plus_sin(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def dg_pattern_from_f(x):
    return jnp.cos(x) - x**2 * jnp.sin(x)  # f' = sin x + x cos x, with the pieces swapped


def dg_finite_difference(x):
    eps = 1e-3
    return (g(x + eps) - g(x)) / eps


def dg_math_loop(x):
    return [2 * v * math.cos(v) - v**2 * math.sin(v) for v in x]


def dg_twice_power(x):
    return 2 * jnp.cos(x) - x**2 * jnp.sin(x)


# --- 03.central_difference ------------------------------------------------------------------


def central_grad(f, x, eps=1e-3):
    return jax.grad(f)(x)


def central_own_eps(f, x, eps=1e-3):
    h = 1e-5
    return (f(x + h) - f(x - h)) / (2 * h)


def central_notebook_f(f, x, eps=1e-3):
    return (f_python(x + eps) - f_python(x - eps)) / (2 * eps)


def central_returns_function(f, x, eps=1e-3):
    return lambda x: (f(x + eps) - f(x - eps)) / (2 * eps)


def central_jnp(f, x, eps=1e-3):
    return jnp.divide(f(x + eps) - f(x - eps), 2 * eps)


def central_half_steps(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def central_forward_over_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / (2 * eps)


def central_eps_halved_after(f, x, eps=1e-3):  # x left a float32 jax array
    return (f(x + eps) - f(x - eps)) / eps / 2


def central_two_points(f, x, eps=1e-3):  # the points named first, x as it came
    left, right = x - eps, x + eps
    return (f(right) - f(left)) / (eps + eps)


def central_no_return(f, x, eps=1e-3):
    estimate = (f(x + eps) - f(x - eps)) / (2 * eps)  # noqa: F841


G = "03.gradient"
S = "03.fix_slopes"
D = "03.derivative_by_hand"
C = "03.central_difference"

WRONG_ANSWERS = (
    # 03.gradient
    # 03.fix_slopes
    Wrong(S, "the page's two Fix lines spliced", lambda: curv_fix_lines_spliced, "vector-output"),
    Wrong(S, "floats, then grad(grad(f))", lambda: curv_floats_only, "vector-output"),
    Wrong(S, "sum around grad(f) only", lambda: curv_outer_sum_only, "vector-output"),
    Wrong(S, "vmap(grad(grad(f))) on the integers", lambda: curv_vmap_ints, "integer-input"),
    Wrong(S, "the slopes, one grad only", lambda: curv_slopes_only, "slopes-not-curvatures"),
    Wrong(S, "jax.hessian of the sum", lambda: curv_hessian, "hessian"),
    Wrong(S, "jacobian of the slopes: a matrix", lambda: curv_jacobian_of_slopes, "hessian"),
    Wrong(S, "jax.jacobian(f): slopes as a matrix", lambda: curv_jacobian_of_f, "hessian"),
    Wrong(S, "mean in the first grad", lambda: curv_mean_first, "mean-not-sum"),
    Wrong(S, ".sum() on the curvatures", lambda: curv_total, "summed-slopes"),
    Wrong(S, "second difference, h = 0.01", lambda: curv_second_difference, "estimated"),
    Wrong(S, "curvatures cast back to t.dtype", lambda: curv_cast_back, "integer-slopes"),
    Wrong(S, "both grads on float16", lambda: curv_float16, "half-precision"),
    Wrong(S, "allow_int=True on both grads", lambda: curv_allow_int, "allow-int"),
    Wrong(S, "the notebook's jnp.arange(4.0)", lambda: curv_notebook_t, "ignores-t"),
    Wrong(S, "6t, the page's s**3 by hand", lambda: curv_by_hand, "ignores-f"),
    Wrong(S, "jnp.sum(f) without a lambda", lambda: curv_sum_of_function, "sum-of-function"),
    Wrong(S, "f's values, not differentiated", lambda: curv_values, "values-not-slopes"),
    # 03.derivative_by_hand
    Wrong(D, "the terms subtracted the other way", lambda: dg_quotient_rule, says="opposite sign"),
    Wrong(D, "jnp.sin without (x)", lambda: dg_sin_not_called, "uncalled-function"),
    Wrong(D, "forgot return", lambda: dg_no_return, says="but this is None"),
    Wrong(D, "the notebook's xs instead of x", lambda: dg_notebook_xs, "ignores-x"),
    Wrong(D, "jax.grad(g)(x) on the array", lambda: dg_calls_grad, "used-grad"),
    Wrong(D, "the plot's vmap(grad), for g", lambda: dg_copied_plot, "vmap-of-grad"),
    Wrong(D, "grad of the sum, the lesson's fix", lambda: dg_grad_of_sum, "differentiated-by-jax"),
    Wrong(D, "grad, vectorized", lambda: dg_vectorized_grad, "differentiated-by-jax"),
    Wrong(D, "jax.jvp with a tangent of ones", lambda: dg_jvp, "differentiated-by-jax"),
    Wrong(
        D, "product of the derivatives", lambda: dg_product_of_derivatives, "product-of-derivatives"
    ),
    Wrong(D, "only the x² (cos x)' term", lambda: dg_forgot_cos_term, "half-product-rule"),
    Wrong(D, "(cos x)' = +sin x", lambda: dg_plus_sin, "cos-sign"),
    Wrong(D, "a forward difference", lambda: dg_finite_difference, "finite-difference"),
    Wrong(D, "math in a list comprehension", lambda: dg_math_loop, says="jnp.stack"),
    Wrong(D, "(x²)' taken as 2", lambda: dg_twice_power, "power-rule-two"),
    # 03.central_difference
    Wrong(C, "jax.grad(f)(x): the exact derivative", lambda: central_grad, "used-grad"),
    Wrong(C, "its own step h = 1e-5", lambda: central_own_eps, "ignores-eps"),
    Wrong(C, "the notebook's f_python", lambda: central_notebook_f, "ignores-f"),
    Wrong(
        C,
        "returns a function of x",
        lambda: central_returns_function,
        says="did you mean to call it?",
    ),
    Wrong(C, "jnp.divide: float32", lambda: central_jnp, "float32"),
    Wrong(C, "half steps, eps/2 each side", lambda: central_half_steps, "half-steps"),
    Wrong(
        C, "forward step over 2 * eps", lambda: central_forward_over_two, "one-sided-over-two-eps"
    ),
    Wrong(C, "forgot return", lambda: central_no_return, says="but this is None"),
    Wrong(C, "/ eps / 2, a float32 x kept", lambda: central_eps_halved_after, "float32-points"),
    Wrong(C, "left and right points first", lambda: central_two_points, "float32-points"),
    # held-out answers (phase 1 of the held-out test)
    Wrong(D, "f's derivative pattern, cos x for 2x cos x", lambda: dg_pattern_from_f),
    Wrong(
        D,
        "the two terms as a tuple",
        lambda: d_terms_tuple,
        says="parts add up to the expected value",
    ),
    Wrong(D, "x² sin x differentiated", lambda: d_sin_version, "differentiated-sin"),
    Wrong(D, "(x²)' taken as x", lambda: d_power_x, "power-rule-x"),
    Wrong(
        "03.central_difference",
        "the second difference",
        lambda: cd_second_difference,
        "second-difference",
    ),
    Wrong("03.central_difference", "+ for - in the numerator", lambda: cd_plus, "plus-not-minus"),
    Wrong("03.central_difference", "// floor division", lambda: cd_floor, "floor-division"),
    Wrong(
        "03.central_difference",
        "1e-3 written in place of eps",
        lambda: cd_fixed_step,
        "ignores-eps",
    ),
    Wrong(
        "03.central_difference",
        "/ eps * 2",
        lambda: cd_over_eps_times_two,
        says="4 times the expected",
    ),
    Wrong("03.central_difference", "2 * eps**2 below", lambda: cd_eps_squared),
)


# --- held-out answers -------------------------------------------------------------------


def d_terms_tuple(x):
    return 2 * x * jnp.cos(x), -(x**2) * jnp.sin(x)


def d_sin_version(x):
    return 2 * x * jnp.sin(x) + x**2 * jnp.cos(x)


def d_power_x(x):
    return x * jnp.cos(x) - x**2 * jnp.sin(x)


def cd_second_difference(f, x, eps=1e-3):
    return (f(x + eps) - 2 * f(x) + f(x - eps)) / eps**2


def cd_plus(f, x, eps=1e-3):
    return (f(x + eps) + f(x - eps)) / (2 * eps)


def cd_floor(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) // (2 * eps)


def cd_fixed_step(f, x, eps=1e-3):
    return (f(x + 1e-3) - f(x - 1e-3)) / (2 * 1e-3)


def cd_over_eps_times_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps * 2


def cd_eps_squared(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps**2)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------


def cd_eps_before_x(f, eps, x=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def cd_floored(f, x, eps=1e-3):
    return math.floor((f(x + eps) - f(x - eps)) / (2 * eps))  # no //: not "floor division"


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(C, "parameters in the order f, eps, x", lambda: cd_eps_before_x, "swapped-arguments"),
    Wrong(C, "math.floor of the estimate", lambda: cd_floored, named="rounded-down"),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_dg_plus(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r2_dg_sin_cos_swapped(x):
    return 2 * x * jnp.sin(x) - x**2 * jnp.cos(x)


def r2_dg_numpy(x):
    return 2 * x * np.cos(x) - x**2 * np.sin(x)


def r2_dg_lost_x(x):
    return 2 * jnp.cos(x) - x**2 * jnp.sin(x)


def r2_dg_x_not_squared(x):
    return 2 * x * jnp.cos(x) - x * jnp.sin(x)


def r2_cd_float32(f, x, eps=1e-3):
    x = jnp.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r2_cd_rounded(f, x, eps=1e-3):
    return round((f(x + eps) - f(x - eps)) / (2 * eps), 6)


def r2_cd_fixed_eps(f, x, eps=1e-3):
    return (f(x + 1e-3) - f(x - 1e-3)) / 2e-3


def r2_cd_absolute(f, x, eps=1e-3):
    return abs(f(x + eps) - f(x - eps)) / (2 * eps)


def r2_cd_two_one_sided(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps + (f(x) - f(x - eps)) / eps


ROUND_2 = (
    Wrong(D, "+ x² sin x", lambda: r2_dg_plus, named="cos-sign"),
    Wrong(D, "sin and cos swapped", lambda: r2_dg_sin_cos_swapped, named="sin-cos-swapped"),
    Wrong(D, "2 cos x, the x lost", lambda: r2_dg_lost_x, named="power-rule-two"),
    Wrong(D, "x sin x, x not squared", lambda: r2_dg_x_not_squared, named="second-term-x"),
    Wrong(
        C,
        "x made float32 first",
        lambda: r2_cd_float32,
        "float32-points-everywhere",  # round 20: named, where a near miss was all it said
    ),
    Wrong(
        C,
        "round(..., 6)",
        lambda: r2_cd_rounded,
        says="close, but not within the tolerance",
    ),
    Wrong(C, "eps written in as 1e-3", lambda: r2_cd_fixed_eps, named="ignores-eps"),
    Wrong(
        C,
        "abs() of the change",
        lambda: r2_cd_absolute,
        says="opposite sign",
    ),
    Wrong(C, "two one-sided slopes added", lambda: r2_cd_two_one_sided, named="missing-half"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_dg_plus_sine(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r3_dg_product_of_derivatives(x):
    return -2 * x * jnp.sin(x)


def r3_dg_misread_as_sine(x):
    return 2 * x * jnp.sin(x) + x**2 * jnp.cos(x)


def r3_central_over_eps(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r3_central_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r3_central_jnp_array(f, x, eps=1e-3):
    return jnp.array(f(x + eps) - f(x - eps)) / (2 * eps)


ROUND_3 = (
    Wrong("03.derivative_by_hand", "+ x**2 sin x: cos' sign lost", lambda: r3_dg_plus_sine),
    Wrong(
        "03.derivative_by_hand",
        "-2x sin x: derivatives multiplied",
        lambda: r3_dg_product_of_derivatives,
    ),
    Wrong(
        "03.derivative_by_hand",
        "derivative of x**2 sin x: g misread",
        lambda: r3_dg_misread_as_sine,
    ),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r3_central_over_eps),
    Wrong("03.central_difference", "/ 2 * eps: precedence", lambda: r3_central_precedence),
    Wrong("03.central_difference", "jnp.array of the difference", lambda: r3_central_jnp_array),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: the same error from another cause ---------------------------------------------


def i35_derivative_float(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin(float(x))


ISSUE_35 = (
    Wrong(
        "03.derivative_by_hand",
        "jnp.sin(float(x))",
        lambda: i35_derivative_float,
        named="scalar-conversion",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)


# --- issue 35, round 4's families: 16-bit or integer slopes, 2|x| -------------------------


def r4_dg_abs(x):
    return 2 * jnp.abs(x) * jnp.cos(x) - x**2 * jnp.sin(x)


def r4_dg_sqrt_square(x):
    return 2 * jnp.sqrt(x**2) * jnp.cos(x) - x**2 * jnp.sin(x)


def r4_dg_abs_factored(x):
    return jnp.abs(x) * (2 * jnp.cos(x)) - jnp.square(x) * jnp.sin(x)


ROUND_4 = (
    Wrong("03.derivative_by_hand", "2|x| cos x - x² sin x", lambda: r4_dg_abs, "absolute-value"),
    Wrong(
        "03.derivative_by_hand",
        "2 sqrt(x²) cos x - x² sin x",
        lambda: r4_dg_sqrt_square,
        "absolute-value",
    ),
    Wrong(
        "03.derivative_by_hand",
        "|x| (2 cos x) - x² sin x",
        lambda: r4_dg_abs_factored,
        "absolute-value",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- issue 34: 03.gradient is a result and its reason, one letter -------------------------
# (session 46: the question moved from sum_of_squares_dx(p) to grad of x**2 at p, whose
# answer calculus alone does not give; these are written for the new question)
RESULT_AND_REASON = (
    Wrong("03.gradient", "each output's own slope (A)", lambda: "A", "elementwise"),
    Wrong("03.gradient", "grad sums the outputs (C)", lambda: "option C", "sums-outputs"),
    Wrong("03.gradient", "an error, one number in (D)", lambda: "d", "one-number-input"),
    Wrong(
        "03.gradient", "ran it: the numbers", lambda: [6.0, -2.0, 1.0, 4.0], "numbers-not-letter"
    ),
    Wrong(
        "03.gradient",
        "ran it: the array itself",
        lambda: jnp.array([6.0, -2.0, 1.0, 4.0]),
        "numbers-not-letter",
    ),
    Wrong("03.gradient", "the value, 14.25", lambda: 14.25, "numbers-not-letter"),
    Wrong("03.gradient", "both errors", lambda: "BD", says="names 2 options"),
    Wrong("03.gradient", "the elementwise slopes, 2p", lambda: [6, -2, 1, 4], "numbers-not-letter"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *RESULT_AND_REASON)


# --- issue 35, round 5's family: u' where u belongs, in uv' ---------------------------------
def r5f_dg_u_prime_twice(x):
    return 2 * x * jnp.cos(x) - 2 * x * jnp.sin(x)


def r5f_dg_u_prime_twice_factored(x):
    return 2 * x * (jnp.cos(x) - jnp.sin(x))


def r5f_dg_u_prime_twice_terms(x):
    first = 2 * x * jnp.cos(x)
    second = 2 * x * -jnp.sin(x)
    return first + second


U_PRIME_TWICE = (
    Wrong(
        "03.derivative_by_hand",
        "2x cos x - 2x sin x",
        lambda: r5f_dg_u_prime_twice,
        "second-term-derivative",
    ),
    Wrong(
        "03.derivative_by_hand",
        "2x (cos x - sin x)",
        lambda: r5f_dg_u_prime_twice_factored,
        "second-term-derivative",
    ),
    Wrong(
        "03.derivative_by_hand",
        "two named terms, 2x in both",
        lambda: r5f_dg_u_prime_twice_terms,
        "second-term-derivative",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *U_PRIME_TWICE)


# --- issue 35, round 6's families: the lesson's f' for g, and ^ for a power ---------------
def r6f_dg_lessons_f(x):
    return jnp.sin(x) + x * jnp.cos(x)


def r6f_dg_lessons_f_factored(x):
    s, c = jnp.sin(x), jnp.cos(x)
    return s + x * c


def r6f_dg_lessons_f_vmapped(x):
    return jax.vmap(lambda t: jnp.sin(t) + t * jnp.cos(t))(jnp.atleast_1d(x)).reshape(jnp.shape(x))


def r6f_dg_caret(x):
    return 2 * x * jnp.cos(x) - x ^ 2 * jnp.sin(x)


def r6f_dg_caret_parenthesised(x):
    return 2 * x * jnp.cos(x) - (x ^ 2) * jnp.sin(x)


def r6f_dg_caret_named(x):
    square = x ^ 2
    return 2 * x * jnp.cos(x) - square * jnp.sin(x)


ROUND_6_FAMILIES = (
    Wrong(
        "03.derivative_by_hand",
        "the lesson's f' copied",
        lambda: r6f_dg_lessons_f,
        "lessons-f-derivative",
    ),
    Wrong(
        "03.derivative_by_hand",
        "f' with sin and cos named",
        lambda: r6f_dg_lessons_f_factored,
        "lessons-f-derivative",
    ),
    Wrong(
        "03.derivative_by_hand",
        "f' vmapped",
        lambda: r6f_dg_lessons_f_vmapped,
        "lessons-f-derivative",
    ),
    Wrong(
        "03.derivative_by_hand", "x ^ 2 without brackets", lambda: r6f_dg_caret, "caret-not-power"
    ),
    Wrong(
        "03.derivative_by_hand", "(x ^ 2)", lambda: r6f_dg_caret_parenthesised, "caret-not-power"
    ),
    Wrong("03.derivative_by_hand", "square = x ^ 2", lambda: r6f_dg_caret_named, "caret-not-power"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_6_FAMILIES)


# --- round 7: slopes estimated from f's values; x² for 2x in the first term ----------------
def s44_dg_power_slip(x):
    return 2 * x**2 * jnp.cos(x) - x**2 * jnp.sin(x)


def s44_dg_power_slip_factored(x):
    return x**2 * (2 * jnp.cos(x) - jnp.sin(x))


ESTIMATES = (
    Wrong(
        "03.derivative_by_hand", "2x² cos x first", lambda: s44_dg_power_slip, "first-term-power"
    ),
    Wrong(
        "03.derivative_by_hand",
        "x² factored out of both terms",
        lambda: s44_dg_power_slip_factored,
        "first-term-power",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ESTIMATES)


# --- issue 34: 03.derivative_by_hand redesigned -----------------------------------------
# It asked for g′(x) of x² cos x worked out by hand: the cheapest pass needed calculus, no
# JAX. It now asks for ∂g/∂a of g(x, a) = x² cos(a x), one per point, from JAX itself.
# The answers above to the old task are kept as written and judged no more.


def g_of_a(x, a):  # the notebook's g, as redesigned
    return x**2 * jnp.cos(a * x)


def da_grad_argnums(x, a):
    return jax.grad(g_of_a, argnums=1)(x, a)


def da_grad_first(x, a):
    return jax.grad(g_of_a)(x, a)


def da_sum_trick(x, a):  # 03.fix_slopes' answer carried over
    return jax.grad(lambda b: jnp.sum(g_of_a(x, b)))(a)


def da_sum_method(x, a):
    return jax.grad(lambda b: g_of_a(x, b).sum())(a)


def da_vmap_grad_in_x(x, a):
    return jax.vmap(jax.grad(g_of_a), in_axes=(0, None))(x, a)


def da_grad_of_sum_in_x(x, a):
    return jax.grad(lambda v: jnp.sum(g_of_a(v, a)))(x)


def da_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def da_by_hand_wrong(x, a):  # the chain rule's inner x forgotten
    return -(x**2) * jnp.sin(a * x)


def da_by_numpy(x, a):
    return jnp.asarray(-(np.asarray(x) ** 3) * np.sin(a * np.asarray(x)))


DG_DA = "03.derivative_by_hand"
GRAD_IN_A = (
    Wrong(DG_DA, "grad, argnums=1, on all points", lambda: da_grad_argnums, "not-scalar"),
    Wrong(DG_DA, "jax.grad(g)(x, a), as for f", lambda: da_grad_first, "not-scalar"),
    Wrong(DG_DA, "fix_slopes' sum, now in a", lambda: da_sum_trick, "summed-over-points"),
    Wrong(DG_DA, "the sum method, in a", lambda: da_sum_method, "summed-over-points"),
    Wrong(DG_DA, "vmap of grad, x mapped, a fixed", lambda: da_vmap_grad_in_x, "with-respect-to-x"),
    Wrong(DG_DA, "grad of the sum over x", lambda: da_grad_of_sum_in_x, "with-respect-to-x"),
    Wrong(DG_DA, "-x³ sin(ax), by the chain rule", lambda: da_by_hand, "by-hand"),
    Wrong(DG_DA, "-x² sin(ax): the inner x forgotten", lambda: da_by_hand_wrong, "by-hand"),
    Wrong(DG_DA, "the formula in NumPy, wrapped", lambda: da_by_numpy, "by-hand"),
)
WRONG_ANSWERS = (
    *(w for w in WRONG_ANSWERS if w.exercise_id != DG_DA),
    *GRAD_IN_A,
)


def da_vmap_both(x, a):
    return jax.vmap(jax.grad(g_of_a, argnums=1))(x, a)


def da_jacobian_first(x, a):
    return jax.jacobian(g_of_a)(x, a)


def da_mean_in_a(x, a):
    return jax.grad(lambda b: jnp.mean(g_of_a(x, b)))(a)


GRAD_IN_A_MORE = (
    Wrong(DG_DA, "vmap over both arguments", lambda: da_vmap_both, "vmapped-a"),
    Wrong(DG_DA, "jax.jacobian(g)(x, a)", lambda: da_jacobian_first, "jacobian-in-x"),
    Wrong(DG_DA, "grad of the mean, in a", lambda: da_mean_in_a, says="one number where an array"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *GRAD_IN_A_MORE)


def da_one_argument(x):  # the old dg_by_hand(x) signature, a taken from the notebook
    return jax.vmap(jax.grad(lambda b: g_of_a(1.0, b)))(x)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(DG_DA, "one argument, as dg_by_hand had", lambda: da_one_argument, "one-argument"),
)


# --- round 11's families, fixed: a slip made after float(x), x used as an array, t's
# positions for its values, one pooled derivative spread over x, g's values swapped


def r11f_cd_precedence_float(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r11f_cd_no_half_float(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r11f_cd_astype(f, x, eps=1e-3):
    x = x.astype(np.float64)  # x may be a Python float
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r11f_curv_positions(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(t.size) * 1.0)


def r11f_da_sum_spread(x, a):
    return jnp.full(x.shape, jax.grad(lambda b: jnp.sum(g_of_a(x, b)))(a))


def r11f_da_swapped(x, a):
    return jax.vmap(lambda xi: jax.grad(g_of_a, argnums=1)(a, xi))(x)


ROUND_11_FIXED = (
    Wrong(C, "float(x), then / 2 * eps", lambda: r11f_cd_precedence_float, "precedence"),
    Wrong(C, "float(x), then / eps", lambda: r11f_cd_no_half_float, "missing-half"),
    Wrong(
        C, "x.astype(np.float64) on a Python float", lambda: r11f_cd_astype, "array-method-on-float"
    ),
    Wrong(S, "vmap at arange(t.size) * 1.0", lambda: r11f_curv_positions, "positions-not-values"),
    Wrong(
        DG_DA,
        "grad of the sum, full of x's shape",
        lambda: r11f_da_sum_spread,
        "pooled-at-every-point",
    ),
    Wrong(DG_DA, "g(a, xi) per point", lambda: r11f_da_swapped, "values-swapped"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_11_FIXED)


# --- round 13's families, fixed (issue 35) ---------------------------------------------------


def r13f_cd_through_jnp(f, x, eps=1e-3):
    x = jnp.asarray(x).item()  # a float32 array first: x = 0.1 is rounded
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r13f_curv_mean_once(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(lambda s: jnp.mean(d1(s)))(t.astype(jnp.float32))  # the second grad: mean


def r13f_curv_jacfwd_twice(f, t):
    return jax.jacfwd(jax.jacrev(f))(t.astype(jnp.float32))  # n x n x n


def r13f_curv_nested_three(f, t):
    return jax.vmap(jax.grad(jax.grad(jax.grad(f))))(t + 0.0)  # f''' for f''


def r13f_dga_swapped_names(x, a):
    def at_point(point, freq):
        return g_of_a(freq, point)  # a in g's first slot

    return jax.vmap(jax.grad(at_point, argnums=1), in_axes=(0, None))(x, a)


def r13f_dga_late_binding_dict(x, a):
    parts = {}
    for i in range(len(x)):
        parts[i] = lambda b: g_of_a(x[i], b)  # noqa: B023 (i read when called: the last)
    return jnp.stack([jax.grad(parts[i])(a) for i in parts])


ROUND_13_FIXED = (
    Wrong(S, "mean in the second grad only: f''/n", lambda: r13f_curv_mean_once, "mean-not-sum"),
    Wrong(S, "jacfwd(jacrev(f)): n x n x n", lambda: r13f_curv_jacfwd_twice, "hessian"),
    Wrong(S, "three nested grads, vmapped", lambda: r13f_curv_nested_three, "one-grad-too-many"),
    Wrong(
        D,
        "helper at_point(point, freq) calls g(freq, point)",
        lambda: r13f_dga_swapped_names,
        "values-swapped-in-x",
    ),
    Wrong(
        D,
        "dict of lambdas over range(len(x))",
        lambda: r13f_dga_late_binding_dict,
        "last-point-only",
    ),
    Wrong(
        C, "x through jnp.asarray(x).item()", lambda: r13f_cd_through_jnp, "x-rounded-to-float32"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_13_FIXED)


# --- session 50 (f14a): round 14's float32 result of a float64 estimate (issue 35) --------


def s50_central_then_jnp_array(f, x, eps=1e-3):
    x = float(x)
    slope = (f(x + eps) - f(x - eps)) / (2 * eps)
    return jnp.array(slope)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.central_difference",
        "float64 estimate returned as jnp.array",
        lambda: s50_central_then_jnp_array,
        "float32-result",
    ),
)

# --- session 51 (f15a): round 15's composed slopes, named (issue 35) --------------------


def s51_curvatures_slope_of_slope_values(f, t):
    slope = jax.vmap(jax.grad(f))
    first = slope(jnp.asarray(t, dtype=jnp.float32))
    return slope(first)  # the slope function run on the slopes


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.fix_slopes",
        "vmapped grad run on its own outputs",
        lambda: s51_curvatures_slope_of_slope_values,
        "slopes-composed",
    ),
)


# --- round 16: one element of t; "second" read as "squared" ------------------------------
def r16f_curv_squeezed(f, t):
    t = jnp.asarray(t, dtype=jnp.float32)
    d2 = jax.grad(lambda v: jnp.sum(jax.grad(lambda u: jnp.sum(f(u)))(v)))
    return d2(t).squeeze()  # a 1-element t gives a scalar


def r16f_curv_slope_times_slope(f, t):
    slope = jax.grad(lambda v: f(v).sum())(t.astype(jnp.float32))
    return slope * slope


def r16f_curv_slope_squared_square(f, t):
    return jnp.square(jax.vmap(jax.grad(f))(t.astype(float)))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.fix_slopes",
        "result squeezed: one element gives ()",
        lambda: r16f_curv_squeezed,
        says="arranged differently",
    ),
    Wrong(
        "03.fix_slopes",
        "slope * slope for the second derivative",
        lambda: r16f_curv_slope_times_slope,
        "slope-powered",
    ),
    Wrong(
        "03.fix_slopes",
        "jnp.square of vmapped grad",
        lambda: r16f_curv_slope_squared_square,
        "slope-powered",
    ),
)


# --- rounds 16 and 17's families in 03.derivative_by_hand: g's values swapped under
# jax.jacobian (an (n, n) matrix), and grad taken in the cosine's argument a * x


def r17f_da_jacobian_swapped(x, a):
    return jax.jacobian(g_of_a, argnums=1)(a, x)


def r17f_da_in_the_product(x, a):
    return jax.grad(lambda ax: (x**2 * jnp.cos(ax)).sum())(a * x)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        DG_DA,
        "jacobian in argnums=1 of g(a, x)",
        lambda: r17f_da_jacobian_swapped,
        "jacobian-values-swapped",
    ),
    Wrong(
        DG_DA,
        "grad in a * x, the cosine's argument",
        lambda: r17f_da_in_the_product,
        "inner-argument",
    ),
)


# --- round 18: argnums counted from 1, a frequency typed in, the point made whole --------
def r18f_da_argnums_two(x, a):
    return jax.vmap(jax.grad(g_of_a, argnums=2), in_axes=(0, None))(x, a)


def r18f_da_fixed_a(x, a):
    a = 1.0  # left in from testing
    return jax.vmap(jax.grad(g_of_a, argnums=1), in_axes=(0, None))(x, a)


def r18f_da_notebook_a(x, a):
    return jax.jacobian(lambda b: g_of_a(x, b))(2.0)


def r18f_cd_int(f, x, eps=1e-3):
    x = int(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r18f_cd_rounded(f, x, eps=1e-3):
    x = round(float(x))
    return (f(x + eps) - f(x - eps)) / (2.0 * eps)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        DG_DA,
        "argnums=2 for the second argument",
        lambda: r18f_da_argnums_two,
        says="argnums counts",
    ),
    Wrong(DG_DA, "a = 1.0 hard-coded from testing", lambda: r18f_da_fixed_a, "ignores-a"),
    Wrong(DG_DA, "jacobian at a notebook's a = 2.0", lambda: r18f_da_notebook_a, "ignores-a"),
    Wrong(C, "int(x) instead of float(x)", lambda: r18f_cd_int, "whole-x"),
    Wrong(C, "round(x) to tidy the point", lambda: r18f_cd_rounded, "whole-x"),
)


# --- round 19 (fix19-3): value_and_grad's pair, and a five-point stencil (audit G)
from tests.content.wrong_answers.round19 import lesson03 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.derivative_by_hand",
        "value_and_grad: a pair back (round 19)",
        lambda: _r19.r19_dgda_value_and_grad,
        says="a pair such as value_and_grad's (value, gradient)",
    ),
    Wrong(
        "03.central_difference",
        "five-point stencil, not the central one (round 19)",
        lambda: _r19.r19_cd_five_point,
        named="five-point",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_slopes_finite_difference(f, t):
    h = 1e-3
    s = t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2


def r20f_dgda_both_argnums(x, a):
    return jax.grad(lambda x_, a_: jnp.sum(x_**2 * jnp.cos(a_ * x_)), argnums=(0, 1))(x, a)


def r20f_cd_jnp_point(f, x, eps=1e-3):
    x = jnp.asarray(x)  # "work in jnp": float32 for every input
    return (f(x + eps) - f(x - eps)) / (2 * eps)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.fix_slopes",
        "second finite difference, float32, h=1e-3",
        lambda: r20f_slopes_finite_difference,
        named="estimated-without-grad",
    ),
    Wrong(
        "03.derivative_by_hand",
        "argnums=(0, 1): a tuple of two grads",
        lambda: r20f_dgda_both_argnums,
        named="both-arguments",
    ),
    Wrong(
        "03.central_difference",
        "jnp.asarray(x): float32 for every input",
        lambda: r20f_cd_jnp_point,
        named="float32-points-everywhere",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------

from tests.content.wrong_answers.round21 import lesson03 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "03.derivative_by_hand",
        "returns the vmapped function itself",
        lambda: _r21.r21_dga_returns_function,
        says="a function made from",
    ),
    Wrong(
        "03.fix_slopes",
        "jnp.gradient twice on f's values",
        lambda: _r21.r21_slopes_np_gradient,
        named="samples-differenced",
    ),
)
