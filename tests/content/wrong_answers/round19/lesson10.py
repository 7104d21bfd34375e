"""Round 19, lesson 10 (Spread arrays and a training step over eight devices).

Answers from the lesson's text alone.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup ---------------------------------------------------------------


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _mesh2d():
    """The lesson's (4, 2) mesh, built only when an answer needs it."""
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    return jax.make_mesh(
        (len(devices) // 2, 2),
        ("batch", "model"),
        axis_types=(AxisType.Explicit,) * 2,
        devices=devices,
    )


# ---- 10.column_spec: (3, 64) readings, 8 examples per device, each on one -----------
# ---- 10.predict_sums: prediction, B ---------------------------------------------------

# ---- 10.fix_loss: masked mean absolute error of the whole padded batch ---------------

TOL = 0.0  # this page's variant


def r19_fix_unchanged(params, x, y, valid):
    # the lesson's mae_device: filler points counted
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r19_fix_mean_of_means(params, x, y, valid):
    # each device's masked mean, then the mean over devices
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err) / jnp.sum(valid), "batch")


def r19_fix_zeros_in_mean(params, x, y, valid):
    # masked errors set to 0, but still counted in the mean
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.mean(err), "batch")


def r19_fix_sixty(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / 60


def r19_fix_no_collective(params, x, y, valid):
    # forgot the psum: each device's own masked mean
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.sum(err) / jnp.sum(valid)


def r19_fix_bool_index(params, x, y, valid):
    # NumPy habit: boolean indexing
    err = jnp.abs(model(params, x[valid]) - y[valid])
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(err.shape[0], "batch")


def r19_fix_squared(params, x, y, valid):
    err = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r19_fix_mask_inverted(params, x, y, valid):
    err = jnp.where(valid, 0.0, jnp.abs(model(params, x) - y))
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r19_fix_zeroed_inputs(params, x, y, valid):
    # zeroed the filler x and y as the lesson's cell did; their error |c| still counts
    x0 = jnp.where(valid, x, 0.0)
    y0 = jnp.where(valid, y, 0.0)
    err = jnp.abs(model(params, x0) - y0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r19_fix_pmean_over_psum(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r19_fix_model_axis(params, x, y, valid):
    # the other mesh's axis name
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "model") / jax.lax.psum(jnp.sum(valid), "model")


def r19_fix_other_tolerance(params, x, y, valid):
    # applied a tolerance of 0.1 from another variant
    err = jnp.maximum(jnp.abs(model(params, x) - y) - 0.1, 0.0)
    err = jnp.where(valid, err, 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r19_fix_per_point(params, x, y, valid):
    # returned the masked errors themselves, not their mean
    return jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)


def r19_fix_right_tuple_psum(params, x, y, valid):
    err = jnp.maximum(jnp.abs(model(params, x) - y) - TOL, 0.0)
    total, count = jax.lax.psum(
        (jnp.sum(jnp.where(valid, err, 0.0)), jnp.sum(valid.astype(jnp.float32))), "batch"
    )
    return total / count


def r19_fix_right_pmean_ratio(params, x, y, valid):
    # a ratio of two means over the devices is the ratio of the sums
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(err.sum(), "batch") / jax.lax.pmean(valid.sum(dtype=jnp.float32), "batch")


def r19_fix_right_select(params, x, y, valid):
    diff = model(params, x) - y
    err = jax.lax.select(valid, jnp.abs(diff), jnp.zeros_like(diff))
    summed = jax.lax.psum(
        jnp.stack([err.sum(), jnp.count_nonzero(valid).astype(err.dtype)]), "batch"
    )
    return summed[0] / summed[1]


ROUND_19 = [
    Wrong("10.column_spec", "P('batch'): split the channel rows", lambda: P("batch")),
    Wrong(
        "10.column_spec", "P(None, 'batch'): each example on 2 devices", lambda: P(None, "batch")
    ),
    Wrong("10.column_spec", "P(None, 'model'): 32 examples per device", lambda: P(None, "model")),
    Wrong("10.column_spec", "P(('batch', 'model')) on axis 0", lambda: P(("batch", "model"))),
    Wrong("10.column_spec", "the lesson's P('batch', 'model')", lambda: P("batch", "model")),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "P(): replicated everywhere", lambda: P()),
    Wrong("10.column_spec", "P('model', 'batch'): both axes split", lambda: P("model", "batch")),
    Wrong(
        "10.column_spec",
        "a NamedSharding, not the PartitionSpec",
        lambda: NamedSharding(_mesh2d(), P(None, ("batch", "model"))),
    ),
    Wrong("10.column_spec", "the cube mesh's axis names a, b, c", lambda: P(None, ("a", "b", "c"))),
    Wrong(
        "10.column_spec",
        "a string of the spec, not a PartitionSpec",
        lambda: "P(None, ('batch', 'model'))",
    ),
    Wrong("10.predict_sums", "typed A: both sums stay split", lambda: "A"),
    Wrong("10.predict_sums", "typed C: thought the rows are all-gathered", lambda: "C"),
    Wrong("10.predict_sums", "typed D: swapped the two layouts", lambda: "D"),
    Wrong("10.predict_sums", "typed E: every sum is replicated", lambda: "E"),
    Wrong("10.predict_sums", "hedged between B and C", lambda: "B or C"),
    Wrong("10.predict_sums", "named the exchange, not the letter", lambda: "all-reduce"),
    Wrong(
        "10.predict_sums",
        "wrote the layouts in words, no letter",
        lambda: "split over batch; replicated",
    ),
    Wrong("10.predict_sums", "the option's number, 2", lambda: 2),
    Wrong("10.predict_sums", "wrote the layouts as PartitionSpecs", lambda: "P('batch'), P()"),
    Wrong("10.predict_sums", "named another collective, reduce-scatter", lambda: "reduce-scatter"),
    Wrong(
        "10.fix_loss", "the lesson's mae_device: filler points counted", lambda: r19_fix_unchanged
    ),
    Wrong("10.fix_loss", "masked mean per device, then pmean", lambda: r19_fix_mean_of_means),
    Wrong(
        "10.fix_loss", "filler errors zeroed but counted in the mean", lambda: r19_fix_zeros_in_mean
    ),
    Wrong("10.fix_loss", "divided by a hard-coded 60", lambda: r19_fix_sixty),
    Wrong("10.fix_loss", "no psum: each device's own masked mean", lambda: r19_fix_no_collective),
    Wrong("10.fix_loss", "boolean indexing x[valid]", lambda: r19_fix_bool_index),
    Wrong("10.fix_loss", "squared error instead of absolute", lambda: r19_fix_squared),
    Wrong("10.fix_loss", "mask inverted: kept the filler errors", lambda: r19_fix_mask_inverted),
    Wrong(
        "10.fix_loss",
        "zeroed filler x, y; their error |c| still counts",
        lambda: r19_fix_zeroed_inputs,
    ),
    Wrong(
        "10.fix_loss", "pmean of the sums over psum of the counts", lambda: r19_fix_pmean_over_psum
    ),
    Wrong("10.fix_loss", "psum over 'model', an axis this mesh lacks", lambda: r19_fix_model_axis),
    Wrong(
        "10.fix_loss", "applied another variant's tolerance of 0.1", lambda: r19_fix_other_tolerance
    ),
    Wrong("10.fix_loss", "returned each point's masked error, no mean", lambda: r19_fix_per_point),
]

RIGHT_19 = [
    Right(
        "10.column_spec",
        "batch then model, as a tuple on axis 1",
        lambda: P(None, ("batch", "model")),
    ),
    Right(
        "10.column_spec",
        "model then batch: another order, still one each",
        lambda: P(None, ("model", "batch")),
    ),
    Right(
        "10.column_spec",
        "jax.sharding.PartitionSpec spelled out",
        lambda: jax.sharding.PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.predict_sums", "lower case with a space", lambda: " b"),
    Right("10.predict_sums", "letter with a full stop", lambda: "B."),
    Right("10.predict_sums", "plain capital", lambda: "B"),
    Right("10.fix_loss", "one psum of a (sum, count) tuple", lambda: r19_fix_right_tuple_psum),
    Right(
        "10.fix_loss", "pmean of the sum over pmean of the count", lambda: r19_fix_right_pmean_ratio
    ),
    Right(
        "10.fix_loss", "lax.select, count_nonzero, one stacked psum", lambda: r19_fix_right_select
    ),
]
