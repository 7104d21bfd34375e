"""Round 11, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


# --- 12.hvp ------------------------------------------------------------------------------


def r11_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r11_hvp_tangent_on_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r11_hvp_jvp_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r11_hvp_grad_dot(x, v, k):
    return jnp.dot(jax.grad(energy)(x, k), v)


def r11_hvp_wrt_k(x, v, k):
    # grad with argnums=1: the derivative with respect to k, pushed along v
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r11_hvp_finite_difference(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r11_hvp_swapped(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (v,), (x,))[1]


def r11_hvp_whole_jvp(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))


def r11_hvp_jacfwd(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r11_hvp_k_one(x, v, k):
    return jax.jvp(jax.grad(energy), (x, 1.0), (v, 0.0))[1]


def r11_hvp_row_sums(x, v, k):
    # the "sum trick": the gradient of the gradient's sum, times v
    return jax.grad(lambda x: jnp.sum(jax.grad(energy)(x, k)))(x) * v


def r11_hvp_unit_direction(x, v, k):
    # a direction made a unit vector first, as for a directional derivative
    u = v / jnp.linalg.norm(v)
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (u,))[1]


def r11_hvp_vjp(x, v, k):
    _, pull = jax.vjp(lambda x: jax.grad(energy)(x, k), x)
    return pull(v)[0]


def r11_hvp_rev_rev(x, v, k):
    return jax.grad(lambda x: jnp.vdot(jax.grad(energy)(x, k), v))(x)


def r11_hvp_rev_fwd(x, v, k):
    return jax.grad(lambda x: jax.jvp(lambda y: energy(y, k), (x,), (v,))[1])(x)


def r11_hvp_linearize(x, v, k):
    _, push = jax.linearize(jax.grad(energy), x, k)
    return push(v, jnp.zeros_like(jnp.asarray(k, dtype=x.dtype)))


# --- 12.fixed_target ---------------------------------------------------------------------


def r11_ft_all_held(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r11_ft_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r11_ft_values_held(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((held[:-1] - rewards - 0.9 * held[1:]) ** 2)


def r11_ft_discount_rewards(values, rewards):
    target = 0.9 * (rewards + lax.stop_gradient(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r11_ft_shift_swapped(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r11_ft_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r11_ft_output_held(values, rewards):
    return lax.stop_gradient(jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2))


def r11_ft_unchanged(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r11_ft_error_held(values, rewards):
    error = values[:-1] - rewards - 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(error * lax.stop_gradient(error))


def r11_ft_last_target_zero(values, rewards):
    target = jnp.append(rewards + 0.9 * lax.stop_gradient(values[1:]), 0.0)
    return jnp.sum((values - target) ** 2)


def r11_ft_sign(values, rewards):
    target = rewards - 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r11_ft_held_next(values, rewards):
    return jnp.sum((values[:-1] - (rewards + 0.9 * lax.stop_gradient(values)[1:])) ** 2)


def r11_ft_loop(values, rewards):
    total = 0.0
    for i in range(values.shape[0] - 1):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + (values[i] - target) ** 2
    return total


def r11_ft_scaled_held(values, rewards):
    discounted = lax.stop_gradient(0.9 * values)
    err = values[:-1] - rewards - discounted[1:]
    return jnp.dot(err, err)


# --- 12.fix_rule -------------------------------------------------------------------------


def _formula(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r11_fr_softmax_exp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    ea, eb = jnp.exp(a), jnp.exp(b)
    return _formula(a, b), (ea * a_dot + eb * b_dot) / (ea + eb)


def r11_fr_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r11_fr_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r11_fr_b_unweighted(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jax.nn.sigmoid(a - b) * a_dot + b_dot


def r11_fr_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r11_fr_sign(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r11_fr_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jnp.where(a > b, a_dot, b_dot)


def r11_fr_b_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jnp.logaddexp(a, b), jax.nn.sigmoid(b - a) * b_dot


def r11_fr_half_weights(primals, tangents):
    # the tie's weights, 0.5 each, for every input
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), 0.5 * (a_dot + b_dot)


def r11_fr_tangent_first(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    t = jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot
    return t, _formula(a, b)


def r11_fr_shifted_exp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    wa, wb = jnp.exp(a - m), jnp.exp(b - m)
    return _formula(a, b), (wa * a_dot + wb * b_dot) / (wa + wb)


def r11_fr_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _formula(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r11_fr_difference(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _formula(a, b), jax.nn.sigmoid(a - b) * (a_dot - b_dot) + b_dot


def r11_fr_jvp_of_formula(primals, tangents):
    return jax.jvp(_formula, primals, tangents)


def r11_fr_one_minus(primals, tangents):
    (a, b), (da, db) = primals, tangents
    s = jax.nn.sigmoid(a - b)
    return jnp.logaddexp(a, b), s * da + (1.0 - s) * db


ROUND_11 = [
    Wrong("12.jacobian_shapes", "B: the entry's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: the shapes grad gives", lambda: "E"),
    Wrong("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Wrong("12.jacobian_shapes", "the shapes instead of the letter", lambda: "(3,), (3, 4, 3)"),
    Wrong("12.jacobian_shapes", "A and C, unsure about jacrev", lambda: "A, C"),
    Wrong("12.jacobian_shapes", "the letter in parentheses", lambda: "(A)"),
    Wrong("12.cheaper", "A: jacrev for both", lambda: "A"),
    Wrong("12.cheaper", "B: the modes swapped", lambda: "B"),
    Wrong("12.cheaper", "D: the input's kind decides", lambda: "D"),
    Wrong("12.cheaper", "E: a forward pass per output in jacrev", lambda: "E"),
    Wrong("12.cheaper", "F: the same work", lambda: "F"),
    Wrong("12.cheaper", "lower-case c", lambda: "c"),
    Wrong("12.cheaper", "C and E, both with the right choice", lambda: "CE"),
    Wrong("12.cheaper", "the choice in words", lambda: "jacfwd for tall, jacrev for wide"),
    Wrong("12.hvp", "built the Hessian with jax.hessian, times v", lambda: r11_hvp_hessian),
    Wrong("12.hvp", "gave k a tangent of 1 too", lambda: r11_hvp_tangent_on_k),
    Wrong("12.hvp", "jvp of energy, not of its gradient", lambda: r11_hvp_jvp_energy),
    Wrong("12.hvp", "the gradient dotted with v", lambda: r11_hvp_grad_dot),
    Wrong("12.hvp", "grad with argnums=1: pushed dE/dk along v", lambda: r11_hvp_wrt_k),
    Wrong("12.hvp", "finite difference of gradients, eps 1e-3", lambda: r11_hvp_finite_difference),
    Wrong("12.hvp", "x and v swapped in jvp", lambda: r11_hvp_swapped),
    Wrong("12.hvp", "returned jvp's whole (gradient, product) pair", lambda: r11_hvp_whole_jvp),
    Wrong("12.hvp", "jacfwd of the gradient, then @ v", lambda: r11_hvp_jacfwd),
    Wrong("12.hvp", "k fixed at 1.0 in the jvp", lambda: r11_hvp_k_one),
    Wrong("12.hvp", "gradient of the gradient's sum, times v", lambda: r11_hvp_row_sums),
    Wrong("12.hvp", "normalised v to a unit vector first", lambda: r11_hvp_unit_direction),
    Wrong("12.fixed_target", "held the whole target, rewards included", lambda: r11_ft_all_held),
    Wrong("12.fixed_target", "held values[:-1], the side being trained", lambda: r11_ft_wrong_side),
    Wrong("12.fixed_target", "held all of values", lambda: r11_ft_values_held),
    Wrong(
        "12.fixed_target",
        "discounted the reward too: 0.9 * (r + v')",
        lambda: r11_ft_discount_rewards,
    ),
    Wrong(
        "12.fixed_target",
        "shift swapped: values[1:] against values[:-1]",
        lambda: r11_ft_shift_swapped,
    ),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r11_ft_mean),
    Wrong("12.fixed_target", "stop_gradient around the whole loss", lambda: r11_ft_output_held),
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r11_ft_unchanged),
    Wrong(
        "12.fixed_target", "error times its held copy: half the gradient", lambda: r11_ft_error_held
    ),
    Wrong("12.fixed_target", "gave the last state a target of 0", lambda: r11_ft_last_target_zero),
    Wrong("12.fixed_target", "target r - 0.9 v': the sign of the discount", lambda: r11_ft_sign),
    Wrong("12.fix_rule", "weights exp(a), exp(b): inf / inf far apart", lambda: r11_fr_softmax_exp),
    Wrong("12.fix_rule", "sigmoid(a - b) times both tangents", lambda: r11_fr_same_weight),
    Wrong("12.fix_rule", "the two sigmoids swapped", lambda: r11_fr_swapped),
    Wrong("12.fix_rule", "added b_dot without its weight", lambda: r11_fr_b_unweighted),
    Wrong(
        "12.fix_rule", "value by the naive log(exp + exp): inf at 100", lambda: r11_fr_naive_value
    ),
    Wrong("12.fix_rule", "subtracted b's term", lambda: r11_fr_sign),
    Wrong("12.fix_rule", "hard max: the larger input's tangent", lambda: r11_fr_hard_max),
    Wrong("12.fix_rule", "fixed b's term, dropped a's", lambda: r11_fr_b_only),
    Wrong("12.fix_rule", "0.5 each, the weights at a tie", lambda: r11_fr_half_weights),
    Wrong("12.fix_rule", "returned (tangent, output), swapped", lambda: r11_fr_tangent_first),
]
RIGHT_11 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "vjp of the gradient: the Hessian is symmetric", lambda: r11_hvp_vjp),
    Right("12.hvp", "reverse-over-reverse: grad of vdot(grad, v)", lambda: r11_hvp_rev_rev),
    Right("12.hvp", "reverse-over-forward: grad of a jvp", lambda: r11_hvp_rev_fwd),
    Right(
        "12.hvp", "jax.linearize of grad over (x, k), zero tangent for k", lambda: r11_hvp_linearize
    ),
    Right("12.fixed_target", "stop_gradient of values, then sliced", lambda: r11_ft_held_next),
    Right("12.fixed_target", "a Python loop over the states", lambda: r11_ft_loop),
    Right(
        "12.fixed_target", "held 0.9 * values, error dotted with itself", lambda: r11_ft_scaled_held
    ),
    Right("12.fix_rule", "weights exp(a - m), exp(b - m) normalised", lambda: r11_fr_shifted_exp),
    Right("12.fix_rule", "weights exp(a - out), exp(b - out)", lambda: r11_fr_exp_minus_out),
    Right("12.fix_rule", "s * (a_dot - b_dot) + b_dot", lambda: r11_fr_difference),
    Right("12.fix_rule", "jax.jvp of the stable formula itself", lambda: r11_fr_jvp_of_formula),
    Right("12.fix_rule", "s and 1 - s", lambda: r11_fr_one_minus),
]
