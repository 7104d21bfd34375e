"""Lesson 14: realistic wrong answers (see the package docstring for the labels).

The 14.global_mean answers are functions the check sends to 2 worker processes, where
the names of hello.py's first lines (``jax``, ``jnp``, ``np``, ``multihost_utils``,
``NamedSharding``, ``P``, ``mesh``) exist; here they are undefined, hence the noqa marks.
Each process's ``local_values`` and ``local_weights`` are NumPy arrays of 4 numbers.
Each one that gets past the check's reading of its code costs one launch (a few seconds).
"""

# ruff: noqa: F821

from __future__ import annotations

import numpy as np

from tests.content.wrong_answers import Wrong

# --- 14.fix_rows --------------------------------------------------------------------------


def rows_by_modulo(data, process_index, process_count):
    positions = np.arange(len(data))
    return data[positions % process_count == process_index]


def rows_from_reshape(data, process_index, process_count):
    blocks = data.reshape(process_count, -1)
    return blocks[process_index]


def rows_counted_from_one(data, process_index, process_count):
    n = len(data) // process_count
    start = process_index * n + n
    return data[start : start + n]


def rows_all(data, process_index, process_count):
    return data.copy()


def rows_lesson_block(data, process_index, process_count):
    return data[process_index * 32 : process_index * 32 + 32]


def rows_stop_at_size(data, process_index, process_count):
    size = len(data) // process_count
    start = process_index * size
    return data[start:size]


def rows_array_split(data, process_index, process_count):
    return np.array_split(data, process_count)


def rows_one_row_over(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index * size : (process_index + 1) * size + 1]


def rows_start_at_index(data, process_index, process_count):
    size = len(data) // process_count
    return data[process_index : process_index + size]


def rows_previous_block(data, process_index, process_count):
    return np.split(data, process_count)[process_index - 1]


def rows_four_devices(data, process_index, process_count):
    per_process = len(data) // 4  # 4 devices per process
    return data[process_index * per_process : (process_index + 1) * per_process]


def rows_count_as_size(data, process_index, process_count):
    return data[process_index * process_count : (process_index + 1) * process_count]


def columns_strided(data, process_index, process_count):
    return data.T[process_index::process_count].T


def rows_as_nested_lists(data, process_index, process_count):
    per_process = len(data) // process_count
    return data[process_index * per_process : (process_index + 1) * per_process].tolist()


# --- 14.global_mean -----------------------------------------------------------------------


def mean_numpy_local(local_values, local_weights):
    return np.average(local_values, weights=local_weights)


def mean_replicated_spec(local_values, local_weights):
    sharding = NamedSharding(mesh, P())
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return jnp.sum(values * weights) / jnp.sum(weights)


def mean_hello_with_mean(local_values, local_weights):
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local_values)
    return jnp.mean(x)


def mean_weights_times_mean(local_values, local_weights):
    parts = np.array([np.sum(local_values * local_weights), len(local_values)])
    gathered = multihost_utils.process_allgather(parts)
    return gathered[:, 0].sum() / gathered[:, 1].sum()


def mean_total(local_values, local_weights):
    gathered = multihost_utils.process_allgather(np.sum(local_values * local_weights))
    total = jnp.sum(gathered)
    return total


def mean_over_local_weight_sum(local_values, local_weights):
    gathered = multihost_utils.process_allgather(np.sum(local_values * local_weights))
    return np.sum(gathered) / np.sum(local_weights)


def mean_of_gathered_means(local_values, local_weights):
    means = multihost_utils.process_allgather(np.average(local_values, weights=local_weights))
    return jnp.mean(means)


