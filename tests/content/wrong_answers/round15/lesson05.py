"""Round 15, lesson 05 (has_aux): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ------------------------------------------------------- 05.fix_aux_order


def r15_aux_drop_float(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but the penalty has no gradient


def r15_aux_keep_float(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r15_aux_penalty_only(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def r15_aux_minus(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r15_aux_unweighted(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jnp.sum(x**2), {"mse": mse, "penalty": penalty}  # weight lost in the loss


def r15_aux_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r15_aux_renamed(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "l2_penalty": penalty}


def r15_aux_tuple(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r15_aux_stop_grad(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def r15_aux_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r15_aux_penalty_on_y(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(y**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r15_aux_logs_total(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"mse": loss, "penalty": penalty}


def r15_aux_len4(x, y):
    mse = jnp.sum((x - y) ** 2) / 4  # the page's x has 4 points
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r15_aux_right_stopgrad_aux(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.dot(x, x)
    aux = {"penalty": jax.lax.stop_gradient(penalty), "mse": jax.lax.stop_gradient(mse)}
    return jnp.add(mse, penalty), aux


def r15_aux_right_inline(x, y):
    parts = {"mse": ((x - y) ** 2).mean(), "penalty": (x**2).sum() * 0.1}
    return parts["mse"] + parts["penalty"], parts


def r15_aux_right_list_pair(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x * x)
    return [penalty + mse, dict(mse=mse, penalty=penalty)]


# --------------------------------------------------- 05.loss_and_outliers


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r15_out_float_count(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum((jnp.abs(e) > 0.5).astype(jnp.float32))


def r15_out_fraction(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.mean(jnp.abs(e) > 0.5)


def r15_out_ge(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) >= 0.5)  # a miss of exactly 0.5 counts


def r15_out_no_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e > 0.5)  # misses below the line are not counted


def r15_out_len_mask(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), len(e[jnp.abs(e) > 0.5])


def r15_out_dict(params, x, y):
    e = _errors(params, x, y)
    return {"loss": jnp.mean(e**2), "outliers": jnp.sum(jnp.abs(e) > 0.5)}


def r15_out_swapped(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(jnp.abs(e) > 0.5), jnp.mean(e**2)


def r15_out_int(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), int(jnp.sum(jnp.abs(e) > 0.5))


def r15_out_sum_loss(params, x, y):
    e = _errors(params, x, y)
    return jnp.sum(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r15_out_np_abs(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), np.sum(np.abs(e) > 0.5)


def r15_out_inliers(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) <= 0.5)


def r15_out_squared(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.sum(e**2 > 0.5)


def r15_out_no_b(params, x, y):
    e = params["w"] * x - y
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5)


def r15_out_right_reversed_errors(params, x, y):
    e = y - (params["w"] * x + params["b"])
    return jnp.mean(e * e), jnp.count_nonzero(jnp.abs(e) > 0.5)


def r15_out_right_where(params, x, y):
    e = _errors(params, x, y)
    return jnp.mean(e**2), jnp.where(jnp.abs(e) > 0.5, 1, 0).sum()


def r15_out_right_list(params, x, y):
    e = _errors(params, x, y)
    return [jnp.mean(e**2), (jnp.abs(e) > 0.5).astype(jnp.int32).sum()]


ROUND_15 = [
    Wrong("05.fix_aux_order", "float() removed, loss still mse only", lambda: r15_aux_drop_float),
    Wrong("05.fix_aux_order", "penalty added, float() kept", lambda: r15_aux_keep_float),
    Wrong("05.fix_aux_order", "returns the penalty as the loss", lambda: r15_aux_penalty_only),
    Wrong("05.fix_aux_order", "mse minus penalty", lambda: r15_aux_minus),
    Wrong("05.fix_aux_order", "loss adds sum(x**2) without the 0.1", lambda: r15_aux_unweighted),
    Wrong("05.fix_aux_order", "penalty with mean instead of sum", lambda: r15_aux_mean_penalty),
    Wrong("05.fix_aux_order", "aux key renamed l2_penalty", lambda: r15_aux_renamed),
    Wrong("05.fix_aux_order", "aux a tuple, not the dict", lambda: r15_aux_tuple),
    Wrong(
        "05.fix_aux_order", "stop_gradient on the penalty in the loss", lambda: r15_aux_stop_grad
    ),
    Wrong("05.fix_aux_order", "penalty on the errors, not x", lambda: r15_aux_penalty_on_errors),
    Wrong("05.fix_aux_order", "penalty on y", lambda: r15_aux_penalty_on_y),
    Wrong("05.fix_aux_order", "aux mse logs the total loss", lambda: r15_aux_logs_total),
    Wrong("05.fix_aux_order", "mse as sum / 4, the page's length", lambda: r15_aux_len4),
    Wrong("05.predict_aux_structure", "A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: aux after the pair", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: one pair per position", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: same nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "both same-nesting letters", lambda: "CE"),
    Wrong("05.predict_aux_structure", "lower case", lambda: "c"),
    Wrong("05.predict_aux_structure", "C) with a bracket", lambda: "C)"),
    Wrong("05.predict_aux_structure", "option C spelled out", lambda: "option C"),
    Wrong("05.predict_aux_structure", "C with a comment", lambda: "C  # pair is the value"),
    Wrong("05.loss_and_outliers", "count as float32", lambda: r15_out_float_count),
    Wrong("05.loss_and_outliers", "fraction of outliers (mean of mask)", lambda: r15_out_fraction),
    Wrong("05.loss_and_outliers", ">= 0.5: a tie counts", lambda: r15_out_ge),
    Wrong("05.loss_and_outliers", "no abs: right on the page's points", lambda: r15_out_no_abs),
    Wrong("05.loss_and_outliers", "len of boolean-indexed errors", lambda: r15_out_len_mask),
    Wrong("05.loss_and_outliers", "dict as in the NumPy version", lambda: r15_out_dict),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r15_out_swapped),
    Wrong("05.loss_and_outliers", "int() of the count", lambda: r15_out_int),
    Wrong("05.loss_and_outliers", "sum of squares, not the mean", lambda: r15_out_sum_loss),
    Wrong("05.loss_and_outliers", "np.abs / np.sum on the errors", lambda: r15_out_np_abs),
    Wrong("05.loss_and_outliers", "counts the inliers", lambda: r15_out_inliers),
    Wrong("05.loss_and_outliers", "squared error over 0.5", lambda: r15_out_squared),
    Wrong("05.loss_and_outliers", "prediction forgets b", lambda: r15_out_no_b),
]
RIGHT_15 = [
    Right(
        "05.fix_aux_order", "stop_gradient on the aux, jnp.add", lambda: r15_aux_right_stopgrad_aux
    ),
    Right("05.fix_aux_order", "dict built first, its sum the loss", lambda: r15_aux_right_inline),
    Right("05.fix_aux_order", "a list [loss, dict(...)]", lambda: r15_aux_right_list_pair),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right(
        "05.loss_and_outliers",
        "y - prediction, count_nonzero",
        lambda: r15_out_right_reversed_errors,
    ),
    Right("05.loss_and_outliers", "jnp.where(mask, 1, 0).sum()", lambda: r15_out_right_where),
    Right("05.loss_and_outliers", "a list pair, astype int32", lambda: r15_out_right_list),
]
