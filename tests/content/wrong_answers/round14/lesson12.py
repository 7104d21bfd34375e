"""Round 14, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# 12.hvp ------------------------------------------------------------------------------------
def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def r14_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r14_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r14_hvp_argnums_k(x, v, k):
    grad_k = jax.grad(energy, argnums=1)
    return jax.jvp(lambda y: grad_k(y, k), (x,), (v,))[1]


def r14_hvp_tangent_k_one(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, 1.0))[1]


def r14_hvp_whole_tuple(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r14_hvp_primal(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r14_hvp_wiggle_copied(x, v, k):
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


def r14_hvp_fd(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r14_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r14_hvp_k_fixed(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def r14_hvp_jacfwd(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r14_hvp_tangent_k_zero(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.zeros_like(k)))[1]


def r14_hvp_rev_over_rev(x, v, k):
    _, pull = jax.vjp(lambda y: jax.grad(energy)(y, k), x)
    return pull(v)[0]


def r14_hvp_rev_over_fwd(x, v, k):
    def directional(y):
        return jax.jvp(lambda z: energy(z, k), (y,), (v,))[1]

    return jax.grad(directional)(x)


def r14_hvp_linearize(x, v, k):
    _, lin = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return lin(v)


# 12.fixed_target ---------------------------------------------------------------------------
G = 0.9


def r14_td_all_held(values, rewards):
    target = lax.stop_gradient(rewards + G * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r14_td_nothing_held(values, rewards):
    target = rewards + G * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r14_td_held_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + G * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r14_td_held_own_value(values, rewards):
    target = rewards + G * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r14_td_mean(values, rewards):
    target = rewards + G * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r14_td_half(values, rewards):
    target = rewards + G * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r14_td_no_discount(values, rewards):
    target = rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r14_td_hardcoded_four(values, rewards):
    target = rewards[:3] + G * lax.stop_gradient(values[1:4])
    return jnp.sum((values[:3] - target) ** 2)


def r14_td_roll_wraps(values, rewards):
    nxt = lax.stop_gradient(jnp.roll(values, -1))
    r = jnp.concatenate([rewards, jnp.zeros(1)])
    return jnp.sum((values - (r + G * nxt)) ** 2)


def r14_td_shift_backwards(values, rewards):
    target = rewards + G * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r14_td_square_of_sum(values, rewards):
    target = rewards + G * lax.stop_gradient(values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def r14_td_sign_flipped(values, rewards):
    target = rewards - G * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r14_td_held_after_slice(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((values[:-1] - rewards - G * held[1:]) ** 2)


def r14_td_loop(values, rewards):
    total = 0.0
    for i in range(values.shape[0] - 1):
        err = values[i] - (rewards[i] + G * lax.stop_gradient(values[i + 1]))
        total = total + err * err
    return total


def r14_td_dot_f64(values, rewards):
    nxt = lax.stop_gradient(values)[1:]
    err = values[:-1] - rewards - nxt * G
    return jnp.dot(err, err)


# 12.fix_rule -------------------------------------------------------------------------------
def lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r14_rule_shared_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r14_rule_naive_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    den = jnp.exp(a) + jnp.exp(b)
    return lae(a, b), jnp.exp(a) / den * a_dot + jnp.exp(b) / den * b_dot


def r14_rule_swapped_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r14_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r14_rule_swapped_pair(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    t = jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot
    return t, lae(a, b)


def r14_rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r14_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), jnp.where(a > b, a_dot, b_dot)


def r14_rule_half_each(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), 0.5 * (a_dot + b_dot)


def r14_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r14_rule_softmax_stack(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([a, b]))  # axis -1: right for scalars only
    return lae(a, b), w[0] * a_dot + w[1] * b_dot


def r14_rule_only_b_fixed(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return lae(a, b), jax.nn.sigmoid(b - a) * b_dot


def r14_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return lae(a, b), s * a_dot + (1.0 - s) * b_dot


def r14_rule_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = lae(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r14_rule_softmax_axis0(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    w = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    return jnp.logaddexp(a, b), w[0] * a_dot + w[1] * b_dot


ROUND_14 = [
    # 12.jacobian_shapes (right: A)
    Wrong("12.jacobian_shapes", "B: derivative laid out like the matrix first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: thinks jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: same shapes as grad", lambda: "E"),
    Wrong("12.jacobian_shapes", "lower case letter", lambda: "a"),
    Wrong("12.jacobian_shapes", "letter with a paren", lambda: "A)"),
    Wrong("12.jacobian_shapes", "letter with trailing comment", lambda: "A  # output shape first"),
    Wrong("12.jacobian_shapes", "two letters, unsure between A and B", lambda: "AB"),
    Wrong("12.jacobian_shapes", "letter in a list", lambda: ["A"]),
    Wrong("12.jacobian_shapes", "typed the shape tuple from the demo", lambda: "(2, 2, 4)"),
    # 12.cheaper (right: C)
    Wrong("12.cheaper", "A: reverse mode is always cheaper", lambda: "A"),
    Wrong("12.cheaper", "B: mode chosen by input type", lambda: "B"),
    Wrong("12.cheaper", "D: right choice, reason about output kind", lambda: "D"),
    Wrong("12.cheaper", "E: right choice, 2,000 forward passes reason", lambda: "E"),
    Wrong("12.cheaper", "F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "two letters C and E", lambda: "CE"),
    Wrong("12.cheaper", "lower case c", lambda: "c"),
    Wrong("12.cheaper", "option written as words", lambda: "option C"),
    Wrong("12.cheaper", "names the mode for tall instead of a letter", lambda: "jacfwd"),
    Wrong("12.cheaper", "C with a reason appended", lambda: "C - 20 JVPs vs 20 VJPs"),
    # 12.hvp
    Wrong("12.hvp", "builds jax.hessian then multiplies", lambda: r14_hvp_hessian),
    Wrong("12.hvp", "jvp of energy itself: a scalar", lambda: r14_hvp_jvp_of_energy),
    Wrong("12.hvp", "grad with argnums=1 (w.r.t. k)", lambda: r14_hvp_argnums_k),
    Wrong("12.hvp", "jvp over (x, k) with k's tangent 1.0", lambda: r14_hvp_tangent_k_one),
    Wrong("12.hvp", "returns jvp's whole (grad, hvp) tuple", lambda: r14_hvp_whole_tuple),
    Wrong("12.hvp", "took [0]: the gradient, not its tangent", lambda: r14_hvp_primal),
    Wrong(
        "12.hvp", "copied wiggle_hvp without swapping the function", lambda: r14_hvp_wiggle_copied
    ),
    Wrong("12.hvp", "finite difference of grads, eps=1e-3", lambda: r14_hvp_fd),
    Wrong("12.hvp", "gradient times v elementwise", lambda: r14_hvp_grad_times_v),
    Wrong("12.hvp", "closure fixes k = 1.0 instead of using k", lambda: r14_hvp_k_fixed),
    Wrong("12.hvp", "jacfwd(grad) @ v: still a 64x64 Hessian", lambda: r14_hvp_jacfwd),
    # 12.fixed_target
    Wrong(
        "12.fixed_target", "stop_gradient on whole target: rewards get 0", lambda: r14_td_all_held
    ),
    Wrong("12.fixed_target", "no stop_gradient at all", lambda: r14_td_nothing_held),
    Wrong("12.fixed_target", "held the rewards, not next values", lambda: r14_td_held_rewards),
    Wrong(
        "12.fixed_target", "held values[i] instead of values[i+1]", lambda: r14_td_held_own_value
    ),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r14_td_mean),
    Wrong("12.fixed_target", "0.5 * squared error habit", lambda: r14_td_half),
    Wrong("12.fixed_target", "forgot the discount", lambda: r14_td_no_discount),
    Wrong("12.fixed_target", "slices hard-coded for 4 states", lambda: r14_td_hardcoded_four),
    Wrong(
        "12.fixed_target", "jnp.roll: last state gets a wrapped target", lambda: r14_td_roll_wraps
    ),
    Wrong("12.fixed_target", "target built from previous value", lambda: r14_td_shift_backwards),
    Wrong("12.fixed_target", "square of the summed error", lambda: r14_td_square_of_sum),
    Wrong("12.fixed_target", "minus the discounted next value", lambda: r14_td_sign_flipped),
    # 12.fix_rule
    Wrong("12.fix_rule", "one sigmoid weight for both tangents", lambda: r14_rule_shared_weight),
    Wrong("12.fix_rule", "exp(a)/(exp(a)+exp(b)): nan at (100, 3)", lambda: r14_rule_naive_softmax),
    Wrong("12.fix_rule", "sigmoid arguments swapped", lambda: r14_rule_swapped_weights),
    Wrong("12.fix_rule", "returns only the tangent", lambda: r14_rule_tangent_only),
    Wrong("12.fix_rule", "returns (tangent, output)", lambda: r14_rule_swapped_pair),
    Wrong("12.fix_rule", "b's term subtracted", lambda: r14_rule_minus),
    Wrong("12.fix_rule", "derivative of max only: where(a > b, ...)", lambda: r14_rule_hard_max),
    Wrong("12.fix_rule", "half of each tangent (right only at a == b)", lambda: r14_rule_half_each),
    Wrong("12.fix_rule", "output by the naive formula: inf at 100", lambda: r14_rule_naive_value),
    Wrong(
        "12.fix_rule",
        "softmax of stacked args, axis -1: wrong for arrays",
        lambda: r14_rule_softmax_stack,
    ),
    Wrong(
        "12.fix_rule", "replaced a's term with b's instead of adding", lambda: r14_rule_only_b_fixed
    ),
]

RIGHT_14 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "jvp over (x, k) with zero tangent for k", lambda: r14_hvp_tangent_k_zero),
    Right("12.hvp", "reverse-over-reverse via vjp of grad", lambda: r14_hvp_rev_over_rev),
    Right("12.hvp", "reverse-over-forward: grad of a jvp", lambda: r14_hvp_rev_over_fwd),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r14_hvp_linearize),
    Right(
        "12.fixed_target",
        "stop_gradient(values)[1:], error folded",
        lambda: r14_td_held_after_slice,
    ),
    Right("12.fixed_target", "Python loop over states", lambda: r14_td_loop),
    Right("12.fixed_target", "jnp.dot(err, err)", lambda: r14_td_dot_f64),
    Right("12.fix_rule", "s and 1 - s", lambda: r14_rule_one_minus),
    Right("12.fix_rule", "exp(a - out) weights", lambda: r14_rule_exp_minus_out),
    Right(
        "12.fix_rule", "softmax over axis 0, jnp.logaddexp value", lambda: r14_rule_softmax_axis0
    ),
]
