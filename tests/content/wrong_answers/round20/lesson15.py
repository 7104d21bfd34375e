"""Round 20, lesson 15 (why JAX code is slow): answers from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's roof: 15.estimate's answers are computed from it -------------------
# The learner's cell `roof = timing.roofline()` ran once, above the exercise; every
# estimate below reads that one run, measured the first time an answer is built (about
# 1 to 2 s on a 2-core CPU, once), so that the estimate and the check see the same roofs.


@functools.cache
def _roof():
    # The lead's edit for the measure (as in round 19): the roofs the shipped notebook
    # printed (what the learner read and the check judges against in the measure), not
    # this machine's live ones.
    from types import SimpleNamespace

    from tests.content.wrong_answers.round4.measure import shipped_roofs

    r = shipped_roofs()

    def seconds(flops, nbytes):
        return max(flops / r["flop_rate"], nbytes / r["bandwidth"])

    return SimpleNamespace(**r, ridge=r["flop_rate"] / r["bandwidth"], seconds=seconds)


N_EST = 2**23  # this page's variant: two float32 vectors of 2**23 numbers

# ---- 15.bound: which of A-E are memory-bound (letters, one string) --------------------

# ---- 15.estimate: best time of dot_fused on two float32 vectors of 2**23 -------------


def r20_estimate_compute_time():
    return 2 * N_EST / _roof().flop_rate


def r20_estimate_one_vector():
    return 4 * N_EST / _roof().bandwidth


def r20_estimate_intermediate_counted():
    # reads x and y, writes x * y, reads it again for the sum: as if not fused
    return 4 * (4 * N_EST) / _roof().bandwidth


def r20_estimate_bits():
    return 8 * (2 * 4 * N_EST) / _roof().bandwidth


def r20_estimate_no_bytes_per_number():
    return 2 * N_EST / _roof().bandwidth


def r20_estimate_milliseconds():
    return 1000 * (2 * 4 * N_EST) / _roof().bandwidth


def r20_estimate_float64():
    return 2 * 8 * N_EST / _roof().bandwidth


def r20_estimate_inverted():
    return _roof().bandwidth / (2 * 4 * N_EST)


def r20_estimate_flops_over_ridge():
    return 2 * N_EST / _roof().ridge


def r20_estimate_seconds_swapped():
    return _roof().seconds(2 * 4 * N_EST, 2 * N_EST)  # bytes and flops in each other's place


def r20_estimate_lesson_n():
    n = 2**22  # the page's earlier x
    return 2 * 4 * n / _roof().bandwidth


def r20_estimate_mib_not_bytes():
    return 64 / _roof().bandwidth  # 64 MiB, left in MiB


def r20_estimate_right_seconds_method():
    return _roof().seconds(2 * N_EST, 2 * 4 * N_EST + 4)


def r20_estimate_right_both_times_added():
    roof = _roof()
    return 8 * N_EST / roof.bandwidth + 2 * N_EST / roof.flop_rate


def r20_estimate_right_mib():
    return 64 * 2**20 / _roof().bandwidth


def r20_estimate_right_explicit_max():
    roof = _roof()
    flops = np.float64(2.0) * N_EST
    nbytes = np.float64(4.0) * (N_EST + N_EST + 1)
    return float(max(flops / roof.flop_rate, nbytes / roof.bandwidth))


# ---- 15.fixed_shape: prefix means that trace nothing new for new lengths -------------


@jax.jit
def r20_mean_of(v):
    return jnp.mean(v)


@functools.partial(jax.jit, static_argnums=1)
def r20_fixed_static_lengths(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def r20_fixed_jit_slices(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r20_fixed_dynamic_slice(x, lengths):
    return jnp.stack([r20_mean_of(jax.lax.dynamic_slice(x, (0,), (n,))) for n in lengths])


@jax.jit
def _masked_mean_divided_by_len(x, idx):
    mask = jnp.arange(x.shape[0])[None, :] < idx[:, None]
    return jnp.where(mask, x[None, :], 0.0).mean(axis=1)


def r20_fixed_mask_mean_all(x, lengths):
    return _masked_mean_divided_by_len(x, jnp.asarray(lengths))


def r20_fixed_cumsum_index_off(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx] / idx


def r20_fixed_cumsum_divisor_off(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx - 1] / (idx + 1)


def r20_fixed_tuple_of_floats(x, lengths):
    sums = jnp.cumsum(x)
    return tuple(float(sums[n - 1]) / n for n in lengths)


def r20_fixed_eager_mean(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def _masked_mean_inclusive(x, idx):
    mask = (jnp.arange(x.shape[0])[None, :] <= idx[:, None]).astype(x.dtype)
    return (mask @ x) / idx


def r20_fixed_mask_inclusive(x, lengths):
    return _masked_mean_inclusive(x, jnp.asarray(lengths))


def r20_fixed_vmap_dynamic_slice(x, lengths):
    def one(n):
        return jnp.mean(jax.lax.dynamic_slice(x, (0,), (n,)))

    return jax.vmap(one)(jnp.asarray(lengths))


@jax.jit
def _squares_prefix(x, idx):
    return jnp.cumsum(x**2)[idx - 1] / idx


def r20_fixed_squares_variant(x, lengths):
    return _squares_prefix(x, jnp.asarray(lengths))


@jax.jit
def _floor_divided(x, idx):
    return jnp.cumsum(x)[idx - 1] // idx


def r20_fixed_floor_division(x, lengths):
    return _floor_divided(x, jnp.asarray(lengths))


def r20_fixed_right_cumsum_eager(x, lengths):
    idx = jnp.asarray(lengths)
    return jnp.cumsum(x)[idx - 1] / idx


@jax.jit
def _mask_matmul(x, idx):
    mask = (jnp.arange(x.shape[0]) < idx[:, None]).astype(x.dtype)
    return (mask @ x) / idx.astype(x.dtype)


def r20_fixed_right_mask_matmul(x, lengths):
    return _mask_matmul(x, jnp.array(lengths, dtype=jnp.int32))


@jax.jit
def r20_fixed_right_traced_tuple(x, lengths):
    n = jnp.stack(lengths)  # a tuple of ints: traced as int32 scalars, not static
    return jnp.cumsum(x)[n - 1] / n


@jax.jit
def _all_prefix_means(x):
    return jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1, dtype=x.dtype)


def r20_fixed_right_host_pick(x, lengths):
    means = np.asarray(_all_prefix_means(x))
    return jnp.asarray(means[np.asarray(lengths) - 1])


ROUND_20 = [
    # 15.bound (A, B, C and E are memory-bound at a CPU's ridge of a few flops per byte)
    Wrong("15.bound", "only the elementwise ones", lambda: "AB"),
    Wrong("15.bound", "thought the 8 x 8 matmuls are compute-bound", lambda: "ABC"),
    Wrong("15.bound", "every one, the big matmul too", lambda: "ABCDE"),
    Wrong("15.bound", "compared with 1 / ridge: only A", lambda: "A"),
    Wrong("15.bound", "B's 8 flops per element taken as compute", lambda: "ACE"),
    Wrong("15.bound", "listed the compute-bound one instead", lambda: "D"),
    Wrong("15.bound", "none: counted bytes in MiB", lambda: ""),
    Wrong("15.bound", "matrix-vector counted as a matmul", lambda: "ABE"),
    Wrong("15.bound", "only A and C, the ones below 1 flop per byte", lambda: "AC"),
    Wrong("15.bound", "B and C both taken as compute-bound", lambda: "AE"),
    Wrong("15.bound", "typed the ridge point", lambda: "3.67"),
    # 15.estimate
    Wrong("15.estimate", "the flops over the flop rate", lambda: r20_estimate_compute_time()),
    Wrong("15.estimate", "counted one vector's bytes", lambda: r20_estimate_one_vector()),
    Wrong(
        "15.estimate",
        "counted x * y written and read back",
        lambda: r20_estimate_intermediate_counted(),
    ),
    Wrong("15.estimate", "bytes turned into bits", lambda: r20_estimate_bits()),
    Wrong("15.estimate", "forgot 4 bytes per float32", lambda: r20_estimate_no_bytes_per_number()),
    Wrong("15.estimate", "answered in milliseconds", lambda: r20_estimate_milliseconds()),
    Wrong("15.estimate", "8 bytes a number, as float64", lambda: r20_estimate_float64()),
    Wrong("15.estimate", "bandwidth over bytes, upside down", lambda: r20_estimate_inverted()),
    Wrong(
        "15.estimate",
        "divided the flops by the ridge point",
        lambda: r20_estimate_flops_over_ridge(),
    ),
    Wrong(
        "15.estimate",
        "roof.seconds with bytes and flops swapped",
        lambda: r20_estimate_seconds_swapped(),
    ),
    Wrong("15.estimate", "used the page's 2**22, not 2**23", lambda: r20_estimate_lesson_n()),
    Wrong("15.estimate", "64 MiB left in MiB over bytes/s", lambda: r20_estimate_mib_not_bytes()),
    # 15.fixed_shape
    Wrong(
        "15.fixed_shape",
        "jit with lengths static: traces per lengths",
        lambda: r20_fixed_static_lengths,
    ),
    Wrong("15.fixed_shape", "jit around x[:n] with traced n", lambda: r20_fixed_jit_slices),
    Wrong(
        "15.fixed_shape", "lax.dynamic_slice, size n still static", lambda: r20_fixed_dynamic_slice
    ),
    Wrong("15.fixed_shape", "masked mean divides by len(x)", lambda: r20_fixed_mask_mean_all),
    Wrong("15.fixed_shape", "cumsum indexed at n, not n - 1", lambda: r20_fixed_cumsum_index_off),
    Wrong("15.fixed_shape", "cumsum divided by n + 1", lambda: r20_fixed_cumsum_divisor_off),
    Wrong("15.fixed_shape", "returns a tuple of Python floats", lambda: r20_fixed_tuple_of_floats),
    Wrong("15.fixed_shape", "jnp.mean instead of the jitted mean_of", lambda: r20_fixed_eager_mean),
    Wrong(
        "15.fixed_shape", "mask with <= n: one element too many", lambda: r20_fixed_mask_inclusive
    ),
    Wrong(
        "15.fixed_shape",
        "vmap over lengths of a dynamic_slice",
        lambda: r20_fixed_vmap_dynamic_slice,
    ),
    Wrong("15.fixed_shape", "averaged x ** 2, another variant", lambda: r20_fixed_squares_variant),
    Wrong("15.fixed_shape", "floor division for the mean", lambda: r20_fixed_floor_division),
    # 15.donate (A, C and E reuse the buffer)
    Wrong("15.donate", "only the elementwise one", lambda: "A"),
    Wrong("15.donate", "thought a matmul cannot overwrite its input", lambda: "AE"),
    Wrong("15.donate", "thought a tuple result cannot reuse", lambda: "AC"),
    Wrong("15.donate", "slice taken as a NumPy view", lambda: "AB"),
    Wrong("15.donate", "the slice reuses part of the buffer too", lambda: "ABCE"),
    Wrong("15.donate", "concatenate writes x into its first half", lambda: "ACDE"),
    Wrong("15.donate", "none: donation only frees the input", lambda: ""),
    Wrong("15.donate", "all: every donated input is reused", lambda: "ABCDE"),
    Wrong("15.donate", "results holding x's data, not the matmul", lambda: "ABDE"),
    Wrong("15.donate", "listed the ones JAX warns about", lambda: "BD"),
]

RIGHT_20 = [
    Right("15.bound", "letters out of order", lambda: "ECAB"),
    Right("15.bound", "lower case", lambda: "abce"),
    Right("15.bound", "letters with spaces between", lambda: "A B C E"),
    Right(
        "15.estimate",
        "roof.seconds(flops, bytes), output counted",
        lambda: r20_estimate_right_seconds_method(),
    ),
    Right(
        "15.estimate",
        "memory time plus compute time",
        lambda: r20_estimate_right_both_times_added(),
    ),
    Right("15.estimate", "64 MiB over the bandwidth", lambda: r20_estimate_right_mib()),
    Right(
        "15.estimate",
        "explicit max of both times, float64",
        lambda: r20_estimate_right_explicit_max(),
    ),
    Right(
        "15.fixed_shape",
        "eager cumsum indexed by a lengths array",
        lambda: r20_fixed_right_cumsum_eager,
    ),
    Right("15.fixed_shape", "jitted mask matrix times x", lambda: r20_fixed_right_mask_matmul),
    Right(
        "15.fixed_shape", "jit with lengths as a traced tuple", lambda: r20_fixed_right_traced_tuple
    ),
    Right(
        "15.fixed_shape",
        "all prefix means once, picked on the host",
        lambda: r20_fixed_right_host_pick,
    ),
    Right("15.donate", "lower case", lambda: "ace"),
    Right("15.donate", "letters out of order", lambda: "CEA"),
    Right("15.donate", "letters with commas", lambda: "A, C, E"),
]
