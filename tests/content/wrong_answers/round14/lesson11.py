"""Round 14, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --------------------------------------------------------------- 11.scan_ema


def r14_ema_counted(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r14_ema_t_from_zero(xs, beta):
    def step(m, xt):
        x, t = xt
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (xs, jnp.arange(xs.shape[0])))[1]


def r14_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r14_ema_t_plus_one(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta ** (t + 1))

    return lax.scan(step, (0.0, 0), xs)[1]


def r14_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r14_ema_start_first(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]  # started at the first element, not 0


def r14_ema_swapped_beta(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r14_ema_multiply(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m * (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r14_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r14_ema_closed_overflow(xs, beta):
    t = jnp.arange(1, xs.shape[0] + 1)
    inner = jnp.cumsum(xs * beta ** (-t.astype(jnp.float32)))  # beta**-t overflows
    m = (1 - beta) * beta**t * inner
    return m / (1 - beta**t)


def r14_ema_running_mean(xs, beta):
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)  # right on a constant series


def r14_ema_scan_pairs(xs, beta):
    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)
    return lax.scan(step, jnp.float32(0.0), (xs, ts))[1]


def r14_ema_power_carry(xs, beta):
    def step(carry, x):
        m, power = carry
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (0.0, 1.0), xs)[1]


def r14_ema_scan_then_divide(xs, beta):
    _, ms = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)
    return ms / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def r14_ema_matrix(xs, beta):
    n = xs.shape[0]
    t = jnp.arange(n)[:, None]
    k = jnp.arange(n)[None, :]
    weights = jnp.where(k <= t, beta ** jnp.where(k <= t, t - k, 0), 0.0)
    m = (1 - beta) * weights @ xs
    return m / (1 - beta ** jnp.arange(1, n + 1))


# -------------------------------------------------------------- 11.while_grad


def r14_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)


def r14_grow_le(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x <= cap, x + r * x * (1 - x), x)  # steps once more at cap

    return lax.fori_loop(0, max_steps, body, x0)


def r14_grow_python(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
    return x


def r14_grow_while_copy(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r14_grow_clip(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.minimum(x + r * x * (1 - x), cap), x0)


def r14_grow_done_after(r, x0, cap, max_steps):
    def step(carry, _):
        x, done = carry
        x = jnp.where(done, x, x + r * x * (1 - x))
        return (x, x >= cap), None

    return lax.scan(step, (x0, False), length=max_steps)[0][0]  # x0 >= cap still steps once


def r14_grow_short(r, x0, cap, max_steps):
    body = lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x)  # noqa: E731
    return lax.fori_loop(1, max_steps, body, x0)


def r14_grow_check_once(r, x0, cap, max_steps):
    grown = lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)
    return jnp.where(x0 < cap, grown, x0)


def r14_grow_jit_inside(r, x0, cap, max_steps):
    @jax.jit
    def inner(r, x0, cap, n):
        body = lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x)  # noqa: E731
        return lax.fori_loop(0, n, body, x0)  # n traced: becomes a while_loop

    return inner(r, x0, cap, max_steps)


def r14_grow_set_cap(r, x0, cap, max_steps):
    def body(i, x):
        nxt = x + r * x * (1 - x)
        return jnp.where(x < cap, nxt, cap)

    return lax.fori_loop(0, max_steps, body, x0)


def r14_grow_cond(r, x0, cap, max_steps):
    def body(i, x):
        return lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r14_grow_scan(r, x0, cap, max_steps):
    def step(x, _):
        return jnp.where(x < cap, x + r * x * (1 - x), x), None

    x, _ = lax.scan(step, x0, None, length=max_steps)
    return x


def r14_grow_blend(r, x0, cap, max_steps):
    def body(i, x):
        going = (x < cap).astype(jnp.result_type(x, float))
        return x + going * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, jnp.asarray(x0, dtype=jnp.float32))


# ------------------------------------------------------- 11.first_two_positive


def r14_ftp_fill_zero_index(x):
    idx = jnp.nonzero(x > 0, size=2)[0]  # missing ones point at index 0
    return x[idx]


def r14_ftp_fill_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r14_ftp_get_fill_negative(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)  # -1 wraps to the last element


def r14_ftp_largest(x):
    top = jnp.sort(x)[::-1][:2]
    return jnp.where(top > 0, top, 0.0)


def r14_ftp_head(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r14_ftp_argmax(x):
    pos = x > 0
    i = jnp.argmax(pos)
    j = jnp.argmax(pos.at[i].set(False))
    return jnp.stack([x[i], x[j]])  # no check that a positive was found


def r14_ftp_ge_zero(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r14_ftp_argsort_short(x):
    n = x.shape[0]
    order = jnp.argsort(jnp.where(x > 0, jnp.arange(n), n))[:2]  # length 1 gives one
    picked = x[order]
    return jnp.where(picked > 0, picked, 0.0)


def r14_ftp_fill_len_read(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x[idx]  # a read past the end clamps to the last element


def r14_ftp_nonzero_x(x):
    idx = jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r14_ftp_count_mask(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    found = jnp.sum(x > 0)
    return jnp.where(jnp.arange(2) < found, x[idx], 0.0)


def r14_ftp_get_fill(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r14_ftp_rank(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    hits = pos[None, :] & (rank[None, :] == jnp.array([1, 2])[:, None])
    return jnp.sum(jnp.where(hits, x[None, :], 0.0), axis=1)


def r14_ftp_padded_sort(x):
    xp = jnp.concatenate([x, jnp.zeros(2, dtype=x.dtype)])
    n = xp.shape[0]
    order = jnp.argsort(jnp.where(xp > 0, jnp.arange(n), n), stable=True)[:2]
    return jnp.where(xp[order] > 0, xp[order], 0.0)


ROUND_14 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: body run four times in Python", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number, not the letter", lambda: "57"),
    Wrong("11.fori_predict", "both letters for 57", lambda: "BC"),
    Wrong("11.fori_predict", "C with its reason typed", lambda: "C - python runs it each i"),
    # 11.scan_ema
    Wrong("11.scan_ema", "the page's nonlocal counter", lambda: r14_ema_counted),
    Wrong("11.scan_ema", "t from arange(n): divides by 0 first", lambda: r14_ema_t_from_zero),
    Wrong("11.scan_ema", "no bias correction", lambda: r14_ema_uncorrected),
    Wrong("11.scan_ema", "beta**(t + 1): one off", lambda: r14_ema_t_plus_one),
    Wrong("11.scan_ema", "returns only the last corrected average", lambda: r14_ema_final_only),
    Wrong("11.scan_ema", "average started at xs[0]", lambda: r14_ema_start_first),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r14_ema_swapped_beta),
    Wrong("11.scan_ema", "multiplies by the correction", lambda: r14_ema_multiply),
    Wrong("11.scan_ema", "Python loop over t", lambda: r14_ema_python_loop),
    Wrong(
        "11.scan_ema",
        "closed form with beta**-t: overflows on long series",
        lambda: r14_ema_closed_overflow,
    ),
    Wrong(
        "11.scan_ema", "running mean: right only on a constant series", lambda: r14_ema_running_mean
    ),
    # 11.while_grad
    Wrong("11.while_grad", "fori_loop over max_steps, cap ignored", lambda: r14_grow_no_cap),
    Wrong("11.while_grad", "x <= cap: one step more at cap", lambda: r14_grow_le),
    Wrong("11.while_grad", "Python loop with jnp.where", lambda: r14_grow_python),
    Wrong("11.while_grad", "the page's while_loop unchanged", lambda: r14_grow_while_copy),
    Wrong("11.while_grad", "clips at cap with jnp.minimum", lambda: r14_grow_clip),
    Wrong(
        "11.while_grad",
        "done flag set after the step: x0 >= cap still steps",
        lambda: r14_grow_done_after,
    ),
    Wrong("11.while_grad", "fori_loop(1, max_steps): one step short", lambda: r14_grow_short),
    Wrong("11.while_grad", "checks the cap once, on x0", lambda: r14_grow_check_once),
    Wrong("11.while_grad", "jitted inner loop: max_steps traced", lambda: r14_grow_jit_inside),
    Wrong("11.while_grad", "sets x to cap once reached", lambda: r14_grow_set_cap),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one per set of values", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "the count of programs", lambda: "3"),
    Wrong("11.fails_under_jit", "two letters that say 3 programs", lambda: "C, E"),
    Wrong("11.fails_under_jit", "B with a paren", lambda: "B)"),
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "nonzero size=2: missing ones read x[0]",
        lambda: r14_ftp_fill_zero_index,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: missing ones read x[-1]",
        lambda: r14_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "get(mode='fill') with index -1: wraps",
        lambda: r14_ftp_get_fill_negative,
    ),
    Wrong("11.first_two_positive", "the two largest, not the first two", lambda: r14_ftp_largest),
    Wrong(
        "11.first_two_positive", "first two elements, zeroed if not positive", lambda: r14_ftp_head
    ),
    Wrong("11.first_two_positive", "argmax twice, no check for none", lambda: r14_ftp_argmax),
    Wrong("11.first_two_positive", "x >= 0: zero counted as positive", lambda: r14_ftp_ge_zero),
    Wrong(
        "11.first_two_positive",
        "argsort of positions: length-1 input gives 1",
        lambda: r14_ftp_argsort_short,
    ),
    Wrong("11.first_two_positive", "fill index len(x), read clamps", lambda: r14_ftp_fill_len_read),
    Wrong("11.first_two_positive", "nonzero(x): negatives count too", lambda: r14_ftp_nonzero_x),
]
RIGHT_14 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.scan_ema", "scan over (xs, ts) pairs, float t", lambda: r14_ema_scan_pairs),
    Right("11.scan_ema", "carries beta**t multiplied on", lambda: r14_ema_power_carry),
    Right(
        "11.scan_ema",
        "scan for m, then divide by the corrections",
        lambda: r14_ema_scan_then_divide,
    ),
    Right("11.scan_ema", "lower-triangular weight matrix, no loop", lambda: r14_ema_matrix),
    Right("11.while_grad", "lax.cond inside fori_loop", lambda: r14_grow_cond),
    Right("11.while_grad", "scan with length, jnp.where", lambda: r14_grow_scan),
    Right("11.while_grad", "adds the step times a 0/1 float", lambda: r14_grow_blend),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right("11.first_two_positive", "fill index 0, mask by the count", lambda: r14_ftp_count_mask),
    Right(
        "11.first_two_positive", "fill past the end, get with mode='fill'", lambda: r14_ftp_get_fill
    ),
    Right("11.first_two_positive", "cumsum ranks compared with 1 and 2", lambda: r14_ftp_rank),
    Right(
        "11.first_two_positive",
        "padded with two zeros, stable argsort",
        lambda: r14_ftp_padded_sort,
    ),
]
