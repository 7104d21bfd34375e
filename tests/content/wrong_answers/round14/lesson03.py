"""Round 14, lesson 03 (grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):
    return x**2 * jnp.cos(a * x)


# ---------------------------------------------------------------- 03.fix_slopes


def r14_curv_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # fixes the int error only


def r14_curv_vmap_int(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)  # fixes the shape error only


def r14_curv_first_order(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32))


def r14_curv_third_order(f, t):
    return jax.vmap(jax.grad(jax.grad(jax.grad(f))))(t.astype(jnp.float32))


def r14_curv_back_to_int(f, t):
    out = jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float32))
    return out.astype(t.dtype)  # "same dtype as t": 6t is whole for s**3


def r14_curv_float16(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float16))


def r14_curv_finite_diff(f, t):
    t = t.astype(jnp.float32)
    h = 1e-2
    return (f(t + h) - 2 * f(t) + f(t - h)) / h**2


def r14_curv_page_points(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(4.0))  # the page's t, not this t


def r14_curv_list(f, t):
    d2 = jax.grad(jax.grad(f))
    return [d2(float(s)) for s in t]


def r14_curv_diagonal_3d(f, t):
    return jnp.diagonal(jax.jacobian(jax.jacobian(f))(t.astype(jnp.float32)))


def r14_curv_hess_of_sum_full(f, t):
    return jax.hessian(lambda u: jnp.sum(f(u)))(t.astype(jnp.float32))  # diag not taken


def r14_curv_right_sum_trick(f, t):
    def slope(u):
        return jax.grad(lambda v: jnp.sum(f(v)))(u)

    return jax.grad(lambda u: jnp.sum(slope(u)))(t + 0.0)


def r14_curv_right_diag_jac(f, t):
    return jnp.diag(jax.jacobian(jax.grad(lambda u: jnp.sum(f(u))))(jnp.float32(t)))


def r14_curv_right_hessian_rows(f, t):
    return jax.hessian(lambda u: f(u).sum())(t * 1.0).sum(axis=0)


def r14_curv_right_vmap_hessian(f, t):
    return jax.vmap(jax.hessian(f))(jnp.asarray(t, dtype=float))


# ---------------------------------------------------------------- 03.derivative_by_hand


def r14_dg_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)  # argnums left at 0


def r14_dg_sum_first(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)  # one number: summed over x


def r14_dg_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)


def r14_dg_diag_jacobian_x(x, a):
    return jnp.diag(jax.jacobian(g)(x, a))


def r14_dg_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r14_dg_by_hand_sign(x, a):
    return x**3 * jnp.sin(a * x)  # d cos = sin, forgot the minus


def r14_dg_swapped_args(x, a):
    return jax.vmap(jax.grad(g, argnums=1), in_axes=(None, 0))(a, x)  # g(a, x)


def r14_dg_a_as_vector(x, a):
    return jax.jacobian(g, argnums=1)(x, jnp.array([a]))  # shape (n, 1)


def r14_dg_finite_diff(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r14_dg_mean_first(x, a):
    return jax.grad(lambda b: jnp.mean(g(x, b)))(a) * jnp.ones_like(x)


def r14_dg_right_jvp(x, a):
    return jax.jvp(lambda b: g(x, b), (a,), (1.0,))[1]


def r14_dg_right_jacfwd(x, a):
    return jax.jacfwd(g, argnums=1)(x, a)


def r14_dg_right_reordered(x, a):
    return jax.vmap(jax.grad(lambda b, y: g(y, b)), in_axes=(None, 0))(a, x)


def r14_dg_right_loop(x, a):
    d = jax.grad(g, argnums=1)
    return jnp.stack([d(xi, a) for xi in x])


# ---------------------------------------------------------------- 03.central_difference


def r14_cd_no_convert(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # float32 arithmetic for a jax x


def r14_cd_over_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r14_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r14_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r14_cd_float32_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r14_cd_np_float32(f, x, eps=1e-3):
    x = np.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r14_cd_convert_late(f, x, eps=1e-3):
    return (f(float(x + eps)) - f(float(x - eps))) / (2 * eps)


def r14_cd_fixed_step(f, x, eps=1e-3):
    x = float(x)
    return (f(x + 1e-3) - f(x - 1e-3)) / 2e-3  # the page's eps, not the one passed


def r14_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r14_cd_jnp_float64(f, x, eps=1e-3):
    x = jnp.float64(x)  # x64 is off: float32 again
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r14_cd_astype(f, x, eps=1e-3):
    x = x.astype(float) if isinstance(x, jax.Array) else x  # float64 asked, float32 kept
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r14_cd_right_np_float64(f, x, eps=1e-3):
    x = np.float64(x)
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r14_cd_right_halves(f, x, eps=1e-3):
    x = float(np.asarray(x))
    return (f(x + eps) / 2 - f(x - eps) / 2) / eps


def r14_cd_right_lambda(f, x, eps=1e-3):
    x = x.item() if hasattr(x, "item") else x
    left, right = (f(x + s * eps) for s in (-1, 1))
    return (right - left) / (eps + eps)


ROUND_14 = [
    Wrong("03.gradient", "A: each element its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: error, one number only as input", lambda: "D"),
    Wrong("03.gradient", "lower case b", lambda: "b"),
    Wrong("03.gradient", "B with a parenthesis", lambda: "B)"),
    Wrong("03.gradient", "both error options", lambda: "BD"),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "option b spelled out", lambda: "option b"),
    Wrong("03.gradient", "B with its reason", lambda: "B - x**2 returns four numbers"),
    Wrong("03.fix_slopes", "cast t to float only: still four outputs", lambda: r14_curv_cast_only),
    Wrong("03.fix_slopes", "vmap only: integer t still refused", lambda: r14_curv_vmap_int),
    Wrong("03.fix_slopes", "one grad inside vmap: f', not f''", lambda: r14_curv_first_order),
    Wrong("03.fix_slopes", "three grads: f'''", lambda: r14_curv_third_order),
    Wrong("03.fix_slopes", "cast the result back to t's int dtype", lambda: r14_curv_back_to_int),
    Wrong("03.fix_slopes", "cast t to float16", lambda: r14_curv_float16),
    Wrong("03.fix_slopes", "second difference in float32, h = 0.01", lambda: r14_curv_finite_diff),
    Wrong(
        "03.fix_slopes", "vmapped over the page's arange(4.0), not t", lambda: r14_curv_page_points
    ),
    Wrong("03.fix_slopes", "a Python list of per-element grads", lambda: r14_curv_list),
    Wrong(
        "03.fix_slopes",
        "jnp.diagonal of the 3-D jacobian of jacobian",
        lambda: r14_curv_diagonal_3d,
    ),
    Wrong(
        "03.fix_slopes", "hessian of sum(f): the whole matrix", lambda: r14_curv_hess_of_sum_full
    ),
    Wrong("03.derivative_by_hand", "vmap of grad(g): argnums left at x", lambda: r14_dg_wrt_x),
    Wrong("03.derivative_by_hand", "grad of sum over x: one number", lambda: r14_dg_sum_first),
    Wrong("03.derivative_by_hand", "jacobian(g) with default argnums", lambda: r14_dg_jacobian_x),
    Wrong("03.derivative_by_hand", "diag of jacobian wrt x", lambda: r14_dg_diag_jacobian_x),
    Wrong("03.derivative_by_hand", "formula by hand, -x**3 sin(ax)", lambda: r14_dg_by_hand),
    Wrong("03.derivative_by_hand", "formula by hand, minus sign lost", lambda: r14_dg_by_hand_sign),
    Wrong(
        "03.derivative_by_hand",
        "argnums=1 but called g's args swapped",
        lambda: r14_dg_swapped_args,
    ),
    Wrong("03.derivative_by_hand", "a wrapped as [a]: shape (n, 1)", lambda: r14_dg_a_as_vector),
    Wrong("03.derivative_by_hand", "central difference in float32", lambda: r14_dg_finite_diff),
    Wrong("03.derivative_by_hand", "grad of the mean, broadcast to x", lambda: r14_dg_mean_first),
    Wrong(
        "03.central_difference", "x not converted: float32 for a jax x", lambda: r14_cd_no_convert
    ),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r14_cd_over_eps),
    Wrong("03.central_difference", "forward difference again", lambda: r14_cd_forward),
    Wrong("03.central_difference", "/ 2 * eps: multiplies by eps", lambda: r14_cd_precedence),
    Wrong("03.central_difference", "result wrapped in jnp.asarray", lambda: r14_cd_float32_result),
    Wrong("03.central_difference", "np.float32(x): still 32 bits", lambda: r14_cd_np_float32),
    Wrong(
        "03.central_difference", "float() after adding eps in float32", lambda: r14_cd_convert_late
    ),
    Wrong("03.central_difference", "step fixed at the page's 1e-3", lambda: r14_cd_fixed_step),
    Wrong("03.central_difference", "left minus right: sign flipped", lambda: r14_cd_sign),
    Wrong("03.central_difference", "jnp.float64(x) with x64 off", lambda: r14_cd_jnp_float64),
    Wrong("03.central_difference", "x.astype(float) on a jax x: float32", lambda: r14_cd_astype),
]

RIGHT_14 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.fix_slopes", "grad of sum of grad of sum, t + 0.0", lambda: r14_curv_right_sum_trick),
    Right("03.fix_slopes", "diag of the jacobian of grad(sum f)", lambda: r14_curv_right_diag_jac),
    Right("03.fix_slopes", "row sums of the hessian of sum f", lambda: r14_curv_right_hessian_rows),
    Right("03.fix_slopes", "vmap of jax.hessian, dtype=float", lambda: r14_curv_right_vmap_hessian),
    Right("03.derivative_by_hand", "jvp in a with tangent 1.0", lambda: r14_dg_right_jvp),
    Right("03.derivative_by_hand", "jacfwd with argnums=1", lambda: r14_dg_right_jacfwd),
    Right(
        "03.derivative_by_hand", "lambda with a first, vmap over x", lambda: r14_dg_right_reordered
    ),
    Right(
        "03.derivative_by_hand",
        "Python loop of grad(argnums=1), stacked",
        lambda: r14_dg_right_loop,
    ),
    Right(
        "03.central_difference",
        "np.float64(x), float() of the result",
        lambda: r14_cd_right_np_float64,
    ),
    Right("03.central_difference", "halves subtracted, over eps", lambda: r14_cd_right_halves),
    Right("03.central_difference", ".item() when present, eps + eps", lambda: r14_cd_right_lambda),
]
