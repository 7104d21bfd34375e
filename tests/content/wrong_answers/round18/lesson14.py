"""Round 18, lesson 14 (many hosts): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# The check runs global_mean in a script after hello.py's first lines, which define
# `mesh`; the learner's function names it as a global, as below (this module does not).


# ---- 14.predict_view: what process 1 holds and sums, and how (letter) ----------------

# ---- 14.predict_death: what a dead process 1 does to process 0, defaults (letter) ----

# ---- 14.fix_rows: the contiguous block of rows that process p passes -----------------


def r18_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r18_rows_one_too_many(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r18_rows_reshape_flat(data, process_index, process_count):
    # train.py's line, which flattens the feature axes of a 2-D array
    return data.reshape(process_count, -1)[process_index]


def r18_rows_reversed(data, process_index, process_count):
    n = len(data) // process_count
    start = (process_count - 1 - process_index) * n
    return data[start : start + n]


def r18_rows_half(data, process_index, process_count):
    half = len(data) // 2  # written for the lesson's 2 processes
    return data[process_index * half : (process_index + 1) * half]


def r18_rows_wrong_axis(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r18_rows_one_based(data, process_index, process_count):
    n = len(data) // process_count
    return data[(process_index - 1) * n : process_index * n]


def r18_rows_everything(data, process_index, process_count):
    return data


def r18_rows_no_stop(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r18_rows_reshape_last_axis(data, process_index, process_count):
    return data.reshape(process_count, -1, data.shape[-1])[process_index]


def r18_rows_indices(data, process_index, process_count):
    n = len(data) // process_count
    return np.arange(process_index * n, (process_index + 1) * n)


def r18_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r18_rows_right_reshape(data, process_index, process_count):
    blocks = data.reshape((process_count, data.shape[0] // process_count) + data.shape[1:])
    return blocks[process_index]


def r18_rows_right_loop(data, process_index, process_count):
    per = data.shape[0] // process_count
    picked = [data[i] for i in range(data.shape[0]) if i // per == process_index]
    return np.stack(picked)


# ---- 14.global_mean: weighted mean of both processes' values -------------------------


def r18_mean_local_only(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r18_mean_of_means(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    both = multihost_utils.process_allgather(np.array([mine]))
    return float(np.mean(both))


def r18_mean_unweighted(local_values, local_weights):
    parts = np.array([np.sum(local_values), float(len(local_values))])
    total = np.sum(multihost_utils.process_allgather(parts), axis=0)
    return float(total[0] / total[1])


def r18_mean_divide_by_count(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), float(len(local_values))])
    total = np.sum(multihost_utils.process_allgather(parts), axis=0)
    return float(total[0] / total[1])


def r18_mean_uneven_global_array(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    v = jax.make_array_from_process_local_data(sharding, local_values)
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(w * v) / jnp.sum(w))


def r18_mean_own_row(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    gathered = multihost_utils.process_allgather(parts)
    mine = gathered[jax.process_index()]
    return float(mine[0] / mine[1])


def r18_mean_no_division(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values)])
    return float(np.sum(multihost_utils.process_allgather(parts)))


def r18_mean_divide_by_values(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_values)])
    total = np.sum(multihost_utils.process_allgather(parts), axis=0)
    return float(total[0] / total[1])


def r18_mean_sum_wrong_axis(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    gathered = multihost_utils.process_allgather(parts)  # (2 processes, 2 sums)
    total = np.sum(gathered, axis=1)
    return float(total[0] / total[1])


def r18_mean_sum_of_ratios(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    return float(np.sum(multihost_utils.process_allgather(np.array([mine]))))


def r18_mean_barrier_then_local(local_values, local_weights):
    multihost_utils.sync_global_devices("mean")
    return float(np.average(local_values, weights=local_weights))


def r18_mean_right_allgather(local_values, local_weights):
    mine = np.array([np.dot(local_weights, local_values), local_weights.sum()], dtype=np.float32)
    num, den = multihost_utils.process_allgather(mine).sum(axis=0)
    return float(num / den)


def r18_mean_right_global_array(local_values, local_weights):
    per_device = np.zeros((jax.local_device_count(), 2), np.float32)
    per_device[0] = [np.sum(local_weights * local_values), np.sum(local_weights)]
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    sums = jnp.sum(jax.make_array_from_process_local_data(sharding, per_device), axis=0)
    return float(sums[0] / sums[1])


def r18_mean_right_pad_and_gather(local_values, local_weights):
    n = int(np.max(multihost_utils.process_allgather(np.array([len(local_values)]))))
    pad = n - len(local_values)
    v = np.pad(np.asarray(local_values, np.float32), (0, pad))
    w = np.pad(np.asarray(local_weights, np.float32), (0, pad))  # weight 0: no effect
    all_v = np.asarray(multihost_utils.process_allgather(v))
    all_w = np.asarray(multihost_utils.process_allgather(w))
    return float(np.sum(all_w * all_v) / np.sum(all_w))


ROUND_18 = [
    # 14.predict_view
    Wrong("14.predict_view", "typed A: a sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "typed C: values copied to every device first", lambda: "C"),
    Wrong("14.predict_view", "typed D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "typed E: unreachable shards make sum raise", lambda: "E"),
    Wrong("14.predict_view", "B and C, since both print 28.0", lambda: "B or C"),
    Wrong("14.predict_view", "gave the sum instead of a letter", lambda: 28.0),
    Wrong("14.predict_view", "gave what process 1 holds", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "typed lowercase a", lambda: "a"),
    Wrong("14.predict_view", "left the placeholder", lambda: ...),
    Wrong("14.predict_view", "typed both letters, CB", lambda: "CB"),
    # 14.predict_death
    Wrong("14.predict_death", "typed A: the second sum raises and is caught", lambda: "A"),
    Wrong("14.predict_death", "typed B: sums on its own 4 devices", lambda: "B"),
    Wrong("14.predict_death", "typed C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "typed D: ends at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "typed F: the 300 s shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "E or F, as they look the same here", lambda: "E/F"),
    Wrong("14.predict_death", "gave the seconds, 100", lambda: "100"),
    Wrong("14.predict_death", "gave the number 100 s as an int", lambda: 100),
    Wrong("14.predict_death", "typed lowercase f", lambda: "f"),
    Wrong("14.predict_death", "left the placeholder", lambda: ...),
    # 14.fix_rows
    Wrong("14.fix_rows", "every process_count-th row, as in PyTorch", lambda: r18_rows_strided),
    Wrong("14.fix_rows", "slice stop one row too far", lambda: r18_rows_one_too_many),
    Wrong("14.fix_rows", "reshape(count, -1) flattens the features", lambda: r18_rows_reshape_flat),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r18_rows_reversed),
    Wrong("14.fix_rows", "split in halves: only right for 2 processes", lambda: r18_rows_half),
    Wrong("14.fix_rows", "split along the last axis", lambda: r18_rows_wrong_axis),
    Wrong("14.fix_rows", "counted processes from 1", lambda: r18_rows_one_based),
    Wrong("14.fix_rows", "every process passes all the data", lambda: r18_rows_everything),
    Wrong("14.fix_rows", "start right, but slice runs to the end", lambda: r18_rows_no_stop),
    Wrong(
        "14.fix_rows", "reshape with data.shape[-1]: 1-D breaks", lambda: r18_rows_reshape_last_axis
    ),
    Wrong("14.fix_rows", "returned row numbers, not rows", lambda: r18_rows_indices),
    # 14.global_mean
    Wrong("14.global_mean", "each process's own weighted mean", lambda: r18_mean_local_only),
    Wrong("14.global_mean", "mean of the two processes' means", lambda: r18_mean_of_means),
    Wrong("14.global_mean", "ignored the weights", lambda: r18_mean_unweighted),
    Wrong("14.global_mean", "divided by the number of values", lambda: r18_mean_divide_by_count),
    Wrong(
        "14.global_mean",
        "global array of the raw uneven values",
        lambda: r18_mean_uneven_global_array,
    ),
    Wrong("14.global_mean", "gathered, then used its own row only", lambda: r18_mean_own_row),
    Wrong("14.global_mean", "weighted sum, never divided", lambda: r18_mean_no_division),
    Wrong("14.global_mean", "divided by the sum of the values", lambda: r18_mean_divide_by_values),
    Wrong(
        "14.global_mean",
        "summed the gathered sums on the wrong axis",
        lambda: r18_mean_sum_wrong_axis,
    ),
    Wrong("14.global_mean", "added the two processes' means", lambda: r18_mean_sum_of_ratios),
    Wrong(
        "14.global_mean", "barrier, then a local np.average", lambda: r18_mean_barrier_then_local
    ),
]

RIGHT_18 = [
    Right("14.predict_view", "lowercase b", lambda: "b"),
    Right("14.predict_view", "B with a leading space", lambda: " B"),
    Right("14.predict_view", "B with a dot", lambda: "B."),
    Right("14.predict_death", "lowercase e", lambda: "e"),
    Right("14.predict_death", "E with a trailing space", lambda: "E "),
    Right("14.predict_death", "E with a dot", lambda: "E."),
    Right("14.fix_rows", "np.array_split along the rows", lambda: r18_rows_right_array_split),
    Right("14.fix_rows", "reshape keeping the trailing axes", lambda: r18_rows_right_reshape),
    Right("14.fix_rows", "a loop that keeps rows of its block", lambda: r18_rows_right_loop),
    Right("14.global_mean", "allgather of (dot, sum of weights)", lambda: r18_mean_right_allgather),
    Right(
        "14.global_mean",
        "per-device partial sums in a global array",
        lambda: r18_mean_right_global_array,
    ),
    Right(
        "14.global_mean",
        "pad to the longest with weight 0, gather",
        lambda: r18_mean_right_pad_and_gather,
    ),
]
