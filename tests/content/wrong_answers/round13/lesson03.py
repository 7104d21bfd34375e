"""Round 13, lesson 03 (jax.grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the exercise cell's g
    return x**2 * jnp.cos(a * x)


# ---- 03.fix_slopes ----------------------------------------------------------------------


def r13_curv_no_cast(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)  # fixed the vector problem, not the int one


def r13_curv_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # fixed the int problem only


def r13_curv_first_only(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # f', not f''


def r13_curv_mean_trick(f, t):
    d1 = jax.grad(lambda s: jnp.mean(f(s)))
    d2 = jax.grad(lambda s: jnp.mean(d1(s)))
    return d2(t.astype(jnp.float32))  # mean, not sum: divided by n twice


def r13_curv_hessian_full(f, t):
    return jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # n x n matrix


def r13_curv_jac_jac(f, t):
    return jax.jacobian(jax.jacobian(f))(t.astype(jnp.float32))  # n x n x n


def r13_curv_diag_jacobian(f, t):
    return jnp.diag(jax.jacobian(f)(t.astype(jnp.float32)))  # first derivative


def r13_curv_third(f, t):
    return jax.vmap(jax.grad(jax.grad(jax.grad(f))))(t.astype(jnp.float32))  # one grad too many


def r13_curv_back_to_int(f, t):
    out = jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float32))
    return out.astype(t.dtype)  # "same dtype as t": truncates


def r13_curv_finite_diff(f, t, h=1e-2):
    s = t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2  # float32 second difference


def r13_curv_right_sum(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    d2 = jax.grad(lambda s: jnp.sum(d1(s)))
    return d2(jnp.asarray(t, dtype=jnp.float32))


def r13_curv_right_weak(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t + 0.0)


def r13_curv_right_loop(f, t):
    d2 = jax.grad(jax.grad(f))
    return jnp.array([d2(float(ti)) for ti in t])


def r13_curv_right_vmap_hessian(f, t):
    return jax.vmap(jax.hessian(f))(t * 1.0)


def r13_curv_right_hess_rowsum(f, t):
    h = jax.hessian(lambda s: jnp.sum(f(s)))(t * 1.0)
    return h.sum(axis=0)  # the Hessian is diagonal: its column sums are the diagonal


# ---- 03.derivative_by_hand --------------------------------------------------------------


def r13_dga_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)  # argnums left at 0


def r13_dga_summed(x, a):
    return jax.grad(lambda aa: jnp.sum(g(x, aa)))(a)  # one number: the sum over points


def r13_dga_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r13_dga_forward_diff(x, a, h=1e-3):
    return (g(x, a + h) - g(x, a)) / h


def r13_dga_swapped_call(x, a):
    return jax.vmap(jax.grad(lambda aa, xi: g(aa, xi)), in_axes=(None, 0))(a, x)  # g(a, x)


def r13_dga_jacobian_x(x, a):
    return jnp.diag(jax.jacobian(g)(x, a))  # jacobian wrt x, its diagonal


def r13_dga_value_and_grad(x, a):
    return jax.vmap(jax.value_and_grad(g, argnums=1), in_axes=(0, None))(x, a)


def r13_dga_tuple_first(x, a):
    grads = jax.vmap(jax.grad(g, argnums=(0, 1)), in_axes=(0, None))(x, a)
    return grads[0]  # the x gradient of the pair


def r13_dga_late_binding(x, a):
    fs = [lambda aa: g(xi, aa) for xi in x]  # noqa: B023 - the slip: each sees the last xi
    return jnp.array([jax.grad(h)(a) for h in fs])


def r13_dga_vmap_default_axes(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, jnp.full_like(x, a))[:1]  # kept one row


def r13_dga_right_negative_argnum(x, a):
    return jax.vmap(jax.grad(g, argnums=-1), in_axes=(0, None))(x, a)


def r13_dga_right_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r13_dga_right_tuple_second(x, a):
    return jax.vmap(jax.grad(g, argnums=(0, 1)), in_axes=(0, None))(x, a)[1]


def r13_dga_right_jvp(x, a):
    return jax.jvp(lambda aa: g(x, aa), (a,), (1.0,))[1]


def r13_dga_right_full_a(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, jnp.full_like(x, a))


# ---- 03.central_difference --------------------------------------------------------------


def r13_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # x + eps stays float32


def r13_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r13_cd_over_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r13_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps  # steps of eps/2


def r13_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r13_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r13_cd_float_late(f, x, eps=1e-3):
    return (f(float(x + eps)) - f(float(x - eps))) / (2 * eps)  # the sums already float32


def r13_cd_jnp_float64(f, x, eps=1e-3):
    x = float(jnp.asarray(x, dtype=jnp.float64))  # silently float32 without x64
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r13_cd_np_float32(f, x, eps=1e-3):
    x = np.float32(x)
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r13_cd_jax_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))  # float32 result


def r13_cd_right_item(f, x, eps=1e-3):
    x = x.item() if hasattr(x, "item") else x
    return 0.5 * (f(x + eps) - f(x - eps)) / eps


def r13_cd_right_np64(f, x, eps=1e-3):
    x = np.float64(x)
    return float((f(x + eps) - f(x - eps)) / (2.0 * eps))


def r13_cd_right_avg(f, x, eps=1e-3):
    x = float(x)
    ahead = (f(x + eps) - f(x)) / eps
    behind = (f(x) - f(x - eps)) / eps
    return (ahead + behind) / 2


ROUND_13 = [
    Wrong("03.gradient", "A: per-element slopes, 2p", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: grad wants one input number", lambda: "D"),
    Wrong("03.gradient", "lower-case a", lambda: "a"),
    Wrong("03.gradient", "C) with parenthesis", lambda: "C)"),
    Wrong("03.gradient", "the word 'error' instead of a letter", lambda: "error"),
    Wrong("03.gradient", "the result A prints, as a string", lambda: "[6., -2., 1., 4.]"),
    Wrong("03.gradient", "two letters, B and D (both errors)", lambda: "BD"),
    Wrong("03.gradient", "A with a trailing comment", lambda: "A  # 2x each"),
    Wrong("03.gradient", "the gradient array itself", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.fix_slopes", "vmap(grad(grad(f))) on the int t", lambda: r13_curv_no_cast),
    Wrong(
        "03.fix_slopes", "cast to float, grad(grad(f)) on the vector", lambda: r13_curv_cast_only
    ),
    Wrong("03.fix_slopes", "grad of the sum, once: f' not f''", lambda: r13_curv_first_only),
    Wrong("03.fix_slopes", "mean instead of sum: f''/n**2", lambda: r13_curv_mean_trick),
    Wrong("03.fix_slopes", "full Hessian matrix returned", lambda: r13_curv_hessian_full),
    Wrong("03.fix_slopes", "jacobian(jacobian(f)): an n x n x n array", lambda: r13_curv_jac_jac),
    Wrong("03.fix_slopes", "diag of jacobian(f): first derivative", lambda: r13_curv_diag_jacobian),
    Wrong("03.fix_slopes", "three grads: f''' for the page's f''", lambda: r13_curv_third),
    Wrong("03.fix_slopes", "cast the result back to t's int dtype", lambda: r13_curv_back_to_int),
    Wrong(
        "03.fix_slopes", "float32 second finite difference, h = 1e-2", lambda: r13_curv_finite_diff
    ),
    Wrong("03.derivative_by_hand", "argnums left at 0: dg/dx", lambda: r13_dga_wrt_x),
    Wrong(
        "03.derivative_by_hand", "grad of the sum over points: one number", lambda: r13_dga_summed
    ),
    Wrong("03.derivative_by_hand", "formula by hand, -x**3 sin(ax)", lambda: r13_dga_by_hand),
    Wrong(
        "03.derivative_by_hand", "forward difference in a, float32", lambda: r13_dga_forward_diff
    ),
    Wrong(
        "03.derivative_by_hand",
        "lambda calls g(aa, xi): arguments swapped",
        lambda: r13_dga_swapped_call,
    ),
    Wrong("03.derivative_by_hand", "diag of jacobian(g): wrt x", lambda: r13_dga_jacobian_x),
    Wrong(
        "03.derivative_by_hand",
        "vmapped value_and_grad: a (value, grad) pair",
        lambda: r13_dga_value_and_grad,
    ),
    Wrong("03.derivative_by_hand", "argnums=(0, 1), took [0]", lambda: r13_dga_tuple_first),
    Wrong(
        "03.derivative_by_hand",
        "list of lambdas: late binding, last x only",
        lambda: r13_dga_late_binding,
    ),
    Wrong(
        "03.derivative_by_hand",
        "full_like a and vmap, then [:1] debugging slice left",
        lambda: r13_dga_vmap_default_axes,
    ),
    Wrong(
        "03.central_difference", "no float(): a float32 x stays float32", lambda: r13_cd_no_float
    ),
    Wrong(
        "03.central_difference", "forward difference copied from the page", lambda: r13_cd_forward
    ),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r13_cd_over_eps),
    Wrong("03.central_difference", "steps of eps/2 each side", lambda: r13_cd_half_steps),
    Wrong("03.central_difference", "backward minus forward: sign flipped", lambda: r13_cd_sign),
    Wrong("03.central_difference", "/ 2 * eps: precedence", lambda: r13_cd_precedence),
    Wrong(
        "03.central_difference",
        "float() around x + eps: sum done in float32",
        lambda: r13_cd_float_late,
    ),
    Wrong(
        "03.central_difference",
        "jnp float64 conversion, float32 without x64",
        lambda: r13_cd_jnp_float64,
    ),
    Wrong("03.central_difference", "np.float32(x): stays 32-bit", lambda: r13_cd_np_float32),
    Wrong("03.central_difference", "returns a float32 jax array", lambda: r13_cd_jax_result),
]

RIGHT_13 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.gradient", "B with parenthesis, as listed", lambda: "B)"),
    Right("03.gradient", "lower-case b with a space", lambda: " b"),
    Right("03.fix_slopes", "sum trick twice, asarray float32", lambda: r13_curv_right_sum),
    Right("03.fix_slopes", "t + 0.0: weak float input, vmap", lambda: r13_curv_right_weak),
    Right("03.fix_slopes", "Python loop over float(ti)", lambda: r13_curv_right_loop),
    Right("03.fix_slopes", "vmap of jax.hessian on t * 1.0", lambda: r13_curv_right_vmap_hessian),
    Right(
        "03.fix_slopes", "column sums of the diagonal Hessian", lambda: r13_curv_right_hess_rowsum
    ),
    Right(
        "03.derivative_by_hand",
        "argnums=-1, the last argument",
        lambda: r13_dga_right_negative_argnum,
    ),
    Right("03.derivative_by_hand", "jacobian wrt argnums=1", lambda: r13_dga_right_jacobian),
    Right("03.derivative_by_hand", "argnums=(0, 1), took [1]", lambda: r13_dga_right_tuple_second),
    Right("03.derivative_by_hand", "forward mode jvp with tangent 1.0", lambda: r13_dga_right_jvp),
    Right(
        "03.derivative_by_hand",
        "a broadcast to x's shape, default vmap",
        lambda: r13_dga_right_full_a,
    ),
    Right("03.central_difference", ".item() then 0.5 * diff / eps", lambda: r13_cd_right_item),
    Right("03.central_difference", "np.float64 point", lambda: r13_cd_right_np64),
    Right("03.central_difference", "average of forward and backward", lambda: r13_cd_right_avg),
]
