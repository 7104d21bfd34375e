"""Round 13, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order -------------------------------------------------------------------


def r13_aux_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs now; the penalty has no gradient


def r13_aux_float_kept(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}  # float of a tracer


def r13_aux_item(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse.item(), "penalty": penalty.item()}  # .item() fails too


def r13_aux_renamed(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"MSE": mse, "Penalty": penalty}


def r13_aux_total_as_mse(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"mse": loss, "penalty": penalty}  # logs the total under "mse"


def r13_aux_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)  # mean, not sum
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r13_aux_sum_squared(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r13_aux_minus(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r13_aux_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)  # penalises the errors, not x
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r13_aux_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def r13_aux_tuple(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)  # no keys


def r13_aux_unweighted_log(x, y):
    mse = jnp.mean((x - y) ** 2)
    raw = jnp.sum(x**2)
    return mse + 0.1 * raw, {"mse": mse, "penalty": raw}  # logs it without its weight


def r13_aux_one_mean(x, y):
    loss = jnp.mean((x - y) ** 2 + 0.1 * x**2)  # 0.1 * mean(x**2): right only for n == 1
    return loss, {"mse": jnp.mean((x - y) ** 2), "penalty": 0.1 * jnp.mean(x**2)}


def r13_aux_right_dot(x, y):
    e = x - y
    mse = jnp.dot(e, e) / e.size
    penalty = jnp.dot(x, x) / 10
    return mse + penalty, {"penalty": penalty, "mse": mse}


def r13_aux_right_asarray(x, y):
    mse = jnp.square(x - y).mean()
    penalty = jnp.sum(0.1 * x * x)
    total = penalty + mse
    return total, dict(mse=jnp.asarray(mse), penalty=jnp.asarray(penalty))


def r13_aux_right_stopped_aux(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    logs = jax.lax.stop_gradient({"mse": mse, "penalty": penalty})
    return mse + penalty, logs


# ---- 05.loss_and_outliers ---------------------------------------------------------------


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r13_out_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5).astype(jnp.float32)


def r13_out_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r13_out_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)  # misses only in one direction


def r13_out_ge(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)  # a miss of exactly 0.5 counted


def r13_out_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r13_out_bool_index(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), len(e[jnp.abs(e) > 0.5])  # boolean index: fails under jit


def r13_out_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r13_out_dict(params, x, y):
    e = _errors(params, x, y)
    return {"loss": jnp.mean(e**2), "outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r13_out_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))  # fine plainly, fails under jit


def r13_out_np_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(np.abs(e) > 0.5)  # np.abs of a tracer


def r13_out_mae(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(jnp.abs(e)), jnp.sum(jnp.abs(e) > 0.5)


def r13_out_squared_threshold(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)  # squared error against 0.5


def r13_out_int8(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5, dtype=jnp.int8)  # wraps past 127


def r13_out_w_b_swapped(params, x, y):
    e = params["b"] * x + params["w"] - y
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r13_out_right_count_nonzero(params, x, y):
    e = _errors(params, x, y)
    return jnp.dot(e, e) / e.size, jnp.count_nonzero(jnp.abs(e) > 0.5)


def r13_out_right_where(params, x, y):
    e = y - (params["w"] * x + params["b"])
    return jnp.mean(jnp.square(e)), jnp.where(jnp.abs(e) > 0.5, 1, 0).sum()


def r13_out_right_astype(params, x, y):
    e = _errors(params, x, y)
    misses = jnp.greater(jnp.abs(e), 0.5)
    return (e**2).mean(), misses.astype(int).sum()


ROUND_13 = [
    Wrong("05.fix_aux_order", "floats dropped, loss still the mse alone", lambda: r13_aux_mse_only),
    Wrong("05.fix_aux_order", "loss fixed, float() kept in the aux", lambda: r13_aux_float_kept),
    Wrong("05.fix_aux_order", ".item() instead of float()", lambda: r13_aux_item),
    Wrong("05.fix_aux_order", "aux keys renamed MSE, Penalty", lambda: r13_aux_renamed),
    Wrong("05.fix_aux_order", "logs the total under 'mse'", lambda: r13_aux_total_as_mse),
    Wrong("05.fix_aux_order", "penalty 0.1 * mean(x**2)", lambda: r13_aux_mean_penalty),
    Wrong("05.fix_aux_order", "penalty 0.1 * sum(x)**2", lambda: r13_aux_sum_squared),
    Wrong("05.fix_aux_order", "penalty subtracted", lambda: r13_aux_minus),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r13_aux_penalty_on_errors),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on the penalty in the loss",
        lambda: r13_aux_stop_gradient,
    ),
    Wrong("05.fix_aux_order", "aux a tuple (mse, penalty), no keys", lambda: r13_aux_tuple),
    Wrong(
        "05.fix_aux_order",
        "logs the penalty without its 0.1 weight",
        lambda: r13_aux_unweighted_log,
    ),
    Wrong(
        "05.fix_aux_order",
        "one mean over both terms: right for n == 1 only",
        lambda: r13_aux_one_mean,
    ),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: aux per position", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: value and aux first", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "C and E, both nestings", lambda: "CE"),
    Wrong("05.predict_aux_structure", "E) with parenthesis", lambda: "E)"),
    Wrong("05.predict_aux_structure", "lower-case e", lambda: "e"),
    Wrong("05.predict_aux_structure", "'C or E' hedged", lambda: "C or E"),
    Wrong(
        "05.predict_aux_structure",
        "the nesting typed out instead of a letter",
        lambda: "((grad_x, grad_y), aux)",
    ),
    Wrong("05.predict_aux_structure", "B with a trailing comment", lambda: "B  # one pair each"),
    Wrong("05.loss_and_outliers", "count cast to float32", lambda: r13_out_float_count),
    Wrong(
        "05.loss_and_outliers", "fraction of outliers (mean of the mask)", lambda: r13_out_fraction
    ),
    Wrong("05.loss_and_outliers", "no abs: only errors above +0.5", lambda: r13_out_no_abs),
    Wrong("05.loss_and_outliers", ">= 0.5: counts a miss of exactly 0.5", lambda: r13_out_ge),
    Wrong("05.loss_and_outliers", "sum of squares, not the mean", lambda: r13_out_sum_loss),
    Wrong("05.loss_and_outliers", "kept boolean indexing and len()", lambda: r13_out_bool_index),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r13_out_swapped),
    Wrong("05.loss_and_outliers", "still one dict, not a pair", lambda: r13_out_dict),
    Wrong("05.loss_and_outliers", "int() of the count: plain call only", lambda: r13_out_int),
    Wrong("05.loss_and_outliers", "np.abs left in on the tracer", lambda: r13_out_np_abs),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r13_out_mae),
    Wrong(
        "05.loss_and_outliers", "squared error compared with 0.5", lambda: r13_out_squared_threshold
    ),
    Wrong("05.loss_and_outliers", "count summed in int8: wraps past 127", lambda: r13_out_int8),
    Wrong("05.loss_and_outliers", "w and b swapped in the line", lambda: r13_out_w_b_swapped),
]

RIGHT_13 = [
    Right(
        "05.fix_aux_order", "dot products, penalty / 10, keys reordered", lambda: r13_aux_right_dot
    ),
    Right("05.fix_aux_order", "dict(...) of asarray values", lambda: r13_aux_right_asarray),
    Right(
        "05.fix_aux_order", "stop_gradient on the aux dict only", lambda: r13_aux_right_stopped_aux
    ),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Right("05.predict_aux_structure", "C with a trailing space", lambda: "C "),
    Right(
        "05.loss_and_outliers", "dot / size and count_nonzero", lambda: r13_out_right_count_nonzero
    ),
    Right(
        "05.loss_and_outliers",
        "y - prediction and where(..., 1, 0).sum()",
        lambda: r13_out_right_where,
    ),
    Right("05.loss_and_outliers", "greater, astype(int).sum()", lambda: r13_out_right_astype),
]
