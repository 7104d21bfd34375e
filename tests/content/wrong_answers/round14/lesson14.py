"""Round 14, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import numpy as np
from jax.experimental import multihost_utils

from tests.content.wrong_answers.round4._common import Right, Wrong


# 14.fix_rows -------------------------------------------------------------------------------
def r14_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r14_rows_size_not_len(data, process_index, process_count):
    n = data.size // process_count  # elements, not rows: right only for 1-D data
    return data[process_index * n : (process_index + 1) * n]


def r14_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # train.py's line, flattens rows


def r14_rows_reversed(data, process_index, process_count):
    n = len(data) // process_count
    p = process_count - 1 - process_index
    return data[p * n : (p + 1) * n]


def r14_rows_first_feature(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n, 0]


def r14_rows_split_axis1(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r14_rows_ceil_off_by_one(data, process_index, process_count):
    n = (len(data) + process_count) // process_count
    return data[process_index * n : (process_index + 1) * n]


def r14_rows_no_end(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r14_rows_reshape_wrong_order(data, process_index, process_count):
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r14_rows_block_by_count(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r14_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r14_rows_loop(data, process_index, process_count):
    n = data.shape[0] // process_count
    picked = [data[process_index * n + i] for i in range(n)]
    return np.stack(picked)


def r14_rows_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r14_rows_lambda_split():
    return lambda data, p, count: np.split(data, count)[p]


# 14.global_mean ----------------------------------------------------------------------------
def r14_gm_local_only(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r14_gm_mean_of_means(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    both = multihost_utils.process_allgather(np.float32(mine))
    return float(np.mean(both))


def r14_gm_unweighted(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_values), len(local_values)], dtype=np.float32)
    )
    return float(both[:, 0].sum() / both[:, 1].sum())


def r14_gm_over_count(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), len(local_values)], dtype=np.float32)
    )
    return float(both[:, 0].sum() / both[:, 1].sum())


def r14_gm_over_values(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_values)], dtype=np.float32)
    )
    return float(both[:, 0].sum() / both[:, 1].sum())


def r14_gm_sum_all(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    )
    return float(np.sum(both) / np.sum(both[:, 1]))


def r14_gm_inverted(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    )
    return float(both[:, 1].sum() / both[:, 0].sum())


def r14_gm_process0_only(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    )
    return float(both[0, 0] / both[0, 1])


def r14_gm_wrong_axis(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    )
    sums = both.sum(axis=1)  # adds each process's two numbers together
    return float(sums[0] / sums[1])


def r14_gm_dot_weights_squared(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.dot(local_weights, local_weights)])
    )
    return float(both[:, 0].sum() / both[:, 1].sum())


def r14_gm_two_gathers(local_values, local_weights):
    num = multihost_utils.process_allgather(np.float32(np.dot(local_values, local_weights)))
    den = multihost_utils.process_allgather(np.float32(local_weights.sum()))
    return float(num.sum()) / float(den.sum())


def r14_gm_tiled_rows(local_values, local_weights):
    mine = np.array([[np.sum(local_weights * local_values), np.sum(local_weights)]])
    both = multihost_utils.process_allgather(mine.astype(np.float32), tiled=True)
    numerator, denominator = both.sum(axis=0)
    return numerator / denominator


def r14_gm_jnp_average(local_values, local_weights):
    import jax.numpy as jnp

    both = multihost_utils.process_allgather(
        np.array([np.average(local_values, weights=local_weights), local_weights.sum()])
    )
    return jnp.average(both[:, 0], weights=both[:, 1])


GM_NAMES = [n for n in dir() if n.startswith("r14_gm_")]

ROUND_14 = [
    # 14.predict_view (right: B)
    Wrong("14.predict_view", "A: the sum stays on this process's devices", lambda: "A"),
    Wrong("14.predict_view", "C: values copied to every device first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "E: sum raises on unreachable shards", lambda: "E"),
    Wrong("14.predict_view", "both B and C, they print the same", lambda: "B or C"),
    Wrong("14.predict_view", "lower case with a paren", lambda: "b)"),
    Wrong("14.predict_view", "the sum instead of a letter", lambda: "28.0"),
    Wrong("14.predict_view", "letter with reason after it", lambda: "B, partial sums added"),
    # 14.predict_death (right: E)
    Wrong("14.predict_death", "A: the sum raises, caught", lambda: "A"),
    Wrong("14.predict_death", "B: sums on its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ended at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "F: shutdown timeout, 300 s", lambda: "F"),
    Wrong("14.predict_death", "E and F, as the demo shows them alike", lambda: "EF"),
    Wrong("14.predict_death", "the delay with a unit", lambda: "100 s"),
    Wrong("14.predict_death", "option written as words", lambda: "option E"),
    # 14.fix_rows
    Wrong("14.fix_rows", "the page's strided rows", lambda: r14_rows_strided),
    Wrong("14.fix_rows", "block size from data.size: 1-D only", lambda: r14_rows_size_not_len),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens features",
        lambda: r14_rows_reshape_flat,
    ),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r14_rows_reversed),
    Wrong("14.fix_rows", "2-D slice keeps only the first feature", lambda: r14_rows_first_feature),
    Wrong("14.fix_rows", "np.split along the last axis", lambda: r14_rows_split_axis1),
    Wrong("14.fix_rows", "block size rounded up one too many", lambda: r14_rows_ceil_off_by_one),
    Wrong("14.fix_rows", "slice with no end: all rows from the start", lambda: r14_rows_no_end),
    Wrong(
        "14.fix_rows",
        "reshape(-1, count)[:, p]: strided again",
        lambda: r14_rows_reshape_wrong_order,
    ),
    Wrong("14.fix_rows", "block length = process_count", lambda: r14_rows_block_by_count),
    # 14.global_mean
    Wrong("14.global_mean", "this process's weighted mean only", lambda: r14_gm_local_only),
    Wrong("14.global_mean", "mean of the two local weighted means", lambda: r14_gm_mean_of_means),
    Wrong("14.global_mean", "unweighted global mean", lambda: r14_gm_unweighted),
    Wrong("14.global_mean", "divides by the count, not the weights", lambda: r14_gm_over_count),
    Wrong("14.global_mean", "divides by the sum of values", lambda: r14_gm_over_values),
    Wrong(
        "14.global_mean", "np.sum over whole gathered array in numerator", lambda: r14_gm_sum_all
    ),
    Wrong("14.global_mean", "ratio upside down", lambda: r14_gm_inverted),
    Wrong("14.global_mean", "process 0's numbers only", lambda: r14_gm_process0_only),
    Wrong(
        "14.global_mean", "sums the gathered array along the wrong axis", lambda: r14_gm_wrong_axis
    ),
    Wrong("14.global_mean", "denominator is w.w, not sum of w", lambda: r14_gm_dot_weights_squared),
]

RIGHT_14 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "np.array_split", lambda: r14_rows_array_split),
    Right("14.fix_rows", "loop of rows, np.stack", lambda: r14_rows_loop),
    Right("14.fix_rows", "reshape keeping the feature axes", lambda: r14_rows_reshape_keep_axes),
    Right("14.fix_rows", "a lambda around np.split", r14_rows_lambda_split),
    Right("14.global_mean", "two scalar allgathers", lambda: r14_gm_two_gathers),
    Right(
        "14.global_mean", "tiled allgather of (1, 2) rows, numpy scalar", lambda: r14_gm_tiled_rows
    ),
    Right(
        "14.global_mean",
        "local averages re-weighted by sums, jnp.average",
        lambda: r14_gm_jnp_average,
    ),
]
