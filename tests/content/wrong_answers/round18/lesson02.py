"""Round 18, lesson 02 (Time JAX honestly): answers from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.which_dispatch: which %timeit lines time only the dispatch (ACE) --------------
# (string answers; see the lists below)

# ---- 02.mean_loss: mean loss as one Python float, no wait before the last dispatch ----


def r18_mean_loss_float_per_batch(f, xs):
    # the colleague's helper, rewritten with a list: still a float per batch
    losses = [float(f(x)) for x in xs]
    return sum(losses) / len(losses)


def r18_mean_loss_block_each(f, xs):
    # no floats, but waits for every batch inside the loop
    total = jnp.zeros(())
    for x in xs:
        loss = f(x).block_until_ready()
        total = total + loss
    return float(total / len(xs))


def r18_mean_loss_np_mean(f, xs):
    # np.mean converts each jax array to NumPy: one value back per batch
    return np.mean([f(x) for x in xs])


def r18_mean_loss_jax_array(f, xs):
    # right mean, but left as a jax array
    return jnp.mean(jnp.stack([f(x) for x in xs]))


def r18_mean_loss_n_minus_one(f, xs):
    losses = [f(x) for x in xs]
    return float(sum(losses)) / (len(xs) - 1)


def r18_mean_loss_concatenate(f, xs):
    # concatenate of 0-d arrays raises
    return float(jnp.mean(jnp.concatenate([f(x) for x in xs])))


def r18_mean_loss_one_call(f, xs):
    # stacks the batches and calls f once (batches may differ in size)
    return float(jnp.mean(f(jnp.stack(xs))))


def r18_mean_loss_wait_then_floats(f, xs):
    # dispatches all, waits once, then brings every loss back
    losses = jax.block_until_ready([f(x) for x in xs])
    return sum(float(loss) for loss in losses) / len(losses)


def r18_mean_loss_weighted(f, xs):
    # weights each batch by its size: right only for equal batches
    total = sum(f(x) * len(x) for x in xs)
    return float(total / sum(len(x) for x in xs))


def r18_mean_loss_perplexity(f, xs):
    # logged the perplexity variant, e ** mean
    return float(jnp.exp(jnp.mean(jnp.stack([f(x) for x in xs]))))


def r18_mean_loss_skip_first(f, xs):
    # treats the first batch as a warm-up and leaves it out
    losses = [f(x) for x in xs]
    return float(jnp.mean(jnp.stack(losses[1:])))


def r18_mean_loss_warm_up(f, xs):
    # warms f up on the first batch, blocked, before the loop
    f(xs[0]).block_until_ready()
    losses = [f(x) for x in xs]
    return float(jnp.mean(jnp.stack(losses)))


def r18_mean_loss_floor_div(f, xs):
    return float(sum(f(x) for x in xs) // len(xs))


# right ones


def r18_mean_loss_right_python_sum(f, xs):
    total = sum(f(x) for x in xs)
    return float(total / len(xs))


def r18_mean_loss_right_item(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs])).item()


def r18_mean_loss_right_accumulate(f, xs):
    total = jnp.zeros((), dtype=jnp.float32)
    count = 0
    for x in xs:
        total = total + f(x)
        count += 1
    return float(total) / count


def r18_mean_loss_right_hstack(f, xs):
    losses = jnp.hstack([f(x) for x in xs])
    return float(losses.sum() / losses.size)


# ---- 02.first_calls: which calls compile (ACDE) --------------------------------------
# (string answers; see the lists below)

# ---- 02.time_call: seconds per warmed-up call ----------------------------------------


def r18_time_call_quick(f, *args):
    # the colleague's version: block after the clock stops
    f(*args)
    start = time.perf_counter()
    for _ in range(20):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / 20


def r18_time_call_no_warmup(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)


def r18_time_call_total(f, *args):
    # forgot to divide by the number of calls
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return time.perf_counter() - start


def r18_time_call_ms(f, *args):
    # milliseconds, not seconds
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 20 * 1000


def r18_time_call_first_only(f, *args):
    # times the one call it makes: the compiling one
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r18_time_call_tuple_args(f, *args):
    # passes the tuple instead of unpacking it
    f(args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(args).block_until_ready()
    return (time.perf_counter() - start) / 20


def r18_time_call_process_time(f, *args):
    # CPU time of this process: waiting costs it nothing
    f(*args).block_until_ready()
    start = time.process_time()
    for _ in range(20):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 20


def r18_time_call_helper(f, *args):
    # times with the lesson's helper, which the task refuses
    from jaxtour import timing

    return timing.measure(f, *args, budget_s=0.2).median_s


def r18_time_call_no_parens(f, *args):
    # .block_until_ready without the call: nothing waits
    f(*args).block_until_ready  # noqa: B018
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready  # noqa: B018
    return (time.perf_counter() - start) / 20


def r18_time_call_list(f, *args):
    # returns every sample rather than one number
    f(*args).block_until_ready()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return times


# right ones


def r18_time_call_right_median(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(15):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r18_time_call_right_float(f, *args):
    # float() needs the value, so it waits
    float(f(*args))
    start = time.perf_counter()
    for _ in range(10):
        float(f(*args))
    return (time.perf_counter() - start) / 10


def r18_time_call_right_is_ready(f, *args):
    def wait(result):
        while not result.is_ready():
            time.sleep(0)
        return result

    wait(f(*args))
    samples = []
    for _ in range(10):
        start = time.perf_counter()
        wait(f(*args))
        samples.append(time.perf_counter() - start)
    return min(samples)


def r18_time_call_right_timeit(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=5, repeat=3)
    return min(runs) / 5


ROUND_18 = [
    # 02.which_dispatch
    Wrong("02.which_dispatch", "AC: thought jnp.maximum waits like max", lambda: "AC"),
    Wrong("02.which_dispatch", "CE: thought .shape waits for the value", lambda: "CE"),
    Wrong("02.which_dispatch", "ACDE: np.asarray is zero-copy, so free", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: Python max treated like jnp.maximum", lambda: "ABCE"),
    Wrong("02.which_dispatch", "empty: %timeit always waits", lambda: ""),
    Wrong("02.which_dispatch", "BD: picked the lines that wait", lambda: "BD"),
    Wrong("02.which_dispatch", "ABCDE: none of them block", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "A only: every operation waits", lambda: "A"),
    Wrong("02.which_dispatch", "CDE: shape waits, asarray does not", lambda: "CDE"),
    Wrong("02.which_dispatch", "AE: sqrt needs the value", lambda: "AE"),
    # 02.mean_loss
    Wrong("02.mean_loss", "float() on every batch's loss", lambda: r18_mean_loss_float_per_batch),
    Wrong("02.mean_loss", "block_until_ready on every batch", lambda: r18_mean_loss_block_each),
    Wrong("02.mean_loss", "np.mean over the list of losses", lambda: r18_mean_loss_np_mean),
    Wrong("02.mean_loss", "returned the jax array, no float()", lambda: r18_mean_loss_jax_array),
    Wrong("02.mean_loss", "divided by len(xs) - 1", lambda: r18_mean_loss_n_minus_one),
    Wrong("02.mean_loss", "jnp.concatenate of scalar losses", lambda: r18_mean_loss_concatenate),
    Wrong("02.mean_loss", "stacked the batches, one call of f", lambda: r18_mean_loss_one_call),
    Wrong(
        "02.mean_loss", "waited once, then float() per loss", lambda: r18_mean_loss_wait_then_floats
    ),
    Wrong("02.mean_loss", "weighted each batch by its length", lambda: r18_mean_loss_weighted),
    Wrong("02.mean_loss", "returned e ** mean, the perplexity", lambda: r18_mean_loss_perplexity),
    Wrong("02.mean_loss", "dropped the first batch as warm-up", lambda: r18_mean_loss_skip_first),
    Wrong("02.mean_loss", "blocked warm-up call on the first batch", lambda: r18_mean_loss_warm_up),
    Wrong("02.mean_loss", "floor division // by the count", lambda: r18_mean_loss_floor_div),
    # 02.first_calls
    Wrong("02.first_calls", "ADE: jit reuses cumprod's compile", lambda: "ADE"),
    Wrong("02.first_calls", "ABCDE: a NumPy argument compiles too", lambda: "ABCDE"),
    Wrong("02.first_calls", "DE: only new shapes compile", lambda: "DE"),
    Wrong("02.first_calls", "CDE: a bool mask is the same shape", lambda: "CDE"),
    Wrong("02.first_calls", "AE: reshape keeps the element count", lambda: "AE"),
    Wrong("02.first_calls", "ACD: a slice is a view, no new shape", lambda: "ACD"),
    Wrong("02.first_calls", "C: only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "empty: cumprod is already compiled", lambda: ""),
    Wrong("02.first_calls", "ABDE: new values compile, jit reuses", lambda: "ABDE"),
    Wrong("02.first_calls", "BC: new values, new function", lambda: "BC"),
    # 02.time_call
    Wrong("02.time_call", "the colleague's: blocks after the clock", lambda: r18_time_call_quick),
    Wrong("02.time_call", "blocks every call but no warm-up", lambda: r18_time_call_no_warmup),
    Wrong("02.time_call", "total of 20 calls, not per call", lambda: r18_time_call_total),
    Wrong("02.time_call", "returned milliseconds", lambda: r18_time_call_ms),
    Wrong(
        "02.time_call", "timed only the first (compiling) call", lambda: r18_time_call_first_only
    ),
    Wrong("02.time_call", "called f(args): tuple not unpacked", lambda: r18_time_call_tuple_args),
    Wrong("02.time_call", "time.process_time as the clock", lambda: r18_time_call_process_time),
    Wrong("02.time_call", "used the lesson's timing.measure", lambda: r18_time_call_helper),
    Wrong(
        "02.time_call", ".block_until_ready without parentheses", lambda: r18_time_call_no_parens
    ),
    Wrong("02.time_call", "returned the list of samples", lambda: r18_time_call_list),
]

RIGHT_18 = [
    Right("02.which_dispatch", "letters in another order, CAE", lambda: "CAE"),
    Right("02.which_dispatch", "lower case ace", lambda: "ace"),
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right(
        "02.mean_loss",
        "Python sum of jax losses, one float()",
        lambda: r18_mean_loss_right_python_sum,
    ),
    Right("02.mean_loss", "jnp.mean of a stack, then .item()", lambda: r18_mean_loss_right_item),
    Right(
        "02.mean_loss",
        "device-side running total and a count",
        lambda: r18_mean_loss_right_accumulate,
    ),
    Right("02.mean_loss", "hstack, sum over size", lambda: r18_mean_loss_right_hstack),
    Right("02.first_calls", "letters reversed, EDCA", lambda: "EDCA"),
    Right("02.first_calls", "lower case acde", lambda: "acde"),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.time_call", "median of blocked calls", lambda: r18_time_call_right_median),
    Right("02.time_call", "float() as the wait", lambda: r18_time_call_right_float),
    Right(
        "02.time_call", "polls is_ready(), keeps the minimum", lambda: r18_time_call_right_is_ready
    ),
    Right("02.time_call", "timeit.repeat of blocked calls", lambda: r18_time_call_right_timeit),
]
