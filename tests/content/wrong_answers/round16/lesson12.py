"""Round 16, lesson 12 (autodiff beyond grad): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 12.hvp
# the exercise cell defines energy (variant 0: wells of depth 1) above hvp


def energy(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs - jnp.sum(jnp.cos(x))


def wiggle(x):
    return jnp.sum(jnp.sin(x)) * jnp.sum(x**2)


def r16_hvp_right_fwd_over_rev(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[1]


def r16_hvp_right_rev_over_fwd(x, v, k):
    def directional(y):
        return jax.jvp(lambda z: energy(z, k), (y,), (v,))[1]

    return jax.grad(directional)(x)


def r16_hvp_right_vjp_of_grad(x, v, k):
    _, pull = jax.vjp(lambda y: jax.grad(energy, argnums=0)(y, k), x)
    (out,) = pull(v)
    return out


def r16_hvp_right_by_hand(x, v, k):
    d = v[1:] - v[:-1]
    zero = jnp.zeros(1, v.dtype)
    springs = jnp.concatenate([-d, zero]) + jnp.concatenate([zero, d])
    return k * springs + jnp.cos(x) * v


def r16_hvp_full_hessian(x, v, k):
    return jax.hessian(energy)(x, k) @ v


def r16_hvp_jacfwd_of_grad(x, v, k):
    return jax.jacfwd(jax.grad(energy))(x, k) @ v


def r16_hvp_primal_out(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (v,))[0]


def r16_hvp_jvp_of_energy(x, v, k):
    return jax.jvp(lambda y: energy(y, k), (x,), (v,))[1]


def r16_hvp_tangent_for_k(x, v, k):
    # one tangent per argument, 1.0 for k: adds the derivative with respect to k
    return jax.jvp(jax.grad(energy), (x, k), (v, 1.0))[1]


def r16_hvp_wiggle_copy(x, v, k):
    return jax.jvp(jax.grad(wiggle), (x,), (v,))[1]


def r16_hvp_grad_argnums_k(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy, argnums=1)(y, k), (x,), (v,))[1]


def energy_plus_cos(x, k):
    springs = 0.5 * k * jnp.sum((x[1:] - x[:-1]) ** 2)
    return springs + jnp.sum(jnp.cos(x))


def r16_hvp_energy_sign(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy_plus_cos)(y, k), (x,), (v,))[1]


def r16_hvp_wells_only(x, v, k):
    return jnp.cos(x) * v


def r16_hvp_ring(x, v, k):
    return k * (2 * v - jnp.roll(v, 1) - jnp.roll(v, -1)) + jnp.cos(x) * v


def r16_hvp_unit_step_difference(x, v, k):
    g = jax.grad(energy)
    return g(x + v, k) - g(x, k)


def r16_hvp_columns_vmap(x, v, k):
    cols = jax.vmap(lambda e: jax.jvp(lambda y: jax.grad(energy)(y, k), (x,), (e,))[1])(
        jnp.eye(x.shape[0])
    )
    return cols @ v


def r16_hvp_k_as_one(x, v, k):
    return jax.jvp(lambda y: jax.grad(energy)(y, 1.0), (x,), (v,))[1]


# ---------------------------------------------------------------- 12.fixed_target


def r16_td_right(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r16_td_right_roll_dot(values, rewards):
    held = lax.stop_gradient(values)
    err = values[:-1] - rewards - 0.9 * jnp.roll(held, -1)[:-1]
    return jnp.dot(err, err)


def r16_td_right_loop(values, rewards):
    total = 0.0
    for i in range(rewards.shape[0]):
        target = rewards[i] + 0.9 * lax.stop_gradient(values[i + 1])
        total = total + (target - values[i]) ** 2
    return total


def r16_td_right_float64_style(values, rewards):
    nxt = lax.stop_gradient(values)[1:]
    return ((values[:-1] - (rewards + nxt * 0.9)) ** 2).sum()


def r16_td_hold_whole_target(values, rewards):
    target = lax.stop_gradient(rewards + 0.9 * values[1:])
    return jnp.sum((values[:-1] - target) ** 2)


def r16_td_nothing_held(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((values[:-1] - target) ** 2)


def r16_td_mean(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.mean((values[:-1] - target) ** 2)


def r16_td_half(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return 0.5 * jnp.sum((values[:-1] - target) ** 2)


def r16_td_shift_swapped(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[1:] - target) ** 2)


def r16_td_hold_prediction(values, rewards):
    target = rewards + 0.9 * values[1:]
    return jnp.sum((lax.stop_gradient(values[:-1]) - target) ** 2)


def r16_td_last_state_zero_target(values, rewards):
    padded = jnp.append(rewards, 0.0)
    nxt = jnp.append(lax.stop_gradient(values[1:]), 0.0)
    return jnp.sum((values - (padded + 0.9 * nxt)) ** 2)


def r16_td_four_states(values, rewards):
    target = rewards[:3] + 0.9 * lax.stop_gradient(values[1:4])
    return jnp.sum((values[:3] - target) ** 2)


def r16_td_discount_reward(values, rewards):
    target = 0.9 * (rewards + lax.stop_gradient(values[1:]))
    return jnp.sum((values[:-1] - target) ** 2)


def r16_td_square_of_sum(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[1:])
    return jnp.sum(values[:-1] - target) ** 2


def r16_td_same_state(values, rewards):
    target = rewards + 0.9 * lax.stop_gradient(values[:-1])
    return jnp.sum((values[:-1] - target) ** 2)


def r16_td_hold_all_values(values, rewards):
    held = lax.stop_gradient(values)
    target = rewards + 0.9 * held[1:]
    return jnp.sum((held[:-1] - target) ** 2)


# ---------------------------------------------------------------- 12.fix_rule


def _lae(a, b):
    m = jnp.maximum(a, b)
    return m + jnp.log(jnp.exp(a - m) + jnp.exp(b - m))


def r16_rule_right_softmax_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = _lae(a, b)
    return out, jnp.exp(a - out) * a_dot + jnp.exp(b - out) * b_dot


def r16_rule_right_one_minus(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = jax.nn.sigmoid(a - b)
    return _lae(a, b), w * a_dot + (1.0 - w) * b_dot


def r16_rule_right_stack(primals, tangents):
    w = jax.nn.softmax(jnp.stack(primals))
    return _lae(*primals), jnp.sum(w * jnp.stack(tangents))


def r16_rule_right_interp(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), b_dot + jax.nn.sigmoid(a - b) * (a_dot - b_dot)


def r16_rule_same_weight(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r16_rule_swapped_weights(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(b - a) * a_dot + jax.nn.sigmoid(a - b) * b_dot


def r16_rule_naive_softmax(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    total = jnp.exp(a) + jnp.exp(b)
    return _lae(a, b), (jnp.exp(a) * a_dot + jnp.exp(b) * b_dot) / total


def r16_rule_sum_tangents(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), a_dot + b_dot


def r16_rule_tangent_first(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot, _lae(a, b)


def r16_rule_naive_value(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    out = jnp.log(jnp.exp(a) + jnp.exp(b))
    return out, jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * b_dot


def r16_rule_a_dot_twice(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a - b) * a_dot + jax.nn.sigmoid(b - a) * a_dot


def r16_rule_unnormalised(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    m = jnp.maximum(a, b)
    return _lae(a, b), jnp.exp(a - m) * a_dot + jnp.exp(b - m) * b_dot


def r16_rule_tanh_identity(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    w = 0.5 * (1 + jnp.tanh(a - b))
    return _lae(a, b), w * a_dot + (1 - w) * b_dot


def r16_rule_sigmoid_each(primals, tangents):
    a, b = primals
    a_dot, b_dot = tangents
    return _lae(a, b), jax.nn.sigmoid(a) * a_dot + jax.nn.sigmoid(b) * b_dot


ROUND_16 = [
    # 12.jacobian_shapes (answer: A)
    Wrong("12.jacobian_shapes", "B: input's shape first", lambda: "B"),
    Wrong("12.jacobian_shapes", "C: jacrev transposes w", lambda: "C"),
    Wrong("12.jacobian_shapes", "D: one flattened (3, 13) array", lambda: "D"),
    Wrong("12.jacobian_shapes", "E: shapes as grad gives", lambda: "E"),
    Wrong("12.jacobian_shapes", "lower-case a", lambda: "a"),
    Wrong("12.jacobian_shapes", "A with its shapes typed after it", lambda: "A: (3,), (3, 4, 3)"),
    Wrong("12.jacobian_shapes", "the shape of w's entry", lambda: "(3, 4, 3)"),
    Wrong("12.jacobian_shapes", "a one-element list", lambda: ["A"]),
    # 12.cheaper (answer: C)
    Wrong("12.cheaper", "A: reverse mode always", lambda: "A"),
    Wrong("12.cheaper", "B: by input being a vector", lambda: "B"),
    Wrong("12.cheaper", "D: right choice, reason about matrix outputs", lambda: "D"),
    Wrong("12.cheaper", "E: right choice, jacrev reruns forward", lambda: "E"),
    Wrong("12.cheaper", "F: same work", lambda: "F"),
    Wrong("12.cheaper", "the three that agree", lambda: "CDE"),
    Wrong("12.cheaper", "typed 'option c'", lambda: "option c"),
    Wrong("12.cheaper", "the function names", lambda: "jacfwd, jacrev"),
    # 12.hvp
    Wrong("12.hvp", "built the Hessian with jax.hessian", lambda: r16_hvp_full_hessian),
    Wrong("12.hvp", "jacfwd of grad, then @ v", lambda: r16_hvp_jacfwd_of_grad),
    Wrong("12.hvp", "took jvp's [0], the gradient", lambda: r16_hvp_primal_out),
    Wrong("12.hvp", "jvp of energy, not of its gradient", lambda: r16_hvp_jvp_of_energy),
    Wrong("12.hvp", "tangent 1.0 for k as well", lambda: r16_hvp_tangent_for_k),
    Wrong("12.hvp", "wiggle_hvp copied, still wiggle", lambda: r16_hvp_wiggle_copy),
    Wrong("12.hvp", "jvp of grad(energy, argnums=1)", lambda: r16_hvp_grad_argnums_k),
    Wrong("12.hvp", "energy rewritten with + cos", lambda: r16_hvp_energy_sign),
    Wrong("12.hvp", "by hand, only the wells' part", lambda: r16_hvp_wells_only),
    Wrong("12.hvp", "by hand with roll: a ring, wrong at the ends", lambda: r16_hvp_ring),
    Wrong("12.hvp", "grad(x + v) - grad(x), step of one v", lambda: r16_hvp_unit_step_difference),
    Wrong("12.hvp", "vmap of JVPs over eye(n), then @ v", lambda: r16_hvp_columns_vmap),
    Wrong("12.hvp", "k fixed at 1.0 inside", lambda: r16_hvp_k_as_one),
    # 12.fixed_target
    Wrong(
        "12.fixed_target", "held the whole target, rewards too", lambda: r16_td_hold_whole_target
    ),
    Wrong("12.fixed_target", "nothing held", lambda: r16_td_nothing_held),
    Wrong("12.fixed_target", "mean instead of sum", lambda: r16_td_mean),
    Wrong("12.fixed_target", "0.5 * sum of squares", lambda: r16_td_half),
    Wrong("12.fixed_target", "values[1:] trained toward values[:-1]", lambda: r16_td_shift_swapped),
    Wrong(
        "12.fixed_target", "held the prediction, not the next value", lambda: r16_td_hold_prediction
    ),
    Wrong("12.fixed_target", "last state given target 0", lambda: r16_td_last_state_zero_target),
    Wrong("12.fixed_target", "sliced for the page's 4 states", lambda: r16_td_four_states),
    Wrong("12.fixed_target", "discounted the reward too", lambda: r16_td_discount_reward),
    Wrong("12.fixed_target", "square of the summed errors", lambda: r16_td_square_of_sum),
    Wrong("12.fixed_target", "target from the same state's value", lambda: r16_td_same_state),
    Wrong("12.fixed_target", "stop_gradient on all values first", lambda: r16_td_hold_all_values),
    # 12.fix_rule
    Wrong("12.fix_rule", "same sigmoid(a - b) on b_dot", lambda: r16_rule_same_weight),
    Wrong("12.fix_rule", "weights swapped between a and b", lambda: r16_rule_swapped_weights),
    Wrong(
        "12.fix_rule", "exp(a) / (exp(a) + exp(b)): nan at (100, 3)", lambda: r16_rule_naive_softmax
    ),
    Wrong("12.fix_rule", "a_dot + b_dot", lambda: r16_rule_sum_tangents),
    Wrong("12.fix_rule", "returned (tangent, output)", lambda: r16_rule_tangent_first),
    Wrong(
        "12.fix_rule", "also rewrote the value naively: inf at 100", lambda: r16_rule_naive_value
    ),
    Wrong("12.fix_rule", "second term multiplies a_dot again", lambda: r16_rule_a_dot_twice),
    Wrong("12.fix_rule", "exp(a - m), exp(b - m) not normalised", lambda: r16_rule_unnormalised),
    Wrong(
        "12.fix_rule",
        "sigmoid as (1 + tanh(a - b)) / 2, no halving",
        lambda: r16_rule_tanh_identity,
    ),
    Wrong("12.fix_rule", "sigmoid(a) and sigmoid(b) apart", lambda: r16_rule_sigmoid_each),
]

RIGHT_16 = [
    Right("12.jacobian_shapes", "A", lambda: "A"),
    Right("12.cheaper", "C", lambda: "C"),
    Right("12.hvp", "forward over reverse, k closed over", lambda: r16_hvp_right_fwd_over_rev),
    Right("12.hvp", "reverse over forward", lambda: r16_hvp_right_rev_over_fwd),
    Right("12.hvp", "vjp of the gradient (H symmetric)", lambda: r16_hvp_right_vjp_of_grad),
    Right("12.hvp", "by hand: chain Laplacian plus cos(x) v", lambda: r16_hvp_right_by_hand),
    Right("12.fixed_target", "stop_gradient on values[1:]", lambda: r16_td_right),
    Right("12.fixed_target", "roll of held values, dot of errors", lambda: r16_td_right_roll_dot),
    Right("12.fixed_target", "a Python loop over the states", lambda: r16_td_right_loop),
    Right("12.fixed_target", "method .sum(), discount after", lambda: r16_td_right_float64_style),
    Right("12.fix_rule", "exp(a - out), exp(b - out)", lambda: r16_rule_right_softmax_weights),
    Right("12.fix_rule", "w and 1 - w", lambda: r16_rule_right_one_minus),
    Right("12.fix_rule", "softmax over the stacked primals", lambda: r16_rule_right_stack),
    Right("12.fix_rule", "b_dot + sigmoid(a - b) (a_dot - b_dot)", lambda: r16_rule_right_interp),
]
