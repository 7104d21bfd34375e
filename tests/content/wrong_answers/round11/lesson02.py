"""Round 11, lesson 02 (timing honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time

import jax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 02.block_tree ---------------------------------------------------------------------
def r11_run_slow_copy(f, xs):
    results = []
    for x in xs:
        result = f(x)
        jax.block_until_ready(result)  # still one batch at a time
        results.append(result)
    return results


def r11_run_no_block(f, xs):
    return [f(x) for x in xs]


def r11_run_losses_at_end(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()  # grads never waited for
    return results


def r11_run_last_only(f, xs):
    results = [f(x) for x in xs]
    if results:
        jax.block_until_ready(results[-1])  # assumes the last finishes last
    return results


def r11_run_twice(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([f(x) for x in xs])  # waits for a second set of calls
    return results


def r11_run_block_each_comp(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]


def r11_run_block_in_loop(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
        jax.block_until_ready(results)  # indentation slip: waits every pass
    return results


def r11_run_reversed(f, xs):
    results = []
    for x in xs:
        results.insert(0, f(x))
    return jax.block_until_ready(results)


def r11_run_dict(f, xs):
    return jax.block_until_ready({i: f(x) for i, x in enumerate(xs)})


def r11_run_grads_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready([r["grads"] for r in results])
    return results


def r11_run_inputs(f, xs):
    jax.block_until_ready(xs)  # waits for the inputs, not the results
    return [f(x) for x in xs]


def r11_run_off_by_one(f, xs):
    results = [f(xs[i]) for i in range(len(xs) - 1)]
    return jax.block_until_ready(results)


def r11_run_map(f, xs):
    results = list(map(f, xs))
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


def r11_run_tree_map(f, xs):
    results = [f(x) for x in xs]
    return jax.tree.map(lambda a: a.block_until_ready(), results)


def r11_run_ignore_return(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.block_until_ready(results)
    return results


# ---- 02.time_call ----------------------------------------------------------------------
def r11_time_quick_copy(f, *args):
    f(*args)
    start = time.perf_counter()
    for _ in range(20):
        result = f(*args)
    elapsed = time.perf_counter() - start
    jax.block_until_ready(result)
    return elapsed / 20


def r11_time_no_warmup(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the compile is in the mean


def r11_time_total(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start  # total of 10 calls, not per call


def r11_time_ms(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)  # milliseconds


def r11_time_process(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.process_time()  # CPU time of this process, not wall time
        jax.block_until_ready(f(*args))
        times.append(time.process_time() - start)
    return statistics.median(times)


def r11_time_block_args(f, *args):
    f(*args)
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args)
        jax.block_until_ready(args)  # waits for the inputs
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r11_time_clock_before_warmup(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    for _ in range(10):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / 10


def r11_time_divide_wrong(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    n = 0
    for n in range(10):  # noqa: B007 - the slip: n ends at 9
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / n  # n ends at 9


def r11_time_dispatch(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.perf_counter()
        result = f(*args)
        times.append(time.perf_counter() - start)
        jax.block_until_ready(result)  # blocks after the clock stopped
    return statistics.median(times)


def r11_time_first_result_reused(f, *args):
    result = f(*args)
    jax.block_until_ready(result)
    times = []
    for _ in range(10):
        start = time.perf_counter()
        jax.block_until_ready(result)  # waits for the warm-up result, already done
        f(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r11_time_min_ns(f, *args):
    jax.block_until_ready(f(*args))
    best = None
    for _ in range(15):
        start = time.perf_counter_ns()
        jax.block_until_ready(f(*args))
        took = time.perf_counter_ns() - start
        best = took if best is None else min(best, took)
    return best / 1e9


def r11_time_monotonic(f, *args):
    out = f(*args)
    out.block_until_ready()
    samples = []
    while len(samples) < 11:
        t0 = time.monotonic()
        f(*args).block_until_ready()
        samples.append(time.monotonic() - t0)
    samples.sort()
    return samples[len(samples) // 2]


def r11_time_mean_blocked(f, *args):
    jax.block_until_ready(f(*args))
    total = 0.0
    for _ in range(20):
        t = time.perf_counter()
        jax.block_until_ready(f(*args))
        total += time.perf_counter() - t
    return total / 20


ROUND_11 = [
    Wrong("02.which_dispatch", "ACDE: thought np.asarray only wraps", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: Python max seen as one more op", lambda: "ABCE"),
    Wrong("02.which_dispatch", "CE: thought .shape waits for the values", lambda: "CE"),
    Wrong("02.which_dispatch", "BD: answered which ones wait", lambda: "BD"),
    Wrong("02.which_dispatch", "A only", lambda: "A"),
    Wrong("02.which_dispatch", "none: warm-up done, so all time the work", lambda: ""),
    Wrong("02.which_dispatch", "all five", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "AC: jnp.maximum with a float seen as blocking", lambda: "AC"),
    Wrong("02.which_dispatch", "lower case ace", lambda: "ace"),
    Wrong("02.which_dispatch", "letters as a list", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "comma separated", lambda: "A, C, E"),
    Wrong(
        "02.block_tree",
        "slow helper with jax.block_until_ready per batch",
        lambda: r11_run_slow_copy,
    ),
    Wrong("02.block_tree", "no waiting at all", lambda: r11_run_no_block),
    Wrong(
        "02.block_tree", "waits for every loss at the end, not grads", lambda: r11_run_losses_at_end
    ),
    Wrong("02.block_tree", "waits for the last result only", lambda: r11_run_last_only),
    Wrong("02.block_tree", "blocks a second set of calls of f", lambda: r11_run_twice),
    Wrong(
        "02.block_tree",
        "block_until_ready inside the comprehension",
        lambda: r11_run_block_each_comp,
    ),
    Wrong("02.block_tree", "block on the list inside the loop", lambda: r11_run_block_in_loop),
    Wrong("02.block_tree", "insert(0, ...): results in reverse order", lambda: r11_run_reversed),
    Wrong("02.block_tree", "dict keyed by index instead of a list", lambda: r11_run_dict),
    Wrong("02.block_tree", "waits for grads only", lambda: r11_run_grads_only),
    Wrong("02.block_tree", "block_until_ready(xs): the inputs", lambda: r11_run_inputs),
    Wrong("02.block_tree", "range(len(xs) - 1): last batch dropped", lambda: r11_run_off_by_one),
    Wrong("02.first_calls", "ADE: jit reuses cumprod's compile", lambda: "ADE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument compiles anew", lambda: "ABCDE"),
    Wrong("02.first_calls", "CDE: a bool array is still 1000 elements", lambda: "CDE"),
    Wrong("02.first_calls", "ACD: a slice is a view, same compile", lambda: "ACD"),
    Wrong("02.first_calls", "DE: only new shapes compile", lambda: "DE"),
    Wrong("02.first_calls", "ACE: reshape keeps the size, no compile", lambda: "ACE"),
    Wrong("02.first_calls", "AB: only new values/types, not shapes", lambda: "AB"),
    Wrong("02.first_calls", "none: cumprod already compiled", lambda: ""),
    Wrong("02.first_calls", "lower case", lambda: "acde"),
    Wrong("02.first_calls", "letters with commas", lambda: "A,C,D,E"),
    Wrong(
        "02.time_call",
        "colleague's code with jax.block_until_ready after the clock",
        lambda: r11_time_quick_copy,
    ),
    Wrong("02.time_call", "no warm-up: the compile lands in the mean", lambda: r11_time_no_warmup),
    Wrong("02.time_call", "total of 10 calls, never divided", lambda: r11_time_total),
    Wrong("02.time_call", "returns milliseconds", lambda: r11_time_ms),
    Wrong("02.time_call", "time.process_time: CPU time, not wall time", lambda: r11_time_process),
    Wrong(
        "02.time_call", "blocks on the inputs instead of the result", lambda: r11_time_block_args
    ),
    Wrong("02.time_call", "clock started before the warm-up", lambda: r11_time_clock_before_warmup),
    Wrong(
        "02.time_call", "divides by the last loop index, 9 not 10", lambda: r11_time_divide_wrong
    ),
    Wrong("02.time_call", "clock stopped before the block", lambda: r11_time_dispatch),
    Wrong(
        "02.time_call",
        "blocks on the warm-up's result, not each call's",
        lambda: r11_time_first_result_reused,
    ),
]
RIGHT_11 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the same letters in another order", lambda: "ECA"),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the same letters in another order", lambda: "DACE"),
    Right("02.block_tree", "list(map), then every leaf blocked", lambda: r11_run_map),
    Right("02.block_tree", "tree.map of block_until_ready over the list", lambda: r11_run_tree_map),
    Right(
        "02.block_tree",
        "append loop, block afterwards, return the list",
        lambda: r11_run_ignore_return,
    ),
    Right("02.time_call", "minimum of blocked calls in perf_counter_ns", lambda: r11_time_min_ns),
    Right("02.time_call", "time.monotonic, median by sorting", lambda: r11_time_monotonic),
    Right(
        "02.time_call",
        "mean of 20 blocked calls after a blocked warm-up",
        lambda: r11_time_mean_blocked,
    ),
]
