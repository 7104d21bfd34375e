"""Round 17, lesson 15 (why slow): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# The roof the shipped notebook printed (variant 0): 48.79 GB/s, 179.18 GFLOP/s, ridge 3.67.
BANDWIDTH = 48.79e9
FLOP_RATE = 179.18e9
N = 2**23  # 15.estimate: two float32 vectors of 2**23 numbers

# ---------------------------------------------------------------- 15.fixed_shape


@jax.jit
def mean_of(v):
    return jnp.mean(v)


@jax.jit
def r17_masked_mean(x, n):
    keep = jnp.arange(x.shape[0]) < n
    return jnp.sum(jnp.where(keep, x, 0.0)) / n


def r17_fs_static_lengths(x, lengths):
    return r17_fs_static_inner(x, lengths=tuple(lengths))


@functools.partial(jax.jit, static_argnames="lengths")
def r17_fs_static_inner(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r17_fs_jit_page(x, lengths):
    # jit around the page's function, lengths static since they slice
    return jax.jit(lambda v: jnp.stack([mean_of(v[:n]) for n in lengths]))(x)


@jax.jit
def r17_fs_cumsum_inner_off(x, ns):
    c = jnp.cumsum(x)
    return c[ns] / ns  # c[n] holds n + 1 elements


def r17_fs_cumsum_off_by_one(x, lengths):
    return r17_fs_cumsum_inner_off(x, jnp.asarray(lengths))


@jax.jit
def r17_fs_le_inner(x, n):
    keep = jnp.arange(x.shape[0]) <= n
    return jnp.sum(jnp.where(keep, x, 0.0)) / n


def r17_fs_mask_le(x, lengths):
    return jnp.stack([r17_fs_le_inner(x, n) for n in lengths])


@jax.jit
def r17_fs_mean_inner(x, n):
    return jnp.mean(jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0))  # divides by len(x)


def r17_fs_mean_of_masked(x, lengths):
    return jnp.stack([r17_fs_mean_inner(x, n) for n in lengths])


def r17_fs_slice_to_longest(x, lengths):
    head = x[: max(lengths)]  # a shorter x: its shape changes with the longest length
    return jnp.stack([r17_masked_mean(head, n) for n in lengths])


def r17_fs_list(x, lengths):
    return [r17_masked_mean(x, n) for n in lengths]


def r17_fs_numpy(x, lengths):
    c = np.cumsum(np.asarray(x, np.float64))
    return np.array([c[n - 1] / n for n in lengths])


def r17_fs_dynamic_slice(x, lengths):
    return jnp.stack(
        [
            jax.jit(lambda v, n: jnp.mean(jax.lax.dynamic_slice(v, (0,), (n,))))(x, n)
            for n in lengths
        ]
    )


@jax.jit
def r17_fs_sum_inner(x, n):
    return jnp.sum(jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0))


def r17_fs_sums(x, lengths):
    return jnp.stack([r17_fs_sum_inner(x, n) for n in lengths])  # sums, not means


def r17_fs_right_mask_loop(x, lengths):
    return jnp.stack([r17_masked_mean(x, n) for n in lengths])


@jax.jit
def r17_fs_cumsum_inner(x, ns):
    totals = jnp.cumsum(x)
    return totals[ns - 1] / ns


def r17_fs_cumsum_lengths_array(x, lengths):
    return r17_fs_cumsum_inner(x, jnp.asarray(lengths))


@jax.jit
def r17_fs_mul_inner(x, n):
    return jnp.sum(x * (jnp.arange(x.shape[0]) < n)) / n


def r17_fs_jnp_array_of_list(x, lengths):
    return jnp.array([r17_fs_mul_inner(x, n) for n in lengths])  # traces per count of lengths


@jax.jit
def r17_fs_cumsum_one(x, n):
    return jnp.cumsum(x)[n - 1] / n


def r17_fs_right_cumsum_per_n(x, lengths):
    return jnp.stack([r17_fs_cumsum_one(x, n) for n in lengths])


def r17_fs_right_mul_mask(x, lengths):
    return jnp.stack([r17_fs_mul_inner(x, n) for n in lengths])


ROUND_17 = [
    # 15.bound: "ABCE" at the shipped ridge of 3.67
    Wrong("15.bound", "B left out: a fused chain thought compute-bound", lambda: "ACE"),
    Wrong("15.bound", "E left out: batched matmuls thought compute", lambda: "ABC"),
    Wrong("15.bound", "B and E left out", lambda: "AC"),
    Wrong("15.bound", "the compute-bound one instead", lambda: "D"),
    Wrong("15.bound", "all five: everything is memory-bound on a CPU", lambda: "ABCDE"),
    Wrong("15.bound", "C left out: a matvec thought to be a matmul", lambda: "ABE"),
    Wrong("15.bound", "none", lambda: ""),
    Wrong("15.bound", "letters with commas", lambda: "A, B, C, E"),
    Wrong("15.bound", "a list of letters", lambda: ["A", "B", "C", "E"]),
    # 15.estimate: 2 * 4 * 2**23 bytes / bandwidth, about 1.38 ms
    Wrong("15.estimate", "one vector's bytes only", lambda: 4 * N / BANDWIDTH),
    Wrong("15.estimate", "flops over the flop rate", lambda: 2 * N / FLOP_RATE),
    Wrong("15.estimate", "bits, not bytes", lambda: 2 * 32 * N / BANDWIDTH),
    Wrong("15.estimate", "in milliseconds", lambda: 1e3 * 8 * N / BANDWIDTH),
    Wrong("15.estimate", "MiB over bytes per second", lambda: 64 / BANDWIDTH),
    Wrong("15.estimate", "bytes over the flop rate", lambda: 8 * N / FLOP_RATE),
    Wrong(
        "15.estimate", "the eager chain's bytes: x*y written and read", lambda: 16 * N / BANDWIDTH
    ),
    Wrong("15.estimate", "x + 1's measured 6.41 ms, scaled to 2**23", lambda: 2 * 6.41e-3),
    Wrong("15.estimate", "a number with its unit, as a string", lambda: "1.38 ms"),
    Wrong("15.estimate", "GB/s taken as 48.79, not 48.79e9", lambda: 8 * N / 48.79),
    # 15.fixed_shape
    Wrong(
        "15.fixed_shape",
        "jit with lengths static: new lengths retrace",
        lambda: r17_fs_static_lengths,
    ),
    Wrong("15.fixed_shape", "a new jit of the page's loop per call", lambda: r17_fs_jit_page),
    Wrong("15.fixed_shape", "cumsum indexed at n, not n - 1", lambda: r17_fs_cumsum_off_by_one),
    Wrong("15.fixed_shape", "mask arange <= n: one element too many", lambda: r17_fs_mask_le),
    Wrong("15.fixed_shape", "jnp.mean of the masked x: / len(x)", lambda: r17_fs_mean_of_masked),
    Wrong(
        "15.fixed_shape", "x sliced to the longest length first", lambda: r17_fs_slice_to_longest
    ),
    Wrong("15.fixed_shape", "a list of means, not one array", lambda: r17_fs_list),
    Wrong("15.fixed_shape", "NumPy cumsum, a NumPy array back", lambda: r17_fs_numpy),
    Wrong("15.fixed_shape", "lax.dynamic_slice with a traced size", lambda: r17_fs_dynamic_slice),
    Wrong(
        "15.fixed_shape",
        "cumsum[lengths - 1]: retraces for a new count",
        lambda: r17_fs_cumsum_lengths_array,
    ),
    Wrong(
        "15.fixed_shape",
        "jnp.array of the list: retraces for a new count",
        lambda: r17_fs_jnp_array_of_list,
    ),
    Wrong("15.fixed_shape", "masked sums, the division forgotten", lambda: r17_fs_sums),
    # 15.donate: "ACE"
    Wrong("15.donate", "C left out: thought a matmul cannot write over x", lambda: "AE"),
    Wrong("15.donate", "E left out: thought a tuple result never reuses", lambda: "AC"),
    Wrong("15.donate", "only the elementwise one", lambda: "A"),
    Wrong("15.donate", "B added: thought a slice is a view of x", lambda: "ABCE"),
    Wrong("15.donate", "D added: thought a bigger result can grow x's buffer", lambda: "ACDE"),
    Wrong("15.donate", "all five: donation always reuses", lambda: "ABCDE"),
    Wrong("15.donate", "none: thought jit copies anyway", lambda: ""),
    Wrong("15.donate", "the ones that do not reuse", lambda: "BD"),
    Wrong("15.donate", "letters separated by spaces", lambda: "A C E"),
]
RIGHT_17 = [
    Right("15.donate", "ACE", lambda: "ACE"),
    Right("15.donate", "another order", lambda: "EAC"),
    Right("15.donate", "lower case", lambda: "ace"),
    Right("15.fixed_shape", "cumsum per n, n traced, stacked", lambda: r17_fs_right_cumsum_per_n),
    Right("15.fixed_shape", "x times a 0/1 mask per n, stacked", lambda: r17_fs_right_mul_mask),
    Right("15.bound", "ABCE", lambda: "ABCE"),
    Right("15.bound", "the same letters in another order", lambda: "ECBA"),
    Right("15.bound", "lower case", lambda: "abce"),
    Right("15.estimate", "both vectors' bytes over the bandwidth", lambda: 2 * 4 * N / BANDWIDTH),
    Right(
        "15.estimate",
        "memory time plus flop time, added",
        lambda: 8 * N / BANDWIDTH + 2 * N / FLOP_RATE,
    ),
    Right("15.estimate", "2**23 read as 8 million", lambda: 2 * 4 * 8e6 / BANDWIDTH),
    Right("15.estimate", "as a NumPy float32", lambda: np.float32(8 * N / BANDWIDTH)),
    Right("15.fixed_shape", "a jitted masked mean per n, n traced", lambda: r17_fs_right_mask_loop),
]
