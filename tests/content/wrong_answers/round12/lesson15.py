"""Round 12, lesson 15 (Find out why JAX code is slow): answers written from the lesson's text
alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 15.estimate: the learner reads `roof` from the notebook ---------------------------


def _roof():
    """The notebook's `roof`: the latest measurement, or a new one."""
    return timing.measured_roofline() or timing.roofline()


N23 = 2**23


def r12_est_right_max():
    roof = _roof()
    flops, nbytes = 2 * N23, 2 * 4 * N23 + 4
    return max(flops / roof.flop_rate, nbytes / roof.bandwidth)


def r12_est_seconds_method():
    return _roof().seconds(2 * N23, 8 * N23)


def r12_est_sum_of_terms():
    roof = _roof()  # adds the two times instead of taking the larger one
    return 2 * N23 / roof.flop_rate + 8 * N23 / roof.bandwidth


def r12_est_mib_over_bw():
    roof = _roof()  # 64 MiB in bytes, written as 2 * 32 * 2**20, float64 Python maths
    return float(np.float64(2 * 32 * 2**20) / np.float64(roof.bandwidth))


def r12_est_one_vector():
    return 4 * N23 / _roof().bandwidth


def r12_est_eager_bytes():
    return (3 * 4 * N23 + 4 * N23) / _roof().bandwidth  # as the eager two programs


def r12_est_no_4_bytes():
    return 2 * N23 / _roof().bandwidth  # counted numbers, not bytes


def r12_est_page_n():
    return 8 * 2**22 / _roof().bandwidth  # n from the page, 2**22


def r12_est_flops_only():
    return 2 * N23 / _roof().flop_rate


def r12_est_bytes_over_flop_rate():
    return 8 * N23 / _roof().flop_rate


def r12_est_ms():
    return 1e3 * 8 * N23 / _roof().bandwidth  # in milliseconds, as fmt prints


def r12_est_gb():
    return 8 * N23 / (_roof().bandwidth * 1e9)  # thought bandwidth was in GB/s


def r12_est_min():
    roof = _roof()
    return min(2 * N23 / roof.flop_rate, 8 * N23 / roof.bandwidth)


def r12_est_bits():
    return 8 * 8 * N23 / _roof().bandwidth  # 8 bits a byte, counted again


def r12_est_measured():
    dot_fused = jax.jit(lambda x, y: jnp.sum(x * y))
    u, w = jnp.ones(N23, jnp.float32), jnp.full(N23, 0.5, jnp.float32)
    return timing.measure(dot_fused, u, w, budget_s=0.2).median_s


# ---- 15.fixed_shape ----------------------------------------------------------------------


def r12_pm_cumsum(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] / n


@jax.jit
def r12_pm_jit_tuple(x, lengths):
    n = jnp.stack(lengths)  # a tuple of ints under jit: traced scalars, no retrace
    return jnp.take(jnp.cumsum(x), n - 1) / n.astype(jnp.float32)


@jax.jit
def _masked_means(x, n):
    mask = jnp.arange(x.shape[0])[None, :] < n[:, None]
    return jnp.sum(jnp.where(mask, x[None, :], 0.0), axis=1) / n


def r12_pm_mask(x, lengths):
    return _masked_means(x, jnp.array(lengths, dtype=jnp.int32))


@jax.jit
def _loop_means(x, n):
    def one(k):
        total = jax.lax.fori_loop(0, k, lambda i, s: s + x[i], jnp.float32(0))
        return total / k

    return jax.vmap(one)(n)


def r12_pm_fori(x, lengths):
    return _loop_means(x, jnp.asarray(lengths))


def r12_pm_off_by_one(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n] / n  # prefix of n + 1 elements


def r12_pm_running_mean_index(x, lengths):
    means = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return means[jnp.asarray(lengths)]  # index n, not n - 1


def r12_pm_denominator_slip(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] / (n - 1)


def r12_pm_mask_mean(x, lengths):
    n = jnp.asarray(lengths)
    mask = jnp.arange(x.size)[None, :] < n[:, None]
    return jnp.mean(jnp.where(mask, x, 0.0), axis=1)  # divides by len(x)


