"""Round 6, lesson 02 (timing honestly): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import jax
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 02.block_tree


def r6_run_all_wait_each(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]


def r6_run_all_no_wait(f, xs):
    return [f(x) for x in xs]


def r6_run_all_wait_last(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])
    return results


def r6_run_all_wait_first(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])
    return results


def r6_run_all_dict_method(f, xs):
    results = [f(x) for x in xs]
    for result in results:
        result.block_until_ready()  # a dict has no such method: AttributeError
    return results


def r6_run_all_only_last(f, xs):
    for x in xs:
        result = f(x)
    return jax.block_until_ready(result)


def r6_run_all_leaves_in_loop(f, xs):
    results = []
    for x in xs:
        result = f(x)
        for leaf in jax.tree.leaves(result):
            leaf.block_until_ready()
        results.append(result)
    return results


def r6_run_all_reversed(f, xs):
    return jax.block_until_ready([f(x) for x in reversed(xs)])


def r6_run_all_no_return(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results)


def r6_run_all_to_numpy(f, xs):
    return [jax.tree.map(np.asarray, f(x)) for x in xs]


def r6_run_all_calls_twice(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([f(x) for x in xs])
    return results


def r6_run_all_skip_first(f, xs):
    return jax.block_until_ready([f(x) for x in xs[1:]])


def r6_run_all_block_tree(f, xs):
    return jax.block_until_ready([f(x) for x in xs])


def r6_run_all_append_then_wait(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.block_until_ready(results)
    return results


def r6_run_all_tree_map(f, xs):
    results = list(map(f, xs))
    return jax.tree.map(lambda leaf: leaf.block_until_ready(), results)


def r6_run_all_leaves_after(f, xs):
    results = [f(x) for x in xs]
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


# ---------------------------------------------------------------- 02.time_call


def r6_time_no_warmup(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r6_time_no_block(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    f(*args)
    return time.perf_counter() - start


def r6_time_mean_with_first(f, *args):
    start = time.perf_counter()
    for _ in range(5):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / 5


def r6_time_milliseconds(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(7):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def r6_time_total(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r6_time_with_helper(f, *args):
    return timing.measure(f, *args, budget_s=0.2).median_s


def r6_time_block_after_clock(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    out = f(*args)
    elapsed = time.perf_counter() - start
    jax.block_until_ready(out)
    return elapsed


def r6_time_returns_result(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    out = jax.block_until_ready(f(*args))
    time.perf_counter() - start
    return out


def r6_time_formatted(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return timing.format_seconds(time.perf_counter() - start)


def r6_time_process_time(f, *args):
    jax.block_until_ready(f(*args))
    start = time.process_time()
    jax.block_until_ready(f(*args))
    return time.process_time() - start


def r6_time_clock_before_warmup(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))  # warm-up, but inside the clock
    jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / 2


def r6_time_nanoseconds(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter_ns()
    jax.block_until_ready(f(*args))
    return time.perf_counter_ns() - start


def r6_time_median(f, *args):
    jax.block_until_ready(f(*args))  # warm-up
    samples = []
    for _ in range(9):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def r6_time_batch_mean(f, *args):
    jax.block_until_ready(f(*args))
    n = 10
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / n


def r6_time_min(f, *args):
    jax.block_until_ready(f(*args))
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        best = min(best, time.perf_counter() - start)
    return best


def r6_time_timeit_module(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=1, repeat=5)
    return min(runs)


ROUND_6 = [
    # 02.which_dispatch
    Wrong("02.which_dispatch", "B: thinks float() converts without waiting", lambda: "B"),
    Wrong("02.which_dispatch", "C: thinks .tolist() is host-side only", lambda: "C"),
    Wrong("02.which_dispatch", "D: thinks block_until_ready is dispatched too", lambda: "D"),
    Wrong("02.which_dispatch", "BCD: picked the three that time the work", lambda: "BCD"),
    Wrong("02.which_dispatch", "AD: A and D both 'just JAX calls'", lambda: "AD"),
    Wrong("02.which_dispatch", "BC: the two that leave JAX", lambda: "BC"),
    Wrong("02.which_dispatch", "empty string: thinks all four wait", lambda: ""),
    Wrong("02.which_dispatch", "lowercase d", lambda: "d"),
    Wrong("02.which_dispatch", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 02.block_tree
    Wrong("02.block_tree", "waits inside the loop, after every call", lambda: r6_run_all_wait_each),
    Wrong("02.block_tree", "never waits", lambda: r6_run_all_no_wait),
    Wrong("02.block_tree", "waits on the last result only", lambda: r6_run_all_wait_last),
    Wrong("02.block_tree", "waits on the first result only", lambda: r6_run_all_wait_first),
    Wrong("02.block_tree", "calls .block_until_ready() on each dict: AttributeError", lambda: r6_run_all_dict_method),
    Wrong("02.block_tree", "returns only the last result, waited for", lambda: r6_run_all_only_last),
    Wrong("02.block_tree", "waits on each result's leaves inside the loop", lambda: r6_run_all_leaves_in_loop),
    Wrong("02.block_tree", "iterates xs in reverse", lambda: r6_run_all_reversed),
    Wrong("02.block_tree", "waits once, forgot return", lambda: r6_run_all_no_return),
    Wrong("02.block_tree", "np.asarray on each leaf in the loop: waits each time, NumPy leaves", lambda: r6_run_all_to_numpy),
    Wrong("02.block_tree", "waits on a second round of calls, returns the first", lambda: r6_run_all_calls_twice),
    Wrong("02.block_tree", "xs[1:]: skips the first x", lambda: r6_run_all_skip_first),
    # 02.first_calls
    Wrong("02.first_calls", "BC: forgot jax.jit(jnp.cumprod) is a new function", lambda: "BC"),
    Wrong("02.first_calls", "BCDE: thinks the NumPy array compiles", lambda: "BCDE"),
    Wrong("02.first_calls", "ABCDE: everything compiles", lambda: "ABCDE"),
    Wrong("02.first_calls", "empty: cumprod already compiled", lambda: ""),
    Wrong("02.first_calls", "E: only the jitted one", lambda: "E"),
    Wrong("02.first_calls", "B: only the new shape", lambda: "B"),
    Wrong("02.first_calls", "CE: thinks 1001 reuses the 1000 code", lambda: "CE"),
    Wrong("02.first_calls", "BE: thinks the dtype doesn't matter", lambda: "BE"),
    Wrong("02.first_calls", "ABCE: thinks new values compile too", lambda: "ABCE"),
    Wrong("02.first_calls", "BCD: NumPy input compiles, jit reuses cumprod's code", lambda: "BCD"),
    # 02.time_call
    Wrong("02.time_call", "no warm-up: times the first call", lambda: r6_time_no_warmup),
    Wrong("02.time_call", "warm-up, timed call not blocked", lambda: r6_time_no_block),
    Wrong("02.time_call", "no warm-up, mean of 5 blocked calls", lambda: r6_time_mean_with_first),
    Wrong("02.time_call", "right median, returned in milliseconds", lambda: r6_time_milliseconds),
    Wrong("02.time_call", "total of 10 calls, not divided", lambda: r6_time_total),
    Wrong("02.time_call", "timing.measure(...).median_s: the lesson's helper", lambda: r6_time_with_helper),
    Wrong("02.time_call", "clock stopped before block_until_ready", lambda: r6_time_block_after_clock),
    Wrong("02.time_call", "returns f's result, not the time", lambda: r6_time_returns_result),
    Wrong("02.time_call", "returns timing.format_seconds(...), a string", lambda: r6_time_formatted),
    Wrong("02.time_call", "time.process_time: CPU time, not wall", lambda: r6_time_process_time),
    Wrong("02.time_call", "clock started before the warm-up", lambda: r6_time_clock_before_warmup),
    Wrong("02.time_call", "perf_counter_ns: returns nanoseconds, an int", lambda: r6_time_nanoseconds),
]

RIGHT_6 = [
    # 02.which_dispatch
    Right("02.which_dispatch", "'A'", lambda: "A"),
    Right("02.which_dispatch", "lowercase 'a'", lambda: "a"),
    Right("02.which_dispatch", "' A' with a leading space", lambda: " A"),
    Right("02.which_dispatch", "'A\\n' with a trailing newline", lambda: "A\n"),
    # 02.block_tree
    Right("02.block_tree", "list comprehension, one jax.block_until_ready on the list", lambda: r6_run_all_block_tree),
    Right("02.block_tree", "appends in a loop, waits once", lambda: r6_run_all_append_then_wait),
    Right("02.block_tree", "list(map(f, xs)), jax.tree.map of .block_until_ready()", lambda: r6_run_all_tree_map),
    Right("02.block_tree", "waits on every leaf after the loop", lambda: r6_run_all_leaves_after),
    # 02.first_calls
    Right("02.first_calls", "'BCE'", lambda: "BCE"),
    Right("02.first_calls", "another order: 'CEB'", lambda: "CEB"),
    Right("02.first_calls", "lowercase 'bce'", lambda: "bce"),
    # 02.time_call
    Right("02.time_call", "warm-up, median of 9 blocked calls", lambda: r6_time_median),
    Right("02.time_call", "warm-up, mean of 10 blocked calls", lambda: r6_time_batch_mean),
    Right("02.time_call", "warm-up, min of 5 blocked calls", lambda: r6_time_min),
    Right("02.time_call", "warm-up, timeit.repeat(number=1), min", lambda: r6_time_timeit_module),
]
