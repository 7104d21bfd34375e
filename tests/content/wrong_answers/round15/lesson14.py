"""Round 15, lesson 14 (many hosts): answers written from the lesson's text alone.

The 14.global_mean answers are self-contained: the check runs each in a script after
hello.py's first lines, where jax, jnp, np and multihost_utils are defined.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 14.fix_rows


def r15_rows_strided(data, process_index, process_count):
    """The page's DistributedSampler habit, kept."""
    return data[process_index::process_count]


def r15_rows_train_reshape(data, process_index, process_count):
    """train.py's reshape(count, -1)[me]: flattens the features of a 2-D array."""
    return data.reshape(process_count, -1)[process_index]


def r15_rows_no_multiply(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index : process_index + n]


def r15_rows_split_axis1(data, process_index, process_count):
    """Splits along the features when data has them, rows otherwise."""
    return np.array_split(data, process_count, axis=data.ndim - 1)[process_index]


def r15_rows_open_end(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r15_rows_size(data, process_index, process_count):
    """Block length from data.size: right for 1-D data only."""
    n = data.size // process_count
    return data[process_index * n : (process_index + 1) * n]


def r15_rows_count_as_length(data, process_index, process_count):
    """Blocks of process_count rows: right only when rows == count squared."""
    return data[process_index * process_count : (process_index + 1) * process_count]


def r15_rows_reshape_columns(data, process_index, process_count):
    """reshape(-1, count)[:, p]: the strided rows again, by another road."""
    return data.reshape(-1, process_count, *data.shape[1:])[:, process_index]


def r15_rows_everything(data, process_index, process_count):
    return data


def r15_rows_jax_index(data, process_index, process_count):
    """jax.process_index() instead of the argument: 0 wherever it is called here."""
    n = len(data) // process_count
    me = jax.process_index()
    return data[me * n : (me + 1) * n]


def r15_rows_reversed(data, process_index, process_count):
    """Blocks numbered from the end."""
    return np.split(data, process_count)[process_count - 1 - process_index]


def r15_rows_right_split(data, process_index, process_count):
    return np.split(data, process_count)[process_index]


def r15_rows_right_reshape(data, process_index, process_count):
    return data.reshape(process_count, -1, *data.shape[1:])[process_index]


def r15_rows_right_take(data, process_index, process_count):
    n = data.shape[0] // process_count
    return np.take(data, np.arange(process_index * n, (process_index + 1) * n), axis=0)


def r15_rows_right_jnp(data, process_index, process_count):
    """A jax array of the block: make_array_from_process_local_data takes one."""
    n = data.shape[0] // process_count
    return jnp.asarray(data)[process_index * n : (process_index + 1) * n]


# ---------------------------------------------------------------- 14.global_mean


def r15_gm_local(local_values, local_weights):
    return float(np.sum(local_weights * local_values) / np.sum(local_weights))


def r15_gm_mean_of_means(local_values, local_weights):
    mean = np.sum(local_weights * local_values) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array(mean))
    return float(np.mean(means))


def r15_gm_unweighted(local_values, local_weights):
    parts = np.array([np.sum(local_values), local_values.size], dtype=np.float32)
    total = multihost_utils.process_allgather(parts).sum(axis=0)
    return float(total[0] / total[1])


def r15_gm_over_count(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), local_values.size], np.float32)
    total = multihost_utils.process_allgather(parts).sum(axis=0)
    return float(total[0] / total[1])


def r15_gm_local_denominator(local_values, local_weights):
    numerators = multihost_utils.process_allgather(np.sum(local_weights * local_values))
    return float(np.sum(numerators) / np.sum(local_weights))


def r15_gm_tiled_slip(local_values, local_weights):
    """tiled=True concatenates the pairs: the sum over axis 0 is one number."""
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    gathered = multihost_utils.process_allgather(parts, tiled=True)
    return float(gathered[0] / gathered[1])


def r15_gm_pair(local_values, local_weights):
    """Returns the global numerator and denominator, not their ratio."""
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    total = multihost_utils.process_allgather(parts).sum(axis=0)
    return float(total[0]), float(total[1])


def r15_gm_weights_normalised_locally(local_values, local_weights):
    """Weights divided by the local sum first: each process counts as one."""
    w = local_weights / np.sum(local_weights)
    total = multihost_utils.process_allgather(np.array([np.sum(w * local_values), 1.0]))
    return float(total[:, 0].sum() / total[:, 1].sum())


def r15_gm_swapped(local_values, local_weights):
    """Values and weights swapped: sum(w * v) / sum(v)."""
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_values)], np.float32)
    total = multihost_utils.process_allgather(parts).sum(axis=0)
    return float(total[0] / total[1])


def r15_gm_right_two_gathers(local_values, local_weights):
    numerator = multihost_utils.process_allgather(np.dot(local_weights, local_values))
    denominator = multihost_utils.process_allgather(np.sum(local_weights))
    return float(np.sum(numerator) / np.sum(denominator))


def r15_gm_right_tiled_reshape(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)], np.float32)
    gathered = multihost_utils.process_allgather(parts, tiled=True).reshape(-1, 2)
    numerator, denominator = gathered.sum(axis=0)
    return float(numerator / denominator)


