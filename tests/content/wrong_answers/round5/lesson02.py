"""Round 5, lesson 02 (timing honestly): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 02.block_tree


def r5_run_block_in_loop(f, xs):
    results = []
    for x in xs:
        results.append(jax.block_until_ready(f(x)))  # waits at every call: the device idles
    return results


def r5_run_no_wait(f, xs):
    return [f(x) for x in xs]


def r5_run_wait_last_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])  # "the last one finishes last"
    return results


def r5_run_wait_first_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])
    return results


def r5_run_return_last(f, xs):
    for x in xs:
        out = f(x)
    return jax.block_until_ready(out)


def r5_run_method_on_dict(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r.block_until_ready()  # a dict has no such method
    return results


def r5_run_loss_only(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()  # waits on the loss, not the gradients
    return results


def r5_run_calls_twice(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([f(x) for x in xs])  # waits on a second round of calls
    return results


def r5_run_device_get(f, xs):
    # waits, but hands back NumPy copies, not the results
    return jax.device_get([f(x) for x in xs])


def r5_run_reversed(f, xs):
    results = [f(x) for x in reversed(xs)]
    return jax.block_until_ready(results)


def r5_run_tree_map_in_loop(f, xs):
    results = []
    for x in xs:
        out = f(x)
        jax.tree.map(lambda a: a.block_until_ready(), out)
        results.append(out)
    return results


def r5_run_block_all(f, xs):
    results = [f(x) for x in xs]
    return jax.block_until_ready(results)


def r5_run_block_each_after(f, xs):
    results = list(map(f, xs))
    for r in results:
        jax.block_until_ready(r)
    return results


def r5_run_tree_map_after(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.tree.map(lambda a: a.block_until_ready(), results)
    return results


def r5_run_leaves_after(f, xs):
    results = [f(x) for x in xs]
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


# ---------------------------------------------------------------- 02.time_call


def r5_time_no_warmup(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r5_time_no_block(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    f(*args)
    return time.perf_counter() - start


def r5_time_warmup_unblocked(f, *args):
    f(*args)  # warm-up, not waited for
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r5_time_milliseconds(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) * 1000


def r5_time_clock_includes_warmup(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))  # warm-up inside the timed region
    jax.block_until_ready(f(*args))
    return (time.perf_counter() - start)


def r5_time_total_of_ten(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start  # forgot to divide by 10


def r5_time_swapped(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return start - time.perf_counter()


def r5_time_returns_result(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    out = jax.block_until_ready(f(*args))
    _ = time.perf_counter() - start
    return out


def r5_time_process_time(f, *args):
    jax.block_until_ready(f(*args))
    start = time.process_time()  # CPU time of this process: misses time spent waiting
    jax.block_until_ready(f(*args))
    return time.process_time() - start


def r5_time_timeit_unblocked(f, *args):
    f(*args)
    return timeit.timeit(lambda: f(*args), number=10) / 10


def r5_time_first_call(f, *args):
    # the warm-up call is the one timed
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    elapsed = time.perf_counter() - start
    jax.block_until_ready(f(*args))
    return elapsed


def r5_time_block_last_of_loop(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(5):
        out = f(*args)
    jax.block_until_ready(out)
    return time.perf_counter() - start  # five calls' time, reported as one


def r5_time_perf_counter_ns(f, *args):
    jax.block_until_ready(f(*args))
    t0 = time.perf_counter_ns()
    jax.block_until_ready(f(*args))
    return (time.perf_counter_ns() - t0) / 1e9


def r5_time_median(f, *args):
    jax.block_until_ready(f(*args))
    samples = []
    for _ in range(7):
        t0 = time.perf_counter()
        jax.block_until_ready(f(*args))
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def r5_time_timeit_repeat(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=1, repeat=5)
    return min(runs)


def r5_time_mean_of_blocked(f, *args):
    jax.block_until_ready(f(*args))
    n = 5
    t0 = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - t0) / n


ROUND_5 = (
    # 02.which_dispatch
    Wrong("02.which_dispatch", "'D': thinks block_until_ready only dispatches", lambda: "D"),
    Wrong("02.which_dispatch", "'B': thinks float() is just a cast", lambda: "B"),
    Wrong("02.which_dispatch", "'C': thinks .tolist() is lazy", lambda: "C"),
    Wrong("02.which_dispatch", "'BC': thinks both conversions skip the work", lambda: "BC"),
    Wrong("02.which_dispatch", "'AC': A and the lazy-looking tolist", lambda: "AC"),
    Wrong("02.which_dispatch", "'ABC': everything but block_until_ready", lambda: "ABC"),
    Wrong("02.which_dispatch", "'AD': picks the jax-only lines", lambda: "AD"),
    Wrong("02.which_dispatch", "'': thinks every line waits", lambda: ""),
    # 02.block_tree
    Wrong("02.block_tree", "waits inside the loop after every call", lambda: r5_run_block_in_loop),
    Wrong("02.block_tree", "never waits", lambda: r5_run_no_wait),
    Wrong("02.block_tree", "waits on the last result only", lambda: r5_run_wait_last_only),
    Wrong("02.block_tree", "waits on the first result only", lambda: r5_run_wait_first_only),
    Wrong("02.block_tree", "returns only the last result, blocked", lambda: r5_run_return_last),
    Wrong("02.block_tree", "calls .block_until_ready() on each dict", lambda: r5_run_method_on_dict),
    Wrong("02.block_tree", "waits on each result's 'loss' only", lambda: r5_run_loss_only),
    Wrong("02.block_tree", "blocks on a second round of calls, returns the first", lambda: r5_run_calls_twice),
    Wrong("02.block_tree", "jax.device_get of the list: NumPy copies", lambda: r5_run_device_get),
    Wrong("02.block_tree", "calls in reversed order", lambda: r5_run_reversed),
    Wrong("02.block_tree", "jax.tree.map(block_until_ready) inside the loop", lambda: r5_run_tree_map_in_loop),
    # 02.first_calls
    Wrong("02.first_calls", "'BC': forgot that jax.jit(jnp.cumprod) is a new function", lambda: "BC"),
    Wrong("02.first_calls", "'BCDE': thinks a NumPy argument compiles again", lambda: "BCDE"),
    Wrong("02.first_calls", "'B': thinks only a new shape compiles", lambda: "B"),
    Wrong("02.first_calls", "'CE': thinks 1001 vs 1000 reuses the code", lambda: "CE"),
    Wrong("02.first_calls", "'ABCDE': thinks every first call compiles", lambda: "ABCDE"),
    Wrong("02.first_calls", "'E': thinks only jax.jit compiles", lambda: "E"),
    Wrong("02.first_calls", "'': thinks eager jnp never compiles twice", lambda: ""),
    Wrong("02.first_calls", "'BCD': NumPy instead of jit", lambda: "BCD"),
    Wrong("02.first_calls", "'ABC': thinks new values compile too, jit reuses cumprod's", lambda: "ABC"),
    # 02.time_call
    Wrong("02.time_call", "no warm-up: times the compile", lambda: r5_time_no_warmup),
    Wrong("02.time_call", "warm-up but the timed call is not waited for", lambda: r5_time_no_block),
    Wrong("02.time_call", "warm-up not blocked", lambda: r5_time_warmup_unblocked),
    Wrong("02.time_call", "returns milliseconds", lambda: r5_time_milliseconds),
    Wrong("02.time_call", "clock started before the warm-up", lambda: r5_time_clock_includes_warmup),
    Wrong("02.time_call", "total of ten calls, not divided", lambda: r5_time_total_of_ten),
    Wrong("02.time_call", "start - end: negative", lambda: r5_time_swapped),
    Wrong("02.time_call", "returns f's result, not the time", lambda: r5_time_returns_result),
    Wrong("02.time_call", "time.process_time: misses the wait", lambda: r5_time_process_time),
    Wrong("02.time_call", "timeit.timeit of unblocked calls", lambda: r5_time_timeit_unblocked),
    Wrong("02.time_call", "times the first call (the warm-up) instead", lambda: r5_time_first_call),
    Wrong("02.time_call", "five calls, block on the last, not divided", lambda: r5_time_block_last_of_loop),
)

RIGHT_5 = (
    # 02.which_dispatch
    Right("02.which_dispatch", "'A'", lambda: "A"),
    Right("02.which_dispatch", "lowercase 'a'", lambda: "a"),
    Right("02.which_dispatch", "'A' with a newline", lambda: "A\n"),
    # 02.block_tree
    Right("02.block_tree", "list comprehension, then jax.block_until_ready(results)", lambda: r5_run_block_all),
    Right("02.block_tree", "list(map(f, xs)), then block each result after the loop", lambda: r5_run_block_each_after),
    Right("02.block_tree", "append in a loop, then jax.tree.map(block_until_ready) over the list", lambda: r5_run_tree_map_after),
    Right("02.block_tree", "block every leaf of jax.tree.leaves(results)", lambda: r5_run_leaves_after),
    # 02.first_calls
    Right("02.first_calls", "'BCE'", lambda: "BCE"),
    Right("02.first_calls", "lowercase 'bce'", lambda: "bce"),
    Right("02.first_calls", "'CEB': another order", lambda: "CEB"),
    # 02.time_call
    Right("02.time_call", "perf_counter_ns around one blocked call after a blocked warm-up", lambda: r5_time_perf_counter_ns),
    Right("02.time_call", "median of 7 blocked calls", lambda: r5_time_median),
    Right("02.time_call", "min of timeit.repeat with number=1", lambda: r5_time_timeit_repeat),
    Right("02.time_call", "mean of 5 blocked calls", lambda: r5_time_mean_of_blocked),
)
