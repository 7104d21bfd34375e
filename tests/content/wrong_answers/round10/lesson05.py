"""Round 10, lesson 05 (Return extra outputs with has_aux): answers written from the lesson's
text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 05.fix_aux_order


def r10_stats_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs; the penalty is never trained


def r10_stats_float_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r10_stats_minus(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r10_stats_missing_key(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse}


def r10_stats_tuple_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r10_stats_mean_penalty(x, y):
    errors = x - y
    loss = jnp.mean(errors**2 + 0.1 * x**2)  # the penalty averaged in with the errors
    return loss, {"mse": jnp.mean(errors**2), "penalty": 0.1 * jnp.mean(x**2)}


def r10_stats_penalty_y(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(y**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r10_stats_stop_gradient(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(jax.lax.stop_gradient(x) ** 2)  # "only logged, not trained"
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r10_stats_total_as_mse(x, y):
    errors = x - y
    loss = jnp.mean(errors**2) + 0.1 * jnp.sum(x**2)
    return loss, {"mse": loss, "penalty": 0.1 * jnp.sum(x**2)}


def r10_stats_order_swapped(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r10_stats_renamed(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "penalty": penalty}


def r10_stats_item(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": np.asarray(mse).item(), "penalty": np.asarray(penalty).item()}


def r10_stats_extra_total(x, y):
    errors = x - y
    parts = {"mse": jnp.mean(errors**2), "penalty": 0.1 * jnp.sum(x**2)}
    total = parts["mse"] + parts["penalty"]
    return total, {**parts, "total": total}


def r10_stats_sum_values(x, y):
    parts = {"mse": jnp.mean((y - x) ** 2), "penalty": 0.1 * jnp.sum(x * x)}
    return sum(parts.values()), parts


def r10_stats_stop_gradient_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    aux = jax.tree.map(jax.lax.stop_gradient, {"mse": mse, "penalty": penalty})
    return mse + penalty, aux


def r10_stats_dot(x, y):
    e = x - y
    mse = jnp.dot(e, e) / e.size
    penalty = 0.1 * jnp.dot(x, x)
    return penalty + mse, dict(penalty=penalty, mse=mse)


# ---------------------------------------------------------------- 05.loss_and_outliers


def _pred(params, x):
    return params["w"] * x + params["b"]


def r10_out_int(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r10_out_fraction(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r10_out_ge(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r10_out_no_abs(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r10_out_sse(params, x, y):
    errors = _pred(params, x) - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r10_out_mask(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r10_out_nonzero(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), len(jnp.where(jnp.abs(errors) > 0.5)[0])


def r10_out_swapped_params(params, x, y):
    errors = params["b"] * x + params["w"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r10_out_squared_threshold(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r10_out_dict_aux(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r10_out_numpy(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def r10_out_mae(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(jnp.abs(errors)), jnp.sum(jnp.abs(errors) > 0.5)


def r10_out_count_nonzero(params, x, y):
    errors = y - _pred(params, x)
    return jnp.mean(jnp.square(errors)), jnp.count_nonzero(jnp.abs(errors) > 0.5)


def r10_out_where(params, x, y):
    errors = _pred(params, x) - y
    return (errors**2).mean(), jnp.where(jnp.abs(errors) > 0.5, 1, 0).sum()


def r10_out_two_sides(params, x, y):
    errors = _pred(params, x) - y
    return jnp.mean(errors * errors), jnp.sum((errors > 0.5) | (errors < -0.5))


def r10_out_not_within(params, x, y):
    errors = _pred(params, x) - y
    outliers = jnp.sum(~(jnp.abs(errors) <= 0.5)).astype(jnp.int32)
    return jnp.mean(errors**2), outliers


ROUND_10 = [
    Wrong(
        "05.fix_aux_order",
        "float() dropped, mse returned alone: penalty not trained",
        lambda: r10_stats_mse_only,
    ),
    Wrong(
        "05.fix_aux_order",
        "loss fixed, float() kept in the aux: fails under grad",
        lambda: r10_stats_float_aux,
    ),
    Wrong(
        "05.fix_aux_order", "mse - penalty: the penalty rewards large x", lambda: r10_stats_minus
    ),
    Wrong("05.fix_aux_order", "aux logs only the mse", lambda: r10_stats_missing_key),
    Wrong(
        "05.fix_aux_order", "aux as a tuple (mse, penalty), keys gone", lambda: r10_stats_tuple_aux
    ),
    Wrong(
        "05.fix_aux_order",
        "penalty folded into the mean: 0.1 * mean(x**2)",
        lambda: r10_stats_mean_penalty,
    ),
    Wrong(
        "05.fix_aux_order", "penalty on y instead of x: constant in x", lambda: r10_stats_penalty_y
    ),
    Wrong(
        "05.fix_aux_order", "stop_gradient on x inside the penalty", lambda: r10_stats_stop_gradient
    ),
    Wrong("05.fix_aux_order", "aux logs the total under 'mse'", lambda: r10_stats_total_as_mse),
    Wrong(
        "05.fix_aux_order",
        "stats first, loss second, as the broken one",
        lambda: r10_stats_order_swapped,
    ),
    Wrong("05.fix_aux_order", "aux key renamed to 'loss'", lambda: r10_stats_renamed),
    Wrong(
        "05.fix_aux_order",
        "np.asarray(...).item() in the aux: fails on tracers",
        lambda: r10_stats_item,
    ),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: one gradient, not a tuple of one", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: aux outside, beside the value-grad pair", lambda: "D"),
    Wrong("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Wrong(
        "05.predict_aux_structure", "the nesting written out", lambda: "((value, aux), (grad_y,))"
    ),
    Wrong("05.predict_aux_structure", "B and C", lambda: "BC"),
    Wrong("05.predict_aux_structure", "the letter in parentheses", lambda: "(C)"),
    Wrong("05.loss_and_outliers", "int() of the count: fails on tracers", lambda: r10_out_int),
    Wrong(
        "05.loss_and_outliers",
        "mean of the mask: a fraction, not a count",
        lambda: r10_out_fraction,
    ),
    Wrong("05.loss_and_outliers", ">= 0.5: an error of exactly 0.5 counted", lambda: r10_out_ge),
    Wrong(
        "05.loss_and_outliers",
        "no abs: misses points the line is above by more",
        lambda: r10_out_no_abs,
    ),
    Wrong("05.loss_and_outliers", "sum of squared errors instead of the mean", lambda: r10_out_sse),
    Wrong("05.loss_and_outliers", "the boolean mask as aux, not its count", lambda: r10_out_mask),
    Wrong(
        "05.loss_and_outliers",
        "len(jnp.where(mask)[0]): NumPy's count, fails traced",
        lambda: r10_out_nonzero,
    ),
    Wrong(
        "05.loss_and_outliers",
        "params['b'] * x + params['w']: w and b swapped",
        lambda: r10_out_swapped_params,
    ),
    Wrong(
        "05.loss_and_outliers", "squared error > 0.5 as the test", lambda: r10_out_squared_threshold
    ),
    Wrong(
        "05.loss_and_outliers",
        "count wrapped in a dict {'outliers': ...}",
        lambda: r10_out_dict_aux,
    ),
    Wrong(
        "05.loss_and_outliers",
        "np.sum(np.abs(errors) > 0.5): NumPy on tracers",
        lambda: r10_out_numpy,
    ),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r10_out_mae),
]
RIGHT_10 = [
    Right(
        "05.fix_aux_order",
        "extra 'total' key in the aux beside mse and penalty",
        lambda: r10_stats_extra_total,
    ),
    Right(
        "05.fix_aux_order",
        "loss as sum(parts.values()), the dict as aux",
        lambda: r10_stats_sum_values,
    ),
    Right(
        "05.fix_aux_order", "aux passed through stop_gradient", lambda: r10_stats_stop_gradient_aux
    ),
    Right(
        "05.fix_aux_order",
        "dot products, dict(...) with keys in another order",
        lambda: r10_stats_dot,
    ),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right(
        "05.loss_and_outliers",
        "jnp.count_nonzero, errors as y - prediction",
        lambda: r10_out_count_nonzero,
    ),
    Right("05.loss_and_outliers", "jnp.where(mask, 1, 0).sum()", lambda: r10_out_where),
    Right("05.loss_and_outliers", "two one-sided tests joined with |", lambda: r10_out_two_sides),
    Right("05.loss_and_outliers", "not within 0.5, cast to int32", lambda: r10_out_not_within),
]