def mean_scaled_global(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    padded = np.zeros(4)
    padded[:2] = np.sum(local_values * local_weights), np.sum(local_weights)
    return jax.make_array_from_process_local_data(sharding, padded)


def mean_as_in_hello(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return jnp.sum(values * weights) / jnp.sum(weights)


def mean_pmean(local_values, local_weights):
    return jax.lax.pmean(jnp.average(local_values, weights=local_weights), "batch")


def mean_no_return(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    mean = jnp.sum(values * weights) / jnp.sum(weights)  # noqa: F841


def mean_device_put(local_values, local_weights):
    values = jax.device_put(local_values, NamedSharding(mesh, P("batch")))
    weights = jax.device_put(local_weights, NamedSharding(mesh, P("batch")))
    return jnp.average(values, weights=weights)


def mean_one_argument(local_values):
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local_values)
    return jnp.mean(x)


def mean_gathered_columns(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values)
    weights = multihost_utils.process_allgather(local_weights)
    return jnp.sum(values * weights, axis=0) / jnp.sum(weights, axis=0)


def mean_over_value_sum(local_values, local_weights):
    parts = np.array([np.dot(local_values, local_weights), local_values.sum()])
    gathered = multihost_utils.process_allgather(parts)
    return gathered[:, 0].sum() / gathered[:, 1].sum()


def mean_roles_swapped(local_values, local_weights):
    both = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_values)])
    )
    return float(both.sum(axis=0)[0] / both.sum(axis=0)[1])


def mean_average_swapped(local_values, local_weights):
    sums = np.array([np.sum(local_values * local_weights), np.sum(local_values)])
    total = multihost_utils.process_allgather(sums).sum(axis=0)
    return total[0] / total[1]


