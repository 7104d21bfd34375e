"""Round 8, lesson 05 (has_aux): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order --------------------------------------------------------


def r8_es_float_kept(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}  # tracers


def r8_es_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but ignores the penalty


def r8_es_penalty_only(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def r8_es_renamed_keys(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse + penalty, "reg": penalty}


def r8_es_missing_penalty_key(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse}


def r8_es_aux_first(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r8_es_minus_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r8_es_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r8_es_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = jax.lax.stop_gradient(0.1 * jnp.sum(x**2))
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r8_es_tuple_aux(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r8_es_penalty_on_y(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(y**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r8_es_aux_is_loss(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"mse": loss, "penalty": penalty}


def r8_es_right(x, y):
    errors = y - x
    mse = jnp.mean(errors * errors)
    penalty = 0.1 * jnp.sum(jnp.square(x))
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r8_es_dict_call(x, y):
    parts = dict(mse=jnp.mean((x - y) ** 2), penalty=0.1 * (x**2).sum())
    return parts["mse"] + parts["penalty"], parts


def r8_es_dot(x, y):
    e = x - y
    mse = jnp.dot(e, e) / e.size
    penalty = 0.1 * jnp.dot(x, x)
    total = mse + penalty
    return total, {"penalty": penalty, "mse": mse}


# ---- 05.loss_and_outliers ----------------------------------------------------


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r8_lo_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r8_lo_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum((jnp.abs(e) > 0.5).astype(jnp.float32))


def r8_lo_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r8_lo_geq(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)


def r8_lo_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)


def r8_lo_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r8_lo_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r8_lo_mask(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.abs(e) > 0.5


def r8_lo_rmse(params, x, y):
    e = _errors(params, x, y)
    return jnp.sqrt(jnp.mean(e**2)), jnp.sum(jnp.abs(e) > 0.5)


def r8_lo_inliers(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) <= 0.5)


def r8_lo_string(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), f"{jnp.sum(jnp.abs(e) > 0.5)} outliers"


def r8_lo_mae(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(jnp.abs(e)), jnp.sum(jnp.abs(e) > 0.5)


def r8_lo_item(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), (jnp.abs(e) > 0.5).sum().item()


def r8_lo_count_nonzero(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.count_nonzero(jnp.abs(e) > 0.5)


def r8_lo_where(params, x, y):
    pred = params["w"] * x + params["b"]
    loss = jnp.mean(jnp.square(pred - y))
    return loss, jnp.sum(jnp.where(jnp.abs(pred - y) > 0.5, 1, 0))


def r8_lo_method(params, x, y):
    e = y - (params["b"] + x * params["w"])
    return (e**2).mean(), (abs(e) > 0.5).sum()


def r8_lo_astype(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), (jnp.abs(e) > 0.5).astype(jnp.int32).sum()


ROUND_8 = [
    Wrong("05.fix_aux_order", "loss fixed, float() kept in the aux", lambda: r8_es_float_kept),
    Wrong("05.fix_aux_order", "runs, but the loss is still mse alone", lambda: r8_es_mse_only),
    Wrong("05.fix_aux_order", "differentiates the penalty only", lambda: r8_es_penalty_only),
    Wrong("05.fix_aux_order", "aux keys renamed", lambda: r8_es_renamed_keys),
    Wrong("05.fix_aux_order", "aux logs mse only", lambda: r8_es_missing_penalty_key),
    Wrong("05.fix_aux_order", "aux first, loss second", lambda: r8_es_aux_first),
    Wrong("05.fix_aux_order", "mse minus the penalty", lambda: r8_es_minus_penalty),
    Wrong("05.fix_aux_order", "penalty with mean instead of sum", lambda: r8_es_mean_penalty),
    Wrong("05.fix_aux_order", "stop_gradient on the penalty", lambda: r8_es_stop_gradient),
    Wrong("05.fix_aux_order", "aux a tuple, keys lost", lambda: r8_es_tuple_aux),
    Wrong("05.fix_aux_order", "penalty on y instead of x", lambda: r8_es_penalty_on_y),
    Wrong("05.fix_aux_order", "aux logs the total under 'mse'", lambda: r8_es_aux_is_loss),
    Wrong("05.predict_aux_structure", "A: flat tuple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: pairs of pairs whatever argnums", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: aux outside", lambda: "D"),
    Wrong("05.predict_aux_structure", "lower case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "B and C", lambda: "BC"),
    Wrong("05.predict_aux_structure", "the nesting written out",
          lambda: "((value, aux), (grad_x, grad_y))"),
    Wrong("05.predict_aux_structure", "letter with its reason",
          lambda: "C: each part keeps its own shape"),
    Wrong("05.loss_and_outliers", "int() of the count", lambda: r8_lo_int),
    Wrong("05.loss_and_outliers", "count as float32", lambda: r8_lo_float_count),
    Wrong("05.loss_and_outliers", "fraction of outliers, not count", lambda: r8_lo_fraction),
    Wrong("05.loss_and_outliers", ">= 0.5 instead of > 0.5", lambda: r8_lo_geq),
    Wrong("05.loss_and_outliers", "no abs: only overshoots counted", lambda: r8_lo_no_abs),
    Wrong("05.loss_and_outliers", "sum of squares, not mean", lambda: r8_lo_sum_loss),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r8_lo_swapped),
    Wrong("05.loss_and_outliers", "the boolean mask as aux", lambda: r8_lo_mask),
    Wrong("05.loss_and_outliers", "root mean squared error", lambda: r8_lo_rmse),
    Wrong("05.loss_and_outliers", "counts the points within 0.5", lambda: r8_lo_inliers),
    Wrong("05.loss_and_outliers", "a string aux", lambda: r8_lo_string),
    Wrong("05.loss_and_outliers", "mean absolute error", lambda: r8_lo_mae),
    Wrong("05.loss_and_outliers", ".item() of the count", lambda: r8_lo_item),
]
RIGHT_8 = [
    Right("05.fix_aux_order", "y - x errors, square and sum spelled out", lambda: r8_es_right),
    Right("05.fix_aux_order", "parts in a dict, loss from it", lambda: r8_es_dict_call),
    Right("05.fix_aux_order", "dot products, keys in another order", lambda: r8_es_dot),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right("05.loss_and_outliers", "count_nonzero", lambda: r8_lo_count_nonzero),
    Right("05.loss_and_outliers", "sum of jnp.where(.., 1, 0)", lambda: r8_lo_where),
    Right("05.loss_and_outliers", "methods and builtin abs", lambda: r8_lo_method),
    Right("05.loss_and_outliers", "mask as int32, then sum", lambda: r8_lo_astype),
]
