"""Round 19, lesson 02 (Time JAX honestly): answers from the lesson's text alone."""

from __future__ import annotations

import math
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.which_dispatch: which %timeit lines time only the dispatch (ACE) ------------------

# (predictions only; see the lists below)

# ---- 02.mean_loss: mean of f(x) over xs as one Python float, nothing waited for early ---


def r19_mean_slow_copy(f, xs):
    total = 0.0
    for x in xs:
        total += float(f(x))  # the colleague's helper, unchanged
    return total / len(xs)


def r19_mean_no_float(f, xs):
    losses = [f(x) for x in xs]
    return jnp.mean(jnp.stack(losses))  # a jax array, not a Python float


def r19_mean_item_per_batch(f, xs):
    return sum(f(x).item() for x in xs) / len(xs)  # .item() waits, batch by batch


def r19_mean_block_each(f, xs):
    losses = []
    for x in xs:
        loss = f(x)
        loss.block_until_ready()  # "honest", as the lesson says, but in the loop
        losses.append(loss)
    return float(jnp.mean(jnp.stack(losses)))


def r19_mean_numpy_mean(f, xs):
    return float(np.mean([f(x) for x in xs]))  # np.mean brings every loss to the host


def r19_mean_one_call(f, xs):
    return float(f(jnp.concatenate(xs)))  # one call on everything: not one per batch


def r19_mean_off_by_one(f, xs):
    total = sum(f(x) for x in xs)
    return float(total) / (len(xs) - 1)  # divides by one batch fewer


def r19_mean_sum_only(f, xs):
    return float(jnp.sum(jnp.stack([f(x) for x in xs])))  # forgot to divide


def r19_mean_last_batch(f, xs):
    for x in xs:
        loss = f(x)
    return float(loss)  # only the last batch's loss


def r19_mean_perplexity(f, xs):
    losses = jnp.stack([f(x) for x in xs])
    return float(jnp.exp(jnp.mean(losses)))  # logged the perplexity variant


def r19_mean_concatenate_scalars(f, xs):
    return float(jnp.mean(jnp.concatenate([f(x) for x in xs])))  # 0-d arrays will not concatenate


def r19_mean_vmap(f, xs):
    return float(jnp.mean(jax.vmap(f)(jnp.stack(xs))))  # stack needs equal sizes; f called once


def r19_mean_device_get(f, xs):
    losses = jax.device_get([f(x) for x in xs])  # every loss brought back to Python
    return float(sum(losses) / len(losses))


def r19_mean_statistics(f, xs):
    return statistics.fmean(f(x) for x in xs)  # fmean turns each loss into a float


def r19_mean_size_weighted(f, xs):
    total = sum(f(x) * x.size for x in xs)
    return float(total / sum(x.size for x in xs))  # weighted by batch size


# right ones


def r19_mean_python_sum(f, xs):
    total = sum(f(x) for x in xs)  # jax additions only: nothing waits
    return float(total) / len(xs)


def r19_mean_accumulate(f, xs):
    total = jnp.zeros(())
    for x in xs:
        total = total + f(x)
    return float(total / len(xs))


def r19_mean_stack_item(f, xs):
    return jnp.stack([f(x) for x in xs]).mean().item()


# ---- 02.first_calls: which of five cumprod calls compile (ACDE) -------------------------

# (predictions only; see the lists below)

# ---- 02.time_call: seconds per warmed-up call, measured honestly -----------------------


def r19_time_colleague(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()  # the colleague's code, untouched
    return elapsed / repeats


def r19_time_no_warmup(f, *args, repeats=5):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the first call's compile is in the mean


def r19_time_dispatch_only(f, *args, repeats=20):
    f(*args).block_until_ready()  # warm-up done right
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args)  # ...but nothing waited for inside the clock
    return (time.perf_counter() - start) / repeats


def r19_time_total(f, *args, repeats=10):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide by repeats


def r19_time_milliseconds(f, *args, repeats=10):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / repeats * 1000  # in ms, like the table prints


