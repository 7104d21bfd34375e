"""Round 10, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


def _mesh():
    """hello.py's mesh, as the check's script has it."""
    return jax.make_mesh((jax.device_count(),), ("batch",))


# --- 14.fix_rows ---------------------------------------------------------------------


def r10_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r10_rows_train_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # train.py's line


def r10_rows_size(data, process_index, process_count):
    n = data.size // process_count  # elements, not rows
    return data[process_index * n : (process_index + 1) * n]


def r10_rows_one_based(data, process_index, process_count):
    n = len(data) // process_count
    return data[(process_index - 1) * n : process_index * n]


def r10_rows_columns(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r10_rows_transposed_reshape(data, process_index, process_count):
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r10_rows_jnp(data, process_index, process_count):
    n = data.shape[0] // process_count
    return jnp.asarray(data)[process_index * n : (process_index + 1) * n]  # float64 -> float32


def r10_rows_overlap(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r10_rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r10_rows_last_first(data, process_index, process_count):
    return np.split(data, process_count)[process_count - 1 - process_index]


def r10_rows_array_split(data, process_index, process_count):
    """Right: np.array_split, indexed by the process."""
    return np.array_split(data, process_count)[process_index]


def r10_rows_reshape_all_axes(data, process_index, process_count):
    """Right: reshape keeping the trailing axes."""
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r10_rows_take(data, process_index, process_count):
    """Right: np.take of the block's row numbers, ceil-divided size."""
    per = -(-len(data) // process_count)
    return np.take(data, np.arange(process_index * per, (process_index + 1) * per), axis=0)


# --- 14.global_mean ------------------------------------------------------------------


def r10_gm_local(local_values, local_weights):
    return float(np.average(local_values, weights=local_weights))


def r10_gm_mean_of_means(local_values, local_weights):
    local = np.average(local_values, weights=local_weights)
    return float(np.mean(multihost_utils.process_allgather(np.float32(local))))


def r10_gm_unweighted(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_values), len(local_values)], dtype=np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r10_gm_sharded_direct(local_values, local_weights):
    sharding = NamedSharding(_mesh(), P("batch"))
    v = jax.make_array_from_process_local_data(sharding, local_values)
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(v * w) / jnp.sum(w))


def r10_gm_by_count(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), len(local_values)], dtype=np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r10_gm_over_values(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.sum(local_values)], dtype=np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r10_gm_broadcast(local_values, local_weights):
    local = np.float32(np.average(local_values, weights=local_weights))
    return float(multihost_utils.broadcast_one_to_all(local))


def r10_gm_tiled_first(local_values, local_weights):
    g = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.sum(local_weights)], np.float32),
        tiled=True,
    )
    return float(g[0] / g[1])  # tiled: [num0, den0, num1, den1], read as one pair


def r10_gm_process0_only(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.sum(local_weights)], np.float32)
    )
    if jax.process_index() == 0:
        return float(parts[:, 0].sum() / parts[:, 1].sum())
    return None


def r10_gm_gathered_array(local_values, local_weights):
    return multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.sum(local_weights)], np.float32)
    )


def r10_gm_normalised_weights(local_values, local_weights):
    w = local_weights / np.sum(local_weights)  # normalised per process: processes count equal
    parts = multihost_utils.process_allgather(
        np.array([np.dot(w, local_values), np.sum(w)], np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r10_gm_pairs(local_values, local_weights):
    """Right: gather (sum w v, sum w) from each process, add, divide."""
    parts = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values), np.sum(local_weights)], np.float32)
    )
    total = parts.sum(axis=0)
    return float(total[0] / total[1])


def r10_gm_tiled_strided(local_values, local_weights):
    """Right: tiled gather, numerators and denominators taken by stride."""
    g = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), local_weights.sum()], np.float32),
        tiled=True,
    )
    return float(np.sum(g[0::2]) / np.sum(g[1::2]))


