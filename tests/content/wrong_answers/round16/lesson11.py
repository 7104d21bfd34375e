"""Round 16, lesson 11 (loops and control flow): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 11.scan_ema


def r16_ema_right_tuple_carry(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r16_ema_right_scan_over_t(xs, beta):
    ts = jnp.arange(1, xs.shape[0] + 1)

    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    _, out = lax.scan(step, 0.0, (xs, ts))
    return out


def r16_ema_right_matrix(xs, beta):
    # closed form: m_t = (1 - beta) * sum_k beta**(t-k) x_k, no loop at all
    n = xs.shape[0]
    t = jnp.arange(n)
    lag = t[:, None] - t[None, :]
    weights = jnp.where(lag >= 0, (1 - beta) * beta ** jnp.maximum(lag, 0), 0.0)
    m = weights @ xs
    return m / (1 - beta ** (t + 1))


def r16_ema_right_float_t(xs, beta):
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1.0), m / (1 - jnp.power(beta, t + 1.0))

    return lax.scan(step, (jnp.float32(0), jnp.float32(0)), xs)[1]


def r16_ema_page_copy(xs, beta):
    t = 0

    def step(m, x):
        nonlocal t
        t = t + 1
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, xs)[1]


def r16_ema_uncorrected(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1]


def r16_ema_one_minus_beta_power(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta) ** t

    return lax.scan(step, (0.0, 0), xs)[1]


def r16_ema_correction_power_of_one_minus(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - (1 - beta) ** t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r16_ema_swapped_weights(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (1 - beta) * m + beta * x
        return (m, t), m / (1 - beta**t)

    return lax.scan(step, (0.0, 0), xs)[1]


def r16_ema_t_from_zero(xs, beta):
    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (xs, jnp.arange(xs.shape[0])))[1]


def r16_ema_final_only(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = beta * m + (1 - beta) * x
        return (m, t), m / (1 - beta**t)

    (m, t), _ = lax.scan(step, (0.0, 0), xs)
    return m / (1 - beta**t)


def r16_ema_carry_corrected(xs, beta):
    def step(carry, x):
        m, t = carry
        t = t + 1
        m = (beta * m + (1 - beta) * x) / (1 - beta**t)
        return (m, t), m

    return lax.scan(step, (0.0, 0), xs)[1]


def r16_ema_start_at_first(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, xs[0], xs)[1]


def r16_ema_length_correction(xs, beta):
    def step(m, x):
        m = beta * m + (1 - beta) * x
        return m, m

    return lax.scan(step, 0.0, xs)[1] / (1 - beta ** xs.shape[0])


def r16_ema_page_length_4(xs, beta):
    ts = jnp.arange(1, 5)

    def step(m, pair):
        x, t = pair
        m = beta * m + (1 - beta) * x
        return m, m / (1 - beta**t)

    return lax.scan(step, 0.0, (xs[:4], ts))[1]


def r16_ema_python_loop(xs, beta):
    m, out = 0.0, []
    for t, x in enumerate(xs, start=1):
        m = beta * m + (1 - beta) * x
        out.append(m / (1 - beta**t))
    return jnp.stack(out)


def r16_ema_correct_previous_t(xs, beta):
    # corrects with the number of elements taken in before this one, plus one... for t >= 2
    def step(carry, x):
        m, t = carry
        m = beta * m + (1 - beta) * x
        return (m, t + 1), m / (1 - beta ** jnp.maximum(t, 1))

    return lax.scan(step, (0.0, 0), xs)[1]


# ---------------------------------------------------------------- 11.while_grad


def _grow_step(r, x):
    return x + r * x * (1 - x)


def r16_grow_right_fori_where(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_right_scan_cond(r, x0, cap, max_steps):
    def step(x, _):
        x = lax.cond(x < cap, lambda v: v + r * v * (1 - v), lambda v: v, x)
        return x, None

    return lax.scan(step, x0, None, length=max_steps)[0]


def r16_grow_right_mask_multiply(r, x0, cap, max_steps):
    def body(i, x):
        return x + (x < cap) * r * x * (1 - x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_right_done_flag(r, x0, cap, max_steps):
    def body(i, state):
        done, x = state
        done = done | (x >= cap)
        return done, jnp.where(done, x, x + r * x * (1 - x))

    return lax.fori_loop(0, max_steps, body, (jnp.asarray(False), x0))[1]


def r16_grow_le_cap(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x <= cap, _grow_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_no_cap(r, x0, cap, max_steps):
    return lax.fori_loop(0, max_steps, lambda i, x: _grow_step(r, x), x0)


def r16_grow_check_after_step(r, x0, cap, max_steps):
    def body(i, x):
        new = _grow_step(r, x)
        return jnp.where(new < cap, new, x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_one_step_short(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), x)

    return lax.fori_loop(0, max_steps - 1, body, x0)


def r16_grow_snap_to_cap(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), cap)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_clip(r, x0, cap, max_steps):
    x = lax.fori_loop(0, max_steps, lambda i, x: _grow_step(r, x), x0)
    return jnp.minimum(x, cap)


def r16_grow_page_20_steps(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), x)

    return lax.fori_loop(0, 20, body, x0)


def r16_grow_page_cap(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < 0.9, _grow_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_test_x0(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x0 < cap, _grow_step(r, x), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_toward_cap(r, x0, cap, max_steps):
    # also "fixed" the growth to go toward cap, which the task did not ask
    def body(i, x):
        return jnp.where(x < cap, x + r * x * (1 - x / cap), x)

    return lax.fori_loop(0, max_steps, body, x0)


def r16_grow_traced_bound(r, x0, cap, max_steps):
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), x)

    return lax.fori_loop(0, jnp.asarray(max_steps), body, x0)


def r16_grow_carry_order_index(r, x0, cap, max_steps):
    def body(i, state):
        x, k = state
        go = x < cap
        return jnp.where(go, _grow_step(r, x), x), k + go.astype(jnp.int32)

    return lax.fori_loop(0, max_steps, body, (x0, 0))[1] * 1.0


def r16_grow_stop_gradient_done(r, x0, cap, max_steps):
    # hides the branch from grad "to be safe": the value is right, the gradient is not
    def body(i, x):
        return jnp.where(x < cap, _grow_step(r, x), lax.stop_gradient(x))

    return lax.fori_loop(0, max_steps, body, x0)


# ---------------------------------------------------------------- 11.first_two_positive


def r16_ftp_right_mask_index(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r16_ftp_right_rank(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (rank == 1), x, 0.0))
    second = jnp.sum(jnp.where(pos & (rank == 2), x, 0.0))
    return jnp.stack([first, second])


def r16_ftp_right_padded_argsort(x):
    padded = jnp.concatenate([x, jnp.zeros(2, x.dtype)])
    order = jnp.argsort(padded <= 0, stable=True)[:2]
    return jnp.where(padded[order] > 0, padded[order], 0.0)


def r16_ftp_right_get_fill(x):
    idx = jnp.nonzero(x > 0, size=2, fill_value=x.shape[0])[0]
    return x.at[idx].get(mode="fill", fill_value=0.0)


def r16_ftp_default_fill(x):
    return x[jnp.nonzero(x > 0, size=2)[0]]


def r16_ftp_fill_value_as_value(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=0.0)[0]]


def r16_ftp_fill_minus_one(x):
    return x[jnp.nonzero(x > 0, size=2, fill_value=-1)[0]]


def r16_ftp_mask_then_first_two(x):
    return jnp.where(x > 0, x, 0.0)[:2]


def r16_ftp_sorted_top_two(x):
    return jnp.sort(jnp.where(x > 0, x, 0.0))[::-1][:2]


def r16_ftp_mask_values(x):
    found = x[jnp.nonzero(x > 0, size=2)[0]]
    return found * (found > 0)


def r16_ftp_size_one(x):
    idx = jnp.nonzero(x > 0, size=1, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r16_ftp_argsort_unpadded(x):
    order = jnp.argsort(x <= 0, stable=True)[:2]
    return jnp.where(x[order] > 0, x[order], 0.0)


def r16_ftp_nonnegative(x):
    idx = jnp.nonzero(x >= 0, size=2, fill_value=-1)[0]
    return jnp.where(idx >= 0, x[idx], 0.0)


def r16_ftp_rank_from_zero(x):
    pos = x > 0
    rank = jnp.cumsum(pos)
    first = jnp.sum(jnp.where(pos & (rank == 0), x, 0.0))
    second = jnp.sum(jnp.where(pos & (rank == 1), x, 0.0))
    return jnp.stack([first, second])


def r16_ftp_indices(x):
    return jnp.nonzero(x > 0, size=2, fill_value=0)[0]


def r16_ftp_where_nonzero_size(x):
    # jnp.where with one argument and size=: pads with 0 index, then masks with x[0]'s sign
    idx = jnp.where(x > 0, size=2)[0]
    return jnp.where(x[idx] > 0, x[idx], 0.0)


ROUND_16 = [
    # 11.fori_predict (answer: B)
    Wrong("11.fori_predict", "A: upper bound included", lambda: "A"),
    Wrong("11.fori_predict", "C: body runs once per i, as in Python", lambda: "C"),
    Wrong("11.fori_predict", "D: i counts steps from 0", lambda: "D"),
    Wrong("11.fori_predict", "lower-case b", lambda: "b"),
    Wrong("11.fori_predict", "B with a closing parenthesis", lambda: "B)"),
    Wrong("11.fori_predict", "typed 'option B'", lambda: "option B"),
    Wrong("11.fori_predict", "B with a trailing comment in the string", lambda: "B  # traced once"),
    Wrong("11.fori_predict", "the number only", lambda: "57"),
    Wrong("11.fori_predict", "both 57 options", lambda: "BC"),
    Wrong("11.fori_predict", "the number as an int", lambda: 57),
    # 11.scan_ema
    Wrong("11.scan_ema", "kept the page's nonlocal counter", lambda: r16_ema_page_copy),
    Wrong("11.scan_ema", "forgot the bias correction", lambda: r16_ema_uncorrected),
    Wrong(
        "11.scan_ema",
        "divided by (1 - beta)**t: same as page at beta=0.5",
        lambda: r16_ema_one_minus_beta_power,
    ),
    Wrong(
        "11.scan_ema",
        "corrected with 1 - (1 - beta)**t",
        lambda: r16_ema_correction_power_of_one_minus,
    ),
    Wrong(
        "11.scan_ema", "swapped beta and 1 - beta in the update", lambda: r16_ema_swapped_weights
    ),
    Wrong("11.scan_ema", "scanned t = arange(n), starting at 0", lambda: r16_ema_t_from_zero),
    Wrong("11.scan_ema", "returned the last corrected average only", lambda: r16_ema_final_only),
    Wrong("11.scan_ema", "carried the corrected average as m", lambda: r16_ema_carry_corrected),
    Wrong(
        "11.scan_ema", "started m at xs[0], no correction needed", lambda: r16_ema_start_at_first
    ),
    Wrong(
        "11.scan_ema", "one correction with the series length", lambda: r16_ema_length_correction
    ),
    Wrong(
        "11.scan_ema", "t = arange(1, 5) from the page's 4 elements", lambda: r16_ema_page_length_4
    ),
    Wrong("11.scan_ema", "a Python loop over xs", lambda: r16_ema_python_loop),
    Wrong(
        "11.scan_ema",
        "t counted before the element, clamped to 1",
        lambda: r16_ema_correct_previous_t,
    ),
    # 11.while_grad
    Wrong("11.while_grad", "x <= cap: steps once more when x0 == cap", lambda: r16_grow_le_cap),
    Wrong("11.while_grad", "max_steps fixed steps, cap ignored", lambda: r16_grow_no_cap),
    Wrong(
        "11.while_grad",
        "keeps the step only if the new x is below cap",
        lambda: r16_grow_check_after_step,
    ),
    Wrong("11.while_grad", "fori_loop to max_steps - 1", lambda: r16_grow_one_step_short),
    Wrong(
        "11.while_grad",
        "where(..., cap): snaps to cap after crossing",
        lambda: r16_grow_snap_to_cap,
    ),
    Wrong("11.while_grad", "all steps then clipped at cap", lambda: r16_grow_clip),
    Wrong("11.while_grad", "20 steps, the page's max_steps", lambda: r16_grow_page_20_steps),
    Wrong("11.while_grad", "cap 0.9 from the page hard-coded", lambda: r16_grow_page_cap),
    Wrong("11.while_grad", "tests x0 < cap instead of the current x", lambda: r16_grow_test_x0),
    Wrong("11.while_grad", "also changed growth to 1 - x / cap", lambda: r16_grow_toward_cap),
    Wrong("11.while_grad", "fori_loop bound wrapped in jnp.asarray", lambda: r16_grow_traced_bound),
    Wrong(
        "11.while_grad", "carry (x, k) but kept the page's [1]", lambda: r16_grow_carry_order_index
    ),
    Wrong(
        "11.while_grad",
        "stop_gradient on the branch kept after cap",
        lambda: r16_grow_stop_gradient_done,
    ),
    # 11.fails_under_jit (answer: C)
    Wrong("11.fails_under_jit", "A: plain runs, one program", lambda: "A"),
    Wrong("11.fails_under_jit", "B: one program per value of n", lambda: "B"),
    Wrong("11.fails_under_jit", "D: one program per call", lambda: "D"),
    Wrong("11.fails_under_jit", "E: plain runs, 3 programs", lambda: "E"),
    Wrong("11.fails_under_jit", "lower-case c", lambda: "c"),
    Wrong("11.fails_under_jit", "C with its count", lambda: "C, 3 programs"),
    Wrong("11.fails_under_jit", "the number of programs", lambda: "3"),
    Wrong("11.fails_under_jit", "C) as typed from the list", lambda: "C)"),
    # 11.first_two_positive
    Wrong("11.first_two_positive", "size=2, default fill index 0", lambda: r16_ftp_default_fill),
    Wrong(
        "11.first_two_positive",
        "fill_value=0.0 read as the padding value",
        lambda: r16_ftp_fill_value_as_value,
    ),
    Wrong(
        "11.first_two_positive",
        "fill_value=-1 reads x[-1]: right on page data",
        lambda: r16_ftp_fill_minus_one,
    ),
    Wrong(
        "11.first_two_positive",
        "zeroed negatives, took the first two",
        lambda: r16_ftp_mask_then_first_two,
    ),
    Wrong("11.first_two_positive", "two largest positives", lambda: r16_ftp_sorted_top_two),
    Wrong(
        "11.first_two_positive", "masked x[idx] > 0, but index 0 pads", lambda: r16_ftp_mask_values
    ),
    Wrong("11.first_two_positive", "size=1", lambda: r16_ftp_size_one),
    Wrong(
        "11.first_two_positive",
        "stable argsort, unpadded: length-1 breaks",
        lambda: r16_ftp_argsort_unpadded,
    ),
    Wrong("11.first_two_positive", "x >= 0 counts zeros as positive", lambda: r16_ftp_nonnegative),
    Wrong("11.first_two_positive", "cumsum rank compared from 0", lambda: r16_ftp_rank_from_zero),
    Wrong("11.first_two_positive", "returned the indices", lambda: r16_ftp_indices),
    Wrong(
        "11.first_two_positive",
        "jnp.where(cond, size=2): pad 0 passes x[0] > 0",
        lambda: r16_ftp_where_nonzero_size,
    ),
]

RIGHT_16 = [
    Right("11.fori_predict", "B", lambda: "B"),
    Right("11.fails_under_jit", "C", lambda: "C"),
    Right("11.scan_ema", "tuple carry (m, t)", lambda: r16_ema_right_tuple_carry),
    Right("11.scan_ema", "scans (x, t) pairs with t from 1", lambda: r16_ema_right_scan_over_t),
    Right("11.scan_ema", "closed form with a weight matrix, no scan", lambda: r16_ema_right_matrix),
    Right("11.scan_ema", "float counter, jnp.power", lambda: r16_ema_right_float_t),
    Right(
        "11.while_grad", "fori_loop with jnp.where on x < cap", lambda: r16_grow_right_fori_where
    ),
    Right("11.while_grad", "scan with length and lax.cond", lambda: r16_grow_right_scan_cond),
    Right(
        "11.while_grad", "multiplies the step by (x < cap)", lambda: r16_grow_right_mask_multiply
    ),
    Right("11.while_grad", "carries a done flag", lambda: r16_grow_right_done_flag),
    Right("11.first_two_positive", "nonzero fill -1, then where", lambda: r16_ftp_right_mask_index),
    Right("11.first_two_positive", "cumsum rank, two sums", lambda: r16_ftp_right_rank),
    Right("11.first_two_positive", "padded stable argsort", lambda: r16_ftp_right_padded_argsort),
    Right(
        "11.first_two_positive",
        "out-of-range fill index, .at[].get(mode='fill')",
        lambda: r16_ftp_right_get_fill,
    ),
]
