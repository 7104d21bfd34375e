"""Round 17, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _errors(params, x, y):
    return jnp.abs(model(params, x) - y)


# --- 10.fix_loss --------------------------------------------------------------------


def r17_mae_pmean_local_means(params, x, y, valid):
    local = jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r17_mae_local_size(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / x.shape[0]


def r17_mae_padded_count(params, x, y, valid):
    masked = jnp.where(valid, _errors(params, x, y), 0.0)
    return jax.lax.pmean(jnp.mean(masked), "batch")  # divides by 64, fillers counted


def r17_mae_mean_where(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y), where=valid), "batch")


def r17_mae_no_mask(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)), "batch")


def r17_mae_sixty(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / 60  # the page's batch has 60 real points


def r17_mae_local_count(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    return total / jnp.sum(valid)


def r17_mae_zero_inputs(params, x, y, valid):
    x = jnp.where(valid, x, 0.0)  # the page's padding, applied again
    y = jnp.where(valid, y, 0.0)
    return jax.lax.pmean(jnp.mean(_errors(params, x, y)), "batch")


def r17_mae_inverted_mask(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, 0.0, _errors(params, x, y))), "batch")
    count = jax.lax.psum(jnp.sum(~valid), "batch")
    return total / count


def r17_mae_bool_index(params, x, y, valid):
    errs = _errors(params, x, y)[valid]
    return jax.lax.psum(jnp.sum(errs), "batch") / jax.lax.psum(errs.shape[0], "batch")


def r17_mae_no_collective(params, x, y, valid):
    return jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)) / jnp.maximum(jnp.sum(valid), 1)


def r17_mae_times_mask(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(_errors(params, x, y) * valid), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r17_mae_psum_tuple(params, x, y, valid):
    err = jnp.maximum(jnp.abs(model(params, x) - y) - 0.0, 0.0)
    total, count = jax.lax.psum((jnp.sum(jnp.where(valid, err, 0.0)), jnp.sum(valid)), "batch")
    return total / count


def r17_mae_pmean_ratio(params, x, y, valid):
    s = jax.lax.pmean(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "batch")
    c = jax.lax.pmean(valid.astype(jnp.float32).sum(), "batch")
    return s / c  # the 1/8 of both means cancels


def r17_mae_psum_vectors(params, x, y, valid):
    errs = jax.lax.psum(jnp.where(valid, _errors(params, x, y), 0.0), "batch")
    counts = jax.lax.psum(valid.astype(jnp.int32), "batch")
    return jnp.sum(errs) / jnp.sum(counts)


def r17_mae_pmap_axis(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, _errors(params, x, y), 0.0)), "i")
    return total / jax.lax.psum(jnp.sum(valid), "i")  # pmap-era axis name


ROUND_17 = [
    Wrong(
        "10.column_spec",
        "columns over 'batch' only: 16 examples, 2 devices each",
        lambda: P(None, "batch"),
    ),
    Wrong("10.column_spec", "P('batch', 'model'): channels split too", lambda: P("batch", "model")),
    Wrong(
        "10.column_spec",
        "columns over 'model' only: 32 examples per device",
        lambda: P(None, "model"),
    ),
    Wrong(
        "10.column_spec",
        "both axes named but on the rows (channels)",
        lambda: P(("batch", "model")),
    ),
    Wrong(
        "10.column_spec", "a plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))
    ),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "the spec written as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong(
        "10.column_spec", "one-axis tuple ('batch',) on the columns", lambda: P(None, ("batch",))
    ),
    Wrong(
        "10.column_spec",
        "rows kept, columns over 'batch' x 'model' swapped axes",
        lambda: P(("batch", "model"), None),
    ),
    Wrong("10.predict_sums", "A: model where every result keeps the input's split", lambda: "A"),
    Wrong("10.predict_sums", "C: model where the rows are gathered before the sum", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts of the two sums swapped", lambda: "D"),
    Wrong("10.predict_sums", "E: model where every reduction replicates", lambda: "E"),
    Wrong("10.predict_sums", "B with its reason typed after it", lambda: "B: all-reduce"),
    Wrong("10.predict_sums", "both letters with that layout", lambda: "B/C"),
    Wrong("10.predict_sums", "the collective's name instead of a letter", lambda: "all-reduce"),
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r17_mae_pmean_local_means),
    Wrong(
        "10.fix_loss", "psum of masked errors over the local x.shape[0]", lambda: r17_mae_local_size
    ),
    Wrong(
        "10.fix_loss", "zeroed the fillers' errors, mean over all 64", lambda: r17_mae_padded_count
    ),
    Wrong("10.fix_loss", "pmean of jnp.mean(where=valid) per device", lambda: r17_mae_mean_where),
    Wrong("10.fix_loss", "mae_device copied, mask unused", lambda: r17_mae_no_mask),
    Wrong("10.fix_loss", "global sum divided by the page's 60", lambda: r17_mae_sixty),
    Wrong("10.fix_loss", "global sum over the local count (no psum)", lambda: r17_mae_local_count),
    Wrong("10.fix_loss", "zeroed x and y as the page did, plain mean", lambda: r17_mae_zero_inputs),
    Wrong("10.fix_loss", "mask inverted: averages the fillers", lambda: r17_mae_inverted_mask),
    Wrong("10.fix_loss", "boolean index on valid inside shard_map", lambda: r17_mae_bool_index),
    Wrong("10.fix_loss", "local masked mean, no collective", lambda: r17_mae_no_collective),
    Wrong("10.fix_loss", "pmap-era axis name 'i' in the psums", lambda: r17_mae_pmap_axis),
]
RIGHT_17 = [
    Right("10.column_spec", "columns over ('batch', 'model')", lambda: P(None, ("batch", "model"))),
    Right(
        "10.column_spec",
        "columns over ('model', 'batch'), other order",
        lambda: P(None, ("model", "batch")),
    ),
    Right(
        "10.column_spec",
        "spec built from a list of entries",
        lambda: P(*[None, ("batch", "model")]),
    ),
    Right(
        "10.column_spec",
        "a list, not a tuple, for the two mesh axes",
        lambda: P(None, ["batch", "model"]),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.predict_sums", "lower-case b", lambda: "b"),
    Right(
        "10.fix_loss", "errors times the mask, psum of sum and count", lambda: r17_mae_times_mask
    ),
    Right(
        "10.fix_loss", "tolerance 0 written out, one psum of a tuple", lambda: r17_mae_psum_tuple
    ),
    Right("10.fix_loss", "pmean of sum over pmean of count", lambda: r17_mae_pmean_ratio),
    Right("10.fix_loss", "psum of the masked vectors, then sums", lambda: r17_mae_psum_vectors),
]
