"""Round 10, lesson 03 (Differentiate with jax.grad): answers written from the lesson's text
alone."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):
    return x**2 * jnp.cos(a * x)


# ---------------------------------------------------------------- 03.fix_slopes


def r10_slopes_dtype_only(f, t):
    return jax.grad(f)(t.astype(jnp.float32))  # fixes one problem of two


def r10_slopes_mean(f, t):
    return jax.grad(lambda s: jnp.mean(f(s)))(t.astype(jnp.float32))


def r10_slopes_jacobian(f, t):
    return jax.jacobian(f)(t.astype(jnp.float32))  # the whole matrix


def r10_slopes_list(f, t):
    return [jax.grad(f)(float(ti)) for ti in t]


def r10_slopes_allow_int(f, t):
    return jax.vmap(jax.grad(f, allow_int=True))(t)  # the error's suggestion


def r10_slopes_back_to_int(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32)).astype(t.dtype)


def r10_slopes_page_points(f, t):
    return jax.vmap(jax.grad(f))(jnp.arange(4.0))  # the page's t, written in


def r10_slopes_finite(f, t):
    h = 1e-3
    return (f(t + h) - f(t - h)) / (2 * h)


def r10_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(f))(t)  # vmap fixes the shape, not the dtype


def r10_slopes_sum_of_squares(f, t):
    return jax.grad(lambda s: jnp.sum(f(s) ** 2) / 2)(t.astype(jnp.float32))


def r10_slopes_diag(f, t):
    return jnp.diag(jax.jacobian(f)(t.astype(jnp.float32)))


def r10_slopes_col_sum(f, t):
    return jnp.sum(jax.jacobian(f)(t * 1.0), axis=0)


def r10_slopes_loop(f, t):
    return jnp.array([jax.grad(f)(float(ti)) for ti in t])


def r10_slopes_jvp(f, t):
    s = t.astype(jnp.float32)
    return jax.jvp(f, (s,), (jnp.ones_like(s),))[1]


def r10_slopes_vectorize(f, t):
    return jnp.vectorize(jax.grad(f))(t / 1)


# ---------------------------------------------------------------- 03.derivative_by_hand


def r10_dg_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)  # argnums forgotten


def r10_dg_summed(x, a):
    return jax.grad(lambda a_: jnp.sum(g(x, a_)))(a)  # one number for all points


def r10_dg_mean(x, a):
    return jax.grad(lambda a_: jnp.mean(g(x, a_)))(a) * jnp.ones_like(x)


def r10_dg_formula(x, a):
    return -(x**3) * jnp.sin(a * x)


def r10_dg_formula_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r10_dg_tuple_argnums(x, a):
    return jax.vmap(jax.grad(g, argnums=(1,)), in_axes=(0, None))(x, a)


def r10_dg_jacobian_x(x, a):
    return jnp.diag(jax.jacobian(g)(x, a))


def r10_dg_finite(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r10_dg_value_and_grad(x, a):
    return jax.vmap(jax.value_and_grad(g, argnums=1), in_axes=(0, None))(x, a)


def r10_dg_swapped_lambda(x, a):
    # wrapper to put a first, but the call keeps the old order
    return jax.vmap(jax.grad(lambda a_, x_: g(a_, x_)), in_axes=(None, 0))(a, x)


def r10_dg_jacobian_a(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r10_dg_full_a(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, jnp.full_like(x, a))


def r10_dg_vector_a(x, a):
    return jax.grad(lambda av: jnp.sum(g(x, av)))(jnp.full_like(x, a))


def r10_dg_negative_argnums(x, a):
    return jax.vmap(jax.grad(g, argnums=-1), (0, None))(x, a)


# ---------------------------------------------------------------- 03.central_difference


def r10_cd_forward(f, x, eps=1e-3):
    return (f(x + eps) - f(x)) / eps


def r10_cd_no_two(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps


def r10_cd_precedence(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r10_cd_half_steps(f, x, eps=1e-3):
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r10_cd_sign(f, x, eps=1e-3):
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r10_cd_jnp(f, x, eps=1e-3):
    x = jnp.asarray(x)  # float32
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r10_cd_as_array(f, x, eps=1e-3):
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r10_cd_five_point(f, x, eps=1e-3):
    return (-f(x + 2 * eps) + 8 * f(x + eps) - 8 * f(x - eps) + f(x - 2 * eps)) / (12 * eps)


def r10_cd_relative_step(f, x, eps=1e-3):
    h = eps * max(1.0, abs(x))  # a step scaled to x, as numerical recipes advise
    return (f(x + h) - f(x - h)) / (2 * h)


def r10_cd_float32_step(f, x, eps=1e-3):
    h = jnp.float32(eps)
    return float((f(x + h) - f(x - h)) / (2 * h))


def r10_cd_divide_twice(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / eps / 2


def r10_cd_half_factor(f, x, eps=1e-3):
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r10_cd_stencil(f, x, eps=1e-3):
    return sum(c * f(x + k * eps) for c, k in ((1.0, 1), (-1.0, -1))) / (2 * eps)


def r10_cd_lambda(f, x, eps=1e-3):
    step = lambda s: f(x + s)  # noqa: E731
    return (step(eps) - step(-eps)) / math.fsum([eps, eps])


ROUND_10 = [
    Wrong("03.gradient", "A: each output gets its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs like a loss", lambda: "C"),
    Wrong("03.gradient", "D: grad is for one input number", lambda: "D"),
    Wrong("03.gradient", "lower-case b", lambda: "b"),
    Wrong("03.gradient", "B with its reason copied in", lambda: "B: x**2 returns four numbers"),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "B and D, both say an error", lambda: "BD"),
    Wrong("03.gradient", "the gradient values themselves", lambda: "[6., -2., 1., 4.]"),
    Wrong(
        "03.fix_slopes",
        "cast t to float32 only: grad still gets a vector output",
        lambda: r10_slopes_dtype_only,
    ),
    Wrong(
        "03.fix_slopes", "grad of the mean: every slope divided by len(t)", lambda: r10_slopes_mean
    ),
    Wrong("03.fix_slopes", "jax.jacobian: the full diagonal matrix", lambda: r10_slopes_jacobian),
    Wrong("03.fix_slopes", "a Python list of grads, one per element", lambda: r10_slopes_list),
    Wrong(
        "03.fix_slopes",
        "allow_int=True as the error suggests: float0 zeros",
        lambda: r10_slopes_allow_int,
    ),
    Wrong("03.fix_slopes", "cast the slopes back to t's int dtype", lambda: r10_slopes_back_to_int),
    Wrong(
        "03.fix_slopes",
        "vmap over jnp.arange(4.0), the page's points",
        lambda: r10_slopes_page_points,
    ),
    Wrong("03.fix_slopes", "central finite differences instead of grad", lambda: r10_slopes_finite),
    Wrong("03.fix_slopes", "vmap(grad(f)) on the integer t", lambda: r10_slopes_vmap_int),
    Wrong(
        "03.fix_slopes", "grad of half the sum of squares of f", lambda: r10_slopes_sum_of_squares
    ),
    Wrong(
        "03.derivative_by_hand",
        "vmap(grad(g)) with in_axes: differentiates x, not a",
        lambda: r10_dg_wrt_x,
    ),
    Wrong(
        "03.derivative_by_hand",
        "grad of the sum over x with respect to a: one number",
        lambda: r10_dg_summed,
    ),
    Wrong("03.derivative_by_hand", "grad of the mean, broadcast to x's shape", lambda: r10_dg_mean),
    Wrong("03.derivative_by_hand", "the derivative worked out by hand", lambda: r10_dg_formula),
    Wrong(
        "03.derivative_by_hand",
        "by hand, with the sign of sin's derivative lost",
        lambda: r10_dg_formula_sign,
    ),
    Wrong(
        "03.derivative_by_hand",
        "argnums=(1,): a tuple of one array comes back",
        lambda: r10_dg_tuple_argnums,
    ),
    Wrong("03.derivative_by_hand", "diagonal of the Jacobian in x", lambda: r10_dg_jacobian_x),
    Wrong("03.derivative_by_hand", "central difference in a, in float32", lambda: r10_dg_finite),
    Wrong(
        "03.derivative_by_hand",
        "vmapped value_and_grad: a (values, grads) pair",
        lambda: r10_dg_value_and_grad,
    ),
    Wrong(
        "03.derivative_by_hand",
        "lambda puts a first but passes it on as x",
        lambda: r10_dg_swapped_lambda,
    ),
    Wrong(
        "03.central_difference", "forward difference copied from the page", lambda: r10_cd_forward
    ),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r10_cd_no_two),
    Wrong(
        "03.central_difference",
        "/ 2 * eps: precedence multiplies by eps",
        lambda: r10_cd_precedence,
    ),
    Wrong(
        "03.central_difference",
        "half a step each side, eps apart in all",
        lambda: r10_cd_half_steps,
    ),
    Wrong("03.central_difference", "f(x - eps) - f(x + eps): sign flipped", lambda: r10_cd_sign),
    Wrong(
        "03.central_difference", "x made a jnp array first: float32 arithmetic", lambda: r10_cd_jnp
    ),
    Wrong(
        "03.central_difference",
        "right formula, wrapped in jnp.asarray: float32",
        lambda: r10_cd_as_array,
    ),
    Wrong(
        "03.central_difference",
        "five-point stencil: more accurate, not asked",
        lambda: r10_cd_five_point,
    ),
    Wrong(
        "03.central_difference",
        "step scaled by |x|: right only near |x| <= 1",
        lambda: r10_cd_relative_step,
    ),
    Wrong(
        "03.central_difference", "eps as jnp.float32 before dividing", lambda: r10_cd_float32_step
    ),
]
RIGHT_10 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.fix_slopes", "diagonal of jax.jacobian on float t", lambda: r10_slopes_diag),
    Right("03.fix_slopes", "column sums of the Jacobian, t * 1.0", lambda: r10_slopes_col_sum),
    Right(
        "03.fix_slopes",
        "Python loop of grads at float(ti), then jnp.array",
        lambda: r10_slopes_loop,
    ),
    Right("03.fix_slopes", "forward mode: jax.jvp with a tangent of ones", lambda: r10_slopes_jvp),
    Right("03.fix_slopes", "jnp.vectorize(grad(f)) on t / 1", lambda: r10_slopes_vectorize),
    Right(
        "03.derivative_by_hand",
        "jax.jacobian with argnums=1: a is one number",
        lambda: r10_dg_jacobian_a,
    ),
    Right(
        "03.derivative_by_hand", "vmap over x and a vector of copies of a", lambda: r10_dg_full_a
    ),
    Right(
        "03.derivative_by_hand",
        "grad of the sum with respect to a vector of a's",
        lambda: r10_dg_vector_a,
    ),
    Right(
        "03.derivative_by_hand", "argnums=-1, the last argument", lambda: r10_dg_negative_argnums
    ),
    Right("03.central_difference", "divided by eps, then by 2", lambda: r10_cd_divide_twice),
    Right("03.central_difference", "0.5 times the difference over eps", lambda: r10_cd_half_factor),
    Right(
        "03.central_difference", "a two-term stencil summed in a generator", lambda: r10_cd_stencil
    ),
    Right("03.central_difference", "a lambda for the step, fsum for 2 eps", lambda: r10_cd_lambda),
]
