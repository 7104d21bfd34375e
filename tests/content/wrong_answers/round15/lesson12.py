"""Round 15, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 12.hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def r15_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r15_hvp_jacfwd_of_grad(x, v, k):
    """Forward over reverse, but as a whole Jacobian, then @ v."""
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r15_hvp_no_grad(x, v, k):
    """JVP of energy itself: a directional derivative, one number."""
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r15_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r15_hvp_wiggle_copied(x, v, k):
    """The page's wiggle_hvp, pasted without swapping in energy."""
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


def r15_hvp_k_tangent_one(x, v, k):
    """Tangents for both arguments, with 1.0 for k: adds the gradient's k-derivative."""
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r15_hvp_both_outputs(x, v, k):
    """jvp's (gradient, H @ v) pair, returned whole."""
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r15_hvp_k_fixed(x, v, k):
    """k = 1.0 baked in while testing, never put back."""
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def r15_hvp_by_hand_roll(x, v, k):
    """Hand-derived k * L v + cos(x) v, with jnp.roll: the ends wrap around."""
    lap = 2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)
    return k * lap + jnp.cos(x) * v


def r15_hvp_by_hand_sign(x, v, k):
    """Hand-derived, second derivative of -cos taken as -cos."""
    dv = v[1:] - v[:-1]
    lap = jnp.concatenate([-dv[:1], dv[:-1] - dv[1:], dv[-1:]])
    return k * lap - jnp.cos(x) * v


def r15_hvp_finite_diff(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)


def r15_hvp_right_rev_over_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r15_hvp_right_rev_over_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r15_hvp_right_vjp_of_grad(x, v, k):
    """The Hessian is symmetric, so a VJP of the gradient is H @ v too."""
    _, pull = jax.vjp(functools.partial(jax.grad(energy), k=k), x)
    return pull(v)[0]


def r15_hvp_right_by_hand(x, v, k):
    """H = k * (path Laplacian) + diag(cos x), applied without building it."""
    dv = v[1:] - v[:-1]
    lap = jnp.concatenate([-dv[:1], dv[:-1] - dv[1:], dv[-1:]])
    return k * lap + jnp.cos(x) * v


# ---------------------------------------------------------------- 12.fixed_target

GAMMA = 0.9


