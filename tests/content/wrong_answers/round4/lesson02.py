"""Round 4, lesson 02: answers written from the lesson text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 02.block_tree
def r4_run_no_wait(f, xs):
    return [f(x) for x in xs]


def r4_run_wait_each(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]


def r4_run_wait_last_only(f, xs):
    results = [f(x) for x in xs]
    if results:
        jax.block_until_ready(results[-1])
    return results


def r4_run_method_on_dict(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r.block_until_ready()
    return results


def r4_run_first_leaf(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        jax.tree.leaves(r)[0].block_until_ready()
    return results


def r4_run_reversed(f, xs):
    results = [f(x) for x in reversed(xs)]
    return jax.block_until_ready(results)


def r4_run_calls_twice(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([f(x) for x in xs])
    return results


def r4_run_only_last_result(f, xs):
    out = None
    for x in xs:
        out = f(x)
    return jax.block_until_ready(out)


def r4_run_flat_values(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        for v in r.values():
            v.block_until_ready()
    return results


def r4_run_device_get(f, xs):
    return jax.device_get([f(x) for x in xs])


def r4_run_skip_first(f, xs):
    return jax.block_until_ready([f(x) for x in xs[1:]])


def r4_run_tuple(f, xs):
    return jax.block_until_ready(tuple(f(x) for x in xs))


def r4_run_append_then_wait(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.block_until_ready(results)
    return results


def r4_run_wait_each_after(f, xs):
    results = list(map(f, xs))
    for r in results:
        jax.block_until_ready(r)
    return results


def r4_run_tree_map_block(f, xs):
    results = [f(x) for x in xs]
    return jax.tree.map(lambda a: a.block_until_ready(), results)


# ---------------------------------------------------------------- 02.time_call
def r4_time_no_warmup(f, *args):
    times = []
    for _ in range(5):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.mean(times)


def r4_time_single_cold(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r4_time_no_block(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(5):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r4_time_warmup_unblocked(f, *args):
    f(*args)  # warm-up, not waited for
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r4_time_with_helper(f, *args):
    from jaxtour import timing
    return timing.measure(f, *args, budget_s=0.2).median_s


def r4_time_milliseconds(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(5):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def r4_time_after_return(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(5):
        out = f(*args)
        start = time.perf_counter()
        jax.block_until_ready(out)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r4_time_total_not_per_call(f, *args):
    jax.block_until_ready(f(*args))
    n = 10
    start = time.perf_counter()
    for _ in range(n):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r4_time_warmup_in_mean(f, *args):
    times = []
    for _ in range(6):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)


def r4_time_process_time(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(5):
        start = time.process_time()
        jax.block_until_ready(f(*args))
        times.append(time.process_time() - start)
    return statistics.median(times)


def r4_time_packed_args(f, *args):
    jax.block_until_ready(f(args))
    start = time.perf_counter()
    jax.block_until_ready(f(args))
    return time.perf_counter() - start


def r4_time_returns_result(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    out = jax.block_until_ready(f(*args))
    return out, time.perf_counter() - start


def r4_time_min_loop(f, *args):
    jax.block_until_ready(f(*args))
    best = float("inf")
    for _ in range(7):
        t0 = time.perf_counter()
        f(*args).block_until_ready()
        best = min(best, time.perf_counter() - t0)
    return best


def r4_time_timeit(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=3, repeat=5)
    return min(runs) / 3


def r4_time_monotonic_median(f, *args):
    out = f(*args)
    jax.block_until_ready(out)
    samples = []
    for _ in range(9):
        t0 = time.monotonic()
        out = f(*args)
        jax.block_until_ready(out)
        samples.append(time.monotonic() - t0)
    return float(np.median(samples))


def r4_time_one_warm(f, *args):
    jax.block_until_ready(f(*args))  # compile outside the clock
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


ROUND_4 = (
    # 02.which_dispatch
    Wrong("02.which_dispatch", "picks B, missing that float() needs the number and so waits for the work", lambda: "B"),
    Wrong("02.which_dispatch", "picks C, missing that .tolist() needs the numbers and waits", lambda: "C"),
    Wrong("02.which_dispatch", "picks D: block_until_ready is exactly what waits for the work", lambda: "D"),
    Wrong("02.which_dispatch", "two letters BD: the question asks for the single one that only dispatches", lambda: "BD"),
    Wrong("02.which_dispatch", "AD: thinks both the multiply and block_until_ready skip the work", lambda: "AD"),
    Wrong("02.which_dispatch", "empty string: thinks every line waits", lambda: ""),
    Wrong("02.which_dispatch", "'E': a letter that is not among the options", lambda: "E"),
    Wrong("02.which_dispatch", "'none' in words instead of a letter (and wrong: A only dispatches)", lambda: "none"),
    Wrong("02.which_dispatch", "the option's number 1 (for A) as an int, not the letter string", lambda: 1),
    # 02.block_tree
    Wrong("02.block_tree", "never waits: returns the list straight away", lambda: r4_run_no_wait),
    Wrong("02.block_tree", "waits inside the loop after every call, leaving the device idle between calls", lambda: r4_run_wait_each),
    Wrong("02.block_tree", "waits only on the last result, assuming earlier ones are done by then", lambda: r4_run_wait_last_only),
    Wrong("02.block_tree", "calls .block_until_ready() on each dict: dicts have no such method (AttributeError)", lambda: r4_run_method_on_dict),
    Wrong("02.block_tree", "waits only for the first array of each result; right only when each dict holds one array", lambda: r4_run_first_leaf),
    Wrong("02.block_tree", "calls f on xs in reverse order", lambda: r4_run_reversed),
    Wrong("02.block_tree", "calls f twice per x and waits on the second set, returning the first, unwaited set", lambda: r4_run_calls_twice),
    Wrong("02.block_tree", "returns only the last result, not the list of all results", lambda: r4_run_only_last_result),
    Wrong("02.block_tree", "waits on each dict's values one level deep: nested dicts (grads inside) fail with AttributeError; right only for flat dicts",
          lambda: r4_run_flat_values),
    Wrong("02.block_tree", "jax.device_get: waits, but returns NumPy copies instead of the results' jax arrays", lambda: r4_run_device_get),
    Wrong("02.block_tree", "xs[1:]: skips the first x (off by one)", lambda: r4_run_skip_first),
    # 02.first_calls
    Wrong("02.first_calls", "ABCDE: thinks every call compiles", lambda: "ABCDE"),
    Wrong("02.first_calls", "empty: thinks cumprod was compiled once for all inputs", lambda: ""),
    Wrong("02.first_calls", "BC: forgets that jax.jit(jnp.cumprod) is a new function and compiles", lambda: "BC"),
    Wrong("02.first_calls", "BCDE: thinks a NumPy argument compiles anew", lambda: "BCDE"),
    Wrong("02.first_calls", "ABCE: thinks new values compile too", lambda: "ABCE"),
    Wrong("02.first_calls", "B only: new shapes compile, forgets dtype and the jitted function", lambda: "B"),
    Wrong("02.first_calls", "E only: thinks only jax.jit compiles, eager jnp never does", lambda: "E"),
    Wrong("02.first_calls", "CE: misses that a new shape (1001) compiles", lambda: "CE"),
    Wrong("02.first_calls", "BE: misses that a new dtype (int32) compiles", lambda: "BE"),
    Wrong("02.first_calls", "a list of letters ['B', 'C', 'E'] instead of one string", lambda: ["B", "C", "E"]),
    # 02.time_call
    Wrong("02.time_call", "no warm-up: the mean over calls includes the first, compiling call", lambda: r4_time_no_warmup),
    Wrong("02.time_call", "times one single call with no warm-up: measures the compile", lambda: r4_time_single_cold),
    Wrong("02.time_call", "warmed up, but the timed calls are not waited for: times dispatch only", lambda: r4_time_no_block),
    Wrong("02.time_call", "warm-up call not waited for, so its unfinished work spills into the timed call", lambda: r4_time_warmup_unblocked),
    Wrong("02.time_call", "uses the lesson's timing.measure, which the task forbids", lambda: r4_time_with_helper),
    Wrong("02.time_call", "correct measurement but returns milliseconds instead of seconds", lambda: r4_time_milliseconds),
    Wrong("02.time_call", "starts the clock after f returned, timing only the wait and missing the dispatch", lambda: r4_time_after_return),
    Wrong("02.time_call", "returns the total of 10 calls, not the time of one call", lambda: r4_time_total_not_per_call),
    Wrong("02.time_call", "times 6 calls including the first (compiling) one and averages them", lambda: r4_time_warmup_in_mean),
    Wrong("02.time_call", "time.process_time: CPU time of this process, not wall time, so waiting on the device counts as ~0", lambda: r4_time_process_time),
    Wrong("02.time_call", "calls f(args) with the tuple instead of f(*args)", lambda: r4_time_packed_args),
    Wrong("02.time_call", "returns (result, seconds) instead of just the seconds", lambda: r4_time_returns_result),
)

RIGHT_4 = (
    Right("02.which_dispatch", "lower-case 'a'", lambda: "a"),
    Right("02.which_dispatch", "' A' with a leading space", lambda: " A"),
    Right("02.which_dispatch", "'A\\n' with a trailing newline", lambda: "A\n"),
    Right("02.block_tree", "appends in a loop, one jax.block_until_ready on the whole list after it", lambda: r4_run_append_then_wait),
    Right("02.block_tree", "list(map(f, xs)), then jax.block_until_ready on each dict after all calls", lambda: r4_run_wait_each_after),
    Right("02.block_tree", "jax.tree.map calling .block_until_ready() on every leaf after all calls", lambda: r4_run_tree_map_block),
    Right("02.first_calls", "EBC: the same letters in another order", lambda: "EBC"),
    Right("02.first_calls", "lower case 'bce'", lambda: "bce"),
    Right("02.first_calls", "CBE: another order", lambda: "CBE"),
    Right("02.time_call", "one blocked warm-up, then the best of 7 blocked calls with perf_counter", lambda: r4_time_min_loop),
    Right("02.time_call", "one blocked warm-up, then timeit.repeat of blocked calls, best run divided by number", lambda: r4_time_timeit),
    Right("02.time_call", "blocked warm-up, median of 9 blocked calls timed with time.monotonic", lambda: r4_time_monotonic_median),
    Right("02.time_call", "blocked warm-up, then exactly one blocked, timed call", lambda: r4_time_one_warm),
)
