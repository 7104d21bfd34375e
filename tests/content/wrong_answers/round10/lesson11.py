"""Round 10, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 11.scan_ema ---------------------------------------------------------------------


def r10_ema_counted(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r10_ema_t_from_zero(xs, beta):
    def step(m, xt):
        x, t = xt
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (xs, jnp.arange(xs.shape[0])))[1]


def r10_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r10_ema_t_minus_one(xs, beta):
    def step_wrong(carry, x):
        m, t = carry  # t counts elements before this one
        corrected = (beta * m + (1 - beta) * x) / (1 - beta ** jnp.maximum(t, 1))
        return (beta * m + (1 - beta) * x, t + 1), corrected

    return lax.scan(step_wrong, (0.0, 0), xs)[1]


def r10_ema_init_first(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    rest = lax.scan(step, xs[0], xs[1:])[1]
    return jnp.concatenate([xs[:1], rest])


def r10_ema_pow_outside(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta) ** (t + 1)

    return lax.scan(step, (0.0, 0), xs)[1]


def r10_ema_beta_swapped(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r10_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[0][0]


def r10_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r10_ema_carry_t(xs, beta):
    """Right: t carried as an integer next to m."""

    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (jnp.zeros((), jnp.result_type(float)), 0), xs)[1]


def r10_ema_power_carry(xs, beta):
    """Right: carries beta**t itself, multiplied on each step."""

    def step(carry, x):
        m, power = carry
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (0.0, 1.0), xs)[1]


def r10_ema_scan_then_divide(xs, beta):
    """Right: plain EMA by scan, then one vectorised correction."""
    _, ms = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)
    t = jnp.arange(1, xs.shape[0] + 1, dtype=ms.dtype)
    return ms / (1 - jnp.power(beta, t))


def r10_ema_matrix(xs, beta):
    """Right: no loop at all, the EMA as a lower-triangular matrix of beta powers."""
    n = xs.shape[0]
    t = jnp.arange(n)
    lag = t[:, None] - t[None, :]
    weights = jnp.where(lag >= 0, (1 - beta) * jnp.power(beta, jnp.maximum(lag, 0)), 0.0)
    return (weights @ xs) / (1 - jnp.power(beta, t + 1.0))


# --- 11.while_grad -------------------------------------------------------------------


def _logistic(r, x):
    return x + r * x * (1 - x)


def r10_grow_le(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, _logistic(r, x), x), x0)


def r10_grow_stop_before(r, x0, cap, max_steps):
    def body(k, x):
        new = _logistic(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r10_grow_fixed(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: _logistic(r, x), x0)


def r10_grow_python_if(r, x0, cap, max_steps):
    def body(k, x):
        if x < cap:
            return _logistic(r, x)
        return x

    return lax.fori_loop(0, max_steps, body, x0)


def r10_grow_clamped(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.minimum(_logistic(r, x), cap), x0)


def r10_grow_one_short(r, x0, cap, max_steps):
    return lax.fori_loop(1, max_steps, lambda k, x: jnp.where(x < cap, _logistic(r, x), x), x0)


def r10_grow_while_jacfwd(r, x0, cap, max_steps):
    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    def one_step(state):
        k, x = state
        return k + 1, _logistic(r, x)

    return lax.while_loop(keep_going, one_step, (0, x0))[1]


def r10_grow_and(r, x0, cap, max_steps):
    def body(state, _):
        k, x = state
        go = (k < max_steps) and (x < cap)
        return (k + 1, jnp.where(go, _logistic(r, x), x)), None

    return lax.scan(body, (0, x0), length=max_steps)[0][1]


def r10_grow_scan_outputs(r, x0, cap, max_steps):
    def body(x, _):
        x = jnp.where(x < cap, _logistic(r, x), x)
        return x, x

    return lax.scan(body, x0, length=max_steps)[1]


def r10_grow_done_sticky_wrong(r, x0, cap, max_steps):
    def body(k, state):
        x, done = state
        new = _logistic(r, x)
        done = done | (new >= cap)
        return jnp.where(done, x, new), done  # a step that crosses cap is thrown away

    return lax.fori_loop(0, max_steps, body, (x0, False))[0]


def r10_grow_cond(r, x0, cap, max_steps):
    """Right: lax.cond inside a fori_loop body."""
    return lax.fori_loop(
        0, max_steps, lambda k, x: lax.cond(x < cap, lambda v: _logistic(r, v), lambda v: v, x), x0
    )


def r10_grow_mask_mult(r, x0, cap, max_steps):
    """Right: the step multiplied by the boolean, in a scan."""

    def body(x, _):
        return x + (x < cap) * (r * x * (1 - x)), None

    return lax.scan(body, jnp.asarray(x0, jnp.float32), None, length=max_steps)[0]


def r10_grow_done_flag(r, x0, cap, max_steps):
    """Right: carries k and a done flag, as the while_loop carried k."""

    def body(i, state):
        k, x, done = state
        done = done | (x >= cap)
        return k + jnp.where(done, 0, 1), jnp.where(done, x, _logistic(r, x)), done

    return lax.fori_loop(0, max_steps, body, (0, x0, False))[1]


# --- 11.first_two_positive -----------------------------------------------------------


def r10_ftp_fill_zero_masked(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(x > 0, x, 0.0)[idx]


def r10_ftp_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r10_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r10_ftp_sorted(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r10_ftp_ge_zero(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]


def r10_ftp_boolean_mask(x):
    found = x[x > 0][:2]
    return jnp.concatenate([found, jnp.zeros(2 - found.shape[0])])


def r10_ftp_first_two_masked(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r10_ftp_argmax_unguarded(x):
    first = jnp.argmax(x > 0)
    second = jnp.argmax((x > 0) & (jnp.arange(x.shape[0]) > first))
    return jnp.stack([x[first], x[second]])


def r10_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r10_ftp_argwhere(x):
    idx = jnp.argwhere(x > 0, size=2, fill_value=x.shape[0])
    return jnp.append(x, 0.0)[idx]


def r10_ftp_top_k(x):
    return lax.top_k(jnp.where(x > 0, x, 0.0), 2)[0]


def r10_ftp_padded_index(x):
    """Right: fill with len(x), index into x with a 0 appended."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.concatenate([x, jnp.zeros(1, x.dtype)])[idx]


