"""Round 4, lesson 03: answers written from the lesson text alone."""
from __future__ import annotations

import math

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 03.fix_slopes
def r4_slopes_cast_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))


def r4_slopes_sum_only(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t)


def r4_slopes_vmap_no_cast(f, t):
    return jax.vmap(jax.grad(f))(t)


def r4_slopes_values(f, t):
    return f(t.astype(jnp.float32))


def r4_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r4_slopes_step_one(f, t):
    return f(t + 1) - f(t)


def r4_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))


def r4_slopes_back_to_int(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32)).astype(t.dtype)


def r4_slopes_float16(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float16))


def r4_slopes_np_vectorize(f, t):
    return np.vectorize(lambda s: float(jax.grad(f)(s)))(np.asarray(t, dtype=np.float32))


def r4_slopes_total(f, t):
    return jnp.sum(jax.vmap(jax.grad(f))(t.astype(jnp.float32)))


def r4_slopes_sum_grad(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(jnp.asarray(t, dtype=jnp.float32))


def r4_slopes_diag_jac(f, t):
    return jnp.diagonal(jax.jacobian(f)(t * 1.0))


def r4_slopes_jvp(f, t):
    tf = t.astype(jnp.float32)
    return jax.jvp(f, (tf,), (jnp.ones_like(tf),))[1]


def r4_slopes_true_div(f, t):
    return jax.vmap(jax.grad(f))(t / 1)


def r4_slopes_loop(f, t):
    df = jax.grad(f)
    return jnp.array([df(float(ti)) for ti in t])


# ---------------------------------------------------------------- 03.derivative_by_hand
def r4_dg_sign(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r4_dg_no_product_rule(x):
    return -2 * x * jnp.sin(x)


def r4_dg_first_term(x):
    return 2 * x * jnp.cos(x)


def r4_dg_second_term(x):
    return -(x**2) * jnp.sin(x)


def r4_dg_numpy(x):
    return 2 * x * np.cos(x) - x**2 * np.sin(x)


def r4_dg_grad(x):
    return jnp.vectorize(jax.grad(lambda s: s**2 * jnp.cos(s)))(jnp.asarray(x, dtype=jnp.float32))


def r4_dg_big_step(x):
    h = 0.1
    g = lambda s: s**2 * jnp.cos(s)
    return (g(x + h) - g(x - h)) / (2 * h)


def r4_dg_lost_square(x):
    return 2 * x * jnp.cos(x) - x * jnp.sin(x)


def r4_dg_math(x):
    return 2 * x * math.cos(x) - x**2 * math.sin(x)


def r4_dg_forgot_x(x):
    return 2 * jnp.cos(x) - x**2 * jnp.sin(x)


def r4_dg_abs(x):
    return 2 * jnp.abs(x) * jnp.cos(x) - x**2 * jnp.sin(x)


def r4_dg_factored(x):
    x = jnp.asarray(x)
    return x * (2 * jnp.cos(x) - x * jnp.sin(x))


def r4_dg_multiply(x):
    return jnp.multiply(2 * x, jnp.cos(x)) - jnp.multiply(jnp.square(x), jnp.sin(x))


def r4_dg_power(x):
    return 2 * jnp.power(x, 1) * jnp.cos(x) + jnp.power(x, 2) * (-jnp.sin(x))


# ---------------------------------------------------------------- 03.central_difference
def r4_cd_one_eps(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r4_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r4_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r4_cd_flipped(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r4_cd_float32(f, x, eps=1e-3):
    x32, e32 = jnp.float32(x), jnp.float32(eps)
    return (jnp.float32(f(float(x32 + e32))) - jnp.float32(f(float(x32 - e32)))) / (2 * e32)


def r4_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r4_cd_grad(f, x, eps=1e-3):
    return float(jax.grad(f)(float(x)))


def r4_cd_fixed_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r4_cd_half_step(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r4_cd_jax_array(f, x, eps=1e-3):
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r4_cd_richardson(f, x, eps=1e-3):
    d1 = (f(x + eps) - f(x - eps)) / (2 * eps)
    d2 = (f(x + eps / 2) - f(x - eps / 2)) / eps
    return (4 * d2 - d1) / 3


def r4_cd_float_cast(f, x, eps=1e-3):
    x, eps = float(x), float(eps)
    upper = f(x + eps)
    lower = f(x - eps)
    return (upper - lower) / (2.0 * eps)


def r4_cd_half(f, x, eps=1e-3):
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r4_cd_np_gradient(f, x, eps=1e-3):
    return float(np.gradient([f(x - eps), f(x), f(x + eps)], eps)[1])


def r4_cd_two_divisions(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps / 2


P = [3.0, -1.0, 0.5, 2.0]

ROUND_4 = (
    # 03.gradient
    Wrong("03.gradient", "gives p itself: forgot the factor 2 of d/dx x^2", lambda: [3.0, -1.0, 0.5, 2.0]),
    Wrong("03.gradient", "gives the squares x^2 instead of the derivative 2x", lambda: [9.0, 1.0, 0.25, 4.0]),
    Wrong("03.gradient", "drops the sign of -1: [6, 2, 1, 4]", lambda: [6.0, 2.0, 1.0, 4.0]),
    Wrong("03.gradient", "the gradient at the lesson's x = [1, 2, 3, 4], not at p", lambda: [2.0, 4.0, 6.0, 8.0]),
    Wrong("03.gradient", "sign flipped: -2p", lambda: [-6.0, 2.0, -1.0, -4.0]),
    Wrong("03.gradient", "one number 2*sum(p) = 9: thinks the gradient of a sum is a scalar", lambda: 9.0),
    Wrong("03.gradient", "the value f(p) = 14.25 instead of the gradient", lambda: 14.25),
    Wrong("03.gradient", "second derivatives [2, 2, 2, 2]", lambda: [2.0, 2.0, 2.0, 2.0]),
    Wrong("03.gradient", "right numbers in reverse order", lambda: [4.0, 1.0, -2.0, 6.0]),
    Wrong("03.gradient", "only three components, the 0.5 entry dropped", lambda: [6.0, -2.0, 4.0]),
    Wrong("03.gradient", "forgot to double the 0.5 entry: wrote 0.5 instead of 1.0 for the third component", lambda: [6.0, -2.0, 0.5, 4.0]),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "fixes only the dtype: grad of a vector-valued function still fails (non-scalar output)", lambda: r4_slopes_cast_only),
    Wrong("03.fix_slopes", "fixes only the scalar output (sums), leaves integer t: grad refuses int inputs", lambda: r4_slopes_sum_only),
    Wrong("03.fix_slopes", "vmap(grad(f)) on the integer t without casting: grad refuses int inputs", lambda: r4_slopes_vmap_no_cast),
    Wrong("03.fix_slopes", "returns f's values at t, not the slopes", lambda: r4_slopes_values),
    Wrong("03.fix_slopes", "grad of the mean instead of the sum: every slope divided by len(t)", lambda: r4_slopes_mean),
    Wrong("03.fix_slopes", "finite difference f(t+1) - f(t) with step 1; right only for linear f", lambda: r4_slopes_step_one),
    Wrong("03.fix_slopes", "returns the full Jacobian matrix (n x n) instead of one slope per element", lambda: r4_slopes_jacobian),
    Wrong("03.fix_slopes", "casts the slopes back to t's integer dtype, truncating; right only when slopes are whole numbers (e.g. 6t)",
          lambda: r4_slopes_back_to_int),
    Wrong("03.fix_slopes", "casts t to float16: slopes only ~3 significant digits and float16 dtype", lambda: r4_slopes_float16),
    Wrong("03.fix_slopes", "np.vectorize over grad: the values are right but a NumPy array is returned, not a jax array", lambda: r4_slopes_np_vectorize),
    Wrong("03.fix_slopes", "sums the slopes into one number", lambda: r4_slopes_total),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "sign slip: + x^2 sin x (derivative of cos taken as +sin)", lambda: r4_dg_sign),
    Wrong("03.derivative_by_hand", "no product rule: multiplied the factors' derivatives, 2x * (-sin x)", lambda: r4_dg_no_product_rule),
    Wrong("03.derivative_by_hand", "only the first product-rule term 2x cos x", lambda: r4_dg_first_term),
    Wrong("03.derivative_by_hand", "only the second product-rule term -x^2 sin x", lambda: r4_dg_second_term),
    Wrong("03.derivative_by_hand", "right formula with np.cos/np.sin: returns NumPy arrays/floats, not jax arrays", lambda: r4_dg_numpy),
    Wrong("03.derivative_by_hand", "lets JAX differentiate (jnp.vectorize(jax.grad(g))): forbidden, not derived by hand", lambda: r4_dg_grad),
    Wrong("03.derivative_by_hand", "a numerical central difference with step 0.1, in float32: not the formula, off by O(h^2)", lambda: r4_dg_big_step),
    Wrong("03.derivative_by_hand", "lost the square in the second term: -x sin x", lambda: r4_dg_lost_square),
    Wrong("03.derivative_by_hand", "math.cos/math.sin: works for one Python number (returns a float), fails on arrays", lambda: r4_dg_math),
    Wrong("03.derivative_by_hand", "forgot the x in the first term: 2 cos x", lambda: r4_dg_forgot_x),
    Wrong("03.derivative_by_hand", "2|x| cos x: right only for x >= 0", lambda: r4_dg_abs),
    # 03.central_difference
    Wrong("03.central_difference", "divides by eps, not 2*eps: twice the slope", lambda: r4_cd_one_eps),
    Wrong("03.central_difference", "forward difference, not central", lambda: r4_cd_forward),
    Wrong("03.central_difference", "backward difference, not central", lambda: r4_cd_backward),
    Wrong("03.central_difference", "sign flipped: f(x-eps) - f(x+eps)", lambda: r4_cd_flipped),
    Wrong("03.central_difference", "computes in float32: about 7 digits, less than the 9 asked", lambda: r4_cd_float32),
    Wrong("03.central_difference", "precedence slip: / 2 * eps multiplies by eps instead of dividing by 2*eps", lambda: r4_cd_precedence),
    Wrong("03.central_difference", "returns jax.grad's exact derivative, not the central difference (and grad may fail on math functions)", lambda: r4_cd_grad),
    Wrong("03.central_difference", "ignores the eps argument, always uses 1e-3; right only for the default step", lambda: r4_cd_fixed_eps),
    Wrong("03.central_difference", "half-width steps x +- eps/2 over eps: a central difference with step eps/2, not eps", lambda: r4_cd_half_step),
    Wrong("03.central_difference", "wraps the float64 result in jnp.asarray: rounded to float32", lambda: r4_cd_jax_array),
    Wrong("03.central_difference", "Richardson extrapolation: more accurate, but not the central difference the check compares to", lambda: r4_cd_richardson),
)

RIGHT_4 = (
    Right("03.gradient", "a jax array of floats", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Right("03.gradient", "a tuple of ints", lambda: (6, -2, 1, 4)),
    Right("03.gradient", "a NumPy array computed as 2 * p", lambda: 2 * np.array(P)),
    Right("03.gradient", "a plain list of ints", lambda: [6, -2, 1, 4]),
    Right("03.fix_slopes", "grad of the sum (f is elementwise) on a float32 copy made with jnp.asarray", lambda: r4_slopes_sum_grad),
    Right("03.fix_slopes", "diagonal of jax.jacobian, t made float by t * 1.0", lambda: r4_slopes_diag_jac),
    Right("03.fix_slopes", "forward mode: jvp with a tangent of ones", lambda: r4_slopes_jvp),
    Right("03.fix_slopes", "vmap(grad(f)) on t / 1 (true division gives float32)", lambda: r4_slopes_true_div),
    Right("03.fix_slopes", "a Python loop of grad(f) at each float(t_i), stacked with jnp.array", lambda: r4_slopes_loop),
    Right("03.derivative_by_hand", "factored: x (2 cos x - x sin x), with jnp.asarray first", lambda: r4_dg_factored),
    Right("03.derivative_by_hand", "jnp.multiply and jnp.square", lambda: r4_dg_multiply),
    Right("03.derivative_by_hand", "jnp.power and an explicit -sin", lambda: r4_dg_power),
    Right("03.central_difference", "casts x and eps to float, names both points", lambda: r4_cd_float_cast),
    Right("03.central_difference", "0.5 * (...) / eps", lambda: r4_cd_half),
    Right("03.central_difference", "np.gradient over the three points (its interior value is the central difference)", lambda: r4_cd_np_gradient),
    Right("03.central_difference", "divided by eps, then by 2", lambda: r4_cd_two_divisions),
)