def r15_td_no_stop(values, rewards):
    target = rewards + GAMMA * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r15_td_stop_whole_target(values, rewards):
    """stop_gradient around the whole target: the rewards get no gradient."""
    target = lax.stop_gradient(rewards + GAMMA * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r15_td_stop_wrong_side(values, rewards):
    target = rewards + GAMMA * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r15_td_mean(values, rewards):
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r15_td_discount_both(values, rewards):
    target = GAMMA * (rewards + lax.stop_gradient(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r15_td_shifted(values, rewards):
    """Each value's target built from the state before it."""
    target = rewards + GAMMA * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r15_td_last_target_zero(values, rewards):
    """Pads rewards and next values with 0: the last state trained towards 0."""
    next_values = jnp.append(lax.stop_gradient(values[1:]), 0.0)
    target = jnp.append(rewards, 0.0) + GAMMA * next_values
    return jnp.sum((values - target) ** 2)


def r15_td_roll(values, rewards):
    """np.roll for the next value: the last state's next wraps to the first."""
    next_values = lax.stop_gradient(jnp.roll(values, -1))
    target = jnp.append(rewards, 0.0) + GAMMA * next_values
    return jnp.sum((values - target) ** 2)


def r15_td_stop_all_values(values, rewards):
    held = lax.stop_gradient(values)
    target = rewards + GAMMA * held[1:]
    return jnp.sum((held[:-1] - target) ** 2)


def r15_td_vector(values, rewards):
    """The squared errors, one per state, not summed."""
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return (values[:-1] - target) ** 2


def r15_td_half(values, rewards):
    """0.5 * squared error, the usual convention: every gradient halved."""
    target = rewards + GAMMA * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r15_td_right_held_first(values, rewards):
    held = lax.stop_gradient(values)
    error = values[:-1] - (rewards + GAMMA * held[1:])
    return jnp.vdot(error, error)


def r15_td_right_zero_last_error(values, rewards):
    """Every state gets an error; the last one's target is itself, held: error 0."""
    held = lax.stop_gradient(values)
    target = jnp.concatenate([rewards + GAMMA * held[1:], held[-1:]])
    return jnp.sum(jnp.square(target - values))


def r15_td_right_loop(values, rewards):
    """A Python loop over the states, as the formula reads (n is static)."""
    total = 0.0
    for i in range(values.shape[0] - 1):
        target = rewards[i] + GAMMA * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


# ---------------------------------------------------------------- 12.fix_rule


@jax.custom_jvp
def log_add_exp(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


@log_add_exp.defjvp
def log_add_exp_jvp(primals, tangents):  # the page's rule, with its bug
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot


def _out(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r15_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.sigmoid(a - b)
    return _out(a, b), w * a_dot + w * b_dot


def r15_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r15_rule_naive_softmax(primals, tangents):
    """exp(a) / (exp(a) + exp(b)): right at (1, 2), nan at (100, 3)."""
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _out(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r15_rule_min_shift(primals, tangents):
    """Shifted by the minimum instead of the maximum: overflows when far apart."""
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.minimum(a, b)
    ea, eb = jnp.exp(a - m), jnp.exp(b - m)
    return _out(a, b), (ea * a_dot + eb * b_dot) / (ea + eb)


def r15_rule_max_derivative(primals, tangents):
    """The derivative of the maximum alone."""
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), jnp.where(a > b, a_dot, b_dot)


def r15_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), a_dot + b_dot


def r15_rule_half(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), 0.5 * (a_dot + b_dot)


def r15_rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r15_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r15_rule_b_only(primals, tangents):
    """Fixed b's term and dropped a's: the bug moved to the other argument."""
    a, b = primals
    a_dot, b_dot = tangents
    return _out(a, b), jax.nn.sigmoid(b - a) * b_dot


def r15_rule_right_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.sigmoid(a - b)
    return _out(a, b), w * a_dot + (1.0 - w) * b_dot


def r15_rule_right_exp_out(primals, tangents):
    """The weights as exp(a - out) and exp(b - out): stable, as out >= a and b."""
    a, b = primals
    a_dot, b_dot = tangents
    out = log_add_exp(a, b)  # the page's function: its value is right, only its rule was not
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r15_rule_right_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    weights = jax.nn.softmax(jnp.stack([a, b]))
    return jnp.logaddexp(a, b), weights @ jnp.stack([a_dot, b_dot])


ROUND_15 = [
    # 12.jacobian_shapes: A
    Wrong("12.jacobian_shapes", "B: the entry's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: grad-like shapes", lambda: "E"),
    Wrong("12.jacobian_shapes", "lower case a", lambda: "a"),
    Wrong("12.jacobian_shapes", "'A)'", lambda: "A)"),
    Wrong("12.jacobian_shapes", "the shape of w's entry instead of a letter", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "A and C, unsure of jacrev", lambda: "AC"),
    Wrong("12.jacobian_shapes", "a letter in a list", lambda: ["A"]),
    # 12.cheaper: C
    Wrong("12.cheaper", "A: reverse mode always", lambda: "A"),
    Wrong("12.cheaper", "B: choice and reason reversed", lambda: "B"),
    Wrong("12.cheaper", "D: right choice, shape-of-output reason", lambda: "D"),
    Wrong("12.cheaper", "E: right choice, 2,000 forward passes", lambda: "E"),
    Wrong("12.cheaper", "F: same work", lambda: "F"),
    Wrong("12.cheaper", "all three with the right choice", lambda: "CDE"),
    Wrong("12.cheaper", "lower case c", lambda: "c"),
    Wrong("12.cheaper", "the mode's name for tall", lambda: "jacfwd"),
    Wrong("12.cheaper", "C with a trailing comment", lambda: "C - 20 JVPs for tall"),
    # 12.hvp
    Wrong("12.hvp", "jax.hessian(energy)(x, k) @ v", lambda: r15_hvp_hessian),
    Wrong("12.hvp", "jacfwd of grad, whole, then @ v", lambda: r15_hvp_jacfwd_of_grad),
    Wrong("12.hvp", "JVP of energy, no grad: one number", lambda: r15_hvp_no_grad),
    Wrong("12.hvp", "gradient times v, element-wise", lambda: r15_hvp_grad_times_v),
    Wrong("12.hvp", "the page's wiggle_hvp pasted, energy unused", lambda: r15_hvp_wiggle_copied),
    Wrong("12.hvp", "jvp over (x, k) with k's tangent 1.0", lambda: r15_hvp_k_tangent_one),
    Wrong("12.hvp", "jvp's (gradient, product) pair returned", lambda: r15_hvp_both_outputs),
    Wrong("12.hvp", "k = 1.0 left in from testing", lambda: r15_hvp_k_fixed),
    Wrong("12.hvp", "by hand with jnp.roll: the chain's ends wrap", lambda: r15_hvp_by_hand_roll),
    Wrong("12.hvp", "by hand, -cos(x) * v for the wells", lambda: r15_hvp_by_hand_sign),
    Wrong("12.hvp", "central finite difference of the gradient", lambda: r15_hvp_finite_diff),
    # 12.fixed_target
    Wrong("12.fixed_target", "no stop_gradient at all", lambda: r15_td_no_stop),
    Wrong("12.fixed_target", "whole target held: rewards get 0", lambda: r15_td_stop_whole_target),
    Wrong("12.fixed_target", "values[:-1] held, the target free", lambda: r15_td_stop_wrong_side),
    Wrong("12.fixed_target", "mean of the squared errors", lambda: r15_td_mean),
    Wrong("12.fixed_target", "discount applied to reward and value", lambda: r15_td_discount_both),
    Wrong("12.fixed_target", "target from the previous state's value", lambda: r15_td_shifted),
    Wrong("12.fixed_target", "last state given target 0", lambda: r15_td_last_target_zero),
    Wrong("12.fixed_target", "jnp.roll for the next values: wraps", lambda: r15_td_roll),
    Wrong("12.fixed_target", "all values held: values' gradient 0", lambda: r15_td_stop_all_values),
    Wrong("12.fixed_target", "the squared errors, not summed", lambda: r15_td_vector),
    Wrong("12.fixed_target", "0.5 * squared error: gradients halved", lambda: r15_td_half),
    # 12.fix_rule
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r15_rule_same_weight),
    Wrong("12.fix_rule", "the two weights swapped", lambda: r15_rule_swapped),
    Wrong(
        "12.fix_rule", "exp(a) / (exp(a) + exp(b)): nan far apart", lambda: r15_rule_naive_softmax
    ),
    Wrong("12.fix_rule", "shifted by the minimum: overflows", lambda: r15_rule_min_shift),
    Wrong("12.fix_rule", "the maximum's derivative, where(a > b)", lambda: r15_rule_max_derivative),
    Wrong("12.fix_rule", "a_dot + b_dot", lambda: r15_rule_sum_tangents),
    Wrong("12.fix_rule", "the average of the tangents", lambda: r15_rule_half),
    Wrong("12.fix_rule", "b's term subtracted", lambda: r15_rule_minus),
    Wrong("12.fix_rule", "returns the tangent alone", lambda: r15_rule_tangent_only),
    Wrong("12.fix_rule", "b's term added, a's dropped", lambda: r15_rule_b_only),
]
RIGHT_15 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "reverse over forward: grad of a JVP", lambda: r15_hvp_right_rev_over_fwd),
    Right("12.hvp", "reverse over reverse: grad of grad . v", lambda: r15_hvp_right_rev_over_rev),
    Right("12.hvp", "VJP of the gradient (H symmetric)", lambda: r15_hvp_right_vjp_of_grad),
    Right(
        "12.hvp",
        "derived by hand: k * Laplacian + cos(x), no autodiff",
        lambda: r15_hvp_right_by_hand,
    ),
    Right(
        "12.fixed_target", "values held once, vdot of the error", lambda: r15_td_right_held_first
    ),
    Right(
        "12.fixed_target",
        "last target is the held value: error 0",
        lambda: r15_td_right_zero_last_error,
    ),
    Right("12.fixed_target", "Python loop over the states", lambda: r15_td_right_loop),
    Right("12.fix_rule", "w and 1 - w", lambda: r15_rule_right_one_minus),
    Right(
        "12.fix_rule", "exp(a - out), out from the page's function", lambda: r15_rule_right_exp_out
    ),
    Right("12.fix_rule", "softmax weights, jnp.logaddexp value", lambda: r15_rule_right_softmax),
]
