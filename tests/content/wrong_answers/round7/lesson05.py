"""Round 7, lesson 05 (has_aux): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 05.fix_aux_order


def r7_stats_swapped(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r7_stats_unchanged(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r7_stats_penalty_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def r7_stats_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse + penalty, "penalty": penalty}


def r7_stats_mse_only_logged(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse}


def r7_stats_total_as_mse(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    mse = mse + penalty
    return mse, {"mse": mse, "penalty": penalty}


def r7_stats_no_coefficient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r7_stats_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r7_stats_three_outputs(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def r7_stats_mean_penalty(x, y):
    # one mean over both terms: the penalty becomes a mean, not a sum
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return jnp.mean((x - y) ** 2 + 0.1 * x**2), {"mse": mse, "penalty": penalty}


def r7_stats_penalty_on_y(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(y**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r7_stats_python_float(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return float(mse + penalty), {"mse": mse, "penalty": penalty}


def r7_stats_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def r7_stats_tuple_aux(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r7_stats_right_plain(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r7_stats_right_dict_first(x, y):
    parts = {"penalty": 0.1 * jnp.dot(x, x), "mse": jnp.mean(jnp.square(x - y))}
    total = parts["mse"] + parts["penalty"]
    return total, parts


def r7_stats_right_dict_constructor(x, y):
    mse = ((x - y) ** 2).mean()
    penalty = (x**2).sum() * 0.1
    loss = penalty + mse
    return loss, dict(mse=mse, penalty=penalty)


# ---------------------------------------------------------------- 05.loss_and_outliers


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r7_out_python_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r7_out_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum((jnp.abs(e) > 0.5).astype(jnp.float32))


def r7_out_ge(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)


def r7_out_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)


def r7_out_mask(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.abs(e) > 0.5


def r7_out_inliers(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) <= 0.5)


def r7_out_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r7_out_dict(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), {"outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r7_out_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r7_out_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r7_out_squared_threshold(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)


def r7_out_python_len(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.array(len([v for v in e if abs(v) > 0.5]))


def r7_out_copied_line_loss(params, x, y):
    predictions = params["w"] * x + params["b"]
    errors = predictions - y
    metrics = {
        "predictions": predictions,
        "max_error": jnp.max(jnp.abs(errors)),
        "worst_point": jnp.argmax(jnp.abs(errors)),
    }
    return jnp.mean(errors**2), metrics


def r7_out_no_bias(params, x, y):
    e = params["w"] * x - y
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r7_out_right_sum(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r7_out_right_count_nonzero(params, x, y):
    pred = params["w"] * x + params["b"]
    loss = jnp.mean((pred - y) ** 2)
    return loss, jnp.count_nonzero(jnp.abs(pred - y) > 0.5)


def r7_out_right_astype(params, x, y):
    pred = params["w"] * x + params["b"]
    miss = jnp.abs(y - pred)
    return jnp.mean(miss**2), (miss > 0.5).astype(jnp.int32).sum()


def r7_out_right_where(params, x, y):
    pred = params["w"] * x + params["b"]
    residual = pred - y
    count = jnp.sum(jnp.where(jnp.abs(residual) > 0.5, 1, 0))
    return jnp.mean(jnp.square(residual)), count


ROUND_7 = [
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "swapped: stats first, like broken_error_stats", lambda: r7_stats_swapped),
    Wrong("05.fix_aux_order", "sneaky: penalized_loss unchanged", lambda: r7_stats_unchanged),
    Wrong("05.fix_aux_order", "differentiates the penalty alone", lambda: r7_stats_penalty_only),
    Wrong("05.fix_aux_order", "aux keys renamed", lambda: r7_stats_renamed_keys),
    Wrong("05.fix_aux_order", "aux logs only mse", lambda: r7_stats_mse_only_logged),
    Wrong("05.fix_aux_order", "total logged under 'mse'", lambda: r7_stats_total_as_mse),
    Wrong("05.fix_aux_order", "dropped the 0.1", lambda: r7_stats_no_coefficient),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r7_stats_penalty_on_errors),
    Wrong("05.fix_aux_order", "three outputs, not a pair", lambda: r7_stats_three_outputs),
    Wrong("05.fix_aux_order", "one mean over both terms", lambda: r7_stats_mean_penalty),
    Wrong("05.fix_aux_order", "penalty on y: no gradient for x", lambda: r7_stats_penalty_on_y),
    Wrong("05.fix_aux_order", "loss returned as a Python float", lambda: r7_stats_python_float),
    Wrong("05.fix_aux_order", "stop_gradient on the penalty", lambda: r7_stats_stop_gradient),
    Wrong("05.fix_aux_order", "aux a tuple, not the dict", lambda: r7_stats_tuple_aux),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "B: pairs of pairs whatever argnums", lambda: "B"),
    Wrong("05.predict_aux_structure", "A: flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "D: aux last", lambda: "D"),
    Wrong("05.predict_aux_structure", "b in lower case", lambda: "b"),
    Wrong("05.predict_aux_structure", "both B and C", lambda: "BC"),
    Wrong("05.predict_aux_structure", "the nesting written out", lambda: "((value, aux), (grad_x, grad_y))"),
    Wrong("05.predict_aux_structure", "d in lower case", lambda: "d"),
    Wrong("05.predict_aux_structure", "B with its reason", lambda: "B: pairs of pairs"),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "int(): fails under jit", lambda: r7_out_python_int),
    Wrong("05.loss_and_outliers", "float count", lambda: r7_out_float_count),
    Wrong("05.loss_and_outliers", ">= 0.5: counts ties", lambda: r7_out_ge),
    Wrong("05.loss_and_outliers", "no abs: misses points under the line", lambda: r7_out_no_abs),
    Wrong("05.loss_and_outliers", "the mask, not the count", lambda: r7_out_mask),
    Wrong("05.loss_and_outliers", "counts the inliers", lambda: r7_out_inliers),
    Wrong("05.loss_and_outliers", "sum, not mean, of squared errors", lambda: r7_out_sum_loss),
    Wrong("05.loss_and_outliers", "aux a dict holding the count", lambda: r7_out_dict),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r7_out_swapped),
    Wrong("05.loss_and_outliers", "fraction of outliers", lambda: r7_out_fraction),
    Wrong("05.loss_and_outliers", "threshold on the squared error", lambda: r7_out_squared_threshold),
    Wrong("05.loss_and_outliers", "Python len of a list comprehension", lambda: r7_out_python_len),
    Wrong("05.loss_and_outliers", "sneaky: the lesson's line_loss copied", lambda: r7_out_copied_line_loss),
    Wrong("05.loss_and_outliers", "forgot the bias b", lambda: r7_out_no_bias),
]

RIGHT_7 = [
    Right("05.fix_aux_order", "mse + penalty first", lambda: r7_stats_right_plain),
    Right("05.fix_aux_order", "dict built first, dot for the penalty", lambda: r7_stats_right_dict_first),
    Right("05.fix_aux_order", "methods and dict(...)", lambda: r7_stats_right_dict_constructor),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right("05.predict_aux_structure", "c in lower case", lambda: "c"),
    Right("05.predict_aux_structure", "C with a trailing newline", lambda: "C\n"),
    Right("05.loss_and_outliers", "sum of the boolean mask", lambda: r7_out_right_sum),
    Right("05.loss_and_outliers", "count_nonzero", lambda: r7_out_right_count_nonzero),
    Right("05.loss_and_outliers", "astype(int32).sum()", lambda: r7_out_right_astype),
    Right("05.loss_and_outliers", "where 1 else 0, summed", lambda: r7_out_right_where),
]
