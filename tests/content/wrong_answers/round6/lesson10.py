"""Round 6, lesson 10 (many devices): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def _lesson_mesh():
    """The lesson's mesh, over whatever devices this process has (8 in the notebook)."""
    devices = jax.devices()
    if len(devices) == 1:
        devices = jax.devices("cpu")
    return jax.make_mesh(
        (len(devices),), ("batch",), axis_types=(AxisType.Explicit,), devices=devices
    )


# ---------------------------------------------------------------- 10.column_spec


def r6_sharding_not_spec():
    return NamedSharding(_lesson_mesh(), P(None, "batch"))


def r6_spec_from_sharding():
    return NamedSharding(_lesson_mesh(), P(None, "batch")).spec


# ---------------------------------------------------------------- 10.fix_loss

n_devices = 8  # what the lesson's kernel counts: len(devices) with 8 CPU devices


def model(params, x):
    return params["a"] * x**2 + params["b"] * x + params["c"]


def r6_loss_lesson_unchanged(params, x, y):
    per_device = x.shape[0] // n_devices
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def r6_loss_device_count_at_call(params, x, y):
    # "don't hard-code the count": asks JAX at every call instead (8 in the lesson's kernel)
    per_device = x.shape[0] // jax.device_count()
    return jnp.sum(jnp.abs(model(params, x) - y)) / per_device


def r6_loss_squared(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def r6_loss_fixed_64(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / 64


def r6_loss_no_abs(params, x, y):
    return jnp.mean(model(params, x) - y)


def r6_loss_abs_outside(params, x, y):
    return jnp.abs(jnp.mean(model(params, x) - y))


def r6_loss_sum_only(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y))


def r6_loss_python_float(params, x, y):
    return float(jnp.mean(jnp.abs(model(params, x) - y)))


def r6_loss_numpy(params, x, y):
    errors = np.abs(np.asarray(model(params, x)) - np.asarray(y))
    return errors.mean()


def r6_loss_ddof(params, x, y):
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] - 1)


def r6_loss_paren_slip(params, x, y):
    return jnp.mean(jnp.abs(model(params, x)) - y)


def r6_loss_overcorrected(params, x, y):
    # thinks the sum is one device's and divides by the global batch times the devices
    return jnp.sum(jnp.abs(model(params, x) - y)) / (x.shape[0] * n_devices)


def r6_loss_mean(params, x, y):
    return jnp.mean(jnp.abs(model(params, x) - y))


def r6_loss_size(params, x, y):
    errors = jnp.abs(y - model(params, x))
    return errors.sum() / errors.size


def r6_loss_average(params, x, y):
    return jnp.average(jnp.abs(model(params, x) - y))


def r6_loss_norm(params, x, y):
    residual = model(params, x) - y
    return jnp.linalg.norm(residual, ord=1) / len(residual)


