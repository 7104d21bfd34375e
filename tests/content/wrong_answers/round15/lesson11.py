"""Round 15, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 11.scan_ema


def r15_ema_counted(xs, beta):
    """The page's broken demo, copied unchanged."""
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r15_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r15_ema_swapped_weights(xs, beta):
    """beta and 1 - beta swapped: identical at the page's beta = 0.5."""

    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r15_ema_t_plus_one(xs, beta):
    """t counted from 1 in the carry, then raised once more in the correction."""

    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta ** (t + 1 + 1))

    return lax.scan(step, (0.0, 1), xs)[1]


def r15_ema_one_minus_beta_power(xs, beta):
    """Correction written (1 - beta)**t instead of 1 - beta**t."""

    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta) ** t

    return lax.scan(step, (0.0, 0), xs)[1]


def r15_ema_whole_tuple(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)  # (final carry, outputs), not the outputs


def r15_ema_corrected_in_carry(xs, beta):
    """Stores the corrected average back into the carry: corrections compound."""

    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        m = m / (1 - beta**t)
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r15_ema_start_at_first(xs, beta):
    """Starts the average at the first element and skips the correction: fine on 4s."""

    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, xs[0], xs)[1]


def r15_ema_running_mean(xs, beta):
    """A cumulative mean: every corrected average of a constant series is that constant."""
    return jnp.cumsum(xs) / jnp.arange(1, xs.shape[0] + 1)


def r15_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.array(out)


def r15_ema_zero_based_power(xs, beta):
    """t = arange(n) gave inf first; the fix leaves the first uncorrected, the rest t-1."""
    raw = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    t = jnp.arange(xs.shape[0])
    return jnp.where(t == 0, raw, raw / (1 - beta**t))


def r15_ema_right_carry_t(xs, beta):
    def step(carry, x):
        m, power = carry  # power = beta**t, updated by one multiplication per step
        m = beta * m + (1 - beta) * x
        power = power * beta
        return (m, power), m / (1 - power)

    return lax.scan(step, (jnp.float32(0.0), jnp.float32(1.0)), xs)[1]


def r15_ema_right_divide_after(xs, beta):
    raw = lax.scan(lambda m, x: (beta * m + (1 - beta) * x,) * 2, 0.0, xs)[1]
    t = jnp.arange(1, xs.shape[0] + 1)
    return raw / (1 - beta**t)


def r15_ema_right_fori(xs, beta):
    def body(i, state):
        m, out = state
        m = beta * m + (1 - beta) * xs[i]
        return m, out.at[i].set(m / (1 - beta ** (i + 1)))

    init = (jnp.zeros((), xs.dtype), jnp.zeros_like(xs))
    return lax.fori_loop(0, xs.shape[0], body, init)[1]


def r15_ema_right_matrix(xs, beta):
    """No loop at all: the weights of every average as one lower-triangular matrix."""
    n = xs.shape[0]
    t = jnp.arange(n)[:, None]
    k = jnp.arange(n)[None, :]
    lag = jnp.maximum(t - k, 0)
    weights = jnp.where(k <= t, (1 - beta) * beta**lag, 0.0)
    return weights @ xs / (1 - beta ** (jnp.arange(n) + 1))


# ---------------------------------------------------------------- 11.while_grad


def _logistic(r, x):
    return x + r * x * (1 - x)


def r15_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda k, x: _logistic(r, x), x0)


def r15_grow_le_cap(r, x0, cap, max_steps):
    """<= where the loop had <: a start exactly at cap takes steps."""
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x <= cap, _logistic(r, x), x), x0)


def r15_grow_check_new(r, x0, cap, max_steps):
    """Keeps a step only if its result stays below cap: stops one step short."""

    def body(k, x):
        new = _logistic(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r15_grow_clip(r, x0, cap, max_steps):
    """Clips at cap instead of stopping: the real last step overshoots cap."""
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.minimum(_logistic(r, x), cap), x0)


def r15_grow_tests_x0(r, x0, cap, max_steps):
    """The condition tests x0, not the current x: never stops once started."""
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(x0 < cap, _logistic(r, x), x), x0)


def r15_grow_one_extra(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps + 1, lambda k, x: jnp.where(x < cap, _logistic(r, x), x), x0)


def r15_grow_from_one(r, x0, cap, max_steps):
    """range(1, max_steps) habit: one step fewer."""
    return lax.fori_loop(1, max_steps, lambda k, x: jnp.where(x < cap, _logistic(r, x), x), x0)


