"""Round 5, lesson 03 (jax.grad): answers written from the lesson's text alone."""
from __future__ import annotations

import math

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 03.fix_slopes


def r5_slopes_float_only(f, t):
    # fixed the dtype, not the vector output
    return jax.grad(f)(t.astype(jnp.float32))


def r5_slopes_sum_only(f, t):
    # fixed the vector output, not the integer input
    return jax.grad(lambda s: jnp.sum(f(s)))(t)


def r5_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r5_slopes_values(f, t):
    return f(t.astype(jnp.float32))


def r5_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))


def r5_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)


def r5_slopes_python_list(f, t):
    return [jax.grad(f)(float(s)) for s in t]


def r5_slopes_cast_back(f, t):
    # NumPy habit: give back the dtype that came in
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32)).astype(t.dtype)


def r5_slopes_first_output(f, t):
    return jax.grad(lambda s: f(s)[0])(t.astype(jnp.float32))


def r5_slopes_allow_int(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)), allow_int=True)(t)


def r5_slopes_hardcoded(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(jnp.arange(4.0))


def r5_slopes_tolist(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32)).tolist()


def r5_slopes_sum_float(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r5_slopes_vmap(f, t):
    return jax.vmap(jax.grad(f))(t * 1.0)


def r5_slopes_jacobian_diag(f, t):
    return jnp.diag(jax.jacobian(f)(jnp.asarray(t, dtype=float)))


def r5_slopes_jacobian_colsum(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32)).sum(axis=0)


def r5_slopes_loop_stacked(f, t):
    return jnp.array([jax.grad(f)(float(s)) for s in t])


# ---------------------------------------------------------------- 03.derivative_by_hand


