"""Round 7, lesson 11 (loops and control flow): answers written from the lesson's text alone."""
from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 11.scan_ema


def r7_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r7_ema_t_from_zero(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta**t)  # t not yet incremented

    return lax.scan(step, (0.0, 0.0), xs)[1]


def r7_ema_t_plus_one(xs, beta):
    def step(m, tx):
        t, x = tx
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta ** (t + 1))  # t already starts at 1

    return lax.scan(step, 0.0, (jnp.arange(1, xs.shape[0] + 1), xs))[1]


def r7_ema_swapped_weights(xs, beta):
    def step(carry, x):
        m, t = carry
        m = (1 - beta) * m + beta * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0.0), xs)[1]


def r7_ema_start_first(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0.0), xs)[1]


def r7_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0.0), xs)
    return m / (1 - beta**t)


def r7_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r7_ema_corrected_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)  # corrected value carried on
        return (m, t), m

    return lax.scan(step, (0.0, 0.0), xs)[1]


def r7_ema_int_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0, 0), xs)[1]  # weakly typed int zeros: scan accepts the float carry


def r7_ema_cumulative_mean(xs, beta):
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r7_ema_right_tuple(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        t = t + 1
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (jnp.zeros((), xs.dtype), jnp.zeros((), xs.dtype)), xs)[1]


def r7_ema_right_two_pass(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    _, ms = lax.scan(step, jnp.zeros_like(xs[0]), xs)
    t = jnp.arange(1, xs.shape[0] + 1, dtype=ms.dtype)
    return ms / (1 - beta**t)


def r7_ema_right_matrix(xs, beta):
    n = xs.shape[0]
    i = jnp.arange(n)
    lag = i[:, None] - i[None, :]
    weights = jnp.where(lag >= 0, beta ** jnp.maximum(lag, 0).astype(xs.dtype), 0.0)
    ms = (1 - beta) * weights @ xs
    return ms / (1 - beta ** (i + 1).astype(xs.dtype))


# ---------------------------------------------------------------- 11.while_grad


def grow_while(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r7_grow_no_stop(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: x + r * x * (1 - x), x0)


def r7_grow_le(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x <= cap, x + r * x * (1 - x), x), x0)


def r7_grow_clip(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.minimum(x + r * x * (1 - x), cap), x0)


def r7_grow_one_step_first(r, x0, cap, max_steps):
    x1 = x0 + r * x0 * (1 - x0)  # always takes the first step
    return lax.fori_loop(1, max_steps, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x), x1)


def r7_grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + r * x * (1 - x), x)
    return x


def r7_grow_python_if(r, x0, cap, max_steps):
    def body(i, x):
        if x < cap:
            return x + r * x * (1 - x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def r7_grow_fixed_six(r, x0, cap, max_steps):
    return lax.fori_loop(0, 6, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), x), x0)


def r7_grow_returns_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: jnp.where(x < cap, x + r * x * (1 - x), cap), x0)


def r7_grow_checks_new(r, x0, cap, max_steps):
    def body(i, x):
        new = x + r * x * (1 - x)
        return jnp.where(new < cap, new, x)  # refuses the step that reaches cap

    return lax.fori_loop(0, max_steps, body, x0)


