"""Round 7, lesson 02 (timing honestly): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 02.block_tree


def r7_run_all_slow(f, xs):
    # copied the colleague's helper
    results = []
    for x in xs:
        result = f(x)
        result["loss"].block_until_ready()
        results.append(result)
    return results


def r7_run_all_no_wait(f, xs):
    return [f(x) for x in xs]


def r7_run_all_loss_after(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()
    return results


def r7_run_all_last_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])
    return results


def r7_run_all_tree_each(f, xs):
    # waits for the whole tree, but batch by batch
    results = []
    for x in xs:
        results.append(jax.block_until_ready(f(x)))
    return results


def r7_run_all_numpy(f, xs):
    return [jax.tree.map(np.asarray, f(x)) for x in xs]


def r7_run_all_twice(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([f(x) for x in xs])
    return results


def r7_run_all_grads_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([r["grads"] for r in results])
    return results


def r7_run_all_inputs(f, xs):
    jax.block_until_ready(xs)
    return [f(x) for x in xs]


def r7_run_all_known_keys(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()
        r["grads"]["w"].block_until_ready()
    return results


def r7_run_all_first_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])
    return results


def r7_run_all_right_list(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results)
    return results


def r7_run_all_right_map(f, xs):
    return jax.block_until_ready(list(map(f, xs)))


def r7_run_all_right_leaves(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


def r7_run_all_right_each_after(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        jax.block_until_ready(r)
    return results


# ---------------------------------------------------------------- 02.time_call


def r7_time_quick(f, *args, repeats=20):
    # sneaky: the colleague's function unchanged
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r7_time_no_warmup(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r7_time_warmup_not_blocked_once(f, *args):
    f(*args)  # warm-up, not waited for
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r7_time_helper(f, *args):
    return timing.measure(f, *args).median_s


def r7_time_dispatch_helper(f, *args):
    return timing.dispatch_only(f, *args).median_s


def r7_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return time.perf_counter() - start


def r7_time_millis(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def r7_time_block_last(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    result.block_until_ready()
    return (time.perf_counter() - start) / repeats


def r7_time_mean_with_first(f, *args):
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)


def r7_time_max(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return max(times)


def r7_time_returns_result(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    result = f(*args).block_until_ready()
    _ = time.perf_counter() - start
    return result


def r7_time_right_median(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(15):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r7_time_right_loop_mean(f, *args):
    f(*args).block_until_ready()
    n = 10
    start = time.perf_counter()
    for _ in range(n):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / n


def r7_time_right_timeit(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=3, repeat=5)
    return min(runs) / 3


def r7_time_right_ns(f, *args):
    f(*args).block_until_ready()
    samples = []
    for _ in range(11):
        t0 = time.perf_counter_ns()
        out = f(*args)
        out.block_until_ready()
        samples.append(time.perf_counter_ns() - t0)
    return sorted(samples)[len(samples) // 2] / 1e9


ROUND_7 = [
    # 02.which_dispatch
    Wrong("02.which_dispatch", "D: thinks block_until_ready is the odd one out", lambda: "D"),
    Wrong("02.which_dispatch", "B: thinks float() is a cheap cast", lambda: "B"),
    Wrong("02.which_dispatch", "C: tolist looks like a host conversion only", lambda: "C"),
    Wrong("02.which_dispatch", "the three that wait", lambda: "BCD"),
    Wrong("02.which_dispatch", "A and D", lambda: "AD"),
    Wrong("02.which_dispatch", "d in lower case", lambda: "d"),
    Wrong("02.which_dispatch", "all four", lambda: "ABCD"),
    Wrong("02.which_dispatch", "empty: none of them", lambda: ""),
    Wrong("02.which_dispatch", "B and C: the conversions", lambda: "BC"),
    # 02.block_tree
    Wrong("02.block_tree", "sneaky: the colleague's helper copied", lambda: r7_run_all_slow),
    Wrong("02.block_tree", "never waits", lambda: r7_run_all_no_wait),
    Wrong("02.block_tree", "waits for every loss after the loop, not the grads", lambda: r7_run_all_loss_after),
    Wrong("02.block_tree", "waits only for the last batch", lambda: r7_run_all_last_only),
    Wrong("02.block_tree", "jax.block_until_ready inside the loop: batch by batch", lambda: r7_run_all_tree_each),
    Wrong("02.block_tree", "converts each result to NumPy inside the loop", lambda: r7_run_all_numpy),
    Wrong("02.block_tree", "waits for a second set of calls, not the returned one", lambda: r7_run_all_twice),
    Wrong("02.block_tree", "waits for the grads only", lambda: r7_run_all_grads_only),
    Wrong("02.block_tree", "waits for the inputs", lambda: r7_run_all_inputs),
    Wrong("02.block_tree", "waits for the keys of loss_and_grads by name", lambda: r7_run_all_known_keys),
    Wrong("02.block_tree", "waits only for the first batch", lambda: r7_run_all_first_only),
    # 02.first_calls
    Wrong("02.first_calls", "thinks a NumPy argument compiles too", lambda: "BCDE"),
    Wrong("02.first_calls", "forgot that jit is a new function", lambda: "BC"),
    Wrong("02.first_calls", "everything compiles", lambda: "ABCDE"),
    Wrong("02.first_calls", "only the dtype change", lambda: "C"),
    Wrong("02.first_calls", "shape and jit, not the dtype", lambda: "BE"),
    Wrong("02.first_calls", "dtype and jit, thinks one more element fits", lambda: "CE"),
    Wrong("02.first_calls", "only the jitted call", lambda: "E"),
    Wrong("02.first_calls", "new values compile as well", lambda: "ABCE"),
    Wrong("02.first_calls", "none: cumprod already ran", lambda: ""),
    Wrong("02.first_calls", "dtype, numpy and jit", lambda: "CDE"),
    # 02.time_call
    Wrong("02.time_call", "sneaky: time_call_quick copied", lambda: r7_time_quick),
    Wrong("02.time_call", "no warm-up: one blocked call", lambda: r7_time_no_warmup),
    Wrong("02.time_call", "warm-up not waited for, one timed call", lambda: r7_time_warmup_not_blocked_once),
    Wrong("02.time_call", "sneaky: timing.measure", lambda: r7_time_helper),
    Wrong("02.time_call", "sneaky: timing.dispatch_only", lambda: r7_time_dispatch_helper),
    Wrong("02.time_call", "total of 20 calls, not per call", lambda: r7_time_total),
    Wrong("02.time_call", "milliseconds, not seconds", lambda: r7_time_millis),
    Wrong("02.time_call", "waits only for the last call in the clock", lambda: r7_time_block_last),
    Wrong("02.time_call", "mean of 20 blocked calls, first call among them", lambda: r7_time_mean_with_first),
    Wrong("02.time_call", "no warm-up, max of 10 blocked calls", lambda: r7_time_max),
    Wrong("02.time_call", "returns the result, not the time", lambda: r7_time_returns_result),
]

RIGHT_7 = [
    Right("02.which_dispatch", "A", lambda: "A"),
    Right("02.which_dispatch", "a in lower case", lambda: "a"),
    Right("02.which_dispatch", "A with a space before", lambda: " A"),
    Right("02.block_tree", "list, then jax.block_until_ready on it", lambda: r7_run_all_right_list),
    Right("02.block_tree", "block_until_ready(list(map(f, xs)))", lambda: r7_run_all_right_map),
    Right("02.block_tree", "every leaf after the loop", lambda: r7_run_all_right_leaves),
    Right("02.block_tree", "each tree after all calls", lambda: r7_run_all_right_each_after),
    Right("02.first_calls", "BCE", lambda: "BCE"),
    Right("02.first_calls", "another order", lambda: "ECB"),
    Right("02.first_calls", "lower case", lambda: "bce"),
    Right("02.time_call", "median of blocked calls after a blocked warm-up", lambda: r7_time_right_median),
    Right("02.time_call", "each call blocked inside one clock, divided by n", lambda: r7_time_right_loop_mean),
    Right("02.time_call", "timeit.repeat on a blocked lambda", lambda: r7_time_right_timeit),
    Right("02.time_call", "perf_counter_ns, median", lambda: r7_time_right_ns),
]
