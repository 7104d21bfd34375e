"""Round 13, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def model(params, x):  # the lesson's model, copied from the page
    return params["a"] * x**2 + params["b"] * x + params["c"]


# --- 10.fix_loss: masked_mae_device(params, x, y, valid), run under shard_map ----------------


def r13_mae_mean_of_means(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    local = jnp.sum(jnp.where(valid, err, 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")  # each device's mean weighs the same


def r13_mae_local_only(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    return jnp.sum(jnp.where(valid, err, 0.0)) / jnp.sum(valid)  # no collective


def r13_mae_all_points(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(x.shape[0], "batch")


def r13_mae_unmasked(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def r13_mae_local_count(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jnp.sum(valid)


def r13_mae_bool_index(params, x, y, valid):
    err = jnp.abs(model(params, x[valid]) - y[valid])
    return jax.lax.pmean(jnp.mean(err), "batch")


def r13_mae_mean_zeroed(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.mean(err), "batch")  # fillers count as zero errors


def r13_mae_squared(params, x, y, valid):
    err = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r13_mae_pmean_over_psum(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r13_mae_mask_reversed(params, x, y, valid):
    err = jnp.where(valid, 0.0, jnp.abs(model(params, x) - y))
    return jax.lax.psum(jnp.sum(err), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r13_mae_wrong_axis_name(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.psum(jnp.sum(err), "model") / jax.lax.psum(jnp.sum(valid), "model")


def r13_mae_stacked_psum(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    totals = jax.lax.psum(jnp.stack([jnp.sum(err), jnp.sum(valid).astype(err.dtype)]), "batch")
    return totals[0] / totals[1]


def r13_mae_ratio_of_pmeans(params, x, y, valid):
    err = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(err), "batch") / jax.lax.pmean(
        jnp.sum(valid.astype(jnp.float32)), "batch"
    )


def r13_mae_tuple_psum(params, x, y, valid):
    weight = valid.astype(jnp.float32)
    err = jnp.abs(model(params, x) - y)
    total, count = jax.lax.psum((jnp.sum(jnp.where(valid, err, 0.0)), jnp.sum(weight)), "batch")
    return total / count


def r13_mae_sum_where(params, x, y, valid):
    total = jnp.sum(jnp.abs(model(params, x) - y), where=valid)
    return jax.lax.psum(total, "batch") / jax.lax.psum(jnp.count_nonzero(valid), "batch")


ROUND_13 = [
    Wrong(
        "10.predict_sums", "the layouts typed out, shared by B and C", lambda: "split; replicated"
    ),
    Wrong("10.column_spec", "P('batch'): splits the channels", lambda: P("batch")),
    Wrong(
        "10.column_spec",
        "P(None, 'batch'): 16 examples, each on 2 devices",
        lambda: P(None, "batch"),
    ),
    Wrong("10.column_spec", "P(None, 'model'): 32 examples per device", lambda: P(None, "model")),
    Wrong(
        "10.column_spec",
        "P(('batch', 'model')): both axes on the channels",
        lambda: P(("batch", "model")),
    ),
    Wrong(
        "10.column_spec",
        "tuple of axes on the rows, None on the columns",
        lambda: P(("batch", "model"), None),
    ),
    Wrong(
        "10.column_spec", "P('batch', 'model'): copied the 2-D example", lambda: P("batch", "model")
    ),
    Wrong(
        "10.column_spec", "P('model', 'batch'): channels over model", lambda: P("model", "batch")
    ),
    Wrong(
        "10.column_spec",
        "three entries: P(None, 'batch', 'model')",
        lambda: P(None, "batch", "model"),
    ),
    Wrong("10.column_spec", "P(): replicated on every device", lambda: P()),
    Wrong("10.column_spec", "the spec typed as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong(
        "10.column_spec", "P(None, ('batch',)): one axis in the tuple", lambda: P(None, ("batch",))
    ),
    Wrong("10.predict_sums", "A: both sums split over batch", lambda: "A"),
    Wrong("10.predict_sums", "C: thought the rows are gathered first", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts in the wrong order", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "both letters with those layouts", lambda: "BC"),
    Wrong("10.predict_sums", "lower-case c", lambda: "c"),
    Wrong("10.predict_sums", "D) with a parenthesis", lambda: "D)"),
    Wrong("10.predict_sums", "typed the exchange, 'all-reduce'", lambda: "all-reduce"),
    Wrong("10.predict_sums", "'C, an all-gather' with its reason", lambda: "C, an all-gather"),
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r13_mae_mean_of_means),
    Wrong("10.fix_loss", "masked local mean, no collective", lambda: r13_mae_local_only),
    Wrong(
        "10.fix_loss",
        "psum of errors over psum of all points, fillers counted",
        lambda: r13_mae_all_points,
    ),
    Wrong("10.fix_loss", "copied mae_device, mask ignored", lambda: r13_mae_unmasked),
    Wrong("10.fix_loss", "psum of errors over the local count", lambda: r13_mae_local_count),
    Wrong("10.fix_loss", "boolean index x[valid]: fails under jit", lambda: r13_mae_bool_index),
    Wrong("10.fix_loss", "mean with fillers zeroed, then pmean", lambda: r13_mae_mean_zeroed),
    Wrong(
        "10.fix_loss", "squared errors (lesson 08's loss), masked right", lambda: r13_mae_squared
    ),
    Wrong(
        "10.fix_loss", "pmean of the sums over psum of the counts", lambda: r13_mae_pmean_over_psum
    ),
    Wrong(
        "10.fix_loss", "jnp.where branches reversed: fillers summed", lambda: r13_mae_mask_reversed
    ),
    Wrong(
        "10.fix_loss", "psum over 'model', an axis this mesh lacks", lambda: r13_mae_wrong_axis_name
    ),
]

RIGHT_13 = [
    Right("10.column_spec", "the two axes given as a list", lambda: P(None, ["batch", "model"])),
    Right("10.column_spec", "P(None, ('batch', 'model'))", lambda: P(None, ("batch", "model"))),
    Right(
        "10.column_spec",
        "P(None, ('model', 'batch')): other device order, 8 each",
        lambda: P(None, ("model", "batch")),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.predict_sums", "lower-case b", lambda: "b"),
    Right("10.predict_sums", "B with a trailing newline", lambda: "B\n"),
    Right("10.fix_loss", "one psum of a stacked [sum, count]", lambda: r13_mae_stacked_psum),
    Right("10.fix_loss", "ratio of two pmeans", lambda: r13_mae_ratio_of_pmeans),
    Right("10.fix_loss", "psum of a (sum, count) tuple", lambda: r13_mae_tuple_psum),
    Right("10.fix_loss", "jnp.sum(..., where=valid) and count_nonzero", lambda: r13_mae_sum_where),
]
