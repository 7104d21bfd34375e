"""Round 9, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 11.scan_ema ---------------------------------------------------------------------------


def r9_ema_scan_t(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    _, out = lax.scan(step, (jnp.zeros_like(xs[0]), 0), xs)
    return out


def r9_ema_then_divide(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    _, ms = lax.scan(step, 0.0, xs)
    t = jnp.arange(1, xs.shape[0] + 1)
    return ms / (1 - beta**t)


def r9_ema_scan_over_pairs(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)

    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - jnp.power(beta, t))

    return lax.scan(step, 0.0, (xs, ts))[1]


def r9_ema_no_correction(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r9_ema_t_from_zero(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, 0.0, xs)[1]
    return ms / (1 - beta ** jnp.arange(xs.shape[0]))


def r9_ema_t_plus_two(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta ** (t + 2))

    return lax.scan(step, (0.0, 0), xs)[1]


def r9_ema_weights_swapped(xs, beta):
    def step(m, x):
        m = (1 - beta) * m + beta * x
        return m, m

    ms = lax.scan(step, 0.0, xs)[1]
    return ms / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def r9_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r9_ema_last_only(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), None

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r9_ema_one_minus_beta_pow(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, 0.0, xs)[1]
    return ms / (1 - (1 - beta) ** jnp.arange(1, xs.shape[0] + 1))


def r9_ema_init_first(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, xs[0], xs)[1]
    return ms / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def r9_ema_corrected_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)  # corrected value carried on
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r9_ema_fori(xs, beta):
    def body(i, state):
        m, out = state
        m = beta * m + (1 - beta) * xs[i]
        return m, out.at[i].set(m / (1 - beta ** (i + 1)))

    return lax.fori_loop(0, xs.shape[0], body, (0.0, jnp.zeros_like(xs)))[1]


# --- 11.while_grad -----------------------------------------------------------------------


def r9_grow_fori_where(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_scan(r, x0, cap, max_steps):
    def step(x, _):
        grown = x + r * x * (1 - x)
        return jnp.where(x < cap, grown, x), None

    return lax.scan(step, x0, length=max_steps)[0]


def r9_grow_cond(r, x0, cap, max_steps):
    def body(_, x):
        return lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_with_flag(r, x0, cap, max_steps):
    def body(_, state):
        x, done = state
        done = done | (x >= cap)
        return jnp.where(done, x, x + r * x * (1 - x)), done

    return lax.fori_loop(0, max_steps, body, (x0, False))[0]


def r9_grow_while_kept(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r9_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)


def r9_grow_le(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.where(x <= cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_check_after(r, x0, cap, max_steps):
    def body(_, x):
        grown = x + r * x * (1 - x)
        return jnp.where(grown < cap, grown, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_clamped(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.minimum(x + r * x * (1 - x), cap)

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_python(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
    return x


def r9_grow_one_short(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(1, max_steps, body, x0)


def r9_grow_stop_grad(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.where(x < cap, x + r * x * (1 - x), lax.stop_gradient(x))

    return lax.fori_loop(0, max_steps, body, x0)


def r9_grow_returns_state(r, x0, cap, max_steps):
    def body(k, state):
        steps, x = state
        go = x < cap
        return steps + go.astype(jnp.int32), jnp.where(go, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))


def r9_grow_and(r, x0, cap, max_steps):
    def body(k, x):
        return jnp.where((k < max_steps) and (x < cap), x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


# --- 11.first_two_positive ---------------------------------------------------------------


def r9_ftp_pad_index(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r9_ftp_count(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return jnp.where(jnp.arange(2) < jnp.sum(x > 0), x[idx], 0.0)


def r9_ftp_cumsum(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(pos & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r9_ftp_argwhere(x):
    idx = jnp.argwhere(x > 0, size=2, fill_value=-1)[:, 0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r9_ftp_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r9_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r9_ftp_where_first_two(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r9_ftp_sorted(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r9_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0].astype(x.dtype)


def r9_ftp_eager(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r9_ftp_fill_value_zero_meant_value(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0.0)[0]
    return x[idx]


def r9_ftp_top_k(x):
    return lax.top_k(jnp.where(x > 0, x, 0.0), 2)[0]


def r9_ftp_count_ge(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    return jnp.where(jnp.arange(2) <= jnp.sum(x > 0), x[idx], 0.0)


def r9_ftp_nonneg(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r9_ftp_size_len(x):
    found = jnp.nonzero(x > 0, size=x.shape[0], fill_value=0)[0]
    return jnp.where(x[found] > 0, x[found], 0.0)[:2]


ROUND_9 = [
    # fori_predict
    Wrong("11.fori_predict", "A: upper bound included as in range(2, 7)", lambda: "A"),
    Wrong("11.fori_predict", "C: right number, body thought to run per i in Python", lambda: "C"),
    Wrong("11.fori_predict", "D: i thought to count from 0", lambda: "D"),
    Wrong("11.fori_predict", "typed the number", lambda: "57"),
    Wrong("11.fori_predict", "both options giving 57", lambda: "B, C"),
    Wrong("11.fori_predict", "C with a Python-loop reason", lambda: "C (runs like a for loop)"),
    Wrong("11.fori_predict", "D in lower case", lambda: "d"),
    Wrong("11.fori_predict", "answered with the int result", lambda: 57),
    # scan_ema
    Wrong("11.scan_ema", "no bias correction", lambda: r9_ema_no_correction),
    Wrong("11.scan_ema", "t counted from 0: first value divided by 0", lambda: r9_ema_t_from_zero),
    Wrong("11.scan_ema", "t off by one: beta**(t+2)", lambda: r9_ema_t_plus_two),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r9_ema_weights_swapped),
    Wrong("11.scan_ema", "Python loop over the elements", lambda: r9_ema_python_loop),
    Wrong("11.scan_ema", "returned only the last corrected value", lambda: r9_ema_last_only),
    Wrong("11.scan_ema", "corrected with (1 - beta)**t", lambda: r9_ema_one_minus_beta_pow),
    Wrong("11.scan_ema", "started m at xs[0] and corrected too", lambda: r9_ema_init_first),
    Wrong(
        "11.scan_ema",
        "carried the corrected value into the next step",
        lambda: r9_ema_corrected_carry,
    ),
    # while_grad
    Wrong("11.while_grad", "kept the while_loop: grad refuses it", lambda: r9_grow_while_kept),
    Wrong("11.while_grad", "fixed max_steps steps, no stop at cap", lambda: r9_grow_no_cap),
    Wrong("11.while_grad", "x <= cap: one more step when exactly at cap", lambda: r9_grow_le),
    Wrong(
        "11.while_grad", "tested the grown value: stops one step early", lambda: r9_grow_check_after
    ),
    Wrong("11.while_grad", "clamped to cap with jnp.minimum", lambda: r9_grow_clamped),
    Wrong("11.while_grad", "Python for loop with jnp.where", lambda: r9_grow_python),
    Wrong("11.while_grad", "fori_loop from 1: one step short", lambda: r9_grow_one_short),
    Wrong("11.while_grad", "stop_gradient on the held branch", lambda: r9_grow_stop_grad),
    Wrong("11.while_grad", "returned (steps, x) instead of x", lambda: r9_grow_returns_state),
    Wrong("11.while_grad", "Python and in the condition", lambda: r9_grow_and),
    # fails_under_jit
    Wrong("11.fails_under_jit", "A: missed the int() loop count", lambda: "A"),
    Wrong("11.fails_under_jit", "B: thought masks and shape ifs fail", lambda: "B"),
    Wrong("11.fails_under_jit", "C: right functions, shape reason for 1 too", lambda: "C"),
    Wrong("11.fails_under_jit", "E: thought an if on the shape fails", lambda: "E"),
    Wrong("11.fails_under_jit", "F: eager success taken as proof", lambda: "F"),
    Wrong("11.fails_under_jit", "listed the functions, not the letter", lambda: "1 and 4"),
    Wrong("11.fails_under_jit", "two letters for the same functions", lambda: "C or D"),
    Wrong(
        "11.fails_under_jit",
        "C with the value-shape reason typed",
        lambda: "C: shape depends on values",
    ),
    # first_two_positive
    Wrong(
        "11.first_two_positive",
        "nonzero size=2 default fill: pads with x[0]",
        lambda: r9_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1 indexes the last element",
        lambda: r9_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "zeroed negatives, took the first two slots",
        lambda: r9_ftp_where_first_two,
    ),
    Wrong(
        "11.first_two_positive", "two largest positives, not the first two", lambda: r9_ftp_sorted
    ),
    Wrong("11.first_two_positive", "returned the indices, not the values", lambda: r9_ftp_indices),
    Wrong("11.first_two_positive", "the eager version unchanged", lambda: r9_ftp_eager),
    Wrong(
        "11.first_two_positive",
        "fill_value=0.0 read as the padding value",
        lambda: r9_ftp_fill_value_zero_meant_value,
    ),
    Wrong("11.first_two_positive", "lax.top_k of the positives", lambda: r9_ftp_top_k),
    Wrong("11.first_two_positive", "count test with <=: pads with x[0]", lambda: r9_ftp_count_ge),
    Wrong("11.first_two_positive", "x >= 0 counted zero as positive", lambda: r9_ftp_nonneg),
    Wrong(
        "11.first_two_positive", "size=len(x), fill 0, filtered by sign", lambda: r9_ftp_size_len
    ),
]

RIGHT_9 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.fori_predict", "B with a reason", lambda: "B: traced once, loop runs 4 times"),
    Right("11.scan_ema", "scan carrying (m, t)", lambda: r9_ema_scan_t),
    Right("11.scan_ema", "scan the raw average, divide after", lambda: r9_ema_then_divide),
    Right("11.scan_ema", "scan over (x, t) pairs", lambda: r9_ema_scan_over_pairs),
    Right("11.scan_ema", "fori_loop writing into an output array", lambda: r9_ema_fori),
    Right("11.while_grad", "fori_loop with jnp.where on x < cap", lambda: r9_grow_fori_where),
    Right("11.while_grad", "scan with length=max_steps", lambda: r9_grow_scan),
    Right("11.while_grad", "fori_loop with lax.cond", lambda: r9_grow_cond),
    Right("11.while_grad", "a done flag carried along", lambda: r9_grow_with_flag),
    Right("11.fails_under_jit", "D", lambda: "D"),
    Right("11.fails_under_jit", "D, lower case, with a reason", lambda: "d - values decide count"),
    Right(
        "11.first_two_positive", "pad x with a 0 and fill with its index", lambda: r9_ftp_pad_index
    ),
    Right("11.first_two_positive", "mask slots past the positive count", lambda: r9_ftp_count),
    Right("11.first_two_positive", "cumsum ranks", lambda: r9_ftp_cumsum),
    Right("11.first_two_positive", "argwhere with -1 and a where", lambda: r9_ftp_argwhere),
]
