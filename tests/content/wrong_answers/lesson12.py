"""Lesson 12: realistic wrong answers (see the package docstring for the labels).

Written as a NumPy user new to JAX writes them after reading the lesson: the notebook's
``energy``, ``wiggle`` and the buggy ``log_add_exp`` are copied here as the cells define
them.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers import Wrong

# --- 12.jacobian_shapes -----------------------------------------------------------------


# --- 12.hvp -----------------------------------------------------------------------------


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def hvp_hessian_matmul(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def hvp_jacfwd_of_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def hvp_hessian_elementwise(x, v, k):
    return jax.hessian(energy)(x, k) * v


def hvp_k_not_passed(x, v, k):
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def hvp_no_tuples(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), x, v)[1]


def hvp_whole_jvp(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def hvp_first_output(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def hvp_grad_dot_v(x, v, k):
    return jnp.dot(jax.grad(energy)(x, k), v)


def hvp_swapped(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (v,), (x,))[1]


def hvp_k_tangent_one(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, 1.0))[1]


def hvp_k_written_in(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def hvp_of_wiggle(x, v, k):
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


# --- 12.fixed_target --------------------------------------------------------------------


target = jnp.array([0.0, 0.0, 1.0]) + 0.9 * jnp.array([1.0, 0.0, 2.0])  # the notebook's


def td_error_held_times_values(values, rewards):  # the gradient is the error: half the task's
    error = lax.stop_gradient(values[:-1] - (rewards + 0.9 * values[1:]))
    return jnp.sum(error * values[:-1])


def td_squared_errors_unsummed(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.square(values[:-1] - target)


def td_notebook_target(values, rewards):
    return jnp.sum((values[:-1] - target) ** 2)


def td_unchanged(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def td_rewards_held(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def td_target_wrapped(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_target_held_in_the_error(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - lax.stop_gradient(target)) ** 2)


def td_numpy_copy(values, rewards):
    target = np.asarray(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_detach(values, rewards):
    target = (rewards + 0.9 * values[1:]).detach()
    return jnp.sum((values[:-1] - target) ** 2)


def td_jax_stop_gradient(values, rewards):
    target = jax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_whole_loss_held(values, rewards):
    target = rewards + 0.9 * values[1:]
    return lax.stop_gradient(jnp.sum((values[:-1] - target) ** 2))


def td_values_held_first(values, rewards):
    values = lax.stop_gradient(values)
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def td_prediction_held(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def td_jnp_array_copy(values, rewards):
    target = jnp.array(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_no_discount(values, rewards):
    target = rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_copy_method(values, rewards):
    target = (rewards + 0.9 * values[1:]).copy()
    return jnp.sum((values[:-1] - target) ** 2)


def td_held_discount(values, rewards):
    target = rewards + lax.stop_gradient(0.9) * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def td_inline_unchanged(values, rewards):  # the lesson's td_loss, as it is written
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def td_inline_left_held(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1] - rewards) - 0.9 * values[1:]) ** 2)


# --- 12.fix_rule ------------------------------------------------------------------------


def log_add_exp(a, b):  # the lesson's stable value (the notebook's custom_jvp computes it)
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def rule_unchanged(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot


def rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def rule_unweighted(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), a_dot + b_dot


def rule_exp_fractions(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return log_add_exp(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def rule_tuple_of_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def rule_no_tangents(primals, tangents):
    a, b = primals
    return log_add_exp(a, b), jax.nn.sigmoid(a - b) + jax.nn.sigmoid(b - a)


def rule_softplus_copied(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), jax.nn.sigmoid(a) * a_dot + jax.nn.sigmoid(b) * b_dot


def rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def rule_a_dot_twice(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return log_add_exp(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * a_dot


WRONG_ANSWERS = (
    # 12.jacobian_shapes
    Wrong(
        "12.jacobian_shapes",
        "B: laid out like W, then the output",
        lambda: "B",
        named="input-first",
    ),
    Wrong(
        "12.jacobian_shapes", "lower-case b, after running both", lambda: " b", named="input-first"
    ),
    Wrong(
        "12.jacobian_shapes",
        "option B's text retyped",
        lambda: (
            'from both, a dict like params, of shapes {"s": (3,), "w": (4, 3, 3)}: in each '
            "entry that entry's own shape first, then the output's: a derivative with respect "
            "to a matrix is laid out like the matrix"
        ),
        named="input-first",
    ),
    Wrong("12.jacobian_shapes", "C: reverse mode transposes W", lambda: "C", named="transposed"),
    Wrong(
        "12.jacobian_shapes",
        "option c, after the shapes agreed",
        lambda: "option c",
        named="transposed",
    ),
    Wrong("12.jacobian_shapes", "flattened W", lambda: "(D)", named="flattened"),
    Wrong("12.jacobian_shapes", "W's shape, as grad", lambda: "e", named="input-shape"),
    Wrong(
        "12.jacobian_shapes",
        "the shapes it printed, not a letter",
        lambda: ((4, 4, 4), (4, 4, 4)),
        named="shapes-not-letter",
    ),
    Wrong(
        "12.jacobian_shapes",
        "the dict of shapes, typed out",
        lambda: {"s": (3,), "w": (3, 4, 3)},
        named="shapes-not-letter",
    ),
    Wrong(
        "12.jacobian_shapes",
        "one shape, not a letter",
        lambda: (4, 4, 4),
        named="shapes-not-letter",
    ),
    Wrong("12.jacobian_shapes", "two letters", lambda: "A or B", says="names 2 options"),
    Wrong("12.jacobian_shapes", "three letters, hedged", lambda: "ABC", says="names 3 options"),
    # 12.cheaper
    Wrong("12.cheaper", "reverse mode, as grad", lambda: "a", named="reverse-always"),
    Wrong("12.cheaper", "option A in words", lambda: "option a", named="reverse-always"),
    Wrong("12.cheaper", "swapped", lambda: "B", named="swapped"),
    Wrong("12.cheaper", "swapped, in brackets", lambda: "(B)", named="swapped"),
    Wrong(
        "12.cheaper",
        "option B's text pasted",
        lambda: (
            "jacrev for tall, jacfwd for wide: forward mode is the cheaper one when the "
            "input is a vector, reverse mode when the input is a matrix"
        ),
        named="swapped",
    ),
    Wrong("12.cheaper", "a vector out, a matrix out", lambda: "D", named="by-rank"),
    Wrong("12.cheaper", "by rank, lower case with a dot", lambda: "d.", named="by-rank"),
    Wrong("12.cheaper", "a forward pass per output", lambda: "E", named="forward-per-output"),
    Wrong("12.cheaper", "whole VJPs, option e", lambda: "option e", named="forward-per-output"),
    Wrong("12.cheaper", "the same work, with spaces", lambda: " f ", named="same-work"),
    Wrong("12.cheaper", "two letters", lambda: "C and E", says="names 2 options"),
    Wrong("12.cheaper", "the option's number", lambda: 3, says="not numbers"),
    Wrong("12.cheaper", "a mode's name", lambda: "jacfwd", says="is not one of the options"),
    # 12.hvp
    Wrong("12.hvp", "jax.hessian, then @ v", lambda: hvp_hessian_matmul, named="builds-hessian"),
    Wrong("12.hvp", "jacfwd of grad, then @ v", lambda: hvp_jacfwd_of_grad, named="builds-hessian"),
    Wrong(
        "12.hvp",
        "hessian times v entry by entry",
        lambda: hvp_hessian_elementwise,
        named="builds-hessian",
    ),
    Wrong("12.hvp", "grad(energy) without k", lambda: hvp_k_not_passed, named="k-missing"),
    Wrong("12.hvp", "jvp without tuples", lambda: hvp_no_tuples, named="not-tuples"),
    Wrong("12.hvp", "jvp's whole output", lambda: hvp_whole_jvp, named="whole-pair"),
    Wrong("12.hvp", "jvp's first output", lambda: hvp_first_output, named="gradient"),
    Wrong("12.hvp", "jvp of energy itself", lambda: hvp_jvp_of_energy, named="first-derivative"),
    Wrong("12.hvp", "gradient dotted with v", lambda: hvp_grad_dot_v, named="first-derivative"),
    Wrong("12.hvp", "gradient times v", lambda: hvp_grad_times_v, named="gradient-times-v"),
    Wrong("12.hvp", "point and tangent swapped", lambda: hvp_swapped, named="point-and-direction"),
    Wrong("12.hvp", "k's tangent 1.0", lambda: hvp_k_tangent_one, named="moves-k"),
    Wrong("12.hvp", "k written in as 1.0", lambda: hvp_k_written_in, named="ignores-k"),
    Wrong("12.hvp", "the lesson's wiggle_hvp", lambda: hvp_of_wiggle, named="lesson-function"),
    # 12.fixed_target
    Wrong("12.fixed_target", "td_loss unchanged", lambda: td_unchanged, named="gradient-flows"),
    Wrong(
        "12.fixed_target",
        "terminal state appended: a target as long as values",
        lambda: (
            lambda values, rewards: jnp.sum(
                (values - (rewards + 0.9 * jnp.append(jax.lax.stop_gradient(values[1:]), 0.0))) ** 2
            )
        ),
        named="rewards-length",
    ),
    Wrong(
        "12.fixed_target",
        "td_loss copied from a neighbour whose discount is 0.8",
        lambda: lambda values, rewards: jnp.sum((values[:-1] - rewards - 0.8 * values[1:]) ** 2),
        named="flows-other-discount",
    ),
    Wrong(
        "12.fixed_target",
        "the whole target wrapped, as held_loss does",
        lambda: td_target_wrapped,
        named="rewards-held",
    ),
    Wrong(
        "12.fixed_target",
        "td_loss's target, held where the error uses it",
        lambda: td_target_held_in_the_error,
        named="rewards-held",
    ),
    Wrong(
        "12.fixed_target",
        "rewards held, not values",
        lambda: td_rewards_held,
        named="gradient-flows",
    ),
    Wrong(
        "12.fixed_target",
        "a copy with jnp.array",
        lambda: td_jnp_array_copy,
        named="gradient-flows",
    ),
    Wrong("12.fixed_target", "a copy with .copy()", lambda: td_copy_method, named="gradient-flows"),
    Wrong("12.fixed_target", "the discount held", lambda: td_held_discount, named="gradient-flows"),
    Wrong("12.fixed_target", "a NumPy copy", lambda: td_numpy_copy, named="numpy-copy"),
    Wrong("12.fixed_target", "PyTorch's detach", lambda: td_detach, named="detach"),
    Wrong(
        "12.fixed_target",
        "jax.stop_gradient",
        lambda: td_jax_stop_gradient,
        named="jax-stop-gradient",
    ),
    Wrong(
        "12.fixed_target",
        "the whole loss held",
        lambda: td_whole_loss_held,
        named="held-everything",
    ),
    Wrong(
        "12.fixed_target",
        "values held first",
        lambda: td_values_held_first,
        named="held-everything",
    ),
    Wrong(
        "12.fixed_target",
        "the prediction held",
        lambda: td_prediction_held,
        named="held-prediction",
    ),
    Wrong("12.fixed_target", "the 0.9 dropped", lambda: td_no_discount, named="no-discount"),
    Wrong(
        "12.fixed_target",
        "the inline loss, unchanged",
        lambda: td_inline_unchanged,
        named="gradient-flows",
    ),
    Wrong(
        "12.fixed_target",
        "inline, values[:-1] - rewards held",
        lambda: td_inline_left_held,
        named="held-prediction",
    ),
    Wrong(
        "12.fixed_target",
        "the lesson's target, computed outside",
        lambda: td_notebook_target,
        named="lesson-sized",
    ),
    # 12.fix_rule
    Wrong("12.fix_rule", "the buggy rule copied", lambda: rule_unchanged, named="b-ignored"),
    Wrong("12.fix_rule", "one weight for both", lambda: rule_same_weight, named="same-weight"),
    Wrong("12.fix_rule", "weights swapped", lambda: rule_swapped, named="weights-swapped"),
    Wrong("12.fix_rule", "tangents added", lambda: rule_unweighted, named="unweighted"),
    Wrong("12.fix_rule", "exp fractions", lambda: rule_exp_fractions, named="overflows"),
    Wrong("12.fix_rule", "the naive value", lambda: rule_naive_value, named="overflows"),
    Wrong(
        "12.fix_rule",
        "a tangent per input",
        lambda: rule_tuple_of_tangents,
        named="tangent-per-input",
    ),
    Wrong("12.fix_rule", "the tangent alone", lambda: rule_tangent_only, named="no-pair"),
    Wrong("12.fix_rule", "derivatives, no tangents", lambda: rule_no_tangents, named="not-linear"),
    Wrong(
        "12.fix_rule",
        "softplus's rule copied",
        lambda: rule_softplus_copied,
        named="wrong-derivatives",
    ),
    Wrong("12.fix_rule", "b's term subtracted", lambda: rule_minus, named="b-negative"),
    Wrong("12.fix_rule", "a_dot twice", lambda: rule_a_dot_twice, named="wrong-derivatives"),
)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r3_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r3_hvp_pair(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))


def r3_td_held_values(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r3_td_held_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r3_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r3_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r3_rule_exp_formula(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    total = jnp.exp(a) + jnp.exp(b)
    return out, jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r3_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


ROUND_3 = (
    Wrong("12.cheaper", '"D": forward for wide', lambda: "D"),
    Wrong("12.cheaper", '"E": same Jacobian, same work', lambda: "E"),
    Wrong("12.cheaper", '"B": reverse is what training uses', lambda: "B"),
    Wrong("12.hvp", "grad(energy) * v, element by element", lambda: r3_hvp_grad_times_v),
    Wrong("12.hvp", "jvp of energy itself: one number", lambda: r3_hvp_jvp_of_energy),
    Wrong("12.hvp", "jvp's (gradient, hvp) pair, no [1]", lambda: r3_hvp_pair),
    Wrong("12.fixed_target", "stop_gradient on values[:-1]", lambda: r3_td_held_values),
    Wrong("12.fixed_target", "stop_gradient on the rewards", lambda: r3_td_held_rewards),
    Wrong("12.fixed_target", "held target, mean not sum", lambda: r3_td_mean),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r3_rule_same_weight),
    Wrong("12.fix_rule", "exp(a) / (exp(a) + exp(b)): overflows", lambda: r3_rule_exp_formula),
    Wrong("12.fix_rule", "the two sigmoids swapped", lambda: r3_rule_swapped),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- families named after round 4 (issue 35): written anew, not round 4's strings --------


def f35_hvp_tangent_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.asarray(k)))[1]


def f35_hvp_wells_minus(x, v, k):
    springs = k * (
        jnp.concatenate([v[:1] - v[1:2], 2 * v[1:-1] - v[:-2] - v[2:], v[-1:] - v[-2:-1]])
    )
    return springs - jnp.cos(x) * v


def f35_hvp_periodic(x, v, k):
    left, right = jnp.roll(v, -1), jnp.roll(v, 1)
    return k * (2 * v - left - right) + jnp.cos(x) * v


def f35_td_discount_all(values, rewards):
    target = 0.9 * (rewards + lax.stop_gradient(values)[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def f35_td_backwards(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((values[1:] - (rewards + 0.9 * held[:-1])) ** 2)


def f35_td_difference_of_squares(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(values[:-1] ** 2) - jnp.sum(target**2)


def f35_td_average(values, rewards):
    errors = values[:-1] - (rewards + 0.9 * lax.stop_gradient(values[1:]))
    return jnp.mean(jnp.square(errors))


FAMILIES_35 = (
    Wrong(
        "12.hvp",
        "k given its own value as tangent",
        lambda: f35_hvp_tangent_k,
        named="moves-k-by-k",
    ),
    Wrong("12.hvp", "by hand, wells subtracted", lambda: f35_hvp_wells_minus, named="wells-sign"),
    Wrong("12.hvp", "by hand, neighbours by jnp.roll", lambda: f35_hvp_periodic, named="ring"),
    Wrong(
        "12.fixed_target",
        "0.9 around reward and next value",
        lambda: f35_td_discount_all,
        named="discounted-reward",
    ),
    Wrong(
        "12.fixed_target",
        "later states towards earlier ones",
        lambda: f35_td_backwards,
        named="chain-reversed",
    ),
    Wrong(
        "12.fixed_target",
        "sum of squares minus sum of squares",
        lambda: f35_td_difference_of_squares,
        named="squared-apart",
    ),
    Wrong(
        "12.fixed_target",
        "jnp.mean of the squared errors",
        lambda: f35_td_average,
        named="mean-not-sum",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_35)


# --- issue 34/35, this pass: 12.fixed_target's and 12.hvp's families from rounds 5 and 6,
# written again as learners write them -----------------------------------------------------


def td_target_from_this_state(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((values[:-1] - (rewards + 0.9 * held[:-1])) ** 2)


def td_target_from_same_slice(values, rewards):
    current = values[:-1]
    target = rewards + 0.9 * lax.stop_gradient(current)
    return jnp.sum((current - target) ** 2)


def td_own_value_first_state_dropped(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    error = values[:-1] - target
    return (error**2).sum()


def td_next_state_trained(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[1:] - target) ** 2)


def td_next_state_trained_reversed(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((target - values[1:]) ** 2)


def td_abs(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def td_abs_reversed(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.abs(target - values[:-1]).sum()


def td_sum_then_square(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return (values[:-1] - target).sum() ** 2


def td_total_error_squared(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    total = jnp.sum(values[:-1]) - jnp.sum(target)
    return total * total


def td_last_state_target_zero(values, rewards):
    target = lax.stop_gradient(jnp.concatenate([rewards + 0.9 * values[1:], jnp.zeros(1)]))
    return jnp.sum((values - target) ** 2)


def td_last_state_padded(values, rewards):
    padded = jnp.pad(rewards + 0.9 * lax.stop_gradient(values[1:]), (0, 1))
    return jnp.sum((values - padded) ** 2)


def hvp_vjp_of_energy(x, v, k):
    _, pull = jax.vjp(lambda y: energy(y, k), x)
    return pull(v)[0]


def hvp_vjp_of_energy_partial(x, v, k):
    _, pull = jax.vjp(functools.partial(energy, k=k), x)
    (g,) = pull(v)
    return g


def hvp_vjp_of_energy_two_args(x, v, k):
    _, pull = jax.vjp(energy, x, k)
    return pull(v)[0]


def hvp_unit_step(x, v, k):
    g = jax.grad(energy)
    return g(x + v, k) - g(x, k)


def hvp_step_of_v(x, v, k):
    before = jax.grad(lambda y: energy(y, k))(x)
    after = jax.grad(lambda y: energy(y, k))(x + v)
    return after - before


def hvp_forward_difference(x, v, k):
    h = 1e-3
    g = jax.grad(energy)
    return (g(x + h * v, k) - g(x, k)) / h


def hvp_central_difference(x, v, k):
    h = 1e-2
    g = jax.grad(energy)
    return (g(x + h * v, k) - g(x - h * v, k)) / (2 * h)


def hvp_gradient_in_k(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1]


def rule_tangent_first(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot, out


def rule_tangent_first_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([a, b]))
    return w[0] * a_dot + w[1] * b_dot, log_add_exp(a, b)


FAMILIES_34 = (
    Wrong(
        "12.hvp",
        "gradient at x + v minus at x",
        lambda: hvp_unit_step,
        named="difference-of-gradients",
    ),
    Wrong(
        "12.hvp",
        "after minus before a step v",
        lambda: hvp_step_of_v,
        named="difference-of-gradients",
    ),
    Wrong(
        "12.hvp",
        "forward difference, h = 1e-3",
        lambda: hvp_forward_difference,
        named="finite-difference",
    ),
    Wrong(
        "12.hvp",
        "central difference, h = 1e-2",
        lambda: hvp_central_difference,
        named="finite-difference",
    ),
    Wrong("12.hvp", "jvp of the gradient in k", lambda: hvp_gradient_in_k, named="ignores-k"),
    Wrong(
        "12.fix_rule",
        "tangent first, output second",
        lambda: rule_tangent_first,
        named="pair-swapped",
    ),
    Wrong(
        "12.fix_rule",
        "softmax weights, pair in the wrong order",
        lambda: rule_tangent_first_softmax,
        named="pair-swapped",
    ),
    Wrong(
        "12.fixed_target",
        "target from this state's own value",
        lambda: td_target_from_this_state,
        named="target-from-own-value",
    ),
    Wrong(
        "12.fixed_target",
        "target from the same slice it trains",
        lambda: td_target_from_same_slice,
        named="target-from-own-value",
    ),
    Wrong(
        "12.fixed_target",
        "values[:-1] in the target, squared by hand",
        lambda: td_own_value_first_state_dropped,
        named="target-from-own-value",
    ),
    Wrong(
        "12.fixed_target",
        "the next state trained towards the target",
        lambda: td_next_state_trained,
        named="trains-next",
    ),
    Wrong(
        "12.fixed_target",
        "target minus the next value, squared",
        lambda: td_next_state_trained_reversed,
        named="trains-next",
    ),
    Wrong("12.fixed_target", "absolute errors", lambda: td_abs, named="absolute-error"),
    Wrong(
        "12.fixed_target",
        "absolute errors, target first",
        lambda: td_abs_reversed,
        named="absolute-error",
    ),
    Wrong(
        "12.fixed_target",
        "the sum, then squared",
        lambda: td_sum_then_square,
        named="square-of-sum",
    ),
    Wrong(
        "12.fixed_target",
        "the total error squared",
        lambda: td_total_error_squared,
        named="square-of-sum",
    ),
    Wrong(
        "12.fixed_target",
        "a target of 0 for the last state, concatenated",
        lambda: td_last_state_target_zero,
        named="last-trained-to-zero",
    ),
    Wrong(
        "12.fixed_target",
        "the target padded with a 0",
        lambda: td_last_state_padded,
        named="last-trained-to-zero",
    ),
    Wrong(
        "12.hvp",
        "vjp of energy pulled back with v",
        lambda: hvp_vjp_of_energy,
        named="vjp-of-energy",
    ),
    Wrong(
        "12.hvp",
        "vjp of partial(energy, k=k) with v",
        lambda: hvp_vjp_of_energy_partial,
        named="vjp-of-energy",
    ),
    Wrong(
        "12.hvp",
        "vjp of energy in (x, k), v as the cotangent",
        lambda: hvp_vjp_of_energy_two_args,
        named="vjp-of-energy",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_34)

# --- Round 7's families (issue 35) -------------------------------------------------------


def td_discount_099(values, rewards):
    target = lax.stop_gradient(rewards + 0.99 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def td_discount_half(values, rewards):
    gamma = 0.5
    target = rewards + gamma * lax.stop_gradient(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def td_discount_095_loop_free(values, rewards):
    held = lax.stop_gradient(values)
    errors = values[:-1] - (rewards + 0.95 * held[1:])
    return errors @ errors


def td_half_squared(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def td_doubled(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return 2.0 * jnp.sum(jnp.square(values[:-1] - target))


def td_over_two(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2) / 2


def td_four_states(values, rewards):  # slices written for the page's 4 states
    target = rewards[:3] + 0.9 * lax.stop_gradient(values[1:4])
    return jnp.sum((values[:3] - target) ** 2)


def td_rolled(values, rewards):  # next values by jnp.roll, rewards padded with a 0
    nxt = lax.stop_gradient(jnp.roll(values, -1))
    return jnp.sum((values - (jnp.concatenate([rewards, jnp.zeros(1)]) + 0.9 * nxt)) ** 2)


def rule_max_output(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jnp.maximum(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def rule_naive_output(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))  # overflows at (100, 3): inf
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def rule_output_plus_tangent(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    tangent = jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot
    return a + b, tangent


FAMILIES_35 = (
    Wrong("12.fixed_target", "discount 0.99", lambda: td_discount_099, named="other-discount"),
    Wrong(
        "12.fixed_target", "discount 0.5, held", lambda: td_discount_half, named="other-discount"
    ),
    Wrong(
        "12.fixed_target",
        "discount 0.95, errors @ errors",
        lambda: td_discount_095_loop_free,
        named="other-discount",
    ),
    Wrong(
        "12.fixed_target", "half the squared error", lambda: td_half_squared, named="scaled-loss"
    ),
    Wrong("12.fixed_target", "twice the loss", lambda: td_doubled, named="scaled-loss"),
    Wrong(
        "12.fixed_target",
        "held error times values: a stand-in with half the gradient",
        lambda: td_error_held_times_values,
        named="gradient-only-proportional",
    ),
    Wrong(
        "12.fixed_target",
        "squared errors left unsummed",
        lambda: td_squared_errors_unsummed,
        named="not-one-number",
    ),
    Wrong("12.fixed_target", "the sum over 2", lambda: td_over_two, named="scaled-loss"),
    Wrong(
        "12.fixed_target", "slices for 4 states", lambda: td_four_states, named="last-step-dropped"
    ),
    Wrong(
        "12.fixed_target", "jnp.roll for the next values", lambda: td_rolled, named="last-wrapped"
    ),
    Wrong("12.fix_rule", "max(a, b) as the output", lambda: rule_max_output, named="wrong-output"),
    Wrong(
        "12.fix_rule", "a + b as the output", lambda: rule_output_plus_tangent, named="wrong-output"
    ),
    Wrong(
        "12.fix_rule",
        "the naive formula as the output",
        lambda: rule_naive_output,
        named="overflows",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FAMILIES_35)


# --- round 7's auditor: 12.hvp answers that keep only the Hessian's diagonal were told they
# build the Hessian (some do, some only hold n copies of x under vmap): named for what they
# compute ---------------------------------------------------------------------------------


def hvp_second_derivative_per_bead(x, v, k):
    def own(i):  # d2 energy / dx_i^2: bead i moved alone
        return jax.grad(lambda xi: jax.grad(energy)(x.at[i].set(xi), k)[i])(x[i])

    return jax.vmap(own)(jnp.arange(x.shape[0])) * v


def hvp_diagonal_of_hessian(x, v, k):
    return jnp.diagonal(jax.hessian(energy)(x, k)) * v


def hvp_diagonal_by_jvps(x, v, k):
    units = jnp.eye(x.shape[0])

    def column(e):
        return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (e,))[1]

    return jnp.sum(jax.vmap(column)(units) * units, axis=1)  # forgot v


DIAGONAL = (
    Wrong(
        "12.hvp",
        "each bead's own second derivative, times v",
        lambda: hvp_second_derivative_per_bead,
        named="diagonal-times-v",
    ),
    Wrong(
        "12.hvp",
        "the Hessian's diagonal times v",
        lambda: hvp_diagonal_of_hessian,
        named="diagonal-times-v",
    ),
    Wrong(
        "12.hvp", "the diagonal by JVPs, v unused", lambda: hvp_diagonal_by_jvps, named="diagonal"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *DIAGONAL)


# --- round 11: a wrong cause named (s48) ---------------------------------------------------
def s48_hvp_sum_trick(x, v, k):  # "the gradient of the gradient's sum is H @ 1", times v
    hessian_rows = jax.grad(lambda y: jax.grad(energy)(y, k).sum())(x)
    return v * hessian_rows


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("12.hvp", "the sum trick, times v", lambda: s48_hvp_sum_trick, named="row-sums"),
)


# --- session 49 (issue 34): 12.cheaper's tall takes a 4 x 5 matrix to 2,000 numbers, so the
# rank of the input (B) picks the modes the wrong way round and only counting gives C's reason.
S49_CHEAPER = (
    Wrong("12.cheaper", "B: a matrix in, so reverse mode for tall", lambda: "b", named="swapped"),
    Wrong("12.cheaper", "'(D)': the output's rank read", lambda: "(D)", named="by-rank"),
    Wrong("12.cheaper", "'A': the loss section's reverse mode", lambda: "A.", "reverse-always"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S49_CHEAPER)


# --- round 13's family, fixed (issue 35): H @ v by hand, the springs' coupling left out -----


def r13f_hvp_own_bead_only(x, v, k):
    return k * v + jnp.cos(x) * v  # one spring per bead, neighbours left out


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.hvp", "by hand, k per bead, no neighbours", lambda: r13f_hvp_own_bead_only, "uncoupled"
    ),
)


# --- round 16 (session 53): the wells' part by hand, told it had summed the gradient -------
def s53_hvp_wells_curvature_only(x, v, k):  # "-cos'' is cos: each bead's curvature times v"
    return jnp.cos(x) * v


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.hvp",
        "by hand: the wells' curvature times v, springs forgotten",
        lambda: s53_hvp_wells_curvature_only,
        named="row-sums",
    ),
)


# --- round 17 (session 53): the springs' part by hand, the wells' term forgotten ----------
def s53_hvp_springs_only(x, v, k):
    pulls = jnp.diff(v, prepend=v[:1]) - jnp.diff(v, append=v[-1:])
    return k * pulls


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.hvp",
        "by hand: the springs' Laplacian of v, no wells",
        lambda: s53_hvp_springs_only,
        "springs-only",
    ),
)


# --- round 18: the discount on the reward, the next value whole ---------------------------
def r18_td_discount_on_reward(values, rewards):
    target = 0.9 * rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.fixed_target",
        "discount on the reward, not the value",
        lambda: r18_td_discount_on_reward,
        named="discount-on-reward",
    ),
)


# --- round 18's sneaky answer: the product made on the host, in a pure_callback -----------
def r18_hvp_on_the_host(x, v, k):
    def host(x, v, k):
        x = np.asarray(x, np.float64)
        n = x.size
        h = np.zeros((n, n))
        i = np.arange(n)
        h[i, i] = np.cos(x)
        h[i[:-1], i[:-1]] += k
        h[i[1:], i[1:]] += k
        h[i[:-1], i[1:]] -= k
        h[i[1:], i[:-1]] -= k
        return (h @ np.asarray(v, np.float64)).astype(np.float32)

    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, v, k)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.hvp",
        "the Hessian built by NumPy in a pure_callback (sneaky)",
        lambda: r18_hvp_on_the_host,
        named="host-callback",
    ),
)


# --- round 19 (fix19-3): JVP rules whose values are right and whose weights are wrong in a
# way of their own (audit G: all four were told only "the derivatives are not")
from tests.content.wrong_answers.round19 import lesson12 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.fix_rule",
        "tangent of the larger input only (round 19)",
        lambda: _r19.r19_rule_hard_max,
        named="all-to-larger",
    ),
    Wrong(
        "12.fix_rule",
        "minus sign on the b term (round 19)",
        lambda: _r19.r19_rule_minus_b,
        named="b-negative",
    ),
    Wrong(
        "12.fix_rule",
        "half of each tangent, as at a == b (round 19)",
        lambda: _r19.r19_rule_half_each,
        named="half-each",
    ),
    Wrong(
        "12.fix_rule",
        "exp(a - m) weights, not normalised (round 19)",
        lambda: _r19.r19_rule_unnormalised,
        named="not-normalised",
    ),
)


# --- round 21 (fix21-b): the norm of the errors, a's weight (1 + tanh(a - b)) / 2 (audit G)
from tests.content.wrong_answers.round21 import lesson12 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "12.fixed_target",
        "norm of the errors (round 21)",
        lambda: _r21.r21_td_norm,
        named="norm",
    ),
    Wrong(
        "12.fix_rule",
        "sigmoid written as (1 + tanh(x)) / 2 (round 21)",
        lambda: _r21.r21_rule_tanh_sigmoid,
        named="shares-not-exp",
    ),
)