WRONG_ANSWERS = (
    # 14.predict_view
    Wrong("14.predict_view", "lower-case a", lambda: "a", named="local-sum"),
    Wrong("14.predict_view", "(D)", lambda: "(D)", named="sees-everything"),
    Wrong("14.predict_view", "option e", lambda: "option e", named="cannot-reach"),
    Wrong(
        "14.predict_view",
        "row A's text pasted",
        lambda: "holds [4. 5. 6. 7.], sum 22.0: a sum runs on this process's own devices only",
        named="local-sum",
    ),
    Wrong("14.predict_view", "d with a full stop", lambda: "d.", named="sees-everything"),
    Wrong(
        "14.predict_view",
        "C: the right numbers, the values copied",
        lambda: "C",
        named="copies-values",
    ),
    Wrong(
        "14.predict_view",
        "lower-case c, after running hello.py",
        lambda: " c",
        named="copies-values",
    ),
    Wrong(
        "14.predict_view",
        "row C's text retyped",
        lambda: (
            "holds [4. 5. 6. 7.], sum 28.0: the other process's 4 values are first copied "
            "to every device, which then sums all 8"
        ),
        named="copies-values",
    ),
    Wrong("14.predict_view", "the device count", lambda: 8, says="not numbers"),
    Wrong("14.predict_view", "two letters", lambda: "B and C", says="names 2 options"),
    Wrong("14.predict_view", "the count as a string", lambda: "8", says="not numbers"),
    Wrong("14.predict_view", "True", lambda: True, says="as a string"),
    # 14.predict_death
    Wrong("14.predict_death", "lower-case a", lambda: "a", named="catches-it"),
    Wrong("14.predict_death", "C", lambda: "C", named="waits-forever"),
    Wrong("14.predict_death", "option b", lambda: "option b", named="carries-on"),
    Wrong(
        "14.predict_death",
        "option A's text, retyped",
        lambda: (
            'the second sum raises an exception: process 0 prints "caught ..." and "process 0 done"'
        ),
        named="catches-it",
    ),
    Wrong("14.predict_death", "c)", lambda: "c)", named="waits-forever"),
    Wrong("14.predict_death", "the seconds it printed", lambda: 4, says="not numbers"),
    Wrong("14.predict_death", "the default, as a number", lambda: 100, says="not numbers"),
    Wrong("14.predict_death", "E or F", lambda: "E or F", says="names 2 options"),
    Wrong("14.predict_death", "in words", lambda: "it hangs", says="not one of the options"),
    Wrong("14.predict_death", "B with a space", lambda: " b ", named="carries-on"),
    Wrong("14.predict_death", "D: at once", lambda: "D", named="at-once"),
    Wrong("14.predict_death", "lower-case d.", lambda: "d.", named="at-once"),
    Wrong(
        "14.predict_death",
        "option D's text retyped",
        lambda: (
            "JAX ends process 0, with no exception and nothing more printed, at once: the second "
            "sum finds its connection to process 1 closed"
        ),
        named="at-once",
    ),
    Wrong("14.predict_death", "F: the longest timeout", lambda: "F", named="shutdown-timeout"),
    Wrong("14.predict_death", "f, the shutdown", lambda: "(f)", named="shutdown-timeout"),
    # 14.fix_rows
    Wrong("14.fix_rows", "index % count == rank", lambda: rows_by_modulo, named="strided"),
    Wrong("14.fix_rows", "reshape(count, -1)", lambda: rows_from_reshape, named="flattened"),
    Wrong("14.fix_rows", "start one block late", lambda: rows_counted_from_one, named="one-based"),
    Wrong(
        "14.fix_rows", "every process passes a copy of all", lambda: rows_all, named="whole-data"
    ),
    Wrong("14.fix_rows", "blocks of 32", lambda: rows_lesson_block, named="lesson-size"),
    Wrong(
        "14.fix_rows", "stops at the block size", lambda: rows_stop_at_size, named="stop-is-size"
    ),
    Wrong("14.fix_rows", "array_split, not indexed", lambda: rows_array_split, named="all-blocks"),
    Wrong(
        "14.fix_rows",
        "np.split indexed with process_index - 1",
        lambda: rows_previous_block,
        named="mesh-order",
    ),
    Wrong(
        "14.fix_rows",
        "divides by 4, the devices per process",
        lambda: rows_four_devices,
        says="no process gets rows",
    ),
    Wrong(
        "14.fix_rows",
        "the process count as the block size",
        lambda: rows_count_as_size,
        says="no process gets rows",
    ),
    Wrong("14.fix_rows", "strided columns", lambda: columns_strided, says="not rows of data"),
    Wrong(
        "14.fix_rows",
        "the right block, as nested Python lists",
        lambda: rows_as_nested_lists,
        says="reads a list as a pytree",
    ),
    Wrong(
        "14.fix_rows",
        "each block one row longer, into the next",
        lambda: rows_one_row_over,
        says="more than one process gets row",
    ),
    Wrong(
        "14.fix_rows",
        "process_index rows in, one block long",
        lambda: rows_start_at_index,
        says="more than one process gets rows",
    ),
    # 14.global_mean
    Wrong(
        "14.global_mean",
        "np.average of the local values and weights",
        lambda: mean_numpy_local,
        named="local-mean",
    ),
    Wrong(
        "14.global_mean",
        "a replicated P() for process-local values",
        lambda: mean_replicated_spec,
        named="replicated",
    ),
    Wrong(
        "14.global_mean",
        "hello.py with sum changed to mean",
        lambda: mean_hello_with_mean,
        named="joined-as-they-are",
    ),
    Wrong(
        "14.global_mean",
        "hello.py's x for values and weights, the counts not looked at",
        lambda: mean_as_in_hello,
        named="joined-as-they-are",
    ),
    Wrong(
        "14.global_mean",
        "jnp.mean of values times weights",
        lambda: mean_weights_times_mean,
        named="over-value-count",
    ),
    Wrong(
        "14.global_mean", "the weighted sum, named total", lambda: mean_total, named="weighted-sum"
    ),
    Wrong(
        "14.global_mean",
        "divided by this process's weights",
        lambda: mean_over_local_weight_sum,
        named="over-local-weights",
    ),
    Wrong(
        "14.global_mean",
        "the mean of the gathered local means",
        lambda: mean_of_gathered_means,
        named="mean-of-means",
    ),
    Wrong(
        "14.global_mean",
        "a global array of the totals, returned as it is",
        lambda: mean_scaled_global,
        named="global-array",
    ),
    Wrong(
        "14.global_mean",
        "lax.pmean outside a mapped function",
        lambda: mean_pmean,
        named="collective-outside-map",
    ),
    Wrong("14.global_mean", "no return", lambda: mean_no_return, says="returns None"),
    Wrong(
        "14.global_mean",
        "divided by the values' sum",
        lambda: mean_over_value_sum,
        named="over-value-sum",
    ),
    Wrong(
        "14.global_mean",
        "values and weights swapped in the division",
        lambda: mean_roles_swapped,
        named="over-value-sum",
    ),
    Wrong(
        "14.global_mean",
        "the values' total as the denominator",
        lambda: mean_average_swapped,
        named="over-value-sum",
    ),
    Wrong(
        "14.global_mean",
        "device_put of the local values",
        lambda: mean_device_put,
        says="raised",
    ),
    Wrong(
        "14.global_mean",
        "the old one-argument signature",
        lambda: mean_one_argument,
        says="two arguments",
    ),
    Wrong(
        "14.global_mean",
        "the values gathered as they are, of different lengths",
        lambda: mean_gathered_columns,
        named="gathered-as-they-are",
    ),
)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_rows_reshape_like_train(data, process_index, process_count):
    return data.reshape(process_count, -1)[process_index]


