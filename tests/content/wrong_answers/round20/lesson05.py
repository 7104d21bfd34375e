"""Round 20, lesson 05 (has_aux): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order: a loss that differentiates its penalty, aux as arrays ---------


def r20_fix_only_float_dropped(x, y):
    # made it run; the loss is still the mse alone
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def r20_fix_aux_first(x, y):
    # "fix the aux order": swapped the pair
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r20_fix_kept_float(x, y):
    # added the penalty to the loss, kept float() for the log
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def r20_fix_minus_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r20_fix_unweighted_in_loss(x, y):
    # the loss adds the raw sum; only the log has the 0.1
    errors = x - y
    mse = jnp.mean(errors**2)
    return mse + jnp.sum(x**2), {"mse": mse, "penalty": 0.1 * jnp.sum(x**2)}


def r20_fix_renamed_keys(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "l2": penalty}


def r20_fix_total_under_mse(x, y):
    # logs the total loss under "mse"
    errors = x - y
    penalty = 0.1 * jnp.sum(x**2)
    loss = jnp.mean(errors**2) + penalty
    return loss, {"mse": loss, "penalty": penalty}


def r20_fix_mean_penalty(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.mean(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r20_fix_stop_gradient_penalty(x, y):
    # thought the logged part must not be differentiated
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jax.lax.stop_gradient(penalty), {"mse": mse, "penalty": penalty}


def r20_fix_tuple_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r20_fix_unweighted_log(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": jnp.sum(x**2)}


def r20_fix_sum_not_mean(x, y):
    errors = x - y
    sse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return sse + penalty, {"mse": sse, "penalty": penalty}


def r20_fix_no_aux(x, y):
    # dropped the log to make grad happy
    errors = x - y
    return jnp.mean(errors**2) + 0.1 * jnp.sum(x**2)


def r20_fix_right_dict_ctor(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = 0.1 * jnp.dot(x, x)
    return mse + penalty, dict(mse=mse, penalty=penalty)


def r20_fix_right_methods(x, y):
    mse = ((x - y) ** 2).mean()
    penalty = (x**2).sum() * 0.1
    aux = {"penalty": penalty, "mse": mse}
    return jnp.add(mse, penalty), aux


def r20_fix_right_vdot(x, y):
    errors = jnp.subtract(x, y)
    mse = jnp.vdot(errors, errors) / errors.size
    penalty = jnp.multiply(0.1, jnp.vdot(x, x))
    total = mse + penalty
    return (total, {"mse": mse, "penalty": penalty})


# ---- 05.loss_and_outliers: (mse, integer count of |error| > 0.5) ---------------------


def r20_out_float_count(params, x, y):
    errors = params["w"] * x + params["b"] - y
    count = jnp.sum(jnp.where(jnp.abs(errors) > 0.5, 1.0, 0.0))
    return jnp.mean(errors**2), count


def r20_out_len_of_mask(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r20_out_kept_numpy(params, x, y):
    # returned a pair, kept np.abs and np.mean
    errors = params["w"] * x + params["b"] - y
    outliers = np.sum(np.abs(errors) > 0.5)
    return np.mean(errors**2), outliers


def r20_out_dict(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return {"loss": jnp.mean(errors**2), "outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r20_out_ge(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r20_out_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r20_out_squared_threshold(params, x, y):
    errors = params["w"] * x + params["b"] - y
    squared = errors**2
    return jnp.mean(squared), jnp.sum(squared > 0.5)


def r20_out_swapped(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r20_out_sum_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r20_out_python_int(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r20_out_mask(params, x, y):
    # returned the mask itself as the aux
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r20_out_fraction(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r20_out_forgot_b(params, x, y):
    errors = params["w"] * x + params["b"] - y
    misses = jnp.abs(params["w"] * x - y)
    return jnp.mean(errors**2), jnp.sum(misses > 0.5)


def r20_out_right_count_nonzero(params, x, y):
    predictions = params["w"] * x + params["b"]
    loss = jnp.mean(jnp.square(predictions - y))
    return loss, jnp.count_nonzero(jnp.abs(predictions - y) > 0.5)


def r20_out_right_where_ints(params, x, y):
    errors = y - (params["b"] + params["w"] * x)
    return (errors**2).mean(), jnp.where(jnp.abs(errors) > 0.5, 1, 0).sum()


def r20_out_right_astype(params, x, y):
    errors = params["w"] * x + params["b"] - y
    count = (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()
    return jnp.mean(errors * errors), count


ROUND_20 = [
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "dropped float(), loss still the mse alone", lambda: r20_fix_only_float_dropped),
    Wrong("05.fix_aux_order", "swapped the pair: aux first, loss second", lambda: r20_fix_aux_first),
    Wrong("05.fix_aux_order", "penalty added, float() kept in the aux", lambda: r20_fix_kept_float),
    Wrong("05.fix_aux_order", "mse - penalty: sign slip", lambda: r20_fix_minus_penalty),
    Wrong("05.fix_aux_order", "loss adds sum(x**2) without the 0.1", lambda: r20_fix_unweighted_in_loss),
    Wrong("05.fix_aux_order", "renamed the aux keys", lambda: r20_fix_renamed_keys),
    Wrong("05.fix_aux_order", "logged the total under 'mse'", lambda: r20_fix_total_under_mse),
    Wrong("05.fix_aux_order", "penalty with jnp.mean instead of jnp.sum", lambda: r20_fix_mean_penalty),
    Wrong("05.fix_aux_order", "stop_gradient on the penalty", lambda: r20_fix_stop_gradient_penalty),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty)", lambda: r20_fix_tuple_aux),
    Wrong("05.fix_aux_order", "logged the penalty without its weight", lambda: r20_fix_unweighted_log),
    Wrong("05.fix_aux_order", "sum of squared errors, not the mean", lambda: r20_fix_sum_not_mean),
    Wrong("05.fix_aux_order", "returned the loss alone, no aux", lambda: r20_fix_no_aux),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "typed E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "typed B: value_and_grad's pair, then aux", lambda: "B"),
    Wrong("05.predict_aux_structure", "typed A: a flat triple", lambda: "A"),
    Wrong("05.predict_aux_structure", "typed D: one pair per argnum", lambda: "D"),
    Wrong("05.predict_aux_structure", "typed lowercase e", lambda: "e"),
    Wrong("05.predict_aux_structure", "typed ' b' with a space", lambda: " b"),
    Wrong("05.predict_aux_structure", "typed 'E.'", lambda: "E."),
    Wrong("05.predict_aux_structure", "typed lowercase d", lambda: "d"),
    Wrong("05.predict_aux_structure", "hedged: 'C/E'", lambda: "C/E"),
    Wrong("05.predict_aux_structure", "typed the nesting, not a letter", lambda: "((value, aux), (grad_x, grad_y))"),
    Wrong("05.predict_aux_structure", "typed 'a.'", lambda: "a."),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "count summed from 1.0 and 0.0: a float", lambda: r20_out_float_count),
    Wrong("05.loss_and_outliers", "len() of a boolean-masked array", lambda: r20_out_len_of_mask),
    Wrong("05.loss_and_outliers", "a pair, but np.abs and np.mean kept", lambda: r20_out_kept_numpy),
    Wrong("05.loss_and_outliers", "kept the dict of loss and outliers", lambda: r20_out_dict),
    Wrong("05.loss_and_outliers", ">= 0.5 instead of > 0.5", lambda: r20_out_ge),
    Wrong("05.loss_and_outliers", "errors > 0.5 without abs", lambda: r20_out_no_abs),
    Wrong("05.loss_and_outliers", "threshold on the squared errors", lambda: r20_out_squared_threshold),
    Wrong("05.loss_and_outliers", "returned (count, loss)", lambda: r20_out_swapped),
    Wrong("05.loss_and_outliers", "loss as a sum, not a mean", lambda: r20_out_sum_loss),
    Wrong("05.loss_and_outliers", "count made a Python int()", lambda: r20_out_python_int),
    Wrong("05.loss_and_outliers", "returned the boolean mask, not a count", lambda: r20_out_mask),
    Wrong("05.loss_and_outliers", "jnp.mean of the mask: a fraction", lambda: r20_out_fraction),
    Wrong("05.loss_and_outliers", "counted misses of w*x alone, no b", lambda: r20_out_forgot_b),
]

RIGHT_20 = [
    Right("05.fix_aux_order", "jnp.square, jnp.dot, dict(mse=..., penalty=...)", lambda: r20_fix_right_dict_ctor),
    Right("05.fix_aux_order", "array methods, keys in the other order", lambda: r20_fix_right_methods),
    Right("05.fix_aux_order", "jnp.vdot for both parts", lambda: r20_fix_right_vdot),
    Right("05.predict_aux_structure", "typed ' c'", lambda: " c"),
    Right("05.predict_aux_structure", "typed 'C.'", lambda: "C."),
    Right("05.predict_aux_structure", "typed lowercase c", lambda: "c"),
    Right("05.loss_and_outliers", "jnp.count_nonzero of the mask", lambda: r20_out_right_count_nonzero),
    Right("05.loss_and_outliers", "jnp.where(mask, 1, 0).sum(), y - prediction", lambda: r20_out_right_where_ints),
    Right("05.loss_and_outliers", "mask.astype(jnp.int32).sum()", lambda: r20_out_right_astype),
]
