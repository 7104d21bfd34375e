"""Lesson 15: realistic wrong answers (see the package docstring for the labels).

15.bound and 15.estimate are judged against the stand-in roofs (tests/stand_ins.py):
50 GB/s, 200 GFLOP/s, a ridge point of 4 flops per byte, so memory bounds A, B, C and E.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests import stand_ins
from tests.content.wrong_answers import Wrong

BANDWIDTH = stand_ins.roofline().bandwidth  # what the learner's roof.bandwidth holds here
FLOP_RATE = stand_ins.roofline().flop_rate
N = 2**23


def running_mean_at_n(x, lengths):
    running = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return running[jnp.asarray(lengths)]  # position n: the mean of n + 1 elements


def cumsum_at_n_over_n_plus_one(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n] / (n + 1)  # n = len(x): the index is clamped to the last


def prefix_sums_over_count(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] / len(lengths)


def means_of_the_tail(x, lengths):
    total = jnp.cumsum(x[::-1])
    n = jnp.asarray(lengths)
    return total[n - 1] / n


def mean_for_every_length(x, lengths):
    return jnp.full(len(lengths), jnp.mean(x))


def floor_divided_means(x, lengths):
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] // n


def prefix_sums_over_size(x, lengths):  # cumsum read at n - 1, divided by len(x)
    n = jnp.asarray(lengths)
    return jnp.cumsum(x)[n - 1] / x.shape[0]


# --- 15.fixed_shape: the notebook's prefix_means_slow, and learners' rewrites --------------


@jax.jit
def mean_of(v):
    return jnp.mean(v)


def prefix_means_slow(x, lengths):
    return jnp.stack([mean_of(x[:n]) for n in lengths])


def calls_the_slow_one(x, lengths):
    return prefix_means_slow(x, lengths)


jitted_static_lengths = jax.jit(prefix_means_slow, static_argnums=1)


def dynamic_slice_means(x, lengths):
    return jnp.stack([jnp.mean(jax.lax.dynamic_slice(x, (0,), (n,))) for n in lengths])


def masked_mean(x, lengths):
    mask = jnp.arange(len(x))
    return jnp.stack([jnp.where(mask < n, x, 0).mean() for n in lengths])


def mask_through_n(x, lengths):
    idx = jnp.arange(x.size)
    return jnp.array([jnp.where(idx <= n, x, 0.0).sum() / n for n in lengths])


def masked_totals(x, lengths):
    idx = jnp.arange(x.size)
    return jnp.array([(x * (idx < n)).sum() for n in lengths])


def means_as_list(x, lengths):
    idx = jnp.arange(x.size)
    return [jnp.sum(jnp.where(idx < n, x, 0.0)) / n for n in lengths]


def means_in_numpy(x, lengths):
    host = np.asarray(x)
    return np.array([host[:n].mean() for n in lengths])


def sums_over_one_more(x, lengths):
    idx = jnp.arange(x.size)
    return jnp.stack([jnp.where(idx < n, x, 0.0).sum() / (n + 1) for n in lengths])


def means_of_whole_numbers(x, lengths):
    whole = x.astype(jnp.int32)
    return jnp.stack([jnp.cumsum(whole)[n - 1] / n for n in lengths])


def mask_of_the_series(x, lengths):
    idx = jnp.arange(1000)
    return jnp.stack([jnp.sum((idx < n) * x) / n for n in lengths])


@functools.partial(jax.jit, static_argnames="lengths")
def jitted_mask_static(x, lengths):
    idx = jnp.arange(x.size)
    return jnp.stack([jnp.sum(jnp.where(idx < n, x, 0.0)) / n for n in lengths])


WRONG_ANSWERS = (
    # --- 15.bound: ridge 4 here, so "ABCE" -------------------------------------------------
    Wrong("15.bound", "'ABC': E's einsum is a matmul, so compute", lambda: "ABC", "batched-matmul"),
    Wrong("15.bound", "'abe': a matrix times a vector is a matmul", lambda: "abe", "matvec"),
    Wrong("15.bound", "'A, C, E': B does many flops per element", lambda: "A, C, E", "many-flops"),
    Wrong(
        "15.bound", "every operation: a CPU is always slow at memory", lambda: "ABCDE", "all-memory"
    ),
    Wrong("15.bound", "none: JAX is fast", lambda: "", "none"),
    Wrong(
        "15.bound",
        "only A, the plain elementwise one",
        lambda: "A",
        says="leave out an operation that memory bounds, or more",
    ),
    Wrong(
        "15.bound",
        "'AB': only the elementwise ones",
        lambda: "AB",
        says="Every letter you chose is right, but not every right one is there. And your "
        "letters leave out an operation",
    ),
    Wrong("15.bound", "the word memory", lambda: "memory", says="Answer with the letters"),
    Wrong("15.bound", "A's intensity, 0.125", lambda: 0.125, says="Answer with the letters"),
    # --- 15.estimate: 8 * 2**23 bytes / 50 GB/s, about 1.35 ms ----------------------------------
    Wrong("15.estimate", "x * y written and read back", lambda: 16 * N / BANDWIDTH, "twice"),
    Wrong("15.estimate", "float64, 8 bytes a number", lambda: 2 * 8 * N / BANDWIDTH, "twice"),
    Wrong("15.estimate", "one vector read", lambda: 4 * N / BANDWIDTH, "one-vector"),
    Wrong("15.estimate", "the flops over the flop rate", lambda: 2 * N / FLOP_RATE, "flop-time"),
    Wrong("15.estimate", "the page's 2**22 numbers", lambda: 8 * N // 2 / BANDWIDTH, "one-vector"),
    Wrong(
        "15.estimate",
        "numbers, not bytes: times 4 forgotten",
        lambda: 2 * N / BANDWIDTH,
        named="numbers-not-bytes",
    ),
    Wrong("15.estimate", "in milliseconds", lambda: 8 * N / BANDWIDTH * 1e3, "milliseconds"),
    Wrong("15.estimate", "bits for bytes", lambda: 2 * 32 * N / BANDWIDTH, "bits"),
    Wrong("15.estimate", "bits, 2**23 typed as 8e6", lambda: 2 * 32 * 8e6 / BANDWIDTH, "bits"),
    Wrong(
        "15.estimate",
        "a measured x + 1 time, scaled: 9.3 times",
        lambda: 9.3 * 8 * N / BANDWIDTH,
        says="more than 1.5 times",
    ),
    Wrong("15.estimate", "GB/s taken as bytes/s", lambda: 8 * N / (BANDWIDTH / 1e9), "giga"),
    Wrong("15.estimate", "a string with units", lambda: "1.3 ms", says="one positive number"),
    Wrong("15.estimate", "zero: it is fast", lambda: 0, says="one positive number"),
    Wrong(
        "15.estimate",
        "bytes over the flop rate",
        lambda: 8 * N / FLOP_RATE,
        named="numbers-not-bytes",  # a quarter where the ridge point is 4
    ),
    # --- 15.fixed_shape ---------------------------------------------------------------------
    Wrong("15.fixed_shape", "running mean read at n", lambda: running_mean_at_n, "one-more-mean"),
    Wrong(
        "15.fixed_shape",
        "cumsum read at n over n + 1",
        lambda: cumsum_at_n_over_n_plus_one,
        "one-more-mean",
    ),
    Wrong(
        "15.fixed_shape",
        "prefix sums over len(lengths)",
        lambda: prefix_sums_over_count,
        "over-count-of-lengths",
    ),
    Wrong("15.fixed_shape", "cumsum of x reversed", lambda: means_of_the_tail, "last-n"),
    Wrong("15.fixed_shape", "jnp.mean(x) for each n", lambda: mean_for_every_length, "whole-mean"),
    Wrong("15.fixed_shape", "cumsum // n", lambda: floor_divided_means, "floored"),
    Wrong(
        "15.fixed_shape",
        "calls prefix_means_slow",
        lambda: calls_the_slow_one,
        "compiles-per-length",
    ),
    Wrong(
        "15.fixed_shape",
        "jit with lengths static",
        lambda: jitted_static_lengths,
        "compiles-per-length",
    ),
    Wrong(
        "15.fixed_shape",
        "lax.dynamic_slice of length n",
        lambda: dynamic_slice_means,
        "compiles-per-length",
    ),
    Wrong(
        "15.fixed_shape",
        "masked, then jnp.mean of all of it",
        lambda: masked_mean,
        "divided-by-size",
    ),
    Wrong(
        "15.fixed_shape",
        "prefix sums over len(x)",
        lambda: prefix_sums_over_size,
        "divided-by-size",
    ),
    Wrong("15.fixed_shape", "mask idx <= n", lambda: mask_through_n, "one-more"),
    Wrong("15.fixed_shape", "masked totals, not means", lambda: masked_totals, "sums"),
    Wrong(
        "15.fixed_shape",
        "a Python list of means",
        lambda: means_as_list,
        says="list",
    ),
    Wrong(
        "15.fixed_shape",
        "NumPy on the host",
        lambda: means_in_numpy,
        named="computed-on-the-host",
    ),
    Wrong("15.fixed_shape", "masked sums / (n + 1)", lambda: sums_over_one_more, "over-n-plus-one"),
    Wrong("15.fixed_shape", "cumsum of x as int32", lambda: means_of_whole_numbers, "truncated"),
    Wrong("15.fixed_shape", "a mask of 1000 positions", lambda: mask_of_the_series, "page-length"),
    Wrong(
        "15.fixed_shape",
        "masked, but jitted with lengths static",
        lambda: jitted_mask_static,
        "compiles-per-length",
    ),
    # --- 15.donate ---------------------------------------------------------------------------
    Wrong("15.donate", "'AE': a matmul cannot work in place", lambda: "AE", "matmul-in-place"),
    Wrong("15.donate", "'A, C': a tuple is a new object", lambda: "A, C", "tuple"),
    Wrong("15.donate", "'ABCE': a half-size slice fits", lambda: "ABCE", "smaller-fits"),
    Wrong("15.donate", "'a': only elementwise", lambda: "a", "elementwise-only"),
    Wrong("15.donate", "all: donation always works", lambda: "ABCDE", "every-one"),
    Wrong("15.donate", "'ACDE': concatenate copies into x", lambda: "ACDE", says="D cannot"),
    Wrong(
        "15.donate",
        "'': jit copies anyway",
        lambda: "",
        says="leave out a function whose result reuses",
    ),
    Wrong("15.donate", "['A', 'B']", lambda: ["A", "B"], says="is a list of letters, not a string"),
)


# --- round 18: a size from a traced length; a mask by value; another variant's term -------
@jax.jit
def r18_prefix_jit_slices(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def _r18_dyn_slice(x, lens):
    return jax.vmap(lambda n: jnp.mean(jax.lax.dynamic_slice_in_dim(x, 0, n)))(lens)


def r18_prefix_dynamic_slice(x, lengths):
    return _r18_dyn_slice(x, jnp.asarray(lengths))


@jax.jit
def _r18_value_mask(x, lens):
    return jax.vmap(lambda n: jnp.sum(jnp.where(x < n, x, 0.0)) / n)(lens)


def r18_prefix_value_mask(x, lengths):
    return _r18_value_mask(x, jnp.asarray(lengths))


@jax.jit
def _r18_cum_at(x, idx):
    return jnp.cumsum(x)[idx - 1] / idx


def r18_prefix_squares(x, lengths):
    return _r18_cum_at(x**2, jnp.asarray(lengths))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "15.fixed_shape",
        "jit of the slices, lengths traced",
        lambda: r18_prefix_jit_slices,
        named="size-from-traced-length",
    ),
    Wrong(
        "15.fixed_shape",
        "dynamic_slice with a traced size",
        lambda: r18_prefix_dynamic_slice,
        named="size-from-traced-length",
    ),
    Wrong(
        "15.fixed_shape",
        "masked the values x < n, not positions",
        lambda: r18_prefix_value_mask,
        named="masked-by-value",
    ),
    Wrong(
        "15.fixed_shape",
        "averaged x ** 2, another variant's term",
        lambda: r18_prefix_squares,
        named="other-term",
    ),
)


# --- round 18 (fix18-3): a jax.jit made inside the function, on every call (audit W:
# compiles-per-length said a shape depends on n)


def r18f_prefix_jit_inside(x, lengths):
    f = jax.jit(lambda v, n: jnp.cumsum(v)[n - 1] / n)
    return f(x, jnp.asarray(lengths))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "15.fixed_shape",
        "jax.jit of a lambda inside the function",
        lambda: r18f_prefix_jit_inside,
        named="jit-per-call",
    ),
)


# --- round 19 (fix19-2): lengths kept in 8 bits, right only below 256 (was accepted: the
# check's x had 24 elements)


def r19f_prefix_uint8(x, lengths):
    ns = jnp.asarray(np.array(lengths).astype(np.uint8)).astype(jnp.int32)
    position = jnp.arange(x.shape[0])
    return jnp.stack([jnp.sum(jnp.where(position < ns[i], x, 0.0)) / ns[i] for i in range(len(ns))])


def r19f_prefix_int8_cumsum(x, lengths):
    ns = jnp.asarray(np.array(lengths).astype(np.int8))  # wraps past 127: 264 is 8
    return jnp.cumsum(x)[ns.astype(jnp.int32) - 1] / jnp.asarray(lengths)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("15.fixed_shape", "lengths as uint8", lambda: r19f_prefix_uint8, named="lengths-wrap"),
    Wrong(
        "15.fixed_shape",
        "lengths as int8, divided by the true n",
        lambda: r19f_prefix_int8_cumsum,
        named="lengths-wrap",
    ),
)


# --- round 20 (fix20-b): a quarter (numbers for bytes, or roof.seconds' arguments
# swapped), the division upside down, the flops over the ridge point, MiB over bytes per
# second (audit G: told only a number of MB); the round's own answers read the shipped
# roofs, so the same slips are written here on the stand-in roofs
WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "15.estimate",
        "forgot 4 bytes per float32 (round 20)",
        lambda: 2 * N / BANDWIDTH,
        named="numbers-not-bytes",
    ),
    Wrong(
        "15.estimate",
        "roof.seconds with bytes and flops swapped (round 20)",
        lambda: max(8 * N / FLOP_RATE, 2 * N / BANDWIDTH),
        named="numbers-not-bytes",
    ),
    Wrong(
        "15.estimate",
        "bandwidth over bytes, upside down (round 20)",
        lambda: BANDWIDTH / (8 * N),
        named="upside-down",
    ),
    Wrong(
        "15.estimate",
        "divided the flops by the ridge point (round 20)",
        lambda: 2 * N / (FLOP_RATE / BANDWIDTH),
        named="flops-over-ridge",
    ),
    Wrong(
        "15.estimate",
        "64 MiB left in MiB over bytes/s (round 20)",
        lambda: 64 / BANDWIDTH,
        named="mebibytes",
    ),
)


# --- round 21 (fix21-b): divided by n - 1 (audit G: told an Inf); the bytes times the
# bandwidth (generic once the roofs agree), written on the stand-in roofs as round 20's
from tests.content.wrong_answers.round21 import lesson15 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "15.fixed_shape",
        "divided by n - 1 (round 21)",
        lambda: _r21.r21_prefix_ddof,
        named="over-n-minus-1",
    ),
    Wrong(
        "15.estimate",
        "multiplied by the bandwidth (round 21)",
        lambda: 8 * N * BANDWIDTH,
        named="times-bandwidth",
    ),
)
