"""Round 21, lesson 10 (Spread arrays and a training step over eight devices): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# The lesson's model (lesson 08's quadratic), as its setup cell defines it.
def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# ---- 10.column_spec: (3, 64) readings, 8 examples per device on the (4, 2) mesh ------
# (answers are PartitionSpecs: no mesh needs building for them)

# ---- 10.predict_sums: layouts of x_rows.sum(axis=1) and .sum(axis=0), and the exchange


# ---- 10.fix_loss: masked mean absolute error of a padded batch, per device ----------


def r21_fix_pmean_of_local_masked_means(params, x, y, valid):
    # each device's mean over its own real points, then the mean of those means
    err = jnp.abs(model(params, x) - y)
    local = jnp.sum(jnp.where(valid, err, 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r21_fix_mean_over_all_points(params, x, y, valid):
    # zeroes the fillers' errors but still divides by every point, fillers included
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.mean(err), "batch")


def r21_fix_divides_by_60(params, x, y, valid):
    # the lesson's 60 real points, hard-coded
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / 60


def r21_fix_divides_by_local_size(params, x, y, valid):
    # "each device sees its slice", so divide by the slice size after psum
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / x.shape[0]


def r21_fix_no_mask(params, x, y, valid):
    # mae_device unchanged: the filler points count as real ones
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r21_fix_masks_x_only(params, x, y, valid):
    # zeroes the filler inputs, as the lesson's padding cell did, not their errors
    x = jnp.where(valid, x, 0.0)
    err = jnp.abs(model(params, x) - y)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r21_fix_psum_of_local_ratios(params, x, y, valid):
    # local masked mean, then psum (adds the 8 means instead of averaging)
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err) / jnp.maximum(jnp.sum(valid), 1), "batch")


def r21_fix_no_collective(params, x, y, valid):
    # forgot the communication: returns this device's own masked mean
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.sum(err) / jnp.sum(valid)


def r21_fix_squared_error(params, x, y, valid):
    # masked correctly, but the lesson 08 loss (squared error), not the absolute one
    err = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r21_fix_pmean_sum_over_psum_count(params, x, y, valid):
    # numerator averaged over devices, denominator added up: 8 times too small
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r21_fix_counts_nonzero_x(params, x, y, valid):
    # the lesson's fillers were 0.0, so "real point" is read as x != 0
    real = x != 0.0
    err = jnp.where(real, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(real), "batch")


def r21_fix_boolean_index(params, x, y, valid):
    # NumPy habit: keep the real points with err[valid]
    err = jnp.abs(model(params, x) - y)[valid]
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(err.shape[0], "batch")


def r21_fix_wrong_axis_name(params, x, y, valid):
    # psum over the 2-D mesh's "model" axis, which this mesh does not have
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "model") / jax.lax.psum(jnp.sum(valid), "model")


def r21_fix_right_psum_stacked(params, x, y, valid):
    # one psum of a stacked (sum, count) pair
    err = jnp.abs(model(params, x) - y) * valid.astype(x.dtype)
    totals = jax.lax.psum(jnp.stack([jnp.sum(err), jnp.sum(valid.astype(x.dtype))]), "batch")
    return totals[0] / totals[1]


def r21_fix_right_pmean_ratio(params, x, y, valid):
    # the ratio of two device means is the ratio of the two totals
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    mean_err = jax.lax.pmean(jnp.sum(err), "batch")
    mean_count = jax.lax.pmean(jnp.sum(valid.astype(jnp.float32)), "batch")
    return mean_err / mean_count


def r21_fix_right_tolerance_kept(params, x, y, valid):
    # the variant's formula written out: max(|error| - 0.0, 0), psum of a tuple
    err = jnp.maximum(jnp.abs(model(params, x) - y) - 0.0, 0.0)
    total, count = jax.lax.psum(
        (jnp.sum(err, where=valid), jnp.count_nonzero(valid)), "batch"
    )
    return total / count


ROUND_21 = [
    # 10.column_spec
    Wrong("10.column_spec", "copied P('batch', 'model') from the 2-D example",
          lambda: P("batch", "model")),
    Wrong("10.column_spec", "split the examples over 'batch' only",
          lambda: P(None, "batch")),
    Wrong("10.column_spec", "split the examples over 'model' only",
          lambda: P(None, "model")),
    Wrong("10.column_spec", "both mesh axes on the channels axis (axis 0)",
          lambda: P(("batch", "model"))),
    Wrong("10.column_spec", "swapped the mesh axes: P('model', 'batch')",
          lambda: P("model", "batch")),
    Wrong("10.column_spec", "one entry per mesh axis after None: 3 entries",
          lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "P(): thought every device needs all channels",
          lambda: P()),
    Wrong("10.column_spec", "P('batch'), the data-parallel spec of the page",
          lambda: P("batch")),
    Wrong("10.column_spec", "a plain tuple, forgot to wrap it in P",
          lambda: (None, ("batch", "model"))),
    Wrong("10.column_spec", "typed the spec as a string",
          lambda: "P(None, ('batch', 'model'))"),
    Wrong("10.column_spec", "used the 3-D mesh's axis names a, b, c",
          lambda: P(None, ("a", "b", "c"))),
    # 10.predict_sums
    Wrong("10.predict_sums", "typed A: a sum keeps its input's layout",
          lambda: "A"),
    Wrong("10.predict_sums", "typed C: gather the rows first, then add",
          lambda: "C"),
    Wrong("10.predict_sums", "typed D: mixed up which axis is summed",
          lambda: "D"),
    Wrong("10.predict_sums", "typed E: any reduction ends replicated",
          lambda: "E"),
    Wrong("10.predict_sums", "hedged between the two: 'B or C'",
          lambda: "B or C"),
    Wrong("10.predict_sums", "typed the name of the exchange, not a letter",
          lambda: "all-reduce"),
    Wrong("10.predict_sums", "typed the option's number, counted from 0",
          lambda: "1"),
    Wrong("10.predict_sums", "typed the layouts, not a letter",
          lambda: 'split over "batch"; replicated'),
    Wrong("10.predict_sums", "a tuple of letter and exchange",
          lambda: ("B", "all-reduce")),
    Wrong("10.predict_sums", "typed the name of C's exchange, all-gather",
          lambda: "all-gather"),
    # 10.fix_loss
    Wrong("10.fix_loss", "pmean of each device's masked mean",
          lambda: r21_fix_pmean_of_local_masked_means),
    Wrong("10.fix_loss", "zeroed filler errors, still jnp.mean over all",
          lambda: r21_fix_mean_over_all_points),
    Wrong("10.fix_loss", "psum of the masked sum, divided by 60",
          lambda: r21_fix_divides_by_60),
    Wrong("10.fix_loss", "divided the psum by the local x.shape[0]",
          lambda: r21_fix_divides_by_local_size),
    Wrong("10.fix_loss", "mae_device as it is: no mask",
          lambda: r21_fix_no_mask),
    Wrong("10.fix_loss", "masked x to 0 instead of the errors",
          lambda: r21_fix_masks_x_only),
    Wrong("10.fix_loss", "psum of each device's masked mean",
          lambda: r21_fix_psum_of_local_ratios),
    Wrong("10.fix_loss", "no psum/pmean: returns the local mean",
          lambda: r21_fix_no_collective),
    Wrong("10.fix_loss", "masked squared error instead of absolute",
          lambda: r21_fix_squared_error),
    Wrong("10.fix_loss", "pmean of the sums over psum of the counts",
          lambda: r21_fix_pmean_sum_over_psum_count),
    Wrong("10.fix_loss", "real points found as x != 0, not from valid",
          lambda: r21_fix_counts_nonzero_x),
    Wrong("10.fix_loss", "NumPy boolean indexing err[valid]",
          lambda: r21_fix_boolean_index),
    Wrong("10.fix_loss", "psum over 'model', an axis this mesh lacks",
          lambda: r21_fix_wrong_axis_name),
]

RIGHT_21 = [
    Right("10.column_spec", "mesh axes in the other order, ('model', 'batch')",
          lambda: P(None, ("model", "batch"))),
    Right("10.column_spec", "the axes as a list, full PartitionSpec name",
          lambda: jax.sharding.PartitionSpec(None, ["batch", "model"])),
    Right("10.column_spec", "jax.P with the tuple of both axes",
          lambda: jax.P(None, ("batch", "model"))),
    Right("10.predict_sums", "lower case 'b'", lambda: "b"),
    Right("10.predict_sums", "' B' with a leading space", lambda: " B"),
    Right("10.predict_sums", "'B.' with a full stop", lambda: "B."),
    Right("10.fix_loss", "one psum of stacked (sum, count)",
          lambda: r21_fix_right_psum_stacked),
    Right("10.fix_loss", "pmean of sum over pmean of count",
          lambda: r21_fix_right_pmean_ratio),
    Right("10.fix_loss", "sum(where=valid), count_nonzero, psum of a tuple",
          lambda: r21_fix_right_tolerance_kept),
]
