"""Round 21, lesson 15 (why slow): answers from the lesson's text alone.

15.bound and 15.estimate depend on the learner's own roof: those answers read it from
`timing.roofline()`, as the learner's cell does, measured once (a few seconds, on the
first answer that needs it) and kept for the others.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


@functools.cache
def _roof():
    """The learner's `roof = timing.roofline()`, measured on first use."""
    from jaxtour import timing

    return timing.roofline()


# ---- 15.bound: which of A-E are memory-bound against the ridge point -------------------

# flops and bytes of each operation, counted as the page counts them
_COUNTS = {
    "A": (2 * 2**22, 16 * 2**22),
    "B": (8 * 2**22, 8 * 2**22),
    "C": (2 * 2048**2, 4 * (2048**2 + 2 * 2048)),
    "D": (2 * 1024**3, 12 * 1024**2),
    "E": (2**16 * 2 * 8**3, 2**16 * 3 * 64 * 4),
}


def r21_bound_right_intensity():
    ridge = _roof().ridge
    return "".join(letter for letter, (f, b) in _COUNTS.items() if f / b < ridge)


def r21_bound_right_roof_bound():
    roof = _roof()
    return "".join(letter for letter, (f, b) in _COUNTS.items() if roof.bound(f, b) == "memory")


# ---- 15.estimate: the roofline time of dot_fused on two vectors of 2**23 -----------------

N = 2**23


def r21_estimate_one_vector():
    return 4 * N / _roof().bandwidth


def r21_estimate_no_bytes_per_number():
    return 2 * N / _roof().bandwidth


def r21_estimate_flops():
    return 2 * N / _roof().flop_rate


def r21_estimate_milliseconds():
    return 1000 * 8 * N / _roof().bandwidth


def r21_estimate_eager_bytes():
    # reads x and y, writes x * y, reads it back for the sum: the eager count
    return 16 * N / _roof().bandwidth


def r21_estimate_bits():
    return 32 * 2 * N / _roof().bandwidth


def r21_estimate_lesson_length():
    return 8 * 2**22 / _roof().bandwidth


def r21_estimate_gigabytes():
    return 8 * N / (_roof().bandwidth / 1e9)


def r21_estimate_multiplied():
    return 8 * N * _roof().bandwidth


def r21_estimate_mebibytes():
    return 64 / _roof().bandwidth


def r21_estimate_right_bytes():
    return 2 * 32 * 2**20 / _roof().bandwidth


def r21_estimate_right_seconds():
    return _roof().seconds(2 * N, 8 * N + 4)


def r21_estimate_right_sum_of_times():
    roof = _roof()
    return 8 * N / roof.bandwidth + 2 * N / roof.flop_rate


def r21_estimate_right_max():
    roof = _roof()
    return max((2 * N * 4 + 4) / roof.bandwidth, (2 * N - 1) / roof.flop_rate)


# ---- 15.fixed_shape: prefix means that do not trace again for new lengths -------------


@jax.jit
def _mean_of(v):
    return jnp.mean(v)


def r21_prefix_slow_copied(x, lengths):
    return jnp.stack([_mean_of(x[:n]) for n in lengths])


@functools.partial(jax.jit, static_argnums=1)
def r21_prefix_static(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r21_prefix_cumsum_off_by_one(x, lengths):
    sums = jnp.cumsum(x)
    n = jnp.array(lengths)
    return sums[n] / n


def r21_prefix_dynamic_slice(x, lengths):
    return jnp.stack([jnp.mean(jax.lax.dynamic_slice(x, (0,), (n,))) for n in lengths])


@jax.jit
def _masked_mean_wrong_denominator(x, n):
    return jnp.mean(jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0))


def r21_prefix_mean_of_masked(x, lengths):
    return jnp.stack([_masked_mean_wrong_denominator(x, n) for n in lengths])


