"""Round 15, lesson 15 (why is it slow): answers written from the lesson's text alone.

The numbers of 15.estimate come from the roof the shipped notebook printed:
bandwidth 8.99 GB/s, flop rate 162.74 GFLOP/s, ridge point 18.10 flops per byte.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

BANDWIDTH = 8.99e9  # bytes per second, the shipped roof
FLOP_RATE = 162.74e9  # flops per second
N = 2**23  # numbers in each vector


# ---------------------------------------------------------------- 15.fixed_shape


@jax.jit
def mean_of(v):
    return jnp.mean(v)


def r15_pm_static(x, lengths):
    """jit with the lengths static: a new trace for every new tuple."""
    return _pm_static(x, lengths)


@functools.partial(jax.jit, static_argnames="lengths")
def _pm_static(x, lengths):
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


def r15_pm_eager_loop(x, lengths):
    """No jit at all: every new slice length is a new shape for each eager op."""
    return jnp.stack([jnp.mean(x[:n]) for n in lengths])


@jax.jit
def _masked_over_len(x, lengths):
    mask = jnp.arange(x.shape[0])[None, :] < lengths[:, None]
    return jnp.mean(jnp.where(mask, x, 0.0), axis=1)


def r15_pm_mean_of_masked(x, lengths):
    """jnp.mean of the masked x: divides by len(x), not by n."""
    return _masked_over_len(x, jnp.asarray(lengths))


@jax.jit
def _masked_le(x, lengths):
    mask = jnp.arange(x.shape[0])[None, :] <= lengths[:, None]
    return jnp.sum(jnp.where(mask, x, 0.0), axis=1) / lengths


def r15_pm_mask_le(x, lengths):
    """arange <= n: n + 1 elements summed, divided by n."""
    return _masked_le(x, jnp.asarray(lengths))


@jax.jit
def _cumsum_at_n(x, lengths):
    return jnp.cumsum(x)[lengths] / lengths


def r15_pm_cumsum_index_n(x, lengths):
    """cumsum()[n] / n: the sum of n + 1 elements."""
    return _cumsum_at_n(x, jnp.asarray(lengths))


@jax.jit
def _cumsum_plus_one(x, lengths):
    return jnp.cumsum(x)[lengths] / (lengths + 1)


def r15_pm_cumsum_plus_one(x, lengths):
    """cumsum()[n] / (n + 1): the mean of the first n + 1."""
    return _cumsum_plus_one(x, jnp.asarray(lengths))


@jax.jit
def _floor_div(x, lengths):
    return jnp.cumsum(x)[lengths - 1] // lengths


def r15_pm_floor_div(x, lengths):
    """// where / was meant."""
    return _floor_div(x, jnp.asarray(lengths))


def r15_pm_list(x, lengths):
    """A list of jitted means, not one array (and traces again for each n)."""
    return [mean_of(x[:n]) for n in lengths]


@jax.jit
def _over_count(x, lengths):
    return jnp.cumsum(x)[lengths - 1] / lengths.shape[0]


def r15_pm_over_count(x, lengths):
    """Divides by how many lengths there are."""
    return _over_count(x, jnp.asarray(lengths))


@jax.jit
def _cummean_first(x, lengths):
    """The running mean of x, then its n-th... counted from 0."""
    running = jnp.cumsum(x) / jnp.arange(1, x.shape[0] + 1)
    return running[lengths]


def r15_pm_running_mean_index(x, lengths):
    return _cummean_first(x, jnp.asarray(lengths))


@jax.jit
def _cumsum_right(x, lengths):
    return jnp.cumsum(x)[lengths - 1] / lengths


def r15_pm_right_cumsum(x, lengths):
    return _cumsum_right(x, jnp.asarray(lengths))


@jax.jit
def _one_masked_mean(x, n):
    return jnp.sum(jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0)) / n


def r15_pm_right_vmap(x, lengths):
    return jax.vmap(_one_masked_mean, in_axes=(None, 0))(x, jnp.asarray(lengths))


@jax.jit
def _nanmean(x, lengths):
    keep = jnp.arange(x.shape[0])[None, :] < lengths[:, None]
    return jnp.nanmean(jnp.where(keep, x, jnp.nan), axis=1)


def r15_pm_right_nanmean(x, lengths):
    """NaN outside each prefix, then jnp.nanmean."""
    return _nanmean(x, jnp.array(lengths, dtype=jnp.int32))


@jax.jit
def _average(x, lengths):
    weights = (jnp.arange(x.shape[0])[None, :] < lengths[:, None]).astype(x.dtype)
    return jnp.average(jnp.broadcast_to(x, weights.shape), axis=1, weights=weights)


def r15_pm_right_average(x, lengths):
    return _average(x, jnp.asarray(lengths, dtype=jnp.float32))


# ---------------------------------------------------------------- 15.estimate

_BYTES = 2 * 4 * N  # both vectors read once; the scalar result is nothing
_FLOPS = 2 * N  # a multiplication and an addition per element
_RIGHT_S = max(_BYTES / BANDWIDTH, _FLOPS / FLOP_RATE)


