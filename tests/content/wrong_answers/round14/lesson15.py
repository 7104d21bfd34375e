"""Round 14, lesson 15 (why slow): answers written from the lesson's text alone."""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


def _roof():
    """The learner's `roof`: the run measured in this kernel (measured once if none)."""
    return timing.measured_roofline() or timing.roofline()


N = 2**23  # 15.estimate, variant 0


# 15.estimate -------------------------------------------------------------------------------
def r14_est_right_max():
    roof = _roof()
    return max(2 * 4 * N / roof.bandwidth, 2 * N / roof.flop_rate)


def r14_est_seconds_method():
    return _roof().seconds(2 * N, 2 * 4 * N + 4)


def r14_est_sum_of_terms():
    roof = _roof()
    return 2 * 4 * N / roof.bandwidth + 2 * N / roof.flop_rate


def r14_est_megabytes():
    return 64e6 / _roof().bandwidth  # MB where MiB was meant


def r14_est_one_vector():
    return 4 * N / _roof().bandwidth


def r14_est_flops_only():
    return 2 * N / _roof().flop_rate


def r14_est_no_bytes_per_number():
    return 2 * N / _roof().bandwidth


def r14_est_bits():
    return 2 * 32 * N / _roof().bandwidth


def r14_est_milliseconds():
    return 1000 * 2 * 4 * N / _roof().bandwidth


def r14_est_eager_bytes():
    return 4 * (2 + 1 + 1) * N / _roof().bandwidth  # x*y written and read back


def r14_est_page_length():
    return 2 * 4 * 2**22 / _roof().bandwidth  # the 2**22 of the page's x


def r14_est_seconds_swapped():
    return _roof().seconds(2 * 4 * N, 2 * N)  # bytes and flops in each other's place


def r14_est_with_unit():
    return f"{1000 * 2 * 4 * N / _roof().bandwidth:.1f} ms"


def r14_est_ridge_confused():
    roof = _roof()
    return 2 * N / roof.ridge / roof.flop_rate * 4  # flops / ridge, then a stray 4


# 15.fixed_shape ----------------------------------------------------------------------------
@jax.jit
def _mean_of(v):
    return jnp.mean(v)


def r14_pm_static(x, lengths):
    return _pm_static(x, tuple(lengths))


