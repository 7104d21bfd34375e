"""Round 4, lesson 05 (has_aux): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# Names from the lesson's earlier cells.
x = jnp.array([1.0, 2.0, 3.0, 4.0])
y = jnp.array([1.1, 2.1, 3.1, 4.1])


def squared_error_with_aux(x, y):
    return jnp.sum((x - y) ** 2), x - y


def broken_error_stats(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return stats, jnp.mean(errors**2)


# ---------------------------------------------------------------- 05.fix_aux_order: wrong


def r4_fix_unchanged(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return stats, jnp.mean(errors**2)


def r4_fix_sum(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.sum(errors**2), stats


def r4_fix_max_no_abs(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(errors), "errors": errors}
    return jnp.mean(errors**2), stats


def r4_fix_errors_flipped(x, y):
    errors = y - x
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def r4_fix_mae(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(jnp.abs(errors)), stats


def r4_fix_square_of_mean(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return jnp.mean(errors) ** 2, stats


def r4_fix_three_outputs(x, y):
    errors = x - y
    return jnp.mean(errors**2), jnp.max(jnp.abs(errors)), errors


def r4_fix_numpy_stats(x, y):
    errors = x - y
    stats = {"max_error": np.max(np.abs(errors)), "errors": errors}
    return jnp.mean(errors**2), stats


def r4_fix_renamed_keys(x, y):
    errors = x - y
    stats = {"max": jnp.max(jnp.abs(errors)), "residuals": errors}
    return jnp.mean(errors**2), stats


def r4_fix_float_loss(x, y):
    errors = x - y
    stats = {"max_error": jnp.max(jnp.abs(errors)), "errors": errors}
    return float(jnp.mean(errors**2)), stats


def r4_fix_only_max(x, y):
    errors = x - y
    return jnp.mean(errors**2), jnp.max(jnp.abs(errors))


# ---------------------------------------------------------------- 05.fix_aux_order: right


def r4_fix_swap_broken(x, y):
    stats, mse = broken_error_stats(x, y)
    return mse, stats


def r4_fix_square_abs_max(x, y):
    errors = jnp.subtract(x, y)
    mse = jnp.square(errors).mean()
    return mse, dict(max_error=jnp.abs(errors).max(), errors=errors)


def r4_fix_dot(x, y):
    errors = x - y
    stats = {"errors": errors, "max_error": jnp.linalg.norm(errors, ord=jnp.inf)}
    return jnp.dot(errors, errors) / errors.size, stats


# ---------------------------------------------------------------- 05.loss_and_outliers: wrong


def _r4_errors(params, x, y):
    return params["w"] * x + params["b"] - y


def r4_out_ge(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) >= 0.5)


def r4_out_no_abs(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors > 0.5)


def r4_out_python_int(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), int(jnp.sum(jnp.abs(errors) > 0.5))


def r4_out_float_count(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5).astype(jnp.float32)


def r4_out_fraction(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.mean(jnp.abs(errors) > 0.5)


def r4_out_swapped(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.sum(jnp.abs(errors) > 0.5), jnp.mean(errors**2)


def r4_out_sum_loss(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.sum(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r4_out_squared_threshold(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.sum(errors**2 > 0.5)


def r4_out_string(params, x, y):
    errors = _r4_errors(params, x, y)
    n = jnp.sum(jnp.abs(errors) > 0.5)
    return jnp.mean(errors**2), f"{n} outliers"


def r4_out_numpy(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), np.sum(np.abs(errors) > 0.5)


def r4_out_mask(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.abs(errors) > 0.5


def r4_out_swapped_params(params, x, y):
    errors = params["b"] * x + params["w"] - y
    return jnp.mean(errors**2), jnp.sum(jnp.abs(errors) > 0.5)


def r4_out_boolean_index(params, x, y):
    errors = _r4_errors(params, x, y)
    return jnp.mean(errors**2), jnp.array(errors[jnp.abs(errors) > 0.5].shape[0])


# ---------------------------------------------------------------- 05.loss_and_outliers: right


def r4_out_count_nonzero(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), jnp.count_nonzero(jnp.abs(predictions - y) > 0.5)


def r4_out_where(params, x, y):
    residual = y - (params["b"] + x * params["w"])
    mse = jnp.square(residual).mean()
    return mse, jnp.where(jnp.abs(residual) > 0.5, 1, 0).sum()


def r4_out_astype(params, x, y):
    errors = params["w"] * x + params["b"] - y
    outliers = (jnp.abs(errors) > 0.5).astype(jnp.int32).sum()
    loss = jnp.average(errors * errors)
    return (loss, outliers)


def r4_out_logical(params, x, y):
    errors = params["w"] * x + params["b"] - y
    far = jnp.logical_or(errors > 0.5, errors < -0.5)
    return jnp.mean(errors**2), jnp.sum(far, dtype=jnp.int32)


ROUND_4 = (
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "copied broken_error_stats unchanged: returns (stats, mse), the stats dict first, so grad(has_aux=True) tries to differentiate the dict", lambda: r4_fix_unchanged),
    Wrong("05.fix_aux_order", "order fixed, but the loss is jnp.sum(errors**2), the sum of squared errors, not their mean", lambda: r4_fix_sum),
    Wrong("05.fix_aux_order", "max_error is jnp.max(errors) without jnp.abs: the largest signed error, not the largest absolute error (equal only when the largest-magnitude error is positive)", lambda: r4_fix_max_no_abs),
    Wrong("05.fix_aux_order", "computes errors = y - x instead of x - y: loss and gradient are unchanged, but the 'errors' array in the stats has the wrong sign", lambda: r4_fix_errors_flipped),
    Wrong("05.fix_aux_order", "returns the mean absolute error jnp.mean(jnp.abs(errors)) as the loss instead of the mean squared error", lambda: r4_fix_mae),
    Wrong("05.fix_aux_order", "loss is jnp.mean(errors) ** 2, the square of the mean error, instead of the mean of the squared errors", lambda: r4_fix_square_of_mean),
    Wrong("05.fix_aux_order", "returns three outputs (mse, max_error, errors) instead of (mse, stats_dict): has_aux=True needs exactly a pair", lambda: r4_fix_three_outputs),
    Wrong("05.fix_aux_order", "computes max_error with np.max(np.abs(errors)): NumPy cannot take the tracer grad passes in, so grad fails (plain call works)", lambda: r4_fix_numpy_stats),
    Wrong("05.fix_aux_order", "renamed the stats keys to 'max' and 'residuals' instead of keeping 'max_error' and 'errors'", lambda: r4_fix_renamed_keys),
    Wrong("05.fix_aux_order", "wraps the loss in float(...): under grad the loss is a tracer and float() fails", lambda: r4_fix_float_loss),
    Wrong("05.fix_aux_order", "returns only max_error as aux instead of the whole stats dict (the 'errors' entry is lost)", lambda: r4_fix_only_max),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "picks A: thinks value_and_grad flattens value, aux and both gradients into one tuple", lambda: "A"),
    Wrong("05.predict_aux_structure", "picks B: nests (value, aux) but thinks the two gradients are separate elements of the outer tuple", lambda: "B"),
    Wrong("05.predict_aux_structure", "picks D: thinks the aux is kept outside, after the (value, grads) pair", lambda: "D"),
    Wrong("05.predict_aux_structure", "lowercase b: option B (gradients not grouped into a tuple)", lambda: "b"),
    Wrong("05.predict_aux_structure", "answers 'E', a letter that is not an option", lambda: "E"),
    Wrong("05.predict_aux_structure", "sets nesting to the actual result of the call, a nested tuple of arrays, instead of the option letter", lambda: jax.value_and_grad(squared_error_with_aux, argnums=(0, 1), has_aux=True)(x, y)),
    Wrong("05.predict_aux_structure", "hedges between two options: 'B or C'", lambda: "B or C"),
    Wrong("05.predict_aux_structure", "left the placeholder: nesting is still ... (Ellipsis)", lambda: ...),
    Wrong("05.predict_aux_structure", "answers with the zero-based index 2 of option C instead of the letter string", lambda: 2),
    # 05.loss_and_outliers
    Wrong("05.loss_and_outliers", "counts |error| >= 0.5 instead of > 0.5: a point missed by exactly 0.5 is counted", lambda: r4_out_ge),
    Wrong("05.loss_and_outliers", "counts (prediction - y) > 0.5 without abs: only points the line overshoots, not those it undershoots", lambda: r4_out_no_abs),
    Wrong("05.loss_and_outliers", "returns the count as a Python int(...): works plain but int() of a tracer fails under grad/jit", lambda: r4_out_python_int),
    Wrong("05.loss_and_outliers", "casts the count to float32: the aux is not an integer array", lambda: r4_out_float_count),
    Wrong("05.loss_and_outliers", "returns jnp.mean of the outlier mask, the fraction of outliers, instead of how many", lambda: r4_out_fraction),
    Wrong("05.loss_and_outliers", "returns (count, loss): the aux first, the loss second", lambda: r4_out_swapped),
    Wrong("05.loss_and_outliers", "loss is the sum of squared errors instead of their mean", lambda: r4_out_sum_loss),
    Wrong("05.loss_and_outliers", "thresholds the squared error (errors**2 > 0.5) instead of the absolute error, so misses between sqrt(0.5)≈0.707 and 0.5 are not counted", lambda: r4_out_squared_threshold),
    Wrong("05.loss_and_outliers", "returns the aux as a formatted string f'{n} outliers': fine plain, fails under jit", lambda: r4_out_string),
    Wrong("05.loss_and_outliers", "counts with np.sum(np.abs(errors) > 0.5): NumPy on a tracer fails under grad and jit", lambda: r4_out_numpy),
    Wrong("05.loss_and_outliers", "returns the boolean outlier mask itself instead of the number of outliers", lambda: r4_out_mask),
    Wrong("05.loss_and_outliers", "swapped the parameters: predicts params['b'] * x + params['w'] instead of w * x + b", lambda: r4_out_swapped_params),
    Wrong("05.loss_and_outliers", "counts with a boolean mask, errors[mask].shape[0]: works plain, fails under jit (shape depends on values)", lambda: r4_out_boolean_index),
)

RIGHT_4 = (
    Right("05.fix_aux_order", "calls broken_error_stats and returns its two outputs swapped", lambda: r4_fix_swap_broken),
    Right("05.fix_aux_order", "jnp.subtract, jnp.square(...).mean(), dict(...) constructor, abs().max() methods", lambda: r4_fix_square_abs_max),
    Right("05.fix_aux_order", "mse as dot(errors, errors)/size, max_error as the infinity norm", lambda: r4_fix_dot),
    Right("05.predict_aux_structure", "lowercase letter 'c'", lambda: "c"),
    Right("05.predict_aux_structure", "letter with surrounding spaces ' C '", lambda: " C "),
    Right("05.predict_aux_structure", "letter with a trailing newline", lambda: "C\n"),
    Right("05.loss_and_outliers", "jnp.count_nonzero of the mask", lambda: r4_out_count_nonzero),
    Right("05.loss_and_outliers", "residual y - prediction, jnp.where(mask, 1, 0).sum()", lambda: r4_out_where),
    Right("05.loss_and_outliers", "mask cast to int32 then summed; jnp.average(errors*errors)", lambda: r4_out_astype),
    Right("05.loss_and_outliers", "logical_or of two one-sided tests, summed with dtype=int32", lambda: r4_out_logical),
)