def r3_rows_no_end(data, process_index, process_count):
    n = len(data) // process_count
    return data[process_index * n :]


def r3_rows_split_columns(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def r3_mean_of_local_means(local_values, local_weights):
    local_mean = np.sum(local_values * local_weights) / np.sum(local_weights)
    means = multihost_utils.process_allgather(np.array([local_mean]), tiled=True)
    return float(np.mean(means))


def r3_mean_over_value_sum(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))
    values = jax.make_array_from_process_local_data(sharding, local_values)
    weights = jax.make_array_from_process_local_data(sharding, local_weights)
    return jnp.sum(weights * values) / jnp.sum(values)


def r3_mean_psum_outside(local_values, local_weights):
    total = jax.lax.psum(jnp.sum(local_values * local_weights), "batch")
    weight = jax.lax.psum(jnp.sum(local_weights), "batch")
    return total / weight


ROUND_3 = (
    Wrong("14.predict_view", '"D": the sum cannot reach the other shards', lambda: "D"),
    Wrong("14.predict_view", '"A": only the local values are summed', lambda: "A"),
    Wrong("14.predict_view", '"C": every process holds all', lambda: "C"),
    Wrong("14.predict_death", '"A": the error is caught', lambda: "A"),
    Wrong("14.predict_death", '"C": waits for the time limit', lambda: "C"),
    Wrong("14.predict_death", '"B": sums its own values', lambda: "B"),
    Wrong(
        "14.fix_rows", "reshape(count, -1)[index], as train.py", lambda: r3_rows_reshape_like_train
    ),
    Wrong("14.fix_rows", "data[index * n:], no end", lambda: r3_rows_no_end),
    Wrong(
        "14.fix_rows",
        "np.split along the last axis",
        lambda: r3_rows_split_columns,
        named="columns",
    ),
    Wrong("14.global_mean", "the mean of the local weighted means", lambda: r3_mean_of_local_means),
    Wrong("14.global_mean", "divided by the sum of the values", lambda: r3_mean_over_value_sum),
    Wrong("14.global_mean", "lax.psum outside shard_map", lambda: r3_mean_psum_outside),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35 (session 45): round 8's wrong diagnoses -----------------------------------------


def mean_on_process_zero_only(local_values, local_weights):
    sums = multihost_utils.process_allgather(
        np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    )
    if jax.process_index() == 0:
        return float(sums[:, 0].sum() / sums[:, 1].sum())
    return None


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "the mean on process 0, None on the others",
        lambda: mean_on_process_zero_only,
        says="returned None in process 1",
    ),
)


