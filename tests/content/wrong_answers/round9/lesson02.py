"""Round 9, lesson 02 (Time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp  # noqa: F401

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 02.block_tree


def r9_run_all_slow_copied(f, xs):
    results = []
    for x in xs:
        result = f(x)
        result["loss"].block_until_ready()
        results.append(result)
    return results


def r9_run_all_no_wait(f, xs):
    return [f(x) for x in xs]


def r9_run_all_last_loss(f, xs):
    results = [f(x) for x in xs]
    results[-1]["loss"].block_until_ready()  # the last one finishes last, surely
    return results


def r9_run_all_losses_only(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()
    return results


def r9_run_all_tree_per_batch(f, xs):
    results = []
    for x in xs:
        results.append(jax.block_until_ready(f(x)))  # waits inside the loop
    return results


def r9_run_all_dict_method(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r.block_until_ready()
    return results


def r9_run_all_last_tree(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])
    return results


def r9_run_all_first_tree(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])
    return results


def r9_run_all_float_losses(f, xs):
    results = [f(x) for x in xs]
    [float(r["loss"]) for r in results]
    return results


def r9_run_all_block_inputs(f, xs):
    jax.block_until_ready(xs)
    return [f(x) for x in xs]


def r9_run_all_block_then_rerun(f, xs):
    jax.block_until_ready([f(x) for x in xs])
    return [f(x) for x in xs]


def r9_run_all_map(f, xs):
    return jax.block_until_ready(list(map(f, xs)))


def r9_run_all_loop_then_wait(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    for r in results:
        jax.block_until_ready(r)
    return results


def r9_run_all_tree_map(f, xs):
    results = [f(x) for x in xs]
    return jax.tree.map(lambda leaf: leaf.block_until_ready(), results)


# ---------------------------------------------------------------- 02.time_call


def r9_time_quick_copied(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r9_time_no_warmup(f, *args):
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / 20


def r9_time_one_cold_call(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def r9_time_block_args(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args)
        jax.block_until_ready(args)  # waited on the inputs
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r9_time_process_time(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.process_time()
        jax.block_until_ready(f(*args))
        times.append(time.process_time() - start)
    return statistics.median(times)


def r9_time_timeit_unblocked(f, *args):
    f(*args)
    return timeit.timeit(lambda: f(*args), number=20) / 20


def r9_time_total(f, *args):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(10):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start  # forgot to divide by 10


def r9_time_milliseconds(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def r9_time_no_parens(f, *args):
    f(*args).block_until_ready  # noqa: B018  (no call)
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready  # noqa: B018  (no call: nothing waits)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r9_time_helper(f, *args):
    from jaxtour import timing

    return timing.measure(f, *args, budget_s=0.2).median_s


def r9_time_list(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(10):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return times


def r9_time_median(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(15):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r9_time_repeat_min(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=1, repeat=10)
    return min(runs)


def r9_time_loop_average(f, *args):
    jax.block_until_ready(f(*args))
    n = 10
    start = time.perf_counter()
    for _ in range(n):
        out = f(*args)
        jax.block_until_ready(out)
    return (time.perf_counter() - start) / n


def r9_time_ns(f, *args):
    for _ in range(2):
        jax.block_until_ready(f(*args))
    samples = []
    for _ in range(9):
        t0 = time.perf_counter_ns()
        jax.block_until_ready(f(*args))
        samples.append(time.perf_counter_ns() - t0)
    return sorted(samples)[len(samples) // 2] / 1e9


ROUND_9 = [
    Wrong("02.which_dispatch", "A and E only: thought sqrt waits for its input", lambda: "AE"),
    Wrong("02.which_dispatch", "added D: took np.asarray for a free view", lambda: "ACDE"),
    Wrong("02.which_dispatch", "only A: any jnp call computes", lambda: "A"),
    Wrong("02.which_dispatch", "C and E: .shape must wait for the result", lambda: "CE"),
    Wrong("02.which_dispatch", "all five: none has block_until_ready", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "none: every line runs the dot", lambda: ""),
    Wrong("02.which_dispatch", "inverted: the two that do wait", lambda: "BD"),
    Wrong("02.which_dispatch", "bool() as a mere cast: ABCE", lambda: "ABCE"),
    Wrong("02.which_dispatch", "right letters in lower case", lambda: "ace"),
    Wrong("02.which_dispatch", "letters separated by commas", lambda: "A, C, E"),
    Wrong("02.which_dispatch", "a list of letters, not one string", lambda: ["A", "C", "E"]),
    Wrong("02.block_tree", "the colleague's helper unchanged", lambda: r9_run_all_slow_copied),
    Wrong("02.block_tree", "list of results, nothing waited for", lambda: r9_run_all_no_wait),
    Wrong(
        "02.block_tree", "waited on the last loss, in-order thinking", lambda: r9_run_all_last_loss
    ),
    Wrong(
        "02.block_tree",
        "waited for every loss after the loop, not grads",
        lambda: r9_run_all_losses_only,
    ),
    Wrong(
        "02.block_tree",
        "jax.block_until_ready per batch, inside the loop",
        lambda: r9_run_all_tree_per_batch,
    ),
    Wrong(
        "02.block_tree", "called .block_until_ready() on each dict", lambda: r9_run_all_dict_method
    ),
    Wrong("02.block_tree", "blocked on the last batch's whole tree", lambda: r9_run_all_last_tree),
    Wrong("02.block_tree", "blocked on the first batch's tree only", lambda: r9_run_all_first_tree),
    Wrong("02.block_tree", "float() of every loss to force them", lambda: r9_run_all_float_losses),
    Wrong(
        "02.block_tree",
        "blocked on the inputs xs, not the results",
        lambda: r9_run_all_block_inputs,
    ),
    Wrong(
        "02.block_tree",
        "blocked one batch of calls, returned a second one",
        lambda: r9_run_all_block_then_rerun,
    ),
    Wrong("02.first_calls", "only A: a new dtype, nothing else", lambda: "A"),
    Wrong("02.first_calls", "A and C: forgot a new shape compiles", lambda: "AC"),
    Wrong("02.first_calls", "C and D: bool thought the same as float", lambda: "CD"),
    Wrong("02.first_calls", "added E: a reversed view compiles", lambda: "ACDE"),
    Wrong("02.first_calls", "added B: a NumPy argument compiles anew", lambda: "ABCD"),
    Wrong("02.first_calls", "A and D: jit of cumprod thought cached", lambda: "AD"),
    Wrong("02.first_calls", "only the reshape", lambda: "D"),
    Wrong("02.first_calls", "none: cumprod is already compiled", lambda: ""),
    Wrong("02.first_calls", "only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "every call with new values: B C D E", lambda: "BCDE"),
    Wrong("02.first_calls", "right letters, lower case", lambda: "acd"),
    Wrong(
        "02.first_calls",
        "letters with spaces and a reason",
        lambda: "A C D (new dtype, new function, new shape)",
    ),
    Wrong("02.time_call", "time_call_quick copied as it is", lambda: r9_time_quick_copied),
    Wrong("02.time_call", "blocked every call but no warm-up", lambda: r9_time_no_warmup),
    Wrong("02.time_call", "one blocked call, the cold one", lambda: r9_time_one_cold_call),
    Wrong("02.time_call", "blocked on the arguments, not the result", lambda: r9_time_block_args),
    Wrong(
        "02.time_call", "time.process_time: the device's time unseen", lambda: r9_time_process_time
    ),
    Wrong("02.time_call", "timeit with no blocking", lambda: r9_time_timeit_unblocked),
    Wrong("02.time_call", "total of ten calls, not divided", lambda: r9_time_total),
    Wrong("02.time_call", "returned milliseconds", lambda: r9_time_milliseconds),
    Wrong("02.time_call", ".block_until_ready without the parentheses", lambda: r9_time_no_parens),
    Wrong("02.time_call", "used the lesson's timing.measure", lambda: r9_time_helper),
    Wrong("02.time_call", "returned the list of times", lambda: r9_time_list),
]

RIGHT_9 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.block_tree", "list(map()) then one jax.block_until_ready", lambda: r9_run_all_map),
    Right(
        "02.block_tree", "loop to dispatch, second loop to wait", lambda: r9_run_all_loop_then_wait
    ),
    Right(
        "02.block_tree",
        "tree.map calling each leaf's block_until_ready",
        lambda: r9_run_all_tree_map,
    ),
    Right("02.first_calls", "ACD", lambda: "ACD"),
    Right("02.time_call", "blocked warm-up, median of blocked calls", lambda: r9_time_median),
    Right(
        "02.time_call", "timeit.repeat of blocked calls, the minimum", lambda: r9_time_repeat_min
    ),
    Right(
        "02.time_call", "per-call blocking in a timed loop, averaged", lambda: r9_time_loop_average
    ),
    Right("02.time_call", "two warm-ups, perf_counter_ns, middle sample", lambda: r9_time_ns),
]
