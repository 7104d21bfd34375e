"""Round 16, lesson 14 (many hosts): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# Nothing here touches JAX at import: the 14.global_mean answers run after
# jax.distributed.initialize, where the check's script defines `mesh` (hello.py's lines).


def _mesh():
    return jax.make_mesh((jax.device_count(),), ("batch",))


# ---------------------------------------------------------------- 14.fix_rows


def r16_rows_right_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r16_rows_right_reshape_all_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r16_rows_right_slice(data, process_index, process_count):
    per = len(data) // process_count
    start = process_index * per
    return data[start : start + per].copy()


def r16_rows_right_array_split_tuple(data, process_index, process_count):
    blocks = tuple(np.array_split(data, process_count, axis=0))
    return blocks[process_index]


def r16_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r16_rows_train_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]


def r16_rows_page_block_32(data, process_index, process_count):
    return data[process_index * 32 : (process_index + 1) * 32]


def r16_rows_one_short(data, process_index, process_count):
    per = len(data) // process_count
    return data[process_index * per : (process_index + 1) * per - 1]


def r16_rows_reversed(data, process_index, process_count):
    return np.split(data, process_count)[process_count - 1 - process_index]


def r16_rows_size_not_len(data, process_index, process_count):
    per = data.size // process_count
    return data[process_index * per : (process_index + 1) * per]


def r16_rows_split_last_axis(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r16_rows_count_as_block(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r16_rows_first_block(data, process_index, process_count):
    return data[: len(data) // process_count]


def r16_rows_own_process_index(data, process_index, process_count):
    per = len(data) // process_count
    me = jax.process_index()
    return data[me * per : (me + 1) * per]


def r16_rows_transposed_block(data, process_index, process_count):
    # reshape "the other way round", then take a column of blocks
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r16_rows_from_the_end(data, process_index, process_count):
    per = len(data) // process_count
    return data[-(process_index + 1) * per : len(data) - process_index * per]


# ---------------------------------------------------------------- 14.global_mean


def r16_gm_right_allgather_sums(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    gathered = multihost_utils.process_allgather(sums)
    total = np.asarray(gathered).sum(axis=0)
    return float(total[0] / total[1])


def r16_gm_right_global_array(local_values, local_weights):
    mesh = _mesh()
    rows = np.zeros((jax.local_device_count(), 2), np.float32)
    rows[0] = np.sum(local_values * local_weights), np.sum(local_weights)
    g = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), rows)
    total = jnp.sum(g, axis=0)
    return float(total[0] / total[1])


def r16_gm_right_pytree(local_values, local_weights):
    weighted = np.float32(np.dot(local_values, local_weights))
    weight = np.float32(np.sum(local_weights))
    both = multihost_utils.process_allgather({"num": weighted, "den": weight})
    return float(np.sum(both["num"]) / np.sum(both["den"]))


def r16_gm_local_only(local_values, local_weights):
    return float(np.sum(local_values * local_weights) / np.sum(local_weights))


def r16_gm_mean_of_means(local_values, local_weights):
    mine = np.average(local_values, weights=local_weights)
    means = multihost_utils.process_allgather(np.float32(mine))
    return float(np.mean(means))


def r16_gm_unweighted(local_values, local_weights):
    sums = np.array([np.sum(local_values), len(local_values)], np.float32)
    total = np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)
    return float(total[0] / total[1])


def r16_gm_divide_by_count(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), len(local_values)], np.float32)
    total = np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)
    return float(total[0] / total[1])


def r16_gm_allgather_values(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values, tiled=True)
    weights = multihost_utils.process_allgather(local_weights, tiled=True)
    return float(np.sum(values * weights) / np.sum(weights))


def r16_gm_returns_sums(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    return np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)


def r16_gm_process_zero_only(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    total = np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)
    if jax.process_index() == 0:
        return float(total[0] / total[1])
    return None


def r16_gm_local_numerator(local_values, local_weights):
    den = np.asarray(multihost_utils.process_allgather(np.float32(np.sum(local_weights))))
    return float(np.sum(local_values * local_weights) / np.sum(den))


def r16_gm_product_of_sums(local_values, local_weights):
    sums = np.array([np.sum(local_values) * np.sum(local_weights), np.sum(local_weights)])
    total = np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)
    return float(total[0] / total[1])


def r16_gm_two_rows_on_four_devices(local_values, local_weights):
    mesh = _mesh()
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)], np.float32)
    g = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), sums)
    total = jnp.sum(g.reshape(-1, 2), axis=0)
    return float(total[0] / total[1])


def r16_gm_weights_normalised_locally(local_values, local_weights):
    w = local_weights / np.sum(local_weights)
    part = np.float32(np.sum(w * local_values))
    return float(np.sum(multihost_utils.process_allgather(part)) / 2)


def r16_gm_sum_not_mean(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    total = np.asarray(multihost_utils.process_allgather(sums)).sum(axis=0)
    return float(total[0])


def r16_gm_stacked_not_summed(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    gathered = np.asarray(multihost_utils.process_allgather(sums))
    return float(np.sum(gathered[:, 0] / gathered[:, 1]))


ROUND_16 = [
    # 14.predict_view (answer: B)
    Wrong("14.predict_view", "A: own devices only", lambda: "A"),
    Wrong("14.predict_view", "C: values copied to every device first", lambda: "C"),
    Wrong("14.predict_view", "D: whole array everywhere", lambda: "D"),
    Wrong("14.predict_view", "E: sum raises", lambda: "E"),
    Wrong("14.predict_view", "lower-case b", lambda: "b"),
    Wrong("14.predict_view", "the sum it prints", lambda: "28.0"),
    Wrong("14.predict_view", "B and C, the two that print 28", lambda: "BC"),
    Wrong("14.predict_view", "B with its sum", lambda: "B: 28.0"),
    # 14.predict_death (answer: E)
    Wrong("14.predict_death", "A: an exception is caught", lambda: "A"),
    Wrong("14.predict_death", "B: sums its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ends at once", lambda: "D"),
    Wrong("14.predict_death", "F: 300 s shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "lower-case e", lambda: "e"),
    Wrong("14.predict_death", "the delay with its unit", lambda: "100 s"),
    Wrong("14.predict_death", "E with the delay in parentheses", lambda: "E (100 s)"),
    Wrong("14.predict_death", "both 10 s options seen here", lambda: "E or F"),
    # 14.fix_rows
    Wrong("14.fix_rows", "kept the strided rows", lambda: r16_rows_strided),
    Wrong(
        "14.fix_rows",
        "train.py's reshape(count, -1): flattens features",
        lambda: r16_rows_train_reshape,
    ),
    Wrong(
        "14.fix_rows", "blocks of 32, lesson 08's 64 points over 2", lambda: r16_rows_page_block_32
    ),
    Wrong("14.fix_rows", "block end off by one", lambda: r16_rows_one_short),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r16_rows_reversed),
    Wrong("14.fix_rows", "block length from data.size", lambda: r16_rows_size_not_len),
    Wrong("14.fix_rows", "split along the last axis", lambda: r16_rows_split_last_axis),
    Wrong("14.fix_rows", "process_count used as the block length", lambda: r16_rows_count_as_block),
    Wrong("14.fix_rows", "always the first block", lambda: r16_rows_first_block),
    Wrong(
        "14.fix_rows",
        "jax.process_index() instead of the argument",
        lambda: r16_rows_own_process_index,
    ),
    Wrong(
        "14.fix_rows", "reshape(-1, count)[:, i]: strided again", lambda: r16_rows_transposed_block
    ),
    Wrong("14.fix_rows", "blocks counted from the end", lambda: r16_rows_from_the_end),
    # 14.global_mean
    Wrong("14.global_mean", "this process's weighted mean only", lambda: r16_gm_local_only),
    Wrong("14.global_mean", "mean of the two local means", lambda: r16_gm_mean_of_means),
    Wrong("14.global_mean", "unweighted global mean", lambda: r16_gm_unweighted),
    Wrong(
        "14.global_mean", "weighted sum over the number of values", lambda: r16_gm_divide_by_count
    ),
    Wrong("14.global_mean", "allgather of unequal-length values", lambda: r16_gm_allgather_values),
    Wrong("14.global_mean", "returned the two global sums", lambda: r16_gm_returns_sums),
    Wrong("14.global_mean", "returned only on process 0", lambda: r16_gm_process_zero_only),
    Wrong("14.global_mean", "global weight, local numerator", lambda: r16_gm_local_numerator),
    Wrong("14.global_mean", "sum(v) * sum(w) as the numerator", lambda: r16_gm_product_of_sums),
    Wrong(
        "14.global_mean",
        "2 sums sharded over 4 local devices",
        lambda: r16_gm_two_rows_on_four_devices,
    ),
    Wrong(
        "14.global_mean",
        "weights normalised per process, halved",
        lambda: r16_gm_weights_normalised_locally,
    ),
    Wrong("14.global_mean", "returned the weighted sum", lambda: r16_gm_sum_not_mean),
    Wrong("14.global_mean", "summed the per-process ratios", lambda: r16_gm_stacked_not_summed),
]

RIGHT_16 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "np.split, pick the block", lambda: r16_rows_right_split),
    Right(
        "14.fix_rows", "reshape keeping the feature axes", lambda: r16_rows_right_reshape_all_axes
    ),
    Right("14.fix_rows", "slice by block length, copied", lambda: r16_rows_right_slice),
    Right(
        "14.fix_rows", "tuple of np.array_split blocks", lambda: r16_rows_right_array_split_tuple
    ),
    Right(
        "14.global_mean",
        "allgather of (sum wv, sum w), summed",
        lambda: r16_gm_right_allgather_sums,
    ),
    Right(
        "14.global_mean",
        "one row per device, jnp.sum of a global array",
        lambda: r16_gm_right_global_array,
    ),
    Right("14.global_mean", "allgather of a dict of two scalars", lambda: r16_gm_right_pytree),
]
