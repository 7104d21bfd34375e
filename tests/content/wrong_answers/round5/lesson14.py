"""Round 5, lesson 14 (many hosts): answers written from the lesson's text alone.

The 14.global_mean answers run inside the check's worker script, after the first lines
of hello.py: they use only jax, jnp, np, multihost_utils, NamedSharding, P and mesh,
which that script defines (mesh is not defined here: nothing in this file starts workers).
"""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import multihost_utils  # noqa: F401  (used by the worker answers)
from jax.sharding import NamedSharding  # noqa: F401
from jax.sharding import PartitionSpec as P  # noqa: F401

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 14.fix_rows


def r5_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r5_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]


def r5_rows_one_too_many(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n:(process_index + 1) * n + 1]


def r5_rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count:(process_index + 1) * process_count]


def r5_rows_single(data, process_index, process_count):
    return data[process_index]


def r5_rows_first_block(data, process_index, process_count):
    n = len(data) // process_count
    return data[:n]


def r5_rows_one_based(data, process_index, process_count):
    n = len(data) // process_count
    return data[(process_index - 1) * n:process_index * n]


def r5_rows_split_by_size(data, process_index, process_count):
    n = len(data) // process_count
    return np.split(data, n)[process_index]


def r5_rows_wrong_axis(data, process_index, process_count):
    return np.array_split(data, process_count, axis=-1)[process_index]


def r5_rows_size_not_shape(data, process_index, process_count):
    n = data.size // process_count
    return data[process_index * n:(process_index + 1) * n]


def r5_rows_reversed(data, process_index, process_count):
    return np.split(data, process_count)[process_count - 1 - process_index]


def r5_rows_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r5_rows_slice(data, process_index, process_count):
    per_process = data.shape[0] // process_count
    start = process_index * per_process
    return data[start:start + per_process]


def r5_rows_reshape_keep(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r5_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count, axis=0)[process_index]


# ---------------------------------------------------------------- 14.global_mean


def r5_mean_local_only(local_values, local_weights):
    return float(np.sum(local_values * local_weights) / np.sum(local_weights))


