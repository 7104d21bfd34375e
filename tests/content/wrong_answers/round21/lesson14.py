"""Round 21, lesson 14 (many hosts): answers from the lesson's text alone.

The 14.global_mean answers run inside a worker after hello.py's first lines, where
jax, jnp, np, multihost_utils, NamedSharding, P and mesh are defined: each one uses
only those names, and builds no mesh or array when this module is imported.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 14.predict_view: what process 1 holds and sums, and how (a letter; B) ----------

# ---- 14.predict_death: a process dies, with JAX's default timeouts (a letter; E) ----

# ---- 14.fix_rows: the contiguous block of rows a process passes ---------------------


def r21_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r21_rows_reshape_flat(data, process_index, process_count):
    # train.py's reshape(count, -1), which flattens the feature axes
    return data.reshape(process_count, -1)[process_index]


def r21_rows_from_the_end(data, process_index, process_count):
    size = len(data) // process_count
    stop = len(data) - process_index * size
    return data[stop - size : stop]


def r21_rows_one_too_many(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size : (process_index + 1) * size + 1]


def r21_rows_count_as_size(data, process_index, process_count):
    # blocks of process_count rows: right only when there are process_count**2 rows
    return data[process_index * process_count : (process_index + 1) * process_count]


def r21_rows_split_columns(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r21_rows_first_block_always(data, process_index, process_count):
    return data[: len(data) // process_count]


def r21_rows_everything(data, process_index, process_count):
    return data


def r21_rows_jax_process_index(data, process_index, process_count):
    me = jax.process_index()  # this process's number, not the one asked about
    size = len(data) // process_count
    return data[me * size : (me + 1) * size]


def r21_rows_reversed_inside(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size : (process_index + 1) * size][::-1]


def r21_rows_float_size(data, process_index, process_count):
    size = len(data) / process_count
    return data[process_index * size : (process_index + 1) * size]


def r21_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count, axis=0)[process_index]


def r21_rows_right_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r21_rows_right_take(data, process_index, process_count):
    size = data.shape[0] // process_count
    rows = np.arange(process_index * size, (process_index + 1) * size)
    return np.take(data, rows, axis=0)


# ---- 14.global_mean: a weighted mean over both processes' uneven data ---------------


def r21_mean_local_only(local_values, local_weights):
    return float(np.average(local_values, weights=local_weights))


def r21_mean_of_local_means(local_values, local_weights):
    local_mean = np.sum(local_values * local_weights) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.float32(local_mean))
    return float(np.mean(means))


def r21_mean_unweighted(local_values, local_weights):
    parts = np.array([np.sum(local_values), len(local_values)], dtype=np.float32)
    both = multihost_utils.process_allgather(parts)
    return float(both[:, 0].sum() / both[:, 1].sum())


def r21_mean_divided_by_count(local_values, local_weights):
    parts = np.array([np.sum(local_values * local_weights), len(local_values)], dtype=np.float32)
    both = multihost_utils.process_allgather(parts)
    return float(both[:, 0].sum() / both[:, 1].sum())


def r21_mean_straight_to_global(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821  (hello.py's mesh)
    v = jax.make_array_from_process_local_data(sharding, local_values)
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(v * w) / jnp.sum(w))


def r21_mean_forgot_divide(local_values, local_weights):
    local = np.float32(np.sum(local_values * local_weights))
    return float(np.sum(multihost_utils.process_allgather(local)))


def r21_mean_returns_gathered(local_values, local_weights):
    parts = np.array(
        [np.sum(local_values * local_weights), np.sum(local_weights)], dtype=np.float32
    )
    both = multihost_utils.process_allgather(parts)
    return both[:, 0] / both[:, 1]


def r21_mean_local_denominator(local_values, local_weights):
    local = np.float32(np.sum(local_values * local_weights))
    total = np.sum(multihost_utils.process_allgather(local))
    return float(total / np.sum(local_weights))


def r21_mean_means_by_count(local_values, local_weights):
    local_mean = np.sum(local_values * local_weights) / np.sum(local_weights)
    parts = np.array([local_mean * len(local_values), len(local_values)], dtype=np.float32)
    both = multihost_utils.process_allgather(parts)
    return float(both[:, 0].sum() / both[:, 1].sum())


def r21_mean_inverted(local_values, local_weights):
    parts = np.array(
        [np.sum(local_values * local_weights), np.sum(local_weights)], dtype=np.float32
    )
    both = multihost_utils.process_allgather(parts)
    return float(both[:, 1].sum() / both[:, 0].sum())


def r21_mean_edge_padding(local_values, local_weights):
    # pads to a common multiple of 4, but repeats the last value and weight
    lengths = multihost_utils.process_allgather(np.int32(len(local_values)))
    size = -(-int(np.max(lengths)) // 4) * 4
    v = np.pad(local_values, (0, size - len(local_values)), mode="edge").astype(np.float32)
    w = np.pad(local_weights, (0, size - len(local_weights)), mode="edge").astype(np.float32)
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gv * gw) / jnp.sum(gw))


def r21_mean_right_allgather_sums(local_values, local_weights):
    sums = np.array([np.dot(local_weights, local_values), np.sum(local_weights)], dtype=np.float32)
    every = multihost_utils.process_allgather(sums)  # one row per process
    total_wv, total_w = np.sum(every, axis=0)
    return float(total_wv / total_w)


def r21_mean_right_zero_weight_padding(local_values, local_weights):
    lengths = multihost_utils.process_allgather(np.int32(len(local_values)))
    size = -(-int(np.max(lengths)) // 4) * 4
    pad = size - len(local_values)
    v = np.concatenate([local_values, np.zeros(pad)]).astype(np.float32)
    w = np.concatenate([local_weights, np.zeros(pad)]).astype(np.float32)
    grid = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(grid, P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gv * gw) / jnp.sum(gw))


def r21_mean_right_partial_sums_block(local_values, local_weights):
    block = np.zeros((jax.local_device_count(), 2), dtype=np.float32)
    block[0] = [np.sum(local_values * local_weights), np.sum(local_weights)]
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    parts = jax.make_array_from_process_local_data(sharding, block)
    totals = jnp.sum(parts, axis=0)
    return float(totals[0] / totals[1])


def r21_mean_right_tiled(local_values, local_weights):
    row = np.array(
        [[np.sum(local_values * local_weights), np.sum(local_weights)]], dtype=np.float32
    )
    rows = multihost_utils.process_allgather(row, tiled=True)  # (2, 2)
    return float(rows[:, 0].sum()) / float(rows[:, 1].sum())


ROUND_21 = [
    # 14.predict_view
    Wrong("14.predict_view", "A: the sum stays on this process", lambda: "A"),
    Wrong("14.predict_view", "C: values copied to every device first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "E: sum of unreachable shards raises", lambda: "E"),
    Wrong("14.predict_view", "BC: same printed lines, typed both", lambda: "BC"),
    Wrong("14.predict_view", "typed the sum as a number", lambda: 28.0),
    Wrong("14.predict_view", "typed what process 1 holds", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "typed the process number", lambda: "1"),
    Wrong("14.predict_view", "left the placeholder", lambda: ...),
    Wrong("14.predict_view", "empty string", lambda: ""),
    # 14.predict_death
    Wrong("14.predict_death", "A: thought the sum raises, caught", lambda: "A"),
    Wrong("14.predict_death", "B: falls back to its own 4 devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ends at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "F: shutdown timeout, 300 s", lambda: "F"),
    Wrong("14.predict_death", "EF: the two that look the same here", lambda: "EF"),
    Wrong("14.predict_death", "typed the seconds", lambda: 100),
    Wrong("14.predict_death", "typed the 10 s seen in the run", lambda: "10 s"),
    Wrong("14.predict_death", "left the placeholder", lambda: ...),
    Wrong("14.predict_death", "empty string", lambda: ""),
    # 14.fix_rows
    Wrong("14.fix_rows", "kept the strided rows", lambda: r21_rows_strided),
    Wrong(
        "14.fix_rows", "train.py's reshape(count, -1) flattens rows", lambda: r21_rows_reshape_flat
    ),
    Wrong("14.fix_rows", "blocks counted from the end", lambda: r21_rows_from_the_end),
    Wrong("14.fix_rows", "slice one row too long", lambda: r21_rows_one_too_many),
    Wrong("14.fix_rows", "block size = process_count", lambda: r21_rows_count_as_size),
    Wrong("14.fix_rows", "split along the last axis", lambda: r21_rows_split_columns),
    Wrong("14.fix_rows", "always the first block", lambda: r21_rows_first_block_always),
    Wrong("14.fix_rows", "every process passes all rows", lambda: r21_rows_everything),
    Wrong(
        "14.fix_rows",
        "jax.process_index() instead of the argument",
        lambda: r21_rows_jax_process_index,
    ),
    Wrong("14.fix_rows", "right block, rows reversed", lambda: r21_rows_reversed_inside),
    Wrong("14.fix_rows", "block size with / (a float)", lambda: r21_rows_float_size),
    # 14.global_mean
    Wrong("14.global_mean", "own process's weighted mean only", lambda: r21_mean_local_only),
    Wrong("14.global_mean", "mean of the two local means", lambda: r21_mean_of_local_means),
    Wrong("14.global_mean", "ignored the weights", lambda: r21_mean_unweighted),
    Wrong(
        "14.global_mean", "divided by the count, not the weights", lambda: r21_mean_divided_by_count
    ),
    Wrong(
        "14.global_mean",
        "uneven data straight into a global array",
        lambda: r21_mean_straight_to_global,
    ),
    Wrong("14.global_mean", "forgot to divide by the weights", lambda: r21_mean_forgot_divide),
    Wrong("14.global_mean", "returned both processes' means", lambda: r21_mean_returns_gathered),
    Wrong(
        "14.global_mean", "global sum over local weight total", lambda: r21_mean_local_denominator
    ),
    Wrong("14.global_mean", "local means weighted by counts", lambda: r21_mean_means_by_count),
    Wrong("14.global_mean", "ratio upside down", lambda: r21_mean_inverted),
    Wrong(
        "14.global_mean", "padded with edge values, not zero weights", lambda: r21_mean_edge_padding
    ),
]

RIGHT_21 = [
    Right("14.predict_view", "lowercase", lambda: "b"),
    Right("14.predict_view", "with a full stop", lambda: "B."),
    Right("14.predict_view", "with a leading space", lambda: " B"),
    Right("14.predict_death", "lowercase with a space", lambda: " e"),
    Right("14.predict_death", "with a full stop", lambda: "E."),
    Right("14.predict_death", "lowercase", lambda: "e"),
    Right("14.fix_rows", "np.array_split on axis 0", lambda: r21_rows_right_array_split),
    Right(
        "14.fix_rows", "reshape keeping the feature axes", lambda: r21_rows_right_reshape_keep_axes
    ),
    Right("14.fix_rows", "np.take of the block's row numbers", lambda: r21_rows_right_take),
    Right("14.global_mean", "allgather of (sum w*v, sum w)", lambda: r21_mean_right_allgather_sums),
    Right(
        "14.global_mean",
        "zero-weight padding to a common length",
        lambda: r21_mean_right_zero_weight_padding,
    ),
    Right(
        "14.global_mean",
        "partial sums as a sharded (4, 2) block",
        lambda: r21_mean_right_partial_sums_block,
    ),
    Right("14.global_mean", "tiled allgather of one row each", lambda: r21_mean_right_tiled),
]