def r15_gm_right_global_array(local_values, local_weights):
    """Each process's two sums padded to one value per device, summed as a global array."""
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    grid = jax.make_mesh((jax.device_count(),), ("batch",))
    per_process = jax.local_device_count()
    numerator = np.zeros(per_process, np.float32)
    denominator = np.zeros(per_process, np.float32)
    numerator[0] = np.sum(local_weights * local_values)
    denominator[0] = np.sum(local_weights)
    sharding = NamedSharding(grid, P("batch"))
    num = jax.make_array_from_process_local_data(sharding, numerator)
    den = jax.make_array_from_process_local_data(sharding, denominator)
    return float(jnp.sum(num) / jnp.sum(den))


ROUND_15 = [
    # 14.predict_view: B
    Wrong("14.predict_view", "A: own devices only, 22.0", lambda: "A"),
    Wrong("14.predict_view", "C: values copied everywhere first", lambda: "C"),
    Wrong("14.predict_view", "D: each process holds all", lambda: "D"),
    Wrong("14.predict_view", "E: sum raises", lambda: "E"),
    Wrong("14.predict_view", "B and C, the two that print the same", lambda: "BC"),
    Wrong("14.predict_view", "the sum, 28.0, not a letter", lambda: 28.0),
    Wrong("14.predict_view", "lower case b", lambda: "b"),
    Wrong("14.predict_view", "B with a trailing comment", lambda: "B  # partial sums"),
    # 14.predict_death: E
    Wrong("14.predict_death", "A: an exception is caught", lambda: "A"),
    Wrong("14.predict_death", "B: sums its own 4 devices", lambda: "B"),
    Wrong("14.predict_death", "C: waits for ever", lambda: "C"),
    Wrong("14.predict_death", "D: ended at once", lambda: "D"),
    Wrong("14.predict_death", "F: the 300 s shutdown timeout", lambda: "F"),
    Wrong("14.predict_death", "E and F, as the demo shows", lambda: "EF"),
    Wrong("14.predict_death", "the seconds, not a letter", lambda: "100 s"),
    Wrong("14.predict_death", "lower case e", lambda: "e"),
    Wrong("14.predict_death", "'E)'", lambda: "E)"),
    # 14.fix_rows
    Wrong("14.fix_rows", "the strided rows, DistributedSampler style", lambda: r15_rows_strided),
    Wrong(
        "14.fix_rows", "train.py's reshape(count, -1): flattens 2-D", lambda: r15_rows_train_reshape
    ),
    Wrong("14.fix_rows", "data[p : p + n]: forgot to multiply", lambda: r15_rows_no_multiply),
    Wrong("14.fix_rows", "array_split on the last axis", lambda: r15_rows_split_axis1),
    Wrong("14.fix_rows", "data[p * n:]: no end to the block", lambda: r15_rows_open_end),
    Wrong("14.fix_rows", "block length from data.size", lambda: r15_rows_size),
    Wrong("14.fix_rows", "blocks of process_count rows", lambda: r15_rows_count_as_length),
    Wrong(
        "14.fix_rows", "reshape(-1, count)[:, p]: strided again", lambda: r15_rows_reshape_columns
    ),
    Wrong("14.fix_rows", "every process passes all the data", lambda: r15_rows_everything),
    Wrong("14.fix_rows", "jax.process_index() instead of the argument", lambda: r15_rows_jax_index),
    Wrong("14.fix_rows", "blocks numbered from the end", lambda: r15_rows_reversed),
    # 14.global_mean
    Wrong("14.global_mean", "this process's own weighted mean", lambda: r15_gm_local),
    Wrong("14.global_mean", "mean of the two processes' means", lambda: r15_gm_mean_of_means),
    Wrong("14.global_mean", "unweighted mean of all values", lambda: r15_gm_unweighted),
    Wrong("14.global_mean", "sum(w * v) over the count of values", lambda: r15_gm_over_count),
    Wrong(
        "14.global_mean", "global numerator, local denominator", lambda: r15_gm_local_denominator
    ),
    Wrong("14.global_mean", "tiled=True: reads process 0's own pair", lambda: r15_gm_tiled_slip),
    Wrong("14.global_mean", "returns numerator and denominator", lambda: r15_gm_pair),
    Wrong(
        "14.global_mean",
        "weights normalised per process first",
        lambda: r15_gm_weights_normalised_locally,
    ),
    Wrong("14.global_mean", "divides by sum of values, not weights", lambda: r15_gm_swapped),
]
RIGHT_15 = [
    Right("14.predict_view", "B", lambda: "B"),
    Right("14.predict_death", "E", lambda: "E"),
    Right("14.fix_rows", "np.split into count blocks", lambda: r15_rows_right_split),
    Right("14.fix_rows", "reshape(count, -1, *rest)[p]", lambda: r15_rows_right_reshape),
    Right("14.fix_rows", "np.take of the block's indices", lambda: r15_rows_right_take),
    Right("14.fix_rows", "a jax array of the block", lambda: r15_rows_right_jnp),
    Right("14.global_mean", "two process_allgathers, np.dot", lambda: r15_gm_right_two_gathers),
    Right("14.global_mean", "tiled=True, reshaped into pairs", lambda: r15_gm_right_tiled_reshape),
    Right(
        "14.global_mean", "one sum per device, a global jnp.sum", lambda: r15_gm_right_global_array
    ),
]
