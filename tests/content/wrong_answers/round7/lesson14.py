"""Round 7, lesson 14 (many hosts): answers written from the lesson's text alone.

The global_mean answers run inside the grader's worker script; here they are only built.
Each builds its own mesh as hello.py does, so that it needs no global of the script.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 14.fix_rows


def r7_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r7_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # flattens the feature axes


def r7_rows_one_too_many(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r7_rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r7_rows_reversed(data, process_index, process_count):
    return np.split(data, process_count)[process_count - 1 - process_index]


def r7_rows_all(data, process_index, process_count):
    return data


def r7_rows_last_axis(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r7_rows_halves(data, process_index, process_count):
    half = len(data) // 2
    return data[:half] if process_index == 0 else data[half:]


def r7_rows_one_based(data, process_index, process_count):
    return np.split(data, process_count)[process_index - 1]


def r7_rows_ceil_block(data, process_index, process_count):
    n = -(-len(data) // (process_count + 1))  # rounds the block up with one process too many
    return data[process_index * n : (process_index + 1) * n]


def r7_rows_right_slices(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n]


def r7_rows_right_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r7_rows_right_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r7_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count, axis=0)[process_index]


# ---------------------------------------------------------------- 14.global_mean


def r7_mean_local_only(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r7_mean_of_means(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    both = multihost_utils.process_allgather(np.array([mine]))
    return float(np.mean(both))


def r7_mean_unweighted(local_values, local_weights):
    parts = multihost_utils.process_allgather(np.array([np.sum(local_values), float(len(local_values))]))
    total = np.sum(np.asarray(parts).reshape(-1, 2), axis=0)
    return float(total[0] / total[1])


def r7_mean_divide_count(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), float(len(local_values))])
    )
    total = np.sum(np.asarray(parts).reshape(-1, 2), axis=0)
    return float(total[0] / total[1])


def r7_mean_direct_array(local_values, local_weights):
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch"))
    v = jax.make_array_from_process_local_data(sharding, local_values)  # 3 or 6 values over 4 devices
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(w * v) / jnp.sum(w))


def r7_mean_local_denominator(local_values, local_weights):
    parts = multihost_utils.process_allgather(np.array([np.sum(local_weights * local_values)]))
    return float(np.sum(parts) / np.sum(local_weights))


def r7_mean_gather_values(local_values, local_weights):
    v = multihost_utils.process_allgather(local_values, tiled=True)  # lengths differ
    w = multihost_utils.process_allgather(local_weights, tiled=True)
    return float(np.sum(w * v) / np.sum(w))


def r7_mean_mean_ratio(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.mean(local_weights * local_values), np.mean(local_weights)])
    )
    total = np.sum(np.asarray(parts).reshape(-1, 2), axis=0)
    return float(total[0] / total[1])


def r7_mean_padded_zero_weight_sum(local_values, local_weights):
    # pads each process to 4 per device... with the numerator only, denominator local
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch"))
    local = np.zeros(jax.local_device_count(), np.float32)
    local[0] = np.sum(local_weights * local_values)
    x = jax.make_array_from_process_local_data(sharding, local)
    return float(jnp.sum(x) / np.sum(local_weights))


def r7_mean_returns_pair(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    )
    return np.sum(np.asarray(parts).reshape(-1, 2), axis=0)


def r7_mean_right_allgather(local_values, local_weights):
    mine = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    everyone = np.asarray(multihost_utils.process_allgather(mine)).reshape(-1, 2)
    numerator, denominator = everyone.sum(axis=0)
    return float(numerator / denominator)


def r7_mean_right_global_array(local_values, local_weights):
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch"))
    per_device = jax.local_device_count()
    num = np.zeros(per_device, np.float32)
    den = np.zeros(per_device, np.float32)
    num[0] = np.sum(local_weights * local_values)
    den[0] = np.sum(local_weights)
    num_global = jax.make_array_from_process_local_data(sharding, num)
    den_global = jax.make_array_from_process_local_data(sharding, den)
    return float(jnp.sum(num_global) / jnp.sum(den_global))


def r7_mean_right_stacked(local_values, local_weights):
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch", None))
    share = jax.local_device_count()
    rows = np.tile(
        np.array([[np.sum(local_weights * local_values), np.sum(local_weights)]], np.float32) / share,
        (share, 1),
    )
    sums = jnp.sum(jax.make_array_from_process_local_data(sharding, rows), axis=0)
    return float(sums[0] / sums[1])


ROUND_7 = [
    # 14.predict_view
    Wrong("14.predict_view", "sum on own devices only: 22", lambda: "A"),
    Wrong("14.predict_view", "all-gather then sum", lambda: "C"),
    Wrong("14.predict_view", "each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "the sum raises", lambda: "E"),
    Wrong("14.predict_view", "the sum printed", lambda: 28.0),
    Wrong("14.predict_view", "the held values", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "both letters printing 28", lambda: "B or C"),
    Wrong("14.predict_view", "process 1's own total", lambda: 22.0),
    # 14.predict_death
    Wrong("14.predict_death", "an exception is caught", lambda: "A"),
    Wrong("14.predict_death", "sums on its own devices", lambda: "B"),
    Wrong("14.predict_death", "waits for ever until 60 s", lambda: "C"),
    Wrong("14.predict_death", "ended at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "both letters that end alike", lambda: "D/E"),
    Wrong("14.predict_death", "the seconds", lambda: 4),
    Wrong("14.predict_death", "what it prints", lambda: "caught"),
    Wrong("14.predict_death", "lower-case d", lambda: "d"),
    # 14.fix_rows
    Wrong("14.fix_rows", "sneaky: the strided rows copied", lambda: r7_rows_strided),
    Wrong("14.fix_rows", "reshape(count, -1) flattens features", lambda: r7_rows_reshape_flat),
    Wrong("14.fix_rows", "one row too many", lambda: r7_rows_one_too_many),
    Wrong("14.fix_rows", "process_count used as the block size", lambda: r7_rows_count_as_size),
    Wrong("14.fix_rows", "blocks in reverse order", lambda: r7_rows_reversed),
    Wrong("14.fix_rows", "sneaky: every process passes all rows", lambda: r7_rows_all),
    Wrong("14.fix_rows", "split along the last axis", lambda: r7_rows_last_axis),
    Wrong("14.fix_rows", "halves: right for 2 processes only", lambda: r7_rows_halves),
    Wrong("14.fix_rows", "process index taken as 1-based", lambda: r7_rows_one_based),
    Wrong("14.fix_rows", "block size from count + 1", lambda: r7_rows_ceil_block),
    # 14.global_mean
    Wrong("14.global_mean", "sneaky: local weighted mean only", lambda: r7_mean_local_only),
    Wrong("14.global_mean", "mean of the two local means", lambda: r7_mean_of_means),
    Wrong("14.global_mean", "unweighted mean", lambda: r7_mean_unweighted),
    Wrong("14.global_mean", "divides by the count, not the weights", lambda: r7_mean_divide_count),
    Wrong("14.global_mean", "global array straight from 3 or 6 values", lambda: r7_mean_direct_array),
    Wrong("14.global_mean", "global numerator, local denominator", lambda: r7_mean_local_denominator),
    Wrong("14.global_mean", "allgathers values of unequal lengths", lambda: r7_mean_gather_values),
    Wrong("14.global_mean", "sums of local means", lambda: r7_mean_mean_ratio),
    Wrong("14.global_mean", "padded numerator, local denominator", lambda: r7_mean_padded_zero_weight_sum),
    Wrong("14.global_mean", "returns (numerator, denominator)", lambda: r7_mean_returns_pair),
]

RIGHT_7 = [
    Right("14.predict_view", "the letter", lambda: "B"),
    Right("14.predict_view", "lower case", lambda: "b"),
    Right("14.predict_view", "padded", lambda: " B "),
    Right("14.predict_death", "the letter", lambda: "E"),
    Right("14.predict_death", "lower case", lambda: "e"),
    Right("14.predict_death", "with newline", lambda: "E\n"),
    Right("14.fix_rows", "contiguous slice", lambda: r7_rows_right_slices),
    Right("14.fix_rows", "np.split", lambda: r7_rows_right_split),
    Right("14.fix_rows", "reshape keeping feature axes", lambda: r7_rows_right_reshape),
    Right("14.fix_rows", "np.array_split axis 0", lambda: r7_rows_right_array_split),
    Right("14.global_mean", "allgather of local sums", lambda: r7_mean_right_allgather),
    Right("14.global_mean", "global arrays of local sums, one per device slot", lambda: r7_mean_right_global_array),
    Right("14.global_mean", "sums spread over local devices, 2-D", lambda: r7_mean_right_stacked),
]
