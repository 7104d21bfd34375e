"""Round 16, lesson 15 (why is it slow): answers written from the lesson's text alone."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# The learner's `roof` is the one their own run of `timing.roofline()` printed. Answers that
# read it take the latest one measured (measuring once if none was), never at import time.


def _roof():
    return timing.measured_roofline() or timing.roofline()


# ---------------------------------------------------------------- 15.bound
# (flops, bytes) for each operation, each input read once and the result written once
N = 2**22
COUNTS = {
    "A": (2 * N, 16 * N),
    "B": (8 * N, 8 * N),
    "C": (2 * 2048**2, 4 * (2048**2 + 2 * 2048)),
    "D": (2 * 1024**3, 12 * 1024**2),
    "E": (2**16 * 2 * 8**3, 2**16 * 3 * 64 * 4),
}


def r16_bound_by_intensity():
    ridge = _roof().ridge
    return "".join(k for k, (f, b) in COUNTS.items() if f / b < ridge)


def r16_bound_by_roof_method():
    roof = _roof()
    return "".join(k for k, (f, b) in COUNTS.items() if roof.bound(f, b) == "memory")


def r16_bound_reversed():
    return r16_bound_by_intensity()[::-1]


def _toggled(letter):
    right = set(r16_bound_by_intensity())
    return "".join(sorted(right ^ {letter}))


def r16_bound_lower():
    return r16_bound_by_intensity().lower()


def r16_bound_commas():
    return ", ".join(r16_bound_by_intensity())


def r16_bound_list():
    return list(r16_bound_by_intensity())


def r16_bound_compute_bound_ones():
    ridge = _roof().ridge
    return "".join(k for k, (f, b) in COUNTS.items() if f / b >= ridge)


def r16_bound_flops_only_b_counted_once():
    # counted B as 1 flop per element, like x + 1, and C as a matmul of 2048 x 2048
    ridge = _roof().ridge
    counts = dict(COUNTS, B=(N, 8 * N), C=(2 * 2048**3, 12 * 2048**2))
    return "".join(k for k, (f, b) in counts.items() if f / b < ridge)


# ---------------------------------------------------------------- 15.estimate
LENGTH = 2**23


def r16_est_right_max():
    roof = _roof()
    nbytes = 2 * 4 * LENGTH + 4
    flops = 2 * LENGTH
    return max(nbytes / roof.bandwidth, flops / roof.flop_rate)


def r16_est_right_seconds_method():
    return _roof().seconds(2 * LENGTH, 2 * 4 * LENGTH)


def r16_est_right_mib_bytes_only():
    return 64 * 2**20 / _roof().bandwidth


def r16_est_right_sum_of_times():
    roof = _roof()
    return 2 * 4 * LENGTH / roof.bandwidth + 2 * LENGTH / roof.flop_rate


def r16_est_right_jnp_scalar():
    return jnp.float32(8 * LENGTH / _roof().bandwidth)


def r16_est_one_vector():
    return 4 * LENGTH / _roof().bandwidth


def r16_est_flops_only():
    return 2 * LENGTH / _roof().flop_rate


def r16_est_gb_units():
    return 2 * 4 * LENGTH / (_roof().bandwidth / 1e9)


def r16_est_mib_over_bandwidth():
    return 64 / _roof().bandwidth


def r16_est_milliseconds():
    return 1e3 * 2 * 4 * LENGTH / _roof().bandwidth


def r16_est_read_and_write_each():
    return 2 * 2 * 4 * LENGTH / _roof().bandwidth


def r16_est_eager_bytes():
    # x * y reads 2, writes 1; the sum reads it again: 4 vectors' bytes
    return 4 * 4 * LENGTH / _roof().bandwidth


def r16_est_no_bytes_per_number():
    return 2 * LENGTH / _roof().bandwidth


def r16_est_page_n():
    return 2 * 4 * 2**22 / _roof().bandwidth


def r16_est_string_ms():
    return f"{1e3 * 8 * LENGTH / _roof().bandwidth:.2f} ms"


def r16_est_min_of_times():
    roof = _roof()
    return min(8 * LENGTH / roof.bandwidth, 2 * LENGTH / roof.flop_rate)


def r16_est_times_ridge():
    roof = _roof()
    return 8 * LENGTH / roof.bandwidth * roof.ridge


# ---------------------------------------------------------------- 15.fixed_shape


@jax.jit
def _prefix_from_cumsum(x, ns):
    totals = jnp.cumsum(x)
    return totals[ns - 1] / ns


def r16_pm_right_cumsum_jit(x, lengths):
    return _prefix_from_cumsum(x, jnp.asarray(lengths))


def r16_pm_right_mask_eager(x, lengths):
    ns = jnp.array(lengths)
    mask = jnp.arange(x.shape[0])[None, :] < ns[:, None]
    return jnp.sum(jnp.where(mask, x[None, :], 0.0), axis=1) / ns


@jax.jit
def r16_pm_right_jit_tuple_of_tracers(x, lengths):
    positions = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(positions < n, x, 0.0)) / n for n in lengths])


def r16_pm_right_nanmean(x, lengths):
    ns = jnp.asarray(lengths)
    mask = jnp.arange(x.size) < ns[:, None]
    return jnp.nanmean(jnp.where(mask, x, jnp.nan), axis=1)


@functools.partial(jax.jit, static_argnames="lengths")
def r16_pm_static_lengths(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def _mean_of(v):
    return jnp.mean(v)


def r16_pm_page_copy(x, lengths):
    return jnp.stack([_mean_of(x[:n]) for n in lengths])


def r16_pm_cumsum_index_n(x, lengths):
    ns = jnp.asarray(lengths)
    return jnp.cumsum(x)[ns] / ns


def r16_pm_cumsum_divide_n_plus_one(x, lengths):
    ns = jnp.asarray(lengths)
    return jnp.cumsum(x)[ns - 1] / (ns + 1)


def r16_pm_mask_le(x, lengths):
    ns = jnp.asarray(lengths)
    mask = jnp.arange(x.shape[0])[None, :] <= ns[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / ns


def r16_pm_mean_of_masked(x, lengths):
    ns = jnp.asarray(lengths)
    mask = jnp.arange(x.shape[0])[None, :] < ns[:, None]
    return jnp.mean(jnp.where(mask, x, 0.0), axis=1)


def r16_pm_list_of_means(x, lengths):
    totals = jnp.cumsum(x)
    return [totals[n - 1] / n for n in lengths]


def r16_pm_dynamic_slice(x, lengths):
    return jnp.stack([_mean_of(jax.lax.dynamic_slice(x, (0,), (n,))) for n in lengths])


def r16_pm_page_length_1000(x, lengths):
    ns = jnp.asarray(lengths)
    mask = jnp.arange(1000)[None, :] < ns[:, None]
    return jnp.sum(jnp.where(mask, x[:1000], 0.0), axis=1) / ns


def r16_pm_sorted_lengths(x, lengths):
    ns = jnp.sort(jnp.asarray(lengths))
    return jnp.cumsum(x)[ns - 1] / ns


def r16_pm_int_cumsum(x, lengths):
    # keeps the counts exact in int32: the sums are cut to whole numbers first
    ns = jnp.asarray(lengths)
    return jnp.cumsum(x.astype(jnp.int32))[ns - 1] / ns


def r16_pm_last_n(x, lengths):
    ns = jnp.asarray(lengths)
    mask = jnp.arange(x.shape[0])[None, :] >= x.shape[0] - ns[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / ns


ROUND_16 = [
    # 15.bound (judged against the learner's ridge; the toggles are wrong on any ridge)
    Wrong("15.bound", "judged A, the fused multiply-add, the other way", lambda: _toggled("A")),
    Wrong("15.bound", "judged B, the polynomial, the other way", lambda: _toggled("B")),
    Wrong("15.bound", "judged C, the matrix-vector product, the other way", lambda: _toggled("C")),
    Wrong("15.bound", "judged D, the 1024 matmul, the other way", lambda: _toggled("D")),
    Wrong("15.bound", "judged E, the 8 x 8 matmuls, the other way", lambda: _toggled("E")),
    Wrong("15.bound", "the compute-bound letters instead", lambda: r16_bound_compute_bound_ones()),
    Wrong(
        "15.bound",
        "B as 1 flop per element, C as a square matmul",
        r16_bound_flops_only_b_counted_once,
    ),
    Wrong("15.bound", "lower-case letters", r16_bound_lower),
    Wrong("15.bound", "letters with commas", r16_bound_commas),
    Wrong("15.bound", "a list of letters", r16_bound_list),
    # 15.estimate
    Wrong("15.estimate", "one vector's bytes", r16_est_one_vector),
    Wrong("15.estimate", "flops over the flop rate", r16_est_flops_only),
    Wrong("15.estimate", "bandwidth divided by 1e9 first", r16_est_gb_units),
    Wrong("15.estimate", "64 (MiB) over bytes per second", r16_est_mib_over_bandwidth),
    Wrong("15.estimate", "in milliseconds", r16_est_milliseconds),
    Wrong("15.estimate", "each input read and written, as x + 1", r16_est_read_and_write_each),
    Wrong("15.estimate", "the eager chain's bytes", r16_est_eager_bytes),
    Wrong("15.estimate", "numbers, not bytes", r16_est_no_bytes_per_number),
    Wrong("15.estimate", "the page's n = 2**22", r16_est_page_n),
    Wrong("15.estimate", "a string with its unit", r16_est_string_ms),
    Wrong("15.estimate", "the smaller of the two times", r16_est_min_of_times),
    Wrong("15.estimate", "memory time times the ridge", r16_est_times_ridge),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "jit with lengths static", lambda: r16_pm_static_lengths),
    Wrong("15.fixed_shape", "the page's slow function", lambda: r16_pm_page_copy),
    Wrong("15.fixed_shape", "cumsum read at n, not n - 1", lambda: r16_pm_cumsum_index_n),
    Wrong("15.fixed_shape", "cumsum divided by n + 1", lambda: r16_pm_cumsum_divide_n_plus_one),
    Wrong("15.fixed_shape", "mask position <= n", lambda: r16_pm_mask_le),
    Wrong(
        "15.fixed_shape",
        "jnp.mean of the masked rows: divides by len(x)",
        lambda: r16_pm_mean_of_masked,
    ),
    Wrong("15.fixed_shape", "a Python list of means", lambda: r16_pm_list_of_means),
    Wrong("15.fixed_shape", "lax.dynamic_slice with n as its size", lambda: r16_pm_dynamic_slice),
    Wrong("15.fixed_shape", "mask of the page's 1000 elements", lambda: r16_pm_page_length_1000),
    Wrong("15.fixed_shape", "sorted the lengths first", lambda: r16_pm_sorted_lengths),
    Wrong("15.fixed_shape", "cumsum of x cast to int32", lambda: r16_pm_int_cumsum),
    Wrong("15.fixed_shape", "mean of the last n elements", lambda: r16_pm_last_n),
    # 15.donate (answer: ACE)
    Wrong("15.donate", "only the elementwise one", lambda: "A"),
    Wrong("15.donate", "matmul output can't reuse its input", lambda: "AE"),
    Wrong("15.donate", "a tuple result can't reuse", lambda: "AC"),
    Wrong("15.donate", "a slice is a view of x", lambda: "ABCE"),
    Wrong("15.donate", "every one, all were donated", lambda: "ABCDE"),
    Wrong("15.donate", "none: donation only deletes x", lambda: ""),
    Wrong("15.donate", "lower case", lambda: "ace"),
    Wrong("15.donate", "letters with commas", lambda: "A, C, E"),
    Wrong("15.donate", "includes the concatenation, it contains x", lambda: "ACDE"),
    Wrong("15.donate", "a list of letters", lambda: ["A", "C", "E"]),
]

RIGHT_16 = [
    Right("15.bound", "intensities against roof.ridge", r16_bound_by_intensity),
    Right("15.bound", "roof.bound(flops, bytes) == 'memory'", r16_bound_by_roof_method),
    Right("15.bound", "the right letters in reverse order", r16_bound_reversed),
    Right("15.estimate", "max of the two times", r16_est_right_max),
    Right("15.estimate", "roof.seconds(flops, bytes)", r16_est_right_seconds_method),
    Right("15.estimate", "64 MiB over the bandwidth", r16_est_right_mib_bytes_only),
    Right("15.estimate", "sum of the two times (within 1.5x)", r16_est_right_sum_of_times),
    Right("15.estimate", "a jnp.float32 scalar", r16_est_right_jnp_scalar),
    Right(
        "15.fixed_shape",
        "cumsum in a jitted helper, lengths as an array",
        lambda: r16_pm_right_cumsum_jit,
    ),
    Right("15.fixed_shape", "eager mask of positions", lambda: r16_pm_right_mask_eager),
    Right(
        "15.fixed_shape",
        "jit with the tuple's ints traced",
        lambda: r16_pm_right_jit_tuple_of_tracers,
    ),
    Right("15.fixed_shape", "nanmean over a NaN-padded mask", lambda: r16_pm_right_nanmean),
    Right("15.donate", "ACE", lambda: "ACE"),
    Right("15.donate", "ECA, another order", lambda: "ECA"),
]
