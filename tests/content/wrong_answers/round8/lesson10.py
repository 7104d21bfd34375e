"""Round 8, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _mesh2d():
    from jax.sharding import AxisType

    devices = jax.devices("cpu")
    return jax.make_mesh(
        (len(devices) // 2, 2),
        ("batch", "model"),
        axis_types=(AxisType.Explicit,) * 2,
        devices=devices,
    )


def r8_named_sharding():
    from jax.sharding import NamedSharding

    return NamedSharding(_mesh2d(), P(None, ("batch", "model")))


# 10.fix_loss
def r8_mae_all(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r8_mae_over_64(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / x.shape[0]


def r8_mae_per_device(params, x, y, valid):
    per_device = valid.sum() // len(jax.devices())
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / per_device


def r8_mae_sixty(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / 60


def r8_mae_bool_index(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x[valid]) - y[valid]))


def r8_mae_squared(params, x, y, valid):
    err = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jnp.sum(err) / jnp.sum(valid)


def r8_mae_inverted(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y), where=~valid)


def r8_mae_count_only(params, x, y, valid):
    return jnp.sum(jnp.abs(model(params, x) - y)) / jnp.sum(valid)


def r8_mae_zero_inputs(params, x, y, valid):
    err = jnp.abs(model(params, x * valid) - y * valid)
    return jnp.sum(err) / jnp.sum(valid)


def r8_mae_mean_of_mask(params, x, y, valid):
    return jnp.mean(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0))


def r8_mae_filler_count(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.sum(err) / (valid.size - jnp.sum(valid))


def r8_mae_where_kw(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y), where=valid)


def r8_mae_sum_count(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    total = jnp.where(valid, errors, 0).sum()
    return total / valid.astype(jnp.float32).sum()


def r8_mae_nan(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), jnp.nan)
    return jnp.nanmean(errors)


def r8_mae_select_pred(params, x, y, valid):
    pred = jnp.where(valid, model(params, x), y)  # fillers: zero error
    return jnp.abs(pred - y).sum() / jnp.count_nonzero(valid)


ROUND_8 = [
    Wrong(
        "10.column_spec", "columns over batch only: duplicated on model", lambda: P(None, "batch")
    ),
    Wrong("10.column_spec", "P('batch'): splits the channels", lambda: P("batch")),
    Wrong("10.column_spec", "columns over model only", lambda: P(None, "model")),
    Wrong("10.column_spec", "rows over batch, columns over model", lambda: P("batch", "model")),
    Wrong("10.column_spec", "the tuple on the channel axis", lambda: P(("batch", "model"))),
    Wrong("10.column_spec", "tuple first, None second", lambda: P(("batch", "model"), None)),
    Wrong("10.column_spec", "model on rows, batch on columns", lambda: P("model", "batch")),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "the spec written as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong("10.column_spec", "a NamedSharding, not the spec", r8_named_sharding),
    Wrong("10.column_spec", "replicated P()", lambda: P()),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong("10.predict_sums", "A: both stay split", lambda: "A"),
    Wrong("10.predict_sums", "C: all-gather first", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "lower-case b", lambda: "b"),
    Wrong("10.predict_sums", "the exchange's name", lambda: "all-reduce"),
    Wrong("10.predict_sums", "both options with these layouts", lambda: "BC"),
    Wrong("10.predict_sums", "letter with its reason", lambda: "B (all-reduce)"),
    Wrong("10.predict_sums", "the layouts written out", lambda: "split over batch; replicated"),
    Wrong("10.predict_sums", "the option's position as a number", lambda: 2),
    Wrong("10.fix_loss", "mean over all 64, filler included", lambda: r8_mae_all),
    Wrong("10.fix_loss", "masked sum divided by the padded size", lambda: r8_mae_over_64),
    Wrong("10.fix_loss", "divides by a per-device share", lambda: r8_mae_per_device),
    Wrong("10.fix_loss", "hard-coded 60 real points", lambda: r8_mae_sixty),
    Wrong("10.fix_loss", "boolean indexing: fails under jit", lambda: r8_mae_bool_index),
    Wrong("10.fix_loss", "squared error, not absolute", lambda: r8_mae_squared),
    Wrong("10.fix_loss", "mask inverted: mean over the filler", lambda: r8_mae_inverted),
    Wrong("10.fix_loss", "all errors summed, divided by the count", lambda: r8_mae_count_only),
    Wrong("10.fix_loss", "zeroes x and y of the filler", lambda: r8_mae_zero_inputs),
    Wrong("10.fix_loss", "jnp.mean of the masked errors", lambda: r8_mae_mean_of_mask),
    Wrong("10.fix_loss", "divides by the number of fillers", lambda: r8_mae_filler_count),
]

RIGHT_8 = [
    Right("10.column_spec", "columns over both mesh axes", lambda: P(None, ("batch", "model"))),
    Right(
        "10.column_spec", "model-major order over both axes", lambda: P(None, ("model", "batch"))
    ),
    Right(
        "10.column_spec",
        "full PartitionSpec name",
        lambda: jax.sharding.PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.fix_loss", "jnp.mean with where=valid", lambda: r8_mae_where_kw),
    Right("10.fix_loss", "masked sum over float count", lambda: r8_mae_sum_count),
    Right("10.fix_loss", "nanmean of errors with nan filler", lambda: r8_mae_nan),
    Right("10.fix_loss", "prediction replaced by y on fillers", lambda: r8_mae_select_pred),
]