def r15_grow_stop_gradient(r, x0, cap, max_steps):
    """Keeps the while_loop, and silences grad's refusal with stop_gradient."""

    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    r_, x0_ = lax.stop_gradient(r), lax.stop_gradient(x0)
    return lax.while_loop(keep_going, lambda s: (s[0] + 1, _logistic(r_, s[1])), (0, x0_))[1]


def r15_grow_done_flag(r, x0, cap, max_steps):
    """A done flag that starts False: a start at or above cap still takes one step."""

    def step(carry, _):
        x, done = carry
        x = jnp.where(done, x, _logistic(r, x))
        return (x, x >= cap), None

    return lax.scan(step, (x0, False), length=max_steps)[0][0]


def r15_grow_all_steps(r, x0, cap, max_steps):
    """scan's stacked outputs returned: every step's x, not the last one."""

    def step(x, _):
        x = jnp.where(x < cap, _logistic(r, x), x)
        return x, x

    return lax.scan(step, x0, None, length=max_steps)[1]


def r15_grow_cond_swapped(r, x0, cap, max_steps):
    """lax.cond's branches in the wrong order: grows only once x is at cap."""

    def body(k, x):
        return lax.cond(x < cap, lambda v: v, lambda v: _logistic(r, v), x)

    return lax.fori_loop(0, max_steps, body, jnp.asarray(x0, jnp.float32))


def r15_grow_traced_bound(r, x0, cap, max_steps):
    """max_steps made an array 'to be safe': fori_loop becomes a while_loop."""
    n = jnp.asarray(max_steps)
    return lax.fori_loop(0, n, lambda k, x: jnp.where(x < cap, _logistic(r, x), x), x0)


def r15_grow_right_mask(r, x0, cap, max_steps):
    def body(k, x):
        growing = (x < cap).astype(x.dtype)  # 1.0 until x reaches cap, then 0.0
        return x + growing * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


def r15_grow_right_cond(r, x0, cap, max_steps):
    def step(x, _):
        return lax.cond(x < cap, lambda v: _logistic(r, v), lambda v: v, x), None

    return lax.scan(step, jnp.asarray(x0, jnp.float32), None, length=max_steps)[0]


def r15_grow_right_count_first(r, x0, cap, max_steps):
    """Counts the steps with the while_loop (no gradient needed), then replays them."""

    def keep_going(state):
        k, x = state
        return (k < max_steps) & (x < cap)

    r_c, x_c = lax.stop_gradient(r), lax.stop_gradient(x0)
    steps = lax.while_loop(keep_going, lambda s: (s[0] + 1, _logistic(r_c, s[1])), (0, x_c))[0]
    return lax.fori_loop(0, max_steps, lambda k, x: jnp.where(k < steps, _logistic(r, x), x), x0)


# ---------------------------------------------------------- 11.first_two_positive


def r15_ftp_default_fill(x):
    idx = jnp.nonzero(x > 0, size=2)[0]  # missing ones are index 0
    return x[idx]


def r15_ftp_fill_minus_one(x):
    """fill_value=-1 reads the last element: right whenever x ends in 0.0 (page's data)."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return x[idx]


def r15_ftp_fill_len_clamped(x):
    """Index len(x) for missing ones, expecting an IndexError: JAX clamps to the last."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x[idx]


def r15_ftp_take_nan(x):
    """jnp.take out of bounds gives NaN, not 0.0."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.take(x, idx)


def r15_ftp_masked_fill_zero(x):
    """Masks negatives to 0.0 but pads with index 0: repeats x[0] when it is positive."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=0)[0]
    return jnp.where(x > 0, x, 0.0)[idx]


