"""Round 17, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ----------------------------------------------------------------------- 12.hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r17_hvp_full_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r17_hvp_jacfwd_jacrev(x, v, k):
    return jnp.dot(jax.jacfwd(jax.jacrev(energy))(x, k), v)


def r17_hvp_tuple(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))  # forgot [1]


def r17_hvp_gradient(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r17_hvp_k_tangent_one(x, v, k):
    # a tangent for every argument, k's set to ones "like v"
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r17_hvp_first_order(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]  # a JVP of energy, not of its grad


def r17_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r17_hvp_forward_difference(x, v, k):
    eps = 1e-2
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r17_hvp_springs_only(x, v, k):
    lap = jnp.concatenate([v[:1] - v[1:2], 2 * v[1:-1] - v[:-2] - v[2:], v[-1:] - v[-2:-1]])
    return k * lap  # the wells' curvature forgotten


def r17_hvp_cos_sign(x, v, k):
    lap = jnp.concatenate([v[:1] - v[1:2], 2 * v[1:-1] - v[:-2] - v[2:], v[-1:] - v[-2:-1]])
    return k * lap - jnp.cos(x) * v  # -cos in energy copied as -cos in its curvature


def r17_hvp_periodic(x, v, k):
    lap = 2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)  # a ring: the end beads get two springs
    return k * lap + jnp.cos(x) * v


def r17_hvp_vjp_tuple(x, v, k):
    _, pull = jax.vjp(lambda y: jax.grad(energy)(y, k), x)
    return pull(v)  # a 1-tuple, not [0]


def r17_hvp_right_rev_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r17_hvp_right_linearize(x, v, k):
    _, f_jvp = jax.linearize(jax.grad(energy, argnums=0), x, k)
    return f_jvp(v, jnp.zeros_like(k))


def r17_hvp_right_closed_form(x, v, k):
    d = jnp.diff(v)  # v[i+1] - v[i], one per spring
    lap = jnp.pad(d, (1, 0)) - jnp.pad(d, (0, 1))  # each bead: left spring minus right
    return k * lap + jnp.cos(x) * v


# ---------------------------------------------------------------- 12.fixed_target


def r17_td_no_stop(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r17_td_stop_whole_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r17_td_stop_wrong_side(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r17_td_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r17_td_discount_both(values, rewards):
    target = 0.9 * (rewards + lax.stop_gradient(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r17_td_all_held(values, rewards):
    held = lax.stop_gradient(values)
    target = rewards + 0.9 * held[1:]
    return jnp.sum((held[:-1] - target) ** 2)


def r17_td_last_state_zero_target(values, rewards):
    # pads rewards and next values with 0 so that every state has a target
    r = jnp.append(rewards, 0.0)
    nxt = jnp.append(lax.stop_gradient(values[1:]), 0.0)
    return jnp.sum((values - (r + 0.9 * nxt)) ** 2)


def r17_td_same_state(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])  # values[i], not values[i + 1]
    return jnp.sum((values[:-1] - target) ** 2)


def r17_td_sum_then_square(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def r17_td_shift_other_way(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r17_td_right_loop(values, rewards):
    total = 0.0
    for i in range(values.shape[0] - 1):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


def r17_td_right_slice_after(values, rewards):
    nxt = lax.stop_gradient(values)[1:]
    err = values[:-1] - rewards - 0.9 * nxt
    return jnp.dot(err, err)


def r17_td_right_roll(values, rewards):
    nxt = jnp.roll(lax.stop_gradient(values), -1)[:-1]
    return ((values[:-1] - (rewards + 0.9 * nxt)) ** 2).sum()


# ------------------------------------------------------------------- 12.fix_rule


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r17_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r17_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r17_rule_naive_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    ea, eb = jnp.exp(a), jnp.exp(b)
    return _lae(a, b), (ea * a_dot + eb * b_dot) / (ea + eb)


def r17_rule_ratio_unstable(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    r = jnp.exp(a - b)
    return _lae(a, b), r / (1 + r) * a_dot + 1 / (1 + r) * b_dot


def r17_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r17_rule_per_arg(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r17_rule_unnormalised(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return _lae(a, b), jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r17_rule_max_derivative(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jnp.where(a > b, a_dot, b_dot)


def r17_rule_sign(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r17_rule_b_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    # "the rule forgot b": wrote b's term, lost a's
    return _lae(a, b), jax.nn.sigmoid(b - a) * b_dot


def r17_rule_right_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return _lae(a, b), s * a_dot + (1.0 - s) * b_dot


def r17_rule_right_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r17_rule_right_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([a, b]))
    return _lae(a, b), w[0] * a_dot + w[1] * b_dot


ROUND_17 = [
    # 12.jacobian_shapes: A
    Wrong("12.jacobian_shapes", "B: derivative laid out like the matrix", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: thought jacrev transposes through w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: thought params get flattened", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: grad's shapes, one derivative each", lambda: "E"),
    Wrong("12.jacobian_shapes", "A and B, unsure of the order", lambda: "AB"),
    Wrong("12.jacobian_shapes", "the shape of w's entry instead", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "B with a close paren", lambda: "B)"),
    # 12.cheaper: C
    Wrong("12.cheaper", "A: reverse mode is always the cheap one", lambda: "A"),
    Wrong("12.cheaper", "B: modes chosen by the input's kind", lambda: "B"),
    Wrong("12.cheaper", "D: right choice, reason by output kind", lambda: "D"),
    Wrong("12.cheaper", "E: thought jacrev reruns forward per output", lambda: "E"),
    Wrong("12.cheaper", "F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "all three that agree on the choice", lambda: "CDE"),
    Wrong("12.cheaper", "the mode names, not a letter", lambda: "jacfwd for tall, jacrev for wide"),
    Wrong("12.cheaper", "E with its reason", lambda: "E: jacrev pays for 2,000 forward passes"),
    # 12.hvp
    Wrong("12.hvp", "builds the Hessian, then @ v", lambda: r17_hvp_full_hessian),
    Wrong("12.hvp", "jacfwd(jacrev) then dot: a Hessian again", lambda: r17_hvp_jacfwd_jacrev),
    Wrong("12.hvp", "returns jvp's (grad, H v) pair", lambda: r17_hvp_tuple),
    Wrong("12.hvp", "took jvp's [0]: the gradient", lambda: r17_hvp_gradient),
    Wrong("12.hvp", "k given a tangent of ones too", lambda: r17_hvp_k_tangent_one),
    Wrong("12.hvp", "jvp of energy: a directional derivative", lambda: r17_hvp_first_order),
    Wrong("12.hvp", "gradient times v, element-wise", lambda: r17_hvp_grad_times_v),
    Wrong(
        "12.hvp", "finite difference of the gradient, eps 1e-2", lambda: r17_hvp_forward_difference
    ),
    Wrong("12.hvp", "by hand: springs' curvature only", lambda: r17_hvp_springs_only),
    Wrong("12.hvp", "by hand: -cos(x) v for the wells", lambda: r17_hvp_cos_sign),
    Wrong("12.hvp", "by hand with jnp.roll: ends joined in a ring", lambda: r17_hvp_periodic),
    Wrong("12.hvp", "vjp of the gradient, the 1-tuple returned", lambda: r17_hvp_vjp_tuple),
    # 12.fixed_target
    Wrong("12.fixed_target", "no stop_gradient at all", lambda: r17_td_no_stop),
    Wrong(
        "12.fixed_target",
        "whole target held: rewards get no gradient",
        lambda: r17_td_stop_whole_target,
    ),
    Wrong(
        "12.fixed_target",
        "held values[:-1], the side being trained",
        lambda: r17_td_stop_wrong_side,
    ),
    Wrong("12.fixed_target", "mean of the squared errors", lambda: r17_td_mean),
    Wrong("12.fixed_target", "0.9 applied to the reward too", lambda: r17_td_discount_both),
    Wrong("12.fixed_target", "held all of values, both sides", lambda: r17_td_all_held),
    Wrong(
        "12.fixed_target", "last state given a zero target", lambda: r17_td_last_state_zero_target
    ),
    Wrong("12.fixed_target", "target from values[i], not values[i + 1]", lambda: r17_td_same_state),
    Wrong("12.fixed_target", "squares the summed error", lambda: r17_td_sum_then_square),
    Wrong(
        "12.fixed_target",
        "shifted the other way: values[1:] trained",
        lambda: r17_td_shift_other_way,
    ),
    # 12.fix_rule
    Wrong("12.fix_rule", "a's weight used for b_dot too", lambda: r17_rule_same_weight),
    Wrong("12.fix_rule", "the two weights swapped", lambda: r17_rule_swapped),
    Wrong("12.fix_rule", "exp(a) / (exp(a) + exp(b)): nan at 100", lambda: r17_rule_naive_softmax),
    Wrong(
        "12.fix_rule",
        "weights from exp(a - b): inf/inf at (100, 3)",
        lambda: r17_rule_ratio_unstable,
    ),
    Wrong("12.fix_rule", "returns the tangent only", lambda: r17_rule_tangent_only),
    Wrong("12.fix_rule", "one tangent per argument, as a tuple", lambda: r17_rule_per_arg),
    Wrong("12.fix_rule", "exp(a - m) weights, not normalised", lambda: r17_rule_unnormalised),
    Wrong(
        "12.fix_rule", "the derivative of max: picks one tangent", lambda: r17_rule_max_derivative
    ),
    Wrong("12.fix_rule", "b's term subtracted", lambda: r17_rule_sign),
    Wrong("12.fix_rule", "added b's term, dropped a's", lambda: r17_rule_b_only),
]
RIGHT_17 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.jacobian_shapes", "lower case a", lambda: "a"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.cheaper", "C with a trailing newline", lambda: "C\n"),
    Right("12.hvp", "reverse over reverse, vdot with v", lambda: r17_hvp_right_rev_rev),
    Right("12.hvp", "jax.linearize of grad, zero tangent for k", lambda: r17_hvp_right_linearize),
    Right("12.hvp", "by hand: spring Laplacian plus cos(x) v", lambda: r17_hvp_right_closed_form),
    Right("12.fixed_target", "a Python loop over the states", lambda: r17_td_right_loop),
    Right(
        "12.fixed_target", "stop_gradient first, slice after, dot", lambda: r17_td_right_slice_after
    ),
    Right("12.fixed_target", "next values by jnp.roll, last dropped", lambda: r17_td_right_roll),
    Right("12.fix_rule", "s and 1 - s", lambda: r17_rule_right_one_minus),
    Right(
        "12.fix_rule", "weights exp(a - out), exp(b - out)", lambda: r17_rule_right_exp_minus_out
    ),
    Right("12.fix_rule", "jax.nn.softmax of the pair", lambda: r17_rule_right_softmax),
]
