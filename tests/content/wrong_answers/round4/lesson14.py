from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# 14.global_mean's answers run inside a worker script, after hello.py's first lines (its
# imports, jax.distributed.initialize and `mesh`). Each is written as the learner writes
# it, `def global_mean(...)` at the top level, using only the names that script has; the
# name is rebound for each, and each function object keeps its own source.


# ---- 14.fix_rows: wrong ----------------------------------------------------------------

def r4_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r4_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # flattens any feature axes


def r4_rows_one_extra(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n : (process_index + 1) * n + 1]


def r4_rows_block_of_four(data, process_index, process_count):
    return data[4 * process_index : 4 * (process_index + 1)]  # the lesson's 4 values each


def r4_rows_split_last_axis(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r4_rows_reversed_order(data, process_index, process_count):
    n = len(data) // process_count
    start = (process_count - 1 - process_index) * n
    return data[start : start + n]


def r4_rows_size_based(data, process_index, process_count):
    n = data.size // process_count  # counts elements, not rows
    return data[process_index * n : (process_index + 1) * n]


def r4_rows_all_blocks(data, process_index, process_count):
    return np.split(data, process_count)


def r4_rows_one_based(data, process_index, process_count):
    n = len(data) // process_count
    return data[(process_index - 1) * n : process_index * n]


def r4_rows_jnp_strided_reshape(data, process_index, process_count):
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


# ---- 14.fix_rows: right ----------------------------------------------------------------

def r4_rows_split(data, process_index, process_count):
    return np.split(data, process_count, axis=0)[process_index]


def r4_rows_reshape_keep_features(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r4_rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r4_rows_take(data, process_index, process_count):
    per = data.shape[0] // process_count
    return np.take(data, np.arange(per) + per * process_index, axis=0)


# ---- 14.global_mean: wrong -------------------------------------------------------------

def global_mean(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


r4_gm_local_only = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    return float(jnp.mean(values))


r4_gm_unweighted = global_mean


def global_mean(local_values, local_weights):
    local_mean = np.sum(local_weights * local_values) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array([local_mean]))
    return float(np.mean(means))


r4_gm_mean_of_means = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values) / values.shape[0])


r4_gm_divide_by_count = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values) / jnp.sum(values))


r4_gm_divide_by_values = global_mean


def global_mean(local_values, local_weights):
    replicated = NamedSharding(mesh, P())
    values = jax.make_array_from_process_local_data(replicated, local_values)
    weights = jax.make_array_from_process_local_data(replicated, local_weights)
    return float(jnp.sum(weights * values) / jnp.sum(weights))


r4_gm_replicated_spec = global_mean


def global_mean(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values, tiled=True)
    weights = multihost_utils.process_allgather(local_weights, tiled=True)
    result = float(np.sum(weights * values) / np.sum(weights))
    if jax.process_index() == 0:
        return result
    return None


r4_gm_only_process_0 = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(weights * values))


r4_gm_no_division = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    weighted = weights * values / jnp.sum(weights)
    return multihost_utils.process_allgather(weighted, tiled=True)


r4_gm_not_summed = global_mean


def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(np.sum(np.asarray(weights * values)) / np.sum(np.asarray(weights)))


r4_gm_numpy_of_global = global_mean


# ---- 14.global_mean: right -------------------------------------------------------------

def global_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return jnp.average(values, weights=weights)


r4_gm_average_global = global_mean


def global_mean(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values)
    weights = multihost_utils.process_allgather(local_weights)
    return float(np.average(values, weights=weights))


r4_gm_allgather_numpy = global_mean


def global_mean(local_values, local_weights):
    partial = np.array([np.dot(local_weights, local_values), np.sum(local_weights)])
    both = multihost_utils.process_allgather(partial)  # one row per process
    return float(both[:, 0].sum() / both[:, 1].sum())


r4_gm_partial_sums = global_mean


def global_mean(local_values, local_weights):
    by_batch = NamedSharding(mesh, P("batch"))
    v = jax.make_array_from_process_local_data(by_batch, np.asarray(local_values, np.float32))
    w = jax.make_array_from_process_local_data(by_batch, np.asarray(local_weights, np.float32))
    return float(jnp.mean(w * v) / jnp.mean(w))


r4_gm_ratio_of_means = global_mean

del global_mean


