"""Round 7, lesson 10 (many devices): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
import jax.sharding

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# ---------------------------------------------------------------- 10.fix_loss

n_devices = 8


def r7_mae_mean_all(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r7_mae_boolean_index(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x)[valid] - y[valid]))


def r7_mae_times_mask(params, x, y, valid):
    # right on finite filler; NaN/inf filler poisons the sum (0 * inf)
    return jnp.sum(jnp.abs(model(params, x) - y) * valid) / jnp.sum(valid)


def r7_mae_divide_size(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / valid.size


def r7_mae_per_device(params, x, y, valid):
    per_device = jnp.sum(valid) // n_devices
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / per_device


def r7_mae_hard_60(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / 60


def r7_mae_zero_x(params, x, y, valid):
    # masks x and y to zero, but model(params, 0) = c is still counted
    xm, ym = jnp.where(valid, x, 0.0), jnp.where(valid, y, 0.0)
    return jnp.sum(jnp.abs(model(params, xm) - ym)) / jnp.sum(valid)


def r7_mae_squared(params, x, y, valid):
    return jnp.sum(jnp.where(valid, (model(params, x) - y) ** 2, 0.0)) / jnp.sum(valid)


def r7_mae_y_nonzero(params, x, y, valid):
    real = y != 0  # sneaky: filler detected as zeros
    return jnp.sum(jnp.where(real, jnp.abs(model(params, x) - y), 0.0)) / jnp.sum(real)


def r7_mae_inverted(params, x, y, valid):
    return jnp.sum(jnp.where(~valid, jnp.abs(model(params, x) - y), 0.0)) / jnp.sum(valid)


def r7_mae_no_abs(params, x, y, valid):
    return jnp.sum(jnp.where(valid, model(params, x) - y, 0.0)) / jnp.sum(valid)


def r7_mae_right_where(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return err.sum() / valid.sum()


def r7_mae_right_mean_where(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y), where=valid)


def r7_mae_right_safe_inputs(params, x, y, valid):
    xs = jnp.where(valid, x, 0.0)
    ys = jnp.where(valid, y, 0.0)
    err = jnp.abs(model(params, xs) - ys)
    return jnp.sum(err * valid.astype(err.dtype)) / jnp.maximum(jnp.sum(valid), 1)


ROUND_7 = [
    # 10.column_spec
    Wrong("10.column_spec", "splits the channels (rows)", lambda: P("batch")),
    Wrong("10.column_spec", "columns over batch only: 16 examples, twice", lambda: P(None, "batch")),
    Wrong("10.column_spec", "columns over model only", lambda: P(None, "model")),
    Wrong("10.column_spec", "rows over both axes", lambda: P(("batch", "model"))),
    Wrong("10.column_spec", "rows over batch, columns over model", lambda: P("batch", "model")),
    Wrong("10.column_spec", "rows over model, columns over batch", lambda: P("model", "batch")),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "tuple first, None second", lambda: P(("batch", "model"), None)),
    Wrong("10.column_spec", "the spec written as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong("10.column_spec", "replicated", lambda: P()),
    # 10.predict_sums
    Wrong("10.predict_sums", "both stay split", lambda: "A"),
    Wrong("10.predict_sums", "all-gather first", lambda: "C"),
    Wrong("10.predict_sums", "layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "both replicated", lambda: "E"),
    Wrong("10.predict_sums", "both letters with those layouts", lambda: "B or C"),
    Wrong("10.predict_sums", "the exchange, not a letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "index of the option", lambda: 1),
    Wrong("10.predict_sums", "a tuple of layouts", lambda: ("batch", None)),
    # 10.fix_loss
    Wrong("10.fix_loss", "mean over filler too", lambda: r7_mae_mean_all),
    Wrong("10.fix_loss", "boolean index (fails under jit)", lambda: r7_mae_boolean_index),
    Wrong("10.fix_loss", "multiplies by mask: inf/NaN filler poisons it", lambda: r7_mae_times_mask),
    Wrong("10.fix_loss", "divides by the padded size", lambda: r7_mae_divide_size),
    Wrong("10.fix_loss", "divides by per-device share", lambda: r7_mae_per_device),
    Wrong("10.fix_loss", "sneaky: hard-coded 60", lambda: r7_mae_hard_60),
    Wrong("10.fix_loss", "zeroes x and y but counts the fillers' error", lambda: r7_mae_zero_x),
    Wrong("10.fix_loss", "squared error", lambda: r7_mae_squared),
    Wrong("10.fix_loss", "sneaky: real points are y != 0", lambda: r7_mae_y_nonzero),
    Wrong("10.fix_loss", "mask inverted", lambda: r7_mae_inverted),
    Wrong("10.fix_loss", "forgot abs", lambda: r7_mae_no_abs),
]

RIGHT_7 = [
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: P(None, ("batch", "model"))),
    Right("10.column_spec", "full PartitionSpec name", lambda: jax.sharding.PartitionSpec(None, ("batch", "model"))),
    Right("10.column_spec", "axes in the other order", lambda: P(None, ("model", "batch"))),
    Right("10.predict_sums", "the letter", lambda: "B"),
    Right("10.predict_sums", "lower case", lambda: "b"),
    Right("10.predict_sums", "with whitespace", lambda: " B"),
    Right("10.fix_loss", "where, sum / valid.sum()", lambda: r7_mae_right_where),
    Right("10.fix_loss", "jnp.mean(where=valid)", lambda: r7_mae_right_mean_where),
    Right("10.fix_loss", "fillers replaced first, then masked", lambda: r7_mae_right_safe_inputs),
]
