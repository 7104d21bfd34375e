"""Round 9, lesson 03 (jax.grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the exercise's g, copied from the lesson
    return x**2 * jnp.cos(a * x)


# ---------------------------------------------------------------- 03.fix_slopes


def r9_slopes_float_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))  # fixed the dtype, not the shape


def r9_slopes_sum_only(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t)  # fixed the shape, not the dtype


def r9_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r9_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))


def r9_slopes_allow_int(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)), allow_int=True)(t)


def r9_slopes_forward_diff(f, t):
    s = t.astype(jnp.float32)
    return (f(s + 1e-3) - f(s)) / 1e-3


def r9_slopes_first_only(f, t):
    return jax.grad(lambda s: f(s)[0])(t.astype(jnp.float32))


def r9_slopes_value_and_grad(f, t):
    return jax.value_and_grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r9_slopes_cast_back(f, t):
    slope = jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))
    return slope.astype(t.dtype)


def r9_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)


def r9_slopes_python_loop(f, t):
    return jnp.array([jax.grad(f)(float(ti)) for ti in t])


def r9_slopes_divide_by_one(f, t):
    return jax.grad(lambda s: f(s).sum())(t / 1)


def r9_slopes_vmap_float(f, t):
    return jax.vmap(jax.grad(f))(jnp.asarray(t, dtype=jnp.float32))


def r9_slopes_jacobian_diag(f, t):
    return jnp.diagonal(jax.jacobian(f)(t * 1.0))


# ---------------------------------------------------------------- 03.derivative_by_hand


def r9_dgda_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)


def r9_dgda_summed(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)  # one number: the sum over x


def r9_dgda_formula(x, a):
    return -(x**3) * jnp.sin(a * x)


def r9_dgda_formula_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r9_dgda_argnums_tuple(x, a):
    return jax.vmap(jax.grad(g, argnums=(1,)), in_axes=(0, None))(x, a)


def r9_dgda_finite_diff(x, a):
    eps = 1e-3
    return (g(x, a + eps) - g(x, a)) / eps


def r9_dgda_sum_over_x(x, a):
    return jax.grad(lambda xx: jnp.sum(g(xx, a)))(x)


def r9_dgda_value_and_grad(x, a):
    return jax.vmap(jax.value_and_grad(g, argnums=1), in_axes=(0, None))(x, a)


def r9_dgda_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)


def r9_dgda_vmap_default(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, a)


def r9_dgda_nonscalar(x, a):
    return jax.grad(g, argnums=1)(x, a)


def r9_dgda_swapped(x, a):
    return jax.vmap(jax.grad(lambda a_, x_: g(x_, a_)), in_axes=(None, 0))(a, x)


def r9_dgda_jacobian_a(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r9_dgda_closure(x, a):
    return jax.vmap(lambda xi: jax.grad(g, argnums=1)(xi, a))(x)


def r9_dgda_jacfwd(x, a):
    return jax.jacfwd(lambda b: g(x, b))(float(a))


# ---------------------------------------------------------------- 03.central_difference


def r9_cd_no_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r9_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r9_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r9_cd_backward(f, x, eps=1e-3):
    return (f(x) - f(x - eps)) / eps


def r9_cd_half_steps(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r9_cd_float32(f, x, eps=1e-3):
    x32 = jnp.float32(x)
    return (f(x32 + eps) - f(x32 - eps)) / (2 * eps)


def r9_cd_grad(f, x, eps=1e-3):
    return jax.grad(f)(x)


def r9_cd_sign(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r9_cd_fixed_eps(f, x, eps=1e-3):
    h = 1e-3
    return (f(x + h) - f(x - h)) / (2 * h)


def r9_cd_jnp_result(f, x, eps=1e-3):
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r9_cd_jnp_step(f, x, eps=1e-3):
    points = x + jnp.array([-eps, eps])  # float32 points
    return float((f(points[1]) - f(points[0])) / (2 * eps))


def r9_cd_eps_twice(f, x, eps=1e-3):
    return (f(x + 2 * eps) - f(x - 2 * eps)) / (2 * eps)


def r9_cd_split_division(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps / 2


def r9_cd_half(f, x, eps=1e-3):
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r9_cd_mean_of_both(f, x, eps=1e-3):
    forward = (f(x + eps) - f(x)) / eps
    backward = (f(x) - f(x - eps)) / eps
    return (forward + backward) / 2


def r9_cd_named_width(f, x, eps=1e-3):
    width = 2 * eps
    return (f(x + eps) - f(x - eps)) / width


ROUND_9 = [
    Wrong("03.gradient", "B: same numbers, but the reason drops the sum", lambda: "B"),
    Wrong("03.gradient", "C: one number, as the function returns one", lambda: "C"),
    Wrong("03.gradient", "D: each term weighs 1 in the sum", lambda: "D"),
    Wrong("03.gradient", "lower-case a", lambda: "a"),
    Wrong("03.gradient", "A and B, both give the same array", lambda: "AB"),
    Wrong("03.gradient", "typed the predicted array, not a letter", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "A followed by its reason", lambda: "A - each partial is 2*p_i"),
    Wrong("03.gradient", "the value as a jax array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.gradient", "wrote 'option A'", lambda: "option A"),
    Wrong("03.gradient", "a formula, 2p, instead of a letter", lambda: "2p"),
    Wrong("03.fix_slopes", "cast to float, still a vector output", lambda: r9_slopes_float_only),
    Wrong("03.fix_slopes", "summed the output, integers still passed", lambda: r9_slopes_sum_only),
    Wrong("03.fix_slopes", "mean instead of sum: slopes divided by n", lambda: r9_slopes_mean),
    Wrong("03.fix_slopes", "full Jacobian matrix returned", lambda: r9_slopes_jacobian),
    Wrong(
        "03.fix_slopes", "allow_int=True from the error: float0 zeros", lambda: r9_slopes_allow_int
    ),
    Wrong("03.fix_slopes", "forward difference in float32", lambda: r9_slopes_forward_diff),
    Wrong(
        "03.fix_slopes", "grad of f(s)[0]: one slope, the rest zero", lambda: r9_slopes_first_only
    ),
    Wrong("03.fix_slopes", "value_and_grad: returns a pair", lambda: r9_slopes_value_and_grad),
    Wrong("03.fix_slopes", "cast the slopes back to t's int dtype", lambda: r9_slopes_cast_back),
    Wrong("03.fix_slopes", "vmap of grad, integer t left as is", lambda: r9_slopes_vmap_int),
    Wrong("03.derivative_by_hand", "vmapped grad, argnums left at 0: d/dx", lambda: r9_dgda_wrt_x),
    Wrong("03.derivative_by_hand", "grad over a of the sum: one number", lambda: r9_dgda_summed),
    Wrong("03.derivative_by_hand", "formula by hand, -x**3 sin(ax)", lambda: r9_dgda_formula),
    Wrong("03.derivative_by_hand", "hand formula with the sign lost", lambda: r9_dgda_formula_sign),
    Wrong(
        "03.derivative_by_hand", "argnums=(1,): a tuple of one array", lambda: r9_dgda_argnums_tuple
    ),
    Wrong("03.derivative_by_hand", "forward difference in a", lambda: r9_dgda_finite_diff),
    Wrong("03.derivative_by_hand", "grad of the sum with respect to x", lambda: r9_dgda_sum_over_x),
    Wrong(
        "03.derivative_by_hand",
        "vmapped value_and_grad: values and slopes",
        lambda: r9_dgda_value_and_grad,
    ),
    Wrong("03.derivative_by_hand", "jax.jacobian(g): matrix in x", lambda: r9_dgda_jacobian_x),
    Wrong(
        "03.derivative_by_hand", "vmap without in_axes over a float a", lambda: r9_dgda_vmap_default
    ),
    Wrong(
        "03.derivative_by_hand", "grad argnums=1 on the vector output", lambda: r9_dgda_nonscalar
    ),
    Wrong("03.central_difference", "forgot the 2 in the denominator", lambda: r9_cd_no_two),
    Wrong("03.central_difference", "the page's forward difference", lambda: r9_cd_forward),
    Wrong("03.central_difference", "/ 2 * eps: precedence slip", lambda: r9_cd_precedence),
    Wrong("03.central_difference", "backward difference", lambda: r9_cd_backward),
    Wrong("03.central_difference", "eps/2 each side, not eps", lambda: r9_cd_half_steps),
    Wrong("03.central_difference", "x made jnp.float32 first", lambda: r9_cd_float32),
    Wrong("03.central_difference", "jax.grad(f)(x) instead of differences", lambda: r9_cd_grad),
    Wrong("03.central_difference", "f(x - eps) - f(x + eps): sign flipped", lambda: r9_cd_sign),
    Wrong("03.central_difference", "step hard-coded to 1e-3, eps ignored", lambda: r9_cd_fixed_eps),
    Wrong("03.central_difference", "points built as a float32 jnp array", lambda: r9_cd_jnp_step),
    Wrong("03.central_difference", "2*eps each side, divided by 2*eps", lambda: r9_cd_eps_twice),
    Wrong(
        "03.central_difference", "result wrapped in jnp.asarray: float32", lambda: r9_cd_jnp_result
    ),
]

RIGHT_9 = [
    Right("03.gradient", "A", lambda: "A"),
    Right("03.fix_slopes", "Python loop of grads on floats", lambda: r9_slopes_python_loop),
    Right("03.fix_slopes", "t / 1 makes floats, grad of the sum", lambda: r9_slopes_divide_by_one),
    Right("03.fix_slopes", "vmap of grad over float32 t", lambda: r9_slopes_vmap_float),
    Right("03.fix_slopes", "diagonal of the Jacobian", lambda: r9_slopes_jacobian_diag),
    Right(
        "03.derivative_by_hand", "arguments swapped in a lambda, vmapped", lambda: r9_dgda_swapped
    ),
    Right("03.derivative_by_hand", "jax.jacobian with argnums=1", lambda: r9_dgda_jacobian_a),
    Right(
        "03.derivative_by_hand", "grad in a closure over a, vmapped over x", lambda: r9_dgda_closure
    ),
    Right("03.derivative_by_hand", "jacfwd over a with x closed over", lambda: r9_dgda_jacfwd),
    Right("03.central_difference", "divided by eps, then by 2", lambda: r9_cd_split_division),
    Right("03.central_difference", "0.5 times the difference over eps", lambda: r9_cd_half),
    Right(
        "03.central_difference",
        "mean of forward and backward differences",
        lambda: r9_cd_mean_of_both,
    ),
    Right("03.central_difference", "width 2*eps named first", lambda: r9_cd_named_width),
]
