"""Round 13, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# global_mean runs in the check's worker script, where `mesh` is defined by hello.py's lines;
# these functions name only what that script has.


# ---- 14.fix_rows --------------------------------------------------------------------------
def r13_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r13_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # train.py's line


def r13_rows_reshape_columns(data, process_index, process_count):
    return data.reshape(-1, process_count)[:, process_index]


def r13_rows_size_not_len(data, process_index, process_count):
    per = data.size // process_count
    return data[process_index * per : (process_index + 1) * per]


def r13_rows_reversed(data, process_index, process_count):
    per = len(data) // process_count
    block = process_count - 1 - process_index
    return data[block * per : (block + 1) * per]


def r13_rows_no_end(data, process_index, process_count):
    per = len(data) // process_count
    return data[process_index * per :]


def r13_rows_last_axis(data, process_index, process_count):
    per = data.shape[-1] // process_count
    return data[process_index * per : (process_index + 1) * per]


def r13_rows_one_extra(data, process_index, process_count):
    per = len(data) // process_count
    return data[process_index * per : (process_index + 1) * per + 1]


def r13_rows_first_block(data, process_index, process_count):
    per = len(data) // process_count
    return data[:per]


def r13_rows_index_times_count(data, process_index, process_count):
    per = len(data) // process_count
    start = process_index * process_count
    return data[start : start + per]


def r13_rows_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r13_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count, axis=0)[process_index]


def r13_rows_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r13_rows_loop(data, process_index, process_count):
    per = data.shape[0] // process_count
    rows = [data[r] for r in range(len(data)) if r // per == process_index]
    return np.stack(rows)


# ---- 14.global_mean -----------------------------------------------------------------------
def r13_mean_local_only(local_values, local_weights):
    return float(np.sum(local_values * local_weights) / np.sum(local_weights))


def r13_mean_of_local_means(local_values, local_weights):
    local = np.sum(local_values * local_weights) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array([local]))
    return float(np.mean(means))


def r13_mean_count_weighted(local_values, local_weights):
    local = np.sum(local_values * local_weights) / np.sum(local_weights)
    both = multihost_utils.process_allgather(np.array([local, float(len(local_values))]))
    both = np.asarray(both).reshape(-1, 2)
    return float(np.sum(both[:, 0] * both[:, 1]) / np.sum(both[:, 1]))


def r13_mean_unweighted(local_values, local_weights):
    sums = np.array([np.sum(local_values), float(len(local_values))])
    total = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2).sum(axis=0)
    return float(total[0] / total[1])


def r13_mean_no_weights_on_top(local_values, local_weights):
    sums = np.array([np.sum(local_values), np.sum(local_weights)])
    total = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2).sum(axis=0)
    return float(total[0] / total[1])


def r13_mean_divide_by_count(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), float(len(local_values))])
    total = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2).sum(axis=0)
    return float(total[0] / total[1])


def r13_mean_only_process0(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    total = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2).sum(axis=0)
    if jax.process_index() == 0:
        return float(total[0] / total[1])
    return None


def r13_mean_locally_normalised(local_values, local_weights):
    w = local_weights / np.sum(local_weights)
    part = np.array([np.sum(w * local_values)])
    return float(np.sum(multihost_utils.process_allgather(part)))


def r13_mean_first_process_weights(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    gathered = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2)
    return float(gathered[:, 0].sum() / gathered[0, 1])


def r13_mean_allgather_sums(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    gathered = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2)
    return float(gathered[:, 0].sum() / gathered[:, 1].sum())


def r13_mean_ratio_of_means(local_values, local_weights):
    sums = np.array([np.dot(local_values, local_weights), np.sum(local_weights)], dtype=np.float64)
    mean_parts = np.asarray(multihost_utils.process_allgather(sums)).reshape(-1, 2).mean(axis=0)
    return float(mean_parts[0] / mean_parts[1])  # the 1/2 cancels


def r13_mean_global_array(local_values, local_weights):
    per_device = jax.local_device_count()
    local = np.zeros((per_device, 2), np.float32)
    local[0] = [np.sum(local_values * local_weights), np.sum(local_weights)]
    parts = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local)  # noqa: F821 - the worker script's mesh
    total = jax.jit(lambda a: jnp.sum(a, axis=0), out_shardings=NamedSharding(mesh, P()))(parts)  # noqa: F821
    return float(total[0] / total[1])


def r13_rows_jnp_split(data, process_index, process_count):
    return jnp.split(jnp.asarray(data), process_count)[process_index]


ROUND_13 = [
    # 14.predict_view (right: B)
    Wrong("14.predict_view", "A: the sum stays on this process", lambda: "A"),
    Wrong("14.predict_view", "C: values copied to every device first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "E: unreachable shards raise", lambda: "E"),
    Wrong("14.predict_view", "B or C, both print 28.0", lambda: "BC"),
    Wrong("14.predict_view", "the sum instead of a letter", lambda: "28.0"),
    Wrong("14.predict_view", "option c", lambda: "option c"),
    Wrong("14.predict_view", "A with its reason", lambda: "A - local devices only"),
    # 14.predict_death (right: E)
    Wrong("14.predict_death", "A: an exception process 0 can catch", lambda: "A"),
    Wrong("14.predict_death", "B: runs on its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "F: after the 300 s shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "E and F: the demo shows both", lambda: "EF"),
    Wrong("14.predict_death", "a time instead of a letter", lambda: "100 s"),
    Wrong("14.predict_death", "f) typed in a hurry", lambda: "f)"),
    # 14.fix_rows
    Wrong("14.fix_rows", "kept the strided DistributedSampler habit", lambda: r13_rows_strided),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens features",
        lambda: r13_rows_reshape_flat,
    ),
    Wrong(
        "14.fix_rows", "reshape(-1, count) column: strided again", lambda: r13_rows_reshape_columns
    ),
    Wrong("14.fix_rows", "block size from data.size, not len", lambda: r13_rows_size_not_len),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r13_rows_reversed),
    Wrong("14.fix_rows", "slice with no end: to the last row", lambda: r13_rows_no_end),
    Wrong("14.fix_rows", "block size from the last axis", lambda: r13_rows_last_axis),
    Wrong("14.fix_rows", "one row too many in each block", lambda: r13_rows_one_extra),
    Wrong("14.fix_rows", "every process passes the first block", lambda: r13_rows_first_block),
    Wrong(
        "14.fix_rows",
        "start at index * count, not index * block",
        lambda: r13_rows_index_times_count,
    ),
    # 14.global_mean
    Wrong("14.global_mean", "local weighted mean, never combined", lambda: r13_mean_local_only),
    Wrong("14.global_mean", "mean of the two local means", lambda: r13_mean_of_local_means),
    Wrong(
        "14.global_mean",
        "local means weighted by counts, not weights",
        lambda: r13_mean_count_weighted,
    ),
    Wrong("14.global_mean", "plain mean, ignored weights", lambda: r13_mean_unweighted),
    Wrong(
        "14.global_mean", "sum of values over sum of weights", lambda: r13_mean_no_weights_on_top
    ),
    Wrong(
        "14.global_mean", "weighted sum over the count of values", lambda: r13_mean_divide_by_count
    ),
    Wrong("14.global_mean", "only process 0 returns the mean", lambda: r13_mean_only_process0),
    Wrong(
        "14.global_mean",
        "weights normalised per process, then summed",
        lambda: r13_mean_locally_normalised,
    ),
    Wrong(
        "14.global_mean",
        "divided by process 0's weight sum only",
        lambda: r13_mean_first_process_weights,
    ),
]

RIGHT_13 = [
    Right("14.fix_rows", "jnp.split: a jax array, not NumPy", lambda: r13_rows_jnp_split),
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_view", "b", lambda: "b"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.predict_death", "E with a trailing space", lambda: "E "),
    Right("14.fix_rows", "np.split", lambda: r13_rows_split),
    Right("14.fix_rows", "np.array_split on axis 0", lambda: r13_rows_array_split),
    Right("14.fix_rows", "reshape keeping the feature axes", lambda: r13_rows_reshape_keep_axes),
    Right("14.fix_rows", "loop over rows, then np.stack", lambda: r13_rows_loop),
    Right("14.global_mean", "allgather of both sums", lambda: r13_mean_allgather_sums),
    Right(
        "14.global_mean", "ratio of the gathered means, float64", lambda: r13_mean_ratio_of_means
    ),
    Right(
        "14.global_mean",
        "partial sums as a global array, jitted sum",
        lambda: r13_mean_global_array,
    ),
]
