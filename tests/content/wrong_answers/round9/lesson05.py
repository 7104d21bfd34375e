"""Round 9, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 05.fix_aux_order


def r9_stats_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but the penalty trains nothing


def r9_stats_float_kept(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r9_stats_swapped(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty  # "fix the order"


def r9_stats_minus(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r9_stats_penalty_only(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def r9_stats_total_logged(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse + penalty, "penalty": penalty}


def r9_stats_renamed(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"MSE": mse, "L2 penalty": penalty}


def r9_stats_tuple_aux(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r9_stats_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r9_stats_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + jax.lax.stop_gradient(penalty)  # aux parts kept out of the gradient
    return loss, {"mse": mse, "penalty": penalty}


def r9_stats_y_minus_x(x, y):
    errors = y - x
    mse = (errors**2).mean()
    penalty = 0.1 * (x**2).sum()
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r9_stats_dict_call(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.dot(x, x)
    return mse + penalty, dict(mse=mse, penalty=penalty)


def r9_stats_total_name(x, y):
    parts = {"mse": jnp.mean((x - y) ** 2), "penalty": 0.1 * jnp.sum(x * x)}
    total = parts["mse"] + parts["penalty"]
    return total, parts


def r9_stats_asarray(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": jnp.asarray(mse), "penalty": jnp.asarray(penalty)}


# ---------------------------------------------------------------- 05.loss_and_outliers


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r9_outliers_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r9_outliers_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)


def r9_outliers_geq(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)


def r9_outliers_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r9_outliers_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum((jnp.abs(e) > 0.5).astype(jnp.float32))


def r9_outliers_count_first(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r9_outliers_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r9_outliers_string(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), f"{jnp.sum(jnp.abs(e) > 0.5)} outliers"


def r9_outliers_mask_len(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), len(e[jnp.abs(e) > 0.5])


def r9_outliers_mae(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(jnp.abs(e)), jnp.sum(jnp.abs(e) > 0.5)


def r9_outliers_squared_threshold(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)


def r9_outliers_minus_b(params, x, y):
    e = params["w"] * x - params["b"] - y
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r9_outliers_count_nonzero(params, x, y):
    residual = y - (params["w"] * x + params["b"])
    return jnp.mean(residual**2), jnp.count_nonzero(jnp.abs(residual) > 0.5)


def r9_outliers_where(params, x, y):
    e = _errors(params, x, y)
    return (e**2).mean(), jnp.where(jnp.abs(e) > 0.5, 1, 0).sum()


def r9_outliers_astype(params, x, y):
    prediction = params["w"] * x + params["b"]
    miss = jnp.abs(prediction - y)
    return jnp.mean(jnp.square(prediction - y)), (miss > 0.5).astype(jnp.int32).sum()


ROUND_9 = [
    Wrong(
        "05.fix_aux_order",
        "runs: float() dropped, but loss is mse alone",
        lambda: r9_stats_mse_only,
    ),
    Wrong(
        "05.fix_aux_order", "penalty added, float() left in the aux", lambda: r9_stats_float_kept
    ),
    Wrong("05.fix_aux_order", "took the name literally: stats first", lambda: r9_stats_swapped),
    Wrong("05.fix_aux_order", "mse - penalty: sign slip", lambda: r9_stats_minus),
    Wrong("05.fix_aux_order", "returned the penalty as the loss", lambda: r9_stats_penalty_only),
    Wrong("05.fix_aux_order", "logged the total under 'mse'", lambda: r9_stats_total_logged),
    Wrong("05.fix_aux_order", "aux keys renamed", lambda: r9_stats_renamed),
    Wrong("05.fix_aux_order", "aux as a tuple, keys lost", lambda: r9_stats_tuple_aux),
    Wrong(
        "05.fix_aux_order", "penalty rewritten with mean, not sum", lambda: r9_stats_mean_penalty
    ),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on the penalty, thinking aux",
        lambda: r9_stats_stop_gradient,
    ),
    Wrong("05.predict_aux_structure", "A: all flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: one position gives a bare gradient", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: aux pulled out to the end", lambda: "D"),
    Wrong("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "B and C together", lambda: "BC"),
    Wrong(
        "05.predict_aux_structure",
        "C with the reason after it",
        lambda: "C - pair, then grad's tuple",
    ),
    Wrong(
        "05.predict_aux_structure",
        "wrote the nesting out instead of the letter",
        lambda: "((value, aux), (grad_y,))",
    ),
    Wrong(
        "05.predict_aux_structure",
        "B, because argnums=(1,) is like 1",
        lambda: "B because (1,) == 1",
    ),
    Wrong("05.predict_aux_structure", "C with a full stop", lambda: "C."),
    Wrong("05.predict_aux_structure", "B's nesting typed out", lambda: "((value, aux), grad_y)"),
    Wrong("05.loss_and_outliers", "int() of the count: fails under jit", lambda: r9_outliers_int),
    Wrong("05.loss_and_outliers", "no abs: counts only misses above", lambda: r9_outliers_no_abs),
    Wrong("05.loss_and_outliers", ">= 0.5 instead of > 0.5", lambda: r9_outliers_geq),
    Wrong("05.loss_and_outliers", "mean of the mask: a fraction", lambda: r9_outliers_fraction),
    Wrong("05.loss_and_outliers", "count cast to float32", lambda: r9_outliers_float_count),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r9_outliers_count_first),
    Wrong("05.loss_and_outliers", "sum of squares as the loss", lambda: r9_outliers_sum_loss),
    Wrong("05.loss_and_outliers", "aux as a message string", lambda: r9_outliers_string),
    Wrong("05.loss_and_outliers", "len of a boolean-masked array", lambda: r9_outliers_mask_len),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r9_outliers_mae),
    Wrong(
        "05.loss_and_outliers",
        "threshold on the squared error",
        lambda: r9_outliers_squared_threshold,
    ),
    Wrong("05.loss_and_outliers", "w * x - b: sign slip in the line", lambda: r9_outliers_minus_b),
]

RIGHT_9 = [
    Right("05.fix_aux_order", "errors as y - x, method calls", lambda: r9_stats_y_minus_x),
    Right("05.fix_aux_order", "square and dot, dict() call", lambda: r9_stats_dict_call),
    Right("05.fix_aux_order", "parts dict built first, total from it", lambda: r9_stats_total_name),
    Right("05.fix_aux_order", "aux values wrapped in jnp.asarray", lambda: r9_stats_asarray),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right("05.loss_and_outliers", "count_nonzero of the mask", lambda: r9_outliers_count_nonzero),
    Right("05.loss_and_outliers", "where(1, 0).sum()", lambda: r9_outliers_where),
    Right("05.loss_and_outliers", "mask cast to int32 then summed", lambda: r9_outliers_astype),
]
