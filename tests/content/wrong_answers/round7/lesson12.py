"""Round 7, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 12.hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def r7_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r7_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda x: energy(x, k), (x,), (v,))[1]


def r7_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r7_hvp_wrt_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy, argnums=1)(x, k), (x,), (v,))[1]


def r7_hvp_jacfwd(x, v, k):
    return v @ jax.jacfwd(jax.grad(energy))(x, k)


def r7_hvp_index0(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, k), (x,), (v,))[0]


K_GLOBAL = 1.0


def r7_hvp_global_k(x, v, k):
    return jax.jvp(lambda x: jax.grad(energy)(x, K_GLOBAL), (x,), (v,))[1]


def r7_hvp_finite_diff(x, v, k):
    eps = 1e-3
    g = jax.grad(energy)
    return (g(x + eps * v, k) - g(x, k)) / eps


def r7_hvp_diag(x, v, k):
    # second derivative per coordinate only: the diagonal times v
    d2 = jax.vmap(lambda i: jax.grad(lambda xi: jax.grad(energy)(x.at[i].set(xi), k)[i])(x[i]))(jnp.arange(x.shape[0]))
    return d2 * v


def r7_hvp_right_fwd_rev(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]


def r7_hvp_right_rev_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r7_hvp_right_rev_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r7_hvp_right_linearize(x, v, k):
    _, push = jax.linearize(lambda y: jax.grad(energy)(y, k), x)
    return push(v)


def r7_hvp_right_vjp(x, v, k):
    _, pull = jax.vjp(lambda y: jax.grad(energy)(y, k), x)
    return pull(v)[0]


# ---------------------------------------------------------------- 12.fixed_target


def td_loss(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r7_td_stop_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r7_td_stop_all(values, rewards):
    v = lax.stop_gradient(values)
    return jnp.sum((v[:-1] - rewards - 0.9 * v[1:]) ** 2)


def r7_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r7_td_hardcoded_target(values, rewards):
    target = jnp.array([0.9, 0.0, 2.8])  # the lesson's target, computed once
    return jnp.sum((values[:-1] - target) ** 2)


def r7_td_stop_constant(values, rewards):
    return jnp.sum((values[:-1] - rewards - lax.stop_gradient(0.9) * values[1:]) ** 2)


def r7_td_stop_rewards(values, rewards):
    return jnp.sum((values[:-1] - lax.stop_gradient(rewards) - 0.9 * values[1:]) ** 2)


def r7_td_shifted(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r7_td_gamma(values, rewards):
    target = lax.stop_gradient(rewards + 0.99 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r7_td_stop_loss(values, rewards):
    return lax.stop_gradient(td_loss(values, rewards))


def r7_td_half(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r7_td_right_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r7_td_right_next(values, rewards):
    nxt = lax.stop_gradient(values)[1:]
    return jnp.sum((values[:-1] - rewards - 0.9 * nxt) ** 2)


def r7_td_right_padded(values, rewards):
    target = jnp.concatenate([lax.stop_gradient(rewards + 0.9 * values[1:]), values[-1:]])
    return jnp.sum((values - target) ** 2)


def r7_td_right_square_dot(values, rewards):
    err = values[:-1] - (rewards + 0.9 * lax.stop_gradient(values[1:]))
    return err @ err


# ---------------------------------------------------------------- 12.fix_rule


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r7_rule_buggy(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot


def r7_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r7_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r7_rule_naive_exp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _lae(a, b), (jnp.exp(a) * a_dot + jnp.exp(b) * b_dot) / total


def r7_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r7_rule_max_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jnp.maximum(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r7_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), a_dot + b_dot


def r7_rule_tuple_tangent(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), (jax.nn.sigmoid(a - b) * a_dot, jax.nn.sigmoid(b - a) * b_dot)


def r7_rule_max_pick(primals, tangents):
    # derivative of max(a, b): all weight on the larger one
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jnp.where(a >= b, a_dot, b_dot)


def r7_rule_sigmoid_b(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + (1 - jax.nn.sigmoid(b - a)) * b_dot


def r7_rule_right_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r7_rule_right_exp_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _lae(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r7_rule_right_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.sigmoid(a - b)
    return jnp.logaddexp(a, b), w * a_dot + (1.0 - w) * b_dot


def r7_rule_right_jnp_jvp(primals, tangents):
    return jax.jvp(jnp.logaddexp, primals, tangents)


ROUND_7 = [
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "same shapes, but a coincidence of 3s", lambda: "B"),
    Wrong("12.jacobian_shapes", "flattened (3, 12)", lambda: "C"),
    Wrong("12.jacobian_shapes", "jacrev puts input axes first", lambda: "D"),
    Wrong("12.jacobian_shapes", "(3, 4) like grad", lambda: "E"),
    Wrong("12.jacobian_shapes", "the shape itself", lambda: (3, 3, 4)),
    Wrong("12.jacobian_shapes", "the shape as a string", lambda: "(3, 3, 4)"),
    Wrong("12.jacobian_shapes", "both letters with (3, 3, 4)", lambda: "A or B"),
    Wrong("12.jacobian_shapes", "letter with reason appended", lambda: "B: (3, 3, 4)"),
    # 12.cheaper
    Wrong("12.cheaper", "jacfwd for both", lambda: "A"),
    Wrong("12.cheaper", "jacrev for both (as for a loss)", lambda: "B"),
    Wrong("12.cheaper", "jacrev for tall, jacfwd for wide", lambda: "D"),
    Wrong("12.cheaper", "same work", lambda: "E"),
    Wrong("12.cheaper", "mode names", lambda: "jacfwd, jacrev"),
    Wrong("12.cheaper", "a tuple of modes", lambda: ("jacfwd", "jacrev")),
    Wrong("12.cheaper", "the functions themselves", lambda: (jax.jacfwd, jax.jacrev)),
    Wrong("12.cheaper", "two letters", lambda: "CD"),
    # 12.hvp
    Wrong("12.hvp", "sneaky: builds the Hessian", lambda: r7_hvp_hessian),
    Wrong("12.hvp", "jvp of energy, not of its gradient", lambda: r7_hvp_jvp_of_energy),
    Wrong("12.hvp", "gradient times v", lambda: r7_hvp_grad_times_v),
    Wrong("12.hvp", "gradient with respect to k", lambda: r7_hvp_wrt_k),
    Wrong("12.hvp", "v @ jacfwd(grad): builds it too", lambda: r7_hvp_jacfwd),
    Wrong("12.hvp", "took the jvp's primal (the gradient)", lambda: r7_hvp_index0),
    Wrong("12.hvp", "k fixed at 1.0", lambda: r7_hvp_global_k),
    Wrong("12.hvp", "finite differences of the gradient", lambda: r7_hvp_finite_diff),
    Wrong("12.hvp", "diagonal of the Hessian times v", lambda: r7_hvp_diag),
    # 12.fixed_target
    Wrong("12.fixed_target", "sneaky: td_loss unchanged", lambda: td_loss),
    Wrong("12.fixed_target", "stops the value, not the target", lambda: r7_td_stop_wrong_side),
    Wrong("12.fixed_target", "stops all values: gradient 0", lambda: r7_td_stop_all),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r7_td_mean),
    Wrong("12.fixed_target", "sneaky: the lesson's target hard-coded", lambda: r7_td_hardcoded_target),
    Wrong("12.fixed_target", "stop_gradient on the 0.9", lambda: r7_td_stop_constant),
    Wrong("12.fixed_target", "stop_gradient on the rewards", lambda: r7_td_stop_rewards),
    Wrong("12.fixed_target", "target from the previous state", lambda: r7_td_shifted),
    Wrong("12.fixed_target", "discount 0.99", lambda: r7_td_gamma),
    Wrong("12.fixed_target", "stop_gradient around the whole loss", lambda: r7_td_stop_loss),
    Wrong("12.fixed_target", "half the squared error", lambda: r7_td_half),
    # 12.fix_rule
    Wrong("12.fix_rule", "the buggy rule copied", lambda: r7_rule_buggy),
    Wrong("12.fix_rule", "one weight for both tangents", lambda: r7_rule_same_weight),
    Wrong("12.fix_rule", "weights swapped", lambda: r7_rule_swapped),
    Wrong("12.fix_rule", "naive exp weights: nan at (100, 3)", lambda: r7_rule_naive_exp),
    Wrong("12.fix_rule", "returns the tangent only", lambda: r7_rule_tangent_only),
    Wrong("12.fix_rule", "output is max(a, b)", lambda: r7_rule_max_out),
    Wrong("12.fix_rule", "tangent a_dot + b_dot", lambda: r7_rule_sum_tangents),
    Wrong("12.fix_rule", "tangent as a tuple per argument", lambda: r7_rule_tuple_tangent),
    Wrong("12.fix_rule", "derivative of max: all to the larger", lambda: r7_rule_max_pick),
    Wrong("12.fix_rule", "1 - sigmoid(b - a) for b", lambda: r7_rule_sigmoid_b),
]

RIGHT_7 = [
    Right("12.jacobian_shapes", "the letter", lambda: "A"),
    Right("12.jacobian_shapes", "lower case", lambda: "a"),
    Right("12.jacobian_shapes", "padded", lambda: "A "),
    Right("12.cheaper", "the letter", lambda: "C"),
    Right("12.cheaper", "lower case", lambda: "c"),
    Right("12.cheaper", "padded", lambda: " C"),
    Right("12.hvp", "forward-over-reverse", lambda: r7_hvp_right_fwd_rev),
    Right("12.hvp", "reverse-over-forward", lambda: r7_hvp_right_rev_fwd),
    Right("12.hvp", "reverse-over-reverse", lambda: r7_hvp_right_rev_rev),
    Right("12.hvp", "linearize the gradient", lambda: r7_hvp_right_linearize),
    Right("12.hvp", "vjp of the gradient (H symmetric)", lambda: r7_hvp_right_vjp),
    Right("12.fixed_target", "target under stop_gradient", lambda: r7_td_right_target),
    Right("12.fixed_target", "next values stopped", lambda: r7_td_right_next),
    Right("12.fixed_target", "padded with the last value itself", lambda: r7_td_right_padded),
    Right("12.fixed_target", "err @ err", lambda: r7_td_right_square_dot),
    Right("12.fix_rule", "two sigmoids", lambda: r7_rule_right_sigmoids),
    Right("12.fix_rule", "exp(a - out), exp(b - out)", lambda: r7_rule_right_exp_out),
    Right("12.fix_rule", "w and 1 - w, out from jnp.logaddexp", lambda: r7_rule_right_one_minus),
    Right("12.fix_rule", "jvp of jnp.logaddexp", lambda: r7_rule_right_jnp_jvp),
]