def r12_pm_mask_le(x, lengths):
    n = jnp.asarray(lengths)
    mask = jnp.arange(x.size)[None, :] <= n[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / n


@functools.partial(jax.jit, static_argnums=1)
def r12_pm_static(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])  # recompiles per lengths


@functools.partial(jax.jit, static_argnames="lengths")
def r12_pm_static_cumsum(x, lengths):
    n = jnp.array(lengths)
    return jnp.cumsum(x)[n - 1] / n


def r12_pm_pad(x, lengths):
    # same shape every time: pad the prefix with zeros back to len(x)
    return jnp.stack([jnp.mean(jnp.where(jnp.arange(x.size) < n, x, 0.0)) for n in lengths])


def r12_pm_python_list(x, lengths):
    c = jnp.cumsum(x)
    return [c[n - 1] / n for n in lengths]  # a list, not one array


def r12_pm_int_division(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] // n


def r12_pm_diff(x, lengths):
    # segment sums between consecutive lengths: assumes the lengths increase
    n = jnp.asarray(lengths)
    c = jnp.cumsum(x)
    ends = jnp.sort(n)
    return c[ends - 1] / ends


def r12_pm_bf16(x, lengths):
    n = jnp.asarray(lengths)  # "use smaller dtypes": the running sum in bfloat16
    return (jnp.cumsum(x.astype(jnp.bfloat16))[n - 1] / n).astype(jnp.float32)


def r12_pm_reverse(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x[::-1])[n - 1] / n  # mean of the last n


