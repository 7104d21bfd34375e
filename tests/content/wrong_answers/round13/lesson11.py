"""Round 13, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 11.scan_ema: corrected_ema(xs, beta) ---------------------------------------------------


def r13_ema_counted(xs, beta):  # the page's version, copied
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def _plain_ema(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r13_ema_uncorrected(xs, beta):
    return _plain_ema(xs, beta)


def r13_ema_t_from_zero(xs, beta):
    t = jnp.arange(xs.shape[0])  # 0, 1, 2, ...: the first correction divides by 0
    return _plain_ema(xs, beta) / (1 - beta**t)


def r13_ema_t_plus_one(xs, beta):
    t = jnp.arange(1, xs.shape[0] + 1)
    return _plain_ema(xs, beta) / (1 - beta ** (t + 1))


def r13_ema_last_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = beta * m + (1 - beta) * x, t + 1
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)  # only the last average


def r13_ema_weights_swapped(xs, beta):
    def step(carry, x):
        m, t = carry
        m, t = (1 - beta) * m + beta * x, t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r13_ema_power_of_complement(xs, beta):
    t = jnp.arange(1, xs.shape[0] + 1)
    return _plain_ema(xs, beta) / (1 - beta) ** t  # (1 - beta)**t, not 1 - beta**t


def r13_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r13_ema_running_mean(xs, beta):
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)  # right on a constant series


def r13_ema_start_at_first(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    rest = lax.scan(step, xs[0], xs[1:])[1]
    return jnp.concatenate([xs[:1], rest])  # starts at x0, no correction


def r13_ema_t_carry_int(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r13_ema_scan_t_array(xs, beta):
    def step(m, x_t):
        x, t = x_t
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)
    return lax.scan(step, jnp.zeros((), xs.dtype), (xs, ts))[1]


def r13_ema_divide_after(xs, beta):
    t = jnp.arange(1, len(xs) + 1)
    return _plain_ema(xs, beta) / (1.0 - jnp.power(beta, t))


def r13_ema_power_carry(xs, beta):
    def step(carry, x):
        m, power = carry
        m, power = beta * m + (1 - beta) * x, power * beta  # power = beta**t
        return (m, power), m / (1 - power)

    return lax.scan(step, (0.0, 1.0), xs)[1]


# --- 11.while_grad: grow(r, x0, cap, max_steps), toward 1 -------------------------------------


def _growth(r, x):
    return x + r * x * (1 - x)


def r13_grow_no_stop(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: _growth(r, x), x0)


def r13_grow_less_equal(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, _growth(r, x), x), x0)


def r13_grow_while_copied(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    return lax.while_loop(keep_going, lambda s: (s[0] + 1, _growth(r, s[1])), (0, x0))[1]


def r13_grow_stop_before_cap(r, x0, cap, max_steps):
    def body(k, x):
        new = _growth(r, x)
        return jnp.where(new < cap, new, x)  # never takes the step that reaches cap

    return lax.fori_loop(0, max_steps, body, x0)


def r13_grow_clamped(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.minimum(_growth(r, x), cap), x0)


def r13_grow_one_short(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps - 1, lambda k, x: jnp.where(x < cap, _growth(r, x), x), x0)


def r13_grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, _growth(r, x), x)
    return x


def r13_grow_cond_outside(r, x0, cap, max_steps):
    def run(x):
        return lax.fori_loop(0, max_steps, lambda k, v: _growth(r, v), x)

    return lax.cond(x0 < cap, run, lambda x: x, x0)  # checked once, before the loop


def r13_grow_array_bound(r, x0, cap, max_steps):
    upper = jnp.int32(max_steps)  # a traced bound: fori_loop becomes a while_loop
    return lax.fori_loop(0, upper, lambda k, x: jnp.where(x < cap, _growth(r, x), x), x0)


def r13_grow_whole_carry(r, x0, cap, max_steps):
    def body(k, state):
        steps, x = state
        going = x < cap
        return steps + going, jnp.where(going, _growth(r, x), x)

    return lax.fori_loop(0, max_steps, body, (0, x0))  # returns (steps, x)


def r13_grow_toward_cap(r, x0, cap, max_steps):
    def body(k, x):
        return jnp.where(x < cap, x + r * x * (1 - x / cap), x)  # growth toward cap

    return lax.fori_loop(0, max_steps, body, x0)


def r13_grow_scan_cond(r, x0, cap, max_steps):
    def step(x, _):
        x = lax.cond(x < cap, lambda v: _growth(r, v), lambda v: v, x)
        return x, None

    return lax.scan(step, x0, length=max_steps)[0]


def r13_grow_mask_arith(r, x0, cap, max_steps):
    def body(k, x):
        return x + (x < cap) * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


def r13_grow_done_flag(r, x0, cap, max_steps):
    def body(k, state):
        x, done = state
        done = done | (x >= cap)
        return jnp.where(done, x, _growth(r, x)), done

    return lax.fori_loop(0, max_steps, body, (x0, jnp.asarray(False)))[0]


# --- 11.first_two_positive(x) ---------------------------------------------------------------


def r13_ftp_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]  # missing ones read x[0]


def r13_ftp_two_largest(x):
    return jnp.sort(x)[::-1][:2]


def r13_ftp_first_two(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r13_ftp_argsort(x):
    order = jnp.argsort(x <= 0, stable=True)[:2]  # one element when x has one
    return jnp.where(x[order] > 0, x[order], 0.0)


def r13_ftp_argmax_twice(x):
    first = jnp.argmax(x > 0)
    rest = (x > 0) & (jnp.arange(x.shape[0]) > first)
    second = jnp.argmax(rest)
    return jnp.stack([x[first], x[second]])  # argmax of no match is 0


def r13_ftp_fill_minus_one(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]  # -1 reads the last element


def r13_ftp_eager(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r13_ftp_mask_by_value(x):
    found = x[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]
    return jnp.where(found > 0, found, 0.0)  # x[0] > 0 repeats as the padding


def r13_ftp_nonnegative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r13_ftp_size_three(x):
    idx = jnp.nonzero(x > 0, size=3, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r13_ftp_argwhere(x):
    idx = jnp.argwhere(x > 0, size=2, fill_value=x.shape[0])
    return x.at[idx].get(mode="fill", fill_value=0.0)  # shape (2, 1)


def r13_ftp_get_fill(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r13_ftp_padded(x):
    padded = jnp.append(x, 0.0)
    return padded[jnp.nonzero(x > 0, size=2, fill_value=len(x))[0]]


def r13_ftp_rank(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    return jnp.stack([jnp.sum(jnp.where(positive & (rank == k), x, 0.0)) for k in (1, 2)])


def r13_ftp_argsort_padded(x):
    padded = jnp.concatenate([x, jnp.zeros(2, x.dtype)])
    order = jnp.argsort(padded <= 0, stable=True)[:2]
    return jnp.where(padded[order] > 0, padded[order], 0.0)


ROUND_13 = [
    Wrong("11.fori_predict", "A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: thought Python runs the body four times", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number 57 as a string", lambda: "57"),
    Wrong("11.fori_predict", "the number 57 as an int", lambda: 57),
    Wrong("11.fori_predict", "both letters giving 57", lambda: "BC"),
    Wrong("11.fori_predict", "lower-case c", lambda: "c"),
    Wrong("11.fori_predict", "C) with a parenthesis", lambda: "C)"),
    Wrong("11.fori_predict", "'57, traced once' without a letter", lambda: "57, traced once"),
    Wrong("11.fori_predict", "'B or C', undecided", lambda: "B or C"),
    Wrong("11.scan_ema", "copied the Python counter: t stays 1", lambda: r13_ema_counted),
    Wrong("11.scan_ema", "no bias correction", lambda: r13_ema_uncorrected),
    Wrong(
        "11.scan_ema", "t = arange(n): first correction divides by 0", lambda: r13_ema_t_from_zero
    ),
    Wrong("11.scan_ema", "corrected with beta**(t + 1)", lambda: r13_ema_t_plus_one),
    Wrong("11.scan_ema", "returned the last corrected average only", lambda: r13_ema_last_carry),
    Wrong(
        "11.scan_ema", "beta and 1 - beta swapped in the update", lambda: r13_ema_weights_swapped
    ),
    Wrong("11.scan_ema", "divided by (1 - beta)**t", lambda: r13_ema_power_of_complement),
    Wrong("11.scan_ema", "Python loop over the series", lambda: r13_ema_python_loop),
    Wrong(
        "11.scan_ema", "running mean: right on a constant series only", lambda: r13_ema_running_mean
    ),
    Wrong(
        "11.scan_ema",
        "EMA started at the first element, no correction",
        lambda: r13_ema_start_at_first,
    ),
    Wrong("11.while_grad", "fori_loop of max_steps steps, never stops", lambda: r13_grow_no_stop),
    Wrong(
        "11.while_grad", "x <= cap: one step more when x0 equals cap", lambda: r13_grow_less_equal
    ),
    Wrong("11.while_grad", "kept the while_loop: grad refuses it", lambda: r13_grow_while_copied),
    Wrong(
        "11.while_grad", "keeps a step only if it stays under cap", lambda: r13_grow_stop_before_cap
    ),
    Wrong("11.while_grad", "jnp.minimum(step, cap): clamped at cap", lambda: r13_grow_clamped),
    Wrong("11.while_grad", "fori_loop to max_steps - 1", lambda: r13_grow_one_short),
    Wrong("11.while_grad", "Python for loop with jnp.where", lambda: r13_grow_python_loop),
    Wrong("11.while_grad", "cond on x0 once, outside the loop", lambda: r13_grow_cond_outside),
    Wrong(
        "11.while_grad",
        "upper bound as jnp.int32: a while_loop once jitted",
        lambda: r13_grow_array_bound,
    ),
    Wrong("11.while_grad", "returned the whole carry (steps, x)", lambda: r13_grow_whole_carry),
    Wrong("11.while_grad", "growth written r * x * (1 - x / cap)", lambda: r13_grow_toward_cap),
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one program per set of values", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "the count 3 instead of a letter", lambda: "3"),
    Wrong("11.fails_under_jit", "both letters with 3 programs", lambda: "CE"),
    Wrong("11.fails_under_jit", "lower-case e", lambda: "e"),
    Wrong("11.fails_under_jit", "B) with a parenthesis", lambda: "B)"),
    Wrong("11.fails_under_jit", "'3 programs', with a unit", lambda: "3 programs"),
    Wrong("11.fails_under_jit", "'fails' typed as a word", lambda: "fails"),
    Wrong(
        "11.first_two_positive",
        "nonzero size=2 without fill_value: reads x[0]",
        lambda: r13_ftp_default_fill,
    ),
    Wrong("11.first_two_positive", "two largest elements", lambda: r13_ftp_two_largest),
    Wrong(
        "11.first_two_positive", "first two elements, negatives zeroed", lambda: r13_ftp_first_two
    ),
    Wrong(
        "11.first_two_positive",
        "stable argsort [:2]: one value for length 1",
        lambda: r13_ftp_argsort,
    ),
    Wrong(
        "11.first_two_positive",
        "argmax twice: a missing one reads x[0]",
        lambda: r13_ftp_argmax_twice,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: a missing one reads the last element",
        lambda: r13_ftp_fill_minus_one,
    ),
    Wrong("11.first_two_positive", "copied the eager function", lambda: r13_ftp_eager),
    Wrong(
        "11.first_two_positive",
        "x[0] padding masked by value: repeats a positive x[0]",
        lambda: r13_ftp_mask_by_value,
    ),
    Wrong(
        "11.first_two_positive", "x >= 0: a zero counted as positive", lambda: r13_ftp_nonnegative
    ),
    Wrong("11.first_two_positive", "size=3: three values", lambda: r13_ftp_size_three),
    Wrong("11.first_two_positive", "argwhere: result of shape (2, 1)", lambda: r13_ftp_argwhere),
]

RIGHT_13 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.fori_predict", "lower-case b", lambda: "b"),
    Right("11.fori_predict", "B with a trailing space", lambda: "B "),
    Right("11.scan_ema", "carry (m, t), t an int", lambda: r13_ema_t_carry_int),
    Right("11.scan_ema", "scan over (xs, t) with float t", lambda: r13_ema_scan_t_array),
    Right(
        "11.scan_ema",
        "plain EMA by scan, corrected afterwards with jnp.power",
        lambda: r13_ema_divide_after,
    ),
    Right("11.scan_ema", "carry beta**t as a running product", lambda: r13_ema_power_carry),
    Right("11.while_grad", "scan of max_steps with lax.cond inside", lambda: r13_grow_scan_cond),
    Right("11.while_grad", "x + (x < cap) * growth", lambda: r13_grow_mask_arith),
    Right("11.while_grad", "fori_loop carrying a done flag", lambda: r13_grow_done_flag),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right("11.fails_under_jit", "lower-case c", lambda: "c"),
    Right("11.fails_under_jit", "'C' with a note after it", lambda: "C  # 3 programs"),
    Right("11.first_two_positive", ".at[idx].get with mode='fill'", lambda: r13_ftp_get_fill),
    Right("11.first_two_positive", "jnp.append a 0, fill index len(x)", lambda: r13_ftp_padded),
    Right("11.first_two_positive", "cumsum ranks, one masked sum per rank", lambda: r13_ftp_rank),
    Right(
        "11.first_two_positive", "stable argsort of a padded copy", lambda: r13_ftp_argsort_padded
    ),
]
