"""Round 20, lesson 02 (Time JAX honestly): answers from the lesson's text alone."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.mean_loss: the mean of f(x) over xs, one value back, nothing waited early ---


def r20_mean_float_per_batch(f, xs):
    # the colleague's helper, tidied into a comprehension: still float() per batch
    return sum(float(f(x)) for x in xs) / len(xs)


def r20_mean_block_each(f, xs):
    losses = []
    for x in xs:
        loss = f(x)
        loss.block_until_ready()  # "honest timing" habit, carried into the loop
        losses.append(loss)
    return float(jnp.mean(jnp.stack(losses)))


def r20_mean_item_each(f, xs):
    total = 0.0
    for x in xs:
        total += f(x).item()
    return total / len(xs)


def r20_mean_returns_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))


def r20_mean_np_mean(f, xs):
    return np.mean([f(x) for x in xs])


def r20_mean_statistics(f, xs):
    return statistics.mean(f(x) for x in xs)


def r20_mean_vmap(f, xs):
    return float(jnp.mean(jax.vmap(f)(jnp.stack(xs))))


def r20_mean_concatenate(f, xs):
    return float(f(jnp.concatenate(xs)))


def r20_mean_perplexity(f, xs):
    return float(jnp.exp(jnp.mean(jnp.stack([f(x) for x in xs]))))


def r20_mean_minus_one(f, xs):
    losses = jnp.stack([f(x) for x in xs])
    return float(jnp.sum(losses) / (len(xs) - 1))


def r20_mean_weighted_by_size(f, xs):
    total = sum(f(x) * len(x) for x in xs)
    return float(total / sum(len(x) for x in xs))


def r20_mean_sum_only(f, xs):
    return float(jnp.sum(jnp.stack([f(x) for x in xs])))


def r20_mean_nan_guard(f, xs):
    losses = []
    for x in xs:
        loss = f(x)
        if jnp.isnan(loss):  # bool() of a jax array waits for it
            raise ValueError("loss is nan")
        losses.append(loss)
    return float(jnp.mean(jnp.stack(losses)))


def r20_mean_log_lines(f, xs):
    log = []
    losses = []
    for i, x in enumerate(xs):
        loss = f(x)
        log.append(f"batch {i}: loss {loss:.4f}")  # formatting needs the number
        losses.append(loss)
    return float(jnp.mean(jnp.stack(losses)))


def r20_mean_right_running_total(f, xs):
    total = f(xs[0])
    for x in xs[1:]:
        total = total + f(x)
    return float(total / len(xs))


def r20_mean_right_python_sum(f, xs):
    return float(sum(f(x) for x in xs) / len(xs))


def r20_mean_right_item(f, xs):
    losses = [f(x) for x in xs]
    return jnp.mean(jnp.stack(losses)).item()


# ---- 02.time_call: seconds one warmed-up call of f(*args) takes ---------------------


def r20_time_colleague_copy(f, *args):
    repeats = 20
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r20_time_no_warmup(f, *args):
    repeats = 20
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / repeats


def r20_time_no_blocking(f, *args):
    f(*args)
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r20_time_unblocked_warmup_one_call(f, *args):
    f(*args)  # warm-up, not waited for
    start = time.perf_counter()
    f(*args).block_until_ready()
    return time.perf_counter() - start


def r20_time_milliseconds(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def r20_time_total_not_per_call(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(20):
        f(*args).block_until_ready()
    return time.perf_counter() - start


def r20_time_method_not_called(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready  # no parentheses: nothing waits
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r20_time_is_ready(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        result = f(*args)
        result.is_ready()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r20_time_clock_before_warmup(f, *args):
    start = time.perf_counter()
    f(*args).block_until_ready()  # warm-up, but inside the clock
    for _ in range(20):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 20


def r20_time_process_time(f, *args):
    f(*args).block_until_ready()
    start = time.process_time()
    for _ in range(20):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 20


def r20_time_jit_first(f, *args):
    g = jax.jit(f)
    g(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        g(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r20_time_blocks_inputs(f, *args):
    f(*args)
    jax.block_until_ready(args)
    start = time.perf_counter()
    for _ in range(20):
        f(*args)
    return (time.perf_counter() - start) / 20


def r20_time_returns_samples(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return times


def r20_time_right_median_pytree_wait(f, *args):
    jax.block_until_ready(f(*args))
    times = []
    for _ in range(15):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def r20_time_right_float_wait(f, *args):
    float(f(*args))  # warm-up: float() needs the value, so it waits
    n = 20
    start = time.perf_counter()
    for _ in range(n):
        float(f(*args))
    return (time.perf_counter() - start) / n


def r20_time_right_timeit(f, *args):
    f(*args).block_until_ready()
    runs = timeit.repeat(lambda: f(*args).block_until_ready(), number=1, repeat=15)
    return statistics.median(runs)


ROUND_20 = [
    # 02.which_dispatch: A B C D E, which time only the dispatch
    Wrong("02.which_dispatch", "A only: thought C and E wait as they compute", lambda: "A"),
    Wrong("02.which_dispatch", "CE: thought .shape needs the result", lambda: "CE"),
    Wrong("02.which_dispatch", "ACDE: np.asarray makes no copy, so no wait", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: thought Python max() stays lazy", lambda: "ABCE"),
    Wrong("02.which_dispatch", "empty: believed %timeit always waits", lambda: ""),
    Wrong("02.which_dispatch", "ABCDE: only block_until_ready waits", lambda: "ABCDE"),
    Wrong("02.which_dispatch", "BD: picked the lines that do wait", lambda: "BD"),
    Wrong("02.which_dispatch", "AC: jnp.maximum with 0.0 reads the value", lambda: "AC"),
    Wrong("02.which_dispatch", "AD: C and E need the dot's value first", lambda: "AD"),
    Wrong("02.which_dispatch", "ACD: jnp.maximum taken for max(), np.asarray no wait", lambda: "ACD"),
    # 02.mean_loss
    Wrong("02.mean_loss", "the helper as a comprehension: float per batch", lambda: r20_mean_float_per_batch),
    Wrong("02.mean_loss", "block_until_ready on each batch in the loop", lambda: r20_mean_block_each),
    Wrong("02.mean_loss", ".item() per batch", lambda: r20_mean_item_each),
    Wrong("02.mean_loss", "returns the jax array, not a Python float", lambda: r20_mean_returns_array),
    Wrong("02.mean_loss", "np.mean of the list of jax losses", lambda: r20_mean_np_mean),
    Wrong("02.mean_loss", "statistics.mean over the losses", lambda: r20_mean_statistics),
    Wrong("02.mean_loss", "vmap over stacked batches: sizes differ", lambda: r20_mean_vmap),
    Wrong("02.mean_loss", "one f call on all batches concatenated", lambda: r20_mean_concatenate),
    Wrong("02.mean_loss", "logged the perplexity, e to the mean", lambda: r20_mean_perplexity),
    Wrong("02.mean_loss", "divided by len(xs) - 1", lambda: r20_mean_minus_one),
    Wrong("02.mean_loss", "weighted each loss by its batch size", lambda: r20_mean_weighted_by_size),
    Wrong("02.mean_loss", "the sum of the losses, never divided", lambda: r20_mean_sum_only),
    Wrong("02.mean_loss", "nan check with if on each loss", lambda: r20_mean_nan_guard),
    Wrong("02.mean_loss", "f-string log line per batch", lambda: r20_mean_log_lines),
    # 02.first_calls: A B C D E, which compile
    Wrong("02.first_calls", "ABCDE: a NumPy argument compiles too", lambda: "ABCDE"),
    Wrong("02.first_calls", "CDE: a bool array of the same shape reuses", lambda: "CDE"),
    Wrong("02.first_calls", "DE: only a new shape compiles", lambda: "DE"),
    Wrong("02.first_calls", "ADE: jit reuses cumprod's compiled code", lambda: "ADE"),
    Wrong("02.first_calls", "empty: cumprod is compiled already", lambda: ""),
    Wrong("02.first_calls", "C only: only jax.jit compiles", lambda: "C"),
    Wrong("02.first_calls", "ACD: a[::2] is a view, no compile", lambda: "ACD"),
    Wrong("02.first_calls", "ACE: reshape keeps 1000 elements", lambda: "ACE"),
    Wrong("02.first_calls", "AC: reshape and slicing are views", lambda: "AC"),
    Wrong("02.first_calls", "BCDE: NumPy input compiles, bool does not", lambda: "BCDE"),
    Wrong("02.first_calls", "ABDE: B compiles, the jit of C is cached", lambda: "ABDE"),
    # 02.time_call
    Wrong("02.time_call", "the colleague's function copied unchanged", lambda: r20_time_colleague_copy),
    Wrong("02.time_call", "blocks every call but has no warm-up", lambda: r20_time_no_warmup),
    Wrong("02.time_call", "warm-up and median, but never waits", lambda: r20_time_no_blocking),
    Wrong("02.time_call", "unblocked warm-up, then one blocked call", lambda: r20_time_unblocked_warmup_one_call),
    Wrong("02.time_call", "returns milliseconds", lambda: r20_time_milliseconds),
    Wrong("02.time_call", "returns the total of 20 calls", lambda: r20_time_total_not_per_call),
    Wrong("02.time_call", ".block_until_ready without the ()", lambda: r20_time_method_not_called),
    Wrong("02.time_call", "calls is_ready() as if it waited", lambda: r20_time_is_ready),
    Wrong("02.time_call", "clock started before the warm-up", lambda: r20_time_clock_before_warmup),
    Wrong("02.time_call", "time.process_time: CPU time, not wall time", lambda: r20_time_process_time),
    Wrong("02.time_call", "wraps f in jax.jit first", lambda: r20_time_jit_first),
    Wrong("02.time_call", "waits on the inputs, not the result", lambda: r20_time_blocks_inputs),
    Wrong("02.time_call", "returns the list of samples", lambda: r20_time_returns_samples),
]

RIGHT_20 = [
    Right("02.which_dispatch", "letters unordered, ECA", lambda: "ECA"),
    Right("02.which_dispatch", "lower-case ace", lambda: "ace"),
    Right("02.which_dispatch", "' ACE' with a leading space", lambda: " ACE"),
    Right("02.mean_loss", "running jax total in a loop, float at the end", lambda: r20_mean_right_running_total),
    Right("02.mean_loss", "Python sum() of jax losses, float once", lambda: r20_mean_right_python_sum),
    Right("02.mean_loss", "jnp.mean of the stack, then .item()", lambda: r20_mean_right_item),
    Right("02.first_calls", "letters unordered, EDCA", lambda: "EDCA"),
    Right("02.first_calls", "lower-case acde", lambda: "acde"),
    Right("02.first_calls", "letters unordered, CADE", lambda: "CADE"),
    Right("02.time_call", "jax.block_until_ready, median of samples", lambda: r20_time_right_median_pytree_wait),
    Right("02.time_call", "waits with float(), mean of the loop", lambda: r20_time_right_float_wait),
    Right("02.time_call", "timeit.repeat with number=1, median", lambda: r20_time_right_timeit),
]
