"""Round 8, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# 14.fix_rows
def r8_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r8_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]


def r8_rows_one_extra(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r8_rows_start_at_index(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index : process_index + n]


def r8_rows_reversed(data, process_index, process_count):
    n = len(data) // process_count
    p = process_count - 1 - process_index
    return data[p * n : (p + 1) * n]


def r8_rows_whole(data, process_index, process_count):
    return data


def r8_rows_wrong_axis(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r8_rows_all_blocks(data, process_index, process_count):
    return np.split(data, process_count)


def r8_rows_size_not_len(data, process_index, process_count):
    n = data.size // process_count
    return data[process_index * n : (process_index + 1) * n]


def r8_rows_count_as_size(data, process_index, process_count):
    # reads process_count as the block size
    return data[process_index * process_count : (process_index + 1) * process_count]


def r8_rows_half(data, process_index, process_count):
    half = len(data) // 2
    return data[:half] if process_index == 0 else data[half:]


def r8_rows_right_slice(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n]


def r8_rows_right_split(data, process_index, process_count):
    return np.split(data, process_count, axis=0)[process_index]


def r8_rows_right_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r8_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


# 14.global_mean (run in each process; mesh comes from hello.py's first lines)
def r8_gm_local(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r8_gm_mean_of_means(local_values, local_weights):
    mean = np.sum(local_weights * local_values) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array([mean]), tiled=True)
    return float(np.mean(means))


def r8_gm_unweighted(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_values), float(len(local_values))])
    )
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r8_gm_unpadded(local_values, local_weights):
    sharding = NamedSharding(jax.make_mesh((jax.device_count(),), ("batch",)), P("batch"))
    v = jax.make_array_from_process_local_data(sharding, local_values)
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(w * v) / jnp.sum(w))


def r8_gm_pad_weights_one(local_values, local_weights):
    pad = (-len(local_values)) % 4
    v = np.concatenate([local_values, np.zeros(pad)])
    w = np.concatenate([local_weights, np.ones(pad)])
    sharding = NamedSharding(jax.make_mesh((jax.device_count(),), ("batch",)), P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gw * gv) / jnp.sum(gw))


def r8_gm_count_denominator(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), float(len(local_values))])
    )
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r8_gm_process_zero(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    )
    if jax.process_index() == 0:
        return float(sums[:, 0].sum() / sums[:, 1].sum())
    return None


def r8_gm_returns_gathered(local_values, local_weights):
    return multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    )


def r8_gm_normalised_locally(local_values, local_weights):
    w = local_weights / np.sum(local_weights)
    sums = multihost_utils.process_allgather(np.array([np.sum(w * local_values), np.sum(w)]))
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r8_gm_sum_not_mean(local_values, local_weights):
    sums = multihost_utils.process_allgather(np.array([np.sum(local_weights * local_values)]))
    return float(np.sum(sums))


def r8_gm_weights_squared(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_weights**2 * local_values), np.sum(local_weights**2)])
    )
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r8_gm_right_allgather(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    )
    return float(sums[:, 0].sum() / sums[:, 1].sum())


def r8_gm_right_tiled(local_values, local_weights):
    num = multihost_utils.process_allgather(
        np.array([np.dot(local_weights, local_values)]), tiled=True
    )
    den = multihost_utils.process_allgather(np.array([local_weights.sum()]), tiled=True)
    return float(num.sum() / den.sum())


def r8_gm_right_padded(local_values, local_weights):
    per_process = jax.local_device_count()
    pad = (-len(local_values)) % per_process
    v = np.concatenate([local_values, np.zeros(pad, local_values.dtype)])
    w = np.concatenate([local_weights, np.zeros(pad, local_weights.dtype)])
    sharding = NamedSharding(jax.make_mesh((jax.device_count(),), ("batch",)), P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gw * gv) / jnp.sum(gw))


def r8_gm_right_device_sums(local_values, local_weights):
    n = jax.local_device_count()
    partial = np.zeros((n, 2), np.float32)
    partial[0] = [np.sum(local_weights * local_values), np.sum(local_weights)]
    sharding = NamedSharding(jax.make_mesh((jax.device_count(),), ("batch",)), P("batch"))
    g = jax.make_array_from_process_local_data(sharding, partial)
    totals = jnp.sum(g, axis=0)
    return float(totals[0] / totals[1])


ROUND_8 = [
    Wrong("14.predict_view", "A: sums its own devices only", lambda: "A"),
    Wrong("14.predict_view", "C: copies the other values first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds it all", lambda: "D"),
    Wrong("14.predict_view", "E: jnp.sum raises", lambda: "E"),
    Wrong("14.predict_view", "lower-case b", lambda: "b"),
    Wrong("14.predict_view", "the sum instead of the letter", lambda: "28.0"),
    Wrong("14.predict_view", "both letters printing 28", lambda: "B or C"),
    Wrong("14.predict_view", "letter with its reason", lambda: "B: partial sums added"),
    Wrong("14.predict_view", "the held values", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "the letter in a list", lambda: ["B"]),
    Wrong("14.predict_death", "A: the sum raises, caught", lambda: "A"),
    Wrong("14.predict_death", "B: sums its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ended at once", lambda: "D"),
    Wrong("14.predict_death", "F: after the 300 s shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "lower-case e", lambda: "e"),
    Wrong("14.predict_death", "the delay instead of a letter", lambda: "100 s"),
    Wrong("14.predict_death", "the two that end process 0 later", lambda: "E/F"),
    Wrong("14.predict_death", "letter and reason", lambda: "E, heartbeat timeout"),
    Wrong("14.predict_death", "the delay as a number", lambda: 100),
    Wrong("14.fix_rows", "strided, the DistributedSampler way", lambda: r8_rows_strided),
    Wrong("14.fix_rows", "reshape(count, -1) flattens the features", lambda: r8_rows_reshape_flat),
    Wrong("14.fix_rows", "slice one row too long", lambda: r8_rows_one_extra),
    Wrong("14.fix_rows", "block starts at the process index", lambda: r8_rows_start_at_index),
    Wrong("14.fix_rows", "blocks in reverse order", lambda: r8_rows_reversed),
    Wrong("14.fix_rows", "every process passes all of data", lambda: r8_rows_whole),
    Wrong("14.fix_rows", "splits the last axis", lambda: r8_rows_wrong_axis),
    Wrong("14.fix_rows", "returns every block", lambda: r8_rows_all_blocks),
    Wrong("14.fix_rows", "block size from data.size", lambda: r8_rows_size_not_len),
    Wrong("14.fix_rows", "process_count used as the block size", lambda: r8_rows_count_as_size),
    Wrong("14.fix_rows", "halves, as for 2 processes", lambda: r8_rows_half),
    Wrong("14.global_mean", "local weighted mean only", lambda: r8_gm_local),
    Wrong("14.global_mean", "mean of the two processes' means", lambda: r8_gm_mean_of_means),
    Wrong("14.global_mean", "weights ignored", lambda: r8_gm_unweighted),
    Wrong("14.global_mean", "global arrays without padding", lambda: r8_gm_unpadded),
    Wrong("14.global_mean", "padded with weight 1", lambda: r8_gm_pad_weights_one),
    Wrong("14.global_mean", "divides by the count of values", lambda: r8_gm_count_denominator),
    Wrong("14.global_mean", "only process 0 returns the mean", lambda: r8_gm_process_zero),
    Wrong("14.global_mean", "returns the gathered sums", lambda: r8_gm_returns_gathered),
    Wrong(
        "14.global_mean", "weights normalised per process first", lambda: r8_gm_normalised_locally
    ),
    Wrong("14.global_mean", "weighted sum, not divided", lambda: r8_gm_sum_not_mean),
    Wrong("14.global_mean", "squared weights", lambda: r8_gm_weights_squared),
]

RIGHT_8 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "slice of len // count rows", lambda: r8_rows_right_slice),
    Right("14.fix_rows", "np.split on axis 0", lambda: r8_rows_right_split),
    Right("14.fix_rows", "reshape keeping the trailing axes", lambda: r8_rows_right_reshape),
    Right("14.fix_rows", "np.array_split", lambda: r8_rows_right_array_split),
    Right("14.global_mean", "allgather of the two local sums", lambda: r8_gm_right_allgather),
    Right("14.global_mean", "two tiled allgathers", lambda: r8_gm_right_tiled),
    Right("14.global_mean", "padded with weight 0, global arrays", lambda: r8_gm_right_padded),
    Right(
        "14.global_mean", "partial sums on the first local device", lambda: r8_gm_right_device_sums
    ),
]
