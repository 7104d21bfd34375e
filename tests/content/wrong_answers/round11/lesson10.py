"""Round 11, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


# --- 10.fix_loss -------------------------------------------------------------------------


def r11_fl_pmean_of_means(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(errors) / jnp.sum(valid), "batch")


def r11_fl_local_size(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.mean(errors), "batch")


def r11_fl_local_count(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(errors), "batch") / jnp.sum(valid)


def r11_fl_zero_inputs_only(params, x, y, valid):
    # the lesson's padding zeroed x and y; zeroing x alone leaves the filler's y
    x = jnp.where(valid, x, 0.0)
    errors = jnp.abs(model(params, x) - jnp.where(valid, y, 0.0))
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r11_fl_all_points(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(valid.size, "batch")


def r11_fl_sixty(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(errors), "batch") / 60


def r11_fl_mean_where_nan(params, x, y, valid):
    # a device whose points are all filler gives NaN to the pmean
    local = jnp.mean(jnp.abs(model(params, x) - y), where=valid)
    return jax.lax.pmean(local, "batch")


def r11_fl_squared(params, x, y, valid):
    errors = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r11_fl_signed(params, x, y, valid):
    errors = jnp.where(valid, model(params, x) - y, 0.0)
    return jnp.abs(jax.lax.psum(jnp.sum(errors), "batch") / jax.lax.psum(jnp.sum(valid), "batch"))


def r11_fl_no_mask(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r11_fl_n_devices(params, x, y, valid):
    # each device divides by its share of the real points, times the device count
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    per_device = jax.lax.psum(jnp.sum(valid), "batch") // 8
    return jax.lax.pmean(jnp.sum(errors), "batch") / per_device


def r11_fl_count_psum_first(params, x, y, valid):
    # psum of the mask before the local sum: each device's count of positions
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    count = jnp.sum(jax.lax.pmean(valid.astype(jnp.float32), "batch"))
    return jax.lax.psum(jnp.sum(errors), "batch") / count


def r11_fl_psum_psum(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r11_fl_pmean_ratio(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y) * valid
    return jax.lax.pmean(jnp.sum(errors), "batch") / jax.lax.pmean(
        jnp.sum(valid.astype(jnp.float32)), "batch"
    )


def r11_fl_tuple_psum(params, x, y, valid):
    mask = valid.astype(jnp.float32)
    num, den = jax.lax.psum((jnp.sum(mask * jnp.abs(model(params, x) - y)), jnp.sum(mask)), "batch")
    return num / den


def r11_fl_mask_outputs(params, x, y, valid):
    m = valid.astype(x.dtype)
    errors = jnp.abs(model(params, x) * m - y * m)
    return jax.lax.psum(errors.sum(), "batch") / jax.lax.psum(m, "batch").sum()


_COL_SPEC = P(None, ("batch", "model"))


def _one_device_mesh():
    return Mesh(np.array(jax.devices()[:1]).reshape(1, 1), ("batch", "model"))


ROUND_11 = [
    Wrong(
        "10.column_spec",
        "P('batch', 'model'): rows over batch, columns over model",
        lambda: P("batch", "model"),
    ),
    Wrong(
        "10.column_spec",
        "columns over batch only: 16 examples, each on 2 devices",
        lambda: P(None, "batch"),
    ),
    Wrong(
        "10.column_spec", "columns over model only: 32 examples a device", lambda: P(None, "model")
    ),
    Wrong(
        "10.column_spec",
        "the tuple on the first axis: splits the channels",
        lambda: P(("batch", "model")),
    ),
    Wrong(
        "10.column_spec", "the tuple on the rows, columns None", lambda: P(("batch", "model"), None)
    ),
    Wrong("10.column_spec", "P('model', 'batch'): rows over model", lambda: P("model", "batch")),
    Wrong("10.column_spec", "P() replicated", lambda: P()),
    Wrong("10.column_spec", "P('batch'), copied from the lesson's rows", lambda: P("batch")),
    Wrong(
        "10.column_spec",
        "a NamedSharding instead of the spec",
        lambda: NamedSharding(_one_device_mesh(), _COL_SPEC),
    ),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong("10.column_spec", "three entries: None, batch, model", lambda: P(None, "batch", "model")),
    Wrong(
        "10.column_spec", "columns over batch, then a second None", lambda: P(None, "batch", None)
    ),
    Wrong("10.predict_sums", "A: both sums split over batch", lambda: "A"),
    Wrong("10.predict_sums", "C: the rows are all-gathered first", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts the wrong way round", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "lower-case b", lambda: "b"),
    Wrong("10.predict_sums", "the layouts and the reason pasted in", lambda: "B: all-reduce"),
    Wrong("10.predict_sums", "both letters that share the layouts", lambda: "B or C"),
    Wrong("10.predict_sums", "the word for the exchange, no letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "a tuple of the letter and the exchange", lambda: ("B", "all-reduce")),
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r11_fl_pmean_of_means),
    Wrong(
        "10.fix_loss",
        "masked errors, local mean over all 4 points, pmean",
        lambda: r11_fl_local_size,
    ),
    Wrong("10.fix_loss", "psum of the errors over the local count", lambda: r11_fl_local_count),
    Wrong(
        "10.fix_loss",
        "zeroed x and y of the filler: model(0) = c counts",
        lambda: r11_fl_zero_inputs_only,
    ),
    Wrong("10.fix_loss", "divided by every point, fillers included", lambda: r11_fl_all_points),
    Wrong("10.fix_loss", "divided by 60, the page's count", lambda: r11_fl_sixty),
    Wrong(
        "10.fix_loss",
        "jnp.mean(where=valid) then pmean: NaN on an all-filler device",
        lambda: r11_fl_mean_where_nan,
    ),
    Wrong("10.fix_loss", "squared errors, lesson 08's loss", lambda: r11_fl_squared),
    Wrong("10.fix_loss", "abs of the mean signed error", lambda: r11_fl_signed),
    Wrong("10.fix_loss", "the page's mae_device unchanged, valid ignored", lambda: r11_fl_no_mask),
    Wrong(
        "10.fix_loss",
        "divided by the real points per device, from the device count",
        lambda: r11_fl_n_devices,
    ),
    Wrong(
        "10.fix_loss",
        "count from pmean of the mask: one device's worth",
        lambda: r11_fl_count_psum_first,
    ),
]
RIGHT_11 = [
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: _COL_SPEC),
    Right(
        "10.column_spec",
        "the tuple in the other order, ('model', 'batch')",
        lambda: P(None, ("model", "batch")),
    ),
    Right("10.column_spec", "the mesh axes given as a list", lambda: P(None, ["batch", "model"])),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.fix_loss", "psum of masked sums over psum of counts", lambda: r11_fl_psum_psum),
    Right("10.fix_loss", "pmean over pmean: the same ratio", lambda: r11_fl_pmean_ratio),
    Right("10.fix_loss", "one psum of a (numerator, count) tuple", lambda: r11_fl_tuple_psum),
    Right(
        "10.fix_loss",
        "masked both outputs, count by psum of the mask array",
        lambda: r11_fl_mask_outputs,
    ),
]
