"""Round 11, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 05.fix_aux_order ------------------------------------------------------------------
def r11_es_floats_dropped(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but the penalty is not trained


def r11_es_floats_kept(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r11_es_keys_renamed(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "reg": penalty}


def r11_es_minus(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r11_es_tuple_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r11_es_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r11_es_total_as_mse(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    mse = mse + penalty  # reused the name: the log shows the total as mse
    return mse, {"mse": mse, "penalty": penalty}


def r11_es_penalty_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)  # penalizes the errors, not x
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r11_es_penalty_y(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(y**2)  # no gradient in x
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r11_es_sum_se(x, y):
    errors = x - y
    mse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r11_es_no_weight(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)
    return mse + 0.1 * penalty, {"mse": mse, "penalty": penalty}  # logs unweighted


def r11_es_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    aux = jax.tree.map(jax.lax.stop_gradient, {"mse": mse, "penalty": penalty})
    return mse + penalty, aux


def r11_es_dict_ctor(x, y):
    parts = dict(mse=jnp.mean(jnp.square(x - y)), penalty=jnp.sum(x * x) * 0.1)
    return jnp.add(parts["mse"], parts["penalty"]), parts


def r11_es_vdot(x, y):
    d = x - y
    mse = jnp.vdot(d, d) / d.size
    penalty = 0.1 * jnp.vdot(x, x)
    return penalty + mse, {"penalty": penalty, "mse": mse}


# ---- 05.loss_and_outliers --------------------------------------------------------------
def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r11_lo_dict(params, x, y):
    e = _errors(params, x, y)
    return {"loss": jnp.mean(e**2), "outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r11_lo_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r11_lo_ge(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)


def r11_lo_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)


def r11_lo_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5, dtype=jnp.float32)


def r11_lo_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r11_lo_mask_shape(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), e[jnp.abs(e) > 0.5].shape[0]


def r11_lo_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r11_lo_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r11_lo_inliers(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) <= 0.5)


def r11_lo_squared(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)


def r11_lo_np_mean(params, x, y):
    e = _errors(params, x, y)
    return np.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r11_lo_count_nonzero(params, x, y):
    e = y - (params["w"] * x + params["b"])
    return jnp.mean(e * e), jnp.count_nonzero(jnp.abs(e) > 0.5)


def r11_lo_where(params, x, y):
    e = _errors(params, x, y)
    return jnp.vdot(e, e) / e.size, jnp.where(jnp.abs(e) > 0.5, 1, 0).sum()


def r11_lo_astype(params, x, y):
    pred = x * params["w"] + params["b"]
    miss = jnp.abs(pred - y)
    return jnp.mean(jnp.square(pred - y)), (miss > 0.5).astype(jnp.int32).sum()


ROUND_11 = [
    Wrong(
        "05.fix_aux_order", "float() dropped, loss still mse alone", lambda: r11_es_floats_dropped
    ),
    Wrong("05.fix_aux_order", "mse + penalty, float() kept in the aux", lambda: r11_es_floats_kept),
    Wrong("05.fix_aux_order", "aux keys renamed", lambda: r11_es_keys_renamed),
    Wrong("05.fix_aux_order", "mse - penalty", lambda: r11_es_minus),
    Wrong("05.fix_aux_order", "aux as a tuple, keys lost", lambda: r11_es_tuple_aux),
    Wrong("05.fix_aux_order", "penalty with mean instead of sum", lambda: r11_es_mean_penalty),
    Wrong("05.fix_aux_order", "mse name reused: total logged as mse", lambda: r11_es_total_as_mse),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r11_es_penalty_errors),
    Wrong("05.fix_aux_order", "penalty on y: no gradient in x", lambda: r11_es_penalty_y),
    Wrong("05.fix_aux_order", "sum of squared errors instead of mean", lambda: r11_es_sum_se),
    Wrong("05.fix_aux_order", "penalty logged without its weight", lambda: r11_es_no_weight),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: aux per position", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: function's pair first", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "both options with that nesting", lambda: "CE"),
    Wrong("05.predict_aux_structure", "the nesting written out", lambda: "((grad_x, grad_y), aux)"),
    Wrong("05.predict_aux_structure", "C with a trailing period", lambda: "C."),
    Wrong("05.loss_and_outliers", "kept the NumPy dict return", lambda: r11_lo_dict),
    Wrong("05.loss_and_outliers", "fraction of outliers, not count", lambda: r11_lo_fraction),
    Wrong("05.loss_and_outliers", ">= 0.5: counts exact ties", lambda: r11_lo_ge),
    Wrong("05.loss_and_outliers", "no abs: only positive misses", lambda: r11_lo_no_abs),
    Wrong("05.loss_and_outliers", "count summed as float32", lambda: r11_lo_float_count),
    Wrong("05.loss_and_outliers", "sum of squares as the loss", lambda: r11_lo_sum_loss),
    Wrong("05.loss_and_outliers", "boolean mask then .shape[0]", lambda: r11_lo_mask_shape),
    Wrong("05.loss_and_outliers", "count first, loss as aux", lambda: r11_lo_swapped),
    Wrong("05.loss_and_outliers", "int() of the count", lambda: r11_lo_int),
    Wrong("05.loss_and_outliers", "counts the inliers", lambda: r11_lo_inliers),
    Wrong("05.loss_and_outliers", "squared error above 0.5", lambda: r11_lo_squared),
    Wrong("05.loss_and_outliers", "np.mean for the loss kept", lambda: r11_lo_np_mean),
]
RIGHT_11 = [
    Right("05.fix_aux_order", "aux passed through stop_gradient", lambda: r11_es_stop_gradient),
    Right("05.fix_aux_order", "dict(...) of parts, jnp.add", lambda: r11_es_dict_ctor),
    Right("05.fix_aux_order", "vdot forms, keys in another order", lambda: r11_es_vdot),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right("05.loss_and_outliers", "y - prediction, count_nonzero", lambda: r11_lo_count_nonzero),
    Right("05.loss_and_outliers", "vdot mse, where(1, 0).sum()", lambda: r11_lo_where),
    Right("05.loss_and_outliers", "astype(int32).sum() of the mask", lambda: r11_lo_astype),
]
