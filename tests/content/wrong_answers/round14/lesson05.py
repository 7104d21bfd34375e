"""Round 14, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 05.fix_aux_order


def r14_stats_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but the penalty pulls on nothing


def r14_stats_float_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}  # tracers


def r14_stats_swapped(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r14_stats_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "l2": penalty}


def r14_stats_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)  # mean, like the mse above it
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_minus(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r14_stats_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_tuple_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r14_stats_total_as_mse(x, y):
    errors = x - y
    penalty = 0.1 * jnp.sum(x**2)
    mse = jnp.mean(errors**2) + penalty  # folded in early, then logged as mse
    return mse, {"mse": mse, "penalty": penalty}


def r14_stats_sum_errors(x, y):
    errors = x - y
    mse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_square_of_sum(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_weight_squared(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum((0.1 * x) ** 2)  # weight put inside the square
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_stopped_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jax.lax.stop_gradient(0.1 * jnp.sum(x**2))  # "aux is not differentiated"
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r14_stats_right_norm(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.linalg.norm(x) ** 2
    return jnp.add(mse, penalty), {"penalty": penalty, "mse": mse}


def r14_stats_right_vdot(x, y):
    d = y - x
    parts = {"mse": jnp.vdot(d, d) / d.size, "penalty": 0.1 * jnp.vdot(x, x)}
    return sum(parts.values()), parts


def r14_stats_right_stopped_aux(x, y):
    mse = ((x - y) ** 2).mean()
    penalty = (x**2).sum() * 0.1
    aux = jax.tree.map(jax.lax.stop_gradient, {"mse": mse, "penalty": penalty})
    return penalty + mse, aux


# ---------------------------------------------------------------- 05.loss_and_outliers


def r14_out_bool_index(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r14_out_float_count(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum((jnp.abs(errors) > 0.5).astype(jnp.float32))


def r14_out_geq(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r14_out_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)  # the page's errors are all negative


def r14_out_squared(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r14_out_sum_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r14_out_swapped(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r14_out_int(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r14_out_predictions(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), jnp.sum(jnp.abs(predictions) > 0.5)


def r14_out_inliers(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) <= 0.5)


def r14_out_mask(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r14_out_dict_aux(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r14_out_mean_times_size(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5) * x.size


def r14_out_right_count_nonzero(params, x, y):
    errors = y - (params["b"] + params["w"] * x)
    return jnp.mean(jnp.square(errors)), jnp.count_nonzero(jnp.abs(errors) > 0.5)


def r14_out_right_where(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return (errors**2).mean(), jnp.where(jnp.abs(errors) > 0.5, 1, 0).sum()


def r14_out_right_int16(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5, dtype=jnp.int16)


def r14_out_right_dtype_int(params, x, y):
    errors = params["w"] * x + params["b"] - y
    mask = (errors > 0.5) | (errors < -0.5)
    return jnp.mean(errors * errors), mask.astype(int).sum()


ROUND_14 = [
    Wrong(
        "05.fix_aux_order",
        "returns mse first: runs, penalty never pulls",
        lambda: r14_stats_mse_only,
    ),
    Wrong(
        "05.fix_aux_order", "mse + penalty but float() kept in the aux", lambda: r14_stats_float_aux
    ),
    Wrong("05.fix_aux_order", "stats first, loss second", lambda: r14_stats_swapped),
    Wrong("05.fix_aux_order", "aux keys renamed to loss and l2", lambda: r14_stats_renamed_keys),
    Wrong("05.fix_aux_order", "penalty as the mean of x**2", lambda: r14_stats_mean_penalty),
    Wrong("05.fix_aux_order", "mse - penalty: sign slip", lambda: r14_stats_minus),
    Wrong("05.fix_aux_order", "penalty on the errors, not x", lambda: r14_stats_penalty_on_errors),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty)", lambda: r14_stats_tuple_aux),
    Wrong("05.fix_aux_order", "total logged under the mse key", lambda: r14_stats_total_as_mse),
    Wrong("05.fix_aux_order", "sum of squared errors as mse", lambda: r14_stats_sum_errors),
    Wrong("05.fix_aux_order", "penalty as 0.1 * sum(x)**2", lambda: r14_stats_square_of_sum),
    Wrong(
        "05.fix_aux_order",
        "weight inside the square: 0.1 * sum((0.1x)**2)",
        lambda: r14_stats_weight_squared,
    ),
    Wrong("05.fix_aux_order", "stop_gradient on the penalty", lambda: r14_stats_stopped_penalty),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: value_and_grad pair, then aux", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: one pair per argnum", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "lower case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "both same-nesting letters", lambda: "CE"),
    Wrong("05.predict_aux_structure", "C with a parenthesis", lambda: "C)"),
    Wrong(
        "05.predict_aux_structure",
        "the nesting typed out",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    Wrong("05.predict_aux_structure", "C with a trailing comment", lambda: "C  # pair first"),
    Wrong("05.predict_aux_structure", "option c spelled out", lambda: "option C"),
    Wrong("05.loss_and_outliers", "len of a boolean-indexed array", lambda: r14_out_bool_index),
    Wrong("05.loss_and_outliers", "count summed as float32", lambda: r14_out_float_count),
    Wrong(
        "05.loss_and_outliers", ">= 0.5: counts the page's exact 0.5 misses", lambda: r14_out_geq
    ),
    Wrong("05.loss_and_outliers", "no abs: only points below the line", lambda: r14_out_no_abs),
    Wrong("05.loss_and_outliers", "errors**2 > 0.5", lambda: r14_out_squared),
    Wrong("05.loss_and_outliers", "sum of squared errors as loss", lambda: r14_out_sum_loss),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r14_out_swapped),
    Wrong("05.loss_and_outliers", "int() of the count: fails under jit", lambda: r14_out_int),
    Wrong(
        "05.loss_and_outliers", "threshold on predictions, not errors", lambda: r14_out_predictions
    ),
    Wrong("05.loss_and_outliers", "counted the inliers", lambda: r14_out_inliers),
    Wrong("05.loss_and_outliers", "the boolean mask, not its count", lambda: r14_out_mask),
    Wrong("05.loss_and_outliers", "aux a dict like the NumPy version", lambda: r14_out_dict_aux),
    Wrong(
        "05.loss_and_outliers",
        "mean of the mask times size: float",
        lambda: r14_out_mean_times_size,
    ),
]

RIGHT_14 = [
    Right(
        "05.fix_aux_order",
        "norm squared, jnp.add, keys in other order",
        lambda: r14_stats_right_norm,
    ),
    Right(
        "05.fix_aux_order",
        "vdot parts, loss as sum of the dict's values",
        lambda: r14_stats_right_vdot,
    ),
    Right("05.fix_aux_order", "aux through stop_gradient", lambda: r14_stats_right_stopped_aux),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right(
        "05.loss_and_outliers",
        "count_nonzero, errors as y - prediction",
        lambda: r14_out_right_count_nonzero,
    ),
    Right("05.loss_and_outliers", "where(mask, 1, 0).sum()", lambda: r14_out_right_where),
    Right("05.loss_and_outliers", "sum with dtype=int16", lambda: r14_out_right_int16),
    Right(
        "05.loss_and_outliers",
        "two comparisons or'ed, astype(int)",
        lambda: r14_out_right_dtype_int,
    ),
]