# --- round 16 (session 53): equal parts that 4 devices do not split, told they differed ----
def mean_two_sums_sharded(local_values, local_weights):
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)], np.float32)
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    both = jax.make_array_from_process_local_data(sharding, mine)  # noqa: F821
    totals = jnp.sum(both.reshape(-1, 2), axis=0)  # noqa: F821
    return float(totals[0] / totals[1])


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "(weighted sum, weight sum) per process, sharded on 'batch'",
        lambda: mean_two_sums_sharded,
        named="joined-as-they-are",
    ),
)


# --- round 18: right on 2-D data, raises on 1-D -------------------------------------------
def r18_rows_reshape_last_axis(data, process_index, process_count):
    return data.reshape(process_count, -1, data.shape[-1])[process_index]


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.fix_rows",
        "reshape with data.shape[-1]: 1-D breaks",
        lambda: r18_rows_reshape_last_axis,
        named="two-axes-only",
    ),
)


# --- round 18 (fix18-3): gathered through process_allgather, then its own row kept (audit
# W: local-mean said a NumPy reduction stays in its process)


def r18f_mean_own_row(local_values, local_weights):
    parts = np.array([np.sum(local_weights * local_values), np.sum(local_weights)])
    gathered = multihost_utils.process_allgather(parts)
    mine = gathered[jax.process_index()]
    return float(mine[0] / mine[1])


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "gathered, then used its own row only",
        lambda: r18f_mean_own_row,
        named="own-part-of-gathered",
    ),
)


# ---- round 19's float-as-integer family (fix19-1: explained wherever it is raised) ---------


def r19f_rows_float_size(data, process_index, process_count):
    size = len(data) / process_count  # true division: a float, and slicing refuses it
    return data[process_index * size : (process_index + 1) * size]


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.fix_rows",
        "block size by true division, a float",
        lambda: r19f_rows_float_size,
        says="A float was given where a whole number is needed",
    ),
)


# --- round 19 (fix19-3): a gather only process 0 calls (audit W: told the shapes differed),
# process 0's part read from a tiled gather, padding given weights of one (audit G)
from tests.content.wrong_answers.round19 import lesson14 as _r19  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "only process 0 calls the gather (round 19)",
        lambda: _r19.r19_mean_only_process0,
        named="collective-in-one-process",
    ),
    Wrong(
        "14.global_mean",
        "tiled gather, then read process 0's pair (round 19)",
        lambda: _r19.r19_mean_tiled_pairs,
        named="one-process-part",
    ),
    Wrong(
        "14.global_mean",
        "padded to 4 with weights of one (round 19)",
        lambda: _r19.r19_mean_pad_weights_one,
        named="padding-weighed",
    ),
)


# --- round 20 (fix20-b): the two local weighted means added up (audit G: told only that
# the number is not the weighted mean)
from tests.content.wrong_answers.round20 import lesson14 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "adds the local means instead of averaging (round 20)",
        lambda: _r20.r20_gm_sum_of_means,
        named="sum-of-means",
    ),
)


# --- round 21 (fix21-b): the ratio upside down, the means counted by values, the
# padding's copies weighed (audit G: told only the number)
from tests.content.wrong_answers.round21 import lesson14 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "14.global_mean",
        "ratio upside down (round 21)",
        lambda: _r21.r21_mean_inverted,
        named="inverted",
    ),
    Wrong(
        "14.global_mean",
        "local means weighted by counts (round 21)",
        lambda: _r21.r21_mean_means_by_count,
        named="means-by-count",
    ),
    Wrong(
        "14.global_mean",
        "padded with edge values, not zero weights (round 21)",
        lambda: _r21.r21_mean_edge_padding,
        named="padding-copies",
    ),
)