def r12_pm_total_over_n(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.sum(x) * jnp.ones(n.shape) / n * (n / x.size)  # fraction of the whole mean


# ---- predictions -------------------------------------------------------------------------

ROUND_12 = [
    # 15.bound (on the CPU: ridge about 6; A 0.125, B 1, C 0.5, D 171, E 1.33 flops/byte)
    Wrong("15.bound", "A and B only: thought every matmul is compute-bound", lambda: "AB"),
    Wrong("15.bound", "ABC: batched 8x8 matmuls counted as matmuls, compute", lambda: "ABC"),
    Wrong("15.bound", "ABCDE: all of them, memory is always the limit on CPU", lambda: "ABCDE"),
    Wrong("15.bound", "ACE: B's 8 flops per element thought compute-bound", lambda: "ACE"),
    Wrong("15.bound", "AE: B and C's flops counted per output, not per byte", lambda: "AE"),
    Wrong("15.bound", "A only: the one operation with the least flops", lambda: "A"),
    Wrong("15.bound", "ABE: m @ v counted 2n^3 flops like a square matmul", lambda: "ABE"),
    Wrong("15.bound", "D: wrote the compute-bound one instead", lambda: "D"),
    Wrong("15.bound", "lower case letters", lambda: "abce"),
    Wrong("15.bound", "letters with commas", lambda: "A, B, C, E"),
    Wrong("15.bound", "a list of letters", lambda: ["A", "B", "C", "E"]),
    Wrong("15.bound", "empty: nothing is under the ridge", lambda: ""),
    Wrong("15.bound", "the word memory", lambda: "memory"),
    # 15.estimate
    Wrong("15.estimate", "counted one vector's 32 MiB only", lambda: r12_est_one_vector()),
    Wrong("15.estimate", "counted numbers, not bytes (no factor 4)", lambda: r12_est_no_4_bytes()),
    Wrong("15.estimate", "reused the page's n = 2**22", lambda: r12_est_page_n()),
    Wrong("15.estimate", "flops over the flop rate only", lambda: r12_est_flops_only()),
    Wrong("15.estimate", "bytes over the flop rate", lambda: r12_est_bytes_over_flop_rate()),
    Wrong("15.estimate", "answer in milliseconds", lambda: r12_est_ms()),
    Wrong("15.estimate", "bandwidth taken as GB/s, divided by 1e9 again", lambda: r12_est_gb()),
    Wrong("15.estimate", "took the smaller of the two times", lambda: r12_est_min()),
    Wrong("15.estimate", "counted bits: 8 bytes times 8", lambda: r12_est_bits()),
    Wrong(
        "15.estimate",
        "bytes of the eager version (x*y written, read)",
        lambda: r12_est_eager_bytes(),
    ),
    Wrong(
        "15.estimate",
        "a string with the unit, as fmt prints it",
        lambda: timing.format_seconds(r12_est_right_max()),
    ),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "cumsum indexed at n: prefix of n + 1", lambda: r12_pm_off_by_one),
    Wrong(
        "15.fixed_shape", "running mean indexed at n, not n - 1", lambda: r12_pm_running_mean_index
    ),
    Wrong("15.fixed_shape", "cumsum[n - 1] divided by n - 1", lambda: r12_pm_denominator_slip),
    Wrong("15.fixed_shape", "masked jnp.mean: divides by len(x)", lambda: r12_pm_mask_mean),
    Wrong("15.fixed_shape", "mask uses <= n: one element too many", lambda: r12_pm_mask_le),
    Wrong(
        "15.fixed_shape", "jit with static lengths: retraces for new ones", lambda: r12_pm_static
    ),
    Wrong("15.fixed_shape", "cumsum but lengths static: retraces", lambda: r12_pm_static_cumsum),
    Wrong("15.fixed_shape", "zero-padded prefix, mean over whole length", lambda: r12_pm_pad),
    Wrong("15.fixed_shape", "returns a Python list of scalars", lambda: r12_pm_python_list),
    Wrong("15.fixed_shape", "floor division // instead of /", lambda: r12_pm_int_division),
    Wrong(
        "15.fixed_shape", "sorted the lengths first: wrong when not increasing", lambda: r12_pm_diff
    ),
    Wrong("15.fixed_shape", "cumsum in bfloat16 to move fewer bytes", lambda: r12_pm_bf16),
    Wrong("15.fixed_shape", "cumsum of x reversed: means of the last n", lambda: r12_pm_reverse),
    Wrong("15.fixed_shape", "mean of all of x for every n", lambda: r12_pm_total_over_n),
    # 15.donate (A, C and E reuse the buffer: same shape and dtype as x)
    Wrong("15.donate", "A only: thought a matmul cannot write over its input", lambda: "A"),
    Wrong("15.donate", "AC: a tuple result cannot take the buffer", lambda: "AC"),
    Wrong("15.donate", "AE: x @ x reads x while writing", lambda: "AE"),
    Wrong("15.donate", "AB: slices are views of the buffer, as in NumPy", lambda: "AB"),
    Wrong("15.donate", "ABCE: only the concatenate grows", lambda: "ABCE"),
    Wrong("15.donate", "ABCDE: donation always reuses", lambda: "ABCDE"),
    Wrong("15.donate", "ACDE: concatenate can write x into the first half", lambda: "ACDE"),
    Wrong("15.donate", "empty: JAX arrays are immutable, nothing reused", lambda: ""),
    Wrong("15.donate", "B only: a view, the NumPy way", lambda: "B"),
    Wrong("15.donate", "lower case", lambda: "ace"),
    Wrong("15.donate", "letters separated by spaces", lambda: "A C E"),
    Wrong("15.donate", "a tuple of letters", lambda: ("A", "C", "E")),
    Wrong("15.donate", "CE: an elementwise op runs in place, no result", lambda: "CE"),
]

RIGHT_12 = [
    Right("15.bound", "memory-bound letters in another order", lambda: "ECBA"),
    Right("15.bound", "the letters, alphabetical", lambda: "ABCE"),
    Right(
        "15.estimate", "max of the two times, +4 bytes for the scalar", lambda: r12_est_right_max()
    ),
    Right("15.estimate", "roof.seconds with 2n flops, 8n bytes", lambda: r12_est_seconds_method()),
    Right("15.estimate", "sum of both terms: within 1.5x here", lambda: r12_est_sum_of_terms()),
    Right(
        "15.estimate", "64 MiB over the bandwidth as a NumPy float64", lambda: r12_est_mib_over_bw()
    ),
    Right("15.fixed_shape", "cumsum gathered at n - 1, divided by n", lambda: r12_pm_cumsum),
    Right(
        "15.fixed_shape", "jit over the tuple: its ints become tracers", lambda: r12_pm_jit_tuple
    ),
    Right("15.fixed_shape", "jitted mask over arange, sum / n", lambda: r12_pm_mask),
    Right("15.fixed_shape", "vmap of a fori_loop with a traced bound", lambda: r12_pm_fori),
    Right("15.donate", "the three, in another order", lambda: "ECA"),
    Right("15.donate", "A, C and E", lambda: "ACE"),
]
