"""Round 16, lesson 03 (grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the page's g, as the learner has it in the notebook
    return x**2 * jnp.cos(a * x)


# ---------------------------------------------------------------- 03.fix_slopes


def r16_curv_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(float))  # fixed the integer error only


def r16_curv_first_derivative(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # f', not f''


def r16_curv_hessian_matrix(f, t):
    return jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(float))  # the whole matrix


def r16_curv_jac_jac(f, t):
    return jax.jacobian(jax.jacobian(f))(t * 1.0)


def r16_curv_mean_trick(f, t):
    t = t.astype(float)
    slope = jax.grad(lambda s: jnp.mean(f(s)))
    return jax.grad(lambda s: jnp.mean(slope(s)))(t)  # mean, not sum: scaled by 1/n**2


def r16_curv_bfloat16(f, t):
    t = t.astype(jnp.bfloat16)
    slope = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(lambda s: jnp.sum(slope(s)))(t)


def r16_curv_keep_int(f, t):
    s = t.astype(float)
    slope = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda u: jnp.sum(slope(u)))(s).astype(t.dtype)  # "same dtype as t"


def r16_curv_cube_formula(f, t):
    return 6.0 * t  # the second derivative of the page's s**3


def r16_curv_third(f, t):
    t = t.astype(float)
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    d2 = jax.grad(lambda s: jnp.sum(d1(s)))
    return jax.grad(lambda s: jnp.sum(d2(s)))(t)  # one grad too many


def r16_curv_finite_diff(f, t):
    t = t.astype(float)
    slope = jax.grad(lambda s: jnp.sum(f(s)))
    h = 1e-2
    return (slope(t + h) - slope(t - h)) / (2 * h)


def r16_curv_squeezed(f, t):
    t = t.astype(float)
    return jnp.squeeze(jnp.diag(jax.hessian(lambda s: jnp.sum(f(s)))(t)))  # (1,) -> ()


def r16_curv_square_of_slope(f, t):
    t = t.astype(float)
    slope = jax.grad(lambda s: jnp.sum(f(s)))(t)
    return slope * slope  # "second" as in squared


def r16_curv_right_loop(f, t):
    second = jax.grad(jax.grad(f))
    return jnp.array([second(float(ti)) for ti in t], dtype=jnp.float32)


def r16_curv_right_hessian_diag(f, t):
    return jnp.diagonal(jax.hessian(lambda s: f(s).sum())(jnp.asarray(t, jnp.float32)))


def r16_curv_right_nested_sums(f, t):
    slope = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(lambda s: slope(s).sum())(t + 0.0)


# ---------------------------------------------------------------- 03.derivative_by_hand


def r16_dga_wrt_x(x, a):
    return jax.grad(lambda x_: jnp.sum(g(x_, a)))(x)  # differentiated x, not a


def r16_dga_scalar(x, a):
    return jax.grad(lambda a_: jnp.sum(g(x, a_)))(a)  # one number for all points


def r16_dga_scalar_broadcast(x, a):
    return jax.grad(lambda a_: jnp.sum(g(x, a_)))(a) * jnp.ones_like(x)


def r16_dga_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)  # argnums left at 0: an n-by-n matrix


def r16_dga_jacobian_tuple(x, a):
    return jax.jacobian(g, argnums=(1,))(x, a)  # a tuple holding the array


def r16_dga_diag_x(x, a):
    return jnp.diag(jax.jacobian(g, argnums=0)(x, a))


def r16_dga_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r16_dga_hand_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r16_dga_mean_trick(x, a):
    spread = jnp.full_like(x, a)
    return jax.grad(lambda a_: jnp.mean(g(x, a_)))(spread)  # mean: divided by n


def r16_dga_first_point(x, a):
    return jax.grad(g, argnums=1)(x[0], a)


def r16_dga_swapped_call(x, a):
    return jax.jacobian(g, argnums=1)(a, x)  # arguments passed in the wrong order


def r16_dga_finite(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r16_dga_right_jacobian(x, a):
    return jax.jacobian(lambda freq: g(x, freq))(a)


def r16_dga_right_full_like(x, a):
    return jax.grad(lambda freqs: g(x, freqs).sum())(jnp.full(x.shape, a))


def r16_dga_right_loop(x, a):
    dg = jax.grad(g, argnums=1)
    return jnp.array([float(dg(xi, a)) for xi in x])


def r16_dga_right_jvp(x, a):
    return jax.jvp(lambda freq: g(x, freq), (a,), (1.0,))[1]


# ---------------------------------------------------------------- 03.central_difference


def r16_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # a float32 x stays float32


def r16_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r16_cd_backward(f, x, eps=1e-3):
    x = float(x)
    return (f(x) - f(x - eps)) / eps


def r16_cd_one_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r16_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r16_cd_float32(f, x, eps=1e-3):
    x = jnp.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r16_cd_jax_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.array((f(x + eps) - f(x - eps)) / (2 * eps))  # back to float32


def r16_cd_fixed_step(f, x, eps=1e-3):
    x = float(x)
    return (f(x + 1e-3) - f(x - 1e-3)) / 2e-3  # the page's step, not the argument


def r16_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r16_cd_float_late(f, x, eps=1e-3):
    return (f(float(x + eps)) - f(float(x - eps))) / (2 * eps)  # rounded in float32 first


def r16_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r16_cd_item(f, x, eps=1e-3):
    x = x.item()  # a Python float has no .item()
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r16_cd_right_np64(f, x, eps=1e-3):
    x = np.float64(x)
    return float(f(x + eps) - f(x - eps)) / (eps + eps)


def r16_cd_right_split(f, x, eps=1e-3):
    left, right = float(x) - eps, float(x) + eps
    return 0.5 * (f(right) - f(left)) / eps


def r16_cd_right_lambda(f, x, eps=1e-3):
    at = float(x)
    return (lambda h: (f(at + h) - f(at - h)) / (2.0 * h))(eps)


ROUND_16 = [
    Wrong("03.gradient", "A: each element gets its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: grad only takes one number in", lambda: "D"),
    Wrong("03.gradient", "lower case b", lambda: "b"),
    Wrong("03.gradient", "B with a closing bracket", lambda: "B)"),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "BD: both error options", lambda: "BD"),
    Wrong("03.gradient", "B with a trailing comment", lambda: "B  # four outputs"),
    Wrong(
        "03.fix_slopes",
        "cast t to float only: grad still gets a vector",
        lambda: r16_curv_cast_only,
    ),
    Wrong("03.fix_slopes", "grad of the sum once: f', not f''", lambda: r16_curv_first_derivative),
    Wrong("03.fix_slopes", "hessian of the sum: the whole matrix", lambda: r16_curv_hessian_matrix),
    Wrong("03.fix_slopes", "jacobian of jacobian: an n x n x n array", lambda: r16_curv_jac_jac),
    Wrong("03.fix_slopes", "mean instead of sum in both reductions", lambda: r16_curv_mean_trick),
    Wrong("03.fix_slopes", "cast t to bfloat16", lambda: r16_curv_bfloat16),
    Wrong("03.fix_slopes", "cast f'' back to t's integer dtype", lambda: r16_curv_keep_int),
    Wrong("03.fix_slopes", "6 * t: the page's cube worked by hand", lambda: r16_curv_cube_formula),
    Wrong("03.fix_slopes", "three nested grads: f'''", lambda: r16_curv_third),
    Wrong(
        "03.fix_slopes", "finite difference of the slope, h = 1e-2", lambda: r16_curv_finite_diff
    ),
    Wrong("03.fix_slopes", "squeezed the diagonal: length-1 t gives ()", lambda: r16_curv_squeezed),
    Wrong("03.fix_slopes", "slope squared for 'second'", lambda: r16_curv_square_of_slope),
    Wrong("03.derivative_by_hand", "grad of the sum over x: dg/dx", lambda: r16_dga_wrt_x),
    Wrong("03.derivative_by_hand", "grad wrt a of the sum: one number", lambda: r16_dga_scalar),
    Wrong(
        "03.derivative_by_hand",
        "that one number broadcast to x's shape",
        lambda: r16_dga_scalar_broadcast,
    ),
    Wrong("03.derivative_by_hand", "jacobian with argnums left at 0", lambda: r16_dga_jacobian_x),
    Wrong(
        "03.derivative_by_hand", "argnums=(1,): a tuple comes back", lambda: r16_dga_jacobian_tuple
    ),
    Wrong("03.derivative_by_hand", "diagonal of the x-jacobian", lambda: r16_dga_diag_x),
    Wrong("03.derivative_by_hand", "worked the formula out by hand", lambda: r16_dga_hand),
    Wrong("03.derivative_by_hand", "hand formula, sign dropped", lambda: r16_dga_hand_sign),
    Wrong(
        "03.derivative_by_hand",
        "full_like trick with mean: divided by n",
        lambda: r16_dga_mean_trick,
    ),
    Wrong("03.derivative_by_hand", "grad at the first point only", lambda: r16_dga_first_point),
    Wrong(
        "03.derivative_by_hand",
        "jacobian argnums=1, called as (a, x)",
        lambda: r16_dga_swapped_call,
    ),
    Wrong("03.derivative_by_hand", "central difference in float32", lambda: r16_dga_finite),
    Wrong(
        "03.central_difference", "no float(x): a float32 x stays float32", lambda: r16_cd_no_float
    ),
    Wrong("03.central_difference", "forward difference", lambda: r16_cd_forward),
    Wrong("03.central_difference", "backward difference", lambda: r16_cd_backward),
    Wrong("03.central_difference", "divided by eps, not 2 * eps", lambda: r16_cd_one_eps),
    Wrong("03.central_difference", "/ 2 * eps: precedence slip", lambda: r16_cd_precedence),
    Wrong("03.central_difference", "jnp.float32(x): all in 32 bits", lambda: r16_cd_float32),
    Wrong("03.central_difference", "wrapped the result in jnp.array", lambda: r16_cd_jax_result),
    Wrong("03.central_difference", "hard-coded the page's 1e-3 step", lambda: r16_cd_fixed_step),
    Wrong("03.central_difference", "eps/2 to each side", lambda: r16_cd_half_steps),
    Wrong(
        "03.central_difference", "float() after adding eps in float32", lambda: r16_cd_float_late
    ),
    Wrong("03.central_difference", "left minus right: sign flipped", lambda: r16_cd_sign),
    Wrong("03.central_difference", "x.item(): fails for a Python float x", lambda: r16_cd_item),
]

RIGHT_16 = [
    Right("03.gradient", "B", lambda: "B"),
    Right(
        "03.fix_slopes", "loop of grad(grad(f)) over float elements", lambda: r16_curv_right_loop
    ),
    Right(
        "03.fix_slopes", "diagonal of the hessian of the sum", lambda: r16_curv_right_hessian_diag
    ),
    Right(
        "03.fix_slopes",
        "nested sum tricks, t + 0.0 to make floats",
        lambda: r16_curv_right_nested_sums,
    ),
    Right(
        "03.derivative_by_hand",
        "jacobian of a lambda in the frequency",
        lambda: r16_dga_right_jacobian,
    ),
    Right(
        "03.derivative_by_hand",
        "grad of the sum wrt a full array of a",
        lambda: r16_dga_right_full_like,
    ),
    Right(
        "03.derivative_by_hand",
        "loop of grad argnums=1, floats in a list",
        lambda: r16_dga_right_loop,
    ),
    Right("03.derivative_by_hand", "jax.jvp with tangent 1.0", lambda: r16_dga_right_jvp),
    Right("03.central_difference", "np.float64 and eps + eps", lambda: r16_cd_right_np64),
    Right("03.central_difference", "0.5 * difference / eps", lambda: r16_cd_right_split),
    Right("03.central_difference", "a lambda in h, called with eps", lambda: r16_cd_right_lambda),
]
