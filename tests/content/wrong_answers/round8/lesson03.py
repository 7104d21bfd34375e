"""Round 8, lesson 03 (grad): answers written from the lesson's text alone."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 03.fix_slopes -----------------------------------------------------------


def r8_slopes_float_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))  # the second problem: output is a vector


def r8_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)  # integers still


def r8_slopes_sum_int(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t)


def r8_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))  # the whole matrix


def r8_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r8_slopes_forward_diff(f, t):
    t = t.astype(jnp.float32)
    return (f(t + 1e-3) - f(t)) / 1e-3


def r8_slopes_np_gradient(f, t):
    return jnp.gradient(f(t.astype(jnp.float32)))


def r8_slopes_list(f, t):
    return [jax.grad(f)(float(ti)) for ti in t]


def r8_slopes_float16(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float16))


def r8_slopes_ratio(f, t):
    t = t.astype(jnp.float32)
    return f(t) / t


def r8_slopes_row_sum(f, t):
    return jnp.sum(jax.jacobian(f)(t.astype(jnp.float32)), axis=1)


def r8_slopes_vmap(f, t):
    return jax.vmap(jax.grad(f))(jnp.asarray(t, dtype=jnp.float32))


def r8_slopes_sum_trick(f, t):
    return jax.grad(lambda s: f(s).sum())(t * 1.0)


def r8_slopes_diagonal(f, t):
    return jnp.diagonal(jax.jacobian(f)(t.astype(float)))


# ---- 03.derivative_by_hand ---------------------------------------------------


def r8_dg_plus(x):
    return 2 * x * jnp.cos(x) + x**2 * jnp.sin(x)


def r8_dg_product_of_derivs(x):
    return 2 * x * -jnp.sin(x)


def r8_dg_cos_twice(x):
    return 2 * x * jnp.cos(x) - x**2 * jnp.cos(x)


def r8_dg_math(x):
    return 2 * x * math.cos(x) - x**2 * math.sin(x)


def r8_dg_numpy(x):
    x = np.asarray(x)
    return 2 * x * np.cos(x) - x**2 * np.sin(x)


def r8_dg_missing_x(x):
    return 2 * jnp.cos(x) - x * jnp.sin(x)


def r8_dg_grad(x):
    return jax.grad(lambda s: s**2 * jnp.cos(s))(x)


def r8_dg_vmap_grad(x):
    g = jax.grad(lambda s: s**2 * jnp.cos(s))
    return jax.vmap(g)(jnp.atleast_1d(x)).reshape(jnp.shape(x))


def r8_dg_swapped(x):
    return 2 * x * jnp.sin(x) - x**2 * jnp.cos(x)


def r8_dg_central(x):
    h = 1e-3
    g = lambda s: s**2 * jnp.cos(s)
    return (g(x + h) - g(x - h)) / (2 * h)


def r8_dg_only_first_term(x):
    return 2 * x * jnp.cos(x)


def r8_dg_x_not_squared(x):
    return 2 * x * jnp.cos(x) - x * jnp.sin(x)


def r8_dg_factored(x):
    return x * (2 * jnp.cos(x) - x * jnp.sin(x))


def r8_dg_asarray(x):
    x = jnp.asarray(x, dtype=jnp.float32)
    return jnp.cos(x) * 2 * x - jnp.sin(x) * x * x


def r8_dg_square(x):
    return 2.0 * x * jnp.cos(x) - jnp.square(x) * jnp.sin(x)


# ---- 03.central_difference ---------------------------------------------------


def r8_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r8_cd_no_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r8_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r8_cd_float32(f, x, eps=1e-3):
    return jnp.float32((f(x + eps) - f(x - eps)) / (2 * eps))


def r8_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r8_cd_sign(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r8_cd_half_steps(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r8_cd_fixed_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r8_cd_jnp_inputs(f, x, eps=1e-3):
    x = jnp.float32(x)
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r8_cd_average(f, x, eps=1e-3):
    forward = (f(x + eps) - f(x)) / eps
    backward = (f(x) - f(x - eps)) / eps
    return (forward + backward) / 2


def r8_cd_divide_twice(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps / 2


def r8_cd_float(f, x, eps=1e-3):
    x, eps = float(x), float(eps)
    right, left = f(x + eps), f(x - eps)
    return (float(right) - float(left)) / (2.0 * eps)


def r8_cd_half(f, x, eps=1e-3):
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r8_cd_page_demo(f, x, eps=1e-3):
    # the page's f_python pasted in place of f
    return (math.sin(x + eps) * (x + eps) - math.sin(x - eps) * (x - eps)) / (2 * eps)


def r8_dg_multiply(x):
    return jnp.multiply(2 * x, jnp.cos(x)) - jnp.multiply(x * x, jnp.sin(x))


ROUND_8 = [
    Wrong("03.gradient", "B: right numbers, wrong reason", lambda: "B"),
    Wrong("03.gradient", "C: one number, like the function", lambda: "C"),
    Wrong("03.gradient", "D: every weight is 1", lambda: "D"),
    Wrong("03.gradient", "lower case a", lambda: "a"),
    Wrong("03.gradient", "A and B, same numbers", lambda: "AB"),
    Wrong("03.gradient", "the gradient itself written as a string", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "the computed gradient array",
          lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.gradient", "letter with a period", lambda: "A."),
    Wrong("03.fix_slopes", "floats only: grad of a vector output remains",
          lambda: r8_slopes_float_only),
    Wrong("03.fix_slopes", "vmap of grad, integers kept", lambda: r8_slopes_vmap_int),
    Wrong("03.fix_slopes", "grad of the sum, integers kept", lambda: r8_slopes_sum_int),
    Wrong("03.fix_slopes", "the full Jacobian matrix", lambda: r8_slopes_jacobian),
    Wrong("03.fix_slopes", "grad of the mean: divided by n", lambda: r8_slopes_mean),
    Wrong("03.fix_slopes", "forward difference in float32", lambda: r8_slopes_forward_diff),
    Wrong("03.fix_slopes", "jnp.gradient of f(t), NumPy habit", lambda: r8_slopes_np_gradient),
    Wrong("03.fix_slopes", "a Python list of slopes", lambda: r8_slopes_list),
    Wrong("03.fix_slopes", "float16 inputs", lambda: r8_slopes_float16),
    Wrong("03.fix_slopes", "f(t) / t, the secant from 0", lambda: r8_slopes_ratio),
    Wrong("03.derivative_by_hand", "product rule, sign of sin term flipped", lambda: r8_dg_plus),
    Wrong("03.derivative_by_hand", "product of the derivatives", lambda: r8_dg_product_of_derivs),
    Wrong("03.derivative_by_hand", "cos where sin belongs", lambda: r8_dg_cos_twice),
    Wrong("03.derivative_by_hand", "math.cos: fails on arrays", lambda: r8_dg_math),
    Wrong("03.derivative_by_hand", "converted to NumPy first: NumPy array out",
          lambda: r8_dg_numpy),
    Wrong("03.derivative_by_hand", "x missing from both terms", lambda: r8_dg_missing_x),
    Wrong("03.derivative_by_hand", "jax.grad after all", lambda: r8_dg_grad),
    Wrong("03.derivative_by_hand", "vmap of jax.grad", lambda: r8_dg_vmap_grad),
    Wrong("03.derivative_by_hand", "sin and cos swapped", lambda: r8_dg_swapped),
    Wrong("03.derivative_by_hand", "central difference in float32", lambda: r8_dg_central),
    Wrong("03.derivative_by_hand", "only the first term", lambda: r8_dg_only_first_term),
    Wrong("03.derivative_by_hand", "x instead of x**2 in the sin term",
          lambda: r8_dg_x_not_squared),
    Wrong("03.central_difference", "forward difference", lambda: r8_cd_forward),
    Wrong("03.central_difference", "forgot the 2 in 2*eps", lambda: r8_cd_no_two),
    Wrong("03.central_difference", "/ 2 * eps: multiplies by eps", lambda: r8_cd_precedence),
    Wrong("03.central_difference", "result cast to jnp.float32", lambda: r8_cd_float32),
    Wrong("03.central_difference", "backward difference", lambda: r8_cd_backward),
    Wrong("03.central_difference", "left minus right: sign flipped", lambda: r8_cd_sign),
    Wrong("03.central_difference", "half a step each side", lambda: r8_cd_half_steps),
    Wrong("03.central_difference", "ignores eps, always 1e-3", lambda: r8_cd_fixed_eps),
    Wrong("03.central_difference", "x made a jnp.float32 first", lambda: r8_cd_jnp_inputs),
    Wrong("03.central_difference", "the page's x sin x hard-coded, f unused",
          lambda: r8_cd_page_demo),
]
RIGHT_8 = [
    Right("03.derivative_by_hand", "jnp.multiply, x * x", lambda: r8_dg_multiply),
    Right("03.gradient", "A", lambda: "A"),
    Right("03.fix_slopes", "vmap(grad) on floats", lambda: r8_slopes_vmap),
    Right("03.fix_slopes", "grad of .sum() on t * 1.0", lambda: r8_slopes_sum_trick),
    Right("03.fix_slopes", "diagonal of the Jacobian", lambda: r8_slopes_diagonal),
    Right("03.fix_slopes", "row sums of the Jacobian", lambda: r8_slopes_row_sum),
    Right("03.derivative_by_hand", "x factored out", lambda: r8_dg_factored),
    Right("03.derivative_by_hand", "asarray first, terms reordered", lambda: r8_dg_asarray),
    Right("03.derivative_by_hand", "jnp.square for x**2", lambda: r8_dg_square),
    Right("03.central_difference", "mean of forward and backward", lambda: r8_cd_average),
    Right("03.central_difference", "/ eps / 2", lambda: r8_cd_divide_twice),
    Right("03.central_difference", "floats made explicit", lambda: r8_cd_float),
    Right("03.central_difference", "0.5 * difference / eps", lambda: r8_cd_half),
]
