"""Round 6, lesson 05 (has_aux): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 05.fix_aux_order


def r6_stats_unchanged(x, y):
    # copied penalized_loss as it was
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r6_stats_swapped(x, y):
    # "the order is wrong", so swaps the two outputs: the dict comes first
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r6_stats_total_logged_as_mse(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    mse = mse + penalty  # reuses the name: the aux now logs the total under "mse"
    return mse, {"mse": mse, "penalty": penalty}


def r6_stats_three_outputs(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def r6_stats_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)  # penalises the errors, not x
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r6_stats_no_factor(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)  # dropped the 0.1
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r6_stats_tuple_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r6_stats_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss_mse": mse, "loss_penalty": penalty}


def r6_stats_sum_not_mean(x, y):
    errors = x - y
    mse = jnp.sum(errors**2)  # NumPy habit: sum of squares called "mse"
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r6_stats_no_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty


def r6_stats_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r6_stats_minus(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r6_stats_reuse(x, y):
    mse, logged = penalized_loss(x, y)
    return logged["mse"] + logged["penalty"], logged


def penalized_loss(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)  # meant to keep x small
    return mse, {"mse": mse, "penalty": penalty}


def r6_stats_dict_builtin(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.dot(x, x)
    logs = dict(mse=mse, penalty=penalty)
    return sum(logs.values()), logs


def r6_stats_total_named(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    total = penalty + mse
    aux = {"penalty": penalty, "mse": mse}
    return total, aux


# ---------------------------------------------------------------- 05.loss_and_outliers


def r6_out_int(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r6_out_float(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5).astype(jnp.float32)


def r6_out_fraction(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r6_out_ge(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r6_out_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r6_out_reversed(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r6_out_sum_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r6_out_squared_threshold(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r6_out_string(params, x, y):
    errors = params["w"] * x + params["b"] - y
    count = jnp.sum(jnp.abs(errors) > 0.5)
    return jnp.mean(errors**2), f"{count} outliers"


def r6_out_boolean_index(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r6_out_numpy(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def r6_out_mae(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(jnp.abs(errors)), jnp.sum(jnp.abs(errors) > 0.5)


def r6_out_no_bias(params, x, y):
    errors = params["w"] * x - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r6_out_mask(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r6_out_count_nonzero(params, x, y):
    residual = y - (params["w"] * x + params["b"])
    return jnp.mean(residual**2), jnp.count_nonzero(jnp.abs(residual) > 0.5)


def r6_out_where(params, x, y):
    predictions = params["w"] * x + params["b"]
    misses = jnp.where(jnp.abs(predictions - y) > 0.5, 1, 0)
    return jnp.mean(jnp.square(predictions - y)), misses.sum()


def r6_out_astype(params, x, y):
    predictions = jnp.dot(params["w"], x) + params["b"]
    errors = predictions - y
    n_outliers = (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()
    return ((errors**2).mean(), n_outliers)


ROUND_6 = [
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "copied penalized_loss unchanged: still returns mse first", lambda: r6_stats_unchanged),
    Wrong("05.fix_aux_order", "swapped the outputs, the dict of logs first and the total second", lambda: r6_stats_swapped),
    Wrong("05.fix_aux_order", "reassigns mse = mse + penalty, so the aux logs the total under 'mse'", lambda: r6_stats_total_logged_as_mse),
    Wrong("05.fix_aux_order", "returns three outputs (total, mse, penalty) instead of a pair", lambda: r6_stats_three_outputs),
    Wrong("05.fix_aux_order", "penalty computed on the errors instead of on x", lambda: r6_stats_penalty_on_errors),
    Wrong("05.fix_aux_order", "dropped the 0.1 factor of the penalty", lambda: r6_stats_no_factor),
    Wrong("05.fix_aux_order", "aux is a tuple (mse, penalty), not the dict with its keys", lambda: r6_stats_tuple_aux),
    Wrong("05.fix_aux_order", "right total, but renamed the aux keys to 'loss_mse' and 'loss_penalty'", lambda: r6_stats_renamed_keys),
    Wrong("05.fix_aux_order", "NumPy habit: mse as jnp.sum of squares, not the mean", lambda: r6_stats_sum_not_mean),
    Wrong("05.fix_aux_order", "returns only the total, no aux, though has_aux=True is used", lambda: r6_stats_no_aux),
    Wrong("05.fix_aux_order", "penalty with jnp.mean(x**2) instead of jnp.sum", lambda: r6_stats_mean_penalty),
    Wrong("05.fix_aux_order", "sign slip: mse - penalty", lambda: r6_stats_minus),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "A: thinks everything comes back flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: right nesting, wrong reason (pairs of pairs whatever argnums is)", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: thinks the aux is added outside value_and_grad's pair", lambda: "D"),
    Wrong("05.predict_aux_structure", "lowercase b", lambda: "b"),
    Wrong("05.predict_aux_structure", "hedges 'B or C' since both have that nesting", lambda: "B or C"),
    Wrong("05.predict_aux_structure", "writes the nesting itself instead of a letter", lambda: "((value, aux), (grad_x, grad_y))"),
    Wrong("05.predict_aux_structure", "'BC': picks both options with the nesting", lambda: "BC"),
    Wrong("05.predict_aux_structure", "left the placeholder ... (Ellipsis)", lambda: ...),
    Wrong("05.predict_aux_structure", "lowercase a", lambda: "a"),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "int(...) of the count: fails on a tracer under value_and_grad and jit", lambda: r6_out_int),
    Wrong("05.loss_and_outliers", "count cast to float32, not an integer array", lambda: r6_out_float),
    Wrong("05.loss_and_outliers", "jnp.mean of the mask: the fraction of outliers, not the count", lambda: r6_out_fraction),
    Wrong("05.loss_and_outliers", "off by the boundary: >= 0.5 instead of > 0.5", lambda: r6_out_ge),
    Wrong("05.loss_and_outliers", "forgot the abs: counts only predictions too high by more than 0.5", lambda: r6_out_no_abs),
    Wrong("05.loss_and_outliers", "returns (count, loss): aux first", lambda: r6_out_reversed),
    Wrong("05.loss_and_outliers", "loss as the sum of squared errors, not the mean", lambda: r6_out_sum_loss),
    Wrong("05.loss_and_outliers", "compares the squared error with 0.5 instead of the absolute error", lambda: r6_out_squared_threshold),
    Wrong("05.loss_and_outliers", "aux as an f-string 'N outliers': fine plain, fails under jit", lambda: r6_out_string),
    Wrong("05.loss_and_outliers", "NumPy habit: len(errors[mask]) with boolean indexing", lambda: r6_out_boolean_index),
    Wrong("05.loss_and_outliers", "np.sum(np.abs(errors) > 0.5) with NumPy on traced values", lambda: r6_out_numpy),
    Wrong("05.loss_and_outliers", "loss as the mean absolute error", lambda: r6_out_mae),
    Wrong("05.loss_and_outliers", "forgot the bias: prediction params['w'] * x", lambda: r6_out_no_bias),
    Wrong("05.loss_and_outliers", "returns the boolean mask as aux, not its count", lambda: r6_out_mask),
]

RIGHT_6 = [
    Right("05.fix_aux_order", "reuses penalized_loss's logs: logged['mse'] + logged['penalty'], logged", lambda: r6_stats_reuse),
    Right("05.fix_aux_order", "jnp.square, jnp.dot(x, x), dict(...) and sum(logs.values())", lambda: r6_stats_dict_builtin),
    Right("05.fix_aux_order", "total = penalty + mse, aux keys in the other order", lambda: r6_stats_total_named),
    Right("05.predict_aux_structure", "'C'", lambda: "C"),
    Right("05.predict_aux_structure", "lowercase 'c'", lambda: "c"),
    Right("05.predict_aux_structure", "' C ' with spaces", lambda: " C "),
    Right("05.loss_and_outliers", "residual y - prediction, jnp.count_nonzero of the mask", lambda: r6_out_count_nonzero),
    Right("05.loss_and_outliers", "jnp.where(mask, 1, 0).sum() and jnp.square", lambda: r6_out_where),
    Right("05.loss_and_outliers", "mask .astype(jnp.int32).sum(), loss as (errors**2).mean()", lambda: r6_out_astype),
]
