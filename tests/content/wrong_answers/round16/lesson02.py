"""Round 16, lesson 02 (timing honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 02.mean_loss


def r16_mean_item(f, xs):
    total = 0.0
    for x in xs:
        total += f(x).item()  # .item() waits just like float()
    return total / len(xs)


def r16_mean_block_each(f, xs):
    total = 0.0
    for x in xs:
        total = total + f(x).block_until_ready()
    return float(total / len(xs))


def r16_mean_jax_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))  # never made a Python float


def r16_mean_floats_after(f, xs):
    losses = [f(x) for x in xs]  # all dispatched first ...
    return sum(float(loss) for loss in losses) / len(losses)  # ... then one value each


def r16_mean_block_then_floats(f, xs):
    losses = jax.block_until_ready([f(x) for x in xs])
    return statistics.mean(float(loss) for loss in losses)


def r16_mean_device_get(f, xs):
    losses = jax.device_get([f(x) for x in xs])  # a NumPy value per batch
    return float(np.mean(losses))


def r16_mean_calls_twice(f, xs):
    losses = [f(x) for x in xs]
    return float(sum(losses) / len(losses)) if all(f(x).shape == () for x in xs) else 0.0


def r16_mean_one_call(f, xs):
    return float(jnp.mean(f(jnp.concatenate(xs))))  # one call for all batches


def r16_mean_return_in_loop(f, xs):
    total = 0.0
    for x in xs:
        total = total + f(x)
        return float(total / len(xs))  # indented one level too far
    return 0.0


def r16_mean_last_only(f, xs):
    for x in xs:
        loss = f(x)
    return float(loss)


def r16_mean_off_by_one(f, xs):
    total = sum(f(x) for x in xs)
    return float(total) / (len(xs) - 1)  # like a sample variance


def r16_mean_float16(f, xs):
    losses = jnp.stack([f(x) for x in xs]).astype(jnp.bfloat16)  # "smaller to bring back"
    return float(losses.mean())


def r16_mean_median(f, xs):
    return float(jnp.median(jnp.stack([f(x) for x in xs])))


def r16_mean_perplexity(f, xs):
    return float(jnp.exp(jnp.mean(jnp.stack([f(x) for x in xs]))))  # another variant


def r16_mean_right_helper_shape(f, xs):
    total = 0.0
    for x in xs:
        total += f(x)  # 0.0 + jax array stays a jax array: no wait
    return float(total / len(xs))


def r16_mean_right_numpy_once(f, xs):
    losses = jnp.hstack([f(x) for x in xs])
    return float(np.asarray(losses).mean(dtype=np.float64))  # one transfer, at the end


def r16_mean_right_reduce(f, xs):
    losses = list(map(f, xs))
    return float(jnp.sum(jnp.stack(losses))) / len(losses)


# ---------------------------------------------------------------- 02.time_call


def r16_time_quick(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r16_time_count_slip(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 20  # loop shortened, divisor kept


def r16_time_no_warmup_mean(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the compile is one of the ten


def r16_time_only_first(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r16_time_block_outside(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        result = f(*args)
        times.append(time.perf_counter() - start)
        result.block_until_ready()  # waits, but after the clock stopped
    return statistics.median(times)


def r16_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # never divided by the ten calls


def r16_time_ms(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 10 * 1000  # milliseconds, as %timeit prints


def r16_time_process_time(f, *args):
    f(*args).block_until_ready()
    start = time.process_time()  # CPU time of this process, not the wall clock
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 10


def r16_time_timeit_cold(f, *args):
    return timeit.timeit(lambda: f(*args).block_until_ready(), number=10) / 10


def r16_time_block_args(f, *args):
    f(*args)
    start = time.perf_counter()
    for _ in range(10):
        f(*args)
        jax.block_until_ready(args)  # waited for the inputs, not the result
    return (time.perf_counter() - start) / 10


def r16_time_with_warmup_counted(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # warm-up inside the clock
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 11


def r16_time_right_float(f, *args):
    float(f(*args))  # float() waits for the number: a blocked warm-up
    times = []
    for _ in range(15):
        start = time.perf_counter()
        float(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r16_time_right_poll(f, *args):
    f(*args).block_until_ready()
    best = float("inf")
    for _ in range(10):
        start = time.perf_counter()
        result = f(*args)
        while not result.is_ready():
            time.sleep(0)
        best = min(best, time.perf_counter() - start)
    return best


def r16_time_right_median_no_warmup(f, *args):
    times = []
    for _ in range(21):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)  # the one compile is an outlier the median drops


def r16_time_right_timeit(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=5, repeat=5)
    return min(runs) / 5


def r16_mean_page_count(f, xs):
    total = sum(f(x) for x in xs)
    return float(total) / 4  # the page's four batches


ROUND_16 = [
    Wrong("02.which_dispatch", "CE: thinks .shape waits for the values", lambda: "CE"),
    Wrong("02.which_dispatch", "ABCE: took Python's max for a jnp op", lambda: "ABCE"),
    Wrong("02.which_dispatch", "ACDE: np.asarray thought lazy like jnp.asarray", lambda: "ACDE"),
    Wrong("02.which_dispatch", "A only: any further jnp op forces the work", lambda: "A"),
    Wrong("02.which_dispatch", "AC: jnp.maximum with a float thought to wait", lambda: "AC"),
    Wrong("02.which_dispatch", "empty: every line waits, as %timeit", lambda: ""),
    Wrong("02.which_dispatch", "BD: the opposite set", lambda: "BD"),
    Wrong("02.which_dispatch", "lower case ace", lambda: "ace"),
    Wrong("02.which_dispatch", "letters with commas", lambda: "A, C, E"),
    Wrong("02.which_dispatch", "a list of letters, not one string", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "ACE with a trailing comment", lambda: "ACE  # B and D wait"),
    Wrong("02.first_calls", "CDE: missed that a > 0.5 is a bool array", lambda: "CDE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument thought to recompile", lambda: "ABCDE"),
    Wrong("02.first_calls", "ACE: same 1000 elements after reshape", lambda: "ACE"),
    Wrong("02.first_calls", "ADE: thought jit reuses cumprod's compile", lambda: "ADE"),
    Wrong("02.first_calls", "DE: only new shapes compile", lambda: "DE"),
    Wrong("02.first_calls", "ACD: a slice thought to be a view, same shape", lambda: "ACD"),
    Wrong("02.first_calls", "C only: eager ops never compile", lambda: "C"),
    Wrong("02.first_calls", "empty: cumprod is compiled already", lambda: ""),
    Wrong("02.first_calls", "lower case acde", lambda: "acde"),
    Wrong("02.first_calls", "letters with commas", lambda: "A,C,D,E"),
    Wrong("02.first_calls", "ACDE with its reason after it", lambda: "ACDE (B hits the cache)"),
    Wrong("02.mean_loss", ".item() per batch: waits like float()", lambda: r16_mean_item),
    Wrong("02.mean_loss", "block_until_ready on each batch's loss", lambda: r16_mean_block_each),
    Wrong("02.mean_loss", "returns the jax array, no Python float", lambda: r16_mean_jax_array),
    Wrong(
        "02.mean_loss", "dispatched all, then float() of each loss", lambda: r16_mean_floats_after
    ),
    Wrong(
        "02.mean_loss",
        "blocked the list, then a float per batch",
        lambda: r16_mean_block_then_floats,
    ),
    Wrong("02.mean_loss", "jax.device_get of the list of losses", lambda: r16_mean_device_get),
    Wrong("02.mean_loss", "calls f a second time to check shapes", lambda: r16_mean_calls_twice),
    Wrong("02.mean_loss", "one f call on all batches concatenated", lambda: r16_mean_one_call),
    Wrong(
        "02.mean_loss",
        "return indented into the loop: first batch",
        lambda: r16_mean_return_in_loop,
    ),
    Wrong("02.mean_loss", "kept only the last batch's loss", lambda: r16_mean_last_only),
    Wrong("02.mean_loss", "divided by len(xs) - 1", lambda: r16_mean_off_by_one),
    Wrong("02.mean_loss", "cast losses to bfloat16 before the mean", lambda: r16_mean_float16),
    Wrong("02.mean_loss", "median of the losses", lambda: r16_mean_median),
    Wrong("02.mean_loss", "logged the perplexity: another variant", lambda: r16_mean_perplexity),
    Wrong("02.time_call", "the colleague's function unchanged", lambda: r16_time_quick),
    Wrong(
        "02.time_call",
        "ten calls timed, divided by the old 20",
        lambda: r16_time_count_slip,
    ),
    Wrong("02.time_call", "no warm-up, mean of ten blocked calls", lambda: r16_time_no_warmup_mean),
    Wrong("02.time_call", "times one cold call: the compile", lambda: r16_time_only_first),
    Wrong("02.time_call", "blocks after stopping the clock", lambda: r16_time_block_outside),
    Wrong("02.time_call", "total of ten calls, not divided", lambda: r16_time_total),
    Wrong("02.time_call", "milliseconds, as %timeit prints", lambda: r16_time_ms),
    Wrong("02.time_call", "time.process_time: CPU time, not wall", lambda: r16_time_process_time),
    Wrong("02.time_call", "timeit.timeit with no warm-up", lambda: r16_time_timeit_cold),
    Wrong("02.time_call", "block_until_ready on the args", lambda: r16_time_block_args),
    Wrong(
        "02.time_call", "warm-up call inside the clock, / 11", lambda: r16_time_with_warmup_counted
    ),
    Wrong(
        "02.mean_loss", "divided by 4, the page's number of batches", lambda: r16_mean_page_count
    ),
]

RIGHT_16 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the same letters in another order", lambda: "ECA"),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the same letters, in another order", lambda: "EDCA"),
    Right(
        "02.mean_loss",
        "the helper's loop, float only at the end",
        lambda: r16_mean_right_helper_shape,
    ),
    Right(
        "02.mean_loss", "hstack, one np.asarray, float64 mean", lambda: r16_mean_right_numpy_once
    ),
    Right("02.mean_loss", "map, stack, one float, Python division", lambda: r16_mean_right_reduce),
    Right("02.time_call", "float() to wait, median of 15", lambda: r16_time_right_float),
    Right("02.time_call", "busy-waits on is_ready(), min of 10", lambda: r16_time_right_poll),
    Right(
        "02.time_call",
        "no warm-up, median of 21 blocked calls",
        lambda: r16_time_right_median_no_warmup,
    ),
    Right("02.time_call", "timeit.repeat after a blocked warm-up", lambda: r16_time_right_timeit),
]
