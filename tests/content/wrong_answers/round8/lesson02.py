"""Round 8, lesson 02 (timing honestly): answers written from the lesson's text alone."""
from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.block_tree -----------------------------------------------------------


def r8_run_slow(f, xs):  # the colleague's helper, renamed
    results = []
    for x in xs:
        result = f(x)
        result["loss"].block_until_ready()
        results.append(result)
    return results


def r8_run_no_block(f, xs):
    return [f(x) for x in xs]


def r8_run_block_losses(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()
    return results


def r8_run_block_last(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])
    return results


def r8_run_tree_each(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]  # still one batch at a time


def r8_run_last_loss(f, xs):
    results = [f(x) for x in xs]
    results[-1]["loss"].block_until_ready()
    return results


def r8_run_tuple(f, xs):
    return jax.block_until_ready(tuple(f(x) for x in xs))


def r8_run_grads_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([r["grads"] for r in results])
    return results


def r8_run_losses_back(f, xs):
    results = jax.block_until_ready([f(x) for x in xs])
    return [r["loss"] for r in results]


def r8_run_first(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])
    return results


def r8_run_no_return(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results)


def r8_run_map(f, xs):
    results = list(map(f, xs))
    jax.block_until_ready(results)
    return results


def r8_run_leaves(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


def r8_run_tree_map(f, xs):
    results = [f(x) for x in xs]
    jax.tree.map(lambda leaf: leaf.block_until_ready(), results)
    return results


# ---- 02.time_call ------------------------------------------------------------


def r8_time_quick(f, *args, repeats=20):  # the colleague's, unchanged
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r8_time_no_block(f, *args):
    f(*args)
    start = time.perf_counter()
    for _ in range(20):
        f(*args)
    return (time.perf_counter() - start) / 20


def r8_time_one_cold(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r8_time_cold_mean(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)


def r8_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return time.perf_counter() - start


def r8_time_helper(f, *args):
    from jaxtour import timing

    return timing.measure(f, *args, budget_s=0.5).median_s


def r8_time_first_call(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # the warm-up is what got timed
    elapsed = time.perf_counter() - start
    f(*args).block_until_ready()
    return elapsed


def r8_time_ms(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def r8_time_process(f, *args):
    f(*args).block_until_ready()
    start = time.process_time()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 10


def r8_time_timeit_no_block(f, *args):
    f(*args).block_until_ready()
    return timeit.timeit(lambda: f(*args), number=20) / 20


def r8_time_median(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(15):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r8_time_min_of_runs(f, *args):
    f(*args).block_until_ready()
    best = float("inf")
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        best = min(best, time.perf_counter() - start)
    return best


def r8_time_timeit_blocked(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=5, repeat=5)
    return min(runs) / 5


def r8_time_each_blocked_mean(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 20


ROUND_8 = [
    Wrong("02.which_dispatch", "B: float() looks cheap", lambda: "B"),
    Wrong("02.which_dispatch", "C: tolist", lambda: "C"),
    Wrong("02.which_dispatch", "D: block_until_ready", lambda: "D"),
    Wrong("02.which_dispatch", "lower case a", lambda: "a"),
    Wrong("02.which_dispatch", "the whole line instead of the letter",
          lambda: "A: %timeit jnp.dot(x, x) * 2"),
    Wrong("02.which_dispatch", "A and D", lambda: "AD"),
    Wrong("02.which_dispatch", "all three that convert", lambda: "BCD"),
    Wrong("02.which_dispatch", "none of them", lambda: ""),
    Wrong("02.block_tree", "the colleague's helper, blocking in the loop", lambda: r8_run_slow),
    Wrong("02.block_tree", "no blocking at all", lambda: r8_run_no_block),
    Wrong("02.block_tree", "blocks on every loss, not the grads", lambda: r8_run_block_losses),
    Wrong("02.block_tree", "blocks on the last result only", lambda: r8_run_block_last),
    Wrong("02.block_tree", "jax.block_until_ready inside the loop", lambda: r8_run_tree_each),
    Wrong("02.block_tree", "blocks on the last loss only", lambda: r8_run_last_loss),
    Wrong("02.block_tree", "returns a tuple, not a list", lambda: r8_run_tuple),
    Wrong("02.block_tree", "blocks on the grads only", lambda: r8_run_grads_only),
    Wrong("02.block_tree", "hands back only the losses", lambda: r8_run_losses_back),
    Wrong("02.block_tree", "blocks on the first result", lambda: r8_run_first),
    Wrong("02.block_tree", "blocks, then forgets to return", lambda: r8_run_no_return),
    Wrong("02.first_calls", "B and C only: forgot the new jit", lambda: "BC"),
    Wrong("02.first_calls", "the NumPy array too", lambda: "BCDE"),
    Wrong("02.first_calls", "every call compiles again", lambda: "ABCDE"),
    Wrong("02.first_calls", "new values compile too", lambda: "ABCE"),
    Wrong("02.first_calls", "only shapes matter", lambda: "BE"),
    Wrong("02.first_calls", "dtype only, not the jit", lambda: "CE"),
    Wrong("02.first_calls", "none: cumprod is compiled", lambda: ""),
    Wrong("02.first_calls", "lower case", lambda: "bce"),
    Wrong("02.first_calls", "letters with commas", lambda: "B, C, E"),
    Wrong("02.first_calls", "a list of letters", lambda: ["B", "C", "E"]),
    Wrong("02.first_calls", "just the jit", lambda: "E"),
    Wrong("02.time_call", "the colleague's function, unchanged", lambda: r8_time_quick),
    Wrong("02.time_call", "warm-up, no blocking anywhere", lambda: r8_time_no_block),
    Wrong("02.time_call", "one cold blocked call", lambda: r8_time_one_cold),
    Wrong("02.time_call", "no warm-up, mean of blocked calls", lambda: r8_time_cold_mean),
    Wrong("02.time_call", "total of 10 calls, not divided", lambda: r8_time_total),
    Wrong("02.time_call", "uses timing.measure", lambda: r8_time_helper),
    Wrong("02.time_call", "times the warm-up call itself", lambda: r8_time_first_call),
    Wrong("02.time_call", "milliseconds, not seconds", lambda: r8_time_ms),
    Wrong("02.time_call", "time.process_time: CPU time, not wall", lambda: r8_time_process),
    Wrong("02.time_call", "timeit without blocking", lambda: r8_time_timeit_no_block),
]
RIGHT_8 = [
    Right("02.which_dispatch", "A", lambda: "A"),
    Right("02.block_tree", "list(map), then block the list", lambda: r8_run_map),
    Right("02.block_tree", "loop, then block every leaf", lambda: r8_run_leaves),
    Right("02.block_tree", "tree.map block over the results", lambda: r8_run_tree_map),
    Right("02.first_calls", "BCE", lambda: "BCE"),
    Right("02.time_call", "warm-up, median of blocked calls", lambda: r8_time_median),
    Right("02.time_call", "warm-up, min of blocked calls", lambda: r8_time_min_of_runs),
    Right("02.time_call", "timeit.repeat of blocked calls", lambda: r8_time_timeit_blocked),
    Right("02.time_call", "warm-up, mean of 20 blocked calls", lambda: r8_time_each_blocked_mean),
]