ROUND_4 = (
    # 14.predict_view
    Wrong("14.predict_view", "'A': thought each process sees only its own 4 devices and its own "
          "4-value array", lambda: "A"),
    Wrong("14.predict_view", "'C': thought both processes see and hold all 8 devices and all 8 "
          "values", lambda: "C"),
    Wrong("14.predict_view", "'D': thought the array type shows the local 4 and process 1 holds "
          "the first block", lambda: "D"),
    Wrong("14.predict_view", "'a' lowercase: everything local", lambda: "a"),
    Wrong("14.predict_view", "'c ' with a space: everything global", lambda: "c "),
    Wrong("14.predict_view", "the int 1 (B's position counted from zero) instead of the letter",
          lambda: 1),
    Wrong("14.predict_view", "'E': not an option", lambda: "E"),
    Wrong("14.predict_view", "'d': local type, first block held", lambda: "d"),
    Wrong("14.predict_view", "left ... unanswered", lambda: ...),
    # 14.predict_death
    Wrong("14.predict_death", "'A': expected a Python exception that except catches",
          lambda: "A"),
    Wrong("14.predict_death", "'B': thought process 0 carries on with its own shards",
          lambda: "B"),
    Wrong("14.predict_death", "'C': thought process 0 waits forever for the dead peer until "
          "hosts.run kills it", lambda: "C"),
    Wrong("14.predict_death", "'a' lowercase: exception caught", lambda: "a"),
    Wrong("14.predict_death", "'c ' with a space: hangs until the time limit", lambda: "c "),
    Wrong("14.predict_death", "'b': carries on alone", lambda: "b"),
    Wrong("14.predict_death", "the int 3 (D's position counted from zero) instead of the letter",
          lambda: 3),
    Wrong("14.predict_death", "'AD': hedged between an exception and the abort", lambda: "AD"),
    Wrong("14.predict_death", "'E': not an option", lambda: "E"),
    # 14.fix_rows
    Wrong("14.fix_rows", "kept the strided DistributedSampler habit data[p::count]",
          lambda: r4_rows_strided),
    Wrong("14.fix_rows", "data.reshape(count, -1)[p]: right for 1-D data, flattens the feature "
          "axis of 2-D data", lambda: r4_rows_reshape_flat),
    Wrong("14.fix_rows", "block slice one row too long: data[p*n : (p+1)*n + 1]",
          lambda: r4_rows_one_extra),
    Wrong("14.fix_rows", "hard-coded blocks of 4 rows (hello.py's 4 values per process): right "
          "only when each process gets 4 rows (8 on 2, 12 on 3, 16 on 4)", lambda: r4_rows_block_of_four),
    Wrong("14.fix_rows", "np.split along axis=-1: right for 1-D data, splits the features of "
          "2-D data (or fails)", lambda: r4_rows_split_last_axis),
    Wrong("14.fix_rows", "blocks in reverse order: process 0 gets the last block",
          lambda: r4_rows_reversed_order),
    Wrong("14.fix_rows", "block size from data.size // count (elements, not rows): right for "
          "1-D data only", lambda: r4_rows_size_based),
    Wrong("14.fix_rows", "returns np.split(data, count), every block, not process p's",
          lambda: r4_rows_all_blocks),
    Wrong("14.fix_rows", "treats process_index as 1-based: data[(p-1)*n : p*n], empty for "
          "process 0", lambda: r4_rows_one_based),
    Wrong("14.fix_rows", "reshape(-1, count, ...)[:, p]: strided rows again, written as a "
          "reshape", lambda: r4_rows_jnp_strided_reshape),
    # 14.global_mean
    Wrong("14.global_mean", "weighted mean of the process's own 4 values only, no "
          "communication: different in each process", lambda: r4_gm_local_only),
    Wrong("14.global_mean", "global array of the values, but jnp.mean ignores the weights",
          lambda: r4_gm_unweighted),
    Wrong("14.global_mean", "mean of the two local weighted means (allgathered): right only "
          "when both processes' weights sum to the same", lambda: r4_gm_mean_of_means),
    Wrong("14.global_mean", "Σ w·v divided by the number of values (8), not by Σ w",
          lambda: r4_gm_divide_by_count),
    Wrong("14.global_mean", "Σ w·v divided by Σ v (values and weights swapped in the "
          "denominator)", lambda: r4_gm_divide_by_values),
    Wrong("14.global_mean", "made the arrays with P() (replicated): each process's own 4 values "
          "are taken as the whole array, so nothing is combined across processes",
          lambda: r4_gm_replicated_spec),
    Wrong("14.global_mean", "only process 0 returns the result (train.py's `if me == 0` habit); "
          "process 1 returns None", lambda: r4_gm_only_process_0),
    Wrong("14.global_mean", "forgot to divide: returns Σ w·v", lambda: r4_gm_no_division),
    Wrong("14.global_mean", "returns the 8 weighted terms w·v / Σ w, gathered, without summing "
          "them: an array, not one number", lambda: r4_gm_not_summed),
    Wrong("14.global_mean", "np.asarray on a global array that spans both processes: fails, a "
          "process holds only its own shards", lambda: r4_gm_numpy_of_global),
)

RIGHT_4 = (
    Right("14.predict_view", "lowercase b", lambda: "b"),
    Right("14.predict_view", "letter with spaces", lambda: " B "),
    Right("14.predict_view", "letter via upper()", lambda: "b".upper()),
    Right("14.predict_death", "lowercase d", lambda: "d"),
    Right("14.predict_death", "letter with a trailing newline", lambda: "D\n"),
    Right("14.predict_death", "letter via chr", lambda: chr(68)),
    Right("14.fix_rows", "np.split along axis 0", lambda: r4_rows_split),
    Right("14.fix_rows", "reshape(count, -1, *features)[p]", lambda: r4_rows_reshape_keep_features),
    Right("14.fix_rows", "np.array_split", lambda: r4_rows_array_split),
    Right("14.fix_rows", "np.take of the block's row indices", lambda: r4_rows_take),
    Right("14.global_mean", "jnp.average with weights= on the global arrays, returned as a "
          "replicated jax scalar", lambda: r4_gm_average_global),
    Right("14.global_mean", "process_allgather of the local arrays (stacked), np.average",
          lambda: r4_gm_allgather_numpy),
    Right("14.global_mean", "allgather each process's (Σ w·v, Σ w), then divide the totals",
          lambda: r4_gm_partial_sums),
    Right("14.global_mean", "ratio of the global means mean(w·v) / mean(w)",
          lambda: r4_gm_ratio_of_means),
)
