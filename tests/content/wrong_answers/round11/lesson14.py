"""Round 11, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 14.fix_rows -------------------------------------------------------------------------


def r11_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r11_rows_train_reshape(data, process_index, process_count):
    # train.py's line: data_x.reshape(count, -1)[me], flattens a (12, 3) array
    return data.reshape(process_count, -1)[process_index]


def r11_rows_one_extra(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r11_rows_size_block(data, process_index, process_count):
    n = data.size // process_count
    return data[process_index * n : (process_index + 1) * n]


def r11_rows_reversed(data, process_index, process_count):
    n = len(data) // process_count
    p = process_count - 1 - process_index
    return data[p * n : (p + 1) * n]


def r11_rows_split_columns(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r11_rows_one_based(data, process_index, process_count):
    n = len(data) // process_count
    return data[(process_index - 1) * n : process_index * n]


def r11_rows_no_stop(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r11_rows_halves(data, process_index, process_count):
    half = len(data) // 2
    return data[:half] if process_index == 0 else data[half:]


def r11_rows_transposed_split(data, process_index, process_count):
    return np.array_split(data.T, process_count)[process_index].T


def r11_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r11_rows_reshape_keep(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r11_rows_slice(data, process_index, process_count):
    n = data.shape[0] // process_count
    start = process_index * n
    return data[start : start + n]


def r11_rows_jnp(data, process_index, process_count):
    blocks = jnp.split(jnp.asarray(data), process_count)
    return blocks[process_index]


def r11_rows_take(data, process_index, process_count):
    n = len(data) // process_count
    return np.take(data, range(process_index * n, (process_index + 1) * n), axis=0)


# --- 14.global_mean ----------------------------------------------------------------------


def _gather(pair):
    return np.asarray(multihost_utils.process_allgather(np.asarray(pair, np.float32)))


def r11_gm_local(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r11_gm_mean_of_means(local_values, local_weights):
    local = np.sum(local_weights * local_values) / np.sum(local_weights)
    return float(np.mean(_gather(local)))


def r11_gm_unweighted(local_values, local_weights):
    sums = _gather([np.sum(local_values), len(local_values)])
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r11_gm_by_count(local_values, local_weights):
    sums = _gather([np.sum(local_weights * local_values), len(local_values)])
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r11_gm_normalised_first(local_values, local_weights):
    w = local_weights / np.sum(local_weights)
    sums = _gather([np.sum(w * local_values), np.sum(w)])
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r11_gm_sum_of_means(local_values, local_weights):
    local = np.sum(local_weights * local_values) / np.sum(local_weights)
    return float(np.sum(_gather(local)))


def r11_gm_halved(local_values, local_weights):
    sums = _gather([np.sum(local_weights * local_values), np.sum(local_weights)])
    total = sums.sum(axis=0)
    return float(total[0] / total[1] / jax.process_count())


def r11_gm_tiled_first_pair(local_values, local_weights):
    pair = np.asarray([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    gathered = np.asarray(multihost_utils.process_allgather(pair, tiled=True))
    return float(gathered[0] / gathered[1])  # process 0's pair only


def r11_gm_swapped(local_values, local_weights):
    sums = _gather([np.sum(local_weights * local_values), np.sum(local_values)])
    total = sums.sum(axis=0)
    return float(total[0] / total[1])


def r11_gm_means_by_count(local_values, local_weights):
    # each process's weighted mean, combined by how many values it holds
    local = np.average(local_values, weights=local_weights)
    pairs = _gather([local * len(local_values), len(local_values)])
    total = pairs.sum(axis=0)
    return float(total[0] / total[1])


def r11_gm_allgather(local_values, local_weights):
    sums = _gather([np.dot(local_weights, local_values), local_weights.sum()])
    total = sums.sum(axis=0)
    return float(total[0] / total[1])


def r11_gm_global_array(local_values, local_weights):
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    local = np.zeros(jax.local_device_count(), np.float32)
    local[0] = np.sum(local_weights * local_values)
    local[1] = np.sum(local_weights)
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local)
    is_sum = np.tile(np.eye(jax.local_device_count(), dtype=np.float32)[0], jax.process_count())
    is_weight = np.roll(is_sum, 1)
    total = jnp.sum(x * is_sum) / jnp.sum(x * is_weight)
    return float(total)


def r11_gm_two_gathers(local_values, local_weights):
    numerators = multihost_utils.process_allgather(np.float32(local_values @ local_weights))
    denominators = multihost_utils.process_allgather(np.float32(local_weights.sum()))
    return np.asarray(numerators).sum() / np.asarray(denominators).sum()


ROUND_11 = [
    Wrong("14.predict_view", "A: the sum stays on this process", lambda: "A"),
    Wrong("14.predict_view", "C: all-gather first, then sum", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "E: jnp.sum raises", lambda: "E"),
    Wrong("14.predict_view", "lower-case b", lambda: "b"),
    Wrong("14.predict_view", "the sum instead of a letter", lambda: "28.0"),
    Wrong("14.predict_view", "both letters that print the same", lambda: "BC"),
    Wrong("14.predict_view", "the letter with the sum", lambda: "B: 28.0"),
    Wrong("14.predict_death", "A: an exception process 0 catches", lambda: "A"),
    Wrong("14.predict_death", "B: runs on process 0's own devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ends at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "F: 300 s, the shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "lower-case e", lambda: "e"),
    Wrong("14.predict_death", "the seconds instead of a letter", lambda: "100"),
    Wrong("14.predict_death", "E and F, as the demo shows them alike", lambda: "E or F"),
    Wrong("14.fix_rows", "strided rows, the DistributedSampler habit", lambda: r11_rows_strided),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens extra axes",
        lambda: r11_rows_train_reshape,
    ),
    Wrong("14.fix_rows", "one row too many in each block", lambda: r11_rows_one_extra),
    Wrong("14.fix_rows", "block size from data.size, not the rows", lambda: r11_rows_size_block),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r11_rows_reversed),
    Wrong("14.fix_rows", "np.split along the last axis", lambda: r11_rows_split_columns),
    Wrong("14.fix_rows", "process index taken as 1-based", lambda: r11_rows_one_based),
    Wrong("14.fix_rows", "slice with no stop: to the end", lambda: r11_rows_no_stop),
    Wrong("14.fix_rows", "two halves: right for 2 processes only", lambda: r11_rows_halves),
    Wrong(
        "14.fix_rows",
        "array_split of the transpose: splits the features",
        lambda: r11_rows_transposed_split,
    ),
    Wrong("14.global_mean", "this process's weighted mean only", lambda: r11_gm_local),
    Wrong(
        "14.global_mean", "mean of the two processes' weighted means", lambda: r11_gm_mean_of_means
    ),
    Wrong("14.global_mean", "unweighted mean of all values", lambda: r11_gm_unweighted),
    Wrong("14.global_mean", "weighted sum over the number of values", lambda: r11_gm_by_count),
    Wrong(
        "14.global_mean", "weights normalised per process first", lambda: r11_gm_normalised_first
    ),
    Wrong("14.global_mean", "sum of the two weighted means", lambda: r11_gm_sum_of_means),
    Wrong("14.global_mean", "right ratio, divided by the process count", lambda: r11_gm_halved),
    Wrong(
        "14.global_mean",
        "tiled allgather, indexed process 0's pair",
        lambda: r11_gm_tiled_first_pair,
    ),
    Wrong(
        "14.global_mean", "divided by the sum of the values, not weights", lambda: r11_gm_swapped
    ),
    Wrong(
        "14.global_mean",
        "local weighted means combined by value counts",
        lambda: r11_gm_means_by_count,
    ),
]
RIGHT_11 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "np.array_split", lambda: r11_rows_array_split),
    Right("14.fix_rows", "reshape keeping the trailing axes", lambda: r11_rows_reshape_keep),
    Right("14.fix_rows", "explicit start:start + n slice", lambda: r11_rows_slice),
    Right("14.fix_rows", "jnp.split, a jax array back", lambda: r11_rows_jnp),
    Right("14.fix_rows", "np.take of a range along axis 0", lambda: r11_rows_take),
    Right("14.global_mean", "allgather of (sum(w*v), sum(w)), summed", lambda: r11_gm_allgather),
    Right(
        "14.global_mean", "a global array of padded pairs, masked sums", lambda: r11_gm_global_array
    ),
    Right("14.global_mean", "two allgathers, returns a NumPy scalar", lambda: r11_gm_two_gathers),
]
