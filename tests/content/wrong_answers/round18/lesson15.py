"""Round 18, lesson 15 (why slow): answers from the lesson's text alone.

The estimates use the roofs printed in lessons/15_why_slow.ipynb: bandwidth 48.79 GB/s,
flop rate 179.18 GFLOP/s, ridge point 3.67 flops per byte (on cpu).
"""

from __future__ import annotations

from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# What `roof = timing.roofline()` printed in the shipped notebook.
roof = SimpleNamespace(bandwidth=48.79e9, flop_rate=179.18e9, ridge=179.18e9 / 48.79e9)

# ---- 15.bound: which of A..E are memory-bound (letters) -------------------------------

# ---- 15.estimate: best time of jnp.sum(x * y) on two float32 vectors of 2**23 ----------

N = 2**23


def r18_est_one_vector():
    return 4 * N / roof.bandwidth  # counted only one input


def r18_est_read_and_write_both():
    return 2 * (2 * 4 * N) / roof.bandwidth  # as if x * y were written out, like x + 1


def r18_est_flops_only():
    return 2 * N / roof.flop_rate


def r18_est_milliseconds():
    return 2 * 4 * N / roof.bandwidth * 1e3


def r18_est_forgot_four_bytes():
    return 2 * N / roof.bandwidth


def r18_est_gb_not_scaled():
    return 2 * 4 * N / 48.79  # GB/s taken as bytes per second


def r18_est_scaled_measured_add():
    return 6.41e-3 * 2  # x + 1 measured 6.41 ms on 2**22; twice the numbers


def r18_est_copy_time():
    return 2.75e-3  # "copy 64 MiB" took 2.75 ms; the dot reads 64 MiB


def r18_est_bytes_over_flop_rate():
    return 2 * 4 * N / roof.flop_rate


def r18_est_right_max():
    flops, nbytes = 2 * N, 2 * 4 * N + 4
    return max(flops / roof.flop_rate, nbytes / roof.bandwidth)


def r18_est_right_sum_of_times():
    return 2 * N / roof.flop_rate + 8 * N / roof.bandwidth


def r18_est_right_mib():
    return 64 * 2**20 / (48.8 * 1e9)


# ---- 15.fixed_shape: prefix means that trace nothing new for new lengths -------------


@jax.jit
def r18_mean_of(v):
    return jnp.mean(v)


def r18_prefix_copied_slow(x, lengths):
    return jnp.stack([r18_mean_of(x[:n]) for n in lengths])


def r18_prefix_static_lengths(x, lengths):
    return _r18_static(x, tuple(lengths))


