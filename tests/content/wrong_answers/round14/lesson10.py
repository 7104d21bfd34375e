"""Round 14, lesson 10 (many devices): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# ------------------------------------------------------------------ 10.fix_loss


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def r14_err(params, x, y):
    return jnp.maximum(jnp.abs(model(params, x) - y) - 0.0, 0.0)


def r14_mae_pmean_local(params, x, y, valid):
    local = jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)) / jnp.sum(valid)
    return jax.lax.pmean(local, "batch")


def r14_mae_mean_times_valid(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(r14_err(params, x, y) * valid), "batch")


def r14_mae_sixty(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    return total / 60  # the page's 60 real points


def r14_mae_local_shape(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    return total / x.shape[0]


def r14_mae_all_points(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    return total / jax.lax.psum(x.shape[0], "batch")  # fillers in the count


def r14_mae_local_count(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    return total / jnp.sum(valid)  # this device's count only


def r14_mae_mean_where(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(r14_err(params, x, y), where=valid), "batch")


def r14_mae_squared(params, x, y, valid):
    sq = jnp.where(valid, (model(params, x) - y) ** 2, 0.0)
    return jax.lax.psum(jnp.sum(sq), "batch") / jax.lax.psum(jnp.sum(valid), "batch")


def r14_mae_mask_y_only(params, x, y, valid):
    y = jnp.where(valid, y, 0.0)  # fillers of x still give an error
    total = jax.lax.psum(jnp.sum(jnp.abs(model(params, x) - y)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r14_mae_no_divide(params, x, y, valid):
    return jax.lax.psum(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")


def r14_mae_pmean_over_psum(params, x, y, valid):
    total = jax.lax.pmean(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def r14_mae_sum_local_means(params, x, y, valid):
    local = jnp.where(valid, r14_err(params, x, y), 0.0) / jnp.maximum(jnp.sum(valid), 1)
    return jax.lax.psum(jnp.sum(local), "batch")


def r14_mae_both_pmean(params, x, y, valid):
    total = jax.lax.pmean(jnp.sum(jnp.where(valid, r14_err(params, x, y), 0.0)), "batch")
    count = jax.lax.pmean(jnp.sum(valid.astype(jnp.float32)), "batch")
    return total / count  # the two 1/8 cancel


def r14_mae_stacked(params, x, y, valid):
    err = jnp.abs(model(params, x) - y)
    local = jnp.stack([jnp.sum(err * valid), jnp.sum(valid).astype(err.dtype)])
    total, count = jax.lax.psum(local, "batch")
    return total / count


def r14_mae_dict_psum(params, x, y, valid):
    mask = valid.astype(jnp.float32)
    parts = {"err": jnp.dot(mask, jnp.abs(model(params, x) - y)), "n": mask.sum()}
    parts = jax.lax.psum(parts, "batch")
    return parts["err"] / parts["n"]


ROUND_14 = [
    # 10.column_spec
    Wrong("10.column_spec", "the page's P('batch', 'model')", lambda: P("batch", "model")),
    Wrong("10.column_spec", "examples over 'batch' only: 16 each, twice", lambda: P(None, "batch")),
    Wrong("10.column_spec", "examples over 'model' only", lambda: P(None, "model")),
    Wrong("10.column_spec", "both axes on the channels", lambda: P(("batch", "model"))),
    Wrong("10.column_spec", "both axes on axis 0, None after", lambda: P(("batch", "model"), None)),
    Wrong("10.column_spec", "three entries for a 2-D array", lambda: P(None, "batch", "model")),
    Wrong("10.column_spec", "P(): replicated", lambda: P()),
    Wrong(
        "10.column_spec",
        "a NamedSharding instead of the spec",
        lambda: jax.sharding.NamedSharding(
            jax.make_mesh((1, 1), ("batch", "model"), devices=jax.devices()[:1]),
            P(None, ("batch", "model")),
        ),
    ),
    Wrong("10.column_spec", "the spec typed as a string", lambda: "P(None, ('batch', 'model'))"),
    Wrong("10.column_spec", "plain tuple, not a PartitionSpec", lambda: (None, ("batch", "model"))),
    Wrong("10.column_spec", "('batch',) as a one-axis tuple", lambda: P(None, ("batch",))),
    # 10.predict_sums
    Wrong("10.predict_sums", "A: both split", lambda: "A"),
    Wrong("10.predict_sums", "C: all-gather first", lambda: "C"),
    Wrong("10.predict_sums", "D: layouts swapped", lambda: "D"),
    Wrong("10.predict_sums", "E: both replicated", lambda: "E"),
    Wrong("10.predict_sums", "both letters with that layout", lambda: "B/C"),
    Wrong("10.predict_sums", "the exchange's name, not a letter", lambda: "all-reduce"),
    Wrong("10.predict_sums", "C with a paren", lambda: "C)"),
    # 10.fix_loss
    Wrong("10.fix_loss", "pmean of each device's masked mean", lambda: r14_mae_pmean_local),
    Wrong(
        "10.fix_loss",
        "pmean of mean(err * valid): fillers in the count",
        lambda: r14_mae_mean_times_valid,
    ),
    Wrong("10.fix_loss", "psum of the errors over the page's 60", lambda: r14_mae_sixty),
    Wrong("10.fix_loss", "psum divided by the local x.shape[0]", lambda: r14_mae_local_shape),
    Wrong("10.fix_loss", "divided by every point, fillers too", lambda: r14_mae_all_points),
    Wrong("10.fix_loss", "global sum over this device's count", lambda: r14_mae_local_count),
    Wrong(
        "10.fix_loss",
        "pmean of mean(where=valid): NaN on an all-filler device",
        lambda: r14_mae_mean_where,
    ),
    Wrong("10.fix_loss", "squared error copied from loss", lambda: r14_mae_squared),
    Wrong("10.fix_loss", "masked y only, filler x still counts", lambda: r14_mae_mask_y_only),
    Wrong("10.fix_loss", "psum of the errors, never divided", lambda: r14_mae_no_divide),
    Wrong("10.fix_loss", "pmean for the sum, psum for the count", lambda: r14_mae_pmean_over_psum),
    Wrong("10.fix_loss", "psum of local means", lambda: r14_mae_sum_local_means),
]
RIGHT_14 = [
    Right(
        "10.column_spec",
        "examples over both axes, model first",
        lambda: P(None, ("model", "batch")),
    ),
    Right("10.column_spec", "the two axes as a list", lambda: P(None, ["batch", "model"])),
    Right(
        "10.column_spec",
        "spelled PartitionSpec in full",
        lambda: jax.sharding.PartitionSpec(None, ("batch", "model")),
    ),
    Right("10.predict_sums", "B", lambda: "B"),
    Right("10.fix_loss", "pmean of sum over pmean of count", lambda: r14_mae_both_pmean),
    Right("10.fix_loss", "one psum of a stacked (sum, count)", lambda: r14_mae_stacked),
    Right("10.fix_loss", "psum of a dict, dot with the mask", lambda: r14_mae_dict_psum),
]
