"""Round 11, lesson 03 (grad): answers written from the lesson's text alone."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):
    return x**2 * jnp.cos(a * x)


# ---- 03.fix_slopes ---------------------------------------------------------------------
def r11_curv_first(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32))  # f', not f''


def r11_curv_jac_diag(f, t):
    return jnp.diag(jax.jacobian(f)(t.astype(jnp.float32)))  # first derivative again


def r11_curv_back_to_int(f, t):
    out = jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float32))
    return out.astype(t.dtype)  # truncates for integer t


def r11_curv_half_shift(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t + 0.5)  # +0.5 to make floats: other points


def r11_curv_arange(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(len(t), dtype=jnp.float32))


def r11_curv_float16(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float16))


def r11_curv_sum_once(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # one grad only


def r11_curv_vmap_int(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)  # vmap alone: still integers


def r11_curv_fd(f, t):
    s = t.astype(jnp.float32)
    h = 1e-2
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2  # float32 finite difference


def r11_curv_hessian_sum(f, t):
    return jnp.diag(jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32)))


def r11_curv_loop(f, t):
    d2 = jax.grad(jax.grad(f))
    return jnp.array([d2(float(ti)) for ti in t])


def r11_curv_div(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t / 1)


def r11_curv_nested_sum(f, t):
    inner = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda s: jnp.sum(inner(s)))(jnp.asarray(t, dtype=jnp.float32))


# ---- 03.derivative_by_hand -------------------------------------------------------------
def r11_dg_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)


def r11_dg_sum(x, a):
    return jax.grad(lambda aa: jnp.sum(g(x, aa)))(a)  # one number, not per point


def r11_dg_argnums_tuple(x, a):
    return jax.vmap(jax.grad(g, argnums=(1,)), in_axes=(0, None))(x, a)


def r11_dg_swapped(x, a):
    return jax.vmap(jax.grad(g, argnums=1), in_axes=(None, 0))(a, x)  # a and x swapped


def r11_dg_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r11_dg_hand_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r11_dg_fd(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r11_dg_argnums2(x, a):
    return jax.vmap(jax.grad(g, argnums=0), in_axes=(0, None))(x, a)  # argnums=0 kept


def r11_dg_mean(x, a):
    return jax.grad(lambda aa: jnp.mean(g(x, aa)))(a) * jnp.ones_like(x)


def r11_dg_vmap_lambda(x, a):
    return jax.vmap(lambda xi: jax.grad(lambda aa: g(xi, aa))(a))(x)


def r11_dg_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, float(a))


def r11_dg_loop(x, a):
    d = jax.grad(g, argnums=1)
    return jnp.stack([d(xi, a) for xi in x])


def r11_dg_jacfwd(x, a):
    return jax.jacfwd(lambda aa: g(x, aa))(jnp.float32(a))


# ---- 03.central_difference -------------------------------------------------------------
def r11_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # float32 when x is a jax array


def r11_cd_one_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r11_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r11_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r11_cd_float_after(f, x, eps=1e-3):
    return float((f(x + eps) - f(x - eps)) / (2 * eps))  # converted too late


def r11_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps  # eps in all, not to each side


def r11_cd_float32(f, x, eps=1e-3):
    x = np.float32(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r11_cd_item(f, x, eps=1e-3):
    x = x.item()  # fails for a plain Python float
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r11_cd_jnp(f, x, eps=1e-3):
    x = jnp.asarray(x, dtype=jnp.float64)  # float32 without x64
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r11_cd_backward(f, x, eps=1e-3):
    x = float(x)
    return (f(x) - f(x - eps)) / eps


def r11_cd_np64(f, x, eps=1e-3):
    x = np.float64(x)
    return (f(x + eps) - f(x - eps)) / (2.0 * eps)


def r11_cd_mult(f, x, eps=1e-3):
    x = float(x)
    h = float(eps)
    return (f(x + h) - f(x - h)) * (0.5 / h)


def r11_cd_math(f, x, eps=1e-3):
    x = math.fsum([float(x)])
    left, right = f(x - eps), f(x + eps)
    return (right - left) / (eps + eps)


ROUND_11 = [
    Wrong("03.gradient", "A: each element its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: grad takes one number only", lambda: "D"),
    Wrong("03.gradient", "lower-case b", lambda: "b"),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "A and C, both give the same array", lambda: "AC"),
    Wrong("03.gradient", "B with its reason pasted", lambda: "B: grad needs one number"),
    Wrong("03.gradient", "the array A shows", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.fix_slopes", "vmap of one grad: f' not f''", lambda: r11_curv_first),
    Wrong("03.fix_slopes", "diag of jacobian: first derivative", lambda: r11_curv_jac_diag),
    Wrong("03.fix_slopes", "cast result back to t's int dtype", lambda: r11_curv_back_to_int),
    Wrong("03.fix_slopes", "t + 0.5 to get floats: shifted points", lambda: r11_curv_half_shift),
    Wrong("03.fix_slopes", "arange(len(t)): right on the page's t only", lambda: r11_curv_arange),
    Wrong("03.fix_slopes", "float16 points: too few digits", lambda: r11_curv_float16),
    Wrong("03.fix_slopes", "grad of the sum once: first derivative", lambda: r11_curv_sum_once),
    Wrong("03.fix_slopes", "float32 second finite difference", lambda: r11_curv_fd),
    Wrong("03.fix_slopes", "vmap added, integers still passed", lambda: r11_curv_vmap_int),
    Wrong("03.derivative_by_hand", "vmap(grad(g)): derivative in x", lambda: r11_dg_wrt_x),
    Wrong("03.derivative_by_hand", "grad of the sum: one number", lambda: r11_dg_sum),
    Wrong(
        "03.derivative_by_hand", "argnums=(1,): a tuple comes back", lambda: r11_dg_argnums_tuple
    ),
    Wrong("03.derivative_by_hand", "arguments swapped in the call", lambda: r11_dg_swapped),
    Wrong("03.derivative_by_hand", "formula by hand", lambda: r11_dg_hand),
    Wrong("03.derivative_by_hand", "formula by hand, sign lost", lambda: r11_dg_hand_sign),
    Wrong("03.derivative_by_hand", "central difference in a", lambda: r11_dg_fd),
    Wrong("03.derivative_by_hand", "argnums=0 left from the default", lambda: r11_dg_argnums2),
    Wrong("03.derivative_by_hand", "grad of the mean, broadcast", lambda: r11_dg_mean),
    Wrong("03.central_difference", "no float(): float32 for a jax x", lambda: r11_cd_no_float),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r11_cd_one_eps),
    Wrong("03.central_difference", "forward difference", lambda: r11_cd_forward),
    Wrong("03.central_difference", "/ 2 * eps: multiplies by eps", lambda: r11_cd_precedence),
    Wrong("03.central_difference", "float() of the float32 result", lambda: r11_cd_float_after),
    Wrong("03.central_difference", "eps/2 to each side", lambda: r11_cd_half_steps),
    Wrong("03.central_difference", "np.float32 point", lambda: r11_cd_float32),
    Wrong("03.central_difference", "x.item(): fails on a Python float", lambda: r11_cd_item),
    Wrong("03.central_difference", "jnp float64 without x64: float32", lambda: r11_cd_jnp),
    Wrong("03.central_difference", "backward difference", lambda: r11_cd_backward),
]
RIGHT_11 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.fix_slopes", "diag of the hessian of the sum", lambda: r11_curv_hessian_sum),
    Right("03.fix_slopes", "Python loop over points, jnp.array", lambda: r11_curv_loop),
    Right("03.fix_slopes", "t / 1 makes floats, then vmap", lambda: r11_curv_div),
    Right("03.fix_slopes", "grad of sum of grad of sum", lambda: r11_curv_nested_sum),
    Right("03.derivative_by_hand", "vmap over a lambda per point", lambda: r11_dg_vmap_lambda),
    Right("03.derivative_by_hand", "jax.jacobian with argnums=1", lambda: r11_dg_jacobian),
    Right("03.derivative_by_hand", "loop of grad(argnums=1), stacked", lambda: r11_dg_loop),
    Right("03.derivative_by_hand", "jacfwd in a, as float32", lambda: r11_dg_jacfwd),
    Right("03.central_difference", "np.float64 point", lambda: r11_cd_np64),
    Right("03.central_difference", "times 0.5 / h", lambda: r11_cd_mult),
    Right("03.central_difference", "fsum to a float, eps + eps", lambda: r11_cd_math),
]
