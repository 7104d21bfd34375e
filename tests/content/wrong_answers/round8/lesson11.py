"""Round 8, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# 11.scan_ema
def r8_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r8_ema_t_from_zero(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta**t)  # t not yet advanced: divides by 0 first

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_start_first(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]


def r8_ema_swapped(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = (1 - beta) * m + beta * x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_output_before(xs, beta):
    def step(carry, x):
        m, t = carry
        out = m / (1 - beta ** jnp.maximum(t, 1))
        return (beta * m + (1 - beta) * x, t + 1), out

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r8_ema_whole_result(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)


def r8_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, 1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r8_ema_linear_correction(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta * t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_cummean(xs, beta):
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r8_ema_correct_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_correct_carry_once(xs, beta):
    # the correction folded into the carry by accident: corrected m fed back
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        m = m / (1 - beta**t)
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r8_ema_right_power(xs, beta):
    def step(carry, x):
        m, power = carry
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (jnp.zeros_like(xs[0]), jnp.ones_like(xs[0])), xs)[1]


def r8_ema_right_vector(xs, beta):
    _, ms = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)
    t = jnp.arange(1, xs.shape[0] + 1)
    return ms / (1 - beta**t)


def r8_ema_right_scan_t(xs, beta):
    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - jnp.power(beta, t))

    ts = jnp.arange(1, len(xs) + 1, dtype=jnp.float32)
    return lax.scan(step, 0.0, (xs, ts))[1]


# 11.while_grad
def r8_grow_while_copy(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r8_grow_no_mask(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)


def r8_grow_le(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x <= cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_check_after(r, x0, cap, max_steps):
    x1 = x0 + r * x0 * (1 - x0)  # the first step taken before any check

    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(1, max_steps, body, x1)


def r8_grow_python_if(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        if x >= cap:
            break
        x = x + r * x * (1 - x)
    return x


def r8_grow_clamp(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.minimum(x + r * x * (1 - x), cap), x0)


def r8_grow_one_short(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(1, max_steps, body, x0)


def r8_grow_one_more(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps + 1, body, x0)


def r8_grow_where_swapped(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x, x + r * x * (1 - x))

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_stop_gradient(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), lax.stop_gradient(x))

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_and(r, x0, cap, max_steps):
    def body(i, x):
        going = (i < max_steps) and (x < cap)
        return jnp.where(going, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_right_where(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_right_cond(r, x0, cap, max_steps):
    def body(i, x):
        return lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r8_grow_right_scan(r, x0, cap, max_steps):
    def step(carry, _):
        x, done = carry
        done = done | (x >= cap)
        x = jnp.where(done, x, x + r * x * (1 - x))
        return (x, done), None

    (x, _), _ = lax.scan(step, (x0, jnp.array(False)), length=max_steps)
    return x


def r8_grow_right_mask_mult(r, x0, cap, max_steps):
    def body(i, x):
        going = (x < cap).astype(jnp.result_type(x, float))
        return x + going * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


# 11.first_two_positive
def r8_ftp_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return x[idx]


def r8_ftp_ge(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r8_ftp_largest(x):
    top = jnp.sort(x)[::-1][:2]
    return jnp.where(top > 0, top, 0.0)


def r8_ftp_first_two_masked(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r8_ftp_fill_last(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r8_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r8_ftp_nan(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.array([jnp.nan])])[idx]


def r8_ftp_no_size(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.pad(found, (0, 2 - found.shape[0]))


def r8_ftp_argmax_unguarded(x):
    pos = x > 0
    first = jnp.argmax(pos)
    second = jnp.argmax(pos & (jnp.arange(x.shape[0]) > first))
    return jnp.stack([x[first], x[second]])


def r8_ftp_last_two(x):
    idx = jnp.nonzero(x[::-1] > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x[::-1], jnp.zeros(1)])[idx]


def r8_ftp_argsort(x):
    idx = jnp.argsort(~(x > 0), stable=True)[:2]
    return x[idx]


def r8_ftp_right_pad(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r8_ftp_right_cumsum(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(pos & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r8_ftp_right_count(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    count = jnp.sum(x > 0)
    return jnp.where(jnp.arange(2) < count, x[idx], 0.0)


def r8_ftp_right_get(x):
    (idx,) = jnp.nonzero(x > 0, size=2, fill_value=-1)
    return x.at[jnp.where(idx < 0, x.shape[0], idx)].get(mode="fill", fill_value=0.0)


ROUND_8 = [
    Wrong("11.fori_predict", "A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: Python runs the body four times", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts from 0", lambda: "D"),
    Wrong("11.fori_predict", "lower-case b", lambda: "b"),
    Wrong("11.fori_predict", "the number instead of the letter", lambda: "57"),
    Wrong("11.fori_predict", "the number as an int", lambda: 57),
    Wrong("11.fori_predict", "both letters giving 57", lambda: "B/C"),
    Wrong("11.fori_predict", "letter and reason", lambda: "B: traced once"),
    Wrong("11.fori_predict", "letter with quotes inside", lambda: "'B'"),
    Wrong("11.scan_ema", "no bias correction", lambda: r8_ema_uncorrected),
    Wrong("11.scan_ema", "t from 0: first divides by zero", lambda: r8_ema_t_from_zero),
    Wrong("11.scan_ema", "average started at the first element", lambda: r8_ema_start_first),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r8_ema_swapped),
    Wrong("11.scan_ema", "outputs the average before the update", lambda: r8_ema_output_before),
    Wrong("11.scan_ema", "returns only the last average", lambda: r8_ema_final_only),
    Wrong("11.scan_ema", "returns scan's (carry, outputs)", lambda: r8_ema_whole_result),
    Wrong("11.scan_ema", "Python loop over xs", lambda: r8_ema_python_loop),
    Wrong("11.scan_ema", "corrects by 1 - beta * t", lambda: r8_ema_linear_correction),
    Wrong("11.scan_ema", "running mean, beta ignored", lambda: r8_ema_cummean),
    Wrong(
        "11.scan_ema",
        "corrected average fed back into the carry",
        lambda: r8_ema_correct_carry_once,
    ),
    Wrong("11.while_grad", "the while_loop copied", lambda: r8_grow_while_copy),
    Wrong("11.while_grad", "fori_loop of max_steps, cap ignored", lambda: r8_grow_no_mask),
    Wrong("11.while_grad", "goes on while x <= cap", lambda: r8_grow_le),
    Wrong("11.while_grad", "takes the first step before checking", lambda: r8_grow_check_after),
    Wrong("11.while_grad", "Python loop with break", lambda: r8_grow_python_if),
    Wrong("11.while_grad", "clamps x at cap", lambda: r8_grow_clamp),
    Wrong("11.while_grad", "fori_loop from 1: one step short", lambda: r8_grow_one_short),
    Wrong("11.while_grad", "max_steps + 1 steps", lambda: r8_grow_one_more),
    Wrong("11.while_grad", "where branches swapped", lambda: r8_grow_where_swapped),
    Wrong("11.while_grad", "`and` of two traced conditions", lambda: r8_grow_and),
    Wrong("11.fails_under_jit", "A: only 2", lambda: "A"),
    Wrong("11.fails_under_jit", "B: the Python loop fails too", lambda: "B"),
    Wrong("11.fails_under_jit", "D: results depending on values", lambda: "D"),
    Wrong("11.fails_under_jit", "E: argmax fails too", lambda: "E"),
    Wrong("11.fails_under_jit", "F: all four", lambda: "F"),
    Wrong("11.fails_under_jit", "lower-case c", lambda: "c"),
    Wrong("11.fails_under_jit", "the function numbers", lambda: "2 and 4"),
    Wrong("11.fails_under_jit", "both letters naming 2 and 4", lambda: "C, D"),
    Wrong("11.fails_under_jit", "letter with the reason", lambda: "C: shape or branch"),
    Wrong("11.fails_under_jit", "function numbers as a list", lambda: [2, 4]),
    Wrong(
        "11.first_two_positive",
        "size=2, default fill: x[0] for missing",
        lambda: r8_ftp_default_fill,
    ),
    Wrong("11.first_two_positive", "x >= 0: zeros count as positive", lambda: r8_ftp_ge),
    Wrong("11.first_two_positive", "the two largest, not the first two", lambda: r8_ftp_largest),
    Wrong(
        "11.first_two_positive",
        "first two elements, negatives zeroed",
        lambda: r8_ftp_first_two_masked,
    ),
    Wrong(
        "11.first_two_positive", "fill_value=-1: picks the last element", lambda: r8_ftp_fill_last
    ),
    Wrong("11.first_two_positive", "returns the indices", lambda: r8_ftp_indices),
    Wrong("11.first_two_positive", "NaN for the missing ones", lambda: r8_ftp_nan),
    Wrong("11.first_two_positive", "no size=: the eager code reshuffled", lambda: r8_ftp_no_size),
    Wrong(
        "11.first_two_positive",
        "argmax twice, no guard for missing",
        lambda: r8_ftp_argmax_unguarded,
    ),
    Wrong("11.first_two_positive", "searches from the end", lambda: r8_ftp_last_two),
    Wrong("11.first_two_positive", "stable argsort of the mask, no guard", lambda: r8_ftp_argsort),
]

RIGHT_8 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.scan_ema", "carry beta**t as a running product", lambda: r8_ema_right_power),
    Right("11.scan_ema", "scan the plain EMA, correct vectorised", lambda: r8_ema_right_vector),
    Right("11.scan_ema", "scan over (xs, t) pairs", lambda: r8_ema_right_scan_t),
    Right("11.scan_ema", "carry (m, t), correct in the output", lambda: r8_ema_correct_carry),
    Right("11.while_grad", "fori_loop with where on x < cap", lambda: r8_grow_right_where),
    Right("11.while_grad", "fori_loop with lax.cond per step", lambda: r8_grow_right_cond),
    Right("11.while_grad", "scan with a done flag", lambda: r8_grow_right_scan),
    Right("11.while_grad", "float mask multiplies the growth", lambda: r8_grow_right_mask_mult),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right(
        "11.first_two_positive", "nonzero size=2, pad index past the end", lambda: r8_ftp_right_pad
    ),
    Right("11.first_two_positive", "cumsum rank of positives", lambda: r8_ftp_right_cumsum),
    Right("11.first_two_positive", "default fill, masked by the count", lambda: r8_ftp_right_count),
    Right("11.first_two_positive", ".at[].get(mode='fill')", lambda: r8_ftp_right_get),
]
