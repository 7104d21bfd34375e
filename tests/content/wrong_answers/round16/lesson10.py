"""Round 16, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

n_devices = 8  # as the page printed it


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# ------------------------------------------------------------- 10.fix_loss


def _errors(params, x, y):
    return jnp.abs(model(params, x) - y)


def r16_mae_mean_of_means(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y), where=valid), "batch")


def r16_mae_local_size(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / x.shape[0]


def r16_mae_sixty(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / 60


def r16_mae_all_points(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / jax.lax.psum(x.shape[0], "batch")


def r16_mae_no_mask(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)), "batch")


def r16_mae_local_count(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / jnp.sum(valid)


def r16_mae_zeroed_inputs(params, x, y, valid):
    x = jnp.where(valid, x, 0.0)
    y = jnp.where(valid, y, 0.0)
    total = jax.lax.psum(jnp.sum(_errors(params, x, y)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r16_mae_bool_index(params, x, y, valid):
    errors = _errors(params, x, y)[valid]
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(errors.shape[0], "batch")


def r16_mae_times_devices(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / (jnp.sum(valid) * n_devices)


def r16_mae_squared(params, x, y, valid):
    squares = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(squares), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r16_mae_psum_of_means(params, x, y, valid):
    local = jnp.mean(jnp.where(valid, _errors(params, x, y), 0.0))
    return jax.lax.psum(local, "batch") / n_devices


def r16_mae_inverted_mask(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(~valid, _errors(params, x, y), 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r16_mae_local_numerator(params, x, y, valid):
    total = jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0))
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r16_mae_model_axis(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "model")
    return total / jax.lax.psum(jnp.sum(valid), "model")


def r16_mae_where(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r16_mae_multiply(params, x, y, valid):
    weights = valid.astype(jnp.float32)
    total = jax.lax.psum(jnp.dot(_errors(params, x, y), weights), "batch")
    return total / jax.lax.psum(weights.sum(), "batch")


def r16_mae_one_psum(params, x, y, valid):
    errors = jnp.maximum(_errors(params, x, y) - 0.0, 0.0)
    local = jnp.stack([jnp.sum(errors, where=valid), jnp.count_nonzero(valid).astype(jnp.float32)])
    total, count = jax.lax.psum(local, "batch")
    return total / count


def r16_mae_weighted_pmean(params, x, y, valid):
    local_sum = jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0))
    local_count = jnp.sum(valid)
    return jax.lax.pmean(local_sum, "batch") / jax.lax.pmean(local_count, "batch")


ROUND_16 = [
    # 10.column_spec
    Wrong(
        "10.column_spec",
        "P(('batch', 'model')): splits the channels",
        lambda: P(("batch", "model")),
    ),
    Wrong(
        "10.column_spec", "P(None, 'batch'): 16 examples, on 2 devices", lambda: P(None, "batch")
    ),
    Wrong("10.column_spec", "P(None, 'model'): 32 examples a device", lambda: P(None, "model")),
    Wrong("10.column_spec", "P('batch', 'model'): both axes split", lambda: P("batch", "model")),
    Wrong(
        "10.column_spec", "P('model', 'batch'): channels over model", lambda: P("model", "batch")
    ),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "P() replicated", lambda: P()),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong(
        "10.column_spec", "P(None, ('batch',)): a 1-tuple of one axis", lambda: P(None, ("batch",))
    ),
    Wrong("10.column_spec", "the spec as a string", lambda: "P(None, ('batch', 'model'))"),
    # 10.predict_sums
    Wrong("10.predict_sums", "A: both split", lambda: "A"),
    Wrong("10.predict_sums", "C: all-gather then sum", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "format: lower case b", lambda: "b"),
    Wrong("10.predict_sums", "format: letter with a parenthesis", lambda: "B)"),
    Wrong("10.predict_sums", "both options that share the layouts", lambda: "B, C"),
    Wrong("10.predict_sums", "format: letter and the exchange", lambda: "B (all-reduce)"),
    # 10.fix_loss
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r16_mae_mean_of_means),
    Wrong("10.fix_loss", "psum of masked sums over x.shape[0]", lambda: r16_mae_local_size),
    Wrong("10.fix_loss", "psum of masked sums over the page's 60", lambda: r16_mae_sixty),
    Wrong("10.fix_loss", "divided by all points, filler included", lambda: r16_mae_all_points),
    Wrong("10.fix_loss", "mae_device unchanged, no mask", lambda: r16_mae_no_mask),
    Wrong("10.fix_loss", "global sum over the local count", lambda: r16_mae_local_count),
    Wrong(
        "10.fix_loss",
        "x and y zeroed where filler, as the page pads",
        lambda: r16_mae_zeroed_inputs,
    ),
    Wrong("10.fix_loss", "boolean index errors[valid]", lambda: r16_mae_bool_index),
    Wrong(
        "10.fix_loss", "count guessed as local count times n_devices", lambda: r16_mae_times_devices
    ),
    Wrong("10.fix_loss", "squared error, as lesson 08's loss", lambda: r16_mae_squared),
    Wrong("10.fix_loss", "psum of zero-filled local means over 8", lambda: r16_mae_psum_of_means),
    Wrong("10.fix_loss", "mask inverted: filler errors summed", lambda: r16_mae_inverted_mask),
    Wrong("10.fix_loss", "numerator not summed over the devices", lambda: r16_mae_local_numerator),
    Wrong("10.fix_loss", "psum over 'model', an axis the mesh lacks", lambda: r16_mae_model_axis),
]
RIGHT_16 = [
    Right(
        "10.column_spec", "examples over ('model', 'batch')", lambda: P(None, ("model", "batch"))
    ),
    Right(
        "10.column_spec",
        "full name jax.sharding.PartitionSpec",
        lambda: jax.sharding.PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: P(None, ("batch", "model"))),
    Right("10.predict_sums", "B: split; replicated by an all-reduce", lambda: "B"),
    Right("10.fix_loss", "psum of masked sum over psum of count", lambda: r16_mae_where),
    Right("10.fix_loss", "dot with float mask weights", lambda: r16_mae_multiply),
    Right("10.fix_loss", "one psum of [sum, count], tolerance 0 kept", lambda: r16_mae_one_psum),
    Right("10.fix_loss", "ratio of two pmeans", lambda: r16_mae_weighted_pmean),
]
