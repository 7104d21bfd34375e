"""Round 17, lesson 03 (Differentiate with jax.grad): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the page's g
    return x**2 * jnp.cos(a * x)


# ---- 03.fix_slopes: f'' at every element of t, integer t too --------------------------------


def r17_curv_only_float(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # fixed the dtype, not the shape


def r17_curv_only_sum(f, t):
    def slopes(s):
        return jax.grad(lambda u: jnp.sum(f(u)))(s)

    return jax.grad(lambda s: jnp.sum(slopes(s)))(t)  # fixed the shape, not the dtype


def r17_curv_outer_sum_only(f, t):
    return jax.grad(jax.grad(lambda s: jnp.sum(f(s))))(t * 1.0)


def r17_curv_first_derivative(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))


def r17_curv_full_jacobian(f, t):
    t = t.astype(jnp.float32)
    return jax.jacobian(jax.grad(lambda s: jnp.sum(f(s))))(t)  # the (n, n) matrix


def r17_curv_mean(f, t):
    t = t.astype(jnp.float32)
    slopes = jax.grad(lambda s: jnp.mean(f(s)))
    return jax.grad(lambda s: jnp.mean(slopes(s)))(t)  # each mean divides by n


def r17_curv_inner_mean(f, t):
    t = t.astype(jnp.float32)
    slopes = jax.grad(lambda s: jnp.mean(f(s)))
    return jax.grad(lambda s: jnp.sum(slopes(s)))(t)


def r17_curv_list(f, t):
    return [jax.grad(jax.grad(f))(float(v)) for v in t]


def r17_curv_back_to_int(f, t):
    s = t.astype(jnp.float32)
    slopes = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda u: jnp.sum(slopes(u)))(s).astype(t.dtype)


def r17_curv_third(f, t):
    s = t.astype(jnp.float32)
    d1 = jax.grad(lambda u: jnp.sum(f(u)))
    d2 = jax.grad(lambda u: jnp.sum(d1(u)))
    return jax.grad(lambda u: jnp.sum(d2(u)))(s)  # one grad too many


def r17_curv_right_weak(f, t):
    first = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda u: jnp.sum(first(u)))(t * 1.0)


def r17_curv_right_hessian_rows(f, t):
    h = jax.hessian(lambda u: jnp.sum(f(u)))(jnp.asarray(t, dtype=jnp.float32))
    return h.sum(axis=0)  # diagonal Hessian: each column sums to its diagonal entry


def r17_curv_right_loop(f, t):
    second = jax.grad(jax.grad(f))
    return jnp.array([second(float(v)) for v in t], dtype=jnp.float32).reshape(t.shape)


# ---- 03.derivative_by_hand: dg/da at every x ------------------------------------------------


def r17_dgda_wrt_x(x, a):
    return jax.grad(lambda x: jnp.sum(g(x, a)))(x)  # the sum trick on the wrong argument


def r17_dgda_summed(x, a):
    return jax.grad(lambda a: jnp.sum(g(x, a)))(a)


def r17_dgda_summed_broadcast(x, a):
    return jax.grad(lambda a: jnp.sum(g(x, a)))(a) * jnp.ones_like(x)


def r17_dgda_mean_broadcast(x, a):
    return jnp.full_like(x, jax.grad(lambda a: jnp.mean(g(x, a)))(a))


def r17_dgda_argnums_vector(x, a):
    return jax.grad(g, argnums=1)(x, a)  # g returns a vector: error


def r17_dgda_jacobian_x(x, a):
    return jnp.diag(jax.jacobian(g)(x, a))  # argnums defaults to 0: dg/dx


def r17_dgda_swapped_call(x, a):
    freqs = jnp.full_like(x, a)
    return jax.grad(lambda f: jnp.sum(g(f, x)))(freqs)  # g(f, x): arguments swapped


def r17_dgda_mean_vector(x, a):
    freqs = jnp.full_like(x, a)
    return jax.grad(lambda f: jnp.mean(g(x, f)))(freqs)  # mean divides by len(x)


def r17_dgda_hand(x, a):
    return -(x**3) * jnp.sin(a * x)  # right numbers, worked out by hand


def r17_dgda_hand_slip(x, a):
    return -(x**2) * jnp.sin(a * x)  # chain rule's inner factor x forgotten


def r17_dgda_inner_arg(x, a):
    return jax.grad(lambda u: jnp.sum(x**2 * jnp.cos(u)))(a * x)  # d/d(ax), not d/da


def r17_dgda_finite(x, a):
    eps = 1e-3
    return (g(x, a + eps) - g(x, a - eps)) / (2 * eps)  # float32 finite difference


def r17_dgda_loop_default_arg(x, a):
    return jnp.array([jax.grad(g)(xi, a) for xi in x])  # argnums 0 again


def r17_dgda_column(x, a):
    return jax.jacobian(g, argnums=1)(x, jnp.array([a]))  # shape (n, 1)


def r17_dgda_right_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r17_dgda_right_loop(x, a):
    d = jax.grad(lambda aa, xx: g(xx, aa))
    return jnp.stack([d(a, xi) for xi in x]) if x.size else jnp.zeros_like(x)


def r17_dgda_right_full(x, a):
    return jax.grad(lambda f: g(x, f).sum())(a + jnp.zeros_like(x))


# ---- 03.central_difference ------------------------------------------------------------------


def r17_cd_no_float(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # float32 arithmetic for a jax x


def r17_cd_float_at_end(f, x, eps=1e-3):
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r17_cd_one_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r17_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r17_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r17_cd_jnp_float64(f, x, eps=1e-3):
    x = jnp.float64(x)  # float32 without jax_enable_x64
    return float((f(x + eps) - f(x - eps)) / (2 * eps))


def r17_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r17_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r17_cd_item(f, x, eps=1e-3):
    x = x.item()  # a Python float has no .item()
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r17_cd_jax_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.asarray((f(x + eps) - f(x - eps)) / (2 * eps))


def r17_cd_grad(f, x, eps=1e-3):
    return float(jax.grad(f)(float(x)))


def r17_cd_right_average(f, x, eps=1e-3):
    x = float(x)
    fx = f(x)
    return ((f(x + eps) - fx) / eps + (fx - f(x - eps)) / eps) / 2


def r17_cd_right_np64(f, x, eps=1e-3):
    x = np.float64(x)
    return (f(x + eps) - f(x - eps)) / (eps + eps)


def r17_cd_right_lambda(f, x, eps=1e-3):
    h = float(eps)
    p = float(x)
    return 0.5 * (f(p + h) - f(p - h)) / h


eps = 1e-3  # the page's global step


def r17_cd_global_eps(f, x, step=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # the page's eps, whatever step is asked


ROUND_17 = [
    Wrong("03.gradient", "A: grad gives each output its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs like a loss", lambda: "C"),
    Wrong("03.gradient", "D: grad only differentiates w.r.t. one number", lambda: "D"),
    Wrong("03.gradient", "lower-case b", lambda: "b"),
    Wrong("03.gradient", "B with its reason typed after", lambda: "B: x**2 returns four numbers"),
    Wrong("03.gradient", "the word error", lambda: "error"),
    Wrong("03.gradient", "BD: both errors", lambda: "BD"),
    Wrong("03.gradient", "option B", lambda: "option B"),
    Wrong(
        "03.fix_slopes",
        "casts t to float, grad(grad(f)) still on a vector",
        lambda: r17_curv_only_float,
    ),
    Wrong("03.fix_slopes", "sums both levels, integer t left as is", lambda: r17_curv_only_sum),
    Wrong(
        "03.fix_slopes",
        "sum only inside: outer grad gets a vector",
        lambda: r17_curv_outer_sum_only,
    ),
    Wrong("03.fix_slopes", "stops after one grad: f' not f''", lambda: r17_curv_first_derivative),
    Wrong(
        "03.fix_slopes", "jacobian of the slopes: the (n, n) matrix", lambda: r17_curv_full_jacobian
    ),
    Wrong("03.fix_slopes", "mean at both levels: divided by n twice", lambda: r17_curv_mean),
    Wrong("03.fix_slopes", "mean inside, sum outside: divided by n", lambda: r17_curv_inner_mean),
    Wrong("03.fix_slopes", "a Python list of grad(grad(f)) per element", lambda: r17_curv_list),
    Wrong("03.fix_slopes", "casts the result back to t's int dtype", lambda: r17_curv_back_to_int),
    Wrong("03.fix_slopes", "three nested grads: f''' instead of f''", lambda: r17_curv_third),
    Wrong("03.derivative_by_hand", "sum trick on x: dg/dx", lambda: r17_dgda_wrt_x),
    Wrong("03.derivative_by_hand", "grad of the sum w.r.t. a: one number", lambda: r17_dgda_summed),
    Wrong(
        "03.derivative_by_hand",
        "summed dg/da copied to every point",
        lambda: r17_dgda_summed_broadcast,
    ),
    Wrong(
        "03.derivative_by_hand", "mean dg/da copied to every point", lambda: r17_dgda_mean_broadcast
    ),
    Wrong(
        "03.derivative_by_hand",
        "grad(g, argnums=1) on a vector output",
        lambda: r17_dgda_argnums_vector,
    ),
    Wrong(
        "03.derivative_by_hand",
        "diag of jacobian(g): argnums 0, dg/dx",
        lambda: r17_dgda_jacobian_x,
    ),
    Wrong(
        "03.derivative_by_hand",
        "frequencies array passed as g's first arg",
        lambda: r17_dgda_swapped_call,
    ),
    Wrong(
        "03.derivative_by_hand", "per-point frequencies, mean not sum", lambda: r17_dgda_mean_vector
    ),
    Wrong("03.derivative_by_hand", "formula by hand, -x**3 sin(ax)", lambda: r17_dgda_hand),
    Wrong("03.derivative_by_hand", "by hand, inner factor x forgotten", lambda: r17_dgda_hand_slip),
    Wrong("03.derivative_by_hand", "grad w.r.t. a*x, not a", lambda: r17_dgda_inner_arg),
    Wrong("03.derivative_by_hand", "float32 central difference in a", lambda: r17_dgda_finite),
    Wrong(
        "03.derivative_by_hand",
        "loop over points, grad(g) w.r.t. x",
        lambda: r17_dgda_loop_default_arg,
    ),
    Wrong("03.derivative_by_hand", "a wrapped in an array: (n, 1) column", lambda: r17_dgda_column),
    Wrong("03.central_difference", "x not converted: float32 for a jax x", lambda: r17_cd_no_float),
    Wrong(
        "03.central_difference", "float() of the float32 result only", lambda: r17_cd_float_at_end
    ),
    Wrong("03.central_difference", "divides by eps, not 2 eps", lambda: r17_cd_one_eps),
    Wrong("03.central_difference", "/ 2 * eps: multiplies by eps", lambda: r17_cd_precedence),
    Wrong("03.central_difference", "the forward difference from the page", lambda: r17_cd_forward),
    Wrong(
        "03.central_difference", "jnp.float64(x): float32 without x64", lambda: r17_cd_jnp_float64
    ),
    Wrong("03.central_difference", "backward minus forward: sign flipped", lambda: r17_cd_sign),
    Wrong(
        "03.central_difference", "eps/2 to each side, total width eps", lambda: r17_cd_half_steps
    ),
    Wrong("03.central_difference", "x.item(): fails for a Python float x", lambda: r17_cd_item),
    Wrong(
        "03.central_difference", "right number wrapped in jnp.asarray", lambda: r17_cd_jax_result
    ),
    Wrong("03.central_difference", "jax.grad instead of the estimate", lambda: r17_cd_grad),
    Wrong(
        "03.central_difference",
        "third parameter renamed, body uses the global eps",
        lambda: r17_cd_global_eps,
    ),
]

RIGHT_17 = [
    Right("03.gradient", "B", lambda: "B"),
    Right("03.fix_slopes", "t * 1.0, grad of sum of grad of sum", lambda: r17_curv_right_weak),
    Right("03.fix_slopes", "Hessian of the sum, column sums", lambda: r17_curv_right_hessian_rows),
    Right("03.fix_slopes", "Python loop of grad(grad(f)) on floats", lambda: r17_curv_right_loop),
    Right("03.derivative_by_hand", "jax.jacobian(g, argnums=1)", lambda: r17_dgda_right_jacobian),
    Right(
        "03.derivative_by_hand", "loop, grad of a lambda with a first", lambda: r17_dgda_right_loop
    ),
    Right(
        "03.derivative_by_hand", "a + zeros_like(x), grad of .sum()", lambda: r17_dgda_right_full
    ),
    Right("03.central_difference", "average of forward and backward", lambda: r17_cd_right_average),
    Right(
        "03.central_difference", "np.float64(x), divided by eps + eps", lambda: r17_cd_right_np64
    ),
    Right("03.central_difference", "0.5 * difference / h", lambda: r17_cd_right_lambda),
]
