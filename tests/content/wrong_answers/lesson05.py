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


# --- 05.loss_with_predictions -----------------------------------------------------------


def attribute_access(params, x, y):
    predictions = params.w * x + params.b
    return jnp.mean((predictions - y) ** 2), predictions


def unpacked_dict(params, x, y):
    w, b = params
    predictions = w * x + b
    return jnp.mean((predictions - y) ** 2), predictions


def square_of_mean(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean(predictions - y) ** 2, predictions


def values_unpacked(params, x, y):
    w, b = params.values()
    predictions = w * x + b
    return jnp.mean((predictions - y) ** 2), predictions


def indexed_params(params, x, y):
    predictions = params[0] * x + params[1]
    return jnp.mean((predictions - y) ** 2), predictions


def no_return(params, x, y):
    predictions = params["w"] * x + params["b"]
    loss = jnp.mean((predictions - y) ** 2)  # noqa: F841


def numpy_loss(params, x, y):
    predictions = params["w"] * x + params["b"]
    return np.mean((np.asarray(predictions) - np.asarray(y)) ** 2), predictions


def dict_output(params, x, y):
    predictions = params["w"] * x + params["b"]
    return {"loss": jnp.mean((predictions - y) ** 2), "predictions": predictions}


def predictions_first(params, x, y):
    predictions = params["w"] * x + params["b"]
    loss = jnp.mean((predictions - y) ** 2)
    return predictions, loss


def uses_xs_ys(params, x, y):
    predictions = params["w"] * xs + params["b"]
    return jnp.mean((predictions - ys) ** 2), predictions


def half_mse(params, x, y):
    predictions = params["w"] * x + params["b"]
    return 0.5 * jnp.mean((predictions - y) ** 2), predictions


def _line(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), predictions


already_transformed = jax.value_and_grad(_line, has_aux=True)


def loss_only_sse(params, x, y):
    return jnp.sum((params["w"] * x + params["b"] - y) ** 2) / len(x)


WRONG_ANSWERS = (
    # 05.fix_aux_order
    Wrong("05.fix_aux_order", "the stats as a tuple", lambda: stats_as_tuple, "stats-changed"),
    Wrong("05.fix_aux_order", "a stats key renamed", lambda: renamed_key, "stats-changed"),
    Wrong(
        "05.fix_aux_order",
        "jnp.mean(errors) ** 2: square of the mean",
        lambda: mean_then_square,
        "square-of-mean",
    ),
    Wrong("05.fix_aux_order", "errors = y - x", lambda: flipped_errors, says="opposite sign"),
    Wrong("05.fix_aux_order", ".item() on the loss", lambda: loss_with_item, "float-loss"),
    Wrong("05.fix_aux_order", "np.square on the jax errors", lambda: np_square, "numpy-loss"),
    Wrong("05.fix_aux_order", "returns the loss alone", lambda: just_the_loss, "loss-only"),
    Wrong("05.fix_aux_order", "(loss, stats, errors)", lambda: three_outputs, "more-than-two"),
    Wrong(
        "05.fix_aux_order",
        "reads the notebook's x and y",
        lambda: reads_globals,
        "notebook-globals",
    ),
    Wrong(
        "05.fix_aux_order",
        "keepdims=True on the loss",
        lambda: keepdims_loss,
        says="the values are right, arranged differently",
    ),
    Wrong("05.fix_aux_order", "jnp.sum of the squares", lambda: sum_over_len, "sum-not-mean"),
    Wrong(
        "05.fix_aux_order",
        "one dict with the loss inside",
        lambda: stats_then_loss_dict,
        "one-dict",
    ),
    # 05.predict_aux_structure
    Wrong("05.predict_aux_structure", "lowercase b with a space", lambda: " b", "grads-flat"),
    Wrong("05.predict_aux_structure", "'Option D'", lambda: "Option D", named="aux-outside"),
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
    Wrong(
        "05.predict_aux_structure",
        "the whole option line copied",
        lambda: "C: ((value, aux), (grad_x, grad_y))",
        says="one of",
    ),
    # 05.loss_with_predictions
    Wrong(
        "05.loss_with_predictions",
        "params.w: attribute access",
        lambda: attribute_access,
        "attribute-access",
    ),
    Wrong("05.loss_with_predictions", "w, b = params", lambda: unpacked_dict, "params-as-pair"),
    Wrong(
        "05.loss_with_predictions", "params[0], params[1]", lambda: indexed_params, "params-as-pair"
    ),
    Wrong(
        "05.loss_with_predictions",
        "w, b = params.values()",
        lambda: values_unpacked,
        "slope-and-intercept-swapped",
    ),
    Wrong(
        "05.loss_with_predictions",
        "jnp.mean(...) ** 2: square of the mean",
        lambda: square_of_mean,
        "square-of-mean",
    ),
    Wrong("05.loss_with_predictions", "no return", lambda: no_return, "returns-none"),
    Wrong("05.loss_with_predictions", "np.mean on np.asarray", lambda: numpy_loss, "numpy-loss"),
    Wrong(
        "05.loss_with_predictions",
        "one dict of loss and predictions",
        lambda: dict_output,
        "one-dict",
    ),
    Wrong("05.loss_with_predictions", "predictions first", lambda: predictions_first, "aux-first"),
    Wrong("05.loss_with_predictions", "reads xs and ys", lambda: uses_xs_ys, "notebook-globals"),
    Wrong(
        "05.loss_with_predictions",
        "0.5 * the mean",
        lambda: half_mse,
        says="half the expected one",
    ),
    Wrong(
        "05.loss_with_predictions",
        "value_and_grad already applied",
        lambda: already_transformed,
        "already-transformed",
    ),
    Wrong("05.loss_with_predictions", "sum / len, loss only", lambda: loss_only_sse, "loss-only"),
    # held-out answers (phase 1 of the held-out test)
    Wrong(
        "05.fix_aux_order", "mean absolute error", lambda: stats_mean_abs_error, "mean-abs-error"
    ),
    Wrong(
        "05.fix_aux_order", "root of the mean squared error", lambda: stats_rmse, "root-mean-square"
    ),
    Wrong(
        "05.fix_aux_order", "max_error without abs", lambda: stats_max_without_abs, "stats-changed"
    ),
    Wrong(
        "05.fix_aux_order", "the errors array as aux", lambda: stats_errors_only, "stats-changed"
    ),
    Wrong("05.fix_aux_order", "errors made absolute", lambda: stats_abs_errors, "stats-changed"),
    Wrong("05.predict_aux_structure", "lower-case 'd'", lambda: "d", "aux-outside"),
    Wrong(
        "05.predict_aux_structure",
        "B's shape written out",
        lambda: "((value, aux), grad_x, grad_y)",
        says="is not one of the options",
    ),
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
        named="grads-flat",
    ),
    Wrong("05.loss_with_predictions", "params['w'] @ x", lambda: line_matmul, "matmul-on-a-number"),
    Wrong("05.loss_with_predictions", "mean absolute error", lambda: line_mae, "mean-abs-error"),
    Wrong(
        "05.loss_with_predictions",
        "bias added in the loss, not the aux",
        lambda: line_aux_without_bias,
        says="off by the same amount",
    ),
    Wrong(
        "05.loss_with_predictions",
        "y - predictions as aux",
        lambda: line_negated_residuals,
        "residuals-aux",
    ),
    Wrong(
        "05.loss_with_predictions",
        "(loss, predictions, residuals)",
        lambda: line_triple,
        "more-than-two",
    ),
    Wrong("05.loss_with_predictions", "half the sum of squares", lambda: line_half_sse),
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


def line_matmul(params, x, y):
    predictions = params["w"] @ x + params["b"]
    return jnp.mean((predictions - y) ** 2), predictions


def line_mae(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean(jnp.abs(predictions - y)), predictions


def line_aux_without_bias(params, x, y):
    predictions = params["w"] * x
    return jnp.mean((predictions + params["b"] - y) ** 2), predictions


def line_negated_residuals(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), y - predictions


def line_triple(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.mean((predictions - y) ** 2), predictions, predictions - y


def line_half_sse(params, x, y):
    predictions = params["w"] * x + params["b"]
    return jnp.sum((predictions - y) ** 2) / 2, predictions
