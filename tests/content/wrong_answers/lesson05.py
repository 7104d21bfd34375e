"""Lesson 05: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# The notebook's globals, as a learner's function would read them by mistake.
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])
params = {"w": jnp.array(1.0), "b": jnp.array(0.0)}
xs, ys = jnp.array([0.0, 1.0, 2.0]), jnp.array([0.5, 1.5, 2.5])


def squared_error_with_aux(x, y):
    return jnp.sum((x - y) ** 2), x - y


# --- 05.fix_aux_order -------------------------------------------------------------------


def stats_as_tuple(x, y):
    errors = x - y
    stats = (jnp.max(jnp.abs(errors)), errors)
    return jnp.mean(errors**2), stats


def mean_then_square(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors) ** 2, stats


def flipped_errors(x, y):
    errors = y - x
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def loss_with_item(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2).item(), stats


def np_square(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return np.mean(np.square(errors)), stats


def just_the_loss(x, y):
    return jnp.mean((x - y) ** 2)


def three_outputs(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats, errors


def reads_globals(a, b):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def renamed_key(x, y):
    errors = x - y
    stats = {"max": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def keepdims_loss(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2, keepdims=True), stats


def sum_over_len(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.sum(errors**2), stats


def stats_then_loss_dict(x, y):
    errors = x - y
    return {"loss": jnp.mean(errors**2), "max_error": jnp.max(jnp.abs(errors)), "errors": errors}


# --- 05.loss_and_outliers --------------------------------------------------------------


def count_by_len(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(errors[jnp.abs(errors) > 0.5])


def count_nonzero_one_sided(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.count_nonzero(errors > 0.5)


def count_item(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), (jnp.abs(errors) > 0.5).sum().item()


def count_generator(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), sum(1 for e in errors if abs(e) > 0.5)


def count_as_array_of_len(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.array(len(errors[jnp.abs(errors) > 0.5]))


def count_numpy_where(params, x, y):
    errors = np.asarray(params["w"] * x + params["b"] - y)
    return jnp.mean(errors**2), np.where(np.abs(errors) > 0.5)[0].size


def count_mean_times_len(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5) * len(x)


def count_as_float32(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5).astype(jnp.float32)


def metrics_dict_copied(params, x, y):
    predictions = params["w"] * x + params["b"]
    errors = predictions - y
    metrics = {
        "predictions": predictions,
        "max_error": jnp.max(jnp.abs(errors)),
        "outliers": jnp.sum(jnp.abs(errors) > 0.5),
    }
    return jnp.mean(errors**2), metrics


def count_without_bias(params, x, y):
    errors = params["w"] * x - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def count_then_loss(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = jnp.sum(jnp.abs(errors) > 0.5)
    return outliers, jnp.mean(errors**2)


def count_on_notebook_data(params, x, y):
    errors = params["w"] * xs + params["b"] - ys
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def mask_returned(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = jnp.abs(errors) > 0.5
    return jnp.mean(errors**2), outliers


def count_squared_threshold(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def count_int_of_sum(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.asarray(int(jnp.sum(jnp.abs(errors) > 0.5)))


WRONG_ANSWERS = (
    # 05.fix_aux_order
    # 05.predict_aux_structure
    # 05.predict_aux_structure asks grad's nesting since session 47 (B: an aux per gradient,
    # D: value_and_grad's shape), so the letters are labelled with the mistakes they now name
    Wrong("05.predict_aux_structure", "lowercase b with a space", lambda: " b", "aux-after-result"),
    Wrong("05.predict_aux_structure", "'Option D'", lambda: "Option D", named="pair-per-position"),
    Wrong(
        "05.predict_aux_structure",
        "the structure written out",
        lambda: "((value, aux), grad_x, grad_y)",
        says="one of",
    ),
    Wrong(
        "05.predict_aux_structure",
        "ran it and kept jax.tree.structure",
        lambda: jax.tree.structure(
            jax.value_and_grad(squared_error_with_aux, argnums=(0, 1), has_aux=True)(x, y)
        ),
        "computed",
    ),
    Wrong(
        "05.predict_aux_structure",
        "the transformed function, not called",
        lambda: jax.value_and_grad(squared_error_with_aux, argnums=(0, 1), has_aux=True),
        "computed",
    ),
    Wrong("05.predict_aux_structure", "lowercase a", lambda: "a", "all-flat"),
    # 05.loss_and_outliers
    Wrong(
        "05.loss_and_outliers", "len of the masked errors", lambda: count_by_len, "python-int-count"
    ),
    Wrong(
        "05.loss_and_outliers",
        "jnp.count_nonzero(errors > 0.5), no abs",
        lambda: count_nonzero_one_sided,
        "one-sided",
    ),
    Wrong("05.loss_and_outliers", ".sum().item()", lambda: count_item, "python-int-count"),
    Wrong(
        "05.loss_and_outliers",
        "sum(1 for e in errors if ...)",
        lambda: count_generator,
        "python-int-count",
    ),
    Wrong(
        "05.loss_and_outliers",
        "jnp.array(len(errors[mask]))",
        lambda: count_as_array_of_len,
        "fails-under-jit",
    ),
    Wrong(
        "05.loss_and_outliers",
        "np.where(...)[0].size",
        lambda: count_numpy_where,
        "python-int-count",
    ),
    Wrong(
        "05.loss_and_outliers",
        "mean of the mask times len(x)",
        lambda: count_mean_times_len,
        "float-count",
    ),
    Wrong("05.loss_and_outliers", ".astype(jnp.float32)", lambda: count_as_float32, "float-count"),
    Wrong(
        "05.loss_and_outliers",
        "line_loss's metrics dict, with the count added",
        lambda: metrics_dict_copied,
        "dict-aux",
    ),
    Wrong("05.loss_and_outliers", "the intercept left out", lambda: count_without_bias, "no-bias"),
    Wrong(
        "05.loss_and_outliers", "count first, then the loss", lambda: count_then_loss, "aux-first"
    ),
    Wrong(
        "05.loss_and_outliers",
        "the notebook's xs and ys",
        lambda: count_on_notebook_data,
        "notebook-globals",
    ),
    Wrong("05.loss_and_outliers", "the mask, not summed", lambda: mask_returned, "mask-aux"),
    Wrong(
        "05.loss_and_outliers",
        "jnp.asarray(int(...)) of the count",
        lambda: count_int_of_sum,
        "fails-under-jit",
    ),
    Wrong(
        "05.loss_and_outliers",
        "squared errors over 0.5",
        lambda: count_squared_threshold,
        "squared-threshold",
    ),
    # held-out answers (phase 1 of the held-out test)
    Wrong("05.predict_aux_structure", "lower-case 'd'", lambda: "d", "pair-per-position"),
    Wrong("05.predict_aux_structure", "'B or C'", lambda: "B or C", says="names 2 options"),
    Wrong(
        "05.predict_aux_structure",
        "'A.' with a full stop",
        lambda: "A.",
        named="all-flat",
    ),
    Wrong(
        "05.predict_aux_structure",
        "'option b'",
        lambda: "option b",
        named="aux-after-result",  # B's mistake since session 49
    ),
)


# --- held-out answers -------------------------------------------------------------------


def stats_mean_abs_error(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(jnp.abs(errors)), stats


def stats_rmse(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.sqrt(jnp.mean(errors**2)), stats


def stats_max_without_abs(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(errors), "errors": errors}
    return jnp.mean(errors**2), stats


def stats_errors_only(x, y):
    errors = x - y
    return jnp.mean(errors**2), errors


def stats_abs_errors(x, y):
    errors = jnp.abs(x - y)
    stats = {"max_error": jnp.max(errors), "errors": errors}
    return jnp.mean(errors**2), stats


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_stats_max_without_abs(x, y):
    errors = x - y
    return jnp.mean(errors**2), {"max_error": jnp.max(errors), "errors": errors}


def r2_stats_aux_in_tuple(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), (stats,)


def r2_stats_float_max(x, y):
    errors = x - y
    stats = {"max_error": float(jnp.max(jnp.abs(errors))), "errors": errors}
    return jnp.mean(errors**2), stats


def r2_stats_y_minus_x(x, y):
    errors = y - x
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def r2_stats_errors_only(x, y):
    errors = x - y
    return jnp.mean(errors**2), errors


def r2_outliers_len_where(params, x, y):
    misses = jnp.abs(params["w"] * x + params["b"] - y)
    return jnp.mean((params["w"] * x + params["b"] - y) ** 2), len(jnp.where(misses > 0.5)[0])


def r2_outliers_trailing_comma(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return ((jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)),)


def r2_outliers_variance(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.var(errors), jnp.sum(jnp.abs(errors) > 0.5)


def r2_outliers_share(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5) / len(x)


def r2_outliers_bias_times_x(params, x, y):
    errors = params["w"] * x + params["b"] * x - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


ROUND_2 = (
    # (the labels follow the redesigned question: session 47's options)
    Wrong("05.predict_aux_structure", '"B"', lambda: "B", named="aux-after-result"),
    Wrong("05.predict_aux_structure", '"D"', lambda: "D", named="pair-per-position"),
    Wrong("05.predict_aux_structure", '"A": flat', lambda: "A", named="all-flat"),
    Wrong(
        "05.predict_aux_structure",
        '"c d"',
        lambda: "c d",
        says="'c d' names 2 options; the question asks for one",
    ),
    Wrong(
        "05.predict_aux_structure",
        "3, the third option",
        lambda: 3,
        says="The options are letters, not numbers. Answer",
    ),
    Wrong(
        "05.loss_and_outliers",
        "len(jnp.where(...)[0])",
        lambda: r2_outliers_len_where,
        named="python-int-count",
    ),
    Wrong(
        "05.loss_and_outliers",
        "a trailing comma: ((loss, n),)",
        lambda: r2_outliers_trailing_comma,
        says="It has the structure ((*, *),), but (*, *)",
    ),
    Wrong(
        "05.loss_and_outliers",
        "jnp.var as the loss",
        lambda: r2_outliers_variance,
        named="variance",
    ),
    Wrong(
        "05.loss_and_outliers", "the count over len(x)", lambda: r2_outliers_share, named="fraction"
    ),
    Wrong("05.loss_and_outliers", "b * x in the line", lambda: r2_outliers_bias_times_x),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_stats_sum(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.sum(errors**2), stats


def r3_stats_three_outputs(x, y):
    errors = x - y
    return jnp.mean(errors**2), jnp.max(jnp.abs(errors)), errors


def r3_stats_max_without_abs(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(errors), "errors": errors}
    return jnp.mean(errors**2), stats


def r3_outliers_fraction(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r3_outliers_no_abs(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r3_outliers_len_where(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), len(jnp.where(jnp.abs(errors) > 0.5)[0])


ROUND_3 = (
    Wrong("05.predict_aux_structure", '"B": grads not grouped', lambda: "B"),
    Wrong("05.predict_aux_structure", '"D": aux last', lambda: "D"),
    Wrong(
        "05.predict_aux_structure",
        "the option's text instead of C",
        lambda: "((value, aux), (grad_x, grad_y))",
    ),
    Wrong("05.loss_and_outliers", "mean of the mask: a fraction", lambda: r3_outliers_fraction),
    Wrong("05.loss_and_outliers", "errors > 0.5 without abs", lambda: r3_outliers_no_abs),
    Wrong("05.loss_and_outliers", "len(jnp.where(...)[0])", lambda: r3_outliers_len_where),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- Issue 35's round: answers that the regular inputs let through -------------------------


def r4_outliers_at_least(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r4_outliers_at_least_where(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.where(jnp.abs(errors) >= 0.5, 1, 0))


def r4_outliers_strict_inliers(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) < 0.5)


ROUND_4 = (
    Wrong(
        "05.loss_and_outliers",
        "abs(errors) >= 0.5",
        lambda: r4_outliers_at_least,
        "at-least-threshold",
    ),
    Wrong(
        "05.loss_and_outliers",
        "where(abs >= 0.5, 1, 0) summed",
        lambda: r4_outliers_at_least_where,
        "at-least-threshold",
    ),
    Wrong(
        "05.loss_and_outliers",
        "abs(errors) < 0.5: the inliers",
        lambda: r4_outliers_strict_inliers,
        "inliers",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- 05.fix_aux_order, redesigned (issue 34): the penalty that has_aux never differentiated --


def penalty_logged_twice(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty, "total": mse + penalty}


def penalty_added_in_aux(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse + penalty, "penalty": penalty}


def penalty_not_weighted(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def total_as_aux_key(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"loss": mse + penalty}


def penalty_swapped_first(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return {"mse": mse, "penalty": penalty}, mse + penalty


def penalty_detached(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(jax.lax.stop_gradient(x) ** 2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def penalty_item(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return (mse + penalty).item(), {"mse": mse, "penalty": penalty}


def penalty_sum_of_squares(x, y):
    errors = x - y
    mse = jnp.sum(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def penalty_three_outputs(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, mse, penalty


def penalty_weight_typo(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.01 * jnp.sum(x**2)  # one zero too many
    return mse + penalty, {"mse": mse, "penalty": penalty}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "the total logged, mse still first",
        lambda: penalty_logged_twice,
        "penalty-only-in-aux",
    ),
    Wrong(
        "05.fix_aux_order",
        "penalty added to the logged mse",
        lambda: penalty_added_in_aux,
        "total-only-in-aux",
    ),
    Wrong(
        "05.fix_aux_order",
        "(stats, total): the pair reversed",
        lambda: penalty_swapped_first,
        "still-aux-first",
    ),
    Wrong(
        "05.fix_aux_order",
        "stop_gradient on x in the penalty",
        lambda: penalty_detached,
        "gradient-stopped",
    ),
    Wrong("05.fix_aux_order", ".item() on the total", lambda: penalty_item, "float-loss"),
    Wrong(
        "05.fix_aux_order",
        "jnp.sum of the squared errors",
        lambda: penalty_sum_of_squares,
        "sum-not-mean",
    ),
    Wrong(
        "05.fix_aux_order",
        "three outputs side by side",
        lambda: penalty_three_outputs,
        "flat-triple",
    ),
    Wrong("05.fix_aux_order", "the total alone as aux", lambda: total_as_aux_key, "stats-changed"),
    Wrong(
        "05.fix_aux_order",
        "the penalty's 0.1 dropped",
        lambda: penalty_not_weighted,
        "other-weight",
    ),
    Wrong(
        "05.fix_aux_order",
        "the weight typed as 0.01",
        lambda: penalty_weight_typo,
        "other-weight",
    ),
)


def penalty_dropped(x, y):
    # "clean up": the penalty line removed, the mse logged alone
    errors = x - y
    mse = jnp.mean(errors**2)
    return mse, {"mse": mse}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "the penalty removed altogether",
        lambda: penalty_dropped,
        "penalty-missing",
    ),
)


# --- 05.fix_aux_order: round 5's generic families (issue 35), written anew -----------------


def penalty_on_residuals(x, y):
    r = x - y
    mse = jnp.mean(r**2)
    penalty = 0.1 * jnp.sum(r**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


def penalty_square_of_sum(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = (0.1 * jnp.sum(x)) ** 2
    return mse + penalty, {"mse": mse, "penalty": penalty}


def gradient_of_total_first(x, y):
    def total(x):
        return jnp.mean((x - y) ** 2) + 0.1 * jnp.sum(x**2)

    return jax.grad(total)(x), {"mse": jnp.mean((x - y) ** 2), "penalty": 0.1 * jnp.sum(x**2)}


def gradient_of_mse_first(x, y):
    mse = jnp.mean((x - y) ** 2)
    return jax.grad(lambda x: jnp.mean((x - y) ** 2))(x), {"mse": mse, "penalty": 0.1 * x @ x}


def penalty_subtracted(x, y):
    mse, penalty = jnp.mean((x - y) ** 2), 0.1 * jnp.sum(x**2)
    return mse - penalty, {"mse": mse, "penalty": penalty}


def penalty_counted_twice(x, y):
    mse, penalty = jnp.mean((x - y) ** 2), 0.1 * jnp.sum(x**2)
    return mse + 0.1 * penalty, {"mse": mse, "penalty": penalty}


FRESH_FAMILIES = (
    Wrong("05.fix_aux_order", "mse - penalty", lambda: penalty_subtracted, "penalty-subtracted"),
    Wrong(
        "05.fix_aux_order",
        "the weight applied again in the loss",
        lambda: penalty_counted_twice,
        "penalty-reweighted",
    ),
    Wrong(
        "05.fix_aux_order",
        "penalty on the residuals",
        lambda: penalty_on_residuals,
        "penalty-changed",
    ),
    Wrong(
        "05.fix_aux_order",
        "the square of 0.1 * sum(x)",
        lambda: penalty_square_of_sum,
        "penalty-changed",
    ),
    Wrong(
        "05.fix_aux_order",
        "the total's gradient first",
        lambda: gradient_of_total_first,
        "gradient-first",
    ),
    Wrong(
        "05.fix_aux_order",
        "the MSE's gradient first",
        lambda: gradient_of_mse_first,
        "gradient-first",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FRESH_FAMILIES)


# 05.fix_aux_order as redesigned (issue 34: the fix, mse + penalty, was named in the task):
# penalized_loss also logs its parts with float(), which fails on grad's tracers.


def s44_floats_kept_penalty_added(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": float(mse), "penalty": float(penalty)}


def s44_item_in_log(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse.item(), "penalty": penalty.item()}


def s44_floats_removed_only(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse, "penalty": penalty}


def s44_astype_as_jax_says(x, y):
    # JAX's message suggests x.astype(float): it runs, and the penalty still only logged
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse, {"mse": mse.astype(float), "penalty": penalty.astype(float)}


def s44_numpy_log(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": np.asarray(mse), "penalty": np.asarray(penalty)}


FLOATS_IN_AUX = (
    Wrong(
        "05.fix_aux_order",
        "penalty added, the floats kept",
        lambda: s44_floats_kept_penalty_added,
        "aux-made-python",
    ),
    Wrong("05.fix_aux_order", ".item() for the log", lambda: s44_item_in_log, "aux-made-python"),
    Wrong(
        "05.fix_aux_order",
        "float() removed, nothing else",
        lambda: s44_floats_removed_only,
        "penalty-only-in-aux",
    ),
    Wrong(
        "05.fix_aux_order",
        ".astype(float) as JAX's message says",
        lambda: s44_astype_as_jax_says,
        "penalty-only-in-aux",
    ),
    Wrong("05.fix_aux_order", "np.asarray for the log", lambda: s44_numpy_log, "aux-made-python"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FLOATS_IN_AUX)


# --- session 45: 05.predict_aux_structure asks about argnums=(1,), a case the page does not
# run: the one-position tuple kept (C) or unwrapped (B) is told by the rule alone.
S45 = (
    Wrong(
        "05.predict_aux_structure",
        "B: the aux thought returned beside each gradient",
        lambda: "B.",
        named="aux-after-result",
    ),
    Wrong(
        "05.predict_aux_structure",
        "ran it and kept the (1,) result",
        lambda: jax.value_and_grad(squared_error_with_aux, argnums=(1,), has_aux=True)(x, y),
        "computed",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S45)

# --- session 47: 05.predict_aux_structure asks what grad returns with argnums=(0, 1) and
# has_aux (value_and_grad's nesting was stated by the section under the check).
S47 = (
    Wrong(
        "05.predict_aux_structure",
        "D: a (value, aux) pair thought made per position",
        lambda: "option D",
        named="pair-per-position",
    ),
    Wrong(
        "05.predict_aux_structure",
        "ran the question's grad call and kept its result",
        lambda: jax.grad(squared_error_with_aux, argnums=(0, 1), has_aux=True)(x, y),
        "computed",
    ),
    Wrong("05.predict_aux_structure", "'(A)': all side by side", lambda: "(A)", named="all-flat"),
    Wrong(
        "05.predict_aux_structure",
        "E: has_aux thought to make a tuple of any argnums",
        lambda: "e",
        named="always-a-tuple",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S47)


# --- session 47: 05.loss_and_outliers is the fix of numpy_loss_and_outliers (a dict, np calls,
# len of a masked array), shown failing under jit(value_and_grad(has_aux)) on the page.


def numpy_loss_and_outliers(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = errors[np.abs(errors) > 0.5]
    return {"loss": np.mean(errors**2), "outliers": len(outliers)}


def s47_jnp_twins_dict_kept(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = errors[jnp.abs(errors) > 0.5]
    return {"loss": jnp.mean(errors**2), "outliers": len(outliers)}


def s47_pair_len_of_masked(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = errors[jnp.abs(errors) > 0.5]
    return jnp.mean(errors**2), len(outliers)


def s47_pair_numpy_kept(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return np.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def s47_pair_masked_size(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.asarray(errors[jnp.abs(errors) > 0.5].size)


S47_OUTLIERS = (
    Wrong(
        "05.loss_and_outliers",
        "the page's NumPy version, renamed",
        lambda: numpy_loss_and_outliers,
        named="one-dict",
    ),
    Wrong(
        "05.loss_and_outliers",
        "np swapped for jnp, the dict kept",
        lambda: s47_jnp_twins_dict_kept,
        named="one-dict",
    ),
    Wrong(
        "05.loss_and_outliers",
        "a pair now, len of the masked errors kept",
        lambda: s47_pair_len_of_masked,
        named="python-int-count",
    ),
    Wrong(
        "05.loss_and_outliers",
        "a pair, the np calls kept",
        lambda: s47_pair_numpy_kept,
        named="numpy-count",
    ),
    Wrong(
        "05.loss_and_outliers",
        "a pair, the size of the masked errors as an array",
        lambda: s47_pair_masked_size,
        named="fails-under-jit",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S47_OUTLIERS)


# --- round 17: a NumPy function kept on a traced array ------------------------------------
def r17_outliers_numpy_where(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(np.where(np.abs(errors) > 0.5, 1, 0))


def r17_outliers_numpy_square(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(np.square(errors)), jnp.sum(jnp.abs(errors) > 0.5)


R17_OUTLIERS = (
    Wrong(
        "05.loss_and_outliers",
        "np.where on the errors, summed by jnp",
        lambda: r17_outliers_numpy_where,
        named="numpy-under-jit",
    ),
    Wrong(
        "05.loss_and_outliers",
        "np.square in the loss",
        lambda: r17_outliers_numpy_square,
        named="numpy-under-jit",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *R17_OUTLIERS)


# --- round 10: a wrong diagnosis fixed -----------------------------------------------------
def r10f_model_swapped_by_name(params, x, y):
    w, b = params["b"], params["w"]  # the names swapped by hand
    errors = w * x + b - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


ROUND_10_FIXED = (
    Wrong(
        "05.loss_and_outliers",
        "w and b read from each other's keys",
        lambda: r10f_model_swapped_by_name,
        "slope-and-intercept-swapped",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_10_FIXED)


# --- session 48: names a variant's own values (issue 34) ----------------------------------
def s48_outliers_beyond_one(params, x, y):
    errors = params["w"] * x + params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 1.0)  # a wider distance typed in


S48_NAMED_VALUES = (
    Wrong(
        "05.loss_and_outliers",
        "points missed by more than 1.0 counted",
        lambda: s48_outliers_beyond_one,
        "count-off",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S48_NAMED_VALUES)


def s48_penalty_mean_of_squares(x, y):
    mse = jnp.mean((x - y) ** 2)
    penalty = 0.1 * jnp.mean(x**2)  # a mean, not another weight: the formula changed
    return mse + penalty, {"mse": mse, "penalty": penalty}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "penalty as 0.1 times the mean of x squared",
        lambda: s48_penalty_mean_of_squares,
        "penalty-changed",
    ),
)

# --- session 49 (issue 34): 05.predict_aux_structure asks value_and_grad's nesting with
# argnums=(0, 1) and has_aux; the page above runs grad with has_aux only, and the section
# under the reveal no longer states the rule. B carries grad's "(result, aux)" over.
S49 = (
    Wrong(
        "05.predict_aux_structure",
        "option B's text pasted: grad's rule carried over",
        lambda: (
            "((value, (grad_x, grad_y)), aux): what value_and_grad returns without "
            "has_aux, then the aux, as grad hands its aux back"
        ),
        named="aux-after-result",
    ),
    Wrong(
        "05.predict_aux_structure",
        "ran the question's call and kept its result",
        lambda: jax.value_and_grad(squared_error_with_aux, argnums=(0, 1), has_aux=True)(x, y)[0],
        "computed",
    ),
    Wrong(
        "05.predict_aux_structure", "'E.': the tuple thought forced", lambda: "E.", "always-a-tuple"
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S49)


# --- session 50 (f14a): round 14's threshold on the predictions, named (issue 35) ---------


def s50_outliers_by_prediction(params, x, y):
    fitted = params["w"] * x + params["b"]
    return jnp.mean((fitted - y) ** 2), jnp.count_nonzero(jnp.abs(fitted) > 0.5)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.loss_and_outliers",
        "count_nonzero of |fitted| over 0.5",
        lambda: s50_outliers_by_prediction,
        "predictions-thresholded",
    ),
)

# --- session 51 (f15a): round 15's mean over the page's 4 points, refused on 3 (issue 35) --


def s51_mse_times_quarter(x, y):
    squared = (x - y) ** 2
    mse = 0.25 * jnp.sum(squared)  # the page has 4 points
    penalty = 0.1 * jnp.sum(x**2)
    return mse + penalty, {"mse": mse, "penalty": penalty}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "mse as a quarter of the summed squares",
        lambda: s51_mse_times_quarter,
        "mean-over-page-length",
    ),
)


def s51_outliers_y_minus_prediction(params, x, y):
    residuals = y - (params["w"] * x + params["b"])
    return jnp.mean(residuals**2), jnp.sum(residuals > 0.5)  # points above the line only


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.loss_and_outliers",
        "residuals y - fit over 0.5, no abs",
        lambda: s51_outliers_y_minus_prediction,
        "one-sided",
    ),
)


# --- round 16: the check's line of 300 points; outliers out of the loss; x for y ---------
def r16f_loss_over_page_count(params, x, y):
    e = params["w"] * x + params["b"] - y
    return (e**2).sum() / 3, (jnp.abs(e) > 0.5).sum()  # the page has three points


def r16f_count_as_uint8(params, x, y):
    e = params["w"] * x + params["b"] - y
    return jnp.mean(e**2), (jnp.abs(e) > 0.5).astype(jnp.uint8).sum(dtype=jnp.uint8)


def r16f_count_as_int8(params, x, y):
    e = params["w"] * x + params["b"] - y
    return jnp.mean(e**2), jnp.sum(jnp.abs(e) > 0.5, dtype=jnp.int8)


def r16f_mean_of_inliers(params, x, y):
    e = params["w"] * x + params["b"] - y
    inlier = jnp.abs(e) <= 0.5
    return jnp.sum(e**2 * inlier) / jnp.sum(inlier), jnp.sum(~inlier)


def r16f_outliers_clipped_out(params, x, y):
    e = params["w"] * x + params["b"] - y
    out = jnp.abs(e) > 0.5
    return jnp.mean(e**2 * (1 - out)), out.sum()


def r16f_x_from_y(params, x, y):
    pred = params["w"] * y + params["b"]
    return jnp.mean((pred - x) ** 2), jnp.sum(jnp.abs(pred - x) > 0.5)


L = "05.loss_and_outliers"
WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        L,
        "sum of squares / 3, the page's points",
        lambda: r16f_loss_over_page_count,
        "loss-over-page-length",
    ),
    Wrong(L, "count summed as uint8", lambda: r16f_count_as_uint8, "count-wraps"),
    Wrong(L, "count summed with dtype int8", lambda: r16f_count_as_int8, "count-wraps"),
    Wrong(
        L, "loss: mean over the inliers only", lambda: r16f_mean_of_inliers, "outliers-out-of-loss"
    ),
    Wrong(
        L,
        "outliers multiplied out of the loss",
        lambda: r16f_outliers_clipped_out,
        "outliers-out-of-loss",
    ),
    Wrong(L, "prediction w * y + b against x", lambda: r16f_x_from_y, "x-and-y-swapped"),
)


def r16f_count_argwhere_size(params, x, y):
    e = params["w"] * x + params["b"] - y
    hits = jnp.argwhere(jnp.abs(e) > 0.5, size=x.size)  # jit wants a static size
    return jnp.mean(e**2), jnp.asarray(hits.shape[0])


def r16f_count_nonzero_fill(params, x, y):
    e = params["w"] * x + params["b"] - y
    (idx,) = jnp.nonzero(jnp.abs(e) > 0.5, size=len(x), fill_value=-1)
    return jnp.mean(e**2), len(idx)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        L,
        "argwhere with size=x.size, its length",
        lambda: r16f_count_argwhere_size,
        "counts-every-point",
    ),
    Wrong(
        L,
        "nonzero with size=len(x), len of it",
        lambda: r16f_count_nonzero_fill,
        "counts-every-point",
    ),
)


# --- round 16 (session 53): the penalty inside the mean, so divided by the input's length ---
def penalty_inside_the_mean(x, y):
    mse, penalty = jnp.mean((x - y) ** 2), 0.1 * jnp.sum(x**2)
    return jnp.mean((x - y) ** 2 + 0.1 * x**2), {"mse": mse, "penalty": penalty}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "penalty term added inside the mean: weight 1/len(x)",
        lambda: penalty_inside_the_mean,
        "penalty-reweighted",
    ),
)


# --- round 18: the intercept subtracted ----------------------------------------------------
def r18f_out_minus_b(params, x, y):
    errors = params["w"] * x - params["b"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r18f_out_y_minus_line_plus_b(params, x, y):
    residuals = y - params["w"] * x + params["b"]  # y - (w x + b), one parenthesis lost
    return (residuals**2).mean(), (jnp.abs(residuals) > 0.5).sum()


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.loss_and_outliers", "line as w*x - b", lambda: r18f_out_minus_b, "intercept-subtracted"
    ),
    Wrong(
        "05.loss_and_outliers",
        "y - w*x + b: the parenthesis lost",
        lambda: r18f_out_y_minus_line_plus_b,
        "intercept-subtracted",
    ),
)


# ---- round 19's families (fix19-1) ---------------------------------------------------------


def r19f_fix_weight_on_both(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return 0.1 * (mse + jnp.sum(x**2)), {"mse": mse, "penalty": penalty}


def r19f_fix_averaged_parts(x, y):
    errors = x - y
    mse = jnp.mean(errors**2)
    penalty = 0.1 * jnp.sum(x**2)
    return (mse + penalty) / 2, {"mse": mse, "penalty": penalty}


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.fix_aux_order",
        "0.1 * (mse + sum(x**2)): weight on both",
        lambda: r19f_fix_weight_on_both,
        named="mse-reweighted",
    ),
    Wrong(
        "05.fix_aux_order",
        "(mse + penalty) / 2: the two parts averaged",
        lambda: r19f_fix_averaged_parts,
        named="mse-reweighted",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_out_forgot_b(params, x, y):
    errors = params["w"] * x + params["b"] - y
    misses = jnp.abs(params["w"] * x - y)
    return jnp.mean(errors**2), jnp.sum(misses > 0.5)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.loss_and_outliers",
        "counted misses of w*x alone, no b",
        lambda: r20f_out_forgot_b,
        "count-without-b",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------

from tests.content.wrong_answers.round21 import lesson05 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "05.loss_and_outliers",
        "jnp.any: whether, not how many",
        lambda: _r21.r21_out_any,
        named="count-whether",
    ),
    Wrong(
        "05.loss_and_outliers",
        "compared predictions with x, not y",
        lambda: _r21.r21_out_vs_x,
        named="count-against-x",
    ),
)