def _r18_static_impl(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


_r18_static = jax.jit(_r18_static_impl, static_argnums=1)


@jax.jit
def r18_prefix_jit_slices(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def _r18_cum_at_n(x, idx):
    return jnp.cumsum(x)[idx] / idx


def r18_prefix_cumsum_off_by_one(x, lengths):
    return _r18_cum_at_n(x, jnp.asarray(lengths))


@jax.jit
def _r18_masked_mean_all(x, lens):
    idx = jnp.arange(x.shape[0])
    return jax.vmap(lambda n: jnp.mean(jnp.where(idx < n, x, 0.0)))(lens)


def r18_prefix_mean_over_all(x, lengths):
    return _r18_masked_mean_all(x, jnp.asarray(lengths))


@jax.jit
def _r18_value_mask(x, lens):
    return jax.vmap(lambda n: jnp.sum(jnp.where(x < n, x, 0.0)) / n)(lens)


def r18_prefix_value_mask(x, lengths):
    return _r18_value_mask(x, jnp.asarray(lengths))


@jax.jit
def _r18_dyn_slice(x, lens):
    return jax.vmap(lambda n: jnp.mean(jax.lax.dynamic_slice_in_dim(x, 0, n)))(lens)


def r18_prefix_dynamic_slice(x, lengths):
    return _r18_dyn_slice(x, jnp.asarray(lengths))


@jax.jit
def _r18_cum_at(x, idx):
    return jnp.cumsum(x)[idx - 1] / idx


def r18_prefix_python_list(x, lengths):
    return [float(m) for m in _r18_cum_at(x, jnp.asarray(lengths))]


def r18_prefix_sorted_lengths(x, lengths):
    return _r18_cum_at(x, jnp.sort(jnp.asarray(lengths)))


@jax.jit
def _r18_suffix(x, idx):
    return jnp.cumsum(x[::-1])[idx - 1] / idx


def r18_prefix_from_the_end(x, lengths):
    return _r18_suffix(x, jnp.asarray(lengths))


def r18_prefix_squares(x, lengths):
    return _r18_cum_at(x**2, jnp.asarray(lengths))


def r18_prefix_jit_inside(x, lengths):
    f = jax.jit(lambda v, n: jnp.cumsum(v)[n - 1] / n)  # a new function every call
    return f(x, jnp.asarray(lengths))


def r18_prefix_right_cumsum(x, lengths):
    return _r18_cum_at(x, jnp.asarray(lengths, dtype=jnp.int32))


@jax.jit
def _r18_masked_one(x, n):
    keep = jnp.arange(x.shape[0]) < n
    return jnp.sum(x, where=keep) / n


def r18_prefix_right_loop(x, lengths):
    return jnp.asarray(np.array([float(_r18_masked_one(x, n)) for n in lengths], np.float32))


@jax.jit
def _r18_matrix_mask(x, lens):
    mask = jnp.arange(x.shape[0])[None, :] < lens[:, None]
    return (mask.astype(x.dtype) @ x) / lens


def r18_prefix_right_matmul(x, lengths):
    return _r18_matrix_mask(x, np.asarray(lengths))


# ---- 15.donate: which results reuse x's donated buffer (letters) ---------------------

ROUND_18 = [
    # 15.bound: right is ABCE (A 0.125, B 1.0, C ~0.5, E ~1.33 flops/byte; D ~171)
    Wrong("15.bound", "E as compute: a matmul, however small", lambda: "ABC"),
    Wrong("15.bound", "B as compute: 8 flops a number", lambda: "ACE"),
    Wrong("15.bound", "matvec as compute, like any matmul", lambda: "ABE"),
    Wrong("15.bound", "only elementwise ones are memory-bound", lambda: "AB"),
    Wrong("15.bound", "only the plain x * y + z", lambda: "A"),
    Wrong("15.bound", "everything is memory-bound on a CPU", lambda: "ABCDE"),
    Wrong("15.bound", "inverted: named the compute-bound one", lambda: "D"),
    Wrong("15.bound", "nothing: the CPU ridge is low", lambda: ""),
    Wrong("15.bound", "A and C only", lambda: "AC"),
    Wrong("15.bound", "left the placeholder", lambda: ...),
    # 15.estimate: right is about 1.38 ms (64 MiB over 48.79 GB/s)
    Wrong("15.estimate", "counted only one input vector", r18_est_one_vector),
    Wrong("15.estimate", "counted the product written and read back", r18_est_read_and_write_both),
    Wrong("15.estimate", "used the flop rate only", r18_est_flops_only),
    Wrong("15.estimate", "answer in milliseconds", r18_est_milliseconds),
    Wrong("15.estimate", "counted numbers, not bytes", r18_est_forgot_four_bytes),
    Wrong("15.estimate", "divided by 48.79, not 48.79e9", r18_est_gb_not_scaled),
    Wrong("15.estimate", "scaled the measured x + 1 time", r18_est_scaled_measured_add),
    Wrong("15.estimate", "took the 64 MiB copy's time", r18_est_copy_time),
    Wrong("15.estimate", "bytes over the flop rate", r18_est_bytes_over_flop_rate),
    Wrong("15.estimate", "typed a string with units", lambda: "1.4 ms"),
    Wrong("15.estimate", "answer in microseconds", lambda: 1375.0),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "copied prefix_means_slow", lambda: r18_prefix_copied_slow),
    Wrong("15.fixed_shape", "jit with the lengths static", lambda: r18_prefix_static_lengths),
    Wrong("15.fixed_shape", "jit of the slices, lengths traced", lambda: r18_prefix_jit_slices),
    Wrong("15.fixed_shape", "cumsum read at n, not n - 1", lambda: r18_prefix_cumsum_off_by_one),
    Wrong(
        "15.fixed_shape", "masked, but jnp.mean over the whole x", lambda: r18_prefix_mean_over_all
    ),
    Wrong(
        "15.fixed_shape", "masked the values x < n, not positions", lambda: r18_prefix_value_mask
    ),
    Wrong("15.fixed_shape", "dynamic_slice with a traced size", lambda: r18_prefix_dynamic_slice),
    Wrong("15.fixed_shape", "returned a Python list of floats", lambda: r18_prefix_python_list),
    Wrong("15.fixed_shape", "sorted the lengths first", lambda: r18_prefix_sorted_lengths),
    Wrong("15.fixed_shape", "cumsum of the reversed x", lambda: r18_prefix_from_the_end),
    Wrong("15.fixed_shape", "averaged x ** 2, another variant", lambda: r18_prefix_squares),
    Wrong(
        "15.fixed_shape", "jax.jit of a lambda inside the function", lambda: r18_prefix_jit_inside
    ),
    # 15.donate: right is ACE on the CPU that built the notebook
    Wrong("15.donate", "matmul thought to need a fresh buffer", lambda: "AE"),
    Wrong("15.donate", "only the plain elementwise one", lambda: "A"),
    Wrong("15.donate", "a tuple result never reuses", lambda: "AC"),
    Wrong("15.donate", "the smaller slice fits in the buffer", lambda: "ABCE"),
    Wrong("15.donate", "donation always reuses", lambda: "ABCDE"),
    Wrong("15.donate", "none: donation only frees x", lambda: ""),
    Wrong("15.donate", "all but the slice", lambda: "ACDE"),
    Wrong("15.donate", "2 * x + 1 needs a temporary first", lambda: "CE"),
    Wrong("15.donate", "views reuse: slice and concatenate", lambda: "BD"),
    Wrong("15.donate", "concatenate starts with x, so it stays", lambda: "AD"),
]

RIGHT_18 = [
    Right("15.bound", "lowercase", lambda: "abce"),
    Right("15.bound", "another order", lambda: "ECBA"),
    Right("15.bound", "another order, B first", lambda: "BACE"),
    Right("15.estimate", "max of both roof times, with the output", r18_est_right_max),
    Right("15.estimate", "adds the compute and memory times", r18_est_right_sum_of_times),
    Right("15.estimate", "64 MiB over the printed 48.8 GB/s", r18_est_right_mib),
    Right("15.fixed_shape", "cumsum read at the lengths, int32", lambda: r18_prefix_right_cumsum),
    Right("15.fixed_shape", "one jitted masked sum per length", lambda: r18_prefix_right_loop),
    Right("15.fixed_shape", "mask matrix times x", lambda: r18_prefix_right_matmul),
    Right("15.donate", "lowercase", lambda: "ace"),
    Right("15.donate", "another order", lambda: "CEA"),
    Right("15.donate", "another order, E first", lambda: "EAC"),
]
