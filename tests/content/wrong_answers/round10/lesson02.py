"""Round 10, lesson 02 (Time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 02.block_tree


def r10_run_all_copied(f, xs):
    results = []
    for x in xs:
        result = f(x)
        result["loss"].block_until_ready()
        results.append(result)
    return results


def r10_run_all_losses_at_end(f, xs):
    results = [f(x) for x in xs]
    for result in results:
        result["loss"].block_until_ready()  # the grads are never waited for
    return results


def r10_run_all_tree_per_batch(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]  # waits after every batch


def r10_run_all_no_wait(f, xs):
    return [f(x) for x in xs]


def r10_run_all_last_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])  # the device runs in order, so the rest are done?
    return results


def r10_run_all_twice(f, xs):
    jax.block_until_ready([f(x) for x in xs])
    return [f(x) for x in xs]  # fresh calls, not waited for


def r10_run_all_no_return(f, xs):
    results = list(map(f, xs))
    jax.block_until_ready(results)


def r10_run_all_blocks_inputs(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(xs)
    return results


def r10_run_all_device_get(f, xs):
    return jax.device_get([f(x) for x in xs])  # waits, but hands back NumPy copies


def r10_run_all_vmap(f, xs):
    return jax.block_until_ready(jax.vmap(f)(jnp.stack(xs)))


def r10_run_all_tree_map(f, xs):
    results = [f(x) for x in xs]
    return jax.tree.map(lambda leaf: leaf.block_until_ready(), results)


def r10_run_all_leaves(f, xs):
    results = list(map(f, xs))
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


def r10_run_all_tuple(f, xs):
    return jax.block_until_ready(tuple(f(x) for x in xs))


def r10_run_all_append(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.block_until_ready(results)
    return results


# ---------------------------------------------------------------- 02.time_call


def r10_time_quick(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r10_time_no_warmup(f, *args):
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 10  # the compile is in the mean


def r10_time_unblocked_warmup_once(f, *args):
    f(*args)  # warm-up, not waited for
    start = time.perf_counter()
    f(*args).block_until_ready()  # waits for the warm-up's work as well
    return time.perf_counter() - start


def r10_time_measure_helper(f, *args):
    return timing.measure(f, *args, budget_s=0.2).median_s


def r10_time_milliseconds(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)  # "ms read better"


def r10_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide by the count


def r10_time_first_call(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r10_time_process_time(f, *args):
    f(*args).block_until_ready()
    start = time.process_time()  # CPU time: waiting for the device does not count
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 10


def r10_time_ns(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter_ns()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter_ns() - start) / 10  # nanoseconds, not seconds


def r10_time_blocks_args(f, *args):
    f(*args)
    jax.block_until_ready(args)
    start = time.perf_counter()
    for _ in range(10):
        f(*args)
    jax.block_until_ready(args)  # the inputs were ready all along
    return (time.perf_counter() - start) / 10


def r10_time_min_no_warmup(f, *args):
    times = []
    for _ in range(8):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return min(times)  # the first call is never the fastest


def r10_time_pipelined(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        result = f(*args)
    result.block_until_ready()  # calls run in order: the last waits for all
    return (time.perf_counter() - start) / 10


def r10_time_timeit(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=1, repeat=7)
    return min(runs)


def r10_time_sorted_middle(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(9):
        t0 = time.monotonic()
        f(*args).block_until_ready()
        times.append(time.monotonic() - t0)
    return sorted(times)[len(times) // 2]


ROUND_10 = [
    Wrong("02.which_dispatch", "C and E only: thought .shape waits for the values", lambda: "CE"),
    Wrong("02.which_dispatch", "A and C: missed that jnp.maximum is dispatched too", lambda: "AC"),
    Wrong("02.which_dispatch", "ACDE: np.asarray thought to be a cheap view", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: Python max thought lazy", lambda: "ABCE"),
    Wrong("02.which_dispatch", "E only: jnp.sqrt thought to need the number", lambda: "E"),
    Wrong("02.which_dispatch", "none: all five thought to wait", lambda: ""),
    Wrong("02.which_dispatch", "BD: read the question the other way round", lambda: "BD"),
    Wrong("02.which_dispatch", "the right letters in lower case", lambda: "ace"),
    Wrong("02.which_dispatch", "the letters as a list", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "A only: only attribute access is free", lambda: "A"),
    Wrong("02.block_tree", "the colleague's helper, unchanged", lambda: r10_run_all_copied),
    Wrong(
        "02.block_tree",
        "waits for every loss at the end, never the grads",
        lambda: r10_run_all_losses_at_end,
    ),
    Wrong(
        "02.block_tree",
        "jax.block_until_ready on each result inside the loop",
        lambda: r10_run_all_tree_per_batch,
    ),
    Wrong("02.block_tree", "no waiting at all", lambda: r10_run_all_no_wait),
    Wrong(
        "02.block_tree",
        "waits for the last result only, trusting device order",
        lambda: r10_run_all_last_only,
    ),
    Wrong(
        "02.block_tree",
        "waits on one set of calls, returns a second, unwaited set",
        lambda: r10_run_all_twice,
    ),
    Wrong(
        "02.block_tree", "blocks on the list but forgot to return it", lambda: r10_run_all_no_return
    ),
    Wrong(
        "02.block_tree",
        "blocked on xs, the inputs, not the results",
        lambda: r10_run_all_blocks_inputs,
    ),
    Wrong(
        "02.block_tree",
        "jax.device_get: waits, but returns NumPy copies",
        lambda: r10_run_all_device_get,
    ),
    Wrong(
        "02.block_tree",
        "vmapped f over the stacked batches: one dict, no list",
        lambda: r10_run_all_vmap,
    ),
    Wrong("02.first_calls", "CDE: a bool array thought to reuse the float code", lambda: "CDE"),
    Wrong("02.first_calls", "ACE: reshape thought not to matter, cumprod flattens", lambda: "ACE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument thought to compile anew", lambda: "ABCDE"),
    Wrong("02.first_calls", "C only: only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "none: cumprod already compiled", lambda: ""),
    Wrong("02.first_calls", "ACD: a strided slice thought to be the same array", lambda: "ACD"),
    Wrong(
        "02.first_calls", "ADE: the jitted lambda thought to reuse cumprod's code", lambda: "ADE"
    ),
    Wrong("02.first_calls", "right letters, lower case", lambda: "acde"),
    Wrong("02.first_calls", "right letters, comma separated", lambda: "A, C, D, E"),
    Wrong("02.first_calls", "DE: only new shapes compile, not new dtypes", lambda: "DE"),
    Wrong("02.time_call", "the colleague's time_call_quick, unchanged", lambda: r10_time_quick),
    Wrong(
        "02.time_call",
        "no warm-up: mean of 10 blocked calls, compile included",
        lambda: r10_time_no_warmup,
    ),
    Wrong(
        "02.time_call",
        "unblocked warm-up, then one blocked call timed",
        lambda: r10_time_unblocked_warmup_once,
    ),
    Wrong(
        "02.time_call",
        "timing.measure(...).median_s: the lesson's helper",
        lambda: r10_time_measure_helper,
    ),
    Wrong(
        "02.time_call",
        "median of blocked calls, returned in milliseconds",
        lambda: r10_time_milliseconds,
    ),
    Wrong("02.time_call", "total of 10 calls, not divided by 10", lambda: r10_time_total),
    Wrong("02.time_call", "timed only the first call, blocked", lambda: r10_time_first_call),
    Wrong(
        "02.time_call",
        "time.process_time: CPU time, waiting not counted",
        lambda: r10_time_process_time,
    ),
    Wrong("02.time_call", "perf_counter_ns, never converted to seconds", lambda: r10_time_ns),
    Wrong(
        "02.time_call",
        "blocked on the arguments instead of the result",
        lambda: r10_time_blocks_args,
    ),
]
RIGHT_10 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the right letters in another order", lambda: "ECA"),
    Right(
        "02.block_tree",
        "jax.tree.map calling each leaf's block_until_ready",
        lambda: r10_run_all_tree_map,
    ),
    Right(
        "02.block_tree",
        "a loop over jax.tree.leaves, each leaf blocked",
        lambda: r10_run_all_leaves,
    ),
    Right(
        "02.block_tree",
        "jax.block_until_ready on a tuple of the results",
        lambda: r10_run_all_tuple,
    ),
    Right("02.block_tree", "append loop, then one block on the list", lambda: r10_run_all_append),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the right letters in reverse order", lambda: "EDCA"),
    Right(
        "02.time_call", "no separate warm-up: min of blocked calls", lambda: r10_time_min_no_warmup
    ),
    Right(
        "02.time_call",
        "warm-up, 10 calls in a row, block on the last one",
        lambda: r10_time_pipelined,
    ),
    Right(
        "02.time_call", "timeit.repeat with number=1 after a warm-up, min", lambda: r10_time_timeit
    ),
    Right(
        "02.time_call", "time.monotonic, middle of the sorted times", lambda: r10_time_sorted_middle
    ),
]
