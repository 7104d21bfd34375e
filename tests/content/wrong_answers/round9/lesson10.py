"""Round 9, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# --- 10.fix_loss ---------------------------------------------------------------------------


def r9_mae_where(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jnp.sum(jnp.where(valid, errors, 0.0)) / jnp.sum(valid)


def r9_mae_mean_where(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y), where=valid)


def r9_mae_nanmean(params, x, y, valid):
    return jnp.nanmean(jnp.where(valid, jnp.abs(model(params, x) - y), jnp.nan))


def r9_mae_count_float(params, x, y, valid):
    keep = valid.astype(jnp.float32)
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return err.sum() / keep.sum()


def r9_mae_all_points(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r9_mae_boolean_index(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x)[valid] - y[valid]))


def r9_mae_divide_len(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / valid.shape[0]


def r9_mae_mean_of_where(params, x, y, valid):
    return jnp.mean(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0))


def r9_mae_per_device(params, x, y, valid):
    per_device = jnp.sum(valid) // len(jax.devices())
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / per_device


def r9_mae_squared(params, x, y, valid):
    return jnp.sum(jnp.where(valid, (model(params, x) - y) ** 2, 0.0)) / jnp.sum(valid)


def r9_mae_inverted(params, x, y, valid):
    return jnp.sum(jnp.where(~valid, jnp.abs(model(params, x) - y), 0.0)) / jnp.sum(~valid)


def r9_mae_zero_filler(params, x, y, valid):
    real = x != 0.0  # fillers are the zeros of the page's example
    return jnp.sum(jnp.where(real, jnp.abs(model(params, x) - y), 0.0)) / jnp.sum(real)


def r9_mae_mask_inputs(params, x, y, valid):
    x = jnp.where(valid, x, 0.0)
    y = jnp.where(valid, y, 0.0)
    return jnp.mean(jnp.abs(model(params, x) - y))


def r9_mae_sum_only(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0))


def r9_mae_abs_of_sum(params, x, y, valid):
    return jnp.abs(jnp.sum(jnp.where(valid, model(params, x) - y, 0.0))) / jnp.sum(valid)


ROUND_9 = [
    # column_spec
    Wrong(
        "10.column_spec",
        "split columns over batch only: 16 per device, twice",
        lambda: P(None, "batch"),
    ),
    Wrong(
        "10.column_spec",
        "split the channels, as the rows were split before",
        lambda: P("batch", None),
    ),
    Wrong(
        "10.column_spec", "both axes in one tuple on the first entry", lambda: P(("batch", "model"))
    ),
    Wrong(
        "10.column_spec",
        "rows over batch, columns over model (page's 2-D spec)",
        lambda: P("batch", "model"),
    ),
    Wrong(
        "10.column_spec",
        "swapped: rows over model, columns over batch",
        lambda: P("model", "batch"),
    ),
    Wrong("10.column_spec", "columns over model only", lambda: P(None, "model")),
    Wrong("10.column_spec", "replicated everywhere", lambda: P()),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong("10.column_spec", "the spec written as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong(
        "10.column_spec",
        "a NamedSharding instead of the spec",
        lambda: jax.sharding.NamedSharding(
            jax.make_mesh((len(jax.devices()),), ("batch",)), P(None, "batch")
        ),
    ),
    # predict_sums
    Wrong("10.predict_sums", "A: thought both sums keep the split", lambda: "A"),
    Wrong("10.predict_sums", "C: thought devices gather rows first", lambda: "C"),
    Wrong("10.predict_sums", "D: axes mixed up", lambda: "D"),
    Wrong("10.predict_sums", "E: thought every reduction replicates", lambda: "E"),
    Wrong("10.predict_sums", "both letters with the same layouts", lambda: "B/C"),
    Wrong("10.predict_sums", "C with an all-gather reason", lambda: "C - all-gather then sum"),
    Wrong("10.predict_sums", "named the collective instead of a letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "A in lower case", lambda: "a"),
    # fix_loss
    Wrong("10.fix_loss", "plain mean: fillers counted", lambda: r9_mae_all_points),
    Wrong("10.fix_loss", "boolean indexing: fails under jit", lambda: r9_mae_boolean_index),
    Wrong("10.fix_loss", "masked sum over the padded length", lambda: r9_mae_divide_len),
    Wrong("10.fix_loss", "jnp.mean of the zeroed errors", lambda: r9_mae_mean_of_where),
    Wrong("10.fix_loss", "kept the page's per-device division", lambda: r9_mae_per_device),
    Wrong("10.fix_loss", "squared error instead of absolute", lambda: r9_mae_squared),
    Wrong("10.fix_loss", "mask inverted: averaged the fillers", lambda: r9_mae_inverted),
    Wrong("10.fix_loss", "x != 0 as the mask, valid ignored", lambda: r9_mae_zero_filler),
    Wrong(
        "10.fix_loss", "zeroed x and y as the page did, then plain mean", lambda: r9_mae_mask_inputs
    ),
    Wrong("10.fix_loss", "forgot to divide: masked sum", lambda: r9_mae_sum_only),
    Wrong("10.fix_loss", "abs of the summed error, not sum of abs", lambda: r9_mae_abs_of_sum),
]

RIGHT_9 = [
    Right("10.column_spec", "columns over both mesh axes", lambda: P(None, ("batch", "model"))),
    Right("10.column_spec", "axes in the other order", lambda: P(None, ("model", "batch"))),
    Right(
        "10.column_spec",
        "full PartitionSpec name, tuple of axes",
        lambda: PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.predict_sums", "B with a reason", lambda: "B: partial sums, then all-reduce"),
    Right("10.fix_loss", "where, sum, divide by the count", lambda: r9_mae_where),
    Right("10.fix_loss", "jnp.mean with where=valid", lambda: r9_mae_mean_where),
    Right("10.fix_loss", "nanmean over NaN for fillers", lambda: r9_mae_nanmean),
    Right("10.fix_loss", "float count of the mask", lambda: r9_mae_count_float),
]
