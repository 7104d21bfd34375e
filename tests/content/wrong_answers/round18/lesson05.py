"""Round 18, lesson 05 (Return extra outputs with has_aux): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order: loss = mse + 0.1 * sum(x**2), aux {"mse", "penalty"} --------


def r18_fix_keeps_float(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r18_fix_mse_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r18_fix_aux_first(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r18_fix_minus_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r18_fix_stop_gradient_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def r18_fix_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r18_fix_square_of_sum(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r18_fix_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r18_fix_aux_total_as_mse(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"mse": loss, "penalty": penalty}


def r18_fix_aux_tuple(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r18_fix_weight_one(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r18_fix_aux_unweighted_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    sq = jnp.sum(x**2)
    return mse + 0.1 * sq, {"mse": mse, "penalty": sq}


def r18_fix_l1_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(jnp.abs(x))
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r18_fix_right_dot(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.dot(x, x)
    return mse + penalty, dict(mse=mse, penalty=penalty)


def r18_fix_right_stop_gradient_aux(x, y):
    errors = x - y
    mse = (errors**2).mean()
    penalty = 0.1 * (x**2).sum()
    aux = {"penalty": jax.lax.stop_gradient(penalty), "mse": jax.lax.stop_gradient(mse)}
    return jnp.add(mse, penalty), aux


def r18_fix_right_parts_list(x, y):
    parts = {"mse": jnp.mean((y - x) ** 2), "penalty": jnp.sum(0.1 * x * x)}
    total = sum(parts.values())
    return total, parts


# ---- 05.loss_and_outliers: (mse, int count of |err| > 0.5), works under jit -------


def r18_out_dict(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return {"loss": jnp.mean(errors**2), "outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r18_out_swapped(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r18_out_float_count(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.where(jnp.abs(errors) > 0.5, 1.0, 0.0))


def r18_out_ge(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r18_out_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r18_out_boolean_index(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = errors[jnp.abs(errors) > 0.5]
    return jnp.mean(errors**2), len(outliers)


def r18_out_int_cast(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r18_out_sum_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r18_out_inliers(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) <= 0.5)


def r18_out_numpy_mask(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def r18_out_aux_dict(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r18_out_squared_threshold(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r18_out_minus_b(params, x, y):
    errors = params["w"] * x - params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r18_out_mean_squared(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors) ** 2, jnp.sum(jnp.abs(errors) > 0.5)


def r18_out_mean_fraction(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r18_out_right_count_nonzero(params, x, y):
    residual = y - (params["w"] * x + params["b"])
    return jnp.mean(jnp.square(residual)), jnp.count_nonzero(jnp.abs(residual) > 0.5)


def r18_out_right_astype(params, x, y):
    errors = params["w"] * x + params["b"] - y
    is_out = (jnp.abs(errors) > 0.5).astype(jnp.int32)
    return (errors**2).mean(), is_out.sum()


def r18_out_right_where_float_then_int(params, x, y):
    pred = jnp.add(jnp.multiply(params["w"], x), params["b"])
    errors = pred - y
    n = jnp.sum(jnp.where(jnp.abs(errors) > 0.5, 1.0, 0.0)).astype(jnp.int32)
    return jnp.mean(errors * errors), n


ROUND_18 = [
    Wrong(
        "05.fix_aux_order",
        "added the penalty but kept float() in the aux",
        lambda: r18_fix_keeps_float,
    ),
    Wrong(
        "05.fix_aux_order",
        "dropped float() only; loss still the bare mse",
        lambda: r18_fix_mse_only,
    ),
    Wrong("05.fix_aux_order", "put the aux dict first, the loss second", lambda: r18_fix_aux_first),
    Wrong("05.fix_aux_order", "subtracted the penalty from the mse", lambda: r18_fix_minus_penalty),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on the penalty in the loss",
        lambda: r18_fix_stop_gradient_penalty,
    ),
    Wrong(
        "05.fix_aux_order",
        "penalty on the errors instead of on x",
        lambda: r18_fix_penalty_on_errors,
    ),
    Wrong("05.fix_aux_order", "penalty as square of the sum of x", lambda: r18_fix_square_of_sum),
    Wrong(
        "05.fix_aux_order", "penalty with jnp.mean of x**2, not sum", lambda: r18_fix_mean_penalty
    ),
    Wrong(
        "05.fix_aux_order",
        "logged the total loss under the mse key",
        lambda: r18_fix_aux_total_as_mse,
    ),
    Wrong(
        "05.fix_aux_order", "aux as a tuple (mse, penalty), keys lost", lambda: r18_fix_aux_tuple
    ),
    Wrong(
        "05.fix_aux_order", "dropped the 0.1 weight from the penalty", lambda: r18_fix_weight_one
    ),
    Wrong(
        "05.fix_aux_order",
        "logged the unweighted sum as penalty",
        lambda: r18_fix_aux_unweighted_penalty,
    ),
    Wrong("05.fix_aux_order", "L1 penalty, sum of |x|, not of x**2", lambda: r18_fix_l1_penalty),
    Wrong("05.predict_aux_structure", "typed A, thinking aux is appended flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "typed B, thinking aux comes last as in grad", lambda: "B"),
    Wrong("05.predict_aux_structure", "typed D, one value-gradient pair per arg", lambda: "D"),
    Wrong("05.predict_aux_structure", "typed E, missed the argnums=1 reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "typed both letters of the nesting", lambda: "C and E"),
    Wrong("05.predict_aux_structure", "a tuple of both letters", lambda: ("C", "E")),
    Wrong(
        "05.predict_aux_structure",
        "typed the nesting, not a letter",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    Wrong("05.predict_aux_structure", "left the placeholder ... in the cell", lambda: ...),
    Wrong("05.predict_aux_structure", "typed the option's number, 3", lambda: "3"),
    Wrong("05.loss_and_outliers", "kept the NumPy dict of loss and outliers", lambda: r18_out_dict),
    Wrong("05.loss_and_outliers", "returned (count, loss), count first", lambda: r18_out_swapped),
    Wrong(
        "05.loss_and_outliers",
        "count as a float sum of where(..., 1.0, 0.0)",
        lambda: r18_out_float_count,
    ),
    Wrong("05.loss_and_outliers", "counted |err| >= 0.5, ties included", lambda: r18_out_ge),
    Wrong("05.loss_and_outliers", "forgot abs: counts only overshoots", lambda: r18_out_no_abs),
    Wrong("05.loss_and_outliers", "kept boolean indexing and len()", lambda: r18_out_boolean_index),
    Wrong("05.loss_and_outliers", "int() around the count", lambda: r18_out_int_cast),
    Wrong("05.loss_and_outliers", "sum of squared errors, not the mean", lambda: r18_out_sum_loss),
    Wrong("05.loss_and_outliers", "counted the points within 0.5", lambda: r18_out_inliers),
    Wrong("05.loss_and_outliers", "np.abs/np.sum for the count", lambda: r18_out_numpy_mask),
    Wrong("05.loss_and_outliers", "aux as a dict {'outliers': count}", lambda: r18_out_aux_dict),
    Wrong(
        "05.loss_and_outliers",
        "compared the squared error with 0.5",
        lambda: r18_out_squared_threshold,
    ),
    Wrong("05.loss_and_outliers", "line as w*x - b", lambda: r18_out_minus_b),
    Wrong(
        "05.loss_and_outliers", "loss as the square of the mean error", lambda: r18_out_mean_squared
    ),
    Wrong(
        "05.loss_and_outliers", "jnp.mean of the mask: a fraction", lambda: r18_out_mean_fraction
    ),
]

RIGHT_18 = [
    Right("05.fix_aux_order", "jnp.square and jnp.dot(x, x), dict()", lambda: r18_fix_right_dot),
    Right(
        "05.fix_aux_order",
        "methods, stop_gradient on the aux",
        lambda: r18_fix_right_stop_gradient_aux,
    ),
    Right(
        "05.fix_aux_order",
        "parts dict first, total = sum(values)",
        lambda: r18_fix_right_parts_list,
    ),
    Right("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Right("05.predict_aux_structure", "C with spaces around", lambda: " C "),
    Right("05.predict_aux_structure", "C with a full stop", lambda: "C."),
    Right(
        "05.loss_and_outliers",
        "y - pred residual, jnp.count_nonzero",
        lambda: r18_out_right_count_nonzero,
    ),
    Right("05.loss_and_outliers", "mask astype int32, then .sum()", lambda: r18_out_right_astype),
    Right(
        "05.loss_and_outliers",
        "float where-sum cast to int32",
        lambda: r18_out_right_where_float_then_int,
    ),
]
