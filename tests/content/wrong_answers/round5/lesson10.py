"""Round 5, lesson 10 (many devices): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 10.fix_loss


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


N_DEVICES = 8


def r5_mae_per_device(params, x, y):
    # keeps the lesson's bug, "fixed" by multiplying back
    per_device = x.shape[0] // N_DEVICES
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device / N_DEVICES


def r5_mae_sum(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y))


def r5_mae_hardcoded_64(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / 64


def r5_mse(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def r5_mae_no_abs(params, x, y):
    return jnp.mean(model(params, x) - y)


def r5_mae_abs_outside(params, x, y):
    return jnp.abs(jnp.mean(model(params, x) - y))


def r5_mae_numpy(params, x, y):
    errors = np.abs(np.asarray(model(params, x)) - np.asarray(y))
    return errors.mean()


def r5_mae_device_count(params, x, y):
    # divides by the slice size using jax.device_count(): still device dependent
    per_device = x.shape[0] // jax.device_count()
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def r5_mae_swapped(params, x, y):
    return jnp.mean(jnp.abs(model(params, y) - x))


def r5_rmse(params, x, y):
    return jnp.sqrt(jnp.mean((model(params, x) - y) ** 2))


def r5_mae_unbiased(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] - 1)


def r5_mae_mean(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r5_mae_sum_over_len(params, x, y):
    errors = jnp.abs(model(params, x) - y)
    return errors.sum() / x.shape[0]


def r5_mae_method(params, x, y):
    return abs(model(params, x) - y).mean()


def r5_mae_size(params, x, y):
    residual = y - model(params, x)
    return jnp.sum(jnp.abs(residual)) / y.size


ROUND_5 = [
    # 10.column_spec
    Wrong("10.column_spec", "P('batch'): copies the lesson's row split, splitting the 3 channels", lambda: P("batch")),
    Wrong("10.column_spec", "P('batch', None): the x_rows spec, rows split instead of columns", lambda: P("batch", None)),
    Wrong("10.column_spec", "P(): replicated, nothing split", lambda: P()),
    Wrong("10.column_spec", "P(None): thinks None marks the split axis", lambda: P(None)),
    Wrong("10.column_spec", "a plain tuple (None, 'batch') instead of a PartitionSpec", lambda: (None, "batch")),
    Wrong("10.column_spec", "the string 'batch'", lambda: "batch"),
    Wrong("10.column_spec", "P('batch', 'batch'): both axes over batch", lambda: P("batch", "batch")),
    Wrong("10.column_spec", "P(None, 'examples'): names the array axis, not the mesh axis", lambda: P(None, "examples")),
    Wrong("10.column_spec", "P(None, None): both kept whole", lambda: P(None, None)),
    Wrong("10.column_spec", "P(None, 'batch', None): an extra entry for a third axis", lambda: P(None, "batch", None)),
    # 10.predict_sums
    Wrong("10.predict_sums", "A: thinks every result keeps the input's split", lambda: "A"),
    Wrong("10.predict_sums", "C: swaps which sum stays split", lambda: "C"),
    Wrong("10.predict_sums", "D: thinks any reduction gathers to every device", lambda: "D"),
    Wrong("10.predict_sums", "hedges 'B or D'", lambda: "B or D"),
    Wrong("10.predict_sums", "lowercase 'a'", lambda: "a"),
    Wrong("10.predict_sums", "index 1 of the options as an int", lambda: 1),
    Wrong("10.predict_sums", "left the placeholder ...", lambda: ...),
    Wrong("10.predict_sums", "'C' with a trailing newline", lambda: "C\n"),
    # 10.fix_loss
    Wrong("10.fix_loss", "divides by per_device then by the device count: right only when the batch divides by 8", lambda: r5_mae_per_device),
    Wrong("10.fix_loss", "sum of absolute errors, no division", lambda: r5_mae_sum),
    Wrong("10.fix_loss", "divides by a hard-coded 64 (the lesson's batch size)", lambda: r5_mae_hardcoded_64),
    Wrong("10.fix_loss", "mean squared error (copied lesson 08's loss)", lambda: r5_mse),
    Wrong("10.fix_loss", "mean error, forgot the absolute value", lambda: r5_mae_no_abs),
    Wrong("10.fix_loss", "absolute value of the mean error", lambda: r5_mae_abs_outside),
    Wrong("10.fix_loss", "NumPy mean of np.asarray errors: fails under jit and grad", lambda: r5_mae_numpy),
    Wrong("10.fix_loss", "per_device from jax.device_count(): still changes with the device count", lambda: r5_mae_device_count),
    Wrong("10.fix_loss", "model(params, y) - x: arguments swapped", lambda: r5_mae_swapped),
    Wrong("10.fix_loss", "root mean squared error", lambda: r5_rmse),
    Wrong("10.fix_loss", "divides by n - 1", lambda: r5_mae_unbiased),
]

RIGHT_5 = [
    Right("10.column_spec", "P(None, 'batch')", lambda: P(None, "batch")),
    Right("10.column_spec", "jax.sharding.PartitionSpec(None, ('batch',)) with a tuple of mesh axes", lambda: jax.sharding.PartitionSpec(None, ("batch",))),
    Right("10.column_spec", "P(*[None, 'batch']) built from a list", lambda: P(*[None, "batch"])),
    Right("10.predict_sums", "'B'", lambda: "B"),
    Right("10.predict_sums", "lowercase 'b'", lambda: "b"),
    Right("10.predict_sums", "' B ' with spaces", lambda: " B "),
    Right("10.fix_loss", "jnp.mean(jnp.abs(...))", lambda: r5_mae_mean),
    Right("10.fix_loss", "sum / x.shape[0]", lambda: r5_mae_sum_over_len),
    Right("10.fix_loss", "abs(...).mean() as methods", lambda: r5_mae_method),
    Right("10.fix_loss", "sum of |y - model| over y.size", lambda: r5_mae_size),
]
