"""Round 15, lesson 03 (jax.grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the page's g
    return x**2 * jnp.cos(a * x)


# ---------------------------------------------------------- 03.fix_slopes


def r15_curv_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # grad of a vector still fails


def r15_curv_vmap_only(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)  # integers still refused


def r15_curv_first(f, t):
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32))  # f', not f''


def r15_curv_hessian(f, t):
    return jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # (n, n)


def r15_curv_float16(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float16))


def r15_curv_page_t(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(4.0))  # the page's t


def r15_curv_fd(f, t):
    h = 1e-2
    s = t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2


def r15_curv_back_to_int(f, t):
    out = jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float32))
    return out.astype(t.dtype)  # exact for s**3 at integers only


def r15_curv_list(f, t):
    return [jax.grad(jax.grad(f))(float(s)) for s in t]


def r15_curv_compose(f, t):
    d = jax.vmap(jax.grad(f))
    return d(d(t.astype(jnp.float32)))  # f'(f'(t)), not (f')'


def r15_curv_third(f, t):
    return jax.vmap(jax.grad(jax.grad(jax.grad(f))))(t.astype(jnp.float32))


def r15_curv_right_times_one(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t * 1.0)


def r15_curv_right_sum_trick(f, t):
    def df(s):
        return jax.grad(lambda u: jnp.sum(f(u)))(s)

    return jax.grad(lambda s: jnp.sum(df(s)))(jnp.asarray(t, dtype=jnp.float32))


def r15_curv_right_hess_diag(f, t):
    h = jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(float))
    return jnp.diagonal(h)


def r15_curv_right_loop(f, t):
    d2 = jax.grad(jax.grad(f))
    return jnp.array([d2(float(s)) for s in t], dtype=jnp.float32)


# --------------------------------------------------- 03.derivative_by_hand


def r15_dga_grad_x(x, a):
    return jax.grad(g)(x, a)


def r15_dga_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)  # argnums left at 0


def r15_dga_sum(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)  # one number


def r15_dga_formula(x, a):
    return -(x**3) * jnp.sin(a * x)


def r15_dga_formula_sign(x, a):
    return x**3 * jnp.sin(a * x)


def r15_dga_swapped(x, a):
    return jax.vmap(lambda xi: jax.grad(lambda b: g(b, xi))(a))(x)  # g(a, x)


def r15_dga_jac_x(x, a):
    return jnp.diag(jax.jacobian(g)(x, a))


def r15_dga_fd(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r15_dga_first_point(x, a):
    return jax.grad(lambda b: g(x[0], b))(a)


def r15_dga_vmap_both(x, a):
    return jax.vmap(jax.grad(lambda xi, b: g(xi, b), argnums=1))(x, a)


def r15_dga_right_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r15_dga_right_vmap_lambda(x, a):
    return jax.vmap(lambda xi: jax.grad(lambda b: g(xi, b))(a))(x)


def r15_dga_right_jacfwd(x, a):
    return jax.jacfwd(lambda b: g(x, b))(jnp.float32(a))


# --------------------------------------------------- 03.central_difference


def r15_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # x + eps stays float32


def r15_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r15_cd_no_two(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r15_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r15_cd_half_step(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r15_cd_jnp_float64(f, x, eps=1e-3):
    x = jnp.float64(x)  # float32 without jax_enable_x64
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r15_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r15_cd_jnp_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))  # float32 again


def r15_cd_np_asarray(f, x, eps=1e-3):
    x = np.asarray(x)  # float32 0-d array: x + eps stays float32
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r15_cd_richardson(f, x, eps=1e-3):
    x = float(x)
    return (8 * (f(x + eps) - f(x - eps)) - (f(x + 2 * eps) - f(x - 2 * eps))) / (12 * eps)


def r15_cd_right_np64(f, x, eps=1e-3):
    x = np.float64(x)
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r15_cd_right_item(f, x, eps=1e-3):
    if hasattr(x, "item"):
        x = x.item()
    lo, hi = f(x - eps), f(x + eps)
    return (hi - lo) / (eps + eps)


def r15_cd_right_split(f, x, eps=1e-3):
    x = float(x)
    return f(x + eps) / (2 * eps) - f(x - eps) / (2 * eps)


ROUND_15 = [
    Wrong("03.gradient", "A: each its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs", lambda: "C"),
    Wrong("03.gradient", "D: one input number only", lambda: "D"),
    Wrong("03.gradient", "lower case b", lambda: "b"),
    Wrong("03.gradient", "B with a full stop", lambda: "B."),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "B and its reason", lambda: "B: x**2 returns four numbers"),
    Wrong("03.gradient", "two letters, unsure", lambda: "BD"),
    Wrong("03.gradient", "the predicted array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.fix_slopes", "cast to float only: grad of a vector", lambda: r15_curv_cast_only),
    Wrong("03.fix_slopes", "vmap only: integers still", lambda: r15_curv_vmap_only),
    Wrong("03.fix_slopes", "one grad: f' instead of f''", lambda: r15_curv_first),
    Wrong("03.fix_slopes", "the full Hessian matrix", lambda: r15_curv_hessian),
    Wrong("03.fix_slopes", "cast to float16", lambda: r15_curv_float16),
    Wrong("03.fix_slopes", "the page's arange(4.0) instead of t", lambda: r15_curv_page_t),
    Wrong("03.fix_slopes", "second finite difference in float32", lambda: r15_curv_fd),
    Wrong("03.fix_slopes", "cast back to t's int dtype", lambda: r15_curv_back_to_int),
    Wrong("03.fix_slopes", "a Python list of grads", lambda: r15_curv_list),
    Wrong("03.fix_slopes", "f'(f'(t)) composed", lambda: r15_curv_compose),
    Wrong("03.fix_slopes", "third derivative", lambda: r15_curv_third),
    Wrong("03.derivative_by_hand", "jax.grad(g)(x, a): wrt x, vector", lambda: r15_dga_grad_x),
    Wrong("03.derivative_by_hand", "vmap grad(g): derivative wrt x", lambda: r15_dga_wrt_x),
    Wrong("03.derivative_by_hand", "grad of the sum over x: one number", lambda: r15_dga_sum),
    Wrong("03.derivative_by_hand", "formula by hand", lambda: r15_dga_formula),
    Wrong("03.derivative_by_hand", "formula by hand, sign lost", lambda: r15_dga_formula_sign),
    Wrong(
        "03.derivative_by_hand", "lambda calls g(b, xi): arguments swapped", lambda: r15_dga_swapped
    ),
    Wrong("03.derivative_by_hand", "diagonal of jacobian(g): wrt x", lambda: r15_dga_jac_x),
    Wrong("03.derivative_by_hand", "central difference in a, float32", lambda: r15_dga_fd),
    Wrong("03.derivative_by_hand", "only at x[0]", lambda: r15_dga_first_point),
    Wrong("03.derivative_by_hand", "vmap over a as well", lambda: r15_dga_vmap_both),
    Wrong("03.central_difference", "no float(x): steps in float32", lambda: r15_cd_no_float),
    Wrong("03.central_difference", "forward difference", lambda: r15_cd_forward),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r15_cd_no_two),
    Wrong("03.central_difference", "/ 2 * eps precedence", lambda: r15_cd_precedence),
    Wrong("03.central_difference", "half a step each side", lambda: r15_cd_half_step),
    Wrong(
        "03.central_difference", "jnp.float64(x): float32 without x64", lambda: r15_cd_jnp_float64
    ),
    Wrong("03.central_difference", "left minus right", lambda: r15_cd_sign),
    Wrong("03.central_difference", "result wrapped in jnp.asarray", lambda: r15_cd_jnp_result),
    Wrong("03.central_difference", "np.asarray(x) keeps float32", lambda: r15_cd_np_asarray),
    Wrong(
        "03.central_difference",
        "five-point stencil, not the central one",
        lambda: r15_cd_richardson,
    ),
]
RIGHT_15 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.fix_slopes", "t * 1.0 then vmap", lambda: r15_curv_right_times_one),
    Right("03.fix_slopes", "grad of the sum, twice", lambda: r15_curv_right_sum_trick),
    Right("03.fix_slopes", "diagonal of the Hessian", lambda: r15_curv_right_hess_diag),
    Right("03.fix_slopes", "Python loop, jnp.array float32", lambda: r15_curv_right_loop),
    Right("03.derivative_by_hand", "jacobian with argnums=1", lambda: r15_dga_right_jacobian),
    Right(
        "03.derivative_by_hand", "vmap of grad of a lambda in b", lambda: r15_dga_right_vmap_lambda
    ),
    Right("03.derivative_by_hand", "jacfwd in a", lambda: r15_dga_right_jacfwd),
    Right("03.central_difference", "np.float64(x)", lambda: r15_cd_right_np64),
    Right("03.central_difference", ".item(), eps + eps", lambda: r15_cd_right_item),
    Right("03.central_difference", "two quotients subtracted", lambda: r15_cd_right_split),
]