def r21_prefix_mask_inclusive(x, lengths):
    n = jnp.array(lengths)
    mask = jnp.arange(x.shape[0])[None, :] <= n[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / n


def r21_prefix_numpy(x, lengths):
    sums = np.cumsum(np.asarray(x))
    return jnp.array([sums[n - 1] / n for n in lengths])


def r21_prefix_python_list(x, lengths):
    sums = jnp.cumsum(x)
    return [sums[n - 1] / n for n in lengths]


@jax.jit
def r21_prefix_jit_traced_tuple(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r21_prefix_ddof(x, lengths):
    sums = jnp.cumsum(x)
    n = jnp.array(lengths)
    return sums[n - 1] / (n - 1)


def r21_prefix_divides_by_size(x, lengths):
    sums = jnp.cumsum(x)
    n = jnp.array(lengths)
    return sums[n - 1] / x.shape[0]


@jax.jit
def _running_means(x, n):
    means = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return means[n - 1]


def r21_prefix_right_running_means(x, lengths):
    return _running_means(x, jnp.asarray(lengths, dtype=jnp.int32))


@jax.jit
def _vmapped_masked_means(x, n):
    def one(k):
        return jnp.sum(jnp.where(jnp.arange(x.shape[0]) < k, x, 0.0)) / k

    return jax.vmap(one)(n)


def r21_prefix_right_vmap_mask(x, lengths):
    return _vmapped_masked_means(x, jnp.array(lengths))


@jax.jit
def _mask_matmul(x, n):
    mask = (jnp.arange(x.shape[0])[None, :] < n[:, None]).astype(x.dtype)
    return (mask @ x) / n


def r21_prefix_right_mask_matmul(x, lengths):
    return _mask_matmul(x, jnp.array(lengths, dtype=jnp.float32))


ROUND_21 = [
    # 15.bound
    Wrong("15.bound", "AC: B's chain and E's matmuls as compute", lambda: "AC"),
    Wrong("15.bound", "ABC: E compute-bound, being matmuls", lambda: "ABC"),
    Wrong("15.bound", "ABCDE: everything on a CPU", lambda: "ABCDE"),
    Wrong("15.bound", "A only: the plain elementwise one", lambda: "A"),
    Wrong("15.bound", "ACE: the fused chain as compute", lambda: "ACE"),
    Wrong("15.bound", "none", lambda: ""),
    Wrong("15.bound", "D: listed the compute-bound one", lambda: "D"),
    Wrong("15.bound", "AB: elementwise only, all matmuls compute", lambda: "AB"),
    Wrong("15.bound", "ABE: the matrix-vector product as compute", lambda: "ABE"),
    Wrong("15.bound", "ABCD: D for memory, E for compute", lambda: "ABCD"),
    # 15.estimate
    Wrong("15.estimate", "counted one vector's bytes", lambda: r21_estimate_one_vector()),
    Wrong(
        "15.estimate",
        "numbers, not bytes (forgot the 4)",
        lambda: r21_estimate_no_bytes_per_number(),
    ),
    Wrong("15.estimate", "flops over the flop rate", lambda: r21_estimate_flops()),
    Wrong("15.estimate", "answer in milliseconds", lambda: r21_estimate_milliseconds()),
    Wrong("15.estimate", "counted the eager x * y round trip", lambda: r21_estimate_eager_bytes()),
    Wrong("15.estimate", "counted bits", lambda: r21_estimate_bits()),
    Wrong("15.estimate", "used the page's n = 2**22", lambda: r21_estimate_lesson_length()),
    Wrong("15.estimate", "bandwidth taken as GB/s", lambda: r21_estimate_gigabytes()),
    Wrong("15.estimate", "multiplied by the bandwidth", lambda: r21_estimate_multiplied()),
    Wrong("15.estimate", "bytes given as 64 (MiB)", lambda: r21_estimate_mebibytes()),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "the slow version, unchanged", lambda: r21_prefix_slow_copied),
    Wrong("15.fixed_shape", "jit with lengths static", lambda: r21_prefix_static),
    Wrong("15.fixed_shape", "cumsum indexed at n, not n - 1", lambda: r21_prefix_cumsum_off_by_one),
    Wrong("15.fixed_shape", "dynamic_slice with size n", lambda: r21_prefix_dynamic_slice),
    Wrong(
        "15.fixed_shape",
        "jnp.mean of the masked x (divides by len)",
        lambda: r21_prefix_mean_of_masked,
    ),
    Wrong("15.fixed_shape", "mask with <= n", lambda: r21_prefix_mask_inclusive),
    Wrong("15.fixed_shape", "cumsum in NumPy on the host", lambda: r21_prefix_numpy),
    Wrong("15.fixed_shape", "returned a Python list", lambda: r21_prefix_python_list),
    Wrong(
        "15.fixed_shape",
        "jit with lengths traced: x[:n] fails",
        lambda: r21_prefix_jit_traced_tuple,
    ),
    Wrong("15.fixed_shape", "divided by n - 1", lambda: r21_prefix_ddof),
    Wrong("15.fixed_shape", "divided by len(x)", lambda: r21_prefix_divides_by_size),
    # 15.donate
    Wrong("15.donate", "A only: matmul cannot write in place", lambda: "A"),
    Wrong("15.donate", "AB: the slice as a view of x", lambda: "AB"),
    Wrong("15.donate", "all five", lambda: "ABCDE"),
    Wrong("15.donate", "none: a CPU does not donate", lambda: ""),
    Wrong("15.donate", "AC: a tuple result reuses nothing", lambda: "AC"),
    Wrong("15.donate", "AE: no matmul, tuple counted", lambda: "AE"),
    Wrong("15.donate", "ABE: slice and tuple", lambda: "ABE"),
    Wrong("15.donate", "ACDE: concatenate holds x", lambda: "ACDE"),
    Wrong("15.donate", "B only: smaller result fits", lambda: "B"),
    Wrong("15.donate", "ABCE: all but the bigger one", lambda: "ABCE"),
]

RIGHT_21 = [
    Right("15.bound", "computed from the intensities and roof.ridge", r21_bound_right_intensity),
    Right("15.bound", "computed with roof.bound", r21_bound_right_roof_bound),
    Right("15.bound", "typed in lowercase", lambda: "abce"),
    Right("15.estimate", "64 MiB over the bandwidth", lambda: r21_estimate_right_bytes()),
    Right("15.estimate", "roof.seconds(flops, bytes)", lambda: r21_estimate_right_seconds()),
    Right("15.estimate", "bytes time plus flops time", lambda: r21_estimate_right_sum_of_times()),
    Right("15.estimate", "max of the two times, by hand", lambda: r21_estimate_right_max()),
    Right(
        "15.fixed_shape", "running means, indexed under jit", lambda: r21_prefix_right_running_means
    ),
    Right("15.fixed_shape", "vmap of a masked mean", lambda: r21_prefix_right_vmap_mask),
    Right("15.fixed_shape", "mask matrix times x", lambda: r21_prefix_right_mask_matmul),
    Right("15.donate", "other order", lambda: "CAE"),
    Right("15.donate", "lowercase", lambda: "ace"),
    Right("15.donate", "with commas", lambda: "A,C,E"),
]
