"""Round 20, lesson 12 (autodiff beyond grad): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- setup the lesson's cells define ------------------------------------------------


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


# ---- 12.jacobian_shapes: jacfwd / jacrev of a dict-input layer ----------------------
# (answers are strings, below)

# ---- 12.cheaper: jacfwd or jacrev for tall and wide, and why ------------------------
# (answers are strings, below)

# ---- 12.hvp: Hessian of energy in x, times v, without the Hessian -------------------


def r20_hvp_full_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r20_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r20_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r20_hvp_k_tangent_one(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r20_hvp_grad_wrt_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r20_hvp_whole_tuple(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))


def r20_hvp_primal_out(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))[0]


def r20_hvp_finite_difference(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r20_hvp_hand_periodic(x, v, k):
    laplacian = 2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)
    return k * laplacian + jnp.cos(x) * v


def r20_hvp_hand_sign(x, v, k):
    d = v[1:] - v[:-1]
    laplacian = jnp.zeros_like(v).at[:-1].add(-d).at[1:].add(d)
    return k * laplacian - jnp.cos(x) * v


def r20_hvp_copied_wiggle(x, v, k):
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


def r20_hvp_forgot_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def r20_hvp_right_k_tangent_zero(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.zeros_like(k)))[1]


def r20_hvp_right_reverse_over_reverse(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r20_hvp_right_reverse_over_forward(x, v, k):
    def directional(y):
        return jax.jvp(lambda z: energy(z, k), (y,), (v,))[1]

    return jax.grad(directional)(x)


def r20_hvp_right_by_hand(x, v, k):
    d = v[1:] - v[:-1]
    laplacian = jnp.zeros_like(v).at[:-1].add(-d).at[1:].add(d)
    return k * laplacian + jnp.cos(x) * v


def r20_hvp_right_linearize(x, v, k):
    _, hessian_times = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return hessian_times(v)


# ---- 12.fixed_target: TD loss with the next value held fixed ------------------------


def r20_td_no_stop(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r20_td_stop_whole_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r20_td_stop_wrong_side(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r20_td_same_state(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def r20_td_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r20_td_compares_next(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[1:] - target) ** 2)


def r20_td_half_squared(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r20_td_discount_reward_too(values, rewards):
    target = 0.9 * (rewards + lax.stop_gradient(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r20_td_float_freeze(values, rewards):
    loss = 0.0
    for i in range(len(rewards)):
        target = rewards[i] + 0.9 * float(values[i + 1])
        loss = loss + (values[i] - target) ** 2
    return loss


def r20_td_last_target_zero(values, rewards):
    next_values = jnp.append(lax.stop_gradient(values[1:]), 0.0)
    target = jnp.append(rewards, 0.0) + 0.9 * next_values
    return jnp.sum((values - target) ** 2)


def r20_td_hardcoded_four(values, rewards):
    target = rewards[:3] + 0.9 * lax.stop_gradient(values[1:4])
    return jnp.sum((values[:3] - target) ** 2)


def r20_td_discount_099(values, rewards):
    target = rewards + 0.99 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r20_td_right_loop(values, rewards):
    held = lax.stop_gradient(values)
    loss = 0.0
    for i in range(rewards.shape[0]):
        error = values[i] - (rewards[i] + 0.9 * held[i + 1])
        loss = loss + error * error
    return loss


def r20_td_right_roll(values, rewards):
    next_values = lax.stop_gradient(jnp.roll(values, -1))[:-1]
    errors = values[:-1] - rewards - 0.9 * next_values
    return jnp.dot(errors, errors)


def r20_td_right_square_fn(values, rewards):
    n = values.shape[0]
    target = rewards + 0.9 * lax.stop_gradient(values)[1:n]
    return jnp.sum(jnp.square(values[: n - 1] - target))


# ---- 12.fix_rule: JVP rule of log_add_exp, right in both arguments ------------------


def _log_add_exp_value(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r20_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r20_rule_naive_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    total = jnp.exp(a) + jnp.exp(b)
    return out, jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r20_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r20_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r20_rule_order_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot, out


def r20_rule_ignores_tangents(primals, tangents):
    a, b = primals
    out = _log_add_exp_value(a, b)
    return out, jax.nn.sigmoid(a - b) + jax.nn.sigmoid(b - a)


def r20_rule_sum_of_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, a_dot + b_dot


def r20_rule_max_derivative(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, jnp.where(a > b, a_dot, b_dot)


def r20_rule_naive_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r20_rule_minus_b(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r20_rule_tuple_tangent(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    return out, (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r20_rule_right_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r20_rule_right_softmax(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    out = _log_add_exp_value(a, b)
    weights = jax.nn.softmax(jnp.stack([a, b]))
    return out, weights[0] * a_dot + weights[1] * b_dot


def r20_rule_right_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _log_add_exp_value(a, b)
    s = jax.nn.sigmoid(a - b)
    return out, s * a_dot + (1.0 - s) * b_dot


ROUND_20 = [
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "typed B: input's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "typed C: thought jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "typed D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "typed E: shapes of a gradient", lambda: "E"),
    Wrong("12.jacobian_shapes", "Russian layout: the A key gives Ф", lambda: "\u0424"),
    Wrong("12.jacobian_shapes", "hedged: A or C", lambda: "A or C"),
    Wrong("12.jacobian_shapes", "typed the shape of w's entry", lambda: "(3, 4, 3)"),
    Wrong(
        "12.jacobian_shapes",
        "gave a dict of shapes, not a letter",
        lambda: {"s": (3,), "w": (3, 4, 3)},
    ),
    Wrong("12.jacobian_shapes", "typo: S, the key next to A", lambda: "S"),
    Wrong("12.jacobian_shapes", "counted options from 0: A is 0", lambda: 0),
    # 12.cheaper
    Wrong("12.cheaper", "typed A: reverse mode always cheaper", lambda: "A"),
    Wrong("12.cheaper", "typed B: modes swapped, input type", lambda: "B"),
    Wrong("12.cheaper", "typed D: right choice, output-type reason", lambda: "D"),
    Wrong("12.cheaper", "typed E: thought jacrev reruns forward", lambda: "E"),
    Wrong("12.cheaper", "typed F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "Cyrillic С, same glyph as C", lambda: "\u0421"),
    Wrong("12.cheaper", "hedged: C or E", lambda: "C or E"),
    Wrong(
        "12.cheaper", "wrote the choice out in words", lambda: "jacfwd for tall, jacrev for wide"
    ),
    Wrong("12.cheaper", "typo: X, the key next to C", lambda: "X"),
    Wrong("12.cheaper", "gave the option's position, 3", lambda: 3),
    # 12.hvp
    Wrong("12.hvp", "built jax.hessian and multiplied", lambda: r20_hvp_full_hessian),
    Wrong("12.hvp", "JVP of energy itself: a scalar", lambda: r20_hvp_jvp_of_energy),
    Wrong("12.hvp", "gradient times v, element-wise", lambda: r20_hvp_grad_times_v),
    Wrong("12.hvp", "gave k a tangent of 1 too", lambda: r20_hvp_k_tangent_one),
    Wrong("12.hvp", "grad with argnums=1: derivative in k", lambda: r20_hvp_grad_wrt_k),
    Wrong("12.hvp", "returned jvp's (primal, tangent) pair", lambda: r20_hvp_whole_tuple),
    Wrong("12.hvp", "took jvp's [0]: the gradient", lambda: r20_hvp_primal_out),
    Wrong(
        "12.hvp", "finite difference of the gradient, eps 1e-3", lambda: r20_hvp_finite_difference
    ),
    Wrong("12.hvp", "by hand, springs at both ends wrapped around", lambda: r20_hvp_hand_periodic),
    Wrong("12.hvp", "by hand, wells' curvature with - sign", lambda: r20_hvp_hand_sign),
    Wrong("12.hvp", "copied wiggle_hvp, energy unused", lambda: r20_hvp_copied_wiggle),
    Wrong("12.hvp", "grad(energy) called without k", lambda: r20_hvp_forgot_k),
    # 12.fixed_target
    Wrong("12.fixed_target", "no stop_gradient: target moves", lambda: r20_td_no_stop),
    Wrong(
        "12.fixed_target",
        "stop_gradient on the whole target, rewards too",
        lambda: r20_td_stop_whole_target,
    ),
    Wrong(
        "12.fixed_target", "held values[:-1] instead of values[1:]", lambda: r20_td_stop_wrong_side
    ),
    Wrong("12.fixed_target", "target built from values[i], not i + 1", lambda: r20_td_same_state),
    Wrong("12.fixed_target", "mean of squared errors, not the sum", lambda: r20_td_mean),
    Wrong("12.fixed_target", "compared values[1:] with the targets", lambda: r20_td_compares_next),
    Wrong("12.fixed_target", "0.5 times the squared errors", lambda: r20_td_half_squared),
    Wrong("12.fixed_target", "discounted the reward as well", lambda: r20_td_discount_reward_too),
    Wrong("12.fixed_target", "float() of the next value to freeze it", lambda: r20_td_float_freeze),
    Wrong("12.fixed_target", "gave the last state a target of 0", lambda: r20_td_last_target_zero),
    Wrong("12.fixed_target", "slices hard-coded for 4 states", lambda: r20_td_hardcoded_four),
    Wrong("12.fixed_target", "used the usual RL discount 0.99", lambda: r20_td_discount_099),
    # 12.fix_rule
    Wrong("12.fix_rule", "sigmoid(a - b) on b_dot as well", lambda: r20_rule_same_weight),
    Wrong("12.fix_rule", "weights exp(a) / (exp(a) + exp(b))", lambda: r20_rule_naive_weights),
    Wrong("12.fix_rule", "weights of a and b swapped", lambda: r20_rule_swapped),
    Wrong("12.fix_rule", "returned only the tangent", lambda: r20_rule_tangent_only),
    Wrong("12.fix_rule", "returned (tangent, out)", lambda: r20_rule_order_swapped),
    Wrong("12.fix_rule", "derivatives without the tangents", lambda: r20_rule_ignores_tangents),
    Wrong("12.fix_rule", "tangent a_dot + b_dot", lambda: r20_rule_sum_of_tangents),
    Wrong("12.fix_rule", "derivative of the max alone", lambda: r20_rule_max_derivative),
    Wrong("12.fix_rule", "out with the naive log(exp + exp)", lambda: r20_rule_naive_out),
    Wrong("12.fix_rule", "minus sign on the b term", lambda: r20_rule_minus_b),
    Wrong("12.fix_rule", "one tangent per input, as a tuple", lambda: r20_rule_tuple_tangent),
]

RIGHT_20 = [
    Right("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Right("12.jacobian_shapes", "A with a full stop", lambda: "A."),
    Right("12.jacobian_shapes", "A with a leading space", lambda: " A"),
    Right("12.cheaper", "lower-case c", lambda: "c"),
    Right("12.cheaper", "C with a full stop", lambda: "C."),
    Right("12.cheaper", "C with spaces around it", lambda: " C "),
    Right(
        "12.hvp", "jvp in (x, k) with a zero tangent for k", lambda: r20_hvp_right_k_tangent_zero
    ),
    Right(
        "12.hvp",
        "reverse over reverse: grad of grad . v",
        lambda: r20_hvp_right_reverse_over_reverse,
    ),
    Right(
        "12.hvp", "reverse over forward: grad of a JVP", lambda: r20_hvp_right_reverse_over_forward
    ),
    Right("12.hvp", "by hand: k times a Laplacian plus cos(x) v", lambda: r20_hvp_right_by_hand),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r20_hvp_right_linearize),
    Right(
        "12.fixed_target", "Python loop over states, values held once", lambda: r20_td_right_loop
    ),
    Right(
        "12.fixed_target",
        "jnp.roll for the next values, dot for the sum",
        lambda: r20_td_right_roll,
    ),
    Right(
        "12.fixed_target",
        "stop_gradient on all values, then sliced",
        lambda: r20_td_right_square_fn,
    ),
    Right(
        "12.fix_rule", "weights exp(a - out) and exp(b - out)", lambda: r20_rule_right_exp_minus_out
    ),
    Right("12.fix_rule", "softmax of (a, b) as the weights", lambda: r20_rule_right_softmax),
    Right("12.fix_rule", "s and 1 - s with s = sigmoid(a - b)", lambda: r20_rule_right_one_minus),
]
