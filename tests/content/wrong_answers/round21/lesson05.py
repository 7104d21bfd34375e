"""Round 21, lesson 05 (has_aux): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order: (mse + 0.1 * sum(x**2), {"mse", "penalty"}) with array aux -----


def r21_fix_only_floats_dropped(x, y):
    # made it run: the float() calls were the error; the loss is still mse alone
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r21_fix_keeps_float(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r21_fix_dict_first(x, y):
    # thought the order was the bug, the other way round
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r21_fix_minus_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r21_fix_square_of_sum(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_l1(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(jnp.abs(x))
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_sum_errors(x, y):
    errors = x - y
    sse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return sse + penalty, {"mse": sse, "penalty": penalty}


def r21_fix_total_under_mse(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"mse": loss, "penalty": penalty}


def r21_fix_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "reg": penalty}


def r21_fix_three_outputs(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def r21_fix_no_weight(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)  # the 0.1 lost on the way
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)  # "large" read as large errors
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_raw_penalty_logged(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    squares = jnp.sum(x**2)
    return mse + 0.1 * squares, {"mse": mse, "penalty": squares}


def r21_fix_stop_gradient_penalty(x, y):
    # "aux is not differentiated", so the penalty was kept out of the gradient too
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(jax.lax.stop_gradient(x) ** 2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r21_fix_right_dot(x, y):
    residual = y - x
    mse = jnp.mean(jnp.square(residual))
    penalty = 0.1 * jnp.dot(x, x)
    total = mse + penalty
    return total, dict(mse=mse, penalty=penalty)


def r21_fix_right_astype(x, y):
    errors = x - y
    mse = (errors**2).mean()
    penalty = (x**2).sum() * 0.1
    return penalty + mse, {"penalty": penalty.astype(jnp.float32), "mse": mse.astype(jnp.float32)}


def r21_fix_right_vdot_stats(x, y):
    errors = jnp.ravel(x - y)
    mse = jnp.vdot(errors, errors) / errors.size
    penalty = 0.1 * jnp.vdot(x, x)
    stats = {"mse": jax.lax.stop_gradient(mse), "penalty": jax.lax.stop_gradient(penalty)}
    return mse + penalty, stats


# ---- 05.loss_and_outliers: (mse, integer count of |error| > 0.5) -------------------


def _line_errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r21_out_dict(params, x, y):
    errors = _line_errors(params, x, y)
    return {"loss": jnp.mean(errors**2), "outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r21_out_len_mask(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r21_out_float_count(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.where(jnp.abs(errors) > 0.5, 1.0, 0.0))


def r21_out_ge(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r21_out_fraction(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r21_out_swapped(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r21_out_no_abs(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r21_out_int_cast(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r21_out_sum_loss(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r21_out_inliers_loss(params, x, y):
    # the loss over the points that are not outliers
    errors = _line_errors(params, x, y)
    mask = jnp.abs(errors) > 0.5
    return jnp.mean(jnp.where(mask, 0.0, errors**2)), jnp.sum(mask)


def r21_out_numpy_count(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), np.count_nonzero(np.abs(errors) > 0.5)


def r21_out_any(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), jnp.any(jnp.abs(errors) > 0.5)


def r21_out_aux_dict(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r21_out_vs_x(params, x, y):
    predictions = params["w"] * x + params["b"]
    errors = predictions - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(predictions - x) > 0.5)


def r21_out_mae(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(jnp.abs(errors)), jnp.sum(jnp.abs(errors) > 0.5)


def r21_out_right_count_nonzero(params, x, y):
    residual = y - (params["w"] * x + params["b"])
    return jnp.mean(jnp.square(residual)), jnp.count_nonzero(jnp.abs(residual) > 0.5)


def r21_out_right_astype(params, x, y):
    errors = _line_errors(params, x, y)
    loss = (errors**2).mean()
    n_out = (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()
    return loss, n_out


def r21_out_right_where_ints(params, x, y):
    errors = _line_errors(params, x, y)
    return jnp.mean(errors * errors), jnp.where(jnp.abs(errors) > 0.5, 1, 0).sum()


def r21_out_right_sum_dtype(params, x, y):
    errors = jnp.asarray(_line_errors(params, x, y))
    return jnp.mean(errors**2), jnp.sum(jnp.greater(jnp.abs(errors), 0.5), dtype=jnp.int32)


ROUND_21 = [
    Wrong(
        "05.fix_aux_order",
        "dropped float() only: loss still mse",
        lambda: r21_fix_only_floats_dropped,
    ),
    Wrong("05.fix_aux_order", "added the penalty but kept float()", lambda: r21_fix_keeps_float),
    Wrong("05.fix_aux_order", "put the stats dict first", lambda: r21_fix_dict_first),
    Wrong("05.fix_aux_order", "subtracted the penalty", lambda: r21_fix_minus_penalty),
    Wrong("05.fix_aux_order", "penalty as the square of the sum", lambda: r21_fix_square_of_sum),
    Wrong("05.fix_aux_order", "penalty on |x| instead of x**2", lambda: r21_fix_l1),
    Wrong("05.fix_aux_order", "penalty with mean instead of sum", lambda: r21_fix_mean_penalty),
    Wrong("05.fix_aux_order", "sum of squared errors, not the mean", lambda: r21_fix_sum_errors),
    Wrong("05.fix_aux_order", "logged the total under 'mse'", lambda: r21_fix_total_under_mse),
    Wrong("05.fix_aux_order", "renamed the aux keys", lambda: r21_fix_renamed_keys),
    Wrong("05.fix_aux_order", "returned three outputs", lambda: r21_fix_three_outputs),
    Wrong("05.fix_aux_order", "dropped the 0.1 weight", lambda: r21_fix_no_weight),
    Wrong(
        "05.fix_aux_order", "penalty on the errors instead of x", lambda: r21_fix_penalty_on_errors
    ),
    Wrong(
        "05.fix_aux_order",
        "logged the unweighted sum of squares",
        lambda: r21_fix_raw_penalty_logged,
    ),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on x inside the penalty",
        lambda: r21_fix_stop_gradient_penalty,
    ),
    Wrong("05.predict_aux_structure", "typed A, thinking the aux is appended", lambda: "A"),
    Wrong("05.predict_aux_structure", "typed B, aux after value_and_grad's pair", lambda: "B"),
    Wrong("05.predict_aux_structure", "typed D, a pair per argnums position", lambda: "D"),
    Wrong("05.predict_aux_structure", "typed E, right nesting with a wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "typed both letters of the nesting", lambda: "C and E"),
    Wrong("05.predict_aux_structure", "typed CE, no separator", lambda: "CE"),
    Wrong(
        "05.predict_aux_structure",
        "typed the nesting instead of a letter",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    Wrong("05.predict_aux_structure", "trailing comma made a tuple", lambda: ("C",)),
    Wrong("05.predict_aux_structure", "left the placeholder ...", lambda: ...),
    Wrong("05.predict_aux_structure", "typed the option's number, 3", lambda: 3),
    Wrong("05.loss_and_outliers", "kept the dict return, with jnp", lambda: r21_out_dict),
    Wrong("05.loss_and_outliers", "len() of a boolean-masked array", lambda: r21_out_len_mask),
    Wrong("05.loss_and_outliers", "counted with float ones: 2.0", lambda: r21_out_float_count),
    Wrong("05.loss_and_outliers", "counted |error| >= 0.5", lambda: r21_out_ge),
    Wrong(
        "05.loss_and_outliers", "the fraction of outliers, not the count", lambda: r21_out_fraction
    ),
    Wrong("05.loss_and_outliers", "returned (count, loss)", lambda: r21_out_swapped),
    Wrong("05.loss_and_outliers", "no abs: misses negative errors", lambda: r21_out_no_abs),
    Wrong("05.loss_and_outliers", "int() of the count", lambda: r21_out_int_cast),
    Wrong("05.loss_and_outliers", "sum of squared errors as the loss", lambda: r21_out_sum_loss),
    Wrong("05.loss_and_outliers", "loss over the inliers only", lambda: r21_out_inliers_loss),
    Wrong("05.loss_and_outliers", "np.count_nonzero on the errors", lambda: r21_out_numpy_count),
    Wrong("05.loss_and_outliers", "jnp.any: whether, not how many", lambda: r21_out_any),
    Wrong("05.loss_and_outliers", "aux kept as {'outliers': n}", lambda: r21_out_aux_dict),
    Wrong("05.loss_and_outliers", "compared predictions with x, not y", lambda: r21_out_vs_x),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r21_out_mae),
]

RIGHT_21 = [
    Right("05.fix_aux_order", "jnp.dot penalty, y - x residual, dict()", lambda: r21_fix_right_dot),
    Right(
        "05.fix_aux_order", "methods and .astype(float32) in the aux", lambda: r21_fix_right_astype
    ),
    Right(
        "05.fix_aux_order",
        "vdot, stop_gradient on the logged stats",
        lambda: r21_fix_right_vdot_stats,
    ),
    Right("05.predict_aux_structure", "lower case with a space", lambda: " c"),
    Right("05.predict_aux_structure", "upper case with a dot", lambda: "C."),
    Right("05.predict_aux_structure", "plain C", lambda: "C"),
    Right(
        "05.loss_and_outliers",
        "jnp.count_nonzero on y - prediction",
        lambda: r21_out_right_count_nonzero,
    ),
    Right("05.loss_and_outliers", "mask.astype(int32).sum()", lambda: r21_out_right_astype),
    Right("05.loss_and_outliers", "jnp.where(mask, 1, 0).sum()", lambda: r21_out_right_where_ints),
    Right(
        "05.loss_and_outliers",
        "jnp.sum(jnp.greater(...), dtype=int32)",
        lambda: r21_out_right_sum_dtype,
    ),
]