def r7_grow_and(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) and (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + r * x * (1 - x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r7_grow_right_where(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r7_grow_right_cond(r, x0, cap, max_steps):
    def body(i, x):
        return lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r7_grow_right_scan_done(r, x0, cap, max_steps):
    def step(state, _):
        x, done = state
        done = done | (x >= cap)
        x = jnp.where(done, x, x + r * x * (1 - x))
        return (x, done), None

    (x, _), _ = lax.scan(step, (x0, jnp.array(False)), length=max_steps)
    return x


def r7_grow_right_mask_mult(r, x0, cap, max_steps):
    def body(i, x):
        go = (x < cap).astype(jnp.result_type(x))
        return x + go * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


# ---------------------------------------------------------------- 11.first_two_positive


def first_two_positive_eager(x):
    found = x[jnp.nonzero(x > 0)[0][:2]]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r7_ftp_fill_zero_index(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=0)[0]]


def r7_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r7_ftp_ge_zero(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r7_ftp_largest(x):
    top = jnp.sort(x)[::-1][:2]
    return jnp.where(top > 0, top, 0.0)


def r7_ftp_first_two_elements(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r7_ftp_argsort_unmasked(x):
    return x[jnp.argsort(x <= 0, stable=True)[:2]]


def r7_ftp_hardcoded(x):
    return jnp.array([4.0, 3.0])


def r7_ftp_cumsum_no_pos(x):
    count = jnp.cumsum(x > 0)
    return jnp.stack([jnp.sum(jnp.where(count == 1, x, 0.0)), jnp.sum(jnp.where(count == 2, x, 0.0))])


def r7_ftp_two_argmax(x):
    pos = x > 0
    i = jnp.argmax(pos)
    j = jnp.argmax(pos.at[i].set(False))
    return jnp.stack([x[i], x[j]])  # missing ones are not zeroed


def r7_ftp_right_fill_len(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r7_ftp_right_argsort(x):
    picked = x[jnp.argsort(x <= 0, stable=True)[:2]]
    return jnp.where(picked > 0, picked, 0.0)


def r7_ftp_right_cumsum(x):
    pos = x > 0
    count = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (count == 1), x, 0.0))
    second = jnp.sum(jnp.where(pos & (count == 2), x, 0.0))
    return jnp.stack([first, second])


def r7_ftp_right_take(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


ROUND_7 = [
    # 11.fori_predict
    Wrong("11.fori_predict", "upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "57 but Python runs the body four times", lambda: "C"),
    Wrong("11.fori_predict", "i counts steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number instead of the letter", lambda: 57),
    Wrong("11.fori_predict", "the number as a string", lambda: "57"),
    Wrong("11.fori_predict", "both letters giving 57", lambda: "B/C"),
    Wrong("11.fori_predict", "lower-case c", lambda: "c"),
    Wrong("11.fori_predict", "the 120 option's number", lambda: 120),
    # 11.scan_ema
    Wrong("11.scan_ema", "no bias correction", lambda: r7_ema_uncorrected),
    Wrong("11.scan_ema", "correction with t before increment (t=0 first)", lambda: r7_ema_t_from_zero),
    Wrong("11.scan_ema", "t from 1, then beta**(t+1)", lambda: r7_ema_t_plus_one),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r7_ema_swapped_weights),
    Wrong("11.scan_ema", "average starts at the first element", lambda: r7_ema_start_first),
    Wrong("11.scan_ema", "only the last corrected average", lambda: r7_ema_final_only),
    Wrong("11.scan_ema", "sneaky: a Python loop", lambda: r7_ema_python_loop),
    Wrong("11.scan_ema", "carries the corrected average", lambda: r7_ema_corrected_carry),
    Wrong("11.scan_ema", "sneaky: cumulative mean", lambda: r7_ema_cumulative_mean),
    # 11.while_grad
    Wrong("11.while_grad", "sneaky: the while_loop copied", lambda: grow_while),
    Wrong("11.while_grad", "never stops at cap", lambda: r7_grow_no_stop),
    Wrong("11.while_grad", "x <= cap keeps going at a tie", lambda: r7_grow_le),
    Wrong("11.while_grad", "clips at cap", lambda: r7_grow_clip),
    Wrong("11.while_grad", "always takes the first step", lambda: r7_grow_one_step_first),
    Wrong("11.while_grad", "Python loop of jnp.where", lambda: r7_grow_python_loop),
    Wrong("11.while_grad", "Python if inside fori body", lambda: r7_grow_python_if),
    Wrong("11.while_grad", "fixed 6 steps, as newton_sqrt_fixed", lambda: r7_grow_fixed_six),
    Wrong("11.while_grad", "returns cap once reached", lambda: r7_grow_returns_cap),
    Wrong("11.while_grad", "tests the new x: stops one short", lambda: r7_grow_checks_new),
    Wrong("11.while_grad", "while_loop with and", lambda: r7_grow_and),
    # 11.fails_under_jit
    Wrong("11.fails_under_jit", "2 only", lambda: "A"),
    Wrong("11.fails_under_jit", "1, 2 and 4", lambda: "B"),
    Wrong("11.fails_under_jit", "2 and 4, result depends on values", lambda: "D"),
    Wrong("11.fails_under_jit", "2, 3 and 4", lambda: "E"),
    Wrong("11.fails_under_jit", "all four", lambda: "F"),
    Wrong("11.fails_under_jit", "the function numbers", lambda: "2 and 4"),
    Wrong("11.fails_under_jit", "a list of numbers", lambda: [2, 4]),
    Wrong("11.fails_under_jit", "both letters naming 2 and 4", lambda: "C, D"),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "the eager function copied", lambda: first_two_positive_eager),
    Wrong("11.first_two_positive", "fill_value=0 picks x[0]", lambda: r7_ftp_fill_zero_index),
    Wrong("11.first_two_positive", "fill_value=-1 picks the last element", lambda: r7_ftp_fill_minus_one),
    Wrong("11.first_two_positive", "x >= 0 keeps zeros", lambda: r7_ftp_ge_zero),
    Wrong("11.first_two_positive", "two largest, not first two", lambda: r7_ftp_largest),
    Wrong("11.first_two_positive", "first two elements, negatives zeroed", lambda: r7_ftp_first_two_elements),
    Wrong("11.first_two_positive", "stable argsort, missing ones not zeroed", lambda: r7_ftp_argsort_unmasked),
    Wrong("11.first_two_positive", "sneaky: hard-coded [4, 3]", lambda: r7_ftp_hardcoded),
    Wrong("11.first_two_positive", "cumsum counts without the positive mask", lambda: r7_ftp_cumsum_no_pos),
    Wrong("11.first_two_positive", "two argmax, missing not zeroed", lambda: r7_ftp_two_argmax),
]

RIGHT_7 = [
    Right("11.fori_predict", "the letter", lambda: "B"),
    Right("11.fori_predict", "lower case", lambda: "b"),
    Right("11.fori_predict", "with a newline", lambda: "B\n"),
    Right("11.scan_ema", "carry (m, t) in xs dtype", lambda: r7_ema_right_tuple),
    Right("11.scan_ema", "scan then correct outside", lambda: r7_ema_right_two_pass),
    Right("11.scan_ema", "weight matrix, no loop", lambda: r7_ema_right_matrix),
    Right("11.scan_ema", "integer zeros as the carry (weakly typed, promoted)", lambda: r7_ema_int_carry),
    Right("11.while_grad", "fori_loop with jnp.where", lambda: r7_grow_right_where),
    Right("11.while_grad", "fori_loop with lax.cond", lambda: r7_grow_right_cond),
    Right("11.while_grad", "scan with a done flag", lambda: r7_grow_right_scan_done),
    Right("11.while_grad", "step multiplied by a 0/1 mask", lambda: r7_grow_right_mask_mult),
    Right("11.fails_under_jit", "the letter", lambda: "C"),
    Right("11.fails_under_jit", "lower case", lambda: "c"),
    Right("11.fails_under_jit", "spaces", lambda: "  C"),
    Right("11.first_two_positive", "fill_value=len, padded x", lambda: r7_ftp_right_fill_len),
    Right("11.first_two_positive", "stable argsort, zeroed", lambda: r7_ftp_right_argsort),
    Right("11.first_two_positive", "cumsum counts with the mask", lambda: r7_ftp_right_cumsum),
    Right("11.first_two_positive", "fill -1, where idx >= 0", lambda: r7_ftp_right_take),
]