ROUND_15 = [
    # 15.bound: ABCE at the shipped ridge point, 18.1
    Wrong("15.bound", "einsum of 8 x 8 thought compute-bound", lambda: "ABC"),
    Wrong("15.bound", "every matmul thought compute-bound", lambda: "AB"),
    Wrong("15.bound", "m @ v thought compute-bound, a matmul", lambda: "ABE"),
    Wrong("15.bound", "the polynomial's 8 flops thought compute", lambda: "ACE"),
    Wrong("15.bound", "all five", lambda: "ABCDE"),
    Wrong("15.bound", "the compute-bound one, question inverted", lambda: "D"),
    Wrong("15.bound", "none: no operation here is small", lambda: ""),
    Wrong("15.bound", "lower case", lambda: "abce"),
    Wrong("15.bound", "letters with commas", lambda: "A, B, C, E"),
    Wrong("15.bound", "a list of letters", lambda: ["A", "B", "C", "E"]),
    Wrong("15.bound", "x * y + z thought compute-bound (an FMA)", lambda: "BCE"),
    # 15.estimate: 7.46 ms on the shipped roof
    Wrong("15.estimate", "one vector's bytes only", lambda: 4 * N / BANDWIDTH),
    Wrong("15.estimate", "the flops over the flop rate", lambda: _FLOPS / FLOP_RATE),
    Wrong("15.estimate", "in milliseconds", lambda: 1e3 * _BYTES / BANDWIDTH),
    Wrong("15.estimate", "bits over bytes per second", lambda: 8 * _BYTES / BANDWIDTH),
    Wrong(
        "15.estimate", "the unfused product's write and read counted", lambda: 4 * 4 * N / BANDWIDTH
    ),
    Wrong("15.estimate", "the 64 MiB copy's measured median, 26.8 ms", lambda: 0.0268),
    Wrong("15.estimate", "a string with its unit", lambda: "7.46 ms"),
    Wrong("15.estimate", "elements, not bytes, over the bandwidth", lambda: 2 * N / BANDWIDTH),
    Wrong("15.estimate", "decimal comma in a string", lambda: "0,00746"),
    Wrong("15.estimate", "bandwidth typed as the printed 9.0 (GB/s)", lambda: _BYTES / 9.0),
    Wrong("15.estimate", "the 64 MiB copy's fastest quarter, 14.9 ms", lambda: 0.0149),
    # 15.fixed_shape
    Wrong("15.fixed_shape", "jit with lengths static", lambda: r15_pm_static),
    Wrong("15.fixed_shape", "the slow loop without jit", lambda: r15_pm_eager_loop),
    Wrong("15.fixed_shape", "jnp.mean of the masked x: / len(x)", lambda: r15_pm_mean_of_masked),
    Wrong("15.fixed_shape", "mask arange <= n", lambda: r15_pm_mask_le),
    Wrong("15.fixed_shape", "cumsum()[n] / n", lambda: r15_pm_cumsum_index_n),
    Wrong("15.fixed_shape", "cumsum()[n] / (n + 1)", lambda: r15_pm_cumsum_plus_one),
    Wrong("15.fixed_shape", "floor division //", lambda: r15_pm_floor_div),
    Wrong("15.fixed_shape", "a list of jitted means", lambda: r15_pm_list),
    Wrong("15.fixed_shape", "divides by the number of lengths", lambda: r15_pm_over_count),
    Wrong(
        "15.fixed_shape", "running mean indexed at n, not n - 1", lambda: r15_pm_running_mean_index
    ),
    # 15.donate: ACE
    Wrong("15.donate", "x @ x thought unable to write in place", lambda: "AE"),
    Wrong("15.donate", "the slice thought a view, as in NumPy", lambda: "ABCE"),
    Wrong("15.donate", "the tuple's result thought never reused", lambda: "AC"),
    Wrong("15.donate", "only the elementwise one", lambda: "A"),
    Wrong("15.donate", "view and elementwise, NumPy style", lambda: "ABE"),
    Wrong("15.donate", "every one: donation always reuses", lambda: "ABCDE"),
    Wrong("15.donate", "none: a donated buffer is deleted", lambda: ""),
    Wrong("15.donate", "lower case", lambda: "ace"),
    Wrong("15.donate", "letters with commas", lambda: "A, C, E"),
    Wrong("15.donate", "concatenate thought to grow x in place", lambda: "ACDE"),
]
RIGHT_15 = [
    Right("15.bound", "ABCE", lambda: "ABCE"),
    Right("15.bound", "the same letters in another order", lambda: "ECBA"),
    Right(
        "15.bound",
        "joined from a set computed from intensities",
        lambda: "".join(sorted({"C", "A", "E", "B"})),
    ),
    Right("15.estimate", "the larger of the two times", lambda: _RIGHT_S),
    Right(
        "15.estimate", "the sum of the two times", lambda: _BYTES / BANDWIDTH + _FLOPS / FLOP_RATE
    ),
    Right("15.estimate", "64 MB as 64e6 bytes", lambda: 64e6 / BANDWIDTH),
    Right("15.estimate", "as a NumPy float32", lambda: np.float32(_RIGHT_S)),
    Right("15.fixed_shape", "cumsum at n - 1 over n, jitted", lambda: r15_pm_right_cumsum),
    Right("15.fixed_shape", "vmap of a masked mean over the lengths", lambda: r15_pm_right_vmap),
    Right("15.fixed_shape", "NaN outside each prefix, nanmean", lambda: r15_pm_right_nanmean),
    Right(
        "15.fixed_shape",
        "jnp.average with 0/1 weights, float lengths",
        lambda: r15_pm_right_average,
    ),
    Right("15.donate", "ACE", lambda: "ACE"),
    Right("15.donate", "the same letters in another order", lambda: "ECA"),
]
