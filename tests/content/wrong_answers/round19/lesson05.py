"""Round 19, lesson 05 (has_aux): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's setup, recreated.
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])

# ---- 05.fix_aux_order: loss = mse + 0.1 * sum(x**2), aux of both parts (variant 0) ----


def r19_fix_only_drop_float(x, y):
    # runs now, but the penalty is only logged, never differentiated
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r19_fix_sum_keeps_float(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r19_fix_aux_first(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r19_fix_minus_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r19_fix_no_weight(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r19_fix_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r19_fix_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    loss = mse + penalty
    return loss, {"loss": loss, "penalty": penalty}


def r19_fix_mse_key_holds_total(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    mse = mse + penalty  # "the loss" now, logged under the old key
    return mse, {"mse": mse, "penalty": penalty}


def r19_fix_weight_on_both(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return 0.1 * (mse + jnp.sum(x**2)), {"mse": mse, "penalty": penalty}


def r19_fix_penalty_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def r19_fix_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r19_fix_aux_tuple(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r19_fix_sum_not_mean(x, y):
    errors = x - y
    mse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r19_fix_unweighted_penalty_logged(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    raw = jnp.sum(x**2)
    return mse + 0.1 * raw, {"mse": mse, "penalty": raw}


def r19_fix_right_stop_gradient(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    logs = jax.lax.stop_gradient({"mse": mse, "penalty": penalty})
    return mse + penalty, logs


def r19_fix_right_vdot(x, y):
    d = y - x
    mse = jnp.vdot(d, d) / d.size
    penalty = jnp.dot(x, x) / 10
    return penalty + mse, dict(penalty=penalty, mse=mse)


def r19_fix_right_astype(x, y):
    mse = jnp.square(x - y).mean()
    penalty = 0.1 * (x * x).sum()
    total = jnp.add(mse, penalty)
    return total, {"mse": mse.astype(jnp.float32), "penalty": penalty.astype(jnp.float32)}


# ---- 05.predict_aux_structure: letter; answer C ----------------------------------------

# ---- 05.loss_and_outliers: (mse, count of |err| > 0.5 as int) (variant 0) --------------


def r19_out_dict(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return {"loss": jnp.mean(errors**2), "outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r19_out_len_mask(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r19_out_float_count(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.where(jnp.abs(errors) > 0.5, 1.0, 0.0))


def r19_out_fraction(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r19_out_ge(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r19_out_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r19_out_python_int(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r19_out_swapped(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r19_out_sum_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r19_out_aux_dict(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r19_out_numpy_kept(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return np.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def r19_out_squared_threshold(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r19_out_mask_as_aux(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r19_out_nonzero_size(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.nonzero(jnp.abs(errors) > 0.5)[0].size


def r19_out_mae_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(jnp.abs(errors)), jnp.sum(jnp.abs(errors) > 0.5)


def r19_out_right_count_nonzero(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(jnp.square(errors)), jnp.count_nonzero(jnp.abs(errors) > 0.5)


def r19_out_right_where_ints(params, x, y):
    residual = y - (params["b"] + x * params["w"])
    loss = (residual**2).mean()
    count = jnp.where(jnp.abs(residual) > 0.5, 1, 0).sum()
    return loss, count


def r19_out_right_astype(params, x, y):
    pred = params["w"] * x + params["b"]
    missed = (jnp.abs(pred - y) > 0.5).astype(jnp.int32)
    return jnp.mean((pred - y) * (pred - y)), missed.sum()


def r19_out_right_logical_or(params, x, y):
    errors = params["w"] * x + params["b"] - y
    far = jnp.logical_or(errors > 0.5, errors < -0.5)
    return jnp.mean(errors**2), jnp.sum(far, dtype=jnp.int32)


ROUND_19 = [
    # 05.fix_aux_order
    Wrong(
        "05.fix_aux_order",
        "dropped float() only: penalty not in loss",
        lambda: r19_fix_only_drop_float,
    ),
    Wrong(
        "05.fix_aux_order", "loss = mse + penalty, float() kept", lambda: r19_fix_sum_keeps_float
    ),
    Wrong("05.fix_aux_order", "aux dict first, loss second", lambda: r19_fix_aux_first),
    Wrong("05.fix_aux_order", "mse - penalty, sign flipped", lambda: r19_fix_minus_penalty),
    Wrong("05.fix_aux_order", "dropped the 0.1 weight", lambda: r19_fix_no_weight),
    Wrong("05.fix_aux_order", "penalty as 0.1 * mean(x**2)", lambda: r19_fix_mean_penalty),
    Wrong("05.fix_aux_order", "aux keys renamed to loss/penalty", lambda: r19_fix_renamed_keys),
    Wrong("05.fix_aux_order", "'mse' key logs the total loss", lambda: r19_fix_mse_key_holds_total),
    Wrong(
        "05.fix_aux_order",
        "0.1 * (mse + sum(x**2)): weight on both",
        lambda: r19_fix_weight_on_both,
    ),
    Wrong("05.fix_aux_order", "returns the penalty alone as loss", lambda: r19_fix_penalty_only),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r19_fix_penalty_on_errors),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty)", lambda: r19_fix_aux_tuple),
    Wrong(
        "05.fix_aux_order", "sum of squared errors instead of mean", lambda: r19_fix_sum_not_mean
    ),
    Wrong(
        "05.fix_aux_order",
        "logs the unweighted sum as penalty",
        lambda: r19_fix_unweighted_penalty_logged,
    ),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "typed E: same nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "typed B: value_and_grad then aux", lambda: "B"),
    Wrong("05.predict_aux_structure", "typed A: flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "typed D: one pair per position", lambda: "D"),
    Wrong("05.predict_aux_structure", "both letters 'C, E'", lambda: "C, E"),
    Wrong("05.predict_aux_structure", "typed lowercase 'e.'", lambda: "e."),
    Wrong("05.predict_aux_structure", "typed ' b ' with spaces", lambda: " b "),
    Wrong("05.predict_aux_structure", "typed 'CE' run together", lambda: "CE"),
    Wrong("05.predict_aux_structure", "a tuple of both letters", lambda: ("C", "E")),
    Wrong("05.predict_aux_structure", "left the placeholder ...", lambda: ...),
    Wrong(
        "05.predict_aux_structure",
        "typed the nesting, not a letter",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "returns the dict, not a pair", lambda: r19_out_dict),
    Wrong("05.loss_and_outliers", "len() of boolean-masked errors", lambda: r19_out_len_mask),
    Wrong("05.loss_and_outliers", "count built from 1.0/0.0: float", lambda: r19_out_float_count),
    Wrong("05.loss_and_outliers", "mean of the mask: a fraction", lambda: r19_out_fraction),
    Wrong("05.loss_and_outliers", ">= 0.5 instead of > 0.5", lambda: r19_out_ge),
    Wrong("05.loss_and_outliers", "no abs: only overshoots counted", lambda: r19_out_no_abs),
    Wrong("05.loss_and_outliers", "int() of the count", lambda: r19_out_python_int),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r19_out_swapped),
    Wrong("05.loss_and_outliers", "sum of squares, not the mean", lambda: r19_out_sum_loss),
    Wrong("05.loss_and_outliers", "aux kept as a dict {'outliers': n}", lambda: r19_out_aux_dict),
    Wrong("05.loss_and_outliers", "kept np.mean, np.sum, np.abs", lambda: r19_out_numpy_kept),
    Wrong(
        "05.loss_and_outliers", "threshold on the squared error", lambda: r19_out_squared_threshold
    ),
    Wrong("05.loss_and_outliers", "returns the mask, not its count", lambda: r19_out_mask_as_aux),
    Wrong("05.loss_and_outliers", "jnp.nonzero(...)[0].size", lambda: r19_out_nonzero_size),
    Wrong("05.loss_and_outliers", "mean absolute error as the loss", lambda: r19_out_mae_loss),
]

RIGHT_19 = [
    Right("05.fix_aux_order", "aux wrapped in stop_gradient", lambda: r19_fix_right_stop_gradient),
    Right("05.fix_aux_order", "vdot/dot, penalty / 10, dict(...)", lambda: r19_fix_right_vdot),
    Right(
        "05.fix_aux_order", "square().mean(), aux cast with astype", lambda: r19_fix_right_astype
    ),
    Right("05.predict_aux_structure", "plain C", lambda: "C"),
    Right("05.predict_aux_structure", "lowercase ' c'", lambda: " c"),
    Right("05.predict_aux_structure", "'C.' with a full stop", lambda: "C."),
    Right(
        "05.loss_and_outliers", "jnp.count_nonzero of the mask", lambda: r19_out_right_count_nonzero
    ),
    Right(
        "05.loss_and_outliers",
        "y - prediction, jnp.where(mask, 1, 0)",
        lambda: r19_out_right_where_ints,
    ),
    Right("05.loss_and_outliers", "mask.astype(int32).sum()", lambda: r19_out_right_astype),
    Right(
        "05.loss_and_outliers",
        "logical_or of both sides, sum(dtype=int32)",
        lambda: r19_out_right_logical_or,
    ),
]
