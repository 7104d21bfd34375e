"""Round 18, lesson 10 (many devices): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# ---- 10.column_spec: readings (3, 64) on mesh2d, 8 examples per device ---------------

# ---- 10.predict_sums: layouts of x_rows.sum(axis=1) and sum(axis=0) -----------------

# ---- 10.fix_loss: masked MAE of the whole padded batch, one device's program ---------


def r18_fix_unmasked(params, x, y, valid):
    # mae_device copied: the fillers count
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r18_fix_pmean_of_local_means(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    local = jnp.sum(jnp.where(valid, errors, 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r18_fix_mask_then_mean(params, x, y, valid):
    # fillers zeroed, but still counted in the mean
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y) * valid), "batch")


def r18_fix_divide_by_60(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)), "batch")
    return total / 60


def r18_fix_divide_by_local_size(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)), "batch")
    return total / x.shape[0]


def r18_fix_sum_not_mean(params, x, y, valid):
    return jax.lax.psum(jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)), "batch")


def r18_fix_boolean_index(params, x, y, valid):
    errors = jnp.abs(model(params, x[valid]) - y[valid])
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(errors.shape[0], "batch")


def r18_fix_squared(params, x, y, valid):
    # lesson 08's squared error kept
    errors = (model(params, x) - y) ** 2
    total = jax.lax.psum(jnp.sum(jnp.where(valid, errors, 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r18_fix_masked_inputs(params, x, y, valid):
    # zeroed the fillers' x and y, as the lesson padded them, not their errors
    errors = jnp.abs(model(params, jnp.where(valid, x, 0.0)) - jnp.where(valid, y, 0.0))
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r18_fix_no_collective(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.sum(errors) / jnp.sum(valid)


def r18_fix_model_axis(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(errors), "model") / jax.lax.psum(jnp.sum(valid), "model")


def r18_fix_right_psum_ratio(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r18_fix_right_pmean_ratio(params, x, y, valid):
    mask = valid.astype(jnp.float32)
    numerator = jax.lax.pmean(jnp.sum(mask * jnp.abs(model(params, x) - y)), "batch")
    denominator = jax.lax.pmean(jnp.sum(mask), "batch")
    return numerator / denominator


def r18_fix_right_one_psum(params, x, y, valid):
    tolerance = 0.0
    errors = jnp.maximum(jnp.abs(model(params, x) - y) - tolerance, 0.0)
    errors = jnp.where(valid, errors, 0.0)
    total, count = jax.lax.psum(
        jnp.stack([errors.sum(), valid.sum().astype(errors.dtype)]), "batch"
    )
    return total / count


ROUND_18 = [
    Wrong("10.column_spec", "P('batch'): split the first axis, as for x", lambda: P("batch")),
    Wrong(
        "10.column_spec", "P(None, 'batch'): columns split 4 ways only", lambda: P(None, "batch")
    ),
    Wrong("10.column_spec", "P(None, 'model'): columns split 2 ways", lambda: P(None, "model")),
    Wrong(
        "10.column_spec",
        "P('batch', 'model') copied from the 2-D example",
        lambda: P("batch", "model"),
    ),
    Wrong("10.column_spec", "both axes as a tuple, but on the rows", lambda: P(("batch", "model"))),
    Wrong(
        "10.column_spec", "P('model', 'batch'): channels over model", lambda: P("model", "batch")
    ),
    Wrong(
        "10.column_spec",
        "one entry per mesh axis: three entries",
        lambda: P(None, "batch", "model"),
    ),
    Wrong("10.column_spec", "P(): every device holds everything", lambda: P()),
    Wrong("10.column_spec", "a plain tuple, no PartitionSpec", lambda: (None, ("batch", "model"))),
    Wrong("10.predict_sums", "typed A: both sums stay split", lambda: "A"),
    Wrong("10.predict_sums", "typed C: all-gather the rows first", lambda: "C"),
    Wrong("10.predict_sums", "typed D: the layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "typed E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "typed the exchange, not the letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "hedged between the two split; replicated", lambda: "B or C"),
    Wrong(
        "10.predict_sums", "typed the layouts in words", lambda: 'split over "batch"; replicated'
    ),
    Wrong("10.predict_sums", "left the placeholder ...", lambda: ...),
    Wrong("10.predict_sums", "E, with the all-reduce as its reason", lambda: "E: all-reduce"),
    Wrong("10.fix_loss", "mae_device copied, mask ignored", lambda: r18_fix_unmasked),
    Wrong(
        "10.fix_loss", "pmean of each device's masked mean", lambda: r18_fix_pmean_of_local_means
    ),
    Wrong("10.fix_loss", "errors times valid, then mean and pmean", lambda: r18_fix_mask_then_mean),
    Wrong("10.fix_loss", "psum of masked errors divided by 60", lambda: r18_fix_divide_by_60),
    Wrong(
        "10.fix_loss", "psum divided by the local x.shape[0]", lambda: r18_fix_divide_by_local_size
    ),
    Wrong("10.fix_loss", "psum of masked errors, never divided", lambda: r18_fix_sum_not_mean),
    Wrong("10.fix_loss", "boolean indexing x[valid], NumPy style", lambda: r18_fix_boolean_index),
    Wrong("10.fix_loss", "squared error kept from lesson 08", lambda: r18_fix_squared),
    Wrong("10.fix_loss", "masked x and y, not the errors", lambda: r18_fix_masked_inputs),
    Wrong("10.fix_loss", "local masked mean, no psum or pmean", lambda: r18_fix_no_collective),
    Wrong("10.fix_loss", "psum over 'model' instead of 'batch'", lambda: r18_fix_model_axis),
]

RIGHT_18 = [
    Right(
        "10.column_spec",
        "examples over both axes, batch first",
        lambda: P(None, ("batch", "model")),
    ),
    Right(
        "10.column_spec",
        "examples over both axes, model first",
        lambda: P(None, ("model", "batch")),
    ),
    Right(
        "10.column_spec",
        "full PartitionSpec name, list of axes",
        lambda: jax.sharding.PartitionSpec(None, ["batch", "model"]),
    ),
    Right("10.predict_sums", "lower-case b", lambda: "b"),
    Right("10.predict_sums", "B with a leading space", lambda: " B"),
    Right("10.predict_sums", "B with a full stop", lambda: "B."),
    Right("10.fix_loss", "psum of masked sum over psum of count", lambda: r18_fix_right_psum_ratio),
    Right(
        "10.fix_loss", "pmean of numerator over pmean of count", lambda: r18_fix_right_pmean_ratio
    ),
    Right(
        "10.fix_loss", "one psum of (total, count), tolerance 0.0", lambda: r18_fix_right_one_psum
    ),
]
