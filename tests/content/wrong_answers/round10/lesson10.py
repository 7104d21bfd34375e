"""Round 10, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

N_DEVICES = 8  # what the lesson's cell computed: len(devices)


def _mesh2d():
    """The lesson's mesh2d, built when an answer needs it."""
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    shape = (len(devices) // 2, 2) if len(devices) >= 2 else (1, 1)  # (4, 2) on 8 devices
    return jax.make_mesh(
        shape,
        ("batch", "model"),
        axis_types=(AxisType.Explicit,) * 2,
        devices=devices[: shape[0] * shape[1]],
    )


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# --- 10.fix_loss ---------------------------------------------------------------------


def r10_mae_mean_all(params, x, y, valid):
    return jnp.mean(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0))


def r10_mae_sixty(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / 60


def r10_mae_per_device(params, x, y, valid):
    per_device = x.shape[0] // N_DEVICES
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / per_device


def r10_mae_bool_index(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y)[valid])


def r10_mae_squared(params, x, y, valid):
    err = jnp.where(valid, model(params, x) - y, 0.0)
    return jnp.sum(err**2) / jnp.sum(valid)


def r10_mae_inverted(params, x, y, valid):
    return jnp.sum(jnp.where(~valid, jnp.abs(model(params, x) - y), 0.0)) / jnp.sum(valid)


def r10_mae_abs_of_sum(params, x, y, valid):
    return jnp.abs(jnp.sum(jnp.where(valid, model(params, x) - y, 0.0))) / jnp.sum(valid)


def r10_mae_unmasked(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r10_mae_zero_y_only(params, x, y, valid):
    y = jnp.where(valid, y, 0.0)  # filler targets zeroed, but filler x still predicts
    return jnp.sum(jnp.abs(model(params, x) - y)) / jnp.sum(valid)


def r10_mae_len_minus(params, x, y, valid):
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / (len(x) - 4)


def r10_mae_sum_where(params, x, y, valid):
    """Right: jnp.sum with where= over the real points."""
    return jnp.sum(jnp.abs(model(params, x) - y), where=valid) / jnp.count_nonzero(valid)


def r10_mae_mean_where(params, x, y, valid):
    """Right: jnp.mean with where=."""
    return jnp.mean(jnp.abs(model(params, x) - y), where=valid)


def r10_mae_safe_inputs(params, x, y, valid):
    """Right: filler inputs replaced first, then the count of fillers subtracted."""
    x_safe, y_safe = jnp.where(valid, x, 0.0), jnp.where(valid, y, 0.0)
    err = jnp.where(valid, jnp.abs(model(params, x_safe) - y_safe), 0.0)
    return err.sum() / (valid.size - jnp.sum(~valid))


def r10_mae_average(params, x, y, valid):
    """Right: jnp.average weighted by the mask, after zeroing fillers."""
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jnp.average(err, weights=valid.astype(err.dtype))


ROUND_10 = [
    # 10.column_spec: each device all 3 channels of 8 examples
    Wrong(
        "10.column_spec",
        "columns over batch only: 16 examples, twice each",
        lambda: P(None, "batch"),
    ),
    Wrong("10.column_spec", "columns over model only", lambda: P(None, "model")),
    Wrong(
        "10.column_spec", "rows and columns split like the page's x", lambda: P("batch", "model")
    ),
    Wrong("10.column_spec", "the tuple of axes put on the rows", lambda: P(("batch", "model"))),
    Wrong(
        "10.column_spec",
        "the tuple on the rows, None for columns",
        lambda: P(("batch", "model"), None),
    ),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "replicated", lambda: P()),
    Wrong(
        "10.column_spec",
        "a NamedSharding instead of its spec",
        lambda: NamedSharding(_mesh2d(), P(None, ("batch", "model"))),
    ),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong("10.column_spec", "the spec as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong(
        "10.column_spec", "split over batch only, model named for rows", lambda: P("model", "batch")
    ),
    # 10.predict_sums: the answer is B
    Wrong("10.predict_sums", "A: both sums stay split", lambda: "A"),
    Wrong("10.predict_sums", "C: an all-gather of the rows first", lambda: "C"),
    Wrong("10.predict_sums", "D: axes confused, replicated then split", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "B and C, same layouts", lambda: "BC"),
    Wrong("10.predict_sums", "the exchange's name instead of a letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "the layouts in words", lambda: "split; replicated"),
    # 10.fix_loss
    Wrong("10.fix_loss", "fillers zeroed, then mean over all 64", lambda: r10_mae_mean_all),
    Wrong("10.fix_loss", "divides by 60, the page's count", lambda: r10_mae_sixty),
    Wrong("10.fix_loss", "keeps the page's per-device divisor", lambda: r10_mae_per_device),
    Wrong("10.fix_loss", "boolean index err[valid]: fails under jit", lambda: r10_mae_bool_index),
    Wrong("10.fix_loss", "squared error, lesson 08's loss", lambda: r10_mae_squared),
    Wrong("10.fix_loss", "mask inverted: sums the fillers", lambda: r10_mae_inverted),
    Wrong("10.fix_loss", "abs of the summed errors: signs cancel", lambda: r10_mae_abs_of_sum),
    Wrong("10.fix_loss", "ignores valid altogether", lambda: r10_mae_unmasked),
    Wrong(
        "10.fix_loss", "zeroes filler y only: filler x still counted", lambda: r10_mae_zero_y_only
    ),
    Wrong("10.fix_loss", "len(x) - 4: the page's padding hard-coded", lambda: r10_mae_len_minus),
]

RIGHT_10 = [
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: P(None, ("batch", "model"))),
    Right(
        "10.column_spec",
        "the axes in the other order, each device 8 examples",
        lambda: P(None, ("model", "batch")),
    ),
    Right(
        "10.column_spec",
        "a list of axes, written with the full class name",
        lambda: jax.sharding.PartitionSpec(None, ["batch", "model"]),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.fix_loss", "jnp.sum(where=) over count_nonzero", lambda: r10_mae_sum_where),
    Right("10.fix_loss", "jnp.mean with where=valid", lambda: r10_mae_mean_where),
    Right("10.fix_loss", "inputs made safe, size minus fillers", lambda: r10_mae_safe_inputs),
    Right("10.fix_loss", "jnp.average weighted by the mask", lambda: r10_mae_average),
]
