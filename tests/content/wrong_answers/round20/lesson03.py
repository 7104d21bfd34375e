"""Round 20, lesson 03 (Differentiate with jax.grad): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# The lesson's setup cell for 03.derivative_by_hand.
def g(x, a):
    return x**2 * jnp.cos(a * x)


# ---- 03.fix_slopes: curvatures(f, t), f'' at every element, integer t too -----------


def r20_slopes_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # still a vector output


def r20_slopes_sum_only(f, t):
    first = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(lambda s: jnp.sum(first(s)))(t)  # t still int32


def r20_slopes_outer_sum_only(f, t):
    return jax.grad(lambda s: jnp.sum(jax.grad(f)(s)))(t.astype(jnp.float32))


def r20_slopes_first_derivative(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r20_slopes_jacobian_twice(f, t):
    return jax.jacobian(jax.jacobian(f))(t.astype(jnp.float32))


def r20_slopes_back_to_t_dtype(f, t):
    first = jax.grad(lambda s: jnp.sum(f(s)))
    second = jax.grad(lambda s: jnp.sum(first(s)))(t.astype(jnp.float32))
    return second.astype(t.dtype)  # "keep the caller's dtype"


def r20_slopes_mean_not_sum(f, t):
    first = jax.grad(lambda s: jnp.mean(f(s)))
    return jax.grad(lambda s: jnp.mean(first(s)))(t.astype(jnp.float32))


def r20_slopes_loop_int_elements(f, t):
    second = jax.grad(jax.grad(f))
    return jnp.array([second(ti) for ti in t])  # each ti is an int32 scalar


def r20_slopes_finite_difference(f, t):
    h = 1e-3
    s = t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2


def r20_slopes_python_list(f, t):
    second = jax.grad(jax.grad(f))
    return [float(second(float(ti))) for ti in t]


def r20_slopes_allow_int(f, t):
    first = jax.grad(lambda s: jnp.sum(f(s)), allow_int=True)
    return jax.grad(lambda s: jnp.sum(first(s)), allow_int=True)(t)


def r20_slopes_right_sum_trick(f, t):
    s = t.astype(jnp.float32)
    first = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda u: jnp.sum(first(u)))(s)


def r20_slopes_right_vectorize(f, t):
    return jnp.vectorize(jax.grad(jax.grad(f)))(t * 1.0)


def r20_slopes_right_vmap_ravel(f, t):
    t = jnp.asarray(t)
    flat = t.ravel().astype(float)
    return jax.vmap(jax.grad(jax.grad(f)))(flat).reshape(t.shape)


# ---- 03.derivative_by_hand: dg_da(x, a), dg/da at every point of x ------------------


def r20_dgda_grad_of_g(x, a):
    return jax.grad(g)(x, a)


def r20_dgda_summed(x, a):
    return jax.grad(lambda a_: jnp.sum(g(x, a_)))(a)


def r20_dgda_wrt_x(x, a):
    return jax.grad(lambda x_: jnp.sum(g(x_, a)))(x)


def r20_dgda_argnums_no_sum(x, a):
    return jax.grad(g, argnums=1)(x, a)


def r20_dgda_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r20_dgda_by_hand_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r20_dgda_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)


def r20_dgda_vmap_both(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, a)


def r20_dgda_finite_difference(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r20_dgda_mean_trick(x, a):
    return jax.grad(lambda A: jnp.mean(g(x, A)))(jnp.full_like(x, a))


def r20_dgda_python_list(x, a):
    return [jax.grad(g, argnums=1)(xi, a) for xi in x]


def r20_dgda_both_argnums(x, a):
    return jax.grad(lambda x_, a_: jnp.sum(g(x_, a_)), argnums=(0, 1))(x, a)


def r20_dgda_right_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r20_dgda_right_broadcast_a(x, a):
    a_each = jnp.full_like(x, a)  # one copy of a per point: g(x_i, a_i) depends on a_i only
    return jax.grad(lambda A: jnp.sum(g(x, A)))(a_each)


def r20_dgda_right_jvp(x, a):
    _, tangent = jax.jvp(lambda a_: g(x, a_), (a,), (1.0,))
    return tangent


def r20_dgda_right_loop(x, a):
    d = jax.grad(lambda a_, xi: g(xi, a_))
    return jnp.stack([d(a, xi) for xi in x])


# ---- 03.central_difference: (f(x + eps) - f(x - eps)) / (2 eps), in Python floats ---


def r20_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r20_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r20_cd_forgot_two(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r20_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r20_cd_sign_swapped(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r20_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r20_cd_jnp_point(f, x, eps=1e-3):
    x = jnp.asarray(x)  # "work in jnp": float32 for every input
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r20_cd_jax_grad(f, x, eps=1e-3):
    return jax.grad(f)(x)


def r20_cd_jnp_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r20_cd_fixed_step(f, x, eps=1e-3):
    x = float(x)
    return (f(x + 1e-3) - f(x - 1e-3)) / 2e-3


def r20_cd_item_always(f, x, eps=1e-3):
    x = x.item()  # fine for a jax array; a Python float has no .item()
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r20_cd_five_point(f, x, eps=1e-3):
    x = float(x)
    return (-f(x + 2 * eps) + 8 * f(x + eps) - 8 * f(x - eps) + f(x - 2 * eps)) / (12 * eps)


def r20_cd_right_half_factor(f, x, eps=1e-3):
    xf = float(x)
    return 0.5 * (f(xf + eps) - f(xf - eps)) / eps


def r20_cd_right_average_sides(f, x, eps=1e-3):
    x = float(x)
    forward = (f(x + eps) - f(x)) / eps
    backward = (f(x) - f(x - eps)) / eps
    return (forward + backward) / 2


def r20_cd_right_item_if_array(f, x, eps=1e-3):
    if isinstance(x, jax.Array):
        x = x.item()
    left, right = f(x - eps), f(x + eps)
    return (right - left) / (eps + eps)


ROUND_20 = [
    # 03.gradient
    Wrong("03.gradient", "A: grad gives each output its own slope", lambda: "A"),
    Wrong("03.gradient", "c: grad sums the outputs like a loss", lambda: "c"),
    Wrong("03.gradient", "D.: grad only takes one input number", lambda: "D."),
    Wrong("03.gradient", "AC: both options with the same result", lambda: "AC"),
    Wrong("03.gradient", "BD: both error options", lambda: "BD"),
    Wrong("03.gradient", "typed the predicted values as a string", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "assigned the predicted array itself", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.gradient", "typed 'error', no letter", lambda: "error"),
    Wrong("03.gradient", "typed 'TypeError', no letter", lambda: "TypeError"),
    Wrong("03.gradient", "predicted the full Jacobian matrix", lambda: jnp.diag(jnp.array([6.0, -2.0, 1.0, 4.0]))),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "cast t to float, outputs still a vector", lambda: r20_slopes_cast_only),
    Wrong("03.fix_slopes", "summed both grads, t still int", lambda: r20_slopes_sum_only),
    Wrong("03.fix_slopes", "sum on the outer grad only", lambda: r20_slopes_outer_sum_only),
    Wrong("03.fix_slopes", "one grad: f', not f''", lambda: r20_slopes_first_derivative),
    Wrong("03.fix_slopes", "jacobian of jacobian: a 3-D array", lambda: r20_slopes_jacobian_twice),
    Wrong("03.fix_slopes", "result cast back to t's int dtype", lambda: r20_slopes_back_to_t_dtype),
    Wrong("03.fix_slopes", "jnp.mean instead of jnp.sum in both grads", lambda: r20_slopes_mean_not_sum),
    Wrong("03.fix_slopes", "loop over elements, each still an int", lambda: r20_slopes_loop_int_elements),
    Wrong("03.fix_slopes", "second finite difference, float32, h=1e-3", lambda: r20_slopes_finite_difference),
    Wrong("03.fix_slopes", "a Python list of floats", lambda: r20_slopes_python_list),
    Wrong("03.fix_slopes", "allow_int=True, as the error message says", lambda: r20_slopes_allow_int),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "jax.grad(g)(x, a): differentiates x, vector out", lambda: r20_dgda_grad_of_g),
    Wrong("03.derivative_by_hand", "grad of the sum over points: one number", lambda: r20_dgda_summed),
    Wrong("03.derivative_by_hand", "sum trick on x: dg/dx, not dg/da", lambda: r20_dgda_wrt_x),
    Wrong("03.derivative_by_hand", "grad with argnums=1, output not reduced", lambda: r20_dgda_argnums_no_sum),
    Wrong("03.derivative_by_hand", "worked out -x^3 sin(ax) by hand", lambda: r20_dgda_by_hand),
    Wrong("03.derivative_by_hand", "hand formula, minus sign dropped", lambda: r20_dgda_by_hand_sign),
    Wrong("03.derivative_by_hand", "jax.jacobian(g): an n x n matrix in x", lambda: r20_dgda_jacobian_x),
    Wrong("03.derivative_by_hand", "vmap over both arguments, a a float", lambda: r20_dgda_vmap_both),
    Wrong("03.derivative_by_hand", "central difference in a, float32", lambda: r20_dgda_finite_difference),
    Wrong("03.derivative_by_hand", "broadcast a, but jnp.mean: divided by n", lambda: r20_dgda_mean_trick),
    Wrong("03.derivative_by_hand", "a Python list of per-point grads", lambda: r20_dgda_python_list),
    Wrong("03.derivative_by_hand", "argnums=(0, 1): a tuple of two grads", lambda: r20_dgda_both_argnums),
    # 03.central_difference
    Wrong("03.central_difference", "no float(): float32 point stays float32", lambda: r20_cd_no_float),
    Wrong("03.central_difference", "forward difference, as in the lesson", lambda: r20_cd_forward),
    Wrong("03.central_difference", "divided by eps, not 2 * eps", lambda: r20_cd_forgot_two),
    Wrong("03.central_difference", "eps/2 to each side, total step eps", lambda: r20_cd_half_steps),
    Wrong("03.central_difference", "f(x - eps) - f(x + eps): sign swapped", lambda: r20_cd_sign_swapped),
    Wrong("03.central_difference", "/ 2 * eps: multiplies by eps", lambda: r20_cd_precedence),
    Wrong("03.central_difference", "jnp.asarray(x): float32 for every input", lambda: r20_cd_jnp_point),
    Wrong("03.central_difference", "returns jax.grad(f)(x) instead", lambda: r20_cd_jax_grad),
    Wrong("03.central_difference", "result wrapped in jnp.asarray: float32", lambda: r20_cd_jnp_result),
    Wrong("03.central_difference", "step hard-coded to 1e-3, eps ignored", lambda: r20_cd_fixed_step),
    Wrong("03.central_difference", "x.item() even for a Python float", lambda: r20_cd_item_always),
    Wrong("03.central_difference", "five-point stencil, fourth order", lambda: r20_cd_five_point),
]

RIGHT_20 = [
    Right("03.gradient", "lower-case b", lambda: "b"),
    Right("03.gradient", "' B' with a leading space", lambda: " B"),
    Right("03.gradient", "'B.' with a full stop", lambda: "B."),
    Right("03.fix_slopes", "astype float32, grad of sums twice", lambda: r20_slopes_right_sum_trick),
    Right("03.fix_slopes", "jnp.vectorize of grad(grad(f)), t * 1.0", lambda: r20_slopes_right_vectorize),
    Right("03.fix_slopes", "vmap over t.ravel(), reshaped back", lambda: r20_slopes_right_vmap_ravel),
    Right("03.derivative_by_hand", "jax.jacobian(g, argnums=1)", lambda: r20_dgda_right_jacobian),
    Right("03.derivative_by_hand", "a broadcast to x's shape, grad of the sum", lambda: r20_dgda_right_broadcast_a),
    Right("03.derivative_by_hand", "jax.jvp in a with tangent 1.0", lambda: r20_dgda_right_jvp),
    Right("03.derivative_by_hand", "Python loop of scalar grads, jnp.stack", lambda: r20_dgda_right_loop),
    Right("03.central_difference", "float(x), 0.5 * difference / eps", lambda: r20_cd_right_half_factor),
    Right("03.central_difference", "mean of forward and backward differences", lambda: r20_cd_right_average_sides),
    Right("03.central_difference", ".item() only for a jax array", lambda: r20_cd_right_item_if_array),
]
