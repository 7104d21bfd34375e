"""Round 20, lesson 10 (many devices): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- setup the lesson's cells define ------------------------------------------------


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _mesh2d():
    """The lesson's (4, 2) mesh, built only when an answer needs it.

    Where this process has fewer than 8 devices (the lesson's setting was not made),
    an abstract mesh of the same axes stands in, so the answer still builds.
    """
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    if len(devices) < 8:
        return jax.sharding.AbstractMesh(
            (4, 2), ("batch", "model"), axis_types=(AxisType.Explicit,) * 2
        )
    return jax.make_mesh(
        (len(devices) // 2, 2),
        ("batch", "model"),
        axis_types=(AxisType.Explicit,) * 2,
        devices=devices,
    )


# ---- 10.column_spec: (3, 64) readings, 8 examples per device on mesh2d --------------
# (answers are PartitionSpecs, built in the lambdas below)

# ---- 10.predict_sums: layouts of x_rows.sum(axis=1) and .sum(axis=0) ----------------
# (answers are strings, below)

# ---- 10.fix_loss: masked MAE over the whole padded batch, per device ----------------


def r20_fix_local_masked_mean_pmean(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    local = jnp.sum(jnp.where(valid, err, 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r20_fix_mean_times_mask(params, x, y, valid):
    err = jnp.abs(model(params, x) - y) * valid
    return jax.lax.pmean(jnp.mean(err), "batch")


def r20_fix_no_mask(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r20_fix_hardcoded_60(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / 60


def r20_fix_local_count(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jnp.sum(valid)


def r20_fix_pmean_over_psum(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r20_fix_boolean_index(params, x, y, valid):
    err = jnp.abs(model(params, x[valid]) - y[valid])
    return jax.lax.pmean(jnp.mean(err), "batch")


def r20_fix_wrong_axis_name(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "devices") / jax.lax.psum(jnp.sum(valid), "devices")


def r20_fix_no_communication(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.sum(err) / jnp.sum(valid)


def r20_fix_squared_error(params, x, y, valid):
    err = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r20_fix_masked_inputs(params, x, y, valid):
    x = jnp.where(valid, x, 0.0)
    y = jnp.where(valid, y, 0.0)
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r20_fix_inverted_mask(params, x, y, valid):
    err = jnp.where(~valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(~valid), "batch")


def r20_fix_psum_of_means(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err) / x.shape[0], "batch")


def r20_fix_right_psum_pair(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    tolerance = 0.0  # this page's variant
    err = jnp.maximum(err - tolerance, 0.0)
    parts = jnp.stack([jnp.sum(jnp.where(valid, err, 0.0)), jnp.sum(valid.astype(jnp.float32))])
    total = jax.lax.psum(parts, "batch")
    return total[0] / total[1]


def r20_fix_right_pmean_ratio(params, x, y, valid):
    weights = valid.astype(jnp.float32)
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err * weights), "batch") / jax.lax.pmean(jnp.sum(weights), "batch")


def r20_fix_right_dot(params, x, y, valid):
    residual = model(params, x) - y
    err = jnp.where(valid, jnp.abs(residual), jnp.zeros_like(residual))
    num = jax.lax.psum(jnp.dot(err, jnp.ones_like(err)), "batch")
    den = jax.lax.psum(jnp.count_nonzero(valid), "batch")
    return num / den


ROUND_20 = [
    # 10.column_spec
    Wrong("10.column_spec", "copied the lesson's P('batch', 'model')", lambda: P("batch", "model")),
    Wrong(
        "10.column_spec", "split columns over batch only: 16 per device", lambda: P(None, "batch")
    ),
    Wrong(
        "10.column_spec", "split columns over model only: 32 per device", lambda: P(None, "model")
    ),
    Wrong(
        "10.column_spec", "tuple of both axes on the channel axis", lambda: P(("batch", "model"))
    ),
    Wrong("10.column_spec", "P('batch'): thought the first entry is examples", lambda: P("batch")),
    Wrong(
        "10.column_spec",
        "one entry per mesh axis, three entries",
        lambda: P(None, "batch", "model"),
    ),
    Wrong("10.column_spec", "replicated P(), everything on every device", lambda: P()),
    Wrong(
        "10.column_spec",
        "returned the NamedSharding, not the spec",
        lambda: NamedSharding(_mesh2d(), P(None, ("batch", "model"))),
    ),
    Wrong(
        "10.column_spec",
        "plain tuple instead of a PartitionSpec",
        lambda: (None, ("batch", "model")),
    ),
    Wrong(
        "10.column_spec",
        "mesh axis named 'data' instead of 'batch'",
        lambda: P(None, ("data", "model")),
    ),
    Wrong(
        "10.column_spec", "channels over model, examples over batch", lambda: P("model", "batch")
    ),
    Wrong("10.column_spec", "typed the spec as a string", lambda: "P(None, ('batch', 'model'))"),
    # 10.predict_sums
    Wrong("10.predict_sums", "typed A: thought both sums stay split", lambda: "A"),
    Wrong("10.predict_sums", "typed C: thought rows are gathered first", lambda: "C"),
    Wrong("10.predict_sums", "typed D: mixed up which axis is summed", lambda: "D"),
    Wrong("10.predict_sums", "typed E: thought a reduction replicates both", lambda: "E"),
    Wrong("10.predict_sums", "hedged between the two with equal layouts", lambda: "B or C"),
    Wrong(
        "10.predict_sums",
        "pasted the printed types instead of a letter",
        lambda: "float32[16@batch]; float32[2]",
    ),
    Wrong("10.predict_sums", "typed the name of the exchange", lambda: "all-reduce"),
    Wrong("10.predict_sums", "Greek keyboard: capital beta", lambda: "\u0392"),
    Wrong("10.predict_sums", "typo: V, the key next to B", lambda: "V"),
    Wrong("10.predict_sums", "gave the option's index as a number", lambda: 2),
    # 10.fix_loss
    Wrong(
        "10.fix_loss", "pmean of each device's masked mean", lambda: r20_fix_local_masked_mean_pmean
    ),
    Wrong(
        "10.fix_loss", "masked errors but mean over all 64 points", lambda: r20_fix_mean_times_mask
    ),
    Wrong("10.fix_loss", "kept mae_device, the mask unused", lambda: r20_fix_no_mask),
    Wrong("10.fix_loss", "divided the psum by the lesson's 60", lambda: r20_fix_hardcoded_60),
    Wrong("10.fix_loss", "psum of errors over the local count", lambda: r20_fix_local_count),
    Wrong(
        "10.fix_loss",
        "pmean for the error sum, psum for the count",
        lambda: r20_fix_pmean_over_psum,
    ),
    Wrong("10.fix_loss", "NumPy boolean indexing x[valid]", lambda: r20_fix_boolean_index),
    Wrong("10.fix_loss", "psum over an axis named 'devices'", lambda: r20_fix_wrong_axis_name),
    Wrong("10.fix_loss", "masked local mean, no psum at all", lambda: r20_fix_no_communication),
    Wrong("10.fix_loss", "squared error, as lesson 08's loss", lambda: r20_fix_squared_error),
    Wrong(
        "10.fix_loss", "zeroed x and y of fillers, not their errors", lambda: r20_fix_masked_inputs
    ),
    Wrong("10.fix_loss", "inverted the mask: averaged the fillers", lambda: r20_fix_inverted_mask),
    Wrong(
        "10.fix_loss", "psum of per-device means instead of pmean", lambda: r20_fix_psum_of_means
    ),
]

RIGHT_20 = [
    Right(
        "10.column_spec",
        "full PartitionSpec name, not the P alias",
        lambda: jax.sharding.PartitionSpec(None, ("batch", "model")),
    ),
    Right(
        "10.column_spec",
        "mesh axes in the other order, model first",
        lambda: P(None, ("model", "batch")),
    ),
    Right(
        "10.column_spec", "the pair of axes given as a list", lambda: P(None, ["batch", "model"])
    ),
    Right("10.predict_sums", "lower-case b", lambda: "b"),
    Right("10.predict_sums", "B with a full stop", lambda: "B."),
    Right("10.predict_sums", "B with spaces around it", lambda: " B "),
    Right(
        "10.fix_loss", "one psum of a stacked (sum, count) pair", lambda: r20_fix_right_psum_pair
    ),
    Right(
        "10.fix_loss", "ratio of two pmeans with float weights", lambda: r20_fix_right_pmean_ratio
    ),
    Right("10.fix_loss", "dot with ones and count_nonzero", lambda: r20_fix_right_dot),
]
