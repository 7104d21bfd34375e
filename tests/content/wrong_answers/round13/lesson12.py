"""Round 13, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 12.hvp -------------------------------------------------------------------------------
def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r13_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r13_hvp_both_tangents(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r13_hvp_directional(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r13_hvp_primal(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r13_hvp_k_one(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def r13_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r13_hvp_periodic(x, v, k):
    laplacian = 2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)
    return k * laplacian + jnp.cos(x) * v


def r13_hvp_finite_diff(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)


def r13_hvp_no_coupling(x, v, k):
    return 2 * k * v + jnp.cos(x) * v


def r13_hvp_pair(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r13_hvp_grad_argnum_k(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1] * v


def r13_hvp_rev_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r13_hvp_rev_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r13_hvp_vjp_of_grad(x, v, k):
    _, pull = jax.vjp(jax.grad(energy), x, k)
    return pull(v)[0]


def r13_hvp_by_hand(x, v, k):
    d = v[1:] - v[:-1]
    springs = jnp.zeros_like(v).at[:-1].add(-d).at[1:].add(d)
    return k * springs + jnp.cos(x) * v


def r13_hvp_linearize(x, v, k):
    _, lin = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return lin(v)


# ---- 12.fixed_target ----------------------------------------------------------------------
def _targets_len(values):
    return values.shape[0] - 1


def r13_td_no_stop(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r13_td_stop_whole_target(values, rewards):
    n = _targets_len(values)
    target = lax.stop_gradient(rewards[:n] + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r13_td_stop_prediction(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r13_td_mean(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r13_td_terminal_zero(values, rewards):
    # RL habit: the last state is terminal, its target is its reward alone
    nxt = jnp.concatenate([lax.stop_gradient(values[1:]), jnp.zeros(1, values.dtype)])
    target = rewards[: values.shape[0]] + 0.9 * nxt
    return jnp.sum((values - target) ** 2)


def r13_td_roll(values, rewards):
    nxt = lax.stop_gradient(jnp.roll(values, -1))
    target = rewards[: values.shape[0]] + 0.9 * nxt
    return jnp.sum((values - target) ** 2)


def r13_td_shift_wrong_way(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r13_td_stop_constant(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + lax.stop_gradient(0.9) * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r13_td_square_of_sum(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def r13_td_gamma_099(values, rewards):
    n = _targets_len(values)
    target = rewards[:n] + 0.99 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r13_td_float_target(values, rewards):
    loss = 0.0
    for i in range(values.shape[0] - 1):
        target = float(rewards[i] + 0.9 * values[i + 1])  # "a float cannot move"
        loss = loss + (values[i] - target) ** 2
    return loss


def r13_td_stop_then_slice(values, rewards):
    held = lax.stop_gradient(values)
    n = _targets_len(values)
    err = values[:-1] - rewards[:n] - 0.9 * held[1:]
    return jnp.dot(err, err)


def r13_td_loop(values, rewards):
    loss = jnp.float32(0.0)
    for i in range(values.shape[0] - 1):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        loss += (values[i] - target) ** 2
    return loss


def r13_td_detach_trick(values, rewards):
    n = _targets_len(values)
    nxt = values[1:] - (values[1:] - lax.stop_gradient(values[1:]))
    return ((values[:-1] - (rewards[:n] + 0.9 * nxt)) ** 2).sum()


# ---- 12.fix_rule --------------------------------------------------------------------------
def r13_rule_same_coeff(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r13_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r13_rule_exp_ratio(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    total = jnp.exp(a) + jnp.exp(b)
    return out, jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r13_rule_exp_over_one_plus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    e = jnp.exp(a - b)
    return out, e / (1 + e) * a_dot + 1 / (1 + e) * b_dot


def r13_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r13_rule_two_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r13_rule_max_like(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.where(a > b, a_dot, b_dot)


def r13_rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r13_rule_sum_dots(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, a_dot + b_dot


def r13_rule_times_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, out * (jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot)


def r13_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    s = jax.nn.sigmoid(a - b)
    return out, s * a_dot + (1.0 - s) * b_dot


def r13_rule_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r13_rule_mix(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    s = jax.nn.sigmoid(a - b)
    return out, s * (a_dot - b_dot) + b_dot


def _plain_lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r13_rule_inner_grad(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    ga, gb = jax.grad(_plain_lae, argnums=(0, 1))(a, b)
    return _plain_lae(a, b), ga * a_dot + gb * b_dot


def r13_td_three_states(values, rewards):
    loss = 0.0
    for i in range(3):  # the page's four states
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        loss = loss + (values[i] - target) ** 2
    return loss


ROUND_13 = [
    # 12.jacobian_shapes (right: A)
    Wrong("12.jacobian_shapes", "B: derivative laid out like the matrix first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: thought jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: one flat (3, 13) matrix", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: grad-like shapes", lambda: "E"),
    Wrong("12.jacobian_shapes", "two letters, A and C, unsure of jacrev", lambda: "AC"),
    Wrong("12.jacobian_shapes", "b) typed in a hurry", lambda: "b)"),
    Wrong("12.jacobian_shapes", "the shape of w's entry instead of a letter", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "option d, as words", lambda: "option d"),
    # 12.cheaper (right: C)
    Wrong("12.cheaper", "A: reverse mode is always cheap", lambda: "A"),
    Wrong("12.cheaper", "B: modes swapped", lambda: "B"),
    Wrong("12.cheaper", "D: right choice, matrix-vs-vector reason", lambda: "D"),
    Wrong("12.cheaper", "E: right choice, 2000 forward passes reason", lambda: "E"),
    Wrong("12.cheaper", "F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "the mode's name instead of a letter", lambda: "jacfwd"),
    Wrong("12.cheaper", "C and E both: same choice", lambda: "CE"),
    Wrong("12.cheaper", "E with a trailing comment in the string", lambda: "E # 2000 passes"),
    # 12.hvp
    Wrong("12.hvp", "built the Hessian with jax.hessian, then @ v", lambda: r13_hvp_hessian),
    Wrong("12.hvp", "gave k a tangent of 1 too", lambda: r13_hvp_both_tangents),
    Wrong("12.hvp", "jvp of energy itself: a scalar", lambda: r13_hvp_directional),
    Wrong("12.hvp", "took [0] of the jvp: the gradient", lambda: r13_hvp_primal),
    Wrong("12.hvp", "copied wiggle_hvp with k fixed at 1.0", lambda: r13_hvp_k_one),
    Wrong("12.hvp", "gradient times v elementwise", lambda: r13_hvp_grad_times_v),
    Wrong("12.hvp", "by hand with jnp.roll: wrong at the two end beads", lambda: r13_hvp_periodic),
    Wrong("12.hvp", "central finite difference of the gradient", lambda: r13_hvp_finite_diff),
    Wrong("12.hvp", "by hand, only the diagonal of the springs", lambda: r13_hvp_no_coupling),
    Wrong("12.hvp", "returned the jvp's pair (grad, H v)", lambda: r13_hvp_pair),
    Wrong("12.hvp", "grad with argnums=1 (d/dk) pushed along v", lambda: r13_hvp_grad_argnum_k),
    # 12.fixed_target
    Wrong("12.fixed_target", "no stop_gradient: the target moves", lambda: r13_td_no_stop),
    Wrong(
        "12.fixed_target", "held the whole target, rewards too", lambda: r13_td_stop_whole_target
    ),
    Wrong(
        "12.fixed_target", "held values[:-1], the prediction side", lambda: r13_td_stop_prediction
    ),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r13_td_mean),
    Wrong(
        "12.fixed_target",
        "last state terminal with target its reward",
        lambda: r13_td_terminal_zero,
    ),
    Wrong("12.fixed_target", "next values with jnp.roll: wraps around", lambda: r13_td_roll),
    Wrong("12.fixed_target", "target uses the previous value", lambda: r13_td_shift_wrong_way),
    Wrong("12.fixed_target", "stop_gradient on the 0.9 constant", lambda: r13_td_stop_constant),
    Wrong("12.fixed_target", "square of the summed error", lambda: r13_td_square_of_sum),
    Wrong("12.fixed_target", "discount 0.99 out of habit", lambda: r13_td_gamma_099),
    Wrong(
        "12.fixed_target",
        "loop over range(3): the page's four states only",
        lambda: r13_td_three_states,
    ),
    Wrong("12.fixed_target", "float() of the target to hold it", lambda: r13_td_float_target),
    # 12.fix_rule
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r13_rule_same_coeff),
    Wrong("12.fix_rule", "sigmoids swapped between a and b", lambda: r13_rule_swapped),
    Wrong(
        "12.fix_rule", "exp(a)/(exp(a)+exp(b)): overflows at (100, 3)", lambda: r13_rule_exp_ratio
    ),
    Wrong(
        "12.fix_rule",
        "e/(1+e) with e = exp(a-b): nan when a >> b",
        lambda: r13_rule_exp_over_one_plus,
    ),
    Wrong("12.fix_rule", "returned only the tangent", lambda: r13_rule_tangent_only),
    Wrong("12.fix_rule", "returned one tangent per input", lambda: r13_rule_two_tangents),
    Wrong(
        "12.fix_rule", "derivative of max: where(a > b, a_dot, b_dot)", lambda: r13_rule_max_like
    ),
    Wrong("12.fix_rule", "minus between the two terms", lambda: r13_rule_minus),
    Wrong("12.fix_rule", "a_dot + b_dot", lambda: r13_rule_sum_dots),
    Wrong("12.fix_rule", "tangent multiplied by the output", lambda: r13_rule_times_out),
]

RIGHT_13 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.cheaper", "C with spaces around", lambda: " C "),
    Right("12.hvp", "reverse-over-forward", lambda: r13_hvp_rev_fwd),
    Right("12.hvp", "reverse-over-reverse with vdot", lambda: r13_hvp_rev_rev),
    Right("12.hvp", "vjp of the gradient (H is symmetric)", lambda: r13_hvp_vjp_of_grad),
    Right("12.hvp", "by hand: spring Laplacian with free ends plus cos", lambda: r13_hvp_by_hand),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r13_hvp_linearize),
    Right(
        "12.fixed_target",
        "held copy, then sliced; dot of the errors",
        lambda: r13_td_stop_then_slice,
    ),
    Right("12.fixed_target", "Python loop over states", lambda: r13_td_loop),
    Right("12.fixed_target", "straight-through style detach", lambda: r13_td_detach_trick),
    Right("12.fix_rule", "1 - sigmoid(a - b) for b, value as the page", lambda: r13_rule_one_minus),
    Right("12.fix_rule", "exp(a - out) and exp(b - out)", lambda: r13_rule_exp_minus_out),
    Right("12.fix_rule", "s * (a_dot - b_dot) + b_dot", lambda: r13_rule_mix),
    Right(
        "12.fix_rule", "jax.grad of the plain formula inside the rule", lambda: r13_rule_inner_grad
    ),
]
