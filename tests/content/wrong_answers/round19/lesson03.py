"""Round 19, lesson 03 (Differentiate with jax.grad): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


def g(x, a):  # the lesson's g, for 03.derivative_by_hand
    return x**2 * jnp.cos(a * x)


# ---- 03.gradient: jax.grad(lambda x: x**2)(p) on a vector p (B: an error) --------------

# (predictions only; see the lists below)

# ---- 03.fix_slopes: curvatures(f, t), f'' at every element of t, integer t too ---------


def r19_slopes_cast_only(f, t):
    return jax.grad(jax.grad(f))(t.astype(jnp.float32))  # floats now, still four outputs


def r19_slopes_sum_only(f, t):
    return jax.grad(jax.grad(lambda s: jnp.sum(f(s))))(t)  # summed, still integers


def r19_slopes_inner_sum(f, t):
    d1 = jax.grad(lambda s: jnp.sum(f(s)))
    return jax.grad(d1)(t.astype(jnp.float32))  # the outer grad meets a vector


def r19_slopes_first_derivative(f, t):
    return jax.grad(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # f', not f''


def r19_slopes_full_hessian(f, t):
    return jax.hessian(lambda s: jnp.sum(f(s)))(t.astype(jnp.float32))  # the whole matrix


def r19_slopes_back_to_int(f, t):
    s = t.astype(jnp.float32)
    d1 = jax.grad(lambda u: jnp.sum(f(u)))
    out = jax.grad(lambda u: jnp.sum(d1(u)))(s)
    return out.astype(t.dtype)  # "same dtype as t": truncated


def r19_slopes_third(f, t):
    d = lambda s: f(s)  # noqa: E731
    for _ in range(3):  # one grad too many: f'''
        d = jax.grad(d)
    return jax.vmap(d)(t.astype(jnp.float32))


def r19_slopes_float16(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t.astype(jnp.float16))  # half precision


def r19_slopes_finite_difference(f, t, h=1e-2):
    s = t.astype(jnp.float32)
    return (f(s + h) - 2 * f(s) + f(s - h)) / h**2  # a numerical f'', in float32


def r19_slopes_vmap_int(f, t):
    return jax.vmap(jax.grad(jax.grad(f)))(t)  # one problem fixed, the integers left


def r19_slopes_python_list(f, t):
    d2 = jax.grad(jax.grad(f))
    return [d2(float(ti)) for ti in t]  # a list of 0-d arrays


def r19_slopes_jacfwd_twice(f, t):
    return jax.jacfwd(jax.jacfwd(f))(t.astype(jnp.float32))  # an (n, n, n) tensor


def r19_slopes_hessian_diagonal_of_vector_f(f, t):
    return jnp.diagonal(jax.hessian(f)(t.astype(jnp.float32)))  # the wrong two axes


# right ones


def r19_slopes_sum_of_sum(f, t):
    s = jnp.asarray(t, dtype=float)
    d1 = jax.grad(lambda u: jnp.sum(f(u)))
    return jax.grad(lambda u: jnp.sum(d1(u)))(s)


def r19_slopes_vmap_flat(f, t):
    d2 = jax.vmap(jax.grad(jax.grad(f)))
    s = (t * 1.0).ravel()
    return d2(s).reshape(jnp.shape(t))


def r19_slopes_hessian_rows(f, t):
    s = t.astype(jnp.float32).reshape(-1)
    h = jax.hessian(lambda u: jnp.sum(f(u)))(s)
    return jnp.sum(h, axis=0).reshape(jnp.shape(t))  # off-diagonal is zero


def r19_slopes_loop(f, t):
    d2 = jax.grad(jax.grad(f))
    flat = [d2(float(ti)) for ti in np.asarray(t).ravel()]
    return jnp.array(flat, dtype=jnp.float32).reshape(jnp.shape(t))


# ---- 03.derivative_by_hand: dg_da(x, a), dg/da at every point of x ---------------------


def r19_dgda_wrt_x(x, a):
    return jax.vmap(jax.grad(g), in_axes=(0, None))(x, a)  # argnums left at 0: dg/dx


def r19_dgda_no_vmap(x, a):
    return jax.grad(g, argnums=1)(x, a)  # g of a vector is four numbers


def r19_dgda_summed(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(a)  # one number: the sum over x


def r19_dgda_by_hand(x, a):
    return -(x**3) * jnp.sin(a * x)  # worked out by hand


def r19_dgda_tuple_argnums(x, a):
    return jax.vmap(jax.grad(g, argnums=(1,)), in_axes=(0, None))(x, a)  # a tuple back


def r19_dgda_jacobian_x(x, a):
    return jax.jacobian(g)(x, a)  # Jacobian in x: an (n, n) matrix


def r19_dgda_vmap_both(x, a):
    return jax.vmap(jax.grad(g, argnums=1))(x, a)  # vmap over a float a too


def r19_dgda_finite_difference(x, a, h=1e-3):
    return (g(x, a + h) - g(x, a - h)) / (2 * h)  # numbers, not JAX's derivative


def r19_dgda_value_and_grad(x, a):
    return jax.vmap(jax.value_and_grad(g, argnums=1), in_axes=(0, None))(x, a)


def r19_dgda_one_based(x, a):
    return jax.vmap(jax.grad(g, argnums=2), in_axes=(0, None))(x, a)  # counted from 1


def r19_dgda_swapped_roles(x, a):
    g_a_first = lambda b, y: g(y, b)  # noqa: E731
    return jax.vmap(jax.grad(g_a_first), in_axes=(0, None))(x, a)  # then passed x first


def r19_dgda_numpy_loop(x, a):
    d = jax.grad(g, argnums=1)
    return np.array([float(d(xi, a)) for xi in x])  # a NumPy array back


# right ones


def r19_dgda_vectorize(x, a):
    return jnp.vectorize(jax.grad(g, argnums=1))(x, a)


def r19_dgda_jacfwd_in_a(x, a):
    return jax.jacfwd(g, argnums=1)(x, a)  # one column: x's shape


def r19_dgda_one_a_per_point(x, a):
    return jax.grad(lambda b: jnp.sum(g(x, b)))(jnp.full_like(x, a))


def r19_dgda_loop(x, a):
    d = jax.grad(lambda b, y: g(y, b))
    return jnp.stack([d(a, xi) for xi in x])


# ---- 03.central_difference: (f(x + eps) - f(x - eps)) / (2 eps), in Python floats -------


def r19_cd_forward(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x)) / eps


def r19_cd_no_two(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / eps  # forgot the 2


def r19_cd_keeps_array(f, x, eps=1e-3):
    return (f(x + eps) - f(x - eps)) / (2 * eps)  # x + eps stays float32 for an array x


def r19_cd_precedence(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps) - f(x - eps)) / 2 * eps  # / 2 * eps multiplies by eps


def r19_cd_backward(f, x, eps=1e-3):
    x = float(x)
    return (f(x) - f(x - eps)) / eps


def r19_cd_half_steps(f, x, eps=1e-3):
    x = float(x)
    return (f(x + eps / 2) - f(x - eps / 2)) / eps  # eps in all, not eps to each side


def r19_cd_item(f, x, eps=1e-3):
    x = x.item()  # fine for the jax array, not for a Python float
    return (f(x + eps) - f(x - eps)) / (2 * eps)


def r19_cd_sign(f, x, eps=1e-3):
    x = float(x)
    return (f(x - eps) - f(x + eps)) / (2 * eps)


def r19_cd_fixed_eps(f, x, eps=1e-3):
    x, h = float(x), 1e-3  # the step from the page, not the one given
    return (f(x + h) - f(x - h)) / (2 * h)


def r19_cd_five_point(f, x, eps=1e-3):
    x = float(x)
    return (f(x - 2 * eps) - 8 * f(x - eps) + 8 * f(x + eps) - f(x + 2 * eps)) / (12 * eps)


def r19_cd_float32(f, x, eps=1e-3):
    x = np.float32(x)
    e = np.float32(eps)
    return (f(x + e) - f(x - e)) / (2 * e)  # every step in float32


def r19_cd_grad(f, x, eps=1e-3):
    return float(jax.grad(f)(float(x)))  # JAX's derivative, not a finite difference


# right ones


def r19_cd_numpy64(f, x, eps=1e-3):
    x = np.float64(x)
    return float((f(x + eps) - f(x - eps)) / (2.0 * eps))


def r19_cd_hasattr(f, x, eps=1e-3):
    if hasattr(x, "item"):
        x = x.item()
    left, right = f(x - eps), f(x + eps)
    return (right - left) / (eps + eps)


def r19_cd_halved(f, x, eps=1e-3):
    x0 = float(x)
    return 0.5 * (f(x0 + eps) - f(x0 - eps)) / eps


ROUND_19 = [
    # 03.gradient
    Wrong("03.gradient", "A: each element gets its own slope", lambda: "A"),
    Wrong("03.gradient", "C: grad sums the outputs first", lambda: "C"),
    Wrong("03.gradient", "D: grad takes one number only", lambda: "D"),
    Wrong("03.gradient", "both options with that result, AC", lambda: "AC"),
    Wrong("03.gradient", "both error options, BD", lambda: "BD"),
    Wrong("03.gradient", "undecided between A and C", lambda: "A or C"),
    Wrong("03.gradient", "typed 'error', no letter", lambda: "error"),
    Wrong("03.gradient", "typed the vector as text", lambda: "[6., -2., 1., 4.]"),
    Wrong(
        "03.gradient", "the predicted values as an array", lambda: jnp.array([6.0, -2.0, 1.0, 4.0])
    ),
    Wrong("03.gradient", "wrote the formula 2p", lambda: "2p"),
    # 03.fix_slopes
    Wrong("03.fix_slopes", "cast to float, grad of a vector left", lambda: r19_slopes_cast_only),
    Wrong("03.fix_slopes", "summed f, integers left", lambda: r19_slopes_sum_only),
    Wrong("03.fix_slopes", "sum inside only, outer grad of a vector", lambda: r19_slopes_inner_sum),
    Wrong("03.fix_slopes", "one grad: f' instead of f''", lambda: r19_slopes_first_derivative),
    Wrong("03.fix_slopes", "the full Hessian matrix", lambda: r19_slopes_full_hessian),
    Wrong("03.fix_slopes", "cast the result back to t's int dtype", lambda: r19_slopes_back_to_int),
    Wrong("03.fix_slopes", "three grads: another variant's f'''", lambda: r19_slopes_third),
    Wrong("03.fix_slopes", "vmap in float16", lambda: r19_slopes_float16),
    Wrong(
        "03.fix_slopes", "second finite difference in float32", lambda: r19_slopes_finite_difference
    ),
    Wrong("03.fix_slopes", "vmap over the int t", lambda: r19_slopes_vmap_int),
    Wrong("03.fix_slopes", "a Python list of values", lambda: r19_slopes_python_list),
    Wrong("03.fix_slopes", "jacfwd twice: (n, n, n)", lambda: r19_slopes_jacfwd_twice),
    Wrong(
        "03.fix_slopes",
        "jnp.diagonal of the vector f's hessian",
        lambda: r19_slopes_hessian_diagonal_of_vector_f,
    ),
    # 03.derivative_by_hand
    Wrong("03.derivative_by_hand", "argnums left at 0: dg/dx", lambda: r19_dgda_wrt_x),
    Wrong("03.derivative_by_hand", "argnums=1, no vmap: vector output", lambda: r19_dgda_no_vmap),
    Wrong("03.derivative_by_hand", "grad of the sum over x: one number", lambda: r19_dgda_summed),
    Wrong("03.derivative_by_hand", "the formula -x^3 sin(ax) by hand", lambda: r19_dgda_by_hand),
    Wrong(
        "03.derivative_by_hand", "argnums=(1,): a tuple comes back", lambda: r19_dgda_tuple_argnums
    ),
    Wrong("03.derivative_by_hand", "jax.jacobian in x: (n, n)", lambda: r19_dgda_jacobian_x),
    Wrong("03.derivative_by_hand", "vmap with in_axes=0 for a too", lambda: r19_dgda_vmap_both),
    Wrong("03.derivative_by_hand", "central difference in a", lambda: r19_dgda_finite_difference),
    Wrong("03.derivative_by_hand", "value_and_grad: a pair back", lambda: r19_dgda_value_and_grad),
    Wrong("03.derivative_by_hand", "argnums=2, counting from 1", lambda: r19_dgda_one_based),
    Wrong(
        "03.derivative_by_hand",
        "reordered g, called in the old order",
        lambda: r19_dgda_swapped_roles,
    ),
    Wrong("03.derivative_by_hand", "loop of floats into np.array", lambda: r19_dgda_numpy_loop),
    # 03.central_difference
    Wrong("03.central_difference", "forward difference", lambda: r19_cd_forward),
    Wrong("03.central_difference", "divided by eps, not 2 eps", lambda: r19_cd_no_two),
    Wrong("03.central_difference", "no float(x): float32 for array x", lambda: r19_cd_keeps_array),
    Wrong("03.central_difference", "/ 2 * eps: precedence slip", lambda: r19_cd_precedence),
    Wrong("03.central_difference", "backward difference", lambda: r19_cd_backward),
    Wrong("03.central_difference", "half a step each side", lambda: r19_cd_half_steps),
    Wrong("03.central_difference", "x.item(): breaks on a Python float", lambda: r19_cd_item),
    Wrong("03.central_difference", "left minus right: sign flipped", lambda: r19_cd_sign),
    Wrong("03.central_difference", "step fixed at 1e-3, eps ignored", lambda: r19_cd_fixed_eps),
    Wrong(
        "03.central_difference",
        "five-point stencil, not the central one",
        lambda: r19_cd_five_point,
    ),
    Wrong("03.central_difference", "np.float32 all the way", lambda: r19_cd_float32),
    Wrong("03.central_difference", "jax.grad instead of a difference", lambda: r19_cd_grad),
]

RIGHT_19 = [
    Right("03.gradient", "lower case with a space", lambda: " b"),
    Right("03.gradient", "B with a full stop", lambda: "B."),
    Right("03.gradient", "plain B", lambda: "B"),
    Right("03.fix_slopes", "grad of sum of grad of sum", lambda: r19_slopes_sum_of_sum),
    Right("03.fix_slopes", "vmap on t * 1.0, flattened and reshaped", lambda: r19_slopes_vmap_flat),
    Right("03.fix_slopes", "Hessian of the sum, rows summed", lambda: r19_slopes_hessian_rows),
    Right("03.fix_slopes", "a Python loop of float points", lambda: r19_slopes_loop),
    Right("03.derivative_by_hand", "jnp.vectorize of grad in a", lambda: r19_dgda_vectorize),
    Right("03.derivative_by_hand", "jacfwd with argnums=1", lambda: r19_dgda_jacfwd_in_a),
    Right(
        "03.derivative_by_hand",
        "grad of the sum, one a per point",
        lambda: r19_dgda_one_a_per_point,
    ),
    Right(
        "03.derivative_by_hand", "loop of grads, a made the first argument", lambda: r19_dgda_loop
    ),
    Right("03.central_difference", "np.float64 point, float result", lambda: r19_cd_numpy64),
    Right("03.central_difference", ".item() only when x has one", lambda: r19_cd_hasattr),
    Right("03.central_difference", "0.5 times the difference over eps", lambda: r19_cd_halved),
]
