"""Round 11, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 11.scan_ema -------------------------------------------------------------------------


def r11_ema_counted(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r11_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r11_ema_t_from_two(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 1), xs)[1]  # t already 1 before the first element


def r11_ema_init_first(xs, beta):
    # the usual EMA start: m = xs[0], no correction needed (right on a constant series)
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, xs[0], xs)[1]


def r11_ema_precedence(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1)

    def step(m, xt):
        x, t = xt
        m = beta * m + (1 - beta) * x
        return m, m / 1 - beta**t

    return lax.scan(step, 0.0, (xs, ts))[1]


def r11_ema_feeds_corrected(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r11_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        return (beta * m + (1 - beta) * x, t + 1), None

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r11_ema_beta_swapped(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r11_ema_fixed_t(xs, beta):
    n = xs.shape[0]

    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**n)

    return lax.scan(step, 0.0, xs)[1]


def r11_ema_no_one_minus_beta(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r11_ema_correct_t_zero(xs, beta):
    ts = jnp.arange(xs.shape[0])  # t = 0, 1, 2, ...: the first divides by 0
    ms = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    return ms / (1 - beta**ts)


def r11_ema_pairs(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)

    def step(m, xt):
        x, t = xt
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, jnp.zeros((), xs.dtype), (xs, ts))[1]


def r11_ema_after(xs, beta):
    ms = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    return ms / (1 - jnp.power(beta, jnp.arange(1, len(xs) + 1)))


def r11_ema_closed_form(xs, beta):
    n = xs.shape[0]
    i = jnp.arange(n)
    gaps = i[:, None] - i[None, :]
    weights = jnp.where(gaps >= 0, (1 - beta) * beta ** jnp.maximum(gaps, 0), 0.0)
    return (weights @ xs) / (1 - beta ** (i + 1))


def r11_ema_fori(xs, beta):
    def body(t, state):
        m, out = state
        m = beta * m + (1 - beta) * xs[t]
        return m, out.at[t].set(m / (1 - beta ** (t + 1)))

    return lax.fori_loop(0, xs.shape[0], body, (0.0, jnp.zeros_like(xs)))[1]


# --- 11.while_grad -----------------------------------------------------------------------


def _logistic(r, x):
    return x + r * x * (1 - x)


def r11_wg_no_stop(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: _logistic(r, x), x0)


def r11_wg_le(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x <= cap, _logistic(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_stay_below(r, x0, cap, max_steps):
    def body(i, x):
        new = _logistic(r, x)
        return jnp.where(new < cap, new, x)  # steps only while the result stays below

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_clip(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.minimum(_logistic(r, x), cap)

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_do_while(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where((i == 0) | (x < cap), _logistic(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_one_short(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _logistic(r, x), x)

    return lax.fori_loop(0, max_steps - 1, body, x0)


def r11_wg_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, _logistic(r, x), x)
    return x


def r11_wg_flag_false_start(r, x0, cap, max_steps):
    def body(i, state):
        x, done = state
        x = jnp.where(done, x, _logistic(r, x))
        return x, done | (x >= cap)

    return lax.fori_loop(0, max_steps, body, (x0, False))[0]


def r11_wg_cap_as_capacity(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x / cap), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_steps_returned(r, x0, cap, max_steps):
    def body(i, state):
        k, x = state
        going = x < cap
        return k + going, jnp.where(going, _logistic(r, x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))  # the whole state, k included


def r11_wg_where(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r11_wg_cond_scan(r, x0, cap, max_steps):
    def step(x, _):
        x = lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)
        return x, None

    return lax.scan(step, x0, length=max_steps)[0]


def r11_wg_flag(r, x0, cap, max_steps):
    def body(i, state):
        x, done = state
        x = jnp.where(done, x, _logistic(r, x))
        return x, done | (x >= cap)

    return lax.fori_loop(0, max_steps, body, (x0, x0 >= cap))[0]


def r11_wg_mask_mul(r, x0, cap, max_steps):
    def body(i, x):
        going = (x < cap).astype(jnp.result_type(x))
        return x + going * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, jnp.asarray(x0, jnp.float32))


# --- 11.first_two_positive ---------------------------------------------------------------


def r11_ftp_fill_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r11_ftp_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return x[idx]


def r11_ftp_first_two_elements(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r11_ftp_largest(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r11_ftp_argmax_unguarded(x):
    first = jnp.argmax(x > 0)
    rest = (x > 0) & (jnp.arange(x.shape[0]) > first)
    second = jnp.argmax(rest)
    return jnp.stack([x[first], jnp.where(rest.any(), x[second], 0.0)])


def r11_ftp_nonnegative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r11_ftp_reversed(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx][::-1]


def r11_ftp_rank_no_mask(x):
    rank = jnp.cumsum(x > 0)
    first = jnp.sum(jnp.where(rank == 1, x, 0.0))
    second = jnp.sum(jnp.where(rank == 2, x, 0.0))
    return jnp.stack([first, second])


def r11_ftp_nonzero_of_x(x):
    idx = jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r11_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r11_ftp_argsort_unpadded(x):
    order = jnp.argsort(~(x > 0), stable=True)[:2]
    return jnp.where(x[order] > 0, x[order], 0.0)


def r11_ftp_pad_index(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r11_ftp_mode_fill(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.size)[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r11_ftp_rank_masked(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    return jnp.array([jnp.sum(jnp.where(positive & (rank == k), x, 0.0)) for k in (1, 2)])


def r11_ftp_argsort_padded(x):
    padded = jnp.concatenate([x, jnp.zeros(2, x.dtype)])
    order = jnp.argsort(jnp.logical_not(padded > 0), stable=True)[:2]
    return jnp.where(padded[order] > 0, padded[order], 0.0)


def r11_ftp_where_size(x):
    (idx,) = jnp.where(x > 0, size=2, fill_value=-1)
    return jnp.where(idx >= 0, x[idx], 0.0)


ROUND_11 = [
    Wrong("11.fori_predict", "A: the upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: Python runs the body four times", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts the steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "lower-case b", lambda: "b"),
    Wrong("11.fori_predict", "the number instead of a letter", lambda: "57"),
    Wrong("11.fori_predict", "the number as an int", lambda: 57),
    Wrong("11.fori_predict", "both letters that give 57", lambda: "BC"),
    Wrong("11.fori_predict", "the letter with its number", lambda: "B: 57"),
    Wrong("11.scan_ema", "the page's counted version: t stays 1", lambda: r11_ema_counted),
    Wrong("11.scan_ema", "no bias correction at all", lambda: r11_ema_uncorrected),
    Wrong(
        "11.scan_ema",
        "carried t starts at 1 and is increased first: t = 2, 3, ...",
        lambda: r11_ema_t_from_two,
    ),
    Wrong(
        "11.scan_ema",
        "started m at xs[0], no correction: right on constants only",
        lambda: r11_ema_init_first,
    ),
    Wrong("11.scan_ema", "m / 1 - beta**t: the parentheses forgotten", lambda: r11_ema_precedence),
    Wrong(
        "11.scan_ema",
        "carried the corrected average into the next step",
        lambda: r11_ema_feeds_corrected,
    ),
    Wrong("11.scan_ema", "returned the last corrected average only", lambda: r11_ema_final_only),
    Wrong("11.scan_ema", "beta and 1 - beta swapped in the update", lambda: r11_ema_beta_swapped),
    Wrong("11.scan_ema", "corrected every average by beta**len(xs)", lambda: r11_ema_fixed_t),
    Wrong(
        "11.scan_ema", "m = beta*m + x, the (1 - beta) dropped", lambda: r11_ema_no_one_minus_beta
    ),
    Wrong(
        "11.scan_ema",
        "t = arange(n): the first corrected average divides by 0",
        lambda: r11_ema_correct_t_zero,
    ),
    Wrong("11.while_grad", "fori_loop over max_steps, never stops at cap", lambda: r11_wg_no_stop),
    Wrong("11.while_grad", "x <= cap: one more step when x is exactly at cap", lambda: r11_wg_le),
    Wrong("11.while_grad", "steps only if the new x stays below cap", lambda: r11_wg_stay_below),
    Wrong("11.while_grad", "clipped the new x at cap with jnp.minimum", lambda: r11_wg_clip),
    Wrong("11.while_grad", "first step always taken, as a do-while", lambda: r11_wg_do_while),
    Wrong("11.while_grad", "fori_loop(0, max_steps - 1): one step short", lambda: r11_wg_one_short),
    Wrong("11.while_grad", "a Python loop of jnp.where", lambda: r11_wg_python_loop),
    Wrong(
        "11.while_grad",
        "done flag started False: a start above cap steps once",
        lambda: r11_wg_flag_false_start,
    ),
    Wrong(
        "11.while_grad", "read cap as the capacity: r*x*(1 - x/cap)", lambda: r11_wg_cap_as_capacity
    ),
    Wrong("11.while_grad", "returned the whole (k, x) state", lambda: r11_wg_steps_returned),
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one program per new set of values", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "lower-case c", lambda: "c"),
    Wrong("11.fails_under_jit", "the number of programs", lambda: "3"),
    Wrong("11.fails_under_jit", "C and E, unsure whether plain runs", lambda: "CE"),
    Wrong("11.fails_under_jit", "letter with a trailing period", lambda: "C."),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: a missing one reads the last element",
        lambda: r11_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "size=2, default fill 0: a missing one reads x[0]",
        lambda: r11_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "zeroed the negatives, took the first two elements",
        lambda: r11_ftp_first_two_elements,
    ),
    Wrong("11.first_two_positive", "the two largest positives, sorted", lambda: r11_ftp_largest),
    Wrong(
        "11.first_two_positive",
        "argmax with no guard when none is positive",
        lambda: r11_ftp_argmax_unguarded,
    ),
    Wrong(
        "11.first_two_positive", "x >= 0: counts a zero as positive", lambda: r11_ftp_nonnegative
    ),
    Wrong("11.first_two_positive", "the two in reverse order", lambda: r11_ftp_reversed),
    Wrong(
        "11.first_two_positive",
        "cumsum rank without the positive mask",
        lambda: r11_ftp_rank_no_mask,
    ),
    Wrong(
        "11.first_two_positive",
        "jnp.nonzero(x): nonzero, not positive",
        lambda: r11_ftp_nonzero_of_x,
    ),
    Wrong("11.first_two_positive", "returned the indices, not the values", lambda: r11_ftp_indices),
    Wrong(
        "11.first_two_positive",
        "stable argsort [:2], wrong shape for a length-1 x",
        lambda: r11_ftp_argsort_unpadded,
    ),
]
RIGHT_11 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.scan_ema", "scan over (xs, t) pairs, t float", lambda: r11_ema_pairs),
    Right("11.scan_ema", "scan for m, corrected after with jnp.power", lambda: r11_ema_after),
    Right(
        "11.scan_ema", "closed form: a lower-triangular weight matrix", lambda: r11_ema_closed_form
    ),
    Right("11.scan_ema", "fori_loop filling an output with .at[t].set", lambda: r11_ema_fori),
    Right("11.while_grad", "fori_loop of jnp.where(x < cap, step, x)", lambda: r11_wg_where),
    Right("11.while_grad", "scan of lax.cond, length=max_steps", lambda: r11_wg_cond_scan),
    Right("11.while_grad", "done flag carried, started at x0 >= cap", lambda: r11_wg_flag),
    Right(
        "11.while_grad", "mask multiplied into the growth, float32 start", lambda: r11_wg_mask_mul
    ),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right(
        "11.first_two_positive", "fill index n into x padded with one 0", lambda: r11_ftp_pad_index
    ),
    Right(
        "11.first_two_positive",
        "x.at[idx].get(mode='fill', fill_value=0)",
        lambda: r11_ftp_mode_fill,
    ),
    Right(
        "11.first_two_positive",
        "cumsum rank with the mask, list of 2 sums",
        lambda: r11_ftp_rank_masked,
    ),
    Right(
        "11.first_two_positive",
        "stable argsort of x padded with two zeros",
        lambda: r11_ftp_argsort_padded,
    ),
    Right(
        "11.first_two_positive",
        "jnp.where(cond, size=2, fill -1), guarded",
        lambda: r11_ftp_where_size,
    ),
]
