"""Lesson 10: realistic wrong answers (see the package docstring for the labels).

The lesson runs on 8 devices, and so does the test process (the root conftest sets
jax_num_cpu_devices: lesson 10's checks judge nothing with fewer). The notebook's
``n_devices`` is written out below as 8, the value a learner's cell reads.

10.column_spec (a 2-D mesh) and 10.fix_loss (a padded batch) were redesigned for issue
34: the answers written for their earlier tasks (a 1-D mesh; a loss with no mask) no
longer apply, and were replaced by the ones below. 10.fix_loss was redesigned again
(session 47): the loss is now the program one device runs under jax.shard_map, so its
answers are per-device programs (the families kept, written with psum).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers import Wrong

n_devices = 8  # the notebook's global, as lesson 10 sets it


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _mesh2d():
    return jax.make_mesh((1, 1), ("batch", "model"), devices=jax.devices()[:1])


# --- 10.column_spec ---------------------------------------------------------------------


def sharding_with_the_spec():
    return NamedSharding(_mesh2d(), P(None, ("batch", "model")))


def readings_put():
    readings = jnp.zeros((3, 64))
    return jax.device_put(readings, NamedSharding(_mesh2d(), P(None, ("model", "batch"))))


# --- 10.fix_loss ------------------------------------------------------------------------
# Each is the program one device runs under jax.shard_map, on its slice of the batch.


def loss_page_demo(params, x, y, valid):  # mae_device with the mask argument added
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


def loss_masked_device_mean_pmean(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(errors.sum() / valid.sum(), "batch")


def loss_mean_where_pmean(params, x, y, valid):
    local = jnp.mean(jnp.abs(model(params, x) - y), where=valid)
    return jax.lax.pmean(local, "batch")


def loss_psum_means_over_devices(params, x, y, valid):
    local = jnp.sum(jnp.abs(model(params, x) - y) * valid) / jnp.sum(valid)
    return jax.lax.psum(local, "batch") / n_devices


def loss_global_formula(params, x, y, valid):  # as if x were the whole batch
    errors = jnp.abs(model(params, x) - y)
    return jnp.sum(jnp.where(valid, errors, 0.0)) / jnp.sum(valid)


def loss_psum_over_local_count(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jax.lax.psum(jnp.sum(errors * valid), "batch") / jnp.sum(valid)


def loss_mean_times_mask(params, x, y, valid):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y) * valid), "batch")


def loss_unmasked_over_count(params, x, y, valid):
    total = jax.lax.psum(jnp.abs(model(params, x) - y).sum(), "batch")
    return total / jax.lax.psum(valid.sum(), "batch")


def loss_boolean_index(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jax.lax.pmean(errors[valid].mean(), "batch")


def loss_inverted(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    total = jax.lax.psum(jnp.sum(jnp.where(valid, 0.0, errors)), "batch")
    return total / jax.lax.psum(jnp.sum(~valid), "batch")


def loss_sixty(params, x, y, valid):
    return jax.lax.psum(jnp.sum(jnp.abs(model(params, x) - y) * valid), "batch") / 60.0


def loss_pmean_times_eight(params, x, y, valid):
    errors = jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)
    return jax.lax.pmean(jnp.sum(errors), "batch") * 8 / jax.lax.psum(jnp.sum(valid), "batch")


def loss_count_from_n_devices(params, x, y, valid):
    total = jax.lax.psum(jnp.sum(jnp.abs(model(params, x) - y) * valid), "batch")
    return total / (jax.lax.pmean(jnp.sum(valid), "batch") * n_devices)


def loss_squared_masked(params, x, y, valid):
    total = jax.lax.psum(jnp.sum((model(params, x) - y) ** 2 * valid), "batch")
    return total / jax.lax.psum(jnp.sum(valid), "batch")


def loss_numpy_masked(params, x, y, valid):
    errors = np.abs(np.asarray(model(params, x) - y))
    return jax.lax.pmean(errors[np.asarray(valid)].mean(), "batch")


def loss_masked_sum(params, x, y, valid):
    return jax.lax.psum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0).sum(), "batch")


data_x = jnp.linspace(-1.0, 1.0, 64)
data_y = 2.0 * data_x
valid_global = jnp.arange(64) < 60


def loss_notebook_globals(params, x, y, valid):
    errors = jnp.abs(model(params, data_x) - data_y)
    return jnp.sum(errors * valid_global) / jnp.sum(valid_global)


def loss_without_mask(params, x, y):
    return jax.lax.pmean(jnp.mean(jnp.abs(model(params, x) - y)), "batch")


WRONG_ANSWERS = (
    # 10.column_spec
    Wrong(
        "10.column_spec",
        "the examples over 'batch' only",
        lambda: P(None, "batch"),
        named="split-count",
    ),
    Wrong(
        "10.column_spec",
        "the examples over 'model' only",
        lambda: P(None, "model"),
        named="split-count",
    ),
    Wrong(
        "10.column_spec",
        "rows over batch, columns over model",
        lambda: P("batch", "model"),
        named="rows",
    ),
    Wrong("10.column_spec", "the two axes swapped", lambda: P("model", "batch"), named="rows"),
    Wrong("10.column_spec", "replicated over both", lambda: P(None, None), named="replicated"),
    Wrong("10.column_spec", "a NamedSharding", sharding_with_the_spec, named="whole-sharding"),
    Wrong("10.column_spec", "the laid-out array", readings_put, named="laid-out-array"),
    Wrong(
        "10.column_spec", "a bare tuple", lambda: (None, ("batch", "model")), named="plain-tuple"
    ),
    Wrong(
        "10.column_spec",
        "one entry per mesh axis",
        lambda: P(None, "batch", "model"),
        says="has 3 entries, but the array has 2 axes",
    ),
    Wrong(
        "10.column_spec",
        "the array's own axis names",
        lambda: P("channels", "examples"),
        says="The mesh has no axis named 'channels'",
    ),
    Wrong(
        "10.column_spec",
        "'batch' in both entries",
        lambda: P("batch", ("batch", "model")),
        says="appears twice",
    ),
    Wrong("10.column_spec", "a string", lambda: "batch, model", says="is a string"),
    # 10.predict_sums
    Wrong("10.predict_sums", "lower-case a", lambda: "a", named="both-split"),
    Wrong("10.predict_sums", "c with a trailing space", lambda: "c ", named="gathers-rows"),
    Wrong("10.predict_sums", "lower-case d", lambda: "d", named="swapped"),
    Wrong("10.predict_sums", "the layouts in words", lambda: "split, replicated", says="one of"),
    Wrong("10.predict_sums", "the option's number", lambda: 2, says="as a string"),
    Wrong("10.predict_sums", "True", lambda: True, says="as a string"),
    Wrong("10.predict_sums", '"A": both split', lambda: "A", named="both-split"),
    Wrong("10.predict_sums", '"C"', lambda: "C", named="gathers-rows"),
    Wrong("10.predict_sums", '"E": both replicated', lambda: "E", named="both-replicated"),
    Wrong("10.predict_sums", "(e)", lambda: "(e)", named="both-replicated"),
    Wrong(
        "10.predict_sums",
        "option C's text pasted",
        lambda: (
            'split over "batch"; replicated: the devices first copy all 16 rows to every '
            "device (an all-gather), then each adds them"
        ),
        named="gathers-rows",
    ),
    Wrong(
        "10.predict_sums",
        '"B and C"',
        lambda: "B and C",
        says="'B and C' names 2 options; the question asks for one",
    ),
    # 10.fix_loss
    Wrong(
        "10.fix_loss",
        "the page's mae_device, valid unused",
        lambda: loss_page_demo,
        named="counts-padding",
    ),
    Wrong(
        "10.fix_loss",
        "the device's masked mean, then pmean",
        lambda: loss_masked_device_mean_pmean,
        named="mean-of-means",
    ),
    Wrong(
        "10.fix_loss",
        "jnp.mean(where=valid) on the device, then pmean",
        lambda: loss_mean_where_pmean,
        named="mean-of-means",
    ),
    Wrong(
        "10.fix_loss",
        "psum of the devices' means over n_devices",
        lambda: loss_psum_means_over_devices,
        named="mean-of-means",
    ),
    Wrong(
        "10.fix_loss",
        "the one-device formula, no collective",
        lambda: loss_global_formula,
        named="no-collective",
    ),
    Wrong(
        "10.fix_loss",
        "psum of the sums over the device's own count",
        lambda: loss_psum_over_local_count,
        named="collective-and-local",
    ),
    Wrong(
        "10.fix_loss",
        "pmean of the mean of errors times the mask",
        lambda: loss_mean_times_mask,
        named="divides-by-batch",
    ),
    Wrong(
        "10.fix_loss",
        "unmasked sum over the count",
        lambda: loss_unmasked_over_count,
        named="padding-errors-kept",
    ),
    Wrong("10.fix_loss", "errors[valid].mean()", lambda: loss_boolean_index, named="boolean-index"),
    Wrong("10.fix_loss", "the mask read backwards", lambda: loss_inverted, named="mask-inverted"),
    Wrong("10.fix_loss", "divided by 60", lambda: loss_sixty, named="hard-coded-count"),
    Wrong(
        "10.fix_loss",
        "pmean of the sums times 8",
        lambda: loss_pmean_times_eight,
        named="device-count-in-maths",
    ),
    Wrong(
        "10.fix_loss",
        "pmean of the counts times n_devices",
        lambda: loss_count_from_n_devices,
        named="device-count-in-maths",
    ),
    Wrong("10.fix_loss", "masked squared errors", lambda: loss_squared_masked, named="squared"),
    Wrong("10.fix_loss", "NumPy with the mask", lambda: loss_numpy_masked, named="numpy-inside"),
    Wrong("10.fix_loss", "the masked sum", lambda: loss_masked_sum, named="sum-not-mean"),
    Wrong(
        "10.fix_loss", "the notebook's data", lambda: loss_notebook_globals, named="ignores-data"
    ),
    Wrong("10.fix_loss", "mae_device as it is", lambda: loss_without_mask, named="three-arguments"),
)


# Round 7's families (issue 35), written anew: the padding's errors summed instead of the
# real points', and the padding's inputs zeroed where its errors had to be.
def loss_padding_kept_by_mask(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jax.lax.psum(jnp.sum(errors * (1 - valid)), "batch") / jax.lax.psum(valid.sum(), "batch")


def loss_padding_selected(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    total = jax.lax.psum(jnp.where(valid, 0.0, errors).sum(), "batch")
    return total / jax.lax.psum(jnp.count_nonzero(valid), "batch")


def loss_inputs_masked(params, x, y, valid):
    x = x * valid
    y = y * valid
    total = jax.lax.psum(jnp.sum(jnp.abs(model(params, x) - y)), "batch")
    return total / jax.lax.psum(valid.sum(), "batch")


def loss_inputs_where(params, x, y, valid):
    clean_x = jnp.where(valid, x, 0)
    clean_y = jnp.where(valid, y, 0)
    total = jax.lax.psum(jnp.abs(model(params, clean_x) - clean_y).sum(), "batch")
    return total / jax.lax.psum(valid.sum(), "batch")


ROUND_7_FAMILIES = (
    Wrong(
        "10.fix_loss",
        "errors times (1 - valid): the padding's kept",
        lambda: loss_padding_kept_by_mask,
        named="padding-summed",
    ),
    Wrong(
        "10.fix_loss",
        "where(valid, 0, errors) over the real count",
        lambda: loss_padding_selected,
        named="padding-summed",
    ),
    Wrong(
        "10.fix_loss",
        "x and y multiplied by the mask, every error summed",
        lambda: loss_inputs_masked,
        named="inputs-zeroed",
    ),
    Wrong(
        "10.fix_loss",
        "x and y cleaned with where, every error summed",
        lambda: loss_inputs_where,
        named="inputs-zeroed",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_7_FAMILIES)


# Round 9's family (issue 34), written anew: the padding guessed from the data (where the
# lesson's fillers are 0), valid never read.
def loss_zero_y_is_padding(params, x, y, valid):
    keep = y != 0
    errors = jnp.abs(model(params, x) - y)
    total = jax.lax.psum(jnp.sum(errors * keep), "batch")
    return total / jax.lax.psum(jnp.count_nonzero(keep), "batch")


ROUND_9_FAMILIES = (
    Wrong(
        "10.fix_loss",
        "the points where y is 0 taken for padding",
        lambda: loss_zero_y_is_padding,
        named="mask-from-data",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_9_FAMILIES)


# --- session 49: round 13's collective over an axis the mesh lacks (issue 35) -------------
def s49_loss_pmean_over_devices(params, x, y, valid):
    err = jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0))
    count = jnp.sum(valid)
    return jax.lax.psum(err, "devices") / jax.lax.psum(count, "devices")  # the mesh's is "batch"


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "10.fix_loss",
        "psum over 'devices', a name the mesh does not have",
        lambda: s49_loss_pmean_over_devices,
        named="other-axis",
    ),
)


# --- round 19 (fix19-3): the spec's text (audit W: told a string cannot say the axis), the
# per-point errors returned (audit W: told it was a number from the device's slice), pmean
# of the sums over psum of the counts and another variant's tolerance (audit G)
from tests.content.wrong_answers.round19 import lesson10 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "10.column_spec",
        "a string of the spec, not a PartitionSpec (round 19)",
        lambda: "P(None, ('batch', 'model'))",
        says="is the text of a PartitionSpec, not a PartitionSpec",
    ),
    Wrong(
        "10.fix_loss",
        "returned each point's masked error, no mean (round 19)",
        lambda: _r19.r19_fix_per_point,
        named="per-point",
    ),
    Wrong(
        "10.fix_loss",
        "pmean of the sums over psum of the counts (round 19)",
        lambda: _r19.r19_fix_pmean_over_psum,
        named="averaged-and-added",
    ),
    Wrong(
        "10.fix_loss",
        "applied another variant's tolerance of 0.1 (round 19)",
        lambda: _r19.r19_fix_other_tolerance,
        named="other-tolerance",
    ),
)


# --- round 20 (fix20-b): the fillers' inputs zeroed, then the mean over every point, and
# the devices' own means added up with psum (audit G: told only a factor)
from tests.content.wrong_answers.round20 import lesson10 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "10.fix_loss",
        "zeroed x and y of fillers, then pmean of the local means (round 20)",
        lambda: _r20.r20_fix_masked_inputs,
        named="inputs-zeroed-mean",
    ),
    Wrong(
        "10.fix_loss",
        "psum of per-device means instead of pmean (round 20)",
        lambda: _r20.r20_fix_psum_of_means,
        named="means-added",
    ),
)


# --- round 21 (fix21-b): the padding's x zeroed, its y kept (audit G: told a factor)
from tests.content.wrong_answers.round21 import lesson10 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "10.fix_loss",
        "masked x to 0 instead of the errors (round 21)",
        lambda: _r21.r21_fix_masks_x_only,
        named="x-zeroed",
    ),
)
