"""Round 19, lesson 11 (Write loops that jit compiles well).

Answers from the lesson's text alone.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 11.fori_predict: prediction, B ---------------------------------------------------

# ---- 11.scan_ema: bias-corrected moving average with scan ----------------------------


def r19_ema_counted(xs, beta):
    # the lesson's broken version, t in a Python variable
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r19_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r19_ema_t_from_zero(xs, beta):
    # t = 0, 1, 2, ...: the first correction divides by 1 - beta**0 = 0
    def step(m, xt):
        x, t = xt
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (xs, jnp.arange(xs.shape[0])))[1]


def r19_ema_final_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[0][0]


def r19_ema_whole_tuple(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)


def r19_ema_beta_swapped(xs, beta):
    # beta on the new element, 1 - beta on the average (and corrected to match)
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - (1 - beta) ** t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r19_ema_corrected_in_carry(xs, beta):
    # fed the corrected average back into the recursion
    def step(carry, x):
        m, t = carry
        t = t + 1
        corrected = (beta * m + (1 - beta) * x) / (1 - beta**t)
        return (corrected, t), corrected

    return lax.scan(step, (0.0, 0), xs)[1]


def r19_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t in range(1, xs.shape[0] + 1):
        m = beta * m + (1 - beta) * xs[t - 1]
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r19_ema_precedence(xs, beta):
    # (1 - beta)**t where 1 - beta**t was meant
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta) ** t

    return lax.scan(step, (0.0, 0), xs)[1]


def r19_ema_start_at_first(xs, beta):
    # started m at the first element, and still corrected
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (xs[0], 0), xs)[1]


def r19_ema_running_mean(xs, beta):
    # a running mean: the neighbouring idea, beta unused
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r19_ema_t_from_two(xs, beta):
    # counter started at 1 and stepped before use: t = 2, 3, ...
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 1), xs)[1]


def r19_ema_squares(xs, beta):
    # averaged x**2, another variant's term
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x**2
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r19_ema_right_scan_t(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1, dtype=jnp.float32)

    def step(m, x_t):
        x, t = x_t
        m = beta * m + (1.0 - beta) * x
        return m, m / (1.0 - jnp.power(beta, t))

    _, out = lax.scan(step, jnp.zeros((), dtype=jnp.result_type(xs, 0.0)), (xs, ts))
    return out


def r19_ema_right_divide_after(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    _, raw = lax.scan(step, jnp.float32(0.0), xs)
    return raw / (1 - beta ** jnp.arange(1, xs.shape[0] + 1))


def r19_ema_right_carry_power(xs, beta):
    # carries beta**t itself instead of t
    def step(carry, x):
        m, power = carry
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (jnp.float32(0.0), jnp.float32(1.0)), xs)[1]


def r19_ema_right_matrix(xs, beta):
    # closed form: m_t = (1 - beta) * sum_k beta**(t - k) x_k, with a lower-triangular matrix
    n = xs.shape[0]
    t = jnp.arange(1, n + 1)
    lag = t[:, None] - t[None, :]
    weights = jnp.where(lag >= 0, jnp.power(beta, jnp.maximum(lag, 0)), 0.0) * (1 - beta)
    return (weights @ xs) / (1 - beta**t)


# ---- 11.while_grad: the while_loop's values, with a loop grad goes through ----------


def _growth(r, x):
    return r * x * (1 - x)


def r19_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: x + _growth(r, x), x0)


def r19_grow_while_unchanged(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, x + _growth(r, x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r19_grow_less_equal(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, x + _growth(r, x), x), x0)


def r19_grow_never_cross(r, x0, cap, max_steps):
    # only takes a step that stays below cap
    def body(k, x):
        new = x + _growth(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r19_grow_traced_bound(r, x0, cap, max_steps):
    # upper bound as an array: fori_loop falls back to a while_loop
    body = lambda k, x: jnp.where(x < cap, x + _growth(r, x), x)  # noqa: E731
    return lax.fori_loop(0, jnp.asarray(max_steps), body, x0)


def r19_grow_python_loop(r, x0, cap, max_steps):
    x = x0
    for _ in range(max_steps):
        x = jnp.where(x < cap, x + _growth(r, x), x)
    return x


def r19_grow_python_if(r, x0, cap, max_steps):
    def body(k, x):
        if x < cap:
            return x + _growth(r, x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def r19_grow_path(r, x0, cap, max_steps):
    # returned every step's x from scan, not the last
    def step(x, _):
        x = jnp.where(x < cap, x + _growth(r, x), x)
        return x, x

    return lax.scan(step, x0, length=max_steps)[1]


def r19_grow_state(r, x0, cap, max_steps):
    # returned the whole (k, x) state
    def body(i, state):
        k, x = state
        going = x < cap
        return k + going.astype(jnp.int32), jnp.where(going, x + _growth(r, x), x)

    return lax.fori_loop(0, max_steps, body, (jnp.int32(0), x0))


def r19_grow_clipped(r, x0, cap, max_steps):
    # clipped at cap instead of stopping
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.minimum(x + _growth(r, x), cap), x0)


def r19_grow_one_short(r, x0, cap, max_steps):
    return lax.fori_loop(1, max_steps, lambda k, x: jnp.where(x < cap, x + _growth(r, x), x), x0)


def r19_grow_cap_as_capacity(r, x0, cap, max_steps):
    # read cap as the carrying capacity: growth r x (1 - x / cap)
    body = lambda k, x: jnp.where(x < cap, x + r * x * (1 - x / cap), x)  # noqa: E731
    return lax.fori_loop(0, max_steps, body, x0)


def r19_grow_while_with_where(r, x0, cap, max_steps):
    # half done: the cap moved into a where, the loop still a while_loop
    def keep_going(state):
        return state[0] < max_steps

    def one_step(state):
        k, x = state
        return k + 1, jnp.where(x < cap, x + _growth(r, x), x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r19_grow_right_fori_where(r, x0, cap, max_steps):
    def body(_, x):
        return jnp.where(x < cap, x + r * x * (1 - x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r19_grow_right_scan_cond(r, x0, cap, max_steps):
    def step(x, _):
        x = lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)
        return x, None

    final, _ = lax.scan(step, jnp.asarray(x0, dtype=jnp.result_type(float)), None, length=max_steps)
    return final


def r19_grow_right_mask(r, x0, cap, max_steps):
    def body(_, x):
        still = (x < cap).astype(jnp.result_type(x))
        return x + still * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


# ---- 11.fails_under_jit: prediction, C ------------------------------------------------

# ---- 11.first_two_positive: first two positives, 0.0 for missing, under jit ---------


def r19_ftp_fill_default(x):
    # size=2, default fill_value 0: x[0] stands in for a missing one
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r19_ftp_first_two_masked(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r19_ftp_two_largest(x):
    return jnp.sort(x)[-2:][::-1]


def r19_ftp_bool_index(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r19_ftp_fill_minus_one(x):
    # fill_value=-1 but no mask: x[-1] stands in for a missing one
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r19_ftp_nonnegative(x):
    # x >= 0: zeros count as positive
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(2)])[idx]


def r19_ftp_top_k(x):
    return lax.top_k(x, 2)[0]


def r19_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r19_ftp_sorted(x):
    # sorted the two it found
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.sort(jnp.concatenate([x, jnp.zeros(2)])[idx])


def r19_ftp_argmax_twice(x):
    # argmax of an all-False mask is 0: x[0] comes back when none is left
    i1 = jnp.argmax(x > 0)
    rest = (x > 0).at[i1].set(False)
    i2 = jnp.argmax(rest)
    return jnp.stack([x[i1], x[i2]])


def r19_ftp_fill_other_variant(x):
    # padded with -1.0, another variant's number
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.full(2, -1.0)])[idx]


def r19_ftp_nonzero_of_x(x):
    # nonzero of x itself, not of x > 0
    idx = jnp.nonzero(x, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(2)])[idx]


def r19_ftp_right_append(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r19_ftp_right_where_mask(x):
    (idx,) = jnp.where(x > 0, size=2, fill_value=-1)
    return jnp.where(idx >= 0, x[idx], 0.0)


def r19_ftp_right_rank(x):
    positive = x > 0
    rank = jnp.cumsum(positive)
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r19_ftp_right_argsort(x):
    padded = jnp.concatenate([x, jnp.zeros(2, dtype=x.dtype)])
    positive = padded > 0
    order = jnp.argsort(jnp.logical_not(positive), stable=True)[:2]
    return jnp.where(positive[order], padded[order], 0.0)


ROUND_19 = [
    Wrong("11.fori_predict", "typed A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "typed C: body runs once per i in Python", lambda: "C"),
    Wrong("11.fori_predict", "typed D: i counts the steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number 57, no letter", lambda: "57"),
    Wrong("11.fori_predict", "A's number, 120, typed as a number", lambda: "120"),
    Wrong("11.fori_predict", "D's number, 27, typed as a number", lambda: "27"),
    Wrong("11.fori_predict", "stopped one step early, 26", lambda: "26"),
    Wrong("11.fori_predict", "hedged between B and C", lambda: "B or C"),
    Wrong("11.fori_predict", "the option's number, 2", lambda: 2),
    Wrong(
        "11.fori_predict",
        "wrote the reason in prose, no letter",
        lambda: "the body is traced once and the compiled loop runs it four times",
    ),
    Wrong("11.scan_ema", "the lesson's nonlocal-t version", lambda: r19_ema_counted),
    Wrong("11.scan_ema", "no bias correction at all", lambda: r19_ema_uncorrected),
    Wrong("11.scan_ema", "t from 0: first correction divides by 0", lambda: r19_ema_t_from_zero),
    Wrong("11.scan_ema", "returned the final carry's average", lambda: r19_ema_final_carry),
    Wrong("11.scan_ema", "returned scan's whole (carry, outputs)", lambda: r19_ema_whole_tuple),
    Wrong("11.scan_ema", "beta and 1 - beta swapped", lambda: r19_ema_beta_swapped),
    Wrong(
        "11.scan_ema", "carried the corrected average forward", lambda: r19_ema_corrected_in_carry
    ),
    Wrong("11.scan_ema", "a Python loop over the elements", lambda: r19_ema_python_loop),
    Wrong("11.scan_ema", "divided by (1 - beta)**t", lambda: r19_ema_precedence),
    Wrong(
        "11.scan_ema", "started the average at the first element", lambda: r19_ema_start_at_first
    ),
    Wrong("11.scan_ema", "running mean with cumsum, beta unused", lambda: r19_ema_running_mean),
    Wrong("11.scan_ema", "counter started at 1, stepped before use", lambda: r19_ema_t_from_two),
    Wrong("11.scan_ema", "averaged x**2, another variant's term", lambda: r19_ema_squares),
    Wrong("11.while_grad", "fori_loop for max_steps, cap ignored", lambda: r19_grow_no_cap),
    Wrong("11.while_grad", "kept the while_loop as it was", lambda: r19_grow_while_unchanged),
    Wrong("11.while_grad", "grows while x <= cap, not x < cap", lambda: r19_grow_less_equal),
    Wrong("11.while_grad", "only takes steps that stay below cap", lambda: r19_grow_never_cross),
    Wrong(
        "11.while_grad", "jnp.asarray(max_steps) as the upper bound", lambda: r19_grow_traced_bound
    ),
    Wrong("11.while_grad", "Python for loop with jnp.where", lambda: r19_grow_python_loop),
    Wrong("11.while_grad", "Python if on x inside the fori body", lambda: r19_grow_python_if),
    Wrong("11.while_grad", "returned scan's path of every x", lambda: r19_grow_path),
    Wrong("11.while_grad", "returned the (k, x) state", lambda: r19_grow_state),
    Wrong("11.while_grad", "clipped x at cap instead of stopping", lambda: r19_grow_clipped),
    Wrong("11.while_grad", "fori_loop from 1: one step short", lambda: r19_grow_one_short),
    Wrong(
        "11.while_grad", "cap read as capacity: r x (1 - x / cap)", lambda: r19_grow_cap_as_capacity
    ),
    Wrong(
        "11.while_grad",
        "while_loop on k only, cap moved into a where",
        lambda: r19_grow_while_with_where,
    ),
    Wrong("11.fails_under_jit", "typed A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "typed B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "typed D: one program per set of values", lambda: "D"),
    Wrong("11.fails_under_jit", "typed E: plain runs with a Python int", lambda: "E"),
    Wrong("11.fails_under_jit", "the program count 3, no letter", lambda: "3"),
    Wrong("11.fails_under_jit", "the number of calls, 4", lambda: "4"),
    Wrong("11.fails_under_jit", "answered only the first half: plain fails", lambda: "plain fails"),
    Wrong("11.fails_under_jit", "hedged between C and E", lambda: "C or E"),
    Wrong(
        "11.fails_under_jit",
        "answered only the second half: 3 programs",
        lambda: "static compiles 3",
    ),
    Wrong(
        "11.fails_under_jit", "named the error, no letter", lambda: "TracerIntegerConversionError"
    ),
    Wrong(
        "11.first_two_positive",
        "size=2 with the default fill index 0",
        lambda: r19_ftp_fill_default,
    ),
    Wrong(
        "11.first_two_positive", "masked the first two elements", lambda: r19_ftp_first_two_masked
    ),
    Wrong("11.first_two_positive", "the two largest elements", lambda: r19_ftp_two_largest),
    Wrong("11.first_two_positive", "boolean index x[x > 0] kept", lambda: r19_ftp_bool_index),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1 with no mask: x[-1] leaks",
        lambda: r19_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive", "x >= 0: zeros counted as positive", lambda: r19_ftp_nonnegative
    ),
    Wrong("11.first_two_positive", "lax.top_k(x, 2)", lambda: r19_ftp_top_k),
    Wrong("11.first_two_positive", "returned the indices, not the values", lambda: r19_ftp_indices),
    Wrong("11.first_two_positive", "sorted the two it found", lambda: r19_ftp_sorted),
    Wrong(
        "11.first_two_positive",
        "argmax twice: x[0] when none is left",
        lambda: r19_ftp_argmax_twice,
    ),
    Wrong(
        "11.first_two_positive",
        "padded with -1.0, another variant's number",
        lambda: r19_ftp_fill_other_variant,
    ),
    Wrong(
        "11.first_two_positive", "nonzero of x itself, not of x > 0", lambda: r19_ftp_nonzero_of_x
    ),
]

RIGHT_19 = [
    Right("11.fori_predict", "lower case", lambda: "b"),
    Right("11.fori_predict", "capital with spaces", lambda: " B "),
    Right("11.fori_predict", "letter with a parenthesis", lambda: "B)"),
    Right(
        "11.scan_ema", "scan over (xs, t) with t from 1, jnp.power", lambda: r19_ema_right_scan_t
    ),
    Right(
        "11.scan_ema",
        "raw scan, then one vectorised correction",
        lambda: r19_ema_right_divide_after,
    ),
    Right("11.scan_ema", "carries beta**t instead of t", lambda: r19_ema_right_carry_power),
    Right(
        "11.scan_ema", "closed form with a lower-triangular matrix", lambda: r19_ema_right_matrix
    ),
    Right(
        "11.while_grad", "fori_loop with jnp.where on x < cap", lambda: r19_grow_right_fori_where
    ),
    Right(
        "11.while_grad", "scan with length=max_steps and lax.cond", lambda: r19_grow_right_scan_cond
    ),
    Right("11.while_grad", "fori_loop with a 0/1 float mask", lambda: r19_grow_right_mask),
    Right("11.fails_under_jit", "plain capital", lambda: "C"),
    Right("11.fails_under_jit", "lower case with a space", lambda: " c"),
    Right("11.fails_under_jit", "letter with a full stop", lambda: "C."),
    Right(
        "11.first_two_positive",
        "nonzero size=2, fill past the end, append 0.0",
        lambda: r19_ftp_right_append,
    ),
    Right(
        "11.first_two_positive",
        "jnp.where(size=2, fill_value=-1) then a mask",
        lambda: r19_ftp_right_where_mask,
    ),
    Right("11.first_two_positive", "cumsum rank, no indexing", lambda: r19_ftp_right_rank),
    Right(
        "11.first_two_positive", "stable argsort of 'not positive'", lambda: r19_ftp_right_argsort
    ),
]
