"""Round 9, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 14.fix_rows -----------------------------------------------------------------------------


def r9_rows_slice(data, process_index, process_count):
    block = data.shape[0] // process_count
    return data[process_index * block : (process_index + 1) * block]


def r9_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r9_rows_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r9_rows_split(data, process_index, process_count):
    return np.split(data, process_count, axis=0)[process_index]


def r9_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r9_rows_train_py(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # as train.py does


def r9_rows_count_as_block(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r9_rows_one_extra(data, process_index, process_count):
    block = data.shape[0] // process_count
    return data[process_index * block : (process_index + 1) * block + 1]


def r9_rows_start_only(data, process_index, process_count):
    block = data.shape[0] // process_count
    return data[process_index : process_index + block]


def r9_rows_columns(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r9_rows_transposed_reshape(data, process_index, process_count):
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r9_rows_whole(data, process_index, process_count):
    return data


def r9_rows_from_end(data, process_index, process_count):
    block = data.shape[0] // process_count
    stop = data.shape[0] - process_index * block
    return data[stop - block : stop]


def r9_rows_one_based(data, process_index, process_count):
    block = data.shape[0] // process_count
    return data[(process_index - 1) * block : process_index * block]


# --- 14.global_mean --------------------------------------------------------------------------
# The check runs these after hello.py's first lines: jax, jnp, np, multihost_utils,
# NamedSharding, P and mesh are globals there. Each answer imports what it uses, so that
# it also reads right here.


def r9_gmean_allgather(local_values, local_weights):
    from jax.experimental import multihost_utils

    v = np.asarray(local_values, dtype=np.float32)
    w = np.asarray(local_weights, dtype=np.float32)
    sums = np.array([np.sum(w * v), np.sum(w)], dtype=np.float32)
    gathered = multihost_utils.process_allgather(sums)  # (processes, 2)
    return float(gathered[:, 0].sum() / gathered[:, 1].sum())


def r9_gmean_global_array(local_values, local_weights):
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    rows = np.zeros((jax.local_device_count(), 2), dtype=np.float32)
    rows[0] = [np.sum(local_weights * local_values), np.sum(local_weights)]
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), rows)
    totals = jnp.sum(x, axis=0)
    return float(totals[0] / totals[1])


def r9_gmean_padded(local_values, local_weights):
    from jax.experimental import multihost_utils

    n = np.array([len(local_values)])
    longest = int(multihost_utils.process_allgather(n).max())
    v = np.zeros(longest, np.float32)
    w = np.zeros(longest, np.float32)
    v[: len(local_values)], w[: len(local_weights)] = local_values, local_weights
    all_v = multihost_utils.process_allgather(v)
    all_w = multihost_utils.process_allgather(w)
    return float(np.sum(all_v * all_w) / np.sum(all_w))


def r9_gmean_local_only(local_values, local_weights):
    return float(np.average(local_values, weights=local_weights))


def r9_gmean_mean_of_means(local_values, local_weights):
    from jax.experimental import multihost_utils

    mine = np.array([np.average(local_values, weights=local_weights)], dtype=np.float32)
    return float(multihost_utils.process_allgather(mine).mean())


def r9_gmean_unweighted(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = np.array([np.sum(local_values), len(local_values)], dtype=np.float32)
    g = multihost_utils.process_allgather(sums)
    return float(g[:, 0].sum() / g[:, 1].sum())


def r9_gmean_divide_by_count(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = np.array([np.sum(local_weights * local_values), len(local_values)], np.float32)
    g = multihost_utils.process_allgather(sums)
    return float(g[:, 0].sum() / g[:, 1].sum())


def r9_gmean_direct_array(local_values, local_weights):
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch"))
    v = jax.make_array_from_process_local_data(sharding, np.asarray(local_values, np.float32))
    w = jax.make_array_from_process_local_data(sharding, np.asarray(local_weights, np.float32))
    return float(jnp.sum(v * w) / jnp.sum(w))


def r9_gmean_pad_weights_one(local_values, local_weights):
    from jax.experimental import multihost_utils

    n = np.array([len(local_values)])
    longest = int(multihost_utils.process_allgather(n).max())
    v = np.zeros(longest, np.float32)
    w = np.ones(longest, np.float32)  # filler weight 1: "neutral" for a product
    v[: len(local_values)], w[: len(local_weights)] = local_values, local_weights
    all_v = multihost_utils.process_allgather(v)
    all_w = multihost_utils.process_allgather(w)
    return float(np.sum(all_v * all_w) / np.sum(all_w))


def r9_gmean_gather_ragged(local_values, local_weights):
    from jax.experimental import multihost_utils

    all_v = multihost_utils.process_allgather(np.asarray(local_values), tiled=True)
    all_w = multihost_utils.process_allgather(np.asarray(local_weights), tiled=True)
    return float(np.sum(all_v * all_w) / np.sum(all_w))


def r9_gmean_normalised_locally(local_values, local_weights):
    from jax.experimental import multihost_utils

    w = local_weights / np.sum(local_weights)
    part = np.array([np.sum(w * local_values)], dtype=np.float32)
    return float(multihost_utils.process_allgather(part).sum() / jax.process_count())


def r9_gmean_sum_ratio(local_values, local_weights):
    from jax.experimental import multihost_utils

    part = np.array([np.sum(local_weights * local_values) / np.sum(local_weights)], np.float32)
    return float(multihost_utils.process_allgather(part).sum())


def r9_gmean_process_zero_only(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    g = multihost_utils.process_allgather(sums)
    if jax.process_index() == 0:
        return float(g[:, 0].sum() / g[:, 1].sum())
    return None


ROUND_9 = [
    # predict_view
    Wrong("14.predict_view", "A: thought a sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "C: thought the values are gathered first", lambda: "C"),
    Wrong("14.predict_view", "D: thought each process holds it all", lambda: "D"),
    Wrong("14.predict_view", "E: thought unreachable shards make sum fail", lambda: "E"),
    Wrong("14.predict_view", "typed the sum", lambda: "28.0"),
    Wrong("14.predict_view", "B or C, the same lines", lambda: "B/C"),
    Wrong("14.predict_view", "C with an all-gather reason", lambda: "C, copies then sums"),
    Wrong("14.predict_view", "A in lower case", lambda: "a"),
    # predict_death
    Wrong("14.predict_death", "A: thought an exception is raised", lambda: "A"),
    Wrong("14.predict_death", "B: thought it falls back to local devices", lambda: "B"),
    Wrong("14.predict_death", "C: thought it hangs for ever", lambda: "C"),
    Wrong("14.predict_death", "D: thought the closed connection ends it at once", lambda: "D"),
    Wrong("14.predict_death", "F: the shutdown timeout, 300 s", lambda: "F"),
    Wrong("14.predict_death", "typed the seconds", lambda: "100"),
    Wrong("14.predict_death", "E or F, as the local run shows", lambda: "E or F"),
    Wrong("14.predict_death", "F with a reason", lambda: "F - waits the 300 s shutdown"),
    # fix_rows
    Wrong("14.fix_rows", "strided rows, the DistributedSampler habit", lambda: r9_rows_strided),
    Wrong(
        "14.fix_rows", "reshape(count, -1) as train.py: flattens features", lambda: r9_rows_train_py
    ),
    Wrong("14.fix_rows", "block size and process count swapped", lambda: r9_rows_count_as_block),
    Wrong("14.fix_rows", "slice end one row too far", lambda: r9_rows_one_extra),
    Wrong("14.fix_rows", "started at process_index, not index * block", lambda: r9_rows_start_only),
    Wrong("14.fix_rows", "split along the last axis", lambda: r9_rows_columns),
    Wrong(
        "14.fix_rows",
        "reshape(-1, count) and column: strided again",
        lambda: r9_rows_transposed_reshape,
    ),
    Wrong("14.fix_rows", "every process passes all the data", lambda: r9_rows_whole),
    Wrong("14.fix_rows", "blocks counted from the end", lambda: r9_rows_from_end),
    Wrong("14.fix_rows", "process index taken as 1-based", lambda: r9_rows_one_based),
    # global_mean
    Wrong("14.global_mean", "local weighted mean only", lambda: r9_gmean_local_only),
    Wrong("14.global_mean", "plain mean of the two local means", lambda: r9_gmean_mean_of_means),
    Wrong("14.global_mean", "weights ignored: global plain mean", lambda: r9_gmean_unweighted),
    Wrong(
        "14.global_mean", "divided by the count, not the weights", lambda: r9_gmean_divide_by_count
    ),
    Wrong(
        "14.global_mean",
        "global arrays of the raw values: lengths not x4",
        lambda: r9_gmean_direct_array,
    ),
    Wrong("14.global_mean", "padded with weight 1 fillers", lambda: r9_gmean_pad_weights_one),
    Wrong("14.global_mean", "process_allgather of ragged arrays", lambda: r9_gmean_gather_ragged),
    Wrong(
        "14.global_mean",
        "normalised weights per process, then averaged",
        lambda: r9_gmean_normalised_locally,
    ),
    Wrong("14.global_mean", "summed the local means", lambda: r9_gmean_sum_ratio),
    Wrong("14.global_mean", "only process 0 returns the mean", lambda: r9_gmean_process_zero_only),
]

RIGHT_9 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_view", "B with its reason", lambda: "B: partial sums added across"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.predict_death", "E, lower case, with a reason", lambda: "e - heartbeat timeout"),
    Right("14.fix_rows", "slice of block rows", lambda: r9_rows_slice),
    Right("14.fix_rows", "np.array_split", lambda: r9_rows_array_split),
    Right("14.fix_rows", "reshape keeping the other axes", lambda: r9_rows_reshape),
    Right("14.fix_rows", "np.split on axis 0", lambda: r9_rows_split),
    Right("14.global_mean", "allgather the two local sums", lambda: r9_gmean_allgather),
    Right("14.global_mean", "a global (8, 2) array of sums", lambda: r9_gmean_global_array),
    Right("14.global_mean", "pad with zero weights, gather everything", lambda: r9_gmean_padded),
]