def r15_ftp_largest_two(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r15_ftp_argsort(x):
    """Stable argsort puts the positives first: but only x.shape[0] of them for length 1."""
    kept = jnp.where(x > 0, x, 0.0)
    return kept[jnp.argsort(kept <= 0)[:2]]


def r15_ftp_index_as_found(x):
    """Tests the index, not the value, for 'found': wrong when x[0] is positive."""
    i1 = jnp.argmax(x > 0)
    rest = (x > 0) & (jnp.arange(x.shape[0]) > i1)
    i2 = jnp.argmax(rest)
    return jnp.stack([jnp.where(i1 > 0, x[i1], 0.0), jnp.where(i2 > 0, x[i2], 0.0)])


def r15_ftp_int_out(x):
    """Results written into jnp.zeros(2, int): truncated (4.0 and 3.0 survive)."""
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    out = jnp.zeros(2, dtype=jnp.int32)
    return out.at[jnp.arange(2)].set(jnp.where(idx < x.shape[0], x[idx], 0.0).astype(jnp.int32))


def r15_ftp_nonnegative(x):
    """x >= 0: a 0.0 counts as found (the page's [6. 0.] still comes out)."""
    idx = jnp.nonzero(x >= 0, size=2, fill_value=x.shape[0])[0]
    return jnp.where(idx < x.shape[0], x[idx], 0.0)


def r15_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r15_ftp_first_two_elements(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r15_ftp_right_at_get(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r15_ftp_right_append(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return jnp.append(x, 0.0)[idx]  # the appended 0.0 is the padding


def r15_ftp_right_cumsum(x):
    positive = x > 0
    rank = jnp.cumsum(positive)  # 1 at the first positive, 2 at the second
    first = jnp.sum(jnp.where(positive & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(positive & (rank == 2), x, 0.0))
    return jnp.array([first, second])


def r15_ftp_right_count(x):
    idx = jnp.nonzero(x > 0, size=2)[0]
    count = jnp.sum(x > 0)
    return jnp.where(jnp.arange(2) < count, x[idx], 0.0)


ROUND_15 = [
    # 11.fori_predict: B
    Wrong("11.fori_predict", "A: range's upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: body traced four times, like a Python loop", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts the steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "the number 57, not a letter", lambda: 57),
    Wrong("11.fori_predict", "'57' as a string", lambda: "57"),
    Wrong("11.fori_predict", "both options with 57", lambda: "BC"),
    Wrong("11.fori_predict", "'B, C' hedged between the 57s", lambda: "B, C"),
    Wrong("11.fori_predict", "lower case b", lambda: "b"),
    Wrong("11.fori_predict", "B) with a parenthesis", lambda: "B)"),
    Wrong("11.fori_predict", "B with a trailing comment", lambda: "B  # traced once"),
    Wrong("11.fori_predict", "'option B'", lambda: "option B"),
    # 11.scan_ema
    Wrong("11.scan_ema", "the page's nonlocal counter, unchanged", lambda: r15_ema_counted),
    Wrong("11.scan_ema", "raw average, no bias correction", lambda: r15_ema_uncorrected),
    Wrong(
        "11.scan_ema",
        "beta and 1 - beta swapped (same at beta=0.5)",
        lambda: r15_ema_swapped_weights,
    ),
    Wrong(
        "11.scan_ema", "t started at 1 and raised again: beta**(t+1)", lambda: r15_ema_t_plus_one
    ),
    Wrong("11.scan_ema", "correction (1 - beta)**t", lambda: r15_ema_one_minus_beta_power),
    Wrong("11.scan_ema", "returns scan's whole (carry, outputs) pair", lambda: r15_ema_whole_tuple),
    Wrong(
        "11.scan_ema",
        "corrected value stored back into the carry",
        lambda: r15_ema_corrected_in_carry,
    ),
    Wrong(
        "11.scan_ema",
        "starts m at xs[0], no correction (fine on 4s)",
        lambda: r15_ema_start_at_first,
    ),
    Wrong(
        "11.scan_ema", "a running mean via cumsum (fine on constants)", lambda: r15_ema_running_mean
    ),
    Wrong("11.scan_ema", "a Python loop with a list, as in NumPy", lambda: r15_ema_python_loop),
    Wrong(
        "11.scan_ema",
        "t = arange(n): first left raw to dodge 0/0, rest t-1",
        lambda: r15_ema_zero_based_power,
    ),
    # 11.while_grad
    Wrong("11.while_grad", "fori_loop for max_steps, cap ignored", lambda: r15_grow_no_cap),
    Wrong("11.while_grad", "where(x <= cap): a start at cap still steps", lambda: r15_grow_le_cap),
    Wrong(
        "11.while_grad", "keeps a step only if its result is below cap", lambda: r15_grow_check_new
    ),
    Wrong("11.while_grad", "clips at cap with jnp.minimum", lambda: r15_grow_clip),
    Wrong(
        "11.while_grad", "condition tests x0 instead of the current x", lambda: r15_grow_tests_x0
    ),
    Wrong("11.while_grad", "fori_loop(0, max_steps + 1)", lambda: r15_grow_one_extra),
    Wrong("11.while_grad", "fori_loop(1, max_steps): one step short", lambda: r15_grow_from_one),
    Wrong(
        "11.while_grad", "while_loop kept, inputs stop_gradient'ed", lambda: r15_grow_stop_gradient
    ),
    Wrong(
        "11.while_grad",
        "done flag starts False: a start at cap steps once",
        lambda: r15_grow_done_flag,
    ),
    Wrong("11.while_grad", "scan's stacked xs returned, not the last", lambda: r15_grow_all_steps),
    Wrong("11.while_grad", "lax.cond branches swapped", lambda: r15_grow_cond_swapped),
    Wrong(
        "11.while_grad",
        "max_steps via jnp.asarray: grad works eagerly, refused under jit",
        lambda: r15_grow_traced_bound,
    ),
    # 11.fails_under_jit: C
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one program per new values", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "the count 3, not a letter", lambda: 3),
    Wrong("11.fails_under_jit", "lower case c", lambda: "c"),
    Wrong("11.fails_under_jit", "C and E, unsure about plain", lambda: "C or E"),
    Wrong(
        "11.fails_under_jit", "'C: plain fails' with its reason pasted", lambda: "C: plain fails"
    ),
    Wrong("11.fails_under_jit", "'(C)' in parentheses", lambda: "(C)"),
    # 11.first_two_positive
    Wrong(
        "11.first_two_positive",
        "size=2, default fill index 0: reads x[0]",
        lambda: r15_ftp_default_fill,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1: reads the last element",
        lambda: r15_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "fill index len(x), gather clamps to the last",
        lambda: r15_ftp_fill_len_clamped,
    ),
    Wrong("11.first_two_positive", "jnp.take out of bounds: NaN padding", lambda: r15_ftp_take_nan),
    Wrong(
        "11.first_two_positive",
        "masked x indexed, fill 0: repeats a positive x[0]",
        lambda: r15_ftp_masked_fill_zero,
    ),
    Wrong(
        "11.first_two_positive", "the two largest positives, sorted", lambda: r15_ftp_largest_two
    ),
    Wrong(
        "11.first_two_positive",
        "stable argsort: one value for a length-1 x",
        lambda: r15_ftp_argsort,
    ),
    Wrong(
        "11.first_two_positive", "argmax index > 0 taken as 'found'", lambda: r15_ftp_index_as_found
    ),
    Wrong(
        "11.first_two_positive", "written into an int32 array: truncated", lambda: r15_ftp_int_out
    ),
    Wrong("11.first_two_positive", "x >= 0: zeros count as positive", lambda: r15_ftp_nonnegative),
    Wrong("11.first_two_positive", "returns the indices, not the values", lambda: r15_ftp_indices),
    Wrong(
        "11.first_two_positive",
        "zeroes negatives, keeps the first two slots",
        lambda: r15_ftp_first_two_elements,
    ),
]
RIGHT_15 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.fori_predict", "B, picked from a string of letters", lambda: "ABCD"[1]),
    Right(
        "11.scan_ema", "carries beta**t itself, one product per step", lambda: r15_ema_right_carry_t
    ),
    Right(
        "11.scan_ema", "raw averages by scan, corrected after", lambda: r15_ema_right_divide_after
    ),
    Right(
        "11.scan_ema", "fori_loop writing each output with .at[i].set", lambda: r15_ema_right_fori
    ),
    Right("11.scan_ema", "no loop: a lower-triangular weight matrix", lambda: r15_ema_right_matrix),
    Right("11.while_grad", "fori_loop, step multiplied by a 0/1 mask", lambda: r15_grow_right_mask),
    Right("11.while_grad", "scan of lax.cond, length=max_steps", lambda: r15_grow_right_cond),
    Right(
        "11.while_grad",
        "while_loop counts steps, fori_loop replays",
        lambda: r15_grow_right_count_first,
    ),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right(
        "11.first_two_positive",
        "fill index len(x), .at[].get(mode='fill')",
        lambda: r15_ftp_right_at_get,
    ),
    Right(
        "11.first_two_positive",
        "fill index len(x), 0.0 appended to x",
        lambda: r15_ftp_right_append,
    ),
    Right(
        "11.first_two_positive",
        "cumsum ranks the positives, no nonzero",
        lambda: r15_ftp_right_cumsum,
    ),
    Right(
        "11.first_two_positive", "count of positives masks the padding", lambda: r15_ftp_right_count
    ),
]
