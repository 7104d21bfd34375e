"""Round 18, lesson 11 (loops and control flow): answers from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 11.fori_predict: lax.fori_loop(2, 6, lambda i, acc: acc * 2 + i, 1) -------------

# ---- 11.scan_ema: bias-corrected exponential moving average with lax.scan ------------


def r18_ema_counted(xs, beta):
    # the lesson's broken version, copied
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r18_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r18_ema_t_from_zero(xs, beta):
    # t counts from 0: the first correction divides by 1 - beta**0
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r18_ema_t_one_ahead(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta ** (t + 1))

    return lax.scan(step, (0.0, 0), xs)[1]


def r18_ema_weights_swapped(xs, beta):
    # beta on the new element, 1 - beta on the average
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r18_ema_last_only(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r18_ema_whole_scan(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)


def r18_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r18_ema_multiplied(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m * (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r18_ema_start_at_first(xs, beta):
    # started the average at the first element instead of correcting
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, xs[0], xs)[1]


def r18_ema_times_not_power(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta * t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r18_ema_one_minus_beta_power(xs, beta):
    # (1 - beta)**t typed for 1 - beta**t
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    ms = lax.scan(step, 0.0, xs)[1]
    return ms / (1 - beta) ** jnp.arange(1, xs.shape[0] + 1)


def r18_ema_right_carry_t(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1.0
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (jnp.zeros_like(xs[0]), 0.0), xs)[1]


def r18_ema_right_scan_pairs(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1)

    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    _, out = lax.scan(step, jnp.float32(0.0), (xs, ts))
    return out


def r18_ema_right_divide_after(xs, beta):
    def step(m, x):
        new = beta * m + (1 - beta) * x
        return new, new

    _, ms = lax.scan(step, jnp.zeros((), xs.dtype), xs)
    return ms / (1.0 - jnp.power(beta, jnp.arange(1, len(xs) + 1)))


def r18_ema_right_fori(xs, beta):
    def body(i, state):
        m, out = state
        m = beta * m + (1 - beta) * xs[i]
        return m, out.at[i].set(m / (1 - beta ** (i + 1)))

    return lax.fori_loop(0, xs.shape[0], body, (jnp.zeros((), xs.dtype), jnp.zeros_like(xs)))[1]


# ---- 11.while_grad: logistic growth until cap, with a loop grad goes through --------


def r18_grow_while_copied(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r18_grow_no_stop(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: x + r * x * (1 - x), x0)


def r18_grow_python_if(r, x0, cap, max_steps):
    def body(k, x):
        if x < cap:
            return x + r * x * (1 - x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def r18_grow_at_cap_keeps_going(r, x0, cap, max_steps):
    # <= : a value exactly at cap still grows
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, x + r * x * (1 - x), x), x0)


def r18_grow_never_passes_cap(r, x0, cap, max_steps):
    # takes a step only if it lands below cap
    def body(k, x):
        new = x + r * x * (1 - x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r18_grow_python_for(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
    return x


def r18_grow_one_short(r, x0, cap, max_steps):
    return lax.fori_loop(
        0, max_steps - 1, lambda k, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0
    )


def r18_grow_clipped(r, x0, cap, max_steps):
    x = lax.fori_loop(0, max_steps, lambda k, x: x + r * x * (1 - x), x0)
    return jnp.minimum(x, cap)


def r18_grow_toward_cap(r, x0, cap, max_steps):
    # read cap as the capacity it grows toward
    return lax.fori_loop(
        0, max_steps, lambda k, x: jnp.where(x < cap, x + r * x * (cap - x), x), x0
    )


def r18_grow_traced_bound(r, x0, cap, max_steps):
    steps = jnp.asarray(max_steps)
    return lax.fori_loop(0, steps, lambda k, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0)


def r18_grow_returns_state(r, x0, cap, max_steps):
    def body(k, state):
        n, x = state
        going = x < cap
        return n + going.astype(jnp.int32), jnp.where(going, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))


def r18_grow_right_where(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0)


def r18_grow_right_scan_cond(r, x0, cap, max_steps):
    def step(x, _):
        x = lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)
        return x, None

    return lax.scan(step, x0, None, length=max_steps)[0]


def r18_grow_right_mask(r, x0, cap, max_steps):
    def body(k, x):
        going = (x < cap).astype(jnp.result_type(x, float))
        return x + going * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


# ---- 11.fails_under_jit: head_sum plain and static ---------------------------------

# ---- 11.first_two_positive: first two positive elements, 0.0 if missing, under jit --


def r18_ftp_eager(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r18_ftp_default_fill(x):
    # size=2 alone: missing ones point at index 0
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r18_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r18_ftp_boolean_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r18_ftp_zero_negatives(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r18_ftp_smallest_positives(x):
    return jnp.nan_to_num(jnp.sort(jnp.where(x > 0, x, jnp.inf))[:2], posinf=0.0)


def r18_ftp_non_negative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r18_ftp_index_zero_missing(x):
    # treats index 0 as "not found"
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(idx == 0, 0.0, x[idx])


def r18_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r18_ftp_fill_minus_one_value(x):
    # the -1 of the lesson's padded example used as the missing value
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.array([-1.0])])[idx]


def r18_ftp_nonzero_of_x(x):
    # nonzero(x), NumPy style: negatives count as found
    idx = jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1)])[idx]


def r18_ftp_extract(x):
    # right until x has fewer than 2 elements
    return jnp.extract(x > 0, x, size=2, fill_value=0.0)


def r18_ftp_right_padded_gather(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r18_ftp_right_cumsum(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r18_ftp_right_fori(x):
    def body(i, state):
        out, count = state
        take = (x[i] > 0) & (count < 2)
        out = jnp.where(take, out.at[jnp.minimum(count, 1)].set(x[i]), out)
        return out, count + take.astype(jnp.int32)

    return lax.fori_loop(0, x.shape[0], body, (jnp.zeros(2, x.dtype), 0))[0]


ROUND_18 = [
    Wrong("11.fori_predict", "typed A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "typed C: body runs once per i in Python", lambda: "C"),
    Wrong("11.fori_predict", "typed D: i counts steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "typed the number, not the letter", lambda: "57"),
    Wrong("11.fori_predict", "hedged between the two 57s", lambda: "B or C"),
    Wrong("11.fori_predict", "letter C with its number", lambda: "C: 57"),
    Wrong("11.fori_predict", "left the placeholder ...", lambda: ...),
    Wrong("11.fori_predict", "typed how many times the body runs", lambda: "4"),
    Wrong("11.fori_predict", "miscounted: stopped at i = 4", lambda: "26"),
    Wrong("11.scan_ema", "the counted version copied", lambda: r18_ema_counted),
    Wrong("11.scan_ema", "no bias correction at all", lambda: r18_ema_uncorrected),
    Wrong("11.scan_ema", "t from 0: first divides by 1 - beta**0", lambda: r18_ema_t_from_zero),
    Wrong("11.scan_ema", "correction with beta**(t + 1)", lambda: r18_ema_t_one_ahead),
    Wrong(
        "11.scan_ema", "beta and 1 - beta swapped in the update", lambda: r18_ema_weights_swapped
    ),
    Wrong("11.scan_ema", "returned the last corrected average only", lambda: r18_ema_last_only),
    Wrong("11.scan_ema", "returned scan's (carry, outputs) pair", lambda: r18_ema_whole_scan),
    Wrong("11.scan_ema", "Python loop with enumerate", lambda: r18_ema_python_loop),
    Wrong("11.scan_ema", "multiplied by 1 - beta**t, not divided", lambda: r18_ema_multiplied),
    Wrong("11.scan_ema", "started m at xs[0], no correction", lambda: r18_ema_start_at_first),
    Wrong("11.scan_ema", "beta * t typed for beta ** t", lambda: r18_ema_times_not_power),
    Wrong("11.scan_ema", "divided by (1 - beta)**t", lambda: r18_ema_one_minus_beta_power),
    Wrong("11.while_grad", "grow_while copied: still a while_loop", lambda: r18_grow_while_copied),
    Wrong("11.while_grad", "fori_loop for max_steps, never stops at cap", lambda: r18_grow_no_stop),
    Wrong("11.while_grad", "Python if x < cap inside the body", lambda: r18_grow_python_if),
    Wrong(
        "11.while_grad", "x <= cap: a start at cap still grows", lambda: r18_grow_at_cap_keeps_going
    ),
    Wrong(
        "11.while_grad",
        "keeps a step only if it lands below cap",
        lambda: r18_grow_never_passes_cap,
    ),
    Wrong("11.while_grad", "Python for loop with jnp.where", lambda: r18_grow_python_for),
    Wrong("11.while_grad", "fori_loop to max_steps - 1", lambda: r18_grow_one_short),
    Wrong("11.while_grad", "all steps, then clipped at cap", lambda: r18_grow_clipped),
    Wrong("11.while_grad", "grows by r*x*(cap - x), toward cap", lambda: r18_grow_toward_cap),
    Wrong("11.while_grad", "upper bound made a jnp array", lambda: r18_grow_traced_bound),
    Wrong("11.while_grad", "returned the (steps, x) carry", lambda: r18_grow_returns_state),
    Wrong("11.fails_under_jit", "typed A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "typed B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "typed D: a program per new x values too", lambda: "D"),
    Wrong("11.fails_under_jit", "typed E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "typed the program count only", lambda: "3"),
    Wrong("11.fails_under_jit", "hedged between the two 3-program options", lambda: "C or E"),
    Wrong("11.fails_under_jit", "typed 2, one program per n", lambda: "2"),
    Wrong("11.fails_under_jit", "left the placeholder ...", lambda: ...),
    Wrong("11.fails_under_jit", "answered the first question in words", lambda: "plain fails"),
    Wrong("11.first_two_positive", "eager function submitted as is", lambda: r18_ftp_eager),
    Wrong(
        "11.first_two_positive",
        "nonzero size=2, default fill index 0",
        lambda: r18_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1 index: the last element",
        lambda: r18_ftp_fill_minus_one,
    ),
    Wrong("11.first_two_positive", "x[x > 0][:2], boolean mask", lambda: r18_ftp_boolean_mask),
    Wrong(
        "11.first_two_positive",
        "negatives zeroed, first two elements kept",
        lambda: r18_ftp_zero_negatives,
    ),
    Wrong(
        "11.first_two_positive",
        "sorted: the two smallest positives",
        lambda: r18_ftp_smallest_positives,
    ),
    Wrong(
        "11.first_two_positive", "x >= 0: zero counted as positive", lambda: r18_ftp_non_negative
    ),
    Wrong(
        "11.first_two_positive",
        "index 0 taken to mean 'missing'",
        lambda: r18_ftp_index_zero_missing,
    ),
    Wrong("11.first_two_positive", "returned the indices, not the values", lambda: r18_ftp_indices),
    Wrong(
        "11.first_two_positive", "-1.0 for a missing element", lambda: r18_ftp_fill_minus_one_value
    ),
    Wrong("11.first_two_positive", "nonzero(x): negatives count too", lambda: r18_ftp_nonzero_of_x),
    Wrong(
        "11.first_two_positive", "jnp.extract size=2: fails on one element", lambda: r18_ftp_extract
    ),
]

RIGHT_18 = [
    Right("11.fori_predict", "lower-case b", lambda: "b"),
    Right("11.fori_predict", "B with a full stop", lambda: "B."),
    Right("11.fori_predict", "B with spaces around", lambda: " B "),
    Right("11.scan_ema", "scan carrying (m, t) with a float t", lambda: r18_ema_right_carry_t),
    Right("11.scan_ema", "scan over (xs, t) pairs", lambda: r18_ema_right_scan_pairs),
    Right(
        "11.scan_ema",
        "scan the raw average, correct afterwards",
        lambda: r18_ema_right_divide_after,
    ),
    Right("11.scan_ema", "fori_loop writing with .at[i].set", lambda: r18_ema_right_fori),
    Right("11.while_grad", "fori_loop with jnp.where(x < cap, ...)", lambda: r18_grow_right_where),
    Right(
        "11.while_grad", "scan of length max_steps with lax.cond", lambda: r18_grow_right_scan_cond
    ),
    Right("11.while_grad", "fori_loop, step times a 0/1 mask", lambda: r18_grow_right_mask),
    Right("11.fails_under_jit", "lower-case c", lambda: "c"),
    Right("11.fails_under_jit", "C with a full stop", lambda: "C."),
    Right("11.fails_under_jit", "C with a leading space", lambda: " C"),
    Right(
        "11.first_two_positive",
        "nonzero fill past the end, append 0.0",
        lambda: r18_ftp_right_padded_gather,
    ),
    Right("11.first_two_positive", "cumsum ranks the positives", lambda: r18_ftp_right_cumsum),
    Right("11.first_two_positive", "fori_loop filling two slots", lambda: r18_ftp_right_fori),
]
