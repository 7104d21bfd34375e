"""Round 20, lesson 14 (many hosts): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from tests.content.wrong_answers.round4._common import Right, Wrong

# Nothing here computes with JAX at import: a worker imports JAX's names before
# jax.distributed.initialize. The 14.global_mean functions use only the names the
# check's script defines (jax, jnp, np, multihost_utils, NamedSharding, P, mesh), and
# no name that starts with "_".

# ---- 14.predict_view: what process 1 holds and sums, and how (a letter) --------------

# ---- 14.predict_death: what a dead process does to process 0, JAX defaults (a letter)

# ---- 14.fix_rows: the contiguous block of rows process p must pass -------------------


def r20_rows_strided(data, process_index, process_count):
    return data[process_index::process_count]


def r20_rows_inclusive_end(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size : (process_index + 1) * size + 1]


def r20_rows_size_not_len(data, process_index, process_count):
    size = data.size // process_count  # counts numbers, not rows
    return data[process_index * size : (process_index + 1) * size]


def r20_rows_reshape_flat(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]  # as train.py, on 1-D data


def r20_rows_reversed(data, process_index, process_count):
    size = len(data) // process_count
    block = process_count - 1 - process_index
    return data[block * size : (block + 1) * size]


def r20_rows_single_row(data, process_index, process_count):
    return data[process_index]


def r20_rows_four_per_process(data, process_index, process_count):
    return data[4 * process_index : 4 * process_index + 4]  # 4 devices per process


def r20_rows_whole(data, process_index, process_count):
    return data


def r20_rows_last_axis(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r20_rows_true_division(data, process_index, process_count):
    size = len(data) / process_count
    return data[process_index * size : (process_index + 1) * size]


def r20_rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def r20_rows_one_based(data, process_index, process_count):
    size = len(data) // process_count
    return data[(process_index - 1) * size : process_index * size]


def r20_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r20_rows_right_loop(data, process_index, process_count):
    per_process = data.shape[0] // process_count
    start = process_index * per_process
    rows = []
    for r in range(start, start + per_process):
        rows.append(data[r])
    return np.stack(rows)


def r20_rows_right_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r20_rows_right_take(data, process_index, process_count):
    n = data.shape[0] // process_count
    return np.take(data, np.arange(process_index * n, (process_index + 1) * n), axis=0)


# ---- 14.global_mean: weighted mean over both processes' values -----------------------


def r20_gm_unweighted(local_values, local_weights):
    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_values), local_values.shape[0]], dtype=np.float32)
    )
    totals = np.asarray(totals).sum(axis=0)
    return float(totals[0] / totals[1])


def r20_gm_local_only(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r20_gm_mean_of_means(local_values, local_weights):
    mine = np.float32(np.sum(local_weights * local_values) / np.sum(local_weights))
    means = multihost_utils.process_allgather(mine)
    return float(np.mean(means))


def r20_gm_divide_by_count(local_values, local_weights):
    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), local_values.shape[0]], dtype=np.float32)
    )
    totals = np.asarray(totals).sum(axis=0)
    return float(totals[0] / totals[1])


def r20_gm_local_denominator(local_values, local_weights):
    numerators = multihost_utils.process_allgather(np.float32(np.sum(local_weights * local_values)))
    return float(np.sum(numerators) / np.sum(local_weights))


def r20_gm_psum_outside(local_values, local_weights):
    num = jax.lax.psum(jnp.sum(local_weights * local_values), "batch")
    den = jax.lax.psum(jnp.sum(local_weights), "batch")
    return float(num / den)


def r20_gm_direct_global_array(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821  (the check's script defines mesh)
    values = jax.make_array_from_process_local_data(sharding, np.asarray(local_values, np.float32))
    weights = jax.make_array_from_process_local_data(
        sharding, np.asarray(local_weights, np.float32)
    )
    total = jax.jit(lambda v, w: jnp.sum(v * w) / jnp.sum(w))(values, weights)
    return float(multihost_utils.process_allgather(total))


def r20_gm_process_zero_only(local_values, local_weights):
    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)], dtype=np.float32)
    )
    totals = np.asarray(totals).sum(axis=0)
    if jax.process_index() == 0:  # one process reports, as train.py does
        return float(totals[0] / totals[1])
    return None


def r20_gm_returns_both_means(local_values, local_weights):
    mine = np.float32(np.sum(local_weights * local_values) / np.sum(local_weights))
    return np.asarray(multihost_utils.process_allgather(mine))


def r20_gm_weights_swapped(local_values, local_weights):
    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_values)], dtype=np.float32)
    )
    totals = np.asarray(totals).sum(axis=0)
    return float(totals[0] / totals[1])


def r20_gm_no_division(local_values, local_weights):
    numerators = multihost_utils.process_allgather(np.float32(np.sum(local_weights * local_values)))
    return float(np.sum(numerators))


def r20_gm_sum_of_means(local_values, local_weights):
    mine = np.float32(np.average(local_values, weights=local_weights))
    return float(np.sum(multihost_utils.process_allgather(mine)))


def r20_gm_gather_values_tiled(local_values, local_weights):
    values = multihost_utils.process_allgather(np.asarray(local_values, np.float32), tiled=True)
    weights = multihost_utils.process_allgather(np.asarray(local_weights, np.float32), tiled=True)
    return float(np.sum(values * weights) / np.sum(weights))


def r20_gm_right_stacked_totals(local_values, local_weights):
    mine = np.array([np.dot(local_weights, local_values), np.sum(local_weights)], dtype=np.float32)
    both = np.asarray(multihost_utils.process_allgather(mine))  # shape (2, 2): one row a process
    return float(both[:, 0].sum() / both[:, 1].sum())


def r20_gm_right_device_blocks(local_values, local_weights):
    rows = np.zeros((jax.local_device_count(), 2), dtype=np.float32)  # one row per device
    rows[0] = [np.sum(local_weights * local_values), np.sum(local_weights)]
    by_device = NamedSharding(mesh, P("batch"))  # noqa: F821  (the check's script defines mesh)
    replicated = NamedSharding(mesh, P())  # noqa: F821
    totals = jax.make_array_from_process_local_data(by_device, rows)
    summed = jax.jit(lambda t: jnp.sum(t, axis=0), out_shardings=replicated)(totals)
    num, den = np.asarray(summed.addressable_data(0))
    return float(num / den)


def r20_gm_right_padded_global(local_values, local_weights):
    per_device = jax.local_device_count()
    counts = np.asarray(multihost_utils.process_allgather(np.int32(local_values.shape[0])))
    longest = int(counts.max())
    padded = -(-longest // per_device) * per_device  # the same length in every process
    values = np.zeros(padded, np.float32)
    weights = np.zeros(padded, np.float32)  # weight 0: the padding counts for nothing
    values[: local_values.shape[0]] = local_values
    weights[: local_weights.shape[0]] = local_weights
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    replicated = NamedSharding(mesh, P())  # noqa: F821
    v = jax.make_array_from_process_local_data(sharding, values)
    w = jax.make_array_from_process_local_data(sharding, weights)
    mean = jax.jit(lambda v, w: jnp.sum(v * w) / jnp.sum(w), out_shardings=replicated)(v, w)
    return float(mean.addressable_data(0))


def r20_gm_right_two_gathers(local_values, local_weights):
    num = multihost_utils.process_allgather(
        jnp.sum(jnp.asarray(local_weights) * jnp.asarray(local_values))
    )
    den = multihost_utils.process_allgather(jnp.sum(jnp.asarray(local_weights)))
    return (np.sum(num) / np.sum(den)).item()


ROUND_20 = [
    # 14.predict_view (B is right)
    Wrong("14.predict_view", "A: thought the sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "C: thought the other values are copied in", lambda: "C"),
    Wrong("14.predict_view", "D: thought every process holds all 8", lambda: "D"),
    Wrong("14.predict_view", "E: thought unreachable shards make it raise", lambda: "e"),
    Wrong("14.predict_view", "BC: both print the same, typed both", lambda: "BC"),
    Wrong("14.predict_view", "typed the printed sum", lambda: "28.0"),
    Wrong("14.predict_view", "typed the values process 1 holds", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "typed the collective's name", lambda: "all-reduce"),
    Wrong("14.predict_view", "typed the count of local devices", lambda: "4"),
    Wrong("14.predict_view", "AB: unsure whether the sum is local", lambda: "AB"),
    # 14.predict_death (E is right)
    Wrong("14.predict_death", "A: expected a Python exception to catch", lambda: "A"),
    Wrong("14.predict_death", "B: thought it sums its own devices", lambda: "B"),
    Wrong("14.predict_death", "C: expected a hang for ever", lambda: "C"),
    Wrong("14.predict_death", "D: thought the closed connection ends it", lambda: "D"),
    Wrong("14.predict_death", "F: confused shutdown and heartbeat", lambda: "f"),
    Wrong("14.predict_death", "EF: they show the same, typed both", lambda: "EF"),
    Wrong("14.predict_death", "typed the heartbeat timeout in seconds", lambda: "100"),
    Wrong("14.predict_death", "typed the shutdown timeout in seconds", lambda: "300"),
    Wrong("14.predict_death", "typed the lesson's shortened 10 s", lambda: "10"),
    Wrong("14.predict_death", "typed the launcher's heartbeat, 4 s", lambda: "4"),
    # 14.fix_rows
    Wrong("14.fix_rows", "the strided DistributedSampler rows, kept", lambda: r20_rows_strided),
    Wrong("14.fix_rows", "block end one row too far", lambda: r20_rows_inclusive_end),
    Wrong("14.fix_rows", "block size from data.size, not rows", lambda: r20_rows_size_not_len),
    Wrong(
        "14.fix_rows", "train.py's reshape(count, -1): flattens rows", lambda: r20_rows_reshape_flat
    ),
    Wrong("14.fix_rows", "blocks in reverse process order", lambda: r20_rows_reversed),
    Wrong("14.fix_rows", "returns the single row process_index", lambda: r20_rows_single_row),
    Wrong(
        "14.fix_rows",
        "4 rows per process, as 4 devices per process",
        lambda: r20_rows_four_per_process,
    ),
    Wrong("14.fix_rows", "every process passes all of data", lambda: r20_rows_whole),
    Wrong("14.fix_rows", "splits the last axis instead of rows", lambda: r20_rows_last_axis),
    Wrong("14.fix_rows", "true division: a float slice bound", lambda: r20_rows_true_division),
    Wrong("14.fix_rows", "process_count used as the block size", lambda: r20_rows_count_as_size),
    Wrong("14.fix_rows", "counted processes from 1", lambda: r20_rows_one_based),
    # 14.global_mean
    Wrong("14.global_mean", "plain mean of all values, weights ignored", lambda: r20_gm_unweighted),
    Wrong("14.global_mean", "local weighted mean, nothing shared", lambda: r20_gm_local_only),
    Wrong(
        "14.global_mean", "average of the two local weighted means", lambda: r20_gm_mean_of_means
    ),
    Wrong(
        "14.global_mean", "sum of w*v divided by the value count", lambda: r20_gm_divide_by_count
    ),
    Wrong(
        "14.global_mean", "numerators gathered, denominator local", lambda: r20_gm_local_denominator
    ),
    Wrong("14.global_mean", "lax.psum over 'batch' outside any map", lambda: r20_gm_psum_outside),
    Wrong(
        "14.global_mean",
        "global array straight from uneven local data",
        lambda: r20_gm_direct_global_array,
    ),
    Wrong("14.global_mean", "only process 0 returns the mean", lambda: r20_gm_process_zero_only),
    Wrong(
        "14.global_mean", "returns both local means as an array", lambda: r20_gm_returns_both_means
    ),
    Wrong(
        "14.global_mean",
        "divides by the sum of values, not weights",
        lambda: r20_gm_weights_swapped,
    ),
    Wrong("14.global_mean", "weighted sum, never divided", lambda: r20_gm_no_division),
    Wrong(
        "14.global_mean", "adds the local means instead of averaging", lambda: r20_gm_sum_of_means
    ),
    Wrong(
        "14.global_mean",
        "process_allgather(tiled=True) of uneven values",
        lambda: r20_gm_gather_values_tiled,
    ),
]

RIGHT_20 = [
    Right("14.predict_view", "lower-case letter", lambda: "b"),
    Right("14.predict_view", "letter and a full stop", lambda: "B."),
    Right("14.predict_view", "letter between spaces", lambda: " B "),
    Right("14.predict_death", "lower-case letter", lambda: "e"),
    Right("14.predict_death", "letter with a trailing newline", lambda: "E\n"),
    Right("14.predict_death", "letter and a full stop", lambda: "E."),
    Right("14.fix_rows", "np.array_split, then the p-th piece", lambda: r20_rows_right_array_split),
    Right("14.fix_rows", "loop over the block's rows, np.stack", lambda: r20_rows_right_loop),
    Right(
        "14.fix_rows", "reshape keeping the feature axes", lambda: r20_rows_right_reshape_keep_axes
    ),
    Right("14.fix_rows", "np.take of the block's row numbers", lambda: r20_rows_right_take),
    Right(
        "14.global_mean",
        "allgather of [sum w*v, sum w], stacked",
        lambda: r20_gm_right_stacked_totals,
    ),
    Right(
        "14.global_mean",
        "one (num, den) row per device, jitted sum",
        lambda: r20_gm_right_device_blocks,
    ),
    Right(
        "14.global_mean",
        "pad to a common length with zero weights",
        lambda: r20_gm_right_padded_global,
    ),
    Right(
        "14.global_mean", "two allgathers of jnp sums, .item()", lambda: r20_gm_right_two_gathers
    ),
]
