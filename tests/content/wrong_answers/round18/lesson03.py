"""Round 18, lesson 03 (Differentiate with jax.grad): answers from the lesson's text alone."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 03.gradient: predict grad of x**2 at a vector (B) --------------------------------
# (string answers; see the lists below)

# ---- 03.fix_slopes: f'' at every element of t, integer t too ---------------------------


def r18_fix_slopes_vmap_only(f, t):
    # fixed the vector output, not the integers
    return jax.vmap(jax.grad(jax.grad(f)))(t)


def r18_fix_slopes_cast_only(f, t):
    # fixed the integers, not the vector output
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))


def r18_fix_slopes_first_derivative(f, t):
    # one grad: the slopes, not the curvatures
    return jax.vmap(jax.grad(f))(t.astype(jnp.float32))


def r18_fix_slopes_inner_sum_only(f, t):
    # summed inside, but the outer grad still sees a vector
    return jax.grad(jax.grad(lambda u: jnp.sum(f(u))))(t.astype(jnp.float32))


def r18_fix_slopes_double_jacobian(f, t):
    # jacobian of jacobian: an n x n x n array
    return jax.jacobian(jax.jacobian(f))(t.astype(jnp.float32))


def r18_fix_slopes_float16(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float16))


def r18_fix_slopes_cast_result(f, t):
    # casts the output to float instead of the input
    return jax.vmap(jax.grad(jax.grad(f)))(t).astype(jnp.float32)


def r18_fix_slopes_list(f, t):
    return [jax.grad(jax.grad(f))(float(ti)) for ti in t]


def r18_fix_slopes_hessian_matrix(f, t):
    # hessian of the sum: the diagonal matrix, not its diagonal
    return jax.hessian(lambda u: jnp.sum(f(u)))(t.astype(jnp.float32))


def r18_fix_slopes_second_difference(f, t):
    # finite second difference instead of grad
    u = t.astype(jnp.float32)
    h = 1e-2
    return (f(u + h) - 2 * f(u) + f(u - h)) / h**2


def r18_fix_slopes_rebuilt_arange(f, t):
    # rebuilt the points from len(t): right only for arange inputs
    return jax.vmap(jax.grad(jax.grad(f)))(jnp.arange(len(t), dtype=jnp.float32))


def r18_fix_slopes_third(f, t):
    # the other variant: three grads
    return jax.vmap(jax.grad(jax.grad(jax.grad(f))))(t.astype(jnp.float32))


def r18_fix_slopes_cast_inside(f, t):
    # casts inside the differentiated function: grad still sees ints
    return jax.vmap(jax.grad(jax.grad(lambda s: f(s.astype(jnp.float32)))))(t)


# right ones


def r18_fix_slopes_right_grad_of_sums(f, t):
    # f works element by element, so grad of a sum is the elementwise slope
    u = jnp.asarray(t, dtype=jnp.float32)
    slope = jax.grad(lambda v: jnp.sum(f(v)))
    return jax.grad(lambda v: jnp.sum(slope(v)))(u)


def r18_fix_slopes_right_vmap_hessian(f, t):
    u = t * 1.0
    return jax.vmap(jax.hessian(f))(u.ravel()).reshape(t.shape)


def r18_fix_slopes_right_loop(f, t):
    second = jax.grad(jax.grad(f))
    return jnp.array([second(float(ti)) for ti in t])


def r18_fix_slopes_right_hessian_diag(f, t):
    return jnp.diag(jax.hessian(lambda u: jnp.sum(f(u)))(t.astype(float)))


# ---- 03.derivative_by_hand: dg/da at each x ---------------------------------------------


def g(x, a):
    return x**2 * jnp.cos(a * x)


def r18_dg_da_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)


def r18_dg_da_wrt_x(x, a):
    # argnums left at 0: dg/dx
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)


def r18_dg_da_summed(x, a):
    # grad of the sum over x: one number
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)


def r18_dg_da_no_vmap(x, a):
    return jax.grad(g, argnums=1)(x, a)


def r18_dg_da_vmap_both(x, a):
    # in_axes=0 for a Python float too
    return jax.vmap(jax.grad(g, argnums=1))(x, a)


def r18_dg_da_argnums_two(x, a):
    # "the second argument" as argnums=2
    return jax.vmap(jax.grad(g, argnums=2), in_axes=(0, None))(x, a)


def r18_dg_da_finite_difference(x, a):
    h = 1e-3
    return (g(x, a + h) - g(x, a - h)) / (2 * h)


def r18_dg_da_value_and_grad(x, a):
    # value_and_grad: a (values, grads) pair
    return jax.vmap(jax.value_and_grad(g, argnums=1), in_axes=(0, None))(x, a)


def r18_dg_da_jacobian_x(x, a):
    # jacobian with respect to x: an n x n matrix
    return jax.jacobian(g)(x, a)


def r18_dg_da_both_argnums(x, a):
    return jax.vmap(jax.grad(g, argnums=(0, 1)), in_axes=(0, None))(x, a)


def r18_dg_da_fixed_a(x, a):
    # a = 1.0 left in from testing
    return jax.vmap(jax.grad(g, argnums=1), in_axes=(0, None))(x, 1.0)


# right ones


def r18_dg_da_right_jacobian(x, a):
    return jax.jacobian(g, argnums=1)(x, a)


def r18_dg_da_right_jvp(x, a):
    a = jnp.float32(a)
    return jax.jvp(lambda b: g(x, b), (a,), (jnp.ones_like(a),))[1]


def r18_dg_da_right_closure_vmap(x, a):
    return jax.vmap(lambda xi: jax.grad(lambda b: g(xi, b))(a))(x)


def r18_dg_da_right_loop(x, a):
    d = jax.grad(g, argnums=1)
    return jnp.stack([d(xi, a) for xi in x])


# ---- 03.central_difference: (f(x+eps) - f(x-eps)) / (2 eps) in Python floats ------------


def r18_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r18_cd_over_eps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps


def r18_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps


def r18_cd_no_float(f, x, eps=1e-3):
    # a float32 x stays float32 in x + eps
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r18_cd_backward(f, x, eps=1e-3):
    x = float(x)
    return (f(x) - f(x - eps)) / eps


def r18_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r18_cd_half_steps(f, x, eps=1e-3):
    # eps split between the two sides
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps


def r18_cd_grad(f, x, eps=1e-3):
    return jax.grad(f)(float(x))


def r18_cd_jnp_result(f, x, eps=1e-3):
    x = float(x)
    return jnp.array((f(x + eps) - f(x - eps)) / (2 * eps))


def r18_cd_five_point(f, x, eps=1e-3):
    x = float(x)
    return (-f(x + 2 * eps) + 8 * f(x + eps) - 8 * f(x - eps) + f(x - 2 * eps)) / (12 * eps)


def r18_cd_int(f, x, eps=1e-3):
    x = int(x)
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r18_cd_fixed_eps(f, x, eps=1e-3):
    # ignores the eps it is given
    x = float(x)
    return (f(x + 1e-3) - f(x - 1e-3)) / 2e-3


# right ones


def r18_cd_right_mean_of_one_sided(f, x, eps=1e-3):
    x = float(x)
    fx = f(x)
    return ((f(x + eps) - fx) / eps + (fx - f(x - eps)) / eps) / 2


def r18_cd_right_item(f, x, eps=1e-3):
    x0 = x.item() if hasattr(x, "item") else x
    left, right = f(x0 - eps), f(x0 + eps)
    return (right - left) / (eps + eps)


def r18_cd_right_np_float64(f, x, eps=1e-3):
    x = np.float64(x)
    return float((f(x + eps) - f(x - eps)) / 2 / eps)


def r18_cd_right_math_fsum(f, x, eps=1e-3):
    x = float(x)
    return math.fsum([f(x + eps), -f(x - eps)]) / (2.0 * eps)


ROUND_18 = [
    # 03.gradient
    Wrong("03.gradient", "A: each output gets its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: grad wants one input number", lambda: "D"),
    Wrong("03.gradient", "AC: both options with the slopes", lambda: "AC"),
    Wrong("03.gradient", "BD: both error options", lambda: "BD"),
    Wrong("03.gradient", "gave the slopes array itself", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])),
    Wrong("03.gradient", "typed the error name", lambda: "TypeError"),
    Wrong("03.gradient", "typed the slopes as text", lambda: "[6, -2, 1, 4]"),
    Wrong("03.gradient", "lower-case c with a dot", lambda: "c."),
    Wrong("03.gradient", "typed 2p", lambda: "2p"),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "vmap added, integers left", lambda: r18_fix_slopes_vmap_only),
    Wrong("03.fix_slopes", "cast to float, no vmap", lambda: r18_fix_slopes_cast_only),
    Wrong("03.fix_slopes", "one grad: first derivative", lambda: r18_fix_slopes_first_derivative),
    Wrong(
        "03.fix_slopes", "sum inside, outer grad on a vector", lambda: r18_fix_slopes_inner_sum_only
    ),
    Wrong(
        "03.fix_slopes", "jacobian of jacobian: n x n x n", lambda: r18_fix_slopes_double_jacobian
    ),
    Wrong("03.fix_slopes", "cast to float16", lambda: r18_fix_slopes_float16),
    Wrong("03.fix_slopes", "cast the result, not the input", lambda: r18_fix_slopes_cast_result),
    Wrong("03.fix_slopes", "returned a Python list", lambda: r18_fix_slopes_list),
    Wrong(
        "03.fix_slopes",
        "hessian of the sum, no diagonal taken",
        lambda: r18_fix_slopes_hessian_matrix,
    ),
    Wrong(
        "03.fix_slopes",
        "finite second difference, h = 1e-2",
        lambda: r18_fix_slopes_second_difference,
    ),
    Wrong("03.fix_slopes", "points rebuilt from len(t)", lambda: r18_fix_slopes_rebuilt_arange),
    Wrong("03.fix_slopes", "three grads: the f''' variant", lambda: r18_fix_slopes_third),
    Wrong(
        "03.fix_slopes",
        "astype inside the differentiated lambda",
        lambda: r18_fix_slopes_cast_inside,
    ),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "worked out -x**3 sin(ax) by hand", lambda: r18_dg_da_by_hand),
    Wrong("03.derivative_by_hand", "argnums left at 0: dg/dx", lambda: r18_dg_da_wrt_x),
    Wrong("03.derivative_by_hand", "grad of the sum over x: a scalar", lambda: r18_dg_da_summed),
    Wrong(
        "03.derivative_by_hand",
        "grad(g, argnums=1) on the vector, no vmap",
        lambda: r18_dg_da_no_vmap,
    ),
    Wrong("03.derivative_by_hand", "vmap with in_axes=0 for a too", lambda: r18_dg_da_vmap_both),
    Wrong(
        "03.derivative_by_hand", "argnums=2 for the second argument", lambda: r18_dg_da_argnums_two
    ),
    Wrong("03.derivative_by_hand", "central difference in a", lambda: r18_dg_da_finite_difference),
    Wrong(
        "03.derivative_by_hand", "value_and_grad: returns a pair", lambda: r18_dg_da_value_and_grad
    ),
    Wrong(
        "03.derivative_by_hand", "jax.jacobian(g): n x n, w.r.t. x", lambda: r18_dg_da_jacobian_x
    ),
    Wrong(
        "03.derivative_by_hand", "argnums=(0, 1): both gradients", lambda: r18_dg_da_both_argnums
    ),
    Wrong("03.derivative_by_hand", "a = 1.0 hard-coded from testing", lambda: r18_dg_da_fixed_a),
    # 03.central_difference
    Wrong("03.central_difference", "forward difference, as in the lesson", lambda: r18_cd_forward),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r18_cd_over_eps),
    Wrong("03.central_difference", "/ 2 * eps: precedence slip", lambda: r18_cd_precedence),
    Wrong("03.central_difference", "no float(x): float32 x stays float32", lambda: r18_cd_no_float),
    Wrong("03.central_difference", "backward difference", lambda: r18_cd_backward),
    Wrong("03.central_difference", "f(x - eps) - f(x + eps): sign flipped", lambda: r18_cd_sign),
    Wrong("03.central_difference", "half a step to each side", lambda: r18_cd_half_steps),
    Wrong("03.central_difference", "returned jax.grad(f)(x)", lambda: r18_cd_grad),
    Wrong("03.central_difference", "wrapped the result in jnp.array", lambda: r18_cd_jnp_result),
    Wrong("03.central_difference", "five-point stencil instead", lambda: r18_cd_five_point),
    Wrong("03.central_difference", "int(x) instead of float(x)", lambda: r18_cd_int),
    Wrong("03.central_difference", "hard-coded 1e-3, ignores eps", lambda: r18_cd_fixed_eps),
]

RIGHT_18 = [
    Right("03.gradient", "lower-case b", lambda: "b"),
    Right("03.gradient", "B with spaces around", lambda: " B "),
    Right("03.gradient", "B with a full stop", lambda: "B."),
    Right("03.fix_slopes", "grad of a sum, twice", lambda: r18_fix_slopes_right_grad_of_sums),
    Right(
        "03.fix_slopes", "vmap of jax.hessian on t * 1.0", lambda: r18_fix_slopes_right_vmap_hessian
    ),
    Right("03.fix_slopes", "loop over Python floats, jnp.array", lambda: r18_fix_slopes_right_loop),
    Right(
        "03.fix_slopes",
        "diagonal of the hessian of the sum",
        lambda: r18_fix_slopes_right_hessian_diag,
    ),
    Right("03.derivative_by_hand", "jax.jacobian with argnums=1", lambda: r18_dg_da_right_jacobian),
    Right("03.derivative_by_hand", "forward mode: jax.jvp in a", lambda: r18_dg_da_right_jvp),
    Right(
        "03.derivative_by_hand",
        "vmap of a closure over each x",
        lambda: r18_dg_da_right_closure_vmap,
    ),
    Right("03.derivative_by_hand", "Python loop, jnp.stack", lambda: r18_dg_da_right_loop),
    Right(
        "03.central_difference",
        "mean of forward and backward",
        lambda: r18_cd_right_mean_of_one_sided,
    ),
    Right("03.central_difference", ".item() for the point", lambda: r18_cd_right_item),
    Right("03.central_difference", "np.float64 point, / 2 / eps", lambda: r18_cd_right_np_float64),
    Right("03.central_difference", "math.fsum of the two values", lambda: r18_cd_right_math_fsum),
]
