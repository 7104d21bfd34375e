"""Round 18, lesson 12 (autodiff beyond grad): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 12.jacobian_shapes: what jacfwd/jacrev return for a dict input -----------------

# ---- 12.cheaper: jacfwd or jacrev for tall and wide -----------------------------------

# ---- 12.hvp: Hessian of energy times v, without the Hessian -------------------------


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r18_hvp_builds_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r18_hvp_grad_wrt_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r18_hvp_whole_jvp(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))


def r18_hvp_jvp_of_energy(x, v, k):
    # jvp of energy, not of its gradient: a first derivative
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r18_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r18_hvp_plus_cos(x, v, k):
    # rewrote energy with the wells' sign flipped
    def my_energy(x, k):
        springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
        return springs + jnp.sum(jnp.cos(x))

    return jax.jvp(lambda x: jax.grad(my_energy)(x, k), (x,), (v,))[1]


def r18_hvp_finite_difference(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r18_hvp_wells_only(x, v, k):
    # the Hessian of -sum(cos x) is diag(cos x); the springs left out
    return jnp.cos(x) * v


def r18_hvp_no_k(x, v, k):
    # wiggle_hvp copied: grad(energy) called without k
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def r18_hvp_no_tuples(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), x, v)[1]


def r18_hvp_swapped(x, v, k):
    # evaluated at v, pushed along x
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (v,), (x,))[1]


def r18_hvp_right_fwd_over_rev(x, v, k):
    grad_x = jax.grad(energy, argnums=0)
    _, tangent = jax.jvp(lambda y: grad_x(y, k), (x,), (v,))
    return tangent


def r18_hvp_right_rev_over_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r18_hvp_right_rev_over_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r18_hvp_right_linearize(x, v, k):
    _, push = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return push(v)


# ---- 12.fixed_target: TD loss with targets held, rewards still trained --------------

example_values = jnp.array([1.0, 2.0, 0.5, -1.0])
example_rewards = jnp.array([0.5, -0.25, 1.0])


def r18_td_nothing_held(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r18_td_whole_target_held(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r18_td_held_wrong_side(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r18_td_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r18_td_discount_on_reward(values, rewards):
    target = 0.9 * rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r18_td_shifted(values, rewards):
    # compared each next value with a target from the one before
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r18_td_roll(values, rewards):
    # every state gets a target: the last wraps round to the first
    next_values = lax.stop_gradient(jnp.roll(values, -1))
    target = jnp.append(rewards, 0.0) + 0.9 * next_values
    return jnp.sum((values - target) ** 2)


def r18_td_half(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r18_td_discount_099(values, rewards):
    target = rewards + 0.99 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


_fixed_targets = example_rewards + 0.9 * example_values[1:]


def r18_td_targets_outside(values, rewards):
    # targets computed once, outside, from the example's values
    return jnp.sum((values[:-1] - _fixed_targets) ** 2)


def r18_td_returns_targets(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2), target


def r18_td_numpy_detach(values, rewards):
    # "detach" by going through NumPy
    target = rewards + 0.9 * jnp.asarray(np.asarray(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r18_td_right_slice_held(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r18_td_right_hold_all_then_slice(values, rewards):
    held = lax.stop_gradient(values)
    errors = values[:-1] - (rewards + 0.9 * held[1:])
    return errors @ errors


def r18_td_right_loop(values, rewards):
    total = 0.0
    for i in range(values.shape[0] - 1):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + jnp.square(values[i] - target)
    return total


# ---- 12.fix_rule: a right JVP rule for log_add_exp ----------------------------------


@jax.custom_jvp
def fixed_log_add_exp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r18_rule_copied(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(a - b) * a_dot


def r18_rule_one_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r18_rule_weights_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r18_rule_naive_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return fixed_log_add_exp(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r18_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r18_rule_sum_of_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), a_dot + b_dot


def r18_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jnp.where(a > b, a_dot, b_dot)


def r18_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r18_rule_softplus_style(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), jax.nn.sigmoid(a) * a_dot + jax.nn.sigmoid(b) * b_dot


def r18_rule_tuple_tangent(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return fixed_log_add_exp(a, b), (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r18_rule_unnormalised(primals, tangents):
    # shifted by the max, but never divided by the sum
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return fixed_log_add_exp(a, b), jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r18_rule_right_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = fixed_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


fixed_log_add_exp.defjvp(r18_rule_right_sigmoids)


def r18_rule_right_exp_minus_out(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r18_rule_right_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    weights = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    return jnp.logaddexp(a, b), weights[0] * a_dot + weights[1] * b_dot


ROUND_18 = [
    Wrong("12.jacobian_shapes", "typed B: entry's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "typed C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "typed D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "typed E: shaped like grad's result", lambda: "E"),
    Wrong("12.jacobian_shapes", "typed w's shape, not a letter", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "hedged between the two that start alike", lambda: "A or C"),
    Wrong("12.jacobian_shapes", "left the placeholder ...", lambda: ...),
    Wrong("12.jacobian_shapes", "typed both letters", lambda: "AC"),
    Wrong("12.jacobian_shapes", "typed the kind of result in words", lambda: "a dict like params"),
    Wrong("12.cheaper", "typed A: reverse mode is always cheap", lambda: "A"),
    Wrong("12.cheaper", "typed B: choice by the input's kind", lambda: "B"),
    Wrong("12.cheaper", "typed D: choice by the output's kind", lambda: "D"),
    Wrong("12.cheaper", "typed E: jacrev re-runs forward per output", lambda: "E"),
    Wrong("12.cheaper", "typed F: the same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "hedged between C and E", lambda: "C or E"),
    Wrong(
        "12.cheaper", "typed the choice, not the letter", lambda: "jacfwd for tall, jacrev for wide"
    ),
    Wrong("12.cheaper", "left the placeholder ...", lambda: ...),
    Wrong("12.cheaper", "typed the three agreeing letters", lambda: "CDE"),
    Wrong("12.hvp", "jax.hessian(energy) @ v: builds the matrix", lambda: r18_hvp_builds_hessian),
    Wrong("12.hvp", "jvp of the gradient with respect to k", lambda: r18_hvp_grad_wrt_k),
    Wrong("12.hvp", "returned jvp's whole (grad, tangent) pair", lambda: r18_hvp_whole_jvp),
    Wrong("12.hvp", "jvp of energy itself: first derivative", lambda: r18_hvp_jvp_of_energy),
    Wrong("12.hvp", "gradient times v, element by element", lambda: r18_hvp_grad_times_v),
    Wrong("12.hvp", "energy rewritten with + cos", lambda: r18_hvp_plus_cos),
    Wrong("12.hvp", "finite difference of the gradient", lambda: r18_hvp_finite_difference),
    Wrong("12.hvp", "by hand: cos(x) * v, springs left out", lambda: r18_hvp_wells_only),
    Wrong("12.hvp", "wiggle_hvp copied: k never passed", lambda: r18_hvp_no_k),
    Wrong("12.hvp", "x and v passed to jvp without tuples", lambda: r18_hvp_no_tuples),
    Wrong("12.hvp", "primal and tangent swapped: at v, along x", lambda: r18_hvp_swapped),
    Wrong("12.fixed_target", "no stop_gradient: the target moves", lambda: r18_td_nothing_held),
    Wrong(
        "12.fixed_target",
        "whole target held, rewards get no gradient",
        lambda: r18_td_whole_target_held,
    ),
    Wrong(
        "12.fixed_target", "held values[:-1], not the next values", lambda: r18_td_held_wrong_side
    ),
    Wrong("12.fixed_target", "mean of the squared errors, not the sum", lambda: r18_td_mean),
    Wrong(
        "12.fixed_target",
        "discount on the reward, not the value",
        lambda: r18_td_discount_on_reward,
    ),
    Wrong(
        "12.fixed_target", "pairs shifted: values[1:] against values[:-1]", lambda: r18_td_shifted
    ),
    Wrong("12.fixed_target", "jnp.roll: the last state gets a target", lambda: r18_td_roll),
    Wrong("12.fixed_target", "0.5 times the sum of squares", lambda: r18_td_half),
    Wrong("12.fixed_target", "discount 0.99, the usual RL number", lambda: r18_td_discount_099),
    Wrong(
        "12.fixed_target",
        "targets computed outside from example data",
        lambda: r18_td_targets_outside,
    ),
    Wrong("12.fixed_target", "returned (loss, targets)", lambda: r18_td_returns_targets),
    Wrong("12.fixed_target", "held the values by converting to NumPy", lambda: r18_td_numpy_detach),
    Wrong("12.fix_rule", "the buggy rule resubmitted", lambda: r18_rule_copied),
    Wrong("12.fix_rule", "sigmoid(a - b) on both tangents", lambda: r18_rule_one_weight),
    Wrong("12.fix_rule", "the two sigmoids swapped", lambda: r18_rule_weights_swapped),
    Wrong("12.fix_rule", "weights exp(a) / (exp(a) + exp(b))", lambda: r18_rule_naive_weights),
    Wrong("12.fix_rule", "returned the tangent only", lambda: r18_rule_tangent_only),
    Wrong("12.fix_rule", "tangent a_dot + b_dot", lambda: r18_rule_sum_of_tangents),
    Wrong("12.fix_rule", "derivative of the max: where(a > b, ...)", lambda: r18_rule_hard_max),
    Wrong("12.fix_rule", "output as log(exp(a) + exp(b))", lambda: r18_rule_naive_value),
    Wrong(
        "12.fix_rule", "softplus's rule: sigmoid(a), sigmoid(b)", lambda: r18_rule_softplus_style
    ),
    Wrong("12.fix_rule", "one tangent per input, as a tuple", lambda: r18_rule_tuple_tangent),
    Wrong("12.fix_rule", "exp(a - m), exp(b - m) not normalised", lambda: r18_rule_unnormalised),
]

RIGHT_18 = [
    Right("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Right("12.jacobian_shapes", "A with a full stop", lambda: "A."),
    Right("12.jacobian_shapes", "A with a leading space", lambda: " A"),
    Right("12.cheaper", "lower-case c", lambda: "c"),
    Right("12.cheaper", "C with a full stop", lambda: "C."),
    Right("12.cheaper", "C with spaces around", lambda: " C "),
    Right("12.hvp", "jvp of grad, argnums named", lambda: r18_hvp_right_fwd_over_rev),
    Right("12.hvp", "reverse-over-reverse: grad of grad . v", lambda: r18_hvp_right_rev_over_rev),
    Right("12.hvp", "reverse-over-forward: grad of a jvp", lambda: r18_hvp_right_rev_over_fwd),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r18_hvp_right_linearize),
    Right("12.fixed_target", "stop_gradient on values[1:]", lambda: r18_td_right_slice_held),
    Right(
        "12.fixed_target",
        "all values held, sliced, errors @ errors",
        lambda: r18_td_right_hold_all_then_slice,
    ),
    Right("12.fixed_target", "Python loop over the states", lambda: r18_td_right_loop),
    Right("12.fix_rule", "sigmoid(a - b) and sigmoid(b - a)", lambda: r18_rule_right_sigmoids),
    Right(
        "12.fix_rule", "weights exp(a - out), exp(b - out)", lambda: r18_rule_right_exp_minus_out
    ),
    Right(
        "12.fix_rule", "softmax of (a, b), value by jnp.logaddexp", lambda: r18_rule_right_softmax
    ),
]
