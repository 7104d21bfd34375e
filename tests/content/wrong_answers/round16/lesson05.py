"""Round 16, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 05.fix_aux_order


def r16_aux_floats_dropped_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs; penalty never differentiated


def r16_aux_floats_kept(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r16_aux_minus(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r16_aux_weight_dropped(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = jnp.sum(x**2)  # lost the 0.1 while rewriting
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_renamed(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "reg": penalty}


def r16_aux_swapped_values(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": penalty, "penalty": mse}


def r16_aux_total_as_mse(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    total = mse + penalty
    return total, {"mse": total, "penalty": penalty}


def r16_aux_penalty_on_y(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(y**2)  # the penalty on the wrong argument
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_halved(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return (mse + penalty) / 2, {"mse": mse, "penalty": penalty}  # "average the parts"


def r16_aux_inside_mean(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return jnp.mean((x - y) ** 2 + 0.1 * x**2), {"mse": mse, "penalty": penalty}


def r16_aux_tuple(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)  # the keys are gone


def r16_aux_l1(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(jnp.abs(x))  # also keeps x small, but not this penalty
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_square_of_sum(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_aux_extra_key(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    total = mse + penalty
    return total, {"mse": mse, "penalty": penalty, "total": total}


def r16_aux_right_stop_gradient(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.sum(x**2)
    logged = jax.lax.stop_gradient({"mse": mse, "penalty": penalty})
    return mse + penalty, logged


def r16_aux_right_vdot(x, y):
    errors = x - y
    parts = {"mse": jnp.mean(errors * errors), "penalty": 0.1 * jnp.vdot(x, x)}
    return parts["penalty"] + parts["mse"], parts


def r16_aux_right_float32(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = jnp.sum(0.1 * x**2)
    aux = dict(mse=jnp.float32(mse), penalty=jnp.float32(penalty))
    return sum(aux.values()), aux


# ---------------------------------------------------------------- 05.loss_and_outliers


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r16_out_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5).astype(jnp.float32)


def r16_out_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r16_out_ge(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)  # "more than" read as at least


def r16_out_one_sided(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)  # forgot the abs


def r16_out_len_mask(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), len(e[jnp.abs(e) > 0.5])  # boolean indexing under jit


def r16_out_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r16_out_dict(params, x, y):
    e = _errors(params, x, y)
    return {"loss": jnp.mean(e**2), "outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r16_out_dict_aux(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), {"outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r16_out_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r16_out_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r16_out_squared_threshold(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)  # threshold on the squared error


def r16_out_uint8(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5, dtype=jnp.uint8)  # wraps at 256


def r16_out_inliers(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) <= 0.5)


def r16_out_robust_loss(params, x, y):
    e = _errors(params, x, y)
    mask = jnp.abs(e) > 0.5
    return jnp.mean(jnp.where(mask, 0.0, e**2)), jnp.sum(mask)  # dropped outliers too


def r16_out_xy_swapped(params, x, y):
    e = params["w"] * y + params["b"] - x
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r16_out_nonzero_size(params, x, y):
    e = _errors(params, x, y)
    idx = jnp.nonzero(jnp.abs(e) > 0.5, size=x.shape[0])[0]  # jit's advice: give a size
    return jnp.mean(e**2), idx.size


def r16_out_mae(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(jnp.abs(e)), jnp.sum(jnp.abs(e) > 0.5)


def r16_out_right_count_nonzero(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(jnp.square(e)), jnp.count_nonzero(jnp.abs(e) > 0.5)


def r16_out_right_where(params, x, y):
    pred = params["w"] * x + params["b"]
    miss = jnp.abs(pred - y)
    return jnp.dot(pred - y, pred - y) / x.size, jnp.where(miss > 0.5, 1, 0).sum()


def r16_out_right_squared(params, x, y):
    sq = (params["w"] * x + params["b"] - y) ** 2
    return sq.mean(), (sq > 0.25).astype(jnp.int32).sum()  # |e| > 0.5 as e**2 > 0.25


def r16_aux_page_length(x, y):
    errors = x - y
    mse = jnp.sum(errors**2) / 4  # the page's x has four points
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r16_out_page_length(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2) / 3, jnp.sum(jnp.abs(e) > 0.5)  # the page's three points


ROUND_16 = [
    Wrong(
        "05.fix_aux_order",
        "removed float() only: penalty not in the loss",
        lambda: r16_aux_floats_dropped_only,
    ),
    Wrong(
        "05.fix_aux_order",
        "added the penalty, kept float() in the aux",
        lambda: r16_aux_floats_kept,
    ),
    Wrong("05.fix_aux_order", "mse minus penalty", lambda: r16_aux_minus),
    Wrong("05.fix_aux_order", "penalty without its 0.1 weight", lambda: r16_aux_weight_dropped),
    Wrong("05.fix_aux_order", "penalty as 0.1 * mean(x**2)", lambda: r16_aux_mean_penalty),
    Wrong("05.fix_aux_order", "aux keys renamed to loss and reg", lambda: r16_aux_renamed),
    Wrong(
        "05.fix_aux_order", "aux values swapped between the keys", lambda: r16_aux_swapped_values
    ),
    Wrong("05.fix_aux_order", "logged the total under mse", lambda: r16_aux_total_as_mse),
    Wrong("05.fix_aux_order", "penalty computed on y", lambda: r16_aux_penalty_on_y),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r16_aux_penalty_on_errors),
    Wrong("05.fix_aux_order", "(mse + penalty) / 2", lambda: r16_aux_halved),
    Wrong(
        "05.fix_aux_order",
        "mean of errors**2 + 0.1 * x**2: penalty / n",
        lambda: r16_aux_inside_mean,
    ),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty)", lambda: r16_aux_tuple),
    Wrong("05.fix_aux_order", "L1 penalty: sum of abs(x)", lambda: r16_aux_l1),
    Wrong("05.fix_aux_order", "square of the sum of x", lambda: r16_aux_square_of_sum),
    Wrong("05.fix_aux_order", "added a third key, total, to the aux", lambda: r16_aux_extra_key),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: value_and_grad's pair, then aux", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: one pair per argnum", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "CE: both options with that nesting", lambda: "CE"),
    Wrong("05.predict_aux_structure", "lower case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "C) with a bracket", lambda: "C)"),
    Wrong("05.predict_aux_structure", "option C, in words", lambda: "option C"),
    Wrong(
        "05.predict_aux_structure", "C with a trailing comment", lambda: "C  # (value, aux) first"
    ),
    Wrong("05.loss_and_outliers", "count cast to float32", lambda: r16_out_float_count),
    Wrong(
        "05.loss_and_outliers", "fraction of outliers: mean of the mask", lambda: r16_out_fraction
    ),
    Wrong("05.loss_and_outliers", ">= 0.5: the page's errors are exactly 0.5", lambda: r16_out_ge),
    Wrong("05.loss_and_outliers", "errors > 0.5 without abs", lambda: r16_out_one_sided),
    Wrong("05.loss_and_outliers", "len of a boolean-indexed array", lambda: r16_out_len_mask),
    Wrong("05.loss_and_outliers", "returned (count, loss)", lambda: r16_out_swapped),
    Wrong("05.loss_and_outliers", "kept the NumPy version's dict", lambda: r16_out_dict),
    Wrong("05.loss_and_outliers", "count wrapped in a dict as aux", lambda: r16_out_dict_aux),
    Wrong("05.loss_and_outliers", "sum of squared errors, not the mean", lambda: r16_out_sum_loss),
    Wrong("05.loss_and_outliers", "int() of the count: fails under jit", lambda: r16_out_int),
    Wrong(
        "05.loss_and_outliers", "threshold on the squared errors", lambda: r16_out_squared_threshold
    ),
    Wrong("05.loss_and_outliers", "uint8 count: wraps past 255 points", lambda: r16_out_uint8),
    Wrong("05.loss_and_outliers", "counted the inliers", lambda: r16_out_inliers),
    Wrong(
        "05.loss_and_outliers", "also dropped outliers from the loss", lambda: r16_out_robust_loss
    ),
    Wrong("05.loss_and_outliers", "line fitted with x and y swapped", lambda: r16_out_xy_swapped),
    Wrong(
        "05.loss_and_outliers",
        "nonzero(size=len(x)).size: always len(x)",
        lambda: r16_out_nonzero_size,
    ),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r16_out_mae),
    Wrong("05.fix_aux_order", "mse as sum / 4, the page's length", lambda: r16_aux_page_length),
    Wrong(
        "05.loss_and_outliers",
        "loss as sum / 3, the page's point count",
        lambda: r16_out_page_length,
    ),
]

RIGHT_16 = [
    Right(
        "05.fix_aux_order", "aux passed through stop_gradient", lambda: r16_aux_right_stop_gradient
    ),
    Right(
        "05.fix_aux_order", "dict of parts, vdot penalty, sum of parts", lambda: r16_aux_right_vdot
    ),
    Right(
        "05.fix_aux_order",
        "jnp.float32 in the aux, sum(aux.values())",
        lambda: r16_aux_right_float32,
    ),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right(
        "05.loss_and_outliers", "jnp.count_nonzero of the mask", lambda: r16_out_right_count_nonzero
    ),
    Right(
        "05.loss_and_outliers",
        "jnp.where(mask, 1, 0).sum(), dot for mse",
        lambda: r16_out_right_where,
    ),
    Right(
        "05.loss_and_outliers", "squared errors > 0.25, astype int32", lambda: r16_out_right_squared
    ),
]
