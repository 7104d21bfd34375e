"""Round 6, lesson 14 (many hosts): answers written from the lesson's text alone.

Nothing here computes with JAX at import: a worker that imported this module before
jax.distributed.initialize would be refused. Each 14.global_mean answer is a top-level
function named global_mean, as the learner's is, that uses only the names the check's
script provides (jax, jnp, np, multihost_utils, NamedSharding, P and mesh); each is kept
under its own name right after its definition.
"""
from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 14.fix_rows


def r6_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r6_rows_reshape_flat(data, process_index, process_count):
    # copied from train.py: data_x.reshape(count, -1)[me]
    return data.reshape(process_count, -1)[process_index]


def r6_rows_one_extra(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r6_rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r6_rows_size_not_len(data, process_index, process_count):
    n = data.size // process_count
    return data[process_index * n : (process_index + 1) * n]


def r6_rows_wrong_axis(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r6_rows_reversed(data, process_index, process_count):
    n = len(data) // process_count
    k = process_count - 1 - process_index
    return data[k * n : (k + 1) * n]


def r6_rows_all_blocks(data, process_index, process_count):
    return np.split(data, process_count)


def r6_rows_no_end(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r6_rows_slices(data, process_index, process_count):
    n = data.shape[0] // process_count
    return data[process_index * n : (process_index + 1) * n]


def r6_rows_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r6_rows_reshape_keep_features(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r6_rows_array_split_axis0(data, process_index, process_count):
    start = process_index * len(data) // process_count
    stop = (process_index + 1) * len(data) // process_count
    return data[start:stop, ...]


# ---------------------------------------------------------------- 14.global_mean
# Wrong answers


def global_mean(local_values, local_weights):
    return np.sum(local_weights * local_values) / np.sum(local_weights)


r6_gm_local_only = global_mean


def global_mean(local_values, local_weights):
    local_mean = np.average(local_values, weights=local_weights)
    means = multihost_utils.process_allgather(np.array([local_mean]))
    return float(np.mean(means))


r6_gm_mean_of_means = global_mean


def global_mean(local_values, local_weights):
    values = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local_values)
    return float(jnp.mean(values))


r6_gm_unweighted = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.mean(weights * values))


r6_gm_divide_by_count = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values)) / float(np.sum(local_weights))


r6_gm_local_denominator = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(np.average(np.asarray(values), weights=np.asarray(weights)))


r6_gm_numpy_of_global = global_mean


def global_mean(local_values, local_weights):
    me = jax.process_index()
    np.save(f"/tmp/global_mean_{me}.npy", np.stack([local_values, local_weights]))
    multihost_utils.sync_global_devices("saved")
    both = np.concatenate([np.load(f"/tmp/global_mean_{p}.npy") for p in range(jax.process_count())], axis=1)
    return float(np.sum(both[0] * both[1]) / np.sum(both[1]))


r6_gm_files = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    result = jnp.sum(weights * values) / jnp.sum(weights)
    if jax.process_index() == 0:
        return float(result)
    return None


r6_gm_process_zero_only = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values) / jnp.sum(values))


r6_gm_swapped_denominator = global_mean


def global_mean(local_values, local_weights):
    everywhere = NamedSharding(mesh, P())
    values = jax.make_array_from_process_local_data(everywhere, local_values)
    weights = jax.make_array_from_process_local_data(everywhere, local_weights)
    return float(jnp.sum(weights * values) / jnp.sum(weights))


r6_gm_replicated_spec = global_mean


# Right answers


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values) / jnp.sum(weights))


r6_gm_global_arrays = global_mean


def global_mean(local_values, local_weights):
    all_values = multihost_utils.process_allgather(local_values)  # (processes, 4)
    all_weights = multihost_utils.process_allgather(local_weights)
    return float(np.sum(all_values * all_weights) / np.sum(all_weights))


r6_gm_allgather = global_mean


def global_mean(local_values, local_weights):
    partial = np.array([np.dot(local_weights, local_values), np.sum(local_weights)])
    totals = multihost_utils.process_allgather(partial).sum(axis=0)
    return float(totals[0] / totals[1])


r6_gm_partial_sums = global_mean


def global_mean(local_values, local_weights):
    by_batch = NamedSharding(mesh, P("batch"))
    v = jax.make_array_from_process_local_data(by_batch, np.asarray(local_values, np.float32))
    w = jax.make_array_from_process_local_data(by_batch, np.asarray(local_weights, np.float32))
    return jnp.average(v, weights=w)


r6_gm_average = global_mean

del global_mean  # the module holds each version under its own name