def r5_dg_sign(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r5_dg_factors(x):
    # derivative of each factor, multiplied
    return 2 * x * -jnp.sin(x)


def r5_dg_first_term(x):
    return 2 * x * jnp.cos(x)


def r5_dg_second_term(x):
    return -(x**2) * jnp.sin(x)


def r5_dg_dropped_square(x):
    return 2 * x * jnp.cos(x) - x * jnp.sin(x)


def r5_dg_numpy(x):
    x = np.asarray(x)  # NumPy habit: work on a NumPy copy
    return 2 * x * np.cos(x) - x**2 * np.sin(x)


def r5_dg_math(x):
    return 2 * x * math.cos(x) - x**2 * math.sin(x)


def r5_dg_swapped(x):
    return 2 * x * jnp.sin(x) - x**2 * jnp.cos(x)


def r5_dg_grad(x):
    return jax.vmap(jax.grad(lambda v: v**2 * jnp.cos(v)))(jnp.atleast_1d(x)).reshape(jnp.shape(x))


def r5_dg_tuple(x):
    return 2 * x * jnp.cos(x), -(x**2) * jnp.sin(x)


def r5_dg_x_squared_twice(x):
    return 2 * x * jnp.cos(x) - 2 * x * jnp.sin(x)


def r5_dg_plain(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin(x)


def r5_dg_factored(x):
    return x * (2 * jnp.cos(x) - x * jnp.sin(x))


def r5_dg_ufuncs(x):
    x = jnp.asarray(x)
    return jnp.subtract(jnp.multiply(2.0 * x, jnp.cos(x)), jnp.square(x) * jnp.sin(x))


def r5_dg_product_rule_named(x):
    u, du = x**2, 2 * x
    v, dv = jnp.cos(x), -jnp.sin(x)
    return du * v + u * dv


# ---------------------------------------------------------------- 03.central_difference


def r5_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r5_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r5_cd_no_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r5_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r5_cd_precedence_numerator(f, x, eps=1e-3):
    return f(x + eps) - f(x - eps) / (2 * eps)


def r5_cd_float32(f, x, eps=1e-3):
    xf = jnp.float32(x)
    return float((f(float(xf + eps)) - f(float(xf - eps))) / jnp.float32(2 * eps))


def r5_cd_plus(f, x, eps=1e-3):
    return (f(x + eps) + f(x - eps)) / (2 * eps)


def r5_cd_flipped(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r5_cd_half_step(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r5_cd_fixed_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r5_cd_jnp_result(f, x, eps=1e-3):
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r5_cd_plain(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r5_cd_two_divisions(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 / eps


def r5_cd_half(f, x, eps=1e-3):
    upper, lower = f(x + eps), f(x - eps)
    return 0.5 * (upper - lower) / eps


def r5_cd_h_plus_h(f, x, eps=1e-3):
    h = float(eps)
    return (f(x + h) - f(x - h)) / (h + h)


ROUND_5 = (
    # 03.gradient
    Wrong("03.gradient", "the point itself: thinks the gradient of x**2 summed is x", lambda: [3.0, -1.0, 0.5, 2.0]),
    Wrong("03.gradient", "the squares", lambda: [9.0, 1.0, 0.25, 4.0]),
    Wrong("03.gradient", "the value sum_of_squares(p) = 14.25", lambda: 14.25),
    Wrong("03.gradient", "lost the sign of -1", lambda: [6.0, 2.0, 1.0, 4.0]),
    Wrong("03.gradient", "copied [2, 4, 6, 8] from the lesson's x", lambda: [2.0, 4.0, 6.0, 8.0]),
    Wrong("03.gradient", "slip on 0.5: wrote 0.25", lambda: [6.0, -2.0, 0.25, 4.0]),
    Wrong("03.gradient", "x/2: integrated instead of differentiated", lambda: [1.5, -0.5, 0.25, 1.0]),
    Wrong("03.gradient", "2 * sum(p) = 9: one number", lambda: 9.0),
    Wrong("03.gradient", "only three numbers: missed the last", lambda: [6.0, -2.0, 1.0]),
    Wrong("03.gradient", "4x: doubled twice", lambda: [12.0, -4.0, 2.0, 8.0]),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "casts to float, still grad of a vector output", lambda: r5_slopes_float_only),
    Wrong("03.fix_slopes", "sums the output, still integer input", lambda: r5_slopes_sum_only),
    Wrong("03.fix_slopes", "jnp.mean instead of jnp.sum: slopes divided by n", lambda: r5_slopes_mean),
    Wrong("03.fix_slopes", "returns f(t), the values", lambda: r5_slopes_values),
    Wrong("03.fix_slopes", "returns the full Jacobian matrix", lambda: r5_slopes_jacobian),
    Wrong("03.fix_slopes", "jax.vmap(jax.grad(f))(t) on the integer t", lambda: r5_slopes_vmap_int),
    Wrong("03.fix_slopes", "a Python list of 0-d arrays", lambda: r5_slopes_python_list),
    Wrong("03.fix_slopes", "casts the slopes back to t's integer dtype", lambda: r5_slopes_cast_back),
    Wrong("03.fix_slopes", "grad of f(s)[0]: only the first slope, zeros elsewhere", lambda: r5_slopes_first_output),
    Wrong("03.fix_slopes", "allow_int=True: float0 zeros", lambda: r5_slopes_allow_int),
    Wrong("03.fix_slopes", "hardcoded jnp.arange(4.0) instead of t", lambda: r5_slopes_hardcoded),
    Wrong("03.fix_slopes", ".tolist() at the end", lambda: r5_slopes_tolist),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "+ x**2 sin x: sign of the derivative of cos", lambda: r5_dg_sign),
    Wrong("03.derivative_by_hand", "derivatives of the factors multiplied: 2x * (-sin x)", lambda: r5_dg_factors),
    Wrong("03.derivative_by_hand", "forgot the product rule: 2x cos x", lambda: r5_dg_first_term),
    Wrong("03.derivative_by_hand", "only the second term: -x**2 sin x", lambda: r5_dg_second_term),
    Wrong("03.derivative_by_hand", "x sin x instead of x**2 sin x", lambda: r5_dg_dropped_square),
    Wrong("03.derivative_by_hand", "np.asarray(x) then np.cos / np.sin: a NumPy result", lambda: r5_dg_numpy),
    Wrong("03.derivative_by_hand", "math.cos: fails on arrays", lambda: r5_dg_math),
    Wrong("03.derivative_by_hand", "sin and cos swapped", lambda: r5_dg_swapped),
    Wrong("03.derivative_by_hand", "let jax.grad do it, vmapped", lambda: r5_dg_grad),
    Wrong("03.derivative_by_hand", "returns the two terms as a tuple", lambda: r5_dg_tuple),
    Wrong("03.derivative_by_hand", "2x sin x: differentiated the x**2 in the second term too", lambda: r5_dg_x_squared_twice),
    # 03.central_difference
    Wrong("03.central_difference", "forward difference", lambda: r5_cd_forward),
    Wrong("03.central_difference", "backward difference", lambda: r5_cd_backward),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r5_cd_no_two),
    Wrong("03.central_difference", "/ 2 * eps: precedence", lambda: r5_cd_precedence),
    Wrong("03.central_difference", "missing parentheses around the numerator", lambda: r5_cd_precedence_numerator),
    Wrong("03.central_difference", "points and step in float32", lambda: r5_cd_float32),
    Wrong("03.central_difference", "f(x+eps) + f(x-eps)", lambda: r5_cd_plus),
    Wrong("03.central_difference", "sign flipped", lambda: r5_cd_flipped),
    Wrong("03.central_difference", "half steps eps/2 on each side, divided by eps", lambda: r5_cd_half_step),
    Wrong("03.central_difference", "ignores eps, always 1e-3", lambda: r5_cd_fixed_eps),
    Wrong("03.central_difference", "wraps the result in jnp.asarray: float32", lambda: r5_cd_jnp_result),
)

RIGHT_5 = (
    # 03.gradient
    Right("03.gradient", "list of floats", lambda: [6.0, -2.0, 1.0, 4.0]),
    Right("03.gradient", "list of ints", lambda: [6, -2, 1, 4]),
    Right("03.gradient", "jnp.array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Right("03.gradient", "2 * np.array(p)", lambda: 2 * np.array([3.0, -1.0, 0.5, 2.0])),
    Right("03.gradient", "tuple", lambda: (6.0, -2.0, 1.0, 4.0)),
    # 03.fix_slopes
    Right("03.fix_slopes", "grad of the sum at t.astype(float32)", lambda: r5_slopes_sum_float),
    Right("03.fix_slopes", "jax.vmap(jax.grad(f))(t * 1.0)", lambda: r5_slopes_vmap),
    Right("03.fix_slopes", "diagonal of the Jacobian", lambda: r5_slopes_jacobian_diag),
    Right("03.fix_slopes", "column sums of the Jacobian", lambda: r5_slopes_jacobian_colsum),
    Right("03.fix_slopes", "jnp.array of grad at each float(s)", lambda: r5_slopes_loop_stacked),
    # 03.derivative_by_hand
    Right("03.derivative_by_hand", "2x cos x - x**2 sin x", lambda: r5_dg_plain),
    Right("03.derivative_by_hand", "factored: x (2 cos x - x sin x)", lambda: r5_dg_factored),
    Right("03.derivative_by_hand", "jnp.subtract / jnp.multiply / jnp.square", lambda: r5_dg_ufuncs),
    Right("03.derivative_by_hand", "product rule with named u, du, v, dv", lambda: r5_dg_product_rule_named),
    # 03.central_difference
    Right("03.central_difference", "(f(x+eps) - f(x-eps)) / (2*eps)", lambda: r5_cd_plain),
    Right("03.central_difference", "/ 2 / eps", lambda: r5_cd_two_divisions),
    Right("03.central_difference", "0.5 * (upper - lower) / eps", lambda: r5_cd_half),
    Right("03.central_difference", "divided by (h + h)", lambda: r5_cd_h_plus_h),
)
