"""Round 5, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 12.jacobian_shapes


def r5_shapes_by_running():
    W = jnp.ones((3, 4))
    x = jnp.ones(4)

    def layer(W):
        return jnp.tanh(W @ x)

    return jax.jacfwd(layer)(W).shape, jax.jacrev(layer)(W).shape


# ---------------------------------------------------------------- 12.hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r5_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r5_hvp_jacfwd_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r5_hvp_k_tangent_one(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, 1.0))[1]


def r5_hvp_first_order(x, v, k):
    return jax.jvp(energy, (x, k), (v, 0.0))[1]


def r5_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r5_hvp_missing_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def r5_hvp_whole_tuple(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r5_hvp_finite_difference(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r5_hvp_unit_step(x, v, k):
    g = jax.grad(energy)
    return g(x + v, k) - g(x, k)


def r5_hvp_diag(x, v, k):
    return jnp.diag(jax.hessian(energy)(x, k)) * v


def r5_hvp_wrt_k(x, v, k):
    return jax.jvp(lambda kk: jax.grad(energy)(x, kk), (k,), (1.0,))[1] * v


def r5_hvp_fwd_over_rev(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]


def r5_hvp_partial(x, v, k):
    grad_x = functools.partial(jax.grad(energy), k=k)
    _, tangent = jax.jvp(grad_x, (x,), (v,))
    return tangent


def r5_hvp_rev_over_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r5_hvp_rev_over_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r5_hvp_vjp_of_grad(x, v, k):
    _, pullback = jax.vjp(lambda y: jax.grad(energy)(y, k), x)
    return pullback(v)[0]


# ---------------------------------------------------------------- 12.fixed_target


def r5_td_unchanged(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r5_td_stop_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r5_td_stop_error(values, rewards):
    return jnp.sum(lax.stop_gradient(values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r5_td_stop_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r5_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r5_td_wrong_index(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def r5_td_numpy_target(values, rewards):
    target = np.asarray(rewards) + 0.9 * np.asarray(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r5_td_stop_whole(values, rewards):
    return lax.stop_gradient(jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2))


def r5_td_shifted(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[1:] - target) ** 2)


def r5_td_abs(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def r5_td_stop_next_only_half(values, rewards):
    # holds the next value but forgets the 0.9 in the target
    target = rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r5_td_held(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r5_td_held_values(values, rewards):
    frozen = lax.stop_gradient(values)
    return jnp.sum((values[:-1] - (rewards + 0.9 * frozen[1:])) ** 2)


def r5_td_swapped_square(values, rewards):
    next_values = jax.lax.stop_gradient(values[1:])
    error = rewards + 0.9 * next_values - values[:-1]
    return jnp.sum(error * error)


# ---------------------------------------------------------------- 12.fix_rule


@jax.custom_jvp
def fixed_log_add_exp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r5_rule_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


fixed_log_add_exp.defjvp(r5_rule_sigmoids)


def r5_rule_original(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot


def r5_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r5_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r5_rule_naive_exp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    total = jnp.exp(a) + jnp.exp(b)
    return out, jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r5_rule_naive_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r5_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r5_rule_order_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot, out


def r5_rule_sum_dots(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), a_dot + b_dot


def r5_rule_no_dots(primals, tangents):
    a, b = primals
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(a - b) + jax.nn.sigmoid(b - a)


def r5_rule_sigmoid_each(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(a) * a_dot + jax.nn.sigmoid(b) * b_dot


def r5_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jnp.where(a > b, a_dot, b_dot)


def r5_rule_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r5_rule_one_minus(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    w = jax.nn.sigmoid(a - b)
    return fixed_log_add_exp(a, b), w * a_dot + (1.0 - w) * b_dot


def r5_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    weights = jax.nn.softmax(jnp.stack([a, b]))
    return fixed_log_add_exp(a, b), weights[0] * a_dot + weights[1] * b_dot


ROUND_5 = [
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "flattens the matrix input: (3, 12) both", lambda: ((3, 12), (3, 12))),
    Wrong("12.jacobian_shapes", "input shape first: (3, 4, 3) both", lambda: ((3, 4, 3), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "thinks jacrev gives the transpose: (3, 3, 4) and (3, 4, 3)", lambda: ((3, 3, 4), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "the shape of W, as for a gradient: (3, 4) both", lambda: ((3, 4), (3, 4))),
    Wrong("12.jacobian_shapes", "jacfwd by columns (12, 3), jacrev by rows (3, 12)", lambda: ((12, 3), (3, 12))),
    Wrong("12.jacobian_shapes", "output shape only: (3,) both", lambda: ((3,), (3,))),
    Wrong("12.jacobian_shapes", "one shape, not a pair: (3, 3, 4)", lambda: (3, 3, 4)),
    Wrong("12.jacobian_shapes", "forgets the output axis and lays jacfwd out by columns: (4, 3) and (3, 4)", lambda: ((4, 3), (3, 4))),
    Wrong("12.jacobian_shapes", "the input first for jacrev (4, 3, 3)", lambda: ((3, 3, 4), (4, 3, 3))),
    # 12.cheaper
    Wrong("12.cheaper", "D: swaps which mode suits which shape", lambda: "D"),
    Wrong("12.cheaper", "B: thinks reverse mode (like grad) is always cheaper", lambda: "B"),
    Wrong("12.cheaper", "A: thinks forward mode stores nothing so is always cheaper", lambda: "A"),
    Wrong("12.cheaper", "E: same Jacobian, same work", lambda: "E"),
    Wrong("12.cheaper", "the name 'jacfwd' instead of a letter", lambda: "jacfwd"),
    Wrong("12.cheaper", "lowercase 'd'", lambda: "d"),
    Wrong("12.cheaper", "hedges 'C or E'", lambda: "C or E"),
    Wrong("12.cheaper", "left the placeholder ...", lambda: ...),
    # 12.hvp
    Wrong("12.hvp", "builds jax.hessian(energy)(x, k) and multiplies by v", lambda: r5_hvp_hessian),
    Wrong("12.hvp", "jacfwd(grad(energy)) @ v: builds the Hessian too", lambda: r5_hvp_jacfwd_grad),
    Wrong("12.hvp", "jvp of grad(energy) over (x, k) with tangent 1.0 for k", lambda: r5_hvp_k_tangent_one),
    Wrong("12.hvp", "jvp of energy itself: the first derivative along v, a scalar", lambda: r5_hvp_first_order),
    Wrong("12.hvp", "gradient times v element-wise", lambda: r5_hvp_grad_times_v),
    Wrong("12.hvp", "copied wiggle_hvp: jvp of grad(energy) with only (x,), k missing", lambda: r5_hvp_missing_k),
    Wrong("12.hvp", "returns the whole jvp tuple (gradient, H @ v)", lambda: r5_hvp_whole_tuple),
    Wrong("12.hvp", "finite difference of the gradient with eps 1e-3", lambda: r5_hvp_finite_difference),
    Wrong("12.hvp", "difference of gradients with step v (no eps)", lambda: r5_hvp_unit_step),
    Wrong("12.hvp", "diagonal of the Hessian times v", lambda: r5_hvp_diag),
    Wrong("12.hvp", "differentiates the gradient in k instead of x", lambda: r5_hvp_wrt_k),
    # 12.fixed_target
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r5_td_unchanged),
    Wrong("12.fixed_target", "stop_gradient on values[:-1], the side being trained", lambda: r5_td_stop_wrong_side),
    Wrong("12.fixed_target", "stop_gradient on the whole error: gradient 0", lambda: r5_td_stop_error),
    Wrong("12.fixed_target", "stop_gradient on the rewards only", lambda: r5_td_stop_rewards),
    Wrong("12.fixed_target", "jnp.mean instead of jnp.sum", lambda: r5_td_mean),
    Wrong("12.fixed_target", "target from values[:-1] instead of values[1:]", lambda: r5_td_wrong_index),
    Wrong("12.fixed_target", "target computed with np.asarray: fails under grad", lambda: r5_td_numpy_target),
    Wrong("12.fixed_target", "stop_gradient around the whole loss", lambda: r5_td_stop_whole),
    Wrong("12.fixed_target", "values[1:] compared to the target", lambda: r5_td_shifted),
    Wrong("12.fixed_target", "absolute error instead of squared", lambda: r5_td_abs),
    Wrong("12.fixed_target", "holds the next value but drops the 0.9", lambda: r5_td_stop_next_only_half),
    # 12.fix_rule
    Wrong("12.fix_rule", "the buggy rule unchanged: b's tangent ignored", lambda: r5_rule_original),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r5_rule_same_weight),
    Wrong("12.fix_rule", "the two weights swapped", lambda: r5_rule_swapped),
    Wrong("12.fix_rule", "weights exp(a) / (exp(a) + exp(b)): overflow at 100", lambda: r5_rule_naive_exp),
    Wrong("12.fix_rule", "out = log(exp(a) + exp(b)): inf at 100", lambda: r5_rule_naive_out),
    Wrong("12.fix_rule", "returns only the tangent", lambda: r5_rule_tangent_only),
    Wrong("12.fix_rule", "returns (tangent, out), the order swapped", lambda: r5_rule_order_swapped),
    Wrong("12.fix_rule", "tangent a_dot + b_dot", lambda: r5_rule_sum_dots),
    Wrong("12.fix_rule", "forgets to multiply by the tangents", lambda: r5_rule_no_dots),
    Wrong("12.fix_rule", "sigmoid(a) * a_dot + sigmoid(b) * b_dot", lambda: r5_rule_sigmoid_each),
    Wrong("12.fix_rule", "the derivative of max: a_dot where a > b, else b_dot", lambda: r5_rule_hard_max),
]

RIGHT_5 = [
    Right("12.jacobian_shapes", "((3, 3, 4), (3, 3, 4))", lambda: ((3, 3, 4), (3, 3, 4))),
    Right("12.jacobian_shapes", "computed by running jacfwd and jacrev", r5_shapes_by_running),
    Right("12.jacobian_shapes", "the same shape twice, ((3, 3, 4),) * 2", lambda: ((3, 3, 4),) * 2),
    Right("12.cheaper", "'C'", lambda: "C"),
    Right("12.cheaper", "lowercase 'c'", lambda: "c"),
    Right("12.cheaper", "' C' with a leading space", lambda: " C"),
    Right("12.hvp", "forward-over-reverse with a lambda fixing k", lambda: r5_hvp_fwd_over_rev),
    Right("12.hvp", "functools.partial(grad(energy), k=k) then jvp", lambda: r5_hvp_partial),
    Right("12.hvp", "reverse-over-reverse: grad of vdot(grad, v)", lambda: r5_hvp_rev_over_rev),
    Right("12.hvp", "reverse-over-forward: grad of the jvp", lambda: r5_hvp_rev_over_fwd),
    Right("12.hvp", "vjp of the gradient pulled back with v (H symmetric)", lambda: r5_hvp_vjp_of_grad),
    Right("12.fixed_target", "stop_gradient on the target", lambda: r5_td_held),
    Right("12.fixed_target", "stop_gradient on a copy of values used for the target", lambda: r5_td_held_values),
    Right("12.fixed_target", "(target - value) squared as error * error, next values held", lambda: r5_td_swapped_square),
    Right("12.fix_rule", "sigmoid(a - b) * a_dot + sigmoid(b - a) * b_dot", lambda: r5_rule_sigmoids),
    Right("12.fix_rule", "exp(a - out) and exp(b - out) with out from jnp.logaddexp", lambda: r5_rule_exp_minus_out),
    Right("12.fix_rule", "w and 1 - w", lambda: r5_rule_one_minus),
    Right("12.fix_rule", "softmax of (a, b) as the weights", lambda: r5_rule_softmax),
]
