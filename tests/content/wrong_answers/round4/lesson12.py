from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- names from the lesson's earlier cells -------------------------------------------

def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


R4_LESSON_VALUES = jnp.array([0.5, 1.0, 0.0, 2.0])  # the lesson's `values`


def r4_lae_value(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


# ---- 12.jacobian_shapes ----------------------------------------------------------------

def r4_shapes_computed():
    W = jnp.ones((3, 4))
    x = jnp.ones(4)

    def layer(W):
        return jnp.tanh(W @ x)

    return jax.jacfwd(layer)(W).shape, jax.jacrev(layer)(W).shape


# ---- 12.hvp: wrong ---------------------------------------------------------------------

def r4_hvp_full_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r4_hvp_gradient_times_v(x, v, k):
    return jax.grad(energy)(x, k) * v


def r4_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r4_hvp_primal_output(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r4_hvp_row_sums(x, v, k):
    # H @ ones, then scaled element-wise by v: right only when v is constant
    row_sums = jax.grad(lambda y: jnp.sum(jax.grad(energy)(y, k)))(x)
    return row_sums * v


def r4_hvp_wells_only(x, v, k):
    return jnp.cos(x) * v


def r4_hvp_sign_error(x, v, k):
    lap = jnp.concatenate([v[:1] - v[1:2], 2 * v[1:-1] - v[:-2] - v[2:], v[-1:] - v[-2:-1]])
    return k * lap - jnp.cos(x) * v


def r4_hvp_periodic(x, v, k):
    return k * (2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)) + jnp.cos(x) * v


def r4_hvp_jacfwd_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r4_hvp_tangent_for_k(x, v, k):
    return jax.jvp(jax.grad(energy), (x, k), (v, k))[1]


def r4_hvp_grad_wrt_k(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1]


# ---- 12.hvp: right ---------------------------------------------------------------------

def r4_hvp_rev_over_fwd(x, v, k):
    return jax.grad(lambda y: jax.jvp(lambda z: energy(z, k), (y,), (v,))[1])(x)


def r4_hvp_rev_over_rev(x, v, k):
    return jax.grad(lambda y: jnp.vdot(jax.grad(energy)(y, k), v))(x)


def r4_hvp_linearize(x, v, k):
    _, hess_times = jax.linearize(jax.grad(lambda y: energy(y, k)), x)
    return hess_times(v)


def r4_hvp_by_hand(x, v, k):
    # the springs' Hessian is k times the chain's Laplacian; the wells add cos(x) on the diagonal
    dv = v[1:] - v[:-1]
    lap = jnp.zeros_like(v).at[:-1].add(-dv).at[1:].add(dv)
    return k * lap + jnp.cos(x) * v


# ---- 12.fixed_target: wrong ------------------------------------------------------------

def r4_td_stop_wrong_side(values, rewards):
    return jnp.sum((lax.stop_gradient(values[:-1]) - rewards - 0.9 * values[1:]) ** 2)


def r4_td_stop_whole_error(values, rewards):
    return jnp.sum(lax.stop_gradient(values[:-1] - rewards - 0.9 * values[1:]) ** 2)


def r4_td_stop_rewards(values, rewards):
    target = lax.stop_gradient(rewards) + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r4_td_mean(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r4_td_global_values(values, rewards):
    target = rewards + 0.9 * R4_LESSON_VALUES[1:]  # the lesson's array, not the argument
    return jnp.sum((values[:-1] - target) ** 2)


def r4_td_discount_misplaced(values, rewards):
    target = lax.stop_gradient(0.9 * (rewards + values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r4_td_stop_whole_loss(values, rewards):
    return lax.stop_gradient(jnp.sum((values[:-1] - rewards - 0.9 * values[1:]) ** 2))


def r4_td_numpy_target(values, rewards):
    target = np.asarray(rewards) + 0.9 * np.asarray(values)[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r4_td_chain_reversed(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r4_td_stop_next_values_squared_apart(values, rewards):
    # held the target, but squared the error and the target separately
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(values[:-1] ** 2 - target**2)


# ---- 12.fixed_target: right ------------------------------------------------------------

def r4_td_stop_next(values, rewards):
    next_values = jax.lax.stop_gradient(values[1:])
    error = values[:-1] - (rewards + 0.9 * next_values)
    return jnp.dot(error, error)


def r4_td_stop_all_then_slice(values, rewards):
    held = lax.stop_gradient(values)
    return ((values[:-1] - rewards - 0.9 * held[1:]) ** 2).sum()


def r4_td_target_named(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum(jnp.square(target - values[:-1]))


# ---- 12.fix_rule: wrong ----------------------------------------------------------------

def r4_rule_unchanged(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return r4_lae_value(a, b), jax.nn.sigmoid(a - b) * a_dot


def r4_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return r4_lae_value(a, b), jax.nn.sigmoid(a - b) * (a_dot + b_dot)


def r4_rule_weights_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return r4_lae_value(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r4_rule_naive_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    ea, eb = jnp.exp(a), jnp.exp(b)
    return r4_lae_value(a, b), (ea * a_dot + eb * b_dot) / (ea + eb)


def r4_rule_tangent_only(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r4_rule_pair_swapped(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    tangent = jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot
    return tangent, r4_lae_value(a, b)


def r4_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return r4_lae_value(a, b), a_dot + b_dot


def r4_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r4_rule_max_derivative(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return r4_lae_value(a, b), jnp.where(a > b, a_dot, b_dot)


def r4_rule_unnormalised(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return r4_lae_value(a, b), jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


# ---- 12.fix_rule: right ----------------------------------------------------------------

def r4_rule_exp_minus_out(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = r4_lae_value(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r4_rule_one_minus(primals, tangents):
    (a, b), (a_dot, b_dot) = primals, tangents
    s = jax.nn.sigmoid(a - b)
    return jnp.logaddexp(a, b), s * a_dot + (1.0 - s) * b_dot


def r4_rule_tanh(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = 0.5 * (1.0 + jnp.tanh(0.5 * (a - b)))  # sigmoid(a - b), written with tanh
    return r4_lae_value(a, b), w * a_dot + (1 - w) * b_dot


def r4_rule_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    weights = jax.nn.softmax(jnp.stack([a, b]))
    out = r4_lae_value(a, b)
    return out, weights[0] * a_dot + weights[1] * b_dot


ROUND_4 = (
    # 12.jacobian_shapes
    Wrong("12.jacobian_shapes", "flattened the matrix input: ((3, 12), (3, 12))",
          lambda: ((3, 12), (3, 12))),
    Wrong("12.jacobian_shapes", "input shape before output shape: ((3, 4, 3), (3, 4, 3))",
          lambda: ((3, 4, 3), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "thought jacrev returns the transpose of jacfwd's layout: "
          "((3, 3, 4), (3, 4, 3))", lambda: ((3, 3, 4), (3, 4, 3))),
    Wrong("12.jacobian_shapes", "thought a Jacobian has the input's shape, like a gradient: "
          "((3, 4), (3, 4))", lambda: ((3, 4), (3, 4))),
    Wrong("12.jacobian_shapes", "the output's shape only: ((3,), (3,))", lambda: ((3,), (3,))),
    Wrong("12.jacobian_shapes", "columns for jacfwd (12 JVPs) and rows for jacrev: "
          "((12, 3), (3, 12))", lambda: ((12, 3), (3, 12))),
    Wrong("12.jacobian_shapes", "differentiated as if x (4 entries) were the input, and "
          "transposed it for jacrev: ((3, 4), (4, 3))", lambda: ((3, 4), (4, 3))),
    Wrong("12.jacobian_shapes", "one shape, not a tuple of two: (3, 3, 4)", lambda: (3, 3, 4)),
    Wrong("12.jacobian_shapes", "output axis last for both: ((3, 4, 3), (3, 3, 4))",
          lambda: ((3, 4, 3), (3, 3, 4))),
    # 12.cheaper
    Wrong("12.cheaper", "'D': swapped the rule, thinking jacrev suits many outputs",
          lambda: "D"),
    Wrong("12.cheaper", "'B': reverse mode is what training uses, so always cheaper",
          lambda: "B"),
    Wrong("12.cheaper", "'A': forward mode stores no residuals, so always cheaper",
          lambda: "A"),
    Wrong("12.cheaper", "'E': the same Jacobian, so the same work", lambda: "E"),
    Wrong("12.cheaper", "'d' lowercase: swapped rule", lambda: "d"),
    Wrong("12.cheaper", "'e ' with a space: thinks the work is the same", lambda: "e "),
    Wrong("12.cheaper", "the int 3 (option C's position counted from one) instead of "
          "the letter", lambda: 3),
    Wrong("12.cheaper", "the function name 'jacfwd' instead of a letter", lambda: "jacfwd"),
    # 12.hvp
    Wrong("12.hvp", "built the Hessian with jax.hessian and multiplied: right values, but a "
          "64 x 64 array appears", lambda: r4_hvp_full_hessian),
    Wrong("12.hvp", "the gradient times v element-wise (first derivative, not second)",
          lambda: r4_hvp_gradient_times_v),
    Wrong("12.hvp", "jvp of energy itself, not of its gradient: a scalar directional "
          "derivative", lambda: r4_hvp_jvp_of_energy),
    Wrong("12.hvp", "took jvp's [0], the gradient at x, instead of [1], the tangent H @ v",
          lambda: r4_hvp_primal_output),
    Wrong("12.hvp", "H @ ones (gradient of the gradient's sum) times v element-wise: right only "
          "when v is constant", lambda: r4_hvp_row_sums),
    Wrong("12.hvp", "by hand, only the cosine wells' cos(x) * v, forgot the springs: right only "
          "at k = 0", lambda: r4_hvp_wells_only),
    Wrong("12.hvp", "by hand, with the wells' sign wrong: -cos(x) * v (energy has -cos, whose "
          "second derivative is +cos)", lambda: r4_hvp_sign_error),
    Wrong("12.hvp", "by hand with jnp.roll: treats the chain as a ring, wrong at the two ends",
          lambda: r4_hvp_periodic),
    Wrong("12.hvp", "jacfwd of grad, then @ v: builds the Hessian", lambda: r4_hvp_jacfwd_grad),
    Wrong("12.hvp", "jvp of grad(energy) with tangents (v, k) for both arguments: adds k times "
          "d(grad)/dk, the springs' gradient", lambda: r4_hvp_tangent_for_k),
    Wrong("12.hvp", "differentiated with respect to k (argnums=1), not the positions: returns "
          "a scalar", lambda: r4_hvp_grad_wrt_k),
    # 12.fixed_target
    Wrong("12.fixed_target", "stop_gradient on values[:-1], the side being trained, instead of "
          "on the target: the gradient goes only into the next states",
          lambda: r4_td_stop_wrong_side),
    Wrong("12.fixed_target", "stop_gradient around the whole error: every gradient is 0",
          lambda: r4_td_stop_whole_error),
    Wrong("12.fixed_target", "stop_gradient on rewards only (constants anyway): the target "
          "still moves with values[1:]", lambda: r4_td_stop_rewards),
    Wrong("12.fixed_target", "jnp.mean instead of jnp.sum: gradient 3 times too small",
          lambda: r4_td_mean),
    Wrong("12.fixed_target", "target built from the lesson's global values array, not the "
          "argument: right only for the lesson's values", lambda: r4_td_global_values),
    Wrong("12.fixed_target", "discount around the reward too: 0.9 * (rewards + next value)",
          lambda: r4_td_discount_misplaced),
    Wrong("12.fixed_target", "stop_gradient around the whole loss: the gradient is all zeros",
          lambda: r4_td_stop_whole_loss),
    Wrong("12.fixed_target", "held the target with np.asarray (NumPy habit): works eagerly, "
          "fails under grad on a tracer", lambda: r4_td_numpy_target),
    Wrong("12.fixed_target", "chain read backwards: values[1:] trained towards rewards + 0.9 * "
          "values[:-1]", lambda: r4_td_chain_reversed),
    Wrong("12.fixed_target", "squared the value and the held target separately: "
          "sum(values[:-1]**2 - target**2)", lambda: r4_td_stop_next_values_squared_apart),
    # 12.fix_rule
    Wrong("12.fix_rule", "the original rule unchanged: no b_dot term",
          lambda: r4_rule_unchanged),
    Wrong("12.fix_rule", "sigmoid(a - b) * (a_dot + b_dot): the same weight for both tangents",
          lambda: r4_rule_same_weight),
    Wrong("12.fix_rule", "weights swapped: sigmoid(b - a) on a_dot, sigmoid(a - b) on b_dot",
          lambda: r4_rule_weights_swapped),
    Wrong("12.fix_rule", "softmax weights as exp(a) / (exp(a) + exp(b)): right for moderate "
          "inputs, inf / inf = NaN at (100.0, 3.0) in float32", lambda: r4_rule_naive_softmax),
    Wrong("12.fix_rule", "returns only the tangent, not (output, tangent)",
          lambda: r4_rule_tangent_only),
    Wrong("12.fix_rule", "returns (tangent, output): the pair in the wrong order",
          lambda: r4_rule_pair_swapped),
    Wrong("12.fix_rule", "tangent a_dot + b_dot: forgot the weights", lambda: r4_rule_sum_tangents),
    Wrong("12.fix_rule", "right tangent, but the output recomputed naively, "
          "log(exp(a) + exp(b)): inf at (100.0, 3.0)", lambda: r4_rule_naive_value),
    Wrong("12.fix_rule", "derivative of max(a, b): where(a > b, a_dot, b_dot); close only when "
          "the inputs are far apart", lambda: r4_rule_max_derivative),
    Wrong("12.fix_rule", "exp(a - m) and exp(b - m) as weights without dividing by their sum",
          lambda: r4_rule_unnormalised),
)

RIGHT_4 = (
    Right("12.jacobian_shapes", "computed by running jacfwd and jacrev", r4_shapes_computed),
    Right("12.jacobian_shapes", "tuple of tuple([3, 3, 4]) twice", lambda: (tuple([3, 3, 4]),) * 2),
    Right("12.jacobian_shapes", "shape built as output + input shape",
          lambda: ((3,) + (3, 4), (3,) + (3, 4))),
    Right("12.cheaper", "lowercase c", lambda: "c"),
    Right("12.cheaper", "letter with a trailing newline", lambda: "C\n"),
    Right("12.cheaper", "letter via upper()", lambda: "c".upper()),
    Right("12.hvp", "reverse-over-forward: grad of the JVP", lambda: r4_hvp_rev_over_fwd),
    Right("12.hvp", "reverse-over-reverse: grad of vdot(grad, v)", lambda: r4_hvp_rev_over_rev),
    Right("12.hvp", "jax.linearize of the gradient, applied to v", lambda: r4_hvp_linearize),
    Right("12.hvp", "by hand: k times the chain Laplacian of v plus cos(x) * v",
          lambda: r4_hvp_by_hand),
    Right("12.fixed_target", "stop_gradient on values[1:] only, error dotted with itself",
          lambda: r4_td_stop_next),
    Right("12.fixed_target", "stop_gradient on all values, then sliced for the target",
          lambda: r4_td_stop_all_then_slice),
    Right("12.fixed_target", "held target, jnp.square(target - values[:-1])",
          lambda: r4_td_target_named),
    Right("12.fix_rule", "weights exp(a - out) and exp(b - out) (exact; note: float32 "
          "check_grads at order 2 misses by 0.0027 at (1, 2), finite-difference noise)",
          lambda: r4_rule_exp_minus_out),
    Right("12.fix_rule", "weight sigmoid(a - b) written as (1 + tanh((a - b) / 2)) / 2",
          lambda: r4_rule_tanh),
    Right("12.fix_rule", "s and 1 - s with s = sigmoid(a - b); output from jnp.logaddexp",
          lambda: r4_rule_one_minus),
    Right("12.fix_rule", "jax.nn.softmax of the stacked inputs as weights",
          lambda: r4_rule_softmax),
)
