"""Lesson 02: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import statistics
import time
import timeit

import jax
import numpy as np

from jaxtour import timing
from tests.content.wrong_answers import Wrong

# --- 02.block_tree ---------------------------------------------------------------------


def wait_values_loop(f, x):
    result = f(x)
    for value in result.values():  # "grads" is a dict, not an array
        value.block_until_ready()
    return result


def wait_two_of_three(f, x):
    out = f(x)
    out["loss"].block_until_ready()
    out["grads"]["w"].block_until_ready()
    return out


def wait_grads_only(f, x):
    out = f(x)
    jax.block_until_ready(out["grads"])
    return out


def return_loss_only(f, x):
    return jax.block_until_ready(f(x)["loss"])


def wrap_f_not_result(f, x):
    return jax.block_until_ready(f)(x)


def to_numpy_leaves(f, x):
    return jax.tree.map(np.asarray, f(x))


def wait_leaves_no_return(f, x):
    result = f(x)
    for leaf in jax.tree.leaves(result):
        leaf.block_until_ready()


def return_leaves_list(f, x):
    return [leaf.block_until_ready() for leaf in jax.tree.leaves(f(x))]


def unpack_x(f, x):
    return jax.block_until_ready(f(*x))


# --- 02.time_call ----------------------------------------------------------------------


def time_with_timeit(f, *args):
    return timeit.timeit(lambda: f(*args), number=20) / 20


def time_loop_without_warm_up(f, *args, repeats=20):
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def time_with_measure(f, *args):
    return timing.measure(f, *args, budget_s=0.2)


def time_stop_then_wait(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        out = f(*args)
    elapsed = time.perf_counter() - start
    out.block_until_ready()
    return elapsed / repeats


def time_samples(f, *args, repeats=10):
    jax.block_until_ready(f(*args))
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        samples.append(time.perf_counter() - start)
    return samples


def time_timeit_repeat(f, *args):
    jax.block_until_ready(f(*args))
    runs = timeit.repeat(lambda: jax.block_until_ready(f(*args)), number=10, repeat=3)
    return statistics.median(runs)  # each run is 10 calls


B = "02.block_tree"
T = "02.time_call"

WRONG_ANSWERS = (
    # 02.which_dispatch
    Wrong("02.which_dispatch", "lowercase b: the %timeit one", lambda: "b", "honest-one"),
    Wrong("02.which_dispatch", "two letters, A and C", lambda: "AC", "several"),
    Wrong("02.which_dispatch", "the index 0 for A", lambda: 0, says="as a string"),
    Wrong("02.which_dispatch", "a list with the letter", lambda: ["A"], says="as a string"),
    Wrong("02.which_dispatch", "D, NumPy's async", lambda: "D ", "numpy"),
    Wrong(
        "02.which_dispatch",
        "the code of A pasted",
        lambda: "jnp.dot(x, x)",
        says="one of",
    ),
    # 02.block_tree
    Wrong(B, "block_until_ready on each dict value", lambda: wait_values_loop, "dict-method"),
    Wrong(
        B, "waits for loss and w, forgets b", lambda: wait_two_of_three, says="but not for grads.b"
    ),
    Wrong(B, "waits for the grads only", lambda: wait_grads_only, says="but not for loss"),
    Wrong(B, "returns only the loss", lambda: return_loss_only, says="returned only the loss"),
    Wrong(B, "block_until_ready(f)(x)", lambda: wrap_f_not_result, "not-blocked"),
    Wrong(B, "np.asarray on every leaf", lambda: to_numpy_leaves, "host-copy"),
    Wrong(B, "waits for the leaves, no return", lambda: wait_leaves_no_return, "returns-none"),
    Wrong(
        B,
        "returns a list of the leaves",
        lambda: return_leaves_list,
        says="not the dict f(x) returned",
    ),
    Wrong(B, "f(*x), as for time_call", lambda: unpack_x, "other-argument"),
    # 02.first_calls
    Wrong(
        "02.first_calls",
        "BCD: the transfer compiles, jit reuses",
        lambda: "BCD",
        says="A transfer is not a compile",
    ),
    Wrong("02.first_calls", "only the new shape", lambda: "B", says="C compiles: int32"),
    Wrong("02.first_calls", "a list of four letters", lambda: ["B", "C", "D", "E"], "numpy-input"),
    Wrong("02.first_calls", "'B, C' with a comma", lambda: "B, C", "jit-wrapper"),
    Wrong("02.first_calls", "'none' in words", lambda: "none", "eager-never-compiles"),
    Wrong("02.first_calls", "only the jitted one", lambda: "E", "eager-never-compiles"),
    Wrong("02.first_calls", "a letter past E", lambda: "BCEF", says="'F' is not among the calls"),
    Wrong(
        "02.first_calls",
        "the number of calls that compile",
        lambda: 3,
        says="Answer with the letters",
    ),
    # 02.time_call
    Wrong(T, "timeit without blocking", lambda: time_with_timeit, "dispatch-only"),
    Wrong(T, "a blocked loop, no warm-up", lambda: time_loop_without_warm_up, "no-warm-up"),
    Wrong(
        T,
        "the whole timing.measure row",
        lambda: time_with_measure,
        says="whole timing.measure table",
    ),
    Wrong(
        T, "clock stopped, then the last wait", lambda: time_stop_then_wait, "wait-outside-clock"
    ),
    Wrong(T, "the list of samples", lambda: time_samples, says="the median of your samples"),
    Wrong(T, "timeit.repeat: ten calls per run", lambda: time_timeit_repeat, says="times too long"),
    # held-out answers (phase 1 of the held-out test)
    Wrong("02.which_dispatch", "C, the jit one", lambda: "C", "compile-included"),
    Wrong("02.which_dispatch", "'B and C'", lambda: "B and C", says="names 2 options"),
    Wrong("02.which_dispatch", "'none'", lambda: "none", says="is not one of the options"),
    Wrong("02.which_dispatch", "'1', A's place", lambda: "1", says="letters, not numbers"),
    Wrong(
        "02.which_dispatch", "'E', past the options", lambda: "E", says="is not one of the options"
    ),
    Wrong("02.block_tree", "time.sleep instead of waiting", lambda: sleep_a_little, "not-blocked"),
    Wrong(
        "02.block_tree",
        "block_until_ready on .values()",
        lambda: wait_on_values_view,
        says="not the dict f(x) returned",
    ),
    Wrong("02.block_tree", "jax.jit(f), then block", lambda: jit_then_wait, "jitted-f"),
    Wrong(
        "02.block_tree",
        "waits for the loss, returns the dict",
        lambda: wait_loss_method,
        "one-leaf",
    ),
    Wrong("02.block_tree", "blocks on x, not on the result", lambda: wait_on_x, "not-blocked"),
    Wrong("02.block_tree", "jax.device_get of the result", lambda: device_get_result, "host-copy"),
    Wrong("02.first_calls", "'BC': forgot the jit wrapper", lambda: "BC", "jit-wrapper"),
    Wrong("02.first_calls", "'BE': forgot the dtype", lambda: "BE", says="C compiles"),
    Wrong("02.first_calls", "'CE': forgot the shape", lambda: "CE", says="B compiles"),
    Wrong("02.first_calls", "'ABCE': new values too", lambda: "ABCE", "values"),
    Wrong("02.first_calls", "'B': the new shape only", lambda: "B", says="C compiles"),
    Wrong("02.first_calls", "'BCDE': all but A", lambda: "BCDE", "numpy-input"),
    Wrong("02.time_call", "time.process_time", lambda: time_process_time, "cpu-clock"),
    Wrong("02.time_call", "the total of 20 blocked calls", lambda: time_total_blocked, "total"),
    Wrong(
        "02.time_call", "timeit total, no warm-up", lambda: time_timeit_total, "total-with-first"
    ),
    Wrong("02.time_call", "min of unblocked repeats", lambda: time_min_unblocked, "dispatch-only"),
)


# --- held-out answers -------------------------------------------------------------------


def sleep_a_little(f, x):
    result = f(x)
    time.sleep(0.05)
    return result


def wait_on_values_view(f, x):
    return jax.block_until_ready(f(x).values())


def jit_then_wait(f, x):
    return jax.block_until_ready(jax.jit(f)(x))


def wait_loss_method(f, x):
    result = f(x)
    result["loss"].block_until_ready()
    return result


def wait_on_x(f, x):
    jax.block_until_ready(x)
    return f(x)


def device_get_result(f, x):
    return jax.device_get(f(x))


def time_process_time(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.process_time()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.process_time() - start) / repeats


def time_total_blocked(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def time_timeit_total(f, *args):
    return timeit.timeit(lambda: jax.block_until_ready(f(*args)), number=20)


def time_min_unblocked(f, *args):
    jax.block_until_ready(f(*args))
    return min(timeit.repeat(lambda: f(*args), number=1, repeat=20))
