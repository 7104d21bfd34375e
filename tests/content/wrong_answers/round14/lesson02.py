"""Round 14, lesson 02 (Time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import functools
import statistics
import time
import timeit

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 02.mean_loss


def r14_mean_jax_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))  # left as a jax array


def r14_mean_item_each(f, xs):
    total = 0.0
    for x in xs:
        total += f(x).item()  # .item() instead of float(): the same wait
    return total / len(xs)


def r14_mean_block_each(f, xs):
    total = 0.0
    for x in xs:
        loss = f(x)
        loss.block_until_ready()
        total = total + loss
    return float(total) / len(xs)


def r14_mean_floats_after(f, xs):
    losses = jax.block_until_ready([f(x) for x in xs])
    return sum(float(loss) for loss in losses) / len(xs)  # one value per batch comes back


def r14_mean_np_mean(f, xs):
    return np.mean([f(x) for x in xs])


def r14_mean_vmap(f, xs):
    return float(jnp.mean(jax.vmap(f)(jnp.stack(xs))))  # equal batch sizes only


def r14_mean_weighted(f, xs):
    losses = [f(x) * x.shape[0] for x in xs]
    return float(sum(losses)) / sum(x.shape[0] for x in xs)


def r14_mean_last_only(f, xs):
    total = 0.0
    for x in xs:
        total = f(x)  # meant +=
    return float(total) / len(xs)


def r14_mean_skip_first(f, xs):
    total = f(xs[0]) * 0
    for x in xs[1:]:
        total = total + f(x)
    return float(total) / len(xs)


def r14_mean_numpy_scalar(f, xs):
    return np.asarray(jnp.mean(jnp.stack([f(x) for x in xs])))


def r14_mean_twice(f, xs):
    losses = [f(x) for x in xs]
    jax.block_until_ready(losses)
    return float(jnp.mean(jnp.stack([f(x) for x in xs])))  # every f called twice


def r14_mean_statistics(f, xs):
    return statistics.fmean(f(x) for x in xs)


def r14_mean_right_running_total(f, xs):
    total = 0.0
    for x in xs:
        total = total + f(x)  # a jax array from the first batch on
    return float(total) / len(xs)


def r14_mean_right_reduce(f, xs):
    total = functools.reduce(jnp.add, [f(x) for x in xs])
    return float(total / len(xs))


def r14_mean_right_tolist(f, xs):
    return jnp.asarray([f(x) for x in xs]).mean().tolist()


def r14_mean_right_block_tree(f, xs):
    losses = jax.block_until_ready(tuple(f(x) for x in xs))  # waits once, after the last
    return float(sum(losses) / len(losses))


# ---------------------------------------------------------------- 02.time_call


def r14_time_no_warmup(f, *args, repeats=20):
    total = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        total += time.perf_counter() - start
    return total / repeats  # the first call's compile is in the mean


def r14_time_unblocked_warmup(f, *args, repeats=20):
    f(*args)  # compiles, but its work may still run when the clock starts
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
        result.block_until_ready()
    return (time.perf_counter() - start) / repeats


def r14_time_block_last(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    result.block_until_ready()  # moved above the clock: waits for the last call only
    return (time.perf_counter() - start) / repeats


def r14_time_block_after_clock(f, *args, repeats=20):
    f(*args).block_until_ready()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = f(*args)
        samples.append(time.perf_counter() - start)
        result.block_until_ready()
    return statistics.median(samples)


def r14_time_ms(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / repeats * 1000  # in ms, easier to read


def r14_time_total(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide


def r14_time_process_time(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.process_time()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.process_time() - start) / repeats


def r14_time_is_ready(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).is_ready()  # asks, does not wait
    return (time.perf_counter() - start) / repeats


def r14_time_mean_with_first(f, *args, repeats=20):
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        samples.append(time.perf_counter() - start)
    return statistics.mean(samples)


def r14_time_ns(f, *args, repeats=20):
    f(*args).block_until_ready()
    start = time.perf_counter_ns()
    for _ in range(repeats):
        f(*args).block_until_ready()
    return (time.perf_counter_ns() - start) / repeats


def r14_time_samples(f, *args, repeats=20):
    f(*args).block_until_ready()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        f(*args).block_until_ready()
        samples.append(time.perf_counter() - start)
    return samples


def r14_time_helper(f, *args):
    from jaxtour import timing

    return timing.measure(f, *args, budget_s=0.5).median_s


def r14_time_right_median_incl_first(f, *args, repeats=21):
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)  # the compiling first call is one outlier of 21


def r14_time_right_timeit(f, *args):
    f(*args).block_until_ready()
    return timeit.timeit(lambda: f(*args).block_until_ready(), number=20) / 20


def r14_time_right_float(f, *args, repeats=10):
    float(f(*args))
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        float(f(*args))  # float() needs the value, so it waits
        best = min(best, time.perf_counter() - start)
    return best


ROUND_14 = [
    Wrong("02.which_dispatch", "A, C, E without B's Python max: missed E", lambda: "AC"),
    Wrong("02.which_dispatch", "only A: thought any jnp call on the result waits", lambda: "A"),
    Wrong("02.which_dispatch", "C and E: thought .shape needs the value", lambda: "CE"),
    Wrong("02.which_dispatch", "the ones that wait, B and D", lambda: "BD"),
    Wrong("02.which_dispatch", "np.asarray counted as dispatch only", lambda: "ACDE"),
    Wrong("02.which_dispatch", "Python max counted as dispatch only", lambda: "ABCE"),
    Wrong("02.which_dispatch", "lower case letters", lambda: "ace"),
    Wrong("02.which_dispatch", "letters with commas", lambda: "A, C, E"),
    Wrong("02.which_dispatch", "a list of letters", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "none: %timeit blocks each loop", lambda: ""),
    Wrong("02.which_dispatch", "all five", lambda: "ABCDE"),
    Wrong("02.mean_loss", "mean of stacked losses, left a jax array", lambda: r14_mean_jax_array),
    Wrong("02.mean_loss", ".item() per batch instead of float()", lambda: r14_mean_item_each),
    Wrong("02.mean_loss", "block_until_ready on each batch's loss", lambda: r14_mean_block_each),
    Wrong("02.mean_loss", "waited once, then float() of every loss", lambda: r14_mean_floats_after),
    Wrong("02.mean_loss", "np.mean of the list of losses", lambda: r14_mean_np_mean),
    Wrong(
        "02.mean_loss", "vmap over stacked batches: f once, equal sizes only", lambda: r14_mean_vmap
    ),
    Wrong("02.mean_loss", "weighted each loss by its batch size", lambda: r14_mean_weighted),
    Wrong("02.mean_loss", "total = f(x): only the last batch's loss", lambda: r14_mean_last_only),
    Wrong(
        "02.mean_loss",
        "loop over xs[1:]: first batch dropped (page's first loss is 0)",
        lambda: r14_mean_skip_first,
    ),
    Wrong(
        "02.mean_loss", "np.asarray of the mean: a 0-d NumPy array", lambda: r14_mean_numpy_scalar
    ),
    Wrong(
        "02.mean_loss", "list comprehension twice: f called twice per batch", lambda: r14_mean_twice
    ),
    Wrong("02.mean_loss", "statistics.fmean of the losses", lambda: r14_mean_statistics),
    Wrong("02.first_calls", "same shape, so D's reshape reuses the compile", lambda: "ACE"),
    Wrong("02.first_calls", "NumPy input compiles anew, bool does not", lambda: "BCDE"),
    Wrong("02.first_calls", "jit of cumprod reuses cumprod's compile", lambda: "ADE"),
    Wrong("02.first_calls", "only the changed shapes", lambda: "DE"),
    Wrong("02.first_calls", "all five", lambda: "ABCDE"),
    Wrong("02.first_calls", "a > 0.5 is float too, so A reuses", lambda: "CDE"),
    Wrong("02.first_calls", "lower case", lambda: "acde"),
    Wrong("02.first_calls", "letters with commas", lambda: "A,C,D,E"),
    Wrong("02.first_calls", "letters with a trailing comment", lambda: "ACDE  # B is NumPy"),
    Wrong("02.time_call", "no warm-up: the compile is in the mean", lambda: r14_time_no_warmup),
    Wrong("02.time_call", "warm-up call not blocked", lambda: r14_time_unblocked_warmup),
    Wrong(
        "02.time_call",
        "waited for the last call only: assumes calls run in order",
        lambda: r14_time_block_last,
    ),
    Wrong(
        "02.time_call", "clock stopped before block_until_ready", lambda: r14_time_block_after_clock
    ),
    Wrong("02.time_call", "returns milliseconds", lambda: r14_time_ms),
    Wrong("02.time_call", "total of 20 calls, not per call", lambda: r14_time_total),
    Wrong(
        "02.time_call", "time.process_time: CPU time, not waiting", lambda: r14_time_process_time
    ),
    Wrong("02.time_call", "is_ready() as if it waited", lambda: r14_time_is_ready),
    Wrong(
        "02.time_call", "mean of samples including the first call", lambda: r14_time_mean_with_first
    ),
    Wrong("02.time_call", "perf_counter_ns: nanoseconds", lambda: r14_time_ns),
    Wrong("02.time_call", "returned the list of samples", lambda: r14_time_samples),
    Wrong("02.time_call", "timing.measure's median", lambda: r14_time_helper),
]

RIGHT_14 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the same letters in another order", lambda: "CAE"),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the same letters, listed as found", lambda: "EDCA"),
    Right(
        "02.mean_loss",
        "Python float 0.0 plus jax losses, one float()",
        lambda: r14_mean_right_running_total,
    ),
    Right("02.mean_loss", "functools.reduce(jnp.add) then float", lambda: r14_mean_right_reduce),
    Right(
        "02.mean_loss", "jnp.asarray of the list, .mean().tolist()", lambda: r14_mean_right_tolist
    ),
    Right(
        "02.mean_loss",
        "block_until_ready on the tuple after the loop, one float",
        lambda: r14_mean_right_block_tree,
    ),
    Right(
        "02.time_call",
        "median of 21 blocked calls, compile included as one",
        lambda: r14_time_right_median_incl_first,
    ),
    Right("02.time_call", "timeit.timeit of a blocked lambda", lambda: r14_time_right_timeit),
    Right("02.time_call", "float() to wait, best of 10", lambda: r14_time_right_float),
]
