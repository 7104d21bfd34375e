"""Round 15, lesson 02 (Time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# the page's batches, as the cell above 02.mean_loss makes them
batches = [jnp.full(3, float(i)) for i in range(4)]

# ------------------------------------------------------------ 02.mean_loss


def r15_mean_float_each(f, xs):
    return float(jnp.mean(jnp.array([float(f(x)) for x in xs])))


def r15_mean_jax_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))  # no float(): a jax array


def r15_mean_block_each(f, xs):
    losses = [f(x).block_until_ready() for x in xs]  # waits batch by batch
    return float(jnp.mean(jnp.stack(losses)))


def r15_mean_item_each(f, xs):
    return sum(f(x).item() for x in xs) / len(xs)


def r15_mean_n_minus_1(f, xs):
    return float(jnp.sum(jnp.stack([f(x) for x in xs])) / (len(xs) - 1))


def r15_mean_concat(f, xs):
    return float(f(jnp.concatenate(xs)))  # one call on all data, not a mean of losses


def r15_mean_page_batches(f, xs):
    losses = [f(x) for x in batches]  # the page's batches, not xs
    return float(jnp.mean(jnp.stack(losses)))


def r15_mean_weighted(f, xs):
    # "batches may differ in size": weighs each loss by its batch size
    total = sum(f(x) * x.size for x in xs)
    return float(total / sum(x.size for x in xs))


def r15_mean_median(f, xs):
    return float(jnp.median(jnp.stack([f(x) for x in xs])))


def r15_mean_item_no_call(f, xs):
    return jnp.mean(jnp.array([f(x) for x in xs])).item  # forgot the ()


def r15_mean_block_last_then_floats(f, xs):
    losses = [f(x) for x in xs]
    losses[-1].block_until_ready()  # all dispatched first ...
    return sum(float(loss) for loss in losses) / len(xs)  # ... but one float per batch


def r15_mean_np_each(f, xs):
    return float(np.mean([np.asarray(f(x)) for x in xs]))


def r15_mean_no_float(f, xs):
    return sum(f(x) for x in xs) / len(xs)


def r15_mean_running_print(f, xs):
    total = 0.0
    for i, x in enumerate(xs):
        total = total + f(x)
        print(f"batch {i}: running loss {total / (i + 1):.4f}")  # formats a jax value
    return float(total / len(xs))


def r15_mean_right_tolist(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs])).tolist()


def r15_mean_right_accumulate(f, xs):
    total = 0.0
    for x in xs:
        total = total + f(x)  # stays a jax array
    return float(total) / len(xs)


def r15_mean_right_block_all(f, xs):
    losses = jax.block_until_ready([f(x) for x in xs])  # after the last dispatch
    return float(jnp.mean(jnp.asarray(losses)))


def r15_mean_right_sum_gen(f, xs):
    return float(sum(f(x) for x in xs) / len(xs))


# ------------------------------------------------------------ 02.time_call


def r15_time_page_quick(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()  # after the clock, as on the page
    return elapsed / repeats


def r15_time_no_warmup_mean(f, *args):
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the compile is in the mean


def r15_time_only_warmup_blocked(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args)
    return (time.perf_counter() - start) / 20


def r15_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide


def r15_time_ms(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000  # milliseconds


def r15_time_process_time(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.process_time()  # CPU time of this process: waiting is not counted
        f(*args).block_until_ready()
        times.append(time.process_time() - start)
    return statistics.median(times)


def r15_time_first_call(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # times the one call that compiles
    return time.perf_counter() - start


def r15_time_nobrackets_mean(f, *args):
    f(*args).block_until_ready  # noqa: B018  (no call: the warm-up is not waited for)
    start = time.perf_counter()
    for _ in range(20):
        result = f(*args)
        result.block_until_ready  # noqa: B018
    float(result)
    return (time.perf_counter() - start) / 20


def r15_time_float_after_clock(f, *args):
    float(f(*args))
    times = []
    for _ in range(20):
        start = time.perf_counter()
        result = f(*args)
        times.append(time.perf_counter() - start)
        float(result)  # waits, but outside the timed part
    return statistics.median(times)


def r15_time_right_median_blocked(f, *args):
    jax.block_until_ready(f(*args))
    samples = []
    for _ in range(15):
        t0 = time.monotonic()
        jax.block_until_ready(f(*args))
        samples.append(time.monotonic() - t0)
    return statistics.median(samples)


def r15_time_right_float(f, *args):
    float(f(*args))
    best = float("inf")
    for _ in range(10):
        t0 = time.perf_counter()
        float(f(*args))  # float() waits for the value
        best = min(best, time.perf_counter() - t0)
    return best


def r15_time_right_no_warmup_median(f, *args):
    samples = []
    for _ in range(21):  # the compiling call is one sample of 21: the median ignores it
        t0 = time.perf_counter()
        f(*args).block_until_ready()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def r15_time_right_queue(f, *args):
    f(*args).block_until_ready()
    n = 20
    t0 = time.perf_counter()
    for _ in range(n):
        r = f(*args)
    r.block_until_ready()  # inside the clock: the device runs the calls in order
    return (time.perf_counter() - t0) / n


ROUND_15 = [
    Wrong("02.which_dispatch", "forgot .shape needs no value", lambda: "CE"),
    Wrong("02.which_dispatch", "only jnp.sqrt and .shape", lambda: "AC"),
    Wrong("02.which_dispatch", "thinks Python max is lazy too", lambda: "ABCE"),
    Wrong("02.which_dispatch", "np.asarray counted as lazy", lambda: "ACDE"),
    Wrong("02.which_dispatch", "the opposite: the waiting ones", lambda: "BD"),
    Wrong("02.which_dispatch", "only E", lambda: "E"),
    Wrong("02.which_dispatch", "none", lambda: ""),
    Wrong("02.which_dispatch", "lower case", lambda: "ace"),
    Wrong("02.which_dispatch", "letters with commas", lambda: "A, C, E"),
    Wrong("02.which_dispatch", "a list of letters", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "right letters with a trailing comment", lambda: "ACE # B, D wait"),
    Wrong("02.mean_loss", "float() of every batch, then a jnp mean", lambda: r15_mean_float_each),
    Wrong("02.mean_loss", "returns the jax array, no float()", lambda: r15_mean_jax_array),
    Wrong("02.mean_loss", "block_until_ready on every batch", lambda: r15_mean_block_each),
    Wrong("02.mean_loss", ".item() per batch", lambda: r15_mean_item_each),
    Wrong("02.mean_loss", "sum / (len - 1)", lambda: r15_mean_n_minus_1),
    Wrong("02.mean_loss", "one f call on all batches concatenated", lambda: r15_mean_concat),
    Wrong("02.mean_loss", "loops over the page's batches, not xs", lambda: r15_mean_page_batches),
    Wrong(
        "02.mean_loss", "weighted by batch size: right on equal sizes", lambda: r15_mean_weighted
    ),
    Wrong("02.mean_loss", "median of the losses", lambda: r15_mean_median),
    Wrong("02.mean_loss", ".item without the call", lambda: r15_mean_item_no_call),
    Wrong(
        "02.mean_loss",
        "waits for the last, then float of each",
        lambda: r15_mean_block_last_then_floats,
    ),
    Wrong("02.mean_loss", "np.asarray per batch, np.mean", lambda: r15_mean_np_each),
    Wrong("02.mean_loss", "sum / len without float()", lambda: r15_mean_no_float),
    Wrong("02.mean_loss", "prints a running loss each batch", lambda: r15_mean_running_print),
    Wrong("02.first_calls", "bool input thought reused", lambda: "CDE"),
    Wrong("02.first_calls", "NumPy input thought to compile too", lambda: "ABCDE"),
    Wrong("02.first_calls", "jit of a lambda thought cached", lambda: "ADE"),
    Wrong("02.first_calls", "a[::2] thought a view, no compile", lambda: "ACD"),
    Wrong("02.first_calls", "only the shape changes", lambda: "DE"),
    Wrong("02.first_calls", "only the new dtype and jit", lambda: "AC"),
    Wrong("02.first_calls", "none: cumprod is compiled", lambda: ""),
    Wrong("02.first_calls", "lower case", lambda: "acde"),
    Wrong("02.first_calls", "letters with commas", lambda: "A, C, D, E"),
    Wrong("02.first_calls", "right letters and a reason", lambda: "ACDE: new dtype, fn, shapes"),
    Wrong("02.time_call", "the page's quick version unchanged", lambda: r15_time_page_quick),
    Wrong("02.time_call", "no warm-up, mean of blocked calls", lambda: r15_time_no_warmup_mean),
    Wrong("02.time_call", "blocks the warm-up only", lambda: r15_time_only_warmup_blocked),
    Wrong("02.time_call", "total of 20 calls, not divided", lambda: r15_time_total),
    Wrong("02.time_call", "median in milliseconds", lambda: r15_time_ms),
    Wrong("02.time_call", "time.process_time: waiting not counted", lambda: r15_time_process_time),
    Wrong("02.time_call", "times the first call alone", lambda: r15_time_first_call),
    Wrong("02.time_call", "block_until_ready without ()", lambda: r15_time_nobrackets_mean),
    Wrong("02.time_call", "float() after the clock stops", lambda: r15_time_float_after_clock),
]
RIGHT_15 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the letters in another order", lambda: "ECA"),
    Right("02.mean_loss", "jnp mean then .tolist()", lambda: r15_mean_right_tolist),
    Right(
        "02.mean_loss",
        "accumulates jax arrays, float at the end",
        lambda: r15_mean_right_accumulate,
    ),
    Right(
        "02.mean_loss", "block_until_ready on all after dispatch", lambda: r15_mean_right_block_all
    ),
    Right("02.mean_loss", "float(sum(generator) / len)", lambda: r15_mean_right_sum_gen),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the letters in another order", lambda: "EDCA"),
    Right(
        "02.time_call",
        "jax.block_until_ready, time.monotonic, median",
        lambda: r15_time_right_median_blocked,
    ),
    Right("02.time_call", "float() waits; min of 10", lambda: r15_time_right_float),
    Right(
        "02.time_call", "no warm-up but the median of 21", lambda: r15_time_right_no_warmup_median
    ),
    Right(
        "02.time_call",
        "20 calls queued, last one blocked in the clock",
        lambda: r15_time_right_queue,
    ),
]