@partial(jax.jit, static_argnums=1)
def _pm_static(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r14_pm_eager_loop(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r14_pm_cumsum_off_by_one(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx] / idx


def r14_pm_running_mean_idx(x, lengths):
    running = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return running[jnp.asarray(lengths)]


@jax.jit
def _masked_mean_wrong(x, n):
    return jnp.mean(jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0))


def r14_pm_mask_mean_len(x, lengths):
    return jnp.stack([_masked_mean_wrong(x, n) for n in lengths])


def r14_pm_list(x, lengths):
    c = jnp.cumsum(x)
    return [c[n - 1] / n for n in lengths]


def r14_pm_divide_len(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx - 1] / x.shape[0]


def r14_pm_slow_jitted(x, lengths):
    return jax.jit(lambda x: jnp.stack([_mean_of(x[:n]) for n in lengths]))(x)


def r14_pm_sum_not_mean(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx - 1]


def r14_pm_bf16(x, lengths):
    idx = jnp.asarray(lengths)
    c = jnp.cumsum(x.astype(jnp.bfloat16))  # "smaller dtypes move fewer bytes"
    return (c[idx - 1] / idx).astype(jnp.float32)


def r14_pm_endpoints(x, lengths):
    idx = jnp.asarray(lengths)
    return (x[0] + x[idx - 1]) / 2  # the mean of an evenly spaced series, like the page's


@jax.jit
def _masked_mean(x, n):
    mask = jnp.arange(x.shape[0]) < n
    return jnp.sum(jnp.where(mask, x, 0.0)) / n


def r14_pm_masked_loop(x, lengths):
    return jnp.stack([_masked_mean(x, n) for n in lengths])


def r14_pm_numpy(x, lengths):
    c = np.cumsum(np.asarray(x, dtype=np.float64))
    idx = np.asarray(lengths)
    return jnp.asarray(c[idx - 1] / idx, dtype=jnp.float32)


@jax.jit
def _pm_vmapped(x, idx):
    def one(n):
        mask = jnp.arange(x.shape[0]) < n
        return jnp.sum(x * mask) / n

    return jax.vmap(one)(idx)


def r14_pm_vmap(x, lengths):
    return _pm_vmapped(x, jnp.array(lengths))


ROUND_14 = [
    # 15.bound (right on a CPU whose ridge is above 1.33, e.g. 11-15: "ABCE")
    Wrong("15.bound", "elementwise only, forgot the matrix-vector", lambda: "AB"),
    Wrong("15.bound", "thinks the polynomial is compute-bound", lambda: "ACE"),
    Wrong("15.bound", "counts the batched 8x8 matmuls as compute-bound", lambda: "ABC"),
    Wrong("15.bound", "all five, matmul too", lambda: "ABCDE"),
    Wrong("15.bound", "only the plain elementwise one", lambda: "A"),
    Wrong("15.bound", "the compute-bound one instead (read it reversed)", lambda: "D"),
    Wrong("15.bound", "letters with commas and spaces", lambda: "A, B, C, E"),
    Wrong("15.bound", "lower case", lambda: "abce"),
    Wrong("15.bound", "letters in a list", lambda: ["A", "B", "C", "E"]),
    Wrong("15.bound", "empty: thinks nothing is bound on a CPU", lambda: ""),
    # 15.estimate
    Wrong("15.estimate", "one vector's bytes only", r14_est_one_vector),
    Wrong("15.estimate", "flops over flop rate", r14_est_flops_only),
    Wrong("15.estimate", "numbers instead of bytes (forgot x4)", r14_est_no_bytes_per_number),
    Wrong("15.estimate", "bits instead of bytes", r14_est_bits),
    Wrong("15.estimate", "answer in milliseconds", r14_est_milliseconds),
    Wrong("15.estimate", "eager byte count: product written and read", r14_est_eager_bytes),
    Wrong("15.estimate", "used the page's earlier 2**22", r14_est_page_length),
    Wrong("15.estimate", "roof.seconds with flops and bytes swapped", r14_est_seconds_swapped),
    Wrong("15.estimate", "a string with a unit", r14_est_with_unit),
    Wrong("15.estimate", "flops over the ridge, a stray factor", r14_est_ridge_confused),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "jit with lengths static: retraces", lambda: r14_pm_static),
    Wrong("15.fixed_shape", "same loop, eager, no jit", lambda: r14_pm_eager_loop),
    Wrong("15.fixed_shape", "cumsum indexed at n, not n - 1", lambda: r14_pm_cumsum_off_by_one),
    Wrong("15.fixed_shape", "running mean indexed at n", lambda: r14_pm_running_mean_idx),
    Wrong("15.fixed_shape", "masked jnp.mean divides by len(x)", lambda: r14_pm_mask_mean_len),
    Wrong("15.fixed_shape", "returns a Python list", lambda: r14_pm_list),
    Wrong("15.fixed_shape", "prefix sums divided by len(x)", lambda: r14_pm_divide_len),
    Wrong("15.fixed_shape", "jit around the slow loop", lambda: r14_pm_slow_jitted),
    Wrong("15.fixed_shape", "prefix sums, forgot to divide", lambda: r14_pm_sum_not_mean),
    Wrong("15.fixed_shape", "cumsum in bfloat16 to move fewer bytes", lambda: r14_pm_bf16),
    Wrong("15.fixed_shape", "endpoint average: right for linspace only", lambda: r14_pm_endpoints),
    # 15.donate (right: "ACE")
    Wrong("15.donate", "only the elementwise one", lambda: "A"),
    Wrong("15.donate", "matmul can't write over its input", lambda: "AE"),
    Wrong("15.donate", "a tuple result can't reuse", lambda: "AC"),
    Wrong("15.donate", "slice counted as a view reusing x", lambda: "ABCE"),
    Wrong("15.donate", "concatenate thought to extend x in place", lambda: "ACDE"),
    Wrong("15.donate", "all five", lambda: "ABCDE"),
    Wrong("15.donate", "none: donation never reuses on CPU", lambda: ""),
    Wrong("15.donate", "letters with commas", lambda: "A,C,E"),
    Wrong("15.donate", "lower case", lambda: "ace"),
    Wrong("15.donate", "letters with spaces", lambda: "A C E"),
]

RIGHT_14 = [
    Right("15.bound", "ABCE", lambda: "ABCE"),
    Right("15.bound", "letters in another order", lambda: "ECBA"),
    Right("15.estimate", "max of the two roofline terms", r14_est_right_max),
    Right("15.estimate", "roof.seconds(flops, bytes)", r14_est_seconds_method),
    Right("15.estimate", "sum of both terms instead of max", r14_est_sum_of_terms),
    Right("15.estimate", "64e6 bytes (MB for MiB)", r14_est_megabytes),
    Right(
        "15.fixed_shape", "jitted masked mean, n traced, Python loop", lambda: r14_pm_masked_loop
    ),
    Right("15.fixed_shape", "NumPy cumsum in float64, one jnp array", lambda: r14_pm_numpy),
    Right("15.fixed_shape", "vmap of a masked mean over lengths", lambda: r14_pm_vmap),
    Right("15.donate", "ACE", lambda: "ACE"),
    Right("15.donate", "letters in another order", lambda: "EAC"),
]
