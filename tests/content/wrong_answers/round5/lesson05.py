"""Round 5, lesson 05 (has_aux): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])


# ---------------------------------------------------------------- 05.fix_aux_order


def w5_stats_swapped(x, y):
    # swapped the pair, like the broken_error_stats example
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def w5_stats_unchanged(x, y):
    # copied penalized_loss as is
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def w5_stats_penalty_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return penalty, {"mse": mse, "penalty": penalty}


def w5_stats_total_key(x, y):
    # logs the total instead of the two parts
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    total = mse + penalty
    return total, {"total": total}


def w5_stats_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "reg": penalty}


def w5_stats_sum_not_mean(x, y):
    # NumPy habit slip: sum of squared errors instead of the mean
    errors = x - y
    mse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def w5_stats_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def w5_stats_three_outputs(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def w5_stats_aux_tuple(x, y):
    # aux as a tuple, keys dropped
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def w5_stats_no_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty


def w5_stats_stop_gradient_penalty(x, y):
    # wraps the penalty in stop_gradient thinking aux parts must not be differentiated
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def w5_stats_grad_returned(x, y):
    # returns grad result from inside instead of the loss
    def total(x):
        return jnp.mean((x - y) ** 2) + 0.1 * jnp.sum(x**2)
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return jax.grad(total)(x), {"mse": mse, "penalty": penalty}


def w5_stats_penalty_factor_slip(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(0.1 * x) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r5_stats_inline(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, dict(mse=mse, penalty=penalty)


def r5_stats_dot(x, y):
    errors = x - y
    mse = jnp.dot(errors, errors) / errors.size
    penalty = 0.1 * jnp.dot(x, x)
    aux = {"penalty": penalty, "mse": mse}  # other key order
    return mse + penalty, aux


def r5_stats_reuse(x, y):
    mse, logged = penalized_loss(x, y)
    return logged["mse"] + logged["penalty"], logged


def penalized_loss(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


# ---------------------------------------------------------------- 05.loss_and_outliers


def w5_outliers_python_int(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), int(jnp.sum(jnp.abs(err) > 0.5))


def w5_outliers_bool_mask(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.abs(err) > 0.5


def w5_outliers_geq(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.sum(jnp.abs(err) >= 0.5)


def w5_outliers_no_abs(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.sum(err > 0.5)


def w5_outliers_mean_frac(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.mean(jnp.abs(err) > 0.5)


def w5_outliers_swapped(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.sum(jnp.abs(err) > 0.5), jnp.mean(err**2)


def w5_outliers_float_count(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.sum((jnp.abs(err) > 0.5).astype(jnp.float32))


def w5_outliers_string(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    n = jnp.sum(jnp.abs(err) > 0.5)
    return jnp.mean(err**2), f"{n} outliers"


def w5_outliers_sum_sq(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.sum(err**2), jnp.sum(jnp.abs(err) > 0.5)


def w5_outliers_len_nonzero(params, x, y):
    # NumPy habit: len(np.nonzero(...)[0]) or x[mask].size; boolean indexing fails under jit
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.array(err[jnp.abs(err) > 0.5].size)


def w5_outliers_count_nonzero_squared(params, x, y):
    # thresholds the squared error instead of the absolute one
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), jnp.count_nonzero(err**2 > 0.5)


def w5_outliers_no_bias(params, x, y):
    pred = params["w"] * x
    err = pred - y
    return jnp.mean(err**2), jnp.sum(jnp.abs(err) > 0.5)


def w5_outliers_dict_with_python(params, x, y):
    pred = params["w"] * x + params["b"]
    err = pred - y
    return jnp.mean(err**2), {"outliers": np.sum(np.abs(np.asarray(err)) > 0.5)}


def r5_outliers_count_nonzero(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(jnp.square(errors)), jnp.count_nonzero(jnp.abs(errors) > 0.5)


def r5_outliers_where(params, x, y):
    predictions = params["w"] * x + params["b"]
    miss = jnp.abs(predictions - y)
    n_out = jnp.sum(jnp.where(miss > 0.5, 1, 0))
    return jnp.mean((predictions - y) ** 2), n_out


def r5_outliers_astype(params, x, y):
    predictions = params["w"] * x + params["b"]
    errors = predictions - y
    loss = ((errors) ** 2).mean()
    outliers = (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()
    return loss, outliers


ROUND_5 = [
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "swapped the pair: returns (stats dict, mse + penalty), like broken_error_stats", lambda: w5_stats_swapped),
    Wrong("05.fix_aux_order", "left penalized_loss unchanged: returns mse first", lambda: w5_stats_unchanged),
    Wrong("05.fix_aux_order", "returns the penalty alone as the loss", lambda: w5_stats_penalty_only),
    Wrong("05.fix_aux_order", "right total, but the aux logs {'total': ...} instead of mse and penalty", lambda: w5_stats_total_key),
    Wrong("05.fix_aux_order", "right total, aux keys renamed to 'loss' and 'reg'", lambda: w5_stats_renamed_keys),
    Wrong("05.fix_aux_order", "sum of squared errors instead of mean for mse", lambda: w5_stats_sum_not_mean),
    Wrong("05.fix_aux_order", "penalty computed on the errors instead of on x", lambda: w5_stats_penalty_on_errors),
    Wrong("05.fix_aux_order", "returns three outputs (total, mse, penalty)", lambda: w5_stats_three_outputs),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty) without the keys", lambda: w5_stats_aux_tuple),
    Wrong("05.fix_aux_order", "returns only the total, no aux", lambda: w5_stats_no_aux),
    Wrong("05.fix_aux_order", "stop_gradient on the penalty, thinking logged parts must not be differentiated", lambda: w5_stats_stop_gradient_penalty),
    Wrong("05.fix_aux_order", "returns the gradient computed inside instead of the loss", lambda: w5_stats_grad_returned),
    Wrong("05.fix_aux_order", "penalty slip: (0.1 * sum(x)) ** 2 instead of 0.1 * sum(x**2)", lambda: w5_stats_penalty_factor_slip),
    Wrong("05.fix_aux_order", "forgot the def: error_stats is the result of one call", lambda: r5_stats_inline(x, y)),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "B: right nesting, wrong reason (pairs of pairs whatever argnums)", lambda: "B"),
    Wrong("05.predict_aux_structure", "A: thinks everything comes flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "D: thinks aux sits outside the value_and_grad pair", lambda: "D"),
    Wrong("05.predict_aux_structure", "'B or C': hedges between the two with the same nesting", lambda: "B or C"),
    Wrong("05.predict_aux_structure", "writes the nesting itself instead of a letter", lambda: "((value, aux), (grad_x, grad_y))"),
    Wrong("05.predict_aux_structure", "lowercase b", lambda: "b"),
    Wrong("05.predict_aux_structure", "the letter without quotes: a list ['C', 'B'] of candidates", lambda: ["B", "C"]),
    Wrong("05.predict_aux_structure", "answers the result tuple itself (ran it)", lambda: jax.value_and_grad(lambda x, y: (jnp.sum((x - y) ** 2), x - y), argnums=(0, 1), has_aux=True)(x, y)),
    Wrong("05.predict_aux_structure", "left the placeholder", lambda: ...),
    Wrong("05.predict_aux_structure", "'BC'", lambda: "BC"),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "int(...) of the count: works plain, fails under jit", lambda: w5_outliers_python_int),
    Wrong("05.loss_and_outliers", "returns the boolean mask instead of the count", lambda: w5_outliers_bool_mask),
    Wrong("05.loss_and_outliers", ">= 0.5 instead of > 0.5", lambda: w5_outliers_geq),
    Wrong("05.loss_and_outliers", "forgot the absolute value: counts only overshoots", lambda: w5_outliers_no_abs),
    Wrong("05.loss_and_outliers", "mean of the mask: the fraction, not the count", lambda: w5_outliers_mean_frac),
    Wrong("05.loss_and_outliers", "order swapped: count first, loss second", lambda: w5_outliers_swapped),
    Wrong("05.loss_and_outliers", "count cast to float32, not an integer", lambda: w5_outliers_float_count),
    Wrong("05.loss_and_outliers", "aux is an f-string message", lambda: w5_outliers_string),
    Wrong("05.loss_and_outliers", "sum of squared errors instead of the mean", lambda: w5_outliers_sum_sq),
    Wrong("05.loss_and_outliers", "boolean indexing err[mask].size: fails under jit", lambda: w5_outliers_len_nonzero),
    Wrong("05.loss_and_outliers", "thresholds the squared error err**2 > 0.5", lambda: w5_outliers_count_nonzero_squared),
    Wrong("05.loss_and_outliers", "forgot the bias b in the prediction", lambda: w5_outliers_no_bias),
    Wrong("05.loss_and_outliers", "counts with NumPy on np.asarray(err) in a dict: fails under jit/grad", lambda: w5_outliers_dict_with_python),
]

RIGHT_5 = [
    Right("05.fix_aux_order", "inline mse and penalty, aux built with dict(...)", lambda: r5_stats_inline),
    Right("05.fix_aux_order", "jnp.dot for both parts, aux keys in another order", lambda: r5_stats_dot),
    Right("05.fix_aux_order", "reuses penalized_loss and sums the logged parts", lambda: r5_stats_reuse),
    Right("05.predict_aux_structure", "'C'", lambda: "C"),
    Right("05.predict_aux_structure", "lowercase 'c'", lambda: "c"),
    Right("05.predict_aux_structure", "'C ' with a trailing space", lambda: "C "),
    Right("05.loss_and_outliers", "jnp.count_nonzero on the mask, jnp.square", lambda: r5_outliers_count_nonzero),
    Right("05.loss_and_outliers", "jnp.where(miss > 0.5, 1, 0) summed", lambda: r5_outliers_where),
    Right("05.loss_and_outliers", "mask .astype(int32).sum(), .mean() method for the loss", lambda: r5_outliers_astype),
]
