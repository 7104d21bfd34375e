"""Round 6, lesson 03 (grad): answers written from the lesson's text alone."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x):
    return x**2 * jnp.cos(x)


def f(x):
    return x * jnp.sin(x)


# ---------------------------------------------------------------- 03.fix_slopes


def r6_slopes_float_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))


def r6_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)


def r6_slopes_sum_int(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t)


def r6_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))


def r6_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r6_slopes_step_one(f, t):
    # a difference with step 1 on the integer points
    return f(t + 1) - f(t)


def r6_slopes_hardcoded(f, t):
    return jax.vmap(jax.grad(f))(jnp.arange(4.0))


def r6_slopes_cast_back(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32)).astype(t.dtype)


def r6_slopes_value_and_grad(f, t):
    return jax.value_and_grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r6_slopes_summed(f, t):
    return jnp.sum(jax.vmap(jax.grad(f))(t.astype(jnp.float32)))


def r6_slopes_np_gradient(f, t):
    # NumPy habit: np.gradient, finite differences between neighbouring samples
    return jnp.gradient(f(t.astype(jnp.float32)))


def r6_slopes_python_list(f, t):
    return [float(jax.grad(f)(float(ti))) for ti in t]


def r6_slopes_vmap_float(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32))


def r6_slopes_sum_float(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(jnp.asarray(t, dtype=jnp.float32))


def r6_slopes_loop(f, t):
    df = jax.grad(f)
    return jnp.array([df(ti) for ti in jnp.asarray(t, dtype=float)])


def r6_slopes_times_one(f, t):
    return jax.grad(lambda s: f(s).sum())(t * 1.0)


# ---------------------------------------------------------------- 03.derivative_by_hand


def r6_dg_sign(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r6_dg_product_of_derivatives(x):
    return -2 * x * jnp.sin(x)


def r6_dg_first_term(x):
    return 2 * x * jnp.cos(x)


def r6_dg_second_term(x):
    return -(x**2) * jnp.sin(x)


def r6_dg_swapped(x):
    return 2 * x * jnp.sin(x) - x**2 * jnp.cos(x)


def r6_dg_no_two(x):
    return x * jnp.cos(x) - x**2 * jnp.sin(x)


def r6_dg_dropped_x(x):
    return 2 * jnp.cos(x) - x**2 * jnp.sin(x)


def r6_dg_grad(x):
    return jax.grad(g)(x)


def r6_dg_vmap_grad(x):
    return jax.vmap(jax.grad(g))(jnp.atleast_1d(jnp.asarray(x, dtype=jnp.float32)))


def r6_dg_copied_f(x):
    return jnp.sin(x) + x * jnp.cos(x)


def r6_dg_xor(x):
    return 2 * x * jnp.cos(x) - x ^ 2 * jnp.sin(x)  # ^ is xor in Python, not a power


def r6_dg_math(x):
    return 2 * x * math.cos(x) - x**2 * math.sin(x)


def r6_dg_second_derivative(x):
    return 2 * jnp.cos(x) - 4 * x * jnp.sin(x) - x**2 * jnp.cos(x)


def r6_dg_times_two_typo(x):
    return 2 * x * jnp.cos(x) - x * 2 * jnp.sin(x)


def r6_dg_product_rule(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin(x)


def r6_dg_factored(x):
    return x * (2 * jnp.cos(x) - x * jnp.sin(x))


def r6_dg_reordered(x):
    return jnp.cos(x) * 2 * x + (-jnp.sin(x)) * x**2


def r6_dg_asarray_square(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    return 2 * x * jnp.cos(x) - jnp.square(x) * jnp.sin(x)


# ---------------------------------------------------------------- 03.central_difference


def r6_cd_no_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r6_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r6_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r6_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r6_cd_sign(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r6_cd_float32(f, x, eps=1e-3):
    return (f(jnp.float32(x + eps)) - f(jnp.float32(x - eps))) / (2 * eps)


def r6_cd_grad(f, x, eps=1e-3):
    return jax.grad(f)(x)


def r6_cd_half_step(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r6_cd_ignores_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r6_cd_jnp_result(f, x, eps=1e-3):
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r6_cd_second_difference(f, x, eps=1e-3):
    return (f(x + eps) - 2 * f(x) + f(x - eps)) / eps**2


def r6_cd_no_return(f, x, eps=1e-3):
    (f(x + eps) - f(x - eps)) / (2 * eps)


def r6_cd_plain(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r6_cd_divide_twice(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps / 2


def r6_cd_half(f, x, eps=1e-3):
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r6_cd_h_plus_h(f, x, eps=1e-3):
    h = eps
    left, right = f(x - h), f(x + h)
    return (right - left) / (h + h)


P = [3.0, -1.0, 0.5, 2.0]

ROUND_6 = [
    # 03.gradient
    Wrong("03.gradient", "the point p itself", lambda: [3.0, -1.0, 0.5, 2.0]),
    Wrong("03.gradient", "the squares of p", lambda: [9.0, 1.0, 0.25, 4.0]),
    Wrong("03.gradient", "the value f(p) = 14.25", lambda: 14.25),
    Wrong("03.gradient", "copied the reveal at x: [2, 4, 6, 8]", lambda: [2.0, 4.0, 6.0, 8.0]),
    Wrong("03.gradient", "dropped the minus: [6, 2, 1, 4]", lambda: [6.0, 2.0, 1.0, 4.0]),
    Wrong("03.gradient", "slip on 2 * 0.5: [6, -2, 0.5, 4]", lambda: [6.0, -2.0, 0.5, 4.0]),
    Wrong("03.gradient", "halved instead of doubled: x / 2", lambda: [1.5, -0.5, 0.25, 1.0]),
    Wrong("03.gradient", "summed the gradient: 9.0", lambda: 9.0),
    Wrong("03.gradient", "negative gradient, the descent direction", lambda: [-6.0, 2.0, -1.0, -4.0]),
    Wrong("03.gradient", "only three entries", lambda: [6.0, -2.0, 1.0]),
    Wrong("03.gradient", "d/dx x^2 = 2, forgot the x", lambda: [2.0, 2.0, 2.0, 2.0]),
    Wrong("03.gradient", "Jacobian-like diagonal matrix 2 * diag(p)", lambda: jnp.diag(2 * jnp.array(P))),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "fixed only the dtype: grad of a vector output, raises", lambda: r6_slopes_float_only),
    Wrong("03.fix_slopes", "vmap(grad(f)) on the integer t: raises", lambda: r6_slopes_vmap_int),
    Wrong("03.fix_slopes", "grad of the sum on the integer t: raises", lambda: r6_slopes_sum_int),
    Wrong("03.fix_slopes", "the full Jacobian matrix", lambda: r6_slopes_jacobian),
    Wrong("03.fix_slopes", "grad of the mean: slopes divided by n", lambda: r6_slopes_mean),
    Wrong("03.fix_slopes", "f(t + 1) - f(t), a step-1 difference", lambda: r6_slopes_step_one),
    Wrong("03.fix_slopes", "hardcodes jnp.arange(4.0), ignores t", lambda: r6_slopes_hardcoded),
    Wrong("03.fix_slopes", "casts the slopes back to t's integer dtype", lambda: r6_slopes_cast_back),
    Wrong("03.fix_slopes", "value_and_grad: returns (sum, slopes)", lambda: r6_slopes_value_and_grad),
    Wrong("03.fix_slopes", "sums the slopes into one number", lambda: r6_slopes_summed),
    Wrong("03.fix_slopes", "jnp.gradient of f's samples (NumPy habit)", lambda: r6_slopes_np_gradient),
    Wrong("03.fix_slopes", "a Python list of floats", lambda: r6_slopes_python_list),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "sign slip: + x^2 sin x", lambda: r6_dg_sign),
    Wrong("03.derivative_by_hand", "product of the derivatives: 2x * (-sin x)", lambda: r6_dg_product_of_derivatives),
    Wrong("03.derivative_by_hand", "only the first term, 2x cos x", lambda: r6_dg_first_term),
    Wrong("03.derivative_by_hand", "only the second term, -x^2 sin x", lambda: r6_dg_second_term),
    Wrong("03.derivative_by_hand", "sin and cos swapped", lambda: r6_dg_swapped),
    Wrong("03.derivative_by_hand", "forgot the 2: x cos x - x^2 sin x", lambda: r6_dg_no_two),
    Wrong("03.derivative_by_hand", "2 cos x - x^2 sin x: dropped the x", lambda: r6_dg_dropped_x),
    Wrong("03.derivative_by_hand", "jax.grad(g)(x): not by hand, fails on arrays", lambda: r6_dg_grad),
    Wrong("03.derivative_by_hand", "vmap(grad(g)): not by hand", lambda: r6_dg_vmap_grad),
    Wrong("03.derivative_by_hand", "copied f' = sin x + x cos x", lambda: r6_dg_copied_f),
    Wrong("03.derivative_by_hand", "wrote x^2 for x**2: ^ is xor, fails on floats", lambda: r6_dg_xor),
    Wrong("03.derivative_by_hand", "math.cos: fails on arrays", lambda: r6_dg_math),
    Wrong("03.derivative_by_hand", "went one further: the second derivative", lambda: r6_dg_second_derivative),
    Wrong("03.derivative_by_hand", "typo x * 2 for x**2 in the sin term", lambda: r6_dg_times_two_typo),
    # 03.central_difference
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r6_cd_no_two),
    Wrong("03.central_difference", "forward difference", lambda: r6_cd_forward),
    Wrong("03.central_difference", "backward difference", lambda: r6_cd_backward),
    Wrong("03.central_difference", "precedence: / 2 * eps", lambda: r6_cd_precedence),
    Wrong("03.central_difference", "f(x - eps) - f(x + eps): sign reversed", lambda: r6_cd_sign),
    Wrong("03.central_difference", "points in jnp.float32", lambda: r6_cd_float32),
    Wrong("03.central_difference", "jax.grad(f)(x): the exact derivative", lambda: r6_cd_grad),
    Wrong("03.central_difference", "half steps: (f(x + eps/2) - f(x - eps/2)) / eps", lambda: r6_cd_half_step),
    Wrong("03.central_difference", "ignores the eps argument, h = 1e-3", lambda: r6_cd_ignores_eps),
    Wrong("03.central_difference", "wraps the result in jnp.asarray: float32", lambda: r6_cd_jnp_result),
    Wrong("03.central_difference", "the second-difference formula", lambda: r6_cd_second_difference),
    Wrong("03.central_difference", "forgot return", lambda: r6_cd_no_return),
]

RIGHT_6 = [
    # 03.gradient
    Right("03.gradient", "floats in a list", lambda: [6.0, -2.0, 1.0, 4.0]),
    Right("03.gradient", "ints in a list", lambda: [6, -2, 1, 4]),
    Right("03.gradient", "a tuple", lambda: (6, -2.0, 1, 4.0)),
    Right("03.gradient", "2 * jnp.array(p)", lambda: 2 * jnp.array(P)),
    Right("03.gradient", "a NumPy array", lambda: np.array([6.0, -2.0, 1.0, 4.0])),
    # 03.fix_slopes
    Right("03.fix_slopes", "vmap(grad(f)) on t.astype(float32)", lambda: r6_slopes_vmap_float),
    Right("03.fix_slopes", "grad of the sum on jnp.asarray(t, float32)", lambda: r6_slopes_sum_float),
    Right("03.fix_slopes", "Python loop of grad(f), stacked with jnp.array", lambda: r6_slopes_loop),
    Right("03.fix_slopes", "grad of f(s).sum() at t * 1.0", lambda: r6_slopes_times_one),
    # 03.derivative_by_hand
    Right("03.derivative_by_hand", "product rule written out", lambda: r6_dg_product_rule),
    Right("03.derivative_by_hand", "factored: x (2 cos x - x sin x)", lambda: r6_dg_factored),
    Right("03.derivative_by_hand", "reordered terms", lambda: r6_dg_reordered),
    Right("03.derivative_by_hand", "jnp.asarray and jnp.square", lambda: r6_dg_asarray_square),
    # 03.central_difference
    Right("03.central_difference", "(f(x + eps) - f(x - eps)) / (2 * eps)", lambda: r6_cd_plain),
    Right("03.central_difference", "/ eps / 2", lambda: r6_cd_divide_twice),
    Right("03.central_difference", "0.5 * (...) / eps", lambda: r6_cd_half),
    Right("03.central_difference", "h + h in the denominator", lambda: r6_cd_h_plus_h),
]
