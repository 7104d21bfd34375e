"""Lesson 10: realistic wrong answers (see the package docstring for the labels).

The lesson runs on 8 devices, and so does the test process (the root conftest sets
jax_num_cpu_devices: lesson 10's checks judge nothing with fewer). The notebook's
``n_devices`` is written out below as 8, the value a learner's cell reads.

10.column_spec (a 2-D mesh) and 10.fix_loss (a padded batch) were redesigned for issue
34: the answers written for their earlier tasks (a 1-D mesh; a loss with no mask) no
longer apply, and were replaced by the ones below.
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


def loss_plain_mean(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y))


def loss_mean_times_mask(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y) * valid)


def loss_unmasked_over_count(params, x, y, valid):
    return jnp.abs(model(params, x) - y).sum() / valid.sum()


def loss_boolean_index(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return errors[valid].mean()


def loss_per_device_count(params, x, y, valid):
    real_per_device = jnp.sum(valid) / n_devices
    return jnp.sum(jnp.abs(model(params, x) - y) * valid) / real_per_device


def loss_lesson_divisor(params, x, y, valid):
    per_device = x.shape[0] // n_devices
    return jnp.sum(jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)) / per_device


def loss_inverted(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jnp.sum(jnp.where(valid, 0.0, errors)) / jnp.sum(~valid)


def loss_sixty(params, x, y, valid):
    return jnp.sum(jnp.abs(model(params, x) - y) * valid) / 60.0


def loss_squared_masked(params, x, y, valid):
    return jnp.sum((model(params, x) - y) ** 2 * valid) / jnp.sum(valid)


def loss_numpy_masked(params, x, y, valid):
    errors = np.abs(np.asarray(model(params, x) - y))
    return errors[np.asarray(valid)].mean()


def loss_masked_sum(params, x, y, valid):
    return jnp.where(valid, jnp.abs(model(params, x) - y), 0.0).sum()


def loss_per_point(params, x, y, valid):
    return jnp.where(valid, jnp.abs(model(params, x) - y), 0.0)


data_x = jnp.linspace(-1.0, 1.0, 64)
data_y = 2.0 * data_x
valid_global = jnp.arange(64) < 60


def loss_notebook_globals(params, x, y, valid):
    errors = jnp.abs(model(params, data_x) - data_y)
    return jnp.sum(errors * valid_global) / jnp.sum(valid_global)


def loss_mean_where(params, x, y, valid):
    return jnp.mean(jnp.abs(model(params, x) - y), where=valid) * n_devices


def loss_without_mask(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / x.shape[0]


WRONG_ANSWERS = (
    # 10.column_spec
    Wrong(
        "10.column_spec",
        "the examples over 'batch' only",
        lambda: P(None, "batch"),
        named="one-mesh-axis",
    ),
    Wrong(
        "10.column_spec",
        "the examples over 'model' only",
        lambda: P(None, "model"),
        named="one-mesh-axis",
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
    Wrong("10.predict_sums", "a trailing comma: a tuple", lambda: ("B",), says="as a string"),
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
        says="'B and C' names 2 options; the answer is one of",
    ),
    Wrong(
        "10.predict_sums",
        '["B"]',
        lambda: ["B"],
        says="['B'] is a list; write the letter alone, without",
    ),
    # 10.fix_loss
    Wrong(
        "10.fix_loss", "jnp.mean over every point", lambda: loss_plain_mean, named="counts-padding"
    ),
    Wrong(
        "10.fix_loss",
        "jnp.mean of the masked errors",
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
    Wrong(
        "10.fix_loss",
        "the real points per device",
        lambda: loss_per_device_count,
        named="per-device",
    ),
    Wrong(
        "10.fix_loss",
        "the lesson's per_device kept",
        lambda: loss_lesson_divisor,
        named="per-device",
    ),
    Wrong(
        "10.fix_loss",
        "jnp.mean(where=valid) times n_devices",
        lambda: loss_mean_where,
        named="per-device",
    ),
    Wrong("10.fix_loss", "the mask read backwards", lambda: loss_inverted, named="mask-inverted"),
    Wrong("10.fix_loss", "divided by 60", lambda: loss_sixty, named="hard-coded-count"),
    Wrong("10.fix_loss", "masked squared errors", lambda: loss_squared_masked, named="squared"),
    Wrong("10.fix_loss", "NumPy with the mask", lambda: loss_numpy_masked, named="numpy-inside"),
    Wrong("10.fix_loss", "the masked sum", lambda: loss_masked_sum, named="sum-not-mean"),
    Wrong("10.fix_loss", "one error per point", lambda: loss_per_point, named="per-example"),
    Wrong(
        "10.fix_loss", "the notebook's data", lambda: loss_notebook_globals, named="ignores-data"
    ),
)


# Round 7's families (issue 35), written anew: the padding's errors summed instead of the
# real points', and the padding's inputs zeroed where its errors had to be.
def loss_padding_kept_by_mask(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jnp.sum(errors * (1 - valid)) / valid.sum()


def loss_padding_selected(params, x, y, valid):
    errors = jnp.abs(model(params, x) - y)
    return jnp.where(valid, 0.0, errors).sum() / jnp.count_nonzero(valid)


def loss_inputs_masked(params, x, y, valid):
    x = x * valid
    y = y * valid
    return jnp.sum(jnp.abs(model(params, x) - y)) / valid.sum()


def loss_inputs_where(params, x, y, valid):
    clean_x = jnp.where(valid, x, 0)
    clean_y = jnp.where(valid, y, 0)
    return jnp.abs(model(params, clean_x) - clean_y).sum() / valid.sum()


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
    return jnp.sum(errors * keep) / jnp.count_nonzero(keep)


ROUND_9_FAMILIES = (
    Wrong(
        "10.fix_loss",
        "the points where y is 0 taken for padding",
        lambda: loss_zero_y_is_padding,
        named="mask-from-data",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_9_FAMILIES)
