"""Round 19, lesson 12 (beyond grad: JVPs, VJPs, Jacobians, custom rules): from the text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 12.jacobian_shapes: what jacfwd / jacrev of a dict-input layer return (A) ------

SHAPES_WRONG = [
    ("typed B: a derivative is laid out like the input", "B"),
    ("typed C: thought jacrev transposes w", "C"),
    ("typed D: thought the pytree is flattened", "D"),
    ("typed E: confused the Jacobian with grad", "E"),
    ("hedged between A and B", "A or B"),
    ("typed the two letters AC", "AC"),
    ("typed a letter the task does not offer", "F"),
    ("left the placeholder as it was", ...),
    ("typed the shapes as a dict instead of a letter", {"s": (3,), "w": (3, 4, 3)}),
    ("typed the shape the reveal cell would print", "(2, 2, 4)"),
    ("typed b in lower case, thinking B", "b"),
]

# ---- 12.cheaper: jacfwd for tall, jacrev for wide, by counting passes (C) ------------

CHEAPER_WRONG = [
    ("typed A: reverse mode is always the cheap one", "A"),
    ("typed B: mode chosen by the input being a vector", "B"),
    ("typed D: right choice, vector/matrix reason", "D"),
    ("typed E: thought jacrev reruns f for each output", "E"),
    ("typed F: same Jacobian, so same work", "F"),
    ("typed the three letters that agree", "CDE"),
    ("hedged between C and E", "C or E"),
    ("typed the choice in words, not a letter", "jacfwd for tall, jacrev for wide"),
    ("typed the modes as a tuple", ("jacfwd", "jacrev")),
    ("typed the letter's position as a number", 3),
    ("typed d in lower case", "d"),
]

# ---- 12.hvp: Hessian of energy in x, times v, without building the Hessian ----------


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def r19_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r19_hvp_jacfwd_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r19_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r19_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r19_hvp_k_tangent_one(x, v, k):
    # pushed a tangent through k as well, 1.0 "for the stiffness"
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k, dtype=jnp.float32)))[1]


def r19_hvp_wiggle_copied(x, v, k):
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


def r19_hvp_swapped(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (v,), (x,))[1]


def r19_hvp_whole_tuple(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))


def r19_hvp_primal_out(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))[0]


def r19_hvp_finite_difference(x, v, k):
    eps = 1e-4
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)


def r19_hvp_row_sums_times_v(x, v, k):
    # H @ ones, then multiplied by v element by element
    h_ones = jax.grad(lambda x: jnp.sum(jax.grad(energy)(x, k)))(x)
    return h_ones * v


def r19_hvp_k_ignored(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, 1.0), (x,), (v,))[1]


def r19_hvp_grad_wrt_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r19_hvp_rows_in_loop(x, v, k):
    def g(x):
        return jax.grad(energy)(x, k)

    rows = [jax.grad(lambda x, i=i: g(x)[i])(x) for i in range(x.shape[0])]
    return jnp.stack(rows) @ v


def r19_hvp_plus_cos(x, v, k):
    def energy_plus(x, k):  # misread the variant line: + cos
        springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
        return springs + jnp.sum(jnp.cos(x))

    return jax.jvp(lambda x: jax.grad(energy_plus)(x, k), (x,), (v,))[1]


def r19_hvp_rev_over_rev(x, v, k):
    _, pull = jax.vjp(lambda x: jax.grad(energy)(x, k), x)
    return pull(v)[0]


def r19_hvp_rev_over_fwd(x, v, k):
    return jax.grad(lambda x: jax.jvp(lambda y: energy(y, k), (x,), (v,))[1])(x)


def r19_hvp_linearize(x, v, k):
    _, push = jax.linearize(lambda x: jax.grad(energy)(x, k), x)
    return push(v)


def r19_hvp_grad_of_dot(x, v, k):
    return jax.grad(lambda x: jnp.vdot(jax.grad(energy)(x, k), v))(x)


# ---- 12.fixed_target: TD loss with the next values held, rewards still trained ------

GAMMA = 0.9


def r19_td_no_stop(values, rewards):
    target = rewards + GAMMA * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r19_td_stop_whole_target(values, rewards):
    target = lax.stop_gradient(rewards + GAMMA * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r19_td_stop_wrong_slice(values, rewards):
    target = rewards + GAMMA * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r19_td_stop_everything(values, rewards):
    values = lax.stop_gradient(values)
    target = rewards + GAMMA * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r19_td_mean(values, rewards):
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r19_td_half(values, rewards):
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r19_td_shifted(values, rewards):
    # targets for the later states, from the earlier ones
    target = rewards + GAMMA * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r19_td_last_target_zero(values, rewards):
    next_values = jnp.append(lax.stop_gradient(values[1:]), 0.0)
    full_rewards = jnp.append(rewards, 0.0)
    return jnp.sum((values - (full_rewards + GAMMA * next_values)) ** 2)


def r19_td_four_states(values, rewards):
    target = rewards[:3] + GAMMA * lax.stop_gradient(values[1:4])
    return jnp.sum((values[:3] - target) ** 2)


def r19_td_numpy_target(values, rewards):
    target = rewards + GAMMA * np.asarray(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r19_td_stop_loss(values, rewards):
    target = rewards + GAMMA * values[1:]
    return lax.stop_gradient(jnp.sum((values[:-1] - target) ** 2))


def r19_td_discount_on_reward(values, rewards):
    target = GAMMA * rewards + lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r19_td_not_squared(values, rewards):
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def r19_td_roll(values, rewards):
    nxt = jnp.roll(lax.stop_gradient(values), -1)[:-1]
    err = values[:-1] - (rewards + GAMMA * nxt)
    return jnp.sum(err * err)


def r19_td_loop(values, rewards):
    total = 0.0
    for i in range(values.shape[0] - 1):
        target = rewards[i] + GAMMA * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


def r19_td_vdot(values, rewards):
    held = lax.stop_gradient(values)
    err = values[:-1] - rewards - GAMMA * held[1:]
    return jnp.vdot(err, err)


def r19_td_diff_form(values, rewards):
    # (v_i - r_i - g*v_{i+1}) with the held copy; written as a sum of squares via jnp.square
    target = jnp.add(rewards, jnp.multiply(GAMMA, lax.stop_gradient(values)[1:]))
    return jnp.square(values[:-1] - target).sum()


# ---- 12.fix_rule: a JVP rule for log_add_exp right in both arguments ---------------


def _plain_log_add_exp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r19_rule_copied_bug(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _plain_log_add_exp(a, b), jax.nn.sigmoid(a - b) * a_dot


def r19_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _plain_log_add_exp(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r19_rule_swapped_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r19_rule_naive_exp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    total = jnp.exp(a) + jnp.exp(b)
    return out, jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r19_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r19_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r19_rule_order_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot, out


def r19_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _plain_log_add_exp(a, b), jnp.where(a > b, a_dot, b_dot)


def r19_rule_minus_b(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r19_rule_half_each(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _plain_log_add_exp(a, b), 0.5 * (a_dot + b_dot)


def r19_rule_primal_typo(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b


def r19_rule_unnormalised(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = _plain_log_add_exp(a, b)
    return out, jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r19_rule_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _plain_log_add_exp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r19_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    a, b = jnp.broadcast_arrays(a, b)
    w = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    return jnp.logaddexp(a, b), w[0] * a_dot + w[1] * b_dot


def r19_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return _plain_log_add_exp(a, b), s * a_dot + (1.0 - s) * b_dot


def r19_rule_jvp_of_plain(primals, tangents):
    # let JAX differentiate the stable formula itself, without the custom rule
    return jax.jvp(_plain_log_add_exp, primals, tangents)


ROUND_19 = [
    *[Wrong("12.jacobian_shapes", what, (lambda v=v: v)) for what, v in SHAPES_WRONG],
    *[Wrong("12.cheaper", what, (lambda v=v: v)) for what, v in CHEAPER_WRONG],
    Wrong("12.hvp", "built jax.hessian, then @ v", lambda: r19_hvp_hessian),
    Wrong("12.hvp", "jacfwd of grad, then @ v", lambda: r19_hvp_jacfwd_grad),
    Wrong("12.hvp", "gradient times v, element by element", lambda: r19_hvp_grad_times_v),
    Wrong("12.hvp", "JVP of energy, not of its gradient", lambda: r19_hvp_jvp_of_energy),
    Wrong("12.hvp", "pushed a tangent 1.0 through k too", lambda: r19_hvp_k_tangent_one),
    Wrong("12.hvp", "copied wiggle_hvp, still on wiggle", lambda: r19_hvp_wiggle_copied),
    Wrong("12.hvp", "swapped primal and tangent in jvp", lambda: r19_hvp_swapped),
    Wrong("12.hvp", "returned jvp's whole tuple", lambda: r19_hvp_whole_tuple),
    Wrong("12.hvp", "took jvp's [0], the gradient", lambda: r19_hvp_primal_out),
    Wrong("12.hvp", "central finite difference of the gradient", lambda: r19_hvp_finite_difference),
    Wrong("12.hvp", "H @ ones, then times v element-wise", lambda: r19_hvp_row_sums_times_v),
    Wrong("12.hvp", "fixed k at 1.0 inside", lambda: r19_hvp_k_ignored),
    Wrong("12.hvp", "gradient with respect to k, not x", lambda: r19_hvp_grad_wrt_k),
    Wrong("12.hvp", "built the Hessian row by row in a loop", lambda: r19_hvp_rows_in_loop),
    Wrong("12.hvp", "energy with + cos, sign misread", lambda: r19_hvp_plus_cos),
    Wrong("12.fixed_target", "no stop_gradient at all", lambda: r19_td_no_stop),
    Wrong(
        "12.fixed_target", "held the whole target, rewards too", lambda: r19_td_stop_whole_target
    ),
    Wrong("12.fixed_target", "held values[:-1], the trained side", lambda: r19_td_stop_wrong_slice),
    Wrong("12.fixed_target", "held all the values", lambda: r19_td_stop_everything),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r19_td_mean),
    Wrong("12.fixed_target", "0.5 times the sum, RL habit", lambda: r19_td_half),
    Wrong("12.fixed_target", "targets from the previous value", lambda: r19_td_shifted),
    Wrong("12.fixed_target", "gave the last state a target of 0", lambda: r19_td_last_target_zero),
    Wrong("12.fixed_target", "slices hard-coded for 4 states", lambda: r19_td_four_states),
    Wrong("12.fixed_target", "held the target with np.asarray", lambda: r19_td_numpy_target),
    Wrong("12.fixed_target", "stop_gradient around the whole loss", lambda: r19_td_stop_loss),
    Wrong(
        "12.fixed_target", "discounted the reward, not the value", lambda: r19_td_discount_on_reward
    ),
    Wrong("12.fixed_target", "absolute error, not squared", lambda: r19_td_not_squared),
    Wrong("12.fix_rule", "copied the buggy rule unchanged", lambda: r19_rule_copied_bug),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r19_rule_same_weight),
    Wrong("12.fix_rule", "the two weights swapped", lambda: r19_rule_swapped_weights),
    Wrong("12.fix_rule", "weights exp(a) / (exp(a) + exp(b))", lambda: r19_rule_naive_exp),
    Wrong("12.fix_rule", "output from the naive formula", lambda: r19_rule_naive_value),
    Wrong("12.fix_rule", "returned the tangent alone", lambda: r19_rule_tangent_only),
    Wrong("12.fix_rule", "returned (tangent, output)", lambda: r19_rule_order_swapped),
    Wrong("12.fix_rule", "tangent of the larger input only", lambda: r19_rule_hard_max),
    Wrong("12.fix_rule", "minus sign on the b term", lambda: r19_rule_minus_b),
    Wrong("12.fix_rule", "half of each tangent, as at a == b", lambda: r19_rule_half_each),
    Wrong("12.fix_rule", "b where b_dot was meant", lambda: r19_rule_primal_typo),
    Wrong("12.fix_rule", "exp(a - m) weights, not normalised", lambda: r19_rule_unnormalised),
]

RIGHT_19 = [
    Right("12.jacobian_shapes", "lower case", lambda: "a"),
    Right("12.jacobian_shapes", "with spaces around it", lambda: " A "),
    Right("12.jacobian_shapes", "with a full stop", lambda: "A."),
    Right("12.cheaper", "lower case", lambda: "c"),
    Right("12.cheaper", "with a leading space", lambda: " C"),
    Right("12.cheaper", "in parentheses", lambda: "(C)"),
    Right("12.hvp", "reverse-over-reverse, vjp of the gradient", lambda: r19_hvp_rev_over_rev),
    Right("12.hvp", "reverse-over-forward, grad of a JVP", lambda: r19_hvp_rev_over_fwd),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r19_hvp_linearize),
    Right("12.hvp", "grad of the gradient's dot with v", lambda: r19_hvp_grad_of_dot),
    Right("12.fixed_target", "held copy rolled by one, then sliced", lambda: r19_td_roll),
    Right("12.fixed_target", "Python loop over the states", lambda: r19_td_loop),
    Right("12.fixed_target", "errors dotted with themselves", lambda: r19_td_vdot),
    Right("12.fixed_target", "jnp.add / jnp.square spelling", lambda: r19_td_diff_form),
    Right("12.fix_rule", "weights exp(a - out) and exp(b - out)", lambda: r19_rule_exp_minus_out),
    Right("12.fix_rule", "softmax of the stacked inputs, logaddexp", lambda: r19_rule_softmax),
    Right("12.fix_rule", "s and 1 - s", lambda: r19_rule_one_minus),
    Right("12.fix_rule", "jax.jvp of the plain stable formula", lambda: r19_rule_jvp_of_plain),
]
