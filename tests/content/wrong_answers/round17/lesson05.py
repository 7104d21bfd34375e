"""Round 17, lesson 05 (Return extra outputs with has_aux): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 05.fix_aux_order: loss = mse + 0.1 * sum(x**2), aux {"mse", "penalty"} ------------------


def r17_aux_float_removed_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}  # runs, but the penalty never reaches grad


def r17_aux_penalty_added_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}  # float() of tracers


def r17_aux_dict_first(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def r17_aux_renamed_keys(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse, "penalty": penalty}


def r17_aux_total_logged(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    total = mse + penalty
    return total, {"mse": total, "penalty": penalty}


def r17_aux_weight_lost(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + jnp.sum(x**2), {"mse": mse, "penalty": penalty}  # 0.1 left out of the loss


def r17_aux_minus_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def r17_aux_penalty_on_errors(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(errors**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r17_aux_mean_penalty(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)  # same as sum for one point only
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r17_aux_stop_gradient(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = jax.lax.stop_gradient(0.1 * jnp.sum(x**2))  # "aux is not differentiated"
    return mse + penalty, {"mse": mse, "penalty": penalty}


def r17_aux_tuple(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, (mse, penalty)


def r17_aux_three_outputs(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def r17_aux_right_vdot(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.vdot(x, x)
    return mse + penalty, {"penalty": penalty, "mse": mse}


def r17_aux_right_sum_parts(x, y):
    parts = {"mse": ((x - y) ** 2).mean(), "penalty": 0.1 * (x**2).sum()}
    return sum(parts.values()), parts


def r17_aux_right_stopped_aux(x, y):
    mse = jnp.mean(jnp.square(x - y))
    penalty = jnp.sum(jnp.square(x)) / 10
    aux = jax.tree.map(jax.lax.stop_gradient, {"mse": mse, "penalty": penalty})
    return penalty + mse, aux


# ---- 05.loss_and_outliers: (mse, integer count of |error| > 0.5) ------------------------------


def _errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r17_out_bool_index(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def r17_out_kept_np_abs(params, x, y):
    errors = _errors(params, x, y)
    return np.mean(errors**2), jnp.sum(np.abs(errors) > 0.5)  # np.abs of a tracer


def r17_out_float_count(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum((jnp.abs(errors) > 0.5) * 1.0)


def r17_out_fraction(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r17_out_ge(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r17_out_no_abs(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)  # misses below the line not counted


def r17_out_dict(params, x, y):
    errors = _errors(params, x, y)
    return {"loss": jnp.mean(errors**2), "outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r17_out_swapped(params, x, y):
    errors = _errors(params, x, y)
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r17_out_sum_loss(params, x, y):
    errors = _errors(params, x, y)
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r17_out_int(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r17_out_squared(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r17_out_aux_dict(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), {"outliers": jnp.sum(jnp.abs(errors) > 0.5)}


def r17_out_right_count_nonzero(params, x, y):
    errors = _errors(params, x, y)
    return jnp.mean(errors**2), jnp.count_nonzero(jnp.where(jnp.abs(errors) > 0.5, errors, 0))


def r17_out_right_np_mean(params, x, y):
    errors = y - (params["w"] * x + params["b"])
    return np.mean(errors**2), (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()


def r17_out_right_where(params, x, y):
    errors = _errors(params, x, y)
    return (errors * errors).mean(), jnp.where(jnp.abs(errors) > 0.5, 1, 0).sum()


params = {"w": jnp.array(1.0), "b": jnp.array(0.0)}  # the page's global line


def r17_out_global_params(p, x, y):
    errors = params["w"] * x + params["b"] - y  # the page's params, not the argument
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


ROUND_17 = [
    Wrong(
        "05.fix_aux_order",
        "float() removed, penalty still outside the loss",
        lambda: r17_aux_float_removed_only,
    ),
    Wrong(
        "05.fix_aux_order",
        "penalty added, float() left in the aux",
        lambda: r17_aux_penalty_added_only,
    ),
    Wrong("05.fix_aux_order", "dict first, loss second", lambda: r17_aux_dict_first),
    Wrong("05.fix_aux_order", "aux key 'loss' instead of 'mse'", lambda: r17_aux_renamed_keys),
    Wrong("05.fix_aux_order", "logs the total under 'mse'", lambda: r17_aux_total_logged),
    Wrong(
        "05.fix_aux_order",
        "0.1 kept in the aux, dropped from the loss",
        lambda: r17_aux_weight_lost,
    ),
    Wrong("05.fix_aux_order", "mse minus penalty", lambda: r17_aux_minus_penalty),
    Wrong("05.fix_aux_order", "penalty on the errors, not on x", lambda: r17_aux_penalty_on_errors),
    Wrong("05.fix_aux_order", "penalty as a mean of x**2", lambda: r17_aux_mean_penalty),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on the penalty in the loss",
        lambda: r17_aux_stop_gradient,
    ),
    Wrong("05.fix_aux_order", "aux as a tuple (mse, penalty), no keys", lambda: r17_aux_tuple),
    Wrong("05.fix_aux_order", "three outputs: loss, mse, penalty", lambda: r17_aux_three_outputs),
    Wrong("05.predict_aux_structure", "A: thinks aux is appended flat", lambda: "A"),
    Wrong("05.predict_aux_structure", "B: value_and_grad's pair, then aux", lambda: "B"),
    Wrong("05.predict_aux_structure", "D: one pair per argnums position", lambda: "D"),
    Wrong("05.predict_aux_structure", "E: right nesting, wrong reason", lambda: "E"),
    Wrong("05.predict_aux_structure", "lower-case c", lambda: "c"),
    Wrong("05.predict_aux_structure", "CE: both give that nesting", lambda: "CE"),
    Wrong(
        "05.predict_aux_structure",
        "the nesting typed out",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    Wrong("05.predict_aux_structure", "C with a comment", lambda: "C  # pair is the value"),
    Wrong("05.loss_and_outliers", "len of a boolean-indexed array", lambda: r17_out_bool_index),
    Wrong(
        "05.loss_and_outliers", "np.abs kept from the NumPy version", lambda: r17_out_kept_np_abs
    ),
    Wrong("05.loss_and_outliers", "count as a float (mask * 1.0)", lambda: r17_out_float_count),
    Wrong("05.loss_and_outliers", "mean of the mask: a fraction", lambda: r17_out_fraction),
    Wrong("05.loss_and_outliers", ">= 0.5: counts errors of exactly 0.5", lambda: r17_out_ge),
    Wrong("05.loss_and_outliers", "no abs: only misses above the points", lambda: r17_out_no_abs),
    Wrong("05.loss_and_outliers", "one dict as in the NumPy version", lambda: r17_out_dict),
    Wrong("05.loss_and_outliers", "count first, loss second", lambda: r17_out_swapped),
    Wrong("05.loss_and_outliers", "sum of squares, not the mean", lambda: r17_out_sum_loss),
    Wrong("05.loss_and_outliers", "int() of the count: fails under jit", lambda: r17_out_int),
    Wrong("05.loss_and_outliers", "threshold on the squared error", lambda: r17_out_squared),
    Wrong("05.loss_and_outliers", "aux as a dict {'outliers': count}", lambda: r17_out_aux_dict),
    Wrong(
        "05.loss_and_outliers",
        "argument named p, body reads the global params",
        lambda: r17_out_global_params,
    ),
]

RIGHT_17 = [
    Right(
        "05.fix_aux_order", "vdot penalty, aux keys in the other order", lambda: r17_aux_right_vdot
    ),
    Right(
        "05.fix_aux_order",
        "loss as the sum of the aux dict's values",
        lambda: r17_aux_right_sum_parts,
    ),
    Right(
        "05.fix_aux_order",
        "square(), / 10, aux under stop_gradient",
        lambda: r17_aux_right_stopped_aux,
    ),
    Right("05.predict_aux_structure", "C", lambda: "C"),
    Right(
        "05.loss_and_outliers",
        "count_nonzero of where(mask, errors, 0)",
        lambda: r17_out_right_count_nonzero,
    ),
    Right(
        "05.loss_and_outliers",
        "np.mean kept (calls .mean), y - pred",
        lambda: r17_out_right_np_mean,
    ),
    Right("05.loss_and_outliers", "where(mask, 1, 0).sum()", lambda: r17_out_right_where),
]