ROUND_6 = [
    # 10.column_spec
    Wrong("10.column_spec", "P('batch'): splits the first axis, the 3 channels, as in the lesson's x_rows", lambda: P("batch")),
    Wrong("10.column_spec", "P('batch', None): copies x_rows's spec, rows split", lambda: P("batch", None)),
    Wrong("10.column_spec", "P(): replicated, nothing split", lambda: P()),
    Wrong("10.column_spec", "P(None): thinks None marks the axis to split", lambda: P(None)),
    Wrong("10.column_spec", "a plain tuple (None, 'batch'), not a PartitionSpec", lambda: (None, "batch")),
    Wrong("10.column_spec", "the whole NamedSharding(mesh, P(None, 'batch')) instead of its spec", r6_sharding_not_spec),
    Wrong("10.column_spec", "the string 'P(None, \"batch\")'", lambda: 'P(None, "batch")'),
    Wrong("10.column_spec", "P(None, 'model'): a mesh axis name this mesh does not have", lambda: P(None, "model")),
    Wrong("10.column_spec", "P('None', 'batch'): None written as a string", lambda: P("None", "batch")),
    Wrong("10.column_spec", "P(None, 'batch', None): one entry too many for a 2-D array", lambda: P(None, "batch", None)),
    Wrong("10.column_spec", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 10.predict_sums
    Wrong("10.predict_sums", "A: thinks every result of a sharded array stays split", lambda: "A"),
    Wrong("10.predict_sums", "C: mixes up the axes (axis=0 thought to run along a row)", lambda: "C"),
    Wrong("10.predict_sums", "D: thinks a reduction always gathers to every device", lambda: "D"),
    Wrong("10.predict_sums", "lowercase d", lambda: "d"),
    Wrong("10.predict_sums", "lowercase c", lambda: "c"),
    Wrong("10.predict_sums", "hedges 'B or D'", lambda: "B or D"),
    Wrong("10.predict_sums", "'AB': both letters that start with a split row sum", lambda: "AB"),
    Wrong("10.predict_sums", "the word 'replicated'", lambda: "replicated"),
    Wrong("10.predict_sums", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 10.fix_loss
    Wrong("10.fix_loss", "the lesson's mae_loss unchanged, per_device = x.shape[0] // n_devices with n_devices = 8", lambda: r6_loss_lesson_unchanged),
    Wrong("10.fix_loss", "divides by x.shape[0] // jax.device_count(), asked at every call: still the device count in the maths (8 in the lesson's kernel)", lambda: r6_loss_device_count_at_call),
    Wrong("10.fix_loss", "mean squared error: copies the lesson's loss instead of the absolute error", lambda: r6_loss_squared),
    Wrong("10.fix_loss", "divides the sum by 64, the lesson's batch size, hard-coded", lambda: r6_loss_fixed_64),
    Wrong("10.fix_loss", "jnp.mean(model - y): forgot the absolute value", lambda: r6_loss_no_abs),
    Wrong("10.fix_loss", "jnp.abs(jnp.mean(model - y)): absolute value of the mean", lambda: r6_loss_abs_outside),
    Wrong("10.fix_loss", "removes the division: the sum of absolute errors", lambda: r6_loss_sum_only),
    Wrong("10.fix_loss", "returns float(jnp.mean(...)): a Python float, which fails under jit and grad", lambda: r6_loss_python_float),
    Wrong("10.fix_loss", "computes the mean in NumPy (np.asarray of the model's output): fails on tracers", lambda: r6_loss_numpy),
    Wrong("10.fix_loss", "divides by x.shape[0] - 1, a sample-variance habit", lambda: r6_loss_ddof),
    Wrong("10.fix_loss", "parenthesis slip: jnp.mean(jnp.abs(model(params, x)) - y)", lambda: r6_loss_paren_slip),
    Wrong("10.fix_loss", "overcorrects: divides by x.shape[0] * n_devices", lambda: r6_loss_overcorrected),
]

RIGHT_6 = [
    Right("10.column_spec", "PartitionSpec(None, 'batch') spelled out in full", lambda: PartitionSpec(None, "batch")),
    Right("10.column_spec", "P(*[None, 'batch']) from a list", lambda: P(*[None, "batch"])),
    Right("10.column_spec", "NamedSharding(mesh, P(None, 'batch')).spec, read back from a sharding", r6_spec_from_sharding),
    Right("10.column_spec", "P(None, ('batch',)): the mesh axis as a one-element tuple", lambda: P(None, ("batch",))),
    Right("10.predict_sums", "'B'", lambda: "B"),
    Right("10.predict_sums", "lowercase 'b'", lambda: "b"),
    Right("10.predict_sums", "' B ' with spaces", lambda: " B "),
    Right("10.fix_loss", "jnp.mean(jnp.abs(model(params, x) - y))", lambda: r6_loss_mean),
    Right("10.fix_loss", "sum of |y - model| divided by errors.size", lambda: r6_loss_size),
    Right("10.fix_loss", "jnp.average of the absolute errors", lambda: r6_loss_average),
    Right("10.fix_loss", "L1 norm of the residual over len(residual)", lambda: r6_loss_norm),
]
