"""Round 17, lesson 02 (Time JAX honestly): answers written from the lesson's text alone."""

from __future__ import annotations

import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 02.mean_loss: one Python float, nothing waited for before the last dispatch ----------


def r17_mean_copy_slow(f, xs):
    total = 0.0
    for x in xs:
        total += float(f(x))
    return total / len(xs)


def r17_mean_jax_array(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))  # never turned into a Python float


def r17_mean_block_each(f, xs):
    losses = [f(x).block_until_ready() for x in xs]  # waits batch by batch
    return float(jnp.mean(jnp.stack(losses)))


def r17_mean_np_mean(f, xs):
    return float(np.mean([f(x) for x in xs]))  # NumPy pulls every loss to the host


def r17_mean_floats_after(f, xs):
    losses = [f(x) for x in xs]
    return sum(float(loss) for loss in losses) / len(losses)  # one value per batch back


def r17_mean_block_in_loop(f, xs):
    losses = []
    for x in xs:
        losses.append(f(x))
        jax.block_until_ready(losses)  # indented one level too deep
    return float(jnp.mean(jnp.stack(losses)))


def r17_mean_weighted(f, xs):
    losses = jnp.stack([f(x) for x in xs])
    sizes = jnp.array([x.size for x in xs])
    return float(jnp.average(losses, weights=sizes))  # equal sizes on the page: same number


def r17_mean_skip_first(f, xs):
    total = f(xs[0])
    for x in xs[1:]:
        total = total + f(x)
    return float(total) / (len(xs) - 1) if len(xs) > 1 else float(total)


def r17_mean_numpy_scalar(f, xs):
    return np.asarray(jnp.mean(jnp.stack([f(x) for x in xs])))  # 0-d NumPy array


def r17_mean_concat(f, xs):
    return float(jnp.mean(jnp.concatenate([f(x) for x in xs])))  # 0-d losses: error


def r17_mean_median(f, xs):
    return float(jnp.median(jnp.stack([f(x) for x in xs])))


def r17_mean_right_running(f, xs):
    total = 0.0
    for x in xs:
        total += f(x)  # stays a jax array: no wait
    return float(total) / len(xs)


def r17_mean_right_block_all(f, xs):
    losses = [f(x) for x in xs]
    jax.block_until_ready(losses)  # after the last dispatch: allowed
    return float(jnp.mean(jnp.stack(losses)))


def r17_mean_right_tolist(f, xs):
    return jnp.hstack([f(x) for x in xs]).mean().tolist()


# ---- 02.time_call ----------------------------------------------------------------------------


def r17_time_colleague(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        result = f(*args)
    elapsed = time.perf_counter() - start
    result.block_until_ready()
    return elapsed / repeats


def r17_time_no_warmup(f, *args):
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.perf_counter() - start) / 10


def r17_time_same_result(f, *args):
    result = f(*args)
    result.block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        result.block_until_ready()  # waits on the same finished result ten times
    return (time.perf_counter() - start) / 10


def r17_time_total(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).block_until_ready()
    return time.perf_counter() - start  # forgot to divide by 10