def r10_ftp_cumsum_rank(x):
    """Right: rank each positive by a running count, pick ranks 1 and 2."""
    positive = x > 0
    rank = jnp.cumsum(positive)
    pick = lambda r: jnp.sum(jnp.where(positive & (rank == r), x, 0.0))  # noqa: E731
    return jnp.array([pick(1), pick(2)])


def r10_ftp_argsort(x):
    """Right: stable argsort of a key that puts positives first, in order."""
    n = x.shape[0]
    order = jnp.argsort(jnp.where(x > 0, jnp.arange(n), n), stable=True)
    order = jnp.concatenate([order, jnp.array([n, n + 1])])[:2]
    return jnp.concatenate([jnp.where(x > 0, x, 0.0), jnp.zeros(2, x.dtype)])[order]


ROUND_10 = [
    # 11.fori_predict: the answer is B
    Wrong("11.fori_predict", "A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: body run by Python four times", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts the steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number instead of a letter", lambda: "57"),
    Wrong("11.fori_predict", "the number as an int", lambda: 57),
    Wrong("11.fori_predict", "both options with 57", lambda: "BC"),
    Wrong(
        "11.fori_predict",
        "C with its reason pasted",
        lambda: "C: 57, Python runs the body four times",
    ),
    # 11.scan_ema
    Wrong("11.scan_ema", "the page's nonlocal counter", lambda: r10_ema_counted),
    Wrong(
        "11.scan_ema", "t = arange(n), from 0: divides by zero first", lambda: r10_ema_t_from_zero
    ),
    Wrong("11.scan_ema", "no bias correction", lambda: r10_ema_uncorrected),
    Wrong(
        "11.scan_ema",
        "t counts elements before this one (first guarded)",
        lambda: r10_ema_t_minus_one,
    ),
    Wrong(
        "11.scan_ema",
        "starts m at xs[0], no correction (page data agrees)",
        lambda: r10_ema_init_first,
    ),
    Wrong("11.scan_ema", "divides by (1 - beta)**t", lambda: r10_ema_pow_outside),
    Wrong(
        "11.scan_ema",
        "beta and 1 - beta swapped (right at beta 0.5 only)",
        lambda: r10_ema_beta_swapped,
    ),
    Wrong("11.scan_ema", "returns the final carry, not the outputs", lambda: r10_ema_final_only),
    Wrong("11.scan_ema", "a Python loop with enumerate", lambda: r10_ema_python_loop),
    # 11.while_grad
    Wrong("11.while_grad", "x <= cap: steps once more when exactly at cap", lambda: r10_grow_le),
    Wrong("11.while_grad", "rejects the step that would cross cap", lambda: r10_grow_stop_before),
    Wrong("11.while_grad", "always max_steps steps, cap ignored", lambda: r10_grow_fixed),
    Wrong("11.while_grad", "Python if on the traced x in the body", lambda: r10_grow_python_if),
    Wrong("11.while_grad", "clamps x at cap with jnp.minimum", lambda: r10_grow_clamped),
    Wrong("11.while_grad", "fori_loop(1, max_steps): one step short", lambda: r10_grow_one_short),
    Wrong("11.while_grad", "kept the while_loop (grad refuses it)", lambda: r10_grow_while_jacfwd),
    Wrong("11.while_grad", "Python `and` in the scan body", lambda: r10_grow_and),
    Wrong(
        "11.while_grad",
        "returns scan's stacked outputs, not the last x",
        lambda: r10_grow_scan_outputs,
    ),
    Wrong(
        "11.while_grad",
        "done flag set from the new x: crossing step dropped",
        lambda: r10_grow_done_sticky_wrong,
    ),
    # 11.fails_under_jit: the answer is C
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one program per call", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "the count of programs", lambda: "3"),
    Wrong("11.fails_under_jit", "C and E, unsure about plain", lambda: "CE"),
    Wrong("11.fails_under_jit", "a bool: yes, plain fails", lambda: True),
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "fill index 0 into the masked x: x[0] repeats",
        lambda: r10_ftp_fill_zero_masked,
    ),
    Wrong(
        "11.first_two_positive",
        "size=2, default fill: missing ones give x[0]",
        lambda: r10_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: missing ones give x[-1]",
        lambda: r10_ftp_fill_minus_one,
    ),
    Wrong("11.first_two_positive", "the two largest, sorted", lambda: r10_ftp_sorted),
    Wrong("11.first_two_positive", "x >= 0: a zero counts as positive", lambda: r10_ftp_ge_zero),
    Wrong(
        "11.first_two_positive",
        "boolean mask kept from the eager code",
        lambda: r10_ftp_boolean_mask,
    ),
    Wrong(
        "11.first_two_positive",
        "first two elements, negatives zeroed",
        lambda: r10_ftp_first_two_masked,
    ),
    Wrong(
        "11.first_two_positive",
        "two argmax, missing ones not guarded",
        lambda: r10_ftp_argmax_unguarded,
    ),
    Wrong("11.first_two_positive", "returns the indices", lambda: r10_ftp_indices),
    Wrong("11.first_two_positive", "argwhere: shape (2, 1)", lambda: r10_ftp_argwhere),
    Wrong("11.first_two_positive", "lax.top_k: the largest two", lambda: r10_ftp_top_k),
]

RIGHT_10 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.scan_ema", "t carried as an int beside m", lambda: r10_ema_carry_t),
    Right("11.scan_ema", "carries beta**t, multiplied each step", lambda: r10_ema_power_carry),
    Right(
        "11.scan_ema",
        "plain EMA scan, then a vectorised correction",
        lambda: r10_ema_scan_then_divide,
    ),
    Right("11.scan_ema", "no scan: a triangular matrix of beta powers", lambda: r10_ema_matrix),
    Right("11.while_grad", "lax.cond inside fori_loop", lambda: r10_grow_cond),
    Right("11.while_grad", "scan, step times the boolean", lambda: r10_grow_mask_mult),
    Right("11.while_grad", "fori_loop carrying k and a done flag", lambda: r10_grow_done_flag),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right(
        "11.first_two_positive",
        "fill len(x), index into x with 0 appended",
        lambda: r10_ftp_padded_index,
    ),
    Right(
        "11.first_two_positive",
        "running count ranks, ranks 1 and 2 picked",
        lambda: r10_ftp_cumsum_rank,
    ),
    Right(
        "11.first_two_positive", "stable argsort of a positives-first key", lambda: r10_ftp_argsort
    ),
]
