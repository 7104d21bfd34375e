"""Round 21, lesson 02 (Time JAX honestly): answers from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.which_dispatch: which %timeit lines time only the dispatch (ACE) ----------------

# ---- 02.mean_loss: mean of f(x) over xs as one Python float, no waits mid-loop ----------


def r21_mean_slow_copy(f, xs):
    total = 0.0
    for x in xs:
        total += float(f(x))
    return total / len(xs)


def r21_mean_returns_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))


def r21_mean_block_each(f, xs):
    losses = [f(x).block_until_ready() for x in xs]
    return float(sum(losses) / len(losses))


def r21_mean_np_mean(f, xs):
    losses = [f(x) for x in xs]
    return float(np.mean(losses))  # NumPy pulls every loss to the host


def r21_mean_floats_after(f, xs):
    losses = [f(x) for x in xs]  # everything dispatched first...
    return sum(float(loss) for loss in losses) / len(losses)  # ...then one float each


def r21_mean_divide_batch_size(f, xs):
    total = sum(f(x) for x in xs)
    return float(total / len(xs[0]))


def r21_mean_concatenate(f, xs):
    return float(f(jnp.concatenate(xs)))


def r21_mean_vmap(f, xs):
    return float(jnp.mean(jax.vmap(f)(jnp.stack(xs))))


def r21_mean_sum_only(f, xs):
    return float(jnp.sum(jnp.stack([f(x) for x in xs])))


def r21_mean_progress_log(f, xs):
    total = jnp.zeros(())
    for i, x in enumerate(xs):
        total = total + f(x)
        if i % 2 == 1:
            print(f"batch {i}: running mean {float(total) / (i + 1):.4f}")
    return float(total / len(xs))


def r21_mean_numpy_zero_d(f, xs):
    return np.asarray(jnp.mean(jnp.stack([f(x) for x in xs])))


def r21_mean_weighted_by_size(f, xs):
    total = sum(f(x) * len(x) for x in xs)
    return float(total / sum(len(x) for x in xs))


def r21_mean_perplexity(f, xs):
    return float(jnp.exp(jnp.mean(jnp.stack([f(x) for x in xs]))))


def r21_mean_right_accumulate(f, xs):
    total = 0.0
    for x in xs:
        total = total + f(x)  # a jax array from the first batch on: no wait
    return float(total / len(xs))


def r21_mean_right_tolist(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs])).tolist()


def r21_mean_right_block_all_after(f, xs):
    losses = jax.block_until_ready([f(x) for x in xs])
    return jnp.mean(jnp.stack(losses)).item()


def r21_mean_right_divide_inside(f, xs):
    n = len(xs)
    total = jnp.float32(0.0)
    for x in xs:
        total += f(x) / n
    return float(total)


# ---- 02.first_calls: which of five calls compile (ACDE) ---------------------------------

# ---- 02.time_call: seconds per warmed-up call, measured for real ------------------------


def r21_time_block_last_only(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    result.block_until_ready()  # inside the clock now, but only the last call
    return (time.perf_counter() - start) / repeats


def r21_time_no_warmup_single(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r21_time_dispatch_only(f, *args, repeats=20):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r21_time_total_not_per_call(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return time.perf_counter() - start


def r21_time_milliseconds(f, *args, repeats=20):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)  # "ms reads better"


def r21_time_process_time(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.process_time()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.process_time() - start) / repeats


def r21_time_wait_for_inputs(f, *args, repeats=20):
    f(*args)
    for a in args:
        if hasattr(a, "block_until_ready"):
            a.block_until_ready()  # "make sure the data is ready first"
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args)
    return (time.perf_counter() - start) / repeats


def r21_time_is_ready_check(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
        result.is_ready()  # asks, does not wait
    return (time.perf_counter() - start) / repeats


def r21_time_warmup_inside_clock(f, *args, repeats=20):
    start = time.perf_counter()
    f(*args).block_until_ready()  # warm-up, but the clock is already running
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / (repeats + 1)


def r21_time_returns_list(f, *args, repeats=20):
    f(*args).block_until_ready()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return times


def r21_time_shape_waits(f, *args, repeats=20):
    _ = f(*args).shape
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        _ = f(*args).shape  # thought reading the result waits for it
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r21_time_lesson_helper(f, *args):
    from jaxtour import timing

    return timing.measure(f, *args, budget_s=0.5).median_s


def r21_time_right_median(f, *args, repeats=15):
    f(*args).block_until_ready()
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        f(*args).block_until_ready()
        samples.append(time.perf_counter() - t0)
    samples.sort()
    return samples[len(samples) // 2]


def r21_time_right_timeit_min(f, *args):
    float(f(*args))  # warm-up; float() waits for the value
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=1, repeat=10)
    return min(runs)


def r21_time_right_float_wait(f, *args, repeats=10):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        float(f(*args))
    return (time.perf_counter() - start) / repeats


def r21_time_right_poll(f, *args, repeats=10):
    first = f(*args)
    while not first.is_ready():
        pass
    elapsed = []
    for _ in range(repeats):
        t0 = time.monotonic()
        r = f(*args)
        while not r.is_ready():
            pass
        elapsed.append(time.monotonic() - t0)
    return statistics.mean(elapsed)


ROUND_21 = [
    # 02.which_dispatch (answer ACE)
    Wrong("02.which_dispatch", "AC: thinks jnp.maximum with 0.0 checks on host", lambda: "AC"),
    Wrong("02.which_dispatch", "A: thinks any further jnp op waits", lambda: "A"),
    Wrong("02.which_dispatch", "CE: thinks .shape reads the result", lambda: "CE"),
    Wrong("02.which_dispatch", "ACDE: np.asarray makes no copy, so no wait", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: Python max stays lazy", lambda: "ABCE"),
    Wrong("02.which_dispatch", "empty: warmed-up calls run synchronously", lambda: ""),
    Wrong("02.which_dispatch", "ABCDE: %timeit never waits", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "BD: gave the lines that do wait", lambda: "BD"),
    Wrong("02.which_dispatch", "copied the example AB from the task", lambda: "AB"),
    Wrong("02.which_dispatch", "right letters as a list of strings", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "ADE: thinks sqrt of a scalar syncs", lambda: "ADE"),
    # 02.mean_loss
    Wrong("02.mean_loss", "kept the colleague's float per batch", lambda: r21_mean_slow_copy),
    Wrong(
        "02.mean_loss", "returns the jax array, not a Python float", lambda: r21_mean_returns_array
    ),
    Wrong("02.mean_loss", "block_until_ready on every batch's loss", lambda: r21_mean_block_each),
    Wrong("02.mean_loss", "np.mean over the list of losses", lambda: r21_mean_np_mean),
    Wrong("02.mean_loss", "dispatches all, then one float per loss", lambda: r21_mean_floats_after),
    Wrong(
        "02.mean_loss", "divides by len(xs[0]), the batch size", lambda: r21_mean_divide_batch_size
    ),
    Wrong("02.mean_loss", "one call of f on all batches joined", lambda: r21_mean_concatenate),
    Wrong("02.mean_loss", "vmap over stacked batches", lambda: r21_mean_vmap),
    Wrong("02.mean_loss", "returns the sum, forgot to divide", lambda: r21_mean_sum_only),
    Wrong("02.mean_loss", "prints a running mean every 2 batches", lambda: r21_mean_progress_log),
    Wrong("02.mean_loss", "returns np.asarray of the mean (0-d)", lambda: r21_mean_numpy_zero_d),
    Wrong("02.mean_loss", "weights each loss by its batch size", lambda: r21_mean_weighted_by_size),
    Wrong("02.mean_loss", "returns exp(mean), the perplexity", lambda: r21_mean_perplexity),
    # 02.first_calls (answer ACDE)
    Wrong("02.first_calls", "DE: only new shapes compile", lambda: "DE"),
    Wrong("02.first_calls", "ADE: jit of a lambda reuses cumprod's", lambda: "ADE"),
    Wrong("02.first_calls", "ACD: a[::2] is a view of a, cached", lambda: "ACD"),
    Wrong("02.first_calls", "ACE: reshape keeps 1000 elements", lambda: "ACE"),
    Wrong("02.first_calls", "CDE: a > 0.5 seen as still float", lambda: "CDE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument compiles too", lambda: "ABCDE"),
    Wrong("02.first_calls", "none: cumprod is compiled already", lambda: ""),
    Wrong("02.first_calls", "C: only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "ABDE: NumPy input compiles, jit lambda not", lambda: "ABDE"),
    Wrong("02.first_calls", "right letters as a list", lambda: ["A", "C", "D", "E"]),
    Wrong("02.first_calls", "BCDE: bool input is cast to float first", lambda: "BCDE"),
    # 02.time_call
    Wrong(
        "02.time_call",
        "blocks only the last of 20 calls in clock",
        lambda: r21_time_block_last_only,
    ),
    Wrong("02.time_call", "one blocked call, no warm-up", lambda: r21_time_no_warmup_single),
    Wrong(
        "02.time_call", "warm-up, then median of unblocked calls", lambda: r21_time_dispatch_only
    ),
    Wrong("02.time_call", "returns the total of 20 calls", lambda: r21_time_total_not_per_call),
    Wrong("02.time_call", "returns milliseconds", lambda: r21_time_milliseconds),
    Wrong("02.time_call", "timed with time.process_time", lambda: r21_time_process_time),
    Wrong(
        "02.time_call", "waits for the inputs, not the results", lambda: r21_time_wait_for_inputs
    ),
    Wrong("02.time_call", "calls is_ready() instead of waiting", lambda: r21_time_is_ready_check),
    Wrong("02.time_call", "clock started before the warm-up", lambda: r21_time_warmup_inside_clock),
    Wrong("02.time_call", "returns the list of times", lambda: r21_time_returns_list),
    Wrong("02.time_call", "reads .shape, thinking it waits", lambda: r21_time_shape_waits),
    Wrong("02.time_call", "used the lesson's timing.measure", lambda: r21_time_lesson_helper),
]

RIGHT_21 = [
    Right("02.which_dispatch", "letters in another order", lambda: "CEA"),
    Right("02.which_dispatch", "lower case", lambda: "ace"),
    Right("02.which_dispatch", "letters with commas", lambda: "A, C, E"),
    Right("02.mean_loss", "adds jax losses to 0.0 in a loop", lambda: r21_mean_right_accumulate),
    Right("02.mean_loss", "mean of the stack, .tolist()", lambda: r21_mean_right_tolist),
    Right(
        "02.mean_loss",
        "block_until_ready on all after dispatch",
        lambda: r21_mean_right_block_all_after,
    ),
    Right(
        "02.mean_loss",
        "divides each loss by n inside the loop",
        lambda: r21_mean_right_divide_inside,
    ),
    Right("02.first_calls", "letters in reverse order", lambda: "EDCA"),
    Right("02.first_calls", "lower case", lambda: "acde"),
    Right("02.first_calls", "letters with commas", lambda: "A, C, D, E"),
    Right("02.time_call", "median of a sorted list by hand", lambda: r21_time_right_median),
    Right("02.time_call", "timeit.repeat, number=1, min", lambda: r21_time_right_timeit_min),
    Right("02.time_call", "float() waits, mean of 10 calls", lambda: r21_time_right_float_wait),
    Right("02.time_call", "polls is_ready() until done", lambda: r21_time_right_poll),
]
