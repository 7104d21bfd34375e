"""Round 15, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# the lesson's model, as the page defines it


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _errors(params, x, y):
    return jnp.maximum(jnp.abs(model(params, x) - y) - 0.0, 0.0)  # variant 0: no tolerance


# ---------------------------------------------------------------- 10.fix_loss


def r15_mae_pmean_local_means(params, x, y, valid):
    err = _errors(params, x, y)
    local = jnp.sum(jnp.where(valid, err, 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r15_mae_all_points(params, x, y, valid):
    err = _errors(params, x, y)
    return jax.lax.pmean(jnp.sum(err * valid) / x.shape[0], "batch")  # fillers in the count


def r15_mae_unchanged(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r15_mae_pmean_total(params, x, y, valid):
    err = _errors(params, x, y)
    total = jax.lax.pmean(jnp.sum(jnp.where(valid, err, 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r15_mae_sixty(params, x, y, valid):
    err = _errors(params, x, y)
    return jax.lax.psum(jnp.sum(jnp.where(valid, err, 0.0)), "batch") / 60


def r15_mae_local_where(params, x, y, valid):
    err = _errors(params, x, y)
    return jax.lax.pmean(jnp.mean(err, where=valid), "batch")  # nan on an all-filler device


def r15_mae_mask_inputs(params, x, y, valid):
    x = jnp.where(valid, x, 0.0)
    y = jnp.where(valid, y, 0.0)
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r15_mae_sum_only(params, x, y, valid):
    err = _errors(params, x, y)
    return jax.lax.psum(jnp.sum(jnp.where(valid, err, 0.0)), "batch")


def r15_mae_squared(params, x, y, valid):
    err = (model(params, x) - y) ** 2
    return jax.lax.psum(jnp.sum(err * valid), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r15_mae_device_count(params, x, y, valid):
    err = _errors(params, x, y)
    n_real = jax.lax.psum(jnp.sum(valid), "batch")
    return jax.lax.pmean(jnp.sum(jnp.where(valid, err, 0.0)), "batch") * 8 / n_real


def r15_mae_psum_where(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    total = jax.lax.psum(err.sum(), "batch")
    count = jax.lax.psum(jnp.count_nonzero(valid), "batch")
    return total / count


def r15_mae_dot(params, x, y, valid):
    weights = valid.astype(jnp.float32)
    err = _errors(params, x, y)
    num, den = jax.lax.psum((jnp.dot(err, weights), weights.sum()), "batch")
    return num / den


def r15_mae_psum_mask(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    mask = valid.astype(err.dtype)
    share = jax.lax.psum(mask.sum(), "batch")
    return jax.lax.psum(jnp.sum(err * mask / share), "batch")


def r15_mae_unmasked_total(params, x, y, valid):
    err = _errors(params, x, y)
    return jax.lax.psum(err.sum(), "batch") / jax.lax.psum(valid.sum(), "batch")


ROUND_15 = [
    Wrong("10.column_spec", "P('batch', 'model'): channels split too", lambda: P("batch", "model")),
    Wrong("10.column_spec", "examples over 'batch' only: 16 each, on 2", lambda: P(None, "batch")),
    Wrong("10.column_spec", "examples over 'model' only", lambda: P(None, "model")),
    Wrong("10.column_spec", "tuple of axes on the channel axis", lambda: P(("batch", "model"))),
    Wrong(
        "10.column_spec", "tuple of axes first, None second", lambda: P(("batch", "model"), None)
    ),
    Wrong("10.column_spec", "replicated P()", lambda: P()),
    Wrong("10.column_spec", "three entries for a 2-d array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "the spec typed as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong(
        "10.column_spec", "P('model', 'batch'): axes swapped per dim", lambda: P("model", "batch")
    ),
    Wrong("10.predict_sums", "A: both split", lambda: "A"),
    Wrong("10.predict_sums", "C: all-gather first", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "two letters sharing the layouts", lambda: "BC"),
    Wrong("10.predict_sums", "C with a trailing comment", lambda: "C  # all-gather"),
    Wrong("10.predict_sums", "the exchange's name, no letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "lower-case d", lambda: "d"),
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r15_mae_pmean_local_means),
    Wrong("10.fix_loss", "divides by every point, fillers too", lambda: r15_mae_all_points),
    Wrong("10.fix_loss", "mae_device unchanged, mask ignored", lambda: r15_mae_unchanged),
    Wrong("10.fix_loss", "pmean of the total over psum of the count", lambda: r15_mae_pmean_total),
    Wrong("10.fix_loss", "divides by 60, the lesson's real points", lambda: r15_mae_sixty),
    Wrong("10.fix_loss", "local mean(where=valid), then pmean", lambda: r15_mae_local_where),
    Wrong("10.fix_loss", "masks x and y to 0, fillers still counted", lambda: r15_mae_mask_inputs),
    Wrong("10.fix_loss", "total error, never divided", lambda: r15_mae_sum_only),
    Wrong("10.fix_loss", "squared error copied from loss", lambda: r15_mae_squared),
    Wrong("10.fix_loss", "pmean total times a hard-coded 8 devices", lambda: r15_mae_device_count),
    Wrong(
        "10.fix_loss",
        "real-point count, but fillers' errors summed",
        lambda: r15_mae_unmasked_total,
    ),
]

RIGHT_15 = [
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: P(None, ("batch", "model"))),
    Right("10.column_spec", "mesh axes in the other order", lambda: P(None, ("model", "batch"))),
    Right(
        "10.column_spec",
        "PartitionSpec by its full name",
        lambda: PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right(
        "10.fix_loss", "psum of masked sum over psum of count_nonzero", lambda: r15_mae_psum_where
    ),
    Right("10.fix_loss", "one psum of a (dot, count) tuple", lambda: r15_mae_dot),
    Right("10.fix_loss", "each error over the global count, then psum", lambda: r15_mae_psum_mask),
]
