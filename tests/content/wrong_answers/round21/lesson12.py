"""Round 21, lesson 12 (Go beyond grad: JVPs, VJPs, Jacobians and custom rules): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 12.jacobian_shapes: what jacfwd/jacrev of a dict-taking layer return -----------
# ---- 12.cheaper: jacfwd or jacrev for tall and wide, and why ------------------------
# (predictions: strings, as typed)


# ---- 12.hvp: Hessian of energy in x, times v, without building it -------------------


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def energy_plus_cos(x, k):
    # the learner's copy of energy, with the wells' sign typed as +
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs + jnp.sum(jnp.cos(x))


def r21_hvp_builds_hessian(x, v, k):
    # builds the Hessian, then multiplies
    return jax.hessian(energy)(x, k) @ v


def r21_hvp_jvp_of_energy(x, v, k):
    # a JVP of energy itself: the directional derivative, one number
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r21_hvp_grad_times_v(x, v, k):
    # the gradient, multiplied element by element by v
    return jax.grad(energy)(x, k) * v


def r21_hvp_tangent_for_k(x, v, k):
    # jvp over both arguments, with k passed as its own tangent
    return jax.jvp(jax.grad(energy), (x, k), (v, k))[1]


def r21_hvp_grad_in_k(x, v, k):
    # grad with respect to the stiffness (argnums=1), not the positions
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1]


def r21_hvp_k_forgotten(x, v, k):
    # the lesson's wiggle_hvp with energy put in: k never passed
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def r21_hvp_whole_pair(x, v, k):
    # returns jvp's (gradient, H @ v) pair
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r21_hvp_index_zero(x, v, k):
    # [0] of jvp's pair: the gradient, not its tangent
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r21_hvp_sign_of_wells(x, v, k):
    # forward-over-reverse on an energy whose cosine term has the wrong sign
    return jax.jvp(lambda y: jax.grad(energy_plus_cos)(y, k), (x,), (v,))[1]


def r21_hvp_columns_by_vmap(x, v, k):
    # one JVP per unit vector (jacfwd by hand), then the matrix times v
    def column(e):
        return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (e,))[1]

    hessian = jax.vmap(column, out_axes=1)(jnp.eye(x.shape[0]))
    return hessian @ v


def r21_hvp_finite_difference(x, v, k):
    # central difference of the gradient along v, step 1e-3
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)


def r21_hvp_k_fixed_at_one(x, v, k):
    # k set to 1.0 while trying it, and left there
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def r21_hvp_right_rev_over_fwd(x, v, k):
    # reverse over forward: the gradient of a JVP along v
    def directional(y):
        return jax.jvp(lambda z: energy(z, k), (y,), (v,))[1]

    return jax.grad(directional)(x)


def r21_hvp_right_rev_over_rev(x, v, k):
    # reverse over reverse: the gradient of grad(energy) . v
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r21_hvp_right_linearize(x, v, k):
    # jax.linearize of the gradient, then its linear map applied to v
    _, hessian_times = jax.linearize(functools.partial(jax.grad(energy), k=k), x)
    return hessian_times(v)


def r21_hvp_right_vjp_of_grad(x, v, k):
    # a VJP of the gradient (the Hessian is symmetric)
    _, pull = jax.vjp(lambda y: jax.grad(energy)(y, k), x)
    return pull(v)[0]


# ---- 12.fixed_target: TD loss with the targets held, the rewards trained ------------


def r21_td_nothing_held(values, rewards):
    # no stop_gradient: the targets move with the values
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r21_td_whole_target_held(values, rewards):
    # stop_gradient around the whole target, rewards included
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r21_td_values_held(values, rewards):
    # held the values being trained instead of the targets' values
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r21_td_mean(values, rewards):
    # the mean of the squared errors, not their sum
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r21_td_backwards(values, rewards):
    # each next state trained towards a target from the state before it
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r21_td_discount_on_reward(values, rewards):
    # discounted the reward instead of the next value
    target = 0.9 * rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r21_td_last_state_target_zero(values, rewards):
    # gave the last state a target of 0 too, so every state has an error
    target = jnp.append(rewards + 0.9 * lax.stop_gradient(values[1:]), 0.0)
    return jnp.sum((values - target) ** 2)


_EXAMPLE_VALUES = jnp.array([1.0, 2.0, 3.0, 4.0])


def r21_td_targets_from_example(values, rewards):
    # targets built once from a fixed example, outside the function
    target = rewards + 0.9 * _EXAMPLE_VALUES[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r21_td_absolute(values, rewards):
    # absolute errors instead of squared ones
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def r21_td_norm(values, rewards):
    # the norm of the errors (square root of the sum)
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.linalg.norm(values[:-1] - target)


def r21_td_no_discount(values, rewards):
    # the discount left out
    target = rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r21_td_loop_three_states(values, rewards):
    # a Python loop over the lesson's 3 targets, range(3) hard-coded
    total = 0.0
    for i in range(3):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


def r21_td_right_held_copy(values, rewards):
    # holds a copy of all the values, then slices it
    held = lax.stop_gradient(values)
    errors = values[:-1] - (rewards + 0.9 * held[1:])
    return jnp.dot(errors, errors)


def r21_td_right_roll(values, rewards):
    # next values by jnp.roll, the wrapped-around last one dropped
    next_values = lax.stop_gradient(jnp.roll(values, -1))[:-1]
    return jnp.sum(jnp.square(values[:-1] - rewards - 0.9 * next_values))


def r21_td_right_loop(values, rewards):
    # a Python loop over the states, as many as rewards has
    total = jnp.float32(0.0)
    for i in range(rewards.shape[0]):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


# ---- 12.fix_rule: the JVP rule of log_add_exp, in both arguments --------------------


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r21_rule_original(primals, tangents):
    # the lesson's buggy rule, copied
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot


def r21_rule_same_weight(primals, tangents):
    # one weight for both tangents
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r21_rule_weights_swapped(primals, tangents):
    # b's weight on a_dot and a's on b_dot
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r21_rule_naive_softmax(primals, tangents):
    # the weights as exp(a) / (exp(a) + exp(b)): overflows far apart
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _lae(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r21_rule_sum_of_tangents(primals, tangents):
    # derivative 1 in each argument
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), a_dot + b_dot


def r21_rule_tangent_only(primals, tangents):
    # returns the tangent alone, not (output, tangent)
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r21_rule_pair_reversed(primals, tangents):
    # returns (tangent, output)
    a, b = primals
    a_dot, b_dot = tangents
    tangent = jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot
    return tangent, _lae(a, b)


def r21_rule_unnormalised(primals, tangents):
    # exp(a - m) and exp(b - m) as weights, never divided by their sum
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return _lae(a, b), jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r21_rule_minus_b(primals, tangents):
    # b's term subtracted
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r21_rule_primals_not_tangents(primals, tangents):
    # weights multiply the primals a and b instead of the tangents
    a, b = primals
    return _lae(a, b), jax.nn.sigmoid(a - b) * a + jax.nn.sigmoid(b - a) * b


def r21_rule_unpacked_wrong(primals, tangents):
    # (a, a_dot), (b, b_dot) = primals, tangents: pairs the wrong things
    (a, a_dot), (b, b_dot) = primals, tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r21_rule_tanh_sigmoid(primals, tangents):
    # sigmoid misremembered as (1 + tanh(x)) / 2
    a, b = primals
    a_dot, b_dot = tangents
    weight_a = 0.5 * (1 + jnp.tanh(a - b))
    return _lae(a, b), weight_a * a_dot + (1 - weight_a) * b_dot


def r21_rule_right_exp_minus_out(primals, tangents):
    # the weights as exp(a - out) and exp(b - out), out >= both
    a, b = primals
    a_dot, b_dot = tangents
    out = _lae(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r21_rule_right_one_minus(primals, tangents):
    # b's weight as 1 - sigmoid(a - b)
    a, b = primals
    a_dot, b_dot = tangents
    weight_a = jax.nn.sigmoid(a - b)
    return jnp.logaddexp(a, b), weight_a * a_dot + (1.0 - weight_a) * b_dot


def r21_rule_right_softmax(primals, tangents):
    # softmax of the stacked pair gives both weights
    a, b = primals
    a_dot, b_dot = tangents
    weights = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    return _lae(a, b), weights[0] * a_dot + weights[1] * b_dot


ROUND_21 = [
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "typed B: laid out like the matrix", lambda: "B"),
    Wrong("12.jacobian_shapes", "typed C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "typed D: one flat (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "typed E: shapes as grad gives them", lambda: "E"),
    Wrong("12.jacobian_shapes", "typed w's Jacobian shape, no letter", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "typed the reveal's shape (2, 2, 4)", lambda: "(2, 2, 4)"),
    Wrong("12.jacobian_shapes", "hedged: 'A or B'", lambda: "A or B"),
    Wrong("12.jacobian_shapes", "a dict of the shapes, not a letter",
          lambda: {"s": (3,), "w": (3, 4, 3)}),
    Wrong("12.jacobian_shapes", "one letter per function, A and C", lambda: ("A", "C")),
    Wrong("12.jacobian_shapes", "typed 'none of them'", lambda: "none of them"),
    # 12.cheaper
    Wrong("12.cheaper", "typed A: reverse mode is always cheap", lambda: "A"),
    Wrong("12.cheaper", "typed B: matrix input means jacrev", lambda: "B"),
    Wrong("12.cheaper", "typed D: vector output means jacfwd", lambda: "D"),
    Wrong("12.cheaper", "typed E: jacrev pays a forward pass per row", lambda: "E"),
    Wrong("12.cheaper", "typed F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "typed the choice in words, no letter",
          lambda: "jacfwd for tall, jacrev for wide"),
    Wrong("12.cheaper", "hedged: 'C or E'", lambda: "C or E"),
    Wrong("12.cheaper", "typed all three that agree, 'CDE'", lambda: "CDE"),
    Wrong("12.cheaper", "typed the pass count 20", lambda: "20"),
    Wrong("12.cheaper", "a tuple of the two function names", lambda: ("jacfwd", "jacrev")),
    # 12.hvp
    Wrong("12.hvp", "jax.hessian, then @ v", lambda: r21_hvp_builds_hessian),
    Wrong("12.hvp", "jvp of energy, not of its gradient", lambda: r21_hvp_jvp_of_energy),
    Wrong("12.hvp", "gradient times v element-wise", lambda: r21_hvp_grad_times_v),
    Wrong("12.hvp", "jvp over (x, k) with k as its tangent", lambda: r21_hvp_tangent_for_k),
    Wrong("12.hvp", "grad with argnums=1, the stiffness", lambda: r21_hvp_grad_in_k),
    Wrong("12.hvp", "wiggle_hvp copied, k never passed", lambda: r21_hvp_k_forgotten),
    Wrong("12.hvp", "returns jvp's whole pair", lambda: r21_hvp_whole_pair),
    Wrong("12.hvp", "took [0] of jvp's pair: the gradient", lambda: r21_hvp_index_zero),
    Wrong("12.hvp", "energy copied with + cos", lambda: r21_hvp_sign_of_wells),
    Wrong("12.hvp", "Hessian by columns with vmap over eye", lambda: r21_hvp_columns_by_vmap),
    Wrong("12.hvp", "central finite difference of grad", lambda: r21_hvp_finite_difference),
    Wrong("12.hvp", "k fixed at 1.0 from a trial run", lambda: r21_hvp_k_fixed_at_one),
    # 12.fixed_target
    Wrong("12.fixed_target", "no stop_gradient at all", lambda: r21_td_nothing_held),
    Wrong("12.fixed_target", "stop_gradient around the whole target", lambda: r21_td_whole_target_held),
    Wrong("12.fixed_target", "held values[:-1], not values[1:]", lambda: r21_td_values_held),
    Wrong("12.fixed_target", "mean of the squared errors", lambda: r21_td_mean),
    Wrong("12.fixed_target", "targets from the previous state", lambda: r21_td_backwards),
    Wrong("12.fixed_target", "discount on the reward, not the value", lambda: r21_td_discount_on_reward),
    Wrong("12.fixed_target", "last state given a target of 0", lambda: r21_td_last_state_target_zero),
    Wrong("12.fixed_target", "targets from a fixed example array", lambda: r21_td_targets_from_example),
    Wrong("12.fixed_target", "absolute errors", lambda: r21_td_absolute),
    Wrong("12.fixed_target", "norm of the errors", lambda: r21_td_norm),
    Wrong("12.fixed_target", "discount left out", lambda: r21_td_no_discount),
    Wrong("12.fixed_target", "Python loop over range(3)", lambda: r21_td_loop_three_states),
    # 12.fix_rule
    Wrong("12.fix_rule", "the buggy rule copied", lambda: r21_rule_original),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r21_rule_same_weight),
    Wrong("12.fix_rule", "the two weights swapped", lambda: r21_rule_weights_swapped),
    Wrong("12.fix_rule", "weights exp(a) / (exp(a) + exp(b))", lambda: r21_rule_naive_softmax),
    Wrong("12.fix_rule", "a_dot + b_dot, slope 1 each", lambda: r21_rule_sum_of_tangents),
    Wrong("12.fix_rule", "returns the tangent alone", lambda: r21_rule_tangent_only),
    Wrong("12.fix_rule", "returns (tangent, output)", lambda: r21_rule_pair_reversed),
    Wrong("12.fix_rule", "exp(a - m), exp(b - m) not normalised", lambda: r21_rule_unnormalised),
    Wrong("12.fix_rule", "b's term subtracted", lambda: r21_rule_minus_b),
    Wrong("12.fix_rule", "weights times the primals a, b", lambda: r21_rule_primals_not_tangents),
    Wrong("12.fix_rule", "unpacked (a, a_dot), (b, b_dot)", lambda: r21_rule_unpacked_wrong),
    Wrong("12.fix_rule", "sigmoid written as (1 + tanh(x)) / 2", lambda: r21_rule_tanh_sigmoid),
]

RIGHT_21 = [
    Right("12.jacobian_shapes", "lower case 'a'", lambda: "a"),
    Right("12.jacobian_shapes", "' A' with a leading space", lambda: " A"),
    Right("12.jacobian_shapes", "'A.' with a full stop", lambda: "A."),
    Right("12.cheaper", "lower case 'c'", lambda: "c"),
    Right("12.cheaper", "' C' with a leading space", lambda: " C"),
    Right("12.cheaper", "'C.' with a full stop", lambda: "C."),
    Right("12.hvp", "reverse over forward", lambda: r21_hvp_right_rev_over_fwd),
    Right("12.hvp", "reverse over reverse, grad of a dot", lambda: r21_hvp_right_rev_over_rev),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r21_hvp_right_linearize),
    Right("12.hvp", "a VJP of the gradient", lambda: r21_hvp_right_vjp_of_grad),
    Right("12.fixed_target", "held copy of all values, jnp.dot", lambda: r21_td_right_held_copy),
    Right("12.fixed_target", "next values by jnp.roll", lambda: r21_td_right_roll),
    Right("12.fixed_target", "a loop over rewards' length", lambda: r21_td_right_loop),
    Right("12.fix_rule", "weights exp(a - out), exp(b - out)", lambda: r21_rule_right_exp_minus_out),
    Right("12.fix_rule", "1 - sigmoid, output by jnp.logaddexp", lambda: r21_rule_right_one_minus),
    Right("12.fix_rule", "softmax of the stacked pair", lambda: r21_rule_right_softmax),
]
