"""Round 9, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


# --- 12.hvp ------------------------------------------------------------------------------


def r9_hvp_fwd_over_rev(x, v, k):
    grad_x = jax.grad(energy)
    return jax.jvp(lambda p: grad_x(p, k), (x,), (v,))[1]


def r9_hvp_rev_over_rev(x, v, k):
    return jax.grad(lambda p: jnp.vdot(jax.grad(energy)(p, k), v))(x)


def r9_hvp_rev_over_fwd(x, v, k):
    return jax.grad(lambda p: jax.jvp(lambda q: energy(q, k), (p,), (v,))[1])(x)


def r9_hvp_linearize(x, v, k):
    _, push = jax.linearize(jax.grad(lambda p: energy(p, k)), x)
    return push(v)


def r9_hvp_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r9_hvp_jacfwd_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r9_hvp_jvp_energy(x, v, k):
    return jax.jvp(lambda p: energy(p, k), (x,), (v,))[1]


def r9_hvp_grad_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r9_hvp_primal(x, v, k):
    return jax.jvp(lambda p: jax.grad(energy)(p, k), (x,), (v,))[0]


def r9_hvp_wrt_k(x, v, k):
    return jax.jvp(lambda kk: jax.grad(energy)(x, kk), (k,), (1.0,))[1] * v


def r9_hvp_tangent_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, jnp.ones_like(k)))[1]


def r9_hvp_dot(x, v, k):
    return jnp.dot(jax.jvp(lambda p: jax.grad(energy)(p, k), (x,), (v,))[1], v)


def r9_hvp_columns(x, v, k):
    cols = jax.vmap(lambda e: jax.jvp(lambda p: jax.grad(energy)(p, k), (x,), (e,))[1])(
        jnp.eye(x.shape[0])
    )
    return cols @ v


def r9_hvp_vjp_of_grad_transposed(x, v, k):
    _, pull = jax.vjp(lambda p: jax.grad(energy)(p, k), x)
    return pull(v)  # the tuple, not its entry


def r9_hvp_grad_argnums(x, v, k):
    return jax.jvp(lambda p: jax.grad(energy, argnums=1)(p, k), (x,), (v,))[1]


# --- 12.fixed_target -----------------------------------------------------------------------


def r9_td_stop_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r9_td_stop_next(values, rewards):
    nxt = lax.stop_gradient(values)[1:]
    return jnp.sum((values[:-1] - rewards - 0.9 * nxt) ** 2)


def r9_td_flipped(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((target - values[:-1]) ** 2)


def r9_td_minus_trick(values, rewards):
    frozen = values - (values - lax.stop_gradient(values))
    errors = values[:-1] - (rewards + 0.9 * frozen[1:])
    return jnp.dot(errors, errors)


def r9_td_unchanged(values, rewards):
    return jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r9_td_stop_whole(values, rewards):
    return lax.stop_gradient(jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2))


def r9_td_stop_current(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r9_td_stop_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r9_td_copy(values, rewards):
    target = rewards + 0.9 * jnp.array(values[1:], copy=True)
    return jnp.sum((values[:-1] - target) ** 2)


def r9_td_numpy(values, rewards):
    import numpy as np

    target = rewards + 0.9 * np.asarray(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r9_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r9_td_half(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r9_td_shifted(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r9_td_stop_error(values, rewards):
    err = lax.stop_gradient(values[:-1] - rewards - 0.9 * values[1:])
    return jnp.sum(err * values[:-1])  # "linear in values" to get 2*err... forgot the 2


def r9_td_abs(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(jnp.abs(values[:-1] - target))


# --- 12.fix_rule ---------------------------------------------------------------------------


def r9_rule_both_sigmoids(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r9_rule_exp_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    out = m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r9_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.logaddexp(a, b)
    w = jax.nn.softmax(jnp.stack([a, b]), axis=0)
    return out, w[0] * a_dot + w[1] * b_dot


def r9_rule_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    out = jnp.maximum(a, b) + jnp.log1p(jnp.exp(-jnp.abs(a - b)))
    return out, s * a_dot + (1 - s) * b_dot


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r9_rule_original(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot


def r9_rule_same_sigmoid(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return _lae(a, b), s * a_dot + s * b_dot


def r9_rule_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r9_rule_naive(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _lae(a, b), (jnp.exp(a) * a_dot + jnp.exp(b) * b_dot) / total


def r9_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r9_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r9_rule_max_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jnp.where(a > b, a_dot, b_dot)


def r9_rule_minus_b(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return _lae(a, b), s * a_dot - (1 - s) * b_dot


def r9_rule_exp_diff(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    ea, eb = jnp.exp(a - m), jnp.exp(b - m)
    return _lae(a, b), ea * a_dot + eb * b_dot  # forgot to divide by ea + eb


def r9_rule_tangents_as_list(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    s = jax.nn.sigmoid(a - b)
    return _lae(a, b), [s * a_dot, (1 - s) * b_dot]


ROUND_9 = [
    # jacobian_shapes
    Wrong("12.jacobian_shapes", "B: input's shape thought to come first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: reverse mode thought to transpose", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: thought W is flattened", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: thought of grad's shape", lambda: "E"),
    Wrong("12.jacobian_shapes", "the shape typed instead of a letter", lambda: "(4, 4, 4)"),
    Wrong("12.jacobian_shapes", "three letters with the same shapes", lambda: "A, B, C"),
    Wrong("12.jacobian_shapes", "B with a reason", lambda: "B - like the matrix W first"),
    Wrong("12.jacobian_shapes", "a tuple of the shape", lambda: (4, 4, 4)),
    # cheaper
    Wrong("12.cheaper", "A: reverse mode always cheaper", lambda: "A"),
    Wrong("12.cheaper", "B: modes swapped", lambda: "B"),
    Wrong("12.cheaper", "D: vector/matrix rule", lambda: "D"),
    Wrong("12.cheaper", "E: thought jacrev reruns forward per output", lambda: "E"),
    Wrong("12.cheaper", "F: same Jacobian, same work", lambda: "F"),
    Wrong("12.cheaper", "named the functions instead", lambda: "jacfwd, jacrev"),
    Wrong("12.cheaper", "E with its reason", lambda: "E: 2000 forward passes"),
    Wrong("12.cheaper", "C, D and E all picked", lambda: "CDE"),
    # hvp
    Wrong("12.hvp", "built the Hessian with jax.hessian", lambda: r9_hvp_hessian),
    Wrong("12.hvp", "jacfwd of grad, then @ v", lambda: r9_hvp_jacfwd_grad),
    Wrong("12.hvp", "JVP of energy: a directional derivative", lambda: r9_hvp_jvp_energy),
    Wrong("12.hvp", "gradient times v element-wise", lambda: r9_hvp_grad_times_v),
    Wrong("12.hvp", "took [0] of jvp: the gradient itself", lambda: r9_hvp_primal),
    Wrong("12.hvp", "differentiated along k instead of x", lambda: r9_hvp_wrt_k),
    Wrong("12.hvp", "gave k a tangent of 1 as well", lambda: r9_hvp_tangent_k),
    Wrong("12.hvp", "v . H v: dotted with v at the end", lambda: r9_hvp_dot),
    Wrong("12.hvp", "JVPs of every unit vector, then @ v", lambda: r9_hvp_columns),
    Wrong("12.hvp", "vjp of grad, returned the 1-tuple", lambda: r9_hvp_vjp_of_grad_transposed),
    Wrong("12.hvp", "grad with argnums=1 inside the jvp", lambda: r9_hvp_grad_argnums),
    # fixed_target
    Wrong("12.fixed_target", "td_loss unchanged", lambda: r9_td_unchanged),
    Wrong("12.fixed_target", "stop_gradient around the whole loss", lambda: r9_td_stop_whole),
    Wrong("12.fixed_target", "held the current values, not the target", lambda: r9_td_stop_current),
    Wrong("12.fixed_target", "stop_gradient on rewards only", lambda: r9_td_stop_rewards),
    Wrong("12.fixed_target", "a copy of values as the target", lambda: r9_td_copy),
    Wrong("12.fixed_target", "np.asarray to make plain numbers", lambda: r9_td_numpy),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r9_td_mean),
    Wrong("12.fixed_target", "0.5 factor on the loss", lambda: r9_td_half),
    Wrong("12.fixed_target", "values and targets shifted the wrong way", lambda: r9_td_shifted),
    Wrong("12.fixed_target", "stopped the error, linear surrogate", lambda: r9_td_stop_error),
    Wrong("12.fixed_target", "absolute error instead of squared", lambda: r9_td_abs),
    # fix_rule
    Wrong("12.fix_rule", "the buggy rule as given", lambda: r9_rule_original),
    Wrong("12.fix_rule", "sigmoid(a - b) for both tangents", lambda: r9_rule_same_sigmoid),
    Wrong("12.fix_rule", "sigmoids swapped between a and b", lambda: r9_rule_swapped),
    Wrong("12.fix_rule", "exp(a)/(exp(a)+exp(b)): overflows at 100", lambda: r9_rule_naive),
    Wrong("12.fix_rule", "one sigmoid times a_dot + b_dot", lambda: r9_rule_sum_tangents),
    Wrong("12.fix_rule", "returned only the tangent", lambda: r9_rule_tangent_only),
    Wrong("12.fix_rule", "derivative of max: picks one tangent", lambda: r9_rule_max_only),
    Wrong("12.fix_rule", "minus sign on b's term", lambda: r9_rule_minus_b),
    Wrong("12.fix_rule", "stable exps, forgot to normalise", lambda: r9_rule_exp_diff),
    Wrong(
        "12.fix_rule", "tangent returned as a list of two parts", lambda: r9_rule_tangents_as_list
    ),
]

RIGHT_9 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.jacobian_shapes", "A with a reason", lambda: "A: output shape then W's shape"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.cheaper", "C in lower case with a reason", lambda: "c, 5 jvps / 5 vjps"),
    Right("12.hvp", "forward-over-reverse with a closure over k", lambda: r9_hvp_fwd_over_rev),
    Right("12.hvp", "reverse-over-reverse with vdot", lambda: r9_hvp_rev_over_rev),
    Right("12.hvp", "reverse-over-forward", lambda: r9_hvp_rev_over_fwd),
    Right("12.hvp", "linearize the gradient", lambda: r9_hvp_linearize),
    Right("12.fixed_target", "stop_gradient around the target", lambda: r9_td_stop_target),
    Right("12.fixed_target", "stop_gradient on values, then slice", lambda: r9_td_stop_next),
    Right("12.fixed_target", "target minus value, squared", lambda: r9_td_flipped),
    Right("12.fixed_target", "frozen copy via subtraction trick, dot", lambda: r9_td_minus_trick),
    Right("12.fix_rule", "sigmoid(a-b) and sigmoid(b-a)", lambda: r9_rule_both_sigmoids),
    Right("12.fix_rule", "exp(a - out) weights", lambda: r9_rule_exp_out),
    Right("12.fix_rule", "softmax of the pair", lambda: r9_rule_softmax),
    Right("12.fix_rule", "s and 1 - s, log1p value", lambda: r9_rule_one_minus),
]
