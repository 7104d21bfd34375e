"""Round 21, lesson 03 (Differentiate with jax.grad): answers from the lesson's text alone."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# The lesson's setup: g(x, a) = x² cos(a x).
def g(x, a):
    return x**2 * jnp.cos(a * x)


# ---- 03.gradient: prediction, B ---------------------------------------------------------

# ---- 03.fix_slopes: f'' at every element of t, integer t too ----------------------------


def r21_slopes_float_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # still a vector output


def r21_slopes_sum_only(f, t):
    def first(u):
        return jax.grad(lambda s: jnp.sum(f(s)))(u)

    return jax.grad(lambda u: jnp.sum(first(u)))(t)  # integers left in


def r21_slopes_outer_sum_only(f, t):
    t = t.astype(jnp.float32)
    return jax.grad(lambda s: jnp.sum(jax.grad(f)(s)))(t)  # inner grad(f) not summed


def r21_slopes_inner_sum_only(f, t):
    t = t.astype(jnp.float32)
    return jax.grad(jax.grad(lambda s: jnp.sum(f(s))))(t)  # outer grad of a vector


def r21_slopes_first_derivative(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r21_slopes_third_derivative(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    d2 = jax.grad(lambda s: jnp.sum(d1(s)))
    d3 = jax.grad(lambda s: jnp.sum(d2(s)))
    return d3(t.astype(jnp.float32))


def r21_slopes_float16(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(lambda s: jnp.sum(d1(s)))(t.astype(jnp.float16))


def r21_slopes_full_hessian(f, t):
    return jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r21_slopes_back_to_int(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    out = jax.grad(lambda s: jnp.sum(d1(s)))(t.astype(jnp.float32))
    return out.astype(t.dtype)  # "same dtype as t"


def r21_slopes_finite_difference(f, t):
    t = t.astype(jnp.float32)
    h = 1e-3
    return (f(t + h) - 2 * f(t) + f(t - h)) / h**2


def r21_slopes_np_gradient(f, t):
    values = f(t.astype(jnp.float32))
    return jnp.gradient(jnp.gradient(values))  # NumPy habit: slopes between samples


def r21_slopes_python_list(f, t):
    d2 = jax.grad(jax.grad(f))
    return [float(d2(float(s))) for s in t]


def r21_slopes_right_vectorize(f, t):
    return jnp.vectorize(jax.grad(jax.grad(f)))(t / 1)


def r21_slopes_right_vmap_flat(f, t):
    flat = jnp.ravel(t).astype(float)
    return jax.vmap(jax.grad(jax.grad(f)))(flat).reshape(jnp.shape(t))


def r21_slopes_right_hessian_diag(f, t):
    flat = jnp.ravel(t) * 1.0
    return jnp.diagonal(jax.hessian(lambda s: jnp.sum(f(s)))(flat)).reshape(jnp.shape(t))


def r21_slopes_right_loop(f, t):
    d2 = jax.grad(jax.grad(f))
    flat = [d2(jnp.float32(s)) for s in jnp.ravel(t)]
    return jnp.array(flat, dtype=jnp.float32).reshape(jnp.shape(t))


# ---- 03.derivative_by_hand: dg/da at every point of x -----------------------------------


def r21_dga_grad_default(x, a):
    return jax.grad(g)(x, a)


def r21_dga_argnums_vector(x, a):
    return jax.grad(g, argnums=1)(x, a)


def r21_dga_sum_over_points(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)


def r21_dga_formula(x, a):
    return -(x**3) * jnp.sin(a * x)


def r21_dga_formula_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r21_dga_finite_difference(x, a):
    h = 1e-4
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r21_dga_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)


def r21_dga_list(x, a):
    dg = jax.grad(g, argnums=1)
    return [dg(xi, a) for xi in x]


def r21_dga_vmap_default_axes(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, a)


def r21_dga_wrt_x_sum(x, a):
    return jax.grad(lambda y: jnp.sum(g(y, a)))(x)


def r21_dga_returns_function(x, a):
    return jax.vmap(jax.grad(g, argnums=1), in_axes=(0, None))


def r21_dga_column(x, a):
    return jax.jacobian(lambda b: g(x, b[0]))(jnp.array([a]))


def r21_dga_first_point(x, a):
    return jax.grad(lambda b: g(x[0], b))(a)


def r21_dga_right_vmap(x, a):
    return jax.vmap(jax.grad(g, argnums=1), in_axes=(0, None))(x, a)


def r21_dga_right_jacfwd(x, a):
    return jax.jacfwd(lambda b: g(x, b))(a)


def r21_dga_right_jvp(x, a):
    _, tangent = jax.jvp(lambda b: g(x, b), (jnp.float32(a),), (jnp.float32(1.0),))
    return tangent


def r21_dga_right_loop(x, a):
    dg = jax.grad(lambda b, xi: g(xi, b))
    return jnp.stack([dg(a, xi) for xi in x]) if x.size else jnp.zeros_like(x)


# ---- 03.central_difference: (f(x+eps) - f(x-eps)) / (2 eps) in Python floats ------------


def r21_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r21_cd_no_conversion(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r21_cd_divide_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r21_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r21_cd_backward(f, x, eps=1e-3):
    x = float(x)
    return (f(x) - f(x - eps)) / eps


def r21_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r21_cd_float32(f, x, eps=1e-3):
    x = jnp.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r21_cd_jax_grad(f, x, eps=1e-3):
    return float(jax.grad(f)(float(x)))


def r21_cd_convert_late(f, x, eps=1e-3):
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r21_cd_second_derivative(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - 2 * f(x) + f(x - eps)) / eps**2


def r21_cd_five_point(f, x, eps=1e-3):
    x = float(x)
    return (-f(x + 2 * eps) + 8 * f(x + eps) - 8 * f(x - eps) + f(x - 2 * eps)) / (12 * eps)


def r21_cd_fixed_eps(f, x, eps=1e-3):
    x = float(x)
    h = 1e-3  # the lesson's step
    return (f(x + h) - f(x - h)) / (2 * h)


def r21_cd_rounded(f, x, eps=1e-3):
    x = float(x)
    return round((f(x + eps) - f(x - eps)) / (2 * eps), 6)


def r21_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return f(x + eps) - f(x - eps) / (2 * eps)


def r21_cd_right_average(f, x, eps=1e-3):
    x = float(x)
    forward = (f(x + eps) - f(x)) / eps
    backward = (f(x) - f(x - eps)) / eps
    return (forward + backward) / 2


def r21_cd_right_item(f, x, eps=1e-3):
    x0 = x.item() if hasattr(x, "item") else x
    step = float(eps)
    return float(f(x0 + step) - f(x0 - step)) / (step + step)


def r21_cd_right_np_float64(f, x, eps=1e-3):
    x = np.float64(x)
    return float(0.5 * (f(x + eps) - f(x - eps)) / eps)


def r21_cd_right_math_fsum(f, x, eps=1e-3):
    x = float(np.asarray(x))
    return math.fsum([f(x + eps), -f(x - eps)]) / (2.0 * eps)


ROUND_21 = [
    # 03.gradient (answer B)
    Wrong("03.gradient", "A: thinks grad gives each output its slope", lambda: "A"),
    Wrong("03.gradient", "C: thinks grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: thinks grad needs a single number in", lambda: "D"),
    Wrong("03.gradient", "AC: both gradient answers", lambda: "AC"),
    Wrong("03.gradient", "BD: both error answers", lambda: "BD"),
    Wrong("03.gradient", "typed the word error", lambda: "error"),
    Wrong(
        "03.gradient", "the vector itself as a jax array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])
    ),
    Wrong("03.gradient", "the vector typed as a string", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "left the placeholder ...", lambda: ...),
    Wrong("03.gradient", "the option's number, 2", lambda: 2),
    Wrong("03.gradient", "the error's name, TypeError", lambda: "TypeError"),
    # 03.fix_slopes
    Wrong(
        "03.fix_slopes", "cast t to float only: vector output left", lambda: r21_slopes_float_only
    ),
    Wrong("03.fix_slopes", "summed both levels, kept integer t", lambda: r21_slopes_sum_only),
    Wrong("03.fix_slopes", "summed only the outer level", lambda: r21_slopes_outer_sum_only),
    Wrong("03.fix_slopes", "summed f, not its first derivative", lambda: r21_slopes_inner_sum_only),
    Wrong("03.fix_slopes", "stopped at the first derivative", lambda: r21_slopes_first_derivative),
    Wrong(
        "03.fix_slopes", "one grad too many: third derivative", lambda: r21_slopes_third_derivative
    ),
    Wrong("03.fix_slopes", "cast t to float16", lambda: r21_slopes_float16),
    Wrong("03.fix_slopes", "returns the full Hessian matrix", lambda: r21_slopes_full_hessian),
    Wrong(
        "03.fix_slopes", "casts the result back to t's int dtype", lambda: r21_slopes_back_to_int
    ),
    Wrong("03.fix_slopes", "second difference with h = 1e-3", lambda: r21_slopes_finite_difference),
    Wrong("03.fix_slopes", "jnp.gradient twice on f's values", lambda: r21_slopes_np_gradient),
    Wrong("03.fix_slopes", "a Python list of floats", lambda: r21_slopes_python_list),
    # 03.derivative_by_hand
    Wrong(
        "03.derivative_by_hand", "jax.grad(g): wrt x, vector output", lambda: r21_dga_grad_default
    ),
    Wrong(
        "03.derivative_by_hand",
        "argnums=1 but the output is a vector",
        lambda: r21_dga_argnums_vector,
    ),
    Wrong(
        "03.derivative_by_hand",
        "grad of the sum over points: one number",
        lambda: r21_dga_sum_over_points,
    ),
    Wrong("03.derivative_by_hand", "worked the formula out by hand", lambda: r21_dga_formula),
    Wrong("03.derivative_by_hand", "hand formula, sign lost", lambda: r21_dga_formula_sign),
    Wrong(
        "03.derivative_by_hand",
        "central difference in a, float32",
        lambda: r21_dga_finite_difference,
    ),
    Wrong("03.derivative_by_hand", "jax.jacobian(g): matrix wrt x", lambda: r21_dga_jacobian_x),
    Wrong("03.derivative_by_hand", "a Python list of per-point grads", lambda: r21_dga_list),
    Wrong(
        "03.derivative_by_hand",
        "vmap with default in_axes maps a too",
        lambda: r21_dga_vmap_default_axes,
    ),
    Wrong("03.derivative_by_hand", "sum trick, but differentiated x", lambda: r21_dga_wrt_x_sum),
    Wrong(
        "03.derivative_by_hand",
        "returns the vmapped function itself",
        lambda: r21_dga_returns_function,
    ),
    Wrong("03.derivative_by_hand", "a wrapped in an array: shape (n, 1)", lambda: r21_dga_column),
    Wrong(
        "03.derivative_by_hand", "only the first point's derivative", lambda: r21_dga_first_point
    ),
    # 03.central_difference
    Wrong("03.central_difference", "forward difference, as in the lesson", lambda: r21_cd_forward),
    Wrong(
        "03.central_difference", "no float(x): float32 jax x stays", lambda: r21_cd_no_conversion
    ),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r21_cd_divide_eps),
    Wrong("03.central_difference", "half a step each side", lambda: r21_cd_half_steps),
    Wrong("03.central_difference", "backward difference", lambda: r21_cd_backward),
    Wrong("03.central_difference", "f(x-eps) - f(x+eps): sign flipped", lambda: r21_cd_sign),
    Wrong("03.central_difference", "converts x to jnp.float32", lambda: r21_cd_float32),
    Wrong("03.central_difference", "returns jax.grad(f)(x)", lambda: r21_cd_jax_grad),
    Wrong("03.central_difference", "float() only of the final result", lambda: r21_cd_convert_late),
    Wrong("03.central_difference", "second-difference formula", lambda: r21_cd_second_derivative),
    Wrong("03.central_difference", "five-point stencil", lambda: r21_cd_five_point),
    Wrong("03.central_difference", "ignores eps, always 1e-3", lambda: r21_cd_fixed_eps),
    Wrong("03.central_difference", "rounds to 6 decimals", lambda: r21_cd_rounded),
    Wrong("03.central_difference", "no brackets: divides f(x-eps) only", lambda: r21_cd_precedence),
]

RIGHT_21 = [
    Right("03.gradient", "lower case b", lambda: "b"),
    Right("03.gradient", "B with a full stop", lambda: "B."),
    Right("03.gradient", "B with spaces", lambda: " B "),
    Right(
        "03.fix_slopes", "jnp.vectorize of grad(grad(f)), t / 1", lambda: r21_slopes_right_vectorize
    ),
    Right("03.fix_slopes", "vmap over the flattened t", lambda: r21_slopes_right_vmap_flat),
    Right(
        "03.fix_slopes", "diagonal of the Hessian of the sum", lambda: r21_slopes_right_hessian_diag
    ),
    Right("03.fix_slopes", "Python loop of grad(grad(f)), stacked", lambda: r21_slopes_right_loop),
    Right("03.derivative_by_hand", "vmap of grad(g, argnums=1)", lambda: r21_dga_right_vmap),
    Right("03.derivative_by_hand", "jacfwd of g in a", lambda: r21_dga_right_jacfwd),
    Right("03.derivative_by_hand", "jvp with tangent 1 in a", lambda: r21_dga_right_jvp),
    Right("03.derivative_by_hand", "loop of per-point grads, stacked", lambda: r21_dga_right_loop),
    Right("03.central_difference", "average of forward and backward", lambda: r21_cd_right_average),
    Right("03.central_difference", ".item() and step + step", lambda: r21_cd_right_item),
    Right(
        "03.central_difference",
        "np.float64 point, 0.5 * ... / eps",
        lambda: r21_cd_right_np_float64,
    ),
    Right("03.central_difference", "math.fsum of the two values", lambda: r21_cd_right_math_fsum),
]
