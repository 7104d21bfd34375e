"""Round 7, lesson 03 (grad): answers written from the lesson's text alone."""
from __future__ import annotations

import math

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 03.fix_slopes


def r7_slopes_float_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))


def r7_slopes_sum_only(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t)


def r7_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)


def r7_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))


def r7_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r7_slopes_hardcoded(f, t):
    # the example's derivative, 6 t
    return 6.0 * t


def r7_slopes_forward_difference(f, t):
    h = 1e-3
    t = t.astype(jnp.float32)
    return (f(t + h) - f(t)) / h


def r7_slopes_bfloat16(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.bfloat16))


def r7_slopes_python_list(f, t):
    return [jax.grad(f)(float(ti)) for ti in t]


def r7_slopes_returns_function(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))


def r7_slopes_values(f, t):
    # sums f, then returns f's values rather than its slopes
    return f(t.astype(jnp.float32))


def r7_slopes_central_sneaky(f, t):
    h = 1e-2
    t = jnp.asarray(t, dtype=jnp.float32)
    return (f(t + h) - f(t - h)) / (2 * h)


def r7_slopes_right_sum(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r7_slopes_right_vmap(f, t):
    tf = jnp.asarray(t, dtype=jnp.float32)
    return jax.vmap(jax.grad(f))(tf.ravel()).reshape(tf.shape)


def r7_slopes_right_method(f, t):
    return jax.grad(lambda s: f(s).sum())(t * 1.0)


def r7_slopes_right_jacobian_columns(f, t):
    tf = t.astype(float)
    return jnp.diagonal(jax.jacobian(f)(tf)) if tf.ndim == 1 else jax.grad(lambda s: jnp.sum(f(s)))(tf)


# ---------------------------------------------------------------- 03.derivative_by_hand


def r7_dg_sign(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r7_dg_chain_only(x):
    return -2 * x * jnp.sin(x)


def r7_dg_first_term(x):
    return 2 * x * jnp.cos(x)


def r7_dg_second_term(x):
    return -(x**2) * jnp.sin(x)


def r7_dg_copied_f(x):
    return jnp.sin(x) + x * jnp.cos(x)


def r7_dg_grad(x):
    return jax.vmap(jax.grad(lambda y: y**2 * jnp.cos(y)))(jnp.atleast_1d(x)).reshape(jnp.shape(x))


def r7_dg_numeric(x):
    h = 1e-3
    g = lambda y: y**2 * jnp.cos(y)
    return (g(x + h) - g(x - h)) / (2 * h)


def r7_dg_numpy(x):
    x = np.asarray(x)
    return 2 * x * np.cos(x) - x**2 * np.sin(x)


def r7_dg_math(x):
    return 2 * x * math.cos(x) - x**2 * math.sin(x)


def r7_dg_no_square(x):
    return 2 * x * jnp.cos(x) - x * jnp.sin(x)


def r7_dg_power_rule_x(x):
    # wrote the power rule as 2 x**2 by mistake
    return 2 * x**2 * jnp.cos(x) - x**2 * jnp.sin(x)


def r7_dg_right_plain(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.sin(x)


def r7_dg_right_factored(x):
    x = jnp.asarray(x)
    return x * (2 * jnp.cos(x) - x * jnp.sin(x))


def r7_dg_right_product(x):
    u, du = x * x, 2 * x
    v, dv = jnp.cos(x), -jnp.sin(x)
    return du * v + u * dv


# ---------------------------------------------------------------- 03.central_difference


def r7_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r7_cd_over_eps(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r7_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r7_cd_swapped(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r7_cd_float32(f, x, eps=1e-3):
    x = jnp.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r7_cd_fixed_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r7_cd_grad(f, x, eps=1e-3):
    return float(jax.grad(f)(x))


def r7_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r7_cd_jnp_result(f, x, eps=1e-3):
    return jnp.array((f(x + eps) - f(x - eps)) / (2 * eps))


def r7_cd_half_steps(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r7_cd_double_steps(f, x, eps=1e-3):
    return (f(x + 2 * eps) - f(x - 2 * eps)) / (2 * eps)


def r7_cd_right_plain(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r7_cd_right_average(f, x, eps=1e-3):
    forward = (f(x + eps) - f(x)) / eps
    backward = (f(x) - f(x - eps)) / eps
    return (forward + backward) / 2


def r7_cd_right_floats(f, x, eps=1e-3):
    x, eps = float(x), float(eps)
    right, left = f(x + eps), f(x - eps)
    return 0.5 * (right - left) / eps


ROUND_7 = [
    # 03.gradient
    Wrong("03.gradient", "B: thinks grad drops the sum", lambda: "B"),
    Wrong("03.gradient", "C: one number, as f returns one", lambda: "C"),
    Wrong("03.gradient", "D: weight 1 for every term", lambda: "D"),
    Wrong("03.gradient", "b in lower case", lambda: "b"),
    Wrong("03.gradient", "both letters with these numbers", lambda: "AB"),
    Wrong("03.gradient", "the numbers as a string", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "the gradient itself as an array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.gradient", "C's number as a string", lambda: "9.0"),
    Wrong("03.gradient", "A and B, with a comma", lambda: "A, B"),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "fixed the dtype only: grad of a vector output", lambda: r7_slopes_float_only),
    Wrong("03.fix_slopes", "fixed the sum only: integer input", lambda: r7_slopes_sum_only),
    Wrong("03.fix_slopes", "vmap of grad on the integer t", lambda: r7_slopes_vmap_int),
    Wrong("03.fix_slopes", "full Jacobian: a matrix", lambda: r7_slopes_jacobian),
    Wrong("03.fix_slopes", "mean instead of sum: slopes divided by n", lambda: r7_slopes_mean),
    Wrong("03.fix_slopes", "sneaky: the example's slope 6t hard-coded", lambda: r7_slopes_hardcoded),
    Wrong("03.fix_slopes", "forward difference in float32", lambda: r7_slopes_forward_difference),
    Wrong("03.fix_slopes", "bfloat16 input: right on small integers only", lambda: r7_slopes_bfloat16),
    Wrong("03.fix_slopes", "Python list of grads", lambda: r7_slopes_python_list),
    Wrong("03.fix_slopes", "returns the gradient function, not its values", lambda: r7_slopes_returns_function),
    Wrong("03.fix_slopes", "returns f's values", lambda: r7_slopes_values),
    Wrong("03.fix_slopes", "sneaky: central difference with h = 1e-2", lambda: r7_slopes_central_sneaky),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "sign slip: + x² sin x", lambda: r7_dg_sign),
    Wrong("03.derivative_by_hand", "differentiated both factors at once: -2x sin x", lambda: r7_dg_chain_only),
    Wrong("03.derivative_by_hand", "forgot the cos factor's derivative", lambda: r7_dg_first_term),
    Wrong("03.derivative_by_hand", "forgot the x² factor's derivative", lambda: r7_dg_second_term),
    Wrong("03.derivative_by_hand", "copied f's derivative from the lesson", lambda: r7_dg_copied_f),
    Wrong("03.derivative_by_hand", "sneaky: grad of g, vmapped", lambda: r7_dg_grad),
    Wrong("03.derivative_by_hand", "sneaky: central difference", lambda: r7_dg_numeric),
    Wrong("03.derivative_by_hand", "np.asarray first, then np.cos and np.sin: NumPy comes back", lambda: r7_dg_numpy),
    Wrong("03.derivative_by_hand", "math.cos: one number only", lambda: r7_dg_math),
    Wrong("03.derivative_by_hand", "x sin x instead of x² sin x: right at 0 and 1", lambda: r7_dg_no_square),
    Wrong("03.derivative_by_hand", "2x² cos x: power-rule slip", lambda: r7_dg_power_rule_x),
    # 03.central_difference
    Wrong("03.central_difference", "forward difference copied from the cell above", lambda: r7_cd_forward),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r7_cd_over_eps),
    Wrong("03.central_difference", "backward difference", lambda: r7_cd_backward),
    Wrong("03.central_difference", "difference the wrong way round", lambda: r7_cd_swapped),
    Wrong("03.central_difference", "computes in float32", lambda: r7_cd_float32),
    Wrong("03.central_difference", "ignores eps: always 1e-3", lambda: r7_cd_fixed_eps),
    Wrong("03.central_difference", "sneaky: jax.grad instead", lambda: r7_cd_grad),
    Wrong("03.central_difference", "/ 2 * eps: precedence slip", lambda: r7_cd_precedence),
    Wrong("03.central_difference", "wraps the result in jnp.array: float32", lambda: r7_cd_jnp_result),
    Wrong("03.central_difference", "half steps: points x ± eps/2", lambda: r7_cd_half_steps),
    Wrong("03.central_difference", "steps 2 eps, divided by 2 eps", lambda: r7_cd_double_steps),
]

RIGHT_7 = [
    Right("03.gradient", "A", lambda: "A"),
    Right("03.gradient", "a in lower case", lambda: "a"),
    Right("03.gradient", "A with a trailing space", lambda: "A "),
    Right("03.fix_slopes", "grad of the sum on float32", lambda: r7_slopes_right_sum),
    Right("03.fix_slopes", "vmap of grad over the flattened floats", lambda: r7_slopes_right_vmap),
    Right("03.fix_slopes", "sum method, t * 1.0", lambda: r7_slopes_right_method),
    Right("03.fix_slopes", "Jacobian diagonal for 1-D, grad of sum otherwise", lambda: r7_slopes_right_jacobian_columns),
    Right("03.derivative_by_hand", "product rule, written out", lambda: r7_dg_right_plain),
    Right("03.derivative_by_hand", "factored x (2 cos x - x sin x)", lambda: r7_dg_right_factored),
    Right("03.derivative_by_hand", "u'v + uv' with named parts", lambda: r7_dg_right_product),
    Right("03.central_difference", "the formula", lambda: r7_cd_right_plain),
    Right("03.central_difference", "average of forward and backward", lambda: r7_cd_right_average),
    Right("03.central_difference", "0.5 * difference / eps, floats first", lambda: r7_cd_right_floats),
]
