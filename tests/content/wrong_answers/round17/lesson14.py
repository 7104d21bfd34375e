"""Round 17, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# The check runs global_mean in a script after hello.py's first lines, where `mesh` is
# made; here it is only a name the functions below may use.
mesh = None

# ------------------------------------------------------------------- 14.fix_rows


def r17_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r17_rows_train_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # train.py's line: flattens rows


def r17_rows_one_extra(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r17_rows_start_only(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index : process_index + n]  # start at row process_index, not its block


def r17_rows_reversed(data, process_index, process_count):
    blocks = np.split(data, process_count)
    return blocks[process_count - 1 - process_index]


def r17_rows_transposed_reshape(data, process_index, process_count):
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r17_rows_global_index(data, process_index, process_count):
    n = data.shape[0] // process_count
    me = jax.process_index()  # this process's number, as hello.py asks for it
    return data[me * n : (me + 1) * n]


def r17_rows_size_not_rows(data, process_index, process_count):
    n = data.size // process_count  # size: every number, not every row
    return data[process_index * n : (process_index + 1) * n]


def r17_rows_true_division(data, process_index, process_count):
    n = len(data) / process_count
    return data[int(process_index * n) : int(process_index * n + n) - 1]


def r17_rows_list(data, process_index, process_count):
    n = len(data) // process_count
    return [data[i] for i in range(process_index * n, (process_index + 1) * n)]


def r17_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count, axis=0)[process_index]


def r17_rows_right_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r17_rows_right_index_array(data, process_index, process_count):
    rows = np.arange(len(data))
    mine = rows // (len(data) // process_count) == process_index
    return data[mine]


def r17_rows_right_jnp(data, process_index, process_count):
    n = data.shape[0] // process_count
    return jnp.asarray(data[process_index * n : (process_index + 1) * n])


# ---------------------------------------------------------------- 14.global_mean
# Each function stands alone: the check runs its source in a worker script.


def r17_gm_local_only(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r17_gm_mean_of_means(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.float32(mine))
    return float(np.mean(means))


def r17_gm_unweighted(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_values), local_values.shape[0]], np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r17_gm_divide_by_count(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), len(local_values)], np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r17_gm_weights_swapped(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_values)], np.float32)
    )
    return float(parts[:, 0].sum() / parts[:, 1].sum())


def r17_gm_count_weighted_means(local_values, local_weights):
    mine = np.sum(local_weights * local_values) / np.sum(local_weights)
    parts = multihost_utils.process_allgather(np.array([mine, len(local_values)], np.float32))
    return float(np.sum(parts[:, 0] * parts[:, 1]) / np.sum(parts[:, 1]))


def r17_gm_local_denominator(local_values, local_weights):
    tops = multihost_utils.process_allgather(np.float32(np.sum(local_weights * local_values)))
    return float(np.sum(tops) / np.sum(local_weights))


def r17_gm_both_sums(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    )
    return parts.sum(axis=0)  # Σ w v and Σ w, the division forgotten


def r17_gm_process_zero_only(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    )
    if jax.process_index() == 0:  # one process reports, as train.py does
        return float(parts[:, 0].sum() / parts[:, 1].sum())
    return None


def r17_gm_sum_of_ratios(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    )
    return float(np.sum(parts[:, 0] / parts[:, 1]))


def r17_gm_first_process_row(local_values, local_weights):
    parts = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    )
    return float(parts[0, 0] / parts[0, 1])  # row 0: process 0's sums only


def r17_gm_right_allgather(local_values, local_weights):
    mine = np.array([np.dot(local_weights, local_values), np.sum(local_weights)])
    everyone = multihost_utils.process_allgather(mine)
    total_wv, total_w = everyone.sum(axis=0)
    return float(total_wv / total_w)


def r17_gm_right_padded_global(local_values, local_weights):
    sizes = multihost_utils.process_allgather(np.int32(len(local_values)))
    width = int(-(-int(np.max(sizes)) // 4) * 4)  # the longest, up to a multiple of 4
    pad = width - len(local_values)
    v = np.pad(np.asarray(local_values, np.float32), (0, pad))
    w = np.pad(np.asarray(local_weights, np.float32), (0, pad))  # weight 0: adds nothing
    sharding = NamedSharding(mesh, P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    result = jax.jit(lambda a, b: jnp.sum(a * b) / jnp.sum(b))(gv, gw)
    return float(result)  # replicated: every process holds the whole number


def r17_gm_right_jnp_scalar(local_values, local_weights):
    both = multihost_utils.process_allgather(
        jnp.stack([jnp.sum(local_weights * local_values), jnp.sum(local_weights)])
    )
    return jnp.sum(both[:, 0]) / jnp.sum(both[:, 1])  # a 0-d array, not a float


ROUND_17 = [
    # 14.predict_view: B
    Wrong("14.predict_view", "A: thought a sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "C: thought the data moves before the sum", lambda: "C"),
    Wrong("14.predict_view", "D: thought every process holds the whole", lambda: "D"),
    Wrong("14.predict_view", "E: thought unreachable shards raise", lambda: "E"),
    Wrong("14.predict_view", "B and C print the same, both given", lambda: "B/C"),
    Wrong("14.predict_view", "the sum, not the letter", lambda: "28.0"),
    Wrong("14.predict_view", "C with its reason", lambda: "C - copied to every device"),
    # 14.predict_death: E
    Wrong("14.predict_death", "A: thought the error reaches Python", lambda: "A"),
    Wrong("14.predict_death", "B: thought the sum falls back to local", lambda: "B"),
    Wrong("14.predict_death", "C: thought nothing times out", lambda: "C"),
    Wrong("14.predict_death", "D: thought a closed socket ends it at once", lambda: "D"),
    Wrong("14.predict_death", "F: shutdown timeout read as the one", lambda: "F"),
    Wrong("14.predict_death", "the seconds instead of a letter", lambda: "100 s"),
    Wrong("14.predict_death", "E and F, both seen here", lambda: "EF"),
    # 14.fix_rows
    Wrong("14.fix_rows", "strided rows, DistributedSampler habit", lambda: r17_rows_strided),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens rows",
        lambda: r17_rows_train_reshape,
    ),
    Wrong("14.fix_rows", "block one row too long", lambda: r17_rows_one_extra),
    Wrong(
        "14.fix_rows", "slice starts at process_index, not its block", lambda: r17_rows_start_only
    ),
    Wrong("14.fix_rows", "blocks in reverse order", lambda: r17_rows_reversed),
    Wrong(
        "14.fix_rows",
        "reshape(-1, count)[:, p]: strided again",
        lambda: r17_rows_transposed_reshape,
    ),
    Wrong(
        "14.fix_rows", "jax.process_index() instead of the argument", lambda: r17_rows_global_index
    ),
    Wrong("14.fix_rows", "block length from data.size, not rows", lambda: r17_rows_size_not_rows),
    Wrong("14.fix_rows", "true division, then an end one short", lambda: r17_rows_true_division),
    Wrong("14.fix_rows", "a Python list of rows", lambda: r17_rows_list),
    # 14.global_mean
    Wrong("14.global_mean", "each process's own weighted mean", lambda: r17_gm_local_only),
    Wrong("14.global_mean", "mean of the two local means", lambda: r17_gm_mean_of_means),
    Wrong("14.global_mean", "weights left out: plain mean", lambda: r17_gm_unweighted),
    Wrong("14.global_mean", "Σ w v divided by the count", lambda: r17_gm_divide_by_count),
    Wrong("14.global_mean", "Σ w v divided by Σ v", lambda: r17_gm_weights_swapped),
    Wrong("14.global_mean", "local means weighted by counts", lambda: r17_gm_count_weighted_means),
    Wrong(
        "14.global_mean", "global numerator over the local Σ w", lambda: r17_gm_local_denominator
    ),
    Wrong("14.global_mean", "returns both sums, no division", lambda: r17_gm_both_sums),
    Wrong("14.global_mean", "only process 0 returns the mean", lambda: r17_gm_process_zero_only),
    Wrong("14.global_mean", "sum of the per-process ratios", lambda: r17_gm_sum_of_ratios),
    Wrong("14.global_mean", "reads row 0 of the gathered sums", lambda: r17_gm_first_process_row),
]
RIGHT_17 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_view", "B quoted with a space", lambda: " B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.predict_death", "lower case e", lambda: "e"),
    Right("14.fix_rows", "np.array_split along rows", lambda: r17_rows_right_array_split),
    Right(
        "14.fix_rows", "reshape keeping the feature axes", lambda: r17_rows_right_reshape_keep_axes
    ),
    Right("14.fix_rows", "a boolean mask of row numbers", lambda: r17_rows_right_index_array),
    Right("14.fix_rows", "the block as a jnp array", lambda: r17_rows_right_jnp),
    Right(
        "14.global_mean", "allgather of [Σ w v, Σ w], in float64", lambda: r17_gm_right_allgather
    ),
    Right(
        "14.global_mean",
        "padded with zero weights, one global array",
        lambda: r17_gm_right_padded_global,
    ),
    Right("14.global_mean", "a 0-d jnp array instead of a float", lambda: r17_gm_right_jnp_scalar),
]
