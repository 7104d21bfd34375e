"""Round 19, lesson 14 (Run one program on several processes): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils  # noqa: F401  (the worker script has it too)
from jax.sharding import NamedSharding  # noqa: F401
from jax.sharding import PartitionSpec as P  # noqa: F401

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 14.predict_view: what process 1 holds, its sum, and why ------------------------
# (a letter; the answers are strings as a learner types them)

# ---- 14.predict_death: what a dead process does to process 0 with JAX's defaults ----
# (a letter)

# ---- 14.fix_rows: the rows process p of count passes, contiguous blocks -------------


def r19_rows_strided(data, process_index, process_count):
    # the lesson's own broken example, kept: every process_count-th row
    return data[process_index::process_count]


def r19_rows_flat_reshape(data, process_index, process_count):
    # train.py's line, copied: reshape(count, -1) flattens the feature axes
    return data.reshape(process_count, -1)[process_index]


def r19_rows_float_size(data, process_index, process_count):
    size = len(data) / process_count  # true division: a float, and slicing refuses it
    return data[process_index * size:(process_index + 1) * size]


def r19_rows_count_as_size(data, process_index, process_count):
    # blocks of process_count rows instead of len(data) // process_count
    return data[process_index * process_count:(process_index + 1) * process_count]


def r19_rows_reversed(data, process_index, process_count):
    # thought the mesh puts the last process first
    size = len(data) // process_count
    p = process_count - 1 - process_index
    return data[p * size:(p + 1) * size]


def r19_rows_to_end(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size:]  # forgot where the block ends


def r19_rows_two_halves(data, process_index, process_count):
    # written for the lesson's 2 processes only
    half = len(data) // 2
    return data[:half] if process_index == 0 else data[half:]


def r19_rows_one_based(data, process_index, process_count):
    # counted processes from 1, as a launcher's rank list might
    size = len(data) // process_count
    return data[(process_index - 1) * size:process_index * size]


def r19_rows_split_axis1(data, process_index, process_count):
    # split along the last axis (the features), not the rows
    return np.array_split(data, process_count, axis=-1)[process_index]


def r19_rows_whole(data, process_index, process_count):
    # as if each process held the whole array (answer D of 14.predict_view)
    return data


def r19_rows_size_from_shape1(data, process_index, process_count):
    # took the block length from the wrong axis: shape[-1], the features
    size = data.shape[-1] // process_count
    return data[process_index * size:(process_index + 1) * size]


def r19_rows_off_by_one_end(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size:(process_index + 1) * size + 1]  # one row too many


def r19_rows_right_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)[process_index]


def r19_rows_right_reshape_keep_axes(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r19_rows_right_loop(data, process_index, process_count):
    size = data.shape[0] // process_count
    rows = [data[r] for r in range(data.shape[0]) if r // size == process_index]
    return np.stack(rows)


def r19_rows_right_take(data, process_index, process_count):
    size = data.shape[0] // process_count
    start = process_index * size
    return np.take(data, np.arange(start, start + size), axis=0)


# ---- 14.global_mean: weighted mean of both processes' values, through JAX ----------
# Each function is self-contained: the check runs it in a worker script.


def r19_mean_local_only(local_values, local_weights):
    # each process's own weighted mean: the processes disagree
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r19_mean_of_local_means(local_values, local_weights):
    from jax.experimental import multihost_utils

    local_mean = np.sum(local_weights * local_values) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.float32(local_mean))
    return float(np.mean(means))  # the processes' weights are not equal


def r19_mean_unweighted(local_values, local_weights):
    from jax.experimental import multihost_utils

    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_values), len(local_values)], np.float32))
    total = np.sum(totals, axis=0)
    return float(total[0] / total[1])  # forgot the weights


def r19_mean_divide_by_count(local_values, local_weights):
    from jax.experimental import multihost_utils

    totals = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), len(local_values)], np.float32))
    total = np.sum(totals, axis=0)
    return float(total[0] / total[1])  # Σ w·v over the number of values, not Σ w


def r19_mean_gather_values_tiled(local_values, local_weights):
    from jax.experimental import multihost_utils

    # as in hello.py; but the two processes' lengths differ
    values = multihost_utils.process_allgather(local_values, tiled=True)
    weights = multihost_utils.process_allgather(local_weights, tiled=True)
    return float(np.sum(values * weights) / np.sum(weights))


def r19_mean_global_array_unpadded(local_values, local_weights):
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    sharding = NamedSharding(mesh, P("batch"))
    v = jax.make_array_from_process_local_data(sharding, local_values)  # 3 or 6 on 4 devices
    w = jax.make_array_from_process_local_data(sharding, local_weights)
    return float(jnp.sum(v * w) / jnp.sum(w))


def r19_mean_no_division(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = multihost_utils.process_allgather(np.float32(np.sum(local_weights * local_values)))
    return float(np.sum(sums))  # the weighted sum, never divided by Σ w


def r19_mean_local_denominator(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = multihost_utils.process_allgather(np.float32(np.sum(local_weights * local_values)))
    return float(np.sum(sums) / np.sum(local_weights))  # only this process's Σ w


def r19_mean_tiled_pairs(local_values, local_weights):
    from jax.experimental import multihost_utils

    pair = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    gathered = multihost_utils.process_allgather(pair, tiled=True)  # [s0, w0, s1, w1]
    return float(gathered[0] / gathered[1])  # process 0's pair only


def r19_mean_pad_weights_one(local_values, local_weights):
    from jax.experimental import multihost_utils
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    lengths = multihost_utils.process_allgather(np.int32(len(local_values)))
    longest = int(np.max(lengths))
    padded = -(-longest // 4) * 4
    extra = padded - len(local_values)
    v = np.concatenate([local_values, np.zeros(extra)]).astype(np.float32)
    w = np.concatenate([local_weights, np.ones(extra)]).astype(np.float32)  # padding counts
    sharding = NamedSharding(mesh, P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gv * gw) / jnp.sum(gw))


def r19_mean_only_process0(local_values, local_weights):
    from jax.experimental import multihost_utils

    pair = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    if jax.process_index() == 0:  # only process 0 gathers: process 1 never joins
        total = np.sum(multihost_utils.process_allgather(pair), axis=0)
        return float(total[0] / total[1])
    return float(pair[0] / pair[1])


def r19_mean_psum_outside_map(local_values, local_weights):
    # lesson 10's psum, but no shard_map binds the axis name here
    total = jax.lax.psum(jnp.sum(jnp.asarray(local_weights) * jnp.asarray(local_values)), "batch")
    weight = jax.lax.psum(jnp.sum(jnp.asarray(local_weights)), "batch")
    return float(total / weight)


def r19_mean_right_gather_pair(local_values, local_weights):
    from jax.experimental import multihost_utils

    pair = np.array([np.dot(local_weights, local_values), np.sum(local_weights)], np.float32)
    total = np.sum(multihost_utils.process_allgather(pair), axis=0)  # shape (2, 2) -> (2,)
    return float(total[0] / total[1])


def r19_mean_right_padded_global(local_values, local_weights):
    from jax.experimental import multihost_utils
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    lengths = multihost_utils.process_allgather(np.int32(len(local_values)))
    per_process = -(-int(np.max(lengths)) // jax.local_device_count()) * jax.local_device_count()
    extra = per_process - len(local_values)
    v = np.concatenate([local_values, np.zeros(extra)]).astype(np.float32)
    w = np.concatenate([local_weights, np.zeros(extra)]).astype(np.float32)  # weight 0
    sharding = NamedSharding(mesh, P("batch"))
    gv = jax.make_array_from_process_local_data(sharding, v)
    gw = jax.make_array_from_process_local_data(sharding, w)
    return float(jnp.sum(gv * gw) / jnp.sum(gw))


def r19_mean_right_two_gathers(local_values, local_weights):
    from jax.experimental import multihost_utils

    sums = multihost_utils.process_allgather(
        jnp.asarray(jnp.sum(jnp.asarray(local_weights) * jnp.asarray(local_values))))
    weights = multihost_utils.process_allgather(jnp.asarray(jnp.sum(jnp.asarray(local_weights))))
    return float(jnp.sum(sums) / jnp.sum(weights))


def r19_mean_right_ratio_of_means(local_values, local_weights):
    from jax.experimental import multihost_utils

    # mean over processes of Σ w·v, over the mean of Σ w: the 1/2 cancels
    pairs = multihost_utils.process_allgather(
        np.stack([np.sum(local_weights * local_values), np.sum(local_weights)]))
    mean_pair = np.mean(np.asarray(pairs), axis=0)
    return float(mean_pair[0] / mean_pair[1])


ROUND_19 = [
    # 14.predict_view (right: B)
    Wrong("14.predict_view", "A: thought a sum stays on local devices", lambda: "A"),
    Wrong("14.predict_view", "c: values copied to every device first", lambda: "c"),
    Wrong("14.predict_view", "D: thought each process holds it all", lambda: "D"),
    Wrong("14.predict_view", "E: thought unreachable shards raise", lambda: " E"),
    Wrong("14.predict_view", "both B and C, since they print the same", lambda: "BC"),
    Wrong("14.predict_view", "typed the sum instead of a letter", lambda: "28.0"),
    Wrong("14.predict_view", "typed what process 1 holds", lambda: "[4. 5. 6. 7.]"),
    Wrong("14.predict_view", "hedged between the two 28.0 rows", lambda: "B or C"),
    Wrong("14.predict_view", "C with a full stop", lambda: "C."),
    Wrong("14.predict_view", "left it empty", lambda: ""),
    Wrong("14.predict_view", "the local sum, 22", lambda: "22"),
    Wrong("14.predict_view", "put the letter in a list", lambda: ["B"]),
    # 14.predict_death (right: E)
    Wrong("14.predict_death", "A: thought the sum raises at once", lambda: "A"),
    Wrong("14.predict_death", "B: thought process 0 sums its half", lambda: "B"),
    Wrong("14.predict_death", "C: thought it hangs until killed", lambda: "C"),
    Wrong("14.predict_death", "d: the closed connection ends it at once", lambda: "d"),
    Wrong("14.predict_death", "F: the shutdown timeout, 300 s", lambda: "F"),
    Wrong("14.predict_death", "E and F, as the demo shows them alike", lambda: "EF"),
    Wrong("14.predict_death", "typed the heartbeat seconds", lambda: "100"),
    Wrong("14.predict_death", "typed the shutdown seconds", lambda: "300 s"),
    Wrong("14.predict_death", "F with a full stop", lambda: "F."),
    Wrong("14.predict_death", "hedged: E or F", lambda: "E or F"),
    Wrong("14.predict_death", "the lowercase a, caught exception", lambda: " a "),
    Wrong("14.predict_death", "answered what the 10 s demo prints", lambda: "10"),
    # 14.fix_rows
    Wrong("14.fix_rows", "kept the strided DistributedSampler slice",
          lambda: r19_rows_strided),
    Wrong("14.fix_rows", "reshape(count, -1) flattens the features",
          lambda: r19_rows_flat_reshape),
    Wrong("14.fix_rows", "block size by true division, a float",
          lambda: r19_rows_float_size),
    Wrong("14.fix_rows", "blocks of process_count rows", lambda: r19_rows_count_as_size),
    Wrong("14.fix_rows", "blocks in reversed process order", lambda: r19_rows_reversed),
    Wrong("14.fix_rows", "slice runs to the end of data", lambda: r19_rows_to_end),
    Wrong("14.fix_rows", "hard-coded two halves for 2 processes",
          lambda: r19_rows_two_halves),
    Wrong("14.fix_rows", "counted processes from 1", lambda: r19_rows_one_based),
    Wrong("14.fix_rows", "split along the feature axis", lambda: r19_rows_split_axis1),
    Wrong("14.fix_rows", "every process passes all of data", lambda: r19_rows_whole),
    Wrong("14.fix_rows", "block length from shape[-1]", lambda: r19_rows_size_from_shape1),
    Wrong("14.fix_rows", "one row too many at each block's end",
          lambda: r19_rows_off_by_one_end),
    # 14.global_mean
    Wrong("14.global_mean", "each process's own weighted mean", lambda: r19_mean_local_only),
    Wrong("14.global_mean", "mean of the two local weighted means",
          lambda: r19_mean_of_local_means),
    Wrong("14.global_mean", "plain mean, weights left out", lambda: r19_mean_unweighted),
    Wrong("14.global_mean", "Σ w·v over the count of values", lambda: r19_mean_divide_by_count),
    Wrong("14.global_mean", "allgather of values of unequal lengths",
          lambda: r19_mean_gather_values_tiled),
    Wrong("14.global_mean", "global array from unpadded local data",
          lambda: r19_mean_global_array_unpadded),
    Wrong("14.global_mean", "returned Σ w·v, never divided", lambda: r19_mean_no_division),
    Wrong("14.global_mean", "global Σ w·v over the local Σ w", lambda: r19_mean_local_denominator),
    Wrong("14.global_mean", "tiled gather, then read process 0's pair",
          lambda: r19_mean_tiled_pairs),
    Wrong("14.global_mean", "padded to 4 with weights of one", lambda: r19_mean_pad_weights_one),
    Wrong("14.global_mean", "only process 0 calls the gather", lambda: r19_mean_only_process0),
    Wrong("14.global_mean", "lax.psum with no shard_map around it",
          lambda: r19_mean_psum_outside_map),
]

RIGHT_19 = [
    Right("14.predict_view", "lowercase b with spaces", lambda: " b "),
    Right("14.predict_view", "B with a full stop", lambda: "B."),
    Right("14.predict_view", "plain B", lambda: "B"),
    Right("14.predict_death", "lowercase e", lambda: "e"),
    Right("14.predict_death", "E with a full stop and a space", lambda: " E."),
    Right("14.predict_death", "plain E", lambda: "E"),
    Right("14.fix_rows", "np.array_split on the rows", lambda: r19_rows_right_array_split),
    Right("14.fix_rows", "reshape keeping the feature axes",
          lambda: r19_rows_right_reshape_keep_axes),
    Right("14.fix_rows", "a loop over rows, stacked", lambda: r19_rows_right_loop),
    Right("14.fix_rows", "np.take of the block's row numbers", lambda: r19_rows_right_take),
    Right("14.global_mean", "gather [Σ w·v, Σ w] per process, then divide",
          lambda: r19_mean_right_gather_pair),
    Right("14.global_mean", "pad with weight 0, one global array",
          lambda: r19_mean_right_padded_global),
    Right("14.global_mean", "two gathers of jnp scalars", lambda: r19_mean_right_two_gathers),
    Right("14.global_mean", "ratio of the processes' mean pair",
          lambda: r19_mean_right_ratio_of_means),
]
