"""Round 19, lesson 15 (Find out why JAX code is slow): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's `roof`, measured once, as the learner's setup cell does ----------
# 15.estimate's answers are computed from it, as a learner computes from the `roof` that
# the page's `roof = timing.roofline()` cell printed. It is measured on first use (about
# a second), then kept; replace _ROOF[0] to compute the answers from another roof.

_ROOF: list = []


def r19_roof():
    # The lead's edit for the measure: the roofs the shipped notebook printed (what the
    # learner read and the check judges against), not this machine's live ones.
    if not _ROOF:
        from types import SimpleNamespace

        from tests.content.wrong_answers.round4.measure import shipped_roofs

        r = shipped_roofs()
        ridge = r["flop_rate"] / r["bandwidth"]

        def seconds(flops, nbytes):
            return max(flops / r["flop_rate"], nbytes / r["bandwidth"])

        _ROOF.append(SimpleNamespace(**r, ridge=ridge, seconds=seconds))
    return _ROOF[0]


N_EST = 2**23  # the page's variant: two float32 vectors of 2**23 numbers

# ---- 15.bound: which of A-E are memory-bound (right: "ABCE" for a ridge between ------
# 4/3 and 170 flops per byte, as on a CPU) -------------------------------------------

# ---- 15.estimate: best time of jnp.sum(x * y) on 2 vectors of 2**23, from roof ------


def r19_est_one_vector():
    roof = r19_roof()
    return 4 * N_EST / roof.bandwidth  # read only one of the two vectors


def r19_est_compute_time():
    roof = r19_roof()
    return 2 * N_EST / roof.flop_rate  # the flops over the flop rate: the smaller term


def r19_est_elements_not_bytes():
    roof = r19_roof()
    return 2 * N_EST / roof.bandwidth  # numbers, not bytes


def r19_est_mib_over_bandwidth():
    roof = r19_roof()
    return 64 / roof.bandwidth  # 64 MiB, left in MiB


def r19_est_read_and_write():
    roof = r19_roof()
    return 2 * (2 * 4 * N_EST) / roof.bandwidth  # as if a 64 MiB result were written too


def r19_est_milliseconds():
    roof = r19_roof()
    return 1e3 * (2 * 4 * N_EST) / roof.bandwidth  # in ms, where seconds were asked


def r19_est_page_length():
    roof = r19_roof()
    n = 2**22  # the page's own x, not dot_fused's vectors
    return roof.seconds(2 * n, 2 * 4 * n)


def r19_est_float64_bytes():
    roof = r19_roof()
    return 2 * 8 * N_EST / roof.bandwidth  # 8 bytes a number


def r19_est_seconds_swapped():
    roof = r19_roof()
    return roof.seconds(2 * 4 * N_EST, 2 * N_EST)  # bytes passed as flops, flops as bytes


def r19_est_eager_intermediate():
    roof = r19_roof()
    # counted x * y written out and read back, as eager runs it: not fused under jit
    return (2 * 4 * N_EST + 4 * N_EST + 4 * N_EST) / roof.bandwidth


def r19_est_bandwidth_as_gb():
    roof = r19_roof()
    return 2 * 4 * N_EST / (roof.bandwidth * 1e9)  # took bandwidth for GB/s


def r19_est_intensity():
    return (2 * N_EST) / (2 * 4 * N_EST)  # gave the intensity, flops per byte, not a time


def r19_est_right_seconds():
    roof = r19_roof()
    return roof.seconds(2 * N_EST, 2 * 4 * N_EST + 4)


def r19_est_right_max():
    roof = r19_roof()
    flops, nbytes = 2 * N_EST, 2 * 4 * N_EST
    return max(flops / roof.flop_rate, nbytes / roof.bandwidth)


def r19_est_right_mib():
    roof = r19_roof()
    return float(np.float32(2 * 32 * 2**20 / roof.bandwidth))


# ---- 15.fixed_shape: prefix means with no trace on new lengths ---------------------


@jax.jit
def _r19_mean_of(v):
    return jnp.mean(v)


def r19_prefix_static_jit_impl(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


r19_prefix_static = jax.jit(r19_prefix_static_jit_impl, static_argnums=1)


def r19_prefix_no_inner_jit(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])  # removed the jit: x[:n] still new


@jax.jit
def r19_prefix_traced_slice(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])  # n is traced here


@jax.jit
def _r19_cumsum_at_n(x, ns):
    return jnp.cumsum(x)[ns] / ns  # index n, not n - 1


def r19_prefix_cumsum_at_n(x, lengths):
    return _r19_cumsum_at_n(x, jnp.asarray(lengths))


@jax.jit
def _r19_mask_le(x, ns):
    keep = jnp.arange(x.shape[0])[None, :] <= ns[:, None]  # one element too many
    return jnp.sum(jnp.where(keep, x, 0.0), axis=1) / ns


def r19_prefix_mask_le(x, lengths):
    return _r19_mask_le(x, jnp.asarray(lengths))


@jax.jit
def _r19_masked_mean(x, ns):
    keep = jnp.arange(x.shape[0])[None, :] < ns[:, None]
    return jnp.mean(jnp.where(keep, x, 0.0), axis=1)  # divides by len(x), not n


def r19_prefix_masked_mean(x, lengths):
    return _r19_masked_mean(x, jnp.asarray(lengths))


@jax.jit
def _r19_cumsum_means(x, ns):
    return jnp.cumsum(x)[ns - 1] / ns


def r19_prefix_sorted(x, lengths):
    return _r19_cumsum_means(x, jnp.asarray(sorted(lengths)))  # reorders unsorted lengths


@jax.jit
def _r19_bf16(x, ns):
    c = jnp.cumsum(x.astype(jnp.bfloat16))  # "smaller dtypes move fewer bytes"
    return (c[ns - 1] / ns).astype(jnp.float32)


def r19_prefix_bfloat16(x, lengths):
    return _r19_bf16(x, jnp.asarray(lengths))


@jax.jit
def _r19_floordiv(x, ns):
    return jnp.cumsum(x)[ns - 1] // ns


def r19_prefix_floordiv(x, lengths):
    return _r19_floordiv(x, jnp.asarray(lengths))


@jax.jit
def _r19_running_mean(x, ns):
    running = jnp.cumsum(x) / jnp.arange(x.shape[0])  # 0, 1, 2, ...: one too few
    return running[ns - 1]


def r19_prefix_running_mean(x, lengths):
    return _r19_running_mean(x, jnp.asarray(lengths))


def r19_prefix_dynamic_slice(x, lengths):
    # dynamic_slice still takes its size as a static shape: a new program per n
    return jnp.stack([_r19_mean_of(jax.lax.dynamic_slice(x, (0,), (n,))) for n in lengths])


def r19_prefix_padded_slices(x, lengths):
    # each slice padded back to len(x): the pad has one shape, the slices do not
    size = x.shape[0]
    return jnp.stack([jnp.sum(jnp.pad(x[:n], (0, size - n))) / n for n in lengths])


def r19_prefix_squares(x, lengths):
    return _r19_cumsum_means(x**2, jnp.asarray(lengths))  # another variant's x ** 2


def r19_prefix_uint8(x, lengths):
    ns = jnp.asarray(np.array(lengths).astype(np.uint8))  # fewer bytes; wraps past 255
    return _r19_cumsum_means(x, ns.astype(jnp.int32))


@jax.jit
def _r19_right_mask_matrix(x, ns):
    mask = (jnp.arange(x.shape[0])[None, :] < ns[:, None]).astype(x.dtype)
    return (mask @ x) / ns


def r19_prefix_right_mask_matrix(x, lengths):
    return _r19_right_mask_matrix(x, jnp.array(lengths, dtype=jnp.int32))


def r19_prefix_right_eager_cumsum(x, lengths):
    totals = jnp.cumsum(x)
    return jnp.stack([totals[n - 1] / n for n in lengths])


@jax.jit
def _r19_right_tuple(x, lengths):
    idx = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(idx < n, x, 0.0)) / n for n in lengths])


def r19_prefix_right_traced_tuple(x, lengths):
    return _r19_right_tuple(x, tuple(lengths))  # the ints become traced scalars


def r19_prefix_right_take(x, lengths):
    ns = jnp.asarray(lengths)
    return jnp.take(jnp.cumsum(x), ns - 1) / ns


ROUND_19 = [
    # 15.bound (right: ABCE)
    Wrong("15.bound", "left out E: a batched matmul felt compute-bound", lambda: "ABC"),
    Wrong("15.bound", "left out B: 8 flops a number seemed a lot", lambda: "ACE"),
    Wrong("15.bound", "only the two that are not matmuls", lambda: "AB"),
    Wrong("15.bound", "only A, the plain elementwise one", lambda: "A"),
    Wrong("15.bound", "all five, as CPUs wait on memory", lambda: "ABCDE"),
    Wrong("15.bound", "none: a CPU is slow at arithmetic", lambda: ""),
    Wrong("15.bound", "inverted: named the compute-bound one", lambda: "D"),
    Wrong("15.bound", "left out C: m @ v counted as a matmul", lambda: "ABE"),
    Wrong("15.bound", "added D: 1024 x 1024 matrices seemed big", lambda: "ABCD"),
    Wrong("15.bound", "only the matrix-vector and the tiny matmuls", lambda: "CE"),
    Wrong("15.bound", "the three matmuls, thinking fusion hides bytes", lambda: "cde"),
    Wrong("15.bound", "A and C only: miscounted B and E as high", lambda: "AC"),
    # 15.estimate
    Wrong("15.estimate", "counted one vector's bytes only", lambda: r19_est_one_vector()),
    Wrong("15.estimate", "used the flop-time term", lambda: r19_est_compute_time()),
    Wrong("15.estimate", "counted numbers, not bytes", lambda: r19_est_elements_not_bytes()),
    Wrong("15.estimate", "64 MiB left in MiB over bytes/s", lambda: r19_est_mib_over_bandwidth()),
    Wrong("15.estimate", "counted a 64 MiB result written too", lambda: r19_est_read_and_write()),
    Wrong("15.estimate", "answered in milliseconds", lambda: r19_est_milliseconds()),
    Wrong("15.estimate", "used the page's 2**22, not 2**23", lambda: r19_est_page_length()),
    Wrong("15.estimate", "8 bytes a number, as float64", lambda: r19_est_float64_bytes()),
    Wrong("15.estimate", "roof.seconds with bytes and flops swapped",
          lambda: r19_est_seconds_swapped()),
    Wrong("15.estimate", "counted x * y written and read back", lambda: r19_est_eager_intermediate()),
    Wrong("15.estimate", "took the bandwidth for GB/s", lambda: r19_est_bandwidth_as_gb()),
    Wrong("15.estimate", "gave the intensity, 0.25 flops a byte", lambda: r19_est_intensity()),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "jit with lengths static", lambda: r19_prefix_static),
    Wrong("15.fixed_shape", "dropped the inner jit, kept x[:n]", lambda: r19_prefix_no_inner_jit),
    Wrong("15.fixed_shape", "sliced x[:n] with n traced under jit",
          lambda: r19_prefix_traced_slice),
    Wrong("15.fixed_shape", "cumsum read at n, not n - 1", lambda: r19_prefix_cumsum_at_n),
    Wrong("15.fixed_shape", "mask with <=, one element too many", lambda: r19_prefix_mask_le),
    Wrong("15.fixed_shape", "jnp.mean of the masked x", lambda: r19_prefix_masked_mean),
    Wrong("15.fixed_shape", "sorted the lengths first", lambda: r19_prefix_sorted),
    Wrong("15.fixed_shape", "cumsum in bfloat16 to move fewer bytes",
          lambda: r19_prefix_bfloat16),
    Wrong("15.fixed_shape", "floor division by n", lambda: r19_prefix_floordiv),
    Wrong("15.fixed_shape", "running mean divided by arange from 0",
          lambda: r19_prefix_running_mean),
    Wrong("15.fixed_shape", "lax.dynamic_slice with size n", lambda: r19_prefix_dynamic_slice),
    Wrong("15.fixed_shape", "padded each slice back to len(x)", lambda: r19_prefix_padded_slices),
    Wrong("15.fixed_shape", "averaged x ** 2, another variant", lambda: r19_prefix_squares),
    Wrong("15.fixed_shape", "lengths stored as uint8", lambda: r19_prefix_uint8),
    # 15.donate (right: ACE)
    Wrong("15.donate", "only A, the elementwise one", lambda: "A"),
    Wrong("15.donate", "A and E: thought a matmul needs x intact", lambda: "AE"),
    Wrong("15.donate", "A and C: a tuple result never reuses", lambda: "AC"),
    Wrong("15.donate", "all five: donation always reuses", lambda: "ABCDE"),
    Wrong("15.donate", "none: x is read to the end", lambda: ""),
    Wrong("15.donate", "slice as a NumPy view, so B too", lambda: "ABCE"),
    Wrong("15.donate", "only B: a slice is a view of x", lambda: "B"),
    Wrong("15.donate", "B and D: results that contain x", lambda: "BD"),
    Wrong("15.donate", "all but the slice, D fits in two", lambda: "ACDE"),
    Wrong("15.donate", "left out A: 2 * x + 1 needs a temporary", lambda: "CE"),
    Wrong("15.donate", "A, B, E: thought matmul has no same-shape slot", lambda: "ABE"),
]

RIGHT_19 = [
    Right("15.bound", "lowercase", lambda: "abce"),
    Right("15.bound", "with commas and spaces", lambda: "A, B, C, E"),
    Right("15.bound", "in another order", lambda: "ECBA"),
    Right("15.estimate", "roof.seconds with the 4-byte result", lambda: r19_est_right_seconds()),
    Right("15.estimate", "max of the two times, by hand", lambda: r19_est_right_max()),
    Right("15.estimate", "64 MiB in bytes over the bandwidth, float32",
          lambda: r19_est_right_mib()),
    Right("15.fixed_shape", "a 0/1 mask matrix times x, jitted",
          lambda: r19_prefix_right_mask_matrix),
    Right("15.fixed_shape", "eager cumsum, indexed by Python ints",
          lambda: r19_prefix_right_eager_cumsum),
    Right("15.fixed_shape", "jit over the lengths tuple, traced ints",
          lambda: r19_prefix_right_traced_tuple),
    Right("15.fixed_shape", "jnp.take of the cumsum", lambda: r19_prefix_right_take),
    Right("15.donate", "lowercase", lambda: "ace"),
    Right("15.donate", "with spaces", lambda: "A C E"),
    Right("15.donate", "in another order", lambda: "EAC"),
]