ROUND_6 = [
    # 14.predict_view
    Wrong("14.predict_view", "A: thinks each process sums only what it holds", lambda: "A"),
    Wrong("14.predict_view", "C: thinks every process holds the whole array", lambda: "C"),
    Wrong("14.predict_view", "D: thinks jnp.sum on an array with unreachable shards raises", lambda: "D"),
    Wrong("14.predict_view", "lowercase a", lambda: "a"),
    Wrong("14.predict_view", "lowercase c", lambda: "c"),
    Wrong("14.predict_view", "lowercase d", lambda: "d"),
    Wrong("14.predict_view", "hedges 'A or B'", lambda: "A or B"),
    Wrong("14.predict_view", "the sum '28.0' instead of a letter", lambda: "28.0"),
    # 14.predict_death
    Wrong("14.predict_death", "A: thinks the lost process raises a Python exception in the others", lambda: "A"),
    Wrong("14.predict_death", "B: thinks process 0 carries on with its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: thinks process 0 waits for ever at the sum", lambda: "C"),
    Wrong("14.predict_death", "lowercase a", lambda: "a"),
    Wrong("14.predict_death", "lowercase b", lambda: "b"),
    Wrong("14.predict_death", "lowercase c", lambda: "c"),
    Wrong("14.predict_death", "hedges 'C or D'", lambda: "C or D"),
    Wrong("14.predict_death", "hedges 'A or D'", lambda: "A or D"),
    # 14.fix_rows
    Wrong("14.fix_rows", "the lesson's strided rows data[i::count], unchanged", lambda: r6_rows_strided),
    Wrong("14.fix_rows", "data.reshape(count, -1)[i], copied from train.py: flattens the feature axis", lambda: r6_rows_reshape_flat),
    Wrong("14.fix_rows", "one row too many: stop at (i + 1) * n + 1", lambda: r6_rows_one_extra),
    Wrong("14.fix_rows", "uses process_count as the block size", lambda: r6_rows_count_as_size),
    Wrong("14.fix_rows", "block size from data.size, not the number of rows", lambda: r6_rows_size_not_len),
    Wrong("14.fix_rows", "np.split along the last axis", lambda: r6_rows_wrong_axis),
    Wrong("14.fix_rows", "blocks in reverse order (process 0 gets the last block)", lambda: r6_rows_reversed),
    Wrong("14.fix_rows", "returns every block, np.split(data, count), not this process's", lambda: r6_rows_all_blocks),
    Wrong("14.fix_rows", "forgets the end of the slice: data[i * n:]", lambda: r6_rows_no_end),
    # 14.global_mean
    Wrong("14.global_mean", "this process's own weighted mean, no communication", lambda: r6_gm_local_only),
    Wrong("14.global_mean", "gathers the two processes' weighted means and averages them", lambda: r6_gm_mean_of_means),
    Wrong("14.global_mean", "global array of the values, unweighted jnp.mean", lambda: r6_gm_unweighted),
    Wrong("14.global_mean", "jnp.mean(weights * values): divides by 8, not by the weights' sum", lambda: r6_gm_divide_by_count),
    Wrong("14.global_mean", "global numerator, this process's own weights' sum as denominator", lambda: r6_gm_local_denominator),
    Wrong("14.global_mean", "np.asarray of the global arrays: fails, the other process's shards are out of reach", lambda: r6_gm_numpy_of_global),
    Wrong("14.global_mean", "shares through files in /tmp and a barrier", lambda: r6_gm_files),
    Wrong("14.global_mean", "only process 0 returns the mean, the other returns None", lambda: r6_gm_process_zero_only),
    Wrong("14.global_mean", "divides by the sum of the values instead of the weights", lambda: r6_gm_swapped_denominator),
    Wrong("14.global_mean", "NamedSharding(mesh, P()) for the local data: replicated, so each process's 4 values are taken as the whole array", lambda: r6_gm_replicated_spec),
]

RIGHT_6 = [
    Right("14.predict_view", "'B'", lambda: "B"),
    Right("14.predict_view", "lowercase 'b'", lambda: "b"),
    Right("14.predict_view", "' B' with a leading space", lambda: " B"),
    Right("14.predict_death", "'D'", lambda: "D"),
    Right("14.predict_death", "lowercase 'd'", lambda: "d"),
    Right("14.predict_death", "'D\\n' with a trailing newline", lambda: "D\n"),
    Right("14.fix_rows", "slice of n = rows // count rows", lambda: r6_rows_slices),
    Right("14.fix_rows", "np.split(data, count)[i]", lambda: r6_rows_split),
    Right("14.fix_rows", "reshape to (count, -1, *features) and take block i", lambda: r6_rows_reshape_keep_features),
    Right("14.fix_rows", "start and stop from i * len(data) // count, with an explicit ...", lambda: r6_rows_array_split_axis0),
    Right("14.global_mean", "two global arrays sharded over 'batch', sums in JAX, float()", lambda: r6_gm_global_arrays),
    Right("14.global_mean", "process_allgather of the values and of the weights, then NumPy", lambda: r6_gm_allgather),
    Right("14.global_mean", "each process's two partial sums gathered and added", lambda: r6_gm_partial_sums),
    Right("14.global_mean", "jnp.average with weights over float32 global arrays, returned as a JAX scalar", lambda: r6_gm_average),
]
