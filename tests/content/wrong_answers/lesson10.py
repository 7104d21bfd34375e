"""Lesson 10: realistic wrong answers (see the package docstring for the labels).

The lesson runs on 8 devices, and so does the test process (the root conftest sets
jax_num_cpu_devices: lesson 10's checks judge nothing with fewer). The notebook's
``n_devices`` is written out below as 8, the value a learner's cell reads.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

from jaxtour.exercises.lesson08 import make_data
from tests.content.wrong_answers import Wrong

n_devices = 8  # the notebook's global, as lesson 10 sets it


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def _mesh():
    return jax.make_mesh((1,), ("batch",), devices=jax.devices()[:1])


# --- 10.column_spec ---------------------------------------------------------------------


def sharding_with_rows_spec():
    return NamedSharding(_mesh(), P("batch", None))


def readings_put():
    readings = jnp.zeros((3, 64))
    return jax.device_put(readings, NamedSharding(_mesh(), P(None, "batch")))


# --- 10.fix_loss ------------------------------------------------------------------------


def loss_float_division(params, x, y):
    per_device = len(x) / n_devices
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def loss_divided_twice(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] * n_devices)


def loss_abs_of_mean(params, x, y):
    return jnp.abs(jnp.mean(model(params, x) - y))


def loss_abs_of_prediction(params, x, y):
    return jnp.mean(jnp.abs(model(params, x)) - y)


def loss_as_float(params, x, y):
    return float(jnp.mean(jnp.abs(model(params, x) - y)))


def loss_no_return(params, x, y):
    error = jnp.mean(jnp.abs(model(params, x) - y))  # noqa: F841


DATA_X, DATA_Y = make_data()  # the notebook's data_x, data_y


def loss_notebook_data(params, x, y):
    return jnp.mean(jnp.abs(model(params, DATA_X) - DATA_Y))


def loss_numpy_abs(params, x, y):
    return jnp.mean(np.abs(model(params, x) - y))


def loss_times_devices(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y)) * n_devices


def loss_squared_sum(params, x, y):
    return jnp.sum((model(params, x) - y) ** 2) / x.shape[0]


WRONG_ANSWERS = (
    # 10.column_spec
    Wrong(
        "10.column_spec",
        "P('batch', None): rows, written out",
        lambda: P("batch", None),
        named="rows",
    ),
    Wrong(
        "10.column_spec", "P(None, None): nothing split", lambda: P(None, None), named="replicated"
    ),
    Wrong(
        "10.column_spec",
        "a NamedSharding around a spec",
        sharding_with_rows_spec,
        named="whole-sharding",
    ),
    Wrong("10.column_spec", "the mesh axis name alone", lambda: "batch", says="is a string"),
    Wrong(
        "10.column_spec",
        "the array's axis names",
        lambda: P("channels", "batch"),
        says="no axis named 'channels'",
    ),
    Wrong(
        "10.column_spec", "P('batch', 'batch')", lambda: P("batch", "batch"), says="appears twice"
    ),
    Wrong(
        "10.column_spec",
        "three entries for two axes",
        lambda: P(None, "batch", None),
        says="has 3 entries",
    ),
    Wrong(
        "10.column_spec",
        "the device count as an entry",
        lambda: P(None, 8),
        says="None or a mesh axis name",
    ),
    Wrong("10.column_spec", "a list of entries", lambda: [None, "batch"], named="plain-tuple"),
    Wrong("10.column_spec", "the readings after device_put", readings_put, named="laid-out-array"),
    # 10.predict_sums
    Wrong("10.predict_sums", "lower-case a", lambda: "a", named="both-split"),
    Wrong("10.predict_sums", "c with a trailing space", lambda: "c ", named="swapped"),
    Wrong("10.predict_sums", "lower-case d", lambda: "d", named="both-replicated"),
    Wrong(
        "10.predict_sums",
        "the layouts in words",
        lambda: "split, replicated",
        says="one of",
    ),
    Wrong("10.predict_sums", "a trailing comma: a tuple", lambda: ("B",), says="as a string"),
    Wrong("10.predict_sums", "the option's number", lambda: 2, says="as a string"),
    # 10.fix_loss
    Wrong(
        "10.fix_loss",
        "len(x) / n_devices as the divisor",
        lambda: loss_float_division,
        named="per-device",
    ),
    Wrong(
        "10.fix_loss",
        "divides by x.shape[0] * n_devices",
        lambda: loss_divided_twice,
        named="mean-over-devices",
    ),
    Wrong("10.fix_loss", "abs of the mean error", lambda: loss_abs_of_mean, named="abs-of-mean"),
    Wrong(
        "10.fix_loss",
        "abs around the prediction only",
        lambda: loss_abs_of_prediction,
        named="abs-of-prediction",
    ),
    Wrong(
        "10.fix_loss",
        "float(...) around the mean",
        lambda: loss_as_float,
        says="returns a Python float",
    ),
    Wrong(
        "10.fix_loss",
        "no return statement",
        lambda: loss_no_return,
        says="did you forget the return?",
    ),
    Wrong(
        "10.fix_loss",
        "the notebook's data_x, data_y",
        lambda: loss_notebook_data,
        named="ignores-data",
    ),
    Wrong("10.fix_loss", "np.abs inside jnp.mean", lambda: loss_numpy_abs, named="numpy-inside"),
    Wrong(
        "10.fix_loss", "the mean times n_devices", lambda: loss_times_devices, named="per-device"
    ),
    Wrong(
        "10.fix_loss",
        "squared errors, summed over x.shape[0]",
        lambda: loss_squared_sum,
        named="squared",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


def loss_median(params, x, y):
    return jnp.median(jnp.abs(model(params, x) - y))


def loss_x_y_swapped(params, x, y):
    return jnp.mean(jnp.abs(model(params, y) - x))


def loss_floor_division(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) // x.shape[0]


def loss_column_y(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y[:, None]))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "10.column_spec", "P(None, 'examples')", lambda: P(None, "examples"), says="no axis named"
    ),
    Wrong("10.column_spec", "P(None, 'Batch')", lambda: P(None, "Batch"), says="no axis named"),
    Wrong("10.column_spec", "P(None): None for the rows only", lambda: P(None), named="replicated"),
    Wrong("10.column_spec", "P(None, 'model')", lambda: P(None, "model"), says="no axis named"),
    Wrong(
        "10.column_spec", "P('batch', 'channels')", lambda: P("batch", "channels"), says="no axis"
    ),
    Wrong(
        "10.predict_sums", "the layouts in two words", lambda: "split, replicated", says="one of"
    ),
    Wrong("10.predict_sums", "True", lambda: True, says="as a string"),
    Wrong("10.fix_loss", "jnp.median", lambda: loss_median, says="times the mean absolute error"),
    Wrong(
        "10.fix_loss", "x and y swapped", lambda: loss_x_y_swapped, says="times the mean absolute"
    ),
    Wrong("10.fix_loss", "// floor division", lambda: loss_floor_division, says="0 times the mean"),
    Wrong("10.fix_loss", "y[:, None]", lambda: loss_column_y, says="times the mean absolute error"),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_loss_over_devices(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / len(jax.devices())


def r2_loss_squared(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def r2_loss_median(params, x, y):
    return jnp.median(jnp.abs(model(params, x) - y))


def r2_loss_abs_of_sum(params, x, y):
    return jnp.abs(jnp.sum(model(params, x) - y)) / x.shape[0]


def r2_loss_over_64(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / 64


ROUND_2 = (
    Wrong("10.column_spec", 'P("batch"): rows', lambda: P("batch"), named="rows"),
    Wrong(
        "10.column_spec",
        "three entries",
        lambda: P(None, "batch", None),
        says="P(None, 'batch', None) has 3 entries, but the",
    ),
    Wrong(
        "10.column_spec",
        'axis named "data"',
        lambda: P(None, "data"),
        says="The mesh has no axis named 'data'; its axis is",
    ),
    Wrong(
        "10.column_spec",
        "a plain tuple (None, 'batch')",
        lambda: (None, "batch"),
        named="plain-tuple",
    ),
    Wrong(
        "10.column_spec",
        'the string "None, batch"',
        lambda: "None, batch",
        says="'None, batch' is a string: it can name a mesh",
    ),
    Wrong("10.predict_sums", '"A": both split', lambda: "A", named="both-split"),
    Wrong("10.predict_sums", '"C"', lambda: "C", named="swapped"),
    Wrong("10.predict_sums", '"D": both replicated', lambda: "D", named="both-replicated"),
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
    Wrong(
        "10.fix_loss",
        "sum / len(jax.devices())",
        lambda: r2_loss_over_devices,
        named="sum-over-devices",
    ),
    Wrong("10.fix_loss", "mean squared error", lambda: r2_loss_squared, named="squared"),
    Wrong(
        "10.fix_loss",
        "the median",
        lambda: r2_loss_median,
        says="On a batch of 24 points your loss is 0.448494,",
    ),
    Wrong(
        "10.fix_loss",
        "abs of the summed errors / n",
        lambda: r2_loss_abs_of_sum,
        named="abs-of-mean",
    ),
    Wrong("10.fix_loss", "sum / 64", lambda: r2_loss_over_64, named="hard-coded-batch"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_lesson_mesh():
    devices = jax.devices()
    return jax.make_mesh(
        (len(devices),), ("batch",), axis_types=(AxisType.Explicit,), devices=devices
    )


def r3_loss_whole_devices(params, x, y):
    used = x.shape[0] // n_devices * n_devices
    return jnp.sum(jnp.abs(model(params, x) - y)) / used


def r3_loss_no_abs(params, x, y):
    return jnp.mean(model(params, x) - y)


def r3_loss_mean_over_devices(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y)) / n_devices


ROUND_3 = (
    Wrong(
        "10.column_spec",
        "the whole NamedSharding, not the spec",
        lambda: NamedSharding(r3_lesson_mesh(), P(None, "batch")),
    ),
    Wrong("10.column_spec", "P(None, 8): eight per device", lambda: P(None, 8)),
    Wrong("10.column_spec", 'P("None", "batch"): None in quotes', lambda: P("None", "batch")),
    Wrong("10.predict_sums", "the option's text for B", lambda: 'split over "batch", replicated'),
    Wrong("10.predict_sums", '"BD": unsure of the row sums', lambda: "BD"),
    Wrong("10.predict_sums", '"replicated": only the axis-0 sum', lambda: "replicated"),
    Wrong(
        "10.fix_loss",
        "divides by the batch rounded to the devices",
        lambda: r3_loss_whole_devices,
        says="1.25 times the mean absolute error",
    ),
    Wrong("10.fix_loss", "mean error, abs forgotten", lambda: r3_loss_no_abs),
    Wrong("10.fix_loss", "the mean divided by n_devices", lambda: r3_loss_mean_over_devices),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))