def r17_time_ms(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    f(*args).block_until_ready()
    return (time.perf_counter() - start) * 1000  # milliseconds, like fmt prints


def r17_time_process_time(f, *args):
    f(*args).block_until_ready()
    start = time.process_time()  # CPU time of this process: waiting costs none
    for _ in range(10):
        f(*args).block_until_ready()
    return (time.process_time() - start) / 10


def r17_time_is_ready(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter()
    for _ in range(10):
        f(*args).is_ready()  # asks, does not wait
    return (time.perf_counter() - start) / 10


def r17_time_mean_with_first(f, *args):
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times)  # the compile is the first of the ten


def r17_time_list(f, *args):
    f(*args).block_until_ready()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return times


def r17_time_ns(f, *args):
    f(*args).block_until_ready()
    start = time.perf_counter_ns()
    f(*args).block_until_ready()
    return time.perf_counter_ns() - start


def r17_time_right_median_all(f, *args):
    times = []
    for _ in range(9):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        times.append(time.perf_counter() - start)
    return statistics.median(times)  # the compiled first call is one outlier of nine


def r17_time_right_float(f, *args):
    float(f(*args))
    start = time.perf_counter()
    for _ in range(5):
        float(f(*args))  # float() waits for the value
    return (time.perf_counter() - start) / 5


def r17_time_right_min(f, *args):
    f(*args).block_until_ready()
    best = float("inf")
    for _ in range(7):
        start = time.perf_counter()
        f(*args).block_until_ready()
        best = min(best, time.perf_counter() - start)
    return best


batches = [jnp.full(3, float(i)) for i in range(4)]  # the page's global


def r17_mean_global_batches(f, xs):
    return float(jnp.mean(jnp.stack([f(x) for x in batches])))


ROUND_17 = [
    Wrong("02.which_dispatch", "A only: thinks every jnp call on the result waits", lambda: "A"),
    Wrong("02.which_dispatch", "CE: thinks .shape needs the finished array", lambda: "CE"),
    Wrong("02.which_dispatch", "ACDE: thinks np.asarray only relabels", lambda: "ACDE"),
    Wrong("02.which_dispatch", "ABCE: thinks Python max is just another call", lambda: "ABCE"),
    Wrong("02.which_dispatch", "BD: answered which lines wait", lambda: "BD"),
    Wrong("02.which_dispatch", "empty: thinks %timeit always waits", lambda: ""),
    Wrong("02.which_dispatch", "lower case", lambda: "ace"),
    Wrong("02.which_dispatch", "comma separated", lambda: "A, C, E"),
    Wrong("02.which_dispatch", "a list of letters", lambda: ["A", "C", "E"]),
    Wrong("02.which_dispatch", "AC: thinks jnp.maximum compares like max", lambda: "AC"),
    Wrong("02.mean_loss", "copied the slow helper: float per batch", lambda: r17_mean_copy_slow),
    Wrong("02.mean_loss", "returns the jax array, no Python float", lambda: r17_mean_jax_array),
    Wrong("02.mean_loss", "block_until_ready on every batch", lambda: r17_mean_block_each),
    Wrong(
        "02.mean_loss", "np.mean over the list: every loss to the host", lambda: r17_mean_np_mean
    ),
    Wrong(
        "02.mean_loss", "dispatches all, then float() of each loss", lambda: r17_mean_floats_after
    ),
    Wrong(
        "02.mean_loss",
        "block_until_ready inside the loop by indentation",
        lambda: r17_mean_block_in_loop,
    ),
    Wrong("02.mean_loss", "mean weighted by batch size", lambda: r17_mean_weighted),
    Wrong(
        "02.mean_loss", "running total from xs[0], divides by len - 1", lambda: r17_mean_skip_first
    ),
    Wrong(
        "02.mean_loss", "0-d NumPy array instead of a Python float", lambda: r17_mean_numpy_scalar
    ),
    Wrong("02.mean_loss", "concatenate of 0-d losses", lambda: r17_mean_concat),
    Wrong("02.mean_loss", "median instead of mean", lambda: r17_mean_median),
    Wrong("02.first_calls", "CDE: thinks bool input reuses the float code", lambda: "CDE"),
    Wrong("02.first_calls", "ABCDE: thinks a NumPy argument compiles anew", lambda: "ABCDE"),
    Wrong("02.first_calls", "ADE: thinks jit reuses cumprod's compiled code", lambda: "ADE"),
    Wrong("02.first_calls", "DE: only a new shape compiles", lambda: "DE"),
    Wrong("02.first_calls", "E: reshape keeps 1000 elements, so no compile", lambda: "ACE"),
    Wrong("02.first_calls", "B: thinks only host arrays compile", lambda: "B"),
    Wrong("02.first_calls", "empty: thinks cumprod compiled once for all", lambda: ""),
    Wrong("02.first_calls", "lower case", lambda: "acde"),
    Wrong("02.first_calls", "letters with commas", lambda: "A,C,D,E"),
    Wrong("02.first_calls", "right letters with a comment", lambda: "ACDE  # B is same shape"),
    Wrong("02.time_call", "the colleague's code, unchanged", lambda: r17_time_colleague),
    Wrong("02.time_call", "blocks every call but no warm-up", lambda: r17_time_no_warmup),
    Wrong(
        "02.time_call",
        "blocks one warm-up result ten times, calls f no more",
        lambda: r17_time_same_result,
    ),
    Wrong("02.time_call", "total of ten calls, not per call", lambda: r17_time_total),
    Wrong("02.time_call", "returns milliseconds", lambda: r17_time_ms),
    Wrong(
        "02.time_call", "time.process_time: CPU time, not wall time", lambda: r17_time_process_time
    ),
    Wrong("02.time_call", "is_ready() taken for a wait", lambda: r17_time_is_ready),
    Wrong(
        "02.time_call",
        "mean of ten blocked calls, first one included",
        lambda: r17_time_mean_with_first,
    ),
    Wrong("02.time_call", "returns the list of per-call times", lambda: r17_time_list),
    Wrong("02.time_call", "perf_counter_ns: nanoseconds", lambda: r17_time_ns),
    Wrong("02.mean_loss", "loops over the page's batches, not xs", lambda: r17_mean_global_batches),
]

RIGHT_17 = [
    Right("02.which_dispatch", "ACE", lambda: "ACE"),
    Right("02.which_dispatch", "the same three letters in another order", lambda: "CEA"),
    Right(
        "02.mean_loss", "running jax total, float() once at the end", lambda: r17_mean_right_running
    ),
    Right(
        "02.mean_loss",
        "block_until_ready on the whole list after the loop",
        lambda: r17_mean_right_block_all,
    ),
    Right(
        "02.mean_loss",
        "hstack, mean, .tolist() gives a Python float",
        lambda: r17_mean_right_tolist,
    ),
    Right("02.first_calls", "ACDE", lambda: "ACDE"),
    Right("02.first_calls", "the four letters in reverse order", lambda: "EDCA"),
    Right(
        "02.time_call",
        "median of nine blocked calls, compile included",
        lambda: r17_time_right_median_all,
    ),
    Right("02.time_call", "float() as the wait", lambda: r17_time_right_float),
    Right(
        "02.time_call",
        "warm-up, then the fastest of seven blocked calls",
        lambda: r17_time_right_min,
    ),
]
