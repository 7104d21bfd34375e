"""Round 13, lesson 02 (time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.block_tree ----------------------------------------------------------------------


def r13_run_all_slow_copy(f, xs):
    return [jax.block_until_ready(f(x)) for x in xs]  # the colleague's helper, as it was


def r13_run_all_no_wait(f, xs):
    return [f(x) for x in xs]


def r13_run_all_last_loss(f, xs):
    results = [f(x) for x in xs]
    results[-1]["loss"].block_until_ready()  # "the device runs them in order"
    return results


def r13_run_all_last_result(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[-1])  # only the last batch's dict
    return results


def r13_run_all_losses_only(f, xs):
    results = [f(x) for x in xs]
    for r in results:
        r["loss"].block_until_ready()  # the grads are never waited for
    return results


def r13_run_all_float_losses(f, xs):
    results = [f(x) for x in xs]
    _ = [float(r["loss"]) for r in results]  # float() waits, for the losses only
    return results


def r13_run_all_device_get(f, xs):
    return jax.device_get([f(x) for x in xs])  # waits, but hands back NumPy arrays


def r13_run_all_vmap(f, xs):
    return jax.block_until_ready(jax.vmap(f)(jnp.stack(xs)))  # one dict of stacked arrays


def r13_run_all_recomputed(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results)
    return [f(x) for x in xs]  # returned a fresh, unwaited list


def r13_run_all_dict(f, xs):
    return jax.block_until_ready({i: f(x) for i, x in enumerate(xs)})


def r13_run_all_first_only(f, xs):
    results = [f(x) for x in xs]
    jax.block_until_ready(results[0])  # first batch done, "so the rest must be close"
    return results


def r13_run_all_right_twopass(f, xs):
    results = [f(x) for x in xs]
    return [jax.block_until_ready(r) for r in results]


def r13_run_all_treemap(f, xs):
    return jax.block_until_ready(jax.tree.map(f, xs))  # a batch (inputs, labels) splits up


def r13_run_all_right_append(f, xs):
    results = []
    for x in xs:
        results.append(f(x))
    jax.block_until_ready(results)
    return results


def r13_run_all_right_leaves(f, xs):
    results = list(map(f, xs))
    for leaf in jax.tree.leaves(results):
        leaf.block_until_ready()
    return results


def r13_run_all_right_poll(f, xs):
    results = [f(x) for x in xs]
    while not all(leaf.is_ready() for leaf in jax.tree.leaves(results)):
        time.sleep(0.0005)
    return results


# ---- 02.time_call -----------------------------------------------------------------------


def r13_time_last_only(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    result.block_until_ready()  # only the last call waited: assumes calls run in order
    return (time.perf_counter() - start) / repeats


def r13_time_no_warmup_mean(f, *args, repeats=20):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the compiling first call is in the mean


def r13_time_off_by_one(f, *args, repeats=3):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for i in range(repeats):  # noqa: B007 - the slip: i is read after the loop
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / i  # the loop variable ends at repeats - 1


def r13_time_ms(f, *args, repeats=10):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / repeats * 1000  # milliseconds


def r13_time_total(f, *args, repeats=10):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide


def r13_time_process_time(f, *args, repeats=10):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.process_time()  # CPU time: waiting costs none
        f(*args).block_until_ready()
        times.append(time.process_time() - start)
    return statistics.median(times)


def r13_time_is_ready(f, *args, repeats=10):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).is_ready()  # asks, does not wait
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r13_time_stale_block(f, *args, repeats=10):
    warm = f(*args)
    warm.block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args)
        warm.block_until_ready()  # waits on the warm-up's result, long since ready
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r13_time_warmup_only(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # one call, the compiling one
    return time.perf_counter() - start


def r13_time_colleague_float(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    float(result)  # float() waits, but after the clock stopped
    return elapsed / repeats


def r13_time_ns(f, *args, repeats=10):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        f(*args).block_until_ready()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times)  # nanoseconds, never converted


def r13_time_right_float(f, *args):
    float(f(*args))
    times = []
    for _ in range(15):
        start = time.perf_counter()
        float(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r13_time_right_timeit(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=3, repeat=5)
    return min(runs) / 3


def r13_time_right_median_no_warmup(f, *args):
    times = []
    for _ in range(21):  # the compiling first call is one sample: the median ignores it
        start = time.time()
        f(*args).block_until_ready()
        times.append(time.time() - start)
    return float(np.median(times))


def r13_time_right_sum_loop(f, *args, repeats=12):
    f(*args).block_until_ready()
    total = 0.0
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = f(*args)
        out.block_until_ready()
        total += time.perf_counter() - t0
    return total / repeats


ROUND_13 = [
    Wrong("02.which_dispatch", "ACDE: thought np.asarray was dispatch only", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: Python max thought not to wait", lambda: "ABCE"),
    Wrong("02.which_dispatch", "AC: missed jnp.maximum", lambda: "AC"),
    Wrong("02.which_dispatch", "CE: thought .shape needs the result", lambda: "CE"),
    Wrong("02.which_dispatch", "A only: any further jnp op waits", lambda: "A"),
    Wrong("02.which_dispatch", "BD: the lines that wait, inverted", lambda: "BD"),
    Wrong("02.which_dispatch", "none of them", lambda: ""),
    Wrong("02.which_dispatch", "all five", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "AE with a trailing comment", lambda: "AE  # sqrt waits"),
    Wrong("02.which_dispatch", "a list of letters instead of one string", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "ACE minus A: 'ce' lower case", lambda: "ce"),
    Wrong("02.block_tree", "the colleague's helper unchanged", lambda: r13_run_all_slow_copy),
    Wrong("02.block_tree", "dispatches all, waits for none", lambda: r13_run_all_no_wait),
    Wrong(
        "02.block_tree",
        "waits for the last loss only: assumes order",
        lambda: r13_run_all_last_loss,
    ),
    Wrong(
        "02.block_tree", "waits for the last result's dict only", lambda: r13_run_all_last_result
    ),
    Wrong("02.block_tree", "blocks every loss, never the grads", lambda: r13_run_all_losses_only),
    Wrong("02.block_tree", "float() of each loss as the wait", lambda: r13_run_all_float_losses),
    Wrong("02.block_tree", "jax.device_get: NumPy arrays back", lambda: r13_run_all_device_get),
    Wrong("02.block_tree", "vmap over stacked xs: one dict, not a list", lambda: r13_run_all_vmap),
    Wrong("02.block_tree", "waits, then returns a recomputed list", lambda: r13_run_all_recomputed),
    Wrong("02.block_tree", "a dict keyed by index, blocked", lambda: r13_run_all_dict),
    Wrong("02.block_tree", "waits for the first result only", lambda: r13_run_all_first_only),
    Wrong(
        "02.block_tree",
        "jax.tree.map(f, xs): f on leaves, breaks for pytree batches",
        lambda: r13_run_all_treemap,
    ),
    Wrong("02.first_calls", "ACD: thought a[::2] is a view, no compile", lambda: "ACD"),
    Wrong("02.first_calls", "CDE: comparison result thought the same dtype", lambda: "CDE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument thought to compile", lambda: "ABCDE"),
    Wrong("02.first_calls", "DE: only new shapes compile", lambda: "DE"),
    Wrong("02.first_calls", "C: only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "ADE: a jitted lambda reuses cumprod's code", lambda: "ADE"),
    Wrong("02.first_calls", "none compile", lambda: ""),
    Wrong("02.first_calls", "ABDE: jit thought cached, NumPy thought new", lambda: "ABDE"),
    Wrong("02.first_calls", "'A, D, E' with commas, C missing", lambda: "A, D, E"),
    Wrong("02.first_calls", "the count of compiling calls, 4", lambda: 4),
    Wrong(
        "02.time_call",
        "blocks only the last call: assumes in-order calls",
        lambda: r13_time_last_only,
    ),
    Wrong("02.time_call", "no warm-up, mean of blocked calls", lambda: r13_time_no_warmup_mean),
    Wrong("02.time_call", "divides by the loop variable i, one short", lambda: r13_time_off_by_one),
    Wrong("02.time_call", "returns milliseconds", lambda: r13_time_ms),
    Wrong("02.time_call", "total of the loop, not per call", lambda: r13_time_total),
    Wrong(
        "02.time_call",
        "time.process_time: CPU time, misses the wait",
        lambda: r13_time_process_time,
    ),
    Wrong("02.time_call", "is_ready() taken for a wait", lambda: r13_time_is_ready),
    Wrong(
        "02.time_call",
        "blocks the warm-up's stale result in the loop",
        lambda: r13_time_stale_block,
    ),
    Wrong("02.time_call", "perf_counter_ns: returns nanoseconds", lambda: r13_time_ns),
    Wrong("02.time_call", "times one call, the compiling one", lambda: r13_time_warmup_only),
    Wrong(
        "02.time_call",
        "colleague's code, float() after the clock",
        lambda: r13_time_colleague_float,
    ),
]

RIGHT_13 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the three letters in another order", lambda: "ECA"),
    Right("02.which_dispatch", "lower case ace", lambda: "ace"),
    Right(
        "02.block_tree",
        "dispatch all, then block each in a second pass",
        lambda: r13_run_all_right_twopass,
    ),
    Right(
        "02.block_tree",
        "appends in a loop, one block of the list, returned",
        lambda: r13_run_all_right_append,
    ),
    Right("02.block_tree", "block every leaf of the list", lambda: r13_run_all_right_leaves),
    Right("02.block_tree", "polls is_ready on every leaf", lambda: r13_run_all_right_poll),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the four letters reversed", lambda: "EDCA"),
    Right("02.first_calls", "lower case acde", lambda: "acde"),
    Right("02.time_call", "float() as the wait, median", lambda: r13_time_right_float),
    Right(
        "02.time_call", "timeit.repeat with block_until_ready, min", lambda: r13_time_right_timeit
    ),
    Right(
        "02.time_call",
        "no warm-up but median of 21, time.time",
        lambda: r13_time_right_median_no_warmup,
    ),
    Right("02.time_call", "sums blocked call times, mean", lambda: r13_time_right_sum_loop),
]