def r5_mean_unweighted(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821  (the worker's mesh)
    values = jax.make_array_from_process_local_data(sharding, local_values)
    return float(jnp.mean(values))


def r5_mean_of_means(local_values, local_weights):
    local_mean = np.sum(local_values * local_weights) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array([local_mean]), tiled=True)
    return float(np.mean(means))


def r5_mean_wrong_denominator(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(values * weights) / jnp.sum(values))


def r5_mean_over_count(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(values * weights) / values.size)


def r5_mean_of_products(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.mean(values * weights))


def r5_mean_numpy_global(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = np.asarray(jax.make_array_from_process_local_data(sharding, local_values))
    weights = np.asarray(jax.make_array_from_process_local_data(sharding, local_weights))
    return float(np.sum(values * weights) / np.sum(weights))


def r5_mean_gather_unweighted(local_values, local_weights):
    everything = multihost_utils.process_allgather(local_values, tiled=True)
    return float(np.average(everything))


def r5_mean_process_zero(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    mean = jnp.sum(values * weights) / jnp.sum(weights)
    if jax.process_index() == 0:
        return float(mean)
    return None


def r5_mean_copy_paste(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_values)
    return float(jnp.sum(values * weights) / jnp.sum(weights))


def r5_mean_average_swapped(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.average(weights, weights=values))


def r5_mean_sum_only(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(values * weights))


def r5_mean_global_arrays(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(values * weights) / jnp.sum(weights))


def r5_mean_average(local_values, local_weights):
    by_batch = NamedSharding(mesh, P("batch"))  # noqa: F821
    v = jax.make_array_from_process_local_data(by_batch, np.asarray(local_values, dtype=np.float32))
    w = jax.make_array_from_process_local_data(by_batch, np.asarray(local_weights, dtype=np.float32))
    return jnp.average(v, weights=w)


def r5_mean_gather_partials(local_values, local_weights):
    partial = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])
    gathered = multihost_utils.process_allgather(partial)  # shape (processes, 2)
    return float(gathered[:, 0].sum() / gathered[:, 1].sum())


def r5_mean_gather_all(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values, tiled=True)
    weights = multihost_utils.process_allgather(local_weights, tiled=True)
    return float(np.average(values, weights=weights))


ROUND_5 = [
    # 14.predict_view
    Wrong("14.predict_view", "A: thinks the sum sees only process 1's values", lambda: "A"),
    Wrong("14.predict_view", "C: thinks each process holds the whole array", lambda: "C"),
    Wrong("14.predict_view", "D: thinks jnp.sum needs every shard in reach", lambda: "D"),
    Wrong("14.predict_view", "the sum 28.0 instead of the letter", lambda: 28.0),
    Wrong("14.predict_view", "lowercase 'a'", lambda: "a"),
    Wrong("14.predict_view", "hedges 'A or B'", lambda: "A or B"),
    Wrong("14.predict_view", "'BC', two letters", lambda: "BC"),
    Wrong("14.predict_view", "left the placeholder ...", lambda: ...),
    # 14.predict_death
    Wrong("14.predict_death", "A: expects a Python exception to catch", lambda: "A"),
    Wrong("14.predict_death", "B: thinks the sum carries on with the devices left", lambda: "B"),
    Wrong("14.predict_death", "C: thinks it hangs until the 60 s limit", lambda: "C"),
    Wrong("14.predict_death", "lowercase 'c'", lambda: "c"),
    Wrong("14.predict_death", "hedges 'C or D'", lambda: "C or D"),
    Wrong("14.predict_death", "the word 'abort'", lambda: "abort"),
    Wrong("14.predict_death", "'A' with a trailing newline", lambda: "A\n"),
    Wrong("14.predict_death", "left the placeholder ...", lambda: ...),
    # 14.fix_rows
    Wrong("14.fix_rows", "strided rows, the DistributedSampler habit", lambda: r5_rows_strided),
    Wrong("14.fix_rows", "data.reshape(process_count, -1)[i]: flattens the feature axis", lambda: r5_rows_reshape_flat),
    Wrong("14.fix_rows", "slice one row too long", lambda: r5_rows_one_too_many),
    Wrong("14.fix_rows", "uses process_count as the block size", lambda: r5_rows_count_as_size),
    Wrong("14.fix_rows", "data[process_index]: one row", lambda: r5_rows_single),
    Wrong("14.fix_rows", "always the first block", lambda: r5_rows_first_block),
    Wrong("14.fix_rows", "counts processes from 1", lambda: r5_rows_one_based),
    Wrong("14.fix_rows", "np.split into n pieces (the block size) instead of process_count", lambda: r5_rows_split_by_size),
    Wrong("14.fix_rows", "splits along the last axis", lambda: r5_rows_wrong_axis),
    Wrong("14.fix_rows", "block size from data.size, not the row count", lambda: r5_rows_size_not_shape),
    Wrong("14.fix_rows", "blocks in reverse order", lambda: r5_rows_reversed),
    # 14.global_mean
    Wrong("14.global_mean", "the process's own weighted mean, nothing shared", lambda: r5_mean_local_only),
    Wrong("14.global_mean", "global unweighted mean", lambda: r5_mean_unweighted),
    Wrong("14.global_mean", "mean of the two processes' weighted means", lambda: r5_mean_of_means),
    Wrong("14.global_mean", "divides by the sum of the values", lambda: r5_mean_wrong_denominator),
    Wrong("14.global_mean", "divides by the number of values", lambda: r5_mean_over_count),
    Wrong("14.global_mean", "jnp.mean(values * weights)", lambda: r5_mean_of_products),
    Wrong("14.global_mean", "np.asarray of the global arrays: the other process's shards are out of reach", lambda: r5_mean_numpy_global),
    Wrong("14.global_mean", "allgathers the values only, unweighted average", lambda: r5_mean_gather_unweighted),
    Wrong("14.global_mean", "only process 0 returns the mean, process 1 None", lambda: r5_mean_process_zero),
    Wrong("14.global_mean", "weights built from local_values (copy-paste)", lambda: r5_mean_copy_paste),
    Wrong("14.global_mean", "jnp.average(weights, weights=values): swapped", lambda: r5_mean_average_swapped),
    Wrong("14.global_mean", "the weighted sum, not divided", lambda: r5_mean_sum_only),
]

RIGHT_5 = [
    Right("14.predict_view", "'B'", lambda: "B"),
    Right("14.predict_view", "lowercase 'b'", lambda: "b"),
    Right("14.predict_view", "' B' with a leading space", lambda: " B"),
    Right("14.predict_death", "'D'", lambda: "D"),
    Right("14.predict_death", "lowercase 'd'", lambda: "d"),
    Right("14.predict_death", "'D ' with a trailing space", lambda: "D "),
    Right("14.fix_rows", "np.split(data, process_count)[process_index]", lambda: r5_rows_split),
    Right("14.fix_rows", "slice by the block size from shape[0]", lambda: r5_rows_slice),
    Right("14.fix_rows", "reshape keeping the trailing axes", lambda: r5_rows_reshape_keep),
    Right("14.fix_rows", "np.array_split along axis 0", lambda: r5_rows_array_split),
    Right("14.global_mean", "global arrays with make_array_from_process_local_data, sum(v * w) / sum(w)", lambda: r5_mean_global_arrays),
    Right("14.global_mean", "jnp.average with weights, returned as a jax scalar", lambda: r5_mean_average),
    Right("14.global_mean", "allgather of each process's (sum w*v, sum w)", lambda: r5_mean_gather_partials),
    Right("14.global_mean", "allgather of values and weights, np.average", lambda: r5_mean_gather_all),
]
