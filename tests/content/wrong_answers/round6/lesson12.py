"""Round 6, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 12.jacobian_shapes


def r6_shapes_by_running():
    W = jnp.ones((3, 4))
    x = jnp.ones(4)

    def layer(W):
        return jnp.tanh(W @ x)

    return jax.jacfwd(layer)(W).shape, jax.jacrev(layer)(W).shape


# ---------------------------------------------------------------- 12.hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r6_hvp_full_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r6_hvp_jacfwd_of_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r6_hvp_tangent_k(x, v, k):
    # tangents copied from the primals' pattern: k gets the tangent k
    return jax.jvp(jax.grad(energy), (x, k), (v, k))[1]


def r6_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r6_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r6_hvp_grad_wrt_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r6_hvp_primal_out(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))[0]


def r6_hvp_vjp_of_energy(x, v, k):
    _, pull = jax.vjp(lambda x: energy(x, k), x)
    return pull(v)[0]


def r6_hvp_forward_difference(x, v, k):
    eps = 1e-4
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r6_hvp_diag(x, v, k):
    return jnp.diag(jax.hessian(energy)(x, k)) * v


def r6_hvp_forward_over_reverse(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))[1]


def r6_hvp_partial(x, v, k):
    grad_at_k = jax.grad(functools.partial(energy, k=k))
    _, hv = jax.jvp(grad_at_k, [x], [v])
    return hv


def r6_hvp_reverse_over_forward(x, v, k):
    return jax.grad(lambda x: jax.jvp(lambda y: energy(y, k), (x,), (v,))[1])(x)


def r6_hvp_reverse_over_reverse(x, v, k):
    return jax.grad(lambda x: jnp.vdot(jax.grad(energy)(x, k), v))(x)


def r6_hvp_linearize(x, v, k):
    _, push = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return push(v)


# ---------------------------------------------------------------- 12.fixed_target


def r6_td_unchanged(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r6_td_stop_everything(values, rewards):
    return jnp.sum(lax.stop_gradient(values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r6_td_stop_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r6_td_stop_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r6_td_numpy_target(values, rewards):
    import numpy as np

    target = np.asarray(rewards) + 0.9 * np.asarray(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r6_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r6_td_index_slip(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def r6_td_square_of_sum(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def r6_td_padded_target(values, rewards):
    target = lax.stop_gradient(jnp.append(rewards + 0.9 * values[1:], 0.0))
    return jnp.sum((values - target) ** 2)


def r6_td_held_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r6_td_held_next(values, rewards):
    next_values = lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - rewards - 0.9 * next_values) ** 2)


def r6_td_held_copy(values, rewards):
    frozen = lax.stop_gradient(values)
    error = values[:-1] - (rewards + 0.9 * frozen[1:])
    return jnp.dot(error, error)


def r6_td_square(values, rewards):
    target = rewards + 0.9 * jax.lax.stop_gradient(values)[1:]
    return jnp.square(values[:-1] - target).sum()


# ---------------------------------------------------------------- 12.fix_rule


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r6_rule_buggy(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot


def r6_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r6_rule_naive_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _lae(a, b), jnp.exp(a) / total * a_dot + jnp.exp(b) / total * b_dot


def r6_rule_sum_of_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), a_dot + b_dot


def r6_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r6_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r6_rule_tangent_pair(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r6_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r6_rule_difference(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot - b_dot)


def r6_rule_hard_max(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jnp.where(a > b, a_dot, b_dot)


def r6_rule_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _lae(a, b)
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r6_rule_exp_minus_out(primals, tangents):
    (a, b), (da, db) = primals, tangents
    out = _lae(a, b)
    return out, jnp.exp(a - out) * da + jnp.exp(b - out) * db


def r6_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    weight = jax.nn.sigmoid(a - b)
    return _lae(a, b), weight * a_dot + (1.0 - weight) * b_dot


def r6_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.softmax(jnp.stack([a, b]))
    return _lae(a, b), w[0] * a_dot + w[1] * b_dot


ROUND_6 = [
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "flattens the matrix: ((3, 12), (3, 12))", lambda: ((3, 12), (3, 12))),
    Wrong("12.jacobian_shapes", "input's shape first: ((3, 4, 3), (3, 4, 3))", lambda: ((3, 4, 3), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "thinks jacrev gives the transpose: ((3, 3, 4), (3, 4, 3))", lambda: ((3, 3, 4), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "thinks jacfwd puts the input first: ((3, 4, 3), (3, 3, 4))", lambda: ((3, 4, 3), (3, 3, 4))),
    Wrong("12.jacobian_shapes", "W's shape both times: ((3, 4), (3, 4))", lambda: ((3, 4), (3, 4))),
    Wrong("12.jacobian_shapes", "the output's shape both times: ((3,), (3,))", lambda: ((3,), (3,))),
    Wrong("12.jacobian_shapes", "one shape, not a pair: (3, 3, 4)", lambda: (3, 3, 4)),
    Wrong("12.jacobian_shapes", "flattened and transposed for jacfwd: ((12, 3), (3, 12))", lambda: ((12, 3), (3, 12))),
    Wrong("12.jacobian_shapes", "output by output, W's column axis forgotten: ((3, 3), (3, 3))", lambda: ((3, 3), (3, 3))),
    Wrong("12.jacobian_shapes", "shapes written as strings: ('(3, 3, 4)', '(3, 3, 4)')", lambda: ("(3, 3, 4)", "(3, 3, 4)")),
    # 12.cheaper
    Wrong("12.cheaper", "A: forward mode is always cheaper (no residuals stored)", lambda: "A"),
    Wrong("12.cheaper", "B: reverse mode is always cheaper, as for training", lambda: "B"),
    Wrong("12.cheaper", "D: mixes up which side each mode counts", lambda: "D"),
    Wrong("12.cheaper", "E: same Jacobian, same work", lambda: "E"),
    Wrong("12.cheaper", "lowercase d", lambda: "d"),
    Wrong("12.cheaper", "lowercase b", lambda: "b"),
    Wrong("12.cheaper", "lowercase e", lambda: "e"),
    Wrong("12.cheaper", "hedges 'C or D'", lambda: "C or D"),
    # 12.hvp
    Wrong("12.hvp", "jax.hessian(energy)(x, k) @ v: builds the 64 x 64 Hessian", lambda: r6_hvp_full_hessian),
    Wrong("12.hvp", "jax.jacfwd(jax.grad(energy))(x, k) @ v: the Hessian again, built by hand", lambda: r6_hvp_jacfwd_of_grad),
    Wrong("12.hvp", "jvp of grad over (x, k) with tangents (v, k): k gets a tangent too", lambda: r6_hvp_tangent_k),
    Wrong("12.hvp", "jvp of energy itself: the directional derivative, a scalar", lambda: r6_hvp_jvp_of_energy),
    Wrong("12.hvp", "gradient times v, element by element", lambda: r6_hvp_grad_times_v),
    Wrong("12.hvp", "jvp of the gradient with respect to k (argnums=1)", lambda: r6_hvp_grad_wrt_k),
    Wrong("12.hvp", "takes [0] of the jvp: the gradient, not its tangent", lambda: r6_hvp_primal_out),
    Wrong("12.hvp", "vjp of energy pulled back with v as cotangent (a scalar output)", lambda: r6_hvp_vjp_of_energy),
    Wrong("12.hvp", "forward difference of gradients with eps = 1e-4 in float32", lambda: r6_hvp_forward_difference),
    Wrong("12.hvp", "diagonal of the Hessian times v", lambda: r6_hvp_diag),
    # 12.fixed_target
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r6_td_unchanged),
    Wrong("12.fixed_target", "stop_gradient around the whole error: every gradient 0", lambda: r6_td_stop_everything),
    Wrong("12.fixed_target", "stop_gradient on values[:-1], the side being trained", lambda: r6_td_stop_wrong_side),
    Wrong("12.fixed_target", "stop_gradient on the rewards only: no effect on the gradient", lambda: r6_td_stop_rewards),
    Wrong("12.fixed_target", "target made of plain numbers with np.asarray: fails on tracers", lambda: r6_td_numpy_target),
    Wrong("12.fixed_target", "jnp.mean instead of jnp.sum: gradient a third of the right one", lambda: r6_td_mean),
    Wrong("12.fixed_target", "target from values[:-1] instead of values[1:]", lambda: r6_td_index_slip),
    Wrong("12.fixed_target", "square of the sum: jnp.sum(values[:-1] - target) ** 2", lambda: r6_td_square_of_sum),
    Wrong("12.fixed_target", "pads the target with 0 for the last state: its gradient becomes 2 * values[-1]", lambda: r6_td_padded_target),
    # 12.fix_rule
    Wrong("12.fix_rule", "the lesson's buggy rule, b's tangent left out", lambda: r6_rule_buggy),
    Wrong("12.fix_rule", "weights swapped: sigmoid(b - a) on a_dot, sigmoid(a - b) on b_dot", lambda: r6_rule_swapped),
    Wrong("12.fix_rule", "exp(a) / (exp(a) + exp(b)) weights: nan at (100.0, 3.0)", lambda: r6_rule_naive_softmax),
    Wrong("12.fix_rule", "a_dot + b_dot: thinks each slope is 1", lambda: r6_rule_sum_of_tangents),
    Wrong("12.fix_rule", "copy slip: sigmoid(a - b) on both tangents", lambda: r6_rule_same_weight),
    Wrong("12.fix_rule", "returns only the tangent, not (output, tangent)", lambda: r6_rule_tangent_only),
    Wrong("12.fix_rule", "returns the two weighted tangents as a pair instead of their sum", lambda: r6_rule_tangent_pair),
    Wrong("12.fix_rule", "right tangent, but the output computed as log(exp(a) + exp(b)): inf at (100.0, 3.0)", lambda: r6_rule_naive_value),
    Wrong("12.fix_rule", "sigmoid(a - b) * (a_dot - b_dot)", lambda: r6_rule_difference),
    Wrong("12.fix_rule", "the tangent of max: jnp.where(a > b, a_dot, b_dot)", lambda: r6_rule_hard_max),
]

RIGHT_6 = [
    Right("12.jacobian_shapes", "((3, 3, 4), (3, 3, 4))", lambda: ((3, 3, 4), (3, 3, 4))),
    Right("12.jacobian_shapes", "computed by running jacfwd and jacrev", r6_shapes_by_running),
    Right("12.jacobian_shapes", "((3,) + (3, 4),) * 2", lambda: ((3,) + (3, 4),) * 2),
    Right("12.jacobian_shapes", "tuple(...) of two tuples built from lists", lambda: (tuple([3, 3, 4]), tuple([3, 3, 4]))),
    Right("12.cheaper", "'C'", lambda: "C"),
    Right("12.cheaper", "lowercase 'c'", lambda: "c"),
    Right("12.cheaper", "' C' with a leading space", lambda: " C"),
    Right("12.hvp", "forward-over-reverse: jvp of grad with k closed over", lambda: r6_hvp_forward_over_reverse),
    Right("12.hvp", "functools.partial(energy, k=k), jvp with lists", lambda: r6_hvp_partial),
    Right("12.hvp", "reverse-over-forward", lambda: r6_hvp_reverse_over_forward),
    Right("12.hvp", "reverse-over-reverse with jnp.vdot", lambda: r6_hvp_reverse_over_reverse),
    Right("12.hvp", "jax.linearize of the gradient", lambda: r6_hvp_linearize),
    Right("12.fixed_target", "stop_gradient on the whole target", lambda: r6_td_held_target),
    Right("12.fixed_target", "stop_gradient on values[1:] only", lambda: r6_td_held_next),
    Right("12.fixed_target", "a frozen copy of values, error dotted with itself", lambda: r6_td_held_copy),
    Right("12.fixed_target", "stop_gradient(values)[1:], jnp.square(...).sum()", lambda: r6_td_square),
    Right("12.fix_rule", "sigmoid(a - b) * a_dot + sigmoid(b - a) * b_dot", lambda: r6_rule_sigmoids),
    Right("12.fix_rule", "exp(a - out) and exp(b - out) as the weights", lambda: r6_rule_exp_minus_out),
    Right("12.fix_rule", "sigmoid(a - b) and 1 - sigmoid(a - b)", lambda: r6_rule_one_minus),
    Right("12.fix_rule", "jax.nn.softmax of the stacked inputs", lambda: r6_rule_softmax),
]
