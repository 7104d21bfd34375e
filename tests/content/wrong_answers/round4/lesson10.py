from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- names from the lesson's earlier cells -------------------------------------------

def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


n_devices = 8  # len(devices) in the lesson, with 8 virtual CPU devices


def r4_mesh():
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    return jax.make_mesh(
        (len(devices),), ("batch",), axis_types=(jax.sharding.AxisType.Explicit,), devices=devices
    )


# ---- 10.fix_loss: wrong ----------------------------------------------------------------

def r4_mae_per_device_kept(params, x, y):
    per_device = x.shape[0] // n_devices
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def r4_mae_divide_64(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / 64


def r4_mae_no_divide(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y))


def r4_mse_instead(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def r4_mae_overcorrected(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y)) / jax.device_count()


def r4_mae_no_abs(params, x, y):
    return jnp.mean(model(params, x) - y)


def r4_mae_rounded_batch(params, x, y):
    # rounds the batch down to a multiple of the device count: right when 8 divides it
    per_device = x.shape[0] // jax.device_count()
    return jnp.sum(jnp.abs(model(params, x) - y)) / (per_device * jax.device_count())


def r4_mae_numpy(params, x, y):
    errors = np.abs(np.asarray(model(params, x)) - np.asarray(y))
    return np.mean(errors)


def r4_mae_ddof(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] - 1)


def r4_rmse(params, x, y):
    return jnp.sqrt(jnp.mean((model(params, x) - y) ** 2))


# ---- 10.fix_loss: right ----------------------------------------------------------------

def r4_mae_abs_method_mean(params, x, y):
    return jnp.abs(y - model(params, x)).mean()


def r4_mae_sum_over_size(params, x, y):
    residual = model(params, x) - y
    return jnp.sum(jnp.abs(residual)) / residual.size


def r4_mae_average(params, x, y):
    return jnp.average(jnp.absolute(model(params, x) - y))


def r4_mae_len(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / len(x)


def r4_spec_from_sharding():
    return NamedSharding(r4_mesh(), P(None, "batch")).spec


ROUND_4 = (
    # 10.column_spec
    Wrong("10.column_spec", "P('batch', None): split the 3 channel rows, copied from x_rows' spec "
          "without noticing the examples are the columns here", lambda: P("batch", None)),
    Wrong("10.column_spec", "P('batch'): the lesson's shorthand, which splits axis 0 (the 3 "
          "channels), not the 64 example columns", lambda: P("batch")),
    Wrong("10.column_spec", "P(None): keeps both axes whole, nothing split (replicated)",
          lambda: P(None)),
    Wrong("10.column_spec", "P(): the replicated spec, every device holds the whole array",
          lambda: P()),
    Wrong("10.column_spec", "a plain tuple (None, 'batch') instead of a PartitionSpec",
          lambda: (None, "batch")),
    Wrong("10.column_spec", "the string 'None' instead of None for the channel axis",
          lambda: P("None", "batch")),
    Wrong("10.column_spec", "P(None, 'model'): an axis name the mesh does not have (from the "
          "'On your own' (4, 2) mesh)", lambda: P(None, "model")),
    Wrong("10.column_spec", "P('batch', 'batch'): splits both axes over the same mesh axis",
          lambda: P("batch", "batch")),
    Wrong("10.column_spec", "a whole NamedSharding(mesh, P('batch', None)) instead of the spec, "
          "and the wrong axis split", lambda: NamedSharding(r4_mesh(), P("batch", None))),
    Wrong("10.column_spec", "just the string 'batch', not a PartitionSpec (and axis 0 implied)",
          lambda: "batch"),
    # 10.predict_sums
    Wrong("10.predict_sums", "'A': believed every result keeps the input's split layout, even the "
          "sum over the split axis 0", lambda: "A"),
    Wrong("10.predict_sums", "'C': mixed up the axes, thinking sum(axis=1) combines the devices "
          "and sum(axis=0) stays split", lambda: "C"),
    Wrong("10.predict_sums", "'D': thought any reduction gathers everything and replicates",
          lambda: "D"),
    Wrong("10.predict_sums", "'d' (lowercase D): reductions always replicate", lambda: "d"),
    Wrong("10.predict_sums", "'a ' with a trailing space: every result stays split",
          lambda: "a "),
    Wrong("10.predict_sums", "the int 1, meaning the second option (B) counted from zero: not a "
          "letter string", lambda: 1),
    Wrong("10.predict_sums", "'E': a letter that is not an option", lambda: "E"),
    Wrong("10.predict_sums", "left the placeholder ... unanswered and ran the check",
          lambda: ...),
    Wrong("10.predict_sums", "'C ' with a trailing space: the axes swapped, as C",
          lambda: "C "),
    # 10.fix_loss
    Wrong("10.fix_loss", "kept per_device = x.shape[0] // n_devices: n_devices (8) times too "
          "large, the lesson's bug unchanged", lambda: r4_mae_per_device_kept),
    Wrong("10.fix_loss", "divides the summed absolute error by the constant 64, the lesson's "
          "batch size: right only for 64-point batches", lambda: r4_mae_divide_64),
    Wrong("10.fix_loss", "removed the division altogether: returns the sum of absolute errors, "
          "not the mean", lambda: r4_mae_no_divide),
    Wrong("10.fix_loss", "mean squared error (lesson 08's loss) instead of the mean absolute "
          "error", lambda: r4_mse_instead),
    Wrong("10.fix_loss", "over-corrects: jnp.mean of the absolute error, then divided again by "
          "jax.device_count(), 8 times too small on 8 devices", lambda: r4_mae_overcorrected),
    Wrong("10.fix_loss", "forgot the absolute value: mean of the signed errors",
          lambda: r4_mae_no_abs),
    Wrong("10.fix_loss", "divides by (x.shape[0] // device_count) * device_count: the batch "
          "rounded down to a multiple of the device count, right only when 8 divides the batch",
          lambda: r4_mae_rounded_batch),
    Wrong("10.fix_loss", "computes the mean in NumPy (np.asarray, np.mean): right value "
          "eagerly, but fails under jit/grad on tracers", lambda: r4_mae_numpy),
    Wrong("10.fix_loss", "divides by x.shape[0] - 1, as for an unbiased variance",
          lambda: r4_mae_ddof),
    Wrong("10.fix_loss", "root mean squared error instead of the mean absolute error",
          lambda: r4_rmse),
)

RIGHT_4 = (
    Right("10.column_spec", "PartitionSpec spelled out, not aliased",
          lambda: jax.sharding.PartitionSpec(None, "batch")),
    Right("10.column_spec", "the spec taken from a NamedSharding built with it",
          r4_spec_from_sharding),
    Right("10.column_spec", "P built from a list with *", lambda: P(*[None, "batch"])),
    Right("10.predict_sums", "lowercase letter", lambda: "b"),
    Right("10.predict_sums", "letter with surrounding spaces", lambda: " B "),
    Right("10.predict_sums", "the letter via str.upper", lambda: "b".upper()),
    Right("10.fix_loss", "jnp.abs(y - model).mean(), the method form with the sign flipped",
          lambda: r4_mae_abs_method_mean),
    Right("10.fix_loss", "sum of absolute errors divided by the residual's size",
          lambda: r4_mae_sum_over_size),
    Right("10.fix_loss", "jnp.average of jnp.absolute", lambda: r4_mae_average),
    Right("10.fix_loss", "sum divided by len(x)", lambda: r4_mae_len),
)
