"""Round 21, lesson 11 (Write loops that jit compiles well): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 11.fori_predict: lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1) -----------
# (predictions: strings, as typed)


# ---- 11.scan_ema: bias-corrected exponential moving average with lax.scan ------------


def r21_ema_counted_copy(xs, beta):
    # the lesson's corrected_ema_counted, copied: t is a Python counter
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r21_ema_uncorrected(xs, beta):
    # the plain moving average: no bias correction
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r21_ema_t_from_zero(xs, beta):
    # t counts from 0: the first correction divides by 1 - beta**0 = 0
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r21_ema_t_one_ahead(xs, beta):
    # t starts at 1 but is increased before the correction: t = 2, 3, ...
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 1), xs)[1]


def r21_ema_last_only(xs, beta):
    # returns the final carry (the last average), not one per element
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), None

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r21_ema_beta_swapped(xs, beta):
    # m = (1 - beta) * m + beta * x: the weights the other way round
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r21_ema_multiplies(xs, beta):
    # "corrects" by multiplying by 1 - beta**t instead of dividing
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m * (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r21_ema_start_at_first(xs, beta):
    # starts the average at the first element, and corrects it as well
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]


def r21_ema_running_mean(xs, beta):
    # a running mean of the elements seen so far (beta ignored)
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r21_ema_python_loop(xs, beta):
    # right numbers, but a Python loop over the elements
    m = 0.0
    out = []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r21_ema_beta_times_t(xs, beta):
    # read beta**t as beta * t
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta * t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r21_ema_int_init(xs, beta):
    # carry starts as the int 0: the step returns a float, scan refuses
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (jnp.int32(0), 0), xs)[1]


def r21_ema_zeros_like_init(xs, beta):
    # carry starts as zeros_like(xs[0]): fine for floats, int series break
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (jnp.zeros_like(xs[0]), 0), xs)[1]


def r21_ema_right_zip_t(xs, beta):
    # scans over (x, t) pairs: t comes in with the data
    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)

    def step(m, x_t):
        x, t = x_t
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, jnp.float32(0.0), (xs, ts))[1]


def r21_ema_right_correct_after(xs, beta):
    # scan for the plain averages, then correct them all at once
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    _, ms = lax.scan(step, jnp.float32(0.0), xs)
    t = jnp.arange(1, xs.shape[0] + 1)
    return ms / (1 - jnp.power(beta, t))


def r21_ema_right_power_carry(xs, beta):
    # carries beta**t itself, multiplied by beta every step
    def step(carry, x):
        m, power = carry
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (jnp.float32(0.0), jnp.float32(1.0)), xs)[1]


def r21_ema_right_weights_matrix(xs, beta):
    # no loop: m_t = (1 - beta) * sum_s beta**(t - s) x_s, as a triangular matrix
    n = xs.shape[0]
    t = jnp.arange(n)
    lag = t[:, None] - t[None, :]
    weights = jnp.where(lag >= 0, (1 - beta) * beta ** jnp.maximum(lag, 0), 0.0)
    ms = weights @ xs
    return ms / (1 - beta ** (t + 1))


# ---- 11.while_grad: grow until cap, with a loop grad goes through -------------------


def _logistic_step(r, x):
    return x + r * x * (1 - x)


def r21_grow_no_cap(r, x0, cap, max_steps):
    # a fixed number of steps, the cap forgotten
    return lax.fori_loop(0, max_steps, lambda i, x: _logistic_step(r, x), x0)


def r21_grow_still_while(r, x0, cap, max_steps):
    # rewrote the condition with jnp.logical_and, kept the while_loop
    def keep_going(state):
        k, x = state
        return jnp.logical_and(k < max_steps, x < cap)

    def one_step(state):
        k, x = state
        return k + 1, _logistic_step(r, x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r21_grow_check_after(r, x0, cap, max_steps):
    # takes a step only if the new value stays below cap
    def body(i, x):
        new = _logistic_step(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r21_grow_clip(r, x0, cap, max_steps):
    # clips at cap instead of stopping there
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.minimum(_logistic_step(r, x), cap), x0)


def r21_grow_le_cap(r, x0, cap, max_steps):
    # x <= cap: a start exactly at cap still takes steps
    def body(i, x):
        return jnp.where(x <= cap, _logistic_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r21_grow_python_if(r, x0, cap, max_steps):
    # a Python if inside the fori_loop body
    def body(i, x):
        if x < cap:
            return _logistic_step(r, x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def r21_grow_stop_gradient(r, x0, cap, max_steps):
    # "once stopped it should not move": stop_gradient on the kept value
    def body(i, x):
        return jnp.where(x < cap, _logistic_step(r, x), lax.stop_gradient(x))

    return lax.fori_loop(0, max_steps, body, x0)


def r21_grow_trajectory(r, x0, cap, max_steps):
    # returns the scan's stacked outputs, every step's x
    def step(x, _):
        x = jnp.where(x < cap, _logistic_step(r, x), x)
        return x, x

    return lax.scan(step, x0, length=max_steps)[1]


def r21_grow_returns_state(r, x0, cap, max_steps):
    # returns the whole (k, x) state, as while_loop's result was
    def body(i, state):
        k, x = state
        going = x < cap
        return k + going.astype(jnp.int32), jnp.where(going, _logistic_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))


def r21_grow_toward_cap(r, x0, cap, max_steps):
    # grows toward cap itself: x * (1 - x / cap)
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x / cap), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r21_grow_from_one(r, x0, cap, max_steps):
    # fori_loop(1, max_steps): one step short
    def body(i, x):
        return jnp.where(x < cap, _logistic_step(r, x), x)

    return lax.fori_loop(1, max_steps, body, x0)


def r21_grow_right_scan_where(r, x0, cap, max_steps):
    # scan of length max_steps, the step masked with jnp.where
    def step(x, _):
        return jnp.where(x < cap, _logistic_step(r, x), x), None

    return lax.scan(step, x0, length=max_steps)[0]


def r21_grow_right_cond(r, x0, cap, max_steps):
    # fori_loop with Python-int bounds, lax.cond for the stop
    def body(i, x):
        return lax.cond(x < cap, lambda v: _logistic_step(r, v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, jnp.asarray(x0, dtype=jnp.float32))


def r21_grow_right_done_flag(r, x0, cap, max_steps):
    # carries a "done" flag; the growth is multiplied by 0 once done
    def step(carry, _):
        x, done = carry
        done = done | (x >= cap)
        growth = r * x * (1 - x)
        return (x + jnp.where(done, 0.0, 1.0) * growth, done), None

    return lax.scan(step, (jnp.asarray(x0, jnp.float32), jnp.bool_(False)), length=max_steps)[0][0]


# ---- 11.fails_under_jit: plain(v, 2) and static's programs (predictions) -------------


# ---- 11.first_two_positive: the first two positive elements under jit ---------------


def r21_ftp_default_fill(x):
    # size=2, fill_value left out: a missing one reads x[0]
    idx = jnp.nonzero(x > 0, size=2)[0]
    return x[idx]


def r21_ftp_boolean_index(x):
    # NumPy habit: x[x > 0], then the first two
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r21_ftp_numpy_inside(x):
    # converts x to NumPy first, then does it the NumPy way
    a = np.asarray(x)
    found = a[a > 0][:2]
    return jnp.asarray(np.concatenate([found, np.zeros(2 - found.shape[0], dtype=a.dtype)]))


def r21_ftp_first_two_elements(x):
    # zeroes the non-positive ones, then takes x's first two elements
    return jnp.where(x > 0, x, 0.0)[:2]


def r21_ftp_two_largest(x):
    # the two largest positives, not the first two
    top = jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]
    return jnp.pad(top, (0, 2 - top.shape[0]))


def r21_ftp_nonnegative(x):
    # x >= 0: a 0.0 before a positive is taken as found
    idx = jnp.nonzero(x >= 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r21_ftp_nonzero_of_x(x):
    # jnp.nonzero(x), not of x > 0: negatives count too
    idx = jnp.nonzero(x, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r21_ftp_index_zero_missing(x):
    # default fill 0, so index 0 is taken to mean "missing"
    idx = jnp.nonzero(x > 0, size=2)[0]
    return jnp.where(idx > 0, x[idx], 0.0)


def r21_ftp_fill_minus_one(x):
    # fill_value=-1, then x[idx]: a missing one reads the last element
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r21_ftp_indices(x):
    # returns the indices of the first two positives, not their values
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r21_ftp_two_argmax(x):
    # argmax twice; argmax of all-False is 0, so a missing one reads x[0]
    positive = x > 0
    first = jnp.argmax(positive)
    second = jnp.argmax(positive & (jnp.arange(x.shape[0]) > first))
    return jnp.stack([x[first], x[second]])


def r21_ftp_right_padded_gather(x):
    # a missing index points one past the end, where a 0.0 was appended
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r21_ftp_right_argwhere(x):
    # argwhere with size and fill -1, masked afterwards
    idx = jnp.argwhere(x > 0, size=2, fill_value=-1)[:, 0]
    return jnp.where(idx >= 0, x[jnp.maximum(idx, 0)], 0.0)


def r21_ftp_right_cumsum_rank(x):
    # rank the positives with cumsum, pick rank 1 and rank 2
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r21_ftp_right_sorted_positions(x):
    # positions of positives (others pushed to the end), the two smallest
    n = x.shape[0]
    positions = jnp.sort(jnp.where(x > 0, jnp.arange(n), n))
    positions = jnp.concatenate([positions, jnp.array([n, n])])[:2]
    return x.at[positions].get(mode="fill", fill_value=0.0)


ROUND_21 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "typed A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "typed C: the body runs once per i", lambda: "C"),
    Wrong("11.fori_predict", "typed D: i counts the steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "typed the number 57 as a string", lambda: "57"),
    Wrong("11.fori_predict", "pasted the result 57, an int", lambda: 57),
    Wrong("11.fori_predict", "typed 27, D's number", lambda: "27"),
    Wrong("11.fori_predict", "typed 120, A's number", lambda: "120"),
    Wrong("11.fori_predict", "hedged: 'B or C'", lambda: "B or C"),
    Wrong("11.fori_predict", "typed 4, the number of steps", lambda: "4"),
    Wrong("11.fori_predict", "typed the reason, not a letter",
          lambda: "Python runs the body once, while tracing"),
    # 11.scan_ema
    Wrong("11.scan_ema", "copied corrected_ema_counted", lambda: r21_ema_counted_copy),
    Wrong("11.scan_ema", "no bias correction", lambda: r21_ema_uncorrected),
    Wrong("11.scan_ema", "t counted from 0 in the carry", lambda: r21_ema_t_from_zero),
    Wrong("11.scan_ema", "t starts at 1 and is increased first", lambda: r21_ema_t_one_ahead),
    Wrong("11.scan_ema", "returns the last average only", lambda: r21_ema_last_only),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r21_ema_beta_swapped),
    Wrong("11.scan_ema", "multiplied by 1 - beta**t", lambda: r21_ema_multiplies),
    Wrong("11.scan_ema", "average started at the first element", lambda: r21_ema_start_at_first),
    Wrong("11.scan_ema", "a plain running mean, beta unused", lambda: r21_ema_running_mean),
    Wrong("11.scan_ema", "right numbers from a Python loop", lambda: r21_ema_python_loop),
    Wrong("11.scan_ema", "beta * t instead of beta**t", lambda: r21_ema_beta_times_t),
    Wrong("11.scan_ema", "carry started as an int 0", lambda: r21_ema_int_init),
    Wrong("11.scan_ema", "carry started as zeros_like(xs[0])", lambda: r21_ema_zeros_like_init),
    # 11.while_grad
    Wrong("11.while_grad", "fori_loop of max_steps, no cap", lambda: r21_grow_no_cap),
    Wrong("11.while_grad", "kept the while_loop, logical_and", lambda: r21_grow_still_while),
    Wrong("11.while_grad", "steps only if the new x stays below cap", lambda: r21_grow_check_after),
    Wrong("11.while_grad", "clips x at cap with jnp.minimum", lambda: r21_grow_clip),
    Wrong("11.while_grad", "x <= cap instead of x < cap", lambda: r21_grow_le_cap),
    Wrong("11.while_grad", "Python if inside the fori_loop body", lambda: r21_grow_python_if),
    Wrong("11.while_grad", "stop_gradient on the value once stopped", lambda: r21_grow_stop_gradient),
    Wrong("11.while_grad", "returns every step's x from scan", lambda: r21_grow_trajectory),
    Wrong("11.while_grad", "returns the (k, x) state", lambda: r21_grow_returns_state),
    Wrong("11.while_grad", "growth toward cap, x * (1 - x / cap)", lambda: r21_grow_toward_cap),
    Wrong("11.while_grad", "fori_loop(1, max_steps): a step short", lambda: r21_grow_from_one),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "typed A: plain runs, 1 program", lambda: "A"),
    Wrong("11.fails_under_jit", "typed B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "typed D: new values of x recompile", lambda: "D"),
    Wrong("11.fails_under_jit", "typed E: 2 is a Python int, plain runs", lambda: "E"),
    Wrong("11.fails_under_jit", "typed the count 3, not a letter", lambda: "3"),
    Wrong("11.fails_under_jit", "hedged: 'C or E'", lambda: "C or E"),
    Wrong("11.fails_under_jit", "True, for 'plain fails'", lambda: True),
    Wrong("11.fails_under_jit", "typed 'plain fails', no count", lambda: "plain fails"),
    Wrong("11.fails_under_jit", "typed 2, for two programs", lambda: "2"),
    Wrong("11.fails_under_jit", "both halves in words, no letter", lambda: "fails, 3"),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "size=2, no fill_value: x[0] fills", lambda: r21_ftp_default_fill),
    Wrong("11.first_two_positive", "boolean index x[x > 0]", lambda: r21_ftp_boolean_index),
    Wrong("11.first_two_positive", "np.asarray(x) inside, NumPy way", lambda: r21_ftp_numpy_inside),
    Wrong("11.first_two_positive", "where(x > 0, x, 0)[:2]", lambda: r21_ftp_first_two_elements),
    Wrong("11.first_two_positive", "the two largest positives", lambda: r21_ftp_two_largest),
    Wrong("11.first_two_positive", "x >= 0 counts a zero as positive", lambda: r21_ftp_nonnegative),
    Wrong("11.first_two_positive", "nonzero(x) instead of x > 0", lambda: r21_ftp_nonzero_of_x),
    Wrong("11.first_two_positive", "index 0 read as missing", lambda: r21_ftp_index_zero_missing),
    Wrong("11.first_two_positive", "fill_value=-1 reads the last element", lambda: r21_ftp_fill_minus_one),
    Wrong("11.first_two_positive", "returns the indices, not the values", lambda: r21_ftp_indices),
    Wrong("11.first_two_positive", "argmax twice, all-False gives x[0]", lambda: r21_ftp_two_argmax),
]

RIGHT_21 = [
    Right("11.fori_predict", "lower case 'b'", lambda: "b"),
    Right("11.fori_predict", "' B' with a leading space", lambda: " B"),
    Right("11.fori_predict", "'B.' with a full stop", lambda: "B."),
    Right("11.scan_ema", "scans (x, t) pairs", lambda: r21_ema_right_zip_t),
    Right("11.scan_ema", "scan, then correct all at once", lambda: r21_ema_right_correct_after),
    Right("11.scan_ema", "carries beta**t itself", lambda: r21_ema_right_power_carry),
    Right("11.scan_ema", "triangular weight matrix, no loop", lambda: r21_ema_right_weights_matrix),
    Right("11.while_grad", "scan with jnp.where", lambda: r21_grow_right_scan_where),
    Right("11.while_grad", "fori_loop with lax.cond", lambda: r21_grow_right_cond),
    Right("11.while_grad", "scan with a done flag", lambda: r21_grow_right_done_flag),
    Right("11.fails_under_jit", "lower case 'c'", lambda: "c"),
    Right("11.fails_under_jit", "'C.' with a full stop", lambda: "C."),
    Right("11.fails_under_jit", "' C ' with spaces", lambda: " C "),
    Right("11.first_two_positive", "fill one past the end, append 0.0", lambda: r21_ftp_right_padded_gather),
    Right("11.first_two_positive", "argwhere with size, masked", lambda: r21_ftp_right_argwhere),
    Right("11.first_two_positive", "cumsum ranks, no nonzero", lambda: r21_ftp_right_cumsum_rank),
    Right("11.first_two_positive", "sorted positions, .at[].get fill", lambda: r21_ftp_right_sorted_positions),
]
