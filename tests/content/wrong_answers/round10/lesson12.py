"""Round 10, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


# --- 12.hvp --------------------------------------------------------------------------


def r10_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r10_hvp_jvp_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r10_hvp_grad_k(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1]


def r10_hvp_finite_diff(x, v, k):
    eps = 1e-4
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x - eps * v, k)) / (2 * eps)


def r10_hvp_jacfwd_rows(x, v, k):
    return v @ jax.jacfwd(jax.grad(energy))(x, k)


def r10_hvp_no_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x,), (v,))[1]


def r10_hvp_k_one(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


def r10_hvp_pair(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))


def r10_hvp_hand_cos_sign(x, v, k):
    lap = jnp.zeros_like(v).at[:-1].add(v[:-1] - v[1:]).at[1:].add(v[1:] - v[:-1])
    return k * lap - jnp.cos(x) * v


def r10_hvp_convolve(x, v, k):
    lap = jnp.convolve(v, jnp.array([-1.0, 2.0, -1.0]), mode="same")  # ends as if degree 2
    return k * lap + jnp.cos(x) * v


def r10_hvp_vmap_eye(x, v, k):
    hv_row = lambda e: jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (e,))[1]  # noqa: E731
    return jax.vmap(hv_row)(jnp.eye(x.shape[0])) @ v


def r10_hvp_rev_fwd(x, v, k):
    """Right: reverse-over-forward, the gradient of a JVP."""
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r10_hvp_rev_rev(x, v, k):
    """Right: reverse-over-reverse, the gradient of grad . v."""
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r10_hvp_both_args(x, v, k):
    """Right: jvp over (x, k) with a zero tangent for k."""
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.zeros_like(k)))[1]


def r10_hvp_by_hand(x, v, k):
    """Right: the spring Laplacian and the cosine wells, derived by hand."""
    d = v[1:] - v[:-1]
    lap = jnp.concatenate([-d[:1], d[:-1] - d[1:], d[-1:]]) if v.shape[0] > 1 else 0 * v
    return k * lap + jnp.cos(x) * v


def r10_hvp_linearize(x, v, k):
    """Right: jax.linearize of the gradient, then one application."""
    _, push = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return push(v)


# --- 12.fixed_target -----------------------------------------------------------------


def r10_td_hold_whole_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_hold_all_values(values, rewards):
    held = lax.stop_gradient(values)
    return jnp.sum((held[:-1] - rewards - 0.9 * held[1:]) ** 2)


def r10_td_hold_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r10_td_numpy_target(values, rewards):
    target = rewards + 0.9 * np.asarray(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r10_td_lesson_target(values, rewards):
    target = jnp.array([0.0, 0.0, 1.0]) + 0.9 * jnp.array([1.0, 0.0, 2.0])  # the page's
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_unchanged(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r10_td_gamma_099(values, rewards):
    target = rewards + 0.99 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_shifted(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r10_td_hold_rewards_too(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_sg_before_slice(values, rewards):
    """Right: stop_gradient of all values, then sliced, for the target only."""
    target = rewards + 0.9 * lax.stop_gradient(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r10_td_generator(values, rewards):
    """Right: a Python sum over the states, the next value held."""
    return sum(
        (values[i] - rewards[i] - lax.stop_gradient(0.9 * values[i + 1])) ** 2
        for i in range(rewards.shape[0])
    )


def r10_td_roll(values, rewards):
    """Right: the next values by jnp.roll of the held values."""
    nxt = jnp.roll(lax.stop_gradient(values), -1)[:-1]
    err = values[:-1] - (rewards + 0.9 * nxt)
    return jnp.dot(err, err)


# --- 12.fix_rule ---------------------------------------------------------------------


def _lae(a, b):
    """The stable value, written out again inside each rule's module."""
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r10_rule_exp_ratio(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    ea, eb = jnp.exp(a), jnp.exp(b)
    return _lae(a, b), (ea * a_dot + eb * b_dot) / (ea + eb)


def r10_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r10_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r10_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r10_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r10_rule_max_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jnp.maximum(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r10_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jnp.where(a > b, a_dot, b_dot)


def r10_rule_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot - jax.nn.sigmoid(b - a) * b_dot


def r10_rule_only_b_fixed(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * b_dot


def r10_rule_softmax_tuple(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return (_lae(a, b), jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r10_rule_one_minus(primals, tangents):
    """Right: 1 - sigmoid(a - b) for b's weight."""
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.sigmoid(a - b)
    return _lae(a, b), w * a_dot + (1.0 - w) * b_dot


def r10_rule_exp_minus_out(primals, tangents):
    """Right: weights exp(a - out) and exp(b - out), stable since out >= a, b."""
    a, b = primals
    a_dot, b_dot = tangents
    out = _lae(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r10_rule_softmax(primals, tangents):
    """Right: softmax over the stacked inputs, as a list of two."""
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, w[0] * a_dot + w[1] * b_dot


ROUND_10 = [
    # 12.jacobian_shapes: the answer is A
    Wrong("12.jacobian_shapes", "B: the entry's shape first, like the matrix", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: shapes like grad's", lambda: "E"),
    Wrong("12.jacobian_shapes", "the reveal's shape, not a letter", lambda: "(2, 2, 4)"),
    Wrong("12.jacobian_shapes", "A and B as a pair", lambda: "AB"),
    Wrong("12.jacobian_shapes", "a dict of the shapes", lambda: {"s": (3,), "w": (3, 4, 3)}),
    Wrong("12.jacobian_shapes", "A written as a word", lambda: "option A"),
    # 12.cheaper: the answer is C
    Wrong("12.cheaper", "A: jacrev for both", lambda: "A"),
    Wrong("12.cheaper", "B: modes swapped", lambda: "B"),
    Wrong("12.cheaper", "D: vector vs matrix input decides", lambda: "D"),
    Wrong("12.cheaper", "E: one forward pass per output for jacrev", lambda: "E"),
    Wrong("12.cheaper", "F: same work", lambda: "F"),
    Wrong("12.cheaper", "all three with the same choice", lambda: "CDE"),
    Wrong("12.cheaper", "the modes' names", lambda: "jacfwd, jacrev"),
    Wrong("12.cheaper", "C and E", lambda: "C, E"),
    # 12.hvp
    Wrong("12.hvp", "jax.hessian, then @ v", lambda: r10_hvp_hessian),
    Wrong("12.hvp", "a JVP of energy: the directional derivative", lambda: r10_hvp_jvp_energy),
    Wrong("12.hvp", "grad with argnums=1: derivative in k", lambda: r10_hvp_grad_k),
    Wrong("12.hvp", "central finite difference of the gradient", lambda: r10_hvp_finite_diff),
    Wrong("12.hvp", "v @ jacfwd(grad): builds H", lambda: r10_hvp_jacfwd_rows),
    Wrong("12.hvp", "jvp of grad(energy) without k", lambda: r10_hvp_no_k),
    Wrong("12.hvp", "k fixed at 1.0", lambda: r10_hvp_k_one),
    Wrong("12.hvp", "returns jvp's (gradient, hvp) pair", lambda: r10_hvp_pair),
    Wrong("12.hvp", "by hand, -cos(x) v for the wells", lambda: r10_hvp_hand_cos_sign),
    Wrong("12.hvp", "by hand, convolve [-1, 2, -1]: wrong at the ends", lambda: r10_hvp_convolve),
    Wrong("12.hvp", "vmap of HVPs over eye(n): the Hessian rows", lambda: r10_hvp_vmap_eye),
    # 12.fixed_target
    Wrong(
        "12.fixed_target",
        "stop_gradient on the whole target: rewards cut",
        lambda: r10_td_hold_whole_target,
    ),
    Wrong("12.fixed_target", "stop_gradient on all values", lambda: r10_td_hold_all_values),
    Wrong("12.fixed_target", "held the value side, not the target", lambda: r10_td_hold_wrong_side),
    Wrong("12.fixed_target", "np.asarray(values) for the target", lambda: r10_td_numpy_target),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r10_td_mean),
    Wrong("12.fixed_target", "the page's target numbers copied", lambda: r10_td_lesson_target),
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r10_td_unchanged),
    Wrong("12.fixed_target", "discount 0.99", lambda: r10_td_gamma_099),
    Wrong("12.fixed_target", "value and next value swapped", lambda: r10_td_shifted),
    Wrong("12.fixed_target", "rewards held too, each term apart", lambda: r10_td_hold_rewards_too),
    # 12.fix_rule
    Wrong("12.fix_rule", "exp(a)/(exp(a)+exp(b)): overflows at 100", lambda: r10_rule_exp_ratio),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r10_rule_same_weight),
    Wrong("12.fix_rule", "weights swapped between a and b", lambda: r10_rule_swapped),
    Wrong("12.fix_rule", "returns the tangent only", lambda: r10_rule_tangent_only),
    Wrong("12.fix_rule", "output by the naive formula: inf at 100", lambda: r10_rule_naive_value),
    Wrong("12.fix_rule", "output is max(a, b) only", lambda: r10_rule_max_value),
    Wrong("12.fix_rule", "hard max: tangent of the larger input", lambda: r10_rule_hard_max),
    Wrong("12.fix_rule", "b's term subtracted", lambda: r10_rule_minus),
    Wrong(
        "12.fix_rule", "replaced a's term by b's instead of adding", lambda: r10_rule_only_b_fixed
    ),
    Wrong(
        "12.fix_rule", "a tuple of three: output and two tangents", lambda: r10_rule_softmax_tuple
    ),
]

RIGHT_10 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "reverse-over-forward", lambda: r10_hvp_rev_fwd),
    Right("12.hvp", "reverse-over-reverse with vdot", lambda: r10_hvp_rev_rev),
    Right("12.hvp", "jvp over (x, k), k's tangent zero", lambda: r10_hvp_both_args),
    Right("12.hvp", "derived by hand: k L v + cos(x) v", lambda: r10_hvp_by_hand),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r10_hvp_linearize),
    Right(
        "12.fixed_target",
        "stop_gradient of all values, sliced after",
        lambda: r10_td_sg_before_slice,
    ),
    Right("12.fixed_target", "Python sum over states", lambda: r10_td_generator),
    Right("12.fixed_target", "jnp.roll of the held values, dot of errors", lambda: r10_td_roll),
    Right("12.fix_rule", "1 - sigmoid(a - b) for b", lambda: r10_rule_one_minus),
    Right("12.fix_rule", "weights exp(a - out), exp(b - out)", lambda: r10_rule_exp_minus_out),
    Right("12.fix_rule", "softmax of the stacked inputs", lambda: r10_rule_softmax),
]
