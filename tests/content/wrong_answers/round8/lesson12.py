"""Round 8, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# 12.hvp: the exercise's energy
def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r8_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r8_hvp_jacfwd_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r8_hvp_jvp_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r8_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r8_hvp_jvp_wrong_tuple(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v,))[1]


def r8_hvp_primal(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r8_hvp_wrt_k(x, v, k):
    return jax.jvp(lambda kk: jax.grad(energy)(x, kk), (k,), (jnp.ones_like(k),))[1] * v


def r8_hvp_diag(x, v, k):
    diag = jax.vmap(
        lambda e: jnp.vdot(e, jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (e,))[1])
    )(jnp.eye(x.shape[0]))
    return diag * v


def r8_hvp_finite_difference(x, v, k):
    eps = 1e-4
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r8_hvp_jacrev_jacfwd(x, v, k):
    return jax.jacrev(jax.jacfwd(energy))(x, k) @ v


def r8_hvp_cos_only(x, v, k):
    # drops the springs: treats the Hessian as diagonal cos(x)
    return jnp.cos(x) * v


def r8_hvp_fwd_rev(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]


def r8_hvp_rev_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r8_hvp_rev_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r8_hvp_linearize(x, v, k):
    _, push = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return push(v)


# 12.fixed_target
def r8_td_original(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r8_td_stop_prediction(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r8_td_stop_loss(values, rewards):
    return lax.stop_gradient(jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2))


def r8_td_stop_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_numpy_target(values, rewards):
    target = np.asarray(rewards) + 0.9 * np.asarray(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_shift_slip(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r8_td_copy(values, rewards):
    target = rewards + 0.9 * values[1:].copy()  # a copy, as to detach in NumPy
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_stop_constant(values, rewards):
    return jnp.sum((values[:-1] - rewards - lax.stop_gradient(0.9) * values[1:]) ** 2)


def r8_td_abs(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


def r8_td_returns_grad(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jax.grad(lambda v: jnp.sum((v[:-1] - target) ** 2))(values)


def r8_td_rewards_dropped(values, rewards):
    target = 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_right_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r8_td_right_all_held(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((values[:-1] - (rewards + 0.9 * held[1:])) ** 2)


def r8_td_right_next(values, rewards):
    nxt = jax.lax.stop_gradient(values[1:])
    error = values[:-1] - rewards - 0.9 * nxt
    return jnp.dot(error, error)


# 12.fix_rule
def r8_rule_naive_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    wa = jnp.exp(a) / (jnp.exp(a) + jnp.exp(b))
    wb = jnp.exp(b) / (jnp.exp(a) + jnp.exp(b))
    return out, wa * a_dot + wb * b_dot


def r8_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r8_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r8_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    s = jax.nn.sigmoid(a - b)
    return out, s * a_dot + s * b_dot


def r8_rule_plain_sum(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m)), a_dot + b_dot


def r8_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r8_rule_naive_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r8_rule_half(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m)), 0.5 * (a_dot + b_dot)


def r8_rule_unnormalised(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r8_rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r8_rule_softmax_reversed(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([b, a]))
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, w[0] * a_dot + w[1] * b_dot


def r8_rule_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r8_rule_exp_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r8_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    w = jax.nn.softmax(jnp.stack([a, b]))
    return out, w[0] * a_dot + w[1] * b_dot


def r8_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    s = jax.nn.sigmoid(a - b)
    return out, s * a_dot + (1.0 - s) * b_dot


ROUND_8 = [
    Wrong("12.jacobian_shapes", "B: W's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: jacrev transposes W", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: flattened (4, 16)", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: (4, 4) like grad", lambda: "E"),
    Wrong("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Wrong("12.jacobian_shapes", "the shape instead of a letter", lambda: "(4, 4, 4)"),
    Wrong("12.jacobian_shapes", "the shape as a tuple", lambda: (4, 4, 4)),
    Wrong("12.jacobian_shapes", "all three with that shape", lambda: "ABC"),
    Wrong("12.jacobian_shapes", "letter with its reason", lambda: "A, output axes first"),
    Wrong("12.jacobian_shapes", "both letters A and B", lambda: "A or B"),
    Wrong("12.cheaper", "A: jacrev for both", lambda: "A"),
    Wrong("12.cheaper", "B: choices reversed", lambda: "B"),
    Wrong("12.cheaper", "D: vector input vs matrix input", lambda: "D"),
    Wrong("12.cheaper", "E: jacrev repeats the forward pass per output", lambda: "E"),
    Wrong("12.cheaper", "F: same work", lambda: "F"),
    Wrong("12.cheaper", "lower-case c", lambda: "c"),
    Wrong("12.cheaper", "the choice in words", lambda: "jacfwd for tall, jacrev for wide"),
    Wrong("12.cheaper", "all three with the right choice", lambda: "CDE"),
    Wrong("12.cheaper", "letter with its reason", lambda: "C: 5 JVPs, 5 VJPs"),
    Wrong("12.cheaper", "two letters", lambda: "C and E"),
    Wrong("12.hvp", "jax.hessian, then @ v", lambda: r8_hvp_hessian),
    Wrong("12.hvp", "jacfwd of grad, then @ v", lambda: r8_hvp_jacfwd_grad),
    Wrong("12.hvp", "jvp of the energy, not of its gradient", lambda: r8_hvp_jvp_energy),
    Wrong("12.hvp", "gradient times v element-wise", lambda: r8_hvp_grad_times_v),
    Wrong("12.hvp", "jvp over (x, k) with one tangent", lambda: r8_hvp_jvp_wrong_tuple),
    Wrong("12.hvp", "takes jvp's [0]: the gradient", lambda: r8_hvp_primal),
    Wrong("12.hvp", "derivative with respect to k", lambda: r8_hvp_wrt_k),
    Wrong("12.hvp", "Hessian diagonal only, times v", lambda: r8_hvp_diag),
    Wrong("12.hvp", "finite difference of the gradient", lambda: r8_hvp_finite_difference),
    Wrong("12.hvp", "jacrev(jacfwd(energy)) @ v", lambda: r8_hvp_jacrev_jacfwd),
    Wrong("12.hvp", "cos(x) * v: springs forgotten", lambda: r8_hvp_cos_only),
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r8_td_original),
    Wrong("12.fixed_target", "stop_gradient on the prediction", lambda: r8_td_stop_prediction),
    Wrong("12.fixed_target", "stop_gradient on the whole loss", lambda: r8_td_stop_loss),
    Wrong("12.fixed_target", "stop_gradient on the rewards only", lambda: r8_td_stop_rewards),
    Wrong("12.fixed_target", "target through np.asarray", lambda: r8_td_numpy_target),
    Wrong("12.fixed_target", "target from values[:-1]", lambda: r8_td_shift_slip),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r8_td_mean),
    Wrong("12.fixed_target", ".copy() to detach the target", lambda: r8_td_copy),
    Wrong("12.fixed_target", "stop_gradient on the constant 0.9", lambda: r8_td_stop_constant),
    Wrong("12.fixed_target", "absolute error", lambda: r8_td_abs),
    Wrong("12.fixed_target", "returns the gradient, not the loss", lambda: r8_td_returns_grad),
    Wrong("12.fixed_target", "rewards left out of the target", lambda: r8_td_rewards_dropped),
    Wrong("12.fix_rule", "weights exp(a)/(exp(a)+exp(b)): overflow", lambda: r8_rule_naive_weights),
    Wrong("12.fix_rule", "sigmoids swapped between a and b", lambda: r8_rule_swapped),
    Wrong("12.fix_rule", "sigmoid(a - b) times both tangents", lambda: r8_rule_sum_tangents),
    Wrong("12.fix_rule", "same weight on a_dot and b_dot", lambda: r8_rule_same_weight),
    Wrong("12.fix_rule", "a_dot + b_dot", lambda: r8_rule_plain_sum),
    Wrong("12.fix_rule", "returns the tangent only", lambda: r8_rule_tangent_only),
    Wrong("12.fix_rule", "output as log(exp(a) + exp(b))", lambda: r8_rule_naive_out),
    Wrong("12.fix_rule", "half of each tangent", lambda: r8_rule_half),
    Wrong("12.fix_rule", "weights exp(a - m), not normalised", lambda: r8_rule_unnormalised),
    Wrong("12.fix_rule", "minus before the b term", lambda: r8_rule_minus),
    Wrong("12.fix_rule", "softmax of [b, a]", lambda: r8_rule_softmax_reversed),
]

RIGHT_8 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "jvp of grad with a closure over k", lambda: r8_hvp_fwd_rev),
    Right("12.hvp", "reverse-over-forward", lambda: r8_hvp_rev_fwd),
    Right("12.hvp", "reverse-over-reverse with vdot", lambda: r8_hvp_rev_rev),
    Right("12.hvp", "linearize the gradient", lambda: r8_hvp_linearize),
    Right("12.fixed_target", "whole target under stop_gradient", lambda: r8_td_right_target),
    Right("12.fixed_target", "all values held, slice after", lambda: r8_td_right_all_held),
    Right("12.fixed_target", "next values held, dot of the error", lambda: r8_td_right_next),
    Right("12.fix_rule", "sigmoid(a - b) and sigmoid(b - a)", lambda: r8_rule_sigmoids),
    Right("12.fix_rule", "exp(a - out) weights", lambda: r8_rule_exp_out),
    Right("12.fix_rule", "softmax of [a, b]", lambda: r8_rule_softmax),
    Right("12.fix_rule", "s and 1 - s", lambda: r8_rule_one_minus),
]
