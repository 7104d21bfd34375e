"""Round 13, lesson 15 (why JAX code is slow): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


@functools.cache
def _roof():
    """What the learner's `roof` holds: the page's measurement, measured once."""
    return timing.measured_roofline() or timing.roofline()


N23 = 2**23


# ---- 15.estimate: dot_fused reads two float32 vectors of 2**23 numbers --------------------
def r13_est_right():
    return 2 * 4 * N23 / _roof().bandwidth


def r13_est_seconds_method():
    return _roof().seconds(2 * N23, 2 * 4 * N23 + 4)


def r13_est_both_roofs_added():
    roof = _roof()
    return 2 * 4 * N23 / roof.bandwidth + 2 * N23 / roof.flop_rate


def r13_est_mib_as_1e6():
    return 2 * 32e6 / _roof().bandwidth


def r13_est_one_vector():
    return 4 * N23 / _roof().bandwidth


def r13_est_flops():
    return 2 * N23 / _roof().flop_rate


def r13_est_eager_bytes():
    return 4 * 4 * N23 / _roof().bandwidth  # x*y written and read back


def r13_est_milliseconds():
    return 1e3 * 2 * 4 * N23 / _roof().bandwidth


def r13_est_bits():
    return 8 * 2 * 4 * N23 / _roof().bandwidth


def r13_est_gb_confusion():
    return 2 * 4 * N23 / (_roof().bandwidth * 1e9)


def r13_est_mib_numbers():
    return 64 / _roof().bandwidth


def r13_est_elements():
    return 2 * N23 / _roof().bandwidth  # forgot the 4 bytes a number


def r13_est_ridge():
    return 2 * N23 / (_roof().ridge * _roof().bandwidth)


# ---- 15.fixed_shape -----------------------------------------------------------------------
@jax.jit
def mean_of(v):
    return jnp.mean(v)


def r13_prefix_eager_slices(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r13_prefix_static(x, lengths):
    return _prefix_static(x, tuple(lengths))


@functools.partial(jax.jit, static_argnums=1)
def _prefix_static(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r13_prefix_cumsum_off_by_one(x, lengths):
    c = jnp.cumsum(x)
    n = jnp.array(lengths)
    return c[n] / n


def r13_prefix_cummean_at_n(x, lengths):
    running = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return running[jnp.array(lengths)]


def r13_prefix_mask_wrong_divisor(x, lengths):
    idx = jnp.arange(x.shape[0])
    return jnp.stack([jnp.mean(jnp.where(idx < n, x, 0.0)) for n in lengths])


def r13_prefix_mask_le(x, lengths):
    idx = jnp.arange(x.shape[0])
    n = jnp.array(lengths)
    mask = idx[None, :] <= n[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / n


def r13_prefix_sorted_lengths(x, lengths):
    n = np.unique(lengths)  # sorted, duplicates dropped
    c = jnp.cumsum(x)
    return c[n - 1] / n


def r13_prefix_pad_and_slice(x, lengths):
    return jnp.stack([mean_of(jnp.pad(x[:n], (0, x.shape[0] - n))) for n in lengths])


def r13_prefix_int_division(x, lengths):
    c = jnp.cumsum(x)
    n = jnp.array(lengths)
    return c[n - 1] // n


def r13_prefix_cumsum(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] / n


@jax.jit
def _masked_mean(x, n):
    keep = jnp.arange(x.shape[0]) < n
    return jnp.sum(jnp.where(keep, x, 0.0)) / n


def r13_prefix_loop_masked(x, lengths):
    return jnp.stack([_masked_mean(x, n) for n in lengths])


def r13_prefix_vmap(x, lengths):
    return jax.vmap(_masked_mean, in_axes=(None, 0))(x, jnp.array(lengths))


def r13_prefix_numpy_host(x, lengths):
    c = np.cumsum(np.asarray(x, dtype=np.float64))
    n = np.asarray(lengths)
    return jnp.asarray((c[n - 1] / n).astype(np.float32))


def r13_prefix_matrix(x, lengths):
    n = jnp.asarray(lengths, dtype=jnp.int32)
    weights = (jnp.arange(x.shape[0])[None, :] < n[:, None]) / n[:, None]
    return jnp.dot(weights.astype(x.dtype), x, precision="highest")


ROUND_13 = [
    # 15.bound (right on this CPU, ridge about 3.3 flops/byte: A B C E)
    Wrong("15.bound", "AB: counted matvec and einsum as matmuls", lambda: "AB"),
    Wrong("15.bound", "ABC: batched 8x8 matmuls thought compute-bound", lambda: "ABC"),
    Wrong("15.bound", "ACE: the 8-flop polynomial thought compute-bound", lambda: "ACE"),
    Wrong("15.bound", "ABE: matvec thought compute-bound", lambda: "ABE"),
    Wrong("15.bound", "D only: compute and memory swapped", lambda: "D"),
    Wrong("15.bound", "all five", lambda: "ABCDE"),
    Wrong("15.bound", "none", lambda: ""),
    Wrong("15.bound", "A only: elementwise is memory-bound", lambda: "A"),
    Wrong("15.bound", "ABCD: dropped E, added D", lambda: "ABCD"),
    Wrong("15.bound", "a list of letters, E missing", lambda: ["A", "B", "C"]),
    # 15.estimate
    Wrong("15.estimate", "one vector's bytes only", lambda: r13_est_one_vector()),
    Wrong("15.estimate", "flops over the flop rate", lambda: r13_est_flops()),
    Wrong("15.estimate", "eager bytes: x*y written and read", lambda: r13_est_eager_bytes()),
    Wrong("15.estimate", "right time, in milliseconds", lambda: r13_est_milliseconds()),
    Wrong("15.estimate", "bytes counted as bits", lambda: r13_est_bits()),
    Wrong(
        "15.estimate", "bandwidth taken as GB/s, times 1e9 again", lambda: r13_est_gb_confusion()
    ),
    Wrong("15.estimate", "MiB over bytes per second", lambda: r13_est_mib_numbers()),
    Wrong("15.estimate", "elements, not bytes, over the bandwidth", lambda: r13_est_elements()),
    Wrong("15.estimate", "a string with a unit", lambda: f"{r13_est_right() * 1e3:.2f} ms"),
    Wrong("15.estimate", "flops over ridge times bandwidth: flop time", lambda: r13_est_ridge()),
    # 15.fixed_shape
    Wrong(
        "15.fixed_shape",
        "eager jnp.mean of x[:n]: new shapes trace",
        lambda: r13_prefix_eager_slices,
    ),
    Wrong("15.fixed_shape", "jit with lengths static: retraces", lambda: r13_prefix_static),
    Wrong(
        "15.fixed_shape",
        "cumsum[n] / n: one element too many",
        lambda: r13_prefix_cumsum_off_by_one,
    ),
    Wrong("15.fixed_shape", "running mean read at n, not n - 1", lambda: r13_prefix_cummean_at_n),
    Wrong("15.fixed_shape", "masked mean divides by len(x)", lambda: r13_prefix_mask_wrong_divisor),
    Wrong("15.fixed_shape", "mask <= n: n + 1 elements", lambda: r13_prefix_mask_le),
    Wrong(
        "15.fixed_shape",
        "np.unique sorts and dedups the lengths",
        lambda: r13_prefix_sorted_lengths,
    ),
    Wrong(
        "15.fixed_shape",
        "padded slice back to full length: mean over all",
        lambda: r13_prefix_pad_and_slice,
    ),
    Wrong("15.fixed_shape", "floor division by n", lambda: r13_prefix_int_division),
    # 15.donate (right on CPU: A C E)
    Wrong("15.donate", "A only: elementwise only", lambda: "A"),
    Wrong("15.donate", "AE: thought a matmul cannot write into its input", lambda: "AE"),
    Wrong("15.donate", "AC: thought a tuple result cannot reuse", lambda: "AC"),
    Wrong("15.donate", "all five", lambda: "ABCDE"),
    Wrong("15.donate", "AB: a slice is a view of x", lambda: "AB"),
    Wrong("15.donate", "ABE: slice as a view, matmul not", lambda: "ABE"),
    Wrong("15.donate", "ACDE: concatenate grows into the buffer", lambda: "ACDE"),
    Wrong("15.donate", "none", lambda: ""),
    Wrong("15.donate", "E only: the tuple holds x * 2", lambda: "E"),
    Wrong("15.donate", "a tuple of letters, C missing", lambda: ("A", "E")),
]

RIGHT_13 = [
    Right("15.bound", "ABCE", lambda: "ABCE"),
    Right("15.bound", "letters in another order", lambda: "ECBA"),
    Right("15.bound", "lower case", lambda: "abce"),
    Right("15.estimate", "bytes over bandwidth", lambda: r13_est_right()),
    Right("15.estimate", "roof.seconds with the counts", lambda: r13_est_seconds_method()),
    Right("15.estimate", "both roofs added: within 1.5x", lambda: r13_est_both_roofs_added()),
    Right("15.estimate", "MiB taken as 1e6 bytes", lambda: r13_est_mib_as_1e6()),
    Right("15.fixed_shape", "cumsum gathered at n - 1", lambda: r13_prefix_cumsum),
    Right(
        "15.fixed_shape", "jitted masked mean, n as a traced scalar", lambda: r13_prefix_loop_masked
    ),
    Right("15.fixed_shape", "vmap of the masked mean", lambda: r13_prefix_vmap),
    Right("15.fixed_shape", "NumPy cumsum on the host, float64", lambda: r13_prefix_numpy_host),
    Right("15.fixed_shape", "a weight matrix times x", lambda: r13_prefix_matrix),
    Right("15.donate", "ACE", lambda: "ACE"),
    Right("15.donate", "in another order", lambda: "ECA"),
]