def r10_gm_padded(local_values, local_weights):
    """Right: lengths gathered, each process padded with weight 0, one global sum."""
    lengths = multihost_utils.process_allgather(np.int32(len(local_values)))
    ndev = jax.local_device_count()
    size = int(-(-int(np.max(lengths)) // ndev) * ndev)
    pad = size - len(local_values)
    v = np.pad(np.asarray(local_values, np.float32), (0, pad))
    w = np.pad(np.asarray(local_weights, np.float32), (0, pad))
    sharding = NamedSharding(_mesh(), P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gv * gw) / jnp.sum(gw))


def r10_gm_dict(local_values, local_weights):
    """Right: a dict pytree gathered, float64 sums on each side."""
    got = multihost_utils.process_allgather(
        {
            "num": np.float32(np.sum(np.multiply(local_weights, local_values))),
            "den": np.float32(np.sum(local_weights)),
        }
    )
    return float(np.sum(got["num"], dtype=np.float64) / np.sum(got["den"], dtype=np.float64))


ROUND_10 = [
    # 14.predict_view: the answer is B
    Wrong("14.predict_view", "A: a sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "C: all values copied first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds the whole array", lambda: "D"),
    Wrong("14.predict_view", "E: sum raises for unreachable shards", lambda: "E"),
    Wrong("14.predict_view", "B and C, same printout", lambda: "BC"),
    Wrong("14.predict_view", "the sum, not the letter", lambda: "28.0"),
    Wrong("14.predict_view", "the exchange's name", lambda: "all-reduce"),
    # 14.predict_death: the answer is E
    Wrong("14.predict_death", "A: the second sum raises, caught", lambda: "A"),
    Wrong("14.predict_death", "B: runs on the local devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ends at once, connection closed", lambda: "D"),
    Wrong("14.predict_death", "F: the shutdown timeout, 300 s", lambda: "F"),
    Wrong("14.predict_death", "E and F, as the reveal shows", lambda: "EF"),
    Wrong("14.predict_death", "the delay, not the letter", lambda: "100 s"),
    # 14.fix_rows
    Wrong("14.fix_rows", "the strided rows of the demo", lambda: r10_rows_strided),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens features",
        lambda: r10_rows_train_reshape,
    ),
    Wrong("14.fix_rows", "block size from data.size: right for 1-D only", lambda: r10_rows_size),
    Wrong("14.fix_rows", "process index taken as 1-based", lambda: r10_rows_one_based),
    Wrong("14.fix_rows", "np.split along the last axis", lambda: r10_rows_columns),
    Wrong(
        "14.fix_rows",
        "reshape(-1, count)[:, p]: strided again",
        lambda: r10_rows_transposed_reshape,
    ),
    Wrong("14.fix_rows", "jnp.asarray slice: float64 rows become float32", lambda: r10_rows_jnp),
    Wrong("14.fix_rows", "slice end one row too far", lambda: r10_rows_overlap),
    Wrong("14.fix_rows", "process_count used as the block size", lambda: r10_rows_count_as_size),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r10_rows_last_first),
    # 14.global_mean
    Wrong("14.global_mean", "local weighted mean only", lambda: r10_gm_local),
    Wrong("14.global_mean", "mean of the processes' means", lambda: r10_gm_mean_of_means),
    Wrong("14.global_mean", "unweighted mean of all values", lambda: r10_gm_unweighted),
    Wrong(
        "14.global_mean",
        "local data straight into a global array (length % 4)",
        lambda: r10_gm_sharded_direct,
    ),
    Wrong("14.global_mean", "divides by the number of values, not sum w", lambda: r10_gm_by_count),
    Wrong("14.global_mean", "divides by the sum of values", lambda: r10_gm_over_values),
    Wrong("14.global_mean", "broadcast_one_to_all: process 0's mean", lambda: r10_gm_broadcast),
    Wrong(
        "14.global_mean", "tiled gather read as one pair: process 0's", lambda: r10_gm_tiled_first
    ),
    Wrong("14.global_mean", "returns it on process 0 only", lambda: r10_gm_process0_only),
    Wrong("14.global_mean", "returns the gathered (2, 2) array", lambda: r10_gm_gathered_array),
    Wrong(
        "14.global_mean",
        "weights normalised within each process",
        lambda: r10_gm_normalised_weights,
    ),
]

RIGHT_10 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "np.array_split", lambda: r10_rows_array_split),
    Right("14.fix_rows", "reshape keeping trailing axes", lambda: r10_rows_reshape_all_axes),
    Right("14.fix_rows", "np.take of the block's rows, ceil division", lambda: r10_rows_take),
    Right("14.global_mean", "gathered (sum wv, sum w) pairs", lambda: r10_gm_pairs),
    Right("14.global_mean", "tiled gather, strided sums", lambda: r10_gm_tiled_strided),
    Right("14.global_mean", "padded with zero weights into a global array", lambda: r10_gm_padded),
    Right("14.global_mean", "a dict gathered, float64 division", lambda: r10_gm_dict),
]