def r19_time_process_time(f, *args, repeats=10):
    f(*args).block_until_ready()
    start = time.process_time()  # CPU time: waiting costs none of it
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.process_time() - start) / repeats


def r19_time_helper(f, *args):
    from jaxtour import timing  # the lesson's own helper, which the task forbids

    return timing.measure(f, *args, budget_s=0.3).median_s


def r19_time_first_call(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # times the one call that compiles
    return time.perf_counter() - start


def r19_time_off_by_one(f, *args, repeats=3):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(1, repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / repeats  # repeats - 1 calls, divided by repeats


def r19_time_timeit(f, *args):
    return timeit.timeit(lambda: f(*args), number=10) / 10  # no warm-up, no wait


def r19_time_no_parentheses(f, *args, repeats=10):
    f(*args).block_until_ready  # noqa: B018
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready  # noqa: B018  (the method named, never called)
    return (time.perf_counter() - start) / repeats


def r19_time_samples_list(f, *args, repeats=10):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return times  # every sample, not one number


# right ones


def r19_time_median_ns(f, *args):
    f(*args).block_until_ready()
    samples = []
    for _ in range(15):
        start = time.perf_counter_ns()
        f(*args).block_until_ready()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e9


def r19_time_float_wait(f, *args):
    float(f(*args))  # float() waits for the value: the warm-up
    best = math.inf
    for _ in range(10):
        start = time.perf_counter()
        float(f(*args))
        best = min(best, time.perf_counter() - start)
    return best


def r19_time_poll_ready(f, *args):
    def run():
        result = f(*args)
        while not result.is_ready():
            pass
        return result

    run()
    start = time.perf_counter()
    for _ in range(10):
        run()
    return (time.perf_counter() - start) / 10


def r19_time_timeit_repeat(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=3, repeat=5)
    return min(runs) / 3


ROUND_19 = [
    # 02.which_dispatch
    Wrong("02.which_dispatch", "none: the warm-up made every line honest", lambda: ""),
    Wrong("02.which_dispatch", "all five: %timeit never waits", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "the waiting ones picked, BD", lambda: "BD"),
    Wrong("02.which_dispatch", "thought .shape waits for the value", lambda: "CE"),
    Wrong("02.which_dispatch", "missed that jnp.maximum is another op", lambda: "AC"),
    Wrong("02.which_dispatch", "thought jnp.sqrt waits for its input", lambda: "AE"),
    Wrong("02.which_dispatch", "took Python's max for a jax op", lambda: "ABCE"),
    Wrong("02.which_dispatch", "np.asarray copies nothing, so no wait", lambda: "ACDE"),
    Wrong("02.which_dispatch", "only .shape, the one without a new op", lambda: "A"),
    Wrong("02.which_dispatch", "only the chained jnp calls", lambda: "C"),
    Wrong("02.which_dispatch", "a list of letters, not one string", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "both conversions and the max, ABD", lambda: "ABD"),
    # 02.mean_loss
    Wrong("02.mean_loss", "the slow helper handed in unchanged", lambda: r19_mean_slow_copy),
    Wrong("02.mean_loss", "jnp.mean of the stack, no float()", lambda: r19_mean_no_float),
    Wrong("02.mean_loss", ".item() on every batch", lambda: r19_mean_item_per_batch),
    Wrong("02.mean_loss", "block_until_ready inside the loop", lambda: r19_mean_block_each),
    Wrong("02.mean_loss", "np.mean of the list of losses", lambda: r19_mean_numpy_mean),
    Wrong("02.mean_loss", "one f call on all batches concatenated", lambda: r19_mean_one_call),
    Wrong("02.mean_loss", "divided by len(xs) - 1", lambda: r19_mean_off_by_one),
    Wrong("02.mean_loss", "sum of losses, never divided", lambda: r19_mean_sum_only),
    Wrong("02.mean_loss", "returns the last batch's loss", lambda: r19_mean_last_batch),
    Wrong("02.mean_loss", "exp of the mean: another variant", lambda: r19_mean_perplexity),
    Wrong("02.mean_loss", "jnp.concatenate of 0-d losses", lambda: r19_mean_concatenate_scalars),
    Wrong("02.mean_loss", "vmap over stacked batches", lambda: r19_mean_vmap),
    Wrong("02.mean_loss", "jax.device_get of all losses", lambda: r19_mean_device_get),
    Wrong("02.mean_loss", "statistics.fmean over the losses", lambda: r19_mean_statistics),
    Wrong("02.mean_loss", "weighted by batch size", lambda: r19_mean_size_weighted),
    # 02.first_calls
    Wrong("02.first_calls", "none: cumprod is compiled already", lambda: ""),
    Wrong("02.first_calls", "all five: every new array compiles", lambda: "ABCDE"),
    Wrong("02.first_calls", "bool input thought to reuse float code", lambda: "CDE"),
    Wrong("02.first_calls", "jit of the lambda reuses cumprod's code", lambda: "ADE"),
    Wrong("02.first_calls", "only the shape changes count", lambda: "DE"),
    Wrong("02.first_calls", "NumPy input counted, jit lambda not", lambda: "ABDE"),
    Wrong("02.first_calls", "a[::2] seen as a view of a", lambda: "ACD"),
    Wrong("02.first_calls", "reshape keeps 1000 elements: no compile", lambda: "ACE"),
    Wrong("02.first_calls", "only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "the NumPy transfer alone", lambda: "B"),
    Wrong("02.first_calls", "right letters as a tuple", lambda: ("A", "C", "D", "E")),
    Wrong("02.first_calls", "dtype changes only: A and B", lambda: "AB"),
    # 02.time_call
    Wrong("02.time_call", "the colleague's time_call_quick as is", lambda: r19_time_colleague),
    Wrong("02.time_call", "no warm-up: compile in the mean", lambda: r19_time_no_warmup),
    Wrong("02.time_call", "warm-up blocked, timed calls not", lambda: r19_time_dispatch_only),
    Wrong("02.time_call", "total time, not divided", lambda: r19_time_total),
    Wrong("02.time_call", "returns milliseconds", lambda: r19_time_milliseconds),
    Wrong("02.time_call", "time.process_time: CPU time", lambda: r19_time_process_time),
    Wrong("02.time_call", "timing.measure, the refused helper", lambda: r19_time_helper),
    Wrong("02.time_call", "times only the first call", lambda: r19_time_first_call),
    Wrong("02.time_call", "range(1, n) calls divided by n", lambda: r19_time_off_by_one),
    Wrong("02.time_call", "timeit.timeit without waiting", lambda: r19_time_timeit),
    Wrong("02.time_call", ".block_until_ready without ()", lambda: r19_time_no_parentheses),
    Wrong("02.time_call", "returns the list of samples", lambda: r19_time_samples_list),
]

RIGHT_19 = [
    Right("02.which_dispatch", "lower case", lambda: "ace"),
    Right("02.which_dispatch", "another order", lambda: "CEA"),
    Right("02.which_dispatch", "comma-separated", lambda: "A, C, E"),
    Right("02.mean_loss", "Python sum of jax losses, one float()", lambda: r19_mean_python_sum),
    Right("02.mean_loss", "running jax total, divided in jnp", lambda: r19_mean_accumulate),
    Right("02.mean_loss", "stack, .mean(), .item() once", lambda: r19_mean_stack_item),
    Right("02.first_calls", "lower case", lambda: "acde"),
    Right("02.first_calls", "reverse order", lambda: "EDCA"),
    Right("02.first_calls", "spaced letters", lambda: "A C D E"),
    Right("02.time_call", "median of blocked calls, perf_counter_ns", lambda: r19_time_median_ns),
    Right("02.time_call", "float() as the wait, best of ten", lambda: r19_time_float_wait),
    Right("02.time_call", "busy-waits on is_ready()", lambda: r19_time_poll_ready),
    Right("02.time_call", "timeit.repeat with blocking, min", lambda: r19_time_timeit_repeat),
]
